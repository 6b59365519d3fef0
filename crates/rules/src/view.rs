//! What a game shows: a plain description of the board for the renderer.
//!
//! A game says *what* is where; the renderer decides *how* it looks. Nothing
//! here knows about pixels, and nothing in the renderer knows the rules.

use crate::{Cell, Outcome, Phase, Side};

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A grid of `files` × `ranks` squares. `Cell { x: file, y: rank }`, both
    /// from 0, rank 0 at the first player's edge. `wrap_ranks` marks a
    /// cylinder whose top and bottom edges join (guadalete14).
    Square {
        files: u8,
        ranks: u8,
        wrap_ranks: bool,
    },
    /// Cascades' trapezoid of hexagons: `rows` rows, the top row 8 cells and
    /// each row below one more. `Cell { x: index from the left, y: row from
    /// the bottom (0 = row 1) }`. Each row is shifted half a cell left of the
    /// row above it, so a cell touches two cells above and two below.
    HexTrapezoid { rows: u8 },
}

impl Shape {
    /// A flat grid of `files` × `ranks` squares (no wrapping).
    #[must_use]
    pub const fn grid(files: u8, ranks: u8) -> Shape {
        Shape::Square {
            files,
            ranks,
            wrap_ranks: false,
        }
    }

    /// Every cell of the board, bottom row first, left to right.
    #[must_use]
    pub fn cells(self) -> Vec<Cell> {
        match self {
            Shape::Square { files, ranks, .. } => (0..ranks)
                .flat_map(|y| (0..files).map(move |x| Cell::new(x, y)))
                .collect(),
            Shape::HexTrapezoid { rows } => (0..rows)
                .flat_map(|y| (0..Shape::hex_row_len(rows, y)).map(move |x| Cell::new(x, y)))
                .collect(),
        }
    }

    /// Cells in row `y` (from the bottom) of a hex trapezoid with `rows` rows.
    #[must_use]
    pub const fn hex_row_len(rows: u8, y: u8) -> u8 {
        8 + (rows - 1 - y)
    }
}

/// A visible colour of pieces or stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

/// What a piece looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    King,
    Queen,
    Rook,
    Bishop,
    /// Saltador's jumping bishop: drawn as a bishop with a mark that tells it
    /// jumps.
    JumpingBishop,
    Knight,
    Pawn,
    /// Guadalete14's promoted piece: queen + knight.
    Amazon,
    /// A plain stone (Bloc, Bombardment, Breakthrough, Cascades, Empuje).
    Stone,
    Angel,
    Demon,
}

impl PieceKind {
    /// Every kind of piece.
    pub const ALL: [PieceKind; 11] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::JumpingBishop,
        PieceKind::Knight,
        PieceKind::Pawn,
        PieceKind::Amazon,
        PieceKind::Stone,
        PieceKind::Angel,
        PieceKind::Demon,
    ];
}

/// A piece on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: PieceKind,
    pub color: Color,
}

/// The ground a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Terrain {
    #[default]
    Normal,
    /// An unplanked river square (Guadalete).
    River,
    /// A river square covered by a plank: ordinary ground now.
    Plank,
    /// A square that can no longer be used (Knight Fight: erased or left).
    Dead,
}

/// One cell as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellView {
    pub cell: Cell,
    pub terrain: Terrain,
    pub piece: Option<Piece>,
    /// Bloc: the piece carries its group's marker.
    pub marker: bool,
    /// Barrier: a blocking token lies here.
    pub token: bool,
    /// Knight Fight: the number still on the square (0..=99, written with two
    /// digits).
    pub number: Option<u8>,
}

impl CellView {
    /// An empty, normal cell.
    #[must_use]
    pub const fn empty(cell: Cell) -> CellView {
        CellView {
            cell,
            terrain: Terrain::Normal,
            piece: None,
            marker: false,
            token: false,
            number: None,
        }
    }
}

/// How a cell took part in the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// Where the moving piece started.
    From,
    /// Where it ended.
    To,
    /// A square passed through (Barrier's path).
    Path,
    /// A square in an explosion (Bombardment).
    Blast,
    /// A stone or piece just placed.
    Placed,
    /// A square of the push line (Empuje).
    Push,
    /// A square erased by the move (Knight Fight).
    Erased,
    /// The king in check.
    Check,
}

/// A cell highlighted because of the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Highlight {
    pub cell: Cell,
    pub kind: HighlightKind,
}

/// What a side's number in the status strip counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// Knight Fight points.
    Points,
    /// Pieces on the board.
    Pieces,
    /// Cascades: stones in the bottom row.
    BottomRow,
}

/// The facts around the board, for the status strip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Who decides next; `None` when the game is over.
    pub to_move: Option<Side>,
    pub phase: Phase,
    /// Moves played since the start, set-up moves included.
    pub ply: u32,
    /// The colour each side plays, by [`Side::index`]; `None` while still
    /// undecided (Empuje's set-up).
    pub colors: [Option<Color>; 2],
    /// A number per side worth showing, by [`Side::index`].
    pub scores: Option<(ScoreKind, [i32; 2])>,
    pub outcome: Option<Outcome>,
}

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub shape: Shape,
    /// Every cell of the board, each once, in any order.
    pub cells: Vec<CellView>,
    /// The cells the last move touched; empty at the start.
    pub highlights: Vec<Highlight>,
    pub status: Status,
}

impl BoardView {
    /// An empty board of `shape` before the first move: the first side
    /// to move, White and Black, nothing played (for drawings made by
    /// hand: galleries, tests).
    #[must_use]
    pub fn empty(shape: Shape) -> BoardView {
        BoardView {
            shape,
            cells: shape.cells().into_iter().map(CellView::empty).collect(),
            highlights: Vec::new(),
            status: Status {
                to_move: Some(Side::First),
                phase: Phase::Play,
                ply: 0,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: None,
                outcome: None,
            },
        }
    }

    /// The view of `cell`, if it is on the board.
    #[must_use]
    pub fn cell(&self, cell: Cell) -> Option<&CellView> {
        self.cells.iter().find(|c| c.cell == cell)
    }
}
