//! Who and where: users, platforms and channels as the store keys them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::SEP;

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
pub(crate) fn clean(s: String) -> String {
    if s.contains(SEP) {
        s.replace(SEP, "_")
    } else {
        s
    }
}
