//! Tablero's durable store: ongoing and finished games, challenges, timers,
//! user profiles and per-user stats, in one ordered key-value database: an
//! embedded sled 0.34 folder ([`Store::open`]) or a PostgreSQL database
//! shared by several bot processes ([`Store::open_url`]). The typed layer
//! below is the same for both; `kv.rs` is what it needs of a database.
//!
//! The store knows nothing of the rules: a game is kept as the text of the
//! rules core's `GameRecord` (game, setup, canonical moves) plus who plays
//! it and its clock, and the app rebuilds the position by replaying it.
//!
//! Every value is JSON with a `version` field. Every change goes through a
//! [`Batch`] that is applied atomically and flushed to disk before
//! [`Store::commit`] returns, so a caller acknowledges only durable changes.
//! A value that cannot be decoded is moved to the `quarantine` area (never
//! deleted) and reported as [`StoreError::Corrupt`].
//!
//! Several processes on one database coordinate through [`Store::lock_channel`],
//! [`Store::channel_version`] and [`Store::claim_due_timers`] (`shared.rs`).
//!
//! Key layout (fields separated by the byte `0x1f`, numbers zero-padded so
//! that byte order is numeric order), all in the main area (sled's default
//! tree, PostgreSQL's `tablero_kv` table):
//!
//! | prefix | key | value |
//! |---|---|---|
//! | `g` | platform, channel, game id | [`GameDoc`], ongoing |
//! | `f` | platform, channel, game id | [`GameDoc`], finished |
//! | `c` | platform, channel, challenge id | [`ChallengeDoc`] |
//! | `n` | platform, channel | the next id in the channel |
//! | `u` | platform, user, channel, game id | empty: the user's ongoing games |
//! | `t` | due time (ms), kind, platform, channel, id | empty: the timer index |
//! | `s` | platform, user, game key | [`StatsDoc`] against people |
//! | `a` | platform, user, game key | [`StatsDoc`] against Tablero |
//! | `p` | platform, user | [`ProfileDoc`] |
//! | `b` | platform, channel, game id | [`BoardDoc`]: the game's newest board message |
//! | `r` | platform, game key, user | [`RatingDoc`]: a Glicko-2 rating and its history |
//! | `l` | platform, community, game key, user | empty: who played rated games in a chat or server |
//! | `o` | platform, channel | [`ChannelDoc`]: the channel's settings |
//! | `m` | name | store metadata (`schema`) |
//!
//! [`Store::move_channel`] moves a channel's games, challenges, indexes and
//! next id to another channel id in one change (a Telegram group that
//! became a supergroup).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
pub use tablero_rating::{PlayerRating, Rating};
pub use tablero_rules::{EndReason, GameId, Lang, Side};

mod backup;
mod check;
mod copy;
pub mod keyed;
pub mod kv;
mod migrate;
pub mod pg_backend;
mod shared;
pub mod sled_backend;

pub use backup::BackupReport;
pub use check::{CheckReport, Damage, SalvageReport};
pub use copy::CopyReport;
use kv::{Area, Backend, Db, DbError};
use pg_backend::PgBackend;
pub use shared::StoreLock;
use sled_backend::SledBackend;

/// The version written in every value by this build. Older values are
/// upgraded when read (see `migrate.rs`).
pub const VERSION: u32 = 2;

/// What joins the fields of a key (the one the backends filter on).
const SEP: char = kv::FieldIn::SEP as char;

/// Why the store failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database itself failed (disk, lock held by another process,
    /// lost connection, …).
    Db(DbError),
    /// A value could not be read. It has been moved to the quarantine area
    /// under the same key, and nothing else was changed.
    Corrupt { key: String, why: String },
    /// The store's files are damaged or incomplete (a missing or garbled
    /// snapshot, a record that fails its checksum, a store that held data
    /// opening empty): it was not opened, and nothing was written to it.
    Damaged { store: String, why: String },
    /// Another process has the store open (sled allows one).
    InUse { store: String },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Db(e) => write!(f, "store: {e}"),
            StoreError::Corrupt { key, why } => {
                write!(
                    f,
                    "store: record `{key}` is unreadable ({why}); kept in quarantine"
                )
            }
            StoreError::Damaged { store, why } => {
                write!(f, "store {store} is damaged: {why}")
            }
            StoreError::InUse { store } => {
                write!(f, "store {store} is open in another process")
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<DbError> for StoreError {
    fn from(e: DbError) -> StoreError {
        StoreError::Db(e)
    }
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> StoreError {
        StoreError::Db(e.into())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// A user as a platform names them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserRef {
    pub id: String,
    pub name: String,
}

/// The chat platforms Tablero runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Console,
    Discord,
    Telegram,
}

impl Platform {
    /// The name used in keys and logs.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Discord => "discord",
            Platform::Telegram => "telegram",
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a game lives: a channel of a platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey {
    pub platform: Platform,
    pub channel: String,
}

impl ChannelKey {
    pub fn new(platform: Platform, channel: impl Into<String>) -> ChannelKey {
        ChannelKey {
            platform,
            channel: clean(channel.into()),
        }
    }
}

/// Ids must not contain the key separator; it never occurs in real ids.
fn clean(s: String) -> String {
    if s.contains(SEP) {
        s.replace(SEP, "_")
    } else {
        s
    }
}

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
    pub version: u32,
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
    /// time limit: no offers, no result, no bot, casual, in the store's
    /// current document version. Set the rest with struct update syntax.
    #[must_use]
    pub fn new(
        channel: ChannelKey,
        id: u64,
        players: [UserRef; 2],
        record: String,
        now_ms: i64,
    ) -> GameDoc {
        GameDoc {
            version: VERSION,
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
    pub version: u32,
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
}

/// Results of one user in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsDoc {
    pub version: u32,
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
    pub version: u32,
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
            version: VERSION,
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
    pub version: u32,
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
    pub version: u32,
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
    pub version: u32,
    /// The number of moves the board shows.
    pub ply: usize,
    /// The platform's id of the message.
    pub message: String,
}

fn rating_key(platform: Platform, game: GameId, user: &str) -> Vec<u8> {
    key(&["r", platform.as_str(), game.key(), user])
}

fn board_key(ch: &ChannelKey, game: u64) -> Vec<u8> {
    key(&["b", ch.platform.as_str(), &ch.channel, &num(game)])
}

/// What a timer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimerKind {
    /// A reminder or the deadline of an ongoing game.
    Game,
    /// The expiry of a challenge.
    Challenge,
}

/// A timer that has fallen due.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timer {
    pub due_ms: i64,
    pub kind: TimerKind,
    pub channel: ChannelKey,
    pub id: u64,
}

fn key(parts: &[&str]) -> Vec<u8> {
    parts.join(&SEP.to_string()).into_bytes()
}

fn num(n: u64) -> String {
    format!("{n:020}")
}

fn time(ms: i64) -> String {
    // Times before 1970 never occur; clamp so the order stays numeric.
    num(ms.max(0) as u64)
}

fn game_key(ongoing: bool, ch: &ChannelKey, id: u64) -> Vec<u8> {
    key(&[
        if ongoing { "g" } else { "f" },
        ch.platform.as_str(),
        &ch.channel,
        &num(id),
    ])
}

fn user_game_key(ch: &ChannelKey, user: &str, id: u64) -> Vec<u8> {
    key(&["u", ch.platform.as_str(), user, &ch.channel, &num(id)])
}

fn timer_key(due: i64, kind: TimerKind, ch: &ChannelKey, id: u64) -> Vec<u8> {
    let k = match kind {
        TimerKind::Game => "g",
        TimerKind::Challenge => "c",
    };
    key(&[
        "t",
        &time(due),
        k,
        ch.platform.as_str(),
        &ch.channel,
        &num(id),
    ])
}

fn parse_timer(k: &[u8]) -> Option<Timer> {
    let s = std::str::from_utf8(k).ok()?;
    let parts: Vec<&str> = s.split(SEP).collect();
    let [_, due, kind, platform, channel, id] = parts.as_slice() else {
        return None;
    };
    Some(Timer {
        due_ms: due.parse::<u64>().ok()? as i64,
        kind: match *kind {
            "g" => TimerKind::Game,
            "c" => TimerKind::Challenge,
            _ => return None,
        },
        channel: ChannelKey {
            platform: match *platform {
                "console" => Platform::Console,
                "discord" => Platform::Discord,
                "telegram" => Platform::Telegram,
                _ => return None,
            },
            channel: channel.to_string(),
        },
        id: id.parse().ok()?,
    })
}

fn encode<T: Serialize>(v: &T) -> Vec<u8> {
    serde_json::to_vec(v).expect("store documents always serialise")
}

/// Changes applied together by [`Store::commit`]: all or nothing.
#[derive(Default)]
pub struct Batch {
    batch: kv::KvBatch,
    empty: bool,
}

impl Batch {
    fn insert(&mut self, k: Vec<u8>, v: Vec<u8>) {
        self.batch.insert(k, v);
        self.empty = false;
    }

    fn remove(&mut self, k: Vec<u8>) {
        self.batch.remove(k);
        self.empty = false;
    }

    /// Writes `doc`, replacing `old` (its previous value, if any): keeps the
    /// per-user index and the timer index in step, and moves the game from
    /// ongoing to finished once it has a result.
    pub fn put_game(&mut self, doc: &GameDoc, old: Option<&GameDoc>) {
        if let Some(old) = old {
            self.unindex_game(old);
        }
        let ongoing = doc.result.is_none();
        if ongoing {
            for p in &doc.players {
                self.insert(user_game_key(&doc.channel, &p.id, doc.id), Vec::new());
            }
            if let Some(due) = doc.next_event_ms {
                self.insert(
                    timer_key(due, TimerKind::Game, &doc.channel, doc.id),
                    Vec::new(),
                );
            }
        }
        self.insert(game_key(ongoing, &doc.channel, doc.id), encode(doc));
    }

    fn unindex_game(&mut self, old: &GameDoc) {
        let ongoing = old.result.is_none();
        self.remove(game_key(ongoing, &old.channel, old.id));
        for p in &old.players {
            self.remove(user_game_key(&old.channel, &p.id, old.id));
        }
        if let Some(due) = old.next_event_ms {
            self.remove(timer_key(due, TimerKind::Game, &old.channel, old.id));
        }
    }

    /// Writes a challenge and its expiry timer.
    pub fn put_challenge(&mut self, doc: &ChallengeDoc) {
        self.insert(
            key(&[
                "c",
                doc.channel.platform.as_str(),
                &doc.channel.channel,
                &num(doc.id),
            ]),
            encode(doc),
        );
        self.insert(
            timer_key(doc.expires_ms, TimerKind::Challenge, &doc.channel, doc.id),
            Vec::new(),
        );
    }

    /// Removes a challenge (answered, cancelled or expired) and its timer.
    pub fn remove_challenge(&mut self, doc: &ChallengeDoc) {
        self.remove(key(&[
            "c",
            doc.channel.platform.as_str(),
            &doc.channel.channel,
            &num(doc.id),
        ]));
        self.remove(timer_key(
            doc.expires_ms,
            TimerKind::Challenge,
            &doc.channel,
            doc.id,
        ));
    }

    /// Removes a timer that points at nothing (its record is gone).
    pub fn remove_timer(&mut self, t: &Timer) {
        self.remove(timer_key(t.due_ms, t.kind, &t.channel, t.id));
    }

    /// Sets the channel's next id.
    pub fn set_next_id(&mut self, ch: &ChannelKey, next: u64) {
        self.insert(
            key(&["n", ch.platform.as_str(), &ch.channel]),
            encode(&next),
        );
    }

    /// Writes a user's stats in one game: against people, or (`vs_bot`)
    /// against Tablero, kept apart.
    pub fn put_stats(
        &mut self,
        platform: Platform,
        user: &str,
        game: GameId,
        vs_bot: bool,
        s: &StatsDoc,
    ) {
        let prefix = if vs_bot { "a" } else { "s" };
        self.insert(
            key(&[prefix, platform.as_str(), user, game.key()]),
            encode(s),
        );
    }

    /// Writes a user's rating in one game, and counts them among the
    /// players of `community` (a chat or server) for its leaderboard.
    pub fn put_rating(
        &mut self,
        platform: Platform,
        community: &str,
        user: &str,
        game: GameId,
        r: &RatingDoc,
    ) {
        self.insert(rating_key(platform, game, user), encode(r));
        self.insert(
            key(&["l", platform.as_str(), community, game.key(), user]),
            Vec::new(),
        );
    }

    /// Sets the number of the last rated result applied.
    pub fn set_rating_seq(&mut self, seq: u64) {
        self.insert(key(&["m", "rating_seq"]), encode(&seq));
    }

    /// Writes a user's profile.
    pub fn put_profile(&mut self, platform: Platform, user: &str, p: &ProfileDoc) {
        self.insert(key(&["p", platform.as_str(), user]), encode(p));
    }

    /// Remembers a game's newest board message; `None` forgets it.
    pub fn put_channel(&mut self, ch: &ChannelKey, doc: &ChannelDoc) {
        self.insert(key(&["o", ch.platform.as_str(), &ch.channel]), encode(doc));
    }

    pub fn put_board(&mut self, ch: &ChannelKey, game: u64, board: Option<&BoardDoc>) {
        match board {
            Some(b) => self.insert(board_key(ch, game), encode(b)),
            None => self.remove(board_key(ch, game)),
        }
    }
}

/// The database: cheap to clone, every clone the same store.
#[derive(Clone)]
pub struct Store {
    db: Db,
    quarantine: Db,
}

impl Store {
    /// Opens (or creates) the sled store in folder `path`. `cache_bytes`
    /// bounds sled's page cache, the main term of resident memory. A lock
    /// still being released by this process is waited for (see
    /// [`SledBackend::open`]).
    ///
    /// A folder whose files are damaged is refused ([`StoreError::Damaged`])
    /// rather than opened empty or half-read; see [`SledBackend::open`].
    pub fn open(path: &Path, cache_bytes: u64) -> Result<Store> {
        Store::with_backend(Arc::new(SledBackend::open(path, cache_bytes)?))
    }

    /// Opens the store that `url` names: `postgres://…` (or
    /// `postgresql://…`) for a PostgreSQL database, whose schema is brought
    /// up to date; `sled:PATH` for a sled folder, with `cache_bytes` of
    /// page cache.
    pub fn open_url(url: &str, cache_bytes: u64) -> Result<Store> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::with_backend(Arc::new(PgBackend::open(url)?))
        } else if let Some(path) = url.strip_prefix("sled:") {
            Store::open(Path::new(path), cache_bytes)
        } else {
            Err(StoreError::Db(DbError::msg(format!(
                "unknown store `{url}`: expected postgres://… or sled:PATH"
            ))))
        }
    }

    /// Opens the existing store that `url` names (as [`Store::open_url`])
    /// and writes nothing to it: a sled folder or PostgreSQL database that
    /// does not exist or holds no Tablero store is an error, left as it was.
    pub fn open_existing_url(url: &str, cache_bytes: u64) -> Result<Store> {
        let backend: Arc<dyn Backend> =
            if url.starts_with("postgres://") || url.starts_with("postgresql://") {
                Arc::new(PgBackend::open_existing(url)?)
            } else if let Some(path) = url.strip_prefix("sled:") {
                Arc::new(SledBackend::open_existing(Path::new(path), cache_bytes)?)
            } else {
                return Err(StoreError::Db(DbError::msg(format!(
                    "unknown store `{url}`: expected postgres://… or sled:PATH"
                ))));
            };
        let store = Store {
            db: Db::new(backend.clone(), Area::Main),
            quarantine: Db::new(backend, Area::Quarantine),
        };
        if store.db.get(key(&["m", "schema"]))?.is_none() {
            return Err(StoreError::Db(DbError::msg(format!(
                "{} holds no Tablero store",
                store.describe()
            ))));
        }
        Ok(store)
    }

    /// The store kept in `backend`.
    pub fn with_backend(backend: Arc<dyn Backend>) -> Result<Store> {
        let store = Store {
            db: Db::new(backend.clone(), Area::Main),
            quarantine: Db::new(backend, Area::Quarantine),
        };
        let schema = key(&["m", "schema"]);
        if store.db.get(&schema)?.is_none() {
            store.db.insert(schema, encode(&VERSION))?;
            store.db.flush()?;
        }
        Ok(store)
    }

    /// Applies `batch` atomically and waits until it is durable (on disk,
    /// or committed by PostgreSQL). Bumps the version of every channel it
    /// touches.
    pub fn commit(&self, batch: Batch) -> Result<()> {
        if batch.empty {
            return Ok(());
        }
        self.apply(batch.batch)
    }

    /// A new, empty batch.
    #[must_use]
    pub fn batch(&self) -> Batch {
        Batch::default()
    }

    /// Decodes the value at `k`; an undecodable value is moved to the
    /// quarantine area and reported.
    fn decode<T: DeserializeOwned>(&self, k: &[u8], v: &[u8]) -> Result<T> {
        match read_value(k, v) {
            Ok(t) => Ok(t),
            Err(why) => {
                self.quarantine_raw(k, v)?;
                Err(StoreError::Corrupt {
                    key: printable(k),
                    why,
                })
            }
        }
    }

    /// Moves the value at `k` to the quarantine area. The copy is durable
    /// no later than the removal of the original, so it is never lost.
    fn quarantine_raw(&self, k: &[u8], v: &[u8]) -> Result<()> {
        let mut b = kv::KvBatch::default();
        b.quarantine.push((k.to_vec(), v.to_vec()));
        b.remove(k);
        self.apply(b)
    }

    /// Sets aside an ongoing game that decodes but cannot be rebuilt (its
    /// record no longer replays): it moves to the quarantine area with its
    /// indexes removed, and is never deleted.
    pub fn quarantine_game(&self, doc: &GameDoc) -> Result<()> {
        let ongoing = doc.result.is_none();
        let k = game_key(ongoing, &doc.channel, doc.id);
        let mut b = Batch::default();
        b.batch.quarantine.push((k, encode(doc)));
        b.unindex_game(doc);
        self.commit(b)
    }

    /// The keys in quarantine, for an operator.
    pub fn quarantined(&self) -> Result<Vec<String>> {
        self.quarantine
            .iter()
            .keys()
            .map(|k| Ok(printable(&k?)))
            .collect()
    }

    fn get<T: DeserializeOwned>(&self, k: &[u8]) -> Result<Option<T>> {
        match self.db.get(k)? {
            None => Ok(None),
            Some(v) => self.decode(k, &v).map(Some),
        }
    }

    /// Every value under `prefix`; unreadable ones are quarantined and
    /// returned as errors beside the good ones.
    fn scan<T: DeserializeOwned>(&self, prefix: &[u8]) -> Result<Vec<Result<T>>> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(prefix) {
            let (k, v) = kv?;
            out.push(self.decode(&k, &v));
        }
        Ok(out)
    }

    /// An ongoing game, or a finished one when `ongoing` is false.
    pub fn game(&self, ch: &ChannelKey, id: u64, ongoing: bool) -> Result<Option<GameDoc>> {
        self.get(&game_key(ongoing, ch, id))
    }

    /// The ongoing games of a channel, by id.
    pub fn channel_games(&self, ch: &ChannelKey) -> Result<Vec<Result<GameDoc>>> {
        let mut p = key(&["g", ch.platform.as_str(), &ch.channel]);
        p.push(SEP as u8);
        self.scan(&p)
    }

    /// The finished games of a channel, by id.
    pub fn finished_games(&self, ch: &ChannelKey) -> Result<Vec<Result<GameDoc>>> {
        let mut p = key(&["f", ch.platform.as_str(), &ch.channel]);
        p.push(SEP as u8);
        self.scan(&p)
    }

    /// The challenges of a channel, by id.
    pub fn channel_challenges(&self, ch: &ChannelKey) -> Result<Vec<Result<ChallengeDoc>>> {
        let mut p = key(&["c", ch.platform.as_str(), &ch.channel]);
        p.push(SEP as u8);
        self.scan(&p)
    }

    /// One challenge.
    pub fn challenge(&self, ch: &ChannelKey, id: u64) -> Result<Option<ChallengeDoc>> {
        self.get(&key(&["c", ch.platform.as_str(), &ch.channel, &num(id)]))
    }

    /// The next free id of a channel (1 for a new channel).
    pub fn next_id(&self, ch: &ChannelKey) -> Result<u64> {
        Ok(self
            .get::<u64>(&key(&["n", ch.platform.as_str(), &ch.channel]))?
            .unwrap_or(1))
    }

    /// Where `user`'s ongoing games are, on `platform`: (channel, id).
    pub fn user_games(&self, platform: Platform, user: &str) -> Result<Vec<(ChannelKey, u64)>> {
        let mut p = key(&["u", platform.as_str(), user]);
        p.push(SEP as u8);
        let mut out = Vec::new();
        for k in self.db.scan_prefix(&p).keys() {
            let k = k?;
            let s = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            if let Some((channel, id)) = s.rsplit_once(SEP)
                && let Ok(id) = id.parse()
            {
                out.push((ChannelKey::new(platform, channel), id));
            }
        }
        Ok(out)
    }

    /// Timers due at or before `now_ms`, earliest first.
    pub fn due_timers(&self, now_ms: i64) -> Result<Vec<Timer>> {
        let start = key(&["t", ""]);
        let mut end = key(&["t", &time(now_ms)]);
        end.push(SEP as u8 + 1);
        let mut out = Vec::new();
        for k in self.db.range(start..end).keys() {
            if let Some(t) = parse_timer(&k?) {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// A user's stats per game key.
    pub fn stats(
        &self,
        platform: Platform,
        user: &str,
        vs_bot: bool,
    ) -> Result<Vec<(GameId, StatsDoc)>> {
        let prefix = if vs_bot { "a" } else { "s" };
        let mut p = key(&[prefix, platform.as_str(), user]);
        p.push(SEP as u8);
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(&p) {
            let (k, v) = kv?;
            let game = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            let Ok(game) = game.parse::<GameId>() else {
                continue;
            };
            match self.decode::<StatsDoc>(&k, &v) {
                Ok(s) => out.push((game, s)),
                Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// How many of a user's stats records (against people and against
    /// Tablero) are set aside in the quarantine as unreadable.
    pub fn stats_set_aside(&self, platform: Platform, user: &str) -> Result<usize> {
        let mut n = 0;
        for prefix in ["s", "a"] {
            let mut p = key(&[prefix, platform.as_str(), user]);
            p.push(SEP as u8);
            for k in self.quarantine.scan_prefix(&p).keys() {
                k?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// A user's rating in `game`, if they played a rated game of it.
    pub fn rating(
        &self,
        platform: Platform,
        game: GameId,
        user: &str,
    ) -> Result<Option<RatingDoc>> {
        self.get(&rating_key(platform, game, user))
    }

    /// Every rating of `game` on `platform`, by user id. Unreadable ones
    /// are quarantined and left out.
    pub fn ratings(&self, platform: Platform, game: GameId) -> Result<Vec<(String, RatingDoc)>> {
        let p = key(&["r", platform.as_str(), game.key(), ""]);
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(&p) {
            let (k, v) = kv?;
            let user = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            match self.decode::<RatingDoc>(&k, &v) {
                Ok(r) => out.push((user, r)),
                Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// The users who played rated games of `game` in `community`.
    pub fn community_players(
        &self,
        platform: Platform,
        community: &str,
        game: GameId,
    ) -> Result<Vec<String>> {
        let p = key(&["l", platform.as_str(), community, game.key(), ""]);
        let mut out = Vec::new();
        for k in self.db.scan_prefix(&p).keys() {
            let k = k?;
            out.push(String::from_utf8_lossy(&k[p.len()..]).into_owned());
        }
        Ok(out)
    }

    /// The games with rated play in `community`.
    pub fn community_games(&self, platform: Platform, community: &str) -> Result<Vec<GameId>> {
        let p = key(&["l", platform.as_str(), community, ""]);
        let mut out: Vec<GameId> = Vec::new();
        for k in self.db.scan_prefix(&p).keys() {
            let k = k?;
            let rest = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            if let Some(g) = rest.split(SEP).next().and_then(|g| g.parse().ok())
                && !out.contains(&g)
            {
                out.push(g);
            }
        }
        Ok(out)
    }

    /// The number of the last rated result applied (0 before any).
    pub fn rating_seq(&self) -> Result<u64> {
        Ok(self.get::<u64>(&key(&["m", "rating_seq"]))?.unwrap_or(0))
    }

    /// A game's newest board message, if a front-end remembered one.
    /// A channel's settings (the defaults when none were chosen).
    pub fn channel_settings(&self, ch: &ChannelKey) -> Result<ChannelDoc> {
        Ok(self
            .get(&key(&["o", ch.platform.as_str(), &ch.channel]))?
            .unwrap_or_default())
    }

    pub fn board(&self, ch: &ChannelKey, game: u64) -> Result<Option<BoardDoc>> {
        self.get(&board_key(ch, game))
    }

    /// Every remembered board of `platform` (channel, game and board;
    /// unreadable ones quarantined and left out) not leased to another
    /// caller, each leased to this caller until `now_ms + lease_ms` as
    /// [`Store::claim_due_timers`] leases timers: of several
    /// processes starting at once, one looks at each board (and posts it
    /// if a restart kept it back). Remembering the board ends the lease.
    pub fn claim_boards(
        &self,
        platform: Platform,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<Vec<(ChannelKey, u64, BoardDoc)>> {
        let start = key(&["b", platform.as_str(), ""]);
        let end = kv::prefix_end(&start).unwrap_or_default();
        let keys = self.db.backend.claim(
            &start[..]..&end[..],
            None,
            now_ms,
            now_ms.saturating_add(lease_ms),
            usize::MAX,
        )?;
        let mut out = Vec::new();
        for k in keys {
            // Forgotten since it was listed: nothing to show.
            let Some(v) = self.db.get(&k)? else { continue };
            if let Some(b) = self.board_entry(platform, &k, &v)? {
                out.push(b);
            }
        }
        Ok(out)
    }

    /// One remembered board from its key and value; `None` when either
    /// cannot be read (the value is quarantined).
    fn board_entry(
        &self,
        platform: Platform,
        k: &[u8],
        v: &[u8],
    ) -> Result<Option<(ChannelKey, u64, BoardDoc)>> {
        let Some((channel, game)) = std::str::from_utf8(k).ok().and_then(|s| {
            let parts: Vec<&str> = s.split(SEP).collect();
            match parts.as_slice() {
                ["b", _, channel, game] => Some((channel.to_string(), game.parse().ok()?)),
                _ => None,
            }
        }) else {
            return Ok(None);
        };
        match self.decode::<BoardDoc>(k, v) {
            Ok(b) => Ok(Some((ChannelKey::new(platform, channel), game, b))),
            Err(StoreError::Corrupt { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A user's profile.
    pub fn profile(&self, platform: Platform, user: &str) -> Result<Option<ProfileDoc>> {
        self.get(&key(&["p", platform.as_str(), user]))
    }

    /// Finds a user of `platform` by display name (case-insensitive), for
    /// `@name` typed where the platform gives no mention data.
    pub fn find_user_by_name(&self, platform: Platform, name: &str) -> Result<Option<UserRef>> {
        let mut p = key(&["p", platform.as_str()]);
        p.push(SEP as u8);
        let want = name.to_lowercase();
        for kv in self.db.scan_prefix(&p) {
            let (k, v) = kv?;
            let id = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            if let Ok(doc) = serde_json::from_slice::<ProfileDoc>(&v)
                && (doc.name.to_lowercase() == want || id.to_lowercase() == want)
            {
                return Ok(Some(UserRef { id, name: doc.name }));
            }
        }
        Ok(None)
    }

    /// Moves everything of channel `from` to channel `to` (a Telegram
    /// group that became a supergroup gets a new chat id): ongoing and
    /// finished games, challenges, the next id, and with them the user
    /// and timer indexes; in one atomic, flushed change. Records that
    /// cannot be read stay where they are (quarantined as usual).
    pub fn move_channel(&self, from: &ChannelKey, to: &ChannelKey) -> Result<usize> {
        let mut b = self.batch();
        let mut moved = 0;
        for ongoing in [true, false] {
            let mut p = key(&[
                if ongoing { "g" } else { "f" },
                from.platform.as_str(),
                &from.channel,
            ]);
            p.push(SEP as u8);
            for doc in self.scan::<GameDoc>(&p)?.into_iter().flatten() {
                let mut new = doc.clone();
                new.channel = to.clone();
                b.unindex_game(&doc);
                b.put_game(&new, None);
                moved += 1;
            }
        }
        for c in self.channel_challenges(from)?.into_iter().flatten() {
            let mut new = c.clone();
            new.channel = to.clone();
            b.remove_challenge(&c);
            b.put_challenge(&new);
            moved += 1;
        }
        let settings = key(&["o", from.platform.as_str(), &from.channel]);
        if let Some(doc) = self.get::<ChannelDoc>(&settings)? {
            b.remove(settings);
            b.put_channel(to, &doc);
        }
        let next = self.next_id(from)?;
        if next > 1 {
            b.remove(key(&["n", from.platform.as_str(), &from.channel]));
            b.set_next_id(to, next.max(self.next_id(to)?));
        }
        self.commit(b)?;
        Ok(moved)
    }

    /// Moves ongoing game `id` of channel `from` to channel `to` under the
    /// same number (a Discord game given its own thread): the game with
    /// its user and timer indexes, its remembered board dropped (the old
    /// message is in the old channel), and `to`'s next id raised past it;
    /// in one atomic, flushed change. `Ok(false)` when `from` has no such
    /// ongoing game or `to` already uses that number.
    pub fn move_game(&self, from: &ChannelKey, id: u64, to: &ChannelKey) -> Result<bool> {
        let Some(doc) = self.game(from, id, true)? else {
            return Ok(false);
        };
        if self.game(to, id, true)?.is_some()
            || self.game(to, id, false)?.is_some()
            || self.challenge(to, id)?.is_some()
        {
            return Ok(false);
        }
        let mut new = doc.clone();
        new.channel = to.clone();
        let mut b = self.batch();
        b.unindex_game(&doc);
        b.put_game(&new, None);
        b.put_board(from, id, None);
        b.set_next_id(to, (id + 1).max(self.next_id(to)?));
        self.commit(b)?;
        Ok(true)
    }

    /// How many games (ongoing and finished) the store holds.
    pub fn count_games(&self) -> Result<(usize, usize)> {
        let ongoing = self.db.scan_prefix(key(&["g", ""])).count();
        let finished = self.db.scan_prefix(key(&["f", ""])).count();
        Ok((ongoing, finished))
    }

    /// Writes raw bytes at a raw key, for tests that simulate damage.
    #[doc(hidden)]
    pub fn put_raw(&self, k: &str, v: &[u8]) -> Result<()> {
        self.db.insert(k.as_bytes(), v)?;
        self.db.flush()?;
        Ok(())
    }

    /// The raw key of a game, for tests that simulate damage.
    #[doc(hidden)]
    #[must_use]
    pub fn raw_game_key(ch: &ChannelKey, id: u64) -> String {
        String::from_utf8_lossy(&game_key(true, ch, id)).into_owned()
    }

    /// Flushes everything (used before closing).
    pub fn flush(&self) -> Result<()> {
        self.db.flush()?;
        Ok(())
    }
}

/// Decodes the value at `k`, upgrading one written by an older release;
/// why not, when it cannot be read. Changes nothing.
fn read_value<T: DeserializeOwned>(k: &[u8], v: &[u8]) -> std::result::Result<T, String> {
    #[derive(Deserialize)]
    struct Versioned {
        version: Option<u32>,
    }
    match serde_json::from_slice::<Versioned>(v) {
        Ok(Versioned {
            version: Some(n), ..
        }) if n > VERSION => Err(format!("written by a newer Tablero (version {n})")),
        Ok(Versioned {
            version: Some(n), ..
        }) if n < VERSION => serde_json::from_slice(v)
            .map_err(|e| e.to_string())
            .and_then(|json| migrate::upgrade(migrate::Kind::of_key(k), n, json))
            .and_then(|json| serde_json::from_value::<T>(json).map_err(|e| e.to_string()))
            .map_err(|e| format!("cannot upgrade from version {n}: {e}")),
        _ => serde_json::from_slice::<T>(v).map_err(|e| e.to_string()),
    }
}

/// A key with the separator shown as `/`.
fn printable(k: &[u8]) -> String {
    String::from_utf8_lossy(k).replace(SEP, "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str) -> UserRef {
        UserRef {
            id: id.into(),
            name: id.into(),
        }
    }

    fn doc(ch: &ChannelKey, id: u64, next: Option<i64>) -> GameDoc {
        GameDoc {
            version: VERSION,
            channel: ch.clone(),
            id,
            players: [user("alice"), user("bob")],
            record: "breakthrough:".into(),
            created_ms: 0,
            turn_started_ms: 0,
            move_limit_secs: Some(3600),
            reminders_sent: 0,
            draw_offer: None,
            takeback: None,
            next_event_ms: next,
            result: None,
            finished_ms: None,
            bot: None,
            rated: false,
            community: None,
            rating: None,
        }
    }

    #[test]
    fn games_indexes_and_timers_stay_in_step() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        let d = doc(&ch, 1, Some(5_000));
        let mut b = s.batch();
        b.put_game(&d, None);
        b.set_next_id(&ch, 2);
        s.commit(b).unwrap();
        assert_eq!(s.next_id(&ch).unwrap(), 2);
        assert_eq!(
            s.user_games(Platform::Console, "bob").unwrap(),
            vec![(ch.clone(), 1)]
        );
        assert!(s.due_timers(4_999).unwrap().is_empty());
        assert_eq!(s.due_timers(5_000).unwrap().len(), 1);

        let mut d2 = d.clone();
        d2.next_event_ms = Some(9_000);
        d2.record = "breakthrough: a2-a3".into();
        let mut b = s.batch();
        b.put_game(&d2, Some(&d));
        s.commit(b).unwrap();
        assert!(s.due_timers(8_000).unwrap().is_empty());

        let mut d3 = d2.clone();
        d3.result = Some(ResultDoc {
            winner: Some(Side::First),
            termination: Termination::Resigned,
        });
        d3.next_event_ms = None;
        let mut b = s.batch();
        b.put_game(&d3, Some(&d2));
        s.commit(b).unwrap();
        assert!(s.game(&ch, 1, true).unwrap().is_none());
        assert_eq!(s.game(&ch, 1, false).unwrap(), Some(d3));
        assert!(s.user_games(Platform::Console, "bob").unwrap().is_empty());
        assert!(s.due_timers(i64::MAX / 2).unwrap().is_empty());
    }

    #[test]
    fn reopening_keeps_everything() {
        let dir = tempfile::tempdir().unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        {
            let s = Store::open(dir.path(), 1 << 20).unwrap();
            let mut b = s.batch();
            b.put_game(&doc(&ch, 7, None), None);
            s.commit(b).unwrap();
        }
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        assert_eq!(s.game(&ch, 7, true).unwrap().unwrap().id, 7);
    }

    #[test]
    fn unreadable_records_are_quarantined_not_deleted() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        let mut b = s.batch();
        b.put_game(&doc(&ch, 1, None), None);
        s.commit(b).unwrap();
        s.put_raw(&Store::raw_game_key(&ch, 2), b"{not json")
            .unwrap();
        s.put_raw(
            &Store::raw_game_key(&ch, 3),
            br#"{"version": 99, "future": true}"#,
        )
        .unwrap();
        let all = s.channel_games(&ch).unwrap();
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok());
        assert!(matches!(all[1], Err(StoreError::Corrupt { .. })));
        assert!(matches!(&all[2], Err(StoreError::Corrupt { why, .. }) if why.contains("newer")));
        assert_eq!(s.channel_games(&ch).unwrap().len(), 1);
        assert_eq!(s.quarantined().unwrap().len(), 2);
    }

    #[test]
    fn timer_keys_parse_back() {
        let ch = ChannelKey::new(Platform::Discord, "123");
        let k = timer_key(42, TimerKind::Challenge, &ch, 9);
        assert_eq!(
            parse_timer(&k),
            Some(Timer {
                due_ms: 42,
                kind: TimerKind::Challenge,
                channel: ch,
                id: 9
            })
        );
    }
}
