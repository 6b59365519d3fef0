//! What the two texel examples (`texel` for Breakthrough, `texel_chess`)
//! share: self-play games, written to a file on several threads, the
//! scale K that fits a set of weights, and the fit's Adam step and slope.

use std::io::Write;

use tablero_engine::knowledge::Knowledge;
use tablero_engine::rng::Rng;
use tablero_engine::{Algorithm, Budget, Level, Searcher};
use tablero_rules::Side;

/// One self-play game at level 5 with `nodes` nodes a move from `start`,
/// opened by `opening` random plies drawn from `seed`, stopped after
/// `max_plies` more: its positions after the opening and the first
/// player's result (`1`, `0`, or `=` for a draw or a game stopped).
pub fn one_game<G: Knowledge>(
    start: G,
    opening: usize,
    max_plies: usize,
    nodes: u64,
    seed: u64,
) -> (Vec<String>, char) {
    let mut rng = Rng::new(seed);
    let mut g = start;
    for _ in 0..opening {
        let moves = g.legal_move_list();
        g.play(moves[rng.below(moves.len())]);
    }
    let mut seen = Vec::new();
    let mut searcher = Searcher::new(g.clone(), Algorithm::AlphaBeta);
    let budget = Budget {
        think: None,
        nodes: Some(nodes),
    };
    while g.outcome().is_none() && seen.len() < max_plies {
        seen.push(g.position_text());
        let (m, _) = searcher.search(Level::MAX, &budget, &mut rng);
        let m = m.expect("a move in an unfinished game");
        g.play(m);
        searcher.advance(m);
    }
    let result = match g.outcome().and_then(|o| o.winner) {
        Some(Side::First) => '1',
        Some(Side::Second) => '0',
        None => '=',
    };
    (seen, result)
}

/// Plays `count` games on `threads` threads, game `i` by `one_game` with
/// the seed drawn from `seed` and `i`, and writes each position a game
/// returns with the game's result (for the first player: `1`, `=` or
/// `0`), a tab and the position, one a line.
pub fn write_games(
    count: u64,
    seed: u64,
    threads: u64,
    out: &str,
    one_game: impl Fn(u64) -> (Vec<String>, char) + Sync,
) {
    let file = std::sync::Mutex::new(std::io::BufWriter::new(
        std::fs::File::create(out).expect("the output file"),
    ));
    let next = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let (seen, result) = one_game(seed.wrapping_mul(1_000_003) + i);
                    let mut f = file.lock().expect("the file");
                    for p in seen {
                        writeln!(f, "{result}\t{p}").expect("written");
                    }
                    if i % 100 == 99 {
                        eprintln!("{} games", i + 1);
                    }
                }
            });
        }
    });
    file.into_inner()
        .expect("the file")
        .flush()
        .expect("flushed");
}

/// The scale K of `1 / (1 + 10^(-K·eval/400))` at which `error` (the
/// mean squared error of the current weights at K) is least, found in
/// steps of 0.5, 0.1 and 0.02 from 1, with that error.
pub fn fit_scale(error: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = error(k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut moved = false;
            for cand in [k - step, k + step] {
                if cand <= 0.0 {
                    continue;
                }
                let e = error(cand);
                if e < best {
                    best = e;
                    k = cand;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
    }
    (k, best)
}

/// The samples to fit, and every tenth held out to show the fit is not
/// learning the sample.
pub fn split_held_out<T>(samples: Vec<T>) -> (Vec<T>, Vec<T>) {
    let (train, test): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 10 != 0);
    (
        train.into_iter().map(|(_, s)| s).collect(),
        test.into_iter().map(|(_, s)| s).collect(),
    )
}

/// How the squared error `(result - p)²` of a prediction
/// `p = 1 / (1 + 10^(-K·eval/400))` changes with the evaluation:
/// `-2 (result - p) p (1 - p) K ln10 / 400`. Times a feature's count, its
/// weight's share of the gradient.
pub fn slope(result: f64, p: f64, k: f64) -> f64 {
    -2.0 * (result - p) * p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0
}

/// Adam (rate 1, β 0.9 and 0.999) over a set of weights.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    epoch: i32,
}

impl Adam {
    /// Adam over `n` weights, before its first step.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            epoch: 0,
        }
    }

    /// One step of `w` against `grad`, the gradient summed over `count`
    /// samples; the weights for which `fixed` holds do not move.
    pub fn step(
        &mut self,
        w: &mut [f64],
        grad: &[f64],
        count: usize,
        fixed: impl Fn(usize) -> bool,
    ) {
        let (b1, b2, rate) = (0.9f64, 0.999f64, 1.0);
        self.epoch += 1;
        for i in 0..w.len() {
            let gi = grad[i] / count as f64;
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * gi;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * gi * gi;
            let mh = self.m[i] / (1.0 - b1.powi(self.epoch));
            let vh = self.v[i] / (1.0 - b2.powi(self.epoch));
            if !fixed(i) {
                w[i] -= rate * mh / (vh.sqrt() + 1e-9);
            }
        }
    }
}
