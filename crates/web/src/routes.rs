//! The routes: every request's path read as a [`WebPath`] (the one typed
//! address the app and the chat front-ends link to) and answered by its
//! handler; pages and feeds come from the app's typed queries, pictures
//! are drawn in the heavy-job pool (`draw.rs`) and kept (`pictures.rs`).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tablero_app::App;
use tablero_app::webpath::{PictureKey, Token, WebPath, lang_code};
use tablero_rules::{GameId, Lang};

use crate::assets;
use crate::draw::{Drawing, Drawn};
use crate::feed::{self, FeedKey, Hub};
use crate::live::{LiveBody, Update};
use crate::pages::{self, Ask};
use crate::pictures::{
    PICTURE_CACHE_BYTES, PICTURE_CACHE_ENTRIES, Pictures, hex_of, immutable, jpeg_of,
};
use crate::play;
use crate::request::{Client, PageQuery, ask_of, blocking, busy, html, not_found, unavailable};
use crate::{LONG_BOARD_PLY, MAX_URI, START_CACHE_BYTES, START_CACHE_ENTRIES};

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
        .fallback(dispatch)
        .layer(middleware::from_fn(guard))
        .with_state(web);
    (r, hub)
}

/// Answers a request by the address its path names; a path that names
/// nothing gets the not-found page.
async fn dispatch(
    State(web): State<Web>,
    Client(client): Client,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // A query that does not parse asks for nothing.
    let q = Query::<PageQuery>::try_from_uri(&uri)
        .map(|q| q.0)
        .unwrap_or_default();
    let ask = ask_of(&q, &headers);
    let Some(path) = WebPath::parse(uri.path()) else {
        return not_found(ask);
    };
    let post = method == Method::POST;
    match path {
        WebPath::Play { token, key } if post => {
            play::act(web.app, token, key.to_string(), ask, body).await
        }
        WebPath::Play { token, key } => play::page(web.app, token, key.to_string(), ask).await,
        WebPath::PlayState { token, key } => {
            play::state(web.app, token, key.to_string(), ask).await
        }
        WebPath::TelegramApp if post => play::telegram_post(web.app, ask, body).await,
        WebPath::TelegramApp => play::telegram_page(ask),
        WebPath::List(game) => list_page(web, game, ask).await,
        WebPath::ListEvents(game) => list_events(web, game, ask).await,
        WebPath::Game(token) => game_page(web, token, q.ply.as_deref(), ask).await,
        WebPath::GameEvents(token) => game_events(web, token, ask).await,
        WebPath::Board {
            token,
            lang,
            ply,
            key,
        } => board(web, client, &headers, token, lang, ply, key).await,
        WebPath::Record { token, pgn } => record(web, token, pgn, ask).await,
        WebPath::Replay { token, lang } => replay(web, client, &headers, token, lang, ask).await,
        WebPath::Player(token) => player_page(web, token, ask).await,
        WebPath::Tournament(token) => tournament_page(web, token, ask).await,
        WebPath::TournamentEvents(token) => tournament_events(web, token, ask).await,
        WebPath::Chart { token, lang, game } => chart(web, client, token, lang, game, ask).await,
        WebPath::Leaderboard(game) => leaderboard(web, game, ask).await,
        WebPath::Static(file) => asset(&file, ask, &headers),
        WebPath::Start { lang, spec, jpeg } => {
            start_board(web, client, &headers, lang, spec, jpeg).await
        }
    }
}

/// The live games, of every game or of one.
async fn list_page(web: Web, game: Option<GameId>, ask: Ask) -> Response {
    let app = web.app.clone();
    let lists = blocking(move || {
        let tournaments = match game {
            None => app.watch_tournaments()?,
            Some(_) => Vec::new(),
        };
        Ok::<_, tablero_app::AppError>((app.watch_live(game)?, tournaments))
    });
    match lists.await {
        Some(Ok((games, tournaments))) => html(pages::live(
            &games,
            &tournaments,
            game,
            feed::app_now(),
            ask,
        )),
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
async fn list_events(web: Web, game: Option<GameId>, ask: Ask) -> Response {
    match web.hub.subscribe(FeedKey::List(game, ask)).await {
        Some(rx) => sse(rx, "list"),
        None => unavailable(),
    }
}

/// A game's page; `ply` (`?ply=N`) shows position N.
async fn game_page(web: Web, token: Token, ply: Option<&str>, ask: Ask) -> Response {
    let app = web.app.clone();
    let page = match blocking(move || app.watch_game(token.as_str())).await {
        Some(Ok(Some(p))) => p,
        Some(Ok(None)) => return not_found(ask),
        _ => return unavailable(),
    };
    let last = page.plies.len() - 1;
    // A ply past the end shows the end; anything else not a number, too.
    let ply = ply
        .and_then(|p| p.parse::<usize>().ok())
        .map_or(last, |p| p.min(last));
    html(pages::game(&page, ply, ask))
}

async fn game_events(web: Web, token: Token, ask: Ask) -> Response {
    match web
        .hub
        .subscribe(FeedKey::Game(token.as_str().to_string(), ask))
        .await
    {
        Some(rx) => sse(rx, "state"),
        None => not_found(ask),
    }
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

/// A position's picture (immutable).
async fn board(
    web: Web,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    token: Token,
    l: Lang,
    ply: usize,
    key: PictureKey,
) -> Response {
    let ask = Ask {
        lang: l,
        chosen: false,
    };
    let etag = format!("{token}-{}-{ply}-{}", lang_code(l), key.as_str());
    let picture = Kept {
        etag: &etag,
        mime: "image/png",
        pooled: ply >= LONG_BOARD_PLY,
        starts: false,
    };
    kept(&web, client, headers, ask, picture, move |app| {
        drawn_of(app.watch_board(token.as_str(), ply, key.as_str(), l))
    })
    .await
}

/// What [`kept`] serves.
struct Kept<'a> {
    /// Names the picture's content (its cache key and entity tag).
    etag: &'a str,
    mime: &'static str,
    /// Drawn in the pool of heavy jobs.
    pooled: bool,
    /// Kept with the start pictures, apart from the others.
    starts: bool,
}

/// A picture whose address names its content: from its cache, else drawn
/// by `job` (once however many ask at once) and kept.
async fn kept(
    web: &Web,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    ask: Ask,
    picture: Kept<'_>,
    job: impl FnOnce(&App) -> Drawn + Send + 'static,
) -> Response {
    let cache = if picture.starts {
        &web.starts
    } else {
        &web.pictures
    };
    if let Some(p) = cache.get(picture.etag) {
        return immutable(p, picture.etag, picture.mime, headers);
    }
    let drawn = web
        .drawing
        .draw(
            picture.etag,
            client,
            picture.pooled,
            Some(cache.clone()),
            job,
        )
        .await;
    drawn_picture(drawn, picture.etag, picture.mime, headers, ask)
}

/// The start of a game with options, `/start/LANG/SPEC.jpg` (`SPEC` as
/// `breakthrough casual`, URL-encoded): the picture of a Telegram inline
/// result, which Telegram fetches by address and takes as JPEG only
/// (`photo_url` and `thumbnail_url`); `.png` serves the same picture as
/// PNG. Immutable: the same options always start the same position.
async fn start_board(
    web: Web,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    l: Lang,
    spec: String,
    jpeg: bool,
) -> Response {
    let ask = Ask {
        lang: l,
        chosen: false,
    };
    let (ext, mime) = if jpeg {
        ("jpg", "image/jpeg")
    } else {
        ("png", "image/png")
    };
    let etag = format!("start-{}-{}-{ext}", lang_code(l), hex_of(&spec));
    let picture = Kept {
        etag: &etag,
        mime,
        pooled: true,
        starts: true,
    };
    kept(&web, client, headers, ask, picture, move |app| {
        let Ok(png) = app.inline_picture(&spec, l) else {
            return Drawn::NotFound;
        };
        let picture = if jpeg { jpeg_of(&png) } else { Some(png) };
        picture.map_or(Drawn::NotFound, |p| Drawn::Picture(Arc::new(p)))
    })
    .await
}

/// A game's record, PGN or text, as a file to keep.
async fn record(web: Web, token: Token, pgn: bool, ask: Ask) -> Response {
    let app = web.app.clone();
    match blocking(move || app.watch_record(token.as_str(), pgn)).await {
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

/// A finished game's animated replay; a finished game's file never
/// changes either.
async fn replay(
    web: Web,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    token: Token,
    l: Lang,
    ask: Ask,
) -> Response {
    let etag = format!("{token}-replay-replay.{}.gif", lang_code(l));
    let picture = Kept {
        etag: &etag,
        mime: "image/gif",
        pooled: true,
        starts: false,
    };
    kept(&web, client, headers, ask, picture, move |app| {
        drawn_of(app.watch_replay(token.as_str(), l))
    })
    .await
}

async fn player_page(web: Web, token: Token, ask: Ask) -> Response {
    let app = web.app.clone();
    match blocking(move || app.watch_player(token.as_str())).await {
        Some(Ok(Some(p))) => html(pages::player(&p, feed::app_now(), ask)),
        Some(Ok(None)) => not_found(ask),
        _ => unavailable(),
    }
}

/// A tournament's page.
async fn tournament_page(web: Web, token: Token, ask: Ask) -> Response {
    let app = web.app.clone();
    match blocking(move || app.watch_tournament(token.as_str())).await {
        Some(Ok(Some(p))) => html(pages::tournament(&p, ask)),
        Some(Ok(None)) => not_found(ask),
        _ => unavailable(),
    }
}

/// A tournament's changes, as server-sent events.
async fn tournament_events(web: Web, token: Token, ask: Ask) -> Response {
    match web
        .hub
        .subscribe(FeedKey::Tournament(token.as_str().to_string(), ask))
        .await
    {
        Some(rx) => sse(rx, "tournament"),
        None => not_found(ask),
    }
}

/// A player's rating chart of a game: not kept (a chart changes with
/// every rated game); requests at once share one drawing.
async fn chart(
    web: Web,
    client: std::net::IpAddr,
    token: Token,
    l: Lang,
    game: GameId,
    ask: Ask,
) -> Response {
    let key = format!("chart-{token}-{}-{game}", lang_code(l));
    let drawn = web
        .drawing
        .draw(&key, client, true, None, move |app| {
            drawn_of(app.watch_chart(token.as_str(), game, l))
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

async fn leaderboard(web: Web, g: GameId, ask: Ask) -> Response {
    let app = web.app.clone();
    match blocking(move || app.watch_leaderboard(g)).await {
        Some(Ok(rows)) => html(pages::leaderboard(g, &rows, ask)),
        _ => unavailable(),
    }
}

/// The style sheet or the script, by their content's tag.
fn asset(file: &str, ask: Ask, headers: &HeaderMap) -> Response {
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
    } else if file == format!("play.{}.js", assets::play_tag()) {
        (
            assets::PLAY_SCRIPT,
            "text/javascript; charset=utf-8",
            assets::play_tag(),
        )
    } else {
        return not_found(ask);
    };
    immutable(Arc::new(body.as_bytes().to_vec()), tag, kind, headers)
}

/// Refuses request targets longer than [`MAX_URI`], and any method but
/// GET and HEAD, save POST to a player's board and to Telegram's Mini
/// App: the web only shows, but for a player's own moves.
async fn guard(req: Request, next: Next) -> Response {
    if req.uri().to_string().len() > MAX_URI {
        let ask = ask_of(&PageQuery::default(), req.headers());
        let w = tablero_app::watch::web_text(ask.lang);
        let mut r = html(pages::message(ask, w.not_found, w.too_long));
        *r.status_mut() = StatusCode::URI_TOO_LONG;
        return r;
    }
    let playing = matches!(
        WebPath::parse(req.uri().path()),
        Some(WebPath::Play { .. } | WebPath::TelegramApp)
    );
    let allowed = req.method() == Method::GET
        || req.method() == Method::HEAD
        || (playing && req.method() == Method::POST);
    if !allowed {
        let allow = if playing {
            "GET, HEAD, POST"
        } else {
            "GET, HEAD"
        };
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, allow)]).into_response();
    }
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    // A player's board opens inside Telegram too: Telegram Web shows a
    // Mini App in a frame of its own page.
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(if playing {
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors https://web.telegram.org"
        } else {
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        }),
    );
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    r
}
