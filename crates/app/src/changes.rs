//! The web's state, below the use cases: the change notices the web
//! front-end listens to (`App::with_channel` publishes one after every
//! durable commit), the page addresses' secret and the public address.
//! The queries are in `watch.rs`.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use crate::reply::ChannelKey;

/// How many changes a slow listener may fall behind before it is told it
/// lagged (it then reads everything again).
const CHANGES: usize = 1024;

/// The channel a change or a page is about. Opaque: the web front-end
/// compares and hashes it, and never shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WatchChannel(pub(crate) ChannelKey);

/// A channel was changed (a move, an offer, a resignation, a timeout, a
/// listing turned on or off): its store version is now `version`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub channel: WatchChannel,
    pub version: u64,
}

/// The app's side of the web: change notices, the address secret and the
/// public address links are built on.
pub(crate) struct Watch {
    pub(crate) changes: tokio::sync::broadcast::Sender<Change>,
    pub(crate) secret: OnceLock<Vec<u8>>,
    /// Tokens known to be in the store already.
    pub(crate) written: Mutex<HashSet<String>>,
    /// The web front-end's public address, when one runs.
    pub(crate) base: Mutex<Option<String>>,
    /// The Telegram bot's token, when the bot runs on Telegram: the key
    /// its Mini App's init data is checked with (`webplay.rs`).
    pub(crate) telegram: Mutex<Option<crate::config::Secret>>,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            changes: tokio::sync::broadcast::channel(CHANGES).0,
            secret: OnceLock::new(),
            written: Mutex::new(HashSet::new()),
            base: Mutex::new(None),
            telegram: Mutex::new(None),
        }
    }
}

impl Watch {
    /// Tells the web that `ch` is now at store version `version`.
    pub(crate) fn publish(&self, ch: &ChannelKey, version: u64) {
        // No receiver: no page open. Nothing to do.
        let _ = self.changes.send(Change {
            channel: WatchChannel(ch.clone()),
            version,
        });
    }
}
