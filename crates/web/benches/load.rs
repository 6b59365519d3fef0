//! The web front-end under load, on loopback: 1,000 open live pages of one
//! game (time from a move to each page's event, memory per open page), and
//! pages per second for `/` and a game page. Server and clients share this
//! machine's cores. `cargo bench -p tablero-web --bench load` (figures in
//! BENCHMARKS.md); `TABLERO_BENCH_PAGES` and `TABLERO_BENCH_MOVES` change
//! the sizes.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tablero_app::{App, ChannelKey, Incoming, Platform, PngRenderer, Settings, User};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

fn user(n: &str) -> User {
    User {
        id: format!("id-{n}"),
        name: n.into(),
    }
}

fn say(app: &App, who: &str, text: &str, manages: bool) {
    let ch = ChannelKey::new(Platform::Telegram, "-100123");
    let r = app
        .handle(&Incoming {
            channel: ch,
            author: user(who),
            text: text.into(),
            mentions: vec![user("ana"), user("ben")],
            addressed: true,
            handle: None,
            reply_to: None,
            community: None,
            direct: false,
            manages,
            title: Some("Club".into()),
        })
        .unwrap();
    assert!(!r.error, "{text}: {}", r.plain_text());
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Opens an event stream and waits for its first event.
async fn open_page(addr: SocketAddr, path: &str) -> BufReader<TcpStream> {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nhost: b\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut r = BufReader::with_capacity(512, s);
    next_event(&mut r).await;
    r
}

/// Reads until the end of the next event.
async fn next_event(r: &mut BufReader<TcpStream>) {
    let mut line = String::new();
    let mut data = false;
    loop {
        line.clear();
        if r.read_line(&mut line).await.unwrap() == 0 {
            panic!("stream closed");
        }
        if line.starts_with("data:") {
            data = true;
        } else if data && line.trim().is_empty() {
            return;
        }
    }
}

/// GETs `path` on a kept-alive connection as fast as it can until
/// `until`; returns how many answers came.
async fn hammer(addr: SocketAddr, path: String, until: Instant) -> u64 {
    let s = TcpStream::connect(addr).await.unwrap();
    s.set_nodelay(true).unwrap();
    let mut r = BufReader::new(s);
    let req = format!("GET {path} HTTP/1.1\r\nhost: b\r\naccept-language: es\r\n\r\n");
    let mut n = 0;
    let mut line = String::new();
    let mut body = Vec::new();
    while Instant::now() < until {
        r.get_mut().write_all(req.as_bytes()).await.unwrap();
        let mut len = 0usize;
        let mut first = true;
        loop {
            line.clear();
            r.read_line(&mut line).await.unwrap();
            if first {
                assert!(line.contains(" 200 "), "{path}: {line}");
                first = false;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                len = v.trim().parse().unwrap();
            }
            if line == "\r\n" {
                break;
            }
        }
        body.resize(len, 0);
        r.read_exact(&mut body).await.unwrap();
        n += 1;
    }
    n
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let pages: usize = std::env::var("TABLERO_BENCH_PAGES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let moves: usize = std::env::var("TABLERO_BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let store = tablero_store::Store::open(dir.path(), 16 << 20).unwrap();
    let settings = Settings {
        limits: tablero_app::limits::Limits {
            commands_per_minute: 100_000,
            ..tablero_app::limits::Limits::default()
        },
        ..Settings::default()
    };
    let app = Arc::new(App::new(
        store,
        Arc::new(tablero_app::SystemClock),
        Arc::new(PngRenderer),
        settings,
    ));
    say(&app, "ana", "challenge @ben breakthrough", false);
    say(&app, "ben", "accept", false);
    say(&app, "ana", "web list on", true);
    let token = app
        .game_token(&ChannelKey::new(Platform::Telegram, "-100123"), 1)
        .unwrap();

    // The server on its own runtime (two workers), as in production.
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let limits = tablero_web::limit::Limits {
        per_address: 100_000,
        total: 100_000,
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

    // 1. Open pages: memory, then latency of each move to every page.
    let path = format!("/g/{token}/events?lang=en");
    let before = rss_kb();
    let streams = clients.block_on(async {
        let mut v = Vec::with_capacity(pages);
        for _ in 0..pages {
            v.push(open_page(addr, &path).await);
        }
        v
    });
    std::thread::sleep(Duration::from_millis(500));
    let after = rss_kb();
    let per_page = (after.saturating_sub(before)) as f64 * 1024.0 / pages as f64;
    println!(
        "{pages} open live pages: resident memory +{} KB, {:.1} KB per page (server and client sides)",
        after.saturating_sub(before),
        per_page / 1024.0
    );

    let plays = [
        "a2-a3", "h7-h6", "b2-b3", "g7-g6", "c2-c3", "f7-f6", "d2-d3", "e7-e6", "e2-e3", "d7-d6",
        "f2-f3", "c7-c6", "g2-g3", "b7-b6", "h2-h3", "a7-a6", "a3-a4", "h6-h5", "b3-b4", "g6-g5",
    ];
    let mut lat: Vec<Duration> = Vec::new();
    let mut streams = streams;
    for (i, mv) in plays.iter().take(moves).enumerate() {
        let who = if i % 2 == 0 { "ana" } else { "ben" };
        let app2 = app.clone();
        let mv = mv.to_string();
        let (got, out) = clients.block_on(async move {
            // Every page waits for its event; the move is committed at t0.
            let t0 = Instant::now();
            let mover = tokio::task::spawn_blocking(move || say(&app2, who, &mv, false));
            let mut waits = Vec::with_capacity(streams.len());
            for mut s in streams {
                waits.push(tokio::spawn(async move {
                    next_event(&mut s).await;
                    (s, t0.elapsed())
                }));
            }
            mover.await.unwrap();
            let mut back = Vec::new();
            let mut got = Vec::new();
            for w in waits {
                let (s, d) = w.await.unwrap();
                back.push(s);
                got.push(d);
            }
            (got, back)
        });
        streams = out;
        lat.extend(got);
    }
    lat.sort();
    println!(
        "move → event on each of {pages} pages, {} moves ({} events): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        moves,
        lat.len(),
        percentile(&lat, 0.5).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3
    );
    drop(streams);
    std::thread::sleep(Duration::from_millis(1200));

    // 2. Pages per second.
    for path in ["/".to_string(), format!("/g/{token}")] {
        let conns = 16;
        let secs = 5;
        let until = Instant::now() + Duration::from_secs(secs);
        let n: u64 = clients.block_on(async {
            let mut tasks = Vec::new();
            for _ in 0..conns {
                tasks.push(tokio::spawn(hammer(addr, path.clone(), until)));
            }
            let mut n = 0;
            for t in tasks {
                n += t.await.unwrap();
            }
            n
        });
        let shown = if path == "/" { "/" } else { "/g/TOKEN" };
        println!(
            "{shown}: {:.0} pages/s ({n} in {secs} s over {conns} kept-alive connections)",
            n as f64 / secs as f64
        );
    }
}
