//! The rule cards cannot teach a wrong rule: every card's position is
//! legal in its game, and every arrow, dot and ring it draws is a legal
//! move, placement or capture there (a cross: a cell no legal move reaches).

use tablero_rules::teach::{self, Mark, cards, mark_holds, targets};
use tablero_rules::{GameId, Shape};

#[test]
fn every_game_has_two_to_five_cards_with_distinct_captions() {
    for id in GameId::ALL {
        let cs = cards(id);
        assert!((2..=5).contains(&cs.len()), "{id:?} has {} cards", cs.len());
        for (i, c) in cs.iter().enumerate() {
            assert!(
                c.caption.starts_with(&format!("{}.", id.key())),
                "{id:?} card {i}: caption {} is not the game's",
                c.caption
            );
            assert!(
                cs[..i].iter().all(|o| o.caption != c.caption),
                "{id:?}: caption {} twice",
                c.caption
            );
        }
    }
}

#[test]
fn every_card_position_is_legal_and_every_mark_true() {
    let mut wrong = Vec::new();
    for id in GameId::ALL {
        for card in cards(id) {
            let game = match card.position(id) {
                Ok(g) => g,
                Err(e) => {
                    wrong.push(format!("{}: position: {e:?}", card.caption));
                    continue;
                }
            };
            // A card's position is a real one: its text reads back as the
            // same position, and the game goes on.
            let again = tablero_rules::AnyGame::from_position_text(id, &game.position_text())
                .expect("a position's text reads back");
            assert_eq!(again.position_text(), game.position_text());
            if game.outcome().is_some() {
                wrong.push(format!("{}: the game is over", card.caption));
            }
            let view = game.view();
            let ts = targets(&game, None);
            for &mark in card.marks {
                let cells: Vec<_> = match mark {
                    Mark::Arrow { from, to } => vec![from, to],
                    Mark::Dot(c) | Mark::Ring(c) | Mark::Cross(c) => vec![c],
                };
                for c in cells {
                    let on_board = match view.shape {
                        Shape::Square { files, ranks, .. } => c.within(files, ranks),
                        Shape::HexTrapezoid { rows } => {
                            c.y < rows && c.x < Shape::hex_row_len(rows, c.y)
                        }
                    };
                    if !on_board {
                        wrong.push(format!("{}: {mark:?} is off the board", card.caption));
                    }
                }
                if !mark_holds(mark, &ts) {
                    let legal: Vec<String> = ts.iter().map(|t| t.text.clone()).collect();
                    wrong.push(format!(
                        "{}: {mark:?} is not true in {} (legal: {})",
                        card.caption,
                        game.position_text(),
                        legal.join(" ")
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "wrong cards:\n{}", wrong.join("\n"));
}

#[test]
fn marks_are_checked_against_the_rules() {
    // The check itself: a Breakthrough piece cannot step backwards nor
    // capture straight ahead, and the start has nothing to capture.
    let id = GameId::Breakthrough;
    let game = tablero_rules::AnyGame::new(id, &teach::example_setup(id)).unwrap();
    let ts = targets(&game, None);
    assert!(mark_holds(teach::arrow("e2", "e3"), &ts));
    assert!(mark_holds(teach::arrow("e2", "f3"), &ts));
    assert!(!mark_holds(teach::arrow("e2", "e4"), &ts));
    assert!(!mark_holds(teach::arrow("e2", "e1"), &ts));
    assert!(!mark_holds(teach::ring("e3"), &ts));
    assert!(!mark_holds(teach::cross("e3"), &ts));
    assert!(mark_holds(teach::cross("e5"), &ts));
    assert!(mark_holds(teach::dot("a3"), &ts));
    assert!(!mark_holds(teach::dot("a4"), &ts));
}

#[test]
fn a_piece_targets_are_dots_and_rings() {
    // White's e4 faces e5 (blocked) with an enemy on f5 and d5 empty.
    let id = GameId::Breakthrough;
    let mut game = tablero_rules::AnyGame::new(id, &teach::example_setup(id)).unwrap();
    for m in [
        "e2-e3", "e7-e6", "e3-e4", "e6-e5", "a2-a3", "f7-f6", "a3-a4", "f6-f5",
    ] {
        game.play(m).unwrap();
    }
    let e4 = teach::cell("e4");
    let ts = targets(&game, Some(e4));
    let mut texts: Vec<&str> = ts.iter().map(|t| t.text.as_str()).collect();
    texts.sort_unstable();
    assert_eq!(texts, ["e4-d5", "e4xf5"]);
    assert!(ts.iter().all(|t| t.from == Some(e4)));
    assert_eq!(
        teach::target_marks(&ts),
        [teach::dot("d5"), teach::ring("f5")]
    );
    // Placements have no origin: every empty cell of Cracovia's board is
    // a demon's target once the angels moved.
    let mut cracovia =
        tablero_rules::AnyGame::new(GameId::Cracovia, &teach::example_setup(GameId::Cracovia))
            .unwrap();
    cracovia.play("a1-c3").unwrap();
    let ts = targets(&cracovia, None);
    assert_eq!(ts.len(), 64 - 4);
    assert!(
        ts.iter()
            .all(|t| t.from.is_none() && t.to.len() == 1 && t.captures.is_empty())
    );
    // Castling lands the king, not the rook.
    let mut chess = tablero_rules::AnyGame::new(GameId::Chess, &Default::default()).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        chess.play(m).unwrap();
    }
    let king = targets(&chess, Some(teach::cell("e1")));
    let castle = king.iter().find(|t| t.text == "O-O").expect("castling");
    assert_eq!(castle.to, [teach::cell("g1")]);
}
