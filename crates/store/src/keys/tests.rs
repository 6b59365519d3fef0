use super::*;

/// Every key decodes back to itself, and its kind is the one its
/// first byte names in the crate docs' table.
#[test]
fn keys_round_trip_and_name_their_kind() {
    let ch = ChannelKey::new(Platform::Telegram, "-100");
    let chess: GameId = "chess".parse().unwrap();
    let keys = [
        (Key::game(true, &ch, 3), "g"),
        (Key::game(false, &ch, 3), "f"),
        (Key::challenge(&ch, 4), "c"),
        (Key::NextId((&ch).into()), "n"),
        (Key::user_game(&ch, "alice", 3), "u"),
        (
            Key::UserFinished {
                ch: (&ch).into(),
                user: "alice",
                id: 3,
            },
            "h",
        ),
        (Key::user_challenge(&ch, "alice", 4), "i"),
        (Key::timer(99, TimerKind::Challenge, &ch, 4), "t"),
        (
            Key::Stats {
                of: StatsOf::People,
                platform: Platform::Telegram,
                user: "alice",
                game: chess,
            },
            "s",
        ),
        (
            Key::Stats {
                of: StatsOf::Tablero,
                platform: Platform::Telegram,
                user: "alice",
                game: chess,
            },
            "a",
        ),
        (
            Key::Stats {
                of: StatsOf::Learning,
                platform: Platform::Telegram,
                user: "alice",
                game: chess,
            },
            "e",
        ),
        (
            Key::Profile {
                platform: Platform::Discord,
                user: "42",
            },
            "p",
        ),
        (Key::board(&ch, 3), "b"),
        (
            Key::Rating {
                platform: Platform::Discord,
                game: chess,
                user: "42",
            },
            "r",
        ),
        (
            Key::Community {
                platform: Platform::Discord,
                community: "guild",
                game: chess,
                user: "42",
            },
            "l",
        ),
        (Key::Channel((&ch).into()), "o"),
        (Key::Meta(Meta::Schema), "m"),
        (Key::Meta(Meta::RatingSeq), "m"),
        (Key::Meta(Meta::FinishedIndex), "m"),
        (Key::Meta(Meta::Layout), "m"),
        (Key::WebSecret, "w"),
        (Key::PlaySecret, "w"),
        (Key::WebLink("abc"), "w"),
        (Key::WebListing((&ch).into()), "w"),
        (Key::tournament(&ch, 5), "v"),
    ];
    for (key, tag) in keys {
        let bytes = key.encode();
        assert_eq!(&bytes[..1], tag.as_bytes(), "{key:?}");
        assert_eq!(Kind::of_key(&bytes), Some(key.kind()), "{key:?}");
        assert_eq!(Key::decode(&bytes), Some(key), "{key:?}");
    }
    assert_eq!(Kind::of_key(b"zzz"), None);
    assert_eq!(Key::decode(b"g\x1ftelegram\x1f-100"), None);
}

/// The layout is what stores already on disk hold: a hand-written key
/// per shape (fields joined by 0x1f, numbers padded to 20 digits).
#[test]
fn the_layout_matches_the_stored_one() {
    let ch = ChannelKey::new(Platform::Telegram, "-100");
    assert_eq!(
        Key::game(true, &ch, 3).encode(),
        b"g\x1ftelegram\x1f-100\x1f00000000000000000003".to_vec()
    );
    assert_eq!(
        Key::timer(99, TimerKind::Game, &ch, 3).encode(),
        b"t\x1f00000000000000000099\x1fg\x1ftelegram\x1f-100\x1f00000000000000000003".to_vec()
    );
    assert_eq!(
        Scan::Games {
            ongoing: true,
            ch: (&ch).into()
        }
        .prefix(),
        b"g\x1ftelegram\x1f-100\x1f".to_vec()
    );
    assert_eq!(
        Key::Meta(Meta::RatingSeq).encode(),
        b"m\x1frating_seq".to_vec()
    );
    assert_eq!(
        Key::user_challenge(&ch, "alice", 4).encode(),
        b"i\x1ftelegram\x1falice\x1f-100\x1f00000000000000000004".to_vec()
    );
    assert_eq!(Key::Meta(Meta::Layout).encode(), b"m\x1flayout".to_vec());
}

/// A due range holds the timers due at `now` and none after.
#[test]
fn the_due_range_ends_at_now() {
    let ch = ChannelKey::new(Platform::Console, "c");
    let r = due_range(100);
    let at = Key::timer(100, TimerKind::Game, &ch, 1).encode();
    let after = Key::timer(101, TimerKind::Game, &ch, 1).encode();
    assert!(r.contains(&at));
    assert!(!r.contains(&after));
}
