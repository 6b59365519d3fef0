//! The command line against what an unlucky operator or a careless script
//! gives it: a closed pipe, an endless record file, a search asked to run
//! forever or with a search the game cannot use, a store copy from nowhere.

use std::io::Read;
use std::process::{Command, Stdio};

fn tablero() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
}

#[test]
fn a_closed_pipe_ends_the_output_without_a_panic() {
    let mut child = tablero()
        .args(["moves", "barrier"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 8];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}: {err}");
}

/// Runs `tablero ARGS`, which must fail and say `says` on stderr.
fn fails_saying(args: &[&str], says: &str) {
    let out = tablero().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(says), "{err}");
}

#[test]
fn an_endless_record_file_is_refused() {
    fails_saying(
        &["moves", "chess", "--record", "/dev/zero"],
        "not a game record",
    );
}

#[test]
fn searches_and_perft_are_bounded() {
    for args in [
        &["ai", "chess", "--think-ms", "18446744073709551615"][..],
        &["ai", "chess", "--nodes", "18446744073709551615"],
        &["perft", "chess", "99"],
    ] {
        let out = tablero().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
    }
    fails_saying(
        &["ai", "empuje", "--algo", "ab", "--nodes", "50"],
        "--algo mcts",
    );
}

#[test]
fn store_copy_from_nowhere_fails_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("missing/x");
    let to = dir.path().join("c1");
    let out = tablero()
        .args([
            "store",
            "copy",
            "--from",
            &format!("sled:{}", from.display()),
            "--to",
            &format!("sled:{}", to.display()),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(!dir.path().join("missing").exists());
}
