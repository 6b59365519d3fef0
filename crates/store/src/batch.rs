//! Changes applied together.

use serde::Serialize;

use crate::keys::{board_key, game_key, key, num, rating_key, timer_key, user_game_key};
use crate::*;

pub(crate) fn encode<T: Serialize>(v: &T) -> Vec<u8> {
    serde_json::to_vec(v).expect("store documents always serialise")
}

/// Changes applied together by [`Store::commit`]: all or nothing.
#[derive(Default)]
pub struct Batch {
    pub(crate) batch: kv::KvBatch,
    pub(crate) empty: bool,
}

impl Batch {
    pub(crate) fn insert(&mut self, k: Vec<u8>, v: Vec<u8>) {
        self.batch.insert(k, v);
        self.empty = false;
    }

    pub(crate) fn remove(&mut self, k: Vec<u8>) {
        self.batch.remove(k);
        self.empty = false;
    }

    /// Writes `doc`, replacing `old` (its previous value, if any): keeps the
    /// per-user index and the timer index in step, and moves the game from
    /// ongoing to finished once it has a result.
    pub fn put_game(&mut self, doc: &GameDoc, old: Option<&GameDoc>) {
        if let Some(old) = old {
            self.unindex_game(old);
        }
        let ongoing = doc.result.is_none();
        if ongoing {
            for p in &doc.players {
                self.insert(user_game_key(&doc.channel, &p.id, doc.id), Vec::new());
            }
            if let Some(due) = doc.next_event_ms {
                self.insert(
                    timer_key(due, TimerKind::Game, &doc.channel, doc.id),
                    Vec::new(),
                );
            }
        }
        self.insert(game_key(ongoing, &doc.channel, doc.id), encode(doc));
    }

    pub(crate) fn unindex_game(&mut self, old: &GameDoc) {
        let ongoing = old.result.is_none();
        self.remove(game_key(ongoing, &old.channel, old.id));
        for p in &old.players {
            self.remove(user_game_key(&old.channel, &p.id, old.id));
        }
        if let Some(due) = old.next_event_ms {
            self.remove(timer_key(due, TimerKind::Game, &old.channel, old.id));
        }
    }

    /// Writes a challenge and its expiry timer.
    pub fn put_challenge(&mut self, doc: &ChallengeDoc) {
        self.insert(
            key(&[
                "c",
                doc.channel.platform.as_str(),
                &doc.channel.channel,
                &num(doc.id),
            ]),
            encode(doc),
        );
        self.insert(
            timer_key(doc.expires_ms, TimerKind::Challenge, &doc.channel, doc.id),
            Vec::new(),
        );
    }

    /// Removes a challenge (answered, cancelled or expired) and its timer.
    pub fn remove_challenge(&mut self, doc: &ChallengeDoc) {
        self.remove(key(&[
            "c",
            doc.channel.platform.as_str(),
            &doc.channel.channel,
            &num(doc.id),
        ]));
        self.remove(timer_key(
            doc.expires_ms,
            TimerKind::Challenge,
            &doc.channel,
            doc.id,
        ));
    }

    /// Removes a timer that points at nothing (its record is gone).
    pub fn remove_timer(&mut self, t: &Timer) {
        self.remove(timer_key(t.due_ms, t.kind, &t.channel, t.id));
    }

    /// Sets the channel's next id.
    pub fn set_next_id(&mut self, ch: &ChannelKey, next: u64) {
        self.insert(
            key(&["n", ch.platform.as_str(), &ch.channel]),
            encode(&next),
        );
    }

    /// Writes a user's stats in one game: against people, or (`vs_bot`)
    /// against Tablero, kept apart.
    pub fn put_stats(
        &mut self,
        platform: Platform,
        user: &str,
        game: GameId,
        vs_bot: bool,
        s: &StatsDoc,
    ) {
        let prefix = if vs_bot { "a" } else { "s" };
        self.insert(
            key(&[prefix, platform.as_str(), user, game.key()]),
            encode(s),
        );
    }

    /// Writes a user's rating in one game, and counts them among the
    /// players of `community` (a chat or server) for its leaderboard.
    pub fn put_rating(
        &mut self,
        platform: Platform,
        community: &str,
        user: &str,
        game: GameId,
        r: &RatingDoc,
    ) {
        self.insert(rating_key(platform, game, user), encode(r));
        self.insert(
            key(&["l", platform.as_str(), community, game.key(), user]),
            Vec::new(),
        );
    }

    /// Sets the number of the last rated result applied.
    pub fn set_rating_seq(&mut self, seq: u64) {
        self.insert(key(&["m", "rating_seq"]), encode(&seq));
    }

    /// Writes a user's profile.
    pub fn put_profile(&mut self, platform: Platform, user: &str, p: &ProfileDoc) {
        self.insert(key(&["p", platform.as_str(), user]), encode(p));
    }

    /// Remembers a game's newest board message; `None` forgets it.
    pub fn put_channel(&mut self, ch: &ChannelKey, doc: &ChannelDoc) {
        self.insert(key(&["o", ch.platform.as_str(), &ch.channel]), encode(doc));
    }

    pub fn put_board(&mut self, ch: &ChannelKey, game: u64, board: Option<&BoardDoc>) {
        match board {
            Some(b) => self.insert(board_key(ch, game), encode(b)),
            None => self.remove(board_key(ch, game)),
        }
    }
}
