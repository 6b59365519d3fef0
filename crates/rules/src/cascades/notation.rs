//! Cascades notation: moves `c7`, `c7,d7`, `pass`, and the position text.
//!
//! Move input is case-insensitive and ignores spaces, so `C7, D7` and
//! `c7 d7` both name the set {c7, d7}; the two cells may come in either
//! order. `pasar`, `paso` and `pasa` are Spanish for `pass`.
//!
//! Position text, FEN-like: the rows from the top (8 cells) down, `/`
//! between them, `W` and `B` for stones and numbers for runs of empty cells;
//! then the side to move (`w`/`b`), the passes just made in a row (`0`–`2`)
//! and the number of moves played (0 means White's first turn, which allows
//! one stone only). The start position with 8 rows is
//! `WBWBWBWB/9/10/11/12/13/14/15 w 0 0`.

use super::{Cascades, MAX_ROWS, MIN_ROWS, Move, TOP_ROW_LEN};
use crate::board_text::{parse_count, read_rows, write_rows};
use crate::{Cell, Game, MoveError, Msg, PositionError, Side, msg};

/// What a move looks like, for syntax errors.
fn expected() -> Msg {
    msg!("`c7`, `c7,d7` or `pass`", "`c7`, `c7,d7` o `pass` (pasar)")
}

/// The canonical text of `m`: the two cells of a set in an order in which
/// each placement is legal, and when both orders are, the higher cell first
/// (in one row, the left one first) — which is how [`Move::Two`] keeps them.
pub(super) fn move_text(g: &Cascades, m: Move) -> String {
    match m {
        Move::Pass => "pass".to_string(),
        Move::One(c) => c.to_string(),
        Move::Two(a, b) => {
            let side = g.to_move;
            if g.legal_now(side, a) && g.legal_after(side, a, b) {
                format!("{a},{b}")
            } else {
                format!("{b},{a}")
            }
        }
    }
}

/// The colour word for a side's stones, English and Spanish (feminine, as
/// in "piedra blanca").
fn stone_colour(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("White", "blanca"),
        Side::Second => ("Black", "negra"),
    }
}

/// Reads one or two cell names, glued or separated by one comma.
fn parse_cells(s: &str) -> Option<Vec<Cell>> {
    let mut cells = Vec::new();
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > 2 {
        return None;
    }
    for part in parts {
        let mut rest = part;
        if rest.is_empty() {
            return None;
        }
        while !rest.is_empty() {
            let (cell, tail) = Cell::parse_prefix(rest)?;
            cells.push(cell);
            if cells.len() > 2 {
                return None;
            }
            rest = tail;
        }
    }
    Some(cells)
}

pub(super) fn parse_move(g: &Cascades, text: &str) -> Result<Move, MoveError> {
    if g.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let folded: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if matches!(folded.as_str(), "pass" | "pasar" | "paso" | "pasa") {
        return Ok(Move::Pass);
    }
    let cells = parse_cells(&folded).ok_or_else(|| MoveError::syntax(text, expected()))?;
    let side = g.to_move;
    let (en_colour, es_colour) = stone_colour(side);
    for &c in &cells {
        if !g.contains(c) {
            return Err(MoveError::illegal(
                text,
                msg!(
                    "there is no cell {c} on this board",
                    "no hay ninguna celda {c} en este tablero"
                ),
            ));
        }
        if g.stone(c).is_some() {
            return Err(MoveError::illegal(
                text,
                msg!("{c} is taken", "{c} ya está ocupada"),
            ));
        }
    }
    match cells[..] {
        [c] => {
            if g.legal_now(side, c) {
                Ok(Move::One(c))
            } else {
                Err(MoveError::illegal(
                    text,
                    msg!(
                        "{c} is not beside or below a {en_colour} stone",
                        "{c} no está al lado ni debajo de una piedra {es_colour}"
                    ),
                ))
            }
        }
        [a, b] => {
            if a == b {
                return Err(MoveError::illegal(
                    text,
                    msg!("{a} cannot take two stones", "{a} no admite dos piedras"),
                ));
            }
            if g.first_turn() {
                return Err(MoveError::illegal(
                    text,
                    msg!(
                        "White's first turn allows only one stone",
                        "el primer turno de las blancas solo admite una piedra"
                    ),
                ));
            }
            let (a_now, b_now) = (g.legal_now(side, a), g.legal_now(side, b));
            if (a_now && g.legal_after(side, a, b)) || (b_now && g.legal_after(side, b, a)) {
                return Ok(Move::two(a, b));
            }
            Err(MoveError::illegal(
                text,
                match (a_now, b_now) {
                    (true, _) => msg!(
                        "{b} is not beside or below a {en_colour} stone, even after {a}",
                        "{b} no está al lado ni debajo de una piedra {es_colour}, ni siquiera tras {a}"
                    ),
                    (false, true) => msg!(
                        "{a} is not beside or below a {en_colour} stone, even after {b}",
                        "{a} no está al lado ni debajo de una piedra {es_colour}, ni siquiera tras {b}"
                    ),
                    (false, false) => msg!(
                        "neither {a} nor {b} is beside or below a {en_colour} stone",
                        "ni {a} ni {b} está al lado o debajo de una piedra {es_colour}"
                    ),
                },
            ))
        }
        _ => Err(MoveError::syntax(text, expected())),
    }
}

pub(super) fn position_text(g: &Cascades) -> String {
    let board = write_rows((0..g.rows).rev().map(|y| {
        (0..g.row_len(y)).map(move |x| {
            g.stone(Cell::new(x, y)).map(|side| match side {
                Side::First => 'W',
                Side::Second => 'B',
            })
        })
    }));
    let side = match g.to_move {
        Side::First => 'w',
        Side::Second => 'b',
    };
    format!("{board} {side} {} {}", g.passes, g.ply)
}

pub(super) fn from_position_text(text: &str) -> Result<Cascades, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, passes, ply] = fields[..] else {
        return Err(PositionError::new(
            "expected the rows, the side to move, the passes and the move count",
        ));
    };
    let ranks = read_rows(board, "WB")?;
    if !(MIN_ROWS..=MAX_ROWS).contains(&ranks.len()) {
        return Err(PositionError::new(format!(
            "{} rows: a board has {MIN_ROWS} to {MAX_ROWS}",
            ranks.len()
        )));
    }
    let rows = ranks.len() as u8;
    let mut stones = [[0; MAX_ROWS]; 2];
    for (k, cells) in ranks.iter().enumerate() {
        let len = usize::from(TOP_ROW_LEN) + k;
        if cells.len() != len {
            return Err(PositionError::new(format!(
                "row {} holds {} cells, not {len}",
                usize::from(rows) - k,
                cells.len()
            )));
        }
        let y = usize::from(rows) - 1 - k;
        for (x, cell) in cells.iter().enumerate() {
            if let Some(c) = cell {
                stones[usize::from(*c == 'B')][y] |= 1 << x;
            }
        }
    }
    let to_move = match side {
        "w" => Side::First,
        "b" => Side::Second,
        _ => return Err(PositionError::new("the side to move is `w` or `b`")),
    };
    let passes = match passes {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        _ => return Err(PositionError::new("passes in a row are 0, 1 or 2")),
    };
    let ply = parse_count(ply).ok_or_else(|| PositionError::new("bad move count"))?;
    Ok(Cascades {
        rows,
        stones,
        to_move,
        passes,
        ply,
        last: None,
    })
}
