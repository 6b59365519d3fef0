//! Draws hand-made views of every game into a folder, to look at the
//! designs without playing games: `cargo run --example gallery -- DIR`.

use tablero_render::{RenderOptions, render_png};
use tablero_rules::{
    BoardView, Cell, CellView, Color, EndReason, GameId, Highlight, HighlightKind, Lang, Outcome,
    Phase, Piece, PieceKind, ScoreKind, Shape, Side, Status, Terrain,
};

fn square(files: u8, ranks: u8, wrap: bool) -> BoardView {
    BoardView::empty(Shape::Square {
        files,
        ranks,
        wrap_ranks: wrap,
    })
}

fn at<'a>(v: &'a mut BoardView, name: &str) -> &'a mut CellView {
    let c = Cell::parse(name).expect("cell name");
    v.cells
        .iter_mut()
        .find(|cv| cv.cell == c)
        .expect("cell on board")
}

fn put(v: &mut BoardView, name: &str, kind: PieceKind, color: Color) {
    at(v, name).piece = Some(Piece { kind, color });
}

fn mark(v: &mut BoardView, name: &str, kind: HighlightKind) {
    v.highlights.push(Highlight {
        cell: Cell::parse(name).expect("cell name"),
        kind,
    });
}

fn chess_setup(v: &mut BoardView, back: u8, pawns: u8, color: Color, bishop: PieceKind) {
    use PieceKind::*;
    for (x, k) in [Rook, Knight, bishop, Queen, King, bishop, Knight, Rook]
        .into_iter()
        .enumerate()
    {
        let x = x as u8;
        v.cells
            .iter_mut()
            .find(|c| c.cell == Cell::new(x, back))
            .expect("on board")
            .piece = Some(Piece { kind: k, color });
        v.cells
            .iter_mut()
            .find(|c| c.cell == Cell::new(x, pawns))
            .expect("on board")
            .piece = Some(Piece { kind: Pawn, color });
    }
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/gallery".into());
    std::fs::create_dir_all(&dir).expect("output folder");
    let mut out: Vec<(&str, BoardView, RenderOptions)> = Vec::new();
    let names = |game| RenderOptions {
        players: ["Alice".into(), "Bob".into()],
        ..RenderOptions::new(game)
    };

    // Chess: Scholar's-mate-like position with a check.
    let mut v = square(8, 8, false);
    chess_setup(&mut v, 0, 1, Color::White, PieceKind::Bishop);
    chess_setup(&mut v, 7, 6, Color::Black, PieceKind::Bishop);
    at(&mut v, "e2").piece = None;
    put(&mut v, "e4", PieceKind::Pawn, Color::White);
    at(&mut v, "f7").piece = None;
    at(&mut v, "d1").piece = None;
    put(&mut v, "f7", PieceKind::Queen, Color::White);
    mark(&mut v, "h5", HighlightKind::From);
    mark(&mut v, "f7", HighlightKind::To);
    mark(&mut v, "e8", HighlightKind::Check);
    v.status.to_move = None;
    v.status.ply = 7;
    v.status.outcome = Some(Outcome::win(Side::First, EndReason::Checkmate));
    out.push(("chess", v, names(GameId::Chess)));

    // Saltador with jumping bishops.
    let mut v = square(8, 8, false);
    chess_setup(&mut v, 0, 1, Color::White, PieceKind::JumpingBishop);
    chess_setup(&mut v, 7, 6, Color::Black, PieceKind::JumpingBishop);
    at(&mut v, "c1").piece = None;
    put(&mut v, "d4", PieceKind::JumpingBishop, Color::White);
    mark(&mut v, "c1", HighlightKind::From);
    mark(&mut v, "d4", HighlightKind::To);
    v.status.to_move = Some(Side::Second);
    v.status.ply = 1;
    out.push((
        "saltador",
        v,
        RenderOptions {
            flip: true,
            ..names(GameId::Saltador)
        },
    ));

    // Guadalete: river on ranks 4 and 5, some planks.
    let mut v = square(8, 8, false);
    chess_setup(&mut v, 0, 1, Color::White, PieceKind::Bishop);
    chess_setup(&mut v, 7, 6, Color::Black, PieceKind::Bishop);
    for cv in &mut v.cells {
        if cv.cell.y == 3 || cv.cell.y == 4 {
            cv.terrain = Terrain::River;
        }
    }
    for p in ["d4", "e4", "c5"] {
        at(&mut v, p).terrain = Terrain::Plank;
    }
    at(&mut v, "d2").piece = None;
    at(&mut v, "e2").piece = None;
    at(&mut v, "c7").piece = None;
    at(&mut v, "g1").piece = None;
    put(&mut v, "e4", PieceKind::Knight, Color::White);
    mark(&mut v, "g1", HighlightKind::From);
    mark(&mut v, "e4", HighlightKind::To);
    v.status.to_move = Some(Side::Second);
    v.status.ply = 6;
    out.push((
        "guadalete",
        v,
        RenderOptions {
            lang: Lang::Es,
            ..names(GameId::Guadalete)
        },
    ));

    // Guadalete14: cylinder with an amazon.
    let mut v = square(8, 14, true);
    chess_setup(&mut v, 2, 3, Color::White, PieceKind::Bishop);
    chess_setup(&mut v, 11, 10, Color::Black, PieceKind::Bishop);
    for x in 0..8u8 {
        v.cells
            .iter_mut()
            .find(|c| c.cell == Cell::new(x, 1))
            .expect("on")
            .piece = Some(Piece {
            kind: PieceKind::Pawn,
            color: Color::White,
        });
        v.cells
            .iter_mut()
            .find(|c| c.cell == Cell::new(x, 12))
            .expect("on")
            .piece = Some(Piece {
            kind: PieceKind::Pawn,
            color: Color::Black,
        });
    }
    for cv in &mut v.cells {
        if cv.cell.y == 0 || cv.cell.y == 13 {
            cv.terrain = Terrain::River;
        }
    }
    at(&mut v, "c1").terrain = Terrain::Plank;
    at(&mut v, "f14").terrain = Terrain::Plank;
    at(&mut v, "c2").piece = None;
    put(&mut v, "b14", PieceKind::Amazon, Color::White);
    put(&mut v, "g1", PieceKind::Amazon, Color::Black);
    mark(&mut v, "b13", HighlightKind::From);
    mark(&mut v, "b14", HighlightKind::To);
    v.status.ply = 40;
    out.push(("guadalete14", v, names(GameId::Guadalete14)));

    // Bloc: full checkerboard with markers and some captures.
    let mut v = square(6, 6, false);
    for cv in &mut v.cells {
        let color = if (cv.cell.x + cv.cell.y) % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        cv.piece = Some(Piece {
            kind: PieceKind::Stone,
            color,
        });
    }
    at(&mut v, "c3").piece = None;
    at(&mut v, "d5").piece = None;
    at(&mut v, "c4").piece = Some(Piece {
        kind: PieceKind::Stone,
        color: Color::White,
    });
    at(&mut v, "d4").marker = true;
    at(&mut v, "b2").piece = None;
    at(&mut v, "a2").marker = true;
    mark(&mut v, "c3", HighlightKind::From);
    mark(&mut v, "c4", HighlightKind::To);
    v.status.ply = 3;
    v.status.to_move = Some(Side::Second);
    out.push(("bloc", v, names(GameId::Bloc)));

    // Bombardment: after an explosion.
    let mut v = square(8, 8, false);
    for cv in &mut v.cells {
        if cv.cell.y < 2 {
            cv.piece = Some(Piece {
                kind: PieceKind::Stone,
                color: Color::White,
            });
        } else if cv.cell.y > 5 {
            cv.piece = Some(Piece {
                kind: PieceKind::Stone,
                color: Color::Black,
            });
        }
    }
    for p in ["c3", "d4"] {
        at(&mut v, &p[..2]).piece = Some(Piece {
            kind: PieceKind::Stone,
            color: Color::White,
        });
    }
    at(&mut v, "c2").piece = None;
    at(&mut v, "d2").piece = None;
    for p in ["d5", "e6", "d6", "c6", "c5", "c4", "d4", "e4", "e5"] {
        at(&mut v, p).piece = None;
        mark(&mut v, p, HighlightKind::Blast);
    }
    v.status.ply = 5;
    v.status.to_move = Some(Side::First);
    v.status.scores = Some((ScoreKind::Pieces, [13, 12]));
    out.push(("bombardment", v, names(GameId::Bombardment)));

    // Cracovia.
    let mut v = square(8, 8, false);
    for p in ["a1", "h1", "c6", "h8"] {
        put(&mut v, p, PieceKind::Angel, Color::White);
    }
    for p in ["b2", "d5", "e6", "g7", "b7"] {
        put(&mut v, p, PieceKind::Demon, Color::Black);
    }
    mark(&mut v, "a8", HighlightKind::From);
    mark(&mut v, "b7", HighlightKind::Placed);
    v.status.ply = 9;
    v.status.to_move = Some(Side::First);
    out.push(("cracovia", v, names(GameId::Cracovia)));

    // Empuje: during set-up, colours unknown.
    let mut v = square(6, 6, false);
    for p in ["a1", "c3", "e5", "f2"] {
        put(&mut v, p, PieceKind::Stone, Color::White);
    }
    for p in ["b2", "d4", "f6"] {
        put(&mut v, p, PieceKind::Stone, Color::Black);
    }
    mark(&mut v, "f6", HighlightKind::Placed);
    v.status.phase = Phase::Place;
    v.status.colors = [None, None];
    v.status.ply = 7;
    out.push(("empuje-setup", v, names(GameId::Empuje)));

    let mut v = square(6, 6, false);
    for p in ["a1", "c3", "e5", "f2", "f3"] {
        put(&mut v, p, PieceKind::Stone, Color::White);
    }
    for p in ["b2", "d4", "f6", "a4"] {
        put(&mut v, p, PieceKind::Stone, Color::Black);
    }
    for p in ["a3", "b3", "c3", "d3", "e3", "f3"] {
        mark(&mut v, p, HighlightKind::Push);
    }
    v.status.colors = [Some(Color::Black), Some(Color::White)];
    v.status.ply = 15;
    v.status.scores = Some((ScoreKind::Pieces, [4, 5]));
    v.status.to_move = Some(Side::Second);
    out.push(("empuje", v, names(GameId::Empuje)));

    // Knight Fight.
    let mut v = square(10, 10, false);
    let mut n: u32 = 7;
    for cv in &mut v.cells {
        n = (n * 37 + 11) % 100;
        cv.number = Some(n as u8);
    }
    for p in ["a1", "b3", "c5", "d3", "j10", "i8", "h6", "e5", "f7", "g2"] {
        let c = at(&mut v, p);
        c.number = None;
        c.terrain = Terrain::Dead;
    }
    put(&mut v, "e4", PieceKind::Knight, Color::White);
    put(&mut v, "g7", PieceKind::Knight, Color::Black);
    mark(&mut v, "g2", HighlightKind::Erased);
    mark(&mut v, "d3", HighlightKind::From);
    mark(&mut v, "e4", HighlightKind::To);
    v.status.ply = 10;
    v.status.to_move = Some(Side::Second);
    v.status.scores = Some((ScoreKind::Points, [211, 187]));
    out.push(("knightfight", v, names(GameId::KnightFight)));

    // Cascades.
    let shape = Shape::HexTrapezoid { rows: 8 };
    let mut v = BoardView {
        shape,
        cells: shape.cells().into_iter().map(CellView::empty).collect(),
        highlights: Vec::new(),
        status: Status {
            to_move: Some(Side::Second),
            phase: Phase::Play,
            ply: 12,
            colors: [Some(Color::White), Some(Color::Black)],
            scores: Some((ScoreKind::BottomRow, [1, 0])),
            outcome: None,
        },
    };
    for (i, cv) in v.cells.iter_mut().enumerate() {
        if cv.cell.y == 7 {
            let color = if cv.cell.x % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            cv.piece = Some(Piece {
                kind: PieceKind::Stone,
                color,
            });
        } else if cv.cell.y >= 3 && i % 3 == 0 {
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            cv.piece = Some(Piece {
                kind: PieceKind::Stone,
                color,
            });
        }
    }
    put(&mut v, "c1", PieceKind::Stone, Color::White);
    put(&mut v, "c2", PieceKind::Stone, Color::White);
    mark(&mut v, "c1", HighlightKind::Placed);
    mark(&mut v, "c2", HighlightKind::Placed);
    out.push(("cascades", v, names(GameId::Cascades)));

    for (name, view, opts) in out {
        let png = render_png(&view, &opts).expect("renders");
        let path = format!("{dir}/{name}.png");
        std::fs::write(&path, &png).expect("writes");
        println!("{path} {} KB", png.len() / 1024);
    }
}
