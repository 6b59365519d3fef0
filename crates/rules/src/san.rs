//! Standard algebraic notation (SAN), shared by every chess-like game here.
//!
//! A game lists its legal moves as [`SanMove`]s; [`write()`] gives the
//! canonical text of one of them and [`resolve()`] finds the one a player's
//! text names. Reading happens in two steps, as in shakmaty: [`parse`] turns
//! text into [`Reading`]s (syntax only), then each reading is matched
//! against the legal moves.
//!
//! The case rule of RULES.md: an upper-case letter names a piece and a
//! lower-case one a file (`Bxc3` is a bishop, `bxc3` a pawn). A reading that
//! follows that rule exactly wins; readings with other case are accepted only
//! when together they fit exactly one legal move (`nf3` is `Nf3`, `E4` is
//! `e4`, `bxc3` is the bishop only when no pawn move fits).
//!
//! ```
//! use tablero_rules::Cell;
//! use tablero_rules::san::{self, Role, SanMove, Suffix};
//! let sq = |s| Cell::parse(s).unwrap();
//! let legal = [
//!     SanMove::new(Role::Knight, sq("b1"), sq("d2"), false),
//!     SanMove::new(Role::Knight, sq("f3"), sq("d2"), false),
//! ];
//! assert_eq!(san::write(&legal[0], &legal, Suffix::None), "Nbd2");
//! let text = |i: usize| san::write(&legal[i], &legal, Suffix::None);
//! assert_eq!(san::resolve("Nfd2", &legal, text), Ok(1));
//! assert!(san::resolve("Nd2", &legal, text).is_err());
//! ```

use crate::{Cell, MoveError, Msg, msg};

/// Piece roles of every chess-like game here; SAN letters K Q R B N A
/// (amazon); pawns have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Guadalete14's promoted piece: queen + knight.
    Amazon,
}

impl Role {
    /// The upper-case SAN letter; `None` for the pawn.
    ///
    /// ```
    /// use tablero_rules::san::Role;
    /// assert_eq!(Role::Knight.letter(), Some('N'));
    /// assert_eq!(Role::Pawn.letter(), None);
    /// ```
    #[must_use]
    pub const fn letter(self) -> Option<char> {
        match self {
            Role::Pawn => None,
            Role::Knight => Some('N'),
            Role::Bishop => Some('B'),
            Role::Rook => Some('R'),
            Role::Queen => Some('Q'),
            Role::King => Some('K'),
            Role::Amazon => Some('A'),
        }
    }

    /// The role whose letter is `c`, in either case (`P` is the pawn).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            'A' => Some(Role::Amazon),
            _ => None,
        }
    }

    /// The role's name: English, Spanish, and whether the Spanish word is
    /// feminine (for "ningún"/"ninguna").
    const fn words(self) -> (&'static str, &'static str, bool) {
        match self {
            Role::Pawn => ("pawn", "peón", false),
            Role::Knight => ("knight", "caballo", false),
            Role::Bishop => ("bishop", "alfil", false),
            Role::Rook => ("rook", "torre", true),
            Role::Queen => ("queen", "dama", true),
            Role::King => ("king", "rey", false),
            Role::Amazon => ("amazon", "amazona", true),
        }
    }

    /// The role's name in English (`knight`).
    #[must_use]
    pub const fn name_en(self) -> &'static str {
        self.words().0
    }

    /// The role's name in Spanish (`caballo`).
    #[must_use]
    pub const fn name_es(self) -> &'static str {
        self.words().1
    }

    /// "ningún caballo" / "ninguna torre".
    fn no_es(self) -> String {
        let (_, es, fem) = self.words();
        if fem {
            format!("ninguna {es}")
        } else {
            format!("ningún {es}")
        }
    }
}

/// Which way a king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file: `O-O`.
    King,
    /// Towards the a-file: `O-O-O`.
    Queen,
}

/// What SAN needs to know about a legal move.
///
/// For castling, `role` is [`Role::King`] and `from`/`to` are the king's
/// squares (`e1`, `g1`), so UCI `e1g1` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanMove {
    pub role: Role,
    pub from: Cell,
    pub to: Cell,
    pub capture: bool,
    pub promotion: Option<Role>,
    pub castle: Option<CastleSide>,
}

impl SanMove {
    /// An ordinary move: no promotion, no castling.
    #[must_use]
    pub const fn new(role: Role, from: Cell, to: Cell, capture: bool) -> SanMove {
        SanMove {
            role,
            from,
            to,
            capture,
            promotion: None,
            castle: None,
        }
    }
}

/// What follows a move: nothing, `+` or `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    None,
    Check,
    Mate,
}

/// The form a player should use, for syntax errors.
fn expected() -> Msg {
    msg!(
        "`Nf3`, `exd5`, `O-O`, `e8=Q` or `e2e4`",
        "`Nf3`, `exd5`, `O-O`, `e8=Q` o `e2e4`"
    )
}

/// Canonical SAN of `m` among all `legal` moves of the position (minimal
/// disambiguation: file, else rank, else both; pawn captures always name the
/// file `exd5`; promotions `e8=Q`; castling `O-O`/`O-O-O`), plus `+`/`#`.
///
/// Pawns need no more than that in chess; where another pawn move would
/// read the same (Guadalete14's pawns walking both ways), the whole origin
/// square is written (`e6e5`, `e4xd5`).
#[must_use]
pub fn write(m: &SanMove, legal: &[SanMove], suffix: Suffix) -> String {
    let mut s = String::with_capacity(8);
    match m.castle {
        Some(CastleSide::King) => s.push_str("O-O"),
        Some(CastleSide::Queen) => s.push_str("O-O-O"),
        None if m.role == Role::Pawn => {
            let clash = legal.iter().any(|o| {
                o.role == Role::Pawn
                    && o.castle.is_none()
                    && o.from != m.from
                    && o.to == m.to
                    && o.promotion == m.promotion
                    && o.capture == m.capture
                    && (!m.capture || o.from.x == m.from.x)
            });
            if clash {
                s.push_str(&m.from.to_string());
            } else if m.capture {
                s.push(file_char(m.from.x));
            }
            if m.capture {
                s.push('x');
            }
            s.push_str(&m.to.to_string());
            if let Some(p) = m.promotion.and_then(Role::letter) {
                s.push('=');
                s.push(p);
            }
        }
        None => {
            if let Some(l) = m.role.letter() {
                s.push(l);
            }
            let others: Vec<&SanMove> = legal
                .iter()
                .filter(|o| {
                    o.role == m.role && o.castle.is_none() && o.to == m.to && o.from != m.from
                })
                .collect();
            if !others.is_empty() {
                if others.iter().all(|o| o.from.x != m.from.x) {
                    s.push(file_char(m.from.x));
                } else if others.iter().all(|o| o.from.y != m.from.y) {
                    s.push_str(&(m.from.y as u16 + 1).to_string());
                } else {
                    s.push_str(&m.from.to_string());
                }
            }
            if m.capture {
                s.push('x');
            }
            s.push_str(&m.to.to_string());
            if let Some(p) = m.promotion.and_then(Role::letter) {
                s.push('=');
                s.push(p);
            }
        }
    }
    match suffix {
        Suffix::None => {}
        Suffix::Check => s.push('+'),
        Suffix::Mate => s.push('#'),
    }
    s
}

fn file_char(x: u8) -> char {
    (b'a' + x) as char
}

/// One way to read a move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// `O-O` or `O-O-O`.
    Castle(CastleSide),
    /// Both squares given and no piece letter: UCI `e2e4`, `e7e8q`, long
    /// algebraic `e2-e4`. Names whatever piece stands on `from`.
    Squares {
        from: Cell,
        to: Cell,
        capture: bool,
        promotion: Option<Role>,
    },
    /// SAN proper: a piece (or a pawn) reaching `to`, with what the text
    /// says of its origin.
    San {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        capture: bool,
        to: Cell,
        promotion: Option<Role>,
    },
}

impl Reading {
    /// Whether legal move `m` is one this reading names. A promotion left
    /// out fits every promotion (the answer is then ambiguous, listing
    /// them); a capture mark requires a capture, but its absence is
    /// forgiven.
    #[must_use]
    pub fn fits(&self, m: &SanMove) -> bool {
        let promotion_fits = |p: Option<Role>| p.is_none() || p == m.promotion;
        match *self {
            Reading::Castle(side) => m.castle == Some(side),
            Reading::Squares {
                from,
                to,
                capture,
                promotion,
            } => {
                m.from == from && m.to == to && (!capture || m.capture) && promotion_fits(promotion)
            }
            Reading::San {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                m.castle.is_none()
                    && m.role == role
                    && m.to == to
                    && (!capture || m.capture)
                    && file.is_none_or(|f| m.from.x == f)
                    && rank.is_none_or(|r| m.from.y == r)
                    // A pawn named without its file moves straight ahead.
                    && (role != Role::Pawn || file.is_some() || m.from.x == to.x)
                    && promotion_fits(promotion)
            }
        }
    }

    /// Why no legal move fits, in general terms (games may say more).
    #[must_use]
    pub fn why_not(&self) -> Msg {
        match *self {
            Reading::Castle(CastleSide::King) => msg!(
                "castling king side is not possible now",
                "el enroque corto no es posible ahora"
            ),
            Reading::Castle(CastleSide::Queen) => msg!(
                "castling queen side is not possible now",
                "el enroque largo no es posible ahora"
            ),
            Reading::Squares { from, to, .. } => msg!(
                "no piece of yours can move from {from} to {to}",
                "ninguna pieza tuya puede ir de {from} a {to}"
            ),
            Reading::San {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let (en, es) = (role.name_en(), role.no_es());
                let origin = match (file, rank) {
                    (Some(f), Some(r)) => {
                        let c = Cell::new(f, r);
                        (format!(" on {c}"), format!(" en {c}"))
                    }
                    (Some(f), None) => {
                        let f = file_char(f);
                        (format!(" on the {f}-file"), format!(" de la columna {f}"))
                    }
                    (None, Some(r)) => {
                        let r = r as u16 + 1;
                        (format!(" on rank {r}"), format!(" de la fila {r}"))
                    }
                    (None, None) => (String::new(), String::new()),
                };
                let (oen, oes) = origin;
                match (capture, promotion) {
                    (_, Some(p)) => {
                        let (pen, pes) = (p.name_en(), p.name_es());
                        msg!(
                            "no {en}{oen} can reach {to} and become a {pen}",
                            "{es}{oes} puede llegar a {to} y convertirse en {pes}"
                        )
                    }
                    (true, None) => msg!(
                        "no {en}{oen} can capture on {to}",
                        "{es}{oes} puede capturar en {to}"
                    ),
                    (false, None) => {
                        msg!("no {en}{oen} can move to {to}", "{es}{oes} puede ir a {to}")
                    }
                }
            }
        }
    }
}

/// The readings of a move text: the one that follows the case rule, if the
/// text has one, and the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The reading with upper case for pieces and lower case for files.
    pub exact: Option<Reading>,
    /// Readings that need another case (`nf3`, `E4`, `bxc3` as a bishop).
    pub other: Vec<Reading>,
}

impl Parsed {
    /// Every reading, the exact one first.
    pub fn all(&self) -> impl Iterator<Item = &Reading> {
        self.exact.iter().chain(self.other.iter())
    }
}

/// Reads the syntax of a move text: SAN with optional `+`/`#`/`!`/`?`,
/// `0-0`, `e8Q`/`e8=q`, and UCI `e2e4`, `e7e8q`, `e1g1`. Spaces are ignored,
/// figurines (`♘f3`) read as letters. Ranks may have two digits (boards up
/// to 14 ranks); files are a–h.
pub fn parse(text: &str) -> Result<Parsed, MoveError> {
    let bad = || MoveError::syntax(text, expected());
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        let c = match c {
            '♔' | '♚' => 'K',
            '♕' | '♛' => 'Q',
            '♖' | '♜' => 'R',
            '♗' | '♝' => 'B',
            '♘' | '♞' => 'N',
            '×' => 'x',
            c if c.is_ascii() => c,
            _ => return Err(bad()),
        };
        s.push(c);
    }
    // Annotations and the check or mate mark say nothing about the move.
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    let lower = s.to_ascii_lowercase();
    // "e.p." after an en-passant capture is a comment too.
    let core_len = ["e.p.", "ep"]
        .iter()
        .find_map(|ep| {
            lower
                .strip_suffix(ep)
                .filter(|rest| rest.as_bytes().last().is_some_and(|b| b.is_ascii_digit()))
        })
        .map_or(lower.len(), str::len);
    let (s, lower) = (&s[..core_len], &lower[..core_len]);
    if s.is_empty() {
        return Err(bad());
    }

    if let Some(side) = castle(lower) {
        return Ok(Parsed {
            exact: Some(Reading::Castle(side)),
            other: Vec::new(),
        });
    }

    let bytes = s.as_bytes();
    let lbytes = lower.as_bytes();
    let mut exact = None;
    let mut other = Vec::new();

    // Reading the first letter as a piece.
    if let Some(role) = Role::from_letter(lbytes[0] as char).filter(|&r| r != Role::Pawn) {
        if let Some(body) = body(&lbytes[1..]) {
            let reading = Reading::San {
                role,
                file: body.from_file,
                rank: body.from_rank,
                capture: body.capture,
                to: body.to,
                promotion: body.promotion,
            };
            if bytes[0].is_ascii_uppercase() && files_lower(&bytes[1..], &body) {
                exact = Some(reading);
            } else {
                other.push(reading);
            }
        }
    }
    // Reading it as a file (a pawn, or a piece named by its square).
    if let Some(body) = body(lbytes) {
        let reading = match (body.from_file, body.from_rank) {
            (Some(f), Some(r)) => Reading::Squares {
                from: Cell::new(f, r),
                to: body.to,
                capture: body.capture,
                promotion: body.promotion,
            },
            (file, None) => Reading::San {
                role: Role::Pawn,
                file,
                rank: None,
                capture: body.capture,
                to: body.to,
                promotion: body.promotion,
            },
            (None, Some(_)) => return finish(exact, other, bad),
        };
        if files_lower(bytes, &body) && exact.is_none() {
            exact = Some(reading);
        } else {
            other.push(reading);
        }
    }
    finish(exact, other, bad)
}

fn finish(
    exact: Option<Reading>,
    other: Vec<Reading>,
    bad: impl FnOnce() -> MoveError,
) -> Result<Parsed, MoveError> {
    if exact.is_none() && other.is_empty() {
        Err(bad())
    } else {
        Ok(Parsed { exact, other })
    }
}

/// `O-O`, `0-0`, `oo` → king side; three O's → queen side.
fn castle(lower: &str) -> Option<CastleSide> {
    let letters: String = lower.chars().filter(|&c| c != '-').collect();
    match letters.replace('0', "o").as_str() {
        "oo" => Some(CastleSide::King),
        "ooo" => Some(CastleSide::Queen),
        _ => None,
    }
}

/// What follows an optional piece letter: origin hints, capture mark,
/// destination, promotion.
#[derive(Clone, Copy, Debug)]
struct Body {
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Cell,
    promotion: Option<Role>,
    /// Byte offsets (in the body) of the file letters read, to check case.
    file_at: [Option<usize>; 2],
}

/// Whether every file letter of `body` (read from the bytes `original`)
/// was written in lower case.
fn files_lower(original: &[u8], body: &Body) -> bool {
    body.file_at
        .iter()
        .flatten()
        .all(|&i| original.get(i).is_some_and(u8::is_ascii_lowercase))
}

/// A square or part of one: the file with its byte offset, and the rank.
type Part = (Option<(u8, usize)>, Option<u8>);

/// Reads `[file][rank][x|:|-]file rank[=][promotion]` from lower-case bytes.
fn body(b: &[u8]) -> Option<Body> {
    let mut i = 0;
    let file = |i: usize| {
        b.get(i)
            .filter(|c| (b'a'..=b'h').contains(c))
            .map(|c| c - b'a')
    };
    let rank = |i: usize| -> Option<(u8, usize)> {
        let d1 = *b.get(i).filter(|c| c.is_ascii_digit())?;
        if d1 == b'0' {
            return None;
        }
        match b.get(i + 1).filter(|c| c.is_ascii_digit()) {
            Some(&d2) => Some(((d1 - b'0') * 10 + (d2 - b'0'), 2)),
            None => Some((d1 - b'0', 1)),
        }
    };
    // Collect up to two squares or partial squares, with a mark between.
    let mut parts: Vec<Part> = Vec::new();
    let mut capture = false;
    let mut marks = 0;
    // A piece's capture mark comes straight after its letter: `Nxe5`.
    let leading_mark = matches!(b.first(), Some(b'x' | b':'));
    if leading_mark {
        capture = true;
        marks = 1;
        i = 1;
    }
    while i < b.len() && parts.len() < 2 {
        let f = file(i).map(|f| (f, i));
        if f.is_some() {
            i += 1;
        }
        let r = rank(i).map(|(r, n)| {
            i += n;
            r
        });
        if f.is_none() && r.is_none() {
            break;
        }
        parts.push((f, r));
        if let Some(&c) = b.get(i) {
            if matches!(c, b'x' | b':' | b'-') {
                if parts.len() > 1 || marks > 0 {
                    return None;
                }
                capture = c != b'-';
                marks += 1;
                i += 1;
            }
        }
    }
    let ((to_file, to_file_at), to_rank) = match parts.last()? {
        (Some(f), Some(r)) => (*f, *r),
        _ => return None,
    };
    if to_rank > 14 {
        return None;
    }
    let to = Cell::new(to_file, to_rank - 1);
    let (from_file, from_rank, from_file_at) = match parts.len() {
        1 => (None, None, None),
        _ => {
            let (f, r) = parts[0];
            if r.is_some_and(|r| r > 14) {
                return None;
            }
            (f.map(|f| f.0), r.map(|r| r - 1), f.map(|f| f.1))
        }
    };
    if parts.len() == 1 && marks > 0 && !leading_mark {
        // A mark after the only square: `a1-`.
        return None;
    }
    if parts.len() == 2 && leading_mark {
        return None;
    }
    // Promotion: `=q`, `q`, `(q)`, `/q`.
    let rest: Vec<u8> = b[i..]
        .iter()
        .copied()
        .filter(|c| !matches!(c, b'=' | b'(' | b')' | b'/'))
        .collect();
    let promotion = match rest.as_slice() {
        [] if i == b.len() => None,
        [c] => match Role::from_letter(*c as char) {
            Some(Role::Pawn) | None => return None,
            p => p,
        },
        _ => return None,
    };
    Some(Body {
        from_file,
        from_rank,
        capture,
        to,
        promotion,
        file_at: [from_file_at, Some(to_file_at)],
    })
}

/// Resolves player text to the index of the one legal move it names, or a
/// [`MoveError`]: `Syntax` when it is not a move, `Illegal` with a reason
/// when no legal move fits, `Ambiguous` listing canonical candidates (as
/// given by `write`) when several do. `GameOver` when `legal` is empty.
pub fn resolve(
    text: &str,
    legal: &[SanMove],
    write: impl Fn(usize) -> String,
) -> Result<usize, MoveError> {
    resolve_with(text, legal, write, |_| None)
}

/// [`resolve`] with a game-specific reason for illegal moves: `explain`
/// gets the readings of the text and may say precisely why none is legal
/// ("your king would be in check"); `None` falls back to a general reason.
pub fn resolve_with(
    text: &str,
    legal: &[SanMove],
    write: impl Fn(usize) -> String,
    explain: impl FnOnce(&Parsed) -> Option<Msg>,
) -> Result<usize, MoveError> {
    if legal.is_empty() {
        return Err(MoveError::GameOver);
    }
    let parsed = parse(text)?;
    let fitting =
        |r: &Reading| -> Vec<usize> { (0..legal.len()).filter(|&i| r.fits(&legal[i])).collect() };
    let mut found = parsed.exact.as_ref().map(fitting).unwrap_or_default();
    if found.is_empty() {
        for r in &parsed.other {
            for i in fitting(r) {
                if !found.contains(&i) {
                    found.push(i);
                }
            }
        }
        found.sort_unstable();
    }
    match found.as_slice() {
        [i] => Ok(*i),
        [] => {
            let why = explain(&parsed)
                .unwrap_or_else(|| parsed.all().next().map_or_else(expected, Reading::why_not));
            Err(MoveError::illegal(text, why))
        }
        many => Err(MoveError::Ambiguous {
            input: text.trim().to_string(),
            candidates: many.iter().map(|&i| write(i)).collect(),
        }),
    }
}

#[cfg(test)]
mod tests;
