//! Breakthrough's static evaluation as weighted features, so that the
//! weights can be fitted to game results (texel tuning:
//! `cargo run --release --example texel`, BENCHMARKS.md).
//!
//! The search calls [`evaluate`]; the tuner calls [`features`]. Both walk
//! the position through one generic function, so the two cannot disagree.

use tablero_rules::breakthrough::Breakthrough;
use tablero_rules::{Game, Side};

use crate::knowledge::FeatureSink;

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

/// The squares ahead of a piece of a side (`PATH[0]` the first player's,
/// `PATH[1]` the second's) on which an enemy piece could still stop it:
/// `d` ranks ahead, up to `d / 2 + 1` files to either side (an enemy
/// piece comes one rank nearer with each of its moves and one file
/// sideways at most). A piece with none of them held runs free.
static PATH: [[u64; 64]; 2] = paths();

const fn paths() -> [[u64; 64]; 2] {
    let mut out = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut to: i32 = 0;
        while to < 64 {
            let (tx, ty) = (to % 8, to / 8);
            let df = (tx - x).abs();
            if ty > y && df <= (ty - y) / 2 + 1 {
                out[0][sq] |= 1 << to;
            }
            if ty < y && df <= (y - ty) / 2 + 1 {
                out[1][sq] |= 1 << to;
            }
            to += 1;
        }
        sq += 1;
    }
    out
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
    /// A piece 2–5 ranks forward with no enemy piece in its path
    /// ([`super::PATH`]), `PASSER + a - 2`.
    pub const PASSER: usize = 29;
    /// Who wins the race of the fastest free pieces (1 for the side to
    /// move, which goes first, -1 for the other, 0 when neither has one).
    pub const RACE: usize = 33;
    /// An empty square in front of a piece that the enemy attacks and
    /// the side's own pieces attack as often or more.
    pub const PUSH_HELD: usize = 34;
    /// An empty square in front of a piece that the enemy attacks more
    /// often than the side's own pieces.
    pub const PUSH_LOST: usize = 35;
    /// A square one rank forward of the side's back rank (where an enemy
    /// piece stands one step from winning) that none of its pieces
    /// attacks.
    pub const HOLE_1: usize = 36;
    /// The same two ranks forward.
    pub const HOLE_2: usize = 37;
    /// Two pieces side by side on a rank.
    pub const PHALANX: usize = 38;
    /// Two pieces one behind the other on a file.
    pub const COLUMN: usize = 39;
    /// A piece `a` ranks forward (0–6) on a file `d` from the edge (0–3),
    /// `SQUARE + 4 a + d`: what the rank and the file weigh beyond
    /// [`PIECE`], [`HOME`] and [`EDGE`].
    pub const SQUARE: usize = 40;
    pub const COUNT: usize = 68;
}

/// How many features there are.
pub const FEATURES: usize = f::COUNT;

/// The evaluation's weights, in hundredths of a piece: fitted to the
/// results of 7,000 self-play games (texel tuning, BENCHMARKS.md,
/// "Breakthrough's evaluation fitted to results" and session 15). The
/// first 29 features were fitted alone in session 14 (the hand-set
/// weights before them scored 28.3 % against them at equal nodes); free
/// pieces and their race, contested steps, holes, phalanxes, columns and
/// the square table were added in session 15 and everything fitted again
/// (56 % over 200 games against session 14's weights at equal nodes,
/// 100,000 nodes a move). Weights of features that only decided
/// positions have (an unattacked piece six ranks forward) keep their
/// start value: the fit never sees them.
pub const WEIGHTS: [i32; FEATURES] = [
    // PIECE by ranks forward, 0–6.
    104, 100, 101, 129, 187, 208, 169, //
    // DEFENDED by ranks forward, 0–6.
    8, -23, -3, -11, -44, 46, 1136, //
    // TWICE, HANGING_MOVER, HANGING_WAITER, TRADED_WAITER, TRADED_MOVER
    -17, 12, -108, 46, 46, //
    // FREE, 4–6 ranks forward.
    8, 86, 36, //
    // HOME by distance from the edge, 0–3.
    -54, 32, 61, 5, //
    // EDGE, SAFE_STEP, TEMPO
    -24, 21, 13, //
    // PASSER, 2–5 ranks forward.
    -654, -433, 51, 423, //
    // RACE, PUSH_HELD, PUSH_LOST, HOLE_1, HOLE_2, PHALANX, COLUMN
    237, 49, 27, -6, -5, -4, 26, //
    // SQUARE by ranks forward (rows, 0–6) and distance from the edge (0–3).
    7, 11, -2, 12, //
    5, -2, 30, 47, //
    8, -6, 14, 22, //
    14, 6, 16, 22, //
    6, -11, -4, 18, //
    15, -23, 7, 30, //
    -13, -21, -14, 38,
];

/// Sums the weights.
struct Sum(i32);

impl FeatureSink for Sum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += WEIGHTS[feature] * count;
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
fn walk(g: &Breakthrough, sink: &mut impl FeatureSink) {
    let me = g.turn().side;
    let you = me.other();
    let (mine, theirs) = (g.pieces(me), g.pieces(you));
    let my_att = attacks(mine, me);
    let their_att = attacks(theirs, you);
    let empty = !(mine | theirs);
    sink.add(f::TEMPO, 1);
    let my_run = side(mine, me, my_att, their_att, empty, true, 1, sink);
    let their_run = side(theirs, you, their_att, my_att, empty, false, -1, sink);
    // The side to move goes first: it wins a race it is not behind in.
    if my_run < 8 && my_run <= their_run {
        sink.add(f::RACE, 1);
    } else if their_run < 8 {
        sink.add(f::RACE, -1);
    }
}

/// One side's pieces, counted with `sign` (1 for the side to move).
/// Returns how many moves its nearest free piece ([`f::PASSER`]) needs
/// to reach the goal, 8 when it has none.
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
    sink: &mut impl FeatureSink,
) -> u32 {
    let own_twice = attacks_twice(bb, side);
    let enemy = !(bb | empty);
    let path = &PATH[usize::from(side == Side::Second)];
    let mut run = 8;
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
        if (2..=5).contains(&adv) && path[sq as usize] & enemy == 0 {
            sink.add(f::PASSER + adv - 2, sign);
            run = run.min(7 - adv as u32);
        }
        let file = sq % 8;
        sink.add(f::SQUARE + 4 * adv + file.min(7 - file) as usize, sign);
        if adv == 0 {
            sink.add(f::HOME + file.min(7 - file) as usize, sign);
        } else if file == 0 || file == 7 {
            sink.add(f::EDGE, sign);
        }
    }
    let front = steps(bb, side, empty);
    let safe = front & !enemy_att;
    sink.add(f::SAFE_STEP, sign * safe.count_ones() as i32);
    let contested = front & enemy_att;
    let enemy_twice = attacks_twice(enemy, side.other());
    let held = contested & (own_twice | (own_att & !enemy_twice));
    sink.add(f::PUSH_HELD, sign * held.count_ones() as i32);
    sink.add(f::PUSH_LOST, sign * (contested & !held).count_ones() as i32);
    let (_, their_last) = goal(side.other());
    let second = match side {
        Side::First => their_last << 8,
        Side::Second => their_last >> 8,
    };
    sink.add(
        f::HOLE_1,
        sign * (their_last & !own_att).count_ones() as i32,
    );
    sink.add(f::HOLE_2, sign * (second & !own_att).count_ones() as i32);
    let phalanx = bb & ((bb & !FILE_H) << 1);
    sink.add(f::PHALANX, sign * phalanx.count_ones() as i32);
    sink.add(f::COLUMN, sign * (bb & (bb << 8)).count_ones() as i32);
    run
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

    /// The features of a hand-made position, counted by hand: White (to
    /// move) has a free piece on h5, four moves from its goal, Black one
    /// on a3, two moves from its own: Black wins the race.
    #[test]
    fn free_pieces_race_and_structure_are_counted() {
        // White: h5, h2, g1, h1. Black: a8, b8, c8, a3.
        let g = Breakthrough::from_position_text("ppp5/8/8/7P/8/p7/7P/6PP w 20").unwrap();
        let c = features(&g).expect("an open position");
        // h5 is four ranks forward, a3 five; nothing stands in their paths.
        assert_eq!(c[f::PASSER + 2], 1);
        assert_eq!(c[f::PASSER + 3], -1);
        assert_eq!(c[f::PASSER] + c[f::PASSER + 1], 0);
        // White needs three moves, Black two.
        assert_eq!(c[f::RACE], -1);
        // g1-h1 side by side for White, a8-b8 and b8-c8 for Black.
        assert_eq!(c[f::PHALANX], 1 - 2);
        // h1-h2 for White, none for Black.
        assert_eq!(c[f::COLUMN], 1);
        // White's second rank: f2-h2 covered, a2-e2 not; Black's seventh:
        // a7-d7 covered, e7-h7 not. White's third rank: g3 covered (h2);
        // Black's sixth: nothing.
        assert_eq!(c[f::HOLE_1], 5 - 4);
        assert_eq!(c[f::HOLE_2], 7 - 8);
        // Black's a3 blocks nothing of White's: with a black piece on g6,
        // h5 is no longer free and White wins no race.
        let g = Breakthrough::from_position_text("ppp5/8/6p1/7P/8/p7/7P/6PP w 20").unwrap();
        let c = features(&g).expect("an open position");
        assert_eq!(c[f::PASSER + 2], 0);
        assert_eq!(c[f::RACE], -1);
    }

    /// A step in front of a piece that the enemy attacks: held when the
    /// side attacks the square as often, lost when less often.
    #[test]
    fn contested_steps_are_held_or_lost() {
        // White d4, e4; Black c6, e6, h8. White's d5 is attacked twice
        // (c6, e6) and defended once (e4): lost; e5 is safe. Black's c5
        // and e5 are attacked by d4 and defended by nothing: lost; h7 is
        // safe.
        let g = Breakthrough::from_position_text("7p/8/2p1p3/8/3PP3/8/8/8 w 20").unwrap();
        let c = features(&g).expect("an open position");
        assert_eq!(c[f::PUSH_LOST], 1 - 2);
        assert_eq!(c[f::PUSH_HELD], 0);
        // With a black piece on d6 as well: it defends c5 and e5 (held,
        // once against once) and its own step to d5 is attacked once (e4)
        // and defended twice (held). White's e5 is now attacked once (d6)
        // and defended once (d4): held; d5 is still lost.
        let g = Breakthrough::from_position_text("7p/8/2ppp3/8/3PP3/8/8/8 w 20").unwrap();
        let c = features(&g).expect("an open position");
        assert_eq!(c[f::PUSH_HELD], 1 - 3);
        assert_eq!(c[f::PUSH_LOST], 1);
    }

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
