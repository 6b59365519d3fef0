//! Tablero's web front-end for spectators: a live page for every game,
//! the games being played in listed chats, players and leaderboards.
//! Nothing here changes a game but a player's own board (`play.rs`),
//! whose every move goes through the app's checked path with the player's
//! signed link (`tablero_app::webplay`).
//!
//! Axum on tokio; HTML rendered on the server (`pages.rs`, maud); a few
//! lines of plain JavaScript and a stylesheet embedded in the binary
//! (`assets/`); live updates by Server-Sent Events from shared feeds
//! (`feed.rs`, each stream's body in `live.rs`); limits on connections
//! per address and on clients that stop reading (`limit.rs`); pictures
//! drawn once however many ask, the costly ones in the app's pool of
//! heavy jobs (`draw.rs`). Everything shown comes from the app's typed
//! queries (`tablero_app::watch`). Connections are served by hyper's
//! HTTP/1 server directly (not `axum::serve`), to bound its write buffer
//! ([`WRITE_BUFFER`]).
//!
//! The crate by concern: `listen.rs` (the `[web]` section, the listener,
//! the server loop and its thread), `routes.rs` (every address, read as
//! the app's typed [`tablero_app::webpath::WebPath`], and its handler),
//! `request.rs` (the language and address a request brings, the plain
//! answers), `pages.rs` (HTML), `feed.rs` and `live.rs` (live updates),
//! `draw.rs` (drawing in the heavy-job pool), `pictures.rs` (the picture
//! caches, immutable answers, JPEG), `limit.rs` (connection limits).
//!
//! The addresses are in `tablero_app::webpath`'s table. Every page takes
//! `?lang=en|es` (a game's page `?ply=N` too); without it the browser's
//! `Accept-Language` chooses.

mod assets;
pub mod draw;
pub mod feed;
pub mod limit;
mod listen;
pub mod live;
pub mod pages;
mod pictures;
pub mod play;
mod request;
mod routes;

pub use listen::{
    DEFAULT_CONSOLE_LISTEN, Running, Section, WRITE_BUFFER, frontend, listen_address, serve, start,
};
pub use pictures::Pictures;
pub use request::accept_language;
pub use routes::router;

/// The longest request target served; a longer one is `414`.
pub const MAX_URI: usize = 2048;

/// How many start pictures (`/start/…`) are kept, apart from the others
/// (any number of option texts can be asked for, and must not push the
/// boards out), by bytes and in number.
pub const START_CACHE_BYTES: usize = 8 << 20;
pub const START_CACHE_ENTRIES: usize = 512;

/// A board at this ply or later replays enough of its game to be drawn
/// in the pool of heavy jobs; earlier ones cost a few milliseconds.
pub const LONG_BOARD_PLY: usize = 300;
