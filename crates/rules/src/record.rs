//! Game records: how a game is stored and shared. A record is the game id,
//! its setup and the moves in canonical text; replaying it rebuilds the game.

use std::fmt;
use std::str::FromStr;

use crate::{AnyGame, BoardView, GameId, MoveError, Setup, SetupError};

/// A whole game as text-friendly data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub game: GameId,
    pub setup: Setup,
    pub moves: Vec<String>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not a record.
    Syntax(String),
    UnknownGame(String),
    Setup(SetupError),
    /// Move number `index` (from 0) could not be played.
    Move {
        index: usize,
        error: MoveError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax(why) => write!(f, "not a game record: {why}"),
            RecordError::UnknownGame(g) => write!(f, "no game `{}`", crate::excerpt(g)),
            RecordError::Setup(e) => write!(f, "bad setup: {e}"),
            RecordError::Move { index, error } => {
                write!(f, "move {} cannot be played: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// A record of a game not yet started.
    #[must_use]
    pub fn new(game: GameId, setup: Setup) -> GameRecord {
        GameRecord {
            game,
            setup,
            moves: Vec::new(),
        }
    }

    /// Replays every move from the start position.
    pub fn replay(&self) -> Result<AnyGame, RecordError> {
        let mut g = AnyGame::new(self.game, &self.setup).map_err(RecordError::Setup)?;
        for (index, m) in self.moves.iter().enumerate() {
            g.play(m)
                .map_err(|error| RecordError::Move { index, error })?;
        }
        Ok(g)
    }

    /// What to draw at every position of the game: the start, then after
    /// each move (each view marks its last move) — the frames of a replay.
    ///
    /// ```
    /// use tablero_rules::{GameId, GameRecord, Setup};
    /// let mut rec = GameRecord::new(GameId::Chess, Setup::default());
    /// rec.moves = vec!["e4".into(), "e5".into()];
    /// let views = rec.views().unwrap();
    /// assert_eq!(views.len(), 3);
    /// assert!(views[0].highlights.is_empty() && !views[2].highlights.is_empty());
    /// ```
    pub fn views(&self) -> Result<Vec<BoardView>, RecordError> {
        let mut g = AnyGame::new(self.game, &self.setup).map_err(RecordError::Setup)?;
        let mut views = Vec::with_capacity(self.moves.len() + 1);
        views.push(g.view());
        for (index, m) in self.moves.iter().enumerate() {
            g.play(m)
                .map_err(|error| RecordError::Move { index, error })?;
            views.push(g.view());
        }
        Ok(views)
    }
}

impl fmt::Display for GameRecord {
    /// `GAME [key=value …]: move move …`, for example
    /// `bloc width=8: c3-c4*d4 d5-d4*e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.key())?;
        let setup = self.setup.to_string();
        if !setup.is_empty() {
            write!(f, " {setup}")?;
        }
        f.write_str(":")?;
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<GameRecord, RecordError> {
        let (head, moves) = s
            .split_once(':')
            .ok_or_else(|| RecordError::Syntax("missing `:` after the game".into()))?;
        let mut words = head.split_whitespace();
        let game = words
            .next()
            .ok_or_else(|| RecordError::Syntax("missing game".into()))?;
        let game: GameId = game
            .parse()
            .map_err(|_| RecordError::UnknownGame(game.to_string()))?;
        let mut setup = Setup::default();
        for w in words {
            setup.add_word(w).map_err(RecordError::Setup)?;
        }
        Ok(GameRecord {
            game,
            setup,
            moves: moves.split_whitespace().map(str::to_string).collect(),
        })
    }
}
