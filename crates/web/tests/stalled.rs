//! Live streams that are never read hold a bounded amount each (issue 42,
//! item 1): hundreds of stalled `/g/TOKEN/events` streams from several
//! loopback addresses, while a long game changes again and again, keep
//! the process's resident memory within a generous bound. Alone in its
//! file: the figure is the whole process's, so no other test may run
//! beside it. `cargo bench -p tablero-web --bench stalled` measures the
//! same at the size (figures in BENCHMARKS.md).

#[path = "it/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::Duration;

use support::*;
use tablero_app::FakeRenderer;
use tablero_web::limit::Limits;

/// Stalled streams, and the addresses they come from (127.0.0.2 on).
const STREAMS: usize = 320;
const ADDRESSES: usize = 8;

/// The resident memory of this process, in KB.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Plays up to `plies` moves of chess in the group (each move a
/// deterministic pick among the legal ones), stopping before one that
/// would end the game; returns how many were played.
fn play_long(app: &tablero_app::App, plies: usize) -> usize {
    let mut game =
        tablero_rules::AnyGame::new(tablero_rules::GameId::Chess, &Default::default()).unwrap();
    let mut played = 0;
    for i in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer a move that does not end the game.
        let Some(mv) = (0..moves.len())
            .map(|k| moves[(i * 7 + 3 + k) % moves.len()].clone())
            .find(|m| {
                let mut next = game.clone();
                next.play(m).is_ok() && next.outcome().is_none()
            })
        else {
            break;
        };
        let who = if i % 2 == 0 { ana() } else { ben() };
        if say_as(app, &group(), &who, &format!("move {mv}"), false).error {
            break;
        }
        game.play(&mv).unwrap();
        played += 1;
    }
    played
}

/// A stream that asks for `path` from `from` and never reads, with a
/// small receive window so the server's writes stall soon.
async fn stalled(
    from: std::net::Ipv4Addr,
    addr: std::net::SocketAddr,
    path: &str,
) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.bind((from, 0).into()).unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nhost: x\r\n\r\n").as_bytes())
        .await
        .unwrap();
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_streams_hold_a_bounded_amount_each() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with(dir.path(), Arc::new(FakeRenderer));
    let token = chess_game(&app);
    let app2 = app.clone();
    let played = tokio::task::spawn_blocking(move || play_long(&app2, 240))
        .await
        .unwrap();
    assert!(played >= 60, "only {played} plies");
    let limits = Limits {
        // Nothing is let go during the test for being stuck.
        stall: Duration::from_secs(600),
        ..Limits::default()
    };
    let addr = serve(app.clone(), limits).await;
    let path = format!("/g/{token}/events?lang=en");
    let mut reader = Stream::open(addr, &path).await;
    let (_, first) = reader.next(Duration::from_secs(5)).await.expect("a state");
    let size = first.len();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rss_kb();

    let mut streams = Vec::with_capacity(STREAMS);
    for i in 0..STREAMS {
        let from = std::net::Ipv4Addr::new(127, 0, 0, 2 + (i % ADDRESSES) as u8);
        streams.push(stalled(from, addr, &path).await);
    }
    // Twenty changes, each a new whole state: offers made and declined.
    for i in 0..10 {
        let app2 = app.clone();
        tokio::task::spawn_blocking(move || {
            let (offers, answers) = if (played + i) % 2 == 0 {
                (ana(), ben())
            } else {
                (ben(), ana())
            };
            ok(&app2, &group(), &offers, "draw");
            std::thread::sleep(Duration::from_millis(60));
            ok(&app2, &group(), &answers, "draw no");
        })
        .await
        .unwrap();
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    // The reading page keeps up.
    let mut last = String::new();
    while let Some((_, d)) = reader.next(Duration::from_millis(1500)).await {
        last = d;
    }
    assert!(last.contains("\"plies\""), "no state read");
    let after = rss_kb();
    let grown = after.saturating_sub(before);
    eprintln!(
        "{STREAMS} stalled streams, states of {size} bytes: resident memory {before} KB → {after} KB (+{grown} KB, {:.1} KB a stream)",
        grown as f64 / STREAMS as f64
    );
    // A fixed cost per stream is a few tens of KB; a queue of states
    // (the old way) is hundreds of KB per stream.
    assert!(
        grown < 40 * 1024,
        "{STREAMS} stalled streams grew resident memory by {grown} KB"
    );
    drop(streams);
}
