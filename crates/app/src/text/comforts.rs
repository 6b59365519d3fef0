//! The words of correspondence clocks: Fischer terms, weekends off,
//! vacations, pauses, time zones, quiet hours and the daily digest.

use tablero_rules::{Lang, Side};

use super::{both, c, m, pick, t, tr};
use crate::clock::{format_duration, format_utc};
use crate::comfortwords::{ComfortError, ComfortEvent, VacationView};
use crate::event::GameView;
use crate::reply::{Bi, Text};
use crate::view::ClockView;
use tablero_store::RemindersDoc;

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

/// `at` written in the zone named `zone`.
fn when(at: i64, zone: &str) -> Text {
    t(crate::schedule::format_in(
        at,
        &crate::schedule::zone_or_utc(Some(zone)),
    ))
}

/// Vacation time: `4d 12h` (the same in both languages).
fn days(ms: i64) -> String {
    format_duration(ms)
}

/// `n games`.
fn games_text(n: usize, l: Lang) -> String {
    match (l, n) {
        (Lang::En, 1) => "1 game".into(),
        (Lang::En, n) => format!("{n} games"),
        (Lang::Es, 1) => "1 partida".into(),
        (Lang::Es, n) => format!("{n} partidas"),
    }
}

/// What a settings command did.
pub(crate) fn event(e: &ComfortEvent) -> Bi {
    match e {
        ComfortEvent::Vacation {
            view,
            changed,
            games,
        } => both(|l| vacation_text(view, *changed, *games, l)),
        ComfortEvent::VacationEndedHere { game } => tr(
            "Your vacation no longer counts in game #{}: its clock runs when it is your move. It still counts in your other games.",
            "Tus vacaciones ya no cuentan en la partida #{}: su reloj corre cuando te toca. Siguen contando en tus otras partidas.",
            &[t(game.to_string())],
        ),
        ComfortEvent::Zone {
            zone,
            changed,
            games,
        } => both(|l| {
            if *changed {
                Text::fill(
                    pick(
                        l,
                        "Your time zone is now {}: times are shown in it, and weekends off and quiet hours follow it ({} changed).",
                        "Tu zona horaria es ahora {}: las horas se muestran en ella, y los fines de semana libres y las horas de silencio la siguen ({} cambiadas).",
                    ),
                    [t(zone.clone()), t(games_text(*games, l))],
                )
            } else {
                Text::fill(
                    pick(
                        l,
                        "Your time zone is {}. Set it with {}.",
                        "Tu zona horaria es {}. Cámbiala con {}.",
                    ),
                    [
                        t(zone.clone()),
                        c(pick(l, "timezone Europe/Madrid", "zona Europe/Madrid")),
                    ],
                )
            }
        }),
        ComfortEvent::PauseOffered {
            by,
            game,
            ms,
            expires,
        } => tr(
            "{} offers a pause of {} in game #{}: both clocks would stop until it ends or either player moves. The opponent: `pause accept` or `pause decline` (the offer lapses at {}).",
            "{} propone una pausa de {} en la partida #{}: los dos relojes se detendrían hasta que termine o alguien juegue. El rival: `pausa aceptar` o `pausa rechazar` (la oferta caduca el {}).",
            &[
                m(by),
                t(format_duration(*ms)),
                t(game.to_string()),
                t(format_utc(*expires)),
            ],
        ),
        ComfortEvent::PauseAgreed { game, until } => tr(
            "Pause agreed: both clocks of game #{} stop until {}, or until either player moves.",
            "Pausa acordada: los dos relojes de la partida #{} se detienen hasta el {}, o hasta que alguien juegue.",
            &[t(game.to_string()), t(format_utc(*until))],
        ),
        ComfortEvent::PauseDeclined { by, game } => tr(
            "{} declines the pause in game #{}: the clocks run on.",
            "{} rechaza la pausa en la partida #{}: los relojes siguen corriendo.",
            &[m(by), t(game.to_string())],
        ),
        ComfortEvent::Digest {
            at,
            next,
            zone,
            private,
            changed,
        } => both(|l| {
            let mut s = match (at, next) {
                (Some(at), Some(next)) => Text::fill(
                    pick(
                        l,
                        "Your daily digest comes at {} ({}), in your private chat with the bot: every game where it is your move, soonest deadline first. The next: {}.",
                        "Tu resumen diario llega a las {} ({}), en tu chat privado con el bot: todas las partidas en las que te toca, primero las que vencen antes. El próximo: {}.",
                    ),
                    [
                        t(crate::schedule::hhmm(*at)),
                        t(zone.clone()),
                        when(*next, zone),
                    ],
                ),
                _ if *changed => t(pick(
                    l,
                    "No more daily digest.",
                    "Ya no hay resumen diario.",
                )),
                _ => Text::fill(
                    pick(
                        l,
                        "You have no daily digest. {} sends you one every morning at 9 (in your zone).",
                        "No tienes resumen diario. {} te envía uno cada mañana a las 9 (en tu zona).",
                    ),
                    [c(pick(l, "digest 09:00", "resumen 09:00"))],
                ),
            };
            if at.is_some() && !private {
                s.append(t(pick(
                    l,
                    " Write to the bot in a private chat once, so that it can reach you there.",
                    " Escribe una vez al bot en un chat privado, para que pueda llegarte allí.",
                )));
            }
            s
        }),
        ComfortEvent::Reminders { mode, changed } => both(|l| {
            let what = match mode {
                RemindersDoc::On => pick(
                    l,
                    "a reminder in each game's chat",
                    "un recordatorio en el chat de cada partida",
                ),
                RemindersDoc::Off => pick(l, "no reminders", "ningún recordatorio"),
                RemindersDoc::Digest => pick(
                    l,
                    "only your daily digest (each game's chat reminds you while the digest cannot reach you)",
                    "solo tu resumen diario (el chat de cada partida te lo recuerda mientras el resumen no pueda llegarte)",
                ),
            };
            Text::fill(
                pick(
                    l,
                    if *changed {
                        "From now on you get {}."
                    } else {
                        "You get {}. Change it with `reminders on|off|digest`."
                    },
                    if *changed {
                        "A partir de ahora recibes {}."
                    } else {
                        "Recibes {}. Cámbialo con `recordatorios on|off|resumen`."
                    },
                ),
                [t(what)],
            )
        }),
        ComfortEvent::Quiet {
            quiet,
            zone,
            changed,
        } => both(|l| match (quiet, changed) {
            (Some(q), _) => Text::fill(
                pick(
                    l,
                    "Your quiet hours are {} ({}): no reminder comes then, and your clock never runs out inside them. {} turns them off.",
                    "Tus horas de silencio son {} ({}): no llega ningún recordatorio en ellas, y tu reloj nunca se agota dentro de ellas. {} las quita.",
                ),
                [
                    t(q.text()),
                    t(zone.clone()),
                    c(pick(l, "quiet off", "silencio off")),
                ],
            ),
            (None, true) => t(pick(
                l,
                "You have no quiet hours now.",
                "Ya no tienes horas de silencio.",
            )),
            (None, false) => Text::fill(
                pick(
                    l,
                    "You have no quiet hours. Set them with {} (in your zone, {}).",
                    "No tienes horas de silencio. Ponlas con {} (en tu zona, {}).",
                ),
                [c(pick(l, "quiet 23-08", "silencio 23-08")), t(zone.clone())],
            ),
        }),
    }
}

fn vacation_text(v: &VacationView, changed: bool, games: usize, l: Lang) -> Text {
    let left = t(days(v.left_ms));
    let allowance = Text::fill(
        pick(
            l,
            " You have {} of vacation left ({} days a year, at most {} saved).",
            " Te quedan {} de vacaciones ({} días al año, como mucho {} acumulados).",
        ),
        [
            left,
            t(v.per_year_days.to_string()),
            t(v.max_days.to_string()),
        ],
    );
    let mut s = match (v.span, changed) {
        (Some((from, until)), true) => Text::fill(
            pick(
                l,
                "Vacation from {} until {}: the clocks of your games stop while it lasts ({} now).",
                "Vacaciones desde {} hasta {}: los relojes de tus partidas se detienen mientras duran ({} ahora).",
            ),
            [
                when(from, &v.zone),
                when(until, &v.zone),
                t(games_text(games, l)),
            ],
        ),
        (Some((from, until)), false) => Text::fill(
            pick(
                l,
                "You are on vacation from {} until {}. {} ends it now.",
                "Estás de vacaciones desde {} hasta {}. {} las termina ahora.",
            ),
            [
                when(from, &v.zone),
                when(until, &v.zone),
                c(pick(l, "vacation off", "vacaciones off")),
            ],
        ),
        (None, true) => Text::fill(
            pick(
                l,
                "Your vacation is over: your clocks run again ({}), and the days you did not use are given back.",
                "Tus vacaciones han terminado: tus relojes vuelven a correr ({}), y se devuelven los días que no usaste.",
            ),
            [t(games_text(games, l))],
        ),
        (None, false) => Text::fill(
            pick(
                l,
                "You are not on vacation. {} stops your clocks for 5 days from now; {} from a date.",
                "No estás de vacaciones. {} detiene tus relojes 5 días desde ahora; {} desde una fecha.",
            ),
            [
                c(pick(l, "vacation 5d", "vacaciones 5d")),
                c(pick(
                    l,
                    "vacation 5d 2026-08-01",
                    "vacaciones 5d 2026-08-01",
                )),
            ],
        ),
    };
    s.append(allowance);
    s
}

/// Why a settings command did nothing.
pub(crate) fn error(e: &ComfortError) -> Bi {
    match e {
        ComfortError::NotEnoughVacation { asked_ms, left_ms } => tr(
            "You asked for {} of vacation and have {} left: ask for less, or wait for more to accrue.",
            "Pides {} de vacaciones y te quedan {}: pide menos, o espera a acumular más.",
            &[t(format_duration(*asked_ms)), t(format_duration(*left_ms))],
        ),
        ComfortError::AlreadyAway { from, until, zone } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "You already have a vacation from {} until {}. End it with {} first, and the unused days come back.",
                    "Ya tienes vacaciones desde {} hasta {}. Termínalas antes con {}, y vuelven los días sin usar.",
                ),
                [
                    when(*from, zone),
                    when(*until, zone),
                    c(pick(l, "vacation off", "vacaciones off")),
                ],
            )
        }),
        ComfortError::NotAway => tr(
            "You are not on vacation, so there is none to end.",
            "No estás de vacaciones, así que no hay nada que terminar.",
            &[],
        ),
        ComfortError::BadStart(w) => tr(
            "{} is not a start for a vacation: write a date like 2026-08-01 (or 2026-08-01T09:00), in your time zone, from today to a year ahead.",
            "{} no sirve como comienzo de unas vacaciones: escribe una fecha como 2026-08-01 (o 2026-08-01T09:00), en tu zona horaria, de hoy a un año vista.",
            &[c(crate::event::brief(w))],
        ),
        ComfortError::NoPauseOffer(id) => tr(
            "No pause offered by your opponent waits in game #{} (an offer lapses after a day). `pause 3d` offers one.",
            "No hay ninguna pausa de tu rival esperando en la partida #{} (una oferta caduca en un día). `pausa 3d` propone una.",
            &[t(id.to_string())],
        ),
        ComfortError::PauseOfferPending(id) => tr(
            "Your pause offer in game #{} waits for your opponent's answer.",
            "Tu propuesta de pausa en la partida #{} espera la respuesta de tu rival.",
            &[t(id.to_string())],
        ),
        ComfortError::PausedAlready { game, until } => tr(
            "Game #{} is paused already, until {}.",
            "La partida #{} ya está en pausa, hasta el {}.",
            &[t(game.to_string()), t(format_utc(*until))],
        ),
        ComfortError::NotAwayHere(id) => tr(
            "No vacation of yours counts in game #{} now.",
            "Ahora no cuenta ninguna vacación tuya en la partida #{}.",
            &[t(id.to_string())],
        ),
    }
}

/// After `by` moved in `v` while on vacation: the question whether to
/// end it for this game (it goes on unless they say so).
pub(crate) fn moved_on_vacation(v: &GameView, by: &crate::reply::User, l: Lang) -> Text {
    let Some(side) = v.side_of(&by.id) else {
        return Text::plain("");
    };
    if v.clock.away_until[side.index()].is_none() {
        return Text::plain("");
    }
    Text::fill(
        pick(
            l,
            " {}, you are on vacation, so your clock in this game stays stopped until it ends. Playing on here? {} lets it run in this game only.",
            " {}, estás de vacaciones, así que tu reloj en esta partida sigue parado hasta que terminen. ¿Sigues jugando aquí? {} lo deja correr solo en esta partida.",
        ),
        [
            m(by),
            c(match l {
                Lang::En => format!("vacation end #{}", v.id()),
                Lang::Es => format!("vacaciones fin #{}", v.id()),
            }),
        ],
    )
}

/// A player's daily digest.
pub(crate) fn digest(me: &crate::reply::User, games: &[crate::event::Elsewhere], zone: &str) -> Bi {
    both(|l| {
        let mut s = Text::fill(
            pick(
                l,
                "{}, your daily digest: it is your move in {}, soonest deadline first.",
                "{}, tu resumen diario: te toca en {}, primero las que vencen antes.",
            ),
            [m(me), t(games_text(games.len(), l))],
        );
        for e in games {
            let g = &e.view;
            let my = g.side_of(&me.id).unwrap_or(Side::First);
            let opp = g.player(my.other());
            let chat = super::chat_name(e.title.as_deref(), l);
            s.append(Text::fill(
                pick(l, "\n#{} {} in {} against {}", "\n#{} {} en {} contra {}"),
                [
                    t(e.at.to_string()),
                    t(g.info().name(l)),
                    t(chat),
                    t(opp.name.clone()),
                ],
            ));
            if let Some(d) = g.deadline() {
                s.append(Text::fill(
                    pick(l, ": {} left, until {}", ": quedan {}, hasta el {}"),
                    [t(format_duration(d - g.now_ms)), when(d, zone)],
                ));
            }
            s.append(t("."));
        }
        s
    })
}

/// `, on vacation until …` after an opponent's name in `mygames`.
pub(crate) fn opponent_away(v: &GameView, side: Side, l: Lang) -> String {
    match v.clock.away_until[side.index()] {
        Some(until) => match l {
            Lang::En => format!(", on vacation until {}", format_utc(until)),
            Lang::Es => format!(", de vacaciones hasta el {}", format_utc(until)),
        },
        None => String::new(),
    }
}
