//! The interface every game implements.

use std::fmt::Debug;
use std::hash::Hash;

use crate::{Cell, GameId, MoveError, Msg, Outcome, PositionError, Setup, SetupError, Turn};

/// A game position with its rules.
///
/// Implementations keep everything that decides the legal moves and the
/// result, plus what the view needs (the last move, scores). Few methods are
/// required; the rest are provided on top of them.
///
/// Contract, checked for every game by the property tests in
/// [`crate::check`]:
/// - [`Game::legal_moves`] is empty exactly when [`Game::outcome`] is `Some`;
/// - for every legal move `m`, `parse_move(&move_text(m)) == Ok(m)`;
/// - [`Game::from_position_text`] of [`Game::position_text`] gives a position
///   with the same text and the same legal moves;
/// - `parse_move` never panics and never changes the position.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move, including every choice that is part of it (Barrier's path,
    /// Bloc's marker, …): two different legal moves are never equal.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// Which game this is.
    const ID: GameId;

    /// The start position for `setup` (parameters checked against the
    /// game's [`crate::GameInfo::params`]).
    fn new(setup: &Setup) -> Result<Self, SetupError>;

    /// Whose turn it is, and what kind of decision it is. Meaningless once
    /// the game is over.
    fn turn(&self) -> Turn;

    /// Clears `moves` and fills it with every legal move, in a stable order
    /// (the order `moves` lists them in). Empty when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays `m`, which must be one of [`Game::legal_moves`]; anything else
    /// may leave a meaningless position (but never panics).
    fn play(&mut self, m: Self::Move);

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The canonical text of legal move `m` in this position, as RULES.md
    /// defines it.
    fn move_text(&self, m: Self::Move) -> String;

    /// Reads a move written by a player: canonical text or an alias, case
    /// and spaces tolerated as RULES.md says. Distinguishes text that is not
    /// a move at all, a move that is not legal here, and text that fits
    /// several legal moves.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The cell the moving piece leaves, for move pickers that first ask
    /// "which piece?"; `None` for placements, passes and choices.
    fn move_origin(&self, m: Self::Move) -> Option<Cell>;

    /// A compact single-line text of the position: the board, the side to
    /// move and every other fact the legal moves and result depend on (board
    /// size included). Chess-like games use FEN.
    fn position_text(&self) -> String;

    /// Reads [`Game::position_text`] back.
    fn from_position_text(text: &str) -> Result<Self, PositionError>;

    /// What to draw.
    fn view(&self) -> crate::BoardView;

    /// A 64-bit key of the position: equal positions (equal
    /// [`Game::position_text`], history aside) get equal keys, different ones
    /// almost surely different keys. Search engines use it for transposition
    /// tables. The default hashes the position text (FNV-1a); games with a
    /// Zobrist key or a small bitboard override it with something cheaper.
    fn position_key(&self) -> u64 {
        fnv1a(self.position_text().as_bytes())
    }

    /// The number of leaf positions `depth` moves ahead (perft). Counting
    /// stops at positions with a result, which have no moves.
    fn perft(&self, depth: u32) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        match depth {
            0 => 1,
            1 => moves.len() as u64,
            _ => moves
                .iter()
                .map(|&m| {
                    let mut next = self.clone();
                    next.play(m);
                    next.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// [`Game::perft`] split by first move: each legal move's text with its
    /// count at `depth - 1`.
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m);
                (self.move_text(m), next.perft(depth.saturating_sub(1)))
            })
            .collect()
    }

    /// Every legal move, in a new vector.
    fn legal_move_list(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// Parses `text` and plays it; on error nothing changes. Returns the
    /// move's canonical text.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        let m = self.parse_move(text)?;
        let canonical = self.move_text(m);
        self.play(m);
        Ok(canonical)
    }
}

/// The body of a game's `Game::perft` over its own `for_each_move` and
/// `play`, which need no move list: `$leaves` is the count at depth 1
/// (usually the game's own `count_moves`). Written once for the games
/// that walk their moves this way.
macro_rules! walk_perft {
    ($game:ident, $depth:ident, $leaves:expr) => {
        match $depth {
            0 => 1,
            1 => $leaves,
            _ => {
                let mut total = 0;
                $game.for_each_move(|m| {
                    let mut next = $game.clone();
                    next.play(m);
                    total += next.perft($depth - 1);
                });
                total
            }
        }
    };
}
pub(crate) use walk_perft;

/// The 64-bit FNV-1a hash of `bytes`: fixed, so keys stay the same across
/// versions and machines.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Resolves a parsed move against the legal moves: the one legal move that
/// `fits`, or [`MoveError::Illegal`] with `why` when none does, or
/// [`MoveError::Ambiguous`] listing the candidates when several do.
/// [`MoveError::GameOver`] when the game has ended.
pub fn resolve<G: Game>(
    game: &G,
    input: &str,
    fits: impl Fn(G::Move) -> bool,
    why: impl FnOnce() -> Msg,
) -> Result<G::Move, MoveError> {
    if game.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let mut found: Vec<G::Move> = game
        .legal_move_list()
        .into_iter()
        .filter(|&m| fits(m))
        .collect();
    match found.len() {
        0 => Err(MoveError::illegal(input, why())),
        1 => Ok(found.pop().expect("one move")),
        _ => Err(MoveError::Ambiguous {
            input: input.trim().to_string(),
            candidates: found.into_iter().map(|m| game.move_text(m)).collect(),
        }),
    }
}
