use crate::teach::{Card, arrow, ring};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "chess.moves",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("e2", "e4"), arrow("g1", "f3")],
    },
    Card {
        caption: "chess.capture",
        position: None,
        moves: &["e4", "d5"],
        last: false,
        marks: &[arrow("e4", "d5"), ring("d5")],
    },
];
