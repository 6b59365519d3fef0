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
//! The answer is posted as a notice, at least `bot_min_delay` after the
//! move it answers, so it follows that move's board. In the player's
//! direct chat, where nobody watches each move, the player waits for it
//! instead (up to `answer_wait`), and one reply shows both moves and the
//! board after the answer (`answers.rs`).
//!
//! The queue is fair between the people the bot plays: each has a queue
//! of their own, the workers take from them in turn (round-robin), and a
//! person has at most one search running at a time. So one person with
//! many games against the bot, at its slowest level, delays another's
//! move by at most one search of theirs, never by all of them.
//!
//! Between its moves in a game the bot keeps its engine (the alpha-beta
//! table or the MCTS graph below the moves played) in `Kept` (`queue.rs`,
//! with the queue itself), so each
//! search starts from what the last one learnt rather than cold (where
//! it can: `Engine::learns_between_moves`; alpha-beta's noisy levels 1–3
//! clear their table for every search and are not kept). Each
//! engine holds at most `GAME_MEMORY`; those kept between moves hold
//! at most `KEPT_MEMORY` together, the least recently used game's
//! dropped first. A kept engine is used only when the game's record
//! continues the moves it has seen (a takeback, a restart or an eviction
//! means a cold start, the same search as before), and it is dropped
//! when its game ends, or after `KEPT_IDLE` unused.

use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use tablero_deliver::Mailbox;
use tablero_engine::{Engine, Level, Limits};
use tablero_rules::{AnyGame, Side};
use tablero_store::GameDoc;

use crate::answers::Answer;
use crate::channel::{due_of, splitmix};
use crate::command::Command;
use crate::event::{Event, Outcome};
use crate::queue::{Bots, GAME_MEMORY};
pub(crate) use crate::queue::{DEFAULT_LEVEL, RETRY_MS};
use crate::reply::{ChannelKey, Outgoing, Platform, User};
use crate::state::{Actor, App};
use crate::sync::lock;

/// How long the worker keeps an answer for a waiting player beyond the
/// wait's end before posting it itself (the player takes it at once; this
/// only guards against a player who never comes).
const ANSWER_GRACE: Duration = Duration::from_secs(1);

impl App {
    /// Drops the engine kept for game `id` of `ch`, which has ended.
    pub(crate) fn forget_engine(&self, ch: &ChannelKey, id: u64) {
        lock(&self.bots.kept).games.remove(&(ch.clone(), id));
    }

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

    /// The player who left the bot to move in game `id` of `ch` after
    /// `ply` moves waits for its answer in their direct chat: called in the
    /// commit, under the channel's lock, before the search is queued.
    pub(crate) fn expect_answer(&self, ch: &ChannelKey, id: u64, ply: usize) {
        let until = Instant::now() + self.settings.answer_wait;
        self.bots.answers.expect((ch.clone(), id, ply), until);
    }

    /// `out`, the outcome of a command of `who` in their direct chat: a
    /// move that left the bot to move comes back with the bot's answer
    /// ([`Event::Answered`]) when the answer comes within its wait
    /// (`answers.rs`); else as it was, and the answer follows as a notice.
    pub(crate) fn with_answer(&self, who: &Actor, out: Outcome) -> Outcome {
        let Ok(Event::Played { by, moves, game }) = out else {
            return out;
        };
        let key = (who.channel.clone(), game.id(), game.ply());
        match self.bots.answers.wait(&key) {
            Some(a) => Ok(Event::Answered {
                by,
                moves,
                bot: a.bot,
                answer: a.moves,
                game: a.game,
                notice: a.notice,
            }),
            None => Ok(Event::Played { by, moves, game }),
        }
    }

    /// Searches and plays the bot's move in game `id`, if it is the bot's
    /// turn there. A player waiting for the answer in their direct chat
    /// (`answers.rs`) is handed it; if the bot has no answer, they are
    /// told so.
    fn bot_move(&self, ch: &ChannelKey, id: u64) {
        if let Some(seen) = self.play_bot_move(ch, id) {
            self.bots.answers.release(ch, id, seen);
        }
    }

    /// [`App::bot_move`]: the number of moves the game had when the bot
    /// looked at it (past every count once it has ended): whoever waits
    /// for an answer after as many moves or fewer waits in vain now.
    /// `None` when the game could not be read.
    fn play_bot_move(&self, ch: &ChannelKey, id: u64) -> Option<usize> {
        let queued = Instant::now();
        let snapshot = self.with_channel(ch, |st| {
            let ongoing: HashSet<u64> = st.games.keys().copied().collect();
            // A move after this one waits for a later search.
            let seen = st
                .games
                .get(&id)
                .map_or(usize::MAX, crate::channel::Live::ply);
            let bot_to_move = st.games.get(&id).and_then(|live| {
                let bot = live.doc.bot?;
                (live.game.outcome().is_none() && live.game.turn().side == bot.side).then(|| {
                    (
                        live.game.clone(),
                        crate::channel::record_of(&live.doc)
                            .map_or_else(|_| Vec::new(), |r| r.moves),
                        bot,
                        live.doc.player(bot.side).clone(),
                        live.doc.player(bot.side.other()).clone(),
                        live.doc.learning,
                    )
                })
            });
            Ok((ongoing, seen, bot_to_move))
        });
        let Ok((ongoing, seen, bot_to_move)) = snapshot else {
            return None;
        };
        lock(&self.bots.kept).forget_ended(ch, &ongoing);
        let Some((game, moves, bot, me, opponent, learning)) = bot_to_move else {
            return Some(seen);
        };
        let ply = moves.len();
        // A place in the pool of heavy jobs, for as long as it searches.
        let place = self.heavy.enter((ch.platform, opponent.id.clone()), None);
        let found = self.search(&game, &moves, bot.level, ch, id);
        drop(place);
        let Some((text, mut engine)) = found else {
            return Some(ply);
        };
        // A learning game: one thing worth seeing after the move (`learn.rs`).
        let notice = learning
            .then(|| self.learning_notice(&game, &text, ch.platform, &opponent))
            .flatten();
        let key = (ch.clone(), id, ply);
        // A player waiting for the answer has it at once: no board of
        // theirs is on its way for the answer to overtake.
        if !self.bots.answers.waiting(&key) {
            std::thread::sleep(self.settings.bot_min_delay.saturating_sub(queued.elapsed()));
        }
        let actor = Actor::without_message(ch, &me, None);
        let cmd = Command::Move {
            game: Some(id),
            text: text.clone(),
            ply: Some(ply),
        };
        match self.execute(&actor, cmd) {
            Ok(Event::Played {
                by,
                moves: answer,
                game: view,
            }) => {
                if view.game.outcome().is_none()
                    && engine.learns_between_moves()
                    && let Ok(played) = engine.advance(&text)
                {
                    let mut moves = moves;
                    moves.push(played);
                    lock(&self.bots.kept).put((ch.clone(), id), engine, moves);
                }
                let answer = Answer {
                    bot: by,
                    moves: answer,
                    game: view,
                    notice,
                };
                let (answer, gave_up) =
                    match self.bots.answers.hand_over(&key, answer, ANSWER_GRACE) {
                        Ok(()) => return Some(ply),
                        Err(back) => back,
                    };
                // The player's move was answered alone at `gave_up`: its
                // board goes first.
                if let Some(at) = gave_up {
                    let after = (at + self.settings.bot_min_delay)
                        .saturating_duration_since(Instant::now());
                    std::thread::sleep(after);
                }
                self.post_answer(ch, &opponent, answer);
            }
            Ok(_) => {}
            // Overtaken (a takeback, a resignation): nothing to do.
            Err(e) => tracing::debug!(game = id, error = ?e, "bot move not played"),
        }
        Some(ply)
    }

    /// Posts the bot's `answer` in `ch` to `opponent`, who did not wait for
    /// it.
    fn post_answer(&self, ch: &ChannelKey, opponent: &User, answer: Answer) {
        let lang = self.lang_of(ch, &opponent.id);
        let Answer {
            bot,
            moves,
            game,
            notice,
        } = answer;
        let e = Event::Played {
            by: bot,
            moves,
            game,
        };
        let mut reply = self.present(&e, lang);
        if let (Event::Played { game: view, .. }, Some(n)) = (&e, &notice) {
            App::add_notice(view, n, &mut reply);
        }
        self.post(Outgoing {
            channel: ch.clone(),
            reply,
        });
    }

    /// The bot's move in `game` (the position after `moves`, game `id` of
    /// `ch`), and the engine that found it: the one kept from the bot's
    /// last move in the game where it still applies, else a new one.
    fn search(
        &self,
        game: &AnyGame,
        moves: &[String],
        level: u8,
        ch: &ChannelKey,
        id: u64,
    ) -> Option<(String, Engine)> {
        let ply = moves.len();
        let level = Level::new(level).unwrap_or(Level::MAX);
        let limits = if self.settings.fixed_nodes() {
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
        let kept = lock(&self.bots.kept).take(&(ch.clone(), id), level, moves, game);
        let warm = kept.is_some();
        let mut engine = kept.unwrap_or_else(|| {
            let mut e = Engine::new(game, level, seed);
            e.set_memory_limit(GAME_MEMORY);
            e
        });
        match engine.choose(limits) {
            Ok(m) => {
                tracing::debug!(
                    game = id,
                    ply,
                    warm,
                    ms = started.elapsed().as_millis() as u64,
                    "bot chose {m}"
                );
                Some((m, engine))
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
        self.record.moves.len()
    }
}

/// When `doc`'s next timer falls due with `to_move` to move: now when it is
/// the bot's turn (its move is queued), else the player's clock.
pub(crate) fn next_event(doc: &GameDoc, to_move: Side, now: i64) -> Option<i64> {
    match doc.bot {
        Some(b) if b.side == to_move => Some(now),
        _ => due_of(doc, to_move),
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
    use crate::queue::{Job, KEPT_IDLE, Kept, Owner, Queue};

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

    /// An engine of `id` at level 3 that has searched the start and
    /// played `moves`.
    fn engine_after(id: tablero_rules::GameId, moves: &[&str]) -> (Engine, AnyGame) {
        let start = AnyGame::new(id, &tablero_rules::Setup::default()).unwrap();
        let mut e = Engine::new(&start, Level::new(3).unwrap(), 1);
        e.set_memory_limit(GAME_MEMORY);
        e.choose(Limits::nodes(2_000)).unwrap();
        let game = crate::testkit::after(id, moves);
        for m in moves {
            e.advance(m).unwrap();
        }
        (e, game)
    }

    fn strings(moves: &[&str]) -> Vec<String> {
        moves.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_kept_engine_follows_the_record_or_is_dropped() {
        use tablero_rules::GameId::Breakthrough;
        let three = Level::new(3).unwrap();
        let mut kept = Kept::default();
        let (e, _) = engine_after(Breakthrough, &["a2-a3"]);
        kept.put(job(1), e, strings(&["a2-a3"]));
        // The record goes on: the engine is brought to its position.
        let moves = strings(&["a2-a3", "h7-h6"]);
        let now = crate::testkit::after(Breakthrough, &["a2-a3", "h7-h6"]);
        let e = kept.take(&job(1), three, &moves, &now).expect("kept");
        assert_eq!(e.position_text(), now.position_text());
        assert!(e.memory() > 0, "its table came along");
        assert!(kept.games.is_empty(), "taken out while it searches");
        // A takeback: the record no longer continues what the engine saw.
        kept.put(job(1), e, moves.clone());
        let back = strings(&["a2-a3"]);
        let then = crate::testkit::after(Breakthrough, &["a2-a3"]);
        assert!(kept.take(&job(1), three, &back, &then).is_none());
        assert!(kept.games.is_empty(), "dropped, not kept for later");
        // Another move in its place, or another level: not used either.
        let (e, _) = engine_after(Breakthrough, &["a2-a3", "h7-h6"]);
        kept.put(job(1), e, moves.clone());
        let other = strings(&["a2-a3", "g7-g6"]);
        let there = crate::testkit::after(Breakthrough, &["a2-a3", "g7-g6"]);
        assert!(kept.take(&job(1), three, &other, &there).is_none());
        let (e, _) = engine_after(Breakthrough, &["a2-a3", "h7-h6"]);
        kept.put(job(1), e, moves.clone());
        assert!(kept.take(&job(1), Level::MAX, &moves, &now).is_none());
        // Another game's engine is never handed out.
        let (e, _) = engine_after(Breakthrough, &["a2-a3", "h7-h6"]);
        kept.put(job(1), e, moves.clone());
        assert!(kept.take(&job(2), three, &moves, &now).is_none());
        assert!(kept.take(&job(1), three, &moves, &now).is_some());
    }

    #[test]
    fn kept_engines_stay_within_their_total_least_recently_used_first() {
        use tablero_rules::GameId::Breakthrough;
        let (e, _) = engine_after(Breakthrough, &[]);
        // Level 3's table: 2^20 entries, within one game's bound.
        let each = e.memory();
        assert!(each > 8 << 20 && each <= GAME_MEMORY, "{each}");
        let mut kept = Kept {
            cap: 3 * each,
            ..Kept::default()
        };
        kept.put(job(1), e, Vec::new());
        for n in 2..=3 {
            kept.put(job(n), engine_after(Breakthrough, &[]).0, Vec::new());
        }
        assert_eq!(kept.games.len(), 3);
        // Game 1 is used again: game 2 is now the least recently used.
        let start = crate::testkit::after(Breakthrough, &[]);
        let three = Level::new(3).unwrap();
        let e = kept.take(&job(1), three, &[], &start).unwrap();
        kept.put(job(1), e, Vec::new());
        kept.put(job(4), engine_after(Breakthrough, &[]).0, Vec::new());
        let mut left: Vec<u64> = kept.games.keys().map(|(_, n)| *n).collect();
        left.sort_unstable();
        assert_eq!(left, [1, 3, 4]);
        assert!(kept.memory() <= kept.cap);
        // Idle ones go at the next put; ended games when their channel
        // is next looked at.
        kept.idle = Duration::ZERO;
        kept.put(job(5), engine_after(Breakthrough, &[]).0, Vec::new());
        assert!(kept.games.is_empty(), "even the new one is idle at once");
        kept.idle = KEPT_IDLE;
        for n in [1, 2] {
            kept.put(job(n), engine_after(Breakthrough, &[]).0, Vec::new());
        }
        let elsewhere = (ChannelKey::new(Platform::Telegram, "h"), 1);
        kept.put(
            elsewhere.clone(),
            engine_after(Breakthrough, &[]).0,
            Vec::new(),
        );
        kept.forget_ended(&job(1).0, &HashSet::from([2]));
        assert!(kept.games.contains_key(&job(2)) && kept.games.contains_key(&elsewhere));
        assert_eq!(kept.games.len(), 2);
    }

    #[test]
    fn the_bot_keeps_its_engine_through_a_game_and_drops_it_after() {
        let dir = tempfile::tempdir().unwrap();
        let h = crate::testkit::Harness::new(dir.path());
        let app = h.app();
        let said = |text: &str| {
            let r = h.say("general", "ana", text).unwrap();
            assert!(!r.error, "{text}: {}", r.plain_text());
        };
        let game1 = (ChannelKey::new(Platform::Console, "general"), 1);
        let kept_moves = |job: &Job| lock(&app.bots.kept).games.get(job).map(|k| k.moves.clone());
        // Level 4: its alpha-beta table carries over (level 3's noise does
        // not let it).
        said("play breakthrough level=4 black");
        assert!(app.wait_bots(Duration::from_secs(120)));
        let first = kept_moves(&game1).expect("kept after the bot's first move");
        assert_eq!(first.len(), 1);
        // Ana's reply, as people type it; the bot's next search starts
        // from its kept engine and keeps it again, two plies on.
        said("h7h6");
        assert!(app.wait_bots(Duration::from_secs(120)));
        let second = kept_moves(&game1).expect("kept after its second move");
        assert_eq!(second.len(), 3);
        assert_eq!(second[..2], [first[0].clone(), "h7-h6".to_string()]);
        // Ana resigns; her next game there drops the first one's engine.
        said("resign");
        said("resign yes");
        said("play cracovia level=2 demons");
        assert!(app.wait_bots(Duration::from_secs(120)));
        assert_eq!(kept_moves(&game1), None);
        assert!(kept_moves(&(game1.0.clone(), 2)).is_some());
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
