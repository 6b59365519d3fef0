//! The conversation corpus: `tests/conversations/*.txt` are group chats as
//! people type them (chatter, typos, half moves, commands copied back from
//! the bot, both languages, several games per player), each line followed
//! by what must happen (the format is at the top of each file). Every file
//! runs twice:
//!
//! - through the console front-end (`console::incoming`: every line is
//!   spoken to the bot);
//! - through the Telegram adapter's own translation of a group message
//!   (`tablero_telegram::incoming::incoming` on a real Bot API message),
//!   with its production default: a `/command` is addressed to the bot,
//!   anything else is chat;
//! - through the Discord adapter's translation of a server channel's
//!   message (`tablero_discord::presses::incoming` on a real gateway
//!   message) with `message_moves` on — the only way a Discord server
//!   takes moves as plain messages; by default Discord servers play
//!   through slash commands, which `suggested.rs` and the Discord e2e
//!   cover — and a `/command` line as the slash command's text (options
//!   in order, users as `<@id>` with the users resolved).
//!
//! What a line did is read from the store: every game's record before and
//! after, so "nothing changed" means nothing changed.

use std::path::Path;

use serde_json::json;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Incoming, Reply};
use tablero_store::Store;

/// Where a corpus runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Console,
    TelegramGroup,
    DiscordChannel,
}

const GUILD: u64 = 4242;
const DISCORD_CHANNEL: u64 = 5151;

const GROUP: i64 = -1001;

fn telegram_id(name: &str) -> i64 {
    // Stable small ids per name.
    name.bytes()
        .fold(7i64, |h, b| (h * 31 + i64::from(b)) % 1_000_000)
}

fn incoming(mode: Mode, user: &str, text: &str) -> Option<Incoming> {
    match mode {
        Mode::Console => Some(tablero_app::console::incoming(user, "general", text)),
        Mode::TelegramGroup => {
            let msg: teloxide::types::Message = serde_json::from_value(json!({
                "message_id": 1,
                "date": 1_700_000_000,
                "chat": {"id": GROUP, "type": "supergroup", "title": "Club"},
                "from": {"id": telegram_id(user), "is_bot": false, "first_name": user, "username": user},
                "text": text,
            }))
            .unwrap();
            tablero_telegram::incoming::incoming(&msg, "TableroBot")
        }
        Mode::DiscordChannel => {
            let person = |name: &str| tablero_app::User {
                id: telegram_id(name).to_string(),
                name: name.to_string(),
            };
            if let Some(cmd) = text.strip_prefix('/') {
                // A slash command: its options as text, users resolved.
                let mut mentions = Vec::new();
                let words: Vec<String> = cmd
                    .split_whitespace()
                    .map(|w| match w.strip_prefix('@') {
                        Some(name) if !name.is_empty() => {
                            let u = person(name);
                            let id = format!("<@{}>", u.id);
                            mentions.push(u);
                            id
                        }
                        _ => w.to_string(),
                    })
                    .collect();
                return Some(Incoming {
                    channel: channel(mode),
                    author: person(user),
                    text: words.join(" "),
                    mentions,
                    addressed: true,
                    handle: Some(user.to_string()),
                    reply_to: None,
                    community: Some(GUILD.to_string()),
                    direct: false,
                    title: None,
                });
            }
            let author = json!({"id": telegram_id(user).to_string(), "username": user, "global_name": user, "avatar": null});
            let msg: serenity::all::Message = serde_json::from_value(json!({
                "id": "777", "channel_id": DISCORD_CHANNEL.to_string(), "guild_id": GUILD.to_string(),
                "author": author,
                "member": {"roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false, "flags": 0},
                "content": text, "timestamp": "2024-01-01T00:00:00.000000+00:00",
                "edited_timestamp": null, "tts": false, "mention_everyone": false,
                "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                "pinned": false, "type": 0
            }))
            .unwrap();
            tablero_discord::presses::incoming(&msg)
        }
    }
}

fn channel(mode: Mode) -> ChannelKey {
    match mode {
        Mode::Console => ChannelKey::new(tablero_app::Platform::Console, "general"),
        Mode::TelegramGroup => ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string()),
        Mode::DiscordChannel => {
            ChannelKey::new(tablero_app::Platform::Discord, DISCORD_CHANNEL.to_string())
        }
    }
}

/// Every game of the channel, ongoing or finished: number → (moves, over).
fn games(store: &Store, ch: &ChannelKey) -> Vec<(u64, Vec<String>, bool)> {
    let mut out = Vec::new();
    for id in 1..store.next_id(ch).unwrap() {
        for ongoing in [true, false] {
            if let Some(doc) = store.game(ch, id, ongoing).unwrap() {
                let rec: tablero_rules::GameRecord = doc.record.parse().unwrap();
                out.push((id, rec.moves, !ongoing));
            }
        }
    }
    out
}

/// What a line must do.
#[derive(Debug)]
enum Want {
    Ok,
    Starts(u64),
    Played(u64, Vec<String>),
    Nothing,
    Silent,
    Asks,
    Says(String),
}

fn want(line: &str) -> Want {
    let w = line.trim_start_matches("= ").trim();
    let (head, rest) = w.split_once(' ').unwrap_or((w, ""));
    match head {
        "ok" => Want::Ok,
        "nothing" => Want::Nothing,
        "silent" => Want::Silent,
        "asks" => Want::Asks,
        "says" => Want::Says(rest.to_string()),
        "starts" => Want::Starts(rest.trim_start_matches('#').parse().unwrap()),
        "played" => {
            let mut words = rest.split_whitespace();
            let id = words
                .next()
                .unwrap()
                .trim_start_matches('#')
                .parse()
                .unwrap();
            Want::Played(id, words.map(str::to_string).collect())
        }
        _ => panic!("unknown expectation {line:?}"),
    }
}

/// Runs one corpus file; returns the failures.
fn run(text: &str, mode: Mode) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    // As the Telegram front-end does at start: the bot learns who it is.
    for platform in [
        tablero_app::Platform::Telegram,
        tablero_app::Platform::Discord,
    ] {
        h.app().set_bot_user(
            platform,
            tablero_app::User {
                id: "999".into(),
                name: "TableroBot".into(),
            },
        );
    }
    let ch = channel(mode);
    let mut failures = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    let mut exchanges = 0;
    while let Some((n, line)) = lines.next() {
        if line.starts_with("//") || line.trim().is_empty() {
            continue;
        }
        let Some((user, said)) = line.split_once("> ") else {
            failures.push(format!("line {}: not a message: {line}", n + 1));
            continue;
        };
        let Some((_, expect)) = lines.next_if(|(_, l)| l.starts_with("= ")) else {
            failures.push(format!("line {}: no expectation", n + 1));
            continue;
        };
        exchanges += 1;
        let want = want(expect);
        let before = games(h.app().store(), &ch);
        let reply: Option<Reply> = incoming(mode, user, said).and_then(|m| h.app().handle(&m));
        h.app().wait_bots(std::time::Duration::from_secs(60));
        let after = games(h.app().store(), &ch);
        let shown = reply
            .as_ref()
            .map_or("(no answer)".to_string(), Reply::plain_text);
        let changed: Vec<(u64, Vec<String>)> = after
            .iter()
            .filter(|g| !before.contains(g))
            .map(|(id, moves, _)| {
                let old = before.iter().find(|b| b.0 == *id).map_or(0, |b| b.1.len());
                (*id, moves.get(old..).unwrap_or_default().to_vec())
            })
            .collect();
        let error = reply.as_ref().is_some_and(|r| r.error);
        let ok = match &want {
            Want::Ok => reply.is_some() && !error,
            Want::Starts(id) => {
                changed.len() == 1 && changed[0].0 == *id && !before.iter().any(|b| b.0 == *id)
            }
            // The bot's answer may follow in a game against it.
            Want::Played(id, moves) => {
                changed.len() == 1 && changed[0].0 == *id && changed[0].1.starts_with(moves)
            }
            Want::Nothing => changed.is_empty(),
            Want::Silent => changed.is_empty() && (mode == Mode::Console || reply.is_none()),
            Want::Asks => {
                changed.is_empty() && reply.as_ref().is_some_and(|r| !r.suggestions.is_empty())
            }
            Want::Says(s) => {
                changed.is_empty()
                    && reply
                        .as_ref()
                        .is_some_and(|r| r.plain_text().to_lowercase().contains(&s.to_lowercase()))
            }
        };
        if !ok {
            failures.push(format!(
                "line {} ({mode:?}) {user}> {said}\n    want {want:?}\n    changed {changed:?}\n    answer {shown}",
                n + 1
            ));
        }
    }
    assert!(exchanges > 0);
    failures
}

#[test]
fn the_conversation_corpus_in_the_console_a_telegram_group_and_a_discord_channel() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conversations");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut total = 0;
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        total += text.lines().filter(|l| l.starts_with("= ")).count();
        for mode in [Mode::Console, Mode::TelegramGroup, Mode::DiscordChannel] {
            for fail in run(&text, mode) {
                failures.push(format!("{}: {fail}", f.display()));
            }
        }
    }
    assert!(
        total >= 80,
        "the corpus has {total} exchanges, fewer than 80"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
