//! Knight Fight (Lucha de caballos), Andy Lewicki.
//!
//! The numbers 00 to 99 are dealt over a 10×10 board from a seed (or given
//! as a layout). White places its knight on rank 1, then Black on rank 10;
//! then each jumps like a chess knight to a square that still has its
//! number, is not the other knight's and is not attacked by it. The square
//! left loses its number. Every landing (placements too) scores the
//! square's number; landing on 57 erases 75 if it is still there and free;
//! landing on a double (33) lets the mover erase one other free double. When
//! the player to move cannot move, the higher score wins.
//!
//! Notation: placement `d1`, jump `d1-e3`, with an erased double `d1x55` or
//! `d1-e3x55`; `Ne3` is a jump to e3 without an erase.
//!
//! Position text: ranks from the top separated by `/`, each square its two
//! digits, prefixed by `x` when erased, `-` when left by a knight, `N` for
//! the White knight and `n` for the Black knight; then `w` or `b` for the
//! side to move, White's score and Black's score. Set-up lasts while a
//! knight is missing.
//!
//! ```
//! use tablero_rules::{knightfight::KnightFight, Game, Setup};
//! let mut g = KnightFight::new(&Setup { seed: Some(0), ..Setup::default() }).unwrap();
//! assert_eq!(g.play_text("d1").unwrap(), "d1"); // 32: scores 32, erases 23
//! assert_eq!(g.view().status.scores.unwrap().1, [32, 0]);
//! ```

use std::fmt::Write as _;
use std::sync::Arc;

use crate::rng::SplitMix64;
use crate::view::{
    BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, ScoreKind, Shape,
    Status, Terrain,
};
use crate::{
    Cell, EndReason, Game, GameId, KNIGHT_LEAPS, MoveError, Outcome, Phase, PositionError, Setup,
    SetupError, Side, Turn, msg, resolve,
};

/// The board is always 10×10.
const SIZE: u8 = 10;
/// Squares, and numbers dealt.
const SQUARES: usize = 100;
/// The sum of every number: no score can be higher.
const MAX_SCORE: u32 = 4950;

/// A Knight Fight move. A landing on a double with an erase and the same
/// landing without one are different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Putting the mover's knight on `to` (rank 1 for White, rank 10 for
    /// Black); `erase` is the double erased, when `to` holds a double.
    Place { to: Cell, erase: Option<Cell> },
    /// A knight jump; `erase` is the double erased, when `to` holds a
    /// double.
    Jump {
        from: Cell,
        to: Cell,
        erase: Option<Cell>,
    },
}

impl Move {
    /// Where the knight lands.
    #[must_use]
    pub const fn to(self) -> Cell {
        match self {
            Move::Place { to, .. } | Move::Jump { to, .. } => to,
        }
    }

    /// The double erased by choice, if any.
    #[must_use]
    pub const fn erase(self) -> Option<Cell> {
        match self {
            Move::Place { erase, .. } | Move::Jump { erase, .. } => erase,
        }
    }
}

/// A Knight Fight position, with the last move for the view.
#[derive(Clone, Debug)]
pub struct KnightFight {
    /// The numbers, fixed for the whole game and shared between copies.
    deal: Arc<Deal>,
    board: Board,
    /// The last move and the square of the reversed number it erased.
    last: Option<(Move, Option<u8>)>,
}

/// Where the numbers lie.
#[derive(Debug)]
struct Deal {
    /// The number on each square (row-major, a1 = 0).
    numbers: [u8; SQUARES],
    /// Where each number lies: the inverse of `numbers`.
    square_of: [u8; SQUARES],
}

/// What changes during a game: small and `Copy`, for perft.
#[derive(Clone, Copy, Debug)]
struct Board {
    /// Squares that still have their number (a knight's square does).
    usable: u128,
    /// Squares a knight has left (the rest of the unusable ones were
    /// erased).
    left: u128,
    /// Each side's knight, as a row-major index, once placed.
    knights: [Option<u8>; 2],
    scores: [u32; 2],
    /// Who decides next.
    side: Side,
}

fn bit(i: u8) -> u128 {
    1 << i
}

fn cell(i: u8) -> Cell {
    Cell::from_index(i.into(), SIZE)
}

/// The square index of `c`, if it is on the board.
fn index(c: Cell) -> Option<u8> {
    c.within(SIZE, SIZE).then(|| c.y * SIZE + c.x)
}

/// Whether `n` has two equal digits (00, 11, …, 99).
const fn is_double(n: u8) -> bool {
    n / 10 == n % 10
}

/// `n` with its two digits swapped: 57 → 75, 5 (05) → 50.
const fn reversed(n: u8) -> u8 {
    n % 10 * 10 + n / 10
}

/// The squares a knight on each square attacks.
static ATTACKS: [u128; SQUARES] = attacks();

const fn attacks() -> [u128; SQUARES] {
    let mut out = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (x, y) = ((i % 10) as i8, (i / 10) as i8);
        let mut k = 0;
        while k < 8 {
            let (tx, ty) = (x + KNIGHT_LEAPS[k].0, y + KNIGHT_LEAPS[k].1);
            if tx >= 0 && tx < 10 && ty >= 0 && ty < 10 {
                out[i] |= 1 << (ty * 10 + tx);
            }
            k += 1;
        }
        i += 1;
    }
    out
}

/// A two-digit number as written in moves and position texts.
fn two_digits(n: u8) -> String {
    format!("{n:02}")
}

/// "White" / "las blancas", and the knight's name.
fn names(side: Side) -> [&'static str; 4] {
    match side {
        Side::First => [
            "White",
            "las blancas",
            "the White knight",
            "el caballo blanco",
        ],
        Side::Second => [
            "Black",
            "las negras",
            "the Black knight",
            "el caballo negro",
        ],
    }
}

/// A move as written, before it is matched against the legal moves.
struct Written {
    /// `Ne3`: the landing square only.
    alias: bool,
    /// One cell (a placement, or the alias's landing) or two (a jump).
    cells: Vec<Cell>,
    /// The number after `x`.
    erase: Option<u8>,
}

/// Reads `d1`, `d1x55`, `d1-e3`, `d1-e3x55`, `Ne3` and `Ne3x55`, once
/// spaces are gone and letters lower-cased. `None` for any other form.
fn parse_written(text: &str) -> Option<Written> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let (body, erase) = match squeezed.split_once('x') {
        Some((body, digits)) => {
            if !(1..=2).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (body, Some(digits.parse().ok()?))
        }
        None => (squeezed.as_str(), None),
    };
    let (alias, body) = match body.strip_prefix('n') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_lowercase()) => (true, rest),
        _ => (false, body),
    };
    let (first, rest) = Cell::parse_prefix(body)?;
    let cells = if rest.is_empty() {
        vec![first]
    } else if alias {
        return None;
    } else {
        vec![first, Cell::parse(rest.strip_prefix('-').unwrap_or(rest))?]
    };
    Some(Written {
        alias,
        cells,
        erase,
    })
}

impl Board {
    /// Setting up until both knights stand on the board.
    fn placing(&self) -> bool {
        self.knights[Side::Second.index()].is_none()
    }

    /// The rank (from 0) the side to place uses: rank 1 for White, rank 10
    /// for Black.
    fn home_rank(&self) -> u8 {
        if self.knights[Side::First.index()].is_none() {
            0
        } else {
            SIZE - 1
        }
    }

    fn knight_bits(&self) -> u128 {
        self.knights
            .iter()
            .flatten()
            .fold(0, |bits, &i| bits | bit(i))
    }

    /// Calls `f` with every move landing on `to` from `from` (`None` for a
    /// placement): no erase first, then, on a double, each other usable,
    /// unoccupied double by number.
    fn landings(&self, deal: &Deal, from: Option<u8>, to: u8, f: &mut impl FnMut(Move)) {
        let mk = |erase: Option<u8>| match from {
            None => Move::Place {
                to: cell(to),
                erase: erase.map(cell),
            },
            Some(from) => Move::Jump {
                from: cell(from),
                to: cell(to),
                erase: erase.map(cell),
            },
        };
        f(mk(None));
        if !is_double(deal.numbers[usize::from(to)]) {
            return;
        }
        // The square left is no longer usable; the landing square and the
        // other knight's are occupied.
        let blocked = from.map_or(0, bit) | bit(to) | self.knight_bits();
        for d in 0..10u8 {
            let sq = deal.square_of[usize::from(d * 11)];
            if self.usable & !blocked & bit(sq) != 0 {
                f(mk(Some(sq)));
            }
        }
    }

    /// Calls `f` with every legal move, in the stable order of
    /// [`Game::legal_moves`]: placements by file, jumps by leap (in the
    /// order of [`KNIGHT_LEAPS`]), each landing without an erase first and
    /// then by the erased double's number. Allocates nothing, for perft.
    fn for_each_move(&self, deal: &Deal, mut f: impl FnMut(Move)) {
        let occupied = self.knight_bits();
        if self.placing() {
            let rank = self.home_rank();
            for x in 0..SIZE {
                let sq = rank * SIZE + x;
                if self.usable & !occupied & bit(sq) != 0 {
                    self.landings(deal, None, sq, &mut f);
                }
            }
            return;
        }
        let (Some(mine), Some(theirs)) = (
            self.knights[self.side.index()],
            self.knights[self.side.other().index()],
        ) else {
            return;
        };
        let targets =
            ATTACKS[usize::from(mine)] & self.usable & !bit(theirs) & !ATTACKS[usize::from(theirs)];
        let from = cell(mine);
        for (dx, dy) in KNIGHT_LEAPS {
            if let Some(to) = from.offset(dx, dy, SIZE, SIZE).and_then(index)
                && targets & bit(to) != 0
            {
                self.landings(deal, Some(mine), to, &mut f);
            }
        }
    }

    /// Plays `m` (a legal move) and returns the square of the reversed
    /// number it erased, if any.
    fn play(&mut self, deal: &Deal, m: Move) -> Option<u8> {
        let Some(to) = index(m.to()) else {
            // Not a legal move: the contract allows any result but a panic.
            return None;
        };
        if let Move::Jump { from, .. } = m
            && let Some(from) = index(from)
        {
            self.usable &= !bit(from);
            self.left |= bit(from);
        }
        let side = self.side.index();
        self.knights[side] = Some(to);
        let n = deal.numbers[usize::from(to)];
        self.scores[side] = self.scores[side].saturating_add(u32::from(n));
        self.side = self.side.other();
        if is_double(n) {
            if let Some(e) = m.erase().and_then(index) {
                self.usable &= !bit(e);
            }
            return None;
        }
        let r = deal.square_of[usize::from(reversed(n))];
        let free = self.usable & !self.knight_bits() & bit(r) != 0;
        if free {
            self.usable &= !bit(r);
        }
        free.then_some(r)
    }

    fn perft(&self, deal: &Deal, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        self.for_each_move(deal, |m| {
            nodes += if depth == 1 {
                1
            } else {
                let mut next = *self;
                next.play(deal, m);
                next.perft(deal, depth - 1)
            };
        });
        nodes
    }
}

impl KnightFight {
    /// A start position with `numbers` dealt (a permutation of 0..=99).
    fn with_numbers(numbers: [u8; SQUARES]) -> KnightFight {
        let mut square_of = [0; SQUARES];
        for (sq, &n) in numbers.iter().enumerate() {
            square_of[usize::from(n)] = sq as u8;
        }
        KnightFight {
            deal: Arc::new(Deal { numbers, square_of }),
            board: Board {
                usable: (1 << SQUARES) - 1,
                left: 0,
                knights: [None, None],
                scores: [0, 0],
                side: Side::First,
            },
            last: None,
        }
    }

    /// The numbers a seed deals, by square: fixed forever, so that stored
    /// games replay.
    fn deal(seed: u64) -> [u8; SQUARES] {
        let mut nums: Vec<u8> = (0..SQUARES as u8).collect();
        SplitMix64::new(seed).shuffle(&mut nums);
        let mut numbers = [0; SQUARES];
        numbers.copy_from_slice(&nums);
        numbers
    }

    /// Checks a layout given in the setup: 100 numbers, each of 0..=99
    /// once.
    fn check_layout(layout: &[u8]) -> Result<[u8; SQUARES], SetupError> {
        let count = layout.len();
        if count != SQUARES {
            return Err(SetupError(msg!(
                "the layout needs 100 numbers, not {count}",
                "la disposición necesita 100 números, no {count}"
            )));
        }
        let mut seen = [false; SQUARES];
        for &n in layout {
            let Some(slot) = seen.get_mut(usize::from(n)) else {
                return Err(SetupError(msg!(
                    "the layout has {n}, but the numbers go from 0 to 99",
                    "la disposición tiene el {n}, pero los números van del 0 al 99"
                )));
            };
            if *slot {
                return Err(SetupError(msg!(
                    "the layout has {n} twice: it must hold each number from 0 to 99 once",
                    "la disposición tiene dos veces el {n}: debe tener cada número del 0 al 99 una vez"
                )));
            }
            *slot = true;
        }
        let mut numbers = [0; SQUARES];
        numbers.copy_from_slice(layout);
        Ok(numbers)
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.board.for_each_move(&self.deal, |_| any = true);
        any
    }
}

/// Read-only facts for search engines, beyond the [`Game`] interface.
impl KnightFight {
    /// Each side's score so far, by [`Side::index`].
    #[must_use]
    pub fn scores(&self) -> [u32; 2] {
        self.board.scores
    }

    /// The number still on `cell`: `None` once erased or left, or off the
    /// board.
    #[must_use]
    pub fn number(&self, cell: Cell) -> Option<u8> {
        let i = index(cell)?;
        (self.board.usable & bit(i) != 0).then(|| self.deal.numbers[usize::from(i)])
    }
}

impl Game for KnightFight {
    type Move = Move;
    const ID: GameId = GameId::KnightFight;

    fn new(setup: &Setup) -> Result<KnightFight, SetupError> {
        setup.resolve(GameId::KnightFight.info().params)?;
        let numbers = match (setup.seed, &setup.layout) {
            (Some(_), Some(_)) => {
                return Err(SetupError(msg!(
                    "give a seed or a layout, not both",
                    "indica una semilla o una disposición, no las dos"
                )));
            }
            (None, Some(layout)) => KnightFight::check_layout(layout)?,
            (seed, None) => KnightFight::deal(seed.unwrap_or(0)),
        };
        Ok(KnightFight::with_numbers(numbers))
    }

    fn turn(&self) -> Turn {
        Turn {
            side: self.board.side,
            phase: if self.board.placing() {
                Phase::Place
            } else {
                Phase::Play
            },
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.board.for_each_move(&self.deal, |m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let reversed = self.board.play(&self.deal, m);
        self.last = Some((m, reversed));
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.has_moves() {
            return None;
        }
        let [white, black] = self.board.scores;
        Some(match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::win(Side::First, EndReason::ScoresCompared),
            std::cmp::Ordering::Less => Outcome::win(Side::Second, EndReason::ScoresCompared),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::ScoresCompared),
        })
    }

    fn move_text(&self, m: Move) -> String {
        let mut out = match m {
            Move::Place { to, .. } => to.to_string(),
            Move::Jump { from, to, .. } => format!("{from}-{to}"),
        };
        if let Some(e) = m.erase() {
            out.push('x');
            out.push_str(&two_digits(self.number_at(e)));
        }
        out
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let w = parse_written(text).ok_or_else(|| MoveError::syntax(text, self.expected()))?;
        let erase = w.erase;
        match (w.alias, &w.cells[..]) {
            (true, &[to]) => resolve(
                self,
                text,
                |m| matches!(m, Move::Jump { to: t, .. } if t == to) && self.erases(m, erase),
                || self.why_not_jump(None, to, erase),
            ),
            (false, &[to]) => resolve(
                self,
                text,
                |m| matches!(m, Move::Place { to: t, .. } if t == to) && self.erases(m, erase),
                || self.why_not_place(to, erase),
            ),
            (false, &[from, to]) => resolve(
                self,
                text,
                |m| {
                    matches!(m, Move::Jump { from: f, to: t, .. } if f == from && t == to)
                        && self.erases(m, erase)
                },
                || self.why_not_jump(Some(from), to, erase),
            ),
            _ => Err(MoveError::syntax(text, self.expected())),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Place { .. } => None,
            Move::Jump { from, .. } => Some(from),
        }
    }

    fn position_text(&self) -> String {
        let mut out = String::with_capacity(256);
        for y in (0..SIZE).rev() {
            for x in 0..SIZE {
                let sq = y * SIZE + x;
                if self.board.knights[0] == Some(sq) {
                    out.push('N');
                } else if self.board.knights[1] == Some(sq) {
                    out.push('n');
                } else if self.board.left & bit(sq) != 0 {
                    out.push('-');
                } else if self.board.usable & bit(sq) == 0 {
                    out.push('x');
                }
                out.push_str(&two_digits(self.deal.numbers[usize::from(sq)]));
            }
            if y > 0 {
                out.push('/');
            }
        }
        let side = if self.board.side == Side::First {
            'w'
        } else {
            'b'
        };
        let _ = write!(
            out,
            " {side} {} {}",
            self.board.scores[0], self.board.scores[1]
        );
        out
    }

    fn from_position_text(text: &str) -> Result<KnightFight, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side, white, black] = fields[..] else {
            return Err(PositionError::new(
                "expected four fields: the board, the side to move and the two scores",
            ));
        };
        let side = match side {
            "w" => Side::First,
            "b" => Side::Second,
            _ => return Err(PositionError::new("the side to move must be `w` or `b`")),
        };
        let score = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|&v| v <= MAX_SCORE)
                .ok_or_else(|| {
                    PositionError::new(format!("bad score `{}` (0 to 4950)", crate::excerpt(s)))
                })
        };
        let scores = [score(white)?, score(black)?];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != usize::from(SIZE) {
            return Err(PositionError::new("the board must have 10 ranks"));
        }
        let mut numbers = [0u8; SQUARES];
        let mut seen = [false; SQUARES];
        let (mut usable, mut left) = (0u128, 0u128);
        let mut knights = [None, None];
        for (row, rank) in ranks.iter().enumerate() {
            let y = SIZE - 1 - row as u8;
            let mut bytes = rank.bytes().peekable();
            for x in 0..SIZE {
                let sq = y * SIZE + x;
                let mark = bytes.next_if(|b| matches!(b, b'x' | b'-' | b'N' | b'n'));
                let digits = [bytes.next(), bytes.next()];
                let [Some(hi @ b'0'..=b'9'), Some(lo @ b'0'..=b'9')] = digits else {
                    return Err(PositionError::new(format!(
                        "rank {}: each square is two digits, maybe after x, -, N or n",
                        y + 1
                    )));
                };
                let n = (hi - b'0') * 10 + (lo - b'0');
                if std::mem::replace(&mut seen[usize::from(n)], true) {
                    return Err(PositionError::new(format!("{n:02} appears twice")));
                }
                numbers[usize::from(sq)] = n;
                match mark {
                    Some(b'x') => {}
                    Some(b'-') => left |= bit(sq),
                    Some(k) => {
                        usable |= bit(sq);
                        if knights[usize::from(k == b'n')].replace(sq).is_some() {
                            return Err(PositionError::new(format!("two `{}` knights", k as char)));
                        }
                    }
                    None => usable |= bit(sq),
                }
            }
            if bytes.next().is_some() {
                return Err(PositionError::new(format!(
                    "rank {} is longer than 10 squares",
                    y + 1
                )));
            }
        }
        match knights {
            [None, Some(_)] => {
                return Err(PositionError::new(
                    "Black's knight cannot be placed before White's",
                ));
            }
            [None, None] if side != Side::First => {
                return Err(PositionError::new("White places first"));
            }
            [Some(_), None] if side != Side::Second => {
                return Err(PositionError::new("Black places second"));
            }
            _ => {}
        }
        let mut g = KnightFight::with_numbers(numbers);
        g.board = Board {
            usable,
            left,
            knights,
            scores,
            side,
        };
        Ok(g)
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(SIZE, SIZE);
        let cells = shape
            .cells()
            .into_iter()
            .map(|c| {
                let sq = c.y * SIZE + c.x;
                let mut v = CellView::empty(c);
                if self.board.usable & bit(sq) != 0 {
                    v.number = Some(self.deal.numbers[usize::from(sq)]);
                } else {
                    v.terrain = Terrain::Dead;
                }
                for (side, color) in [(0, Color::White), (1, Color::Black)] {
                    if self.board.knights[side] == Some(sq) {
                        v.piece = Some(Piece {
                            kind: PieceKind::Knight,
                            color,
                        });
                    }
                }
                v
            })
            .collect();
        let mut highlights = Vec::new();
        if let Some((m, reversed)) = self.last {
            let mut add = |cell, kind| highlights.push(Highlight { cell, kind });
            match m {
                Move::Place { to, .. } => add(to, HighlightKind::Placed),
                Move::Jump { from, to, .. } => {
                    add(from, HighlightKind::From);
                    add(to, HighlightKind::To);
                }
            }
            for erased in [reversed.map(cell), m.erase()].into_iter().flatten() {
                add(erased, HighlightKind::Erased);
            }
        }
        let outcome = self.outcome();
        let placed = self.board.knights.iter().flatten().count() as u32;
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.board.side),
                phase: self.turn().phase,
                // Every jump leaves one square behind for good.
                ply: placed + self.board.left.count_ones(),
                colors: [Some(Color::White), Some(Color::Black)],
                scores: Some((ScoreKind::Points, self.board.scores.map(|s| s as i32))),
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        self.board.perft(&self.deal, depth)
    }
}

#[cfg(test)]
mod tests;
mod why;
