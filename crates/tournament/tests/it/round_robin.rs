//! Round robins played through: tie-breaks computed by hand, ties that
//! stay shared, and withdrawals. Players are named by pairing number.

use tablero_tournament::GameResult::{self, *};
use tablero_tournament::{Advance, Format, PlayerId, Points, TieBreak, Tournament};

use crate::support;

fn round_robin(players: usize) -> Tournament {
    let mut t = support::joined(Format::RoundRobin { double: false }, players);
    t.start().unwrap();
    t
}

fn play_round(t: &mut Tournament, results: &[GameResult]) -> Advance {
    let number = t.current_round().unwrap().number;
    for (board, &r) in results.iter().enumerate() {
        t.record_result(number, board as u32 + 1, r).unwrap();
    }
    t.advance().unwrap()
}

/// (player, points, direct encounter, Sonneborn-Berger, shared) in
/// quarters, in rank order.
fn table(t: &Tournament) -> Vec<(u64, u32, u32, u32, bool)> {
    t.standings()
        .into_iter()
        .map(|s| {
            assert_eq!(
                s.tiebreaks.iter().map(|t| t.0).collect::<Vec<_>>(),
                [TieBreak::DirectEncounter, TieBreak::SonnebornBerger]
            );
            (
                s.player.0.parse().unwrap(),
                s.points.quarters(),
                s.tiebreaks[0].1.quarters(),
                s.tiebreaks[1].1.quarters(),
                s.shared,
            )
        })
        .collect()
}

#[test]
fn direct_encounter_comes_before_sonneborn_berger() {
    // Berger, four players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let mut t = round_robin(4);
    play_round(&mut t, &[BlackWins, WhiteWins]); // 4 beats 1, 2 beats 3
    play_round(&mut t, &[BlackWins, WhiteWins]); // 3 beats 4, 1 beats 2
    assert_eq!(
        play_round(&mut t, &[WhiteWins, WhiteWins]),
        Advance::Finished
    ); // 2 beats 4, 3 beats 1
    // Points: 2 and 3 two each, 1 and 4 one each.
    // 2 v 3: 2 won their game: DE 1 against 0. SB: 2 beat 3 (2) and 4 (1)
    // = 3; 3 beat 4 (1) and 1 (1) = 2.
    // 1 v 4: 4 won their game: DE 1 against 0, so 4 ranks above 1 although
    // 1's SB is higher (1 beat 2, worth 2; 4 beat 1, worth 1).
    assert_eq!(
        table(&t),
        [
            (2, 8, 4, 12, false),
            (3, 8, 0, 8, false),
            (4, 4, 4, 4, false),
            (1, 4, 0, 8, false)
        ]
    );
}

#[test]
fn sonneborn_berger_separates_a_drawn_pair() {
    let mut t = round_robin(4);
    play_round(&mut t, &[Draw, WhiteWins]); // 1-4 drawn, 2 beats 3
    play_round(&mut t, &[WhiteWins, WhiteWins]); // 4 beats 3, 1 beats 2
    play_round(&mut t, &[WhiteWins, WhiteWins]); // 2 beats 4, 3 beats 1
    // Points: 2 two, 1 and 4 one and a half, 3 one.
    // 1 and 4 drew each other: DE ½ each. SB: 1 drew 4 (¾) and beat 2 (2)
    // = 2¾; 4 drew 1 (¾) and beat 3 (1) = 1¾.
    // 2: beat 3 (1) and 4 (1½) = 2½, DE 0 (alone on two). 3: beat 1 (1½).
    assert_eq!(
        table(&t),
        [
            (2, 8, 0, 10, false),
            (1, 6, 2, 11, false),
            (4, 6, 2, 7, false),
            (3, 4, 0, 6, false)
        ]
    );
}

#[test]
fn three_draws_in_a_triangle_share_first_place() {
    // Three players: the table for four, number 4 the dummy.
    // 1 rests, 2-3 / 3 rests, 1-2 / 2 rests, 3-1.
    let mut t = round_robin(3);
    assert_eq!(
        t.current_round().unwrap().bye.as_ref().unwrap().player,
        PlayerId::from(1)
    );
    play_round(&mut t, &[Draw]);
    assert_eq!(
        t.current_round().unwrap().bye.as_ref().unwrap().player,
        PlayerId::from(3)
    );
    play_round(&mut t, &[Draw]);
    assert_eq!(play_round(&mut t, &[Draw]), Advance::Finished);
    // One point each; DE one each (both draws among the tied); SB ½ + ½.
    // Equal on everything: ranks in pairing-number order, marked shared.
    assert_eq!(
        table(&t),
        [(1, 4, 4, 4, false), (2, 4, 4, 4, true), (3, 4, 4, 4, true)]
    );
    let s = t.standings();
    assert_eq!(
        s.iter().map(|s| (s.rank, s.games)).collect::<Vec<_>>(),
        [(1, 2), (2, 2), (3, 2)]
    );
}

#[test]
fn a_withdrawn_player_loses_the_rest_of_their_games_by_forfeit() {
    let mut t = round_robin(4);
    // Round 1: 1-4 and 2-3. 4 withdraws before playing: their game is
    // forfeited at once.
    assert_eq!(t.withdraw(&PlayerId::from(4)).unwrap(), vec![1]);
    assert_eq!(
        t.current_round().unwrap().games[0].result,
        Some(WhiteWinsByForfeit)
    );
    assert!(t.record_result(1, 2, Draw).unwrap());
    assert_eq!(t.advance().unwrap(), Advance::Paired(2));
    // Round 2: 4-3 is created decided, 3 winning by forfeit; 1-2 is played.
    let round = t.current_round().unwrap().clone();
    assert_eq!(round.games[0].result, Some(BlackWinsByForfeit));
    assert_eq!(round.games[1].result, None);
    assert_eq!(
        t.record_result(2, 1, Draw),
        Err(tablero_tournament::TournamentError::ResultAlreadyRecorded { round: 2, board: 1 })
    );
    t.record_result(2, 2, WhiteWins).unwrap();
    t.advance().unwrap();
    // Round 3: 2-4 (2 by forfeit) and 3-1.
    assert_eq!(
        t.current_round().unwrap().games[0].result,
        Some(WhiteWinsByForfeit)
    );
    assert!(t.record_result(3, 2, Draw).unwrap());
    assert_eq!(t.advance().unwrap(), Advance::Finished);
    let s = t.standings();
    let points: Vec<(String, Points, u32, bool)> = s
        .iter()
        .map(|s| (s.player.0.clone(), s.points, s.games, s.withdrawn))
        .collect();
    // 1: forfeit win, beat 2, drew 3 = 2½. 3: drew 2, forfeit win, drew
    // 1 = 2. 2: drew 3, lost to 1, forfeit win = 1½. 4: nothing.
    assert_eq!(
        points,
        [
            ("1".into(), Points::from_halves(5), 3, false),
            ("3".into(), Points::from_halves(4), 3, false),
            ("2".into(), Points::from_halves(3), 3, false),
            ("4".into(), Points::ZERO, 3, true),
        ]
    );
    // SB counts games played over the board only: 1 beat 2 (1½) and drew
    // 3 (1) = 2½; the forfeit win adds nothing.
    assert_eq!(s[0].tiebreaks[1].1, Points::from_halves(5));
}
