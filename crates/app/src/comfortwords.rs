//! The words of a player's correspondence settings: `vacation 5d`,
//! `vacation 5d 2026-02-01`, `vacation off`, `vacation end #3` (this game
//! only), `timezone Europe/Madrid`, `quiet 23-08`, `quiet off`; and what
//! they answer ([`ComfortEvent`]) or refuse ([`ComfortError`]).

use tablero_store::RemindersDoc;

use crate::clock::parse_duration;
use crate::schedule::{Daily, zone, zone_name};

/// A settings command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comfort {
    /// `vacation`: what is left and planned; or take or end one.
    Vacation(Option<VacationAsk>),
    /// `vacation end #3`: the vacation stops counting in this game.
    EndVacationHere(Option<u64>),
    /// `timezone`: shows it; `timezone Europe/Madrid`: an IANA name, as
    /// the time-zone database spells it.
    Zone(Option<String>),
    /// `quiet`: shows them; `quiet 23-08`; `quiet off` (`Some(None)`).
    Quiet(Option<Option<Daily>>),
    /// `digest`: shows it; `digest 09:00`: a daily list of the games
    /// where it is your move, in your private chat; `digest off`.
    Digest(Option<Option<u16>>),
    /// `reminders`: shows; `reminders on|off|digest`: what comes.
    Reminders(Option<RemindersDoc>),
    /// `pause 3d [#N]` offers to stop both clocks of a game for a while;
    /// `pause accept`, `pause decline` answer.
    Pause { ask: PauseAsk, game: Option<u64> },
}

/// What `pause WORDS` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseAsk {
    Offer(i64),
    Accept,
    Decline,
}

/// The shortest and longest pause one may offer.
pub const PAUSE_MS: std::ops::RangeInclusive<i64> = crate::clock::HOUR..=30 * crate::clock::DAY;

/// What `vacation WORDS` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VacationAsk {
    /// A vacation of `ms`, from now or from a date (as written, read in
    /// the player's zone: `2026-02-01` or `2026-02-01T09:00`).
    Take { ms: i64, from: Option<String> },
    /// Ends the vacation now (the unused part is given back).
    End,
}

fn is_off(w: &str) -> bool {
    matches!(
        w.to_lowercase().as_str(),
        "off" | "end" | "stop" | "no" | "fin" | "terminar" | "acabar" | "parar"
    )
}

fn game_number(w: &str) -> Option<u64> {
    w.strip_prefix('#').and_then(|n| n.parse::<u64>().ok())
}

/// Reads the words of settings command `name`; `Err` names the word not
/// understood.
pub(crate) fn read(name: &str, rest: &[&str]) -> Result<Comfort, String> {
    match name {
        "digest" => digest(rest),
        "reminders" => reminders(rest),
        "vacation" => vacation(rest),
        "pause" => pause(rest),
        "timezone" => timezone(rest),
        _ => quiet(rest),
    }
}

/// Reads `vacation`'s words; `Err` names the word not understood.
pub(crate) fn vacation(rest: &[&str]) -> Result<Comfort, String> {
    Ok(match rest {
        [] => Comfort::Vacation(None),
        [w] if is_off(w) => Comfort::Vacation(Some(VacationAsk::End)),
        [w, n] if is_off(w) => {
            Comfort::EndVacationHere(Some(game_number(n).ok_or_else(|| n.to_string())?))
        }
        [d, more @ ..] => {
            let ms = parse_duration(d)
                .filter(|ms| *ms > 0)
                .ok_or_else(|| d.to_string())?;
            let from = match more {
                [] => None,
                [f, date] if matches!(f.to_lowercase().as_str(), "from" | "desde") => {
                    Some(date.to_string())
                }
                [date] => Some(date.to_string()),
                [w, ..] => return Err(w.to_string()),
            };
            Comfort::Vacation(Some(VacationAsk::Take { ms, from }))
        }
    })
}

/// Reads `pause`'s words: a duration, `accept` or `decline`, and a game
/// number in any order.
pub(crate) fn pause(rest: &[&str]) -> Result<Comfort, String> {
    let mut ask = None;
    let mut game = None;
    for w in rest {
        let low = w.to_lowercase();
        if let Some(n) = game_number(w) {
            game = Some(n);
        } else if matches!(
            low.as_str(),
            "accept" | "yes" | "aceptar" | "acepto" | "si" | "sí"
        ) {
            ask = Some(PauseAsk::Accept);
        } else if matches!(low.as_str(), "decline" | "no" | "rechazar" | "rechazo") {
            ask = Some(PauseAsk::Decline);
        } else {
            let ms = parse_duration(w)
                .filter(|ms| PAUSE_MS.contains(ms))
                .ok_or_else(|| w.to_string())?;
            ask = Some(PauseAsk::Offer(ms));
        }
    }
    // `pause` alone accepts an offer waiting for the caller.
    Ok(Comfort::Pause {
        ask: ask.unwrap_or(PauseAsk::Accept),
        game,
    })
}

/// Reads `digest`'s words.
pub(crate) fn digest(rest: &[&str]) -> Result<Comfort, String> {
    match rest {
        [] => Ok(Comfort::Digest(None)),
        [w] if is_off(w) => Ok(Comfort::Digest(Some(None))),
        [w] => crate::schedule::time_of_day(w)
            .map(|m| Comfort::Digest(Some(Some(m))))
            .ok_or_else(|| w.to_string()),
        [_, w, ..] => Err(w.to_string()),
    }
}

/// Reads `reminders`' words.
pub(crate) fn reminders(rest: &[&str]) -> Result<Comfort, String> {
    match rest {
        [] => Ok(Comfort::Reminders(None)),
        [w] => Ok(Comfort::Reminders(Some(match w.to_lowercase().as_str() {
            "on" | "si" | "sí" | "yes" | "all" | "todos" => RemindersDoc::On,
            "off" | "no" | "none" | "ninguno" | "nada" => RemindersDoc::Off,
            "digest" | "resumen" | "daily" | "diario" => RemindersDoc::Digest,
            _ => return Err(w.to_string()),
        }))),
        [_, w, ..] => Err(w.to_string()),
    }
}

/// Reads `timezone`'s words.
pub(crate) fn timezone(rest: &[&str]) -> Result<Comfort, String> {
    match rest {
        [] => Ok(Comfort::Zone(None)),
        [w] => zone(w)
            .map(|z| Comfort::Zone(Some(zone_name(&z))))
            .ok_or_else(|| w.to_string()),
        [_, w, ..] => Err(w.to_string()),
    }
}

/// Reads `quiet`'s words.
pub(crate) fn quiet(rest: &[&str]) -> Result<Comfort, String> {
    match rest {
        [] => Ok(Comfort::Quiet(None)),
        [w] if is_off(w) => Ok(Comfort::Quiet(Some(None))),
        [w] => Daily::parse(w)
            .map(|d| Comfort::Quiet(Some(Some(d))))
            .ok_or_else(|| w.to_string()),
        [_, w, ..] => Err(w.to_string()),
    }
}

/// A player's vacation and allowance, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationView {
    /// The vacation taken or planned, `[from, until)`, if any.
    pub span: Option<(i64, i64)>,
    /// What is left to take now.
    pub left_ms: i64,
    /// The allowance: days a year, and the most that can be saved up.
    pub per_year_days: u32,
    pub max_days: u32,
    /// The player's zone, for writing moments.
    pub zone: String,
}

/// What a settings command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComfortEvent {
    /// The vacation as it stands (`changed`: taken or ended now), and the
    /// ongoing games whose clocks it changed.
    Vacation {
        view: VacationView,
        changed: bool,
        games: usize,
    },
    /// The vacation no longer counts in game `game`.
    VacationEndedHere {
        game: u64,
    },
    /// The player's zone (`changed`: set now; `games` told).
    Zone {
        zone: String,
        changed: bool,
        games: usize,
    },
    /// A pause of `ms` offered in game `game`, until `expires` (UTC).
    PauseOffered {
        by: tablero_ids::UserRef,
        game: u64,
        ms: i64,
        expires: i64,
    },
    /// Both clocks of `game` stop until `until` (UTC).
    PauseAgreed {
        game: u64,
        until: i64,
    },
    PauseDeclined {
        by: tablero_ids::UserRef,
        game: u64,
    },
    /// The player's digest: its time, when the next comes (both in their
    /// zone), and whether they have a private chat it can come to.
    Digest {
        at: Option<u16>,
        next: Option<i64>,
        zone: String,
        private: bool,
        changed: bool,
    },
    /// What reminders the player gets.
    Reminders {
        mode: RemindersDoc,
        changed: bool,
    },
    /// The player's quiet hours in their zone.
    Quiet {
        quiet: Option<Daily>,
        zone: String,
        changed: bool,
    },
}

/// Why a settings command did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComfortError {
    /// More vacation asked than is left.
    NotEnoughVacation { asked_ms: i64, left_ms: i64 },
    /// A vacation is taken or planned already: end it first.
    AlreadyAway { from: i64, until: i64, zone: String },
    /// No vacation to end.
    NotAway,
    /// A start that is no date, is past, or is more than a year away.
    BadStart(String),
    /// `vacation end #N` in a game where no vacation counts.
    NotAwayHere(u64),
    /// No pause offer from the opponent waits in the game (or it lapsed).
    NoPauseOffer(u64),
    /// A pause offered by the caller waits for the opponent.
    PauseOfferPending(u64),
    /// A pause runs already.
    PausedAlready { game: u64, until: i64 },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Command, find};
    use crate::grammar::{Written, parse};

    /// Each settings command's name is in the table and parses, alone,
    /// to a command of that name; bad words are named back.
    #[test]
    fn settings_commands_are_named_and_read() {
        for name in [
            "vacation",
            "timezone",
            "quiet",
            "digest",
            "reminders",
            "pause",
        ] {
            assert!(find(name).is_some(), "{name}");
            let Ok(Written::Ready(cmd)) = parse(name) else {
                panic!("{name}");
            };
            assert_eq!(cmd.name(), name);
            assert!(matches!(cmd, Command::Comfort(_)));
        }
        assert_eq!(
            read("vacation", &["5d", "desde", "2026-08-01"]),
            Ok(Comfort::Vacation(Some(VacationAsk::Take {
                ms: 5 * crate::clock::DAY,
                from: Some("2026-08-01".into())
            })))
        );
        assert_eq!(
            read("vacation", &["off", "#3"]),
            Ok(Comfort::EndVacationHere(Some(3)))
        );
        assert_eq!(read("vacation", &["0d"]), Err("0d".into()));
        assert_eq!(
            read("pause", &["#2", "2d"]),
            Ok(Comfort::Pause {
                ask: PauseAsk::Offer(2 * crate::clock::DAY),
                game: Some(2)
            })
        );
        assert_eq!(read("pause", &["31d"]), Err("31d".into()));
        assert_eq!(
            read("digest", &["9:30"]),
            Ok(Comfort::Digest(Some(Some(570))))
        );
        assert_eq!(read("reminders", &["maybe"]), Err("maybe".into()));
        assert_eq!(
            read("timezone", &["america/new_york"]),
            Ok(Comfort::Zone(Some("America/New_York".into())))
        );
    }
}
