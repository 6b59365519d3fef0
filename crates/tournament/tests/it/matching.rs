//! The maximum-weight matching against brute force: thousands of small
//! random graphs (few distinct weights, so ties and blossoms are common),
//! the classic blossom shapes, and bad input.

use tablero_tournament::matching::{Weight, max_weight_matching};

/// The best total weight over every matching, by trying them all.
fn brute_force(n: usize, edges: &[(usize, usize, Weight)]) -> Weight {
    fn go(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<Option<Weight>>]) -> Weight {
        if v == n {
            return 0;
        }
        if used[v] {
            return go(v + 1, n, used, w);
        }
        used[v] = true;
        let mut best = go(v + 1, n, used, w);
        for u in v + 1..n {
            if let (false, Some(wt)) = (used[u], w[v][u]) {
                used[u] = true;
                best = best.max(wt + go(v + 1, n, used, w));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, wt) in edges {
        w[i][j] = Some(wt);
        w[j][i] = Some(wt);
    }
    go(0, n, &mut vec![false; n], &w)
}

/// The weight of a matching, checking that it is one and uses edges.
fn weight_of(mate: &[Option<usize>], edges: &[(usize, usize, Weight)]) -> Weight {
    let mut total = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "mate is not symmetric");
            if v < u {
                let w = edges
                    .iter()
                    .find(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                    .expect("matched along a missing edge")
                    .2;
                total += w;
            }
        }
    }
    total
}

/// SplitMix64, so the random graphs are the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn random_graphs_match_brute_force() {
    let mut rng = Rng(40);
    for case in 0..4000 {
        let n = 1 + rng.below(11) as usize;
        let density = 1 + rng.below(10);
        // Few distinct weights make ties and blossoms common.
        let spread = [3, 10, 1000][case % 3];
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.below(10) < density {
                    edges.push((i, j, rng.below(spread) as Weight - (spread / 5) as Weight));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        assert_eq!(mate.len(), n);
        assert_eq!(
            weight_of(&mate, &edges),
            brute_force(n, &edges),
            "case {case}: {n} vertices, edges {edges:?}"
        );
    }
}

#[test]
fn classic_blossom_shapes_match_brute_force() {
    // Graphs that create S-blossoms, relabel them as T, nest them and
    // expand them (the shapes of the reference implementation's tests).
    let graphs: [&[(usize, usize, Weight)]; 8] = [
        &[
            (1, 2, 8),
            (1, 3, 9),
            (2, 3, 10),
            (3, 4, 7),
            (1, 6, 5),
            (4, 5, 6),
        ],
        &[
            (1, 2, 9),
            (1, 3, 8),
            (2, 3, 10),
            (1, 4, 5),
            (4, 5, 4),
            (1, 6, 3),
        ],
        &[
            (1, 2, 9),
            (1, 3, 9),
            (2, 3, 10),
            (2, 4, 8),
            (3, 5, 8),
            (4, 5, 10),
            (5, 6, 6),
        ],
        &[
            (1, 2, 10),
            (1, 7, 10),
            (2, 3, 12),
            (3, 4, 20),
            (3, 5, 20),
            (4, 5, 25),
            (5, 6, 10),
            (6, 7, 10),
            (7, 8, 8),
        ],
        &[
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ],
        &[
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 28),
            (5, 7, 26),
            (9, 10, 5),
        ],
        &[
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 11, 35),
            (5, 9, 36),
            (7, 10, 26),
            (11, 12, 5),
        ],
        &[
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ],
    ];
    for edges in graphs {
        let n = edges.iter().map(|e| e.0.max(e.1)).max().unwrap() + 1;
        let mate = max_weight_matching(n, edges);
        assert_eq!(weight_of(&mate, edges), brute_force(n, edges), "{edges:?}");
    }
}

#[test]
fn large_complete_graph_is_perfect_when_every_edge_is_heavy() {
    // A big constant on every edge makes the best matching a perfect
    // one, which is how the Swiss pairing asks for a complete pairing.
    let n = 60;
    let mut rng = Rng(7);
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            edges.push((i, j, 1_000_000 + rng.below(1000) as Weight));
        }
    }
    let mate = max_weight_matching(n, &edges);
    assert!(mate.iter().all(Option::is_some));
}

#[test]
fn bad_edges_are_ignored_and_empty_graphs_are_single() {
    assert_eq!(max_weight_matching(0, &[]), Vec::<Option<usize>>::new());
    assert_eq!(max_weight_matching(3, &[]), vec![None, None, None]);
    assert_eq!(
        max_weight_matching(2, &[(0, 0, 5), (0, 9, 5), (0, 1, 1)]),
        vec![Some(1), Some(0)]
    );
    // Extreme weights are clamped, not overflowed.
    let extreme = [
        (0, 1, Weight::MAX),
        (1, 2, Weight::MIN),
        (2, 3, Weight::MAX),
        (0, 3, 1),
    ];
    assert_eq!(
        max_weight_matching(4, &extreme),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
    // A negative edge is never worth taking.
    assert_eq!(max_weight_matching(2, &[(0, 1, -1)]), vec![None, None]);
}
