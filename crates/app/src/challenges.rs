//! Challenges: made, accepted (the game begins), declined, cancelled.

use tablero_rules::{AnyGame, GameId, GameRecord, Side};
use tablero_store::{Batch, BotDoc, ChallengeDoc, ClockDoc, GameDoc};

use crate::bots::next_event;
use crate::channel::{ChannelState, Live, record_of, splitmix};
use crate::command::{Answer, GameNo};
use crate::event::{AppError, Event, GameView, Outcome, Verb};
use crate::reply::{ChannelKey, User};
use crate::state::{Actor, App, Res};
use crate::terms::{ClockTerms, Terms};
use crate::view::{ChallengeView, addressee};

impl App {
    /// Challenges `opponent` (or anyone) to `game` with `options`. A
    /// challenge to the bot starts the game at once; with `learning`, as
    /// a learning game (`learn.rs`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn challenge(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        opponent: Option<User>,
        handle: Option<String>,
        id: GameId,
        terms: Terms,
        learning: bool,
    ) -> Outcome {
        if opponent.as_ref().is_some_and(|o| o.id == who.user.id) {
            return Err(AppError::SelfChallenge);
        }
        let Terms {
            side,
            limit,
            mut setup,
            level,
            casual,
            clock,
        } = terms;
        let clock = clock.doc();
        let now = self.now();
        let ch = &who.channel;
        let cid = self.store.next_id(ch)?;
        if id == GameId::KnightFight && setup.seed.is_none() && setup.layout.is_none() {
            setup.seed = Some(splitmix(now as u64 ^ (cid << 40)) % 1_000_000_000);
        }
        AnyGame::new(id, &setup).map_err(|e| AppError::BadOption { game: id, why: e.0 })?;
        let limit = limit.unwrap_or(self.settings.default_move_limit_ms);
        let side = side.unwrap_or(Some(Side::First));
        if let Some(bot) = opponent.as_ref().filter(|o| self.is_bot(ch.platform, o)) {
            self.check_game_limits(ch.platform, &who.user.id, true)?;
            let level = level.unwrap_or(crate::bots::DEFAULT_LEVEL);
            let mine = side.unwrap_or(if splitmix(now as u64 ^ cid) & 1 == 0 {
                Side::First
            } else {
                Side::Second
            });
            let players = match mine {
                Side::First => [who.user.clone(), bot.clone()],
                Side::Second => [bot.clone(), who.user.clone()],
            };
            let mut b = self.store.batch();
            b.set_next_id(ch, cid + 1);
            let view = self.start_game(
                st,
                b,
                NewGame {
                    channel: ch,
                    id: cid,
                    game: id,
                    setup: &setup.to_string(),
                    players,
                    move_limit_secs: limit.map(|ms| (ms / 1000) as u64),
                    bot: Some(BotDoc {
                        side: mine.other(),
                        level,
                    }),
                    rated: false,
                    community: who.community.clone(),
                    learning,
                    clock: clock.clone(),
                },
            )?;
            return Ok(Event::Accepted {
                by: bot.clone(),
                game: view,
            });
        }
        if level.is_some() {
            return Err(AppError::LevelWithoutBot);
        }
        let open = self.challenges(ch)?;
        // The same challenge again (`reto @carol guadalete`, then
        // `desafiar @carol guadalete`): the one waiting is shown again.
        if let Some(c) = open.iter().find(|c| {
            c.challenger.id == who.user.id
                && c.game == id
                && c.rematch_of.is_none()
                && c.challenged.as_ref().map(|u| &u.id) == opponent.as_ref().map(|u| &u.id)
                && match (&c.handle, &handle) {
                    (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                    (a, b) => a.is_none() && b.is_none(),
                }
        }) {
            return Ok(Event::ChallengeWaiting(ChallengeView::of(c)));
        }
        self.check_challenge_limits(who, &open)?;
        let doc = ChallengeDoc {
            channel: ch.clone(),
            id: cid,
            challenger: who.user.clone(),
            challenged: opponent,
            handle,
            game: id,
            setup: setup.to_string(),
            challenger_side: side,
            move_limit_secs: limit.map(|ms| (ms / 1000) as u64),
            created_ms: now,
            expires_ms: now + self.settings.challenge_expiry_ms,
            casual,
            community: who.community.clone(),
            rematch_of: None,
            clock,
        };
        let mut b = self.store.batch();
        b.put_challenge(&doc);
        b.set_next_id(ch, cid + 1);
        self.commit(b)?;
        Ok(Event::Challenged(ChallengeView::of(&doc)))
    }

    /// Takes challenge `n` (or the one waiting for the caller); a game
    /// number with an offer pending answers the offer.
    /// Page `page` of the challenges `who` may accept here
    /// (`accept page N`): it only lists them.
    pub(crate) fn acceptable(&self, who: &Actor, page: usize) -> Outcome {
        let list: Vec<ChallengeDoc> = self
            .challenges(&who.channel)?
            .into_iter()
            .filter(|c| c.challenger.id != who.user.id && for_me(c, who))
            .collect();
        if list.is_empty() {
            return Err(AppError::NoChallengeWaiting);
        }
        Ok(Event::Challenges {
            list: list.iter().map(ChallengeView::of).collect(),
            page,
        })
    }

    pub(crate) fn accept(&self, who: &Actor, st: &mut ChannelState, n: Option<GameNo>) -> Outcome {
        let me = &who.user;
        let all = self.challenges(&who.channel)?;
        let mine = |c: &&ChallengeDoc| c.challenger.id != me.id && for_me(c, who);
        let c = match n {
            Some(n) => {
                let Some(c) = all.iter().find(|c| c.id == n) else {
                    if st.games.contains_key(&n) {
                        return self.answer_offer(who, st, Answer::Accept, Some(n));
                    }
                    return Err(AppError::NoChallenge(n));
                };
                if c.challenger.id == me.id {
                    return Err(AppError::OwnChallengeAccept);
                }
                if !mine(&c) {
                    return Err(AppError::ChallengeForOther {
                        id: n,
                        for_user: addressee(c.challenged.as_ref(), c.handle.as_deref())
                            .unwrap_or_else(|| me.clone()),
                    });
                }
                c.clone()
            }
            None => {
                let open: Vec<&ChallengeDoc> = all.iter().filter(mine).collect();
                // A challenge addressed to me comes before open ones.
                let direct: Vec<&ChallengeDoc> = open
                    .iter()
                    .copied()
                    .filter(|c| c.challenged.is_some() || c.handle.is_some())
                    .collect();
                let pick = if direct.len() == 1 { direct } else { open };
                match pick.as_slice() {
                    [c] => (*c).clone(),
                    [] => {
                        if self.pending_offer_game(st, &me.id).is_some() {
                            return self.answer_offer(who, st, Answer::Accept, None);
                        }
                        return Err(AppError::NoChallengeWaiting);
                    }
                    many => return Err(which_challenge(many, Verb::Accept)),
                }
            }
        };
        for p in [&me.id, &c.challenger.id] {
            self.check_game_limits(who.channel.platform, p, false)?;
        }
        let now = self.now();
        let challenger_side = match c.challenger_side {
            Some(s) => s,
            None if splitmix(now as u64 ^ c.id) & 1 == 0 => Side::First,
            None => Side::Second,
        };
        let mut players = [c.challenger.clone(), me.clone()];
        if challenger_side == Side::Second {
            players.swap(0, 1);
        }
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        let view = self.start_game(
            st,
            b,
            NewGame {
                channel: &who.channel,
                id: c.id,
                game: c.game,
                setup: &c.setup,
                players,
                move_limit_secs: c.move_limit_secs,
                bot: None,
                rated: !c.casual,
                community: c.community.clone(),
                learning: false,
                clock: c.clock.clone(),
            },
        )?;
        Ok(Event::Accepted {
            by: me.clone(),
            game: view,
        })
    }

    /// Refuses challenge `n` (or the one addressed to the caller); a game
    /// number with an offer pending answers the offer.
    pub(crate) fn decline(&self, who: &Actor, st: &mut ChannelState, n: Option<GameNo>) -> Outcome {
        let me = &who.user;
        let all = self.challenges(&who.channel)?;
        let c = match n {
            Some(n) => {
                let Some(c) = all.iter().find(|c| c.id == n) else {
                    if st.games.contains_key(&n) {
                        return self.answer_offer(who, st, Answer::Decline, Some(n));
                    }
                    return Err(AppError::NoChallenge(n));
                };
                match addressee(c.challenged.as_ref(), c.handle.as_deref()) {
                    Some(_) if for_me(c, who) => c.clone(),
                    _ if c.challenger.id == me.id => return Err(AppError::OwnChallengeDecline),
                    None => return Err(AppError::OpenChallengeDecline(n)),
                    Some(u) => {
                        return Err(AppError::ChallengeForOther { id: n, for_user: u });
                    }
                }
            }
            None => {
                let to_me: Vec<&ChallengeDoc> = all
                    .iter()
                    .filter(|c| {
                        addressee(c.challenged.as_ref(), c.handle.as_deref()).is_some()
                            && for_me(c, who)
                    })
                    .collect();
                match to_me.as_slice() {
                    [c] => (*c).clone(),
                    [] => {
                        if self.pending_offer_game(st, &me.id).is_some() {
                            return self.answer_offer(who, st, Answer::Decline, None);
                        }
                        return Err(AppError::NoChallengeAddressed);
                    }
                    many => return Err(which_challenge(many, Verb::Decline)),
                }
            }
        };
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        self.commit(b)?;
        Ok(Event::Declined {
            by: me.clone(),
            challenge: ChallengeView::of(&c),
        })
    }

    /// Withdraws the caller's challenge `n` (or their only one).
    pub(crate) fn cancel(&self, who: &Actor, n: Option<GameNo>) -> Outcome {
        let me = &who.user;
        let all = self.challenges(&who.channel)?;
        let own: Vec<&ChallengeDoc> = all.iter().filter(|c| c.challenger.id == me.id).collect();
        let c = match n {
            Some(n) => match all.iter().find(|c| c.id == n) {
                None => return Err(AppError::NoChallenge(n)),
                Some(c) if c.challenger.id != me.id => return Err(AppError::NotYourChallenge(n)),
                Some(c) => c.clone(),
            },
            None => match own.as_slice() {
                [c] => (*c).clone(),
                [] => return Err(AppError::NoOwnChallenge),
                many => return Err(which_challenge(many, Verb::Cancel)),
            },
        };
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        self.commit(b)?;
        Ok(Event::Cancelled {
            by: me.clone(),
            challenge: ChallengeView::of(&c),
        })
    }
}

impl App {
    /// Offers the opponent of finished game `n` (or of the caller's last
    /// finished game here) the same game with colours swapped: a challenge
    /// to them, or a new game at once against Tablero. When the opponent
    /// already offered that rematch, the caller's rematch accepts it.
    pub(crate) fn rematch(&self, who: &Actor, st: &mut ChannelState, n: Option<GameNo>) -> Outcome {
        let me = &who.user;
        let ch = &who.channel;
        let doc = match n {
            Some(n) => match self.store.game(ch, n, false)? {
                Some(doc) => doc,
                None if st.games.contains_key(&n) => return Err(AppError::NotOverYet(n)),
                // The number of a rematch offered to the caller: taken.
                None if self
                    .challenges(ch)?
                    .iter()
                    .any(|c| c.id == n && c.rematch_of.is_some() && c.challenger.id != me.id) =>
                {
                    return self.accept(who, st, Some(n));
                }
                None => return Err(AppError::NoGameNumbered(n)),
            },
            None => {
                let mut mine: Vec<GameDoc> = self
                    .store
                    .finished_games(ch)?
                    .into_iter()
                    .filter_map(Result::ok)
                    .filter(|d| d.side_of(&me.id).is_some())
                    .collect();
                mine.sort_by_key(|d| d.finished_ms.unwrap_or(d.created_ms));
                mine.pop().ok_or(AppError::NothingToRematch)?
            }
        };
        let Some(side) = doc.side_of(&me.id) else {
            return Err(AppError::NotAPlayer(doc.id));
        };
        let them = doc.player(side.other()).clone();
        let all = self.challenges(ch)?;
        if let Some(c) = all.iter().find(|c| c.rematch_of == Some(doc.id)) {
            if c.challenger.id == me.id {
                return Err(AppError::RematchPending {
                    id: c.id,
                    them: them.clone(),
                });
            }
            return self.accept(who, st, Some(c.id));
        }
        let record = record_of(&doc).map_err(AppError::Unreadable)?;
        let setup = record.setup.to_string();
        let now = self.now();
        let cid = self.store.next_id(ch)?;
        let mut b = self.store.batch();
        b.set_next_id(ch, cid + 1);
        if let Some(bot) = doc.bot {
            let mut players = doc.players.clone();
            players.swap(0, 1);
            let view = self.start_game(
                st,
                b,
                NewGame {
                    channel: ch,
                    id: cid,
                    game: record.game,
                    setup: &setup,
                    players,
                    move_limit_secs: doc.move_limit_secs,
                    bot: Some(BotDoc {
                        side: bot.side.other(),
                        level: bot.level,
                    }),
                    rated: false,
                    community: doc.community.clone(),
                    learning: doc.learning,
                    clock: ClockTerms::of(doc.clock.as_ref()).doc(),
                },
            )?;
            return Ok(Event::Accepted {
                by: them,
                game: view,
            });
        }
        let c = ChallengeDoc {
            channel: ch.clone(),
            id: cid,
            challenger: me.clone(),
            challenged: Some(them),
            handle: None,
            game: record.game,
            setup,
            challenger_side: Some(side.other()),
            move_limit_secs: doc.move_limit_secs,
            created_ms: now,
            expires_ms: now + self.settings.challenge_expiry_ms,
            casual: !doc.rated,
            community: doc.community.clone(),
            rematch_of: Some(doc.id),
            clock: ClockTerms::of(doc.clock.as_ref()).doc(),
        };
        b.put_challenge(&c);
        self.commit(b)?;
        Ok(Event::Challenged(ChallengeView::of(&c)))
    }
}

/// A game about to begin.
struct NewGame<'a> {
    channel: &'a ChannelKey,
    id: u64,
    game: GameId,
    setup: &'a str,
    players: [User; 2],
    move_limit_secs: Option<u64>,
    bot: Option<BotDoc>,
    /// Whether the result changes ratings (never against Tablero).
    rated: bool,
    community: Option<String>,
    /// A learning game against the bot (`learn GAME`).
    learning: bool,
    /// The clock's terms beyond a time per move.
    clock: Option<ClockDoc>,
}

impl App {
    /// Starts `new` with the changes already in `b` (the challenge it
    /// answers, the channel's next id), all in one commit; queues the
    /// bot's first move if it moves first.
    fn start_game(&self, st: &mut ChannelState, mut b: Batch, new: NewGame) -> Res<GameView> {
        let now = self.now();
        let record: GameRecord = format!("{} {}:", new.game.key(), new.setup)
            .parse()
            .map_err(|e: tablero_rules::RecordError| AppError::Unreadable(e.to_string()))?;
        let game = record
            .replay()
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let mut doc = GameDoc {
            move_limit_secs: new.move_limit_secs,
            bot: new.bot,
            rated: new.rated && new.bot.is_none(),
            community: new.community,
            learning: new.learning && new.bot.is_some(),
            clock: crate::gameclock::starting(
                new.clock.as_ref(),
                new.move_limit_secs,
                self.away_of(new.channel.platform, &new.players),
            ),
            ..GameDoc::new(
                new.channel.clone(),
                new.id,
                new.players,
                record.to_string(),
                now,
            )
        };
        let to_move = game.turn().side;
        doc.next_event_ms = next_event(&doc, to_move, now);
        b.put_game(&doc, None);
        self.commit(b)?;
        let bot_first = doc.bot.is_some_and(|b| b.side == to_move);
        let live = Live { doc, record, game };
        let view = live.view(now);
        st.games.insert(new.id, live);
        if bot_first {
            self.queue_bot_move(new.channel, new.id);
        }
        Ok(view)
    }
}

/// Whether `c` may be taken by `who`: it names them, or names their
/// handle, or names nobody.
fn for_me(c: &ChallengeDoc, who: &Actor) -> bool {
    match (&c.challenged, &c.handle) {
        (Some(u), _) => u.id == who.user.id,
        (None, Some(h)) => who
            .handle
            .as_ref()
            .is_some_and(|mine| mine.eq_ignore_ascii_case(h)),
        (None, None) => true,
    }
}

fn which_challenge(many: &[&ChallengeDoc], verb: Verb) -> AppError {
    AppError::WhichChallenge {
        verb,
        list: many.iter().map(|c| ChallengeView::of(c)).collect(),
    }
}
