use super::*;
use crate::Msg;
use crate::check::{check_position, move_texts as texts, refused};

fn seeded(seed: u64) -> KnightFight {
    KnightFight::new(&Setup {
        seed: Some(seed),
        ..Setup::default()
    })
    .unwrap()
}

fn with_layout(layout: Vec<u8>) -> Result<KnightFight, SetupError> {
    KnightFight::new(&Setup {
        layout: Some(layout),
        ..Setup::default()
    })
}

/// Square i holds number i: a1 = 00, j1 = 09, a2 = 10, d3 = 23, and
/// the reversed number of a square's is on the square mirrored in the
/// a1–j10 diagonal, where the doubles lie.
fn identity() -> Vec<u8> {
    (0..100).collect()
}

fn pos(text: &str) -> KnightFight {
    KnightFight::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// A position text written independently of `position_text`: `numbers`
/// by square, `marks` as (square, prefix), then `rest` (side, scores).
fn text_of(numbers: &[u8], marks: &[(&str, char)], rest: &str) -> String {
    let ranks: Vec<String> = (0..10u8)
        .rev()
        .map(|y| {
            (0..10u8)
                .map(|x| {
                    let c = Cell::new(x, y);
                    let mark = marks
                        .iter()
                        .find(|(name, _)| Cell::parse(name) == Some(c))
                        .map(|&(_, m)| m.to_string())
                        .unwrap_or_default();
                    format!("{mark}{:02}", numbers[c.index(10)])
                })
                .collect()
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

fn identity_pos(marks: &[(&str, char)], rest: &str) -> KnightFight {
    pos(&text_of(&identity(), marks, rest))
}

fn why(g: &KnightFight, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text:?}: {other:?}"),
    }
}

fn number(g: &KnightFight, name: &str) -> Option<u8> {
    g.view().cell(cell(name)).unwrap().number
}

/// White on e4 (34), Black on e8 (74), identity layout, White to move.
fn e4_e8() -> KnightFight {
    identity_pos(&[("e4", 'N'), ("e8", 'n')], "w 0 0")
}

#[test]
fn a_seed_deals_the_same_numbers_forever() {
    // "the order comes from a seed stored with the game, so a game can
    // be replayed exactly". Pinned against the independent Python deal
    // (tools/perft-reference/knightfight.py --seed N --deal).
    let g = seeded(0);
    for (name, n) in [
        ("a1", 2),
        ("b1", 10),
        ("j1", 82),
        ("e5", 23),
        ("f6", 0),
        ("a10", 26),
        ("g10", 99),
        ("j10", 35),
    ] {
        assert_eq!(number(&g, name), Some(n), "seed 0, {name}");
    }
    let g = seeded(42);
    for (name, n) in [
        ("a1", 91),
        ("b1", 99),
        ("f1", 55),
        ("i1", 66),
        ("i8", 0),
        ("e5", 33),
        ("a10", 19),
        ("j10", 13),
    ] {
        assert_eq!(number(&g, name), Some(n), "seed 42, {name}");
    }
    // No seed and no layout: seed 0.
    let g = KnightFight::new(&Setup::default()).unwrap();
    assert_eq!(g.position_text(), seeded(0).position_text());
    assert_ne!(seeded(1).position_text(), seeded(0).position_text());
}

#[test]
fn a_layout_gives_the_numbers_square_by_square() {
    let g = with_layout(identity()).unwrap();
    assert_eq!(number(&g, "a1"), Some(0));
    assert_eq!(number(&g, "j1"), Some(9));
    assert_eq!(number(&g, "d3"), Some(23));
    assert_eq!(number(&g, "j10"), Some(99));
    assert_eq!(
        g.position_text()
            .split(' ')
            .next()
            .unwrap()
            .split('/')
            .next_back(),
        Some("00010203040506070809")
    );
}

#[test]
fn setup_errors_say_what_is_wrong() {
    let both = Setup {
        seed: Some(1),
        layout: Some(identity()),
        ..Setup::default()
    };
    let err = KnightFight::new(&both).unwrap_err();
    assert_eq!(err.0.en, "give a seed or a layout, not both");
    let err = with_layout((0..99).collect()).unwrap_err();
    assert_eq!(err.0.en, "the layout needs 100 numbers, not 99");
    let mut big = identity();
    big[5] = 200;
    let err = with_layout(big).unwrap_err();
    assert_eq!(
        err.0.en,
        "the layout has 200, but the numbers go from 0 to 99"
    );
    let mut twice = identity();
    twice[5] = 6;
    let err = with_layout(twice).unwrap_err();
    assert!(err.0.en.starts_with("the layout has 6 twice"), "{err}");
    assert!(err.0.es.contains("dos veces el 6"), "{err}");
    assert!(KnightFight::new(&Setup::default().with("size", 10)).is_err());
}

#[test]
fn white_places_on_rank_one_then_black_on_rank_ten() {
    // "Placement: White places its knight on any usable square of rank
    // 1; then Black on any usable square of rank 10."
    let mut g = seeded(0);
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::First,
            phase: Phase::Place
        }
    );
    assert_eq!(
        texts(&g),
        ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
    );
    assert!(
        g.legal_move_list()
            .iter()
            .all(|&m| g.move_origin(m).is_none())
    );
    assert_eq!(why(&g, "d2").en, "White places on rank 1, not on d2");
    assert_eq!(
        why(&g, "d2").es,
        "las blancas colocan en la fila 1, no en d2"
    );
    g.play_text("d1").unwrap();
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::Second,
            phase: Phase::Place
        }
    );
    let t = texts(&g);
    assert!(
        t.iter()
            .all(|t| t.starts_with(|c: char| c.is_ascii_lowercase()) && t[1..].starts_with("10"))
    );
    assert_eq!(why(&g, "e1").en, "Black places on rank 10, not on e1");
    g.play_text("a10").unwrap();
    assert_eq!(g.turn(), Turn::play(Side::First));
}

#[test]
fn placing_counts_as_landing() {
    // "Placing counts as landing": it scores, erases the reversed
    // number, and on a double may erase another double.
    let mut g = with_layout(identity()).unwrap();
    // a1 holds 00: 1 + 9 erase choices; b1..j1 hold 01..09.
    assert_eq!(
        texts(&g),
        [
            "a1", "a1x11", "a1x22", "a1x33", "a1x44", "a1x55", "a1x66", "a1x77", "a1x88", "a1x99",
            "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"
        ]
    );
    // j1 holds 09: White scores 9 and 90 (a10) is erased, so Black
    // cannot place there.
    g.play_text("j1").unwrap();
    assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [9, 0])));
    assert_eq!(number(&g, "a10"), None);
    assert_eq!(why(&g, "a10").en, "a10 has no number left");
    assert_eq!(why(&g, "a10").es, "a10 ya no tiene número");
    // Black: b10..i10, and j10 (99) with each of the other 9 doubles.
    assert_eq!(texts(&g).len(), 8 + 10);
    // A double erased at placement is gone for Black too.
    let mut g = with_layout(identity()).unwrap();
    g.play_text("a1x99").unwrap();
    assert_eq!(number(&g, "j10"), None);
    assert_eq!(number(&g, "a1"), Some(0));
    assert!(!texts(&g).iter().any(|t| t.starts_with("j10")));
    assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [0, 0])));
}

#[test]
fn a_jump_goes_to_a_usable_free_unattacked_square() {
    // "Moves: a knight jump to a usable square that is not occupied by
    // the other knight and is not a knight's move away from the other
    // knight (not under its attack)."
    // e4's jumps: d2 f2 c3 g3 c5 g5 d6 f6; Black on e8 attacks d6, f6.
    let g = e4_e8();
    let t = texts(&g);
    assert_eq!(
        t,
        [
            "e4-g5", "e4-g3", "e4-f2", "e4-d2", "e4-c3", "e4-c3x00", "e4-c3x11", "e4-c3x33",
            "e4-c3x44", "e4-c3x55", "e4-c3x66", "e4-c3x77", "e4-c3x88", "e4-c3x99", "e4-c5"
        ]
    );
    assert!(
        g.legal_move_list()
            .iter()
            .all(|&m| g.move_origin(m) == Some(cell("e4")))
    );
    assert_eq!(
        why(&g, "e4-d6").en,
        "d6 is attacked by the Black knight on e8"
    );
    assert_eq!(
        why(&g, "e4-f6").es,
        "f6 está atacada por el caballo negro de e8"
    );
    // Erased and left squares are not usable.
    let g = identity_pos(
        &[("e4", 'N'), ("e8", 'n'), ("g5", 'x'), ("c5", '-')],
        "w 0 0",
    );
    let t = texts(&g);
    assert!(!t.contains(&"e4-g5".to_string()) && !t.contains(&"e4-c5".to_string()));
    assert_eq!(why(&g, "e4-g5").en, "g5 has no number left");
    assert_eq!(why(&g, "e4-c5").en, "c5 has no number left");
    // The other knight's square (a knight never attacks its own).
    let g = identity_pos(&[("e4", 'N'), ("f6", 'n')], "w 0 0");
    assert!(!texts(&g).iter().any(|t| t.starts_with("e4-f6")));
    assert_eq!(why(&g, "e4-f6").en, "f6 is the Black knight's square");
    assert_eq!(why(&g, "e4-f6").es, "en f6 está el caballo negro");
}

#[test]
fn the_square_left_loses_its_number_and_the_landing_scores() {
    // "The square a knight leaves becomes unusable." "Landing ... scores
    // its number for the mover".
    let mut g = e4_e8();
    g.play_text("e4-g5").unwrap();
    assert_eq!(number(&g, "e4"), None);
    assert_eq!(g.view().cell(cell("e4")).unwrap().terrain, Terrain::Dead);
    assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [46, 0])));
    // g5 = 46: 64 (e7) is erased too.
    assert_eq!(number(&g, "e7"), None);
    assert_eq!(
        g.position_text(),
        text_of(
            &identity(),
            &[("e4", '-'), ("g5", 'N'), ("e8", 'n'), ("e7", 'x')],
            "b 46 0"
        )
    );
}

#[test]
fn the_reversed_number_is_erased_if_still_usable_and_free() {
    // "if the number has two different digits (57), the square holding
    // the reversed number (75) is erased, if it is still usable and
    // unoccupied (on every landing, not only at placement)".
    // e4-d2 lands on 13: 31 (b4) goes.
    let mut g = e4_e8();
    g.play_text("e4-d2").unwrap();
    assert_eq!(number(&g, "b4"), None);
    assert!(g.position_text().contains("x31"));
    // Black standing on b4 keeps it.
    let mut g = identity_pos(&[("e4", 'N'), ("b4", 'n')], "w 0 0");
    g.play_text("e4-d2").unwrap();
    assert_eq!(number(&g, "b4"), Some(31));
    // Already erased: nothing more happens, the landing still scores.
    let mut g = identity_pos(&[("e4", 'N'), ("e8", 'n'), ("b4", 'x')], "w 5 0");
    g.play_text("e4-d2").unwrap();
    assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [18, 0])));
    assert!(
        !g.view()
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Erased)
    );
    // "05 has two different digits and reverses to 50": f1 (05) erases
    // a6 (50).
    let mut g = with_layout(identity()).unwrap();
    g.play_text("f1").unwrap();
    assert_eq!(number(&g, "a6"), None);
}

#[test]
fn the_square_just_left_is_not_erased_again() {
    // The left square is unusable before the landing's effects: with 43
    // on d2 and 34 on e4, e4-d2 reverses to the square just left, which
    // counts as left, not as erased.
    let mut numbers = identity();
    numbers.swap(cell("d2").index(10), cell("d5").index(10)); // d2 = 43
    let mut g = pos(&text_of(&numbers, &[("e4", 'N'), ("e8", 'n')], "w 0 0"));
    assert_eq!(number(&g, "d2"), Some(43));
    assert_eq!(number(&g, "e4"), Some(34));
    g.play_text("e4-d2").unwrap();
    assert!(g.position_text().contains("-34"));
    assert!(
        !g.view()
            .highlights
            .iter()
            .any(|h| h.kind == HighlightKind::Erased)
    );
}

#[test]
fn a_double_may_erase_one_other_usable_free_double() {
    // "if the number is a double (00, 11, …), the mover may erase one
    // other usable, unoccupied double square (optional)."
    let mut g = e4_e8();
    assert_eq!(g.play_text("e4-c3x55").unwrap(), "e4-c3x55");
    assert_eq!(number(&g, "f6"), None);
    assert_eq!(g.view().status.scores, Some((ScoreKind::Points, [22, 0])));
    let mut g = e4_e8();
    g.play_text("e4-c3").unwrap();
    assert_eq!(number(&g, "f6"), Some(55));
    // Black on g7 (66): 66 is occupied; and with 44 on e4, leaving it
    // makes it unusable, so neither may be erased.
    let mut numbers = identity();
    numbers.swap(cell("e4").index(10), cell("e5").index(10)); // e4 = 44
    let g = pos(&text_of(
        &numbers,
        &[("e4", 'N'), ("g7", 'n'), ("b2", 'x')],
        "w 0 0",
    ));
    let erases: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with("e4-c3x"))
        .collect();
    assert_eq!(
        erases,
        [
            "e4-c3x00", "e4-c3x33", "e4-c3x55", "e4-c3x77", "e4-c3x88", "e4-c3x99"
        ]
    );
    assert_eq!(why(&g, "e4-c3x66").en, "66 has a knight on it");
    assert_eq!(
        why(&g, "e4-c3x44").en,
        "44 is the square your knight leaves"
    );
    assert_eq!(why(&g, "e4-c3x11").en, "11 is already gone");
    assert_eq!(why(&g, "e4-c3x11").es, "el 11 ya no está");
    assert_eq!(why(&g, "e4-c3x22").en, "22 is the square you land on");
    assert_eq!(why(&g, "e4-c3x57").en, "57 is not a double");
    assert_eq!(why(&g, "e4-c3x5").en, "05 is not a double");
    assert_eq!(
        why(&g, "e4-d2x55").en,
        "d2 holds 13, not a double, so nothing can be erased"
    );
}

#[test]
fn the_game_ends_when_the_player_to_move_cannot_and_scores_decide() {
    // "End: when the player to move has no legal move. Higher score
    // wins; equal scores draw."
    // White on a1: b3 and c2 erased.
    let stuck = |scores: &str| {
        identity_pos(
            &[("a1", 'N'), ("e8", 'n'), ("b3", 'x'), ("c2", 'x')],
            scores,
        )
    };
    let g = stuck("w 100 50");
    assert!(g.legal_move_list().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::ScoresCompared))
    );
    assert_eq!(
        stuck("w 50 100").outcome(),
        Some(Outcome::win(Side::Second, EndReason::ScoresCompared))
    );
    assert_eq!(
        stuck("w 70 70").outcome(),
        Some(Outcome::draw(EndReason::ScoresCompared))
    );
    assert_eq!(refused(&g, "a1-b3"), MoveError::GameOver);
    assert_eq!(refused(&g, "Nc2"), MoveError::GameOver);
    // Black could still move, but it is White's turn: over.
    assert_eq!(stuck("b 0 0").outcome(), None);
    // Stuck by attack alone: Black on d4 attacks b3 and c2.
    let g = identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::ScoresCompared))
    );
}

#[test]
fn canonical_texts_and_the_alias() {
    // "Canonical text: placement `d1`; jump `d1-e3`; with a double
    // erased ... `d1-e3x55`, or `d1x55` for a placement. Alias: `Ne3`
    // for a jump without an erase."
    let g = with_layout(identity()).unwrap();
    let place = Move::Place {
        to: cell("d1"),
        erase: None,
    };
    assert_eq!(g.move_text(place), "d1");
    assert_eq!(g.parse_move(" D1 "), Ok(place));
    let place_erase = Move::Place {
        to: cell("a1"),
        erase: Some(cell("f6")),
    };
    assert_eq!(g.move_text(place_erase), "a1x55");
    for text in ["a1x55", "A1X55", "a1 x 55"] {
        assert_eq!(g.parse_move(text), Ok(place_erase), "{text}");
    }
    let g = e4_e8();
    let jump = Move::Jump {
        from: cell("e4"),
        to: cell("c3"),
        erase: None,
    };
    let jump_erase = Move::Jump {
        from: cell("e4"),
        to: cell("c3"),
        erase: Some(cell("a1")),
    };
    assert_eq!(g.move_text(jump), "e4-c3");
    assert_eq!(g.move_text(jump_erase), "e4-c3x00");
    for text in ["e4-c3", "E4 - C3", "e4c3"] {
        assert_eq!(g.parse_move(text), Ok(jump), "{text}");
    }
    assert_eq!(g.parse_move("e4-c3x0"), Ok(jump_erase));
    // The alias means no erase even though c3 offers nine.
    assert_eq!(g.parse_move("Nc3"), Ok(jump));
    assert_eq!(g.parse_move("n c3"), Ok(jump));
    assert_eq!(g.parse_move("Nc3x00"), Ok(jump_erase));
    assert_eq!(
        g.parse_move("Ng5"),
        Ok(Move::Jump {
            from: cell("e4"),
            to: cell("g5"),
            erase: None
        })
    );
}

#[test]
fn syntax_and_illegal_errors() {
    let g = e4_e8();
    for bad in [
        "",
        "e",
        "e4-",
        "e4--c3",
        "e4-c3-d5",
        "e4-c3x",
        "e4-c3x555",
        "e4-c3xab",
        "x55",
        "Ne4-c3",
        "N",
        "🙂",
        "e4-c3x55x11",
        "N-c3",
    ] {
        match refused(&g, bad) {
            MoveError::Syntax { expected, .. } => {
                assert!(expected.en.contains("`d1-e3`"), "{bad}");
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    assert_eq!(why(&g, "d1-e3").en, "your knight is on e4, not on d1");
    assert_eq!(why(&g, "d1-e3").es, "tu caballo está en e4, no en d1");
    assert_eq!(why(&g, "e4-e6").en, "e4 to e6 is not a knight's jump");
    assert_eq!(why(&g, "Ne6").es, "de e4 a e6 no hay salto de caballo");
    assert_eq!(
        why(&g, "Nd6").en,
        "d6 is attacked by the Black knight on e8"
    );
    assert_eq!(why(&g, "e4-k5").en, "k5 is not on the board");
    assert_eq!(
        why(&g, "e5").en,
        "the knights are already placed: jump like `d1-e3`"
    );
    let start = seeded(0);
    assert_eq!(
        why(&start, "d1-e3").en,
        "it is White's turn to place its knight on rank 1, like `d1`"
    );
    assert!(why(&start, "Ne3").es.contains("les toca a las blancas"));
    assert_eq!(
        why(&start, "d1x55").en,
        "d1 holds 32, not a double, so nothing can be erased"
    );
    assert_eq!(why(&start, "k1").es, "k1 no está en el tablero");
    match refused(&start, "hello") {
        MoveError::Syntax { expected, .. } => assert!(expected.en.contains("`d1x55`")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn perft_by_hand() {
    // Seed 0, depth 1: rank 1 holds 02 10 87 32 40 98 80 60 47 82, no
    // double: 10 placements. Depth 2: rank 10 holds 26 71 65 15 50 91
    // 99 37 54 35; none is the reverse of a rank-1 number (20 01 78 23
    // 04 89 08 06 74 28), so all ten stay; g10 (99) is a double with 9
    // other doubles to erase: 9 + 10 = 19 answers to each placement.
    let g = seeded(0);
    assert_eq!(g.perft(1), 10);
    assert_eq!(g.perft(2), 10 * 19);
    // The identity layout: a1 (00) with its 9 erases, and b1..j1.
    assert_eq!(with_layout(identity()).unwrap().perft(1), 19);
    // e4 against e8, worked out above: 5 plain jumps and c3 with 10.
    assert_eq!(e4_e8().perft(1), 15);
}

#[test]
fn position_text_round_trips_and_rejects_garbage() {
    let mut g = seeded(42);
    for m in ["b1x55", "d10", "b1-a3", "d10-e8"] {
        g.play_text(m).unwrap();
    }
    let text = g.position_text();
    assert_eq!(pos(&text).position_text(), text);
    // 99 (b1) + 12 (a3) for White, 81 (d10) + 75 (e8) for Black.
    assert!(text.ends_with(" w 111 156"), "{text}");
    for t in [
        e4_e8().position_text(),
        seeded(0).position_text(),
        identity_pos(&[("a1", 'N')], "b 0 0").position_text(),
    ] {
        assert_eq!(pos(&t).position_text(), t);
    }
    let good = e4_e8().position_text();
    let bad_texts = [
        String::new(),
        "w 0 0".to_string(),
        good.replace(" w 0 0", ""),
        good.replace(" w 0 0", " w 0"),
        good.replace(" w 0 0", " w 0 0 0"),
        good.replace(" w 0 0", " x 0 0"),
        good.replace(" w 0 0", " w -1 0"),
        good.replace(" w 0 0", " w 0 4951"),
        good.replace(" w 0 0", " w 0 99999999999999999999999"),
        good.replacen("90", "91", 1),
        good.replacen("90", "9", 1),
        good.replacen("90", "900", 1),
        good.replacen("90", "y90", 1),
        good.replacen("90", "🙂", 1),
        good.replacen("n74", "N74", 1),
        good.replacen("N34", "34", 1),
        good.replacen("/", "", 1),
        text_of(&identity(), &[], "b 0 0"),
        text_of(&identity(), &[("a1", 'N')], "w 0 0"),
    ];
    for bad in &bad_texts {
        assert!(KnightFight::from_position_text(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_view_shows_numbers_dead_squares_scores_and_the_last_move() {
    let mut g = with_layout(identity()).unwrap();
    let v = g.view();
    assert_eq!(v.cells.len(), 100);
    assert!(v.highlights.is_empty());
    assert_eq!(v.status.scores, Some((ScoreKind::Points, [0, 0])));
    assert_eq!(v.status.phase, Phase::Place);
    g.play_text("j1").unwrap();
    let v = g.view();
    assert_eq!(
        v.highlights,
        [
            Highlight {
                cell: cell("j1"),
                kind: HighlightKind::Placed
            },
            Highlight {
                cell: cell("a10"),
                kind: HighlightKind::Erased
            }
        ]
    );
    let a10 = v.cell(cell("a10")).unwrap();
    assert_eq!((a10.number, a10.terrain), (None, Terrain::Dead));
    let j1 = v.cell(cell("j1")).unwrap();
    assert_eq!(j1.number, Some(9));
    assert_eq!(
        j1.piece,
        Some(Piece {
            kind: PieceKind::Knight,
            color: Color::White
        })
    );
    assert_eq!(v.status.ply, 1);
    g.play_text("j10x00").unwrap();
    g.play_text("j1-i3").unwrap(); // 28: erases 82 (c9)
    let v = g.view();
    assert_eq!(
        v.highlights,
        [
            Highlight {
                cell: cell("j1"),
                kind: HighlightKind::From
            },
            Highlight {
                cell: cell("i3"),
                kind: HighlightKind::To
            },
            Highlight {
                cell: cell("c9"),
                kind: HighlightKind::Erased
            }
        ]
    );
    assert_eq!(v.status.scores, Some((ScoreKind::Points, [9 + 28, 99])));
    assert_eq!(v.status.ply, 3);
    assert_eq!(v.status.to_move, Some(Side::Second));
    assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
    assert_eq!(
        v.cell(cell("j10")).unwrap().piece.map(|p| p.color),
        Some(Color::Black)
    );
    let mut g = e4_e8();
    g.play_text("e4-c3x55").unwrap();
    let kinds: Vec<HighlightKind> = g.view().highlights.iter().map(|h| h.kind).collect();
    assert_eq!(
        kinds,
        [
            HighlightKind::From,
            HighlightKind::To,
            HighlightKind::Erased
        ]
    );
    assert_eq!(pos(&g.position_text()).view().highlights, []);
    let over = identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0").view();
    assert_eq!(over.status.to_move, None);
    assert!(over.status.outcome.is_some());
}

#[test]
fn the_contract_holds_on_hand_positions() {
    for g in [
        e4_e8(),
        seeded(42),
        with_layout(identity()).unwrap(),
        identity_pos(&[("a1", 'N'), ("d4", 'n')], "w 3 0"),
    ] {
        check_position(&g, &g.legal_move_list()).unwrap();
    }
}

#[test]
fn illegal_moves_played_anyway_do_not_panic() {
    let mut g = e4_e8();
    g.play(Move::Place {
        to: Cell::new(200, 3),
        erase: None,
    });
    g.play(Move::Jump {
        from: Cell::new(0, 250),
        to: cell("a1"),
        erase: Some(Cell::new(99, 99)),
    });
    let _ = (g.view(), g.position_text(), g.outcome());
}
