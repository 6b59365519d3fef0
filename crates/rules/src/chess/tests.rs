//! Unit tests of chess and saltador, one or more per rule of RULES.md, on
//! hand-worked positions.

use super::*;
use crate::check::{playout, refused};

fn chess(fen: &str) -> Chess {
    Chess::from_position_text(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn saltador(fen: &str) -> Saltador {
    Saltador::from_position_text(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn start() -> Chess {
    Chess::new(&Setup::default()).unwrap()
}

/// Plays `moves` (any accepted text) and returns their canonical texts.
fn play<V: Variant>(g: &mut ChessGame<V>, moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .map(|m| {
            g.play_text(m)
                .unwrap_or_else(|e| panic!("{m}: {e} at {}", g.position_text()))
        })
        .collect()
}

/// The canonical texts of every legal move, sorted.
fn texts<V: Variant>(g: &ChessGame<V>) -> Vec<String> {
    let mut t: Vec<String> = g
        .legal_move_list()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    t.sort();
    t
}

fn why<V: Variant>(g: &ChessGame<V>, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        other => panic!("{text}: expected illegal, got {other:?}"),
    }
}

// ---- start position and perft by hand ----

#[test]
fn start_position_depth_one_and_two_by_hand() {
    // Depth 1: each of the 8 pawns steps one or two squares (16 moves) and
    // each knight has two squares (4 moves): 20.
    let g = start();
    assert_eq!(g.perft(1), 20);
    assert_eq!(texts(&g).len(), 20);
    // Depth 2: no first move of White touches a square Black's 20 replies
    // use (White reaches rank 4 at most, Black's moves stay on ranks 5–8
    // and never capture), so 20 × 20.
    assert_eq!(g.perft(2), 400);
    assert_eq!(g.perft(0), 1);
    assert_eq!(
        g.position_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(g.turn(), Turn::play(Side::First));
    assert_eq!(g.outcome(), None);
}

#[test]
fn setup_takes_no_parameters_and_no_deal() {
    assert!(Chess::new(&Setup::default().with("size", 8)).is_err());
    let seeded = Setup {
        seed: Some(1),
        ..Setup::default()
    };
    assert!(Chess::new(&seeded).is_err());
    assert!(Saltador::new(&seeded).is_err());
}

// ---- castling ----

#[test]
fn castling_both_ways_moves_king_and_rook() {
    // FIDE: king two squares towards the rook, the rook jumps over it.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut g = chess(fen);
    let t = texts(&g);
    assert!(t.contains(&"O-O".to_string()) && t.contains(&"O-O-O".to_string()));
    assert_eq!(play(&mut g, &["O-O"]), ["O-O"]);
    assert_eq!(g.position_text(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // UCI names castling by the king's squares; 0-0-0 is read too.
    assert_eq!(play(&mut g, &["e8c8"]), ["O-O-O"]);
    assert_eq!(g.position_text(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    let mut g = chess(fen);
    assert_eq!(play(&mut g, &["0-0-0"]), ["O-O-O"]);
}

#[test]
fn castling_rights_are_lost_by_king_and_rook_moves_and_captures() {
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The rook leaving h1 loses the king side only.
    play(&mut g, &["Rh2", "Rxh2"]);
    // Black's rook took on h2: White's h-rook is gone, and h8 is empty.
    assert!(
        g.position_text().contains(" w Qq "),
        "{}",
        g.position_text()
    );
    // A rook captured at home loses that right too.
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["Rxa8+"]);
    assert!(
        g.position_text().contains(" b Kk "),
        "{}",
        g.position_text()
    );
    // The king moving loses both.
    let mut g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["Kd1", "Kd8", "Ke1", "Ke8"]);
    assert!(g.position_text().contains(" w - "));
    let why = why(&g, "O-O");
    assert_eq!(why.en, "White can no longer castle on that side");
}

#[test]
fn castling_refused_through_attack_out_of_check_or_past_pieces() {
    // f1 is attacked by the rook on f8: no O-O; O-O-O is fine (b1 may be
    // attacked, only the king's squares matter).
    let g = chess("1r3r2/4k3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!texts(&g).contains(&"O-O".to_string()));
    assert!(texts(&g).contains(&"O-O-O".to_string()));
    assert_eq!(
        why(&g, "O-O").en,
        "the king would cross or land on an attacked square"
    );
    // In check: no castling at all.
    let g = chess("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(why(&g, "O-O").en, "you cannot castle out of check");
    assert_eq!(why(&g, "O-O-O").es, "no se puede enrocar estando en jaque");
    // A piece between king and rook, even on b1.
    let g = chess("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_eq!(
        why(&g, "O-O-O").en,
        "the squares between king and rook must be empty"
    );
    assert!(texts(&g).contains(&"O-O".to_string()));
}

// ---- en passant ----

#[test]
fn en_passant_captures_the_pawn_that_passed_only_at_once() {
    // FIDE: a pawn that advanced two squares past an enemy pawn may be
    // taken as if it had advanced one, on the very next move only.
    let mut g = chess("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d5"]);
    assert!(g.position_text().contains(" d6 "), "{}", g.position_text());
    let mut later = g.clone();
    assert_eq!(play(&mut g, &["exd6"]), ["exd6"]);
    assert_eq!(g.position_text(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // Not a move later.
    play(&mut later, &["Kd1", "Kd8"]);
    assert!(!texts(&later).contains(&"exd6".to_string()));
    // UCI and the e.p. comment are read.
    let mut g = chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(play(&mut g, &["e5d6"]), ["exd6"]);
    let mut g = chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(play(&mut g, &["exd6 e.p."]), ["exd6"]);
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // Taking on d6 removes both pawns from rank 5, opening it for the rook.
    let g = chess("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert!(!texts(&g).contains(&"exd6".to_string()));
    assert_eq!(
        why(&g, "exd6").en,
        "that move would leave your king in check"
    );
    // The en-passant square is not written when no capture is legal.
    assert_eq!(g.position_text(), "8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1");
}

// ---- promotion ----

#[test]
fn promotion_to_each_piece_is_its_own_move() {
    let mut g = chess("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let t = texts(&g);
    for m in [
        "e8=Q+", "e8=R+", "e8=B", "e8=N", "exd8=Q+", "exd8=R+", "exd8=B", "exd8=N",
    ] {
        assert!(t.contains(&m.to_string()), "{m} missing from {t:?}");
    }
    // Aliases: e8Q, e8=q, e7e8n (UCI), without check mark.
    assert_eq!(play(&mut g.clone(), &["e8Q"]), ["e8=Q+"]);
    assert_eq!(play(&mut g.clone(), &["e8=q"]), ["e8=Q+"]);
    assert_eq!(play(&mut g.clone(), &["e7e8n"]), ["e8=N"]);
    // The piece must be named.
    match refused(&g, "e8") {
        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 4),
        other => panic!("{other:?}"),
    }
    play(&mut g, &["exd8=N"]);
    assert_eq!(g.position_text(), "3N2k1/8/8/8/8/8/8/4K3 b - - 0 1");
}

// ---- check, checkmate, stalemate ----

#[test]
fn check_is_marked_and_must_be_answered() {
    let mut g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(play(&mut g, &["Ra8+"]), ["Ra8+"]);
    // Black must leave the check: only king moves off rank 8.
    assert_eq!(texts(&g), ["Kd7", "Ke7", "Kf7"]);
    assert_eq!(
        why(&g, "Kf8").en,
        "your king is in check and that move does not stop it"
    );
    let v = g.view();
    assert!(v.highlights.contains(&Highlight {
        cell: Cell::new(4, 7),
        kind: HighlightKind::Check
    }));
}

#[test]
fn checkmate_wins_and_ends_the_game() {
    // Fool's mate.
    let mut g = start();
    let t = play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(t, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Checkmate))
    );
    assert!(g.legal_move_list().is_empty());
    assert_eq!(refused(&g, "e4"), MoveError::GameOver);
    assert_eq!(refused(&g, "garbage"), MoveError::GameOver);
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.perft(0), 1);
    assert_eq!(g.view().status.to_move, None);
}

#[test]
fn stalemate_is_a_draw() {
    // After Qf7 Black's king on h8 has no square (g8, g7, h7 all covered)
    // and is not in check.
    let mut g = chess("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    assert_eq!(play(&mut g, &["Qf7"]), ["Qf7"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
}

// ---- automatic draws ----

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut g = start();
    play(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    assert_eq!(g.outcome(), None);
    // The start position now stands for the third time.
    play(&mut g, &["Ng8"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(EndReason::ThreefoldRepetition))
    );
    assert_eq!(g.perft(1), 0);
}

#[test]
fn repetition_counts_the_en_passant_possibility() {
    // After a2-a4 the b4 pawn may take en passant: that position differs
    // from the same placement later, when it no longer may.
    let mut g = chess("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1");
    play(&mut g, &["a4"]);
    let shuffle = ["Ke7", "Ke2", "Ke8", "Ke1"];
    play(&mut g, &shuffle);
    play(&mut g, &shuffle);
    // The placement after a4 has stood three times, but once with the
    // capture possible: only two equal positions.
    assert_eq!(g.outcome(), None);
    // The position after Ke7 is the first to stand a third time.
    play(&mut g, &["Ke7"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(EndReason::ThreefoldRepetition))
    );
}

#[test]
fn fifty_move_rule_after_one_hundred_quiet_plies() {
    let mut g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut g, &["Ra2"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::FiftyMoveRule)));
    // A capture or a pawn move resets the count.
    let mut g = chess("4k3/8/8/8/8/8/p7/R3K3 w - - 99 80");
    play(&mut g, &["Rxa2"]);
    assert_eq!(g.outcome(), None);
    assert!(g.position_text().ends_with(" 0 80"));
    // A checkmate delivered on the hundredth ply stands.
    let mut g = chess("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    assert_eq!(play(&mut g, &["Rh8#"]), ["Rh8#"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::Checkmate))
    );
    // A position read with the count already at 100 is over.
    assert_eq!(
        chess("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").outcome(),
        Some(Outcome::draw(EndReason::FiftyMoveRule))
    );
}

#[test]
fn insufficient_material_cases() {
    let drawn = Some(Outcome::draw(EndReason::InsufficientMaterial));
    // K v K, K+N v K, K+B v K, K+B v K+B with bishops on one colour (c1
    // and f8 are both dark).
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(chess(fen).outcome(), drawn, "{fen}");
    }
    // Mate stays possible: bishops on opposite colours, two knights
    // against a knight, a pawn, a rook.
    for fen in [
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ] {
        assert_eq!(chess(fen).outcome(), None, "{fen}");
    }
    // Reached by a capture.
    let mut g = chess("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1");
    play(&mut g, &["Kxd2"]);
    assert_eq!(g.outcome(), drawn);
}

// ---- notation ----

#[test]
fn canonical_text_of_every_move_kind() {
    let mut g = start();
    let t = play(
        &mut g,
        &[
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2", "e8d8",
        ],
    );
    assert_eq!(
        t,
        [
            "e4", "d5", "exd5", "Nf6", "Bb5+", "c6", "dxc6", "Qxd2+", "Nxd2", "Kd8"
        ]
    );
    let t = play(
        &mut g,
        &["c6b7", "c8d7", "b7a8q", "d8c7", "g1f3", "e7e5", "e1g1"],
    );
    assert_eq!(t, ["cxb7", "Bd7", "bxa8=Q", "Kc7", "Ngf3", "e5", "O-O"]);
}

#[test]
fn disambiguation_and_ambiguous_input() {
    // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3.
    let g = chess("4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1");
    let g2 = chess("4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1");
    let t = texts(&g2);
    assert!(t.contains(&"Nbd2".to_string()) && t.contains(&"Nfd2".to_string()));
    assert!(t.contains(&"R1a3".to_string()) && t.contains(&"R5a3".to_string()));
    match refused(&g2, "Nd2") {
        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates, ["Nbd2", "Nfd2"]),
        other => panic!("{other:?}"),
    }
    // Knights on b1 and f1 both reach d2 from rank 1: the file decides.
    assert!(texts(&g).contains(&"Nbd2".to_string()));
}

#[test]
fn aliases_case_rule_and_uci() {
    let g = start();
    // UCI, lower-case piece letters, upper-case files, figurines, spaces.
    for (input, canonical) in [
        ("g1f3", "Nf3"),
        ("nf3", "Nf3"),
        ("NF3", "Nf3"),
        ("Ng1f3", "Nf3"),
        ("♘f3", "Nf3"),
        (" Nf3 ", "Nf3"),
        ("E4", "e4"),
        ("e2-e4", "e4"),
        ("e2 e4", "e4"),
    ] {
        let m = g
            .parse_move(input)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.move_text(m), canonical, "{input}");
    }
    // bxc3 is the pawn when a pawn can take; the bishop otherwise.
    let both = chess("4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1");
    assert_eq!(both.move_text(both.parse_move("bxc3").unwrap()), "bxc3");
    assert_eq!(both.move_text(both.parse_move("Bxc3").unwrap()), "Bxc3");
    let bishop = chess("4k3/8/8/8/8/2n5/8/B3K3 w - - 0 1");
    assert_eq!(bishop.move_text(bishop.parse_move("bxc3").unwrap()), "Bxc3");
}

#[test]
fn errors_say_what_is_wrong_and_change_nothing() {
    let g = start();
    for bad in [
        "",
        "zz9",
        "hello",
        "e2e4e5",
        "Nf",
        "🙂",
        "O-O-O-O",
        "99999999999999",
    ] {
        assert!(
            matches!(refused(&g, bad), MoveError::Syntax { .. }),
            "{bad:?}"
        );
    }
    // A Black move while White is to play.
    let w = why(&g, "e5");
    assert_eq!(w.en, "it is White's turn to move");
    assert_eq!(w.es, "es el turno de las blancas");
    // No piece can do it.
    assert_eq!(why(&g, "Nf4").en, "no knight can move to f4");
    assert_eq!(why(&g, "e3e4").en, "there is no piece on e3");
    assert_eq!(
        why(&g, "e7e5").es,
        "la pieza de e7 no es tuya: juegan las blancas"
    );
    // A pinned knight.
    let pinned = chess("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        why(&pinned, "Nc3").en,
        "that move would leave your king in check"
    );
    // The king may not step into check.
    let g = chess("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(
        why(&g, "Kd2").en,
        "that move would leave your king in check"
    );
}

#[test]
fn move_origin_is_the_square_left() {
    let g = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for m in g.legal_move_list() {
        let s = g.san_move(m);
        assert_eq!(g.move_origin(m), Some(s.from));
    }
    let castle = g.parse_move("O-O").unwrap();
    assert_eq!(g.move_origin(castle), Some(Cell::new(4, 0)));
}

// ---- position text ----

#[test]
fn position_text_round_trips_and_bad_text_is_refused() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "8/8/8/8/8/8/8/K1k5 b - - 12 345",
    ] {
        assert_eq!(chess(fen).position_text(), fen);
    }
    // Counters may be left out.
    assert_eq!(
        chess("4k3/8/8/8/8/8/8/4K3 w - -").position_text(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    for bad in [
        "",
        "🙂",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqxbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // No black king; two white kings; pawn on the last rank.
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // Castling right without the rook at home.
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        // Black in check with White to move.
        "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        // Too much material: nine pawns; ten queens.
        "4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1",
        "QQQQQQQQ/QQ6/8/8/8/8/8/k3K3 w - - 0 1",
    ] {
        assert!(Chess::from_position_text(bad).is_err(), "{bad:?}");
    }
}

// ---- view ----

#[test]
fn view_shows_pieces_last_move_check_and_status() {
    let mut g = start();
    let v = g.view();
    assert_eq!(v.cells.len(), 64);
    assert!(v.highlights.is_empty());
    assert_eq!(
        v.cell(Cell::new(4, 0)).unwrap().piece,
        Some(Piece {
            kind: PieceKind::King,
            color: Color::White
        })
    );
    assert_eq!(v.status.ply, 0);
    assert_eq!(v.status.to_move, Some(Side::First));
    assert_eq!(v.status.scores, None);
    play(&mut g, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    let v = g.view();
    assert_eq!(v.status.ply, 7);
    assert_eq!(
        v.status.outcome,
        Some(Outcome::win(Side::First, EndReason::Checkmate))
    );
    assert_eq!(
        v.highlights,
        [
            Highlight {
                cell: Cell::new(7, 4),
                kind: HighlightKind::From
            },
            Highlight {
                cell: Cell::new(5, 6),
                kind: HighlightKind::To
            },
            Highlight {
                cell: Cell::new(4, 7),
                kind: HighlightKind::Check
            },
        ]
    );
    // Castling highlights the king's squares.
    let mut g = chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut g, &["O-O"]);
    let from_to: Vec<Cell> = g.view().highlights.iter().map(|h| h.cell).collect();
    assert_eq!(from_to, [Cell::new(4, 0), Cell::new(6, 0)]);
}

// ---- the engine against a plain generator ----

#[test]
fn legal_moves_equal_pseudo_moves_that_keep_the_king_safe() {
    fn compare<V: Variant>(start: ChessGame<V>, seed: u64) {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut g = start;
        for _ in 0..300 {
            let legal = g.legal_move_list();
            let mut plain: Vec<Move> = g
                .pos
                .pseudo_moves()
                .into_iter()
                .filter(|&m| {
                    let mut p = g.pos;
                    p.play(m);
                    !p.mover_in_check()
                })
                .collect();
            // The noisy moves are exactly the legal captures and
            // promotions, in the legal moves' order.
            let mut noisy = Vec::new();
            assert_eq!(g.noisy_moves(&mut noisy), g.outcome().is_none());
            let expected: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| g.is_capture(m) || m.promotion().is_some())
                .collect();
            assert_eq!(noisy, expected, "at {}", g.position_text());
            let mut list = MoveList::new();
            g.pos.legal_moves(&mut list);
            // Castling is not among the pseudo moves.
            let mut fast: Vec<Move> = list
                .as_slice()
                .iter()
                .copied()
                .filter(|m| !matches!(m.kind, position::Kind::Castle(_)))
                .collect();
            let key = |m: &Move| (m.from, m.to, format!("{:?}", m.kind));
            plain.sort_by_key(key);
            fast.sort_by_key(key);
            assert_eq!(fast, plain, "at {}", g.position_text());
            if legal.is_empty() {
                return;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            g.play(m);
        }
    }
    for seed in 0..40 {
        compare(start(), seed);
        compare(
            chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            seed,
        );
        compare(Saltador::new(&Setup::default()).unwrap(), seed);
    }
}

#[test]
fn a_position_seen_before_is_a_repetition() {
    let mut g = start();
    assert_eq!(g.repetition(), None);
    for (m, plies) in [
        ("Nf3", None),
        ("Nf6", None),
        ("Ng1", None),
        // The start again, White to move, four plies on.
        ("Ng8", Some(4)),
        ("e4", None),
        ("e5", None),
    ] {
        play(&mut g, &[m]);
        assert_eq!(g.repetition(), plies, "after {m}");
    }
    // A pawn move starts the window afresh: the same knight dance again
    // repeats only once it returns.
    play(&mut g, &["Nf3", "Nf6", "Ng1"]);
    assert_eq!(g.repetition(), None);
    play(&mut g, &["Ng8"]);
    assert_eq!(g.repetition(), Some(4));
}

#[test]
fn noisy_moves_are_captures_and_promotions_worked_by_hand() {
    let noisy = |fen: &str| {
        let mut v = Vec::new();
        chess(fen).noisy_moves(&mut v);
        v.len()
    };
    // b7-b8 promotes to four pieces; nothing to take.
    assert_eq!(noisy("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), 4);
    // The rook pinned on the d-file can only take its pinner.
    assert_eq!(noisy("3qk3/8/8/8/8/3R4/8/3K4 w - - 0 1"), 1);
    // En passant is a capture.
    assert_eq!(noisy("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"), 1);
    // In check from an undefended queen: the king takes it.
    assert_eq!(noisy("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"), 1);
    // Castling and quiet moves are not noisy: the start has none.
    assert_eq!(noisy(START), 0);
}

#[test]
fn contract_holds_on_playouts() {
    for seed in 0..4 {
        playout(start(), seed, 400).unwrap();
        playout(Saltador::new(&Setup::default()).unwrap(), seed, 400).unwrap();
    }
}

// ---- saltador ----

#[test]
fn saltador_start_depth_one_and_two_by_hand() {
    // Depth 1: 16 pawn moves, 4 knight moves, and each jumping bishop has
    // three leaps: c1 → b4, d4, f4 (f2 is its own pawn; the others leave
    // the board); f1 → c4, e4, g4 (c2 own pawn). 16 + 4 + 6 = 26.
    let g = Saltador::new(&Setup::default()).unwrap();
    assert_eq!(g.perft(1), 26);
    let mut t = texts(&g);
    t.retain(|m| m.starts_with('B'));
    assert_eq!(t, ["Bb4", "Bc4", "Bd4", "Be4", "Bf4", "Bg4"]);
    // Depth 2: White's moves reach rank 4 at most; Black's 26 replies land
    // on ranks 5–6 and capture nothing, so none is changed: 26 × 26.
    assert_eq!(g.perft(2), 676);
}

#[test]
fn jumping_bishop_leaps_twelve_ways_unblockable() {
    // The bishop on d4 is boxed in by its own pawns on every adjacent
    // square; it still reaches all twelve leaps: (±3,±3), (±3,±1), (±1,±3).
    let g = saltador("4k3/8/8/2PPP3/2PBP3/2PPP3/8/4K3 w - - 0 1");
    let mut t = texts(&g);
    t.retain(|m| m.starts_with('B'));
    assert_eq!(
        t,
        // Be1 would land on its own king.
        [
            "Ba1", "Ba3", "Ba5", "Ba7", "Bc1", "Bc7", "Be7", "Bg1", "Bg3", "Bg5", "Bg7"
        ]
    );
    // It never leaves its colour: d4 is dark, and so is every target.
    for m in g.legal_move_list() {
        if m.role == Role::Bishop {
            let c = cell(m.to);
            assert_eq!((c.x + c.y) % 2, 0, "{c}");
        }
    }
}

#[test]
fn jumping_bishop_captures_by_landing_and_checks_cannot_be_blocked() {
    // White jumping bishop b1 takes the knight on e4 (a (3,3) leap).
    let mut g = saltador("4k3/8/8/8/4n3/8/8/1B2K3 w - - 0 1");
    assert_eq!(play(&mut g, &["Bxe4"]), ["Bxe4"]);
    // The white bishop on b5 checks the king on e8 with a (3,3) leap.
    // Black's rook on d7 cannot block a leap: only king moves answer.
    let g = saltador("4k3/3r4/8/1B6/8/8/8/4K3 b - - 0 1");
    assert!(g.pos.in_check());
    let t = texts(&g);
    assert!(!t.contains(&"Rd6".to_string()) && !t.contains(&"Rc7".to_string()));
    assert!(t.iter().all(|m| m.starts_with('K')), "{t:?}");
    // A piece between the king and a jumping bishop on its diagonal is
    // not pinned (a sliding bishop on e5 would pin the knight on c3).
    let g = saltador("4k3/8/8/4b3/8/2N5/8/K7 w - - 0 1");
    assert!(texts(&g).contains(&"Nb5".to_string()));
    // The queen still slides and pins.
    let g = saltador("4k3/8/8/8/8/2q5/3N4/4K3 w - - 0 1");
    assert!(!texts(&g).iter().any(|m| m.starts_with('N')));
}

#[test]
fn saltador_insufficient_material_counts_the_jumping_bishop_as_a_bishop() {
    let drawn = Some(Outcome::draw(EndReason::InsufficientMaterial));
    assert_eq!(saltador("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), drawn);
    assert_eq!(
        saltador("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(),
        drawn
    );
    assert_eq!(
        saltador("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(),
        None
    );
    assert_eq!(saltador("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), None);
}

#[test]
fn saltador_view_and_everything_else_as_chess() {
    let mut g = Saltador::new(&Setup::default()).unwrap();
    assert_eq!(
        g.view().cell(Cell::new(2, 0)).unwrap().piece,
        Some(Piece {
            kind: PieceKind::JumpingBishop,
            color: Color::White
        })
    );
    // Castling, en passant and SAN work as in chess.
    let moves = [
        "e4", "a6", "e5", "d5", "exd6", "e6", "Nf3", "a5", "Bc4", "a4", "O-O",
    ];
    assert_eq!(play(&mut g, &moves), moves);
}

/// Perft the slow way, through the game's own `legal_moves`, `play` and
/// result (the trait's provided method, which `ChessGame` overrides).
fn slow_perft<V: Variant>(g: &ChessGame<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    g.legal_move_list()
        .into_iter()
        .map(|m| {
            let mut next = g.clone();
            next.play(m);
            slow_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn fast_perft_stops_at_draws_like_the_game() {
    // Two knight trips: the start position has stood twice, so Ng1 Ng8
    // below makes a third time and those lines end.
    let mut g = start();
    play(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"]);
    assert_eq!(g.perft(3), slow_perft(&g, 3));
    assert_ne!(g.perft(3), start().perft(3) - 1);
    // Fifty-move rule and insufficient material within reach.
    for fen in [
        "4k3/8/8/8/R2r4/1B6/8/4K3 w - - 97 60",
        "7k/8/8/1p6/1P6/8/8/K7 w - - 96 1",
    ] {
        let g = chess(fen);
        for d in 1..=4 {
            assert_eq!(g.perft(d), slow_perft(&g, d), "{fen} depth {d}");
        }
    }
    let g = saltador("4k3/8/8/8/R2r4/2B5/8/b3K3 w - - 97 60");
    assert_eq!(g.perft(4), slow_perft(&g, 4));
}

#[test]
fn position_text_carries_the_repetition_window() {
    // The moves since the last capture, pawn move or lost castling right
    // follow the FEN, so a position read back repeats like the original.
    let mut g = start();
    play(&mut g, &["e4", "e5", "Nf3", "Nc6", "Ng1", "Nb8", "Nf3"]);
    let text = g.position_text();
    assert_eq!(
        text,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 5 4 g1f3,b8c6,f3g1,c6b8,g1f3"
    );
    let mut back = Chess::from_position_text(&text).unwrap();
    assert_eq!(back.position_text(), text);
    // Nc6 Ng1 Nb8: the position after e5 stands a third time.
    play(&mut back, &["Nc6", "Ng1"]);
    assert_eq!(back.outcome(), None);
    play(&mut back, &["Nb8"]);
    assert_eq!(
        back.outcome(),
        Some(Outcome::draw(EndReason::ThreefoldRepetition))
    );
    // Read without the history, the same placement is fresh.
    let fen_only: Vec<&str> = text.split(' ').take(6).collect();
    let mut fresh = Chess::from_position_text(&fen_only.join(" ")).unwrap();
    play(&mut fresh, &["Nc6", "Ng1", "Nb8"]);
    assert_eq!(fresh.outcome(), None);
    // A drawn position reads back drawn.
    let drawn = Chess::from_position_text(&back.position_text()).unwrap();
    assert_eq!(drawn.outcome(), back.outcome());
    // Losing a castling right starts a new window.
    play(&mut g, &["Ke7"]);
    assert_eq!(g.position_text().split(' ').count(), 6);
}

#[test]
fn bad_move_histories_are_refused() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 5 4";
    for history in [
        "g1f3,b8c6,f3g1,c6b8,g1e2",      // does not arrive here
        "g1f3,b8c6,f3g1,c6b8,g1f3,b8c6", // the last mover is wrong
        "f3g1",                          // g1 would have to be empty before
        "e2e4",                          // a pawn move cannot be in the window
        "z9f3",
        "g1f3,",
        "🙂",
    ] {
        assert!(
            Chess::from_position_text(&format!("{fen} {history}")).is_err(),
            "{history}"
        );
    }
    // More moves than the halfmove clock allows.
    assert!(
        Chess::from_position_text(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 4 g1f3"
        )
        .is_err()
    );
    assert!(Chess::from_position_text(&format!("{fen} g1f3")).is_ok());
}

#[test]
fn mangled_texts_never_panic() {
    // Random edits of valid position texts and random move texts: each is
    // read or refused, never a panic.
    let mut rng = crate::rng::SplitMix64::new(7);
    let seeds = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 5 4 g1f3,b8c6,f3g1,c6b8,g1f3",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 4294967295 4294967295",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqa1h8e3d6x,0é🙂"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let mut chars: Vec<char> = seeds[rng.below(seeds.len() as u64) as usize]
            .chars()
            .collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len() as u64) as usize;
            match rng.below(3) {
                0 => chars[i] = alphabet[rng.below(alphabet.len() as u64) as usize],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[rng.below(alphabet.len() as u64) as usize]),
            }
        }
        let text: String = chars.into_iter().collect();
        for g in [
            Chess::from_position_text(&text).ok(),
            Saltador::from_position_text(&text).map(|_| start()).ok(),
        ]
        .into_iter()
        .flatten()
        {
            let back = g.position_text();
            assert_eq!(
                Chess::from_position_text(&back).unwrap().position_text(),
                back
            );
            let _ = g.perft(2);
            let _ = g.view();
        }
    }
    let g = start();
    let mut moves = 0;
    for _ in 0..20_000 {
        let len = rng.below(8) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        moves += usize::from(g.parse_move(&text).is_ok());
    }
    assert!(moves < 20_000);
}

#[test]
fn a_move_naming_a_square_off_the_board_is_refused_with_a_reason() {
    // Found by the mangled-text test over every game: `A9f1` read as the
    // squares a9 and f1 reached past the board (a shift overflow).
    let g = start();
    for text in ["a9f1", "A9f1", "a2a9", "i2i4"] {
        let e = g.parse_move(text).expect_err(text);
        let said = format!("{e:?}");
        assert!(!said.is_empty(), "{text}");
    }
    let e = format!("{:?}", g.parse_move("a9f1").unwrap_err());
    assert!(e.contains("a9 is not a square of the board"), "{e}");
}

// ---- the null move a search may use ----

#[test]
fn passing_hands_over_the_move_and_forgets_en_passant() {
    // After e4 d5 e5 f5, e5xf6 en passant is legal: passing loses it,
    // moves no piece, and passing back gives the placement again with
    // White to move but no en-passant key.
    let mut g = start();
    play(&mut g, &["e4", "d5", "e5", "f5"]);
    assert!(texts(&g).contains(&"exf6".to_string()));
    let passed = g.passed().unwrap();
    assert_eq!(
        passed.position_text(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
    assert_eq!(passed.turn(), Turn::play(Side::Second));
    assert_ne!(passed.position_key(), g.position_key());
    let back = passed.passed().unwrap();
    assert!(!texts(&back).contains(&"exf6".to_string()));
    assert_eq!(
        back.position_key(),
        chess("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").position_key()
    );
    // In check, or with the game over, there is no pass.
    assert!(chess("4k3/8/8/8/8/8/8/4K2r w - - 0 1").passed().is_none());
    assert!(
        chess("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1")
            .passed()
            .is_some()
    );
    assert!(
        chess("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
            .passed()
            .is_none()
    );
}

/// Squares by name, as a bitboard.
fn squares(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| {
            let b = n.as_bytes();
            1u64 << (u32::from(b[1] - b'1') * 8 + u32::from(b[0] - b'a'))
        })
        .fold(0, |a, b| a | b)
}

/// Hand-worked attack sets: a knight in the corner, a pawn of each side,
/// a rook and a queen stopped by blockers (the blocker's square
/// included), a king on the edge, and Saltador's bishop, which leaps over
/// a blocker its chess cousin stops at.
#[test]
fn attack_sets_by_role_and_blockers() {
    let sq = |n: &str| squares(&[n]).trailing_zeros() as u8;
    let occupied = squares(&["d4", "d6", "f4"]);
    assert_eq!(
        Chess::attacks(Side::First, Role::Knight, sq("a1"), 0),
        squares(&["b3", "c2"])
    );
    assert_eq!(
        Chess::attacks(Side::First, Role::Pawn, sq("e4"), 0),
        squares(&["d5", "f5"])
    );
    assert_eq!(
        Chess::attacks(Side::Second, Role::Pawn, sq("a5"), 0),
        squares(&["b4"])
    );
    assert_eq!(
        Chess::attacks(Side::First, Role::Rook, sq("d5"), occupied),
        squares(&["d4", "d6", "a5", "b5", "c5", "e5", "f5", "g5", "h5"])
    );
    assert_eq!(
        Chess::attacks(Side::First, Role::Queen, sq("e5"), occupied),
        squares(&[
            "e1", "e2", "e3", "e4", "e6", "e7", "e8", "a5", "b5", "c5", "d5", "f5", "g5", "h5",
            "d4", "f4", "d6", "f6", "g7", "h8"
        ])
    );
    assert_eq!(
        Chess::attacks(Side::First, Role::King, sq("h4"), 0),
        squares(&["h3", "h5", "g3", "g4", "g5"])
    );
    let blocked = squares(&["b2"]);
    assert_eq!(
        Chess::attacks(Side::First, Role::Bishop, sq("a1"), blocked),
        squares(&["b2"])
    );
    // (±3,±3), (±3,±1), (±1,±3) from a1: d4, d2, b4; b2 is no obstacle.
    assert_eq!(
        Saltador::attacks(Side::First, Role::Bishop, sq("a1"), blocked),
        squares(&["d4", "d2", "b4"])
    );
}
