//! Hostile input through the app: names a platform allows but no one can
//! read, megabyte messages, bytes that are not text, and random byte
//! strings as console lines and commands. Nothing panics, every reply is
//! short, and the bot goes on answering.

use tablero_app::console::{self, ConsoleOptions};
use tablero_app::testkit::{Harness, reply_lines};
use tablero_app::{ChannelKey, Incoming, MAX_NAME_CHARS, Platform, QUOTE_CHARS, User, command};
use tablero_rules::rng::SplitMix64;

fn message(author: User, text: &str, mentions: Vec<User>) -> Incoming {
    Incoming {
        mentions,
        ..Incoming::addressed(ChannelKey::new(Platform::Telegram, "g"), author, text)
    }
}

fn text_of(r: &tablero_app::Reply) -> String {
    reply_lines(r, false).join("\n")
}

#[test]
fn long_names_are_cut_with_an_ellipsis_and_lose_escape_codes() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let huge = User {
        id: "1".into(),
        name: format!("\u{1b}[31mRed{}", "x".repeat(100_000)),
    };
    let bo = User {
        id: "2".into(),
        name: "Bo".into(),
    };
    let r = h
        .app()
        .handle(&message(
            huge.clone(),
            "challenge <@2> breakthrough",
            vec![bo.clone()],
        ))
        .unwrap();
    let text = text_of(&r);
    assert!(text.len() < 2_000, "{} bytes", text.len());
    assert!(!text.contains('\u{1b}'), "{text}");
    assert!(text.contains("Red") && text.contains('…'), "{text}");
    let r = h.app().handle(&message(bo, "accept", Vec::new())).unwrap();
    let text = text_of(&r);
    assert!(text.len() < 2_000, "{text}");
    // The stored game names the player as shown.
    let games = h
        .app()
        .store()
        .channel_games(&ChannelKey::new(Platform::Telegram, "g"))
        .unwrap();
    let name = &games[0].as_ref().unwrap().players;
    let names: Vec<usize> = name.iter().map(|p| p.name.chars().count()).collect();
    assert!(names.iter().all(|n| *n <= MAX_NAME_CHARS), "{names:?}");
}

/// Names that would spoof another, or hide what they are, reach no reply,
/// board or record as they were (issue 42, item 9).
#[test]
fn names_lose_invisible_and_direction_characters_and_whole_escape_sequences() {
    let cases = [
        ("ali\u{200b}ce", "alice"),
        ("\u{202e}ecila", "ecila"),
        ("bo\u{2066}b\u{2069}", "bob"),
        ("\u{feff}carol\u{2060}", "carol"),
        ("\u{1b}[1;31mdave\u{1b}[0m", "dave"),
        ("\u{1b}]0;title\u{7}erin", "erin"),
        ("\u{9b}2Jfrank", "frank"),
        ("gr\u{ad}ace\u{180e}", "grace"),
        ("h\u{3164}eidi", "heidi"),
        ("Iñaki Pérez", "Iñaki Pérez"),
        ("张伟", "张伟"),
        ("\u{200b}\u{200d}", "7"),
    ];
    for (name, shown) in cases {
        let u = User {
            id: "7".into(),
            name: name.into(),
        };
        assert_eq!(tablero_app::capped(&u).name, shown, "{name:?}");
    }
    // Through a challenge, into the stored game and the replies.
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let spoof = User {
        id: "1".into(),
        name: "\u{1b}[32mali\u{200b}ce\u{202e}".into(),
    };
    let bo = User {
        id: "2".into(),
        name: "Bo".into(),
    };
    let r = h
        .app()
        .handle(&message(
            spoof,
            "challenge <@2> breakthrough",
            vec![bo.clone()],
        ))
        .unwrap();
    let text = text_of(&r);
    assert!(text.contains("@alice"), "{text}");
    assert!(
        !text.contains(['\u{1b}', '\u{200b}', '\u{202e}']),
        "{text:?}"
    );
    h.app().handle(&message(bo, "accept", Vec::new())).unwrap();
    let games = h
        .app()
        .store()
        .channel_games(&ChannelKey::new(Platform::Telegram, "g"))
        .unwrap();
    assert_eq!(games[0].as_ref().unwrap().players[0].name, "alice");
}

#[test]
fn an_error_quotes_a_few_dozen_characters_of_a_long_line() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    for line in [
        format!("frobnicate{}", "z".repeat(1 << 20)),
        format!("challenge @bo {}", "q".repeat(1 << 20)),
        format!("rules {}", "w".repeat(1 << 20)),
        format!("lang {}", "k".repeat(100_000)),
    ] {
        let r = h.say("general", "ana", &line).unwrap();
        let text = text_of(&r);
        assert!(
            text.len() < 1_000 + 4 * QUOTE_CHARS,
            "{}: a reply of {} bytes",
            &line[..12],
            text.len()
        );
    }
}

/// Every command word (and alias) and every game's every option, given a
/// 60,000-character value, gets a short answer: what the bot quotes of
/// someone's input is a short excerpt everywhere (issue 42, item 5:
/// `challenge @bob barrier size=<60,000 Z>` was answered with 60,029
/// characters).
#[test]
fn every_command_and_option_quotes_a_long_value_briefly() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let huge = "Z".repeat(60_000);
    let mut lines = Vec::new();
    for spec in command::COMMANDS {
        for name in std::iter::once(&spec.name).chain(spec.aliases) {
            lines.push(format!("{name} {huge}"));
            lines.push(format!("{name} #1 {huge}"));
            lines.push(format!("{name} {huge}={huge}"));
            lines.push(format!("{name} @{huge}"));
        }
    }
    for game in tablero_rules::GameId::ALL {
        let info = game.info();
        let mut keys: Vec<&str> = info.params.iter().map(|p| p.key).collect();
        keys.extend([
            "level", "nivel", "time", "tiempo", "side", "lado", "seed", "layout",
        ]);
        for key in keys {
            for verb in ["challenge @bo", "desafiar @bo", "bot", "maquina", "learn"] {
                lines.push(format!("{verb} {} {key}={huge}", info.key));
            }
        }
        lines.push(format!("challenge @bo {} {huge}=1", info.key));
        lines.push(format!("challenge @bo {} {huge}", info.key));
    }
    // A game in play, for the commands about one.
    h.say("general", "ana", "challenge @bo chess");
    h.say("general", "bo", "accept");
    let mut worst = (0, String::new());
    for line in &lines {
        for user in ["ana", "carl"] {
            if let Some(r) = h.say("general", user, line) {
                let n = text_of(&r).len();
                if n > worst.0 {
                    worst = (n, line.chars().take(30).collect());
                }
            }
        }
    }
    assert!(
        worst.0 < 1_500,
        "`{}…` was answered with {} bytes",
        worst.1,
        worst.0
    );
}

fn options() -> ConsoleOptions {
    ConsoleOptions {
        boards_dir: std::env::temp_dir(),
        user: "ana".into(),
        channel: "general".into(),
        interactive: false,
        diagrams: false,
        mode: tablero_app::console::ConsoleMode::Addressed,
    }
}

#[test]
fn the_console_answers_a_line_that_is_not_utf8_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let input: &[u8] = b"help\xff\xfe\nchallenge @bo breakthrough\n";
    let mut out = Vec::new();
    console::run(h.app(), input, &mut out, &options()).unwrap();
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("challenge"), "{out}");
    assert_eq!(
        h.app()
            .store()
            .channel_challenges(&ChannelKey::new(Platform::Console, "general"))
            .unwrap()
            .len(),
        1,
        "{out}"
    );
}

/// Random bytes: mostly command words, digits, spaces and moves, with
/// arbitrary bytes (invalid UTF-8, controls, NUL) mixed in.
fn random_line(rng: &mut SplitMix64) -> Vec<u8> {
    const WORDS: &[&str] = &[
        "challenge ",
        "accept ",
        "play ",
        "move ",
        "@bo ",
        "#1 ",
        "chess ",
        "breakthrough ",
        "e2e4 ",
        "a2-a3 ",
        "level=5 ",
        "time=1h ",
        "replay ",
        "export ",
        "stats ",
        "lang es ",
        "resign ",
        "draw ",
        "takeback ",
        "current ",
        "/as bo\n",
        "\n",
    ];
    let len = rng.below(40) as usize;
    let mut line = Vec::new();
    for _ in 0..len {
        match rng.below(4) {
            0 => line.push(rng.below(256) as u8),
            _ => line.extend_from_slice(WORDS[rng.below(WORDS.len() as u64) as usize].as_bytes()),
        }
    }
    line
}

#[test]
fn random_byte_strings_as_console_input_and_commands_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let mut rng = SplitMix64::new(21);
    let mut input = Vec::new();
    for _ in 0..400 {
        let line = random_line(&mut rng);
        let text = String::from_utf8_lossy(&line);
        // The parser alone, and the app on every platform's path.
        let _ = tablero_app::read(&text);
        let _ = h.app().handle(&message(
            User {
                id: "7".into(),
                name: text.to_string(),
            },
            &text,
            Vec::new(),
        ));
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    let mut out = Vec::new();
    console::run(h.app(), input.as_slice(), &mut out, &options()).unwrap();
    // Still answering.
    assert!(h.say("general", "ana", "help").is_some());
}

#[test]
fn a_finished_game_that_does_not_replay_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "challenge @bo breakthrough");
    h.say("general", "bo", "accept");
    let _ = h.say("general", "ana", "resign");
    h.say("general", "ana", "resign yes");
    let ch = ChannelKey::new(Platform::Console, "general");
    let store = h.app().store();
    let mut doc = store.game(&ch, 1, false).unwrap().expect("finished");
    doc.record = "breakthrough: a2-a3 a2-a3".into();
    let key = tablero_store::Store::raw_game_key(&ch, 1).replacen('g', "f", 1);
    store
        .put_raw(&key, &serde_json::to_vec(&doc).unwrap())
        .unwrap();
    let r = h.say("general", "ana", "replay 1").unwrap();
    assert!(r.error, "{}", text_of(&r));
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert!(store.game(&ch, 1, false).unwrap().is_none());
}

#[test]
fn stats_say_when_a_record_of_them_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "ana", "challenge @bo breakthrough");
    h.say("general", "bo", "accept");
    let _ = h.say("general", "ana", "resign");
    h.say("general", "ana", "resign yes");
    h.app()
        .store()
        .put_raw("s\u{1f}console\u{1f}ana\u{1f}chess", b"{broken")
        .unwrap();
    let text = text_of(&h.say("general", "ana", "stats").unwrap());
    assert!(text.contains("could not be read"), "{text}");
    assert!(text.contains("Breakthrough"), "{text}");
}
