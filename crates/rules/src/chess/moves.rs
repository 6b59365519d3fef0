//! A chess move packed in a word, and where generated moves go: a
//! fixed-size list, a vector, or a counter for perft's last ply.

use super::position::squares;
use crate::san::{CastleSide, Role};

/// What kind of move it is, beyond from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    EnPassant,
    /// Castling; `from`/`to` are the king's squares.
    Castle(CastleSide),
    /// A pawn reaching the last rank, and what it becomes.
    Promotion(Role),
}

/// A move of chess or saltador. Small and `Copy`: two different legal moves
/// of a position are never equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) role: Role,
    pub(crate) kind: Kind,
}

impl Move {
    /// The square the moving piece (the king, when castling) leaves.
    #[must_use]
    pub fn from(self) -> u8 {
        self.from
    }

    /// The square it reaches.
    #[must_use]
    pub fn to(self) -> u8 {
        self.to
    }

    /// The moving piece.
    #[must_use]
    pub fn role(self) -> Role {
        self.role
    }

    /// The piece a pawn becomes, if it promotes.
    #[must_use]
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            Kind::Promotion(r) => Some(r),
            _ => None,
        }
    }
}

/// The most legal moves a position with the material [`Position`] allows
/// can have is below 350 (nine queens, two of each other piece); this
/// leaves room.
pub const MAX_MOVES: usize = 384;

/// A fixed-capacity move list on the stack, so that move generation never
/// allocates.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move {
                from: 0,
                to: 0,
                role: Role::Pawn,
                kind: Kind::Normal,
            }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        // Positions are checked on entry so the list cannot overflow; a
        // move past the capacity would be dropped rather than panic.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Whether there are none.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Where generated moves go: a list, or just a count (perft's last ply).
pub(crate) trait Sink {
    /// Takes one move.
    fn push(&mut self, m: Move);

    /// Takes the moves of the piece on `from` to each square of `targets`.
    #[inline(always)]
    fn push_targets(&mut self, from: usize, role: Role, targets: u64) {
        for to in squares(targets) {
            self.push(Move {
                from: from as u8,
                to: to as u8,
                role,
                kind: Kind::Normal,
            });
        }
    }

    /// Takes pawn moves to each square of `tos`, each from `delta` squares
    /// back, of `kind`; `promote` makes four moves of each.
    #[inline(always)]
    fn push_pawns(&mut self, tos: u64, delta: i32, kind: Kind, promote: bool) {
        for to in squares(tos) {
            let from = (to as i32 - delta) as u8;
            if promote {
                for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    self.push(Move {
                        from,
                        to: to as u8,
                        role: Role::Pawn,
                        kind: Kind::Promotion(p),
                    });
                }
            } else {
                self.push(Move {
                    from,
                    to: to as u8,
                    role: Role::Pawn,
                    kind,
                });
            }
        }
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// A growing list: the search keeps one per ply, so generating into it
/// neither allocates once warm nor clears a whole [`MoveList`] first.
impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Counts moves without keeping them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_targets(&mut self, _: usize, _: Role, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline(always)]
    fn push_pawns(&mut self, tos: u64, _: i32, _: Kind, promote: bool) {
        self.0 += u64::from(tos.count_ones()) * if promote { 4 } else { 1 };
    }
}
