//! Ratings through the app: many rated games finishing at once in several
//! channels leave every stored rating equal to a replay of all results in
//! the order they were applied; casual games and games against Tablero
//! change no rating; a win never lowers the winner's rating.

use std::collections::HashMap;
use std::sync::Arc;
use std::thread;

use tablero_app::testkit::Harness;
use tablero_rating::{Glicko2, RatedGame, Score};
use tablero_rules::{GameId, Side};
use tablero_store::{ChannelKey, GameDoc, Platform};

const PLAYERS: [&str; 5] = ["ana", "bo", "cy", "dan", "eva"];

/// Plays one rated Breakthrough game in `channel` between `a` (White) and
/// `b`, ended by `loser` resigning after a move each.
fn play(h: &Harness, channel: &str, a: &str, b: &str, loser: &str) {
    let r = h
        .say(channel, a, &format!("challenge @{b} breakthrough white"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let id = r
        .plain_text()
        .split("(#")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .unwrap()
        .to_string();
    let r = h.say(channel, b, &format!("accept #{id}")).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let r = h.say(channel, a, &format!("move #{id} a2-a3")).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let r = h.say(channel, b, &format!("move #{id} a7-a6")).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let _ = h.say(channel, loser, &format!("resign #{id}"));
    let r = h.say(channel, loser, &format!("resign #{id} yes")).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.ended.is_some(),
        "a finished game offers replay and rematch"
    );
}

fn finished(h: &Harness, channels: &[String]) -> Vec<GameDoc> {
    let store = h.app().store();
    let mut all = Vec::new();
    for c in channels {
        let ch = ChannelKey::new(Platform::Console, c.as_str());
        all.extend(
            store
                .finished_games(&ch)
                .unwrap()
                .into_iter()
                .map(Result::unwrap),
        );
    }
    all
}

#[test]
fn concurrent_rated_games_match_a_replay_of_all_results() {
    let dir = tempfile::tempdir().unwrap();
    let h = Arc::new(Harness::new(dir.path()));
    let channels: Vec<String> = (0..6).map(|i| format!("room{i}")).collect();
    let threads: Vec<_> = channels
        .iter()
        .enumerate()
        .map(|(t, ch)| {
            let (h, ch) = (h.clone(), ch.clone());
            thread::spawn(move || {
                for g in 0..8 {
                    let a = PLAYERS[(t + g) % PLAYERS.len()];
                    let b = PLAYERS[(t + 2 * g + 1) % PLAYERS.len()];
                    let (a, b) = if a == b {
                        (a, PLAYERS[(t + g + 1) % PLAYERS.len()])
                    } else {
                        (a, b)
                    };
                    let loser = if (t * 7 + g * 3) % 3 == 0 { a } else { b };
                    play(&h, &ch, a, b, loser);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let mut games = finished(&h, &channels);
    assert_eq!(games.len(), channels.len() * 8);
    games.sort_by_key(|d| d.rating.expect("rated").seq);
    // Every rated result has its own place in one order: 1, 2, …, n.
    let seqs: Vec<u64> = games.iter().map(|d| d.rating.unwrap().seq).collect();
    assert_eq!(seqs, (1..=games.len() as u64).collect::<Vec<_>>());
    let glicko = Glicko2::default();
    let mut replayed: Vec<RatedGame<String>> = Vec::new();
    for d in &games {
        let r = d.result.unwrap();
        let score = match r.winner {
            Some(Side::First) => Score::Win,
            Some(Side::Second) => Score::Loss,
            None => Score::Draw,
        };
        replayed.push(RatedGame {
            first: d.players[0].id.clone(),
            second: d.players[1].id.clone(),
            score,
            ended_ms: d.finished_ms.unwrap(),
        });
        // The change each game reports is the replay's at that point.
        let so_far = glicko.replay(&replayed);
        let rc = d.rating.unwrap();
        for side in Side::ALL {
            let want = so_far[&d.players[side.index()].id].rating;
            assert_eq!(rc.after[side.index()], want, "game {} {side:?}", d.id);
        }
        // A win never lowers the winner's rating.
        if let Some(w) = r.winner {
            assert!(rc.after[w.index()].rating > rc.before[w.index()].rating);
            let l = w.other();
            assert!(rc.after[l.index()].rating < rc.before[l.index()].rating);
        }
    }
    let want = glicko.replay(&replayed);
    let store = h.app().store();
    let mut counted = HashMap::new();
    for p in PLAYERS {
        let stored = store
            .rating(Platform::Console, GameId::Breakthrough, p)
            .unwrap()
            .expect("every player played");
        assert_eq!(stored.rating, want[p], "{p}");
        assert_eq!(stored.history.len(), stored.rating.games as usize, "{p}");
        counted.insert(p, stored.rating.games);
        // Deviation shrinks with games played back to back.
        let devs: Vec<f64> = stored.history.iter().map(|x| x.deviation).collect();
        assert!(devs.windows(2).all(|w| w[1] <= w[0]), "{p}: {devs:?}");
    }
    assert_eq!(
        counted.values().sum::<u32>() as usize,
        2 * games.len(),
        "each game rates both players once"
    );
}

#[test]
fn casual_games_and_games_against_tablero_are_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "challenge @bo breakthrough casual");
    h.say("general", "bo", "accept");
    let _ = h.say("general", "bo", "resign");
    let r = h.say("general", "bo", "resign yes").unwrap();
    assert!(!r.plain_text().contains("Ratings:"), "{}", r.plain_text());
    let store = h.app().store();
    for p in ["ana", "bo"] {
        assert_eq!(
            store
                .rating(Platform::Console, GameId::Breakthrough, p)
                .unwrap(),
            None
        );
    }
    h.say("general", "ana", "play breakthrough level=1");
    h.app().wait_bots(std::time::Duration::from_secs(60));
    let _ = h.say("general", "ana", "resign");
    let r = h.say("general", "ana", "resign yes").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert_eq!(
        store
            .rating(Platform::Console, GameId::Breakthrough, "ana")
            .unwrap(),
        None
    );
    assert_eq!(store.rating_seq().unwrap(), 0);
    // Stats still count both, the bot's apart.
    let s = h.say("general", "ana", "stats").unwrap().plain_text();
    assert!(s.contains("Breakthrough: 0 won, 1 lost, 0 drawn"), "{s}");
    assert!(s.contains("Against Tablero"), "{s}");
}
