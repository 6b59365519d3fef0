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
mod tests {
    use super::*;
    use crate::check::{illegal_why as reason, move_texts as texts, play_all as play, refused};

    fn start() -> Bloc {
        Bloc::new(&Setup::default()).unwrap()
    }

    fn at(text: &str) -> Bloc {
        Bloc::from_position_text(text).unwrap()
    }

    // Rule (Decision): "a 6×6 board completely filled in a checkerboard
    // pattern, a1 Black (file index + rank index even is Black, counting
    // a=1, rank 1=1), the rest White, 18 each." "White moves first."
    #[test]
    fn start_position() {
        let g = start();
        assert_eq!(
            g.position_text(),
            "SsSsSs/sSsSsS/SsSsSs/sSsSsS/SsSsSs/sSsSsS w 0"
        );
        assert_eq!(g.turn(), Turn::play(Side::First));
        let v = g.view();
        assert_eq!(v.cells.len(), 36);
        let black = Piece {
            kind: PieceKind::Stone,
            color: Color::Black,
        };
        assert_eq!(v.cell(Cell::new(0, 0)).unwrap().piece, Some(black));
        assert_eq!(v.cell(Cell::new(5, 5)).unwrap().piece, Some(black));
        assert_eq!(
            v.cell(Cell::new(1, 0)).unwrap().piece.map(|p| p.color),
            Some(Color::White)
        );
        assert!(v.cells.iter().all(|c| !c.marker));
        assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [18, 18])));
        assert_eq!(v.status.to_move, Some(Side::First));
    }

    // Rule: "Board size is a parameter (4×4 to 10×10, both dimensions)."
    #[test]
    fn board_size_parameters() {
        let g = Bloc::new(&Setup::default().with("width", 4).with("height", 7)).unwrap();
        assert_eq!(g.position_text(), "sSsS/SsSs/sSsS/SsSs/sSsS/SsSs/sSsS w 0");
        assert_eq!(g.view().shape, Shape::grid(4, 7));
        let big = Bloc::new(&Setup::default().with("width", 10).with("height", 10)).unwrap();
        assert_eq!(
            big.view().status.scores,
            Some((ScoreKind::Pieces, [50, 50]))
        );
        // j9 (10 + 9, odd) is White and takes j10, joining i10.
        assert!(big.parse_move("j9-j10*i10").is_ok());
        assert!(big.parse_move("j9-j10*j9").is_err());
        for (k, v) in [
            ("width", 3),
            ("width", 11),
            ("height", 3),
            ("height", 11),
            ("size", 6),
        ] {
            assert!(Bloc::new(&Setup::default().with(k, v)).is_err(), "{k}={v}");
        }
    }

    // Perft by hand. At the start every Black square t is surrounded by
    // White stones only. When a neighbour s takes t, the moved stone joins
    // t's other White neighbours, and those touch nothing else White (their
    // other neighbours are Black), so G = t plus its neighbours but s:
    // deg(t) stones, always two or more, each a marker choice. So depth 1 is
    // the sum over Black squares of deg(t)·deg(t) (deg(t) takers, deg(t)
    // markers). On 6×6 the Black squares are 2 corners (deg 2), 8 edge
    // squares (deg 3) and 8 inner ones (deg 4): 2·4 + 8·9 + 8·16 = 208.
    // On 4×4: 2 corners, 4 edge squares, 2 inner: 8 + 36 + 32 = 76.
    #[test]
    fn perft_by_hand() {
        let g = start();
        assert_eq!(g.legal_move_list().len(), 208);
        assert_eq!(g.perft(1), 208);
        let small = Bloc::new(&Setup::default().with("width", 4).with("height", 4)).unwrap();
        assert_eq!(small.perft(1), 76);
        // The fast count agrees with the plain one one level down.
        let slow: u64 = g
            .legal_move_list()
            .into_iter()
            .map(|m| {
                let mut n = g.clone();
                n.play(m);
                n.legal_move_list().len() as u64
            })
            .sum();
        assert_eq!(slow, g.perft(2));
    }

    // Rule: "A move: one of your unmarked pieces steps one square
    // orthogonally onto a square holding an unmarked enemy piece, which is
    // removed. No moves to empty squares, onto own pieces, of marked
    // pieces, or onto marked pieces."
    #[test]
    fn steps_capture_unmarked_enemies_only() {
        // White: a3, b2, c1 (marked); Black: b3, c2, a2 (marked). b1 is
        // empty.
        let g = at("4/Ss2/mSs1/2M1 w 7");
        // b2 takes b3 (joining a3) or c2 (joining the marked c1), but not
        // the marked a2, nor anything on the empty b1; c1 is marked and
        // cannot move; a3 takes b3 (joining b2), not the marked a2.
        assert_eq!(
            texts(&g),
            [
                "b2-b3*a3", "b2-b3*b3", "b2-c2*c1", "b2-c2*c2", "a3-b3*b2", "a3-b3*b3"
            ]
        );
        // c2 joins c1's group, whose one marker stays when left unsaid.
        assert_eq!(g.move_text(g.parse_move("b2-c2").unwrap()), "b2-c2*c1");
        assert!(reason(&g, "b2-a2").en.contains("cannot be captured"));
        assert!(reason(&g, "b2-a2").es.contains("no se pueden capturar"));
        assert!(reason(&g, "c1-c2").en.contains("cannot move"));
        assert!(reason(&g, "b2-b1").en.contains("b1 is empty"));
        assert!(reason(&g, "b2-c1").en.contains("one square orthogonally"));
        assert!(reason(&g, "a3-b2").en.contains("one square orthogonally"));
        assert!(reason(&g, "c2-b2").en.contains("White's turn"));
        assert!(reason(&g, "c2-b2").es.contains("mueven las blancas"));
        assert!(reason(&g, "b1-b2").en.contains("b1 is empty"));
        assert!(reason(&g, "a3-a4").en.contains("a4 is empty"));
        let mut own = at("4/4/SS2/s3 w");
        assert!(reason(&own, "a2-b2").en.contains("your own stones"));
        // The captured stone is removed and the taker stands on its square.
        play(&mut own, &["a2-a1"]);
        assert_eq!(own.position_text(), "4/4/1S2/S3 b 1");
    }

    // Rule: "A group is two or more same-coloured pieces connected
    // orthogonally; a single piece is not a group." A stone that ends alone
    // gets no marker, and the text has no `*`.
    #[test]
    fn a_single_stone_is_no_group() {
        let g = at("4/4/2s1/sS2 w");
        assert_eq!(texts(&g), ["b1-a1"]);
        let why = reason(&g, "b1-a1*a1");
        assert!(why.en.contains("stands alone"), "{why}");
        assert!(why.es.contains("queda sola"), "{why:?}");
        let mut g = g;
        play(&mut g, &["b1-a1"]);
        assert_eq!(g.position_text(), "4/4/2s1/S3 b 1");
        assert_eq!(g.view().highlights.len(), 2);
    }

    // Rule: "G has no marker: the mover must mark one piece of G (any)".
    // White b1 or a2 takes Black a1; either way G has two stones and no
    // marker, so each has two marker choices.
    #[test]
    fn a_new_group_must_be_marked() {
        let g = at("3s/4/S3/sS2 w");
        assert_eq!(texts(&g), ["b1-a1*a1", "b1-a1*a2", "a2-a1*a1", "a2-a1*b1"]);
        let MoveError::Ambiguous { candidates, .. } = refused(&g, "b1-a1") else {
            panic!("a marker must be chosen")
        };
        assert_eq!(candidates, ["b1-a1*a1", "b1-a1*a2"]);
        assert!(reason(&g, "b1-a1*b1").en.contains("not in the group of a1"));
        let mut g = g;
        play(&mut g, &["b1-a1*a2"]);
        assert_eq!(g.position_text(), "3s/4/M3/S3 b 1");
        assert!(g.view().cell(Cell::new(0, 1)).unwrap().marker);
        // The marker square is shown as placed, besides from and to.
        assert!(g.view().highlights.contains(&Highlight {
            cell: Cell::new(0, 1),
            kind: HighlightKind::Placed
        }));
    }

    // Rule: "G has exactly one marker: the mover may leave it or move it to
    // any other piece of G", and "Input may omit `*square` when G already
    // holds exactly one marker (it stays)."
    #[test]
    fn a_single_marker_stays_or_moves() {
        // White a1 (marked), a2, b2, c2 and b1; Black c1 and d4.
        let g = at("3s/4/SSS1/MSs1 w");
        // b1 takes c1: G = c1, c2, b2, a2, a1, holding a1's marker. c2 takes
        // c1: G = every White stone. Five marker squares each.
        assert_eq!(
            texts(&g),
            [
                "b1-c1*a1", "b1-c1*c1", "b1-c1*a2", "b1-c1*b2", "b1-c1*c2", "c2-c1*a1", "c2-c1*b1",
                "c2-c1*c1", "c2-c1*a2", "c2-c1*b2"
            ]
        );
        let stays = g.parse_move("b1-c1").unwrap();
        assert_eq!(g.move_text(stays), "b1-c1*a1");
        let mut kept = g.clone();
        kept.play(stays);
        assert_eq!(kept.position_text(), "3s/4/SSS1/M1S1 b 1");
        let mut moved = g.clone();
        play(&mut moved, &["b1-c1*b2"]);
        assert_eq!(moved.position_text(), "3s/4/SMS1/S1S1 b 1");
        // Still exactly one marker in the group.
        assert_eq!(moved.marked.count_ones(), 1);
    }

    // Rule: "G has two or more markers (groups merged): the mover removes
    // all but one and leaves exactly one, on any piece of G."
    #[test]
    fn merged_groups_keep_one_marker() {
        // Group a1 (marked) + a2 and group c1 (marked) + c2, apart; b3 takes
        // b2 and joins both.
        let g = at("3s/1S2/SsS1/M1M1 w");
        let all = texts(&g);
        // a2 and c2 taking b2 leave a1 or c1 behind alone and join the
        // other group: four markers each; b3-b2 joins both groups, five
        // markers (a1, c1, a2, b2, c2): 13 moves.
        assert_eq!(all.len(), 13);
        assert_eq!(&all[..4], ["a2-b2*c1", "a2-b2*b2", "a2-b2*c2", "a2-b2*b3"]);
        assert_eq!(
            &all[8..],
            ["b3-b2*a1", "b3-b2*c1", "b3-b2*a2", "b3-b2*b2", "b3-b2*c2"]
        );
        let MoveError::Ambiguous { candidates, .. } = refused(&g, "b3-b2") else {
            panic!("two markers: one must be chosen")
        };
        assert_eq!(candidates.len(), 5);
        let mut g2 = g.clone();
        play(&mut g2, &["b3-b2*b2"]);
        assert_eq!(g2.position_text(), "3s/4/SMS1/S1S1 b 1");
        let mut g3 = g.clone();
        play(&mut g3, &["b3 - b2 * c1"]);
        assert_eq!(g3.position_text(), "3s/4/SSS1/S1M1 b 1");
    }

    // Rule (Decision): "only G is processed; groups split off elsewhere by
    // the move, the mover's or the opponent's after a capture, stay as they
    // are (an unmarked split-off group stays unmarked and mobile until it
    // merges again). A marked piece left alone keeps its marker."
    #[test]
    fn only_the_movers_group_is_processed() {
        // The White chain a2(marked)-a1-b1-c1-d1; b1 takes b2 and splits it.
        let g = at("4/4/Msss/SSSS w");
        let mut g = g;
        play(&mut g, &["b1-b2"]);
        // G = b2, a2, a1 keeps a2's marker; c1-d1 split off, unmarked.
        assert_eq!(g.position_text(), "4/4/MSss/S1SS b 1");
        // Black d2 takes d1, splitting nothing of its own; White's c1 is now
        // alone, and still unmarked and free to take.
        play(&mut g, &["d2-d1"]);
        assert_eq!(g.position_text(), "4/4/MSs1/S1Ss w 2");
        // c1 takes c2 (joining b2's marked group: the marker may stay or
        // move) or d1 (alone); b2 takes c2 (joining the unmarked c1).
        assert_eq!(
            texts(&g),
            [
                "c1-c2*a1", "c1-c2*a2", "c1-c2*b2", "c1-c2*c2", "c1-d1", "b2-c2*c1", "b2-c2*c2"
            ]
        );
        // The opponent's group split by a capture keeps its marker on one
        // side and stays unmarked on the other.
        let mut g = at("1S2/msss/4/4 w");
        play(&mut g, &["b4-b3"]);
        assert_eq!(g.position_text(), "4/mSss/4/4 b 1");
        // Black's c3, split from the marked a3, is unmarked and can move;
        // taking b3 joins a3 again, whose marker may stay.
        assert_eq!(texts(&g), ["c3-b3*a3", "c3-b3*b3"]);
        assert_eq!(g.move_text(g.parse_move("c3-b3").unwrap()), "c3-b3*a3");
        // A marked stone left alone keeps its marker: a marked a1 whose
        // partner a2 moves away.
        let mut g = at("3s/s3/S3/M3 w");
        play(&mut g, &["a2-a3"]);
        assert_eq!(g.position_text(), "3s/S3/4/M3 b 1");
    }

    // Rule: "End: the player to move with no legal move loses. No draws."
    #[test]
    fn no_move_loses() {
        // Black's only stone touches only a marked White stone.
        let g = at("4/4/4/Ms2 b 9");
        assert!(g.legal_move_list().is_empty());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoLegalMove))
        );
        assert_eq!(refused(&g, "b1-a1"), MoveError::GameOver);
        assert_eq!(g.view().status.to_move, None);
        // Taking the last enemy stone leaves the opponent without a move.
        let mut g = at("4/4/4/sS2 w");
        play(&mut g, &["b1-a1"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoLegalMove))
        );
        // Stones far apart: the side to move loses too.
        assert_eq!(
            at("s3/4/4/3S w").outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
        );
    }

    // Rule: "Canonical text: `c3-c4*d4` — from, to, and `*` plus the final
    // marker square whenever G has two or more pieces."
    #[test]
    fn canonical_text() {
        let mut g = start();
        // c4 is White (3 + 4, odd) and c3 Black; c3's other neighbours b3,
        // d3 and c2 are White and form G with the taker.
        let m = g.parse_move("C4-c3*D3").unwrap();
        assert_eq!(g.move_text(m), "c4-c3*d3");
        assert_eq!(m.from(), Cell::new(2, 3));
        assert_eq!(m.to(), Cell::new(2, 2));
        assert_eq!(m.marker(), Some(Cell::new(3, 2)));
        assert_eq!(g.move_origin(m), Some(Cell::new(2, 3)));
        // `x` reads as `-`: every Bloc move captures.
        assert_eq!(g.parse_move(" c4 x c3 * d3 "), Ok(m));
        g.play(m);
        assert_eq!(
            g.position_text(),
            "SsSsSs/sSsSsS/Ss1sSs/sSSMsS/SsSsSs/sSsSsS b 1"
        );
    }

    // `parse_move` settles legality by its own checks, so it is compared
    // with the move list over every written move on a few boards: exactly
    // the legal moves parse, and to themselves.
    #[test]
    fn parsing_accepts_exactly_the_legal_moves() {
        for text in [
            "3s/1S2/SsS1/M1M1 w",
            "4/Ss2/mSs1/2M1 w",
            "4/Ss2/mSs1/2M1 b",
            "SsSs/sMsS/SsSs/sSms w",
            "SsSs/sMsS/SsSs/sSms b",
        ] {
            let g = at(text);
            let legal = g.legal_move_list();
            let cells: Vec<String> = Shape::grid(4, 4)
                .cells()
                .iter()
                .map(Cell::to_string)
                .collect();
            for from in &cells {
                for to in &cells {
                    let plain = format!("{from}-{to}");
                    match g.parse_move(&plain) {
                        Ok(m) => assert!(legal.contains(&m), "{text}: {plain}"),
                        Err(MoveError::Ambiguous { candidates, .. }) => assert!(
                            candidates.len() >= 2
                                && candidates
                                    .iter()
                                    .all(|c| legal.contains(&g.parse_move(c).unwrap())),
                            "{text}: {plain}"
                        ),
                        Err(_) => assert!(
                            legal.iter().all(|m| m.from().to_string() != *from
                                || m.to().to_string() != *to),
                            "{text}: {plain} refused"
                        ),
                    }
                    for marker in &cells {
                        let full = format!("{plain}*{marker}");
                        match g.parse_move(&full) {
                            Ok(m) => assert!(
                                legal.contains(&m) && g.move_text(m) == full,
                                "{text}: {full}"
                            ),
                            Err(_) => assert!(
                                legal.iter().all(|&m| g.move_text(m) != full),
                                "{text}: {full} refused"
                            ),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn syntax_errors() {
        let g = start();
        for bad in [
            "",
            "c3",
            "c3-",
            "c3c4",
            "c3-c4*",
            "c3-c4d4",
            "c3-c4*d4*e4",
            "c3--c4",
            "*d4",
            "c3-c4-d4",
            "🙂",
            "pass",
        ] {
            assert!(
                matches!(refused(&g, bad), MoveError::Syntax { .. }),
                "{bad:?}"
            );
        }
        assert!(reason(&g, "g1-f1").en.contains("not on the 6×6 board"));
        assert!(reason(&g, "b1-a1*z9").en.contains("not on the 6×6 board"));
    }

    #[test]
    fn position_text_round_trips_and_rejects_nonsense() {
        let mut g = start();
        play(&mut g, &["c4-c3*d3", "b4-a4*a5"]);
        let text = g.position_text();
        let back = at(&text);
        assert_eq!(back.position_text(), text);
        assert_eq!(back.legal_move_list(), g.legal_move_list());
        assert!(back.view().highlights.is_empty());
        for bad in [
            "",
            "SsS/sSs/SsS w",
            "SsSsSsSsSsS/4/4/4 w",
            "4/4/4/4/4/4/4/4/4/4/4 w",
            "4/4/4/5 w",
            "4/4/4/4 x",
            "4/4/4/4 w z",
            "4/4/4/4 w 1 2",
            "4/4/4/3P w",
            "4/4/4/99999999999999999999999 w",
            "4/4/4/3é w",
        ] {
            assert!(Bloc::from_position_text(bad).is_err(), "{bad:?}");
        }
        assert_eq!(at("10/10/10/10 b 3").position_text(), "10/10/10/10 b 3");
    }
}
