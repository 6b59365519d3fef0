//! When a turn's time runs out, counted as people count it: a clock stops
//! on the weekends of a game with weekends off (Saturday 00:00 to Monday
//! 00:00 in the mover's time zone), during the mover's vacation and
//! during a pause both players agreed; and a deadline or a reminder that
//! would fall in someone's quiet hours waits until they end.
//!
//! Pure: moments are milliseconds since the Unix epoch, time zones are
//! IANA names read through jiff's built-in database (so a daylight-saving
//! day has 23 or 25 hours, as the zone's clocks say).

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use crate::clock::{DAY, MINUTE};

/// The time zone named `name` (an IANA name such as `Europe/Madrid`, or
/// `UTC`), read case-insensitively; `None` for an unknown name.
#[must_use]
pub fn zone(name: &str) -> Option<TimeZone> {
    let name = name.trim();
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    TimeZone::get(name).ok()
}

/// The zone's canonical IANA name (`europe/madrid` → `Europe/Madrid`).
#[must_use]
pub fn zone_name(tz: &TimeZone) -> String {
    tz.iana_name().unwrap_or("UTC").to_string()
}

/// The zone a player's stored setting names, UTC when none or unknown.
#[must_use]
pub fn zone_or_utc(name: Option<&str>) -> TimeZone {
    name.and_then(zone).unwrap_or(TimeZone::UTC)
}

/// A daily stretch of local time, from `from` to `to` minutes after
/// midnight (`23-08` runs over midnight); `from == to` is never.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Daily {
    pub from: u16,
    pub to: u16,
}

impl Daily {
    /// Reads `23-08`, `23:30-7`, `1-6`: hours (and minutes) of a day.
    #[must_use]
    pub fn parse(s: &str) -> Option<Daily> {
        let (a, b) = s.trim().split_once('-')?;
        let (from, to) = (time_of_day(a)?, time_of_day(b)?);
        (from != to).then_some(Daily { from, to })
    }

    /// Whether minute `m` of a day is inside.
    fn holds(self, m: u16) -> bool {
        if self.from < self.to {
            (self.from..self.to).contains(&m)
        } else {
            m >= self.from || m < self.to
        }
    }

    /// `23:00-08:00`.
    #[must_use]
    pub fn text(self) -> String {
        format!("{}-{}", hhmm(self.from), hhmm(self.to))
    }
}

/// Reads a time of day, `9`, `09`, `09:00`, `23:30`: minutes after midnight.
#[must_use]
pub fn time_of_day(s: &str) -> Option<u16> {
    let s = s.trim();
    let (h, m) = s.split_once(':').unwrap_or((s, "00"));
    let digits = |p: &str, max: u16| -> Option<u16> {
        (!p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<u16>().ok())
            .flatten()
            .filter(|n| *n <= max)
    };
    let (h, m) = (digits(h, 23)?, digits(m, 59)?);
    (m == 0 || s.contains(':')).then_some(h * 60 + m)
}

/// `09:05`.
#[must_use]
pub fn hhmm(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

fn stamp(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// The moment a local date's minute `m` falls in `tz` (in a gap left by
/// a daylight-saving change, the moment just after it).
fn moment(tz: &TimeZone, date: Date, m: u16) -> i64 {
    let dt = date.at((m / 60) as i8, (m % 60) as i8, 0, 0);
    tz.to_timestamp(dt)
        .map(Timestamp::as_millisecond)
        .unwrap_or(0)
}

/// The date `n` days after `d` (0 to 7).
fn days_after(mut d: Date, n: i64) -> Date {
    for _ in 0..n {
        d = d.tomorrow().unwrap_or(d);
    }
    d
}

/// `t`, or when it falls inside `quiet` in `tz`, the moment the quiet
/// hours end.
#[must_use]
pub fn after_quiet(t: i64, tz: &TimeZone, quiet: Option<Daily>) -> i64 {
    let Some(q) = quiet else {
        return t;
    };
    let local = tz.to_datetime(stamp(t));
    let m = local.hour() as u16 * 60 + local.minute() as u16;
    if !q.holds(m) {
        return t;
    }
    // Quiet hours over midnight end tomorrow when it is before midnight.
    let date = if q.from > q.to && m >= q.from {
        days_after(local.date(), 1)
    } else {
        local.date()
    };
    moment(tz, date, q.to).max(t)
}

/// The next moment at or after `t` that is `at` minutes after a local
/// midnight in `tz` (a digest's time).
#[must_use]
pub fn next_daily(t: i64, tz: &TimeZone, at: u16) -> i64 {
    let d = tz.to_datetime(stamp(t)).date();
    (0..3)
        .map(|n| moment(tz, days_after(d, n), at))
        .find(|&m| m >= t)
        .unwrap_or(t + DAY)
}

/// The stretches in which one player's turn does not count: weekends in
/// their zone (when the game has weekends off) and the given spans
/// (a vacation, an agreed pause).
#[derive(Clone, Debug)]
pub struct Stops {
    tz: TimeZone,
    weekends: bool,
    /// `[from, until)`, sorted by start, none empty.
    spans: Vec<(i64, i64)>,
}

/// Enough steps for any stored clock: a step passes at least a weekend.
const STEPS: usize = 10_000;

impl Stops {
    #[must_use]
    pub fn new(tz: TimeZone, weekends: bool, spans: impl IntoIterator<Item = (i64, i64)>) -> Stops {
        let mut spans: Vec<(i64, i64)> = spans.into_iter().filter(|(a, b)| a < b).collect();
        spans.sort_unstable();
        Stops {
            tz,
            weekends,
            spans,
        }
    }

    /// Whether nothing ever stops the clock.
    fn none(&self) -> bool {
        !self.weekends && self.spans.is_empty()
    }

    /// The weekend holding `t` or the next one: `[Saturday, Monday)`.
    fn weekend(&self, t: i64) -> (i64, i64) {
        let d = self.tz.to_datetime(stamp(t)).date();
        // Days since Saturday: Saturday 0, Sunday 1, Monday 2, … Friday 6.
        let since = (d.weekday().to_monday_zero_offset() as i64 - 5).rem_euclid(7);
        let sat = if since <= 1 {
            let mut s = d;
            for _ in 0..since {
                s = s.yesterday().unwrap_or(s);
            }
            s
        } else {
            days_after(d, 7 - since)
        };
        (
            moment(&self.tz, sat, 0),
            moment(&self.tz, days_after(sat, 2), 0),
        )
    }

    /// The first stopped stretch that ends after `t` (it may have begun
    /// already), joined with the ones it touches.
    fn next_stop(&self, t: i64) -> Option<(i64, i64)> {
        let mut first: Option<(i64, i64)> = None;
        let mut take = |s: (i64, i64)| {
            if s.1 > t && first.is_none_or(|f| s.0 < f.0) {
                first = Some(s);
            }
        };
        if self.weekends {
            take(self.weekend(t));
        }
        for s in &self.spans {
            take(*s);
        }
        let (start, mut end) = first?;
        // Stretches that begin before this one ends make one.
        for _ in 0..STEPS {
            let mut grown = end;
            if self.weekends {
                let w = self.weekend(end);
                if w.0 <= end {
                    grown = grown.max(w.1);
                }
            }
            for s in &self.spans {
                if s.0 <= end && s.1 > end {
                    grown = grown.max(s.1);
                }
            }
            if grown == end {
                break;
            }
            end = grown;
        }
        Some((start, end))
    }

    /// The moment at which `amount` ms have counted since `start`.
    #[must_use]
    pub fn advance(&self, start: i64, amount: i64) -> i64 {
        if self.none() {
            return start.saturating_add(amount);
        }
        let (mut t, mut left) = (start, amount.max(0));
        for _ in 0..STEPS {
            let Some((s, e)) = self.next_stop(t) else {
                break;
            };
            if s > t {
                if left <= s - t {
                    return t + left;
                }
                left -= s - t;
            }
            t = t.max(e);
        }
        t.saturating_add(left)
    }

    /// The time that counted between `start` and `end`.
    #[must_use]
    pub fn counted(&self, start: i64, end: i64) -> i64 {
        if self.none() || end <= start {
            return (end - start).max(0);
        }
        let (mut t, mut total) = (start, 0);
        for _ in 0..STEPS {
            let Some((s, e)) = self.next_stop(t).filter(|(s, _)| *s < end) else {
                break;
            };
            total += (s - t).max(0);
            t = t.max(e);
            if t >= end {
                return total;
            }
        }
        total + (end - t).max(0)
    }
}

/// Reads a local date (`2026-02-01`, its start) or moment
/// (`2026-02-01T09:00`) in zone `tz`.
#[must_use]
pub fn parse_local(s: &str, tz: &TimeZone) -> Option<i64> {
    let utc = crate::clock::parse_utc(s)?;
    let civil = TimeZone::UTC.to_datetime(stamp(utc));
    tz.to_timestamp(civil).ok().map(Timestamp::as_millisecond)
}

/// A moment for a reader in zone `tz`: `2026-03-29 10:00 Europe/Madrid`,
/// or `… UTC`.
#[must_use]
pub fn format_in(ms: i64, tz: &TimeZone) -> String {
    let local = tz.to_datetime(stamp(ms));
    format!(
        "{:04}-{:02}-{:02} {} {}",
        local.year(),
        local.month(),
        local.day(),
        hhmm(local.hour() as u16 * 60 + local.minute() as u16),
        zone_name(tz)
    )
}

/// Minutes in a day, for the bounds of [`Daily`].
pub const DAY_MINUTES: u16 = (DAY / MINUTE) as u16;

#[cfg(test)]
mod tests;
