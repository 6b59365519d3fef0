use crate::teach::{Card, dot};

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "cascades.place",
        position: None,
        moves: &[],
        last: false,
        marks: &[
            dot("a7"),
            dot("b7"),
            dot("c7"),
            dot("d7"),
            dot("e7"),
            dot("f7"),
            dot("g7"),
            dot("h7"),
        ],
    },
    Card {
        caption: "cascades.two",
        position: None,
        moves: &["c7", "e7,e6"],
        last: true,
        marks: &[],
    },
    Card {
        caption: "cascades.goal",
        position: Some("WBWBWBWB/9/10/11/12/13/6W7/WWWWWWW8 w 0 0"),
        moves: &[],
        last: false,
        marks: &[dot("h1")],
    },
];
