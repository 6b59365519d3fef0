//! The key-value layer under the typed store: what [`Store`](crate::Store)
//! needs of a database, as one trait with two implementations
//! ([`SledBackend`](crate::sled_backend::SledBackend) and
//! [`PgBackend`](crate::pg_backend::PgBackend)).
//!
//! A backend knows nothing of games: it keeps ordered byte keys and byte
//! values in two areas (the live data and the quarantine), applies batches
//! all or nothing, and offers the three primitives several processes need
//! to share one database — named locks, per-channel version counters and
//! leased claims on keys. The typed layer decides what the keys mean.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// Where a key lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// The live data, metadata (`m` keys) included.
    Main,
    /// Values set aside because they could not be read; never deleted.
    Quarantine,
}

/// A failure of the database itself (I/O, connection, server).
#[derive(Debug)]
pub struct DbError(Box<dyn std::error::Error + Send + Sync>);

impl DbError {
    /// An error that is only a message.
    pub fn msg(m: impl Into<String>) -> DbError {
        DbError(m.into().into())
    }

    /// Wraps a driver's error.
    pub fn from_err(e: impl std::error::Error + Send + Sync + 'static) -> DbError {
        DbError(Box::new(e))
    }
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Driver errors keep their cause apart; show it, it is the useful part.
        let mut shown = self.0.to_string();
        let mut cause = self.0.source();
        while let Some(c) = cause {
            let text = c.to_string();
            // Some drivers repeat their cause in their own message.
            if !shown.contains(&text) {
                shown = format!("{shown}: {text}");
            }
            cause = c.source();
        }
        f.write_str(&shown)
    }
}

impl std::error::Error for DbError {}

impl From<sled::Error> for DbError {
    fn from(e: sled::Error) -> DbError {
        DbError::from_err(e)
    }
}

pub type DbResult<T> = std::result::Result<T, DbError>;

/// One change to the main area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Put(Vec<u8>, Vec<u8>),
    Remove(Vec<u8>),
}

impl Op {
    /// The key the change is to.
    #[must_use]
    pub fn key(&self) -> &[u8] {
        match self {
            Op::Put(k, _) | Op::Remove(k) => k,
        }
    }
}

/// Changes applied together by [`Backend::apply`]: all or nothing.
#[derive(Clone, Debug, Default)]
pub struct KvBatch {
    /// Changes to the main area, in order: a later change to a key wins.
    pub ops: Vec<Op>,
    /// Values copied into the quarantine area (replacing any there).
    pub quarantine: Vec<(Vec<u8>, Vec<u8>)>,
    /// The channels whose version counter this batch bumps, by one each.
    pub channels: BTreeSet<Vec<u8>>,
}

impl KvBatch {
    pub fn insert(&mut self, k: impl Into<Vec<u8>>, v: impl Into<Vec<u8>>) {
        self.ops.push(Op::Put(k.into(), v.into()));
    }

    pub fn remove(&mut self, k: impl Into<Vec<u8>>) {
        self.ops.push(Op::Remove(k.into()));
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty() && self.quarantine.is_empty() && self.channels.is_empty()
    }

    /// The last change of each key, in key order: what the batch leaves
    /// behind (`None` = removed). Backends that cannot apply changes in
    /// order apply this.
    #[must_use]
    pub fn net(&self) -> BTreeMap<&[u8], Option<&[u8]>> {
        let mut out = BTreeMap::new();
        for op in &self.ops {
            match op {
                Op::Put(k, v) => out.insert(k.as_slice(), Some(v.as_slice())),
                Op::Remove(k) => out.insert(k.as_slice(), None),
            };
        }
        out
    }
}

/// Held while a named lock is held; dropping it releases the lock.
pub trait LockGuard: Send {}

/// An ordered key-value database as [`Store`](crate::Store) uses it.
///
/// Keys are compared as bytes (lexicographically, a prefix before its
/// extensions), the order of every scan. Every method blocks the calling
/// thread; none may be called from inside an async task (call from a
/// blocking thread, as the app does).
pub trait Backend: Send + Sync {
    /// The value at `key`.
    fn get(&self, area: Area, key: &[u8]) -> DbResult<Option<Vec<u8>>>;

    /// At most `limit` entries with `start <= key < end` (`end` `None`:
    /// no upper bound), in key order.
    fn page(
        &self,
        area: Area,
        start: &[u8],
        end: Option<&[u8]>,
        limit: usize,
    ) -> DbResult<Vec<(Vec<u8>, Vec<u8>)>>;

    /// How many keys of `area` start with `prefix`.
    fn count(&self, area: Area, prefix: &[u8]) -> DbResult<u64>;

    /// Applies `batch` all or nothing; when it returns `Ok` the change is
    /// durable (flushed, or committed by the server). A quarantined copy is
    /// durable no later than the removal of its original.
    fn apply(&self, batch: &KvBatch) -> DbResult<()>;

    /// Blocks until this caller holds the lock `name`, which excludes every
    /// other holder of `name` — in this process and, where the database is
    /// shared, in every other. Not re-entrant: taking a lock twice on one
    /// thread waits forever (or until the backend's lock timeout).
    fn lock(&self, name: &[u8]) -> DbResult<Box<dyn LockGuard>>;

    /// The version counter of `channel`: 0 until the first batch naming it
    /// in [`KvBatch::channels`], then one more for each such batch.
    fn version(&self, channel: &[u8]) -> DbResult<u64>;

    /// Leases up to `limit` keys of the main area in `range` whose lease
    /// has run out (by `now_ms`) and that `only` accepts, until `until_ms`,
    /// and returns them in key order. A key is leased to one caller at a
    /// time, across processes; a lease ends at `until_ms` or when the key
    /// is written or removed.
    fn claim(
        &self,
        range: Range<&[u8]>,
        only: Option<&FieldIn>,
        now_ms: i64,
        until_ms: i64,
        limit: usize,
    ) -> DbResult<Vec<Vec<u8>>>;

    /// Makes everything applied so far durable (a no-op where `apply`
    /// already is).
    fn flush(&self) -> DbResult<()>;

    /// Where the data lives, for messages (never with a password).
    fn describe(&self) -> String;

    /// Runs `f` while no batch is being applied, so that what it reads is
    /// one state of the store (a backup). A backend whose reads are not
    /// consistent without it holds its batches meanwhile; by default `f`
    /// just runs.
    fn quiesced(&self, f: &mut dyn FnMut() -> DbResult<()>) -> DbResult<()> {
        f()
    }

    /// Damage found in the database's own files when it was opened, as
    /// (where, why): what `check` and `salvage` report besides unreadable
    /// records. None by default.
    fn damage(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// A condition on keys made of fields joined by [`FieldIn::SEP`]: field
/// `index` (from 0) is one of `values`. The typed layer's keys are UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldIn {
    pub index: usize,
    pub values: Vec<String>,
}

impl FieldIn {
    /// What separates the fields of a key.
    pub const SEP: u8 = 0x1f;

    /// Whether `key` meets the condition.
    #[must_use]
    pub fn accepts(&self, key: &[u8]) -> bool {
        key.split(|&b| b == Self::SEP)
            .nth(self.index)
            .is_some_and(|f| self.values.iter().any(|v| v.as_bytes() == f))
    }
}

/// How many entries a scan fetches at a time.
const PAGE: usize = 512;

/// The smallest key after every key starting with `prefix`, `None` when
/// there is none (the prefix is all `0xff`).
#[must_use]
pub fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < 0xff {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

/// A backend with sled-like helpers, so the typed layer reads as before.
#[derive(Clone)]
pub struct Db {
    pub(crate) backend: Arc<dyn Backend>,
    pub(crate) area: Area,
}

impl Db {
    pub(crate) fn new(backend: Arc<dyn Backend>, area: Area) -> Db {
        Db { backend, area }
    }

    pub fn get(&self, key: impl AsRef<[u8]>) -> DbResult<Option<Vec<u8>>> {
        self.backend.get(self.area, key.as_ref())
    }

    /// The entries whose key starts with `prefix`, in key order, fetched a
    /// page at a time.
    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Scan {
        let prefix = prefix.as_ref();
        Scan::new(self.clone(), prefix.to_vec(), prefix_end(prefix))
    }

    /// The entries with `range.start <= key < range.end`, in key order.
    pub fn range(&self, range: Range<Vec<u8>>) -> Scan {
        Scan::new(self.clone(), range.start, Some(range.end))
    }

    /// Every entry, in key order.
    pub fn iter(&self) -> Scan {
        Scan::new(self.clone(), Vec::new(), None)
    }

    /// A single put, applied and durable.
    pub fn insert(&self, key: impl Into<Vec<u8>>, value: impl Into<Vec<u8>>) -> DbResult<()> {
        let mut b = KvBatch::default();
        match self.area {
            Area::Main => b.insert(key, value),
            Area::Quarantine => b.quarantine.push((key.into(), value.into())),
        }
        self.backend.apply(&b)
    }

    pub fn flush(&self) -> DbResult<()> {
        self.backend.flush()
    }
}

/// An ordered scan, fetched [`PAGE`] entries at a time. Like a sled
/// iterator it is not a snapshot: a change made during the scan may or may
/// not be seen.
pub struct Scan {
    db: Db,
    /// The next key to fetch from; `None` once the end was reached.
    next: Option<Vec<u8>>,
    end: Option<Vec<u8>>,
    buf: std::vec::IntoIter<(Vec<u8>, Vec<u8>)>,
}

impl Scan {
    fn new(db: Db, start: Vec<u8>, end: Option<Vec<u8>>) -> Scan {
        Scan {
            db,
            next: Some(start),
            end,
            buf: Vec::new().into_iter(),
        }
    }

    /// The keys alone.
    pub fn keys(self) -> impl Iterator<Item = DbResult<Vec<u8>>> {
        self.map(|kv| kv.map(|(k, _)| k))
    }
}

impl Iterator for Scan {
    type Item = DbResult<(Vec<u8>, Vec<u8>)>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(kv) = self.buf.next() {
            return Some(Ok(kv));
        }
        let start = self.next.take()?;
        if self.end.as_ref().is_some_and(|e| start >= *e) {
            return None;
        }
        match self
            .db
            .backend
            .page(self.db.area, &start, self.end.as_deref(), PAGE)
        {
            Err(e) => Some(Err(e)),
            Ok(page) => {
                if page.len() == PAGE {
                    // The smallest key after the last one: the same key
                    // with a zero byte appended.
                    let mut after = page[PAGE - 1].0.clone();
                    after.push(0);
                    self.next = Some(after);
                }
                self.buf = page.into_iter();
                self.buf.next().map(Ok)
            }
        }
    }
}

/// A 64-bit FNV-1a hash: stable across builds and platforms, so that every
/// process maps a lock name to the same PostgreSQL advisory lock key.
#[must_use]
pub fn stable_hash(bytes: &[u8]) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_ends_bound_exactly_the_prefix() {
        assert_eq!(prefix_end(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(prefix_end(b"a\xff"), Some(b"b".to_vec()));
        assert_eq!(prefix_end(b"\xff\xff"), None);
        assert_eq!(prefix_end(b""), None);
    }

    #[test]
    fn the_last_change_of_a_key_wins() {
        let mut b = KvBatch::default();
        b.insert(b"k".to_vec(), b"1".to_vec());
        b.remove(b"k".to_vec());
        b.remove(b"j".to_vec());
        b.insert(b"j".to_vec(), b"2".to_vec());
        let net: Vec<_> = b.net().into_iter().collect();
        assert_eq!(net, vec![(&b"j"[..], Some(&b"2"[..])), (&b"k"[..], None)]);
    }

    #[test]
    fn lock_keys_are_stable() {
        // Fixed values: every build and process must agree on them.
        assert_eq!(stable_hash(b""), 0xcbf2_9ce4_8422_2325_u64 as i64);
        assert_eq!(stable_hash(b"a"), 0xaf63_dc4c_8601_ec8c_u64 as i64);
    }
}
