//! Peak memory of one long replay: `render_replay` of 1,000 positions.
//!
//! `cargo bench -p tablero-render --bench replay_memory [GAME]` builds the
//! views first (random games of GAME, chess by default, one after another
//! until there are 1,000 positions: random games rarely last that long, and
//! a new game's first frame is the costliest to encode), reads the process's
//! resident memory, draws the replay and reads the peak (`VmHWM`, Linux).
//! The figure is the peak above the resident memory before the call, the
//! extra memory a replay request costs the bot.

use std::time::Instant;

use tablero_render::{MAX_FRAMES, RenderOptions, render_replay};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

/// `VmRSS` and `VmHWM` of this process in KB.
fn memory_kb() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// `count` positions of random games of `id`, a new game begun whenever one
/// ends.
fn views(id: GameId, count: usize) -> Vec<BoardView> {
    let mut rng = SplitMix64::new(2026);
    let mut g = AnyGame::new(id, &Setup::default()).expect("default setup");
    let mut views = vec![g.view()];
    while views.len() < count {
        let moves = g.legal_moves();
        if moves.is_empty() {
            g = AnyGame::new(id, &Setup::default()).expect("default setup");
        } else {
            let m = &moves[rng.below(moves.len() as u64) as usize];
            g.play(m).expect("legal");
        }
        views.push(g.view());
    }
    views
}

fn main() {
    let id = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|k| GameId::ALL.into_iter().find(|g| g.key() == k))
        .unwrap_or(GameId::Chess);
    let views = views(id, MAX_FRAMES);
    let opts = RenderOptions {
        players: ["Ana".into(), "Bo".into()],
        ..RenderOptions::new(id)
    };
    let Some((before, _)) = memory_kb() else {
        eprintln!("no /proc/self/status: this bench reads Linux's memory figures");
        return;
    };
    let t = Instant::now();
    let gif = render_replay(&views, &opts).expect("replay");
    let secs = t.elapsed().as_secs_f64();
    let (_, peak) = memory_kb().expect("read before");
    println!(
        "{} frames of {}: GIF {:.0} KB in {secs:.1} s; resident before {:.1} MB, peak {:.1} MB, {:.1} MB above",
        views.len(),
        id.key(),
        gif.len() as f64 / 1024.0,
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        peak.saturating_sub(before) as f64 / 1024.0,
    );
}
