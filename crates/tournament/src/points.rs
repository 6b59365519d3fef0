//! Scores in exact fractions.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Serialize};

/// Tournament points, counted in quarters so that game points (½) and
/// tie-breaks that halve them (Sonneborn-Berger's draws) stay exact.
///
/// ```
/// use tablero_tournament::Points;
/// assert_eq!(Points::from_halves(5).to_string(), "2½");
/// assert_eq!((Points::ONE + Points::HALF).quarters(), 6);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(u32);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(2);
    pub const ONE: Points = Points(4);

    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    pub const fn from_halves(halves: u32) -> Points {
        Points(halves.saturating_mul(2))
    }

    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// Half of these points, rounded down to a quarter.
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// Whole points, then ¼, ½ or ¾: `0`, `½`, `3`, `10¾`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, quarters) = (self.0 / 4, self.0 % 4);
        let fraction = ["", "¼", "½", "¾"][quarters as usize];
        if whole == 0 && quarters != 0 {
            write!(f, "{fraction}")
        } else {
            write!(f, "{whole}{fraction}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_writes_fractions() {
        let texts: Vec<String> = (0..9)
            .map(|q| Points::from_quarters(q).to_string())
            .collect();
        assert_eq!(texts, ["0", "¼", "½", "¾", "1", "1¼", "1½", "1¾", "2"]);
    }

    #[test]
    fn arithmetic_saturates() {
        assert_eq!(Points::ZERO - Points::ONE, Points::ZERO);
        assert_eq!(
            Points::from_quarters(u32::MAX) + Points::ONE,
            Points::from_quarters(u32::MAX)
        );
    }
}
