//! The crate's integration tests, one module a file, built as one test
//! binary: one link instead of one per file (a fresh `cargo test
//! --workspace` spent most of its time and disk linking test binaries).

mod boundaries;
mod catalogue;
mod cli_hostile;
mod console;
mod conversations;
mod crash;
mod processes;
mod records;
mod store_damage;
mod transcripts;
mod web_console;
