//! Offers: a draw offer and a takeback request are one state machine. A
//! player makes one; the opponent accepts or declines it; any move clears
//! it. The two kinds differ only in when one may be made (a game with
//! draws; a player who has moved), in what repeating it means while the
//! opponent's own is pending (offering a draw back agrees to it; asking
//! for a takeback back must answer first), and in what accepting does
//! (the game ends drawn; the last moves are undone).

use tablero_rules::Side;
use tablero_store::{ResultDoc, Termination};

use crate::bots::next_event;
use crate::channel::{ChannelState, Live, info_of, movers, record_of};
use crate::command::{Answer, GameNo};
use crate::event::{AppError, Event, OfferStep, Outcome, Verb};
use crate::state::{Actor, App, Res};
use crate::view::OfferKind;

/// The game `draw`/`takeback` without a number means. An answer (or a
/// bare `draw`, which accepts an offered one) goes to the game where the
/// opponent's offer of that kind waits; an offer goes to the caller's
/// games where it can be made (a game with draws; a game they have moved
/// in), and among several to the one they moved in last — a draw is
/// offered right after one's own move.
fn pick_offer(
    st: &ChannelState,
    me: &crate::reply::User,
    kind: OfferKind,
    answer: Option<Answer>,
) -> Res<u64> {
    let mine: Vec<&Live> = st.games_of(me);
    if mine.is_empty() {
        return Err(AppError::NotPlaying);
    }
    let waiting: Vec<u64> = mine
        .iter()
        .filter(|g| {
            let side = g.doc.side_of(&me.id);
            g.doc
                .offer(kind.stored())
                .is_some_and(|by| Some(by) != side)
        })
        .map(|g| g.doc.id)
        .collect();
    match (answer, waiting.as_slice()) {
        (_, [one]) => return Ok(*one),
        (Some(_), []) if kind == OfferKind::Draw && !mine.iter().any(|g| info_of(&g.doc).draws) => {
            return Err(AppError::NoDraws(
                record_of(&mine[0].doc).map_err(AppError::Unreadable)?.game,
            ));
        }
        (Some(_), []) => return Err(AppError::NoOffer(kind)),
        (_, []) => {}
        (_, many) => return Err(st.which(many, Verb::Offer(kind))),
    }
    let able: Vec<&Live> = mine
        .iter()
        .copied()
        .filter(|g| {
            let side = g.doc.side_of(&me.id);
            match kind {
                OfferKind::Draw => info_of(&g.doc).draws,
                OfferKind::Takeback => {
                    record_of(&g.doc).is_ok_and(|r| movers(&r).iter().any(|s| Some(*s) == side))
                }
            }
        })
        .collect();
    match able.as_slice() {
        [] if kind == OfferKind::Draw => Err(AppError::NoDraws(
            record_of(&mine[0].doc).map_err(AppError::Unreadable)?.game,
        )),
        [] => Err(AppError::NotMovedYet),
        [one] => Ok(one.doc.id),
        many => {
            // The game the caller moved in last, if one clearly is.
            let mut just_moved: Vec<&&Live> = many
                .iter()
                .filter(|g| g.doc.side_of(&me.id) != Some(g.game.turn().side))
                .collect();
            just_moved.sort_by_key(|g| std::cmp::Reverse(g.doc.turn_started_ms));
            match just_moved.as_slice() {
                [first, rest @ ..]
                    if rest
                        .first()
                        .is_none_or(|r| r.doc.turn_started_ms < first.doc.turn_started_ms) =>
                {
                    Ok(first.doc.id)
                }
                _ => {
                    let ids: Vec<u64> = many.iter().map(|g| g.doc.id).collect();
                    Err(st.which(&ids, Verb::Offer(kind)))
                }
            }
        }
    }
}

impl App {
    /// `draw`/`takeback`, with an answer or without (an offer).
    pub(crate) fn offer(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        kind: OfferKind,
        answer: Option<Answer>,
        n: Option<GameNo>,
    ) -> Outcome {
        let me = &who.user;
        let id = match n {
            Some(_) => st.pick(me, n, true, Verb::Offer(kind))?,
            None => pick_offer(st, me, kind, answer)?,
        };
        let live = st.live(id)?;
        let side = live.doc.side_of(&me.id).ok_or(AppError::NotAPlayer(id))?;
        let info = info_of(&live.doc);
        if kind == OfferKind::Draw && !info.draws {
            return Err(AppError::NoDraws(
                record_of(&live.doc).map_err(AppError::Unreadable)?.game,
            ));
        }
        let them = live.doc.player(side.other()).clone();
        let pending = live.doc.offer(kind.stored());
        let theirs = pending == Some(side.other());
        let answer = match (answer, theirs, kind) {
            (None, true, OfferKind::Draw) => Some(Answer::Accept),
            (None, true, OfferKind::Takeback) => {
                return Err(AppError::AnswerFirst { kind, id, them });
            }
            (a, _, _) => a,
        };
        let step = match answer {
            Some(_) if !theirs => return Err(AppError::NoOffer(kind)),
            Some(Answer::Accept) => OfferStep::Accepted,
            Some(Answer::Decline) => OfferStep::Declined,
            None if pending == Some(side) => {
                return Err(AppError::AlreadyOffered { kind, id, them });
            }
            None => {
                if kind == OfferKind::Takeback {
                    let record = record_of(&live.doc).map_err(AppError::Unreadable)?;
                    if !movers(&record).contains(&side) {
                        return Err(AppError::NotMovedYet);
                    }
                }
                OfferStep::Made
            }
        };
        // The bot answers at once: it takes back a move for a learner, and
        // plays on rather than agree to a draw.
        if step == OfferStep::Made
            && let Some(bot) = live.doc.bot.filter(|b| b.side == side.other())
        {
            let answer = match kind {
                OfferKind::Takeback => Answer::Accept,
                OfferKind::Draw => Answer::Decline,
            };
            let mut doc = live.doc.clone();
            doc.set_offer(kind.stored(), Some(side));
            self.save_doc(st, id, doc)?;
            let bot_actor = Actor::without_message(&who.channel, &them, None);
            debug_assert_eq!(bot.side, side.other());
            return self.offer(&bot_actor, st, kind, Some(answer), Some(id));
        }
        let now = self.now();
        let mut undone = Vec::new();
        let after = match step {
            OfferStep::Made => {
                let mut doc = live.doc.clone();
                doc.set_offer(kind.stored(), Some(side));
                self.save_doc(st, id, doc)?
            }
            OfferStep::Declined => {
                let mut doc = live.doc.clone();
                doc.set_offer(kind.stored(), None);
                self.save_doc(st, id, doc)?
            }
            OfferStep::Accepted => match kind {
                OfferKind::Draw => self.end_game(
                    st,
                    id,
                    ResultDoc {
                        winner: None,
                        termination: Termination::Agreed,
                    },
                )?,
                OfferKind::Takeback => {
                    let (live, moves) = self.take_back(st, id, side.other())?;
                    undone = moves;
                    live
                }
            },
        };
        Ok(Event::Offer {
            kind,
            step,
            by: me.clone(),
            to: them,
            game: after.view(now),
            undone,
        })
    }

    /// Undoes the moves back to and including `requester`'s last one.
    /// Returns the game after it and the moves undone.
    fn take_back(
        &self,
        st: &mut ChannelState,
        id: u64,
        requester: Side,
    ) -> Res<(Live, Vec<String>)> {
        let live = st.live(id)?;
        let record = record_of(&live.doc).map_err(AppError::Unreadable)?;
        let Some(cut) = movers(&record).iter().rposition(|s| *s == requester) else {
            return Err(AppError::NothingToTakeBack);
        };
        let mut rec = record.clone();
        rec.moves.truncate(cut);
        let game = rec
            .replay()
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let mut doc = live.doc.clone();
        doc.record = rec.to_string();
        doc.takeback = None;
        doc.draw_offer = None;
        doc.turn_started_ms = self.now();
        doc.reminders_sent = 0;
        doc.next_event_ms = next_event(&doc, game.turn().side, self.now());
        let bot_to_move = doc.bot.is_some_and(|b| b.side == game.turn().side);
        let ch = doc.channel.clone();
        self.save_doc(st, id, doc)?;
        if bot_to_move {
            self.queue_bot_move(&ch, id);
        }
        let live = st.games.get_mut(&id).expect("saved above");
        live.game = game;
        live.record = rec;
        Ok((live.clone(), record.moves[cut..].to_vec()))
    }

    /// Writes a changed ongoing game (offers, requests, reminders) and
    /// returns it.
    pub(crate) fn save_doc(
        &self,
        st: &mut ChannelState,
        id: u64,
        doc: tablero_store::GameDoc,
    ) -> Res<Live> {
        let live = st.games.get_mut(&id).ok_or(AppError::NoGame(id))?;
        let mut b = self.store.batch();
        b.put_game(&doc, Some(&live.doc));
        self.commit(b)?;
        live.doc = doc;
        Ok(live.clone())
    }

    /// The caller's game here with an offer from the opponent, if exactly
    /// one.
    pub(crate) fn pending_offer_game(&self, st: &ChannelState, me: &str) -> Option<u64> {
        let v: Vec<u64> = st
            .games
            .values()
            .filter(|g| {
                g.doc.side_of(me).is_some_and(|s| {
                    [OfferKind::Draw, OfferKind::Takeback]
                        .into_iter()
                        .any(|k| g.doc.offer(k.stored()) == Some(s.other()))
                })
            })
            .map(|g| g.doc.id)
            .collect();
        (v.len() == 1).then(|| v[0])
    }

    /// `accept`/`decline` aimed at an offer rather than a challenge.
    pub(crate) fn answer_offer(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        a: Answer,
        n: Option<GameNo>,
    ) -> Outcome {
        let id = match n {
            Some(n) => n,
            None => self.pending_offer_game(st, &who.user.id).unwrap_or(0),
        };
        let Some(live) = st.games.get(&id) else {
            return Err(AppError::NoChallenge(id));
        };
        let side = live
            .doc
            .side_of(&who.user.id)
            .ok_or(AppError::NotAPlayer(id))?;
        let kind = [OfferKind::Draw, OfferKind::Takeback]
            .into_iter()
            .find(|k| live.doc.offer(k.stored()) == Some(side.other()))
            .ok_or(AppError::NothingWaits(id))?;
        self.offer(who, st, kind, Some(a), Some(id))
    }
}
