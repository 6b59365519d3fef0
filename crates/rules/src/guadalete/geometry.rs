//! The two Guadalete boards: squares, step directions and the step and
//! leap tables of the 8 × 8 river board and the 14-rank cylinder, the
//! pieces' roles, and [`Variant`], which chooses between them.

use std::fmt::Debug;
use std::hash::Hash;

use crate::GameId;

/// No square: a step off the board.
pub(super) const NONE: u8 = u8::MAX;
/// Squares in the largest board (8 files × 14 ranks); the 8 × 8 board uses
/// the first 64.
pub(super) const SQUARES: usize = 112;

/// The first player.
pub(super) const WHITE: usize = 0;
/// The second player.
pub(super) const BLACK: usize = 1;

/// Step directions, in the order of [`crate::KING_STEPS`]: N NE E SE S SW W NW.
pub(super) const N: usize = 0;
pub(super) const NE: usize = 1;
pub(super) const SE: usize = 3;
pub(super) const S: usize = 4;
pub(super) const SW: usize = 5;
pub(super) const NW: usize = 7;

/// What a piece is, in the games' own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Role {
    /// The Guadalete pawn (guadalete14: the rear pawn): steps toward the
    /// river, never captures, becomes a plank there.
    Pawn,
    /// guadalete14's front pawn: an ordinary chess pawn promoting to an
    /// amazon.
    FrontPawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Queen + knight (guadalete14's promoted front pawn); the river does
    /// not stop it.
    Amazon,
}

impl Role {
    pub(super) const ALL: [Role; 8] = [
        Role::Pawn,
        Role::FrontPawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Amazon,
    ];
}

/// A square's content: 0 when empty, else `1 + role + 8 * colour`.
pub(super) type Code = u8;

/// The code of a piece of `color` (0 White, 1 Black) and `role`.
pub(super) const fn code(color: usize, role: Role) -> Code {
    1 + role as u8 + 8 * color as u8
}

/// The colour and role of a non-empty code.
pub(super) fn decode(c: Code) -> Option<(usize, Role)> {
    let i = c.checked_sub(1)? as usize;
    Some((i / 8, *Role::ALL.get(i % 8)?)).filter(|&(color, _)| color < 2)
}

/// A square's bit in a board mask.
pub(super) const fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Neighbour tables of one board shape.
#[derive(Debug)]
pub struct Tables {
    /// `steps[d][sq]`: one king step in direction `d`.
    pub(super) steps: [[u8; SQUARES]; 8],
    /// `leaps[i][sq]`: the `i`-th knight leap.
    pub(super) leaps: [[u8; SQUARES]; 8],
    /// `lines[sq]`: every square a slider on `sq` could reach on an empty
    /// board, the river ignored. Only a piece leaving one of these squares
    /// can uncover an attack on a king on `sq`.
    pub(super) lines: [u128; SQUARES],
}

impl Tables {
    const fn new(ranks: u8, wrap: bool) -> Tables {
        let steps = Self::build(ranks, wrap, crate::cell::KING_STEPS);
        Tables {
            steps,
            leaps: Self::build(ranks, wrap, crate::cell::KNIGHT_LEAPS),
            lines: Self::lines(ranks, &steps),
        }
    }

    const fn lines(ranks: u8, steps: &[[u8; SQUARES]; 8]) -> [u128; SQUARES] {
        let mut lines = [0; SQUARES];
        let mut sq = 0;
        while sq < 8 * ranks as usize {
            let mut d = 0;
            while d < 8 {
                let mut s = sq as u8;
                let mut n = 1;
                while n < ranks {
                    s = steps[d][s as usize];
                    if s == NONE {
                        break;
                    }
                    lines[sq] |= 1 << s;
                    n += 1;
                }
                d += 1;
            }
            sq += 1;
        }
        lines
    }

    const fn build(ranks: u8, wrap: bool, deltas: [(i8, i8); 8]) -> [[u8; SQUARES]; 8] {
        let mut t = [[NONE; SQUARES]; 8];
        let ranks = ranks as i16;
        let mut d = 0;
        while d < 8 {
            let mut sq = 0;
            while sq < 8 * ranks {
                let file = sq % 8 + deltas[d].0 as i16;
                let mut rank = sq / 8 + deltas[d].1 as i16;
                if wrap {
                    rank = (rank + ranks) % ranks;
                }
                if file >= 0 && file < 8 && rank >= 0 && rank < ranks {
                    t[d][sq as usize] = (rank * 8 + file) as u8;
                }
                sq += 1;
            }
            d += 1;
        }
        t
    }
}

static RIVER8_TABLES: Tables = Tables::new(8, false);
static CYLINDER_TABLES: Tables = Tables::new(14, true);

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::River8 {}
    impl Sealed for super::Cylinder {}
}

/// A Guadalete board: its shape, river and start. Implemented only by
/// [`River8`] and [`Cylinder`].
pub trait Variant:
    sealed::Sealed + Copy + Debug + Default + Eq + Hash + Send + Sync + 'static
{
    /// The game this board belongs to.
    const ID: GameId;
    /// Ranks of the board (files are always 8).
    const RANKS: u8;
    /// Rank 14 touches rank 1; front and rear pawns and amazons exist.
    const CYLINDER: bool;
    /// The river squares.
    const RIVER: u128;
    /// The rank index of each side's king and rooks at the start.
    const HOME: [u8; 2];
    /// The start position text.
    const START: &'static str;
    /// The step and leap tables of this board.
    fn tables() -> &'static Tables;
}

/// The 8 × 8 board of `guadalete`, river on ranks 4 and 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct River8;

/// The 8-file × 14-rank cylinder of `guadalete14`, river on ranks 14 and 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cylinder;

impl Variant for River8 {
    const ID: GameId = GameId::Guadalete;
    const RANKS: u8 = 8;
    const CYLINDER: bool = false;
    const RIVER: u128 = 0xffff << 24;
    const HOME: [u8; 2] = [0, 7];
    const START: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0";
    fn tables() -> &'static Tables {
        &RIVER8_TABLES
    }
}

impl Variant for Cylinder {
    const ID: GameId = GameId::Guadalete14;
    const RANKS: u8 = 14;
    const CYLINDER: bool = true;
    const RIVER: u128 = 0xff | (0xff << 104);
    const HOME: [u8; 2] = [2, 11];
    const START: &'static str = "8/tttttttt/rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8 \
                                 w KQkq - 0 1 - 0:0";
    fn tables() -> &'static Tables {
        &CYLINDER_TABLES
    }
}
