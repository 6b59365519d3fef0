//! Views no game produces must give a `RenderError`, never a panic.

use tablero_render::{RenderError, RenderOptions, render_png};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{
    BoardView, Cell, CellView, Color, GameId, Highlight, HighlightKind, Phase, Piece, PieceKind,
    ScoreKind, Shape, Side, Status, Terrain,
};

fn view(shape: Shape, cells: Vec<CellView>) -> BoardView {
    // The shape may be impossible: only its status comes from an empty
    // chess board.
    BoardView {
        shape,
        cells,
        highlights: Vec::new(),
        status: BoardView::empty(chess()).status,
    }
}

fn chess() -> Shape {
    Shape::grid(8, 8)
}

fn render(v: &BoardView) -> Result<Vec<u8>, RenderError> {
    render_png(v, &RenderOptions::new(GameId::Chess))
}

#[test]
fn cells_off_the_board_are_refused() {
    let v = view(chess(), vec![CellView::empty(Cell::new(8, 0))]);
    assert_eq!(render(&v), Err(RenderError::OffBoard(Cell::new(8, 0))));
    let hex = Shape::HexTrapezoid { rows: 8 };
    // Row 8 (top) has 8 cells: i8 is off the board.
    let v = view(hex, vec![CellView::empty(Cell::new(8, 7))]);
    assert_eq!(render(&v), Err(RenderError::OffBoard(Cell::new(8, 7))));
    let v = view(hex, vec![CellView::empty(Cell::new(0, 8))]);
    assert_eq!(render(&v), Err(RenderError::OffBoard(Cell::new(0, 8))));
}

#[test]
fn highlights_off_the_board_are_refused() {
    let mut v = view(chess(), Vec::new());
    v.highlights.push(Highlight {
        cell: Cell::new(3, 9),
        kind: HighlightKind::To,
    });
    assert_eq!(render(&v), Err(RenderError::OffBoard(Cell::new(3, 9))));
}

#[test]
fn duplicate_cells_are_refused() {
    let v = view(
        chess(),
        vec![
            CellView::empty(Cell::new(1, 1)),
            CellView::empty(Cell::new(1, 1)),
        ],
    );
    assert_eq!(render(&v), Err(RenderError::Duplicate(Cell::new(1, 1))));
}

#[test]
fn impossible_shapes_are_refused() {
    for shape in [
        Shape::grid(0, 8),
        Shape::Square {
            files: 8,
            ranks: 0,
            wrap_ranks: true,
        },
        Shape::grid(27, 8),
        Shape::grid(255, 255),
        Shape::HexTrapezoid { rows: 0 },
        Shape::HexTrapezoid { rows: 20 },
        Shape::HexTrapezoid { rows: 255 },
    ] {
        assert_eq!(
            render(&view(shape, Vec::new())),
            Err(RenderError::Shape(shape))
        );
    }
}

#[test]
fn numbers_above_99_are_refused() {
    let mut c = CellView::empty(Cell::new(0, 0));
    c.number = Some(100);
    let v = view(chess(), vec![c]);
    assert_eq!(
        render(&v),
        Err(RenderError::Number {
            cell: Cell::new(0, 0),
            number: 100
        })
    );
}

#[test]
fn missing_cells_draw_as_empty_ground() {
    assert!(render(&view(chess(), Vec::new())).is_ok());
}

/// Random views, sane or not, in every game's clothes: each either draws
/// or is refused, and nothing panics.
#[test]
fn random_views_never_panic() {
    let mut rng = SplitMix64::new(42);
    let kinds = PieceKind::ALL;
    let terrains = [
        Terrain::Normal,
        Terrain::River,
        Terrain::Plank,
        Terrain::Dead,
    ];
    let hl = [
        HighlightKind::From,
        HighlightKind::To,
        HighlightKind::Path,
        HighlightKind::Blast,
        HighlightKind::Placed,
        HighlightKind::Push,
        HighlightKind::Erased,
        HighlightKind::Check,
    ];
    let mut r = |n: u64| rng.below(n);
    let mut drawn = 0;
    for i in 0..300 {
        let shape = if i % 4 == 0 {
            Shape::HexTrapezoid { rows: r(22) as u8 }
        } else {
            Shape::Square {
                files: r(29) as u8,
                ranks: r(33) as u8,
                wrap_ranks: r(2) == 0,
            }
        };
        let mut cells = Vec::new();
        let mut highlights = Vec::new();
        for _ in 0..r(120) {
            let cell = Cell::new(r(30) as u8, r(34) as u8);
            let mut c = CellView::empty(cell);
            c.terrain = terrains[r(4) as usize];
            if r(2) == 0 {
                let color = if r(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                c.piece = Some(Piece {
                    kind: kinds[r(kinds.len() as u64) as usize],
                    color,
                });
            }
            c.marker = r(5) == 0;
            c.token = r(5) == 0;
            c.number = (r(3) == 0).then(|| r(120) as u8);
            cells.push(c);
            if r(6) == 0 {
                highlights.push(Highlight {
                    cell,
                    kind: hl[r(hl.len() as u64) as usize],
                });
            }
        }
        let game = GameId::ALL[r(12) as usize];
        let status = Status {
            to_move: [None, Some(Side::First), Some(Side::Second)][r(3) as usize],
            phase: [Phase::Play, Phase::Place, Phase::Choose][r(3) as usize],
            ply: if r(2) == 0 { u32::MAX } else { r(1000) as u32 },
            colors: [None, Some(Color::White)],
            scores: (r(2) == 0).then_some((ScoreKind::Points, [i32::MIN, i32::MAX])),
            outcome: None,
        };
        let v = BoardView {
            shape,
            cells,
            highlights,
            status,
        };
        let mut opts = RenderOptions::new(game);
        opts.flip = r(2) == 0;
        if render_png(&v, &opts).is_ok() {
            drawn += 1;
        }
    }
    assert!(drawn > 0, "no random view drew at all");
}
