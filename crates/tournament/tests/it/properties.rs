//! Property tests: random Swiss tournaments (2–40 players, random results,
//! forfeits and withdrawals) checked round by round against what the
//! pairing must guarantee. "Where avoidable" is decided independently: a
//! maximum matching on the graph of allowed pairs says whether a pairing
//! without the fault existed (the matching itself is checked against brute
//! force in its own tests).

use std::collections::HashSet;

use proptest::prelude::*;
use tablero_tournament::matching::max_weight_matching;
use tablero_tournament::{
    Colour, Format, GameResult, Phase, Player, PlayerId, Points, Round, Settings, Tournament,
};

/// What happened to each player in the rounds so far, rebuilt from the
/// rounds alone.
#[derive(Default, Clone)]
struct History {
    colours: Vec<Colour>,
    met: HashSet<PlayerId>,
    bye_ineligible: bool,
    byes: u32,
}

fn histories(t: &Tournament) -> Vec<History> {
    let mut h = vec![History::default(); t.players().len()];
    let index = |id: &PlayerId| t.pairing_number(id).unwrap() - 1;
    for round in t.rounds() {
        for g in &round.games {
            let (w, b) = (index(&g.white), index(&g.black));
            h[w].colours.push(Colour::White);
            h[b].colours.push(Colour::Black);
            h[w].met.insert(g.black.clone());
            h[b].met.insert(g.white.clone());
            match g.result {
                Some(GameResult::WhiteWinsByForfeit) => h[w].bye_ineligible = true,
                Some(GameResult::BlackWinsByForfeit) => h[b].bye_ineligible = true,
                _ => {}
            }
        }
        if let Some(bye) = &round.bye {
            let i = index(&bye.player);
            h[i].byes += 1;
            h[i].bye_ineligible = true;
        }
    }
    h
}

/// The colour a player must have, if any: the balancing colour beyond ±1,
/// the other colour after two alike.
fn absolute(colours: &[Colour]) -> Option<Colour> {
    let cd: i32 = colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    let n = colours.len();
    if cd > 1 {
        Some(Colour::Black)
    } else if cd < -1 {
        Some(Colour::White)
    } else if n >= 2 && colours[n - 1] == colours[n - 2] {
        Some(colours[n - 1].other())
    } else {
        None
    }
}

/// Whether the active players (plus a bye vertex for an odd count) have a
/// complete pairing using only the pairs `allowed` accepts (`None` for the
/// bye).
fn complete_pairing_exists(
    active: &[usize],
    allowed: impl Fn(usize, Option<usize>) -> bool,
) -> bool {
    let n = active.len();
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if allowed(active[a], Some(active[b])) {
                edges.push((a, b, 1));
            }
        }
        if n % 2 == 1 && allowed(active[a], None) {
            edges.push((a, n, 1));
        }
    }
    let vertices = n + n % 2;
    max_weight_matching(vertices, &edges)
        .iter()
        .all(Option::is_some)
}

#[derive(Default, Debug)]
struct Checked {
    rounds: u32,
    /// Rounds in which a pairing without rematches and second byes existed.
    no_rematch_possible: u32,
    /// Rounds in which one also respecting the absolute colours existed.
    colours_possible: u32,
}

/// Check a freshly paired round against the history before it.
fn check_round(t: &Tournament, before: &[History], round: &Round, checked: &mut Checked) {
    let players = t.players();
    let index = |id: &PlayerId| t.pairing_number(id).unwrap() - 1;
    let active: Vec<usize> = (0..players.len())
        .filter(|&i| !players[i].is_withdrawn())
        .collect();
    // Every active player exactly once, in a game or with the bye; nobody
    // else.
    let mut seen = vec![0; players.len()];
    for g in &round.games {
        seen[index(&g.white)] += 1;
        seen[index(&g.black)] += 1;
        assert_eq!(g.result, None, "a Swiss game created decided");
    }
    if let Some(bye) = &round.bye {
        seen[index(&bye.player)] += 1;
    }
    for (i, p) in players.iter().enumerate() {
        assert_eq!(
            seen[i],
            usize::from(!p.is_withdrawn()),
            "player {} seen {} times",
            p.id,
            seen[i]
        );
    }
    assert_eq!(round.bye.is_some(), active.len() % 2 == 1);

    checked.rounds += 1;
    let fresh = |a: usize, b: Option<usize>| match b {
        Some(b) => !before[a].met.contains(&players[b].id),
        None => !before[a].bye_ineligible,
    };
    if complete_pairing_exists(&active, fresh) {
        checked.no_rematch_possible += 1;
        for g in &round.games {
            assert!(
                !before[index(&g.white)].met.contains(&g.black),
                "avoidable rematch {}-{}",
                g.white,
                g.black
            );
        }
        if let Some(bye) = &round.bye {
            assert!(
                !before[index(&bye.player)].bye_ineligible,
                "avoidable second bye for {}",
                bye.player
            );
        }
        let compatible = |a: usize, b: Option<usize>| {
            fresh(a, b)
                && b.is_none_or(|b| {
                    let (x, y) = (absolute(&before[a].colours), absolute(&before[b].colours));
                    x.is_none() || x != y
                })
        };
        if complete_pairing_exists(&active, compatible) {
            checked.colours_possible += 1;
            let after = histories(t);
            for &i in &active {
                let c = &after[i].colours;
                let cd: i32 = c
                    .iter()
                    .map(|&c| if c == Colour::White { 1 } else { -1 })
                    .sum();
                assert!(
                    cd.abs() <= 2,
                    "{}: colour difference {cd} in {c:?}",
                    players[i].id
                );
                assert!(
                    !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                    "{}: three alike in {c:?}",
                    players[i].id
                );
            }
        }
    }
}

/// The points the games and byes gave, added up.
fn points_awarded(t: &Tournament) -> Points {
    let mut total = Points::ZERO;
    for round in t.rounds() {
        for g in &round.games {
            if let Some(r) = g.result {
                total += r.points(Colour::White) + r.points(Colour::Black);
            }
        }
        if let Some(bye) = &round.bye {
            total += bye.points;
        }
    }
    total
}

const RESULTS: [GameResult; 10] = [
    GameResult::WhiteWins,
    GameResult::WhiteWins,
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::BlackWins,
    GameResult::BlackWins,
    GameResult::Draw,
    GameResult::Draw,
    GameResult::WhiteWinsByForfeit,
    GameResult::BlackWinsByForfeit,
];

/// Play a whole Swiss with results and withdrawals drawn from `choices`,
/// checking every round.
fn run(players: usize, rounds: u32, choices: &[u8]) -> Checked {
    let mut t = Tournament::new(Settings::new(Format::Swiss { rounds })).unwrap();
    for i in 0..players {
        let rating = choices.get(i).map(|&c| 1000 + i32::from(c) * 3);
        t.join(Player::new(i as u64, format!("P{i}"), rating))
            .unwrap();
    }
    let mut pick = choices.iter().cycle().copied();
    let mut checked = Checked::default();
    let mut before = histories(&t);
    t.start().unwrap();
    loop {
        let round = t.current_round().unwrap().clone();
        check_round(&t, &before, &round, &mut checked);
        for g in &round.games {
            let c = pick.next().unwrap_or(0);
            let result = if c == 255 {
                GameResult::DoubleForfeit
            } else {
                RESULTS[usize::from(c) % RESULTS.len()]
            };
            // A withdrawal earlier in this round may have decided it.
            let open = t.current_round().unwrap().games[g.board as usize - 1]
                .result
                .is_none();
            if open {
                t.record_result(round.number, g.board, result).unwrap();
            }
            // Now and then someone withdraws, in or between rounds.
            if pick.next().unwrap_or(0) < 6 {
                let who = usize::from(pick.next().unwrap_or(0)) % players;
                let id = t.players()[who].id.clone();
                let _ = t.withdraw(&id);
            }
        }
        let total: Points = t.standings().iter().map(|s| s.points).sum();
        assert_eq!(
            total,
            points_awarded(&t),
            "standings points against games' points"
        );
        before = histories(&t);
        match t.advance().unwrap() {
            tablero_tournament::Advance::Paired(_) => {}
            tablero_tournament::Advance::Finished => break,
        }
    }
    assert_eq!(t.phase(), Phase::Finished);
    assert_eq!(t.rounds().len() as u32, rounds);
    // Byes: one each at most while a pairing without a second existed is
    // checked per round; here, nobody has more byes than rounds.
    assert!(histories(&t).iter().all(|h| h.byes <= rounds));
    checked
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_swiss_tournaments_keep_the_pairing_rules(
        players in 2usize..=40,
        rounds_wanted in 1u32..=12,
        choices in proptest::collection::vec(any::<u8>(), 64..512),
    ) {
        let rounds = rounds_wanted.min(players as u32 - 1).max(1);
        run(players, rounds, &choices);
    }
}

/// The conditional checks above must not be vacuous: over a fixed set of
/// tournaments of typical shape (rounds about log₂ of the players, plus
/// two), a clean pairing existed in nearly every round, and was checked.
#[test]
fn the_avoidable_cases_are_the_common_ones() {
    let mut total = Checked::default();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for case in 0..60 {
        let players = 4 + case % 37;
        let rounds = ((players as f64).log2().ceil() as u32 + 2).min(players as u32 - 1);
        let choices: Vec<u8> = (0..400)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 32) as u8
            })
            .collect();
        let c = run(players, rounds, &choices);
        total.rounds += c.rounds;
        total.no_rematch_possible += c.no_rematch_possible;
        total.colours_possible += c.colours_possible;
    }
    assert!(
        total.no_rematch_possible * 20 >= total.rounds * 19,
        "{total:?}"
    );
    assert!(
        total.colours_possible * 20 >= total.rounds * 19,
        "{total:?}"
    );
}

/// Play a whole round robin with results and withdrawals from `choices`.
fn run_round_robin(players: usize, double: bool, choices: &[u8]) {
    let mut t = Tournament::new(Settings::new(Format::RoundRobin { double })).unwrap();
    for i in 0..players {
        t.join(Player::new(i as u64, format!("P{i}"), None))
            .unwrap();
    }
    t.start().unwrap();
    let mut pick = choices.iter().cycle().copied();
    let cycle = (players + players % 2 - 1) as u32;
    let mut met = vec![vec![0u32; players]; players];
    loop {
        let round = t.current_round().unwrap().clone();
        let index = |id: &PlayerId| t.pairing_number(id).unwrap() - 1;
        let mut seen = vec![0; players];
        for g in &round.games {
            let (w, b) = (index(&g.white), index(&g.black));
            seen[w] += 1;
            seen[b] += 1;
            met[w][b] += 1;
            met[b][w] += 1;
            // A game is created decided exactly when a player in it had
            // withdrawn before the round.
            let withdrawn_before = |i: usize| {
                t.players()[i]
                    .withdrawn_in
                    .is_some_and(|r| r < round.number)
            };
            if withdrawn_before(w) || withdrawn_before(b) {
                assert!(
                    g.result.is_some(),
                    "round {}: a game against a withdrawn player to play",
                    round.number
                );
            }
        }
        if let Some(bye) = &round.bye {
            seen[index(&bye.player)] += 1;
            assert_eq!(bye.points, Points::ZERO);
        }
        assert!(
            seen.iter().all(|&s| s == 1),
            "round {}: {seen:?}",
            round.number
        );
        assert_eq!(round.bye.is_some(), players % 2 == 1);
        for g in &round.games {
            if t.current_round().unwrap().games[g.board as usize - 1]
                .result
                .is_none()
            {
                let c = pick.next().unwrap_or(0);
                t.record_result(
                    round.number,
                    g.board,
                    RESULTS[usize::from(c) % RESULTS.len()],
                )
                .unwrap();
            }
            if pick.next().unwrap_or(0) < 4 {
                let id = t.players()[usize::from(pick.next().unwrap_or(0)) % players]
                    .id
                    .clone();
                let _ = t.withdraw(&id);
            }
        }
        let total: Points = t.standings().iter().map(|s| s.points).sum();
        assert_eq!(total, points_awarded(&t));
        if round.number % cycle == 0 {
            // End of a cycle: everyone has met everyone else once per cycle.
            let cycles = round.number / cycle;
            for (a, row) in met.iter().enumerate() {
                for (b, &times) in row.iter().enumerate() {
                    assert_eq!(times, if a == b { 0 } else { cycles }, "{a} and {b}");
                }
            }
        }
        assert!(t.round_complete());
        if t.advance().unwrap() == tablero_tournament::Advance::Finished {
            assert_eq!(t.rounds().len() as u32, cycle * if double { 2 } else { 1 });
            return;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn random_round_robins_meet_everyone_once_a_cycle(
        players in 2usize..=16,
        double in any::<bool>(),
        choices in proptest::collection::vec(any::<u8>(), 16..256),
    ) {
        run_round_robin(players, double, &choices);
    }
}
