use crate::teach::{Card, arrow, cross, dot, ring};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "breakthrough.step",
        position: None,
        moves: &["e2-e3", "a7-a6"],
        last: false,
        marks: &[arrow("e3", "d4"), arrow("e3", "e4"), arrow("e3", "f4")],
    },
    Card {
        caption: "breakthrough.capture",
        position: None,
        moves: &[
            "e2-e3", "e7-e6", "e3-e4", "e6-e5", "a2-a3", "f7-f6", "a3-a4", "f6-f5",
        ],
        last: false,
        marks: &[arrow("e4", "f5"), ring("f5"), cross("e5"), dot("d5")],
    },
    Card {
        caption: "breakthrough.goal",
        position: Some("1ppp4/P5pp/8/8/8/8/5PPP/8 w 0"),
        moves: &[],
        last: false,
        marks: &[arrow("a7", "a8"), ring("b8")],
    },
];
