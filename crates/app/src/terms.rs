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
}

/// The lowest and highest levels Tablero plays at.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;
