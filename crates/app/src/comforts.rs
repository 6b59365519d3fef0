//! A player's settings for correspondence games and what they do to the
//! clocks of their games: a time zone, quiet hours, a vacation with a
//! yearly allowance. A game's clock counts with a copy of each player's
//! (`ClockDoc::away`), so every change is copied into each of their
//! ongoing games on the platform, under each game's channel lock, and
//! its timer set again. Settings are written under the store's profile
//! lock (as languages are), never while a channel lock is held.

use tablero_store::{AwayDoc, ComfortDoc, GameDoc, PauseOfferDoc, RemindersDoc, SpanDoc};

use crate::channel::{ChannelState, Live};
use crate::clock::DAY;
use crate::comfortwords::{
    Comfort, ComfortError, ComfortEvent, PauseAsk, VacationAsk, VacationView,
};
use crate::event::{AppError, Event, Outcome, Verb};
use crate::reply::{Platform, User};
use crate::schedule::{Daily, parse_local, zone_or_utc};
use crate::state::{Actor, App, Res};

fn refused(e: ComfortError) -> AppError {
    AppError::Comfort(e)
}

impl App {
    /// Moves the app's clock forward by `ms` when it can be moved (the
    /// console's `/clock +2d`, when the console runs alone).
    pub fn advance_clock(&self, ms: i64) -> bool {
        self.clock.advance_by(ms)
    }

    /// The app's time, in ms since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        self.now()
    }

    /// What each of `players` has set that a game's clock counts (Tablero
    /// and players who set nothing: nothing).
    pub(crate) fn away_of(&self, platform: Platform, players: &[User; 2]) -> [AwayDoc; 2] {
        players.clone().map(|p| {
            self.store
                .comfort(platform, &p.id)
                .map(|c: ComfortDoc| c.away())
                .unwrap_or_default()
        })
    }

    /// Runs a settings command.
    pub(crate) fn comfort(&self, who: &Actor, c: Comfort) -> Outcome {
        match c {
            Comfort::Vacation(ask) => self.vacation(who, ask),
            Comfort::EndVacationHere(n) => {
                self.with_channel(&who.channel, |st| self.end_vacation_here(who, st, n))
            }
            Comfort::Zone(z) => {
                let (doc, changed) = self.change_comfort(who, |d| {
                    let Some(z) = z else { return Ok(false) };
                    d.zone = (z != "UTC").then_some(z);
                    Ok(true)
                })?;
                let games = if changed { self.spread(who) } else { 0 };
                Ok(Event::Comfort(ComfortEvent::Zone {
                    zone: zone_text(&doc),
                    changed,
                    games,
                }))
            }
            Comfort::Pause { ask, game } => {
                self.with_channel(&who.channel, |st| self.pause(who, st, ask, game))
            }
            Comfort::Digest(at) => {
                let (doc, changed) = self.change_comfort(who, |d| {
                    let Some(at) = at else { return Ok(false) };
                    d.digest = at;
                    Ok(true)
                })?;
                Ok(Event::Comfort(ComfortEvent::Digest {
                    at: doc.digest,
                    next: doc.digest_next_ms,
                    zone: zone_text(&doc),
                    private: doc.private.is_some(),
                    changed,
                }))
            }
            Comfort::Reminders(mode) => {
                let (doc, changed) = self.change_comfort(who, |d| {
                    let Some(mode) = mode else { return Ok(false) };
                    d.reminders = mode;
                    Ok(true)
                })?;
                Ok(Event::Comfort(ComfortEvent::Reminders {
                    mode: doc.reminders,
                    changed,
                }))
            }
            Comfort::Quiet(q) => {
                let (doc, changed) = self.change_comfort(who, |d| {
                    let Some(q) = q else { return Ok(false) };
                    d.quiet = q.map(|q| [q.from, q.to]);
                    Ok(true)
                })?;
                if changed {
                    self.spread(who);
                }
                Ok(Event::Comfort(ComfortEvent::Quiet {
                    quiet: doc.quiet.map(|[from, to]| Daily { from, to }),
                    zone: zone_text(&doc),
                    changed,
                }))
            }
        }
    }

    /// Remembers `who`'s private chat with the bot (they wrote in it), for
    /// their digest; a write only when it is new.
    pub(crate) fn remember_private(&self, who: &Actor) {
        let p = who.channel.platform;
        let known = self.store.comfort(p, &who.user.id).ok();
        if known.is_none_or(|c| c.private.as_ref() == Some(&who.channel)) {
            return;
        }
        let saved = self.change_comfort(who, |d| {
            d.private = Some(who.channel.clone());
            Ok(true)
        });
        if let Err(e) = saved {
            tracing::warn!(error = ?e, "cannot remember a private chat");
        }
    }

    /// Whether `user` wants each game's reminders: not when they turned
    /// them off, nor when they chose the digest and it can reach them.
    pub(crate) fn wants_reminders(&self, platform: Platform, user: &str) -> bool {
        let Ok(c) = self.store.comfort(platform, user) else {
            return true;
        };
        match c.reminders {
            RemindersDoc::On => true,
            RemindersDoc::Off => false,
            RemindersDoc::Digest => c.digest.is_none() || c.private.is_none(),
        }
    }

    /// Reads, changes (when `f` says so) and writes `who`'s settings under
    /// the profile lock; returns them and whether they changed.
    fn change_comfort(
        &self,
        who: &Actor,
        f: impl FnOnce(&mut ComfortDoc) -> Res<bool>,
    ) -> Res<(ComfortDoc, bool)> {
        let p = who.channel.platform;
        let _lock = self.store.lock_stats()?;
        let old = self.store.comfort(p, &who.user.id)?;
        let mut doc = old.clone();
        if !f(&mut doc)? {
            return Ok((doc, false));
        }
        // The digest follows its time and the zone.
        doc.digest_next_ms = doc.digest.map(|at| {
            crate::schedule::next_daily(self.now() + 1, &zone_or_utc(doc.zone.as_deref()), at)
        });
        let mut b = self.store.batch();
        b.put_comfort(p, &who.user.id, &doc, Some(&old));
        self.commit(b)?;
        Ok((doc, true))
    }

    /// Vacation time `doc` has left at `now`: what was left when last
    /// reckoned, plus what accrued since, up to the most one may save.
    fn vacation_left(&self, doc: &ComfortDoc, now: i64) -> i64 {
        let l = &self.settings.limits;
        let max = l.vacation_days_max as i64 * DAY;
        let Some(left) = doc.allowance_ms else {
            return max;
        };
        let elapsed = (now - doc.allowance_at_ms).max(0) as i128;
        let earned = elapsed * l.vacation_days_per_year as i128 / 365;
        (left as i128 + earned).min(max as i128) as i64
    }

    fn vacation(&self, who: &Actor, ask: Option<VacationAsk>) -> Outcome {
        let now = self.now();
        let (doc, changed) = self.change_comfort(who, |d| {
            let running = d.vacation.filter(|v| v.until > now);
            match ask {
                None => Ok(false),
                Some(VacationAsk::Take { ms, from }) => {
                    if let Some(v) = running {
                        return Err(refused(ComfortError::AlreadyAway {
                            from: v.from,
                            until: v.until,
                            zone: zone_text(d),
                        }));
                    }
                    let tz = zone_or_utc(d.zone.as_deref());
                    let from = match from {
                        None => now,
                        Some(w) => parse_local(&w, &tz)
                            // A date given as today starts now.
                            .filter(|t| *t > now - DAY && *t <= now + 365 * DAY)
                            .map(|t| t.max(now))
                            .ok_or_else(|| refused(ComfortError::BadStart(w)))?,
                    };
                    let left = self.vacation_left(d, now);
                    if ms > left {
                        return Err(refused(ComfortError::NotEnoughVacation {
                            asked_ms: ms,
                            left_ms: left,
                        }));
                    }
                    d.allowance_ms = Some(left - ms);
                    d.allowance_at_ms = now;
                    d.vacation = Some(SpanDoc {
                        from,
                        until: from + ms,
                    });
                    Ok(true)
                }
                Some(VacationAsk::End) => {
                    let v = running.ok_or(refused(ComfortError::NotAway))?;
                    // What was not used is given back.
                    let unused = v.until - v.from.max(now);
                    let max = self.settings.limits.vacation_days_max as i64 * DAY;
                    d.allowance_ms = Some((self.vacation_left(d, now) + unused).min(max));
                    d.allowance_at_ms = now;
                    d.vacation = (v.from < now).then_some(SpanDoc {
                        from: v.from,
                        until: now,
                    });
                    Ok(true)
                }
            }
        })?;
        let games = if changed { self.spread(who) } else { 0 };
        Ok(Event::Comfort(ComfortEvent::Vacation {
            view: VacationView {
                span: doc
                    .vacation
                    .filter(|v| v.until > now)
                    .map(|v| (v.from, v.until)),
                left_ms: self.vacation_left(&doc, now),
                per_year_days: self.settings.limits.vacation_days_per_year,
                max_days: self.settings.limits.vacation_days_max,
                zone: zone_text(&doc),
            },
            changed,
            games,
        }))
    }

    /// `vacation end #N`: the vacation stops counting in game N only.
    fn end_vacation_here(&self, who: &Actor, st: &mut ChannelState, n: Option<u64>) -> Outcome {
        let id = st.pick(&who.user, n, true, Verb::Board)?;
        let now = self.now();
        let live = st.live(id)?;
        let side = live
            .doc
            .side_of(&who.user.id)
            .ok_or(AppError::NotAPlayer(id))?;
        if crate::gameclock::away_until(&live.doc, side, now).is_none() {
            return Err(refused(ComfortError::NotAwayHere(id)));
        }
        let mut doc = live.doc.clone();
        if let Some(v) = doc
            .clock
            .as_mut()
            .and_then(|c| c.away[side.index()].vacation.as_mut())
        {
            v.until = now;
        }
        self.rewrite(st, id, doc)?;
        Ok(Event::Comfort(ComfortEvent::VacationEndedHere { game: id }))
    }

    /// `pause 3d`, `pause accept`, `pause decline` in game `n` (or the
    /// caller's game here, or the one where an offer waits for them).
    fn pause(&self, who: &Actor, st: &mut ChannelState, ask: PauseAsk, n: Option<u64>) -> Outcome {
        let now = self.now();
        let me = &who.user;
        let waiting = |g: &Live| {
            let side = g.doc.side_of(&me.id);
            pause_offer(&g.doc, now).is_some_and(|o| Some(o.by) != side)
        };
        let id = match (n, ask) {
            (None, PauseAsk::Accept | PauseAsk::Decline) => {
                let ids: Vec<u64> = st
                    .games_of(me)
                    .into_iter()
                    .filter(|g| waiting(g))
                    .map(|g| g.doc.id)
                    .collect();
                match ids.as_slice() {
                    [one] => *one,
                    [] => st.pick(me, None, true, Verb::Board)?,
                    many => return Err(st.which(many, Verb::Board)),
                }
            }
            (n, _) => st.pick(me, n, true, Verb::Board)?,
        };
        let live = st.live(id)?;
        let side = live.doc.side_of(&me.id).ok_or(AppError::NotAPlayer(id))?;
        let offer = pause_offer(&live.doc, now);
        let theirs = offer.filter(|o| o.by != side);
        let mut doc = live.doc.clone();
        let clock = doc.clock.get_or_insert_default();
        let event = match (ask, theirs) {
            (PauseAsk::Offer(_) | PauseAsk::Accept, Some(o)) => {
                // Offering back agrees to the offer waiting, as with draws.
                clock.pause = Some(SpanDoc {
                    from: now,
                    until: now + o.ms,
                });
                clock.pause_offer = None;
                ComfortEvent::PauseAgreed {
                    game: id,
                    until: now + o.ms,
                }
            }
            (PauseAsk::Offer(ms), None) => {
                if let Some(until) = crate::gameclock::paused_until(&live.doc, now) {
                    return Err(refused(ComfortError::PausedAlready { game: id, until }));
                }
                if offer.is_some() {
                    return Err(refused(ComfortError::PauseOfferPending(id)));
                }
                let expires = now + self.settings.challenge_expiry_ms;
                clock.pause_offer = Some(PauseOfferDoc {
                    by: side,
                    ms,
                    expires_ms: expires,
                });
                ComfortEvent::PauseOffered {
                    by: me.clone(),
                    game: id,
                    ms,
                    expires,
                }
            }
            (PauseAsk::Decline, Some(_)) => {
                clock.pause_offer = None;
                ComfortEvent::PauseDeclined {
                    by: me.clone(),
                    game: id,
                }
            }
            (PauseAsk::Accept | PauseAsk::Decline, None) => {
                return Err(refused(ComfortError::NoPauseOffer(id)));
            }
        };
        self.rewrite(st, id, doc)?;
        Ok(Event::Comfort(event))
    }

    /// Copies `who`'s settings into each of their ongoing games on the
    /// platform; returns how many changed.
    fn spread(&self, who: &Actor) -> usize {
        let p = who.channel.platform;
        let Ok(list) = self.store.user_games(p, &who.user.id) else {
            return 0;
        };
        let mut changed = 0;
        for (ch, id) in list {
            let done = self.with_channel(&ch, |st| {
                let comfort = self.store.comfort(p, &who.user.id)?;
                let Some(live) = st.games.get(&id) else {
                    return Ok(false);
                };
                let Some(side) = live.doc.side_of(&who.user.id) else {
                    return Ok(false);
                };
                let mut doc = live.doc.clone();
                let clock = doc.clock.get_or_insert_default();
                let old = &clock.away[side.index()];
                let mut away = comfort.away();
                // A vacation ended early in this game stays ended here.
                if let (Some(o), Some(n)) = (old.vacation, away.vacation)
                    && o.from == n.from
                    && o.until < n.until
                {
                    away.vacation = Some(o);
                }
                if *old == away {
                    return Ok(false);
                }
                clock.away[side.index()] = away;
                self.rewrite(st, id, doc)?;
                Ok(true)
            });
            match done {
                Ok(true) => changed += 1,
                Ok(false) => {}
                Err(e) => {
                    tracing::warn!(error = ?e, "a game's clock did not take a player's settings")
                }
            }
        }
        changed
    }

    /// Writes `doc` (game `id`, whose clock changed) with its timer set
    /// again, unless Tablero is to move (its own timer stands).
    fn rewrite(&self, st: &mut ChannelState, id: u64, mut doc: GameDoc) -> Res<()> {
        let live = st.live(id)?;
        let to_move = live.game.turn().side;
        if doc.bot.is_none_or(|b| b.side != to_move) {
            doc.next_event_ms = crate::channel::due_of(&doc, to_move);
        }
        let mut b = self.store.batch();
        b.put_game(&doc, Some(&live.doc));
        self.commit(b)?;
        let live = Live {
            doc,
            record: live.record.clone(),
            game: live.game.clone(),
        };
        st.games.insert(id, live);
        Ok(())
    }
}

/// The pause offered in `doc` and not lapsed at `now`.
fn pause_offer(doc: &GameDoc, now: i64) -> Option<PauseOfferDoc> {
    doc.clock
        .as_ref()?
        .pause_offer
        .filter(|o| o.expires_ms > now)
}

/// The zone's name, `UTC` when none is set.
fn zone_text(d: &ComfortDoc) -> String {
    d.zone.clone().unwrap_or_else(|| "UTC".into())
}
