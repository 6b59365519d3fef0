//! What the web tests share: an app whose players and chats have platform
//! ids unlike their names (so a page that leaked one would show), a server
//! on 127.0.0.1, and a small HTTP/1.1 client that can also misbehave.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tablero_app::{App, ChannelKey, Incoming, Platform, Reply, User};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Platform ids that must never appear in a page.
pub const SECRET_IDS: [&str; 4] = ["8812770041", "5530019922", "7713400066", "9944120033"];

/// The group chat (a listed one, once listed).
pub fn group() -> ChannelKey {
    ChannelKey::new(Platform::Telegram, "-1007713400066")
}

/// Ana's direct chat with the bot.
pub fn direct() -> ChannelKey {
    ChannelKey::new(Platform::Telegram, "9944120033")
}

pub fn ana() -> User {
    User {
        id: "8812770041".into(),
        name: "Ana".into(),
    }
}

pub fn ben() -> User {
    User {
        id: "5530019922".into(),
        name: "Ben".into(),
    }
}

/// `who` writes `text` in `ch`, as the Telegram adapter hands it over
/// (`manages`: a group administrator).
pub fn say_as(app: &App, ch: &ChannelKey, who: &User, text: &str, manages: bool) -> Reply {
    let msg = Incoming {
        channel: ch.clone(),
        author: who.clone(),
        text: text.into(),
        mentions: vec![ana(), ben()]
            .into_iter()
            .filter(|u| text.contains(&format!("@{}", u.name)))
            .collect(),
        addressed: true,
        handle: Some(who.name.clone()),
        reply_to: None,
        community: None,
        direct: *ch == direct(),
        manages,
        title: Some(if *ch == direct() {
            "Ana".into()
        } else {
            "Club de ajedrez".into()
        }),
    };
    app.handle(&msg)
        .unwrap_or_else(|| panic!("no reply to {}: {text}", who.name))
}

/// [`say_as`], which must succeed.
pub fn ok(app: &App, ch: &ChannelKey, who: &User, text: &str) -> String {
    let r = say_as(app, ch, who, text, false);
    assert!(!r.error, "{}: {text}: {}", who.name, r.plain_text());
    r.plain_text()
}

/// An app over a fresh store with `renderer`, its web links on `base`.
pub fn app_with(dir: &std::path::Path, renderer: Arc<dyn tablero_app::BoardRenderer>) -> Arc<App> {
    app_limited(dir, renderer, tablero_app::limits::Limits::default())
}

/// [`app_with`] under `limits`, but for the command rate: the tests send
/// many commands a minute.
pub fn app_limited(
    dir: &std::path::Path,
    renderer: Arc<dyn tablero_app::BoardRenderer>,
    limits: tablero_app::limits::Limits,
) -> Arc<App> {
    let store = tablero_store::Store::open(dir, 4 << 20).unwrap();
    let settings = tablero_app::Settings {
        bot_nodes: true,
        bot_min_delay: Duration::ZERO,
        limits: tablero_app::limits::Limits {
            commands_per_minute: 100_000,
            ..limits
        },
        ..tablero_app::Settings::default()
    };
    let app = Arc::new(App::new(
        store,
        Arc::new(tablero_app::SystemClock),
        renderer,
        settings,
    ));
    app.start_bots();
    app
}

/// Ana (White) and Ben begin chess #1 in the group; returns the game's
/// page token.
pub fn chess_game(app: &App) -> String {
    ok(app, &group(), &ana(), "challenge @Ben chess");
    ok(app, &group(), &ben(), "accept");
    app.game_token(&group(), 1).unwrap()
}

/// Starts the web front-end for `app` on a free 127.0.0.1 port.
pub async fn serve(app: Arc<App>, limits: tablero_web::limit::Limits) -> SocketAddr {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(tablero_web::serve(app, l, limits));
    addr
}

/// An answer.
#[derive(Debug)]
pub struct Got {
    pub status: u16,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Got {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }
}

/// `GET path` with extra header lines, read to the end.
pub async fn get_with(addr: SocketAddr, path: &str, extra: &[(&str, &str)]) -> Got {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n");
    for (k, v) in extra {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("an answer within 20 s")
        .unwrap();
    parse(&raw)
}

/// `POST path` with a JSON body (or any body), read to the end.
pub async fn post(addr: SocketAddr, path: &str, body: &str) -> Got {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("an answer within 20 s")
        .unwrap();
    parse(&raw)
}

pub async fn get(addr: SocketAddr, path: &str) -> Got {
    get_with(addr, path, &[]).await
}

/// Parses a whole HTTP/1.1 answer (chunked or not).
pub fn parse(raw: &[u8]) -> Got {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    if headers
        .get("transfer-encoding")
        .is_some_and(|t| t == "chunked")
    {
        let mut out = Vec::new();
        let mut rest = &body[..];
        while let Some(i) = rest.windows(2).position(|w| w == b"\r\n") {
            let n =
                usize::from_str_radix(String::from_utf8_lossy(&rest[..i]).trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.extend_from_slice(&rest[i + 2..i + 2 + n]);
            rest = &rest[i + 2 + n + 2..];
        }
        body = out;
    }
    Got {
        status,
        headers,
        body,
    }
}

/// An open event stream.
pub struct Stream {
    reader: BufReader<TcpStream>,
    pub status: u16,
    /// Whether the body comes in chunks (an event may span several).
    chunked: bool,
    /// Body bytes read and not yet taken as lines.
    pending: Vec<u8>,
    /// Bytes read of a chunked body, not yet decoded.
    raw: Vec<u8>,
    /// What is left of the chunk being read.
    left: usize,
}

impl Stream {
    pub async fn open(addr: SocketAddr, path: &str) -> Stream {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(
            format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\naccept: text/event-stream\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
        let mut reader = BufReader::new(s);
        let mut line = String::new();
        reader.read_line(&mut line).await.unwrap();
        let status = line.split(' ').nth(1).unwrap_or("0").parse().unwrap_or(0);
        let mut chunked = false;
        loop {
            line.clear();
            reader.read_line(&mut line).await.unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            let l = line.to_ascii_lowercase();
            if l.starts_with("transfer-encoding:") && l.contains("chunked") {
                chunked = true;
            }
        }
        Stream {
            reader,
            status,
            chunked,
            pending: Vec::new(),
            raw: Vec::new(),
            left: 0,
        }
    }

    /// The body's next line, its chunks put together; `None` at its end.
    /// Only whole reads change the state, so a time-out loses nothing.
    async fn line(&mut self) -> Option<String> {
        loop {
            if let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
                let l: Vec<u8> = self.pending.drain(..=i).collect();
                return Some(String::from_utf8_lossy(&l).into_owned());
            }
            if self.chunked && self.decode()? {
                continue;
            }
            let mut buf = [0u8; 4096];
            let n = self.reader.read(&mut buf).await.ok()?;
            if n == 0 {
                return None;
            }
            if self.chunked {
                self.raw.extend_from_slice(&buf[..n]);
            } else {
                self.pending.extend_from_slice(&buf[..n]);
            }
        }
    }

    /// Moves what it can of the chunked body read into `pending`:
    /// whether it moved anything; `None` at the last chunk.
    fn decode(&mut self) -> Option<bool> {
        let mut moved = false;
        loop {
            if self.left > 0 {
                let n = self.left.min(self.raw.len());
                if n == 0 {
                    return Some(moved);
                }
                self.pending.extend(self.raw.drain(..n));
                self.left -= n;
                moved = true;
                continue;
            }
            let Some(i) = self.raw.windows(2).position(|w| w == b"\r\n") else {
                return Some(moved);
            };
            let size: Vec<u8> = self.raw.drain(..i + 2).collect();
            let size = String::from_utf8_lossy(&size[..i]).trim().to_string();
            if size.is_empty() {
                // The line break after a chunk.
                continue;
            }
            let n = usize::from_str_radix(size.split(';').next()?.trim(), 16).ok()?;
            if n == 0 {
                return None;
            }
            self.left = n;
        }
    }

    /// The next event's name and data, within `wait`.
    pub async fn next(&mut self, wait: Duration) -> Option<(String, String)> {
        tokio::time::timeout(wait, async {
            let (mut name, mut data) = (String::new(), String::new());
            loop {
                let line = self.line().await?;
                let l = line.trim_end_matches(['\r', '\n']);
                if let Some(n) = l.strip_prefix("event:") {
                    name = n.trim().to_string();
                } else if let Some(d) = l.strip_prefix("data:") {
                    data.push_str(d.strip_prefix(' ').unwrap_or(d));
                } else if l.is_empty() && !name.is_empty() {
                    return Some((name, data));
                }
            }
        })
        .await
        .ok()
        .flatten()
    }
}

/// Every page must be free of platform ids.
pub fn no_ids(body: &str) {
    for id in SECRET_IDS {
        assert!(!body.contains(id), "a platform id ({id}) in a page: {body}");
    }
}
