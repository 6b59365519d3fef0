//! Piece letters in the player's language, for the four chess-family games
//! (chess, saltador and both Guadaletes).
//!
//! The rules core writes and stores moves in English SAN (`Nf3`, `e8=Q`),
//! the standard PGN keeps. Spanish players write `Cf3` (caballo) and
//! `e8=D` (dama): R rey, D dama, T torre, A alfil (the jumping bishop
//! too), C caballo, P peón, and M for Guadalete14's amazona, whose English
//! letter is A. [`localize`] writes a canonical move with a language's
//! letters; [`delocalize`] reads a player's text written with them back
//! into the letters the rules core parses; [`strict`] tells whether a text
//! names a piece with a letter of that language at all, so the other
//! language's reading of a text is only considered when it really uses
//! that language's letters (`Cc6` has no English reading: C is no English
//! piece; `Rd1` has both, a rook and a king).
//!
//! ```
//! use tablero_rules::{GameId, Lang, letters};
//! assert_eq!(letters::localize(GameId::Chess, "Nxe5+", Lang::Es), "Cxe5+");
//! assert_eq!(letters::localize(GameId::Chess, "e8=Q", Lang::Es), "e8=D");
//! assert_eq!(letters::delocalize(GameId::Chess, "Cc6", Lang::Es), "Nc6");
//! assert_eq!(letters::delocalize(GameId::Chess, "Rd1", Lang::Es), "Kd1");
//! assert_eq!(letters::delocalize(GameId::Chess, "Rd1", Lang::En), "Rd1");
//! assert!(letters::strict(GameId::Chess, "Rd1", Lang::En));
//! assert!(!letters::strict(GameId::Chess, "Cc6", Lang::En));
//! // Games that are not chess-like keep their texts as they are.
//! assert_eq!(letters::localize(GameId::Breakthrough, "a2-a3", Lang::Es), "a2-a3");
//! ```

use crate::{GameId, Lang};

/// English SAN letter → Spanish letter.
const EN_ES: [(char, char); 6] = [
    ('K', 'R'),
    ('Q', 'D'),
    ('R', 'T'),
    ('B', 'A'),
    ('N', 'C'),
    ('A', 'M'),
];

/// Whether `game` writes its moves in SAN with piece letters.
#[must_use]
pub const fn uses_piece_letters(game: GameId) -> bool {
    matches!(
        game,
        GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14
    )
}

/// The piece letters of `lang` with their pieces' names, for help texts:
/// `[("R", "rey"), …]`. Empty for games without piece letters.
#[must_use]
pub fn legend(game: GameId, lang: Lang) -> Vec<(char, &'static str)> {
    if !uses_piece_letters(game) {
        return Vec::new();
    }
    let mut v: Vec<(char, &'static str)> = match lang {
        Lang::En => vec![
            ('K', "king"),
            ('Q', "queen"),
            ('R', "rook"),
            ('B', "bishop"),
            ('N', "knight"),
        ],
        Lang::Es => vec![
            ('R', "rey"),
            ('D', "dama"),
            ('T', "torre"),
            ('A', "alfil"),
            ('C', "caballo"),
            ('P', "peón"),
        ],
    };
    if game == GameId::Guadalete14 {
        v.push(match lang {
            Lang::En => ('A', "amazon"),
            Lang::Es => ('M', "amazona"),
        });
    }
    v
}

fn map(c: char, table: impl Iterator<Item = (char, char)>) -> char {
    let mut table = table;
    table.find(|&(from, _)| from == c).map_or(c, |(_, to)| to)
}

/// The canonical move `text` (English SAN) with the piece letters of
/// `lang`. Texts of games without piece letters are returned unchanged.
#[must_use]
pub fn localize(game: GameId, text: &str, lang: Lang) -> String {
    if lang == Lang::En || !uses_piece_letters(game) {
        return text.to_string();
    }
    text.chars().map(|c| map(c, EN_ES.into_iter())).collect()
}

/// A player's `text` written with the piece letters of `lang`, in the
/// English letters the rules core reads. Upper-case letters that are not
/// pieces of `lang` are kept (`Nf3` from a Spanish player is still a
/// knight: N means nothing else in Spanish), and a leading `P` (peón) is
/// dropped. Texts of games without piece letters are returned unchanged.
#[must_use]
pub fn delocalize(game: GameId, text: &str, lang: Lang) -> String {
    if lang == Lang::En || !uses_piece_letters(game) {
        return text.to_string();
    }
    let body = text.trim_start();
    let body = match body.strip_prefix('P') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_lowercase()) => rest,
        _ => body,
    };
    body.chars()
        .map(|c| map(c, EN_ES.iter().map(|&(en, es)| (es, en))))
        .collect()
}

/// Whether `text` begins with an upper-case piece letter of `lang` (or
/// castles, which is the same in both): the text is written in that
/// language's notation rather than merely readable in it.
#[must_use]
pub fn strict(game: GameId, text: &str, lang: Lang) -> bool {
    if !uses_piece_letters(game) {
        return false;
    }
    let Some(first) = text.trim_start().chars().next() else {
        return false;
    };
    if !first.is_ascii_uppercase() {
        return false;
    }
    match lang {
        Lang::En => EN_ES.iter().any(|&(en, _)| en == first),
        Lang::Es => first == 'P' || EN_ES.iter().any(|&(_, es)| es == first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_letter() {
        for (en, es) in [
            ("Kxe2", "Rxe2"),
            ("Qh4#", "Dh4#"),
            ("Rad1", "Tad1"),
            ("Bb5+", "Ab5+"),
            ("Nbd2", "Cbd2"),
            ("Axc5", "Mxc5"),
            ("e8=Q", "e8=D"),
            ("bxa1=N", "bxa1=C"),
            ("O-O-O", "O-O-O"),
            ("exd6", "exd6"),
        ] {
            assert_eq!(localize(GameId::Guadalete14, en, Lang::Es), es);
            assert_eq!(delocalize(GameId::Guadalete14, es, Lang::Es), en);
        }
    }

    #[test]
    fn a_spanish_pawn_letter_is_dropped() {
        assert_eq!(delocalize(GameId::Chess, "Pe4", Lang::Es), "e4");
        assert_eq!(delocalize(GameId::Chess, "Pexd5", Lang::Es), "exd5");
    }

    #[test]
    fn strictness_follows_the_first_letter() {
        assert!(strict(GameId::Chess, "Cc6", Lang::Es));
        assert!(!strict(GameId::Chess, "Cc6", Lang::En));
        assert!(strict(GameId::Chess, "Bc4", Lang::En));
        assert!(!strict(GameId::Chess, "Bc4", Lang::Es));
        assert!(strict(GameId::Chess, "Rd1", Lang::En));
        assert!(strict(GameId::Chess, "Rd1", Lang::Es));
        assert!(!strict(GameId::Chess, "e4", Lang::En));
        assert!(!strict(GameId::Breakthrough, "Bc4", Lang::En));
    }

    #[test]
    fn other_games_are_untouched() {
        assert_eq!(delocalize(GameId::Empuje, "Wa1", Lang::Es), "Wa1");
        assert_eq!(localize(GameId::Cracovia, "Ab2", Lang::Es), "Ab2");
    }
}
