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

/// Reads `text` as one move of `game` exactly (see the module docs), in
/// the reader's language `lang`.
fn exact_one(game: &AnyGame, legal: &[String], text: &str, lang: Lang) -> Fit {
    let id = game.id();
    if letters::uses_piece_letters(id) {
        let own = game.parse_move(&letters::delocalize(id, text, lang));
        let theirs = letters::strict(id, text, other(lang))
            .then(|| {
                game.parse_move(&letters::delocalize(id, text, other(lang)))
                    .ok()
            })
            .flatten();
        return match (own, theirs) {
            (Ok(a), Some(b)) if a != b => Fit::Either(vec![a, b]),
            (Ok(a), _) => Fit::Exact(vec![a]),
            // The canonical (English) letters are exact for every reader;
            // the Spanish ones only for a Spanish reader: an English
            // reader's `A4` is asked about (`Ba4`?), never played bare.
            (Err(_), Some(b)) if other(lang) == Lang::En => Fit::Exact(vec![b]),
            (Err(_), Some(b)) => Fit::Near(vec![b]),
            (Err(MoveError::Ambiguous { candidates, .. }), None) => Fit::Either(candidates),
            (Err(e @ MoveError::Illegal { .. }), None) => Fit::Illegal(e),
            (Err(_), None) => Fit::No,
        };
    }
    match spelled(legal, text).as_slice() {
        [] => {}
        [one] => return Fit::Exact(vec![one.clone()]),
        many => return Fit::Either(many.to_vec()),
    }
    // The same cells in another order (a set of placements).
    if let Ok(m) = game.parse_move(text)
        && tokens(&m) == tokens(text)
    {
        return Fit::Exact(vec![m]);
    }
    Fit::No
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
/// asking when the other language's letters read another legal move.
/// Returns the canonical move.
pub(crate) fn lenient(game: &AnyGame, text: &str, lang: Lang) -> Result<String, ReadError> {
    let id = game.id();
    let own = game.parse_move(&letters::delocalize(id, text, lang));
    if letters::uses_piece_letters(id) && letters::strict(id, text, other(lang)) {
        let theirs = game.parse_move(&letters::delocalize(id, text, other(lang)));
        match (&own, theirs) {
            (Ok(a), Ok(b)) if *a != b => return Err(ReadError::Either(vec![a.clone(), b])),
            (Err(_), Ok(b)) => return Ok(b),
            _ => {}
        }
    }
    // What a bare message would play, `move` plays too (`b2b3` for
    // `b2-b3`: separators are optional everywhere).
    own.or_else(|e| match spelled(&game.legal_moves(), text).as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(ReadError::Move(e)),
    })
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
        assert_eq!(
            exact(&g, "Re1", Lang::En),
            Fit::Either(vec!["Re1".into(), "Ke1".into()])
        );
        assert_eq!(
            exact(&g, "Re1", Lang::Es),
            Fit::Either(vec!["Ke1".into(), "Re1".into()])
        );
        // Only one reading legal: no question (Rh1: the rook on f1 cannot
        // get there past g1? it can; the king cannot).
        assert_eq!(exact(&g, "Rg1", Lang::Es), Fit::Exact(vec!["Rg1".into()]));
        // What each language types to play each unambiguously.
        assert_eq!(typed(&g, "Ke1"), ["Ke1".to_string(), "e2e1".to_string()]);
        assert_eq!(typed(&g, "Re1"), ["f1e1".to_string(), "Te1".to_string()]);
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
    fn squash_keeps_meaningful_x() {
        assert_eq!(squash("a2xb3"), "a2b3");
        assert_eq!(squash("d1-e3x55"), "d1e3x55");
        assert_eq!(squash("c2x"), "c2x");
        assert_eq!(squash("Nxe5+"), "Nxe5");
    }
}
