//! One warm replay of a random 100-ply game (seed 2026, as the replay
//! bench), for profiling: `cargo run --release -p tablero-render --example
//! replay -- [GAME] [-o FILE]`. The first replay of the process (which
//! builds the game's palette) is drawn before the measured one; under
//! callgrind, `--toggle-collect='*measured*'` counts the warm one alone.
//! Prints the GIF's size and the measured replay's thread CPU time.

#[path = "../benches/support/cpu.rs"]
mod cpu;

use std::hint::black_box;

use tablero_render::{RenderOptions, render_replay};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

fn random_views(id: GameId, seed: u64, plies: usize) -> Vec<BoardView> {
    let mut rng = SplitMix64::new(seed);
    let mut g = AnyGame::new(id, &Setup::default()).expect("default setup");
    let mut views = vec![g.view()];
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(&moves[rng.below(moves.len() as u64) as usize])
            .expect("legal");
        views.push(g.view());
    }
    views
}

#[inline(never)]
fn measured(views: &[BoardView], opts: &RenderOptions) -> Vec<u8> {
    render_replay(black_box(views), opts).expect("replay")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args
        .iter()
        .position(|a| a == "-o")
        .and_then(|i| args.get(i + 1));
    let game: GameId = args
        .first()
        .filter(|a| !a.starts_with('-'))
        .map_or(Ok(GameId::Chess), |g| g.parse())
        .expect("a game key");
    let views = random_views(game, 2026, 100);
    let opts = RenderOptions {
        players: ["Ana".into(), "Bo".into()],
        ..RenderOptions::new(game)
    };
    drop(black_box(render_replay(&views, &opts).expect("replay")));
    let mut gif = Vec::new();
    let (_, cpu) = cpu::time(|| gif = measured(&views, &opts));
    println!(
        "{game}: {} frames, {:.1} KB, {:.1} ms CPU",
        views.len(),
        gif.len() as f64 / 1024.0,
        cpu.as_secs_f64() * 1000.0
    );
    if let Some(path) = out {
        std::fs::write(path, &gif).expect("writes the GIF");
    }
}
