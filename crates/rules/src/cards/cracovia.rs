use crate::teach::{Card, arrow, dot};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "cracovia.angel",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("a1", "c3"), arrow("a1", "a2"), arrow("a1", "c1")],
    },
    Card {
        caption: "cracovia.demon",
        position: None,
        moves: &["a1-c3"],
        last: true,
        marks: &[dot("d4"), dot("b2"), dot("f6")],
    },
    Card {
        caption: "cracovia.goal",
        position: Some("8/8/8/3AA3/3A4/8/5A2/8 a"),
        moves: &[],
        last: false,
        marks: &[arrow("f2", "e3")],
    },
];
