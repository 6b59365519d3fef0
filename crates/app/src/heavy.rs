//! The bounded pool of heavy jobs: drawing a replay, a rating chart or a
//! leaderboard table, and the bot's searches. At most `[limits]
//! heavy_jobs` run at once in the process, and one user holds at most
//! `heavy_jobs_per_user` of them: a request past its user's share is
//! refused at once with [`Limit::Busy`] ("try again in a moment") rather
//! than queued, so a few presses cannot pile work onto the machine. A
//! request within its share waits for a free place for at most
//! [`WAIT`], then is refused the same way. The bot's searches take a
//! place too, waiting as long as it takes (its queue already runs one
//! search per person at a time). The web's drawings (replays, charts,
//! start pictures, boards of long games) take places too, each web client
//! holding its address's share (`App::web_place`).

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::event::Limit;
use crate::reply::Platform;
use crate::sync::lock;

/// How long a request waits for a place when the pool is full.
pub const WAIT: Duration = Duration::from_secs(10);

/// Whose job it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Holder {
    /// A person on a chat platform.
    User(Platform, String),
    /// A web client, by its address.
    Address(String),
}

impl From<(Platform, String)> for Holder {
    fn from((platform, id): (Platform, String)) -> Holder {
        Holder::User(platform, id)
    }
}

#[derive(Default)]
struct State {
    running: usize,
    by_user: HashMap<Holder, usize>,
}

/// The pool.
pub(crate) struct Heavy {
    size: usize,
    share: usize,
    state: Mutex<State>,
    freed: Condvar,
}

/// A place in the pool, given back when dropped.
pub(crate) struct Place<'a> {
    pool: &'a Heavy,
    holder: Holder,
}

impl Heavy {
    pub(crate) fn new(size: usize, share: usize) -> Heavy {
        Heavy {
            size: size.max(1),
            share: share.max(1),
            state: Mutex::default(),
            freed: Condvar::new(),
        }
    }

    /// A place for a job of `holder`, within their share; `wait` is how
    /// long to wait for one when the pool is full (`None`: as long as it
    /// takes, and no share: the bot's searches).
    pub(crate) fn enter(
        &self,
        holder: impl Into<Holder>,
        wait: Option<Duration>,
    ) -> Result<Place<'_>, Limit> {
        let holder = holder.into();
        let end = wait.map(|w| Instant::now() + w);
        let mut st = lock(&self.state);
        if wait.is_some() && st.by_user.get(&holder).copied().unwrap_or(0) >= self.share {
            return Err(Limit::Busy);
        }
        while st.running >= self.size {
            st = match end {
                None => self
                    .freed
                    .wait(st)
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
                Some(end) => {
                    let left = end.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(Limit::Busy);
                    }
                    self.freed
                        .wait_timeout(st, left)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .0
                }
            };
        }
        st.running += 1;
        *st.by_user.entry(holder.clone()).or_default() += 1;
        Ok(Place { pool: self, holder })
    }
}

impl Heavy {
    /// How many jobs may run at once, and how many of them one holder.
    pub(crate) fn size(&self) -> (usize, usize) {
        (self.size, self.share)
    }

    /// How many jobs hold a place now.
    #[cfg(test)]
    pub(crate) fn running(&self) -> usize {
        lock(&self.state).running
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        let mut st = lock(&self.pool.state);
        st.running -= 1;
        if let Some(n) = st.by_user.get_mut(&self.holder) {
            *n -= 1;
            if *n == 0 {
                st.by_user.remove(&self.holder);
            }
        }
        self.pool.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::Harness;

    fn who(name: &str) -> Holder {
        (Platform::Console, name.to_string()).into()
    }

    #[test]
    fn a_user_past_their_share_is_refused_at_once_and_others_are_not() {
        let pool = Heavy::new(2, 1);
        let first = pool.enter(who("mallory"), Some(WAIT)).unwrap();
        assert_eq!(
            pool.enter(who("mallory"), Some(WAIT)).err(),
            Some(Limit::Busy)
        );
        let ana = pool.enter(who("ana"), Some(WAIT)).unwrap();
        // Full: a request waits at most its time, then is refused.
        assert_eq!(
            pool.enter(who("bo"), Some(Duration::ZERO)).err(),
            Some(Limit::Busy)
        );
        drop(first);
        assert!(pool.enter(who("mallory"), Some(WAIT)).is_ok());
        drop(ana);
    }

    #[test]
    fn a_replay_past_the_users_share_is_answered_busy() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path());
        h.say("general", "bo", "help").unwrap();
        h.say("general", "ana", "challenge @bo barrier").unwrap();
        h.say("general", "bo", "accept").unwrap();
        let _ = h.say("general", "ana", "resign");
        h.say("general", "ana", "resign yes").unwrap();
        // Mallory's share is taken by a job of theirs still running.
        let held = h.app().heavy.enter(who("mallory"), Some(WAIT)).unwrap();
        let r = h.say("general", "mallory", "replay #1").unwrap();
        assert!(r.error, "{}", r.plain_text());
        assert!(r.file.is_none());
        assert!(
            r.plain_text().contains("try again in a moment"),
            "{}",
            r.plain_text()
        );
        h.say("general", "mallory", "idioma es").unwrap();
        let r = h.say("general", "mallory", "replay #1").unwrap();
        assert!(
            r.plain_text().contains("en un momento"),
            "{}",
            r.plain_text()
        );
        // Someone else's replay is drawn.
        let r = h.say("general", "ana", "replay #1").unwrap();
        assert!(!r.error, "{}", r.plain_text());
        assert!(r.file.is_some());
        drop(held);
        let r = h.say("general", "mallory", "replay #1").unwrap();
        assert!(r.file.is_some(), "{}", r.plain_text());
    }
}
