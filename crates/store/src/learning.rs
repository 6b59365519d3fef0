//! What learning games (`learn GAME`, against Tablero with help) keep:
//! each player's results per game, apart from their games against people
//! and their other games against Tablero. Key layout (prefix `e`):
//!
//! | key | value |
//! |---|---|
//! | `e`, platform, user, game key | [`StatsDoc`]: results of learning games |

use crate::keys::{Key, StatsOf};
use crate::*;

impl Batch {
    /// Writes a user's results of learning games of `game`.
    pub fn put_learning_stats(
        &mut self,
        platform: Platform,
        user: &str,
        game: GameId,
        s: &StatsDoc,
    ) {
        self.insert(
            Key::Stats {
                of: StatsOf::Learning,
                platform,
                user,
                game,
            },
            encode_doc(s),
        );
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
        self.stats_of(StatsOf::Learning, platform, user)
    }
}
