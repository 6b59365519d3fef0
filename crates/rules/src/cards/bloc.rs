use crate::teach::{Card, arrow, cross, ring};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "bloc.capture",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("f3", "e3"), ring("e3")],
    },
    Card {
        caption: "bloc.marker",
        position: None,
        moves: &["f3-e3*e3"],
        last: true,
        marks: &[],
    },
    Card {
        caption: "bloc.marked",
        position: None,
        moves: &["f3-e3*e3", "d4-e4*f4"],
        last: false,
        marks: &[cross("f4"), cross("e3")],
    },
];
