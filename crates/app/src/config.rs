//! Start-up configuration: a TOML file (template in
//! `config/tablero.example.toml`) plus environment variables for secrets.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use tablero_rules::Lang;

use crate::clock::{DAY, HOUR, parse_duration};

/// The shortest and longest per-move time limits a challenge may ask for.
pub const MIN_MOVE_LIMIT_MS: i64 = HOUR;
pub const MAX_MOVE_LIMIT_MS: i64 = 14 * DAY;
/// The shortest interval between backups.
pub const MIN_BACKUP_EVERY_MS: i64 = 10 * 60 * 1000;

/// Which chat front-ends run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adapter {
    Console,
    Discord,
    Telegram,
}

/// Where the store lives.
#[derive(Clone, PartialEq, Eq)]
pub enum StoreLocation {
    /// The sled folder `data_dir`: one process, nothing to set up.
    DataDir,
    /// A URL for [`Store::open_url`](tablero_store::Store::open_url):
    /// `postgres://…` (several processes may share it) or `sled:PATH`.
    /// It may hold a password: show it with `Store::describe` once open,
    /// never as written.
    Url(String),
}

impl std::fmt::Debug for StoreLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreLocation::DataDir => f.write_str("DataDir"),
            StoreLocation::Url(u) => {
                let scheme = u.split(':').next().unwrap_or("");
                write!(f, "Url({scheme}:…)")
            }
        }
    }
}

impl StoreLocation {
    /// Reads `store`: `data_dir` (or empty) for the sled folder, else a
    /// `postgres://`, `postgresql://` or `sled:` URL.
    fn parse(key: &str, s: &str) -> Result<StoreLocation, ConfigError> {
        let s = s.trim();
        if s.is_empty() || s == "data_dir" {
            return Ok(StoreLocation::DataDir);
        }
        let known = ["postgres://", "postgresql://", "sled:"];
        if known.iter().any(|p| s.starts_with(p)) {
            if s == "sled:" {
                return Err(bad(key, "`sled:` needs a folder: sled:PATH"));
            }
            return Ok(StoreLocation::Url(s.to_string()));
        }
        // Not echoed: a mistyped URL may still carry a password.
        Err(bad(
            key,
            "expected \"data_dir\", postgres://USER@HOST:PORT/DB or sled:PATH",
        ))
    }
}

/// The settings the bot runs with.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The folder of the sled store (when `store` is
    /// [`StoreLocation::DataDir`]).
    pub data_dir: PathBuf,
    /// Where the store lives: `store` in the file, overridden by
    /// `TABLERO_DATABASE_URL`.
    pub store: StoreLocation,
    /// The language of users who have not chosen one.
    pub language: Lang,
    /// Per-channel defaults (by channel id, any platform), before `language`.
    pub channel_languages: Vec<(String, Lang)>,
    /// `None`: run Discord and Telegram where a token is set, else the
    /// console.
    pub adapters: Option<Vec<Adapter>>,
    /// The per-move time limit of a challenge that names none; `None` for
    /// no limit.
    pub default_move_limit_ms: Option<i64>,
    /// How long a challenge waits for an answer.
    pub challenge_expiry_ms: i64,
    /// Bytes of sled page cache.
    pub cache_bytes: u64,
    /// How often a sled store is backed up (`[store] backup_every`);
    /// `None`: never. On by default when a chat front-end runs.
    pub backup_every_ms: Option<i64>,
    /// How many of the newest backups are always kept (`[store]
    /// backup_keep`); besides them, the newest of each hour of the last
    /// day and of each day of the last week are kept.
    pub backup_keep: usize,
    /// Where backups go (`[store] backup_dir`; default: beside the sled
    /// folder, `<folder>-backups`).
    pub backup_dir: Option<PathBuf>,
    /// Console: where board images are written, who types and where.
    pub boards_dir: PathBuf,
    pub console_user: String,
    pub console_channel: String,
    /// How the console reads a channel's lines (`[console] mode`,
    /// `group` or `addressed`); `None`: a group chat at a terminal, every
    /// line for the bot from a pipe (scripts).
    pub console_mode: Option<ConsoleMode>,
    /// The bot as a player: searches at once (capped at the cores), and
    /// think time per move for every level (`None`: each level's own).
    pub bot_threads: usize,
    pub bot_think_ms: Option<u64>,
    /// What one user may hold open and send (`[limits]`).
    pub limits: Limits,
    /// Secrets, from the environment or the (uncommitted) file.
    pub discord_token: Option<Secret>,
    pub telegram_token: Option<Secret>,
    /// The front-ends' own sections (`[telegram]`, `[discord]`), as
    /// written: each front-end reads and checks its own with
    /// [`Config::section`].
    sections: std::collections::BTreeMap<String, toml::Table>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data_dir: PathBuf::from("data"),
            store: StoreLocation::DataDir,
            language: Lang::En,
            channel_languages: Vec::new(),
            adapters: None,
            default_move_limit_ms: Some(72 * HOUR),
            challenge_expiry_ms: DAY,
            cache_bytes: 16 << 20,
            backup_every_ms: None,
            backup_keep: DEFAULT_BACKUP_KEEP,
            backup_dir: None,
            boards_dir: PathBuf::from("boards"),
            console_user: "alice".into(),
            console_channel: "general".into(),
            console_mode: None,
            bot_threads: 2,
            bot_think_ms: None,
            limits: Limits::default(),
            discord_token: None,
            telegram_token: None,
            sections: std::collections::BTreeMap::new(),
        }
    }
}

/// How often the store is backed up when a chat front-end runs and the
/// configuration does not say.
pub const DEFAULT_BACKUP_EVERY_MS: i64 = 6 * HOUR;
/// How many backups are kept when the configuration does not say.
pub const DEFAULT_BACKUP_KEEP: usize = 8;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct File {
    data_dir: Option<String>,
    store: Option<StoreFile>,
    language: Option<String>,
    channel_languages: Option<std::collections::BTreeMap<String, String>>,
    adapters: Option<Vec<String>>,
    cache_mb: Option<u64>,
    time: Option<TimeFile>,
    console: Option<ConsoleFile>,
    bot: Option<BotFile>,
    limits: Option<LimitsFile>,
    telegram: Option<toml::Table>,
    discord: Option<toml::Table>,
    web: Option<toml::Table>,
    discord_token: Option<String>,
    telegram_token: Option<String>,
}

/// `store = "…"`, or a `[store]` table with the backups.
#[derive(Deserialize)]
#[serde(untagged)]
enum StoreFile {
    Location(String),
    Table(StoreTable),
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StoreTable {
    location: Option<String>,
    backup_every: Option<String>,
    backup_keep: Option<usize>,
    backup_dir: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TimeFile {
    default_move_limit: Option<String>,
    challenge_expiry: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ConsoleFile {
    boards_dir: Option<String>,
    user: Option<String>,
    channel: Option<String>,
    mode: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct LimitsFile {
    open_challenges_per_user: Option<usize>,
    open_challenges_per_channel: Option<usize>,
    games_per_user: Option<usize>,
    bot_games_per_user: Option<usize>,
    commands_per_minute: Option<usize>,
    heavy_jobs: Option<usize>,
    heavy_jobs_per_user: Option<usize>,
    vacation_days_per_year: Option<usize>,
    vacation_days_max: Option<usize>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BotFile {
    threads: Option<usize>,
    think_ms: Option<u64>,
}

impl File {
    /// Applies the file's keys to `c`; returns `[store] backup_every` as
    /// written (`Some(None)`: off), which waits for the adapters.
    fn apply(self, c: &mut Config) -> Result<Option<Option<i64>>, ConfigError> {
        if let Some(d) = self.data_dir {
            if d.trim().is_empty() {
                return Err(bad("data_dir", "must not be empty"));
            }
            c.data_dir = PathBuf::from(d);
        }
        let backup_every = match self.store {
            None => None,
            Some(StoreFile::Location(s)) => {
                c.store = StoreLocation::parse("store", &s)?;
                None
            }
            Some(StoreFile::Table(t)) => t.apply(c)?,
        };
        if let Some(l) = self.language {
            c.language = lang("language", &l)?;
        }
        for (ch, l) in self.channel_languages.unwrap_or_default() {
            let lang = lang(&format!("channel_languages.{ch}"), &l)?;
            c.channel_languages.push((ch, lang));
        }
        if let Some(list) = self.adapters {
            c.adapters = adapters(&list)?;
        }
        if let Some(mb) = self.cache_mb {
            c.cache_bytes = in_range("cache_mb", mb, 1..=4096)? << 20;
        }
        if let Some(t) = self.time {
            t.apply(c)?;
        }
        if let Some(con) = self.console {
            con.apply(c)?;
        }
        if let Some(b) = self.bot {
            b.apply(c)?;
        }
        if let Some(f) = self.limits {
            f.apply(&mut c.limits)?;
        }
        for (name, table) in [
            ("telegram", self.telegram),
            ("discord", self.discord),
            ("web", self.web),
        ] {
            if let Some(t) = table {
                c.sections.insert(name.into(), t);
            }
        }
        c.discord_token = self.discord_token.map(Secret);
        c.telegram_token = self.telegram_token.map(Secret);
        Ok(backup_every)
    }
}

impl StoreTable {
    fn apply(self, c: &mut Config) -> Result<Option<Option<i64>>, ConfigError> {
        if let Some(s) = self.location {
            c.store = StoreLocation::parse("store.location", &s)?;
        }
        if let Some(n) = self.backup_keep {
            c.backup_keep = in_range("store.backup_keep", n, 1..=1000)?;
        }
        if let Some(d) = self.backup_dir {
            c.backup_dir = Some(PathBuf::from(nonempty("store.backup_dir", d)?));
        }
        let Some(s) = self.backup_every else {
            return Ok(None);
        };
        Ok(Some(match s.trim().to_lowercase().as_str() {
            "off" | "none" | "no" | "never" => None,
            t => match parse_duration(t) {
                Some(ms) if (MIN_BACKUP_EVERY_MS..=30 * DAY).contains(&ms) => Some(ms),
                _ => {
                    return Err(bad(
                        "store.backup_every",
                        format!("`{s}` is not a duration from 10m to 30d, or off"),
                    ));
                }
            },
        }))
    }
}

impl TimeFile {
    fn apply(self, c: &mut Config) -> Result<(), ConfigError> {
        if let Some(s) = self.default_move_limit {
            c.default_move_limit_ms =
                parse_move_limit(&s).map_err(|e| bad("time.default_move_limit", e))?;
        }
        if let Some(s) = self.challenge_expiry {
            c.challenge_expiry_ms = match parse_duration(&s) {
                Some(ms) if (HOUR..=30 * DAY).contains(&ms) => ms,
                _ => {
                    return Err(bad(
                        "time.challenge_expiry",
                        format!("`{s}` is not a duration from 1h to 30d"),
                    ));
                }
            };
        }
        Ok(())
    }
}

impl ConsoleFile {
    fn apply(self, c: &mut Config) -> Result<(), ConfigError> {
        if let Some(d) = self.boards_dir {
            c.boards_dir = PathBuf::from(d);
        }
        if let Some(u) = self.user {
            c.console_user = nonempty("console.user", u)?;
        }
        if let Some(ch) = self.channel {
            c.console_channel = nonempty("console.channel", ch)?;
        }
        if let Some(m) = self.mode {
            c.console_mode =
                Some(ConsoleMode::parse(&m).ok_or_else(|| {
                    bad("console.mode", format!("`{m}` is not group or addressed"))
                })?);
        }
        Ok(())
    }
}

impl BotFile {
    fn apply(self, c: &mut Config) -> Result<(), ConfigError> {
        if let Some(n) = self.threads {
            c.bot_threads = in_range("bot.threads", n, 1..=64)?;
        }
        if let Some(ms) = self.think_ms {
            c.bot_think_ms = Some(in_range("bot.think_ms", ms, 10..=60_000)?);
        }
        Ok(())
    }
}

impl LimitsFile {
    fn apply(self, l: &mut Limits) -> Result<(), ConfigError> {
        for (key, value, slot) in [
            (
                "limits.open_challenges_per_user",
                self.open_challenges_per_user,
                &mut l.challenges_per_user,
            ),
            (
                "limits.open_challenges_per_channel",
                self.open_challenges_per_channel,
                &mut l.challenges_per_channel,
            ),
            (
                "limits.games_per_user",
                self.games_per_user,
                &mut l.games_per_user,
            ),
            (
                "limits.bot_games_per_user",
                self.bot_games_per_user,
                &mut l.bot_games_per_user,
            ),
            (
                "limits.commands_per_minute",
                self.commands_per_minute,
                &mut l.commands_per_minute,
            ),
            ("limits.heavy_jobs", self.heavy_jobs, &mut l.heavy_jobs),
            (
                "limits.heavy_jobs_per_user",
                self.heavy_jobs_per_user,
                &mut l.heavy_jobs_per_user,
            ),
        ] {
            if let Some(n) = value {
                *slot = in_range(key, n, 1..=100_000)?;
            }
        }
        for (key, value, slot) in [
            (
                "limits.vacation_days_per_year",
                self.vacation_days_per_year,
                &mut l.vacation_days_per_year,
            ),
            (
                "limits.vacation_days_max",
                self.vacation_days_max,
                &mut l.vacation_days_max,
            ),
        ] {
            if let Some(n) = value {
                *slot = in_range(key, n, 0..=365)? as u32;
            }
        }
        Ok(())
    }
}

/// `[adapters]`: `None` for `auto` (by the tokens present).
fn adapters(list: &[String]) -> Result<Option<Vec<Adapter>>, ConfigError> {
    let mut v = Vec::new();
    for a in list {
        v.push(match a.to_lowercase().as_str() {
            "auto" => return Ok(None),
            "console" => Adapter::Console,
            "discord" => Adapter::Discord,
            "telegram" => Adapter::Telegram,
            _ => {
                return Err(bad(
                    "adapters",
                    format!("`{a}` is not auto, console, discord or telegram"),
                ));
            }
        });
    }
    Ok((!v.is_empty()).then_some(v))
}

fn lang(key: &str, l: &str) -> Result<Lang, ConfigError> {
    Lang::parse(l).ok_or_else(|| bad(key, format!("`{l}` is not en or es")))
}

/// `n`, when it is within `range`; else an error naming `key` and the range.
fn in_range<T: PartialOrd + std::fmt::Display + Copy>(
    key: &str,
    n: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, ConfigError> {
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(bad(
            key,
            format!("must be from {} to {}", range.start(), range.end()),
        ))
    }
}

/// A bot token: its `Debug` never shows it, so no `{:?}` of a
/// configuration can leak it into a log.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// `token` as a secret (a token handed over by other means than the
    /// configuration).
    #[must_use]
    pub fn new(token: impl Into<String>) -> Secret {
        Secret(token.into())
    }

    /// The token itself, for the one call that sends it to the platform.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(hidden)")
    }
}

/// A configuration problem, naming the key at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad configuration: {}", self.0)
    }
}

impl std::error::Error for ConfigError {}

fn bad(key: &str, why: impl std::fmt::Display) -> ConfigError {
    ConfigError(format!("`{key}`: {why}"))
}

/// Reads a move limit: a duration from 1 h to 14 d, or `none`.
/// A front-end section's setting: the environment variable `var` when it
/// is set and not blank, else the file's `value`.
pub fn from_env(
    value: Option<String>,
    env: impl Fn(&str) -> Option<String>,
    var: &str,
) -> Option<String> {
    env(var).filter(|t| !t.trim().is_empty()).or(value)
}

/// Checks that setting `key`, when set, is an `http://` or `https://`
/// address.
pub fn check_http(key: &str, value: Option<&str>) -> Result<(), String> {
    match value {
        Some(v) if !(v.starts_with("http://") || v.starts_with("https://")) => Err(format!(
            "{key}: `{v}` is not an http:// or https:// address"
        )),
        _ => Ok(()),
    }
}

pub fn parse_move_limit(s: &str) -> Result<Option<i64>, crate::event::BadMoveLimit> {
    let t = s.trim().to_lowercase();
    if matches!(
        t.as_str(),
        "none" | "no" | "off" | "sin" | "ninguno" | "ilimitado"
    ) {
        return Ok(None);
    }
    match parse_duration(&t) {
        Some(ms) if (MIN_MOVE_LIMIT_MS..=MAX_MOVE_LIMIT_MS).contains(&ms) => Ok(Some(ms)),
        Some(ms) => Err(crate::event::BadMoveLimit::OutOfRange(ms)),
        None => Err(crate::event::BadMoveLimit::NotDuration(
            crate::event::brief(s),
        )),
    }
}

impl Config {
    /// Reads the TOML `text`, then the environment through `env`: each
    /// section of the file checks and applies its own keys.
    pub fn parse(text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let file: File = toml::from_str(text).map_err(|e| {
            // toml names the key (or the line) in its message.
            ConfigError(e.message().to_string() + &span_hint(text, e.span()))
        })?;
        let mut c = Config::default();
        let backup_every = file.apply(&mut c)?;
        c.apply_env(env)?;
        // Backups are on by default where people play (a chat front-end),
        // off for the console, which is for trying things out.
        c.backup_every_ms = backup_every.unwrap_or_else(|| {
            c.adapters_to_run()
                .iter()
                .any(|a| *a != Adapter::Console)
                .then_some(DEFAULT_BACKUP_EVERY_MS)
        });
        Ok(c)
    }

    /// The environment's settings, over the file's.
    fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        let set = |k: &str| env(k).filter(|t| !t.trim().is_empty());
        if let Some(t) = set("TABLERO_DISCORD_TOKEN") {
            self.discord_token = Some(Secret(t));
        }
        if let Some(t) = set("TABLERO_TELEGRAM_TOKEN") {
            self.telegram_token = Some(Secret(t));
        }
        if let Some(d) = set("TABLERO_DATA_DIR") {
            self.data_dir = PathBuf::from(d);
        }
        if let Some(u) = set("TABLERO_DATABASE_URL") {
            self.store = StoreLocation::parse("TABLERO_DATABASE_URL", &u)?;
        }
        Ok(())
    }

    /// The store as a URL for `Store::open_url` (`sled:PATH` for the data
    /// folder). It may hold a password: never show it.
    #[must_use]
    pub fn store_url(&self) -> String {
        match &self.store {
            StoreLocation::DataDir => format!("sled:{}", self.data_dir.display()),
            StoreLocation::Url(u) => u.clone(),
        }
    }

    /// The sled folder of the store, if it is a sled store.
    #[must_use]
    pub fn sled_dir(&self) -> Option<PathBuf> {
        match &self.store {
            StoreLocation::DataDir => Some(self.data_dir.clone()),
            StoreLocation::Url(u) => u.strip_prefix("sled:").map(PathBuf::from),
        }
    }

    /// Where backups are written, when they are on (a sled store only:
    /// PostgreSQL has its own tools, `pg_dump` and replication).
    #[must_use]
    pub fn backup_dir(&self) -> Option<PathBuf> {
        self.backup_every_ms?;
        let sled = self.sled_dir()?;
        Some(self.backup_dir.clone().unwrap_or_else(|| {
            let name = sled
                .file_name()
                .map_or_else(|| "data".into(), |n| n.to_string_lossy().into_owned());
            sled.with_file_name(format!("{name}-backups"))
        }))
    }

    /// Reads the file at `path` (missing is fine when `required` is false:
    /// the defaults apply) and the process environment.
    pub fn load(path: &Path, required: bool) -> Result<Config, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => String::new(),
            Err(e) => return Err(ConfigError(format!("{}: {e}", path.display()))),
        };
        Config::parse(&text, |k| std::env::var(k).ok())
            .map_err(|e| ConfigError(format!("{}: {}", path.display(), e.0)))
    }

    /// The section `[name]` of the file, read as a front-end's own `T`
    /// (which should deny unknown fields); the default when the file has
    /// none. An error names the key at fault, `name.key`.
    pub fn section<T: serde::de::DeserializeOwned + Default>(
        &self,
        name: &str,
    ) -> Result<T, ConfigError> {
        let Some(table) = self.sections.get(name) else {
            return Ok(T::default());
        };
        T::deserialize(toml::Value::Table(table.clone()))
            .map_err(|e| ConfigError(format!("[{name}]: {}", e.message())))
    }

    /// The adapters to run: as configured, or by the tokens present.
    #[must_use]
    pub fn adapters_to_run(&self) -> Vec<Adapter> {
        if let Some(a) = &self.adapters {
            return a.clone();
        }
        let mut v = Vec::new();
        if self.discord_token.is_some() {
            v.push(Adapter::Discord);
        }
        if self.telegram_token.is_some() {
            v.push(Adapter::Telegram);
        }
        if v.is_empty() {
            v.push(Adapter::Console);
        }
        v
    }
}

fn nonempty(key: &str, v: String) -> Result<String, ConfigError> {
    if v.trim().is_empty() {
        Err(bad(key, "must not be empty"))
    } else {
        Ok(v.trim().to_string())
    }
}

fn span_hint(text: &str, span: Option<std::ops::Range<usize>>) -> String {
    match span {
        Some(r) => {
            let line = text[..r.start.min(text.len())].matches('\n').count() + 1;
            let src = text.lines().nth(line - 1).unwrap_or("").trim();
            format!(" (line {line}: `{src}`)")
        }
        None => String::new(),
    }
}

/// The limits, each a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open challenges one user has, in all chats of a platform together.
    pub challenges_per_user: usize,
    /// Open challenges in one channel, everyone's together.
    pub challenges_per_channel: usize,
    /// Ongoing games of one user on a platform (against the bot included).
    pub games_per_user: usize,
    /// Ongoing games of one user against the bot.
    pub bot_games_per_user: usize,
    /// Commands (and plain-message moves) one user sends a minute.
    pub commands_per_minute: usize,
    /// Heavy jobs (replays, rating charts, leaderboard tables, bot
    /// searches) running at once in the process.
    pub heavy_jobs: usize,
    /// Of those, how many one user may have running; past it they are
    /// told to try again in a moment.
    pub heavy_jobs_per_user: usize,
    /// Vacation days a player earns a year (accruing day by day), and the
    /// most they can save up (a new player starts with that many).
    pub vacation_days_per_year: u32,
    pub vacation_days_max: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            challenges_per_user: 10,
            challenges_per_channel: 100,
            games_per_user: 100,
            bot_games_per_user: 5,
            commands_per_minute: 40,
            heavy_jobs: 4,
            heavy_jobs_per_user: 1,
            vacation_days_per_year: 30,
            vacation_days_max: 30,
        }
    }
}

/// How the console reads a line typed in a channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ConsoleMode {
    /// Every line is spoken to the bot.
    #[default]
    Addressed,
    /// A group chat: only `/commands`, lines mentioning the bot and
    /// replies to it (`>`) are spoken to it.
    Group,
}

impl ConsoleMode {
    /// `group` or `addressed` (the `[console] mode` setting).
    #[must_use]
    pub fn parse(s: &str) -> Option<ConsoleMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "group" => Some(ConsoleMode::Group),
            "addressed" => Some(ConsoleMode::Addressed),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
