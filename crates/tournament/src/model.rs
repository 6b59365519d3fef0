//! The vocabulary: players, colours, results, games, rounds, settings.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Points;

/// A player's identity, opaque to this crate: whatever the caller keys
/// users by (a platform id, a store key).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

impl From<&str> for PlayerId {
    fn from(id: &str) -> PlayerId {
        PlayerId(id.to_owned())
    }
}

impl From<String> for PlayerId {
    fn from(id: String) -> PlayerId {
        PlayerId(id)
    }
}

impl From<u64> for PlayerId {
    fn from(id: u64) -> PlayerId {
        PlayerId(id.to_string())
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A participant: id, display name and rating (if any) for the seeding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub rating: Option<i32>,
    /// The round in which the player withdrew (they are paired in no later
    /// round), if they did.
    #[serde(default)]
    pub withdrawn_in: Option<u32>,
}

impl Player {
    pub fn new(id: impl Into<PlayerId>, name: impl Into<String>, rating: Option<i32>) -> Player {
        Player {
            id: id.into(),
            name: name.into(),
            rating,
            withdrawn_in: None,
        }
    }

    pub fn is_withdrawn(&self) -> bool {
        self.withdrawn_in.is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a game ended, as the tournament scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Black did not play (did not move in time, withdrew): White scores.
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
    /// Neither played: both score nothing.
    DoubleForfeit,
}

impl GameResult {
    /// The points of the player with `colour`.
    pub fn points(self, colour: Colour) -> Points {
        use GameResult::*;
        match (self, colour) {
            (Draw, _) => Points::HALF,
            (WhiteWins | WhiteWinsByForfeit, Colour::White) => Points::ONE,
            (BlackWins | BlackWinsByForfeit, Colour::Black) => Points::ONE,
            _ => Points::ZERO,
        }
    }

    /// Whether the game was played over the board (not a forfeit).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
        )
    }

    /// The forfeit win of the side that is not `absent`.
    pub fn forfeit_against(absent: Colour) -> GameResult {
        match absent {
            Colour::White => GameResult::BlackWinsByForfeit,
            Colour::Black => GameResult::WhiteWinsByForfeit,
        }
    }
}

/// One game of a round. `board` numbers the games of a round from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub board: u32,
    pub white: PlayerId,
    pub black: PlayerId,
    /// `None` while the game is to be played. A round-robin game against a
    /// player who had withdrawn is created already decided (a forfeit): no
    /// game need be started for it.
    pub result: Option<GameResult>,
}

impl Game {
    /// The colour of `player` in this game, if they are in it.
    pub fn colour_of(&self, player: &PlayerId) -> Option<Colour> {
        if &self.white == player {
            Some(Colour::White)
        } else if &self.black == player {
            Some(Colour::Black)
        } else {
            None
        }
    }

    pub fn player(&self, colour: Colour) -> &PlayerId {
        match colour {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }
}

/// A round without a game for one player: the Swiss pairing-allocated bye
/// (scored [`Settings::bye_points`]) or the round-robin rest against the
/// Berger table's dummy (scored nothing: everyone rests once a cycle).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub player: PlayerId,
    pub points: Points,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// From 1.
    pub number: u32,
    pub games: Vec<Game>,
    pub bye: Option<Bye>,
}

impl Round {
    /// Whether every game of the round has its result.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }

    /// The game of `player` in this round.
    pub fn game_of(&self, player: &PlayerId) -> Option<&Game> {
        self.games.iter().find(|g| g.colour_of(player).is_some())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Everyone plays everyone by the FIDE Berger tables, once or twice
    /// (`double`: the second cycle with colours reversed; the first cycle
    /// plays the table's last two rounds in reverse order, as FIDE
    /// recommends, so that nobody has three games of one colour in a row).
    RoundRobin { double: bool },
    /// A fixed number of rounds paired by score (see the crate docs).
    Swiss { rounds: u32 },
}

/// How players get their pairing numbers at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seeding {
    /// By rating, highest first (players without one last), then by name
    /// (alphabetical with case aside, then exactly), then by id.
    #[default]
    Rating,
    /// In the order they joined: a caller that wants a drawing of lots
    /// shuffles before joining them.
    JoinOrder,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub format: Format,
    /// What a Swiss pairing-allocated bye scores (FIDE: 1 by default; ½ or
    /// 0 if the organiser says so).
    pub bye_points: Points,
    pub seeding: Seeding,
    /// At most this many players may join (never more than
    /// [`MAX_PLAYERS`]).
    pub max_players: usize,
}

/// The most players a tournament takes: the pairing's packed weights are
/// sized for it.
pub const MAX_PLAYERS: usize = 1000;
/// The most Swiss rounds.
pub const MAX_ROUNDS: u32 = 100;

impl Settings {
    pub fn new(format: Format) -> Settings {
        Settings {
            format,
            bye_points: Points::ONE,
            seeding: Seeding::Rating,
            max_players: MAX_PLAYERS,
        }
    }
}
