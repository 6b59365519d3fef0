//! Telegram messages to the app's [`Incoming`]: pure, tested without a
//! network.

use tablero_app::{ChannelKey, Incoming, User};
use teloxide::types::{Message, MessageEntityKind};

/// The platform name of Telegram chats and users in the store.
pub const PLATFORM: tablero_app::Platform = tablero_app::Platform::Telegram;

/// The app's user for a Telegram user: the id, and the `@username` when
/// there is one (so `@name` finds them), else the full name.
#[must_use]
pub fn user_ref(u: &teloxide::types::User) -> User {
    User {
        id: u.id.0.to_string(),
        name: u.username.clone().unwrap_or_else(|| u.full_name()),
    }
}

/// The app's channel for a chat.
#[must_use]
pub fn channel(chat: teloxide::types::ChatId) -> ChannelKey {
    ChannelKey::new(PLATFORM, chat.0.to_string())
}

/// Translates a message. `bot` is the bot's username. `None` for messages
/// the bot ignores: from bots, without text, or commands addressed to
/// another bot (`/move@OtherBot`).
///
/// A command (`/move d4`, `/move@TableroBot d4`, `@TableroBot move d4`) is
/// addressed to the bot; so is every message of a private chat. Other
/// group messages are not: the app only takes them as moves. A text
/// mention (a user without a username, picked from the member list)
/// becomes `<@ID>` with the user in [`Incoming::mentions`].
#[must_use]
pub fn incoming(msg: &Message, bot: &str) -> Option<Incoming> {
    let from = msg.from.as_ref().filter(|u| !u.is_bot)?;
    let raw = msg.text()?;
    let mut text = raw.to_string();
    let mut mentions = Vec::new();
    let mut spans: Vec<_> = msg
        .parse_entities()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|e| match e.kind() {
            MessageEntityKind::TextMention { user } => Some((e.range(), user_ref(user))),
            _ => None,
        })
        .collect();
    // From the end, so earlier ranges stay valid.
    spans.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    for (range, user) in spans {
        if text.get(range.clone()).is_some() {
            text.replace_range(range, &format!("<@{}>", user.id));
            mentions.insert(0, user);
        }
    }
    let private = msg.chat.is_private();
    let (text, addressed) = address(text.trim(), bot, private)?;
    // Replying to someone's message with `/challenge GAME` challenges them.
    let reply_to = msg
        .reply_to_message()
        .and_then(|r| r.from.as_ref())
        .filter(|u| !u.is_bot)
        .map(user_ref);
    Some(Incoming {
        channel: channel(msg.chat.id),
        author: user_ref(from),
        text,
        mentions,
        addressed,
        handle: from.username.clone(),
        reply_to,
        community: None,
        direct: private,
        // Telegram does not say on a message; see `handler.rs`.
        manages: false,
        title: msg.chat.title().map(str::to_string),
    })
}

/// Strips the command's `/` and `@bot`, or a leading `@bot` mention, and
/// tells whether the text is addressed to the bot. `None` for a command
/// addressed to another bot.
fn address(text: &str, bot: &str, private: bool) -> Option<(String, bool)> {
    let (first, rest) = match text.split_once(char::is_whitespace) {
        Some((f, r)) => (f, r.trim_start()),
        None => (text, ""),
    };
    let join = |cmd: &str| {
        if rest.is_empty() {
            cmd.to_string()
        } else {
            format!("{cmd} {rest}")
        }
    };
    if let Some(cmd) = first.strip_prefix('/') {
        let (cmd, target) = cmd.split_once('@').unwrap_or((cmd, ""));
        if !target.is_empty() && !target.eq_ignore_ascii_case(bot) {
            return None;
        }
        if cmd.is_empty() {
            return None;
        }
        // Telegram opens every private chat with `/start`.
        if cmd.eq_ignore_ascii_case("start") {
            return Some(("help".into(), true));
        }
        return Some((join(cmd), true));
    }
    if let Some(name) = first.strip_prefix('@')
        && name.eq_ignore_ascii_case(bot)
    {
        return Some((rest.to_string(), true));
    }
    Some((text.to_string(), private))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message(chat: serde_json::Value, text: &str, entities: serde_json::Value) -> Message {
        serde_json::from_value(json!({
            "message_id": 10,
            "date": 1_700_000_000,
            "chat": chat,
            "from": {"id": 7, "is_bot": false, "first_name": "Ana", "username": "ana"},
            "text": text,
            "entities": entities,
        }))
        .unwrap()
    }

    fn group() -> serde_json::Value {
        json!({"id": -100, "type": "supergroup", "title": "Club"})
    }

    fn private() -> serde_json::Value {
        json!({"id": 7, "type": "private", "first_name": "Ana"})
    }

    #[test]
    fn commands_and_plain_messages() {
        let cases = [
            (group(), "/move d4-d5-e6", Some(("move d4-d5-e6", true))),
            (group(), "/move@TableroBot  d4", Some(("move d4", true))),
            (group(), "/MOVE@tablerobot d4", Some(("MOVE d4", true))),
            (group(), "/move@OtherBot d4", None),
            (group(), "@TableroBot board", Some(("board", true))),
            (group(), "d4-d5", Some(("d4-d5", false))),
            (group(), "/start", Some(("help", true))),
            (group(), "/", None),
            (private(), "help", Some(("help", true))),
            (private(), "/start payload", Some(("help", true))),
            (private(), "a2-a3", Some(("a2-a3", true))),
        ];
        for (chat, text, want) in cases {
            let got = incoming(&message(chat, text, json!([])), "TableroBot");
            let got = got.as_ref().map(|i| (i.text.as_str(), i.addressed));
            assert_eq!(got, want, "{text}");
        }
        let m = incoming(&message(group(), "/help", json!([])), "TableroBot").unwrap();
        assert_eq!(m.channel, ChannelKey::new(PLATFORM, "-100"));
        assert_eq!(
            m.author,
            User {
                id: "7".into(),
                name: "ana".into()
            }
        );
    }

    #[test]
    fn text_mentions_become_ids() {
        // "Bé Ñu" has no username; offsets count UTF-16 units.
        let text = "/challenge Bé Ñu breakthrough";
        let m = message(
            group(),
            text,
            json!([
                {"type": "bot_command", "offset": 0, "length": 10},
                {"type": "text_mention", "offset": 11, "length": 5,
                 "user": {"id": 42, "is_bot": false, "first_name": "Bé", "last_name": "Ñu"}},
            ]),
        );
        let i = incoming(&m, "TableroBot").unwrap();
        assert_eq!(i.text, "challenge <@42> breakthrough");
        assert_eq!(
            i.mentions,
            [User {
                id: "42".into(),
                name: "Bé Ñu".into()
            }]
        );
    }

    #[test]
    fn bots_and_non_text_are_ignored() {
        let mut m = message(group(), "/help", json!([]));
        m.from.as_mut().unwrap().is_bot = true;
        assert_eq!(incoming(&m, "TableroBot"), None);
        let photo: Message = serde_json::from_value(json!({
            "message_id": 11, "date": 1_700_000_000, "chat": group(),
            "from": {"id": 7, "is_bot": false, "first_name": "Ana"},
            "photo": [{"file_id": "x", "file_unique_id": "y", "width": 1, "height": 1}],
        }))
        .unwrap();
        assert_eq!(incoming(&photo, "TableroBot"), None);
    }
}
