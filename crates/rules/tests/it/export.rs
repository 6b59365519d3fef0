//! Game records: every game's text record reads back to the same game, and
//! the PGN of the chess games reads back in other tools' terms — standard
//! chess through shakmaty, the variants through a small PGN tokenizer.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{EnPassantMode, Position};
use tablero_rules::export::{self, Finish, RecordHeader, Termination};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, GameId, GameRecord, Setup, Side};

/// A random game of `id` from `setup`: up to `max_plies` random legal
/// moves.
fn random_record(id: GameId, setup: &Setup, seed: u64, max_plies: usize) -> GameRecord {
    let mut rng = SplitMix64::new(seed);
    let mut g = AnyGame::new(id, setup).unwrap();
    let mut record = GameRecord::new(id, setup.clone());
    for _ in 0..max_plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize].clone();
        g.play(&m).unwrap();
        record.moves.push(m);
    }
    record
}

/// Setups worth a record: the default and every parameter at its extremes,
/// and Knight Fight with a seed.
fn setups(id: GameId) -> Vec<Setup> {
    let mut out = vec![Setup::default()];
    for p in id.info().params {
        out.push(Setup::default().with(p.key, p.min));
        out.push(Setup::default().with(p.key, p.max));
    }
    if id == GameId::KnightFight {
        out.push(Setup {
            seed: Some(42),
            ..Setup::default()
        });
    }
    out
}

fn header(seed: u64) -> RecordHeader {
    RecordHeader {
        event: "Casual game".into(),
        site: "Telegram: Club de ajedrez".into(),
        players: ["Ana María".into(), "Bo \"the bold\"".into()],
        started_ms: Some(1_763_632_800_000 + seed as i64),
        ended_ms: Some(1_763_640_000_000 + seed as i64),
        finish: None,
    }
}

#[test]
fn every_text_record_round_trips() {
    for id in GameId::ALL {
        for setup in setups(id) {
            for seed in 0..12 {
                let record = random_record(id, &setup, seed, 400);
                let text = export::text(&record, &header(seed)).unwrap();
                let back = export::parse_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back.record, record, "{text}");
                let want = record.replay().unwrap().position_text();
                let got = back.record.replay().unwrap().position_text();
                assert_eq!(got, want, "{text}");
                // The move lines alone, as `--play` takes them.
                let moves = text.split_once("\n\n").unwrap().1;
                let mut g = AnyGame::new(id, &setup).unwrap();
                for m in export::move_words(moves) {
                    g.play(m).unwrap();
                }
                assert_eq!(g.position_text(), want);
            }
        }
    }
}

#[test]
fn text_record_header_says_who_and_how() {
    let record = random_record(GameId::Cracovia, &Setup::default(), 3, 10);
    let mut h = header(0);
    h.finish = Some(Finish {
        winner: Some(Side::Second),
        termination: Termination::TimeForfeit,
    });
    let text = export::text(&record, &h).unwrap();
    let tags = export::parse_text(&text).unwrap().tags;
    let get = |k: &str| {
        tags.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(get("Game"), Some("cracovia (Cracovia)"));
    assert_eq!(get("Angels"), Some("Ana María"));
    assert_eq!(get("Demons"), Some("Bo \"the bold\""));
    // 1,763,632,800 s = 20,412 days + 36,000 s: 2025-11-20 10:00:00.
    assert_eq!(get("Started"), Some("2025-11-20 10:00:00 UTC"));
    assert_eq!(get("Result"), Some("0-1 (winner: Demons)"));
    assert_eq!(get("Termination"), Some("time forfeit"));
    assert_eq!(get("Plies"), Some("10"));
}

/// A PGN game as a tokenizer sees it: tags and the movetext's SAN tokens
/// (numbers, comments and the result dropped), and the result.
struct PgnGame {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    result: String,
}

/// A small PGN reader, written from the PGN standard (section 8): tag pairs
/// `[Name "value"]` with `\"` and `\\` escapes, then movetext of move
/// number indications, SAN, `{…}` comments and a game termination marker.
fn read_pgn(pgn: &str) -> PgnGame {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in pgn.lines() {
        if let Some(inner) = line.strip_prefix('[') {
            let inner = inner.strip_suffix(']').expect("tag line ends with ]");
            let (name, value) = inner.split_once(' ').expect("tag name and value");
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .expect("quoted value");
            let mut unescaped = String::new();
            let mut chars = value.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    unescaped.push(chars.next().expect("escape"));
                } else {
                    assert_ne!(c, '"', "unescaped quote in {line}");
                    unescaped.push(c);
                }
            }
            tags.push((name.to_string(), unescaped));
        } else {
            assert!(line.len() <= 80, "line over 80 columns: {line}");
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    let mut sans = Vec::new();
    let mut result = String::new();
    let mut in_comment = false;
    let mut expect_number = true;
    for tok in movetext.split_whitespace() {
        if in_comment {
            in_comment = !tok.ends_with('}');
            continue;
        }
        if tok.starts_with('{') {
            in_comment = !tok.ends_with('}');
            continue;
        }
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = tok.to_string();
            continue;
        }
        if let Some(n) = tok.strip_suffix('.') {
            assert!(expect_number, "unexpected move number {tok}");
            assert_eq!(n.parse::<usize>().unwrap(), sans.len() / 2 + 1);
            expect_number = false;
            continue;
        }
        assert!(result.is_empty(), "move after the result");
        sans.push(tok.to_string());
        expect_number = sans.len() % 2 == 0;
    }
    assert!(!in_comment);
    PgnGame { tags, sans, result }
}

fn tag<'a>(g: &'a PgnGame, name: &str) -> Option<&'a str> {
    g.tags
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

const SEVEN: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

#[test]
fn chess_pgn_reads_back_in_shakmaty() {
    for seed in 0..60 {
        let record = random_record(GameId::Chess, &Setup::default(), seed, 300);
        let pgn = export::pgn(&record, &header(seed)).unwrap();
        let game = read_pgn(&pgn);
        let names: Vec<&str> = game.tags.iter().take(7).map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, SEVEN, "{pgn}");
        assert_eq!(tag(&game, "Variant"), None);
        assert_eq!(tag(&game, "FEN"), None);
        assert_eq!(tag(&game, "White"), Some("Ana María"));
        assert_eq!(tag(&game, "Black"), Some("Bo \"the bold\""));
        assert_eq!(tag(&game, "Result"), Some(game.result.as_str()));
        let mut pos = shakmaty::Chess::default();
        for san in &game.sans {
            let parsed = SanPlus::from_ascii(san.as_bytes()).unwrap();
            let m = parsed
                .san
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("{san}: {e}\n{pgn}"));
            // Our SAN, check and mate marks included, is shakmaty's.
            assert_eq!(SanPlus::from_move(pos.clone(), &m).to_string(), *san);
            pos.play_unchecked(&m);
        }
        let ours = record.replay().unwrap();
        let fen = Fen::from_position(pos.clone(), EnPassantMode::Legal).to_string();
        // The six FEN fields; our position text goes on with the moves
        // since the last capture or pawn move, for repetitions.
        let text = ours.position_text();
        let six: Vec<&str> = text.split_whitespace().take(6).collect();
        assert_eq!(fen, six.join(" "), "{pgn}");
        let want = match pos.outcome() {
            Some(shakmaty::Outcome::Decisive { winner }) if winner.is_white() => "1-0",
            Some(shakmaty::Outcome::Decisive { .. }) => "0-1",
            Some(shakmaty::Outcome::Draw) => "1/2-1/2",
            None if ours.outcome().is_some() => "1/2-1/2", // repetition, 50 moves
            None => "*",
        };
        assert_eq!(game.result, want, "{pgn}");
    }
}

#[test]
fn variant_pgn_reads_back_with_the_tokenizer() {
    for (id, variant) in [
        (GameId::Saltador, "Jumping-bishop chess"),
        (GameId::Guadalete, "Guadalete"),
        (GameId::Guadalete14, "Cylinder Guadalete"),
    ] {
        for seed in 0..30 {
            let record = random_record(id, &Setup::default(), seed, 300);
            let pgn = export::pgn(&record, &header(seed)).unwrap();
            let game = read_pgn(&pgn);
            let names: Vec<&str> = game.tags.iter().take(7).map(|(k, _)| k.as_str()).collect();
            assert_eq!(names, SEVEN);
            assert_eq!(tag(&game, "Variant"), Some(variant));
            let start = AnyGame::new(id, &Setup::default()).unwrap();
            if id == GameId::Guadalete14 {
                assert_eq!(tag(&game, "SetUp"), Some("1"));
                assert_eq!(tag(&game, "FEN"), Some(start.position_text().as_str()));
            } else {
                assert_eq!(tag(&game, "FEN"), None);
            }
            assert_eq!(
                tag(&game, "PlyCount"),
                Some(game.sans.len().to_string().as_str())
            );
            let mut g = match tag(&game, "FEN") {
                Some(fen) => AnyGame::from_position_text(id, fen).unwrap(),
                None => start,
            };
            for san in &game.sans {
                assert_eq!(g.play(san).unwrap(), *san);
            }
            assert_eq!(g.position_text(), record.replay().unwrap().position_text());
            let want = match g.outcome() {
                None => "*",
                Some(o) => match o.winner {
                    Some(Side::First) => "1-0",
                    Some(Side::Second) => "0-1",
                    None => "1/2-1/2",
                },
            };
            assert_eq!(game.result, want);
        }
    }
}

#[test]
fn only_chess_games_have_pgn() {
    for id in GameId::ALL {
        let record = GameRecord::new(id, Setup::default());
        let pgn = export::pgn(&record, &RecordHeader::default());
        assert_eq!(pgn.is_ok(), export::pgn_variant(id).is_some(), "{id}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, failure_persistence: None, ..Default::default() })]

    /// Any text at all is a record or an error, never a panic; and any
    /// record read is replayed or refused the same way.
    #[test]
    fn any_text_is_read_without_panics(text in "(Game: (chess|bloc|knightfight|tetris)\n)?(Parameters: [a-z=0-9 ,]{0,20}\n)?[ -~\n]{0,200}") {
        if let Ok(r) = export::parse_text(&text) {
            let _ = r.record.replay();
            let _ = export::text(&r.record, &RecordHeader::default());
            let _ = export::pgn(&r.record, &RecordHeader::default());
        }
    }
}
