//! Shared by the integration tests and the benchmark.
#![allow(dead_code)]

pub mod cases;
pub mod compare;

#[allow(unused_imports)]
pub use cases::*;
