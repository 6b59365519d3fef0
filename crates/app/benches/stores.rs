//! Moves per second and latency with each store backend, in one process
//! and in two processes on one database.
//!
//! `cargo bench -p tablero-app --bench stores` prints one line per run:
//! - sled, one process;
//! - PostgreSQL (a throw-away server started by `tablero-pgtest`), one
//!   process;
//! - PostgreSQL, two processes at once on one database (this benchmark run
//!   again as a child, twice), each on its own channels: moves per second
//!   of both together, latency over every move of both.
//!
//! Each process plays moves through `App::handle` (parse, channel locks,
//! rules, commit, image) from 2 threads over 16 channels, new games
//! challenged and accepted as games end. `BENCH_MOVES` sets the moves per
//! process (default 2000); `BENCH_RENDERER=fake` swaps the PNG renderer for
//! the fake one; `BENCH_PG_FSYNC=off` runs PostgreSQL without syncing to
//! disk (round trips only; not a durable setting).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tablero_app::console::incoming;
use tablero_app::{App, BoardRenderer, FakeRenderer, ManualClock, PngRenderer, Settings};
use tablero_rules::{AnyGame, GameId, Setup, Side};
use tablero_store::Store;

const THREADS: usize = 2;
const CHANNELS: usize = 16;

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn renderer() -> (Arc<dyn BoardRenderer>, &'static str) {
    match std::env::var("BENCH_RENDERER").as_deref() {
        Ok("fake") => (Arc::new(FakeRenderer), "fake renderer"),
        _ => (Arc::new(PngRenderer), "PNG renderer"),
    }
}

fn moves_per_process() -> usize {
    std::env::var("BENCH_MOVES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

/// Plays `total` moves on channels named `{prefix}c0…`; returns each move
/// command's latency and the wall time.
fn play(store: Store, prefix: &str, total: usize) -> (Vec<Duration>, Duration) {
    let app = Arc::new(App::new(
        store,
        Arc::new(ManualClock::at(1_767_225_600_000)),
        renderer().0,
        Settings::default(),
    ));
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

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or("?")
        .to_string()
}

fn report(what: &str, mut lat: Vec<Duration>, wall: Duration) {
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what}: {} moves in {:.2} s = {:.0} moves/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({}, load average {})",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(*lat.last().unwrap()),
        renderer().1,
        load_average()
    );
}

/// A child process: plays on `url` with its own channel prefix and prints
/// its latencies (µs) and wall time (µs) on one line.
fn worker(spec: &str) {
    let (url, prefix) = spec.rsplit_once(' ').expect("URL and prefix");
    let store = Store::open_url(url, 16 << 20).unwrap();
    let (lat, wall) = play(store, prefix, moves_per_process());
    let lat: Vec<String> = lat.iter().map(|d| d.as_micros().to_string()).collect();
    println!("wall {} lat {}", wall.as_micros(), lat.join(" "));
}

fn two_processes(url: &str) {
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..2)
        .map(|p| {
            std::process::Command::new(&exe)
                .env("TABLERO_BENCH_WORKER", format!("{url} p{p}"))
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut lat = Vec::new();
    let mut wall = Duration::ZERO;
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(out.status.success(), "a worker failed");
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().find(|l| l.starts_with("wall ")).unwrap();
        let mut words = line.split_whitespace();
        words.next();
        let w: u64 = words.next().unwrap().parse().unwrap();
        wall = wall.max(Duration::from_micros(w));
        words.next();
        lat.extend(words.map(|n| Duration::from_micros(n.parse().unwrap())));
    }
    // Both start together; the slower one's wall time is the run's.
    report("postgres, 2 processes", lat, wall);
}

fn main() {
    if let Ok(spec) = std::env::var("TABLERO_BENCH_WORKER") {
        worker(&spec);
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let total = moves_per_process();
    {
        let dir = tempfile::tempdir().unwrap();
        let (lat, wall) = play(Store::open(dir.path(), 16 << 20).unwrap(), "", total);
        report("sled, 1 process", lat, wall);
    }
    // fsync on, as sled flushes every commit: both pay for durability.
    // `BENCH_PG_FSYNC=off` shows what the round trips alone cost.
    let server = if std::env::var("BENCH_PG_FSYNC").as_deref() == Ok("off") {
        tablero_pgtest::PgServer::start()
    } else {
        tablero_pgtest::PgServer::start_durable()
    };
    {
        let url = server.create_database();
        let (lat, wall) = play(Store::open_url(&url, 16 << 20).unwrap(), "", total);
        report("postgres, 1 process", lat, wall);
    }
    two_processes(&server.create_database());
}
