//! Bloc, Jorge Nuno Silva 2005.
//!
//! The board starts full, in a checkerboard of White and Black stones (a1
//! Black). A move: one of your unmarked stones steps one square
//! orthogonally onto an unmarked enemy stone, which is removed. Then the
//! group the moved stone belongs to (your stones orthogonally connected to
//! it), if it has two or more stones, must carry exactly one marker: the
//! mover places it, keeps or moves it, or keeps just one when groups merged.
//! Marked stones neither move nor can be captured. Whoever cannot move
//! loses.
//!
//! Notation: `c3-c4*d4`: from, to, and `*` with the final marker square
//! whenever the moved stone is in a group; `c3-c4` when it stands alone, or
//! when its group already held exactly one marker and the marker stays.
//! Input may write `x` for `-`, as every move captures.
//! Position text: the ranks from top to bottom, `S`/`s` for an unmarked
//! White/Black stone and `M`/`m` for a marked one, runs of empty squares as
//! numbers, then `w` or `b` for the side to move and the number of moves
//! played. The board size is the number of ranks and the length of each.
//!
//! ```
//! use tablero_rules::{Game, Setup, bloc::Bloc};
//! let mut g = Bloc::new(&Setup::default()).unwrap();
//! // b1 takes a1 and joins a2: the new group needs its marker.
//! assert!(g.parse_move("b1-a1").is_err());
//! assert_eq!(g.play_text("b1 - a1 * a2").unwrap(), "b1-a1*a2");
//! ```

use crate::board_text::{check_width, parse_count, read_rows, read_side, write_rows};
use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Msg, ORTHOGONAL, Outcome, Phase, Piece, PieceKind, PositionError, ScoreKind, Setup, SetupError,
    Shape, Side, Status, Turn, msg,
};

/// The smallest and largest board side, as the registry's parameters allow.
const MIN_SIDE: u8 = 4;
const MAX_SIDE: u8 = 10;

/// `Move::marker` when the moved stone stands alone and no marker is set.
const NO_MARKER: u8 = u8::MAX;

/// A move: the stone's step onto an enemy stone, and where the marker of
/// its group ends up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square indices, row-major from a1; always on the board.
    from: u8,
    to: u8,
    /// The final marker square, or [`NO_MARKER`].
    marker: u8,
    /// The board width, to name the squares.
    width: u8,
}

impl Move {
    /// The square the stone leaves.
    #[must_use]
    pub fn from(self) -> Cell {
        Cell::from_index(self.from as usize, self.width)
    }

    /// The square of the captured stone, where the moving stone ends.
    #[must_use]
    pub fn to(self) -> Cell {
        Cell::from_index(self.to as usize, self.width)
    }

    /// The square that carries the group's marker after the move; `None`
    /// when the moved stone stands alone.
    #[must_use]
    pub fn marker(self) -> Option<Cell> {
        (self.marker != NO_MARKER).then(|| Cell::from_index(self.marker as usize, self.width))
    }
}

/// A Bloc position, with the last move for the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bloc {
    width: u8,
    height: u8,
    /// The stones of each side by [`Side::index`], bit `i` = square `i`
    /// (row-major from a1).
    stones: [u128; 2],
    /// Stones carrying a marker, of either side.
    marked: u128,
    turn: Side,
    /// Moves played since the start.
    ply: u32,
    last: Option<Move>,
    /// Every square of the board, and those of its first and last file:
    /// fixed by the size, kept to make neighbour sets cheap.
    board: u128,
    file_first: u128,
    file_last: u128,
}

fn bit(square: u8) -> u128 {
    1u128 << (square & 127)
}

/// The squares of `bits`, lowest first.
fn squares(mut bits: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            sq
        })
    })
}

fn color_of(side: Side) -> Color {
    match side {
        Side::First => Color::White,
        Side::Second => Color::Black,
    }
}

/// "White" / "las blancas", for messages.
fn side_names(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("White", "las blancas"),
        Side::Second => ("Black", "las negras"),
    }
}

/// The form moves are written in, for syntax errors.
fn expected() -> Msg {
    msg!(
        "`c3-c4`, or `c3-c4*d4` to put the group's marker on d4",
        "`c3-c4`, o `c3-c4*d4` para poner la marca del grupo en d4"
    )
}

/// A move as written, before it is checked against the position.
struct Written {
    from: Cell,
    to: Cell,
    marker: Option<Cell>,
}

/// Reads `c3-c4`, `c3-c4*d4` (or with `x` for `-`), lower case and without
/// spaces.
fn read(s: &str) -> Option<Written> {
    let (from, rest) = Cell::parse_prefix(s)?;
    let rest = rest.strip_prefix('-').or_else(|| rest.strip_prefix('x'))?;
    let (to, rest) = Cell::parse_prefix(rest)?;
    let marker = match rest {
        "" => None,
        _ => Some(Cell::parse(rest.strip_prefix('*')?)?),
    };
    Some(Written { from, to, marker })
}

impl Bloc {
    /// An empty board of `width` × `height`, White to move.
    fn empty(width: u8, height: u8) -> Bloc {
        let mut file_first = 0;
        for y in 0..height {
            file_first |= 1u128 << (y as u32 * width as u32);
        }
        let cells = width as u32 * height as u32;
        Bloc {
            width,
            height,
            stones: [0; 2],
            marked: 0,
            turn: Side::First,
            ply: 0,
            last: None,
            board: (1u128 << cells) - 1,
            file_first,
            file_last: file_first << (width - 1),
        }
    }

    /// The squares orthogonally next to any square of `set`.
    fn neighbours(&self, set: u128) -> u128 {
        let w = self.width;
        (((set & !self.file_last) << 1) | ((set & !self.file_first) >> 1) | (set << w) | (set >> w))
            & self.board
    }

    /// The stones of `own` orthogonally connected to `square`.
    fn group(&self, own: u128, square: u8) -> u128 {
        let mut group = bit(square) & own;
        loop {
            let grown = (group | self.neighbours(group)) & own;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    fn index(&self, cell: Cell) -> u8 {
        cell.index(self.width) as u8
    }

    fn cell(&self, square: u8) -> Cell {
        Cell::from_index(square as usize, self.width)
    }

    /// The side whose stone stands on `square`, if any.
    fn owner(&self, square: u8) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.stones[s.index()] & bit(square) != 0)
    }

    /// G: the side to move's stones connected to `to` once the stone on
    /// `from` has stepped there.
    fn group_after(&self, from: u8, to: u8) -> u128 {
        let own = (self.stones[self.turn.index()] & !bit(from)) | bit(to);
        self.group(own, to)
    }

    /// Whether the side to move has a capture.
    fn has_move(&self) -> bool {
        let own = self.stones[self.turn.index()] & !self.marked;
        let prey = self.stones[self.turn.other().index()] & !self.marked;
        own & self.neighbours(prey) != 0
    }

    /// Calls `f` with every step (from, to, group after the step): squares
    /// from a1, and for each stone north, east, south, west.
    fn for_each_step(&self, mut f: impl FnMut(u8, u8, u128)) {
        let own = self.stones[self.turn.index()] & !self.marked;
        let prey = self.stones[self.turn.other().index()] & !self.marked;
        for from in squares(own & self.neighbours(prey)) {
            let cell = self.cell(from);
            for (dx, dy) in ORTHOGONAL {
                let Some(to) = cell.offset(dx, dy, self.width, self.height) else {
                    continue;
                };
                let to = self.index(to);
                if prey & bit(to) != 0 {
                    f(from, to, self.group_after(from, to));
                }
            }
        }
    }

    /// Calls `f` with every legal move: each step, and for a step into a
    /// group each choice of marker square, a1 first.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let width = self.width;
        self.for_each_step(|from, to, group| {
            if group.count_ones() < 2 {
                f(Move {
                    from,
                    to,
                    marker: NO_MARKER,
                    width,
                });
            } else {
                for marker in squares(group) {
                    f(Move {
                        from,
                        to,
                        marker,
                        width,
                    });
                }
            }
        });
    }

    /// The number of legal moves: one per step, times the group's size.
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.for_each_step(|_, _, group| n += u64::from(group.count_ones().max(1)));
        n
    }

    /// Checks a written move against the position: why it is not legal,
    /// or the marker square it stands for (`None` when it could be any
    /// square of the group).
    fn check(&self, w: &Written) -> Result<Option<u8>, Msg> {
        let (side_en, side_es) = side_names(self.turn);
        let (size_w, size_h) = (self.width, self.height);
        for c in [Some(w.from), Some(w.to), w.marker].into_iter().flatten() {
            if !c.within(size_w, size_h) {
                return Err(msg!(
                    "{c} is not on the {size_w}×{size_h} board",
                    "{c} no está en el tablero de {size_w}×{size_h}"
                ));
            }
        }
        let (from, to) = (w.from, w.to);
        let (f, t) = (self.index(from), self.index(to));
        match self.owner(f) {
            None => return Err(msg!("{from} is empty", "{from} está vacía")),
            Some(s) if s != self.turn => {
                return Err(msg!(
                    "{from} holds an enemy stone, and it is {side_en}'s turn",
                    "en {from} hay una piedra rival y mueven {side_es}"
                ));
            }
            Some(_) => {}
        }
        if self.marked & bit(f) != 0 {
            return Err(msg!(
                "{from} carries a marker, and marked stones cannot move",
                "{from} lleva marca, y las piedras marcadas no se mueven"
            ));
        }
        if from.x.abs_diff(to.x) + from.y.abs_diff(to.y) != 1 {
            return Err(msg!(
                "a stone steps one square orthogonally, and {from} to {to} is not such a step",
                "una piedra avanza una casilla en ortogonal, y de {from} a {to} no es ese paso"
            ));
        }
        match self.owner(t) {
            None => {
                return Err(msg!(
                    "{to} is empty; a stone may only step onto an enemy stone",
                    "{to} está vacía; solo se puede avanzar sobre una piedra rival"
                ));
            }
            Some(s) if s == self.turn => {
                return Err(msg!(
                    "{to} holds one of your own stones",
                    "en {to} hay una piedra propia"
                ));
            }
            Some(_) => {}
        }
        if self.marked & bit(t) != 0 {
            return Err(msg!(
                "{to} carries a marker, and marked stones cannot be captured",
                "{to} lleva marca, y las piedras marcadas no se pueden capturar"
            ));
        }
        let group = self.group_after(f, t);
        match w.marker {
            Some(_) if group.count_ones() < 2 => Err(msg!(
                "after {from}-{to} the stone on {to} stands alone, so it takes no marker; write {from}-{to}",
                "tras {from}-{to} la piedra de {to} queda sola y no lleva marca; escribe {from}-{to}"
            )),
            Some(m) if group & bit(self.index(m)) == 0 => Err(msg!(
                "{m} is not in the group of {to}, so it cannot carry its marker",
                "{m} no está en el grupo de {to} y no puede llevar su marca"
            )),
            Some(m) => Ok(Some(self.index(m))),
            None if group.count_ones() < 2 => Ok(Some(NO_MARKER)),
            None => {
                let held = group & self.marked;
                // Only a single marker already in the group may be left
                // unsaid: it stays where it is.
                Ok((held.count_ones() == 1).then(|| held.trailing_zeros() as u8))
            }
        }
    }
}

impl Game for Bloc {
    type Move = Move;
    const ID: GameId = GameId::Bloc;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let values = setup.resolve(GameId::Bloc.info().params)?;
        setup.expect_no_deal()?;
        // The registry keeps both within 4..=10.
        let side = |v: u32| v.clamp(MIN_SIDE as u32, MAX_SIDE as u32) as u8;
        let (width, height) = (side(values[0]), side(values[1]));
        let mut g = Bloc::empty(width, height);
        for sq in squares(g.board) {
            let c = g.cell(sq);
            // Counting a = 1 and rank 1 = 1, an even sum is Black: a1 is.
            let black = (c.x as u32 + 1 + c.y as u32 + 1) % 2 == 0;
            g.stones[usize::from(black)] |= bit(sq);
        }
        Ok(g)
    }

    fn turn(&self) -> Turn {
        Turn::play(self.turn)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let (us, them) = (self.turn.index(), self.turn.other().index());
        self.stones[us] = (self.stones[us] & !bit(m.from)) | bit(m.to);
        self.stones[them] &= !bit(m.to);
        if m.marker != NO_MARKER {
            // Only G is processed: its markers give way to the one chosen.
            let group = self.group(self.stones[us], m.to);
            self.marked = (self.marked & !group) | bit(m.marker);
        }
        self.turn = self.turn.other();
        self.ply = self.ply.saturating_add(1);
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_move()).then(|| Outcome::win(self.turn.other(), EndReason::NoLegalMove))
    }

    fn move_text(&self, m: Move) -> String {
        match m.marker() {
            None => format!("{}-{}", m.from(), m.to()),
            Some(k) => format!("{}-{}*{}", m.from(), m.to(), k),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let s: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        let written = read(&s).ok_or_else(|| MoveError::syntax(text, expected()))?;
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let marker = self
            .check(&written)
            .map_err(|why| MoveError::illegal(text, why))?;
        let (f, t) = (self.index(written.from), self.index(written.to));
        let width = self.width;
        let the_move = |marker| Move {
            from: f,
            to: t,
            marker,
            width,
        };
        // `check` has settled legality, so the move is built directly
        // rather than searched for among every legal move.
        match marker {
            Some(k) => Ok(the_move(k)),
            None => Err(MoveError::Ambiguous {
                input: text.trim().to_string(),
                candidates: squares(self.group_after(f, t))
                    .map(|k| self.move_text(the_move(k)))
                    .collect(),
            }),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        Some(m.from())
    }

    fn position_text(&self) -> String {
        let board = write_rows((0..self.height).rev().map(|y| {
            (0..self.width).map(move |x| {
                let sq = self.index(Cell::new(x, y));
                let marked = self.marked & bit(sq) != 0;
                self.owner(sq).map(|side| match (side, marked) {
                    (Side::First, false) => 'S',
                    (Side::First, true) => 'M',
                    (Side::Second, false) => 's',
                    (Side::Second, true) => 'm',
                })
            })
        }));
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        format!("{board} {side} {}", self.ply)
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, ply) = match fields.as_slice() {
            [board, side] => (*board, *side, None),
            [board, side, ply] => (*board, *side, Some(*ply)),
            _ => {
                return Err(PositionError::new(
                    "expected the board, the side to move and the move count",
                ));
            }
        };
        let turn = read_side(side, ["w", "b"])?;
        let ply = match ply {
            None => 0,
            Some(p) => parse_count(p)
                .ok_or_else(|| PositionError::new("the move count must be a number"))?,
        };
        let rows = read_rows(board, "SMsm")?;
        let sides = MIN_SIDE as usize..=MAX_SIDE as usize;
        if !sides.contains(&rows.len()) {
            return Err(PositionError::new("the board must have 4 to 10 ranks"));
        }
        let width = rows[0].len();
        if !sides.contains(&width) {
            return Err(PositionError::new("the board must be 4 to 10 squares wide"));
        }
        check_width(&rows, width)?;
        let height = rows.len();
        let mut g = Bloc::empty(width as u8, height as u8);
        for (i, row) in rows.iter().enumerate() {
            let y = height - 1 - i;
            for (x, cell) in row.iter().enumerate() {
                let Some(c) = cell else { continue };
                let sq = (y * width + x) as u8;
                g.stones[usize::from(c.is_ascii_lowercase())] |= bit(sq);
                if matches!(c, 'M' | 'm') {
                    g.marked |= bit(sq);
                }
            }
        }
        g.turn = turn;
        g.ply = ply;
        Ok(g)
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(self.width, self.height);
        let cells = shape
            .cells()
            .into_iter()
            .map(|cell| {
                let sq = self.index(cell);
                CellView {
                    piece: self.owner(sq).map(|s| Piece {
                        kind: PieceKind::Stone,
                        color: color_of(s),
                    }),
                    marker: self.marked & bit(sq) != 0,
                    ..CellView::empty(cell)
                }
            })
            .collect();
        let mut highlights = Vec::new();
        if let Some(m) = self.last {
            highlights.push(Highlight {
                cell: m.from(),
                kind: HighlightKind::From,
            });
            highlights.push(Highlight {
                cell: m.to(),
                kind: HighlightKind::To,
            });
            if let Some(k) = m.marker().filter(|&k| k != m.to()) {
                highlights.push(Highlight {
                    cell: k,
                    kind: HighlightKind::Placed,
                });
            }
        }
        let outcome = self.outcome();
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.turn),
                phase: Phase::Play,
                ply: self.ply,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: Some((
                    ScoreKind::Pieces,
                    self.stones.map(|s| s.count_ones() as i32),
                )),
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::game::walk_perft!(self, depth, self.count_moves())
    }
}

#[cfg(test)]
mod tests;
