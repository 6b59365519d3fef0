//! Hand-worked positions for every rule of Cascades in RULES.md.
//!
//! Cells: `Cell { x, y }` with `y` the row from the bottom, so on the
//! default board `a8` is the top-left cell and `o1` the bottom-right. A
//! stone on (x, y) lets its owner place on (x ± 1, y) beside it and on
//! (x, y - 1), (x + 1, y - 1) below it.

use super::*;
use crate::check::{move_texts as texts, refused};
use crate::rng::SplitMix64;

fn start() -> Cascades {
    Cascades::new(&Setup::default()).unwrap()
}

fn with_rows(rows: u32) -> Cascades {
    Cascades::new(&Setup::default().with("rows", rows)).unwrap()
}

fn at(text: &str) -> Cascades {
    Cascades::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// The single-stone moves, as cell names.
fn singles(g: &Cascades) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_move_list()
        .into_iter()
        .filter_map(|m| match m {
            Move::One(c) => Some(c.to_string()),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn play(g: &mut Cascades, text: &str) -> String {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text} at {}: {e}", g.position_text()))
}

/// One White stone on e5 of the default board, White to move (not the
/// first turn).
const E5: &str = "8/9/10/4W6/12/13/14/15 w 0 5";

// Rule: "hexagonal cells in a trapezoid of 8 rows; counting from the top,
// row k has 8+k cells, 92 in all … bottom row a–o, top row a–h".
#[test]
fn the_board_has_92_cells_named_from_the_bottom_left() {
    let g = start();
    assert_eq!(g.view().cells.len(), 92);
    assert_eq!(g.rows(), 8);
    for (name, on) in [
        ("a1", true),
        ("o1", true),
        ("p1", false),
        ("h8", true),
        ("i8", false),
        ("i7", true),
        ("j7", false),
        ("a9", false),
    ] {
        assert_eq!(g.contains(cell(name)), on, "{name}");
    }
}

// Rule: "beside are (k, i−1) and (k, i+1); below are (k+1, i) and
// (k+1, i+1)", and a stone may go on a cell beside or below one of yours —
// never above it. Around e5 that is d5, f5 (beside) and e4, f4 (below);
// d6 and e6 are above e5 and stay closed.
#[test]
fn a_stone_opens_the_cells_beside_and_below_it() {
    let g = at(E5);
    assert_eq!(singles(&g), ["d5", "e4", "f4", "f5"]);
    for above in ["d6", "e6"] {
        assert!(matches!(refused(&g, above), MoveError::Illegal { .. }));
    }
}

// Rule: the same adjacency at the ends of a row: a2 has nothing on its
// left, and n2 (the last cell of row 2) opens n1 and o1 below it.
#[test]
fn adjacency_at_the_ends_of_the_rows() {
    let g = at("8/9/10/11/12/13/W12W/15 w 0 5");
    assert_eq!(singles(&g), ["a1", "b1", "b2", "m2", "n1", "o1"]);
}

// Rule: only stones of your colour open cells.
#[test]
fn only_your_own_stones_open_cells() {
    let g = at("8/9/10/4B6/12/13/14/15 w 0 5");
    assert_eq!(singles(&g), Vec::<String>::new());
    assert_eq!(texts(&g), ["pass"]);
}

// Rule: "Start: the top row is full, alternating: White on a8 c8 e8 g8,
// Black on b8 d8 f8 h8. White moves first."
#[test]
fn start_position() {
    let g = start();
    assert_eq!(g.position_text(), "WBWBWBWB/9/10/11/12/13/14/15 w 0 0");
    assert_eq!(g.turn(), Turn::play(Side::First));
    for name in ["a8", "c8", "e8", "g8"] {
        assert_eq!(g.stone(cell(name)), Some(Side::First), "{name}");
    }
    for name in ["b8", "d8", "f8", "h8"] {
        assert_eq!(g.stone(cell(name)), Some(Side::Second), "{name}");
    }
    assert_eq!(g.outcome(), None);
}

// Rule: "The first player's very first turn allows at most 1 stone", and
// "passing is always allowed, the first turn included". Depth 1 by hand:
// the White stones a8 c8 e8 g8 open the cells below them, a7 b7 | c7 d7 |
// e7 f7 | g7 h7; i7 lies below h8 only (Black). Beside them in row 8 every
// cell is full. So 8 single stones and the pass: 9.
#[test]
fn whites_first_turn_allows_one_stone_or_a_pass() {
    let g = start();
    assert_eq!(
        texts(&g),
        ["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "pass"]
    );
    assert_eq!(g.perft(1), 9);
    let MoveError::Illegal { why, .. } = refused(&g, "a7,b7") else {
        panic!("two stones on the first turn")
    };
    assert_eq!(why.en, "White's first turn allows only one stone");
    assert!(why.es.contains("primer turno"));
}

// Rule: only the *first player's* very first turn is limited: Black may
// place two at once on its first turn, and White two on its second, even
// when White passed on the first.
#[test]
fn later_turns_allow_two_stones() {
    let mut g = start();
    play(&mut g, "pass");
    assert_eq!(play(&mut g, "b7,c7"), "b7,c7");
    assert_eq!(play(&mut g, "a7,a6"), "a7,a6");
    assert_eq!(g.ply, 3);
}

// Rule: "place 0, 1 or 2 stones … placing none is a pass."
#[test]
fn a_turn_places_zero_one_or_two_stones() {
    let mut g = at(E5);
    let before = g.position_text();
    play(&mut g, "pass");
    assert_eq!(g.stones, at(&before).stones);
    assert_eq!(g.turn().side, Side::Second);
    let mut g = at(E5);
    play(&mut g, "d5");
    assert_eq!(g.stone(cell("d5")), Some(Side::First));
    let mut g = at(E5);
    play(&mut g, "d5,f5");
    assert_eq!(g.stone(cell("d5")), Some(Side::First));
    assert_eq!(g.stone(cell("f5")), Some(Side::First));
    assert_eq!(g.passes, 0);
}

// Rule: "The second stone of a turn may rely on the first" and "a two-stone
// move is the set of the two cells; it is legal when some order is legal".
// Around a lone e5: 4 open cells give 4 singles and 6 pairs. Cells opened
// by one of them (not open already): d5 → c5, d4; f5 → g5, g4; e4 → d4,
// e3, f3; f4 → g4, f3, g3: 10 more pairs (d4 and g4 twice, with different
// partners). With the pass: 4 + 6 + 10 + 1 = 21.
#[test]
fn the_second_stone_may_rely_on_the_first() {
    let g = at(E5);
    assert_eq!(g.legal_move_list().len(), 21);
    assert_eq!(g.perft(1), 21);
    assert!(matches!(refused(&g, "e3"), MoveError::Illegal { .. }));
    assert_eq!(g.parse_move("e4,e3"), Ok(Move::Two(cell("e4"), cell("e3"))));
    assert_eq!(g.parse_move("e3,e4"), Ok(Move::Two(cell("e4"), cell("e3"))));
    let pairs: Vec<_> = g
        .legal_move_list()
        .into_iter()
        .filter(|m| matches!(m, Move::Two(..)))
        .collect();
    let distinct: std::collections::HashSet<_> = pairs.iter().collect();
    assert_eq!(pairs.len(), 16);
    assert_eq!(distinct.len(), 16);
}

// Rule: canonical text "`c7,d7` (in an order in which each placement is
// legal; when both orders are, the higher cell first, and in the same row
// the cell further left first)". Either order is accepted as input.
#[test]
fn canonical_order_of_two_stones() {
    let g = at(E5);
    for (input, reversed, canonical) in [
        // Both orders legal, one row: the left cell first.
        ("d5,f5", "f5,d5", "d5,f5"),
        ("e4,f4", "f4,e4", "e4,f4"),
        // Both orders legal, two rows: the higher cell first.
        ("d5,e4", "e4,d5", "d5,e4"),
        ("f5,e4", "e4,f5", "f5,e4"),
        // Only the higher first: e3 needs e4.
        ("e4,e3", "e3,e4", "e4,e3"),
        // Only the right one first: c5 needs d5, so `d5,c5` although c5
        // is further left.
        ("d5,c5", "c5,d5", "d5,c5"),
        // Only the left one first: g4 needs f4.
        ("f4,g4", "g4,f4", "f4,g4"),
    ] {
        let m = g.parse_move(input).unwrap();
        assert_eq!(g.parse_move(reversed), Ok(m), "{reversed}");
        assert_eq!(g.move_text(m), canonical, "{input}");
    }
}

// Canonical text of the single stone and the pass, and every alias:
// Spanish pass words, any case, spaces anywhere, cells without the comma.
#[test]
fn canonical_text_and_aliases() {
    let g = at(E5);
    assert_eq!(g.move_text(Move::One(cell("d5"))), "d5");
    assert_eq!(g.move_text(Move::Pass), "pass");
    for pass in ["pass", "PASS", " p a s s ", "pasar", "Paso", "pasa"] {
        assert_eq!(g.parse_move(pass), Ok(Move::Pass), "{pass}");
    }
    let set = Move::Two(cell("d5"), cell("f5"));
    for input in ["d5,f5", "D5,F5", " d5 , f5 ", "d5 f5", "d5f5", "F5,D5"] {
        assert_eq!(g.parse_move(input), Ok(set), "{input}");
    }
    assert_eq!(g.parse_move(" D5 "), Ok(Move::One(cell("d5"))));
}

// Rule: "Stones never move": every move only adds stones.
#[test]
fn stones_never_move() {
    let g = at("WBWBWBWB/W1WWWBBB1/1WWWWBB1B1/4WWB1B2/3WW1BB1B2/3W1WB3BB1/4W9/15 w 0 16");
    for m in g.legal_move_list() {
        let mut next = g.clone();
        next.play(m);
        for s in 0..2 {
            for y in 0..8 {
                assert_eq!(next.stones[s][y] & g.stones[s][y], g.stones[s][y]);
            }
        }
    }
}

// Rule: End (1) "as soon as a side has 8 stones in the bottom row (a
// majority of 15)": 7 is not enough, the eighth ends the game at once.
#[test]
fn a_majority_of_the_bottom_row_ends_the_game() {
    let g = at("WBWBWBWB/9/10/11/12/13/14/WWWWWWW8 w 0 30");
    assert_eq!(g.outcome(), None);
    let mut next = g.clone();
    play(&mut next, "h1");
    assert_eq!(
        next.outcome(),
        Some(Outcome::win(Side::First, EndReason::BottomRowMajority))
    );
    assert!(next.legal_move_list().is_empty());
    assert_eq!(next.view().status.to_move, None);
    // Black's majority, with White's stones elsewhere in the row.
    let mut g = at("WBWBWBWB/9/10/11/12/13/14/WW6BBBBBBB b 0 30");
    play(&mut g, "h1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::BottomRowMajority))
    );
}

// Rule: "the early end needs a majority of [the bottom row]": with 4 rows
// the bottom row has 11 cells, so 6 stones end the game.
#[test]
fn the_majority_follows_the_number_of_rows() {
    let mut g = at("WBWBWBWB/9/10/WWWWW6 w 0 9");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::BottomRowMajority))
    );
}

// Rule: End (2) "when the bottom row is full". With 5 rows the bottom row
// has 12 cells, so it can fill 6–6 without a majority: a draw. With an odd
// row a full row always holds a majority, which is reported as such.
#[test]
fn a_full_bottom_row_ends_the_game() {
    let mut g = at("WBWBWBWB/9/10/11/WWWWWWBBBBB1 b 0 20");
    assert_eq!(g.outcome(), None);
    play(&mut g, "l1");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::BottomRowFull)));
    let mut g = at("WBWBWBWB/9/10/11/12/13/14/WWWWWWWBBBBBBB1 b 0 30");
    play(&mut g, "o1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::BottomRowMajority))
    );
}

/// The reason a well-formed move is refused, for `Illegal` refusals only.
fn illegal_why(g: &Cascades, input: &str) -> crate::Msg {
    match refused(g, input) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{input}: {other:?}"),
    }
}

/// The two-stone moves in the move list.
fn pairs(g: &Cascades) -> Vec<Move> {
    g.legal_move_list()
        .into_iter()
        .filter(|m| matches!(m, Move::Two(..)))
        .collect()
}

// Rule: the game ends "as soon as" a side has 8 stones in the bottom row,
// and a two-stone set is legal when some order of placing it is legal. An
// order whose first stone ends the game has no second stone. White has 7
// of the 15 bottom-row cells (a1–d1, f1–h1) and no other stone; e1 and i1
// are both open (beside White stones), and each is legal as a single
// stone. But either one gives White 8 and ends the game, so the set
// {e1, i1} has no legal order. Likewise j1 is opened only by i1: {i1, j1}
// could go down only as i1, j1, and i1 ends the game first.
#[test]
fn no_second_stone_after_the_first_reaches_the_majority() {
    let g = at("8/9/10/11/12/13/14/WWWW1WWW2BBBBB w 0 30");
    assert_eq!(singles(&g), ["e1", "i1"]);
    for single in ["e1", "i1"] {
        let mut next = g.clone();
        assert_eq!(play(&mut next, single), single);
        assert_eq!(
            next.outcome(),
            Some(Outcome::win(Side::First, EndReason::BottomRowMajority))
        );
    }
    // Only the singles and the pass: no pair at all.
    assert_eq!(texts(&g), ["e1", "i1", "pass"]);
    assert_eq!(g.perft(1), 3);
    for (input, first) in [
        ("e1,i1", "e1"),
        ("i1,e1", "i1"),
        ("i1,j1", "i1"),
        ("j1,i1", "i1"),
    ] {
        let why = illegal_why(&g, input);
        assert_eq!(
            why.en,
            format!(
                "the game ends with the first stone: {first} gives White 8 of the 15 \
                 bottom-row cells, so no second stone can follow"
            ),
            "{input}"
        );
        assert_eq!(
            why.es,
            format!(
                "la partida termina con la primera piedra: {first} da a las blancas 8 de \
                 las 15 celdas de la fila inferior, así que ninguna otra piedra puede seguirla"
            ),
            "{input}"
        );
    }
    // Without the eighth stone in reach, two bottom-row stones are fine:
    // with 6 White stones, e1 then i1 makes 8 only after both.
    let g = at("8/9/10/11/12/13/14/WWWW1WW2BBBBBB w 0 30");
    assert_eq!(play(&mut g.clone(), "e1,h1"), "e1,h1");
    // Black's majority, with Black's reason.
    let g = at("8/9/10/11/12/13/14/WWWWWW1BBB1BBBB b 0 31");
    let why = illegal_why(&g, "g1,k1");
    assert!(why.en.contains("gives Black 8 of the 15"), "{}", why.en);
    assert!(why.es.contains("da a las negras 8 de las 15"), "{}", why.es);
}

// Rule: the same, when the other stone is elsewhere: the set {h1, h2} is
// legal, but only in the order h2, h1 (h1 first would end the game with
// White's eighth bottom-row stone), and "in an order in which each
// placement is legal" makes `h2,h1` its text; `h1,h2` still names the set.
// White's g2 opens f2, h2 beside it and g1, h1 below; h2 then opens h1
// and i1 below it, so {h2, i1} goes down as h2, i1.
#[test]
fn a_stone_reaching_the_majority_goes_second() {
    let g = at("8/9/10/11/12/13/6W7/WWWWWWW8 w 0 30");
    let (h1, h2, i1) = (cell("h1"), cell("h2"), cell("i1"));
    assert!(!g.order_legal(Side::First, h1, h2));
    assert!(g.order_legal(Side::First, h2, h1));
    let set = Move::two(h1, h2);
    assert_eq!(g.parse_move("h1,h2"), Ok(set));
    assert_eq!(g.parse_move("h2,h1"), Ok(set));
    assert_eq!(g.move_text(set), "h2,h1");
    assert!(g.legal_move_list().contains(&set));
    let mut next = g.clone();
    assert_eq!(play(&mut next, "h1,h2"), "h2,h1");
    assert_eq!(next.stone(h1), Some(Side::First));
    assert_eq!(next.stone(h2), Some(Side::First));
    assert_eq!(
        next.outcome(),
        Some(Outcome::win(Side::First, EndReason::BottomRowMajority))
    );
    assert_eq!(g.move_text(Move::two(h2, i1)), "h2,i1");
    assert_eq!(g.move_text(Move::two(cell("f2"), h1)), "f2,h1");
    // The whole move list, by hand: open are f2, h2, h1 (3 singles). Pairs
    // of open cells: {f2, h2}, {f2, h1}, {h2, h1}, each with a stone off
    // the bottom row to go first. Cells opened by one of them: f2 → e2 (f1
    // and g1 below it are taken); h2 → i2, i1 (h1 is open already); h1 →
    // i1, but h1 ends the game, so that pair is out. 3 + 3 + 3 + pass = 10.
    assert_eq!(
        texts(&g),
        [
            "f2", "h2", "h1", "f2,h2", "f2,h1", "h2,h1", "f2,e2", "h2,i2", "h2,i1", "pass"
        ]
    );
    assert_eq!(g.perft(1), 10);
    assert!(matches!(refused(&g, "h1,i1"), MoveError::Illegal { .. }));
}

// Rule: End (2) "when the bottom row is full", with "as soon as" read the
// same way. 5 rows: the bottom row has 12 cells, White 5 and Black 6, and
// White's l1 (opened by k2 above it) fills it: a draw at once. So l1 must
// come second: {j2, l1} is played j2, l1 and written `j2,l1`.
#[test]
fn a_stone_filling_the_bottom_row_goes_second() {
    let g = at("WBWBWBWB/9/10/10W/WWWWWBBBBBB1 w 0 20");
    let (j2, l1) = (cell("j2"), cell("l1"));
    assert_eq!(g.end_after(Side::First, l1), Some(EndReason::BottomRowFull));
    assert_eq!(g.end_after(Side::First, j2), None);
    assert!(!g.order_legal(Side::First, l1, j2));
    assert!(g.order_legal(Side::First, j2, l1));
    let set = Move::two(l1, j2);
    assert_eq!(g.parse_move("l1,j2"), Ok(set));
    assert_eq!(g.move_text(set), "j2,l1");
    assert!(g.legal_move_list().contains(&set));
    let mut next = g.clone();
    assert_eq!(play(&mut next, "l1,j2"), "j2,l1");
    assert_eq!(
        next.outcome(),
        Some(Outcome::draw(EndReason::BottomRowFull))
    );
    assert_eq!(next.stone(j2), Some(Side::First));
    let mut next = g.clone();
    play(&mut next, "l1");
    assert_eq!(
        next.outcome(),
        Some(Outcome::draw(EndReason::BottomRowFull))
    );
}

// The fast move generation agrees with the rule read literally: along
// random games, a set of two empty cells is listed exactly when one of its
// orders is legal (first stone legal, game not over after it, second stone
// legal then), and parsing the set agrees. The games reach the end, so they
// pass through positions where the rule forbids a pair.
#[test]
fn pairs_are_listed_exactly_when_some_order_is_legal() {
    let mut forbidden = 0;
    for rows in [4, 5, 8] {
        for seed in 0..12 {
            let mut rng = SplitMix64::new(100 + seed);
            let mut g = with_rows(rows);
            while g.outcome().is_none() {
                let side = g.to_move;
                let listed: std::collections::HashSet<Move> = pairs(&g).into_iter().collect();
                if (rows < 8 || g.bottom_stone_ends(side)) && !g.first_turn() {
                    let empty: Vec<Cell> = Shape::HexTrapezoid { rows: g.rows }
                        .cells()
                        .into_iter()
                        .filter(|&c| g.stone(c).is_none())
                        .collect();
                    let mut n = 0;
                    for (i, &a) in empty.iter().enumerate() {
                        for &b in &empty[i + 1..] {
                            let legal = g.order_legal(side, a, b) || g.order_legal(side, b, a);
                            let placeable =
                                |f, s| g.legal_now(side, f) && g.legal_after(side, f, s);
                            if !legal && (placeable(a, b) || placeable(b, a)) {
                                forbidden += 1;
                            }
                            assert_eq!(listed.contains(&Move::two(a, b)), legal);
                            assert_eq!(g.parse_move(&format!("{a},{b}")).is_ok(), legal);
                            n += usize::from(legal);
                        }
                    }
                    assert_eq!(n, listed.len(), "{}", g.position_text());
                }
                let moves = g.legal_move_list();
                g.play(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
    assert!(forbidden > 0);
}

// Rule: End (3) "after two consecutive passes"; "equal counts … are a draw",
// otherwise more bottom-row stones wins. A stone between two passes resets
// the count.
#[test]
fn two_passes_in_a_row_end_the_game() {
    let mut g = start();
    play(&mut g, "pass");
    assert_eq!(g.outcome(), None);
    play(&mut g, "pass");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::TwoPasses)));
    assert!(g.legal_move_list().is_empty());
    assert_eq!(refused(&g, "a7"), MoveError::GameOver);
    assert_eq!(refused(&g, "pass"), MoveError::GameOver);

    let mut g = at("WBWBWBWB/9/10/11/12/13/14/WWW3BB7 w 1 30");
    play(&mut g, "pass");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::TwoPasses))
    );
    let mut g = at("WBWBWBWB/9/10/11/12/13/14/WWW3BB7 b 1 30");
    play(&mut g, "pass");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::TwoPasses))
    );

    let mut g = start();
    play(&mut g, "pass");
    play(&mut g, "b7");
    play(&mut g, "pass");
    assert_eq!(g.outcome(), None);
}

// Rule: "Number of rows is a parameter (default 8); the top row always has
// 8 cells, so the bottom row has 7 + rows cells."
#[test]
fn the_number_of_rows_is_a_parameter() {
    let g = with_rows(4);
    assert_eq!(g.view().cells.len(), 8 + 9 + 10 + 11);
    assert_eq!(g.position_text(), "WBWBWBWB/9/10/11 w 0 0");
    assert!(g.contains(cell("k1")) && !g.contains(cell("l1")));
    let g = with_rows(12);
    assert_eq!(g.view().cells.len(), 162);
    assert!(g.contains(cell("s1")) && !g.contains(cell("t1")));
    assert!(g.contains(cell("h12")) && !g.contains(cell("i12")));
    for bad in [3, 13] {
        assert!(Cascades::new(&Setup::default().with("rows", bad)).is_err());
    }
    assert!(Cascades::new(&Setup::default().with("size", 8)).is_err());
    let seeded = Setup {
        seed: Some(1),
        ..Setup::default()
    };
    assert!(Cascades::new(&seeded).is_err());
}

#[test]
fn syntax_errors() {
    let g = at(E5);
    for bad in [
        "c7-d7",
        "hello",
        "d5,f5,e4",
        "d5f5e4",
        ",d5",
        "d5,",
        "5d",
        "🙂",
        "pass pass",
        "d5;f5",
        "",
        "d",
    ] {
        assert!(
            matches!(refused(&g, bad), MoveError::Syntax { .. }),
            "{bad:?}"
        );
    }
    let MoveError::Syntax { expected, .. } = refused(&g, "x") else {
        panic!()
    };
    assert!(expected.en.contains("`c7,d7`"));
}

// Illegal but well-formed: each reason, in both languages.
#[test]
fn illegal_moves_say_why() {
    let g = at(E5);
    let why = |input: &str| match refused(&g, input) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{input}: {other:?}"),
    };
    assert_eq!(why("e5").en, "e5 is taken");
    assert_eq!(why("e5").es, "e5 ya está ocupada");
    assert_eq!(why("a1").en, "a1 is not beside or below a White stone");
    assert_eq!(
        why("a1").es,
        "a1 no está al lado ni debajo de una piedra blanca"
    );
    assert_eq!(why("p1").en, "there is no cell p1 on this board");
    assert_eq!(why("i8").en, "there is no cell i8 on this board");
    assert_eq!(why("z99").en, "there is no cell z99 on this board");
    assert_eq!(why("d5,d5").en, "d5 cannot take two stones");
    assert_eq!(
        why("a1,b1").en,
        "neither a1 nor b1 is beside or below a White stone"
    );
    assert_eq!(
        why("d5,a1").en,
        "a1 is not beside or below a White stone, even after d5"
    );
    assert_eq!(
        why("a1,d5").en,
        "a1 is not beside or below a White stone, even after d5"
    );
    assert_eq!(why("d5,e5").en, "e5 is taken");
    // Black's colour in the reason when Black is to move.
    let g = at("8/9/10/4W6/12/13/14/15 b 0 5");
    let MoveError::Illegal { why, .. } = refused(&g, "d5") else {
        panic!()
    };
    assert_eq!(why.en, "d5 is not beside or below a Black stone");
    assert_eq!(why.es, "d5 no está al lado ni debajo de una piedra negra");
}

// Cascades has no ambiguous input: one or two cells name exactly one move
// (a set), so `MoveError::Ambiguous` never arises; every legal move's text
// reads back as that move, and a set's text names a playable order.
#[test]
fn every_move_text_reads_back_as_that_move() {
    for text in [
        E5,
        "WBWBWBWB/W1WWWBBB1/1WWWWBB1B1/4WWB1B2/3WW1BB1B2/3W1WB3BB1/4W9/15 w 0 16",
        "WBWBWBWB/W1WWWBBB1/1WWWWBB1B1/4WWB1B2/3WW1BB1B2/3W1WB3BB1/W3W3WB2B1/WWWWWWW3BBBBB w 0 40",
        "8/9/10/11/12/13/6W7/WWWWWWW8 w 0 30",
        "WBWBWBWB/9/10/10W/WWWWWBBBBBB1 w 0 20",
    ] {
        let g = at(text);
        for m in g.legal_move_list() {
            let written = g.move_text(m);
            assert_eq!(g.parse_move(&written), Ok(m));
            if let Some((first, second)) = written.split_once(',') {
                assert!(
                    g.order_legal(g.to_move, cell(first), cell(second)),
                    "{written} at {text}"
                );
            }
        }
    }
}

#[test]
fn position_text_round_trips_and_rejects_malformed_text() {
    crate::check::position_texts::<Cascades>(
        &[
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 0",
            E5,
            "WBWBWBWB/9/10/11 b 2 7",
            "WBWBWBWB/9/10/11/12/13/14/15/16/17/18/19 w 1 4000000000",
        ],
        &[
            "",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 0 0",
            "WBWBWBWB/9/10 w 0 0",
            "WBWBWBWB/9/10/11/12/13/14/15/16/17/18/19/20 w 0 0",
            "WBWBWBWB/8/10/11/12/13/14/15 w 0 0",
            "WBWBWBWB/10/10/11/12/13/14/15 w 0 0",
            "WBWBWBWBW/9/10/11/12/13/14/15 w 0 0",
            "WBWBWBWB/9/10/11/12/13/14/015 w 0 0",
            "WBWBWBWB/9/10/11/12/13/14/99999999999999999999999 w 0 0",
            "wbwbwbwb/9/10/11/12/13/14/15 w 0 0",
            "WBWBWBWX/9/10/11/12/13/14/15 w 0 0",
            "WBWBWBWB/9/10/11/12/13/14/15 x 0 0",
            "WBWBWBWB/9/10/11/12/13/14/15 w 3 0",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 -1",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 +1",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 01",
            "WBWBWBWB/9/10/11/12/13/14/15 w 0 99999999999",
            "WBWBWBWB/9/10/11/12/13/14/1é4 w 0 0",
            "🙂",
            "WBWBWBWB//10/11/12/13/14/15 w 0 0",
        ],
    );
}

// The view: every cell, the stones in their colours, the stones just placed,
// the bottom-row counts, and the last move is not part of the position.
#[test]
fn the_view_shows_stones_placed_stones_and_scores() {
    let mut g = at("WBWBWBWB/9/10/11/12/13/W3B9/WWW3BB7 w 0 30");
    let v = g.view();
    assert_eq!(v.shape, Shape::HexTrapezoid { rows: 8 });
    assert!(v.highlights.is_empty());
    assert_eq!(v.status.scores, Some((ScoreKind::BottomRow, [3, 2])));
    assert_eq!(
        v.cell(cell("g1")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::Stone,
            color: Color::Black
        })
    );
    play(&mut g, "d1,b2");
    let v = g.view();
    let mut placed: Vec<_> = v.highlights.iter().map(|h| (h.cell, h.kind)).collect();
    placed.sort_by_key(|&(c, _)| c);
    assert_eq!(
        placed,
        [
            (cell("b2"), HighlightKind::Placed),
            (cell("d1"), HighlightKind::Placed)
        ]
    );
    assert_eq!(v.status.scores, Some((ScoreKind::BottomRow, [4, 2])));
    assert_eq!(v.status.to_move, Some(Side::Second));
    assert_eq!(v.status.ply, 31);
    assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
    let again = at(&g.position_text());
    assert!(again.view().highlights.is_empty());
    play(&mut g, "pass");
    assert!(g.view().highlights.is_empty());
}

// The fast move count used by perft agrees with the move list, along random
// games of every size.
#[test]
fn counting_moves_agrees_with_listing_them() {
    for rows in [4, 5, 8, 12] {
        for seed in 0..20 {
            let mut rng = SplitMix64::new(seed);
            let mut g = with_rows(rows);
            loop {
                let moves = g.legal_move_list();
                assert_eq!(g.count_moves(), moves.len() as u64);
                if moves.is_empty() {
                    break;
                }
                g.play(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
}

// Perft 2 from the start by hand. Black's stones b8 d8 f8 h8 open b7…i7.
// - White passes: Black has 8 open cells: 8 singles, 28 pairs, and cells
//   opened by one of them: a7 (beside b7) and two below each (16): 17;
//   with the pass 8 + 28 + 17 + 1 = 54.
// - White a7: the same but a7 is taken: 8 + 28 + 16 + 1 = 53.
// - White b7: 7 open (c7…i7): 7 + 21 + 14 + 1 = 43 (a7 touches no open
//   cell).
// - White c7…h7 (6 moves): 7 open, and a7 still opened by b7:
//   7 + 21 + 15 + 1 = 44.
// 54 + 53 + 43 + 6 × 44 = 414.
#[test]
fn perft_two_by_hand() {
    let g = start();
    let divide: std::collections::HashMap<String, u64> = g.divide(2).into_iter().collect();
    assert_eq!(divide["pass"], 54);
    assert_eq!(divide["a7"], 53);
    assert_eq!(divide["b7"], 43);
    for c in ["c7", "d7", "e7", "f7", "g7", "h7"] {
        assert_eq!(divide[c], 44, "{c}");
    }
    assert_eq!(g.perft(2), 414);
}

/// Random text over the characters moves and positions are made of.
fn noise(rng: &mut SplitMix64, len: usize) -> String {
    const ALPHABET: &[char] = &[
        'a', 'b', 'c', 'o', 'p', 'z', 'W', 'B', 'w', 'b', '0', '1', '2', '5', '9', '/', ' ', ',',
        '-', 'é', '🙂', 's', 'P', 'A',
    ];
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

// No input panics: random move texts and position texts are refused or
// read, never a crash, and refusing leaves the position as it was.
#[test]
fn arbitrary_text_never_panics() {
    let mut rng = SplitMix64::new(7);
    let g = at(E5);
    for _ in 0..20_000 {
        let len = rng.below(12) as usize;
        let text = noise(&mut rng, len);
        if g.parse_move(&text).is_err() {
            refused(&g, &text);
        }
        let _ = Cascades::from_position_text(&text);
        let _ = Cascades::from_position_text(&format!("{text}/9/10/11 w 0 0"));
    }
}
