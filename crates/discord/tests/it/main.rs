//! The crate's integration tests, one module a file, built as one test
//! binary (see the Telegram crate's).

mod e2e;
mod play_link;
mod tournament;
