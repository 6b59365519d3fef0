//! The one way a notice gets out: a bounded mailbox per front-end. The app
//! posts what it says on its own (reminders, timeouts, expiries, the bot's
//! moves, answers routed to another chat); the front-end's one [`pump`]
//! takes them in order and hands each to its outbox. Closing the mailbox
//! (the process stopping) ends the pump.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How many notices wait at most; past it the oldest is dropped (and
/// logged): a front-end that stopped taking them costs bounded memory.
pub const MAILBOX_CAPACITY: usize = 10_000;

/// A bounded, closable queue of notices for one front-end.
pub struct Mailbox<T> {
    state: Mutex<State<T>>,
    posted: Condvar,
    capacity: usize,
}

struct State<T> {
    items: VecDeque<T>,
    closed: bool,
    dropped: u64,
}

impl<T> Default for Mailbox<T> {
    fn default() -> Self {
        Mailbox::new(MAILBOX_CAPACITY)
    }
}

impl<T> Mailbox<T> {
    /// An open mailbox holding at most `capacity` notices (at least one).
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Mailbox {
            state: Mutex::new(State {
                items: VecDeque::new(),
                closed: false,
                dropped: 0,
            }),
            posted: Condvar::new(),
            capacity: capacity.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Posts `item`; when full, the oldest waiting notice makes room.
    /// Returns false (and drops `item`) once the mailbox is closed.
    pub fn post(&self, item: T) -> bool {
        let mut s = self.lock();
        if s.closed {
            return false;
        }
        if s.items.len() >= self.capacity {
            s.items.pop_front();
            s.dropped += 1;
            if s.dropped.is_power_of_two() {
                tracing::warn!(
                    dropped = s.dropped,
                    capacity = self.capacity,
                    "a notice mailbox is full: nobody takes its notices; the oldest are dropped"
                );
            }
        }
        s.items.push_back(item);
        drop(s);
        self.posted.notify_all();
        true
    }

    /// Takes every waiting notice, waiting up to `timeout` for the first.
    /// `None` once the mailbox is closed and empty: the taker stops.
    pub fn wait(&self, timeout: Duration) -> Option<Vec<T>> {
        let end = Instant::now() + timeout;
        let mut s = self.lock();
        loop {
            if !s.items.is_empty() {
                return Some(s.items.drain(..).collect());
            }
            if s.closed {
                return None;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Some(Vec::new());
            }
            s = self
                .posted
                .wait_timeout(s, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Closes the mailbox: later posts are refused, and a taker gets what
    /// still waits, then `None`.
    pub fn close(&self) {
        self.lock().closed = true;
        self.posted.notify_all();
    }

    /// Whether [`Mailbox::close`] was called.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// How many notices were dropped because the mailbox was full.
    #[must_use]
    pub fn dropped(&self) -> u64 {
        self.lock().dropped
    }
}

/// How long a pump's blocking wait lasts before it looks again; it returns
/// at once when a notice is posted or the mailbox closes.
const PUMP_WAIT: Duration = Duration::from_secs(1);

/// Takes `mailbox`'s notices in order and hands each to `deliver`, until
/// the mailbox is closed and empty. The waiting happens on tokio's blocking
/// threads; `deliver` runs on the pump's task (it should only queue).
pub async fn pump<T: Send + 'static>(mailbox: Arc<Mailbox<T>>, mut deliver: impl FnMut(T)) {
    loop {
        let m = mailbox.clone();
        let Ok(Some(batch)) = tokio::task::spawn_blocking(move || m.wait(PUMP_WAIT)).await else {
            return;
        };
        for item in batch {
            deliver(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_come_out_in_order_and_the_oldest_make_room() {
        let m = Mailbox::new(3);
        for i in 0..5 {
            assert!(m.post(i));
        }
        assert_eq!(m.dropped(), 2);
        assert_eq!(m.wait(Duration::ZERO), Some(vec![2, 3, 4]));
        assert_eq!(m.wait(Duration::ZERO), Some(Vec::new()));
    }

    #[test]
    fn a_closed_mailbox_gives_what_waits_then_stops() {
        let m = Mailbox::new(10);
        m.post("a");
        m.close();
        assert!(!m.post("b"), "posts after closing are refused");
        assert_eq!(m.wait(Duration::from_secs(60)), Some(vec!["a"]));
        assert_eq!(m.wait(Duration::from_secs(60)), None);
    }

    #[test]
    fn a_waiting_taker_wakes_when_a_notice_is_posted() {
        let m = Arc::new(Mailbox::new(10));
        let poster = m.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            poster.post(7);
        });
        assert_eq!(m.wait(Duration::from_secs(60)), Some(vec![7]));
        t.join().unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_pump_delivers_everything_and_ends_when_closed() {
        let m = Arc::new(Mailbox::new(100));
        let got = Arc::new(Mutex::new(Vec::new()));
        let sink = got.clone();
        let pump = tokio::spawn(pump(m.clone(), move |n| sink.lock().unwrap().push(n)));
        for i in 0..20 {
            m.post(i);
        }
        m.close();
        tokio::time::timeout(Duration::from_secs(30), pump)
            .await
            .expect("the pump ends once its mailbox is closed")
            .unwrap();
        assert_eq!(*got.lock().unwrap(), (0..20).collect::<Vec<_>>());
    }
}
