//! Empuje, the book's pushing game: the setter lays out six White and six
//! Black pieces, the chooser picks the first move or a colour, and then each
//! move drives a piece along a line, pushing everything ahead of it, until
//! no enemy piece is left in front of it.
//!
//! Pieces are two bitboards (`u64`, bit `y * size + x`), one per colour. The
//! set-up is part of the game: [`Phase::Place`] (the setter, one piece a
//! move), then [`Phase::Choose`] (the chooser, then maybe the setter), then
//! [`Phase::Play`]. [`Side::First`] is always the setter.

mod notation;
#[cfg(test)]
mod tests;

use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Outcome, Phase, Piece, PieceKind, PositionError, ScoreKind, Setup, SetupError, Shape, Side,
    Status, Turn,
};

/// Pieces of each colour the setter places, on every board size.
pub const PIECES_PER_COLOR: u32 = 6;

/// The smallest and largest board sizes; the largest fits a `u64`.
const MIN_SIZE: u8 = 5;
const MAX_SIZE: u8 = 8;

/// A direction a piece is moved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards higher ranks.
    North,
    /// Towards higher files.
    East,
    /// Towards lower ranks.
    South,
    /// Towards lower files.
    West,
}

impl Direction {
    /// The four directions, in the order moves are listed.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The step on the board, `(dx, dy)`.
    #[must_use]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The letter of the canonical text: `n`, `e`, `s`, `w`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }
}

/// The chooser's answer, or the setter's colour after `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The chooser moves first; the setter then picks a colour.
    First,
    /// Take White (the other player moves first, when the chooser says it).
    White,
    /// Take Black (the other player moves first, when the chooser says it).
    Black,
}

/// A move of Empuje: a set-up placement, a choice, or a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The setter puts a piece of `color` on the empty `square`.
    Place {
        /// The colour of the piece.
        color: Color,
        /// The empty square it goes on.
        square: Cell,
    },
    /// The chooser's `first`/`white`/`black`, or the setter's colour.
    Choose(Choice),
    /// A piece moves from `from` towards `dir`, pushing what is ahead.
    Push {
        /// The square of the moving piece.
        from: Cell,
        /// The way it goes.
        dir: Direction,
    },
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The setter is placing pieces.
    Place,
    /// The chooser picks `first`, `white` or `black`.
    Choose,
    /// The chooser took the first move; the setter picks a colour.
    SetterColor,
    /// Play: the setter's colour and the colour to move.
    Play { setter: Color, to_move: Color },
}

/// What the last move did, for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Placed(Cell),
    Pushed { from: Cell, to: Cell, changed: u64 },
}

/// An Empuje position, set-up included.
#[derive(Clone, Debug)]
pub struct Empuje {
    size: u8,
    /// Pieces by colour: White, Black.
    pieces: [u64; 2],
    stage: Stage,
    ply: u32,
    /// For the view only: not part of the position.
    last: Option<Last>,
}

/// 0 for White, 1 for Black.
const fn ci(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

const fn other(color: Color) -> Color {
    match color {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

impl Empuje {
    /// The board is `size` × `size`.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// The colour of the piece on `square`, if any (`None` off the board).
    #[must_use]
    pub fn piece(&self, square: Cell) -> Option<Color> {
        let bit = self.bit(square)?;
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.pieces[ci(c)] & bit != 0)
    }

    /// Pieces of `color` on the board.
    #[must_use]
    pub const fn count(&self, color: Color) -> u32 {
        self.pieces[ci(color)].count_ones()
    }

    /// The colour each side plays, once decided: setter, chooser.
    #[must_use]
    pub const fn colors(&self) -> Option<[Color; 2]> {
        match self.stage {
            Stage::Play { setter, .. } => Some([setter, other(setter)]),
            _ => None,
        }
    }

    /// The bit of `square`, if it is on the board.
    fn bit(&self, square: Cell) -> Option<u64> {
        square
            .within(self.size, self.size)
            .then(|| 1u64 << square.index(self.size))
    }

    /// The squares ahead of `from` towards `dir`, nearest first, as bit
    /// indices; the count is how many of the array are used.
    fn line(&self, from: Cell, dir: Direction) -> ([u8; MAX_SIZE as usize], usize) {
        let (dx, dy) = dir.step();
        let mut out = [0; MAX_SIZE as usize];
        let mut n = 0;
        let mut at = from;
        while let Some(next) = at.offset(dx, dy, self.size, self.size) {
            if n == out.len() {
                break;
            }
            out[n] = next.index(self.size) as u8;
            n += 1;
            at = next;
        }
        (out, n)
    }

    /// Whether a piece of `color` on `from` may move towards `dir`: some
    /// enemy piece is ahead on that line.
    fn can_push(&self, color: Color, from: Cell, dir: Direction) -> bool {
        let enemy = self.pieces[ci(other(color))];
        let (line, n) = self.line(from, dir);
        line[..n].iter().any(|&i| enemy >> i & 1 != 0)
    }

    /// The side playing `color`, once colours are decided.
    const fn side_of(&self, color: Color) -> Side {
        match self.stage {
            Stage::Play { setter, .. } if ci(setter) == ci(color) => Side::First,
            Stage::Play { .. } => Side::Second,
            _ => Side::First,
        }
    }

    /// Calls `f` with every legal move, in the stable order: placements by
    /// square (a1, b1, …) White before Black; choices `first`, `white`,
    /// `black`; pushes by square, then north, east, south, west.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        match self.stage {
            Stage::Place => {
                let empty = !(self.pieces[0] | self.pieces[1]);
                let colors = [Color::White, Color::Black];
                for i in 0..self.size as usize * self.size as usize {
                    if empty >> i & 1 == 0 {
                        continue;
                    }
                    let square = Cell::from_index(i, self.size);
                    for color in colors {
                        if self.count(color) < PIECES_PER_COLOR {
                            f(Move::Place { color, square });
                        }
                    }
                }
            }
            Stage::Choose => {
                for c in [Choice::First, Choice::White, Choice::Black] {
                    f(Move::Choose(c));
                }
            }
            Stage::SetterColor => {
                for c in [Choice::White, Choice::Black] {
                    f(Move::Choose(c));
                }
            }
            Stage::Play { to_move, .. } => {
                let mut own = self.pieces[ci(to_move)];
                while own != 0 {
                    let from = Cell::from_index(own.trailing_zeros() as usize, self.size);
                    own &= own - 1;
                    for dir in Direction::ALL {
                        if self.can_push(to_move, from, dir) {
                            f(Move::Push { from, dir });
                        }
                    }
                }
            }
        }
    }

    /// Whether the player to move in play has a legal push.
    fn has_push(&self, color: Color) -> bool {
        let mut own = self.pieces[ci(color)];
        while own != 0 {
            let from = Cell::from_index(own.trailing_zeros() as usize, self.size);
            own &= own - 1;
            if Direction::ALL
                .into_iter()
                .any(|dir| self.can_push(color, from, dir))
            {
                return true;
            }
        }
        false
    }

    /// The number of legal moves, counted without listing them.
    fn count_moves(&self) -> u64 {
        match self.stage {
            Stage::Place => {
                let empty = u64::from(
                    u32::from(self.size) * u32::from(self.size)
                        - (self.pieces[0] | self.pieces[1]).count_ones(),
                );
                let open = [Color::White, Color::Black]
                    .into_iter()
                    .filter(|&c| self.count(c) < PIECES_PER_COLOR)
                    .count() as u64;
                empty * open
            }
            Stage::Choose => 3,
            Stage::SetterColor => 2,
            Stage::Play { .. } => {
                let mut n = 0;
                self.for_each_move(|_| n += 1);
                n
            }
        }
    }

    /// Drives the piece of `color` on `from` towards `dir`: per the
    /// Decision in RULES.md, everything from the nearest enemy out to the
    /// edge falls, and the own pieces between mover and that enemy end up
    /// packed against the edge with the mover right behind them.
    fn push(&mut self, color: Color, from: Cell, dir: Direction) {
        let Some(from_bit) = self.bit(from) else {
            return;
        };
        let (own_i, enemy_i) = (ci(color), ci(other(color)));
        let (line, n) = self.line(from, dir);
        let line = &line[..n];
        let Some(nearest) = line
            .iter()
            .position(|&i| self.pieces[enemy_i] >> i & 1 != 0)
        else {
            return;
        };
        let before = self.pieces;
        let survivors = line[..nearest]
            .iter()
            .filter(|&&i| self.pieces[own_i] >> i & 1 != 0)
            .count();
        let line_bits = line.iter().fold(from_bit, |acc, &i| acc | 1 << i);
        self.pieces[0] &= !line_bits;
        self.pieces[1] &= !line_bits;
        let to = line[n - 1 - survivors];
        for &i in &line[n - 1 - survivors..] {
            self.pieces[own_i] |= 1 << i;
        }
        self.last = Some(Last::Pushed {
            from,
            to: Cell::from_index(usize::from(to), self.size),
            changed: (before[0] ^ self.pieces[0]) | (before[1] ^ self.pieces[1]),
        });
    }
}

impl Empuje {
    /// Reads several placements at once (`Wa1 Wb2 Bc3`, or just one), as
    /// RULES.md allows during set-up: each must be legal after the ones
    /// before it. The moves come back in order for the caller to play one
    /// by one; nothing is played here. Errors are those of
    /// [`Game::parse_move`] for the first placement that fails, or a syntax
    /// error when the list holds something other than placements.
    ///
    /// ```
    /// use tablero_rules::{Game, Setup, empuje::Empuje};
    /// let mut g = Empuje::new(&Setup::default()).unwrap();
    /// let moves = g.parse_placements("Wa1 Wb2, B c3").unwrap();
    /// assert_eq!(moves.len(), 3);
    /// for m in moves {
    ///     g.play(m);
    /// }
    /// assert_eq!(g.position_text(), "6/6/6/2B3/1W4/W5 p - 3");
    /// ```
    pub fn parse_placements(&self, text: &str) -> Result<Vec<Move>, MoveError> {
        notation::parse_placements(self, text)
    }
}

impl Game for Empuje {
    type Move = Move;
    const ID: GameId = GameId::Empuje;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.expect_no_deal()?;
        let params = setup.resolve(Self::ID.info().params)?;
        // The registry bounds `size` to 5..=8; clamp anyway so a changed
        // registry can never overflow the u64 boards.
        let size = params[0].clamp(u32::from(MIN_SIZE), u32::from(MAX_SIZE)) as u8;
        Ok(Empuje {
            size,
            pieces: [0; 2],
            stage: Stage::Place,
            ply: 0,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        match self.stage {
            Stage::Place => Turn {
                side: Side::First,
                phase: Phase::Place,
            },
            Stage::Choose => Turn {
                side: Side::Second,
                phase: Phase::Choose,
            },
            Stage::SetterColor => Turn {
                side: Side::First,
                phase: Phase::Choose,
            },
            Stage::Play { to_move, .. } => Turn::play(self.side_of(to_move)),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        self.last = None;
        match (m, self.stage) {
            (Move::Place { color, square }, Stage::Place) => {
                if let Some(bit) = self.bit(square) {
                    self.pieces[ci(color)] |= bit;
                    self.last = Some(Last::Placed(square));
                }
                if self.count(Color::White) + self.count(Color::Black) >= 2 * PIECES_PER_COLOR {
                    self.stage = Stage::Choose;
                }
            }
            (Move::Choose(Choice::First), Stage::Choose) => self.stage = Stage::SetterColor,
            // The chooser takes a colour; the setter moves first.
            (Move::Choose(Choice::White), Stage::Choose) => {
                self.stage = Stage::Play {
                    setter: Color::Black,
                    to_move: Color::Black,
                }
            }
            (Move::Choose(Choice::Black), Stage::Choose) => {
                self.stage = Stage::Play {
                    setter: Color::White,
                    to_move: Color::White,
                }
            }
            // The setter takes a colour; the chooser moves first.
            (Move::Choose(Choice::White), Stage::SetterColor) => {
                self.stage = Stage::Play {
                    setter: Color::White,
                    to_move: Color::Black,
                }
            }
            (Move::Choose(Choice::Black), Stage::SetterColor) => {
                self.stage = Stage::Play {
                    setter: Color::Black,
                    to_move: Color::White,
                }
            }
            (Move::Push { from, dir }, Stage::Play { setter, to_move }) => {
                self.push(to_move, from, dir);
                self.stage = Stage::Play {
                    setter,
                    to_move: other(to_move),
                };
            }
            // Not a legal move here: leave the position as it is.
            _ => return,
        }
        self.ply = self.ply.saturating_add(1);
    }

    fn outcome(&self) -> Option<Outcome> {
        let Stage::Play { setter, to_move } = self.stage else {
            return None;
        };
        if self.has_push(to_move) {
            return None;
        }
        let (mine, theirs) = (self.count(setter), self.count(other(setter)));
        Some(match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::win(Side::First, EndReason::PiecesCounted),
            std::cmp::Ordering::Less => Outcome::win(Side::Second, EndReason::PiecesCounted),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::PiecesCounted),
        })
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Push { from, .. } => Some(from),
            Move::Place { .. } | Move::Choose(_) => None,
        }
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        notation::from_position_text(text)
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(self.size, self.size);
        let cells = shape
            .cells()
            .into_iter()
            .map(|cell| CellView {
                piece: self.piece(cell).map(|color| Piece {
                    kind: PieceKind::Stone,
                    color,
                }),
                ..CellView::empty(cell)
            })
            .collect();
        let highlight = |cell, kind| Highlight { cell, kind };
        let highlights = match self.last {
            None => vec![],
            Some(Last::Placed(cell)) => vec![highlight(cell, HighlightKind::Placed)],
            Some(Last::Pushed { from, to, changed }) => {
                let mut out = vec![
                    highlight(from, HighlightKind::From),
                    highlight(to, HighlightKind::To),
                ];
                let rest = changed & !(1 << from.index(self.size)) & !(1 << to.index(self.size));
                out.extend(
                    (0..64)
                        .filter(|i| rest >> i & 1 != 0)
                        .map(|i| highlight(Cell::from_index(i, self.size), HighlightKind::Push)),
                );
                out
            }
        };
        let outcome = self.outcome();
        let colors = self.colors();
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then(|| self.turn().side),
                phase: self.turn().phase,
                ply: self.ply,
                colors: colors.map_or([None, None], |c| c.map(Some)),
                scores: colors
                    .map(|c| (ScoreKind::Pieces, c.map(|color| self.count(color) as i32))),
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        // A finished position has no moves; its count alone does not know.
        crate::game::walk_perft!(
            self,
            depth,
            if self.outcome().is_some() {
                0
            } else {
                self.count_moves()
            }
        )
    }
}
