//! Where each cell lies on a board's image, for pages that put a tappable
//! element over every drawn cell: the very layout the drawing uses, so the
//! areas match the cells exactly (hexagons as their six corners).

use tablero_rules::{Cell, Shape};

use crate::geometry::Rect;
use crate::layout::{Grid, layout};

/// One cell's place on the image, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct CellArea {
    pub cell: Cell,
    /// The cell's square, or a hexagon's bounding box.
    pub rect: Rect,
    /// A hexagon's six corners, clockwise from the top; `None` for squares.
    pub hexagon: Option<[(f32, f32); 6]>,
}

/// Every cell of a board of `shape` on its image, with the image's size.
#[derive(Clone, Debug, PartialEq)]
pub struct CellAreas {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<CellArea>,
}

/// The cells of a board of `shape` drawn from the second player's side when
/// `flip` (ignored by Cascades, as the drawing ignores it); `None` for a
/// shape no game draws (as [`crate::render_png`] refuses it).
#[must_use]
pub fn cell_areas(shape: Shape, flip: bool) -> Option<CellAreas> {
    let drawable = match shape {
        Shape::Square { files, ranks, .. } => {
            (1..=26).contains(&files) && (1..=30).contains(&ranks)
        }
        Shape::HexTrapezoid { rows } => (1..=19).contains(&rows),
    };
    if !drawable {
        return None;
    }
    let flip = flip && matches!(shape, Shape::Square { .. });
    let l = layout(shape, flip);
    let cells = shape
        .cells()
        .into_iter()
        .map(|cell| match l.grid {
            Grid::Square(g) => CellArea {
                cell,
                rect: g.cell_rect(cell),
                hexagon: None,
            },
            Grid::Hex(g) => {
                let (cx, cy) = g.center(cell);
                let (r, half) = (g.radius(), g.pitch / 2.0);
                CellArea {
                    cell,
                    rect: Rect::new(cx - half, cy - r, 2.0 * half, 2.0 * r),
                    hexagon: Some(g.corners(cell)),
                }
            }
        })
        .collect();
    Some(CellAreas {
        width: l.width,
        height: l.height,
        cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chess_board_s_corners_and_its_flip() {
        // 640 px wide, gutters 26 left and 8 right, 12 padding: 640 - 24 -
        // 34 = 582 px for 8 files, so 72 px squares (582 / 8 = 72.75,
        // floored), the 576 px board centred: left = (640 - 576) / 2 = 32;
        // top = header 46 + player 48 + gap 8 + thin gutter 8 = 110.
        let a = cell_areas(Shape::grid(8, 8), false).unwrap();
        assert_eq!(a.width, 640);
        assert_eq!(a.cells.len(), 64);
        let a1 = &a.cells[0];
        assert_eq!(a1.cell, Cell::new(0, 0));
        assert_eq!(a1.rect, Rect::new(32.0, 110.0 + 7.0 * 72.0, 72.0, 72.0));
        let f = cell_areas(Shape::grid(8, 8), true).unwrap();
        assert_eq!(
            f.cells[0].rect,
            Rect::new(32.0 + 7.0 * 72.0, 110.0, 72.0, 72.0)
        );
    }

    #[test]
    fn hexagons_touch_their_neighbours_and_no_shape_is_refused_by_accident() {
        let a = cell_areas(Shape::HexTrapezoid { rows: 8 }, true).unwrap();
        // 8 rows: 15 + 14 + … + 8 cells.
        assert_eq!(a.cells.len(), (8..=15).sum::<usize>());
        let (a1, b1) = (&a.cells[0], &a.cells[1]);
        let h = a1.hexagon.unwrap();
        // a1's right edge is b1's left edge.
        assert_eq!(h[1].0, b1.hexagon.unwrap()[5].0);
        assert!((a1.rect.w - (b1.rect.x - a1.rect.x)).abs() < 1e-3);
        assert!(cell_areas(Shape::grid(0, 8), false).is_none());
        assert!(cell_areas(Shape::HexTrapezoid { rows: 20 }, false).is_none());
    }
}
