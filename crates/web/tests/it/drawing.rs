//! Web drawing in the pool of heavy jobs (issue 42, item 4: 60 requests
//! for an uncached replay drew it 60 times at once; start pictures of any
//! options were drawn without bound): one drawing for requests at once
//! for one picture, no more drawings at once than an address's share and
//! the pool's size, `503` with `Retry-After` soon when no place frees up,
//! and start pictures kept within their bound.

use crate::support;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use support::*;
use tablero_app::{App, BoardRenderer, FakeRenderer};
use tablero_rules::{BoardView, GameId, Lang};
use tablero_web::limit::Limits;

/// The fake renderer, counting its drawings and how many ran at once,
/// each taking `pause` ms.
#[derive(Default)]
struct Counting {
    boards: AtomicUsize,
    replays: AtomicUsize,
    running: AtomicUsize,
    most: AtomicUsize,
    pause: AtomicU64,
}

impl Counting {
    /// Forgets what was drawn so far (setting games up draws boards).
    fn reset(&self) {
        self.boards.store(0, Ordering::SeqCst);
        self.replays.store(0, Ordering::SeqCst);
        self.most.store(0, Ordering::SeqCst);
    }

    fn drawing<T>(&self, f: impl FnOnce() -> T) -> T {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(self.pause.load(Ordering::SeqCst)));
        let out = f();
        self.running.fetch_sub(1, Ordering::SeqCst);
        out
    }
}

impl BoardRenderer for Counting {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        self.boards.fetch_add(1, Ordering::SeqCst);
        self.drawing(|| FakeRenderer.render(game, view, flip, players, lang))
    }

    fn replay(
        &self,
        game: GameId,
        views: &[BoardView],
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        self.replays.fetch_add(1, Ordering::SeqCst);
        self.drawing(|| FakeRenderer.replay(game, views, players, lang))
    }
}

/// An app with a pool of two heavy jobs, one an address, drawing with
/// `renderer`.
fn app_counting(dir: &std::path::Path, renderer: Arc<Counting>) -> Arc<App> {
    let limits = tablero_app::limits::Limits {
        heavy_jobs: 2,
        heavy_jobs_per_user: 1,
        ..tablero_app::limits::Limits::default()
    };
    app_limited(dir, renderer, limits)
}

/// `n` finished games of chess in the group, one after another; their
/// page tokens.
fn finished_games(app: &App, n: u64) -> Vec<String> {
    (1..=n)
        .map(|id| {
            ok(app, &group(), &ana(), "challenge @Ben chess");
            ok(app, &group(), &ben(), "accept");
            ok(app, &group(), &ana(), "e4");
            ok(app, &group(), &ben(), "resign yes");
            app.game_token(&group(), id).unwrap()
        })
        .collect()
}

/// `GET path` from `from` (127.0.0.x): the answer and how long it took.
async fn get_from(from: Ipv4Addr, addr: SocketAddr, path: String) -> (Got, Duration) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let started = Instant::now();
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("an answer within 20 s")
        .unwrap();
    (parse(&raw), started.elapsed())
}

fn loopback(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_at_once_for_one_replay_draw_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let renderer = Arc::new(Counting::default());
    let app = app_counting(dir.path(), renderer.clone());
    let tokens = finished_games(&app, 1);
    let addr = serve(app.clone(), Limits::default()).await;
    renderer.reset();
    renderer.pause.store(500, Ordering::SeqCst);
    let path = format!("/g/{}/replay.en.gif", tokens[0]);
    // Thirty clients, from six addresses, all at once.
    let asks: Vec<_> = (0..30u8)
        .map(|i| tokio::spawn(get_from(loopback(2 + i % 6), addr, path.clone())))
        .collect();
    let mut bodies = Vec::new();
    for a in asks {
        let (got, _) = a.await.unwrap();
        assert_eq!(got.status, 200, "{}", got.text());
        bodies.push(got.body);
    }
    assert_eq!(
        renderer.replays.load(Ordering::SeqCst),
        1,
        "drawn more than once"
    );
    assert!(bodies.windows(2).all(|w| w[0] == w[1]));
    assert!(bodies[0].starts_with(b"FAKEGIF chess"));
    // Kept: asked again, not drawn again.
    let (got, _) = get_from(loopback(9), addr, path).await;
    assert_eq!(got.status, 200);
    assert_eq!(renderer.replays.load(Ordering::SeqCst), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drawings_wait_for_their_share_and_a_full_pool_answers_busy_soon() {
    let dir = tempfile::tempdir().unwrap();
    let renderer = Arc::new(Counting::default());
    let app = app_counting(dir.path(), renderer.clone());
    let tokens = finished_games(&app, 4);
    let limits = Limits {
        draw_wait: Duration::from_millis(400),
        ..Limits::default()
    };
    let addr = serve(app.clone(), limits).await;
    renderer.reset();
    renderer.pause.store(1500, Ordering::SeqCst);
    let replay = |i: usize| format!("/g/{}/replay.en.gif", tokens[i]);
    // One address asks for two replays at once: one is drawn, the other
    // waits for the address's share and is then refused.
    let a = tokio::spawn(get_from(loopback(2), addr, replay(0)));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let b = tokio::spawn(get_from(loopback(2), addr, replay(1)));
    // Another address takes the pool's second place; a third finds the
    // pool full.
    let c = tokio::spawn(get_from(loopback(3), addr, replay(2)));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let d = tokio::spawn(get_from(loopback(4), addr, replay(3)));
    let mut answers = Vec::new();
    for t in [a, b, c, d] {
        answers.push(t.await.unwrap());
    }
    let statuses: Vec<u16> = answers.iter().map(|(g, _)| g.status).collect();
    assert_eq!(statuses, [200, 503, 200, 503], "{statuses:?}");
    for (got, took) in [&answers[1], &answers[3]] {
        assert_eq!(got.header("retry-after"), "5");
        assert!(*took < Duration::from_millis(1200), "busy after {took:?}");
    }
    assert_eq!(renderer.replays.load(Ordering::SeqCst), 2);
    assert!(renderer.most.load(Ordering::SeqCst) <= 2);
    // Once the pool is free, the refused ones are drawn.
    for i in [1, 3] {
        let (got, _) = get_from(loopback(5), addr, replay(i)).await;
        assert_eq!(got.status, 200, "{}", got.text());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_pictures_are_kept_within_their_bound() {
    let dir = tempfile::tempdir().unwrap();
    let renderer = Arc::new(Counting::default());
    let app = app_counting(dir.path(), renderer.clone());
    let addr = serve(app.clone(), Limits::default()).await;
    let spec = |n: usize| format!("/start/en/chess%20time={}m.png", n + 60);
    let boards = || renderer.boards.load(Ordering::SeqCst);
    let got = get(addr, &spec(0)).await;
    assert_eq!(got.status, 200, "{}", got.text());
    assert_eq!(boards(), 1);
    // Kept: asked again (spaces aside), not drawn again.
    assert_eq!(
        get(addr, "/start/en/chess%20%20time=60m.png").await.status,
        200
    );
    assert_eq!(boards(), 1);
    // More option texts than the cache keeps: the oldest goes.
    let more = tablero_web::START_CACHE_ENTRIES + 20;
    for n in 1..more {
        let got = get(addr, &spec(n)).await;
        assert_eq!(got.status, 200, "{}: {}", spec(n), got.text());
    }
    assert_eq!(boards(), more);
    assert_eq!(get(addr, &spec(more - 1)).await.status, 200);
    assert_eq!(boards(), more, "the newest was not kept");
    assert_eq!(get(addr, &spec(0)).await.status, 200);
    assert_eq!(boards(), more + 1, "the oldest was kept past the bound");
}
