//! The board part of the FEN-like position texts most games use: rows from
//! the top, separated by `/`, one letter a piece and a decimal number for a
//! run of empty cells (`3xN3/8/...`). Each game picks its letters and adds
//! its own fields after a space; this module only reads and writes rows.

use crate::{PositionError, Side};

/// No row is longer than this (Cascades' 12-row bottom row has 19 cells), so
/// a run number in hostile text cannot grow without bound.
const MAX_ROW: usize = 32;

/// Writes rows, top row first, each as its cells from the left: a letter for
/// a piece, `None` for an empty cell: a knight then two empty cells above
/// three empty cells is `N2/3`.
pub(crate) fn write_rows<R, C>(rows: R) -> String
where
    R: IntoIterator<Item = C>,
    C: IntoIterator<Item = Option<char>>,
{
    let mut out = String::new();
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut run = 0;
        for cell in row {
            match cell {
                None => run += 1,
                Some(letter) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(letter);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out
}

/// Reads rows written by [`write_rows`], top row first. Only `letters` may
/// stand for pieces; runs are positive numbers without leading zeros.
pub(crate) fn read_rows(
    board: &str,
    letters: &str,
) -> Result<Vec<Vec<Option<char>>>, PositionError> {
    board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut run = 0usize;
            let mut digits = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if digits == 0 && d == 0 {
                        return Err(PositionError::new(format!(
                            "bad run of empty cells in `{}`",
                            crate::excerpt(row)
                        )));
                    }
                    run = run * 10 + d as usize;
                    digits += 1;
                    if run > MAX_ROW {
                        return Err(PositionError::new(format!(
                            "row `{}` is too long",
                            crate::excerpt(row)
                        )));
                    }
                    continue;
                }
                if !letters.contains(ch) {
                    return Err(PositionError::new(format!(
                        "`{ch}` in row `{}`: use {} and numbers",
                        crate::excerpt(row),
                        letters
                            .chars()
                            .map(String::from)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
                cells.extend(std::iter::repeat_n(None, run));
                cells.push(Some(ch));
                (run, digits) = (0, 0);
                if cells.len() > MAX_ROW {
                    return Err(PositionError::new(format!(
                        "row `{}` is too long",
                        crate::excerpt(row)
                    )));
                }
            }
            cells.extend(std::iter::repeat_n(None, run));
            if cells.len() > MAX_ROW {
                return Err(PositionError::new(format!(
                    "row `{}` is too long",
                    crate::excerpt(row)
                )));
            }
            Ok(cells)
        })
        .collect()
}

/// Checks that every row holds `files` cells.
pub(crate) fn check_width(rows: &[Vec<Option<char>>], files: usize) -> Result<(), PositionError> {
    match rows.iter().position(|r| r.len() != files) {
        None => Ok(()),
        Some(i) => Err(PositionError::new(format!(
            "row {} from the top holds {} cells, not {files}",
            i + 1,
            rows[i].len()
        ))),
    }
}

/// Reads the side-to-move field: `letters[0]` for the first player,
/// `letters[1]` for the second.
pub(crate) fn read_side(s: &str, letters: [&str; 2]) -> Result<Side, PositionError> {
    match letters.iter().position(|l| *l == s) {
        Some(0) => Ok(Side::First),
        Some(_) => Ok(Side::Second),
        None => Err(PositionError::new(format!(
            "the side to move must be `{}` or `{}`",
            letters[0], letters[1]
        ))),
    }
}

/// A plain decimal count (a move number, passes): no sign, no leading zeros.
pub(crate) fn parse_count(s: &str) -> Option<u32> {
    let plain =
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    plain.then(|| s.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let rows = vec![
            vec![Some('N'), None, None, Some('x')],
            vec![None; 4],
            vec![
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                Some('W'),
            ],
        ];
        let text = write_rows(rows.clone());
        assert_eq!(text, "N2x/4/11W");
        assert_eq!(read_rows(&text, "NxW").unwrap(), rows);
    }

    #[test]
    fn rejects_bad_rows() {
        for bad in ["0N", "N01", "q", "99", "N/999999999999999999999", "é"] {
            assert!(read_rows(bad, "N").is_err(), "{bad}");
        }
        let rows = read_rows("N2/3", "N").unwrap();
        assert!(check_width(&rows, 3).is_ok());
        assert!(check_width(&rows, 4).is_err());
    }

    #[test]
    fn counts() {
        assert_eq!(parse_count("0"), Some(0));
        assert_eq!(parse_count("120"), Some(120));
        for bad in ["", "-1", "01", "1e3", "99999999999"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }
}
