//! A tournament's rounds in the chat: each pairing played over the board
//! is a normal game of the channel (clocks, reminders, boards, replays),
//! which names its tournament, round and board. When such a game ends,
//! however it ends, `finish_doc` calls [`App::tournament_game_ended`]: the
//! result is recorded in the tournament and, if the round is complete, the
//! next round is paired and its games created, all in the batch that ends
//! the game. That batch is committed under the channel's lock (this
//! process's and the store's), and the game leaves the ongoing ones in it,
//! so a round is paired exactly once, whichever process or restart sees
//! the last game end.
//!
//! A loss on time is a loss over the board, unless the loser never moved
//! in the game: then it is a forfeit (the player did not show up), which
//! the Swiss pairing remembers (no bye afterwards, no rematch).

use tablero_rules::{GameRecord, Side};
use tablero_store::{
    Batch, GameDoc, ResultDoc, RoundClosed, StoreError, Termination, TournamentDoc, TournamentGame,
    TournamentRef,
};
use tablero_tournament::{Advance, GameResult, PlayerId, Tournament};

use crate::bots::next_event;
use crate::channel::{movers, record_of};
use crate::event::AppError;
use crate::reply::{ChannelKey, User};
use crate::state::{App, Res};
use crate::tourview::{RoundNews, TournamentView};

/// The tournament core's state kept in `doc`.
pub(crate) fn core_of(doc: &TournamentDoc) -> Res<Tournament> {
    serde_json::from_value(doc.state.clone())
        .map_err(|e| AppError::Unreadable(format!("tournament #{}: {e}", doc.id)))
}

/// Keeps `t` as `doc`'s state.
pub(crate) fn set_core(doc: &mut TournamentDoc, t: &Tournament) -> Res<()> {
    doc.state = serde_json::to_value(t).map_err(|e| AppError::Unreadable(e.to_string()))?;
    Ok(())
}

/// What the chat shows of `doc` (whose state is `t`).
pub(crate) fn view_of(doc: &TournamentDoc, t: &Tournament) -> TournamentView {
    TournamentView {
        channel: doc.channel.clone(),
        id: doc.id,
        game: doc.game,
        tournament: t.clone(),
        games: doc
            .games
            .iter()
            .map(|g| (g.round, g.board, g.game))
            .collect(),
        move_limit_secs: doc.move_limit_secs,
        rated: doc.rated,
        creator: doc.creator.clone(),
        deadline_ms: doc.deadline_ms,
    }
}

/// How the tournament scores a finished game: White is the game's first
/// side; a loss on time without a single move of the loser is a forfeit.
pub(crate) fn tournament_result(doc: &GameDoc, r: &ResultDoc) -> GameResult {
    let Some(winner) = r.winner else {
        return GameResult::Draw;
    };
    let loser = winner.other();
    let never_moved = || {
        record_of(doc)
            .map(|rec| !movers(&rec).contains(&loser))
            .unwrap_or(false)
    };
    let forfeit = r.termination == Termination::Time && never_moved();
    match (winner, forfeit) {
        (Side::First, false) => GameResult::WhiteWins,
        (Side::Second, false) => GameResult::BlackWins,
        (Side::First, true) => GameResult::WhiteWinsByForfeit,
        (Side::Second, true) => GameResult::BlackWinsByForfeit,
    }
}

fn user_of(t: &Tournament, id: &PlayerId) -> User {
    User {
        id: id.0.clone(),
        name: t
            .player(id)
            .map_or_else(|| id.0.clone(), |p| p.name.clone()),
    }
}

impl App {
    /// Records the result of finished game `doc` in its tournament, if it
    /// belongs to one, and pairs what follows; all into `b`, the batch
    /// that finishes the game.
    pub(crate) fn tournament_game_ended(
        &self,
        doc: &GameDoc,
        result: &ResultDoc,
        b: &mut Batch,
        now: i64,
    ) -> Res<()> {
        let Some(at) = doc.tournament else {
            return Ok(());
        };
        // A tournament that is gone or unreadable (set aside) never keeps
        // its game from ending; a store that cannot be read fails the end.
        let mut tdoc = match self.store.tournament(&doc.channel, at.tournament) {
            Ok(Some(d)) => d,
            Ok(None) => {
                tracing::warn!(game = doc.id, "a game's tournament is gone");
                return Ok(());
            }
            Err(e @ StoreError::Corrupt { .. }) => {
                tracing::warn!(game = doc.id, error = %e, "a game's tournament is unreadable");
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        let mut t = match core_of(&tdoc) {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(game = doc.id, error = ?e, "a tournament's state is unreadable");
                return Ok(());
            }
        };
        match t.record_result(at.round, at.board, tournament_result(doc, result)) {
            Ok(true) => self.next_rounds(&mut tdoc, &mut t, b, now, doc.id)?,
            Ok(false) => {}
            Err(e) => {
                // Already decided (a withdrawal) or no longer current.
                tracing::info!(game = doc.id, error = %e, "tournament result not recorded");
                return Ok(());
            }
        }
        set_core(&mut tdoc, &t)?;
        b.put_tournament(&tdoc);
        Ok(())
    }

    /// After the current round of `t` is complete (`closed_by`: the game
    /// whose end completed it, 0 for a withdrawal): pairs the next round,
    /// and the one after while a round is decided as soon as it is paired
    /// (round-robin games against withdrawn players), then creates the
    /// games of the round to play. Into `b`; `tdoc`'s state is the
    /// caller's to set.
    pub(crate) fn next_rounds(
        &self,
        tdoc: &mut TournamentDoc,
        t: &mut Tournament,
        b: &mut Batch,
        now: i64,
        closed_by: u64,
    ) -> Res<()> {
        let round = t.current_round().map_or(0, |r| r.number);
        tdoc.closed_by.push(RoundClosed {
            round,
            game: closed_by,
        });
        loop {
            match t.advance() {
                Ok(Advance::Finished) => return Ok(()),
                Ok(Advance::Paired(_)) if t.round_complete() => {}
                Ok(Advance::Paired(_)) => return self.create_round_games(tdoc, t, b, now),
                Err(e) => return Err(AppError::Unreadable(e.to_string())),
            }
        }
    }

    /// Creates a game in the channel for every undecided pairing of `t`'s
    /// current round, numbered from the channel's next id, into `b`.
    pub(crate) fn create_round_games(
        &self,
        tdoc: &mut TournamentDoc,
        t: &Tournament,
        b: &mut Batch,
        now: i64,
    ) -> Res<()> {
        let Some(round) = t.current_round() else {
            return Ok(());
        };
        let ch = tdoc.channel.clone();
        let record: GameRecord = format!("{} {}:", tdoc.game.key(), tdoc.setup)
            .parse()
            .map_err(|e: tablero_rules::RecordError| AppError::Unreadable(e.to_string()))?;
        let first = record
            .replay()
            .map_err(|e| AppError::Unreadable(e.to_string()))?
            .turn()
            .side;
        let mut next = self.store.next_id(&ch)?;
        for g in round.games.iter().filter(|g| g.result.is_none()) {
            let players = [user_of(t, &g.white), user_of(t, &g.black)];
            let mut doc = GameDoc {
                move_limit_secs: tdoc.move_limit_secs,
                rated: tdoc.rated,
                community: tdoc.community.clone(),
                tournament: Some(TournamentRef {
                    tournament: tdoc.id,
                    round: round.number,
                    board: g.board,
                }),
                clock: crate::gameclock::starting(
                    tdoc.clock.as_ref(),
                    tdoc.move_limit_secs,
                    self.away_of(ch.platform, &players),
                ),
                ..GameDoc::new(ch.clone(), next, players.clone(), record.to_string(), now)
            };
            doc.next_event_ms = next_event(&doc, first, now);
            b.put_game(&doc, None);
            tdoc.games.push(TournamentGame {
                round: round.number,
                board: g.board,
                game: next,
            });
            next += 1;
        }
        b.set_next_id(&ch, next);
        // The cache of the channel's games learns of them from the store.
        self.reload_channel(&ch);
        Ok(())
    }

    /// For a finished game of a tournament: the tournament's number, the
    /// game's round and board, and, when this game's end completed its
    /// round, what that brought (standings, the next round or the end).
    pub(crate) fn round_news(
        &self,
        ch: &ChannelKey,
        game: u64,
    ) -> Option<(TournamentRef, Option<RoundNews>)> {
        let doc = self.store.game(ch, game, false).ok()??;
        let at = doc.tournament?;
        let tdoc = self.store.tournament(ch, at.tournament).ok()??;
        let closed = tdoc.closed_by.contains(&RoundClosed {
            round: at.round,
            game,
        });
        let news = closed
            .then(|| core_of(&tdoc).ok())
            .flatten()
            .map(|t| RoundNews {
                round: at.round,
                view: view_of(&tdoc, &t),
            });
        Some((at, news))
    }
}
