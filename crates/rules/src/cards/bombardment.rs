use crate::teach::{Card, arrow};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "bombardment.step",
        position: None,
        moves: &[],
        last: false,
        marks: &[arrow("c2", "b3"), arrow("c2", "c3"), arrow("c2", "d3")],
    },
    Card {
        caption: "bombardment.explode",
        position: None,
        moves: &[
            "c2-c3", "f7-f6", "c3-c4", "f6-f5", "c4-c5", "f5-f4", "c5-c6", "d7x",
        ],
        last: true,
        marks: &[],
    },
    Card {
        caption: "bombardment.goal",
        position: Some("4ss2/1S6/8/8/8/8/8/4SS2 w 0"),
        moves: &[],
        last: false,
        marks: &[arrow("b7", "b8")],
    },
];
