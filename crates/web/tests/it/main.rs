//! The crate's integration tests, one module a file, built as one test
//! binary: one link instead of one per file (a fresh `cargo test
//! --workspace` spent most of its time and disk linking test binaries).

mod browser;
mod drawing;
mod routes;
mod shared;
mod support;
mod touch;
mod touch_refusals;
