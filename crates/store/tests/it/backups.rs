//! Issue 42, item 7: start-up backups in a crash loop. Every start backs
//! the store up; backups are kept by age (the newest `keep`, the newest of
//! each hour of the last day, of each day of the last week), and taken
//! only when the store changed, so quick restarts never push the older
//! history out.

use std::path::Path;

use tablero_store::{ChannelKey, GameDoc, Platform, Store, UserRef};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
/// 2026-11-28 12:00:00 UTC.
const NOW: i64 = 1_795_867_200_000;

fn put(s: &Store, id: u64) {
    let user = |n: &str| UserRef {
        id: n.into(),
        name: n.into(),
    };
    let g = GameDoc::new(
        ChannelKey::new(Platform::Console, "general"),
        id,
        [user("alice"), user("bob")],
        "breakthrough: a2-a3".into(),
        1_000,
    );
    let mut b = s.batch();
    b.put_game(&g, None);
    s.commit(b).unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn games_in(path: &Path) -> usize {
    let b = Store::open_existing_url(&format!("sled:{}", path.display()), 1 << 20).unwrap();
    b.channel_games(&ChannelKey::new(Platform::Console, "general"))
        .unwrap()
        .len()
}

#[test]
fn a_crash_loop_keeps_the_older_backups() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("data"), 1 << 20).unwrap();
    let backups = dir.path().join("backups");
    let mut id = 0;
    // A week of a bot running: a change and a backup every 6 hours, at
    // 05:30, 11:30, 17:30 and 23:30, the last at 05:30 today.
    for k in (1..=27).rev() {
        id += 1;
        put(&s, id);
        let r = s
            .backup_into(&backups, 8, NOW - k * 6 * HOUR - HOUR / 2)
            .unwrap();
        assert!(r.taken);
    }
    let before_loop = id;
    // Then a crash loop at noon: 50 starts a second apart, each with a
    // change (a game saved before the crash) and a backup; keep is the
    // default 8.
    for i in 0..50 {
        id += 1;
        put(&s, id);
        let r = s.backup_into(&backups, 8, NOW + 1_000 * i).unwrap();
        assert!(r.taken);
        assert_eq!(games_in(&r.path), id as usize);
    }
    let mut expected: Vec<String> = [
        // The last 24 hours: the newest of each hour.
        "2026-11-27T17-30-00",
        "2026-11-27T23-30-00",
        "2026-11-28T05-30-00",
        // The last 7 days: the newest of each day.
        "2026-11-21T23-30-00",
        "2026-11-22T23-30-00",
        "2026-11-23T23-30-00",
        "2026-11-24T23-30-00",
        "2026-11-25T23-30-00",
        "2026-11-26T23-30-00",
    ]
    .iter()
    .map(|t| format!("tablero-{t}Z"))
    .collect();
    // The loop's newest 8.
    for i in 42..50 {
        expected.push(format!("tablero-2026-11-28T12-00-{i}Z"));
    }
    expected.sort();
    assert_eq!(names(&backups), expected);
    // The newest backup before the loop still holds the store as it was.
    assert_eq!(
        games_in(&backups.join("tablero-2026-11-28T05-30-00Z")),
        before_loop as usize
    );
}

#[test]
fn a_start_with_nothing_changed_takes_no_backup() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("data"), 1 << 20).unwrap();
    let backups = dir.path().join("backups");
    put(&s, 1);
    let first = s.backup_into(&backups, 8, NOW).unwrap();
    assert!(first.taken);
    // 30 restarts without a change: no new backup, none removed.
    for i in 1..=30 {
        let r = s.backup_into(&backups, 8, NOW + 1_000 * i).unwrap();
        assert!(!r.taken, "restart {i} took a backup of an unchanged store");
        assert_eq!(r.path, first.path);
        assert!(r.removed.is_empty());
    }
    assert_eq!(names(&backups).len(), 1);
    // A change: the next start takes one.
    put(&s, 2);
    let r = s.backup_into(&backups, 8, NOW + 60_000).unwrap();
    assert!(r.taken && r.path != first.path);
    assert_eq!(games_in(&r.path), 2);
    assert_eq!(names(&backups).len(), 2);
}

#[test]
fn backups_older_than_a_week_age_out_beyond_the_newest_kept() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("data"), 1 << 20).unwrap();
    let backups = dir.path().join("backups");
    // One a day at noon for 20 days, keep 3: those at most 7 days old
    // remain (the newest 3 among them); the 12 older ones go.
    for d in 0..20 {
        put(&s, d + 1);
        s.backup_into(&backups, 3, NOW - (19 - d as i64) * DAY)
            .unwrap();
    }
    let left = names(&backups);
    assert_eq!(left.len(), 8, "{left:?}");
    assert_eq!(left[0], "tablero-2026-11-21T12-00-00Z");
    assert_eq!(left[7], "tablero-2026-11-28T12-00-00Z");
}
