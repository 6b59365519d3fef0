//! Chess and Saltador (jumping-bishop chess): FIDE rules with automatic
//! draws by threefold repetition, the fifty-move rule and insufficient
//! material; moves in SAN (UCI accepted), positions in FEN.
//!
//! Both games share one bitboard engine (the `position` submodule);
//! Saltador's bishop leaps (±3,±3), (±3,±1) or (±1,±3), unblockable,
//! instead of sliding.
//!
//! ```
//! use tablero_rules::{Game, Setup};
//! use tablero_rules::chess::Chess;
//! let mut g = Chess::new(&Setup::default()).unwrap();
//! assert_eq!(g.perft(2), 400);
//! assert_eq!(g.play_text("e2e4").unwrap(), "e4");
//! assert_eq!(g.play_text("e5").unwrap(), "e5");
//! assert_eq!(g.play_text("nf3").unwrap(), "Nf3");
//! ```

mod attacks;
mod fen;
mod moves;
mod position;

use crate::san::{self, CastleSide, Reading, Role, SanMove, Suffix};
use crate::{
    BoardView, Cell, CellView, Color, EndReason, Game, GameId, Highlight, HighlightKind, MoveError,
    Msg, Outcome, Phase, Piece, PieceKind, PositionError, Setup, SetupError, Shape, Side, Status,
    Turn, msg,
};
use position::{BLACK, Counter, MoveList, Position, WHITE};
pub use position::{Move, ROLES, Variant};

/// Standard chess pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orthodox;

impl Variant for Orthodox {
    const ID: GameId = GameId::Chess;
    const JUMPING_BISHOP: bool = false;
}

/// Saltador's pieces: the bishop is the jumping bishop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JumpingBishop;

impl Variant for JumpingBishop {
    const ID: GameId = GameId::Saltador;
    const JUMPING_BISHOP: bool = true;
}

/// Standard chess.
pub type Chess = ChessGame<Orthodox>;

/// Jumping-bishop chess.
pub type Saltador = ChessGame<JumpingBishop>;

/// The start position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A game of chess or saltador: the engine position plus what the rules
/// and the view need beyond it (the history for repetitions, the last
/// move, the result). No heap: cloning is a copy.
///
/// The history is the *window* of positions that the current one or a
/// later one can still repeat: those since the last capture, pawn move or
/// loss of a castling right (each makes every earlier position
/// unreachable). Its moves are written after the FEN in the position text,
/// so a game read back repeats exactly as the original would.
#[derive(Clone, Debug)]
pub struct ChessGame<V> {
    pos: Position<V>,
    /// The keys of the window's positions, oldest first; `len` of them.
    keys: [u64; 101],
    /// The moves between them (`len - 1`), as from and to squares.
    moves: [(u8, u8); 100],
    len: u8,
    /// Whether the window's first position allowed an en-passant capture:
    /// no later position can equal it, so the text leaves it out.
    first_has_ep: bool,
    /// The last move's from and to squares (the king's, when castling).
    last: Option<(u8, u8)>,
    outcome: Option<Outcome>,
}

fn side_of(color: usize) -> Side {
    if color == WHITE {
        Side::First
    } else {
        Side::Second
    }
}

fn cell(sq: u8) -> Cell {
    Cell::new(sq % 8, sq / 8)
}

fn color_words(color: usize) -> (&'static str, &'static str) {
    if color == WHITE {
        ("White", "las blancas")
    } else {
        ("Black", "las negras")
    }
}

impl<V: Variant> ChessGame<V> {
    fn from_position(pos: Position<V>) -> ChessGame<V> {
        let mut keys = [0; 101];
        keys[0] = pos.key();
        let mut g = ChessGame {
            pos,
            keys,
            moves: [(0, 0); 100],
            len: 1,
            first_has_ep: pos.ep_legal(),
            last: None,
            outcome: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    /// Reads the FEN and, if given, the window's moves that led to it.
    fn read(text: &str) -> Result<ChessGame<V>, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fen, history) = match fields.len() {
            7 => (fields[..6].join(" "), Some(fields[6])),
            _ => (fields.join(" "), None),
        };
        let pos = Position::<V>::from_fen(&fen)?;
        let mut g = ChessGame::from_position(pos);
        let Some(history) = history else {
            return Ok(g);
        };
        let bad = || PositionError::new(format!("bad move history `{}`", crate::excerpt(history)));
        let mut moves = Vec::new();
        for uci in history.split(',') {
            let (from, rest) = Cell::parse_prefix(uci).ok_or_else(bad)?;
            let to = Cell::parse(rest).ok_or_else(bad)?;
            if !from.within(8, 8) || !to.within(8, 8) || moves.len() >= 100 {
                return Err(bad());
            }
            moves.push((from.y * 8 + from.x, to.y * 8 + to.x));
        }
        // Walk back to the window's first position...
        let mut first = pos;
        for &(from, to) in moves.iter().rev() {
            let mover = first.turn ^ 1;
            match first.piece_at(to as usize) {
                Some((c, role)) if c == mover && role != Role::Pawn => {
                    if first.piece_at(from as usize).is_some() || first.halfmove == 0 {
                        return Err(bad());
                    }
                    first.by_role[role as usize] ^= (1 << from) | (1 << to);
                    first.by_color[mover] ^= (1 << from) | (1 << to);
                }
                _ => return Err(bad()),
            }
            first.turn = mover;
            first.halfmove -= 1;
            if mover == BLACK {
                first.fullmove = first
                    .fullmove
                    .checked_sub(1)
                    .filter(|&n| n > 0)
                    .ok_or_else(bad)?;
            }
            first.ep = position::NO_SQUARE;
            first.rehash();
            if first.mover_in_check() {
                return Err(bad());
            }
        }
        // ... and play forward, each move legal and changing nothing but
        // the placement, to arrive exactly here.
        let mut replay = ChessGame::from_position(first);
        for &(from, to) in &moves {
            let m = replay
                .legal()
                .into_iter()
                .find(|m| m.from == from && m.to == to && m.kind == position::Kind::Normal)
                .ok_or_else(bad)?;
            if replay.pos.by_color[replay.pos.turn ^ 1] & (1 << to) != 0 {
                return Err(bad());
            }
            replay.play(m);
        }
        if replay.pos != pos || usize::from(replay.len) != moves.len() + 1 {
            return Err(bad());
        }
        g = replay;
        g.last = None;
        Ok(g)
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        // Counted, not listed: only whether there is a move matters.
        let mut count = Counter(0);
        self.pos.legal_moves(&mut count);
        if count.0 == 0 {
            return Some(if self.pos.in_check() {
                Outcome::win(side_of(self.pos.turn ^ 1), EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        self.pos.draw(self.line()).map(Outcome::draw)
    }

    /// The keys of the window's positions, this one last.
    fn line(&self) -> &[u64] {
        &self.keys[..usize::from(self.len).clamp(1, 101)]
    }

    fn san_move(&self, m: Move) -> SanMove {
        let capture = self.pos.by_color[self.pos.turn ^ 1] & (1 << m.to) != 0
            || m.kind == position::Kind::EnPassant;
        SanMove {
            role: m.role,
            from: cell(m.from),
            to: cell(m.to),
            capture,
            promotion: m.promotion(),
            castle: match m.kind {
                position::Kind::Castle(side) => Some(side),
                _ => None,
            },
        }
    }

    fn legal(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }

    /// Says precisely why no legal move fits a text: the piece is pinned,
    /// the king would be in check, it is the other side's turn, castling is
    /// not allowed and why, or there is no piece there.
    fn explain(&self, parsed: &san::Parsed) -> Option<Msg> {
        let pos = &self.pos;
        let us = pos.turn;
        let (us_en, us_es) = color_words(us);
        let in_check = pos.in_check();
        let fits_any = |p: &Position<V>, r: &Reading| {
            p.pseudo_moves()
                .into_iter()
                .any(|m| r.fits(&self.with_turn(p).san_move(m)))
        };
        for r in parsed.all() {
            match *r {
                Reading::Castle(side) => {
                    let bit = match (us, side) {
                        (WHITE, CastleSide::King) => position::WHITE_KING_SIDE,
                        (WHITE, CastleSide::Queen) => position::WHITE_QUEEN_SIDE,
                        (_, CastleSide::King) => position::BLACK_KING_SIDE,
                        (_, CastleSide::Queen) => position::BLACK_QUEEN_SIDE,
                    };
                    let base = if us == WHITE { 0 } else { 56 };
                    let between: &[usize] = match side {
                        CastleSide::King => &[5, 6],
                        CastleSide::Queen => &[1, 2, 3],
                    };
                    return Some(if pos.castling & bit == 0 {
                        msg!(
                            "{us_en} can no longer castle on that side",
                            "{us_es} ya no pueden enrocar por ese lado"
                        )
                    } else if in_check {
                        msg!(
                            "you cannot castle out of check",
                            "no se puede enrocar estando en jaque"
                        )
                    } else if between
                        .iter()
                        .any(|&f| pos.occupied() & (1 << (base + f)) != 0)
                    {
                        msg!(
                            "the squares between king and rook must be empty",
                            "las casillas entre el rey y la torre deben estar vacías"
                        )
                    } else {
                        msg!(
                            "the king would cross or land on an attacked square",
                            "el rey pasaría por una casilla atacada o acabaría en ella"
                        )
                    });
                }
                Reading::Squares { from, to, .. } => {
                    // `a9f1`: a square off the board is no square at all.
                    if let Some(off) = [from, to].into_iter().find(|c| c.x >= 8 || c.y >= 8) {
                        return Some(msg!(
                            "{off} is not a square of the board",
                            "{off} no es una casilla del tablero"
                        ));
                    }
                    let sq = from.y as usize * 8 + from.x as usize;
                    match pos.piece_at(sq) {
                        None => {
                            return Some(msg!(
                                "there is no piece on {from}",
                                "no hay ninguna pieza en {from}"
                            ));
                        }
                        Some((c, _)) if c != us => {
                            return Some(msg!(
                                "the piece on {from} is not yours: it is {us_en}'s turn",
                                "la pieza de {from} no es tuya: juegan {us_es}"
                            ));
                        }
                        _ => {}
                    }
                }
                Reading::San { .. } => {}
            }
            if fits_any(pos, r) {
                return Some(if in_check {
                    msg!(
                        "your king is in check and that move does not stop it",
                        "tu rey está en jaque y esa jugada no lo evita"
                    )
                } else {
                    msg!(
                        "that move would leave your king in check",
                        "esa jugada dejaría a tu rey en jaque"
                    )
                });
            }
        }
        // A move the other side could make: the player is early, or
        // playing the wrong colour.
        let mut other = *pos;
        other.turn ^= 1;
        other.ep = position::NO_SQUARE;
        if parsed.all().any(|r| fits_any(&other, r)) {
            return Some(msg!(
                "it is {us_en}'s turn to move",
                "es el turno de {us_es}"
            ));
        }
        None
    }

    /// A game value around `p`, to describe its moves in SAN terms.
    fn with_turn(&self, p: &Position<V>) -> ChessGame<V> {
        ChessGame {
            pos: *p,
            keys: self.keys,
            moves: self.moves,
            len: self.len,
            first_has_ep: false,
            last: None,
            outcome: None,
        }
    }
}

/// Read-only facts for search engines, beyond the [`Game`] interface.
impl<V: Variant> ChessGame<V> {
    /// The squares (bit `rank * 8 + file`) of `side`'s pieces of `role`.
    #[must_use]
    pub fn pieces(&self, side: Side, role: Role) -> u64 {
        if role == Role::Amazon {
            return 0;
        }
        let color = if side == Side::First { WHITE } else { BLACK };
        self.pos.pieces(color, role)
    }

    /// The squares with a piece on them.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.pos.occupied()
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// This position with the other side to move and no piece moved, for
    /// a search's null-move pruning (not a move of the game: no rule
    /// allows passing). `None` when the side to move is in check, where
    /// passing would leave its king attacked, or the game is over. The
    /// result has no history, so no repetition reaches back past it.
    #[must_use]
    pub fn passed(&self) -> Option<ChessGame<V>> {
        if self.outcome.is_some() || self.pos.in_check() {
            return None;
        }
        let mut pos = self.pos;
        pos.pass();
        Some(ChessGame::from_position(pos))
    }

    /// The squares a `role` of `side` standing on `sq` attacks, with the
    /// pieces on `occupied` blocking the sliders (Saltador's bishop leaps
    /// over them): the squares it could take on. A pawn attacks its two
    /// forward diagonals.
    #[must_use]
    pub fn attacks(side: Side, role: Role, sq: u8, occupied: u64) -> u64 {
        let sq = usize::from(sq);
        match role {
            Role::Pawn => attacks::PAWN[if side == Side::First { WHITE } else { BLACK }][sq],
            _ => Position::<V>::piece_attacks(role, sq, occupied),
        }
    }

    /// The pieces of `side` standing on `occupied` that attack `sq`, with
    /// the pieces on `occupied` blocking the sliders: for a search's static
    /// exchange evaluation, which takes pieces off `occupied` as they
    /// capture in turn and so uncovers the sliders behind them.
    #[must_use]
    pub fn attackers(&self, sq: u8, occupied: u64, side: Side) -> u64 {
        let color = if side == Side::First { WHITE } else { BLACK };
        self.pos.attackers(usize::from(sq), occupied, color) & occupied
    }

    /// The legal captures (en passant included) and promotions, in the
    /// order [`Game::legal_moves`] gives them, into `moves` (cleared
    /// first): what a quiescence search follows. Returns false, with no
    /// moves, when the game is over.
    pub fn noisy_moves(&self, moves: &mut Vec<Move>) -> bool {
        moves.clear();
        if self.outcome.is_some() {
            return false;
        }
        self.pos.noisy_moves(moves);
        true
    }

    /// How many plies ago this position (placement, side to move,
    /// castling and en passant) last occurred, if it did since the last
    /// capture, pawn move or loss of a castling right.
    #[must_use]
    pub fn repetition(&self) -> Option<usize> {
        let line = self.line();
        let key = line[line.len() - 1];
        line.iter()
            .rev()
            .enumerate()
            .skip(4)
            .step_by(2)
            .find(|&(_, &k)| k == key)
            .map(|(plies, _)| plies)
    }

    /// Whether move `m` (legal here) takes a piece, en passant included.
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.pos.occupied() & (1u64 << m.to) != 0 || m.kind == position::Kind::EnPassant
    }
}

impl<V: Variant> Game for ChessGame<V> {
    type Move = Move;
    const ID: GameId = V::ID;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.resolve(V::ID.info().params)?;
        setup.expect_no_deal()?;
        let pos = Position::from_fen(START).expect("the start position is valid FEN");
        Ok(ChessGame::from_position(pos))
    }

    fn turn(&self) -> Turn {
        Turn::play(side_of(self.pos.turn))
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        self.pos.legal_moves(moves);
    }

    fn play(&mut self, m: Move) {
        let rights = self.pos.castling;
        self.pos.play(m);
        let len = usize::from(self.len);
        if self.pos.halfmove == 0 || self.pos.castling != rights || len >= 101 {
            self.keys[0] = self.pos.key();
            self.len = 1;
            self.first_has_ep = self.pos.ep_legal();
        } else {
            self.keys[len] = self.pos.key();
            self.moves[len - 1] = (m.from, m.to);
            self.len += 1;
        }
        self.last = Some((m.from, m.to));
        self.outcome = self.compute_outcome();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn position_key(&self) -> u64 {
        self.pos.key()
    }

    fn move_text(&self, m: Move) -> String {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        let legal: Vec<SanMove> = list.as_slice().iter().map(|&l| self.san_move(l)).collect();
        let mut after = self.pos;
        after.play(m);
        let suffix = if after.in_check() {
            let mut replies = MoveList::new();
            after.legal_moves(&mut replies);
            if replies.is_empty() {
                Suffix::Mate
            } else {
                Suffix::Check
            }
        } else {
            Suffix::None
        };
        san::write(&self.san_move(m), &legal, suffix)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let legal = self.legal();
        let sans: Vec<SanMove> = legal.iter().map(|&m| self.san_move(m)).collect();
        let i = san::resolve_with(
            text,
            &sans,
            |i| self.move_text(legal[i]),
            |parsed| self.explain(parsed),
        )?;
        Ok(legal[i])
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        Some(cell(m.from))
    }

    /// FEN, then the moves since the window's first position, if any, in
    /// UCI separated by commas: `… w - - 4 3 g1f3,g8f6,f3g1,f6g8`.
    fn position_text(&self) -> String {
        let mut s = self.pos.fen();
        let len = usize::from(self.len).clamp(1, 101);
        let skip = usize::from(self.first_has_ep);
        let moves = &self.moves[..len - 1];
        if moves.len() > skip {
            s.push(' ');
            let uci: Vec<String> = moves[skip..]
                .iter()
                .map(|&(from, to)| format!("{}{}", cell(from), cell(to)))
                .collect();
            s.push_str(&uci.join(","));
        }
        s
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        ChessGame::read(text)
    }

    fn view(&self) -> BoardView {
        let mut cells = Vec::with_capacity(64);
        for sq in 0..64u8 {
            let mut c = CellView::empty(cell(sq));
            c.piece = self.pos.piece_at(sq as usize).map(|(color, role)| Piece {
                kind: match role {
                    Role::Pawn => PieceKind::Pawn,
                    Role::Knight => PieceKind::Knight,
                    Role::Bishop if V::JUMPING_BISHOP => PieceKind::JumpingBishop,
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
            });
            cells.push(c);
        }
        let mut highlights = Vec::new();
        if let Some((from, to)) = self.last {
            highlights.push(Highlight {
                cell: cell(from),
                kind: HighlightKind::From,
            });
            highlights.push(Highlight {
                cell: cell(to),
                kind: HighlightKind::To,
            });
        }
        if self.pos.in_check() {
            highlights.push(Highlight {
                cell: cell(self.pos.king(self.pos.turn) as u8),
                kind: HighlightKind::Check,
            });
        }
        let ply = self
            .pos
            .fullmove
            .saturating_sub(1)
            .saturating_mul(2)
            .saturating_add(u32::from(self.pos.turn == BLACK));
        BoardView {
            shape: Shape::grid(8, 8),
            cells,
            highlights,
            status: Status {
                to_move: self.outcome.is_none().then(|| side_of(self.pos.turn)),
                phase: Phase::Play,
                ply,
                colors: [Some(Color::White), Some(Color::Black)],
                scores: None,
                outcome: self.outcome,
            },
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.outcome.is_some() {
            return u64::from(depth == 0);
        }
        let line = self.line();
        let mut stack = Vec::with_capacity(line.len() + (depth as usize).min(256) + 1);
        stack.extend_from_slice(line);
        self.pos.perft(depth, &mut stack, line.len())
    }
}

#[cfg(test)]
mod tests;
