//! What comes in from a chat and what goes back, independent of platform.

use tablero_rules::{Lang, Msg};
pub use tablero_store::{ChannelKey, UserRef as User};

/// A message from a user in a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub channel: ChannelKey,
    pub author: User,
    /// The text, command prefix removed by the adapter (`/move e4` may keep
    /// its `/`: it is ignored).
    pub text: String,
    /// The users the message mentions, in order, as the platform resolved
    /// them; `@name` words without an entry here are looked up by name.
    pub mentions: Vec<User>,
    /// Whether the message was addressed to the bot (a command). A plain
    /// chat message is only ever taken as a move, and otherwise ignored.
    pub addressed: bool,
}

/// The moves of one piece, for "pick a piece, then a move" menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceGroup {
    /// The cell the piece leaves (`e2`), `None` for placements and choices.
    pub origin: Option<String>,
    /// Canonical move texts.
    pub moves: Vec<String>,
}

/// The bot's answer, for adapters to translate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text in both languages. A user to mention appears as `<@ID>`;
    /// adapters replace it with the platform's mention (see
    /// [`Reply::text_with`]).
    pub text: Msg,
    /// The language to show, chosen for the reader.
    pub lang: Lang,
    /// A PNG of the board, when the reply shows a position.
    pub image: Option<Vec<u8>>,
    /// A plain-text drawing of that board, for text-only front-ends.
    pub diagram: Option<String>,
    /// The users to notify.
    pub mentions: Vec<User>,
    /// The legal moves of the player to move, grouped by origin, when the
    /// reply shows a position with a player to move.
    pub choices: Vec<ChoiceGroup>,
    /// Whether this reply reports an error (nothing changed).
    pub error: bool,
    /// The game shown and its number of moves, when there is an image.
    pub game: Option<(u64, usize)>,
}

impl Reply {
    /// A plain reply.
    #[must_use]
    pub fn new(text: Msg, lang: Lang) -> Reply {
        Reply {
            text,
            lang,
            image: None,
            diagram: None,
            mentions: Vec::new(),
            choices: Vec::new(),
            error: false,
            game: None,
        }
    }

    /// An error reply.
    #[must_use]
    pub fn error(text: Msg, lang: Lang) -> Reply {
        Reply {
            error: true,
            ..Reply::new(text, lang)
        }
    }

    /// The text in `lang` with each `<@ID>` replaced by `mention(user)`.
    pub fn text_with(&self, lang: Lang, mention: impl Fn(&User) -> String) -> String {
        let mut s = self.text.get(lang).to_string();
        for u in &self.mentions {
            s = s.replace(&format!("<@{}>", u.id), &mention(u));
        }
        s
    }

    /// The text in its own language, mentions written `@name`.
    #[must_use]
    pub fn plain_text(&self) -> String {
        self.text_with(self.lang, |u| format!("@{}", u.name))
    }
}

/// A message the bot sends on its own (reminders, timeouts, expiries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub channel: ChannelKey,
    pub reply: Reply,
}
