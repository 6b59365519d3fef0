//! Tournaments in the store, on sled and on PostgreSQL: a tournament's
//! document is written with the games of its round in one batch, read
//! back by number and by channel, checked, moved with its channel; a game
//! remembers its tournament, and a game written before tournaments reads
//! as belonging to none.

use tablero_store::{
    ChannelKey, GameDoc, GameId, Platform, RoundClosed, Store, Timer, TimerKind, TournamentDoc,
    TournamentGame, TournamentRef,
};

use crate::support;
use support::{Place, user};

fn tournament(ch: &ChannelKey, id: u64) -> TournamentDoc {
    TournamentDoc {
        channel: ch.clone(),
        id,
        state: serde_json::json!({"any": ["state", 1]}),
        game: GameId::Breakthrough,
        setup: String::new(),
        move_limit_secs: Some(86_400),
        rated: true,
        creator: user("ana"),
        created_ms: 5,
        community: None,
        games: vec![TournamentGame {
            round: 1,
            board: 1,
            game: id + 1,
        }],
        closed_by: vec![RoundClosed { round: 1, game: 0 }],
        deadline_ms: None,
        clock: None,
    }
}

fn round_game(ch: &ChannelKey, tid: u64) -> GameDoc {
    GameDoc {
        tournament: Some(TournamentRef {
            tournament: tid,
            round: 1,
            board: 1,
        }),
        ..GameDoc::new(
            ch.clone(),
            tid + 1,
            [user("ana"), user("bo")],
            "breakthrough:".into(),
            5,
        )
    }
}

fn kept_with_its_games_moved_with_its_channel_and_checked(place: &Place) {
    let s = place.open();
    let ch = ChannelKey::new(Platform::Telegram, "-1");
    let other = ChannelKey::new(Platform::Telegram, "-2");
    let t = tournament(&ch, 1);
    let g = round_game(&ch, 1);
    let mut b = s.batch();
    b.put_tournament(&t);
    b.put_game(&g, None);
    b.set_next_id(&ch, 3);
    let before = s.channel_version(&ch).unwrap();
    s.commit(b).unwrap();
    // A tournament is part of its channel: writing it moves the version.
    assert!(s.channel_version(&ch).unwrap() > before);
    assert_eq!(s.tournament(&ch, 1).unwrap(), Some(t.clone()));
    assert_eq!(s.tournament(&other, 1).unwrap(), None);
    let all: Vec<TournamentDoc> = s
        .channel_tournaments(&ch)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(all, std::slice::from_ref(&t));
    assert_eq!(
        s.game(&ch, 2, true).unwrap().unwrap().tournament,
        g.tournament
    );
    assert!(s.check(&|_| Ok(())).unwrap().damaged.is_empty());
    // A tournament's game is not moved to a thread of its own.
    assert!(!s.move_game(&ch, 2, &other).unwrap());
    // Moved with its channel (a Telegram group become a supergroup).
    s.move_channel(&ch, &other).unwrap();
    assert_eq!(s.tournament(&ch, 1).unwrap(), None);
    let moved = s.tournament(&other, 1).unwrap().unwrap();
    assert_eq!(moved.channel, other);
    assert_eq!(moved.games, t.games);
    drop(s);
    // And it survives reopening.
    let s = place.open();
    assert_eq!(s.tournament(&other, 1).unwrap().unwrap().state, t.state);
}

fn a_game_written_before_tournaments_belongs_to_none(place: &Place) {
    let s = place.open();
    let ch = ChannelKey::new(Platform::Console, "c");
    let old = r#"{"version":2,"channel":{"platform":"console","channel":"c"},"id":4,"players":[{"id":"a","name":"A"},{"id":"b","name":"B"}],"record":"breakthrough:","created_ms":0,"turn_started_ms":0,"move_limit_secs":null,"reminders_sent":0,"draw_offer":null,"takeback":null,"next_event_ms":null,"result":null,"finished_ms":null}"#;
    s.put_raw(&Store::raw_game_key(&ch, 4), old.as_bytes())
        .unwrap();
    let g = s.game(&ch, 4, true).unwrap().unwrap();
    assert_eq!(g.tournament, None);
    assert_eq!(g.players[1].id, "b");
}

/// A join deadline is a timer of its tournament: due when it comes,
/// moved with its channel, gone when removed.
fn a_deadline_is_a_timer_that_moves_with_its_channel(place: &Place) {
    let s = place.open();
    let ch = ChannelKey::new(Platform::Telegram, "-1");
    let other = ChannelKey::new(Platform::Telegram, "-2");
    let t = TournamentDoc {
        deadline_ms: Some(9_000),
        games: Vec::new(),
        closed_by: Vec::new(),
        ..tournament(&ch, 1)
    };
    let mut b = s.batch();
    b.put_tournament(&t);
    b.put_tournament_deadline(&t);
    s.commit(b).unwrap();
    assert_eq!(
        s.tournament(&ch, 1).unwrap().unwrap().deadline_ms,
        Some(9_000)
    );
    assert!(s.due_timers(8_999).unwrap().is_empty());
    let timer = |c: &ChannelKey| Timer {
        due_ms: 9_000,
        kind: TimerKind::Tournament,
        channel: c.clone(),
        id: 1,
    };
    assert_eq!(s.due_timers(9_000).unwrap(), [timer(&ch)]);
    assert!(s.check(&|_| Ok(())).unwrap().damaged.is_empty());
    s.move_channel(&ch, &other).unwrap();
    assert_eq!(s.due_timers(9_000).unwrap(), [timer(&other)]);
    let moved = s.tournament(&other, 1).unwrap().unwrap();
    let mut b = s.batch();
    b.remove_tournament_deadline(&moved);
    s.commit(b).unwrap();
    assert!(s.due_timers(i64::MAX / 2).unwrap().is_empty());
}

mod on_sled {
    #[test]
    fn a_deadline_is_a_timer_that_moves_with_its_channel() {
        super::a_deadline_is_a_timer_that_moves_with_its_channel(&super::Place::sled());
    }

    #[test]
    fn kept_with_its_games_moved_with_its_channel_and_checked() {
        super::kept_with_its_games_moved_with_its_channel_and_checked(&super::Place::sled());
    }

    #[test]
    fn a_game_written_before_tournaments_belongs_to_none() {
        super::a_game_written_before_tournaments_belongs_to_none(&super::Place::sled());
    }
}

mod on_pg {
    #[test]
    fn a_deadline_is_a_timer_that_moves_with_its_channel() {
        super::a_deadline_is_a_timer_that_moves_with_its_channel(&super::Place::pg());
    }

    #[test]
    fn kept_with_its_games_moved_with_its_channel_and_checked() {
        super::kept_with_its_games_moved_with_its_channel_and_checked(&super::Place::pg());
    }

    #[test]
    fn a_game_written_before_tournaments_belongs_to_none() {
        super::a_game_written_before_tournaments_belongs_to_none(&super::Place::pg());
    }
}
