//! Which message shows each game's newest board, kept in the store for the
//! front-ends, so that a restart forgets nothing: the next board still
//! retires the controls of the one posted before the restart, and a board
//! the restart kept from being posted is posted when the bot is back.

use tablero_store::BoardDoc;

use crate::event::Event;
use crate::reply::Outgoing;
use crate::state::App;
use crate::{ChannelKey, Platform};

/// How long the boards one process looks at after a restart stay its own:
/// long enough to post a backlog through the platforms' rate limits.
const BOARD_LEASE_MS: i64 = 5 * 60_000;

impl App {
    /// Remembers the newest board message of `game` (its number of moves
    /// and the platform's message id); `None` forgets it. A failure is
    /// logged: at worst an old board keeps its controls, which the app
    /// turns down as stale.
    pub fn remember_board(&self, ch: &ChannelKey, game: u64, board: Option<(usize, String)>) {
        let doc = board.map(|(ply, message)| BoardDoc { ply, message });
        let mut b = self.store().batch();
        b.put_board(ch, game, doc.as_ref());
        if let Err(e) = self.store().commit(b) {
            tracing::warn!(game, error = %e, "a board message was not remembered");
        }
    }

    /// The newest board message of `game` remembered, if any.
    #[must_use]
    pub fn remembered_board(&self, ch: &ChannelKey, game: u64) -> Option<(usize, String)> {
        match self.store().board(ch, game) {
            Ok(b) => b.map(|b| (b.ply, b.message)),
            Err(e) => {
                tracing::warn!(game, error = %e, "a remembered board cannot be read");
                None
            }
        }
    }

    /// The boards a restart kept from being posted on `platform`: every
    /// game still being played whose remembered board shows fewer moves
    /// than were played, as the game's board now. Boards of games that
    /// ended are forgotten. Each board is leased to this process for a
    /// while, so that of several processes starting together one posts it.
    #[must_use]
    pub fn unposted_boards(&self, platform: Platform) -> Vec<Outgoing> {
        let boards = match self
            .store()
            .claim_boards(platform, self.now(), BOARD_LEASE_MS)
        {
            Ok(b) => b,
            Err(e) => {
                tracing::warn!(error = %e, "remembered boards cannot be read");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (ch, game, doc) in boards {
            let now = self.now();
            let shown = self.with_channel(&ch, |st| {
                Ok(st.games.get(&game).map(|live| {
                    let to_move = live.doc.player(live.game.turn().side).id.clone();
                    (live.ply(), Event::Board(live.view(now)), to_move)
                }))
            });
            match shown {
                Ok(Some((ply, event, to_move))) if ply > doc.ply => {
                    let lang = self.lang_of(&ch, &to_move);
                    out.push(Outgoing {
                        reply: self.present(&event, lang),
                        channel: ch,
                    });
                }
                Ok(Some(_)) => {}
                Ok(None) => self.remember_board(&ch, game, None),
                Err(e) => tracing::warn!(game, error = ?e, "a game's board cannot be shown"),
            }
        }
        out
    }
}
