//! Render + encode timings for every case of `tests/golden/cases.txt`.
//!
//! `cargo bench -p tablero-render [FILTER]` prints, per image: the median
//! and 90th percentile wall time of drawing plus PNG encoding, the median
//! CPU time of the same (this thread's time on a CPU, so that a busy
//! machine does not inflate it), the median CPU time of drawing alone, and the PNG size. Sprites and
//! glyphs are warmed up first: a bot renders many images per process, so
//! the steady state is what matters.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use tablero_render::{render_pixmap, render_png};

const RUNS: usize = 200;

/// This thread's CPU time so far.
#[cfg(unix)]
fn cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(not(unix))]
fn cpu_time() -> Option<Duration> {
    None
}

/// Runs `f`, returning (wall, cpu) durations; cpu falls back to wall.
fn time(f: impl FnOnce()) -> (Duration, Duration) {
    let c0 = cpu_time();
    let t = Instant::now();
    f();
    let wall = t.elapsed();
    let cpu = match (c0, cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall,
    };
    (wall, cpu)
}

fn ms(times: &mut [Duration], p: f64) -> f64 {
    times.sort();
    let i = ((times.len() - 1) as f64 * p).round() as usize;
    times[i].as_secs_f64() * 1000.0
}

fn main() {
    // `cargo bench` passes `--bench`; another word filters the cases.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!(
        "{:<24} {:>8} {:>8} {:>8} {:>8} {:>7} {:>9}",
        "image", "wall med", "wall p90", "cpu med", "draw cpu", "KB", "size"
    );
    for case in support::cases() {
        let file = case.file();
        if filter.as_ref().is_some_and(|f| !file.contains(f.as_str())) {
            continue;
        }
        let view = case.game().expect("case plays").view();
        let png = render_png(&view, &case.opts).expect("renders");
        let pm = render_pixmap(&view, &case.opts).expect("renders");
        let (mut wall, mut cpu, mut draw) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let (_, d) = time(|| {
                black_box(render_pixmap(black_box(&view), &case.opts).expect("renders"));
            });
            draw.push(d);
            let (w, c) = time(|| {
                black_box(render_png(black_box(&view), &case.opts).expect("renders"));
            });
            wall.push(w);
            cpu.push(c);
        }
        println!(
            "{:<24} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>7.1} {:>9}",
            file.trim_end_matches(".png"),
            ms(&mut wall, 0.5),
            ms(&mut wall, 0.9),
            ms(&mut cpu, 0.5),
            ms(&mut draw, 0.5),
            png.len() as f64 / 1024.0,
            format!("{}×{}", pm.width(), pm.height()),
        );
    }
}
