//! Scheduled backups of the embedded store: a consistent copy of the whole
//! store into a new sled folder while the bot runs, the oldest removed past
//! a count. A backup is an ordinary store: `tablero store copy --from
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
    /// The new backup's folder.
    pub path: PathBuf,
    /// Keys copied, quarantine included.
    pub keys: u64,
    /// Older backups removed to keep the count.
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

impl Store {
    /// Writes a consistent copy of this store into a new sled folder in
    /// `dir` named after `now_ms` (UTC, `tablero-2026-11-20T10-00-00Z`),
    /// then removes the oldest backups there beyond `keep` (at least the
    /// new one is kept). A backup cut short leaves a `.partial` folder,
    /// removed by the next one, and never counts as a backup.
    pub fn backup_into(&self, dir: &Path, keep: usize, now_ms: i64) -> Result<BackupReport> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let stamp = tablero_rules::export::format_utc(now_ms)
            .trim_end_matches(" UTC")
            .replace(' ', "T")
            .replace(':', "-");
        let path = dir.join(format!("{PREFIX}{stamp}Z"));
        let partial = dir.join(format!("{PREFIX}{stamp}Z{PARTIAL}"));
        for old in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let old = old.map_err(|e| io_error(dir, e))?.path();
            if old.to_string_lossy().ends_with(PARTIAL) {
                std::fs::remove_dir_all(&old).map_err(|e| io_error(&old, e))?;
            }
        }
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
        let mut removed = Vec::new();
        let all = backups(dir)?;
        let excess = all.len().saturating_sub(keep.max(1));
        for old in all.into_iter().take(excess) {
            std::fs::remove_dir_all(&old).map_err(|e| io_error(&old, e))?;
            removed.push(old);
        }
        Ok(BackupReport {
            path,
            keys: report.keys + report.quarantined,
            removed,
        })
    }
}
