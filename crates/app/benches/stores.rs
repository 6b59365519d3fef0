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

mod common;

use std::sync::Arc;
use std::time::Duration;

use tablero_store::Store;

/// Plays `total` moves on `store` over channels named `{prefix}c0…`.
fn play(store: Store, prefix: &str, total: usize) -> (Vec<Duration>, Duration) {
    common::play(&Arc::new(common::app(store)), prefix, total)
}

fn report(what: &str, lat: Vec<Duration>, wall: Duration) {
    println!("{}", common::report(what, lat, wall));
}

fn moves_per_process() -> usize {
    common::moves(2000)
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
