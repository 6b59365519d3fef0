//! The outbox against a scripted transport: order, retries, fallbacks,
//! unreachable chats, bounds and board retiring.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

use tablero_deliver::{Job, Newest, Outbox, Retry, SendError, Settings, Transport};

#[derive(Clone, Debug, PartialEq)]
struct Post {
    text: String,
    /// (game, ply, has controls)
    board: Option<(u64, usize, bool)>,
}

#[derive(Clone, Debug, PartialEq)]
enum Call {
    Sent(i64, String, u32),
    Retired(i64, u32),
    Typing(i64),
}

#[derive(Default)]
struct Fake {
    calls: Mutex<Vec<Call>>,
    /// Errors to return, per chat, before succeeding.
    failures: Mutex<HashMap<i64, VecDeque<SendError>>>,
    /// Chats that answer every request with `Gone`.
    gone: Mutex<HashSet<i64>>,
    /// Texts refused for good (their fallback goes).
    refused: Mutex<HashSet<String>>,
    next: Mutex<u32>,
    pause: Duration,
    /// Newest boards kept across "restarts" (new outboxes).
    memory: Mutex<HashMap<(i64, u64), Newest<u32, ()>>>,
}

impl Fake {
    fn fail(&self, chat: i64) -> Option<SendError> {
        if self.gone.lock().unwrap().contains(&chat) {
            return Some(SendError::Gone("Forbidden: bot was kicked".into()));
        }
        self.failures.lock().unwrap().get_mut(&chat)?.pop_front()
    }

    fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    fn sent(&self, chat: i64) -> Vec<String> {
        self.calls()
            .into_iter()
            .filter_map(|c| match c {
                Call::Sent(ch, t, _) if ch == chat => Some(t),
                _ => None,
            })
            .collect()
    }
}

impl Transport for Fake {
    type Chat = i64;
    type Message = u32;
    type Retired = ();
    type Post = Post;

    async fn send(&self, chat: &i64, post: &Post) -> Result<u32, SendError> {
        tokio::time::sleep(self.pause).await;
        if let Some(e) = self.fail(*chat) {
            return Err(e);
        }
        if self.refused.lock().unwrap().contains(&post.text) {
            return Err(SendError::Permanent("Bad Request: photo invalid".into()));
        }
        let mut n = self.next.lock().unwrap();
        *n += 1;
        self.calls
            .lock()
            .unwrap()
            .push(Call::Sent(*chat, post.text.clone(), *n));
        Ok(*n)
    }

    async fn typing(&self, chat: &i64) -> Result<(), SendError> {
        if let Some(e) = self.fail(*chat) {
            return Err(e);
        }
        self.calls.lock().unwrap().push(Call::Typing(*chat));
        Ok(())
    }

    async fn retire(&self, chat: &i64, board: &Newest<u32, ()>) -> Result<(), SendError> {
        if let Some(e) = self.fail(*chat) {
            return Err(e);
        }
        self.calls
            .lock()
            .unwrap()
            .push(Call::Retired(*chat, board.message));
        Ok(())
    }

    fn board_of(&self, post: &Post) -> Option<(u64, usize, Option<()>)> {
        post.board
            .map(|(g, ply, controls)| (g, ply, controls.then_some(())))
    }

    async fn remember(&self, chat: &i64, game: u64, board: Option<&Newest<u32, ()>>) {
        let mut m = self.memory.lock().unwrap();
        match board {
            Some(b) => m.insert((*chat, game), b.clone()),
            None => m.remove(&(*chat, game)),
        };
    }

    async fn recall(&self, chat: &i64, game: u64) -> Option<Newest<u32, ()>> {
        self.memory.lock().unwrap().get(&(*chat, game)).cloned()
    }

    fn fallback(&self, post: &Post) -> Option<Post> {
        Some(Post {
            text: format!("{} (as text)", post.text),
            board: post.board,
        })
    }
}

fn text(t: &str) -> Job<Fake> {
    Job::Post(Post {
        text: t.into(),
        board: None,
    })
}

fn board(t: &str, game: u64, ply: usize, controls: bool) -> Job<Fake> {
    Job::Post(Post {
        text: t.into(),
        board: Some((game, ply, controls)),
    })
}

fn settings() -> Settings {
    Settings {
        retry: Retry {
            first_pause: Duration::from_millis(40),
            max_pause: Duration::from_millis(80),
            give_up: Duration::from_secs(5),
        },
        ..Settings::default()
    }
}

fn outbox(fake: Fake, settings: Settings) -> (Arc<Fake>, Outbox<Fake>) {
    let fake = Arc::new(fake);
    (fake.clone(), Outbox::new(fake, settings))
}

const WAIT: Duration = Duration::from_secs(10);

#[tokio::test]
async fn a_chat_gets_its_posts_in_order_and_old_boards_lose_their_controls() {
    let (fake, out) = outbox(Fake::default(), settings());
    out.push(&1, [board("b0", 7, 0, true), text("hello")]);
    out.push(&1, [board("b1", 7, 1, true), board("other", 8, 0, true)]);
    // A board of an earlier move arriving late is retired at once.
    out.push(&1, [board("late", 7, 0, true)]);
    // The final board has no controls: it retires the last one.
    out.push(&1, [board("end", 7, 2, false), Job::Ended(8)]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(
        fake.calls(),
        vec![
            Call::Sent(1, "b0".into(), 1),
            Call::Sent(1, "hello".into(), 2),
            Call::Sent(1, "b1".into(), 3),
            Call::Retired(1, 1),
            Call::Sent(1, "other".into(), 4),
            Call::Sent(1, "late".into(), 5),
            Call::Retired(1, 5),
            Call::Sent(1, "end".into(), 6),
            Call::Retired(1, 3),
            // Game 8 ended.
            Call::Retired(1, 4),
        ]
    );
    // The chat's task ended with its queue: idle chats cost nothing.
    assert_eq!(out.known_chats(), 0);
    assert!(out.boards().is_empty());
}

#[tokio::test]
async fn a_failing_chat_retries_in_order_and_holds_up_no_other() {
    let fake = Fake::default();
    fake.failures.lock().unwrap().insert(
        2,
        VecDeque::from([
            SendError::Transient("connection reset".into()),
            SendError::RetryAfter(Duration::from_millis(100)),
        ]),
    );
    let (fake, out) = outbox(fake, settings());
    out.push(&2, [text("first"), text("second")]);
    out.push(&3, [text("elsewhere")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(2), ["first", "second"]);
    let order: Vec<String> = fake
        .calls()
        .into_iter()
        .filter_map(|c| match c {
            Call::Sent(_, t, _) => Some(t),
            Call::Retired(..) | Call::Typing(_) => None,
        })
        .collect();
    assert_eq!(order, ["elsewhere", "first", "second"]);
}

#[tokio::test]
async fn a_refused_post_falls_back_and_the_rest_goes_on() {
    let fake = Fake::default();
    fake.refused.lock().unwrap().insert("photo".into());
    let (fake, out) = outbox(fake, settings());
    out.push(&1, [board("photo", 3, 0, true), text("after")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(1), ["photo (as text)", "after"]);
    // The fallback is the game's board now.
    assert_eq!(out.boards().get(&1, 3).map(|n| n.message), Some(1));
}

#[tokio::test]
async fn an_unreachable_chat_is_set_aside_until_it_writes_again() {
    let fake = Fake::default();
    fake.gone.lock().unwrap().insert(4);
    let (fake, out) = outbox(fake, settings());
    out.push(&4, [text("a"), text("b"), text("c")]);
    out.push(&5, [text("fine")]);
    assert!(out.flushed(WAIT).await);
    assert!(out.is_gone(&4));
    assert_eq!(fake.sent(4), Vec::<String>::new());
    assert_eq!(fake.sent(5), ["fine"]);
    // Nothing is even tried while it is set aside.
    fake.gone.lock().unwrap().clear();
    out.push(&4, [text("d")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(4), Vec::<String>::new());
    // Someone writes there: it is reachable again.
    out.wake(&4);
    assert!(!out.is_gone(&4));
    out.push(&4, [text("e")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(4), ["e"]);
}

#[tokio::test]
async fn a_gone_chat_is_tried_again_after_its_time() {
    let fake = Fake::default();
    fake.gone.lock().unwrap().insert(6);
    let (fake, out) = outbox(
        fake,
        Settings {
            gone_for: Duration::from_millis(200),
            ..settings()
        },
    );
    out.push(&6, [text("a")]);
    assert!(out.flushed(WAIT).await);
    assert!(out.is_gone(&6));
    fake.gone.lock().unwrap().clear();
    tokio::time::sleep(Duration::from_millis(250)).await;
    out.push(&6, [text("b")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(6), ["b"]);
}

#[tokio::test]
async fn a_full_queue_drops_its_oldest_posts() {
    let (fake, out) = outbox(
        Fake {
            pause: Duration::from_millis(5),
            ..Fake::default()
        },
        Settings {
            queue: 3,
            ..settings()
        },
    );
    out.push(&1, (0..10).map(|i| text(&format!("m{i}"))));
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.sent(1), ["m7", "m8", "m9"]);
}

#[tokio::test]
async fn a_pressed_board_is_retired_and_forgotten() {
    let (fake, out) = outbox(Fake::default(), settings());
    out.push(&1, [board("b0", 9, 0, true)]);
    assert!(out.flushed(WAIT).await);
    let pressed = out.boards().take(&1, 9, &1).unwrap();
    out.push(&1, [Job::Retire(Some(9), pressed), board("b1", 9, 1, true)]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(
        fake.calls(),
        vec![
            Call::Sent(1, "b0".into(), 1),
            Call::Retired(1, 1),
            Call::Sent(1, "b1".into(), 2),
        ]
    );
}

#[tokio::test]
async fn after_a_restart_the_board_posted_before_it_is_still_retired() {
    let fake = Arc::new(Fake::default());
    let out = Outbox::new(fake.clone(), settings());
    out.push(&1, [board("before", 5, 3, true)]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.memory.lock().unwrap()[&(1, 5)].message, 1);
    // A new outbox (a restarted bot) over the same kept boards.
    drop(out);
    let out = Outbox::new(fake.clone(), settings());
    out.push(&1, [board("after", 5, 4, true)]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(
        fake.calls(),
        vec![
            Call::Sent(1, "before".into(), 1),
            Call::Sent(1, "after".into(), 2),
            Call::Retired(1, 1),
        ]
    );
    assert_eq!(fake.memory.lock().unwrap()[&(1, 5)].message, 2);
    // A game that ends is retired and forgotten.
    out.push(&1, [Job::Ended(5)]);
    assert!(out.flushed(WAIT).await);
    assert!(fake.memory.lock().unwrap().is_empty());
}

/// The bot's typing goes after the posts queued before it (a message from
/// the bot would clear it) and is tried once: a failure is not retried and
/// holds nothing up.
#[tokio::test]
async fn typing_follows_the_posts_before_it_and_is_tried_once() {
    let (fake, out) = outbox(Fake::default(), settings());
    out.push(&1, [board("move", 7, 1, true), Job::Typing]);
    out.push(&1, [board("answer", 7, 2, true)]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(
        fake.calls(),
        vec![
            Call::Sent(1, "move".into(), 1),
            Call::Typing(1),
            Call::Sent(1, "answer".into(), 2),
            Call::Retired(1, 1),
        ]
    );
    let (fake, out) = outbox(Fake::default(), settings());
    fake.failures
        .lock()
        .unwrap()
        .insert(2, VecDeque::from([SendError::Transient("502".into())]));
    out.push(&2, [Job::Typing, text("after")]);
    assert!(out.flushed(WAIT).await);
    assert_eq!(fake.calls(), vec![Call::Sent(2, "after".into(), 1)]);
}
