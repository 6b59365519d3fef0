//! What several bot processes on one database need beyond the typed
//! documents: a lock per channel that holds across processes, a version per
//! channel to tell whether a cached channel is stale, and timers claimed by
//! one process at a time.
//!
//! The intended use by the app, for every command and every timer:
//!
//! ```text
//! let _lock = store.lock_channel(&ch)?;          // waits for other processes
//! if store.channel_version(&ch)? != cached.version {
//!     reload the channel's games and challenges from the store;
//! }
//! read, decide, store.commit(batch)?;             // bumps the version
//! cached.version = store.channel_version(&ch)?;
//! drop(_lock);                                    // then render and send
//! ```
//!
//! and for timers, `store.claim_due_timers(now, lease, limit)` instead of
//! `due_timers(now)`: each claimed timer is handled as above, and its
//! handler's commit removes or replaces the timer (the app's `drop_timer`
//! when there is nothing to do), which also ends the lease. A process that
//! dies holding a lease delays the timer by at most the lease; the handler's
//! check of the stored game under the lock (is the timer still the game's
//! next event?) keeps a re-claimed timer from acting twice.
//!
//! On sled (one process) the lock is in-process, versions count from 0 at
//! start-up and leases live in memory; the calling pattern is the same.

use crate::keys::{Key, TIMER_PLATFORM_FIELD, channel_id, due_range};
use crate::kv::{FieldIn, KvBatch, LockGuard};
use crate::{ChannelKey, Platform, Result, SEP, Store, Timer};

/// A lock held across processes (on PostgreSQL, a session advisory lock);
/// released when dropped. Not re-entrant: taking a lock one already holds
/// waits until the backend's lock timeout (30 s on PostgreSQL) and fails.
#[must_use = "the lock is released as soon as it is dropped"]
pub struct StoreLock {
    _guard: Box<dyn LockGuard>,
}

/// The channel whose version a change of key `k` bumps (its games,
/// challenges, next id, their indexes and its web listing); `None` for
/// stats, profiles, boards, settings and metadata.
fn channel_of(k: &[u8]) -> Option<Vec<u8>> {
    Key::decode(k)?.channel().map(channel_id)
}

impl Store {
    /// Applies a raw batch, bumping the version of every channel it
    /// touches.
    pub(crate) fn apply(&self, mut b: KvBatch) -> Result<()> {
        let touched: Vec<Vec<u8>> = b.ops.iter().filter_map(|op| channel_of(op.key())).collect();
        b.channels.extend(touched);
        self.db.backend.apply(&b)?;
        Ok(())
    }

    /// Waits until this caller holds `ch`'s lock, which excludes every
    /// other holder in every process on the database. Hold it from reading
    /// the channel's documents to committing the change; never while
    /// rendering or sending.
    pub fn lock_channel(&self, ch: &ChannelKey) -> Result<StoreLock> {
        let mut name = b"channel".to_vec();
        name.push(SEP as u8);
        name.extend(channel_id(ch.into()));
        Ok(StoreLock {
            _guard: self.db.backend.lock(&name)?,
        })
    }

    /// Waits until this caller holds the stats lock, which serialises the
    /// read-modify-write of users' stats, ratings and profiles across
    /// processes. Take it inside a channel lock or with no lock at all, and
    /// never take a channel lock while holding it, so two callers never
    /// wait for each other.
    pub fn lock_stats(&self) -> Result<StoreLock> {
        Ok(StoreLock {
            _guard: self.db.backend.lock(b"stats")?,
        })
    }

    /// The version of `ch`: it changes with every commit that touches the
    /// channel (a game, challenge, timer, index entry or next id in it),
    /// from any process, and never otherwise. Read it under the channel
    /// lock to know whether what was cached is current.
    pub fn channel_version(&self, ch: &ChannelKey) -> Result<u64> {
        Ok(self.db.backend.version(&channel_id(ch.into()))?)
    }

    /// Timers due at or before `now_ms`, earliest first, at most `limit`,
    /// each leased to this caller until `now_ms + lease_ms`: another
    /// caller, in this process or another, gets a timer only once its lease
    /// has run out or it has been written again. The handler's commit that
    /// removes or replaces the timer ends the lease. With `platforms`,
    /// only timers of channels on those platforms: a process that runs
    /// only some front-ends leaves the others' timers (their notices, the
    /// bot's pending moves) to the processes that can post them.
    pub fn claim_due_timers(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: usize,
        platforms: Option<&[Platform]>,
    ) -> Result<Vec<Timer>> {
        let due = due_range(now_ms);
        let only = platforms.map(|ps| FieldIn {
            index: TIMER_PLATFORM_FIELD,
            values: ps.iter().map(|p| p.as_str().to_string()).collect(),
        });
        let keys = self.db.backend.claim(
            &due.start[..]..&due.end[..],
            only.as_ref(),
            now_ms,
            now_ms.saturating_add(lease_ms),
            limit,
        )?;
        Ok(keys.iter().filter_map(|k| Key::timer_of(k)).collect())
    }

    /// Where the store lives (`sled:PATH` or `postgres://user@host:port/db`,
    /// never with a password), for logs.
    #[must_use]
    pub fn describe(&self) -> String {
        self.db.backend.describe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{Meta, Scan};
    use crate::{GameId, TimerKind};

    #[test]
    fn every_channel_key_names_its_channel() {
        let ch = ChannelKey::new(Platform::Telegram, "-100");
        let id = channel_id((&ch).into());
        assert_eq!(id, b"telegram\x1f-100".to_vec());
        for k in [
            Key::game(true, &ch, 3),
            Key::game(false, &ch, 3),
            Key::user_game(&ch, "alice", 3),
            Key::timer(99, TimerKind::Challenge, &ch, 3),
            Key::challenge(&ch, 3),
            Key::NextId((&ch).into()),
            Key::WebListing((&ch).into()),
        ] {
            assert_eq!(channel_of(&k.encode()), Some(id.clone()), "{k:?}");
        }
        let chess: GameId = "chess".parse().unwrap();
        for k in [
            Key::Stats {
                of: crate::keys::StatsOf::People,
                platform: Platform::Telegram,
                user: "alice",
                game: chess,
            },
            Key::Profile {
                platform: Platform::Telegram,
                user: "alice",
            },
            Key::Meta(Meta::Schema),
        ] {
            assert_eq!(channel_of(&k.encode()), None, "{k:?}");
        }
    }

    /// The field the backends filter timers on is the timer key's
    /// platform.
    #[test]
    fn the_timer_filter_field_is_the_platform() {
        let ch = ChannelKey::new(Platform::Discord, "9");
        let k = Key::timer(5, TimerKind::Game, &ch, 1).encode();
        let fields: Vec<&[u8]> = k.split(|&b| b == SEP as u8).collect();
        assert_eq!(fields[TIMER_PLATFORM_FIELD], b"discord");
        assert!(k.starts_with(&Scan::All(crate::keys::Kind::Timer).prefix()));
    }
}
