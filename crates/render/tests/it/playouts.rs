//! Random playouts of every game with cases, drawing every position on the
//! way, in both orientations and both languages: a view a game can produce
//! must always draw.

use crate::support;

use tablero_render::{RenderOptions, render_png};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, GameId, Lang, Phase, Setup};

const PLAYOUTS: u64 = 2;
const MAX_PLIES: usize = 200;

fn setups(game: GameId) -> Vec<Setup> {
    let mut out = vec![Setup::default()];
    // The smallest and largest boards too, where the game has a size.
    for p in game.info().params {
        out.push(Setup::default().with(p.key, p.min));
        out.push(Setup::default().with(p.key, p.max));
    }
    out
}

#[test]
fn every_position_of_random_games_draws() {
    let games = support::games();
    assert!(!games.is_empty());
    for game in games {
        let mut phases = Vec::new();
        for (i, setup) in setups(game).into_iter().enumerate() {
            for seed in 0..PLAYOUTS {
                let seeded = Setup {
                    seed: (game == GameId::KnightFight).then_some(seed),
                    ..setup.clone()
                };
                let mut g = AnyGame::new(game, &seeded).unwrap_or_else(|e| panic!("{game}: {e}"));
                let mut rng = SplitMix64::new(seed * 1000 + i as u64);
                let mut opts = RenderOptions::new(game);
                opts.players = [
                    "Ana".into(),
                    "Bo \u{1F642} \u{0} a very long name indeed, longer than any row".into(),
                ];
                for ply in 0..=MAX_PLIES {
                    opts.flip = ply % 2 == 1;
                    opts.lang = if ply % 3 == 0 { Lang::Es } else { Lang::En };
                    let view = g.view();
                    phases.push(view.status.phase);
                    let png = render_png(&view, &opts).unwrap_or_else(|e| {
                        panic!(
                            "{game} seed {seed} ply {ply}: {e}\n  at {}",
                            g.position_text()
                        )
                    });
                    assert!(png.len() > 1000 && png.starts_with(b"\x89PNG"));
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = &moves[rng.below(moves.len() as u64) as usize];
                    g.play(m)
                        .unwrap_or_else(|e| panic!("{game}: {m}: {}", e.message(Lang::En)));
                }
            }
        }
        // Set-up phases are drawn too where the game has them.
        if matches!(game, GameId::Barrier | GameId::KnightFight | GameId::Empuje) {
            assert!(
                phases.contains(&Phase::Place),
                "{game}: no set-up position drawn"
            );
        }
    }
}
