//! The crate's integration tests, one module a file, built as one test
//! binary: one link instead of one per file (a fresh `cargo test
//! --workspace` spent most of its time and disk linking test binaries).

mod backups;
mod comforts;
mod conformance;
mod damage;
mod log_damage;
#[allow(dead_code)]
mod support;
mod tournaments;
