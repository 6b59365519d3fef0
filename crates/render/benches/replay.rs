//! Animated replay size and time: a random game of every game, 100 plies
//! (or the whole game when it ends sooner), with a fixed seed.
//!
//! `cargo bench -p tablero-render --bench replay [FILTER]` prints, per game:
//! frames, the GIF's size, and the CPU time (this thread's) of the whole
//! `render_replay` call — drawing every frame, building the palette and
//! encoding — best and median of 5 warm runs, plus the first (cold) run;
//! and, for comparison, the CPU time of drawing the frames alone. Targets
//! (issue 41): chess under 300 KB and 100 ms, every game under 400 KB and
//! 150 ms.
//!
//! Beside it, the peer (`support/peer.rs`: python-chess + cairosvg) drawing
//! the chess replay's last position as a PNG, timed in this run before and
//! after ours: "peer ×N" is how many of the peer's single boards cost the
//! CPU time of our whole replay, and "÷ frame" how many times faster our
//! replay is per frame than the peer drawing one board.

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/peer.rs"]
mod peer;

use std::hint::black_box;

use tablero_render::{RenderOptions, render_pixmap, render_replay};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

const PLIES: usize = 100;
const RUNS: usize = 5;

fn cpu_ms(f: impl FnOnce()) -> f64 {
    cpu::time(f).1.as_secs_f64() * 1000.0
}

/// The views of a random game of `id`: the start and one per move.
pub fn random_views(id: GameId, seed: u64, plies: usize) -> Vec<BoardView> {
    let mut rng = SplitMix64::new(seed);
    let mut g = AnyGame::new(id, &Setup::default()).expect("default setup");
    let mut views = vec![g.view()];
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.below(moves.len() as u64) as usize];
        g.play(m).expect("legal");
        views.push(g.view());
    }
    views
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let chess = random_views(GameId::Chess, 2026, PLIES);
    let fen = [peer::fen(chess.last().expect("views"))];
    let peer = peer::Peer::setup();
    let before = peer.as_ref().and_then(|p| p.measure(&fen, 15));
    println!(
        "{:<14} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "game", "frames", "KB", "first ms", "best ms", "med ms", "draw ms", "KB/frame"
    );
    let mut rows = Vec::new();
    for id in GameId::ALL {
        if filter
            .as_ref()
            .is_some_and(|f| !id.key().contains(f.as_str()))
        {
            continue;
        }
        let views = random_views(id, 2026, PLIES);
        let opts = RenderOptions {
            players: ["Ana".into(), "Bo".into()],
            ..RenderOptions::new(id)
        };
        let mut gif = Vec::new();
        let first = cpu_ms(|| gif = render_replay(&views, &opts).expect("replay"));
        let mut times: Vec<f64> = (0..RUNS)
            .map(|_| cpu_ms(|| drop(black_box(render_replay(&views, &opts).expect("replay")))))
            .collect();
        times.sort_by(f64::total_cmp);
        let draw = cpu_ms(|| {
            for v in &views {
                drop(black_box(render_pixmap(v, &opts).expect("draws")));
            }
        });
        let kb = gif.len() as f64 / 1024.0;
        println!(
            "{:<14} {:>6} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.2}",
            id.key(),
            views.len(),
            kb,
            first,
            times[0],
            times[RUNS / 2],
            draw,
            kb / views.len() as f64
        );
        rows.push((id, views.len(), times[RUNS / 2]));
    }
    let after = peer.as_ref().and_then(|p| p.measure(&fen, 15));
    let (Some(b), Some(a)) = (before, after) else {
        return;
    };
    let peer_ms = (b[0].cpu_ms + a[0].cpu_ms) / 2.0;
    println!(
        "\npeer (chess board as PNG): {:.1} ms before, {:.1} ms after, {:.1} KB",
        b[0].cpu_ms,
        a[0].cpu_ms,
        b[0].bytes as f64 / 1024.0
    );
    println!(
        "{:<14} {:>9} {:>9} {:>9}",
        "game", "med ms", "peer ×N", "÷ frame"
    );
    for (id, frames, med) in rows {
        println!(
            "{:<14} {:>9.1} {:>9.2} {:>9.1}",
            id.key(),
            med,
            med / peer_ms,
            peer_ms * frames as f64 / med
        );
    }
}
