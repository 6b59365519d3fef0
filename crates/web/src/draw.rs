//! Drawing for the web: replays, charts, start pictures and boards, one
//! job per picture however many ask for it at once, and the costly ones
//! in the app's pool of heavy jobs, within the asking address's share.
//!
//! A request for a picture being drawn joins that job ([`Drawing::draw`],
//! keyed by the picture's cache key) instead of drawing it again; the job
//! runs on its own task, so it finishes (and fills the cache) even when
//! the client that started it goes away. A pooled job waits here, on no
//! thread, for its address's turn (at most the pool's share per address,
//! `[limits] heavy_jobs_per_user`) and for one of the places the web may
//! ask the app for (the pool's size), then takes its place in the app's
//! pool (`App::web_place`), which chats' replays, charts and the bot's
//! searches share; all of it within [`crate::limit::Limits::draw_wait`],
//! after which the answer is `503` with `Retry-After`, never a hang.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};
use tablero_app::App;
use tokio::sync::Semaphore;

use crate::Pictures;

/// What a drawing job gives.
#[derive(Clone, Debug)]
pub enum Drawn {
    /// The picture's bytes.
    Picture(Arc<Vec<u8>>),
    /// Nothing there to draw.
    NotFound,
    /// No place in the pool in time, or the address's share in use.
    Busy,
    /// The store could not be read, or the job failed.
    Unavailable,
}

/// The web's drawing jobs.
pub struct Drawing {
    app: Arc<App>,
    /// How long a pooled job may wait for its turn and place.
    wait: Duration,
    /// Jobs being drawn, by cache key.
    flights: Mutex<HashMap<String, Shared<BoxFuture<'static, Drawn>>>>,
    /// Pooled jobs let through to the app's pool at once: its size, so
    /// no more blocking threads ever wait there than it has places.
    places: Arc<Semaphore>,
    /// Each address's turns, while it has jobs waiting or running.
    turns: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
    /// Pooled jobs one address may run at once.
    share: usize,
    /// Jobs run (drawn or not), for the operator and the tests.
    runs: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Drawing {
    #[must_use]
    pub fn new(app: Arc<App>, wait: Duration) -> Arc<Drawing> {
        let (size, share) = app.heavy_jobs();
        Arc::new(Drawing {
            app,
            wait,
            flights: Mutex::default(),
            places: Arc::new(Semaphore::new(size.max(1))),
            turns: Mutex::default(),
            share: share.max(1),
            runs: AtomicU64::new(0),
        })
    }

    /// How many jobs have run.
    #[must_use]
    pub fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }

    /// The picture `key` names, drawn by `job` unless a job for it is
    /// running, whose result it then shares. `pooled`: a costly job, run
    /// in the pool of heavy jobs as `client`'s. A picture drawn is put in
    /// `cache` (under `key`) before the job ends, so a request that finds
    /// no job finds the picture.
    pub async fn draw(
        self: &Arc<Self>,
        key: &str,
        client: IpAddr,
        pooled: bool,
        cache: Option<Arc<Pictures>>,
        job: impl FnOnce(&App) -> Drawn + Send + 'static,
    ) -> Drawn {
        let flight = {
            let mut flights = lock(&self.flights);
            if let Some(f) = flights.get(key) {
                f.clone()
            } else {
                let me = self.clone();
                let k = key.to_string();
                let task = tokio::spawn(async move {
                    let drawn = if pooled {
                        me.pooled(client, job).await
                    } else {
                        me.unpooled(job).await
                    };
                    if let (Drawn::Picture(p), Some(cache)) = (&drawn, cache) {
                        cache.put(k.clone(), p.clone());
                    }
                    lock(&me.flights).remove(&k);
                    drawn
                });
                let f = async move { task.await.unwrap_or(Drawn::Unavailable) }
                    .boxed()
                    .shared();
                flights.insert(key.to_string(), f.clone());
                f
            }
        };
        flight.await
    }

    async fn unpooled(&self, job: impl FnOnce(&App) -> Drawn + Send + 'static) -> Drawn {
        self.runs.fetch_add(1, Ordering::Relaxed);
        let app = self.app.clone();
        tokio::task::spawn_blocking(move || job(&app))
            .await
            .unwrap_or(Drawn::Unavailable)
    }

    async fn pooled(
        &self,
        client: IpAddr,
        job: impl FnOnce(&App) -> Drawn + Send + 'static,
    ) -> Drawn {
        let until = tokio::time::Instant::now() + self.wait;
        let turns = self.turns_of(client);
        let drawn = async {
            let Ok(Ok(_turn)) = tokio::time::timeout_at(until, turns.clone().acquire_owned()).await
            else {
                return Drawn::Busy;
            };
            let Ok(Ok(_place)) =
                tokio::time::timeout_at(until, self.places.clone().acquire_owned()).await
            else {
                return Drawn::Busy;
            };
            self.runs.fetch_add(1, Ordering::Relaxed);
            let app = self.app.clone();
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            let address = client.to_string();
            tokio::task::spawn_blocking(move || match app.web_place(&address, left) {
                Some(_place) => job(&app),
                None => Drawn::Busy,
            })
            .await
            .unwrap_or(Drawn::Unavailable)
        }
        .await;
        drop(turns);
        self.done_with(client);
        drawn
    }

    /// `client`'s turns, made when it has none waiting or running.
    fn turns_of(&self, client: IpAddr) -> Arc<Semaphore> {
        lock(&self.turns)
            .entry(client)
            .or_insert_with(|| Arc::new(Semaphore::new(self.share)))
            .clone()
    }

    /// Forgets `client`'s turns once nothing of it waits or runs.
    fn done_with(&self, client: IpAddr) {
        let mut turns = lock(&self.turns);
        if turns
            .get(&client)
            .is_some_and(|t| Arc::strong_count(t) == 1)
        {
            turns.remove(&client);
        }
    }

    /// How many addresses have jobs waiting or running.
    #[must_use]
    pub fn addresses(&self) -> usize {
        lock(&self.turns).len()
    }
}
