//! Time, behind a trait so tests move it by hand.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;

    /// Moves the clock forward by `ms`, if it can be moved (the console's
    /// `/clock +2d`); `false` for the real time.
    fn advance_by(&self, _ms: i64) -> bool {
        false
    }
}

/// The real time plus however far the console moved it forward
/// (`/clock +2d`), so a newcomer can watch a reminder, a vacation and a
/// timeout without waiting. Used only when the console runs alone.
#[derive(Debug, Default)]
pub struct OffsetClock(std::sync::atomic::AtomicI64);

impl Clock for OffsetClock {
    fn now_ms(&self) -> i64 {
        SystemClock.now_ms() + self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn advance_by(&self, ms: i64) -> bool {
        self.0.fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
        true
    }
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

        fn advance_by(&self, ms: i64) -> bool {
            self.advance(ms);
            true
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

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day counted from 1970-01-01: (year, month, day).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// Reads a moment in UTC: `2026-12-24` (its start) or `2026-12-24T18:00`
/// (also with a space or `_` for the `T`).
#[must_use]
pub fn parse_utc(s: &str) -> Option<i64> {
    let s = s.trim();
    let (date, time) = match s.find(['T', 't', ' ', '_']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let num = |p: &str, len: usize| -> Option<i64> {
        (p.len() == len && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse().ok())
            .flatten()
    };
    let mut parts = date.split('-');
    let (y, m, d) = (
        num(parts.next()?, 4)?,
        num(parts.next()?, 2)?,
        num(parts.next()?, 2)?,
    );
    if parts.next().is_some() || !(1..=12).contains(&m) || d < 1 {
        return None;
    }
    let days = days_from_civil(y, m, d);
    // No 31 April: the day must come back as itself.
    if civil_from_days(days) != (y, m, d) {
        return None;
    }
    let (h, min) = match time {
        None => (0, 0),
        Some(t) => {
            let (h, min) = t.split_once(':')?;
            let (h, min) = (num(h, 2)?, num(min, 2)?);
            if h > 23 || min > 59 {
                return None;
            }
            (h, min)
        }
    };
    Some(days * DAY + h * HOUR + min * MINUTE)
}

/// Writes a moment in UTC for people: `2026-12-24 18:00 UTC`.
#[must_use]
pub fn format_utc(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(DAY));
    let in_day = ms.rem_euclid(DAY);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        in_day / HOUR,
        in_day % HOUR / MINUTE
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_in_utc() {
        // 2026-01-01 00:00 UTC, the test kit's start.
        assert_eq!(parse_utc("2026-01-01"), Some(1_767_225_600_000));
        assert_eq!(
            parse_utc("2026-12-24T18:05"),
            Some(1_767_225_600_000 + 357 * DAY + 18 * HOUR + 5 * MINUTE)
        );
        assert_eq!(parse_utc("2028-02-29 00:00"), parse_utc("2028-02-29"));
        assert_eq!(parse_utc("1970-01-01"), Some(0));
        for bad in [
            "",
            "2026",
            "2026-13-01",
            "2026-02-29",
            "2026-04-31",
            "2026-1-01",
            "2026-01-01T24:00",
            "2026-01-01T10",
            "2026-01-01-01",
            "26-01-01",
            "2026-01-01T1:00",
        ] {
            assert_eq!(parse_utc(bad), None, "{bad}");
        }
        assert_eq!(format_utc(1_767_225_600_000), "2026-01-01 00:00 UTC");
        let t = parse_utc("2026-12-24T18:05").unwrap();
        assert_eq!(format_utc(t), "2026-12-24 18:05 UTC");
        assert_eq!(format_utc(t + 59_999), "2026-12-24 18:05 UTC");
    }

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
