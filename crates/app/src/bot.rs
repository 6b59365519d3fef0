//! Starting the bot: configuration, store, and the front-ends to run.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tablero_store::Store;

use crate::config::{Adapter, Config};
use crate::console::{self, ConsoleOptions};
use crate::{App, BoardRenderer, Settings, SystemClock};

/// Where the configuration is read from: `path`, else `$TABLERO_CONFIG`,
/// else `config/tablero.toml` (optional).
pub fn load_config(path: Option<PathBuf>) -> Result<Config, String> {
    let (path, required) =
        match path.or_else(|| std::env::var_os("TABLERO_CONFIG").map(PathBuf::from)) {
            Some(p) => (p, true),
            None => (PathBuf::from("config/tablero.toml"), false),
        };
    Config::load(&path, required).map_err(|e| e.to_string())
}

/// Opens the store and builds the app of `config`.
pub fn open_app(config: &Config, renderer: Arc<dyn BoardRenderer>) -> Result<App, String> {
    let store = Store::open(&config.data_dir, config.cache_bytes).map_err(|e| {
        format!(
            "cannot open the store in {} ({e}); is another Tablero using it?",
            config.data_dir.display()
        )
    })?;
    let settings = Settings {
        language: config.language,
        channel_languages: config.channel_languages.clone(),
        default_move_limit_ms: config.default_move_limit_ms,
        challenge_expiry_ms: config.challenge_expiry_ms,
    };
    Ok(App::new(store, Arc::new(SystemClock), renderer, settings))
}

/// Runs the bot with the front-ends `config` asks for. The console runs when
/// no chat token is set.
pub fn run(config: Config, renderer: Arc<dyn BoardRenderer>) -> Result<(), String> {
    let adapters = config.adapters_to_run();
    for a in &adapters {
        let (name, var) = match a {
            Adapter::Console => continue,
            Adapter::Discord => ("Discord", "TABLERO_DISCORD_TOKEN"),
            Adapter::Telegram => ("Telegram", "TABLERO_TELEGRAM_TOKEN"),
        };
        return Err(format!(
            "the {name} front-end is not part of this build yet; unset {var} (or set adapters = [\"console\"]) to use the console"
        ));
    }
    let app = Arc::new(open_app(&config, renderer)?);
    let interactive = std::io::stdin().is_terminal();
    let opts = ConsoleOptions {
        boards_dir: config.boards_dir.clone(),
        user: config.console_user.clone(),
        channel: config.console_channel.clone(),
        interactive,
        diagrams: true,
    };
    if interactive {
        // A person may sit idle: post reminders and timeouts as they fall
        // due. (A script gets them before each line instead.)
        let app = app.clone();
        let opts = opts.clone();
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_secs(5));
                let notices = app.tick();
                if !notices.is_empty() {
                    let mut out = std::io::stdout().lock();
                    let _ = console::print_notices(&mut out, &notices, &opts);
                }
            }
        });
    }
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout();
    console::run(&app, stdin, &mut stdout, &opts).map_err(|e| format!("console: {e}"))?;
    app.store().flush().map_err(|e| e.to_string())
}
