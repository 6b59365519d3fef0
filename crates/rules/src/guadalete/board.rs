//! The rules engine of both Guadalete games: a mailbox of up to 8 × 14
//! squares, generic over the board ([`Variant`]) so that the 8 × 8 river and
//! the 14-rank cylinder share one move generator.
//!
//! Squares are numbered rank by rank from a1 (`rank * 8 + file`); a step off
//! the board is [`NONE`]. On the cylinder the step tables wrap ranks, so
//! every kind of movement (steps, leaps, slides, pawns) crosses from rank 14
//! to rank 1 without special cases.

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

pub(super) use super::geometry::*;
pub use super::geometry::{Cylinder, River8, Variant};

/// How a move changes the board beyond "the piece goes from `from` to `to`".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Kind {
    /// A step, slide, leap or capture.
    Normal,
    /// A front pawn's two-square advance (guadalete14), which allows en
    /// passant.
    DoubleStep,
    /// A pawn enters the river and is replaced by a plank on `to`.
    Plank,
    /// A front pawn captures en passant.
    EnPassant,
    /// A front pawn reaches the river behind the enemy and becomes an
    /// amazon.
    Promotion,
    /// Castling towards the h-file.
    CastleShort,
    /// Castling towards the a-file.
    CastleLong,
}

/// A move of either Guadalete game: every legal move is a distinct value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) kind: Kind,
}

impl Move {
    /// The square the moving piece (the king, when castling) leaves, as
    /// `rank * 8 + file`.
    #[must_use]
    pub fn from(self) -> u8 {
        self.from
    }

    /// The square it reaches (where the plank lies, for a pawn entering
    /// the river), as `rank * 8 + file`.
    #[must_use]
    pub fn to(self) -> u8 {
        self.to
    }
}

/// Castling rights, as bits: White short, White long, Black short, Black
/// long.
const CASTLE_SHORT: [u8; 2] = [1, 4];
const CASTLE_LONG: [u8; 2] = [2, 8];

/// Everything that decides the legal moves, except the history that
/// repetitions are counted over. `Copy`, so that trying a move is a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position<V> {
    pub(super) board: [Code; SQUARES],
    /// River squares covered by a plank.
    pub(super) planks: u128,
    /// 0 when White is to move, 1 when Black is.
    pub(super) turn: usize,
    /// Bits of [`CASTLE_SHORT`] and [`CASTLE_LONG`].
    pub(super) castling: u8,
    /// The square a front pawn skipped, when an en passant capture of it is
    /// among the legal moves; else [`NONE`].
    pub(super) ep: u8,
    /// Plies since the last capture or pawn move.
    pub(super) halfmove: u8,
    pub(super) fullmove: u32,
    /// Pawns each side has turned into planks (the balance rule's p).
    pub(super) made: [u8; 2],
    pub(super) kings: [u8; 2],
    pub(super) variant: PhantomData<V>,
}

impl<V: Variant> Position<V> {
    /// An empty board, White to move: the start of building a position.
    pub(super) fn empty() -> Position<V> {
        Position {
            board: [0; SQUARES],
            planks: 0,
            turn: WHITE,
            castling: 0,
            ep: NONE,
            halfmove: 0,
            fullmove: 1,
            made: [0; 2],
            kings: [NONE; 2],
            variant: PhantomData,
        }
    }

    /// Squares on this board.
    pub(super) const fn squares() -> u8 {
        8 * V::RANKS
    }

    /// Whether `sq` is a river square (planked or not).
    pub(super) const fn is_river(sq: u8) -> bool {
        V::RIVER & bit(sq) != 0
    }

    /// Whether `sq` is river without a plank: only amazons (and pawns, which
    /// turn into planks or promote there) may enter it.
    pub(super) fn is_open_river(&self, sq: u8) -> bool {
        (V::RIVER & !self.planks) & bit(sq) != 0
    }

    /// The piece on `sq`, if any.
    pub(super) fn piece(&self, sq: u8) -> Option<(usize, Role)> {
        decode(self.board[sq as usize])
    }

    /// The direction a pawn of `role` and `color` moves in.
    const fn pawn_dir(color: usize, role: Role) -> usize {
        // Guadalete pawns and front pawns walk towards the enemy; the
        // cylinder's rear pawns walk the other way, into their own river.
        let up = match role {
            Role::Pawn => !V::CYLINDER,
            _ => true,
        };
        if up == (color == WHITE) { N } else { S }
    }

    /// The rank a two-square advance starts from, for pawns of `role`.
    const fn double_step_rank(color: usize, role: Role) -> u8 {
        match (V::CYLINDER, role, color) {
            (false, Role::Pawn, WHITE) => 1,
            (false, Role::Pawn, _) => 6,
            (true, Role::FrontPawn, WHITE) => 3,
            (true, Role::FrontPawn, _) => 10,
            _ => NONE,
        }
    }

    /// The rank on which a front pawn of `color` becomes an amazon: the
    /// river behind the enemy.
    pub(super) const fn promotion_rank(color: usize) -> u8 {
        if color == WHITE { V::RANKS - 1 } else { 0 }
    }

    /// The pawns of `color` that count for the balance rule: those that may
    /// still become planks.
    pub(super) fn balance_pawns(&self, color: usize) -> u32 {
        let pawn = code(color, Role::Pawn);
        self.board[..Self::squares() as usize]
            .iter()
            .filter(|&&c| c == pawn)
            .count() as u32
    }

    /// Whether `by` attacks `sq`: could capture a piece of the other side
    /// standing there. Pawns of the Guadalete kind attack nothing.
    pub(super) fn attacked(&self, sq: u8, by: usize) -> bool {
        let t = V::tables();
        let landable = !self.is_open_river(sq);
        let knight = code(by, Role::Knight);
        let amazon = code(by, Role::Amazon);
        for leap in &t.leaps {
            let s = leap[sq as usize];
            if s != NONE {
                let c = self.board[s as usize];
                if c == amazon || (c == knight && landable) {
                    return true;
                }
            }
        }
        // Front pawns capture forward diagonally, so a White one attacks
        // `sq` from the squares diagonally below it.
        let pawn_dirs = if by == WHITE { [SE, SW] } else { [NE, NW] };
        for (dir, steps) in t.steps.iter().enumerate() {
            let diagonal = dir % 2 == 1;
            let mut s = sq;
            let mut crossed_river = false;
            for distance in 1..V::RANKS {
                s = steps[s as usize];
                if s == NONE {
                    break;
                }
                let c = self.board[s as usize];
                let Some((color, role)) = decode(c) else {
                    crossed_river |= self.is_open_river(s);
                    continue;
                };
                if color == by {
                    let slider_reaches = landable && !crossed_river;
                    let hit = match role {
                        Role::Amazon => true,
                        Role::Queen => slider_reaches,
                        Role::Rook => slider_reaches && !diagonal,
                        Role::Bishop => slider_reaches && diagonal,
                        // Kings never stand on river squares, so they
                        // never attack one.
                        Role::King => distance == 1 && !Self::is_river(sq),
                        Role::FrontPawn => distance == 1 && pawn_dirs.contains(&dir),
                        Role::Pawn | Role::Knight => false,
                    };
                    if hit {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub(super) fn in_check(&self) -> bool {
        let king = self.kings[self.turn];
        king != NONE && self.attacked(king, 1 - self.turn)
    }

    /// Calls `f` with every move of the side to move that obeys how the
    /// pieces move, before king safety and the balance rule.
    fn pseudo_moves(&self, f: &mut impl FnMut(Move)) {
        let us = self.turn;
        let t = V::tables();
        for from in 0..Self::squares() {
            let Some((color, role)) = self.piece(from) else {
                continue;
            };
            if color != us {
                continue;
            }
            let mut add = |to: u8, kind: Kind| f(Move { from, to, kind });
            match role {
                Role::Pawn => {
                    let dir = Self::pawn_dir(us, role);
                    let one = t.steps[dir][from as usize];
                    if one == NONE || self.board[one as usize] != 0 {
                        continue;
                    }
                    if Self::is_river(one) {
                        add(one, Kind::Plank);
                        continue;
                    }
                    add(one, Kind::Normal);
                    if from / 8 == Self::double_step_rank(us, role) {
                        let two = t.steps[dir][one as usize];
                        if two != NONE && self.board[two as usize] == 0 {
                            let kind = if Self::is_river(two) {
                                Kind::Plank
                            } else {
                                Kind::Normal
                            };
                            add(two, kind);
                        }
                    }
                }
                Role::FrontPawn => {
                    let dir = Self::pawn_dir(us, role);
                    let promotes = |to: u8| to / 8 == Self::promotion_rank(us);
                    let one = t.steps[dir][from as usize];
                    if one != NONE && self.board[one as usize] == 0 {
                        add(
                            one,
                            if promotes(one) {
                                Kind::Promotion
                            } else {
                                Kind::Normal
                            },
                        );
                        if from / 8 == Self::double_step_rank(us, role) {
                            let two = t.steps[dir][one as usize];
                            if two != NONE && self.board[two as usize] == 0 && !promotes(two) {
                                add(two, Kind::DoubleStep);
                            }
                        }
                    }
                    let diagonals = if us == WHITE { [NW, NE] } else { [SW, SE] };
                    for d in diagonals {
                        let to = t.steps[d][from as usize];
                        if to == NONE {
                            continue;
                        }
                        match self.piece(to) {
                            Some((c, _)) if c != us => add(
                                to,
                                if promotes(to) {
                                    Kind::Promotion
                                } else {
                                    Kind::Normal
                                },
                            ),
                            None if to == self.ep => add(to, Kind::EnPassant),
                            _ => {}
                        }
                    }
                }
                Role::Knight | Role::Amazon => {
                    let free = role == Role::Amazon;
                    for leap in &t.leaps {
                        let to = leap[from as usize];
                        if to != NONE
                            && (free || !self.is_open_river(to))
                            && self.piece(to).is_none_or(|(c, _)| c != us)
                        {
                            add(to, Kind::Normal);
                        }
                    }
                    if free {
                        self.slides(from, 0..8, true, &mut add);
                    }
                }
                Role::Bishop => self.slides(from, [1, 3, 5, 7], false, &mut add),
                Role::Rook => self.slides(from, [0, 2, 4, 6], false, &mut add),
                Role::Queen => self.slides(from, 0..8, false, &mut add),
                Role::King => {
                    for steps in &t.steps {
                        let to = steps[from as usize];
                        if to != NONE
                            && !Self::is_river(to)
                            && self.piece(to).is_none_or(|(c, _)| c != us)
                        {
                            add(to, Kind::Normal);
                        }
                    }
                    self.castlings(from, &mut add);
                }
            }
        }
    }

    /// Slides from `from` along `dirs`; `free` pieces (amazons) ignore the
    /// river, the others stop before an unplanked river square.
    ///
    /// On the cylinder a file is a closed loop, so the upward and downward
    /// slides can reach the same square (a lone enemy on the file, or the
    /// whole empty file), and so can two diagonals from the a- or h-file
    /// (seven ranks up is seven ranks down on 14 ranks): each target is
    /// listed once.
    fn slides(
        &self,
        from: u8,
        dirs: impl IntoIterator<Item = usize>,
        free: bool,
        add: &mut impl FnMut(u8, Kind),
    ) {
        let t = V::tables();
        let mut reached = 0u128;
        let mut reach = |s: u8, add: &mut dyn FnMut(u8, Kind)| {
            if !V::CYLINDER || reached & bit(s) == 0 {
                reached |= bit(s);
                add(s, Kind::Normal);
            }
        };
        for dir in dirs {
            let mut s = from;
            // Stop before coming back round to the start.
            for _ in 1..V::RANKS {
                s = t.steps[dir][s as usize];
                if s == NONE || (!free && self.is_open_river(s)) {
                    break;
                }
                match self.piece(s) {
                    None => reach(s, add),
                    Some((c, _)) => {
                        if c != self.turn {
                            reach(s, add);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Castling moves of the king on `from`, checked except for the king's
    /// landing square, which the legality test covers.
    fn castlings(&self, from: u8, add: &mut impl FnMut(u8, Kind)) {
        let us = self.turn;
        let home = V::HOME[us] * 8;
        if from != home + 4 || self.castling & (CASTLE_SHORT[us] | CASTLE_LONG[us]) == 0 {
            return;
        }
        let them = 1 - us;
        let empty = |files: &[u8]| files.iter().all(|&f| self.board[(home + f) as usize] == 0);
        if self.castling & CASTLE_SHORT[us] != 0
            && empty(&[5, 6])
            && !self.attacked(from, them)
            && !self.attacked(home + 5, them)
        {
            add(home + 6, Kind::CastleShort);
        }
        if self.castling & CASTLE_LONG[us] != 0
            && empty(&[1, 2, 3])
            && !self.attacked(from, them)
            && !self.attacked(home + 3, them)
        {
            add(home + 2, Kind::CastleLong);
        }
    }

    /// Plays `m` on the board without any check: the side to move changes,
    /// the en passant square is the skipped square of a double step (see
    /// [`Position::play`] for the one that is kept).
    pub(super) fn apply(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from as usize, m.to as usize);
        let piece = self.board[from];
        let role = decode(piece).map(|(_, r)| r);
        let captured = self.board[to] != 0 || m.kind == Kind::EnPassant;
        self.ep = NONE;
        self.board[from] = 0;
        match m.kind {
            Kind::Normal => self.board[to] = piece,
            Kind::DoubleStep => {
                self.board[to] = piece;
                self.ep = ((m.from / 8 + m.to / 8) / 2) * 8 + m.to % 8;
            }
            Kind::Plank => {
                self.planks |= bit(m.to);
                self.made[us] = self.made[us].saturating_add(1);
            }
            Kind::EnPassant => {
                self.board[to] = piece;
                // The captured pawn stands beside the capturer.
                self.board[(m.from / 8 * 8 + m.to % 8) as usize] = 0;
            }
            Kind::Promotion => self.board[to] = code(us, Role::Amazon),
            Kind::CastleShort | Kind::CastleLong => {
                self.board[to] = piece;
                let home = (m.from / 8 * 8) as usize;
                let (rook_from, rook_to) = if m.kind == Kind::CastleShort {
                    (7, 5)
                } else {
                    (0, 3)
                };
                self.board[home + rook_to] = self.board[home + rook_from];
                self.board[home + rook_from] = 0;
            }
        }
        if role == Some(Role::King) {
            self.kings[us] = m.to;
            self.castling &= !(CASTLE_SHORT[us] | CASTLE_LONG[us]);
        }
        self.castling &= !(Self::corner_rights(m.from) | Self::corner_rights(m.to));
        let pawn_move = matches!(role, Some(Role::Pawn | Role::FrontPawn));
        self.halfmove = if pawn_move || captured {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = 1 - us;
    }

    /// The castling rights lost when a piece leaves or is captured on `sq`.
    fn corner_rights(sq: u8) -> u8 {
        let [w, b] = V::HOME.map(|r| r * 8);
        match sq {
            _ if sq == w => CASTLE_LONG[WHITE],
            _ if sq == w + 7 => CASTLE_SHORT[WHITE],
            _ if sq == b => CASTLE_LONG[BLACK],
            _ if sq == b + 7 => CASTLE_SHORT[BLACK],
            _ => 0,
        }
    }

    /// Whether `m` leaves the mover's own king safe.
    fn king_safe(&self, m: Move) -> bool {
        let mut next = *self;
        next.apply(m);
        let king = next.kings[self.turn];
        king == NONE || !next.attacked(king, next.turn)
    }

    /// The balance rule for the side to move, when it restricts anything:
    /// `Some(ok)` where `ok(m)` says whether `m` satisfies it.
    ///
    /// After my move 2·p(me) must exceed p(them), unless p(them) = 0 or I
    /// have no pawns left; only a move making a plank can raise p(me), and
    /// only such a move can leave me without pawns.
    fn balance(&self) -> Option<impl Fn(&Move) -> bool> {
        let us = self.turn;
        let (mine, theirs) = (u32::from(self.made[us]), u32::from(self.made[1 - us]));
        let left = self.balance_pawns(us);
        (theirs > 0 && 2 * mine <= theirs && left > 0).then_some(move |m: &Move| {
            m.kind == Kind::Plank && (2 * (mine + 1) > theirs || left == 1)
        })
    }

    /// Every legal move of the side to move, in a stable order: king-safe,
    /// and obeying the balance rule whenever some king-safe move obeys it.
    /// Does not look at draws; the game does.
    pub(super) fn legal_moves(&self, out: &mut Vec<Move>) {
        self.king_safe_moves(out);
        if let Some(ok) = self.balance() {
            if out.iter().any(&ok) {
                out.retain(ok);
            }
        }
    }

    /// Every king-safe move, the balance rule ignored: what a player might
    /// have meant, for explaining why a move is refused.
    pub(super) fn king_safe_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let king = self.kings[self.turn];
        // Out of check, a move can only expose the king by emptying a
        // square on one of its lines (or, for a new plank, opening one):
        // other moves need no trial. Everything else is tried.
        let lines = match king {
            NONE => 0,
            _ if self.in_check() => u128::MAX,
            _ => V::tables().lines[king as usize] | bit(king),
        };
        self.pseudo_moves(&mut |m| {
            let touched = match m.kind {
                Kind::Normal | Kind::DoubleStep | Kind::Promotion => bit(m.from),
                Kind::Plank => bit(m.from) | bit(m.to),
                Kind::EnPassant | Kind::CastleShort | Kind::CastleLong => u128::MAX,
            };
            if lines & touched == 0 || self.king_safe(m) {
                out.push(m);
            }
        });
    }

    /// Every move that obeys how the pieces move, king safety ignored.
    pub(super) fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(&mut |m| out.push(m));
    }

    /// Plays legal move `m`, and keeps the en passant square only when an en
    /// passant capture is then legal, so that equal positions (for
    /// repetition) have equal text.
    pub(super) fn play(&mut self, m: Move) {
        self.apply(m);
        if self.ep != NONE && !self.en_passant_legal() {
            self.ep = NONE;
        }
    }

    /// Whether an en passant capture onto `self.ep` is among the legal
    /// moves.
    pub(super) fn en_passant_legal(&self) -> bool {
        let mut capture = false;
        let mut obeys_balance = false;
        let balance = self.balance();
        self.pseudo_moves(&mut |m| {
            if (m.kind == Kind::EnPassant || balance.as_ref().is_some_and(|ok| ok(&m)))
                && self.king_safe(m)
            {
                capture |= m.kind == Kind::EnPassant;
                obeys_balance |= balance.as_ref().is_some_and(|ok| ok(&m));
            }
        });
        // Under the balance rule, an en passant capture (which makes no
        // plank) is legal only when no move obeys the rule.
        capture && !obeys_balance
    }

    /// Whether neither side can mate, counting pieces other than the pawns
    /// that only make planks (guadalete's pawns, guadalete14's rear pawns):
    /// only kings, or kings and one knight, or kings and bishops all on
    /// squares of one colour.
    pub(super) fn insufficient_material(&self) -> bool {
        let mut knights = 0;
        let mut bishops = [false; 2];
        for sq in 0..Self::squares() {
            match self.piece(sq) {
                None | Some((_, Role::King | Role::Pawn)) => {}
                Some((_, Role::Knight)) => knights += 1,
                Some((_, Role::Bishop)) => bishops[((sq % 8 + sq / 8) % 2) as usize] = true,
                Some(_) => return false,
            }
        }
        match (knights, bishops) {
            (0, [false, false]) | (1, [false, false]) => true,
            (0, [light, dark]) => light != dark,
            _ => false,
        }
    }

    /// A hash of everything that makes two positions the same for
    /// repetition: pieces, planks, side to move, castling rights, en passant
    /// square and plank counts (which decide the balance rule).
    pub(super) fn hash(&self) -> u64 {
        let z = &ZOBRIST;
        let mut h = z.side[self.turn] ^ z.castling[(self.castling & 15) as usize];
        for sq in 0..Self::squares() as usize {
            let c = self.board[sq] as usize;
            if c != 0 {
                h ^= z.pieces[c % 17][sq];
            }
        }
        let mut planks = self.planks;
        while planks != 0 {
            let sq = planks.trailing_zeros() as usize;
            h ^= z.planks[sq % SQUARES];
            planks &= planks - 1;
        }
        if self.ep != NONE {
            h ^= z.planks[(self.ep as usize) % SQUARES].rotate_left(17);
        }
        h ^ z.made[0][self.made[0] as usize % 17] ^ z.made[1][self.made[1] as usize % 17]
    }
}

/// Random keys for [`Position::hash`], made at compile time.
struct Zobrist {
    pieces: [[u64; SQUARES]; 17],
    planks: [u64; SQUARES],
    side: [u64; 2],
    castling: [u64; 16],
    made: [[u64; 17]; 2],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

static ZOBRIST: Zobrist = {
    let mut s = 0x6775_6164_616c_6574; // "guadalet"
    let mut z = Zobrist {
        pieces: [[0; SQUARES]; 17],
        planks: [0; SQUARES],
        side: [0; 2],
        castling: [0; 16],
        made: [[0; 17]; 2],
    };
    let mut i = 0;
    while i < SQUARES {
        let mut p = 0;
        while p < 17 {
            z.pieces[p][i] = splitmix(&mut s);
            p += 1;
        }
        z.planks[i] = splitmix(&mut s);
        i += 1;
    }
    z.side = [splitmix(&mut s), splitmix(&mut s)];
    let mut c = 0;
    while c < 16 {
        z.castling[c] = splitmix(&mut s);
        c += 1;
    }
    let mut n = 0;
    while n < 17 {
        z.made[0][n] = splitmix(&mut s);
        z.made[1][n] = splitmix(&mut s);
        n += 1;
    }
    z
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cylinder_steps_wrap_ranks_but_not_files() {
        let t = Cylinder::tables();
        // e1 south is e14; a5 west is off the board.
        assert_eq!(t.steps[S][4], 13 * 8 + 4);
        assert_eq!(t.steps[6][4 * 8], NONE);
        // A knight on b2 leaps to a14 and c14.
        let b2 = 8 + 1;
        let leaps: Vec<u8> = t
            .leaps
            .iter()
            .map(|l| l[b2])
            .filter(|&s| s != NONE)
            .collect();
        assert!(leaps.contains(&(13 * 8)) && leaps.contains(&(13 * 8 + 2)));
        // The flat board does not wrap.
        assert_eq!(River8::tables().steps[S][4], NONE);
    }

    #[test]
    fn codes_round_trip() {
        for color in [WHITE, BLACK] {
            for role in Role::ALL {
                assert_eq!(decode(code(color, role)), Some((color, role)));
            }
        }
        assert_eq!(decode(0), None);
        assert_eq!(decode(17), None);
    }
}
