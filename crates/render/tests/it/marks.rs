//! Teaching marks drawn over boards: arrows, dots, capture rings, crosses
//! and a caption, on a square board, a flipped one and Cascades' hexagons,
//! compared with `golden/marks-*.png` by decoded pixels.

use crate::support;

use support::compare::{blessing, check_golden};
use tablero_render::{RenderError, RenderOptions, render_marked_png, render_png};
use tablero_rules::teach::{arrow, cross, dot, ring};
use tablero_rules::{AnyGame, Cell, GameId, Lang, Setup};

fn game(id: GameId, moves: &[&str]) -> AnyGame {
    let mut g = AnyGame::new(id, &Setup::default()).unwrap();
    for m in moves {
        g.play(m).unwrap();
    }
    g
}

#[test]
fn marks_and_captions_match_their_goldens() {
    let bless = blessing();
    let bt = game(
        GameId::Breakthrough,
        &[
            "e2-e3", "e7-e6", "e3-e4", "e6-e5", "a2-a3", "f7-f6", "a3-a4", "f6-f5",
        ],
    );
    let mut opts = RenderOptions::new(GameId::Breakthrough);
    let marks = [arrow("e4", "f5"), ring("f5"), cross("e5"), dot("d5")];
    let mut failures = Vec::new();
    let png = render_marked_png(
        &bt.view(),
        &marks,
        Some("Captures only diagonally: a piece straight ahead blocks the way."),
        &opts,
    )
    .unwrap();
    failures.extend(check_golden("marks-breakthrough.png", &png, bless));
    opts.flip = true;
    opts.lang = Lang::Es;
    let long = "Solo se come en diagonal: una pieza justo delante cierra el paso, y esta frase es tan larga que ocupa dos líneas y aún más, así que se corta.";
    let png = render_marked_png(&bt.view(), &marks, Some(long), &opts).unwrap();
    failures.extend(check_golden("marks-breakthrough-flip-es.png", &png, bless));
    let cascades = game(GameId::Cascades, &["c7"]);
    let png = render_marked_png(
        &cascades.view(),
        &[dot("b7"), dot("d7"), dot("c6"), cross("a1")],
        Some("Place a stone beside or below one of yours."),
        &RenderOptions::new(GameId::Cascades),
    )
    .unwrap();
    failures.extend(check_golden("marks-cascades.png", &png, bless));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_marks_and_no_caption_is_the_plain_board() {
    let g = game(GameId::Chess, &["e4"]);
    let opts = RenderOptions::new(GameId::Chess);
    assert_eq!(
        render_marked_png(&g.view(), &[], None, &opts).unwrap(),
        render_png(&g.view(), &opts).unwrap()
    );
}

#[test]
fn a_mark_off_the_board_is_an_error() {
    let g = game(GameId::Bloc, &[]);
    let opts = RenderOptions::new(GameId::Bloc);
    let off = tablero_rules::teach::Mark::Dot(Cell::new(6, 0));
    assert_eq!(
        render_marked_png(&g.view(), &[off], Some("x"), &opts),
        Err(RenderError::OffBoard(Cell::new(6, 0)))
    );
    let cascades = game(GameId::Cascades, &[]);
    let off = tablero_rules::teach::Mark::Ring(Cell::new(8, 7));
    assert!(
        render_marked_png(
            &cascades.view(),
            &[off],
            None,
            &RenderOptions::new(GameId::Cascades)
        )
        .is_err()
    );
}
