//! What a Swiss bye scores: FIDE's 1 unless the organiser says `bye=½`
//! or `bye=0` when creating it.

use super::*;

/// Three players, two rounds, `bye=½`. Seeded ana 1, bo 2, cy 3 (names,
/// nobody rated). By hand: round 1 gives the bye to the lowest, cy, and
/// pairs ana with bo; bo resigns. Round 2: cy has had the bye, so it goes
/// to the lowest score left, bo (0); ana meets cy, and cy resigns.
/// Final: ana 2 (two wins), bo ½ and cy ½ (a half-point bye and a loss
/// each).
#[test]
fn a_half_point_bye_is_scored_half_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let text = ok(
        &h,
        "ana",
        "tournament create breakthrough swiss rounds=2 bye=0.5",
    );
    assert!(text.contains("Swiss, 2 rounds, a bye scores ½"), "{text}");
    for p in ["ana", "bo", "cy"] {
        ok(&h, p, "tournament join");
    }
    ok(&h, "ana", "tournament start");
    let round_1 = core(&h, 1).current_round().unwrap().clone();
    let bye = round_1.bye.expect("three players: a bye");
    assert_eq!(
        (bye.player.0.as_str(), bye.points.to_string()),
        ("cy", "½".into())
    );
    let [(g, white, black)] = &to_play(&h, 1)[..] else {
        panic!("one game in round 1")
    };
    alphabet_resigns(&h, *g, white, black);
    let round_2 = core(&h, 1).current_round().unwrap().clone();
    assert_eq!(round_2.number, 2);
    assert_eq!(round_2.bye.expect("a bye").player.0, "bo");
    let [(g, white, black)] = &to_play(&h, 1)[..] else {
        panic!("one game in round 2")
    };
    let text = alphabet_resigns(&h, *g, white, black);
    assert!(text.contains("@ana wins!"), "{text}");
    let points: Vec<(String, String)> = core(&h, 1)
        .standings()
        .iter()
        .map(|s| (s.player.0.clone(), s.points.to_string()))
        .collect();
    let expected = [("ana", "2"), ("bo", "½"), ("cy", "½")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(p, n)| (p.to_string(), n.to_string()))
        .collect();
    assert_eq!(points, expected);
    let text = ok(&h, "bo", "tournament #1");
    assert!(text.contains("a bye scores ½"), "{text}");
}

/// Spanish words for it (eva's first words are Spanish, so she reads
/// Spanish; ana's were English), and refusals that name the word and change
/// nothing: a value other than 1, ½ or 0, and a bye in a round robin
/// (whose rests score nothing).
#[test]
fn bye_values_in_spanish_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let text = refused(&h, "ana", "tournament create chess swiss rounds=3 bye=2");
    assert!(text.contains("`bye=2`: a bye scores `1`"), "{text}");
    let text = refused(&h, "eva", "torneo crear ajedrez liga descanso=1");
    assert!(
        text.contains("Una liga no tiene descansos puntuables"),
        "{text}"
    );
    assert!(
        h.app()
            .store()
            .channel_tournaments(&key())
            .unwrap()
            .is_empty()
    );
    let text = ok(&h, "eva", "torneo crear ajedrez suizo rondas=3 descanso=0");
    assert!(
        text.contains("suizo a 3 rondas, el descanso vale 0"),
        "{text}"
    );
    assert_eq!(
        core(&h, 1).settings().bye_points,
        tablero_tournament::Points::ZERO
    );
}
