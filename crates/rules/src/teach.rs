//! Teaching a game with pictures: marks drawn over a board, rule cards, and
//! where a move takes a piece.
//!
//! A [`Card`] is data: a position (moves played from the start), the
//! [`Mark`]s drawn over it and the key of its caption in the app's text
//! catalogue. Every game's cards live beside each other in `cards/`, one file
//! per game, so a new game brings its cards with it. [`targets`] says, for
//! every legal move of a position, which cell the piece leaves and where it
//! lands or what is placed, read from the game's own view of the move (its
//! last-move highlights), so cards and `moves SQUARE` never guess a rule.

use crate::{AnyGame, Cell, GameId, HighlightKind, MoveError, PositionError, Setup, SetupError};

/// A mark drawn over a board to teach something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A move of a piece from one cell to another.
    Arrow { from: Cell, to: Cell },
    /// A cell a piece may go to, or where a placement may go.
    Dot(Cell),
    /// A capture: the piece on this cell may be taken.
    Ring(Cell),
    /// A cell where no move may land.
    Cross(Cell),
}

/// Reads a cell name at compile time: a bad name in a card is a build
/// error, never a panic at run time.
#[must_use]
pub const fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    assert!(
        b.len() == 2 || b.len() == 3,
        "a cell is a letter and 1-2 digits"
    );
    assert!(b[0] >= b'a' && b[0] <= b'z', "a cell starts with a letter");
    let mut rank: u32 = 0;
    let mut i = 1;
    while i < b.len() {
        assert!(b[i] >= b'0' && b[i] <= b'9', "a cell ends with digits");
        rank = rank * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    assert!(rank >= 1 && rank <= 30, "ranks count from 1");
    Cell::new(b[0] - b'a', (rank - 1) as u8)
}

/// An arrow from `from` to `to`, cells by name.
#[must_use]
pub const fn arrow(from: &str, to: &str) -> Mark {
    Mark::Arrow {
        from: cell(from),
        to: cell(to),
    }
}

/// A dot on a cell, by name.
#[must_use]
pub const fn dot(at: &str) -> Mark {
    Mark::Dot(cell(at))
}

/// A capture ring on a cell, by name.
#[must_use]
pub const fn ring(at: &str) -> Mark {
    Mark::Ring(cell(at))
}

/// A cross on a cell, by name.
#[must_use]
pub const fn cross(at: &str) -> Mark {
    Mark::Cross(cell(at))
}

/// One picture of a rule: a position, marks over it, a caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// The caption's key in the app's text catalogue (`breakthrough.step`).
    pub caption: &'static str,
    /// A position text to start from instead of the game's start (a
    /// position no short game reaches, such as a piece about to win).
    pub position: Option<&'static str>,
    /// Moves played from that position, or from the game's start (Knight
    /// Fight: seed 1), to reach the position shown, in canonical or any accepted text.
    pub moves: &'static [&'static str],
    /// Keep the last move's highlights on the board (an explosion, a push,
    /// a plank just laid); otherwise the board shows the marks alone.
    pub last: bool,
    pub marks: &'static [Mark],
}

/// Why a card's position cannot be built: a wrong move in the data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    Setup(SetupError),
    Position(PositionError),
    Move { index: usize, error: MoveError },
}

/// The setup the cards and the `rules` examples start from: defaults, and
/// for Knight Fight the fixed seed 1, so every picture is the same forever.
#[must_use]
pub fn example_setup(id: GameId) -> Setup {
    let mut setup = Setup::default();
    if id == GameId::KnightFight {
        setup.seed = Some(1);
    }
    setup
}

impl Card {
    /// The position the card shows.
    ///
    /// # Errors
    ///
    /// [`CardError`] when the card's moves do not play (a data bug the
    /// tests catch).
    pub fn position(&self, id: GameId) -> Result<AnyGame, CardError> {
        let mut game = match self.position {
            Some(text) => AnyGame::from_position_text(id, text).map_err(CardError::Position)?,
            None => AnyGame::new(id, &example_setup(id)).map_err(CardError::Setup)?,
        };
        for (index, m) in self.moves.iter().enumerate() {
            game.play(m)
                .map_err(|error| CardError::Move { index, error })?;
        }
        Ok(game)
    }
}

/// The rule cards of game `id`, in the order a teacher shows them.
#[must_use]
pub fn cards(id: GameId) -> &'static [Card] {
    crate::cards::of(id)
}

/// Where one legal move goes, as the game draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The move's canonical text.
    pub text: String,
    /// The cell the moving piece leaves; `None` for placements, passes and
    /// choices.
    pub from: Option<Cell>,
    /// Where the piece lands, or the cells placed on.
    pub to: Vec<Cell>,
    /// The landing cells that held a piece of the other colour, which the
    /// move takes.
    pub captures: Vec<Cell>,
}

/// Every legal move of `game` with where it goes. `only_from` keeps the
/// moves of the piece on that cell (and skips playing the others).
#[must_use]
pub fn targets(game: &AnyGame, only_from: Option<Cell>) -> Vec<Target> {
    let before = game.view();
    let mover = before
        .status
        .to_move
        .and_then(|s| before.status.colors[s.index()]);
    game.move_choices()
        .into_iter()
        .filter(|c| only_from.is_none() || c.origin == only_from)
        .filter_map(|c| {
            let mut after = game.clone();
            after.play(&c.text).ok()?;
            let view = after.view();
            let mut to = Vec::new();
            for h in &view.highlights {
                let landing = matches!(h.kind, HighlightKind::To | HighlightKind::Placed);
                if landing && !to.contains(&h.cell) {
                    to.push(h.cell);
                }
            }
            // A piece lands on one cell: the first landing the view lists.
            // Castling lists the rook's landing after the king's, and Bloc
            // the marker placed after the step.
            if c.origin.is_some() {
                to.truncate(1);
            }
            let captures = to
                .iter()
                .copied()
                .filter(|&cell| {
                    before
                        .cell(cell)
                        .and_then(|v| v.piece)
                        .is_some_and(|p| Some(p.color) != mover)
                })
                .collect();
            Some(Target {
                text: c.text,
                from: c.origin,
                to,
                captures,
            })
        })
        .collect()
}

/// Whether `mark` teaches something true of `game`'s position: an arrow or
/// a dot is a legal move or placement, a ring a legal capture, a cross a
/// cell no legal move reaches.
#[must_use]
pub fn mark_holds(mark: Mark, targets: &[Target]) -> bool {
    match mark {
        Mark::Arrow { from, to } => targets
            .iter()
            .any(|t| t.from == Some(from) && t.to.contains(&to)),
        Mark::Dot(c) => targets.iter().any(|t| t.to.contains(&c)),
        Mark::Ring(c) => targets.iter().any(|t| t.captures.contains(&c)),
        Mark::Cross(c) => !targets.iter().any(|t| t.to.contains(&c)),
    }
}

/// The marks `moves SQUARE` draws for the moves of `targets`: a dot on each
/// empty landing, a ring on each capture.
#[must_use]
pub fn target_marks(targets: &[Target]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::new();
    for t in targets {
        for &c in &t.to {
            let m = if t.captures.contains(&c) {
                Mark::Ring(c)
            } else {
                Mark::Dot(c)
            };
            if !marks.contains(&m) {
                marks.push(m);
            }
        }
    }
    marks
}
