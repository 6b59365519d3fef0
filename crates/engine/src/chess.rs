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

use crate::knowledge::{FeatureSink, centre_distance};

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
    /// Knights, bishops, rooks and queens that attack a square next to
    /// the enemy king: the count, then its square (an attack by several
    /// pieces is worth more than the sum of single ones).
    pub const KING_ATTACKERS: usize = 405;
    pub const KING_ATTACKERS_SQUARED: usize = 406;
    /// Threats against a side's pieces, each twice: `+ 0` for the side to
    /// move's pieces, `+ 1` for the other side's (the side to move can
    /// answer a threat; the other side's threatened pieces can be taken
    /// at once). Knights, bishops, rooks and queens attacked by a pawn:
    pub const THREAT_BY_PAWN: usize = 407;
    /// Rooks and queens attacked by a knight or bishop.
    pub const THREAT_BY_MINOR: usize = 409;
    /// Queens attacked by a rook.
    pub const THREAT_BY_ROOK: usize = 411;
    /// Knights, bishops, rooks and queens attacked and not defended.
    pub const HANGING: usize = 413;
    /// Pawns attacked and not defended.
    pub const WEAK_PAWN: usize = 415;
    /// Files at the king (its own and those beside it) without a pawn of
    /// its own, and without any pawn.
    pub const KING_SEMI_OPEN: usize = 417;
    pub const KING_OPEN: usize = 418;
    /// Enemy pawns on those files one to three ranks ahead of the king (a
    /// pawn storm).
    pub const KING_STORM: usize = 419;
    /// How near each enemy queen is to the king: 7 less their distance in
    /// king moves.
    pub const KING_QUEEN_NEAR: usize = 420;
    pub const COUNT: usize = 421;
}

/// How many features there are.
pub const FEATURES: usize = f::COUNT;

/// The game phase at which the middlegame weights apply alone: knights and
/// bishops count 1, rooks 2, queens 4 (24 with every piece on the board,
/// 0 with kings and pawns only).
pub const FULL_PHASE: i32 = 24;

/// The middlegame and endgame sums.
struct Sum(i32, i32);

impl FeatureSink for Sum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += MIDDLE[feature] * count;
        self.1 += END[feature] * count;
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

/// The squares one side attacks, by the kind of attacker.
#[derive(Default)]
struct Attacks {
    pawns: u64,
    /// Knights and bishops.
    minors: u64,
    rooks: u64,
    /// Every piece, king included.
    all: u64,
}

/// Walks the position's features for the side to move into `sink`.
#[inline(always)]
fn walk<V: Variant>(g: &ChessGame<V>, sink: &mut impl FeatureSink) {
    let me = g.turn().side;
    sink.add(f::TEMPO, 1);
    let occupied = g.occupied();
    let mine = side_features(g, me, occupied, 1, sink);
    let theirs = side_features(g, me.other(), occupied, -1, sink);
    threats(g, me, &theirs, &mine, 1, 0, sink);
    threats(g, me.other(), &mine, &theirs, -1, 1, sink);
}

/// The threats against `side`'s pieces (see [`f::THREAT_BY_PAWN`]), by
/// the enemy's attacks `enemy` and its own `own`, counted with `sign` on
/// the features `+ offset`.
#[inline(always)]
fn threats<V: Variant>(
    g: &ChessGame<V>,
    side: Side,
    enemy: &Attacks,
    own: &Attacks,
    sign: i32,
    offset: usize,
    sink: &mut impl FeatureSink,
) {
    let heavy = g.pieces(side, Role::Rook) | g.pieces(side, Role::Queen);
    let pieces = heavy | g.pieces(side, Role::Knight) | g.pieces(side, Role::Bishop);
    let undefended = enemy.all & !own.all;
    let count = |bb: u64| sign * bb.count_ones() as i32;
    sink.add(f::THREAT_BY_PAWN + offset, count(pieces & enemy.pawns));
    sink.add(f::THREAT_BY_MINOR + offset, count(heavy & enemy.minors));
    sink.add(
        f::THREAT_BY_ROOK + offset,
        count(g.pieces(side, Role::Queen) & enemy.rooks),
    );
    sink.add(f::HANGING + offset, count(pieces & undefended));
    sink.add(
        f::WEAK_PAWN + offset,
        count(g.pieces(side, Role::Pawn) & undefended),
    );
}

/// One side's features, counted with `sign` (1 for the side to move);
/// returns the squares it attacks.
#[inline(always)]
fn side_features<V: Variant>(
    g: &ChessGame<V>,
    side: Side,
    occupied: u64,
    sign: i32,
    sink: &mut impl FeatureSink,
) -> Attacks {
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
    let pawns = pawn_attacks(own_pawns, side);
    let mut attacked = Attacks {
        pawns,
        all: pawns,
        ..Attacks::default()
    };
    let mut king_attackers = 0;
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
                    attacked.all |= ChessGame::<V>::attacks(side, role, sq as u8, occupied);
                    let front = ahead(sq, side);
                    let near = front & ranks_from(sq, side, 1);
                    let far = front & ranks_from(sq, side, 2);
                    let shield = (near | beside(near)) & own_pawns;
                    let far_shield = (far | beside(far)) & own_pawns;
                    sink.add(f::SHIELD, sign * shield.count_ones() as i32);
                    sink.add(f::SHIELD_FAR, sign * far_shield.count_ones() as i32);
                    let files = file_of(sq) | beside(file_of(sq));
                    let mut semi_open = 0;
                    let mut open = 0;
                    for file in (sq % 8).saturating_sub(1)..=(sq % 8 + 1).min(7) {
                        let file = FILE_A << file;
                        if file & own_pawns == 0 {
                            semi_open += 1;
                            open += i32::from(file & their_pawns == 0);
                        }
                    }
                    sink.add(f::KING_SEMI_OPEN, sign * semi_open);
                    sink.add(f::KING_OPEN, sign * open);
                    let storm_ranks =
                        ranks_from(sq, side, 1) | ranks_from(sq, side, 2) | ranks_from(sq, side, 3);
                    let storm = files & storm_ranks & their_pawns;
                    sink.add(f::KING_STORM, sign * storm.count_ones() as i32);
                    let mut queens = g.pieces(you, Role::Queen);
                    while queens != 0 {
                        let q = queens.trailing_zeros();
                        queens &= queens - 1;
                        let distance = (q % 8).abs_diff(sq % 8).max((q / 8).abs_diff(sq / 8));
                        sink.add(f::KING_QUEEN_NEAR, sign * (7 - distance as i32));
                    }
                }
                _ => {
                    let attacks = ChessGame::<V>::attacks(side, role, sq as u8, occupied);
                    attacked.all |= attacks;
                    match role {
                        Role::Knight | Role::Bishop => attacked.minors |= attacks,
                        Role::Rook => attacked.rooks |= attacks,
                        _ => {}
                    }
                    king_attackers += i32::from(attacks & their_ring != 0);
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
    sink.add(f::KING_ATTACKERS, sign * king_attackers);
    sink.add(
        f::KING_ATTACKERS_SQUARED,
        sign * king_attackers * king_attackers,
    );
    attacked
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
    let (wf, wr) = square(weak);
    let (sf, sr) = square(strong);
    let edge = centre_distance(wf, 8) + centre_distance(wr, 8);
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

    /// The feature counts of the chess position `fen`.
    fn counts(fen: &str) -> [i32; FEATURES] {
        let g = Chess::from_position_text(fen).unwrap();
        let mut c = [0; FEATURES];
        walk(&g, &mut c);
        c
    }

    /// Hand-worked threats and attackers of the king (White to move; the
    /// other side's counts are negative).
    #[test]
    fn threats_and_king_attackers_worked_by_hand() {
        // The knight on e4 is attacked by the pawn on d5 and undefended.
        let c = counts("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(c[f::THREAT_BY_PAWN], 1);
        assert_eq!(c[f::HANGING], 1);
        assert_eq!(c[f::WEAK_PAWN + 1], 0, "the knight does not reach d5");
        assert_eq!(c[f::KING_ATTACKERS], 0);
        // Queen (g7 and h8) and knight (g7) both bear on g8's ring.
        let c = counts("6k1/8/8/4Q2N/8/8/8/4K3 w - - 0 1");
        assert_eq!(c[f::KING_ATTACKERS], 2);
        assert_eq!(c[f::KING_ATTACKERS_SQUARED], 4);
        assert_eq!(c[f::HANGING], 0);
        // The bishop on b3 attacks the rook on d5 and the queen on a4; the
        // rook on a1 attacks the queen; nothing of Black's is defended.
        // The queen attacks the bishop and the rook on a1, neither
        // defended; the rook on d5 attacks d2 and d1, beside White's king.
        let c = counts("4k3/8/8/3r4/q7/1B6/8/R3K3 w - - 0 1");
        assert_eq!(c[f::THREAT_BY_MINOR + 1], -2);
        assert_eq!(c[f::THREAT_BY_ROOK + 1], -1);
        assert_eq!(c[f::HANGING + 1], -2);
        assert_eq!(c[f::HANGING], 2);
        assert_eq!(c[f::THREAT_BY_MINOR], 0);
        assert_eq!(c[f::THREAT_BY_ROOK], 0);
        assert_eq!(c[f::KING_ATTACKERS], -1);
        assert_eq!(c[f::KING_ATTACKERS_SQUARED], -1);
        // An undefended pawn attacked by a rook.
        let c = counts("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
        assert_eq!(c[f::WEAK_PAWN + 1], -1);
        assert_eq!(c[f::WEAK_PAWN], 0);
    }

    /// Hand-worked king safety (White to move; Black's counts negative).
    #[test]
    fn open_files_storms_and_queens_at_the_king_worked_by_hand() {
        // White's g1 king: the h-file has no White pawn but Black's h4
        // pawn, three ranks ahead (a storm). Black's g8 king: f and g
        // have White pawns only, h Black's own. The queen on b4 is 5
        // king moves from g8.
        let c = counts("6k1/8/8/8/1Q5p/8/5PP1/6K1 w - - 0 1");
        assert_eq!(c[f::KING_SEMI_OPEN], 1 - 2);
        assert_eq!(c[f::KING_OPEN], 0);
        assert_eq!(c[f::KING_STORM], 1);
        assert_eq!(c[f::KING_QUEEN_NEAR], -(7 - 5));
        // Without the h-pawn the h-file is open at both kings, and f and
        // g are semi-open at Black's.
        let c = counts("6k1/8/8/8/8/8/5PP1/6K1 w - - 0 1");
        assert_eq!(c[f::KING_SEMI_OPEN], 1 - 3);
        assert_eq!(c[f::KING_OPEN], 1 - 1);
        assert_eq!(c[f::KING_STORM], 0);
        assert_eq!(c[f::KING_QUEEN_NEAR], 0);
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
