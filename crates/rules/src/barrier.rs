//! Barrier (Barrera), Karl Scherer 2002.
//!
//! Each side has one knight; the board fills with blocking tokens. White,
//! then Black, places its knight on any empty square. A move is a knight
//! jump along one of its two L-paths, and the path is part of the move: the
//! origin and both squares passed through receive tokens. The player to move
//! with no legal move loses.
//!
//! Notation: a placement is the square (`d4`); a jump is from, first square
//! stepped on, destination (`d4-d5-e6`), the first step telling the path.
//! `d4-e6` is accepted when only one of its paths is legal.
//!
//! Position text: ranks from the top, `N` the White knight, `n` the Black
//! knight, `x` a token, digits for runs of empty squares; then `w` or `b` for
//! the side to move. The board size is the number of ranks.
//!
//! ```
//! use tablero_rules::{barrier::Barrier, Game, Setup};
//! let mut g = Barrier::new(&Setup::default()).unwrap();
//! g.play_text("d4").unwrap();
//! g.play_text("h8").unwrap();
//! assert_eq!(g.play_text("d4-e6").unwrap_err().to_string(),
//!     "`d4-e6` could mean d4-d5-e6, d4-e4-e6. Say which.");
//! assert_eq!(g.play_text("d4-d5-e6").unwrap(), "d4-d5-e6");
//! assert_eq!(g.position_text(), "7n/8/3xN3/3x4/3x4/8/8/8 b");
//! ```

use crate::board_text::{check_width, read_rows, read_side, write_rows};
use crate::view::Status;
use crate::view::{BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, Shape};
use crate::{
    Cell, EndReason, Game, GameId, KNIGHT_LEAPS, MoveError, Msg, Outcome, Phase, PositionError,
    Setup, SetupError, Side, Turn, msg, resolve,
};

/// The smallest and largest board sides RULES.md allows.
const SIZES: std::ops::RangeInclusive<u8> = 5..=10;

/// A Barrier move. Two jumps between the same squares along different paths
/// are different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Putting the mover's knight on an empty square during set-up.
    Place(Cell),
    /// A knight jump from `from` to `to` whose path starts by stepping on
    /// `step`.
    Jump { from: Cell, step: Cell, to: Cell },
}

/// The two L-paths of every knight leap, as offsets of (first step, second
/// step, landing): for each leap of [`KNIGHT_LEAPS`], first two steps along
/// the long axis then one sideways, then one step along the short axis and
/// two along the long one.
const PATHS: [[(i8, i8); 3]; 16] = paths();

const fn paths() -> [[(i8, i8); 3]; 16] {
    let mut out = [[(0, 0); 3]; 16];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = KNIGHT_LEAPS[i];
        let (sx, sy) = (dx.signum(), dy.signum());
        let (long, short) = if dy.abs() == 2 {
            ((0, sy), (sx, 0))
        } else {
            ((sx, 0), (0, sy))
        };
        out[2 * i] = [long, (2 * long.0, 2 * long.1), (dx, dy)];
        out[2 * i + 1] = [short, (short.0 + long.0, short.1 + long.1), (dx, dy)];
        i += 1;
    }
    out
}

/// A Barrier position, with the last move for the view. Plain data without
/// a heap part, so cloning is a copy.
#[derive(Clone, Debug)]
pub struct Barrier {
    /// Squares per side of the (square) board.
    size: u8,
    /// One bit per square (row-major index) holding a token.
    tokens: u128,
    /// Each side's knight, as a row-major index, once placed.
    knights: [Option<u8>; 2],
    /// Who decides next.
    side: Side,
    last: Option<Move>,
}

impl Barrier {
    fn index(&self, c: Cell) -> u8 {
        c.y * self.size + c.x
    }

    fn cell(&self, i: u8) -> Cell {
        Cell::new(i % self.size, i / self.size)
    }

    fn knight_bits(&self) -> u128 {
        self.knights
            .iter()
            .flatten()
            .fold(0, |bits, &i| bits | 1u128 << i)
    }

    fn occupied(&self) -> u128 {
        self.tokens | self.knight_bits()
    }

    /// Setting up until both knights stand on the board.
    fn placing(&self) -> bool {
        self.knights[Side::Second.index()].is_none()
    }

    /// Calls `f` with every legal move, in the stable order of
    /// [`Game::legal_moves`]: placements by square (a1, b1, …), jumps by
    /// leap then path. Allocates nothing, for perft.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let occupied = self.occupied();
        if self.placing() {
            let squares = self.size * self.size;
            for i in 0..squares {
                if occupied & 1u128 << i == 0 {
                    f(Move::Place(self.cell(i)));
                }
            }
            return;
        }
        let Some(at) = self.knights[self.side.index()] else {
            return;
        };
        let from = self.cell(at);
        let n = self.size;
        for [step, mid, land] in PATHS {
            let Some(to) = from.offset(land.0, land.1, n, n) else {
                continue;
            };
            // The path squares lie between `from` and `to`, so on the board.
            let step = Cell::new(
                from.x.wrapping_add_signed(step.0),
                from.y.wrapping_add_signed(step.1),
            );
            let mid = Cell::new(
                from.x.wrapping_add_signed(mid.0),
                from.y.wrapping_add_signed(mid.1),
            );
            let path =
                1u128 << self.index(step) | 1u128 << self.index(mid) | 1u128 << self.index(to);
            if occupied & path == 0 {
                f(Move::Jump { from, step, to });
            }
        }
    }

    /// The second square a jump passes through, from its first step.
    fn mid(from: Cell, step: Cell, to: Cell) -> Cell {
        let (dx, dy) = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let (sx, sy) = (step.x as i8 - from.x as i8, step.y as i8 - from.y as i8);
        let along_long_axis = if dy.abs() == 2 { sx == 0 } else { sy == 0 };
        if along_long_axis {
            // Two steps along the long axis.
            Cell::new(
                step.x.wrapping_add_signed(sx),
                step.y.wrapping_add_signed(sy),
            )
        } else {
            // One step sideways, then two along the long axis.
            Cell::new(
                step.x.wrapping_add_signed((dx - sx) / 2),
                step.y.wrapping_add_signed((dy - sy) / 2),
            )
        }
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// The board size in words, for messages.
    fn board_name(&self) -> String {
        format!("{n}×{n}", n = self.size)
    }

    /// What stands on `c`, for messages: `None` when empty.
    fn blocker(&self, c: Cell) -> Option<Msg> {
        let i = self.index(c);
        if self.tokens & 1u128 << i != 0 {
            return Some(msg!(
                "{c} is blocked by a token",
                "{c} está bloqueada por una ficha"
            ));
        }
        for side in Side::ALL {
            if self.knights[side.index()] == Some(i) {
                let (en, es) = knight_name(side);
                return Some(msg!("{c} is occupied by {en}", "{c} está ocupada por {es}"));
            }
        }
        None
    }

    /// Why the placement on `c` is not legal.
    fn why_not_place(&self, c: Cell) -> Msg {
        if !self.placing() {
            return msg!(
                "the knights are already placed: move yours like `d4-d5-e6`",
                "los caballos ya están colocados: mueve el tuyo como `d4-d5-e6`"
            );
        }
        if let Some(m) = self.off_board(c) {
            return m;
        }
        self.blocker(c).unwrap_or_else(|| {
            msg!(
                "{c} cannot take a knight now",
                "{c} no admite un caballo ahora"
            )
        })
    }

    fn off_board(&self, c: Cell) -> Option<Msg> {
        let board = self.board_name();
        (!c.within(self.size, self.size)).then(|| {
            msg!(
                "{c} is not on the {board} board",
                "{c} no está en el tablero de {board}"
            )
        })
    }

    /// Why a jump from `from` to `to` (first stepping on `step`, if given) is
    /// not legal.
    fn why_not_jump(&self, from: Cell, step: Option<Cell>, to: Cell) -> Msg {
        if self.placing() {
            let (en, es) = side_name(self.side);
            return msg!(
                "it is {en}'s turn to place its knight: write a square, like `d4`",
                "les toca a {es} colocar su caballo: escribe una casilla, como `d4`"
            );
        }
        for c in [Some(from), step, Some(to)].into_iter().flatten() {
            if let Some(m) = self.off_board(c) {
                return m;
            }
        }
        let mine = self.knights[self.side.index()].map(|i| self.cell(i));
        if mine != Some(from) {
            let at = mine.map(|c| c.to_string()).unwrap_or_default();
            return msg!(
                "your knight is on {at}, not on {from}",
                "tu caballo está en {at}, no en {from}"
            );
        }
        let leap = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let Some(k) = KNIGHT_LEAPS.iter().position(|&l| l == leap) else {
            return msg!(
                "{from} to {to} is not a knight's jump",
                "de {from} a {to} no hay salto de caballo"
            );
        };
        let first = |p: usize| {
            let (dx, dy) = PATHS[2 * k + p][0];
            Cell::new(
                from.x.wrapping_add_signed(dx),
                from.y.wrapping_add_signed(dy),
            )
        };
        let (a, b) = (first(0), first(1));
        let blocked = |s: Cell| {
            [s, Barrier::mid(from, s, to), to]
                .into_iter()
                .find_map(|c| self.blocker(c))
        };
        match step {
            Some(s) if s != a && s != b => msg!(
                "a jump from {from} to {to} first steps on {a} or {b}, not on {s}",
                "un salto de {from} a {to} pasa primero por {a} o por {b}, no por {s}"
            ),
            Some(s) => blocked(s)
                .unwrap_or_else(|| msg!("that path is blocked", "ese camino está bloqueado")),
            None => match (blocked(a), blocked(b)) {
                (Some(x), Some(y)) if x == y => x,
                (Some(x), Some(y)) => Msg::new(
                    format!("both paths are blocked: {}; {}", x.en, y.en),
                    format!("los dos caminos están bloqueados: {}; {}", x.es, y.es),
                ),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => msg!("that path is blocked", "ese camino está bloqueado"),
            },
        }
    }

    fn expected(&self) -> Msg {
        if self.placing() {
            msg!("`d4` (a square)", "`d4` (una casilla)")
        } else {
            msg!("`d4-d5-e6` or `d4-e6`", "`d4-d5-e6` o `d4-e6`")
        }
    }
}

/// "White" / "las blancas".
fn side_name(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("White", "las blancas"),
        Side::Second => ("Black", "las negras"),
    }
}

/// "the White knight" / "el caballo blanco".
fn knight_name(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("the White knight", "el caballo blanco"),
        Side::Second => ("the Black knight", "el caballo negro"),
    }
}

/// Reads up to three cells separated by `-` (or nothing, once spaces are
/// gone): `d4`, `d4-e6`, `d4-d5-e6`. `None` when the text has another form.
fn parse_cells(text: &str) -> Option<Vec<Cell>> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let mut rest = squeezed.as_str();
    let mut cells = Vec::new();
    loop {
        let (cell, after) = Cell::parse_prefix(rest)?;
        cells.push(cell);
        if cells.len() > 3 {
            return None;
        }
        rest = match after.strip_prefix('-') {
            Some(r) => r,
            None if after.is_empty() => return Some(cells),
            None => after,
        };
    }
}

impl Game for Barrier {
    type Move = Move;
    const ID: GameId = GameId::Barrier;

    fn new(setup: &Setup) -> Result<Barrier, SetupError> {
        setup.expect_no_deal()?;
        let params = setup.resolve(GameId::Barrier.info().params)?;
        let size = params
            .first()
            .and_then(|&s| u8::try_from(s).ok())
            .filter(|s| SIZES.contains(s))
            .unwrap_or(8);
        Ok(Barrier {
            size,
            tokens: 0,
            knights: [None, None],
            side: Side::First,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        Turn {
            side: self.side,
            phase: if self.placing() {
                Phase::Place
            } else {
                Phase::Play
            },
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let n = self.size;
        match m {
            Move::Place(c) if c.within(n, n) => {
                self.knights[self.side.index()] = Some(self.index(c));
            }
            Move::Jump { from, step, to } if [from, step, to].iter().all(|c| c.within(n, n)) => {
                let mid = Barrier::mid(from, step, to);
                for c in [from, step, mid] {
                    // Only a move that is not legal could have `mid` off the board.
                    if c.within(n, n) {
                        self.tokens |= 1u128 << self.index(c);
                    }
                }
                self.knights[self.side.index()] = Some(self.index(to));
            }
            // Not a legal move: the contract allows any result but a panic.
            _ => {}
        }
        self.side = self.side.other();
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_moves()).then(|| Outcome::win(self.side.other(), EndReason::NoLegalMove))
    }

    fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place(c) => c.to_string(),
            Move::Jump { from, step, to } => format!("{from}-{step}-{to}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let cells = parse_cells(text).ok_or_else(|| MoveError::syntax(text, self.expected()))?;
        match cells[..] {
            [c] => resolve(
                self,
                text,
                |m| m == Move::Place(c),
                || self.why_not_place(c),
            ),
            [from, to] => resolve(
                self,
                text,
                |m| matches!(m, Move::Jump { from: f, to: t, .. } if f == from && t == to),
                || self.why_not_jump(from, None, to),
            ),
            [from, step, to] => resolve(
                self,
                text,
                |m| m == Move::Jump { from, step, to },
                || self.why_not_jump(from, Some(step), to),
            ),
            _ => Err(MoveError::syntax(text, self.expected())),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Place(_) => None,
            Move::Jump { from, .. } => Some(from),
        }
    }

    fn position_text(&self) -> String {
        let n = self.size;
        let board = write_rows((0..n).rev().map(|y| {
            (0..n).map(move |x| {
                let i = self.index(Cell::new(x, y));
                if self.knights[0] == Some(i) {
                    Some('N')
                } else if self.knights[1] == Some(i) {
                    Some('n')
                } else if self.tokens & 1u128 << i != 0 {
                    Some('x')
                } else {
                    None
                }
            })
        }));
        let side = if self.side == Side::First { 'w' } else { 'b' };
        format!("{board} {side}")
    }

    fn from_position_text(text: &str) -> Result<Barrier, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(PositionError::new(
                "expected two fields: the board and the side to move",
            ));
        };
        let side = read_side(side, ["w", "b"])?;
        let rows = read_rows(board, "Nnx")?;
        let size = u8::try_from(rows.len())
            .ok()
            .filter(|s| SIZES.contains(s))
            .ok_or_else(|| PositionError::new("the board must have 5 to 10 ranks"))?;
        check_width(&rows, usize::from(size))?;
        let mut g = Barrier {
            size,
            tokens: 0,
            knights: [None, None],
            side,
            last: None,
        };
        for (row, cells) in rows.iter().enumerate() {
            let y = size - 1 - row as u8;
            for (x, cell) in (0..).zip(cells) {
                let i = y * size + x;
                match cell {
                    None => {}
                    Some('x') => g.tokens |= 1u128 << i,
                    Some(k) => {
                        let s = usize::from(*k == 'n');
                        if g.knights[s].replace(i).is_some() {
                            return Err(PositionError::new(format!("two `{k}` knights")));
                        }
                    }
                }
            }
        }
        match g.knights {
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
        Ok(g)
    }

    fn view(&self) -> BoardView {
        let n = self.size;
        let shape = Shape::grid(n, n);
        let cells = shape
            .cells()
            .into_iter()
            .map(|c| {
                let i = self.index(c);
                let mut v = CellView::empty(c);
                v.token = self.tokens & 1u128 << i != 0;
                if self.knights[0] == Some(i) {
                    v.piece = Some(Piece {
                        kind: PieceKind::Knight,
                        color: Color::White,
                    });
                } else if self.knights[1] == Some(i) {
                    v.piece = Some(Piece {
                        kind: PieceKind::Knight,
                        color: Color::Black,
                    });
                }
                v
            })
            .collect();
        let highlights = match self.last {
            None => Vec::new(),
            Some(Move::Place(c)) => vec![Highlight {
                cell: c,
                kind: HighlightKind::Placed,
            }],
            Some(Move::Jump { from, step, to }) => vec![
                Highlight {
                    cell: from,
                    kind: HighlightKind::From,
                },
                Highlight {
                    cell: step,
                    kind: HighlightKind::Path,
                },
                Highlight {
                    cell: Barrier::mid(from, step, to),
                    kind: HighlightKind::Path,
                },
                Highlight {
                    cell: to,
                    kind: HighlightKind::To,
                },
            ],
        };
        let outcome = self.outcome();
        let placed = self.knights.iter().flatten().count() as u32;
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.side),
                phase: self.turn().phase,
                // Every jump leaves exactly three tokens.
                ply: placed + self.tokens.count_ones() / 3,
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
