//! Ajedrez del Guadalete (J. D. Sánchez Torres, 2006) and its 14-rank
//! cylinder: chess with a river that pawns fill with planks.
//!
//! Both games share one engine ([`board`]), generic over the board shape:
//! [`Guadalete`] plays on 8 × 8 with the river on ranks 4 and 5;
//! [`Guadalete14`] on 8 files × 14 ranks whose top and bottom edges join,
//! with the river on ranks 14 and 1.
//!
//! Rules as RULES.md fixes them, and the decisions taken where it is silent:
//!
//! - A Guadalete pawn (guadalete14: a rear pawn) that steps onto a river
//!   square holding no piece is replaced by a plank at once and counts for
//!   the balance rule. **Decision**: this holds for an already planked square
//!   too (the plank stays; only possible in set-up positions), so these pawns
//!   never cross the river, and position texts may put them only on ranks 2–3
//!   / 6–7 (guadalete) or 2 / 13 (rear pawns).
//! - The balance rule ("you have no pawns left") counts the pawns that can
//!   still become planks: guadalete14's rear pawns, not its front pawns.
//! - Front pawns promote only to an amazon, as RULES.md says.
//! - On the cylinder, as on the flat board, a knight jumps over river
//!   squares and lands only on planks ("cross" in RULES.md's guadalete14
//!   section is read as sliding across).
//! - A slider's ray on the cylinder stops before coming back round to its
//!   own square, and a square reached both ways round is one move.
//! - Castling on the cylinder is castling along rank 3 (rank 12 for Black):
//!   king e3 to g3 with the h3 rook to f3, or to c3 with the a3 rook to d3,
//!   under chess's conditions. Files do not wrap, so nothing else changes.
//! - Insufficient material ignores the pawns that only make planks
//!   (guadalete's pawns, guadalete14's rear pawns) but counts front pawns,
//!   which promote: a draw with only kings, kings and one knight, or kings
//!   and bishops all on one square colour.
//! - Results, in this order: checkmate and stalemate; then insufficient
//!   material, threefold repetition (counted since the last capture or pawn
//!   move, which cannot be undone) and the fifty-move rule (100 plies).

mod board;
mod fen;
mod geometry;
mod notation;

#[cfg(test)]
mod tests;

use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Outcome, Phase, Piece, PieceKind, PositionError, Setup, SetupError, Shape, Side, Status,
    Terrain, Turn,
};
pub use board::{Cylinder, Move, River8, Variant};
use board::{Kind, NONE, Position, Role, WHITE, bit};

/// Ajedrez del Guadalete: the 8 × 8 game.
///
/// ```
/// use tablero_rules::Game;
/// use tablero_rules::guadalete::Guadalete;
/// let mut g = Guadalete::new(&Default::default()).unwrap();
/// assert_eq!(g.legal_move_list().len(), 20);
/// assert_eq!(g.play_text("e4").unwrap(), "e4"); // a plank now lies on e4
/// assert!(g.position_text().ends_with(" e4 1:0"));
/// ```
pub type Guadalete = RiverChess<River8>;

/// Guadalete cilíndrico: the 8-file × 14-rank cylinder.
///
/// ```
/// use tablero_rules::Game;
/// use tablero_rules::guadalete::Guadalete14;
/// let g = Guadalete14::new(&Default::default()).unwrap();
/// assert_eq!(g.legal_move_list().len(), 28);
/// ```
pub type Guadalete14 = RiverChess<Cylinder>;

/// Positions kept for repetition: since the last capture or pawn move at
/// most 101 (the fifty-move rule ends the game), plus the earlier
/// occurrences a position text may state.
const HISTORY: usize = 104;

/// A game of Guadalete chess on board `V`.
#[derive(Clone, Debug)]
pub struct RiverChess<V: Variant> {
    pos: Position<V>,
    /// Hashes of the positions since the last capture or pawn move, the
    /// current one last.
    history: [u64; HISTORY],
    seen: usize,
    /// The last move, for the view; not part of the position.
    last: Option<Move>,
}

/// The result that ends the game even though moves remain, if any.
fn draw<V: Variant>(pos: &Position<V>, history: &[u64]) -> Option<EndReason> {
    if pos.insufficient_material() {
        return Some(EndReason::InsufficientMaterial);
    }
    by_history(pos, history)
}

/// Threefold repetition or the 50-move rule.
fn by_history<V: Variant>(pos: &Position<V>, history: &[u64]) -> Option<EndReason> {
    let now = history.last().copied();
    if history.iter().filter(|&&h| Some(h) == now).count() >= 3 {
        return Some(EndReason::ThreefoldRepetition);
    }
    (pos.halfmove >= 100).then_some(EndReason::FiftyMoveRule)
}

/// Perft over positions and a stack of hashes, without cloning games:
/// `history[base..]` is the span repetitions are counted over.
fn perft<V: Variant>(
    pos: &Position<V>,
    history: &mut Vec<u64>,
    base: usize,
    depth: u32,
    lists: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if draw(pos, &history[base..]).is_some() {
        return 0;
    }
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 0;
    };
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let mut next = *pos;
        next.play(m);
        let len = history.len();
        let base = if next.halfmove == 0 { len } else { base };
        history.push(next.hash());
        total += perft(&next, history, base, depth - 1, deeper);
        history.truncate(len);
    }
    total
}

impl<V: Variant> RiverChess<V> {
    fn from_position(pos: Position<V>, repeated: usize) -> RiverChess<V> {
        let mut history = [0; HISTORY];
        let seen = repeated.clamp(1, 3);
        history[..seen].fill(pos.hash());
        RiverChess {
            pos,
            history,
            seen,
            last: None,
        }
    }

    /// How often the current position has occurred.
    fn repeated(&self) -> usize {
        let now = self.history[self.seen - 1];
        self.history[..self.seen]
            .iter()
            .filter(|&&h| h == now)
            .count()
    }

    fn side(color: usize) -> Side {
        if color == WHITE {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// Read-only facts for search engines, beyond the [`Game`] interface.
impl<V: Variant> RiverChess<V> {
    /// Ranks of the board (8, or 14 on the cylinder); files are always 8.
    #[must_use]
    pub fn ranks(&self) -> u8 {
        V::RANKS
    }

    /// The piece on square `rank * 8 + file`: its side and role. Both kinds
    /// of pawn (guadalete14's rear and front pawns) are [`crate::san::Role::Pawn`].
    #[must_use]
    pub fn piece_at(&self, square: u8) -> Option<(Side, crate::san::Role)> {
        use crate::san::Role as R;
        if square >= 8 * V::RANKS {
            return None;
        }
        let (color, role) = self.pos.piece(square)?;
        let role = match role {
            Role::Pawn | Role::FrontPawn => R::Pawn,
            Role::Knight => R::Knight,
            Role::Bishop => R::Bishop,
            Role::Rook => R::Rook,
            Role::Queen => R::Queen,
            Role::King => R::King,
            Role::Amazon => R::Amazon,
        };
        Some((Self::side(color), role))
    }

    /// Whether the game is drawn by what led here (threefold repetition or
    /// the 50-move rule), which the placement alone does not tell: a
    /// search's transposition table must not hide it. Cheap, unlike
    /// [`Game::outcome`].
    #[must_use]
    pub fn drawn_by_history(&self) -> bool {
        by_history(&self.pos, &self.history[..self.seen]).is_some()
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// Whether move `m` (legal here) takes a piece, en passant included.
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.pos.piece(m.to).is_some() || m.kind == Kind::EnPassant
    }

    /// Whether move `m` makes a plank or promotes a pawn.
    #[must_use]
    pub fn is_pawn_landing(&self, m: Move) -> bool {
        matches!(m.kind, Kind::Plank | Kind::Promotion)
    }
}

impl<V: Variant> Game for RiverChess<V> {
    type Move = Move;
    const ID: GameId = V::ID;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.resolve(V::ID.info().params)?;
        setup.expect_no_deal()?;
        let (pos, repeated) = fen::read::<V>(V::START).expect("the start position is valid");
        Ok(RiverChess::from_position(pos, repeated))
    }

    fn turn(&self) -> Turn {
        Turn::play(Self::side(self.pos.turn))
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if draw(&self.pos, &self.history[..self.seen]).is_some() {
            moves.clear();
        } else {
            self.pos.legal_moves(moves);
        }
    }

    fn play(&mut self, m: Move) {
        self.pos.play(m);
        self.last = Some(m);
        if self.pos.halfmove == 0 {
            self.seen = 0;
        }
        if self.seen == HISTORY {
            self.history.copy_within(1.., 0);
            self.seen -= 1;
        }
        self.history[self.seen] = self.pos.hash();
        self.seen += 1;
    }

    fn position_key(&self) -> u64 {
        self.pos.hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(if self.pos.in_check() {
                Outcome::win(Self::side(1 - self.pos.turn), EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        draw(&self.pos, &self.history[..self.seen]).map(Outcome::draw)
    }

    fn move_text(&self, m: Move) -> String {
        let mut legal = Vec::new();
        self.pos.legal_moves(&mut legal);
        notation::write(&self.pos, &legal, m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let legal = self.legal_move_list();
        if legal.is_empty() {
            return Err(MoveError::GameOver);
        }
        notation::read(&self.pos, &legal, text)
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        Some(fen::cell(m.from))
    }

    fn position_text(&self) -> String {
        fen::write(&self.pos, self.repeated())
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        let (pos, repeated) = fen::read::<V>(text)?;
        Ok(RiverChess::from_position(pos, repeated))
    }

    fn view(&self) -> BoardView {
        let pos = &self.pos;
        let cells = (0..Position::<V>::squares())
            .map(|sq| CellView {
                terrain: match (Position::<V>::is_river(sq), pos.planks & bit(sq) != 0) {
                    (false, _) => Terrain::Normal,
                    (true, false) => Terrain::River,
                    (true, true) => Terrain::Plank,
                },
                piece: pos.piece(sq).map(|(color, role)| Piece {
                    kind: match role {
                        Role::Pawn | Role::FrontPawn => PieceKind::Pawn,
                        Role::Knight => PieceKind::Knight,
                        Role::Bishop => PieceKind::Bishop,
                        Role::Rook => PieceKind::Rook,
                        Role::Queen => PieceKind::Queen,
                        Role::King => PieceKind::King,
                        Role::Amazon => PieceKind::Amazon,
                    },
                    color: if color == WHITE {
                        Color::White
                    } else {
                        Color::Black
                    },
                }),
                ..CellView::empty(fen::cell(sq))
            })
            .collect();
        let mut highlights = Vec::new();
        let mut mark = |sq: u8, kind| {
            highlights.push(Highlight {
                cell: fen::cell(sq),
                kind,
            })
        };
        if let Some(m) = self.last {
            mark(m.from, HighlightKind::From);
            match m.kind {
                // The pawn is gone; its plank is what was placed.
                Kind::Plank => mark(m.to, HighlightKind::Placed),
                Kind::CastleShort | Kind::CastleLong => {
                    mark(m.to, HighlightKind::To);
                    let home = m.from / 8 * 8;
                    let (rook_from, rook_to) = if m.kind == Kind::CastleShort {
                        (7, 5)
                    } else {
                        (0, 3)
                    };
                    mark(home + rook_from, HighlightKind::From);
                    mark(home + rook_to, HighlightKind::To);
                }
                _ => mark(m.to, HighlightKind::To),
            }
        }
        let outcome = self.outcome();
        let king = pos.kings[pos.turn];
        if king != NONE && pos.in_check() {
            mark(king, HighlightKind::Check);
        }
        let ply = (pos.fullmove.saturating_sub(1))
            .saturating_mul(2)
            .saturating_add(pos.turn as u32);
        BoardView {
            shape: Shape::Square {
                files: 8,
                ranks: V::RANKS,
                wrap_ranks: V::CYLINDER,
            },
            cells,
            highlights,
            status: Status {
                to_move: outcome.is_none().then(|| Self::side(pos.turn)),
                phase: Phase::Play,
                ply,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: None,
                outcome,
            },
        }
    }

    /// Perft without cloning the game: positions are `Copy`, and the
    /// repetition history is one stack shared by the whole search.
    fn perft(&self, depth: u32) -> u64 {
        let mut history = self.history[..self.seen].to_vec();
        let mut lists = vec![Vec::with_capacity(64); depth as usize];
        perft(&self.pos, &mut history, 0, depth, &mut lists)
    }
}
