//! [`AnyGame`]: every game behind one closed enum, for callers that pick the
//! game at run time (the app, the store, the command line). Moves cross this
//! boundary as canonical text.

use crate::check::{self, PlayoutReport};
use crate::{
    BoardView, Cell, Game, GameId, MoveError, Outcome, PositionError, Setup, SetupError, Turn,
};
use crate::{
    barrier::Barrier, bloc::Bloc, bombardment::Bombardment, breakthrough::Breakthrough,
    cascades::Cascades, chess::Chess, chess::Saltador, cracovia::Cracovia, empuje::Empuje,
    guadalete::Guadalete, guadalete::Guadalete14, knightfight::KnightFight,
};

/// A position of any game.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Barrier(Barrier),
    Bloc(Bloc),
    Bombardment(Bombardment),
    Breakthrough(Breakthrough),
    Cascades(Cascades),
    Cracovia(Cracovia),
    Empuje(Empuje),
    KnightFight(KnightFight),
    Chess(Chess),
    Saltador(Saltador),
    Guadalete(Guadalete),
    Guadalete14(Guadalete14),
}

/// Runs `$body` with `$g` bound to the inner game of `$any`.
macro_rules! dispatch {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::Barrier($g) => $body,
            AnyGame::Bloc($g) => $body,
            AnyGame::Bombardment($g) => $body,
            AnyGame::Breakthrough($g) => $body,
            AnyGame::Cascades($g) => $body,
            AnyGame::Cracovia($g) => $body,
            AnyGame::Empuje($g) => $body,
            AnyGame::KnightFight($g) => $body,
            AnyGame::Chess($g) => $body,
            AnyGame::Saltador($g) => $body,
            AnyGame::Guadalete($g) => $body,
            AnyGame::Guadalete14($g) => $body,
        }
    };
}

/// Runs `$body` with `$T` as the game type of `$id`.
macro_rules! with_type {
    ($id:expr, $T:ident => $body:expr) => {
        match $id {
            GameId::Barrier => {
                type $T = Barrier;
                $body
            }
            GameId::Bloc => {
                type $T = Bloc;
                $body
            }
            GameId::Bombardment => {
                type $T = Bombardment;
                $body
            }
            GameId::Breakthrough => {
                type $T = Breakthrough;
                $body
            }
            GameId::Cascades => {
                type $T = Cascades;
                $body
            }
            GameId::Cracovia => {
                type $T = Cracovia;
                $body
            }
            GameId::Empuje => {
                type $T = Empuje;
                $body
            }
            GameId::KnightFight => {
                type $T = KnightFight;
                $body
            }
            GameId::Chess => {
                type $T = Chess;
                $body
            }
            GameId::Saltador => {
                type $T = Saltador;
                $body
            }
            GameId::Guadalete => {
                type $T = Guadalete;
                $body
            }
            GameId::Guadalete14 => {
                type $T = Guadalete14;
                $body
            }
        }
    };
}

/// Wraps a concrete game into [`AnyGame`].
pub trait IntoAny: Game {
    fn into_any(self) -> AnyGame;
}

macro_rules! into_any {
    ($($T:ident),*) => {$(
        impl IntoAny for $T {
            fn into_any(self) -> AnyGame {
                AnyGame::$T(self)
            }
        }
    )*};
}
into_any!(
    Barrier,
    Bloc,
    Bombardment,
    Breakthrough,
    Cascades,
    Cracovia,
    Empuje,
    KnightFight,
    Chess,
    Saltador,
    Guadalete,
    Guadalete14
);

/// A legal move as the app shows it: canonical text, and the cell the
/// moving piece leaves (for "pick a piece, then a move" menus).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveChoice {
    pub text: String,
    pub origin: Option<Cell>,
}

impl AnyGame {
    /// The start position of game `id` for `setup`.
    pub fn new(id: GameId, setup: &Setup) -> Result<AnyGame, SetupError> {
        with_type!(id, T => T::new(setup).map(T::into_any))
    }

    /// Reads a position text of game `id`.
    pub fn from_position_text(id: GameId, text: &str) -> Result<AnyGame, PositionError> {
        with_type!(id, T => T::from_position_text(text).map(T::into_any))
    }

    /// Which game this is.
    #[must_use]
    pub fn id(&self) -> GameId {
        fn id_of<G: Game>(_: &G) -> GameId {
            G::ID
        }
        dispatch!(self, g => id_of(g))
    }

    /// Whose turn it is.
    #[must_use]
    pub fn turn(&self) -> Turn {
        dispatch!(self, g => g.turn())
    }

    /// The result, once over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// The canonical text of every legal move, in the game's order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch!(self, g => g.legal_move_list().into_iter().map(|m| g.move_text(m)).collect())
    }

    /// Every legal move with the cell its piece leaves.
    #[must_use]
    pub fn move_choices(&self) -> Vec<MoveChoice> {
        dispatch!(self, g => g
            .legal_move_list()
            .into_iter()
            .map(|m| MoveChoice { text: g.move_text(m), origin: g.move_origin(m) })
            .collect())
    }

    /// The canonical text of the legal move `text` names, without playing it.
    pub fn parse_move(&self, text: &str) -> Result<String, MoveError> {
        dispatch!(self, g => g.parse_move(text).map(|m| g.move_text(m)))
    }

    /// Plays the move `text` names and returns its canonical text; on error
    /// nothing changes.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        dispatch!(self, g => g.play_text(text))
    }

    /// The compact position text.
    #[must_use]
    pub fn position_text(&self) -> String {
        dispatch!(self, g => g.position_text())
    }

    /// What to draw.
    #[must_use]
    pub fn view(&self) -> BoardView {
        dispatch!(self, g => g.view())
    }

    /// Perft: leaf positions `depth` moves ahead.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => g.perft(depth))
    }

    /// Perft split by first move.
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, g => g.divide(depth))
    }

    /// A random playout from here checking the [`Game`] contract at every
    /// position (see [`check::playout`]).
    pub fn check_playout(&self, seed: u64, max_plies: usize) -> Result<PlayoutReport, String> {
        dispatch!(self, g => check::playout(g.clone(), seed, max_plies))
    }
}

#[cfg(test)]
mod mangled {
    use super::*;
    use crate::check::check_position;

    /// Random edits of real position and move texts, in every game: each
    /// is read or refused, never a panic, and whatever is read obeys the
    /// contract.
    #[test]
    fn mangled_texts_never_panic_in_any_game() {
        for id in GameId::ALL {
            with_type!(id, T => mangled::<T>());
        }
    }

    fn mangled<G: Game>() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let pieces = [
            "0", "1", "9", "10", "99", "x", "-", "/", " ", "N", "n", "A", "D", "é", "🙂", "w", "b",
            "a", "d",
        ];
        let mut g = G::new(&Setup::default()).unwrap();
        let mut samples = Vec::new();
        for _ in 0..40 {
            let moves = g.legal_move_list();
            if moves.is_empty() {
                break;
            }
            samples.push((g.position_text(), g.move_text(moves[0])));
            g.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        for (position, mv) in &samples {
            for _ in 0..200 {
                let mut chars: Vec<String> = position.chars().map(String::from).collect();
                let mut word: Vec<String> = mv.chars().map(String::from).collect();
                for text in [&mut chars, &mut word] {
                    for _ in 0..=rng.below(3) {
                        let at = rng.below(text.len() as u64 + 1) as usize;
                        let piece = pieces[rng.below(pieces.len() as u64) as usize].to_string();
                        match rng.below(3) {
                            0 if at < text.len() => text[at] = piece,
                            1 if at < text.len() => {
                                text.remove(at);
                            }
                            _ => text.insert(at, piece),
                        }
                    }
                }
                if let Ok(back) = G::from_position_text(&chars.concat()) {
                    check_position(&back, &back.legal_move_list()).unwrap();
                    let _ = back.view();
                }
                let base = G::from_position_text(position).unwrap();
                let _ = base.parse_move(&word.concat());
            }
        }
    }
}
