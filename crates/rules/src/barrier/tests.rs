use super::*;
use crate::check::{check_position, move_texts as texts, refused};

fn pos(text: &str) -> Barrier {
    Barrier::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn start(size: u32) -> Barrier {
    Barrier::new(&Setup::default().with("size", size)).unwrap()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// A White knight on d4 with the whole board open around it, Black far
/// away on h1.
const OPEN_D4: &str = "8/8/8/8/3N4/8/8/7n w";

#[test]
fn one_knight_each_and_tokens_without_limit() {
    // "Material: one knight per side and neutral blocking tokens
    // (unlimited)." A whole game on 10×10, always taking the first
    // move: never more than one knight of a colour, three more tokens
    // after every jump, until the player to move is stuck.
    let mut g = start(10);
    let mut jumps = 0;
    while let Some(&m) = g.legal_move_list().first() {
        g.play(m);
        jumps += u32::from(matches!(m, Move::Jump { .. }));
        let v = g.view();
        for color in [Color::White, Color::Black] {
            let knights = v
                .cells
                .iter()
                .filter(|c| c.piece.is_some_and(|p| p.color == color))
                .count();
            assert!(knights <= 1);
        }
        let tokens = v.cells.iter().filter(|c| c.token).count() as u32;
        assert_eq!(tokens, 3 * jumps);
    }
    assert!(jumps > 5, "{}", g.position_text());
    assert!(g.outcome().is_some());
}

#[test]
fn the_board_starts_empty_and_white_places_first() {
    // "Setup phase: the board starts empty. White places its knight on
    // any square" — 64 placements on 8×8, in square order.
    let g = start(8);
    assert_eq!(g.position_text(), "8/8/8/8/8/8/8/8 w");
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::First,
            phase: Phase::Place
        }
    );
    let t = texts(&g);
    assert_eq!(t.len(), 64);
    assert_eq!((t[0].as_str(), t[63].as_str()), ("a1", "h8"));
    assert!(
        g.legal_move_list()
            .iter()
            .all(|m| g.move_origin(*m).is_none())
    );
}

#[test]
fn black_places_on_any_other_square_then_white_moves() {
    // "then Black places its knight on any other square. Each placement
    // is that player's turn."
    let mut g = start(8);
    assert_eq!(g.play_text(" D4 ").unwrap(), "d4");
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::Second,
            phase: Phase::Place
        }
    );
    assert_eq!(texts(&g).len(), 63);
    assert!(!texts(&g).contains(&"d4".to_string()));
    let MoveError::Illegal { why, .. } = refused(&g, "d4") else {
        panic!("placing on the White knight must be illegal");
    };
    assert_eq!(why.en, "d4 is occupied by the White knight");
    assert_eq!(why.es, "d4 está ocupada por el caballo blanco");
    g.play_text("h8").unwrap();
    assert_eq!(g.turn(), Turn::play(Side::First));
    assert_eq!(g.position_text(), "7n/8/8/8/3N4/8/8/8 w");
}

#[test]
fn a_jump_has_two_paths_so_up_to_sixteen_moves() {
    // "The path is part of the move: up to 16 moves (8 destinations × 2
    // paths)." From d4 to e6: path A passes d5, d6; path B e4, e5.
    let g = pos(OPEN_D4);
    let t = texts(&g);
    assert_eq!(
        t,
        [
            "d4-d5-e6", "d4-e4-e6", "d4-e4-f5", "d4-d5-f5", "d4-e4-f3", "d4-d3-f3", "d4-d3-e2",
            "d4-e4-e2", "d4-d3-c2", "d4-c4-c2", "d4-c4-b3", "d4-d3-b3", "d4-c4-b5", "d4-d5-b5",
            "d4-d5-c6", "d4-c4-c6"
        ]
    );
    for m in g.legal_move_list() {
        assert_eq!(g.move_origin(m), Some(cell("d4")));
    }
}

#[test]
fn a_corner_knight_has_four_moves() {
    // Hand count, depth 1: from a1 only b3 and c2 are on the board, each
    // by two paths.
    let g = pos("4n/5/5/5/N4 w");
    assert_eq!(texts(&g), ["a1-a2-b3", "a1-b1-b3", "a1-b1-c2", "a1-a2-c2"]);
    assert_eq!(g.perft(1), 4);
}

#[test]
fn tokens_and_knights_block_the_path_and_the_landing() {
    // "Legal when both squares passed through and the destination are
    // empty (no token, no knight). Knights never jump over tokens or
    // over the other knight."
    // A token on d6 (second square of path A) closes only path A.
    let g = pos("8/8/3x4/8/3N4/8/8/7n w");
    let t = texts(&g);
    assert!(!t.contains(&"d4-d5-e6".to_string()));
    assert!(t.contains(&"d4-e4-e6".to_string()));
    // The Black knight on e5 (second square of path B) closes only path B.
    let g = pos("8/8/8/4n3/3N4/8/8/8 w");
    let t = texts(&g);
    assert!(t.contains(&"d4-d5-e6".to_string()));
    assert!(!t.contains(&"d4-e4-e6".to_string()));
    // A token on the landing square closes both.
    let g = pos("8/8/4x3/8/3N4/8/8/7n w");
    assert!(!texts(&g).iter().any(|t| t.ends_with("e6")));
    // The other knight on the landing square too.
    let g = pos("8/8/4n3/8/3N4/8/8/8 w");
    assert!(!texts(&g).iter().any(|t| t.ends_with("e6")));
    assert_eq!(texts(&g).len(), 14);
}

#[test]
fn a_jump_leaves_three_tokens_that_never_move() {
    // "tokens are put on the origin square and on both squares passed
    // through (three tokens a move). Tokens never move."
    let mut g = pos(OPEN_D4);
    g.play_text("d4-d5-e6").unwrap();
    assert_eq!(g.position_text(), "8/8/3xN3/3x4/3x4/8/8/7n b");
    g.play_text("h1-h2-g3").unwrap();
    assert_eq!(g.position_text(), "8/8/3xN3/3x4/3x4/6nx/7x/7x w");
    let mut g = pos(OPEN_D4);
    g.play_text("d4-e4-e6").unwrap();
    assert_eq!(g.position_text(), "8/8/4N3/4x3/3xx3/8/8/7n b");
}

#[test]
fn the_player_without_a_move_loses() {
    // "End: the player to move with no legal move loses. No draws."
    // White on a1: tokens on a2 and b1 close all four paths.
    let g = pos("4n/5/5/x4/Nx3 w");
    assert!(g.legal_move_list().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
    );
    assert_eq!(refused(&g, "a1-a2-b3"), MoveError::GameOver);
    assert_eq!(refused(&g, "e5"), MoveError::GameOver);
    assert_eq!(g.perft(3), 0);
    // Black stuck the same way: White wins.
    let g = pos("4N/5/5/x4/nx3 b");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
    assert_eq!(pos(OPEN_D4).outcome(), None);
}

#[test]
fn canonical_text_and_the_alias() {
    // "Canonical text: `d4-d5-e6` ... Alias: `d4-e6` when only one path
    // is legal."
    let g = pos(OPEN_D4);
    let m = g.parse_move("d4-d5-e6").unwrap();
    assert_eq!(
        m,
        Move::Jump {
            from: cell("d4"),
            step: cell("d5"),
            to: cell("e6")
        }
    );
    assert_eq!(g.move_text(m), "d4-d5-e6");
    // Case and spaces do not matter; the dashes may go with spaces.
    for text in ["D4-D5-E6", " d4 - d5 - e6 ", "d4 d5 e6", "d4d5e6"] {
        assert_eq!(g.parse_move(text), Ok(m), "{text}");
    }
    // Both paths open: the alias is ambiguous and lists both.
    assert_eq!(
        refused(&g, "d4-e6"),
        MoveError::Ambiguous {
            input: "d4-e6".into(),
            candidates: vec!["d4-d5-e6".into(), "d4-e4-e6".into()]
        }
    );
    // A token on d5 leaves only path B: the alias names it.
    let g = pos("8/8/8/3x4/3N4/8/8/7n w");
    assert_eq!(g.move_text(g.parse_move("d4-e6").unwrap()), "d4-e4-e6");
    assert_eq!(g.move_text(g.parse_move(" D4 E6 ").unwrap()), "d4-e4-e6");
    // Placement text.
    let g = start(8);
    assert_eq!(g.parse_move("d4"), Ok(Move::Place(cell("d4"))));
    assert_eq!(g.move_text(Move::Place(cell("d4"))), "d4");
}

#[test]
fn syntax_errors_show_the_expected_form() {
    let g = pos(OPEN_D4);
    for bad in [
        "",
        "d",
        "d4-",
        "-d4",
        "d4--e6",
        "d4-d5-e6-f7",
        "hello",
        "d4–e6",
        "🙂",
        "d4x",
    ] {
        match refused(&g, bad) {
            MoveError::Syntax { expected, .. } => {
                assert!(expected.en.contains("d4-d5-e6"), "{bad}");
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    match refused(&start(8), "x") {
        MoveError::Syntax { expected, .. } => assert!(expected.es.contains("`d4`")),
        other => panic!("{other:?}"),
    }
}

fn why(g: &Barrier, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text:?}: {other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let g = pos("8/8/8/3x4/3N4/8/8/7n w");
    assert_eq!(why(&g, "d4-d5-e6").en, "d5 is blocked by a token");
    assert_eq!(why(&g, "d4-d5-e6").es, "d5 está bloqueada por una ficha");
    assert_eq!(why(&g, "d4-d6").en, "d4 to d6 is not a knight's jump");
    assert_eq!(why(&g, "d4-d6").es, "de d4 a d6 no hay salto de caballo");
    assert_eq!(why(&g, "c3-c4-d5").en, "your knight is on d4, not on c3");
    assert_eq!(why(&g, "h1-h2-g3").es, "tu caballo está en d4, no en h1");
    assert_eq!(
        why(&g, "d4-e5-e6").en,
        "a jump from d4 to e6 first steps on d5 or e4, not on e5"
    );
    assert_eq!(why(&g, "d4-j9").en, "j9 is not on the 8×8 board");
    assert_eq!(why(&g, "d4-j9").es, "j9 no está en el tablero de 8×8");
    assert!(why(&g, "e5").en.contains("already placed"));
    assert!(why(&g, "e5").es.contains("ya están colocados"));
    // The alias with both paths closed names both blockers.
    let g = pos("8/8/8/3x4/3N4/4n3/8/8 w");
    let both = pos("8/8/8/3x4/3Nx3/8/8/7n w");
    assert_eq!(
        why(&both, "d4-e6").en,
        "both paths are blocked: d5 is blocked by a token; e4 is blocked by a token"
    );
    assert!(why(&both, "d4-e6").es.starts_with("los dos caminos"));
    assert_eq!(why(&g, "d4-d3-f3").en, "e3 is occupied by the Black knight");
    // A closed landing closes both paths with the same reason.
    let g = pos("8/8/4x3/8/3N4/8/8/7n w");
    assert_eq!(why(&g, "d4-e6").en, "e6 is blocked by a token");
    // Set-up: jumps and taken squares.
    let g = start(8);
    assert_eq!(
        why(&g, "d4-d5-e6").en,
        "it is White's turn to place its knight: write a square, like `d4`"
    );
    assert!(why(&g, "i1").en.contains("not on the 8×8 board"));
    assert!(why(&start(5), "f1").en.contains("5×5"));
    let g = pos("8/8/8/8/8/8/8/x6N b");
    assert_eq!(why(&g, "a1").en, "a1 is blocked by a token");
    assert!(why(&g, "a1-b3").es.contains("les toca a las negras"));
}

#[test]
fn board_size_is_a_parameter() {
    // "Board size is a parameter (5×5 to 10×10), default 8×8."
    assert_eq!(Barrier::new(&Setup::default()).unwrap().size, 8);
    assert_eq!(texts(&start(5)).len(), 25);
    assert_eq!(texts(&start(10)).len(), 100);
    assert_eq!(texts(&start(10))[99], "j10");
    assert_eq!(start(10).position_text(), "10/10/10/10/10/10/10/10/10/10 w");
    for bad in [4, 11, 0, u32::MAX] {
        let err = Barrier::new(&Setup::default().with("size", bad)).unwrap_err();
        assert!(err.0.en.contains("from 5 to 10"), "{err}");
    }
    assert!(Barrier::new(&Setup::default().with("width", 6)).is_err());
    let seeded = Setup {
        seed: Some(1),
        ..Setup::default()
    };
    assert!(Barrier::new(&seeded).is_err());
}

#[test]
fn perft_by_hand() {
    // Depth 1: White may place on each of the 64 squares; depth 2: Black
    // on each of the 63 others.
    let g = start(8);
    assert_eq!(g.perft(1), 64);
    assert_eq!(g.perft(2), 64 * 63);
    assert_eq!(start(5).perft(2), 25 * 24);
    // From d4 with the board open: 16 jumps. Black on h1 then has f2
    // (through g1, f1 or h2, g2) and g3 (through h2, h3 or g1, g2): 4
    // moves. White's tokens and landings all lie within b2–f6 and never
    // on f2, so none of them closes a Black path: 16 × 4.
    let g = pos(OPEN_D4);
    assert_eq!(g.perft(1), 16);
    assert_eq!(g.perft(2), 64);
}

#[test]
fn position_text_round_trips_and_rejects_garbage() {
    crate::check::position_texts::<Barrier>(
        &[
            "8/8/8/8/8/8/8/8 w",
            "7n/8/8/8/3N4/8/8/8 w",
            "8/8/8/8/3N4/8/8/8 b",
            "8/8/3xN3/3x4/3x4/6nx/7x/7x w",
            "10/10/5xx3/5xx3/4nxx3/4x5/4xxxx2/7x2/7x2/5Nxx2 b",
            "4n/5/5/x4/Nx3 w",
        ],
        &[
            "",
            "w",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8 x",
            "8/8/8/8/8/8/8/8 w 1",
            "4/4/4/4 w",
            "11/11/11/11/11/11/11/11/11/11/11 w",
            "9/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/7 w",
            "8/8/8/8/8/8/8/08 w",
            "8/8/8/8/8/8/8/99999999999999999999999 w",
            "NN6/8/8/8/8/8/8/8 b",
            "n7/8/8/8/8/8/8/8 w",
            "N7/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 b",
            "8/8/8/8/8/8/8/7🙂 w",
            "8/8/8/8/8/8/8/7X w",
            "//////// w",
        ],
    );
}

#[test]
fn the_view_shows_knights_tokens_and_the_last_move() {
    let mut g = start(8);
    assert!(g.view().highlights.is_empty());
    g.play_text("d4").unwrap();
    let v = g.view();
    assert_eq!(v.cells.len(), 64);
    assert_eq!(
        v.highlights,
        [Highlight {
            cell: cell("d4"),
            kind: HighlightKind::Placed
        }]
    );
    assert_eq!(
        v.cell(cell("d4")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::Knight,
            color: Color::White
        })
    );
    assert_eq!(v.status.to_move, Some(Side::Second));
    assert_eq!(v.status.phase, Phase::Place);
    assert_eq!(v.status.ply, 1);
    g.play_text("h1").unwrap();
    g.play_text("d4-d5-e6").unwrap();
    let v = g.view();
    let kinds: Vec<(String, HighlightKind)> = v
        .highlights
        .iter()
        .map(|h| (h.cell.to_string(), h.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            ("d4".into(), HighlightKind::From),
            ("d5".into(), HighlightKind::Path),
            ("d6".into(), HighlightKind::Path),
            ("e6".into(), HighlightKind::To)
        ]
    );
    for c in ["d4", "d5", "d6"] {
        assert!(v.cell(cell(c)).unwrap().token, "{c}");
    }
    assert!(!v.cell(cell("e6")).unwrap().token);
    assert_eq!(
        v.cell(cell("h1")).unwrap().piece.map(|p| p.color),
        Some(Color::Black)
    );
    assert_eq!(v.status.ply, 3);
    assert_eq!(v.status.phase, Phase::Play);
    assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
    // The last move is not part of the position text.
    assert_eq!(pos(&g.position_text()).view().highlights, []);
    let over = pos("4n/5/5/x4/Nx3 w").view();
    assert_eq!(over.status.to_move, None);
    assert_eq!(
        over.status.outcome.and_then(|o| o.winner),
        Some(Side::Second)
    );
}

#[test]
fn the_contract_holds_on_hand_positions() {
    for text in [
        OPEN_D4,
        "8/8/8/3x4/3N4/8/8/7n w",
        "4n/5/5/x4/Nx3 w",
        "8/8/8/8/3N4/8/8/8 b",
    ] {
        let g = pos(text);
        check_position(&g, &g.legal_move_list()).unwrap();
    }
}

#[test]
fn illegal_moves_played_anyway_do_not_panic() {
    let mut g = pos(OPEN_D4);
    g.play(Move::Place(Cell::new(200, 200)));
    g.play(Move::Jump {
        from: Cell::new(250, 3),
        step: Cell::new(0, 255),
        to: Cell::new(9, 9),
    });
    g.play(Move::Jump {
        from: cell("a1"),
        step: cell("h8"),
        to: cell("b1"),
    });
    let _ = g.view();
    let _ = g.position_text();
}
