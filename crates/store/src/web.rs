//! What the web front-end keeps: the secret its page addresses are made
//! with, which address leads to which game or player, and which channels
//! list their games on the web. Key layout (prefix `w`):
//!
//! | key | value |
//! |---|---|
//! | `w`, `s` | [`WebSecretDoc`]: the key of the page addresses |
//! | `w`, `t`, token | [`WebLinkDoc`]: the game or player a page address names |
//! | `w`, `l`, platform, channel | [`ListingDoc`]: the channel's games are listed |
//!
//! A listing's change bumps its channel's version, so a page listing the
//! channel's games hears of it as of a move.

use serde::{Deserialize, Serialize};

use crate::keys::key;
use crate::*;

/// The secret a store's web addresses are derived from, made once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSecretDoc {
    pub version: u32,
    /// 32 random bytes, as hex.
    pub secret: String,
}

/// What a page address names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WebLink {
    /// A game of a channel (ongoing or finished).
    Game { channel: ChannelKey, id: u64 },
    /// A player of a platform.
    Player { platform: Platform, user: String },
}

/// A page address and what it names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebLinkDoc {
    pub version: u32,
    pub link: WebLink,
}

/// A channel whose games the web lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListingDoc {
    pub version: u32,
    /// The chat or server the channel belongs to (whose leaderboard its
    /// rated games count in); `None`: the channel itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
}

fn secret_key() -> Vec<u8> {
    key(&["w", "s"])
}

fn link_key(token: &str) -> Vec<u8> {
    key(&["w", "t", token])
}

fn listing_key(ch: &ChannelKey) -> Vec<u8> {
    key(&["w", "l", ch.platform.as_str(), &ch.channel])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Store {
    /// The store's web secret, made (from the system's random source) and
    /// stored the first time it is asked for. Processes sharing a database
    /// agree on it: it is made under the stats lock and read again there.
    pub fn web_secret(&self) -> Result<String> {
        if let Some(doc) = self.get::<WebSecretDoc>(&secret_key())? {
            return Ok(doc.secret);
        }
        let _lock = self.lock_stats()?;
        if let Some(doc) = self.get::<WebSecretDoc>(&secret_key())? {
            return Ok(doc.secret);
        }
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| StoreError::Db(kv::DbError::msg(format!("no random source: {e}"))))?;
        let doc = WebSecretDoc {
            version: VERSION,
            secret: hex(&bytes),
        };
        let mut b = kv::KvBatch::default();
        b.insert(secret_key(), encode(&doc));
        self.apply(b)?;
        Ok(doc.secret)
    }

    /// What page address `token` names, if any.
    pub fn web_link(&self, token: &str) -> Result<Option<WebLink>> {
        if token.is_empty() || token.contains(SEP) {
            return Ok(None);
        }
        Ok(self.get::<WebLinkDoc>(&link_key(token))?.map(|d| d.link))
    }

    /// Records that `token` names `link` (idempotent: the caller derives
    /// the token from the link, so writing it twice writes the same).
    pub fn put_web_link(&self, token: &str, link: &WebLink) -> Result<()> {
        let mut b = kv::KvBatch::default();
        b.insert(
            link_key(token),
            encode(&WebLinkDoc {
                version: VERSION,
                link: link.clone(),
            }),
        );
        self.apply(b)
    }

    /// Whether `ch`'s games are listed on the web, and how.
    pub fn listing(&self, ch: &ChannelKey) -> Result<Option<ListingDoc>> {
        self.get(&listing_key(ch))
    }

    /// Every channel whose games are listed on the web (unreadable
    /// listings quarantined and left out).
    pub fn listed_channels(&self) -> Result<Vec<(ChannelKey, ListingDoc)>> {
        let p = key(&["w", "l", ""]);
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(&p) {
            let (k, v) = kv?;
            let rest = String::from_utf8_lossy(&k[p.len()..]).into_owned();
            let Some((platform, channel)) = rest.split_once(SEP) else {
                continue;
            };
            let platform = match platform {
                "console" => Platform::Console,
                "discord" => Platform::Discord,
                "telegram" => Platform::Telegram,
                _ => continue,
            };
            // An unreadable one is quarantined by `decode`; `store check`
            // reports it.
            if let Ok(doc) = self.decode::<ListingDoc>(&k, &v) {
                out.push((
                    ChannelKey {
                        platform,
                        channel: channel.to_string(),
                    },
                    doc,
                ));
            }
        }
        Ok(out)
    }
}

impl Batch {
    /// Lists `ch`'s games on the web (`Some`) or stops listing them.
    /// Bumps the channel's version.
    pub fn put_listing(&mut self, ch: &ChannelKey, doc: Option<&ListingDoc>) {
        match doc {
            Some(d) => self.insert(listing_key(ch), encode(d)),
            None => self.remove(listing_key(ch)),
        }
        self.batch
            .channels
            .insert(key(&[ch.platform.as_str(), &ch.channel]));
    }
}
