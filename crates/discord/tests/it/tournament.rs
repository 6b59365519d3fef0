//! A round robin of three played to its end in a Discord channel, through
//! the fake Discord (REST and gateway) and the real serenity client: Ana,
//! who manages the channel, creates it with `/tournament` and joins by
//! command; Ben and Cleo join with the Join button; Ana starts it with the
//! Start button. Each round's game is played with `/move` and the move
//! menus: one won by checkmate, one by resignation, one drawn by
//! agreement. After each round the channel gets the standings (as text
//! and as an image) and the next pairings; at the end the winner and the
//! final table.
//!
//! Seeding is by name (nobody has a rating yet): Ana 1, Ben 2, Cleo 3.
//! FIDE's Berger table for 3 (that of 4, player 4 the dummy: whoever meets
//! it rests) is 1–4 2–3 / 4–3 1–2 / 2–4 3–1, so:
//!
//! - round 1: Ben–Cleo (game #2), Ana rests;
//! - round 2: Ana–Ben (game #3), Cleo rests;
//! - round 3: Cleo–Ana (game #4), Ben rests.
//!
//! Results chosen: Cleo mates Ben (fool's mate), Ana resigns to Ben, Cleo
//! and Ana agree a draw. A rest scores nothing in a round robin. By hand,
//! with DE the points against players level on points and SB the beaten
//! opponents' points plus half the drawn ones':
//!
//! - after round 1: Cleo 1 (1 game, +1), Ana 0 (no game), Ben 0 (1 game,
//!   −1); Ana and Ben level on everything, Ana first by pairing number.
//! - after round 2: Cleo 1 and Ben 1 (Cleo beat Ben: DE 1 against 0; SB:
//!   Cleo beat Ben, who has 1; Ben beat Ana, who has 0), Ana 0.
//! - final: Cleo 1½ (+1 =1, SB 1 + ½·½ = 1¼), Ben 1 (+1 −1, SB ½), Ana ½
//!   (=1 −1, SB ½·1½ = ¾); all points differ, so DE is 0.

use serde_json::{Value, json};
use tablero_app::{ChannelKey, Platform};
use tablero_rules::{EndReason, Side};
use tablero_store::{ResultDoc, Termination};

use crate::e2e::{
    ANA, ANA_, BEN, BEN_, CHANNEL, CLEO, CLEO_, Call, Running, Who, button_ids, content,
    press_move, slash_move, start,
};

/// The width and height of a PNG, decoded whole (a broken one fails).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("its pixels");
    (frame.width, frame.height)
}

/// Checks that `text` has every line of `lines`, in order, one after
/// another.
fn has_lines(text: &str, lines: &[&str]) {
    let block = lines.join("\n");
    assert!(text.contains(&block), "{text}\n--- lacks ---\n{block}");
}

fn words(w: &str) -> Value {
    json!([{"name": "words", "type": 3, "value": w}])
}

/// Checks that the post `c` that ended round `round` carries the game's
/// final board and the standings image: a real PNG of a table's size (480
/// to 1,200 pixels wide; three players' rows under a title and a heading).
fn board_and_standings(c: &Call, round: u32) {
    let standings = format!("tournament-1-round-{round}.png");
    assert_eq!(c.files, ["board.png", standings.as_str()], "{c:?}");
    let png = &c.uploads[1];
    let (w, h) = png_size(png);
    assert!(
        (480..=1200).contains(&w) && (200..=400).contains(&h),
        "{w}×{h}"
    );
}

/// `who` ends their game with `/NAME` and `options`; returns the post that
/// says so in the channel.
async fn ended_by(r: &Running, who: Who, name: &str, options: Value) -> Call {
    let (mark, _) = r.d.slash(who, CHANNEL, name, options, json!({}));
    r.fake
        .wait(mark, "the game's end", |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages") && !c.files.is_empty()
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_three_to_the_final_standings() {
    let r = start(false).await;
    let (d, fake) = (&r.d, &r.fake);
    let create = words("create chess roundrobin time=1d");
    let (mark, token) = d.slash(ANA_, CHANNEL, "tournament", create, json!({}));
    let c = fake.callback(mark, &token).await;
    let header = "Tournament #1: Chess, round robin, 1d per move, rated.";
    assert!(content(&c).starts_with(header), "{}", content(&c));
    let announcement = c.created.expect("a public announcement");
    // Ana joins by command; Ben and Cleo press Join.
    let (mark, token) = d.slash(ANA_, CHANNEL, "tournament", words("join"), json!({}));
    let c = fake.callback(mark, &token).await;
    let joined = |id: u64| format!("<@{id}> joined tournament #1.");
    has_lines(&content(&c), &[&joined(ANA), "Players (1): Ana."]);
    let (mark, _) = d.button(BEN_, announcement, "tb:t:1:j");
    let news = fake.posted(mark, CHANNEL).await;
    has_lines(&content(&news), &[&joined(BEN), "Players (2): Ana, Ben."]);
    assert_eq!(button_ids(&news.body), ["tb:t:1:j", "tb:t:1:l", "tb:t:1:s"]);
    let (mark, _) = d.button(CLEO_, announcement, "tb:t:1:j");
    let news = fake.posted(mark, CHANNEL).await;
    has_lines(
        &content(&news),
        &[&joined(CLEO), "Players (3): Ana, Ben, Cleo."],
    );
    // Ana presses Start: round 1 is paired.
    let (mark, _) = d.button(ANA_, announcement, "tb:t:1:s");
    let begun = fake.posted(mark, CHANNEL).await;
    has_lines(
        &content(&begun),
        &[
            "Tournament #1 has begun!",
            header,
            "Round 1 of 3:",
            &format!("1. #2 <@{BEN}> – <@{CLEO}>"),
            "Rests: Ana.",
        ],
    );

    // Round 1, game #2: Ben has White and falls for the fool's mate;
    // Cleo answers from the board's menu once.
    let board = slash_move(d, BEN_, "f3").await;
    press_move(d, CLEO_, board, "e5").await;
    slash_move(d, BEN_, "g4").await;
    let mv = json!([{"name": "move", "type": 3, "value": "Qh4#"}]);
    let end = ended_by(&r, CLEO_, "move", mv).await;
    has_lines(
        &content(&end),
        &[
            "(Tournament #1, round 1, board 1.)",
            "Tournament #1: round 1 is over.",
            "Standings:",
            "1. Cleo — 1 (1 game: +1 =0 −0) DE 0 · SB 0",
            "2. Ana — 0 (0 games: +0 =0 −0) DE 0 · SB 0",
            "3. Ben — 0 (1 game: +0 =0 −1) DE 0 · SB 0",
            "Round 2 of 3:",
            &format!("1. #3 <@{ANA}> – <@{BEN}>"),
            "Rests: Cleo.",
        ],
    );
    assert!(content(&end).contains("checkmate"), "{}", content(&end));
    board_and_standings(&end, 1);

    // Round 2, game #3: Ana resigns to Ben after a move each.
    let board = slash_move(d, ANA_, "e4").await;
    press_move(d, BEN_, board, "e5").await;
    let end = ended_by(&r, ANA_, "resign", json!([])).await;
    let said = content(&end);
    assert!(
        said.contains(&format!("<@{ANA}> resigns game #3.")),
        "{said}"
    );
    has_lines(
        &said,
        &[
            "(Tournament #1, round 2, board 1.)",
            "Tournament #1: round 2 is over.",
            "Standings:",
            "1. Cleo — 1 (1 game: +1 =0 −0) DE 1 · SB 1",
            "2. Ben — 1 (2 games: +1 =0 −1) DE 0 · SB 0",
            "3. Ana — 0 (1 game: +0 =0 −1) DE 0 · SB 0",
            "Round 3 of 3:",
            &format!("1. #4 <@{CLEO}> – <@{ANA}>"),
            "Rests: Ben.",
        ],
    );
    board_and_standings(&end, 2);

    // Round 3, game #4: Cleo offers a draw, Ana accepts it.
    slash_move(d, CLEO_, "d4").await;
    slash_move(d, ANA_, "d5").await;
    let (mark, token) = d.slash(CLEO_, CHANNEL, "draw", json!([]), json!({}));
    let offer = fake.callback(mark, &token).await;
    assert!(
        content(&offer).contains("offers a draw in #4"),
        "{}",
        content(&offer)
    );
    let accept = json!([{"name": "answer", "type": 4, "value": 0}]);
    let end = ended_by(&r, ANA_, "draw", accept).await;
    let said = content(&end);
    assert!(
        said.contains(&format!("<@{ANA}> accepts the draw in #4.")),
        "{said}"
    );
    has_lines(
        &said,
        &[
            "(Tournament #1, round 3, board 1.)",
            &format!("🏆 Tournament #1 is over: <@{CLEO}> wins!"),
            "Standings:",
            "1. Cleo — 1½ (2 games: +1 =1 −0) DE 0 · SB 1¼",
            "2. Ben — 1 (2 games: +1 =0 −1) DE 0 · SB ½",
            "3. Ana — ½ (2 games: +0 =1 −1) DE 0 · SB ¾",
        ],
    );
    board_and_standings(&end, 3);

    // `/tournament` shows it finished, with the same table.
    let (mark, token) = d.slash(BEN_, CHANNEL, "tournament", json!([]), json!({}));
    let shown = content(&fake.callback(mark, &token).await);
    has_lines(
        &shown,
        &[
            header,
            "It is over.",
            "Standings:",
            "1. Cleo — 1½ (2 games: +1 =1 −0) DE 0 · SB 1¼",
        ],
    );

    // Each pair met once, in the chat's games #2 to #4, each ended as
    // played: Black mated, Black won by resignation, a draw agreed.
    let ch = ChannelKey::new(Platform::Discord, CHANNEL.to_string());
    let mut pairs = Vec::new();
    let mut results = Vec::new();
    for id in 2..=4 {
        let g = r
            .app
            .store()
            .game(&ch, id, false)
            .unwrap()
            .expect("a finished game");
        let mut pair = [g.players[0].name.clone(), g.players[1].name.clone()];
        pair.sort();
        pairs.push(pair.join("–"));
        results.push(g.result.expect("a result"));
    }
    assert_eq!(pairs, ["Ben–Cleo", "Ana–Ben", "Ana–Cleo"]);
    let result = |winner, termination| ResultDoc {
        winner,
        termination,
    };
    assert_eq!(
        results,
        [
            result(Some(Side::Second), Termination::Rules(EndReason::Checkmate)),
            result(Some(Side::Second), Termination::Resigned),
            result(None, Termination::Agreed),
        ]
    );
    assert!(r.app.store().channel_games(&ch).unwrap().is_empty());
}
