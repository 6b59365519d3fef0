//! Delivery, written once for every chat front-end.
//!
//! The app has stored every change before a front-end posts its reply, so
//! delivery can never lose a move: at worst a message is late. This crate
//! holds what both Telegram and Discord need to send well:
//!
//! - [`Outbox`]: one ordered queue per chat, bounded in length, with a task
//!   that exists only while the chat has something to send (so idle chats
//!   cost nothing). Requests that fail for a passing reason are retried with
//!   a growing pause ([`with_retries`]); a refused request is dropped (after
//!   the transport's fallback, if it has one); a chat that is gone (the bot
//!   was removed, the user blocked it, the chat was deleted) is set aside:
//!   its queue is dropped, it is logged once, and nothing more is sent to it
//!   until it writes again ([`Outbox::wake`]) or an hour passes. One dead or
//!   slow chat never holds up another.
//! - [`Boards`]: the newest board message of each game, so that posting a
//!   new board retires the controls of the previous one (and a late board
//!   of an earlier position is retired at once); bounded, forgetting the
//!   least recently used games first.
//! - [`chunk`]: cutting a reply's rendered pieces into messages under the
//!   platform's limit, between pieces and at line ends, never inside a
//!   mention or a tag.
//! - [`Recent`]: a bounded map for what a front-end learns as it goes.
//! - [`Mailbox`] and [`pump`]: the one way a notice (a reminder, a timeout,
//!   the bot's move) reaches a front-end: a bounded mailbox per platform
//!   that the app posts to and the front-end's one pump empties, ending
//!   when the mailbox closes with the process.
//!
//! A front-end implements [`Transport`] (how to send one post, how to
//! retire a board's controls) and pushes [`Job`]s.

mod boards;
pub mod chunk;
mod mailbox;
mod outbox;
mod recent;
mod retry;

pub use boards::{Boards, Newest};
pub use mailbox::{MAILBOX_CAPACITY, Mailbox, pump};
pub use outbox::{Job, Outbox, Settings, Transport};
pub use recent::Recent;
pub use retry::{Retry, SendError, with_retries};
