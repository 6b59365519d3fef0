//! Tablero as a player. A game against the bot is an ordinary game whose
//! document names the bot's side and level; when the bot is to move, the
//! game is queued for a search. Searches run on a small pool of worker
//! threads (never more than the cores), outside every channel lock, at
//! most one per game. The chosen move is played as an ordinary
//! [`Command::Move`] carrying the move number the search started from, so
//! a search overtaken by a takeback or a resignation changes nothing.
//! The bot's turn also sets the game's timer to now, so after a restart
//! [`App::tick`] finds the pending move and queues it again.
//!
//! The queue is fair between the people the bot plays: each has a queue
//! of their own, the workers take from them in turn (round-robin), and a
//! person has at most one search running at a time. So one person with
//! many games against the bot, at its slowest level, delays another's
//! move by at most one search of theirs, never by all of them.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Condvar, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use tablero_deliver::Mailbox;
use tablero_engine::{Level, Limits};
use tablero_rules::{AnyGame, Side};
use tablero_store::GameDoc;

use crate::app::{Actor, App, lock};
use crate::channel::{due_of, splitmix};
use crate::command::Command;
use crate::event::Event;
use crate::reply::{ChannelKey, Outgoing, Platform, User};

/// How long a queued bot move waits before the timer queues it again (a
/// safety net for a search lost to a crash).
pub(crate) const RETRY_MS: i64 = 60_000;

/// The level of a game against the bot when the challenge names none.
pub const DEFAULT_LEVEL: u8 = 3;

/// A game whose bot move is searched.
type Job = (ChannelKey, u64);

/// Whose search a job is: the person the bot plays, on their platform.
type Owner = (Platform, String);

#[derive(Default)]
struct Queue {
    /// People with queued searches, in the order they are served.
    turns: VecDeque<Owner>,
    /// Each person's queued searches, oldest first.
    jobs: HashMap<Owner, VecDeque<Job>>,
    /// Whose search each queued or running job is.
    owners: HashMap<Job, Owner>,
    /// People with a search running now (one each at most).
    busy: HashSet<Owner>,
    /// Queued or being searched.
    pending: HashSet<Job>,
    /// Asked for again while being searched: the player may have answered
    /// the bot's move before its worker finished, and the bot must look
    /// once more when it has.
    again: HashSet<Job>,
    /// Searches running now.
    running: usize,
    workers: usize,
    /// The app is gone: workers stop.
    closed: bool,
}

impl Queue {
    /// Queues `job` of `owner` (unless it is queued or running).
    fn push(&mut self, job: Job, owner: Owner) -> bool {
        if self.pending.insert(job.clone()) {
            self.owners.insert(job.clone(), owner.clone());
            self.enqueue(job, owner);
            true
        } else {
            if !self.is_queued(&job) {
                self.again.insert(job);
            }
            false
        }
    }

    fn enqueue(&mut self, job: Job, owner: Owner) {
        let mine = self.jobs.entry(owner.clone()).or_default();
        mine.push_back(job);
        if mine.len() == 1 && !self.turns.contains(&owner) {
            self.turns.push_back(owner);
        }
    }

    fn is_queued(&self, job: &Job) -> bool {
        self.owners
            .get(job)
            .and_then(|o| self.jobs.get(o))
            .is_some_and(|q| q.contains(job))
    }

    /// The next search to run: the oldest of the first person in turn
    /// with none running, who then goes to the back of the line.
    fn pop(&mut self) -> Option<Job> {
        let at = self.turns.iter().position(|o| !self.busy.contains(o))?;
        let owner = self.turns.remove(at)?;
        let mine = self.jobs.get_mut(&owner)?;
        let job = mine.pop_front()?;
        if mine.is_empty() {
            self.jobs.remove(&owner);
        } else {
            self.turns.push_back(owner.clone());
        }
        self.busy.insert(owner);
        self.running += 1;
        Some(job)
    }

    /// `job`'s search ended: its owner may run another; a job asked for
    /// again meanwhile goes to the back of its owner's queue.
    fn done(&mut self, job: Job) {
        self.running -= 1;
        let owner = self.owners.get(&job).cloned();
        if let Some(o) = &owner {
            self.busy.remove(o);
        }
        if self.again.remove(&job)
            && let Some(o) = owner
        {
            self.enqueue(job, o);
        } else {
            self.pending.remove(&job);
            self.owners.remove(&job);
        }
    }

    /// The queued searches in the order idle workers will take them, if
    /// none of the running ones ends first.
    fn order(&self) -> Vec<Job> {
        let mut turns = self.turns.clone();
        let mut jobs = self.jobs.clone();
        let mut busy = self.busy.clone();
        let mut out = Vec::new();
        loop {
            let Some(at) = turns.iter().position(|o| !busy.contains(o)) else {
                // Everyone left waits for their running search: they are
                // served in turn after it.
                if turns.is_empty() {
                    return out;
                }
                busy.clear();
                continue;
            };
            let Some(owner) = turns.remove(at) else {
                return out;
            };
            let Some(mine) = jobs.get_mut(&owner) else {
                continue;
            };
            if let Some(job) = mine.pop_front() {
                out.push(job);
            }
            if !mine.is_empty() {
                turns.push_back(owner);
            }
        }
    }
}

/// The bot's identities, its queue of searches and the notices it posts.
#[derive(Default)]
pub(crate) struct Bots {
    users: RwLock<HashMap<Platform, User>>,
    queue: Mutex<Queue>,
    work: Condvar,
    idle: Condvar,
    /// What the app posts on its own, by platform: one mailbox each,
    /// emptied by that front-end's pump.
    notices: Mutex<HashMap<Platform, Arc<Mailbox<Outgoing>>>>,
}

impl App {
    /// Tells the app who the bot is on `platform` (the chat adapters learn
    /// it when they connect); a challenge to this user is a game against
    /// the bot. The console's bot is `tablero` unless set.
    pub fn set_bot_user(&self, platform: Platform, user: User) {
        self.bots
            .users
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(platform, user);
    }

    /// The bot's user on `platform`, if known.
    #[must_use]
    pub fn bot_user(&self, platform: Platform) -> Option<User> {
        let known = self
            .bots
            .users
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&platform)
            .cloned();
        known.or_else(|| {
            (platform == Platform::Console).then(|| User {
                id: self.settings.bot_name.clone(),
                name: self.settings.bot_name.clone(),
            })
        })
    }

    /// Whether `user` is the bot on `platform`.
    pub(crate) fn is_bot(&self, platform: Platform, user: &User) -> bool {
        self.bot_user(platform).is_some_and(|b| b.id == user.id)
    }

    /// Starts the search workers (at most the number of cores). Before this
    /// is called, bot moves wait in the queue.
    pub fn start_bots(self: &Arc<App>) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let want = self.settings.bot_threads.clamp(1, cores);
        let mut q = lock(&self.bots.queue);
        while q.workers < want {
            q.workers += 1;
            let (app, bots) = (Arc::downgrade(self), self.bots.clone());
            std::thread::Builder::new()
                .name(format!("tablero-bot-{}", q.workers))
                .spawn(move || worker(&bots, &app))
                .expect("a thread for the bot");
        }
    }

    /// Queues a search for game `id` of `ch`, unless one is queued; if one
    /// is running, the game is queued again when it ends. The search is
    /// the person's the bot plays there, for the fair turn.
    pub(crate) fn queue_bot_move(&self, ch: &ChannelKey, id: u64) {
        let person = match self.store.game(ch, id, true) {
            Ok(Some(doc)) => doc.bot.map(|b| doc.player(b.side.other()).id.clone()),
            _ => None,
        };
        let owner = (ch.platform, person.unwrap_or_default());
        let mut q = lock(&self.bots.queue);
        if q.push((ch.clone(), id), owner) {
            self.bots.work.notify_one();
        }
    }

    /// The queued bot searches (game `id` of a channel) in the order the
    /// workers will take them: in turn between the people the bot plays,
    /// one search of each at a time.
    #[must_use]
    pub fn bot_queue(&self) -> Vec<(ChannelKey, u64)> {
        lock(&self.bots.queue).order()
    }

    /// Waits until no bot search is queued or running (or `timeout`
    /// passes); returns whether it is idle. Without workers, nothing runs.
    pub fn wait_bots(&self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        let mut q = lock(&self.bots.queue);
        while q.workers > 0 && !q.pending.is_empty() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            q = self
                .bots
                .idle
                .wait_timeout(q, left)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        true
    }

    /// The mailbox of `platform`'s notices (reminders, timeouts, expiries,
    /// the bot's moves, answers routed to another chat): the one way they
    /// reach its front-end, whose pump ([`tablero_deliver::pump`]) empties
    /// it.
    #[must_use]
    pub fn notices(&self, platform: Platform) -> Arc<Mailbox<Outgoing>> {
        lock(&self.bots.notices)
            .entry(platform)
            .or_insert_with(|| Arc::new(Mailbox::default()))
            .clone()
    }

    /// The notices on `platform` posted since the last call.
    pub fn take_notices(&self, platform: Platform) -> Vec<Outgoing> {
        self.wait_notices(platform, Duration::ZERO)
    }

    /// Waits until a notice for `platform` is posted or `timeout` passes,
    /// then takes them.
    pub fn wait_notices(&self, platform: Platform, timeout: Duration) -> Vec<Outgoing> {
        self.notices(platform).wait(timeout).unwrap_or_default()
    }

    /// Closes every notice mailbox: the front-ends' pumps deliver what
    /// waits, then end. Called when the process stops.
    pub fn close_notices(&self) {
        for m in lock(&self.bots.notices).values() {
            m.close();
        }
    }

    /// Posts a notice to its platform's front-end.
    pub(crate) fn post(&self, notice: Outgoing) {
        self.notices(notice.channel.platform).post(notice);
    }

    /// Searches and plays the bot's move in game `id`, if it is the bot's
    /// turn there.
    fn bot_move(&self, ch: &ChannelKey, id: u64) {
        let queued = Instant::now();
        let snapshot = self.with_channel(ch, |st| {
            Ok(st.games.get(&id).and_then(|live| {
                let bot = live.doc.bot?;
                (live.game.outcome().is_none() && live.game.turn().side == bot.side).then(|| {
                    let ply = live.ply();
                    (
                        live.game.clone(),
                        ply,
                        bot,
                        live.doc.player(bot.side).clone(),
                        live.doc.player(bot.side.other()).clone(),
                    )
                })
            }))
        });
        let Ok(Some((game, ply, bot, me, opponent))) = snapshot else {
            return;
        };
        // A place in the pool of heavy jobs, for as long as it searches.
        let place = self.heavy.enter((ch.platform, opponent.id.clone()), None);
        let found = self.search(&game, bot.level, ch, id, ply);
        drop(place);
        let Some(text) = found else {
            return;
        };
        std::thread::sleep(self.settings.bot_min_delay.saturating_sub(queued.elapsed()));
        let actor = Actor::without_message(ch, &me, None);
        let cmd = Command::Move {
            game: Some(id),
            text,
            ply: Some(ply),
        };
        match self.execute(&actor, cmd) {
            Ok(e @ Event::Played { .. }) => {
                let lang = self.lang_of(ch, &opponent.id);
                self.post(Outgoing {
                    channel: ch.clone(),
                    reply: self.present(&e, lang),
                });
            }
            Ok(_) => {}
            // Overtaken (a takeback, a resignation): nothing to do.
            Err(e) => tracing::debug!(game = id, error = ?e, "bot move not played"),
        }
    }

    /// The bot's move in `game`.
    fn search(
        &self,
        game: &AnyGame,
        level: u8,
        ch: &ChannelKey,
        id: u64,
        ply: usize,
    ) -> Option<String> {
        let level = Level::new(level).unwrap_or(Level::MAX);
        let limits = if self.settings.bot_nodes {
            Limits::level_nodes(level, game.id())
        } else {
            self.settings
                .bot_think
                .map_or(Limits::think(level.think_time()), Limits::think)
        };
        let mut seed = splitmix(id ^ ((ply as u64) << 32));
        for b in ch.channel.bytes() {
            seed = splitmix(seed ^ u64::from(b));
        }
        let started = Instant::now();
        match tablero_engine::choose(game, level, limits, seed) {
            Ok(m) => {
                tracing::debug!(
                    game = id,
                    ply,
                    ms = started.elapsed().as_millis() as u64,
                    "bot chose {m}"
                );
                Some(m)
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "the bot found no move");
                None
            }
        }
    }
}

impl crate::channel::Live {
    /// The number of moves played.
    pub(crate) fn ply(&self) -> usize {
        crate::channel::record_of(&self.doc).map_or(0, |r| r.moves.len())
    }
}

/// When `doc`'s next timer falls due with `to_move` to move: now when it is
/// the bot's turn (its move is queued), else the player's clock.
pub(crate) fn next_event(doc: &GameDoc, to_move: Side, now: i64) -> Option<i64> {
    match doc.bot {
        Some(b) if b.side == to_move => Some(now),
        _ => due_of(doc),
    }
}

/// Takes jobs until the app is gone. A worker holds the app only while it
/// searches, so dropping the app (to reopen its store) is never held up.
fn worker(bots: &Bots, app: &Weak<App>) {
    loop {
        let (ch, id) = {
            let mut q = lock(&bots.queue);
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.pop() {
                    break job;
                }
                q = bots
                    .work
                    .wait(q)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
        };
        if let Some(app) = app.upgrade() {
            app.bot_move(&ch, id);
        }
        let mut q = lock(&bots.queue);
        q.done((ch, id));
        // Its owner's next search, or a job asked for again, may run now.
        bots.work.notify_all();
        if q.pending.is_empty() {
            bots.idle.notify_all();
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        lock(&self.bots.queue).closed = true;
        self.bots.work.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(n: u64) -> Job {
        (ChannelKey::new(Platform::Telegram, "g"), n)
    }

    fn owner(name: &str) -> Owner {
        (Platform::Telegram, name.to_string())
    }

    #[test]
    fn people_are_served_in_turn_one_search_each_at_a_time() {
        let mut q = Queue::default();
        for n in 1..=150 {
            q.push(job(n), owner("mallory"));
        }
        q.push(job(1000), owner("ana"));
        // Ana's search is second in line, not 151st.
        assert_eq!(q.order()[..3], [job(1), job(1000), job(2)]);
        // Two workers: mallory's first, then ana's, not mallory's second.
        assert_eq!(q.pop(), Some(job(1)));
        assert_eq!(q.pop(), Some(job(1000)));
        // A third worker finds nothing: both have a search running.
        assert_eq!(q.pop(), None);
        q.done(job(1000));
        assert_eq!(q.pop(), None, "mallory still has one running");
        q.done(job(1));
        assert_eq!(q.pop(), Some(job(2)));
        // Ana again while mallory's runs: ana's goes first.
        q.push(job(1001), owner("ana"));
        assert_eq!(q.pop(), Some(job(1001)));
    }

    #[test]
    fn a_job_asked_for_while_it_runs_runs_again() {
        let mut q = Queue::default();
        q.push(job(1), owner("ana"));
        assert_eq!(q.pop(), Some(job(1)));
        assert!(!q.push(job(1), owner("ana")));
        q.done(job(1));
        assert_eq!(q.pop(), Some(job(1)));
        q.done(job(1));
        assert!(q.pending.is_empty() && q.owners.is_empty() && q.jobs.is_empty());
    }
}
