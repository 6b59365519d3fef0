//! A player's settings for correspondence games and what they do to the
//! clocks of their games: a time zone, quiet hours, a vacation. A game's
//! clock counts with a copy of each player's (`ClockDoc::away`), so every
//! change here is copied into each of their ongoing games, under each
//! game's channel lock, and its timer is set again.

use tablero_store::{AwayDoc, ComfortDoc};

use crate::reply::{Platform, User};
use crate::state::App;

impl App {
    /// Moves the app's clock forward by `ms` when it can be moved (the
    /// console's `/clock +2d`, when the console runs alone).
    pub fn advance_clock(&self, ms: i64) -> bool {
        self.clock.advance_by(ms)
    }

    /// The app's time, in ms since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        self.now()
    }

    /// What each of `players` has set that a game's clock counts (Tablero
    /// and players who set nothing: nothing).
    pub(crate) fn away_of(&self, platform: Platform, players: &[User; 2]) -> [AwayDoc; 2] {
        players.clone().map(|p| {
            self.store
                .comfort(platform, &p.id)
                .map(|c: ComfortDoc| c.away())
                .unwrap_or_default()
        })
    }
}
