//! A whole review (`review N` in the chat bot) of a typical game of each
//! game: the game is played by level 3 against level 3 from the start
//! (node budgets and fixed seeds, so it is the same game every run, cut
//! at 200 moves), then reviewed with the budget the bot uses
//! (`review::nodes_per_ply`), timed.
//!
//! `cargo bench --workspace --bench review` runs every game;
//! `cargo bench --workspace --bench review -- chess bloc` only those named.

mod support;

use std::time::Instant;

use tablero_engine::review::{nodes_per_ply, review};
use tablero_engine::{Engine, Level, Limits};
use tablero_rules::{AnyGame, GameId, Setup};

/// Level 3 against level 3, at most 200 moves.
fn typical(id: GameId) -> (AnyGame, Vec<String>) {
    let start = AnyGame::new(id, &Setup::default()).expect("default setup");
    let mut game = start.clone();
    let mut moves = Vec::new();
    let level = Level::new(3).expect("level 3");
    while game.outcome().is_none() && moves.len() < 200 {
        let m = Engine::new(&game, level, moves.len() as u64)
            .choose(Limits::level_nodes(level, id))
            .expect("not over");
        game.play(&m).expect("the engine's move is legal");
        moves.push(m);
    }
    (start, moves)
}

fn main() {
    println!(
        "{:<12} {:>6} {:>10} {:>10} {:>8}",
        "game", "moves", "nodes/pos", "review ms", "swings"
    );
    for id in support::chosen_games() {
        let (start, moves) = typical(id);
        let t = Instant::now();
        let r = review(&start, &moves, 1).expect("the game replays");
        let ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{:<12} {:>6} {:>10} {:>10.0} {:>8}",
            id.key(),
            moves.len(),
            nodes_per_ply(id, moves.len()),
            ms,
            r.turning_points(3).len()
        );
    }
}
