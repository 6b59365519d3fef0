//! A real browser on a game page: Debian's headless Chromium through
//! chromedriver (WebDriver, the `fantoccini` client). A move played
//! through the app shows in the page within 2 s without a reload; the
//! arrow keys step through the game and a viewer's place is kept while
//! moves arrive; the page catches up after the server restarts; the phone
//! layout at 390 px is one column with the board first; a screenshot is
//! checked loosely; an emulated phone (touch, 390×844) opens a long game's
//! page at its top and stays there as moves arrive. Never skipped: without a browser it fails and says
//! what to install (CI installs it, `.ci/run`).

use crate::support;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use support::*;
use tablero_app::PngRenderer;

const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver on a free port, killed when dropped.
pub(crate) struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub(crate) fn driver() -> Driver {
    let found = |p: &str| std::path::Path::new(p).exists();
    assert!(
        found(CHROMIUM) && which("chromedriver").is_some(),
        "the browser test needs Debian's `chromium` and `chromium-driver` \
         (apt-get install chromium chromium-driver; .ci/run installs them)"
    );
    let port = free_port();
    let child = Command::new(which("chromedriver").unwrap())
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver { child, port }
}

fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| std::path::Path::new(d).join(name))
        .find(|p| p.exists())
}

async fn browser(d: &Driver, profile: &std::path::Path) -> Client {
    browser_as(d, profile, None).await
}

/// A browser session; with `phone`, Chromium's emulation of a phone of that
/// size in CSS pixels: a touch screen without a mouse (`hover: none`,
/// `pointer: coarse`), three device pixels to a CSS pixel.
pub(crate) async fn browser_as(
    d: &Driver,
    profile: &std::path::Path,
    phone: Option<(u32, u32)>,
) -> Client {
    let mut options = json!({
        "binary": CHROMIUM,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            "--window-size=1200,1000",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    if let Some((w, h)) = phone {
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": w, "height": h, "pixelRatio": 3.0, "touch": true, "mobile": true },
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                          (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
        });
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", d.port))
        .await
        .expect("a browser session")
}

/// The board's src, the shown ply, how many positions the list has, and
/// whether the live stream is open.
async fn state(c: &Client) -> (String, u64, u64, String) {
    let v: Value = c
        .execute(
            "var a = document.querySelector('ol.moves a[aria-current]');
             return [document.getElementById('board').getAttribute('src'),
                     a ? Number(a.dataset.ply) : -1,
                     document.querySelectorAll('ol.moves a').length,
                     document.getElementById('live').dataset.state || ''];",
            vec![],
        )
        .await
        .unwrap();
    (
        v[0].as_str().unwrap_or("").to_string(),
        v[1].as_i64().unwrap_or(-1) as u64,
        v[2].as_u64().unwrap_or(0),
        v[3].as_str().unwrap_or("").to_string(),
    )
}

/// Waits until `check` holds of the page's state, at most `wait`.
async fn until(
    c: &Client,
    wait: Duration,
    what: &str,
    check: impl Fn(&(String, u64, u64, String)) -> bool,
) -> (String, u64, u64, String) {
    let deadline = Instant::now() + wait;
    loop {
        let s = state(c).await;
        if check(&s) {
            return s;
        }
        assert!(Instant::now() < deadline, "{what}: still {s:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn key(c: &Client, k: &str) {
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys(k)
        .await
        .unwrap();
}

const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";

fn play(app: &Arc<tablero_app::App>, who: tablero_app::User, mv: &'static str) -> Instant {
    let started = Instant::now();
    ok(app, &group(), &who, mv);
    started
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with(&dir.path().join("store"), Arc::new(PngRenderer));
    let token = chess_game(&app);
    ok(&app, &group(), &ana(), "e4");
    let port = free_port();
    let section = tablero_web::Section {
        listen: Some(format!("127.0.0.1:{port}")),
        ..tablero_web::Section::default()
    };
    let mut web = tablero_web::start(app.clone(), &section, None, false)
        .unwrap()
        .unwrap();
    let d = driver();
    let c = browser(&d, &dir.path().join("profile")).await;
    let url = format!("http://127.0.0.1:{port}/g/{token}");
    c.goto(&url).await.unwrap();
    let (src, ply, n, _) = until(
        &c,
        Duration::from_secs(10),
        "the page and its stream",
        |s| s.3 == "on",
    )
    .await;
    assert_eq!((ply, n), (1, 2), "{src}");

    // A move through the app: in the page within 2 s, no reload.
    c.execute("window.notReloaded = true;", vec![])
        .await
        .unwrap();
    let app2 = app.clone();
    let started = tokio::task::spawn_blocking(move || play(&app2, ben(), "e5"))
        .await
        .unwrap();
    let (src2, ply, _, _) = until(&c, Duration::from_secs(2), "the move", |s| s.1 == 2).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_ne!(src2, src, "the board changed");
    let text = c
        .find(Locator::Css("ol.moves"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("e5"), "{text}");
    let kept: Value = c
        .execute("return window.notReloaded === true;", vec![])
        .await
        .unwrap();
    assert_eq!(kept, json!(true), "the page was reloaded");
    assert_eq!(ply, 2);

    // The picture is really drawn: a PNG the browser decoded.
    let w: Value = c
        .execute(
            "var i = document.getElementById('board'); return i.complete ? i.naturalWidth : 0;",
            vec![],
        )
        .await
        .unwrap();
    assert!(w.as_u64().unwrap_or(0) > 200, "board not loaded: {w}");

    // Arrow keys step back and forward.
    key(&c, LEFT).await;
    let (back_src, ..) = until(&c, Duration::from_secs(2), "left arrow", |s| s.1 == 1).await;
    assert_eq!(back_src, src, "back to the position after e4");
    key(&c, LEFT).await;
    until(&c, Duration::from_secs(2), "left arrow again", |s| s.1 == 0).await;
    key(&c, RIGHT).await;
    until(&c, Duration::from_secs(2), "right arrow", |s| s.1 == 1).await;
    assert!(c.current_url().await.unwrap().as_str().ends_with("ply=1"));

    // Stepping back keeps its place while moves arrive.
    let app2 = app.clone();
    tokio::task::spawn_blocking(move || play(&app2, ana(), "Nf3"))
        .await
        .unwrap();
    let (_, ply, n, _) = until(&c, Duration::from_secs(2), "the move list grows", |s| {
        s.2 == 4
    })
    .await;
    assert_eq!((ply, n), (1, 4), "the viewer's place moved");
    // End goes to the newest, and the page follows it again.
    key(&c, "\u{E010}").await;
    until(&c, Duration::from_secs(2), "End", |s| s.1 == 3).await;

    // The server restarts while a move is played: the page reconnects by
    // itself and catches up.
    drop(web);
    let app2 = app.clone();
    tokio::task::spawn_blocking(move || play(&app2, ben(), "Nc6"))
        .await
        .unwrap();
    until(&c, Duration::from_secs(5), "the stream drops", |s| {
        s.3 == "off"
    })
    .await;
    web = tablero_web::start(app.clone(), &section, None, false)
        .unwrap()
        .unwrap();
    until(
        &c,
        Duration::from_secs(10),
        "caught up after a restart",
        |s| s.1 == 4 && s.3 == "on",
    )
    .await;

    // Phone: one column, the board first, nothing wider than the screen.
    c.set_window_size(390, 844).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let v: Value = c
        .execute(
            "var b = document.getElementById('board').getBoundingClientRect();
             var s = document.getElementById('side').getBoundingClientRect();
             return [window.innerWidth, document.documentElement.scrollWidth,
                     b.width, b.bottom <= s.top + 1, b.left >= 0];",
            vec![],
        )
        .await
        .unwrap();
    let inner = v[0].as_f64().unwrap();
    assert!(inner <= 390.0, "{v}");
    assert!(
        v[1].as_f64().unwrap() <= inner,
        "wider than the screen: {v}"
    );
    assert!(
        v[2].as_f64().unwrap() > inner * 0.8,
        "the board is small: {v}"
    );
    assert_eq!(v[3], json!(true), "the board is not above the moves: {v}");

    // A screenshot, checked loosely: its size, not blank, a board in it.
    let shot = c.screenshot().await.unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(&shot));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width, info.height);
    assert!((300..=1200).contains(&w) && h >= 500, "{w}×{h}");
    let px = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(px).collect();
    let distinct: std::collections::HashSet<&[u8]> = pixels.iter().copied().collect();
    assert!(
        distinct.len() > 50,
        "a blank screenshot: {} colours",
        distinct.len()
    );
    // The board's light squares (the renderer's chess palette, cream).
    let cream = pixels
        .iter()
        .filter(|p| p[0] > 215 && p[1] > 190 && p[1] < 235 && p[2] > 150 && p[2] < 200)
        .count();
    assert!(
        cream > pixels.len() / 50,
        "no board in the screenshot ({cream} light-square pixels)"
    );
    std::fs::write(dir.path().join("phone.png"), &shot).unwrap();

    c.close().await.unwrap();
    drop(web);
}

/// The moves of Morphy's Opera game up to 15…Nxd7 (30 plies), one at a
/// time: a game whose move list reaches below a phone's first screen.
const OPERA: [&str; 30] = [
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7",
];

/// Where a phone's page is scrolled, whether the arrow-key hint shows,
/// and whether the current move is inside the move list's visible part.
async fn phone_view(c: &Client) -> Value {
    c.execute(
        "var h = document.querySelector('.hint.keys');
         var l = document.querySelector('ol.moves').getBoundingClientRect();
         var a = document.querySelector('ol.moves a[aria-current]');
         var r = a ? a.getBoundingClientRect() : null;
         return { scrollY: window.scrollY, innerWidth: window.innerWidth,
                  hint: h ? getComputedStyle(h).display : 'missing',
                  boardTop: document.getElementById('board').getBoundingClientRect().top,
                  inList: !!r && r.top >= l.top - 1 && r.bottom <= l.bottom + 1,
                  touch: matchMedia('(hover: none) and (pointer: coarse)').matches };",
        vec![],
    )
    .await
    .unwrap()
}

/// A phone opens a long game's page at its top, with the board whole on
/// the screen, and stays there while moves arrive; the current move is
/// shown inside the move list, and the arrow-key hint is not offered on a
/// touch screen (issue 37: the page opened scrolled about 360 px down).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_opens_a_game_page_at_its_top() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with(&dir.path().join("store"), Arc::new(PngRenderer));
    let token = chess_game(&app);
    for (i, mv) in OPERA.iter().enumerate() {
        let who = if i % 2 == 0 { ana() } else { ben() };
        ok(&app, &group(), &who, mv);
    }
    let port = free_port();
    let section = tablero_web::Section {
        listen: Some(format!("127.0.0.1:{port}")),
        ..tablero_web::Section::default()
    };
    let web = tablero_web::start(app.clone(), &section, None, false)
        .unwrap()
        .unwrap();
    let d = driver();
    let c = browser_as(&d, &dir.path().join("profile"), Some((390, 844))).await;
    c.goto(&format!("http://127.0.0.1:{port}/g/{token}"))
        .await
        .unwrap();
    until(
        &c,
        Duration::from_secs(10),
        "the page and its stream",
        |s| s.3 == "on" && s.1 == 30,
    )
    .await;
    // The board's picture loaded (it sets the layout's height).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let w: Value = c
            .execute(
                "var i = document.getElementById('board'); return i.complete ? i.naturalWidth : 0;",
                vec![],
            )
            .await
            .unwrap();
        if w.as_u64().unwrap_or(0) > 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the board's picture did not load"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let v = phone_view(&c).await;
    assert_eq!(v["touch"], json!(true), "not a touch screen: {v}");
    assert!(v["innerWidth"].as_f64().unwrap() <= 390.0, "{v}");
    assert_eq!(v["scrollY"], json!(0), "the page opened scrolled down: {v}");
    assert_eq!(v["hint"], json!("none"), "the arrow-key hint shows: {v}");
    assert_eq!(v["inList"], json!(true), "the current move is hidden: {v}");

    // A move arrives: the page follows it without scrolling.
    let app2 = app.clone();
    tokio::task::spawn_blocking(move || play(&app2, ana(), "Qb8+"))
        .await
        .unwrap();
    until(&c, Duration::from_secs(3), "the live move", |s| s.1 == 31).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let v = phone_view(&c).await;
    assert_eq!(v["scrollY"], json!(0), "a live move scrolled the page: {v}");
    assert_eq!(v["inList"], json!(true), "the new move is hidden: {v}");

    // Stepping back with the buttons moves nothing but the list either.
    c.find(Locator::Id("first"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(&c, Duration::from_secs(2), "the first position", |s| {
        s.1 == 0
    })
    .await;
    let v = phone_view(&c).await;
    assert_eq!(v["scrollY"], json!(0), "{v}");
    c.close().await.unwrap();
    drop(web);
}
