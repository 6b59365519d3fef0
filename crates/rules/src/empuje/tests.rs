//! Hand-worked positions for every rule of Empuje in RULES.md.
//!
//! Position texts list the ranks from the top (rank 6 on the default
//! board); see the notation module. In play the stage field is the colour
//! to move and the next field the setter's colour.

use super::*;
use crate::Msg;
use crate::check::{move_texts as texts, refused};

fn start() -> Empuje {
    Empuje::new(&Setup::default()).unwrap()
}

fn sized(size: u32) -> Empuje {
    Empuje::new(&Setup::default().with("size", size)).unwrap()
}

fn at(text: &str) -> Empuje {
    Empuje::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn play(g: &mut Empuje, text: &str) -> String {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text} at {}: {e}", g.position_text()))
}

/// The board part of the position text.
fn board(g: &Empuje) -> String {
    g.position_text().split(' ').next().unwrap().to_string()
}

fn illegal(g: &Empuje, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text}: {other:?}"),
    }
}

/// Twelve pieces placed: White on rank 1, Black on rank 6.
const PLACED: &str = "BBBBBB/6/6/6/6/WWWWWW c - 12";

// Rule: "a 6×6 board, parameter 5×5 to 8×8".
#[test]
fn the_board_is_six_by_six_by_default_and_five_to_eight() {
    let g = start();
    assert_eq!(g.size(), 6);
    assert_eq!(g.view().shape, Shape::grid(6, 6));
    assert_eq!(g.view().cells.len(), 36);
    assert_eq!(g.position_text(), "6/6/6/6/6/6 p - 0");
    for size in 5..=8 {
        assert_eq!(sized(size).view().cells.len(), (size * size) as usize);
    }
    for bad in [4, 9] {
        assert!(Empuje::new(&Setup::default().with("size", bad)).is_err());
    }
    assert!(Empuje::new(&Setup::default().with("rows", 6)).is_err());
    let seeded = Setup {
        seed: Some(3),
        ..Setup::default()
    };
    assert!(Empuje::new(&seeded).is_err());
}

// Rule: "The setter … places all twelve pieces, one at a time, on empty
// squares": each empty square with each colour is a move (36 × 2 = 72 at
// the start, then 35 × 2 = 70 after any first placement, so 5040 at depth
// 2), in the order a1 W, a1 B, b1 W, …
#[test]
fn the_setter_places_pieces_one_at_a_time() {
    let g = start();
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::First,
            phase: Phase::Place
        }
    );
    let moves = texts(&g);
    assert_eq!(moves.len(), 72);
    assert_eq!(moves[..4], ["Wa1", "Ba1", "Wb1", "Bb1"]);
    assert_eq!(g.perft(1), 72);
    assert_eq!(g.perft(2), 72 * 70);
    let mut g = start();
    play(&mut g, "Wc3");
    assert_eq!(g.piece(sq("c3")), Some(Color::White));
    assert_eq!(g.turn().phase, Phase::Place);
    assert_eq!(illegal(&g, "Bc3").en, "c3 is taken");
    assert_eq!(illegal(&g, "Bc3").es, "c3 ya está ocupada");
    assert_eq!(
        illegal(&g, "Wg1").en,
        "there is no square g1 on this 6×6 board"
    );
}

// Rule: "Six pieces a side on every board size … the setter may place the
// colours in any order, up to six of each."
#[test]
fn up_to_six_of_each_colour_in_any_order() {
    let mut g = start();
    for (i, name) in ["a1", "b1", "c1", "d1", "e1", "f1"].iter().enumerate() {
        play(&mut g, &format!("W{name}"));
        // Black may come in between, or not at all until White is done.
        if i == 2 {
            play(&mut g, "Ba6");
        }
    }
    assert_eq!(illegal(&g, "Wa2").en, "all six White pieces are placed");
    assert_eq!(
        illegal(&g, "Wa2").es,
        "ya están colocadas las seis piezas blancas"
    );
    assert!(texts(&g).iter().all(|t| t.starts_with('B')));
    // A bare square names the only colour still to place.
    assert_eq!(
        g.parse_move("a2"),
        Ok(Move::Place {
            color: Color::Black,
            square: sq("a2")
        })
    );
    for name in ["b6", "c6", "d6", "e6"] {
        play(&mut g, &format!("B{name}"));
    }
    assert_eq!(g.turn().phase, Phase::Place);
    play(&mut g, "Bf6");
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::Second,
            phase: Phase::Choose
        }
    );
    assert_eq!(g.position_text(), PLACED);
    assert_eq!(
        illegal(&g, "Wa3").en,
        "all twelve pieces are already placed"
    );
    // Eight by eight takes six a side too.
    let mut g = sized(8);
    for name in ["a1", "b1", "c1", "d1", "e1", "f1"] {
        play(&mut g, &format!("W{name}"));
        play(&mut g, &format!("B{}", name.replace('1', "8")));
    }
    assert_eq!(g.turn().phase, Phase::Choose);
}

// Rule: "Input may also give several at once: `Wa1 Wb2 Bc3`" — read by
// `Empuje::parse_placements`, each placement legal after the ones before.
#[test]
fn several_placements_at_once() {
    let g = start();
    let moves = g.parse_placements("Wa1 Wb2 Bc3").unwrap();
    assert_eq!(
        moves,
        [
            Move::Place {
                color: Color::White,
                square: sq("a1")
            },
            Move::Place {
                color: Color::White,
                square: sq("b2")
            },
            Move::Place {
                color: Color::Black,
                square: sq("c3")
            },
        ]
    );
    assert_eq!(
        g.parse_placements(" w a1, b b2;negro c3 ").unwrap().len(),
        3
    );
    assert_eq!(g.parse_placements("Wa1").unwrap().len(), 1);
    assert_eq!(g.position_text(), "6/6/6/6/6/6 p - 0", "nothing is played");
    // The second placement is checked after the first.
    let MoveError::Illegal { input, why } = g.parse_placements("Wa1 Ba1").unwrap_err() else {
        panic!()
    };
    assert_eq!((input.as_str(), why.en.as_str()), ("ba1", "a1 is taken"));
    let seven = "Wa1 Wb1 Wc1 Wd1 We1 Wf1 Wa2";
    assert!(matches!(
        g.parse_placements(seven),
        Err(MoveError::Illegal { .. })
    ));
    // A choice word among placements: refused as the move it is.
    assert!(matches!(
        g.parse_placements("Wa1 first"),
        Err(MoveError::Illegal { .. })
    ));
    for bad in ["", "W", "Wa1 x", "Wa1,,b"] {
        assert!(
            matches!(g.parse_placements(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
    assert!(matches!(
        at(PLACED).parse_placements("Wa3"),
        Err(MoveError::Illegal { .. })
    ));
}

// Rule: "The chooser then picks one: `first` … or `white` / `black` (the
// chooser takes that colour and the setter moves first)."
#[test]
fn the_chooser_takes_a_colour_and_the_setter_moves_first() {
    let g = at(PLACED);
    assert_eq!(texts(&g), ["first", "white", "black"]);
    let mut white = g.clone();
    play(&mut white, "white");
    // The setter plays Black and moves first.
    assert_eq!(white.colors(), Some([Color::Black, Color::White]));
    assert_eq!(white.turn(), Turn::play(Side::First));
    assert_eq!(white.position_text(), "BBBBBB/6/6/6/6/WWWWWW b b 13");
    let mut black = g.clone();
    play(&mut black, "black");
    assert_eq!(black.colors(), Some([Color::White, Color::Black]));
    assert_eq!(black.turn(), Turn::play(Side::First));
    assert_eq!(black.position_text(), "BBBBBB/6/6/6/6/WWWWWW w w 13");
}

// Rule: "After `first`, the setter picks its colour: `white` or `black`",
// and the chooser moves first, whatever colour that leaves it.
#[test]
fn after_first_the_setter_picks_a_colour_and_the_chooser_moves() {
    let mut g = at(PLACED);
    play(&mut g, "first");
    assert_eq!(
        g.turn(),
        Turn {
            side: Side::First,
            phase: Phase::Choose
        }
    );
    assert_eq!(texts(&g), ["white", "black"]);
    assert_eq!(
        illegal(&g, "first").en,
        "the Chooser already took the first move; the Setter picks `white` or `black`"
    );
    let mut w = g.clone();
    play(&mut w, "white");
    assert_eq!(w.colors(), Some([Color::White, Color::Black]));
    assert_eq!(w.turn(), Turn::play(Side::Second));
    assert_eq!(w.position_text(), "BBBBBB/6/6/6/6/WWWWWW b w 14");
    let mut b = g.clone();
    play(&mut b, "black");
    assert_eq!(b.colors(), Some([Color::Black, Color::White]));
    assert_eq!(b.turn(), Turn::play(Side::Second));
    assert_eq!(b.position_text(), "BBBBBB/6/6/6/6/WWWWWW w b 14");
}

// Rule (Decision), first worked example: "White moving east along
// `W B W B . .` (mover first) leaves `. . . . . W`".
#[test]
fn worked_example_one() {
    let mut g = at("6/6/6/6/6/WBWB2 w w 20");
    play(&mut g, "a1e");
    assert_eq!(board(&g), "6/6/6/6/6/5W");
}

// Rule (Decision), second worked example: "along `W W . B . .` it leaves
// `. . . . W W`".
#[test]
fn worked_example_two() {
    let mut g = at("6/6/6/6/6/WW1B2 w w 20");
    play(&mut g, "a1e");
    assert_eq!(board(&g), "6/6/6/6/6/4WW");
}

// Rule (Decision): "every piece from the nearest enemy out to the edge
// falls, of either colour; own pieces between the mover and the nearest
// enemy survive, packed against the edge with the mover right behind them."
// Each line is rank 1, the mover on a1 moving east; worked out by stepping
// the pushes one square at a time.
#[test]
fn pushing_lines_by_hand() {
    for (before, after) in [
        // One gap, one enemy: it is pushed to the edge and off.
        ("W1B3", "5W"),
        // Enemies in a row all fall, far end first.
        ("WBB3", "5W"),
        // A friend in front survives; the friend behind the enemy falls.
        ("WWBW2", "4WW"),
        // Gaps do not matter; the White on f1 is beyond the enemy: falls.
        ("W1W1BW", "4WW"),
        // Two friends in front, two enemies: `. . . W W W`.
        ("WWWBB1", "3WWW"),
        // The enemy already on the edge.
        ("W4B", "5W"),
        // Friends packed on the edge already.
        ("W2BWW", "5W"),
        ("WW3B", "4WW"),
        ("WWWWWB", "1WWWWW"),
    ] {
        let mut g = at(&format!("6/6/6/6/6/{before} w w 20"));
        play(&mut g, "a1e");
        assert_eq!(board(&g), format!("6/6/6/6/6/{after}"), "{before}");
    }
    // Pieces behind the mover stay; the mover need not start at the edge.
    let mut g = at("6/6/6/6/6/B1WB2 w w 20");
    play(&mut g, "c1e");
    assert_eq!(board(&g), "6/6/6/6/6/B4W");
    // Black pushes the same way; its own piece on e1 is beyond the nearest
    // enemy (b1), so it falls too.
    let mut g = at("6/6/6/6/6/BW1WB1 b w 20");
    play(&mut g, "a1e");
    assert_eq!(board(&g), "6/6/6/6/6/5B");
    let mut g = at("6/6/6/6/6/BB1WB1 b w 20");
    play(&mut g, "a1e");
    assert_eq!(board(&g), "6/6/6/6/6/4BB");
}

// The push works the same in all four directions, and pieces off the line
// do not move.
#[test]
fn pushing_in_every_direction() {
    // North along file a: a1 W, a3 B; b3 B is off the line.
    let mut g = at("6/6/6/BB4/6/W5 w w 20");
    play(&mut g, "a1n");
    assert_eq!(board(&g), "W5/6/6/1B4/6/6");
    // South along file f: f6 W, f2 B, f1 W.
    let mut g = at("5W/6/6/6/5B/5W w w 20");
    play(&mut g, "f6s");
    assert_eq!(board(&g), "6/6/6/6/6/5W");
    // West along rank 4: f4 W, e4 W, b4 B.
    let mut g = at("6/6/WB1BWW/6/6/6 w w 20");
    play(&mut g, "f4w");
    assert_eq!(board(&g), "6/6/WW4/6/6/6");
    // East on 8×8, a long line: `W . W . B . . B`.
    let mut g = at("8/8/8/8/8/8/8/W1W1B2B b w 20");
    let mut w = g.clone();
    w.stage = Stage::Play {
        setter: Color::White,
        to_move: Color::White,
    };
    play(&mut w, "a1e");
    assert_eq!(board(&w), "8/8/8/8/8/8/8/6WW");
    // Black on h1 pushes west: c1 is the nearest enemy; everything from
    // c1 to a1 falls, and e1 survives packed against the edge.
    play(&mut g, "h1w");
    assert_eq!(board(&g), "8/8/8/8/8/8/8/BB6");
}

// Rule: "A move is legal only if there is at least one enemy piece ahead on
// that line (empty squares in between do not matter)."
#[test]
fn a_move_needs_an_enemy_ahead() {
    let g = at("6/6/6/6/1W4/W1W2B w w 20");
    // a1: east has c1 (own) then f1 (enemy) — legal; north only empty.
    // c1: east has f1 — legal. b2: nothing in line with an enemy.
    assert_eq!(texts(&g), ["a1e", "c1e"]);
    assert_eq!(illegal(&g, "a1n").en, "no enemy piece is north of a1");
    assert_eq!(
        illegal(&g, "a1n").es,
        "no hay ninguna pieza enemiga al norte de a1"
    );
    assert_eq!(illegal(&g, "c1w").en, "no enemy piece is west of c1");
    assert_eq!(illegal(&g, "b2").en, "no enemy piece is in line with b2");
}

// Rule: "The mover itself never falls": after any push the moving piece is
// on the board, on the line, and the side keeps at least that piece.
#[test]
fn the_mover_never_falls() {
    let g = at("W1B1W1/1B1W1B/B1W1B1/1W1B1W/6/6 w b 15");
    for m in g.legal_move_list() {
        let Move::Push { from, dir } = m else {
            panic!()
        };
        let mut next = g.clone();
        next.play(m);
        let Some(Last::Pushed { to, .. }) = next.last else {
            panic!()
        };
        assert_eq!(next.piece(to), Some(Color::White), "{m:?}");
        let (dx, dy) = dir.step();
        let steps = (i16::from(to.x) - i16::from(from.x)) * i16::from(dx)
            + (i16::from(to.y) - i16::from(from.y)) * i16::from(dy);
        assert!(steps >= 1, "{m:?}");
        assert!(next.count(Color::White) >= 1);
        assert!(next.count(Color::Black) < g.count(Color::Black), "{m:?}");
    }
}

// Rule (Decision) against its own wording: "the piece advances one square at
// a time …; each step pushes the contiguous chain of pieces in front of it
// one square; a piece pushed over the edge is removed … the piece keeps
// advancing until no enemy piece remains ahead". Every line of 1 to 7
// squares ahead, each square empty, White or Black, stepped literally, must
// give what the closed form in `Empuje::push` gives.
#[test]
fn the_closed_form_matches_pushing_step_by_step() {
    fn step_by_step(mut line: Vec<u8>) -> Vec<u8> {
        // line[0] is the White mover (1); 2 is Black, 0 empty.
        let mut at = 0;
        while line[at + 1..].contains(&2) {
            let mut end = at + 1;
            while end < line.len() && line[end] != 0 {
                end += 1;
            }
            // Shift the chain at+1..end one square; off the edge if end is
            // past the last square.
            for i in (at + 1..end).rev() {
                if i + 1 < line.len() {
                    line[i + 1] = line[i];
                }
            }
            line[at + 1] = 1;
            line[at] = 0;
            at += 1;
        }
        line
    }
    for len in 1..=7u32 {
        for code in 0..3u32.pow(len) {
            let mut line = vec![1u8];
            let mut c = code;
            for _ in 0..len {
                line.push((c % 3) as u8);
                c /= 3;
            }
            let rank: String = line
                .iter()
                .map(|&v| match v {
                    0 => '.',
                    1 => 'W',
                    _ => 'B',
                })
                .collect();
            let size = (len + 1).max(5) as u8;
            let mut g = Empuje {
                size,
                pieces: [0; 2],
                stage: Stage::Play {
                    setter: Color::White,
                    to_move: Color::White,
                },
                ply: 20,
                last: None,
            };
            let start = size as usize - line.len();
            for (i, &v) in line.iter().enumerate() {
                if v != 0 {
                    g.pieces[usize::from(v - 1)] |= 1 << (start + i);
                }
            }
            let from = Cell::new(start as u8, 0);
            let legal = line.contains(&2);
            assert_eq!(g.can_push(Color::White, from, Direction::East), legal);
            if !legal {
                continue;
            }
            g.play(Move::Push {
                from,
                dir: Direction::East,
            });
            let got: Vec<u8> = (0..line.len())
                .map(|i| match g.piece(Cell::new((start + i) as u8, 0)) {
                    None => 0,
                    Some(Color::White) => 1,
                    Some(Color::Black) => 2,
                })
                .collect();
            assert_eq!(got, step_by_step(line.clone()), "{rank}");
        }
    }
}

// Rule: "If the side to move has no legal move when play begins, the game
// ends at once and pieces are counted" — six a side, so a draw. Here White
// holds a1–c2 and Black d3–f4: no piece shares a line with an enemy.
#[test]
fn no_move_when_play_begins_ends_the_game_at_once() {
    let g = at("6/6/3BBB/3BBB/WWW3/WWW3 c - 12");
    for choice in ["white", "black"] {
        let mut next = g.clone();
        play(&mut next, choice);
        assert_eq!(
            next.outcome(),
            Some(Outcome::draw(EndReason::PiecesCounted))
        );
        assert!(next.legal_move_list().is_empty());
        assert_eq!(refused(&next, "a1n"), MoveError::GameOver);
    }
    let mut first = g.clone();
    play(&mut first, "first");
    assert_eq!(first.outcome(), None);
    play(&mut first, "black");
    assert_eq!(
        first.outcome(),
        Some(Outcome::draw(EndReason::PiecesCounted))
    );
    // perft: 3 choices; only `first` has moves after it (2); then none.
    assert_eq!(g.perft(1), 3);
    assert_eq!(g.perft(2), 2);
    assert_eq!(g.perft(3), 0);
}

// Rule: "End: when the player to move has no legal move. The side with
// more pieces on the board wins; equal counts are a draw."
#[test]
fn the_game_ends_when_the_player_to_move_cannot_move() {
    // After the first worked example Black has no piece: White (the
    // setter here) wins 1–0.
    let mut g = at("6/6/6/6/6/WBWB2 w w 20");
    play(&mut g, "a1e");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::PiecesCounted))
    );
    // The same with the setter on Black: the chooser wins.
    let mut g = at("6/6/6/6/6/WBWB2 w b 20");
    play(&mut g, "a1e");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::PiecesCounted))
    );
    // Equal counts, no enemy in line: a draw.
    let g = at("6/6/6/6/1B4/W5 w w 20");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::PiecesCounted)));
    // The player to move has no move but more pieces: it wins.
    let g = at("6/6/6/6/1B4/W1W3 w b 20");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::PiecesCounted))
    );
    // The opponent could still move, but only the player to move counts.
    let g = at("6/6/6/6/6/B1W3 w w 20");
    assert_eq!(texts(&g), ["c1w"]);
    assert_eq!(g.outcome(), None);
}

// Perft by hand from a position near the end (White, the chooser, to move):
//   rank 6 `5B`: f6 B · rank 5 `2W3`: c5 W · rank 4 `2W2B`: c4 W, f4 B ·
//   rank 3 `3B1B`: d3 B, f3 B · rank 2 `1B4`: b2 B · rank 1 `W1W2W`: a1,
//   c1, f1 W.
// White: a1 sees only c1/f1 (own) east and nothing north; c1 and c5 have
// only own pieces or nothing in line; c4 east reaches f4 (B); f1 north
// reaches f3 (B). Perft 1 = 2: f1n, c4e (listed by square: f1 first).
// - c4e: f4 falls, White on f4. Black: f6s (f4 W), f3n (f4), f3s (f1);
//   d3 and b2 see nothing: 3 moves.
// - f1n: f3 is nearest, so f3, f4 and f6 fall and White ends on f6.
//   Black keeps d3 and b2, neither in line with White: no move, game
//   over (5–2 for White).
// Perft 2 = 3 + 0 = 3.
#[test]
fn perft_near_the_end_by_hand() {
    let g = at("5B/2W3/2W2B/3B1B/1B4/W1W2W w b 14");
    assert_eq!(texts(&g), ["f1n", "c4e"]);
    let mut after_c4e = g.clone();
    play(&mut after_c4e, "c4e");
    assert_eq!(texts(&after_c4e), ["f3n", "f3s", "f6s"]);
    let mut after_f1n = g.clone();
    play(&mut after_f1n, "f1n");
    assert_eq!(board(&after_f1n), "5W/2W3/2W3/3B2/1B4/W1W3");
    assert_eq!(
        after_f1n.outcome(),
        Some(Outcome::win(Side::Second, EndReason::PiecesCounted))
    );
    assert_eq!(g.perft(1), 2);
    assert_eq!(g.perft(2), 3);
}

// Canonical text of every move kind.
#[test]
fn canonical_texts() {
    assert_eq!(
        notation::move_text(Move::Place {
            color: Color::White,
            square: sq("a1")
        }),
        "Wa1"
    );
    assert_eq!(
        notation::move_text(Move::Place {
            color: Color::Black,
            square: sq("b2")
        }),
        "Bb2"
    );
    assert_eq!(notation::move_text(Move::Choose(Choice::First)), "first");
    assert_eq!(notation::move_text(Move::Choose(Choice::White)), "white");
    assert_eq!(notation::move_text(Move::Choose(Choice::Black)), "black");
    for (dir, text) in [
        (Direction::North, "c3n"),
        (Direction::East, "c3e"),
        (Direction::South, "c3s"),
        (Direction::West, "c3w"),
    ] {
        assert_eq!(
            notation::move_text(Move::Push {
                from: sq("c3"),
                dir
            }),
            text
        );
    }
}

// Every alias the notation module lists.
#[test]
fn aliases() {
    let g = start();
    let wa1 = Move::Place {
        color: Color::White,
        square: sq("a1"),
    };
    let bb2 = Move::Place {
        color: Color::Black,
        square: sq("b2"),
    };
    for text in [
        "Wa1",
        "wa1",
        "WA1",
        " W a1 ",
        "white a1",
        "blanco a1",
        "blancas a1",
        "blanca a1",
    ] {
        assert_eq!(g.parse_move(text), Ok(wa1), "{text}");
    }
    for text in [
        "Bb2",
        "bb2",
        "black b2",
        "negro b2",
        "negras b2",
        "negra b2",
        "Nb2",
    ] {
        assert_eq!(g.parse_move(text), Ok(bb2), "{text}");
    }
    let g = at(PLACED);
    for (text, choice) in [
        ("first", Choice::First),
        ("PRIMERO", Choice::First),
        ("white", Choice::White),
        ("blancas", Choice::White),
        ("Blanco", Choice::White),
        ("blanca", Choice::White),
        ("black", Choice::Black),
        ("negras", Choice::Black),
        ("negro", Choice::Black),
        ("negra", Choice::Black),
        (" Bl ack ", Choice::Black),
    ] {
        assert_eq!(g.parse_move(text), Ok(Move::Choose(choice)), "{text}");
    }
    // In play: c3 White with enemies north, east, south and west of it.
    let g = at("6/2B3/6/B1W2B/6/2B3 w w 20");
    let push = |dir| Move::Push {
        from: sq("c3"),
        dir,
    };
    for (text, dir) in [
        ("c3n", Direction::North),
        ("C3N", Direction::North),
        ("c3-n", Direction::North),
        ("c3 north", Direction::North),
        ("c3 norte", Direction::North),
        ("c3e", Direction::East),
        ("c3 east", Direction::East),
        ("c3 este", Direction::East),
        ("c3s", Direction::South),
        ("c3-south", Direction::South),
        ("c3 sur", Direction::South),
        ("c3w", Direction::West),
        ("c3 west", Direction::West),
        ("c3o", Direction::West),
        ("c3 oeste", Direction::West),
    ] {
        assert_eq!(g.parse_move(text), Ok(push(dir)), "{text}");
    }
    // A bare square when the piece has one way to go.
    let g = at("6/6/6/6/6/W4B w w 20");
    assert_eq!(
        g.parse_move("a1"),
        Ok(Move::Push {
            from: sq("a1"),
            dir: Direction::East
        })
    );
}

// Text fitting several moves: a bare square with both colours still to
// place, or a piece with several ways to go.
#[test]
fn ambiguous_input_lists_the_candidates() {
    let g = start();
    assert_eq!(
        refused(&g, "a1"),
        MoveError::Ambiguous {
            input: "a1".into(),
            candidates: vec!["Wa1".into(), "Ba1".into()]
        }
    );
    let g = at("6/2B3/6/B1W2B/6/2B3 w w 20");
    assert_eq!(
        refused(&g, " c3 "),
        MoveError::Ambiguous {
            input: "c3".into(),
            candidates: vec!["c3n".into(), "c3e".into(), "c3s".into(), "c3w".into()]
        }
    );
}

#[test]
fn syntax_errors_show_the_form_of_the_stage() {
    for (g, form) in [
        (start(), "`Wa1` or `Bb2`"),
        (at(PLACED), "`first`, `white` or `black`"),
        (at("BBBBBB/6/6/6/6/WWWWWW f - 13"), "`white` or `black`"),
        (at("6/6/6/6/6/WB4 w w 20"), "`c3n`"),
    ] {
        for bad in [
            "",
            "x",
            "a1-",
            "a1--a2",
            "c3x",
            "c3 up",
            "Wa1a2",
            "first second",
            "🙂",
            "W",
            "-a1",
            "a1ne",
            "Wa1 Wb2",
        ] {
            let MoveError::Syntax { expected, .. } = refused(&g, bad) else {
                panic!("{bad:?} at {}", g.position_text())
            };
            assert!(expected.en.contains(form), "{}", expected.en);
        }
    }
}

// Well-formed moves out of their stage, or against the rules, say why.
#[test]
fn illegal_moves_say_why() {
    let g = start();
    assert_eq!(
        illegal(&g, "first").en,
        "the Setter is still placing pieces (0 of 12 placed)"
    );
    assert_eq!(
        illegal(&g, "white").es,
        "el colocador aún está colocando piezas (lleva 0 de 12)"
    );
    assert_eq!(
        illegal(&g, "a1n").en,
        "play has not begun: the Setter is placing pieces"
    );
    let g = at(PLACED);
    assert_eq!(
        illegal(&g, "a1n").en,
        "play has not begun: the Chooser picks `first`, `white` or `black`"
    );
    assert_eq!(illegal(&g, "a1").en, illegal(&g, "a1n").en);
    let g = at("BBBBBB/6/6/6/6/WWWWWW f - 13");
    assert_eq!(
        illegal(&g, "a1n").en,
        "play has not begun: the Setter picks `white` or `black`"
    );
    let g = at("6/6/6/6/6/WB4 w w 20");
    assert_eq!(
        illegal(&g, "Wc3").en,
        "all twelve pieces are already placed"
    );
    assert_eq!(
        illegal(&g, "black").en,
        "colours and the first move are already decided"
    );
    assert_eq!(illegal(&g, "c3n").en, "c3 is empty");
    assert_eq!(illegal(&g, "c3n").es, "c3 está vacía");
    assert_eq!(
        illegal(&g, "b1w").en,
        "the piece on b1 is Black; White is to move"
    );
    assert_eq!(
        illegal(&g, "b1w").es,
        "la pieza de b1 es negra; juegan las blancas"
    );
    assert_eq!(
        illegal(&g, "g1n").en,
        "there is no square g1 on this 6×6 board"
    );
    assert_eq!(
        illegal(&g, "z99n").en,
        "there is no square z99 on this 6×6 board"
    );
    assert_eq!(
        illegal(&g, "Wz9").en,
        "all twelve pieces are already placed"
    );
}

// Every legal move's text reads back as that move, in every stage.
#[test]
fn every_move_text_reads_back_as_that_move() {
    for text in [
        "6/6/6/6/6/6 p - 0",
        "WB4/BW4/WB4/BW4/WB4/6 p - 10",
        PLACED,
        "BBBBBB/6/6/6/6/WWWWWW f - 13",
        "W1B1W1/1B1W1B/B1W1B1/1W1B1W/6/6 w b 15",
    ] {
        let g = at(text);
        for m in g.legal_move_list() {
            assert_eq!(g.parse_move(&g.move_text(m)), Ok(m), "{text}");
            assert_eq!(
                g.move_origin(m),
                match m {
                    Move::Push { from, .. } => Some(from),
                    _ => None,
                }
            );
        }
    }
}

#[test]
fn position_text_round_trips_and_rejects_malformed_text() {
    crate::check::position_texts::<Empuje>(
        &[
            "6/6/6/6/6/6 p - 0",
            "WB4/BW4/WB4/BW4/WB4/6 p - 10",
            PLACED,
            "BBBBBB/6/6/6/6/WWWWWW f - 13",
            "BBBBBB/6/6/6/6/WWWWWW b w 14",
            "5/5/5/5/W3B w b 30",
            "8/8/8/8/8/8/8/W6B b w 4000000000",
        ],
        &[
            "",
            "6/6/6/6/6/6 p -",
            "6/6/6/6/6/6 p - 0 0",
            "6/6/6/6/6 p - 0",
            "4/4/4/4 p - 0",
            "9/9/9/9/9/9/9/9/9 p - 0",
            "6/6/6/6/6/7 p - 0",
            "6/6/6/6/6/5 p - 0",
            "6/6/6/6/6/33 p - 0",
            "6/6/6/6/6/06 p - 0",
            "6/6/6/6/6/wb4 p - 0",
            "6/6/6/6/6/WX4 p - 0",
            "WWWWWW/W5/6/6/6/6 p - 0",
            PLACED.replace(" c ", " p ").as_str(),
            "6/6/6/6/6/WB4 c - 2",
            "6/6/6/6/6/WB4 f - 2",
            "6/6/6/6/6/WB4 w - 2",
            "6/6/6/6/6/WB4 p w 2",
            "6/6/6/6/6/WB4 x w 2",
            "6/6/6/6/6/WB4 w w -2",
            "6/6/6/6/6/WB4 w w 99999999999",
            "6/6/6/6/6/WB4 w w 01",
            "6/6/6/6/6/W🙂4 w w 1",
            "🙂",
        ],
    );
}

// The view: pieces as stones in their colours, colours and scores only once
// decided, the placed square, and the push line.
#[test]
fn the_view() {
    let mut g = start();
    play(&mut g, "Wc3");
    let v = g.view();
    assert_eq!(
        v.cell(sq("c3")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::Stone,
            color: Color::White
        })
    );
    assert_eq!(
        v.highlights,
        [Highlight {
            cell: sq("c3"),
            kind: HighlightKind::Placed
        }]
    );
    assert_eq!(v.status.colors, [None, None]);
    assert_eq!(v.status.scores, None);
    assert_eq!(v.status.phase, Phase::Place);
    assert_eq!(v.status.to_move, Some(Side::First));
    assert_eq!(v.status.ply, 1);

    let mut g = at(PLACED);
    play(&mut g, "first");
    let v = g.view();
    assert!(v.highlights.is_empty());
    assert_eq!(
        (v.status.phase, v.status.colors),
        (Phase::Choose, [None, None])
    );
    play(&mut g, "black");
    let v = g.view();
    assert_eq!(v.status.colors, [Some(Color::Black), Some(Color::White)]);
    assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [6, 6])));
    assert_eq!(v.status.to_move, Some(Side::Second));

    // `W W . B W .` on rank 1, a1 east: d1 is the nearest enemy, so d1 and
    // e1 fall; b1 is packed onto f1 and the mover stops on e1. Changed:
    // a1 (From), b1, d1 and f1 (Push); e1 (To) held White before and after.
    let mut g = at("6/6/6/6/6/WW1BW1 w b 20");
    play(&mut g, "a1e");
    assert_eq!(board(&g), "6/6/6/6/6/4WW");
    let mut hl: Vec<_> = g
        .view()
        .highlights
        .iter()
        .map(|h| (h.cell, h.kind))
        .collect();
    hl.sort_by_key(|&(c, _)| c);
    assert_eq!(
        hl,
        [
            (sq("a1"), HighlightKind::From),
            (sq("b1"), HighlightKind::Push),
            (sq("d1"), HighlightKind::Push),
            (sq("e1"), HighlightKind::To),
            (sq("f1"), HighlightKind::Push),
        ]
    );
    let v = g.view();
    assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [0, 2])));
    assert_eq!(
        v.status.outcome,
        Some(Outcome::win(Side::Second, EndReason::PiecesCounted))
    );
    assert_eq!(v.status.to_move, None);
    assert!(at(&g.position_text()).view().highlights.is_empty());
}

// No input panics: random move texts, placement lists and position texts
// are refused or read, never a crash.
#[test]
fn arbitrary_text_never_panics() {
    const ALPHABET: &[char] = &[
        'a', 'b', 'c', 'f', 'n', 'e', 's', 'w', 'o', 'W', 'B', 'N', '0', '1', '3', '6', '9', '/',
        ' ', ',', '-', 'é', '🙂', 'p', 'r',
    ];
    let mut rng = crate::rng::SplitMix64::new(11);
    let games = [start(), at(PLACED), at("6/2B3/6/B1W2B/6/2B3 w w 20")];
    for _ in 0..20_000 {
        let len = rng.below(12) as usize;
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
            .collect();
        for g in &games {
            if g.parse_move(&text).is_err() {
                refused(g, &text);
            }
            let _ = g.parse_placements(&text);
        }
        let _ = Empuje::from_position_text(&text);
        let _ = Empuje::from_position_text(&format!("{text}/6/6/6/6/6 p - 0"));
    }
}
