//! Time, behind a trait so tests move it by hand.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;
}

/// The real time.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

#[cfg(any(test, feature = "testkit"))]
pub use manual::ManualClock;

/// A clock that moves only when told, for tests.
#[cfg(any(test, feature = "testkit"))]
mod manual {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    use super::Clock;

    /// A clock that moves only when told; clones share the time.
    #[derive(Clone, Debug, Default)]
    pub struct ManualClock(Arc<AtomicI64>);

    impl ManualClock {
        /// A clock showing `ms`.
        #[must_use]
        pub fn at(ms: i64) -> ManualClock {
            ManualClock(Arc::new(AtomicI64::new(ms)))
        }

        /// Moves the clock forward by `ms`.
        pub fn advance(&self, ms: i64) {
            self.0.fetch_add(ms, Ordering::SeqCst);
        }

        /// Sets the time.
        pub fn set(&self, ms: i64) {
            self.0.store(ms, Ordering::SeqCst);
        }
    }

    impl Clock for ManualClock {
        fn now_ms(&self) -> i64 {
            self.0.load(Ordering::SeqCst)
        }
    }
}

pub const MINUTE: i64 = 60_000;
pub const HOUR: i64 = 60 * MINUTE;
pub const DAY: i64 = 24 * HOUR;

/// Reads a duration such as `72h`, `3d`, `1d12h`, `90m` or `2w`.
#[must_use]
pub fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim().to_lowercase();
    if s.is_empty() {
        return None;
    }
    let mut total: i64 = 0;
    let mut digits = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'w' => 7 * DAY,
            'd' => DAY,
            'h' => HOUR,
            'm' => MINUTE,
            _ => return None,
        };
        let n: i64 = digits.parse().ok()?;
        digits.clear();
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    if !digits.is_empty() {
        // A bare number counts hours.
        total = total.checked_add(digits.parse::<i64>().ok()?.checked_mul(HOUR)?)?;
    }
    Some(total)
}

/// Writes a duration for people: `3d`, `2d 5h`, `5h 12m`, `40m`, `0m`.
#[must_use]
pub fn format_duration(ms: i64) -> String {
    let ms = ms.max(0);
    let (d, h, m) = (ms / DAY, ms % DAY / HOUR, ms % HOUR / MINUTE);
    match (d, h, m) {
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, 0, _) => format!("{d}d"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        for (text, ms) in [
            ("72h", 72 * HOUR),
            ("3d", 3 * DAY),
            ("1d12h", 36 * HOUR),
            ("90m", 90 * MINUTE),
            ("2w", 14 * DAY),
            ("24", 24 * HOUR),
        ] {
            assert_eq!(parse_duration(text), Some(ms), "{text}");
        }
        for bad in ["", "h", "3x", "-1h", "99999999999999999999d"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(format_duration(3 * DAY), "3d");
        assert_eq!(format_duration(2 * DAY + 5 * HOUR + 7 * MINUTE), "2d 5h");
        assert_eq!(format_duration(5 * HOUR + 12 * MINUTE), "5h 12m");
        assert_eq!(format_duration(40 * MINUTE + 59_999), "40m");
    }
}
