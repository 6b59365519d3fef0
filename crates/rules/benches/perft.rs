//! Perft speed: chess against shakmaty on the same positions, and every
//! other game from its start position.
//!
//! `cargo bench -p tablero-rules --bench perft` runs everything;
//! `cargo bench -p tablero-rules --bench perft -- chess saltador` runs only
//! the games named (by id; `shakmaty` names the comparison).
//!
//! Each timing is the median of five runs.

use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, fen::Fen};
use tablero_rules::{AnyGame, Game, GameId, Setup, chess::Chess};

const RUNS: usize = 5;

/// Perft depth from the start position of each game, aiming at about a
/// million nodes (guesses for the games still being written; tune them).
const DEPTHS: &[(GameId, u32)] = &[
    (GameId::Barrier, 3),
    (GameId::Bloc, 4),
    (GameId::Bombardment, 4),
    (GameId::Breakthrough, 4),
    (GameId::Cascades, 3),
    (GameId::Cracovia, 3),
    (GameId::Empuje, 4),
    (GameId::KnightFight, 4),
    (GameId::Chess, 5),
    (GameId::Saltador, 5),
    (GameId::Guadalete, 5),
    (GameId::Guadalete14, 4),
];

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The median time of `RUNS` calls of `f`, and what it returned.
fn median(mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let mut times = Vec::with_capacity(RUNS);
    let mut nodes = 0;
    for _ in 0..RUNS {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        times.push(t.elapsed());
    }
    times.sort();
    (times[RUNS / 2], nodes)
}

fn rate(nodes: u64, d: Duration) -> f64 {
    nodes as f64 / d.as_secs_f64() / 1e6
}

fn against_shakmaty(name: &str, fen: &str, depth: u32) {
    let ours = Chess::from_position_text(fen).expect("valid FEN");
    let theirs: shakmaty::Chess = fen
        .parse::<Fen>()
        .expect("valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal position");
    let (t_ours, n_ours) = median(|| ours.perft(depth));
    let (t_theirs, n_theirs) = median(|| shakmaty::perft(&theirs, depth));
    assert_eq!(n_ours, n_theirs, "{name}: node counts differ");
    println!(
        "chess {name:<9} depth {depth}: {n_ours:>10} nodes  ours {:>8.1} ms ({:>6.1} Mn/s)  \
         shakmaty {:>8.1} ms ({:>6.1} Mn/s)  ratio {:.2}",
        t_ours.as_secs_f64() * 1e3,
        rate(n_ours, t_ours),
        t_theirs.as_secs_f64() * 1e3,
        rate(n_theirs, t_theirs),
        t_ours.as_secs_f64() / t_theirs.as_secs_f64(),
    );
}

fn main() {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |key: &str| only.is_empty() || only.iter().any(|o| o == key);
    if wanted("shakmaty") || wanted("chess") {
        against_shakmaty("start", START, 5);
        against_shakmaty("kiwipete", KIWIPETE, 4);
    }
    for &(id, depth) in DEPTHS {
        if !wanted(id.key()) {
            continue;
        }
        let start = AnyGame::new(id, &Setup::default()).expect("default setup");
        let (t, nodes) = median(|| start.perft(depth));
        println!(
            "{:<12} depth {depth}: {nodes:>10} nodes  {:>8.1} ms  {:>6.1} Mn/s",
            id.key(),
            t.as_secs_f64() * 1e3,
            rate(nodes, t)
        );
    }
}
