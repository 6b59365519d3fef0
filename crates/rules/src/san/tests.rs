use super::*;

fn sq(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

fn mv(role: Role, from: &str, to: &str, capture: bool) -> SanMove {
    SanMove::new(role, sq(from), sq(to), capture)
}

fn promo(from: &str, to: &str, capture: bool, p: Role) -> SanMove {
    SanMove {
        promotion: Some(p),
        ..mv(Role::Pawn, from, to, capture)
    }
}

fn castle_move(side: CastleSide) -> SanMove {
    let to = if side == CastleSide::King { "g1" } else { "c1" };
    SanMove {
        castle: Some(side),
        ..mv(Role::King, "e1", to, false)
    }
}

fn texts(legal: &[SanMove]) -> Vec<String> {
    legal
        .iter()
        .map(|m| write(m, legal, Suffix::None))
        .collect()
}

fn res(text: &str, legal: &[SanMove]) -> Result<usize, MoveError> {
    resolve(text, legal, |i| write(&legal[i], legal, Suffix::None))
}

#[test]
fn writes_pieces_pawns_castling_and_suffixes() {
    let legal = [
        mv(Role::Knight, "g1", "f3", false),
        mv(Role::Pawn, "e4", "d5", true),
        mv(Role::Pawn, "e2", "e4", false),
        castle_move(CastleSide::King),
        castle_move(CastleSide::Queen),
        mv(Role::Queen, "d1", "h5", true),
    ];
    assert_eq!(texts(&legal), ["Nf3", "exd5", "e4", "O-O", "O-O-O", "Qxh5"]);
    assert_eq!(write(&legal[0], &legal, Suffix::Check), "Nf3+");
    assert_eq!(write(&legal[5], &legal, Suffix::Mate), "Qxh5#");
}

#[test]
fn disambiguates_by_file_then_rank_then_both() {
    // Knights on b1 and f3 both reach d2: the files differ.
    let by_file = [
        mv(Role::Knight, "b1", "d2", false),
        mv(Role::Knight, "f3", "d2", false),
    ];
    assert_eq!(texts(&by_file), ["Nbd2", "Nfd2"]);
    // Rooks on a1 and a5 both reach a3: same file, so the rank.
    let by_rank = [
        mv(Role::Rook, "a1", "a3", false),
        mv(Role::Rook, "a5", "a3", false),
    ];
    assert_eq!(texts(&by_rank), ["R1a3", "R5a3"]);
    // Queens on e4, h4 and h1 all reach e1: h4 shares its file with h1
    // and its rank with e4, so it needs both.
    let both = [
        mv(Role::Queen, "e4", "e1", false),
        mv(Role::Queen, "h4", "e1", false),
        mv(Role::Queen, "h1", "e1", true),
    ];
    assert_eq!(texts(&both), ["Qee1", "Qh4e1", "Q1xe1"]);
    for (i, t) in texts(&both).iter().enumerate() {
        assert_eq!(res(t, &both), Ok(i), "{t}");
    }
    // Pieces of another role do not count.
    let mixed = [
        mv(Role::Knight, "b1", "d2", false),
        mv(Role::Bishop, "c1", "d2", false),
    ];
    assert_eq!(texts(&mixed), ["Nd2", "Bd2"]);
}

#[test]
fn writes_and_reads_promotions() {
    let legal = [
        promo("e7", "e8", false, Role::Queen),
        promo("e7", "e8", false, Role::Knight),
        promo("e7", "d8", true, Role::Rook),
    ];
    assert_eq!(texts(&legal), ["e8=Q", "e8=N", "exd8=R"]);
    for t in [
        "e8=Q", "e8Q", "e8=q", "e8q", "e7e8q", "e8(Q)", "e8/Q", "e7-e8=Q",
    ] {
        assert_eq!(res(t, &legal), Ok(0), "{t}");
    }
    assert_eq!(res("exd8R", &legal), Ok(2));
    // Without the piece, every promotion fits.
    match res("e8", &legal) {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["e8=Q", "e8=N"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        res("e8=K", &legal),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(res("e8=P", &legal), Err(MoveError::Syntax { .. })));
}

#[test]
fn reads_castling_in_every_spelling() {
    let legal = [
        castle_move(CastleSide::King),
        castle_move(CastleSide::Queen),
        mv(Role::King, "e1", "f1", false),
    ];
    for t in ["O-O", "0-0", "o-o", "OO", "O-O+", "0-0#"] {
        assert_eq!(res(t, &legal), Ok(0), "{t}");
    }
    for t in ["O-O-O", "0-0-0", "o-o-o", "OOO"] {
        assert_eq!(res(t, &legal), Ok(1), "{t}");
    }
    // UCI names castling by the king's squares.
    assert_eq!(res("e1g1", &legal), Ok(0));
    assert_eq!(res("e1c1", &legal), Ok(1));
    // Kg1 is not how castling is written.
    assert!(matches!(res("Kg1", &legal), Err(MoveError::Illegal { .. })));
    assert!(matches!(
        res("O-O-O-O", &legal),
        Err(MoveError::Syntax { .. })
    ));
    let only_king = [mv(Role::King, "e1", "f1", false)];
    match res("O-O", &only_king) {
        Err(MoveError::Illegal { why, .. }) => assert!(why.en.contains("castling")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn case_rule_exact_case_wins() {
    // A bishop on b2 and a pawn on b2's file can both take c3.
    let legal = [
        mv(Role::Bishop, "a1", "c3", true),
        mv(Role::Pawn, "b2", "c3", true),
        mv(Role::Knight, "g1", "f3", false),
        mv(Role::Pawn, "e2", "e4", false),
    ];
    assert_eq!(res("Bxc3", &legal), Ok(0));
    assert_eq!(res("bxc3", &legal), Ok(1));
    // Other case is accepted where it is unambiguous.
    assert_eq!(res("nf3", &legal), Ok(2));
    assert_eq!(res("NF3", &legal), Ok(2));
    assert_eq!(res("E4", &legal), Ok(3));
    // BXC3 has no exact reading; it fits both moves.
    assert!(matches!(
        res("BXC3", &legal),
        Err(MoveError::Ambiguous { .. })
    ));
}

#[test]
fn case_rule_lower_b_is_the_bishop_only_when_no_pawn_fits() {
    let bishop_only = [
        mv(Role::Bishop, "a1", "c3", true),
        mv(Role::Pawn, "d2", "c3", true),
    ];
    assert_eq!(res("bxc3", &bishop_only), Ok(0));
    let two_bishops = [
        mv(Role::Bishop, "a1", "c3", true),
        mv(Role::Bishop, "e1", "c3", true),
    ];
    assert!(matches!(
        res("bxc3", &two_bishops),
        Err(MoveError::Ambiguous { .. })
    ));
}

#[test]
fn reads_uci_and_long_algebraic() {
    let legal = [
        mv(Role::Knight, "g1", "f3", false),
        mv(Role::Pawn, "e2", "e4", false),
        mv(Role::Pawn, "e2", "e3", false),
    ];
    assert_eq!(res("g1f3", &legal), Ok(0));
    assert_eq!(res("Ng1f3", &legal), Ok(0));
    assert_eq!(res("Ng1-f3", &legal), Ok(0));
    assert_eq!(res("e2-e4", &legal), Ok(1));
    assert_eq!(res("E2E4", &legal), Ok(1));
    assert_eq!(res(" e2 e3 ", &legal), Ok(2));
    assert_eq!(res("♘f3", &legal), Ok(0));
    match res("g1h3", &legal) {
        Err(MoveError::Illegal { why, .. }) => assert!(why.en.contains("g1 to h3")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn reads_annotations_and_capture_marks() {
    let legal = [
        mv(Role::Knight, "g1", "f3", false),
        mv(Role::Pawn, "e5", "d6", true),
    ];
    for t in ["Nf3!", "Nf3?!", "Nf3+", "Nf3 !!"] {
        assert_eq!(res(t, &legal), Ok(0), "{t}");
    }
    // A missing capture mark is forgiven; an extra one is not.
    assert_eq!(res("ed6", &legal), Ok(1));
    assert_eq!(res("exd6e.p.", &legal), Ok(1));
    assert_eq!(res("exd6 ep", &legal), Ok(1));
    assert_eq!(res("e:d6", &legal), Ok(1));
    assert!(matches!(
        res("Nxf3", &legal),
        Err(MoveError::Illegal { .. })
    ));
    // A pawn named without its file moves straight.
    assert!(matches!(res("d6", &legal), Err(MoveError::Illegal { .. })));
}

#[test]
fn two_digit_ranks_and_the_amazon() {
    let legal = [
        mv(Role::Amazon, "c12", "d14", false),
        mv(Role::Amazon, "e10", "d14", true),
        promo("b13", "b14", false, Role::Amazon),
        mv(Role::Rook, "a10", "a11", false),
    ];
    assert_eq!(texts(&legal), ["Acd14", "Aexd14", "b14=A", "Ra11"]);
    for (i, t) in texts(&legal).iter().enumerate() {
        assert_eq!(res(t, &legal), Ok(i), "{t}");
    }
    assert_eq!(res("a10a11", &legal), Ok(3));
    assert_eq!(res("b13b14a", &legal), Ok(2));
    assert_eq!(res("ac12d14", &legal), Ok(0));
}

#[test]
fn pawns_walking_both_ways_write_their_square() {
    // Guadalete14: a front pawn on e4 and a rear pawn on e6 both reach e5.
    let legal = [
        mv(Role::Pawn, "e4", "e5", false),
        mv(Role::Pawn, "e6", "e5", false),
        mv(Role::Pawn, "d4", "e5", true),
    ];
    assert_eq!(texts(&legal), ["e4e5", "e6e5", "dxe5"]);
    for (i, t) in texts(&legal).iter().enumerate() {
        assert_eq!(res(t, &legal), Ok(i), "{t}");
    }
    assert!(matches!(
        res("e5", &legal),
        Err(MoveError::Ambiguous { .. })
    ));
}

#[test]
fn refuses_garbage_as_syntax() {
    let legal = [mv(Role::Knight, "g1", "f3", false)];
    // The garbage every game refuses (but `e9=Q`, well-formed SAN),
    // and SAN's own near misses.
    let garbage = crate::check::GARBAGE.iter().filter(|t| **t != "e9=Q");
    let own = [
        "pass", "Nf", "N", "Nf3=", "e15", "i4", "Nxxf3", "e2e4e5", "e4=QQ", "Zf3",
    ];
    for t in garbage.chain(own.iter()) {
        assert!(
            matches!(res(t, &legal), Err(MoveError::Syntax { .. })),
            "{t:?}: {:?}",
            res(t, &legal)
        );
    }
    // Well-formed but not legal here.
    for t in ["e9=Q", "Nf4", "a1-a2"] {
        assert!(
            matches!(res(t, &legal), Err(MoveError::Illegal { .. })),
            "{t}"
        );
    }
    assert_eq!(res("Nf3", &[]), Err(MoveError::GameOver));
}

#[test]
fn illegal_reasons_are_specific_and_bilingual() {
    let legal = [mv(Role::Knight, "g1", "f3", false)];
    let why = |t: &str| match res(t, &legal) {
        Err(MoveError::Illegal { why, .. }) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        why("Rd4"),
        Msg::new("no rook can move to d4", "ninguna torre puede ir a d4")
    );
    assert_eq!(
        why("Nxe5"),
        Msg::new(
            "no knight can capture on e5",
            "ningún caballo puede capturar en e5"
        )
    );
    assert_eq!(
        why("Nbd2"),
        Msg::new(
            "no knight on the b-file can move to d2",
            "ningún caballo de la columna b puede ir a d2"
        )
    );
    assert_eq!(
        why("e8=Q"),
        Msg::new(
            "no pawn can reach e8 and become a queen",
            "ningún peón puede llegar a e8 y convertirse en dama"
        )
    );
    // A game may explain better.
    let custom = resolve_with(
        "Nh3",
        &legal,
        |_| String::new(),
        |_| Some(Msg::new("pinned", "clavado")),
    );
    assert_eq!(
        custom,
        Err(MoveError::illegal("Nh3", Msg::new("pinned", "clavado")))
    );
}
