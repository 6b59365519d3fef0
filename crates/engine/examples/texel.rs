//! Fits Breakthrough's evaluation weights to game results (texel tuning).
//!
//! ```text
//! cargo run --release --example texel -- games GAMES NODES SEED OUT
//! cargo run --release --example texel -- tune FILE...
//! ```
//!
//! `games` plays GAMES self-play games at level 5 with NODES nodes a move
//! (each opened by eight random plies drawn from SEED, on two threads) and
//! writes every position with the game's result: `1`, `0` for the first
//! player's win or loss, a tab, the position text. `tune` reads such
//! files, keeps every position the evaluation does not call decided, fits
//! the scale K of
//! `1 / (1 + 10^(-K·eval/400))` to the results with the current weights,
//! then the weights themselves by gradient descent on the mean squared
//! error, and prints the error before and after and the new weights
//! (BENCHMARKS.md, "Breakthrough's evaluation fitted to results").
//!
//! Positions with captures are kept, unlike the usual "quiet positions
//! only": in Breakthrough a piece attacks exactly the enemy pieces that
//! attack it, so a side to move without a capture means no two pieces are
//! in contact, and the features that weigh attacked pieces would never be
//! seen. A tenth of the positions is held out to show the fit is not
//! learning the sample.

use std::io::BufRead;

use tablero_engine::breakthrough::{FEATURES, WEIGHTS, features};
use tablero_rules::breakthrough::Breakthrough;
use tablero_rules::{Game, Setup, Side};

mod texel_support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") if args.len() == 5 => {
            let number = |i: usize| args[i].parse::<u64>().expect("a number");
            let nodes = number(2);
            texel_support::write_games(number(1), number(3), 2, &args[4], |seed| {
                let start = Breakthrough::new(&Setup::default()).expect("the start");
                texel_support::one_game(start, 8, usize::MAX, nodes, seed)
            });
        }
        Some("tune") if args.len() > 1 => tune(&args[1..]),
        _ => eprintln!("usage: texel games GAMES NODES SEED OUT | texel tune FILE..."),
    }
}

/// A position's features and the mover's result.
struct Sample {
    counts: [f64; FEATURES],
    result: f64,
}

fn read(files: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in files {
        let f = std::io::BufReader::new(std::fs::File::open(path).expect("a data file"));
        for line in f.lines() {
            let line = line.expect("a line");
            let Some((result, text)) = line.split_once('\t') else {
                continue;
            };
            let g = Breakthrough::from_position_text(text).expect("a position");
            let me = g.turn().side;
            let Some(counts) = features(&g) else {
                continue;
            };
            let first_won = result == "1";
            let mover_won = first_won == (me == Side::First);
            out.push(Sample {
                counts: counts.map(f64::from),
                result: f64::from(u8::from(mover_won)),
            });
        }
    }
    out
}

fn predict(w: &[f64; FEATURES], s: &Sample, k: f64) -> f64 {
    let e: f64 = w.iter().zip(&s.counts).map(|(w, c)| w * c).sum();
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn error(w: &[f64; FEATURES], samples: &[Sample], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - predict(w, s, k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

fn tune(files: &[String]) {
    let samples = read(files);
    eprintln!("{} positions", samples.len());
    let (train, test) = texel_support::split_held_out(samples);
    let start = WEIGHTS.map(f64::from);
    // The scale that fits the current weights best.
    let (k, best) = texel_support::fit_scale(|k| error(&start, &train, k));
    println!(
        "K = {k:.2}; error before: train {:.5}, held out {:.5}",
        best,
        error(&start, &test, k)
    );
    // Adam on the mean squared error. The weight of a piece one rank
    // forward stays at 100: K sets the scale, and without one fixed
    // weight every weight could grow together.
    let mut w = start;
    let mut adam = texel_support::Adam::new(FEATURES);
    for epoch in 1..=2000 {
        let mut grad = [0.0; FEATURES];
        for s in &train {
            let p = predict(&w, s, k);
            let g = texel_support::slope(s.result, p, k);
            for (gi, x) in grad.iter_mut().zip(&s.counts) {
                *gi += g * x;
            }
        }
        adam.step(&mut w, &grad, train.len(), |i| i == 1);
        if epoch % 250 == 0 {
            eprintln!(
                "epoch {epoch}: train {:.5}, held out {:.5}",
                error(&w, &train, k),
                error(&w, &test, k)
            );
        }
    }
    println!(
        "error after: train {:.5}, held out {:.5}",
        error(&w, &train, k),
        error(&w, &test, k)
    );
    let rounded: Vec<String> = w.iter().map(|x| format!("{}", x.round() as i32)).collect();
    println!("weights: [{}]", rounded.join(", "));
}
