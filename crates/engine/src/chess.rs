//! The chess evaluation (and Saltador's) as weighted features, each with
//! a middlegame and an endgame weight blended by the material left, so
//! that the weights can be fitted (texel tuning, to a stronger engine's scores:
//! `cargo run --release --example texel_chess`, BENCHMARKS.md).
//!
//! The search calls [`evaluate`]; the tuner calls [`features`]. Both walk
//! the position through one generic function, so the two cannot disagree.

use tablero_rules::chess::{ChessGame, ROLES, Variant};
use tablero_rules::san::Role;
use tablero_rules::{Game, Side};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The features, by index into [`MIDDLE`] and [`END`].
mod f {
    /// A piece of role `r` (pawn, knight, bishop, rook, queen, king) on
    /// square `s` seen from its own side (a1 = 0, rank 1 its back rank):
    /// `PST + 64 r + s`. Material is part of these.
    pub const PST: usize = 0;
    /// Squares a knight, bishop, rook or queen attacks that hold no piece
    /// of its own and no enemy pawn attacks, `MOBILITY + r - 1`.
    pub const MOBILITY: usize = 384;
    /// Two bishops or more.
    pub const BISHOP_PAIR: usize = 388;
    /// A pawn with another of its own ahead on its file.
    pub const DOUBLED: usize = 389;
    /// A pawn with no pawn of its own on the files beside it.
    pub const ISOLATED: usize = 390;
    /// A pawn no enemy pawn can stop (none ahead on its file or the files
    /// beside it), by its rank from its own side (1–6): `PASSED + rank`.
    pub const PASSED: usize = 391;
    /// A rook on a file without pawns.
    pub const ROOK_OPEN: usize = 399;
    /// A rook on a file with enemy pawns only.
    pub const ROOK_HALF_OPEN: usize = 400;
    /// A pawn of its own on the three squares in front of the king.
    pub const SHIELD: usize = 401;
    /// A pawn of its own two ranks in front of the king (files beside
    /// included).
    pub const SHIELD_FAR: usize = 402;
    /// An attack of a knight, bishop, rook or queen on a square next to
    /// the enemy king.
    pub const KING_ATTACK: usize = 403;
    /// Being the side to move.
    pub const TEMPO: usize = 404;
    pub const COUNT: usize = 405;
}

/// How many features there are.
pub const FEATURES: usize = f::COUNT;

/// The game phase at which the middlegame weights apply alone: knights and
/// bishops count 1, rooks 2, queens 4 (24 with every piece on the board,
/// 0 with kings and pawns only).
pub const FULL_PHASE: i32 = 24;

/// Where a walk over the features goes: weighted sums, or counts.
trait Sink {
    fn add(&mut self, feature: usize, count: i32);
}

/// The middlegame and endgame sums.
struct Sum(i32, i32);

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += MIDDLE[feature] * count;
        self.1 += END[feature] * count;
    }
}

impl Sink for [i32; FEATURES] {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self[feature] += count;
    }
}

/// The phase: 24 with every piece on the board, 0 with only kings and
/// pawns (more pieces than the start count as 24).
pub fn phase<V: Variant>(g: &ChessGame<V>) -> i32 {
    let mut phase = 0;
    for side in Side::ALL {
        for (role, weight) in [
            (Role::Knight, 1),
            (Role::Bishop, 1),
            (Role::Rook, 2),
            (Role::Queen, 4),
        ] {
            phase += g.pieces(side, role).count_ones() as i32 * weight;
        }
    }
    phase.min(FULL_PHASE)
}

/// The squares on the files beside each file of `files` (a set of whole
/// files).
fn beside(files: u64) -> u64 {
    ((files & !FILE_A) >> 1) | ((files & !(FILE_A << 7)) << 1)
}

/// Every square of `sq`'s file.
fn file_of(sq: u32) -> u64 {
    FILE_A << (sq % 8)
}

/// The squares ahead of `sq` on its file, for `side`.
fn ahead(sq: u32, side: Side) -> u64 {
    let file = file_of(sq);
    let rank = sq / 8;
    match side {
        Side::First if rank < 7 => file & (u64::MAX << ((rank + 1) * 8)),
        Side::Second if rank > 0 => file & (u64::MAX >> ((8 - rank) * 8)),
        _ => 0,
    }
}

/// Squares attacked by `side`'s pawns `pawns`.
fn pawn_attacks(pawns: u64, side: Side) -> u64 {
    let (not_a, not_h) = (!FILE_A, !(FILE_A << 7));
    match side {
        Side::First => ((pawns & not_a) << 7) | ((pawns & not_h) << 9),
        Side::Second => ((pawns & not_h) >> 7) | ((pawns & not_a) >> 9),
    }
}

/// Walks the position's features for the side to move into `sink`.
#[inline(always)]
fn walk<V: Variant>(g: &ChessGame<V>, sink: &mut impl Sink) {
    let me = g.turn().side;
    sink.add(f::TEMPO, 1);
    let occupied = g.occupied();
    for (side, sign) in [(me, 1), (me.other(), -1)] {
        side_features(g, side, occupied, sign, sink);
    }
}

/// One side's features, counted with `sign` (1 for the side to move).
#[inline(always)]
fn side_features<V: Variant>(
    g: &ChessGame<V>,
    side: Side,
    occupied: u64,
    sign: i32,
    sink: &mut impl Sink,
) {
    let you = side.other();
    let own_pawns = g.pieces(side, Role::Pawn);
    let their_pawns = g.pieces(you, Role::Pawn);
    let mut own = 0;
    for role in ROLES {
        own |= g.pieces(side, role);
    }
    let their_pawn_attacks = pawn_attacks(their_pawns, you);
    let their_king = g.pieces(you, Role::King).trailing_zeros();
    let their_ring = if their_king < 64 {
        ChessGame::<V>::attacks(you, Role::King, their_king as u8, 0)
    } else {
        0
    };
    let flip = if side == Side::First { 0 } else { 56 };
    for (r, role) in ROLES.into_iter().enumerate() {
        let mut bb = g.pieces(side, role);
        if role == Role::Bishop && bb.count_ones() >= 2 {
            sink.add(f::BISHOP_PAIR, sign);
        }
        while bb != 0 {
            let sq = bb.trailing_zeros();
            bb &= bb - 1;
            sink.add(f::PST + 64 * r + (sq ^ flip) as usize, sign);
            match role {
                Role::Pawn => {
                    let front = ahead(sq, side);
                    if front & own_pawns != 0 {
                        sink.add(f::DOUBLED, sign);
                    }
                    if beside(file_of(sq)) & own_pawns == 0 {
                        sink.add(f::ISOLATED, sign);
                    }
                    let span = front | beside(front);
                    if span & their_pawns == 0 {
                        let rank = ((sq ^ flip) / 8) as usize;
                        sink.add(f::PASSED + rank, sign);
                    }
                }
                Role::King => {
                    let front = ahead(sq, side);
                    let near = front & ranks_from(sq, side, 1);
                    let far = front & ranks_from(sq, side, 2);
                    let shield = (near | beside(near)) & own_pawns;
                    let far_shield = (far | beside(far)) & own_pawns;
                    sink.add(f::SHIELD, sign * shield.count_ones() as i32);
                    sink.add(f::SHIELD_FAR, sign * far_shield.count_ones() as i32);
                }
                _ => {
                    let attacks = ChessGame::<V>::attacks(side, role, sq as u8, occupied);
                    let free = attacks & !own & !their_pawn_attacks;
                    sink.add(f::MOBILITY + r - 1, sign * free.count_ones() as i32);
                    sink.add(
                        f::KING_ATTACK,
                        sign * (attacks & their_ring).count_ones() as i32,
                    );
                    if role == Role::Rook {
                        let file = file_of(sq);
                        if file & (own_pawns | their_pawns) == 0 {
                            sink.add(f::ROOK_OPEN, sign);
                        } else if file & own_pawns == 0 {
                            sink.add(f::ROOK_HALF_OPEN, sign);
                        }
                    }
                }
            }
        }
    }
}

/// The whole rank `n` ranks ahead of `sq`'s for `side` (empty off the
/// board).
fn ranks_from(sq: u32, side: Side, n: u32) -> u64 {
    let rank = (sq / 8) as i32;
    let target = match side {
        Side::First => rank + n as i32,
        Side::Second => rank - n as i32,
    };
    if (0..8).contains(&target) {
        0xff << (target * 8)
    } else {
        0
    }
}

/// The weighted sum for the side to move, blended by `phase`.
fn blend(middle: i32, end: i32, phase: i32) -> i32 {
    (middle * phase + end * (FULL_PHASE - phase)) / FULL_PHASE
}

/// In an endgame with a clear lead, the stronger side drives the lone
/// king to the edge and brings its own king closer: without it a won
/// ending (king and queen against king) drifts into the fifty-move rule.
fn mop_up<V: Variant>(g: &ChessGame<V>, lead: i32, phase: i32, me: Side) -> i32 {
    if lead.abs() < 250 || phase > 12 {
        return 0;
    }
    let (strong, weak) = if lead > 0 {
        (me, me.other())
    } else {
        (me.other(), me)
    };
    let square = |side| {
        let sq = g.pieces(side, Role::King).trailing_zeros() as i32;
        (sq % 8, sq / 8)
    };
    let centre = |i: i32| (2 * i - 7).abs();
    let (wf, wr) = square(weak);
    let (sf, sr) = square(strong);
    let edge = centre(wf) + centre(wr);
    let near = 14 - ((wf - sf).abs() + (wr - sr).abs());
    let bonus = (edge * 5 + near * 4) * (24 - phase) / 24;
    if strong == me { bonus } else { -bonus }
}

/// The static evaluation for the side to move, in hundredths of a pawn.
pub(crate) fn evaluate<V: Variant>(g: &ChessGame<V>) -> i32 {
    let mut sum = Sum(0, 0);
    walk(g, &mut sum);
    let phase = phase(g);
    let lead = blend(sum.0, sum.1, phase);
    lead + mop_up(g, lead, phase, g.turn().side)
}

/// The position's feature counts for the side to move (the other side's
/// counted negative) and its phase, or `None` where [`evaluate`] adds
/// the mop-up term to the weighted sum. For the tuner.
#[must_use]
pub fn features<V: Variant>(g: &ChessGame<V>) -> Option<([i32; FEATURES], i32)> {
    let mut counts = [0; FEATURES];
    walk(g, &mut counts);
    let phase = phase(g);
    let (middle, end) = counts.iter().enumerate().fold((0, 0), |(m, e), (i, &c)| {
        (m + MIDDLE[i] * c, e + END[i] * c)
    });
    let lead = blend(middle, end, phase);
    (mop_up(g, lead, phase, g.turn().side) == 0).then_some((counts, phase))
}

include!("chess_weights.rs");

#[cfg(test)]
mod tests {
    use tablero_rules::chess::Chess;
    use tablero_rules::{Game, Setup};

    use super::*;
    use crate::rng::Rng;

    /// The weighted features, blended by the phase, are the evaluation,
    /// in positions of random games.
    #[test]
    fn the_features_weighted_are_the_evaluation() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for _ in 0..30 {
            let mut g = Chess::new(&Setup::default()).unwrap();
            while g.outcome().is_none() {
                if let Some((counts, phase)) = features(&g) {
                    let middle: i32 = counts.iter().zip(MIDDLE).map(|(c, w)| c * w).sum();
                    let end: i32 = counts.iter().zip(END).map(|(c, w)| c * w).sum();
                    assert_eq!(
                        blend(middle, end, phase),
                        evaluate(&g),
                        "{}",
                        g.position_text()
                    );
                    checked += 1;
                }
                let moves = g.legal_move_list();
                g.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Hand-worked: from the start every feature is even but the tempo.
    #[test]
    fn the_start_is_level_but_for_the_move() {
        let g = Chess::new(&Setup::default()).unwrap();
        let (counts, phase) = features(&g).unwrap();
        assert_eq!(phase, 24);
        for (i, &c) in counts.iter().enumerate() {
            assert_eq!(c, i32::from(i == f::TEMPO), "feature {i}");
        }
    }
}
