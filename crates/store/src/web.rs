//! What the web front-end keeps: the secret its page addresses are made
//! with, which address leads to which game or player, and which channels
//! list their games on the web. Key layout (prefix `w`):
//!
//! | key | value |
//! |---|---|
//! | `w`, `s` | [`WebSecretDoc`]: the key of the page addresses |
//! | `w`, `p` | [`WebSecretDoc`]: the key that signs players' links to the interactive board; a new one revokes every link |
//! | `w`, `t`, token | [`WebLinkDoc`]: the game, player or tournament a page address names |
//! | `w`, `l`, platform, channel | [`ListingDoc`]: the channel's games are listed |
//!
//! A listing's change bumps its channel's version, so a page listing the
//! channel's games hears of it as of a move.

use serde::{Deserialize, Serialize};

use crate::keys::{Key, Scan};
use crate::*;

/// The secret a store's web addresses are derived from, made once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSecretDoc {
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
    /// A tournament of a channel.
    Tournament { channel: ChannelKey, id: u64 },
}

/// A page address and what it names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebLinkDoc {
    pub link: WebLink,
}

/// A channel whose games the web lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListingDoc {
    /// The chat or server the channel belongs to (whose leaderboard its
    /// rated games count in); `None`: the channel itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Store {
    /// The store's web secret, made (from the system's random source) and
    /// stored the first time it is asked for. Processes sharing a database
    /// agree on it: it is made under the stats lock and read again there.
    pub fn web_secret(&self) -> Result<String> {
        self.secret(Key::WebSecret)
    }

    /// The key that signs players' links to the interactive board, made
    /// (from the system's random source) the first time it is asked for,
    /// under the stats lock as [`Store::web_secret`]. Read from the store
    /// each time, so a reset in one process holds in every other.
    pub fn play_secret(&self) -> Result<String> {
        self.secret(Key::PlaySecret)
    }

    /// Replaces the play links' key with a new random one: every link
    /// signed so far stops working (`web links reset`).
    pub fn reset_play_secret(&self) -> Result<()> {
        let _lock = self.lock_stats()?;
        self.new_secret(Key::PlaySecret).map(|_| ())
    }

    /// The secret kept under `key` (the web pages' or the play links'),
    /// made the first time it is asked for; under the stats lock, so
    /// processes sharing a database agree on it.
    fn secret(&self, key: Key<'_>) -> Result<String> {
        if let Some(doc) = self.get::<WebSecretDoc>(key)? {
            return Ok(doc.secret);
        }
        let _lock = self.lock_stats()?;
        if let Some(doc) = self.get::<WebSecretDoc>(key)? {
            return Ok(doc.secret);
        }
        self.new_secret(key)
    }

    /// A new random secret under `key`, replacing any before it. The
    /// caller holds the stats lock.
    fn new_secret(&self, key: Key<'_>) -> Result<String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| StoreError::Db(kv::DbError::msg(format!("no random source: {e}"))))?;
        let doc = WebSecretDoc {
            secret: hex(&bytes),
        };
        let mut b = kv::KvBatch::default();
        b.insert(key.encode(), encode_doc(&doc));
        self.apply(b)?;
        Ok(doc.secret)
    }

    /// What page address `token` names, if any.
    pub fn web_link(&self, token: &str) -> Result<Option<WebLink>> {
        if token.is_empty() || token.contains(SEP) {
            return Ok(None);
        }
        Ok(self.get::<WebLinkDoc>(Key::WebLink(token))?.map(|d| d.link))
    }

    /// Records that `token` names `link` (idempotent: the caller derives
    /// the token from the link, so writing it twice writes the same).
    pub fn put_web_link(&self, token: &str, link: &WebLink) -> Result<()> {
        let mut b = kv::KvBatch::default();
        b.insert(
            Key::WebLink(token).encode(),
            encode_doc(&WebLinkDoc { link: link.clone() }),
        );
        self.apply(b)
    }

    /// Whether `ch`'s games are listed on the web, and how.
    pub fn listing(&self, ch: &ChannelKey) -> Result<Option<ListingDoc>> {
        self.get(Key::WebListing(ch.into()))
    }

    /// Every channel whose games are listed on the web (unreadable
    /// listings quarantined and left out).
    pub fn listed_channels(&self) -> Result<Vec<(ChannelKey, ListingDoc)>> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(Scan::WebListings.prefix()) {
            let (k, v) = kv?;
            let Some(Key::WebListing(ch)) = Key::decode(&k) else {
                continue;
            };
            // An unreadable one is quarantined by `decode`; `store check`
            // reports it.
            if let Ok(doc) = self.decode::<ListingDoc>(&k, &v) {
                out.push((ch.owned(), doc));
            }
        }
        Ok(out)
    }
}

impl Batch {
    /// Lists `ch`'s games on the web (`Some`) or stops listing them.
    /// Bumps the channel's version (a listing's key names its channel).
    pub fn put_listing(&mut self, ch: &ChannelKey, doc: Option<&ListingDoc>) {
        match doc {
            Some(d) => self.insert(Key::WebListing(ch.into()), encode_doc(d)),
            None => self.remove(Key::WebListing(ch.into())),
        }
    }
}
