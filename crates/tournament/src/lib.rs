//! Tournaments (temporary skeleton).
pub mod matching;
