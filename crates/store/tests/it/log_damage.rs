//! Issue 42, item 3: damage inside sled's log. A real store of 20 games,
//! each rewritten several times; then one byte flipped at a record's first
//! byte, inside it and at its last byte, for records sampled along the log
//! (the late ones all), a segment header, truncations and a lost snapshot.
//! For every case:
//!
//! - `check` (`Store::read_url`, then `Store::check`) changes no byte of
//!   the folder and reports the damage whenever sled would not read the
//!   store whole;
//! - opening the store for the bot either opens it whole, or refuses it
//!   and changes no byte of it, or — where sled's recovery would cut the
//!   log — first copies the original files to `<dir>.damaged-<time>Z`;
//! - `salvage` (from the folder, or from the copy kept aside) brings back
//!   every game whose newest version lies outside the damaged bytes, in
//!   that newest version, and never a wrong one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tablero_store::sled_log::{Extent, extents};
use tablero_store::{ChannelKey, GameDoc, Platform, Store, StoreError, UserRef};

const GAMES: u64 = 20;

/// How a store's log is written: `rounds` versions of each game (the last
/// one live, written after the store was reopened and sled took its
/// snapshot, so it is in the part of the log sled's recovery reads), each
/// with `pad` more move pairs than the one before.
#[derive(Clone, Copy)]
struct Shape {
    rounds: u64,
    pad: usize,
}

/// A small log: one segment.
const SMALL: Shape = Shape { rounds: 6, pad: 10 };
/// A log of several segments, the older ones reused by sled.
const CHURNED: Shape = Shape { rounds: 40, pad: 2 };

fn channel() -> ChannelKey {
    ChannelKey::new(Platform::Console, "general")
}

/// Version `round` of game `id`, its players named so that each version's
/// bytes are unique in the log.
fn game(id: u64, round: u64, shape: Shape) -> GameDoc {
    let user = |n: &str| UserRef {
        id: n.into(),
        name: format!("v{round}-{id}-{n}"),
    };
    GameDoc::new(
        channel(),
        id,
        [user("alice"), user("bob")],
        format!(
            "breakthrough: a2-a3 a7-a6{}",
            " a3-a4 a6-a5".repeat(shape.pad * round as usize)
        ),
        1_000,
    )
}

/// The newest version's name, which only its record holds.
fn mark(id: u64, shape: Shape) -> Vec<u8> {
    format!("v{}-{id}-alice", shape.rounds - 1).into_bytes()
}

fn make_store(dir: &Path, shape: Shape) {
    let write = |s: &Store, round: u64| {
        for id in 1..=GAMES {
            let mut b = s.batch();
            let old = (round > 0).then(|| game(id, round - 1, shape));
            b.put_game(&game(id, round, shape), old.as_ref());
            s.commit(b).unwrap();
        }
    };
    let s = Store::open(dir, 1 << 20).unwrap();
    for round in 0..shape.rounds - 1 {
        write(&s, round);
    }
    drop(s);
    // Opened again, as a bot restarts: sled writes its snapshot; then the
    // newest versions.
    let s = Store::open(dir, 1 << 20).unwrap();
    write(&s, shape.rounds - 1);
    drop(s);
}

/// Every file under `dir` with its bytes.
fn listing(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let bytes = std::fs::read(&p).unwrap();
                out.insert(p.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    out
}

fn copy(from: &Path, to: &Path) {
    for (p, bytes) in listing(from) {
        let target = to.join(p);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(target, bytes).unwrap();
    }
    std::fs::create_dir_all(to.join("blobs")).unwrap();
}

/// Damage done to the `db` of a store: its new bytes, and the range of the
/// original bytes it spoiled.
struct Case {
    name: String,
    db: Vec<u8>,
    spoiled: std::ops::Range<usize>,
    /// Also remove the snapshot.
    no_snapshot: bool,
}

fn flipped(db: &[u8], at: usize, e: &Extent, what: &str) -> Case {
    let mut bytes = db.to_vec();
    bytes[at] ^= 0x5a;
    Case {
        name: format!("{what} of the record at {} (kind {})", e.offset, e.kind),
        db: bytes,
        spoiled: e.offset as usize..(e.offset + e.len) as usize,
        no_snapshot: false,
    }
}

fn cases(db: &[u8], all: &[Extent], samples: usize) -> Vec<Case> {
    let records: Vec<&Extent> = all.iter().filter(|e| e.kind >= 4).collect();
    let n = records.len();
    assert!(n > 40, "a log of {n} records is too small a test");
    // Records along the log, and the last six (the case: a late
    // record, with most of the log before it).
    let mut sampled: Vec<usize> = (0..samples).map(|i| i * (n - 6) / samples).collect();
    sampled.extend(n - 6..n);
    // Nothing damaged: sled and the log reader must agree on it.
    let mut out = vec![Case {
        name: "no damage".into(),
        db: db.to_vec(),
        spoiled: 0..0,
        no_snapshot: false,
    }];
    for i in sampled {
        let e = records[i];
        let (first, last) = (e.offset as usize, (e.offset + e.len - 1) as usize);
        out.push(flipped(db, first, e, "first byte"));
        out.push(flipped(db, (first + last) / 2, e, "middle byte"));
        out.push(flipped(db, last, e, "last byte"));
    }
    let mut header = db.to_vec();
    header[6] ^= 0x5a;
    out.push(Case {
        name: "the segment header".into(),
        db: header,
        spoiled: 0..20,
        no_snapshot: false,
    });
    let late = records[n - 3];
    let middle = records[n / 2];
    for (name, at) in [
        ("cut inside a late record", late.offset + late.len / 2),
        ("cut at a late record's start", records[n - 8].offset),
        ("cut in the middle", middle.offset + middle.len / 2),
    ] {
        // What is cut is the records from the one the cut falls in.
        let from = all
            .iter()
            .find(|e| e.offset <= at && at < e.offset + e.len)
            .map_or(at, |e| e.offset);
        out.push(Case {
            name: name.into(),
            db: db[..at as usize].to_vec(),
            spoiled: from as usize..db.len(),
            no_snapshot: false,
        });
    }
    out.push(Case {
        name: "snapshot missing".into(),
        db: db.to_vec(),
        spoiled: 0..0,
        no_snapshot: true,
    });
    out
}

/// The games whose newest version is outside the spoiled bytes.
fn untouched(db: &[u8], spoiled: &std::ops::Range<usize>, shape: Shape) -> Vec<u64> {
    (1..=GAMES)
        .filter(|&id| {
            let m = mark(id, shape);
            // Anywhere the newest version is written in full outside the
            // damage (records are rewritten whole when sled consolidates).
            db.windows(m.len()).enumerate().any(|(at, w)| {
                w == m.as_slice() && (at + m.len() <= spoiled.start || at >= spoiled.end)
            })
        })
        .collect()
}

/// What salvaging `from` brings back: every game of `expect` in its newest
/// version, and every other game, if at all, in one of its versions.
fn salvage(from: &Path, into: &Path, expect: &[u64], name: &str, shape: Shape) {
    let source = Store::read_url(&format!("sled:{}", from.display()), 1 << 20)
        .unwrap_or_else(|e| panic!("{name}: salvage cannot read it: {e}"));
    let to = Store::open(into, 1 << 20).unwrap();
    let report = source.salvage_to(&to, &|_| Ok(())).unwrap();
    drop(source);
    for id in 1..=GAMES {
        match to.game(&channel(), id, true) {
            Ok(Some(g)) if expect.contains(&id) => {
                assert_eq!(
                    g,
                    game(id, shape.rounds - 1, shape),
                    "{name}: game {id} came back old"
                )
            }
            Ok(Some(g)) => assert!(
                (0..shape.rounds).any(|r| g == game(id, r, shape)),
                "{name}: game {id} came back as no version of itself"
            ),
            Ok(None) => assert!(
                !expect.contains(&id),
                "{name}: game {id} was lost ({report:?})"
            ),
            Err(e) => panic!("{name}: game {id}: {e}"),
        }
    }
}

fn run(case: &Case, pristine: &Path, db: &[u8], shape: Shape) -> Outcome {
    let name = &case.name;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    copy(pristine, &dir);
    std::fs::write(dir.join("db"), &case.db).unwrap();
    if case.no_snapshot {
        for (p, _) in listing(&dir) {
            if p.to_string_lossy().starts_with("snap.") {
                std::fs::remove_file(dir.join(p)).unwrap();
            }
        }
    }
    let damaged = listing(&dir);
    let expect = untouched(db, &case.spoiled, shape);

    // check: reads, reports, changes nothing.
    let whole = match Store::read_url(&format!("sled:{}", dir.display()), 1 << 20) {
        Ok(s) => {
            let r = s.check(&|_| Ok(())).unwrap();
            drop(s);
            r.damaged.is_empty()
        }
        Err(e) => panic!("{name}: check cannot read it: {e}"),
    };
    assert!(listing(&dir) == damaged, "{name}: check changed the folder");
    let siblings = || {
        let mut v: Vec<String> = std::fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(siblings(), ["data"], "{name}: check wrote beside the store");

    // salvage from the damaged folder.
    salvage(&dir, &root.path().join("salvaged"), &expect, name, shape);
    assert!(
        listing(&dir) == damaged,
        "{name}: salvage changed the folder"
    );

    // The bot opens it.
    let opened = Store::open(&dir, 1 << 20);
    println!(
        "{name}: check {}, {} games untouched, the bot's open: {}",
        if whole { "clean" } else { "damaged" },
        expect.len(),
        match &opened {
            Ok(s) if s.damage().is_empty() => "whole".to_string(),
            Ok(_) => "cut, originals kept".to_string(),
            Err(e) => format!("refused ({e})"),
        }
    );
    assert!(
        !siblings().iter().any(|n| n.contains(".trial-")),
        "{name}: the open left its trial copy: {:?}",
        siblings()
    );
    let outcome = match &opened {
        Ok(s) if s.damage().is_empty() => Outcome::Whole,
        Ok(_) => Outcome::Cut,
        Err(_) => Outcome::Refused,
    };
    if name == "no damage" {
        assert!(whole, "{name}: check found damage");
        assert_eq!(
            outcome,
            Outcome::Whole,
            "{name}: {:?}",
            opened.as_ref().err()
        );
    }
    match opened {
        Ok(s) => {
            let notes = s.damage();
            if notes.is_empty() {
                // Opened with its log whole: every game not touched is
                // there, newest, or (a page sled reads only when asked,
                // damaged) fails to read, as check said; never old or gone.
                for &id in &expect {
                    match s.game(&channel(), id, true) {
                        Ok(Some(g)) => {
                            assert_eq!(g, game(id, shape.rounds - 1, shape), "{name}: game {id}")
                        }
                        Err(_) if !whole => {}
                        other => panic!("{name}: opened, but game {id} is {other:?}"),
                    }
                }
            } else {
                // sled's recovery cut the log: the originals were kept.
                assert!(!whole, "{name}: check called it clean");
                let text = format!("{notes:?}");
                assert!(text.contains("kept in"), "{name}: {text}");
                let aside: Vec<String> = siblings()
                    .into_iter()
                    .filter(|n| n.starts_with("data.damaged-") && n.ends_with('Z'))
                    .collect();
                assert_eq!(aside.len(), 1, "{name}: {:?}", siblings());
                let aside = root.path().join(&aside[0]);
                assert!(
                    listing(&aside) == damaged,
                    "{name}: the copy kept aside differs"
                );
                drop(s);
                salvage(
                    &aside,
                    &root.path().join("from-aside"),
                    &expect,
                    name,
                    shape,
                );
            }
        }
        Err(e @ StoreError::Damaged { .. }) => {
            assert!(
                !whole,
                "{name}: check called it clean, the bot refused it: {e}"
            );
            assert!(
                listing(&dir) == damaged,
                "{name}: refused ({e}), but the folder changed"
            );
            assert!(
                !siblings().iter().any(|n| n.contains("damaged")),
                "{name}: refused, and a copy was kept all the same"
            );
        }
        Err(e) => panic!("{name}: refused with the wrong error: {e}"),
    }
    outcome
}

/// What the bot's open did with a damaged store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Opened it, its log whole.
    Whole,
    /// Refused it, changing nothing.
    Refused,
    /// Kept its files aside, then opened it cut short.
    Cut,
}

/// Runs every `of`th case from `part` on a store of `shape`.
fn matrix(shape: Shape, samples: usize, part: usize, of: usize) -> Vec<Outcome> {
    let root = tempfile::tempdir().unwrap();
    let pristine = root.path().join("pristine");
    make_store(&pristine, shape);
    let db = std::fs::read(pristine.join("db")).unwrap();
    let all = extents(&pristine).unwrap();
    // Every game's newest version is somewhere in the log.
    assert_eq!(untouched(&db, &(0..0), shape).len(), GAMES as usize);
    let cases = cases(&db, &all, samples);
    cases
        .iter()
        .skip(part)
        .step_by(of)
        .map(|case| run(case, &pristine, &db, shape))
        .collect()
}

/// Which of the bot's three answers each case got.
fn count(outcomes: &[Outcome], which: Outcome) -> usize {
    outcomes.iter().filter(|&&o| o == which).count()
}

// The small log's matrix in two halves, which run side by side; both see
// every kind of answer.
#[test]
fn damage_matrix_first_half() {
    let o = matrix(SMALL, 10, 0, 2);
    for which in [Outcome::Refused, Outcome::Cut] {
        assert!(count(&o, which) > 0, "no case was {which:?}: {o:?}");
    }
}

#[test]
fn damage_matrix_second_half() {
    let o = matrix(SMALL, 10, 1, 2);
    for which in [Outcome::Refused, Outcome::Cut] {
        assert!(count(&o, which) > 0, "no case was {which:?}: {o:?}");
    }
}

/// A log of several segments that sled has reused: old messages of other
/// pages lie after the new ones in a segment.
#[test]
fn damage_matrix_on_a_reused_log() {
    let o = matrix(CHURNED, 6, 0, 1);
    assert_eq!(o[0], Outcome::Whole);
    assert!(count(&o, Outcome::Cut) > 0, "{o:?}");
}

/// The case: one byte flipped inside the newest version of a game
/// near the end of the log. Before, `check` zeroed the tail and salvage
/// could read nothing; now every other game comes back, newest.
#[test]
fn a_flipped_byte_late_in_the_log_loses_only_its_record() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    make_store(&dir, SMALL);
    let mut db = std::fs::read(dir.join("db")).unwrap();
    let m = mark(15, SMALL);
    let at = db
        .windows(m.len())
        .rposition(|w| w == m.as_slice())
        .unwrap();
    let all = extents(&dir).unwrap();
    let e = *all
        .iter()
        .find(|e| e.offset as usize <= at && at < (e.offset + e.len) as usize)
        .unwrap();
    let original = db.clone();
    db[at + 2] ^= 0x5a;
    std::fs::write(dir.join("db"), &db).unwrap();
    let before = listing(&dir);
    let s = Store::read_url(&format!("sled:{}", dir.display()), 1 << 20).unwrap();
    let r = s.check(&|_| Ok(())).unwrap();
    assert!(!r.is_clean());
    assert!(
        r.damaged
            .iter()
            .any(|d| d.key == format!("db@{}", e.offset)),
        "{r:?}"
    );
    drop(s);
    assert!(listing(&dir) == before, "check changed the folder");
    let spoiled = e.offset as usize..(e.offset + e.len) as usize;
    let expect = untouched(&original, &spoiled, SMALL);
    assert!(expect.len() >= GAMES as usize - 1, "{expect:?}");
    salvage(&dir, &root.path().join("new"), &expect, "late flip", SMALL);
}

/// A trial copy left beside the store by a process killed while opening
/// it is removed by the next open; a check writes nothing beside it.
#[test]
fn a_trial_copy_left_by_a_killed_process_goes_at_the_next_open() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    let s = Store::open(&dir, 1 << 20).unwrap();
    let mut b = s.batch();
    b.put_game(&game(1, 0, SMALL), None);
    s.commit(b).unwrap();
    drop(s);
    let left = root.path().join(".data.trial-4000000-0");
    std::fs::create_dir(&left).unwrap();
    std::fs::write(left.join("db"), b"half a copy").unwrap();
    let s = Store::open(&dir, 1 << 20).unwrap();
    assert!(s.game(&channel(), 1, true).unwrap().is_some());
    assert!(!left.exists());
    let names: Vec<_> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["data"]);
}

/// A record too big for a log segment's quarter is kept by sled in a blob
/// file: the log reader agrees with sled on such a store, and salvage
/// reads it (here from a folder whose snapshot is lost, which only the
/// log reader reads).
#[test]
fn records_in_blob_files_are_read_and_salvaged() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("data");
    let mut big = game(1, 0, SMALL);
    big.record.push_str(&" a3-a4 a6-a5".repeat(20_000));
    let s = Store::open(&dir, 1 << 20).unwrap();
    for id in 1..=GAMES {
        let mut b = s.batch();
        let g = if id == 1 {
            big.clone()
        } else {
            game(id, 0, SMALL)
        };
        b.put_game(&g, None);
        s.commit(b).unwrap();
    }
    drop(s);
    drop(Store::open(&dir, 1 << 20).unwrap());
    let blobs = std::fs::read_dir(dir.join("blobs")).unwrap().count();
    assert!(blobs > 0, "no blob file: the test tests nothing");
    // Whole: sled and the log agree.
    let s = Store::open(&dir, 1 << 20).unwrap();
    assert!(s.damage().is_empty(), "{:?}", s.damage());
    drop(s);
    for (p, _) in listing(&dir) {
        if p.to_string_lossy().starts_with("snap.") {
            std::fs::remove_file(dir.join(p)).unwrap();
        }
    }
    let source = Store::read_url(&format!("sled:{}", dir.display()), 1 << 20).unwrap();
    assert!(!source.damage().is_empty());
    let to = Store::open(&root.path().join("new"), 1 << 20).unwrap();
    source.salvage_to(&to, &|_| Ok(())).unwrap();
    assert_eq!(to.game(&channel(), 1, true).unwrap(), Some(big));
    for id in 2..=GAMES {
        assert_eq!(
            to.game(&channel(), id, true).unwrap(),
            Some(game(id, 0, SMALL))
        );
    }
}
