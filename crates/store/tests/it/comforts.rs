//! A player's settings and a game's clock beyond a time per move, on
//! both backends: written, read back after reopening, checked; and a game
//! written before clocks had more reads as a plain time per move.

use tablero_store::{
    AwayDoc, ChannelKey, ClockDoc, ComfortDoc, GameDoc, PauseOfferDoc, Platform, RemindersDoc,
    Side, SpanDoc,
};

use crate::support::{Place, user};

fn clocked(ch: &ChannelKey) -> GameDoc {
    GameDoc {
        move_limit_secs: Some(3 * 86_400),
        next_event_ms: Some(5_000),
        clock: Some(ClockDoc {
            increment_secs: 86_400,
            cap_secs: Some(7 * 86_400),
            bank_ms: Some([1, 2]),
            weekends_off: true,
            away: [
                AwayDoc {
                    zone: Some("Europe/Madrid".into()),
                    quiet: Some([1380, 480]),
                    vacation: Some(SpanDoc { from: 3, until: 4 }),
                },
                AwayDoc::default(),
            ],
            pause: Some(SpanDoc { from: 5, until: 6 }),
            pause_offer: Some(PauseOfferDoc {
                by: Side::Second,
                ms: 7,
                expires_ms: 8,
            }),
        }),
        ..GameDoc::new(
            ch.clone(),
            1,
            [user("ana"), user("ben")],
            "breakthrough:".into(),
            0,
        )
    }
}

fn settings_and_clocks_survive_reopening(place: &Place) {
    let ch = ChannelKey::new(Platform::Telegram, "-1002");
    let comfort = ComfortDoc {
        zone: Some("America/Bogota".into()),
        quiet: Some([0, 360]),
        vacation: Some(SpanDoc {
            from: 10,
            until: 20,
        }),
        allowance_ms: Some(99),
        allowance_at_ms: 5,
        digest: Some(540),
        reminders: RemindersDoc::Digest,
        private: Some(ChannelKey::new(Platform::Telegram, "42")),
        digest_next_ms: Some(7_000),
    };
    {
        let s = place.open();
        assert_eq!(
            s.comfort(Platform::Telegram, "ana").unwrap(),
            ComfortDoc::default()
        );
        let mut b = s.batch();
        b.put_comfort(Platform::Telegram, "ana", &comfort, None);
        b.put_game(&clocked(&ch), None);
        s.commit(b).unwrap();
        s.flush().unwrap();
    }
    let s = place.open();
    assert_eq!(s.comfort(Platform::Telegram, "ana").unwrap(), comfort);
    // Another platform's user of the same id has none.
    assert_eq!(
        s.comfort(Platform::Discord, "ana").unwrap(),
        ComfortDoc::default()
    );
    assert_eq!(s.game(&ch, 1, true).unwrap(), Some(clocked(&ch)));
    // The digest's timer is kept with it: due at 7 s, naming the player.
    let due = s.due_timers(7_000).unwrap();
    assert!(
        due.contains(&tablero_store::digest_timer(
            Platform::Telegram,
            "ana",
            7_000
        )),
        "{due:?}"
    );
    // Moved on: the old timer goes, the new one comes.
    let next = ComfortDoc {
        digest_next_ms: Some(90_000),
        ..comfort.clone()
    };
    let mut b = s.batch();
    b.put_comfort(Platform::Telegram, "ana", &next, Some(&comfort));
    s.commit(b).unwrap();
    let due = s.due_timers(90_000).unwrap();
    assert!(!due.iter().any(|t| t.due_ms == 7_000), "{due:?}");
    assert!(due.iter().any(|t| t.due_ms == 90_000), "{due:?}");
    // The checker reads both kinds of document.
    let report = s.check(&|_| Ok(())).unwrap();
    assert!(report.is_clean(), "{report:?}");
    assert!(report.readable >= 2);
}

mod sled {
    #[test]
    fn settings_and_clocks_survive_reopening() {
        super::settings_and_clocks_survive_reopening(&super::Place::sled());
    }
}

mod pg {
    #[test]
    fn settings_and_clocks_survive_reopening() {
        super::settings_and_clocks_survive_reopening(&super::Place::pg());
    }
}

/// A game document as builds before clocks had more wrote it reads with
/// no clock, and is written back without one.
#[test]
fn a_game_written_before_clocks_reads_as_a_time_per_move() {
    let place = Place::sled();
    let ch = ChannelKey::new(Platform::Telegram, "-1003");
    let s = place.open();
    let old = r#"{"version":2,"channel":{"platform":"telegram","channel":"-1003"},"id":1,"players":[{"id":"ana","name":"ANA"},{"id":"ben","name":"BEN"}],"record":"breakthrough:","created_ms":0,"turn_started_ms":0,"move_limit_secs":3600,"reminders_sent":0,"draw_offer":null,"takeback":null,"next_event_ms":null,"result":null,"finished_ms":null}"#;
    s.put_raw(&tablero_store::Store::raw_game_key(&ch, 1), old.as_bytes())
        .unwrap();
    let doc = s.game(&ch, 1, true).unwrap().unwrap();
    assert_eq!(doc.clock, None);
    assert_eq!(doc.move_limit_secs, Some(3600));
    let json = serde_json::to_string(&doc).unwrap();
    assert!(!json.contains("clock"), "{json}");
}
