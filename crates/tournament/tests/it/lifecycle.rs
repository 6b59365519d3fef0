//! Registration, refusals, storage and determinism.

use tablero_tournament::TournamentError::*;
use tablero_tournament::*;

fn player(i: u64) -> Player {
    Player::new(i, format!("Player {i}"), None)
}

fn swiss(rounds: u32, players: u64) -> Tournament {
    let mut t = Tournament::new(Settings::new(Format::Swiss { rounds })).unwrap();
    for i in 1..=players {
        t.join(player(i)).unwrap();
    }
    t
}

#[test]
fn settings_out_of_range_are_refused() {
    let bad = |s: Settings| matches!(Tournament::new(s), Err(InvalidSettings(_)));
    assert!(bad(Settings::new(Format::Swiss { rounds: 0 })));
    assert!(bad(Settings::new(Format::Swiss {
        rounds: MAX_ROUNDS + 1
    })));
    assert!(bad(Settings {
        max_players: 1,
        ..Settings::new(Format::RoundRobin { double: false })
    }));
    assert!(bad(Settings {
        max_players: MAX_PLAYERS + 1,
        ..Settings::new(Format::RoundRobin { double: false })
    }));
    assert!(bad(Settings {
        bye_points: Points::from_halves(3),
        ..Settings::new(Format::Swiss { rounds: 3 })
    }));
    assert!(bad(Settings {
        bye_points: Points::from_quarters(1),
        ..Settings::new(Format::Swiss { rounds: 3 })
    }));
    assert!(
        Tournament::new(Settings {
            bye_points: Points::HALF,
            ..Settings::new(Format::Swiss { rounds: 3 })
        })
        .is_ok()
    );
}

#[test]
fn registration_refusals() {
    let mut t = Tournament::new(Settings {
        max_players: 3,
        ..Settings::new(Format::Swiss { rounds: 2 })
    })
    .unwrap();
    assert_eq!(t.start().unwrap_err(), TooFewPlayers { players: 0 });
    t.join(player(1)).unwrap();
    assert_eq!(t.join(player(1)), Err(AlreadyJoined(PlayerId::from(1))));
    assert_eq!(t.start().unwrap_err(), TooFewPlayers { players: 1 });
    assert_eq!(
        t.leave(&PlayerId::from(9)),
        Err(UnknownPlayer(PlayerId::from(9)))
    );
    t.join(player(2)).unwrap();
    // Two players cannot play two Swiss rounds without a rematch.
    assert_eq!(
        t.start().unwrap_err(),
        TooManyRounds {
            rounds: 2,
            players: 2
        }
    );
    t.join(player(3)).unwrap();
    assert_eq!(t.join(player(4)), Err(Full { limit: 3 }));
    assert_eq!(t.leave(&PlayerId::from(3)).unwrap().id, PlayerId::from(3));
    t.join(player(3)).unwrap();
    for refused in [
        t.clone().record_result(1, 1, GameResult::Draw).map(|_| ()),
        t.clone().withdraw(&PlayerId::from(1)).map(|_| ()),
        t.clone().advance().map(|_| ()),
    ] {
        assert_eq!(refused, Err(NotStarted));
    }
    t.start().unwrap();
    assert_eq!(t.phase(), Phase::Running);
    assert_eq!(t.join(player(5)), Err(AlreadyStarted));
    assert_eq!(t.leave(&PlayerId::from(1)).map(|_| ()), Err(AlreadyStarted));
    assert_eq!(t.start().map(|_| ()), Err(AlreadyStarted));
}

#[test]
fn result_refusals() {
    let mut t = swiss(3, 4);
    t.start().unwrap();
    assert_eq!(
        t.record_result(2, 1, GameResult::Draw),
        Err(NoSuchGame { round: 2, board: 1 })
    );
    assert_eq!(
        t.record_result(1, 3, GameResult::Draw),
        Err(NoSuchGame { round: 1, board: 3 })
    );
    assert_eq!(
        t.record_result(1, 0, GameResult::Draw),
        Err(NoSuchGame { round: 1, board: 0 })
    );
    assert!(!t.round_complete());
    assert_eq!(t.record_result(1, 1, GameResult::Draw), Ok(false));
    assert_eq!(
        t.record_result(1, 1, GameResult::WhiteWins),
        Err(ResultAlreadyRecorded { round: 1, board: 1 })
    );
    assert_eq!(
        t.advance(),
        Err(RoundNotComplete {
            round: 1,
            missing: 1
        })
    );
    assert_eq!(
        t.withdraw(&PlayerId::from(7)),
        Err(UnknownPlayer(PlayerId::from(7)))
    );
    assert_eq!(t.record_result(1, 2, GameResult::DoubleForfeit), Ok(true));
    assert!(t.round_complete());
    assert_eq!(t.advance(), Ok(Advance::Paired(2)));
    // Results of an earlier round are closed.
    assert_eq!(
        t.record_result(1, 1, GameResult::Draw),
        Err(NoSuchGame { round: 1, board: 1 })
    );
    t.withdraw(&PlayerId::from(1)).unwrap();
    assert_eq!(
        t.withdraw(&PlayerId::from(1)),
        Err(AlreadyWithdrawn(PlayerId::from(1)))
    );
    for round in 2..=3 {
        let games = t.current_round().unwrap().games.clone();
        for g in games.iter().filter(|g| g.result.is_none()) {
            t.record_result(round, g.board, GameResult::BlackWins)
                .unwrap();
        }
        t.advance().unwrap();
    }
    assert_eq!(t.phase(), Phase::Finished);
    assert!(!t.round_complete());
    assert_eq!(t.advance(), Err(Finished));
    assert_eq!(t.record_result(3, 1, GameResult::Draw), Err(Finished));
    assert_eq!(t.withdraw(&PlayerId::from(2)), Err(Finished));
    assert_eq!(t.standings().len(), 4);
}

#[test]
fn seeding_is_by_rating_then_name_then_id() {
    let mut t = Tournament::new(Settings::new(Format::Swiss { rounds: 3 })).unwrap();
    t.join(Player::new("z", "Zoe", None)).unwrap();
    t.join(Player::new("b", "Bea", Some(1500))).unwrap();
    t.join(Player::new("a2", "Ana", Some(1500))).unwrap();
    t.join(Player::new("a1", "Ana", Some(1500))).unwrap();
    t.join(Player::new("c", "Cy", Some(1900))).unwrap();
    t.start().unwrap();
    let ids: Vec<&str> = t.players().iter().map(|p| p.id.0.as_str()).collect();
    assert_eq!(ids, ["c", "a1", "a2", "b", "z"]);
    assert_eq!(t.pairing_number(&PlayerId::from("a2")), Some(3));

    let mut joined = Tournament::new(Settings {
        seeding: Seeding::JoinOrder,
        ..Settings::new(Format::Swiss { rounds: 1 })
    })
    .unwrap();
    joined.join(Player::new("z", "Zoe", None)).unwrap();
    joined.join(Player::new("c", "Cy", Some(1900))).unwrap();
    joined.start().unwrap();
    assert_eq!(joined.players()[0].id, PlayerId::from("z"));

    // Names in alphabetical order whatever their case (chats mix
    // usernames and first names); an exact tie in both is by id.
    let mut t = Tournament::new(Settings::new(Format::RoundRobin { double: false })).unwrap();
    for (id, name) in [("1", "Carol"), ("2", "bob"), ("3", "alice"), ("4", "Bob")] {
        t.join(Player::new(id, name, None)).unwrap();
    }
    t.start().unwrap();
    let names: Vec<&str> = t.players().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["alice", "Bob", "bob", "Carol"]);
}

#[test]
fn a_stored_tournament_reads_back_and_pairs_the_same() {
    let mut t = swiss(5, 9);
    t.start().unwrap();
    let games = t.current_round().unwrap().games.clone();
    for (k, g) in games.iter().enumerate() {
        let r = [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
        ][k % 3];
        t.record_result(1, g.board, r).unwrap();
    }
    let json = serde_json::to_string(&t).unwrap();
    let mut back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    // Pairing is a function of the state: the copy pairs round 2 the same.
    t.advance().unwrap();
    back.advance().unwrap();
    assert_eq!(back.current_round(), t.current_round());
    assert_eq!(back.standings(), t.standings());
}

#[test]
fn the_bye_scores_as_configured() {
    let mut t = Tournament::new(Settings {
        bye_points: Points::HALF,
        ..Settings::new(Format::Swiss { rounds: 1 })
    })
    .unwrap();
    for i in 1..=3 {
        t.join(player(i)).unwrap();
    }
    let round = t.start().unwrap().clone();
    let bye = round.bye.unwrap();
    assert_eq!(bye.points, Points::HALF);
    t.record_result(1, 1, GameResult::WhiteWins).unwrap();
    assert_eq!(t.advance(), Ok(Advance::Finished));
    let s = t.standings();
    let bye_line = s.iter().find(|s| s.player == bye.player).unwrap();
    assert_eq!((bye_line.points, bye_line.games), (Points::HALF, 0));
}

#[test]
fn a_swiss_down_to_one_player_gives_byes_until_the_end() {
    let mut t = swiss(2, 3);
    t.start().unwrap();
    assert_eq!(
        t.current_round().unwrap().bye.as_ref().unwrap().player,
        PlayerId::from(3)
    );
    t.withdraw(&PlayerId::from(1)).unwrap();
    t.withdraw(&PlayerId::from(2)).unwrap();
    // 1 left first and lost round 1's game to 2 by forfeit; when 2 left,
    // their game already had its result.
    assert_eq!(
        t.current_round().unwrap().games[0].result,
        Some(GameResult::BlackWinsByForfeit)
    );
    assert!(t.round_complete());
    assert_eq!(t.advance(), Ok(Advance::Paired(2)));
    let round = t.current_round().unwrap();
    assert!(round.games.is_empty());
    // 3 had the bye in round 1, but there is nobody else to play.
    assert_eq!(round.bye.as_ref().unwrap().player, PlayerId::from(3));
    assert!(t.round_complete());
    assert_eq!(t.advance(), Ok(Advance::Finished));
}

#[test]
fn a_cancelled_tournament_refuses_everything_and_keeps_its_players() {
    let mut t = swiss(2, 2);
    t.cancel().unwrap();
    assert_eq!(t.phase(), Phase::Cancelled);
    assert!(t.phase().is_over());
    let kept = t.clone();
    assert_eq!(t.join(player(9)), Err(Cancelled));
    assert_eq!(t.leave(&PlayerId::from(1)).unwrap_err(), Cancelled);
    assert_eq!(t.start().unwrap_err(), Cancelled);
    assert_eq!(t.cancel(), Err(Cancelled));
    assert_eq!(t.advance(), Err(Cancelled));
    assert_eq!(t.withdraw(&PlayerId::from(1)), Err(Cancelled));
    assert_eq!(t, kept);
    assert_eq!(t.players().len(), 2);
    // Stored and read back.
    let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
    assert_eq!(back, t);
    // A running one is not cancelled.
    let mut running = swiss(1, 3);
    running.start().unwrap();
    assert_eq!(running.cancel(), Err(AlreadyStarted));
    assert!(!running.phase().is_over());
}
