//! Live streams that never read (issue 42, item 1), at the size:
//! `TABLERO_BENCH_STREAMS` (2,000) connections to `/g/TOKEN/events` from
//! `TABLERO_BENCH_ADDRESSES` (32) loopback addresses, 127.0.0.2 on, each
//! with a small receive window and never read, while
//! `TABLERO_BENCH_MOVES` (20) changes are made to a long chess game
//! (`TABLERO_BENCH_PLIES`, up to 1,320 plies, played first, each a
//! deterministic pick among the moves that do not end the game): moves,
//! or once no such move is left, draws offered and declined. Prints the
//! process's resident memory before the streams, with them open, after
//! the moves, and after they close. Server and clients share the process
//! (the clients' sockets are the kernel's, not resident memory).
//! Then issue 42's item 4: the game is resigned and
//! `TABLERO_BENCH_REPLAYS` (60) requests at once, from 6 addresses, ask
//! for its replay GIF, not drawn yet (time, CPU, peak memory); and for `TABLERO_BENCH_FLOOD` (10) seconds 32 clients
//! from 8 addresses ask for start pictures of ever new option texts
//! while a chat's `board` command is timed every 200 ms.
//! `cargo bench -p tablero-web --bench stalled` (figures in
//! BENCHMARKS.md); `BENCH_RENDERER=fake` draws nothing real.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
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

fn renderer() -> Arc<dyn tablero_app::BoardRenderer> {
    if std::env::var("BENCH_RENDERER").is_ok_and(|v| v == "fake") {
        Arc::new(tablero_app::FakeRenderer)
    } else {
        Arc::new(tablero_app::PngRenderer)
    }
}

/// The process's CPU time (user and system), in seconds.
fn cpu_s() -> f64 {
    // SAFETY: getrusage writes one rusage into the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &raw mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// The status of `GET path` from `from`; 0 when it failed.
async fn status_of(from: std::net::Ipv4Addr, addr: std::net::SocketAddr, path: String) -> u16 {
    use tokio::io::AsyncReadExt;
    let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
        return 0;
    };
    if socket.bind((from, 0).into()).is_err() {
        return 0;
    }
    let Ok(mut s) = socket.connect(addr).await else {
        return 0;
    };
    let req = format!("GET {path} HTTP/1.1\r\nhost: b\r\nconnection: close\r\n\r\n");
    if s.write_all(req.as_bytes()).await.is_err() {
        return 0;
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    String::from_utf8_lossy(raw.get(..12).unwrap_or_default())
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Samples the resident memory every 20 ms until `stop`; the most seen.
fn peak_rss(stop: Arc<std::sync::atomic::AtomicBool>) -> std::thread::JoinHandle<f64> {
    std::thread::spawn(move || {
        let mut most: f64 = 0.0;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            most = most.max(rss_mb());
            std::thread::sleep(Duration::from_millis(20));
        }
        most
    })
}

fn main() {
    let streams = env("TABLERO_BENCH_STREAMS", 2000);
    let addresses = env("TABLERO_BENCH_ADDRESSES", 32).clamp(1, 250);
    let moves = env("TABLERO_BENCH_MOVES", 20);
    let replays = env("TABLERO_BENCH_REPLAYS", 60).min(250) as u8;
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
        renderer(),
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

    // Each change a new whole state: a move, or when none is left that
    // does not end the game, a draw offered and then declined.
    let (mut made, mut offers) = (0, 0);
    for i in 0..moves {
        let mover = if (played + made) % 2 == 0 {
            "ana"
        } else {
            "ben"
        };
        let other = if mover == "ana" { "ben" } else { "ana" };
        if let Some(mv) = next_move(&game, played + i)
            && say(&app, mover, &format!("move {mv}"))
        {
            game.play(&mv).unwrap();
            made += 1;
            // The reading page gets every move.
            clients.block_on(next_data(&mut reader));
            continue;
        }
        assert!(say(&app, mover, "draw"));
        clients.block_on(next_data(&mut reader));
        assert!(say(&app, other, "draw no"));
        clients.block_on(next_data(&mut reader));
        offers += 1;
    }
    std::thread::sleep(Duration::from_secs(2));
    let moved = rss_mb();
    drop(stalled);
    std::thread::sleep(Duration::from_secs(3));
    let closed = rss_mb();
    println!(
        "{streams} stalled streams from {addresses} addresses, {made} moves and {offers} draw offers declined: resident memory {before:.1} MB before, {open:.1} MB open (+{:.1} KB a stream), {moved:.1} MB after the moves (+{:.1} MB), {closed:.1} MB after they closed",
        (open - before) * 1024.0 / streams as f64,
        moved - open
    );

    // Item 4: sixty requests at once for the finished game's replay.
    assert!(say(&app, "ana", "resign yes"));
    let replay = format!("/g/{token}/replay.en.gif");
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = peak_rss(stop.clone());
    let (t0, c0) = (Instant::now(), cpu_s());
    let statuses: Vec<u16> = clients.block_on(async {
        let asks: Vec<_> = (0..replays)
            .map(|i| {
                let from = std::net::Ipv4Addr::new(127, 0, 0, 2 + i % 6);
                tokio::spawn(status_of(from, addr, replay.clone()))
            })
            .collect();
        let mut v = Vec::new();
        for a in asks {
            v.push(a.await.unwrap_or(0));
        }
        v
    });
    let (took, cpu) = (t0.elapsed().as_secs_f64(), cpu_s() - c0);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.join().unwrap_or(0.0);
    let ok = statuses.iter().filter(|s| **s == 200).count();
    println!(
        "{replays} requests at once for the replay of a {}-ply game: {ok} answered 200 ({} other) in {took:.1} s, {cpu:.1} s of CPU; resident memory {closed:.1} MB before, peak {peak:.1} MB, {:.1} MB after",
        played + made,
        usize::from(replays) - ok,
        rss_mb()
    );

    // Item 4: start pictures of ever new option texts, while a chat's
    // `board` is timed.
    let flood = Duration::from_secs(env("TABLERO_BENCH_FLOOD", 10) as u64);
    assert!(say(&app, "ana", "challenge @ben breakthrough"));
    assert!(say(&app, "ben", "accept"));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let timer = {
        let (app, done) = (app.clone(), done.clone());
        std::thread::spawn(move || {
            let mut times = Vec::new();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let t = Instant::now();
                say(&app, "ana", "board");
                times.push(t.elapsed());
                std::thread::sleep(Duration::from_millis(200));
            }
            times.sort();
            times
        })
    };
    let counter = Arc::new(AtomicUsize::new(0));
    let until = Instant::now() + flood;
    let (answered, refused) = clients.block_on(async {
        let mut tasks = Vec::new();
        for c in 0..32u32 {
            let counter = counter.clone();
            tasks.push(tokio::spawn(async move {
                let from = std::net::Ipv4Addr::new(127, 0, 0, 2 + (c % 8) as u8);
                let (mut ok, mut busy) = (0usize, 0usize);
                while Instant::now() < until {
                    let n = counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let path = format!("/start/en/chess%20time={}m.jpg", 60 + n);
                    match status_of(from, addr, path).await {
                        200 => ok += 1,
                        _ => busy += 1,
                    }
                }
                (ok, busy)
            }));
        }
        let (mut ok, mut busy) = (0, 0);
        for t in tasks {
            let (o, b) = t.await.unwrap_or((0, 0));
            ok += o;
            busy += b;
        }
        (ok, busy)
    });
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let times = timer.join().unwrap_or_default();
    let pct = |p: f64| {
        times
            .get(((times.len().max(1) - 1) as f64 * p).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    println!(
        "start pictures of new option texts for {} s from 8 addresses: {answered} drawn ({:.0}/s), {refused} answered 503; the chat's `board` meanwhile: p50 {:.0} ms, max {:.0} ms ({} times)",
        flood.as_secs(),
        answered as f64 / flood.as_secs_f64(),
        pct(0.5),
        pct(1.0),
        times.len()
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
