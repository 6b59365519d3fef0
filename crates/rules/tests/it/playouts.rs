//! Property tests: random playouts of every game, from its default start and
//! from the extremes of every parameter, checking the [`Game`] contract at
//! every position (see `tablero_rules::check`) and that each game ends
//! within its natural bound.
//!
//! [`Game`]: tablero_rules::Game

use proptest::prelude::*;
use tablero_rules::{AnyGame, GameId, Setup};

/// Setups worth exploring: the default, and each parameter at its minimum
/// and maximum.
fn setups(id: GameId) -> Vec<Setup> {
    let mut out = vec![Setup::default()];
    for p in id.info().params {
        out.push(Setup::default().with(p.key, p.min));
        out.push(Setup::default().with(p.key, p.max));
    }
    out
}

/// The most moves a game can last, from the rules: every game either fills
/// or empties something finite with each move.
fn natural_bound(id: GameId, setup: &Setup) -> usize {
    let param = |key: &str| {
        let spec = id.info().params.iter().find(|p| p.key == key).unwrap();
        *setup.params.get(key).unwrap_or(&spec.default) as usize
    };
    match id {
        // Each move blocks three squares; plus two placements.
        GameId::Barrier => param("size") * param("size") + 2,
        // Each move removes a piece.
        GameId::Bloc => param("width") * param("height"),
        // 32 pieces, each stepping at most 7 times before it reaches the
        // last rank, and each explosion removes at least one piece.
        GameId::Bombardment | GameId::Breakthrough => 32 * 7 + 32,
        // Stones only fill cells; two passes in a row end the game.
        GameId::Cascades => {
            let rows = param("rows");
            let cells = (0..rows).map(|k| 8 + k).sum::<usize>();
            2 * cells + 2
        }
        // Every demon turn fills a square.
        GameId::Cracovia => 2 * 64,
        // 12 placements, at most 2 choices, and every move removes an enemy.
        GameId::Empuje => 12 + 2 + 12,
        // Every move or placement uses up a square.
        GameId::KnightFight => 100,
        // The fifty-move rule and finite material bound every chess game.
        GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14 => 6000,
    }
}

fn check_game(id: GameId, seed: u64) {
    for setup in setups(id) {
        let setup = if id == GameId::KnightFight {
            Setup {
                seed: Some(seed),
                ..setup
            }
        } else {
            setup
        };
        let start = AnyGame::new(id, &setup).unwrap_or_else(|e| panic!("{id} {setup}: {e}"));
        let bound = natural_bound(id, &setup);
        let report = start
            .check_playout(seed, bound)
            .unwrap_or_else(|e| panic!("{id} {setup} seed {seed}: {e}"));
        assert!(
            report.finished,
            "{id} {setup} seed {seed}: not over after {bound} moves"
        );
    }
}

macro_rules! playout_tests {
    ($($name:ident => $id:expr, $cases:expr;)*) => {$(
        proptest! {
            #![proptest_config(ProptestConfig { cases: $cases, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(seed in any::<u64>()) {
                check_game($id, seed);
            }
        }
    )*};
}

playout_tests! {
    barrier => GameId::Barrier, 64;
    bloc => GameId::Bloc, 64;
    bombardment => GameId::Bombardment, 64;
    breakthrough => GameId::Breakthrough, 64;
    cascades => GameId::Cascades, 64;
    cracovia => GameId::Cracovia, 64;
    empuje => GameId::Empuje, 64;
    knightfight => GameId::KnightFight, 64;
    chess => GameId::Chess, 24;
    saltador => GameId::Saltador, 24;
    guadalete => GameId::Guadalete, 24;
    guadalete14 => GameId::Guadalete14, 24;
}
