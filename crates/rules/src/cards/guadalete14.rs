use crate::teach::{Card, arrow};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "guadalete14.river",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("a2", "a1"), arrow("h2", "h1")],
    },
    Card {
        caption: "guadalete14.front",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("d4", "d5"), arrow("e4", "e6")],
    },
];
