//! Rule cards: how long one card takes to draw (target < 10 ms), and the
//! whole `rules GAME` reply, every card of the game drawn and encoded,
//! before anything is sent (target < 50 ms).
//!
//! `cargo bench -p tablero-app --bench teach` prints, per game, the median
//! and worst of `BENCH_ROUNDS` rounds (default 30) of each.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tablero_app::console::incoming;
use tablero_app::{App, ManualClock, PngRenderer, Settings};
use tablero_render::{RenderOptions, render_marked_png};
use tablero_rules::GameId;
use tablero_rules::teach::cards;
use tablero_store::Store;

fn stats(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (ms(v[v.len() / 2]), ms(*v.last().unwrap()))
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(
        Store::open(dir.path(), 16 << 20).unwrap(),
        Arc::new(ManualClock::at(1_700_000_000_000)),
        Arc::new(PngRenderer),
        Settings::default(),
    );
    // Warm the sprite and glyph caches as a running bot's are.
    for id in GameId::ALL {
        app.handle(&incoming("ana", "general", &format!("rules {}", id.key())));
    }
    println!("game          card p50   card max   rules p50  rules max (ms)");
    let (mut worst_card, mut worst_reply) = (0f64, 0f64);
    for id in GameId::ALL {
        let mut card_times = Vec::new();
        for _ in 0..rounds {
            for card in cards(id) {
                let mut view = card.position(id).unwrap().view();
                if !card.last {
                    view.highlights.clear();
                }
                let t = Instant::now();
                let png = render_marked_png(
                    &view,
                    card.marks,
                    Some("The first piece to reach the far row wins."),
                    &RenderOptions::new(id),
                )
                .unwrap();
                card_times.push(t.elapsed());
                std::hint::black_box(png);
            }
        }
        let mut reply_times = Vec::new();
        for _ in 0..rounds {
            let t = Instant::now();
            let reply = app
                .handle(&incoming("ana", "general", &format!("rules {}", id.key())))
                .unwrap();
            reply_times.push(t.elapsed());
            assert_eq!(reply.album.len(), cards(id).len());
        }
        let (c50, cmax) = stats(card_times);
        let (r50, rmax) = stats(reply_times);
        worst_card = worst_card.max(c50);
        worst_reply = worst_reply.max(r50);
        println!(
            "{:<13} {c50:>8.2} {cmax:>10.2} {r50:>10.2} {rmax:>10.2}",
            id.key()
        );
    }
    println!("slowest game's median: card {worst_card:.2} ms, rules reply {worst_reply:.2} ms");
}
