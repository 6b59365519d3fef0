//! Timing for the benches: wall time and this thread's CPU time (so that
//! a busy machine does not inflate the figures).

use std::time::{Duration, Instant};

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
pub fn time(f: impl FnOnce()) -> (Duration, Duration) {
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
