//! A player's interactive board (`/g/TOKEN/play/KEY`) and Telegram's Mini
//! App (`/tg`): the only pages that change a game, and only through the
//! app's checked path (`tablero_app::webplay`). The page's cells are
//! built by its script (`assets/play.js`) from the state served here, so
//! that the page keeps its strict content policy (no inline style).

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, PreEscaped, html};
use serde::Deserialize;
use tablero_app::webpath::{Token, WebPath};
use tablero_app::webplay::{
    Acted, LinkRefusal, PlayAction, PlayError, PlayView, play_text, refusal,
};

use crate::pages::{self, Ask, at, board_src, game_side};
use crate::request::{blocking, html as html_response, unavailable};

/// The largest body a play request may send (a move, or Telegram's init
/// data of about a kilobyte).
pub(crate) const MAX_BODY: usize = 16 * 1024;

/// What a player's board posts.
#[derive(Deserialize)]
struct Posted {
    /// The move number of the position the move was chosen on.
    ply: Option<usize>,
    #[serde(rename = "move")]
    mv: Option<String>,
    /// `draw`, `takeback` or `resign`.
    action: Option<String>,
}

/// What Telegram's Mini App page posts.
#[derive(Deserialize)]
struct TelegramPosted {
    init: String,
    start: Option<String>,
}

fn json(status: StatusCode, v: &serde_json::Value) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        v.to_string(),
    )
        .into_response()
}

/// The board's state as its script reads it.
pub fn state_value(v: &PlayView, ask: Ask) -> serde_json::Value {
    let l = ask.lang;
    let last = v.page.plies.len() - 1;
    let cells: Vec<serde_json::Value> = v
        .cells
        .iter()
        .map(|c| {
            serde_json::json!({
                "n": c.name, "l": c.label, "x": c.left, "y": c.top, "w": c.width,
                "h": c.height, "clip": c.clip, "p": c.piece,
            })
        })
        .collect();
    let moves: Vec<serde_json::Value> = v
        .moves
        .iter()
        .map(|m| serde_json::json!({ "p": m.path, "t": m.text, "l": m.label }))
        .collect();
    serde_json::json!({
        "ply": last,
        "turn": v.your_turn,
        "src": board_src(&v.page, last, l),
        "alt": v.page.plies[last].alt.get(l),
        "cells": cells,
        "moves": moves,
        "side": game_side(&v.page, last, ask).into_string(),
        "status": v.page.status.get(l),
    })
}

/// A refusal as a page (for the browser) with its reason.
fn refused_page(r: LinkRefusal, ask: Ask) -> Response {
    let mut resp = html_response(pages::message(
        ask,
        play_text(ask.lang).board_label,
        refusal(r, ask.lang),
    ));
    *resp.status_mut() = match r {
        LinkRefusal::NoGame => StatusCode::NOT_FOUND,
        _ => StatusCode::FORBIDDEN,
    };
    resp
}

/// A refusal as the script reads it.
fn refused_json(e: &PlayError, token: &Token, ask: Ask) -> Response {
    match e {
        PlayError::Refused(r) => json(
            StatusCode::FORBIDDEN,
            &serde_json::json!({ "error": refusal(*r, ask.lang), "reason": format!("{r:?}") }),
        ),
        PlayError::Finished => json(
            StatusCode::GONE,
            &serde_json::json!({
                "finished": true,
                "error": play_text(ask.lang).finished,
                "url": WebPath::Game(token.clone()).to_string(),
            }),
        ),
        PlayError::App(_) => unavailable(),
    }
}

fn see_other(to: &str) -> Response {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(v) = HeaderValue::from_str(to) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    r
}

/// A player's board: refused with its reason, or the spectator page once
/// the game is over.
pub(crate) async fn page(
    app: std::sync::Arc<tablero_app::App>,
    token: Token,
    key: String,
    ask: Ask,
) -> Response {
    let t = token.as_str().to_string();
    let k = key.clone();
    match blocking(move || app.play_view(&t, &k, ask.lang)).await {
        Some(Ok(v)) => html_response(board_page(&v, ask)),
        Some(Err(PlayError::Finished)) => {
            see_other(&format!("{}{}", WebPath::Game(token), ask.query()))
        }
        Some(Err(PlayError::Refused(r))) => refused_page(r, ask),
        _ => unavailable(),
    }
}

/// The board's state now, as JSON.
pub(crate) async fn state(
    app: std::sync::Arc<tablero_app::App>,
    token: Token,
    key: String,
    ask: Ask,
) -> Response {
    let t = token.as_str().to_string();
    match blocking(move || app.play_view(&t, &key, ask.lang)).await {
        Some(Ok(v)) => json(StatusCode::OK, &state_value(&v, ask)),
        Some(Err(e)) => refused_json(&e, &token, ask),
        None => unavailable(),
    }
}

/// A move or an offer posted from the board: answered with whether it
/// applied, why not, and the board's state after it; the chat is told
/// after the answer is sent.
pub(crate) async fn act(
    app: std::sync::Arc<tablero_app::App>,
    token: Token,
    key: String,
    ask: Ask,
    body: Body,
) -> Response {
    let w = play_text(ask.lang);
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return json(
            StatusCode::PAYLOAD_TOO_LARGE,
            &serde_json::json!({ "error": w.sending }),
        );
    };
    let posted: Option<Posted> = serde_json::from_slice(&bytes).ok();
    let action = match posted {
        Some(Posted {
            ply: Some(ply),
            mv: Some(text),
            ..
        }) if text.len() <= 64 => PlayAction::Move { ply, text },
        Some(Posted {
            action: Some(a), ..
        }) => match a.as_str() {
            "draw" => PlayAction::Draw,
            "takeback" => PlayAction::Takeback,
            "resign" => PlayAction::Resign,
            _ => return bad_request(ask),
        },
        _ => return bad_request(ask),
    };
    let t = token.as_str().to_string();
    let a = app.clone();
    let done = blocking(move || {
        let acted = a.play_act(&t, &key, &action, ask.lang)?;
        let view = a.play_view(&t, &key, ask.lang);
        Ok::<(Acted, Result<PlayView, PlayError>), PlayError>((acted, view))
    })
    .await;
    match done {
        Some(Ok((acted, view))) => {
            let mut answer = serde_json::json!({ "ok": acted.ok, "message": acted.message });
            match view {
                Ok(v) => answer["state"] = state_value(&v, ask),
                Err(PlayError::Finished) => {
                    answer["finished"] = true.into();
                    answer["url"] = WebPath::Game(token.clone()).to_string().into();
                }
                Err(_) => {}
            }
            let status = if acted.ok {
                StatusCode::OK
            } else {
                StatusCode::CONFLICT
            };
            tokio::task::spawn_blocking(move || app.announce_play(acted));
            json(status, &answer)
        }
        Some(Err(e)) => refused_json(&e, &token, ask),
        None => unavailable(),
    }
}

fn bad_request(ask: Ask) -> Response {
    json(
        StatusCode::BAD_REQUEST,
        &serde_json::json!({ "error": refusal(LinkRefusal::Invalid, ask.lang) }),
    )
}

/// Telegram's Mini App page: its script posts Telegram's init data (from
/// the address's `#tgWebAppData`) and goes to the board it is given.
pub(crate) fn telegram_page(ask: Ask) -> Response {
    let w = play_text(ask.lang);
    let body = html! {
        main #tg {
            h1 { (w.board_label) }
            p #say role="status" aria-live="polite" { (w.sending) }
        }
        script src=(script_src()) defer {}
    };
    html_response(pages::layout(ask, w.board_label, "/tg", body))
}

/// Trades posted init data for a board's address.
pub(crate) async fn telegram_post(
    app: std::sync::Arc<tablero_app::App>,
    ask: Ask,
    body: Body,
) -> Response {
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return bad_request(ask);
    };
    let Ok(posted) = serde_json::from_slice::<TelegramPosted>(&bytes) else {
        return bad_request(ask);
    };
    let start = posted.start.filter(|s| Token::new(s).is_some());
    match blocking(move || app.telegram_board(&posted.init, start.as_deref())).await {
        Some(Ok(path)) => json(
            StatusCode::OK,
            &serde_json::json!({ "url": format!("{path}{}", ask.query()) }),
        ),
        Some(Err(PlayError::Refused(r))) => json(
            StatusCode::FORBIDDEN,
            &serde_json::json!({ "error": refusal(r, ask.lang), "reason": format!("{r:?}") }),
        ),
        Some(Err(PlayError::Finished)) => json(
            StatusCode::GONE,
            &serde_json::json!({ "error": play_text(ask.lang).finished }),
        ),
        _ => unavailable(),
    }
}

fn script_src() -> String {
    WebPath::Static(format!("play.{}.js", crate::assets::play_tag())).to_string()
}

/// The player's page: the board with its cells (made by the script),
/// the choices, the buttons, and the game's side panel.
fn board_page(v: &PlayView, ask: Ask) -> Markup {
    let w = play_text(ask.lang);
    let l = ask.lang;
    let page = &v.page;
    let last = page.plies.len() - 1;
    let token = &page.token;
    let q = if ask.chosen {
        format!("?lang={}", tablero_app::webpath::lang_code(l))
    } else {
        String::new()
    };
    let events = format!(
        "{}?lang={}",
        at(token, WebPath::GameEvents),
        tablero_app::webpath::lang_code(l)
    );
    let base = format!("{}/play/{}", at(token, WebPath::Game), v.key);
    let me = &page.players[v.side];
    let state = state_value(v, ask).to_string().replace("</", "<\\/");
    let body = html! {
        main.play data-act=(format!("{base}{q}")) data-state=(format!("{base}/state{q}"))
            data-events=(events) data-watch=(format!("{}{q}", at(token, WebPath::Game))) {
            section.board aria-labelledby="title" {
                h1 #title { (page.title.get(l)) }
                p.you { (w.you_play) " " (me.side.get(l)) " · " (me.name) }
                div #wrap .boardwrap {
                    img #board src=(board_src(page, last, l)) alt=(page.plies[last].alt.get(l)) width="640" height="640";
                    div #cells role="group" aria-label=(w.board_label) {}
                }
                div #choices .choices aria-live="polite" {}
                p #say .say role="status" aria-live="polite" {}
                div.actions {
                    button #draw type="button" { (w.draw) }
                    button #takeback type="button" { (w.takeback) }
                    button #resign type="button" { (w.resign) }
                }
                div #confirm .confirm hidden role="alertdialog" aria-labelledby="confirm-q" {
                    p #confirm-q { (w.resign_confirm) }
                    button #resign-yes type="button" { (w.resign_yes) }
                    button #resign-no type="button" { (w.resign_no) }
                }
                p.hint.keys { (w.keys_hint) }
                p #live .live data-on=(ask_w(ask).live) data-off=(ask_w(ask).offline) aria-live="polite" {}
            }
            div #side { (game_side(page, last, ask)) }
            script #state type="application/json" { (PreEscaped(state)) }
            script #words type="application/json" { (PreEscaped(words(ask).replace("</", "<\\/"))) }
        }
        script src=(script_src()) defer {}
    };
    pages::layout(ask, page.title.get(l), &base, body)
}

fn ask_w(ask: Ask) -> &'static tablero_app::watch::WebText {
    tablero_app::watch::web_text(ask.lang)
}

/// The sentences the script says, in the page's language.
fn words(ask: Ask) -> String {
    let w = play_text(ask.lang);
    serde_json::json!({
        "yourTurn": w.your_turn, "theirTurn": w.their_turn, "notYourTurn": w.not_your_turn,
        "cannotMove": w.cannot_move, "nothingHere": w.nothing_here, "notATarget": w.not_a_target,
        "refreshed": w.refreshed, "sending": w.sending, "target": w.target, "selected": w.selected,
        "choose": w.choose, "other": w.other_moves, "cancel": w.cancel, "finished": w.finished,
    })
    .to_string()
}
