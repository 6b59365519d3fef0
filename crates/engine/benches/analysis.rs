//! What a hint and a learning game's notice cost per game: one
//! `analysis::hint` at its budget (`analysis_limits`, level 4's node
//! twin) and one `analysis::notice` at its budget (`quick_limits`, level
//! 3's) from the position after a few opening moves, timed (median of
//! three runs).
//!
//! `cargo bench -p tablero-engine --bench analysis` runs every game;
//! `-- chess bloc` only those named.

mod support;

use std::time::Instant;

use tablero_engine::analysis::{analysis_limits, hint, notice, quick_limits};
use tablero_rules::AnyGame;
use tablero_rules::teach::example_setup;

/// The median of three timings of `f`, in milliseconds.
fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..3)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[1]
}

fn main() {
    println!("{:<12} {:>10} {:>10}", "game", "hint ms", "notice ms");
    for id in support::chosen_games() {
        // A few plies in: the first legal move of each position.
        let mut before = AnyGame::new(id, &example_setup(id)).expect("default setup");
        for _ in 0..3 {
            let m = before.legal_moves()[0].clone();
            before.play(&m).expect("a legal move");
        }
        let last = before.legal_moves()[0].clone();
        let mut now = before.clone();
        now.play(&last).expect("a legal move");
        let h = median_ms(|| {
            hint(&now, analysis_limits(id)).expect("a move");
        });
        let n = median_ms(|| {
            notice(&before, &last, &now, quick_limits(id)).expect("a notice");
        });
        println!("{:<12} {h:>10.1} {n:>10.1}", id.key());
    }
}
