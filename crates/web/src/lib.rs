//! Tablero's web front-end for spectators: a live page for every game,
//! the games being played in listed chats, players and leaderboards.
//! Read-only: nothing here changes a game.
//!
//! Axum on tokio; HTML rendered on the server (`pages.rs`, maud); a few
//! lines of plain JavaScript and a stylesheet embedded in the binary
//! (`assets/`); live updates by Server-Sent Events from shared feeds
//! (`feed.rs`, each stream's body in `live.rs`); limits on connections
//! per address and on clients that stop reading (`limit.rs`); pictures
//! drawn once however many ask, the costly ones in the app's pool of
//! heavy jobs (`draw.rs`). Everything shown comes from the app's typed
//! queries (`tablero_app::watch`). Connections are served by hyper's
//! HTTP/1 server directly (not `axum::serve`), to bound its write buffer
//! ([`WRITE_BUFFER`]).
//!
//! Routes:
//!
//! | route | what |
//! |---|---|
//! | `/` | the games being played in listed chats (live) |
//! | `/events` | its live updates (SSE) |
//! | `/games/{game}` and `/games/{game}/events` | the same, of one game |
//! | `/g/{token}` | a game's page; `?ply=N` shows position N |
//! | `/g/{token}/events` | its live updates (SSE) |
//! | `/g/{token}/board/{lang}/{ply}/{key}.png` | a position's picture (immutable) |
//! | `/g/{token}/record.pgn`, `record.txt`, `replay.{lang}.gif` | a finished game's files |
//! | `/p/{token}` | a player's page; `/p/{token}/chart/{lang}/{game}.png` their chart |
//! | `/leaderboard/{game}` | the best rated players of listed chats |
//! | `/static/…` | the stylesheet and script |
//!
//! Every page takes `?lang=en|es`; without it the browser's
//! `Accept-Language` chooses.

mod assets;
pub mod draw;
pub mod feed;
pub mod limit;
pub mod live;
pub mod pages;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use tablero_app::App;
use tablero_rules::{GameId, Lang};

use crate::draw::{Drawing, Drawn};
use crate::feed::{FeedKey, Hub};
use crate::limit::{Guarded, Limits};
use crate::live::{LiveBody, Update};
use crate::pages::Ask;

/// The longest request target served; a longer one is `414`.
pub const MAX_URI: usize = 2048;

/// How many pictures (boards, replays) are kept in memory, by bytes and
/// in number.
const PICTURE_CACHE_BYTES: usize = 64 << 20;
const PICTURE_CACHE_ENTRIES: usize = 16_384;

/// How many start pictures (`/start/…`) are kept, apart from the others
/// (any number of option texts can be asked for, and must not push the
/// boards out), by bytes and in number.
pub const START_CACHE_BYTES: usize = 8 << 20;
pub const START_CACHE_ENTRIES: usize = 512;

/// A board at this ply or later replays enough of its game to be drawn
/// in the pool of heavy jobs; earlier ones cost a few milliseconds.
pub const LONG_BOARD_PLY: usize = 300;

/// The most hyper keeps unwritten for a connection
/// (`http1::Builder::max_buf_size`; also the longest request head): it
/// asks a live stream for its next event only while less than this
/// waits, so a client that stops reading holds at most the event being
/// written (shared with every other stream of its feed), not a queue of
/// them (hyper's default is about 400 KB, or 16 events, per connection).
pub const WRITE_BUFFER: usize = 16 * 1024;

/// `[web]` in the configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// `HOST:PORT` to listen on; `off` for no web front-end.
    pub listen: Option<String>,
    /// The address people reach it at (`https://tablero.example.org`),
    /// for the links in chats.
    pub public_url: Option<String>,
    /// Open connections one address may hold (64).
    pub connections_per_address: Option<usize>,
}

/// What the server needs.
#[derive(Clone)]
struct Web {
    app: Arc<App>,
    hub: Arc<Hub>,
    pictures: Arc<Pictures>,
    /// Start pictures, apart.
    starts: Arc<Pictures>,
    drawing: Arc<Drawing>,
}

/// A bounded cache of pictures by address (whose content never changes),
/// the least recently used dropped first.
pub struct Pictures {
    /// Each picture and when it was last asked for; the bytes held.
    map: Mutex<(HashMap<String, Kept>, usize)>,
    bytes: usize,
    entries: usize,
}

type Kept = (Arc<Vec<u8>>, Instant);

impl Pictures {
    /// A cache of at most `bytes` bytes and `entries` pictures.
    #[must_use]
    pub fn new(bytes: usize, entries: usize) -> Pictures {
        Pictures {
            map: Mutex::default(),
            bytes,
            entries: entries.max(1),
        }
    }

    /// How many pictures, and bytes, are kept.
    #[must_use]
    pub fn held(&self) -> (usize, usize) {
        let m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        (m.0.len(), m.1)
    }

    fn get(&self, k: &str) -> Option<Arc<Vec<u8>>> {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.0.get_mut(k).map(|(v, used)| {
            *used = Instant::now();
            v.clone()
        })
    }

    fn put(&self, k: String, v: Arc<Vec<u8>>) {
        if v.len() > self.bytes {
            return;
        }
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.1 += v.len();
        if let Some((old, _)) = m.0.insert(k, (v, Instant::now())) {
            m.1 -= old.len();
        }
        while m.1 > self.bytes || m.0.len() > self.entries {
            // Drop the least recently used.
            let Some(oldest) =
                m.0.iter()
                    .min_by_key(|(_, (_, t))| *t)
                    .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((old, _)) = m.0.remove(&oldest) {
                m.1 -= old.len();
            }
        }
    }
}

#[derive(Deserialize, Default)]
struct PageQuery {
    lang: Option<String>,
    ply: Option<String>,
}

/// The language of a request: `?lang=`, else the first of English and
/// Spanish in `Accept-Language` by preference, else English.
fn ask_of(q: &PageQuery, headers: &HeaderMap) -> Ask {
    if let Some(l) = q.lang.as_deref().and_then(Lang::parse) {
        return Ask {
            lang: l,
            chosen: true,
        };
    }
    Ask {
        lang: accept_language(
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        ),
        chosen: false,
    }
}

/// The language a request asks for, as an extractor (see [`ask_of`]).
struct Asked(Ask);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Asked {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Asked, Self::Rejection> {
        // A query that does not parse asks for nothing.
        let q = Query::<PageQuery>::try_from_uri(&parts.uri)
            .map(|q| q.0)
            .unwrap_or_default();
        Ok(Asked(ask_of(&q, &parts.headers)))
    }
}

/// The game a path names, or the not-found page.
fn game_named(name: &str, ask: Ask) -> Result<GameId, Box<Response>> {
    name.parse::<GameId>().map_err(|_| Box::new(not_found(ask)))
}

/// The preferred of English and Spanish in an `Accept-Language` header.
#[must_use]
pub fn accept_language(value: &str) -> Lang {
    let mut best: Option<(f32, usize, Lang)> = None;
    for (i, part) in value.split(',').take(32).enumerate() {
        let mut bits = part.split(';');
        let tag = bits.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = bits
            .find_map(|b| {
                b.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
            })
            .unwrap_or(1.0);
        let lang = match tag.split('-').next() {
            Some("es") => Lang::Es,
            Some("en") => Lang::En,
            _ => continue,
        };
        if q > 0.0 && best.is_none_or(|(bq, bi, _)| q > bq || (q == bq && i < bi)) {
            best = Some((q, i, lang));
        }
    }
    best.map_or(Lang::En, |(_, _, l)| l)
}

fn html(markup: maud::Markup) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        markup.into_string(),
    )
        .into_response()
}

fn not_found(ask: Ask) -> Response {
    let w = tablero_app::watch::web_text(ask.lang);
    let mut r = html(pages::message(ask, w.not_found, w.not_found_body));
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "The store cannot be read just now.\n",
    )
        .into_response()
}

/// No place to draw in time: `503`, to be asked again in a few seconds.
fn busy() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::RETRY_AFTER, "5"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        "Busy drawing; try again in a few seconds.\n",
    )
        .into_response()
}

/// The address a request came from (the connection's peer); the
/// unspecified address when the router is served without one.
struct Client(IpAddr);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        ))
    }
}

/// Runs `f` on a blocking thread (the app is synchronous).
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// The game a list's path names (`/games/{game}`), `None` for every game
/// (`/`), as an extractor; a wrong name gets the not-found page.
struct ListOf(Option<GameId>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ListOf {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<ListOf, Response> {
        let Ok(Asked(ask)) = Asked::from_request_parts(parts, state).await;
        let game = Option::<Path<String>>::from_request_parts(parts, state)
            .await
            .map_err(|_| not_found(ask))?;
        match game {
            None => Ok(ListOf(None)),
            Some(Path(game)) => game_named(&game, ask).map(Some).map(ListOf).map_err(|r| *r),
        }
    }
}

/// The live games, of every game or of one.
async fn list_page(State(web): State<Web>, ListOf(game): ListOf, Asked(ask): Asked) -> Response {
    let app = web.app.clone();
    match blocking(move || app.watch_live(game)).await {
        Some(Ok(games)) => html(pages::live(&games, game, feed::app_now(), ask)),
        _ => unavailable(),
    }
}

/// A live stream of `rx`'s states as events named `name` (`live.rs`).
fn sse(rx: tokio::sync::watch::Receiver<Update>, name: &'static str) -> Response {
    let mut r = Response::new(Body::new(LiveBody::new(rx, name)));
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // Behind nginx: do not buffer the stream.
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    r
}

/// The live games' changes, of every game or of one, as server-sent
/// events.
async fn list_events(State(web): State<Web>, ListOf(game): ListOf, Asked(ask): Asked) -> Response {
    match web.hub.subscribe(FeedKey::List(game, ask)).await {
        Some(rx) => sse(rx, "list"),
        None => unavailable(),
    }
}

/// Whether `t` looks like a token at all (32 hex digits).
fn token_shaped(t: &str) -> bool {
    t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

async fn game_page(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let ask = ask_of(&q, &headers);
    if !token_shaped(&token) {
        return not_found(ask);
    }
    let app = web.app.clone();
    let page = match blocking(move || app.watch_game(&token)).await {
        Some(Ok(Some(p))) => p,
        Some(Ok(None)) => return not_found(ask),
        _ => return unavailable(),
    };
    let last = page.plies.len() - 1;
    // A ply past the end shows the end; anything else not a number, too.
    let ply = q
        .ply
        .as_deref()
        .and_then(|p| p.parse::<usize>().ok())
        .map_or(last, |p| p.min(last));
    html(pages::game(&page, ply, ask))
}

async fn game_events(
    State(web): State<Web>,
    Path(token): Path<String>,
    Asked(ask): Asked,
) -> Response {
    if !token_shaped(&token) {
        return not_found(ask);
    }
    match web.hub.subscribe(FeedKey::Game(token, ask)).await {
        Some(rx) => sse(rx, "state"),
        None => not_found(ask),
    }
}

fn lang_code(code: &str) -> Option<Lang> {
    match code {
        "en" => Some(Lang::En),
        "es" => Some(Lang::Es),
        _ => None,
    }
}

/// A picture whose address names its content: cached for a year.
fn immutable(bytes: Arc<Vec<u8>>, etag: &str, kind: &'static str, headers: &HeaderMap) -> Response {
    let tag = format!("\"{etag}\"");
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, tag),
                (
                    header::CACHE_CONTROL,
                    "public, max-age=31536000, immutable".to_string(),
                ),
            ],
        )
            .into_response();
    }
    let mut r = Response::new(Body::from(bytes.as_ref().clone()));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    r
}

/// What a drawing job gave, answered: an immutable picture, not found,
/// or busy.
fn drawn_picture(
    drawn: Drawn,
    etag: &str,
    kind: &'static str,
    headers: &HeaderMap,
    ask: Ask,
) -> Response {
    match drawn {
        Drawn::Picture(p) => immutable(p, etag, kind, headers),
        Drawn::NotFound => not_found(ask),
        Drawn::Busy => busy(),
        Drawn::Unavailable => unavailable(),
    }
}

/// A picture the app gave, as a job's result.
fn drawn_of(r: Result<Option<Vec<u8>>, tablero_app::AppError>) -> Drawn {
    match r {
        Ok(Some(p)) => Drawn::Picture(Arc::new(p)),
        Ok(None) => Drawn::NotFound,
        Err(_) => Drawn::Unavailable,
    }
}

async fn board(
    State(web): State<Web>,
    Client(client): Client,
    Path((token, lang, ply, file)): Path<(String, String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let ask = Ask {
        lang: lang_code(&lang).unwrap_or(Lang::En),
        chosen: false,
    };
    let (Some(l), Ok(ply), Some(key)) = (
        lang_code(&lang),
        ply.parse::<usize>(),
        file.strip_suffix(".png"),
    ) else {
        return not_found(ask);
    };
    if !token_shaped(&token) || key.len() != 16 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return not_found(ask);
    }
    let etag = format!("{token}-{lang}-{ply}-{key}");
    if let Some(png) = web.pictures.get(&etag) {
        return immutable(png, &etag, "image/png", &headers);
    }
    let key = key.to_string();
    let drawn = web
        .drawing
        .draw(
            &etag,
            client,
            ply >= LONG_BOARD_PLY,
            Some(web.pictures.clone()),
            move |app| drawn_of(app.watch_board(&token, ply, &key, l)),
        )
        .await;
    drawn_picture(drawn, &etag, "image/png", &headers, ask)
}

/// The start of a game with options, `/start/LANG/SPEC.jpg` (`SPEC` as
/// `breakthrough casual`, URL-encoded): the picture of a Telegram inline
/// result, which Telegram fetches by address and takes as JPEG only
/// (`photo_url` and `thumbnail_url`); `.png` serves the same picture as
/// PNG. Immutable: the same options always start the same position.
async fn start_board(
    State(web): State<Web>,
    Client(client): Client,
    Path((lang, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let ask = Ask {
        lang: lang_code(&lang).unwrap_or(Lang::En),
        chosen: false,
    };
    let Some(l) = lang_code(&lang) else {
        return not_found(ask);
    };
    let (spec, jpeg) = match (file.strip_suffix(".jpg"), file.strip_suffix(".png")) {
        (Some(spec), _) => (spec, true),
        (None, Some(spec)) => (spec, false),
        (None, None) => return not_found(ask),
    };
    if spec.len() > 64 {
        return not_found(ask);
    }
    let (ext, mime) = if jpeg {
        ("jpg", "image/jpeg")
    } else {
        ("png", "image/png")
    };
    // By the options as written, spaces aside.
    let spec = spec.split_whitespace().collect::<Vec<_>>().join(" ");
    let etag = format!("start-{lang}-{}-{ext}", hex_of(&spec));
    if let Some(picture) = web.starts.get(&etag) {
        return immutable(picture, &etag, mime, &headers);
    }
    let drawn = web
        .drawing
        .draw(&etag, client, true, Some(web.starts.clone()), move |app| {
            let Ok(png) = app.inline_picture(&spec, l) else {
                return Drawn::NotFound;
            };
            let picture = if jpeg { jpeg_of(&png) } else { Some(png) };
            picture.map_or(Drawn::NotFound, |p| Drawn::Picture(Arc::new(p)))
        })
        .await;
    drawn_picture(drawn, &etag, mime, &headers, ask)
}

/// A PNG as a JPEG (quality 90, transparency over white); `None` when it
/// cannot be read.
fn jpeg_of(png: &[u8]) -> Option<Vec<u8>> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    if info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    let pixels = &buf[..info.buffer_size()];
    let rgb: Vec<u8> = match info.color_type {
        png::ColorType::Rgb => pixels.to_vec(),
        png::ColorType::Rgba => pixels
            .chunks_exact(4)
            .flat_map(|p| {
                let a = u16::from(p[3]);
                let over = |c: u8| ((u16::from(c) * a + 255 * (255 - a)) / 255) as u8;
                [over(p[0]), over(p[1]), over(p[2])]
            })
            .collect(),
        _ => return None,
    };
    let (w, h) = (
        u16::try_from(info.width).ok()?,
        u16::try_from(info.height).ok()?,
    );
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 90)
        .encode(&rgb, w, h, jpeg_encoder::ColorType::Rgb)
        .ok()?;
    Some(out)
}

/// `s` in hexadecimal, fit for an entity tag.
fn hex_of(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

async fn record(
    State(web): State<Web>,
    Client(client): Client,
    Path((token, file)): Path<(String, String)>,
    Asked(ask): Asked,
    headers: HeaderMap,
) -> Response {
    if !token_shaped(&token) {
        return not_found(ask);
    }
    let app = web.app.clone();
    match file.as_str() {
        "record.pgn" | "record.txt" => {
            let pgn = file == "record.pgn";
            match blocking(move || app.watch_record(&token, pgn)).await {
                Some(Ok(Some((name, body)))) => (
                    [
                        (
                            header::CONTENT_TYPE,
                            if pgn {
                                "application/x-chess-pgn; charset=utf-8".to_string()
                            } else {
                                "text/plain; charset=utf-8".to_string()
                            },
                        ),
                        (
                            header::CONTENT_DISPOSITION,
                            format!("attachment; filename=\"{name}\""),
                        ),
                    ],
                    body,
                )
                    .into_response(),
                Some(Ok(None)) => not_found(ask),
                _ => unavailable(),
            }
        }
        _ => {
            let Some(l) = file
                .strip_prefix("replay.")
                .and_then(|r| r.strip_suffix(".gif"))
                .and_then(lang_code)
            else {
                return not_found(ask);
            };
            let etag = format!("{token}-replay-{file}");
            if let Some(gif) = web.pictures.get(&etag) {
                return finished_file(gif, &etag, "image/gif", &headers);
            }
            let drawn = web
                .drawing
                .draw(
                    &etag,
                    client,
                    true,
                    Some(web.pictures.clone()),
                    move |app| drawn_of(app.watch_replay(&token, l)),
                )
                .await;
            // A finished game's file never changes either.
            drawn_picture(drawn, &etag, "image/gif", &headers, ask)
        }
    }
}

/// A finished game's file never changes either.
fn finished_file(
    bytes: Arc<Vec<u8>>,
    etag: &str,
    kind: &'static str,
    headers: &HeaderMap,
) -> Response {
    immutable(bytes, etag, kind, headers)
}

async fn player_page(
    State(web): State<Web>,
    Path(token): Path<String>,
    Asked(ask): Asked,
) -> Response {
    if !token_shaped(&token) {
        return not_found(ask);
    }
    let app = web.app.clone();
    match blocking(move || app.watch_player(&token)).await {
        Some(Ok(Some(p))) => html(pages::player(&p, feed::app_now(), ask)),
        Some(Ok(None)) => not_found(ask),
        _ => unavailable(),
    }
}

async fn chart(
    State(web): State<Web>,
    Client(client): Client,
    Path((token, lang, file)): Path<(String, String, String)>,
    Asked(ask): Asked,
) -> Response {
    let (Some(l), Some(game)) = (
        lang_code(&lang),
        file.strip_suffix(".png")
            .and_then(|g| g.parse::<GameId>().ok()),
    ) else {
        return not_found(ask);
    };
    if !token_shaped(&token) {
        return not_found(ask);
    }
    // Not kept: a chart changes with every rated game. Requests at
    // once share one drawing.
    let key = format!("chart-{token}-{lang}-{game}");
    let drawn = web
        .drawing
        .draw(&key, client, true, None, move |app| {
            drawn_of(app.watch_chart(&token, game, l))
        })
        .await;
    match drawn {
        // Revalidated each time.
        Drawn::Picture(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            png.as_ref().clone(),
        )
            .into_response(),
        Drawn::NotFound => not_found(ask),
        Drawn::Busy => busy(),
        Drawn::Unavailable => unavailable(),
    }
}

async fn leaderboard(
    State(web): State<Web>,
    Path(game): Path<String>,
    Asked(ask): Asked,
) -> Response {
    let g = match game_named(&game, ask) {
        Ok(g) => g,
        Err(r) => return *r,
    };
    let app = web.app.clone();
    match blocking(move || app.watch_leaderboard(g)).await {
        Some(Ok(rows)) => html(pages::leaderboard(g, &rows, ask)),
        _ => unavailable(),
    }
}

async fn asset(Path(file): Path<String>, Asked(ask): Asked, headers: HeaderMap) -> Response {
    let (body, kind, tag) = if file == format!("style.{}.css", assets::style_tag()) {
        (
            assets::STYLE,
            "text/css; charset=utf-8",
            assets::style_tag(),
        )
    } else if file == format!("app.{}.js", assets::script_tag()) {
        (
            assets::SCRIPT,
            "text/javascript; charset=utf-8",
            assets::script_tag(),
        )
    } else {
        return not_found(ask);
    };
    immutable(Arc::new(body.as_bytes().to_vec()), tag, kind, &headers)
}

async fn fallback(Asked(ask): Asked) -> Response {
    not_found(ask)
}

/// Refuses request targets longer than [`MAX_URI`], and any method but
/// GET and HEAD: the web only shows.
async fn guard(req: Request, next: Next) -> Response {
    if req.uri().to_string().len() > MAX_URI {
        let ask = ask_of(&PageQuery::default(), req.headers());
        let w = tablero_app::watch::web_text(ask.lang);
        let mut r = html(pages::message(ask, w.not_found, w.too_long));
        *r.status_mut() = StatusCode::URI_TOO_LONG;
        return r;
    }
    if req.method() != axum::http::Method::GET && req.method() != axum::http::Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    r
}

/// The web front-end's routes over `app`, and the hub whose
/// [`Hub::run`] must be spawned for live updates; a costly drawing waits
/// at most `draw_wait` for its place.
pub fn router(app: Arc<App>, draw_wait: Duration) -> (Router, Arc<Hub>) {
    let hub = Hub::new(app.clone());
    let web = Web {
        drawing: Drawing::new(app.clone(), draw_wait),
        app,
        hub: hub.clone(),
        pictures: Arc::new(Pictures::new(PICTURE_CACHE_BYTES, PICTURE_CACHE_ENTRIES)),
        starts: Arc::new(Pictures::new(START_CACHE_BYTES, START_CACHE_ENTRIES)),
    };
    let r = Router::new()
        .route("/", get(list_page))
        .route("/events", get(list_events))
        .route("/games/{game}", get(list_page))
        .route("/games/{game}/events", get(list_events))
        .route("/g/{token}", get(game_page))
        .route("/g/{token}/events", get(game_events))
        .route("/g/{token}/board/{lang}/{ply}/{file}", get(board))
        .route("/g/{token}/{file}", get(record))
        .route("/p/{token}", get(player_page))
        .route("/p/{token}/chart/{lang}/{file}", get(chart))
        .route("/leaderboard/{game}", get(leaderboard))
        .route("/static/{file}", get(asset))
        .route("/start/{lang}/{file}", get(start_board))
        .fallback(fallback)
        .layer(middleware::from_fn(guard))
        .with_state(web);
    (r, hub)
}

/// Serves `app` on `listener` until the task is dropped: each accepted
/// connection on a task of its own, by hyper's HTTP/1 server with its
/// write buffer bounded ([`WRITE_BUFFER`]), the router seeing the peer's
/// address (`ConnectInfo`).
pub async fn serve(app: Arc<App>, listener: tokio::net::TcpListener, limits: Limits) {
    use axum::serve::Listener;
    let (router, hub) = router(app, limits.draw_wait);
    tokio::spawn(hub.run());
    let mut guarded = Guarded::new(listener, limits);
    let mut http = hyper::server::conn::http1::Builder::new();
    // Vectored writes: a shared event is queued, never copied.
    http.max_buf_size(WRITE_BUFFER).writev(true);
    loop {
        let (io, peer) = guarded.accept().await;
        let router = router.clone();
        let service =
            hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut()
                    .insert(axum::extract::ConnectInfo(peer));
                let mut router = router.clone();
                tower_service::Service::call(&mut router, req.map(Body::new))
            });
        let conn = http.serve_connection(hyper_util::rt::TokioIo::new(io), service);
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::trace!(error = %e, "web: a connection ended");
            }
        });
    }
}

/// A running web front-end: its address; stops when dropped.
pub struct Running {
    pub addr: SocketAddr,
    /// The address links are built on (`public_url`, else `http://ADDR`).
    pub base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Where to listen: `[web] listen` or `TABLERO_WEB_LISTEN`; in console
/// mode `127.0.0.1:8480` by default (a free port if that one is taken),
/// otherwise off unless configured. `None`: no web front-end.
#[must_use]
pub fn listen_address(section: &Section, env: Option<String>, console: bool) -> Option<String> {
    let chosen = env
        .filter(|v| !v.trim().is_empty())
        .or_else(|| section.listen.clone());
    match chosen {
        Some(v) if v.trim().eq_ignore_ascii_case("off") => None,
        Some(v) => Some(v.trim().to_string()),
        None if console => Some(DEFAULT_CONSOLE_LISTEN.into()),
        None => None,
    }
}

/// The console's web address unless configured.
pub const DEFAULT_CONSOLE_LISTEN: &str = "127.0.0.1:8480";

/// Binds `addr`; when the console's default port is taken, any free port
/// on 127.0.0.1.
fn bind(addr: &str, fallback_free: bool) -> std::io::Result<std::net::TcpListener> {
    match std::net::TcpListener::bind(addr) {
        Ok(l) => Ok(l),
        Err(e) if fallback_free => {
            tracing::info!(error = %e, "web: {addr} is taken; using a free port");
            std::net::TcpListener::bind("127.0.0.1:0")
        }
        Err(e) => Err(e),
    }
}

/// Starts the web front-end for `app` on its own thread and runtime, as
/// `[web]` and the environment say. `Ok(None)`: not asked for. A port that
/// cannot be had is an error for the caller to warn about.
pub fn start(
    app: Arc<App>,
    section: &Section,
    env_listen: Option<String>,
    console: bool,
) -> Result<Option<Running>, String> {
    let Some(addr) = listen_address(section, env_listen.clone(), console) else {
        return Ok(None);
    };
    let default = console
        && env_listen.as_deref().is_none_or(|v| v.trim().is_empty())
        && section.listen.is_none();
    let std_listener =
        bind(&addr, default).map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    std_listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    let local = std_listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    let base = match &section.public_url {
        Some(u) => u.trim_end_matches('/').to_string(),
        None => format!("http://{local}"),
    };
    let limits = Limits {
        per_address: section
            .connections_per_address
            .unwrap_or(Limits::default().per_address),
        ..Limits::default()
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready) = std::sync::mpsc::channel::<Result<(), String>>();
    let thread = std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("web-worker")
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(format!("cannot start tokio: {e}")));
                    return;
                }
            };
            rt.block_on(async move {
                let listener = match tokio::net::TcpListener::from_std(std_listener) {
                    Ok(l) => l,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                tokio::select! {
                    () = serve(app, listener, limits) => {}
                    _ = stopped => {}
                }
            });
            // Open live streams would keep a graceful shutdown waiting.
            rt.shutdown_timeout(Duration::from_millis(200));
        })
        .map_err(|e| format!("cannot start the web thread: {e}"))?;
    ready
        .recv()
        .map_err(|_| "the web thread stopped".to_string())??;
    tracing::info!(%local, "web front-end listening");
    Ok(Some(Running {
        addr: local,
        base,
        stop: Some(stop),
        thread: Some(thread),
    }))
}

/// The web front-end for `tablero_app::bot::run_with_web`: checks
/// `[web]`, then starts as it and `TABLERO_WEB_LISTEN` say.
#[must_use]
pub fn frontend() -> tablero_app::bot::WebFrontend {
    tablero_app::bot::WebFrontend {
        check: |config| {
            let s: Section = config.section("web").map_err(|e| e.to_string())?;
            tablero_app::config::check_http("[web] public_url", s.public_url.as_deref())?;
            if s.connections_per_address == Some(0) {
                return Err("[web] connections_per_address: must be at least 1".into());
            }
            Ok(())
        },
        start: Box::new(|app, config, console| {
            let section: Section = config.section("web").map_err(|e| e.to_string())?;
            let env = std::env::var("TABLERO_WEB_LISTEN").ok();
            let Some(running) = start(app, &section, env, console)? else {
                return Ok(None);
            };
            let address = format!("http://{}", running.addr);
            // Chats link only to an address people can reach.
            let links = match (&section.public_url, console) {
                (Some(u), _) => Some(u.trim_end_matches('/').to_string()),
                (None, true) => Some(address.clone()),
                (None, false) => None,
            };
            Ok(Some(tablero_app::bot::WebStarted {
                address,
                links,
                guard: Box::new(running),
            }))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_caches_keep_within_their_bytes_and_entries() {
        let starts = Pictures::new(START_CACHE_BYTES, START_CACHE_ENTRIES);
        for n in 0..START_CACHE_ENTRIES * 3 {
            starts.put(format!("small-{n}"), Arc::new(vec![0; 100]));
            let (entries, bytes) = starts.held();
            assert!(entries <= START_CACHE_ENTRIES && bytes <= START_CACHE_BYTES);
        }
        assert!(starts.get("small-0").is_none(), "the oldest is dropped");
        assert!(
            starts
                .get(&format!("small-{}", START_CACHE_ENTRIES * 3 - 1))
                .is_some()
        );
        for n in 0..100 {
            starts.put(format!("big-{n}"), Arc::new(vec![0; 1 << 20]));
            let (entries, bytes) = starts.held();
            assert!(entries <= START_CACHE_ENTRIES && bytes <= START_CACHE_BYTES);
        }
        // One larger than the whole cache is not kept at all.
        starts.put("huge".into(), Arc::new(vec![0; START_CACHE_BYTES + 1]));
        assert!(starts.get("huge").is_none());
        assert!(starts.get("big-99").is_some());
    }

    #[test]
    fn accept_language_prefers_by_weight_then_order() {
        assert_eq!(accept_language(""), Lang::En);
        assert_eq!(accept_language("es-ES,es;q=0.9,en;q=0.8"), Lang::Es);
        assert_eq!(accept_language("en-US,en;q=0.9,es;q=0.8"), Lang::En);
        assert_eq!(
            accept_language("fr-FR,fr;q=0.9,es;q=0.7,en;q=0.5"),
            Lang::Es
        );
        assert_eq!(accept_language("de, en;q=0.1, es;q=0.2"), Lang::Es);
        assert_eq!(accept_language("es;q=0, en"), Lang::En);
        assert_eq!(accept_language("ES-mx"), Lang::Es);
        assert_eq!(accept_language("garbage;;;q=zz,,,"), Lang::En);
    }

    #[test]
    fn listening_follows_the_environment_then_the_file_then_the_mode() {
        let none = Section::default();
        assert_eq!(
            listen_address(&none, None, true).as_deref(),
            Some(DEFAULT_CONSOLE_LISTEN)
        );
        assert_eq!(listen_address(&none, None, false), None);
        let file = Section {
            listen: Some("0.0.0.0:9000".into()),
            ..Section::default()
        };
        assert_eq!(
            listen_address(&file, None, false).as_deref(),
            Some("0.0.0.0:9000")
        );
        assert_eq!(
            listen_address(&file, Some("127.0.0.1:7000".into()), false).as_deref(),
            Some("127.0.0.1:7000")
        );
        assert_eq!(listen_address(&file, Some("off".into()), true), None);
        assert_eq!(
            listen_address(&file, Some(" ".into()), true).as_deref(),
            Some("0.0.0.0:9000")
        );
    }
}
