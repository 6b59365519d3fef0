//! Copying a whole store from one backend to another (`tablero store copy`):
//! every key of the main area (games, challenges, indexes, timers, stats,
//! profiles, next ids, metadata) and of the quarantine, byte for byte, then
//! a comparison of both stores key by key.
//!
//! Process state is not copied: channel versions start again at 0 and timer
//! leases are dropped, which only means the first process on the new store
//! reloads channels and claims due timers afresh.

use crate::kv::{Area, Db, DbError, KvBatch};
use crate::{Result, Store, StoreError};

/// Entries written per batch.
const CHUNK: usize = 1000;

/// What a copy moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// Keys of the main area, metadata included.
    pub keys: u64,
    /// Keys of the quarantine.
    pub quarantined: u64,
    /// The layout migrations then applied to the copy (those the original
    /// still needed).
    pub migrated: Vec<crate::Migration>,
}

fn copy_area(from: &Db, to: &Store, area: Area) -> Result<u64> {
    let mut n = 0;
    let mut b = KvBatch::default();
    let mut pending = 0;
    for kv in from.iter() {
        let (k, v) = kv?;
        match area {
            Area::Main => b.insert(k, v),
            Area::Quarantine => b.quarantine.push((k, v)),
        }
        pending += 1;
        n += 1;
        if pending == CHUNK {
            to.db.backend.apply(&std::mem::take(&mut b))?;
            pending = 0;
        }
    }
    to.db.backend.apply(&b)?;
    Ok(n)
}

/// Compares two areas key by key and value by value.
pub(crate) fn same(a: &Db, b: &Db) -> Result<()> {
    let (mut ia, mut ib) = (a.iter(), b.iter());
    loop {
        match (ia.next().transpose()?, ib.next().transpose()?) {
            (None, None) => return Ok(()),
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                let show = |e: Option<(Vec<u8>, Vec<u8>)>| {
                    e.map_or("nothing".into(), |(k, _)| crate::printable(&k))
                };
                return Err(StoreError::Db(DbError::msg(format!(
                    "the copy differs from the original: {} against {}",
                    show(x),
                    show(y)
                ))));
            }
        }
    }
}

impl Store {
    /// Copies everything in this store into `to`, which must be new (only
    /// metadata, no data, no quarantine), then checks that both hold the
    /// same keys and values. No process may use either store meanwhile.
    ///
    /// A source that holds no data (only metadata and no quarantine) is an
    /// error: copying it would only hide a wrong path.
    pub fn copy_to(&self, to: &Store) -> Result<CopyReport> {
        if !self.holds_data()? {
            return Err(StoreError::Db(DbError::msg(format!(
                "{} holds no Tablero data; nothing to copy",
                self.describe()
            ))));
        }
        to.check_new()?;
        let mut report = self.copy_into(to)?;
        report.migrated = to.migrate()?;
        Ok(report)
    }

    /// Copies everything into `to` (checked to be new by the caller) and
    /// compares both. The copy's own metadata goes first, so that it
    /// carries the original's schema and layout, not those it was
    /// created with.
    pub(crate) fn copy_into(&self, to: &Store) -> Result<CopyReport> {
        to.clear_meta()?;
        let report = CopyReport {
            keys: copy_area(&self.db, to, Area::Main)?,
            quarantined: copy_area(&self.quarantine, to, Area::Quarantine)?,
            migrated: Vec::new(),
        };
        same(&self.db, &to.db)?;
        same(&self.quarantine, &to.quarantine)?;
        Ok(report)
    }

    /// Removes the metadata of a new store (it holds nothing else) before
    /// another store's records are copied in.
    pub(crate) fn clear_meta(&self) -> Result<()> {
        let mut b = KvBatch::default();
        for k in self.db.iter().keys() {
            b.remove(k?);
        }
        Ok(self.db.backend.apply(&b)?)
    }
}
