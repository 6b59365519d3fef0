//! Starting the bot: configuration, store, and the front-ends to run.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use tablero_store::{Store, StoreError};

use crate::clock::Clock;
use crate::config::{Adapter, Config, StoreLocation};
use crate::console::{self, ConsoleOptions};
use crate::{App, BoardRenderer, Platform, Settings, SystemClock};

/// Runs a chat front-end until it stops; it posts the notices of its
/// platform's mailbox ([`App::notices`]) with one pump.
pub type RunFrontend = Box<dyn FnOnce(Arc<App>, Config) -> Result<(), String> + Send>;

/// A chat front-end built into the binary (Telegram, Discord): it serves
/// in a thread of its own.
pub struct Frontend {
    pub adapter: Adapter,
    /// The platform of its channels: notices go to its mailbox.
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
        StoreLocation::DataDir => Store::open(&config.data_dir, config.cache_bytes)
            .map_err(|e| open_error(&e, &config.store_url(), config))?,
        // The error names the store without its password (the backends
        // describe themselves that way); the URL itself is never shown.
        StoreLocation::Url(url) => Store::open_url(url, config.cache_bytes).map_err(|e| {
            let shown = match &e {
                StoreError::Damaged { store, .. } | StoreError::InUse { store } => store.clone(),
                _ => "STORE".into(),
            };
            open_error(&e, &shown, config)
        })?,
    };
    tracing::info!(store = %store.describe(), "store open");
    // The store's layout migrations run here, before any command is
    // served, and are named in the log (`tablero_store::migrations`).
    let migrated = store
        .migrate()
        .map_err(|e| format!("cannot bring the store up to date ({e})"))?;
    for m in migrated {
        tracing::info!(store = %store.describe(), number = m.number, "store migrated: {}", m.what);
    }
    // sled's recovery cut the log short: the operator must hear of it, and
    // of where the original files were kept, even without a log reader.
    for d in store.damage() {
        tracing::warn!(store = %store.describe(), part = %d.key, "store damaged: {}", d.why);
        eprintln!(
            "warning: the store {} was damaged: {}",
            store.describe(),
            d.why
        );
    }
    Ok(store)
}

/// What an operator reads when the store does not open: what is wrong and
/// what to do about it.
fn open_error(e: &StoreError, shown: &str, config: &Config) -> String {
    match e {
        StoreError::InUse { store } => {
            format!("cannot open the store {store}: another Tablero is using it")
        }
        StoreError::Damaged { .. } => {
            let backups = match config.backup_dir() {
                Some(dir) => format!(
                    " or restore the newest backup in {} (`tablero store copy --from sled:BACKUP --to sled:NEW`)",
                    dir.display()
                ),
                None => String::new(),
            };
            format!(
                "cannot open the store ({e}). Nothing was changed. See what is damaged with \
                 `tablero store check --store {shown}`, then copy what is readable into a new \
                 store with `tablero store salvage --from {shown} --to sled:NEW`{backups}, \
                 and point the configuration at the new store"
            )
        }
        _ => format!("cannot open the store ({e})"),
    }
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
        limits: config.limits,
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
    // The console alone may move its clock forward (`/clock +2d`).
    let clock: Arc<dyn crate::Clock> = if config.adapters_to_run() == [Adapter::Console] {
        Arc::new(crate::clock::OffsetClock::default())
    } else {
        Arc::new(SystemClock)
    };
    Ok(App::new(store, clock, renderer, settings))
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
    frontends: Vec<Frontend>,
) -> Result<(), String> {
    run_with_web(config, renderer, frontends, None)
}

/// The web front-end built into the binary (`tablero-web`), which the app
/// cannot name: it checks `[web]` before anything starts, and starts once
/// the app is open (told whether the console runs, where it is on by
/// default).
pub struct WebFrontend {
    pub check: fn(&Config) -> Result<(), String>,
    pub start: StartWeb,
}

/// Starts the web front-end: the app, the configuration, whether the
/// console runs.
pub type StartWeb =
    Box<dyn FnOnce(Arc<App>, &Config, bool) -> Result<Option<WebStarted>, String> + Send>;

/// A web front-end that runs.
pub struct WebStarted {
    /// Where it listens, as a browser on this machine reaches it.
    pub address: String,
    /// The address chat replies link to (`public_url`; in console mode,
    /// `address`), if any.
    pub links: Option<String>,
    /// Keeps it running; it stops when dropped.
    pub guard: Box<dyn Send>,
}

/// [`run_with`], and the web front-end when given.
pub fn run_with_web(
    config: Config,
    renderer: Arc<dyn BoardRenderer>,
    mut frontends: Vec<Frontend>,
    web: Option<WebFrontend>,
) -> Result<(), String> {
    for f in &frontends {
        (f.check)(&config)?;
    }
    if let Some(w) = &web {
        (w.check)(&config)?;
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
    // Stops when this function returns, like the ticker.
    let _backups = spawn_backups(app.store().clone(), &config);
    app.start_bots();
    let console = chosen.is_empty() || adapters.contains(&Adapter::Console);
    // Stops when this function returns.
    let _web = web.and_then(|w| start_web(&app, &config, w, console));
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
        mode: console_mode(&config, interactive),
    };
    if interactive {
        // A person may sit idle: post reminders and timeouts as they fall
        // due. (A script gets them before each line instead.)
        let app = app.clone();
        let opts = opts.clone();
        std::thread::spawn(move || {
            loop {
                for n in app.tick() {
                    app.post(n);
                }
                let notices = app.wait_notices(Platform::Console, TICK);
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

/// How the console reads a channel's lines: as set, else a group chat for
/// a person at a terminal and every line for the bot from a script.
fn console_mode(config: &Config, interactive: bool) -> console::ConsoleMode {
    config.console_mode.unwrap_or(if interactive {
        console::ConsoleMode::Group
    } else {
        console::ConsoleMode::Addressed
    })
}

/// Runs chat front-ends, each in its thread, with one ticker routing the
/// notices by platform; the console, if also asked for, in the foreground.
fn run_chats(
    app: Arc<App>,
    config: &Config,
    chosen: Vec<Frontend>,
    console_too: bool,
) -> Result<(), String> {
    let mut running = Vec::new();
    let (done_tx, done) = std::sync::mpsc::channel();
    for f in chosen {
        running.push(f.platform);
        let (app, config, run, done_tx) = (app.clone(), config.clone(), f.run, done_tx.clone());
        std::thread::spawn(move || {
            let _ = done_tx.send(run(app, config));
        });
    }
    drop(done_tx);
    if console_too {
        running.push(Platform::Console);
    }
    // Stops, and lets go of the app, when this function returns; then the
    // front-ends' notice pumps end too.
    let _closing = CloseNotices(app.clone());
    let _ticker = spawn_ticker(app.clone(), running);
    if console_too {
        let opts = ConsoleOptions {
            boards_dir: config.boards_dir.clone(),
            user: config.console_user.clone(),
            channel: config.console_channel.clone(),
            interactive: std::io::stdin().is_terminal(),
            diagrams: true,
            mode: console_mode(config, std::io::stdin().is_terminal()),
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

/// Closes the app's notice mailboxes when dropped.
struct CloseNotices(Arc<App>);

impl Drop for CloseNotices {
    fn drop(&mut self) {
        self.0.close_notices();
    }
}

/// Starts the thread that posts, every [`TICK`], what has fallen due
/// ([`App::tick`]: reminders, timeouts, expired challenges, a bot move
/// whose search was lost) to the mailbox of its platform
/// ([`App::notices`]), where the bot's moves go too; a notice for a
/// platform not `running` is logged and dropped. The thread runs until the
/// returned [`Ticker`] is dropped.
pub fn spawn_ticker(app: Arc<App>, running: Vec<Platform>) -> Ticker {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        // Nothing is ever sent: the channel closes when the Ticker drops.
        while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
            for n in app.tick() {
                if running.contains(&n.channel.platform) {
                    app.post(n);
                } else {
                    tracing::warn!(
                        platform = %n.channel.platform,
                        "a notice has no front-end running"
                    );
                }
            }
        }
    });
    Ticker {
        stop: Some(stop),
        thread: Some(thread),
    }
}

/// Starts the thread that backs the store up as `config` says (at once,
/// then every `backup_every`, each time only if the store changed since
/// the newest backup; old ones are removed by age), if backups are on; it stops when the
/// returned [`Ticker`] is dropped. A failed backup is logged and tried
/// again at the next interval.
pub fn spawn_backups(store: Store, config: &Config) -> Option<Ticker> {
    let (Some(every), Some(dir)) = (config.backup_every_ms, config.backup_dir()) else {
        return None;
    };
    let keep = config.backup_keep;
    let every = Duration::from_millis(u64::try_from(every).unwrap_or(u64::MAX));
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        loop {
            match store.backup_into(&dir, keep, SystemClock.now_ms()) {
                Ok(r) if r.taken => tracing::info!(
                    backup = %r.path.display(),
                    keys = r.keys,
                    removed = r.removed.len(),
                    "store backed up"
                ),
                Ok(r) => tracing::info!(
                    newest = %r.path.display(),
                    removed = r.removed.len(),
                    "store unchanged since the newest backup; none taken"
                ),
                Err(e) => tracing::error!(error = %e, dir = %dir.display(), "backup failed"),
            }
            if !matches!(stopped.recv_timeout(every), Err(RecvTimeoutError::Timeout)) {
                return;
            }
        }
    });
    Some(Ticker {
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// The thread of [`spawn_ticker`] or [`spawn_backups`]. Dropping it stops the thread at once
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

/// Starts the web front-end `w` for `app`: its address is printed in
/// console mode and links in replies point to it; a port that cannot be
/// had is a warning, and the bot runs on without the web.
pub(crate) fn start_web(
    app: &std::sync::Arc<App>,
    config: &crate::Config,
    w: WebFrontend,
    console: bool,
) -> Option<WebStarted> {
    match (w.start)(app.clone(), config, console) {
        Ok(Some(started)) => {
            app.set_web_base(started.links.clone());
            if console {
                println!("Watch the games on the web: {}/", started.address);
            }
            Some(started)
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!("web front-end not started: {e}");
            if console {
                println!(
                    "Warning: the web page is off: {e}. Set TABLERO_WEB_LISTEN to another address (or `off`)."
                );
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_for(dir: &std::path::Path, chat: bool) -> Config {
        let text = format!(
            "data_dir = {:?}\nadapters = [{:?}]\n",
            dir.display().to_string(),
            if chat { "telegram" } else { "console" }
        );
        Config::parse(&text, |_| None).unwrap()
    }

    #[test]
    fn a_damaged_store_is_refused_with_the_way_back_and_no_lock_hint() {
        let tmp = tempfile::tempdir().unwrap();
        let data = tmp.path().join("data");
        let config = config_for(&data, true);
        // A store that ran (opened twice: sled has written a snapshot).
        drop(open_store(&config).unwrap());
        drop(open_store(&config).unwrap());
        for entry in std::fs::read_dir(&data).unwrap() {
            let p = entry.unwrap().path();
            if p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("snap.")
            {
                std::fs::remove_file(p).unwrap();
            }
        }
        let e = open_store(&config).err().expect("refused");
        assert!(!e.contains("another Tablero"), "{e}");
        for words in [
            "snapshot",
            "tablero store check --store sled:",
            "tablero store salvage --from sled:",
            "data-backups",
            "store copy",
        ] {
            assert!(e.contains(words), "{words}: {e}");
        }
    }

    #[test]
    fn a_store_in_use_says_so() {
        let tmp = tempfile::tempdir().unwrap();
        let config = config_for(&tmp.path().join("data"), false);
        let _held = open_store(&config).unwrap();
        // sled's file lock is taken per open file, so a second opener in
        // this process is refused as another process would be (after
        // `LOCK_WAIT`).
        let e = open_store(&config).err().expect("refused");
        assert!(e.contains("another Tablero"), "{e}");
        assert!(!e.contains("salvage"), "{e}");
    }

    #[test]
    fn backups_are_on_for_chats_and_off_for_the_console() {
        let tmp = tempfile::tempdir().unwrap();
        let data = tmp.path().join("data");
        assert_eq!(
            config_for(&data, true).backup_dir(),
            Some(tmp.path().join("data-backups"))
        );
        assert_eq!(config_for(&data, false).backup_dir(), None);
        let c = Config::parse(
            "adapters = [\"telegram\"]\n[store]\nbackup_every = \"off\"",
            |_| None,
        )
        .unwrap();
        assert_eq!(c.backup_dir(), None);
        let c = Config::parse(
            "[store]\nlocation = \"sled:x\"\nbackup_every = \"1h\"\nbackup_keep = 3",
            |_| None,
        )
        .unwrap();
        assert_eq!(c.backup_dir(), Some(PathBuf::from("x-backups")));
        assert_eq!(c.backup_keep, 3);
        // PostgreSQL has its own tools.
        let c = Config::parse(
            "[store]\nlocation = \"postgres://u@h/d\"\nbackup_every = \"1h\"",
            |_| None,
        )
        .unwrap();
        assert_eq!(c.backup_dir(), None);
        for bad in ["backup_every = \"1m\"", "backup_keep = 0", "colour = 1"] {
            assert!(
                Config::parse(&format!("[store]\n{bad}"), |_| None).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn scheduled_backups_run_at_once_and_restore() {
        let tmp = tempfile::tempdir().unwrap();
        let data = tmp.path().join("data");
        let config = config_for(&data, true);
        let store = open_store(&config).unwrap();
        let ch = tablero_ids::ChannelKey::new(Platform::Console, "general");
        let mut b = store.batch();
        b.set_next_id(&ch, 7);
        store.commit(b).unwrap();
        let ticker = spawn_backups(store.clone(), &config).expect("backups on");
        let dir = config.backup_dir().unwrap();
        let start = std::time::Instant::now();
        let made = loop {
            let found: Vec<PathBuf> = std::fs::read_dir(&dir)
                .into_iter()
                .flatten()
                .map(|e| e.unwrap().path())
                .filter(|p| !p.to_string_lossy().ends_with(".partial"))
                .collect();
            if let [one] = found.as_slice() {
                break one.clone();
            }
            assert!(start.elapsed() < Duration::from_secs(60), "no backup");
            std::thread::sleep(Duration::from_millis(20));
        };
        drop(ticker);
        let backup =
            Store::open_existing_url(&format!("sled:{}", made.display()), 1 << 20).unwrap();
        assert_eq!(backup.next_id(&ch).unwrap(), 7);
    }
}
