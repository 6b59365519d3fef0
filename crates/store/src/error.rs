//! Why the store failed.

use std::fmt;

use crate::kv::DbError;

/// Why the store failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database itself failed (disk, lock held by another process,
    /// lost connection, …).
    Db(DbError),
    /// A value could not be read. It has been moved to the quarantine area
    /// under the same key, and nothing else was changed.
    Corrupt { key: String, why: String },
    /// The store's files are damaged or incomplete (a missing or garbled
    /// snapshot, a record that fails its checksum, a store that held data
    /// opening empty): it was not opened, and nothing was written to it.
    Damaged { store: String, why: String },
    /// Another process has the store open (sled allows one).
    InUse { store: String },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Db(e) => write!(f, "store: {e}"),
            StoreError::Corrupt { key, why } => {
                write!(
                    f,
                    "store: record `{key}` is unreadable ({why}); kept in quarantine"
                )
            }
            StoreError::Damaged { store, why } => {
                write!(f, "store {store} is damaged: {why}")
            }
            StoreError::InUse { store } => {
                write!(f, "store {store} is open in another process")
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<DbError> for StoreError {
    fn from(e: DbError) -> StoreError {
        StoreError::Db(e)
    }
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> StoreError {
        StoreError::Db(e.into())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;
