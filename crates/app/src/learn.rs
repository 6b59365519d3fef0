//! Help while playing: `moves SQUARE` (where a piece may go, drawn as
//! lichess does: dots and capture rings, the moves as buttons), `hint` (a
//! good move from the engine and why) and `learn GAME` (a game against
//! Tablero at level 1 whose every answer names one thing worth seeing).
//!
//! The rules say where moves go (`tablero_rules::teach::targets`); the
//! engine's analysis (`tablero_engine::analysis`) says what is good and
//! why; the catalogue words both (`text/learn.rs`). Searches run outside
//! the channel lock, holding a place in the pool of heavy jobs
//! (`heavy.rs`): a hint on the caller's request thread within their
//! share, a learning game's notice on the bot's worker after its move.

use tablero_engine::analysis::{self, Notice};
use tablero_rules::teach::{Mark, target_marks, targets};
use tablero_rules::{AnyGame, Cell, GameId};

use crate::channel::ChannelState;
use crate::command::GameNo;
use crate::event::{AppError, Event, Outcome, Verb};
use crate::reply::{Reply, User};
use crate::state::{Actor, App};
use crate::terms::Terms;

impl App {
    /// `moves SQUARE` in game `n` (or the one the caller means): the moves
    /// of the piece on `square`, or without one the moves of no piece
    /// (placements). Anyone in the channel may ask; only the player to
    /// move can play the buttons.
    pub(crate) fn moves(
        &self,
        who: &Actor,
        st: &ChannelState,
        n: Option<GameNo>,
        square: Option<&str>,
    ) -> Outcome {
        let verb = Verb::Moves(square.map(|w| w.trim().to_string()));
        let id = match (n, square) {
            // `moves f6`: the one game of the caller's (else of anyone's
            // here) with a piece on f6, when the square tells.
            (None, Some(word)) => {
                let mine = st.games_of(&who.user);
                let pool: Vec<&crate::channel::Live> = if mine.is_empty() {
                    st.games.values().collect()
                } else {
                    mine
                };
                let with_piece: Vec<u64> = pool
                    .iter()
                    .filter(|g| {
                        square_of(&g.game, word)
                            .and_then(|c| g.game.view().cell(c).and_then(|v| v.piece))
                            .is_some()
                    })
                    .map(|g| g.doc.id)
                    .collect();
                match with_piece.as_slice() {
                    [one] => *one,
                    [] => st.pick(&who.user, n, false, verb)?,
                    many => return Err(st.which(many, verb)),
                }
            }
            _ => st.pick(&who.user, n, false, verb)?,
        };
        let live = st.live(id)?;
        let game = &live.game;
        let Some(to_move) = game.view().status.to_move else {
            return Err(AppError::GameOver(id));
        };
        let lang = self.lang_of(&who.channel, &who.user.id);
        let groups = crate::press::choice_groups_in(game, lang);
        let cell = match square {
            None => None,
            Some(word) => Some(square_of(game, word).ok_or_else(|| AppError::NotASquare {
                word: word.to_string(),
                id,
            })?),
        };
        let origin = cell.map(|c| c.to_string());
        let shown: Vec<_> = groups
            .iter()
            .filter(|g| g.origin == origin)
            .cloned()
            .collect();
        if shown.is_empty() {
            let view = game.view();
            return Err(match cell {
                // No placement to show: which piece?
                None => AppError::WhichPiece {
                    id,
                    origins: groups.iter().filter_map(|g| g.origin.clone()).collect(),
                },
                Some(c) => match view.cell(c).and_then(|v| v.piece) {
                    None => AppError::EmptySquare {
                        cell: c.to_string(),
                        id,
                    },
                    Some(p) if Some(p.color) == view.status.colors[to_move.index()] => {
                        AppError::NoMovesFrom {
                            cell: c.to_string(),
                            id,
                        }
                    }
                    Some(_) => AppError::NotToMovePiece {
                        cell: c.to_string(),
                        id,
                        waiting: live.doc.player(to_move).clone(),
                    },
                },
            });
        }
        let targets = targets(game, cell)
            .into_iter()
            .filter(|t| t.from == cell)
            .collect();
        Ok(Event::Moves {
            game: live.view(self.now()),
            square: cell,
            targets,
            groups: shown,
        })
    }

    /// `hint` in game `n`: a good move for the caller, who is to move in
    /// a game against Tablero, and why. The search runs after the channel
    /// lock is released, in the pool of heavy jobs within the caller's
    /// share.
    pub(crate) fn hint(&self, who: &Actor, n: Option<GameNo>) -> Outcome {
        let view = self.with_channel(&who.channel, |st| {
            // Without a number, the caller's games against Tablero are the
            // ones a hint can mean: a game between people here does not
            // make `hint` ambiguous.
            let vs_bot: Vec<u64> = st
                .games_of(&who.user)
                .into_iter()
                .filter(|g| g.doc.bot.is_some())
                .map(|g| g.doc.id)
                .collect();
            let id = match (n, vs_bot.as_slice()) {
                (None, [one]) => *one,
                (None, many) if many.len() > 1 => return Err(st.which(many, Verb::Hint)),
                _ => st.pick(&who.user, n, true, Verb::Hint)?,
            };
            let live = st.live(id)?;
            if live.doc.bot.is_none() {
                return Err(AppError::HintVsPeople(id));
            }
            let side = live
                .doc
                .side_of(&who.user.id)
                .ok_or(AppError::NotAPlayer(id))?;
            let turn = live.game.turn().side;
            if live.game.outcome().is_some() {
                return Err(AppError::GameOver(id));
            }
            if turn != side {
                return Err(AppError::NotYourTurn {
                    id,
                    game: live.game.id(),
                    waiting_for: live.doc.player(turn).clone(),
                });
            }
            Ok(live.view(self.now()))
        })?;
        let _place = self
            .heavy
            .enter(
                (who.channel.platform, who.user.id.clone()),
                Some(crate::heavy::WAIT),
            )
            .map_err(AppError::Limit)?;
        let id = view.id();
        let hint = analysis::hint(&view.game, analysis::analysis_limits(view.game.id()))
            .map_err(|_| AppError::GameOver(id))?;
        Ok(Event::Hint {
            by: who.user.clone(),
            game: view,
            hint,
        })
    }

    /// `learn GAME`: a game against the bot at level 1 that points out
    /// what is worth seeing after every move, unrated and counted apart.
    pub(crate) fn learn(&self, who: &Actor, game: GameId, mut terms: Terms) -> Outcome {
        let ch = &who.channel;
        let bot = self.bot_user(ch.platform).ok_or(AppError::NoBotHere)?;
        terms.level = Some(1);
        self.with_channel(ch, |st| {
            self.challenge(who, st, Some(bot), None, game, terms, true)
        })
    }

    /// The marks a teaching event draws over its board: a piece's moves
    /// as dots and rings; a hint's move as an arrow (or dots where it
    /// places) with a ring on what it takes. `None` for other events.
    pub(crate) fn marks_of(e: &Event) -> Option<Vec<Mark>> {
        match e {
            Event::Moves { targets, .. } => Some(target_marks(targets)),
            Event::Hint { game, hint, .. } => {
                let t = targets(&game.game, None)
                    .into_iter()
                    .find(|t| t.text == hint.analysis.best)?;
                let mut marks: Vec<Mark> = match t.from {
                    Some(from) => t.to.iter().map(|&to| Mark::Arrow { from, to }).collect(),
                    None => t.to.iter().map(|&c| Mark::Dot(c)).collect(),
                };
                marks.extend(t.captures.iter().map(|&c| Mark::Ring(c)));
                Some(marks)
            }
            _ => None,
        }
    }

    /// What is worth seeing for the player after the bot's move `last`
    /// from `before`, in a learning game of `player` on `platform`:
    /// searched on the bot's worker (while its answer waits out its
    /// least delay), holding a place in the pool of heavy jobs. `None`
    /// when the move ends the game, leaves the bot to move again, or the
    /// search fails.
    pub(crate) fn learning_notice(
        &self,
        before: &AnyGame,
        last: &str,
        platform: crate::reply::Platform,
        player: &User,
    ) -> Option<Notice> {
        let mut game = before.clone();
        game.play(last).ok()?;
        if game.outcome().is_some() || game.turn().side == before.turn().side {
            return None;
        }
        let _place = self.heavy.enter((platform, player.id.clone()), None);
        analysis::notice(before, last, &game, analysis::quick_limits(game.id()))
            .map_err(|e| tracing::warn!(error = %e, "no notice for a learning game"))
            .ok()
    }

    /// Adds `notice` to the bot's answer `reply` in learning game `doc`.
    pub(crate) fn add_notice(doc: &crate::view::GameView, notice: &Notice, reply: &mut Reply) {
        let Some(bot) = doc.bot else {
            return;
        };
        let id = doc.record.game;
        let text = crate::text::notice(notice, id, doc.player(bot.side));
        reply.text.en.append(text.en);
        reply.text.es.append(text.es);
        reply.mentions = reply.text.get(reply.lang).mentioned();
    }
}

/// The cell `word` names on `game`'s board (any case), if it is one.
fn square_of(game: &AnyGame, word: &str) -> Option<Cell> {
    let cell = Cell::parse(&word.trim().to_lowercase())?;
    game.view().cell(cell).map(|c| c.cell)
}
