//! Telegram's send limits as Telegram states them: about one message a
//! second in any one chat, 30 a second in all, and **20 a minute in a
//! group** (<https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this>).
//!
//! teloxide's `Throttle` keeps the per-second limits and waits out
//! `RetryAfter`, but its per-minute limit for a chat applies to private
//! chats and basic groups alike: at its default of 20 a minute a fast game
//! against the bot in a private chat (two pictures a move) waited up to 35 s
//! for a reply. So the adaptor's per-minute limit for ordinary chats is set
//! out of the way ([`limits`]) and [`GroupPace`] keeps the minute for basic
//! groups itself; supergroups and channels keep the adaptor's own limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use teloxide::adaptors::throttle::Limits;
use teloxide::types::ChatId;

/// Messages a group (basic or super) takes a minute.
pub const GROUP_PER_MINUTE: u32 = 20;

const MINUTE: Duration = Duration::from_secs(60);

/// How many groups are remembered before the quiet ones are swept out.
const SWEEP_AT: usize = 256;

/// The limits the `Throttle` adaptor keeps: one message a second per chat,
/// 30 a second in all, [`GROUP_PER_MINUTE`] in supergroups and channels,
/// and no minute limit of its own for private chats and basic groups
/// (60 a minute is what one a second allows anyway).
#[must_use]
pub fn limits() -> Limits {
    Limits {
        messages_per_sec_chat: 1,
        messages_per_min_chat: 60,
        messages_per_min_channel_or_supergroup: GROUP_PER_MINUTE,
        messages_per_sec_overall: 30,
    }
}

/// The per-minute limit of basic groups, which the adaptor cannot tell
/// from private chats: each send to a basic group reserves a moment at
/// which it may go, so that no 60 s hold more than `per_minute` sends.
#[derive(Debug)]
pub struct GroupPace {
    per_minute: usize,
    /// Per basic group, the moments of its sends in the last minute
    /// (reserved ones may lie ahead), oldest first.
    sent: Mutex<HashMap<i64, VecDeque<Instant>>>,
}

impl Default for GroupPace {
    fn default() -> GroupPace {
        GroupPace::new(GROUP_PER_MINUTE)
    }
}

impl GroupPace {
    #[must_use]
    pub fn new(per_minute: u32) -> GroupPace {
        GroupPace {
            per_minute: usize::try_from(per_minute.max(1)).unwrap_or(usize::MAX),
            sent: Mutex::new(HashMap::new()),
        }
    }

    /// Reserves a send to `chat` at `now`: how long to wait before it. A
    /// private chat, a supergroup or a channel never waits here.
    pub fn reserve(&self, chat: ChatId, now: Instant) -> Duration {
        if !chat.is_group() {
            return Duration::ZERO;
        }
        let mut sent = self
            .sent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let old = |q: &mut VecDeque<Instant>| {
            while q.front().is_some_and(|t| *t + MINUTE <= now) {
                q.pop_front();
            }
            !q.is_empty()
        };
        // Groups quiet for a minute are forgotten, now and then, so that
        // the map stays small without a sweep on every send.
        if sent.len() >= SWEEP_AT {
            sent.retain(|_, q| old(q));
        }
        let q = sent.entry(chat.0).or_default();
        old(q);
        let at = match q.len().checked_sub(self.per_minute) {
            // The send `per_minute` back must be a minute old first.
            Some(back) => (q[back] + MINUTE).max(now),
            None => now,
        };
        q.push_back(at);
        at - now
    }

    /// Waits for a send to `chat` to be within the group's minute.
    pub async fn wait(&self, chat: ChatId) {
        let pause = self.reserve(chat, Instant::now());
        if !pause.is_zero() {
            tracing::debug!(chat = chat.0, ?pause, "group minute limit: waiting");
            tokio::time::sleep(pause).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRIVATE: ChatId = ChatId(5_530_019_922);
    const BASIC: ChatId = ChatId(-4_001_234);
    const SUPER: ChatId = ChatId(-1_007_713_400_066);

    #[test]
    fn the_chat_kinds_are_told_apart_as_telegram_numbers_them() {
        assert!(PRIVATE.is_user());
        assert!(BASIC.is_group() && !BASIC.is_channel_or_supergroup());
        assert!(SUPER.is_channel_or_supergroup() && !SUPER.is_group());
    }

    /// A private chat has no minute limit here (the adaptor keeps one a
    /// second): 100 sends in a minute never wait.
    #[test]
    fn a_private_chat_and_a_supergroup_never_wait_here() {
        let pace = GroupPace::default();
        let t0 = Instant::now();
        for i in 0..100 {
            let now = t0 + Duration::from_millis(600 * i);
            assert_eq!(pace.reserve(PRIVATE, now), Duration::ZERO);
            assert_eq!(pace.reserve(SUPER, now), Duration::ZERO);
        }
    }

    /// A basic group takes 20 at once; the 21st waits until the first is
    /// a minute old, the 22nd until the second is, and so on.
    #[test]
    fn a_basic_group_takes_twenty_a_minute() {
        let pace = GroupPace::default();
        let t0 = Instant::now();
        for i in 0..20 {
            let now = t0 + Duration::from_millis(100 * i);
            assert_eq!(pace.reserve(BASIC, now), Duration::ZERO, "send {i}");
        }
        let now = t0 + Duration::from_secs(3);
        assert_eq!(pace.reserve(BASIC, now), Duration::from_secs(57));
        assert_eq!(
            pace.reserve(BASIC, now),
            Duration::from_secs(57) + Duration::from_millis(100)
        );
        // Another group is not held up by this one.
        assert_eq!(pace.reserve(ChatId(-4_009_999), now), Duration::ZERO);
        // No 60 s window ever holds more than 20 of the sends granted.
        let pace = GroupPace::default();
        let mut at = Vec::new();
        for i in 0..200u64 {
            let now = t0 + Duration::from_millis(250 * i);
            at.push(now + pace.reserve(BASIC, now));
        }
        for (i, start) in at.iter().enumerate() {
            let within = at[i..].iter().filter(|t| **t < *start + MINUTE).count();
            assert!(within <= 20, "{within} sends within a minute from send {i}");
        }
        // And it is not slower than it must be: the last of 200 sends goes
        // nine minutes after the 20th of the first minute (asked at 4.75 s).
        let span = *at.last().unwrap() - at[0];
        assert_eq!(span, Duration::from_millis(9 * 60_000 + 4_750));
    }

    /// A group quiet for a minute is forgotten.
    #[test]
    fn quiet_groups_are_forgotten() {
        let pace = GroupPace::default();
        let t0 = Instant::now();
        for g in 0..1000 {
            pace.reserve(ChatId(-4_000_000 - g), t0);
        }
        pace.reserve(BASIC, t0 + MINUTE);
        assert_eq!(pace.sent.lock().unwrap().len(), 1);
    }
}
