//! Tests of `reading.rs`: exact and lenient reading, and the property
//! that no text two legal moves can be read as is ever played.

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
            "Nf3", "e6", "Ng1", "Nf6", "Nf3", "Be7", "Ng1", "Kf8", "Nf3", "Kg8", "Ng1", "h5", "a4",
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
