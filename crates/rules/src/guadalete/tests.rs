//! Rule tests for both Guadalete games: every bullet of RULES.md's two
//! sections has a hand-worked position here, with the bullet cited.

use super::*;
use crate::check::refused;

fn g8(text: &str) -> Guadalete {
    Guadalete::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn g14(text: &str) -> Guadalete14 {
    Guadalete14::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn start8() -> Guadalete {
    Guadalete::new(&Setup::default()).unwrap()
}

fn start14() -> Guadalete14 {
    Guadalete14::new(&Setup::default()).unwrap()
}

/// The canonical texts of every legal move, sorted.
fn texts<G: Game>(g: &G) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_move_list()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play<G: Game>(g: &mut G, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} at {}: {e}", g.position_text()));
    }
}

/// The English reason of an illegal move, which must leave `g` unchanged.
fn illegal_reason<G: Game>(g: &G, text: &str) -> String {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => {
            assert!(!why.es.is_empty());
            why.en
        }
        other => panic!("{text}: expected Illegal, got {other:?}"),
    }
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

// --- guadalete: the board -------------------------------------------------

/// RULES: "Standard chess set and setup, plus 16 tokens (planks). Decision:
/// the river is ranks 4 and 5, all 16 squares."
#[test]
fn start_is_the_chess_setup_with_a_river_on_ranks_4_and_5() {
    let g = start8();
    assert_eq!(
        g.position_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0"
    );
    let v = g.view();
    assert_eq!(v.shape, Shape::grid(8, 8));
    assert_eq!(v.cells.len(), 64);
    let river: Vec<Cell> = v
        .cells
        .iter()
        .filter(|c| c.terrain == Terrain::River)
        .map(|c| c.cell)
        .collect();
    assert_eq!(river.len(), 16);
    assert!(river.iter().all(|c| c.y == 3 || c.y == 4));
    assert_eq!(v.cells.iter().filter(|c| c.piece.is_some()).count(), 32);
    assert_eq!(
        v.cell(cell("e1")).unwrap().piece,
        Some(Piece {
            kind: PieceKind::King,
            color: Color::White
        })
    );
    assert!(v.highlights.is_empty());
    assert_eq!(v.status.to_move, Some(Side::First));
    assert_eq!(v.status.ply, 0);
    assert_eq!(v.status.scores, None);
    assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
    assert_eq!(g.turn(), Turn::play(Side::First));
}

/// Depth 1 by hand: each of the 8 pawns steps to rank 3 or double-steps
/// into the river on rank 4 (16 moves); the b1 knight reaches a3 and c3
/// (d2 holds a pawn), the g1 knight f3 and h3 (4 moves). Nothing else moves:
/// 20.
///
/// Depth 2 by hand: after the 8 single steps and 4 knight moves White has
/// made no plank, so the balance rule does not bind Black, whose 20 moves
/// are untouched by White's (12 × 20 = 240). After each of the 8 double
/// steps White has 1 plank and Black 0, and 2·0 > 1 fails: Black must make
/// a plank, and its only plank moves are its 8 double steps (8 × 8 = 64).
/// 240 + 64 = 304.
#[test]
fn start_perft_by_hand() {
    let g = start8();
    assert_eq!(
        texts(&g),
        sorted(&[
            "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4",
            "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3"
        ])
    );
    assert_eq!(g.perft(2), 304);
    let mut after = start8();
    play(&mut after, "e4");
    assert_eq!(
        texts(&after),
        sorted(&["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5"])
    );
}

// --- guadalete: pawns -------------------------------------------------------

/// RULES: "Pawns: move one square straight forward, or two from their
/// starting rank, onto empty squares ... A pawn that enters an empty river
/// square is replaced at once by a plank (White can only do this on rank 4,
/// Black on rank 5)."
#[test]
fn a_pawn_entering_the_river_becomes_a_plank() {
    let mut g = start8();
    // A single step, then a step into the river.
    play(&mut g, "e3 a6 e4");
    assert_eq!(
        g.position_text(),
        "rnbqkbnr/1ppppppp/p7/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 e4 1:0"
    );
    let v = g.view();
    assert_eq!(v.cell(cell("e4")).unwrap().terrain, Terrain::Plank);
    assert_eq!(v.cell(cell("e4")).unwrap().piece, None);
    assert!(v.highlights.contains(&Highlight {
        cell: cell("e3"),
        kind: HighlightKind::From
    }));
    assert!(v.highlights.contains(&Highlight {
        cell: cell("e4"),
        kind: HighlightKind::Placed
    }));
    // A double step lands in the river too; Black planks on rank 5.
    play(&mut g, "d5 d4");
    assert!(
        g.position_text().ends_with(" d4,e4,d5 2:1"),
        "{}",
        g.position_text()
    );
    // A pawn whose next square holds a piece cannot move.
    let blocked = g8("4k3/8/8/8/8/n7/P7/4K2R w - - 0 1 - 0:0");
    assert!(!texts(&blocked).iter().any(|t| t.starts_with('a')));
}

/// RULES: pawns "never capture (no diagonal capture, no en passant) and
/// never give check". The knight on the d4 plank is diagonally in front of
/// the e3 pawn, which still only has its step into the river.
#[test]
fn pawns_never_capture() {
    let g = g8("r3k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1 d4 0:0");
    assert_eq!(texts(&g), sorted(&["e4", "Kd1", "Kd2", "Kf1", "Kf2"]));
    let why = illegal_reason(&g, "exd4");
    assert!(why.contains("never capture"), "{why}");
    // A double step leaves no en passant square.
    let mut s = start8();
    play(&mut s, "Nc3 Nf6 e4");
    assert!(s.position_text().contains(" KQkq - "));
    // A pawn's diagonal is no attack: the knight on d4 is not attacked.
    assert!(!g.pos.attacked(cell_sq("d4"), WHITE));
}

fn cell_sq(name: &str) -> u8 {
    let c = cell(name);
    c.y * 8 + c.x
}

/// RULES: "Pawns never promote. Pawns can be captured before they become
/// planks." The knight on the d5 plank takes the e3 pawn.
#[test]
fn pawns_can_be_captured_and_never_cross_the_river() {
    let mut g = g8("r3k3/8/8/3n4/8/4P3/8/4K3 b - - 0 1 d5 0:0");
    play(&mut g, "Nxe3");
    assert_eq!(g.position_text(), "r3k3/8/8/8/8/4n3/8/4K3 w - - 0 2 d5 0:0");
    // Decision: a pawn entering the river always becomes a plank, so pawns
    // stay on their side; texts with a pawn beyond its river are refused.
    assert!(Guadalete::from_position_text("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1 e5 0:0").is_err());
    assert!(Guadalete::from_position_text("4k3/8/8/8/8/8/8/4K2p w - - 0 1 - 0:0").is_err());
}

/// Decision: a pawn stepping onto an already planked river square (only in
/// set-up positions) also turns into a plank, and counts.
#[test]
fn a_pawn_stepping_onto_a_plank_still_becomes_one() {
    let mut g = g8("4k3/8/8/8/8/4P3/8/R3K3 w - - 0 1 e4 1:0");
    play(&mut g, "e4");
    assert_eq!(g.position_text(), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 e4 2:0");
}

// --- guadalete: the river ---------------------------------------------------

/// RULES: "Planks are permanent; a planked square is an ordinary square.
/// Other pieces may not land on or slide through an unplanked river square;
/// they may land on and pass over planks."
#[test]
fn sliders_stop_at_open_river_and_cross_planks() {
    // a4 is planked, a5 is not: the rook climbs to a4 and no further.
    let g = g8("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4 1:0");
    assert_eq!(
        texts(&g),
        sorted(&[
            "Ra2", "Ra3", "Ra4", "Rb1", "Rc1", "Rd1", "Kd1", "Kd2", "Ke2", "Kf1", "Kf2"
        ])
    );
    let why = illegal_reason(&g, "Ra5");
    assert!(why.contains("a5 is river without a plank"), "{why}");
    let why = illegal_reason(&g, "Ra6");
    assert!(why.contains("crosses river"), "{why}");
    // With a5 planked too the whole file is open.
    let g = g8("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4,a5 1:1");
    assert!(texts(&g).contains(&"Ra8+".to_string()));
    // A bishop lands on the f4 plank and stops before open river (g5).
    let g = g8("4k3/8/8/8/8/8/8/2B1K2R w - - 0 1 f4 1:0");
    let bishop: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with('B'))
        .collect();
    assert_eq!(bishop, sorted(&["Ba3", "Bb2", "Bd2", "Be3", "Bf4"]));
}

/// RULES: "A knight may jump over river squares but not land on an
/// unplanked one." From e3 the knight reaches the d5 plank but not f5, c4 or
/// g4 (open river).
#[test]
fn knights_jump_the_river_and_land_only_on_planks() {
    let g = g8("4k2r/8/8/8/8/4N3/8/4K3 w - - 0 1 d5 0:1");
    let knight: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with('N'))
        .collect();
    assert_eq!(knight, sorted(&["Nc2", "Nd1", "Nd5", "Nf1", "Ng2"]));
    let why = illegal_reason(&g, "Nf5");
    assert!(why.contains("f5 is river without a plank"), "{why}");
}

/// RULES: "The king may never stand on a river square, planked or not (so
/// it never attacks one)."
#[test]
fn kings_never_stand_in_the_river() {
    let g = g8("4k3/8/8/8/8/4K3/8/R7 w - - 0 1 d4,e4,f4 3:0");
    let king: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with('K'))
        .collect();
    assert_eq!(king, sorted(&["Kd2", "Kd3", "Ke2", "Kf2", "Kf3"]));
    let why = illegal_reason(&g, "Ke4");
    assert!(why.contains("never stand on a river square"), "{why}");
    // The queen on the e4 plank checks the king beside it, which cannot take
    // her: a king does not attack a river square. It steps to d2 or f2 (d3,
    // f3 and e2 stay in her lines).
    let g = g8("4k3/8/8/8/4q3/4K3/8/R7 w - - 0 1 e4 1:0");
    assert!(g.pos.in_check());
    assert_eq!(texts(&g), sorted(&["Kd2", "Kf2"]));
    assert!(illegal_reason(&g, "Kxe4").contains("river"));
    // Kings may not be put in the river by a position text either.
    assert!(Guadalete::from_position_text("8/8/8/4k3/8/8/8/4K3 w - - 0 1 e5 0:1").is_err());
}

// --- guadalete: the balance rule ----------------------------------------------

/// RULES: "Balance rule: ... After each of your moves, p(me) must be more
/// than half of p(them) (2·p(me) > p(them)), unless p(them) = 0 or you have
/// no pawns left after the move. If no legal move satisfies it, any legal
/// move is allowed."
#[test]
fn balance_rule() {
    // p(them) = 0: no restriction (the start: all 20 moves).
    assert_eq!(start8().legal_move_list().len(), 20);

    // 1:2 — 2·1 > 2 fails, so White must plank: a4 is the only plank move.
    let g = g8("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1 h4,g5,h5 1:2");
    assert_eq!(texts(&g), sorted(&["a4"]));
    let why = illegal_reason(&g, "Ke2");
    assert!(why.contains("balance rule"), "{why}");
    // One plank is "1 pawn", not "1 pawns".
    assert!(why.contains("turned 1 pawn into planks"), "{why}");
    // 2:2 after it: Black is free (Black has no pawns anyway).
    let mut after = g.clone();
    play(&mut after, "a4");
    assert!(after.position_text().ends_with(" 2:2"));

    // 0:3 with one pawn: planking gives 2·1 > 3 false, but then White has
    // no pawns left, which satisfies the rule; keeping the pawn does not.
    let g = g8("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1 f5,g5,h5 0:3");
    assert_eq!(texts(&g), sorted(&["a4"]));
    // With no pawns at all every move satisfies it.
    let g = g8("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 f5,g5,h5 0:3");
    assert_eq!(
        texts(&g),
        sorted(&[
            "Ra2", "Ra3", "Rb1", "Rc1", "Rd1", "Kd1", "Kd2", "Ke2", "Kf1", "Kf2"
        ])
    );

    // 0:2 with the only pawn blocked: no move satisfies the rule, so every
    // legal move is allowed.
    let g = g8("4k3/8/8/8/8/n7/P7/R3K3 w - - 0 1 g5,h5 0:2");
    assert_eq!(
        texts(&g),
        sorted(&["Rb1", "Rc1", "Rd1", "Kd1", "Kd2", "Ke2", "Kf1", "Kf2"])
    );
}

/// RULES: "Pawns attack nothing, but a pawn move (or a new plank) can
/// uncover a check by another piece, and a pawn move that exposes your own
/// king is illegal."
#[test]
fn new_planks_open_lines() {
    // Balance forces e4; the new plank joins the e5 plank and the rook on
    // e1 sees the black king through them.
    let mut g = g8("4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1 e5 0:1");
    assert_eq!(texts(&g), sorted(&["e4+"]));
    play(&mut g, "e4");
    assert!(g.pos.in_check());
    assert!(g.view().highlights.contains(&Highlight {
        cell: cell("e8"),
        kind: HighlightKind::Check
    }));
    // Here e4 would open the e-file onto the white king: only d4 is left.
    let g = g8("4r1k1/8/8/8/8/8/3PP3/4K3 w - - 0 1 e5 0:1");
    assert_eq!(texts(&g), sorted(&["d4"]));
    let why = illegal_reason(&g, "e4");
    assert!(why.contains("king would be left in check"), "{why}");
}

// --- guadalete: chess -------------------------------------------------------

/// RULES: "Everything else is standard chess: check, checkmate, castling,
/// stalemate."
#[test]
fn castling() {
    let mut g = g8("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 - 0:0");
    play(&mut g, "O-O");
    assert_eq!(
        g.position_text(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 - 0:0"
    );
    let v = g.view();
    for (sq, kind) in [
        ("e1", HighlightKind::From),
        ("g1", HighlightKind::To),
        ("h1", HighlightKind::From),
        ("f1", HighlightKind::To),
    ] {
        assert!(v.highlights.contains(&Highlight {
            cell: cell(sq),
            kind
        }));
    }
    play(&mut g, "O-O-O");
    assert_eq!(g.position_text(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2 - 0:0");
    // The f8 rook sees f1 only over planks on f4 and f5; then White may not
    // castle short (the king would cross f1), but still long.
    let open = g8("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1 - 0:0");
    assert!(texts(&open).contains(&"O-O".to_string()));
    let planked = g8("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1 f4,f5 1:1");
    let t = texts(&planked);
    assert!(!t.contains(&"O-O".to_string()) && t.contains(&"O-O-O".to_string()));
    assert!(matches!(
        refused(&planked, "O-O"),
        MoveError::Illegal { .. }
    ));
    // UCI names castling by the king's squares; zeros and lower case work.
    for (alias, canonical) in [("e1g1", "O-O"), ("0-0", "O-O"), ("o-o-o", "O-O-O")] {
        let m = open.parse_move(alias).unwrap();
        assert_eq!(open.move_text(m), canonical);
        assert_eq!(open.move_origin(m), Some(cell("e1")));
    }
    // Losing a rook on its square loses the right.
    let mut g = g8("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 a4,a5 1:1");
    play(&mut g, "Rxa8+");
    assert!(
        g.position_text().contains(" b Kk - "),
        "{}",
        g.position_text()
    );
}

#[test]
fn checkmate_and_stalemate() {
    // Back-rank mate along the planked a-file.
    let mut g = g8("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 a4,a5 1:1");
    assert_eq!(g.play_text("Ra8").unwrap(), "Ra8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::Checkmate))
    );
    assert!(g.legal_move_list().is_empty());
    assert_eq!(refused(&g, "Kh8"), MoveError::GameOver);
    assert_eq!(g.view().status.to_move, None);
    // Without the planks the rook cannot get there.
    let g = g8("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 - 0:0");
    assert!(illegal_reason(&g, "Ra8").contains("crosses river"));
    // Stalemate.
    let g = g8("7k/5Q2/8/8/8/8/8/4K3 b - - 0 1 - 0:0");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    assert!(g.legal_move_list().is_empty());
}

/// RULES: "Draws: threefold repetition, the 50-move rule, insufficient
/// material (counting pieces other than pawns)."
#[test]
fn draws() {
    let mut g = start8();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    assert!(g.position_text().ends_with(" r2"), "{}", g.position_text());
    assert_eq!(g.outcome(), None);
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(EndReason::ThreefoldRepetition))
    );
    assert!(g.legal_move_list().is_empty());
    let text = g.position_text();
    assert!(text.ends_with(" r3"));
    assert_eq!(g8(&text).outcome(), g.outcome());

    // Fifty moves: the 100th quiet ply ends the game...
    let mut g = g8("4k3/8/8/8/8/8/8/R3K3 w - - 99 80 - 0:0");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::FiftyMoveRule)));
    assert!(g.legal_move_list().is_empty());
    // ... unless it mates.
    let mut g = g8("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80 a4,a5 1:1");
    play(&mut g, "Ra8");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Checkmate);

    // Insufficient material ignores the pawns: king and knight against a
    // king, with pawns on both sides, is a draw at once.
    let g = g8("4k3/pppp4/8/8/8/8/PPPP4/4KN2 w - - 0 1 - 0:0");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    assert!(g.legal_move_list().is_empty());
    // Bishops on one square colour (c1, f8) draw; on both (c1, c8) do not.
    assert!(
        g8("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1 - 0:0")
            .outcome()
            .is_some()
    );
    assert!(
        g8("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1 - 0:0")
            .outcome()
            .is_none()
    );
    // A rook is enough.
    assert!(
        g8("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - 0:0")
            .outcome()
            .is_none()
    );
}

// --- guadalete: notation ----------------------------------------------------

/// RULES: "Canonical text: SAN; a pawn move into the river is written as an
/// ordinary pawn move (`e4`)."
#[test]
fn notation_and_aliases() {
    let g = start8();
    for (input, canonical) in [
        ("e4", "e4"),
        ("e2e4", "e4"),
        ("e2-e4", "e4"),
        (" e 4 ", "e4"),
        ("E4", "e4"),
        ("Nf3", "Nf3"),
        ("nf3", "Nf3"),
        ("g1f3", "Nf3"),
        ("Ngf3", "Nf3"),
        ("Nf3!?", "Nf3"),
    ] {
        let m = g
            .parse_move(input)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.move_text(m), canonical, "{input}");
    }
    // Capture, check and mate marks, disambiguation.
    let g = g8("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1 - 0:0");
    assert!(texts(&g).contains(&"Nbd2".to_string()));
    match refused(&g, "Nd2") {
        MoveError::Ambiguous { mut candidates, .. } => {
            candidates.sort();
            assert_eq!(candidates, sorted(&["Nbd2", "Nfd2"]));
        }
        other => panic!("{other:?}"),
    }
    let g = g8("r3k3/8/8/3n4/8/4P3/8/4K3 b - - 0 1 d5 0:0");
    assert!(texts(&g).contains(&"Nxe3".to_string()));
    assert_eq!(
        g.move_origin(g.parse_move("Nxe3").unwrap()),
        Some(cell("d5"))
    );
    assert_eq!(g.parse_move("Ne3"), g.parse_move("Nxe3"));
}

#[test]
fn refused_moves_say_why() {
    let g = start8();
    for bad in ["", "hello", "Zf3", "🙂", "e2e4e6", "99999999999999999999"] {
        assert!(
            matches!(refused(&g, bad), MoveError::Syntax { .. }),
            "{bad:?}"
        );
    }
    match refused(&g, "hello") {
        MoveError::Syntax { expected, .. } => assert!(expected.en.contains("`e4`")),
        other => panic!("{other:?}"),
    }
    // Well-formed but not legal here.
    for bad in ["e5", "Nf4", "Ke2", "O-O", "e7e5", "Bb5", "e9"] {
        assert!(
            matches!(refused(&g, bad), MoveError::Illegal { .. }),
            "{bad:?}"
        );
    }
    assert!(illegal_reason(&g, "e7e5").contains("opponent"));
    assert!(illegal_reason(&g, "e9").contains("not on the board"));
    let mut over = g8("7k/5Q2/8/8/8/8/8/4K3 b - - 0 1 - 0:0");
    assert_eq!(refused(&over, "Kg8"), MoveError::GameOver);
    assert!(over.play_text("Kh7").is_err());
}

// --- guadalete: position text ----------------------------------------------

#[test]
fn position_text_round_trips_and_rejects_nonsense() {
    crate::check::position_texts::<Guadalete>(
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0",
            "r3k2r/pppq1ppp/2nbbn2/8/8/2NBBN2/PPPQ1PPP/R3K2R w KQkq - 10 8 d4,e4,d5,e5 2:2",
            "3r2k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 97 60 a4,b4,c4,d4,e4,a5,b5,c5,d5,e5 5:5",
            "4k3/8/8/8/8/8/8/R3K3 b - - 3 7 - 0:0 r2",
        ],
        &[
            "",
            "🙂",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0 r4",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 101 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e3 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,e4 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 z99 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 9:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - 0-0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1 - 0:0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNT w KQkq - 0 1 - 0:0",
            "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 - 0:0",
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 - 0:0",
        ],
    );
}

// --- guadalete14 ------------------------------------------------------------

/// RULES: "Board: 8 files × 14 ranks, joined top to bottom like a cylinder
/// ... The river is ranks 1 and 14." and the set-up Decision: "White rear
/// pawns a2–h2, pieces on rank 3 (R N B Q K B N R), front pawns a4–h4;
/// Black front pawns a11–h11, pieces on rank 12, rear pawns a13–h13."
#[test]
fn cylinder_start() {
    let g = start14();
    assert_eq!(
        g.position_text(),
        "8/tttttttt/rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8 w KQkq - 0 1 - 0:0"
    );
    let v = g.view();
    assert_eq!(
        v.shape,
        Shape::Square {
            files: 8,
            ranks: 14,
            wrap_ranks: true
        }
    );
    assert_eq!(v.cells.len(), 112);
    let river: Vec<Cell> = v
        .cells
        .iter()
        .filter(|c| c.terrain == Terrain::River)
        .map(|c| c.cell)
        .collect();
    assert_eq!(river.len(), 16);
    assert!(river.iter().all(|c| c.y == 0 || c.y == 13));
    assert_eq!(v.cells.iter().filter(|c| c.piece.is_some()).count(), 48);
    assert_eq!(
        v.cell(cell("e3")).unwrap().piece.unwrap().kind,
        PieceKind::King
    );
    assert_eq!(
        v.cell(cell("d12")).unwrap().piece.unwrap().kind,
        PieceKind::Queen
    );
}

/// Depth 1 by hand: the 8 rear pawns step into the river on rank 1 (8 plank
/// moves); the 8 front pawns step to rank 5 or 6 (16); the b3 knight reaches
/// a5 and c5 — a1 and c1 (through the wrap) are open river, d2 and d4 hold
/// pawns — and the g3 knight f5 and h5 (4). Rooks, bishops, queen and king
/// are boxed in by pawns: 28.
///
/// Depth 2 by hand: after the 20 moves that make no plank Black has the
/// same 28 moves (560); after each of the 8 plank moves Black must make a
/// plank (2·0 > 1 fails), with its 8 rear pawns (64). 624.
#[test]
fn cylinder_start_perft_by_hand() {
    let g = start14();
    assert_eq!(
        texts(&g),
        sorted(&[
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a5", "a6", "b5", "b6", "c5", "c6",
            "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "Na5", "Nc5", "Nf5", "Nh5"
        ])
    );
    assert_eq!(g.perft(2), 624);
}

/// RULES: "Rear pawns move one square toward the river (White down, Black
/// up), never capture, and become planks on entering the river; the
/// Guadalete balance rule applies to them."
#[test]
fn rear_pawns_walk_into_their_river() {
    let mut g = start14();
    play(&mut g, "e1");
    assert_eq!(
        g.position_text(),
        "8/tttttttt/rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR/TTTT1TTT/8 b KQkq - 0 1 e1 1:0"
    );
    // Black must answer with a plank of its own, made by a rear pawn.
    assert_eq!(
        texts(&g),
        sorted(&["a14", "b14", "c14", "d14", "e14", "f14", "g14", "h14"])
    );
    assert!(illegal_reason(&g, "e10").contains("balance rule"));
    play(&mut g, "d14");
    assert!(g.position_text().ends_with(" e1,d14 1:1"));
    assert_eq!(g.view().cell(cell("d14")).unwrap().terrain, Terrain::Plank);
    // A rear pawn does not take the black amazon diagonally below it, and is
    // blocked by the one straight below it.
    let g = g14("8/8/4k3/8/8/8/8/8/8/8/8/7K/4T3/3aa3 w - - 0 1 - 0:0");
    assert!(!g.pos.in_check());
    assert!(!texts(&g).iter().any(|t| !t.starts_with('K')));
    // No pawns count for "no pawns left" but rear pawns: the front pawn
    // does not stop White from having to plank with its last rear pawn.
    let g = g14("8/8/4k3/8/8/8/8/8/8/8/P7/4K3/7T/8 w - - 0 1 a14,b14 0:2");
    assert_eq!(texts(&g), sorted(&["h1"]));
}

/// RULES: "Front pawns are ordinary chess pawns (double step from their
/// starting rank, diagonal capture, en passant), moving toward the enemy
/// (White up, Black down)."
#[test]
fn front_pawns_double_step_capture_and_take_en_passant() {
    let mut g = g14(
        "8/tttttttt/rnbqkbnr/ppp1pppp/8/8/8/8/3p4/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8 w KQkq - 0 1 - 0:0",
    );
    play(&mut g, "e6");
    // The skipped square is written because the d6 pawn can take on it.
    assert_eq!(
        g.position_text(),
        "8/tttttttt/rnbqkbnr/ppp1pppp/8/8/8/8/3pP3/8/PPPP1PPP/RNBQKBNR/TTTTTTTT/8 b KQkq e5 0 1 - 0:0"
    );
    assert!(texts(&g).contains(&"dxe5".to_string()));
    play(&mut g, "dxe5");
    assert_eq!(
        g.position_text(),
        "8/tttttttt/rnbqkbnr/ppp1pppp/8/8/8/8/8/4p3/PPPP1PPP/RNBQKBNR/TTTTTTTT/8 w KQkq - 0 2 - 0:0"
    );
    // Now the black pawn on e5 and the white pawns on d4 and f4 face each
    // other: both capture diagonally forward.
    assert!(texts(&g).contains(&"dxe5".to_string()));
    assert!(texts(&g).contains(&"fxe5".to_string()));
    // A double step with no pawn beside it leaves no en passant square.
    let mut s = start14();
    play(&mut s, "e6");
    assert!(s.position_text().contains(" KQkq - "));
}

/// RULES: "A front pawn that reaches the river behind the enemy (rank 14 for
/// White, rank 1 for Black), empty or planked, promotes to an amazon (queen +
/// knight moves). Amazons may stand on and cross river squares."
#[test]
fn front_pawns_promote_to_amazons() {
    let g = g14("r7/1P2k3/8/8/8/8/8/8/8/8/8/4K3/8/8 w - - 0 1 a14 0:1");
    let t = texts(&g);
    assert!(t.contains(&"b14=A".to_string()) && t.contains(&"bxa14=A".to_string()));
    for (input, canonical) in [
        ("b14=A", "b14=A"),
        ("b14=a", "b14=A"),
        ("b13b14a", "b14=A"),
        ("b14", "b14=A"),
        ("bxa14", "bxa14=A"),
    ] {
        let m = g
            .parse_move(input)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.move_text(m), canonical);
    }
    // Only the amazon.
    assert!(matches!(refused(&g, "b14=Q"), MoveError::Illegal { .. }));
    let mut g = g;
    play(&mut g, "b14=A");
    let v = g.view();
    let b14 = v.cell(cell("b14")).unwrap();
    assert_eq!(b14.terrain, Terrain::River);
    assert_eq!(
        b14.piece,
        Some(Piece {
            kind: PieceKind::Amazon,
            color: Color::White
        })
    );
    // Black to move: the amazon on open river b14 is safe from the rook
    // (it cannot land on open river) but gives no check.
    assert!(!texts(&g).iter().any(|t| t.contains("xb14")));

    // The amazon crosses the river and the wrap: from h1 it slides along
    // rank 1, down the h-file through h14 and leaps onto open river.
    let g = g14("8/4k3/8/8/8/8/8/8/8/8/8/4K3/8/7A w - - 0 1 - 0:0");
    let t: Vec<String> = texts(&g)
        .iter()
        .map(|t| t.trim_end_matches(['+', '#']).to_string())
        .collect();
    for m in [
        "Aa1", "Ah14", "Ah13", "Ag14", "Af13", "Af14", "Ag13", "Ah2", "Ag2",
    ] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
}

/// RULES: "Other pieces cross or stand on river squares only on planks;
/// kings never." and "rank 14 is adjacent to rank 1 for every kind of
/// movement (files and diagonals wrap vertically; no horizontal wrap)".
#[test]
fn pieces_cross_the_wrap_only_on_planks() {
    // The rook on e2 with e1 and e14 open: down the file it stops at e2's
    // edge; the long way up it is blocked by its own king.
    let g = g14("8/4k3/8/8/8/8/8/8/8/8/8/4K3/4R3/8 w - - 0 1 - 0:0");
    let rook: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with('R'))
        .collect();
    assert_eq!(
        rook,
        sorted(&["Ra2", "Rb2", "Rc2", "Rd2", "Rf2", "Rg2", "Rh2"])
    );
    // Every king move off the e-file uncovers the rook's check the long
    // way round, through e4–e12; the king never enters the river.
    assert!(texts(&g).contains(&"Kd3+".to_string()));
    // With planks on e1 and e14 the rook would check the king on e13
    // through the wrap: such a text, Black in check with White to move, is
    // refused.
    assert!(
        Guadalete14::from_position_text("8/4k3/8/8/8/8/8/8/8/8/8/4K3/4R3/8 w - - 0 1 e1,e14 1:1")
            .is_err()
    );
    // The black king on e12, the rook on e2 behind its own king, planks on
    // e1 and e14: check through the wrap, and the e-file stays attacked.
    let g = g14("8/8/4k3/8/8/8/8/8/8/8/8/4K3/4R3/8 b - - 0 1 e1,e14 1:1");
    assert!(g.pos.in_check());
    assert_eq!(
        texts(&g),
        sorted(&["Kd11", "Kd12", "Kd13", "Kf11", "Kf12", "Kf13"])
    );
    // A bishop crosses the wrap diagonally over planks: d2, c1, b14, a13.
    let g = g14("8/8/4k2r/8/8/8/8/8/8/8/8/4K3/3B4/8 w - - 0 1 c1,b14 1:1");
    let t = texts(&g);
    assert!(t.contains(&"Bb14".to_string()) && t.contains(&"Ba13".to_string()));
    assert!(!t.contains(&"Be1".to_string()));
    // Files do not wrap: nothing goes from the a-file to the h-file.
    assert!(!t.iter().any(|m| m.starts_with("Bh")));
    // A knight leaps across the wrap onto a plank: c2 to b14 and d14.
    let g = g14("8/8/4k2r/8/8/8/8/8/8/8/8/4K3/2N5/8 w - - 0 1 b14 0:1");
    let t = texts(&g);
    assert!(t.contains(&"Nb14".to_string()) && !t.contains(&"Nd14".to_string()));
    assert!(illegal_reason(&g, "Nd14").contains("river without a plank"));
}

/// Decision: castling on the cylinder is castling along rank 3 (12).
#[test]
fn cylinder_castling() {
    let mut g = g14("8/8/r3k2r/8/8/8/8/8/8/8/8/R3K2R/8/8 w KQkq - 0 1 - 0:0");
    play(&mut g, "O-O O-O-O");
    assert_eq!(
        g.position_text(),
        "8/8/2kr3r/8/8/8/8/8/8/8/8/R4RK1/8/8 w - - 2 2 - 0:0"
    );
}

/// RULES: "Everything else as in chess; draws as in chess." Decision: front
/// pawns count as material (they promote), rear pawns do not (like
/// guadalete's pawns).
#[test]
fn cylinder_draws() {
    let rear_only = g14("8/t7/4k3/8/8/8/8/8/8/8/8/4K3/T7/8 w - - 0 1 - 0:0");
    assert_eq!(
        rear_only.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    let front = g14("8/8/4k3/8/8/8/8/8/8/8/P7/4K3/8/8 w - - 0 1 - 0:0");
    assert_eq!(front.outcome(), None);
    // Checkmate as in chess: the king on a13 has a14 and b14 (river) closed
    // to it anyway; the amazon on b11 checks it with a knight leap and
    // covers a12, b12 and b13.
    let mut g = g14("8/k7/8/8/8/8/8/8/8/1A6/8/4K3/8/8 w - - 0 1 - 0:0");
    assert_eq!(g.play_text("Ab11").unwrap(), "Ab11#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::First, EndReason::Checkmate))
    );
}

#[test]
fn cylinder_position_text_rejects_misplaced_pawns() {
    for bad in [
        // A front pawn in the river.
        "P7/8/4k3/8/8/8/8/8/8/8/8/4K3/8/8 w - - 0 1 - 0:0",
        // A rear pawn off its rank.
        "8/8/4k3/8/8/8/T7/8/8/8/8/4K3/8/8 w - - 0 1 - 0:0",
        // A king in the river.
        "4k3/8/8/8/8/8/8/8/8/8/8/4K3/8/8 w - - 0 1 - 0:0",
        // A rook on open river; on a plank it may stand.
        "8/8/4k3/8/8/8/8/8/8/8/8/4K3/8/R7 w - - 0 1 - 0:0",
        // Eight ranks.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - 0:0",
    ] {
        assert!(Guadalete14::from_position_text(bad).is_err(), "{bad}");
    }
    let ok = "8/8/4k3/8/8/8/8/8/8/8/8/4K3/8/R7 w - - 0 1 a1 1:0";
    assert_eq!(g14(ok).position_text(), ok);
}

/// The contract checks of [`crate::check`] on random games from the
/// set-up positions of the perft tables, whose planks, amazons and en
/// passant chances the playouts from the start reach only rarely.
#[test]
fn playouts_from_set_positions() {
    for text in [
        "r3k2r/p1p3pp/1pn2n2/3q4/8/2N2N2/PP1Q1PPP/R3K2R b KQkq - 0 12 c4,d4,e4,d5,e5,f5 3:3",
        "3r2k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 97 60 a4,b4,c4,d4,e4,a5,b5,c5,d5,e5 5:5",
    ] {
        for seed in 0..6 {
            crate::check::playout(g8(text), seed, 200)
                .unwrap_or_else(|e| panic!("{text} seed {seed}: {e}"));
        }
    }
    for text in [
        "r7/1Ptttttt/r3k1nr/pp3ppp/8/2A5/8/8/3p4/8/4P1P1/R3K2R/TTT1TTTT/7a w KQkq - 0 1 d1,a14 1:1",
        "8/ttt2ttt/2bqk3/ppp2ppp/8/8/8/8/8/8/PPP2PPP/1NBQK3/TTT2TTT/8 w - - 0 1 d1,e1,d14,e14 2:2",
        "8/tttttttt/rnbqkbnr/ppp1pppp/8/8/8/8/3p4/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8 w KQkq - 0 1 - 0:0",
    ] {
        for seed in 0..6 {
            crate::check::playout(g14(text), seed, 200)
                .unwrap_or_else(|e| panic!("{text} seed {seed}: {e}"));
        }
    }
}
