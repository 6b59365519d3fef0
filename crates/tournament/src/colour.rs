//! Colour preferences and allocation, after FIDE's Dutch system
//! (C.04.3, A.6 and E).

use crate::Colour;

/// How much a player wants their colour (A.6), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub strength: Strength,
    pub colour: Option<Colour>,
}

/// Whites minus blacks.
pub(crate) fn difference(history: &[Colour]) -> i32 {
    history
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

/// A player's preference from the colours of their games so far:
/// absolute when the difference is beyond ±1 or the last two games had the
/// same colour, strong at ±1, mild (alternate) at 0, none before any game.
pub(crate) fn preference(history: &[Colour]) -> Preference {
    let Some(&last) = history.last() else {
        return Preference {
            strength: Strength::None,
            colour: None,
        };
    };
    let cd = difference(history);
    let balancing = if cd > 0 { Colour::Black } else { Colour::White };
    let two_alike = history.len() >= 2 && history[history.len() - 2] == last;
    let (strength, colour) = if cd.abs() > 1 {
        (Strength::Absolute, balancing)
    } else if two_alike {
        (Strength::Absolute, last.other())
    } else if cd != 0 {
        (Strength::Strong, balancing)
    } else {
        (Strength::Mild, last.other())
    };
    Preference {
        strength,
        colour: Some(colour),
    }
}

/// Whether two players may meet under the absolute colour criterion: not
/// both with an absolute preference for the same colour.
pub(crate) fn compatible(a: &[Colour], b: &[Colour]) -> bool {
    let (pa, pb) = (preference(a), preference(b));
    !(pa.strength == Strength::Absolute
        && pb.strength == Strength::Absolute
        && pa.colour == pb.colour)
}

/// The colour of the higher-ranked player `hi` (pairing number
/// `hi_number`, from 1) against `lo`, by the Dutch rules E.1–E.5:
/// both preferences if they agree; else the stronger one (between two
/// absolute ones, the wider colour difference); else alternate from the
/// most recent game in which the two had different colours; else the
/// higher-ranked player's preference; with no preferences at all, White for
/// an odd pairing number (the initial colour is White).
pub(crate) fn allocate(hi: &[Colour], lo: &[Colour], hi_number: usize) -> Colour {
    let (ph, pl) = (preference(hi), preference(lo));
    match (ph.colour, pl.colour) {
        (None, None) => {
            return if hi_number % 2 == 1 {
                Colour::White
            } else {
                Colour::Black
            };
        }
        (Some(c), None) => return c,
        (None, Some(c)) => return c.other(),
        (Some(h), Some(l)) if h != l => return h,
        _ => {}
    }
    let h = ph.colour.unwrap_or(Colour::White);
    if ph.strength != pl.strength {
        return if ph.strength > pl.strength {
            h
        } else {
            h.other()
        };
    }
    if ph.strength == Strength::Absolute {
        let (dh, dl) = (difference(hi).abs(), difference(lo).abs());
        if dh != dl {
            return if dh > dl { h } else { h.other() };
        }
    }
    for (&a, &b) in hi.iter().rev().zip(lo.iter().rev()) {
        if a != b {
            return a.other();
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn preferences_follow_a6() {
        let cases: [(&[Colour], Strength, Option<Colour>); 7] = [
            (&[], Strength::None, None),
            (&[W], Strength::Strong, Some(B)),
            (&[W, B], Strength::Mild, Some(W)),
            (&[B, W], Strength::Mild, Some(B)),
            (&[W, W], Strength::Absolute, Some(B)),
            (&[W, B, B], Strength::Absolute, Some(W)),
            (&[W, B, W, W, B], Strength::Strong, Some(B)),
        ];
        for (history, strength, colour) in cases {
            assert_eq!(
                preference(history),
                Preference { strength, colour },
                "{history:?}"
            );
        }
        // Difference +2 without two alike in a row is absolute too.
        assert_eq!(preference(&[W, W, B, W]).strength, Strength::Absolute);
    }

    #[test]
    fn allocation_follows_e1_to_e5() {
        // E.5: no history; the higher-ranked player's number decides.
        assert_eq!(allocate(&[], &[], 1), W);
        assert_eq!(allocate(&[], &[], 2), B);
        // E.1: both get what they want.
        assert_eq!(allocate(&[B], &[W], 7), W);
        // E.2: the absolute preference beats the strong one.
        assert_eq!(allocate(&[W, B, W], &[W, W], 1), W);
        assert_eq!(allocate(&[B], &[W, W], 1), W);
        // E.2: two absolutes for White, the wider difference wins.
        assert_eq!(allocate(&[B, B], &[B, B, W, B, B], 1), B);
        // E.3: same strength and colour (both mild for White); alternate
        // from the latest game in which their colours differed (the third
        // from the end, where hi had Black: hi now has White).
        assert_eq!(allocate(&[W, B, W, B], &[B, W, W, B], 1), W);
        assert_eq!(allocate(&[B, W, W, B], &[W, B, W, B], 1), B);
        // E.4: identical histories: the higher-ranked player's preference.
        assert_eq!(allocate(&[W], &[W], 5), B);
    }

    #[test]
    fn absolute_same_colour_is_incompatible() {
        assert!(!compatible(&[W, W], &[B, W, W]));
        assert!(compatible(&[W, W], &[B, B]));
        assert!(compatible(&[W], &[W]));
    }
}
