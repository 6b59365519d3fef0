//! Starting the Telegram front-end through the app's start-up code.

use std::sync::Arc;

use tablero_app::FakeRenderer;
use tablero_app::bot::run_with;
use tablero_app::config::Config;

/// A configuration that asks for Telegram, with its data in `dir`.
fn telegram_config(dir: &tempfile::TempDir) -> Config {
    let text = format!(
        "data_dir = {:?}\nadapters = [\"telegram\"]\n",
        dir.path().join("data").display().to_string()
    );
    Config::parse(&text, |_| None).unwrap()
}

#[test]
fn telegram_without_a_token_says_what_to_set() {
    let dir = tempfile::tempdir().unwrap();
    let config = telegram_config(&dir);
    let err = run_with(
        config,
        Arc::new(FakeRenderer),
        vec![tablero_telegram::frontend()],
    )
    .unwrap_err();
    assert!(err.contains("TABLERO_TELEGRAM_TOKEN"), "{err}");
}

#[test]
fn a_build_without_the_front_end_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let config = telegram_config(&dir);
    let err = run_with(config, Arc::new(FakeRenderer), Vec::new()).unwrap_err();
    assert!(err.contains("not part of this build"), "{err}");
}
