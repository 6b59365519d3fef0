//! Errors a player or a caller can cause. Each carries a message a player
//! understands, in English and Spanish.

use std::fmt;

use crate::{Lang, Msg};

/// Why a move text was not played. The position is unchanged in every case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of this game at all. `expected` shows the
    /// form, for example `d4-d5-e6`.
    Syntax { input: String, expected: Msg },
    /// The text is a well-formed move, but not legal here; `why` says why.
    Illegal { input: String, why: Msg },
    /// The text fits more than one legal move; `candidates` are their
    /// canonical texts.
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
    /// The game is over: no move is legal.
    GameOver,
}

impl MoveError {
    /// A syntax error with the expected form in both languages.
    pub fn syntax(input: &str, expected: Msg) -> MoveError {
        MoveError::Syntax {
            input: input.trim().to_string(),
            expected,
        }
    }

    /// An illegal move with its reason.
    pub fn illegal(input: &str, why: Msg) -> MoveError {
        MoveError::Illegal {
            input: input.trim().to_string(),
            why,
        }
    }

    /// The full message for a player.
    #[must_use]
    pub fn message(&self, lang: Lang) -> String {
        let short = |input: &str| excerpt(input);
        match (self, lang) {
            (MoveError::Syntax { input, expected }, Lang::En) => {
                let input = short(input);
                format!(
                    "`{input}` is not a move. Write a move like {}.",
                    expected.en
                )
            }
            (MoveError::Syntax { input, expected }, Lang::Es) => {
                let input = short(input);
                format!(
                    "`{input}` no es una jugada. Escribe una jugada como {}.",
                    expected.es
                )
            }
            (MoveError::Illegal { input, why }, Lang::En) => {
                let input = short(input);
                format!("`{input}` is not legal: {}.", why.en)
            }
            (MoveError::Illegal { input, why }, Lang::Es) => {
                let input = short(input);
                format!("`{input}` no es legal: {}.", why.es)
            }
            (MoveError::Ambiguous { input, candidates }, Lang::En) => {
                let input = short(input);
                format!("`{input}` could mean {}. Say which.", candidates.join(", "))
            }
            (MoveError::Ambiguous { input, candidates }, Lang::Es) => format!(
                "`{}` puede ser {}. Indica cuál.",
                short(input),
                candidates.join(", ")
            ),
            (MoveError::GameOver, Lang::En) => "The game is over.".to_string(),
            (MoveError::GameOver, Lang::Es) => "La partida ha terminado.".to_string(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for MoveError {}

/// Why a game could not be started from the given parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub Msg);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.en)
    }
}

impl std::error::Error for SetupError {}

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl PositionError {
    pub fn new(why: impl Into<String>) -> PositionError {
        PositionError(why.into())
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text: {}", self.0)
    }
}

impl std::error::Error for PositionError {}

/// At most [`EXCERPT_CHARS`] characters of `s`, control characters
/// dropped, with an ellipsis where it was cut: how every message of the
/// rules core quotes what someone typed, so a megabyte of input gets a
/// short answer (in a chat and on the command line alike).
#[must_use]
pub fn excerpt(s: &str) -> String {
    let s = s.trim();
    let clean = s.chars().filter(|c| !c.is_control());
    if s.chars().count() <= EXCERPT_CHARS {
        return clean.collect();
    }
    let cut: String = clean.take(EXCERPT_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// The longest quote of someone's input in a message, in characters.
pub const EXCERPT_CHARS: usize = 40;
