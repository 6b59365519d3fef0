//! The rules of every Tablero game, as pure functions of positions: no I/O,
//! no async, no chat or image types.
//!
//! Each game is a type implementing [`Game`]; [`AnyGame`] holds any of them
//! for callers that choose at run time, and [`GameRecord`] is how games are
//! stored and replayed. The games follow `shared/RULES.md` exactly.
//!
//! ```
//! use tablero_rules::{AnyGame, GameId, Setup};
//! let mut g = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
//! assert_eq!(g.legal_moves().len(), 22);
//! assert_eq!(g.play("a2-a3").unwrap(), "a2-a3");
//! ```

mod any;
mod board_text;
mod cards;
mod cell;
mod error;
mod game;
mod record;
mod registry;
mod setup;
mod types;
mod view;

pub mod check;
pub mod export;
pub mod letters;
pub mod rng;
pub mod san;
pub mod teach;

pub mod barrier;
pub mod bloc;
pub mod bombardment;
pub mod breakthrough;
pub mod cascades;
pub mod chess;
pub mod cracovia;
pub mod empuje;
pub mod guadalete;
pub mod knightfight;

pub use any::{AnyGame, IntoAny, MoveChoice};
pub use cell::{Cell, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL};
pub use error::{EXCERPT_CHARS, MoveError, PositionError, SetupError, excerpt};
pub use game::{Game, fnv1a, resolve};
pub use record::{GameRecord, RecordError};
pub use registry::{GAMES, GameId, GameInfo, SideName, UnknownGame};
pub use setup::{ParamSpec, Setup};
pub use types::{EndReason, Lang, Msg, Outcome, Phase, Side, Turn};
pub use view::{
    BoardView, CellView, Color, Highlight, HighlightKind, Piece, PieceKind, ScoreKind, Shape,
    Status, Terrain,
};
