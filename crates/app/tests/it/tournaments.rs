//! Tournaments in a chat, through typed commands only: created, joined,
//! started, every round played as ordinary games (resignations, agreed
//! draws, timeouts), the next round paired when the last game of one
//! ends, standings and the winner announced; withdrawals, a restart in
//! the middle, Spanish, and refusals that change nothing.
//!
//! Players are seeded by rating (nobody has one here), then by name: ana
//! is 1, bo 2, cy 3, di 4, ed 5. Which pairings each round gets is read
//! from the store (the tournament crate's own tests check the pairing
//! rules); who wins each game is set by the test, so the standings follow
//! from the results and are worked out by hand below.

use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Platform, Reply, TourPress};
use tablero_store::TournamentDoc;
use tablero_tournament::{GameResult, Phase, Tournament};

mod bye;
mod deadline;

const CH: &str = "club";

fn key() -> ChannelKey {
    ChannelKey::new(Platform::Console, CH)
}

/// `user` types `text`; it must succeed. Two seconds pass, as between
/// messages typed by hand (and within the per-minute command limit).
fn ok(h: &Harness, user: &str, text: &str) -> String {
    h.clock.advance(2_000);
    let r = h.say(CH, user, text).expect("a reply");
    assert!(!r.error, "{user}: {text} → {}", r.plain_text());
    r.plain_text()
}

/// `user` types `text`; it must be refused.
fn refused(h: &Harness, user: &str, text: &str) -> String {
    h.clock.advance(2_000);
    let r = h.say(CH, user, text).expect("a reply");
    assert!(r.error, "{user}: {text} → {}", r.plain_text());
    r.plain_text()
}

fn doc(h: &Harness, id: u64) -> TournamentDoc {
    h.app().store().tournament(&key(), id).unwrap().unwrap()
}

fn core(h: &Harness, id: u64) -> Tournament {
    serde_json::from_value(doc(h, id).state).unwrap()
}

/// The chat games of the current round still to play: (game, White,
/// Black).
fn to_play(h: &Harness, id: u64) -> Vec<(u64, String, String)> {
    let d = doc(h, id);
    let t = core(h, id);
    let round = t.current_round().unwrap();
    round
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .map(|g| {
            let game = d.game_of(round.number, g.board).expect("a chat game");
            (game, g.white.0.clone(), g.black.0.clone())
        })
        .collect()
}

/// Whoever comes later in the alphabet loses (resigns), in every game.
fn alphabet_resigns(h: &Harness, g: u64, white: &str, black: &str) -> String {
    let loser = if white > black { white } else { black };
    ok(h, loser, &format!("resign #{g} yes"))
}

fn create_and_join(h: &Harness, create: &str, players: &[&str]) -> u64 {
    let text = ok(h, "ana", create);
    let id = h.app().store().channel_tournaments(&key()).unwrap().len() as u64;
    assert!(text.contains("Tournament #"), "{text}");
    for p in players {
        let text = ok(h, p, "tournament join");
        assert!(text.contains("joined tournament"), "{text}");
    }
    // The first tournament of a fresh chat takes the chat's first number.
    doc(h, id).id
}

/// A 4-player round robin of chess, three rounds, with a restart after
/// round 1 and a draw agreed in round 3.
///
/// Results: ana beats everyone, bo beats cy and di, cy and di draw.
/// By hand: ana 3 (3 wins), bo 2 (2 wins, 1 loss), cy ½ and di ½ (a draw,
/// two losses each). cy and di are equal on points, on their direct
/// encounter (a draw: ½ each) and on Sonneborn-Berger (½ of the other's
/// ½ = ¼ each): they share third place, cy listed first by pairing
/// number (3 before 4).
#[test]
fn a_round_robin_of_four_is_played_to_the_end_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    let id = create_and_join(
        &h,
        "tournament create chess roundrobin time=1d",
        &["ana", "bo", "cy", "di"],
    );
    assert_eq!(id, 1);
    let text = ok(&h, "ana", "tournament start");
    assert!(text.contains("Tournament #1 has begun"), "{text}");
    assert!(text.contains("Round 1 of 3"), "{text}");
    for round in 1..=3 {
        if round == 2 {
            // A restart: everything is read again from the store.
            h.open();
        }
        let games = to_play(&h, id);
        assert_eq!(games.len(), 2, "round {round}: two games of two players");
        for (i, (g, white, black)) in games.iter().enumerate() {
            // The board works as in any game.
            assert!(ok(&h, white, &format!("board #{g}")).contains(&format!("#{g}")));
            let pair = [white.as_str(), black.as_str()];
            let text = if pair.contains(&"cy") && pair.contains(&"di") {
                ok(&h, white, &format!("draw #{g}"));
                ok(&h, black, &format!("draw accept #{g}"))
            } else {
                alphabet_resigns(&h, *g, white, black)
            };
            assert!(
                text.contains(&format!("(Tournament #1, round {round}, board")),
                "{text}"
            );
            let last = i == games.len() - 1;
            match (last, round) {
                (false, _) => assert!(!text.contains("is over"), "{text}"),
                (true, 3) => {
                    assert!(text.contains("Tournament #1 is over: @ana wins!"), "{text}");
                    assert!(text.contains("Standings:"), "{text}");
                }
                (true, r) => {
                    assert!(text.contains(&format!("round {r} is over")), "{text}");
                    assert!(text.contains(&format!("Round {} of 3", r + 1)), "{text}");
                }
            }
        }
    }
    let t = core(&h, id);
    assert_eq!(t.phase(), Phase::Finished);
    let table: Vec<(String, String, bool)> = t
        .standings()
        .iter()
        .map(|s| (s.player.0.clone(), s.points.to_string(), s.shared))
        .collect();
    assert_eq!(
        table,
        [
            ("ana".to_string(), "3".to_string(), false),
            ("bo".to_string(), "2".to_string(), false),
            ("cy".to_string(), "½".to_string(), false),
            ("di".to_string(), "½".to_string(), true),
        ]
    );
    // Six games, each a chat game; none is left ongoing.
    assert_eq!(doc(&h, id).games.len(), 6);
    assert!(h.app().store().channel_games(&key()).unwrap().is_empty());
    let shown = ok(&h, "cy", "tournament");
    assert!(shown.contains("It is over."), "{shown}");
    assert!(shown.contains("1. ana — 3 (3 games: +3 =0 −0)"), "{shown}");
}

/// Ends game `g` by a timeout of `loser`: when `moves` is true both
/// players first make one move each (and White another if Black is to
/// lose), so the loser has moved; otherwise the loser never moves (when
/// the loser is Black, White moves once).
fn time_out(h: &Harness, g: u64, white: &str, black: &str, loser: &str, moves: bool) -> String {
    let black_loses = loser == black;
    if moves {
        ok(h, white, &format!("move #{g} a2-a3"));
        ok(h, black, &format!("move #{g} h7-h6"));
        if black_loses {
            ok(h, white, &format!("move #{g} b2-b3"));
        }
    } else if black_loses {
        ok(h, white, &format!("move #{g} a2-a3"));
    }
    h.clock.advance(3_600_000);
    let out = h.app().tick();
    let timed_out: Vec<String> = out
        .iter()
        .map(|o| o.reply.plain_text())
        .filter(|t| t.contains("Tournament #"))
        .collect();
    assert_eq!(timed_out.len(), 1, "{out:#?}");
    timed_out[0].clone()
}

/// A Swiss of five players, three rounds, Breakthrough with an hour per
/// move: a bye every round, two games lost on time (one by a player who
/// had moved: a loss; one by a player who never moved: a forfeit).
///
/// Results: whoever comes first in the alphabet wins every game. So ana,
/// seeded first, is always in the top score group, never has a bye and
/// wins her three games: 3 points, the winner alone. Every other player's
/// points are their wins against players later in the alphabet plus 1 for
/// each bye (a Swiss bye scores 1), which the test adds up from the
/// pairings the rounds got. Round 1 is fixed by the Dutch rules: ana–cy
/// and bo–di (top half against bottom half), and ed, the lowest seed,
/// has the bye.
#[test]
fn a_swiss_of_five_with_byes_and_timeouts_is_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let id = create_and_join(
        &h,
        "tournament create breakthrough swiss rounds=3 time=1h",
        &["ana", "bo", "cy", "di", "ed"],
    );
    ok(&h, "ana", "tournament start");
    let t = core(&h, id);
    let r1 = t.current_round().unwrap();
    let pairs: Vec<[String; 2]> = r1
        .games
        .iter()
        .map(|g| {
            let mut p = [g.white.0.clone(), g.black.0.clone()];
            p.sort();
            p
        })
        .collect();
    assert_eq!(
        pairs,
        [
            ["ana".to_string(), "cy".to_string()],
            ["bo".to_string(), "di".to_string()]
        ]
    );
    assert_eq!(r1.bye.as_ref().unwrap().player.0, "ed");
    let mut expected: std::collections::BTreeMap<String, u32> = Default::default();
    for round in 1..=3u32 {
        let t = core(&h, id);
        let bye = t
            .current_round()
            .unwrap()
            .bye
            .clone()
            .expect("five players: a bye");
        *expected.entry(bye.player.0.clone()).or_default() += 2;
        let games = to_play(&h, id);
        assert_eq!(games.len(), 2);
        for (i, (g, white, black)) in games.iter().enumerate() {
            let winner = white.min(black).clone();
            let loser = white.max(black).clone();
            *expected.entry(winner.clone()).or_default() += 2;
            let last = i == 1;
            let text = match (round, last) {
                (2, true) => time_out(&h, *g, white, black, &loser, true),
                (3, true) => time_out(&h, *g, white, black, &loser, false),
                _ => alphabet_resigns(&h, *g, white, black),
            };
            if last && round < 3 {
                assert!(text.contains(&format!("round {round} is over")), "{text}");
                assert!(text.contains("Bye:"), "{text}");
            }
            if last && round == 3 {
                assert!(text.contains("@ana wins!"), "{text}");
            }
        }
    }
    let t = core(&h, id);
    assert_eq!(t.phase(), Phase::Finished);
    // Every player had at most one bye; nobody met anyone twice.
    let mut byes: Vec<String> = t
        .rounds()
        .iter()
        .map(|r| r.bye.as_ref().unwrap().player.0.clone())
        .collect();
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 3);
    let mut met: Vec<[String; 2]> = t
        .rounds()
        .iter()
        .flat_map(|r| r.games.iter())
        .map(|g| {
            let mut p = [g.white.0.clone(), g.black.0.clone()];
            p.sort();
            p
        })
        .collect();
    met.sort();
    let all = met.len();
    met.dedup();
    assert_eq!(met.len(), all, "a rematch");
    // The timeout after moves is a loss over the board; the one without a
    // move a forfeit.
    let last_result = |r: usize| {
        t.rounds()[r]
            .games
            .iter()
            .filter_map(|g| g.result)
            .collect::<Vec<_>>()
    };
    assert!(last_result(1).iter().all(|r| r.is_played()));
    assert_eq!(last_result(2).iter().filter(|r| !r.is_played()).count(), 1);
    assert!(last_result(2).iter().any(|r| matches!(
        r,
        GameResult::WhiteWinsByForfeit | GameResult::BlackWinsByForfeit
    )));
    let table = t.standings();
    assert_eq!(table[0].player.0, "ana");
    assert_eq!(table[0].points.to_string(), "3");
    assert!(!table[1].shared || table[1].points < table[0].points);
    for s in &table {
        let halves = expected.get(&s.player.0).copied().unwrap_or(0);
        assert_eq!(s.points.quarters(), halves * 2, "{}", s.player.0);
    }
}

/// A round robin of four where di withdraws during round 2: his game of
/// that round is lost by forfeit at once (its chat game ends), and his
/// round-3 game is decided before it is played (no chat game for it).
/// Results otherwise by the alphabet: ana 3, bo 2, cy 1, di 0.
#[test]
fn a_withdrawal_forfeits_the_game_being_played_and_the_ones_to_come() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let id = create_and_join(
        &h,
        "tournament create breakthrough roundrobin",
        &["ana", "bo", "cy", "di"],
    );
    ok(&h, "bo", "tournament start");
    for (g, w, b) in to_play(&h, id) {
        alphabet_resigns(&h, g, &w, &b);
    }
    let round2 = to_play(&h, id);
    let (dg, _, _) = round2
        .iter()
        .find(|(_, w, b)| w == "di" || b == "di")
        .cloned()
        .unwrap();
    let text = ok(&h, "di", "tournament withdraw");
    assert!(text.contains("di withdrew from tournament #1"), "{text}");
    assert!(
        text.contains(&format!("Game #{dg} is lost by forfeit")),
        "{text}"
    );
    refused(&h, "di", &format!("move #{dg} a7-a6"));
    refused(&h, "di", "tournament withdraw");
    let left = to_play(&h, id);
    assert_eq!(left.len(), 1);
    let (g, w, b) = &left[0];
    let text = alphabet_resigns(&h, *g, w, b);
    assert!(text.contains("round 2 is over"), "{text}");
    // Round 3: one game to play; the one against di is already decided.
    let round3 = to_play(&h, id);
    assert_eq!(round3.len(), 1);
    let t = core(&h, id);
    assert_eq!(t.current_round().unwrap().games.len(), 2);
    let (g, w, b) = &round3[0];
    let loser = if w > b { w } else { b };
    h.clock.advance(2_000);
    let r = h.say(CH, loser, &format!("resign #{g} yes")).unwrap();
    assert!(!r.error);
    let text = r.plain_text();
    assert!(text.contains("@ana wins!"), "{text}");
    // The final table is drawn too (the fake renderer writes its cells).
    let file = r.file.expect("the standings drawn");
    assert_eq!(file.name, "tournament-1-round-3.png");
    let table = String::from_utf8(file.bytes).unwrap();
    assert!(
        table.contains("FAKETABLE Tournament #1: final standings"),
        "{table}"
    );
    // di: three games with a result (one lost over the board, two by
    // forfeit), all lost.
    assert!(
        table.contains("4 | di (withdrew) | 0 | 3 | 0 0 3"),
        "{table}"
    );
    assert!(text.contains("di (withdrew)"), "{text}");
    let t = core(&h, id);
    let points: Vec<(String, String)> = t
        .standings()
        .iter()
        .map(|s| (s.player.0.clone(), s.points.to_string()))
        .collect();
    assert_eq!(
        points,
        [
            ("ana".to_string(), "3".to_string()),
            ("bo".to_string(), "2".to_string()),
            ("cy".to_string(), "1".to_string()),
            ("di".to_string(), "0".to_string()),
        ]
    );
}

#[test]
fn spanish_commands_run_a_tournament_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let text = ok(
        &h,
        "ana",
        "torneo crear breakthrough liga tiempo=1d amistosa",
    );
    assert!(text.contains("Torneo #1"), "{text}");
    assert!(text.contains("amistoso"), "{text}");
    for p in ["ana", "bo", "cy"] {
        let text = ok(&h, p, "torneo unirse");
        assert!(text.contains("se ha unido al torneo #1"), "{text}");
    }
    let text = ok(&h, "ana", "torneo #1 empezar");
    assert!(text.contains("¡Empieza el torneo #1!"), "{text}");
    assert!(text.contains("Ronda 1 de 3"), "{text}");
    assert!(text.contains("Descansa"), "{text}");
    let text = ok(&h, "bo", "torneo");
    assert!(text.contains("Clasificación"), "{text}");
    assert!(!doc(&h, 1).rated);
}

#[test]
fn refusals_say_why_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let nothing = |h: &Harness| {
        h.app()
            .store()
            .channel_tournaments(&key())
            .unwrap()
            .is_empty()
    };
    assert!(refused(&h, "ana", "tournament").contains("no tournament"));
    assert!(refused(&h, "ana", "tournament join").contains("no tournament"));
    for (text, why) in [
        ("tournament create breakthrough", "Which format?"),
        ("tournament create chess swiss", "How many rounds?"),
        (
            "tournament create chess swiss rounds=0",
            "whole number from 1",
        ),
        (
            "tournament create chess swiss roundrobin rounds=3",
            "do not go together",
        ),
        (
            "tournament create chess roundrobin white",
            "not for a tournament",
        ),
        (
            "tournament create chess roundrobin level=3",
            "not for a tournament",
        ),
        ("tournament create chess roundrobin time=5s", "1h"),
        ("tournament create nosuchgame roundrobin", "nosuchgame"),
        ("tournament create", "Which game?"),
        ("tournament dance", "`dance` is not one of create"),
        ("tournament join twice", "not a tournament number"),
    ] {
        let text = refused(&h, "ana", text);
        assert!(text.contains(why), "{text}");
    }
    assert!(nothing(&h));
    // Someone who does not manage a Telegram group may not create one;
    // someone who does may.
    let tg = ChannelKey::new(Platform::Telegram, "-100");
    let mut msg = tablero_app::Incoming::addressed(
        tg.clone(),
        tablero_app::User {
            id: "7".into(),
            name: "Zoe".into(),
        },
        "tournament create chess swiss rounds=2",
    );
    let r = h.app().handle(&msg).unwrap();
    assert!(
        r.error && r.plain_text().contains("manage this chat"),
        "{}",
        r.plain_text()
    );
    assert!(h.app().store().channel_tournaments(&tg).unwrap().is_empty());
    msg.manages = true;
    let r = h.app().handle(&msg).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    // Only its creator or a manager starts it.
    let other = tablero_app::Incoming::addressed(
        tg.clone(),
        tablero_app::User {
            id: "8".into(),
            name: "Max".into(),
        },
        "tournament start",
    );
    let r = h.app().handle(&other).unwrap();
    assert!(
        r.error && r.plain_text().contains("Only Zoe"),
        "{}",
        r.plain_text()
    );

    create_and_join(
        &h,
        "tournament create breakthrough swiss rounds=2",
        &["ana", "bo"],
    );
    assert!(refused(&h, "bo", "tournament join").contains("already in tournament #1"));
    assert!(refused(&h, "ana", "tournament start").contains("at least 3 players"));
    assert!(refused(&h, "ana", "tournament #9").contains("no tournament #9"));
    ok(&h, "cy", "tournament join");
    ok(&h, "cy", "tournament leave");
    assert!(refused(&h, "cy", "tournament leave").contains("not in tournament #1"));
    ok(&h, "cy", "tournament join");
    assert!(refused(&h, "ana", "tournament withdraw").contains("has not started"));
    ok(&h, "ana", "tournament start");
    assert!(refused(&h, "di", "tournament join").contains("already started"));
    assert!(refused(&h, "di", "tournament withdraw").contains("not playing in tournament #1"));
    // A second tournament: commands without a number ask which.
    ok(&h, "ana", "tournament create chess roundrobin");
    let text = ok(&h, "ana", "tournament");
    assert!(text.contains("Tournaments in this chat"), "{text}");
    ok(&h, "di", "tournament join");
    assert!(doc(&h, 1).games.len() == 1);
    let second = h.app().store().channel_tournaments(&key()).unwrap();
    assert_eq!(second.len(), 2);
}

/// A tournament whose stored document cannot be read (set aside) never
/// keeps its games from ending.
#[test]
fn an_unreadable_tournament_does_not_block_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let id = create_and_join(
        &h,
        "tournament create breakthrough roundrobin",
        &["ana", "bo"],
    );
    ok(&h, "ana", "tournament start");
    let (g, _, _) = to_play(&h, id)[0].clone();
    let raw = format!("v\u{1f}console\u{1f}{CH}\u{1f}{id:020}");
    h.app().store().put_raw(&raw, b"{not json").unwrap();
    let text = ok(&h, "bo", &format!("resign #{g} yes"));
    assert!(!text.contains("Tournament #"), "{text}");
    assert!(h.app().store().game(&key(), g, false).unwrap().is_some());
    assert!(h.app().store().tournament(&key(), id).unwrap().is_none());
}

/// `user` presses tournament `id`'s button `what` (managing the chat or
/// not), as the chat adapters do.
fn press(h: &Harness, user: &str, manages: bool, id: u64, what: TourPress) -> Reply {
    h.clock.advance(2_000);
    let u = tablero_app::User {
        id: user.into(),
        name: user.into(),
    };
    h.app()
        .tournament_press(&key(), &u, None, manages, id, what)
}

/// Join, Leave and Start buttons under a tournament players may still
/// join: each acts as the command typed by whoever presses it; a press it
/// is not for, or a stale one, says why and changes nothing.
#[test]
fn join_leave_and_start_buttons_act_as_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.clock.advance(2_000);
    let created = h
        .say(CH, "ana", "tournament create breakthrough roundrobin")
        .unwrap();
    assert!(!created.error, "{}", created.plain_text());
    assert_eq!(
        created.tournament,
        Some(1),
        "buttons under the announcement"
    );
    let unchanged = |h: &Harness, before: &TournamentDoc, r: &Reply, why: &str| {
        assert!(r.error, "{}", r.plain_text());
        assert!(r.plain_text().contains(why), "{}", r.plain_text());
        assert_eq!(r.tournament, None, "no buttons under a refusal");
        assert_eq!(&doc(h, 1), before);
    };
    let r = press(&h, "bo", false, 1, TourPress::Join);
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text().contains("@bo joined tournament #1"),
        "{}",
        r.plain_text()
    );
    assert_eq!(r.tournament, Some(1), "the buttons again for the next");
    let before = doc(&h, 1);
    unchanged(
        &h,
        &before,
        &press(&h, "bo", false, 1, TourPress::Join),
        "already in tournament #1",
    );
    // A press by someone it is not for: leaving without having joined,
    // starting without being its creator or a manager.
    unchanged(
        &h,
        &before,
        &press(&h, "cy", false, 1, TourPress::Leave),
        "not in tournament #1",
    );
    unchanged(
        &h,
        &before,
        &press(&h, "cy", false, 1, TourPress::Start),
        "Only ana (who created it)",
    );
    // Too few to start, even for its creator.
    unchanged(
        &h,
        &before,
        &press(&h, "ana", false, 1, TourPress::Start),
        "at least 2 players",
    );
    // A button of a tournament that is not this chat's.
    let r = press(&h, "bo", false, 9, TourPress::Join);
    assert!(
        r.error && r.plain_text().contains("no tournament #9"),
        "{}",
        r.plain_text()
    );
    let r = press(&h, "bo", false, 1, TourPress::Leave);
    assert!(
        r.plain_text().contains("@bo left tournament #1"),
        "{}",
        r.plain_text()
    );
    assert_eq!(r.tournament, Some(1));
    for p in ["ana", "bo", "cy"] {
        assert!(!press(&h, p, false, 1, TourPress::Join).error);
    }
    // `tournament` shows it with its buttons while players may join.
    h.clock.advance(2_000);
    let shown = h.say(CH, "di", "tournament").unwrap();
    assert_eq!(shown.tournament, Some(1));
    // A manager who did not create it may start it.
    let r = press(&h, "cy", true, 1, TourPress::Start);
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text().contains("Tournament #1 has begun"),
        "{}",
        r.plain_text()
    );
    assert_eq!(r.tournament, None, "no buttons once it has begun");
    assert_eq!(core(&h, 1).phase(), Phase::Running);
    assert_eq!(to_play(&h, 1).len(), 1);
    // Stale buttons of the announcement: every press is refused.
    let before = doc(&h, 1);
    for what in TourPress::ALL {
        unchanged(
            &h,
            &before,
            &press(&h, "di", true, 1, what),
            "already started",
        );
    }
    h.clock.advance(2_000);
    let shown = h.say(CH, "di", "tournament").unwrap();
    assert_eq!(shown.tournament, None);
    // In Spanish, for a Spanish reader.
    ok(&h, "di", "idioma es");
    let created = ok(&h, "ana", "tournament create chess roundrobin");
    // The chat's next number: game #2 took the one after the first.
    assert!(created.contains("Tournament #3"), "{created}");
    let r = press(&h, "di", false, 3, TourPress::Join);
    assert!(
        r.plain_text().contains("se ha unido al torneo #3"),
        "{}",
        r.plain_text()
    );
    assert_eq!(TourPress::Join.label(3, r.lang), "Unirme #3");
}

/// Tournament games are never refused by the per-user limit of ongoing
/// games (the player agreed to them by joining, and the round cannot wait
/// for them), but they count towards it: a player at the limit with a
/// tournament game starts no other game.
#[test]
fn tournament_games_are_never_refused_by_the_game_limit_but_count_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    h.settings.limits.games_per_user = 1;
    h.open();
    let id = create_and_join(
        &h,
        "tournament create breakthrough roundrobin",
        &["ana", "bo", "cy", "di"],
    );
    ok(&h, "ana", "challenge @bo breakthrough");
    ok(&h, "bo", "accept");
    // ana and bo are at the limit already.
    ok(&h, "ana", "challenge @cy breakthrough");
    let text = refused(&h, "cy", "accept");
    assert!(text.contains("only one game going at once"), "{text}");
    ok(&h, "ana", "tournament start");
    let games = to_play(&h, id);
    assert_eq!(games.len(), 2, "both pairings are played: {games:?}");
    for p in ["ana", "bo", "cy", "di"] {
        assert!(games.iter().any(|(_, w, b)| w == p || b == p), "{p}");
    }
    // cy and di now hold a game each: the limit counts it.
    let text = ok(&h, "di", "challenge @cy chess");
    let n: String = text[text.find("(#").expect("a number") + 2..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let text = refused(&h, "cy", &format!("accept #{n}"));
    assert!(text.contains("only one game going at once"), "{text}");
}
