//! What the app benches share: the random-game driver that plays moves
//! through `App::handle` from several threads, the renderer choice, and
//! the latency report.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tablero_app::console::incoming;
use tablero_app::{App, BoardRenderer, FakeRenderer, ManualClock, PngRenderer, Settings};
use tablero_rules::{AnyGame, GameId, Setup, Side};
use tablero_store::Store;

/// Threads playing at once, and the channels they share out.
pub const THREADS: usize = 2;
pub const CHANNELS: usize = 16;

pub fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The real PNG renderer, or the fake one under `BENCH_RENDERER=fake`.
pub fn renderer() -> (Arc<dyn BoardRenderer>, &'static str) {
    match std::env::var("BENCH_RENDERER").as_deref() {
        Ok("fake") => (Arc::new(FakeRenderer), "fake renderer"),
        _ => (Arc::new(PngRenderer), "tablero-render PNG renderer"),
    }
}

/// `BENCH_MOVES`, or `default`.
pub fn moves(default: usize) -> usize {
    std::env::var("BENCH_MOVES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// An app on `store` with a clock that stands still.
pub fn app(store: Store) -> App {
    App::new(
        store,
        Arc::new(ManualClock::at(1_767_225_600_000)),
        renderer().0,
        Settings::default(),
    )
}

/// Plays `total` random Breakthrough moves through `app` from [`THREADS`]
/// threads over channels `{prefix}c0…`, challenging and accepting a new
/// game in a channel whenever its game ends. Returns each move command's
/// latency and the wall time.
pub fn play(app: &Arc<App>, prefix: &str, total: usize) -> (Vec<Duration>, Duration) {
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(total)));
    let start = Instant::now();
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let (app, latencies) = (app.clone(), latencies.clone());
            let prefix = prefix.to_string();
            std::thread::spawn(move || {
                let mut seed = 7 + t as u64;
                let mine: Vec<String> = (0..CHANNELS)
                    .filter(|c| c % THREADS == t)
                    .map(|c| format!("{prefix}c{c}"))
                    .collect();
                let mut games: Vec<Option<(AnyGame, u64)>> = vec![None; mine.len()];
                let mut next_id = vec![1u64; mine.len()];
                let mut lat = Vec::new();
                let mut i = 0;
                while lat.len() < total / THREADS {
                    let k = i % mine.len();
                    i += 1;
                    let ch = &mine[k];
                    if games[k].as_ref().is_none_or(|(g, _)| g.outcome().is_some()) {
                        app.handle(&incoming("bob", ch, "hi"));
                        app.handle(&incoming("alice", ch, "challenge @bob breakthrough"));
                        let r = app.handle(&incoming("bob", ch, "accept")).unwrap();
                        assert!(!r.error, "{}", r.plain_text());
                        let g = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
                        games[k] = Some((g, next_id[k]));
                        next_id[k] += 1;
                    }
                    let (g, id) = games[k].as_mut().unwrap();
                    let moves = g.legal_moves();
                    let m = moves[(splitmix(&mut seed) % moves.len() as u64) as usize].clone();
                    let who = if g.turn().side == Side::First {
                        "alice"
                    } else {
                        "bob"
                    };
                    let t0 = Instant::now();
                    let r = app
                        .handle(&incoming(who, ch, &format!("move #{id} {m}")))
                        .unwrap();
                    lat.push(t0.elapsed());
                    assert!(!r.error && r.image.is_some(), "{}", r.plain_text());
                    g.play(&m).unwrap();
                }
                latencies.lock().unwrap().extend(lat);
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let wall = start.elapsed();
    let lat = latencies.lock().unwrap().clone();
    (lat, wall)
}

/// The one-minute load average, to read a run's figures by.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or("?")
        .to_string()
}

/// One line: moves, wall time, moves per second and the latency
/// percentiles (p50, p99, max) of `lat`.
pub fn report(what: &str, mut lat: Vec<Duration>, wall: Duration) -> String {
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{what}: {} moves in {:.2} s = {:.0} moves/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({}, load average {})",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(*lat.last().unwrap()),
        renderer().1,
        load_average()
    )
}
