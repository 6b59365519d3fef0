//! Changes applied together.

use serde::Serialize;

use crate::keys::{Key, Meta, StatsOf};
use crate::*;

/// A plain value's bytes (a next id, a sequence number).
pub(crate) fn encode<T: Serialize>(v: &T) -> Vec<u8> {
    serde_json::to_vec(v).expect("store values always serialise")
}

/// A document's bytes, stamped with the [`VERSION`] this build writes: the
/// store owns versions, so the documents themselves carry none.
pub(crate) fn encode_doc<T: Document>(doc: &T) -> Vec<u8> {
    #[derive(Serialize)]
    struct Stamped<'a, T> {
        version: u32,
        #[serde(flatten)]
        doc: &'a T,
    }
    encode(&Stamped {
        version: VERSION,
        doc,
    })
}

/// The entry of `user`'s index of finished games for `doc`.
fn finished_key<'a>(doc: &'a GameDoc, user: &'a str) -> Key<'a> {
    Key::UserFinished {
        ch: (&doc.channel).into(),
        user,
        id: doc.id,
    }
}

/// Changes applied together by [`Store::commit`]: all or nothing.
#[derive(Default)]
pub struct Batch {
    pub(crate) batch: kv::KvBatch,
    pub(crate) empty: bool,
}

impl Batch {
    pub(crate) fn insert(&mut self, k: Key<'_>, v: Vec<u8>) {
        self.batch.insert(k.encode(), v);
        self.empty = false;
    }

    pub(crate) fn remove(&mut self, k: Key<'_>) {
        self.batch.remove(k.encode());
        self.empty = false;
    }

    /// Writes `doc`, replacing `old` (its previous value, if any): keeps the
    /// per-user indexes (ongoing and finished games) and the timer index in
    /// step, and moves the game from ongoing to finished once it has a
    /// result.
    pub fn put_game(&mut self, doc: &GameDoc, old: Option<&GameDoc>) {
        if let Some(old) = old {
            self.unindex_game(old);
        }
        let ongoing = doc.result.is_none();
        if ongoing {
            for p in &doc.players {
                self.insert(Key::user_game(&doc.channel, &p.id, doc.id), Vec::new());
            }
            if let Some(due) = doc.next_event_ms {
                self.insert(
                    Key::timer(due, TimerKind::Game, &doc.channel, doc.id),
                    Vec::new(),
                );
            }
        } else {
            self.index_finished(doc);
        }
        self.insert(Key::game(ongoing, &doc.channel, doc.id), encode_doc(doc));
    }

    /// Lists finished game `doc` in its players' indexes of finished
    /// games.
    pub(crate) fn index_finished(&mut self, doc: &GameDoc) {
        for p in &doc.players {
            self.insert(finished_key(doc, &p.id), Vec::new());
        }
    }

    pub(crate) fn unindex_game(&mut self, old: &GameDoc) {
        let ongoing = old.result.is_none();
        self.remove(Key::game(ongoing, &old.channel, old.id));
        for p in &old.players {
            self.remove(Key::user_game(&old.channel, &p.id, old.id));
            if !ongoing {
                self.remove(finished_key(old, &p.id));
            }
        }
        if let Some(due) = old.next_event_ms {
            self.remove(Key::timer(due, TimerKind::Game, &old.channel, old.id));
        }
    }

    /// Writes a challenge, its expiry timer and its entry in the
    /// challenger's index of open challenges.
    pub fn put_challenge(&mut self, doc: &ChallengeDoc) {
        self.insert(Key::challenge(&doc.channel, doc.id), encode_doc(doc));
        self.index_challenge(doc);
        self.insert(
            Key::timer(doc.expires_ms, TimerKind::Challenge, &doc.channel, doc.id),
            Vec::new(),
        );
    }

    /// Lists challenge `doc` in its challenger's index of open challenges.
    pub(crate) fn index_challenge(&mut self, doc: &ChallengeDoc) {
        self.insert(
            Key::user_challenge(&doc.channel, &doc.challenger.id, doc.id),
            Vec::new(),
        );
    }

    /// Removes a challenge (answered, cancelled or expired), its timer and
    /// its index entry.
    pub fn remove_challenge(&mut self, doc: &ChallengeDoc) {
        self.remove(Key::challenge(&doc.channel, doc.id));
        self.remove(Key::user_challenge(
            &doc.channel,
            &doc.challenger.id,
            doc.id,
        ));
        self.remove(Key::timer(
            doc.expires_ms,
            TimerKind::Challenge,
            &doc.channel,
            doc.id,
        ));
    }

    /// Removes a timer that points at nothing (its record is gone).
    pub fn remove_timer(&mut self, t: &Timer) {
        self.remove(Key::timer(t.due_ms, t.kind, &t.channel, t.id));
    }

    /// Sets the channel's next id.
    pub fn set_next_id(&mut self, ch: &ChannelKey, next: u64) {
        self.insert(Key::NextId(ch.into()), encode(&next));
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
        self.insert(
            Key::Stats {
                of: StatsOf::vs_bot(vs_bot),
                platform,
                user,
                game,
            },
            encode_doc(s),
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
        self.insert(
            Key::Rating {
                platform,
                game,
                user,
            },
            encode_doc(r),
        );
        self.insert(
            Key::Community {
                platform,
                community,
                game,
                user,
            },
            Vec::new(),
        );
    }

    /// Sets the number of the last rated result applied.
    pub fn set_rating_seq(&mut self, seq: u64) {
        self.insert(Key::Meta(Meta::RatingSeq), encode(&seq));
    }

    /// Writes a user's profile.
    pub fn put_profile(&mut self, platform: Platform, user: &str, p: &ProfileDoc) {
        self.insert(Key::Profile { platform, user }, encode_doc(p));
    }

    /// Writes a channel's settings.
    pub fn put_channel(&mut self, ch: &ChannelKey, doc: &ChannelDoc) {
        self.insert(Key::Channel(ch.into()), encode_doc(doc));
    }

    /// Remembers a game's newest board message; `None` forgets it.
    pub fn put_board(&mut self, ch: &ChannelKey, game: u64, board: Option<&BoardDoc>) {
        match board {
            Some(b) => self.insert(Key::board(ch, game), encode_doc(b)),
            None => self.remove(Key::board(ch, game)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Key;

    /// A written document carries the version this build writes, though
    /// the type has no such field, and reads back as it was; one written
    /// by a newer build is refused rather than misread.
    #[test]
    fn documents_are_stamped_with_the_version() {
        let doc = ProfileDoc {
            name: "Ana".into(),
            lang: Some(Lang::Es),
        };
        let bytes = encode_doc(&doc);
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(json["version"], serde_json::json!(VERSION));
        assert_eq!(json["name"], "Ana");
        let k = Key::Profile {
            platform: Platform::Telegram,
            user: "7",
        }
        .encode();
        assert_eq!(read_value::<ProfileDoc>(&k, &bytes).unwrap(), doc);
        let newer = format!(r#"{{"version":{},"name":"Ana"}}"#, VERSION + 1);
        assert!(read_value::<ProfileDoc>(&k, newer.as_bytes()).is_err());
    }
}
