use super::*;

fn parse(t: &str) -> Result<Config, ConfigError> {
    Config::parse(t, |_| None)
}

#[test]
fn the_example_parses() {
    let text = include_str!("../../../../config/tablero.example.toml");
    let c = parse(text).unwrap();
    assert_eq!(c.default_move_limit_ms, Some(72 * HOUR));
    assert_eq!(c.adapters_to_run(), vec![Adapter::Console]);
}

#[test]
fn secrets_never_show_in_debug() {
    let c = Config::parse("discord_token = \"file-secret-1\"", |k| {
        (k == "TABLERO_TELEGRAM_TOKEN").then(|| "env-secret-2".to_string())
    })
    .unwrap();
    assert_eq!(
        c.telegram_token.as_ref().map(Secret::expose),
        Some("env-secret-2")
    );
    assert_eq!(
        c.discord_token.as_ref().map(Secret::expose),
        Some("file-secret-1")
    );
    let shown = format!("{c:?} {c:#?}");
    assert!(
        !shown.contains("secret-1") && !shown.contains("secret-2"),
        "{shown}"
    );
}

#[test]
fn bad_values_name_their_key() {
    for (text, key) in [
        ("language = \"fr\"", "language"),
        (
            "[channel_languages]\ngeneral = \"de\"",
            "channel_languages.general",
        ),
        (
            "[time]\ndefault_move_limit = \"30m\"",
            "time.default_move_limit",
        ),
        (
            "[time]\ndefault_move_limit = \"soon\"",
            "time.default_move_limit",
        ),
        ("[time]\nchallenge_expiry = \"0h\"", "time.challenge_expiry"),
        ("adapters = [\"irc\"]", "adapters"),
        ("cache_mb = 0", "cache_mb"),
        ("colour = 3", "colour"),
        ("data_dir = 5", "data_dir"),
        ("[console]\nuser = \"\"", "console.user"),
        ("telegram = 3", "telegram"),
    ] {
        let e = parse(text).unwrap_err();
        assert!(e.to_string().contains(key), "{text}: {e}");
    }
}

#[test]
fn tokens_come_from_the_environment() {
    let c = Config::parse("", |k| {
        (k == "TABLERO_TELEGRAM_TOKEN").then(|| "secret".to_string())
    })
    .unwrap();
    assert_eq!(c.adapters_to_run(), vec![Adapter::Telegram]);
    let c = Config::parse("adapters = [\"console\"]", |k| {
        (k == "TABLERO_DISCORD_TOKEN").then(|| "secret".to_string())
    })
    .unwrap();
    assert_eq!(c.adapters_to_run(), vec![Adapter::Console]);
}

#[test]
fn front_end_sections_are_kept_for_their_front_ends() {
    #[derive(serde::Deserialize, Default, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Mine {
        guild_id: Option<u64>,
    }
    let c = parse("[discord]\nguild_id = 7").unwrap();
    assert_eq!(c.section::<Mine>("discord").unwrap().guild_id, Some(7));
    assert_eq!(c.section::<Mine>("telegram").unwrap(), Mine::default());
    let c = parse("[discord]\nguild = 7").unwrap();
    let e = c.section::<Mine>("discord").unwrap_err();
    assert!(e.0.contains("[discord]") && e.0.contains("guild"), "{e}");
}

#[test]
fn the_store_is_the_data_dir_unless_a_url_is_given() {
    assert_eq!(parse("").unwrap().store, StoreLocation::DataDir);
    let c = parse("store = \"postgres://bot@db:5432/tablero\"").unwrap();
    assert_eq!(
        c.store,
        StoreLocation::Url("postgres://bot@db:5432/tablero".into())
    );
    assert_eq!(
        parse("store = \"sled:/var/lib/tablero\"").unwrap().store,
        StoreLocation::Url("sled:/var/lib/tablero".into())
    );
    // The environment wins over the file.
    let c = Config::parse("store = \"sled:here\"", |k| {
        (k == "TABLERO_DATABASE_URL").then(|| "postgresql://u:pw@h/d".to_string())
    })
    .unwrap();
    assert_eq!(c.store, StoreLocation::Url("postgresql://u:pw@h/d".into()));
    // Debug output (logs, panics) never shows the URL.
    assert!(!format!("{c:?}").contains("pw"), "{c:?}");
    for bad in ["mysql://u:secret@h/d", "sled:", "data"] {
        let e = parse(&format!("store = {bad:?}")).unwrap_err();
        assert!(e.0.contains("`store`"), "{bad}: {e}");
        assert!(!e.0.contains("secret"), "{e}");
    }
    let e = Config::parse("", |k| {
        (k == "TABLERO_DATABASE_URL").then(|| "postgress://u:secret@h/d".to_string())
    })
    .unwrap_err();
    assert!(
        e.0.contains("TABLERO_DATABASE_URL") && !e.0.contains("secret"),
        "{e}"
    );
}

#[test]
fn move_limits() {
    assert_eq!(parse_move_limit("none"), Ok(None));
    assert_eq!(parse_move_limit("14d"), Ok(Some(14 * DAY)));
    assert!(parse_move_limit("15d").is_err());
    assert!(parse_move_limit("59m").is_err());
}
