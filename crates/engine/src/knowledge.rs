//! What the engine knows about each game beyond its rules: which search
//! plays it best, how playouts choose moves, and a static evaluation for
//! alpha-beta. Everything here is a default that any game may refine; the
//! searches see only [`Knowledge`].

use tablero_rules::barrier::Barrier;
use tablero_rules::bloc::Bloc;
use tablero_rules::bombardment::Bombardment;
use tablero_rules::breakthrough::Breakthrough;
use tablero_rules::cascades::Cascades;
use tablero_rules::chess::{ChessGame, Move, ROLES, Variant as ChessVariant};
use tablero_rules::empuje::Empuje;
use tablero_rules::guadalete::{RiverChess, Variant as RiverVariant};
use tablero_rules::knightfight::KnightFight;
use tablero_rules::san::Role;
use tablero_rules::{EndReason, Game, Side};

use crate::rng::Rng;

/// The two searches the engine has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Monte Carlo tree search (UCT with a solver and transpositions).
    Mcts,
    /// Iterative-deepening alpha-beta with a transposition table and
    /// quiescence search. Needs strictly alternating turns.
    AlphaBeta,
}

/// A game the engine can search, with its game-specific knowledge.
pub trait Knowledge: Game {
    /// The search that plays this game best, as measured by self-play
    /// (BENCHMARKS.md, "Engine").
    const ALGORITHM: Algorithm = Algorithm::Mcts;

    /// Whether alpha-beta prunes forward near the leaves (reverse
    /// futility, futility and late-move pruning) and reduces late moves by
    /// more than a ply: it pays only where the static evaluation is good
    /// enough to trust (measured for Breakthrough, BENCHMARKS.md).
    const PRUNES: bool = false;

    /// Where [`Knowledge::PRUNES`]: by how much a static score must exceed
    /// beta per ply of depth left to be taken as the node's (reverse
    /// futility), in the evaluation's units.
    const REVERSE_FUTILITY_MARGIN: i32 = 120;

    /// Where [`Knowledge::PRUNES`]: by how much a static score may fall
    /// short of alpha per ply of depth left before only noisy moves are
    /// searched (futility).
    const FUTILITY_MARGIN: i32 = 150;

    /// Half the width of the window around the last iteration's score in
    /// which alpha-beta first searches the root from depth 5 (aspiration),
    /// in the evaluation's units; 0 for none (a full window every time).
    const ASPIRATION_WINDOW: i32 = 0;

    /// Whether the two sides always move in turn, one move each (alpha-beta
    /// relies on it; Empuje's set-up, for one, does not).
    const ALTERNATES: bool = false;

    /// The move a playout plays among `moves` (never empty). Uniformly
    /// random unless the game knows better.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut Rng) -> Self::Move {
        moves[rng.below(moves.len())]
    }

    /// How promising `m` looks before any search: MCTS tries unvisited
    /// moves in decreasing order of it, alpha-beta uses it to order quiet
    /// moves. 0 when the game knows nothing.
    fn prior(&self, _m: Self::Move) -> i32 {
        0
    }

    /// [`Knowledge::prior`] of every move in `moves`, into `out`: games
    /// whose priors share work per position compute it once here.
    fn priors(&self, moves: &[Self::Move], out: &mut Vec<i32>) {
        out.clear();
        out.extend(moves.iter().map(|&m| self.prior(m)));
    }

    /// A static evaluation for the side to move, in hundredths of a pawn
    /// (or of the game's natural unit); 0 when the game has none.
    fn evaluate(&self) -> i32 {
        0
    }

    /// Whether quiescence search follows `m` (captures, promotions).
    fn is_noisy(&self, _m: Self::Move) -> bool {
        false
    }

    /// The moves quiescence follows, into `out`: the legal moves that are
    /// [`Knowledge::is_noisy`]. Returns false when there is no legal move
    /// at all (the game is over). Games that can generate their noisy
    /// moves directly do so here.
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        self.legal_moves(out);
        if out.is_empty() {
            return false;
        }
        out.retain(|&m| self.is_noisy(m));
        true
    }

    /// How much `m` wins at once (the value of the piece it takes, for
    /// ordering noisy moves: most valuable victim first).
    fn gain(&self, _m: Self::Move) -> i32 {
        0
    }

    /// Whether `m` keeps at least `threshold` (what it takes less what it
    /// loses) once both sides have taken on its square in turn, each with
    /// its cheapest piece and free to stop (static exchange evaluation):
    /// quiescence skips captures that lose material. True where the game
    /// cannot tell.
    fn exchange_at_least(&self, _m: Self::Move, _threshold: i32) -> bool {
        true
    }

    /// Whether the side to move is in check: alpha-beta searches one ply
    /// deeper there and answers every move in quiescence, where standing
    /// pat would ignore the threat. False for games without check.
    fn in_check(&self) -> bool {
        false
    }

    /// This position with the other side to move and nothing moved, for
    /// null-move pruning: if even passing keeps a score above beta, a
    /// real move will too. `None` where passing would mislead (in check,
    /// or where being to move can be a handicap) or the game has no
    /// such position; `None` by default.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the game is drawn by how the position was reached
    /// (repetition, a move counter) rather than by the position itself.
    /// Alpha-beta asks before its transposition table, whose entries know
    /// only the position. Must be cheap; false by default.
    fn drawn_by_history(&self) -> bool {
        false
    }

    /// How many plies ago the position last occurred (in the game or the
    /// searched line), if it did: alpha-beta scores a repetition within
    /// its line as a draw, and takes no score from its table for a
    /// position seen before, whose entry may come from before the
    /// repetition. `None` by default.
    fn repetition(&self) -> Option<usize> {
        None
    }

    /// In a finished game, by how much the first player won (or lost), from
    /// -1 to 1: a bigger win is worth a little more to MCTS. 0 by default.
    fn margin(&self) -> f32 {
        0.0
    }
}

/// Where a walk over an evaluation's weighted features goes (chess's and
/// Breakthrough's): the search's sum with the weights, or the counts the
/// tuners fit the weights to.
pub(crate) trait FeatureSink {
    /// Counts `count` more of `feature`.
    fn add(&mut self, feature: usize, count: i32);
}

impl<const N: usize> FeatureSink for [i32; N] {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self[feature] += count;
    }
}

impl Knowledge for Barrier {}
impl Knowledge for Bloc {}
impl Knowledge for Cascades {}
impl Knowledge for Empuje {}

impl Knowledge for KnightFight {
    /// Half the time the landing on the biggest number, else any move.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut Rng) -> Self::Move {
        if rng.below(2) == 0 {
            return moves[rng.below(moves.len())];
        }
        let mut best = moves[rng.below(moves.len())];
        let mut best_number = self.number(best.to());
        for &m in moves {
            let n = self.number(m.to());
            if n > best_number {
                best = m;
                best_number = n;
            }
        }
        best
    }

    fn prior(&self, m: Self::Move) -> i32 {
        self.number(m.to()).map_or(0, i32::from)
    }

    fn margin(&self) -> f32 {
        let [white, black] = self.scores();
        ((white as f32 - black as f32) / 300.0).clamp(-1.0, 1.0)
    }
}

impl Knowledge for Bombardment {
    /// A step onto the far rank wins at once: playouts always take it.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut Rng) -> Self::Move {
        let goal = match self.turn().side {
            Side::First => 7,
            Side::Second => 0,
        };
        moves
            .iter()
            .copied()
            .find(|m| m.to().is_some_and(|to| to.y == goal))
            .unwrap_or_else(|| moves[rng.below(moves.len())])
    }

    fn prior(&self, m: Self::Move) -> i32 {
        let goal = match self.turn().side {
            Side::First => 7,
            Side::Second => 0,
        };
        i32::from(m.to().is_some_and(|to| to.y == goal)) * 100
    }
}

// ---------------------------------------------------------------- Breakthrough

use crate::breakthrough::goal as bt_goal;

/// Kinds of Breakthrough move, most urgent first.
fn bt_urgency(g: &Breakthrough, m: <Breakthrough as Game>::Move) -> u8 {
    let me = g.turn().side;
    let theirs = g.pieces(me.other());
    let to = 1u64 << (u32::from(m.to().y) * 8 + u32::from(m.to().x));
    let (goal, _) = bt_goal(me);
    // Enemy pieces one step from winning stand on our pre-home rank.
    let (_, their_last) = bt_goal(me.other());
    if to & goal != 0 {
        3
    } else if to & theirs & their_last != 0 {
        2
    } else if to & theirs != 0 {
        1
    } else {
        0
    }
}

impl Knowledge for Breakthrough {
    const ALGORITHM: Algorithm = Algorithm::AlphaBeta;
    const ALTERNATES: bool = true;
    const PRUNES: bool = true;

    /// Wins at once, stops a piece about to win, prefers captures.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut Rng) -> Self::Move {
        let mut best = 0u8;
        let mut chosen = moves[rng.below(moves.len())];
        let mut count = 0u32;
        for &m in moves {
            let u = bt_urgency(self, m);
            if u > best {
                best = u;
                chosen = m;
                count = 1;
            } else if u == best && u > 0 {
                count += 1;
                if rng.below(count as usize) == 0 {
                    chosen = m;
                }
            }
        }
        // Captures are good but not forced: half the time play any move.
        if best == 1 && rng.below(2) == 0 {
            return moves[rng.below(moves.len())];
        }
        chosen
    }

    fn prior(&self, m: Self::Move) -> i32 {
        i32::from(bt_urgency(self, m)) * 100 + i32::from(m.to().x.abs_diff(0).min(7 - m.to().x))
    }

    fn is_noisy(&self, m: Self::Move) -> bool {
        bt_urgency(self, m) > 0
    }

    /// Captures and steps onto the goal rank, generated directly; the
    /// game is over exactly when its outcome is known (a side always has
    /// a move otherwise, or its rules end the game).
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        if self.outcome().is_some() {
            out.clear();
            return false;
        }
        Breakthrough::noisy_moves(self, out);
        true
    }

    fn gain(&self, m: Self::Move) -> i32 {
        i32::from(bt_urgency(self, m)) * 100
    }

    fn evaluate(&self) -> i32 {
        crate::breakthrough::evaluate(self)
    }
}

// ---------------------------------------------------------------- chess

/// Material values by [`Role`] order: pawn, knight, bishop, rook, queen, king, amazon.
const VALUES: [i32; 7] = [100, 310, 325, 500, 950, 0, 1250];

fn role_value(r: Role) -> i32 {
    VALUES[r as usize]
}

/// The role of `side`'s piece on `sq`, if one stands there.
fn role_on<V: ChessVariant>(g: &ChessGame<V>, side: Side, sq: u8) -> Option<Role> {
    let bit = 1u64 << sq;
    ROLES.into_iter().find(|&r| g.pieces(side, r) & bit != 0)
}

/// [`Knowledge::exchange_at_least`] for chess and Saltador (Stockfish's
/// `see_ge`): the captures alternate on `m`'s square, cheapest piece
/// first, each side stopping when going on would lose; sliders behind a
/// capturer join as it leaves. Promotions and en passant, rare and seldom
/// losing, count as even exchanges.
fn exchange_at_least<V: ChessVariant>(g: &ChessGame<V>, m: Move, threshold: i32) -> bool {
    let (from, to) = (1u64 << m.from(), 1u64 << m.to());
    let taken = g.occupied() & to != 0;
    if m.promotion().is_some() || (g.is_capture(m) && !taken) {
        return threshold <= 0;
    }
    let me = g.turn().side;
    let victim = role_on(g, me.other(), m.to()).map_or(0, role_value);
    // What the side to move is ahead by, less the threshold, if the
    // exchange stopped now ...
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    // ... and if the piece just moved were taken for nothing.
    swap = role_value(m.role()) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = (g.occupied() ^ from) | to;
    let mut side = me;
    let mut holds = true;
    loop {
        side = side.other();
        let attackers = g.attackers(m.to(), occupied, side);
        if attackers == 0 {
            break;
        }
        holds = !holds;
        let Some(role) = ROLES
            .into_iter()
            .find(|&r| attackers & g.pieces(side, r) != 0)
        else {
            break;
        };
        if role == Role::King {
            // The king takes only if nothing takes it back.
            return if g.attackers(m.to(), occupied, side.other()) != 0 {
                !holds
            } else {
                holds
            };
        }
        swap = role_value(role) - swap;
        if swap < i32::from(holds) {
            break;
        }
        let capturer = attackers & g.pieces(side, role);
        occupied ^= capturer & capturer.wrapping_neg();
    }
    holds
}

/// Distance of a file or rank index from the board's centre, ×2 (0 = centre).
pub(crate) fn centre_distance(i: i32, size: i32) -> i32 {
    (2 * i - (size - 1)).abs()
}

/// Bonus for standing near the centre of an 8 × `ranks` board.
fn centrality(file: i32, rank: i32, ranks: i32) -> i32 {
    14 - centre_distance(file, 8) - centre_distance(rank, ranks).min(7)
}

impl<V: ChessVariant> Knowledge for ChessGame<V> {
    const ALGORITHM: Algorithm = Algorithm::AlphaBeta;
    const ALTERNATES: bool = true;
    /// 80 self-play games at 100 ms a move: 60.6 % with it (BENCHMARKS.md).
    const ASPIRATION_WINDOW: i32 = 30;

    /// The outcome is computed once per move, so asking is cheap.
    fn drawn_by_history(&self) -> bool {
        self.outcome().is_some_and(|o| {
            matches!(
                o.reason,
                EndReason::ThreefoldRepetition | EndReason::FiftyMoveRule
            )
        })
    }

    /// Without it, the table's scores from before a repetition let level
    /// 5 check back and forth a pawn up until the other side took the
    /// draw (BENCHMARKS.md).
    fn repetition(&self) -> Option<usize> {
        ChessGame::repetition(self)
    }

    fn prior(&self, m: Self::Move) -> i32 {
        self.gain(m)
    }

    fn is_noisy(&self, m: Self::Move) -> bool {
        self.is_capture(m) || m.promotion().is_some()
    }

    /// Generated directly: a fifth of a search's time went to listing
    /// every move and dropping the quiet ones.
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        ChessGame::noisy_moves(self, out)
    }

    fn in_check(&self) -> bool {
        ChessGame::in_check(self)
    }

    fn exchange_at_least(&self, m: Self::Move, threshold: i32) -> bool {
        exchange_at_least(self, m, threshold)
    }

    /// Not with only king and pawns, where zugzwang is common.
    fn null_move(&self) -> Option<Self> {
        let me = self.turn().side;
        let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|r| self.pieces(me, r) != 0);
        if pieces { self.passed() } else { None }
    }

    fn gain(&self, m: Self::Move) -> i32 {
        let victim = role_on(self, self.turn().side.other(), m.to())
            .map_or(if self.is_capture(m) { 100 } else { 0 }, role_value);
        let promotion = m.promotion().map_or(0, |r| role_value(r) - 100);
        // Most valuable victim first, then least valuable attacker.
        victim * 8 + promotion * 8 - role_value(m.role()) / 10
    }

    /// Weighted features fitted to a stronger engine's scores
    /// (`crate::chess`).
    fn evaluate(&self) -> i32 {
        crate::chess::evaluate(self)
    }
}

impl<V: RiverVariant> Knowledge for RiverChess<V> {
    const ALGORITHM: Algorithm = Algorithm::AlphaBeta;
    const ALTERNATES: bool = true;

    fn drawn_by_history(&self) -> bool {
        RiverChess::drawn_by_history(self)
    }

    fn prior(&self, m: Self::Move) -> i32 {
        self.gain(m)
    }

    fn is_noisy(&self, m: Self::Move) -> bool {
        self.is_capture(m) || self.is_pawn_landing(m)
    }

    fn gain(&self, m: Self::Move) -> i32 {
        let victim = self
            .piece_at(m.to())
            .map_or(if self.is_capture(m) { 100 } else { 0 }, |(_, r)| {
                role_value(r)
            });
        let attacker = self.piece_at(m.from()).map_or(0, |(_, r)| role_value(r));
        let landing = if self.is_pawn_landing(m) { 150 } else { 0 };
        victim * 8 + landing - attacker / 10
    }

    fn evaluate(&self) -> i32 {
        let ranks = i32::from(self.ranks());
        let mut score = [0i32; 2];
        for sq in 0..8 * self.ranks() {
            let Some((side, role)) = self.piece_at(sq) else {
                continue;
            };
            let (file, rank) = (i32::from(sq % 8), i32::from(sq / 8));
            let s = &mut score[side.index()];
            *s += role_value(role);
            *s += match role {
                Role::Knight | Role::Bishop => centrality(file, rank, ranks) * 3,
                Role::Queen | Role::Amazon | Role::Rook => centrality(file, rank, ranks),
                _ => 0,
            };
        }
        let me = self.turn().side;
        score[me.index()] - score[me.other().index()] + 10
    }
}

#[cfg(test)]
mod tests {
    use tablero_rules::chess::{Chess, Saltador};

    use super::*;

    /// Whether `text`'s move in `fen` keeps at least `threshold`, by
    /// [`Knowledge::exchange_at_least`].
    fn exchange<G: Knowledge>(fen: &str, text: &str, threshold: i32) -> bool {
        let g = G::from_position_text(fen).unwrap();
        let m = g
            .legal_move_list()
            .into_iter()
            .find(|&m| g.move_text(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {fen}"));
        Knowledge::exchange_at_least(&g, m, threshold)
    }

    /// Exchanges worked by hand (pawn 100, knight 310, bishop 325, rook
    /// 500, queen 950).
    #[test]
    fn exchanges_count_the_recaptures() {
        // The queen takes a pawn the e6 pawn guards: -850.
        let queen_for_pawn = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!exchange::<Chess>(queen_for_pawn, "Qxd5", 0));
        assert!(exchange::<Chess>(queen_for_pawn, "Qxd5", -850));
        assert!(!exchange::<Chess>(queen_for_pawn, "Qxd5", -849));
        // Pawn for pawn: even.
        let pawns = "4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1";
        assert!(exchange::<Chess>(pawns, "exd5", 0));
        assert!(!exchange::<Chess>(pawns, "exd5", 1));
        // Doubled rooks against a guarded rook: the rook behind joins
        // once the front one has taken, and White ends a rook up.
        let doubled = "3r2k1/8/8/3r4/8/8/3R4/3R2K1 w - - 0 1";
        assert!(exchange::<Chess>(doubled, "Rxd5", 500));
        assert!(!exchange::<Chess>(doubled, "Rxd5", 501));
        // Without the rook behind, even.
        let single = "3r2k1/8/8/3r4/8/8/3R4/6K1 w - - 0 1";
        assert!(exchange::<Chess>(single, "Rxd5", 0));
        assert!(!exchange::<Chess>(single, "Rxd5", 1));
        // The king guards f7 alone: Nxf7 loses the knight for a pawn
        // (-210), unless a rook watches f7, when the king may not take.
        let king_guards = "6k1/5p2/8/6N1/8/8/8/6K1 w - - 0 1";
        assert!(!exchange::<Chess>(king_guards, "Nxf7", 0));
        assert!(exchange::<Chess>(king_guards, "Nxf7", -210));
        let rook_watches = "6k1/5p2/8/6N1/8/8/8/5RK1 w - - 0 1";
        assert!(exchange::<Chess>(rook_watches, "Nxf7", 100));
        assert!(!exchange::<Chess>(rook_watches, "Nxf7", 101));
        // A quiet move onto a guarded square loses the piece.
        assert!(!exchange::<Chess>(king_guards, "Ne6", 0));
        assert!(exchange::<Chess>(king_guards, "Ne4", 0));
    }

    /// Saltador's bishop leaps: g7's bishop retakes on d4 over f6 and e5,
    /// where a chess bishop would be blocked by the f6 pawn.
    #[test]
    fn the_jumping_bishop_recaptures_over_pieces() {
        let fen = "4k3/6b1/5p2/8/3p4/8/8/B3K3 w - - 0 1";
        assert!(!exchange::<Saltador>(fen, "Bxd4", 0));
        assert!(exchange::<Saltador>(fen, "Bxd4", -225));
        assert!(!exchange::<Saltador>(fen, "Bxd4", -224));
        assert!(exchange::<Chess>(fen, "Bxd4", 100));
    }
}
