//! The conversation corpus: `tests/conversations/*.txt` are group chats as
//! people type them (chatter, typos, half moves, commands copied back from
//! the bot, both languages, several games per player), each line followed
//! by what must happen (the format is at the top of each file). Every file
//! runs twice:
//!
//! - through the console front-end (`console::incoming`: every line is
//!   spoken to the bot);
//! - through the console in group mode (`console::group_incoming`: a line
//!   is for the bot when it starts with `/`, mentions `@tablero` or starts
//!   with `>`, as in a Telegram group; anything else is chat);
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
//! The Telegram e2e (`the_conversation_corpus_through_a_fake_telegram_group`)
//! runs the same files through the fake Telegram server, answers read from
//! what the bot sent. The format and the judge are `tablero_app::corpus`.
//!
//! What a line did is read from the store: every game's record before and
//! after, so "nothing changed" means nothing changed.

use std::path::Path;

use serde_json::json;
use tablero_app::corpus;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Incoming, Reply};

/// Where a corpus runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Console,
    ConsoleGroup,
    TelegramGroup,
    DiscordChannel,
    /// Commands in the group, bare text in the sender's direct chat with
    /// the bot (`/dm`), where it is read against their games in every
    /// chat: the same understanding must give the same outcome.
    ConsoleDirect,
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
        Mode::ConsoleDirect if text.starts_with('/') => {
            Some(tablero_app::console::incoming(user, "general", text))
        }
        Mode::ConsoleDirect => Some(tablero_app::console::direct_incoming(user, text)),
        Mode::ConsoleGroup => Some(tablero_app::console::group_incoming(user, "general", text)),
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
                    manages: false,
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
        Mode::Console | Mode::ConsoleGroup | Mode::ConsoleDirect => {
            ChannelKey::new(tablero_app::Platform::Console, "general")
        }
        Mode::TelegramGroup => ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string()),
        Mode::DiscordChannel => {
            ChannelKey::new(tablero_app::Platform::Discord, DISCORD_CHANNEL.to_string())
        }
    }
}

/// Runs one corpus file; returns the failures.
fn run(text: &str, mode: Mode) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    // As the front-ends do at start: the bot learns who it is.
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
    let exchanges = match corpus::exchanges(text) {
        Ok(x) => x,
        Err(e) => return vec![e],
    };
    assert!(!exchanges.is_empty());
    let mut failures = Vec::new();
    for x in &exchanges {
        assert!(x.chat.is_none(), "line {}: one chat only here", x.line);
        let before = corpus::games(h.app().store(), &ch);
        let reply: Option<Reply> =
            incoming(mode, &x.user, &x.said).and_then(|m| h.app().handle(&m));
        h.app().wait_bots(std::time::Duration::from_secs(60));
        let after = corpus::games(h.app().store(), &ch);
        let chat_is_silent = !matches!(mode, Mode::Console | Mode::ConsoleDirect);
        judge(
            x,
            "",
            mode,
            (&before, &after),
            reply.as_ref(),
            chat_is_silent,
            &mut failures,
        );
    }
    failures
}

/// Judges what line `x` (typed in chat `chat`, `""` for the corpus's
/// own) did — the games `before` and `after` it, the bot's `reply` —,
/// adding a failure when it is not what it must do.
fn judge(
    x: &corpus::Exchange,
    chat: &str,
    mode: Mode,
    (before, after): (&corpus::Games, &corpus::Games),
    reply: Option<&Reply>,
    chat_is_silent: bool,
    failures: &mut Vec<String>,
) {
    let changed = corpus::changed(before, after);
    let answer = reply.map(|r| corpus::Answer {
        text: r.plain_text(),
        error: r.error,
        offers_moves: !r.suggestions.is_empty(),
    });
    if !corpus::judged(&x.want, before, &changed, answer.as_ref(), chat_is_silent) {
        failures.push(format!(
            "line {} ({mode:?}) {}{chat}> {}\n    want {:?}\n    changed {changed:?}\n    answer {}",
            x.line,
            x.user,
            x.said,
            x.want,
            answer.map_or("(no answer)".into(), |a| a.text)
        ));
    }
}

#[test]
fn the_conversation_corpus_in_the_console_a_console_group_a_telegram_group_and_a_discord_channel() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conversations");
    let files = tablero_app::testkit::text_files(&dir);
    let mut total = 0;
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        total += text.lines().filter(|l| l.starts_with("= ")).count();
        for mode in [
            Mode::Console,
            Mode::ConsoleGroup,
            Mode::TelegramGroup,
            Mode::DiscordChannel,
            Mode::ConsoleDirect,
        ] {
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

/// The console's direct chat (`/dm`): bare text is for the bot, as in a
/// Telegram private chat, and games of the group are within reach.
#[test]
fn the_consoles_direct_chat_takes_bare_text() {
    use tablero_app::console::{direct_incoming, group_incoming};
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let group = channel(Mode::ConsoleGroup);
    // In the group, bare chatter and a bare command are chat: no answer.
    assert!(
        h.app()
            .handle(&group_incoming("alice", "general", "help"))
            .is_none()
    );
    assert!(
        h.app()
            .handle(&group_incoming(
                "alice",
                "general",
                "hi all, anyone up for a game?"
            ))
            .is_none()
    );
    // A command, a mention and a reply are for the bot.
    let r = h
        .app()
        .handle(&group_incoming("alice", "general", "/challenge @bob chess"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let r = h
        .app()
        .handle(&group_incoming("bob", "general", "@tablero accept"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let games = corpus::games(h.app().store(), &group);
    assert_eq!(games.len(), 1, "{games:?}");
    let r = h
        .app()
        .handle(&group_incoming("alice", "general", "> board"))
        .unwrap();
    assert!(!r.error, "{}", r.plain_text());
    // In alice's direct chat, bare text is for the bot: `help` answers,
    // and a move plays in the group's game.
    let dm = direct_incoming("alice", "help");
    assert!(dm.direct && dm.addressed);
    assert_eq!(
        dm.channel,
        ChannelKey::new(tablero_app::Platform::Console, "@alice")
    );
    let r = h.app().handle(&dm).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let before = corpus::games(h.app().store(), &group);
    let r = h.app().handle(&direct_incoming("alice", "e4")).unwrap();
    assert!(!r.error, "{}", r.plain_text());
    let after = corpus::games(h.app().store(), &group);
    assert_eq!(
        corpus::changed(&before, &after).len(),
        1,
        "{}",
        r.plain_text()
    );
}

/// Runs a conversation over several chats (`tests/conversations/chats`)
/// through the console, every line for the bot (`Console`) or as a group
/// reads it (`ConsoleGroup`): `NAME> ` lines in `general`, `NAME@CHAT> `
/// in another group, `NAME@dm> ` in NAME's direct chat with the bot.
fn run_chats(text: &str, mode: Mode) -> Vec<String> {
    use tablero_app::console::{direct_incoming, group_incoming, incoming};
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let main = channel(Mode::Console);
    let exchanges = match corpus::exchanges(text) {
        Ok(x) => x,
        Err(e) => return vec![e],
    };
    let mut others: Vec<(&str, ChannelKey)> = Vec::new();
    for x in &exchanges {
        if let Some(c) = x.chat.as_deref().filter(|c| *c != "dm")
            && !others.iter().any(|(n, _)| *n == c)
        {
            others.push((c, ChannelKey::new(tablero_app::Platform::Console, c)));
        }
    }
    let mut failures = Vec::new();
    for x in &exchanges {
        let chat = x.chat.as_deref().unwrap_or("general");
        let msg = match (chat, mode) {
            ("dm", _) => direct_incoming(&x.user, &x.said),
            (_, Mode::ConsoleGroup) => group_incoming(&x.user, chat, &x.said),
            // Every line is for the bot: `> ` is the group's way to say so.
            _ => incoming(&x.user, chat, x.said.trim_start_matches("> ")),
        };
        let before = corpus::games_in(h.app().store(), &main, &others);
        let reply = h.app().handle(&msg);
        h.app().wait_bots(std::time::Duration::from_secs(60));
        let after = corpus::games_in(h.app().store(), &main, &others);
        let chat_is_silent = mode == Mode::ConsoleGroup && chat != "dm";
        let at = format!("@{chat}");
        judge(
            x,
            &at,
            mode,
            (&before, &after),
            reply.as_ref(),
            chat_is_silent,
            &mut failures,
        );
    }
    failures
}

/// The same understanding in a group and in a direct chat: a player with
/// games in two groups types bare text in their direct chat with the bot
/// and gets what they would get in the game's own group.
#[test]
fn conversations_over_several_chats_and_a_direct_chat() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conversations/chats");
    let mut failures = Vec::new();
    for f in tablero_app::testkit::text_files(&dir) {
        let text = std::fs::read_to_string(&f).unwrap();
        for mode in [Mode::Console, Mode::ConsoleGroup] {
            for fail in run_chats(&text, mode) {
                failures.push(format!("{}: {fail}", f.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
