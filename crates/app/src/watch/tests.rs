use super::*;
use crate::testkit::Harness;

#[test]
fn tokens_are_unguessable_stable_and_name_their_game() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    let ch = ChannelKey::new(Platform::Console, "club");
    let a = app.game_token(&ch, 1).unwrap();
    let b = app.game_token(&ch, 2).unwrap();
    assert_eq!(a.len(), 32);
    assert_ne!(a, b);
    assert_eq!(app.game_token(&ch, 1).unwrap(), a);
    assert_eq!(
        app.store.web_link(&a).unwrap(),
        Some(WebLink::Game {
            channel: ch.clone(),
            id: 1
        })
    );
    // Another store has another secret, so other tokens.
    let dir2 = tempfile::tempdir().unwrap();
    let other = Harness::new(dir2.path());
    assert_ne!(other.app().game_token(&ch, 1).unwrap(), a);
}

#[test]
fn replies_carry_the_page_link_once_the_web_runs() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    h.say("club", "ana", "challenge @ben chess");
    let first = h.say("club", "ben", "accept").unwrap();
    assert_eq!(first.web, None, "no web, no link");
    app.set_web_base(Some("https://t.example.org/".into()));
    let token = app
        .game_token(&ChannelKey::new(Platform::Console, "club"), 1)
        .unwrap();
    let url = format!("https://t.example.org/g/{token}");
    let moved = h.say("club", "ana", "e4").unwrap();
    assert_eq!(moved.web.as_deref(), Some(url.as_str()));
    assert!(!moved.web_button, "a move's board has no button");
    for (cmd, line) in [
        ("board", "Watch on the web:"),
        ("history", "Watch on the web:"),
    ] {
        let r = h.say("club", "ben", cmd).unwrap();
        assert!(r.web_button, "{cmd}");
        assert!(
            r.text
                .en
                .write(|u| u.name.clone())
                .contains(&format!("{line} {url}")),
            "{cmd}: {}",
            r.plain_text()
        );
        assert!(
            r.text
                .es
                .write(|u| u.name.clone())
                .contains(&format!("Síguela en la web: {url}")),
            "{cmd}"
        );
    }
    h.say("club", "ana", "challenge @ben breakthrough");
    let begins = h.say("club", "ben", "accept 2").unwrap();
    assert!(
        begins.web_button && begins.web.is_some(),
        "{}",
        begins.plain_text()
    );
}

#[test]
fn listing_is_asked_in_both_languages_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    let club = ChannelKey::new(Platform::Console, "club");
    let said = |text: &str, manages: bool| {
        let mut msg = crate::console::incoming("ana", "club", text);
        msg.manages = manages;
        app.handle(&msg).unwrap()
    };
    let r = said("web", false);
    assert!(r.plain_text().contains("not listed"), "{}", r.plain_text());
    let r = said("web list on", false);
    assert!(
        r.error && r.plain_text().contains("manage"),
        "{}",
        r.plain_text()
    );
    assert!(app.store.listing(&club).unwrap().is_none());
    let r = said("web list maybe", true);
    assert!(
        r.error && r.plain_text().contains("`maybe`"),
        "{}",
        r.plain_text()
    );
    for (text, listed) in [
        ("web lista si", true),
        ("web list off", false),
        ("/web on", true),
        ("WEB LISTA NO", false),
        ("web lista sí", true),
    ] {
        let r = said(text, true);
        assert!(!r.error, "{text}: {}", r.plain_text());
        assert_eq!(
            app.store.listing(&club).unwrap().is_some(),
            listed,
            "{text}"
        );
    }
    assert_eq!(app.watch_listed().unwrap(), vec![WatchChannel(club)]);
    // A direct chat is never listed.
    let mut msg = crate::console::incoming("ana", "ana-dm", "web list on");
    msg.direct = true;
    msg.manages = true;
    let r = app.handle(&msg).unwrap();
    assert!(r.error, "{}", r.plain_text());
    assert_eq!(app.watch_listed().unwrap().len(), 1);
}

#[test]
fn a_game_moved_to_a_thread_keeps_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let app = h.app();
    h.say("club", "ana", "challenge @ben chess");
    h.say("club", "ben", "accept");
    let club = ChannelKey::new(Platform::Console, "club");
    let token = app.game_token(&club, 1).unwrap();
    let thread = ChannelKey::new(Platform::Console, "club-thread");
    app.move_game(&club, 1, &thread).unwrap();
    h.say("club-thread", "ana", "e4");
    let page = app.watch_game(&token).unwrap().expect("still found");
    assert_eq!(page.plies.len(), 2);
    assert_eq!(page.channel, WatchChannel(thread));
}
