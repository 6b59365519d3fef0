//! One ordered, bounded queue per chat.

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

use crate::boards::{Boards, Newest};
use crate::retry::{Retry, SendError, with_retries};

/// How a front-end sends to its platform.
pub trait Transport: Send + Sync + 'static {
    /// A chat (Telegram chat id, Discord channel id).
    type Chat: Clone + Eq + Hash + Debug + Send + Sync + 'static;
    /// A sent message's id.
    type Message: Clone + PartialEq + Debug + Send + Sync + 'static;
    /// What a board message becomes once outdated.
    type Retired: Clone + Send + Sync + 'static;
    /// One message to send, ready for the platform.
    type Post: Debug + Send + Sync + 'static;

    /// Sends one post.
    fn send(
        &self,
        chat: &Self::Chat,
        post: &Self::Post,
    ) -> impl Future<Output = Result<Self::Message, SendError>> + Send;

    /// Shows the bot as typing in `chat` (the platform clears it after a
    /// few seconds or when the bot's next message arrives). By default
    /// nothing is shown.
    fn typing(&self, _chat: &Self::Chat) -> impl Future<Output = Result<(), SendError>> + Send {
        async { Ok(()) }
    }

    /// Retires an outdated board's controls.
    fn retire(
        &self,
        chat: &Self::Chat,
        board: &Newest<Self::Message, Self::Retired>,
    ) -> impl Future<Output = Result<(), SendError>> + Send;

    /// The board a post shows: its game, its number of moves, and how it
    /// looks retired when it has controls to retire. `None` for a post
    /// that shows no game's board.
    fn board_of(&self, post: &Self::Post) -> Option<(u64, usize, Option<Self::Retired>)>;

    /// What to send instead of a post the platform refused for good (a
    /// photo Telegram refuses can go as text); `None` drops it.
    fn fallback(&self, _post: &Self::Post) -> Option<Self::Post> {
        None
    }

    /// Keeps a game's newest board (or its absence) where a restart does
    /// not lose it. By default nothing is kept.
    fn remember(
        &self,
        _chat: &Self::Chat,
        _game: u64,
        _board: Option<&Newest<Self::Message, Self::Retired>>,
    ) -> impl Future<Output = ()> + Send {
        async {}
    }

    /// The game's newest board as [`Transport::remember`] kept it, asked
    /// for when the outbox knows of none (after a restart).
    fn recall(
        &self,
        _chat: &Self::Chat,
        _game: u64,
    ) -> impl Future<Output = Option<Newest<Self::Message, Self::Retired>>> + Send {
        async { None }
    }
}

/// One thing for a chat's outbox to do, in order with the others.
pub enum Job<T: Transport> {
    Post(T::Post),
    /// Retire this board of this game (if a game's) now: someone pressed
    /// a move on it.
    Retire(Option<u64>, Newest<T::Message, T::Retired>),
    /// The game has just ended (a resignation, a draw, a timeout, the last
    /// move): its newest board is retired.
    Ended(u64),
    /// The bot is thinking about its move: show it typing. After the posts
    /// queued before it, since a message from the bot clears the typing.
    /// Tried once: it is a courtesy.
    Typing,
}

impl<T: Transport> Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Post(p) => f.debug_tuple("Post").field(p).finish(),
            Job::Retire(g, n) => f.debug_tuple("Retire").field(g).field(&n.message).finish(),
            Job::Ended(g) => f.debug_tuple("Ended").field(g).finish(),
            Job::Typing => f.write_str("Typing"),
        }
    }
}

/// The outbox's bounds and pauses.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub retry: Retry,
    /// Jobs waiting per chat; past it the oldest are dropped (logged).
    pub queue: usize,
    /// Games whose newest board is remembered.
    pub boards: usize,
    /// How long a chat found gone is left alone, unless it writes first.
    pub gone_for: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            retry: Retry::default(),
            queue: 256,
            boards: 50_000,
            gone_for: Duration::from_secs(3600),
        }
    }
}

struct Chat<T: Transport> {
    jobs: VecDeque<Job<T>>,
    /// A task is sending this chat's jobs.
    running: bool,
    wake: Arc<Notify>,
    /// The chat could not be written to; nothing is sent until then.
    gone_until: Option<Instant>,
}

impl<T: Transport> Chat<T> {
    fn new() -> Chat<T> {
        Chat {
            jobs: VecDeque::new(),
            running: false,
            wake: Arc::new(Notify::new()),
            gone_until: None,
        }
    }
}

struct Inner<T: Transport> {
    transport: Arc<T>,
    settings: Settings,
    chats: Mutex<HashMap<T::Chat, Chat<T>>>,
    boards: Mutex<Boards<T::Chat, T::Message, T::Retired>>,
}

/// Every chat's outbox; cheap to clone. Must be used inside a Tokio
/// runtime (each busy chat has a task).
pub struct Outbox<T: Transport> {
    inner: Arc<Inner<T>>,
}

impl<T: Transport> Clone for Outbox<T> {
    fn clone(&self) -> Self {
        Outbox {
            inner: self.inner.clone(),
        }
    }
}

fn lock<X>(m: &Mutex<X>) -> MutexGuard<'_, X> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T: Transport> Outbox<T> {
    #[must_use]
    pub fn new(transport: Arc<T>, settings: Settings) -> Outbox<T> {
        Outbox {
            inner: Arc::new(Inner {
                transport,
                settings,
                chats: Mutex::new(HashMap::new()),
                boards: Mutex::new(Boards::new(settings.boards)),
            }),
        }
    }

    /// The transport.
    #[must_use]
    pub fn transport(&self) -> &T {
        &self.inner.transport
    }

    /// Queues jobs for a chat, after those already queued. A chat that is
    /// gone takes nothing until it writes again or its time is up.
    pub fn push(&self, chat: &T::Chat, jobs: impl IntoIterator<Item = Job<T>>) {
        let mut chats = lock(&self.inner.chats);
        let now = Instant::now();
        if chats.len() > 1024 {
            // Forget gone chats whose time is up and idle entries.
            chats.retain(|_, c| c.running || c.gone_until.is_some_and(|t| t > now));
        }
        let c = chats.entry(chat.clone()).or_insert_with(Chat::new);
        if let Some(until) = c.gone_until {
            if until > now {
                tracing::debug!(chat = ?chat, "not sent: the chat is unreachable");
                return;
            }
            c.gone_until = None;
        }
        let mut dropped = 0;
        for j in jobs {
            if c.jobs.len() >= self.inner.settings.queue {
                c.jobs.pop_front();
                dropped += 1;
            }
            c.jobs.push_back(j);
        }
        if dropped > 0 {
            tracing::warn!(chat = ?chat, dropped, "outbox full: the oldest posts were dropped");
        }
        if !c.running && !c.jobs.is_empty() {
            c.running = true;
            tokio::spawn(run(self.inner.clone(), chat.clone()));
        }
    }

    /// Someone in `chat` just wrote: a waiting request is tried at once,
    /// and a chat set aside as gone is written to again.
    pub fn wake(&self, chat: &T::Chat) {
        let mut chats = lock(&self.inner.chats);
        if let Some(c) = chats.get_mut(chat) {
            c.gone_until = None;
            c.wake.notify_one();
        }
    }

    /// The newest boards, for a front-end answering a press.
    pub fn boards(&self) -> MutexGuard<'_, Boards<T::Chat, T::Message, T::Retired>> {
        lock(&self.inner.boards)
    }

    /// Whether `chat` is set aside as unreachable.
    #[must_use]
    pub fn is_gone(&self, chat: &T::Chat) -> bool {
        lock(&self.inner.chats)
            .get(chat)
            .and_then(|c| c.gone_until)
            .is_some_and(|t| t > Instant::now())
    }

    /// Chats with jobs waiting or being sent.
    #[must_use]
    pub fn busy_chats(&self) -> usize {
        lock(&self.inner.chats)
            .values()
            .filter(|c| c.running)
            .count()
    }

    /// Chats the outbox keeps anything for (busy or set aside).
    #[must_use]
    pub fn known_chats(&self) -> usize {
        lock(&self.inner.chats).len()
    }

    /// Waits until no chat has anything to send, or `timeout` passes;
    /// returns whether all is sent.
    pub async fn flushed(&self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while self.busy_chats() > 0 {
            if Instant::now() >= end {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        true
    }
}

/// Sends one chat's jobs in order, then ends.
async fn run<T: Transport>(inner: Arc<Inner<T>>, chat: T::Chat) {
    loop {
        let (job, wake) = {
            let mut chats = lock(&inner.chats);
            let Some(c) = chats.get_mut(&chat) else {
                return;
            };
            match c.jobs.pop_front() {
                Some(j) => (j, c.wake.clone()),
                None => {
                    c.running = false;
                    if c.gone_until.is_none() {
                        chats.remove(&chat);
                    }
                    return;
                }
            }
        };
        if let Err(why) = inner.process(&chat, job, &wake).await {
            let mut chats = lock(&inner.chats);
            if let Some(c) = chats.get_mut(&chat) {
                let dropped = c.jobs.len();
                c.jobs.clear();
                c.gone_until = Some(Instant::now() + inner.settings.gone_for);
                tracing::warn!(
                    chat = ?chat,
                    dropped,
                    "the chat cannot be written to ({why}); its games go on, and nothing is \
                     sent there until someone writes in it"
                );
            }
        }
    }
}

impl<T: Transport> Inner<T> {
    /// Does one job; `Err` when the chat is gone.
    async fn process(&self, chat: &T::Chat, job: Job<T>, wake: &Notify) -> Result<(), String> {
        let retry = self.settings.retry;
        match job {
            Job::Post(post) => {
                let sent = match with_retries("sending", retry, Some(wake), || {
                    self.transport.send(chat, &post)
                })
                .await
                {
                    Err(SendError::Permanent(why)) => match self.transport.fallback(&post) {
                        Some(other) => {
                            tracing::warn!(chat = ?chat, "a post was refused ({why}); sending it plainly");
                            with_retries("sending", retry, Some(wake), || {
                                self.transport.send(chat, &other)
                            })
                            .await
                        }
                        None => Err(SendError::Permanent(why)),
                    },
                    other => other,
                };
                match sent {
                    Ok(message) => {
                        if let Some((game, ply, retired)) = self.transport.board_of(&post) {
                            if lock(&self.boards).get(chat, game).is_none()
                                && let Some(before) = self.transport.recall(chat, game).await
                            {
                                let (p, b) = (before.ply, Some(before));
                                lock(&self.boards).posted(chat, game, p, b);
                            }
                            let new = retired.map(|retired| Newest {
                                ply,
                                message,
                                retired,
                            });
                            let (old, newest) = {
                                let mut boards = lock(&self.boards);
                                let old = boards.posted(chat, game, ply, new);
                                (old, boards.get(chat, game).cloned())
                            };
                            self.transport.remember(chat, game, newest.as_ref()).await;
                            if let Some(old) = old {
                                self.retire(chat, &old, wake).await?;
                            }
                        }
                    }
                    Err(SendError::Gone(why)) => return Err(why),
                    Err(e) => tracing::error!(chat = ?chat, "a post was dropped: {e}"),
                }
            }
            Job::Retire(game, board) => {
                lock(&self.boards).forget_message(chat, &board.message);
                if let Some(game) = game
                    && self
                        .transport
                        .recall(chat, game)
                        .await
                        .is_some_and(|kept| kept.message == board.message)
                {
                    self.transport.remember(chat, game, None).await;
                }
                self.retire(chat, &board, wake).await?;
            }
            Job::Ended(game) => {
                let old = lock(&self.boards).ended(chat, game);
                if let Some(old) = old {
                    self.transport.remember(chat, game, None).await;
                    self.retire(chat, &old, wake).await?;
                }
            }
            Job::Typing => match self.transport.typing(chat).await {
                Ok(()) => {}
                Err(SendError::Gone(why)) => return Err(why),
                Err(e) => tracing::debug!(chat = ?chat, "typing not shown: {e}"),
            },
        }
        Ok(())
    }

    async fn retire(
        &self,
        chat: &T::Chat,
        board: &Newest<T::Message, T::Retired>,
        wake: &Notify,
    ) -> Result<(), String> {
        match with_retries("retiring a board", self.settings.retry, Some(wake), || {
            self.transport.retire(chat, board)
        })
        .await
        {
            Ok(()) => Ok(()),
            Err(SendError::Gone(why)) => Err(why),
            // Deleted, or already without controls: the app turns presses
            // on it down anyway.
            Err(e) => {
                tracing::warn!(chat = ?chat, message = ?board.message, "a board keeps its controls: {e}");
                Ok(())
            }
        }
    }
}
