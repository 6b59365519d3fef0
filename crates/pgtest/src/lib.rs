//! A throw-away PostgreSQL server for Tablero's tests: `initdb` in a
//! temporary folder, `pg_ctl start` on a free 127.0.0.1 port (its Unix
//! socket inside that folder, trust authentication, superuser `tablero`),
//! and `pg_ctl stop -m fast` when the last handle is dropped. Nothing is
//! installed or configured by hand; the server binaries must be present.
//!
//! initdb refuses to run as root, so when the tests run as root (as on CI)
//! the server runs as an unprivileged user — `nobody`, or the user named by
//! `TABLERO_PG_USER` — through `runuser`, and the temporary folder is given
//! to that user.
//!
//! The binaries (`initdb`, `pg_ctl`, `postgres`, `createdb`, `psql`) are
//! found in the folder `TABLERO_PG_BIN`, else beside the `initdb` on the
//! `PATH`, else in the newest `/usr/lib/postgresql/*/bin`
//! (Debian) or `/usr/pgsql-*/bin` (Red Hat). When none is found the test
//! fails with a message saying so: tests that need PostgreSQL are never
//! skipped silently.
//!
//! The server runs with `fsync=off`, for speed (`PgServer::start_durable`
//! for benchmarks keeps it on): it holds throw-away data
//! and is never crashed by the tests (a test kills bot processes, not the
//! server).
//!
//! ```no_run
//! let server = tablero_pgtest::PgServer::shared();
//! let url = server.create_database(); // postgres://tablero@127.0.0.1:PORT/tN
//! ```

use std::ffi::OsStr;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The superuser initdb creates.
pub const SUPERUSER: &str = "tablero";

/// A running PostgreSQL server, stopped when dropped.
pub struct PgServer {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    run_as: Option<String>,
    databases: AtomicU32,
    /// `fsync` on: commits cost what they cost on a real server.
    durable: bool,
}

fn fail(what: &str, out: &Output) -> ! {
    panic!(
        "{what} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The folder holding `initdb`, `pg_ctl`, `postgres` and `createdb`.
fn find_bin() -> PathBuf {
    let has_all = |dir: &Path| {
        ["initdb", "pg_ctl", "postgres", "createdb", "psql"]
            .iter()
            .all(|b| dir.join(b).is_file())
    };
    if let Some(dir) = std::env::var_os("TABLERO_PG_BIN") {
        let dir = PathBuf::from(dir);
        assert!(
            has_all(&dir),
            "TABLERO_PG_BIN={} lacks initdb, pg_ctl, postgres, createdb or psql",
            dir.display()
        );
        return dir;
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("initdb"))
        .find(|p| p.is_file())
        // A distribution's PATH often holds links to the real folder.
        .and_then(|p| p.canonicalize().ok())
        .and_then(|p| p.parent().map(Path::to_path_buf));
    if let Some(dir) = on_path.filter(|d| has_all(d)) {
        return dir;
    }
    let mut found: Vec<(u32, PathBuf)> = Vec::new();
    for (parent, prefix) in [("/usr/lib/postgresql", ""), ("/usr", "pgsql-")] {
        let Ok(entries) = std::fs::read_dir(parent) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(version) = name.strip_prefix(prefix) else {
                continue;
            };
            let major = version.split('.').next().and_then(|v| v.parse().ok());
            let dir = e.path().join("bin");
            if let Some(major) = major
                && has_all(&dir)
            {
                found.push((major, dir));
            }
        }
    }
    found.sort();
    match found.pop() {
        Some((_, dir)) => dir,
        None => panic!(
            "PostgreSQL's server programs (initdb, pg_ctl, postgres, createdb) were not \
             found on the PATH, in /usr/lib/postgresql/*/bin or /usr/pgsql-*/bin. These \
             tests need PostgreSQL 15: install it (Debian: `apt-get install postgresql`) \
             or set TABLERO_PG_BIN to the folder holding initdb."
        ),
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The uid and gid of `user`.
fn ids(user: &str) -> (u32, u32) {
    let id = |flag: &str| {
        let out = Command::new("id")
            .args([flag, user])
            .output()
            .expect("run `id`");
        if !out.status.success() {
            fail(&format!("`id {flag} {user}` (is there such a user?)"), &out);
        }
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse::<u32>()
            .expect("`id` prints a number")
    };
    (id("-u"), id("-g"))
}

/// A port nobody listens on now (another process may take it before the
/// server does; `start` then tries another).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("bind a port on 127.0.0.1")
        .port()
}

impl PgServer {
    /// Starts a new server; panics (failing the test) with the server's
    /// log when it cannot.
    #[must_use]
    pub fn start() -> PgServer {
        PgServer::start_with(false)
    }

    /// Starts a new server that syncs its writes to disk (`fsync=on`), for
    /// benchmarks whose figures must include durable commits.
    #[must_use]
    pub fn start_durable() -> PgServer {
        PgServer::start_with(true)
    }

    fn start_with(durable: bool) -> PgServer {
        let bin = find_bin();
        let run_as =
            is_root().then(|| std::env::var("TABLERO_PG_USER").unwrap_or_else(|_| "nobody".into()));
        let dir = tempfile::Builder::new()
            .prefix("tablero-pg-")
            .tempdir()
            .expect("create a temporary folder");
        if let Some(user) = &run_as {
            let (uid, gid) = ids(user);
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid))
                .expect("give the temporary folder to the server's user");
        }
        let mut server = PgServer {
            dir,
            bin,
            port: 0,
            run_as,
            databases: AtomicU32::new(0),
            durable,
        };
        let data = server.data();
        let out = server.run(
            "initdb",
            [
                OsStr::new("-D"),
                data.as_os_str(),
                OsStr::new("-U"),
                OsStr::new(SUPERUSER),
                OsStr::new("--auth=trust"),
                OsStr::new("--encoding=UTF8"),
                OsStr::new("--locale=C"),
                OsStr::new("--no-sync"),
            ],
        );
        if !out.status.success() {
            fail("initdb", &out);
        }
        let mut last = None;
        for _ in 0..5 {
            server.port = free_port();
            let out = server.pg_ctl_start();
            if out.status.success() {
                server.watchdog();
                return server;
            }
            last = Some(out);
        }
        let log = std::fs::read_to_string(server.dir.path().join("log")).unwrap_or_default();
        let out = last.expect("tried at least once");
        panic!(
            "pg_ctl start failed ({}): {}{}\nserver log:\n{log}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// One server shared by the tests of a test binary that run at the same
    /// time: started by the first, stopped when the last drops its handle.
    #[must_use]
    pub fn shared() -> Arc<PgServer> {
        static SHARED: Mutex<Weak<PgServer>> = Mutex::new(Weak::new());
        let mut slot = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(server) = slot.upgrade() {
            return server;
        }
        let server = Arc::new(PgServer::start());
        *slot = Arc::downgrade(&server);
        server
    }

    /// The server's port on 127.0.0.1.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `db` on this server.
    #[must_use]
    pub fn url(&self, db: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{db}", self.port)
    }

    /// Creates a new, empty database and returns its URL.
    #[must_use]
    pub fn create_database(&self) -> String {
        let n = self.databases.fetch_add(1, Ordering::Relaxed) + 1;
        let name = format!("t{n}");
        let out = Command::new(self.bin.join("createdb"))
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string()])
            .args(["-U", SUPERUSER, &name])
            .output()
            .expect("run createdb");
        if !out.status.success() {
            fail("createdb", &out);
        }
        self.url(&name)
    }

    /// Runs `sql` with psql on the database at `url` and returns what it
    /// prints (unaligned, tuples only); panics when it fails.
    pub fn psql(&self, url: &str, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args([url, "-v", "ON_ERROR_STOP=1", "-tAc", sql])
            .stdin(Stdio::null())
            .output()
            .expect("run psql");
        if !out.status.success() {
            fail(&format!("psql `{sql}`"), &out);
        }
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Runs one of the server's programs, as the server's user.
    fn run<I, S>(&self, program: &str, args: I) -> Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let path = self.bin.join(program);
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(path);
                c
            }
            None => Command::new(path),
        };
        cmd.args(args)
            // The user may not be allowed into the caller's folder.
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
    }

    fn pg_ctl_start(&self) -> Output {
        let sync = if self.durable { "on" } else { "off" };
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync={sync} -c full_page_writes={sync} \
             -c max_connections=300 -c shared_buffers=32MB",
            self.port,
            self.dir.path().display()
        );
        let data = self.data();
        let log = self.dir.path().join("log");
        self.run(
            "pg_ctl",
            [
                OsStr::new("start"),
                OsStr::new("-w"),
                OsStr::new("-t"),
                OsStr::new("60"),
                OsStr::new("-D"),
                data.as_os_str(),
                OsStr::new("-l"),
                log.as_os_str(),
                OsStr::new("-o"),
                OsStr::new(&options),
            ],
        )
    }

    /// A detached shell that stops the server and removes its folder if
    /// this process dies without dropping it (a killed test run).
    fn watchdog(&self) {
        let script = format!(
            "(while [ -d /proc/{pid} ] && [ -f '{data}/postmaster.pid' ]; do sleep 1; done; \
              if [ ! -d /proc/{pid} ]; then '{pg_ctl}' stop -D '{data}' -m immediate; rm -rf '{dir}'; fi) \
             >/dev/null 2>&1 </dev/null &",
            pid = std::process::id(),
            data = self.data().display(),
            pg_ctl = self.bin.join("pg_ctl").display(),
            dir = self.dir.path().display(),
        );
        let out = self.run_shell(&script);
        if !out.status.success() {
            fail("starting the server's watchdog", &out);
        }
    }

    fn run_shell(&self, script: &str) -> Output {
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--", "/bin/sh", "-c", script]);
                c
            }
            None => {
                let mut c = Command::new("/bin/sh");
                c.args(["-c", script]);
                c
            }
        };
        cmd.current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .expect("run /bin/sh")
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let data = self.data();
        let _ = self.run(
            "pg_ctl",
            [
                OsStr::new("stop"),
                OsStr::new("-w"),
                OsStr::new("-m"),
                OsStr::new("fast"),
                OsStr::new("-D"),
                data.as_os_str(),
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_starts_takes_connections_and_stops() {
        let server = PgServer::start();
        let url = server.create_database();
        assert!(url.ends_with("/t1"), "{url}");
        let port = server.port();
        assert_eq!(server.psql(&url, "SELECT 40 + 2"), "42");
        let dir = server.dir.path().to_path_buf();
        drop(server);
        assert!(!dir.exists(), "the folder is removed");
        assert!(
            std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
            "the server has stopped"
        );
    }
}
