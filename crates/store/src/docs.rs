//! The documents the store keeps. Each is stored as JSON stamped with the
//! `version` it was written with (`batch::encode_doc`); the documents
//! themselves carry no version: the store owns it.

use serde::{Deserialize, Serialize};

use crate::{ChannelKey, EndReason, GameId, Lang, PlayerRating, Rating, Side, UserRef, keyed};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The rules ended it.
    Rules(#[serde(with = "keyed")] EndReason),
    /// The loser resigned.
    Resigned,
    /// The loser ran out of time.
    Time,
    /// Both players agreed to a draw.
    Agreed,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultDoc {
    /// The winner, `None` for a draw.
    #[serde(with = "keyed::opt")]
    pub winner: Option<Side>,
    pub termination: Termination,
}

/// The two things a player may ask of the other: they share one state
/// machine (offer, then accept or decline).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    Draw,
    Takeback,
}

/// A game in a channel: players, record and clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDoc {
    pub channel: ChannelKey,
    /// The short id, unique in the channel (shared with challenges).
    pub id: u64,
    /// The players by side index: `players[0]` moves first (use
    /// [`GameDoc::player`]).
    pub players: [UserRef; 2],
    /// The `GameRecord` text: `game [key=value …]: move move …`.
    pub record: String,
    pub created_ms: i64,
    /// When the player to move got the turn.
    pub turn_started_ms: i64,
    /// The per-move time limit, `None` for no limit.
    pub move_limit_secs: Option<u64>,
    /// Reminders already sent for the current turn (0, 1 or 2).
    pub reminders_sent: u8,
    /// A pending draw offer, by the side that made it.
    #[serde(with = "keyed::opt")]
    pub draw_offer: Option<Side>,
    /// A pending takeback request, by the side that made it.
    #[serde(with = "keyed::opt")]
    pub takeback: Option<Side>,
    /// When the next timer (reminder or deadline) falls due; indexed.
    pub next_event_ms: Option<i64>,
    pub result: Option<ResultDoc>,
    pub finished_ms: Option<i64>,
    /// Set when one player is Tablero itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotDoc>,
    /// Whether the result changes the players' ratings (games before
    /// ratings existed read as casual).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
    /// The chat or server whose leaderboard the game counts in (a Discord
    /// server); `None`: the channel itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// How the result moved the players' ratings, once a rated game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingChange>,
    /// A learning game against Tablero (`learn GAME`): its answers point
    /// out what is worth seeing, and its result is counted apart
    /// (`learning.rs`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub learning: bool,
    /// The tournament of the channel this game is a pairing of (games
    /// written before tournaments read as `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<crate::TournamentRef>,
    /// A clock beyond a time per move (Fischer, weekends off, pauses,
    /// players away); `None`: a plain time per move, as games before
    /// these were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::ClockDoc>,
}

/// What a rated game's result did to its players' ratings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rated result's place in the order all rated results of the
    /// store were applied (1, 2, …): replaying the results in this order
    /// gives every stored rating.
    pub seq: u64,
    /// The players' ratings (as shown, idle growth applied) before the
    /// game, and after it, by side index.
    pub before: [Rating; 2],
    pub after: [Rating; 2],
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Eq for RatingChange {}

/// Tablero's part in a game against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotDoc {
    /// The side Tablero plays.
    #[serde(with = "keyed")]
    pub side: Side,
    /// Its strength, 1 to 5.
    pub level: u8,
}

impl GameDoc {
    /// A new game of `channel` numbered `id`, begun at `now_ms` with no
    /// time limit: no offers, no result, no bot, casual. Set the rest with struct update syntax.
    #[must_use]
    pub fn new(
        channel: ChannelKey,
        id: u64,
        players: [UserRef; 2],
        record: String,
        now_ms: i64,
    ) -> GameDoc {
        GameDoc {
            channel,
            id,
            players,
            record,
            created_ms: now_ms,
            turn_started_ms: now_ms,
            move_limit_secs: None,
            reminders_sent: 0,
            draw_offer: None,
            takeback: None,
            next_event_ms: None,
            result: None,
            finished_ms: None,
            bot: None,
            rated: false,
            community: None,
            rating: None,
            learning: false,
            tournament: None,
            clock: None,
        }
    }

    /// The player of `side`.
    #[must_use]
    pub fn player(&self, side: Side) -> &UserRef {
        &self.players[side.index()]
    }

    /// The side `user` (an id) plays, if they play.
    #[must_use]
    pub fn side_of(&self, user: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.player(*s).id == user)
    }

    /// Who made the pending offer of `kind`, if any.
    #[must_use]
    pub fn offer(&self, kind: OfferKind) -> Option<Side> {
        match kind {
            OfferKind::Draw => self.draw_offer,
            OfferKind::Takeback => self.takeback,
        }
    }

    /// Sets or clears the pending offer of `kind`.
    pub fn set_offer(&mut self, kind: OfferKind, by: Option<Side>) {
        match kind {
            OfferKind::Draw => self.draw_offer = by,
            OfferKind::Takeback => self.takeback = by,
        }
    }
}

/// A challenge waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeDoc {
    pub channel: ChannelKey,
    pub id: u64,
    pub challenger: UserRef,
    /// `None` for an open challenge anyone in the channel may take (or,
    /// with `handle`, the one user who has that handle).
    pub challenged: Option<UserRef>,
    /// A platform handle (a Telegram username, without `@`) the challenge
    /// is for, when the platform could not say who has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    /// The game and its setup words (the head of a `GameRecord`).
    #[serde(with = "keyed")]
    pub game: GameId,
    pub setup: String,
    /// The side the challenger plays, `None` for random.
    #[serde(with = "keyed::opt")]
    pub challenger_side: Option<Side>,
    pub move_limit_secs: Option<u64>,
    pub created_ms: i64,
    pub expires_ms: i64,
    /// A casual challenge: the game will not be rated.
    #[serde(default, skip_serializing_if = "is_false")]
    pub casual: bool,
    /// See [`GameDoc::community`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// The finished game this challenge offers a rematch of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<u64>,
    /// The clock's terms beyond the time per move (increment, cap,
    /// weekends off); `None`: a plain time per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::ClockDoc>,
}

/// Results of one user in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsDoc {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The current streak: wins in a row (positive), losses in a row
    /// (negative), 0 after a draw.
    #[serde(default)]
    pub streak: i32,
    /// The most wins in a row.
    #[serde(default)]
    pub best_streak: u32,
}

/// A user's Glicko-2 rating in one game on one platform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingDoc {
    /// The player's name when they last played a rated game.
    #[serde(default)]
    pub name: String,
    pub rating: PlayerRating,
    /// The rating after each rated game, oldest first; the newest
    /// [`RATING_HISTORY`] are kept.
    pub history: Vec<RatingPointDoc>,
}

/// How many points of a rating's history are kept.
pub const RATING_HISTORY: usize = 500;

/// One point of a rating's history.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPointDoc {
    /// When the game ended (ms since the Unix epoch).
    pub ms: i64,
    pub rating: f64,
    pub deviation: f64,
}

impl RatingDoc {
    /// A player without rated games.
    #[must_use]
    pub fn new() -> RatingDoc {
        RatingDoc {
            name: String::new(),
            rating: PlayerRating::new(),
            history: Vec::new(),
        }
    }
}

impl Default for RatingDoc {
    fn default() -> RatingDoc {
        RatingDoc::new()
    }
}

/// What the bot remembers of a user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileDoc {
    pub name: String,
    /// The language the user chose, if they did.
    #[serde(with = "keyed::opt")]
    pub lang: Option<Lang>,
}

/// How a channel's boards are turned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// The first player (White) at the bottom, every board the same way.
    #[default]
    White,
    /// The player to move at the bottom.
    Turn,
}

/// A channel's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelDoc {
    /// How boards are turned in games between people.
    #[serde(default)]
    pub orientation: Orientation,
    /// The chat's name as the platform last showed it (a group's title),
    /// so a player's list of games elsewhere can name it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// The newest board message a front-end posted for a game, so that after
/// a restart its controls are still retired when the next board comes, and
/// a board the restart kept from being posted is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardDoc {
    /// The number of moves the board shows.
    pub ply: usize,
    /// The platform's id of the message.
    pub message: String,
}

/// What a timer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimerKind {
    /// A reminder or the deadline of an ongoing game.
    Game,
    /// The expiry of a challenge.
    Challenge,
    /// The join deadline of a tournament: it starts then (or is
    /// cancelled with too few players).
    Tournament,
    /// A player's daily digest: the timer's channel names the player
    /// (platform and user id), its id is 0 (`comforts.rs`).
    Digest,
}

/// A timer that has fallen due.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timer {
    pub due_ms: i64,
    pub kind: TimerKind,
    pub channel: ChannelKey,
    pub id: u64,
}

/// A value the store keeps as a versioned document (`batch::encode_doc`
/// stamps the version; `store::read_value` upgrades older ones).
pub trait Document: Serialize + serde::de::DeserializeOwned {}

impl Document for GameDoc {}
impl Document for ChallengeDoc {}
impl Document for StatsDoc {}
impl Document for RatingDoc {}
impl Document for ProfileDoc {}
impl Document for ChannelDoc {}
impl Document for BoardDoc {}
impl Document for crate::WebSecretDoc {}
impl Document for crate::WebLinkDoc {}
impl Document for crate::ListingDoc {}
