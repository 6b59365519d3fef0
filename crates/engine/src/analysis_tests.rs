//! Hints and notices in tactical positions worked out by hand: a win in
//! one, a threat to answer, a capture that wins material, in several
//! games. Each expectation is first checked against the rules, then asked
//! of the analysis (node budgets only: the same answer on any machine).

use tablero_rules::{AnyGame, Cell, GameId};

use super::{Notice, Why, analyse, analysis_limits, hint, notice};
use crate::tests::{after, has_win_in_one, position, wins_at_once};

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

#[test]
fn a_win_in_one_is_the_hint() {
    for (id, text, win) in [
        // White's e7 steps onto rank 8.
        (GameId::Breakthrough, "pp6/4P3/8/8/8/8/8/P7 w 0", "e7-e8"),
        // The back-rank mate.
        (GameId::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),
        // The angel on d4 flies to b2 through the empty c3: a 2×2 block.
        (GameId::Cracovia, "8/8/8/8/3A4/8/A7/AA6 a", "d4-b2"),
        // White's d7 steps onto rank 8.
        (GameId::Bombardment, "8/3S4/8/8/7s/8/8/S7 w 0", "d7-d8"),
    ] {
        let g = position(id, text);
        assert!(wins_at_once(&g, win), "{id}: {win}");
        let h = hint(&g, analysis_limits(id)).unwrap();
        assert_eq!(h.why, Why::WinsNow, "{id}");
        assert!(
            wins_at_once(&g, &h.analysis.best),
            "{id}: {}",
            h.analysis.best
        );
        assert_eq!(h.analysis.line[0], h.analysis.best);
    }
}

#[test]
fn a_threat_is_answered_and_named() {
    for (id, text, only, threat_from) in [
        // Black's d2 reaches rank 1 next move wherever it steps; only
        // c1xd2 removes it.
        (
            GameId::Breakthrough,
            "pppp4/8/8/8/P7/8/3p4/2P4P w 0",
            &["c1xd2"][..],
            "d2",
        ),
        // Black's e2 steps onto rank 1 next; only exploding d1 (which
        // takes e2 with it) stops it.
        (
            GameId::Bombardment,
            "8/7s/8/8/S7/8/4s3/3S4 w 0",
            &["d1x"][..],
            "e2",
        ),
        // The angels' d4-b2 makes the block; a demon on b2 or c3 stops it.
        (
            GameId::Cracovia,
            "8/8/8/8/3A4/8/A7/AA6 d",
            &["b2", "c3"][..],
            "d4",
        ),
    ] {
        let g = position(id, text);
        assert!(!has_win_in_one(&g), "{id}");
        for m in g.legal_moves() {
            let saves = !has_win_in_one(&after(&g, &m));
            assert_eq!(saves, only.contains(&m.as_str()), "{id}: {m}");
        }
        let h = hint(&g, analysis_limits(id)).unwrap();
        assert!(
            only.contains(&h.analysis.best.as_str()),
            "{id}: {}",
            h.analysis.best
        );
        let Why::StopsThreat { threat } = &h.why else {
            panic!("{id}: {:?}", h.why);
        };
        // The threat named is a winning move of the other side's piece.
        assert!(threat.starts_with(threat_from), "{id}: {threat}");
        let idle = g
            .legal_moves()
            .into_iter()
            .find(|m| !only.contains(&m.as_str()))
            .unwrap();
        assert!(wins_at_once(&after(&g, &idle), threat), "{id}: {threat}");
    }
}

#[test]
fn a_capture_that_wins_material_is_the_hint() {
    for (id, text, take, on) in [
        // Black's queen on d5 stands alone: nothing defends it.
        (
            GameId::Chess,
            "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1",
            "Qxd5",
            "d5",
        ),
        // Black's d5 cannot be retaken after e4xd5 (a8 is far away).
        (
            GameId::Breakthrough,
            "p7/8/8/3p4/4P3/8/8/7P w 0",
            "e4xd5",
            "d5",
        ),
    ] {
        let g = position(id, text);
        assert!(g.legal_moves().contains(&take.to_string()), "{id}: {take}");
        assert!(!has_win_in_one(&g), "{id}");
        let h = hint(&g, analysis_limits(id)).unwrap();
        assert_eq!(h.analysis.best, take, "{id}");
        assert_eq!(
            h.why,
            Why::WinsMaterial {
                captured: vec![cell(on)]
            },
            "{id}"
        );
    }
}

#[test]
fn a_defended_piece_is_no_material_won() {
    // White's queen could take the pawn on d5, but the pawn on e6 takes
    // the queen back: the engine does not take, and nothing is called won.
    let g = position(GameId::Chess, "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
    let h = hint(&g, analysis_limits(GameId::Chess)).unwrap();
    assert_ne!(h.analysis.best, "Qxd5");
    assert!(!matches!(h.why, Why::WinsMaterial { .. }), "{:?}", h.why);
}

#[test]
fn the_line_starts_with_the_best_move_and_plays() {
    let g = AnyGame::new(GameId::Chess, &tablero_rules::Setup::default()).unwrap();
    let a = analyse(&g, analysis_limits(GameId::Chess)).unwrap();
    assert!(a.line.len() >= 2, "{:?}", a.line);
    assert_eq!(a.line[0], a.best);
    let mut p = g.clone();
    for m in &a.line {
        p.play(m).unwrap();
    }
    // The same position gets the same answer.
    assert_eq!(analyse(&g, analysis_limits(GameId::Chess)).unwrap(), a);
}

#[test]
fn notices_name_the_one_thing_worth_seeing() {
    let limits = |id| analysis_limits(id);
    // Black has just played a8-a7; White's e7 can step onto rank 8.
    let before = position(GameId::Breakthrough, "p7/4P3/8/8/8/8/8/P7 b 0");
    let now = after(&before, "a8-a7");
    assert_eq!(
        notice(&before, "a8-a7", &now, limits(GameId::Breakthrough)).unwrap(),
        Notice::WinAvailable
    );
    // Black has just stepped d3-d2: it reaches rank 1 next move.
    let before = position(GameId::Breakthrough, "pppp4/8/8/8/P7/3p4/8/2P4P b 0");
    let now = after(&before, "d3-d2");
    let Notice::Threat { threat } =
        notice(&before, "d3-d2", &now, limits(GameId::Breakthrough)).unwrap()
    else {
        panic!("no threat seen");
    };
    assert!(threat.starts_with("d2") && wins_at_once(&after(&now, "h1-h2"), &threat));
    // White stepped e3-e4 next to Black's d5, which takes it.
    let before_white = position(GameId::Breakthrough, "pp6/8/8/3p4/8/4P3/8/6PP w 0");
    let before = after(&before_white, "e3-e4");
    let now = after(&before, "d5xe4");
    assert_eq!(
        notice(&before, "d5xe4", &now, limits(GameId::Breakthrough)).unwrap(),
        Notice::Lost {
            cell: cell("e4"),
            moved_there: true
        }
    );
    // Black has just moved its king; White's queen can take the undefended
    // queen on d5.
    let before = position(GameId::Chess, "3k4/8/8/3q4/8/8/8/3QK3 b - - 0 1");
    let now = after(&before, "Ke8");
    assert_eq!(
        notice(&before, "Ke8", &now, limits(GameId::Chess)).unwrap(),
        Notice::Capture { cell: cell("d5") }
    );
    // The start: nothing urgent, about even.
    let start = AnyGame::new(GameId::Chess, &tablero_rules::Setup::default()).unwrap();
    let now = after(&start, "e4");
    let Notice::Standing { value } = notice(&start, "e4", &now, limits(GameId::Chess)).unwrap()
    else {
        panic!("something urgent at the start");
    };
    assert!((0.3..0.7).contains(&value), "{value}");
}

#[test]
fn a_position_lost_next_move_is_called_lost_and_no_threat_to_stop() {
    // White to move; Black's b2 and g2 both reach rank 1 next move, and
    // White's one pawn cannot stop either.
    let g = position(GameId::Breakthrough, "8/8/8/8/P7/8/1p4p1/8 w 0");
    let h = hint(&g, analysis_limits(GameId::Breakthrough)).unwrap();
    let Why::Lost { threat } = &h.why else {
        panic!("not lost: {:?}", h.why);
    };
    assert!(
        wins_at_once(&after(&g, &h.analysis.best), threat),
        "{threat}"
    );
    assert_eq!(h.analysis.value, 0.0);
    assert_eq!(h.analysis.proven, Some(Some(tablero_rules::Side::Second)));
    // The same after Black's last move: the notice says lost, not "stop it".
    let before = position(GameId::Breakthrough, "8/8/8/8/P7/1p6/6p1/8 b 0");
    let now = after(&before, "b3-b2");
    let n = notice(
        &before,
        "b3-b2",
        &now,
        analysis_limits(GameId::Breakthrough),
    )
    .unwrap();
    assert!(matches!(n, Notice::LostNextMove { .. }), "{n:?}");
}
