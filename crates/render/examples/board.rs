//! One board drawn and encoded as PNG many times, for profiling:
//! `cargo run --release -p tablero-render --example board -- [GAME] [PLIES] [RUNS]`
//! draws a random game of GAME (seed 2026, as the replay bench) after
//! PLIES plies (default chess, 40, 200). The first image (which rasterises
//! the sprites and builds the palette) is drawn before the measured ones;
//! under callgrind, `--toggle-collect='*measured*'` counts those alone.
//! Prints the PNG's size and the median thread CPU time of one image.

#[path = "../benches/support/cpu.rs"]
mod cpu;

use std::hint::black_box;

use tablero_render::{RenderOptions, render_png};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

fn random_view(id: GameId, seed: u64, plies: usize) -> BoardView {
    let mut rng = SplitMix64::new(seed);
    let mut g = AnyGame::new(id, &Setup::default()).expect("default setup");
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(&moves[rng.below(moves.len() as u64) as usize])
            .expect("legal");
    }
    g.view()
}

#[inline(never)]
fn measured(view: &BoardView, opts: &RenderOptions) -> Vec<u8> {
    render_png(black_box(view), opts).expect("renders")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game: GameId = args
        .first()
        .map_or(Ok(GameId::Chess), |g| g.parse())
        .expect("a game key");
    let number = |i: usize, default: usize| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (plies, runs) = (number(1, 40), number(2, 200).max(1));
    let view = random_view(game, 2026, plies);
    let opts = RenderOptions {
        players: ["Ana".into(), "Bo".into()],
        ..RenderOptions::new(game)
    };
    let png = render_png(&view, &opts).expect("renders");
    let mut times: Vec<f64> = (0..runs)
        .map(|_| cpu::time(|| drop(measured(&view, &opts))).1.as_secs_f64() * 1000.0)
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{game} after {plies} plies: {:.1} KB, {:.3} ms CPU median of {runs}",
        png.len() as f64 / 1024.0,
        times[runs / 2]
    );
}
