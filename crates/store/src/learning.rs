//! What learning games (`learn GAME`, against Tablero with help) keep:
//! each player's results per game, apart from their games against people
//! and their other games against Tablero. Key layout (prefix `e`):
//!
//! | key | value |
//! |---|---|
//! | `e`, platform, user, game key | [`StatsDoc`]: results of learning games |

use crate::keys::key;
use crate::*;

fn learning_key(platform: Platform, user: &str, game: GameId) -> Vec<u8> {
    key(&["e", platform.as_str(), user, game.key()])
}

impl Batch {
    /// Writes a user's results of learning games of `game`.
    pub fn put_learning_stats(
        &mut self,
        platform: Platform,
        user: &str,
        game: GameId,
        s: &StatsDoc,
    ) {
        self.insert(learning_key(platform, user, game), encode(s));
    }
}

impl Store {
    /// A user's results of learning games, per game (unreadable ones
    /// quarantined and left out).
    pub fn learning_stats(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<(GameId, StatsDoc)>> {
        let mut p = key(&["e", platform.as_str(), user]);
        p.push(SEP as u8);
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(&p) {
            let (k, v) = kv?;
            let game = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            let Ok(game) = game.parse::<GameId>() else {
                continue;
            };
            match self.decode::<StatsDoc>(&k, &v) {
                Ok(s) => out.push((game, s)),
                Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }
}
