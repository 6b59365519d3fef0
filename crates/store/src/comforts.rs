//! What correspondence players keep beyond a time per move: a game's
//! clock ([`ClockDoc`]: a Fischer increment with a cap, weekends off, an
//! agreed pause, and each player's zone, quiet hours and vacation as the
//! game counts them), and each player's own settings ([`ComfortDoc`]).
//! Key layout (prefix `k`):
//!
//! | key | value |
//! |---|---|
//! | `k`, platform, user | [`ComfortDoc`]: zone, quiet hours, vacation and its allowance, digest |
//!
//! A game written before clocks had more than a time per move has no
//! [`ClockDoc`] and reads as it always did (`GameDoc::clock` is `None`).

use serde::{Deserialize, Serialize};

use crate::keys::Key;
use crate::*;

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A stretch of time, `[from, until)` in ms since the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpanDoc {
    pub from: i64,
    pub until: i64,
}

/// What a game's clock counts beyond its time per move
/// (`GameDoc::move_limit_secs`, which is a Fischer clock's starting time).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockDoc {
    /// Fischer: added to the mover's time after each move (0: a time per
    /// move, refilled every turn).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub increment_secs: u64,
    /// Fischer: the most a player's time grows to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap_secs: Option<u64>,
    /// Fischer: each side's time left when its turn began, by side index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_ms: Option<[i64; 2]>,
    /// Clocks stop from Saturday 00:00 to Monday 00:00 in the mover's zone.
    #[serde(default, skip_serializing_if = "is_false")]
    pub weekends_off: bool,
    /// Each side's zone, quiet hours and vacation, as this game counts
    /// them (copied from the player's [`ComfortDoc`]), by side index.
    #[serde(default)]
    pub away: [AwayDoc; 2],
    /// A pause both players agreed to: both clocks stop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause: Option<SpanDoc>,
    /// A pause offered and not yet answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause_offer: Option<PauseOfferDoc>,
}

/// A pending offer to pause a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PauseOfferDoc {
    #[serde(with = "keyed")]
    pub by: Side,
    /// How long the pause would last.
    pub ms: i64,
    /// When the offer lapses unanswered.
    pub expires_ms: i64,
}

/// One player's part of a game's clock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AwayDoc {
    /// An IANA zone name; `None`: UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// Quiet hours, minutes after local midnight `[from, to)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet: Option<[u16; 2]>,
    /// A vacation this game counts (ended early for this game when the
    /// player says so on moving).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation: Option<SpanDoc>,
}

/// What a player gets told, and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RemindersDoc {
    /// Reminders in each game's chat.
    #[default]
    On,
    /// None.
    Off,
    /// Only the daily digest (the chat's reminders when it cannot reach
    /// them).
    Digest,
}

/// A player's own settings for correspondence games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComfortDoc {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet: Option<[u16; 2]>,
    /// The vacation taken or planned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation: Option<SpanDoc>,
    /// Vacation time left at `allowance_ms`'s moment, before accrual;
    /// `None`: never used (a full allowance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowance_ms: Option<i64>,
    /// When `allowance_ms` was reckoned.
    #[serde(default)]
    pub allowance_at_ms: i64,
    /// The time of the daily digest, minutes after local midnight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<u16>,
    #[serde(default)]
    pub reminders: RemindersDoc,
    /// The player's private chat with the bot, once they opened one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<ChannelKey>,
    /// When the next digest is due; its timer ([`TimerKind::Digest`]) is
    /// kept by [`Batch::put_comfort`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest_next_ms: Option<i64>,
}

/// The key of a player's digest timer: the player as its channel.
#[must_use]
pub fn digest_timer(platform: Platform, user: &str, due_ms: i64) -> Timer {
    Timer {
        due_ms,
        kind: TimerKind::Digest,
        channel: ChannelKey::new(platform, user),
        id: 0,
    }
}

impl ComfortDoc {
    /// The part a game's clock copies.
    #[must_use]
    pub fn away(&self) -> AwayDoc {
        AwayDoc {
            zone: self.zone.clone(),
            quiet: self.quiet,
            vacation: self.vacation,
        }
    }
}

impl Document for ComfortDoc {}

impl Batch {
    /// Writes a player's settings, replacing `old` (their previous
    /// value): keeps the digest's timer in step with `digest_next_ms`.
    pub fn put_comfort(
        &mut self,
        platform: Platform,
        user: &str,
        doc: &ComfortDoc,
        old: Option<&ComfortDoc>,
    ) {
        if let Some(due) = old.and_then(|o| o.digest_next_ms) {
            self.remove_timer(&digest_timer(platform, user, due));
        }
        if let Some(due) = doc.digest_next_ms {
            let t = digest_timer(platform, user, due);
            self.insert(Key::timer(t.due_ms, t.kind, &t.channel, t.id), Vec::new());
        }
        self.insert(Key::Comfort { platform, user }, encode_doc(doc));
    }
}

impl Store {
    /// A player's settings; the defaults when they set none.
    pub fn comfort(&self, platform: Platform, user: &str) -> Result<ComfortDoc> {
        Ok(self
            .get(Key::Comfort { platform, user })?
            .unwrap_or_default())
    }
}
