//! A player's games from their direct chat with the bot (issue 20, item 8)
//! and their own side at the bottom there (item 9): `mygames` names every
//! game so it can be reached, commands and bare moves made there change
//! the game in its own channel (whose spectators see the move), buttons
//! name another chat's game by its place, and nothing ambiguous is
//! guessed.

use tablero_app::place::{GameAt, Place};
use tablero_app::press::Press;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Incoming, Platform, Reply, User};

fn user(name: &str) -> User {
    User {
        id: name.into(),
        name: name.into(),
    }
}

fn ch(name: &str) -> ChannelKey {
    ChannelKey::new(Platform::Console, name)
}

/// `who` writes `text` in group `chat` (named `title`).
fn group(h: &Harness, chat: &str, title: &str, who: &str, text: &str) -> Option<Reply> {
    let mentions = text
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    h.app().handle(&Incoming {
        channel: ch(chat),
        author: user(who),
        text: text.into(),
        mentions,
        addressed: true,
        handle: Some(who.into()),
        reply_to: None,
        community: None,
        direct: false,
        manages: false,
        title: Some(title.into()),
    })
}

/// `who` writes `text` in their direct chat with the bot.
fn dm(h: &Harness, who: &str, text: &str) -> Option<Reply> {
    h.app().handle(&Incoming {
        channel: dm_of(who),
        author: user(who),
        text: text.into(),
        mentions: Vec::new(),
        addressed: true,
        handle: Some(who.into()),
        reply_to: None,
        community: None,
        direct: true,
        manages: false,
        title: None,
    })
}

fn dm_of(who: &str) -> ChannelKey {
    ch(&format!("dm-{who}"))
}

fn text(r: &Reply) -> String {
    r.plain_text()
}

fn image(r: &Reply) -> String {
    String::from_utf8_lossy(r.image.as_deref().expect("a board")).into_owned()
}

/// Club: alice (White) against bob, chess, #1. Friends: alice (White)
/// against carol, Breakthrough, #1; and bob (White) against alice, chess,
/// #2.
fn three_games(h: &Harness) {
    for (chat, title, a, b, game) in [
        ("club", "Club", "alice", "bob", "chess"),
        ("friends", "Friends", "alice", "carol", "breakthrough"),
        ("friends", "Friends", "bob", "alice", "chess"),
    ] {
        let r = group(h, chat, title, a, &format!("challenge @{b} {game} white")).unwrap();
        assert!(!r.error, "{}", text(&r));
        let r = group(h, chat, title, b, "accept").unwrap();
        assert!(!r.error, "{}", text(&r));
    }
    let _ = h.app().take_notices(Platform::Console);
}

#[test]
fn mygames_in_a_direct_chat_names_each_game_so_that_it_can_be_reached() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    let (club, friends) = (Place::of(&ch("club")), Place::of(&ch("friends")));
    assert_ne!(club, friends);
    let r = dm(&h, "alice", "mygames").unwrap();
    let t = text(&r);
    // Two games numbered 1: each named with its chat's place; #2 is the
    // only one with its number, so it needs none.
    assert!(
        t.contains(&format!("#{club}1 in Club: Chess vs bob")),
        "{t}"
    );
    assert!(
        t.contains(&format!("#{friends}1 in Friends: Breakthrough vs carol")),
        "{t}"
    );
    assert!(t.contains("#2 in Friends: Chess vs bob"), "{t}");
    let opened: Vec<String> = r.open.iter().map(|o| o.at.to_string()).collect();
    assert_eq!(opened.len(), 3, "{:?}", r.open);
    for at in [format!("{club}1"), format!("{friends}1"), "2".to_string()] {
        assert!(opened.contains(&at), "{opened:?}");
    }
    // Every listed reference works as written.
    for o in &r.open {
        let b = dm(&h, "alice", &format!("board #{}", o.at)).unwrap();
        assert!(!b.error, "board #{}: {}", o.at, text(&b));
        assert!(b.image.is_some());
        let opened = h.app().open_board(&dm_of("alice"), &user("alice"), &o.at);
        assert!(!opened.error, "{}", text(&opened));
        assert_eq!(opened.game(), b.game());
    }
    // In a group, mygames names the other chat's games with their place,
    // and offers no buttons (they would show a game of one group in
    // another).
    let r = group(&h, "club", "Club", "alice", "mygames").unwrap();
    let t = text(&r);
    assert!(t.contains("#1 here: Chess vs bob"), "{t}");
    assert!(t.contains(&format!("#{friends}2 in Friends")), "{t}");
    assert!(r.open.is_empty());
    // Spanish.
    let r = dm(&h, "alice", "lang es").unwrap();
    assert!(!r.error);
    let t = text(&dm(&h, "alice", "mispartidas").unwrap());
    assert!(
        t.contains(&format!("#{club}1 en Club: Ajedrez contra bob")),
        "{t}"
    );
}

#[test]
fn a_move_from_the_direct_chat_is_played_in_the_game_and_posted_there() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    let club = Place::of(&ch("club"));
    // `e4` is a legal move only in the club's chess game (Friends #2 is
    // bob's turn; Breakthrough moves are written a2-a3).
    let r = dm(&h, "alice", "e4").unwrap();
    assert!(!r.error, "{}", text(&r));
    assert!(text(&r).starts_with("In Club: "), "{}", text(&r));
    assert_eq!(r.place, Some(club));
    assert_eq!(r.game(), Some((1, 1)));
    // The club sees the move as if it had been made there.
    let notices = h.app().take_notices(Platform::Console);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].channel, ch("club"));
    assert!(notices[0].reply.plain_text().contains("e4"), "{notices:?}");
    assert!(!notices[0].reply.plain_text().starts_with("In "));
    assert_eq!(notices[0].reply.place, None);
    assert_eq!(notices[0].reply.game(), Some((1, 1)));
    // And the game there is one move on: bob answers in the club.
    let r = group(&h, "club", "Club", "bob", "e5").unwrap();
    assert!(!r.error, "{}", text(&r));
    assert_eq!(r.game(), Some((1, 2)));
    // A typed command with the place, from the direct chat.
    let r = dm(&h, "alice", &format!("move #{club}1 Nf3")).unwrap();
    assert!(!r.error, "{}", text(&r));
    assert_eq!(r.game(), Some((1, 3)));
    assert_eq!(h.app().take_notices(Platform::Console).len(), 1);
    // A press on the board shown in the direct chat, named with its place.
    let r = group(&h, "club", "Club", "bob", "Nc6").unwrap();
    assert!(!r.error, "{}", text(&r));
    let at = GameAt {
        place: Some(club),
        id: 1,
    };
    let r = h.app().press(
        &dm_of("alice"),
        &user("alice"),
        at,
        4,
        &Press::Move("Bb5".into()),
    );
    assert!(!r.error, "{}", text(&r));
    assert_eq!(r.game(), Some((1, 5)));
    assert_eq!(r.place, Some(club));
    let n = h.app().take_notices(Platform::Console);
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].channel, ch("club"));
    // A stale press (the board of 4 moves) changes nothing.
    let r = h.app().press(
        &dm_of("alice"),
        &user("alice"),
        at,
        4,
        &Press::Move("Bc4".into()),
    );
    assert!(r.error, "{}", text(&r));
    // Someone who does not play that game cannot reach it by its place.
    let r = h.app().press(
        &dm_of("carol"),
        &user("carol"),
        at,
        5,
        &Press::Move("a6".into()),
    );
    assert!(r.error, "{}", text(&r));
    let r = group(&h, "club", "Club", "bob", "board").unwrap();
    assert_eq!(r.game(), Some((1, 5)), "carol's press changed nothing");
    assert!(h.app().take_notices(Platform::Console).is_empty());
}

#[test]
fn nothing_ambiguous_is_guessed_from_the_direct_chat() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    let (club, friends) = (Place::of(&ch("club")), Place::of(&ch("friends")));
    // `a2a3` is a move of alice's in two games: UCI in the club's chess,
    // Breakthrough's a2-a3 in Friends. Asked, never guessed.
    let r = dm(&h, "alice", "a2a3").unwrap();
    assert!(r.error, "{}", text(&r));
    let t = text(&r);
    assert!(t.contains("Nothing played"), "{t}");
    assert!(t.contains(&format!("move #{club}1 a3")), "{t}");
    assert!(t.contains(&format!("move #{friends}1 a2-a3")), "{t}");
    assert_eq!(r.suggestions.len(), 2);
    assert!(h.app().take_notices(Platform::Console).is_empty());
    // Each suggestion, as typed, plays in its own game.
    let r = dm(&h, "alice", &format!("move #{friends}1 a2-a3")).unwrap();
    assert!(!r.error, "{}", text(&r));
    assert_eq!(r.place, Some(friends));
    assert_eq!(h.app().take_notices(Platform::Console).len(), 1);
    // Its button too (a press naming the game with its place).
    let s = r.suggestions.first().cloned();
    assert!(s.is_none(), "a played move suggests nothing");
    // `board` without a number: which one? Each named with its chat.
    let r = dm(&h, "bob", "board").unwrap();
    assert!(r.error);
    let t = text(&r);
    assert!(t.contains("Which game?"), "{t}");
    assert!(t.contains("in Club") && t.contains("in Friends"), "{t}");
    // A number that two of alice's games have: asked, never guessed.
    let r = dm(&h, "alice", "board #1").unwrap();
    assert!(r.error, "{}", text(&r));
    assert!(text(&r).contains(&format!("#{club}1")), "{}", text(&r));
    // A place that names no game of theirs.
    let r = dm(&h, "carol", &format!("board #{club}1")).unwrap();
    assert!(r.error);
    assert!(text(&r).contains("no ongoing game"), "{}", text(&r));
    // A draw offer without a number: only the games with draws are asked
    // about (not Breakthrough), each named so that the example works.
    let r = dm(&h, "alice", "draw").unwrap();
    let t = text(&r);
    assert!(
        t.contains("Which game?") && !t.contains("Breakthrough"),
        "{t}"
    );
    let example = format!("draw #{club}1");
    assert!(t.contains(&example), "{t}");
    let r = dm(&h, "alice", &example).unwrap();
    assert!(!r.error, "{}", text(&r));
    assert_eq!(
        h.app().take_notices(Platform::Console)[0].channel,
        ch("club")
    );
    // Chatter in the direct chat is answered, and plays nothing.
    let r = dm(&h, "alice", "hello").unwrap();
    assert!(r.error, "{}", text(&r));
    assert!(h.app().take_notices(Platform::Console).is_empty());
}

#[test]
fn resigning_from_the_direct_chat_ends_the_game_where_it_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    // carol has one game: no number needed.
    let _ = dm(&h, "carol", "resign");
    let r = dm(&h, "carol", "resign yes").unwrap();
    assert!(!r.error, "{}", text(&r));
    assert!(text(&r).starts_with("In Friends: "), "{}", text(&r));
    let n = h.app().take_notices(Platform::Console);
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].channel, ch("friends"));
    assert_eq!(n[0].reply.ended, Some(1));
    let r = group(&h, "friends", "Friends", "alice", "board #1").unwrap();
    assert!(text(&r).contains("resign"), "{}", text(&r));
}

#[test]
fn a_direct_chat_shows_the_reader_their_own_side_at_the_bottom() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    // Friends #2: bob White, alice Black. The channel's default is White
    // at the bottom; alice's direct chat turns it to her side.
    let r = group(&h, "friends", "Friends", "alice", "board #2").unwrap();
    assert!(image(&r).contains("flip=false"), "{}", image(&r));
    let r = dm(&h, "alice", "board #2").unwrap();
    assert!(image(&r).contains("flip=true"), "{}", image(&r));
    let r = dm(&h, "bob", &format!("board #{}2", Place::of(&ch("friends")))).unwrap();
    assert!(image(&r).contains("flip=false"), "{}", image(&r));
    // And when the channel turns boards to the player to move, her direct
    // chat still shows her side whoever is to move.
    assert!(
        !group(&h, "friends", "Friends", "bob", "orientation turn")
            .unwrap()
            .error
    );
    assert!(
        !group(&h, "friends", "Friends", "bob", "move #2 e4")
            .unwrap()
            .error
    );
    let r = group(&h, "friends", "Friends", "alice", "board #2").unwrap();
    assert!(
        image(&r).contains("flip=true"),
        "Black to move at the bottom"
    );
    let r = dm(&h, "bob", "board #2").unwrap();
    assert!(image(&r).contains("flip=false"), "{}", image(&r));
}

/// A finished game elsewhere is still reachable by its place for what a
/// finished game is good for — `export` and `replay` from the direct chat
/// (an inline Telegram game has no chat to type them in) — while `board`
/// of it says there is no such game in play, and another player's game is
/// not reached.
#[test]
fn a_finished_game_elsewhere_is_exported_and_replayed_by_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    three_games(&h);
    let club = Place::of(&ch("club"));
    // Before it ends, `export #club1` from the DM already works (ongoing).
    let r = dm(&h, "alice", &format!("export #{club}1")).unwrap();
    assert!(!r.error, "{}", text(&r));
    let _ = group(&h, "club", "Club", "bob", "resign");
    let r = group(&h, "club", "Club", "bob", "resign yes").unwrap();
    assert!(!r.error, "{}", text(&r));
    let _ = h.app().take_notices(Platform::Console);
    for who in ["alice", "bob"] {
        let r = dm(&h, who, &format!("export #{club}1")).unwrap();
        assert!(!r.error, "{who}: {}", text(&r));
        let file = r.file.as_ref().expect("the record as a file");
        let body = String::from_utf8_lossy(&file.bytes);
        assert!(body.contains("[White \"alice\"]"), "{body}");
        assert!(body.contains("[Result \"1-0\"]"), "{body}");
        let r = dm(&h, who, &format!("replay #{club}1")).unwrap();
        assert!(!r.error, "{who}: {}", text(&r));
    }
    // And reviewed there (the engine's review of the chess game).
    let r = dm(&h, "alice", &format!("review #{club}1")).unwrap();
    assert!(!r.error, "{}", text(&r));
    assert!(text(&r).contains("Review of game #"), "{}", text(&r));
    // `board` shows games in play only: the finished one is not found.
    let r = dm(&h, "alice", &format!("board #{club}1")).unwrap();
    assert!(r.error, "{}", text(&r));
    // carol never played in the club.
    let r = dm(&h, "carol", &format!("export #{club}1")).unwrap();
    assert!(r.error, "{}", text(&r));
}
