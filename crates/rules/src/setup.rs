//! How a game is started: parameters, and Knight Fight's seed or layout.

use std::collections::BTreeMap;
use std::fmt;

use crate::{SetupError, msg};

/// One parameter a game accepts, with its range and default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub key: &'static str,
    pub en: &'static str,
    pub es: &'static str,
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

/// What a game is started from. Parameters not given take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub params: BTreeMap<String, u32>,
    /// Knight Fight: the seed that deals the numbers.
    pub seed: Option<u64>,
    /// Knight Fight: the 100 numbers in square order a1, b1, …, j1, a2, …, j10.
    pub layout: Option<Vec<u8>>,
}

impl Setup {
    /// A setup with `key` = `value` added.
    #[must_use]
    pub fn with(mut self, key: &str, value: u32) -> Setup {
        self.params.insert(key.to_string(), value);
        self
    }

    /// Checks the parameters against `specs` and returns every value in the
    /// order of `specs`, defaults filled in. Unknown keys and values out of
    /// range are errors that name the key and its range.
    pub fn resolve(&self, specs: &[ParamSpec]) -> Result<Vec<u32>, SetupError> {
        if let Some(key) = self
            .params
            .keys()
            .find(|k| !specs.iter().any(|s| s.key == *k))
        {
            let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
            let known = if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            };
            let key = crate::excerpt(key);
            return Err(SetupError(msg!(
                "unknown option `{key}` (this game takes: {known})",
                "opción desconocida `{key}` (este juego admite: {known})"
            )));
        }
        specs
            .iter()
            .map(|s| match self.params.get(s.key) {
                None => Ok(s.default),
                Some(&v) if (s.min..=s.max).contains(&v) => Ok(v),
                Some(&v) => {
                    let (key, min, max) = (s.key, s.min, s.max);
                    Err(SetupError(msg!(
                        "`{key}` must be from {min} to {max}, not {v}",
                        "`{key}` debe estar entre {min} y {max}, no {v}"
                    )))
                }
            })
            .collect()
    }

    /// Errors unless this setup has no seed and no layout (every game but
    /// Knight Fight).
    pub fn expect_no_deal(&self) -> Result<(), SetupError> {
        if self.seed.is_some() || self.layout.is_some() {
            return Err(SetupError(msg!(
                "only Knight Fight takes a seed or a layout",
                "solo la Lucha de caballos admite semilla o disposición"
            )));
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    /// `key=value` words separated by spaces (`seed=N`, `layout=N,N,...`
    /// included), as used in game records.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if let Some(seed) = self.seed {
            words.push(format!("seed={seed}"));
        }
        if let Some(layout) = &self.layout {
            let nums: Vec<String> = layout.iter().map(|n| n.to_string()).collect();
            words.push(format!("layout={}", nums.join(",")));
        }
        f.write_str(&words.join(" "))
    }
}

impl Setup {
    /// Reads one `key=value` word into this setup (`seed` and `layout`
    /// included). The value is checked against the game later, by
    /// [`Setup::resolve`].
    pub fn add_word(&mut self, word: &str) -> Result<(), SetupError> {
        let Some((key, value)) = word.split_once('=') else {
            let word = crate::excerpt(word);
            return Err(SetupError(msg!(
                "expected key=value, found `{word}`",
                "se esperaba clave=valor, no `{word}`"
            )));
        };
        let key = key.trim().to_lowercase();
        let value = value.trim();
        let bad = || {
            let (key, value) = (crate::excerpt(&key), crate::excerpt(value));
            SetupError(msg!(
                "`{key}` needs a number, not `{value}`",
                "`{key}` necesita un número, no `{value}`"
            ))
        };
        match key.as_str() {
            "seed" => self.seed = Some(value.parse().map_err(|_| bad())?),
            "layout" => {
                let nums: Result<Vec<u8>, _> =
                    value.split(',').map(|n| n.trim().parse::<u8>()).collect();
                self.layout = Some(nums.map_err(|_| bad())?);
            }
            _ => {
                self.params
                    .insert(key.clone(), value.parse().map_err(|_| bad())?);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: ParamSpec = ParamSpec {
        key: "size",
        en: "board size",
        es: "tamaño",
        min: 5,
        max: 10,
        default: 8,
    };

    #[test]
    fn defaults_ranges_and_unknown_keys() {
        assert_eq!(Setup::default().resolve(&[SIZE]), Ok(vec![8]));
        assert_eq!(
            Setup::default().with("size", 5).resolve(&[SIZE]),
            Ok(vec![5])
        );
        let err = Setup::default()
            .with("size", 11)
            .resolve(&[SIZE])
            .unwrap_err();
        assert!(err.0.en.contains("from 5 to 10"), "{err}");
        let err = Setup::default()
            .with("rows", 6)
            .resolve(&[SIZE])
            .unwrap_err();
        assert!(err.0.en.contains("`rows`"), "{err}");
    }

    #[test]
    fn words_round_trip() {
        let mut s = Setup::default();
        for w in "size=6 seed=42 layout=1,2,3".split(' ') {
            s.add_word(w).unwrap();
        }
        assert_eq!(s.to_string(), "size=6 seed=42 layout=1,2,3");
        assert!(s.add_word("size").is_err());
        assert!(s.add_word("size=big").is_err());
    }
}
