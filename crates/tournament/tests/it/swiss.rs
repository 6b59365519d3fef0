//! Swiss pairings worked by hand under the Dutch rules (reasoning in the
//! comments), with their standings and tie-breaks. Players are named by
//! their pairing number: ratings fall with the number.

use tablero_tournament::GameResult::{self, *};
use tablero_tournament::{Advance, Format, Phase, PlayerId, Points, TieBreak, Tournament};

use crate::support;

fn swiss(players: usize, rounds: u32) -> Tournament {
    support::joined(Format::Swiss { rounds }, players)
}

/// The current round as "white-black" per board, then "bye N" if any.
fn pairings(t: &Tournament) -> Vec<String> {
    let round = t.current_round().unwrap();
    let mut out: Vec<String> = round
        .games
        .iter()
        .map(|g| format!("{}-{}", g.white, g.black))
        .collect();
    if let Some(bye) = &round.bye {
        out.push(format!("bye {}", bye.player));
    }
    out
}

/// Record the current round's results, board by board, and pair the next.
fn play(t: &mut Tournament, results: &[GameResult]) -> Advance {
    let number = t.current_round().unwrap().number;
    for (board, &r) in results.iter().enumerate() {
        t.record_result(number, board as u32 + 1, r).unwrap();
    }
    t.advance().unwrap()
}

/// (player, points, [BH-C1, BH, SB]) in quarters of a point, in rank order.
fn table(t: &Tournament) -> Vec<(String, u32, Vec<u32>)> {
    t.standings()
        .into_iter()
        .map(|s| {
            (
                s.player.0,
                s.points.quarters(),
                s.tiebreaks.iter().map(|t| t.1.quarters()).collect(),
            )
        })
        .collect()
}

#[test]
fn six_players_three_rounds() {
    let mut t = swiss(6, 3);
    t.start().unwrap();
    // Round 1: top half {1,2,3} against bottom half {4,5,6}; the top
    // half's odd numbers take White (E.5).
    assert_eq!(pairings(&t), ["1-4", "5-2", "3-6"]);
    play(&mut t, &[WhiteWins, Draw, WhiteWins]);

    // Scores: 1 and 3 one point (both had White), 2 and 5 a half (already
    // met), 4 and 6 nothing (both had Black).
    // The 1-point group pairs 1-3 at once. The half-point group cannot pair
    // within itself (rematch), so both float to the zero group: 2 (higher)
    // meets 4 (the highest there) and 5 meets 6. Pairing 1 or 3 against
    // the half-point players instead has the same squared score
    // differences but floats from the top group, which the Dutch brackets
    // (and the float-height criterion) avoid.
    // Colours: 1 and 3 both strongly prefer Black, same history: the
    // higher-ranked 1 gets it (E.4), so 3-1. 2 and 4 both strongly prefer
    // White: 2 is higher-ranked, 2-4. 5 prefers Black and 6 White: 6-5.
    // Boards by the pair's top score, then the sum, then rank: 3-1, then
    // 2-4 before 6-5 (2 outranks 5).
    assert_eq!(pairings(&t), ["3-1", "2-4", "6-5"]);
    play(&mut t, &[BlackWins, WhiteWins, Draw]);

    // Scores: 1 two points (W B), 2 one and a half (B W), 3 and 5 one
    // (W W; W B), 6 a half (B W), 4 nothing (B B). Opponents met:
    // 1:{4,3} 2:{5,4} 3:{6,1} 4:{1,2} 5:{2,6} 6:{3,5}.
    // 1 may meet 2, 5 or 6: 2 is the shortest float (a half point). 4 may
    // meet only 3, 5 or 6 and 6 is the nearest (a half). That leaves 3-5,
    // in their own group: the only pairing with the least squared
    // differences (½² + 0 + ½²).
    // Colours: 1 mild White, 2 mild Black: 1-2. 3 has an absolute Black
    // (two Whites), 5 mild White: 5-3. 4 has an absolute White (two
    // Blacks), 6 mild Black: 4-6.
    assert_eq!(pairings(&t), ["1-2", "5-3", "4-6"]);
    assert_eq!(
        play(&mut t, &[Draw, BlackWins, WhiteWins]),
        Advance::Finished
    );
    assert_eq!(t.phase(), Phase::Finished);

    // Final points: 1 2½; 2 and 3 two; 4 and 5 one; 6 a half.
    // Buchholz (opponents' points) and Sonneborn-Berger (opponents' points
    // for a win, half for a draw):
    //  1: opponents 4 (1, won), 3 (2, won), 2 (2, drawn): BH 5, cut the 1
    //     → 4; SB 1 + 2 + 1 = 4.
    //  2: 5 (1, drawn), 4 (1, won), 1 (2½, drawn): BH 4½, cut → 3½;
    //     SB ½ + 1 + 1¼ = 2¾.
    //  3: 6 (½, won), 1 (2½, lost), 5 (1, won): BH 4, cut the ½ → 3½;
    //     SB ½ + 0 + 1 = 1½.
    //  2 and 3 tie on BH-C1 (3½); 2 has the higher BH.
    //  4: 1 (2½, lost), 2 (2, lost), 6 (½, won): BH 5, cut → 4½; SB ½.
    //  5: 2 (2, drawn), 6 (½, drawn), 3 (2, lost): BH 4½, cut → 4;
    //     SB 1 + ¼ = 1¼.
    //  6: 3 (2, lost), 5 (1, drawn), 4 (1, lost): BH 4, cut → 3; SB ½.
    let q = |x: f64| (x * 4.0) as u32;
    let expected: Vec<(String, u32, Vec<u32>)> = [
        ("1", 2.5, [4.0, 5.0, 4.0]),
        ("2", 2.0, [3.5, 4.5, 2.75]),
        ("3", 2.0, [3.5, 4.0, 1.5]),
        ("4", 1.0, [4.5, 5.0, 0.5]),
        ("5", 1.0, [4.0, 4.5, 1.25]),
        ("6", 0.5, [3.0, 4.0, 0.5]),
    ]
    .into_iter()
    .map(|(p, pts, tb)| (p.to_owned(), q(pts), tb.iter().map(|&x| q(x)).collect()))
    .collect();
    assert_eq!(table(&t), expected);
    let standings = t.standings();
    assert_eq!(
        standings[0]
            .tiebreaks
            .iter()
            .map(|t| t.0)
            .collect::<Vec<_>>(),
        [
            TieBreak::BuchholzCut1,
            TieBreak::Buchholz,
            TieBreak::SonnebornBerger
        ]
    );
    assert!(standings.iter().all(|s| s.games == 3 && !s.shared));
    assert_eq!(
        (standings[0].wins, standings[0].draws, standings[0].losses),
        (2, 1, 0)
    );
}

#[test]
fn five_players_with_a_bye_a_forfeit_and_a_withdrawal() {
    let mut t = swiss(5, 3);
    t.start().unwrap();
    // Round 1, odd count: the bye to the lowest-ranked, 5; then {1,2}
    // against {3,4}.
    assert_eq!(pairings(&t), ["1-3", "4-2", "bye 5"]);
    // 3 does not turn up: 1 wins by forfeit. 2 wins with Black.
    t.record_result(1, 1, WhiteWinsByForfeit).unwrap();
    assert!(t.record_result(1, 2, BlackWins).unwrap());
    // 3 withdraws before the next round is paired: their games all have
    // results, so nothing is forfeited now, and they are never paired again.
    assert_eq!(t.withdraw(&PlayerId::from(3)).unwrap(), Vec::<u32>::new());
    assert_eq!(t.advance().unwrap(), Advance::Paired(2));

    // Round 2 with 1, 2, 5 on one point and 4 on nothing; 2-4 already met.
    // 4 must meet 1 or 5 (a float of one point either way). Pairing 1-2 and
    // 5-4 grants three colour preferences (1 Black, 2 White, 4 Black; 5 has
    // none, having played no game); 2-5 and 1-4 grant two (1 and 4 both
    // want Black). The Dutch bracket also floats 5, its lowest-ranked.
    // Colours: 2-1 as both prefer; 5 has no preference, so 4's Black: 5-4.
    // Boards: the same top score; 2-1 has the larger sum.
    assert_eq!(pairings(&t), ["2-1", "5-4"]);
    // A draw; 5 does not turn up: 4 wins by forfeit.
    play(&mut t, &[Draw, BlackWinsByForfeit]);

    // Round 3: 1 and 2 on 1½, 4 and 5 on 1. Met: 1:{3,2} 2:{4,1} 4:{2,5}
    // 5:{4}: the only pairing without a rematch is 1-4 and 2-5.
    // Colours: 1 and 4 both played W then B (mild White), identical
    // histories, so the higher-ranked 1 gets White (E.4): 1-4. 2 (B W,
    // mild Black) and 5 (one game, White: strong Black): the stronger
    // preference wins (E.2): 2-5.
    assert_eq!(pairings(&t), ["1-4", "2-5"]);
    play(&mut t, &[WhiteWins, WhiteWins]);

    // Points: 1 and 2 2½, 4 and 5 one, 3 nothing.
    // Unplayed rounds (bye, forfeits either way, rounds after withdrawing)
    // count in Buchholz as the player's own points, in SB as nothing:
    //  1: forfeit win (own 2½), 2 (2½, drawn), 4 (1, won): BH 6, cut the 1
    //     → 5; SB 1¼ + 1 = 2¼.
    //  2: 4 (1, won), 1 (2½, drawn), 5 (1, won): BH 4½, cut → 3½;
    //     SB 1 + 1¼ + 1 = 3¼.
    //  4: 2 (2½, lost), forfeit win (own 1), 1 (2½, lost): BH 6, cut → 5;
    //     SB 0.
    //  5: bye (own 1), forfeit loss (own 1), 2 (2½, lost): BH 4½, cut →
    //     3½; SB 0.
    //  3: forfeit loss and two rounds withdrawn, all own 0.
    let q = |x: f64| (x * 4.0) as u32;
    let expected: Vec<(String, u32, Vec<u32>)> = [
        ("1", 2.5, [5.0, 6.0, 2.25]),
        ("2", 2.5, [3.5, 4.5, 3.25]),
        ("4", 1.0, [5.0, 6.0, 0.0]),
        ("5", 1.0, [3.5, 4.5, 0.0]),
        ("3", 0.0, [0.0, 0.0, 0.0]),
    ]
    .into_iter()
    .map(|(p, pts, tb)| (p.to_owned(), q(pts), tb.iter().map(|&x| q(x)).collect()))
    .collect();
    assert_eq!(table(&t), expected);
    let s = t.standings();
    // Games: forfeits count, the bye does not.
    let games: Vec<(u32, bool)> = s.iter().map(|s| (s.games, s.withdrawn)).collect();
    assert_eq!(
        games,
        [(3, false), (3, false), (3, false), (2, false), (1, true)]
    );
}

#[test]
fn a_withdrawal_during_a_round_forfeits_the_game_and_the_bye_moves_on() {
    let mut t = swiss(4, 3);
    t.start().unwrap();
    assert_eq!(pairings(&t), ["1-3", "4-2"]);
    t.record_result(1, 1, WhiteWins).unwrap();
    // 4 leaves with their game unplayed: 2 wins it by forfeit, and the
    // round is complete.
    assert_eq!(t.withdraw(&PlayerId::from(4)).unwrap(), vec![2]);
    assert_eq!(
        t.current_round().unwrap().games[1].result,
        Some(BlackWinsByForfeit)
    );
    assert_eq!(t.advance().unwrap(), Advance::Paired(2));
    // Three left: 1 and 2 on a point (2 by forfeit, so no bye for 2 — nor
    // for 1, who has a point too), 3 on nothing. The bye goes to the lowest
    // group: 3. 1 and 2 meet; both had one game: 1 White (strong Black),
    // 2 Black (strong White): 2-1.
    assert_eq!(pairings(&t), ["2-1", "bye 3"]);
    play(&mut t, &[Draw]);
    // Round 3: 1 and 2 on 1½, 3 on 1 (bye). 1-2 met, 3 had the bye, 1-3
    // met; 2-3 is the only new game, and the bye must go to 1 (2 won by
    // forfeit, so is not eligible). 2 (B W: mild Black) against 3 (B:
    // strong White): 3-2.
    assert_eq!(pairings(&t), ["3-2", "bye 1"]);
    play(&mut t, &[Draw]);
    assert_eq!(t.phase(), Phase::Finished);
    let points: Vec<(String, Points)> = t
        .standings()
        .into_iter()
        .map(|s| (s.player.0, s.points))
        .collect();
    assert_eq!(
        points,
        [
            ("1".into(), Points::from_halves(5)),
            ("2".into(), Points::from_halves(4)),
            ("3".into(), Points::from_halves(3)),
            ("4".into(), Points::ZERO)
        ]
    );
}

/// A published case: bbpPairings' Dutch test `dutch_2025_C5` (six players,
/// two rounds played, player 4 absent from round 3; expected round 3:
/// 1-5, 3-2, bye to 6). The two rounds played there are the ones this
/// crate pairs, so the whole tournament is replayed here; the absence is a
/// withdrawal.
#[test]
fn bbp_pairings_dutch_2025_c5() {
    let mut t = swiss(6, 3);
    t.start().unwrap();
    assert_eq!(pairings(&t), ["1-4", "5-2", "3-6"]);
    play(&mut t, &[WhiteWins, BlackWins, WhiteWins]);
    // 1, 2 and 3 on a point: 1-2 pair, 3 floats to meet 4, then 5-6.
    assert_eq!(pairings(&t), ["2-1", "4-3", "6-5"]);
    for board in 1..=3 {
        t.record_result(2, board, BlackWins).unwrap();
    }
    t.withdraw(&PlayerId::from(4)).unwrap();
    t.advance().unwrap();
    // 1 and 3 on two, 2 and 5 on one, 6 on nothing. The bye to 6, the
    // lowest; 1-3 would leave 2-5, a rematch, so both leaders float.
    assert_eq!(pairings(&t), ["1-5", "3-2", "bye 6"]);
}
