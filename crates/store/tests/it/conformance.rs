//! One suite, every backend: each test in `both!` runs once on a sled
//! folder and once on a PostgreSQL database of a real server started for
//! the run (`tablero-pgtest`). The `pg_` tests cover what only a shared
//! database has: several handles (as several processes would hold) and a
//! real second process.

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Barrier, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tablero_pgtest::PgServer;
use tablero_store::{
    ChallengeDoc, ChannelKey, GameDoc, GameId, Platform, ProfileDoc, ResultDoc, Side, StatsDoc,
    Store, StoreError, Termination, TimerKind,
};

use crate::support;
use support::{Place, user};

fn game(ch: &ChannelKey, id: u64, next: Option<i64>) -> GameDoc {
    GameDoc {
        turn_started_ms: 2_000,
        move_limit_secs: Some(3600),
        next_event_ms: next,
        ..GameDoc::new(
            ch.clone(),
            id,
            [user("alice"), user("bob")],
            "breakthrough: a2-a3".into(),
            1_000,
        )
    }
}

fn challenge(ch: &ChannelKey, id: u64, expires_ms: i64) -> ChallengeDoc {
    ChallengeDoc {
        channel: ch.clone(),
        id,
        challenger: user("carol"),
        challenged: Some(user("dave")),
        handle: None,
        game: GameId::Breakthrough,
        setup: String::new(),
        challenger_side: Some(Side::First),
        move_limit_secs: None,
        created_ms: 0,
        expires_ms,
        casual: false,
        community: None,
        rematch_of: None,
        clock: None,
    }
}

fn ok<T>(all: Vec<Result<T, StoreError>>) -> Vec<T> {
    all.into_iter().map(Result::unwrap).collect()
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sled {
            $( #[test] fn $name() { super::$name(&super::Place::sled()); } )*
        }
        mod pg {
            $( #[test] fn $name() { super::$name(&super::Place::pg()); } )*
        }
    };
}

both!(
    a_batch_is_seen_whole_under_the_channel_lock,
    scans_come_in_key_order,
    timers_come_due_in_time_order,
    unreadable_values_are_quarantined_not_deleted,
    everything_survives_reopening,
    channel_versions_count_the_commits_that_touch_the_channel,
    a_channel_lock_lets_one_holder_at_a_time,
    each_due_timer_is_claimed_once,
    a_lease_runs_out_or_ends_with_a_write,
    timers_are_claimed_by_the_platforms_a_process_runs,
    a_remembered_board_is_claimed_by_one_process,
    unreadable_stats_of_every_kind_are_counted_as_set_aside,
    challenges_are_indexed_by_their_challenger_in_every_channel,
);

/// The challenges a user made, in every channel, from the index kept
/// with them: written, answered (removed) and moved with a channel.
fn challenges_are_indexed_by_their_challenger_in_every_channel(place: &Place) {
    let s = place.open();
    assert_eq!(s.layout().unwrap(), tablero_store::LAYOUT, "a new store");
    assert!(s.pending_migrations().unwrap().is_empty());
    let a = ChannelKey::new(Platform::Telegram, "-1");
    let b = ChannelKey::new(Platform::Telegram, "-2");
    let mut batch = s.batch();
    for (ch, id) in [(&a, 1), (&a, 2), (&b, 7)] {
        batch.put_challenge(&challenge(ch, id, 99_000));
    }
    let mut other = challenge(&b, 8, 99_000);
    other.challenger = user("dave");
    batch.put_challenge(&other);
    s.commit(batch).unwrap();
    let carol = |s: &Store| {
        let mut v = s.user_challenges(Platform::Telegram, "carol").unwrap();
        v.sort();
        v
    };
    assert_eq!(carol(&s), [(a.clone(), 1), (a.clone(), 2), (b.clone(), 7)]);
    assert_eq!(
        s.user_challenges(Platform::Telegram, "dave").unwrap(),
        [(b.clone(), 8)]
    );
    // Another platform's user of the same id has none.
    assert!(
        s.user_challenges(Platform::Discord, "carol")
            .unwrap()
            .is_empty()
    );
    let mut batch = s.batch();
    batch.remove_challenge(&challenge(&a, 2, 99_000));
    s.commit(batch).unwrap();
    assert_eq!(carol(&s), [(a.clone(), 1), (b.clone(), 7)]);
    // A group that became a supergroup takes its challenges' entries.
    let c = ChannelKey::new(Platform::Telegram, "-1003");
    s.move_channel(&a, &c).unwrap();
    assert_eq!(carol(&s), [(c, 1), (b.clone(), 7)]);
}

/// A store written before the users' indexes of finished games and of
/// open challenges (the schema 1 fixture of `tests/fixtures/store-v1`,
/// made by the script beside it: bob challenged dan in #6, carla made
/// the open challenge #7, and dan played three games that ended): opened
/// as `store copy` opens its source, nothing in it changes; its copies,
/// into PostgreSQL and into sled, first match it key for key and are then
/// brought up to this build's layout.
#[test]
fn a_store_written_before_the_indexes_copies_and_is_migrated() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/store-v1");
    let dir = tempfile::tempdir().unwrap();
    for e in std::fs::read_dir(&fixture).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.path().join(e.file_name())).unwrap();
    }
    let url = format!("sled:{}", dir.path().display());
    let old = Store::open_existing_url(&url, 1 << 20).unwrap();
    let numbers = |ms: &[tablero_store::Migration]| ms.iter().map(|m| m.number).collect::<Vec<_>>();
    assert_eq!(old.layout().unwrap(), 0);
    assert_eq!(numbers(&old.pending_migrations().unwrap()), [1, 2]);
    let general = ChannelKey::new(Platform::Console, "general");
    let unindexed = |s: &Store| {
        s.user_finished_games(Platform::Console, "dan")
            .unwrap()
            .is_empty()
            && s.user_challenges(Platform::Console, "bob")
                .unwrap()
                .is_empty()
    };
    assert!(unindexed(&old));

    let server = PgServer::shared();
    let pg = Store::open_url(&server.create_database(), 0).unwrap();
    let dir2 = tempfile::tempdir().unwrap();
    let sled = Store::open(dir2.path(), 1 << 20).unwrap();
    for to in [pg, sled] {
        let report = old.copy_to(&to).unwrap();
        assert_eq!(numbers(&report.migrated), [1, 2], "{}", to.describe());
        assert_eq!(to.layout().unwrap(), tablero_store::LAYOUT);
        let mut finished = to.user_finished_games(Platform::Console, "dan").unwrap();
        finished.sort();
        let tables = ChannelKey::new(Platform::Console, "tables");
        assert_eq!(
            finished,
            [(general.clone(), 3), (general.clone(), 4), (tables, 1)]
        );
        assert_eq!(
            to.user_challenges(Platform::Console, "bob").unwrap(),
            [(general.clone(), 6)]
        );
        assert_eq!(
            to.user_challenges(Platform::Console, "carla").unwrap(),
            [(general.clone(), 7)]
        );
    }
    // The original is as it was.
    assert_eq!(old.layout().unwrap(), 0);
    assert!(unindexed(&old));
}

/// Two processes starting at once look for boards a restart kept back:
/// each board goes to one of them; remembering it again ends the lease.
fn a_remembered_board_is_claimed_by_one_process(place: &Place) {
    let s = place.open();
    let other = place.another(&s);
    let board = |ply| tablero_store::BoardDoc {
        ply,
        message: format!("m{ply}"),
    };
    let tg = ChannelKey::new(Platform::Telegram, "-100");
    let mut b = s.batch();
    b.put_board(&tg, 1, Some(&board(3)));
    b.put_board(&tg, 2, Some(&board(5)));
    b.put_board(&ChannelKey::new(Platform::Discord, "9"), 1, Some(&board(1)));
    s.commit(b).unwrap();
    let games = |c: Vec<(ChannelKey, u64, tablero_store::BoardDoc)>| {
        c.into_iter()
            .map(|(ch, g, d)| (ch.channel, g, d.ply))
            .collect::<Vec<_>>()
    };
    let first = games(s.claim_boards(Platform::Telegram, 1_000, 60_000).unwrap());
    assert_eq!(
        first,
        [("-100".to_string(), 1, 3), ("-100".to_string(), 2, 5)]
    );
    assert!(
        other
            .claim_boards(Platform::Telegram, 1_000, 60_000)
            .unwrap()
            .is_empty()
    );
    let mut b = s.batch();
    b.put_board(&tg, 2, Some(&board(6)));
    s.commit(b).unwrap();
    assert_eq!(
        games(
            other
                .claim_boards(Platform::Telegram, 2_000, 60_000)
                .unwrap()
        ),
        [("-100".to_string(), 2, 6)]
    );
    // The lease runs out.
    assert_eq!(
        games(
            other
                .claim_boards(Platform::Telegram, 61_000, 60_000)
                .unwrap()
        ),
        [("-100".to_string(), 1, 3)]
    );
}

/// A process that runs only the Telegram front-end claims only Telegram's
/// timers, and one that runs Discord and the console the rest; neither
/// takes a timer it could not post.
fn timers_are_claimed_by_the_platforms_a_process_runs(place: &Place) {
    let s = place.open();
    let other = place.another(&s);
    let tg = ChannelKey::new(Platform::Telegram, "-100");
    let dc = ChannelKey::new(Platform::Discord, "77");
    let co = ChannelKey::new(Platform::Console, "lobby");
    let mut b = s.batch();
    b.put_game(&game(&dc, 1, Some(100)), None);
    b.put_game(&game(&tg, 2, Some(200)), None);
    b.put_challenge(&challenge(&co, 3, 300));
    b.put_game(&game(&tg, 4, Some(400)), None);
    // A console channel whose name holds a platform's name.
    b.put_game(
        &game(
            &ChannelKey::new(Platform::Console, "telegram"),
            5,
            Some(500),
        ),
        None,
    );
    s.commit(b).unwrap();
    let ids = |t: Vec<tablero_store::Timer>| t.into_iter().map(|t| t.id).collect::<Vec<u64>>();
    let telegram = ids(s
        .claim_due_timers(1_000, 60_000, 10, Some(&[Platform::Telegram]))
        .unwrap());
    assert_eq!(telegram, vec![2, 4]);
    let rest = ids(other
        .claim_due_timers(
            1_000,
            60_000,
            10,
            Some(&[Platform::Discord, Platform::Console]),
        )
        .unwrap());
    assert_eq!(rest, vec![1, 3, 5]);
    assert!(
        s.claim_due_timers(1_000, 60_000, 10, None)
            .unwrap()
            .is_empty(),
        "every due timer is leased already"
    );
}

/// A writer moves a game from ongoing to finished and back while it
/// rewrites every game of the channel and its timer, each batch under the
/// channel lock; a reader holding the lock (another handle: another
/// process) never sees half a batch. Without the lock a scan is not a
/// snapshot (sled's iterators are not), which is why the app reads under
/// it. That a failed batch leaves nothing is
/// `pg_a_failed_commit_changes_nothing`.
fn a_batch_is_seen_whole_under_the_channel_lock(place: &Place) {
    let s = place.open();
    let reader = place.another(&s);
    let ch = ChannelKey::new(Platform::Console, "atomic");
    const N: u64 = 20;
    let mut b = s.batch();
    for id in 1..=N {
        b.put_game(&game(&ch, id, Some(5_000)), None);
    }
    s.commit(b).unwrap();
    let done = AtomicBool::new(false);
    thread::scope(|t| {
        t.spawn(|| {
            let mut docs: Vec<GameDoc> = (1..=N).map(|id| game(&ch, id, Some(5_000))).collect();
            for round in 1..=40 {
                let _lock = s.lock_channel(&ch).unwrap();
                let mut b = s.batch();
                for doc in &mut docs {
                    let mut new = doc.clone();
                    new.record = format!("breakthrough: {round}");
                    new.next_event_ms = Some(5_000 + round);
                    if new.id == 1 {
                        new.result = (round % 2 == 1).then_some(ResultDoc {
                            winner: None,
                            termination: Termination::Agreed,
                        });
                    }
                    b.put_game(&new, Some(doc));
                    *doc = new;
                }
                s.commit(b).unwrap();
            }
            done.store(true, Ordering::SeqCst);
        });
        let mut looks = 0;
        while !done.load(Ordering::SeqCst) || looks < 3 {
            looks += 1;
            let _lock = reader.lock_channel(&ch).unwrap();
            let games = ok(reader.channel_games(&ch).unwrap());
            let finished = reader.game(&ch, 1, false).unwrap();
            let records: HashSet<_> = games
                .iter()
                .map(|g| g.record.clone())
                .chain(finished.iter().map(|g| g.record.clone()))
                .collect();
            let timers = reader.due_timers(i64::MAX / 2).unwrap();
            assert_eq!(records.len(), 1, "half a batch seen: {records:?}");
            let ongoing = games.len() as u64;
            assert_eq!(ongoing + u64::from(finished.is_some()), N);
            assert_eq!(timers.len() as u64, ongoing, "one timer per ongoing game");
            let due: HashSet<_> = timers.iter().map(|t| t.due_ms).collect();
            assert_eq!(due.len(), 1, "timers of two batches: {due:?}");
        }
    });
}

/// Channel games come by id (across more than one fetched page), a user's
/// games by channel then id, stats by game.
fn scans_come_in_key_order(place: &Place) {
    let s = place.open();
    let ch = ChannelKey::new(Platform::Discord, "many");
    let other = ChannelKey::new(Platform::Discord, "manz");
    // Ids in a scrambled order, more than a page (512) of them.
    let ids: Vec<u64> = (0..700u64).map(|i| (i * 379) % 700 + 1).collect();
    for chunk in ids.chunks(100) {
        let mut b = s.batch();
        for &id in chunk {
            b.put_game(&game(&ch, id, None), None);
        }
        s.commit(b).unwrap();
    }
    let mut b = s.batch();
    b.put_game(&game(&other, 3, None), None);
    b.put_stats(
        Platform::Discord,
        "alice",
        GameId::Chess,
        false,
        &StatsDoc {
            wins: 1,
            losses: 0,
            draws: 0,
            ..StatsDoc::default()
        },
    );
    b.put_stats(
        Platform::Discord,
        "alice",
        GameId::Bloc,
        false,
        &StatsDoc::default(),
    );
    s.commit(b).unwrap();
    let got: Vec<u64> = ok(s.channel_games(&ch).unwrap())
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(got, (1..=700).collect::<Vec<_>>());
    let mine = s.user_games(Platform::Discord, "bob").unwrap();
    assert_eq!(mine.len(), 701);
    assert_eq!(mine[0], (ch.clone(), 1));
    assert_eq!(mine[699], (ch.clone(), 700));
    assert_eq!(mine[700], (other.clone(), 3));
    let stats: Vec<GameId> = s
        .stats(Platform::Discord, "alice", false)
        .unwrap()
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    assert_eq!(stats, vec![GameId::Bloc, GameId::Chess]);
    assert_eq!(s.count_games().unwrap(), (701, 0));
}

fn timers_come_due_in_time_order(place: &Place) {
    let s = place.open();
    let a = ChannelKey::new(Platform::Telegram, "a");
    let b_ch = ChannelKey::new(Platform::Telegram, "b");
    let mut b = s.batch();
    b.put_game(&game(&a, 1, Some(30_000)), None);
    b.put_game(&game(&b_ch, 2, Some(9_999)), None);
    b.put_game(&game(&a, 3, Some(100_000)), None);
    b.put_game(&game(&a, 4, None), None);
    b.put_challenge(&challenge(&b_ch, 5, 10_000));
    b.put_challenge(&challenge(&a, 6, 200));
    s.commit(b).unwrap();
    let due: Vec<(i64, TimerKind, u64)> = s
        .due_timers(30_000)
        .unwrap()
        .into_iter()
        .map(|t| (t.due_ms, t.kind, t.id))
        .collect();
    assert_eq!(
        due,
        vec![
            (200, TimerKind::Challenge, 6),
            (9_999, TimerKind::Game, 2),
            (10_000, TimerKind::Challenge, 5),
            (30_000, TimerKind::Game, 1),
        ]
    );
    assert!(s.due_timers(199).unwrap().is_empty());
    let claimed: Vec<u64> = s
        .claim_due_timers(30_000, 60_000, 3, None)
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(claimed, vec![6, 2, 5], "the earliest, at most the limit");
}

fn unreadable_values_are_quarantined_not_deleted(place: &Place) {
    let s = place.open();
    let ch = ChannelKey::new(Platform::Console, "damaged");
    let mut b = s.batch();
    b.put_game(&game(&ch, 1, Some(50)), None);
    b.put_game(&game(&ch, 4, Some(60)), None);
    s.commit(b).unwrap();
    s.put_raw(&Store::raw_game_key(&ch, 2), b"{not json")
        .unwrap();
    s.put_raw(
        &Store::raw_game_key(&ch, 3),
        br#"{"version": 99, "future": true}"#,
    )
    .unwrap();
    let all = s.channel_games(&ch).unwrap();
    assert_eq!(all.len(), 4);
    assert!(matches!(all[1], Err(StoreError::Corrupt { .. })));
    assert!(matches!(&all[2], Err(StoreError::Corrupt { why, .. }) if why.contains("newer")));
    assert_eq!(ok(s.channel_games(&ch).unwrap()).len(), 2);

    // A game that decodes but cannot be rebuilt leaves with its indexes.
    s.quarantine_game(&game(&ch, 4, Some(60))).unwrap();
    assert_eq!(ok(s.channel_games(&ch).unwrap()).len(), 1);
    assert_eq!(s.due_timers(1_000).unwrap().len(), 1);
    assert_eq!(s.user_games(Platform::Console, "alice").unwrap().len(), 1);

    let mut q = s.quarantined().unwrap();
    q.sort();
    assert_eq!(
        q,
        vec![
            "g/console/damaged/00000000000000000002",
            "g/console/damaged/00000000000000000003",
            "g/console/damaged/00000000000000000004",
        ]
    );
    // Kept, byte for byte, and kept across a copy.
    let copy = tempfile::tempdir().unwrap();
    let to = Store::open(copy.path(), 1 << 20).unwrap();
    let report = s.copy_to(&to).unwrap();
    assert_eq!(report.quarantined, 3);
    assert_eq!(to.quarantined().unwrap().len(), 3);
}

/// A user's stats against people, against Tablero and of learning games
/// that cannot be read are set aside and counted, each kind apart from
/// the readable ones and from other users'.
fn unreadable_stats_of_every_kind_are_counted_as_set_aside(place: &Place) {
    let s = place.open();
    let won = StatsDoc {
        wins: 1,
        ..StatsDoc::default()
    };
    let mut b = s.batch();
    b.put_stats(Platform::Console, "ana", GameId::Bloc, false, &won);
    b.put_stats(Platform::Console, "ana", GameId::Bloc, true, &won);
    b.put_learning_stats(Platform::Console, "ana", GameId::Bloc, &won);
    s.commit(b).unwrap();
    assert_eq!(s.stats_set_aside(Platform::Console, "ana").unwrap(), 0);
    // People (`s`), Tablero (`a`), learning (`e`), and someone else's.
    for raw in [
        "s\u{1f}console\u{1f}ana\u{1f}chess",
        "a\u{1f}console\u{1f}ana\u{1f}chess",
        "e\u{1f}console\u{1f}ana\u{1f}chess",
        "e\u{1f}console\u{1f}bo\u{1f}chess",
    ] {
        s.put_raw(raw, b"{broken").unwrap();
    }
    // Reading sets them aside and leaves the readable ones.
    assert_eq!(s.stats(Platform::Console, "ana", false).unwrap().len(), 1);
    assert_eq!(s.stats(Platform::Console, "ana", true).unwrap().len(), 1);
    let learning = s.learning_stats(Platform::Console, "ana").unwrap();
    assert_eq!(learning, vec![(GameId::Bloc, won)]);
    assert_eq!(s.learning_stats(Platform::Console, "bo").unwrap(), vec![]);
    assert_eq!(s.quarantined().unwrap().len(), 4);
    assert_eq!(s.stats_set_aside(Platform::Console, "ana").unwrap(), 3);
    assert_eq!(s.stats_set_aside(Platform::Console, "bo").unwrap(), 1);
}

fn everything_survives_reopening(place: &Place) {
    let ch = ChannelKey::new(Platform::Telegram, "-1001");
    let finished = GameDoc {
        result: Some(ResultDoc {
            winner: Some(Side::Second),
            termination: Termination::Resigned,
        }),
        finished_ms: Some(9_000),
        ..game(&ch, 2, None)
    };
    let profile = ProfileDoc {
        name: "Alice".into(),
        lang: None,
    };
    {
        let s = place.open();
        let mut b = s.batch();
        b.put_game(&game(&ch, 1, Some(7_000)), None);
        b.put_game(&finished, None);
        b.put_challenge(&challenge(&ch, 3, 8_000));
        b.set_next_id(&ch, 4);
        b.put_profile(Platform::Telegram, "alice", &profile);
        s.commit(b).unwrap();
        s.put_raw("g\x1ftelegram\x1f-1001\x1f00000000000000000009", b"!")
            .unwrap();
        assert!(s.game(&ch, 9, true).is_err());
        s.flush().unwrap();
    }
    let s = place.open();
    assert_eq!(
        s.game(&ch, 1, true).unwrap(),
        Some(game(&ch, 1, Some(7_000)))
    );
    assert_eq!(s.game(&ch, 2, false).unwrap(), Some(finished));
    assert_eq!(s.challenge(&ch, 3).unwrap(), Some(challenge(&ch, 3, 8_000)));
    assert_eq!(s.next_id(&ch).unwrap(), 4);
    assert_eq!(
        s.profile(Platform::Telegram, "alice").unwrap(),
        Some(profile)
    );
    assert_eq!(
        s.find_user_by_name(Platform::Telegram, "alice")
            .unwrap()
            .map(|u| u.name),
        Some("Alice".into())
    );
    assert_eq!(s.due_timers(8_000).unwrap().len(), 2);
    assert_eq!(s.quarantined().unwrap().len(), 1);
}

fn channel_versions_count_the_commits_that_touch_the_channel(place: &Place) {
    let s = place.open();
    let other = place.another(&s);
    let a = ChannelKey::new(Platform::Discord, "1");
    let b_ch = ChannelKey::new(Platform::Discord, "2");
    assert_eq!(s.channel_version(&a).unwrap(), 0);
    let mut b = s.batch();
    b.put_game(&game(&a, 1, Some(5)), None);
    s.commit(b).unwrap();
    let mut b = s.batch();
    b.set_next_id(&a, 2);
    s.commit(b).unwrap();
    assert_eq!(other.channel_version(&a).unwrap(), 2);
    assert_eq!(other.channel_version(&b_ch).unwrap(), 0);

    // Stats and profiles belong to no channel.
    let mut b = other.batch();
    b.put_profile(
        Platform::Discord,
        "alice",
        &ProfileDoc {
            name: "A".into(),
            lang: None,
        },
    );
    other.commit(b).unwrap();
    assert_eq!(s.channel_version(&a).unwrap(), 2);

    // One commit touching two channels bumps each once; a dropped timer
    // counts too.
    let mut b = other.batch();
    b.put_challenge(&challenge(&b_ch, 7, 50));
    b.put_game(&game(&a, 2, None), None);
    other.commit(b).unwrap();
    assert_eq!(s.channel_version(&a).unwrap(), 3);
    assert_eq!(s.channel_version(&b_ch).unwrap(), 1);
    let t = s.due_timers(5).unwrap().remove(0);
    let mut b = s.batch();
    b.remove_timer(&t);
    s.commit(b).unwrap();
    assert_eq!(other.channel_version(&a).unwrap(), 4);
}

/// Read-modify-write of the channel's next id by many threads over two
/// handles: with the lock no increment is lost.
fn a_channel_lock_lets_one_holder_at_a_time(place: &Place) {
    let first = place.open();
    let second = place.another(&first);
    let ch = ChannelKey::new(Platform::Console, "contended");
    const THREADS: usize = 4;
    const ROUNDS: u64 = 15;
    let inside = AtomicUsize::new(0);
    thread::scope(|t| {
        for i in 0..THREADS {
            let s = if i % 2 == 0 { &first } else { &second };
            let (ch, inside) = (&ch, &inside);
            t.spawn(move || {
                for _ in 0..ROUNDS {
                    let lock = s.lock_channel(ch).unwrap();
                    assert_eq!(inside.fetch_add(1, Ordering::SeqCst), 0, "two holders");
                    let n = s.next_id(ch).unwrap();
                    thread::sleep(Duration::from_millis(1));
                    let mut b = s.batch();
                    b.set_next_id(ch, n + 1);
                    s.commit(b).unwrap();
                    inside.fetch_sub(1, Ordering::SeqCst);
                    drop(lock);
                }
            });
        }
    });
    assert_eq!(first.next_id(&ch).unwrap(), 1 + THREADS as u64 * ROUNDS);

    // Another channel's lock is free meanwhile; the stats lock too.
    let _held = first.lock_channel(&ch).unwrap();
    let start = Instant::now();
    let _other = second
        .lock_channel(&ChannelKey::new(Platform::Console, "elsewhere"))
        .unwrap();
    let _stats = second.lock_stats().unwrap();
    assert!(start.elapsed() < Duration::from_secs(2));
}

/// Several claimers over two handles take the due timers; each timer goes
/// to exactly one of them, and handling it (removing the timer) ends it.
fn each_due_timer_is_claimed_once(place: &Place) {
    let first = place.open();
    let second = place.another(&first);
    const TIMERS: u64 = 120;
    let mut b = first.batch();
    for id in 1..=TIMERS {
        let ch = ChannelKey::new(Platform::Discord, format!("c{}", id % 7));
        b.put_game(&game(&ch, id, Some(1_000 + id as i64)), None);
    }
    b.put_game(
        &game(
            &ChannelKey::new(Platform::Discord, "later"),
            999,
            Some(50_000),
        ),
        None,
    );
    first.commit(b).unwrap();
    let got = Mutex::new(Vec::new());
    let start = Barrier::new(4);
    thread::scope(|t| {
        for i in 0..4 {
            let s = if i % 2 == 0 { &first } else { &second };
            let (got, start) = (&got, &start);
            t.spawn(move || {
                start.wait();
                loop {
                    let claimed = s.claim_due_timers(10_000, 60_000, 5, None).unwrap();
                    if claimed.is_empty() {
                        break;
                    }
                    let mut b = s.batch();
                    for timer in &claimed {
                        b.remove_timer(timer);
                    }
                    s.commit(b).unwrap();
                    got.lock()
                        .unwrap()
                        .extend(claimed.into_iter().map(|t| t.id));
                }
            });
        }
    });
    let mut got = got.into_inner().unwrap();
    got.sort_unstable();
    assert_eq!(got, (1..=TIMERS).collect::<Vec<_>>(), "each exactly once");
    assert_eq!(first.due_timers(10_000).unwrap().len(), 0);
    assert_eq!(first.due_timers(50_000).unwrap().len(), 1);
}

fn a_lease_runs_out_or_ends_with_a_write(place: &Place) {
    let s = place.open();
    let other = place.another(&s);
    let ch = ChannelKey::new(Platform::Telegram, "lease");
    let doc = game(&ch, 1, Some(1_000));
    let mut b = s.batch();
    b.put_game(&doc, None);
    s.commit(b).unwrap();
    assert_eq!(s.claim_due_timers(1_000, 500, 10, None).unwrap().len(), 1);
    assert!(
        other
            .claim_due_timers(1_499, 500, 10, None)
            .unwrap()
            .is_empty()
    );
    // The claimant died: the lease runs out and the timer is claimed again.
    let again = other.claim_due_timers(1_500, 500, 10, None).unwrap();
    assert_eq!(again.len(), 1);
    assert!(s.claim_due_timers(1_600, 500, 10, None).unwrap().is_empty());
    // Writing the timer again (the game re-saved with the same due time)
    // ends the lease.
    let mut b = s.batch();
    b.put_game(&doc, Some(&doc));
    s.commit(b).unwrap();
    assert_eq!(s.claim_due_timers(1_600, 500, 10, None).unwrap().len(), 1);
}

#[test]
fn a_store_copies_from_sled_to_postgres_and_back_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let sled = Store::open(dir.path(), 1 << 20).unwrap();
    let ch = ChannelKey::new(Platform::Telegram, "-42");
    let mut b = sled.batch();
    for id in 1..=30 {
        let mut doc = game(&ch, id, Some(1_000 * id as i64));
        if id % 3 == 0 {
            doc.result = Some(ResultDoc {
                winner: Some(Side::First),
                termination: Termination::Time,
            });
            doc.next_event_ms = None;
        }
        if id % 5 == 0 {
            doc.draw_offer = Some(Side::Second);
        }
        b.put_game(&doc, None);
    }
    b.put_challenge(&challenge(&ch, 31, 99_000));
    b.set_next_id(&ch, 32);
    b.put_stats(
        Platform::Telegram,
        "alice",
        GameId::Chess,
        true,
        &StatsDoc {
            wins: 2,
            losses: 1,
            draws: 0,
            ..StatsDoc::default()
        },
    );
    b.put_profile(
        Platform::Telegram,
        "alice",
        &ProfileDoc {
            name: "Alice".into(),
            lang: None,
        },
    );
    sled.commit(b).unwrap();
    sled.put_raw("c\x1ftelegram\x1f-42\x1f00000000000000000040", b"???")
        .unwrap();
    assert!(sled.channel_challenges(&ch).unwrap()[1].is_err());

    let server = PgServer::shared();
    let url = server.create_database();
    let pg = Store::open_url(&url, 0).unwrap();
    let there = sled.copy_to(&pg).unwrap();
    // 20 ongoing games with 2 user keys and a timer each, 10 finished
    // with 2 user keys each (the index of finished games), a challenge
    // with its timer and its entry in the challenger's index, the next
    // id, stats, profile, and the metadata: schema and layout.
    assert_eq!(there.keys, 20 * 4 + 10 * 3 + 3 + 1 + 1 + 1 + 2);
    assert!(there.migrated.is_empty(), "the original is up to date");
    assert_eq!(there.quarantined, 1);
    assert!(
        sled.copy_to(&pg).is_err(),
        "a store holding data is refused"
    );

    let back_dir = tempfile::tempdir().unwrap();
    let back = Store::open_url(&format!("sled:{}", back_dir.path().display()), 1 << 20).unwrap();
    assert_eq!(pg.copy_to(&back).unwrap(), there);

    let dump = |s: &Store| {
        let mut m = BTreeMap::new();
        for id in 1..=31 {
            m.insert(
                id,
                (
                    s.game(&ch, id, true).unwrap(),
                    s.game(&ch, id, false).unwrap(),
                ),
            );
        }
        (
            m,
            ok(s.channel_challenges(&ch).unwrap()),
            s.next_id(&ch).unwrap(),
            s.stats(Platform::Telegram, "alice", true).unwrap(),
            s.profile(Platform::Telegram, "alice").unwrap(),
            s.user_games(Platform::Telegram, "bob").unwrap(),
            s.due_timers(i64::MAX / 2).unwrap(),
            s.quarantined().unwrap(),
        )
    };
    assert_eq!(dump(&back), dump(&sled));
    assert_eq!(dump(&pg), dump(&sled));
}

#[test]
fn pg_works_from_inside_another_tokio_runtime() {
    let server = PgServer::shared();
    let url = server.create_database();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let ch = ChannelKey::new(Platform::Discord, "async");
    rt.block_on(async {
        // As the bot calls it: from a blocking thread of its runtime.
        let s = tokio::task::spawn_blocking(move || {
            let s = Store::open_url(&url, 0).unwrap();
            let mut b = s.batch();
            b.set_next_id(&ch, 9);
            s.commit(b).unwrap();
            let _lock = s.lock_channel(&ch).unwrap();
            assert_eq!(s.next_id(&ch).unwrap(), 9);
            s
        })
        .await
        .unwrap();
        // Even straight from an async task (blocking it, which the app
        // never does) it neither panics nor deadlocks, and the store can
        // be dropped here.
        assert!(s.claim_due_timers(0, 1, 1, None).unwrap().is_empty());
        drop(s);
    });
}

#[test]
fn pg_migrations_run_once_and_refuse_a_newer_schema() {
    let server = PgServer::shared();
    let url = server.create_database();
    let handles: Vec<_> = (0..3)
        .map(|_| {
            let url = url.clone();
            thread::spawn(move || Store::open_url(&url, 0).map(|_| ()))
        })
        .collect();
    for h in handles {
        h.join().unwrap().unwrap();
    }
    assert_eq!(
        server.psql(&url, "SELECT count(*) FROM tablero_migrations"),
        "1"
    );
    server.psql(&url, "INSERT INTO tablero_migrations (version) VALUES (99)");
    let e = Store::open_url(&url, 0).err().expect("a newer schema");
    assert!(e.to_string().contains("newer"), "{e}");
}

#[test]
fn pg_a_failed_commit_changes_nothing() {
    let server = PgServer::shared();
    let url = server.create_database();
    let s = Store::open_url(&url, 0).unwrap();
    // A trigger that fails on one key, as a full disk or a lost connection
    // would fail a commit half way.
    server.psql(
        &url,
        "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.key = convert_to(E'n\\x1fconsole\\x1fboom', 'UTF8') THEN
             RAISE EXCEPTION 'boom';
           END IF;
           RETURN NEW;
         END $$;
         CREATE TRIGGER boom BEFORE INSERT OR UPDATE ON tablero_kv
         FOR EACH ROW EXECUTE FUNCTION boom();",
    );
    let ch = ChannelKey::new(Platform::Console, "ok");
    let mut b = s.batch();
    b.put_game(&game(&ch, 1, Some(10)), None);
    b.set_next_id(&ChannelKey::new(Platform::Console, "boom"), 2);
    let e = s.commit(b).unwrap_err();
    assert!(matches!(e, StoreError::Db(_)), "{e}");
    assert!(e.to_string().contains("boom"), "{e}");
    assert!(s.game(&ch, 1, true).unwrap().is_none());
    assert!(s.due_timers(10).unwrap().is_empty());
    assert_eq!(s.channel_version(&ch).unwrap(), 0);
}

/// The child side of `pg_two_processes_share_one_database`.
const CHILD_URL: &str = "TABLERO_TEST_CHILD_URL";

/// Two real processes (this test binary, run again) on one database: they
/// increment one channel's counter under the channel lock and claim the
/// same due timers; no increment is lost and every timer goes to one.
#[test]
fn pg_two_processes_share_one_database() {
    let ch = ChannelKey::new(Platform::Telegram, "shared");
    if let Ok(url) = std::env::var(CHILD_URL) {
        let s = Store::open_url(&url, 0).unwrap();
        for _ in 0..40 {
            let _lock = s.lock_channel(&ch).unwrap();
            let n = s.next_id(&ch).unwrap();
            let mut b = s.batch();
            b.set_next_id(&ch, n + 1);
            s.commit(b).unwrap();
            for t in s.claim_due_timers(10_000, 60_000, 2, None).unwrap() {
                let mut b = s.batch();
                b.remove_timer(&t);
                s.commit(b).unwrap();
                println!("claimed {}", t.id);
            }
        }
        return;
    }
    let server = PgServer::shared();
    let url = server.create_database();
    let s = Store::open_url(&url, 0).unwrap();
    let mut b = s.batch();
    for id in 1..=60 {
        b.put_game(&game(&ch, id, Some(id as i64)), None);
    }
    s.commit(b).unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| {
            std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "conformance::pg_two_processes_share_one_database",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_URL, &url)
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut claimed = Vec::new();
    for child in children {
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "a child failed:\n{text}");
        claimed.extend(
            text.lines()
                // libtest's own `test … ` may start the first line.
                .filter_map(|l| l.split_once("claimed ").map(|(_, id)| id))
                .map(|id| id.trim().parse::<u64>().unwrap()),
        );
    }
    assert_eq!(s.next_id(&ch).unwrap(), 1 + 2 * 40, "no increment lost");
    claimed.sort_unstable();
    assert_eq!(claimed, (1..=60).collect::<Vec<_>>(), "each timer once");
}

#[test]
fn pg_an_empty_database_is_no_copy_source_and_is_left_untouched() {
    let server = PgServer::shared();
    let url = server.create_database();
    let e = Store::open_existing_url(&url, 0)
        .err()
        .expect("no store there");
    assert!(e.to_string().contains("no Tablero store"), "{e}");
    // No schema was created in it.
    assert_eq!(
        server.psql(
            &url,
            "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'tablero%'"
        ),
        "0"
    );
    // A store with its schema but no data has nothing to copy.
    drop(Store::open_url(&url, 0).unwrap());
    let source = Store::open_existing_url(&url, 0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let to = Store::open(dir.path(), 1 << 20).unwrap();
    let e = source.copy_to(&to).unwrap_err();
    assert!(e.to_string().contains("no Tablero data"), "{e}");
}
