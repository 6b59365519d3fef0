//! Throughput, latency and memory of the app layer with the durable store.
//!
//! `cargo bench -p tablero-app --bench app` prints:
//! - moves per second and per-command latency (p50, p99, max) for moves
//!   played through `App::handle` — parse, rules, sled commit + flush, image —
//!   by 2 threads over 16 channels;
//! - resident memory of a process serving a store of 10,000 games.
//!
//! `BENCH_RENDERER=fake` swaps the stand-in PNG renderer for the fake one;
//! `BENCH_MOVES` sets the number of moves (default 4000).

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::splitmix;
use tablero_app::App;
use tablero_app::console::incoming;
use tablero_rules::{AnyGame, GameId, GameRecord, Setup};
use tablero_store::{ChannelKey, GameDoc, Store, UserRef};

fn app(dir: &std::path::Path) -> App {
    common::app(Store::open(dir, 16 << 20).unwrap())
}

fn rss_kb() -> (u64, u64) {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |k: &str| {
        s.lines()
            .find(|l| l.starts_with(k))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// CPU time used by this process so far (user + system), from /proc.
fn cpu_time() -> Duration {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = s.rsplit(')').next().unwrap_or("");
    let f: Vec<u64> = after
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the name.
    let ticks = f.get(10).copied().unwrap_or(0) + f.get(11).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

fn throughput() {
    let dir = tempfile::tempdir().unwrap();
    let app = Arc::new(app(dir.path()));
    let cpu0 = cpu_time();
    let (lat, wall) = common::play(&app, "", common::moves(4000));
    let cpu = cpu_time() - cpu0;
    let n = lat.len() as f64;
    println!(
        "{}",
        common::report(
            &format!(
                "App::handle, {} threads, {} channels, challenges in the wall time",
                common::THREADS,
                common::CHANNELS
            ),
            lat,
            wall
        )
    );
    println!(
        "CPU time {:.2} ms per move (= {:.0} moves/s per core)",
        cpu.as_secs_f64() * 1000.0 / n,
        n / cpu.as_secs_f64(),
    );
}

/// Writes 10,000 games (ongoing, 10 moves each) over 1,000 channels and 400
/// users straight into a store.
fn populate(dir: &std::path::Path) {
    let store = Store::open(dir, 16 << 20).unwrap();
    let mut g = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
    let mut rec = GameRecord::new(GameId::Breakthrough, Setup::default());
    let mut seed = 1;
    for _ in 0..10 {
        let moves = g.legal_moves();
        let m = moves[(splitmix(&mut seed) % moves.len() as u64) as usize].clone();
        g.play(&m).unwrap();
        rec.moves.push(m);
    }
    let record = rec.to_string();
    let user = |i: u64| UserRef {
        id: format!("u{i}"),
        name: format!("user{i}"),
    };
    for chunk in 0..10 {
        let mut b = store.batch();
        for n in chunk * 1000..(chunk + 1) * 1000 {
            let ch = ChannelKey::new(tablero_app::Platform::Console, format!("c{}", n / 10));
            let id = n % 10 + 1;
            let doc = GameDoc {
                created_ms: 0,
                move_limit_secs: Some(72 * 3600),
                next_event_ms: Some(1_767_225_600_000 + 36 * 3_600_000),
                ..GameDoc::new(
                    ch.clone(),
                    id,
                    [user(n % 400), user((n * 7 + 1) % 400)],
                    record.clone(),
                    1_767_225_600_000,
                )
            };
            b.put_game(&doc, None);
            b.set_next_id(&ch, 11);
        }
        store.commit(b).unwrap();
    }
    store.flush().unwrap();
}

/// In a fresh process: open the 10,000-game store, serve commands that load
/// games from many channels, report memory.
fn serve(dir: &std::path::Path) {
    let app = app(dir);
    let (ongoing, _) = app.store().count_games().unwrap();
    let mut seed = 3;
    let t0 = Instant::now();
    for i in 0..400 {
        let r = app
            .handle(&incoming(&format!("u{i}"), "c0", "mygames"))
            .unwrap();
        assert!(!r.error);
    }
    for _ in 0..2000 {
        let c = splitmix(&mut seed) % 1000;
        let id = splitmix(&mut seed) % 10 + 1;
        let r = app
            .handle(&incoming(
                "watcher",
                &format!("c{c}"),
                &format!("board #{id}"),
            ))
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }
    let (rss, hwm) = rss_kb();
    println!(
        "memory: {ongoing} stored games; after `mygames` for 400 users and 2000 `board` commands over 1000 channels ({:.1} s): RSS {:.1} MB, peak {:.1} MB",
        t0.elapsed().as_secs_f64(),
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
}

fn main() {
    if let Ok(dir) = std::env::var("TABLERO_BENCH_SERVE") {
        serve(std::path::Path::new(&dir));
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    throughput();
    let dir = tempfile::tempdir().unwrap();
    populate(dir.path());
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env("TABLERO_BENCH_SERVE", dir.path())
        .output()
        .unwrap();
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
}
