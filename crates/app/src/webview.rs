//! What the web front-end's pages show, as the app's own plain view types
//! (filled by `watch.rs`'s queries): display names and texts in both
//! languages, never a platform id.

use tablero_rules::{GameId, Lang};

use crate::changes::WatchChannel;

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Both {
    pub en: String,
    pub es: String,
}

impl Both {
    pub(crate) fn of(f: impl Fn(Lang) -> String) -> Both {
        Both {
            en: f(Lang::En),
            es: f(Lang::Es),
        }
    }

    /// The text in `l`.
    #[must_use]
    pub fn get(&self, l: Lang) -> &str {
        match l {
            Lang::En => &self.en,
            Lang::Es => &self.es,
        }
    }
}

/// A player as a page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub name: String,
    /// `White`, `Negras`…
    pub side: Both,
    /// While the game is played, the rating in this game as shown now
    /// (`1500?` while provisional), for a player with rated games of it;
    /// once a rated game is over, what it did (`1500? → 1662? (+162)`).
    pub rating: Option<String>,
    /// `level 3` for Tablero.
    pub level: Option<Both>,
    /// The player's page token; `None` for Tablero.
    pub page: Option<String>,
}

/// One position of a game: the start (ply 0) or the position after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyView {
    pub ply: usize,
    /// `1.` or `1…` before the move; empty for the start.
    pub number: String,
    /// The move that led here, in each language's letters; empty for the
    /// start.
    pub text: Both,
    /// The side that moved here.
    pub side: Option<usize>,
    /// The board's alt text.
    pub alt: Both,
    /// Names this position's picture: it changes whenever the picture
    /// would (a takeback and another move, the result drawn on it), so a
    /// picture's address can be cached for ever.
    pub key: String,
}

/// Everything a game's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePage {
    pub token: String,
    pub channel: WatchChannel,
    /// The game's number in its chat.
    pub number: u64,
    pub game: GameId,
    /// `Chess #3`.
    pub title: Both,
    pub players: [PlayerView; 2],
    /// The start and every position after it.
    pub plies: Vec<PlyView>,
    /// The side to move, while the game is on.
    pub to_move: Option<usize>,
    /// When the player to move runs out of time (ms since the epoch).
    pub deadline_ms: Option<i64>,
    pub now_ms: i64,
    /// Whose turn and time left, or the result.
    pub status: Both,
    pub finished: bool,
    /// Whether the game has a PGN record (the chess family).
    pub pgn: bool,
    /// When the last move was played (or the game began).
    pub last_ms: i64,
    /// The channel's version the page was read at.
    pub version: u64,
}

/// A game being played in a listed channel, for the lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGame {
    pub token: String,
    pub game: GameId,
    pub title: Both,
    pub players: [String; 2],
    pub plies: usize,
    /// Who is to move.
    pub to_move: Option<String>,
    pub last_ms: i64,
    /// The chat's name, as the platform shows it (or what kind of chat
    /// it is, when the platform never said its name).
    pub chat: Both,
}

/// A game on a player's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerGame {
    pub token: String,
    pub title: Both,
    pub opponent: String,
    pub plies: usize,
    /// The result, or "being played".
    pub result: Option<Both>,
    pub last_ms: i64,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPage {
    pub token: String,
    pub name: String,
    /// Per game with rated play: the rating as shown now and the number of
    /// rated games.
    pub ratings: Vec<(GameId, String, u32)>,
    /// Their games in listed channels, newest first.
    pub games: Vec<PlayerGame>,
}

/// A leaderboard row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingView {
    pub rank: usize,
    pub name: String,
    pub rating: String,
    pub games: u32,
    pub page: String,
}

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourStanding {
    pub rank: usize,
    pub name: String,
    /// `2½`.
    pub points: String,
    pub games: u32,
    /// Wins, draws and losses: `2 1 0`.
    pub record: String,
    /// The tie-breaks' values, in the order of [`TournamentPage::tiebreaks`].
    pub tiebreaks: Vec<String>,
    pub withdrawn: bool,
}

/// One pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourPairing {
    pub board: u32,
    pub white: String,
    pub black: String,
    /// `1–0`, `½–½`, `0–1 F` (forfeit); `None` while it is played.
    pub result: Option<String>,
    /// The page token of its game in the chat (none for a pairing decided
    /// without a game, against a withdrawn player).
    pub game: Option<String>,
}

/// One round of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourRound {
    pub number: u32,
    pub pairings: Vec<TourPairing>,
    /// Who rests, with what it scores: `ed (1 point)`.
    pub bye: Option<Both>,
}

/// Everything a tournament's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPage {
    pub token: String,
    pub channel: WatchChannel,
    /// `Tournament #4 · Breakthrough`.
    pub title: Both,
    /// `Swiss, 3 rounds · 1d per move · rated`.
    pub about: Both,
    /// `Round 2 of 3`, `Joining: 3 players`, `Over: ana wins`, …
    pub status: Both,
    /// Who joined, while it has not begun (or when it was cancelled).
    pub players: Vec<String>,
    /// The heads of the tie-break columns (`BH-1`, `SB`, …).
    pub tiebreaks: Vec<Both>,
    pub standings: Vec<TourStanding>,
    /// Newest first.
    pub rounds: Vec<TourRound>,
    /// The chat's name (or what kind of chat it is).
    pub chat: Both,
    /// The channel's version the page was read at.
    pub version: u64,
}

/// A tournament of a listed channel, for the lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveTournament {
    pub token: String,
    pub title: Both,
    pub status: Both,
    pub chat: Both,
}
