//! Alpha-beta: iterative deepening negamax with principal-variation search,
//! a transposition table, killer and history move ordering, late-move
//! reductions, aspiration windows where the game asks for them
//! ([`Knowledge::ASPIRATION_WINDOW`]) and a quiescence search over
//! [`Knowledge::is_noisy`] moves.
//! For games whose turns alternate ([`Knowledge::ALTERNATES`]).

use std::time::Instant;

use tablero_rules::Side;

use crate::knowledge::Knowledge;
use crate::rng::{Rng, mix};
use crate::{Budget, SearchInfo};

/// A win, less the plies it takes.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by search.
const MATE_BOUND: i32 = MATE - 1000;
const INFINITY: i32 = MATE + 1;
const MAX_PLY: usize = 128;
/// Quiescence stops after this many noisy plies.
const MAX_QUIESCENCE: i32 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// Tuning of one alpha-beta search.
#[derive(Clone, Copy, Debug)]
pub struct AlphaBetaConfig {
    /// log2 of the transposition table's entries.
    pub table_bits: u32,
    /// Evaluation noise in hundredths of a pawn (0 = none): the mistakes of
    /// the lower levels. Fixed per position and seed, so the table stays
    /// consistent.
    pub noise: i32,
    /// Deepest iteration.
    pub max_depth: i32,
    /// What a draw costs the side the search plays, in the evaluation's
    /// units: with 0 a position the evaluation calls a shade worse than
    /// level is left for a repetition (a draw in 18 plies from a normal
    /// opening, seen in self-play); people expect the bot to play on.
    pub contempt: i32,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            table_bits: 20,
            noise: 0,
            max_depth: 64,
            contempt: 0,
        }
    }
}

/// An alpha-beta searcher; its table carries over from move to move.
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Knowledge> {
    table: Vec<Option<Entry<G::Move>>>,
    config: AlphaBetaConfig,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    lists: Vec<Vec<G::Move>>,
    /// Each ply's moves with their ordering scores, kept so that no node
    /// allocates.
    scored: Vec<Vec<(i32, G::Move)>>,
    nodes: u64,
    stopped: bool,
    noise_seed: u64,
    /// The side the running search plays (whom the contempt is for).
    root_side: Option<Side>,
    /// The running search's budget and start.
    budget: Budget,
    start: Instant,
}

/// Scores a move has in ordering, above any history score.
const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;

/// The move's slot in the history table. FxHash: the standard library's
/// SipHash took a sixth of a Breakthrough search's time here.
fn move_hash<M: std::hash::Hash>(m: &M) -> usize {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(m) as usize
}

impl<G: Knowledge> AlphaBeta<G> {
    /// A searcher with an empty table.
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta<G> {
        AlphaBeta {
            table: vec![None; 1 << config.table_bits],
            config,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 1 << 14],
            lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            scored: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            nodes: 0,
            stopped: false,
            noise_seed: 0,
            root_side: None,
            budget: Budget {
                think: None,
                nodes: None,
            },
            start: Instant::now(),
        }
    }

    /// The bytes its table and move-ordering tables hold (the heap, by
    /// capacity).
    #[must_use]
    pub fn memory(&self) -> usize {
        use std::mem::size_of;
        self.table.capacity() * size_of::<Option<Entry<G::Move>>>()
            + self.killers.capacity() * size_of::<[Option<G::Move>; 2]>()
            + self.history.capacity() * size_of::<i32>()
            + self.lists.capacity() * size_of::<Vec<G::Move>>()
            + self
                .lists
                .iter()
                .map(|l| l.capacity() * size_of::<G::Move>())
                .sum::<usize>()
            + self.scored.capacity() * size_of::<Vec<(i32, G::Move)>>()
            + self
                .scored
                .iter()
                .map(|l| l.capacity() * size_of::<(i32, G::Move)>())
                .sum::<usize>()
    }

    /// The table's bytes per entry.
    #[must_use]
    pub fn entry_bytes() -> usize {
        std::mem::size_of::<Option<Entry<G::Move>>>()
    }

    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        let i = (key as usize) & (self.table.len() - 1);
        self.table[i].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, entry: Entry<G::Move>) {
        let i = (key as usize) & (self.table.len() - 1);
        let keep = self.table[i].is_some_and(|old| old.key == key && old.depth > entry.depth);
        if !keep {
            self.table[i] = Some(entry);
        }
    }

    /// The static evaluation, with this level's noise.
    fn evaluate(&self, g: &G, key: u64) -> i32 {
        let e = g.evaluate();
        if self.config.noise == 0 {
            return e;
        }
        let r = mix(key ^ self.noise_seed) % (2 * self.config.noise as u64 + 1);
        e + r as i32 - self.config.noise
    }

    /// The score of a finished game for the side to move, `ply` plies from
    /// the root: a draw is worth the contempt less to the root's side.
    fn terminal(&self, g: &G, ply: usize) -> i32 {
        let me = g.turn().side;
        match g.outcome().and_then(|o| o.winner) {
            Some(w) if w == me => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None if Some(me) == self.root_side => -self.config.contempt,
            None => self.config.contempt,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.nodes % 1024 == 0 {
            self.stopped = self.budget.exhausted(self.nodes, &self.start);
        }
        if !self.stopped && self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        self.stopped
    }

    /// How early `m` is tried: the table's move, then noisy moves by
    /// gain, killers, and quiet moves by history.
    fn score_move(&self, g: &G, m: G::Move, ply: usize, tt_move: Option<G::Move>) -> i32 {
        if Some(m) == tt_move {
            TT_MOVE
        } else if g.is_noisy(m) {
            NOISY + g.gain(m)
        } else if self.killers[ply].contains(&Some(m)) {
            KILLER
        } else {
            self.history[move_hash(&m) & (self.history.len() - 1)] + g.prior(m)
        }
    }

    fn quiescence(&mut self, g: &G, mut alpha: i32, beta: i32, ply: usize, qdepth: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        // In check, standing pat would ignore the threat: every evasion is
        // searched, and the best of them is the score.
        let evading = g.in_check();
        let open = if evading {
            g.legal_moves(&mut list);
            !list.is_empty()
        } else {
            g.noisy_moves(&mut list)
        };
        if !open {
            self.lists[ply] = list;
            return self.terminal(g, ply);
        }
        let key = g.position_key();
        let stand = self.evaluate(g, key);
        if qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY {
            self.lists[ply] = list;
            return stand;
        }
        if !evading && stand >= beta {
            self.lists[ply] = list;
            return stand;
        }
        let mut best = if evading { -INFINITY } else { stand };
        alpha = alpha.max(best);
        let mut noisy = std::mem::take(&mut self.scored[ply]);
        noisy.clear();
        noisy.extend(list.iter().map(|&m| (g.gain(m), m)));
        self.lists[ply] = list;
        noisy.sort_unstable_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        for &(_, m) in &noisy {
            // A capture that loses material once the square's exchanges
            // are counted is not followed (it seldom does better than
            // standing pat, and following every one of them swells the
            // search): chess at 100 ms scored 70 % with this against
            // without (BENCHMARKS.md).
            if !evading && !g.exchange_at_least(m, 0) {
                continue;
            }
            let mut child = g.clone();
            child.play(m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qdepth + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scored[ply] = noisy;
        best
    }

    /// `null_ok`: whether a null move may be tried here (not twice in a
    /// row).
    fn negamax(
        &mut self,
        g: &G,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        // A check is searched a ply deeper, so that the horizon does not
        // fall between a check and its answer.
        let in_check = g.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(g, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        // Before the table: its entry for this placement may come from a
        // line where it was not a repetition. A position repeated within
        // the searched line counts as drawn (if repeating it was best once,
        // it is again, and the third time ends the game); for one seen
        // before, only in the game, the table's score is not taken.
        let repetition = g.repetition();
        if g.drawn_by_history() || repetition.is_some_and(|plies| plies <= ply) {
            return self.terminal(g, ply);
        }
        let key = g.position_key();
        let entry = self.probe(key);
        if let Some(e) = entry
            && repetition.is_none()
            && i32::from(e.depth) >= depth
        {
            let s = from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        if null_ok
            && depth >= 3
            && beta - alpha == 1
            && !in_check
            && let Some(s) = self.null_move(g, key, depth, beta, ply)
        {
            return s;
        }
        // Forward pruning near the leaves, where the game allows it
        // (Knowledge::PRUNES), outside the principal variation and checks:
        // a static score far above beta is taken as the node's (reverse
        // futility), and far below alpha leaves only the noisy moves.
        let pv = beta - alpha > 1;
        let prunable =
            G::PRUNES && !pv && !in_check && alpha.abs() < MATE_BOUND && beta.abs() < MATE_BOUND;
        let stat = (prunable && depth <= 3).then(|| self.evaluate(g, key));
        if let Some(stat) = stat
            && stat - G::REVERSE_FUTILITY_MARGIN * depth >= beta
        {
            return stat;
        }
        let futile =
            stat.is_some_and(|stat| depth <= 2 && stat + G::FUTILITY_MARGIN * depth <= alpha);
        let mut list = std::mem::take(&mut self.lists[ply]);
        g.legal_moves(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return self.terminal(g, ply);
        }
        let tt_move = entry.and_then(|e| e.best);
        let mut scored = std::mem::take(&mut self.scored[ply]);
        scored.clear();
        scored.extend(
            list.iter()
                .map(|&m| (self.score_move(g, m, ply, tt_move), m)),
        );
        self.lists[ply] = list;
        scored.sort_unstable_by_key(|&(order, _)| std::cmp::Reverse(order));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets = 0;
        for (i, &(order, m)) in scored.iter().enumerate() {
            let quiet = order < KILLER;
            if quiet {
                quiets += 1;
            }
            if i > 0 && quiet && prunable && best > -MATE_BOUND {
                // Late quiet moves near the leaves are not searched at
                // all (late-move pruning).
                if futile || (depth <= 3 && quiets > 3 + depth * depth) {
                    continue;
                }
            }
            let mut child = g.clone();
            child.play(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let late = Late { i, quiet, pv };
                self.search_late(&child, depth, alpha, beta, ply, late)
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            self.remember_cutoff(m, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.scored[ply] = scored;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(
            key,
            Entry {
                key,
                best: best_move,
                score: to_table(best, ply),
                depth: depth.min(127) as i8,
                bound,
            },
        );
        best
    }

    /// Null move, at a node of `depth` searched with the null window below
    /// `beta`: if passing still holds the score above beta, a real move
    /// will too (the games that allow it say when it misleads). The
    /// node's score when it does (0 when the search stopped), else `None`.
    fn null_move(&mut self, g: &G, key: u64, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        let passed = g.null_move()?;
        if self.evaluate(g, key) < beta {
            return None;
        }
        let r = if depth >= 6 { 3 } else { 2 };
        let s = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
        if self.stopped {
            return Some(0);
        }
        (s >= beta).then_some(if s > MATE_BOUND { beta } else { s })
    }

    /// A move after the first at a node of `depth` (searched for the side
    /// to move at `ply`): late quiet moves are searched shallower first,
    /// and every one with a null window first; searched again, deeper or
    /// wider, when it beats `alpha`. Where the game prunes, the reduction
    /// grows with the depth and the move's place in the order (less in
    /// the principal variation); elsewhere it is one ply.
    fn search_late(
        &mut self,
        child: &G,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        late: Late,
    ) -> i32 {
        let Late { i, quiet, pv } = late;
        let reduction = if !(depth >= 3 && quiet) {
            0
        } else if G::PRUNES {
            let r = 0.75 + f64::from(depth).ln() * (i as f64).ln() / 2.25;
            (r as i32 - i32::from(pv)).clamp(0, depth - 2)
        } else {
            i32::from(i >= 3)
        };
        let mut s = -self.negamax(
            child,
            depth - 1 - reduction,
            -alpha - 1,
            -alpha,
            ply + 1,
            true,
        );
        if s > alpha && reduction > 0 {
            s = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
        }
        if s > alpha && s < beta {
            s = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, true);
        }
        s
    }

    /// A quiet move `m` that cut off at `depth`, `ply`: a killer of the
    /// ply, and its history grows.
    fn remember_cutoff(&mut self, m: G::Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = move_hash(&m) & (self.history.len() - 1);
        self.history[h] = (self.history[h] + depth * depth).min(KILLER / 2);
    }

    /// Searches `root` deeper and deeper until `budget` runs out; returns
    /// the best move of the deepest finished iteration (none when the game
    /// is over) and what the search saw.
    pub fn search(
        &mut self,
        root: &G,
        budget: &Budget,
        rng: &mut Rng,
    ) -> (Option<G::Move>, SearchInfo) {
        let start = Instant::now();
        self.start = start;
        self.budget = *budget;
        self.nodes = 0;
        self.stopped = false;
        self.noise_seed = rng.next_u64();
        let side = root.turn().side;
        let other_side = self.root_side.is_some_and(|s| s != side);
        self.root_side = Some(side);
        if self.config.noise > 0 || (self.config.contempt != 0 && other_side) {
            // Noisy scores of another seed, or draws scored for the other
            // side, must not leak in.
            self.table.iter_mut().for_each(|e| *e = None);
        }
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
        let mut moves = root.legal_move_list();
        if moves.is_empty() {
            return (None, SearchInfo::default());
        }
        // A random order first, so that equal moves are chosen by the seed.
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        let mut info = SearchInfo::default();
        let mut best = moves[0];
        let mut best_score: i32 = 0;
        for depth in 1..=self.config.max_depth {
            let key = root.position_key();
            let tt_move = self.probe(key).and_then(|e| e.best).or(Some(best));
            let mut scored: Vec<(i32, G::Move)> = moves
                .iter()
                .map(|&m| (self.score_move(root, m, 0, tt_move), m))
                .collect();
            scored.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
            // From depth 5, where the game asks for it, the search first
            // looks in a window around the last iteration's score, and
            // again with the window opened on the side it fell out of.
            let window = G::ASPIRATION_WINDOW;
            let (mut low, mut high) = if window > 0 && depth >= 5 && best_score.abs() < MATE_BOUND {
                (best_score - window, best_score + window)
            } else {
                (-INFINITY, INFINITY)
            };
            let (alpha, iteration_best) = loop {
                let (alpha, found) = self.search_root(root, &scored, depth, low, high);
                if self.stopped {
                    break (alpha, found);
                }
                if alpha <= low && low > -INFINITY {
                    low = -INFINITY;
                } else if alpha >= high && high < INFINITY {
                    high = INFINITY;
                    // The move that broke the window is searched first.
                    if let Some(i) = scored.iter().position(|&(_, m)| Some(m) == found) {
                        scored[..=i].rotate_right(1);
                    }
                } else {
                    break (alpha, found);
                }
            };
            // A move that beat the previous best before time ran out is
            // better than it (the previous best was searched first).
            if let Some(m) = iteration_best {
                best = m;
                best_score = alpha;
                if !self.stopped {
                    info.depth = depth;
                }
            }
            if self.stopped || self.budget_spent() {
                break;
            }
            self.store(
                key,
                Entry {
                    key,
                    best: Some(best),
                    score: to_table(best_score, 0),
                    depth: depth.min(127) as i8,
                    bound: Bound::Exact,
                },
            );
            // A forced win or loss will not change with depth.
            if best_score.abs() > MATE_BOUND && depth > (MATE - best_score.abs()) {
                break;
            }
        }
        info.nodes = self.nodes;
        info.elapsed = start.elapsed();
        info.value = 1.0 / (1.0 + (-f64::from(best_score) / 400.0).exp());
        info.score = Some(best_score);
        if best_score.abs() > MATE_BOUND {
            let me = root.turn().side;
            info.proven = Some(Some(if best_score > 0 { me } else { me.other() }));
        }
        (Some(best), info)
    }

    /// One pass over the root's moves, `scored` in order, within the
    /// window `low`..`high`: the best score found above `low` and its
    /// move (none if every move fell to `low` or below). Stops at the
    /// first move that reaches `high`.
    fn search_root(
        &mut self,
        root: &G,
        scored: &[(i32, G::Move)],
        depth: i32,
        low: i32,
        high: i32,
    ) -> (i32, Option<G::Move>) {
        let mut alpha = low;
        let mut found = None;
        for (i, &(_, m)) in scored.iter().enumerate() {
            let mut child = root.clone();
            child.play(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -high, -alpha, 1, true)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && !self.stopped {
                    -self.negamax(&child, depth - 1, -high, -alpha, 1, true)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                found = Some(m);
                if alpha >= high {
                    break;
                }
            }
        }
        (alpha, found)
    }

    /// The line the table remembers after `first` from `root`: `first`,
    /// then each position's best move while the table holds a legal one,
    /// at most `max` moves in all (for analysis: the principal variation).
    pub(crate) fn line(&self, root: &G, first: G::Move, max: usize) -> Vec<G::Move> {
        let mut out = vec![first];
        let mut g = root.clone();
        g.play(first);
        while out.len() < max && g.outcome().is_none() {
            let Some(m) = self.probe(g.position_key()).and_then(|e| e.best) else {
                break;
            };
            if !g.legal_move_list().contains(&m) {
                break;
            }
            g.play(m);
            out.push(m);
        }
        out
    }

    /// Whether the think time is up. Iterations go on until then: one cut
    /// off by the time still searched the previous best move first and
    /// may have found a better one, and its table serves the next move.
    /// Against an outside engine at equal time this scored 55 % where
    /// stopping once a third of the time was used scored 25 %
    /// (BENCHMARKS.md, "Against other engines").
    fn budget_spent(&self) -> bool {
        self.budget.think.is_some_and(|t| self.start.elapsed() >= t)
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A move's place at its node, for [`AlphaBeta::search_late`]: its index
/// in the order, whether it is quiet, and whether the node is in the
/// principal variation.
#[derive(Clone, Copy)]
struct Late {
    i: usize,
    quiet: bool,
    pv: bool,
}

#[cfg(test)]
mod tests {
    use tablero_rules::breakthrough::Breakthrough;
    use tablero_rules::chess::Chess;
    use tablero_rules::{Game, Setup};

    use super::*;

    /// Black's knight forks White's king and queen from c2, where the pawn
    /// on b3 guards it: after any king move, Nxa3. A one-ply search sees
    /// the queen fall only by answering the check rather than standing pat
    /// in it (every other move leaves Black a queen down for a knight and
    /// a pawn).
    #[test]
    fn a_one_ply_search_sees_a_fork_behind_a_check() {
        let g = Chess::from_position_text("7k/8/8/8/3n4/Qp6/8/4K3 b - - 0 1").unwrap();
        let mut ab = AlphaBeta::<Chess>::new(AlphaBetaConfig {
            max_depth: 1,
            table_bits: 10,
            ..AlphaBetaConfig::default()
        });
        let budget = Budget {
            think: None,
            nodes: Some(1_000_000),
        };
        let (m, info) = ab.search(&g, &budget, &mut Rng::new(1));
        assert_eq!(g.move_text(m.unwrap()), "Nc2+");
        assert!(info.score.unwrap() > 300, "{info}");
    }

    /// What a kept table is for: through a game (the search playing both
    /// sides, 16 plies), searching each position to the same depth visits
    /// fewer positions with the table the earlier searches filled than
    /// with an empty one each time: about a fifth fewer at depth 6 in
    /// Breakthrough and chess; at least a tenth is asked.
    #[test]
    fn a_kept_table_searches_the_next_positions_in_fewer_nodes() {
        fn check<G: Knowledge>(start: G) {
            let config = AlphaBetaConfig {
                max_depth: 6,
                ..AlphaBetaConfig::default()
            };
            let unlimited = Budget {
                think: None,
                nodes: None,
            };
            let mut kept = AlphaBeta::<G>::new(config);
            let mut g = start;
            let (mut warm, mut cold) = (0, 0);
            for i in 0..16 {
                let (m, with) = kept.search(&g, &unlimited, &mut Rng::new(i));
                let (_, without) =
                    AlphaBeta::<G>::new(config).search(&g, &unlimited, &mut Rng::new(i));
                assert_eq!((with.depth, without.depth), (6, 6));
                warm += with.nodes;
                cold += without.nodes;
                g.play(m.unwrap());
            }
            assert!(
                warm * 10 < cold * 9,
                "kept table {warm} nodes, empty {cold}"
            );
        }
        check(Breakthrough::new(&Setup::default()).unwrap());
        check(Chess::new(&Setup::default()).unwrap());
    }
}
