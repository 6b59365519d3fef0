//! The words of correspondence clocks: Fischer terms, weekends off,
//! vacations, pauses, time zones, quiet hours and the daily digest.

use tablero_rules::{Lang, Side};

use super::{m, pick, t};
use crate::clock::{format_duration, format_utc};
use crate::event::GameView;
use crate::reply::Text;
use crate::view::ClockView;

/// The console's answer to `/clock` (`moved`: how far it was moved
/// forward; `None`: it cannot be, or nothing was asked).
pub(crate) fn console_clock(asked: Option<&str>, moved: Option<i64>, now: i64, l: Lang) -> String {
    let now = format_utc(now);
    match (asked, moved) {
        (None, _) => match l {
            Lang::En => {
                format!("The console's clock shows {now}. `/clock +2d` moves it forward two days.")
            }
            Lang::Es => {
                format!("El reloj de la consola marca {now}. `/clock +2d` lo adelanta dos días.")
            }
        },
        (Some(_), Some(ms)) => match l {
            Lang::En => format!(
                "The console's clock moved forward {}: it is now {now}.",
                format_duration(ms)
            ),
            Lang::Es => format!(
                "El reloj de la consola se adelantó {}: ahora son las {now}.",
                format_duration(ms)
            ),
        },
        (Some(w), None) => match l {
            Lang::En => format!(
                "`/clock {w}` cannot be done: write `/clock +2d` (forward, up to 365d; never back). It moves only the clock of a console running alone."
            ),
            Lang::Es => format!(
                "`/clock {w}` no se puede hacer: escribe `/clock +2d` (hacia delante, hasta 365d; nunca atrás). Solo se mueve el reloj de una consola que funciona sola."
            ),
        },
    }
}

/// A clock's terms beyond its time per move, or `None`:
/// `+1d a move, at most 3d; weekends off`.
pub(crate) fn terms_text(
    inc_ms: i64,
    cap_ms: Option<i64>,
    weekends: bool,
    l: Lang,
) -> Option<String> {
    let mut parts = Vec::new();
    if inc_ms > 0 {
        parts.push(match l {
            Lang::En => format!("+{} a move", format_duration(inc_ms)),
            Lang::Es => format!("+{} por jugada", format_duration(inc_ms)),
        });
        if let Some(cap) = cap_ms {
            parts.push(match l {
                Lang::En => format!("at most {}", format_duration(cap)),
                Lang::Es => format!("como mucho {}", format_duration(cap)),
            });
        }
    }
    let mut s = parts.join(", ");
    if weekends {
        if !s.is_empty() {
            s.push_str("; ");
        }
        s.push_str(pick(l, "weekends off", "sin fines de semana"));
    }
    (!s.is_empty()).then_some(s)
}

/// The terms of a game's clock, as above.
pub(crate) fn clock_terms(c: &ClockView, l: Lang) -> Option<String> {
    terms_text(c.increment_ms, c.cap_ms, c.weekends_off, l)
}

/// What stops a game's clocks now, for its status line: an agreed pause,
/// a player on vacation, a pause offered.
pub(crate) fn clock_notes(v: &GameView, l: Lang) -> Text {
    let c = &v.clock;
    let mut s = Text::plain("");
    if let Some(until) = c.paused_until {
        s.append(Text::fill(
            pick(
                l,
                " Paused by agreement until {}.",
                " En pausa de común acuerdo hasta {}.",
            ),
            [t(format_utc(until))],
        ));
    }
    for side in Side::ALL {
        if let Some(until) = c.away_until[side.index()] {
            s.append(Text::fill(
                pick(
                    l,
                    " {} is on vacation until {}.",
                    " {} está de vacaciones hasta {}.",
                ),
                [m(v.player(side)), t(format_utc(until))],
            ));
        }
    }
    if let Some((by, ms)) = c.pause_offer {
        s.append(Text::fill(
            pick(
                l,
                " {} offers a pause of {}.",
                " {} propone una pausa de {}.",
            ),
            [m(v.player(by)), t(format_duration(ms))],
        ));
    }
    s
}
