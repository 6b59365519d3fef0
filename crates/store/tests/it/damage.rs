//! A damaged sled folder: for every way its files can be lost or damaged
//! (missing, truncated or garbled snapshot, conf and db files; a flipped
//! byte in a live record or in a superseded one), the store either opens
//! with every intact game, or refuses with `StoreError::Damaged` and
//! changes nothing — it never opens empty, or short of games, over data.
//! Then: `check` and `salvage` on damaged records, backups, and `copy`
//! from a source that is not there.

use std::path::{Path, PathBuf};

use tablero_store::{ChannelKey, GameDoc, Platform, Store, StoreError, UserRef};

const GAMES: u64 = 40;
/// Rewrites of every game before its last two versions.
const CHURN: usize = 100;

fn channel() -> ChannelKey {
    ChannelKey::new(Platform::Console, "general")
}

/// Game `id`, its players named so that each version's bytes are unique
/// in the files (`live-7`, or `dead-7` for the version overwritten).
fn game(id: u64, version: &str) -> GameDoc {
    let user = |n: &str| UserRef {
        id: n.into(),
        name: format!("{version}-{id}-{n}"),
    };
    GameDoc {
        turn_started_ms: 2_000,
        move_limit_secs: Some(3600),
        ..GameDoc::new(
            channel(),
            id,
            [user("alice"), user("bob")],
            "breakthrough: a2-a3 a7-a6".into(),
            1_000,
        )
    }
}

/// A store of [`GAMES`] games, each written twice (a dead version, then
/// the live one), closed, opened again and closed.
fn make_store(dir: &Path) {
    let s = Store::open(dir, 1 << 20).unwrap();
    // Enough rewrites (about 4 MB of log) that sled reuses log segments,
    // as a bot's store does: then a lost snapshot loses the data.
    let mut last: Vec<Option<GameDoc>> = vec![None; GAMES as usize + 1];
    for round in 0..CHURN {
        for id in 1..=GAMES {
            let mut g = game(id, &format!("churn{round}"));
            g.record.push_str(&" a3-a4 a6-a5".repeat(80));
            let mut b = s.batch();
            b.put_game(&g, last[id as usize].as_ref());
            s.commit(b).unwrap();
            last[id as usize] = Some(g);
        }
    }
    for id in 1..=GAMES {
        let mut b = s.batch();
        b.put_game(&game(id, "dead"), last[id as usize].as_ref());
        s.commit(b).unwrap();
    }
    for id in 1..=GAMES {
        let mut b = s.batch();
        b.put_game(&game(id, "live"), Some(&game(id, "dead")));
        s.commit(b).unwrap();
    }
    s.flush().unwrap();
    drop(s);
    // Opened again, as a bot restarts: sled writes its first snapshot.
    drop(open(dir).unwrap());
}

/// Opens the store, waiting out sled's lock release of the last handle.
fn open(dir: &Path) -> Result<Store, StoreError> {
    Store::open(dir, 1 << 20)
}

fn files(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    v.sort();
    v
}

/// Where `needle` is in `file`, if it is.
fn find(file: &Path, needle: &[u8]) -> Option<usize> {
    let bytes = std::fs::read(file).unwrap();
    bytes.windows(needle.len()).position(|w| w == needle)
}

fn flip(file: &Path, at: usize) {
    let mut bytes = std::fs::read(file).unwrap();
    bytes[at] ^= 0x5a;
    std::fs::write(file, bytes).unwrap();
}

fn truncate(file: &Path, keep: f64) {
    let bytes = std::fs::read(file).unwrap();
    let n = (bytes.len() as f64 * keep) as usize;
    std::fs::write(file, &bytes[..n]).unwrap();
}

/// Damage done to a store's folder; `Some(id)` names a game it may cost.
type Damage = fn(&Path) -> Option<u64>;

fn snapshot(dir: &Path) -> PathBuf {
    files(dir, "snap.").pop().expect("a snapshot file")
}

const MATRIX: &[(&str, Damage)] = &[
    ("no damage", |_| None),
    ("snapshot missing", |d| {
        for f in files(d, "snap.") {
            std::fs::remove_file(f).unwrap();
        }
        None
    }),
    ("snapshot truncated", |d| {
        truncate(&snapshot(d), 0.5);
        None
    }),
    ("snapshot emptied", |d| {
        truncate(&snapshot(d), 0.0);
        None
    }),
    ("snapshot garbled", |d| {
        let s = snapshot(d);
        let len = std::fs::metadata(&s).unwrap().len() as usize;
        flip(&s, len / 2);
        None
    }),
    ("conf missing", |d| {
        std::fs::remove_file(d.join("conf")).unwrap();
        None
    }),
    ("conf truncated", |d| {
        truncate(&d.join("conf"), 0.5);
        None
    }),
    ("conf garbled", |d| {
        flip(&d.join("conf"), 3);
        None
    }),
    ("db missing", |d| {
        std::fs::remove_file(d.join("db")).unwrap();
        None
    }),
    ("db truncated to nothing", |d| {
        truncate(&d.join("db"), 0.0);
        None
    }),
    ("db truncated by half", |d| {
        truncate(&d.join("db"), 0.5);
        None
    }),
    ("db header garbled", |d| {
        flip(&d.join("db"), 2);
        None
    }),
    ("a live record's byte flipped", |d| {
        let at = find(&d.join("db"), b"live-17-alice").expect("the live record");
        flip(&d.join("db"), at + 2);
        Some(17)
    }),
    ("a dead record's byte flipped", |d| {
        let at = find(&d.join("db"), b"dead-23-alice").expect("the dead record");
        flip(&d.join("db"), at + 2);
        None
    }),
];

#[test]
fn a_damaged_store_opens_whole_or_not_at_all() {
    for (name, damage) in MATRIX {
        let dir = tempfile::tempdir().unwrap();
        make_store(dir.path());
        let may_lose = damage(dir.path());
        let before: Vec<(PathBuf, Vec<u8>)> = files(dir.path(), "")
            .into_iter()
            .filter(|p| p.is_file())
            .map(|p| {
                let b = std::fs::read(&p).unwrap();
                (p, b)
            })
            .collect();
        match open(dir.path()) {
            Ok(s) => {
                println!("{name}: opens");
                for id in 1..=GAMES {
                    match s.game(&channel(), id, true) {
                        Ok(Some(g)) => assert_eq!(g, game(id, "live"), "{name}: game {id}"),
                        // Set aside, never silently gone.
                        Err(StoreError::Corrupt { .. }) if may_lose == Some(id) => {
                            assert_eq!(s.quarantined().unwrap().len(), 1, "{name}");
                        }
                        other => panic!("{name}: game {id} is {other:?}"),
                    }
                }
            }
            Err(e @ StoreError::Damaged { .. }) => {
                let text = e.to_string();
                println!("{name}: refused: {text}");
                assert!(text.contains("damaged"), "{name}: {text}");
                // Refused before sled wrote anything over the files (sled
                // is tried on a copy first: its recovery writes as it
                // opens, even a store it then refuses).
                for (p, b) in &before {
                    assert_eq!(&std::fs::read(p).unwrap(), b, "{name}: {p:?} changed");
                }
                // Refused again, the same way: the refusal changed nothing
                // that would let a second start open it empty.
                assert!(
                    matches!(open(dir.path()), Err(StoreError::Damaged { .. })),
                    "{name}: opened on the second try"
                );
            }
            Err(e) => panic!("{name}: refused with the wrong error: {e}"),
        }
    }
}

#[test]
fn a_store_that_was_never_marked_is_marked_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    make_store(dir.path());
    // A store written before the marker existed.
    std::fs::remove_file(dir.path().join(tablero_store::sled_backend::HELD_DATA)).unwrap();
    drop(open(dir.path()).unwrap());
    assert!(
        dir.path()
            .join(tablero_store::sled_backend::HELD_DATA)
            .is_file()
    );
    for f in files(dir.path(), "snap.") {
        std::fs::remove_file(f).unwrap();
    }
    assert!(matches!(open(dir.path()), Err(StoreError::Damaged { .. })));
}

#[test]
fn check_reports_and_salvage_sets_aside_damaged_records() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("old"), 1 << 20).unwrap();
    for id in 1..=3 {
        let mut b = s.batch();
        b.put_game(&game(id, "live"), None);
        s.commit(b).unwrap();
    }
    s.put_raw(&Store::raw_game_key(&channel(), 4), b"{not json")
        .unwrap();
    let unplayable = |g: &GameDoc| {
        if g.id == 2 {
            Err("does not replay".to_string())
        } else {
            Ok(())
        }
    };
    let r = s.check(&unplayable).unwrap();
    let keys: Vec<&str> = r.damaged.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(keys.len(), 2, "{r:?}");
    assert!(keys.iter().any(|k| k.ends_with("0002")), "{r:?}");
    assert!(keys.iter().any(|k| k.ends_with("0004")), "{r:?}");
    assert!(!r.is_clean());
    // check changed nothing: the bad record is still where it was.
    assert_eq!(s.quarantined().unwrap().len(), 0);
    assert!(s.check(&|_| Ok(())).unwrap().damaged.len() == 1);

    let new = Store::open(&dir.path().join("new"), 1 << 20).unwrap();
    let r = s.salvage_to(&new, &unplayable).unwrap();
    assert_eq!(r.damaged.len(), 2, "{r:?}");
    assert_eq!(new.quarantined().unwrap().len(), 2);
    assert_eq!(
        new.game(&channel(), 1, true).unwrap(),
        Some(game(1, "live"))
    );
    assert_eq!(
        new.game(&channel(), 3, true).unwrap(),
        Some(game(3, "live"))
    );
    assert!(new.check(&unplayable).unwrap().is_clean());
    // A salvage goes only into a new store.
    assert!(s.salvage_to(&new, &unplayable).is_err());
}

#[test]
fn a_backup_is_a_consistent_store_that_copy_restores() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("data"), 1 << 20).unwrap();
    let backups = dir.path().join("backups");
    for id in 1..=3 {
        let mut b = s.batch();
        b.put_game(&game(id, "live"), None);
        s.commit(b).unwrap();
    }
    // Backups taken while another thread commits: each holds whole
    // batches only (a game and its index entry together).
    let writer = {
        let s = s.clone();
        std::thread::spawn(move || {
            for id in 4..=60 {
                let mut b = s.batch();
                b.put_game(&game(id, "live"), None);
                s.commit(b).unwrap();
            }
        })
    };
    let mut made = Vec::new();
    for i in 0..3 {
        made.push(s.backup_into(&backups, 2, 1_000 * i).unwrap());
        // A change after each, so each is taken even if the writer is done.
        let mut b = s.batch();
        b.put_game(&game(100 + i as u64, "live"), None);
        s.commit(b).unwrap();
    }
    assert!(made.iter().all(|r| r.taken));
    writer.join().unwrap();
    assert_eq!(made[2].removed, vec![made[0].path.clone()]);
    assert!(!made[0].path.exists() && made[1].path.exists());
    for (i, r) in made.iter().enumerate().skip(1) {
        let b = Store::open_existing_url(&format!("sled:{}", r.path.display()), 1 << 20).unwrap();
        assert!(b.check(&|_| Ok(())).unwrap().is_clean());
        let games = b.channel_games(&channel()).unwrap();
        let users = b.user_games(Platform::Console, "alice").unwrap();
        assert_eq!(games.len(), users.len(), "a batch was cut in two");
        drop(b);
        // Restored with `store copy`.
        let to = dir.path().join(format!("restored-{i}"));
        let src = Store::open_existing_url(&format!("sled:{}", r.path.display()), 1 << 20).unwrap();
        let dst = Store::open(&to, 1 << 20).unwrap();
        src.copy_to(&dst).unwrap();
        assert_eq!(dst.channel_games(&channel()).unwrap().len(), games.len());
    }
}

#[test]
fn copy_from_a_missing_or_empty_source_fails_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing/x");
    let e = Store::open_existing_url(&format!("sled:{}", missing.display()), 1 << 20);
    assert!(e.is_err());
    assert!(!missing.exists() && !dir.path().join("missing").exists());
    // An empty store (only its metadata) has nothing to copy.
    let empty = Store::open(&dir.path().join("empty"), 1 << 20).unwrap();
    let to = Store::open(&dir.path().join("to"), 1 << 20).unwrap();
    let e = empty.copy_to(&to).unwrap_err();
    assert!(e.to_string().contains("no Tablero data"), "{e}");
}

/// Issue 42, item 10: with the marker and the log both deleted, the store
/// is refused and nothing is created or changed: no new, empty `db`.
#[test]
fn a_store_without_its_marker_and_log_is_refused_and_nothing_is_created() {
    let dir = tempfile::tempdir().unwrap();
    make_store(dir.path());
    std::fs::remove_file(dir.path().join(tablero_store::sled_backend::HELD_DATA)).unwrap();
    std::fs::remove_file(dir.path().join("db")).unwrap();
    let listing = |d: &Path| {
        let mut all: Vec<(PathBuf, Vec<u8>)> = files(d, "")
            .into_iter()
            .filter(|p| p.is_file())
            .map(|p| {
                let b = std::fs::read(&p).unwrap();
                (p, b)
            })
            .collect();
        all.sort();
        all
    };
    let before = listing(dir.path());
    for _ in 0..2 {
        match open(dir.path()) {
            Err(e @ StoreError::Damaged { .. }) => {
                assert!(e.to_string().contains("(db) is missing"), "{e}")
            }
            other => panic!("opened or failed otherwise: {:?}", other.err()),
        }
        assert!(!dir.path().join("db").exists(), "an empty db was created");
        assert_eq!(
            listing(dir.path()),
            before,
            "the refusal changed the folder"
        );
    }
    // The same for a store without its marker that lost conf instead.
    let dir = tempfile::tempdir().unwrap();
    make_store(dir.path());
    std::fs::remove_file(dir.path().join(tablero_store::sled_backend::HELD_DATA)).unwrap();
    std::fs::remove_file(dir.path().join("conf")).unwrap();
    assert!(matches!(open(dir.path()), Err(StoreError::Damaged { .. })));
    assert!(!dir.path().join("conf").exists());
}
