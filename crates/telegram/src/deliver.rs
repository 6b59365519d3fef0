//! Sending: the Bot API behind the [`Api`] trait, and [`Tg`], the
//! transport through which the shared outbox (`tablero-deliver`) sends to
//! Telegram: one ordered queue per chat, retries, chats that blocked or
//! removed the bot set aside, boards retired when a newer one is posted.
//!
//! The app has stored every change before a post is made, so a post that
//! cannot be delivered loses no move: it waits in its chat's outbox, tried
//! again with a growing pause, and at once when the chat's next message
//! arrives ([`Outbox::wake`]); `/board` shows the position again at any
//! time.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use tablero_app::{App, Attachment, Picture};
pub use tablero_deliver::{Newest, Retry, SendError, Settings, with_retries};
use teloxide::types::{ChatId, InlineKeyboardMarkup, MessageId};

use crate::incoming::channel;
use crate::outbound::Post;

/// Every chat's outbox.
pub type Outbox<A> = tablero_deliver::Outbox<Tg<A>>;
/// One thing for a chat's outbox to do.
pub type Job<A> = tablero_deliver::Job<Tg<A>>;

/// The Bot API requests the adapter makes besides receiving updates. A
/// request to a group that became a supergroup fails with
/// [`SendError::Moved`].
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
    /// Sends a file (a document, an animation or a PNG) with an HTML
    /// caption (none if empty).
    fn send_file(
        &self,
        chat: ChatId,
        file: &Attachment,
        caption: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<MessageId, SendError>> + Send;
    /// Sends pictures as one album (`sendMediaGroup`: 2 to 10 photos, each
    /// with its HTML caption), returning the first message's id.
    fn send_album(
        &self,
        chat: ChatId,
        album: &[Picture],
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
    /// Shows the bot as typing in `chat` (`sendChatAction`): Telegram
    /// shows it for five seconds or until the bot's next message arrives.
    fn typing(&self, chat: ChatId) -> impl Future<Output = Result<(), SendError>> + Send;
    /// Whether `user` administers group `chat` (asked only for the
    /// command that needs it, `web list on|off`); no by default.
    fn manages(
        &self,
        chat: ChatId,
        user: teloxide::types::UserId,
    ) -> impl Future<Output = bool> + Send {
        let _ = (chat, user);
        async { false }
    }
    /// Sends a PNG photo to `chat` (the operator's `media_chat`) only to
    /// have Telegram keep it: returns the photo's file id, which inline
    /// results and inline message edits can show.
    fn upload_photo(
        &self,
        chat: ChatId,
        png: Vec<u8>,
    ) -> impl Future<Output = Result<String, SendError>> + Send {
        let _ = (chat, png);
        async { Err(SendError::Permanent("no photo uploads here".into())) }
    }
    /// Answers an inline query with `results` (at most 50), personal to
    /// the user who typed it, and `button` above them.
    fn answer_inline(
        &self,
        query: String,
        results: Vec<teloxide::types::InlineQueryResult>,
        button: Option<teloxide::types::InlineQueryResultsButton>,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        let _ = (query, results, button);
        async { Err(SendError::Permanent("no inline mode here".into())) }
    }
    /// Replaces an inline message's photo, caption (HTML) and keyboard
    /// (`None` removes it). The photo must be one Telegram has or fetches:
    /// an inline message takes no upload.
    fn edit_inline(
        &self,
        message: String,
        photo: Shown,
        caption: String,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        let _ = (message, photo, caption, keyboard);
        async { Err(SendError::Permanent("no inline mode here".into())) }
    }
    /// Replaces an inline message's keyboard.
    fn edit_inline_keyboard(
        &self,
        message: String,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> impl Future<Output = Result<(), SendError>> + Send {
        let _ = (message, keyboard);
        async { Err(SendError::Permanent("no inline mode here".into())) }
    }
}

/// A picture Telegram already has or fetches itself, as an inline message
/// needs: an uploaded photo's file id, or an https address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    FileId(String),
    Url(url::Url),
}

/// What to do when Telegram says a chat moved to a new id: a task the
/// transport waits for before it sends to the new id.
pub type OnMoved = Arc<dyn Fn(ChatId, ChatId) -> tokio::task::JoinHandle<()> + Send + Sync>;

/// The outbox's transport: an [`Api`], the chats that moved, and the app
/// that keeps each game's newest board across restarts.
pub struct Tg<A: Api> {
    pub api: Arc<A>,
    moved: Mutex<HashMap<ChatId, ChatId>>,
    on_moved: OnMoved,
    app: Option<Arc<App>>,
}

impl<A: Api> Tg<A> {
    /// A transport over `api`; `on_moved(old, new)` runs (once per chat)
    /// when a send finds that a group became a supergroup; `app` keeps the
    /// newest boards (none: kept in memory only).
    #[must_use]
    pub fn new(api: Arc<A>, on_moved: OnMoved, app: Option<Arc<App>>) -> Tg<A> {
        Tg {
            api,
            moved: Mutex::new(HashMap::new()),
            on_moved,
            app,
        }
    }

    /// Where a chat's posts go now.
    fn target(&self, chat: ChatId) -> ChatId {
        let moved = self.moved.lock().unwrap_or_else(PoisonError::into_inner);
        moved.get(&chat).copied().unwrap_or(chat)
    }

    async fn send_to(&self, chat: ChatId, post: &Post) -> Result<MessageId, SendError> {
        if !post.album.is_empty() {
            return self.api.send_album(chat, &post.album).await;
        }
        if let Some(file) = &post.file {
            return self
                .api
                .send_file(chat, file, &post.html, post.keyboard.clone())
                .await;
        }
        match &post.photo {
            Some(png) => {
                self.api
                    .send_photo(chat, png.clone(), &post.html, post.keyboard.clone())
                    .await
            }
            None => {
                self.api
                    .send_text(chat, &post.html, post.keyboard.clone())
                    .await
            }
        }
    }
}

impl<A: Api> tablero_deliver::Transport for Tg<A> {
    type Chat = ChatId;
    type Message = MessageId;
    type Retired = ();
    type Post = Post;

    async fn send(&self, chat: &ChatId, post: &Post) -> Result<MessageId, SendError> {
        let to = self.target(*chat);
        match self.send_to(to, post).await {
            Err(SendError::Moved(new)) => {
                let new = ChatId(new);
                tracing::info!(old = chat.0, new = new.0, "the chat became a supergroup");
                self.moved
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(*chat, new);
                if let Err(e) = (self.on_moved)(*chat, new).await {
                    tracing::error!("moving a chat's games failed: {e}");
                }
                self.send_to(new, post).await
            }
            other => other,
        }
    }

    async fn typing(&self, chat: &ChatId) -> Result<(), SendError> {
        self.api.typing(self.target(*chat)).await
    }

    async fn retire(&self, chat: &ChatId, board: &Newest<MessageId, ()>) -> Result<(), SendError> {
        self.api
            .set_keyboard(self.target(*chat), board.message, None)
            .await
    }

    fn board_of(&self, post: &Post) -> Option<(u64, usize, Option<()>)> {
        let (game, ply) = post.board?;
        let controls = post.keyboard.is_some() && !post.lasting;
        Some((game, ply, controls.then_some(())))
    }

    async fn remember(&self, chat: &ChatId, game: u64, board: Option<&Newest<MessageId, ()>>) {
        let Some(app) = self.app.clone() else {
            return;
        };
        let (ch, board) = (
            channel(*chat),
            board.map(|b| (b.ply, b.message.0.to_string())),
        );
        if let Err(e) =
            tokio::task::spawn_blocking(move || app.remember_board(&ch, game, board)).await
        {
            tracing::warn!("a board was not remembered: {e}");
        }
    }

    async fn recall(&self, chat: &ChatId, game: u64) -> Option<Newest<MessageId, ()>> {
        let app = self.app.clone()?;
        let ch = channel(*chat);
        let (ply, message) = tokio::task::spawn_blocking(move || app.remembered_board(&ch, game))
            .await
            .ok()??;
        Some(Newest {
            ply,
            message: MessageId(message.parse().ok()?),
            retired: (),
        })
    }

    /// A photo Telegram refuses goes as text.
    fn fallback(&self, post: &Post) -> Option<Post> {
        post.photo.as_ref()?;
        let html = if post.html.is_empty() {
            "…".to_string()
        } else {
            post.html.clone()
        };
        Some(Post {
            album: Vec::new(),
            photo: None,
            file: None,
            html,
            keyboard: post.keyboard.clone(),
            board: post.board,
            lasting: post.lasting,
        })
    }
}

/// The outbox for `api` with `settings`; see [`Tg::new`] for `on_moved`
/// and `app`.
#[must_use]
pub fn outbox<A: Api>(
    api: Arc<A>,
    settings: Settings,
    on_moved: OnMoved,
    app: Option<Arc<App>>,
) -> Outbox<A> {
    tablero_deliver::Outbox::new(Arc::new(Tg::new(api, on_moved, app)), settings)
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
        /// An album: its captions in order.
        Album(i64, Vec<String>),
        File(i64, String, String, bool),
        Keyboard(i64, i32, bool),
        Answer(String, Option<String>, bool),
        Typing(i64),
    }

    #[derive(Default)]
    pub struct FakeApi {
        pub calls: Mutex<Vec<Call>>,
        /// Failures to return, one per request, before succeeding.
        pub failures: Mutex<VecDeque<SendError>>,
        pub next_id: Mutex<i32>,
        /// Groups that became supergroups: old id → new id.
        pub moved: Mutex<std::collections::HashMap<i64, i64>>,
    }

    impl FakeApi {
        fn record(&self, call: Call) -> Result<MessageId, SendError> {
            let chat = match &call {
                Call::Text(c, ..)
                | Call::Photo(c, ..)
                | Call::File(c, ..)
                | Call::Album(c, ..)
                | Call::Keyboard(c, ..)
                | Call::Typing(c) => Some(*c),
                Call::Answer(..) => None,
            };
            if let Some(new) = chat.and_then(|c| self.moved.lock().unwrap().get(&c).copied()) {
                return Err(SendError::Moved(new));
            }
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

        async fn send_file(
            &self,
            chat: ChatId,
            file: &Attachment,
            caption: &str,
            keyboard: Option<InlineKeyboardMarkup>,
        ) -> Result<MessageId, SendError> {
            self.record(Call::File(
                chat.0,
                file.name.clone(),
                caption.into(),
                keyboard.is_some(),
            ))
        }

        async fn send_album(
            &self,
            chat: ChatId,
            album: &[Picture],
        ) -> Result<MessageId, SendError> {
            self.record(Call::Album(
                chat.0,
                album.iter().map(|p| p.caption.clone()).collect(),
            ))
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

        async fn typing(&self, chat: ChatId) -> Result<(), SendError> {
            self.record(Call::Typing(chat.0)).map(drop)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use teloxide::types::InlineKeyboardButton;

    use super::fake::{Call, FakeApi};
    use super::*;

    type Moves = Arc<Mutex<Vec<(i64, i64)>>>;

    fn outbox_over(api: &Arc<FakeApi>) -> (Outbox<FakeApi>, Moves) {
        let moves: Moves = Arc::default();
        let seen = moves.clone();
        let settings = Settings {
            retry: Retry {
                first_pause: Duration::from_millis(1),
                max_pause: Duration::from_millis(4),
                give_up: Duration::from_millis(200),
            },
            ..Settings::default()
        };
        let out = outbox(
            api.clone(),
            settings,
            Arc::new(move |old: ChatId, new: ChatId| {
                seen.lock().unwrap().push((old.0, new.0));
                tokio::spawn(async {})
            }),
            None,
        );
        (out, moves)
    }

    fn text(s: &str) -> Job<FakeApi> {
        Job::Post(Post {
            album: Vec::new(),
            photo: None,
            file: None,
            html: s.into(),
            keyboard: None,
            board: None,
            lasting: false,
        })
    }

    fn board(game: u64, ply: usize, caption: &str) -> Job<FakeApi> {
        Job::Post(Post {
            album: Vec::new(),
            photo: Some(vec![0]),
            file: None,
            html: caption.into(),
            keyboard: Some(InlineKeyboardMarkup::new([[
                InlineKeyboardButton::callback("a2", "p:1:0:0:a2"),
            ]])),
            board: Some((game, ply)),
            lasting: false,
        })
    }

    const WAIT: Duration = Duration::from_secs(10);

    #[tokio::test]
    async fn a_new_board_removes_the_last_keyboard() {
        let api = Arc::new(FakeApi::default());
        let (out, _) = outbox_over(&api);
        out.push(
            &ChatId(1),
            [
                board(3, 0, "first"),
                board(4, 0, "other game"),
                board(3, 1, "second"),
            ],
        );
        assert!(out.flushed(WAIT).await);
        // Message 3 (the second board of game 3) was pressed.
        let pressed = out.boards().take(&ChatId(1), 3, &MessageId(3)).unwrap();
        out.push(
            &ChatId(1),
            [Job::Retire(Some(3), pressed), board(3, 2, "third")],
        );
        out.push(&ChatId(1), [Job::Ended(4)]);
        assert!(out.flushed(WAIT).await);
        assert_eq!(
            api.calls(),
            [
                Call::Photo(1, "first".into(), true),
                Call::Photo(1, "other game".into(), true),
                Call::Photo(1, "second".into(), true),
                Call::Keyboard(1, 1, false),
                Call::Keyboard(1, 3, false),
                Call::Photo(1, "third".into(), true),
                // Game 4 is over.
                Call::Keyboard(1, 2, false),
            ]
        );
    }

    #[tokio::test]
    async fn a_refused_photo_goes_as_text() {
        let api = Arc::new(FakeApi::default());
        api.failures
            .lock()
            .unwrap()
            .push_back(SendError::Permanent("PHOTO_INVALID_DIMENSIONS".into()));
        let (out, _) = outbox_over(&api);
        out.push(&ChatId(2), [board(1, 0, "caption")]);
        assert!(out.flushed(WAIT).await);
        assert_eq!(api.calls(), [Call::Text(2, "caption".into(), true)]);
    }

    #[tokio::test]
    async fn a_group_that_became_a_supergroup_is_followed() {
        let api = Arc::new(FakeApi::default());
        api.moved.lock().unwrap().insert(-5, -1005);
        let (out, moves) = outbox_over(&api);
        out.push(&ChatId(-5), [text("one"), board(2, 0, "board")]);
        assert!(out.flushed(WAIT).await);
        out.push(&ChatId(-5), [board(2, 1, "next")]);
        assert!(out.flushed(WAIT).await);
        assert_eq!(
            api.calls(),
            [
                Call::Text(-1005, "one".into(), false),
                Call::Photo(-1005, "board".into(), true),
                Call::Photo(-1005, "next".into(), true),
                Call::Keyboard(-1005, 2, false),
            ]
        );
        // The app is told once, to move the chat's games.
        assert_eq!(*moves.lock().unwrap(), [(-5, -1005)]);
    }

    #[tokio::test]
    async fn a_chat_that_blocked_the_bot_is_not_retried() {
        let api = Arc::new(FakeApi::default());
        api.failures.lock().unwrap().push_back(SendError::Gone(
            "Forbidden: bot was blocked by the user".into(),
        ));
        let (out, _) = outbox_over(&api);
        out.push(&ChatId(7), [text("a"), text("b")]);
        out.push(&ChatId(8), [text("c")]);
        assert!(out.flushed(WAIT).await);
        assert_eq!(api.calls(), [Call::Text(8, "c".into(), false)]);
        assert!(out.is_gone(&ChatId(7)));
    }
}
