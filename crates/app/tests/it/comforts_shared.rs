//! Exactly once with correspondence clocks: 200 games, half with a
//! vacation, 100 digests, all falling due at one instant, ticked by two
//! apps at once on one PostgreSQL database (as two bot processes), and
//! by two threads of one app on sled. Each timeout, reminder and digest
//! is posted once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::thread;

use tablero_app::console::{direct_incoming, incoming};
use tablero_app::testkit::START_MS;
use tablero_app::{App, FakeRenderer, ManualClock, Reply, Settings};
use tablero_store::Store;

const HOUR: i64 = 3_600_000;
const GAMES: usize = 200;

fn ok(r: Option<Reply>, what: &str) {
    let r = r.unwrap_or_else(|| panic!("no reply to {what}"));
    assert!(!r.error, "{what}: {}", r.plain_text());
}

/// Sets up the games with `apps` taking turns, then ticks both at the
/// instant everything is due; what each posted.
fn scenario(a: &Arc<App>, b: &Arc<App>, clock: &ManualClock) -> Vec<(String, String)> {
    let apps = [a, b];
    // Thursday 00:00. In channel cI, bI (White) is to move in a 1-day
    // game; each even bI goes on vacation for 13 hours at once.
    for i in 0..GAMES {
        let app = apps[i % 2];
        let ch = format!("c{i}");
        let (bi, ai) = (format!("b{i}"), format!("a{i}"));
        ok(
            app.handle(&incoming(&bi, &ch, "challenge breakthrough time=1d")),
            "challenge",
        );
        ok(
            apps[(i + 1) % 2].handle(&incoming(&ai, &ch, "accept")),
            "accept",
        );
        if i % 2 == 0 {
            ok(app.handle(&incoming(&bi, &ch, "vacation 13h")), "vacation");
        }
    }
    // Thursday 12:00 (just after): each even bI asks, in their private
    // chat, for a digest at 12:00: the next is Friday 12:00.
    clock.advance(12 * HOUR + 1);
    for i in (0..GAMES).step_by(2) {
        ok(
            apps[i % 4 / 2].handle(&direct_incoming(&format!("b{i}"), "digest 12:00")),
            "digest",
        );
    }
    // Friday 12:00: the odd games ran out at 00:00; the even ones (their
    // day began when the vacation ended, Thursday 13:00) have an hour
    // left, and reminders and digests are due.
    clock.set(START_MS + 36 * HOUR);
    let (ta, tb) = {
        let (a, b) = (a.clone(), b.clone());
        let ta = thread::spawn(move || a.tick());
        let tb = thread::spawn(move || b.tick());
        (ta.join().unwrap(), tb.join().unwrap())
    };
    let posted: Vec<(String, String)> = ta
        .iter()
        .chain(&tb)
        .map(|o| (o.channel.channel.clone(), o.reply.plain_text()))
        .collect();
    // Nothing is left to post by either.
    assert!(a.tick().is_empty() && b.tick().is_empty());
    posted
}

fn check(posted: &[(String, String)]) {
    let mut by_channel: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (ch, text) in posted {
        by_channel.entry(ch).or_default().push(text);
    }
    for i in 0..GAMES {
        let game = by_channel
            .get(format!("c{i}").as_str())
            .cloned()
            .unwrap_or_default();
        if i % 2 == 1 {
            assert_eq!(game.len(), 1, "c{i}: {game:?}");
            assert!(
                game[0].starts_with(&format!("@b{i} ran out of time in game #1.")),
                "{game:?}"
            );
            assert!(!by_channel.contains_key(format!("@b{i}").as_str()));
        } else {
            assert_eq!(game.len(), 1, "c{i}: {game:?}");
            assert_eq!(
                game[0],
                format!("@b{i}, it's your move in game #1 (Breakthrough): 1h left.")
            );
            let digest = by_channel
                .get(format!("@b{i}").as_str())
                .cloned()
                .unwrap_or_default();
            assert_eq!(digest.len(), 1, "@b{i}: {digest:?}");
            assert!(
                digest[0].starts_with(&format!(
                    "@b{i}, your daily digest: it is your move in 1 game"
                )) && digest[0].contains("1h left, until 2026-01-02 13:00 UTC."),
                "{digest:?}"
            );
        }
    }
    assert_eq!(posted.len(), GAMES + GAMES / 2, "{posted:#?}");
}

#[test]
fn two_processes_post_each_timeout_reminder_and_digest_once_on_postgres() {
    let server = tablero_pgtest::PgServer::shared();
    let url = server.create_database();
    let clock = ManualClock::at(START_MS);
    let app = || {
        Arc::new(App::new(
            Store::open_url(&url, 1 << 20).unwrap(),
            Arc::new(clock.clone()),
            Arc::new(FakeRenderer),
            Settings::default(),
        ))
    };
    let (a, b) = (app(), app());
    check(&scenario(&a, &b, &clock));
}

#[test]
fn two_threads_post_each_timeout_reminder_and_digest_once_on_sled() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(START_MS);
    let store = Store::open(dir.path(), 8 << 20).unwrap();
    let a = Arc::new(App::new(
        store,
        Arc::new(clock.clone()),
        Arc::new(FakeRenderer),
        Settings::default(),
    ));
    check(&scenario(&a, &a.clone(), &clock));
}
