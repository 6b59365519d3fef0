//! Empuje notation: placements `Wa1` / `Bb2`, the choice words `first`,
//! `white`, `black`, pushes `c3n` / `c3e` / `c3s` / `c3w`, and the position
//! text.
//!
//! Input is case-insensitive and ignores spaces. Aliases:
//! - placements: the colour as a word (`white a1`, `negro b2`) or `N` for
//!   negro; a bare square (`a1`) when only one colour is left to place;
//! - choices: Spanish `primero`, `blancas`/`blanco`/`blanca`,
//!   `negras`/`negro`/`negra`;
//! - pushes: a hyphen before the direction (`c3-n`), the direction as a word
//!   (`c3 north`, `c3 norte`, `c3 este`, `c3 sur`, `c3 oeste`), `o` (oeste)
//!   for west, and a bare square (`c3`) when the piece can move one way
//!   only.
//!
//! Several placements at once (`Wa1 Wb2 Bc3`) are read by
//! [`Empuje::parse_placements`], since [`Game::parse_move`] reads one move.
//!
//! Position text: the ranks from the top, `/` between them, `W`/`B` pieces
//! and digits for runs of empty squares; then the stage: `p` (the setter
//! places), `c` (the chooser chooses), `f` (the chooser took the first move,
//! the setter picks a colour), `w` or `b` (that colour is to move in play);
//! then the setter's colour (`w`, `b`, or `-` while undecided); then the
//! number of moves played. The start on 6×6 is `6/6/6/6/6/6 p - 0`.

use super::{Choice, Direction, Empuje, MAX_SIZE, MIN_SIZE, Move, PIECES_PER_COLOR, Stage};
use crate::board_text::{check_width, parse_count, read_rows, write_rows};
use crate::{Cell, Color, Game, MoveError, Msg, PositionError, msg};

/// Colour words that may start a placement, longest first so `blanca`
/// is not read as `b` + `lanca`.
const COLOR_WORDS: [(&str, Color); 11] = [
    ("blancas", Color::White),
    ("blanco", Color::White),
    ("blanca", Color::White),
    ("negras", Color::Black),
    ("negro", Color::Black),
    ("negra", Color::Black),
    ("white", Color::White),
    ("black", Color::Black),
    ("w", Color::White),
    ("b", Color::Black),
    ("n", Color::Black),
];

/// The canonical text of `m`.
pub(super) fn move_text(m: Move) -> String {
    match m {
        Move::Place { color, square } => format!("{}{square}", color_letter(color)),
        Move::Choose(Choice::First) => "first".to_string(),
        Move::Choose(Choice::White) => "white".to_string(),
        Move::Choose(Choice::Black) => "black".to_string(),
        Move::Push { from, dir } => format!("{from}{}", dir.letter()),
    }
}

const fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

/// A colour's name, English and Spanish ("White", "blancas").
const fn color_name(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("White", "blancas"),
        Color::Black => ("Black", "negras"),
    }
}

/// The colour as an adjective of "piece" / "pieza".
const fn color_adjective(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("White", "blanca"),
        Color::Black => ("Black", "negra"),
    }
}

const fn direction_name(dir: Direction) -> (&'static str, &'static str) {
    match dir {
        Direction::North => ("north", "al norte"),
        Direction::East => ("east", "al este"),
        Direction::South => ("south", "al sur"),
        Direction::West => ("west", "al oeste"),
    }
}

/// What a move looks like in the current stage, for syntax errors.
fn expected(g: &Empuje) -> Msg {
    match g.stage {
        Stage::Place => msg!(
            "`Wa1` or `Bb2` (a colour and a square)",
            "`Wa1` o `Bb2` (un color y una casilla)"
        ),
        Stage::Choose => msg!("`first`, `white` or `black`", "`first`, `white` o `black`"),
        Stage::SetterColor => msg!("`white` or `black`", "`white` o `black`"),
        Stage::Play { .. } => msg!(
            "`c3n` (a square and n, e, s or w)",
            "`c3n` (una casilla y n, e, s o w)"
        ),
    }
}

fn choice_word(s: &str) -> Option<Choice> {
    match s {
        "first" | "primero" => Some(Choice::First),
        "white" | "blancas" | "blanco" | "blanca" => Some(Choice::White),
        "black" | "negras" | "negro" | "negra" => Some(Choice::Black),
        _ => None,
    }
}

fn direction_word(s: &str) -> Option<Direction> {
    match s.strip_prefix('-').unwrap_or(s) {
        "n" | "north" | "norte" => Some(Direction::North),
        "e" | "east" | "este" => Some(Direction::East),
        "s" | "south" | "sur" => Some(Direction::South),
        "w" | "west" | "o" | "oeste" => Some(Direction::West),
        _ => None,
    }
}

/// A colour word followed by a square: `wa1`, `negrob2`.
fn placement(s: &str) -> Option<(Color, Cell)> {
    COLOR_WORDS.iter().find_map(|&(word, color)| {
        let square = Cell::parse(s.strip_prefix(word)?)?;
        Some((color, square))
    })
}

/// A square followed by a direction: `c3n`, `c3-north`.
fn push(s: &str) -> Option<(Cell, Direction)> {
    let (square, rest) = Cell::parse_prefix(s)?;
    Some((square, direction_word(rest)?))
}

pub(super) fn parse_move(g: &Empuje, text: &str) -> Result<Move, MoveError> {
    if g.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let folded: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if let Some(choice) = choice_word(&folded) {
        choose(g, text, choice)
    } else if let Some((color, square)) = placement(&folded) {
        place(g, text, Some(color), square)
    } else if let Some((square, dir)) = push(&folded) {
        push_move(g, text, square, Some(dir))
    } else if let Some(square) = Cell::parse(&folded) {
        match g.stage {
            Stage::Place => place(g, text, None, square),
            _ => push_move(g, text, square, None),
        }
    } else {
        Err(MoveError::syntax(text, expected(g)))
    }
}

fn placed(g: &Empuje) -> u32 {
    g.count(Color::White) + g.count(Color::Black)
}

fn choose(g: &Empuje, text: &str, choice: Choice) -> Result<Move, MoveError> {
    let why = match (g.stage, choice) {
        (Stage::Choose, _) | (Stage::SetterColor, Choice::White | Choice::Black) => {
            return Ok(Move::Choose(choice));
        }
        (Stage::SetterColor, Choice::First) => msg!(
            "the Chooser already took the first move; the Setter picks `white` or `black`",
            "el elector ya eligió mover primero; el colocador elige `white` o `black`"
        ),
        (Stage::Place, _) => {
            let n = placed(g);
            msg!(
                "the Setter is still placing pieces ({n} of 12 placed)",
                "el colocador aún está colocando piezas (lleva {n} de 12)"
            )
        }
        (Stage::Play { .. }, _) => msg!(
            "colours and the first move are already decided",
            "los colores y la salida ya están decididos"
        ),
    };
    Err(MoveError::illegal(text, why))
}

fn off_board(g: &Empuje, text: &str, square: Cell) -> MoveError {
    let n = g.size;
    MoveError::illegal(
        text,
        msg!(
            "there is no square {square} on this {n}×{n} board",
            "no hay ninguna casilla {square} en este tablero de {n}×{n}"
        ),
    )
}

fn place(g: &Empuje, text: &str, color: Option<Color>, square: Cell) -> Result<Move, MoveError> {
    if g.stage != Stage::Place {
        return Err(MoveError::illegal(
            text,
            msg!(
                "all twelve pieces are already placed",
                "ya están colocadas las doce piezas"
            ),
        ));
    }
    if !square.within(g.size, g.size) {
        return Err(off_board(g, text, square));
    }
    if g.piece(square).is_some() {
        return Err(MoveError::illegal(
            text,
            msg!("{square} is taken", "{square} ya está ocupada"),
        ));
    }
    let open = |c: Color| g.count(c) < PIECES_PER_COLOR;
    match color {
        Some(color) if open(color) => Ok(Move::Place { color, square }),
        Some(color) => {
            let (en, es) = color_name(color);
            Err(MoveError::illegal(
                text,
                msg!(
                    "all six {en} pieces are placed",
                    "ya están colocadas las seis piezas {es}"
                ),
            ))
        }
        None => {
            let fits: Vec<Move> = [Color::White, Color::Black]
                .into_iter()
                .filter(|&c| open(c))
                .map(|color| Move::Place { color, square })
                .collect();
            match fits[..] {
                [m] => Ok(m),
                _ => Err(MoveError::Ambiguous {
                    input: text.trim().to_string(),
                    candidates: fits.into_iter().map(move_text).collect(),
                }),
            }
        }
    }
}

fn push_move(
    g: &Empuje,
    text: &str,
    square: Cell,
    dir: Option<Direction>,
) -> Result<Move, MoveError> {
    let color = match g.stage {
        Stage::Play { to_move, .. } => to_move,
        Stage::Place => {
            return Err(MoveError::illegal(
                text,
                msg!(
                    "play has not begun: the Setter is placing pieces",
                    "la partida no ha empezado: el colocador está colocando piezas"
                ),
            ));
        }
        Stage::Choose => {
            return Err(MoveError::illegal(
                text,
                msg!(
                    "play has not begun: the Chooser picks `first`, `white` or `black`",
                    "la partida no ha empezado: el elector elige `first`, `white` o `black`"
                ),
            ));
        }
        Stage::SetterColor => {
            return Err(MoveError::illegal(
                text,
                msg!(
                    "play has not begun: the Setter picks `white` or `black`",
                    "la partida no ha empezado: el colocador elige `white` o `black`"
                ),
            ));
        }
    };
    if !square.within(g.size, g.size) {
        return Err(off_board(g, text, square));
    }
    match g.piece(square) {
        None => {
            return Err(MoveError::illegal(
                text,
                msg!("{square} is empty", "{square} está vacía"),
            ));
        }
        Some(c) if c != color => {
            let (en, es) = color_adjective(c);
            let (en_turn, es_turn) = color_name(color);
            return Err(MoveError::illegal(
                text,
                msg!(
                    "the piece on {square} is {en}; {en_turn} is to move",
                    "la pieza de {square} es {es}; juegan las {es_turn}"
                ),
            ));
        }
        Some(_) => {}
    }
    if let Some(dir) = dir {
        if g.can_push(color, square, dir) {
            return Ok(Move::Push { from: square, dir });
        }
        let (en, es) = direction_name(dir);
        return Err(MoveError::illegal(
            text,
            msg!(
                "no enemy piece is {en} of {square}",
                "no hay ninguna pieza enemiga {es} de {square}"
            ),
        ));
    }
    let fits: Vec<Move> = Direction::ALL
        .into_iter()
        .filter(|&d| g.can_push(color, square, d))
        .map(|dir| Move::Push { from: square, dir })
        .collect();
    match fits[..] {
        [m] => Ok(m),
        [] => Err(MoveError::illegal(
            text,
            msg!(
                "no enemy piece is in line with {square}",
                "no hay ninguna pieza enemiga en línea con {square}"
            ),
        )),
        _ => Err(MoveError::Ambiguous {
            input: text.trim().to_string(),
            candidates: fits.into_iter().map(move_text).collect(),
        }),
    }
}

/// Several placements at once, `Wa1 Wb2 Bc3` (spaces or commas between
/// them; `W a1` also works).
pub(super) fn parse_placements(g: &Empuje, text: &str) -> Result<Vec<Move>, MoveError> {
    let list_expected = || {
        msg!(
            "`Wa1 Wb2 Bc3` (placements separated by spaces)",
            "`Wa1 Wb2 Bc3` (colocaciones separadas por espacios)"
        )
    };
    let mut tokens: Vec<String> = Vec::new();
    let mut color_word: Option<String> = None;
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
    {
        let word = word.to_lowercase();
        if let Some(color) = color_word.take() {
            tokens.push(color + &word);
        } else if COLOR_WORDS.iter().any(|&(w, _)| w == word) {
            color_word = Some(word);
        } else {
            tokens.push(word);
        }
    }
    if color_word.is_some() || tokens.is_empty() {
        return Err(MoveError::syntax(text, list_expected()));
    }
    let mut g = g.clone();
    let mut moves = Vec::with_capacity(tokens.len());
    for token in tokens {
        let m = g.parse_move(&token)?;
        if !matches!(m, Move::Place { .. }) {
            return Err(MoveError::syntax(&token, list_expected()));
        }
        g.play(m);
        moves.push(m);
    }
    Ok(moves)
}

pub(super) fn position_text(g: &Empuje) -> String {
    let out = write_rows(
        (0..g.size)
            .rev()
            .map(|y| (0..g.size).map(move |x| g.piece(Cell::new(x, y)).map(color_letter))),
    );
    let (stage, setter) = match g.stage {
        Stage::Place => ('p', '-'),
        Stage::Choose => ('c', '-'),
        Stage::SetterColor => ('f', '-'),
        Stage::Play { setter, to_move } => (
            color_letter(to_move).to_ascii_lowercase(),
            color_letter(setter).to_ascii_lowercase(),
        ),
    };
    format!("{out} {stage} {setter} {}", g.ply)
}

pub(super) fn from_position_text(text: &str) -> Result<Empuje, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, stage, setter, ply] = fields[..] else {
        return Err(PositionError::new(
            "expected the ranks, the stage, the setter's colour and the move count",
        ));
    };
    let ranks = read_rows(board, "WB")?;
    let size = ranks.len();
    if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
        return Err(PositionError::new(format!(
            "{size} ranks: the board is {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE}"
        )));
    }
    check_width(&ranks, size)?;
    let size = size as u8;
    let mut pieces = [0u64; 2];
    for (k, cells) in ranks.iter().enumerate() {
        let y = size - 1 - k as u8;
        for (x, cell) in (0..).zip(cells) {
            if let Some(c) = cell {
                pieces[usize::from(*c == 'B')] |= 1 << Cell::new(x, y).index(size);
            }
        }
    }
    let [w, b] = pieces.map(u64::count_ones);
    if w > PIECES_PER_COLOR || b > PIECES_PER_COLOR {
        return Err(PositionError::new("at most six pieces of each colour"));
    }
    let all_placed = w == PIECES_PER_COLOR && b == PIECES_PER_COLOR;
    let color = |s: &str| match s {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    };
    let stage = match (stage, setter) {
        ("p", "-") if !all_placed => Stage::Place,
        ("c", "-") if all_placed => Stage::Choose,
        ("f", "-") if all_placed => Stage::SetterColor,
        (to_move, setter) => match (color(to_move), color(setter)) {
            (Some(to_move), Some(setter)) => Stage::Play { setter, to_move },
            _ => {
                return Err(PositionError::new(
                    "the stage is `p`, `c` or `f` with setter `-` (and the right number of \
                     pieces), or the colour to move `w`/`b` with the setter's colour `w`/`b`",
                ));
            }
        },
    };
    let ply = parse_count(ply).ok_or_else(|| PositionError::new("bad move count"))?;
    Ok(Empuje {
        size,
        pieces,
        stage,
        ply,
        last: None,
    })
}
