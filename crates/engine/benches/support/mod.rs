//! What the engine's benches share.

use tablero_rules::GameId;

/// The games named on the command line (`-- chess bloc`), every game when
/// none is; flags such as cargo's `--bench` are skipped.
pub fn chosen_games() -> Vec<GameId> {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    GameId::ALL
        .into_iter()
        .filter(|id| only.is_empty() || only.iter().any(|o| o == id.key()))
        .collect()
}
