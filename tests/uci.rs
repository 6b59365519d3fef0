//! `tablero selfplay` against a UCI engine in another process: a tiny
//! engine written here, so that the suite needs no Stockfish. This test
//! binary is that engine too: started with `TABLERO_TINY_UCI` set (the
//! tests set it on `tablero`, whose engine process inherits it), its first
//! test speaks UCI on standard input and output instead of testing.
//!
//! The tiny engine offers `UCI_Variant` (chess, breakthrough) and `Skill
//! Level`; it plays the first legal move in the rules core's order, or at
//! `Skill Level` 0 a move that is not legal, and reports a score of −10
//! pawns for itself. With `TABLERO_TINY_UCI=chess-only` it offers no
//! `UCI_Variant`, as Stockfish does.

use std::io::{BufRead, Write};
use std::process::Command;
use std::sync::Once;

use tablero_engine::uci;
use tablero_rules::{AnyGame, GameId, Setup};

const MODE: &str = "TABLERO_TINY_UCI";

/// Whether this process is the tiny engine; if so, the first caller plays
/// it until `quit` and the others wait for it.
fn is_engine() -> bool {
    static ENGINE: Once = Once::new();
    let Ok(mode) = std::env::var(MODE) else {
        return false;
    };
    ENGINE.call_once(|| tiny_engine(&mode));
    true
}

fn tiny_engine(mode: &str) {
    let mut out = std::io::stdout().lock();
    // The test harness may have written `test NAME ... ` without its line
    // end: the engine's first line must not be glued to anything.
    let mut say = |text: &str| {
        writeln!(out, "{text}").unwrap();
        out.flush().unwrap();
    };
    say("");
    let mut game = GameId::Chess;
    let mut skill = 20;
    let mut position = None;
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say("id name Tiny 1.0");
                say("id author Tablero's tests");
                if mode != "chess-only" {
                    say(
                        "option name UCI_Variant type combo default chess var chess var breakthrough",
                    );
                }
                say("option name Skill Level type spin default 20 min 0 max 20");
                say("uciok");
            }
            Some("setoption") => {
                let text = line.trim_start_matches("setoption name ");
                let (name, value) = text.split_once(" value ").unwrap();
                match name {
                    "UCI_Variant" if value == "breakthrough" => game = GameId::Breakthrough,
                    "UCI_Variant" => game = GameId::Chess,
                    "Skill Level" => skill = value.parse().unwrap(),
                    _ => panic!("no option {name}"),
                }
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => position = None,
            Some("position") => {
                assert_eq!(words[1], "startpos");
                let mut g = AnyGame::new(game, &Setup::default()).unwrap();
                for m in words.iter().skip(3) {
                    let m = uci::from_uci(&g, m).unwrap();
                    g.play(&m).unwrap();
                }
                position = Some(g);
            }
            Some("go") => {
                let g = position.as_ref().unwrap();
                let first = &g.legal_moves()[0];
                let m = if skill == 0 {
                    "a1a8".to_string()
                } else {
                    uci::to_uci(g, first).unwrap()
                };
                say("info depth 1 score cp -1000 nodes 1 pv");
                say(&format!("bestmove {m}"));
            }
            Some("quit") => return,
            _ => {}
        }
    }
}

/// Runs `tablero` with the tiny engine reachable as this test binary.
fn tablero(args: &[&str], mode: &str) -> (String, String, bool) {
    let me = std::env::current_exe().unwrap();
    let args: Vec<String> = args
        .iter()
        .map(|a| a.replace("TINY", me.to_str().unwrap()))
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(&args)
        .env(MODE, mode)
        // One test at a time in the engine's process, so that the
        // harness's lines never cut through the engine's.
        .env("RUST_TEST_THREADS", "1")
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn a_match_against_a_uci_engine_is_played_and_scored() {
    if is_engine() {
        return;
    }
    // Breakthrough: `UCI_Variant` is set to it without being asked.
    let (out, err, ok) = tablero(
        &[
            "selfplay",
            "breakthrough",
            "--a",
            "level=4,nodes=3000",
            "--b",
            "uci:TINY",
            "--games",
            "2",
            "--nodes",
            "1",
            "--verbose",
        ],
        "full",
    );
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l == "B: Tiny 1.0"), "{out}");
    assert!(
        out.contains("2 games of breakthrough: A = level=4,nodes=3000, B = uci:"),
        "{out}"
    );
    assert!(
        out.contains("\nA wins 2, draws 0, losses 0: score 100.0 %\n"),
        "{out}"
    );
    assert!(
        // Two wins in two: the Wilson interval's lower bound is a score of
        // 2 / (2 + 1.96²) ≈ 0.34, −113 Elo.
        out.contains("Elo difference (A - B): +inf (95 %: -113 to +inf)"),
        "{out}"
    );
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games.iter().all(|g| g.contains(" Win (")), "{out}");
    // Chess, with the tiny engine on the other side and options passed.
    let (out, err, ok) = tablero(
        &[
            "selfplay",
            "chess",
            "--a",
            "uci:TINY,Skill Level=3,nodes=5",
            "--b",
            "level=3,nodes=2000",
            "--games",
            "2",
            "--adjudicate",
            "--verbose",
        ],
        "chess-only",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("\nA wins 0, draws 0, losses 2: score 0.0 %\n"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "A: Tiny 1.0"), "{out}");
}

#[test]
fn a_uci_engine_that_breaks_the_rules_ends_the_match_with_an_error() {
    if is_engine() {
        return;
    }
    let run = |b: &str, game: &str, mode: &str| {
        tablero(
            &[
                "selfplay", game, "--a", "1", "--b", b, "--games", "2", "--nodes", "1",
            ],
            mode,
        )
    };
    // An illegal move.
    let (_, err, ok) = run("uci:TINY,Skill Level=0", "chess", "full");
    assert!(!ok && err.contains("the engine's move `a1a8`"), "{err}");
    // An option it does not have.
    let (_, err, ok) = run("uci:TINY,Hash=16", "chess", "full");
    assert!(
        !ok && err.contains("the engine has no option `Hash`"),
        "{err}"
    );
    // A game it cannot be told of.
    let (_, err, ok) = run("uci:TINY", "breakthrough", "chess-only");
    assert!(!ok && err.contains("plays chess only"), "{err}");
    // A game UCI cannot write.
    let (_, err, ok) = run("uci:TINY", "bloc", "full");
    assert!(!ok && err.contains("no UCI notation for bloc"), "{err}");
    // No engine there.
    let (_, err, ok) = run("uci:/nonexistent/engine", "chess", "full");
    assert!(!ok && err.contains("/nonexistent/engine"), "{err}");
    // No budget for it.
    let (_, err, ok) = tablero(
        &[
            "selfplay", "chess", "--a", "1", "--b", "uci:TINY", "--games", "1",
        ],
        "full",
    );
    assert!(!ok && err.contains("needs a budget"), "{err}");
}
