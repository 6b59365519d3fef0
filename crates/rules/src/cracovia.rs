//! Cracovia (Los cuatro angelitos), M. C. Algar Morales and J. D. Sánchez
//! Torres, 2010.
//!
//! Four Angels start in the corners of an 8×8 board and move first; the
//! Demons only place demons, which never move. An Angel moves 1 or 2 squares
//! in any of the eight directions onto an empty square without jumping. The
//! Angels win when, after their move, the four form one block (diagonal
//! contact counts); the Demons win when the Angels are to move and cannot.
//!
//! Notation: an Angel's move is from-to (`a1-c3`), a demon is its square
//! (`d5`).
//!
//! Position text: ranks from the top, `A` an Angel, `D` a demon, digits for
//! runs of empty squares; then `a` or `d` for the side to move.
//!
//! ```
//! use tablero_rules::{cracovia::Cracovia, Game, Setup};
//! let mut g = Cracovia::new(&Setup::default()).unwrap();
//! assert_eq!(g.legal_move_list().len(), 24);
//! g.play_text("a1-c3").unwrap();
//! g.play_text("d4").unwrap();
//! assert_eq!(g.position_text(), "A6A/8/8/8/3D4/2A5/8/7A a");
//! ```

use crate::board_text::{check_width, read_rows, read_side, write_rows};
use crate::view::{
    BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, Shape, Status,
};
use crate::{
    Cell, EndReason, Game, GameId, KING_STEPS, MoveError, Msg, Outcome, Phase, PositionError,
    Setup, SetupError, Side, Turn, msg, resolve,
};

/// The board is always 8×8.
const SIZE: u8 = 8;

/// The Angels' side: they move first.
const ANGELS: Side = Side::First;
/// The Demons' side.
const DEMONS: Side = Side::Second;

/// Squares on file a and on file h, for shifts that must not wrap.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// A Cracovia move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// An Angel's move of one or two squares in a straight line.
    Angel { from: Cell, to: Cell },
    /// A demon placed on an empty square.
    Demon(Cell),
}

/// A Cracovia position, with the last move for the view.
#[derive(Clone, Debug)]
pub struct Cracovia {
    /// One bit per square (a1 = bit 0, b1 = bit 1, …, h8 = bit 63).
    angels: u64,
    demons: u64,
    /// Who decides next.
    side: Side,
    last: Option<Move>,
}

fn bit(c: Cell) -> u64 {
    1 << c.index(SIZE)
}

fn cell(i: u32) -> Cell {
    Cell::from_index(i as usize, SIZE)
}

/// Every square touching a square of `b`, sideways or diagonally, and `b`.
fn with_neighbours(b: u64) -> u64 {
    let row = b | (b << 1 & !FILE_A) | (b >> 1 & !FILE_H);
    row | row << 8 | row >> 8
}

/// Whether the squares of `b` form one block, diagonal contact counting.
fn one_block(b: u64) -> bool {
    let mut reach = b & b.wrapping_neg();
    loop {
        let next = with_neighbours(reach) & b;
        if next == reach {
            return reach == b;
        }
        reach = next;
    }
}

/// The squares of `b`, lowest first.
fn squares(mut b: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros();
            b &= b - 1;
            cell(i)
        })
    })
}

impl Cracovia {
    fn occupied(&self) -> u64 {
        self.angels | self.demons
    }

    fn angels_together(&self) -> bool {
        one_block(self.angels)
    }

    /// Calls `f` with every legal move, in the stable order of
    /// [`Game::legal_moves`]: Angels by square, then direction (north
    /// first, clockwise), one square before two; demons by square.
    /// Allocates nothing, for perft.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.angels_together() {
            return;
        }
        let occupied = self.occupied();
        if self.side == DEMONS {
            for c in squares(!occupied) {
                f(Move::Demon(c));
            }
            return;
        }
        for from in squares(self.angels) {
            for (dx, dy) in KING_STEPS {
                let Some(one) = from.offset(dx, dy, SIZE, SIZE) else {
                    continue;
                };
                if occupied & bit(one) != 0 {
                    continue;
                }
                f(Move::Angel { from, to: one });
                if let Some(two) = one.offset(dx, dy, SIZE, SIZE)
                    && occupied & bit(two) == 0
                {
                    f(Move::Angel { from, to: two });
                }
            }
        }
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// What stands on `c`, for messages: `None` when empty.
    fn holder(&self, c: Cell) -> Option<(&'static str, &'static str)> {
        if self.angels & bit(c) != 0 {
            Some(("an angel", "un ángel"))
        } else if self.demons & bit(c) != 0 {
            Some(("a demon", "un demonio"))
        } else {
            None
        }
    }

    fn off_board(c: Cell) -> Option<Msg> {
        (!c.within(SIZE, SIZE))
            .then(|| msg!("{c} is not on the board", "{c} no está en el tablero"))
    }

    /// Why a demon on `c` is not legal.
    fn why_not_demon(&self, c: Cell) -> Msg {
        if self.side == ANGELS {
            return msg!(
                "it is the Angels' turn: move an angel, like `a1-c3`",
                "les toca a los ángeles: mueve un ángel, como `a1-c3`"
            );
        }
        if let Some(m) = Cracovia::off_board(c) {
            return m;
        }
        match self.holder(c) {
            Some((en, es)) => msg!("{c} is occupied by {en}", "{c} está ocupada por {es}"),
            None => msg!(
                "{c} cannot take a demon now",
                "{c} no admite un demonio ahora"
            ),
        }
    }

    /// Why an Angel's move from `from` to `to` is not legal.
    fn why_not_angel(&self, from: Cell, to: Cell) -> Msg {
        if self.side == DEMONS {
            return msg!(
                "it is the Demons' turn: place a demon on an empty square, like `d5`",
                "les toca a los demonios: coloca un demonio en una casilla vacía, como `d5`"
            );
        }
        if let Some(m) = Cracovia::off_board(from).or_else(|| Cracovia::off_board(to)) {
            return m;
        }
        if self.angels & bit(from) == 0 {
            return msg!(
                "there is no angel on {from}",
                "no hay ningún ángel en {from}"
            );
        }
        let (dx, dy) = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let length = dx.abs().max(dy.abs());
        if !straight || !(1..=2).contains(&length) {
            return msg!(
                "{from} to {to} is not one or two squares in a straight line",
                "de {from} a {to} no hay una o dos casillas en línea recta"
            );
        }
        if length == 2 {
            let mid = Cell::new(
                from.x.wrapping_add_signed(dx / 2),
                from.y.wrapping_add_signed(dy / 2),
            );
            if let Some((en, es)) = self.holder(mid) {
                return msg!(
                    "an angel cannot jump: {mid} holds {en}",
                    "un ángel no puede saltar: en {mid} hay {es}"
                );
            }
        }
        match self.holder(to) {
            Some((en, es)) => msg!("{to} is occupied by {en}", "{to} está ocupada por {es}"),
            None => msg!("that move is not legal now", "esa jugada no es legal ahora"),
        }
    }

    fn expected(&self) -> Msg {
        if self.side == ANGELS {
            msg!(
                "`a1-c3` (an angel's move)",
                "`a1-c3` (un movimiento de ángel)"
            )
        } else {
            msg!(
                "`d5` (a square for a demon)",
                "`d5` (una casilla para un demonio)"
            )
        }
    }
}

/// Reads one or two cells, separated by `-` or nothing once spaces are
/// gone: `d5`, `a1-c3`. `None` for any other form.
fn parse_cells(text: &str) -> Option<Vec<Cell>> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let (first, rest) = Cell::parse_prefix(&squeezed)?;
    if rest.is_empty() {
        return Some(vec![first]);
    }
    let second = Cell::parse(rest.strip_prefix('-').unwrap_or(rest))?;
    Some(vec![first, second])
}

impl Game for Cracovia {
    type Move = Move;
    const ID: GameId = GameId::Cracovia;

    fn new(setup: &Setup) -> Result<Cracovia, SetupError> {
        setup.expect_no_deal()?;
        setup.resolve(GameId::Cracovia.info().params)?;
        let corners = [(0, 0), (7, 0), (0, 7), (7, 7)];
        Ok(Cracovia {
            angels: corners
                .into_iter()
                .fold(0, |b, (x, y)| b | bit(Cell::new(x, y))),
            demons: 0,
            side: ANGELS,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        Turn::play(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        match m {
            Move::Angel { from, to } if from.within(SIZE, SIZE) && to.within(SIZE, SIZE) => {
                self.angels = self.angels & !bit(from) | bit(to);
            }
            Move::Demon(c) if c.within(SIZE, SIZE) => self.demons |= bit(c),
            // Not a legal move: the contract allows any result but a panic.
            _ => {}
        }
        self.side = self.side.other();
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.angels_together() {
            // Only an Angels' move can bring them together, and it ends the
            // game at once.
            Some(Outcome::win(ANGELS, EndReason::AngelsConnected))
        } else if self.side == ANGELS && !self.has_moves() {
            Some(Outcome::win(DEMONS, EndReason::AngelsTrapped))
        } else {
            // The Demons always have a square: the one the last Angel left
            // (and `from_position_text` refuses a full board).
            None
        }
    }

    fn move_text(&self, m: Move) -> String {
        match m {
            Move::Angel { from, to } => format!("{from}-{to}"),
            Move::Demon(c) => c.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let cells = parse_cells(text).ok_or_else(|| MoveError::syntax(text, self.expected()))?;
        match cells[..] {
            [c] => resolve(
                self,
                text,
                |m| m == Move::Demon(c),
                || self.why_not_demon(c),
            ),
            [from, to] => resolve(
                self,
                text,
                |m| m == Move::Angel { from, to },
                || self.why_not_angel(from, to),
            ),
            _ => Err(MoveError::syntax(text, self.expected())),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Angel { from, .. } => Some(from),
            Move::Demon(_) => None,
        }
    }

    fn position_text(&self) -> String {
        let board = write_rows((0..SIZE).rev().map(|y| {
            (0..SIZE).map(move |x| {
                let c = bit(Cell::new(x, y));
                if self.angels & c != 0 {
                    Some('A')
                } else if self.demons & c != 0 {
                    Some('D')
                } else {
                    None
                }
            })
        }));
        let side = if self.side == ANGELS { 'a' } else { 'd' };
        format!("{board} {side}")
    }

    fn from_position_text(text: &str) -> Result<Cracovia, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(PositionError::new(
                "expected two fields: the board and the side to move",
            ));
        };
        let side = read_side(side, ["a", "d"])?;
        let rows = read_rows(board, "AD")?;
        if rows.len() != usize::from(SIZE) {
            return Err(PositionError::new("the board must have 8 ranks"));
        }
        check_width(&rows, usize::from(SIZE))?;
        let (mut angels, mut demons) = (0u64, 0u64);
        for (row, cells) in rows.iter().enumerate() {
            let y = SIZE - 1 - row as u8;
            for (x, cell) in (0..).zip(cells) {
                match cell {
                    Some('A') => angels |= bit(Cell::new(x, y)),
                    Some(_) => demons |= bit(Cell::new(x, y)),
                    None => {}
                }
            }
        }
        if angels.count_ones() != 4 {
            return Err(PositionError::new(format!(
                "there must be 4 angels, not {}",
                angels.count_ones()
            )));
        }
        if side == DEMONS && angels | demons == u64::MAX {
            return Err(PositionError::new(
                "the Demons are to move but no square is empty",
            ));
        }
        Ok(Cracovia {
            angels,
            demons,
            side,
            last: None,
        })
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(SIZE, SIZE);
        let cells = shape
            .cells()
            .into_iter()
            .map(|c| {
                let mut v = CellView::empty(c);
                if self.angels & bit(c) != 0 {
                    v.piece = Some(Piece {
                        kind: PieceKind::Angel,
                        color: Color::White,
                    });
                } else if self.demons & bit(c) != 0 {
                    v.piece = Some(Piece {
                        kind: PieceKind::Demon,
                        color: Color::Black,
                    });
                }
                v
            })
            .collect();
        let highlight = |cell, kind| Highlight { cell, kind };
        let highlights = match self.last {
            None => Vec::new(),
            Some(Move::Angel { from, to }) => vec![
                highlight(from, HighlightKind::From),
                highlight(to, HighlightKind::To),
            ],
            Some(Move::Demon(c)) => vec![highlight(c, HighlightKind::Placed)],
        };
        let outcome = self.outcome();
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.side),
                phase: Phase::Play,
                // Every demon follows one Angels' move.
                ply: 2 * self.demons.count_ones() + u32::from(self.side == DEMONS),
                colors: [Some(Color::White), Some(Color::Black)],
                scores: None,
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let leaves = || {
            let mut n = 0;
            self.for_each_move(|_| n += 1);
            n
        };
        crate::game::walk_perft!(self, depth, leaves())
    }
}

#[cfg(test)]
mod tests;
