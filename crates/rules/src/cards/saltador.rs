use crate::teach::{Card, arrow, ring};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "saltador.bishop",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("c1", "f4"), arrow("c1", "d4"), arrow("c1", "b4")],
    },
    Card {
        caption: "saltador.capture",
        position: None,
        moves: &["e4", "e5", "Bb4", "Nc6"],
        last: false,
        marks: &[arrow("b4", "c7"), ring("c7")],
    },
];
