//! The embedded backend: one sled 0.34 database in a folder, the layout of
//! every Tablero before PostgreSQL (the main area is sled's default tree,
//! the quarantine its `quarantine` tree), so existing stores open as they
//! are.
//!
//! sled lets one process open a database, so what processes would share
//! lives in memory here: locks are in-process, version counters start at 0
//! when the store opens, and leases are forgotten on restart (a timer due
//! during a crash is simply claimed again).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, RwLock};

use crate::StoreError;
use crate::kv::{Area, Backend, DbError, DbResult, FieldIn, KvBatch, LockGuard, Op};
use crate::sled_log::LogBackend;
use crate::trial::{
    Cut, Scratch, copy_folder, keep_aside, log_cut, now_ms, remove_stale, wait_lock_free,
};

pub struct SledBackend {
    db: sled::Db,
    quarantine: sled::Tree,
    path: String,
    /// Whether the [`HELD_DATA`] marker is on disk.
    marked: AtomicBool,
    locks: Arc<Locks>,
    versions: Mutex<HashMap<Vec<u8>, u64>>,
    leases: Mutex<HashMap<Vec<u8>, i64>>,
    /// Held shared by every batch and exclusively by a backup, so a backup
    /// sees no batch half-applied.
    writes: RwLock<()>,
    /// What opening found (see [`Backend::damage`]).
    notes: Vec<(String, String)>,
    /// The copy a store opened only to be read is read from, removed
    /// after sled (fields drop in order).
    _scratch: Option<Scratch>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The maps hold plain data; a panic elsewhere leaves them consistent.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[derive(Default)]
struct Locks {
    held: Mutex<HashSet<Vec<u8>>>,
    released: Condvar,
}

struct SledLock {
    locks: Arc<Locks>,
    name: Vec<u8>,
}

impl LockGuard for SledLock {}

impl Drop for SledLock {
    fn drop(&mut self) {
        lock(&self.locks.held).remove(&self.name);
        self.locks.released.notify_all();
    }
}

/// How long [`SledBackend::open`] waits for a file lock that is being released.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Whether `e` is sled's "lock held" error (an `Other` I/O error whose
/// text is the only thing that tells it apart).
fn is_lock_held(e: &sled::Error) -> bool {
    matches!(e, sled::Error::Io(io) if io.to_string().starts_with("could not acquire lock"))
}

/// Calls `open` until it succeeds, fails otherwise than on a held lock, or
/// `wait` has passed, backing off from 5 ms to 100 ms between tries.
fn open_waiting_for_lock<T>(
    mut open: impl FnMut() -> sled::Result<T>,
    wait: std::time::Duration,
) -> sled::Result<T> {
    let end = std::time::Instant::now() + wait;
    let mut pause = std::time::Duration::from_millis(5);
    loop {
        match open() {
            Err(e) if is_lock_held(&e) && std::time::Instant::now() < end => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(std::time::Duration::from_millis(100));
            }
            r => return r,
        }
    }
}

/// The file Tablero keeps beside sled's own once a store exists: it says
/// the folder holds a store, so a folder whose snapshot or log sled lost
/// (and would open empty, then overwrite) is recognised and refused. sled
/// never writes or removes it, so losing sled's files does not lose it.
pub const HELD_DATA: &str = "tablero-store";

const HELD_DATA_TEXT: &str = "This folder holds a Tablero store (sled 0.34). \
Tablero refuses to open it if sled's files (conf, db, snap.*) go missing \
or open empty. Do not delete this file.\n";

/// The marker's line once sled has written a snapshot: from then on one
/// is always there (sled writes the next before removing the last), and a
/// store without one has lost it. A store opened once has none yet: sled
/// writes its first when it next opens the store.
const SNAPSHOT_SEEN: &str = "snapshot: written\n";

/// Writes the marker durably: the file, then the folder entry.
fn write_marker(dir: &Path, snapshot: bool) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::File::create(dir.join(HELD_DATA))?;
    f.write_all(HELD_DATA_TEXT.as_bytes())?;
    if snapshot {
        f.write_all(SNAPSHOT_SEEN.as_bytes())?;
    }
    f.sync_all()?;
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    Ok(())
}

/// Whether the marker is there, and whether it saw a snapshot.
fn read_marker(dir: &Path) -> std::io::Result<Option<bool>> {
    match std::fs::read_to_string(dir.join(HELD_DATA)) {
        Ok(text) => Ok(Some(text.contains(SNAPSHOT_SEEN))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        // A marker that cannot be read as text still says the store held
        // data.
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Ok(Some(false)),
        Err(e) => Err(e),
    }
}

/// Whether sled's folder has a (finished) snapshot file.
fn has_snapshot(dir: &Path) -> std::io::Result<bool> {
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("snap.") && !name.ends_with(".generating") {
            return Ok(true);
        }
    }
    Ok(false)
}

/// What is wrong with the folder of a store that has existed, before sled
/// is let near it: sled opens a folder without its snapshot or its log as
/// a new, empty store and writes over what was there.
fn missing_files(dir: &Path, snapshot_seen: bool) -> std::io::Result<Option<String>> {
    let why = if !dir.join("db").is_file() {
        "its log file (db) is missing"
    } else if !dir.join("conf").is_file() {
        "its configuration file (conf) is missing"
    } else if snapshot_seen && !has_snapshot(dir)? {
        "its snapshot file (snap.*) is missing"
    } else {
        return Ok(None);
    };
    Ok(Some(why.to_string()))
}

/// What is wrong with a folder without the marker that has some of sled's
/// files but not its log (db) and configuration (conf) both: sled would
/// open it as a new store and create what is missing. A new folder has
/// none of them, a store from before the marker has both.
fn partial_files(dir: &Path) -> std::io::Result<Option<String>> {
    if !dir.is_dir() {
        return Ok(None);
    }
    let db = dir.join("db").is_file();
    let conf = dir.join("conf").is_file();
    let snapshot = has_snapshot(dir)?;
    let blobs = dir.join("blobs").exists();
    let why = if (conf || snapshot || blobs) && !db {
        "its log file (db) is missing"
    } else if db && !conf {
        "its configuration file (conf) is missing"
    } else {
        return Ok(None);
    };
    Ok(Some(why.to_string()))
}

/// How a folder is opened.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The bot's store: created when missing; opened for writing.
    Write,
    /// An existing store, to read only, refused when sled would cut it.
    Read,
    /// An existing store, to read only; read from its log without sled
    /// when sled cannot open it whole (check, salvage).
    Salvage,
}

/// What trying sled on a copy of a folder found.
struct Tried {
    /// The copy, opened by sled (`None`: sled refused it).
    db: Option<sled::Db>,
    /// sled's refusal.
    failed: Option<sled::Error>,
    /// What sled's recovery changed in the copy's log.
    cut: Option<Cut>,
    scratch: Scratch,
}

/// Copies `path` into a scratch folder in `parent` and opens the copy;
/// `beside`: `parent` is the store's own, where scratch folders a killed
/// process left are removed first.
fn try_copy(path: &Path, parent: &Path, beside: bool, cache_bytes: u64) -> std::io::Result<Tried> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "store".into());
    if beside {
        remove_stale(parent, &name)?;
    }
    let scratch = Scratch::new(parent, &name)?;
    copy_folder(path, scratch.path())?;
    let opened = sled::Config::new()
        .path(scratch.path())
        .cache_capacity(cache_bytes)
        .open();
    let cut = log_cut(path, scratch.path())?;
    let (db, failed) = match opened {
        Ok(db) => (Some(db), None),
        Err(e) => (None, Some(e)),
    };
    Ok(Tried {
        db,
        failed,
        cut,
        scratch,
    })
}

/// Why what sled reads of `db` (a copy of `original`) is not what the
/// original's log holds, if it is not: a page sled cannot read, or records
/// it reads older or not at all (a damaged segment header, for one, makes
/// sled skip the rest of its segment without a word or a changed byte).
fn misread(db: &sled::Db, original: &Path) -> Option<String> {
    let tree = |t: &sled::Tree| -> sled::Result<BTreeMap<Vec<u8>, Vec<u8>>> {
        t.iter()
            .map(|kv| kv.map(|(k, v)| (k.to_vec(), v.to_vec())))
            .collect()
    };
    let read = || -> sled::Result<_> {
        let quarantine = db.open_tree("quarantine")?;
        Ok((tree(db)?, tree(&quarantine)?))
    };
    let (main, quarantine) = match read() {
        Ok(trees) => trees,
        Err(e) => return Some(format!("sled cannot read all of it ({e})")),
    };
    let log = match crate::sled_log::read(original) {
        Ok(log) => log,
        Err(e) => return Some(format!("its log cannot be read record by record ({e})")),
    };
    let differ = |a: &BTreeMap<Vec<u8>, Vec<u8>>, b: &BTreeMap<Vec<u8>, Vec<u8>>| {
        let mut n = a.iter().filter(|(k, v)| b.get(*k) != Some(v)).count();
        n += b.keys().filter(|k| !a.contains_key(*k)).count();
        n
    };
    let n = differ(&main, &log.main) + differ(&quarantine, &log.quarantine);
    (n > 0).then(|| {
        format!(
            "sled reads {n} records otherwise than its log holds them (older, or not at \
             all): part of its log is damaged"
        )
    })
}

/// The error for a store refused as damaged.
fn damaged(path: &Path, why: String) -> StoreError {
    StoreError::Damaged {
        store: format!("sled:{}", path.display()),
        why,
    }
}

/// A store read from its log, with why it was not opened by sled.
fn from_log(path: &Path, why: String) -> Result<Arc<dyn Backend>, StoreError> {
    let image = crate::sled_log::read(path).map_err(|e| {
        damaged(
            path,
            format!("{why}; and its log cannot be read record by record: {e}"),
        )
    })?;
    Ok(Arc::new(LogBackend::new(
        image,
        path,
        vec![("db".into(), why)],
    )))
}

impl SledBackend {
    /// Opens (or creates) the database in folder `path`. `cache_bytes`
    /// bounds sled's page cache, the main term of resident memory.
    ///
    /// sled 0.34 releases its file lock from a background thread after the
    /// last handle is dropped (spacejam/sled#1234, #1289), so a store
    /// reopened at once by the same process can find it still held. Such a
    /// lock is waited for up to [`LOCK_WAIT`]; a store that another process
    /// keeps open still fails, with [`StoreError::InUse`].
    ///
    /// A folder that held a store (it has the [`HELD_DATA`] marker) is
    /// refused with [`StoreError::Damaged`] when sled's files are missing
    /// (checked before sled opens it, since sled would start it afresh),
    /// when sled finds them corrupt, or when it opens with no key at all
    /// (every store keeps its schema version).
    ///
    /// sled is tried first on a copy of an existing folder (beside it),
    /// since its recovery writes as it opens: a folder it refuses is left
    /// exactly as it was, and one whose log its recovery would cut short
    /// is first copied whole to `<path>.damaged-<UTC time>Z` beside it,
    /// then opened; [`Backend::damage`] says so, for the caller to tell.
    pub fn open(path: &Path, cache_bytes: u64) -> Result<SledBackend, StoreError> {
        SledBackend::open_as(path, cache_bytes, Mode::Write)?.map_err(|why| damaged(path, why))
    }

    /// Opens an existing store only, to read it: a folder without one is
    /// an error and is left as it was (not created). sled reads a copy
    /// (in the system's temporary folder), so nothing of the folder
    /// changes; a folder sled refuses, or whose log its recovery would cut
    /// short, is refused ([`StoreError::Damaged`]). For `store copy`'s
    /// source and the backups.
    pub fn open_existing(path: &Path, cache_bytes: u64) -> Result<SledBackend, StoreError> {
        SledBackend::open_as(path, cache_bytes, Mode::Read)?.map_err(|why| damaged(path, why))
    }

    /// Opens an existing store to read all that can be read of it, as
    /// [`SledBackend::open_existing`], except that a folder sled refuses,
    /// or would open only by cutting its log short, is read from its log
    /// record by record ([`crate::sled_log`]) instead; what was found is
    /// in [`Backend::damage`]. For `store check` and `store salvage`.
    pub fn open_damaged(path: &Path, cache_bytes: u64) -> Result<Arc<dyn Backend>, StoreError> {
        match SledBackend::open_as(path, cache_bytes, Mode::Salvage)? {
            Ok(s) => Ok(Arc::new(s)),
            Err(why) => from_log(path, why),
        }
    }

    /// Opens `path` as `mode` says; `Ok(Err(why))` (only in
    /// [`Mode::Salvage`]) when it is to be read from its log instead.
    fn open_as(
        path: &Path,
        cache_bytes: u64,
        mode: Mode,
    ) -> Result<Result<SledBackend, String>, StoreError> {
        let store = format!("sled:{}", path.display());
        let damaged = |why: String| damaged(path, why);
        let io = |e: std::io::Error| StoreError::Db(DbError::msg(format!("{store}: {e}")));
        let marker = read_marker(path).map_err(io)?;
        let held = marker.is_some();
        let missing = match marker {
            Some(snapshot_seen) => missing_files(path, snapshot_seen).map_err(io)?,
            // No marker, but some of sled's files: a store (written before
            // the marker, or whose marker went with the rest) that lost
            // the others. sled would start it afresh and write over them.
            None => partial_files(path).map_err(io)?,
        };
        if let Some(why) = missing {
            // Without its snapshot or conf the log itself may be whole.
            if mode == Mode::Salvage && path.join("db").is_file() {
                return Ok(Err(why));
            }
            return Err(damaged(why));
        } else if mode != Mode::Write && !path.join("db").is_file() {
            return Err(StoreError::Db(DbError::msg(format!(
                "{store} holds no store"
            ))));
        }
        let in_use = || StoreError::InUse {
            store: store.clone(),
        };
        let corrupt_why = |e: &sled::Error| match e {
            sled::Error::Corruption { at: Some(at), .. } => format!(
                "sled finds data that fails its checksum (at {} of its log)",
                at.lid()
            ),
            _ => "sled finds data that fails its checksum".to_string(),
        };
        let mut notes = Vec::new();
        let mut scratch = None;
        let mut opened = None;
        if path.join("db").is_file() {
            // Another process writing the files would make the copy
            // meaningless; this process's own last handle may still be
            // closing.
            if !wait_lock_free(path, LOCK_WAIT).map_err(io)? {
                return Err(in_use());
            }
            let parent = match mode {
                // Beside the store: the same disk, which has room for it.
                Mode::Write => path.parent().unwrap_or(Path::new(".")).to_path_buf(),
                // Not a byte written near a store that is only read.
                Mode::Read | Mode::Salvage => std::env::temp_dir(),
            };
            let tried = try_copy(path, &parent, mode == Mode::Write, cache_bytes).map_err(io)?;
            let empty = match &tried.db {
                Some(db) => db.first().map(|kv| kv.is_none()).unwrap_or(false),
                None => false,
            };
            let misread = tried.db.as_ref().and_then(|db| misread(db, path));
            let why = match (&tried.failed, tried.cut) {
                (Some(e @ sled::Error::Corruption { .. }), _) => Some(corrupt_why(e)),
                (Some(e), _) => return Err(StoreError::Db(DbError::msg(format!("{store}: {e}")))),
                (None, _) if held && empty => Some(
                    "it held a store but sled opens it empty (its files were lost or replaced)"
                        .to_string(),
                ),
                (None, Some(cut)) => Some(cut.to_string()),
                (None, None) => misread,
            };
            match (mode, why) {
                (Mode::Salvage, Some(why)) => return Ok(Err(why)),
                (Mode::Read, Some(why)) => {
                    return Err(damaged(format!(
                        "{why}; nothing was changed: `tablero store check` tells what is                          damaged, `tablero store salvage` reads every intact record"
                    )));
                }
                // Kept aside and opened only where sled's recovery cuts
                // the log: once it has, the store reads whole again. A
                // store sled refuses, opens empty, or reads otherwise than
                // its log without a changed byte (it would then write new
                // records over the ones it skips) is left as it is.
                (Mode::Write, Some(why))
                    if tried.failed.is_some() || empty || tried.cut.is_none() =>
                {
                    return Err(damaged(why));
                }
                (Mode::Write, Some(why)) => {
                    let aside = keep_aside(path, now_ms()).map_err(io)?;
                    notes.push((
                        "db".to_string(),
                        format!(
                            "{why}; the original files are kept in {} (`tablero store salvage                              --from sled:{} --to sled:NEW` reads every intact record of them)",
                            aside.display(),
                            aside.display()
                        ),
                    ));
                }
                (Mode::Write, None) => {}
                (Mode::Read | Mode::Salvage, None) => {
                    opened = tried.db.clone();
                    scratch = Some(tried);
                }
            }
        }
        let db = match opened {
            Some(db) => db,
            None => {
                let config = sled::Config::new().path(path).cache_capacity(cache_bytes);
                open_waiting_for_lock(|| config.open(), LOCK_WAIT).map_err(|e| match e {
                    e if is_lock_held(&e) => in_use(),
                    sled::Error::Corruption { .. } => damaged(corrupt_why(&e)),
                    e => StoreError::Db(e.into()),
                })?
            }
        };
        let corrupt = |e: sled::Error| match e {
            sled::Error::Corruption { .. } => damaged(corrupt_why(&e)),
            e => StoreError::Db(e.into()),
        };
        let quarantine = db.open_tree("quarantine").map_err(corrupt)?;
        let empty = db.first().map_err(corrupt)?.is_none();
        if held && empty {
            return Err(damaged(
                "it held a store but sled opens it empty (its files were lost or replaced)".into(),
            ));
        }
        if mode == Mode::Write && !empty && marker != Some(true) {
            // A store written before the marker existed, or whose first
            // snapshot sled has just written (a store opened only to be
            // read is left as it was).
            let snapshot = has_snapshot(path).map_err(io)?;
            if marker.is_none() || snapshot {
                write_marker(path, snapshot).map_err(io)?;
            }
        }
        Ok(Ok(SledBackend {
            db,
            quarantine,
            path: path.display().to_string(),
            marked: AtomicBool::new(held || !empty),
            locks: Arc::default(),
            versions: Mutex::default(),
            leases: Mutex::default(),
            writes: RwLock::default(),
            notes,
            _scratch: scratch.map(|t| t.scratch),
        }))
    }

    /// Writes the marker before the store's first data becomes durable.
    fn mark(&self) -> DbResult<()> {
        if !self.marked.load(Ordering::Acquire) {
            write_marker(Path::new(&self.path), false)
                .map_err(|e| DbError::msg(format!("sled:{}: {e}", self.path)))?;
            self.marked.store(true, Ordering::Release);
        }
        Ok(())
    }

    fn tree(&self, area: Area) -> &sled::Tree {
        match area {
            Area::Main => &self.db,
            Area::Quarantine => &self.quarantine,
        }
    }
}

impl Backend for SledBackend {
    fn get(&self, area: Area, key: &[u8]) -> DbResult<Option<Vec<u8>>> {
        Ok(self.tree(area).get(key)?.map(|v| v.to_vec()))
    }

    fn page(
        &self,
        area: Area,
        start: &[u8],
        end: Option<&[u8]>,
        limit: usize,
    ) -> DbResult<Vec<(Vec<u8>, Vec<u8>)>> {
        let tree = self.tree(area);
        let iter = match end {
            Some(end) => tree.range(start..end),
            None => tree.range(start..),
        };
        iter.take(limit)
            .map(|kv| {
                let (k, v) = kv?;
                Ok((k.to_vec(), v.to_vec()))
            })
            .collect()
    }

    fn count(&self, area: Area, prefix: &[u8]) -> DbResult<u64> {
        let mut n = 0;
        for k in self.tree(area).scan_prefix(prefix).keys() {
            k?;
            n += 1;
        }
        Ok(n)
    }

    fn apply(&self, batch: &KvBatch) -> DbResult<()> {
        self.mark()?;
        let _writing = self.writes.read().unwrap_or_else(PoisonError::into_inner);
        if !batch.quarantine.is_empty() {
            // Two trees: the copy is made durable before the original goes,
            // so a crash between the two leaves both, never neither.
            for (k, v) in &batch.quarantine {
                self.quarantine.insert(k.as_slice(), v.as_slice())?;
            }
            self.db.flush()?;
        }
        if !batch.ops.is_empty() {
            let mut b = sled::Batch::default();
            for op in &batch.ops {
                match op {
                    Op::Put(k, v) => b.insert(k.as_slice(), v.as_slice()),
                    Op::Remove(k) => b.remove(k.as_slice()),
                }
            }
            self.db.apply_batch(b)?;
            self.db.flush()?;
            let mut leases = lock(&self.leases);
            if !leases.is_empty() {
                for op in &batch.ops {
                    let (Op::Put(k, _) | Op::Remove(k)) = op;
                    leases.remove(k);
                }
            }
        }
        let mut versions = lock(&self.versions);
        for ch in &batch.channels {
            *versions.entry(ch.clone()).or_default() += 1;
        }
        Ok(())
    }

    fn lock(&self, name: &[u8]) -> DbResult<Box<dyn LockGuard>> {
        let mut held = lock(&self.locks.held);
        while held.contains(name) {
            held = self
                .locks
                .released
                .wait(held)
                .unwrap_or_else(PoisonError::into_inner);
        }
        held.insert(name.to_vec());
        Ok(Box::new(SledLock {
            locks: self.locks.clone(),
            name: name.to_vec(),
        }))
    }

    fn version(&self, channel: &[u8]) -> DbResult<u64> {
        Ok(lock(&self.versions).get(channel).copied().unwrap_or(0))
    }

    fn claim(
        &self,
        range: Range<&[u8]>,
        only: Option<&FieldIn>,
        now_ms: i64,
        until_ms: i64,
        limit: usize,
    ) -> DbResult<Vec<Vec<u8>>> {
        let mut leases = lock(&self.leases);
        leases.retain(|_, until| *until > now_ms);
        let mut out = Vec::new();
        for k in self.db.range(range.start..range.end).keys() {
            if out.len() >= limit {
                break;
            }
            let k = k?.to_vec();
            if leases.contains_key(&k) || only.is_some_and(|f| !f.accepts(&k)) {
                continue;
            }
            leases.insert(k.clone(), until_ms);
            out.push(k);
        }
        Ok(out)
    }

    fn flush(&self) -> DbResult<()> {
        self.db.flush()?;
        Ok(())
    }

    fn describe(&self) -> String {
        format!("sled:{}", self.path)
    }

    fn quiesced(&self, f: &mut dyn FnMut() -> DbResult<()>) -> DbResult<()> {
        let _held = self.writes.write().unwrap_or_else(PoisonError::into_inner);
        f()
    }

    fn damage(&self) -> Vec<(String, String)> {
        self.notes.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_being_released_is_waited_for_and_a_held_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let held = SledBackend::open(dir.path(), 1 << 20).unwrap();
        // Held for the whole wait: the lock error comes back, after it.
        let t = std::time::Instant::now();
        let e = open_waiting_for_lock(
            || sled::Config::new().path(dir.path()).open(),
            std::time::Duration::from_millis(200),
        )
        .unwrap_err();
        assert!(is_lock_held(&e), "{e}");
        assert!(t.elapsed() >= std::time::Duration::from_millis(200));
        // Released while waiting (as sled's own threads do after a drop).
        let release = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            drop(held);
        });
        let s = SledBackend::open(dir.path(), 1 << 20).unwrap();
        release.join().unwrap();
        drop(s);
        // Any other failure is not retried.
        let mut tries = 0;
        let e = open_waiting_for_lock::<()>(
            || {
                tries += 1;
                Err(sled::Error::Unsupported("no".into()))
            },
            LOCK_WAIT,
        )
        .unwrap_err();
        assert!(!is_lock_held(&e));
        assert_eq!(tries, 1);
    }
}
