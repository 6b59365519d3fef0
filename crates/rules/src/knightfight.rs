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
    Cell, EndReason, Game, GameId, KNIGHT_LEAPS, MoveError, Msg, Outcome, Phase, PositionError,
    Setup, SetupError, Side, Turn, msg, resolve,
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

    /// The number on `c` (on the board).
    fn number_at(&self, c: Cell) -> u8 {
        index(c).map_or(0, |i| self.deal.numbers[usize::from(i)])
    }

    /// Why a square cannot be landed on (placement or jump), if it cannot.
    fn why_not_land(&self, to: Cell) -> Option<Msg> {
        let i = index(to)?;
        if self.board.usable & bit(i) == 0 {
            return Some(msg!("{to} has no number left", "{to} ya no tiene número"));
        }
        for side in Side::ALL {
            if self.board.knights[side.index()] == Some(i) {
                let [_, _, en, es] = names(side);
                return Some(msg!("{to} is {en}'s square", "en {to} está {es}"));
            }
        }
        None
    }

    /// Why erasing number `n` is not allowed when landing on `to` from
    /// `from`, if it is not.
    fn why_not_erase(&self, from: Option<Cell>, to: Cell, n: u8) -> Option<Msg> {
        let landed = self.number_at(to);
        let (nn, ll) = (two_digits(n), two_digits(landed));
        if !is_double(landed) {
            return Some(msg!(
                "{to} holds {ll}, not a double, so nothing can be erased",
                "{to} tiene el {ll}, que no es doble, así que no se puede borrar nada"
            ));
        }
        if usize::from(n) >= SQUARES || !is_double(n) {
            return Some(msg!("{nn} is not a double", "el {nn} no es doble"));
        }
        let sq = self.deal.square_of[usize::from(n)];
        if cell(sq) == to {
            return Some(msg!(
                "{nn} is the square you land on",
                "el {nn} es la casilla a la que llegas"
            ));
        }
        if from == Some(cell(sq)) {
            return Some(msg!(
                "{nn} is the square your knight leaves",
                "el {nn} es la casilla que deja tu caballo"
            ));
        }
        if self.board.usable & bit(sq) == 0 {
            return Some(msg!("{nn} is already gone", "el {nn} ya no está"));
        }
        if self.board.knight_bits() & bit(sq) != 0 {
            return Some(msg!(
                "{nn} has a knight on it",
                "el {nn} tiene un caballo encima"
            ));
        }
        None
    }

    fn off_board(c: Cell) -> Option<Msg> {
        index(c)
            .is_none()
            .then(|| msg!("{c} is not on the board", "{c} no está en el tablero"))
    }

    /// Why a placement on `to` (erasing `erase`) is not legal.
    fn why_not_place(&self, to: Cell, erase: Option<u8>) -> Msg {
        if !self.board.placing() {
            return msg!(
                "the knights are already placed: jump like `d1-e3`",
                "los caballos ya están colocados: salta como `d1-e3`"
            );
        }
        if let Some(m) = KnightFight::off_board(to) {
            return m;
        }
        let rank = self.board.home_rank() + 1;
        if to.y + 1 != rank {
            let [en, es, ..] = names(self.board.side);
            return msg!(
                "{en} places on rank {rank}, not on {to}",
                "{es} colocan en la fila {rank}, no en {to}"
            );
        }
        self.why_not_land(to)
            .or_else(|| erase.and_then(|n| self.why_not_erase(None, to, n)))
            .unwrap_or_else(|| {
                msg!(
                    "that placement is not legal now",
                    "esa colocación no es legal ahora"
                )
            })
    }

    /// Why a jump from `from` (the mover's knight when `None`) to `to`
    /// (erasing `erase`) is not legal.
    fn why_not_jump(&self, from: Option<Cell>, to: Cell, erase: Option<u8>) -> Msg {
        if self.board.placing() {
            let [en, es, ..] = names(self.board.side);
            let rank = self.board.home_rank() + 1;
            return msg!(
                "it is {en}'s turn to place its knight on rank {rank}, like `d{rank}`",
                "les toca a {es} colocar su caballo en la fila {rank}, como `d{rank}`"
            );
        }
        for c in [from, Some(to)].into_iter().flatten() {
            if let Some(m) = KnightFight::off_board(c) {
                return m;
            }
        }
        let mine = self.board.knights[self.board.side.index()].map(cell);
        let from = from.or(mine);
        if let (Some(from), Some(at)) = (from, mine)
            && from != at
        {
            return msg!(
                "your knight is on {at}, not on {from}",
                "tu caballo está en {at}, no en {from}"
            );
        }
        let Some(from) = from else {
            return msg!("you have no knight", "no tienes caballo");
        };
        let leap = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        if !KNIGHT_LEAPS.contains(&leap) {
            return msg!(
                "{from} to {to} is not a knight's jump",
                "de {from} a {to} no hay salto de caballo"
            );
        }
        if let Some(m) = self.why_not_land(to) {
            return m;
        }
        if let Some(theirs) = self.board.knights[self.board.side.other().index()]
            && ATTACKS[usize::from(theirs)] & index(to).map_or(0, bit) != 0
        {
            let [_, _, en, es] = names(self.board.side.other());
            let at = cell(theirs);
            return msg!(
                "{to} is attacked by {en} on {at}",
                "{to} está atacada por {es} de {at}"
            );
        }
        erase
            .and_then(|n| self.why_not_erase(Some(from), to, n))
            .unwrap_or_else(|| msg!("that jump is not legal now", "ese salto no es legal ahora"))
    }

    fn expected(&self) -> Msg {
        if self.board.placing() {
            msg!("`d1` or `d1x55`", "`d1` o `d1x55`")
        } else {
            msg!(
                "`d1-e3`, `d1-e3x55` or `Ne3`",
                "`d1-e3`, `d1-e3x55` o `Ne3`"
            )
        }
    }

    /// Whether `m` erases the number `erase` (or nothing, for `None`).
    fn erases(&self, m: Move, erase: Option<u8>) -> bool {
        m.erase()
            .and_then(index)
            .map(|sq| self.deal.numbers[usize::from(sq)])
            == erase
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
mod tests {
    use super::*;
    use crate::check::{check_position, move_texts as texts, refused};

    fn seeded(seed: u64) -> KnightFight {
        KnightFight::new(&Setup {
            seed: Some(seed),
            ..Setup::default()
        })
        .unwrap()
    }

    fn with_layout(layout: Vec<u8>) -> Result<KnightFight, SetupError> {
        KnightFight::new(&Setup {
            layout: Some(layout),
            ..Setup::default()
        })
    }

    /// Square i holds number i: a1 = 00, j1 = 09, a2 = 10, d3 = 23, and
    /// the reversed number of a square's is on the square mirrored in the
    /// a1–j10 diagonal, where the doubles lie.
    fn identity() -> Vec<u8> {
        (0..100).collect()
    }

    fn pos(text: &str) -> KnightFight {
        KnightFight::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    /// A position text written independently of `position_text`: `numbers`
    /// by square, `marks` as (square, prefix), then `rest` (side, scores).
    fn text_of(numbers: &[u8], marks: &[(&str, char)], rest: &str) -> String {
        let ranks: Vec<String> = (0..10u8)
            .rev()
            .map(|y| {
                (0..10u8)
                    .map(|x| {
                        let c = Cell::new(x, y);
                        let mark = marks
                            .iter()
                            .find(|(name, _)| Cell::parse(name) == Some(c))
                            .map(|&(_, m)| m.to_string())
                            .unwrap_or_default();
                        format!("{mark}{:02}", numbers[c.index(10)])
                    })
                    .collect()
            })
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    fn identity_pos(marks: &[(&str, char)], rest: &str) -> KnightFight {
        pos(&text_of(&identity(), marks, rest))
    }

    fn why(g: &KnightFight, text: &str) -> Msg {
        match refused(g, text) {
            MoveError::Illegal { why, .. } => why,
            other => panic!("{text:?}: {other:?}"),
        }
    }

    fn number(g: &KnightFight, name: &str) -> Option<u8> {
        g.view().cell(cell(name)).unwrap().number
    }

    /// White on e4 (34), Black on e8 (74), identity layout, White to move.
    fn e4_e8() -> KnightFight {
        identity_pos(&[("e4", 'N'), ("e8", 'n')], "w 0 0")
    }

    #[test]
    fn a_seed_deals_the_same_numbers_forever() {
        // "the order comes from a seed stored with the game, so a game can
        // be replayed exactly". Pinned against the independent Python deal
        // (tools/perft-reference/knightfight.py --seed N --deal).
        let g = seeded(0);
        for (name, n) in [
            ("a1", 2),
            ("b1", 10),
            ("j1", 82),
            ("e5", 23),
            ("f6", 0),
            ("a10", 26),
            ("g10", 99),
            ("j10", 35),
        ] {
            assert_eq!(number(&g, name), Some(n), "seed 0, {name}");
        }
        let g = seeded(42);
        for (name, n) in [
            ("a1", 91),
            ("b1", 99),
            ("f1", 55),
            ("i1", 66),
            ("i8", 0),
            ("e5", 33),
            ("a10", 19),
            ("j10", 13),
        ] {
            assert_eq!(number(&g, name), Some(n), "seed 42, {name}");
        }
        // No seed and no layout: seed 0.
        let g = KnightFight::new(&Setup::default()).unwrap();
        assert_eq!(g.position_text(), seeded(0).position_text());
        assert_ne!(seeded(1).position_text(), seeded(0).position_text());
    }

    #[test]
    fn a_layout_gives_the_numbers_square_by_square() {
        let g = with_layout(identity()).unwrap();
        assert_eq!(number(&g, "a1"), Some(0));
        assert_eq!(number(&g, "j1"), Some(9));
        assert_eq!(number(&g, "d3"), Some(23));
        assert_eq!(number(&g, "j10"), Some(99));
        assert_eq!(
            g.position_text()
                .split(' ')
                .next()
                .unwrap()
                .split('/')
                .next_back(),
            Some("00010203040506070809")
        );
    }

    #[test]
    fn setup_errors_say_what_is_wrong() {
        let both = Setup {
            seed: Some(1),
            layout: Some(identity()),
            ..Setup::default()
        };
        let err = KnightFight::new(&both).unwrap_err();
        assert_eq!(err.0.en, "give a seed or a layout, not both");
        let err = with_layout((0..99).collect()).unwrap_err();
        assert_eq!(err.0.en, "the layout needs 100 numbers, not 99");
        let mut big = identity();
        big[5] = 200;
        let err = with_layout(big).unwrap_err();
        assert_eq!(
            err.0.en,
            "the layout has 200, but the numbers go from 0 to 99"
        );
        let mut twice = identity();
        twice[5] = 6;
        let err = with_layout(twice).unwrap_err();
        assert!(err.0.en.starts_with("the layout has 6 twice"), "{err}");
        assert!(err.0.es.contains("dos veces el 6"), "{err}");
        assert!(KnightFight::new(&Setup::default().with("size", 10)).is_err());
    }

    #[test]
    fn white_places_on_rank_one_then_black_on_rank_ten() {
        // "Placement: White places its knight on any usable square of rank
        // 1; then Black on any usable square of rank 10."
        let mut g = seeded(0);
        assert_eq!(
            g.turn(),
            Turn {
                side: Side::First,
                phase: Phase::Place
            }
        );
        assert_eq!(
            texts(&g),
            ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
        );
        assert!(
            g.legal_move_list()
                .iter()
                .all(|&m| g.move_origin(m).is_none())
        );
        assert_eq!(why(&g, "d2").en, "White places on rank 1, not on d2");
        assert_eq!(
            why(&g, "d2").es,
            "las blancas colocan en la fila 1, no en d2"
        );
        g.play_text("d1").unwrap();
        assert_eq!(
            g.turn(),
            Turn {
                side: Side::Second,
                phase: Phase::Place
            }
        );
        let t = texts(&g);
        assert!(
            t.iter().all(
                |t| t.starts_with(|c: char| c.is_ascii_lowercase()) && t[1..].starts_with("10")
            )
        );
        assert_eq!(why(&g, "e1").en, "Black places on rank 10, not on e1");
        g.play_text("a10").unwrap();
        assert_eq!(g.turn(), Turn::play(Side::First));
    }

    #[test]
    fn placing_counts_as_landing() {
        // "Placing counts as landing": it scores, erases the reversed
        // number, and on a double may erase another double.
        let mut g = with_layout(identity()).unwrap();
        // a1 holds 00: 1 + 9 erase choices; b1..j1 hold 01..09.
        assert_eq!(
            texts(&g),
            [
                "a1", "a1x11", "a1x22", "a1x33", "a1x44", "a1x55", "a1x66", "a1x77", "a1x88",
                "a1x99", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"
            ]
        );
        // j1 holds 09: White scores 9 and 90 (a10) is erased, so Black
        // cannot place there.
        g.play_text("j1").unwrap();
        assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [9, 0])));
        assert_eq!(number(&g, "a10"), None);
        assert_eq!(why(&g, "a10").en, "a10 has no number left");
        assert_eq!(why(&g, "a10").es, "a10 ya no tiene número");
        // Black: b10..i10, and j10 (99) with each of the other 9 doubles.
        assert_eq!(texts(&g).len(), 8 + 10);
        // A double erased at placement is gone for Black too.
        let mut g = with_layout(identity()).unwrap();
        g.play_text("a1x99").unwrap();
        assert_eq!(number(&g, "j10"), None);
        assert_eq!(number(&g, "a1"), Some(0));
        assert!(!texts(&g).iter().any(|t| t.starts_with("j10")));
        assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [0, 0])));
    }

    #[test]
    fn a_jump_goes_to_a_usable_free_unattacked_square() {
        // "Moves: a knight jump to a usable square that is not occupied by
        // the other knight and is not a knight's move away from the other
        // knight (not under its attack)."
        // e4's jumps: d2 f2 c3 g3 c5 g5 d6 f6; Black on e8 attacks d6, f6.
        let g = e4_e8();
        let t = texts(&g);
        assert_eq!(
            t,
            [
                "e4-g5", "e4-g3", "e4-f2", "e4-d2", "e4-c3", "e4-c3x00", "e4-c3x11", "e4-c3x33",
                "e4-c3x44", "e4-c3x55", "e4-c3x66", "e4-c3x77", "e4-c3x88", "e4-c3x99", "e4-c5"
            ]
        );
        assert!(
            g.legal_move_list()
                .iter()
                .all(|&m| g.move_origin(m) == Some(cell("e4")))
        );
        assert_eq!(
            why(&g, "e4-d6").en,
            "d6 is attacked by the Black knight on e8"
        );
        assert_eq!(
            why(&g, "e4-f6").es,
            "f6 está atacada por el caballo negro de e8"
        );
        // Erased and left squares are not usable.
        let g = identity_pos(
            &[("e4", 'N'), ("e8", 'n'), ("g5", 'x'), ("c5", '-')],
            "w 0 0",
        );
        let t = texts(&g);
        assert!(!t.contains(&"e4-g5".to_string()) && !t.contains(&"e4-c5".to_string()));
        assert_eq!(why(&g, "e4-g5").en, "g5 has no number left");
        assert_eq!(why(&g, "e4-c5").en, "c5 has no number left");
        // The other knight's square (a knight never attacks its own).
        let g = identity_pos(&[("e4", 'N'), ("f6", 'n')], "w 0 0");
        assert!(!texts(&g).iter().any(|t| t.starts_with("e4-f6")));
        assert_eq!(why(&g, "e4-f6").en, "f6 is the Black knight's square");
        assert_eq!(why(&g, "e4-f6").es, "en f6 está el caballo negro");
    }

    #[test]
    fn the_square_left_loses_its_number_and_the_landing_scores() {
        // "The square a knight leaves becomes unusable." "Landing ... scores
        // its number for the mover".
        let mut g = e4_e8();
        g.play_text("e4-g5").unwrap();
        assert_eq!(number(&g, "e4"), None);
        assert_eq!(g.view().cell(cell("e4")).unwrap().terrain, Terrain::Dead);
        assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [46, 0])));
        // g5 = 46: 64 (e7) is erased too.
        assert_eq!(number(&g, "e7"), None);
        assert_eq!(
            g.position_text(),
            text_of(
                &identity(),
                &[("e4", '-'), ("g5", 'N'), ("e8", 'n'), ("e7", 'x')],
                "b 46 0"
            )
        );
    }

    #[test]
    fn the_reversed_number_is_erased_if_still_usable_and_free() {
        // "if the number has two different digits (57), the square holding
        // the reversed number (75) is erased, if it is still usable and
        // unoccupied (on every landing, not only at placement)".
        // e4-d2 lands on 13: 31 (b4) goes.
        let mut g = e4_e8();
        g.play_text("e4-d2").unwrap();
        assert_eq!(number(&g, "b4"), None);
        assert!(g.position_text().contains("x31"));
        // Black standing on b4 keeps it.
        let mut g = identity_pos(&[("e4", 'N'), ("b4", 'n')], "w 0 0");
        g.play_text("e4-d2").unwrap();
        assert_eq!(number(&g, "b4"), Some(31));
        // Already erased: nothing more happens, the landing still scores.
        let mut g = identity_pos(&[("e4", 'N'), ("e8", 'n'), ("b4", 'x')], "w 5 0");
        g.play_text("e4-d2").unwrap();
        assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [18, 0])));
        assert!(
            !g.view()
                .highlights
                .iter()
                .any(|h| h.kind == HighlightKind::Erased)
        );
        // "05 has two different digits and reverses to 50": f1 (05) erases
        // a6 (50).
        let mut g = with_layout(identity()).unwrap();
        g.play_text("f1").unwrap();
        assert_eq!(number(&g, "a6"), None);
    }

    #[test]
    fn the_square_just_left_is_not_erased_again() {
        // The left square is unusable before the landing's effects: with 43
        // on d2 and 34 on e4, e4-d2 reverses to the square just left, which
        // counts as left, not as erased.
        let mut numbers = identity();
        numbers.swap(cell("d2").index(10), cell("d5").index(10)); // d2 = 43
        let mut g = pos(&text_of(&numbers, &[("e4", 'N'), ("e8", 'n')], "w 0 0"));
        assert_eq!(number(&g, "d2"), Some(43));
        assert_eq!(number(&g, "e4"), Some(34));
        g.play_text("e4-d2").unwrap();
        assert!(g.position_text().contains("-34"));
        assert!(
            !g.view()
                .highlights
                .iter()
                .any(|h| h.kind == HighlightKind::Erased)
        );
    }

    #[test]
    fn a_double_may_erase_one_other_usable_free_double() {
        // "if the number is a double (00, 11, …), the mover may erase one
        // other usable, unoccupied double square (optional)."
        let mut g = e4_e8();
        assert_eq!(g.play_text("e4-c3x55").unwrap(), "e4-c3x55");
        assert_eq!(number(&g, "f6"), None);
        assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [22, 0])));
        let mut g = e4_e8();
        g.play_text("e4-c3").unwrap();
        assert_eq!(number(&g, "f6"), Some(55));
        // Black on g7 (66): 66 is occupied; and with 44 on e4, leaving it
        // makes it unusable, so neither may be erased.
        let mut numbers = identity();
        numbers.swap(cell("e4").index(10), cell("e5").index(10)); // e4 = 44
        let g = pos(&text_of(
            &numbers,
            &[("e4", 'N'), ("g7", 'n'), ("b2", 'x')],
            "w 0 0",
        ));
        let erases: Vec<String> = texts(&g)
            .into_iter()
            .filter(|t| t.starts_with("e4-c3x"))
            .collect();
        assert_eq!(
            erases,
            [
                "e4-c3x00", "e4-c3x33", "e4-c3x55", "e4-c3x77", "e4-c3x88", "e4-c3x99"
            ]
        );
        assert_eq!(why(&g, "e4-c3x66").en, "66 has a knight on it");
        assert_eq!(
            why(&g, "e4-c3x44").en,
            "44 is the square your knight leaves"
        );
        assert_eq!(why(&g, "e4-c3x11").en, "11 is already gone");
        assert_eq!(why(&g, "e4-c3x11").es, "el 11 ya no está");
        assert_eq!(why(&g, "e4-c3x22").en, "22 is the square you land on");
        assert_eq!(why(&g, "e4-c3x57").en, "57 is not a double");
        assert_eq!(why(&g, "e4-c3x5").en, "05 is not a double");
        assert_eq!(
            why(&g, "e4-d2x55").en,
            "d2 holds 13, not a double, so nothing can be erased"
        );
    }

    #[test]
    fn the_game_ends_when_the_player_to_move_cannot_and_scores_decide() {
        // "End: when the player to move has no legal move. Higher score
        // wins; equal scores draw."
        // White on a1: b3 and c2 erased.
        let stuck = |scores: &str| {
            identity_pos(
                &[("a1", 'N'), ("e8", 'n'), ("b3", 'x'), ("c2", 'x')],
                scores,
            )
        };
        let g = stuck("w 100 50");
        assert!(g.legal_move_list().is_empty());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::ScoresCompared))
        );
        assert_eq!(
            stuck("w 50 100").outcome(),
            Some(Outcome::win(Side::Second, EndReason::ScoresCompared))
        );
        assert_eq!(
            stuck("w 70 70").outcome(),
            Some(Outcome::draw(EndReason::ScoresCompared))
        );
        assert_eq!(refused(&g, "a1-b3"), MoveError::GameOver);
        assert_eq!(refused(&g, "Nc2"), MoveError::GameOver);
        // Black could still move, but it is White's turn: over.
        assert_eq!(stuck("b 0 0").outcome(), None);
        // Stuck by attack alone: Black on d4 attacks b3 and c2.
        let g = identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::ScoresCompared))
        );
    }

    #[test]
    fn canonical_texts_and_the_alias() {
        // "Canonical text: placement `d1`; jump `d1-e3`; with a double
        // erased ... `d1-e3x55`, or `d1x55` for a placement. Alias: `Ne3`
        // for a jump without an erase."
        let g = with_layout(identity()).unwrap();
        let place = Move::Place {
            to: cell("d1"),
            erase: None,
        };
        assert_eq!(g.move_text(place), "d1");
        assert_eq!(g.parse_move(" D1 "), Ok(place));
        let place_erase = Move::Place {
            to: cell("a1"),
            erase: Some(cell("f6")),
        };
        assert_eq!(g.move_text(place_erase), "a1x55");
        for text in ["a1x55", "A1X55", "a1 x 55"] {
            assert_eq!(g.parse_move(text), Ok(place_erase), "{text}");
        }
        let g = e4_e8();
        let jump = Move::Jump {
            from: cell("e4"),
            to: cell("c3"),
            erase: None,
        };
        let jump_erase = Move::Jump {
            from: cell("e4"),
            to: cell("c3"),
            erase: Some(cell("a1")),
        };
        assert_eq!(g.move_text(jump), "e4-c3");
        assert_eq!(g.move_text(jump_erase), "e4-c3x00");
        for text in ["e4-c3", "E4 - C3", "e4c3"] {
            assert_eq!(g.parse_move(text), Ok(jump), "{text}");
        }
        assert_eq!(g.parse_move("e4-c3x0"), Ok(jump_erase));
        // The alias means no erase even though c3 offers nine.
        assert_eq!(g.parse_move("Nc3"), Ok(jump));
        assert_eq!(g.parse_move("n c3"), Ok(jump));
        assert_eq!(g.parse_move("Nc3x00"), Ok(jump_erase));
        assert_eq!(
            g.parse_move("Ng5"),
            Ok(Move::Jump {
                from: cell("e4"),
                to: cell("g5"),
                erase: None
            })
        );
    }

    #[test]
    fn syntax_and_illegal_errors() {
        let g = e4_e8();
        for bad in [
            "",
            "e",
            "e4-",
            "e4--c3",
            "e4-c3-d5",
            "e4-c3x",
            "e4-c3x555",
            "e4-c3xab",
            "x55",
            "Ne4-c3",
            "N",
            "🙂",
            "e4-c3x55x11",
            "N-c3",
        ] {
            match refused(&g, bad) {
                MoveError::Syntax { expected, .. } => {
                    assert!(expected.en.contains("`d1-e3`"), "{bad}");
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        assert_eq!(why(&g, "d1-e3").en, "your knight is on e4, not on d1");
        assert_eq!(why(&g, "d1-e3").es, "tu caballo está en e4, no en d1");
        assert_eq!(why(&g, "e4-e6").en, "e4 to e6 is not a knight's jump");
        assert_eq!(why(&g, "Ne6").es, "de e4 a e6 no hay salto de caballo");
        assert_eq!(
            why(&g, "Nd6").en,
            "d6 is attacked by the Black knight on e8"
        );
        assert_eq!(why(&g, "e4-k5").en, "k5 is not on the board");
        assert_eq!(
            why(&g, "e5").en,
            "the knights are already placed: jump like `d1-e3`"
        );
        let start = seeded(0);
        assert_eq!(
            why(&start, "d1-e3").en,
            "it is White's turn to place its knight on rank 1, like `d1`"
        );
        assert!(why(&start, "Ne3").es.contains("les toca a las blancas"));
        assert_eq!(
            why(&start, "d1x55").en,
            "d1 holds 32, not a double, so nothing can be erased"
        );
        assert_eq!(why(&start, "k1").es, "k1 no está en el tablero");
        match refused(&start, "hello") {
            MoveError::Syntax { expected, .. } => assert!(expected.en.contains("`d1x55`")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn perft_by_hand() {
        // Seed 0, depth 1: rank 1 holds 02 10 87 32 40 98 80 60 47 82, no
        // double: 10 placements. Depth 2: rank 10 holds 26 71 65 15 50 91
        // 99 37 54 35; none is the reverse of a rank-1 number (20 01 78 23
        // 04 89 08 06 74 28), so all ten stay; g10 (99) is a double with 9
        // other doubles to erase: 9 + 10 = 19 answers to each placement.
        let g = seeded(0);
        assert_eq!(g.perft(1), 10);
        assert_eq!(g.perft(2), 10 * 19);
        // The identity layout: a1 (00) with its 9 erases, and b1..j1.
        assert_eq!(with_layout(identity()).unwrap().perft(1), 19);
        // e4 against e8, worked out above: 5 plain jumps and c3 with 10.
        assert_eq!(e4_e8().perft(1), 15);
    }

    #[test]
    fn position_text_round_trips_and_rejects_garbage() {
        let mut g = seeded(42);
        for m in ["b1x55", "d10", "b1-a3", "d10-e8"] {
            g.play_text(m).unwrap();
        }
        let text = g.position_text();
        assert_eq!(pos(&text).position_text(), text);
        // 99 (b1) + 12 (a3) for White, 81 (d10) + 75 (e8) for Black.
        assert!(text.ends_with(" w 111 156"), "{text}");
        for t in [
            e4_e8().position_text(),
            seeded(0).position_text(),
            identity_pos(&[("a1", 'N')], "b 0 0").position_text(),
        ] {
            assert_eq!(pos(&t).position_text(), t);
        }
        let good = e4_e8().position_text();
        let bad_texts = [
            String::new(),
            "w 0 0".to_string(),
            good.replace(" w 0 0", ""),
            good.replace(" w 0 0", " w 0"),
            good.replace(" w 0 0", " w 0 0 0"),
            good.replace(" w 0 0", " x 0 0"),
            good.replace(" w 0 0", " w -1 0"),
            good.replace(" w 0 0", " w 0 4951"),
            good.replace(" w 0 0", " w 0 99999999999999999999999"),
            good.replacen("90", "91", 1),
            good.replacen("90", "9", 1),
            good.replacen("90", "900", 1),
            good.replacen("90", "y90", 1),
            good.replacen("90", "🙂", 1),
            good.replacen("n74", "N74", 1),
            good.replacen("N34", "34", 1),
            good.replacen("/", "", 1),
            text_of(&identity(), &[], "b 0 0"),
            text_of(&identity(), &[("a1", 'N')], "w 0 0"),
        ];
        for bad in &bad_texts {
            assert!(KnightFight::from_position_text(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_view_shows_numbers_dead_squares_scores_and_the_last_move() {
        let mut g = with_layout(identity()).unwrap();
        let v = g.view();
        assert_eq!(v.cells.len(), 100);
        assert!(v.highlights.is_empty());
        assert_eq!(v.status.scores, Some((ScoreKind::Points, [0, 0])));
        assert_eq!(v.status.phase, Phase::Place);
        g.play_text("j1").unwrap();
        let v = g.view();
        assert_eq!(
            v.highlights,
            [
                Highlight {
                    cell: cell("j1"),
                    kind: HighlightKind::Placed
                },
                Highlight {
                    cell: cell("a10"),
                    kind: HighlightKind::Erased
                }
            ]
        );
        let a10 = v.cell(cell("a10")).unwrap();
        assert_eq!((a10.number, a10.terrain), (None, Terrain::Dead));
        let j1 = v.cell(cell("j1")).unwrap();
        assert_eq!(j1.number, Some(9));
        assert_eq!(
            j1.piece,
            Some(Piece {
                kind: PieceKind::Knight,
                color: Color::White
            })
        );
        assert_eq!(v.status.ply, 1);
        g.play_text("j10x00").unwrap();
        g.play_text("j1-i3").unwrap(); // 28: erases 82 (c9)
        let v = g.view();
        assert_eq!(
            v.highlights,
            [
                Highlight {
                    cell: cell("j1"),
                    kind: HighlightKind::From
                },
                Highlight {
                    cell: cell("i3"),
                    kind: HighlightKind::To
                },
                Highlight {
                    cell: cell("c9"),
                    kind: HighlightKind::Erased
                }
            ]
        );
        assert_eq!(v.status.scores, Some((ScoreKind::Points, [9 + 28, 99])));
        assert_eq!(v.status.ply, 3);
        assert_eq!(v.status.to_move, Some(Side::Second));
        assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
        assert_eq!(
            v.cell(cell("j10")).unwrap().piece.map(|p| p.color),
            Some(Color::Black)
        );
        let mut g = e4_e8();
        g.play_text("e4-c3x55").unwrap();
        let kinds: Vec<HighlightKind> = g.view().highlights.iter().map(|h| h.kind).collect();
        assert_eq!(
            kinds,
            [
                HighlightKind::From,
                HighlightKind::To,
                HighlightKind::Erased
            ]
        );
        assert_eq!(pos(&g.position_text()).view().highlights, []);
        let over = identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0").view();
        assert_eq!(over.status.to_move, None);
        assert!(over.status.outcome.is_some());
    }

    #[test]
    fn the_contract_holds_on_hand_positions() {
        for g in [
            e4_e8(),
            seeded(42),
            with_layout(identity()).unwrap(),
            identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0"),
        ] {
            check_position(&g, &g.legal_move_list()).unwrap();
        }
    }

    #[test]
    fn illegal_moves_played_anyway_do_not_panic() {
        let mut g = e4_e8();
        g.play(Move::Place {
            to: Cell::new(200, 3),
            erase: None,
        });
        g.play(Move::Jump {
            from: Cell::new(0, 250),
            to: cell("a1"),
            erase: Some(Cell::new(99, 99)),
        });
        let _ = (g.view(), g.position_text(), g.outcome());
    }
}
