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

/// `perft chess 10` and `ai cracovia --nodes 1000000000` are refused with
/// how long they would take, estimated from what ran (issue 42, item 11),
/// after the depths that fit; a request that fits runs.
#[test]
fn work_past_the_time_bound_is_refused_with_an_estimate() {
    let out = tablero()
        .args(["perft", "chess", "10", "--max-seconds", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("would take about") && err.contains("--max-seconds"),
        "{err}"
    );
    // The depths that fit were counted, and are right (published table).
    let counted = String::from_utf8_lossy(&out.stdout);
    assert!(counted.starts_with("1 20\n2 400\n3 8902\n"), "{counted}");
    let out = tablero()
        .args(["perft", "chess", "10", "--divide", "--max-seconds", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    fails_saying(
        &[
            "ai",
            "cracovia",
            "--nodes",
            "1000000000",
            "--max-seconds",
            "5",
        ],
        "would take about",
    );
    fails_saying(
        &["ai", "chess", "--think-ms", "600000", "--max-seconds", "60"],
        "would take about 10 min",
    );
    let out = tablero()
        .args(["perft", "chess", "3", "--max-seconds", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 20\n2 400\n3 8902\n"
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

/// A long argument is quoted back as a short excerpt, whoever rejects it:
/// clap, the rules core, or the command (issue 42, item 5).
#[test]
fn errors_quote_a_long_argument_briefly() {
    let huge = "Z".repeat(120_000);
    let cases: Vec<Vec<String>> = vec![
        vec!["perft".into(), "chess".into(), huge.clone()],
        vec!["perft".into(), huge.clone(), "1".into()],
        vec![
            "moves".into(),
            "chess".into(),
            "--play".into(),
            huge.clone(),
        ],
        vec!["moves".into(), "chess".into(), "--fen".into(), huge.clone()],
        vec![
            "moves".into(),
            "barrier".into(),
            "--param".into(),
            format!("size={huge}"),
        ],
        vec![
            "moves".into(),
            "barrier".into(),
            "--param".into(),
            format!("{huge}=1"),
        ],
        vec!["ai".into(), "chess".into(), "--level".into(), huge.clone()],
        vec![huge.clone()],
    ];
    for args in cases {
        let out = tablero().args(&args).output().unwrap();
        assert!(!out.status.success(), "{:?}", &args[0]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.len() < 2_000,
            "{:?}: {} bytes: {}",
            &args[0],
            err.len(),
            err.chars().take(300).collect::<String>()
        );
    }
}
