use crate::teach::{Card, arrow, cross, dot};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "knightfight.place",
        position: None,
        moves: &[],
        last: false,
        marks: &[dot("c1"), dot("f1"), dot("g1")],
    },
    Card {
        caption: "knightfight.reverse",
        position: None,
        moves: &["e1"],
        last: true,
        marks: &[cross("b7")],
    },
    Card {
        caption: "knightfight.jump",
        position: None,
        moves: &["e1", "c10"],
        last: false,
        marks: &[arrow("e1", "d3"), arrow("e1", "f3"), arrow("e1", "g2")],
    },
];
