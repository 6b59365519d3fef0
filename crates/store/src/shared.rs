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

use crate::kv::{FieldIn, KvBatch, LockGuard};
use crate::{ChannelKey, Platform, Result, SEP, Store, Timer, key, parse_timer, time};

/// A lock held across processes (on PostgreSQL, a session advisory lock);
/// released when dropped. Not re-entrant: taking a lock one already holds
/// waits until the backend's lock timeout (30 s on PostgreSQL) and fails.
#[must_use = "the lock is released as soon as it is dropped"]
pub struct StoreLock {
    _guard: Box<dyn LockGuard>,
}

/// The bytes naming a channel in versions and lock names.
fn channel_id(ch: &ChannelKey) -> Vec<u8> {
    key(&[ch.platform.as_str(), &ch.channel])
}

/// The channel a key of the main area belongs to, from the key layout in
/// the crate docs; `None` for stats, profiles and metadata.
fn channel_of(k: &[u8]) -> Option<Vec<u8>> {
    let s = std::str::from_utf8(k).ok()?;
    let parts: Vec<&str> = s.split(SEP).collect();
    let (platform, channel) = match parts.as_slice() {
        ["g" | "f" | "c", platform, channel, _] | ["n", platform, channel] => (platform, channel),
        ["u", platform, _, channel, _] => (platform, channel),
        ["t", _, _, platform, channel, _] => (platform, channel),
        _ => return None,
    };
    Some(key(&[platform, channel]))
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
        name.extend(channel_id(ch));
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
        Ok(self.db.backend.version(&channel_id(ch))?)
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
        let start = key(&["t", ""]);
        let mut end = key(&["t", &time(now_ms)]);
        end.push(SEP as u8 + 1);
        // Timer keys: t, due, kind, platform, channel, id.
        let only = platforms.map(|ps| FieldIn {
            index: 3,
            values: ps.iter().map(|p| p.as_str().to_string()).collect(),
        });
        let keys = self.db.backend.claim(
            &start[..]..&end[..],
            only.as_ref(),
            now_ms,
            now_ms.saturating_add(lease_ms),
            limit,
        )?;
        Ok(keys.iter().filter_map(|k| parse_timer(k)).collect())
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
    use crate::{Platform, TimerKind, game_key, timer_key, user_game_key};

    #[test]
    fn every_channel_key_names_its_channel() {
        let ch = ChannelKey::new(Platform::Telegram, "-100");
        let id = channel_id(&ch);
        for k in [
            game_key(true, &ch, 3),
            game_key(false, &ch, 3),
            user_game_key(&ch, "alice", 3),
            timer_key(99, TimerKind::Challenge, &ch, 3),
            key(&["c", "telegram", "-100", "00000000000000000003"]),
            key(&["n", "telegram", "-100"]),
        ] {
            assert_eq!(channel_of(&k), Some(id.clone()), "{k:?}");
        }
        for k in [
            key(&["s", "telegram", "alice", "chess"]),
            key(&["p", "telegram", "alice"]),
            key(&["m", "schema"]),
        ] {
            assert_eq!(channel_of(&k), None, "{k:?}");
        }
    }
}
