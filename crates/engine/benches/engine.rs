//! Engine speed per game: MCTS playouts per second (from the start
//! position, the game's own search or not) and alpha-beta nodes per second
//! where the game uses alpha-beta.
//!
//! `cargo bench -p tablero-engine --bench engine` runs every game;
//! `cargo bench -p tablero-engine --bench engine -- chess bloc` only those
//! named. Each figure is one search of a fixed node budget, timed.

mod support;

use std::time::Instant;

use tablero_engine::{Algorithm, Engine, Level, Limits, algorithm};
use tablero_rules::{AnyGame, GameId, Setup};

fn rate(game: &AnyGame, algo: Algorithm, nodes: u64) -> (f64, String) {
    let mut e = Engine::with_algorithm(game, Level::MAX, Some(algo), 1);
    let t = Instant::now();
    let m = e
        .choose(Limits::nodes(nodes))
        .expect("the start position has moves");
    let secs = t.elapsed().as_secs_f64();
    (e.last_info().nodes as f64 / secs, m)
}

fn main() {
    println!(
        "{:<12} {:>16} {:>16}  search",
        "game", "playouts/s", "alpha-beta n/s"
    );
    for id in support::chosen_games() {
        let game = AnyGame::new(id, &Setup::default()).expect("default setup");
        let (playouts, _) = rate(&game, Algorithm::Mcts, 20_000);
        let ab = if algorithm(id) == Algorithm::AlphaBeta || id == GameId::Breakthrough {
            format!("{:>16.0}", rate(&game, Algorithm::AlphaBeta, 1_000_000).0)
        } else {
            format!("{:>16}", "-")
        };
        println!(
            "{:<12} {playouts:>16.0} {ab}  {:?}",
            id.key(),
            algorithm(id)
        );
    }
}
