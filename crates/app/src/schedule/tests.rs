//! Every expected moment here is worked out by hand from the calendar:
//! 2026-01-01 is a Thursday; in 2026 Madrid moves to summer time on
//! Sunday 29 March (02:00 CET becomes 03:00 CEST) and back on Sunday
//! 25 October (03:00 CEST becomes 02:00 CET).

use super::*;
use crate::clock::{HOUR, parse_utc};

fn utc(s: &str) -> i64 {
    parse_utc(s).unwrap()
}

fn madrid() -> TimeZone {
    zone("Europe/Madrid").unwrap()
}

#[test]
fn zones_are_iana_names() {
    assert_eq!(zone_name(&zone("europe/madrid").unwrap()), "Europe/Madrid");
    assert_eq!(zone_name(&zone("UTC").unwrap()), "UTC");
    for bad in [
        "",
        "Mars/Olympus",
        "+02:00",
        "Europe/Madrid/x",
        &"a".repeat(100),
    ] {
        assert!(zone(bad).is_none(), "{bad}");
    }
    assert_eq!(zone_name(&zone_or_utc(Some("nowhere"))), "UTC");
}

#[test]
fn times_of_day_and_daily_stretches() {
    assert_eq!(time_of_day("9"), Some(540));
    assert_eq!(time_of_day("09:00"), Some(540));
    assert_eq!(time_of_day("23:30"), Some(1410));
    for bad in ["", "24", "9:60", "nine", "123", "-1", "9:"] {
        assert_eq!(time_of_day(bad), None, "{bad}");
    }
    assert_eq!(
        Daily::parse("23-08"),
        Some(Daily {
            from: 1380,
            to: 480
        })
    );
    assert_eq!(Daily::parse("23-08").unwrap().text(), "23:00-08:00");
    assert_eq!(Daily::parse("8-8"), None);
    assert_eq!(Daily::parse("23"), None);
}

#[test]
fn without_stops_time_runs_straight() {
    let s = Stops::new(TimeZone::UTC, false, []);
    assert_eq!(s.advance(1_000, 5 * HOUR), 1_000 + 5 * HOUR);
    assert_eq!(s.counted(1_000, 1_000 + 5 * HOUR), 5 * HOUR);
    assert_eq!(s.counted(5, 1), 0);
}

#[test]
fn weekends_off_in_utc() {
    let s = Stops::new(TimeZone::UTC, true, []);
    // Thursday 00:00 plus three days: Thursday and Friday count, the
    // weekend does not, Monday does: Tuesday 00:00.
    assert_eq!(s.advance(utc("2026-01-01"), 3 * DAY), utc("2026-01-06"));
    assert_eq!(s.counted(utc("2026-01-01"), utc("2026-01-06")), 3 * DAY);
    // A turn begun on a Saturday starts counting on Monday.
    assert_eq!(
        s.advance(utc("2026-01-03T15:00"), HOUR),
        utc("2026-01-05T01:00")
    );
    assert_eq!(
        s.counted(utc("2026-01-03T15:00"), utc("2026-01-04T20:00")),
        0
    );
    // Friday 23:00 to Monday 01:00 counts two hours.
    assert_eq!(
        s.counted(utc("2026-01-02T23:00"), utc("2026-01-05T01:00")),
        2 * HOUR
    );
    // Ending exactly when the weekend begins.
    assert_eq!(s.advance(utc("2026-01-02T23:00"), HOUR), utc("2026-01-03"));
    // Ten days from a Monday: two working weeks, used up the moment the
    // second weekend begins; eleven run on to the Monday after it.
    assert_eq!(s.advance(utc("2026-01-05"), 10 * DAY), utc("2026-01-17"));
    assert_eq!(s.advance(utc("2026-01-05"), 11 * DAY), utc("2026-01-20"));
}

#[test]
fn weekends_follow_the_players_zone_across_daylight_saving() {
    let s = Stops::new(madrid(), true, []);
    // Spring: the Madrid weekend runs from Friday 27 March 23:00 UTC
    // (Saturday 00:00 CET) to Sunday 29 March 22:00 UTC (Monday 00:00
    // CEST): 47 hours. Friday 12:00 UTC plus 24 h: 11 h to the weekend,
    // 13 h after it.
    assert_eq!(
        s.advance(utc("2026-03-27T12:00"), 24 * HOUR),
        utc("2026-03-30T11:00")
    );
    assert_eq!(
        s.counted(utc("2026-03-27T12:00"), utc("2026-03-30T11:00")),
        24 * HOUR
    );
    // Autumn: Friday 23 October 22:00 UTC to Sunday 25 October 23:00 UTC,
    // 49 hours.
    assert_eq!(
        s.advance(utc("2026-10-23T21:00"), 2 * HOUR),
        utc("2026-10-26T00:00")
    );
}

#[test]
fn spans_stop_the_clock_and_join_weekends() {
    let vacation = (utc("2026-01-02"), utc("2026-01-04"));
    let s = Stops::new(TimeZone::UTC, false, [vacation]);
    // One day before the vacation, one after it.
    assert_eq!(s.advance(utc("2026-01-01"), 2 * DAY), utc("2026-01-05"));
    assert_eq!(s.counted(utc("2026-01-01"), utc("2026-01-05")), 2 * DAY);
    // Begun inside the vacation: counting starts when it ends.
    assert_eq!(s.advance(utc("2026-01-03"), HOUR), utc("2026-01-04T01:00"));
    // A vacation from Friday to Sunday noon joins the weekend after it:
    // stopped from Friday to Monday.
    let s = Stops::new(
        TimeZone::UTC,
        true,
        [(utc("2026-01-02"), utc("2026-01-04T12:00"))],
    );
    assert_eq!(s.advance(utc("2026-01-01"), 2 * DAY), utc("2026-01-06"));
    // Empty and backward spans are nothing.
    let s = Stops::new(TimeZone::UTC, false, [(5, 5), (9, 2)]);
    assert_eq!(s.advance(0, 10), 10);
}

#[test]
fn quiet_hours_push_a_moment_to_their_end() {
    let q = Daily::parse("23-08");
    // 23:30 in Madrid on 1 January (22:30 UTC): quiet until 08:00 CET
    // the next day, 07:00 UTC.
    assert_eq!(
        after_quiet(utc("2026-01-01T22:30"), &madrid(), q),
        utc("2026-01-02T07:00")
    );
    // 22:59 in Madrid is not quiet.
    let t = utc("2026-01-01T21:59");
    assert_eq!(after_quiet(t, &madrid(), q), t);
    // 01:30 CET on the night summer time starts: quiet until 08:00 CEST,
    // 06:00 UTC.
    assert_eq!(
        after_quiet(utc("2026-03-29T00:30"), &madrid(), q),
        utc("2026-03-29T06:00")
    );
    // Quiet hours within a day.
    let q = Daily::parse("1-6");
    assert_eq!(
        after_quiet(utc("2026-01-01T03:00"), &TimeZone::UTC, q),
        utc("2026-01-01T06:00")
    );
    assert_eq!(after_quiet(77, &TimeZone::UTC, None), 77);
}

#[test]
fn a_daily_time_comes_next_in_the_zone() {
    // 09:00 in Madrid: on Saturday 28 March at 12:00 UTC that moment has
    // passed (08:00 UTC); the next is Sunday 09:00 CEST, 07:00 UTC.
    assert_eq!(
        next_daily(utc("2026-03-28T12:00"), &madrid(), 540),
        utc("2026-03-29T07:00")
    );
    assert_eq!(
        next_daily(utc("2026-03-28T07:59"), &madrid(), 540),
        utc("2026-03-28T08:00")
    );
}

#[test]
fn moments_are_written_in_the_readers_zone() {
    assert_eq!(
        format_in(utc("2026-03-29T07:00"), &madrid()),
        "2026-03-29 09:00 Europe/Madrid"
    );
    assert_eq!(
        format_in(utc("2026-01-01T07:05"), &TimeZone::UTC),
        "2026-01-01 07:05 UTC"
    );
}
