use crate::teach::{Card, arrow, dot};

const SET: &[&str] = &[
    "Wa1", "Wb2", "Wc3", "Wd4", "We5", "Wf6", "Ba2", "Bb3", "Bc4", "Bd5", "Be6", "Bf1",
];

pub(super) const CARDS: &[Card] = &[
    Card {
        caption: "empuje.setup",
        position: None,
        moves: &["Wc3", "Bd4"],
        last: true,
        marks: &[dot("c4"), dot("d3")],
    },
    Card {
        caption: "empuje.push",
        position: None,
        moves: &[
            SET[0], SET[1], SET[2], SET[3], SET[4], SET[5], SET[6], SET[7], SET[8], SET[9],
            SET[10], SET[11], "first", "white",
        ],
        last: false,
        marks: &[arrow("a2", "f2")],
    },
];
