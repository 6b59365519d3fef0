//! A game's clock, read from its stored document: how much time the
//! player to move has (a time per move, or a Fischer clock's bank), what
//! stops it (`schedule::Stops`: weekends off, their vacation, an agreed
//! pause), and when it runs out and when to remind them, never inside
//! their quiet hours. Every handler, view and page asks here, so they all
//! agree.

use tablero_rules::Side;
use tablero_store::{AwayDoc, ClockDoc, GameDoc, SpanDoc};

use crate::schedule::{Daily, Stops, after_quiet, zone_or_utc};

/// The player's zone and quiet hours.
fn quiet_of(away: &AwayDoc) -> Option<Daily> {
    away.quiet.map(|[from, to]| Daily { from, to })
}

fn span(s: &SpanDoc) -> (i64, i64) {
    (s.from, s.until)
}

/// What stops `side`'s clock in `doc`.
pub(crate) fn stops(doc: &GameDoc, side: Side) -> Stops {
    let Some(c) = &doc.clock else {
        return Stops::new(jiff::tz::TimeZone::UTC, false, []);
    };
    let away = &c.away[side.index()];
    let spans = away.vacation.iter().chain(c.pause.iter()).map(span);
    Stops::new(zone_or_utc(away.zone.as_deref()), c.weekends_off, spans)
}

/// The time `side` has for the turn that began at `doc.turn_started_ms`:
/// their Fischer bank, or the time per move; `None`: no limit.
pub(crate) fn allowance(doc: &GameDoc, side: Side) -> Option<i64> {
    let limit = doc.move_limit_secs? as i64 * 1000;
    Some(
        doc.clock
            .as_ref()
            .and_then(|c| c.bank_ms)
            .map_or(limit, |b| b[side.index()]),
    )
}

/// `t` moved out of `side`'s quiet hours.
fn unquiet(doc: &GameDoc, side: Side, t: i64) -> i64 {
    match &doc.clock {
        Some(c) => {
            let away = &c.away[side.index()];
            after_quiet(t, &zone_or_utc(away.zone.as_deref()), quiet_of(away))
        }
        None => t,
    }
}

/// When `side`, to move, loses on time.
pub(crate) fn deadline(doc: &GameDoc, side: Side) -> Option<i64> {
    let amount = allowance(doc, side)?;
    let raw = stops(doc, side).advance(doc.turn_started_ms, amount);
    Some(unquiet(doc, side, raw))
}

/// When the next timer of `doc` falls due with `side` to move: the
/// reminder at half the turn's counted time, the one at 90 %, then the
/// deadline; each out of the mover's quiet hours.
pub(crate) fn due(doc: &GameDoc, side: Side) -> Option<i64> {
    let amount = allowance(doc, side)?;
    let s = stops(doc, side);
    let at = |part: i64| unquiet(doc, side, s.advance(doc.turn_started_ms, part));
    Some(match doc.reminders_sent {
        0 => at(amount / 2),
        1 => at(amount * 9 / 10),
        _ => at(amount),
    })
}

/// How many reminders of this turn are behind `side` at `now`: 2 once 90 %
/// of the turn's time has counted, else 1 (called when one falls due).
pub(crate) fn reminders_at(doc: &GameDoc, side: Side, now: i64) -> u8 {
    let amount = allowance(doc, side).unwrap_or(0);
    let used = stops(doc, side).counted(doc.turn_started_ms, now);
    if used >= amount * 9 / 10 { 2 } else { 1 }
}

/// Settles `side`'s move at `now`: a Fischer bank loses the time the turn
/// counted and gains the increment, up to the cap.
pub(crate) fn settle_move(doc: &mut GameDoc, side: Side, now: i64) {
    let used = stops(doc, side).counted(doc.turn_started_ms, now);
    if let Some(c) = &mut doc.clock
        && let Some(bank) = &mut c.bank_ms
    {
        let cap = c.cap_secs.map_or(i64::MAX, |s| s as i64 * 1000);
        let b = &mut bank[side.index()];
        *b = (*b - used)
            .max(0)
            .saturating_add(c.increment_secs as i64 * 1000)
            .min(cap);
    }
    // A move ends an agreed pause, and a pause offered.
    if let Some(c) = &mut doc.clock {
        if let Some(p) = &mut c.pause
            && p.until > now
        {
            p.until = now.max(p.from);
        }
        c.pause_offer = None;
    }
}

/// The clock a game starts with: `terms`' increment, cap and weekends,
/// each side's bank full when it has an increment, and each player's
/// away settings; `None` when there is nothing beyond a time per move.
pub(crate) fn starting(
    terms: Option<&ClockDoc>,
    limit_secs: Option<u64>,
    away: [AwayDoc; 2],
) -> Option<ClockDoc> {
    let mut c = terms.cloned().unwrap_or_default();
    c.bank_ms = (c.increment_secs > 0)
        .then_some(limit_secs)
        .flatten()
        .map(|s| [s as i64 * 1000; 2]);
    c.away = away;
    c.pause = None;
    c.pause_offer = None;
    (c != ClockDoc::default()).then_some(c)
}

/// The vacation `side` is on in `doc` at `now`, if any: its end.
pub(crate) fn away_until(doc: &GameDoc, side: Side, now: i64) -> Option<i64> {
    let v = doc.clock.as_ref()?.away[side.index()].vacation?;
    (v.from <= now && now < v.until).then_some(v.until)
}

/// The pause running at `now`, if any: its end.
pub(crate) fn paused_until(doc: &GameDoc, now: i64) -> Option<i64> {
    let p = doc.clock.as_ref()?.pause?;
    (p.from <= now && now < p.until).then_some(p.until)
}

#[cfg(test)]
mod tests {
    use tablero_ids::{ChannelKey, Platform, UserRef};

    use super::*;
    use crate::clock::{DAY, HOUR, parse_utc};

    fn doc(limit: i64, clock: Option<ClockDoc>) -> GameDoc {
        let u = |n: &str| UserRef {
            id: n.into(),
            name: n.into(),
        };
        GameDoc {
            move_limit_secs: Some((limit / 1000) as u64),
            clock,
            ..GameDoc::new(
                ChannelKey::new(Platform::Console, "c"),
                1,
                [u("a"), u("b")],
                "breakthrough:".into(),
                parse_utc("2026-01-01").unwrap(),
            )
        }
    }

    fn fischer(inc: i64, cap: i64) -> ClockDoc {
        ClockDoc {
            increment_secs: (inc / 1000) as u64,
            cap_secs: Some((cap / 1000) as u64),
            ..ClockDoc::default()
        }
    }

    #[test]
    fn a_plain_time_per_move_is_as_before() {
        let d = doc(100_000, None);
        let t = d.turn_started_ms;
        assert_eq!(deadline(&d, Side::First), Some(t + 100_000));
        assert_eq!(due(&d, Side::First), Some(t + 50_000));
        assert_eq!(starting(None, Some(100), Default::default()), None);
    }

    #[test]
    fn a_fischer_bank_loses_what_a_turn_used_and_gains_the_increment_up_to_its_cap() {
        // 3 days, plus 1 day a move, at most 4 days.
        let c = starting(
            Some(&fischer(DAY, 4 * DAY)),
            Some(3 * 86_400),
            Default::default(),
        );
        let mut d = doc(3 * DAY, c);
        assert_eq!(allowance(&d, Side::First), Some(3 * DAY));
        // A move after 2 hours: 3d - 2h + 1d = 3d 22h, under the cap.
        let start = d.turn_started_ms;
        settle_move(&mut d, Side::First, start + 2 * HOUR);
        assert_eq!(allowance(&d, Side::First), Some(4 * DAY - 2 * HOUR));
        // Another after 10 minutes: 4d - 2h - 10m + 1d is over the cap: 4d.
        settle_move(&mut d, Side::First, start + 10 * 60_000);
        assert_eq!(allowance(&d, Side::First), Some(4 * DAY));
        // The other side's bank is untouched; a slow move of 2d 12h
        // leaves 12h + 1d.
        settle_move(&mut d, Side::Second, start + 2 * DAY + 12 * HOUR);
        assert_eq!(allowance(&d, Side::Second), Some(36 * HOUR));
        // The deadline of a turn is its start plus the bank.
        d.turn_started_ms = start + DAY;
        assert_eq!(deadline(&d, Side::Second), Some(start + DAY + 36 * HOUR));
    }

    #[test]
    fn quiet_hours_hold_back_reminders_and_the_deadline() {
        let mut c = ClockDoc::default();
        c.away[0].quiet = Some([23 * 60, 8 * 60]);
        // A 24 h turn begun at 2026-01-01 00:00 UTC: the reminder at 12:00,
        // the deadline at 00:00 the next day, inside 23-08: at 08:00.
        let d = doc(DAY, Some(c));
        let t = d.turn_started_ms;
        assert_eq!(due(&d, Side::First), Some(t + 12 * HOUR));
        assert_eq!(deadline(&d, Side::First), Some(t + DAY + 8 * HOUR));
        // The other player has no quiet hours.
        assert_eq!(deadline(&d, Side::Second), Some(t + DAY));
        // 90 % is 21:36, before the quiet hours.
        let d2 = GameDoc {
            reminders_sent: 1,
            ..d.clone()
        };
        assert_eq!(due(&d2, Side::First), Some(t + 21 * HOUR + 36 * 60_000));
    }
}
