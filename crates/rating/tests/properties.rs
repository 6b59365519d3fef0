//! Property tests of the Glicko-2 update: what must hold for any ratings a
//! game can produce.

use proptest::prelude::*;
use tablero_rating::{DAY_MS, Glicko2, PlayerRating, Rating, Score};

fn rating() -> impl Strategy<Value = Rating> {
    (100.0..3500.0f64, 30.0..350.0f64, 0.03..0.12f64).prop_map(|(r, rd, s)| Rating::new(r, rd, s))
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![Just(Score::Win), Just(Score::Draw), Just(Score::Loss)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// A win never lowers the winner's rating, and a loss never raises the
    /// loser's, whoever the opponent and however long they were idle.
    #[test]
    fn a_win_never_lowers_the_winner(a in rating(), b in rating(), idle_a in 0i64..400, idle_b in 0i64..400) {
        let g = Glicko2::default();
        let now = 1_800_000_000_000i64;
        let pa = PlayerRating { rating: a, games: 5, last_game_ms: Some(now - idle_a * DAY_MS) };
        let pb = PlayerRating { rating: b, games: 5, last_game_ms: Some(now - idle_b * DAY_MS) };
        let (wa, lb) = g.rate_game(&pa, &pb, Score::Win, now);
        prop_assert!(wa.rating.rating >= a.rating, "{a:?} beat {b:?}: {:?}", wa.rating);
        prop_assert!(lb.rating.rating <= b.rating, "{b:?} lost to {a:?}: {:?}", lb.rating);
    }

    /// Every output is finite and in range, for any input at all.
    #[test]
    fn outputs_are_finite(
        r in proptest::num::f64::ANY, rd in proptest::num::f64::ANY, s in proptest::num::f64::ANY,
        o in rating(), sc in score(), tau in proptest::num::f64::ANY,
    ) {
        let g = Glicko2 { tau, ..Glicko2::default() };
        let out = g.rate_period(&Rating::new(r, rd, s), &[(o, sc)]);
        prop_assert!(out.rating.is_finite() && out.deviation.is_finite() && out.volatility.is_finite());
        prop_assert!(out.deviation > 0.0 && out.deviation <= 350.0);
    }

    /// A player's deviation shrinks with every game against established
    /// players (RD at most 100, within 400 points) a minute apart, whatever
    /// the results, from a new player's 350 down to a settled one's.
    #[test]
    fn deviation_shrinks_with_games(
        games in proptest::collection::vec((-400.0..400.0f64, 30.0..100.0f64, score()), 1..40),
    ) {
        let g = Glicko2::default();
        let mut p = PlayerRating::new();
        let mut t = 1_800_000_000_000i64;
        for (diff, rd, s) in games {
            let before = p.rating.deviation;
            let opp = PlayerRating {
                rating: Rating::new(p.rating.rating + diff, rd, 0.06),
                games: 50,
                last_game_ms: Some(t),
            };
            t += 60_000;
            p = g.rate_game(&p, &opp, s, t).0;
            prop_assert!(p.rating.deviation < before, "{before} -> {:?}", p.rating);
        }
        prop_assert!(p.rating.deviation < 350.0);
    }

    /// A game rated at the instant of the player's last one never widens
    /// the deviation, whoever the opponent and whatever the result.
    #[test]
    fn a_game_never_widens_a_deviation_by_itself(a in rating(), b in rating(), s in score()) {
        let g = Glicko2::default();
        let now = 1_800_000_000_000i64;
        let pa = PlayerRating { rating: a, games: 5, last_game_ms: Some(now) };
        let pb = PlayerRating { rating: b, games: 5, last_game_ms: Some(now) };
        let (na, nb) = g.rate_game(&pa, &pb, s, now);
        prop_assert!(na.rating.deviation <= a.deviation, "{a:?} vs {b:?}: {:?}", na.rating);
        prop_assert!(nb.rating.deviation <= b.deviation, "{b:?} vs {a:?}: {:?}", nb.rating);
    }

    /// Idle periods never lower a deviation and never change the rating.
    #[test]
    fn idleness_only_widens(a in rating(), n in 0.0..100_000.0f64) {
        let out = Glicko2::default().idle(&a, n);
        prop_assert!(out.deviation >= a.deviation.min(350.0));
        prop_assert_eq!(out.rating, a.rating);
    }
}
