//! FEN, the position text of chess and saltador:
//! `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`.
//!
//! Reading checks everything move generation relies on: one king a side,
//! no pawn on a back rank, the side not to move not in check, castling
//! rights backed by king and rook at home, an en-passant square behind a
//! pawn that can just have advanced two squares, and no more material than
//! a game can have.

use super::position::{
    BLACK, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, NO_SQUARE, Position, ROLES, Variant, WHITE,
    WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::PositionError;
use crate::san::Role;

/// The FEN letter of a piece: upper case for White.
pub fn piece_char(color: usize, role: Role) -> char {
    let c = match role {
        Role::Pawn => 'p',
        Role::Knight => 'n',
        Role::Bishop => 'b',
        Role::Rook => 'r',
        Role::Queen => 'q',
        Role::King | Role::Amazon => 'k',
    };
    if color == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The name of square `sq` (`e4`).
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl<V: Variant> Position<V> {
    /// The FEN of this position. The en-passant square is written only
    /// when the capture is legal, as repetitions count it.
    pub(crate) fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(rank * 8 + file) {
                    Some((color, role)) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(piece_char(color, role));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == WHITE { " w " } else { " b " });
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, c) in [
            (WHITE_KING_SIDE, 'K'),
            (WHITE_QUEEN_SIDE, 'Q'),
            (BLACK_KING_SIDE, 'k'),
            (BLACK_QUEEN_SIDE, 'q'),
        ] {
            if self.castling & bit != 0 {
                s.push(c);
            }
        }
        s.push(' ');
        if self.ep_legal() {
            s.push_str(&square_name(self.ep as usize));
        } else {
            s.push('-');
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// Reads a FEN. The move counters may be left out (0 and 1).
    pub(crate) fn from_fen(text: &str) -> Result<Position<V>, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(PositionError::new(
                "expected FEN: placement, side to move, castling, en passant, clocks",
            ));
        }
        let mut pos = Position::<V>::empty();

        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::new("the board needs 8 ranks"));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else {
                    let role = match c.to_ascii_lowercase() {
                        'p' => Role::Pawn,
                        'n' => Role::Knight,
                        'b' => Role::Bishop,
                        'r' => Role::Rook,
                        'q' => Role::Queen,
                        'k' => Role::King,
                        _ => return Err(PositionError::new(format!("unknown piece `{c}`"))),
                    };
                    if file >= 8 {
                        return Err(PositionError::new(format!("rank {} is too long", rank + 1)));
                    }
                    let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                    pos.put(rank * 8 + file, color, role);
                    file += 1;
                }
                if file > 8 {
                    return Err(PositionError::new(format!("rank {} is too long", rank + 1)));
                }
            }
            if file != 8 {
                return Err(PositionError::new(format!(
                    "rank {} has {file} squares, not 8",
                    rank + 1
                )));
            }
        }

        pos.turn = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            other => {
                return Err(PositionError::new(format!(
                    "side to move must be `w` or `b`, not `{}`",
                    crate::excerpt(other)
                )));
            }
        };

        if fields[2] != "-" {
            for c in fields[2].chars() {
                let (bit, king, rook) = match c {
                    'K' => (WHITE_KING_SIDE, 4, 7),
                    'Q' => (WHITE_QUEEN_SIDE, 4, 0),
                    'k' => (BLACK_KING_SIDE, 60, 63),
                    'q' => (BLACK_QUEEN_SIDE, 60, 56),
                    _ => {
                        return Err(PositionError::new(format!("bad castling right `{c}`")));
                    }
                };
                let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                if pos.castling & bit != 0 {
                    return Err(PositionError::new(format!("castling right `{c}` twice")));
                }
                if pos.piece_at(king) != Some((color, Role::King))
                    || pos.piece_at(rook) != Some((color, Role::Rook))
                {
                    return Err(PositionError::new(format!(
                        "castling right `{c}` needs the king and rook at home"
                    )));
                }
                pos.castling |= bit;
            }
        }

        for color in [WHITE, BLACK] {
            if pos.pieces(color, Role::King).count_ones() != 1 {
                return Err(PositionError::new("each side needs exactly one king"));
            }
            let count = |r: Role| pos.pieces(color, r).count_ones() as i32;
            let pawns = count(Role::Pawn);
            // Pieces beyond the starting set must come from promoted pawns.
            let promoted = (count(Role::Queen) - 1).max(0)
                + (count(Role::Rook) - 2).max(0)
                + (count(Role::Bishop) - 2).max(0)
                + (count(Role::Knight) - 2).max(0);
            if pawns > 8 || pawns + promoted > 8 || pos.by_color[color].count_ones() > 16 {
                return Err(PositionError::new("more material than a game can have"));
            }
        }
        if pos.by_role[Role::Pawn as usize] & (0xff | 0xff << 56) != 0 {
            return Err(PositionError::new(
                "a pawn stands on the first or last rank",
            ));
        }

        if fields[3] != "-" {
            let ep = crate::Cell::parse(fields[3])
                .filter(|c| c.x < 8 && c.y < 8)
                .ok_or_else(|| PositionError::new("bad en-passant square"))?;
            let ep = ep.y as usize * 8 + ep.x as usize;
            let (ep_rank, pawn, origin, them) = if pos.turn == WHITE {
                (5, ep.wrapping_sub(8), ep + 8, BLACK)
            } else {
                (2, ep + 8, ep.wrapping_sub(8), WHITE)
            };
            let occupied = pos.occupied();
            if ep / 8 != ep_rank
                || pos.piece_at(pawn) != Some((them, Role::Pawn))
                || occupied & (1 << ep | 1 << origin) != 0
            {
                return Err(PositionError::new(
                    "no pawn can just have advanced two squares past that en-passant square",
                ));
            }
            // Kept only where a pawn could capture, as after a move.
            let us = pos.turn;
            if super::attacks::PAWN[them][ep] & pos.pieces(us, Role::Pawn) != 0 {
                pos.ep = ep as u8;
            } else {
                pos.ep = NO_SQUARE;
            }
        }

        let number = |s: Option<&&str>, default: u32, what: &str| match s {
            None => Ok(default),
            Some(s) if s.bytes().all(|b| b.is_ascii_digit()) => s
                .parse::<u32>()
                .map_err(|_| PositionError::new(format!("{what} is too large"))),
            Some(s) => Err(PositionError::new(format!(
                "bad {what} `{}`",
                crate::excerpt(s)
            ))),
        };
        pos.halfmove = number(fields.get(4), 0, "halfmove clock")?;
        pos.fullmove = number(fields.get(5), 1, "move number")?.max(1);

        if pos.mover_in_check() {
            return Err(PositionError::new("the side not to move is in check"));
        }
        pos.rehash();
        debug_assert!(ROLES.len() == 6);
        Ok(pos)
    }
}
