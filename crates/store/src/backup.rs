//! Scheduled backups of the embedded store: a consistent copy of the whole
//! store into a new sled folder while the bot runs, taken only when the
//! store differs from the newest backup, and kept by age (the newest
//! `keep`, plus the newest of every hour of the last day and of every day
//! of the last week), so a crash loop of quick restarts cannot push the
//! older history out. A backup is an ordinary store: `tablero store copy --from
//! sled:BACKUP --to sled:NEW` restores it (or point `data_dir` at a copy
//! of it).
//!
//! Consistent: the copy is made while no batch is applied
//! ([`Backend::quiesced`](crate::kv::Backend::quiesced)), so every change
//! is in it whole or not at all; commits wait for the copy meanwhile (a
//! store of thousands of games takes well under a second). sled 0.34 has
//! no online snapshot of its own, and copying its files while it writes
//! them gives no consistent copy.

use std::path::{Path, PathBuf};

use crate::kv::DbError;
use crate::{Result, Store, StoreError};

/// What a backup wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// The new backup's folder, or the newest one when nothing changed.
    pub path: PathBuf,
    /// Whether a backup was taken (false: the store is the same as the
    /// newest backup, which is kept as it is).
    pub taken: bool,
    /// Keys copied (or compared), quarantine included.
    pub keys: u64,
    /// Older backups removed by age.
    pub removed: Vec<PathBuf>,
}

/// The prefix of every backup folder's name.
const PREFIX: &str = "tablero-";
/// The suffix of a backup being written.
const PARTIAL: &str = ".partial";

fn io_error(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Db(DbError::msg(format!("{}: {e}", path.display())))
}

/// The backups in `dir`, oldest first (names sort by time).
fn backups(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
        let entry = entry.map_err(|e| io_error(dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(PREFIX) && !name.ends_with(PARTIAL) {
            found.push(entry.path());
        }
    }
    found.sort();
    Ok(found)
}

/// The time in a backup's name (`2026-11-20T10-00-00`), if it is one.
fn stamp_of(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix('Z')?;
    let ok = stamp.len() == 19
        && stamp.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 | 13 | 16 => b == b'-',
            10 => b == b'T',
            _ => b.is_ascii_digit(),
        });
    ok.then(|| stamp.to_string())
}

/// `ms` as a backup name's time.
pub(crate) fn stamp(ms: i64) -> String {
    tablero_rules::export::format_utc(ms)
        .trim_end_matches(" UTC")
        .replace(' ', "T")
        .replace(':', "-")
}

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// The backups of `all` (oldest first) to remove at `now_ms`: every one
/// but the newest `keep`, the newest of each hour of the last 24 hours
/// and the newest of each day of the last 7 days. A folder whose name
/// is not a backup's time is left alone.
fn expired(all: &[PathBuf], keep: usize, now_ms: i64) -> Vec<PathBuf> {
    let hour_from = stamp(now_ms - DAY_MS);
    let day_from = stamp(now_ms - 7 * DAY_MS);
    let mut kept = vec![false; all.len()];
    let (mut hours, mut days) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    for (i, path) in all.iter().enumerate().rev() {
        let Some(t) = stamp_of(path) else {
            kept[i] = true;
            continue;
        };
        let newest = all.len() - i <= keep.max(1);
        let hourly = t >= hour_from && hours.insert(t[..13].to_string());
        let daily = t >= day_from && days.insert(t[..10].to_string());
        kept[i] = newest || hourly || daily;
    }
    all.iter()
        .zip(kept)
        .filter(|(_, k)| !k)
        .map(|(p, _)| p.clone())
        .collect()
}

impl Store {
    /// Writes a consistent copy of this store into a new sled folder in
    /// `dir` named after `now_ms` (UTC, `tablero-2026-11-20T10-00-00Z`),
    /// unless it holds the same keys and values as the newest backup
    /// there; then removes the backups that have aged out (see the
    /// module's notes; at least the newest is kept). A backup cut short
    /// leaves a `.partial` folder, removed by the next one, and never
    /// counts as a backup.
    pub fn backup_into(&self, dir: &Path, keep: usize, now_ms: i64) -> Result<BackupReport> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let path = dir.join(format!("{PREFIX}{}Z", stamp(now_ms)));
        let partial = dir.join(format!("{PREFIX}{}Z{PARTIAL}", stamp(now_ms)));
        for old in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let old = old.map_err(|e| io_error(dir, e))?.path();
            if old.to_string_lossy().ends_with(PARTIAL) {
                std::fs::remove_dir_all(&old).map_err(|e| io_error(&old, e))?;
            }
        }
        // The newest backup, if it opens; one that does not is no reason
        // not to take a new one.
        let newest = backups(dir)?.pop();
        let last = newest
            .as_ref()
            .and_then(|p| Store::open_existing_url(&format!("sled:{}", p.display()), 1 << 20).ok());
        let mut unchanged = None;
        if let (Some(last), Some(newest)) = (&last, &newest) {
            self.db.backend.quiesced(&mut || {
                let same = crate::copy::same(&self.db, &last.db).is_ok()
                    && crate::copy::same(&self.quarantine, &last.quarantine).is_ok();
                unchanged = same.then(|| newest.clone());
                Ok(())
            })?;
        }
        drop(last);
        let (path, keys, taken) = match unchanged {
            Some(newest) => (newest, 0, false),
            None => {
                if path.exists() {
                    return Err(StoreError::Db(DbError::msg(format!(
                        "{} already exists",
                        path.display()
                    ))));
                }
                let target = Store::open(&partial, 1 << 20)?;
                let mut copied = None;
                self.db.backend.quiesced(&mut || {
                    copied = Some(self.copy_into(&target));
                    Ok(())
                })?;
                let report =
                    copied.unwrap_or_else(|| Err(DbError::msg("the backup did not run").into()))?;
                target.flush()?;
                drop(target);
                std::fs::rename(&partial, &path).map_err(|e| io_error(&path, e))?;
                (path, report.keys + report.quarantined, true)
            }
        };
        let mut removed = Vec::new();
        for old in expired(&backups(dir)?, keep, now_ms) {
            std::fs::remove_dir_all(&old).map_err(|e| io_error(&old, e))?;
            removed.push(old);
        }
        Ok(BackupReport {
            path,
            taken,
            keys,
            removed,
        })
    }
}
