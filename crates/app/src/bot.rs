//! Starting the bot: configuration, store, and the front-ends to run.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use tablero_store::Store;

use crate::config::{Adapter, Config, StoreLocation};
use crate::console::{self, ConsoleOptions};
use crate::{App, BoardRenderer, Outgoing, Platform, Settings, SystemClock};

/// Runs a chat front-end until it stops, posting the notices it receives.
pub type RunFrontend =
    Box<dyn FnOnce(Arc<App>, Config, Receiver<Outgoing>) -> Result<(), String> + Send>;

/// A chat front-end built into the binary (Telegram, Discord): it serves
/// in a thread of its own.
pub struct Frontend {
    pub adapter: Adapter,
    /// The platform of its channels: [`App::tick`]'s notices are routed by
    /// it.
    pub platform: Platform,
    /// Checks its own section of the configuration (and the environment),
    /// before anything starts: a typo in `[discord]` is reported even when
    /// only Telegram runs.
    pub check: fn(&Config) -> Result<(), String>,
    pub run: RunFrontend,
}

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

/// Opens the store `config` names: the sled folder `data_dir`, or the
/// database of `store` / `TABLERO_DATABASE_URL`.
pub fn open_store(config: &Config) -> Result<Store, String> {
    let store = match &config.store {
        StoreLocation::DataDir => {
            Store::open(&config.data_dir, config.cache_bytes).map_err(|e| {
                format!(
                    "cannot open the store in {} ({e}); is another Tablero using it?",
                    config.data_dir.display()
                )
            })?
        }
        // The error names the store without its password (the backends
        // describe themselves that way); the URL itself is never shown.
        StoreLocation::Url(url) => Store::open_url(url, config.cache_bytes)
            .map_err(|e| format!("cannot open the store ({e})"))?,
    };
    tracing::info!(store = %store.describe(), "store open");
    Ok(store)
}

/// Opens the store and builds the app of `config`.
pub fn open_app(config: &Config, renderer: Arc<dyn BoardRenderer>) -> Result<App, String> {
    let store = open_store(config)?;
    let settings = Settings {
        language: config.language,
        channel_languages: config.channel_languages.clone(),
        default_move_limit_ms: config.default_move_limit_ms,
        challenge_expiry_ms: config.challenge_expiry_ms,
        bot_threads: config.bot_threads,
        bot_think: config.bot_think_ms.map(Duration::from_millis),
        // Timers are claimed only for the front-ends this process runs.
        platforms: Some(
            config
                .adapters_to_run()
                .iter()
                .map(|a| match a {
                    Adapter::Console => Platform::Console,
                    Adapter::Discord => Platform::Discord,
                    Adapter::Telegram => Platform::Telegram,
                })
                .collect(),
        ),
        ..Settings::default()
    };
    Ok(App::new(store, Arc::new(SystemClock), renderer, settings))
}

/// Runs the bot with the front-ends `config` asks for. The console runs when
/// no chat token is set.
pub fn run(config: Config, renderer: Arc<dyn BoardRenderer>) -> Result<(), String> {
    run_with(config, renderer, Vec::new())
}

/// [`run`], with the chat front-ends this build has.
pub fn run_with(
    config: Config,
    renderer: Arc<dyn BoardRenderer>,
    mut frontends: Vec<Frontend>,
) -> Result<(), String> {
    for f in &frontends {
        (f.check)(&config)?;
    }
    let adapters = config.adapters_to_run();
    let mut chosen = Vec::new();
    for a in &adapters {
        let (name, var) = match a {
            Adapter::Console => continue,
            Adapter::Discord => ("Discord", "TABLERO_DISCORD_TOKEN"),
            Adapter::Telegram => ("Telegram", "TABLERO_TELEGRAM_TOKEN"),
        };
        match frontends.iter().position(|f| f.adapter == *a) {
            Some(i) => chosen.push(frontends.swap_remove(i)),
            None => {
                return Err(format!(
                    "the {name} front-end is not part of this build yet; unset {var} (or set adapters = [\"console\"]) to use the console"
                ));
            }
        }
    }
    let app = Arc::new(open_app(&config, renderer)?);
    app.start_bots();
    if !chosen.is_empty() {
        return run_chats(app, &config, chosen, adapters.contains(&Adapter::Console));
    }
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
                let mut notices = app.wait_notices(Platform::Console, TICK);
                notices.extend(app.tick());
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

/// Runs chat front-ends, each in its thread, with one ticker routing the
/// notices by platform; the console, if also asked for, in the foreground.
fn run_chats(
    app: Arc<App>,
    config: &Config,
    chosen: Vec<Frontend>,
    console_too: bool,
) -> Result<(), String> {
    let mut routes: Vec<(Platform, Sender<Outgoing>)> = Vec::new();
    let (done_tx, done) = std::sync::mpsc::channel();
    for f in chosen {
        let (tx, rx) = std::sync::mpsc::channel();
        routes.push((f.platform, tx));
        let (app, config, run, done_tx) = (app.clone(), config.clone(), f.run, done_tx.clone());
        std::thread::spawn(move || {
            let _ = done_tx.send(run(app, config, rx));
        });
    }
    drop(done_tx);
    // Stops, and lets go of the app, when this function returns.
    let _ticker = spawn_ticker(app.clone(), routes);
    if console_too {
        let opts = ConsoleOptions {
            boards_dir: config.boards_dir.clone(),
            user: config.console_user.clone(),
            channel: config.console_channel.clone(),
            interactive: std::io::stdin().is_terminal(),
            diagrams: true,
        };
        let stdin = std::io::stdin().lock();
        let mut stdout = std::io::stdout();
        console::run(&app, stdin, &mut stdout, &opts).map_err(|e| format!("console: {e}"))?;
    } else {
        // The first front-end to stop (an error, or Ctrl-C) ends the bot.
        let ended = done
            .recv()
            .unwrap_or_else(|_| Err("a front-end stopped unexpectedly".into()));
        app.store().flush().map_err(|e| e.to_string())?;
        return ended;
    }
    app.store().flush().map_err(|e| e.to_string())
}

/// How often what has fallen due is looked for: by the chat front-ends'
/// ticker, and between the interactive console's lines.
pub const TICK: Duration = Duration::from_secs(5);

/// Starts the thread that posts, every [`TICK`], what has fallen due
/// ([`App::tick`]: reminders, timeouts, expired challenges, a bot move
/// whose search was lost), each notice to the front-end of its platform.
/// Each chat front-end posts the bot's moves itself. The thread runs until
/// the returned [`Ticker`] is dropped.
pub fn spawn_ticker(app: Arc<App>, routes: Vec<(Platform, Sender<Outgoing>)>) -> Ticker {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        // Nothing is ever sent: the channel closes when the Ticker drops.
        while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
            for n in app.tick() {
                match routes.iter().find(|(p, _)| *p == n.channel.platform) {
                    Some((_, tx)) => {
                        let _ = tx.send(n);
                    }
                    None => tracing::warn!(
                        platform = %n.channel.platform,
                        "a notice has no front-end running"
                    ),
                }
            }
        }
    });
    Ticker {
        stop: Some(stop),
        thread: Some(thread),
    }
}

/// The thread of [`spawn_ticker`]. Dropping it stops the thread at once
/// (not at the next tick) and waits for a tick under way to finish, so the
/// thread's hold on the app ends with it.
#[must_use = "the ticker stops when this is dropped"]
pub struct Ticker {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Ticker {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
