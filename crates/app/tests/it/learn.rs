//! `moves SQUARE`, `hint` and `learn GAME` through the app, as people
//! type them in both languages: the marked board and its buttons, clear
//! errors that change nothing, a hint in a position worked out by hand,
//! and a learning game's notices and separate stats.

use std::time::Duration;

use tablero_app::press::Press;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Platform, Reply, User};
use tablero_store::GameDoc;

fn ok(h: &Harness, who: &str, text: &str) -> Reply {
    let r = h.say("general", who, text).expect("a reply");
    assert!(!r.error, "{text}: {}", r.plain_text());
    r
}

fn err(h: &Harness, who: &str, text: &str) -> String {
    let r = h.say("general", who, text).expect("a reply");
    assert!(r.error, "{text}: {}", r.plain_text());
    r.plain_text()
}

fn general() -> ChannelKey {
    ChannelKey::new(Platform::Console, "general")
}

fn user(name: &str) -> User {
    User {
        id: name.into(),
        name: name.into(),
    }
}

fn doc(h: &Harness, id: u64) -> GameDoc {
    h.app().store().game(&general(), id, true).unwrap().unwrap()
}

/// The marks the fake renderer says it drew.
fn drawn(r: &Reply) -> String {
    String::from_utf8(r.image.clone().expect("a board")).unwrap()
}

/// Ana (White) and Ben play Breakthrough #1, with `moves` played.
fn breakthrough(h: &Harness, moves: &[&str]) {
    ok(h, "ben", "help");
    ok(h, "ana", "challenge @ben breakthrough white");
    ok(h, "ben", "accept");
    for (i, m) in moves.iter().enumerate() {
        ok(h, if i % 2 == 0 { "ana" } else { "ben" }, m);
    }
}

#[test]
fn moves_shows_a_pieces_targets_and_its_buttons_play() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    // White's d-pawn walks up to d6, beside Black's c7 and e7.
    breakthrough(
        &h,
        &[
            "d2-d3", "a7-a6", "d3-d4", "a6-a5", "d4-d5", "a5-a4", "d5-d6",
        ],
    );
    // Black to move: e7 steps to e6 or f6, or takes on d6.
    for typed in ["moves e7", "Movimientos E7", "mov e7 #1", "/moves #1 e7"] {
        let r = ok(&h, "ben", typed);
        assert_eq!(r.game(), Some((1, 7)), "{typed}");
        assert_eq!(r.choices.len(), 1, "{typed}");
        assert_eq!(r.choices[0].origin.as_deref(), Some("e7"));
        let mut moves = r.choices[0].moves.clone();
        moves.sort();
        assert_eq!(moves, ["e7-e6", "e7-f6", "e7xd6"], "{typed}");
        let marks = drawn(&r);
        for m in [
            "Dot(Cell { x: 4, y: 5 })",
            "Dot(Cell { x: 5, y: 5 })",
            "Ring(Cell { x: 3, y: 5 })",
        ] {
            assert!(marks.contains(m), "{typed}: {marks}");
        }
    }
    let r = ok(&h, "ben", "moves e7");
    assert!(r.plain_text().contains("e7xd6") && r.plain_text().contains("rings"));
    let r = ok(&h, "ben", "idioma es");
    assert!(!r.error);
    let r = ok(&h, "ben", "movimientos e7");
    assert!(r.text.es.to_string().contains("3 jugadas"), "{}", r.text.es);
    // A spectator may look too.
    ok(&h, "cleo", "moves c7");
    // The button of a move plays it, as a press of that reply's board.
    let before = doc(&h, 1).record;
    let stale = h
        .app()
        .press(&general(), &user("ana"), 1, 7, &Press::Move("e7xd6".into()));
    assert!(stale.error, "not Ana's move");
    assert_eq!(doc(&h, 1).record, before);
    let i = r.choices[0]
        .moves
        .iter()
        .position(|m| m == "e7xd6")
        .unwrap();
    let played = h.app().press(
        &general(),
        &user("ben"),
        1,
        7,
        &Press::Index(Some("e7".into()), i),
    );
    assert!(!played.error, "{}", played.plain_text());
    assert!(
        doc(&h, 1).record.ends_with("e7xd6"),
        "{}",
        doc(&h, 1).record
    );
}

#[test]
fn moves_errors_say_what_is_wrong_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    breakthrough(&h, &[]);
    let before = doc(&h, 1);
    for (typed, says) in [
        ("moves e5", "no piece on e5"),
        ("moves a7", "not of the side to move"),
        ("moves z9", "`z9` is no square"),
        ("moves e2e4", "`e2e4` is no square"),
        ("moves", "Which piece?"),
        ("moves e2 e4", "Usage"),
        ("moves e2 #7", "no ongoing game #7 in this channel"),
    ] {
        let text = err(&h, "ana", typed);
        assert!(text.contains(says), "{typed}: {text}");
    }
    // Every square of the first rank is blocked by its own rank 2.
    let text = err(&h, "ana", "moves a1");
    assert!(text.contains("no legal move"), "{text}");
    ok(&h, "ana", "idioma es");
    let text = h
        .say("general", "ana", "movimientos e5")
        .unwrap()
        .text
        .es
        .to_string();
    assert!(text.contains("No hay ninguna pieza en e5"), "{text}");
    assert_eq!(doc(&h, 1), before);
}

#[test]
fn a_bare_moves_shows_where_a_placement_may_go() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    ok(&h, "ben", "help");
    ok(&h, "ana", "challenge @ben empuje");
    ok(&h, "ben", "accept");
    let r = ok(&h, "ana", "moves");
    assert_eq!(r.choices.len(), 1);
    assert_eq!(r.choices[0].origin, None);
    assert!(r.choices[0].moves.contains(&"Wa1".to_string()));
    assert!(
        r.plain_text().contains("next placement"),
        "{}",
        r.plain_text()
    );
    assert!(drawn(&r).contains("Dot("));
}

#[test]
fn a_hint_names_the_win_and_draws_it() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    ok(&h, "ana", "help");
    // Ana plays White against the bot; the moves are stored as if played:
    // e-pawn to e6, takes f7; Black only walks its a- and h-pawns. Now
    // f7 takes e8 or g8, reaching the last rank: a win at once.
    let moves = "e2-e3 a7-a6 e3-e4 a6-a5 e4-e5 a5-a4 e5-e6 h7-h6 e6xf7 h6-h5";
    let mut d = GameDoc::new(
        general(),
        1,
        [user("ana"), user("tablero")],
        format!("breakthrough: {moves}"),
        0,
    );
    d.bot = Some(tablero_store::BotDoc {
        side: tablero_store::Side::Second,
        level: 1,
    });
    let mut b = h.app().store().batch();
    b.put_game(&d, None);
    b.set_next_id(&general(), 2);
    h.app().store().commit(b).unwrap();
    for typed in ["hint", "pista", "hint #1", "consejo"] {
        let r = ok(&h, "ana", typed);
        let text = r.plain_text();
        assert!(
            text.contains("`f7xe8`") || text.contains("`f7xg8`"),
            "{typed}: {text}"
        );
        assert!(text.contains("wins at once"), "{typed}: {text}");
        assert!(
            drawn(&r).contains("Arrow { from: Cell { x: 5, y: 6 }"),
            "{}",
            drawn(&r)
        );
    }
    // Nothing was played.
    assert_eq!(doc(&h, 1).record, d.record);
    ok(&h, "ana", "idioma es");
    let r = ok(&h, "ana", "pista");
    assert!(
        r.text.es.to_string().contains("gana en el acto"),
        "{}",
        r.text.es
    );
}

#[test]
fn hints_only_against_the_bot_and_on_your_turn() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    breakthrough(&h, &[]);
    let text = err(&h, "ana", "hint");
    assert!(text.contains("Hints are for games against me"), "{text}");
    let text = err(&h, "cleo", "hint #1");
    assert!(text.contains("You are not a player in game #1"), "{text}");
    // With a game against the bot beside the one against Ben, a bare
    // `hint` means the bot's game (hints are only for those).
    ok(&h, "ana", "play breakthrough level=1 black");
    assert!(h.app().wait_bots(Duration::from_secs(120)));
    let r = ok(&h, "ana", "hint");
    assert!(
        r.plain_text().starts_with("Hint for @ana in #2: `"),
        "{}",
        r.plain_text()
    );
    // The hinted move is a legal move of hers, and the board's buttons
    // are the whole position's.
    assert!(!r.choices.is_empty());
}

#[test]
fn a_learning_game_points_things_out_and_counts_apart() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let text = err(&h, "ana", "learn chess level=3");
    assert!(text.contains("level 1"), "{text}");
    let r = ok(&h, "ana", "learn breakthrough");
    assert!(
        r.plain_text().contains("A learning game"),
        "{}",
        r.plain_text()
    );
    let d = doc(&h, 1);
    assert!(d.learning && !d.rated);
    assert_eq!(d.bot.map(|b| b.level), Some(1));
    // Ana (White) moves; the bot's answer names one thing worth seeing.
    for m in ["e2-e3", "e3-e4"] {
        ok(&h, "ana", m);
        assert!(h.app().wait_bots(Duration::from_secs(120)));
        let notices = h.app().take_notices(Platform::Console);
        assert_eq!(notices.len(), 1, "{notices:#?}");
        let text = notices[0].reply.plain_text();
        assert!(text.starts_with("@tablero played "), "{text}");
        assert!(text.contains("\nWorth seeing: "), "{text}");
        // `hint` works in it.
        ok(&h, "ana", "hint");
    }
    let _ = ok(&h, "ana", "resign");
    ok(&h, "ana", "resign yes");
    let stats = ok(&h, "ana", "stats").plain_text();
    assert!(stats.contains("Learning games"), "{stats}");
    assert!(
        stats.contains("Breakthrough: 0 won, 1 lost, 0 drawn"),
        "{stats}"
    );
    assert!(!stats.contains("Against Tablero"), "{stats}");
    // A game against the bot that is not a learning game: no notices.
    ok(&h, "ana", "play breakthrough level=1");
    ok(&h, "ana", "e2-e3");
    assert!(h.app().wait_bots(Duration::from_secs(120)));
    let notices = h.app().take_notices(Platform::Console);
    assert!(!notices[0].reply.plain_text().contains("Worth seeing"));
    // In Spanish.
    ok(&h, "bea", "idioma es");
    let r = ok(&h, "bea", "aprender ajedrez negras");
    assert!(
        r.text.es.to_string().contains("partida de aprendizaje"),
        "{}",
        r.text.es
    );
    assert!(h.app().wait_bots(Duration::from_secs(120)));
    ok(&h, "bea", "e5");
    assert!(h.app().wait_bots(Duration::from_secs(120)));
    let notices = h.app().take_notices(Platform::Console);
    let last = notices.last().unwrap();
    assert!(
        last.reply.text.es.to_string().contains("Conviene ver: "),
        "{}",
        last.reply.text.es
    );
}

/// Cascades' stones never move once placed: its learning game does not
/// offer `moves SQUARE`.
#[test]
fn a_cascades_learning_game_offers_no_moves_square() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let r = ok(&h, "ana", "learn cascades");
    let text = r.plain_text();
    assert!(text.contains("A learning game"), "{text}");
    assert!(
        text.contains("`hint`") && !text.contains("moves SQUARE"),
        "{text}"
    );
    let r = ok(&h, "bea", "learn breakthrough");
    assert!(
        r.plain_text().contains("moves SQUARE"),
        "{}",
        r.plain_text()
    );
}
