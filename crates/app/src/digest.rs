//! A player's daily digest: once a day at the time they chose, in their
//! zone, one message in their private chat with the bot listing every
//! game of theirs on the platform where it is their move, soonest
//! deadline first, each with a button that opens its board.
//!
//! The digest's timer (`TimerKind::Digest`) is claimed like every timer;
//! then, under the profile lock, checked against the player's stored
//! `digest_next_ms` and moved to the next day in one commit before
//! anything is sent, so of several processes (or after a lease ran out)
//! one sends it. A player who never wrote to the bot in private gets
//! none (their games' chats keep reminding them).

use tablero_store::{ComfortDoc, Timer};

use crate::event::Event;
use crate::reply::{Outgoing, User};
use crate::schedule::{next_daily, zone_or_utc};
use crate::state::App;

impl App {
    /// Handles a due digest timer: the digest to post, if there is one.
    pub(crate) fn digest_due(&self, t: &Timer, now: i64) -> Option<Outgoing> {
        let platform = t.channel.platform;
        let user = &t.channel.channel;
        let doc = self.move_digest_on(t, now)?;
        let private = doc.private.clone()?;
        let name = self
            .store
            .profile(platform, user)
            .ok()
            .flatten()
            .map_or_else(|| user.clone(), |p| p.name);
        let me = User {
            id: user.clone(),
            name,
        };
        let mut mine: Vec<_> = self
            .games_everywhere(platform, &me)
            .ok()?
            .into_iter()
            .filter(|(_, g)| g.result.is_none() && g.side_of(&me.id) == Some(g.game.turn().side))
            .collect();
        if mine.is_empty() {
            return None;
        }
        mine.sort_by_key(|(ch, g)| (g.deadline().unwrap_or(i64::MAX), ch.clone(), g.id()));
        let games = self.elsewhere(&private, true, mine);
        let lang = self.lang_of(&private, user);
        let open = App::open_buttons(&games, lang);
        let event = Event::Digest {
            me,
            games,
            zone: doc.zone.clone().unwrap_or_else(|| "UTC".into()),
        };
        let mut reply = self.present(&event, lang);
        reply.open = open;
        Some(Outgoing {
            channel: private,
            reply,
        })
    }

    /// Moves the player's digest to its next day, if `t` is still its
    /// timer (else drops `t`); their settings, once moved.
    fn move_digest_on(&self, t: &Timer, now: i64) -> Option<ComfortDoc> {
        let platform = t.channel.platform;
        let user = &t.channel.channel;
        let _lock = self.store.lock_stats().ok()?;
        let old = self.store.comfort(platform, user).ok()?;
        let mut b = self.store.batch();
        if old.digest_next_ms != Some(t.due_ms) {
            b.remove_timer(t);
            if let Err(e) = self.commit(b) {
                tracing::warn!(error = ?e, "cannot drop a stale digest timer");
            }
            return None;
        }
        let mut doc = old.clone();
        let tz = zone_or_utc(doc.zone.as_deref());
        doc.digest_next_ms = doc
            .digest
            .map(|at| next_daily(now.max(t.due_ms) + 1, &tz, at));
        b.put_comfort(platform, user, &doc, Some(&old));
        if let Err(e) = self.commit(b) {
            tracing::warn!(error = ?e, "cannot move a digest on");
            return None;
        }
        Some(doc)
    }
}
