//! Playing: moves (typed or pressed), resigning, and finishing a game with
//! its stats in the same commit.

use tablero_rating::{Glicko2, Score};
use tablero_rules::{AnyGame, Lang, MoveError, Outcome as RulesOutcome, Side};
use tablero_store::{
    Batch, GameDoc, RATING_HISTORY, RatingChange, RatingPointDoc, ResultDoc, StatsDoc, Termination,
};

use crate::bots::next_event;
use crate::channel::{ChannelState, Live, already_played, apply, record_of};
use crate::command::GameNo;
use crate::event::{AppError, Event, Outcome, Verb};
use crate::reading;
use crate::state::{Actor, App, Res};
use crate::understand::{
    Context, Held, Intent, named_game, not_your_turn, out_of_turn, understand,
};
pub(crate) use crate::understand::{illegal, suggestions};

impl App {
    /// Plays `text` for the caller in game `n` (or the game it fits). With
    /// `ply`, the move was chosen on the board drawn after `ply` moves of
    /// game `n` (a button, or the bot): it is canonical, and plays only if
    /// the game still stands there, checked under the channel lock, so a
    /// press and a typed move on one position can never both apply.
    /// Without, it is what the player typed after `move`, read in their
    /// language.
    pub(crate) fn play(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        n: Option<GameNo>,
        text: &str,
        ply: Option<usize>,
    ) -> Outcome {
        let me = &who.user;
        let lang = ply.is_none().then(|| self.lang_of(&who.channel, &me.id));
        if ply.is_some()
            && let Some(n) = n
            && !st.games.contains_key(&n)
        {
            return Err(self.gone(&who.channel, n)?);
        }
        // `jugar ajedrez`, `move chess`, `jugar saltador nivel=5 negras`:
        // someone who wants to start a game (`jugar` is Spanish for "to
        // play"), unless it is a move in one of theirs.
        if ply.is_none()
            && let Some(game) = named_game(text)
            && !st
                .games_of(me)
                .iter()
                .any(|g| apply(&g.game, text, lang).is_ok())
        {
            return Err(AppError::GameNotMove(game));
        }
        let id = match n {
            Some(_) => st.pick(me, n, true, Verb::Move(text.to_string()))?,
            None => self.fitting_game(who, st, text, lang)?,
        };
        let live = st.live(id)?;
        if let Some(ply) = ply {
            check_press(live, id, ply, me)?;
        }
        let Some(side) = live.doc.side_of(&me.id) else {
            return Err(AppError::NotAPlayer(id));
        };
        let turn = live.game.turn().side;
        if turn != side {
            if already_played(live, me, text, lang) {
                return Err(AppError::AlreadyPlayed(id));
            }
            return Err(not_your_turn(live));
        }
        // `move #N Rh7`: a move written exactly as the game writes it, in
        // the reader's letters, is that move whatever else it could be.
        let written = n
            .zip(lang)
            .and_then(|(_, l)| reading::written_exactly(&live.game, text, l));
        let read = match &written {
            Some(m) => apply(&live.game, m, None),
            None => apply(&live.game, text, lang),
        };
        let (game, played) = match read {
            Ok(x) => x,
            Err(MoveError::Ambiguous { input, candidates }) if ply.is_none() => {
                return Err(AppError::DidYouMean {
                    text: input,
                    options: suggestions(live, &candidates),
                });
            }
            Err(error) => {
                if already_played(live, me, text, lang) {
                    return Err(AppError::AlreadyPlayed(id));
                }
                return Err(illegal(live, error));
            }
        };
        self.commit_moves(who, st, id, game, played)
    }

    /// Writes `played` (already checked legal, leading to `game`) to game
    /// `id` and reports it.
    fn commit_moves(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        id: u64,
        game: AnyGame,
        played: Vec<String>,
    ) -> Outcome {
        let me = &who.user;
        let live = st.live(id)?;
        let now = self.now();
        let old = live.doc.clone();
        let mut record = record_of(&old).map_err(AppError::Unreadable)?;
        record.moves.extend(played.iter().cloned());
        let mut doc = old.clone();
        doc.record = record.to_string();
        crate::gameclock::settle_move(&mut doc, live.game.turn().side, now);
        doc.turn_started_ms = now;
        doc.reminders_sent = 0;
        doc.draw_offer = None;
        doc.takeback = None;
        let outcome = game.outcome();
        let mut b = self.store.batch();
        let stats_guard = outcome.map(|_| self.store.lock_stats()).transpose()?;
        if let Some(o) = outcome {
            self.finish_doc(&mut doc, &mut b, result_of(o), now)?;
        } else {
            doc.next_event_ms = next_event(&doc, game.turn().side, now);
        }
        b.put_game(&doc, Some(&old));
        self.commit(b)?;
        drop(stats_guard);
        if outcome.is_none() && doc.bot.is_some_and(|b| b.side == game.turn().side) {
            // In their direct chat the player waits a moment for the
            // answer (`answers.rs`): registered before the search can end.
            if who.direct {
                self.expect_answer(&who.channel, id, record.moves.len());
            }
            self.queue_bot_move(&who.channel, id);
        }
        let live = Live { doc, record, game };
        let view = live.view(now);
        if outcome.is_some() {
            st.games.remove(&id);
        } else {
            st.games.insert(id, live);
        }
        Ok(Event::Played {
            by: me.clone(),
            moves: played,
            game: view,
        })
    }

    /// A message without a command word, read against the sender's games
    /// here (`understand.rs`): played when it is exactly one legal move,
    /// else a question, an answer or nothing.
    pub(crate) fn said(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        text: &str,
        addressed: bool,
    ) -> Outcome {
        let me = &who.user;
        let here = &who.channel;
        let intent = understand(
            text,
            &Context {
                here,
                me,
                lang: self.lang_of(here, &me.id),
                addressed,
                now: self.now(),
                games: st
                    .games_of(me)
                    .into_iter()
                    .map(|live| Held { chat: here, live })
                    .collect(),
            },
        );
        match intent {
            Intent::Play { id, moves, .. } => {
                let live = st.live(id)?;
                let (game, played) =
                    apply(&live.game, &moves.join(" "), None).map_err(|e| illegal(live, e))?;
                self.commit_moves(who, st, id, game, played)
            }
            Intent::Ignore => Ok(Event::Ignored),
            Intent::Refuse { error, .. } => Err(error),
            // Every game is here: none is in another chat to ask about.
            Intent::Which { games } => Err(AppError::NotAMove {
                text: text.to_string(),
                games: games.into_iter().map(|(_, v)| v).collect(),
            }),
        }
    }

    /// The game `move TEXT` without a number is for: the caller's only game
    /// where it reads as a legal move, else their only game to move in.
    fn fitting_game(
        &self,
        who: &Actor,
        st: &ChannelState,
        text: &str,
        lang: Option<Lang>,
    ) -> Res<u64> {
        let me = &who.user;
        let mine: Vec<&Live> = st.games_of(me);
        if mine.is_empty() {
            return Err(AppError::NotPlaying);
        }
        let to_move: Vec<&Live> = mine
            .iter()
            .copied()
            .filter(|g| g.doc.side_of(&me.id) == Some(g.game.turn().side))
            .collect();
        let fits: Vec<u64> = to_move
            .iter()
            .filter(|g| apply(&g.game, text, lang).is_ok())
            .map(|g| g.doc.id)
            .collect();
        // A move of none of the games to move, but of one where it is the
        // opponent's turn: that game is meant (`move Nc3` with a chess
        // game waiting and a Breakthrough game to move).
        let here = |live| Held {
            chat: &who.channel,
            live,
        };
        let held_mine: Vec<Held<'_>> = mine.iter().map(|&l| here(l)).collect();
        let held_to_move: Vec<Held<'_>> = to_move.iter().map(|&l| here(l)).collect();
        if fits.is_empty()
            && let Some(g) = out_of_turn(&held_mine, &held_to_move, text, lang)
        {
            if already_played(g.live, me, text, lang) {
                return Err(AppError::AlreadyPlayed(g.live.doc.id));
            }
            return Err(not_your_turn(g.live));
        }
        match (fits.as_slice(), to_move.as_slice(), mine.as_slice()) {
            ([one], _, _) => Ok(*one),
            ([], [one], _) => Ok(one.doc.id),
            ([], [], [one]) => Ok(one.doc.id),
            ([], [], many) => {
                // Not their turn anywhere: maybe a repeated move.
                match many.iter().find(|g| already_played(g, me, text, lang)) {
                    Some(g) => Err(AppError::AlreadyPlayed(g.doc.id)),
                    None => Err(AppError::NotYourTurnAnywhere),
                }
            }
            ([], many, _) => {
                // A move in none of them: say so, rather than ask which
                // game a text that is no move should be played in.
                let readable: Vec<u64> = many
                    .iter()
                    .filter(|g| {
                        !matches!(apply(&g.game, text, lang), Err(MoveError::Syntax { .. }))
                    })
                    .map(|g| g.doc.id)
                    .collect();
                if readable.is_empty() {
                    return Err(AppError::NotAMove {
                        text: text.to_string(),
                        games: many.iter().map(|g| g.view(0)).collect(),
                    });
                }
                Err(st.which(&readable, Verb::Move(text.to_string())))
            }
            (several, _, _) => Err(st.which(several, Verb::Move(text.to_string()))),
        }
    }

    /// Marks `doc` finished with `result` and adds the players' stats (and,
    /// for a rated game, their new ratings; for a tournament's game, the
    /// tournament's new state) to `b`. The caller commits `b`
    /// holding the stats lock, so every rated result is applied once, in
    /// one order, in the same commit as the result.
    pub(crate) fn finish_doc(
        &self,
        doc: &mut GameDoc,
        b: &mut Batch,
        result: ResultDoc,
        now: i64,
    ) -> Res<()> {
        let game = record_of(doc).map_err(AppError::Unreadable)?.game;
        let platform = doc.channel.platform;
        let vs_bot = doc.bot.is_some();
        if vs_bot {
            // The bot's engine of this game is no longer needed.
            self.forget_engine(&doc.channel, doc.id);
        }
        for side in Side::ALL {
            if doc.bot.is_some_and(|b| b.side == side) {
                continue;
            }
            let u = doc.player(side);
            let past = if doc.learning {
                self.store.learning_stats(platform, &u.id)?
            } else {
                self.store.stats(platform, &u.id, vs_bot)?
            };
            let mut s: StatsDoc = past
                .into_iter()
                .find(|(g, _)| *g == game)
                .map(|(_, s)| s)
                .unwrap_or_default();
            match result.winner {
                None => {
                    s.draws += 1;
                    s.streak = 0;
                }
                Some(w) if w == side => {
                    s.wins += 1;
                    s.streak = s.streak.max(0).saturating_add(1);
                    s.best_streak = s.best_streak.max(s.streak.unsigned_abs());
                }
                Some(_) => {
                    s.losses += 1;
                    s.streak = s.streak.min(0).saturating_sub(1);
                }
            }
            if doc.learning {
                b.put_learning_stats(platform, &u.id, game, &s);
            } else {
                b.put_stats(platform, &u.id, game, vs_bot, &s);
            }
        }
        if doc.rated && doc.bot.is_none() && doc.players[0].id != doc.players[1].id {
            doc.rating = Some(self.rate(doc, game, b, result, now)?);
        }
        doc.result = Some(result);
        doc.finished_ms = Some(now);
        doc.next_event_ms = None;
        doc.draw_offer = None;
        doc.takeback = None;
        // A tournament's game: its result, and the next round when this
        // completes one, in the same batch (`rounds.rs`).
        self.tournament_game_ended(doc, &result, b, now)
    }

    /// Rates a finished game: both players' new ratings and the next
    /// rating sequence number go into `b`.
    fn rate(
        &self,
        doc: &GameDoc,
        game: tablero_rules::GameId,
        b: &mut Batch,
        result: ResultDoc,
        now: i64,
    ) -> Res<RatingChange> {
        let glicko = Glicko2::default();
        let platform = doc.channel.platform;
        let community = doc.community.as_deref().unwrap_or(&doc.channel.channel);
        let mut docs = Vec::with_capacity(2);
        for side in Side::ALL {
            let r = self
                .store
                .rating(platform, game, &doc.player(side).id)?
                .unwrap_or_default();
            docs.push(r);
        }
        let score = match result.winner {
            None => Score::Draw,
            Some(Side::First) => Score::Win,
            Some(Side::Second) => Score::Loss,
        };
        let before = [
            glicko.current(&docs[0].rating, now),
            glicko.current(&docs[1].rating, now),
        ];
        let (a, z) = glicko.rate_game(&docs[0].rating, &docs[1].rating, score, now);
        let seq = self.store.rating_seq()? + 1;
        b.set_rating_seq(seq);
        for (side, new) in Side::ALL.into_iter().zip([a, z]) {
            let r = &mut docs[side.index()];
            r.name = doc.player(side).name.clone();
            r.rating = new;
            r.history.push(RatingPointDoc {
                ms: now,
                rating: new.rating.rating,
                deviation: new.rating.deviation,
            });
            if r.history.len() > RATING_HISTORY {
                let cut = r.history.len() - RATING_HISTORY;
                r.history.drain(..cut);
            }
            b.put_rating(platform, community, &doc.player(side).id, game, r);
        }
        Ok(RatingChange {
            seq,
            before,
            after: [a.rating, z.rating],
        })
    }

    /// Ends a game for a reason outside the rules (resignation, agreement,
    /// time) and writes it. Returns the finished game.
    pub(crate) fn end_game(&self, st: &mut ChannelState, id: u64, result: ResultDoc) -> Res<Live> {
        let live = st.live(id)?;
        let old = live.doc.clone();
        let mut doc = old.clone();
        let mut b = self.store.batch();
        let _stats = self.store.lock_stats()?;
        self.finish_doc(&mut doc, &mut b, result, self.now())?;
        b.put_game(&doc, Some(&old));
        self.commit(b)?;
        let live = st.games.remove(&id).expect("checked above");
        Ok(Live {
            doc,
            record: live.record,
            game: live.game,
        })
    }

    /// A typed `resign` without `yes`: the game it would end and how to
    /// confirm, as the board's Resign button asks first. Nothing changes.
    pub(crate) fn ask_resign(&self, who: &Actor, st: &ChannelState, n: Option<GameNo>) -> Outcome {
        let id = st.pick(&who.user, n, true, Verb::Resign)?;
        let live = st.live(id)?;
        live.doc
            .side_of(&who.user.id)
            .ok_or(AppError::NotAPlayer(id))?;
        Ok(Event::ResignAsked {
            game: live.view(self.now()),
        })
    }

    pub(crate) fn resign(&self, who: &Actor, st: &mut ChannelState, n: Option<GameNo>) -> Outcome {
        let id = st.pick(&who.user, n, true, Verb::Resign)?;
        let side = st
            .live(id)?
            .doc
            .side_of(&who.user.id)
            .ok_or(AppError::NotAPlayer(id))?;
        let live = self.end_game(
            st,
            id,
            ResultDoc {
                winner: Some(side.other()),
                termination: Termination::Resigned,
            },
        )?;
        Ok(Event::Resigned {
            by: who.user.clone(),
            game: live.view(self.now()),
        })
    }
}

/// Whether a press on the board of game `id` drawn after `ply` moves may
/// still act: same position, a player, not over.
pub(crate) fn check_press(live: &Live, id: u64, ply: usize, me: &crate::reply::User) -> Res<()> {
    let moves = record_of(&live.doc)
        .map_err(AppError::Unreadable)?
        .moves
        .len();
    if moves != ply {
        return Err(AppError::StaleBoard(id));
    }
    if live.doc.side_of(&me.id).is_none() {
        return Err(AppError::NotAPlayer(id));
    }
    if live.game.outcome().is_some() {
        return Err(AppError::GameOver(id));
    }
    Ok(())
}

/// A result the rules decided.
pub(crate) fn result_of(o: RulesOutcome) -> ResultDoc {
    ResultDoc {
        winner: o.winner,
        termination: Termination::Rules(o.reason),
    }
}
