use crate::teach::{Card, arrow, cross};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "guadalete.plank",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("e2", "e4"), cross("d5"), cross("e5")],
    },
    Card {
        caption: "guadalete.bridge",
        position: None,
        moves: &["e4", "e5", "Qe2", "Qe7"],
        last: true,
        marks: &[arrow("e2", "e6"), cross("d5"), cross("f5")],
    },
];
