//! Timers: reminders at half and 90 % of a turn's time, losses on time,
//! expired challenges, tournaments' join deadlines. Each due timer is claimed (leased to this process,
//! so that of several processes on one database one handles it), then
//! handled under its channel's lock and checked against the stored record
//! first, so a timer that a move or an answer made stale — or that another
//! process handled after a lease ran out — does nothing.

use tablero_store::{ResultDoc, Termination, Timer, TimerKind};

use crate::channel::{deadline_of, due_of};
use crate::event::{AppError, Event};
use crate::reply::Outgoing;
use crate::state::{App, Res};
use crate::view::ChallengeView;

/// How long a claimed timer is this process's alone: far longer than
/// handling it takes; if the process dies first, the timer waits this long
/// for another.
const LEASE_MS: i64 = 30_000;
/// Timers claimed at a time.
const CLAIM: usize = 256;

impl App {
    /// Posts what has fallen due. Safe to call at any time and after a
    /// restart: whatever fell due meanwhile is caught up, and a turn whose
    /// time ran out gets only the timeout, not stale reminders.
    pub fn tick(&self) -> Vec<Outgoing> {
        let now = self.now();
        let mut out = Vec::new();
        loop {
            let timers = match self.store.claim_due_timers(
                now,
                LEASE_MS,
                CLAIM,
                self.settings.platforms.as_deref(),
            ) {
                Ok(t) => t,
                Err(e) => {
                    tracing::error!(error = %e, "cannot read the timers");
                    return out;
                }
            };
            let more = timers.len() == CLAIM;
            self.fire(timers, now, &mut out);
            // Claimed timers stay leased even when not handled, so the
            // next claim moves on.
            if !more {
                return out;
            }
        }
    }

    fn fire(&self, timers: Vec<Timer>, now: i64, out: &mut Vec<Outgoing>) {
        for t in timers {
            if t.kind == TimerKind::Digest {
                // A player's digest goes to their private chat (`digest.rs`).
                out.extend(self.digest_due(&t, now));
                continue;
            }
            let done = match t.kind {
                TimerKind::Game => self.game_timer(&t, now),
                TimerKind::Challenge => self.challenge_timer(&t, now),
                TimerKind::Tournament => self.tournament_timer(&t, now),
                TimerKind::Digest => Ok(None),
            };
            match done {
                Ok(Some((event, reader))) => {
                    let lang = self.lang_of(&t.channel, &reader);
                    out.push(Outgoing {
                        channel: t.channel.clone(),
                        reply: self.present(&event, lang),
                    });
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(timer = ?t, error = ?e, "timer not handled"),
            }
        }
    }

    fn drop_timer(&self, t: &Timer) -> Res<Option<(Event, String)>> {
        let mut b = self.store.batch();
        b.remove_timer(t);
        self.commit(b)?;
        Ok(None)
    }

    /// A reminder or a timeout, with the id of the user it is for.
    fn game_timer(&self, t: &Timer, now: i64) -> Res<Option<(Event, String)>> {
        self.with_channel(&t.channel, |st| {
            let Some(live) = st
                .games
                .get(&t.id)
                .filter(|g| g.doc.next_event_ms == Some(t.due_ms))
            else {
                return self.drop_timer(t);
            };
            let side = live.game.turn().side;
            if live.doc.bot.is_some_and(|b| b.side == side) {
                // The bot's move is pending (perhaps from before a
                // restart): search it, and look again later in case the
                // search is lost.
                let mut doc = live.doc.clone();
                doc.next_event_ms = Some(now + crate::bots::RETRY_MS);
                self.save_doc(st, t.id, doc)?;
                self.queue_bot_move(&t.channel, t.id);
                return Ok(None);
            }
            let who = live.doc.player(side).clone();
            let Some(deadline) = deadline_of(&live.doc, side) else {
                return self.drop_timer(t);
            };
            // A clock that stopped since the timer was set (a vacation, a
            // pause, quiet hours begun) is due later: set again, quietly.
            if due_of(&live.doc, side).is_some_and(|due| due > now) {
                let mut doc = live.doc.clone();
                doc.next_event_ms = due_of(&doc, side);
                self.save_doc(st, t.id, doc)?;
                return Ok(None);
            }
            if now >= deadline {
                let live = self.end_game(
                    st,
                    t.id,
                    ResultDoc {
                        winner: Some(side.other()),
                        termination: Termination::Time,
                    },
                )?;
                let id = who.id.clone();
                return Ok(Some((
                    Event::TimedOut {
                        who,
                        game: live.view(now),
                    },
                    id,
                )));
            }
            let mut doc = live.doc.clone();
            doc.reminders_sent = crate::gameclock::reminders_at(&doc, side, now);
            doc.next_event_ms = due_of(&doc, side);
            let live = self.save_doc(st, t.id, doc)?;
            if !self.wants_reminders(t.channel.platform, &who.id) {
                return Ok(None);
            }
            let id = who.id.clone();
            Ok(Some((
                Event::Reminder {
                    who,
                    game: live.view(now),
                    left_ms: deadline - now,
                },
                id,
            )))
        })
    }

    /// A tournament's join deadline: it starts, or is called off.
    fn tournament_timer(&self, t: &Timer, now: i64) -> Res<Option<(Event, String)>> {
        self.with_channel(&t.channel, |_| {
            match self.deadline_came(&t.channel, t.id, t.due_ms, now)? {
                Some(done) => Ok(Some(done)),
                None => self.drop_timer(t),
            }
        })
    }

    fn challenge_timer(&self, t: &Timer, now: i64) -> Res<Option<(Event, String)>> {
        self.with_channel(&t.channel, |_| {
            let c = self.store.challenge(&t.channel, t.id)?;
            let Some(c) = c.filter(|c| c.expires_ms == t.due_ms && c.expires_ms <= now) else {
                return self.drop_timer(t);
            };
            let mut b = self.store.batch();
            b.remove_challenge(&c);
            self.commit(b).map_err(|e: AppError| e)?;
            let id = c.challenger.id.clone();
            Ok(Some((Event::Expired(ChallengeView::of(&c)), id)))
        })
    }
}
