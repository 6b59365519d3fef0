//! `review N` through the app, as people type it: a chess game where
//! White hangs the queen is reviewed, the review names that move with the
//! engine's better one, in English and Spanish; the chart and the boards
//! come as pictures; a game still being played, a number with no game and
//! another chat's game are refused with a clear message.

use tablero_app::place::Place;
use tablero_app::testkit::Harness;
use tablero_app::{ChannelKey, Platform, Reply};

fn said(h: &Harness, channel: &str, user: &str, text: &str) -> Reply {
    h.say(channel, user, text)
        .unwrap_or_else(|| panic!("no answer to {user}: {text}"))
}

/// Ana (White) and Bo play chess #1 in `general`: 1. e4 e5 2. Qh5 Nc6
/// 3. Qxe5+?? Nxe5 (the queen for a pawn), then Ana resigns.
fn queen_hung(h: &Harness) {
    said(h, "general", "bo", "help");
    said(h, "general", "ana", "challenge @bo chess white");
    said(h, "general", "bo", "accept");
    for (who, m) in [
        ("ana", "e4"),
        ("bo", "e5"),
        ("ana", "Qh5"),
        ("bo", "Nc6"),
        ("ana", "Qxe5+"),
        ("bo", "Nxe5"),
    ] {
        let r = said(h, "general", who, m);
        assert!(!r.error, "{who} {m}: {}", r.plain_text());
    }
    let _ = said(h, "general", "ana", "resign");
    let r = said(h, "general", "ana", "resign yes");
    assert!(!r.error, "{}", r.plain_text());
}

#[test]
fn the_review_names_the_hung_queen_and_a_better_move_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    queen_hung(&h);
    let r = said(&h, "general", "bo", "review #1");
    let text = r.plain_text();
    assert!(!r.error, "{text}");
    assert!(
        text.contains("Review of game #1 (Chess, ana – bo)"),
        "{text}"
    );
    assert!(text.contains("`3. Qxe5+` by ana (White)"), "{text}");
    assert!(text.contains("better was"), "{text}");
    // The chart first, then the board before the blunder with the
    // engine's move as an arrow, turned to White.
    assert!(r.album.len() >= 2, "{:?}", r.album);
    assert_eq!(r.album[0].name, "review-chess-1.png");
    let chart = String::from_utf8_lossy(&r.album[0].png).to_string();
    assert!(chart.starts_with("FAKEEVAL Review of game #1"), "{chart}");
    // Seven positions, the blunder marked where it led.
    assert!(chart.contains("3. Qxe5+@5"), "{chart}");
    let board = r
        .album
        .iter()
        .find(|p| p.name == "review-chess-1-5.png")
        .unwrap_or_else(|| panic!("{:?}", r.album.iter().map(|p| &p.name).collect::<Vec<_>>()));
    let drawn = String::from_utf8_lossy(&board.png).to_string();
    assert!(drawn.contains("ply=4 flip=false"), "{drawn}");
    assert!(drawn.contains("Arrow"), "{drawn}");
    assert!(
        board.caption.starts_with("3. Qxe5+ by ana"),
        "{}",
        board.caption
    );

    // In Spanish, with Spanish piece letters, by any of its names.
    said(&h, "general", "bo", "idioma es");
    for word in ["analisis #1", "análisis 1", "revisión #1"] {
        let r = said(&h, "general", "bo", word);
        let text = r.plain_text();
        assert!(!r.error, "{word}: {text}");
        assert!(text.contains("Análisis de la partida #1"), "{text}");
        assert!(text.contains("`3. Dxe5+` de ana (Blancas)"), "{text}");
        assert!(text.contains("era mejor"), "{text}");
        assert!(r.album[0].caption.starts_with("Análisis de la partida #1"));
    }
    // Without a number: the caller's newest finished game here.
    let r = said(&h, "general", "ana", "review");
    assert!(
        r.plain_text().contains("`3. Qxe5+` by ana"),
        "{}",
        r.plain_text()
    );
}

#[test]
fn reviews_of_games_that_cannot_be_reviewed_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    said(&h, "general", "bo", "help");
    // Nothing finished yet.
    let r = said(&h, "general", "ana", "review");
    assert!(r.error);
    assert!(
        r.plain_text().contains("no finished game here yet"),
        "{}",
        r.plain_text()
    );
    said(&h, "general", "ana", "challenge @bo breakthrough");
    said(&h, "general", "bo", "accept");
    // Still being played.
    let r = said(&h, "general", "ana", "review #1");
    assert!(r.error);
    assert!(r.album.is_empty());
    assert!(
        r.plain_text().contains("Game #1 is still being played"),
        "{}",
        r.plain_text()
    );
    said(&h, "general", "ana", "idioma es");
    let r = said(&h, "general", "ana", "analisis 1");
    assert!(
        r.plain_text().contains("aún se está jugando"),
        "{}",
        r.plain_text()
    );
    // No such game.
    let r = said(&h, "general", "bo", "review #9");
    assert!(r.error);
    assert!(
        r.plain_text().contains("There is no game #9"),
        "{}",
        r.plain_text()
    );
    // A typo in the number.
    let r = said(&h, "general", "bo", "review #x");
    assert!(r.error, "{}", r.plain_text());
    // Another chat's game, named by its place, by someone who never
    // played there.
    let _ = said(&h, "general", "ana", "resign");
    said(&h, "general", "ana", "resign yes");
    let place = Place::of(&ChannelKey::new(Platform::Console, "general"));
    let r = said(&h, "elsewhere", "cy", &format!("review #{place}1"));
    assert!(r.error);
    assert!(r.album.is_empty());
    assert!(
        r.plain_text()
            .contains(&format!("no ongoing game #{place}1")),
        "{}",
        r.plain_text()
    );
    // Here, the finished game is reviewed (a game with no big swing says so
    // or names its swings; either way, a chart).
    let r = said(&h, "general", "cy", "review #1");
    assert!(!r.error, "{}", r.plain_text());
    assert_eq!(r.album[0].name, "review-breakthrough-1.png");
}

/// The move count reads as a person would write it: "1 move" / "1
/// jugada" for a game resigned after one move, the plural otherwise (the
/// hung-queen game has 6).
#[test]
fn the_review_counts_its_moves_in_good_grammar() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    said(&h, "general", "ana", "challenge @bo chess white");
    said(&h, "general", "bo", "accept");
    said(&h, "general", "ana", "e4");
    let _ = said(&h, "general", "bo", "resign");
    said(&h, "general", "bo", "resign yes");
    let text = said(&h, "general", "ana", "review #1").plain_text();
    assert!(text.contains("(Chess, ana – bo), 1 move: "), "{text}");
    said(&h, "general", "ana", "lang es");
    let text = said(&h, "general", "ana", "analisis #1").plain_text();
    assert!(text.contains("(Ajedrez, ana – bo), 1 jugada: "), "{text}");
    queen_hung(&h);
    let text = said(&h, "general", "bo", "review #2").plain_text();
    // Six plies are three chess moves, as the board and the record count.
    assert!(text.contains("(Chess, ana – bo), 3 moves: "), "{text}");
}

/// The chart's axis ends at the game's last move as chess counts moves,
/// and its subtitle (one line of a fixed width) names the players and the
/// result without the rating line that did not fit.
#[test]
fn the_review_chart_counts_moves_and_keeps_its_subtitle_short() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    queen_hung(&h);
    let r = said(&h, "general", "bo", "review #1");
    let chart = String::from_utf8_lossy(&r.album[0].png).to_string();
    assert!(chart.ends_with("| 3 moves"), "{chart}");
    let subtitle = chart.split(" | ").nth(3).unwrap();
    assert_eq!(
        subtitle, "ana – bo · bo (Black) wins: resignation.",
        "{chart}"
    );
}
