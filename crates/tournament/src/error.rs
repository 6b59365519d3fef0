//! What a tournament refuses.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::PlayerId;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentError {
    /// Settings out of range: no Swiss rounds, too many rounds, a player
    /// limit of 0 or above [`crate::MAX_PLAYERS`], a bye worth more than a win.
    InvalidSettings(String),
    /// Joining or leaving after the start, or starting twice.
    AlreadyStarted,
    /// Results, withdrawals or pairings before the start.
    NotStarted,
    /// Anything but standings after the last round.
    Finished,
    /// Anything after it was called off ([`crate::Tournament::cancel`]).
    Cancelled,
    AlreadyJoined(PlayerId),
    /// The tournament has [`crate::Settings::max_players`] players already.
    Full {
        limit: usize,
    },
    UnknownPlayer(PlayerId),
    /// Starting with fewer than two players.
    TooFewPlayers {
        players: usize,
    },
    /// A Swiss of more rounds than players minus one (rematches would be
    /// certain).
    TooManyRounds {
        rounds: u32,
        players: usize,
    },
    /// A result for a game that is not in the current round.
    NoSuchGame {
        round: u32,
        board: u32,
    },
    ResultAlreadyRecorded {
        round: u32,
        board: u32,
    },
    /// Pairing the next round while games of this one have no result.
    RoundNotComplete {
        round: u32,
        missing: usize,
    },
    AlreadyWithdrawn(PlayerId),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TournamentError::*;
        match self {
            InvalidSettings(why) => write!(f, "invalid tournament settings: {why}"),
            AlreadyStarted => f.write_str("the tournament has already started"),
            NotStarted => f.write_str("the tournament has not started"),
            Finished => f.write_str("the tournament is over"),
            Cancelled => f.write_str("the tournament was cancelled"),
            AlreadyJoined(p) => write!(f, "player {p} has already joined"),
            Full { limit } => write!(f, "the tournament is full ({limit} players)"),
            UnknownPlayer(p) => write!(f, "player {p} is not in the tournament"),
            TooFewPlayers { players } => {
                write!(f, "a tournament needs two players, it has {players}")
            }
            TooManyRounds { rounds, players } => {
                write!(
                    f,
                    "{rounds} Swiss rounds are too many for {players} players"
                )
            }
            NoSuchGame { round, board } => write!(f, "round {round} has no game on board {board}"),
            ResultAlreadyRecorded { round, board } => {
                write!(
                    f,
                    "the game of round {round}, board {board} already has a result"
                )
            }
            RoundNotComplete { round, missing } => {
                write!(
                    f,
                    "round {round} still has {missing} games without a result"
                )
            }
            AlreadyWithdrawn(p) => write!(f, "player {p} has already withdrawn"),
        }
    }
}

impl std::error::Error for TournamentError {}
