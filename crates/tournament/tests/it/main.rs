//! The crate's integration tests, one module a file, built as one test
//! binary: one link instead of one per file (a fresh `cargo test
//! --workspace` spent most of its time and disk linking test binaries).

mod berger;
mod lifecycle;
mod matching;
mod properties;
mod round_robin;
#[allow(dead_code)]
mod support;
mod swiss;
