//! One hostile user beside a normal player: thousands of challenges, games
//! against the bot, replay requests and a flood of messages. Every limit
//! holds with its message, what the hostile user can queue for the bot
//! stays bounded, and the normal player's game against the bot is
//! answered.

use std::sync::Arc;
use std::time::Duration;

use tablero_app::limits::Limits;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Incoming, Platform, User};

/// A Telegram message from `user` (chat platforms are rate-limited).
fn chat(user: &str, text: &str) -> Incoming {
    let author = User {
        id: user.into(),
        name: user.into(),
    };
    Incoming::addressed(ChannelKey::new(Platform::Telegram, "group"), author, text)
}

fn harness(dir: &std::path::Path) -> Harness {
    let mut h = Harness::new(dir);
    h.settings.limits = Limits::default();
    h.open();
    h
}

#[test]
fn a_hostile_user_is_held_to_the_limits_and_a_normal_player_still_plays() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let limits = Limits::default();
    let ch = ChannelKey::new(Platform::Console, "general");
    // Under the command rate (2 s apart), thousands of challenges.
    let mut refused = 0;
    for i in 0..2_000 {
        h.clock.advance(2_000);
        let r = h
            .say(
                "general",
                "mallory",
                &format!("challenge @p{i} breakthrough"),
            )
            .unwrap();
        if r.error {
            refused += 1;
            assert!(
                r.plain_text().contains("open challenges"),
                "{}",
                r.plain_text()
            );
        }
    }
    assert_eq!(refused, 2_000 - limits.challenges_per_user);
    let open = h.app().store().channel_challenges(&ch).unwrap();
    assert_eq!(open.len(), limits.challenges_per_user);
    // Games against the bot: a few, then the limit.
    let mut started = 0;
    for _ in 0..200 {
        h.clock.advance(2_000);
        let r = h
            .say("general", "mallory", "play breakthrough level=5 black")
            .unwrap();
        if r.error {
            assert!(r.plain_text().contains("against me"), "{}", r.plain_text());
        } else {
            started += 1;
        }
    }
    assert_eq!(started, limits.bot_games_per_user);
    // Replays asked for again and again: each answered, nothing kept.
    for _ in 0..100 {
        h.clock.advance(2_000);
        assert!(h.say("general", "mallory", "replay").is_some());
    }
    // A flood from a chat: one notice, then silence for the minute.
    let answered: Vec<_> = (0..3_000)
        .filter_map(|_| h.app().handle(&chat("mallory", "help")))
        .collect();
    assert_eq!(answered.len(), limits.commands_per_minute + 1);
    assert!(answered.last().unwrap().plain_text().contains("a minute"));
    // The normal player, in another channel, is not slowed by any of it.
    let r = h
        .say("lobby", "ana", "play breakthrough level=1 black")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(h.app().wait_bots(Duration::from_secs(300)));
    let lobby = ChannelKey::new(Platform::Console, "lobby");
    let games = h.app().store().channel_games(&lobby).unwrap();
    let doc = games[0].as_ref().expect("ana's game");
    assert_ne!(doc.record, "breakthrough:", "the bot answered ana");
    // A minute on, mallory is answered again.
    h.clock.advance(61_000);
    assert!(h.app().handle(&chat("mallory", "help")).is_some());
    // The console is its operator's own: never rate-limited.
    assert!((0..200).all(|_| h.say("general", "mallory", "help").is_some()));
}

/// The bot's queue is fair: one user with 150 games against the bot at its
/// slowest level, all waiting for the bot, and then another user's game
/// at level 1. The other user's search is second in line (after one of
/// the hostile user's, whatever their number), so it waits for at most
/// one search, as it would with the bot to itself; first-come,
/// first-served, it would wait for all 150. Checked on the queue's order,
/// before any worker runs, so no clock is involved.
#[test]
fn a_hostile_users_bot_games_do_not_hold_up_anothers_move() {
    let dir = tempfile::tempdir().unwrap();
    let store = tablero_store::Store::open(dir.path(), 4 << 20).unwrap();
    let settings = tablero_app::Settings {
        bot_nodes: true,
        limits: Limits {
            bot_games_per_user: 150,
            games_per_user: 200,
            ..Limits::default()
        },
        ..tablero_app::Settings::default()
    };
    let clock = tablero_app::ManualClock::at(tablero_app::testkit::START_MS);
    // No workers are started: every search waits in the queue.
    let app = Arc::new(tablero_app::App::new(
        store,
        Arc::new(clock),
        Arc::new(tablero_app::FakeRenderer),
        settings,
    ));
    let console = |user: &str, channel: &str, text: &str| Incoming {
        channel: ChannelKey::new(Platform::Console, channel),
        ..chat(user, text)
    };
    for i in 0..150 {
        let r = app
            .handle(&console(
                "mallory",
                &format!("m{i}"),
                "play breakthrough level=5 black",
            ))
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }
    let r = app
        .handle(&console("ana", "lobby", "play breakthrough level=1 black"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let order = app.bot_queue();
    assert_eq!(order.len(), 151);
    let ana = order
        .iter()
        .position(|(ch, _)| ch.channel == "lobby")
        .expect("ana's game waits for the bot");
    assert!(ana <= 1, "ana's search is number {ana} in line");
    // A third user is served right after ana, before mallory's second.
    let r = app
        .handle(&console("bo", "den", "play breakthrough level=1 black"))
        .unwrap();
    assert!(!r.error);
    let order = app.bot_queue();
    let bo = order
        .iter()
        .position(|(ch, _)| ch.channel == "den")
        .unwrap();
    assert!(bo <= 2, "bo's search is number {bo} in line");
}

/// One user's open challenges are counted in every chat together: spread
/// over hundreds of channels they stop at the limit all the same, and a
/// challenge answered, cancelled or expired makes room for another. Other
/// users are not held back by it.
#[test]
fn open_challenges_are_limited_across_chats() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    let limit = Limits::default().challenges_per_user;
    let mut made = 0;
    for i in 0..430 {
        let r = h
            .say(&format!("c{i}"), "mallory", "challenge @ana breakthrough")
            .unwrap();
        if r.error {
            assert!(
                r.plain_text().contains(&format!(
                    "You already have {limit} open challenges, counting every chat"
                )),
                "{}",
                r.plain_text()
            );
        } else {
            made += 1;
        }
    }
    assert_eq!(made, limit);
    let store = h.app().store();
    assert_eq!(
        store
            .user_challenges(Platform::Console, "mallory")
            .unwrap()
            .len(),
        limit
    );
    // Another user, in one of those channels, challenges freely.
    let r = h.say("c0", "bob", "challenge @ana bloc").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    // Ana accepts one and mallory cancels another: room for two more.
    assert!(!h.say("c0", "ana", "accept #1").unwrap().error);
    assert!(!h.say("c1", "mallory", "cancel").unwrap().error);
    for i in 500..503 {
        let r = h
            .say(&format!("c{i}"), "mallory", "challenge @ana breakthrough")
            .unwrap();
        assert_eq!(r.error, i == 502, "c{i}: {}", r.plain_text());
    }
    // A day on, every challenge has expired: the limit is free again,
    // whether or not the expiry timers have run yet.
    h.clock.advance(24 * 3_600_000 + 1);
    let r = h
        .say("c600", "mallory", "challenge @ana breakthrough")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
}
