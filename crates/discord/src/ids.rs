//! What a button or select menu means, written into its `custom_id`.
//!
//! Discord gives a component press back with only the `custom_id` (at most
//! 100 characters) and, for a select menu, the chosen option values (at most
//! 100 characters each). Every id carries the game and the number of moves
//! of the board it was drawn for, so the app can turn down a press on a board
//! that has moved on. The channel is the interaction's own.
//!
//! ```text
//! tb:o:3:12            select: the pieces (origins) of game #3 after 12 moves
//! tb:m:3:12            select: moves; each value is `INDEX:ORIGIN`
//! tb:a:3:12            button: open the list of pieces
//! tb:p:3:12:2:e2       button: page 2 of the moves from e2 (`-`: no origin,
//!                      `*`: the list of pieces)
//! tb:y:3:12:e4s        button: play `e4s` (a "did you mean" answer)
//! tb:b:kqa7            button: open game #kqa7's board (`mygames` in a DM)
//! tb:r:3               button: bring game #3's board up to date (where the
//!                      bot can only answer: `userapp.rs`)
//! tb:q:3 / tb:k:3      button: resign game #3: ask first / surely
//! ```
//!
//! Buttons that are not a board's are read in `view.rs`: a challenge's
//! `tb:c:ID:a|d`, a finished game's `tb:g:ID:r|m`, a tournament's
//! `tb:t:ID:j|l|s` (join, leave, start) and a list's `tb:l:LIST:PAGE`.
//!
//! A game is written as the channel names it: its number, or, for another
//! channel's game shown in a DM, its place and number (`kqa7`, see
//! `tablero_app::place`).

use tablero_app::place::GameAt;

/// A component of a board or of a move picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// A select menu of origins; its value is an [`Origin`].
    Origins { game: GameAt, ply: usize },
    /// A select menu of moves; its value is a [`MoveRef`].
    Moves { game: GameAt, ply: usize },
    /// A button that opens the whole list of origins.
    All { game: GameAt, ply: usize },
    /// A button that plays one move (under a "did you mean").
    Play {
        game: GameAt,
        ply: usize,
        mv: String,
    },
    /// A button that opens a listed game's board (`mygames` in a DM).
    Open { game: GameAt },
    /// A button that turns a picker's page.
    Page {
        game: GameAt,
        ply: usize,
        page: usize,
        list: List,
    },
    /// A button that shows the game's board as it stands now, in the
    /// pressed message (where the bot can only answer).
    Refresh { game: GameAt },
    /// A button that resigns the game: `sure` once the presser said yes
    /// (where the bot can only answer).
    Resign { game: GameAt, sure: bool },
}

/// The cell a piece leaves; `None` for moves without one (placements).
pub type Origin = Option<String>;

/// What a picker lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum List {
    /// The origins of every movable piece.
    Origins,
    /// The moves from one origin.
    Moves(Origin),
}

/// One move of a select menu: its index among the moves from `origin`, in
/// the order the game lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRef {
    pub origin: Origin,
    pub index: usize,
}

const PREFIX: &str = "tb";
/// The longest `custom_id` or option value Discord accepts.
pub const MAX_ID: usize = 100;

fn origin_text(o: &Origin) -> &str {
    o.as_deref().unwrap_or("-")
}

fn origin_of(s: &str) -> Option<Origin> {
    match s {
        "" | "*" => None,
        "-" => Some(None),
        s => Some(Some(s.to_string())),
    }
}

/// An option value naming an origin.
#[must_use]
pub fn origin_value(o: &Origin) -> String {
    origin_text(o).to_string()
}

/// Reads an origin option value.
#[must_use]
pub fn parse_origin(v: &str) -> Option<Origin> {
    origin_of(v)
}

impl MoveRef {
    /// The option value: `INDEX:ORIGIN`.
    #[must_use]
    pub fn value(&self) -> String {
        format!("{}:{}", self.index, origin_text(&self.origin))
    }

    /// Reads an option value.
    #[must_use]
    pub fn parse(v: &str) -> Option<MoveRef> {
        let (i, o) = v.split_once(':')?;
        Some(MoveRef {
            index: i.parse().ok()?,
            origin: origin_of(o)?,
        })
    }
}

impl Component {
    /// The `custom_id`; `None` if it would be longer than Discord allows
    /// (an origin name is a few characters, so in practice never).
    #[must_use]
    pub fn id(&self) -> Option<String> {
        let s = match self {
            Component::Origins { game, ply } => format!("{PREFIX}:o:{game}:{ply}"),
            Component::Moves { game, ply } => format!("{PREFIX}:m:{game}:{ply}"),
            Component::All { game, ply } => format!("{PREFIX}:a:{game}:{ply}"),
            Component::Play { game, ply, mv } => format!("{PREFIX}:y:{game}:{ply}:{mv}"),
            Component::Open { game } => format!("{PREFIX}:b:{game}"),
            Component::Refresh { game } => format!("{PREFIX}:r:{game}"),
            Component::Resign { game, sure: false } => format!("{PREFIX}:q:{game}"),
            Component::Resign { game, sure: true } => format!("{PREFIX}:k:{game}"),
            Component::Page {
                game,
                ply,
                page,
                list,
            } => {
                let l = match list {
                    List::Origins => "*",
                    List::Moves(o) => origin_text(o),
                };
                format!("{PREFIX}:p:{game}:{ply}:{page}:{l}")
            }
        };
        (s.len() <= MAX_ID).then_some(s)
    }

    /// Reads a `custom_id`; `None` for ids this bot did not make.
    #[must_use]
    pub fn parse(id: &str) -> Option<Component> {
        let mut parts = id.splitn(6, ':');
        if parts.next()? != PREFIX {
            return None;
        }
        let kind = parts.next()?;
        let game = GameAt::parse(parts.next()?)?;
        if kind == "b" {
            return parts.next().is_none().then_some(Component::Open { game });
        }
        if kind == "r" {
            return parts
                .next()
                .is_none()
                .then_some(Component::Refresh { game });
        }
        if kind == "q" || kind == "k" {
            let sure = kind == "k";
            return parts
                .next()
                .is_none()
                .then_some(Component::Resign { game, sure });
        }
        let ply = parts.next()?.parse().ok()?;
        if kind == "y" {
            // The move is the rest of the id, whatever it holds.
            let rest: Vec<&str> = parts.collect();
            let mv = rest.join(":");
            return (!mv.is_empty()).then_some(Component::Play { game, ply, mv });
        }
        let c = match kind {
            "o" => Component::Origins { game, ply },
            "m" => Component::Moves { game, ply },
            "a" => Component::All { game, ply },
            "p" => {
                let page = parts.next()?.parse().ok()?;
                let list = match parts.next()? {
                    "*" => List::Origins,
                    o => List::Moves(origin_of(o)?),
                };
                Component::Page {
                    game,
                    ply,
                    page,
                    list,
                }
            }
            _ => return None,
        };
        if matches!(c, Component::Page { .. }) || parts.next().is_none() {
            Some(c)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(id: u64) -> GameAt {
        GameAt::here(id)
    }

    #[test]
    fn ids_read_back() {
        let cases = [
            (
                Component::Origins {
                    game: g(3),
                    ply: 12,
                },
                "tb:o:3:12",
            ),
            (Component::Moves { game: g(3), ply: 0 }, "tb:m:3:0"),
            (Component::Refresh { game: g(3) }, "tb:r:3"),
            (
                Component::Resign {
                    game: g(3),
                    sure: false,
                },
                "tb:q:3",
            ),
            (
                Component::Resign {
                    game: g(3),
                    sure: true,
                },
                "tb:k:3",
            ),
            (
                Component::All {
                    game: g(40),
                    ply: 7,
                },
                "tb:a:40:7",
            ),
            (
                Component::Page {
                    game: g(3),
                    ply: 12,
                    page: 2,
                    list: List::Moves(Some("e2".into())),
                },
                "tb:p:3:12:2:e2",
            ),
            (
                Component::Page {
                    game: g(3),
                    ply: 12,
                    page: 1,
                    list: List::Moves(None),
                },
                "tb:p:3:12:1:-",
            ),
            (
                Component::Page {
                    game: g(9),
                    ply: 1,
                    page: 0,
                    list: List::Origins,
                },
                "tb:p:9:1:0:*",
            ),
        ];
        for (c, text) in cases {
            assert_eq!(c.id().as_deref(), Some(text));
            assert_eq!(Component::parse(text), Some(c), "{text}");
        }
    }

    #[test]
    fn play_buttons_read_back() {
        let c = Component::Play {
            game: g(3),
            ply: 12,
            mv: "d1-e3x55".into(),
        };
        assert_eq!(c.id().as_deref(), Some("tb:y:3:12:d1-e3x55"));
        assert_eq!(Component::parse("tb:y:3:12:d1-e3x55"), Some(c));
        assert_eq!(Component::parse("tb:y:3:12:"), None);
    }

    #[test]
    fn foreign_and_broken_ids_are_ignored() {
        for id in [
            "",
            "tb",
            "tb:o",
            "tb:o:x:1",
            "tb:o:1:-1",
            "tb:o:1:2:3",
            "tb:z:1:2",
            "xx:o:1:2",
            "tb:p:1:2:3",
            "tb:p:1:2:x:e2",
        ] {
            assert_eq!(Component::parse(id), None, "{id}");
        }
    }

    #[test]
    fn move_values_read_back() {
        for m in [
            MoveRef {
                origin: Some("h7".into()),
                index: 0,
            },
            MoveRef {
                origin: None,
                index: 24,
            },
        ] {
            assert_eq!(MoveRef::parse(&m.value()), Some(m));
        }
        assert_eq!(MoveRef::parse("x:e2"), None);
        assert_eq!(MoveRef::parse("3"), None);
        assert_eq!(parse_origin("-"), Some(None));
        assert_eq!(parse_origin("c3"), Some(Some("c3".into())));
        assert_eq!(parse_origin(""), None);
    }

    /// The longest game reference: a place and the largest number.
    fn longest() -> GameAt {
        GameAt {
            place: tablero_app::place::Place::parse("zzz"),
            id: u64::MAX,
        }
    }

    #[test]
    fn another_channels_game_and_open_buttons_read_back() {
        let at = GameAt::parse("kqa7").unwrap();
        for c in [
            Component::Moves { game: at, ply: 3 },
            Component::Play {
                game: at,
                ply: 3,
                mv: "e4".into(),
            },
            Component::Open { game: at },
            Component::Open { game: g(12) },
        ] {
            let id = c.id().unwrap();
            assert_eq!(Component::parse(&id), Some(c), "{id}");
        }
        assert_eq!(Component::Open { game: at }.id().unwrap(), "tb:b:kqa7");
        assert_eq!(Component::parse("tb:b:kqa7:1"), None);
        assert_eq!(Component::parse("tb:b:kq7"), None);
    }

    #[test]
    fn ids_stay_short() {
        let long = Component::Page {
            game: longest(),
            ply: usize::MAX,
            page: usize::MAX,
            list: List::Moves(Some("x".repeat(60))),
        };
        assert_eq!(long.id(), None);
        let big = Component::Moves {
            game: longest(),
            ply: usize::MAX,
        };
        assert!(big.id().is_some());
    }
}
