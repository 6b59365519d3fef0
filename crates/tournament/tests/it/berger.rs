//! The round-robin schedules against the FIDE Berger tables (Handbook
//! C.05, Annex 1), typed in from the published tables: one line a round,
//! boards in order, white first. With an odd count the highest number is
//! the dummy: the player drawn against it rests.

use tablero_tournament::{
    Format, GameResult, Phase, Player, PlayerId, Points, Settings, Tournament, berger_table,
};

const THREE_OR_FOUR: &str = "
1-4, 2-3
4-3, 1-2
2-4, 3-1";

const FIVE_OR_SIX: &str = "
1-6, 2-5, 3-4
6-4, 5-3, 1-2
2-6, 3-1, 4-5
6-5, 1-4, 2-3
3-6, 4-2, 5-1";

const SEVEN_OR_EIGHT: &str = "
1-8, 2-7, 3-6, 4-5
8-5, 6-4, 7-3, 1-2
2-8, 3-1, 4-7, 5-6
8-6, 7-5, 1-4, 2-3
3-8, 4-2, 5-1, 6-7
8-7, 1-6, 2-5, 3-4
4-8, 5-3, 6-2, 7-1";

const NINE_OR_TEN: &str = "
1-10, 2-9, 3-8, 4-7, 5-6
10-6, 7-5, 8-4, 9-3, 1-2
2-10, 3-1, 4-9, 5-8, 6-7
10-7, 8-6, 9-5, 1-4, 2-3
3-10, 4-2, 5-1, 6-9, 7-8
10-8, 9-7, 1-6, 2-5, 3-4
4-10, 5-3, 6-2, 7-1, 8-9
10-9, 1-8, 2-7, 3-6, 4-5
5-10, 6-4, 7-3, 8-2, 9-1";

fn parse(table: &str) -> Vec<Vec<(usize, usize)>> {
    table
        .trim()
        .lines()
        .map(|line| {
            line.split(", ")
                .map(|pair| {
                    let (w, b) = pair.split_once('-').unwrap();
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn tables_for_three_to_ten_players_are_fides() {
    for (players, table) in [
        (3, THREE_OR_FOUR),
        (4, THREE_OR_FOUR),
        (5, FIVE_OR_SIX),
        (6, FIVE_OR_SIX),
        (7, SEVEN_OR_EIGHT),
        (8, SEVEN_OR_EIGHT),
        (9, NINE_OR_TEN),
        (10, NINE_OR_TEN),
    ] {
        assert_eq!(berger_table(players), parse(table), "{players} players");
    }
}

#[test]
fn larger_tables_meet_everyone_once() {
    for n in 2..=40 {
        let table = berger_table(n);
        let even = n + n % 2;
        assert_eq!(table.len(), even - 1, "{n}");
        let mut met = vec![vec![0; even + 1]; even + 1];
        for round in &table {
            let mut seen = vec![false; even + 1];
            for &(w, b) in round {
                assert!(!seen[w] && !seen[b], "{n}: a player twice in one round");
                seen[w] = true;
                seen[b] = true;
                met[w][b] += 1;
                met[b][w] += 1;
            }
        }
        for (a, row) in met.iter().enumerate().skip(1) {
            for (b, &times) in row.iter().enumerate().skip(1) {
                assert_eq!(times, usize::from(a != b), "{n}: {a} and {b}");
            }
        }
    }
    assert!(berger_table(0).is_empty() && berger_table(1).is_empty());
}

fn players(n: usize) -> Vec<Player> {
    // Ratings fall with the number, so the seeding keeps this order.
    (1..=n)
        .map(|i| {
            Player::new(
                format!("p{i}"),
                format!("Player {i}"),
                Some(2000 - i as i32),
            )
        })
        .collect()
}

fn id(i: usize) -> PlayerId {
    PlayerId(format!("p{i}"))
}

#[test]
fn a_five_player_round_robin_follows_the_six_player_table_with_rests() {
    let mut t = Tournament::new(Settings::new(Format::RoundRobin { double: false })).unwrap();
    for p in players(5) {
        t.join(p).unwrap();
    }
    t.start().unwrap();
    assert_eq!(t.total_rounds(), 5);
    let table = parse(FIVE_OR_SIX);
    loop {
        let round = t.current_round().unwrap().clone();
        let expected = &table[round.number as usize - 1];
        let games: Vec<(PlayerId, PlayerId)> = expected
            .iter()
            .filter(|p| p.0 != 6 && p.1 != 6)
            .map(|&(w, b)| (id(w), id(b)))
            .collect();
        let actual: Vec<(PlayerId, PlayerId)> = round
            .games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect();
        assert_eq!(actual, games, "round {}", round.number);
        let resting = expected
            .iter()
            .find(|p| p.0 == 6 || p.1 == 6)
            .map(|&(w, b)| if w == 6 { b } else { w })
            .unwrap();
        let bye = round.bye.clone().unwrap();
        assert_eq!((bye.player, bye.points), (id(resting), Points::ZERO));
        for g in &round.games {
            t.record_result(round.number, g.board, GameResult::Draw)
                .unwrap();
        }
        if t.advance().unwrap() == tablero_tournament::Advance::Finished {
            break;
        }
    }
    assert_eq!(t.phase(), Phase::Finished);
    // Ten draws: two points each, from four games each.
    for s in t.standings() {
        assert_eq!(
            (s.points, s.games),
            (Points::from_halves(4), 4),
            "{}",
            s.player
        );
    }
}

#[test]
fn a_double_round_robin_repeats_the_table_with_colours_reversed() {
    let mut t = Tournament::new(Settings::new(Format::RoundRobin { double: true })).unwrap();
    for p in players(4) {
        t.join(p).unwrap();
    }
    t.start().unwrap();
    assert_eq!(t.total_rounds(), 6);
    let mut rounds = Vec::new();
    while t.phase() == Phase::Running {
        let round = t.current_round().unwrap().clone();
        for g in &round.games {
            t.record_result(round.number, g.board, GameResult::WhiteWins)
                .unwrap();
        }
        rounds.push(round);
        t.advance().unwrap();
    }
    assert_eq!(rounds.len(), 6);
    // The first cycle plays the table's last two rounds in reverse order
    // (FIDE's recommendation); the second cycle is the table with colours
    // reversed.
    let table = parse(THREE_OR_FOUR);
    let order = [0, 2, 1, 0, 1, 2];
    for (k, round) in rounds.iter().enumerate() {
        let expected: Vec<(PlayerId, PlayerId)> = table[order[k]]
            .iter()
            .map(|&(w, b)| {
                if k < 3 {
                    (id(w), id(b))
                } else {
                    (id(b), id(w))
                }
            })
            .collect();
        let actual: Vec<(PlayerId, PlayerId)> = round
            .games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect();
        assert_eq!(actual, expected, "round {}", k + 1);
    }
    for (first, second) in [
        (&rounds[0], &rounds[3]),
        (&rounds[2], &rounds[4]),
        (&rounds[1], &rounds[5]),
    ] {
        let flipped: Vec<_> = first
            .games
            .iter()
            .map(|g| (g.black.clone(), g.white.clone()))
            .collect();
        let actual: Vec<_> = second
            .games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect();
        assert_eq!(actual, flipped);
    }
    // Every player had White three times of six: three points each.
    for s in t.standings() {
        assert_eq!(s.points, Points::from_halves(6), "{}", s.player);
    }
}

#[test]
fn no_three_games_of_one_colour_in_a_row_in_a_double_round_robin() {
    for n in 3..=12 {
        let mut t = Tournament::new(Settings::new(Format::RoundRobin { double: true })).unwrap();
        for p in players(n) {
            t.join(p).unwrap();
        }
        t.start().unwrap();
        let mut colours = vec![String::new(); n];
        while t.phase() == Phase::Running {
            let round = t.current_round().unwrap().clone();
            for g in &round.games {
                for (p, c) in [(&g.white, 'W'), (&g.black, 'B')] {
                    colours[t.pairing_number(p).unwrap() - 1].push(c);
                }
                t.record_result(round.number, g.board, GameResult::Draw)
                    .unwrap();
            }
            t.advance().unwrap();
        }
        for (i, c) in colours.iter().enumerate() {
            assert_eq!(
                c.len(),
                2 * (n + n % 2 - 1) - 2 * (n % 2),
                "{n} players, player {}",
                i + 1
            );
            assert!(
                !c.contains("WWW") && !c.contains("BBB"),
                "{n} players, player {}: {c}",
                i + 1
            );
        }
    }
}
