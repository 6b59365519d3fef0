//! Bounds on what clients may hold: connections per address and in all,
//! and how long a client may leave what is written to it unread.
//!
//! [`Guarded`] is the listener the server accepts through. A connection
//! beyond the limits is answered `503` at once and closed; every accepted
//! one holds a slot until it closes. A connection whose writes have been
//! stuck for [`Limits::stall`] (a client that stopped reading its live
//! stream) is closed, so a slow client holds at most its socket's buffers
//! and one pending event, never a growing queue.

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
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_address: 64,
            total: 20_000,
            stall: Duration::from_secs(30),
        }
    }
}

#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
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
    #[must_use]
    pub fn new(inner: TcpListener, limits: Limits) -> Guarded {
        Guarded {
            inner,
            limits,
            counts: Arc::default(),
        }
    }

    fn admit(&self, ip: IpAddr) -> Option<Slot> {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let here = c.by_address.get(&ip).copied().unwrap_or(0);
        if here >= self.limits.per_address || c.total >= self.limits.total {
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
            return (
                Counted {
                    stream,
                    _slot: slot,
                    stall: self.limits.stall,
                    stuck: None,
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// An accepted connection: its slot, and the deadline of a stuck write.
pub struct Counted {
    stream: TcpStream,
    _slot: Slot,
    stall: Duration,
    stuck: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Counted {
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
        Pin::new(&mut self.stream).poll_read(cx, buf)
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
                self.stuck = None;
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
                self.stuck = None;
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
