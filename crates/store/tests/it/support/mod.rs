//! What the store's suites on both backends share: where a test's store
//! lives, and a user.

use std::sync::Arc;

use tablero_pgtest::PgServer;
use tablero_store::{Store, UserRef};

/// Where a test's store lives.
pub enum Place {
    Sled(tempfile::TempDir),
    /// The server handle keeps the shared server up for the test.
    Pg(#[allow(dead_code)] Arc<PgServer>, String),
}

impl Place {
    pub fn sled() -> Place {
        Place::Sled(tempfile::tempdir().unwrap())
    }

    pub fn pg() -> Place {
        let server = PgServer::shared();
        let url = server.create_database();
        Place::Pg(server, url)
    }

    pub fn open(&self) -> Store {
        match self {
            Place::Sled(dir) => Store::open(dir.path(), 1 << 20).unwrap(),
            Place::Pg(_, url) => Store::open_url(url, 0).unwrap(),
        }
    }

    /// A second handle on the same store: on PostgreSQL a new connection
    /// pool, as another process has; sled allows one opener, so a clone.
    #[allow(dead_code)] // not every suite uses it
    pub fn another(&self, first: &Store) -> Store {
        match self {
            Place::Sled(_) => first.clone(),
            Place::Pg(..) => self.open(),
        }
    }
}

/// A user whose name is their id in capitals.
pub fn user(id: &str) -> UserRef {
    UserRef {
        id: id.into(),
        name: id.to_uppercase(),
    }
}
