//! A message without a command word changes a game only when its text is
//! a legal move of exactly one of the sender's games where it is their
//! turn: a property over random positions of every game and random short
//! texts (legal moves with their case and separators changed, prefixes of
//! legal moves, moves of the other games, chatter).
//!
//! The oracle is written apart from the app's reader: a text "is" a move
//! when, lower-cased and with every character but letters and digits
//! removed (and the capture letter `x` with them), it is the move's
//! canonical text treated the same way, or the same cells in another
//! order; or when the game's own rules read the whole text as exactly
//! that move (chess's long algebraic `a2-a3` for `a3`, which a move of
//! Breakthrough spells the same). The texts here are built from canonical
//! moves, never from UCI.

use proptest::prelude::*;
use tablero_app::command::Someone;
use tablero_app::terms::Terms;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Command, Event, Platform};
use tablero_rules::{AnyGame, GameId, GameRecord, Side};

use tablero_app::testkit::actor;

fn letters(s: &str) -> String {
    // An `x` followed by a letter marks a capture (`a2xb3`); any other
    // `x` means something (`c2x` explodes, `x55` erases).
    let low: Vec<char> = s
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    low.iter()
        .enumerate()
        .filter(|&(i, c)| *c != 'x' || !low.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic()))
        .map(|(_, c)| *c)
        .collect()
}

fn cells(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    v.sort();
    v
}

/// Whether `text` is the canonical move `m` by the oracle.
fn is_move(text: &str, m: &str) -> bool {
    letters(text) == letters(m) || cells(text) == cells(m)
}

/// alice and bob start `game` (alice White), play `plies` moves chosen by
/// `seed`; returns the game's number.
fn start(h: &Harness, game: GameId, plies: usize, seed: u64) -> u64 {
    let c = h
        .app()
        .execute(
            &actor("alice"),
            Command::Challenge {
                opponent: Some(Someone::Mention("<@bob>".into())),
                game,
                terms: Terms {
                    side: Some(Some(Side::First)),
                    casual: true,
                    ..Terms::default()
                },
            },
        )
        .unwrap();
    let Event::Challenged(doc) = c else {
        panic!("{c:?}")
    };
    let Event::Accepted { game: view, .. } = h
        .app()
        .execute(&actor("bob"), Command::Accept(Some(doc.id)))
        .unwrap()
    else {
        panic!("not accepted")
    };
    let id = view.id();
    let mut g = view.game.clone();
    let mut x = seed;
    for ply in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let moves = g.legal_moves();
        // Leave the game one move before its end, so it stays ongoing.
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(x >> 33) as usize % moves.len()].clone();
        let mut next = g.clone();
        next.play(&m).unwrap();
        if next.outcome().is_some() {
            break;
        }
        let who = if g.turn().side == Side::First {
            "alice"
        } else {
            "bob"
        };
        h.app()
            .execute(
                &actor(who),
                Command::Move {
                    game: Some(id),
                    text: m,
                    ply: Some(ply),
                },
            )
            .unwrap();
        g = next;
    }
    id
}

/// Every ongoing game's record in the channel.
fn records(h: &Harness) -> Vec<(u64, String)> {
    let ch = ChannelKey::new(Platform::Console, "general");
    h.app()
        .store()
        .channel_games(&ch)
        .unwrap()
        .into_iter()
        .map(|d| {
            let d = d.unwrap();
            (d.id, d.record)
        })
        .collect()
}

fn position(record: &str) -> AnyGame {
    record.parse::<GameRecord>().unwrap().replay().unwrap()
}

/// A text built from `m`: its case and separators changed.
fn respelled(m: &str, k: u64) -> String {
    let mut s: String = match k % 4 {
        0 => m.to_string(),
        1 => m.to_uppercase(),
        2 => m.to_lowercase(),
        _ => m.replace('-', " "),
    };
    if k % 3 == 0 {
        s = format!("  {s} ");
    }
    s
}

const CHATTER: &[&str] = &[
    "gg",
    "hello everyone",
    "ok",
    "lol",
    "nice move",
    "wp",
    "hola",
    "jaja",
    "e",
    "4",
    "pass",
    "white",
    "black",
    "first",
    "blancas",
    "primero",
    "b",
    "no",
    "yes",
    "thanks!",
    "#1",
    "move",
    "?",
    "a",
    "x",
    "oops",
    "draw?",
    "e4?",
    "hmm e4",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn a_bare_message_plays_only_an_exact_move_of_one_game(
        games in proptest::collection::vec((0usize..12, 0usize..24), 1..4),
        seed in any::<u64>(),
        kind in 0u8..5,
        pick in any::<u64>(),
        addressed in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path());
        for (i, (g, plies)) in games.iter().enumerate() {
            start(&h, GameId::ALL[*g], *plies, seed ^ i as u64);
        }
        let before = records(&h);
        let positions: Vec<(u64, AnyGame)> =
            before.iter().map(|(id, r)| (*id, position(r))).collect();
        let all_moves: Vec<String> = positions.iter().flat_map(|(_, g)| g.legal_moves()).collect();
        let text = match kind {
            // A legal move of some game, respelled.
            0 | 1 if !all_moves.is_empty() => {
                respelled(&all_moves[pick as usize % all_moves.len()], pick >> 8)
            }
            // A prefix of one.
            2 if !all_moves.is_empty() => {
                let m = &all_moves[pick as usize % all_moves.len()];
                let cut = 1 + (pick >> 8) as usize % m.chars().count().max(1);
                m.chars().take(cut).collect()
            }
            // A move of a game nobody plays here.
            3 => {
                let g = AnyGame::new(GameId::ALL[pick as usize % 12], &Default::default()).unwrap();
                let moves = g.legal_moves();
                moves[(pick >> 8) as usize % moves.len()].clone()
            }
            _ => CHATTER[pick as usize % CHATTER.len()].to_string(),
        };
        let out = h.app().execute(&actor("alice"), Command::Said { text: text.clone(), addressed });
        let after = records(&h);
        // alice's games where it is her turn, and the moves the text is there.
        let to_move: Vec<(u64, Vec<String>)> = positions
            .iter()
            .filter(|(_, g)| g.outcome().is_none() && g.turn().side == Side::First)
            .map(|(id, g)| {
                let exact = g.parse_move(&text).ok();
                let fits = |m: &String| is_move(&text, m) || exact.as_ref() == Some(m);
                (*id, g.legal_moves().into_iter().filter(fits).collect())
            })
            .collect();
        let fitting: Vec<&(u64, Vec<String>)> =
            to_move.iter().filter(|(_, ms)| !ms.is_empty()).collect();
        match out {
            Ok(Event::Played { moves, game, .. }) => {
                prop_assert_eq!(fitting.len(), 1, "{:?} played in #{} though it fits {:?}", text, game.id(), fitting);
                let (id, ms) = fitting[0];
                prop_assert_eq!(*id, game.id());
                prop_assert_eq!(moves.len(), 1);
                prop_assert!(ms.contains(&moves[0]), "{:?} played {:?}, not one of {:?}", text, moves, ms);
            }
            other => {
                prop_assert_eq!(&before, &after, "{:?} changed a game: {:?}", text, other);
            }
        }
    }
}
