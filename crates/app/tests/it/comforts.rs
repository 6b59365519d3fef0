//! Correspondence clocks through the app, with the hand-moved clock: a
//! Fischer clock's bank and cap, weekends off. Every expected time is
//! worked out by hand from the test clock's start, Thursday 2026-01-01
//! 00:00 UTC.

use tablero_app::testkit::Harness;

const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;
const DAY: i64 = 24 * HOUR;

fn text(h: &Harness, ch: &str, who: &str, said: &str) -> String {
    let r = h.say(ch, who, said).expect("a reply");
    assert!(!r.error, "{said}: {}", r.plain_text());
    r.plain_text()
}

fn notices(h: &Harness) -> Vec<String> {
    h.app()
        .tick()
        .into_iter()
        .map(|o| o.reply.plain_text())
        .collect()
}

#[test]
fn a_fischer_clock_adds_its_increment_up_to_its_cap_and_times_out_on_the_bank() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    let c = text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=1d+12h/2d",
    );
    assert!(c.contains("1d (+12h a move, at most 2d)"), "{c}");
    let s = text(&h, "general", "bob", "accept");
    assert!(s.contains("(1d left; +12h a move, at most 2d)"), "{s}");
    // Alice moves after 2 hours: 1d - 2h + 12h = 1d 10h in her bank.
    h.clock.advance(2 * HOUR);
    text(&h, "general", "alice", "a2-a3");
    // Bob moves after 1 hour: 1d - 1h + 12h = 1d 11h; alice's turn now
    // shows her bank.
    h.clock.advance(HOUR);
    let s = text(&h, "general", "bob", "a7-a6");
    assert!(s.contains("@alice (White) to move (1d 10h left"), "{s}");
    // Her reminders come at half (17 h) and 90 % (30 h 36 m) of 34 h.
    h.clock.advance(17 * HOUR - 1);
    assert!(notices(&h).is_empty());
    h.clock.advance(1);
    let n = notices(&h);
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].contains("17h left"), "{n:?}");
    // She runs out 34 hours after her turn began, not 24.
    h.clock.advance(17 * HOUR - 1);
    let n = notices(&h);
    assert!(n.iter().all(|n| !n.contains("ran out")), "{n:?}");
    h.clock.advance(1);
    let n = notices(&h);
    assert!(
        n.iter().any(|n| n.contains("@alice ran out of time")),
        "{n:?}"
    );
}

#[test]
fn a_quick_mover_is_refilled_only_to_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    // 3 days, +1 day a move, capped at the start: after a quick move
    // alice's bank is full again, 3d, never 4d.
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=3d+1d",
    );
    text(&h, "general", "bob", "accept");
    h.clock.advance(10 * MIN);
    text(&h, "general", "alice", "a2-a3");
    let s = text(&h, "general", "bob", "a7-a6");
    assert!(s.contains("@alice (White) to move (3d left"), "{s}");
}

#[test]
fn bad_fischer_clocks_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    for bad in [
        "time=3d+5d",    // an increment over the cap (the start)
        "time=3d+1d/2d", // a cap under the start
        "time=3d+0m",    // no increment
        "time=3d+1d/90d",
        "time=3d+x",
        "time=+1d",
    ] {
        let r = h
            .say(
                "general",
                "alice",
                &format!("challenge @bob breakthrough {bad}"),
            )
            .unwrap();
        assert!(r.error, "{bad}: {}", r.plain_text());
        assert!(
            r.plain_text().contains("Bad time limit"),
            "{bad}: {}",
            r.plain_text()
        );
    }
    let r = h
        .say(
            "general",
            "alice",
            "challenge @bob breakthrough weekends=maybe",
        )
        .unwrap();
    assert!(r.error, "{}", r.plain_text());
    // Nothing was made.
    let r = h.say("general", "bob", "accept").unwrap();
    assert!(r.error, "{}", r.plain_text());
}

#[test]
fn weekends_off_stop_the_clock_from_saturday_to_monday() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    let c = text(
        &h,
        "general",
        "alice",
        "desafiar @bob breakthrough tiempo=2d findes=no",
    );
    assert!(c.contains("2d (sin fines de semana) por jugada"), "{c}");
    // The game starts Thursday 00:00; alice's 2 days count Thursday and
    // Friday: she has until Saturday 00:00, and the reminder at 1 day.
    let s = text(&h, "general", "bob", "accept");
    assert!(s.contains("(2d left; weekends off)"), "{s}");
    // Alice moves on Friday at 12:00, 1d 12h in.
    h.clock.advance(DAY + 12 * HOUR);
    assert_eq!(notices(&h).len(), 1, "the reminder at half");
    text(&h, "general", "alice", "a2-a3");
    // Bob's turn begins Friday 12:00: 12 hours of Friday, the weekend
    // does not count, 36 hours from Monday: he runs out Tuesday 12:00.
    h.clock.advance(DAY + 11 * HOUR); // Saturday 23:00
    let n = notices(&h);
    assert!(n.iter().all(|n| !n.contains("ran out")), "{n:?}");
    let b = text(&h, "general", "bob", "board");
    // Saturday 23:00: 1d 12h still to count from Monday 00:00, so
    // 2d 13h of wall-clock time left.
    assert!(b.contains("2d 13h left"), "{b}");
    h.clock.advance(2 * DAY + 13 * HOUR - 1); // Tuesday 11:59:59.999
    let n = notices(&h);
    assert!(n.iter().all(|n| !n.contains("ran out")), "{n:?}");
    h.clock.advance(1);
    let n = notices(&h);
    assert!(
        n.iter().any(|n| n.contains("@bob ran out of time")),
        "{n:?}"
    );
}

/// The console's `/clock +1h` moves its clock, and what fell due is
/// shown at once; a clock is never moved back.
#[test]
fn the_console_clock_moves_forward_and_shows_what_fell_due() {
    use tablero_app::console::{ConsoleMode, ConsoleOptions, run};
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let opts = ConsoleOptions {
        boards_dir: dir.path().join("boards"),
        user: "alice".into(),
        channel: "general".into(),
        interactive: false,
        diagrams: false,
        mode: ConsoleMode::Addressed,
    };
    let script = "/as bob\nhi\n/as alice\nchallenge @bob breakthrough time=2h\n/as bob\naccept\n\
                  /clock\n/clock -1h\n/clock +59m\n/clock +1m\n/clock +1h\n";
    let mut out = Vec::new();
    run(h.app(), script.as_bytes(), &mut out, &opts).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("The console's clock shows 2026-01-01 00:00 UTC."),
        "{out}"
    );
    assert!(out.contains("`/clock -1h` cannot be done"), "{out}");
    let after_59 = out.split("moved forward 59m").nth(1).unwrap();
    let (first, rest) = after_59.split_once("moved forward 1m").unwrap();
    assert!(
        !first.contains("your move"),
        "nothing due at 00:59: {first}"
    );
    let (second, third) = rest.split_once("moved forward 1h").unwrap();
    assert!(
        second.contains("it is now 2026-01-01 01:00 UTC")
            && second.contains("@alice, it's your move in game #1 (Breakthrough): 1h left."),
        "{second}"
    );
    assert!(
        third.contains("@alice ran out of time in game #1."),
        "{third}"
    );
    assert_eq!(h.app().now_ms(), tablero_app::testkit::START_MS + 2 * HOUR);
}

fn refused(h: &Harness, ch: &str, who: &str, said: &str) -> String {
    let r = h.say(ch, who, said).expect("a reply");
    assert!(r.error, "{said}: {}", r.plain_text());
    r.plain_text()
}

fn board(h: &Harness, who: &str) -> String {
    text(h, "general", who, "board")
}

/// A vacation stops its taker's clocks, shows on the board, is charged
/// to a yearly allowance, can be ended for one game, and gives back what
/// was not used.
#[test]
fn a_vacation_stops_the_clock_and_is_charged_to_the_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=1d",
    );
    text(&h, "general", "bob", "accept");
    let v = text(&h, "general", "bob", "vacation");
    assert!(
        v.contains("You are not on vacation.")
            && v.contains("You have 30d of vacation left (30 days a year, at most 30 saved)."),
        "{v}"
    );
    refused(&h, "general", "alice", "vacation 31d");
    refused(&h, "general", "alice", "vacation soon");
    refused(&h, "general", "alice", "vacation 5d 2025-12-01");
    // Thursday 01:00: five days off, to Tuesday 6 January 01:00. One
    // hour of her turn has counted; 23 are left after the vacation.
    h.clock.advance(HOUR);
    let v = text(&h, "general", "alice", "vacation 5d");
    assert!(
        v.contains("Vacation from 2026-01-01 01:00 UTC until 2026-01-06 01:00 UTC")
            && v.contains("(1 game now)")
            && v.contains("You have 25d of vacation left"),
        "{v}"
    );
    refused(&h, "general", "alice", "vacation 1d");
    let g = text(&h, "general", "bob", "mygames");
    assert!(g.contains("on vacation until 2026-01-06 01:00 UTC"), "{g}");
    let b = board(&h, "bob");
    assert!(
        b.contains("@alice is on vacation until 2026-01-06 01:00 UTC.")
            && b.contains("(5d 23h left"),
        "{b}"
    );
    // Nothing falls due on the old schedule.
    h.clock.advance(DAY);
    assert!(notices(&h).is_empty());
    // She moves anyway on Saturday 01:00: asked whether to end it here.
    h.clock.advance(DAY);
    let s = text(&h, "general", "alice", "a2-a3");
    assert!(
        s.contains("you are on vacation, so your clock in this game stays stopped")
            && s.contains("vacation end #1"),
        "{s}"
    );
    // Bob answers an hour later, Saturday 02:00: her clock stands still
    // to Tuesday 01:00, then runs a day: 3d 23h.
    h.clock.advance(HOUR);
    let s = text(&h, "general", "bob", "a7-a6");
    assert!(s.contains("@alice (White) to move (3d 23h left"), "{s}");
    // She plays on here: the vacation stops counting in this game, and her
    // day runs from now.
    let e = text(&h, "general", "alice", "vacation end #1");
    assert!(e.contains("no longer counts in game #1"), "{e}");
    refused(&h, "general", "alice", "vacation end #1");
    assert!(board(&h, "bob").contains("(1d left)"));
    // Sunday 00:00 (2 days 23 hours after she took it): she ends it. What
    // was left, 25 days, plus 71 hours' accrual at 30 days a year (5 h
    // 50 m), plus the 2 days 1 hour unused: 27d 6h.
    h.clock.advance(22 * HOUR);
    let v = text(&h, "general", "alice", "vacation off");
    assert!(
        v.contains("Your vacation is over") && v.contains("You have 27d 6h of vacation left"),
        "{v}"
    );
    refused(&h, "general", "alice", "vacation off");
}

#[test]
fn quiet_hours_defer_reminders_and_a_timeout_to_their_end_in_the_players_zone() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    refused(&h, "general", "alice", "timezone Mars/Olympus");
    refused(&h, "general", "alice", "quiet 25-08");
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=10h",
    );
    text(&h, "general", "bob", "accept");
    // Set while the game runs: it takes them.
    let z = text(&h, "general", "alice", "timezone europe/madrid");
    assert!(
        z.contains("Your time zone is now Europe/Madrid") && z.contains("(1 game changed)"),
        "{z}"
    );
    let q = text(&h, "general", "alice", "quiet 23-08");
    assert!(q.contains("23:00-08:00 (Europe/Madrid)"), "{q}");
    // The turn began at 01:00 in Madrid. The reminder at half, 05:00 UTC,
    // is 06:00 in Madrid, inside her quiet hours: it waits for 08:00
    // (07:00 UTC).
    h.clock.advance(5 * HOUR);
    assert!(notices(&h).is_empty());
    h.clock.advance(2 * HOUR - 1);
    assert!(notices(&h).is_empty());
    h.clock.advance(1);
    let n = notices(&h);
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(
        n[0].contains("@alice, it's your move in game #1 (Breakthrough): 3h left."),
        "{n:?}"
    );
    // The game ends at 10:00 UTC (11:00 in Madrid), out of quiet hours.
    h.clock.advance(3 * HOUR);
    let n = notices(&h);
    assert!(
        n.iter().any(|n| n.contains("@alice ran out of time")),
        "{n:?}"
    );
}

#[test]
fn a_clock_never_runs_out_inside_the_movers_quiet_hours() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    // Bob writes Spanish from his first word.
    let z = text(&h, "general", "bob", "zona Europe/Madrid");
    assert!(z.contains("Tu zona horaria es ahora Europe/Madrid"), "{z}");
    let q = text(&h, "general", "bob", "silencio 23-08");
    assert!(q.contains("Tus horas de silencio son 23:00-08:00"), "{q}");
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=1d",
    );
    text(&h, "general", "bob", "accept");
    // Alice moves at once; bob's day would end on Friday 00:00 UTC,
    // 01:00 in Madrid, in his quiet hours: it ends at 08:00 there, 07:00
    // UTC.
    text(&h, "general", "alice", "a2-a3");
    h.clock.advance(DAY + 7 * HOUR - 1);
    let n = notices(&h);
    assert!(n.iter().all(|n| !n.contains("acabó")), "{n:?}");
    h.clock.advance(1);
    let n = notices(&h);
    // Told in bob's language.
    assert!(
        n.iter()
            .any(|n| n.contains("A @bob se le acabó el tiempo en la partida #1")),
        "{n:?}"
    );
}

/// A pause is offered as a draw is, stops both clocks once agreed, ends
/// with the next move, and an offer lapses after a day.
#[test]
fn a_pause_by_agreement_stops_both_clocks_until_a_move_and_offers_lapse() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=1d",
    );
    text(&h, "general", "bob", "accept");
    refused(&h, "general", "bob", "pause accept");
    refused(&h, "general", "alice", "pause 10m");
    let o = text(&h, "general", "alice", "pause 3d");
    assert!(o.contains("@alice offers a pause of 3d in game #1"), "{o}");
    refused(&h, "general", "alice", "pause 2d");
    refused(&h, "general", "alice", "pause accept");
    // Bob agrees at 01:00: alice's clock, 1 hour used, stops until
    // Sunday 01:00, then has 23 hours: 3d 23h left.
    h.clock.advance(HOUR);
    let a = text(&h, "general", "bob", "pause accept");
    assert!(
        a.contains("both clocks of game #1 stop until 2026-01-04 01:00 UTC"),
        "{a}"
    );
    let b = board(&h, "bob");
    assert!(
        b.contains("(3d 23h left)")
            && b.contains("Paused by agreement until 2026-01-04 01:00 UTC."),
        "{b}"
    );
    // Nothing falls due meanwhile.
    h.clock.advance(DAY);
    assert!(notices(&h).is_empty());
    // Her move on Saturday 01:00 ends the pause: bob's day runs at once.
    h.clock.advance(DAY);
    let s = text(&h, "general", "alice", "a2-a3");
    assert!(s.contains("@bob (Black) to move (1d left)"), "{s}");
    assert!(!s.contains("Paused"), "{s}");
    // An offer not answered within a day lapses.
    text(&h, "general", "bob", "pause 2d");
    h.clock.advance(DAY / 2);
    let d = text(&h, "general", "alice", "pause decline");
    assert!(d.contains("@alice declines the pause in game #1"), "{d}");
    text(&h, "general", "bob", "pausa 2d");
    h.clock.advance(DAY);
    refused(&h, "general", "alice", "pause accept");
    // No offer stopped bob's day, which began with alice's move 1d 12h
    // ago: he has run out.
    let n = notices(&h);
    assert!(n.iter().any(|n| n.contains("ran out of time")), "{n:?}");
}

/// The daily digest comes once a day to the player's private chat, only
/// once they opened one, listing the games where it is their move,
/// soonest deadline first, each with a button; `reminders digest` then
/// quiets each game's own reminders.
#[test]
fn the_daily_digest_lists_my_moves_soonest_first_in_my_private_chat_once_a_day() {
    use tablero_app::console::direct_incoming;
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.say("general", "bob", "hi");
    h.say("side", "carl", "hi");
    // Thursday 00:00: alice is to move in both, until Sunday 00:00 here
    // and Saturday 00:00 there.
    text(
        &h,
        "general",
        "alice",
        "challenge @bob breakthrough time=3d",
    );
    text(&h, "general", "bob", "accept");
    text(&h, "side", "alice", "challenge @carl breakthrough time=2d");
    text(&h, "side", "carl", "accept");
    let d = text(&h, "general", "alice", "digest 09:00");
    assert!(
        d.contains("Your daily digest comes at 09:00 (UTC)")
            && d.contains("The next: 2026-01-01 09:00 UTC.")
            && d.contains("Write to the bot in a private chat once"),
        "{d}"
    );
    refused(&h, "general", "alice", "digest 25:00");
    // 09:00: no private chat yet, nothing is sent.
    h.clock.advance(9 * HOUR);
    let n = h.app().tick();
    assert!(n.is_empty(), "{n:#?}");
    // She writes to the bot privately and asks for the digest alone.
    let r = h
        .app()
        .handle(&direct_incoming("alice", "reminders digest"))
        .unwrap();
    assert!(
        r.plain_text().contains("only your daily digest"),
        "{}",
        r.plain_text()
    );
    // Friday 09:00: the reminder due at 00:00 in `side` was for her and
    // stays quiet; the digest comes, once.
    h.clock.advance(DAY - 1);
    assert!(h.app().tick().is_empty());
    h.clock.advance(1);
    let n = h.app().tick();
    assert_eq!(n.len(), 1, "{n:#?}");
    assert_eq!(n[0].channel.channel, "@alice");
    let r = &n[0].reply;
    let lines: Vec<String> = r.plain_text().lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[0],
        "@alice, your daily digest: it is your move in 2 games, soonest deadline first."
    );
    assert!(
        lines[1]
            .ends_with("Breakthrough in #side against carl: 15h left, until 2026-01-03 00:00 UTC."),
        "{lines:?}"
    );
    assert!(
        lines[2].ends_with(
            "Breakthrough in #general against bob: 1d 15h left, until 2026-01-04 00:00 UTC."
        ),
        "{lines:?}"
    );
    // A button per game, soonest first, each opening its board.
    assert_eq!(r.open.len(), 2);
    assert_eq!(r.open[0].at.id, 1);
    let board = h.app().open_board(
        &tablero_app::ChannelKey::new(tablero_app::Platform::Console, "@alice"),
        &tablero_app::User {
            id: "alice".into(),
            name: "alice".into(),
        },
        &r.open[0].at,
    );
    assert!(
        board.plain_text().contains("carl"),
        "{}",
        board.plain_text()
    );
    assert!(h.app().tick().is_empty());
}
