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
mod tests {
    use crate::testkit::after;
    use tablero_rules::GameId;

    use super::*;

    fn start(id: GameId) -> AnyGame {
        after(id, &[])
    }

    #[test]
    fn separators_and_case_are_not_completion() {
        let g = start(GameId::Breakthrough);
        assert_eq!(
            exact(&g, "a2-a3", Lang::En),
            Fit::Exact(vec!["a2-a3".into()])
        );
        assert_eq!(
            exact(&g, "A2 a3", Lang::En),
            Fit::Exact(vec!["a2-a3".into()])
        );
        assert_eq!(
            exact(&g, "a2a3", Lang::En),
            Fit::Exact(vec!["a2-a3".into()])
        );
        assert!(matches!(exact(&g, "b2", Lang::En), Fit::Near(v) if v.len() == 3));
        for chatter in [
            "gg",
            "hello everyone",
            "ok",
            "lol",
            "a",
            "2",
            "pass",
            "white",
        ] {
            assert!(
                matches!(exact(&g, chatter, Lang::En), Fit::No),
                "{chatter}: {:?}",
                exact(&g, chatter, Lang::En)
            );
        }
    }

    #[test]
    fn spanish_letters_read_first_in_spanish() {
        let g = after(GameId::Chess, &["e4", "e5"]);
        // Caballo c3, not the pawn move c3.
        assert_eq!(exact(&g, "Cc3", Lang::Es), Fit::Exact(vec!["Nc3".into()]));
        // An English reader's `Cc3` is the pawn by the case rule, but it is
        // written in Spanish letters: ask.
        assert_eq!(
            exact(&g, "Cc3", Lang::En),
            Fit::Either(vec!["c3".into(), "Nc3".into()])
        );
        assert_eq!(exact(&g, "Dh5", Lang::Es), Fit::Exact(vec!["Qh5".into()]));
        assert_eq!(exact(&g, "Ac4", Lang::Es), Fit::Exact(vec!["Bc4".into()]));
        assert_eq!(exact(&g, "Re2", Lang::Es), Fit::Exact(vec!["Ke2".into()]));
        // Nf3 means nothing else in Spanish.
        assert_eq!(exact(&g, "Nf3", Lang::Es), Fit::Exact(vec!["Nf3".into()]));
    }

    #[test]
    fn both_languages_legal_asks() {
        // White: king e2, rook f1, so `Re1` is the rook's move in English
        // and the king's (rey) in Spanish.
        let g = after(
            GameId::Chess,
            &[
                "e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "Ke2", "Ke7", "Rf1", "Rf8",
            ],
        );
        // An English reader's R is the rook (issue 37, defect 3).
        assert_eq!(exact(&g, "Re1", Lang::En), Fit::Exact(vec!["Re1".into()]));
        assert_eq!(
            exact(&g, "Re1", Lang::Es),
            Fit::Either(vec!["Ke1".into(), "Re1".into()])
        );
        // Only one reading legal: no question (Rh1: the rook on f1 cannot
        // get there past g1? it can; the king cannot).
        assert_eq!(exact(&g, "Rg1", Lang::Es), Fit::Exact(vec!["Rg1".into()]));
        // What each language types to play each unambiguously.
        assert_eq!(typed(&g, "Ke1"), ["Ke1".to_string(), "e2e1".to_string()]);
        assert_eq!(typed(&g, "Re1"), ["Re1".to_string(), "Te1".to_string()]);
        for m in ["Ke1", "Re1"] {
            for (l, t) in [Lang::En, Lang::Es].into_iter().zip(typed(&g, m)) {
                assert_eq!(lenient(&g, &t, l).ok().as_deref(), Some(m), "{t}");
            }
        }
    }

    #[test]
    fn prefixes_are_only_suggested() {
        // Push after the set-up: `e4` would be completed to a push.
        let g = start(GameId::Empuje);
        assert!(matches!(exact(&g, "Wa1", Lang::En), Fit::Exact(_)));
        assert_eq!(
            exact(&g, "Wa1 Wb2 Bc3", Lang::En),
            Fit::Exact(vec!["Wa1".into(), "Wb2".into(), "Bc3".into()])
        );
    }

    #[test]
    fn a_set_of_cells_in_any_order() {
        let mut g = start(GameId::Cascades);
        while !g.legal_moves().iter().any(|m| m.contains(',')) {
            let first = g.legal_moves()[0].clone();
            g.play(&first).unwrap();
        }
        let legal = g.legal_moves();
        let two = legal.iter().find(|m| m.contains(',')).unwrap();
        let (a, b) = two.split_once(',').unwrap();
        assert_eq!(
            exact(&g, &format!("{b},{a}"), Lang::En),
            Fit::Exact(vec![two.clone()])
        );
        assert_eq!(
            exact(&g, &format!("{a} {b}"), Lang::En),
            Fit::Exact(vec![two.clone()])
        );
    }

    #[test]
    fn a_lower_case_piece_letter_that_is_also_a_file_asks() {
        // After 1.e4 e5 2.Nf3: Black's `cc6` is caballo c6 to a Spanish
        // reader and the pawn c7-c6 by the case rule.
        let g = after(GameId::Chess, &["e4", "e5", "Nf3"]);
        for l in [Lang::Es, Lang::En] {
            assert_eq!(
                exact(&g, "cc6", l),
                Fit::Either(vec!["c6".into(), "Nc6".into()]),
                "{l:?}"
            );
            assert!(matches!(lenient(&g, "cc6", l), Err(ReadError::Either(_))));
        }
        // White's `cc3` on move one: the pawn c2-c3 or the knight b1-c3.
        let g = start(GameId::Chess);
        assert_eq!(
            exact(&g, "cc3", Lang::Es),
            Fit::Either(vec!["c3".into(), "Nc3".into()])
        );
        // A bishop on a4 and the b-pawn: `bb3` is either, in either language.
        let g = after(
            GameId::Chess,
            &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"],
        );
        for l in [Lang::En, Lang::Es] {
            assert_eq!(
                exact(&g, "bb3", l),
                Fit::Either(vec!["b3".into(), "Bb3".into()]),
                "{l:?}"
            );
        }
        // A letter that is no file reads one way only: played.
        assert_eq!(exact(&g, "nc3", Lang::En), Fit::Exact(vec!["Nc3".into()]));
        // The canonical texts are exact: `b3` and `Bb3` as the bot writes them.
        assert_eq!(exact(&g, "b3", Lang::En), Fit::Exact(vec!["b3".into()]));
        assert_eq!(exact(&g, "Bb3", Lang::En), Fit::Exact(vec!["Bb3".into()]));
        assert_eq!(exact(&g, "Ab3", Lang::Es), Fit::Exact(vec!["Bb3".into()]));
    }

    #[test]
    fn an_illegal_move_is_quoted_as_typed() {
        // 1.e4 e5: White's light bishop cannot reach b6 (the d-pawn is in
        // the way of nothing, but b6 is not on its diagonals).
        let g = after(GameId::Chess, &["e4", "e5"]);
        match lenient(&g, "Ab6", Lang::Es) {
            Err(ReadError::Move(MoveError::Illegal { input, .. })) => assert_eq!(input, "Ab6"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_canonical_pawn_capture_is_the_pawn() {
        // 1.e4 d5: `exd5` is the pawn; nothing else to ask.
        let g = after(GameId::Chess, &["e4", "d5"]);
        for l in [Lang::En, Lang::Es] {
            assert_eq!(exact(&g, "exd5", l), Fit::Exact(vec!["exd5".into()]));
        }
    }

    #[test]
    fn an_english_reader_means_the_english_piece() {
        // Guadalete: Black's rook on h8 and king on g8 can both go to h7
        // (h7-h5 made a plank; White's a4 answered it, as the balance rule
        // makes it). An English reader's `Rh7` is the rook; a Spanish
        // reader's is the rey.
        let g = after(
            GameId::Guadalete,
            &[
                "Nf3", "e6", "Ng1", "Nf6", "Nf3", "Be7", "Ng1", "Kf8", "Nf3", "Kg8", "Ng1", "h5",
                "a4",
            ],
        );
        assert!(g.legal_moves().contains(&"Kh7".to_string()));
        assert_eq!(exact(&g, "Rh7", Lang::En), Fit::Exact(vec!["Rh7".into()]));
        assert_eq!(lenient(&g, "Rh7", Lang::En).ok().as_deref(), Some("Rh7"));
        assert_eq!(
            exact(&g, "Rh7", Lang::Es),
            Fit::Either(vec!["Kh7".into(), "Rh7".into()])
        );
        assert_eq!(exact(&g, "Th7", Lang::Es), Fit::Exact(vec!["Rh7".into()]));
        // Chess with the king on e2 and a rook on f1 (see above): `Re1`.
        let g = after(
            GameId::Chess,
            &[
                "e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "Ke2", "Ke7", "Rf1", "Rf8",
            ],
        );
        assert_eq!(lenient(&g, "Re1", Lang::En).ok().as_deref(), Some("Re1"));
        // Written exactly as the game writes it, in the reader's letters.
        assert_eq!(written_exactly(&g, "Re1", Lang::En).as_deref(), Some("Re1"));
        assert_eq!(written_exactly(&g, "Re1", Lang::Es).as_deref(), Some("Ke1"));
        assert_eq!(written_exactly(&g, "Te1", Lang::Es).as_deref(), Some("Re1"));
        assert_eq!(written_exactly(&g, "re1", Lang::En), None);
    }

    #[test]
    fn push_directions_in_spanish_are_whole_moves() {
        let mut g = start(GameId::Empuje);
        for m in [
            "Ba1", "Ba2", "Ba3", "Ba4", "Ba5", "Ba6", "Wb1", "Wb2", "Wb3", "Wb4", "Wb5", "Wb6",
        ] {
            g.play(m).unwrap();
        }
        g.play("black").unwrap();
        let legal = g.legal_moves();
        let west = legal
            .iter()
            .find(|m| m.ends_with('w'))
            .expect("a push west");
        let square = &west[..west.len() - 1];
        for t in [
            format!("{square}o"),
            format!("{square} oeste"),
            format!("{square}w"),
            format!("{square} west"),
        ] {
            assert_eq!(
                exact(&g, &t, Lang::Es),
                Fit::Exact(vec![west.clone()]),
                "{t}"
            );
        }
        // A bare square is completed, never played.
        assert!(!matches!(exact(&g, square, Lang::Es), Fit::Exact(_)));
    }

    #[test]
    fn quoting_copied_from_the_bot_is_dropped() {
        assert_eq!(unquote("`Nf6`"), "Nf6");
        assert_eq!(unquote(" `move #7 e5` "), "move #7 e5");
        assert_eq!(unquote("move #7 `e5`"), "move #7 e5");
        assert_eq!(unquote("\u{201c}e4\u{201d}"), "e4");
        assert_eq!(unquote("\"e4\""), "e4");
        assert_eq!(unquote("don't"), "don't");
        assert_eq!(unquote("e4"), "e4");
    }

    /// The ways a reader of `lang` may write legal move `m`, built
    /// forwards from the canonical text (independently of the reader):
    /// the canonical text in each language's letters the reader may use
    /// (an English reader uses a Spanish letter only where it is no
    /// English piece), with and without its check mark, with its piece
    /// letter in lower case, and a pawn move with its file written first
    /// (`cc6` for `c6`, `ed5` for `exd5`, as the rules core reads them).
    fn spellings(id: GameId, m: &str, lang: Lang) -> Vec<String> {
        let english = |c: char| letters::legend(id, Lang::En).iter().any(|&(l, _)| l == c);
        let mut v = Vec::new();
        for l in [Lang::En, Lang::Es] {
            let s = letters::localize(id, m, l);
            let first = s.chars().next().unwrap_or(' ');
            if !(l == lang || lang == Lang::Es || !english(first)) {
                continue;
            }
            let bare = s.trim_end_matches(['+', '#']).to_string();
            v.push(s.clone());
            v.push(bare.clone());
            if letters::legend(id, l).iter().any(|&(c, _)| c == first) {
                v.push(format!("{}{}", first.to_ascii_lowercase(), &bare[1..]));
            }
        }
        let bare = m.trim_end_matches(['+', '#']);
        if bare.starts_with(|c: char| ('a'..='h').contains(&c)) {
            if bare.contains('x') {
                v.push(bare.replacen('x', "", 1));
            } else {
                v.push(format!("{}{bare}", &bare[..1]));
            }
        }
        v
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// No text that two different legal moves can be read as is ever
        /// played, bare or after `move`, in any chess-like game, in either
        /// language; and a text only one legal move can be read as never
        /// plays another.
        #[test]
        fn never_plays_a_text_two_moves_can_be_read_as(
            which in 0usize..4,
            seed in proptest::prelude::any::<u64>(),
            plies in 0usize..50,
        ) {
            let id = [GameId::Chess, GameId::Saltador, GameId::Guadalete, GameId::Guadalete14][which];
            let mut g = start(id);
            let mut x = seed | 1;
            for _ in 0..plies {
                let legal = g.legal_moves();
                if legal.is_empty() || g.outcome().is_some() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = legal[(x % legal.len() as u64) as usize].clone();
                g.play(&m).unwrap();
            }
            if g.outcome().is_some() {
                return Ok(());
            }
            for lang in [Lang::En, Lang::Es] {
                let mut meant: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
                    std::collections::BTreeMap::new();
                let legal = g.legal_moves();
                for m in &legal {
                    for t in spellings(id, m, lang) {
                        meant.entry(t).or_default().insert(m.clone());
                    }
                }
                // SAN names one move by construction: a text written as
                // the game writes a move (in the reader's letters; a
                // Spanish reader's English ones too) means that move only,
                // or several when the two languages' texts collide.
                let marks: &[char] = &['+', '#'];
                for (t, moves) in meant.iter_mut() {
                    let written: std::collections::BTreeSet<String> = legal
                        .iter()
                        .filter(|m| {
                            let own = letters::localize(id, m, lang);
                            own.trim_end_matches(marks) == t.trim_end_matches(marks)
                                || (lang == Lang::Es
                                    && m.trim_end_matches(marks) == t.trim_end_matches(marks))
                        })
                        .cloned()
                        .collect();
                    if !written.is_empty() {
                        *moves = written;
                    }
                }
                for (t, moves) in &meant {
                    let bare = exact(&g, t, lang);
                    let after_move = lenient(&g, t, lang);
                    if moves.len() > 1 {
                        proptest::prop_assert!(
                            !matches!(bare, Fit::Exact(_)),
                            "{id} {lang:?} `{t}` means {moves:?} but plays {bare:?}"
                        );
                        proptest::prop_assert!(
                            after_move.is_err(),
                            "{id} {lang:?} `move {t}` means {moves:?} but plays {after_move:?}"
                        );
                    } else if let Fit::Exact(v) = &bare {
                        proptest::prop_assert!(
                            moves.contains(&v[0]) && v.len() == 1,
                            "{id} {lang:?} `{t}` means {moves:?} but plays {v:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn squash_keeps_meaningful_x() {
        assert_eq!(squash("a2xb3"), "a2b3");
        assert_eq!(squash("d1-e3x55"), "d1e3x55");
        assert_eq!(squash("c2x"), "c2x");
        assert_eq!(squash("Nxe5+"), "Nxe5");
    }
}
