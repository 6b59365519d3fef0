//! `tablero export`, `tablero replay` and `--record` through the binary: a
//! text record written by `export` is read back by `moves --record`, its
//! move lines by `moves --play`, and a replay is a GIF.

use std::process::Command;

fn tablero(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

const FOOLS_MATE: &str = "f3 e5 g4 Qh4#";

#[test]
fn exported_text_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let file = file.to_str().unwrap();
    let (_, err, ok) = tablero(&[
        "export", "chess", "--play", FOOLS_MATE, "--player", "Ana", "--player", "Bo", "-o", file,
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.starts_with("Game: chess (Chess)\n"), "{text}");
    assert!(text.contains("\nWhite: Ana\nBlack: Bo\n"), "{text}");
    assert!(text.ends_with("\n1. f3 e5\n2. g4 Qh4#\n"), "{text}");
    let (out, err, ok) = tablero(&["moves", "chess", "--record", file]);
    assert!(ok, "{err}");
    assert_eq!(out, "result: Black wins, checkmate\n");
    // The move lines alone, numbers and all.
    let (out, _, ok) = tablero(&["moves", "chess", "--play", "1. f3 e5 2. g4 Qh4# 0-1"]);
    assert!(ok);
    assert_eq!(out, "result: Black wins, checkmate\n");
    // A record of another game is refused, not replayed as this one.
    let (_, err, ok) = tablero(&["moves", "bloc", "--record", file]);
    assert!(!ok && err.contains("not of bloc"), "{err}");
}

#[test]
fn pgn_and_replay() {
    let (out, err, ok) = tablero(&["export", "chess", "--play", FOOLS_MATE, "--format", "pgn"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("[Event \"Tablero\"]\n"), "{out}");
    assert!(
        out.ends_with("\n1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n"),
        "{out}"
    );
    let (_, err, ok) = tablero(&["export", "bloc", "--format", "pgn"]);
    assert!(!ok && err.contains("no PGN"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("r.gif");
    let (_, err, ok) = tablero(&[
        "replay",
        "breakthrough",
        "--play",
        "a2-a3 h7-h6 b2-b3",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let bytes = std::fs::read(&gif).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    let (_, err, ok) = tablero(&["replay", "chess", "--play", "e4 e4", "-o", "x.gif"]);
    assert!(!ok && err.contains("e4"), "{err}");
}
