//! Bombardment (Bombardeo), Chris Huntoon 2003.
//!
//! Two rows of pieces on an 8×8 board. A turn is either a step one square
//! forward, straight or diagonally, onto an empty square (stepping never
//! captures), or an explosion: one of your pieces and every piece on the up
//! to eight squares around it, of either colour, are removed. A step onto
//! the opponent's back rank wins; after an explosion a side with no pieces
//! loses, and if both have none it is a draw.
//!
//! Notation: `c2-c3` for a step, `c2x` for an explosion (also `boom c2` and
//! `x c2`). Position text: the ranks from 8 down to 1, `S` for a White stone
//! and `s` for a Black one, runs of empty squares as numbers, then `w` or
//! `b` for the side to move and the number of moves played:
//! `ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS w 0`.
//!
//! ```
//! use tablero_rules::{Game, Setup, bombardment::Bombardment};
//! let mut g = Bombardment::new(&Setup::default()).unwrap();
//! assert_eq!(g.legal_move_list().len(), 22 + 16);
//! assert_eq!(g.play_text("boom d2").unwrap(), "d2x");
//! ```

use crate::board_text::{check_width, parse_count, read_rows, read_side, write_rows};
use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Msg, Outcome, Phase, Piece, PieceKind, PositionError, ScoreKind, Setup, SetupError, Shape,
    Side, Status, Turn, msg, resolve,
};

/// Files and ranks of the board.
const SIZE: u8 = 8;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

/// `Move::to` of an explosion.
const EXPLODE: u8 = u8::MAX;

/// The squares an explosion on each square clears: the square itself and
/// its up to eight neighbours.
const BLAST: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        // The piece's own rank, widened by one file each way; then the
        // ranks above and below.
        let row = b | ((b & !FILE_A) >> 1) | ((b & !FILE_H) << 1);
        table[sq] = row | (row << 8) | (row >> 8);
        sq += 1;
    }
    table
};

/// A turn: a step from one square to another, or an explosion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square index, a1 = 0, …, h8 = 63; always below 64.
    from: u8,
    /// The square stepped onto, or [`EXPLODE`].
    to: u8,
}

impl Move {
    /// The piece that steps or explodes.
    #[must_use]
    pub fn from(self) -> Cell {
        Cell::from_index(self.from as usize, SIZE)
    }

    /// Where the piece steps to; `None` for an explosion.
    #[must_use]
    pub fn to(self) -> Option<Cell> {
        (self.to != EXPLODE).then(|| Cell::from_index(self.to as usize, SIZE))
    }

    /// Whether this is an explosion.
    #[must_use]
    pub fn is_explosion(self) -> bool {
        self.to == EXPLODE
    }
}

/// A Bombardment position, with the last move for the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bombardment {
    /// The stones of each side by [`Side::index`], bit `i` = square `i`.
    stones: [u64; 2],
    turn: Side,
    /// Moves played since the start.
    ply: u32,
    /// Decided by the last move, so kept rather than recomputed.
    outcome: Option<Outcome>,
    last: Option<Move>,
}

/// The rank a side steps onto to win.
const fn goal(side: Side) -> u64 {
    match side {
        Side::First => RANK_8,
        Side::Second => RANK_1,
    }
}

fn bit(square: u8) -> u64 {
    1u64 << square
}

/// The squares of `bits`, lowest first.
fn squares(mut bits: u64) -> impl Iterator<Item = u8> {
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

/// The forms moves are written in, for syntax errors.
fn expected() -> Msg {
    msg!(
        "`c2-c3` to step, or `c2x` (also `boom c2`) to explode",
        "`c2-c3` para avanzar, o `c2x` (también `boom c2`) para explotar"
    )
}

/// What the player wrote, before it is checked against the position.
enum Written {
    Step {
        from: Cell,
        to: Cell,
    },
    /// `c2xc3`: a capture, which this game does not have.
    Capture {
        from: Cell,
        to: Cell,
    },
    Explode(Cell),
}

/// Reads the text of a move, lower case and without spaces.
fn read(s: &str) -> Option<Written> {
    if let Some((from, rest)) = Cell::parse_prefix(s) {
        return match rest.as_bytes().first() {
            None => None,
            Some(b'x') if rest.len() == 1 => Some(Written::Explode(from)),
            Some(b'x') => Cell::parse(&rest[1..]).map(|to| Written::Capture { from, to }),
            Some(b'-') => Cell::parse(&rest[1..]).map(|to| Written::Step { from, to }),
            _ => None,
        };
    }
    let rest = s.strip_prefix("boom").or_else(|| s.strip_prefix('x'))?;
    Cell::parse(rest).map(Written::Explode)
}

/// The outcome after the side that is not `turn` moved, from the stones
/// alone. `None` while the game goes on.
fn outcome_of(stones: [u64; 2], turn: Side) -> Option<Outcome> {
    let mover = turn.other();
    if stones[mover.index()] & goal(mover) != 0 {
        return Some(Outcome::win(mover, EndReason::ReachedLastRank));
    }
    match stones.map(|s| s == 0) {
        [true, true] => Some(Outcome::draw(EndReason::NoPiecesLeft)),
        [true, false] => Some(Outcome::win(Side::Second, EndReason::NoPiecesLeft)),
        [false, true] => Some(Outcome::win(Side::First, EndReason::NoPiecesLeft)),
        [false, false] => None,
    }
}

impl Bombardment {
    /// The side whose stone stands on `square`, if any.
    fn owner(&self, square: u8) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.stones[s.index()] & bit(square) != 0)
    }

    /// Calls `f` with every legal move: squares a1 to h8, and for each
    /// stone its left diagonal, straight and right diagonal steps, then its
    /// explosion.
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let own = self.stones[self.turn.index()];
        let empty = !(self.stones[0] | self.stones[1]);
        let dy: i8 = if self.turn == Side::First { 1 } else { -1 };
        for from in squares(own) {
            let cell = Cell::from_index(from as usize, SIZE);
            for dx in [-1, 0, 1] {
                if let Some(to) = cell.offset(dx, dy, SIZE, SIZE) {
                    let to = to.index(SIZE) as u8;
                    if empty & bit(to) != 0 {
                        f(Move { from, to });
                    }
                }
            }
            f(Move { from, to: EXPLODE });
        }
    }

    /// The number of legal moves, counted a whole board at a time: the
    /// steps in each direction, plus one explosion per stone.
    fn count_moves(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let own = self.stones[self.turn.index()];
        let empty = !(self.stones[0] | self.stones[1]);
        // Shifting by 7 or 9 wraps around the board's edge, so stones on
        // the file they would leave through are masked off first.
        let (straight, left, right) = match self.turn {
            Side::First => (own << 8, (own & !FILE_A) << 7, (own & !FILE_H) << 9),
            Side::Second => (own >> 8, (own & !FILE_A) >> 9, (own & !FILE_H) >> 7),
        };
        ((straight & empty).count_ones()
            + (left & empty).count_ones()
            + (right & empty).count_ones()
            + own.count_ones()) as u64
    }

    /// Why the move written as `w` is not legal.
    fn why_illegal(&self, w: &Written) -> Msg {
        let (side_en, side_es) = side_names(self.turn);
        let (Written::Step { from, .. } | Written::Capture { from, .. } | Written::Explode(from)) =
            *w;
        match self.owner(from.index(SIZE) as u8) {
            None => return msg!("{from} is empty", "{from} está vacía"),
            Some(s) if s != self.turn => {
                return msg!(
                    "{from} holds an enemy stone, and it is {side_en}'s turn",
                    "en {from} hay una piedra rival y mueven {side_es}"
                );
            }
            Some(_) => {}
        }
        let (Written::Step { to, .. } | Written::Capture { to, .. }) = *w else {
            return msg!(
                "{from} cannot explode here",
                "{from} no puede explotar aquí"
            );
        };
        let dy: i16 = if self.turn == Side::First { 1 } else { -1 };
        let dx = to.x as i16 - from.x as i16;
        if to.y as i16 - from.y as i16 != dy || dx.abs() > 1 {
            return msg!(
                "a stone steps one square forward, straight or diagonally, and {from} to {to} is not such a step",
                "una piedra avanza una casilla, recta o en diagonal, y de {from} a {to} no es ese paso"
            );
        }
        if matches!(w, Written::Capture { .. }) || self.owner(to.index(SIZE) as u8).is_some() {
            return msg!(
                "stepping never captures and {to} must be empty; to blow up {from}, write {from}x",
                "avanzar nunca captura y {to} debe estar vacía; para hacer explotar {from}, escribe {from}x"
            );
        }
        msg!(
            "{from} to {to} is not legal here",
            "{from} a {to} no es legal aquí"
        )
    }
}

impl Game for Bombardment {
    type Move = Move;
    const ID: GameId = GameId::Bombardment;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.resolve(GameId::Bombardment.info().params)?;
        setup.expect_no_deal()?;
        Ok(Bombardment {
            stones: [RANK_1 | RANK_1 << 8, RANK_8 | RANK_8 >> 8],
            turn: Side::First,
            ply: 0,
            outcome: None,
            last: None,
        })
    }

    fn turn(&self) -> Turn {
        Turn::play(self.turn)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    fn play(&mut self, m: Move) {
        let mover = self.turn;
        // `from` is below 64 by construction; `to` is a square or EXPLODE.
        let from = m.from & 63;
        if m.to == EXPLODE {
            let blast = BLAST[from as usize];
            self.stones = self.stones.map(|s| s & !blast);
        } else {
            let own = &mut self.stones[mover.index()];
            *own = (*own & !bit(from)) | bit(m.to & 63);
        }
        self.turn = mover.other();
        self.outcome = outcome_of(self.stones, self.turn);
        self.ply = self.ply.saturating_add(1);
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn move_text(&self, m: Move) -> String {
        match m.to() {
            None => format!("{}x", m.from()),
            Some(to) => format!("{}-{}", m.from(), to),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let s: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        let written = read(&s).ok_or_else(|| MoveError::syntax(text, expected()))?;
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let (from, to) = match written {
            Written::Step { from, to } | Written::Capture { from, to } => (from, Some(to)),
            Written::Explode(from) => (from, None),
        };
        for c in std::iter::once(from).chain(to) {
            if !c.within(SIZE, SIZE) {
                return Err(MoveError::illegal(
                    text,
                    msg!(
                        "{c} is not on the 8×8 board",
                        "{c} no está en el tablero de 8×8"
                    ),
                ));
            }
        }
        let f = from.index(SIZE) as u8;
        let t = match written {
            Written::Step { to, .. } => to.index(SIZE) as u8,
            Written::Explode(_) => EXPLODE,
            // No legal move is a capture.
            Written::Capture { .. } => {
                return Err(MoveError::illegal(text, self.why_illegal(&written)));
            }
        };
        resolve(
            self,
            text,
            |m| m.from == f && m.to == t,
            || self.why_illegal(&written),
        )
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        Some(m.from())
    }

    fn position_text(&self) -> String {
        let board = write_rows((0..SIZE).rev().map(|y| {
            (0..SIZE).map(move |x| {
                self.owner(Cell::new(x, y).index(SIZE) as u8)
                    .map(|side| if side == Side::First { 'S' } else { 's' })
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
        let rows = read_rows(board, "Ss")?;
        if rows.len() != SIZE as usize {
            return Err(PositionError::new("the board must have 8 ranks"));
        }
        check_width(&rows, SIZE as usize)?;
        let mut stones = [0u64; 2];
        for (i, row) in rows.iter().enumerate() {
            let y = SIZE as usize - 1 - i;
            for (x, cell) in row.iter().enumerate() {
                if let Some(c) = cell {
                    stones[usize::from(*c == 's')] |= 1u64 << (y * SIZE as usize + x);
                }
            }
        }
        // Only the side that just moved can have stepped onto its goal
        // rank, and that step removed nothing, so no side can be empty.
        if stones[turn.index()] & goal(turn) != 0 {
            return Err(PositionError::new(
                "the side to move already stands on its goal rank",
            ));
        }
        let mover = turn.other();
        if stones[mover.index()] & goal(mover) != 0 && stones.contains(&0) {
            return Err(PositionError::new(
                "a stone stands on its goal rank while a side has no stones",
            ));
        }
        Ok(Bombardment {
            stones,
            turn,
            ply,
            outcome: outcome_of(stones, turn),
            last: None,
        })
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(SIZE, SIZE);
        let cells = shape
            .cells()
            .into_iter()
            .map(|cell| CellView {
                piece: self.owner(cell.index(SIZE) as u8).map(|s| Piece {
                    kind: PieceKind::Stone,
                    color: color_of(s),
                }),
                ..CellView::empty(cell)
            })
            .collect();
        let highlights = match self.last {
            None => Vec::new(),
            Some(m) => match m.to() {
                Some(to) => vec![
                    Highlight {
                        cell: m.from(),
                        kind: HighlightKind::From,
                    },
                    Highlight {
                        cell: to,
                        kind: HighlightKind::To,
                    },
                ],
                None => squares(BLAST[m.from as usize & 63])
                    .map(|sq| Highlight {
                        cell: Cell::from_index(sq as usize, SIZE),
                        kind: HighlightKind::Blast,
                    })
                    .collect(),
            },
        };
        BoardView {
            shape,
            cells,
            highlights,
            status: Status {
                to_move: self.outcome.is_none().then_some(self.turn),
                phase: Phase::Play,
                ply: self.ply,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: Some((
                    ScoreKind::Pieces,
                    self.stones.map(|s| s.count_ones() as i32),
                )),
                outcome: self.outcome,
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

    const START: &str = "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS w 0";

    fn start() -> Bombardment {
        Bombardment::new(&Setup::default()).unwrap()
    }

    fn at(text: &str) -> Bombardment {
        Bombardment::from_position_text(text).unwrap()
    }

    // Rule: "Start: White on a1–h2, Black on a7–h8, 16 each. White moves
    // first."
    #[test]
    fn start_position() {
        let g = start();
        assert_eq!(g.position_text(), START);
        assert_eq!(g.turn(), Turn::play(Side::First));
        let v = g.view();
        assert_eq!(v.cells.len(), 64);
        assert_eq!(
            v.cell(Cell::new(0, 0)).unwrap().piece,
            Some(Piece {
                kind: PieceKind::Stone,
                color: Color::White
            })
        );
        assert_eq!(
            v.cell(Cell::new(4, 6)).unwrap().piece.map(|p| p.color),
            Some(Color::Black)
        );
        assert_eq!(v.cell(Cell::new(4, 5)).unwrap().piece, None);
        assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [16, 16])));
        assert_eq!(v.status.to_move, Some(Side::First));
        assert!(Bombardment::new(&Setup::default().with("size", 8)).is_err());
    }

    // Perft by hand. Depth 1: 22 steps (a2 and h2 two each, b2–g2 three
    // each; rank 1 is blocked) plus 16 explosions = 38. Depth 2: nothing
    // White does reaches Black's stones or the squares they step to (ranks
    // 6), so Black always answers with its own 38: 38·38 = 1444.
    #[test]
    fn perft_by_hand() {
        let g = start();
        assert_eq!(g.legal_move_list().len(), 38);
        assert_eq!(g.perft(1), 38);
        assert_eq!(g.perft(2), 1444);
        let slow: u64 = g
            .legal_move_list()
            .into_iter()
            .map(|m| {
                let mut n = g.clone();
                n.play(m);
                n.legal_move_list()
                    .into_iter()
                    .map(|r| {
                        let mut nn = n.clone();
                        nn.play(r);
                        nn.legal_move_list().len() as u64
                    })
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(slow, g.perft(3));
    }

    // Rule: "step: one of your pieces moves one square straight forward or
    // diagonally forward onto an empty square (White moves up, Black
    // down). Stepping never captures." White d4 faces Black c5 and d5; only
    // e5 is free.
    #[test]
    fn steps_go_forward_onto_empty_squares_only() {
        let g = at("7s/8/8/2ss4/3S4/8/8/8 w 5");
        assert_eq!(texts(&g), ["d4-e5", "d4x"]);
        let why = reason(&g, "d4-c5");
        assert!(why.en.contains("stepping never captures"), "{why}");
        assert!(why.es.contains("nunca captura"), "{why:?}");
        assert!(reason(&g, "d4xc5").en.contains("write d4x"));
        assert!(reason(&g, "d4-d3").en.contains("one square forward"));
        assert!(reason(&g, "d4-d6").en.contains("one square forward"));
        // Black steps down.
        let mut g = g;
        play(&mut g, &["d4-e5"]);
        assert_eq!(g.position_text(), "7s/8/8/2ssS3/8/8/8/8 b 6");
        assert_eq!(
            texts(&g),
            [
                "c5-b4", "c5-c4", "c5-d4", "c5x", "d5-c4", "d5-d4", "d5-e4", "d5x", "h8-g7",
                "h8-h7", "h8x"
            ]
        );
    }

    // Rule: "explode: choose one of your pieces; it and every piece of
    // either colour on the up to eight surrounding squares are removed."
    #[test]
    fn explosions_clear_the_square_and_its_neighbours() {
        // White d4 among: own c3, e5; Black d5, c4, e3; and outside the
        // blast own b2 and Black f6, d6.
        let mut g = at("8/8/3s1s2/3sS3/2sS4/2S1s3/1S6/8 w");
        play(&mut g, &["d4x"]);
        assert_eq!(g.position_text(), "8/8/3s1s2/8/8/8/1S6/8 b 1");
        assert_eq!(g.outcome(), None);
        let blast: Vec<Cell> = g.view().highlights.iter().map(|h| h.cell).collect();
        assert_eq!(blast.len(), 9);
        assert!(
            g.view()
                .highlights
                .iter()
                .all(|h| h.kind == HighlightKind::Blast)
        );
        // In a corner the area is the four squares on the board.
        let mut g = at("7s/8/8/8/8/8/SS6/SS6 w");
        play(&mut g, &["a1x"]);
        assert_eq!(g.view().highlights.len(), 4);
        assert_eq!(g.position_text(), "7s/8/8/8/8/8/8/8 b 1");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoPiecesLeft))
        );
    }

    // Rule: "a step onto the opponent's back rank (rank 8 for White, rank 1
    // for Black) wins at once".
    #[test]
    fn stepping_onto_the_back_rank_wins() {
        let mut g = at("ss6/2S5/8/8/8/8/8/7S w 20");
        play(&mut g, &["c7-d8"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::ReachedLastRank))
        );
        assert!(g.legal_move_list().is_empty());
        assert_eq!(refused(&g, "a8x"), MoveError::GameOver);
        assert_eq!(g.view().status.to_move, None);
        let again = at(&g.position_text());
        assert_eq!(again.outcome(), g.outcome());
        let mut g = at("8/8/8/8/7S/8/s7/8 b");
        play(&mut g, &["a2-b1"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::ReachedLastRank))
        );
    }

    // Rule: "after an explosion: if both sides have no pieces, draw;
    // otherwise a side with no pieces loses (also the mover who blew up its
    // own last piece)."
    #[test]
    fn explosions_that_empty_a_side() {
        // Both last stones are side by side: a draw.
        let mut g = at("8/8/8/3sS3/8/8/8/8 w");
        play(&mut g, &["e5x"]);
        assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::NoPiecesLeft)));
        assert!(g.legal_move_list().is_empty());
        // White's only stone takes Black's last two with it: a draw too.
        let mut g = at("8/8/3ss3/4S3/8/8/8/8 w");
        play(&mut g, &["e5x"]);
        assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::NoPiecesLeft)));
        // Black blows up White's last stone but keeps one: Black wins.
        let mut g = at("8/s7/8/3ss3/4S3/8/8/8 b");
        play(&mut g, &["d5x"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoPiecesLeft))
        );
        // White blows up its own last stone far from Black: White loses.
        let mut g = at("7s/8/8/8/8/8/8/S7 w");
        play(&mut g, &["a1x"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoPiecesLeft))
        );
        assert_eq!(g.view().status.scores, Some((ScoreKind::Pieces, [0, 1])));
        assert_eq!(at(&g.position_text()).outcome(), g.outcome());
    }

    // Rule: "A side with pieces always has a move (it can explode). No
    // passing." White a6 is boxed in by Black stones and can only explode.
    #[test]
    fn a_boxed_in_stone_can_still_explode() {
        let g = at("7s/ss6/S7/8/8/8/8/8 w");
        assert_eq!(texts(&g), ["a6x"]);
        assert!(matches!(refused(&g, "pass"), MoveError::Syntax { .. }));
    }

    // Rule: "Canonical text: step `c2-c3`; explode `c2x`. Aliases: `boom
    // c2`, `x c2`."
    #[test]
    fn canonical_text_and_aliases() {
        let g = start();
        let step = g.parse_move("c2-c3").unwrap();
        assert_eq!(g.move_text(step), "c2-c3");
        assert_eq!(step.to(), Some(Cell::new(2, 2)));
        assert_eq!(g.move_origin(step), Some(Cell::new(2, 1)));
        let boom = g.parse_move("c2x").unwrap();
        assert!(boom.is_explosion());
        assert_eq!(g.move_text(boom), "c2x");
        assert_eq!(g.move_origin(boom), Some(Cell::new(2, 1)));
        for alias in ["boom c2", "BOOM C2", "boomc2", "x c2", "xc2", " C2 X "] {
            assert_eq!(g.parse_move(alias), Ok(boom), "{alias}");
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let g = start();
        for bad in [
            "",
            "x",
            "boom",
            "c2",
            "c2-",
            "c2c3",
            "c2-c3x",
            "boom c2 c3",
            "bang c2",
            "🙂",
        ] {
            assert!(
                matches!(refused(&g, bad), MoveError::Syntax { .. }),
                "{bad:?}"
            );
        }
        assert!(reason(&g, "c3x").en.contains("c3 is empty"));
        assert!(reason(&g, "boom c7").en.contains("White's turn"));
        assert!(reason(&g, "c7-c6").es.contains("mueven las blancas"));
        assert!(reason(&g, "c1-c2").en.contains("must be empty"));
        assert!(reason(&g, "i2x").en.contains("not on the 8×8 board"));
    }

    #[test]
    fn position_text_round_trips_and_rejects_nonsense() {
        let mut g = start();
        play(&mut g, &["c2-d3", "boom e7", "d3-d4"]);
        let text = g.position_text();
        // e7's blast took d8, e8 and f8 as well.
        assert_eq!(text, "sss3ss/sss3ss/8/8/3S4/8/SS1SSSSS/SSSSSSSS b 3");
        let back = at(&text);
        assert_eq!(back.position_text(), text);
        assert_eq!(back.legal_move_list(), g.legal_move_list());
        assert!(back.view().highlights.is_empty());
        for bad in [
            "",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS w",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSS w",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSSS w",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSP w",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS -",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS w x",
            "ssssssss/ssssssss/8/8/8/8/SSSSSSSS/SSSSSSSS w 0 0",
            "ssssssss/ssssssss/8/8/99999999999999999999999/8/SSSSSSSS/SSSSSSSS w",
            // The side to move on its goal rank; a finished step beside an
            // empty side.
            "S7/8/8/8/8/8/8/7s w",
            "S7/8/8/8/8/8/8/8 b",
        ] {
            assert!(Bombardment::from_position_text(bad).is_err(), "{bad:?}");
        }
        // No stones at all: a draw, whoever is to move.
        assert_eq!(
            at("8/8/8/8/8/8/8/8 w").outcome(),
            Some(Outcome::draw(EndReason::NoPiecesLeft))
        );
    }
}
