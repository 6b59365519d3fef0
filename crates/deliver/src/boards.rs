//! The newest board message of every game.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// A board message that still has controls (a keyboard, a menu).
#[derive(Clone, Debug, PartialEq)]
pub struct Newest<M, R> {
    /// The number of moves the board shows.
    pub ply: usize,
    pub message: M,
    /// What the message becomes once outdated (Discord: its components,
    /// disabled; Telegram: nothing, the keyboard goes).
    pub retired: R,
}

/// The newest board of each game, by chat and game id, so that a new
/// board retires the previous one's controls. Bounded: past `capacity`
/// games, the least recently posted are forgotten (their boards keep their
/// controls, and the app turns presses on them down as stale).
pub struct Boards<C, M, R> {
    newest: HashMap<(C, u64), (Newest<M, R>, u64)>,
    /// Use stamps, oldest first, for forgetting.
    order: BTreeMap<u64, (C, u64)>,
    next: u64,
    capacity: usize,
}

impl<C: Clone + Eq + Hash, M: PartialEq, R> Boards<C, M, R> {
    #[must_use]
    pub fn new(capacity: usize) -> Boards<C, M, R> {
        Boards {
            newest: HashMap::new(),
            order: BTreeMap::new(),
            next: 0,
            capacity: capacity.max(1),
        }
    }

    /// How many games are remembered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.newest.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.newest.is_empty()
    }

    /// The newest board of a game.
    #[must_use]
    pub fn get(&self, chat: &C, game: u64) -> Option<&Newest<M, R>> {
        self.newest.get(&(chat.clone(), game)).map(|(n, _)| n)
    }

    /// Records a board of `game` showing `ply` moves, just posted, with
    /// `new` its message if it has controls to retire later. Returns the
    /// board whose controls must go: the previous newest, or the new one
    /// itself when a board of a later move was posted meanwhile.
    pub fn posted(
        &mut self,
        chat: &C,
        game: u64,
        ply: usize,
        new: Option<Newest<M, R>>,
    ) -> Option<Newest<M, R>> {
        let key = (chat.clone(), game);
        if self.newest.get(&key).is_some_and(|(old, _)| old.ply > ply) {
            return new;
        }
        let old = self.remove(&key);
        if let Some(new) = new {
            let same = old.as_ref().is_some_and(|o| o.message == new.message);
            self.insert(key, new);
            if same {
                return None;
            }
        }
        old
    }

    /// Forgets `message` if it is the newest board of `game`, returning it
    /// (a press on it is about to retire its controls).
    pub fn take(&mut self, chat: &C, game: u64, message: &M) -> Option<Newest<M, R>> {
        let key = (chat.clone(), game);
        if self.newest.get(&key)?.0.message == *message {
            self.remove(&key)
        } else {
            None
        }
    }

    /// Forgets `message` wherever it is a newest board in `chat`.
    pub fn forget_message(&mut self, chat: &C, message: &M) {
        let games: Vec<u64> = self
            .newest
            .iter()
            .filter(|((c, _), (n, _))| c == chat && n.message == *message)
            .map(|((_, g), _)| *g)
            .collect();
        for g in games {
            self.remove(&(chat.clone(), g));
        }
    }

    /// The newest board of `chat`'s game `game`, which has just ended:
    /// forgotten and returned for retiring.
    pub fn ended(&mut self, chat: &C, game: u64) -> Option<Newest<M, R>> {
        self.remove(&(chat.clone(), game))
    }

    /// Moves every board of chat `from` to chat `to` (a Telegram group
    /// that became a supergroup).
    pub fn move_chat(&mut self, from: &C, to: &C) {
        let keys: Vec<(C, u64)> = self
            .newest
            .keys()
            .filter(|(c, _)| c == from)
            .cloned()
            .collect();
        for k in keys {
            if let Some(n) = self.remove(&k) {
                self.insert((to.clone(), k.1), n);
            }
        }
    }

    fn insert(&mut self, key: (C, u64), n: Newest<M, R>) {
        while self.newest.len() >= self.capacity {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            self.newest.remove(&oldest);
        }
        let stamp = self.next;
        self.next += 1;
        self.order.insert(stamp, key.clone());
        self.newest.insert(key, (n, stamp));
    }

    fn remove(&mut self, key: &(C, u64)) -> Option<Newest<M, R>> {
        let (n, stamp) = self.newest.remove(key)?;
        self.order.remove(&stamp);
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(ply: usize, message: u32) -> Option<Newest<u32, ()>> {
        Some(Newest {
            ply,
            message,
            retired: (),
        })
    }

    fn msg(n: Option<Newest<u32, ()>>) -> Option<u32> {
        n.map(|n| n.message)
    }

    #[test]
    fn a_new_board_retires_the_previous_one() {
        let mut s: Boards<&str, u32, ()> = Boards::new(100);
        assert_eq!(msg(s.posted(&"c", 3, 0, b(0, 10))), None);
        assert_eq!(msg(s.posted(&"c", 3, 1, b(1, 11))), Some(10));
        // Another game, another chat: their own boards.
        assert_eq!(msg(s.posted(&"c", 4, 0, b(0, 20))), None);
        assert_eq!(msg(s.posted(&"d", 3, 0, b(0, 30))), None);
        // A board of an earlier move posted late is outdated at once.
        assert_eq!(msg(s.posted(&"c", 3, 0, b(0, 12))), Some(12));
        assert_eq!(s.get(&"c", 3).unwrap().message, 11);
        // The same position shown again replaces the board.
        assert_eq!(msg(s.posted(&"c", 3, 1, b(1, 13))), Some(11));
        // The same message again retires nothing.
        assert_eq!(msg(s.posted(&"c", 3, 1, b(1, 13))), None);
        // A final board without controls retires the last and is not kept.
        assert_eq!(msg(s.posted(&"c", 3, 2, None)), Some(13));
        assert!(s.get(&"c", 3).is_none());
    }

    #[test]
    fn presses_endings_and_moves() {
        let mut s: Boards<&str, u32, ()> = Boards::new(100);
        s.posted(&"c", 1, 0, b(0, 10));
        s.posted(&"c", 2, 0, b(0, 20));
        s.posted(&"d", 1, 0, b(0, 30));
        assert!(s.take(&"c", 1, &11).is_none());
        assert_eq!(msg(s.take(&"c", 1, &10)), Some(10));
        assert!(s.get(&"c", 1).is_none());
        s.posted(&"c", 1, 1, b(1, 12));
        assert_eq!(msg(s.ended(&"c", 1)), Some(12));
        assert!(
            s.ended(&"c", 1).is_none(),
            "an ended game's board is forgotten"
        );
        assert!(s.ended(&"c", 9).is_none());
        assert_eq!(s.len(), 2);
        s.move_chat(&"c", &"e");
        assert_eq!(s.get(&"e", 2).unwrap().message, 20);
        assert!(s.get(&"c", 2).is_none());
        s.forget_message(&"e", &20);
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn the_least_recently_posted_games_are_forgotten_first() {
        let mut s: Boards<&str, u32, ()> = Boards::new(3);
        for g in 1..=3 {
            s.posted(&"c", g, 0, b(0, g as u32 * 10));
        }
        // Game 1 moves on: now game 2 is the least recent.
        s.posted(&"c", 1, 1, b(1, 11));
        s.posted(&"c", 4, 0, b(0, 40));
        assert_eq!(s.len(), 3);
        assert!(s.get(&"c", 2).is_none());
        for g in [1, 3, 4] {
            assert!(s.get(&"c", g).is_some(), "game {g}");
        }
    }
}
