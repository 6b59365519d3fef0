//! Issue 42, item 3, from the command line: one byte flipped inside a late
//! record of a 20-game store's log. `store check` reports it and changes
//! no byte (before, sled's recovery zeroed 120,282 bytes of `db` as check
//! opened it); `store salvage` brings back every game whose newest
//! version is not in the damaged record, newest (before: none of the 20).
//!
//! Also the store's layout migrations from the command line: `store
//! check` names those an old store still needs and changes nothing;
//! `store migrate` applies them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use tablero_store::{ChannelKey, GameDoc, Platform, Store, UserRef};

const GAMES: u64 = 20;
const ROUNDS: u64 = 6;

fn tablero() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
}

fn channel() -> ChannelKey {
    ChannelKey::new(Platform::Console, "general")
}

fn game(id: u64, round: u64) -> GameDoc {
    let user = |n: &str| UserRef {
        id: n.into(),
        name: format!("v{round}-{id}-{n}"),
    };
    GameDoc::new(
        channel(),
        id,
        [user("alice"), user("bob")],
        "breakthrough: a2-a3 a7-a6".into(),
        1_000,
    )
}

fn listing(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            out.insert(p.clone(), std::fs::read(&p).unwrap());
        }
    }
    out
}

#[test]
fn check_changes_nothing_and_salvage_reads_past_a_flipped_byte() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    let write = |s: &Store, round: u64| {
        for id in 1..=GAMES {
            let mut b = s.batch();
            let old = (round > 0).then(|| game(id, round - 1));
            b.put_game(&game(id, round), old.as_ref());
            s.commit(b).unwrap();
        }
    };
    let s = Store::open(&dir, 1 << 20).unwrap();
    for round in 0..ROUNDS - 1 {
        write(&s, round);
    }
    drop(s);
    // A restart, then the newest versions.
    let s = Store::open(&dir, 1 << 20).unwrap();
    write(&s, ROUNDS - 1);
    drop(s);

    let mut db = std::fs::read(dir.join("db")).unwrap();
    let mark = format!("v{}-15-alice", ROUNDS - 1).into_bytes();
    let at = db
        .windows(mark.len())
        .rposition(|w| w == mark.as_slice())
        .unwrap();
    // The record the byte is in, and the games whose newest version is
    // written nowhere else (sled writes an update into a rewritten page
    // when the page is due to be rewritten, not always as its own record).
    let record = tablero_store::sled_log::extents(&dir)
        .unwrap()
        .into_iter()
        .find(|e| e.offset as usize <= at && at < (e.offset + e.len) as usize)
        .unwrap();
    let spoiled = record.offset as usize..(record.offset + record.len) as usize;
    let untouched: Vec<u64> = (1..=GAMES)
        .filter(|&id| {
            let m = format!("v{}-{id}-alice", ROUNDS - 1).into_bytes();
            db.windows(m.len()).enumerate().any(|(i, w)| {
                w == m.as_slice() && (i + m.len() <= spoiled.start || i >= spoiled.end)
            })
        })
        .collect();
    assert!(untouched.len() >= 15, "{untouched:?}");
    db[at + 2] ^= 0x5a;
    std::fs::write(dir.join("db"), &db).unwrap();
    let before = listing(&dir);
    let url = format!("sled:{}", dir.display());

    let out = tablero()
        .args(["store", "check", "--store", &url])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("damaged: db"), "{stdout}");
    assert!(stderr.contains("store salvage"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(listing(&dir) == before, "check changed the store's files");

    let new = root.path().join("new");
    let out = tablero()
        .args([
            "store",
            "salvage",
            "--from",
            &url,
            "--to",
            &format!("sled:{}", new.display()),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(listing(&dir) == before, "salvage changed the store's files");
    let s = Store::open(&new, 1 << 20).unwrap();
    for id in 1..=GAMES {
        match s.game(&channel(), id, true).unwrap() {
            Some(g) if untouched.contains(&id) => {
                assert_eq!(g, game(id, ROUNDS - 1), "game {id}")
            }
            // A game whose newest version was only in the damaged record
            // comes back older, or not at all; never as something else.
            Some(g) => assert!((0..ROUNDS).any(|r| g == game(id, r)), "{g:?}"),
            None => assert!(!untouched.contains(&id), "game {id} was lost"),
        }
    }
}

/// The schema 1 fixture (`tests/fixtures/store-v1`), written before the
/// users' indexes: `store check` says which migrations it still needs
/// and changes no byte; `store migrate` applies them, once.
#[test]
fn check_names_the_migrations_an_old_store_needs_and_migrate_applies_them() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/store-v1");
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("old");
    std::fs::create_dir(&dir).unwrap();
    for e in std::fs::read_dir(&fixture).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
    }
    let url = format!("sled:{}", dir.display());
    let run = |args: &[&str]| {
        let out = tablero().args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{args:?}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        text
    };
    let before = listing(&dir);
    let check = run(&["store", "check", "--store", &url]);
    for n in ["1", "2"] {
        assert!(
            check.contains(&format!("layout migration {n} still to run")),
            "{check}"
        );
    }
    assert_eq!(listing(&dir), before, "check changed the store");
    let migrate = run(&["store", "migrate", "--store", &url]);
    assert!(
        migrate.contains("applied layout migration 1: index every user's finished games"),
        "{migrate}"
    );
    assert!(
        migrate.contains("applied layout migration 2: index every user's open challenges"),
        "{migrate}"
    );
    let again = run(&["store", "migrate", "--store", &url]);
    assert!(!again.contains("applied"), "{again}");
    let check = run(&["store", "check", "--store", &url]);
    assert!(!check.contains("still to run"), "{check}");
    let s = Store::open(&dir, 1 << 20).unwrap();
    assert_eq!(
        s.user_challenges(Platform::Console, "bob").unwrap(),
        [(channel(), 6)]
    );
}
