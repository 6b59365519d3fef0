//! Layout migrations: numbered changes of the store's shape that fill
//! what a store written before them lacks (an index that did not exist),
//! run explicitly by [`Store::migrate`], never as a side effect of opening.
//!
//! A store records the number of the last migration applied under the
//! metadata key `m/layout`. A new, empty store is created at [`LAYOUT`]
//! (it has nothing to fill); a store that already holds data and has no
//! number is at layout 0, or at 1 when it carries the marker the builds
//! before numbered migrations left after filling the finished-game index
//! (`m/finished_index`). Each migration is applied in one atomic batch
//! together with its number, so a crash leaves a store either before or
//! after it, and running one twice writes the same entries again.
//!
//! Who runs them: the bot when it starts (`bot::open_store`, before any
//! command is served), `tablero store migrate`, and `store copy` /
//! `store salvage` on the new store after copying (a copy is first made
//! byte for byte, metadata included, and compared; then brought up to
//! date). `store check` only reports the migrations still to run.
//!
//! Several processes on one PostgreSQL database may start together: both
//! fill the same entries and write the same number, which is harmless. A
//! process of an older build still running while a newer one migrates
//! does not keep the new index, so its challenges are missing from it
//! until they end; stop old processes before starting a new build.
//!
//! Document versions (a field renamed inside a game) are another matter:
//! those are upgraded on read, per value (`migrate.rs`).

use crate::batch::encode;
use crate::keys::{Key, Kind, Meta, Scan};
use crate::kv::DbError;
use crate::*;

/// One change of the store's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Migration {
    /// Its number: the layout a store is at once it has been applied.
    pub number: u32,
    /// What it does, for operators' logs.
    pub what: &'static str,
}

/// Every migration, in the order they are applied.
pub const MIGRATIONS: [Migration; 2] = [
    Migration {
        number: 1,
        what: "index every user's finished games (`h`)",
    },
    Migration {
        number: 2,
        what: "index every user's open challenges (`i`)",
    },
];

/// The layout this build writes and reads.
pub const LAYOUT: u32 = MIGRATIONS[MIGRATIONS.len() - 1].number;

impl Store {
    /// The number of the last migration applied to this store.
    pub fn layout(&self) -> Result<u32> {
        if let Some(n) = self.get::<u64>(Key::Meta(Meta::Layout))? {
            return Ok(u32::try_from(n).unwrap_or(u32::MAX));
        }
        let legacy = self.db.get(Key::Meta(Meta::FinishedIndex).encode())?;
        Ok(u32::from(legacy.is_some()))
    }

    /// The migrations this store still needs, in order; an error for a
    /// store written by a newer build (this one would not keep its
    /// indexes).
    pub fn pending_migrations(&self) -> Result<Vec<Migration>> {
        let at = self.layout()?;
        if at > LAYOUT {
            return Err(StoreError::Db(DbError::msg(format!(
                "{} was written by a newer Tablero (store layout {at}; this build knows \
                 layouts up to {LAYOUT}): run the newer build",
                self.describe()
            ))));
        }
        Ok(MIGRATIONS.into_iter().filter(|m| m.number > at).collect())
    }

    /// Applies the migrations this store still needs, each in one atomic,
    /// flushed change with its number, and returns them.
    pub fn migrate(&self) -> Result<Vec<Migration>> {
        let pending = self.pending_migrations()?;
        for m in &pending {
            let mut b = self.batch();
            match m.number {
                1 => self.fill_finished_index(&mut b)?,
                2 => self.fill_challenge_index(&mut b)?,
                n => unreachable!("migration {n} is listed but not written"),
            }
            b.insert(Key::Meta(Meta::Layout), encode(&u64::from(m.number)));
            b.remove(Key::Meta(Meta::FinishedIndex));
            self.commit(b)?;
        }
        Ok(pending)
    }

    /// Marks a new, empty store as being at this build's layout.
    pub(crate) fn mark_layout(&self) -> Result<()> {
        let key = Key::Meta(Meta::Layout).encode();
        Ok(self.db.insert(key, encode(&u64::from(LAYOUT)))?)
    }

    /// Migration 1: the users' index of finished games (kind `h`), from
    /// the finished games. Unreadable games are left for a normal read to
    /// quarantine.
    fn fill_finished_index(&self, b: &mut Batch) -> Result<()> {
        for kv in self.db.scan_prefix(Scan::All(Kind::Finished).prefix()) {
            let (k, v) = kv?;
            if let Ok(doc) = read_value::<GameDoc>(&k, &v) {
                b.index_finished(&doc);
            }
        }
        Ok(())
    }

    /// Migration 2: the users' index of open challenges (kind `i`), from
    /// the challenges.
    fn fill_challenge_index(&self, b: &mut Batch) -> Result<()> {
        for kv in self.db.scan_prefix(Scan::All(Kind::Challenge).prefix()) {
            let (k, v) = kv?;
            if let Ok(doc) = read_value::<ChallengeDoc>(&k, &v) {
                b.index_challenge(&doc);
            }
        }
        Ok(())
    }
}
