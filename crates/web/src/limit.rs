//! Bounds on what clients may hold: connections per address and in all,
//! and how long a client may leave what is written to it unread.
//!
//! [`Guarded`] is the listener the server accepts through. A connection
//! beyond the limits is answered `503` at once and closed; every accepted
//! one holds a slot until it closes. A connection whose writes have been
//! stuck for [`Limits::stall`] (a client that stopped reading its live
//! stream) is closed; until then a slow client holds at most its
//! socket's buffers and one pending event, never a growing queue
//! (`live.rs`, [`crate::WRITE_BUFFER`]). A connection must finish
//! a request's headers within [`Limits::header`] of starting it (nothing
//! sent, half a header, a byte every few seconds), may sit with nothing
//! read or written for at most [`Limits::idle`], and lives at most
//! [`Limits::lifetime`] (a live page reconnects by itself). The number of
//! connections in all stays below the process's limit of open files,
//! read at start-up, so a flood can never leave the store or the chats
//! without a file to open.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The limits a server enforces.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Open connections from one address.
    pub per_address: usize,
    /// Open connections in all.
    pub total: usize,
    /// How long a write may wait for the client to read.
    pub stall: Duration,
    /// How long a client may take to send a request's headers, from its
    /// first byte (or from connecting).
    pub header: Duration,
    /// How long a connection may read and write nothing (a live stream
    /// writes a keep-alive every 15 s).
    pub idle: Duration,
    /// How long a connection may last in all.
    pub lifetime: Duration,
    /// How long a costly drawing (a replay, a chart, a start picture, a
    /// board of a long game) may wait for its address's turn and a place
    /// in the pool of heavy jobs before it is answered `503` (`draw.rs`).
    pub draw_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_address: 64,
            total: 20_000,
            stall: Duration::from_secs(30),
            header: Duration::from_secs(10),
            idle: Duration::from_secs(120),
            lifetime: Duration::from_secs(3_600),
            draw_wait: Duration::from_secs(2),
        }
    }
}

/// Files kept for everything but web connections (the store, the chats'
/// connections, logs, pictures).
pub const FILES_KEPT: usize = 256;

/// The most connections this process can hold open: its limit of open
/// files (the soft `RLIMIT_NOFILE`, read now) less [`FILES_KEPT`].
#[must_use]
pub fn connection_cap() -> usize {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit into the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut r) } == 0;
    if !ok || r.rlim_cur == libc::RLIM_INFINITY {
        return usize::MAX;
    }
    usize::try_from(r.rlim_cur)
        .unwrap_or(usize::MAX)
        .saturating_sub(FILES_KEPT)
        .max(16)
}

#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
    /// Refusals since the last log line about them.
    refused: u64,
    /// When that line was written.
    logged: Option<std::time::Instant>,
}

/// A connection's place in the counts, given back when it closes.
struct Slot {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        c.total -= 1;
        if let Some(n) = c.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.ip);
            }
        }
    }
}

/// A TCP listener that enforces [`Limits`].
pub struct Guarded {
    inner: TcpListener,
    limits: Limits,
    counts: Arc<Mutex<Counts>>,
}

impl Guarded {
    /// The listener, with [`Limits::total`] lowered to what the process's
    /// limit of open files allows ([`connection_cap`]).
    #[must_use]
    pub fn new(inner: TcpListener, mut limits: Limits) -> Guarded {
        let cap = connection_cap();
        if cap < limits.total {
            tracing::info!(
                connections = cap,
                "web: at most {cap} connections at once (the limit of open files less {FILES_KEPT})"
            );
            limits.total = cap;
        }
        Guarded {
            inner,
            limits,
            counts: Arc::default(),
        }
    }

    fn admit(&self, ip: IpAddr) -> Option<Slot> {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let here = c.by_address.get(&ip).copied().unwrap_or(0);
        if c.total >= self.limits.total {
            // A clear line for the operator, at most one a minute.
            c.refused += 1;
            let now = std::time::Instant::now();
            if c.logged
                .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(60))
            {
                tracing::warn!(
                    open = c.total,
                    refused = c.refused,
                    "web: refusing connections: {} open, the most this process allows",
                    c.total
                );
                c.logged = Some(now);
                c.refused = 0;
            }
            return None;
        }
        if here >= self.limits.per_address {
            return None;
        }
        c.total += 1;
        *c.by_address.entry(ip).or_insert(0) += 1;
        Some(Slot {
            counts: self.counts.clone(),
            ip,
        })
    }
}

/// The kernel's send buffer per connection, in bytes (it doubles it for
/// its own book-keeping).
pub const SEND_BUFFER: usize = 64 * 1024;

const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 22\r\nretry-after: 5\r\nconnection: close\r\n\r\nToo many connections.\n";

/// Answers `503` and closes gently (reading what the client sent, for at
/// most a second, so the close is no reset that would lose the answer).
async fn refuse(mut stream: TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(REFUSED).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), io::Error>(())
    })
    .await;
}

impl axum::serve::Listener for Guarded {
    type Io = Counted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Counted, SocketAddr) {
        loop {
            let (stream, addr) = match self.inner.accept().await {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors and the like: wait, then go on.
                    tracing::warn!(error = %e, "web: cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let Some(slot) = self.admit(addr.ip()) else {
                tokio::spawn(refuse(stream));
                continue;
            };
            let _ = stream.set_nodelay(true);
            // A fixed send buffer: what a client that stops reading can
            // make the kernel hold for it is bounded too (autotuning
            // would grow it to megabytes).
            let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
            let now = tokio::time::Instant::now();
            return (
                Counted {
                    stream,
                    _slot: slot,
                    stall: self.limits.stall,
                    stuck: None,
                    limits: self.limits,
                    born: now,
                    last: now,
                    header_by: Some(now + self.limits.header),
                    tail: [0; 3],
                    answered: false,
                    deadline: Box::pin(tokio::time::sleep_until(now + self.limits.header)),
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// An accepted connection: its slot, the deadline of a stuck write, and
/// the clocks of its header, idle and lifetime limits.
pub struct Counted {
    stream: TcpStream,
    _slot: Slot,
    stall: Duration,
    stuck: Option<Pin<Box<tokio::time::Sleep>>>,
    limits: Limits,
    born: tokio::time::Instant,
    /// When something was last read or written.
    last: tokio::time::Instant,
    /// While a request's headers are coming: when they must be in.
    header_by: Option<tokio::time::Instant>,
    /// The last bytes read, to find the blank line that ends headers
    /// across reads.
    tail: [u8; 3],
    /// Something was written since the last request began.
    answered: bool,
    /// The earliest of the limits above, armed while a read waits.
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl Counted {
    /// The time the connection must be closed by, as things stand.
    fn due(&self) -> tokio::time::Instant {
        let mut due = (self.last + self.limits.idle).min(self.born + self.limits.lifetime);
        if let Some(h) = self.header_by {
            due = due.min(h);
        }
        due
    }

    /// Bytes `read` arrived: a new request's headers start their clock,
    /// and the blank line that ends them stops it.
    fn arrived(&mut self, read: &[u8]) {
        if read.is_empty() {
            return;
        }
        let now = tokio::time::Instant::now();
        self.last = now;
        if self.answered {
            self.answered = false;
            self.tail = [0; 3];
            self.header_by = Some(now + self.limits.header);
        }
        if self.header_by.is_some() {
            let mut window: Vec<u8> = self.tail.to_vec();
            window.extend_from_slice(read);
            if window.windows(4).any(|w| w == b"\r\n\r\n") {
                self.header_by = None;
            }
            let n = window.len();
            self.tail.copy_from_slice(&window[n - 3..]);
        }
    }

    /// Something was written.
    fn wrote(&mut self) {
        self.last = tokio::time::Instant::now();
        self.answered = true;
        self.stuck = None;
    }

    /// A write is pending: start (or check) the deadline. Ready with an
    /// error once it has passed.
    fn check_stuck(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let stall = self.stall;
        let sleep = self
            .stuck
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(stall)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

use std::future::Future;

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                self.arrived(&buf.filled()[before..]);
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                let due = self.due();
                if self.deadline.deadline() != due {
                    self.deadline.as_mut().reset(due);
                }
                match self.deadline.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        let why = if self.header_by.is_some_and(|h| h <= due) {
                            "the request's headers took too long"
                        } else if due >= self.born + self.limits.lifetime {
                            "the connection lasted its longest"
                        } else {
                            "the connection was idle"
                        };
                        Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, why)))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Pending => self.check_stuck(cx),
            done => {
                self.wrote();
                done
            }
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write_vectored(cx, bufs) {
            Poll::Pending => self.check_stuck(cx),
            done => {
                self.wrote();
                done
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.stream).poll_flush(cx) {
            Poll::Pending => self.check_stuck(cx).map_ok(|_| ()),
            done => {
                self.stuck = None;
                done
            }
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
