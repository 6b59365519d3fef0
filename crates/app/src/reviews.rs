//! The reviews kept in memory, below the use cases: a finished game never
//! changes, so its review (`review.rs`) is kept, the last [`KEPT`], with
//! the gate that lets at most half the pool of heavy jobs review at once.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tablero_engine::review::GameReview;

use crate::heavy::Heavy;
use crate::reply::ChannelKey;
use crate::sync::lock;

/// How many reviews are kept in memory.
pub(crate) const KEPT: usize = 32;

/// A reviewed game: its channel and number.
pub(crate) type Key = (ChannelKey, u64);

/// The reviews kept, newest last, by channel and game number, and the
/// gate that lets at most half the pool of heavy jobs review at once, so
/// that the bot's searches always find a place soon.
pub(crate) struct Kept {
    pub(crate) list: Mutex<VecDeque<(Key, Arc<GameReview>)>>,
    pub(crate) gate: Heavy,
}

impl Kept {
    /// For a pool of `heavy_jobs` places, `share` of them a user's.
    pub(crate) fn new(heavy_jobs: usize, share: usize) -> Kept {
        Kept {
            list: Mutex::default(),
            gate: Heavy::new((heavy_jobs / 2).max(1), share),
        }
    }

    pub(crate) fn get(&self, key: &Key) -> Option<Arc<GameReview>> {
        let list = lock(&self.list);
        list.iter().find(|(k, _)| k == key).map(|(_, r)| r.clone())
    }

    pub(crate) fn put(&self, key: Key, review: Arc<GameReview>) {
        let mut list = lock(&self.list);
        list.retain(|(k, _)| *k != key);
        if list.len() >= KEPT {
            list.pop_front();
        }
        list.push_back((key, review));
    }
}
