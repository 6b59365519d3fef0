//! Breakthrough (Gran avance), Dan Troyka 2000.
//!
//! Two rows of pawn-like pieces race forward on an 8×8 board. A piece steps
//! one square straight forward onto an empty square, or diagonally forward
//! onto an empty square or onto an enemy piece, which it captures. Reaching
//! the opponent's back rank, or capturing every enemy piece, wins.
//!
//! Notation: `a2-a3` for a step, `a2xb3` for a capture; `a2-b3` is accepted
//! for a capture too. Position text: the ranks from 8 down to 1, `P` for a
//! White piece and `p` for a Black one, runs of empty squares as numbers,
//! then `w` or `b` for the side to move and the number of moves played:
//! `pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0`.
//!
//! ```
//! use tablero_rules::{Game, Setup, breakthrough::Breakthrough};
//! let mut g = Breakthrough::new(&Setup::default()).unwrap();
//! assert_eq!(g.legal_move_list().len(), 22);
//! assert_eq!(g.play_text("b2 - c3").unwrap(), "b2-c3");
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

/// A move of one piece: the square it leaves and the square it reaches.
/// Whether it captures follows from the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square index, a1 = 0, b1 = 1, …, h8 = 63; always below 64.
    from: u8,
    to: u8,
}

impl Move {
    /// The square the piece leaves.
    #[must_use]
    pub fn from(self) -> Cell {
        Cell::from_index(self.from as usize, SIZE)
    }

    /// The square the piece reaches.
    #[must_use]
    pub fn to(self) -> Cell {
        Cell::from_index(self.to as usize, SIZE)
    }
}

/// A Breakthrough position, with the last move for the view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakthrough {
    /// The pieces of each side by [`Side::index`], bit `i` = square `i`.
    pieces: [u64; 2],
    turn: Side,
    /// Moves played since the start.
    ply: u32,
    /// Decided by the last move, so kept rather than recomputed.
    outcome: Option<Outcome>,
    last: Option<Move>,
}

/// The rank a side must reach to win.
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

/// The form moves are written in, for syntax errors.
fn expected() -> Msg {
    msg!(
        "`a2-a3`, or `a2xb3` for a capture",
        "`a2-a3`, o `a2xb3` para capturar"
    )
}

impl Breakthrough {
    /// The position with `pieces` and `turn`, its result worked out from
    /// the board as the last move would have left it.
    fn from_parts(pieces: [u64; 2], turn: Side, ply: u32) -> Result<Self, PositionError> {
        let [white, black] = pieces;
        if white & black != 0 {
            return Err(PositionError::new("a square holds two pieces"));
        }
        let mover = turn.other();
        // Only the side that just moved can have ended the game.
        if pieces[turn.index()] & goal(turn) != 0 {
            return Err(PositionError::new(
                "the side to move already stands on its goal rank",
            ));
        }
        if pieces[mover.index()] == 0 {
            return Err(PositionError::new("the side that just moved has no pieces"));
        }
        let outcome = if pieces[mover.index()] & goal(mover) != 0 {
            Some(Outcome::win(mover, EndReason::ReachedLastRank))
        } else if pieces[turn.index()] == 0 {
            Some(Outcome::win(mover, EndReason::NoPiecesLeft))
        } else {
            None
        };
        Ok(Breakthrough {
            pieces,
            turn,
            ply,
            outcome,
            last: None,
        })
    }

    /// The side whose piece stands on `square`, if any.
    fn owner(&self, square: u8) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.pieces[s.index()] & bit(square) != 0)
    }

    /// Calls `f` with every legal move: squares a1 to h8, and for each
    /// piece its left diagonal, straight and right diagonal step.
    fn for_each_move(&self, f: impl FnMut(Move)) {
        self.moves_onto(!0, f);
    }

    /// The legal moves that end on a square of `targets`, by the square
    /// left (lowest first), then to the left, straight, to the right.
    fn moves_onto(&self, targets: u64, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let own = self.pieces[self.turn.index()];
        let empty = !(self.pieces[0] | self.pieces[1]);
        let (straight, diagonal) = (empty & targets, !own & targets);
        let first = self.turn == Side::First;
        for from in squares(own) {
            // What to add to `from` for each step (left, straight, right
            // as the board is drawn), and whether the step stays on it.
            let file = from % SIZE;
            let steps: [(i8, u64, bool); 3] = if first {
                [
                    (7, diagonal, file > 0),
                    (8, straight, true),
                    (9, diagonal, file < 7),
                ]
            } else {
                [
                    (-9, diagonal, file > 0),
                    (-8, straight, true),
                    (-7, diagonal, file < 7),
                ]
            };
            for (delta, allowed, on_board) in steps {
                let to = i16::from(from) + i16::from(delta);
                if on_board && (0..64).contains(&to) && allowed & bit(to as u8) != 0 {
                    f(Move { from, to: to as u8 });
                }
            }
        }
    }

    /// The moves that capture or reach the goal rank, into `moves` (the
    /// engine's quiescence search follows only these).
    pub fn noisy_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let enemy = self.pieces[self.turn.other().index()];
        self.moves_onto(enemy | goal(self.turn), |m| moves.push(m));
    }

    /// The number of legal moves, counted a whole rank of pieces at a time.
    fn count_moves(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let own = self.pieces[self.turn.index()];
        let empty = !(self.pieces[0] | self.pieces[1]);
        // Shifting by 7 or 9 wraps around the board's edge, so pieces on
        // the file they would leave through are masked off first.
        let (straight, left, right) = match self.turn {
            Side::First => (own << 8, (own & !FILE_A) << 7, (own & !FILE_H) << 9),
            Side::Second => (own >> 8, (own & !FILE_A) >> 9, (own & !FILE_H) >> 7),
        };
        ((straight & empty).count_ones() + (left & !own).count_ones() + (right & !own).count_ones())
            as u64
    }

    /// Why `from`→`to` is not legal, for a move that is not in the list;
    /// `capture` says whether the player wrote `x`.
    fn why_illegal(&self, from: Cell, to: Cell, capture: bool) -> Msg {
        let (side_en, side_es) = side_names(self.turn);
        let (f, t) = (from.index(SIZE) as u8, to.index(SIZE) as u8);
        let dy: i16 = if self.turn == Side::First { 1 } else { -1 };
        let dx = to.x as i16 - from.x as i16;
        match self.owner(f) {
            None => return msg!("{from} is empty", "{from} está vacía"),
            Some(s) if s != self.turn => {
                return msg!(
                    "{from} holds an enemy piece, and it is {side_en}'s turn",
                    "en {from} hay una pieza rival y mueven {side_es}"
                );
            }
            Some(_) => {}
        }
        if to.y as i16 - from.y as i16 != dy || dx.abs() > 1 {
            return msg!(
                "a piece moves one square forward, straight or diagonally, and {from} to {to} is not such a step",
                "una pieza avanza una casilla, recta o en diagonal, y de {from} a {to} no es ese paso"
            );
        }
        let target = self.owner(t);
        if target == Some(self.turn) {
            return msg!(
                "{to} holds one of your own pieces",
                "en {to} hay una pieza propia"
            );
        }
        if dx == 0 {
            return if capture || target.is_some() {
                msg!(
                    "straight moves never capture; a piece captures diagonally",
                    "los avances rectos nunca capturan; se captura en diagonal"
                )
            } else {
                msg!(
                    "{from} to {to} is not legal here",
                    "{from} a {to} no es legal aquí"
                )
            };
        }
        if capture && target.is_none() {
            return msg!(
                "{to} is empty, so there is nothing to capture; write {from}-{to}",
                "{to} está vacía y no hay nada que capturar; escribe {from}-{to}"
            );
        }
        msg!(
            "{from} to {to} is not legal here",
            "{from} a {to} no es legal aquí"
        )
    }
}

/// Read-only facts for search engines, beyond the [`Game`] interface.
impl Breakthrough {
    /// The squares of `side`'s pieces, bit `rank * 8 + file`.
    #[must_use]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }
}

impl Game for Breakthrough {
    type Move = Move;
    const ID: GameId = GameId::Breakthrough;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.resolve(GameId::Breakthrough.info().params)?;
        setup.expect_no_deal()?;
        Ok(Breakthrough {
            pieces: [RANK_1 | RANK_1 << 8, RANK_8 | RANK_8 >> 8],
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
        let enemy = mover.other();
        let (from, to) = (bit(m.from), bit(m.to));
        self.pieces[mover.index()] = (self.pieces[mover.index()] & !from) | to;
        self.pieces[enemy.index()] &= !to;
        self.outcome = if to & goal(mover) != 0 {
            Some(Outcome::win(mover, EndReason::ReachedLastRank))
        } else if self.pieces[enemy.index()] == 0 {
            Some(Outcome::win(mover, EndReason::NoPiecesLeft))
        } else {
            None
        };
        self.turn = enemy;
        self.ply = self.ply.saturating_add(1);
        self.last = Some(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn position_key(&self) -> u64 {
        let mix = |x: u64| {
            let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb)
        };
        mix(self.pieces[0]) ^ mix(self.pieces[1]).rotate_left(23) ^ self.turn.index() as u64
    }

    fn move_text(&self, m: Move) -> String {
        let capture = self.pieces[self.turn.other().index()] & bit(m.to) != 0;
        format!("{}{}{}", m.from(), if capture { 'x' } else { '-' }, m.to())
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let s: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        let syntax = || MoveError::syntax(text, expected());
        let (from, rest) = Cell::parse_prefix(&s).ok_or_else(syntax)?;
        let capture = match rest.as_bytes().first() {
            Some(b'-') => false,
            Some(b'x') => true,
            _ => return Err(syntax()),
        };
        let to = Cell::parse(&rest[1..]).ok_or_else(syntax)?;
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        for c in [from, to] {
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
        let (f, t) = (from.index(SIZE) as u8, to.index(SIZE) as u8);
        let target_is_enemy = self.pieces[self.turn.other().index()] & bit(t) != 0;
        resolve(
            self,
            text,
            // `a2-b3` names a capture too; `a2xb3` only a capture.
            |m| m.from == f && m.to == t && (!capture || target_is_enemy),
            || self.why_illegal(from, to, capture),
        )
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        Some(m.from())
    }

    fn position_text(&self) -> String {
        let board = write_rows((0..SIZE).rev().map(|y| {
            (0..SIZE).map(move |x| {
                self.owner(Cell::new(x, y).index(SIZE) as u8)
                    .map(|side| if side == Side::First { 'P' } else { 'p' })
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
        let rows = read_rows(board, "Pp")?;
        if rows.len() != SIZE as usize {
            return Err(PositionError::new("the board must have 8 ranks"));
        }
        check_width(&rows, SIZE as usize)?;
        let mut pieces = [0u64; 2];
        for (i, row) in rows.iter().enumerate() {
            let y = SIZE as usize - 1 - i;
            for (x, cell) in row.iter().enumerate() {
                if let Some(c) = cell {
                    pieces[usize::from(*c == 'p')] |= 1u64 << (y * SIZE as usize + x);
                }
            }
        }
        Breakthrough::from_parts(pieces, turn, ply)
    }

    fn view(&self) -> BoardView {
        let shape = Shape::grid(SIZE, SIZE);
        let cells = shape
            .cells()
            .into_iter()
            .map(|cell| CellView {
                piece: self.owner(cell.index(SIZE) as u8).map(|s| Piece {
                    kind: PieceKind::Pawn,
                    color: color_of(s),
                }),
                ..CellView::empty(cell)
            })
            .collect();
        let highlights = self
            .last
            .map(|m| {
                vec![
                    Highlight {
                        cell: m.from(),
                        kind: HighlightKind::From,
                    },
                    Highlight {
                        cell: m.to(),
                        kind: HighlightKind::To,
                    },
                ]
            })
            .unwrap_or_default();
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
                    self.pieces.map(|p| p.count_ones() as i32),
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
    use crate::check::{move_texts as texts, play_all as play, refused};

    const START: &str = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0";

    fn start() -> Breakthrough {
        Breakthrough::new(&Setup::default()).unwrap()
    }

    fn at(text: &str) -> Breakthrough {
        Breakthrough::from_position_text(text).unwrap()
    }

    // Rule: "Start: White a1–h2, Black a7–h8, 16 each. White moves first."
    #[test]
    fn start_position() {
        let g = start();
        assert_eq!(g.position_text(), START);
        assert_eq!(g.turn(), Turn::play(Side::First));
        let v = g.view();
        assert_eq!(v.cells.len(), 64);
        let white = Piece {
            kind: PieceKind::Pawn,
            color: Color::White,
        };
        assert_eq!(v.cell(Cell::new(0, 0)).unwrap().piece, Some(white));
        assert_eq!(v.cell(Cell::new(7, 1)).unwrap().piece, Some(white));
        assert_eq!(v.cell(Cell::new(3, 2)).unwrap().piece, None);
        assert_eq!(
            v.cell(Cell::new(7, 7)).unwrap().piece.map(|p| p.color),
            Some(Color::Black)
        );
        assert_eq!(v.status.scores, Some((ScoreKind::Pieces, [16, 16])));
        assert!(v.highlights.is_empty());
        assert!(Breakthrough::new(&Setup::default().with("size", 6)).is_err());
        assert!(
            Breakthrough::new(&Setup {
                seed: Some(1),
                ..Setup::default()
            })
            .is_err()
        );
    }

    // Perft by hand. Depth 1: of White's pieces only the rank-2 ones can
    // move (rank 1 is blocked by rank 2 straight ahead and diagonally);
    // a2 and h2 have two steps each (one diagonal leaves the board), b2–g2
    // three each: 2 + 6·3 + 2 = 22. Depth 2: whatever White plays lands on
    // rank 3, out of reach of Black's rank-7 pieces, whose 22 moves mirror
    // White's: 22·22 = 484.
    #[test]
    fn perft_by_hand() {
        let g = start();
        assert_eq!(g.perft(1), 22);
        assert_eq!(g.legal_move_list().len(), 22);
        assert_eq!(g.perft(2), 484);
        // The default perft (clone, play, recurse) agrees with the fast one.
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

    // Rule: "one step straight forward onto an empty square, or one step
    // diagonally forward onto an empty square or onto an enemy piece,
    // capturing it." White d4 faces Black d5 (blocked) with Black e5
    // (capturable) and an empty c5.
    #[test]
    fn steps_and_diagonal_captures() {
        let g = at("7p/8/8/3pp3/3P4/8/8/8 w 3");
        assert_eq!(texts(&g), ["d4-c5", "d4xe5"]);
        let mut g2 = g.clone();
        play(&mut g2, &["d4xe5"]);
        assert_eq!(g2.position_text(), "7p/8/8/3pP3/8/8/8/8 b 4");
        assert_eq!(g2.view().status.scores, Some((ScoreKind::Pieces, [1, 2])));
        // Black moves down the board.
        assert_eq!(texts(&g2), ["d5-c4", "d5-d4", "d5-e4", "h8-g7", "h8-h7"]);
    }

    /// The noisy moves are exactly the legal moves that capture or reach
    /// the goal rank, in the same order, along games of pseudo-random
    /// moves.
    #[test]
    fn noisy_moves_are_the_captures_and_the_goal_steps() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..40 {
            let mut g = Breakthrough::new(&Setup::default()).unwrap();
            while g.outcome().is_none() {
                let enemy = g.pieces(g.turn.other());
                let expected: Vec<Move> = g
                    .legal_move_list()
                    .into_iter()
                    .filter(|m| (enemy | goal(g.turn)) & bit(m.to) != 0)
                    .collect();
                let mut noisy = Vec::new();
                g.noisy_moves(&mut noisy);
                assert_eq!(noisy, expected, "{}", g.position_text());
                checked += noisy.len();
                let moves = g.legal_move_list();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                g.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 500, "{checked}");
    }

    // Rule: "No straight captures": a piece in front blocks, whoever owns it.
    #[test]
    fn straight_moves_never_capture() {
        let g = at("7p/8/8/3p4/3P4/8/8/8 w");
        let err = refused(&g, "d4xd5");
        let MoveError::Illegal { why, .. } = err else {
            panic!("{err:?}")
        };
        assert!(why.en.contains("straight moves never capture"), "{why}");
        assert!(why.es.contains("nunca capturan"), "{why:?}");
        assert!(matches!(refused(&g, "d4-d5"), MoveError::Illegal { .. }));
    }

    // Rule: "no passing": every piece with a step keeps the game going, and
    // a side with pieces always has one (its most advanced piece can step
    // diagonally), so passing is never needed and never offered.
    #[test]
    fn no_passing() {
        let g = at("7p/8/8/8/8/8/8/P7 w");
        assert_eq!(texts(&g), ["a1-a2", "a1-b2"]);
        assert!(matches!(refused(&g, "pass"), MoveError::Syntax { .. }));
    }

    // Rule: "a side wins on reaching the opponent's back rank".
    #[test]
    fn reaching_the_back_rank_wins() {
        let mut g = at("7p/3P4/8/8/8/8/8/8 w 9");
        play(&mut g, &["d7-d8"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::ReachedLastRank))
        );
        assert!(g.legal_move_list().is_empty());
        assert_eq!(refused(&g, "h8-h7"), MoveError::GameOver);
        assert_eq!(g.view().status.to_move, None);
        // Black wins on rank 1 the same way, capturing on the way in. When
        // the capture also takes White's last piece, both ways to win hold;
        // the rank is named, as RULES.md lists it first.
        let mut g = at("8/8/8/8/8/8/5p2/4P3 b");
        play(&mut g, &["f2xe1"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::ReachedLastRank))
        );
        let mut g = at("8/8/8/8/8/8/5p2/4P2P b");
        play(&mut g, &["f2xe1"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::Second, EndReason::ReachedLastRank))
        );
    }

    // Rule: "or when the opponent has no pieces". No draws.
    #[test]
    fn capturing_every_enemy_piece_wins() {
        let mut g = at("8/8/8/4p3/3P4/8/8/8 w");
        play(&mut g, &["d4xe5"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoPiecesLeft))
        );
        assert_eq!(g.position_text(), "8/8/8/4P3/8/8/8/8 b 1");
        // The text alone gives the result back.
        assert_eq!(at("8/8/8/4P3/8/8/8/8 b 1").outcome(), g.outcome());
    }

    // Rule: "Canonical text: `a2-a3`, capture `a2xb3`; `a2-b3` accepted for
    // a capture."
    #[test]
    fn canonical_text_and_aliases() {
        let g = at("7p/8/8/8/8/1p6/P7/8 w");
        assert_eq!(texts(&g), ["a2-a3", "a2xb3"]);
        let capture = g.parse_move("a2xb3").unwrap();
        assert_eq!(g.parse_move("a2-b3"), Ok(capture));
        assert_eq!(g.parse_move(" A2 X B3 "), Ok(capture));
        assert_eq!(g.move_origin(capture), Some(Cell::new(0, 1)));
        let step = g.parse_move("A2-a3").unwrap();
        assert_eq!(g.move_text(step), "a2-a3");
        // `x` claims a capture, so it does not fit a plain step.
        let g = start();
        let MoveError::Illegal { why, .. } = refused(&g, "a2xb3") else {
            panic!()
        };
        assert!(why.en.contains("nothing to capture"), "{why}");
    }

    #[test]
    fn errors_name_the_problem() {
        let g = start();
        for bad in [
            "", "a2", "a2-", "a2a3", "a2-a3-a4", "a2=a3", "🙂", "boom a2",
        ] {
            assert!(
                matches!(refused(&g, bad), MoveError::Syntax { .. }),
                "{bad:?}"
            );
        }
        let reason = |text: &str| match refused(&g, text) {
            MoveError::Illegal { why, .. } => why,
            e => panic!("{text}: {e:?}"),
        };
        assert!(reason("a3-a4").en.contains("a3 is empty"));
        assert!(reason("a7-a6").en.contains("White's turn"));
        assert!(reason("a7-a6").es.contains("mueven las blancas"));
        assert!(reason("a2-a4").en.contains("one square forward"));
        assert!(reason("a1-a2").en.contains("your own piece"));
        assert!(reason("a1-b2").en.contains("your own piece"));
        assert!(reason("k9-k10").en.contains("not on the 8×8 board"));
        assert!(reason("a2xa3").en.contains("straight moves never capture"));
        // Breakthrough has no aliases that could fit two moves.
        let moves = g.legal_move_list();
        for m in &moves {
            assert_eq!(g.parse_move(&g.move_text(*m)), Ok(*m));
        }
    }

    #[test]
    fn position_text_round_trips_and_rejects_nonsense() {
        let mut g = start();
        play(&mut g, &["c2-c3", "h7-h6", "c3-c4"]);
        let text = g.position_text();
        assert_eq!(text, "pppppppp/ppppppp1/7p/8/2P5/8/PP1PPPPP/PPPPPPPP b 3");
        let back = at(&text);
        assert_eq!(back.position_text(), text);
        assert_eq!(back.legal_move_list(), g.legal_move_list());
        // The last move is for the view only.
        assert_eq!(back.view().highlights, vec![]);
        assert_eq!(
            g.view().highlights,
            vec![
                Highlight {
                    cell: Cell::new(2, 2),
                    kind: HighlightKind::From
                },
                Highlight {
                    cell: Cell::new(2, 3),
                    kind: HighlightKind::To
                },
            ]
        );
        for bad in [
            "",
            "8/8/8/8/8/8/8/8 w",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP w",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPP w",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPPP w",
            "pppppppp/pppppppp/9/8/8/8/PPPPPPPP/PPPPPPPP w",
            "pppppppp/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/PPPPPPPP w",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPK w",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP x",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w -1",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 0",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPé w",
            // White to move but already on rank 8; Black to move with none.
            "P7/8/8/8/8/8/8/7p w",
            "p7/8/8/8/8/8/8/8 b",
        ] {
            assert!(Breakthrough::from_position_text(bad).is_err(), "{bad:?}");
        }
    }
}
