//! How the image is divided: header, the two player rows, the board with its
//! coordinate gutters, and the status footer. Sizes follow from the board
//! shape alone.

use tablero_rules::Shape;

use crate::geometry::{HexGrid, Rect, SquareGrid};

/// Width of images of square boards.
pub(crate) const SQUARE_WIDTH: u32 = 640;
/// Width of images of Cascades' trapezoid, whose bottom row is long.
pub(crate) const HEX_WIDTH: u32 = 800;

const PAD: f32 = 12.0;
const HEADER: f32 = 46.0;
const PLAYER: f32 = 48.0;
const FOOTER: f32 = 46.0;
const GAP: f32 = 8.0;
/// The bands beside the board that hold the coordinates.
const GUTTER: f32 = 26.0;
const GUTTER_THIN: f32 = 8.0;
/// Room for the sign that guadalete14's top and bottom edges join.
const GUTTER_WRAP: f32 = 40.0;
/// Largest square, so small boards do not become huge.
const MAX_SQUARE: f32 = 96.0;
/// Tallest board, so that tall boards stay readable on a phone without
/// scrolling.
const MAX_BOARD_HEIGHT: f32 = 760.0;
const MAX_PITCH: f32 = 64.0;

/// Where the board's cells go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Grid {
    Square(SquareGrid),
    Hex(HexGrid),
}

/// The parts of one image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout {
    pub width: u32,
    pub height: u32,
    pub header: Rect,
    /// The player whose side is at the top of the board.
    pub top_player: Rect,
    pub bottom_player: Rect,
    pub footer: Rect,
    pub grid: Grid,
    /// Whether the board wraps top to bottom (room for its sign was left on
    /// the right).
    pub wrap: bool,
}

/// The layout for a board of `shape`. The shape must have been validated
/// (at least one rank, file and row).
pub(crate) fn layout(shape: Shape, flip: bool) -> Layout {
    match shape {
        Shape::Square {
            files,
            ranks,
            wrap_ranks,
        } => {
            let width = SQUARE_WIDTH as f32;
            let right = if wrap_ranks { GUTTER_WRAP } else { GUTTER_THIN };
            let left_gutter = if wrap_ranks { GUTTER_WRAP } else { GUTTER };
            let avail = width - 2.0 * PAD - left_gutter - right;
            let size = (avail / f32::from(files))
                .min(MAX_BOARD_HEIGHT / f32::from(ranks))
                .min(MAX_SQUARE)
                .floor()
                .max(8.0);
            let board_w = size * f32::from(files);
            let board_h = size * f32::from(ranks);
            let left = ((width - board_w) / 2.0).floor();
            let top = HEADER + PLAYER + GAP + GUTTER_THIN;
            let grid = SquareGrid {
                files,
                ranks,
                flip,
                left,
                top,
                size,
            };
            frame(
                width,
                top + board_h + GUTTER,
                Grid::Square(grid),
                wrap_ranks,
            )
        }
        Shape::HexTrapezoid { rows } => {
            let width = HEX_WIDTH as f32;
            let probe = HexGrid {
                rows,
                left: 0.0,
                top: 0.0,
                pitch: 1.0,
            };
            let cells = f32::from(probe.row_len(0));
            let pitch = ((width - 2.0 * PAD - 2.0 * GUTTER) / cells)
                .min(MAX_PITCH)
                .floor()
                .max(8.0);
            let mut grid = HexGrid {
                pitch,
                top: HEADER + PLAYER + GAP + GUTTER_THIN,
                ..probe
            };
            grid.left = ((width - grid.bounds().w) / 2.0).floor();
            let bottom = grid.bounds().bottom() + GUTTER_THIN + GAP;
            frame(width, bottom, Grid::Hex(grid), false)
        }
    }
}

fn frame(width: f32, board_bottom: f32, grid: Grid, wrap: bool) -> Layout {
    let inner = width - 2.0 * PAD;
    let bottom_player = Rect::new(PAD, board_bottom, inner, PLAYER);
    let footer = Rect::new(0.0, bottom_player.bottom(), width, FOOTER);
    Layout {
        width: width as u32,
        height: (footer.bottom() + PAD / 2.0).ceil() as u32,
        header: Rect::new(0.0, 0.0, width, HEADER),
        top_player: Rect::new(PAD, HEADER, inner, PLAYER),
        bottom_player,
        footer,
        grid,
        wrap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(files: u8, ranks: u8, wrap: bool) -> Layout {
        layout(
            Shape::Square {
                files,
                ranks,
                wrap_ranks: wrap,
            },
            false,
        )
    }

    #[test]
    fn chess_board_is_wide_and_not_square() {
        let l = square(8, 8, false);
        let Grid::Square(g) = l.grid else {
            panic!("square grid expected")
        };
        assert_eq!(l.width, 640);
        assert!(g.size >= 70.0, "squares of {}", g.size);
        assert!(l.height > l.width + 100, "{}×{}", l.width, l.height);
        assert!(g.bounds().x >= 30.0 && g.bounds().right() <= 630.0);
    }

    #[test]
    fn tall_boards_are_capped() {
        let l = square(8, 14, true);
        let Grid::Square(g) = l.grid else {
            panic!("square grid expected")
        };
        assert!(g.bounds().h <= MAX_BOARD_HEIGHT);
        assert!(l.height < 1100);
        // The wrap sign has room on the right.
        assert!(g.bounds().right() + GUTTER_WRAP <= 640.0 - PAD);
    }

    #[test]
    fn every_part_fits_inside_the_image() {
        let shapes = [
            Shape::grid(5, 5),
            Shape::grid(10, 10),
            Shape::grid(4, 10),
            Shape::HexTrapezoid { rows: 4 },
            Shape::HexTrapezoid { rows: 8 },
            Shape::HexTrapezoid { rows: 12 },
        ];
        for shape in shapes {
            let l = layout(shape, true);
            let board = match l.grid {
                Grid::Square(g) => g.bounds(),
                Grid::Hex(h) => h.bounds(),
            };
            assert!(
                board.x >= 0.0 && board.right() <= l.width as f32,
                "{shape:?}"
            );
            assert!(board.y >= l.top_player.bottom(), "{shape:?}");
            assert!(board.bottom() <= l.bottom_player.y, "{shape:?}");
            assert!(l.footer.bottom() <= l.height as f32, "{shape:?}");
        }
    }
}
