//! The engine position: bitboards, legal move generation with check and
//! pin masks, copy-make, Zobrist keys and the draw rules. Shared by chess
//! and saltador, which differ only in how the bishop moves
//! ([`Variant::JUMPING_BISHOP`]).

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::attacks::{self, DARK, JUMP, KING, KNIGHT, PAWN, RANK_1, RANK_8, tables};
pub(crate) use super::moves::{Counter, Sink};
pub use super::moves::{Kind, Move, MoveList};
use crate::san::{CastleSide, Role};
use crate::{EndReason, GameId};

/// Which game of the chess family a position belongs to.
pub trait Variant: Copy + Debug + Eq + Hash + Send + Sync + 'static {
    /// The game.
    const ID: GameId;
    /// Whether the bishop is Saltador's jumping bishop.
    const JUMPING_BISHOP: bool;
}

/// White and Black, as indices of [`Position`]'s colour bitboards.
pub const WHITE: usize = 0;
/// See [`WHITE`].
pub const BLACK: usize = 1;

/// No en-passant square.
pub const NO_SQUARE: u8 = 64;

/// Castling rights, one bit each.
pub const WHITE_KING_SIDE: u8 = 1;
pub const WHITE_QUEEN_SIDE: u8 = 2;
pub const BLACK_KING_SIDE: u8 = 4;
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The rights that survive a move touching each square (a king or rook
/// leaving home, or a rook captured there).
const CASTLE_KEEP: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !WHITE_QUEEN_SIDE;
    t[4] = 15 & !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE);
    t[7] = 15 & !WHITE_KING_SIDE;
    t[56] = 15 & !BLACK_QUEEN_SIDE;
    t[60] = 15 & !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE);
    t[63] = 15 & !BLACK_KING_SIDE;
    t
};

/// The six chess roles, in the order of the position's bitboards.
pub const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Zobrist keys, generated at compile time by SplitMix64.
struct Zobrist {
    pieces: [[[u64; 64]; 6]; 2],
    black_to_move: u64,
    castling: [u64; 16],
    ep_file: [u64; 8],
}

const ZOBRIST: Zobrist = {
    let mut state = 0x7ab1_e40c_5a1e_5eedu64;
    let mut z = Zobrist {
        pieces: [[[0; 64]; 6]; 2],
        black_to_move: 0,
        castling: [0; 16],
        ep_file: [0; 8],
    };
    let mut next = [0u64; 2 * 6 * 64 + 1 + 4 + 8];
    let mut i = 0;
    while i < next.len() {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = state;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        next[i] = x ^ (x >> 31);
        i += 1;
    }
    let mut k = 0;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                z.pieces[c][r][s] = next[k];
                k += 1;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    z.black_to_move = next[k];
    k += 1;
    // Each right has a key; a set of rights is the xor of its members.
    let rights = [next[k], next[k + 1], next[k + 2], next[k + 3]];
    k += 4;
    let mut set = 0;
    while set < 16 {
        let mut key = 0;
        let mut b = 0;
        while b < 4 {
            if set & (1 << b) != 0 {
                key ^= rights[b];
            }
            b += 1;
        }
        z.castling[set] = key;
        set += 1;
    }
    let mut f = 0;
    while f < 8 {
        z.ep_file[f] = next[k];
        k += 1;
        f += 1;
    }
    z
};

/// A chess position: placement, side to move, castling rights, en-passant
/// square and clocks. `Copy`, about 90 bytes: playing a move copies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<V> {
    /// Pieces by [`Role`] (pawn to king), both colours.
    pub(crate) by_role: [u64; 6],
    /// Pieces by colour.
    pub(crate) by_color: [u64; 2],
    /// [`WHITE`] or [`BLACK`].
    pub(crate) turn: usize,
    /// Castling right bits.
    pub(crate) castling: u8,
    /// Where a pawn could capture en passant; set only when an enemy pawn
    /// stands beside the pawn that just advanced two squares.
    pub(crate) ep: u8,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u32,
    /// The FEN move number.
    pub(crate) fullmove: u32,
    /// Zobrist key without the en-passant part (see [`Position::key`]).
    hash: u64,
    _variant: PhantomData<V>,
}

#[inline(always)]
fn bit(sq: usize) -> u64 {
    1u64 << sq
}

/// Iterates over the squares of a bitboard, lowest first.
#[inline(always)]
pub(super) fn squares(mut bb: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            Some(sq)
        }
    })
}

impl<V: Variant> Position<V> {
    /// An empty board, White to move, no rights: the start for building
    /// positions from FEN.
    pub(crate) fn empty() -> Position<V> {
        Position {
            by_role: [0; 6],
            by_color: [0; 2],
            turn: WHITE,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            _variant: PhantomData,
        }
    }

    /// Puts a piece on an empty square.
    pub(crate) fn put(&mut self, sq: usize, color: usize, role: Role) {
        self.by_role[role as usize] |= bit(sq);
        self.by_color[color] |= bit(sq);
    }

    /// Recomputes the Zobrist key from scratch.
    pub(crate) fn rehash(&mut self) {
        let mut h = 0;
        for c in 0..2 {
            for r in 0..6 {
                for sq in squares(self.by_role[r] & self.by_color[c]) {
                    h ^= ZOBRIST.pieces[c][r][sq];
                }
            }
        }
        if self.turn == BLACK {
            h ^= ZOBRIST.black_to_move;
        }
        h ^= ZOBRIST.castling[self.castling as usize];
        self.hash = h;
    }

    /// All occupied squares.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// Pieces of `color` and `role`.
    #[inline(always)]
    pub(crate) fn pieces(&self, color: usize, role: Role) -> u64 {
        self.by_role[role as usize] & self.by_color[color]
    }

    /// The piece on `sq`: colour and role.
    pub(crate) fn piece_at(&self, sq: usize) -> Option<(usize, Role)> {
        let b = bit(sq);
        let color = if self.by_color[WHITE] & b != 0 {
            WHITE
        } else if self.by_color[BLACK] & b != 0 {
            BLACK
        } else {
            return None;
        };
        let role = ROLES
            .into_iter()
            .find(|&r| self.by_role[r as usize] & b != 0)?;
        Some((color, role))
    }

    /// The king square of `color` (64 if it has none, which positions
    /// never allow).
    #[inline(always)]
    pub(crate) fn king(&self, color: usize) -> usize {
        self.pieces(color, Role::King).trailing_zeros() as usize
    }

    /// Squares attacked from `sq` by a bishop of this variant.
    #[inline(always)]
    fn bishop_attacks(sq: usize, occupied: u64) -> u64 {
        if V::JUMPING_BISHOP {
            JUMP[sq]
        } else {
            tables().bishop(sq, occupied)
        }
    }

    /// Squares a piece of `role` other than a pawn attacks from `sq`, with
    /// `occupied` blocking sliders.
    #[inline(always)]
    pub(crate) fn piece_attacks(role: Role, sq: usize, occupied: u64) -> u64 {
        let t = tables();
        match role {
            Role::Knight => KNIGHT[sq],
            Role::Bishop => Self::bishop_attacks(sq, occupied),
            Role::Rook => t.rook(sq, occupied),
            Role::Queen => t.rook(sq, occupied) | t.bishop(sq, occupied),
            Role::King => KING[sq],
            Role::Pawn | Role::Amazon => 0,
        }
    }

    /// Pieces of `by` attacking `sq`, with `occupied` blocking sliders.
    #[inline(always)]
    pub(crate) fn attackers(&self, sq: usize, occupied: u64, by: usize) -> u64 {
        let t = tables();
        let queens = self.by_role[Role::Queen as usize];
        let rooks = self.by_role[Role::Rook as usize] | queens;
        let bishops = self.by_role[Role::Bishop as usize];
        let diagonal = if V::JUMPING_BISHOP {
            (t.bishop(sq, occupied) & queens) | (JUMP[sq] & bishops)
        } else {
            t.bishop(sq, occupied) & (bishops | queens)
        };
        self.by_color[by]
            & ((t.rook(sq, occupied) & rooks)
                | diagonal
                | (KNIGHT[sq] & self.by_role[Role::Knight as usize])
                | (KING[sq] & self.by_role[Role::King as usize])
                | (PAWN[by ^ 1][sq] & self.by_role[Role::Pawn as usize]))
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub(crate) fn checkers(&self) -> u64 {
        let us = self.turn;
        self.attackers(self.king(us), self.occupied(), us ^ 1)
    }

    /// Whether the side to move is in check.
    pub(crate) fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Generates every legal move into `list`, which it does not clear.
    pub(crate) fn legal_moves<S: Sink>(&self, list: &mut S) {
        self.generate::<S, false>(list);
    }

    /// Generates the legal captures (en passant included) and promotions
    /// into `list`, which it does not clear: the legal moves a
    /// quiescence search follows, in the order [`Position::legal_moves`]
    /// gives them.
    pub(crate) fn noisy_moves<S: Sink>(&self, list: &mut S) {
        self.generate::<S, true>(list);
    }

    /// The legal moves, or with `NOISY` only the captures and promotions.
    #[inline(always)]
    fn generate<S: Sink, const NOISY: bool>(&self, list: &mut S) {
        let t = tables();
        let us = self.turn;
        let them = us ^ 1;
        let ours = self.by_color[us];
        let theirs = self.by_color[them];
        let occupied = ours | theirs;
        let ksq = self.king(us);
        if ksq >= 64 {
            return;
        }
        let checkers = self.attackers(ksq, occupied, them);

        // King steps, checked against attacks with the king itself out of
        // the way so that it cannot hide behind itself from a slider.
        let without_king = occupied ^ bit(ksq);
        let king_targets = if NOISY { theirs } else { !ours };
        for to in squares(KING[ksq] & king_targets) {
            if self.attackers(to, without_king, them) == 0 {
                list.push(Move {
                    from: ksq as u8,
                    to: to as u8,
                    role: Role::King,
                    kind: Kind::Normal,
                });
            }
        }
        if checkers & (checkers.wrapping_sub(1)) != 0 {
            return; // Double check: only the king moves.
        }

        // The squares a non-king move must reach: anywhere not ours, or,
        // in check, the checker or a square blocking its line.
        let target = if checkers == 0 {
            !ours
        } else {
            let c = checkers.trailing_zeros() as usize;
            let slider = self.by_role[Role::Rook as usize]
                | self.by_role[Role::Queen as usize]
                | if V::JUMPING_BISHOP {
                    0
                } else {
                    self.by_role[Role::Bishop as usize]
                };
            checkers
                | if slider & checkers != 0 {
                    t.between(ksq, c)
                } else {
                    0
                }
        };
        // Where pieces and pawns may go: with `NOISY`, only to take, or
        // for a pawn also to promote.
        let (target, pawn_target) = if NOISY {
            let last = if us == WHITE { RANK_8 } else { RANK_1 };
            (target & theirs, target & (theirs | last))
        } else {
            (target, target)
        };

        // Pins: each enemy slider on a line to our king with exactly one of
        // our pieces between gives that piece a ray it must stay on.
        let queens = self.pieces(them, Role::Queen);
        let mut snipers = (t.rook(ksq, 0) & (self.pieces(them, Role::Rook) | queens))
            | (t.bishop(ksq, 0)
                & (queens
                    | if V::JUMPING_BISHOP {
                        0
                    } else {
                        self.pieces(them, Role::Bishop)
                    }));
        let mut pinned = 0u64;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let between = t.between(ksq, s) & occupied;
            if between.count_ones() == 1 && between & ours != 0 {
                pinned |= between;
                let ray = t.between(ksq, s) | bit(s);
                self.piece_moves(
                    between.trailing_zeros() as usize,
                    ray & target,
                    ray & pawn_target,
                    list,
                );
            }
        }

        let free = ours & !pinned;
        for from in squares(free & self.by_role[Role::Knight as usize]) {
            self.push_all(from, Role::Knight, KNIGHT[from] & target, list);
        }
        for from in squares(free & self.by_role[Role::Bishop as usize]) {
            self.push_all(
                from,
                Role::Bishop,
                Self::bishop_attacks(from, occupied) & target,
                list,
            );
        }
        for from in squares(free & self.by_role[Role::Rook as usize]) {
            self.push_all(from, Role::Rook, t.rook(from, occupied) & target, list);
        }
        for from in squares(free & self.by_role[Role::Queen as usize]) {
            let to = (t.rook(from, occupied) | t.bishop(from, occupied)) & target;
            self.push_all(from, Role::Queen, to, list);
        }
        self.pawn_moves(free & self.by_role[Role::Pawn as usize], pawn_target, list);
        self.en_passant(ksq, list);
        if checkers == 0 && !NOISY {
            self.castling_moves(list);
        }
    }

    #[inline(always)]
    fn push_all<S: Sink>(&self, from: usize, role: Role, targets: u64, list: &mut S) {
        list.push_targets(from, role, targets);
    }

    /// Moves of the (pinned) piece on `from` to squares of `allowed`
    /// (`pawn_allowed` if it is a pawn).
    fn piece_moves<S: Sink>(&self, from: usize, allowed: u64, pawn_allowed: u64, list: &mut S) {
        let Some((_, role)) = self.piece_at(from) else {
            return;
        };
        if role == Role::Pawn {
            return self.pawn_moves(bit(from), pawn_allowed, list);
        }
        // A pinned piece is never the king.
        let attacks = Self::piece_attacks(role, from, self.occupied());
        self.push_all(
            from,
            role,
            attacks & allowed & !self.by_color[self.turn],
            list,
        );
    }

    /// Pushes, double pushes, captures and promotions of `pawns` reaching
    /// `target` (en passant apart).
    #[inline(always)]
    fn pawn_moves<S: Sink>(&self, pawns: u64, target: u64, list: &mut S) {
        let us = self.turn;
        let theirs = self.by_color[us ^ 1];
        let empty = !self.occupied();
        let (forward, third, last): (i32, u64, u64) = if us == WHITE {
            (8, RANK_1 << 16, RANK_8)
        } else {
            (-8, RANK_8 >> 16, RANK_1)
        };
        let shift = |bb: u64, by: i32| if by > 0 { bb << by } else { bb >> -by };
        let single = shift(pawns, forward) & empty;
        let double = shift(single & third, forward) & empty & target;
        let single = single & target;
        let left = shift(pawns & !attacks::FILE_A, forward - 1) & theirs & target;
        let right = shift(pawns & !attacks::FILE_H, forward + 1) & theirs & target;
        for (tos, delta) in [(left, forward - 1), (right, forward + 1), (single, forward)] {
            list.push_pawns(tos & !last, delta, Kind::Normal, false);
            list.push_pawns(tos & last, delta, Kind::Normal, true);
        }
        list.push_pawns(double, 2 * forward, Kind::DoublePush, false);
    }

    /// En-passant captures, each checked by playing it out on the
    /// occupancy: it removes two pawns from a line at once, which pin
    /// masks do not describe.
    fn en_passant<S: Sink>(&self, ksq: usize, list: &mut S) {
        let ep = self.ep as usize;
        if ep >= 64 {
            return;
        }
        let us = self.turn;
        let captured = if us == WHITE { ep - 8 } else { ep + 8 };
        for from in squares(PAWN[us ^ 1][ep] & self.pieces(us, Role::Pawn)) {
            let occupied = self.occupied() ^ bit(from) ^ bit(captured) | bit(ep);
            if self.attackers(ksq, occupied, us ^ 1) & !bit(captured) == 0 {
                list.push(Move {
                    from: from as u8,
                    to: ep as u8,
                    role: Role::Pawn,
                    kind: Kind::EnPassant,
                });
            }
        }
    }

    /// Castling, when not in check: rights, empty squares between king and
    /// rook, and no attacked square on the king's way.
    fn castling_moves<S: Sink>(&self, list: &mut S) {
        let us = self.turn;
        let (rights, base) = if us == WHITE {
            (self.castling & 3, 0)
        } else {
            ((self.castling >> 2) & 3, 56)
        };
        if rights == 0 {
            return;
        }
        let occupied = self.occupied();
        let safe = |sq: usize| self.attackers(sq, occupied, us ^ 1) == 0;
        if rights & 1 != 0
            && occupied & (bit(base + 5) | bit(base + 6)) == 0
            && safe(base + 5)
            && safe(base + 6)
        {
            list.push(Move {
                from: (base + 4) as u8,
                to: (base + 6) as u8,
                role: Role::King,
                kind: Kind::Castle(CastleSide::King),
            });
        }
        if rights & 2 != 0
            && occupied & (bit(base + 1) | bit(base + 2) | bit(base + 3)) == 0
            && safe(base + 3)
            && safe(base + 2)
        {
            list.push(Move {
                from: (base + 4) as u8,
                to: (base + 2) as u8,
                role: Role::King,
                kind: Kind::Castle(CastleSide::Queen),
            });
        }
    }

    /// Plays a legal move (copy-make: callers copy first if they need the
    /// old position).
    #[inline]
    pub(crate) fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = us ^ 1;
        let (from, to) = (m.from as usize, m.to as usize);
        let z = &ZOBRIST;
        self.ep = NO_SQUARE;
        self.halfmove = self.halfmove.saturating_add(1);
        if us == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if self.by_color[them] & bit(to) != 0 {
            for r in 0..5 {
                if self.by_role[r] & bit(to) != 0 {
                    self.by_role[r] ^= bit(to);
                    self.hash ^= z.pieces[them][r][to];
                }
            }
            self.by_color[them] ^= bit(to);
            self.halfmove = 0;
        }
        let role = m.role as usize;
        let moved = bit(from) | bit(to);
        self.by_color[us] ^= moved;
        self.hash ^= z.pieces[us][role][from];
        match m.kind {
            Kind::Normal => {
                self.by_role[role] ^= moved;
                self.hash ^= z.pieces[us][role][to];
            }
            Kind::DoublePush => {
                self.by_role[role] ^= moved;
                self.hash ^= z.pieces[us][role][to];
                let ep = (from + to) / 2;
                if PAWN[us][ep] & self.pieces(them, Role::Pawn) != 0 {
                    self.ep = ep as u8;
                }
            }
            Kind::EnPassant => {
                self.by_role[role] ^= moved;
                self.hash ^= z.pieces[us][role][to];
                let captured = if us == WHITE { to - 8 } else { to + 8 };
                self.by_role[0] ^= bit(captured);
                self.by_color[them] ^= bit(captured);
                self.hash ^= z.pieces[them][0][captured];
            }
            Kind::Castle(side) => {
                self.by_role[role] ^= moved;
                self.hash ^= z.pieces[us][role][to];
                let (rook_from, rook_to) = match side {
                    CastleSide::King => (from + 3, from + 1),
                    CastleSide::Queen => (from - 4, from - 1),
                };
                let r = Role::Rook as usize;
                let rook = bit(rook_from) | bit(rook_to);
                self.by_role[r] ^= rook;
                self.by_color[us] ^= rook;
                self.hash ^= z.pieces[us][r][rook_from] ^ z.pieces[us][r][rook_to];
            }
            Kind::Promotion(p) => {
                self.by_role[role] ^= bit(from);
                self.by_role[p as usize] ^= bit(to);
                self.hash ^= z.pieces[us][p as usize][to];
            }
        }
        if m.role == Role::Pawn {
            self.halfmove = 0;
        }
        let rights = self.castling & CASTLE_KEEP[from] & CASTLE_KEEP[to];
        self.hash ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
        self.castling = rights;
        self.turn = them;
        self.hash ^= z.black_to_move;
    }

    /// Hands the move to the other side without moving a piece (no
    /// en-passant square, the half-move clock advanced): a search's null
    /// move, never a move of the game.
    pub(crate) fn pass(&mut self) {
        self.ep = NO_SQUARE;
        self.halfmove = self.halfmove.saturating_add(1);
        if self.turn == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
        self.hash ^= ZOBRIST.black_to_move;
    }

    /// Whether an en-passant capture is legal now.
    pub(crate) fn ep_legal(&self) -> bool {
        if self.ep >= 64 {
            return false;
        }
        let mut count = Counter(0);
        self.en_passant(self.king(self.turn), &mut count);
        count.0 > 0
    }

    /// The key deciding repetitions: placement, side to move, castling
    /// rights, and the en-passant file only when the capture is legal.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        if self.ep < 64 && self.ep_legal() {
            self.hash ^ ZOBRIST.ep_file[self.ep as usize % 8]
        } else {
            self.hash
        }
    }

    /// Neither side can ever checkmate: no pawns, rooks or queens, and
    /// either at most one minor piece or only bishops, all on one colour.
    /// Saltador's jumping bishop keeps its colour too, so counts the same.
    pub(crate) fn insufficient_material(&self) -> bool {
        let heavy = self.by_role[Role::Pawn as usize]
            | self.by_role[Role::Rook as usize]
            | self.by_role[Role::Queen as usize];
        if heavy != 0 {
            return false;
        }
        let knights = self.by_role[Role::Knight as usize];
        let bishops = self.by_role[Role::Bishop as usize];
        (knights | bishops).count_ones() <= 1
            || (knights == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }

    /// A pseudo-legal move list (king safety ignored, castling left out),
    /// for explaining why a move is illegal and for checking the legal
    /// generator against a plain one.
    pub(crate) fn pseudo_moves(&self) -> Vec<Move> {
        let t = tables();
        let us = self.turn;
        let ours = self.by_color[us];
        let occupied = self.occupied();
        let mut list = MoveList::new();
        for from in squares(ours) {
            let Some((_, role)) = self.piece_at(from) else {
                continue;
            };
            let attacks = match role {
                Role::Pawn => {
                    self.pawn_moves(bit(from), !0, &mut list);
                    continue;
                }
                Role::Knight => KNIGHT[from],
                Role::Bishop => Self::bishop_attacks(from, occupied),
                Role::Rook => t.rook(from, occupied),
                Role::Queen => t.rook(from, occupied) | t.bishop(from, occupied),
                Role::King => KING[from],
                Role::Amazon => 0,
            };
            self.push_all(from, role, attacks & !ours, &mut list);
        }
        if self.ep < 64 {
            for from in squares(PAWN[us ^ 1][self.ep as usize] & self.pieces(us, Role::Pawn)) {
                list.push(Move {
                    from: from as u8,
                    to: self.ep,
                    role: Role::Pawn,
                    kind: Kind::EnPassant,
                });
            }
        }
        list.as_slice().to_vec()
    }

    /// Whether the side that just moved left its own king attacked.
    pub(crate) fn mover_in_check(&self) -> bool {
        let mover = self.turn ^ 1;
        self.attackers(self.king(mover), self.occupied(), self.turn) != 0
    }

    /// Why the game is drawn here by rule, ignoring mate and stalemate:
    /// the fifty-move rule, threefold repetition or insufficient material.
    /// `line` holds the keys of the positions since the last capture or
    /// pawn move (as far as known), this one last.
    #[inline]
    pub(crate) fn draw(&self, line: &[u64]) -> Option<EndReason> {
        if self.halfmove >= 100 {
            return Some(EndReason::FiftyMoveRule);
        }
        // A position recurs four plies later at the earliest, so a third
        // time needs at least nine positions.
        if line.len() >= 9 {
            let key = line[line.len() - 1];
            let seen = line.iter().rev().step_by(2).filter(|&&k| k == key).count();
            if seen >= 3 {
                return Some(EndReason::ThreefoldRepetition);
            }
        }
        if self.insufficient_material() {
            return Some(EndReason::InsufficientMaterial);
        }
        None
    }

    /// Perft following the game's contract: positions with a result (mate,
    /// stalemate or a draw by rule) have no moves. Leaves are counted in
    /// bulk one ply early. `stack` ends with the keys of the positions
    /// since the last capture or pawn move, this one last (`known` of
    /// them); it has room for `depth` more, so pushing never allocates.
    pub(crate) fn perft(&self, depth: u32, stack: &mut Vec<u64>, known: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.draw(&stack[stack.len() - known..]).is_some() {
            return 0;
        }
        if depth == 1 {
            let mut count = Counter(0);
            self.legal_moves(&mut count);
            return count.0;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut nodes = 0;
        for &m in list.as_slice() {
            let mut child = *self;
            child.play(m);
            let child_known = if child.halfmove == 0 { 1 } else { known + 1 };
            stack.push(child.key());
            nodes += child.perft(depth - 1, stack, child_known);
            stack.pop();
        }
        nodes
    }
}
