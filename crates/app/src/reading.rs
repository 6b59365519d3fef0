//! Reading what a player typed as a move of one game: exactly, as a bare
//! chat message must be, or leniently, as `move TEXT` may be.
//!
//! A bare message (no command word) plays only when its text *is* a legal
//! move: the canonical text up to case and separators (`a2xb3`, `A2-B3`,
//! `a2 x b3`), the same cells in another order (`d7,c7` for Cascades'
//! `c7,d7`), or for the chess games SAN or UCI as the rules core reads it
//! (which never completes a move). Anything the game's own reader would
//! have to complete (`e4` for Push's `e4s`) is only suggested. Words that
//! are moves only in a set-up phase (`pass`, `first`, `white`, `black` and
//! their Spanish) never play bare: in a chat they are words.
//!
//! The chess games are read in the player's language first (`Cc6` is a
//! knight in Spanish); when a text is written strictly in the other
//! language's letters too and means a different legal move there (`Rd1`:
//! a rook in English, a king in Spanish), the player is asked which.

use tablero_rules::{AnyGame, GameId, Lang, MoveError, letters};

/// What a text is in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Exactly these moves, in order, by the player to move (one move, or
    /// several placements of one turn such as Push's `Wa1 Wb2`).
    Exact(Vec<String>),
    /// Several legal moves are written this way (letter case, or the two
    /// languages' piece letters): their canonical texts.
    Either(Vec<String>),
    /// Not a move as written, but the game's reader completes it, or it
    /// begins these legal moves: their canonical texts.
    Near(Vec<String>),
    /// The game reads it as one of its moves, but it is not legal here.
    Illegal(MoveError),
    /// Not a move of this game.
    No,
}

/// Words that are moves only in set-up phases (Push's choice, a pass):
/// never played from a bare message.
const SET_UP_WORDS: &[&str] = &[
    "pass", "pasar", "paso", "first", "primero", "primera", "white", "black", "blancas", "blanco",
    "blanca", "negras", "negro", "negra",
];

/// Whether `text` is one of the words that never play bare.
pub(crate) fn is_set_up_word(text: &str) -> bool {
    let w = text.trim().to_lowercase();
    SET_UP_WORDS.contains(&w.as_str())
}

/// The text without separators: white space, `-`, `:`, `,`, `*`, `=`,
/// check and annotation marks, and an `x` between a square and the next
/// square (`a2xb3`); an `x` before a number or at the end means something
/// (Knight Fight's erased double, Bombardment's explosion) and stays.
fn squash(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() || matches!(c, '-' | ':' | ',' | '*' | '=' | '+' | '#' | '!' | '?') {
            continue;
        }
        if matches!(c, 'x' | 'X' | '×') {
            let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
            let before_letter = chars
                .get(i + 1..)
                .and_then(|rest| rest.iter().find(|c| !c.is_whitespace() && **c != '-'))
                .is_some_and(|c| c.is_ascii_alphabetic());
            if after_digit && before_letter {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// The letters-and-digits runs of `text`, lower case and sorted: the same
/// cells in any order and with any separators.
fn tokens(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    v.sort();
    v
}

/// `text` without the quoting people copy from the bot's own messages:
/// backticks (`` `Nf6` ``, `` `move #7 e5` ``) and a pair of quotation
/// marks around the whole message. Backticks mean nothing in a move or a
/// command.
pub(crate) fn unquote(text: &str) -> String {
    let t: String = text.chars().filter(|&c| c != '`').collect();
    let trimmed = t.trim();
    for (open, close) in [
        ('"', '"'),
        ('\u{201c}', '\u{201d}'),
        ('\u{ab}', '\u{bb}'),
        ('\'', '\''),
    ] {
        if let Some(inner) = trimmed
            .strip_prefix(open)
            .and_then(|r| r.strip_suffix(close))
            .filter(|r| !r.is_empty())
        {
            return inner.trim().to_string();
        }
    }
    if trimmed.len() == t.len() {
        t
    } else {
        trimmed.to_string()
    }
}

/// Whether `text` looks like a move someone meant: short, with a square
/// or a number in it, not a sentence.
pub(crate) fn move_shaped(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.chars().count() <= 40
        && t.chars().any(|c| c.is_ascii_digit())
        && t.split_whitespace().count() <= 12
        && !is_set_up_word(t)
}

/// The canonical moves spelled `text` up to separators (first with case
/// kept, then ignoring it).
fn spelled(legal: &[String], text: &str) -> Vec<String> {
    let want = squash(text);
    if want.is_empty() {
        return Vec::new();
    }
    let same: Vec<String> = legal
        .iter()
        .filter(|m| squash(m) == want)
        .cloned()
        .collect();
    if !same.is_empty() {
        return same;
    }
    let low = want.to_lowercase();
    legal
        .iter()
        .filter(|m| squash(m).to_lowercase() == low)
        .cloned()
        .collect()
}

/// The other language.
fn other(lang: Lang) -> Lang {
    match lang {
        Lang::En => Lang::Es,
        Lang::Es => Lang::En,
    }
}

/// Whether `c` is a piece letter of `lang` in `game` (upper case).
fn piece_letter(game: GameId, c: char, lang: Lang) -> bool {
    letters::legend(game, lang).iter().any(|&(l, _)| l == c)
}

/// The legal moves `text` can be read as in a chess-like game, for a
/// reader of `lang`, and whether every reading is in the other language's
/// letters (an English reader's `Cc6`).
///
/// A text written exactly as the game writes a legal move (in the
/// reader's letters; a Spanish reader's English letters too, which are
/// canonical) is that move: `dxc6` is the pawn, as SAN says, even where
/// the *dama* could take on c6. Any other text is read every way a person
/// may have meant it: as typed, in the reader's letters (the rules core's
/// case rule: `cc6` is a pawn move); with its first letter in upper case
/// when that letter names a piece (`cc6` is *caballo c6*, `bb3` *bishop
/// b3*; for an English reader a Spanish piece too where it is no English
/// one: a Spanish speaker who never set a language); and in the other
/// language's letters when it is written in them (`Rd1` is a rook and a
/// *rey*) — except that an English reader's English piece letter means
/// that piece (`Rh7` is a rook, never the Spanish *rey*). `Err` is the
/// reader's own error when nothing reads.
fn piece_readings(
    game: &AnyGame,
    text: &str,
    lang: Lang,
) -> Result<(Vec<String>, bool), MoveError> {
    let id = game.id();
    let marks: &[char] = &['+', '#', '!', '?'];
    let want = text.trim().trim_end_matches(marks);
    // Written exactly as the game writes legal moves for this reader (a
    // Spanish reader's English letters too): those moves, and only them.
    let canonical: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter(|m| {
            shown(id, m, lang).trim_end_matches(marks) == want
                || (lang == Lang::Es && m.trim_end_matches(marks) == want)
        })
        .collect();
    if !canonical.is_empty() {
        return Ok((canonical, false));
    }
    let mut found: Vec<String> = Vec::new();
    let mut foreign = 0;
    let add = |r: Result<String, MoveError>, found: &mut Vec<String>| -> Option<MoveError> {
        let moves = match r {
            Ok(m) => vec![m],
            Err(MoveError::Ambiguous { candidates, .. }) => candidates,
            Err(e) => return Some(e),
        };
        for m in moves {
            if !found.contains(&m) {
                found.push(m);
            }
        }
        None
    };
    let own_error = add(
        game.parse_move(&letters::delocalize(id, text, lang)),
        &mut found,
    );
    let trimmed = text.trim_start();
    let mut chars = trimmed.chars();
    let first = chars.next().unwrap_or(' ');
    let english = |c: char| piece_letter(id, c, Lang::En);
    // Only a piece's move comes of upper-casing the first letter: the rest
    // names a square (`cc6`, `bxa4`; not `a6`), and the reading is a piece.
    let rest = chars.as_str();
    let names_square = rest
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_digit());
    let is_piece = |m: &String| m.starts_with(|c: char| c.is_ascii_uppercase());
    // (An error here is only "no such reading": it is not reported.)
    let piece = |r: Result<String, MoveError>| match r {
        Ok(m) if !is_piece(&m) => Err(MoveError::GameOver),
        Err(MoveError::Ambiguous { input, candidates }) => Err(MoveError::Ambiguous {
            input,
            candidates: candidates.into_iter().filter(is_piece).collect(),
        }),
        r => r,
    };
    if first.is_ascii_lowercase() && names_square {
        let up = first.to_ascii_uppercase();
        let upper = format!("{up}{}", chars.as_str());
        // In the reader's letters (a Spanish reader's English letters
        // pass through as they are).
        if piece_letter(id, up, lang) || (lang == Lang::Es && english(up)) {
            add(
                piece(game.parse_move(&letters::delocalize(id, &upper, lang))),
                &mut found,
            );
        }
        // A Spanish letter that is no English piece, from an English
        // reader (a Spanish speaker who never set a language).
        if lang == Lang::En && piece_letter(id, up, Lang::Es) && !english(up) {
            let before = found.len();
            add(
                piece(game.parse_move(&letters::delocalize(id, &upper, Lang::Es))),
                &mut found,
            );
            foreign += found.len() - before;
        }
    }
    let theirs = letters::strict(id, text, other(lang)) && !(lang == Lang::En && english(first));
    if theirs {
        let before = found.len();
        add(
            game.parse_move(&letters::delocalize(id, text, other(lang))),
            &mut found,
        );
        foreign += found.len() - before;
    }
    let only_theirs = !found.is_empty() && foreign == found.len();
    match (found.is_empty(), own_error) {
        // Quoted back as typed (`Ab5`), not in the rules' letters (`Bb5`).
        (true, Some(e)) => Err(as_typed(e, text)),
        _ => Ok((found, only_theirs)),
    }
}

/// `e` quoting `text`, the player's own writing.
fn as_typed(e: MoveError, text: &str) -> MoveError {
    let input = text.trim().to_string();
    match e {
        MoveError::Syntax { expected, .. } => MoveError::Syntax { input, expected },
        MoveError::Illegal { why, .. } => MoveError::Illegal { input, why },
        MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous { input, candidates },
        e @ MoveError::GameOver => e,
    }
}

/// Reads `text` as one move of `game` exactly (see the module docs), in
/// the reader's language `lang`.
fn exact_one(game: &AnyGame, legal: &[String], text: &str, lang: Lang) -> Fit {
    let id = game.id();
    if letters::uses_piece_letters(id) {
        return match piece_readings(game, text, lang) {
            Ok((found, _)) if found.len() > 1 => Fit::Either(found),
            // The canonical (English) letters are exact for every reader;
            // the Spanish ones only for a Spanish reader: an English
            // reader's `A4` is asked about (`Ba4`?), never played bare.
            Ok((found, true)) if lang == Lang::En => Fit::Near(found),
            Ok((found, _)) if found.len() == 1 => Fit::Exact(found),
            Ok(_) => Fit::No,
            Err(e @ MoveError::Illegal { .. }) => Fit::Illegal(e),
            Err(_) => Fit::No,
        };
    }
    match spelled(legal, text).as_slice() {
        [] => {}
        [one] => return Fit::Exact(vec![one.clone()]),
        many => return Fit::Either(many.to_vec()),
    }
    // The same cells in another order (a set of placements), or the
    // game's own other spelling of a whole move (Push's Spanish `o` for
    // west: `d2o` is `d2w`).
    if let Ok(m) = game.parse_move(text)
        && (tokens(&m) == tokens(text) || same_move_respelled(id, &m, text))
    {
        return Fit::Exact(vec![m]);
    }
    Fit::No
}

/// Whether `text` is `canonical` in the game's other accepted spelling,
/// nothing completed: Push's moves with the direction in Spanish (`o`,
/// `oeste`) or in words (`north`, `norte`).
fn same_move_respelled(game: GameId, canonical: &str, text: &str) -> bool {
    if game != GameId::Empuje {
        return false;
    }
    let t = text.trim().to_lowercase();
    let (square, dir) = canonical.split_at(canonical.len().saturating_sub(1));
    let Some(rest) = t.strip_prefix(square) else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '-']);
    let words: &[&str] = match dir {
        "n" => &["n", "north", "norte"],
        "e" => &["e", "east", "este"],
        "s" => &["s", "south", "sur"],
        "w" => &["w", "west", "o", "oeste"],
        _ => &[],
    };
    words.contains(&rest)
}

/// What `text` is in `game`, read exactly, for a bare message from the
/// player to move. Several words may be several placements of one turn
/// (Push's set-up), all exact.
pub(crate) fn exact(game: &AnyGame, text: &str, lang: Lang) -> Fit {
    let text = text.trim();
    if text.is_empty() || is_set_up_word(text) || game.outcome().is_some() {
        return Fit::No;
    }
    let legal = game.legal_moves();
    let whole = exact_one(game, &legal, text, lang);
    if !matches!(whole, Fit::No) {
        return whole;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() > 1 {
        let side = game.turn().side;
        let mut g = game.clone();
        let mut played = Vec::new();
        for w in &words {
            if g.outcome().is_some() || g.turn().side != side || is_set_up_word(w) {
                played.clear();
                break;
            }
            match exact_one(&g, &g.legal_moves(), w, lang) {
                Fit::Exact(m) if m.len() == 1 && g.play(&m[0]).is_ok() => played.push(m[0].clone()),
                _ => {
                    played.clear();
                    break;
                }
            }
        }
        if !played.is_empty() {
            return Fit::Exact(played);
        }
    }
    near(game, &legal, text, lang)
}

/// Not exact: what the game's own reader makes of `text`, or the legal
/// moves it begins.
fn near(game: &AnyGame, legal: &[String], text: &str, lang: Lang) -> Fit {
    let id = game.id();
    let read = letters::delocalize(id, text, lang);
    match game.parse_move(&read) {
        Ok(m) => return Fit::Near(vec![m]),
        Err(MoveError::Ambiguous { candidates, .. }) if candidates.len() <= 4 => {
            return Fit::Near(candidates);
        }
        Err(e @ MoveError::Illegal { .. }) => {
            return prefix(legal, text).map_or(Fit::Illegal(e), Fit::Near);
        }
        Err(_) => {}
    }
    prefix(legal, text).map_or(Fit::No, Fit::Near)
}

/// The legal moves that begin with `text` (up to separators and case),
/// when a few do and the text names at least a square.
fn prefix(legal: &[String], text: &str) -> Option<Vec<String>> {
    let want = squash(text).to_lowercase();
    if want.chars().count() < 2 || !want.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: Vec<String> = legal
        .iter()
        .filter(|m| squash(m).to_lowercase().starts_with(&want))
        .cloned()
        .collect();
    (!v.is_empty() && v.len() <= 4).then_some(v)
}

/// What went wrong reading an explicit move.
#[derive(Clone, Debug)]
pub(crate) enum ReadError {
    Move(MoveError),
    /// The two languages' piece letters read different legal moves.
    Either(Vec<String>),
}

/// Reads `text` for `move TEXT`: the game's lenient reader (completion
/// included: the player asked for a move), in the reader's language, and
/// asking when the text reads as several legal moves (the two languages'
/// piece letters, a lower-case letter that is a file and a piece).
/// Returns the canonical move.
pub(crate) fn lenient(game: &AnyGame, text: &str, lang: Lang) -> Result<String, ReadError> {
    let id = game.id();
    let own = if letters::uses_piece_letters(id) {
        match piece_readings(game, text, lang) {
            Ok((found, _)) if found.len() > 1 => return Err(ReadError::Either(found)),
            Ok((found, _)) => found
                .into_iter()
                .next()
                .map_or_else(|| game.parse_move(text), Ok),
            Err(e) => Err(e),
        }
    } else {
        game.parse_move(text)
    };
    // What a bare message would play, `move` plays too (`b2b3` for
    // `b2-b3`: separators are optional everywhere).
    own.or_else(|e| match spelled(&game.legal_moves(), text).as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(ReadError::Move(e)),
    })
}

/// The legal move of `game` whose text, in `lang`'s piece letters, is
/// exactly `text` (up to check marks and surrounding space): what `move
/// #N TEXT` plays without asking, whatever else the text could be read as.
pub(crate) fn written_exactly(game: &AnyGame, text: &str, lang: Lang) -> Option<String> {
    let marks: &[char] = &['+', '#', '!', '?'];
    let want = text.trim().trim_end_matches(marks);
    if want.is_empty() {
        return None;
    }
    game.legal_moves()
        .into_iter()
        .find(|m| shown(game.id(), m, lang).trim_end_matches(marks) == want)
}

/// A canonical move of `game` written for `lang`'s readers.
pub(crate) fn shown(game: GameId, canonical: &str, lang: Lang) -> String {
    // Empuje's choices are words, and a Spanish reader reads (and may
    // type) them in Spanish: `@bob jugó negras`, not `jugó black`.
    if game == GameId::Empuje && lang == Lang::Es {
        match canonical {
            "first" => return "primero".to_string(),
            "white" => return "blancas".to_string(),
            "black" => return "negras".to_string(),
            _ => {}
        }
    }
    letters::localize(game, canonical, lang)
}

/// What a player of each language (English, Spanish) can type after
/// `move #N` to play exactly `canonical` in `game`: the move in their
/// piece letters, or, when those read another move too (`Re1` is a rook
/// and a king), its squares (`e2e1`), which the chess games read as UCI.
pub(crate) fn typed(game: &AnyGame, canonical: &str) -> [String; 2] {
    let id = game.id();
    [Lang::En, Lang::Es].map(|l| {
        let text = shown(id, canonical, l);
        if !letters::uses_piece_letters(id)
            || lenient(game, &text, l).ok().as_deref() == Some(canonical)
        {
            return text;
        }
        match uci(game, canonical) {
            Some(u) if lenient(game, &u, l).ok().as_deref() == Some(canonical) => u,
            _ => text,
        }
    })
}

/// A chess-family move as its origin and destination squares (`e2e4`,
/// `e7e8q`, `e1g1` for castling).
fn uci(game: &AnyGame, canonical: &str) -> Option<String> {
    let origin = game
        .move_choices()
        .into_iter()
        .find(|c| c.text == canonical)?
        .origin?
        .to_string();
    let core = canonical.trim_end_matches(['+', '#']);
    if core.starts_with("O-O") {
        let file = origin.as_bytes()[0];
        let to = if core == "O-O" { file + 2 } else { file - 2 };
        return Some(format!("{origin}{}{}", to as char, &origin[1..]));
    }
    let (body, promo) = match core.split_once('=') {
        Some((b, p)) => (b, p.to_lowercase()),
        None => (core, String::new()),
    };
    // The destination is the last square written.
    let bytes = body.as_bytes();
    let mut end = bytes.len();
    while end > 0 && !bytes[end - 1].is_ascii_digit() {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && bytes[start - 1].is_ascii_digit() {
        start -= 1;
    }
    let to = body.get(start.checked_sub(1)?..end)?;
    Some(format!("{origin}{to}{promo}"))
}

#[cfg(test)]
mod tests;
