//! What a game asks for beyond which game it is: the challenger's side,
//! the time per move, the game's parameters, the bot's level, whether it
//! is rated. Typed: `resolve.rs` reads them from words (`white`,
//! `time=1d`, `size=7`, `level=3`, `casual`); a platform's typed options
//! (Discord's slash commands) set them directly.

use tablero_rules::{Setup, Side};

/// The terms of a challenge, a game against Tablero or a tournament's
/// games. A field left `None` takes the default when the game starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// The challenger's side: `Some(None)` is random; `None` not said
    /// (the first side).
    pub side: Option<Option<Side>>,
    /// The time per move in milliseconds: `Some(None)` is no limit;
    /// `None` not said (the configured default).
    pub limit: Option<Option<i64>>,
    /// The game's parameters (`size=7`), not yet checked as playable.
    pub setup: Setup,
    /// Tablero's level, 1 to 5, for a game against it.
    pub level: Option<u8>,
    /// A game that changes no rating.
    pub casual: bool,
    /// The clock beyond a time per move: a Fischer increment and cap,
    /// weekends off (`time=3d+1d/5d`, `weekends=off`).
    pub clock: ClockTerms,
}

/// A clock's terms beyond its time per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockTerms {
    /// Added to the mover's time after each move; 0: a time per move.
    pub increment_ms: i64,
    /// The most a player's time grows to (a Fischer clock's; its starting
    /// time when not said).
    pub cap_ms: Option<i64>,
    /// Clocks stop from Saturday to Monday in the mover's zone.
    pub weekends_off: bool,
}

impl ClockTerms {
    /// As stored in a challenge or a tournament; `None` when plain.
    pub(crate) fn doc(self) -> Option<tablero_store::ClockDoc> {
        let c = tablero_store::ClockDoc {
            increment_secs: (self.increment_ms / 1000) as u64,
            cap_secs: self.cap_ms.map(|ms| (ms / 1000) as u64),
            weekends_off: self.weekends_off,
            ..Default::default()
        };
        (c != tablero_store::ClockDoc::default()).then_some(c)
    }

    /// The terms of a stored clock (a rematch keeps them).
    pub(crate) fn of(c: Option<&tablero_store::ClockDoc>) -> ClockTerms {
        c.map(|c| ClockTerms {
            increment_ms: c.increment_secs as i64 * 1000,
            cap_ms: c.cap_secs.map(|s| s as i64 * 1000),
            weekends_off: c.weekends_off,
        })
        .unwrap_or_default()
    }
}

/// The lowest and highest levels Tablero plays at.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;
