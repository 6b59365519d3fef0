//! Who and where: users, platforms and channels. The store keys its
//! records by them and the app names players and chats with them, so they
//! live here, below both, rather than in either: the app's API does not
//! depend on the store's, and the store reads them with the same serde
//! format it always wrote (field and variant names are the on-disk ones).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The byte that joins the fields of a store key. A channel id never holds
/// it ([`ChannelKey::new`] replaces it), so keys split back unambiguously.
pub const SEP: char = '\x1f';

/// A user as a platform names them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserRef {
    pub id: String,
    pub name: String,
}

/// The chat platforms Tablero runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Console,
    Discord,
    Telegram,
}

impl Platform {
    /// The name used in keys and logs.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Discord => "discord",
            Platform::Telegram => "telegram",
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a game lives: a channel of a platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey {
    pub platform: Platform,
    pub channel: String,
}

impl ChannelKey {
    pub fn new(platform: Platform, channel: impl Into<String>) -> ChannelKey {
        ChannelKey {
            platform,
            channel: clean(channel.into()),
        }
    }
}

/// Ids must not contain the key separator; it never occurs in real ids.
fn clean(s: String) -> String {
    if s.contains(SEP) {
        s.replace(SEP, "_")
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_keep_the_stores_json() {
        // The store writes these inside its documents: the format must stay
        // what existing stores hold.
        let u = UserRef {
            id: "42".into(),
            name: "Ana".into(),
        };
        assert_eq!(
            serde_json::to_string(&u).unwrap(),
            r#"{"id":"42","name":"Ana"}"#
        );
        let ch = ChannelKey::new(Platform::Telegram, "-100");
        assert_eq!(
            serde_json::to_string(&ch).unwrap(),
            r#"{"platform":"telegram","channel":"-100"}"#
        );
        let back: ChannelKey =
            serde_json::from_str(r#"{"platform":"discord","channel":"7"}"#).unwrap();
        assert_eq!(back, ChannelKey::new(Platform::Discord, "7"));
        assert_eq!(Platform::Console.to_string(), "console");
    }

    #[test]
    fn a_channel_id_never_holds_the_key_separator() {
        let ch = ChannelKey::new(Platform::Console, "a\x1fb");
        assert_eq!(ch.channel, "a_b");
    }
}
