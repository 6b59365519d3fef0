//! Every refusal of a player's board over HTTP, each with its reason and
//! changing nothing: a forged key, an altered one (its side, its
//! signature, its expiry), another game's, a revoked one (`web links
//! reset`), a move by the side not to move, a stale move number, an
//! illegal move, a finished game's board (the spectator page instead),
//! Telegram data not signed by the bot; and the spectator page, which
//! has no controls and takes no POST. (Expiry by time and the command
//! rate are the app's tests: `webplay::tests`.)

use std::sync::Arc;

use tablero_app::{FakeRenderer, Platform};

use crate::support::*;

fn record(app: &tablero_app::App) -> String {
    app.store().game(&group(), 1, true).unwrap().unwrap().record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_its_reason_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with(&dir.path().join("store"), Arc::new(FakeRenderer));
    let addr = serve(app.clone(), tablero_web::limit::Limits::default()).await;
    app.set_web_base(Some(format!("http://{addr}")));
    let token = chess_game(&app);
    ok(&app, &group(), &ana(), "challenge @Ben breakthrough");
    ok(&app, &group(), &ben(), "accept");
    let path = |id: u64, u: &tablero_app::User| {
        let full = app.play_url(&group(), id, &u.id).unwrap();
        full.strip_prefix(&format!("http://{addr}"))
            .unwrap()
            .to_string()
    };
    let (ana1, ben1, ana2) = (path(1, &ana()), path(1, &ben()), path(2, &ana()));
    let key = |p: &str| p.rsplit('/').next().unwrap().to_string();
    let before = record(&app);

    // The spectator page: no controls, no POST.
    let page = get(addr, &format!("/g/{token}")).await;
    assert_eq!(page.status, 200);
    assert!(
        !page.text().contains("resign") && !page.text().contains("play."),
        "controls on the spectator page"
    );
    let p = post(addr, &format!("/g/{token}"), r#"{"ply":0,"move":"e4"}"#).await;
    assert_eq!(p.status, 405);
    assert_eq!(p.header("allow"), "GET, HEAD");

    // Altered keys, another game's key: the page and a move both refused.
    let k = key(&ana1);
    let (_, rest) = k.split_once('-').unwrap();
    let (expires, mac) = rest.split_once('-').unwrap();
    let flipped_mac = {
        let mut b = mac.as_bytes().to_vec();
        b[0] = if b[0] == b'a' { b'b' } else { b'a' };
        String::from_utf8(b).unwrap()
    };
    let later = expires.parse::<i64>().unwrap() + 1;
    let forged = [
        format!("1-{expires}-{mac}"),
        format!("0-{expires}-{flipped_mac}"),
        format!("0-{later}-{mac}"),
        format!("0-{expires}-{}", "0".repeat(32)),
        key(&ana2),
    ];
    for f in &forged {
        let at = format!("/g/{token}/play/{f}");
        let page = get(addr, &format!("{at}?lang=en")).await;
        assert_eq!(page.status, 403, "{f}");
        assert!(page.text().contains("not valid"), "{f}: {}", page.text());
        let es = get(addr, &format!("{at}?lang=es")).await;
        assert!(es.text().contains("no es válido"), "{f}");
        let moved = post(addr, &format!("{at}?lang=en"), r#"{"ply":0,"move":"e4"}"#).await;
        assert_eq!(moved.status, 403, "{f}");
        assert!(moved.text().contains("not valid"), "{}", moved.text());
    }
    // Not shaped like a key at all: no such address.
    assert_eq!(
        get(addr, &format!("/g/{token}/play/0-1-xyz")).await.status,
        404
    );
    assert_eq!(record(&app), before);

    // Ben's own key on White's move; a stale number; an illegal move;
    // nonsense in the body.
    let refused = [
        (&ben1, r#"{"ply":0,"move":"e5"}"#, 409, "not your turn"),
        (&ana1, r#"{"ply":3,"move":"e4"}"#, 409, "out of date"),
        (&ana1, r#"{"ply":0,"move":"e5"}"#, 409, "e5"),
        (&ana1, r#"{"ply":0}"#, 400, "not valid"),
        (&ana1, "not json", 400, "not valid"),
        (&ana1, r#"{"action":"castle"}"#, 400, "not valid"),
    ];
    for (p, body, status, why) in refused {
        let got = post(addr, &format!("{p}?lang=en"), body).await;
        assert_eq!(got.status, status, "{body}: {}", got.text());
        assert!(got.text().contains(why), "{body}: {}", got.text());
    }
    assert_eq!(record(&app), before);
    assert!(app.take_notices(Platform::Telegram).is_empty());

    // Ana's move: played, in the chat, and the answer is Black's board.
    let got = post(addr, &format!("{ana1}?lang=en"), r#"{"ply":0,"move":"e4"}"#).await;
    assert_eq!(got.status, 200, "{}", got.text());
    let answer: serde_json::Value = serde_json::from_slice(&got.body).unwrap();
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["state"]["ply"], 1);
    assert_eq!(answer["state"]["turn"], false);
    let notices = app.wait_notices(Platform::Telegram, std::time::Duration::from_secs(5));
    assert!(
        notices
            .iter()
            .any(|n| n.channel == group() && n.reply.plain_text().contains("e4"))
    );
    assert_ne!(record(&app), before);

    // Telegram data the bot did not sign (no token configured, then
    // another bot's).
    let tg = post(
        addr,
        "/tg?lang=en",
        r#"{"init":"auth_date=1&user=%7B%22id%22%3A1%7D&hash=00","start":null}"#,
    )
    .await;
    assert_eq!(tg.status, 403);
    assert!(tg.text().contains("TelegramSignature"), "{}", tg.text());
    app.set_telegram_token(Some(tablero_app::config::Secret::new("1:bot")));
    let tg = post(
        addr,
        "/tg?lang=en",
        r#"{"init":"auth_date=1&user=%7B%22id%22%3A1%7D&hash=00","start":null}"#,
    )
    .await;
    assert_eq!(tg.status, 403);
    assert!(tg.text().contains("Telegram"), "{}", tg.text());

    // Revoked: every link given so far stops working.
    app.reset_play_links().unwrap();
    let got = post(addr, &format!("{ben1}?lang=en"), r#"{"ply":1,"move":"e5"}"#).await;
    assert_eq!(got.status, 403, "{}", got.text());
    let ben_new = path(1, &ben());
    let got = post(
        addr,
        &format!("{ben_new}?lang=en"),
        r#"{"action":"resign"}"#,
    )
    .await;
    assert_eq!(got.status, 200, "{}", got.text());
    // Over: the page is the spectator's, a move is refused as over.
    let page = get(addr, &format!("{ben_new}?lang=en")).await;
    assert_eq!(page.status, 303);
    assert_eq!(page.header("location"), format!("/g/{token}?lang=en"));
    let got = post(
        addr,
        &format!("{ben_new}?lang=en"),
        r#"{"ply":1,"move":"e5"}"#,
    )
    .await;
    assert_eq!(got.status, 410, "{}", got.text());
    assert!(got.text().contains("over"), "{}", got.text());
}
