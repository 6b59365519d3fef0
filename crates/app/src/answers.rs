//! A move against the bot in the player's direct chat and the bot's answer
//! to it, answered as one reply: the meeting point of the player's
//! handler, which waits a short while for the answer, and the bot's
//! worker, which then hands the answer over instead of posting it.
//!
//! The wait is registered ([`Answers::expect`]) in the commit that leaves
//! the bot to move, under the channel's lock and before the search is
//! queued, so the worker can never finish before it exists. Then exactly
//! one of the two delivers the answer, decided under one mutex:
//!
//! - the worker finds the player waiting and hands the answer over
//!   ([`Answers::hand_over`]): the handler answers both moves at once;
//! - the player's time is up first ([`Answers::wait`] gives nothing): the
//!   move is answered alone, and the worker posts its answer as a notice,
//!   not before the moment the player gave up plus its least delay, so
//!   the answer follows the board of the move it answers, as it always has;
//! - the worker has nothing to answer (a takeback or a resignation came
//!   first, no move was found): it says so ([`Answers::release`]) and the
//!   player stops waiting at once.
//!
//! Should a handler never come for an answer handed over (no path does
//! that), the worker posts it itself once the wait's time and a grace have
//! passed: an answer is never lost.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use tablero_engine::analysis::Notice;

use crate::event::GameView;
use crate::reply::{ChannelKey, User};
use crate::sync::lock;

/// A game and the number of moves before the bot's answer.
pub(crate) type Key = (ChannelKey, u64, usize);

/// The bot's answer: its move (`moves`, played by `bot`, leading to
/// `game`), and in a learning game what is worth seeing after it.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) bot: User,
    pub(crate) moves: Vec<String>,
    pub(crate) game: GameView,
    pub(crate) notice: Option<Notice>,
}

#[derive(Debug)]
enum Slot<T> {
    /// The player waits until `until`.
    Waiting { until: Instant },
    /// The answer, for the waiting player to take.
    Ready { answer: Box<T>, until: Instant },
    /// The player stopped waiting at this moment: their move was answered
    /// alone.
    GaveUp(Instant),
}

/// Slots left behind (a player who gave up on an answer that never
/// came: the process stopped searching) are dropped after this long.
const FORGET: Duration = Duration::from_secs(600);

/// The answers (`T`: an [`Answer`]) players wait for, by game.
pub(crate) struct Answers<T> {
    slots: Mutex<HashMap<Key, Slot<T>>>,
    changed: Condvar,
}

impl<T> Default for Answers<T> {
    fn default() -> Answers<T> {
        Answers {
            slots: Mutex::new(HashMap::new()),
            changed: Condvar::new(),
        }
    }
}

impl<T> Answers<T> {
    /// The player who just moved in `key`'s game waits for the bot's
    /// answer until `until`.
    pub(crate) fn expect(&self, key: Key, until: Instant) {
        let mut slots = lock(&self.slots);
        let now = Instant::now();
        slots.retain(|_, s| match s {
            Slot::Waiting { until } | Slot::Ready { until, .. } => *until + FORGET > now,
            Slot::GaveUp(at) => *at + FORGET > now,
        });
        slots.insert(key, Slot::Waiting { until });
    }

    /// Whether a player waits for the answer to `key` now.
    pub(crate) fn waiting(&self, key: &Key) -> bool {
        matches!(lock(&self.slots).get(key), Some(Slot::Waiting { .. }))
    }

    /// Waits for the answer to `key` until its time is up: the answer, or
    /// nothing (the time passed, the bot has nothing to answer, or nobody
    /// expected one).
    pub(crate) fn wait(&self, key: &Key) -> Option<T> {
        let mut slots = lock(&self.slots);
        loop {
            match slots.get(key) {
                Some(Slot::Ready { .. }) => {
                    let Some(Slot::Ready { answer, .. }) = slots.remove(key) else {
                        return None;
                    };
                    // The worker waits to see it taken.
                    self.changed.notify_all();
                    return Some(*answer);
                }
                Some(Slot::Waiting { until }) => {
                    let now = Instant::now();
                    if now >= *until {
                        slots.insert(key.clone(), Slot::GaveUp(now));
                        return None;
                    }
                    let left = *until - now;
                    slots = self
                        .changed
                        .wait_timeout(slots, left)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .0;
                }
                Some(Slot::GaveUp(_)) | None => return None,
            }
        }
    }

    /// Hands the bot's `answer` to `key` to the player waiting for it:
    /// `Ok` once they took it. Else the answer comes back, to be posted,
    /// with the moment the player gave up, if they did (post it no sooner
    /// than the least delay after that); a player who never comes for it
    /// is given until the wait's end and `grace`.
    pub(crate) fn hand_over(
        &self,
        key: &Key,
        answer: T,
        grace: Duration,
    ) -> Result<(), (T, Option<Instant>)> {
        let mut slots = lock(&self.slots);
        let until = match slots.remove(key) {
            Some(Slot::Waiting { until }) => until,
            Some(Slot::GaveUp(at)) => return Err((answer, Some(at))),
            Some(ready @ Slot::Ready { .. }) => {
                // One search per game at a time: not reached.
                slots.insert(key.clone(), ready);
                return Err((answer, None));
            }
            None => return Err((answer, None)),
        };
        slots.insert(
            key.clone(),
            Slot::Ready {
                answer: Box::new(answer),
                until,
            },
        );
        self.changed.notify_all();
        let end = until + grace;
        loop {
            if !matches!(slots.get(key), Some(Slot::Ready { .. })) {
                return Ok(());
            }
            let now = Instant::now();
            if now >= end {
                let Some(Slot::Ready { answer, .. }) = slots.remove(key) else {
                    return Ok(());
                };
                tracing::warn!(game = key.1, "an answer waited for was not taken");
                return Err((*answer, None));
            }
            slots = self
                .changed
                .wait_timeout(slots, end - now)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
    }

    /// The bot has no answer to game `id` of `ch` after at most `upto`
    /// moves: whoever waits for one stops waiting.
    pub(crate) fn release(&self, ch: &ChannelKey, id: u64, upto: usize) {
        let mut slots = lock(&self.slots);
        let before = slots.len();
        slots.retain(|(c, n, ply), s| {
            matches!(s, Slot::Ready { .. }) || *n != id || c != ch || *ply > upto
        });
        if slots.len() != before {
            self.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::reply::Platform;

    fn key(ply: usize) -> Key {
        (ChannelKey::new(Platform::Telegram, "7"), 1, ply)
    }

    /// An answer, as the tests tell them apart.
    fn answer() -> u32 {
        7
    }

    #[test]
    fn an_answer_in_time_is_handed_to_the_waiting_player() {
        let answers = Arc::new(Answers::<u32>::default());
        answers.expect(key(3), Instant::now() + Duration::from_secs(30));
        assert!(answers.waiting(&key(3)));
        assert!(!answers.waiting(&key(5)), "another move's answer");
        let a = answers.clone();
        let player = std::thread::spawn(move || a.wait(&key(3)));
        let started = Instant::now();
        answers
            .hand_over(&key(3), answer(), Duration::from_secs(30))
            .expect("taken");
        let got = player.join().unwrap();
        assert_eq!(got, Some(7));
        assert!(started.elapsed() < Duration::from_secs(5), "not its time");
        assert!(!answers.waiting(&key(3)));
        assert!(lock(&answers.slots).is_empty());
    }

    #[test]
    fn a_late_answer_comes_back_with_the_moment_the_player_gave_up() {
        let answers = Answers::<u32>::default();
        let start = Instant::now();
        answers.expect(key(3), start + Duration::from_millis(50));
        assert!(answers.wait(&key(3)).is_none());
        let waited = start.elapsed();
        assert!(waited >= Duration::from_millis(50), "{waited:?}");
        assert!(!answers.waiting(&key(3)), "nobody waits now");
        let (back, gave_up) = answers
            .hand_over(&key(3), answer(), Duration::from_secs(30))
            .unwrap_err();
        assert_eq!(back, 7);
        let at = gave_up.expect("the player gave up");
        assert!(at >= start + Duration::from_millis(50));
        // Handed back once: the slot is gone.
        assert!(lock(&answers.slots).is_empty());
    }

    #[test]
    fn an_answer_nobody_expects_comes_back_at_once() {
        let answers = Answers::<u32>::default();
        let (_, gave_up) = answers
            .hand_over(&key(3), answer(), Duration::from_secs(30))
            .unwrap_err();
        assert_eq!(gave_up, None);
        assert!(answers.wait(&key(3)).is_none(), "nothing to wait for");
    }

    #[test]
    fn no_answer_stops_the_wait_at_once() {
        let answers = Arc::new(Answers::<u32>::default());
        answers.expect(key(3), Instant::now() + Duration::from_secs(30));
        // A later move's wait (after a takeback) is not the bot's to end.
        answers.expect(key(9), Instant::now() + Duration::from_secs(30));
        let a = answers.clone();
        let started = Instant::now();
        let player = std::thread::spawn(move || a.wait(&key(3)));
        std::thread::sleep(Duration::from_millis(20));
        answers.release(&key(3).0, 1, 3);
        assert!(player.join().unwrap().is_none());
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(answers.waiting(&key(9)));
    }

    #[test]
    fn an_answer_never_taken_comes_back_after_the_grace() {
        let answers = Answers::<u32>::default();
        let start = Instant::now();
        answers.expect(key(3), start + Duration::from_millis(30));
        let (_, gave_up) = answers
            .hand_over(&key(3), answer(), Duration::from_millis(30))
            .unwrap_err();
        assert_eq!(gave_up, None, "nobody gave up: nobody came");
        assert!(start.elapsed() >= Duration::from_millis(60));
        assert!(lock(&answers.slots).is_empty());
    }
}
