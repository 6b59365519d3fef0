//! A round robin of three played to its end in a Telegram group, through
//! the fake Bot API server, in Spanish (the group's language, and the
//! commands typed in Spanish): created by the group's owner, joined with
//! a typed command and with the Join button, started with the Start
//! button; each round's game played by typed moves and a button, one won
//! by checkmate, one by resignation, one drawn by agreement; after each
//! round the standings (as text and as an image) and the next pairings;
//! at the end the winner and the final table.
//!
//! The players are seeded by name (nobody has a rating yet): alice, bob
//! and Carol (who has no username: her name is her first name), 1, 2 and
//! 3 in alphabetical order. FIDE's Berger table for 3 (that of 4, player
//! 4 the dummy: whoever meets it rests) is 1–4 2–3 / 4–3 1–2 / 2–4 3–1,
//! so:
//!
//! - round 1: bob–Carol (game #2), alice rests;
//! - round 2: alice–bob (game #3), Carol rests;
//! - round 3: Carol–alice (game #4), bob rests.
//!
//! Results chosen: Carol mates bob (fool's mate), alice resigns to bob,
//! Carol and alice agree a draw. A rest scores nothing in a round robin.
//! By hand, with DE the points against players level on points and SB
//! the beaten opponents' points plus half the drawn ones':
//!
//! - after round 1: Carol 1 (1 game, +1), alice 0 (no game), bob 0 (1
//!   game, −1); alice and bob level on everything, alice first by
//!   pairing number.
//! - after round 2: Carol 1 and bob 1 (Carol beat bob: DE 1 against 0;
//!   SB: Carol beat bob, who has 1; bob beat alice, who has 0), alice 0.
//! - final: Carol 1½ (+1 =1, SB 1 + ½·½ = 1¼), bob 1 (+1 −1, SB ½),
//!   alice ½ (=1 −1, SB ½·1½ = ¾); all points differ, so DE is 0.

use std::sync::Arc;

use tablero_app::{BoardRenderer, ChannelKey, FakeRenderer, Platform, Settings};
use tablero_rules::{BoardView, EndReason, GameId, Lang, Side};
use tablero_store::{ResultDoc, Termination};

use crate::e2e::{ALICE, BOB, CAROL, Call, FAST, GROUP, Running, buttons, start_app, unlimited};

/// Boards from the fake renderer (their bytes name the position, and are
/// quick to make); everything else, the standings among it, drawn by the
/// real renderer.
struct RealTables;

impl BoardRenderer for RealTables {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        FakeRenderer.render(game, view, flip, players, lang)
    }
}

/// Carol has no username: she is mentioned by a link to her account.
const CAROL_LINK: &str = "<a href=\"tg://user?id=3\">Carol</a>";

/// The width and height of a PNG, decoded whole (a broken one fails).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("its pixels");
    (frame.width, frame.height)
}

fn text_of(c: &Call) -> String {
    let p = &c.params;
    p["text"]
        .as_str()
        .or_else(|| p["caption"].as_str())
        .unwrap_or("")
        .to_string()
}

/// Checks that `text` has every line of `lines`, in order, one after
/// another.
fn has_lines(text: &str, lines: &[&str]) {
    let block = lines.join("\n");
    assert!(text.contains(&block), "{text}\n--- lacks ---\n{block}");
}

impl Running {
    /// `who` types `text` in the group; returns the text the bot sends.
    async fn said(&mut self, who: &crate::e2e::Person, text: &str) -> String {
        self.c.say(who, text);
        text_of(&self.c.next("sendmessage").await.0)
    }

    /// `who` plays `mv` by typing it; returns the new board's caption.
    async fn typed(
        &mut self,
        who: &crate::e2e::Person,
        mv: &str,
        last: &mut Option<i32>,
    ) -> String {
        self.c.say(who, mv);
        let b = self.c.board(*last).await;
        *last = Some(b.id);
        b.caption
    }

    /// Waits until the board `id` has lost its keyboard.
    async fn retired(&mut self, id: i32) {
        for _ in 0..400 {
            let gone = self.fake.calls.lock().unwrap().iter().any(|c| {
                c.method == "editmessagereplymarkup"
                    && c.params["message_id"] == id
                    && c.params.get("reply_markup").is_none()
            });
            if gone {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("board {id} keeps its keyboard");
    }

    /// The standings image, right after the board of a round's last game
    /// (the old board's keyboard may go in between): a photo of a PNG,
    /// without a caption or buttons, of a table's size (480 to 1,200
    /// pixels wide; three players' rows under a title and a heading).
    async fn standings_image(&mut self) {
        let (photo, before) = self.c.next("sendphoto").await;
        assert!(
            before.iter().all(|c| c.method == "editmessagereplymarkup"),
            "{before:#?}"
        );
        assert_eq!(photo.params["chat_id"], GROUP);
        assert_eq!(text_of(&photo), "");
        assert!(buttons(&photo.params).is_empty(), "{photo:?}");
        let png = photo.file.as_ref().expect("an uploaded picture");
        assert!(png.starts_with(b"\x89PNG"), "a PNG, not a fake board");
        let (w, h) = png_size(png);
        assert!(
            (480..=1200).contains(&w) && (200..=400).contains(&h),
            "{w}×{h}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_three_in_spanish_to_the_final_standings() {
    let settings = Settings {
        channel_languages: vec![(GROUP.to_string(), Lang::Es)],
        ..unlimited()
    };
    let mut r = start_app(None, FAST, Arc::new(RealTables), settings).await;

    // Alice owns the group: she creates it, and joins by typing.
    let t = r.said(&ALICE, "/torneo crear ajedrez liga tiempo=1d").await;
    assert!(
        t.starts_with("Torneo #1: Ajedrez, liga, 1d por jugada, puntuable."),
        "{t}"
    );
    let announcement = r
        .fake
        .next_message
        .load(std::sync::atomic::Ordering::SeqCst);
    let t = r.said(&ALICE, "/torneo unirse").await;
    has_lines(
        &t,
        &["@alice se ha unido al torneo #1.", "Jugadores (1): alice."],
    );
    // Bob and Carol press Join under the announcement.
    let q = r.c.press(&BOB, announcement, "t:1:j");
    let (m, _) = r.c.next("sendmessage").await;
    has_lines(
        &text_of(&m),
        &[
            "@bob se ha unido al torneo #1.",
            "Jugadores (2): alice, bob.",
        ],
    );
    assert_eq!(buttons(&m.params), ["t:1:j", "t:1:l", "t:1:s"]);
    answered_silently(&r, &q);
    r.c.press(&CAROL, announcement, "t:1:j");
    let (m, _) = r.c.next("sendmessage").await;
    has_lines(
        &text_of(&m),
        &[
            &format!("{CAROL_LINK} se ha unido al torneo #1."),
            "Jugadores (3): alice, bob, Carol.",
        ],
    );
    // Alice presses Start: round 1 is paired.
    r.c.press(&ALICE, announcement, "t:1:s");
    let (m, _) = r.c.next("sendmessage").await;
    assert!(buttons(&m.params).is_empty(), "{m:?}");
    has_lines(
        &text_of(&m),
        &[
            "¡Empieza el torneo #1!",
            "Torneo #1: Ajedrez, liga, 1d por jugada, puntuable.",
            "Ronda 1 de 3:",
            &format!("1. #2 @bob – {CAROL_LINK}"),
            "Descansa: alice.",
        ],
    );

    // Round 1, game #2: bob has White and falls for the fool's mate; the
    // last move is pressed on the board's buttons.
    let mut last = None;
    let caption = r.typed(&BOB, "f3", &mut last).await;
    assert!(caption.contains("#2"), "{caption}");
    r.typed(&CAROL, "e5", &mut last).await;
    r.typed(&BOB, "/mover g4", &mut last).await;
    let board = last.unwrap();
    let q = r.c.press(&CAROL, board, "p:2:3:0:d8");
    r.c.answered(&q).await;
    let queen = buttons(&r.c.expect("editmessagereplymarkup").await.params);
    let mate = queen
        .iter()
        .find(|b| b.starts_with("m:2:3:") && b.contains("h4"))
        .unwrap_or_else(|| panic!("the queen's moves: {queen:?}"));
    let q = r.c.press(&CAROL, board, mate);
    r.c.answered(&q).await;
    let ended = r.c.board(Some(board)).await;
    has_lines(
        &ended.caption,
        &[
            "(Torneo #1, ronda 1, mesa 1.)",
            "Torneo #1: la ronda 1 ha terminado.",
            "Clasificación:",
            "1. Carol — 1 (1 partida: +1 =0 −0) EP 0 · SB 0",
            "2. alice — 0 (0 partidas: +0 =0 −0) EP 0 · SB 0",
            "3. bob — 0 (1 partida: +0 =0 −1) EP 0 · SB 0",
            "Ronda 2 de 3:",
            "1. #3 @alice – @bob",
            "Descansa: Carol.",
        ],
    );
    assert!(ended.caption.contains("jaque mate"), "{}", ended.caption);
    r.standings_image().await;

    // Round 2, game #3: alice resigns to bob after a move each.
    let mut last = None;
    r.typed(&ALICE, "e4", &mut last).await;
    r.typed(&BOB, "e5", &mut last).await;
    let t = r.said(&ALICE, "/rendirse").await;
    assert!(t.contains("<code>rendirse #3 sí</code>"), "{t}");
    r.c.say(&ALICE, "/rendirse sí");
    let (photo, _) = r.c.next("sendphoto").await;
    let board = last.unwrap();
    has_lines(
        &text_of(&photo),
        &[
            "(Torneo #1, ronda 2, mesa 1.)",
            "Torneo #1: la ronda 2 ha terminado.",
            "Clasificación:",
            "1. Carol — 1 (1 partida: +1 =0 −0) EP 1 · SB 1",
            "2. bob — 1 (2 partidas: +1 =0 −1) EP 0 · SB 0",
            "3. alice — 0 (1 partida: +0 =0 −1) EP 0 · SB 0",
            "Ronda 3 de 3:",
            &format!("1. #4 {CAROL_LINK} – @alice"),
            "Descansa: bob.",
        ],
    );
    assert!(text_of(&photo).contains("@alice abandona la partida #3."));
    r.standings_image().await;
    r.retired(board).await;

    // Round 3, game #4: Carol and alice agree a draw.
    let mut last = None;
    r.typed(&CAROL, "d4", &mut last).await;
    r.typed(&ALICE, "d5", &mut last).await;
    let t = r.said(&CAROL, "/tablas").await;
    assert!(t.contains("ofrece tablas en la partida #4"), "{t}");
    r.c.say(&ALICE, "/tablas aceptar");
    let (photo, _) = r.c.next("sendphoto").await;
    let board = last.unwrap();
    let t = text_of(&photo);
    has_lines(
        &t,
        &[
            "(Torneo #1, ronda 3, mesa 1.)",
            &format!("🏆 El torneo #1 ha terminado: ¡gana {CAROL_LINK}!"),
            "Clasificación:",
            "1. Carol — 1½ (2 partidas: +1 =1 −0) EP 0 · SB 1¼",
            "2. bob — 1 (2 partidas: +1 =0 −1) EP 0 · SB ½",
            "3. alice — ½ (2 partidas: +0 =1 −1) EP 0 · SB ¾",
        ],
    );
    assert!(
        t.contains("@alice acepta las tablas en la partida #4."),
        "{t}"
    );
    r.standings_image().await;
    r.retired(board).await;

    // `torneo` shows it finished, with the same table.
    let t = r.said(&BOB, "/torneo").await;
    has_lines(
        &t,
        &[
            "Torneo #1: Ajedrez, liga, 1d por jugada, puntuable.",
            "Ha terminado.",
            "Clasificación:",
            "1. Carol — 1½ (2 partidas: +1 =1 −0) EP 0 · SB 1¼",
        ],
    );

    // Each pair met once, in the chat's games #2 to #4, each ended as
    // played: Black mated, Black won by resignation, a draw agreed.
    let ch = ChannelKey::new(Platform::Telegram, GROUP.to_string());
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
    assert_eq!(pairs, ["Carol–bob", "alice–bob", "Carol–alice"]);
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
    r.stop().await;
}

/// The press `q` was answered without an alert.
fn answered_silently(r: &Running, q: &str) {
    let calls = r.fake.calls.lock().unwrap();
    assert!(
        calls.iter().any(|c| c.method == "answercallbackquery"
            && c.params["callback_query_id"] == q
            && c.params.get("text").is_none()),
        "the press {q} is answered silently"
    );
}
