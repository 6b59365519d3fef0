//! One timer pass over 100,000 correspondence games.
//!
//! `cargo bench -p tablero-app --bench timers` writes 100,000 ongoing
//! Breakthrough games (10 a channel, 400 players) into a sled store, each
//! with a 1-day clock whose next timer is due at one instant; their
//! movers are spread over three zones, half with quiet hours, a fifth on
//! vacation, a third of the games with weekends off. Then it times one
//! `App::tick`: every timer claimed, each game checked under its
//! channel's lock, reminders posted, stopped clocks set again quietly.
//! `BENCH_GAMES` sets the number of games.

use std::sync::Arc;
use std::time::Instant;

use tablero_app::{App, FakeRenderer, ManualClock, Settings};
use tablero_rules::{GameId, GameRecord, Setup};
use tablero_store::{AwayDoc, ChannelKey, ClockDoc, GameDoc, SpanDoc, Store, UserRef};

/// Friday 2026-01-02 12:00 UTC: when every timer is due.
const DUE: i64 = 1_767_225_600_000 + 36 * 3_600_000;
const HOUR: i64 = 3_600_000;

fn away(n: u64) -> AwayDoc {
    let zones = ["Europe/Madrid", "America/New_York", "Asia/Tokyo"];
    AwayDoc {
        zone: Some(zones[(n % 3) as usize].into()),
        quiet: (n % 2 == 0).then_some([23 * 60, 8 * 60]),
        vacation: (n % 5 == 0).then_some(SpanDoc {
            from: DUE - 30 * HOUR,
            until: DUE + 48 * HOUR,
        }),
    }
}

fn populate(store: &Store, games: u64) {
    let record = GameRecord::new(GameId::Breakthrough, Setup::default()).to_string();
    let user = |i: u64| UserRef {
        id: format!("u{i}"),
        name: format!("user{i}"),
    };
    let mut n = 0;
    while n < games {
        let mut b = store.batch();
        for n in n..(n + 1000).min(games) {
            let ch = ChannelKey::new(tablero_app::Platform::Console, format!("c{}", n / 10));
            let doc = GameDoc {
                move_limit_secs: Some(86_400),
                next_event_ms: Some(DUE),
                clock: Some(ClockDoc {
                    weekends_off: n % 3 == 0,
                    away: [away(n), away(n + 1)],
                    ..ClockDoc::default()
                }),
                ..GameDoc::new(
                    ch.clone(),
                    n % 10 + 1,
                    [user(n % 400), user((n * 7 + 1) % 400)],
                    record.clone(),
                    DUE - 20 * HOUR,
                )
            };
            b.put_game(&doc, None);
            b.set_next_id(&ch, 11);
        }
        store.commit(b).unwrap();
        n += 1000;
    }
    store.flush().unwrap();
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        println!("timer_pass: bench");
        return;
    }
    let games: u64 = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 64 << 20).unwrap();
    let t0 = Instant::now();
    populate(&store, games);
    let written = t0.elapsed();
    let clock = ManualClock::at(DUE);
    let app = App::new(
        store,
        Arc::new(clock),
        Arc::new(FakeRenderer),
        Settings::default(),
    );
    let t1 = Instant::now();
    let notices = app.tick();
    let pass = t1.elapsed();
    let t2 = Instant::now();
    let again = app.tick();
    let idle = t2.elapsed();
    println!(
        "timer pass: {games} games due at once (written in {:.1} s): one tick {:.2} s ({:.0} games/s), {} reminders posted, the rest set again; a second tick {:.3} s, {} posted",
        written.as_secs_f64(),
        pass.as_secs_f64(),
        games as f64 / pass.as_secs_f64(),
        notices.len(),
        idle.as_secs_f64(),
        again.len()
    );
}
