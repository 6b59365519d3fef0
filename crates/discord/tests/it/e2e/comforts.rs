//! A daily digest on the fake Discord: it comes to the player's DM with
//! the bot, from the production ticker, and its button opens the
//! server game's board there.

use tablero_app::{Incoming, ManualClock, User};

use super::*;

/// Thursday 2026-01-01 00:00 UTC.
const START: i64 = 1_767_225_600_000;
const HOUR: i64 = 3_600_000;

fn person(w: Who) -> User {
    User {
        id: w.id.to_string(),
        name: w.name.into(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_comes_to_the_dms_with_a_button_that_opens_the_board() {
    let clock = ManualClock::at(START);
    let r = start_clocked(false, Some(GUILD), Arc::new(clock.clone())).await;
    let (fake, d, app) = (&r.fake, &r.d, &r.app);
    // A game in the server's channel, Ana to move, a day a move.
    let channel = ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string());
    let challenge = Incoming {
        mentions: vec![person(BEN_)],
        ..Incoming::addressed(
            channel.clone(),
            person(ANA_),
            format!("challenge <@{BEN}> breakthrough time=1d"),
        )
    };
    assert!(!app.handle(&challenge).unwrap().error);
    let accept = Incoming::addressed(channel, person(BEN_), "accept");
    assert!(!app.handle(&accept).unwrap().error);
    // Ana asks for a digest at 09:00 in her DM with the bot.
    let (mark, token) = d.slash(
        ANA_,
        DM,
        "digest",
        json!([{"name": "time", "type": 3, "value": "09:00"}]),
        json!({}),
    );
    let c = fake.callback(mark, &token).await;
    let text = content(&c);
    assert!(
        text.contains("Your daily digest comes at 09:00 (UTC)")
            && !text.contains("Write to the bot in a private chat"),
        "{text}"
    );
    // 09:00: the ticker posts it in her DM, with a button for the game.
    let mark = fake.mark();
    clock.set(START + 9 * HOUR);
    let digest = fake.posted(mark, DM).await;
    let text = content(&digest);
    assert!(
        text.contains("your daily digest: it is your move in 1 game")
            && text.contains("15h left, until 2026-01-02 00:00 UTC."),
        "{text}"
    );
    let message = digest.created.expect("the digest's message");
    let ids = button_ids(&fake.message(message));
    assert_eq!(ids.len(), 1, "{ids:?}");
    // Pressed, it is acknowledged and the board comes, in her DM.
    let (mark, token) = d.button(ANA_, message, &ids[0]);
    fake.callback(mark, &token).await;
    let board = fake
        .wait(mark, "the game's board", |c| !c.files.is_empty())
        .await;
    assert!(
        board.path.contains(&format!("/channels/{DM}/"))
            || board.path.contains(&format!("/webhooks/{APP}/{token}")),
        "{board:?}"
    );
    assert!(content(&board).contains("Breakthrough"), "{board:?}");
}
