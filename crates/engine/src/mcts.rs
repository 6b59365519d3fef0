//! Monte Carlo tree search: UCT over a graph of positions.
//!
//! - Statistics live on edges, positions on nodes; a position reached by two
//!   move orders is one node (found by
//!   [`tablero_rules::Game::position_key`]), so what one line learns below it
//!   serves the other.
//! - A solver: a finished position is proven, and a node is proven won as
//!   soon as one move wins, lost or drawn once every move is proven. Proven
//!   lost moves are never chosen again; a proven win is played at once.
//! - Rewards are kept per side (not negamax), so games whose turns do not
//!   alternate (Empuje's set-up) work unchanged.
//! - The tree survives between moves: [`Mcts::advance`] keeps the subtree
//!   below the move played and drops the rest.

use std::collections::HashMap;
use std::time::Instant;

use tablero_rules::{Outcome, Side};

use crate::knowledge::Knowledge;
use crate::rng::Rng;
use crate::{Budget, SearchInfo};

const NONE: u32 = u32::MAX;
/// Plies a selection may descend before it treats the position as a leaf:
/// a guard against repeating positions (chess) making a cycle in the graph.
const MAX_DEPTH: usize = 400;
/// Plies after which a playout stops and counts as a draw.
const MAX_PLAYOUT: usize = 1000;

/// What is known for sure about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proven {
    Unknown,
    Won(Side),
    Draw,
}

impl Proven {
    /// The reward of this proven result for `side`.
    fn value_for(self, side: Side) -> Option<f32> {
        match self {
            Proven::Unknown => None,
            Proven::Won(w) if w == side => Some(1.0),
            Proven::Won(_) => Some(0.0),
            Proven::Draw => Some(0.5),
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    key: u64,
    /// Who moves here.
    side: Side,
    proven: Proven,
    /// For a finished position: its reward for the first player, margin
    /// included.
    terminal: Option<f32>,
    visits: u32,
    /// The node's moves are `edges[first..first + len]`; `first == NONE`
    /// until the node is expanded.
    first: u32,
    len: u32,
}

#[derive(Clone, Debug)]
struct Edge<M> {
    mv: M,
    child: u32,
    visits: u32,
    /// The sum of rewards for the side that plays this move.
    value: f32,
}

/// Tuning of one MCTS.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// The UCT exploration constant (rewards lie in 0..=1).
    pub exploration: f32,
    /// A node's moves are generated on its this-many-th visit.
    pub expand_after: u32,
    /// Edges the graph may hold (memory: about 24 bytes each); past it the
    /// graph stops growing and the search goes on with playouts.
    pub max_edges: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.7,
            expand_after: 1,
            max_edges: 2_000_000,
        }
    }
}

/// The reward of a finished game for the first player: 1 a win, 0 a loss,
/// ½ a draw, moved by at most 0.05 towards the bigger margin.
fn reward<G: Knowledge>(g: &G, outcome: Option<Outcome>) -> f32 {
    let base = match outcome.and_then(|o| o.winner) {
        Some(Side::First) => 1.0,
        Some(Side::Second) => 0.0,
        None => 0.5,
    };
    base * 0.9 + 0.05 + 0.05 * g.margin()
}

/// A UCT search over the positions after `root`, reusable from move to move.
#[derive(Clone, Debug)]
pub struct Mcts<G: Knowledge> {
    root_state: G,
    nodes: Vec<Node>,
    edges: Vec<Edge<G::Move>>,
    table: HashMap<u64, u32>,
    root: u32,
    config: MctsConfig,
    moves: Vec<G::Move>,
    priors: Vec<i32>,
    path: Vec<(u32, u32)>,
    /// The graph grows only while its memory stays within this many bytes
    /// ([`Mcts::set_memory_limit`]).
    max_bytes: usize,
}

/// The capacity a vector of capacity `cap` holding `len` items has after
/// `add` more are pushed (the standard library doubles it, at least 4).
fn vec_grown(len: usize, cap: usize, add: usize) -> usize {
    if len + add <= cap {
        cap
    } else {
        (cap * 2).max(len + add).max(4)
    }
}

/// The bytes of a `HashMap<u64, u32>` able to hold `items` without
/// growing: hashbrown's buckets (a power of two, 8/7 of the items) of an
/// entry and a control byte each, and one group of control bytes more.
fn table_bytes(items: usize) -> usize {
    if items == 0 {
        return 0;
    }
    let buckets = if items < 4 {
        4
    } else if items < 8 {
        8
    } else {
        (items * 8).div_ceil(7).next_power_of_two()
    };
    buckets * (std::mem::size_of::<(u64, u32)>() + 1) + 16
}

impl<G: Knowledge> Mcts<G> {
    /// A new search from `root`.
    pub fn new(root: G, config: MctsConfig) -> Mcts<G> {
        let mut m = Mcts {
            root_state: root,
            nodes: Vec::new(),
            edges: Vec::new(),
            table: HashMap::new(),
            root: 0,
            config,
            moves: Vec::new(),
            priors: Vec::new(),
            path: Vec::new(),
            max_bytes: usize::MAX,
        };
        let state = m.root_state.clone();
        m.root = m.new_node(&state);
        m
    }

    /// The position searched.
    pub fn position(&self) -> &G {
        &self.root_state
    }

    /// The bytes the graph holds on the heap (its vectors' and table's
    /// capacities; the allocator's own overhead aside).
    #[must_use]
    pub fn memory(&self) -> usize {
        self.graph_bytes(
            self.nodes.capacity(),
            self.edges.capacity(),
            self.table.capacity(),
        ) + self.moves.capacity() * size_of::<G::Move>()
            + self.priors.capacity() * size_of::<i32>()
            + self.path.capacity() * size_of::<(u32, u32)>()
    }

    fn graph_bytes(&self, nodes: usize, edges: usize, table: usize) -> usize {
        nodes * size_of::<Node>() + edges * size_of::<Edge<G::Move>>() + table_bytes(table)
    }

    /// Stops the graph growing where it would hold more than `bytes`
    /// ([`Mcts::memory`]): past that the search goes on with playouts
    /// from the positions it has, as at `max_edges`. The root's moves are
    /// always generated. Without a limit the graph is bounded by
    /// `max_edges` alone.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        self.max_bytes = bytes;
    }

    /// Whether `nodes` more positions and `edges` more moves fit within
    /// the memory limit, counting the capacity the vectors and the table
    /// grow to when they must.
    fn room(&self, nodes: usize, edges: usize) -> bool {
        if self.max_bytes == usize::MAX {
            return true;
        }
        let table = if self.table.len() + nodes > self.table.capacity() {
            (self.table.capacity() + 1).max(self.table.len() + nodes)
        } else {
            self.table.capacity()
        };
        let grown = self.graph_bytes(
            vec_grown(self.nodes.len(), self.nodes.capacity(), nodes),
            vec_grown(self.edges.len(), self.edges.capacity(), edges),
            table,
        );
        grown <= self.max_bytes
    }

    /// Makes a node for `state` (finished positions get their proof).
    fn new_node(&mut self, state: &G) -> u32 {
        let key = state.position_key();
        state.legal_moves(&mut self.moves);
        let (proven, terminal) = if self.moves.is_empty() {
            let outcome = state.outcome();
            let proven = match outcome.and_then(|o| o.winner) {
                Some(w) => Proven::Won(w),
                None => Proven::Draw,
            };
            (proven, Some(reward(state, outcome)))
        } else {
            (Proven::Unknown, None)
        };
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            side: state.turn().side,
            proven,
            terminal,
            visits: 0,
            first: NONE,
            len: 0,
        });
        self.table.insert(key, id);
        id
    }

    /// Generates the moves of `node` (position `state`), most promising
    /// first, ties in a random order; returns false, changing nothing,
    /// when they do not fit within the memory limit (the root's always
    /// do).
    fn expand(&mut self, node: u32, state: &G, rng: &mut Rng) -> bool {
        state.legal_moves(&mut self.moves);
        if node != self.root && !self.room(0, self.moves.len()) {
            return false;
        }
        state.priors(&self.moves, &mut self.priors);
        let mut scored: Vec<(i32, u64, G::Move)> = self
            .moves
            .iter()
            .zip(&self.priors)
            .map(|(&m, &p)| (p, rng.next_u64(), m))
            .collect();
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let first = self.edges.len() as u32;
        self.edges.extend(scored.into_iter().map(|(_, _, mv)| Edge {
            mv,
            child: NONE,
            visits: 0,
            value: 0.0,
        }));
        let n = &mut self.nodes[node as usize];
        n.first = first;
        n.len = self.edges.len() as u32 - first;
        true
    }

    /// The edge UCT follows from `node`, or `None` when every move is proven
    /// lost (the node is then proven too).
    fn select(&mut self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let side = n.side;
        let log_n = (n.visits.max(1) as f32).ln();
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for e in n.first..n.first + n.len {
            let edge = &self.edges[e as usize];
            let proven = (edge.child != NONE)
                .then(|| self.nodes[edge.child as usize].proven.value_for(side))
                .flatten();
            let score = match proven {
                Some(v) if v >= 1.0 => return Some(e),
                Some(v) if v <= 0.0 => continue,
                _ if edge.visits == 0 => return Some(e),
                Some(v) => v + self.config.exploration * (log_n / edge.visits as f32).sqrt(),
                None => {
                    edge.value / edge.visits as f32
                        + self.config.exploration * (log_n / edge.visits as f32).sqrt()
                }
            };
            if score > best_score {
                best_score = score;
                best = Some(e);
            }
        }
        best
    }

    /// Marks `node` proven if its moves' proofs decide it; returns whether
    /// it is proven.
    fn try_prove(&mut self, node: u32) -> bool {
        let n = &self.nodes[node as usize];
        if n.proven != Proven::Unknown {
            return true;
        }
        if n.first == NONE {
            return false;
        }
        let side = n.side;
        let mut best: Option<Proven> = None;
        let mut best_value = -1.0;
        for e in n.first..n.first + n.len {
            let child = self.edges[e as usize].child;
            if child == NONE {
                return false;
            }
            let p = self.nodes[child as usize].proven;
            match p.value_for(side) {
                None => return false,
                Some(v) if v >= 1.0 => {
                    best = Some(p);
                    break;
                }
                Some(v) if v > best_value => {
                    best_value = v;
                    best = Some(p);
                }
                Some(_) => {}
            }
        }
        // A win found early needs no other proofs; otherwise every move was
        // proven by the loop running to the end.
        match best {
            Some(p) => {
                self.nodes[node as usize].proven = p;
                true
            }
            None => false,
        }
    }

    /// Whether `node`'s side has a proven win among its moves, checked
    /// without needing the others.
    fn has_winning_child(&self, node: u32) -> bool {
        let n = &self.nodes[node as usize];
        n.first != NONE
            && (n.first..n.first + n.len).any(|e| {
                let c = self.edges[e as usize].child;
                c != NONE && self.nodes[c as usize].proven == Proven::Won(n.side)
            })
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, rng: &mut Rng) {
        let mut state = self.root_state.clone();
        self.path.clear();
        let mut node = self.root;
        let result: f32;
        // Whether the search ended on a node of the graph (rather than on
        // a move whose position did not fit in memory).
        let mut on_node = true;
        loop {
            let n = &self.nodes[node as usize];
            if let Some(r) = n.terminal {
                result = r;
                break;
            }
            if let Some(v) = n.proven.value_for(Side::First) {
                result = v;
                break;
            }
            if self.path.len() >= MAX_DEPTH {
                result = self.playout(&mut state, rng);
                break;
            }
            if n.first == NONE {
                if n.visits < self.config.expand_after && node != self.root
                    || self.edges.len() >= self.config.max_edges
                {
                    result = self.playout(&mut state, rng);
                    break;
                }
                if !self.expand(node, &state, rng) {
                    result = self.playout(&mut state, rng);
                    break;
                }
            }
            let Some(e) = self.select(node) else {
                // Every move is proven lost: the node is proven.
                self.try_prove(node);
                result = self.nodes[node as usize]
                    .proven
                    .value_for(Side::First)
                    .unwrap_or(0.5);
                break;
            };
            self.path.push((node, e));
            let mv = self.edges[e as usize].mv;
            state.play(mv);
            let mut child = self.edges[e as usize].child;
            if child == NONE {
                child = match self.table.get(&state.position_key()) {
                    Some(&c) => c,
                    None if self.room(1, 0) => self.new_node(&state),
                    None => {
                        result = self.playout(&mut state, rng);
                        on_node = false;
                        break;
                    }
                };
                self.edges[e as usize].child = child;
            }
            node = child;
        }
        if on_node {
            self.nodes[node as usize].visits += 1;
        }
        self.backup(result);
    }

    /// Adds `result` (for the first player) along the path, and carries
    /// proofs up while they decide the parent.
    fn backup(&mut self, result: f32) {
        let mut proving = true;
        for i in (0..self.path.len()).rev() {
            let (node, e) = self.path[i];
            let side = self.nodes[node as usize].side;
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.value += match side {
                Side::First => result,
                Side::Second => 1.0 - result,
            };
            self.nodes[node as usize].visits += 1;
            if proving {
                let child = self.edges[e as usize].child;
                proving = child != NONE
                    && self.nodes[child as usize].proven != Proven::Unknown
                    && (self.has_winning_child(node) || self.try_prove(node));
                if proving && self.nodes[node as usize].proven == Proven::Unknown {
                    self.nodes[node as usize].proven = Proven::Won(side);
                }
            }
        }
    }

    /// Plays `state` out with the game's playout policy; the reward for the
    /// first player.
    fn playout(&mut self, state: &mut G, rng: &mut Rng) -> f32 {
        for _ in 0..MAX_PLAYOUT {
            state.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                return reward(state, state.outcome());
            }
            let m = state.playout_move(&self.moves, rng);
            state.play(m);
        }
        0.5
    }

    /// Searches until `budget` runs out or the root is proven; returns the
    /// move to play (none when the game is over) and what the search saw.
    /// `temperature` > 0 picks among good moves at random, weighted by
    /// visits: the way lower levels make mistakes.
    pub fn search(
        &mut self,
        budget: &Budget,
        rng: &mut Rng,
        temperature: f64,
    ) -> (Option<G::Move>, SearchInfo) {
        let start = Instant::now();
        let root = self.root;
        if self.nodes[root as usize].terminal.is_some() {
            return (None, SearchInfo::default());
        }
        let carried = u64::from(self.nodes[root as usize].visits);
        let mut iterations = 0u64;
        while self.nodes[root as usize].proven == Proven::Unknown {
            if budget.exhausted(iterations, &start) {
                break;
            }
            self.iterate(rng);
            iterations += 1;
        }
        if self.nodes[root as usize].first == NONE {
            self.expand(root, &self.root_state.clone(), rng);
        }
        let chosen = self.pick(rng, temperature);
        let n = &self.nodes[root as usize];
        let value = chosen.map_or(0.5, |e| {
            let edge = &self.edges[e as usize];
            match (edge.child != NONE)
                .then(|| self.nodes[edge.child as usize].proven.value_for(n.side))
                .flatten()
            {
                Some(v) => v,
                None if edge.visits > 0 => edge.value / edge.visits as f32,
                None => 0.5,
            }
        });
        let info = SearchInfo {
            nodes: iterations,
            depth: 0,
            value: f64::from(value),
            proven: match n.proven {
                Proven::Unknown => None,
                Proven::Won(w) => Some(Some(w)),
                Proven::Draw => Some(None),
            },
            score: None,
            elapsed: start.elapsed(),
            graph: self.nodes.len(),
            carried,
        };
        (chosen.map(|e| self.edges[e as usize].mv), info)
    }

    /// The root edge to play.
    fn pick(&self, rng: &mut Rng, temperature: f64) -> Option<u32> {
        let n = &self.nodes[self.root as usize];
        if n.first == NONE || n.len == 0 {
            return None;
        }
        let side = n.side;
        let edges = n.first..n.first + n.len;
        let proven = |e: u32| {
            let c = self.edges[e as usize].child;
            (c != NONE)
                .then(|| self.nodes[c as usize].proven.value_for(side))
                .flatten()
        };
        // A proven win: the quickest (a finished game first), then the most
        // visited.
        let win = edges
            .clone()
            .filter(|&e| proven(e) == Some(1.0))
            .max_by_key(|&e| {
                let c = self.edges[e as usize].child as usize;
                (
                    self.nodes[c].terminal.is_some(),
                    self.edges[e as usize].visits,
                )
            });
        if win.is_some() {
            return win;
        }
        let alive: Vec<u32> = edges.clone().filter(|&e| proven(e) != Some(0.0)).collect();
        let candidates = if alive.is_empty() {
            edges.collect()
        } else {
            alive
        };
        if temperature > 0.0 {
            let weights: Vec<f64> = candidates
                .iter()
                .map(|&e| (f64::from(self.edges[e as usize].visits) + 1.0).powf(1.0 / temperature))
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.unit() * total;
            for (&e, w) in candidates.iter().zip(&weights) {
                if x < *w {
                    return Some(e);
                }
                x -= w;
            }
        }
        candidates.into_iter().max_by(|&a, &b| {
            let (ea, eb) = (&self.edges[a as usize], &self.edges[b as usize]);
            let mean = |e: &Edge<G::Move>| {
                if e.visits == 0 {
                    0.0
                } else {
                    e.value / e.visits as f32
                }
            };
            ea.visits
                .cmp(&eb.visits)
                .then(mean(ea).total_cmp(&mean(eb)))
                .then(b.cmp(&a))
        })
    }

    /// The line the search expects after the root move `first`: `first`,
    /// then from each position the most visited move, while it was tried
    /// at least twice, at most `max` moves in all (for analysis: the
    /// principal variation).
    pub(crate) fn line(&self, first: G::Move, max: usize) -> Vec<G::Move> {
        let mut out = vec![first];
        let root = &self.nodes[self.root as usize];
        if root.first == NONE {
            return out;
        }
        let mut child = (root.first..root.first + root.len)
            .map(|e| &self.edges[e as usize])
            .find(|e| e.mv == first)
            .map_or(NONE, |e| e.child);
        while child != NONE && out.len() < max {
            let n = &self.nodes[child as usize];
            if n.first == NONE || n.len == 0 {
                break;
            }
            let Some(e) = (n.first..n.first + n.len)
                .map(|e| &self.edges[e as usize])
                .max_by_key(|e| e.visits)
                .filter(|e| e.visits >= 2)
            else {
                break;
            };
            out.push(e.mv);
            child = e.child;
        }
        out
    }

    /// Plays `m` (legal in the searched position) and keeps what the search
    /// learnt below it.
    pub fn advance(&mut self, m: G::Move) {
        let root = &self.nodes[self.root as usize];
        let child = (root.first != NONE)
            .then(|| {
                (root.first..root.first + root.len)
                    .map(|e| &self.edges[e as usize])
                    .find(|e| e.mv == m)
                    .map(|e| e.child)
            })
            .flatten()
            .filter(|&c| c != NONE);
        self.root_state.play(m);
        match child {
            Some(c) => self.compact(c),
            None => {
                let limit = self.max_bytes;
                *self = Mcts::new(self.root_state.clone(), self.config);
                self.max_bytes = limit;
            }
        }
    }

    /// Keeps only the nodes reachable from `new_root`, renumbered.
    fn compact(&mut self, new_root: u32) {
        let mut map: HashMap<u32, u32> = HashMap::new();
        let mut nodes = Vec::new();
        let mut edges: Vec<Edge<G::Move>> = Vec::new();
        let mut stack = vec![new_root];
        map.insert(new_root, 0);
        nodes.push(self.nodes[new_root as usize].clone());
        // Copy nodes breadth-first; edges are rewritten once all children
        // have numbers.
        while let Some(old) = stack.pop() {
            let n = self.nodes[old as usize].clone();
            if n.first == NONE {
                continue;
            }
            for e in n.first..n.first + n.len {
                let c = self.edges[e as usize].child;
                if c != NONE && !map.contains_key(&c) {
                    map.insert(c, nodes.len() as u32);
                    nodes.push(self.nodes[c as usize].clone());
                    stack.push(c);
                }
            }
        }
        // Exactly the room the kept graph needs: what it holds between
        // moves is what it uses.
        nodes.shrink_to_fit();
        edges.reserve_exact(
            nodes
                .iter()
                .filter(|n| n.first != NONE)
                .map(|n| n.len as usize)
                .sum(),
        );
        for node in &mut nodes {
            if node.first == NONE {
                continue;
            }
            let first = edges.len() as u32;
            for e in node.first..node.first + node.len {
                let mut edge = self.edges[e as usize].clone();
                if edge.child != NONE {
                    edge.child = map[&edge.child];
                }
                edges.push(edge);
            }
            node.first = first;
        }
        self.table = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.key, i as u32))
            .collect();
        self.nodes = nodes;
        self.edges = edges;
        self.root = 0;
    }
}
