//! Sending: the Bot API behind the [`Api`] trait, and one outbox per chat
//! that sends its posts in order, retrying what failed for a passing
//! reason.
//!
//! The app has stored every change before a post is made, so a post that
//! cannot be delivered loses no move: it waits in its chat's outbox, tried
//! again with a growing pause, and at once when the chat's next message
//! arrives ([`Outbox::wake`]); `/board` shows the position again at any
//! time.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use teloxide::types::{ChatId, InlineKeyboardMarkup, MessageId};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

use crate::outbound::Post;

/// Why a request failed, as far as retrying goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// Flood control: try again after this long.
    RetryAfter(Duration),
    /// The network or the server failed; the same request may succeed
    /// later.
    Transient(String),
    /// Telegram refused the request; sending it again will not help.
    Permanent(String),
}

/// The Bot API requests the adapter makes besides receiving updates.
pub trait Api: Send + Sync + 'static {
    /// Sends an HTML text message.
    fn send_text(
        &self,
        chat: ChatId,
        html: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<MessageId, SendError>> + Send;
    /// Sends a PNG photo with an HTML caption (none if empty).
    fn send_photo(
        &self,
        chat: ChatId,
        png: Vec<u8>,
        caption: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<MessageId, SendError>> + Send;
    /// Replaces a message's keyboard; `None` removes it.
    fn set_keyboard(
        &self,
        chat: ChatId,
        message: MessageId,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
    /// Answers a button press: silently, or with a notice or an alert.
    fn answer(
        &self,
        query: String,
        text: Option<String>,
        alert: bool,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// How failed requests are retried.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    /// The pause after the first failure; it doubles up to `max_pause`.
    pub first_pause: Duration,
    pub max_pause: Duration,
    /// A post still failing after this long is dropped (and logged).
    pub give_up: Duration,
}

impl Default for Retry {
    fn default() -> Retry {
        Retry {
            first_pause: Duration::from_secs(1),
            max_pause: Duration::from_secs(60),
            give_up: Duration::from_secs(3600),
        }
    }
}

/// Runs `request` until it succeeds, fails for good, or `retry.give_up`
/// passes. `wake` cuts a pause short.
pub async fn with_retries<T, F, Fut>(
    what: &str,
    retry: Retry,
    wake: Option<&Notify>,
    mut request: F,
) -> Result<T, SendError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, SendError>>,
{
    let start = Instant::now();
    let mut pause = retry.first_pause;
    loop {
        let wait = match request().await {
            Ok(x) => return Ok(x),
            Err(SendError::RetryAfter(d)) => d,
            Err(SendError::Transient(why)) => {
                if start.elapsed() >= retry.give_up {
                    return Err(SendError::Transient(why));
                }
                tracing::warn!("{what} failed ({why}); trying again in {pause:?}");
                let p = pause;
                pause = (pause * 2).min(retry.max_pause);
                p
            }
            Err(e) => return Err(e),
        };
        match wake {
            Some(w) => {
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = w.notified() => {}
                }
            }
            None => tokio::time::sleep(wait).await,
        }
    }
}

/// One thing for a chat's outbox to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    Post(Post),
    /// Remove a message's keyboard (the board a move was pressed on).
    Clear(MessageId),
    /// The games still being played in the chat: the boards of the others
    /// (resigned, drawn, timed out) lose their keyboards.
    Sweep(Vec<u64>),
}

struct Chat {
    jobs: mpsc::UnboundedSender<Job>,
    wake: Arc<Notify>,
}

/// Every chat's outbox. Each chat has a task sending its jobs in order.
pub struct Outbox<A: Api> {
    api: Arc<A>,
    retry: Retry,
    chats: Mutex<HashMap<ChatId, Chat>>,
}

impl<A: Api> Outbox<A> {
    #[must_use]
    pub fn new(api: Arc<A>, retry: Retry) -> Outbox<A> {
        Outbox {
            api,
            retry,
            chats: Mutex::new(HashMap::new()),
        }
    }

    /// Queues jobs for a chat.
    pub fn push(&self, chat: ChatId, jobs: impl IntoIterator<Item = Job>) {
        let mut chats = self.chats.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = chats.entry(chat).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            let wake = Arc::new(Notify::new());
            tokio::spawn(worker(self.api.clone(), self.retry, chat, rx, wake.clone()));
            Chat { jobs: tx, wake }
        });
        for j in jobs {
            // The worker only ends with the runtime.
            let _ = entry.jobs.send(j);
        }
    }

    /// Retries a chat's waiting post now: someone there just wrote.
    pub fn wake(&self, chat: ChatId) {
        let chats = self.chats.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(c) = chats.get(&chat) {
            c.wake.notify_one();
        }
    }
}

/// Sends one chat's jobs in order. It remembers the last board of each
/// game that has a keyboard, to remove it when the next board comes.
async fn worker<A: Api>(
    api: Arc<A>,
    retry: Retry,
    chat: ChatId,
    mut jobs: mpsc::UnboundedReceiver<Job>,
    wake: Arc<Notify>,
) {
    let mut boards: HashMap<u64, MessageId> = HashMap::new();
    while let Some(job) = jobs.recv().await {
        match job {
            Job::Clear(m) => {
                boards.retain(|_, b| *b != m);
                clear(&*api, retry, chat, m, &wake).await;
            }
            Job::Sweep(ongoing) => {
                let over: Vec<u64> = boards
                    .keys()
                    .copied()
                    .filter(|g| !ongoing.contains(g))
                    .collect();
                for g in over {
                    if let Some(m) = boards.remove(&g) {
                        clear(&*api, retry, chat, m, &wake).await;
                    }
                }
            }
            Job::Post(post) => {
                if let Some(old) = post.board.and_then(|g| boards.remove(&g)) {
                    clear(&*api, retry, chat, old, &wake).await;
                }
                let sent = send(&*api, retry, chat, &post, &wake).await;
                if let (Some(m), Some(g), Some(_)) = (sent, post.board, &post.keyboard) {
                    boards.insert(g, m);
                }
            }
        }
    }
}

async fn clear<A: Api>(api: &A, retry: Retry, chat: ChatId, m: MessageId, wake: &Notify) {
    // A board whose keyboard is already gone is refused: nothing to do.
    if let Err(e) = with_retries("removing a keyboard", retry, Some(wake), || {
        api.set_keyboard(chat, m, None)
    })
    .await
    {
        tracing::warn!(
            "keyboard of message {} in chat {} stays: {e:?}",
            m.0,
            chat.0
        );
    }
}

/// Sends a post; a photo Telegram refuses is sent as text instead.
async fn send<A: Api>(
    api: &A,
    retry: Retry,
    chat: ChatId,
    post: &Post,
    wake: &Notify,
) -> Option<MessageId> {
    let res = match &post.photo {
        Some(png) => {
            let photo = with_retries("sending a board", retry, Some(wake), || {
                api.send_photo(chat, png.clone(), &post.html, post.keyboard.clone())
            })
            .await;
            match photo {
                Err(SendError::Permanent(why)) => {
                    tracing::warn!("a board photo was refused ({why}); sending text");
                    let html = if post.html.is_empty() {
                        "…"
                    } else {
                        &post.html
                    };
                    with_retries("sending a message", retry, Some(wake), || {
                        api.send_text(chat, html, post.keyboard.clone())
                    })
                    .await
                }
                other => other,
            }
        }
        None => {
            with_retries("sending a message", retry, Some(wake), || {
                api.send_text(chat, &post.html, post.keyboard.clone())
            })
            .await
        }
    };
    match res {
        Ok(m) => Some(m),
        Err(e) => {
            tracing::error!("a message to chat {} was dropped: {e:?}", chat.0);
            None
        }
    }
}

#[cfg(test)]
pub(crate) mod fake {
    //! An [`Api`] that records requests and fails on demand.

    use std::collections::VecDeque;

    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    pub enum Call {
        Text(i64, String, bool),
        Photo(i64, String, bool),
        Keyboard(i64, i32, bool),
        Answer(String, Option<String>, bool),
    }

    #[derive(Default)]
    pub struct FakeApi {
        pub calls: Mutex<Vec<Call>>,
        /// Failures to return, one per request, before succeeding.
        pub failures: Mutex<VecDeque<SendError>>,
        pub next_id: Mutex<i32>,
    }

    impl FakeApi {
        fn record(&self, call: Call) -> Result<MessageId, SendError> {
            if let Some(e) = self.failures.lock().unwrap().pop_front() {
                return Err(e);
            }
            self.calls.lock().unwrap().push(call);
            let mut id = self.next_id.lock().unwrap();
            *id += 1;
            Ok(MessageId(*id))
        }

        pub fn calls(&self) -> Vec<Call> {
            self.calls.lock().unwrap().clone()
        }
    }

    impl Api for FakeApi {
        async fn send_text(
            &self,
            chat: ChatId,
            html: &str,
            keyboard: Option<InlineKeyboardMarkup>,
        ) -> Result<MessageId, SendError> {
            self.record(Call::Text(chat.0, html.into(), keyboard.is_some()))
        }

        async fn send_photo(
            &self,
            chat: ChatId,
            _png: Vec<u8>,
            caption: &str,
            keyboard: Option<InlineKeyboardMarkup>,
        ) -> Result<MessageId, SendError> {
            self.record(Call::Photo(chat.0, caption.into(), keyboard.is_some()))
        }

        async fn set_keyboard(
            &self,
            chat: ChatId,
            message: MessageId,
            keyboard: Option<InlineKeyboardMarkup>,
        ) -> Result<(), SendError> {
            self.record(Call::Keyboard(chat.0, message.0, keyboard.is_some()))
                .map(drop)
        }

        async fn answer(
            &self,
            query: String,
            text: Option<String>,
            alert: bool,
        ) -> Result<(), SendError> {
            self.record(Call::Answer(query, text, alert)).map(drop)
        }
    }
}

#[cfg(test)]
mod tests {
    use teloxide::types::InlineKeyboardButton;

    use super::fake::{Call, FakeApi};
    use super::*;

    fn quick() -> Retry {
        Retry {
            first_pause: Duration::from_millis(1),
            max_pause: Duration::from_millis(4),
            give_up: Duration::from_millis(200),
        }
    }

    fn text(s: &str) -> Job {
        Job::Post(Post {
            photo: None,
            html: s.into(),
            keyboard: None,
            board: None,
        })
    }

    fn board(game: u64, caption: &str) -> Job {
        Job::Post(Post {
            photo: Some(vec![0]),
            html: caption.into(),
            keyboard: Some(InlineKeyboardMarkup::new([[
                InlineKeyboardButton::callback("a2", "p:1:0:0:a2"),
            ]])),
            board: Some(game),
        })
    }

    async fn settle(api: &FakeApi, n: usize) -> Vec<Call> {
        for _ in 0..500 {
            if api.calls().len() >= n {
                break;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        api.calls()
    }

    #[tokio::test]
    async fn posts_go_out_in_order_through_failures() {
        let api = Arc::new(FakeApi::default());
        api.failures.lock().unwrap().extend([
            SendError::Transient("connection reset".into()),
            SendError::RetryAfter(Duration::from_millis(3)),
            SendError::Transient("timeout".into()),
        ]);
        let out = Outbox::new(api.clone(), quick());
        out.push(ChatId(-5), [text("one"), text("two")]);
        out.push(ChatId(-5), [text("three")]);
        let calls = settle(&api, 3).await;
        assert_eq!(
            calls,
            [
                Call::Text(-5, "one".into(), false),
                Call::Text(-5, "two".into(), false),
                Call::Text(-5, "three".into(), false),
            ]
        );
    }

    #[tokio::test]
    async fn a_new_board_removes_the_last_keyboard() {
        let api = Arc::new(FakeApi::default());
        let out = Outbox::new(api.clone(), quick());
        out.push(
            ChatId(1),
            [
                board(3, "first"),
                board(4, "other game"),
                board(3, "second"),
            ],
        );
        out.push(ChatId(1), [Job::Clear(MessageId(4)), board(3, "third")]);
        out.push(ChatId(1), [Job::Sweep(vec![3, 4])]);
        let calls = settle(&api, 6).await;
        assert_eq!(
            calls,
            [
                Call::Photo(1, "first".into(), true),
                Call::Photo(1, "other game".into(), true),
                Call::Keyboard(1, 1, false),
                Call::Photo(1, "second".into(), true),
                // Message 4 (the second board of game 3) was pressed.
                Call::Keyboard(1, 4, false),
                Call::Photo(1, "third".into(), true),
            ]
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(
            api.calls().len(),
            6,
            "the pressed board is not cleared twice"
        );
        out.push(ChatId(1), [Job::Sweep(vec![])]);
        let calls = settle(&api, 8).await;
        // Game 3's board (message 6) and game 4's (message 2) are over.
        let mut swept = calls[6..].to_vec();
        swept.sort_by_key(|c| format!("{c:?}"));
        assert_eq!(
            swept,
            [Call::Keyboard(1, 2, false), Call::Keyboard(1, 6, false)]
        );
    }

    #[tokio::test]
    async fn refused_photos_become_text_and_hopeless_posts_are_dropped() {
        let api = Arc::new(FakeApi::default());
        api.failures
            .lock()
            .unwrap()
            .push_back(SendError::Permanent("PHOTO_INVALID_DIMENSIONS".into()));
        let out = Outbox::new(api.clone(), quick());
        out.push(ChatId(2), [board(1, "caption")]);
        let calls = settle(&api, 1).await;
        assert_eq!(calls, [Call::Text(2, "caption".into(), true)]);
        api.failures.lock().unwrap().extend(std::iter::repeat_n(
            SendError::Transient("down".into()),
            10_000,
        ));
        out.push(ChatId(2), [text("lost")]);
        tokio::time::sleep(Duration::from_millis(400)).await;
        api.failures.lock().unwrap().clear();
        out.push(ChatId(2), [text("after")]);
        let calls = settle(&api, 2).await;
        assert_eq!(calls[1], Call::Text(2, "after".into(), false));
    }

    #[tokio::test]
    async fn waking_retries_at_once() {
        let api = Arc::new(FakeApi::default());
        api.failures
            .lock()
            .unwrap()
            .push_back(SendError::Transient("down".into()));
        let slow = Retry {
            first_pause: Duration::from_secs(30),
            ..Retry::default()
        };
        let out = Outbox::new(api.clone(), slow);
        out.push(ChatId(3), [text("late")]);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(api.calls().is_empty());
        out.wake(ChatId(3));
        let calls = settle(&api, 1).await;
        assert_eq!(calls, [Call::Text(3, "late".into(), false)]);
    }
}
