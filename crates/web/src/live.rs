//! A live stream's body (Server-Sent Events), built so that what a
//! client that stops reading can make the server hold is fixed.
//!
//! A feed's newest state is encoded once, as an [`Update`] whose bytes
//! every stream of the feed shares (`Bytes` is reference-counted: a
//! thousand streams of a game hold one copy of its state). A stream's
//! body hands hyper a frame only when hyper asks for one, and hyper asks
//! only while its write buffer for the connection holds less than
//! [`crate::WRITE_BUFFER`] (`http1::Builder::max_buf_size`): a stream
//! whose client does not read has at most the frame it is writing
//! waiting, and the feed's `watch` channel keeps only the newest state,
//! which replaces any the stream never got to. An update equal to the
//! last one a stream sent is not sent again, and a game's state carries
//! no text that changes with time (the page counts the clock down from
//! `data-deadline`), so a stream sends nothing while nothing changes but
//! a comment every [`KEEP_ALIVE`].

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use http_body::{Body, Frame};
use tokio::sync::watch;

/// How long a stream may send nothing before a comment keeps proxies
/// from closing it.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The first frame of every stream: reconnect a second after a drop (or
/// a restart). A field with no data dispatches no event.
const RETRY: &[u8] = b"retry: 1000\n\n";

/// A comment, which the page ignores.
const COMMENT: &[u8] = b":\n\n";

/// A feed's newest state, encoded once for every stream that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    /// The event's bytes, or for a stamped one what follows the stamp.
    shared: Bytes,
    /// Whether each stream writes the event's head itself, stamped with
    /// the time it is sent (`{"now":MS`), so the page's clock is set from
    /// a fresh time however old the state is.
    stamped: bool,
}

impl Update {
    /// An event named `name` whose data is the JSON text `json`, sent as
    /// it is.
    #[must_use]
    pub fn plain(name: &str, json: &str) -> Update {
        let mut out = String::with_capacity(json.len() + name.len() + 16);
        out.push_str("event: ");
        out.push_str(name);
        out.push('\n');
        push_data(&mut out, json);
        out.push('\n');
        Update {
            shared: Bytes::from(out.into_bytes()),
            stamped: false,
        }
    }

    /// The JSON object `object` without its `now` member, which each
    /// stream writes itself as the time it sends the event; `None` when
    /// `object` is no JSON object.
    #[must_use]
    pub fn stamped(object: &str) -> Option<Update> {
        let mut map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(object).ok()?;
        map.remove("now");
        let rest = serde_json::Value::Object(map).to_string();
        // `{"now":MS` is the stream's; then `,"a":…}` or just `}`.
        let mut out = String::with_capacity(rest.len() + 2);
        match rest.strip_prefix('{') {
            Some("}") | None => out.push('}'),
            Some(members) => {
                out.push(',');
                out.push_str(members);
            }
        }
        out.push_str("\n\n");
        // Compact JSON has no line breaks, so the data stays one line.
        if out.trim_end_matches('\n').contains(['\n', '\r']) {
            return None;
        }
        Some(Update {
            shared: Bytes::from(out.into_bytes()),
            stamped: true,
        })
    }

    /// The bytes every stream shares.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shared.len()
    }

    /// Whether there are none (never, for an update made here).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shared.is_empty()
    }
}

/// `text` as `data:` lines (one per line of it).
fn push_data(out: &mut String, text: &str) {
    for line in text.split(['\n', '\r']) {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
}

/// The body of one live stream of a feed.
pub struct LiveBody {
    /// The feed's states, each newest when polled.
    updates: BoxStream<'static, Update>,
    /// The events' name, for stamped heads.
    name: &'static str,
    /// What is left of an event whose head was sent.
    rest: Option<Bytes>,
    /// The shared part of the last event sent.
    last: Option<Bytes>,
    /// Whether the retry field is still to be sent.
    retry: bool,
    /// When a comment is due, nothing else having been sent.
    quiet: Pin<Box<tokio::time::Sleep>>,
}

impl LiveBody {
    /// A stream of `rx`'s states as events named `name`, beginning with
    /// the state it holds if that is marked unread.
    #[must_use]
    pub fn new(rx: watch::Receiver<Update>, name: &'static str) -> LiveBody {
        let updates = futures_util::stream::unfold(rx, |mut rx| async move {
            rx.changed().await.ok()?;
            let u = rx.borrow_and_update().clone();
            Some((u, rx))
        })
        .boxed();
        LiveBody {
            updates,
            name,
            rest: None,
            last: None,
            retry: true,
            quiet: Box::pin(tokio::time::sleep(KEEP_ALIVE)),
        }
    }

    fn sent(&mut self) {
        let next = tokio::time::Instant::now() + KEEP_ALIVE;
        self.quiet.as_mut().reset(next);
    }
}

/// Whether two shared states are the same bytes (the same buffer, or
/// equal ones).
fn same(a: &Bytes, b: &Bytes) -> bool {
    a.len() == b.len() && (a.as_ptr() == b.as_ptr() || a == b)
}

fn data(b: Bytes) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
    Poll::Ready(Some(Ok(Frame::data(b))))
}

impl Body for LiveBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if let Some(rest) = this.rest.take() {
            return data(rest);
        }
        if this.retry {
            this.retry = false;
            this.sent();
            return data(Bytes::from_static(RETRY));
        }
        loop {
            match this.updates.poll_next_unpin(cx) {
                Poll::Ready(Some(u)) => {
                    if this.last.as_ref().is_some_and(|l| same(l, &u.shared)) {
                        continue;
                    }
                    this.last = Some(u.shared.clone());
                    this.sent();
                    if !u.stamped {
                        return data(u.shared);
                    }
                    this.rest = Some(u.shared);
                    let head = format!(
                        "event: {}\ndata: {{\"now\":{}",
                        this.name,
                        crate::feed::app_now()
                    );
                    return data(Bytes::from(head.into_bytes()));
                }
                // The feed is gone (the server is stopping).
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Pending => break,
            }
        }
        if this.quiet.as_mut().poll(cx).is_ready() {
            this.sent();
            return data(Bytes::from_static(COMMENT));
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamped_state_leaves_its_time_to_each_stream() {
        let u = Update::stamped(r#"{"now":5,"plies":[1,2],"side":"<p>\n</p>"}"#).unwrap();
        let text = String::from_utf8(u.shared.to_vec()).unwrap();
        assert_eq!(text, ",\"plies\":[1,2],\"side\":\"<p>\\n</p>\"}\n\n");
        let whole = format!("{{\"now\":7{}", text.trim_end());
        let v: serde_json::Value = serde_json::from_str(&whole).unwrap();
        assert_eq!(v["now"], 7);
        assert_eq!(v["plies"][1], 2);
        // Only the time: the rest is equal.
        assert_eq!(
            Update::stamped(r#"{"now":9,"plies":[1,2],"side":"<p>\n</p>"}"#),
            Some(u)
        );
        let alone = Update::stamped(r#"{"now":1}"#).unwrap();
        assert_eq!(&alone.shared[..], b"}\n\n");
        assert_eq!(Update::stamped("[1]"), None);
        assert_eq!(Update::stamped("no json"), None);
    }

    #[test]
    fn a_plain_event_is_one_data_line_per_line() {
        let u = Update::plain("list", "{\"html\":1}");
        assert_eq!(&u.shared[..], b"event: list\ndata: {\"html\":1}\n\n");
        let u = Update::plain("list", "a\nb");
        assert_eq!(&u.shared[..], b"event: list\ndata: a\ndata: b\n\n");
    }

    async fn frame(body: &mut LiveBody) -> Option<Bytes> {
        let f = std::future::poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx));
        tokio::time::timeout(Duration::from_millis(200), f)
            .await
            .ok()??
            .ok()?
            .into_data()
            .ok()
    }

    #[tokio::test]
    async fn a_stream_sends_the_newest_state_once_and_skips_what_it_already_sent() {
        let a = Update::stamped(r#"{"now":1,"x":1}"#).unwrap();
        let b = Update::stamped(r#"{"now":2,"x":2}"#).unwrap();
        let (tx, mut rx) = watch::channel(a.clone());
        rx.mark_changed();
        let mut body = LiveBody::new(rx, "state");
        assert_eq!(frame(&mut body).await.unwrap(), RETRY);
        let head = frame(&mut body).await.unwrap();
        assert!(
            head.starts_with(b"event: state\ndata: {\"now\":"),
            "{head:?}"
        );
        assert_eq!(frame(&mut body).await.unwrap(), a.shared);
        // Nothing new: nothing sent.
        assert_eq!(frame(&mut body).await, None);
        // Two states while the stream was not polled: only the newest.
        tx.send(b.clone()).unwrap();
        tx.send(Update::stamped(r#"{"now":3,"x":3}"#).unwrap())
            .unwrap();
        frame(&mut body).await.unwrap();
        assert_eq!(&frame(&mut body).await.unwrap()[..], b",\"x\":3}\n\n");
        // Back and forth while not polled: the same as sent, not sent.
        tx.send(b).unwrap();
        tx.send(Update::stamped(r#"{"now":4,"x":3}"#).unwrap())
            .unwrap();
        assert_eq!(frame(&mut body).await, None);
        drop(tx);
        assert_eq!(
            std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx))
                .await
                .map(|_| ()),
            None
        );
    }
}
