//! The bot's shared state, below the use cases: its identities on each
//! platform, the fair queue of searches (a queue per person the bot plays,
//! served in turn, one search of each at a time), the notices' mailboxes,
//! the engines kept between moves (`Kept`), and the answers players wait
//! for (`answers.rs`). `bots.rs` runs the
//! searches and plays their moves; the `App` holds this.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

use tablero_deliver::Mailbox;
use tablero_engine::{Engine, Level};
use tablero_rules::AnyGame;

use crate::reply::{ChannelKey, Outgoing, Platform, User};

/// How long a queued bot move waits before the timer queues it again (a
/// safety net for a search lost to a crash).
pub(crate) const RETRY_MS: i64 = 60_000;

/// The level of a game against the bot when the challenge names none.
pub const DEFAULT_LEVEL: u8 = 3;

/// The memory one game's engine may hold, during its search and between
/// moves (`Engine::set_memory_limit`): above what level 5 uses in its
/// 2 s (a 24 MiB alpha-beta table; MCTS graphs of 10–60 MiB measured,
/// BENCHMARKS.md), so the bound does not change its play.
pub(crate) const GAME_MEMORY: usize = 64 << 20;

/// The memory the engines kept between moves may hold together. With
/// the searches running (one per worker, each within [`GAME_MEMORY`]),
/// the bot's engines hold at most this plus `bot_threads` ×
/// [`GAME_MEMORY`].
pub(crate) const KEPT_MEMORY: usize = 256 << 20;

/// A kept engine unused this long is dropped: its game is idle, or has
/// ended where the bot did not see it (a resignation, a timeout).
pub(crate) const KEPT_IDLE: Duration = Duration::from_secs(3600);

/// A game whose bot move is searched.
pub(crate) type Job = (ChannelKey, u64);

/// The bot's engine of one game, kept between its moves.
pub(crate) struct KeptGame {
    pub(crate) engine: Engine,
    /// The record's moves the engine has played, in order.
    pub(crate) moves: Vec<String>,
    /// What `engine.memory()` said when it was kept.
    pub(crate) bytes: usize,
    pub(crate) used: Instant,
}

/// The engines kept between the bot's moves, by game, within a total of
/// memory.
pub(crate) struct Kept {
    pub(crate) games: HashMap<Job, KeptGame>,
    pub(crate) cap: usize,
    pub(crate) idle: Duration,
}

impl Default for Kept {
    fn default() -> Kept {
        Kept {
            games: HashMap::new(),
            cap: KEPT_MEMORY,
            idle: KEPT_IDLE,
        }
    }
}

impl Kept {
    /// Takes `job`'s engine out, brought to the position after `moves`
    /// (the game's record), if it plays at `level` and its moves begin
    /// `moves`; else drops it. `game` is that position: a kept engine
    /// whose position differs is never used.
    pub(crate) fn take(
        &mut self,
        job: &Job,
        level: Level,
        moves: &[String],
        game: &AnyGame,
    ) -> Option<Engine> {
        let mut kept = self.games.remove(job)?;
        if kept.engine.level() != level || !moves.starts_with(&kept.moves) {
            return None;
        }
        for m in &moves[kept.moves.len()..] {
            kept.engine.advance(m).ok()?;
        }
        (kept.engine.position_text() == game.position_text()).then_some(kept.engine)
    }

    /// Keeps `engine`, which has played `moves`, for `job`'s next search;
    /// drops idle engines, then the least recently used until all fit.
    pub(crate) fn put(&mut self, job: Job, engine: Engine, moves: Vec<String>) {
        let now = Instant::now();
        let bytes = engine.memory();
        self.games.insert(
            job,
            KeptGame {
                engine,
                moves,
                bytes,
                used: now,
            },
        );
        self.games
            .retain(|_, k| now.duration_since(k.used) < self.idle);
        while self.memory() > self.cap {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, k)| k.used)
                .map(|(j, _)| j.clone());
            match oldest {
                Some(j) => self.games.remove(&j),
                None => break,
            };
        }
    }

    /// Drops the engines of `ch`'s games that are not among `ongoing`
    /// (finished, or gone).
    pub(crate) fn forget_ended(&mut self, ch: &ChannelKey, ongoing: &HashSet<u64>) {
        self.games
            .retain(|(c, id), _| c != ch || ongoing.contains(id));
    }

    /// The memory the kept engines hold.
    pub(crate) fn memory(&self) -> usize {
        self.games.values().map(|k| k.bytes).sum()
    }
}

/// Whose search a job is: the person the bot plays, on their platform.
pub(crate) type Owner = (Platform, String);

#[derive(Default)]
pub(crate) struct Queue {
    /// People with queued searches, in the order they are served.
    pub(crate) turns: VecDeque<Owner>,
    /// Each person's queued searches, oldest first.
    pub(crate) jobs: HashMap<Owner, VecDeque<Job>>,
    /// Whose search each queued or running job is.
    pub(crate) owners: HashMap<Job, Owner>,
    /// People with a search running now (one each at most).
    pub(crate) busy: HashSet<Owner>,
    /// Queued or being searched.
    pub(crate) pending: HashSet<Job>,
    /// Asked for again while being searched: the player may have answered
    /// the bot's move before its worker finished, and the bot must look
    /// once more when it has.
    pub(crate) again: HashSet<Job>,
    /// Searches running now.
    pub(crate) running: usize,
    pub(crate) workers: usize,
    /// The app is gone: workers stop.
    pub(crate) closed: bool,
}

impl Queue {
    /// Queues `job` of `owner` (unless it is queued or running).
    pub(crate) fn push(&mut self, job: Job, owner: Owner) -> bool {
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

    pub(crate) fn enqueue(&mut self, job: Job, owner: Owner) {
        let mine = self.jobs.entry(owner.clone()).or_default();
        mine.push_back(job);
        if mine.len() == 1 && !self.turns.contains(&owner) {
            self.turns.push_back(owner);
        }
    }

    pub(crate) fn is_queued(&self, job: &Job) -> bool {
        self.owners
            .get(job)
            .and_then(|o| self.jobs.get(o))
            .is_some_and(|q| q.contains(job))
    }

    /// The next search to run: the oldest of the first person in turn
    /// with none running, who then goes to the back of the line.
    pub(crate) fn pop(&mut self) -> Option<Job> {
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
    pub(crate) fn done(&mut self, job: Job) {
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
    pub(crate) fn order(&self) -> Vec<Job> {
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
    pub(crate) users: RwLock<HashMap<Platform, User>>,
    pub(crate) queue: Mutex<Queue>,
    pub(crate) work: Condvar,
    pub(crate) idle: Condvar,
    /// What the app posts on its own, by platform: one mailbox each,
    /// emptied by that front-end's pump.
    pub(crate) notices: Mutex<HashMap<Platform, Arc<Mailbox<Outgoing>>>>,
    /// Each game's engine between the bot's moves.
    pub(crate) kept: Mutex<Kept>,
    /// The answers players wait for in their direct chats (`answers.rs`).
    pub(crate) answers: crate::answers::Answers<crate::answers::Answer>,
}
