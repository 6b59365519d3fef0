//! What the tournament tests share.

use tablero_tournament::{Format, Player, Settings, Tournament};

/// A tournament of `format` with `players` joined, named by pairing
/// number: `Player N`, rated 2000 − N, so that ratings fall with the
/// number. Not started.
pub fn joined(format: Format, players: usize) -> Tournament {
    let mut t = Tournament::new(Settings::new(format)).unwrap();
    for i in 1..=players {
        t.join(Player::new(
            i as u64,
            format!("Player {i}"),
            Some(2000 - i as i32),
        ))
        .unwrap();
    }
    t
}
