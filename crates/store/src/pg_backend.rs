//! The PostgreSQL backend, for several bot processes on one database.
//!
//! Schema (`pg/*.sql`, embedded, applied at start-up under an advisory lock
//! so that processes starting together do not race): the main area is one
//! table `tablero_kv (key bytea primary key, value bytea, claimed_until
//! bigint)`, the quarantine `tablero_quarantine`, the channel versions
//! `tablero_channels`. One table rather than one per key prefix: the typed
//! layer's scans are prefix and range scans on the primary key, which one
//! B-tree serves exactly as sled's did, and a batch touching games, indexes
//! and timers stays one statement per kind of change.
//!
//! The store's API is synchronous and the driver (tokio-postgres, pooled by
//! deadpool-postgres) is async, so the backend owns a small tokio runtime:
//! each call is spawned onto it and the calling thread waits on a plain
//! channel. It never enters the caller's runtime, so it works from a blocking
//! thread of another runtime (and even, at the cost of blocking that thread,
//! from inside an async task) without deadlock or "runtime within runtime"
//! panics.
//!
//! Two pools: data connections for reads and commits, and lock connections
//! that each hold one session advisory lock (`pg_advisory_lock`) from
//! [`Backend::lock`] until the guard is dropped. A holder needs a data
//! connection to read and commit while it waits for no lock, so waiters on
//! locks can never starve holders of connections. A process that dies
//! loses its connections, and PostgreSQL releases their locks.

use std::future::Future;
use std::ops::Range;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;
use tokio_postgres::config::Host;
use tokio_postgres::error::SqlState;

use crate::kv::{Area, Backend, DbError, DbResult, FieldIn, KvBatch, LockGuard, stable_hash};

/// The embedded migrations, applied in order; each runs once per database.
const MIGRATIONS: &[(i32, &str)] = &[(1, include_str!("pg/0001_init.sql"))];

/// Connections for reads and commits.
const DATA_CONNECTIONS: usize = 16;
/// Connections holding locks: as many channels as may be locked at once.
const LOCK_CONNECTIONS: usize = 64;
/// How long a lock or a pooled connection is waited for before the call
/// fails (a hung process must not stall every other one forever).
const WAIT: Duration = Duration::from_secs(30);
/// Retries of a commit that PostgreSQL aborted for a deadlock or a
/// serialization failure (both safe to retry: nothing was applied).
const RETRIES: usize = 3;

impl From<tokio_postgres::Error> for DbError {
    fn from(e: tokio_postgres::Error) -> DbError {
        DbError::from_err(e)
    }
}

impl From<deadpool_postgres::PoolError> for DbError {
    fn from(e: deadpool_postgres::PoolError) -> DbError {
        DbError::from_err(e)
    }
}

struct Inner {
    /// `Some` until dropped; shut down without waiting, so that dropping
    /// the store inside an async context does not panic.
    rt: Option<tokio::runtime::Runtime>,
    handle: tokio::runtime::Handle,
    data: Pool,
    locks: Pool,
    describe: String,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

impl Inner {
    /// Runs `fut` on the backend's runtime and waits for its result.
    fn run<T, F>(&self, fut: F) -> DbResult<T>
    where
        T: Send + 'static,
        F: Future<Output = DbResult<T>> + Send + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let _ = tx.send(fut.await);
        });
        rx.recv()
            .map_err(|_| DbError::msg("postgres: the store's runtime has stopped"))?
    }
}

/// A PostgreSQL database holding a Tablero store.
pub struct PgBackend {
    inner: Arc<Inner>,
}

fn table(area: Area) -> &'static str {
    match area {
        Area::Main => "tablero_kv",
        Area::Quarantine => "tablero_quarantine",
    }
}

fn describe(cfg: &tokio_postgres::Config) -> String {
    let host = match cfg.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = cfg.get_ports().first().copied().unwrap_or(5432);
    format!(
        "postgres://{}@{host}:{port}/{}",
        cfg.get_user().unwrap_or(""),
        cfg.get_dbname().unwrap_or("")
    )
}

impl PgBackend {
    /// Connects to the database at `url` (`postgres://user@host:port/db`,
    /// or any form tokio-postgres accepts; no TLS) and brings its schema up
    /// to date.
    pub fn open(url: &str) -> DbResult<PgBackend> {
        let backend = PgBackend::connect(url)?;
        let inner = &backend.inner;
        inner
            .run(migrate(inner.data.clone()))
            .map_err(|e| DbError::msg(format!("{}: {e}", inner.describe)))?;
        Ok(backend)
    }

    /// Connects to a database that already holds Tablero's tables, and
    /// changes nothing in it: a database without them is an error (for
    /// reading a store that must be there, such as `store copy`'s source).
    pub fn open_existing(url: &str) -> DbResult<PgBackend> {
        let backend = PgBackend::connect(url)?;
        let pool = backend.inner.data.clone();
        let tables = backend.run(async move {
            let c = pool.get().await?;
            let row = c
                .query_one("SELECT to_regclass('tablero_kv') IS NOT NULL", &[])
                .await?;
            Ok(row.get::<_, bool>(0))
        })?;
        if !tables {
            return Err(DbError::msg(format!(
                "{} holds no Tablero store",
                backend.inner.describe
            )));
        }
        Ok(backend)
    }

    /// The pools and their runtime, without touching the schema.
    fn connect(url: &str) -> DbResult<PgBackend> {
        let mut cfg = tokio_postgres::Config::from_str(url)
            .map_err(|e| DbError::msg(format!("postgres: bad database URL: {e}")))?;
        cfg.application_name("tablero");
        cfg.connect_timeout(Duration::from_secs(10));
        let describe = describe(&cfg);
        // A commit is acknowledged only once it is durable, whatever the
        // server's default.
        let mut data_cfg = cfg.clone();
        data_cfg.options("-c synchronous_commit=on");
        let mut lock_cfg = cfg;
        lock_cfg.options(format!("-c lock_timeout={}", WAIT.as_millis()));

        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tablero-postgres")
            .enable_all()
            .build()
            .map_err(DbError::from_err)?;
        let handle = rt.handle().clone();
        let pool = |cfg: tokio_postgres::Config, size: usize| {
            let mgr = Manager::from_config(
                cfg,
                NoTls,
                ManagerConfig {
                    recycling_method: RecyclingMethod::Fast,
                },
            );
            Pool::builder(mgr)
                .max_size(size)
                .runtime(Runtime::Tokio1)
                .wait_timeout(Some(WAIT))
                .create_timeout(Some(WAIT))
                .build()
                .map_err(DbError::from_err)
        };
        let inner = Inner {
            rt: Some(rt),
            handle,
            data: pool(data_cfg, DATA_CONNECTIONS)?,
            locks: pool(lock_cfg, LOCK_CONNECTIONS)?,
            describe,
        };
        Ok(PgBackend {
            inner: Arc::new(inner),
        })
    }

    fn run<T, F>(&self, fut: F) -> DbResult<T>
    where
        T: Send + 'static,
        F: Future<Output = DbResult<T>> + Send + 'static,
    {
        self.inner.run(fut)
    }
}

/// Applies the migrations this database lacks, in one transaction.
async fn migrate(pool: Pool) -> DbResult<()> {
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock($1)",
        &[&stable_hash(b"tablero-migrations")],
    )
    .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS tablero_migrations (
            version integer PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let applied: i32 = tx
        .query_one(
            "SELECT coalesce(max(version), 0) FROM tablero_migrations",
            &[],
        )
        .await?
        .get(0);
    let latest = MIGRATIONS.last().map_or(0, |m| m.0);
    if applied > latest {
        return Err(DbError::msg(format!(
            "the database has schema version {applied}, newer than this Tablero's {latest}"
        )));
    }
    for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > applied) {
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO tablero_migrations (version) VALUES ($1)",
            &[version],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A batch as the statements apply it: each key's last change, sorted (so
/// concurrent commits lock rows in one order).
struct Net {
    put_keys: Vec<Vec<u8>>,
    put_values: Vec<Vec<u8>>,
    removes: Vec<Vec<u8>>,
    quarantine_keys: Vec<Vec<u8>>,
    quarantine_values: Vec<Vec<u8>>,
    channels: Vec<Vec<u8>>,
}

impl Net {
    fn of(batch: &KvBatch) -> Net {
        let mut n = Net {
            put_keys: Vec::new(),
            put_values: Vec::new(),
            removes: Vec::new(),
            quarantine_keys: Vec::new(),
            quarantine_values: Vec::new(),
            channels: batch.channels.iter().cloned().collect(),
        };
        for (k, v) in batch.net() {
            match v {
                Some(v) => {
                    n.put_keys.push(k.to_vec());
                    n.put_values.push(v.to_vec());
                }
                None => n.removes.push(k.to_vec()),
            }
        }
        let quarantine: std::collections::BTreeMap<_, _> = batch
            .quarantine
            .iter()
            .map(|(k, v)| (k.as_slice(), v.as_slice()))
            .collect();
        for (k, v) in quarantine {
            n.quarantine_keys.push(k.to_vec());
            n.quarantine_values.push(v.to_vec());
        }
        n
    }

    async fn apply(&self, c: &mut Object) -> Result<(), tokio_postgres::Error> {
        let tx = c.transaction().await?;
        if !self.quarantine_keys.is_empty() {
            let st = tx
                .prepare_cached(
                    "INSERT INTO tablero_quarantine (key, value)
                     SELECT * FROM unnest($1::bytea[], $2::bytea[])
                     ON CONFLICT (key) DO UPDATE
                     SET value = EXCLUDED.value, quarantined_at = now()",
                )
                .await?;
            tx.execute(&st, &[&self.quarantine_keys, &self.quarantine_values])
                .await?;
        }
        if !self.removes.is_empty() {
            let st = tx
                .prepare_cached("DELETE FROM tablero_kv WHERE key = ANY($1::bytea[])")
                .await?;
            tx.execute(&st, &[&self.removes]).await?;
        }
        if !self.put_keys.is_empty() {
            let st = tx
                .prepare_cached(
                    "INSERT INTO tablero_kv (key, value)
                     SELECT * FROM unnest($1::bytea[], $2::bytea[])
                     ON CONFLICT (key) DO UPDATE
                     SET value = EXCLUDED.value, claimed_until = NULL",
                )
                .await?;
            tx.execute(&st, &[&self.put_keys, &self.put_values]).await?;
        }
        if !self.channels.is_empty() {
            let st = tx
                .prepare_cached(
                    "INSERT INTO tablero_channels (channel, version)
                     SELECT c, 1 FROM unnest($1::bytea[]) AS c
                     ON CONFLICT (channel) DO UPDATE
                     SET version = tablero_channels.version + 1",
                )
                .await?;
            tx.execute(&st, &[&self.channels]).await?;
        }
        tx.commit().await
    }
}

fn retryable(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|c| {
        *c == SqlState::T_R_DEADLOCK_DETECTED || *c == SqlState::T_R_SERIALIZATION_FAILURE
    })
}

/// A held advisory lock: its connection, returned to the pool once the
/// lock is released.
struct PgLock {
    inner: Arc<Inner>,
    conn: Option<Object>,
    key: i64,
}

impl LockGuard for PgLock {}

impl Drop for PgLock {
    fn drop(&mut self) {
        let Some(c) = self.conn.take() else { return };
        let key = self.key;
        let _ = self.inner.run(async move {
            match c.execute("SELECT pg_advisory_unlock($1)", &[&key]).await {
                Ok(_) => Ok(()),
                Err(e) => {
                    // Unsure whether the lock is still held: close the
                    // connection, which releases whatever it holds.
                    drop(Object::take(c));
                    Err(DbError::from(e))
                }
            }
        });
    }
}

impl Backend for PgBackend {
    fn get(&self, area: Area, key: &[u8]) -> DbResult<Option<Vec<u8>>> {
        let pool = self.inner.data.clone();
        let key = key.to_vec();
        let sql = format!("SELECT value FROM {} WHERE key = $1", table(area));
        self.run(async move {
            let c = pool.get().await?;
            let st = c.prepare_cached(&sql).await?;
            let row = c.query_opt(&st, &[&key]).await?;
            Ok(row.map(|r| r.get::<_, Vec<u8>>(0)))
        })
    }

    fn page(
        &self,
        area: Area,
        start: &[u8],
        end: Option<&[u8]>,
        limit: usize,
    ) -> DbResult<Vec<(Vec<u8>, Vec<u8>)>> {
        let pool = self.inner.data.clone();
        let start = start.to_vec();
        let end = end.map(<[u8]>::to_vec);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let t = table(area);
        self.run(async move {
            let c = pool.get().await?;
            let rows = match &end {
                Some(end) => {
                    let sql = format!(
                        "SELECT key, value FROM {t} WHERE key >= $1 AND key < $2
                         ORDER BY key LIMIT $3"
                    );
                    let st = c.prepare_cached(&sql).await?;
                    c.query(&st, &[&start, end, &limit]).await?
                }
                None => {
                    let sql =
                        format!("SELECT key, value FROM {t} WHERE key >= $1 ORDER BY key LIMIT $2");
                    let st = c.prepare_cached(&sql).await?;
                    c.query(&st, &[&start, &limit]).await?
                }
            };
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn count(&self, area: Area, prefix: &[u8]) -> DbResult<u64> {
        let pool = self.inner.data.clone();
        let start = prefix.to_vec();
        let end = crate::kv::prefix_end(prefix);
        let t = table(area);
        self.run(async move {
            let c = pool.get().await?;
            let row = match &end {
                Some(end) => {
                    let sql = format!("SELECT count(*) FROM {t} WHERE key >= $1 AND key < $2");
                    c.query_one(&sql, &[&start, end]).await?
                }
                None => {
                    let sql = format!("SELECT count(*) FROM {t} WHERE key >= $1");
                    c.query_one(&sql, &[&start]).await?
                }
            };
            Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
        })
    }

    fn apply(&self, batch: &KvBatch) -> DbResult<()> {
        if batch.is_empty() {
            return Ok(());
        }
        let pool = self.inner.data.clone();
        let net = Net::of(batch);
        self.run(async move {
            let mut c = pool.get().await?;
            let mut tries = 0;
            loop {
                match net.apply(&mut c).await {
                    Ok(()) => return Ok(()),
                    Err(e) if retryable(&e) && tries < RETRIES => tries += 1,
                    Err(e) => return Err(e.into()),
                }
            }
        })
    }

    fn lock(&self, name: &[u8]) -> DbResult<Box<dyn LockGuard>> {
        let pool = self.inner.locks.clone();
        let key = stable_hash(name);
        let conn = self.run(async move {
            let c = pool.get().await?;
            let st = c.prepare_cached("SELECT pg_advisory_lock($1)").await?;
            c.execute(&st, &[&key]).await?;
            Ok(c)
        })?;
        Ok(Box::new(PgLock {
            inner: self.inner.clone(),
            conn: Some(conn),
            key,
        }))
    }

    fn version(&self, channel: &[u8]) -> DbResult<u64> {
        let pool = self.inner.data.clone();
        let channel = channel.to_vec();
        self.run(async move {
            let c = pool.get().await?;
            let st = c
                .prepare_cached("SELECT version FROM tablero_channels WHERE channel = $1")
                .await?;
            let v = c.query_opt(&st, &[&channel]).await?;
            Ok(v.map_or(0, |r| u64::try_from(r.get::<_, i64>(0)).unwrap_or(0)))
        })
    }

    fn claim(
        &self,
        range: Range<&[u8]>,
        only: Option<&FieldIn>,
        now_ms: i64,
        until_ms: i64,
        limit: usize,
    ) -> DbResult<Vec<Vec<u8>>> {
        let pool = self.inner.data.clone();
        let (start, end) = (range.start.to_vec(), range.end.to_vec());
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        // split_part counts fields from 1; with no condition, field 0
        // (none) and an empty list select every key. `encode(key,
        // 'escape')` keeps the separator (0x1f) as it is and never fails,
        // even on a key that is not UTF-8 (convert_from would fail the
        // whole claim).
        let (field, values): (i32, Vec<String>) = match only {
            Some(f) => (
                i32::try_from(f.index + 1).unwrap_or(i32::MAX),
                f.values.clone(),
            ),
            None => (0, Vec::new()),
        };
        self.run(async move {
            let c = pool.get().await?;
            // SKIP LOCKED passes over rows another claimer is leasing right
            // now; FOR UPDATE rechecks the lease of a row leased (and
            // committed) since this statement began, so no key is leased
            // twice.
            let st = c
                .prepare_cached(
                    "UPDATE tablero_kv SET claimed_until = $4
                     WHERE key IN (
                         SELECT key FROM tablero_kv
                         WHERE key >= $1 AND key < $2
                           AND (claimed_until IS NULL OR claimed_until <= $3)
                           AND ($6 = 0 OR split_part(encode(key, 'escape'), chr(31), $6)
                                          = ANY($7))
                         ORDER BY key LIMIT $5
                         FOR UPDATE SKIP LOCKED)
                     RETURNING key",
                )
                .await?;
            let rows = c
                .query(
                    &st,
                    &[&start, &end, &now_ms, &until_ms, &limit, &field, &values],
                )
                .await?;
            let mut keys: Vec<Vec<u8>> = rows.into_iter().map(|r| r.get(0)).collect();
            keys.sort();
            Ok(keys)
        })
    }

    fn flush(&self) -> DbResult<()> {
        // Every commit is durable when it returns (synchronous_commit=on).
        Ok(())
    }

    fn describe(&self) -> String {
        self.inner.describe.clone()
    }
}
