//! Breakthrough's static evaluation as weighted features, so that the
//! weights can be fitted to game results (texel tuning:
//! `cargo run --release --example texel`, BENCHMARKS.md).
//!
//! The search calls [`evaluate`]; the tuner calls [`features`]. Both walk
//! the position through one generic function, so the two cannot disagree.

use tablero_rules::breakthrough::Breakthrough;
use tablero_rules::{Game, Side};

const RANK_1: u64 = 0xff;
const RANK_2: u64 = 0xff << 8;
const RANK_7: u64 = 0xff << 48;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares attacked by `side`'s pieces `bb`.
pub(crate) fn attacks(bb: u64, side: Side) -> u64 {
    match side {
        Side::First => ((bb & !FILE_A) << 7) | ((bb & !FILE_H) << 9),
        Side::Second => ((bb & !FILE_H) >> 7) | ((bb & !FILE_A) >> 9),
    }
}

/// Squares attacked twice by `side`'s pieces `bb`.
fn attacks_twice(bb: u64, side: Side) -> u64 {
    match side {
        Side::First => ((bb & !FILE_A) << 7) & ((bb & !FILE_H) << 9),
        Side::Second => ((bb & !FILE_H) >> 7) & ((bb & !FILE_A) >> 9),
    }
}

/// The rank a side wins on, and the rank just before it.
pub(crate) fn goal(side: Side) -> (u64, u64) {
    match side {
        Side::First => (RANK_8, RANK_7),
        Side::Second => (RANK_1, RANK_2),
    }
}

/// How far a piece on `sq` has come from its own back rank (0–7).
fn advance(sq: u32, side: Side) -> usize {
    let rank = (sq / 8) as usize;
    match side {
        Side::First => rank,
        Side::Second => 7 - rank,
    }
}

/// `side`'s pieces one step forward, onto empty squares.
fn steps(bb: u64, side: Side, empty: u64) -> u64 {
    match side {
        Side::First => (bb << 8) & empty,
        Side::Second => (bb >> 8) & empty,
    }
}

/// The features, by index into [`WEIGHTS`].
mod f {
    /// A piece `a` ranks from its back rank (a = 0–6), `PIECE + a`.
    pub const PIECE: usize = 0;
    /// A piece defended by one of its own, `DEFENDED + a`.
    pub const DEFENDED: usize = 7;
    /// A piece defended twice.
    pub const TWICE: usize = 14;
    /// An attacked, undefended piece of the side to move.
    pub const HANGING_MOVER: usize = 15;
    /// An attacked, undefended piece of the side not to move.
    pub const HANGING_WAITER: usize = 16;
    /// An attacked, defended piece of the side not to move.
    pub const TRADED_WAITER: usize = 17;
    /// An attacked, defended piece of the side to move.
    pub const TRADED_MOVER: usize = 18;
    /// An unattacked piece 4, 5 or 6 ranks forward, `FREE + a - 4`.
    pub const FREE: usize = 19;
    /// A piece still on its back rank, by its file's distance from the
    /// edge (0–3), `HOME + d`.
    pub const HOME: usize = 22;
    /// A piece off its back rank on an edge file.
    pub const EDGE: usize = 26;
    /// A step forward onto a square no enemy piece attacks.
    pub const SAFE_STEP: usize = 27;
    /// Being the side to move.
    pub const TEMPO: usize = 28;
    pub const COUNT: usize = 29;
}

/// How many features there are.
pub const FEATURES: usize = f::COUNT;

/// The evaluation's weights, in hundredths of a piece: fitted to the
/// results of 4,000 self-play games (texel tuning, BENCHMARKS.md,
/// "Breakthrough's evaluation fitted to results"); the hand-set weights
/// they replace scored 28.3 % against them at equal nodes.
pub const WEIGHTS: [i32; FEATURES] = [
    // PIECE by ranks forward, 0–6.
    86, 100, 76, 111, 167, 208, 149, //
    // DEFENDED by ranks forward, 0–6.
    8, -30, 2, -6, -51, 9, 609, //
    // TWICE, HANGING_MOVER, HANGING_WAITER, TRADED_WAITER, TRADED_MOVER
    -20, -27, -120, 8, 10, //
    // FREE, 4–6 ranks forward.
    -8, 72, 36, //
    // HOME by distance from the edge, 0–3.
    -61, 21, 63, -7, //
    // EDGE, SAFE_STEP, TEMPO
    -38, -3, 10,
];

/// Where a walk over the features goes: a sum with the weights, or counts.
trait Sink {
    fn add(&mut self, feature: usize, count: i32);
}

/// Sums the weights.
struct Sum(i32);

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += WEIGHTS[feature] * count;
    }
}

impl Sink for [i32; FEATURES] {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self[feature] += count;
    }
}

/// A win the position already holds, for the side to move: a piece one
/// step from its goal (a diagonal step is never blocked: it captures),
/// an enemy runner that cannot be stopped, or a safe step onto the
/// last-but-one rank. `None` when the game is still open.
fn decided(g: &Breakthrough) -> Option<i32> {
    let me = g.turn().side;
    let you = me.other();
    let (mine, theirs) = (g.pieces(me), g.pieces(you));
    if mine & goal(me).1 != 0 {
        return Some(5000);
    }
    let my_att = attacks(mine, me);
    let their_att = attacks(theirs, you);
    // An enemy piece one step from its goal that we cannot take wins next.
    let runners = theirs & goal(you).1;
    if runners & !my_att != 0 || runners.count_ones() > 1 {
        return Some(-4000);
    }
    // No enemy piece stands one step from its goal: a step of ours onto
    // our last-but-one rank that no enemy piece attacks wins two moves on.
    let (_, my_last) = goal(me);
    let behind = match me {
        Side::First => my_last >> 8,
        Side::Second => my_last << 8,
    };
    let steppers = mine & behind;
    if runners == 0 && steppers != 0 {
        let empty = !(mine | theirs);
        let straight = steps(steppers, me, empty);
        let diagonal = attacks(steppers, me) & !mine;
        if (straight | diagonal) & !their_att != 0 {
            return Some(4500);
        }
    }
    None
}

/// Walks the position's features for the side to move into `sink`.
#[inline(always)]
fn walk(g: &Breakthrough, sink: &mut impl Sink) {
    let me = g.turn().side;
    let you = me.other();
    let (mine, theirs) = (g.pieces(me), g.pieces(you));
    let my_att = attacks(mine, me);
    let their_att = attacks(theirs, you);
    let empty = !(mine | theirs);
    sink.add(f::TEMPO, 1);
    side(mine, me, my_att, their_att, empty, true, 1, sink);
    side(theirs, you, their_att, my_att, empty, false, -1, sink);
}

/// One side's pieces, counted with `sign` (1 for the side to move).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn side(
    bb: u64,
    side: Side,
    own_att: u64,
    enemy_att: u64,
    empty: u64,
    to_move: bool,
    sign: i32,
    sink: &mut impl Sink,
) {
    let own_twice = attacks_twice(bb, side);
    let mut rest = bb;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let adv = advance(sq, side).min(6);
        let bit = 1u64 << sq;
        sink.add(f::PIECE + adv, sign);
        let defended = bit & own_att != 0;
        if defended {
            sink.add(f::DEFENDED + adv, sign);
            if bit & own_twice != 0 {
                sink.add(f::TWICE, sign);
            }
        }
        if bit & enemy_att != 0 {
            let feature = match (defended, to_move) {
                (false, true) => f::HANGING_MOVER,
                (false, false) => f::HANGING_WAITER,
                (true, false) => f::TRADED_WAITER,
                (true, true) => f::TRADED_MOVER,
            };
            sink.add(feature, sign);
        } else if adv >= 4 {
            sink.add(f::FREE + adv - 4, sign);
        }
        let file = sq % 8;
        if adv == 0 {
            sink.add(f::HOME + file.min(7 - file) as usize, sign);
        } else if file == 0 || file == 7 {
            sink.add(f::EDGE, sign);
        }
    }
    let safe = steps(bb, side, empty) & !enemy_att;
    sink.add(f::SAFE_STEP, sign * safe.count_ones() as i32);
}

/// The static evaluation for the side to move.
pub(crate) fn evaluate(g: &Breakthrough) -> i32 {
    if let Some(score) = decided(g) {
        return score;
    }
    let mut sum = Sum(0);
    walk(g, &mut sum);
    sum.0
}

/// The position's feature counts for the side to move (the side not to
/// move's counted negative), or `None` when [`evaluate`] would return a
/// decided score rather than the weighted sum. For the tuner.
#[must_use]
pub fn features(g: &Breakthrough) -> Option<[i32; FEATURES]> {
    if decided(g).is_some() {
        return None;
    }
    let mut counts = [0; FEATURES];
    walk(g, &mut counts);
    Some(counts)
}

#[cfg(test)]
mod tests {
    use tablero_rules::{Game, Setup};

    use super::*;
    use crate::rng::Rng;

    /// The weighted features are the evaluation, in positions of random
    /// games.
    #[test]
    fn the_features_weighted_are_the_evaluation() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for _ in 0..50 {
            let mut g = Breakthrough::new(&Setup::default()).unwrap();
            while g.outcome().is_none() {
                if let Some(counts) = features(&g) {
                    let sum: i32 = counts.iter().zip(WEIGHTS).map(|(c, w)| c * w).sum();
                    assert_eq!(sum, evaluate(&g), "{}", g.position_text());
                    checked += 1;
                } else {
                    assert!(evaluate(&g).abs() >= 4000);
                }
                let moves = g.legal_move_list();
                g.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
