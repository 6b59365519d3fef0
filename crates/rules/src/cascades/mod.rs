//! Cascades (Cascadas), William Chang 2001: stones trickle down a trapezoid
//! of hexagons, and the side holding more of the bottom row wins.
//!
//! The board is kept as one bit row per colour and row (`u32`, bit `x` = the
//! cell `x` from the left), so "beside or below one of my stones" is a few
//! shifts: a cell's neighbours above are the cells `x - 1` and `x` of the row
//! above, its neighbours beside are `x ± 1` in its own row.
//!
//! Coordinates follow [`Shape::HexTrapezoid`]: `Cell { x: index from the
//! left, y: row from the bottom }`, written letter + row (`c7`). RULES.md
//! counts rows from the top (`k`); `k = rows - 1 - y`.
//!
//! A two-stone move is a set, legal when some order of placing it is: the
//! first stone is legal now, the game has **not** ended after it, and the
//! second stone is legal then. The game ends "as soon as" a side holds a
//! majority of the bottom row or the row is full, so a first stone that does
//! either leaves no room for a second. In practice this forbids only the sets
//! of two bottom-row cells when one more bottom stone would give the mover
//! the majority: a set of one such cell and a cell higher up is still legal,
//! with the higher stone first (a bottom-row stone opens only bottom-row
//! cells, so the higher cell is open without it), and that is also the order
//! its canonical text is written in.

mod notation;
#[cfg(test)]
mod tests;

use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Outcome, Piece, PieceKind, PositionError, ScoreKind, Setup, SetupError, Shape, Side, Status,
    Turn,
};

/// The most rows the `rows` parameter allows.
const MAX_ROWS: usize = 12;

/// The fewest rows the `rows` parameter allows.
const MIN_ROWS: usize = 4;

/// Cells on the largest board: 8 + 9 + … + 19.
const MAX_CELLS: usize = 162;

/// Cells in the top row, whatever the number of rows.
const TOP_ROW_LEN: u8 = 8;

/// A move of Cascades. Two stones are a *set*: the cells are kept higher
/// first (and in one row, left first) whatever order they go down in, so the
/// same set is always the same move. A set is legal when some order of
/// placing it is legal, and an order is legal only if the game has not
/// ended with its first stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Placing no stone.
    Pass,
    /// One stone.
    One(Cell),
    /// Two stones, the higher (or, in one row, the left) cell first.
    Two(Cell, Cell),
}

impl Move {
    /// The two-stone move on `a` and `b`, in either order.
    #[must_use]
    pub fn two(a: Cell, b: Cell) -> Move {
        let (a, b) = if (b.y, a.x) > (a.y, b.x) {
            (b, a)
        } else {
            (a, b)
        };
        Move::Two(a, b)
    }
}

/// A Cascades position: the stones, whose turn, the passes just made and
/// the number of moves played (the first move allows only one stone).
#[derive(Clone, Debug)]
pub struct Cascades {
    rows: u8,
    /// Stones by [`Side::index`] and row from the bottom.
    stones: [[u32; MAX_ROWS]; 2],
    to_move: Side,
    /// Passes in a row just before this position (two end the game).
    passes: u8,
    ply: u32,
    /// The last move, for the view only: not part of the position.
    last: Option<Move>,
}

impl Cascades {
    /// The number of rows of the board.
    #[must_use]
    pub const fn rows(&self) -> u8 {
        self.rows
    }

    /// Cells in row `y` (from the bottom).
    const fn row_len(&self, y: u8) -> u8 {
        Shape::hex_row_len(self.rows, y)
    }

    /// Every cell of row `y` as bits.
    const fn row_mask(&self, y: u8) -> u32 {
        (1 << self.row_len(y)) - 1
    }

    /// Whether `cell` lies on this board.
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.y < self.rows && cell.x < self.row_len(cell.y)
    }

    /// The colour of the stone on `cell`, if any (`None` off the board too).
    #[must_use]
    pub fn stone(&self, cell: Cell) -> Option<Side> {
        if !self.contains(cell) {
            return None;
        }
        let bit = 1 << cell.x;
        Side::ALL
            .into_iter()
            .find(|s| self.stones[s.index()][cell.y as usize] & bit != 0)
    }

    /// Bits of the occupied cells of row `y`.
    const fn occupied(&self, y: usize) -> u32 {
        self.stones[0][y] | self.stones[1][y]
    }

    /// Whether this is the first player's very first turn, which allows at
    /// most one stone.
    const fn first_turn(&self) -> bool {
        self.ply == 0 && matches!(self.to_move, Side::First)
    }

    /// The empty cells where `side` may put a stone now: beside one of its
    /// stones, or below one (one of the two cells above holds its stone).
    fn targets(&self, side: Side) -> [u32; MAX_ROWS] {
        let own = &self.stones[side.index()];
        let mut out = [0; MAX_ROWS];
        for y in 0..self.rows as usize {
            let above = if y + 1 < self.rows as usize {
                own[y + 1]
            } else {
                0
            };
            let near = own[y] << 1 | own[y] >> 1 | above | above << 1;
            out[y] = near & self.row_mask(y as u8) & !self.occupied(y);
        }
        out
    }

    /// The cells a stone on `cell` makes reachable: beside it and below it.
    /// Only cells on the board, possibly occupied.
    fn reach_of(&self, cell: Cell) -> [u32; MAX_ROWS] {
        let mut out = [0; MAX_ROWS];
        let y = cell.y as usize;
        let bit = 1u32 << cell.x;
        out[y] = (bit << 1 | bit >> 1) & self.row_mask(cell.y);
        if y > 0 {
            out[y - 1] = (bit | bit << 1) & self.row_mask(cell.y - 1);
        }
        out
    }

    /// Whether `side` may put a stone on `second` once `first` holds one.
    fn legal_after(&self, side: Side, first: Cell, second: Cell) -> bool {
        let y = second.y as usize;
        let bit = 1 << second.x;
        first != second
            && (self.targets(side)[y] | self.reach_of(first)[y]) & bit & !self.occupied(y) != 0
    }

    /// Whether `side` may put a stone on `cell` now.
    fn legal_now(&self, side: Side, cell: Cell) -> bool {
        self.contains(cell) && self.targets(side)[cell.y as usize] & (1 << cell.x) != 0
    }

    /// How the game would end if `side` put a stone on `cell` now and did
    /// nothing else: a majority of the bottom row or a full bottom row, or
    /// `None` when the game goes on. Checked literally, on a copy.
    fn end_after(&self, side: Side, cell: Cell) -> Option<EndReason> {
        let mut after = self.clone();
        after.put(side, cell);
        after.passes = 0;
        after.outcome().map(|o| o.reason)
    }

    /// Whether `side` may place `first` and then `second` this turn: `first`
    /// is legal now, the game has not ended with it, and `second` is legal
    /// after it.
    fn order_legal(&self, side: Side, first: Cell, second: Cell) -> bool {
        self.legal_now(side, first)
            && self.legal_after(side, first, second)
            && self.end_after(side, first).is_none()
    }

    /// Whether one more stone of `side` in the bottom row would end the
    /// game at once: it would give `side` the majority of the row, or fill
    /// the row. The fast form of [`Cascades::end_after`] for move generation.
    fn bottom_stone_ends(&self, side: Side) -> bool {
        let len = u32::from(self.row_len(0));
        let own = self.stones[side.index()][0].count_ones();
        let all = self.occupied(0).count_ones();
        2 * (own + 1) > len || all + 1 == len
    }

    /// Calls `f` with every legal move in the stable order: single stones
    /// from the top row down and left to right, then the pairs of cells
    /// already open (in the same order), then each open cell with the cells
    /// it opens, then the pass.
    ///
    /// When one more bottom-row stone would end the game, the pairs of two
    /// bottom-row cells are left out: whichever goes first ends the game.
    /// Every other pair keeps an order whose first stone stays off the
    /// bottom row: a pair of open cells can start with its higher cell, and
    /// a cell opened by a bottom-row stone is itself in the bottom row.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome().is_some() {
            return;
        }
        let side = self.to_move;
        let targets = self.targets(side);
        let bottom_ends = self.bottom_stone_ends(side);
        // Every cell of the board fits; a fixed array keeps this off the heap.
        let mut open = [Cell::new(0, 0); MAX_CELLS];
        let mut n = 0;
        for c in cells_of(&targets, self.rows) {
            open[n] = c;
            n += 1;
        }
        let open = &open[..n];
        for &a in open {
            f(Move::One(a));
        }
        if !self.first_turn() {
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    if !(bottom_ends && a.y == 0 && b.y == 0) {
                        f(Move::Two(a, b));
                    }
                }
            }
            for &a in open {
                if bottom_ends && a.y == 0 {
                    // It opens only bottom-row cells, and ends the game.
                    continue;
                }
                let mut fresh = self.reach_of(a);
                for (y, row) in fresh.iter_mut().enumerate() {
                    *row &= !self.occupied(y) & !targets[y];
                }
                for b in cells_of(&fresh, self.rows) {
                    f(Move::two(a, b));
                }
            }
        }
        f(Move::Pass);
    }

    /// The number of legal moves, counted without listing them.
    fn count_moves(&self) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let targets = self.targets(self.to_move);
        let open: u64 = targets.iter().map(|r| u64::from(r.count_ones())).sum();
        if self.first_turn() {
            return open + 1;
        }
        // As in `for_each_move`: no two bottom-row stones when the first
        // would end the game.
        let bottom_ends = self.bottom_stone_ends(self.to_move);
        let open_bottom = if bottom_ends {
            u64::from(targets[0].count_ones())
        } else {
            0
        };
        let mut opened = 0;
        for a in cells_of(&targets, self.rows) {
            if bottom_ends && a.y == 0 {
                continue;
            }
            let fresh = self.reach_of(a);
            for y in 0..self.rows as usize {
                opened += u64::from((fresh[y] & !self.occupied(y) & !targets[y]).count_ones());
            }
        }
        open + open * open.saturating_sub(1) / 2 - open_bottom * open_bottom.saturating_sub(1) / 2
            + opened
            + 1
    }

    /// Stones of each side in the bottom row, by [`Side::index`].
    fn bottom_counts(&self) -> [u32; 2] {
        [
            self.stones[0][0].count_ones(),
            self.stones[1][0].count_ones(),
        ]
    }

    fn put(&mut self, side: Side, cell: Cell) {
        if let Some(row) = self.stones[side.index()].get_mut(cell.y as usize) {
            *row |= 1u32.checked_shl(u32::from(cell.x)).unwrap_or(0);
        }
    }
}

/// The cells of a board of bit rows, from the top row down, left to right.
fn cells_of(rows: &[u32; MAX_ROWS], n: u8) -> impl Iterator<Item = Cell> + '_ {
    (0..n).rev().flat_map(move |y| {
        let mut bits = rows[y as usize];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let x = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Cell::new(x, y)
            })
        })
    })
}

impl Game for Cascades {
    type Move = Move;
    const ID: GameId = GameId::Cascades;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.expect_no_deal()?;
        let params = setup.resolve(Self::ID.info().params)?;
        // The registry bounds `rows` to 4..=12; clamp anyway so a changed
        // registry can never index past the fixed arrays.
        let rows = params[0].clamp(MIN_ROWS as u32, MAX_ROWS as u32) as u8;
        let mut g = Cascades {
            rows,
            stones: [[0; MAX_ROWS]; 2],
            to_move: Side::First,
            passes: 0,
            ply: 0,
            last: None,
        };
        let top = rows as usize - 1;
        // White on a, c, e, g of the top row; Black on b, d, f, h.
        g.stones[0][top] = 0b0101_0101;
        g.stones[1][top] = 0b1010_1010;
        Ok(g)
    }

    fn turn(&self) -> Turn {
        Turn::play(self.to_move)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let side = self.to_move;
        match m {
            Move::Pass => self.passes = self.passes.saturating_add(1),
            Move::One(c) => {
                self.put(side, c);
                self.passes = 0;
            }
            Move::Two(a, b) => {
                self.put(side, a);
                self.put(side, b);
                self.passes = 0;
            }
        }
        self.to_move = side.other();
        self.ply = self.ply.saturating_add(1);
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        let [w, b] = self.bottom_counts();
        let len = u32::from(self.row_len(0));
        let by_count = |reason| {
            Some(match w.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::win(Side::First, reason),
                std::cmp::Ordering::Less => Outcome::win(Side::Second, reason),
                std::cmp::Ordering::Equal => Outcome::draw(reason),
            })
        };
        if 2 * w > len || 2 * b > len {
            by_count(EndReason::BottomRowMajority)
        } else if w + b == len {
            // Full without a majority: only on an even bottom row, tied.
            by_count(EndReason::BottomRowFull)
        } else if self.passes >= 2 {
            by_count(EndReason::TwoPasses)
        } else {
            None
        }
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(self, m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_origin(&self, _: Move) -> Option<Cell> {
        None
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        notation::from_position_text(text)
    }

    fn view(&self) -> BoardView {
        let shape = Shape::HexTrapezoid { rows: self.rows };
        let cells = shape
            .cells()
            .into_iter()
            .map(|cell| CellView {
                piece: self.stone(cell).map(|s| Piece {
                    kind: PieceKind::Stone,
                    color: color_of(s),
                }),
                ..CellView::empty(cell)
            })
            .collect();
        let placed = match self.last {
            Some(Move::One(c)) => vec![c],
            Some(Move::Two(a, b)) => vec![a, b],
            Some(Move::Pass) | None => vec![],
        };
        let outcome = self.outcome();
        let [w, b] = self.bottom_counts();
        BoardView {
            shape,
            cells,
            highlights: placed
                .into_iter()
                .map(|cell| Highlight {
                    cell,
                    kind: HighlightKind::Placed,
                })
                .collect(),
            status: Status {
                to_move: outcome.is_none().then_some(self.to_move),
                phase: crate::Phase::Play,
                ply: self.ply,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: Some((ScoreKind::BottomRow, [w as i32, b as i32])),
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::game::walk_perft!(self, depth, self.count_moves())
    }
}

/// White moves first in Cascades.
const fn color_of(side: Side) -> Color {
    match side {
        Side::First => Color::White,
        Side::Second => Color::Black,
    }
}
