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
//! Every document is JSON stamped with the `version` it was written in
//! (the store stamps it; the document types carry none). Every change goes
//! through a [`Batch`] that is applied atomically and flushed to disk before
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
//! | `h` | platform, user, channel, game id | empty: the user's finished games |
//! | `i` | platform, user, channel, challenge id | empty: the open challenges the user made |
//! | `t` | due time (ms), kind, platform, channel, id | empty: the timer index |
//! | `s` | platform, user, game key | [`StatsDoc`] against people |
//! | `a` | platform, user, game key | [`StatsDoc`] against Tablero |
//! | `p` | platform, user | [`ProfileDoc`] |
//! | `b` | platform, channel, game id | [`BoardDoc`]: the game's newest board message |
//! | `r` | platform, game key, user | [`RatingDoc`]: a Glicko-2 rating and its history |
//! | `l` | platform, community, game key, user | empty: who played rated games in a chat or server |
//! | `o` | platform, channel | [`ChannelDoc`]: the channel's settings |
//! | `m` | name | store metadata (`schema`, `layout`: see `migrations.rs`) |
//! | `w` | `s`; `t`, token; `l`, platform, channel | the web's secret, page addresses and listed channels (`web.rs`) |
//! | `e` | platform, user, game key | [`StatsDoc`] of learning games (`learning.rs`) |
//! | `v` | platform, channel, tournament id | [`TournamentDoc`]: a tournament of the channel (`tournaments.rs`) |
//! | `k` | platform, user | [`ComfortDoc`]: a player's zone, quiet hours, vacation, digest (`comforts.rs`) |
//!
//! [`Store::move_channel`] moves a channel's games, challenges, indexes and
//! next id to another channel id in one change (a Telegram group that
//! became a supergroup).
//!
//! The code is split by concern: the identities (users, platforms,
//! channels) come from `tablero-ids`, which the app shares; `docs.rs` (the documents), `keys.rs` (the key layout above),
//! `batch.rs` (changes applied together), `store.rs` (reading and
//! committing), `error.rs`, and the backends behind `kv.rs`.

use serde::Deserialize;
pub use tablero_rating::{PlayerRating, Rating};
pub use tablero_rules::{EndReason, GameId, Lang, Side};

mod backup;
mod batch;
mod check;
mod comforts;
mod copy;
mod docs;
mod error;
pub mod keyed;
mod keys;
pub mod kv;
mod learning;
mod migrate;
mod migrations;
pub mod pg_backend;
mod shared;
pub mod sled_backend;
pub mod sled_log;
mod store;
mod tournaments;
mod trial;
mod web;

pub use backup::BackupReport;
pub use batch::Batch;
pub(crate) use batch::{encode, encode_doc};
pub use check::{CheckReport, Damage, SalvageReport};
pub use comforts::{
    AwayDoc, ClockDoc, ComfortDoc, PauseOfferDoc, RemindersDoc, SpanDoc, digest_timer,
};
pub use copy::CopyReport;
pub use docs::{
    BoardDoc, BotDoc, ChallengeDoc, ChannelDoc, Document, GameDoc, OfferKind, Orientation,
    ProfileDoc, RATING_HISTORY, RatingChange, RatingDoc, RatingPointDoc, ResultDoc, StatsDoc,
    Termination, Timer, TimerKind,
};
pub use error::{Result, StoreError};
pub use migrations::{LAYOUT, MIGRATIONS, Migration};
pub use tablero_ids::{ChannelKey, Platform, UserRef};

pub use shared::StoreLock;
pub use store::Store;
pub(crate) use store::{printable, read_value};
pub use tournaments::{RoundClosed, TournamentDoc, TournamentGame, TournamentRef};
pub use web::{ListingDoc, WebLink, WebLinkDoc, WebSecretDoc};

/// The version written in every value by this build. Older values are
/// upgraded when read (see `migrate.rs`).
pub const VERSION: u32 = 2;

/// What joins the fields of a key (the one the backends filter on).
const SEP: char = tablero_ids::SEP;
const _: () = assert!(kv::FieldIn::SEP as char == SEP);
