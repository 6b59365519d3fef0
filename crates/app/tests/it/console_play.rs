//! The console prints each player's own board address (`play: URL`)
//! beside the game's page (`web: URL`) under a board of a game the
//! console's current user plays, and not for someone who only watches.

use tablero_app::console::{self, ConsoleOptions};
use tablero_app::testkit::Harness;
use tablero_rules::Lang;

fn options() -> ConsoleOptions {
    ConsoleOptions {
        boards_dir: std::env::temp_dir(),
        user: "ana".into(),
        channel: "general".into(),
        interactive: false,
        diagrams: false,
        mode: tablero_app::console::ConsoleMode::Addressed,
    }
}

/// The `play:` lines of `out`: the token and key of each.
fn plays(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter_map(|l| l.strip_prefix("play: http://web.test/g/"))
        .map(|rest| {
            let (t, k) = rest.split_once("/play/").unwrap();
            (t.to_string(), k.to_string())
        })
        .collect()
}

#[test]
fn the_console_gives_each_player_their_board() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    h.app().set_web_base(Some("http://web.test".into()));
    let input: &[u8] =
        b"challenge @bob chess white\n/as bob\naccept\n/as cleo\nboard\n/as ana\ne4\n";
    let mut out = Vec::new();
    console::run(h.app(), input, &mut out, &options()).unwrap();
    let out = String::from_utf8_lossy(&out);
    let lines = plays(&out);
    // Bob's after his accept (Black), none for Cleo, Ana's after e4
    // (White).
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].1.starts_with("1-") && lines[1].1.starts_with("0-"),
        "{out}"
    );
    assert_eq!(out.matches("web: http://web.test/g/").count(), 3, "{out}");
    // Each line is beside its board's page line, and its key works.
    for (token, key) in &lines {
        assert!(
            out.contains(&format!("web: http://web.test/g/{token}\n")),
            "{out}"
        );
        let v = h
            .app()
            .play_view(token, key, Lang::En)
            .expect("a working key");
        assert_eq!(v.page.number, 1);
    }
}
