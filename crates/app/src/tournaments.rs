//! The `tournament` command: create, join, leave, start, withdraw, show.
//! Each runs under the channel's lock and reads the tournament afresh from
//! the store; a refusal changes nothing. The rounds themselves (results,
//! pairings, games) are `rounds.rs`.

use tablero_rules::{AnyGame, GameId};
use tablero_store::{ResultDoc, Termination, TournamentDoc};
use tablero_tournament::{Format, Phase, Player, PlayerId, Points, Settings, Tournament};

use crate::channel::{ChannelState, splitmix};
use crate::clock::{DAY, MINUTE};
use crate::event::{AppError, Event, Outcome};
use crate::reply::ChannelKey;
use crate::rounds::{core_of, set_core, view_of};
use crate::state::{Actor, App, Res};
use crate::tourview::{
    Deadline, RoundNews, TourCommand, TourCreate, TourError, TourEvent, TourNo, When,
};

fn refused(e: TourError) -> AppError {
    AppError::Tournament(e)
}

fn done(e: TourEvent) -> Outcome {
    Ok(Event::Tournament(e))
}

/// The nearest and the farthest a join deadline may be.
const DEADLINE_MS: std::ops::RangeInclusive<i64> = 5 * MINUTE..=60 * DAY;

/// When `deadline` closes joining, given the time `now`: from 5 minutes
/// to 60 days ahead.
fn read_deadline(deadline: &Deadline, now: i64) -> Res<i64> {
    let at = match deadline.when {
        When::In(ms) => now.saturating_add(ms),
        When::At(at) => at,
    };
    if DEADLINE_MS.contains(&(at - now)) {
        Ok(at)
    } else {
        Err(refused(TourError::BadDeadline(deadline.word.clone())))
    }
}

/// The fewest players `t` starts with: two for a round robin; for a Swiss
/// three (of two, a round robin says it better) and one more than its
/// rounds (or rematches would be certain).
fn need(t: &Tournament) -> usize {
    match t.settings().format {
        Format::Swiss { rounds } => 3.max(rounds as usize + 1),
        Format::RoundRobin { .. } => 2,
    }
}

/// The player `who` is, seeded by their rating in `game` if they have one.
fn player_of(app: &App, who: &Actor, game: GameId) -> Player {
    let rating = app
        .store
        .rating(who.channel.platform, game, &who.user.id)
        .ok()
        .flatten()
        .filter(|r| r.rating.games > 0)
        .map(|r| r.rating.rating.rating.round() as i32);
    Player::new(who.user.id.as_str(), who.user.name.clone(), rating)
}

impl App {
    /// Runs a `tournament` command for `who`.
    pub(crate) fn tournament(&self, who: &Actor, cmd: TourCommand) -> Outcome {
        let ch = &who.channel;
        match cmd {
            TourCommand::Create(asked) => {
                self.with_channel(ch, |_| self.create_tournament(who, asked))
            }
            TourCommand::Show(n) => self.with_channel(ch, |_| self.show_tournament(who, n)),
            TourCommand::Join(n) => self.with_channel(ch, |_| self.join_tournament(who, n)),
            TourCommand::Leave(n) => self.with_channel(ch, |_| self.leave_tournament(who, n)),
            TourCommand::Start(n) => self.with_channel(ch, |_| self.start_tournament(who, n)),
            TourCommand::Withdraw(n) => self.with_channel(ch, |st| self.withdraw(who, st, n)),
        }
    }

    fn create_tournament(&self, who: &Actor, asked: TourCreate) -> Outcome {
        let ch = &who.channel;
        if !(who.manages || ch.platform == crate::reply::Platform::Console) {
            return Err(refused(TourError::CreateNotManager));
        }
        let TourCreate {
            game: id,
            format,
            max_players,
            terms,
            deadline,
            bye,
        } = asked;
        let mut setup = terms.setup;
        let now = self.now();
        let deadline = deadline
            .as_ref()
            .map(|d| read_deadline(d, now))
            .transpose()?;
        let tid = self.store.next_id(ch)?;
        if id == GameId::KnightFight && setup.seed.is_none() && setup.layout.is_none() {
            setup.seed = Some(splitmix(now as u64 ^ (tid << 40)) % 1_000_000_000);
        }
        AnyGame::new(id, &setup).map_err(|e| AppError::BadOption { game: id, why: e.0 })?;
        let limit = terms.limit.unwrap_or(self.settings.default_move_limit_ms);
        let t = Tournament::new(Settings {
            max_players,
            bye_points: bye.unwrap_or(Points::ONE),
            ..Settings::new(format)
        })
        .map_err(|e| TourError::of_core(tid, e))
        .map_err(refused)?;
        let mut doc = TournamentDoc {
            channel: ch.clone(),
            id: tid,
            state: serde_json::Value::Null,
            game: id,
            setup: setup.to_string(),
            move_limit_secs: limit.map(|ms| (ms / 1000) as u64),
            rated: !terms.casual,
            creator: who.user.clone(),
            created_ms: now,
            community: who.community.clone(),
            games: Vec::new(),
            closed_by: Vec::new(),
            deadline_ms: deadline,
            clock: terms.clock.doc(),
        };
        set_core(&mut doc, &t)?;
        let mut b = self.store.batch();
        b.put_tournament(&doc);
        b.put_tournament_deadline(&doc);
        b.set_next_id(ch, tid + 1);
        self.commit(b)?;
        done(TourEvent::Created(view_of(&doc, &t)))
    }

    /// The chat's readable tournaments with their states, by number.
    fn tournaments_here(&self, who: &Actor) -> Res<Vec<(TournamentDoc, Tournament)>> {
        let mut out = Vec::new();
        for doc in self.store.channel_tournaments(&who.channel)? {
            match doc
                .map_err(AppError::from)
                .and_then(|d| Ok((core_of(&d)?, d)))
            {
                Ok((t, d)) => out.push((d, t)),
                Err(e) => tracing::warn!(error = ?e, "an unreadable tournament"),
            }
        }
        Ok(out)
    }

    /// The tournament a command means: number `n`, else the only one
    /// `fits` (or the chat's only one, whose refusal then says why).
    fn pick_tournament(
        &self,
        who: &Actor,
        n: Option<TourNo>,
        fits: impl Fn(&Tournament) -> bool,
    ) -> Res<(TournamentDoc, Tournament)> {
        let mut all = self.tournaments_here(who)?;
        if let Some(n) = n {
            let i = all
                .iter()
                .position(|(d, _)| d.id == n)
                .ok_or(refused(TourError::NoSuch(n)))?;
            return Ok(all.swap_remove(i));
        }
        let fitting: Vec<usize> = (0..all.len()).filter(|&i| fits(&all[i].1)).collect();
        match (fitting.as_slice(), all.len()) {
            ([i], _) => Ok(all.swap_remove(*i)),
            ([], 0) => Err(refused(TourError::NoneHere)),
            ([], 1) => Ok(all.remove(0)),
            ([], _) => Err(refused(TourError::Which(
                all.iter()
                    .filter(|(_, t)| !t.phase().is_over())
                    .map(|(d, _)| d.id)
                    .collect(),
            ))),
            (many, _) => Err(refused(TourError::Which(
                many.iter().map(|&i| all[i].0.id).collect(),
            ))),
        }
    }

    fn show_tournament(&self, who: &Actor, n: Option<TourNo>) -> Outcome {
        if n.is_some() {
            let (d, t) = self.pick_tournament(who, n, |_| true)?;
            return done(TourEvent::Shown(view_of(&d, &t)));
        }
        let all = self.tournaments_here(who)?;
        let active: Vec<_> = all
            .iter()
            .filter(|(_, t)| !t.phase().is_over())
            .map(|(d, t)| view_of(d, t))
            .collect();
        match (active.len(), all.last()) {
            (_, None) => Err(refused(TourError::NoneHere)),
            (0, Some((d, t))) => done(TourEvent::Shown(view_of(d, t))),
            (1, _) => done(TourEvent::Shown(active.into_iter().next().expect("one"))),
            _ => done(TourEvent::Listed(active)),
        }
    }

    fn join_tournament(&self, who: &Actor, n: Option<TourNo>) -> Outcome {
        let me = PlayerId::from(who.user.id.as_str());
        let (mut d, mut t) = self.pick_tournament(who, n, |t| {
            t.phase() == Phase::Registration && t.player(&me).is_none()
        })?;
        t.join(player_of(self, who, d.game))
            .map_err(|e| refused(TourError::of_core(d.id, e)))?;
        self.save_tournament(&mut d, &t)?;
        done(TourEvent::Joined {
            by: who.user.clone(),
            view: view_of(&d, &t),
        })
    }

    fn leave_tournament(&self, who: &Actor, n: Option<TourNo>) -> Outcome {
        let me = PlayerId::from(who.user.id.as_str());
        let (mut d, mut t) = self.pick_tournament(who, n, |t| {
            t.phase() == Phase::Registration && t.player(&me).is_some()
        })?;
        t.leave(&me)
            .map_err(|e| refused(TourError::of_core(d.id, e)))?;
        self.save_tournament(&mut d, &t)?;
        done(TourEvent::Left {
            by: who.user.clone(),
            view: view_of(&d, &t),
        })
    }

    fn save_tournament(&self, d: &mut TournamentDoc, t: &Tournament) -> Res<()> {
        set_core(d, t)?;
        let mut b = self.store.batch();
        b.put_tournament(d);
        self.commit(b)
    }

    fn start_tournament(&self, who: &Actor, n: Option<TourNo>) -> Outcome {
        let (mut d, mut t) = self.pick_tournament(who, n, |t| t.phase() == Phase::Registration)?;
        if t.phase() != Phase::Registration {
            use tablero_tournament::TournamentError as E;
            let why = match t.phase() {
                Phase::Cancelled => E::Cancelled,
                _ => E::AlreadyStarted,
            };
            return Err(refused(TourError::of_core(d.id, why)));
        }
        if d.creator.id != who.user.id && !who.manages {
            return Err(refused(TourError::StartNotAllowed {
                creator: d.creator.clone(),
            }));
        }
        let (players, need) = (t.players().len(), need(&t));
        if players < need {
            return Err(refused(TourError::TooFew {
                id: d.id,
                players,
                need,
            }));
        }
        self.begin(&mut d, &mut t)
    }

    /// Starts `d` (whose state is `t`, with enough players): pairs round
    /// 1 and creates its games, and drops its join deadline, in one
    /// commit.
    fn begin(&self, d: &mut TournamentDoc, t: &mut Tournament) -> Outcome {
        t.start()
            .map_err(|e| refused(TourError::of_core(d.id, e)))?;
        let now = self.now();
        let mut b = self.store.batch();
        b.remove_tournament_deadline(d);
        if t.round_complete() {
            self.next_rounds(d, t, &mut b, now, 0)?;
        } else {
            self.create_round_games(d, t, &mut b, now)?;
        }
        set_core(d, t)?;
        b.put_tournament(d);
        self.commit(b)?;
        done(TourEvent::Started(view_of(d, t)))
    }

    /// Tournament `id`'s join deadline, due at `due`, has come (a timer,
    /// under the channel's lock): it starts, or with too few players it
    /// is called off. A deadline that is no longer its own (it started
    /// before, or is gone) only drops the timer. Returns what happened
    /// and who reads it first (its creator).
    pub(crate) fn deadline_came(
        &self,
        ch: &ChannelKey,
        id: TourNo,
        due: i64,
        now: i64,
    ) -> Res<Option<(Event, String)>> {
        let doc = self.store.tournament(ch, id)?;
        let current = doc.and_then(|d| {
            let t = core_of(&d).ok()?;
            (d.deadline_ms == Some(due) && due <= now && t.phase() == Phase::Registration)
                .then_some((d, t))
        });
        let Some((mut d, mut t)) = current else {
            return Ok(None);
        };
        let reader = d.creator.id.clone();
        let need = need(&t);
        if t.players().len() >= need {
            return Ok(Some((self.begin(&mut d, &mut t)?, reader)));
        }
        t.cancel()
            .map_err(|e| refused(TourError::of_core(d.id, e)))?;
        set_core(&mut d, &t)?;
        let mut b = self.store.batch();
        b.remove_tournament_deadline(&d);
        b.put_tournament(&d);
        self.commit(b)?;
        let view = view_of(&d, &t);
        Ok(Some((
            Event::Tournament(TourEvent::Cancelled { view, need }),
            reader,
        )))
    }

    /// `who` leaves a running tournament: the games they are playing in
    /// it end as their losses (a forfeit in the tournament), and if that
    /// completes the round the next is paired; all in one commit.
    fn withdraw(&self, who: &Actor, st: &mut ChannelState, n: Option<TourNo>) -> Outcome {
        let me = PlayerId::from(who.user.id.as_str());
        let (mut d, mut t) = self.pick_tournament(who, n, |t| {
            t.phase() == Phase::Running && t.player(&me).is_some_and(|p| !p.is_withdrawn())
        })?;
        if t.phase() == Phase::Running && t.player(&me).is_none() {
            return Err(refused(TourError::NotPlaying(d.id)));
        }
        let round = t.current_round().map_or(0, |r| r.number);
        let boards = t
            .withdraw(&me)
            .map_err(|e| refused(TourError::of_core(d.id, e)))?;
        let now = self.now();
        let mut b = self.store.batch();
        let _stats = self.store.lock_stats()?;
        let mut ended = Vec::new();
        for board in boards {
            let Some(gid) = d.game_of(round, board) else {
                continue;
            };
            let Some(live) = st.games.get(&gid) else {
                continue;
            };
            let old = live.doc.clone();
            let mut doc = old.clone();
            let Some(side) = doc.side_of(&who.user.id) else {
                continue;
            };
            // The tournament has the forfeit already: end the game only.
            let at = doc.tournament.take();
            let result = ResultDoc {
                winner: Some(side.other()),
                termination: Termination::Resigned,
            };
            self.finish_doc(&mut doc, &mut b, result, now)?;
            doc.tournament = at;
            b.put_game(&doc, Some(&old));
            ended.push(gid);
        }
        let complete = t.round_complete();
        if complete {
            self.next_rounds(&mut d, &mut t, &mut b, now, 0)?;
        }
        set_core(&mut d, &t)?;
        b.put_tournament(&d);
        self.commit(b)?;
        for gid in &ended {
            st.games.remove(gid);
        }
        let view = view_of(&d, &t);
        done(TourEvent::Withdrew {
            by: who.user.clone(),
            news: complete.then(|| {
                Box::new(RoundNews {
                    round,
                    view: view.clone(),
                })
            }),
            view,
            ended,
        })
    }
}
