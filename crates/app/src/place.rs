//! Games named from another chat.
//!
//! A game's number (`#7`) is its channel's: two chats can each have a
//! `#7`. From a direct chat with the bot (or any other chat) a player names
//! one of their games elsewhere by its channel's [`Place`], three letters
//! derived from the channel, before the number: `board #kqa7`. The code is
//! stable (it is computed, never stored), short enough to type on a phone,
//! and never mistaken for a move: moves never start with `#`.

use std::fmt;

use tablero_ids::ChannelKey;

/// The short code of a channel, as references from another chat write it:
/// three lowercase letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place([u8; 3]);

impl Place {
    /// The code of `ch`: FNV-1a of its platform and id, in base 26.
    #[must_use]
    pub fn of(ch: &ChannelKey) -> Place {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in ch
            .platform
            .as_str()
            .bytes()
            .chain([b'/'])
            .chain(ch.channel.bytes())
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let mut code = [0; 3];
        for c in &mut code {
            *c = b'a' + (h % 26) as u8;
            h /= 26;
        }
        Place(code)
    }

    /// A code as typed: three ASCII letters, any case.
    #[must_use]
    pub fn parse(s: &str) -> Option<Place> {
        let b: [u8; 3] = s.as_bytes().try_into().ok()?;
        b.iter()
            .all(u8::is_ascii_alphabetic)
            .then(|| Place(b.map(|c| c.to_ascii_lowercase())))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        // Always three ASCII letters.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game as a reference names it: its number, and its channel's place
/// when it is in another chat. Written `kqa7` (after a `#` in commands),
/// or `7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameAt {
    pub place: Option<Place>,
    pub id: u64,
}

impl GameAt {
    /// Game `id` of the chat the reference is used in.
    #[must_use]
    pub fn here(id: u64) -> GameAt {
        GameAt { place: None, id }
    }

    /// Reads `kqa7`, `#kqa7`, `7` or `#7`.
    #[must_use]
    pub fn parse(word: &str) -> Option<GameAt> {
        let w = word.strip_prefix('#').unwrap_or(word);
        let digits = w.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let letters = &w[..w.len() - digits.len()];
        if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let place = match letters {
            "" => None,
            l => Some(Place::parse(l)?),
        };
        Some(GameAt {
            place,
            id: digits.parse().ok()?,
        })
    }
}

impl From<u64> for GameAt {
    fn from(id: u64) -> GameAt {
        GameAt::here(id)
    }
}

impl fmt::Display for GameAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Some(p) => write!(f, "{p}{}", self.id),
            None => write!(f, "{}", self.id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::Platform;

    #[test]
    fn places_are_three_letters_stable_and_spread() {
        let a = ChannelKey::new(Platform::Telegram, "-1001234567890");
        assert_eq!(Place::of(&a), Place::of(&a.clone()));
        assert_eq!(Place::of(&a).as_str().len(), 3);
        assert!(
            Place::of(&a)
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase())
        );
        // The same id on another platform is another channel.
        let b = ChannelKey::new(Platform::Discord, "-1001234567890");
        assert_ne!(Place::of(&a), Place::of(&b));
        // A thousand channels: codes rarely meet (a user has a handful of
        // channels; a meeting is asked about, never guessed).
        let mut seen = std::collections::HashSet::new();
        for i in 0..1000 {
            seen.insert(Place::of(&ChannelKey::new(
                Platform::Telegram,
                format!("-100{i}"),
            )));
        }
        assert!(seen.len() > 970, "{} distinct codes of 1000", seen.len());
    }

    #[test]
    fn references_read_and_write_back() {
        let p = Place::parse("KQA").expect("three letters");
        assert_eq!(p.as_str(), "kqa");
        for (word, want) in [
            (
                "#kqa7",
                Some(GameAt {
                    place: Some(p),
                    id: 7,
                }),
            ),
            (
                "kqa12",
                Some(GameAt {
                    place: Some(p),
                    id: 12,
                }),
            ),
            ("#7", Some(GameAt::here(7))),
            ("7", Some(GameAt::here(7))),
            // Not references: two or four letters, no number, a move.
            ("#kq7", None),
            ("#kqab7", None),
            ("#kqa", None),
            ("e4", None),
            ("nxe7x", None),
            ("#", None),
            ("#kqa7x", None),
        ] {
            assert_eq!(GameAt::parse(word), want, "{word}");
        }
        let g = GameAt {
            place: Some(p),
            id: 7,
        };
        assert_eq!(g.to_string(), "kqa7");
        assert_eq!(GameAt::parse(&g.to_string()), Some(g));
        assert_eq!(GameAt::here(3).to_string(), "3");
    }
}
