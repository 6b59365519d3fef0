//! The crate's integration tests, one module a file, built as one test
//! binary: one link instead of one per file (a fresh `cargo test
//! --workspace` spent most of its time and disk linking test binaries).

mod abuse;
mod answered;
mod app;
mod bare;
mod bot;
mod cards;
mod comforts;
mod comforts_shared;
#[allow(dead_code)]
#[path = "../../../render/tests/it/support/compare.rs"]
mod compare;
mod console_play;
mod direct;
mod domain;
mod hostile;
mod layers;
mod learn;
mod pages;
mod ratings;
mod review;
mod shared;
mod suggested;
mod tournaments;
mod upgrade;
