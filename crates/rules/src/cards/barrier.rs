use crate::teach::{Card, arrow, cross, dot};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "barrier.place",
        position: None,
        moves: &["d4"],
        last: true,
        marks: &[dot("e6"), dot("f3"), dot("b5")],
    },
    Card {
        caption: "barrier.jump",
        position: None,
        moves: &["d4", "h8"],
        last: false,
        marks: &[arrow("d4", "e6"), arrow("d4", "f3"), arrow("d4", "b5")],
    },
    Card {
        caption: "barrier.tokens",
        position: None,
        moves: &["d4", "h8", "d4-d5-e6"],
        last: true,
        marks: &[cross("d4"), cross("d5"), cross("d6")],
    },
];
