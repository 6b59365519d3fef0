//! Position text: FEN with two Guadalete fields and an optional third.
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 e4 1:0
//! <board> <side> <castling> <en passant> <halfmove> <fullmove> <planks> <made> [r<N>]
//! ```
//!
//! - The six FEN fields as in chess (ranks from the top; guadalete14 has 14
//!   ranks). Letters: `K Q R B N P` as in chess, `A` the amazon, and on the
//!   cylinder `P` the front pawn (an ordinary chess pawn) and `T` the rear
//!   pawn (Spanish *trasero*). The en passant square is given only when an en
//!   passant capture is legal, so it is always `-` in guadalete.
//! - `planks`: the planked river squares, `-` or comma-separated (`e4,d5`).
//! - `made`: how many pawns White and Black have turned into planks, `W:B`;
//!   the balance rule depends on them.
//! - `r2` or `r3` when the position on the board has already occurred that
//!   many times since the last capture or pawn move (three ends the game).
//!   Earlier positions are not kept, as in FEN.

use std::fmt::Write;

use super::board::{BLACK, NONE, Position, Role, Variant, WHITE, bit, code};
use crate::board_text::{check_width, parse_count, read_rows, read_side, write_rows};
use crate::{Cell, PositionError, Side};

/// The FEN letter of a piece on the board of `V`.
pub(super) fn letter<V: Variant>(color: usize, role: Role) -> char {
    let c = match role {
        Role::Pawn if V::CYLINDER => 't',
        Role::Pawn | Role::FrontPawn => 'p',
        Role::Knight => 'n',
        Role::Bishop => 'b',
        Role::Rook => 'r',
        Role::Queen => 'q',
        Role::King => 'k',
        Role::Amazon => 'a',
    };
    if color == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The role a FEN letter names on the board of `V`.
fn role_of<V: Variant>(c: char) -> Option<(usize, Role)> {
    let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
    let role = match (c.to_ascii_lowercase(), V::CYLINDER) {
        ('p', false) | ('t', true) => Role::Pawn,
        ('p', true) => Role::FrontPawn,
        ('n', _) => Role::Knight,
        ('b', _) => Role::Bishop,
        ('r', _) => Role::Rook,
        ('q', _) => Role::Queen,
        ('k', _) => Role::King,
        ('a', true) => Role::Amazon,
        _ => return None,
    };
    Some((color, role))
}

/// The name of square `sq`.
pub(super) fn cell(sq: u8) -> Cell {
    Cell::new(sq % 8, sq / 8)
}

/// Writes `pos` with `repeated` (how often it has occurred, 1 to 3).
pub(super) fn write<V: Variant>(pos: &Position<V>, repeated: usize) -> String {
    let mut s = write_rows((0..V::RANKS).rev().map(|rank| {
        (0..8).map(move |file| {
            pos.piece(rank * 8 + file)
                .map(|(color, role)| letter::<V>(color, role))
        })
    }));
    s.push_str(if pos.turn == WHITE { " w " } else { " b " });
    let rights: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
        .iter()
        .filter(|(b, _)| pos.castling & b != 0)
        .map(|&(_, c)| c)
        .collect();
    s.push_str(if rights.is_empty() { "-" } else { &rights });
    if pos.ep == NONE {
        s.push_str(" -");
    } else {
        let _ = write!(s, " {}", cell(pos.ep));
    }
    let _ = write!(s, " {} {} ", pos.halfmove, pos.fullmove);
    let planks: Vec<String> = (0..Position::<V>::squares())
        .filter(|&sq| pos.planks & bit(sq) != 0)
        .map(|sq| cell(sq).to_string())
        .collect();
    s.push_str(if planks.is_empty() { "-" } else { "" });
    s.push_str(&planks.join(","));
    let _ = write!(s, " {}:{}", pos.made[WHITE], pos.made[BLACK]);
    if repeated > 1 {
        let _ = write!(s, " r{repeated}");
    }
    s
}

/// Reads a position text: the position and how often it has occurred.
pub(super) fn read<V: Variant>(text: &str) -> Result<(Position<V>, usize), PositionError> {
    let err = |why: &str| Err(PositionError::new(why));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 8 && fields.len() != 9 {
        return err(
            "expected 8 or 9 fields: board, side, castling, en passant, halfmove, fullmove, planks, made",
        );
    }
    let mut pos = Position::<V>::empty();

    let letters = if V::CYLINDER {
        "KQRBNPTAkqrbnpta"
    } else {
        "KQRBNPkqrbnp"
    };
    let rows = read_rows(fields[0], letters)?;
    if rows.len() != V::RANKS as usize {
        return Err(PositionError(format!("the board needs {} ranks", V::RANKS)));
    }
    check_width(&rows, 8)?;
    for (i, row) in rows.iter().enumerate() {
        let rank = V::RANKS - 1 - i as u8;
        for (file, c) in (0u8..).zip(row) {
            if let Some((color, role)) = c.and_then(role_of::<V>) {
                pos.board[(rank * 8 + file) as usize] = code(color, role);
            }
        }
    }

    pos.turn = match read_side(fields[1], ["w", "b"])? {
        Side::First => WHITE,
        Side::Second => BLACK,
    };

    if fields[2] != "-" {
        for c in fields[2].chars() {
            let b = match c {
                'K' => 1,
                'Q' => 2,
                'k' => 4,
                'q' => 8,
                _ => return err("castling rights are `-` or letters of `KQkq`"),
            };
            if pos.castling & b != 0 {
                return err("a castling right is given twice");
            }
            pos.castling |= b;
        }
    }

    let ep = if fields[3] == "-" {
        NONE
    } else {
        match Cell::parse(fields[3]) {
            Some(c) if c.within(8, V::RANKS) => c.y * 8 + c.x,
            _ => return err("bad en passant square"),
        }
    };

    pos.halfmove = match parse_count(fields[4]) {
        Some(n) if n <= 100 => n as u8,
        _ => return err("the halfmove clock must be a number from 0 to 100"),
    };
    pos.fullmove = match parse_count(fields[5]) {
        Some(n) if (1..=1_000_000).contains(&n) => n,
        _ => return err("the move number must be a number from 1 to 1000000"),
    };

    if fields[6] != "-" {
        for name in fields[6].split(',') {
            let sq = match Cell::parse(name) {
                Some(c) if c.within(8, V::RANKS) => c.y * 8 + c.x,
                _ => {
                    return Err(PositionError(format!(
                        "bad plank square `{}`",
                        crate::excerpt(name)
                    )));
                }
            };
            if !Position::<V>::is_river(sq) {
                return Err(PositionError(format!("{name} is not a river square")));
            }
            if pos.planks & bit(sq) != 0 {
                return Err(PositionError(format!("plank {name} is given twice")));
            }
            pos.planks |= bit(sq);
        }
    }

    let Some((w, b)) = fields[7].split_once(':') else {
        return err("the plank counts are written `W:B`");
    };
    for (i, n) in [w, b].into_iter().enumerate() {
        pos.made[i] = match parse_count(n) {
            Some(n) if n <= 8 => n as u8,
            _ => return err("each plank count is a number from 0 to 8"),
        };
    }

    let repeated = match fields.get(8) {
        None => 1,
        Some(&"r2") => 2,
        Some(&"r3") => 3,
        Some(_) => return err("the repetition field is `r2` or `r3`"),
    };

    validate(&mut pos)?;
    // The en passant square is kept only when the capture is legal; a text
    // naming another one is not one this module writes.
    if ep != NONE {
        let them = 1 - pos.turn;
        let dir_ok = ep / 8 == if them == WHITE { 4 } else { 9 };
        let pawn = if them == WHITE {
            ep + 8
        } else {
            ep.wrapping_sub(8)
        };
        if !V::CYLINDER
            || !dir_ok
            || pos.board[ep as usize] != 0
            || pos.board[pawn as usize] != code(them, Role::FrontPawn)
        {
            return err("no pawn can be taken en passant there");
        }
        pos.ep = ep;
        let mut check = pos;
        check.ep = ep;
        if !check.en_passant_legal() {
            return err("no en passant capture is legal there");
        }
    }
    Ok((pos, repeated))
}

/// Checks what every position reachable in play satisfies, so that the
/// rules never meet a board they do not describe.
fn validate<V: Variant>(pos: &mut Position<V>) -> Result<(), PositionError> {
    let err = |why: String| Err(PositionError(why));
    let mut kings = [NONE; 2];
    for sq in 0..Position::<V>::squares() {
        let Some((color, role)) = pos.piece(sq) else {
            continue;
        };
        let name = cell(sq);
        let rank = sq / 8;
        match role {
            Role::King => {
                if kings[color] != NONE {
                    return err("each side has exactly one king".into());
                }
                if Position::<V>::is_river(sq) {
                    return err(format!("a king may not stand on river square {name}"));
                }
                kings[color] = sq;
            }
            // Guadalete pawns turn into planks on entering the river, so
            // they stay on their own side of it: ranks 2–3 (White) and 6–7
            // (Black); on the cylinder rear pawns never leave ranks 2 and 13.
            Role::Pawn => {
                let ranks: &[u8] = match (V::CYLINDER, color) {
                    (false, WHITE) => &[1, 2],
                    (false, _) => &[5, 6],
                    (true, WHITE) => &[1],
                    (true, _) => &[12],
                };
                if !ranks.contains(&rank) {
                    return err(format!("no pawn of that side can stand on {name}"));
                }
            }
            Role::FrontPawn => {
                if Position::<V>::is_river(sq) {
                    return err(format!("a front pawn may not stand on river square {name}"));
                }
            }
            Role::Amazon => {}
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
                if pos.is_open_river(sq) {
                    return err(format!("{name} is river without a plank"));
                }
            }
        }
    }
    if kings.contains(&NONE) {
        return err("each side has exactly one king".into());
    }
    pos.kings = kings;
    for (color, rights) in [(WHITE, 3u8), (BLACK, 12)] {
        if pos.castling & rights == 0 {
            continue;
        }
        let home = V::HOME[color] * 8;
        if kings[color] != home + 4 {
            return err("castling rights need the king on its start square".into());
        }
        let short = rights & 5;
        let long = rights & 10;
        for (right, file) in [(short, 7), (long, 0)] {
            if pos.castling & right != 0
                && pos.board[(home + file) as usize] != code(color, Role::Rook)
            {
                return err("castling rights need the rook on its start square".into());
            }
        }
    }
    let them = 1 - pos.turn;
    if pos.attacked(kings[them], pos.turn) {
        return err("the side not to move is in check".into());
    }
    Ok(())
}
