//! Tournaments held in a chat: one document per tournament, under the
//! channel that holds it, numbered from the channel's ids (shared with its
//! games and challenges, so `#7` names one thing). Key layout (prefix
//! `v`):
//!
//! | key | value |
//! |---|---|
//! | `v`, platform, channel, tournament id | [`TournamentDoc`] |
//!
//! The store does not know the tournament's rules: the pairing state is
//! kept as the JSON the tournament core serialises to (as a game is kept
//! as its record's text), and the app reads it back. A game played for a
//! tournament names it in [`GameDoc::tournament`]; the app writes the
//! game's result, the tournament's new state and the next round's games
//! in one batch.

use serde::{Deserialize, Serialize};

use crate::keys::{Key, Scan};
use crate::*;

/// A tournament of one chat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentDoc {
    pub channel: ChannelKey,
    /// The tournament's number in the channel (from the channel's ids).
    pub id: u64,
    /// The tournament core's state (players, rounds, results), as it
    /// serialises itself.
    pub state: serde_json::Value,
    /// The game every pairing plays, and its setup words.
    #[serde(with = "keyed")]
    pub game: GameId,
    pub setup: String,
    /// The per-move time limit of its games, `None` for none.
    pub move_limit_secs: Option<u64>,
    /// Whether its games change ratings.
    pub rated: bool,
    pub creator: UserRef,
    pub created_ms: i64,
    /// The chat or server whose leaderboard its games count in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// The chat game of each pairing played over the board.
    #[serde(default)]
    pub games: Vec<TournamentGame>,
    /// Which game's end completed each round (0: a withdrawal did), so
    /// that the standings are announced once, under that game's result.
    #[serde(default)]
    pub closed_by: Vec<RoundClosed>,
    /// When joining closes and the tournament starts by itself (or is
    /// cancelled, with too few players), if it was given a deadline; its
    /// timer ([`TimerKind::Tournament`]) is kept by
    /// [`Batch::put_tournament_deadline`] and
    /// [`Batch::remove_tournament_deadline`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<i64>,
    /// Its games' clock terms beyond the time per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockDoc>,
}

/// The chat game of one pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub round: u32,
    pub board: u32,
    /// The game's number in the channel.
    pub game: u64,
}

/// The end that completed a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundClosed {
    pub round: u32,
    /// The game whose result completed it; 0 when a withdrawal did.
    pub game: u64,
}

/// A game's place in a tournament of its channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TournamentRef {
    /// The tournament's number in the game's channel.
    pub tournament: u64,
    pub round: u32,
    pub board: u32,
}

impl TournamentDoc {
    /// The chat game of `round`'s board `board`, if one was created.
    #[must_use]
    pub fn game_of(&self, round: u32, board: u32) -> Option<u64> {
        self.games
            .iter()
            .find(|g| g.round == round && g.board == board)
            .map(|g| g.game)
    }
}

impl Document for TournamentDoc {}

impl Batch {
    /// Writes a tournament.
    pub fn put_tournament(&mut self, doc: &TournamentDoc) {
        self.insert(Key::tournament(&doc.channel, doc.id), encode_doc(doc));
    }

    /// Sets the timer of `doc`'s join deadline, if it has one.
    pub fn put_tournament_deadline(&mut self, doc: &TournamentDoc) {
        if let Some(due) = doc.deadline_ms {
            self.insert(
                Key::timer(due, TimerKind::Tournament, &doc.channel, doc.id),
                Vec::new(),
            );
        }
    }

    /// Removes the timer of `doc`'s join deadline, if it has one (the
    /// tournament started before it, or the deadline came).
    pub fn remove_tournament_deadline(&mut self, doc: &TournamentDoc) {
        if let Some(due) = doc.deadline_ms {
            self.remove(Key::timer(due, TimerKind::Tournament, &doc.channel, doc.id));
        }
    }
}

impl Store {
    /// Tournament `id` of channel `ch`.
    pub fn tournament(&self, ch: &ChannelKey, id: u64) -> Result<Option<TournamentDoc>> {
        self.get(Key::tournament(ch, id))
    }

    /// The tournaments of a channel, by id; unreadable ones are
    /// quarantined and returned as errors beside the good ones.
    pub fn channel_tournaments(&self, ch: &ChannelKey) -> Result<Vec<Result<TournamentDoc>>> {
        self.scan(Scan::Tournaments(ch.into()))
    }

    /// Adds to `b` the moves of channel `from`'s tournaments to `to`
    /// (`Store::move_channel`).
    pub(crate) fn move_tournaments(
        &self,
        from: &ChannelKey,
        to: &ChannelKey,
        b: &mut Batch,
    ) -> Result<usize> {
        let mut moved = 0;
        for doc in self.channel_tournaments(from)?.into_iter().flatten() {
            b.remove(Key::tournament(from, doc.id));
            b.remove_tournament_deadline(&doc);
            let doc = TournamentDoc {
                channel: to.clone(),
                ..doc
            };
            b.put_tournament(&doc);
            b.put_tournament_deadline(&doc);
            moved += 1;
        }
        Ok(moved)
    }
}
