//! Swiss pairing time: whole Swiss tournaments of 100 and 500 players,
//! each round paired after random (seeded) results, and the time of each
//! round's `advance` (the pairing) reported.
//!
//! `cargo bench -p tablero-tournament --bench pairing`; with player counts
//! as arguments (`-- 500`) only those.

use std::time::{Duration, Instant};

use tablero_tournament::{Advance, Format, GameResult, Player, Settings, Tournament};

/// A fixed xorshift, so every run plays the same tournament.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Play a Swiss of `players` and `rounds`; the time of pairing each round.
fn swiss(players: usize, rounds: u32) -> Vec<Duration> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut t = Tournament::new(Settings::new(Format::Swiss { rounds })).expect("valid settings");
    for i in 0..players {
        let rating = 1200 + (rng.next() % 1400) as i32;
        t.join(Player::new(i as u64, format!("P{i}"), Some(rating)))
            .expect("room");
    }
    let mut times = Vec::new();
    let start = Instant::now();
    t.start().expect("enough players");
    times.push(start.elapsed());
    loop {
        let round = t.current_round().expect("started").clone();
        for g in &round.games {
            let r = match rng.next() % 10 {
                0..=3 => GameResult::WhiteWins,
                4..=6 => GameResult::BlackWins,
                7 | 8 => GameResult::Draw,
                _ => GameResult::WhiteWinsByForfeit,
            };
            t.record_result(round.number, g.board, r)
                .expect("open game");
        }
        let start = Instant::now();
        let next = t.advance().expect("complete round");
        if next == Advance::Finished {
            break;
        }
        times.push(start.elapsed());
    }
    times
}

fn main() {
    let wanted: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    for (players, rounds) in [(100, 7), (500, 9)] {
        if !wanted.is_empty() && !wanted.contains(&players) {
            continue;
        }
        let times = swiss(players, rounds);
        let ms: Vec<String> = times
            .iter()
            .map(|d| format!("{:.1}", d.as_secs_f64() * 1e3))
            .collect();
        let mut sorted = times.clone();
        sorted.sort();
        println!(
            "{players} players, {rounds} rounds: pairing per round (ms) {}; median {:.1} ms, max {:.1} ms",
            ms.join(" "),
            sorted[sorted.len() / 2].as_secs_f64() * 1e3,
            sorted[sorted.len() - 1].as_secs_f64() * 1e3,
        );
    }
}
