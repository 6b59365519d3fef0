//! The newest board message of each game, so that posting a newer one
//! disables the menus of the older. Kept in memory: after a restart the
//! boards posted before it keep their menus, and the app turns their
//! presses down as stale.

use std::collections::HashMap;

use serenity::all::{ChannelId, CreateActionRow, MessageId};
use tablero_app::ChannelKey;

/// A board message the bot posted.
#[derive(Clone, Debug)]
pub struct Posted {
    /// The number of moves the board shows.
    pub ply: usize,
    pub channel: ChannelId,
    pub message: MessageId,
    /// Its components, disabled: what it shows once outdated.
    pub disabled: Vec<CreateActionRow>,
}

/// The newest board of every game, by channel and game id.
#[derive(Default)]
pub struct Boards {
    newest: HashMap<(ChannelKey, u64), Posted>,
}

/// More games than this and the oldest entries are forgotten (their boards
/// keep live menus; presses on them are still checked by the app).
const LIMIT: usize = 100_000;

impl Boards {
    /// Records a board just posted and returns the one to disable: the
    /// previous newest, or the new one itself if a board of a later move
    /// was posted meanwhile.
    pub fn posted(&mut self, ch: &ChannelKey, game: u64, new: Posted) -> Option<Posted> {
        let key = (ch.clone(), game);
        if let Some(old) = self.newest.get(&key)
            && old.ply > new.ply
        {
            return Some(new);
        }
        if self.newest.len() >= LIMIT && !self.newest.contains_key(&key) {
            let drop: Vec<_> = self.newest.keys().take(LIMIT / 10).cloned().collect();
            for k in drop {
                self.newest.remove(&k);
            }
        }
        let message = new.message;
        self.newest
            .insert(key, new)
            .filter(|old| old.message != message)
    }

    /// Forgets `message` if it is the newest board of `game`, returning its
    /// disabled components (a press on it is about to disable them).
    pub fn take(&mut self, ch: &ChannelKey, game: u64, message: MessageId) -> Option<Posted> {
        let key = (ch.clone(), game);
        if self.newest.get(&key)?.message == message {
            self.newest.remove(&key)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posted(ply: usize, message: u64) -> Posted {
        Posted {
            ply,
            channel: ChannelId::new(1),
            message: MessageId::new(message),
            disabled: Vec::new(),
        }
    }

    #[test]
    fn the_older_board_is_disabled() {
        let ch = ChannelKey::new(tablero_app::Platform::Discord, "1");
        let mut b = Boards::default();
        assert!(b.posted(&ch, 3, posted(0, 10)).is_none());
        let old = b.posted(&ch, 3, posted(1, 11)).unwrap();
        assert_eq!(old.message.get(), 10);
        // Another game keeps its own board.
        assert!(b.posted(&ch, 4, posted(0, 20)).is_none());
        // A board of an earlier move posted late is outdated at once.
        let late = b.posted(&ch, 3, posted(0, 12)).unwrap();
        assert_eq!(late.message.get(), 12);
        // The same position shown again replaces the board.
        assert_eq!(b.posted(&ch, 3, posted(1, 13)).unwrap().message.get(), 11);
        assert!(b.take(&ch, 3, MessageId::new(11)).is_none());
        assert_eq!(b.take(&ch, 3, MessageId::new(13)).unwrap().ply, 1);
        assert!(b.posted(&ch, 3, posted(2, 14)).is_none());
    }
}
