//! Live updates: one feed per open page kind (a game in a language, a
//! list in a language), holding the newest event only, encoded once
//! ([`Update`]). Every open page of a feed shares those bytes, so a
//! thousand viewers of a game cost one rendering and one copy per change,
//! and a viewer that does not read holds no queue: it gets the newest
//! state when it reads again (`live.rs`). A feed changes only when what
//! it shows does: a game's pushed state holds no clock text that moves
//! with time (the page counts down from `data-deadline`) and no time of
//! rendering (each stream stamps its own).
//!
//! The feeds hear of changes two ways: the app's notices of this
//! process's commits (`App::watch_changes`, right after the commit), and a
//! poll of the store's channel versions every [`POLL`] for the channels
//! some page shows, which finds commits of other processes on a shared
//! PostgreSQL database (one indexed read per watched channel; sled has one
//! process, where the poll finds nothing new). Polling rather than
//! LISTEN/NOTIFY keeps the store's API synchronous and backend-neutral and
//! bounds the cost by what is watched, at the price of up to [`POLL`] of
//! delay for another process's moves.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tablero_app::App;
use tablero_app::watch::WatchChannel;
use tablero_rules::GameId;
use tokio::sync::{broadcast, watch};

use crate::live::Update;
use crate::pages::{self, Ask};

/// How often other processes' changes are looked for.
pub const POLL: Duration = Duration::from_millis(500);

/// What a feed follows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FeedKey {
    /// A game page, by token.
    Game(String, Ask),
    /// The live list, of one game or all.
    List(Option<GameId>, Ask),
    /// A tournament's page, by token.
    Tournament(String, Ask),
}

struct Feed {
    tx: watch::Sender<Update>,
    /// The game's channel, for game feeds.
    channel: Option<WatchChannel>,
}

/// The live feeds of a server.
pub struct Hub {
    app: Arc<App>,
    feeds: Mutex<HashMap<FeedKey, Feed>>,
    /// The newest version seen of each channel a feed shows.
    versions: Mutex<HashMap<WatchChannel, u64>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A feed's event now, and the channel it follows; `None` when the game
/// is unknown.
fn render(app: &App, key: &FeedKey) -> Option<(Update, Option<WatchChannel>)> {
    match key {
        FeedKey::Game(token, ask) => {
            let mut page = app.watch_game(token).ok()??;
            // The same state while nothing happens: the clock's text as
            // at the last change (the page's script counts down from the
            // deadline at once), and no time of rendering (each stream
            // sends its own `now`).
            page.now_ms = page.last_ms;
            let update = Update::stamped(&pages::game_state(&page, *ask))?;
            Some((update, Some(page.channel)))
        }
        FeedKey::Tournament(token, ask) => {
            let page = app.watch_tournament(token).ok()??;
            let update = Update::plain("tournament", &pages::tournament_state(&page, *ask));
            Some((update, Some(page.channel)))
        }
        FeedKey::List(game, ask) => {
            let games = app.watch_live(*game).unwrap_or_default();
            let now = app_now();
            let html = pages::live_table(&games, now, *ask).into_string();
            let json = serde_json::json!({ "html": html }).to_string();
            Some((Update::plain("list", &json), None))
        }
    }
}

/// The wall clock in ms, for "5m ago".
pub fn app_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Hub {
    pub fn new(app: Arc<App>) -> Arc<Hub> {
        Arc::new(Hub {
            app,
            feeds: Mutex::new(HashMap::new()),
            versions: Mutex::new(HashMap::new()),
        })
    }

    /// A receiver of `key`'s events, its current state marked unread so it
    /// is sent first (a reconnecting page catches up); `None` for a game
    /// that does not exist.
    pub async fn subscribe(self: &Arc<Hub>, key: FeedKey) -> Option<watch::Receiver<Update>> {
        if let Some(f) = lock(&self.feeds).get(&key) {
            let mut rx = f.tx.subscribe();
            rx.mark_changed();
            return Some(rx);
        }
        let app = self.app.clone();
        let k = key.clone();
        let (update, channel) = tokio::task::spawn_blocking(move || render(&app, &k))
            .await
            .ok()??;
        let mut feeds = lock(&self.feeds);
        let f = feeds.entry(key).or_insert_with(|| Feed {
            tx: watch::channel(update).0,
            channel,
        });
        let mut rx = f.tx.subscribe();
        rx.mark_changed();
        Some(rx)
    }

    /// Renders again the feeds `pick` chooses, off the async threads.
    async fn refresh(self: &Arc<Hub>, pick: impl Fn(&FeedKey, &Option<WatchChannel>) -> bool) {
        let keys: Vec<FeedKey> = lock(&self.feeds)
            .iter()
            .filter(|(k, f)| pick(k, &f.channel))
            .map(|(k, _)| k.clone())
            .collect();
        if keys.is_empty() {
            return;
        }
        let app = self.app.clone();
        let fresh = tokio::task::spawn_blocking(move || {
            keys.into_iter()
                .map(|k| {
                    let r = render(&app, &k);
                    (k, r)
                })
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
        let feeds = lock(&self.feeds);
        for (k, r) in fresh {
            if let (Some(f), Some((update, _))) = (feeds.get(&k), r) {
                f.tx.send_if_modified(|old| {
                    if *old == update {
                        return false;
                    }
                    *old = update;
                    true
                });
            }
        }
    }

    /// Whether `version` of `ch` is news, remembering it.
    fn news(&self, ch: &WatchChannel, version: u64) -> bool {
        let mut v = lock(&self.versions);
        let seen = v.entry(ch.clone()).or_insert(0);
        if version > *seen {
            *seen = version;
            true
        } else {
            false
        }
    }

    /// Refreshes what a change of `channels` touches: their games' feeds,
    /// and the lists.
    async fn changed(self: &Arc<Hub>, channels: Vec<WatchChannel>) {
        if channels.is_empty() {
            return;
        }
        self.refresh(|k, ch| match k {
            FeedKey::List(..) => true,
            FeedKey::Game(..) | FeedKey::Tournament(..) => {
                ch.as_ref().is_some_and(|c| channels.contains(c))
            }
        })
        .await;
    }

    /// Follows the app's notices and polls the store, until the app's
    /// notices end (never, while the app lives).
    pub async fn run(self: Arc<Hub>) {
        let mut changes = self.app.watch_changes();
        let poller = tokio::spawn(self.clone().poll());
        loop {
            let first = changes.recv().await;
            let mut touched = Vec::new();
            let mut all = false;
            let mut note =
                |r: Result<tablero_app::watch::Change, broadcast::error::RecvError>| match r {
                    Ok(c) => {
                        if self.news(&c.channel, c.version) && !touched.contains(&c.channel) {
                            touched.push(c.channel);
                        }
                        true
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        all = true;
                        true
                    }
                    Err(broadcast::error::RecvError::Closed) => false,
                };
            if !note(first) {
                break;
            }
            // Take what else is waiting: one rendering for a burst.
            while let Ok(c) = changes.try_recv() {
                note(Ok(c));
            }
            if all {
                self.refresh(|_, _| true).await;
            } else {
                self.changed(touched).await;
            }
        }
        poller.abort();
    }

    /// Every [`POLL`]: drops feeds nobody reads, and looks for other
    /// processes' changes to the channels shown.
    async fn poll(self: Arc<Hub>) {
        let mut every = tokio::time::interval(POLL);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut round: u64 = 0;
        let mut listed: Vec<WatchChannel> = Vec::new();
        loop {
            every.tick().await;
            round += 1;
            let (shown, lists) = {
                let mut feeds = lock(&self.feeds);
                feeds.retain(|_, f| f.tx.receiver_count() > 0);
                let shown: Vec<WatchChannel> =
                    feeds.values().filter_map(|f| f.channel.clone()).collect();
                let lists = feeds.keys().any(|k| matches!(k, FeedKey::List(..)));
                (shown, lists)
            };
            if shown.is_empty() && !lists {
                continue;
            }
            let app = self.app.clone();
            let relist = lists && (round % 4 == 1 || listed.is_empty());
            let mut watched = shown;
            let known = listed.clone();
            let found = tokio::task::spawn_blocking(move || {
                let listed = if relist {
                    app.watch_listed().unwrap_or_default()
                } else {
                    known
                };
                for c in &listed {
                    if !watched.contains(c) {
                        watched.push(c.clone());
                    }
                }
                let versions: Vec<(WatchChannel, u64)> = watched
                    .into_iter()
                    .filter_map(|c| app.watch_version(&c).ok().map(|v| (c, v)))
                    .collect();
                (listed, versions)
            })
            .await;
            let Ok((now_listed, versions)) = found else {
                continue;
            };
            let list_changed = now_listed != listed;
            listed = now_listed;
            let news: Vec<WatchChannel> = versions
                .into_iter()
                .filter(|(c, v)| self.news(c, *v))
                .map(|(c, _)| c)
                .collect();
            if list_changed {
                self.refresh(|k, _| matches!(k, FeedKey::List(..))).await;
            }
            self.changed(news).await;
        }
    }
}
