use super::*;
use crate::check::{illegal_why as reason, move_texts as texts, play_all as play, refused};

fn start() -> Bloc {
    Bloc::new(&Setup::default()).unwrap()
}

fn at(text: &str) -> Bloc {
    Bloc::from_position_text(text).unwrap()
}

// Rule (Decision): "a 6×6 board completely filled in a checkerboard
// pattern, a1 Black (file index + rank index even is Black, counting
// a=1, rank 1=1), the rest White, 18 each." "White moves first."
#[test]
fn start_position() {
    let g = start();
    assert_eq!(
        g.position_text(),
        "SsSsSs/sSsSsS/SsSsSs/sSsSsS/SsSsSs/sSsSsS w 0"
    );
    assert_eq!(g.turn(), Turn::play(Side::First));
    let v = g.view();
    assert_eq!(v.cells.len(), 36);
    let black = Piece {
        kind: PieceKind::Stone,
        color: Color::Black,
    };
    assert_eq!(v.cell(Cell::new(0, 0)).unwrap().piece, Some(black));
    assert_eq!(v.cell(Cell::new(5, 5)).unwrap().piece, Some(black));
    assert_eq!(
        v.cell(Cell::new(1, 0)).unwrap().piece.map(|p| p.color),
        Some(Color::White)
    );
    assert!(v.cells.iter().all(|c| !c.marker));
    assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [18, 18])));
    assert_eq!(v.status.to_move, Some(Side::First));
}

// Rule: "Board size is a parameter (4×4 to 10×10, both dimensions)."
#[test]
fn board_size_parameters() {
    let g = Bloc::new(&Setup::default().with("width", 4).with("height", 7)).unwrap();
    assert_eq!(g.position_text(), "sSsS/SsSs/sSsS/SsSs/sSsS/SsSs/sSsS w 0");
    assert_eq!(g.view().shape, Shape::grid(4, 7));
    let big = Bloc::new(&Setup::default().with("width", 10).with("height", 10)).unwrap();
    assert_eq!(
        big.view().status.scores,
        Some((ScoreKind::Pieces, [50, 50]))
    );
    // j9 (10 + 9, odd) is White and takes j10, joining i10.
    assert!(big.parse_move("j9-j10*i10").is_ok());
    assert!(big.parse_move("j9-j10*j9").is_err());
    for (k, v) in [
        ("width", 3),
        ("width", 11),
        ("height", 3),
        ("height", 11),
        ("size", 6),
    ] {
        assert!(Bloc::new(&Setup::default().with(k, v)).is_err(), "{k}={v}");
    }
}

// Perft by hand. At the start every Black square t is surrounded by
// White stones only. When a neighbour s takes t, the moved stone joins
// t's other White neighbours, and those touch nothing else White (their
// other neighbours are Black), so G = t plus its neighbours but s:
// deg(t) stones, always two or more, each a marker choice. So depth 1 is
// the sum over Black squares of deg(t)·deg(t) (deg(t) takers, deg(t)
// markers). On 6×6 the Black squares are 2 corners (deg 2), 8 edge
// squares (deg 3) and 8 inner ones (deg 4): 2·4 + 8·9 + 8·16 = 208.
// On 4×4: 2 corners, 4 edge squares, 2 inner: 8 + 36 + 32 = 76.
#[test]
fn perft_by_hand() {
    let g = start();
    assert_eq!(g.legal_move_list().len(), 208);
    assert_eq!(g.perft(1), 208);
    let small = Bloc::new(&Setup::default().with("width", 4).with("height", 4)).unwrap();
    assert_eq!(small.perft(1), 76);
    // The fast count agrees with the plain one one level down.
    let slow: u64 = g
        .legal_move_list()
        .into_iter()
        .map(|m| {
            let mut n = g.clone();
            n.play(m);
            n.legal_move_list().len() as u64
        })
        .sum();
    assert_eq!(slow, g.perft(2));
}

// Rule: "A move: one of your unmarked pieces steps one square
// orthogonally onto a square holding an unmarked enemy piece, which is
// removed. No moves to empty squares, onto own pieces, of marked
// pieces, or onto marked pieces."
#[test]
fn steps_capture_unmarked_enemies_only() {
    // White: a3, b2, c1 (marked); Black: b3, c2, a2 (marked). b1 is
    // empty.
    let g = at("4/Ss2/mSs1/2M1 w 7");
    // b2 takes b3 (joining a3) or c2 (joining the marked c1), but not
    // the marked a2, nor anything on the empty b1; c1 is marked and
    // cannot move; a3 takes b3 (joining b2), not the marked a2.
    assert_eq!(
        texts(&g),
        [
            "b2-b3*a3", "b2-b3*b3", "b2-c2*c1", "b2-c2*c2", "a3-b3*b2", "a3-b3*b3"
        ]
    );
    // c2 joins c1's group, whose one marker stays when left unsaid.
    assert_eq!(g.move_text(g.parse_move("b2-c2").unwrap()), "b2-c2*c1");
    assert!(reason(&g, "b2-a2").en.contains("cannot be captured"));
    assert!(reason(&g, "b2-a2").es.contains("no se pueden capturar"));
    assert!(reason(&g, "c1-c2").en.contains("cannot move"));
    assert!(reason(&g, "b2-b1").en.contains("b1 is empty"));
    assert!(reason(&g, "b2-c1").en.contains("one square orthogonally"));
    assert!(reason(&g, "a3-b2").en.contains("one square orthogonally"));
    assert!(reason(&g, "c2-b2").en.contains("White's turn"));
    assert!(reason(&g, "c2-b2").es.contains("mueven las blancas"));
    assert!(reason(&g, "b1-b2").en.contains("b1 is empty"));
    assert!(reason(&g, "a3-a4").en.contains("a4 is empty"));
    let mut own = at("4/4/SS2/s3 w");
    assert!(reason(&own, "a2-b2").en.contains("your own stones"));
    // The captured stone is removed and the taker stands on its square.
    play(&mut own, &["a2-a1"]);
    assert_eq!(own.position_text(), "4/4/1S2/S3 b 1");
}

// Rule: "A group is two or more same-coloured pieces connected
// orthogonally; a single piece is not a group." A stone that ends alone
// gets no marker, and the text has no `*`.
#[test]
fn a_single_stone_is_no_group() {
    let g = at("4/4/2s1/sS2 w");
    assert_eq!(texts(&g), ["b1-a1"]);
    let why = reason(&g, "b1-a1*a1");
    assert!(why.en.contains("stands alone"), "{why}");
    assert!(why.es.contains("queda sola"), "{why:?}");
    let mut g = g;
    play(&mut g, &["b1-a1"]);
    assert_eq!(g.position_text(), "4/4/2s1/S3 b 1");
    assert_eq!(g.view().highlights.len(), 2);
}

// Rule: "G has no marker: the mover must mark one piece of G (any)".
// White b1 or a2 takes Black a1; either way G has two stones and no
// marker, so each has two marker choices.
#[test]
fn a_new_group_must_be_marked() {
    let g = at("3s/4/S3/sS2 w");
    assert_eq!(texts(&g), ["b1-a1*a1", "b1-a1*a2", "a2-a1*a1", "a2-a1*b1"]);
    let MoveError::Ambiguous { candidates, .. } = refused(&g, "b1-a1") else {
        panic!("a marker must be chosen")
    };
    assert_eq!(candidates, ["b1-a1*a1", "b1-a1*a2"]);
    assert!(reason(&g, "b1-a1*b1").en.contains("not in the group of a1"));
    let mut g = g;
    play(&mut g, &["b1-a1*a2"]);
    assert_eq!(g.position_text(), "3s/4/M3/S3 b 1");
    assert!(g.view().cell(Cell::new(0, 1)).unwrap().marker);
    // The marker square is shown as placed, besides from and to.
    assert!(g.view().highlights.contains(&Highlight {
        cell: Cell::new(0, 1),
        kind: HighlightKind::Placed
    }));
}

// Rule: "G has exactly one marker: the mover may leave it or move it to
// any other piece of G", and "Input may omit `*square` when G already
// holds exactly one marker (it stays)."
#[test]
fn a_single_marker_stays_or_moves() {
    // White a1 (marked), a2, b2, c2 and b1; Black c1 and d4.
    let g = at("3s/4/SSS1/MSs1 w");
    // b1 takes c1: G = c1, c2, b2, a2, a1, holding a1's marker. c2 takes
    // c1: G = every White stone. Five marker squares each.
    assert_eq!(
        texts(&g),
        [
            "b1-c1*a1", "b1-c1*c1", "b1-c1*a2", "b1-c1*b2", "b1-c1*c2", "c2-c1*a1", "c2-c1*b1",
            "c2-c1*c1", "c2-c1*a2", "c2-c1*b2"
        ]
    );
    let stays = g.parse_move("b1-c1").unwrap();
    assert_eq!(g.move_text(stays), "b1-c1*a1");
    let mut kept = g.clone();
    kept.play(stays);
    assert_eq!(kept.position_text(), "3s/4/SSS1/M1S1 b 1");
    let mut moved = g.clone();
    play(&mut moved, &["b1-c1*b2"]);
    assert_eq!(moved.position_text(), "3s/4/SMS1/S1S1 b 1");
    // Still exactly one marker in the group.
    assert_eq!(moved.marked.count_ones(), 1);
}

// Rule: "G has two or more markers (groups merged): the mover removes
// all but one and leaves exactly one, on any piece of G."
#[test]
fn merged_groups_keep_one_marker() {
    // Group a1 (marked) + a2 and group c1 (marked) + c2, apart; b3 takes
    // b2 and joins both.
    let g = at("3s/1S2/SsS1/M1M1 w");
    let all = texts(&g);
    // a2 and c2 taking b2 leave a1 or c1 behind alone and join the
    // other group: four markers each; b3-b2 joins both groups, five
    // markers (a1, c1, a2, b2, c2): 13 moves.
    assert_eq!(all.len(), 13);
    assert_eq!(&all[..4], ["a2-b2*c1", "a2-b2*b2", "a2-b2*c2", "a2-b2*b3"]);
    assert_eq!(
        &all[8..],
        ["b3-b2*a1", "b3-b2*c1", "b3-b2*a2", "b3-b2*b2", "b3-b2*c2"]
    );
    let MoveError::Ambiguous { candidates, .. } = refused(&g, "b3-b2") else {
        panic!("two markers: one must be chosen")
    };
    assert_eq!(candidates.len(), 5);
    let mut g2 = g.clone();
    play(&mut g2, &["b3-b2*b2"]);
    assert_eq!(g2.position_text(), "3s/4/SMS1/S1S1 b 1");
    let mut g3 = g.clone();
    play(&mut g3, &["b3 - b2 * c1"]);
    assert_eq!(g3.position_text(), "3s/4/SSS1/S1M1 b 1");
}

// Rule (Decision): "only G is processed; groups split off elsewhere by
// the move, the mover's or the opponent's after a capture, stay as they
// are (an unmarked split-off group stays unmarked and mobile until it
// merges again). A marked piece left alone keeps its marker."
#[test]
fn only_the_movers_group_is_processed() {
    // The White chain a2(marked)-a1-b1-c1-d1; b1 takes b2 and splits it.
    let g = at("4/4/Msss/SSSS w");
    let mut g = g;
    play(&mut g, &["b1-b2"]);
    // G = b2, a2, a1 keeps a2's marker; c1-d1 split off, unmarked.
    assert_eq!(g.position_text(), "4/4/MSss/S1SS b 1");
    // Black d2 takes d1, splitting nothing of its own; White's c1 is now
    // alone, and still unmarked and free to take.
    play(&mut g, &["d2-d1"]);
    assert_eq!(g.position_text(), "4/4/MSs1/S1Ss w 2");
    // c1 takes c2 (joining b2's marked group: the marker may stay or
    // move) or d1 (alone); b2 takes c2 (joining the unmarked c1).
    assert_eq!(
        texts(&g),
        [
            "c1-c2*a1", "c1-c2*a2", "c1-c2*b2", "c1-c2*c2", "c1-d1", "b2-c2*c1", "b2-c2*c2"
        ]
    );
    // The opponent's group split by a capture keeps its marker on one
    // side and stays unmarked on the other.
    let mut g = at("1S2/msss/4/4 w");
    play(&mut g, &["b4-b3"]);
    assert_eq!(g.position_text(), "4/mSss/4/4 b 1");
    // Black's c3, split from the marked a3, is unmarked and can move;
    // taking b3 joins a3 again, whose marker may stay.
    assert_eq!(texts(&g), ["c3-b3*a3", "c3-b3*b3"]);
    assert_eq!(g.move_text(g.parse_move("c3-b3").unwrap()), "c3-b3*a3");
    // A marked stone left alone keeps its marker: a marked a1 whose
    // partner a2 moves away.
    let mut g = at("3s/s3/S3/M3 w");
    play(&mut g, &["a2-a3"]);
    assert_eq!(g.position_text(), "3s/S3/4/M3 b 1");
}

// Rule: "End: the player to move with no legal move loses. No draws."
#[test]
fn no_move_loses() {
    // Black's only stone touches only a marked White stone.
    let g = at("4/4/4/Ms2 b 9");
    assert!(g.legal_move_list().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
    assert_eq!(refused(&g, "b1-a1"), MoveError::GameOver);
    assert_eq!(g.view().status.to_move, None);
    // Taking the last enemy stone leaves the opponent without a move.
    let mut g = at("4/4/4/sS2 w");
    play(&mut g, &["b1-a1"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
    // Stones far apart: the side to move loses too.
    assert_eq!(
        at("s3/4/4/3S w").outcome(),
        Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
    );
}

// Rule: "Canonical text: `c3-c4*d4` — from, to, and `*` plus the final
// marker square whenever G has two or more pieces."
#[test]
fn canonical_text() {
    let mut g = start();
    // c4 is White (3 + 4, odd) and c3 Black; c3's other neighbours b3,
    // d3 and c2 are White and form G with the taker.
    let m = g.parse_move("C4-c3*D3").unwrap();
    assert_eq!(g.move_text(m), "c4-c3*d3");
    assert_eq!(m.from(), Cell::new(2, 3));
    assert_eq!(m.to(), Cell::new(2, 2));
    assert_eq!(m.marker(), Some(Cell::new(3, 2)));
    assert_eq!(g.move_origin(m), Some(Cell::new(2, 3)));
    // `x` reads as `-`: every Bloc move captures.
    assert_eq!(g.parse_move(" c4 x c3 * d3 "), Ok(m));
    g.play(m);
    assert_eq!(
        g.position_text(),
        "SsSsSs/sSsSsS/Ss1sSs/sSSMsS/SsSsSs/sSsSsS b 1"
    );
}

// `parse_move` settles legality by its own checks, so it is compared
// with the move list over every written move on a few boards: exactly
// the legal moves parse, and to themselves.
#[test]
fn parsing_accepts_exactly_the_legal_moves() {
    for text in [
        "3s/1S2/SsS1/M1M1 w",
        "4/Ss2/mSs1/2M1 w",
        "4/Ss2/mSs1/2M1 b",
        "SsSs/sMsS/SsSs/sSms w",
        "SsSs/sMsS/SsSs/sSms b",
    ] {
        let g = at(text);
        let legal = g.legal_move_list();
        let cells: Vec<String> = Shape::grid(4, 4)
            .cells()
            .iter()
            .map(Cell::to_string)
            .collect();
        for from in &cells {
            for to in &cells {
                let plain = format!("{from}-{to}");
                match g.parse_move(&plain) {
                    Ok(m) => assert!(legal.contains(&m), "{text}: {plain}"),
                    Err(MoveError::Ambiguous { candidates, .. }) => assert!(
                        candidates.len() >= 2
                            && candidates
                                .iter()
                                .all(|c| legal.contains(&g.parse_move(c).unwrap())),
                        "{text}: {plain}"
                    ),
                    Err(_) => assert!(
                        legal
                            .iter()
                            .all(|m| m.from().to_string() != *from || m.to().to_string() != *to),
                        "{text}: {plain} refused"
                    ),
                }
                for marker in &cells {
                    let full = format!("{plain}*{marker}");
                    match g.parse_move(&full) {
                        Ok(m) => assert!(
                            legal.contains(&m) && g.move_text(m) == full,
                            "{text}: {full}"
                        ),
                        Err(_) => assert!(
                            legal.iter().all(|&m| g.move_text(m) != full),
                            "{text}: {full} refused"
                        ),
                    }
                }
            }
        }
    }
}

#[test]
fn syntax_errors() {
    let g = start();
    for bad in [
        "",
        "c3",
        "c3-",
        "c3c4",
        "c3-c4*",
        "c3-c4d4",
        "c3-c4*d4*e4",
        "c3--c4",
        "*d4",
        "c3-c4-d4",
        "🙂",
        "pass",
    ] {
        assert!(
            matches!(refused(&g, bad), MoveError::Syntax { .. }),
            "{bad:?}"
        );
    }
    assert!(reason(&g, "g1-f1").en.contains("not on the 6×6 board"));
    assert!(reason(&g, "b1-a1*z9").en.contains("not on the 6×6 board"));
}

#[test]
fn position_text_round_trips_and_rejects_nonsense() {
    let mut g = start();
    play(&mut g, &["c4-c3*d3", "b4-a4*a5"]);
    let text = g.position_text();
    let back = at(&text);
    assert_eq!(back.position_text(), text);
    assert_eq!(back.legal_move_list(), g.legal_move_list());
    assert!(back.view().highlights.is_empty());
    for bad in [
        "",
        "SsS/sSs/SsS w",
        "SsSsSsSsSsS/4/4/4 w",
        "4/4/4/4/4/4/4/4/4/4/4 w",
        "4/4/4/5 w",
        "4/4/4/4 x",
        "4/4/4/4 w z",
        "4/4/4/4 w 1 2",
        "4/4/4/3P w",
        "4/4/4/99999999999999999999999 w",
        "4/4/4/3é w",
    ] {
        assert!(Bloc::from_position_text(bad).is_err(), "{bad:?}");
    }
    assert_eq!(at("10/10/10/10 b 3").position_text(), "10/10/10/10 b 3");
}
