//! Tablero as a player: searches off the channel lock on a worker pool,
//! several games at once, a pending move resumed after a restart, and the
//! same texts as against a person for resigning and timing out.

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use tablero_app::testkit::{Harness, START_MS};
use tablero_app::{
    App, BoardRenderer, ChannelKey, FakeRenderer, ManualClock, Platform, Settings, SystemClock,
};
use tablero_rules::{AnyGame, BoardView, GameId, Lang, Setup};
use tablero_store::{Side, Store};

fn record(app: &App, ch: &str, id: u64) -> String {
    let ch = ChannelKey::new(Platform::Console, ch);
    app.store().game(&ch, id, true).unwrap().unwrap().record
}

#[test]
fn two_games_against_the_bot_in_two_channels_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    // The bot plays White in both, so both searches start at once.
    for ch in ["one", "two"] {
        let r = h.say(ch, "ana", "play breakthrough level=2 black").unwrap();
        assert!(!r.error, "{}", r.plain_text());
        // The bot is to move: front-ends show it typing after this board.
        assert!(r.thinking, "{}", r.plain_text());
    }
    assert!(h.app().wait_bots(Duration::from_secs(120)));
    let mut notices = h.app().take_notices(Platform::Console);
    notices.sort_by(|a, b| a.channel.channel.cmp(&b.channel.channel));
    assert_eq!(notices.len(), 2, "{notices:#?}");
    for (n, ch) in notices.iter().zip(["one", "two"]) {
        assert_eq!(n.channel.channel, ch);
        assert!(
            n.reply.plain_text().starts_with("@tablero played "),
            "{}",
            n.reply.plain_text()
        );
        assert_eq!(n.reply.game(), Some((1, 1)), "a board after the bot's move");
        assert!(!n.reply.thinking, "Ana is to move");
        // One move in the record, White's.
        let rec = record(h.app(), ch, 1);
        assert_eq!(
            rec.split(": ").nth(1).unwrap().split(' ').count(),
            1,
            "{rec}"
        );
    }
}

#[test]
fn a_pending_bot_move_is_made_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(START_MS);
    let settings = Settings {
        bot_nodes: true,
        bot_min_delay: Duration::ZERO,
        ..Settings::default()
    };
    {
        // No workers: the search never runs, as if the process died
        // while the bot was thinking.
        let app = App::new(
            Store::open(dir.path(), 1 << 20).unwrap(),
            Arc::new(clock.clone()),
            Arc::new(FakeRenderer),
            settings.clone(),
        );
        let r = app
            .handle(&tablero_app::console::incoming(
                "ana",
                "general",
                "play chess level=1 black",
            ))
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
        assert_eq!(record(&app, "general", 1), "chess:");
    }
    let app = Arc::new(App::new(
        Store::open(dir.path(), 1 << 20).unwrap(),
        Arc::new(clock.clone()),
        Arc::new(FakeRenderer),
        settings,
    ));
    app.start_bots();
    // The timer index holds the bot's turn: the first tick queues it.
    assert!(app.tick().is_empty());
    assert!(app.wait_bots(Duration::from_secs(120)));
    let notices = app.take_notices(Platform::Console);
    assert_eq!(notices.len(), 1, "{notices:#?}");
    let doc = app
        .store()
        .game(&ChannelKey::new(Platform::Console, "general"), 1, true)
        .unwrap()
        .unwrap();
    assert_eq!(doc.bot.unwrap().side, Side::First);
    assert_ne!(doc.record, "chess:", "the bot has moved");
    // Its turn is over: the next timer is ana's first reminder, 36 h on.
    assert_eq!(
        doc.next_event_ms,
        Some(tablero_app::Clock::now_ms(&clock) + 36 * 3_600_000)
    );
}

#[test]
fn against_the_bot_a_timeout_reads_as_against_a_person() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "play breakthrough level=1 time=1h")
        .unwrap();
    h.clock.advance(2 * 3_600_000);
    let notices = h.app().tick();
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(
        notices[0].reply.plain_text(),
        "@ana ran out of time in game #1. @tablero (Black, level 1) wins: out of time."
    );
    let stats = h.say("general", "ana", "stats").unwrap().plain_text();
    assert_eq!(
        stats,
        "Stats for @ana:\nAgainst Tablero (never rated):\nBreakthrough: 0 won, 1 lost, 0 drawn"
    );
}

/// A renderer that, once armed, holds the bot's next board (drawn on a bot
/// worker after its move is played) until released.
#[derive(Default)]
struct Gate {
    /// (armed, holding)
    state: Mutex<(bool, bool)>,
    changed: Condvar,
}

impl Gate {
    fn set(&self, armed: bool, holding: bool) {
        *self.state.lock().unwrap() = (armed, holding);
        self.changed.notify_all();
    }

    fn wait_holding(&self) {
        let s = self.state.lock().unwrap();
        let (s, t) = self
            .changed
            .wait_timeout_while(s, Duration::from_secs(60), |s| !s.1)
            .unwrap();
        assert!(s.1 && !t.timed_out(), "the bot never drew its board");
    }
}

impl BoardRenderer for Gate {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let on_bot = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("tablero-bot"));
        let mut s = self.state.lock().unwrap();
        if on_bot && s.0 {
            *s = (false, true);
            self.changed.notify_all();
            let _released = self.changed.wait_while(s, |s| s.1).unwrap();
        } else {
            drop(s);
        }
        FakeRenderer.render(game, view, flip, players, lang)
    }
}

/// The position after `record`'s moves, and its first legal move.
fn first_legal(app: &App, ch: &str) -> String {
    let rec = record(app, ch, 1);
    let mut game = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
    for m in rec.split_once(':').unwrap().1.split_whitespace() {
        game.play(m).unwrap();
    }
    game.legal_moves()[0].clone()
}

#[test]
fn a_move_made_before_the_bots_worker_is_done_is_answered() {
    // The bot's move is played and its board drawn on the worker; a quick
    // player can answer it before the worker has marked its search done.
    // That answer queues the bot again, and it must not be dropped as a
    // duplicate of the search that is ending.
    let dir = tempfile::tempdir().unwrap();
    let gate = Arc::new(Gate::default());
    let app = Arc::new(App::new(
        Store::open(dir.path(), 1 << 20).unwrap(),
        Arc::new(SystemClock),
        gate.clone(),
        Settings {
            bot_nodes: true,
            bot_min_delay: Duration::ZERO,
            ..Settings::default()
        },
    ));
    app.start_bots();
    let say = |line: &str| {
        let r = app
            .handle(&tablero_app::console::incoming("ana", "general", line))
            .unwrap();
        assert!(!r.error, "{line}: {}", r.plain_text());
    };
    say("play breakthrough level=1 white");
    gate.set(true, false);
    say(&format!("move {}", first_legal(&app, "general")));
    // The bot has played and is drawing its board: Ana answers at once.
    gate.wait_holding();
    let plies = |app: &App| {
        record(app, "general", 1)
            .split_once(':')
            .unwrap()
            .1
            .split_whitespace()
            .count()
    };
    assert_eq!(plies(&app), 2);
    say(&format!("move {}", first_legal(&app, "general")));
    gate.set(false, false);
    assert!(app.wait_bots(Duration::from_secs(60)));
    assert_eq!(plies(&app), 4, "the bot answered Ana's second move");
    assert_eq!(app.take_notices(Platform::Console).len(), 2);
}

#[test]
fn dropping_the_ticker_stops_its_thread_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let app = Arc::new(App::new(
        Store::open(dir.path(), 1 << 20).unwrap(),
        Arc::new(SystemClock),
        Arc::new(FakeRenderer),
        Settings::default(),
    ));
    let ticker = tablero_app::bot::spawn_ticker(app.clone(), Vec::new());
    assert_eq!(Arc::strong_count(&app), 2, "the thread holds the app");
    let asked = std::time::Instant::now();
    drop(ticker);
    // Stopped and joined: the thread has let go of the app, without
    // waiting out its 5 s tick.
    assert_eq!(Arc::strong_count(&app), 1);
    assert!(asked.elapsed() < tablero_app::bot::TICK);
}
