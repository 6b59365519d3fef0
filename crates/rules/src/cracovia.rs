//! Cracovia (Los cuatro angelitos), M. C. Algar Morales and J. D. Sánchez
//! Torres, 2010.
//!
//! Four Angels start in the corners of an 8×8 board and move first; the
//! Demons only place demons, which never move. An Angel moves 1 or 2 squares
//! in any of the eight directions onto an empty square without jumping. The
//! Angels win when, after their move, the four form one block (diagonal
//! contact counts); the Demons win when the Angels are to move and cannot.
//!
//! Notation: an Angel's move is from-to (`a1-c3`), a demon is its square
//! (`d5`).
//!
//! Position text: ranks from the top, `A` an Angel, `D` a demon, digits for
//! runs of empty squares; then `a` or `d` for the side to move.
//!
//! ```
//! use tablero_rules::{cracovia::Cracovia, Game, Setup};
//! let mut g = Cracovia::new(&Setup::default()).unwrap();
//! assert_eq!(g.legal_move_list().len(), 24);
//! g.play_text("a1-c3").unwrap();
//! g.play_text("d4").unwrap();
//! assert_eq!(g.position_text(), "A6A/8/8/8/3D4/2A5/8/7A a");
//! ```

use crate::board_text::{check_width, read_rows, read_side, write_rows};
use crate::view::{
    BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, Shape, Status,
};
use crate::{
    Cell, EndReason, Game, GameId, KING_STEPS, MoveError, Msg, Outcome, Phase, PositionError,
    Setup, SetupError, Side, Turn, msg, resolve,
};

/// The board is always 8×8.
const SIZE: u8 = 8;

/// The Angels' side: they move first.
const ANGELS: Side = Side::First;
/// The Demons' side.
const DEMONS: Side = Side::Second;

/// Squares on file a and on file h, for shifts that must not wrap.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// A Cracovia move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// An Angel's move of one or two squares in a straight line.
    Angel { from: Cell, to: Cell },
    /// A demon placed on an empty square.
    Demon(Cell),
}

/// A Cracovia position, with the last move for the view.
#[derive(Clone, Debug)]
pub struct Cracovia {
    /// One bit per square (a1 = bit 0, b1 = bit 1, …, h8 = bit 63).
    angels: u64,
    demons: u64,
    /// Who decides next.
    side: Side,
    last: Option<Move>,
}

fn bit(c: Cell) -> u64 {
    1 << c.index(SIZE)
}

fn cell(i: u32) -> Cell {
    Cell::from_index(i as usize, SIZE)
}

/// Every square touching a square of `b`, sideways or diagonally, and `b`.
fn with_neighbours(b: u64) -> u64 {
    let row = b | (b << 1 & !FILE_A) | (b >> 1 & !FILE_H);
    row | row << 8 | row >> 8
}

/// Whether the squares of `b` form one block, diagonal contact counting.
fn one_block(b: u64) -> bool {
    let mut reach = b & b.wrapping_neg();
    loop {
        let next = with_neighbours(reach) & b;
        if next == reach {
            return reach == b;
        }
        reach = next;
    }
}

/// The squares of `b`, lowest first.
fn squares(mut b: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros();
            b &= b - 1;
            cell(i)
        })
    })
}

impl Cracovia {
    fn occupied(&self) -> u64 {
        self.angels | self.demons
    }

    fn angels_together(&self) -> bool {
        one_block(self.angels)
    }

    /// Calls `f` with every legal move, in the stable order of
    /// [`Game::legal_moves`]: Angels by square, then direction (north
    /// first, clockwise), one square before two; demons by square.
    /// Allocates nothing, for perft.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.angels_together() {
            return;
        }
        let occupied = self.occupied();
        if self.side == DEMONS {
            for c in squares(!occupied) {
                f(Move::Demon(c));
            }
            return;
        }
        for from in squares(self.angels) {
            for (dx, dy) in KING_STEPS {
                let Some(one) = from.offset(dx, dy, SIZE, SIZE) else {
                    continue;
                };
                if occupied & bit(one) != 0 {
                    continue;
                }
                f(Move::Angel { from, to: one });
                if let Some(two) = one.offset(dx, dy, SIZE, SIZE)
                    && occupied & bit(two) == 0
                {
                    f(Move::Angel { from, to: two });
                }
            }
        }
    }

    fn has_moves(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// What stands on `c`, for messages: `None` when empty.
    fn holder(&self, c: Cell) -> Option<(&'static str, &'static str)> {
        if self.angels & bit(c) != 0 {
            Some(("an angel", "un ángel"))
        } else if self.demons & bit(c) != 0 {
            Some(("a demon", "un demonio"))
        } else {
            None
        }
    }

    fn off_board(c: Cell) -> Option<Msg> {
        (!c.within(SIZE, SIZE))
            .then(|| msg!("{c} is not on the board", "{c} no está en el tablero"))
    }

    /// Why a demon on `c` is not legal.
    fn why_not_demon(&self, c: Cell) -> Msg {
        if self.side == ANGELS {
            return msg!(
                "it is the Angels' turn: move an angel, like `a1-c3`",
                "les toca a los ángeles: mueve un ángel, como `a1-c3`"
            );
        }
        if let Some(m) = Cracovia::off_board(c) {
            return m;
        }
        match self.holder(c) {
            Some((en, es)) => msg!("{c} is occupied by {en}", "{c} está ocupada por {es}"),
            None => msg!(
                "{c} cannot take a demon now",
                "{c} no admite un demonio ahora"
            ),
        }
    }

    /// Why an Angel's move from `from` to `to` is not legal.
    fn why_not_angel(&self, from: Cell, to: Cell) -> Msg {
        if self.side == DEMONS {
            return msg!(
                "it is the Demons' turn: place a demon on an empty square, like `d5`",
                "les toca a los demonios: coloca un demonio en una casilla vacía, como `d5`"
            );
        }
        if let Some(m) = Cracovia::off_board(from).or_else(|| Cracovia::off_board(to)) {
            return m;
        }
        if self.angels & bit(from) == 0 {
            return msg!(
                "there is no angel on {from}",
                "no hay ningún ángel en {from}"
            );
        }
        let (dx, dy) = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let length = dx.abs().max(dy.abs());
        if !straight || !(1..=2).contains(&length) {
            return msg!(
                "{from} to {to} is not one or two squares in a straight line",
                "de {from} a {to} no hay una o dos casillas en línea recta"
            );
        }
        if length == 2 {
            let mid = Cell::new(
                from.x.wrapping_add_signed(dx / 2),
                from.y.wrapping_add_signed(dy / 2),
            );
            if let Some((en, es)) = self.holder(mid) {
                return msg!(
                    "an angel cannot jump: {mid} holds {en}",
                    "un ángel no puede saltar: en {mid} hay {es}"
                );
            }
        }
        match self.holder(to) {
            Some((en, es)) => msg!("{to} is occupied by {en}", "{to} está ocupada por {es}"),
            None => msg!("that move is not legal now", "esa jugada no es legal ahora"),
        }
    }

    fn expected(&self) -> Msg {
        if self.side == ANGELS {
            msg!(
                "`a1-c3` (an angel's move)",
                "`a1-c3` (un movimiento de ángel)"
            )
        } else {
            msg!(
                "`d5` (a square for a demon)",
                "`d5` (una casilla para un demonio)"
            )
        }
    }
}

/// Reads one or two cells, separated by `-` or nothing once spaces are
/// gone: `d5`, `a1-c3`. `None` for any other form.
fn parse_cells(text: &str) -> Option<Vec<Cell>> {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let (first, rest) = Cell::parse_prefix(&squeezed)?;
    if rest.is_empty() {
        return Some(vec![first]);
    }
    let second = Cell::parse(rest.strip_prefix('-').unwrap_or(rest))?;
    Some(vec![first, second])
}

impl Game for Cracovia {
    type Move = Move;
    const ID: GameId = GameId::Cracovia;

    fn new(setup: &Setup) -> Result<Cracovia, SetupError> {
        setup.expect_no_deal()?;
        setup.resolve(GameId::Cracovia.info().params)?;
        let corners = [(0, 0), (7, 0), (0, 7), (7, 7)];
        Ok(Cracovia {
            angels: corners
                .into_iter()
                .fold(0, |b, (x, y)| b | bit(Cell::new(x, y))),
            demons: 0,
            side: ANGELS,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        Turn::play(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        match m {
            Move::Angel { from, to } if from.within(SIZE, SIZE) && to.within(SIZE, SIZE) => {
                self.angels = self.angels & !bit(from) | bit(to);
            }
            Move::Demon(c) if c.within(SIZE, SIZE) => self.demons |= bit(c),
            // Not a legal move: the contract allows any result but a panic.
            _ => {}
        }
        self.side = self.side.other();
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.angels_together() {
            // Only an Angels' move can bring them together, and it ends the
            // game at once.
            Some(Outcome::win(ANGELS, EndReason::AngelsConnected))
        } else if self.side == ANGELS && !self.has_moves() {
            Some(Outcome::win(DEMONS, EndReason::AngelsTrapped))
        } else {
            // The Demons always have a square: the one the last Angel left
            // (and `from_position_text` refuses a full board).
            None
        }
    }

    fn move_text(&self, m: Move) -> String {
        match m {
            Move::Angel { from, to } => format!("{from}-{to}"),
            Move::Demon(c) => c.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let cells = parse_cells(text).ok_or_else(|| MoveError::syntax(text, self.expected()))?;
        match cells[..] {
            [c] => resolve(
                self,
                text,
                |m| m == Move::Demon(c),
                || self.why_not_demon(c),
            ),
            [from, to] => resolve(
                self,
                text,
                |m| m == Move::Angel { from, to },
                || self.why_not_angel(from, to),
            ),
            _ => Err(MoveError::syntax(text, self.expected())),
        }
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        match m {
            Move::Angel { from, .. } => Some(from),
            Move::Demon(_) => None,
        }
    }

    fn position_text(&self) -> String {
        let board = write_rows((0..SIZE).rev().map(|y| {
            (0..SIZE).map(move |x| {
                let c = bit(Cell::new(x, y));
                if self.angels & c != 0 {
                    Some('A')
                } else if self.demons & c != 0 {
                    Some('D')
                } else {
                    None
                }
            })
        }));
        let side = if self.side == ANGELS { 'a' } else { 'd' };
        format!("{board} {side}")
    }

    fn from_position_text(text: &str) -> Result<Cracovia, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(PositionError::new(
                "expected two fields: the board and the side to move",
            ));
        };
        let side = read_side(side, ["a", "d"])?;
        let rows = read_rows(board, "AD")?;
        if rows.len() != usize::from(SIZE) {
            return Err(PositionError::new("the board must have 8 ranks"));
        }
        check_width(&rows, usize::from(SIZE))?;
        let (mut angels, mut demons) = (0u64, 0u64);
        for (row, cells) in rows.iter().enumerate() {
            let y = SIZE - 1 - row as u8;
            for (x, cell) in (0..).zip(cells) {
                match cell {
                    Some('A') => angels |= bit(Cell::new(x, y)),
                    Some(_) => demons |= bit(Cell::new(x, y)),
                    None => {}
                }
            }
        }
        if angels.count_ones() != 4 {
            return Err(PositionError::new(format!(
                "there must be 4 angels, not {}",
                angels.count_ones()
            )));
        }
        if side == DEMONS && angels | demons == u64::MAX {
            return Err(PositionError::new(
                "the Demons are to move but no square is empty",
            ));
        }
        Ok(Cracovia {
            angels,
            demons,
            side,
            last: None,
        })
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(SIZE, SIZE);
        let cells = shape
            .cells()
            .into_iter()
            .map(|c| {
                let mut v = CellView::empty(c);
                if self.angels & bit(c) != 0 {
                    v.piece = Some(Piece {
                        kind: PieceKind::Angel,
                        color: Color::White,
                    });
                } else if self.demons & bit(c) != 0 {
                    v.piece = Some(Piece {
                        kind: PieceKind::Demon,
                        color: Color::Black,
                    });
                }
                v
            })
            .collect();
        let highlight = |cell, kind| Highlight { cell, kind };
        let highlights = match self.last {
            None => Vec::new(),
            Some(Move::Angel { from, to }) => vec![
                highlight(from, HighlightKind::From),
                highlight(to, HighlightKind::To),
            ],
            Some(Move::Demon(c)) => vec![highlight(c, HighlightKind::Placed)],
        };
        let outcome = self.outcome();
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then_some(self.side),
                phase: Phase::Play,
                // Every demon follows one Angels' move.
                ply: 2 * self.demons.count_ones() + u32::from(self.side == DEMONS),
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

    fn pos(text: &str) -> Cracovia {
        Cracovia::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn start() -> Cracovia {
        Cracovia::new(&Setup::default()).unwrap()
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    fn why(g: &Cracovia, text: &str) -> Msg {
        match refused(g, text) {
            MoveError::Illegal { why, .. } => why,
            other => panic!("{text:?}: {other:?}"),
        }
    }

    /// Three angels in a diagonal line d4-e5-f6 and one on h8; demons about.
    const NEAR_BLOCK: &str = "D6A/1D6/5A2/2D1A3/3A2D1/8/3D4/8 a";

    #[test]
    fn angels_start_in_the_corners_and_move_first() {
        // "Start: angels on a1, h1, a8, h8; no demons. Angels move first."
        let g = start();
        assert_eq!(g.position_text(), "A6A/8/8/8/8/8/8/A6A a");
        assert_eq!(g.turn(), Turn::play(Side::First));
        assert_eq!(g.outcome(), None);
        assert!(Cracovia::new(&Setup::default().with("size", 8)).is_err());
        let seeded = Setup {
            seed: Some(3),
            ..Setup::default()
        };
        assert!(Cracovia::new(&seeded).is_err());
    }

    #[test]
    fn an_angel_moves_one_or_two_squares_in_eight_directions() {
        // "one angel moves 1 or 2 squares in any of the 8 directions onto an
        // empty square". From a1 only north, north-east and east stay on the
        // board: 6 moves; 24 for the four corners.
        let g = start();
        let t = texts(&g);
        assert_eq!(t.len(), 24);
        assert_eq!(
            t[..6],
            ["a1-a2", "a1-a3", "a1-b2", "a1-c3", "a1-b1", "a1-c1"]
        );
        // In the open, an angel has all 16.
        let g = pos("A6A/8/8/8/3A4/8/8/A7 a");
        let from_d4 = texts(&g).iter().filter(|t| t.starts_with("d4")).count();
        assert_eq!(from_d4, 16);
        for m in g.legal_move_list() {
            assert!(g.move_origin(m).is_some());
        }
    }

    #[test]
    fn angels_never_jump_and_land_only_on_empty_squares() {
        // "without jumping (the middle square of a 2-step must be empty)".
        let g = pos("A6A/8/8/8/8/8/D7/A6A a");
        assert!(!texts(&g).contains(&"a1-a3".to_string()));
        assert_eq!(
            why(&g, "a1-a3").en,
            "an angel cannot jump: a2 holds a demon"
        );
        assert_eq!(
            why(&g, "a1-a3").es,
            "un ángel no puede saltar: en a2 hay un demonio"
        );
        assert_eq!(why(&g, "a1-a2").en, "a2 is occupied by a demon");
        // Another angel in the way blocks too.
        let g = pos("7A/8/8/8/8/8/A7/A6A a");
        assert_eq!(
            why(&g, "a1-a3").en,
            "an angel cannot jump: a2 holds an angel"
        );
        assert_eq!(why(&g, "a1-a2").es, "a2 está ocupada por un ángel");
    }

    #[test]
    fn demons_place_on_any_empty_square_and_never_move() {
        // "Demons' move: place one demon on any empty square. Demons never
        // move."
        let mut g = start();
        g.play_text("a1-c3").unwrap();
        assert_eq!(g.turn(), Turn::play(Side::Second));
        let t = texts(&g);
        assert_eq!(t.len(), 60);
        assert_eq!(t[0], "a1");
        assert!(!t.contains(&"c3".to_string()));
        assert!(
            g.legal_move_list()
                .iter()
                .all(|&m| g.move_origin(m).is_none())
        );
        assert_eq!(why(&g, "c3").en, "c3 is occupied by an angel");
        g.play_text("d4").unwrap();
        g.play_text("c3-c4").unwrap();
        assert_eq!(why(&g, "d4").en, "d4 is occupied by a demon");
        assert_eq!(why(&g, "d4").es, "d4 está ocupada por un demonio");
        assert_eq!(
            why(&g, "d4-d5").en,
            "it is the Demons' turn: place a demon on an empty square, like `d5`"
        );
        g.play_text("d5").unwrap();
        assert_eq!(g.position_text(), "A6A/8/8/3D4/2AD4/8/8/7A a");
    }

    #[test]
    fn no_passing() {
        // "No passing."
        let g = start();
        assert!(matches!(refused(&g, "pass"), MoveError::Syntax { .. }));
        assert!(matches!(refused(&g, "d5"), MoveError::Illegal { .. }));
    }

    #[test]
    fn the_angels_win_as_one_block_diagonals_counting() {
        // "the angels win when, after their move, all four angels form one
        // connected block, diagonal contact counting".
        let mut g = pos(NEAR_BLOCK);
        assert_eq!(g.outcome(), None);
        g.play_text("h8-g7").unwrap();
        // d4, e5, f6, g7: touching only diagonally.
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::AngelsConnected))
        );
        assert!(g.legal_move_list().is_empty());
        assert_eq!(refused(&g, "a1"), MoveError::GameOver);
        // h8-h6 is no win: h6 touches no angel (g7, g6 and g5 are empty).
        // The Demons play on, on the 64 - 4 - 5 empty squares.
        let mut g = pos(NEAR_BLOCK);
        g.play_text("h8-h6").unwrap();
        assert_eq!(g.outcome(), None);
        assert_eq!(texts(&g).len(), 64 - 4 - 5);
        // Two pairs are two blocks, not one.
        let g = pos("8/8/8/8/8/8/AA4AA/8 d");
        assert_eq!(g.outcome(), None);
        // A square of four is a block.
        let g = pos("8/8/8/3AA3/3AA3/8/8/8 d");
        assert!(g.outcome().is_some());
    }

    #[test]
    fn the_demons_win_when_the_angels_cannot_move() {
        // "The demons win when the angels are to move and have no legal
        // move."
        let g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA a");
        assert!(g.legal_move_list().is_empty());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::AngelsTrapped))
        );
        assert_eq!(refused(&g, "a1-a2"), MoveError::GameOver);
        // The Demons' last placement shuts h1's only way out.
        let mut g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD5A d");
        assert_eq!(g.outcome(), None);
        g.play_text("g1").unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::AngelsTrapped))
        );
        // Same board with the Demons to move: not over, they have moves.
        let g = pos("AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d");
        assert_eq!(g.outcome(), None);
        assert_eq!(texts(&g).len(), 64 - 4 - 12);
    }

    #[test]
    fn canonical_texts_and_their_spellings() {
        // "Canonical text: angels `a1-c3`; demons `d5`."
        let mut g = start();
        let m = Move::Angel {
            from: cell("a1"),
            to: cell("c3"),
        };
        assert_eq!(g.move_text(m), "a1-c3");
        for text in ["a1-c3", "A1-C3", " a1 - c3 ", "a1 c3", "a1c3"] {
            assert_eq!(g.parse_move(text), Ok(m), "{text}");
        }
        g.play(m);
        assert_eq!(g.parse_move(" D5 "), Ok(Move::Demon(cell("d5"))));
        assert_eq!(g.move_text(Move::Demon(cell("d5"))), "d5");
    }

    #[test]
    fn syntax_and_illegal_errors() {
        let g = start();
        for bad in [
            "", "a", "a1-", "a1--c3", "a1-c3-e5", "-a1", "🙂", "angel", "a1xc3",
        ] {
            match refused(&g, bad) {
                MoveError::Syntax { expected, .. } => assert!(expected.en.contains("a1-c3")),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        assert_eq!(why(&g, "b2-b3").en, "there is no angel on b2");
        assert_eq!(why(&g, "b2-b3").es, "no hay ningún ángel en b2");
        assert_eq!(
            why(&g, "a1-b3").en,
            "a1 to b3 is not one or two squares in a straight line"
        );
        assert!(why(&g, "a1-a4").es.contains("en línea recta"));
        assert!(why(&g, "a1-a1").en.contains("straight line"));
        assert_eq!(why(&g, "a1-a9").en, "a9 is not on the board");
        assert_eq!(why(&g, "z1-a1").es, "z1 no está en el tablero");
        assert_eq!(
            why(&g, "d5").en,
            "it is the Angels' turn: move an angel, like `a1-c3`"
        );
        let mut g = start();
        g.play_text("a1-b2").unwrap();
        assert_eq!(why(&g, "i1").en, "i1 is not on the board");
        match refused(&g, "zz") {
            MoveError::Syntax { expected, .. } => assert!(expected.en.contains("d5")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn perft_by_hand() {
        // Depth 1: 6 moves for each corner angel (see above). Depth 2: every
        // Angels' move leaves 60 empty squares for a demon, and none of the
        // 24 brings the four together.
        let g = start();
        assert_eq!(g.perft(1), 24);
        assert_eq!(g.perft(2), 24 * 60);
        // Near the trap: only h8 can move (to g8 or f8). 11 demons and the
        // 4 angels leave 49 empty squares after either move, and neither
        // brings the angels together.
        let g = pos("AD5A/DD4DD/8/8/8/8/DD4DD/AD4DA a");
        assert_eq!(g.perft(1), 2);
        assert_eq!(g.perft(2), 2 * 49);
    }

    #[test]
    fn position_text_round_trips_and_rejects_garbage() {
        crate::check::position_texts::<Cracovia>(
            &[
                "A6A/8/8/8/8/8/8/A6A a",
                NEAR_BLOCK,
                "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d",
                "1A5A/8/3D4/D5D1/3D4/4A3/3D4/3A4 a",
            ],
            &[
                "",
                "A6A/8/8/8/8/8/8/A6A",
                "A6A/8/8/8/8/8/8/A6A w",
                "A6A/8/8/8/8/8/8/A6A a a",
                "A6A/8/8/8/8/8/A6A a",
                "A6A/8/8/8/8/8/8/8/A6A a",
                "A7A/8/8/8/8/8/8/A6A a",
                "A5A/8/8/8/8/8/8/A6A a",
                "A6A/8/8/8/8/8/8/A5A1A a",
                "8/8/8/8/8/8/8/A6A a",
                "A6A/9/8/8/8/8/8/A6A a",
                "A6A/08/8/8/8/8/8/A6A a",
                "A6A/8/8/8/8/8/8/a6a a",
                "A6A/8/8/8/8/8/8/A6🙂 a",
                "AAAADDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD/DDDDDDDD d",
                "99999999999999999999/8/8/8/8/8/8/8 a",
            ],
        );
    }

    #[test]
    fn the_view_shows_angels_demons_and_the_last_move() {
        let mut g = start();
        assert!(g.view().highlights.is_empty());
        g.play_text("a1-c3").unwrap();
        let v = g.view();
        assert_eq!(v.cells.len(), 64);
        assert_eq!(
            v.highlights,
            [
                Highlight {
                    cell: cell("a1"),
                    kind: HighlightKind::From
                },
                Highlight {
                    cell: cell("c3"),
                    kind: HighlightKind::To
                }
            ]
        );
        assert_eq!(
            v.cell(cell("c3")).unwrap().piece,
            Some(Piece {
                kind: PieceKind::Angel,
                color: Color::White
            })
        );
        assert_eq!(v.cell(cell("a1")).unwrap().piece, None);
        assert_eq!(v.status.to_move, Some(Side::Second));
        assert_eq!(v.status.ply, 1);
        g.play_text("d5").unwrap();
        let v = g.view();
        assert_eq!(
            v.highlights,
            [Highlight {
                cell: cell("d5"),
                kind: HighlightKind::Placed
            }]
        );
        assert_eq!(
            v.cell(cell("d5")).unwrap().piece,
            Some(Piece {
                kind: PieceKind::Demon,
                color: Color::Black
            })
        );
        assert_eq!(v.status.ply, 2);
        assert_eq!(v.status.phase, Phase::Play);
        assert_eq!(v.status.colors, [Some(Color::White), Some(Color::Black)]);
        let mut g = pos(NEAR_BLOCK);
        g.play_text("h8-g7").unwrap();
        let v = g.view();
        assert_eq!(v.status.to_move, None);
        assert_eq!(v.status.outcome.and_then(|o| o.winner), Some(Side::First));
        assert_eq!(pos(&g.position_text()).view().highlights, []);
    }

    #[test]
    fn the_contract_holds_on_hand_positions() {
        for text in [
            NEAR_BLOCK,
            "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA a",
            "AD4DA/DD4DD/8/8/8/8/DD4DD/AD4DA d",
            "8/8/8/3AA3/3AA3/8/8/8 d",
        ] {
            let g = pos(text);
            check_position(&g, &g.legal_move_list()).unwrap();
        }
    }

    #[test]
    fn illegal_moves_played_anyway_do_not_panic() {
        let mut g = start();
        g.play(Move::Demon(Cell::new(99, 99)));
        g.play(Move::Angel {
            from: Cell::new(255, 0),
            to: Cell::new(0, 255),
        });
        let _ = (g.view(), g.position_text(), g.outcome());
    }
}
