//! The embedded backend: one sled 0.34 database in a folder, the layout of
//! every Tablero before PostgreSQL (the main area is sled's default tree,
//! the quarantine its `quarantine` tree), so existing stores open as they
//! are.
//!
//! sled lets one process open a database, so what processes would share
//! lives in memory here: locks are in-process, version counters start at 0
//! when the store opens, and leases are forgotten on restart (a timer due
//! during a crash is simply claimed again).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use crate::kv::{Area, Backend, DbResult, FieldIn, KvBatch, LockGuard, Op};

pub struct SledBackend {
    db: sled::Db,
    quarantine: sled::Tree,
    path: String,
    locks: Arc<Locks>,
    versions: Mutex<HashMap<Vec<u8>, u64>>,
    leases: Mutex<HashMap<Vec<u8>, i64>>,
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

impl SledBackend {
    /// Opens (or creates) the database in folder `path`. `cache_bytes`
    /// bounds sled's page cache, the main term of resident memory.
    ///
    /// sled 0.34 releases its file lock from a background thread after the
    /// last handle is dropped (spacejam/sled#1234, #1289), so a store
    /// reopened at once by the same process can find it still held. Such a
    /// lock is waited for up to [`LOCK_WAIT`]; a store that another process
    /// keeps open still fails, with the lock error.
    pub fn open(path: &Path, cache_bytes: u64) -> DbResult<SledBackend> {
        let config = sled::Config::new().path(path).cache_capacity(cache_bytes);
        let db = open_waiting_for_lock(|| config.open(), LOCK_WAIT)?;
        let quarantine = db.open_tree("quarantine")?;
        Ok(SledBackend {
            db,
            quarantine,
            path: path.display().to_string(),
            locks: Arc::default(),
            versions: Mutex::default(),
            leases: Mutex::default(),
        })
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
