//! Reading a sled 0.34 folder's log (`db`) directly, without sled: what
//! `tablero store check` and `store salvage` read when sled cannot open a
//! store, or would open it only by cutting its log short.
//!
//! sled's recovery reads its log from the last snapshot on and stops at the
//! first message that fails its checksum, then zeroes everything after it:
//! one flipped byte loses every change written after the damaged spot. But
//! every message carries its own CRC-32, so this reader checks each one on
//! its own and reads every intact message, before and after the damage.
//!
//! The layout (sled 0.34.7, `src/pagecache/logger.rs`, `iobuf.rs`,
//! `serialization.rs`; compression off, as Tablero runs it):
//!
//! - The log is cut into segments of `segment_size` bytes (the `conf` file
//!   says how many; 512 KiB by default). A segment starts with a 20-byte
//!   header: CRC-32 (xor `!0`) of the next 16 bytes, then the segment's
//!   first LSN and the highest stable LSN, each little-endian and xor
//!   `0x7fff_ffff_ffff_ffff`. Segments are reused, so a segment's LSN has
//!   nothing to do with its place in the file; an LSN and its file offset
//!   are equal modulo `segment_size`.
//! - Messages follow the header back to back: a CRC-32 (little-endian,
//!   xor `!0`, of the body followed by the rest of the header), a kind
//!   byte, then the body's length, the segment number (LSN /
//!   `segment_size`) and the page id, each a sled varint; then the body.
//!   No message starts within the last 32 bytes of a segment; a `Cap`
//!   message pads a segment to its end.
//! - A page is a B-link tree node. A `Node` message replaces the page's
//!   whole content: `next` and `merging_child` (varints, 0 = none), a
//!   `merging` byte, `prefix_len`, `lo` and `hi` (length-prefixed bytes;
//!   an empty `hi` is unbounded) and its data: 0 = leaf (count, keys,
//!   values) or 1 = index (count, keys, child page ids). Keys are stored
//!   without the node's prefix (`lo[..prefix_len]`). A `Link` message
//!   updates a page: 0 = set (key, value), 1 = delete (key), 2–4 = merge
//!   bookkeeping; its key is without the prefix of the node it updates.
//!   A `Free` message retires a page id (sled reuses ids). Page 0 holds the
//!   `Meta` (the trees by name, each with its root page). Bodies larger
//!   than a quarter segment are in `blobs/<LSN>` (CRC-32, kind byte,
//!   body), the message holding only the LSN.
//!
//! The store is rebuilt by replaying every intact message in LSN order:
//! a leaf node sets its key range to exactly its entries, a link sets or
//! deletes one key. That is what sled's own recovery computes on a whole
//! log (its pages are updated by compare-and-swap, so a page's updates
//! are in LSN order), and on a damaged one it gives every key the newest
//! value that survived. A page's messages from before its latest `Free`
//! are left out (they belong to a page id's earlier life). Each page is
//! given to its tree by walking the newest version of every index node
//! from the roots the newest `Meta` names; a page no walk reaches (its
//! parent was damaged) is read as part of the main tree.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use crate::kv::{Area, Backend, DbError, DbResult, FieldIn, KvBatch, LockGuard};

/// sled's default segment size, used when `conf` cannot be read.
const DEFAULT_SEGMENT: u64 = 512 * 1024;
const SEG_HEADER_LEN: u64 = 20;
/// No message starts within this many bytes of a segment's end.
const MAX_MSG_HEADER_LEN: u64 = 32;
/// The name of sled's default tree, Tablero's main area.
const DEFAULT_TREE: &[u8] = b"__sled__default";
/// The name of the quarantine tree.
const QUARANTINE_TREE: &[u8] = b"quarantine";

mod kind {
    pub const CANCELED: u8 = 1;
    pub const CAP: u8 = 2;
    pub const BATCH_MANIFEST: u8 = 3;
    pub const FREE: u8 = 4;
    pub const COUNTER: u8 = 5;
    pub const INLINE_META: u8 = 6;
    pub const BLOB_META: u8 = 7;
    pub const INLINE_NODE: u8 = 8;
    pub const BLOB_NODE: u8 = 9;
    pub const INLINE_LINK: u8 = 10;
    pub const BLOB_LINK: u8 = 11;
}

/// A stretch of the log where messages were expected and none is intact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stretch {
    /// Its first byte's offset in `db`.
    pub offset: u64,
    /// Its length in bytes.
    pub len: u64,
}

/// What reading the log found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogReport {
    /// Intact messages read.
    pub messages: u64,
    /// Stretches of damage followed by newer intact messages in the same
    /// segment (damage sled's own recovery would stop at).
    pub damaged: Vec<Stretch>,
    /// Segment headers that fail their checksum.
    pub bad_segment_headers: u64,
    /// Messages whose body lives in a blob file that is missing or fails
    /// its checksum.
    pub lost_blobs: u64,
    /// Pages no walk from a tree's root reaches, read as the main tree's.
    pub unplaced_pages: u64,
}

/// The records read from a log, by tree.
#[derive(Clone, Debug, Default)]
pub struct LogImage {
    pub main: BTreeMap<Vec<u8>, Vec<u8>>,
    pub quarantine: BTreeMap<Vec<u8>, Vec<u8>>,
    pub report: LogReport,
}

/// A sled varint (`u64`'s `Serialize` in sled 0.34).
fn varint(buf: &mut &[u8]) -> Option<u64> {
    let first = *buf.first()?;
    let (value, used) = match first {
        0..=240 => (u64::from(first), 1),
        241..=248 => {
            let b = *buf.get(1)?;
            (240 + 256 * (u64::from(first) - 241) + u64::from(b), 2)
        }
        249 => {
            let (b1, b2) = (*buf.get(1)?, *buf.get(2)?);
            (2288 + 256 * u64::from(b1) + u64::from(b2), 3)
        }
        other => {
            let n = usize::from(other) - 247;
            let bytes = buf.get(1..=n)?;
            let mut le = [0u8; 8];
            le[..n].copy_from_slice(bytes);
            (u64::from_le_bytes(le), n + 1)
        }
    };
    *buf = &buf[used..];
    Some(value)
}

fn byte(buf: &mut &[u8]) -> Option<u8> {
    let b = *buf.first()?;
    *buf = &buf[1..];
    Some(b)
}

/// Length-prefixed bytes (sled's `IVec`).
fn bytes<'a>(buf: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = usize::try_from(varint(buf)?).ok()?;
    if len > buf.len() {
        return None;
    }
    let (out, rest) = buf.split_at(len);
    *buf = rest;
    Some(out)
}

/// A message header: kind, body length, segment number, page id, and the
/// header's own length.
struct Header {
    crc: u32,
    kind: u8,
    len: u64,
    segment: u64,
    pid: u64,
    header_len: usize,
}

fn header(at: &[u8]) -> Option<Header> {
    let crc = u32::from_le_bytes(at.get(..4)?.try_into().ok()?);
    let mut rest = &at[4..];
    let kind = byte(&mut rest)?;
    let len = varint(&mut rest)?;
    let segment = varint(&mut rest)?;
    let pid = varint(&mut rest)?;
    Some(Header {
        crc,
        kind,
        len,
        segment,
        pid,
        header_len: at.len() - rest.len(),
    })
}

/// An intact message: its LSN, page and body (a blob's body read in).
struct Message {
    lsn: u64,
    pid: u64,
    kind: u8,
    body: Vec<u8>,
}

/// The message at `at` (the rest of its segment), if it is intact.
fn message(at: &[u8]) -> Option<(Header, &[u8])> {
    let h = header(at)?;
    if !(kind::CANCELED..=kind::BLOB_LINK).contains(&h.kind) {
        return None;
    }
    let len = usize::try_from(h.len).ok()?;
    let body = at.get(h.header_len..h.header_len.checked_add(len)?)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(body);
    crc.update(&at[4..h.header_len]);
    (crc.finalize() ^ 0xffff_ffff == h.crc).then_some((h, body))
}

/// A blob's body, if its file is there and passes its checksum.
fn blob(dir: &Path, lsn_bytes: &[u8]) -> Option<(u8, Vec<u8>)> {
    let lsn = i64::from_le_bytes(lsn_bytes.try_into().ok()?);
    let data = std::fs::read(dir.join("blobs").join(lsn.to_string())).ok()?;
    let crc = u32::from_le_bytes(data.get(..4)?.try_into().ok()?);
    let rest = data.get(4..)?;
    let (&kind, body) = rest.split_first()?;
    (crc32fast::hash(rest) == crc).then(|| (kind, body.to_vec()))
}

/// The segment size and whether the log is compressed, from `conf`
/// (`segment_size: N` lines and a CRC-32); sled's default when `conf` is
/// unreadable.
fn storage_parameters(dir: &Path) -> Result<u64, String> {
    let Ok(conf) = std::fs::read(dir.join("conf")) else {
        return Ok(DEFAULT_SEGMENT);
    };
    let text = String::from_utf8_lossy(&conf[..conf.len().saturating_sub(4)]).into_owned();
    let value = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
            .map(str::to_string)
    };
    if value("use_compression").as_deref() == Some("true") {
        return Err("its log is compressed, which this reader does not read".into());
    }
    Ok(value("segment_size")
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|s| s.is_power_of_two() && (256..=1 << 24).contains(s))
        .unwrap_or(DEFAULT_SEGMENT))
}

/// Every intact message of `db`, in file order.
fn scan(dir: &Path, db: &[u8], segment: u64, report: &mut LogReport) -> Vec<Message> {
    let mut out = Vec::new();
    scan_with(dir, db, segment, report, &mut |_, m| {
        if let Some(m) = m {
            out.push(m);
        }
    });
    out
}

/// Calls `each` with every intact message of `db`, in file order, and its
/// content (`None`: a blob that is lost).
fn scan_with(
    dir: &Path,
    db: &[u8],
    segment: u64,
    report: &mut LogReport,
    each: &mut dyn FnMut(Extent, Option<Message>),
) {
    let size = db.len() as u64;
    let mut base = 0;
    while base < size {
        let end = (base + segment).min(size);
        let seg = &db[base as usize..end as usize];
        if let Some(h) = seg.get(..SEG_HEADER_LEN as usize) {
            let crc = u32::from_le_bytes([h[0], h[1], h[2], h[3]]) ^ 0xffff_ffff;
            if crc32fast::hash(&h[4..]) != crc && h.iter().any(|&b| b != 0) {
                report.bad_segment_headers += 1;
            }
        }
        let mut pos = SEG_HEADER_LEN;
        // Where a stretch without an intact message began, and the newest
        // LSN read before it.
        let mut broken: Option<u64> = None;
        let mut newest_before = 0;
        let mut newest = 0;
        while pos + MAX_MSG_HEADER_LEN <= segment && pos < seg.len() as u64 {
            let Some((h, body)) = message(&seg[pos as usize..]) else {
                if broken.is_none() {
                    broken = Some(pos);
                    newest_before = newest;
                }
                pos += 1;
                continue;
            };
            let lsn = h.segment.saturating_mul(segment).saturating_add(pos);
            if let Some(from) = broken.take() {
                // Damage, not the stale end of a reused segment, when the
                // log goes on after it.
                if lsn > newest_before && seg[from as usize..pos as usize].iter().any(|&b| b != 0) {
                    report.damaged.push(Stretch {
                        offset: base + from,
                        len: pos - from,
                    });
                }
            }
            newest = newest.max(lsn);
            report.messages += 1;
            let next = pos + h.header_len as u64 + h.len;
            let body = match h.kind {
                kind::BLOB_META | kind::BLOB_NODE | kind::BLOB_LINK => match blob(dir, body) {
                    Some((k, b)) if k == h.kind => Some(b),
                    _ => {
                        report.lost_blobs += 1;
                        None
                    }
                },
                _ => Some(body.to_vec()),
            };
            let extent = Extent {
                offset: base + pos,
                len: next - pos,
                kind: h.kind,
                lsn,
            };
            let message = body.map(|body| Message {
                lsn,
                pid: h.pid,
                kind: h.kind,
                body,
            });
            each(extent, message);
            if h.kind == kind::CAP {
                break;
            }
            pos = next;
        }
        base += segment;
    }
}

/// A leaf's key range and entries (full keys), or an index's children.
enum Node {
    Leaf {
        lo: Vec<u8>,
        hi: Vec<u8>,
        prefix: Vec<u8>,
        entries: Vec<(Vec<u8>, Vec<u8>)>,
        next: u64,
    },
    Index {
        prefix: Vec<u8>,
        children: Vec<u64>,
        next: u64,
    },
}

impl Node {
    fn prefix(&self) -> &[u8] {
        match self {
            Node::Leaf { prefix, .. } | Node::Index { prefix, .. } => prefix,
        }
    }

    fn next(&self) -> u64 {
        match self {
            Node::Leaf { next, .. } | Node::Index { next, .. } => *next,
        }
    }
}

fn node(mut buf: &[u8]) -> Option<Node> {
    let buf = &mut buf;
    let next = varint(buf)?;
    let _merging_child = varint(buf)?;
    let _merging = byte(buf)?;
    let prefix_len = usize::from(byte(buf)?);
    let lo = bytes(buf)?.to_vec();
    let hi = bytes(buf)?.to_vec();
    let prefix = lo.get(..prefix_len)?.to_vec();
    let tag = byte(buf)?;
    let count = usize::try_from(varint(buf)?).ok()?;
    // Every key takes at least a byte: a count beyond the body is damage.
    if count > buf.len() {
        return None;
    }
    let mut keys = Vec::with_capacity(count);
    for _ in 0..count {
        let mut k = prefix.clone();
        k.extend_from_slice(bytes(buf)?);
        keys.push(k);
    }
    match tag {
        0 => {
            let mut entries = Vec::with_capacity(count);
            for k in keys {
                entries.push((k, bytes(buf)?.to_vec()));
            }
            Some(Node::Leaf {
                lo,
                hi,
                prefix,
                entries,
                next,
            })
        }
        1 => {
            let mut children = Vec::with_capacity(count);
            for _ in 0..count {
                children.push(varint(buf)?);
            }
            Some(Node::Index {
                prefix,
                children,
                next,
            })
        }
        _ => None,
    }
}

/// The trees of a `Meta` body: name → root page.
fn meta(mut buf: &[u8]) -> Option<Vec<(Vec<u8>, u64)>> {
    let buf = &mut buf;
    let mut out = Vec::new();
    while !buf.is_empty() {
        let name = bytes(buf)?.to_vec();
        out.push((name, varint(buf)?));
    }
    Some(out)
}

/// What a message does to its tree.
enum Change {
    /// The keys in `lo..hi` (`hi` empty: unbounded) are exactly `entries`.
    Range {
        lo: Vec<u8>,
        hi: Vec<u8>,
        entries: Vec<(Vec<u8>, Vec<u8>)>,
    },
    Set(Vec<u8>, Vec<u8>),
    Del(Vec<u8>),
}

fn apply(tree: &mut BTreeMap<Vec<u8>, Vec<u8>>, change: Change) {
    match change {
        Change::Range { lo, hi, entries } => {
            let gone: Vec<Vec<u8>> = if hi.is_empty() {
                tree.range(lo..).map(|(k, _)| k.clone()).collect()
            } else if lo < hi {
                tree.range(lo..hi).map(|(k, _)| k.clone()).collect()
            } else {
                Vec::new()
            };
            for k in gone {
                tree.remove(&k);
            }
            tree.extend(entries);
        }
        Change::Set(k, v) => {
            tree.insert(k, v);
        }
        Change::Del(k) => {
            tree.remove(&k);
        }
    }
}

/// An intact message's place in `db`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// Its first byte (the header's) in `db`.
    pub offset: u64,
    /// Its length, header included.
    pub len: u64,
    /// sled's message kind (8 a node, 10 a link, 6 the meta, …).
    pub kind: u8,
    pub lsn: u64,
}

/// Where every intact message of the folder's log lies, in file order:
/// for locating damage, and for tests that damage a log on purpose.
pub fn extents(dir: &Path) -> Result<Vec<Extent>, String> {
    let segment = storage_parameters(dir)?;
    let db = std::fs::read(dir.join("db")).map_err(|e| format!("its log (db): {e}"))?;
    let mut out = Vec::new();
    scan_with(dir, &db, segment, &mut LogReport::default(), &mut |e, _| {
        out.push(e)
    });
    Ok(out)
}

/// Reads every intact record of the sled folder `dir` without sled.
pub fn read(dir: &Path) -> Result<LogImage, String> {
    let segment = storage_parameters(dir)?;
    let db = std::fs::read(dir.join("db")).map_err(|e| format!("its log (db): {e}"))?;
    let mut report = LogReport::default();
    let mut messages = scan(dir, &db, segment, &mut report);
    drop(db);
    messages.sort_by_key(|m| m.lsn);
    messages.dedup_by_key(|m| m.lsn);

    // Each page's current life: its messages after its latest `Free`.
    let mut freed: HashMap<u64, u64> = HashMap::new();
    for m in &messages {
        if m.kind == kind::FREE {
            freed.insert(m.pid, m.lsn);
        }
    }
    let alive = |m: &Message| freed.get(&m.pid).is_none_or(|&f| m.lsn > f);

    // The newest meta, and the newest node of every page.
    let mut roots = Vec::new();
    let mut newest: HashMap<u64, Node> = HashMap::new();
    for m in messages.iter().filter(|m| alive(m)) {
        match m.kind {
            kind::INLINE_META | kind::BLOB_META => {
                if let Some(trees) = meta(&m.body) {
                    roots = trees;
                }
            }
            kind::INLINE_NODE | kind::BLOB_NODE => {
                if let Some(n) = node(&m.body) {
                    newest.insert(m.pid, n);
                }
            }
            _ => {}
        }
    }
    let mut tree_of: HashMap<u64, Area> = HashMap::new();
    for (name, root) in &roots {
        let area = if name.as_slice() == DEFAULT_TREE {
            Area::Main
        } else if name.as_slice() == QUARANTINE_TREE {
            Area::Quarantine
        } else {
            continue;
        };
        let mut todo = vec![*root];
        let mut seen = HashSet::new();
        while let Some(pid) = todo.pop() {
            if !seen.insert(pid) || tree_of.contains_key(&pid) {
                continue;
            }
            tree_of.insert(pid, area);
            if let Some(n) = newest.get(&pid) {
                if n.next() != 0 {
                    todo.push(n.next());
                }
                if let Node::Index { children, .. } = n {
                    todo.extend(children);
                }
            }
        }
    }
    let mut unplaced = HashSet::new();

    // Replay, in LSN order; a link's key is completed with the prefix of
    // its page's node at the time.
    let mut image = LogImage::default();
    let mut prefix_of: HashMap<u64, Vec<u8>> = HashMap::new();
    for m in messages.iter().filter(|m| alive(m)) {
        let change = match m.kind {
            kind::INLINE_NODE | kind::BLOB_NODE => {
                let Some(n) = node(&m.body) else { continue };
                prefix_of.insert(m.pid, n.prefix().to_vec());
                match n {
                    Node::Leaf {
                        lo, hi, entries, ..
                    } => Change::Range { lo, hi, entries },
                    Node::Index { .. } => continue,
                }
            }
            kind::INLINE_LINK | kind::BLOB_LINK => {
                let Some(prefix) = prefix_of.get(&m.pid) else {
                    continue;
                };
                let mut buf = m.body.as_slice();
                let full = |k: &[u8]| {
                    let mut key = prefix.clone();
                    key.extend_from_slice(k);
                    key
                };
                match byte(&mut buf) {
                    Some(0) => {
                        let (Some(k), Some(v)) = (bytes(&mut buf), bytes(&mut buf)) else {
                            continue;
                        };
                        Change::Set(full(k), v.to_vec())
                    }
                    Some(1) => {
                        let Some(k) = bytes(&mut buf) else { continue };
                        Change::Del(full(k))
                    }
                    _ => continue,
                }
            }
            kind::CANCELED
            | kind::CAP
            | kind::BATCH_MANIFEST
            | kind::FREE
            | kind::COUNTER
            | kind::INLINE_META
            | kind::BLOB_META => continue,
            _ => continue,
        };
        let area = match tree_of.get(&m.pid) {
            Some(a) => *a,
            None => {
                unplaced.insert(m.pid);
                Area::Main
            }
        };
        match area {
            Area::Main => apply(&mut image.main, change),
            Area::Quarantine => apply(&mut image.quarantine, change),
        }
    }
    report.unplaced_pages = unplaced.len() as u64;
    image.report = report;
    Ok(image)
}

/// A store read from its log: read-only, in memory.
pub struct LogBackend {
    image: LogImage,
    path: String,
    /// Why the store is read this way, as (where, why).
    notes: Vec<(String, String)>,
}

impl LogBackend {
    pub fn new(image: LogImage, path: &Path, notes: Vec<(String, String)>) -> LogBackend {
        LogBackend {
            image,
            path: path.display().to_string(),
            notes,
        }
    }

    pub fn report(&self) -> &LogReport {
        &self.image.report
    }

    fn area(&self, area: Area) -> &BTreeMap<Vec<u8>, Vec<u8>> {
        match area {
            Area::Main => &self.image.main,
            Area::Quarantine => &self.image.quarantine,
        }
    }

    fn read_only(&self) -> DbError {
        DbError::msg(format!(
            "{} is read from its log only; nothing is written to it",
            self.describe()
        ))
    }
}

struct NoLock;

impl LockGuard for NoLock {}

impl Backend for LogBackend {
    fn get(&self, area: Area, key: &[u8]) -> DbResult<Option<Vec<u8>>> {
        Ok(self.area(area).get(key).cloned())
    }

    fn page(
        &self,
        area: Area,
        start: &[u8],
        end: Option<&[u8]>,
        limit: usize,
    ) -> DbResult<Vec<(Vec<u8>, Vec<u8>)>> {
        let tree = self.area(area);
        let range: Box<dyn Iterator<Item = (&Vec<u8>, &Vec<u8>)>> = match end {
            Some(end) if start < end => Box::new(tree.range(start.to_vec()..end.to_vec())),
            Some(_) => Box::new(std::iter::empty()),
            None => Box::new(tree.range(start.to_vec()..)),
        };
        Ok(range
            .take(limit)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect())
    }

    fn count(&self, area: Area, prefix: &[u8]) -> DbResult<u64> {
        Ok(self
            .area(area)
            .range(prefix.to_vec()..)
            .take_while(|(k, _)| k.starts_with(prefix))
            .count() as u64)
    }

    fn apply(&self, _: &KvBatch) -> DbResult<()> {
        Err(self.read_only())
    }

    fn lock(&self, _: &[u8]) -> DbResult<Box<dyn LockGuard>> {
        // Nothing changes, so there is nothing to exclude.
        Ok(Box::new(NoLock))
    }

    fn version(&self, _: &[u8]) -> DbResult<u64> {
        Ok(0)
    }

    fn claim(
        &self,
        _: std::ops::Range<&[u8]>,
        _: Option<&FieldIn>,
        _: i64,
        _: i64,
        _: usize,
    ) -> DbResult<Vec<Vec<u8>>> {
        Err(self.read_only())
    }

    fn flush(&self) -> DbResult<()> {
        Ok(())
    }

    fn describe(&self) -> String {
        format!("sled:{}", self.path)
    }

    fn damage(&self) -> Vec<(String, String)> {
        let r = &self.image.report;
        let mut out = self.notes.clone();
        for s in &r.damaged {
            out.push((
                format!("db@{}", s.offset),
                format!(
                    "{} bytes of the log fail their checksums; every intact record before \
                     and after them was read",
                    s.len
                ),
            ));
        }
        if r.lost_blobs > 0 {
            out.push((
                "blobs…".into(),
                format!(
                    "{} blob files are missing or fail their checksums",
                    r.lost_blobs
                ),
            ));
        }
        if r.unplaced_pages > 0 {
            out.push((
                "db…".into(),
                format!(
                    "{} pages of the log could not be placed in a tree (an index page is \
                     damaged); their records were read as the main area's",
                    r.unplaced_pages
                ),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests;
