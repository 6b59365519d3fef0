//! One Swiss round's pairing: a maximum-weight perfect matching whose edge
//! weights pack the Dutch system's criteria, most important first.
//!
//! Every pair of players is an edge, and with an odd count a bye vertex is
//! joined to everyone, so a perfect matching always exists. An edge's
//! weight is a number in a mixed radix with one digit per criterion; each
//! digit's base exceeds the most that all the lower digits of a whole
//! pairing can add up to, so the matching maximises the criteria in order
//! (lexicographically), as bbpPairings and JaVaFo-style pairers do:
//!
//! 1. every pair counts (a complete pairing);
//! 2. no rematch, and no second bye (Dutch C.1, C.2): the bye vertex
//!    "has met" everyone who had a bye or a forfeit win;
//! 3. no two players with the same absolute colour preference (C.3);
//! 4. the least score difference, as the sum of squared differences (in
//!    half points) over the pairs: few and short floats (C.6–C.9); the bye
//!    vertex scores a point below the lowest score, so the bye goes to the
//!    lowest score group;
//! 5. floats from the lowest score groups possible: the least sum of the
//!    downfloaters' scores (C.7), so that higher groups pair among
//!    themselves first, as the Dutch system's top-down brackets do;
//! 6. the most colour preferences granted (C.12), then
//! 7. the most strong and absolute ones (C.13);
//! 8. no player floating the same way two rounds running (C.14–C.17,
//!    the previous round only; a bye counts as a downfloat);
//! 9. the Dutch order within a score group: the top half against the bottom
//!    half (1 v ½n+1, 2 v ½n+2, …), the lowest-ranked of a group floating
//!    down to meet the highest-ranked of the next, the bye to the
//!    lowest-ranked of its group.
//!
//! Colours are then given by the Dutch rules E.1–E.5 (`colour.rs`).

use crate::Colour;
use crate::colour::{Strength, allocate, compatible, preference};
use crate::matching::{Weight, max_weight_matching};

/// How a player was paired last round relative to their own score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Down,
    Up,
}

/// An active player as the pairing sees them.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    /// Pairing number, from 1.
    pub number: usize,
    /// Points in half points.
    pub score: i64,
    pub colours: Vec<Colour>,
    /// Pairing numbers of the players already met.
    pub opponents: Vec<usize>,
    /// Had the bye, or a forfeit win (Dutch C.2).
    pub bye_ineligible: bool,
    pub last_float: Float,
}

/// The games as `(white, black)` and the bye, by index into the entrants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Number of criteria digits in an edge weight.
const DIGITS: usize = 9;

/// Where each entrant stands: rank overall, and place in its score group.
struct Ranking {
    /// Entrant indices, best first (score, then pairing number).
    order: Vec<usize>,
    /// For each entrant: its rank (position in `order`).
    rank: Vec<usize>,
    /// For each entrant: index within its score group and the group's size.
    place: Vec<(usize, usize)>,
}

fn rank(entrants: &[Entrant]) -> Ranking {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(entrants[i].score), entrants[i].number));
    let mut rank = vec![0; entrants.len()];
    let mut place = vec![(0, 0); entrants.len()];
    let mut start = 0;
    while start < order.len() {
        let score = entrants[order[start]].score;
        let end = order[start..]
            .iter()
            .position(|&i| entrants[i].score != score)
            .map_or(order.len(), |p| start + p);
        for (k, &i) in order[start..end].iter().enumerate() {
            rank[i] = start + k;
            place[i] = (k, end - start);
        }
        start = end;
    }
    Ranking { order, rank, place }
}

/// Pair one round. Deterministic: the same entrants give the same pairing.
pub(crate) fn pair(entrants: &[Entrant]) -> Pairing {
    let n = entrants.len();
    if n == 0 {
        return Pairing {
            games: Vec::new(),
            bye: None,
        };
    }
    let ranking = rank(entrants);
    let pairs = (n as i64 + 1) / 2;
    let lowest = entrants.iter().map(|e| e.score).min().unwrap_or(0);
    let highest = entrants.iter().map(|e| e.score).max().unwrap_or(0);
    let bye_score = lowest - 2;
    let widest = highest - bye_score;
    let max_order = (4 * n * n + 4 * n) as i64;
    let top = highest.max(0);
    let maxima: [i64; DIGITS] = [1, 1, 1, widest * widest, top, 2, 2, 2, max_order];
    let bases = bases(&maxima, pairs);

    let mut edges = Vec::with_capacity(n * (n + 1) / 2);
    for a in 0..n {
        for b in a + 1..n {
            let (hi, lo) = if ranking.rank[a] < ranking.rank[b] {
                (a, b)
            } else {
                (b, a)
            };
            let digits = pair_digits(entrants, &ranking, hi, lo, [max_order, widest, top]);
            edges.push((a, b, pack(&digits, &bases)));
        }
    }
    let bye_vertex = n;
    if n % 2 == 1 {
        for (a, e) in entrants.iter().enumerate() {
            let d = e.score - bye_score;
            let (k, size) = ranking.place[a];
            let digits = [
                1,
                i64::from(!e.bye_ineligible),
                1,
                widest * widest - d * d,
                top - e.score.max(0),
                0,
                0,
                2 - i64::from(e.last_float == Float::Down),
                max_order - (size - 1 - k) as i64,
            ];
            edges.push((a, bye_vertex, pack(&digits, &bases)));
        }
    }
    let mate = max_weight_matching(n + n % 2, &edges);

    let mut games = Vec::new();
    let mut bye = None;
    for &a in &ranking.order {
        match mate[a] {
            Some(b) if b == bye_vertex => bye = Some(a),
            Some(b) if ranking.rank[a] < ranking.rank[b] => {
                let e = &entrants[a];
                let white = allocate(&e.colours, &entrants[b].colours, e.number);
                games.push(if white == Colour::White {
                    (a, b)
                } else {
                    (b, a)
                });
            }
            Some(_) => {}
            // Unreachable with a complete graph; a lone player rests.
            None if bye.is_none() => bye = Some(a),
            None => {}
        }
    }
    // Boards: the higher score of the pair, then the sum, then the rank of
    // the higher-ranked player (FIDE C.04.2).
    games.sort_by_key(|&(w, b)| {
        let (sw, sb) = (entrants[w].score, entrants[b].score);
        (
            std::cmp::Reverse(sw.max(sb)),
            std::cmp::Reverse(sw + sb),
            ranking.rank[w].min(ranking.rank[b]),
        )
    });
    Pairing { games, bye }
}

/// The criteria digits of a game between `hi` and `lo` (`hi` ranked higher).
/// `limits` are the largest order penalty, score difference and score.
fn pair_digits(
    entrants: &[Entrant],
    ranking: &Ranking,
    hi: usize,
    lo: usize,
    limits: [i64; 3],
) -> [i64; DIGITS] {
    let [max_order, widest, top] = limits;
    let (h, l) = (&entrants[hi], &entrants[lo]);
    let met = h.opponents.contains(&l.number);
    let d = h.score - l.score;
    let white = allocate(&h.colours, &l.colours, h.number);
    let (ph, pl) = (preference(&h.colours), preference(&l.colours));
    let granted = |p: crate::colour::Preference, got: Colour| p.colour == Some(got);
    let strong = |p: crate::colour::Preference, got: Colour| {
        granted(p, got) && p.strength >= Strength::Strong
    };
    let (gh, gl) = (white, white.other());
    let floats = if d > 0 {
        i64::from(h.last_float == Float::Down) + i64::from(l.last_float == Float::Up)
    } else {
        0
    };
    let (kh, size_h) = ranking.place[hi];
    let (kl, _) = ranking.place[lo];
    let disorder = if d == 0 {
        let gap = (kl as i64 - kh as i64) - (size_h / 2) as i64;
        gap * gap
    } else {
        // The lowest-ranked of the upper group floats, and the floaters
        // meet the top of the lower group in order.
        let spread = (size_h - 1 - kh) as i64 + kl as i64;
        spread * spread
    };
    [
        1,
        i64::from(!met),
        i64::from(compatible(&h.colours, &l.colours)),
        widest * widest - d * d,
        top - if d > 0 { h.score.max(0) } else { 0 },
        i64::from(granted(ph, gh)) + i64::from(granted(pl, gl)),
        i64::from(strong(ph, gh)) + i64::from(strong(pl, gl)),
        2 - floats,
        max_order - disorder.min(max_order),
    ]
}

/// The value of one unit of each digit: each base exceeds the most that
/// `pairs` pairs can score on all the digits below it.
fn bases(maxima: &[i64; DIGITS], pairs: i64) -> [Weight; DIGITS] {
    let mut bases = [1 as Weight; DIGITS];
    for k in (0..DIGITS - 1).rev() {
        let below = Weight::from(maxima[k + 1]) * Weight::from(pairs) + 1;
        bases[k] = bases[k + 1].saturating_mul(below);
    }
    bases
}

fn pack(digits: &[i64; DIGITS], bases: &[Weight; DIGITS]) -> Weight {
    digits.iter().zip(bases).fold(0, |w: Weight, (&d, &b)| {
        w.saturating_add(Weight::from(d.max(0)).saturating_mul(b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(n: usize) -> Vec<Entrant> {
        (1..=n)
            .map(|number| Entrant {
                number,
                score: 0,
                colours: Vec::new(),
                opponents: Vec::new(),
                bye_ineligible: false,
                last_float: Float::None,
            })
            .collect()
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half_with_alternating_colours() {
        // Dutch round 1 with 8 players: 1-5, 6-2, 3-7, 8-4 (odd numbers of
        // the top half take White).
        let p = pair(&fresh(8));
        assert_eq!(p.games, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
        assert_eq!(p.bye, None);
    }

    #[test]
    fn round_one_odd_count_gives_the_last_player_the_bye() {
        // 7 players: the bye to number 7, then 1-4, 5-2, 3-6.
        let p = pair(&fresh(7));
        assert_eq!(p.bye, Some(6));
        assert_eq!(p.games, vec![(0, 3), (4, 1), (2, 5)]);
    }

    #[test]
    fn bases_dominate_everything_below() {
        let maxima = [1, 1, 1, 100, 7, 2, 2, 2, 50];
        let b = bases(&maxima, 10);
        for k in 0..DIGITS - 1 {
            let below: Weight = (k + 1..DIGITS)
                .map(|j| b[j] * Weight::from(maxima[j]) * 10)
                .sum();
            assert!(b[k] > below, "digit {k}");
        }
    }
}
