//! The app through its public API: concurrency, damaged records,
//! persistence across reopening, and the move-picker data.

use std::sync::Arc;
use std::thread;

use tablero_app::console::incoming;
use tablero_app::testkit::Harness;
use tablero_store::{ChannelKey, Store};

/// Starts Breakthrough game #1 between alice (White) and bob in `general`.
fn started(h: &Harness) {
    h.say("general", "bob", "hi");
    h.say("general", "alice", "challenge @bob breakthrough");
    let r = h.say("general", "bob", "accept").unwrap();
    assert!(!r.error, "{}", r.plain_text());
}

fn record(h: &Harness) -> String {
    h.say("general", "alice", "history #1")
        .unwrap()
        .plain_text()
}

#[test]
fn the_same_move_pressed_many_times_at_once_is_played_once() {
    let dir = tempfile::tempdir().unwrap();
    let h = Arc::new(Harness::new(dir.path()));
    started(&h);
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let h = h.clone();
            thread::spawn(move || h.say("general", "alice", "a2-a3").unwrap())
        })
        .collect();
    let replies: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let played = replies.iter().filter(|r| !r.error).count();
    assert_eq!(played, 1, "{replies:#?}");
    for r in replies.iter().filter(|r| r.error) {
        assert!(
            r.plain_text().contains("already played"),
            "{}",
            r.plain_text()
        );
    }
    assert!(
        record(&h).contains("`breakthrough: a2-a3`"),
        "{}",
        record(&h)
    );
}

#[test]
fn racing_different_moves_apply_exactly_one_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let h = Arc::new(Harness::new(dir.path()));
    started(&h);
    // Both players fire several different moves at once, for a few turns;
    // every accepted move must be the one recorded, in order.
    let mut accepted = Vec::new();
    for round in 0..6 {
        let (who, moves): (&str, &[&str]) = if round % 2 == 0 {
            (
                "alice",
                &["a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3", "f2-f3"][..],
            )
        } else {
            (
                "bob",
                &["a7-a6", "b7-b6", "c7-c6", "d7-d6", "e7-e6", "f7-f6"][..],
            )
        };
        let threads: Vec<_> = moves
            .iter()
            .map(|m| {
                let (h, m) = (h.clone(), m.to_string());
                let who = who.to_string();
                thread::spawn(move || {
                    (
                        m.clone(),
                        h.say("general", &who, &format!("move {m}")).unwrap(),
                    )
                })
            })
            .collect();
        let ok: Vec<String> = threads
            .into_iter()
            .map(|t| t.join().unwrap())
            .filter(|(_, r)| !r.error)
            .map(|(m, _)| m)
            .collect();
        // A move is either the one played this turn, or (after the other
        // side moved) a second legal one; never two for one side in a row.
        assert!(!ok.is_empty());
        accepted.extend(ok);
    }
    let rec = record(&h);
    let want = format!("`breakthrough: {}`", accepted.join(" "));
    assert!(rec.contains(&want), "{rec}\n{want}");
    assert_eq!(accepted.len(), 6, "one move per turn: {accepted:?}");
}

#[test]
fn many_games_in_many_channels_in_parallel_stay_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let h = Arc::new(Harness::new(dir.path()));
    let threads: Vec<_> = (0..6)
        .map(|c| {
            let h = h.clone();
            thread::spawn(move || {
                let ch = format!("room{c}");
                h.say(&ch, "bob", "hi");
                h.say(&ch, "alice", "challenge @bob breakthrough");
                assert!(!h.say(&ch, "bob", "accept").unwrap().error);
                for (who, m) in [
                    ("alice", "a2-a3"),
                    ("bob", "h7-h6"),
                    ("alice", "a3-a4"),
                    ("bob", "h6-h5"),
                ] {
                    let r = h.say(&ch, who, m).unwrap();
                    assert!(!r.error, "{}", r.plain_text());
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let mine = h.say("room0", "alice", "mygames").unwrap().plain_text();
    assert_eq!(mine.lines().count(), 7, "{mine}");
}

#[test]
fn a_game_survives_closing_and_reopening_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    started(&h);
    assert!(!h.say("general", "alice", "a2-a3").unwrap().error);
    h.app = None; // closes the store
    h.open();
    assert!(!h.say("general", "bob", "h7-h6").unwrap().error);
    h.open();
    assert!(record(&h).contains("`breakthrough: a2-a3 h7-h6`"));
}

#[test]
fn a_damaged_record_is_reported_and_kept_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    started(&h);
    h.say("general", "alice", "challenge @bob barrier");
    h.say("general", "bob", "accept");
    h.app = None;
    {
        // Game #1's JSON is mangled; game #2's record no longer replays.
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        let ch = ChannelKey::new(tablero_app::Platform::Console, "general");
        let mut g2 = s.game(&ch, 2, true).unwrap().unwrap();
        s.put_raw(&Store::raw_game_key(&ch, 1), b"{\"version\":1,")
            .unwrap();
        g2.record = "barrier: z9".into();
        let mut b = s.batch();
        b.put_game(&g2, None);
        s.commit(b).unwrap();
    }
    h.open();
    let r = h.say("general", "alice", "board").unwrap();
    assert!(r.error, "{}", r.plain_text());
    for n in ["#1", "#2"] {
        let r = h.say("general", "alice", &format!("board {n}")).unwrap();
        assert!(r.plain_text().contains("set aside"), "{}", r.plain_text());
    }
    let q = h.app().store().quarantined().unwrap();
    assert_eq!(q.len(), 2, "{q:?}");
    // The rest of the bot carries on.
    let r = h
        .say("general", "alice", "challenge @bob breakthrough")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
}

#[test]
fn replies_that_show_a_position_carry_image_and_move_picker() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    let r = h.say("general", "alice", "board").unwrap();
    assert!(r.image.is_some());
    assert_eq!(r.choices.iter().map(|g| g.moves.len()).sum::<usize>(), 22);
    let a2 = r
        .choices
        .iter()
        .find(|g| g.origin.as_deref() == Some("a2"))
        .unwrap();
    assert_eq!(a2.moves, vec!["a2-a3", "a2-b3"]);
    // Mentions: the player to move is among them, as a user id.
    assert!(r.mentions.iter().any(|u| u.id == "alice"));
    assert!(
        r.text
            .en
            .spans()
            .iter()
            .any(|s| matches!(s, tablero_app::Span::Mention(u) if u.id == "alice"))
    );
    // Errors mention nobody and carry no image.
    let e = h.say("general", "bob", "h7-h6").unwrap();
    assert!(e.error && e.image.is_none() && e.mentions.is_empty());
    assert!(
        !e.text_with(tablero_rules::Lang::En, |u| format!("<@{}>", u.id))
            .contains("<@"),
        "{}",
        e.text.en
    );
}

#[test]
fn platform_mentions_resolve_by_id_and_unseen_handles_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let mut m = incoming("alice", "general", "challenge <@42> breakthrough");
    m.channel = ChannelKey::new(tablero_app::Platform::Discord, "chan");
    m.mentions = vec![tablero_app::User {
        id: "42".into(),
        name: "Bob".into(),
    }];
    let r = h.app().handle(&m).unwrap();
    assert!(!r.error && r.mentions.iter().any(|u| u.id == "42"), "{r:?}");

    // Telegram cannot look a username up, and a friend in a group has
    // often never spoken: the challenge is kept for the handle, and only
    // the user who has it may take it.
    let tg = ChannelKey::new(tablero_app::Platform::Telegram, "chan");
    let from = |id: &str, handle: Option<&str>, text: &str| {
        let mut m = incoming(handle.unwrap_or(id), "general", text);
        m.channel = tg.clone();
        m.author.id = id.into();
        m.mentions.clear();
        m.handle = handle.map(str::to_string);
        m
    };
    let r = h
        .app()
        .handle(&from("1", Some("alice"), "challenge @Ghost breakthrough"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text()
            .starts_with("@alice challenges @Ghost to Breakthrough (#1)"),
        "{}",
        r.plain_text()
    );
    // Someone else, and someone without a username who is called Ghost.
    let r = h
        .app()
        .handle(&from("2", Some("carl"), "accept #1"))
        .unwrap();
    assert!(
        r.error && r.plain_text().contains("is for @Ghost"),
        "{}",
        r.plain_text()
    );
    let r = h.app().handle(&from("3", None, "accept")).unwrap();
    assert!(r.error, "{}", r.plain_text());
    // The user whose username it is, seen for the first time.
    let r = h
        .app()
        .handle(&from("77", Some("ghost"), "accept"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text().starts_with("@ghost accepts. Game #1"),
        "{}",
        r.plain_text()
    );

    // Replying to someone's message with `challenge GAME` challenges them.
    let mut m = from("2", Some("carl"), "challenge chess");
    m.reply_to = Some(tablero_app::User {
        id: "1".into(),
        name: "alice".into(),
    });
    let r = h.app().handle(&m).unwrap();
    assert!(
        r.plain_text()
            .starts_with("@carl challenges @alice to Chess"),
        "{}",
        r.plain_text()
    );
    let r = h.app().handle(&from("1", Some("alice"), "accept")).unwrap();
    assert!(
        !r.error && r.plain_text().contains("Game #2: Chess"),
        "{}",
        r.plain_text()
    );
}

#[test]
fn a_channel_default_language_yields_to_a_user_choice() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    h.settings.channel_languages = vec![("plaza".into(), tablero_rules::Lang::Es)];
    h.open();
    let r = h.say("plaza", "ana", "games").unwrap();
    assert!(r.plain_text().starts_with("Juegos:"), "{}", r.plain_text());
    assert!(
        h.say("general", "ana", "games")
            .unwrap()
            .plain_text()
            .starts_with("Games:")
    );
    h.say("plaza", "ana", "lang en");
    assert!(
        h.say("plaza", "ana", "games")
            .unwrap()
            .plain_text()
            .starts_with("Games:")
    );
}

#[test]
fn the_history_record_loads_back_into_the_same_position() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    for (who, m) in [("alice", "a2-a3"), ("bob", "h7-g6"), ("alice", "b2-b3")] {
        h.say("general", who, m);
    }
    let hist = record(&h);
    let text = hist.split('`').nth(1).unwrap();
    let rec: tablero_rules::GameRecord = text.parse().unwrap();
    let game = rec.replay().unwrap();
    let board = h.say("general", "alice", "board").unwrap();
    assert_eq!(
        board.diagram.unwrap(),
        tablero_app::diagram(&game.view(), tablero_rules::Lang::En)
    );
}

#[test]
fn a_typed_move_and_a_press_on_one_position_never_both_apply() {
    use tablero_app::press::Press;
    let dir = tempfile::tempdir().unwrap();
    let h = Arc::new(Harness::new(dir.path()));
    let ch = ChannelKey::new(tablero_app::Platform::Console, "general");
    let alice = tablero_app::User {
        id: "alice".into(),
        name: "alice".into(),
    };
    for round in 0..40u64 {
        // A fresh game each round: alice (White) to move at ply 0.
        h.say("general", "alice", "challenge @bob breakthrough white");
        let r = h.say("general", "bob", "accept").unwrap();
        let (id, ply) = r.game().expect("a board");
        assert_eq!(ply, 0);
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let typed = {
            let (h, barrier) = (h.clone(), barrier.clone());
            thread::spawn(move || {
                barrier.wait();
                h.say("general", "alice", &format!("move #{id} a2-a3"))
                    .unwrap()
            })
        };
        let pressed = {
            let (h, barrier, ch, alice) = (h.clone(), barrier.clone(), ch.clone(), alice.clone());
            thread::spawn(move || {
                barrier.wait();
                h.app()
                    .press(&ch, &alice, id, 0, &Press::Move("h2-h3".into()))
            })
        };
        let (typed, pressed) = (typed.join().unwrap(), pressed.join().unwrap());
        assert!(
            typed.error != pressed.error,
            "round {round}: exactly one applies\n{typed:#?}\n{pressed:#?}"
        );
        let doc = h.app().store().game(&ch, id, true).unwrap().unwrap();
        let moves: Vec<&str> = doc.record.split(": ").nth(1).unwrap().split(' ').collect();
        let want = if typed.error { "h2-h3" } else { "a2-a3" };
        assert_eq!(moves, [want], "round {round}");
        let _ = h.say("general", "alice", &format!("resign #{id}"));
        h.say("general", "alice", &format!("resign #{id} yes"));
    }
}

#[test]
fn a_migrated_chat_keeps_its_games_challenges_and_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    h.say("general", "alice", "challenge @bob chess time=1h");
    h.say("general", "carl", "challenge breakthrough");
    let old = ChannelKey::new(tablero_app::Platform::Console, "general");
    let new = ChannelKey::new(tablero_app::Platform::Console, "general-2");
    // Two games' worth of documents and a challenge move: #1 (ongoing),
    // #2 and #3 (challenges).
    assert_eq!(h.app().move_channel(&old, &new).unwrap(), 3);
    let r = h.say("general", "alice", "board").unwrap();
    assert!(
        r.error,
        "nothing is left in the old chat: {}",
        r.plain_text()
    );
    let r = h.say("general-2", "alice", "a2-a3").unwrap();
    assert!(
        !r.error && r.plain_text().starts_with("@alice played a2-a3 in #1."),
        "{}",
        r.plain_text()
    );
    let r = h.say("general-2", "bob", "accept #2").unwrap();
    assert!(
        !r.error && r.plain_text().contains("Game #2: Chess"),
        "{}",
        r.plain_text()
    );
    // New numbers go on from the old chat's.
    let r = h.say("general-2", "alice", "challenge @carl bloc").unwrap();
    assert!(r.plain_text().contains("(#4)"), "{}", r.plain_text());
    // The clock of #2 moved with it: its reminder comes in the new chat.
    h.clock.advance(31 * 60 * 1000);
    let notices = h.app().tick();
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(notices[0].channel, new);
    assert!(
        h.say("general-2", "bob", "mygames")
            .unwrap()
            .plain_text()
            .contains(" here: ")
            && !h
                .say("general", "bob", "mygames")
                .unwrap()
                .plain_text()
                .contains(" here: ")
    );
}

/// The web addresses a chat gave out before it migrated (a Telegram group
/// become a supergroup) lead to its game, its finished game and its
/// tournament where they are now; the new chat's own addresses do too.
#[test]
fn a_migrated_chats_web_addresses_follow_its_games_and_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    h.say("general", "alice", "resign yes");
    h.say("general", "alice", "challenge @bob chess");
    h.say("general", "bob", "accept");
    h.say("general", "alice", "tournament create bloc roundrobin");
    let (old, new) = (
        ChannelKey::new(tablero_app::Platform::Console, "general"),
        ChannelKey::new(tablero_app::Platform::Console, "general-2"),
    );
    let app = h.app();
    assert!(app.store().game(&old, 1, false).unwrap().is_some());
    assert!(app.store().game(&old, 2, true).unwrap().is_some());
    assert!(app.store().tournament(&old, 3).unwrap().is_some());
    // Addresses given out in the old chat (made, as a link is posted).
    let given = [app.game_token(&old, 1), app.game_token(&old, 2)].map(Result::unwrap);
    let tournament = app.tournament_token(&old, 3).unwrap();
    app.move_channel(&old, &new).unwrap();
    for (token, id) in given.iter().zip([1, 2]) {
        let page = app.watch_game(token).unwrap().expect("the game's page");
        assert_eq!(page.number, id);
    }
    let page = app.watch_tournament(&tournament).unwrap();
    assert!(page.is_some(), "the tournament's old address");
    let now = app.tournament_token(&new, 3).unwrap();
    assert_ne!(now, tournament);
    assert!(app.watch_tournament(&now).unwrap().is_some());
}

#[test]
fn a_game_moved_to_its_own_thread_keeps_its_number_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    h.say("general", "alice", "challenge @bob chess time=1h");
    let r = h.say("general", "bob", "accept").unwrap();
    assert!(r.begins && r.game() == Some((1, 0)), "{r:?}");
    assert!(!h.say("general", "alice", "e2-e4").unwrap().begins);
    let ch = ChannelKey::new(tablero_app::Platform::Console, "general");
    let thread = ChannelKey::new(tablero_app::Platform::Console, "thread-1");
    let g = h.app().move_game(&ch, 1, &thread).unwrap();
    assert_eq!((g.id, g.game), (1, tablero_rules::GameId::Chess));
    assert_eq!(g.players[0].name, "alice");
    // Gone from the channel, played on in the thread under its number.
    assert!(h.say("general", "bob", "e7-e5").unwrap().error);
    let r = h.say("thread-1", "bob", "e7-e5").unwrap();
    assert!(
        !r.error && r.plain_text().starts_with("@bob played e5 in #1."),
        "{}",
        r.plain_text()
    );
    // Numbers in the thread go on after it; the channel's own go on too.
    let r = h.say("thread-1", "alice", "challenge @bob bloc").unwrap();
    assert!(r.plain_text().contains("(#2)"), "{}", r.plain_text());
    let r = h.say("general", "alice", "challenge @bob bloc").unwrap();
    assert!(r.plain_text().contains("(#2)"), "{}", r.plain_text());
    // A number the thread already uses, or a game that is not there,
    // does not move and changes nothing.
    assert!(h.app().move_game(&ch, 2, &thread).is_err());
    assert!(h.app().move_game(&ch, 9, &thread).is_err());
    assert!(h.app().move_game(&thread, 1, &thread).is_err());
    // The clock moved with the game: white's reminder comes in the thread.
    h.clock.advance(31 * 60 * 1000);
    let notices = h.app().tick();
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(notices[0].channel, thread);
    assert!(
        h.say("thread-1", "alice", "mygames")
            .unwrap()
            .plain_text()
            .contains("#1 here: ")
    );
}

#[test]
fn boards_are_remembered_across_restarts_and_missed_ones_are_posted() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    started(&h);
    let ch = ChannelKey::new(tablero_app::Platform::Console, "general");
    let console = tablero_app::Platform::Console;
    h.app().remember_board(&ch, 1, Some((0, "m1".into())));
    assert_eq!(h.app().remembered_board(&ch, 1), Some((0, "m1".into())));
    assert!(h.app().unposted_boards(console).is_empty());
    // A move is played, and the bot stops before its board is posted.
    let r = h.say("general", "alice", "a2-a3").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(!r.thinking, "Bob, a person, is to move: no typing");
    h.open();
    assert_eq!(h.app().remembered_board(&ch, 1), Some((0, "m1".into())));
    let missed = h.app().unposted_boards(console);
    assert_eq!(missed.len(), 1);
    assert_eq!(missed[0].channel, ch);
    assert_eq!(missed[0].reply.game(), Some((1, 1)));
    assert!(missed[0].reply.image.is_some());
    assert!(
        missed[0].reply.plain_text().contains("bob"),
        "{}",
        missed[0].reply.plain_text()
    );
    // Once posted, nothing is missing; a game that ends is forgotten at
    // the next start (each start looks once: what it looked at stays
    // leased to it, so that another process starting with it does not
    // post the same boards).
    h.app().remember_board(&ch, 1, Some((1, "m2".into())));
    assert!(h.app().unposted_boards(console).is_empty());
    let _ = h.say("general", "bob", "resign");
    assert!(!h.say("general", "bob", "resign yes").unwrap().error);
    h.open();
    assert!(h.app().unposted_boards(console).is_empty());
    assert_eq!(h.app().remembered_board(&ch, 1), None);
}

#[test]
fn every_ending_shows_the_final_board_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    h.say("general", "alice", "a2-a3").unwrap();
    // A resignation: the rules alone would still show Black to move.
    let _ = h.say("general", "bob", "resign");
    let r = h.say("general", "bob", "resign yes").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let image = String::from_utf8(r.image.expect("the final board")).unwrap();
    assert!(image.contains("flip=false"), "{image}");
    assert!(r.choices.is_empty(), "no moves under a finished game");
    assert_eq!(r.ended, Some(1));
    // Its replay's last frame says how it ended.
    let replay = h.say("general", "alice", "replay 1").unwrap();
    let gif = String::from_utf8(replay.file.expect("a replay").bytes).unwrap();
    assert!(gif.ends_with(" end=resignation"), "{gif}");

    // An agreed draw (chess has draws) shows its board too.
    h.say("general", "alice", "challenge @bob chess").unwrap();
    h.say("general", "bob", "accept").unwrap();
    h.say("general", "alice", "draw").unwrap();
    let r = h.say("general", "bob", "draw accept").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(r.image.is_some(), "{}", r.plain_text());
    let replay = h.say("general", "alice", "replay 2").unwrap();
    let gif = String::from_utf8(replay.file.expect("a replay").bytes).unwrap();
    assert!(gif.ends_with(" end=agreement"), "{gif}");
}

#[test]
fn boards_follow_the_channel_orientation_and_the_persons_side_against_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    started(&h);
    // White at the bottom by default, even with Black to move.
    let r = h.say("general", "alice", "a2-a3").unwrap();
    assert!(
        String::from_utf8(r.image.unwrap())
            .unwrap()
            .contains("flip=false")
    );
    let r = h.say("general", "bob", "orientation turn").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let r = h.say("general", "bob", "board").unwrap();
    assert!(
        String::from_utf8(r.image.unwrap())
            .unwrap()
            .contains("flip=true")
    );
    let r = h.say("general", "bob", "orientacion blancas").unwrap();
    assert!(!r.error);
    let r = h.say("general", "bob", "board").unwrap();
    assert!(
        String::from_utf8(r.image.unwrap())
            .unwrap()
            .contains("flip=false")
    );
    let e = h.say("general", "bob", "orientation upside-down").unwrap();
    assert!(e.error);
    // Against the bot, the person's side whatever the setting.
    h.say("general", "bob", "orientation turn").unwrap();
    let r = h.say("other", "carol", "play chess black level=1").unwrap();
    assert!(
        String::from_utf8(r.image.unwrap())
            .unwrap()
            .contains("flip=true")
    );
}

/// `jugar ajedrez` is how a Spanish speaker says "play chess": it starts a
/// game against Tablero, as `maquina ajedrez` does (issue 37, defect 5),
/// options after the name included. `jugar` is also the Spanish word for
/// the `move` command, so a real move after it is played; and a game's
/// name after `move`/`mover`, or told to the bot alone, says how to start
/// that game (in the reader's language, with commands that work as
/// written) and changes nothing.
#[test]
fn a_game_named_where_a_move_was_expected_says_how_to_start_it() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "idioma es");
    let r = h.say("general", "ana", "mover ajedrez").unwrap();
    assert!(r.error, "{}", r.plain_text());
    let text = r.plain_text();
    assert!(
        text.starts_with("Ajedrez es un juego, no una jugada.")
            && text.contains("`maquina chess`")
            && text.contains("`desafiar chess`"),
        "{text}"
    );
    let r = h.say("general", "bob", "move gran avance").unwrap();
    assert!(
        r.plain_text()
            .starts_with("Breakthrough is a game, not a move. To start a game of Breakthrough: `play breakthrough`"),
        "{}",
        r.plain_text()
    );
    // Neither started anything.
    let r = h.say("general", "ana", "partidas").unwrap();
    assert!(!r.plain_text().contains("#1"), "{}", r.plain_text());
    // What it suggests works as written.
    let r = h.say("general", "ana", "maquina chess").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let before = h.say("general", "ana", "historial").unwrap().plain_text();
    // Playing, and to move: still no move, nothing changes.
    let r = h.say("general", "ana", "mover ajedrez").unwrap();
    assert!(r.error && r.plain_text().starts_with("Ajedrez es un juego"));
    assert_eq!(
        h.say("general", "ana", "historial").unwrap().plain_text(),
        before
    );
    // A game's name followed by what one would tell `maquina` (a level,
    // a side), or a name of two words with a side after it.
    let r = h
        .say("general", "ana", "mover saltador nivel=5 negras")
        .unwrap();
    assert!(
        r.error
            && r.plain_text()
                .starts_with("Ajedrez del alfil saltador es un juego")
            && r.plain_text().contains("`maquina saltador`"),
        "{}",
        r.plain_text()
    );
    let r = h
        .say("general", "ana", "mover gran avance blancas")
        .unwrap();
    assert!(
        r.error && r.plain_text().starts_with("Gran avance es un juego"),
        "{}",
        r.plain_text()
    );
    let r = h.say("general", "ana", "saltador nivel=5").unwrap();
    assert!(
        r.error
            && r.plain_text()
                .starts_with("Ajedrez del alfil saltador es un juego")
            && r.plain_text().contains("`maquina saltador`"),
        "{}",
        r.plain_text()
    );
    assert_eq!(
        h.say("general", "ana", "historial #1")
            .unwrap()
            .plain_text(),
        before
    );
    // With options after the name, `jugar` starts that game too.
    let r = h
        .say("general", "ana", "jugar saltador nivel=1 negras")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        h.say("general", "ana", "partidas")
            .unwrap()
            .plain_text()
            .contains("#2"),
        "a second game"
    );
    // A move after `jugar` is played.
    let r = h.say("general", "ana", "jugar #1 e4").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert_ne!(
        h.say("general", "ana", "historial #1")
            .unwrap()
            .plain_text(),
        before
    );
}

/// `jugar` ("play") or `play` with a game's name starts a game against
/// Tablero, as `maquina` does, with the options after the name; `mover`
/// with a game's name still says how to start one (above).
#[test]
fn jugar_with_a_game_starts_a_game_against_tablero() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "idioma es");
    let r = h
        .say("general", "ana", "jugar gran avance nivel=1")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text().contains("Partida #1: Gran avance"),
        "{}",
        r.plain_text()
    );
    assert!(r.plain_text().contains("nivel 1"), "{}", r.plain_text());
    let r = h.say("general", "ana", "jugar saltador negras").unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text()
            .contains("Partida #2: Ajedrez del alfil saltador")
            && r.plain_text().contains("@ana (Negras)"),
        "{}",
        r.plain_text()
    );
    let r = h
        .say("general", "bob", "play breakthrough level=1")
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    assert!(
        r.plain_text().contains("Game #3: Breakthrough"),
        "{}",
        r.plain_text()
    );
    // A bad option is refused and starts nothing.
    let r = h
        .say("general", "bob", "play breakthrough level=9")
        .unwrap();
    assert!(r.error, "{}", r.plain_text());
    let r = h
        .say("general", "bob", "jugar knight fight purple")
        .unwrap();
    assert!(r.error, "{}", r.plain_text());
    let r = h.say("general", "bob", "current").unwrap();
    assert!(!r.plain_text().contains("#4"), "{}", r.plain_text());
}
