//! Serde for the rules core's vocabulary, written by its stable keys, so
//! the rules crate stays free of dependencies: a side is `"first"` or
//! `"second"`, a language `"en"` or `"es"`, a game its key (`"chess"`), an
//! end reason its key (`"checkmate"`). An unknown key fails to decode, and
//! the record is quarantined like any other unreadable one.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};
use tablero_rules::{EndReason, GameId, Lang, Side};

/// A value written as a short stable key.
pub trait Keyed: Sized + Copy {
    /// What the value is, for error messages.
    const WHAT: &'static str;
    fn key(self) -> &'static str;
    fn from_key(key: &str) -> Option<Self>;
}

impl Keyed for Side {
    const WHAT: &'static str = "side";
    fn key(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }
    fn from_key(key: &str) -> Option<Side> {
        match key {
            "first" => Some(Side::First),
            "second" => Some(Side::Second),
            _ => None,
        }
    }
}

impl Keyed for Lang {
    const WHAT: &'static str = "language";
    fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }
    fn from_key(key: &str) -> Option<Lang> {
        match key {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }
}

impl Keyed for GameId {
    const WHAT: &'static str = "game";
    fn key(self) -> &'static str {
        GameId::key(self)
    }
    fn from_key(key: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.key() == key)
    }
}

impl Keyed for EndReason {
    const WHAT: &'static str = "end reason";
    fn key(self) -> &'static str {
        EndReason::key(self)
    }
    fn from_key(key: &str) -> Option<EndReason> {
        EndReason::from_key(key)
    }
}

fn parse<'de, D: Deserializer<'de>, T: Keyed>(s: &str) -> Result<T, D::Error> {
    T::from_key(s).ok_or_else(|| D::Error::custom(format!("unknown {} `{s}`", T::WHAT)))
}

/// `#[serde(with = "keyed")]` for a [`Keyed`] field.
pub fn serialize<S: Serializer, T: Keyed>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.key())
}

/// `#[serde(with = "keyed")]` for a [`Keyed`] field.
pub fn deserialize<'de, D: Deserializer<'de>, T: Keyed>(d: D) -> Result<T, D::Error> {
    let s = String::deserialize(d)?;
    parse::<D, T>(&s)
}

/// `#[serde(with = "keyed::opt")]` for an optional [`Keyed`] field.
pub mod opt {
    use super::*;

    pub fn serialize<S: Serializer, T: Keyed>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.serialize_some(v.key()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Keyed>(d: D) -> Result<Option<T>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(s) => parse::<D, T>(&s).map(Some),
            None => Ok(None),
        }
    }
}
