//! Join deadlines: a tournament that starts by itself when joining
//! closes, or is called off with too few players, across restarts.

use super::*;

/// The tournament notices among what the timers posted.
fn tournament_notices(h: &Harness) -> Vec<String> {
    h.app()
        .tick()
        .iter()
        .map(|o| o.reply.plain_text())
        .filter(|t| t.contains("ournament #") || t.contains("orneo #"))
        .collect()
}

/// Whether tournament `id` still has a deadline timer in the store.
fn deadline_timer(h: &Harness, id: u64) -> bool {
    h.app()
        .store()
        .due_timers(i64::MAX / 2)
        .unwrap()
        .iter()
        .any(|t| t.kind == tablero_store::TimerKind::Tournament && t.id == id)
}

const HOUR: i64 = 3_600_000;

/// `deadline=2d`: joining closes two days later, and the tournament
/// starts by itself then, even across a restart; it is shown when it
/// comes.
#[test]
fn a_join_deadline_starts_the_tournament_by_itself_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(dir.path());
    // The test kit's clock starts at 2026-01-01 00:00 UTC.
    for bad in [
        "deadline=1m",
        "deadline=61d",
        "deadline=2025-12-31",
        "deadline=2026-02-30",
        "deadline=soon",
        "deadline=",
    ] {
        let text = refused(
            &h,
            "ana",
            &format!("tournament create breakthrough roundrobin {bad}"),
        );
        assert!(text.contains("is not a time from now"), "{bad}: {text}");
    }
    assert!(
        h.app()
            .store()
            .channel_tournaments(&key())
            .unwrap()
            .is_empty()
    );
    let text = ok(
        &h,
        "ana",
        "tournament create breakthrough roundrobin deadline=2d",
    );
    assert!(
        text.contains("Joining closes on 2026-01-03 00:00 UTC; then it starts by itself"),
        "{text}"
    );
    assert!(deadline_timer(&h, 1));
    for p in ["ana", "bo", "cy", "di"] {
        ok(&h, p, "tournament join");
    }
    ok(&h, "di", "tournament leave");
    let shown = ok(&h, "di", "tournament");
    assert!(
        shown.contains("Joining closes on 2026-01-03 00:00 UTC"),
        "{shown}"
    );
    h.clock.advance(24 * HOUR);
    assert!(tournament_notices(&h).is_empty());
    h.open();
    h.clock.advance(24 * HOUR);
    let notices = tournament_notices(&h);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("Tournament #1 has begun!"),
        "{}",
        notices[0]
    );
    assert!(notices[0].contains("Round 1 of 3"), "{}", notices[0]);
    assert_eq!(core(&h, 1).phase(), Phase::Running);
    assert_eq!(to_play(&h, 1).len(), 1, "two of three play, one rests");
    assert!(!deadline_timer(&h, 1));
    // Once only.
    h.clock.advance(HOUR);
    assert!(tournament_notices(&h).is_empty());
    assert_eq!(doc(&h, 1).games.len(), 1);
    // Spanish: `plazo=` and a date.
    ok(&h, "ana", "idioma es");
    let text = ok(
        &h,
        "ana",
        "torneo crear breakthrough liga plazo=2026-01-05T18:30",
    );
    assert!(
        text.contains("La inscripción se cierra el 2026-01-05 18:30 UTC"),
        "{text}"
    );
}

/// A deadline that comes with too few players cancels the tournament
/// (with a message naming them); one started by hand before its deadline
/// is not started again when it comes.
#[test]
fn a_deadline_with_too_few_players_cancels_the_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    ok(
        &h,
        "ana",
        "tournament create chess swiss rounds=3 deadline=2026-01-02T12:00",
    );
    for p in ["ana", "bo", "cy"] {
        ok(&h, p, "tournament join");
    }
    // Three rounds of Swiss need four players.
    assert!(
        refused(&h, "ana", "tournament start").contains("at least 4 players to start; it has 3")
    );
    h.clock.advance(36 * HOUR - 60_000);
    assert!(tournament_notices(&h).is_empty());
    h.clock.advance(60_000);
    let notices = tournament_notices(&h);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains(
            "Joining tournament #1 has closed with 3 players; it needed at least 4 to start, so it is cancelled. @ana @bo @cy"
        ),
        "{}",
        notices[0]
    );
    assert_eq!(core(&h, 1).phase(), Phase::Cancelled);
    assert!(!deadline_timer(&h, 1));
    assert!(doc(&h, 1).games.is_empty());
    let before = doc(&h, 1);
    assert!(refused(&h, "di", "tournament join #1").contains("was cancelled"));
    assert!(refused(&h, "ana", "tournament start #1").contains("was cancelled"));
    assert!(
        press(&h, "di", false, 1, TourPress::Join)
            .plain_text()
            .contains("was cancelled")
    );
    assert_eq!(doc(&h, 1), before);
    let shown = ok(&h, "bo", "tournament");
    assert!(shown.contains("It was cancelled"), "{shown}");
    // Started by hand before its deadline: the deadline does nothing.
    ok(
        &h,
        "ana",
        "tournament create breakthrough roundrobin deadline=1d",
    );
    ok(&h, "ana", "tournament join #2");
    ok(&h, "bo", "tournament join #2");
    assert!(deadline_timer(&h, 2));
    ok(&h, "ana", "tournament start #2");
    assert!(!deadline_timer(&h, 2));
    h.clock.advance(25 * HOUR);
    assert!(
        tournament_notices(&h)
            .iter()
            .all(|n| !n.contains("has begun") && !n.contains("cancelled")),
    );
    assert_eq!(doc(&h, 2).games.len(), 1);
    let text = ok(&h, "bo", "tournament #1");
    assert!(text.contains("It was cancelled"), "{text}");
}
