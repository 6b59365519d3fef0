//! Transcript tests: each `tests/transcripts/*.txt` is a conversation of
//! several users with the expected replies (format in
//! `tablero_app::testkit`). Set `TABLERO_BLESS=1` (as for the render goldens) to rewrite the files with the
//! actual replies, then review the diff.

use std::path::Path;

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let files = tablero_app::testkit::text_files(&dir);
    let bless = std::env::var_os("TABLERO_BLESS").is_some_and(|v| v == "1");
    let mut failed = Vec::new();
    for f in &files {
        let want = std::fs::read_to_string(f).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let got = tablero_app::testkit::run_transcript(&want, tmp.path());
        if got != want {
            if bless {
                std::fs::write(f, &got).unwrap();
            } else {
                let (w, g): (Vec<_>, Vec<_>) = (want.lines().collect(), got.lines().collect());
                let i = w
                    .iter()
                    .zip(&g)
                    .position(|(a, b)| a != b)
                    .unwrap_or(w.len().min(g.len()));
                eprintln!(
                    "{}: first difference at line {}\n  expected: {:?}\n  actual:   {:?}",
                    f.display(),
                    i + 1,
                    w.get(i),
                    g.get(i)
                );
                failed.push(f.display().to_string());
            }
        }
    }
    assert!(
        failed.is_empty(),
        "transcripts differ: {failed:?} (TABLERO_BLESS=1 rewrites them)"
    );
}
