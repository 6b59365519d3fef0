//! Tap-to-board latency on loopback: a player's board posts a move
//! (`/g/TOKEN/play/KEY`), reads the new state from the answer and fetches
//! the new board picture it names; the time from the POST's first byte
//! to the picture's last is what the tapping player waits. Real PNG
//! boards, production limits but the command rate; the chat's board for
//! the same move is drawn meanwhile (as in production, on the same two
//! cores). `cargo bench -p tablero-web --bench tap` (figures in
//! BENCHMARKS.md); `TABLERO_BENCH_GAMES` sets how many eight-move games.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tablero_app::{App, ChannelKey, Incoming, Platform, PngRenderer, Settings, User};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const LINE: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6"];

fn user(n: &str) -> User {
    User {
        id: format!("id-{n}"),
        name: n.into(),
    }
}

fn room() -> ChannelKey {
    ChannelKey::new(Platform::Telegram, "-100123")
}

fn say(app: &App, who: &str, text: &str) {
    let r = app
        .handle(&Incoming {
            mentions: vec![user("ana"), user("ben")],
            ..Incoming::addressed(room(), user(who), text)
        })
        .unwrap();
    assert!(!r.error, "{text}: {}", r.plain_text());
}

/// One whole HTTP/1.1 exchange: the status and the body.
async fn exchange(addr: SocketAddr, request: String) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.set_nodelay(true).unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..end]);
    let status = head[9..12].parse().unwrap();
    (status, raw[end + 4..].to_vec())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let games: u64 = std::env::var("TABLERO_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
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
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let addr = server_rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        tokio::spawn(tablero_web::serve(
            app.clone(),
            l,
            tablero_web::limit::Limits::default(),
        ));
        addr
    });
    app.set_web_base(Some(format!("http://{addr}")));
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (mut answered, mut shown) = (Vec::new(), Vec::new());
    for id in 1..=games {
        say(&app, "ana", "challenge @ben chess white");
        say(&app, "ben", "accept");
        let base = format!("http://{addr}");
        let keys = ["id-ana", "id-ben"].map(|u| {
            app.play_url(&room(), id, u)
                .unwrap()
                .strip_prefix(&base)
                .unwrap()
                .to_string()
        });
        for (ply, mv) in LINE.iter().enumerate() {
            let path = &keys[ply % 2];
            let body = format!(r#"{{"ply":{ply},"move":"{mv}"}}"#);
            let post = format!(
                "POST {path}?lang=en HTTP/1.1\r\nhost: b\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            );
            let (a, s) = clients.block_on(async {
                let t = Instant::now();
                let (status, answer) = exchange(addr, post).await;
                assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
                let a = t.elapsed();
                let v: serde_json::Value = serde_json::from_slice(&answer).unwrap();
                let src = v["state"]["src"].as_str().unwrap().to_string();
                let get = format!("GET {src} HTTP/1.1\r\nhost: b\r\nconnection: close\r\n\r\n");
                let (status, png) = exchange(addr, get).await;
                assert_eq!(status, 200);
                assert_eq!(&png[1..4], b"PNG");
                (a, t.elapsed())
            });
            answered.push(a);
            shown.push(s);
        }
        // The chat's boards of this game are drawn before the next.
        let _ = app.wait_notices(Platform::Telegram, Duration::from_millis(500));
    }
    answered.sort();
    shown.sort();
    println!(
        "{} moves: answer median {:?}, p90 {:?}; tap to board shown median {:?}, p90 {:?}, max {:?}",
        shown.len(),
        percentile(&answered, 0.5),
        percentile(&answered, 0.9),
        percentile(&shown, 0.5),
        percentile(&shown, 0.9),
        shown[shown.len() - 1],
    );
}
