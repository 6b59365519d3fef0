//! A board's "Play on the board" button on a fake Discord: the presser
//! gets their own board's link in a private (ephemeral) answer, someone
//! who does not play is told so privately, and a move posted through the
//! link to the real web server is played: the channel gets the new board
//! as if it had been typed there.

use std::net::SocketAddr;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::e2e::{
    ANA_, BEN, BEN_, CHANNEL, CLEO_, button_ids, content, is_private, start, user_json,
};

/// `POST path` with a JSON body: the status and the body.
async fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_play_button_answers_privately_and_its_link_plays() {
    let r = start(false).await;
    let (d, fake) = (&r.d, &r.fake);
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(tablero_web::serve(
        r.app.clone(),
        l,
        tablero_web::limit::Limits::default(),
    ));
    r.app.set_web_base(Some(format!("http://{addr}")));
    // The bot is up once it has registered its commands.
    fake.wait(0, "command registration", |c| c.path.ends_with("/commands"))
        .await;

    // Ana challenges Ben as White; Ben accepts: the board has the page's
    // link and the play button.
    let ben = json!([
        {"name": "game", "type": 3, "value": "chess"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", ben, resolved);
    fake.callback(mark, &token).await;
    let (mark, _) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    let first = fake.posted(mark, CHANNEL).await;
    let board = first.created.unwrap();
    assert!(
        button_ids(&first.body).contains(&"tb:p:1".to_string()),
        "{:?}",
        button_ids(&first.body)
    );

    // Cleo watches: told privately that she plays no side.
    let (mark, token) = d.button(CLEO_, board, "tb:p:1");
    let c = fake.callback(mark, &token).await;
    assert!(is_private(&c));
    assert!(content(&c).contains("only watch"), "{}", content(&c));
    // Ana: her own link, privately.
    let (mark, token) = d.button(ANA_, board, "tb:p:1");
    let c = fake.callback(mark, &token).await;
    assert!(is_private(&c), "{c:?}");
    let text = content(&c);
    let base = format!("http://{addr}");
    let link = text
        .split_whitespace()
        .find(|w| w.starts_with(&base))
        .unwrap_or_else(|| panic!("no link in {text}"));
    let path = link.strip_prefix(&base).unwrap();
    assert!(path.contains("/play/0-"), "White's key: {path}");

    // A move through it: the channel gets the board, as for a typed move.
    let mark = fake_mark(&r);
    let (status, body) = post(addr, &format!("{path}?lang=en"), r#"{"ply":0,"move":"e4"}"#).await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["ok"], true);
    let posted = fake.posted(mark, CHANNEL).await;
    assert_eq!(posted.files, ["board.png"]);
    assert!(content(&posted).contains("e4"), "{}", content(&posted));
    // Ben's turn now; Ana's link cannot move for him.
    let (status, body) = post(addr, &format!("{path}?lang=en"), r#"{"ply":1,"move":"e5"}"#).await;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("not your turn"), "{body}");
}

/// Where the fake's calls stand now.
fn fake_mark(r: &crate::e2e::Running) -> usize {
    r.fake.mark()
}
