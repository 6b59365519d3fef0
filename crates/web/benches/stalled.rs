//! Live streams that never read (issue 42, item 1), at the size:
//! `TABLERO_BENCH_STREAMS` (2,000) connections to `/g/TOKEN/events` from
//! `TABLERO_BENCH_ADDRESSES` (32) loopback addresses, 127.0.0.2 on, each
//! with a small receive window and never read, while
//! `TABLERO_BENCH_MOVES` (20) moves are played in a long chess game
//! (`TABLERO_BENCH_PLIES`, up to 1,320 plies, played first). Prints the
//! process's resident memory before the streams, with them open, after
//! the moves, and after they close. Server and clients share the process
//! (the clients' sockets are the kernel's, not resident memory).
//! `cargo bench -p tablero-web --bench stalled` (figures in
//! BENCHMARKS.md).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tablero_app::{App, ChannelKey, Incoming, Platform, Settings, User};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

fn user(n: &str) -> User {
    User {
        id: format!("id-{n}"),
        name: n.into(),
    }
}

fn channel() -> ChannelKey {
    ChannelKey::new(Platform::Telegram, "-100123")
}

/// Whether `text` by `who` was taken.
fn say(app: &App, who: &str, text: &str) -> bool {
    app.handle(&Incoming {
        channel: channel(),
        author: user(who),
        text: text.into(),
        mentions: vec![user("ana"), user("ben")],
        addressed: true,
        handle: None,
        reply_to: None,
        community: None,
        direct: false,
        manages: false,
        title: Some("Club".into()),
    })
    .is_some_and(|r| !r.error)
}

fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0)
        / 1024.0
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays up to `plies` moves (a deterministic pick among the legal ones
/// that do not end the game); returns the game as played.
fn play_long(app: &App, plies: usize) -> tablero_rules::AnyGame {
    let mut game =
        tablero_rules::AnyGame::new(tablero_rules::GameId::Chess, &Default::default()).unwrap();
    for i in 0..plies {
        let Some(mv) = next_move(&game, i) else { break };
        let who = if i % 2 == 0 { "ana" } else { "ben" };
        if !say(app, who, &format!("move {mv}")) {
            break;
        }
        game.play(&mv).unwrap();
    }
    game
}

fn next_move(game: &tablero_rules::AnyGame, i: usize) -> Option<String> {
    let moves = game.legal_moves();
    (0..moves.len())
        .map(|k| moves[(i * 7 + 3 + k) % moves.len()].clone())
        .find(|m| {
            let mut next = game.clone();
            next.play(m).is_ok() && next.outcome().is_none()
        })
}

fn main() {
    let streams = env("TABLERO_BENCH_STREAMS", 2000);
    let addresses = env("TABLERO_BENCH_ADDRESSES", 32).clamp(1, 250);
    let moves = env("TABLERO_BENCH_MOVES", 20);
    let plies = env("TABLERO_BENCH_PLIES", 1320);
    // Two descriptors a stream (both ends are here).
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write one rlimit.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut r) == 0 {
            r.rlim_cur = r.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &raw const r);
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let store = tablero_store::Store::open(dir.path(), 16 << 20).unwrap();
    let settings = Settings {
        limits: tablero_app::limits::Limits {
            commands_per_minute: 1_000_000,
            ..tablero_app::limits::Limits::default()
        },
        ..Settings::default()
    };
    let app = Arc::new(App::new(
        store,
        Arc::new(tablero_app::SystemClock),
        Arc::new(tablero_app::FakeRenderer),
        settings,
    ));
    assert!(say(&app, "ana", "challenge @ben chess"));
    assert!(say(&app, "ben", "accept"));
    let token = app.game_token(&channel(), 1).unwrap();
    let started = Instant::now();
    let mut game = play_long(&app, plies);
    let played = app.watch_game(&token).unwrap().unwrap().plies.len() - 1;
    println!(
        "a chess game of {played} plies played in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let limits = tablero_web::limit::Limits {
        // Nothing let go while measuring.
        stall: Duration::from_secs(3600),
        ..tablero_web::limit::Limits::default()
    };
    let addr = server_rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        tokio::spawn(tablero_web::serve(app.clone(), l, limits));
        addr
    });
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let path = format!("/g/{token}/events?lang=en");

    // One page that reads, to see the state's size and that it keeps up.
    let mut reader = clients.block_on(async {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(format!("GET {path} HTTP/1.1\r\nhost: b\r\n\r\n").as_bytes())
            .await
            .unwrap();
        BufReader::new(s)
    });
    let state = clients.block_on(next_data(&mut reader));
    println!("a state is {} KB", state / 1024);
    std::thread::sleep(Duration::from_millis(500));
    let before = rss_mb();

    let stalled = clients.block_on(async {
        let mut v = Vec::with_capacity(streams);
        for i in 0..streams {
            let from = std::net::Ipv4Addr::new(127, 0, 0, 2 + (i % addresses) as u8);
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.set_recv_buffer_size(4096).unwrap();
            socket.bind((from, 0).into()).unwrap();
            let mut s = socket.connect(addr).await.unwrap();
            s.write_all(format!("GET {path} HTTP/1.1\r\nhost: b\r\n\r\n").as_bytes())
                .await
                .unwrap();
            v.push(s);
        }
        v
    });
    std::thread::sleep(Duration::from_secs(2));
    let open = rss_mb();

    let mut made = 0;
    for i in 0..moves {
        let Some(mv) = next_move(&game, played + i) else {
            break;
        };
        let who = if (played + i) % 2 == 0 { "ana" } else { "ben" };
        if !say(&app, who, &format!("move {mv}")) {
            break;
        }
        game.play(&mv).unwrap();
        made += 1;
        // The reading page gets every move.
        clients.block_on(next_data(&mut reader));
    }
    std::thread::sleep(Duration::from_secs(2));
    let moved = rss_mb();
    drop(stalled);
    std::thread::sleep(Duration::from_secs(3));
    let closed = rss_mb();
    println!(
        "{streams} stalled streams from {addresses} addresses, {made} moves: resident memory {before:.1} MB before, {open:.1} MB open (+{:.1} KB a stream), {moved:.1} MB after the moves (+{:.1} MB), {closed:.1} MB after they closed",
        (open - before) * 1024.0 / streams as f64,
        moved - open
    );
}

/// Reads the next event's data; returns its length.
async fn next_data(r: &mut BufReader<tokio::net::TcpStream>) -> usize {
    let mut line = String::new();
    let mut data = 0;
    tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            line.clear();
            if r.read_line(&mut line).await.unwrap() == 0 {
                panic!("stream closed");
            }
            if line.starts_with("data:") {
                data += line.len();
            } else if data > 0 && line.trim().is_empty() {
                return;
            } else if data > 0 && !line.starts_with("event:") {
                // The rest of a data line after a chunk's size line.
                if !line.trim().chars().all(|c| c.is_ascii_hexdigit()) {
                    data += line.len();
                }
            }
        }
    })
    .await
    .expect("an event within 30 s");
    data
}
