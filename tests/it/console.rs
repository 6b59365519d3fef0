//! The `tablero` binary in console mode, driven through a pipe.

use std::io::Write;
use std::process::{Command, Stdio};

fn tablero(dir: &std::path::Path) -> Command {
    let cfg = dir.join("tablero.toml");
    if !cfg.exists() {
        std::fs::write(
            &cfg,
            format!(
                "data_dir = {:?}\n[console]\nboards_dir = {:?}\n",
                dir.join("data"),
                dir.join("boards")
            ),
        )
        .unwrap();
    }
    let mut c = Command::new(env!("CARGO_BIN_EXE_tablero"));
    c.arg("--config").arg(cfg);
    c.env_remove("TABLERO_DISCORD_TOKEN")
        .env_remove("TABLERO_TELEGRAM_TOKEN")
        .env_remove("TABLERO_DATA_DIR");
    c
}

fn run(mut c: Command, input: &str) -> (String, String, bool) {
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A child that refuses to start may be gone before it reads anything.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn a_scripted_console_session_plays_and_persists() {
    let dir = tempfile::tempdir().unwrap();
    let script = "/as bob\nhi\n/as alice\nchallenge @bob breakthrough\n/as bob\naccept\n\
                  /as alice\na2-a3\n/channel other\nboard\n/channel general\n/as bob\nh7-h6\n";
    let (out, err, ok) = run(tablero(dir.path()), script);
    assert!(ok, "{err}");
    assert!(
        out.contains("@alice played a2-a3 in #1. @bob (Black) to move"),
        "{out}"
    );
    assert!(
        out.contains("You are now in #other.\n✗ No game")
            || out.contains("No game is being played"),
        "{out}"
    );
    assert!(out.contains("@bob played h7-h6 in #1."), "{out}");
    // Boards are written as PNG files whose paths are printed, with a text board.
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("board: "))
        .expect("a board path");
    let png = std::fs::read(path).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(out.contains("\n3 P . . . . . . . 3\n"), "{out}");

    // A second run continues from the store.
    let (out, err, ok) = run(tablero(dir.path()), "history\n");
    assert!(ok, "{err}");
    assert!(out.contains("`breakthrough: a2-a3 h7-h6`"), "{out}");
}

#[test]
fn a_bad_config_value_stops_start_up_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tablero.toml"),
        "[time]\ndefault_move_limit = \"3 weeks\"\n",
    )
    .unwrap();
    let (_, err, ok) = run(tablero(dir.path()), "help\n");
    assert!(!ok);
    assert!(err.contains("time.default_move_limit"), "{err}");
}

#[test]
fn a_chat_front_end_that_cannot_connect_stops_without_printing_its_token() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = tablero(dir.path());
    // Discord's REST calls go to a closed local port: no network is used.
    c.env("TABLERO_DISCORD_TOKEN", "very-secret-token")
        .env("TABLERO_DISCORD_PROXY", "http://127.0.0.1:1");
    let (out, err, ok) = run(c, "help\n");
    assert!(!ok);
    assert!(err.contains("discord"), "{err}");
    assert!(!err.contains("very-secret") && !out.contains("very-secret"));
}

#[test]
fn a_whole_game_against_the_bot_in_the_console() {
    // The bot (level 1, 20 ms a move) answers each move before the next
    // line is read. The script sweeps White's pieces forward rank by rank;
    // a move that is not legal then is refused and changes nothing, so the
    // game goes on until one side breaks through.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tablero.toml"),
        format!(
            "data_dir = {:?}\n[console]\nboards_dir = {:?}\n[bot]\nthink_ms = 20\n",
            dir.path().join("data"),
            dir.path().join("boards")
        ),
    )
    .unwrap();
    let mut script = String::from("play breakthrough level=1 white\n");
    // Forward moves for White from every square of ranks 1 to 7, each file
    // in turn, straight then diagonally: illegal ones are refused and change
    // nothing, legal ones are played and answered. One sweep can leave
    // White's back pieces unmoved after the bot has taken its front ones,
    // so the sweep is made three times.
    for _ in 0..3 {
        for rank in 1..=7 {
            for file in "abcdefgh".chars() {
                let to = rank + 1;
                script.push_str(&format!("{file}{rank}-{file}{to}\n"));
                for d in [-1i32, 1] {
                    let f = (file as u8 as i32 + d) as u8 as char;
                    if ('a'..='h').contains(&f) {
                        script.push_str(&format!("{file}{rank}x{f}{to}\n{file}{rank}-{f}{to}\n"));
                    }
                }
            }
        }
    }
    script.push_str("history #1\n");
    let (out, err, ok) = run(tablero(dir.path()), &script);
    assert!(ok, "{err}");
    assert!(
        out.contains(
            "@tablero accepts. Game #1: Breakthrough, @alice (White) vs @tablero (Black, level 1)."
        ),
        "{out}"
    );
    // Every move of alice's is answered by the bot before the next line.
    let played = out.matches("@alice played ").count();
    let answered = out.matches("[general] @tablero played ").count();
    assert!(played > 0, "{out}");
    assert!(
        answered == played || answered + 1 == played,
        "{played} moves, {answered} answers\n{out}"
    );
    // The game ended: someone reached the last rank or took every piece.
    assert!(
        out.contains("wins: reached the last rank.") || out.contains("wins: no pieces left."),
        "{out}"
    );
}

/// The console as a group (`[console] mode = "group"`, a terminal's
/// default): chatter gets no answer, `/`, a mention and a reply speak to
/// the bot, a bare move plays; `/dm` opens a direct chat where every line
/// speaks to the bot and the player's games are reached from there
/// (issue 37).
#[test]
fn the_console_as_a_group_and_a_direct_chat_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tablero.toml"),
        format!(
            "data_dir = {:?}\n[console]\nboards_dir = {:?}\nmode = \"group\"\n",
            dir.path().join("data"),
            dir.path().join("boards")
        ),
    )
    .unwrap();
    let c = tablero(dir.path());
    let script = "hello everyone\n\
                  help\n\
                  /challenge @bob breakthrough\n\
                  /as bob\n\
                  @tablero accept\n\
                  /as alice\n\
                  a2-a3\n\
                  nice\n\
                  > board\n\
                  /dm\n\
                  mygames\n\
                  /as bob\n\
                  h7-h6\n";
    let (out, err, ok) = run(c, script);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Nothing answers chatter or a command word without `/` in a group.
    assert!(!out.contains("Unknown command"), "{out}");
    assert!(!out.contains("`help` lists"), "{out}");
    assert!(
        out.contains("@alice challenges @bob to Breakthrough (#1)"),
        "{out}"
    );
    assert!(out.contains("@bob accepts. Game #1"), "{out}");
    assert!(out.contains("@alice played a2-a3 in #1"), "{out}");
    // `> board` replies to the bot: the board of #1 again.
    assert!(
        lines.iter().filter(|l| l.starts_with("board: ")).count() >= 3,
        "{out}"
    );
    // The direct chat lists alice's games, and bob plays #1 from his.
    assert!(out.contains("You are now in your direct chat"), "{out}");
    assert!(out.contains("Breakthrough"), "{out}");
    assert!(out.contains("@bob played h7-h6 in #1"), "{out}");
}
