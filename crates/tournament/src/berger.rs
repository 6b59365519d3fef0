//! Round-robin schedules: the FIDE Berger tables (Handbook C.05, Annex 1).

/// The Berger table for `players` players: for each round, the boards in
/// order as `(white, black)` pairing numbers from 1. With an odd count the
/// table is the next even one's, and number `players + 1` is the dummy: a
/// player drawn against it rests that round. Empty for fewer than two.
///
/// Each round is the previous one turned: every number but the last moves
/// on by `n/2` modulo `n - 1`, and the last number alternates between the
/// first board's black (odd rounds) and white (even rounds).
///
/// ```
/// use tablero_tournament::berger_table;
/// assert_eq!(berger_table(4), vec![
///     vec![(1, 4), (2, 3)],
///     vec![(4, 3), (1, 2)],
///     vec![(2, 4), (3, 1)],
/// ]);
/// ```
pub fn berger_table(players: usize) -> Vec<Vec<(usize, usize)>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    let half = n / 2;
    // Number `x` of round 1 in round r (0-based): x + r·n/2, wrapped in 1..n-1.
    let turn = |x: usize, r: usize| (x - 1 + r * half) % m + 1;
    (0..m)
        .map(|r| {
            (1..=half)
                .map(|board| {
                    if board == 1 {
                        let other = turn(1, r);
                        if r % 2 == 0 { (other, n) } else { (n, other) }
                    } else {
                        (turn(board, r), turn(n + 1 - board, r))
                    }
                })
                .collect()
        })
        .collect()
}
