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

use crate::kv::{Area, Backend, DbResult, KvBatch, LockGuard, Op};

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

impl SledBackend {
    /// Opens (or creates) the database in folder `path`. `cache_bytes`
    /// bounds sled's page cache, the main term of resident memory.
    pub fn open(path: &Path, cache_bytes: u64) -> DbResult<SledBackend> {
        let db = sled::Config::new()
            .path(path)
            .cache_capacity(cache_bytes)
            .open()?;
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
            if leases.contains_key(&k) {
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
