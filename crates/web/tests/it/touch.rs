//! Play by touch in a real browser: for each of the twelve games, Ana and
//! Ben open their own boards (Ben on an emulated phone, 390 px wide, a
//! touch screen) and play by clicking cells only (and a third choice's
//! button where moves share their cells): a checkmate, a promotion with
//! its choice of piece, Empuje's colour for a placement, a Cascades pass
//! among them. After every move the chat (the Telegram mailbox the
//! adapter empties) has the move, and the other player's page shows it
//! without a reload. A game not over after its moves is resigned from
//! the page, through its confirmation; both pages then become the
//! spectator page, which has no controls. One chromedriver, two
//! sessions, no fixed sleeps.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;
use tablero_app::{App, Platform, PngRenderer};

use crate::browser::{browser_as, driver};
use crate::support::*;

/// A game to play: the challenge, then moves by their text (a script) or
/// `auto` moves chosen from the legal ones.
struct Plan {
    spec: &'static str,
    script: &'static [&'static str],
    auto: usize,
}

const PLANS: [Plan; 12] = [
    // Fool's mate: the game ends on the board.
    Plan {
        spec: "chess",
        script: &["f3", "e5", "g4", "Qh4#"],
        auto: 0,
    },
    // A promotion: four moves share b7-a8; the queen is the third choice.
    Plan {
        spec: "saltador",
        script: &[
            "e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7", "bxa8=Q",
        ],
        auto: 0,
    },
    Plan {
        spec: "breakthrough",
        script: &[],
        auto: 4,
    },
    Plan {
        spec: "bloc",
        script: &[],
        auto: 3,
    },
    Plan {
        spec: "barrier",
        script: &[],
        auto: 4,
    },
    Plan {
        spec: "bombardment",
        script: &["a2x"],
        auto: 2,
    },
    // A pass: no cell, a button beside the board.
    Plan {
        spec: "cascades",
        script: &["pass"],
        auto: 3,
    },
    Plan {
        spec: "cracovia",
        script: &[],
        auto: 4,
    },
    // Placements of either colour on one cell: the colour is the choice.
    Plan {
        spec: "empuje",
        script: &["Wa1", "Bb2"],
        auto: 2,
    },
    Plan {
        spec: "knightfight",
        script: &[],
        auto: 4,
    },
    Plan {
        spec: "guadalete",
        script: &[],
        auto: 4,
    },
    Plan {
        spec: "guadalete14",
        script: &[],
        auto: 4,
    },
];

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// The board's state as the server gives it to `key`'s page.
async fn state_of(addr: SocketAddr, play: &str) -> Value {
    let got = get(addr, &format!("{play}/state?lang=en")).await;
    serde_json::from_slice(&got.body).unwrap_or(Value::Null)
}

/// Waits until `check` holds, at most `wait`.
async fn until<F, Fut>(wait: Duration, what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + wait;
    while !check().await {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn page_ply(c: &Client) -> i64 {
    js(
        c,
        "var m = document.querySelector('main.play'); return m ? Number(m.dataset.ply) : -1;",
    )
    .await
    .as_i64()
    .unwrap_or(-1)
}

/// The chat's notices until one says `label`; what the pages say when
/// it never does.
async fn chat_says(app: &Arc<App>, label: &str, pages: [&Client; 2]) {
    if !chat_said(app, label).await {
        let mut said = Vec::new();
        for c in pages {
            said.push(js(c, "return [document.getElementById('say') && document.getElementById('say').textContent, document.getElementById('choices') && document.getElementById('choices').innerHTML, location.href];").await);
        }
        let games: Vec<String> = app
            .store()
            .user_games(Platform::Telegram, &ana().id)
            .unwrap()
            .iter()
            .filter_map(|(ch, id)| app.store().game(ch, *id, true).ok().flatten())
            .map(|g| g.record)
            .collect();
        panic!("the chat never said {label}; the pages: {said:?}; the games: {games:?}");
    }
}

async fn chat_said(app: &Arc<App>, label: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut seen = Vec::new();
    loop {
        let a = app.clone();
        let got = tokio::task::spawn_blocking(move || {
            a.wait_notices(Platform::Telegram, Duration::from_millis(200))
        })
        .await
        .unwrap();
        for n in got {
            assert_eq!(n.channel, group());
            seen.push(n.reply.plain_text());
        }
        if seen.iter().any(|t| t.contains(label)) {
            return true;
        }
        if Instant::now() > deadline {
            eprintln!("the chat said: {seen:?}");
            return false;
        }
    }
}

/// Plays one move by taps on the page whose turn it is.
async fn tap_move(c: &Client, st: &Value, text: &str) {
    let moves = st["moves"].as_array().unwrap();
    let m = moves
        .iter()
        .find(|m| m["t"] == text)
        .unwrap_or_else(|| panic!("{text} is not among {moves:?}"));
    let path: Vec<&str> = m["p"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    for cell in &path {
        click(c, &format!("button.cell[data-cell='{cell}']")).await;
    }
    let sharing = moves.iter().filter(|o| o["p"] == m["p"]).count();
    let longer = moves.iter().any(|o| {
        let p = o["p"].as_array().unwrap();
        p.len() > path.len() && p.iter().zip(&path).all(|(a, b)| a == b)
    });
    if path.is_empty() || sharing > 1 || longer {
        click(c, &format!("#choices button.choice[data-move='{text}']")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_by_taps_in_two_browsers() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with(&dir.path().join("store"), Arc::new(PngRenderer));
    let addr = serve(app.clone(), tablero_web::limit::Limits::default()).await;
    app.set_web_base(Some(format!("http://{addr}")));
    let d = driver();
    let ana_c = browser_as(&d, &dir.path().join("ana"), None).await;
    let ben_c = browser_as(&d, &dir.path().join("ben"), Some((390, 844))).await;
    let started = Instant::now();
    for (i, plan) in PLANS.iter().enumerate() {
        let id = i as u64 + 1;
        ok(
            &app,
            &group(),
            &ana(),
            &format!("challenge @Ben {}", plan.spec),
        );
        ok(&app, &group(), &ben(), "accept");
        app.take_notices(Platform::Telegram);
        let token = app.game_token(&group(), id).unwrap();
        let url = |u: &tablero_app::User| {
            let full = app.play_url(&group(), id, &u.id).unwrap();
            full.strip_prefix(&format!("http://{addr}"))
                .unwrap()
                .to_string()
        };
        let plays = [url(&ana()), url(&ben())];
        let clients = [&ana_c, &ben_c];
        for (c, p) in clients.iter().zip(&plays) {
            c.goto(&format!("http://{addr}{p}?lang=en")).await.unwrap();
            until(Duration::from_secs(10), "the board and its stream", || async {
                js(c, "var l = document.getElementById('live'); var i = document.getElementById('board'); return !!l && l.dataset.state === 'on' && document.querySelectorAll('button.cell').length > 0 && i.complete && i.naturalWidth > 0;").await == Value::Bool(true)
            })
            .await;
            js(c, "window.notReloaded = true;").await;
        }
        // Ben's phone: the board fills the width, no wider.
        let width = js(
            &ben_c,
            "return document.getElementById('wrap').getBoundingClientRect().width;",
        )
        .await;
        let width = width.as_f64().unwrap();
        assert!(
            (340.0..=390.0).contains(&width),
            "{}: board {width} px",
            plan.spec
        );

        let total = plan.script.len() + plan.auto;
        let mut over = false;
        for n in 0..total {
            let states = [
                state_of(addr, &plays[0]).await,
                state_of(addr, &plays[1]).await,
            ];
            let mover = usize::from(states[1]["turn"] == Value::Bool(true));
            let st = &states[mover];
            assert_eq!(
                st["turn"],
                Value::Bool(true),
                "{}: nobody to move at {n}: {st}",
                plan.spec
            );
            let text = match plan.script.get(n) {
                Some(t) => (*t).to_string(),
                None => {
                    let moves = st["moves"].as_array().unwrap();
                    moves[(n * 7 + 3) % moves.len()]["t"]
                        .as_str()
                        .unwrap()
                        .to_string()
                }
            };
            let label = st["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["t"] == text.as_str())
                .map(|m| m["l"].as_str().unwrap().to_string())
                .unwrap_or_else(|| text.clone());
            let ply = st["ply"].as_i64().unwrap();
            tap_move(clients[mover], st, &text).await;
            chat_says(&app, label.trim_end_matches(['+', '#']), clients).await;
            let after = state_of(addr, &plays[mover]).await;
            if after["finished"] == Value::Bool(true) {
                over = true;
                break;
            }
            for c in clients {
                until(
                    Duration::from_secs(3),
                    &format!("{}: {text} on both pages", plan.spec),
                    || async { page_ply(c).await == ply + 1 },
                )
                .await;
            }
            let kept = js(clients[1 - mover], "return window.notReloaded === true;").await;
            assert_eq!(
                kept,
                Value::Bool(true),
                "{}: the other page reloaded",
                plan.spec
            );
        }
        if !over {
            let c = clients[0];
            click(c, "#resign").await;
            let shown = js(c, "return !document.getElementById('confirm').hidden;").await;
            assert_eq!(shown, Value::Bool(true), "resigning asks first");
            click(c, "#resign-no").await;
            assert!(
                app.store().game(&group(), id, true).unwrap().is_some(),
                "not resigned yet"
            );
            click(c, "#resign").await;
            click(c, "#resign-yes").await;
            chat_says(&app, "resign", clients).await;
        }
        // Both pages become the spectator's, without controls.
        let spectator = format!("/g/{token}");
        for c in clients {
            until(
                Duration::from_secs(5),
                &format!("{}: the spectator page", plan.spec),
                || async {
                    let u = c.current_url().await.unwrap();
                    u.path() == spectator
                        && js(c, "return document.readyState === 'complete';").await
                            == Value::Bool(true)
                },
            )
            .await;
            let controls = js(
                c,
                "return document.querySelectorAll('button.cell, #resign, #draw').length;",
            )
            .await;
            assert_eq!(
                controls,
                Value::from(0),
                "{}: controls on the spectator page",
                plan.spec
            );
        }
        assert!(
            app.store().game(&group(), id, true).unwrap().is_none(),
            "{} is over",
            plan.spec
        );
    }
    eprintln!("twelve games by touch in {:?}", started.elapsed());
    ana_c.close().await.unwrap();
    ben_c.close().await.unwrap();
}
