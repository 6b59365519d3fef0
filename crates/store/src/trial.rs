//! Trying sled's recovery on a copy of a store's folder before sled is let
//! near the folder itself.
//!
//! sled 0.34 recovers a log by reading it up to the first message that fails
//! its checksum and zeroing everything after it, and it does so as it opens,
//! before any caller can look: opening a store with one flipped byte loses
//! every change written after that byte, even when sled then refuses it.
//! So every existing folder is first copied and the copy opened; comparing
//! the copy's log with the original says whether, and how much, sled's
//! recovery would cut, without a byte of the original changing.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What sled's recovery changed in a copy's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The first byte of `db` it changed.
    pub offset: u64,
    /// How many bytes of `db` it changed (zeroed, or cut off the end).
    pub bytes: u64,
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "sled's recovery cuts its log (db) at byte {}, zeroing {} bytes: every change \
             written after a damaged record there",
            self.offset, self.bytes
        )
    }
}

/// A folder removed when dropped.
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new, empty folder in `parent`, named after `name`, this process
    /// and a counter.
    pub fn new(parent: &Path, name: &str) -> std::io::Result<Scratch> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = parent.join(format!(".{name}.trial-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Scratch { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // sled's last handle closes its files from a background thread;
        // give it a moment so nothing is written into a removed folder.
        let end = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while !matches!(lock_free(&self.path), Ok(true)) && std::time::Instant::now() < end {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Removes the scratch folders of `name` in `parent` that other processes
/// left (a process killed while it tried a store). Only for a store whose
/// lock was just found free: no other process is opening it.
pub fn remove_stale(parent: &Path, name: &str) -> std::io::Result<()> {
    let prefix = format!(".{name}.trial-");
    let ours = format!("{prefix}{}-", std::process::id());
    for entry in std::fs::read_dir(parent)? {
        let entry = entry?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.starts_with(&prefix) && !file.starts_with(&ours) && entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(entry.path())?;
        }
    }
    Ok(())
}

/// Copies a sled folder's files (and its `blobs` folder) into `to`, which
/// exists; the copies are made durable.
pub fn copy_folder(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
            std::fs::File::open(&target)?.sync_all()?;
        } else if kind.is_dir() && entry.file_name() == "blobs" {
            std::fs::create_dir_all(&target)?;
            copy_folder(&entry.path(), &target)?;
        }
    }
    #[cfg(unix)]
    std::fs::File::open(to)?.sync_all()?;
    Ok(())
}

/// What differs between the original log and the copy's after sled
/// opened the copy.
pub fn log_cut(original: &Path, copy: &Path) -> std::io::Result<Option<Cut>> {
    let a = std::fs::read(original.join("db"))?;
    let b = match std::fs::read(copy.join("db")) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    let mut first = None;
    let mut bytes = 0u64;
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y {
            first.get_or_insert(i as u64);
            bytes += 1;
        }
    }
    if b.len() < a.len() {
        first.get_or_insert(b.len() as u64);
        bytes += (a.len() - b.len()) as u64;
    }
    Ok(first.map(|offset| Cut { offset, bytes }))
}

/// Whether no process holds sled's lock on the folder's log (sled takes an
/// exclusive `flock` on `db`; a missing log is not held).
#[cfg(unix)]
pub fn lock_free(dir: &Path) -> std::io::Result<bool> {
    use std::os::fd::AsRawFd;
    let f = match std::fs::File::open(dir.join("db")) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(true),
        Err(e) => return Err(e),
    };
    // SAFETY: `f` is an open file for the whole call; flock only takes
    // its descriptor and flags, and its lock goes with the file.
    let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if r == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    if e.kind() == std::io::ErrorKind::WouldBlock {
        Ok(false)
    } else {
        Err(e)
    }
}

#[cfg(not(unix))]
pub fn lock_free(_: &Path) -> std::io::Result<bool> {
    Ok(true)
}

/// Waits up to `wait` for the folder's lock to be free.
pub fn wait_lock_free(dir: &Path, wait: std::time::Duration) -> std::io::Result<bool> {
    let end = std::time::Instant::now() + wait;
    let mut pause = std::time::Duration::from_millis(5);
    loop {
        if lock_free(dir)? {
            return Ok(true);
        }
        if std::time::Instant::now() >= end {
            return Ok(false);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(std::time::Duration::from_millis(100));
    }
}

/// Copies the folder `dir` to a new `<dir>.damaged-<UTC time>Z` beside it
/// and returns its path.
pub fn keep_aside(dir: &Path, now_ms: i64) -> std::io::Result<PathBuf> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "data".into());
    let parent = dir.parent().unwrap_or(Path::new("."));
    let stamp = crate::backup::stamp(now_ms);
    let mut n = 1;
    loop {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let aside = parent.join(format!("{name}.damaged-{stamp}Z{suffix}"));
        match std::fs::create_dir(&aside) {
            Ok(()) => {
                copy_folder(dir, &aside)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Now, in milliseconds since 1970 (0 if the clock is before it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
