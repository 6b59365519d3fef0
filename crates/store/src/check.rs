//! Reading a whole store to find damage (`tablero store check`), and
//! copying what can be read into a new store (`tablero store salvage`).
//!
//! Both read every key of every prefix of the layout (`lib.rs`) and decode
//! its value as the type that prefix holds, upgrading older versions as a
//! normal read would, but change nothing in the store they read: a normal
//! read quarantines an unreadable value in place, these only report it.
//! When the database itself fails part-way through a prefix (a page sled
//! cannot read), the rest of that prefix is reported as unreadable and the
//! next prefix is read.

use serde::de::DeserializeOwned;

use crate::keys::{Key, Kind};
use crate::kv::{Db, KvBatch};
use crate::{
    BoardDoc, ChallengeDoc, ChannelDoc, GameDoc, ProfileDoc, RatingDoc, Result, StatsDoc, Store,
    printable, read_value,
};

/// Entries written per batch by a salvage.
const CHUNK: usize = 1000;

/// A record that cannot be read, or a part of the store that cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The key (separator shown as `/`), or the prefix whose remaining
    /// records could not be reached, as `PREFIX…`.
    pub key: String,
    pub why: String,
}

/// What `check` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Records read without fault.
    pub readable: u64,
    /// Records or parts of the store that could not be read.
    pub damaged: Vec<Damage>,
    /// Records already set aside in the quarantine area.
    pub quarantined: u64,
}

impl CheckReport {
    /// Whether nothing is damaged.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.damaged.is_empty()
    }
}

/// What `salvage_to` copied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SalvageReport {
    /// Readable records copied into the new store's main area.
    pub copied: u64,
    /// Unreadable records put into the new store's quarantine, and the
    /// parts of the old store that could not be read at all.
    pub damaged: Vec<Damage>,
    /// Records of the old store's quarantine copied into the new one's.
    pub quarantined: u64,
    /// The layout migrations then applied to the new store.
    pub migrated: Vec<crate::Migration>,
}

fn typed<T: DeserializeOwned>(k: &[u8], v: &[u8]) -> std::result::Result<(), String> {
    read_value::<T>(k, v).map(drop)
}

/// Why the value at `k` cannot be read, if it cannot.
fn check_value(k: &[u8], v: &[u8]) -> std::result::Result<(), String> {
    let Some(key) = Key::decode(k) else {
        return Err("a key outside Tablero's layout".into());
    };
    match key {
        Key::Game { .. } => typed::<GameDoc>(k, v),
        Key::Challenge { .. } => typed::<ChallengeDoc>(k, v),
        Key::Stats { .. } => typed::<StatsDoc>(k, v),
        Key::Profile { .. } => typed::<ProfileDoc>(k, v),
        Key::Board { .. } => typed::<BoardDoc>(k, v),
        Key::Rating { .. } => typed::<RatingDoc>(k, v),
        Key::NextId(_) | Key::Meta(_) => typed::<u64>(k, v),
        Key::Channel(_) => typed::<ChannelDoc>(k, v),
        Key::WebSecret | Key::PlaySecret => typed::<crate::WebSecretDoc>(k, v),
        Key::WebLink(_) => typed::<crate::WebLinkDoc>(k, v),
        Key::WebListing(_) => typed::<crate::ListingDoc>(k, v),
        Key::Tournament { .. } => typed::<crate::TournamentDoc>(k, v),
        Key::Comfort { .. } => typed::<crate::ComfortDoc>(k, v),
        index if index.kind().is_index() && v.is_empty() => Ok(()),
        Key::UserGame { .. }
        | Key::UserFinished { .. }
        | Key::UserChallenge { .. }
        | Key::Timer { .. }
        | Key::Community { .. } => Err("an index entry with a value".into()),
    }
}

/// Calls `each` with every entry of `db` and whether it is readable (by
/// `extra` too, for games); a prefix the database fails to read is
/// reported once and skipped.
fn read_all(
    db: &Db,
    extra: &dyn Fn(&GameDoc) -> std::result::Result<(), String>,
    mut each: impl FnMut(Vec<u8>, Vec<u8>, std::result::Result<(), String>) -> Result<()>,
    damaged: &mut Vec<Damage>,
) -> Result<()> {
    let mut kinds = Kind::ALL;
    kinds.sort_by_key(|k| k.tag());
    let mut seen = Vec::new();
    for kind in kinds {
        let p = kind.tag().as_bytes()[0];
        seen.push(p);
        for kv in db.scan_prefix([p]) {
            let (k, v) = match kv {
                Ok(kv) => kv,
                Err(e) => {
                    damaged.push(Damage {
                        key: format!("{}…", kind.tag()),
                        why: e.to_string(),
                    });
                    break;
                }
            };
            let mut verdict = check_value(&k, &v);
            if verdict.is_ok() && matches!(kind, Kind::Ongoing | Kind::Finished) {
                if let Ok(doc) = read_value::<GameDoc>(&k, &v) {
                    verdict = extra(&doc);
                }
            }
            each(k, v, verdict)?;
        }
    }
    // Keys outside the layout are read too (and reported).
    for kv in db.iter() {
        match kv {
            Ok((k, v)) if !k.first().is_some_and(|b| seen.contains(b)) => {
                let verdict = check_value(&k, &v);
                each(k, v, verdict)?;
            }
            Ok(_) => {}
            Err(e) => {
                damaged.push(Damage {
                    key: "…".into(),
                    why: e.to_string(),
                });
                break;
            }
        }
    }
    Ok(())
}

fn count(db: &Db, damaged: &mut Vec<Damage>) -> u64 {
    let mut n = 0;
    for kv in db.iter() {
        match kv {
            Ok(_) => n += 1,
            Err(e) => {
                damaged.push(Damage {
                    key: "quarantine…".into(),
                    why: e.to_string(),
                });
                break;
            }
        }
    }
    n
}

impl Store {
    /// Reads every record and reports those that cannot be read (also
    /// those `game_check` refuses, such as a game record that does not
    /// replay), without changing anything.
    pub fn check(
        &self,
        game_check: &dyn Fn(&GameDoc) -> std::result::Result<(), String>,
    ) -> Result<CheckReport> {
        let mut report = CheckReport {
            damaged: self.damage(),
            ..CheckReport::default()
        };
        let mut damaged = Vec::new();
        read_all(
            &self.db,
            game_check,
            |k, _, verdict| {
                match verdict {
                    Ok(()) => report.readable += 1,
                    Err(why) => report.damaged.push(Damage {
                        key: printable(&k),
                        why,
                    }),
                }
                Ok(())
            },
            &mut damaged,
        )?;
        report.quarantined = count(&self.quarantine, &mut damaged);
        report.damaged.extend(damaged);
        Ok(report)
    }

    /// Copies every readable record into `to`, which must be new, and
    /// every unreadable one into `to`'s quarantine, with the records
    /// already in this store's quarantine; this store is only read.
    pub fn salvage_to(
        &self,
        to: &Store,
        game_check: &dyn Fn(&GameDoc) -> std::result::Result<(), String>,
    ) -> Result<SalvageReport> {
        to.check_new()?;
        to.clear_meta()?;
        let mut report = SalvageReport {
            damaged: self.damage(),
            ..SalvageReport::default()
        };
        let mut damaged = Vec::new();
        let mut batch = KvBatch::default();
        let mut pending = 0;
        read_all(
            &self.db,
            game_check,
            |k, v, verdict| {
                match verdict {
                    Ok(()) => {
                        report.copied += 1;
                        batch.insert(k, v);
                    }
                    Err(why) => {
                        report.damaged.push(Damage {
                            key: printable(&k),
                            why,
                        });
                        batch.quarantine.push((k, v));
                    }
                }
                pending += 1;
                if pending == CHUNK {
                    to.db.backend.apply(&std::mem::take(&mut batch))?;
                    pending = 0;
                }
                Ok(())
            },
            &mut damaged,
        )?;
        for kv in self.quarantine.iter() {
            match kv {
                Ok((k, v)) => {
                    report.quarantined += 1;
                    batch.quarantine.push((k, v));
                }
                Err(e) => {
                    damaged.push(Damage {
                        key: "quarantine…".into(),
                        why: e.to_string(),
                    });
                    break;
                }
            }
        }
        to.db.backend.apply(&batch)?;
        // A schema record lost with the damage is written again; the
        // layout, if lost, is taken as the oldest and brought up to date.
        to.stamp_schema()?;
        to.db.backend.flush()?;
        report.migrated = to.migrate()?;
        report.damaged.extend(damaged);
        Ok(report)
    }

    /// Whether this store is new: only metadata, no data, no quarantine.
    pub(crate) fn check_new(&self) -> Result<()> {
        let taken = || {
            crate::StoreError::Db(crate::kv::DbError::msg(format!(
                "{} already holds data; copy only into a new store",
                self.describe()
            )))
        };
        for k in self.db.iter().keys() {
            if Kind::of_key(&k?) != Some(Kind::Meta) {
                return Err(taken());
            }
        }
        if self.quarantine.iter().next().transpose()?.is_some() {
            return Err(taken());
        }
        Ok(())
    }

    /// Whether this store holds any data (anything beyond metadata, or a
    /// quarantined record).
    pub(crate) fn holds_data(&self) -> Result<bool> {
        for k in self.db.iter().keys() {
            if Kind::of_key(&k?) != Some(Kind::Meta) {
                return Ok(true);
            }
        }
        Ok(self.quarantine.iter().next().transpose()?.is_some())
    }
}
