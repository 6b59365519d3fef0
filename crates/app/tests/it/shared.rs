//! Two apps on one PostgreSQL database, as two bot processes would be: each
//! has its own store (its own connection pools), its own cached channels
//! and its own clock. What one changes, the other sees on its next command;
//! one channel's commands apply one at a time across both; a due timer
//! fires in one of them. The server is started by `tablero-pgtest`.

use std::sync::Arc;
use std::thread;

use tablero_app::console::incoming;
use tablero_app::testkit::START_MS;
use tablero_app::{App, FakeRenderer, ManualClock, Reply, Settings};
use tablero_store::{ChannelKey, Platform, Store};

/// Two apps on a new database, sharing one hand-moved clock; the server
/// runs while its handle is held.
fn pair() -> (
    Arc<App>,
    Arc<App>,
    ManualClock,
    Arc<tablero_pgtest::PgServer>,
) {
    pair_with(Settings::default(), Settings::default())
}

/// [`pair`], each app with its own settings.
fn pair_with(
    first: Settings,
    second: Settings,
) -> (
    Arc<App>,
    Arc<App>,
    ManualClock,
    Arc<tablero_pgtest::PgServer>,
) {
    let server = tablero_pgtest::PgServer::shared();
    let url = server.create_database();
    let clock = ManualClock::at(START_MS);
    let app = |settings| {
        Arc::new(App::new(
            Store::open_url(&url, 1 << 20).unwrap(),
            Arc::new(clock.clone()),
            Arc::new(FakeRenderer),
            settings,
        ))
    };
    (app(first), app(second), clock, server)
}

/// `f` run by both apps at once, each on its own thread, as two processes
/// would.
fn at_once<T: Send + 'static>(a: &Arc<App>, b: &Arc<App>, f: fn(&App) -> T) -> (T, T) {
    let (a, b) = (a.clone(), b.clone());
    let ta = thread::spawn(move || f(&a));
    let tb = thread::spawn(move || f(&b));
    (ta.join().unwrap(), tb.join().unwrap())
}

fn say(app: &App, user: &str, text: &str) -> Reply {
    app.handle(&incoming(user, "general", text))
        .unwrap_or_else(|| panic!("no reply to {user}: {text}"))
}

fn ok(app: &App, user: &str, text: &str) -> String {
    let r = say(app, user, text);
    assert!(!r.error, "{user}: {text}: {}", r.plain_text());
    r.plain_text()
}

fn stored_moves(app: &App, id: u64) -> Vec<String> {
    let ch = ChannelKey::new(Platform::Console, "general");
    let doc = app
        .store()
        .game(&ch, id, true)
        .unwrap()
        .or_else(|| app.store().game(&ch, id, false).unwrap())
        .expect("the game is stored");
    let record: tablero_rules::GameRecord = doc.record.parse().unwrap();
    record.moves
}

#[test]
fn each_app_sees_what_the_other_committed() {
    let (a, b, _, _server) = pair();
    say(&a, "bob", "hi");
    ok(&a, "alice", "challenge @bob breakthrough");
    // The challenge was made in the other process.
    ok(&b, "bob", "accept");
    // `a` cached the channel before the game began: it must read it again.
    ok(&a, "alice", "a2-a3");
    ok(&b, "bob", "h7-h6");
    ok(&a, "alice", "b2-b3");
    // The same move again, in the app that did not play it.
    let r = say(&b, "alice", "b2-b3");
    assert!(
        r.error && r.plain_text().contains("already played"),
        "{}",
        r.plain_text()
    );
    let r = say(&a, "bob", "h6-h5");
    assert!(!r.error, "{}", r.plain_text());
    assert_eq!(stored_moves(&a, 1), ["a2-a3", "h7-h6", "b2-b3", "h6-h5"]);
    // A resignation in one app ends the game for the other.
    let _ = ok(&b, "alice", "resign");
    ok(&b, "alice", "resign yes");
    let r = say(&a, "bob", "g7-g6");
    assert!(r.error, "{}", r.plain_text());
    let stats = ok(&a, "bob", "stats");
    assert!(stats.contains('1'), "{stats}");
}

#[test]
fn racing_moves_from_two_apps_apply_once_each() {
    let (a, b, _, _server) = pair();
    say(&a, "bob", "hi");
    ok(&a, "alice", "challenge @bob breakthrough time=none");
    ok(&b, "bob", "accept");
    // Every turn, both apps get the same move several times at once: one
    // copy plays, every other copy is already played.
    let mut game = tablero_rules::AnyGame::new(
        tablero_rules::GameId::Breakthrough,
        &tablero_rules::Setup::default(),
    )
    .unwrap();
    let mut expected = Vec::new();
    for turn in 0..16 {
        let moves = game.legal_moves();
        let m = moves[(turn * 7) % moves.len()].clone();
        let who = if game.turn().side == tablero_rules::Side::First {
            "alice"
        } else {
            "bob"
        };
        let threads: Vec<_> = (0..6)
            .map(|i| {
                let app = if i % 2 == 0 { a.clone() } else { b.clone() };
                let m = m.clone();
                thread::spawn(move || say(&app, who, &m))
            })
            .collect();
        let replies: Vec<Reply> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        let played = replies.iter().filter(|r| !r.error).count();
        assert_eq!(played, 1, "turn {turn}: {replies:#?}");
        for r in replies.iter().filter(|r| r.error) {
            assert!(
                r.plain_text().contains("already played"),
                "{}",
                r.plain_text()
            );
        }
        game.play(&m).unwrap();
        expected.push(m);
        if game.outcome().is_some() {
            break;
        }
    }
    assert_eq!(stored_moves(&a, 1), expected);
}

#[test]
fn a_due_timer_fires_in_one_app_only() {
    let (a, b, clock, _server) = pair();
    say(&a, "bob", "hi");
    say(&a, "carol", "hi");
    // Challenge #1 expires; in game #2 alice runs out of time.
    ok(&a, "alice", "challenge @bob chess");
    ok(&a, "alice", "challenge @carol breakthrough time=1h");
    ok(&b, "carol", "accept");
    clock.advance(25 * 3_600_000);
    let (ta, tb) = at_once(&a, &b, |app| app.tick());
    let texts: Vec<String> = ta.iter().chain(&tb).map(|n| n.reply.plain_text()).collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    assert_eq!(
        texts.iter().filter(|t| t.contains("expired")).count(),
        1,
        "{texts:#?}"
    );
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.contains("ran out of time"))
            .count(),
        1,
        "{texts:#?}"
    );
    // Handled timers are gone: later ticks in either app post nothing.
    clock.advance(3_600_000);
    assert!(a.tick().is_empty() && b.tick().is_empty());
    // The timeout is seen by the app that did not handle it.
    let r = say(&b, "carol", "a7-a6");
    assert!(r.error, "{}", r.plain_text());
}

/// A process that runs only Discord leaves a console channel's timeout to
/// the process that runs the console, which can post it; before, whichever
/// process claimed the timer first ended the game and the notice was lost
/// where no front-end could post it.
#[test]
fn a_timer_fires_where_its_platform_runs() {
    let only = |p: Platform| Settings {
        platforms: Some(vec![p]),
        ..Settings::default()
    };
    let (console, discord, clock, _server) =
        pair_with(only(Platform::Console), only(Platform::Discord));
    say(&console, "bob", "hi");
    ok(&console, "alice", "challenge @bob breakthrough time=1h");
    ok(&discord, "bob", "accept");
    clock.advance(2 * 3_600_000);
    assert!(
        discord.tick().is_empty(),
        "Discord's process took a console timer"
    );
    let notices = console.tick();
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(notices[0].channel.platform, Platform::Console);
    assert!(
        notices[0].reply.plain_text().contains("ran out of time"),
        "{}",
        notices[0].reply.plain_text()
    );
}

/// Two processes starting together both look for the boards a restart
/// kept back: one of them posts each.
#[test]
fn a_kept_back_board_is_posted_by_one_process() {
    let (a, b, _clock, _server) = pair();
    say(&a, "bob", "hi");
    ok(&a, "alice", "challenge @bob breakthrough");
    ok(&b, "bob", "accept");
    let ch = ChannelKey::new(Platform::Console, "general");
    a.remember_board(&ch, 1, Some((0, "m1".into())));
    // A move is played and its board never posted.
    ok(&a, "alice", "a2-a3");
    let (ma, mb) = at_once(&a, &b, |app| app.unposted_boards(Platform::Console));
    assert_eq!(ma.len() + mb.len(), 1, "{ma:#?} {mb:#?}");
    let board = ma.iter().chain(&mb).next().unwrap();
    assert_eq!(board.reply.game(), Some((1, 1)));
}

/// The chat games of tournament `id`'s current round still to play, as
/// stored: (game, White, Black).
fn tournament_round(app: &App, id: u64) -> (u32, Vec<(u64, String, String)>) {
    let ch = ChannelKey::new(Platform::Console, "general");
    let doc = app.store().tournament(&ch, id).unwrap().unwrap();
    let t: tablero_tournament::Tournament = serde_json::from_value(doc.state.clone()).unwrap();
    let Some(round) = t.current_round() else {
        return (0, Vec::new());
    };
    let games = round
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .map(|g| {
            let game = doc.game_of(round.number, g.board).expect("a chat game");
            (game, g.white.0.clone(), g.black.0.clone())
        })
        .collect();
    (round.number, games)
}

/// A round robin of four, in two processes on one database: in every
/// round the two games end at the same moment, one in each process (the
/// last of the round is whichever commits second). Each round's end is
/// announced once and the next round is paired once: two new games a
/// round, never four, and never a round skipped.
#[test]
fn two_apps_ending_a_round_at_once_pair_the_next_round_once() {
    let (a, b, _, _server) = pair();
    ok(
        &a,
        "ana",
        "tournament create breakthrough roundrobin time=none",
    );
    for (app, p) in [(&a, "ana"), (&b, "bo"), (&a, "cy"), (&b, "di")] {
        ok(app, p, "tournament join");
    }
    ok(&b, "ana", "tournament start");
    let ch = ChannelKey::new(Platform::Console, "general");
    for round in 1..=3u32 {
        let (number, games) = tournament_round(&a, 1);
        assert_eq!(number, round);
        assert_eq!(games.len(), 2, "round {round}: {games:?}");
        // Both games end at once: each loser resigns in another process,
        // starting together.
        let start = Arc::new(std::sync::Barrier::new(2));
        let threads: Vec<_> = games
            .iter()
            .zip([a.clone(), b.clone()])
            .map(|((g, white, black), app)| {
                let loser = white.max(black).clone();
                let text = format!("resign #{g} yes");
                let start = start.clone();
                thread::spawn(move || {
                    start.wait();
                    say(&app, &loser, &text)
                })
            })
            .collect();
        let replies: Vec<Reply> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        for r in &replies {
            assert!(!r.error, "{}", r.plain_text());
        }
        let ended = format!("round {round} is over");
        let over = "Tournament #1 is over";
        let announced = replies
            .iter()
            .filter(|r| {
                let t = r.plain_text();
                t.contains(&ended) || t.contains(over)
            })
            .count();
        assert_eq!(announced, 1, "{replies:#?}");
        let doc = a.store().tournament(&ch, 1).unwrap().unwrap();
        let t: tablero_tournament::Tournament = serde_json::from_value(doc.state).unwrap();
        let expected_rounds = if round < 3 { round + 1 } else { 3 };
        assert_eq!(t.rounds().len() as u32, expected_rounds);
        assert_eq!(
            doc.games.len() as u32,
            2 * expected_rounds,
            "{:?}",
            doc.games
        );
        let mut numbers: Vec<u64> = doc.games.iter().map(|g| g.game).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), doc.games.len(), "one game a pairing");
        // The ongoing games of the channel are the new round's two.
        let ongoing = b.store().channel_games(&ch).unwrap().len();
        assert_eq!(ongoing, if round < 3 { 2 } else { 0 });
    }
    let (_, left) = tournament_round(&b, 1);
    assert!(left.is_empty());
}

/// A join deadline seen by two processes' timers at once starts the
/// tournament once.
#[test]
fn a_join_deadline_starts_a_tournament_in_one_app_only() {
    let (a, b, clock, _server) = pair();
    ok(
        &a,
        "ana",
        "tournament create breakthrough roundrobin time=none deadline=1h",
    );
    for p in ["ana", "bo", "cy", "di"] {
        ok(&b, p, "tournament join");
    }
    clock.advance(3_600_000);
    let (ta, tb) = at_once(&a, &b, |app| app.tick());
    let texts: Vec<String> = ta.iter().chain(&tb).map(|n| n.reply.plain_text()).collect();
    assert_eq!(texts.len(), 1, "{texts:#?}");
    assert!(
        texts[0].contains("Tournament #1 has begun!"),
        "{}",
        texts[0]
    );
    let (number, games) = tournament_round(&b, 1);
    assert_eq!((number, games.len()), (1, 2));
    clock.advance(3_600_000);
    assert!(a.tick().is_empty() && b.tick().is_empty());
}
