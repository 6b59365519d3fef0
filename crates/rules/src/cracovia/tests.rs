use super::*;
use crate::check::{check_position, move_texts as texts, refused};

fn pos(text: &str) -> Cracovia {
    Cracovia::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn start() -> Cracovia {
    Cracovia::new(&Setup::default()).unwrap()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn why(g: &Cracovia, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text:?}: {other:?}"),
    }
}

/// Three angels in a diagonal line d4-e5-f6 and one on h8; demons about.
const NEAR_BLOCK: &str = "D6A/1D6/5A2/2D1A3/3A2D1/8/3D4/8 a";

#[test]
fn angels_start_in_the_corners_and_move_first() {
    // "Start: angels on a1, h1, a8, h8; no demons. Angels move first."
    let g = start();
    assert_eq!(g.position_text(), "A6A/8/8/8/8/8/8/A6A a");
    assert_eq!(g.turn(), Turn::play(Side::First));
    assert_eq!(g.outcome(), None);
    assert!(Cracovia::new(&Setup::default().with("size", 8)).is_err());
    let seeded = Setup {
        seed: Some(3),
        ..Setup::default()
    };
    assert!(Cracovia::new(&seeded).is_err());
}

#[test]
fn an_angel_moves_one_or_two_squares_in_eight_directions() {
    // "one angel moves 1 or 2 squares in any of the 8 directions onto an
    // empty square". From a1 only north, north-east and east stay on the
    // board: 6 moves; 24 for the four corners.
    let g = start();
    let t = texts(&g);
    assert_eq!(t.len(), 24);
    assert_eq!(
        t[..6],
        ["a1-a2", "a1-a3", "a1-b2", "a1-c3", "a1-b1", "a1-c1"]
    );
    // In the open, an angel has all 16.
    let g = pos("A6A/8/8/8/3A4/8/8/A7 a");
    let from_d4 = texts(&g).iter().filter(|t| t.starts_with("d4")).count();
    assert_eq!(from_d4, 16);
    for m in g.legal_move_list() {
        assert!(g.move_origin(m).is_some());
    }
}

#[test]
fn angels_never_jump_and_land_only_on_empty_squares() {
    // "without jumping (the middle square of a 2-step must be empty)".
    let g = pos("A6A/8/8/8/8/8/D7/A6A a");
    assert!(!texts(&g).contains(&"a1-a3".to_string()));
    assert_eq!(
        why(&g, "a1-a3").en,
        "an angel cannot jump: a2 holds a demon"
    );
    assert_eq!(
        why(&g, "a1-a3").es,
        "un ángel no puede saltar: en a2 hay un demonio"
    );
    assert_eq!(why(&g, "a1-a2").en, "a2 is occupied by a demon");
    // Another angel in the way blocks too.
    let g = pos("7A/8/8/8/8/8/A7/A6A a");
    assert_eq!(
        why(&g, "a1-a3").en,
        "an angel cannot jump: a2 holds an angel"
    );
    assert_eq!(why(&g, "a1-a2").es, "a2 está ocupada por un ángel");
}

#[test]
fn demons_place_on_any_empty_square_and_never_move() {
    // "Demons' move: place one demon on any empty square. Demons never
    // move."
    let mut g = start();
    g.play_text("a1-c3").unwrap();
    assert_eq!(g.turn(), Turn::play(Side::Second));
    let t = texts(&g);
    assert_eq!(t.len(), 60);
    assert_eq!(t[0], "a1");
    assert!(!t.contains(&"c3".to_string()));
    assert!(
        g.legal_move_list()
            .iter()
            .all(|&m| g.move_origin(m).is_none())
    );
    assert_eq!(why(&g, "c3").en, "c3 is occupied by an angel");
    g.play_text("d4").unwrap();
    g.play_text("c3-c4").unwrap();
    assert_eq!(why(&g, "d4").en, "d4 is occupied by a demon");
    assert_eq!(why(&g, "d4").es, "d4 está ocupada por un demonio");
    assert_eq!(
        why(&g, "d4-d5").en,
        "it is the Demons' turn: place a demon on an empty square, like `d5`"
    );
    g.play_text("d5").unwrap();
    assert_eq!(g.position_text(), "A6A/8/8/3D4/2AD4/8/8/7A a");
}

#[test]
fn no_passing() {
    // "No passing."
    let g = start();
    assert!(matches!(refused(&g, "pass"), MoveError::Syntax { .. }));
    assert!(matches!(refused(&g, "d5"), MoveError::Illegal { .. }));
}

#[test]
fn the_angels_win_as_one_block_diagonals_counting() {
    // "the angels win when, after their move, all four angels form one
    // connected block, diagonal contact counting".
    let mut g = pos(NEAR_BLOCK);
    assert_eq!(g.outcome(), None);
    g.play_text("h8-g7").unwrap();
    // d4, e5, f6, g7: touching only diagonally.
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::AngelsConnected))
    );
    assert!(g.legal_move_list().is_empty());
    assert_eq!(refused(&g, "a1"), MoveError::GameOver);
    // h8-h6 is no win: h6 touches no angel (g7, g6 and g5 are empty).
    // The Demons play on, on the 64 - 4 - 5 empty squares.
    let mut g = pos(NEAR_BLOCK);
    g.play_text("h8-h6").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(texts(&g).len(), 64 - 4 - 5);
    // Two pairs are two blocks, not one.
    let g = pos("8/8/8/8/8/8/AA4AA/8 d");
    assert_eq!(g.outcome(), None);
    // A square of four is a block.
    let g = pos("8/8/8/3AA3/3AA3/8/8/8 d");
    assert!(g.outcome().is_some());
}

#[test]
fn the_demons_win_when_the_angels_cannot_move() {
    // "The demons win when the angels are to move and have no legal
    // move."
    let g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA a");
    assert!(g.legal_move_list().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::AngelsTrapped))
    );
    assert_eq!(refused(&g, "a1-a2"), MoveError::GameOver);
    // The Demons' last placement shuts h1's only way out.
    let mut g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD5A d");
    assert_eq!(g.outcome(), None);
    g.play_text("g1").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::AngelsTrapped))
    );
    // Same board with the Demons to move: not over, they have moves.
    let g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d");
    assert_eq!(g.outcome(), None);
    assert_eq!(texts(&g).len(), 64 - 4 - 12);
}

#[test]
fn canonical_texts_and_their_spellings() {
    // "Canonical text: angels `a1-c3`; demons `d5`."
    let mut g = start();
    let m = Move::Angel {
        from: cell("a1"),
        to: cell("c3"),
    };
    assert_eq!(g.move_text(m), "a1-c3");
    for text in ["a1-c3", "A1-C3", " a1 - c3 ", "a1 c3", "a1c3"] {
        assert_eq!(g.parse_move(text), Ok(m), "{text}");
    }
    g.play(m);
    assert_eq!(g.parse_move(" D5 "), Ok(Move::Demon(cell("d5"))));
    assert_eq!(g.move_text(Move::Demon(cell("d5"))), "d5");
}

#[test]
fn syntax_and_illegal_errors() {
    let g = start();
    for bad in [
        "", "a", "a1-", "a1--c3", "a1-c3-e5", "-a1", "🙂", "angel", "a1xc3",
    ] {
        match refused(&g, bad) {
            MoveError::Syntax { expected, .. } => assert!(expected.en.contains("a1-c3")),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    assert_eq!(why(&g, "b2-b3").en, "there is no angel on b2");
    assert_eq!(why(&g, "b2-b3").es, "no hay ningún ángel en b2");
    assert_eq!(
        why(&g, "a1-b3").en,
        "a1 to b3 is not one or two squares in a straight line"
    );
    assert!(why(&g, "a1-a4").es.contains("en línea recta"));
    assert!(why(&g, "a1-a1").en.contains("straight line"));
    assert_eq!(why(&g, "a1-a9").en, "a9 is not on the board");
    assert_eq!(why(&g, "z1-a1").es, "z1 no está en el tablero");
    assert_eq!(
        why(&g, "d5").en,
        "it is the Angels' turn: move an angel, like `a1-c3`"
    );
    let mut g = start();
    g.play_text("a1-b2").unwrap();
    assert_eq!(why(&g, "i1").en, "i1 is not on the board");
    match refused(&g, "zz") {
        MoveError::Syntax { expected, .. } => assert!(expected.en.contains("d5")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn perft_by_hand() {
    // Depth 1: 6 moves for each corner angel (see above). Depth 2: every
    // Angels' move leaves 60 empty squares for a demon, and none of the
    // 24 brings the four together.
    let g = start();
    assert_eq!(g.perft(1), 24);
    assert_eq!(g.perft(2), 24 * 60);
    // Near the trap: only h8 can move (to g8 or f8). 11 demons and the
    // 4 angels leave 49 empty squares after either move, and neither
    // brings the angels together.
    let g = pos("AD5A/DD4DD/8/8/8/8/DD4DD/AD4DA a");
    assert_eq!(g.perft(1), 2);
    assert_eq!(g.perft(2), 2 * 49);
}

#[test]
fn position_text_round_trips_and_rejects_garbage() {
    crate::check::position_texts::<Cracovia>(
        &[
            "A6A/8/8/8/8/8/8/A6A a",
            NEAR_BLOCK,
            "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d",
            "1A5A/8/3D4/D5D1/3D4/4A3/3D4/3A4 a",
        ],
        &[
            "",
            "A6A/8/8/8/8/8/8/A6A",
            "A6A/8/8/8/8/8/8/A6A w",
            "A6A/8/8/8/8/8/8/A6A a a",
            "A6A/8/8/8/8/8/A6A a",
            "A6A/8/8/8/8/8/8/8/A6A a",
            "A7A/8/8/8/8/8/8/A6A a",
            "A5A/8/8/8/8/8/8/A6A a",
            "A6A/8/8/8/8/8/8/A5A1A a",
            "8/8/8/8/8/8/8/A6A a",
            "A6A/9/8/8/8/8/8/A6A a",
            "A6A/08/8/8/8/8/8/A6A a",
            "A6A/8/8/8/8/8/8/a6a a",
            "A6A/8/8/8/8/8/8/A6🙂 a",
            "AAAADDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD d",
            "99999999999999999999/8/8/8/8/8/8/8 a",
        ],
    );
}

#[test]
fn the_view_shows_angels_demons_and_the_last_move() {
    let mut g = start();
    assert!(g.view().highlights.is_empty());
    g.play_text("a1-c3").unwrap();
    let v = g.view();
    assert_eq!(v.cells.len(), 64);
    assert_eq!(
        v.highlights,
        [
            Highlight {
                cell: cell("a1"),
                kind: HighlightKind::From
            },
            Highlight {
                cell: cell("c3"),
                kind: HighlightKind::To
            }
        ]
    );
    assert_eq!(
        v.cell(cell("c3")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::Angel,
            color: Color::White
        })
    );
    assert_eq!(v.cell(cell("a1")).unwrap().piece, None);
    assert_eq!(v.status.to_move, Some(Side::Second));
    assert_eq!(v.status.ply, 1);
    g.play_text("d5").unwrap();
    let v = g.view();
    assert_eq!(
        v.highlights,
        [Highlight {
            cell: cell("d5"),
            kind: HighlightKind::Placed
        }]
    );
    assert_eq!(
        v.cell(cell("d5")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::Demon,
            color: Color::Black
        })
    );
    assert_eq!(v.status.ply, 2);
    assert_eq!(v.status.phase, Phase::Play);
    assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
    let mut g = pos(NEAR_BLOCK);
    g.play_text("h8-g7").unwrap();
    let v = g.view();
    assert_eq!(v.status.to_move, None);
    assert_eq!(v.status.outcome.and_then(|o| o.winner), Some(Side::First));
    assert_eq!(pos(&g.position_text()).view().highlights, []);
}

#[test]
fn the_contract_holds_on_hand_positions() {
    for text in [
        NEAR_BLOCK,
        "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA a",
        "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d",
        "8/8/8/3AA3/3AA3/8/8/8 d",
    ] {
        let g = pos(text);
        check_position(&g, &g.legal_move_list()).unwrap();
    }
}

#[test]
fn illegal_moves_played_anyway_do_not_panic() {
    let mut g = start();
    g.play(Move::Demon(Cell::new(99, 99)));
    g.play(Move::Angel {
        from: Cell::new(255, 0),
        to: Cell::new(0, 255),
    });
    let _ = (g.view(), g.position_text(), g.outcome());
}
