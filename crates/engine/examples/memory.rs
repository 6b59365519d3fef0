//! The memory a level-5 engine holds in each game: after a search from
//! the start, after its own move and after a reply, three times.
//!
//! `cargo run --release --example memory -- [THINK_MS] [LIMIT_MIB]`
//! (default 2000 ms, no limit; with a limit, `Engine::set_memory_limit`).

use std::time::Duration;

use tablero_engine::{Engine, Level, Limits};
use tablero_rules::{AnyGame, GameId, Setup};

fn mib(bytes: usize) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().map_or(2000, |s| s.parse().expect("THINK_MS"));
    let limit: Option<usize> = args
        .next()
        .map(|s| s.parse::<usize>().expect("LIMIT_MIB") << 20);
    for id in GameId::ALL {
        let mut game = AnyGame::new(id, &Setup::default()).expect("a start");
        let mut e = Engine::new(&game, Level::MAX, 1);
        if let Some(l) = limit {
            e.set_memory_limit(l);
        }
        for _ in 0..3 {
            if game.outcome().is_some() {
                break;
            }
            let m = e
                .choose(Limits::think(Duration::from_millis(ms)))
                .expect("a move");
            let searched = e.memory();
            let info = e.last_info();
            game.play(&m).expect("legal");
            e.advance(&m).expect("legal");
            let moved = e.memory();
            if game.outcome().is_some() {
                break;
            }
            let reply = game.legal_moves()[0].clone();
            game.play(&reply).expect("legal");
            e.advance(&reply).expect("legal");
            println!(
                "{id}: {} nodes, search {:.1} MiB, after its move {:.1} MiB, after a reply {:.1} MiB",
                info.nodes,
                mib(searched),
                mib(moved),
                mib(e.memory())
            );
        }
    }
}
