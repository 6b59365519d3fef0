//! Barrier (Barrera), Karl Scherer 2002.
//!
//! Each side has one knight; the board fills with blocking tokens. White,
//! then Black, places its knight on any empty square. A move is a knight
//! jump along one of its two L-paths, and the path is part of the move: the
//! origin and both squares passed through receive tokens. The player to move
//! with no legal move loses.
//!
//! Notation: a placement is the square (`d4`); a jump is from, first square
//! stepped on, destination (`d4-d5-e6`), the first step telling the path.
//! `d4-e6` is accepted when only one of its paths is legal.
//!
//! Position text: ranks from the top, `N` the White knight, `n` the Black
//! knight, `x` a token, digits for runs of empty squares; then `w` or `b` for
//! the side to move. The board size is the number of ranks.
//!
//! ```
//! use tablero_rules::{barrier::Barrier, Game, Setup};
//! let mut g = Barrier::new(&Setup::default()).unwrap();
//! g.play_text("d4").unwrap();
//! g.play_text("h8").unwrap();
//! assert_eq!(g.play_text("d4-e6").unwrap_err().to_string(),
//!     "`d4-e6` could mean d4-d5-e6, d4-e4-e6. Say which.");
//! assert_eq!(g.play_text("d4-d5-e6").unwrap(), "d4-d5-e6");
//! assert_eq!(g.position_text(), "7n/8/3xN3/3x4/3x4/8/8/8 b");
//! ```

use crate::board_text::{check_width, read_rows, read_side, write_rows};
use crate::view::Status;
use crate::view::{BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, Shape};
use crate::{
    Cell, EndReason, Game, GameId, KNIGHT_LEAPS, MoveError, Msg, Outcome, Phase, PositionError,
    Setup, SetupError, Side, Turn, msg, resolve,
};

/// The smallest and largest board sides RULES.md allows.
const SIZES: std::ops::RangeInclusive<u8> = 5..=10;

/// A Barrier move. Two jumps between the same squares along different paths
/// are different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Putting the mover's knight on an empty square during set-up.
    Place(Cell),
    /// A knight jump from `from` to `to` whose path starts by stepping on
    /// `step`.
    Jump { from: Cell, step: Cell, to: Cell },
}

/// The two L-paths of every knight leap, as offsets of (first step, second
/// step, landing): for each leap of [`KNIGHT_LEAPS`], first two steps along
/// the long axis then one sideways, then one step along the short axis and
/// two along the long one.
const PATHS: [[(i8, i8); 3]; 16] = paths();

const fn paths() -> [[(i8, i8); 3]; 16] {
    let mut out = [[(0, 0); 3]; 16];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = KNIGHT_LEAPS[i];
        let (sx, sy) = (dx.signum(), dy.signum());
        let (long, short) = if dy.abs() == 2 {
            ((0, sy), (sx, 0))
        } else {
            ((sx, 0), (0, sy))
        };
        out[2 * i] = [long, (2 * long.0, 2 * long.1), (dx, dy)];
        out[2 * i + 1] = [short, (short.0 + long.0, short.1 + long.1), (dx, dy)];
        i += 1;
    }
    out
}

/// A Barrier position, with the last move for the view. Plain data without
/// a heap part, so cloning is a copy.
#[derive(Clone, Debug)]
pub struct Barrier {
    /// Squares per side of the (square) board.
    size: u8,
    /// One bit per square (row-major index) holding a token.
    tokens: u128,
    /// Each side's knight, as a row-major index, once placed.
    knights: [Option<u8>; 2],
    /// Who decides next.
    side: Side,
    last: Option<Move>,
}

impl Barrier {
    fn index(&self, c: Cell) -> u8 {
        c.y * self.size + c.x
    }

    fn cell(&self, i: u8) -> Cell {
        Cell::new(i % self.size, i / self.size)
    }

    fn knight_bits(&self) -> u128 {
        self.knights
            .iter()
            .flatten()
            .fold(0, |bits, &i| bits | 1u128 << i)
    }

    fn occupied(&self) -> u128 {
        self.tokens | self.knight_bits()
    }

    /// Setting up until both knights stand on the board.
    fn placing(&self) -> bool {
        self.knights[Side::Second.index()].is_none()
    }

    /// Calls `f` with every legal move, in the stable order of
    /// [`Game::legal_moves`]: placements by square (a1, b1, …), jumps by
    /// leap then path. Allocates nothing, for perft.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let occupied = self.occupied();
        if self.placing() {
            let squares = self.size * self.size;
            for i in 0..squares {
                if occupied & 1u128 << i == 0 {
                    f(Move::Place(self.cell(i)));
                }
            }
            return;
        }
        let Some(at) = self.knights[self.side.index()] else {
            return;
        };
        let from = self.cell(at);
        let n = self.size;
        for [step, mid, land] in PATHS {
            let Some(to) = from.offset(land.0, land.1, n, n) else {
                continue;
            };
            // The path squares lie between `from` and `to`, so on the board.
            let step = Cell::new(
                from.x.wrapping_add_signed(step.0),
                from.y.wrapping_add_signed(step.1),
            );
            let mid = Cell::new(
                from.x.wrapping_add_signed(mid.0),
                from.y.wrapping_add_signed(mid.1),
            );
            let path =
                1u128 << self.index(step) | 1u128 << self.index(mid) | 1u128 << self.index(to);
            if occupied & path == 0 {
                f(Move::Jump { from, step, to });
            }
        }
    }

    /// The second square a jump passes through, from its first step.
    fn mid(from: Cell, step: Cell, to: Cell) -> Cell {
        let (dx, dy) = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let (sx, sy) = (step.x as i8 - from.x as i8, step.y as i8 - from.y as i8);
        let along_long_axis = if dy.abs() == 2 { sx == 0 } else { sy == 0 };
        if along_long_axis {
            // Two steps along the long axis.
            Cell::new(
                step.x.wrapping_add_signed(sx),
                step.y.wrapping_add_signed(sy),
            )
        } else {
            // One step sideways, then two along the long axis.
            Cell::new(
                step.x.wrapping_add_signed((dx - sx) / 2),
                step.y.wrapping_add_signed((dy - sy) / 2),
            )
        }
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// The board size in words, for messages.
    fn board_name(&self) -> String {
        format!("{n}×{n}", n = self.size)
    }

    /// What stands on `c`, for messages: `None` when empty.
    fn blocker(&self, c: Cell) -> Option<Msg> {
        let i = self.index(c);
        if self.tokens & 1u128 << i != 0 {
            return Some(msg!(
                "{c} is blocked by a token",
                "{c} está bloqueada por una ficha"
            ));
        }
        for side in Side::ALL {
            if self.knights[side.index()] == Some(i) {
                let (en, es) = knight_name(side);
                return Some(msg!("{c} is occupied by {en}", "{c} está ocupada por {es}"));
            }
        }
        None
    }

    /// Why the placement on `c` is not legal.
    fn why_not_place(&self, c: Cell) -> Msg {
        if !self.placing() {
            return msg!(
                "the knights are already placed: move yours like `d4-d5-e6`",
                "los caballos ya están colocados: mueve el tuyo como `d4-d5-e6`"
            );
        }
        if let Some(m) = self.off_board(c) {
            return m;
        }
        self.blocker(c).unwrap_or_else(|| {
            msg!(
                "{c} cannot take a knight now",
                "{c} no admite un caballo ahora"
            )
        })
    }

    fn off_board(&self, c: Cell) -> Option<Msg> {
        let board = self.board_name();
        (!c.within(self.size, self.size)).then(|| {
            msg!(
                "{c} is not on the {board} board",
                "{c} no está en el tablero de {board}"
            )
        })
    }

    /// Why a jump from `from` to `to` (first stepping on `step`, if given) is
    /// not legal.
    fn why_not_jump(&self, from: Cell, step: Option<Cell>, to: Cell) -> Msg {
        if self.placing() {
            let (en, es) = side_name(self.side);
            return msg!(
                "it is {en}'s turn to place its knight: write a square, like `d4`",
                "les toca a {es} colocar su caballo: escribe una casilla, como `d4`"
            );
        }
        for c in [Some(from), step, Some(to)].into_iter().flatten() {
            if let Some(m) = self.off_board(c) {
                return m;
            }
        }
        let mine = self.knights[self.side.index()].map(|i| self.cell(i));
        if mine != Some(from) {
            let at = mine.map(|c| c.to_string()).unwrap_or_default();
            return msg!(
                "your knight is on {at}, not on {from}",
                "tu caballo está en {at}, no en {from}"
            );
        }
        let leap = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let Some(k) = KNIGHT_LEAPS.iter().position(|&l| l == leap) else {
            return msg!(
                "{from} to {to} is not a knight's jump",
                "de {from} a {to} no hay salto de caballo"
            );
        };
        let first = |p: usize| {
            let (dx, dy) = PATHS[2 * k + p][0];
            Cell::new(
                from.x.wrapping_add_signed(dx),
                from.y.wrapping_add_signed(dy),
            )
        };
        let (a, b) = (first(0), first(1));
        let blocked = |s: Cell| {
            [s, Barrier::mid(from, s, to), to]
                .into_iter()
                .find_map(|c| self.blocker(c))
        };
        match step {
            Some(s) if s != a && s != b => msg!(
                "a jump from {from} to {to} first steps on {a} or {b}, not on {s}",
                "un salto de {from} a {to} pasa primero por {a} o por {b}, no por {s}"
            ),
            Some(s) => blocked(s)
                .unwrap_or_else(|| msg!("that path is blocked", "ese camino está bloqueado")),
            None => match (blocked(a), blocked(b)) {
                (Some(x), Some(y)) if x == y => x,
                (Some(x), Some(y)) => Msg::new(
                    format!("both paths are blocked: {}; {}", x.en, y.en),
                    format!("los dos caminos están bloqueados: {}; {}", x.es, y.es),
                ),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => msg!("that path is blocked", "ese camino está bloqueado"),
            },
        }
    }

    fn expected(&self) -> Msg {
        if self.placing() {
            msg!("`d4` (a square)", "`d4` (una casilla)")
        } else {
            msg!("`d4-d5-e6` or `d4-e6`", "`d4-d5-e6` o `d4-e6`")
        }
    }
}

/// "White" / "las blancas".
fn side_name(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("White", "las blancas"),
        Side::Second => ("Black", "las negras"),
    }
}

/// "the White knight" / "el caballo blanco".
fn knight_name(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("the White knight", "el caballo blanco"),
        Side::Second => ("the Black knight", "el caballo negro"),
    }
}

/// Reads up to three cells separated by `-` (or nothing, once spaces are
/// gone): `d4`, `d4-e6`, `d4-d5-e6`. `None` when the text has another form.
fn parse_cells(text: &str) -> Option<Vec<Cell>> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let mut rest = squeezed.as_str();
    let mut cells = Vec::new();
    loop {
        let (cell, after) = Cell::parse_prefix(rest)?;
        cells.push(cell);
        if cells.len() > 3 {
            return None;
        }
        rest = match after.strip_prefix('-') {
            Some(r) => r,
            None if after.is_empty() => return Some(cells),
            None => after,
        };
    }
}

impl Game for Barrier {
    type Move = Move;
    const ID: GameId = GameId::Barrier;

    fn new(setup: &Setup) -> Result<Barrier, SetupError> {
        setup.expect_no_deal()?;
        let params = setup.resolve(GameId::Barrier.info().params)?;
        let size = params
            .first()
            .and_then(|&s| u8::try_from(s).ok())
            .filter(|s| SIZES.contains(s))
            .unwrap_or(8);
        Ok(Barrier {
            size,
            tokens: 0,
            knights: [None, None],
            side: Side::First,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        Turn {
            side: self.side,
            phase: if self.placing() {
                Phase::Place
            } else {
                Phase::Play
            },
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let n = self.size;
        match m {
            Move::Place(c) if c.within(n, n) => {
                self.knights[self.side.index()] = Some(self.index(c));
            }
            Move::Jump { from, step, to } if [from, step, to].iter().all(|c| c.within(n, n)) => {
                let mid = Barrier::mid(from, step, to);
                for c in [from, step, mid] {
                    // Only a move that is not legal could have `mid` off the board.
                    if c.within(n, n) {
                        self.tokens |= 1u128 << self.index(c);
                    }
                }
                self.knights[self.side.index()] = Some(self.index(to));
            }
            // Not a legal move: the contract allows any result but a panic.
            _ => {}
        }
        self.side = self.side.other();
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_moves()).then(|| Outcome::win(self.side.other(), EndReason::NoLegalMove))
    }

    fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place(c) => c.to_string(),
            Move::Jump { from, step, to } => format!("{from}-{step}-{to}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let cells = parse_cells(text).ok_or_else(|| MoveError::syntax(text, self.expected()))?;
        match cells[..] {
            [c] => resolve(
                self,
                text,
                |m| m == Move::Place(c),
                || self.why_not_place(c),
            ),
            [from, to] => resolve(
                self,
                text,
                |m| matches!(m, Move::Jump { from: f, to: t, .. } if f == from && t == to),
                || self.why_not_jump(from, None, to),
            ),
            [from, step, to] => resolve(
                self,
                text,
                |m| m == Move::Jump { from, step, to },
                || self.why_not_jump(from, Some(step), to),
            ),
            _ => Err(MoveError::syntax(text, self.expected())),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Place(_) => None,
            Move::Jump { from, .. } => Some(from),
        }
    }

    fn position_text(&self) -> String {
        let n = self.size;
        let board = write_rows((0..n).rev().map(|y| {
            (0..n).map(move |x| {
                let i = self.index(Cell::new(x, y));
                if self.knights[0] == Some(i) {
                    Some('N')
                } else if self.knights[1] == Some(i) {
                    Some('n')
                } else if self.tokens & 1u128 << i != 0 {
                    Some('x')
                } else {
                    None
                }
            })
        }));
        let side = if self.side == Side::First { 'w' } else { 'b' };
        format!("{board} {side}")
    }

    fn from_position_text(text: &str) -> Result<Barrier, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(PositionError::new(
                "expected two fields: the board and the side to move",
            ));
        };
        let side = read_side(side, ["w", "b"])?;
        let rows = read_rows(board, "Nnx")?;
        let size = u8::try_from(rows.len())
            .ok()
            .filter(|s| SIZES.contains(s))
            .ok_or_else(|| PositionError::new("the board must have 5 to 10 ranks"))?;
        check_width(&rows, usize::from(size))?;
        let mut g = Barrier {
            size,
            tokens: 0,
            knights: [None, None],
            side,
            last: None,
        };
        for (row, cells) in rows.iter().enumerate() {
            let y = size - 1 - row as u8;
            for (x, cell) in (0..).zip(cells) {
                let i = y * size + x;
                match cell {
                    None => {}
                    Some('x') => g.tokens |= 1u128 << i,
                    Some(k) => {
                        let s = usize::from(*k == 'n');
                        if g.knights[s].replace(i).is_some() {
                            return Err(PositionError::new(format!("two `{k}` knights")));
                        }
                    }
                }
            }
        }
        match g.knights {
            [None, Some(_)] => {
                return Err(PositionError::new(
                    "Black's knight cannot be placed before White's",
                ));
            }
            [None, None] if side != Side::First => {
                return Err(PositionError::new("White places first"));
            }
            [Some(_), None] if side != Side::Second => {
                return Err(PositionError::new("Black places second"));
            }
            _ => {}
        }
        Ok(g)
    }

    fn view(&self) -> BoardView {
        let n = self.size;
        let shape = Shape::grid(n, n);
        let cells = shape
            .cells()
            .into_iter()
            .map(|c| {
                let i = self.index(c);
                let mut v = CellView::empty(c);
                v.token = self.tokens & 1u128 << i != 0;
                if self.knights[0] == Some(i) {
                    v.piece = Some(Piece {
                        kind: PieceKind::Knight,
                        color: Color::White,
                    });
                } else if self.knights[1] == Some(i) {
                    v.piece = Some(Piece {
                        kind: PieceKind::Knight,
                        color: Color::Black,
                    });
                }
                v
            })
            .collect();
        let highlights = match self.last {
            None => Vec::new(),
            Some(Move::Place(c)) => vec![Highlight {
                cell: c,
                kind: HighlightKind::Placed,
            }],
            Some(Move::Jump { from, step, to }) => vec![
                Highlight {
                    cell: from,
                    kind: HighlightKind::From,
                },
                Highlight {
                    cell: step,
                    kind: HighlightKind::Path,
                },
                Highlight {
                    cell: Barrier::mid(from, step, to),
                    kind: HighlightKind::Path,
                },
                Highlight {
                    cell: to,
                    kind: HighlightKind::To,
                },
            ],
        };
        let outcome = self.outcome();
        let placed = self.knights.iter().flatten().count() as u32;
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.side),
                phase: self.turn().phase,
                // Every jump leaves exactly three tokens.
                ply: placed + self.tokens.count_ones() / 3,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: None,
                outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let leaves = || {
            let mut n = 0;
            self.for_each_move(|_| n += 1);
            n
        };
        crate::game::walk_perft!(self, depth, leaves())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{check_position, move_texts as texts, refused};

    fn pos(text: &str) -> Barrier {
        Barrier::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn start(size: u32) -> Barrier {
        Barrier::new(&Setup::default().with("size", size)).unwrap()
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    /// A White knight on d4 with the whole board open around it, Black far
    /// away on h1.
    const OPEN_D4: &str = "8/8/8/8/3N4/8/8/7n w";

    #[test]
    fn one_knight_each_and_tokens_without_limit() {
        // "Material: one knight per side and neutral blocking tokens
        // (unlimited)." A whole game on 10×10, always taking the first
        // move: never more than one knight of a colour, three more tokens
        // after every jump, until the player to move is stuck.
        let mut g = start(10);
        let mut jumps = 0;
        while let Some(&m) = g.legal_move_list().first() {
            g.play(m);
            jumps += u32::from(matches!(m, Move::Jump { .. }));
            let v = g.view();
            for color in [Color::White, Color::Black] {
                let knights = v
                    .cells
                    .iter()
                    .filter(|c| c.piece.is_some_and(|p| p.color == color))
                    .count();
                assert!(knights <= 1);
            }
            let tokens = v.cells.iter().filter(|c| c.token).count() as u32;
            assert_eq!(tokens, 3 * jumps);
        }
        assert!(jumps > 5, "{}", g.position_text());
        assert!(g.outcome().is_some());
    }

    #[test]
    fn the_board_starts_empty_and_white_places_first() {
        // "Setup phase: the board starts empty. White places its knight on
        // any square" — 64 placements on 8×8, in square order.
        let g = start(8);
        assert_eq!(g.position_text(), "8/8/8/8/8/8/8/8 w");
        assert_eq!(
            g.turn(),
            Turn {
                side: Side::First,
                phase: Phase::Place
            }
        );
        let t = texts(&g);
        assert_eq!(t.len(), 64);
        assert_eq!((t[0].as_str(), t[63].as_str()), ("a1", "h8"));
        assert!(
            g.legal_move_list()
                .iter()
                .all(|m| g.move_origin(*m).is_none())
        );
    }

    #[test]
    fn black_places_on_any_other_square_then_white_moves() {
        // "then Black places its knight on any other square. Each placement
        // is that player's turn."
        let mut g = start(8);
        assert_eq!(g.play_text(" D4 ").unwrap(), "d4");
        assert_eq!(
            g.turn(),
            Turn {
                side: Side::Second,
                phase: Phase::Place
            }
        );
        assert_eq!(texts(&g).len(), 63);
        assert!(!texts(&g).contains(&"d4".to_string()));
        let MoveError::Illegal { why, .. } = refused(&g, "d4") else {
            panic!("placing on the White knight must be illegal");
        };
        assert_eq!(why.en, "d4 is occupied by the White knight");
        assert_eq!(why.es, "d4 está ocupada por el caballo blanco");
        g.play_text("h8").unwrap();
        assert_eq!(g.turn(), Turn::play(Side::First));
        assert_eq!(g.position_text(), "7n/8/8/8/3N4/8/8/8 w");
    }

    #[test]
    fn a_jump_has_two_paths_so_up_to_sixteen_moves() {
        // "The path is part of the move: up to 16 moves (8 destinations × 2
        // paths)." From d4 to e6: path A passes d5, d6; path B e4, e5.
        let g = pos(OPEN_D4);
        let t = texts(&g);
        assert_eq!(
            t,
            [
                "d4-d5-e6", "d4-e4-e6", "d4-e4-f5", "d4-d5-f5", "d4-e4-f3", "d4-d3-f3", "d4-d3-e2",
                "d4-e4-e2", "d4-d3-c2", "d4-c4-c2", "d4-c4-b3", "d4-d3-b3", "d4-c4-b5", "d4-d5-b5",
                "d4-d5-c6", "d4-c4-c6"
            ]
        );
        for m in g.legal_move_list() {
            assert_eq!(g.move_origin(m), Some(cell("d4")));
        }
    }

    #[test]
    fn a_corner_knight_has_four_moves() {
        // Hand count, depth 1: from a1 only b3 and c2 are on the board, each
        // by two paths.
        let g = pos("4n/5/5/5/N4 w");
        assert_eq!(texts(&g), ["a1-a2-b3", "a1-b1-b3", "a1-b1-c2", "a1-a2-c2"]);
        assert_eq!(g.perft(1), 4);
    }

    #[test]
    fn tokens_and_knights_block_the_path_and_the_landing() {
        // "Legal when both squares passed through and the destination are
        // empty (no token, no knight). Knights never jump over tokens or
        // over the other knight."
        // A token on d6 (second square of path A) closes only path A.
        let g = pos("8/8/3x4/8/3N4/8/8/7n w");
        let t = texts(&g);
        assert!(!t.contains(&"d4-d5-e6".to_string()));
        assert!(t.contains(&"d4-e4-e6".to_string()));
        // The Black knight on e5 (second square of path B) closes only path B.
        let g = pos("8/8/8/4n3/3N4/8/8/8 w");
        let t = texts(&g);
        assert!(t.contains(&"d4-d5-e6".to_string()));
        assert!(!t.contains(&"d4-e4-e6".to_string()));
        // A token on the landing square closes both.
        let g = pos("8/8/4x3/8/3N4/8/8/7n w");
        assert!(!texts(&g).iter().any(|t| t.ends_with("e6")));
        // The other knight on the landing square too.
        let g = pos("8/8/4n3/8/3N4/8/8/8 w");
        assert!(!texts(&g).iter().any(|t| t.ends_with("e6")));
        assert_eq!(texts(&g).len(), 14);
    }

    #[test]
    fn a_jump_leaves_three_tokens_that_never_move() {
        // "tokens are put on the origin square and on both squares passed
        // through (three tokens a move). Tokens never move."
        let mut g = pos(OPEN_D4);
        g.play_text("d4-d5-e6").unwrap();
        assert_eq!(g.position_text(), "8/8/3xN3/3x4/3x4/8/8/7n b");
        g.play_text("h1-h2-g3").unwrap();
        assert_eq!(g.position_text(), "8/8/3xN3/3x4/3x4/6nx/7x/7x w");
        let mut g = pos(OPEN_D4);
        g.play_text("d4-e4-e6").unwrap();
        assert_eq!(g.position_text(), "8/8/4N3/4x3/3xx3/8/8/7n b");
    }

    #[test]
    fn the_player_without_a_move_loses() {
        // "End: the player to move with no legal move loses. No draws."
        // White on a1: tokens on a2 and b1 close all four paths.
        let g = pos("4n/5/5/x4/Nx3 w");
        assert!(g.legal_move_list().is_empty());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
        );
        assert_eq!(refused(&g, "a1-a2-b3"), MoveError::GameOver);
        assert_eq!(refused(&g, "e5"), MoveError::GameOver);
        assert_eq!(g.perft(3), 0);
        // Black stuck the same way: White wins.
        let g = pos("4N/5/5/x4/nx3 b");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoLegalMove))
        );
        assert_eq!(pos(OPEN_D4).outcome(), None);
    }

    #[test]
    fn canonical_text_and_the_alias() {
        // "Canonical text: `d4-d5-e6` ... Alias: `d4-e6` when only one path
        // is legal."
        let g = pos(OPEN_D4);
        let m = g.parse_move("d4-d5-e6").unwrap();
        assert_eq!(
            m,
            Move::Jump {
                from: cell("d4"),
                step: cell("d5"),
                to: cell("e6")
            }
        );
        assert_eq!(g.move_text(m), "d4-d5-e6");
        // Case and spaces do not matter; the dashes may go with spaces.
        for text in ["D4-D5-E6", " d4 - d5 - e6 ", "d4 d5 e6", "d4d5e6"] {
            assert_eq!(g.parse_move(text), Ok(m), "{text}");
        }
        // Both paths open: the alias is ambiguous and lists both.
        assert_eq!(
            refused(&g, "d4-e6"),
            MoveError::Ambiguous {
                input: "d4-e6".into(),
                candidates: vec!["d4-d5-e6".into(), "d4-e4-e6".into()]
            }
        );
        // A token on d5 leaves only path B: the alias names it.
        let g = pos("8/8/8/3x4/3N4/8/8/7n w");
        assert_eq!(g.move_text(g.parse_move("d4-e6").unwrap()), "d4-e4-e6");
        assert_eq!(g.move_text(g.parse_move(" D4 E6 ").unwrap()), "d4-e4-e6");
        // Placement text.
        let g = start(8);
        assert_eq!(g.parse_move("d4"), Ok(Move::Place(cell("d4"))));
        assert_eq!(g.move_text(Move::Place(cell("d4"))), "d4");
    }

    #[test]
    fn syntax_errors_show_the_expected_form() {
        let g = pos(OPEN_D4);
        for bad in [
            "",
            "d",
            "d4-",
            "-d4",
            "d4--e6",
            "d4-d5-e6-f7",
            "hello",
            "d4–e6",
            "🙂",
            "d4x",
        ] {
            match refused(&g, bad) {
                MoveError::Syntax { expected, .. } => {
                    assert!(expected.en.contains("d4-d5-e6"), "{bad}");
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        match refused(&start(8), "x") {
            MoveError::Syntax { expected, .. } => assert!(expected.es.contains("`d4`")),
            other => panic!("{other:?}"),
        }
    }

    fn why(g: &Barrier, text: &str) -> Msg {
        match refused(g, text) {
            MoveError::Illegal { why, .. } => why,
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let g = pos("8/8/8/3x4/3N4/8/8/7n w");
        assert_eq!(why(&g, "d4-d5-e6").en, "d5 is blocked by a token");
        assert_eq!(why(&g, "d4-d5-e6").es, "d5 está bloqueada por una ficha");
        assert_eq!(why(&g, "d4-d6").en, "d4 to d6 is not a knight's jump");
        assert_eq!(why(&g, "d4-d6").es, "de d4 a d6 no hay salto de caballo");
        assert_eq!(why(&g, "c3-c4-d5").en, "your knight is on d4, not on c3");
        assert_eq!(why(&g, "h1-h2-g3").es, "tu caballo está en d4, no en h1");
        assert_eq!(
            why(&g, "d4-e5-e6").en,
            "a jump from d4 to e6 first steps on d5 or e4, not on e5"
        );
        assert_eq!(why(&g, "d4-j9").en, "j9 is not on the 8×8 board");
        assert_eq!(why(&g, "d4-j9").es, "j9 no está en el tablero de 8×8");
        assert!(why(&g, "e5").en.contains("already placed"));
        assert!(why(&g, "e5").es.contains("ya están colocados"));
        // The alias with both paths closed names both blockers.
        let g = pos("8/8/8/3x4/3N4/4n3/8/8 w");
        let both = pos("8/8/8/3x4/3Nx3/8/8/7n w");
        assert_eq!(
            why(&both, "d4-e6").en,
            "both paths are blocked: d5 is blocked by a token; e4 is blocked by a token"
        );
        assert!(why(&both, "d4-e6").es.starts_with("los dos caminos"));
        assert_eq!(why(&g, "d4-d3-f3").en, "e3 is occupied by the Black knight");
        // A closed landing closes both paths with the same reason.
        let g = pos("8/8/4x3/8/3N4/8/8/7n w");
        assert_eq!(why(&g, "d4-e6").en, "e6 is blocked by a token");
        // Set-up: jumps and taken squares.
        let g = start(8);
        assert_eq!(
            why(&g, "d4-d5-e6").en,
            "it is White's turn to place its knight: write a square, like `d4`"
        );
        assert!(why(&g, "i1").en.contains("not on the 8×8 board"));
        assert!(why(&start(5), "f1").en.contains("5×5"));
        let g = pos("8/8/8/8/8/8/8/x6N b");
        assert_eq!(why(&g, "a1").en, "a1 is blocked by a token");
        assert!(why(&g, "a1-b3").es.contains("les toca a las negras"));
    }

    #[test]
    fn board_size_is_a_parameter() {
        // "Board size is a parameter (5×5 to 10×10), default 8×8."
        assert_eq!(Barrier::new(&Setup::default()).unwrap().size, 8);
        assert_eq!(texts(&start(5)).len(), 25);
        assert_eq!(texts(&start(10)).len(), 100);
        assert_eq!(texts(&start(10))[99], "j10");
        assert_eq!(start(10).position_text(), "10/10/10/10/10/10/10/10/10/10 w");
        for bad in [4, 11, 0, u32::MAX] {
            let err = Barrier::new(&Setup::default().with("size", bad)).unwrap_err();
            assert!(err.0.en.contains("from 5 to 10"), "{err}");
        }
        assert!(Barrier::new(&Setup::default().with("width", 6)).is_err());
        let seeded = Setup {
            seed: Some(1),
            ..Setup::default()
        };
        assert!(Barrier::new(&seeded).is_err());
    }

    #[test]
    fn perft_by_hand() {
        // Depth 1: White may place on each of the 64 squares; depth 2: Black
        // on each of the 63 others.
        let g = start(8);
        assert_eq!(g.perft(1), 64);
        assert_eq!(g.perft(2), 64 * 63);
        assert_eq!(start(5).perft(2), 25 * 24);
        // From d4 with the board open: 16 jumps. Black on h1 then has f2
        // (through g1, f1 or h2, g2) and g3 (through h2, h3 or g1, g2): 4
        // moves. White's tokens and landings all lie within b2–f6 and never
        // on f2, so none of them closes a Black path: 16 × 4.
        let g = pos(OPEN_D4);
        assert_eq!(g.perft(1), 16);
        assert_eq!(g.perft(2), 64);
    }

    #[test]
    fn position_text_round_trips_and_rejects_garbage() {
        crate::check::position_texts::<Barrier>(
            &[
                "8/8/8/8/8/8/8/8 w",
                "7n/8/8/8/3N4/8/8/8 w",
                "8/8/8/8/3N4/8/8/8 b",
                "8/8/3xN3/3x4/3x4/6nx/7x/7x w",
                "10/10/5xx3/5xx3/4nxx3/4x5/4xxxx2/7x2/7x2/5Nxx2 b",
                "4n/5/5/x4/Nx3 w",
            ],
            &[
                "",
                "w",
                "8/8/8/8/8/8/8/8",
                "8/8/8/8/8/8/8/8 x",
                "8/8/8/8/8/8/8/8 w 1",
                "4/4/4/4 w",
                "11/11/11/11/11/11/11/11/11/11/11 w",
                "9/8/8/8/8/8/8/8 w",
                "8/8/8/8/8/8/8/7 w",
                "8/8/8/8/8/8/8/08 w",
                "8/8/8/8/8/8/8/99999999999999999999999 w",
                "NN6/8/8/8/8/8/8/8 b",
                "n7/8/8/8/8/8/8/8 w",
                "N7/8/8/8/8/8/8/8 w",
                "8/8/8/8/8/8/8/8 b",
                "8/8/8/8/8/8/8/7🙂 w",
                "8/8/8/8/8/8/8/7X w",
                "//////// w",
            ],
        );
    }

    #[test]
    fn the_view_shows_knights_tokens_and_the_last_move() {
        let mut g = start(8);
        assert!(g.view().highlights.is_empty());
        g.play_text("d4").unwrap();
        let v = g.view();
        assert_eq!(v.cells.len(), 64);
        assert_eq!(
            v.highlights,
            [Highlight {
                cell: cell("d4"),
                kind: HighlightKind::Placed
            }]
        );
        assert_eq!(
            v.cell(cell("d4")).unwrap().piece,
            Some(Piece {
                kind: PieceKind::Knight,
                color: Color::White
            })
        );
        assert_eq!(v.status.to_move, Some(Side::Second));
        assert_eq!(v.status.phase, Phase::Place);
        assert_eq!(v.status.ply, 1);
        g.play_text("h1").unwrap();
        g.play_text("d4-d5-e6").unwrap();
        let v = g.view();
        let kinds: Vec<(String, HighlightKind)> = v
            .highlights
            .iter()
            .map(|h| (h.cell.to_string(), h.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("d4".into(), HighlightKind::From),
                ("d5".into(), HighlightKind::Path),
                ("d6".into(), HighlightKind::Path),
                ("e6".into(), HighlightKind::To)
            ]
        );
        for c in ["d4", "d5", "d6"] {
            assert!(v.cell(cell(c)).unwrap().token, "{c}");
        }
        assert!(!v.cell(cell("e6")).unwrap().token);
        assert_eq!(
            v.cell(cell("h1")).unwrap().piece.map(|p| p.color),
            Some(Color::Black)
        );
        assert_eq!(v.status.ply, 3);
        assert_eq!(v.status.phase, Phase::Play);
        assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
        // The last move is not part of the position text.
        assert_eq!(pos(&g.position_text()).view().highlights, []);
        let over = pos("4n/5/5/x4/Nx3 w").view();
        assert_eq!(over.status.to_move, None);
        assert_eq!(
            over.status.outcome.and_then(|o| o.winner),
            Some(Side::Second)
        );
    }

    #[test]
    fn the_contract_holds_on_hand_positions() {
        for text in [
            OPEN_D4,
            "8/8/8/3x4/3N4/8/8/7n w",
            "4n/5/5/x4/Nx3 w",
            "8/8/8/8/3N4/8/8/8 b",
        ] {
            let g = pos(text);
            check_position(&g, &g.legal_move_list()).unwrap();
        }
    }

    #[test]
    fn illegal_moves_played_anyway_do_not_panic() {
        let mut g = pos(OPEN_D4);
        g.play(Move::Place(Cell::new(200, 200)));
        g.play(Move::Jump {
            from: Cell::new(250, 3),
            step: Cell::new(0, 255),
            to: Cell::new(9, 9),
        });
        g.play(Move::Jump {
            from: cell("a1"),
            step: cell("h8"),
            to: cell("b1"),
        });
        let _ = g.view();
        let _ = g.position_text();
    }
}
