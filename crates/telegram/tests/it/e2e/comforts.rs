//! Correspondence comforts on the fake Bot API server: a daily digest
//! delivered to the player's private chat with a button that opens the
//! group's board there, and a group reminder held back by the player's
//! quiet hours. The clock starts at 2023-11-14 22:13:20 UTC.

use super::*;

/// 2023-11-15 00:00 UTC.
const MIDNIGHT: i64 = 1_700_006_400_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_comes_to_the_private_chat_with_a_button_that_opens_the_board() {
    let mut r = start().await;
    let (app, clock, notices) = (r.app.clone(), r.clock.clone(), r.notices.clone());
    let c = &mut r.c;
    c.say(&ALICE, "/challenge @bob breakthrough white time=1d");
    c.text().await;
    c.say(&BOB, "/accept");
    c.board(None).await;
    c.say_privately(&ALICE, "digest 09:00");
    let set = c.expect("sendmessage").await;
    assert_eq!(set.params["chat_id"], ALICE.id);
    let text = set.params["text"].as_str().unwrap_or("");
    assert!(
        text.contains("Your daily digest comes at 09:00 (UTC)")
            && !text.contains("Write to the bot in a private chat"),
        "{text}"
    );
    c.quiet().await;
    // 09:00: the digest, in her private chat only. Her day began at
    // 22:13:20 yesterday: 13h 13m left.
    clock.set(MIDNIGHT + 9 * 3_600_000);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    let d = c.expect("sendmessage").await;
    assert_eq!(d.params["chat_id"], ALICE.id);
    let text = d.params["text"].as_str().unwrap_or("");
    assert!(
        text.contains("your daily digest: it is your move in 1 game")
            && text.contains(
                "Breakthrough in Club against bob: 13h 13m left, until 2023-11-15 22:13 UTC."
            ),
        "{text}"
    );
    assert_eq!(buttons(&d.params), ["b:1"]);
    c.quiet().await;
    // Its button opens the group's board in her chat.
    let q = c.press_privately(&ALICE, d.sent.unwrap(), "b:1");
    c.answered(&q).await;
    let (shown, _) = c.next("sendphoto").await;
    assert_eq!(shown.params["chat_id"], ALICE.id);
    let caption = shown.params["caption"].as_str().unwrap_or("");
    assert!(caption.starts_with("In Club: "), "{caption}");
    // Once a day: nothing more now.
    assert!(app.tick().is_empty());
    r.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_reminder_waits_for_the_end_of_quiet_hours() {
    let mut r = start().await;
    let (app, clock, notices) = (r.app.clone(), r.clock.clone(), r.notices.clone());
    let c = &mut r.c;
    c.say(&ALICE, "/quiet 23-00");
    let q = c.text().await;
    assert!(q.contains("23:00-00:00 (UTC)"), "{q}");
    c.say(&ALICE, "/challenge @bob breakthrough white time=2h");
    c.text().await;
    c.say(&BOB, "/accept");
    c.board(None).await;
    // Her reminder at half, 23:13:20, falls in her quiet hours: it waits
    // until midnight, with 13 minutes left.
    clock.set(MIDNIGHT - 3_600_000 + 14 * 60_000);
    assert!(app.tick().is_empty());
    clock.set(MIDNIGHT - 1);
    assert!(app.tick().is_empty());
    clock.set(MIDNIGHT);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    let t = c.text().await;
    assert!(
        t.contains("@alice") && t.contains("your move in game #1") && t.contains("13m left"),
        "{t}"
    );
    r.stop().await;
}
