//! Long lists come a page at a time: every page fits in one chat message
//! (Discord's 2,000 characters, the smallest), together the pages hold
//! every item once, a page button past the end shows the last page, and
//! `accept` with several challenges offers one button per challenge that
//! acts as `accept #N` for whoever presses it.

use std::collections::BTreeSet;

use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Listing, Platform, Reply, User};

/// Discord's limit on a message, in characters.
const DISCORD_MAX: usize = 2_000;

fn user(name: &str) -> User {
    User {
        id: name.into(),
        name: name.into(),
    }
}

/// The reply in both languages fits one Discord message, even written
/// with every markdown character escaped (doubled).
fn fits_one_message(r: &Reply) {
    for lang in [tablero_rules::Lang::En, tablero_rules::Lang::Es] {
        let text = r.text.get(lang).to_string();
        let cost: usize = text
            .chars()
            .map(|c| 1 + usize::from(c.is_ascii_punctuation()))
            .sum();
        assert!(cost <= DISCORD_MAX, "{cost} characters: {text}");
    }
}

/// The `#N` numbers at the start of the reply's list lines.
fn numbers(r: &Reply) -> Vec<u64> {
    r.plain_text()
        .lines()
        .filter_map(|l| l.strip_prefix('#')?.split(' ').next()?.parse().ok())
        .collect()
}

/// A channel with `n` games (names as long as a name may be, full of
/// markdown characters) and a few challenges.
fn busy_channel(h: &Harness, n: usize) {
    let long = |i: usize| format!("{i}_*{}", "~_*|".repeat(11));
    for i in 0..n {
        let (a, b) = (long(2 * i), long(2 * i + 1));
        h.say("general", &b, "help").unwrap();
        let r = h
            .say("general", &a, &format!("challenge @{b} breakthrough"))
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
        let r = h.say("general", &b, "accept").unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }
    for i in 0..5 {
        h.say("general", &format!("c{i}"), "challenge breakthrough")
            .unwrap();
    }
}

#[test]
fn current_is_paged_and_every_page_fits_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    busy_channel(&h, 60);
    let first = h.say("general", "ana", "current").unwrap();
    fits_one_message(&first);
    let pager = first.pager.expect("a long list has pages");
    assert_eq!((pager.list, pager.page), (Listing::Channel, 1));
    assert!(pager.pages >= 7, "{pager:?}");
    assert!(
        first.plain_text().contains("`current 2`"),
        "{}",
        first.plain_text()
    );
    // Only a next page from the first.
    let buttons = first.page_buttons();
    assert_eq!(buttons.len(), 1);
    assert_eq!((buttons[0].list, buttons[0].page), (Listing::Channel, 2));
    // Typed pages, in either language, hold every game and challenge once.
    let mut seen = Vec::new();
    for page in 1..=pager.pages {
        let cmd = if page % 2 == 0 { "partidas" } else { "current" };
        let r = h.say("general", "ana", &format!("{cmd} {page}")).unwrap();
        fits_one_message(&r);
        assert_eq!(r.pager.map(|p| p.page), Some(page));
        seen.extend(numbers(&r));
    }
    let distinct: BTreeSet<u64> = seen.iter().copied().collect();
    assert_eq!(seen.len(), distinct.len(), "an item on two pages");
    assert_eq!(seen.len(), 65);
    // The list of games says how many there are and what lists them.
    let games = h.say("general", "ana", "games").unwrap();
    fits_one_message(&games);
    assert!(games.plain_text().contains("60 games and 5 challenges"));
}

#[test]
fn a_stale_page_button_shows_the_last_page() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    busy_channel(&h, 25);
    let ch = ChannelKey::new(Platform::Console, "general");
    let pages = h
        .say("general", "ana", "current")
        .unwrap()
        .pager
        .unwrap()
        .pages;
    // The list shrinks under a button drawn for its last page.
    for i in 0..25 {
        h.say(
            "general",
            &format!("{}_*{}", 2 * i, "~_*|".repeat(11)),
            "resign yes",
        )
        .unwrap();
    }
    let r = h
        .app()
        .page(&ch, &user("ana"), None, Listing::Channel, pages);
    assert!(!r.error, "{}", r.plain_text());
    assert_eq!(numbers(&r).len(), 5, "{}", r.plain_text());
    assert!(r.pager.is_none(), "one page left");
    // Past any end: the last page.
    let r = h
        .app()
        .page(&ch, &user("ana"), None, Listing::Channel, 999_999);
    assert!(!r.error);
    assert_eq!(numbers(&r).len(), 5);
    // An empty list says so.
    let r = h
        .app()
        .page(&ch, &user("nobody"), None, Listing::MyGames, 3);
    assert!(!r.error);
    assert!(
        r.plain_text().contains("no ongoing games"),
        "{}",
        r.plain_text()
    );
}

#[test]
fn mygames_is_paged_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    for i in 0..35 {
        h.say(&format!("room{i}"), &format!("p{i}"), "help")
            .unwrap();
        h.say(
            &format!("room{i}"),
            "ana",
            &format!("challenge @p{i} barrier"),
        )
        .unwrap();
        let r = h
            .say(&format!("room{i}"), &format!("p{i}"), "accept")
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }
    h.say("general", "ana", "idioma es").unwrap();
    let first = h.say("general", "ana", "mispartidas").unwrap();
    fits_one_message(&first);
    assert!(
        first.plain_text().contains("`mispartidas 2`"),
        "{}",
        first.plain_text()
    );
    let pages = first.pager.unwrap().pages;
    let mut all = 0;
    for page in 1..=pages {
        let r = h
            .say("general", "ana", &format!("mygames page {page}"))
            .unwrap();
        fits_one_message(&r);
        all += r
            .plain_text()
            .lines()
            .filter(|l| l.starts_with('#'))
            .count();
    }
    assert_eq!(all, 35);
}

#[test]
fn accept_among_many_challenges_offers_a_button_for_each() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let ch = ChannelKey::new(Platform::Console, "general");
    h.say("general", "bob", "help").unwrap();
    for i in 0..23 {
        let r = h
            .say("general", &format!("c{i}"), "challenge @bob breakthrough")
            .unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }
    let which = h.say("general", "bob", "accept").unwrap();
    assert!(which.error, "nothing is accepted yet");
    fits_one_message(&which);
    assert!(
        which.plain_text().contains("`accept page 2`"),
        "{}",
        which.plain_text()
    );
    assert_eq!(which.picks.len(), 10);
    assert_eq!(which.page_buttons().len(), 1, "a next page");
    assert_eq!(which.page_buttons()[0].list, Listing::Challenges);
    // The next page, typed: the next challenges, each a button.
    let second = h.say("general", "bob", "accept page 2").unwrap();
    assert!(!second.error, "{}", second.plain_text());
    fits_one_message(&second);
    assert_eq!(second.picks.len(), 10);
    let third = h
        .app()
        .page(&ch, &user("bob"), None, Listing::Challenges, 3);
    assert_eq!(third.picks.len(), 3);
    assert_eq!(third.page_buttons().len(), 1, "only a previous page");
    let mut ids: Vec<u64> = [&which, &second, &third]
        .iter()
        .flat_map(|r| r.picks.iter().map(|p| p.challenge))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 23);
    // A press by someone the challenge is not for changes nothing.
    let id = second.picks[0].challenge;
    let r = h.app().answer_challenge(&ch, &user("eve"), None, id, true);
    assert!(r.error, "{}", r.plain_text());
    assert!(r.plain_text().contains("bob"), "{}", r.plain_text());
    assert_eq!(h.app().store().channel_challenges(&ch).unwrap().len(), 23);
    // Bob's press accepts that one.
    let r = h.app().answer_challenge(&ch, &user("bob"), None, id, true);
    assert!(!r.error, "{}", r.plain_text());
    assert!(r.board.is_some());
    let left = h.app().store().channel_challenges(&ch).unwrap();
    assert_eq!(left.len(), 22);
    assert!(left.iter().all(|c| c.as_ref().unwrap().id != id));
    // A press of the same button again: gone, and said so.
    let r = h.app().answer_challenge(&ch, &user("bob"), None, id, true);
    assert!(r.error);
    // Nobody else's turn to choose: a page of nothing to accept.
    let r = h.say("general", "carol", "accept page 2").unwrap();
    assert!(r.error, "{}", r.plain_text());
    assert!(r.picks.is_empty());
}
