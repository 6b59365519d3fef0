//! Tablero's bot opponent: picks a move in any position of any game.
//!
//! Two searches run over the [`tablero_rules::Game`] trait, monomorphised per
//! game: Monte Carlo tree search ([`mcts`]) for most games and alpha-beta
//! ([`alphabeta`]) with an evaluation for the chess family and
//! Breakthrough ([`knowledge`] says which, per game). Five [`Level`]s go
//! from a beginner who blunders to the strongest search the time allows.
//!
//! Pure: no I/O, no threads, no async. One search runs on the calling
//! thread; with a node budget and a seed it is deterministic.
//!
//! ```
//! use tablero_engine::{Level, Limits, choose};
//! use tablero_rules::{AnyGame, GameId, Setup};
//! let game = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
//! let m = choose(&game, Level::new(2).unwrap(), Limits::nodes(2000), 7).unwrap();
//! assert!(game.legal_moves().contains(&m));
//! assert_eq!(m, choose(&game, Level::new(2).unwrap(), Limits::nodes(2000), 7).unwrap());
//! ```

#![warn(missing_docs)]

pub mod alphabeta;
pub mod breakthrough;
pub mod chess;
pub mod cracovia;
pub mod knowledge;
pub mod mcts;
pub mod review;
pub mod rng;
pub mod selfplay;
pub mod uci;

#[cfg(test)]
mod tests;

use std::fmt;
use std::time::{Duration, Instant};

use tablero_rules::barrier::Barrier;
use tablero_rules::bloc::Bloc;
use tablero_rules::bombardment::Bombardment;
use tablero_rules::breakthrough::Breakthrough;
use tablero_rules::cascades::Cascades;
use tablero_rules::chess::{Chess, Saltador};
use tablero_rules::empuje::Empuje;
use tablero_rules::guadalete::{Guadalete, Guadalete14};
use tablero_rules::knightfight::KnightFight;
use tablero_rules::{AnyGame, Game, GameId, Lang, Side};

use alphabeta::{AlphaBeta, AlphaBetaConfig};
use cracovia::TrackedCracovia;
pub use knowledge::{Algorithm, Knowledge};
use mcts::{Mcts, MctsConfig};
use rng::Rng;

/// What a draw costs the bot in alpha-beta's evaluation units (hundredths
/// of a pawn): a fifth of a pawn, so it plays on from a level position
/// rather than repeat it.
pub const CONTEMPT: i32 = 20;

/// How long a search may run: wall time, nodes, or both (whichever ends
/// first). Nodes are MCTS playouts or alpha-beta positions searched. With
/// neither set, the level's own think time applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall time to think.
    pub think: Option<Duration>,
    /// MCTS playouts or alpha-beta positions to search.
    pub nodes: Option<u64>,
}

impl Limits {
    /// At most `d` of thinking.
    #[must_use]
    pub const fn think(d: Duration) -> Limits {
        Limits {
            think: Some(d),
            nodes: None,
        }
    }

    /// At most `n` nodes: deterministic for a given seed.
    #[must_use]
    pub const fn nodes(n: u64) -> Limits {
        Limits {
            think: None,
            nodes: Some(n),
        }
    }

    /// The node budget that stands for `level` in game `game`: the
    /// deterministic twin of the level's think time, for tests and replays.
    #[must_use]
    pub fn level_nodes(level: Level, game: GameId) -> Limits {
        Limits::nodes(level.node_budget(algorithm(game)))
    }
}

/// What the search loop checks: [`Limits`] resolved for one search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Wall time from the search's start.
    pub think: Option<Duration>,
    /// Nodes (playouts or positions).
    pub nodes: Option<u64>,
}

impl Budget {
    /// Whether a search that has used `count` nodes since `start` must stop.
    #[must_use]
    pub fn exhausted(&self, count: u64, start: &Instant) -> bool {
        self.nodes.is_some_and(|n| count >= n) || self.think.is_some_and(|t| start.elapsed() >= t)
    }
}

/// A playing strength from 1 (a beginner who makes visible mistakes) to 5
/// (the strongest search the time allows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// Level `n`, 1 to 5.
    pub fn new(n: u8) -> Result<Level, EngineError> {
        if (1..=5).contains(&n) {
            Ok(Level(n))
        } else {
            Err(EngineError::BadLevel(n.to_string()))
        }
    }

    /// The level's number, 1 to 5.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The time this level thinks per move by default (level 5: 2 s).
    #[must_use]
    pub const fn think_time(self) -> Duration {
        Duration::from_millis(match self.0 {
            1 => 20,
            2 => 100,
            3 => 400,
            4 => 1000,
            _ => 2000,
        })
    }

    /// The node budget that stands for this level with `algorithm`
    /// ([`Limits::level_nodes`]): roughly what the think time buys on one
    /// core (BENCHMARKS.md has the speeds per game).
    #[must_use]
    pub const fn node_budget(self, algorithm: Algorithm) -> u64 {
        match algorithm {
            Algorithm::Mcts => match self.0 {
                1 => 60,
                2 => 600,
                3 => 5_000,
                4 => 20_000,
                _ => 60_000,
            },
            Algorithm::AlphaBeta => match self.0 {
                1 => 300,
                2 => 5_000,
                3 => 80_000,
                4 => 300_000,
                _ => 1_000_000,
            },
        }
    }

    /// MCTS: how randomly the move is picked among those searched (0: the
    /// most visited).
    const fn temperature(self) -> f64 {
        match self.0 {
            1 => 1.0,
            2 => 0.35,
            _ => 0.0,
        }
    }

    /// Alpha-beta: the evaluation noise, and the deepest iteration.
    const fn alphabeta(self) -> (i32, i32) {
        match self.0 {
            1 => (250, 1),
            2 => (80, 3),
            3 => (15, 64),
            _ => (0, 64),
        }
    }

    /// Whether a win in one move is always seen (every level but the first).
    const fn sees_wins_in_one(self) -> bool {
        self.0 >= 2
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Level {
    type Err = EngineError;

    fn from_str(s: &str) -> Result<Level, EngineError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| EngineError::BadLevel(s.trim().to_string()))
    }
}

/// Why the engine could not choose or follow a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The game is over: there is no move to choose.
    GameOver,
    /// The level is not 1 to 5.
    BadLevel(String),
    /// A move given to [`Engine::advance`] is not legal here.
    BadMove(String),
    /// A player or setting text for self-play could not be read.
    BadSettings(String),
    /// A player from outside the engine ([`selfplay::Outsider`], such as
    /// a UCI engine) failed: it stopped, did not answer, or broke its
    /// protocol.
    Outsider(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::GameOver => f.write_str("the game is over"),
            EngineError::BadLevel(l) => write!(f, "no level `{l}` (levels: 1 to 5)"),
            EngineError::BadMove(why) => f.write_str(why),
            EngineError::BadSettings(why) => write!(f, "bad player settings: {why}"),
            EngineError::Outsider(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EngineError {}

/// What a search saw, for logs and the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Playouts (MCTS) or positions (alpha-beta) searched.
    pub nodes: u64,
    /// Alpha-beta: the deepest finished iteration; 0 for MCTS.
    pub depth: i32,
    /// The chosen move's expected result for the mover, 0 (loss) to 1 (win).
    pub value: f64,
    /// Alpha-beta: the score in hundredths of a pawn for the mover.
    pub score: Option<i32>,
    /// A proven result: `Some(Some(side))` a forced win for `side`,
    /// `Some(None)` a forced draw.
    pub proven: Option<Option<Side>>,
    /// Wall time the search took.
    pub elapsed: Duration,
    /// MCTS: positions in the search graph.
    pub graph: usize,
    /// MCTS: playouts the root already had when the search began, kept
    /// from earlier searches of the same game (tree reuse).
    pub carried: u64,
}

impl fmt::Display for SearchInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        write!(
            f,
            "nodes {} in {:.0} ms ({:.0}/s)",
            self.nodes,
            secs * 1e3,
            self.nodes as f64 / secs.max(1e-9)
        )?;
        if self.depth > 0 {
            write!(f, ", depth {}", self.depth)?;
        }
        match self.score {
            Some(s) => write!(f, ", score {s}")?,
            None => write!(f, ", value {:.3}", self.value)?,
        }
        if let Some(p) = self.proven {
            match p {
                Some(Side::First) => f.write_str(", proven: first player wins")?,
                Some(Side::Second) => f.write_str(", proven: second player wins")?,
                None => f.write_str(", proven: draw")?,
            }
        }
        Ok(())
    }
}

/// What an alpha-beta search holds besides its table, at most: history
/// (64 KiB), killers and the move lists of every ply.
const AB_FIXED_BYTES: usize = 512 << 10;

/// The search that plays `game` best.
#[must_use]
pub fn algorithm(game: GameId) -> Algorithm {
    macro_rules! of {
        ($($id:ident => $t:ty),*) => {
            match game { $(GameId::$id => <$t as Knowledge>::ALGORITHM,)* }
        };
    }
    of!(Barrier => Barrier, Bloc => Bloc, Bombardment => Bombardment,
        Breakthrough => Breakthrough, Cascades => Cascades, Cracovia => TrackedCracovia,
        Empuje => Empuje, KnightFight => KnightFight, Chess => Chess,
        Saltador => Saltador, Guadalete => Guadalete, Guadalete14 => Guadalete14)
}

/// A search of one game, kept from move to move: the MCTS graph or the
/// alpha-beta table survives [`Searcher::advance`].
#[derive(Clone, Debug)]
pub struct Searcher<G: Knowledge> {
    game: G,
    algorithm: Algorithm,
    mcts: Option<Mcts<G>>,
    alphabeta: Option<AlphaBeta<G>>,
    reuse: bool,
    memory_limit: Option<usize>,
}

impl<G: Knowledge> Searcher<G> {
    /// A searcher of `game` with `algorithm` (alpha-beta falls back to MCTS
    /// for games whose turns do not alternate).
    pub fn new(game: G, algorithm: Algorithm) -> Searcher<G> {
        let algorithm = if G::ALTERNATES {
            algorithm
        } else {
            Algorithm::Mcts
        };
        Searcher {
            game,
            algorithm,
            mcts: None,
            alphabeta: None,
            reuse: true,
            memory_limit: None,
        }
    }

    /// Bounds the memory the search holds, during a search and between
    /// moves, to about `bytes` ([`Searcher::memory`]): the alpha-beta
    /// table is made smaller where the level's would not fit, and the
    /// MCTS graph stops growing at the bound (its search goes on with
    /// playouts). What it holds already beyond the bound is dropped.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        self.memory_limit = Some(bytes);
        if let Some(tree) = &mut self.mcts {
            if tree.memory() > bytes {
                self.mcts = None;
            } else {
                tree.set_memory_limit(bytes);
            }
        }
        if self
            .alphabeta
            .as_ref()
            .is_some_and(|ab| ab.memory() > bytes)
        {
            self.alphabeta = None;
        }
    }

    /// The bytes its search holds on the heap (the MCTS graph, or the
    /// alpha-beta table and move-ordering tables), counted by capacity.
    pub fn memory(&self) -> usize {
        self.mcts.as_ref().map_or(0, Mcts::memory)
            + self.alphabeta.as_ref().map_or(0, AlphaBeta::memory)
    }

    /// Whether the MCTS graph below the move played is kept when the game
    /// advances (the default), or the next search starts afresh: off only
    /// to measure what reuse gains.
    pub fn set_reuse(&mut self, reuse: bool) {
        self.reuse = reuse;
        if !reuse {
            self.mcts = None;
        }
    }

    /// The current position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The search in use.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Chooses a move for the side to move at `level` within `budget`;
    /// `None` when the game is over.
    pub fn search(
        &mut self,
        level: Level,
        budget: &Budget,
        rng: &mut Rng,
    ) -> (Option<G::Move>, SearchInfo) {
        let start = Instant::now();
        let moves = self.game.legal_move_list();
        if moves.is_empty() {
            return (None, SearchInfo::default());
        }
        if level.sees_wins_in_one() {
            // Of several wins, the biggest (Knight Fight's higher number).
            let me = self.game.turn().side;
            let sign = if me == Side::First { 1.0 } else { -1.0 };
            let mut win: Option<(f32, G::Move)> = None;
            for &m in &moves {
                let mut next = self.game.clone();
                next.play(m);
                if next.outcome().is_some_and(|o| o.winner == Some(me)) {
                    let margin = sign * next.margin();
                    if win.is_none_or(|(best, _)| margin > best) {
                        win = Some((margin, m));
                    }
                }
            }
            if let Some((_, m)) = win {
                let info = SearchInfo {
                    value: 1.0,
                    proven: Some(Some(me)),
                    elapsed: start.elapsed(),
                    ..SearchInfo::default()
                };
                return (Some(m), info);
            }
        }
        if moves.len() == 1 {
            let info = SearchInfo {
                elapsed: start.elapsed(),
                value: 0.5,
                ..SearchInfo::default()
            };
            return (Some(moves[0]), info);
        }
        match self.algorithm {
            Algorithm::Mcts => {
                let (game, limit) = (&self.game, self.memory_limit);
                let tree = self.mcts.get_or_insert_with(|| {
                    let mut tree = Mcts::new(game.clone(), MctsConfig::default());
                    if let Some(bytes) = limit {
                        tree.set_memory_limit(bytes);
                    }
                    tree
                });
                tree.search(budget, rng, level.temperature())
            }
            Algorithm::AlphaBeta => {
                let (noise, max_depth) = level.alphabeta();
                let mut table_bits = if level.get() <= 2 { 14 } else { 20 };
                if let Some(bytes) = self.memory_limit {
                    // Room for the move-ordering tables besides the table.
                    let room = bytes.saturating_sub(AB_FIXED_BYTES);
                    while table_bits > 10 && (AlphaBeta::<G>::entry_bytes() << table_bits) > room {
                        table_bits -= 1;
                    }
                }
                let config = AlphaBetaConfig {
                    noise,
                    max_depth,
                    table_bits,
                    contempt: CONTEMPT,
                };
                let ab = self.alphabeta.get_or_insert_with(|| AlphaBeta::new(config));
                ab.search(&self.game, budget, rng)
            }
        }
    }

    /// Plays `m` (legal here), keeping what the search learnt below it.
    pub fn advance(&mut self, m: G::Move) {
        self.game.play(m);
        if !self.reuse {
            self.mcts = None;
        } else if let Some(tree) = &mut self.mcts {
            tree.advance(m);
        }
    }
}

/// Runs `$body` with `$s` bound to the [`Searcher`] inside `$any`.
macro_rules! dispatch {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnySearcher::Barrier($s) => $body,
            AnySearcher::Bloc($s) => $body,
            AnySearcher::Bombardment($s) => $body,
            AnySearcher::Breakthrough($s) => $body,
            AnySearcher::Cascades($s) => $body,
            AnySearcher::Cracovia($s) => $body,
            AnySearcher::Empuje($s) => $body,
            AnySearcher::KnightFight($s) => $body,
            AnySearcher::Chess($s) => $body,
            AnySearcher::Saltador($s) => $body,
            AnySearcher::Guadalete($s) => $body,
            AnySearcher::Guadalete14($s) => $body,
        }
    };
}

/// A [`Searcher`] of any game.
#[derive(Clone, Debug)]
enum AnySearcher {
    Barrier(Searcher<Barrier>),
    Bloc(Searcher<Bloc>),
    Bombardment(Searcher<Bombardment>),
    Breakthrough(Searcher<Breakthrough>),
    Cascades(Searcher<Cascades>),
    Cracovia(Searcher<TrackedCracovia>),
    Empuje(Searcher<Empuje>),
    KnightFight(Searcher<KnightFight>),
    Chess(Searcher<Chess>),
    Saltador(Searcher<Saltador>),
    Guadalete(Searcher<Guadalete>),
    Guadalete14(Searcher<Guadalete14>),
}

impl AnySearcher {
    fn new(game: &AnyGame, algorithm: Option<Algorithm>) -> AnySearcher {
        fn searcher<G: Knowledge>(g: G, algorithm: Option<Algorithm>) -> Searcher<G> {
            Searcher::new(g, algorithm.unwrap_or(G::ALGORITHM))
        }
        macro_rules! make {
            ($($v:ident),*) => {
                match game {
                    $(AnyGame::$v(g) => AnySearcher::$v(searcher(g.clone(), algorithm)),)*
                    AnyGame::Cracovia(g) => AnySearcher::Cracovia(searcher(
                        TrackedCracovia::new(g.clone()),
                        algorithm,
                    )),
                }
            };
        }
        make!(
            Barrier,
            Bloc,
            Bombardment,
            Breakthrough,
            Cascades,
            Empuje,
            KnightFight,
            Chess,
            Saltador,
            Guadalete,
            Guadalete14
        )
    }
}

/// The bot's player for one game: a position, a level and a seed, with the
/// search kept between moves.
///
/// Create it once per game, call [`Engine::choose`] when it is the bot's
/// turn, and [`Engine::advance`] with every move played (the bot's own
/// included, since `choose` does not play it).
///
/// ```
/// use tablero_engine::{Engine, Level, Limits};
/// use tablero_rules::{AnyGame, GameId, Setup};
/// let mut game = AnyGame::new(GameId::Cracovia, &Setup::default()).unwrap();
/// let mut bot = Engine::new(&game, Level::new(3).unwrap(), 1);
/// let m = bot.choose(Limits::nodes(500)).unwrap(); // the bot's move
/// game.play(&m).unwrap();
/// bot.advance(&m).unwrap();
/// let reply = game.legal_moves()[0].clone(); // the player's reply
/// game.play(&reply).unwrap();
/// bot.advance(&reply).unwrap();
/// assert_eq!(bot.position_text(), game.position_text());
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    searcher: AnySearcher,
    level: Level,
    rng: Rng,
    last_info: SearchInfo,
}

impl Engine {
    /// The bot at `level` for position `game`, the game's best search.
    #[must_use]
    pub fn new(game: &AnyGame, level: Level, seed: u64) -> Engine {
        Engine::with_algorithm(game, level, None, seed)
    }

    /// Like [`Engine::new`], forcing `algorithm` when given (alpha-beta
    /// only where turns alternate).
    #[must_use]
    pub fn with_algorithm(
        game: &AnyGame,
        level: Level,
        algorithm: Option<Algorithm>,
        seed: u64,
    ) -> Engine {
        Engine {
            searcher: AnySearcher::new(game, algorithm),
            level,
            rng: Rng::new(rng::mix(seed ^ 0x7ab1_e40e)),
            last_info: SearchInfo::default(),
        }
    }

    /// The level it plays at.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The search in use.
    #[must_use]
    pub fn algorithm(&self) -> Algorithm {
        dispatch!(&self.searcher, s => s.algorithm())
    }

    /// The current position's text.
    #[must_use]
    pub fn position_text(&self) -> String {
        dispatch!(&self.searcher, s => s.game().position_text())
    }

    /// Searches the current position and returns the chosen move's
    /// canonical text (not played: call [`Engine::advance`]). Limits with
    /// neither field set mean the level's think time.
    pub fn choose(&mut self, limits: Limits) -> Result<String, EngineError> {
        let budget = if limits.think.is_none() && limits.nodes.is_none() {
            Budget {
                think: Some(self.level.think_time()),
                nodes: None,
            }
        } else {
            Budget {
                think: limits.think,
                nodes: limits.nodes,
            }
        };
        let (level, rng) = (self.level, &mut self.rng);
        let (text, info) = dispatch!(&mut self.searcher, s => {
            let (m, info) = s.search(level, &budget, rng);
            (m.map(|m| s.game().move_text(m)), info)
        });
        self.last_info = info;
        text.ok_or(EngineError::GameOver)
    }

    /// Whether the MCTS graph is kept from move to move (the default; see
    /// [`Searcher::set_reuse`]).
    pub fn set_reuse(&mut self, reuse: bool) {
        dispatch!(&mut self.searcher, s => s.set_reuse(reuse));
    }

    /// Bounds the memory its search holds to about `bytes`, during a
    /// search and between moves (see [`Searcher::set_memory_limit`]); for
    /// a player kept in memory for a whole game, such as the chat bot's.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        dispatch!(&mut self.searcher, s => s.set_memory_limit(bytes));
    }

    /// The bytes its search holds on the heap between moves (the MCTS
    /// graph or the alpha-beta tables; [`Searcher::memory`]).
    #[must_use]
    pub fn memory(&self) -> usize {
        dispatch!(&self.searcher, s => s.memory())
    }

    /// Whether its next search starts from what this one learnt (so that
    /// keeping it between moves is worth its memory): the MCTS graph
    /// below the moves played when reuse is on; the alpha-beta table at
    /// the levels without evaluation noise (4 and 5: a noisy level's table
    /// is cleared for every search, its noise being drawn afresh).
    #[must_use]
    pub fn learns_between_moves(&self) -> bool {
        match self.algorithm() {
            Algorithm::Mcts => dispatch!(&self.searcher, s => s.reuse),
            Algorithm::AlphaBeta => self.level.alphabeta().0 == 0,
        }
    }

    /// What the last [`Engine::choose`] saw.
    #[must_use]
    pub fn last_info(&self) -> SearchInfo {
        self.last_info
    }

    /// Plays the move `text` names (either side's, canonical text or any
    /// form the game reads) and returns its canonical text.
    pub fn advance(&mut self, text: &str) -> Result<String, EngineError> {
        dispatch!(&mut self.searcher, s => {
            let m = s
                .game()
                .parse_move(text)
                .map_err(|e| EngineError::BadMove(e.message(Lang::En)))?;
            let canonical = s.game().move_text(m);
            s.advance(m);
            Ok(canonical)
        })
    }
}

/// Chooses a move for the side to move in `game` at `level` within
/// `limits` (neither set: the level's think time), with the search's random
/// choices drawn from `seed`. Returns the move's canonical text.
pub fn choose(
    game: &AnyGame,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Result<String, EngineError> {
    Engine::new(game, level, seed).choose(limits)
}

// After `dispatch!`, which it uses.
pub mod analysis;
