//! A move against the bot in the player's direct chat and the bot's answer
//! come as one reply: the board after the answer, a text that says both
//! moves (and the result when one ends the game), and the player's next
//! choices. Where people watch (a channel) each move is still its own
//! post; when the answer is late, the move is answered alone and the
//! answer follows as before.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tablero_app::console::{direct_incoming, incoming};
use tablero_app::press::Press;
use tablero_app::testkit::{Harness, START_MS};
use tablero_app::{App, ChannelKey, FakeRenderer, ManualClock, Platform, Reply, Settings};
use tablero_engine::{Level, Limits};
use tablero_rules::{AnyGame, GameId, Setup, Side};
use tablero_store::Store;

/// Ana's direct chat with the bot on the console.
fn dm() -> ChannelKey {
    ChannelKey::new(Platform::Console, "@ana")
}

/// Ana writes `text` in her direct chat.
fn say(app: &App, text: &str) -> Reply {
    let r = app.handle(&direct_incoming("ana", text)).expect("a reply");
    assert!(!r.error, "{text}: {}", r.plain_text());
    r
}

/// The moves of game 1 of `ch`, finished or not.
fn moves(app: &App, ch: &ChannelKey) -> Vec<String> {
    let store = app.store();
    let doc = match store.game(ch, 1, true).unwrap() {
        Some(d) => d,
        None => store.game(ch, 1, false).unwrap().expect("game 1"),
    };
    let (_, moves) = doc.record.split_once(':').unwrap();
    moves.split_whitespace().map(str::to_string).collect()
}

/// The game after `moves`.
fn after(id: GameId, moves: &[String]) -> AnyGame {
    let mut g = AnyGame::new(id, &Setup::default()).unwrap();
    for m in moves {
        g.play(m).unwrap();
    }
    g
}

/// Every move `r` offers as a choice.
fn offered(r: &Reply) -> BTreeSet<String> {
    r.choices.iter().flat_map(|g| g.moves.clone()).collect()
}

/// The legal moves of the side to move in `g`, by the rules.
fn legal(g: &AnyGame) -> BTreeSet<String> {
    g.move_choices().into_iter().map(|c| c.text).collect()
}

#[test]
fn a_move_in_a_direct_chat_comes_back_with_the_bots_answer_on_one_board() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    let r = say(app, "play breakthrough level=1 white");
    assert_eq!(r.game(), Some((1, 0)));
    let r = say(app, "a2-a3");
    // Both moves are in the store when the reply comes.
    let played = moves(app, &dm());
    assert_eq!(played.len(), 2, "{played:?}");
    assert_eq!(played[0], "a2-a3");
    let answer = &played[1];
    assert_eq!(
        r.plain_text(),
        format!(
            "@ana played a2-a3 in #1, and @tablero answered {answer}. @ana (White) to move (3d left)."
        )
    );
    // The board after the answer, with Ana's next moves under it.
    assert_eq!(r.game(), Some((1, 2)));
    assert!(r.image.is_some());
    assert!(!r.thinking, "nobody is thinking: Ana is to move");
    let now = after(GameId::Breakthrough, &played);
    assert_eq!(now.turn().side, Side::First);
    assert_eq!(offered(&r), legal(&now));
    assert!(r.mentions.iter().any(|u| u.id == "ana"), "{:?}", r.mentions);
    // The answer was handed over, not posted as well.
    assert!(app.wait_bots(Duration::from_secs(60)));
    assert!(app.take_notices(Platform::Console).is_empty());
    // A bare move and a typed `move` alike; the board the second answers
    // is the newest.
    let r = say(app, &format!("move {}", first_choice(&now)));
    assert_eq!(r.game(), Some((1, 4)), "{}", r.plain_text());
    assert!(r.plain_text().contains(", and @tablero answered "));
}

/// The first of the moves of the side to move in `g`.
fn first_choice(g: &AnyGame) -> String {
    g.move_choices().into_iter().next().expect("a move").text
}

/// `san` as a Spanish reader writes it: the piece letters (King, Queen,
/// Rook, Bishop, kNight) are R, D, T, A and C.
fn spanish(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'K' => 'R',
            'Q' => 'D',
            'R' => 'T',
            'B' => 'A',
            'N' => 'C',
            other => other,
        })
        .collect()
}

#[test]
fn in_spanish_the_reply_says_both_moves_in_the_readers_letters() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    // The first command word is Spanish: she reads Spanish.
    let r = say(app, "maquina ajedrez nivel=2 blancas");
    assert!(r.plain_text().contains("Partida #1"), "{}", r.plain_text());
    // Cf3, the knight in Spanish letters.
    let r = say(app, "Cf3");
    let played = moves(app, &dm());
    assert_eq!(played.len(), 2, "{played:?}");
    assert_eq!(played[0], "Nf3");
    let answer = spanish(&played[1]);
    assert_eq!(
        r.plain_text(),
        format!(
            "@ana jugó Cf3 en la partida #1 y @tablero respondió {answer}. @ana (Blancas) mueve (quedan 3d)."
        )
    );
    // The English text is there too, for readers of the other language.
    assert_eq!(
        r.text.en.to_string(),
        format!(
            "@ana played Nf3 in #1, and @tablero answered {}. @ana (White) to move (3d left).",
            played[1]
        )
    );
    assert_eq!(r.game(), Some((1, 2)));
    let now = after(GameId::Chess, &played);
    assert_eq!(offered(&r), legal(&now));
}

/// How Ana chooses her moves in a game against the bot.
#[derive(Clone, Copy)]
enum Style {
    /// Wins at once when she can, else plays as the bot's level 3, two
    /// above its own here (its fixed node budget: the same moves every
    /// run).
    Bold,
    /// Shuffles at the back: the move that advances least.
    Timid,
}

/// Ana's move in Breakthrough position `g` (White) in `style`, and whether
/// it ends the game.
fn choose(g: &AnyGame, style: Style) -> (String, bool) {
    let moves = legal(g);
    let ends = |m: &String| {
        let mut next = g.clone();
        next.play(m).unwrap();
        next.outcome().is_some()
    };
    // `a2-a3` / `b4xc5`: the rank it reaches.
    let reach = |m: &str| -> u32 {
        m.chars()
            .rev()
            .find_map(|c| c.to_digit(10))
            .expect("a rank")
    };
    let chosen = match style {
        Style::Bold => moves.iter().find(|m| ends(m)).cloned().unwrap_or_else(|| {
            let level = Level::new(3).unwrap();
            tablero_engine::choose(g, level, Limits::level_nodes(level, g.id()), 1).unwrap()
        }),
        Style::Timid => moves
            .iter()
            .min_by_key(|m| reach(m))
            .expect("a legal move")
            .clone(),
    };
    let end = ends(&chosen);
    (chosen, end)
}

/// Plays game 1 in Ana's direct chat in `style` until it ends, checking
/// every reply: the answer with each move while the game goes on; at
/// the end, the move that ended it (and nothing from the bot after Ana's
/// winning move). Returns who won and the last reply.
fn play_out(app: &App, style: Style) -> (Side, Reply) {
    for _ in 0..200 {
        let before = moves(app, &dm());
        let g = after(GameId::Breakthrough, &before);
        assert_eq!(g.turn().side, Side::First, "Ana is to move");
        let (mine, ends) = choose(&g, style);
        let asked = Instant::now();
        let r = say(app, &mine);
        let text = r.plain_text();
        let now = moves(app, &dm());
        if ends {
            // Her move ended it: no answer to wait for, none given.
            assert!(asked.elapsed() < Duration::from_secs(20), "it waited");
            assert_eq!(now.len(), before.len() + 1);
            assert!(
                text.starts_with(&format!("@ana played {mine} in #1. @ana (White) wins")),
                "{text}"
            );
            assert!(!text.contains("answered"), "{text}");
            assert_eq!(r.ended, Some(1));
            assert_eq!(r.game(), Some((1, now.len())));
            assert!(r.choices.is_empty());
            assert!(app.wait_bots(Duration::from_secs(60)));
            assert!(app.take_notices(Platform::Console).is_empty());
            return (Side::First, r);
        }
        assert_eq!(now.len(), before.len() + 2, "{text}");
        let answer = &now[before.len() + 1];
        let head = format!("@ana played {mine} in #1, and @tablero answered {answer}. ");
        assert!(text.starts_with(&head), "{text}");
        assert_eq!(r.game(), Some((1, now.len())));
        let end = after(GameId::Breakthrough, &now);
        if end.outcome().is_some() {
            // The answer ended it: the result after both moves, the
            // final board, no moves to choose.
            assert!(
                text.starts_with(&format!("{head}@tablero (Black, level 1) wins")),
                "{text}"
            );
            assert_eq!(r.ended, Some(1));
            assert!(r.choices.is_empty());
            assert!(!r.thinking);
            return (Side::Second, r);
        }
        assert_eq!(offered(&r), legal(&end));
        assert_eq!(r.ended, None);
    }
    panic!("no end in 200 moves");
}

#[test]
fn a_game_ended_by_the_players_move_has_no_answer_and_one_ended_by_the_bots_says_both() {
    for (style, winner) in [(Style::Bold, Side::First), (Style::Timid, Side::Second)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = Harness::new(dir.path());
        // A wrong wait would show: a minute is far above any answer.
        h.settings.answer_wait = Duration::from_secs(60);
        h.open();
        let app = h.app();
        say(app, "play breakthrough level=1 white");
        let (won, r) = play_out(app, style);
        assert_eq!(won, winner, "{}", r.plain_text());
    }
}

#[test]
fn a_pressed_move_in_a_direct_chat_comes_back_with_the_answer_too() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    say(app, "play breakthrough level=1 white");
    let ana = tablero_app::User {
        id: "ana".into(),
        name: "ana".into(),
    };
    let r = app.press_direct(&dm(), &ana, 1, 0, &Press::Move("b2-b3".into()));
    assert!(!r.error, "{}", r.plain_text());
    let played = moves(app, &dm());
    assert_eq!(played.len(), 2);
    assert!(
        r.plain_text().starts_with(&format!(
            "@ana played b2-b3 in #1, and @tablero answered {}. ",
            played[1]
        )),
        "{}",
        r.plain_text()
    );
    assert_eq!(r.game(), Some((1, 2)));
    assert_eq!(offered(&r), legal(&after(GameId::Breakthrough, &played)));
    // The board pressed is stale now.
    let r = app.press_direct(&dm(), &ana, 1, 0, &Press::Move("c2-c3".into()));
    assert!(r.error, "{}", r.plain_text());
    assert_eq!(moves(app, &dm()).len(), 2);
    assert!(app.wait_bots(Duration::from_secs(60)));
    assert!(app.take_notices(Platform::Console).is_empty());
}

#[test]
fn where_people_watch_each_move_is_its_own_post() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    let general = ChannelKey::new(Platform::Console, "general");
    let in_general = |text: &str| app.handle(&incoming("ana", "general", text)).unwrap();
    in_general("play breakthrough level=1 white");
    let r = in_general("a2-a3");
    assert_eq!(
        r.plain_text(),
        "@ana played a2-a3 in #1. @tablero (Black, level 1) to move (3d left)."
    );
    assert_eq!(r.game(), Some((1, 1)));
    assert!(r.thinking);
    assert!(app.wait_bots(Duration::from_secs(60)));
    let notices = app.take_notices(Platform::Console);
    assert_eq!(notices.len(), 1);
    let answer = &moves(app, &general)[1];
    assert_eq!(
        notices[0].reply.plain_text(),
        format!("@tablero played {answer} in #1. @ana (White) to move (3d left).")
    );
    // A press there too.
    let ana = tablero_app::User {
        id: "ana".into(),
        name: "ana".into(),
    };
    let now = after(GameId::Breakthrough, &moves(app, &general));
    let r = app.press(&general, &ana, 1, 2, &Press::Move(first_choice(&now)));
    assert!(!r.error, "{}", r.plain_text());
    assert_eq!(r.game(), Some((1, 3)));
    assert!(app.wait_bots(Duration::from_secs(60)));
    assert_eq!(app.take_notices(Platform::Console).len(), 1);
}

#[test]
fn a_late_answer_follows_the_move_answered_alone() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        bot_nodes: true,
        bot_min_delay: Duration::from_millis(300),
        answer_wait: Duration::from_millis(200),
        ..Settings::default()
    };
    // No search workers yet: the bot is busy elsewhere.
    let app = Arc::new(App::new(
        Store::open(dir.path(), 1 << 20).unwrap(),
        Arc::new(ManualClock::at(START_MS)),
        Arc::new(FakeRenderer),
        settings,
    ));
    say(&app, "play breakthrough level=1 white");
    let asked = Instant::now();
    let r = say(&app, "a2-a3");
    let answered = Instant::now();
    // Her move, alone, once the wait is over.
    assert!(asked.elapsed() >= Duration::from_millis(200));
    assert_eq!(
        r.plain_text(),
        "@ana played a2-a3 in #1. @tablero (Black, level 1) to move (3d left)."
    );
    assert_eq!(r.game(), Some((1, 1)));
    assert!(r.thinking, "the bot is thinking");
    assert_eq!(moves(&app, &dm()).len(), 1);
    // The bot gets to it: its answer comes as a notice, after the board
    // of her move (at least the least delay after).
    app.start_bots();
    let notices = app.wait_notices(Platform::Console, Duration::from_secs(60));
    assert!(answered.elapsed() >= Duration::from_millis(300));
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(notices[0].channel, dm());
    let played = moves(&app, &dm());
    assert_eq!(
        notices[0].reply.plain_text(),
        format!(
            "@tablero played {} in #1. @ana (White) to move (3d left).",
            played[1]
        )
    );
    assert_eq!(notices[0].reply.game(), Some((1, 2)));
}
