//! The command rate per user, counted in memory per process (a sliding
//! minute): state below the use cases; `limits.rs` applies it.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use crate::reply::Platform;
use crate::sync::lock;

/// How many users' recent commands are remembered; the oldest user is
/// forgotten past it (a forgotten user only gets a fresh minute).
const RATE_USERS: usize = 100_000;

/// Recent command times per user, for the rate limit.
#[derive(Default)]
pub(crate) struct Rates {
    recent: Mutex<HashMap<(Platform, String), VecDeque<i64>>>,
}

/// What the rate limit says of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rate {
    Allowed,
    /// The first command over the limit this minute: answered once.
    JustOver,
    /// Further commands over the limit: ignored without a reply.
    Over,
}

impl Rates {
    /// Counts a command of `user` at `now_ms` against `per_minute`.
    pub(crate) fn check(
        &self,
        platform: Platform,
        user: &str,
        now_ms: i64,
        per_minute: usize,
    ) -> Rate {
        let mut recent = lock(&self.recent);
        if recent.len() >= RATE_USERS && !recent.contains_key(&(platform, user.to_string())) {
            // Forget users idle for a minute; if none, start afresh.
            recent.retain(|_, times| times.back().is_some_and(|t| now_ms - t < 60_000));
            if recent.len() >= RATE_USERS {
                recent.clear();
            }
        }
        let times = recent.entry((platform, user.to_string())).or_default();
        while times.front().is_some_and(|t| now_ms - t >= 60_000) {
            times.pop_front();
        }
        let before = times.len();
        // Commands past twice the limit are not even remembered: the
        // window stays bounded whatever a user sends.
        if before <= per_minute.saturating_mul(2) {
            times.push_back(now_ms);
        }
        match before.cmp(&per_minute) {
            std::cmp::Ordering::Less => Rate::Allowed,
            std::cmp::Ordering::Equal => Rate::JustOver,
            std::cmp::Ordering::Greater => Rate::Over,
        }
    }
}
