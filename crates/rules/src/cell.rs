//! Cells and their names, shared by every board.
//!
//! Square boards and Cascades' hex rows are both named letter + number from
//! the first player's bottom-left: `a1`, `e4`, `j10`, `o1`.

use std::fmt;

/// A cell of a board: `x` is the file (or the index in a hex row), `y` the
/// rank (or the hex row), both counted from 0 at the bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: u8,
    pub y: u8,
}

impl Cell {
    /// The cell at file `x`, rank `y`.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    /// Reads a cell name such as `e4` or `J10` (letters in either case).
    /// Only the form is checked; the caller checks that the cell is on its
    /// board.
    ///
    /// ```
    /// use tablero_rules::Cell;
    /// assert_eq!(Cell::parse("e4"), Some(Cell::new(4, 3)));
    /// assert_eq!(Cell::parse("J10"), Some(Cell::new(9, 9)));
    /// assert_eq!(Cell::parse("e0"), None);
    /// ```
    #[must_use]
    pub fn parse(s: &str) -> Option<Cell> {
        let (cell, rest) = Cell::parse_prefix(s)?;
        rest.is_empty().then_some(cell)
    }

    /// Reads a cell name at the start of `s`, returning it and the rest.
    /// The number is read greedily, so `a10x` is `a10` then `x`.
    #[must_use]
    pub fn parse_prefix(s: &str) -> Option<(Cell, &str)> {
        let bytes = s.as_bytes();
        let letter = bytes.first()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || bytes[1] == b'0' {
            return None;
        }
        let rank: u8 = s[1..1 + digits].parse().ok()?;
        Some((Cell::new(letter - b'a', rank - 1), &s[1 + digits..]))
    }

    /// The cell `dx`, `dy` away, if it stays within `files` × `ranks`.
    #[must_use]
    pub fn offset(self, dx: i8, dy: i8, files: u8, ranks: u8) -> Option<Cell> {
        let x = self.x as i16 + dx as i16;
        let y = self.y as i16 + dy as i16;
        ((0..files as i16).contains(&x) && (0..ranks as i16).contains(&y))
            .then(|| Cell::new(x as u8, y as u8))
    }

    /// Whether the cell lies within `files` × `ranks`.
    #[must_use]
    pub const fn within(self, files: u8, ranks: u8) -> bool {
        self.x < files && self.y < ranks
    }

    /// The cell's index in a row-major board `files` wide (a1 = 0, b1 = 1, …).
    #[must_use]
    pub const fn index(self, files: u8) -> usize {
        self.y as usize * files as usize + self.x as usize
    }

    /// The cell with row-major index `i` on a board `files` wide.
    #[must_use]
    pub const fn from_index(i: usize, files: u8) -> Cell {
        Cell::new((i % files as usize) as u8, (i / files as usize) as u8)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y as u16 + 1)
    }
}

/// The eight knight leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The four orthogonal steps: north, east, south, west.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The eight king steps.
pub const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_board_size() {
        for files in 1..=15u8 {
            for ranks in 1..=14u8 {
                for y in 0..ranks {
                    for x in 0..files {
                        let c = Cell::new(x, y);
                        assert_eq!(Cell::parse(&c.to_string()), Some(c));
                    }
                }
            }
        }
    }

    #[test]
    fn rejects_malformed_names() {
        for bad in ["", "e", "4", "e0", "e04", "e100", "ee4", "é4", "e4 ", "-e4"] {
            assert_eq!(Cell::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Cell::parse_prefix("a10x"), Some((Cell::new(0, 9), "x")));
    }

    #[test]
    fn offsets_stay_on_the_board() {
        assert_eq!(Cell::new(0, 0).offset(-1, 0, 8, 8), None);
        assert_eq!(Cell::new(7, 7).offset(0, 1, 8, 8), None);
        assert_eq!(Cell::new(3, 3).offset(1, 2, 8, 8), Some(Cell::new(4, 5)));
    }
}
