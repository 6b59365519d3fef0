//! Where cells go on the image: square grids in either orientation and
//! Cascades' hex trapezoid. Pure arithmetic, apart from the board model and
//! from drawing, so it can be tested on its own.

use tablero_rules::Cell;

/// An axis-aligned rectangle in image pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    /// The rectangle at `x`, `y` of size `w` × `h`.
    #[must_use]
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The centre point.
    #[must_use]
    pub fn center(self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The right edge.
    #[must_use]
    pub fn right(self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    #[must_use]
    pub fn bottom(self) -> f32 {
        self.y + self.h
    }

    /// The same rectangle shrunk by `d` on every side.
    #[must_use]
    pub fn inset(self, d: f32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2.0 * d, self.h - 2.0 * d)
    }
}

/// A grid of square cells seen from one side.
///
/// Unflipped, file 0 is on the left and rank 0 at the bottom (the first
/// player's view); flipped, the board is turned half round, as the second
/// player sees it.
///
/// ```
/// use tablero_render::geometry::SquareGrid;
/// use tablero_rules::Cell;
/// let g = SquareGrid { files: 8, ranks: 8, flip: false, left: 10.0, top: 20.0, size: 50.0 };
/// assert_eq!(g.cell_rect(Cell::new(0, 0)).y, 20.0 + 7.0 * 50.0); // a1 bottom-left
/// let f = SquareGrid { flip: true, ..g };
/// assert_eq!(f.cell_rect(Cell::new(0, 0)).x, 10.0 + 7.0 * 50.0); // a1 top-right
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SquareGrid {
    pub files: u8,
    pub ranks: u8,
    pub flip: bool,
    /// The board's top-left corner in pixels.
    pub left: f32,
    pub top: f32,
    /// The side of one square in pixels.
    pub size: f32,
}

impl SquareGrid {
    /// The column on screen (0 = leftmost) of file `x`.
    #[must_use]
    pub fn column(&self, x: u8) -> u8 {
        if self.flip { self.files - 1 - x } else { x }
    }

    /// The row on screen (0 = top) of rank `y`.
    #[must_use]
    pub fn row(&self, y: u8) -> u8 {
        if self.flip { y } else { self.ranks - 1 - y }
    }

    /// The square of `cell` in pixels. The cell must be on the grid.
    #[must_use]
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        Rect::new(
            self.left + f32::from(self.column(cell.x)) * self.size,
            self.top + f32::from(self.row(cell.y)) * self.size,
            self.size,
            self.size,
        )
    }

    /// The whole board in pixels.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        Rect::new(
            self.left,
            self.top,
            f32::from(self.files) * self.size,
            f32::from(self.ranks) * self.size,
        )
    }

    /// Whether `(x + y)` makes `cell` a dark square, a1 being dark as on a
    /// chess board.
    #[must_use]
    pub fn is_dark(cell: Cell) -> bool {
        (cell.x + cell.y) % 2 == 0
    }
}

/// Cascades' trapezoid of pointy-topped hexagons: `rows` rows, the top one 8
/// cells long and each row below one longer, shifted half a cell left.
///
/// `Cell { x, y }` is the index in the row from the left and the row from the
/// bottom. The cell beside is one `pitch` away; the two below are half a
/// pitch left and right, one row lower.
///
/// ```
/// use tablero_render::geometry::HexGrid;
/// use tablero_rules::Cell;
/// let g = HexGrid { rows: 8, left: 0.0, top: 0.0, pitch: 40.0 };
/// let (x, _) = g.center(Cell::new(0, 0)); // a1, bottom-left
/// assert_eq!(x, 20.0);
/// let (x8, _) = g.center(Cell::new(0, 7)); // a8 sits 3.5 cells further right
/// assert_eq!(x8, 20.0 + 3.5 * 40.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexGrid {
    pub rows: u8,
    /// The top-left corner of the bounding box in pixels.
    pub left: f32,
    pub top: f32,
    /// The distance between the centres of neighbouring cells.
    pub pitch: f32,
}

impl HexGrid {
    /// Cells in row `y` (from the bottom); 0 for a row off the board.
    #[must_use]
    pub fn row_len(&self, y: u8) -> u8 {
        if y < self.rows {
            8 + (self.rows - 1 - y)
        } else {
            0
        }
    }

    /// Whether `cell` is on the board.
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x < self.row_len(cell.y)
    }

    /// The distance from a cell's centre to its corners.
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.pitch / 3f32.sqrt()
    }

    /// The vertical distance between the centres of two rows.
    #[must_use]
    pub fn row_step(&self) -> f32 {
        1.5 * self.radius()
    }

    /// The centre of `cell` in pixels.
    #[must_use]
    pub fn center(&self, cell: Cell) -> (f32, f32) {
        let from_top = f32::from(self.rows - 1 - cell.y);
        let x = self.left
            + self.pitch / 2.0
            + (f32::from(cell.x) + f32::from(cell.y) / 2.0) * self.pitch;
        let y = self.top + self.radius() + from_top * self.row_step();
        (x, y)
    }

    /// The six corners of `cell`, clockwise from the top.
    #[must_use]
    pub fn corners(&self, cell: Cell) -> [(f32, f32); 6] {
        hexagon(self.center(cell), self.radius(), self.pitch / 2.0)
    }

    /// The bounding box of the whole board.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        let w = f32::from(self.row_len(0)) * self.pitch;
        let h = 2.0 * self.radius() + f32::from(self.rows.saturating_sub(1)) * self.row_step();
        Rect::new(self.left, self.top, w, h)
    }
}

/// The six corners of a pointy-top hexagon around `(cx, cy)`, clockwise
/// from the top: `r` from the centre to a corner, `half` half its width.
#[must_use]
pub(crate) fn hexagon((cx, cy): (f32, f32), r: f32, half: f32) -> [(f32, f32); 6] {
    [
        (cx, cy - r),
        (cx + half, cy - r / 2.0),
        (cx + half, cy + r / 2.0),
        (cx, cy + r),
        (cx - half, cy + r / 2.0),
        (cx - half, cy - r / 2.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(flip: bool) -> SquareGrid {
        SquareGrid {
            files: 8,
            ranks: 14,
            flip,
            left: 5.0,
            top: 7.0,
            size: 10.0,
        }
    }

    #[test]
    fn square_corners_unflipped() {
        let g = grid(false);
        // a1 bottom-left, h14 top-right.
        assert_eq!(
            g.cell_rect(Cell::new(0, 0)),
            Rect::new(5.0, 137.0, 10.0, 10.0)
        );
        assert_eq!(
            g.cell_rect(Cell::new(7, 13)),
            Rect::new(75.0, 7.0, 10.0, 10.0)
        );
        assert_eq!(
            g.cell_rect(Cell::new(2, 3)),
            Rect::new(25.0, 107.0, 10.0, 10.0)
        );
    }

    #[test]
    fn square_corners_flipped() {
        let g = grid(true);
        // a1 top-right, h14 bottom-left.
        assert_eq!(
            g.cell_rect(Cell::new(0, 0)),
            Rect::new(75.0, 7.0, 10.0, 10.0)
        );
        assert_eq!(
            g.cell_rect(Cell::new(7, 13)),
            Rect::new(5.0, 137.0, 10.0, 10.0)
        );
        assert_eq!(
            g.cell_rect(Cell::new(2, 3)),
            Rect::new(55.0, 37.0, 10.0, 10.0)
        );
    }

    #[test]
    fn flipping_is_a_half_turn() {
        let (g, f) = (grid(false), grid(true));
        let b = g.bounds();
        for y in 0..14 {
            for x in 0..8 {
                let c = Cell::new(x, y);
                let (r, s) = (g.cell_rect(c), f.cell_rect(c));
                assert_eq!(r.x - b.x, b.right() - s.right());
                assert_eq!(r.y - b.y, b.bottom() - s.bottom());
            }
        }
    }

    #[test]
    fn squares_tile_the_bounds() {
        let g = grid(false);
        let b = g.bounds();
        assert_eq!(b, Rect::new(5.0, 7.0, 80.0, 140.0));
        let mut seen = std::collections::HashSet::new();
        for y in 0..14 {
            for x in 0..8 {
                let r = g.cell_rect(Cell::new(x, y));
                assert!(
                    r.x >= b.x && r.right() <= b.right() && r.y >= b.y && r.bottom() <= b.bottom()
                );
                assert!(seen.insert((r.x as i32, r.y as i32)));
            }
        }
    }

    #[test]
    fn a1_is_dark() {
        assert!(SquareGrid::is_dark(Cell::new(0, 0)));
        assert!(!SquareGrid::is_dark(Cell::new(1, 0)));
        assert!(SquareGrid::is_dark(Cell::new(7, 7)));
    }

    fn hex() -> HexGrid {
        HexGrid {
            rows: 8,
            left: 0.0,
            top: 0.0,
            pitch: 40.0,
        }
    }

    fn close(a: (f32, f32), b: (f32, f32)) -> bool {
        (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3
    }

    #[test]
    fn hex_rows_have_the_right_lengths() {
        let g = hex();
        assert_eq!(g.row_len(0), 15);
        assert_eq!(g.row_len(7), 8);
        assert_eq!(g.row_len(8), 0);
        let cells: usize = (0..8).map(|y| usize::from(g.row_len(y))).sum();
        assert_eq!(cells, 92);
        assert!(g.contains(Cell::new(14, 0)));
        assert!(!g.contains(Cell::new(15, 0)));
        assert!(!g.contains(Cell::new(8, 7)));
    }

    #[test]
    fn hex_neighbours_are_one_pitch_apart() {
        let g = hex();
        let step = g.row_step();
        for y in 1..8u8 {
            for x in 0..g.row_len(y) {
                let (cx, cy) = g.center(Cell::new(x, y));
                // Beside.
                if x + 1 < g.row_len(y) {
                    assert!(close(g.center(Cell::new(x + 1, y)), (cx + 40.0, cy)));
                }
                // The two below: (row below, x) and (row below, x + 1).
                assert!(close(g.center(Cell::new(x, y - 1)), (cx - 20.0, cy + step)));
                assert!(close(
                    g.center(Cell::new(x + 1, y - 1)),
                    (cx + 20.0, cy + step)
                ));
                let d = ((20.0f32).powi(2) + step.powi(2)).sqrt();
                assert!((d - 40.0).abs() < 1e-3, "diagonal neighbours are {d} apart");
            }
        }
    }

    #[test]
    fn hex_board_is_a_symmetric_trapezoid() {
        let g = hex();
        let b = g.bounds();
        assert_eq!(b.w, 600.0);
        // Bottom row spans the width; the top row is centred above it.
        assert!(close(g.center(Cell::new(0, 0)), (20.0, b.h - g.radius())));
        assert!(close(g.center(Cell::new(14, 0)), (580.0, b.h - g.radius())));
        let (l, _) = g.center(Cell::new(0, 7));
        let (r, top) = g.center(Cell::new(7, 7));
        assert!((l - (b.w - r)).abs() < 1e-3);
        assert!((top - g.radius()).abs() < 1e-3);
        for c in g.corners(Cell::new(3, 4)) {
            let (cx, cy) = g.center(Cell::new(3, 4));
            let d = ((c.0 - cx).powi(2) + (c.1 - cy).powi(2)).sqrt();
            assert!((d - g.radius()).abs() < 1e-3);
        }
    }
}
