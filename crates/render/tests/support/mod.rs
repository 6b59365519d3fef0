//! Shared by the integration tests and the benchmark.
#![allow(dead_code)]

pub mod cases;

pub use cases::*;
