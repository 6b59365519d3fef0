//! Tablero on Discord: every app command as a slash command (poise), boards
//! as embedded PNGs with move menus (select menus and buttons), notices
//! posted to their channels. Only translates: the app decides everything.
//!
//! Interactions are answered within Discord's three seconds: the app's
//! answer is awaited for [`DEFER_AFTER`], after which the interaction is
//! deferred and the answer follows when ready. Boards are posted as channel
//! messages (so the player to move is notified, and so the bot can disable
//! an outdated board's menus at any later time, which an interaction's
//! token allows for only 15 minutes).
//!
//! Start it with [`run`] (its own runtime, for the binary) or build a
//! client with [`client`] (tests drive one against a fake Discord).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{GatewayIntents, GuildId, HttpBuilder};
use tablero_app::config::{Config, check_http, from_env};
use tablero_app::{App, User};

pub mod commands;
pub mod deliver;
pub mod ids;
pub mod presses;
pub mod threads;
pub mod userapp;
pub mod view;

/// The platform name of Discord channels and users in the store.
pub const PLATFORM: tablero_app::Platform = tablero_app::Platform::Discord;

/// How long an interaction waits for the app before it is deferred.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Waits for the app's answer `job`; past [`DEFER_AFTER`] it runs `defer`
/// (deferring or acknowledging the interaction, within Discord's three
/// seconds) and then waits on. The answer, and whether it was deferred.
pub(crate) async fn answer_in_time<T, Fut>(
    mut job: tokio::task::JoinHandle<T>,
    defer: impl FnOnce() -> Fut,
) -> Result<(T, bool), Error>
where
    Fut: std::future::Future<Output = Result<(), serenity::Error>>,
{
    match tokio::time::timeout(DEFER_AFTER, &mut job).await {
        Ok(r) => Ok((r?, false)),
        Err(_) => {
            defer().await?;
            Ok((job.await?, true))
        }
    }
}

/// What the Discord front-end needs to start.
#[derive(Clone)]
pub struct Settings {
    pub token: String,
    /// Register the commands in this guild only; `None`: globally.
    pub guild: Option<u64>,
    /// Take plain messages that are legal moves (privileged intent).
    pub message_moves: bool,
    /// The REST base (`http://host:port`) of a proxy, instead of
    /// discord.com; the proxy then handles the rate limits.
    pub proxy: Option<String>,
    /// Play each game that begins in a server's text channel in a thread
    /// of its own.
    pub game_threads: bool,
    /// The shards this process connects; `None`: all of them, as many as
    /// Discord recommends.
    pub shards: Option<ShardRange>,
}

/// The gateway shards one process connects, of all the bot's: several
/// processes on one database split a large bot between them. Discord
/// sends each server's events to shard `(server_id >> 22) % total`, and
/// direct messages to shard 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    /// Included.
    pub last: u32,
    pub total: u32,
}

impl std::str::FromStr for ShardRange {
    type Err = String;

    /// `FIRST-LAST/TOTAL` (`0-3/8`: shards 0 to 3 of 8) or `N/TOTAL`.
    fn from_str(s: &str) -> Result<ShardRange, String> {
        let bad = || format!("`{s}` is not FIRST-LAST/TOTAL (like 0-3/8) or N/TOTAL");
        let (range, total) = s.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        let r = ShardRange {
            first: num(first)?,
            last: num(last)?,
            total: num(total)?,
        };
        if r.total == 0 || r.first > r.last || r.last >= r.total {
            return Err(format!(
                "`{s}`: shards are numbered 0 to TOTAL-1, and FIRST is at most LAST"
            ));
        }
        Ok(r)
    }
}

impl std::fmt::Debug for Settings {
    // The token never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("token", &"<hidden>")
            .field("guild", &self.guild)
            .field("message_moves", &self.message_moves)
            .field("proxy", &self.proxy)
            .field("game_threads", &self.game_threads)
            .field("shards", &self.shards)
            .finish()
    }
}

/// The `[discord]` section of the configuration file, which this
/// front-end owns.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Register the commands in this server only (they show at once).
    pub guild_id: Option<u64>,
    /// Take plain messages that are legal moves (privileged intent).
    #[serde(default)]
    pub message_moves: bool,
    /// Send REST requests to this proxy; `$TABLERO_DISCORD_PROXY` wins.
    pub proxy: Option<String>,
    /// Play each game that begins in a server's text channel in a thread
    /// of its own (the bot needs Create Public Threads and Send Messages
    /// in Threads there).
    #[serde(default)]
    pub game_threads: bool,
    /// The shards this process connects, `FIRST-LAST/TOTAL`; unset: all.
    /// `$TABLERO_DISCORD_SHARDS` wins.
    pub shards: Option<String>,
}

impl Section {
    /// The section of `config`, with the environment's overrides, checked.
    pub fn of(config: &Config, env: impl Fn(&str) -> Option<String>) -> Result<Section, String> {
        let mut s: Section = config.section("discord").map_err(|e| e.to_string())?;
        s.proxy = from_env(s.proxy, &env, "TABLERO_DISCORD_PROXY");
        check_http("discord.proxy", s.proxy.as_deref())?;
        if let Some(r) = env("TABLERO_DISCORD_SHARDS").filter(|t| !t.trim().is_empty()) {
            s.shards = Some(r);
        }
        s.shard_range()?;
        Ok(s)
    }

    /// The shards `shards` names, checked.
    pub fn shard_range(&self) -> Result<Option<ShardRange>, String> {
        self.shards
            .as_deref()
            .map(|r| r.parse().map_err(|e| format!("discord.shards: {e}")))
            .transpose()
    }
}

impl Settings {
    /// The settings of `config` and the process environment; `Ok(None)`
    /// without a token.
    pub fn from_config(config: &Config) -> Result<Option<Settings>, String> {
        Settings::from_parts(config, |k| std::env::var(k).ok())
    }

    /// [`Settings::from_config`] with the environment given.
    pub fn from_parts(
        config: &Config,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<Settings>, String> {
        let section = Section::of(config, env)?;
        let shards = section.shard_range()?;
        Ok(config.discord_token.as_ref().map(|token| Settings {
            token: token.expose().to_string(),
            guild: section.guild_id,
            message_moves: section.message_moves,
            proxy: section.proxy,
            game_threads: section.game_threads,
            shards,
        }))
    }
}

/// What every handler shares.
pub struct Data {
    pub app: Arc<App>,
    /// Every channel's outbox; set as soon as the client is built, before
    /// any event is handled.
    pub outbox: Arc<OnceLock<deliver::Outbox>>,
    pub message_moves: bool,
    /// Each new game in a thread of its own.
    pub game_threads: bool,
}

impl Data {
    /// The outbox.
    ///
    /// # Panics
    /// Never once [`client`] has returned: it sets the outbox before the
    /// client can start.
    #[must_use]
    pub fn outbox(&self) -> &deliver::Outbox {
        self.outbox
            .get()
            .expect("the outbox is set before the client starts")
    }
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The gateway intents: none are needed for interactions; a player's
/// direct messages (not privileged: a DM's content always comes) are read
/// as moves and commands; plain-message moves in servers need the
/// messages and their content.
#[must_use]
pub fn intents(message_moves: bool) -> GatewayIntents {
    if message_moves {
        GatewayIntents::GUILD_MESSAGES
            | GatewayIntents::DIRECT_MESSAGES
            | GatewayIntents::MESSAGE_CONTENT
    } else {
        GatewayIntents::DIRECT_MESSAGES
    }
}

/// Builds the client: commands registered on start-up (globally or in the
/// configured guild), the component and message handler, the REST client
/// pointed at the proxy if one is set; and the outbox to hand to
/// [`deliver::spawn_notices`]. Start it with `client.start_autosharded()`.
pub async fn client(
    app: Arc<App>,
    settings: Settings,
) -> Result<(serenity::Client, deliver::Outbox), String> {
    let outbox = Arc::new(OnceLock::new());
    let app_for_outbox = app.clone();
    let data = Data {
        app,
        outbox: outbox.clone(),
        message_moves: settings.message_moves,
        game_threads: settings.game_threads,
    };
    let guild = settings.guild.filter(|&g| g != 0).map(GuildId::new);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(presses::on_event(framework, event)),
            on_error: |err| Box::pin(on_error(err)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                // Mentions of this user challenge Tablero itself.
                data.app.start_bots();
                data.app.set_bot_user(
                    PLATFORM,
                    User {
                        id: ready.user.id.get().to_string(),
                        name: ready.user.name.clone(),
                    },
                );
                data.outbox().transport().reach.set_bot(ready.user.id);
                let cmds = &framework.options().commands;
                match guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, cmds, g).await?,
                    // Globally: for servers and for users' own accounts,
                    // usable in every chat (`userapp.rs`).
                    None => {
                        let every = poise::builtins::create_application_commands(cmds)
                            .into_iter()
                            .map(userapp::everywhere)
                            .collect();
                        serenity::all::Command::set_global_commands(ctx, every).await?;
                    }
                }
                tracing::info!(
                    "connected as {} ({} commands registered {})",
                    ready.user.name,
                    cmds.len(),
                    if guild.is_some() {
                        "in the guild"
                    } else {
                        "globally"
                    }
                );
                Ok(data)
            })
        })
        .build();
    let mut http = HttpBuilder::new(&settings.token);
    if let Some(base) = &settings.proxy {
        // A proxy does the rate limiting; serenity's own limiter would send
        // its requests to discord.com, past the proxy.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let client =
        serenity::all::ClientBuilder::new_with_http(http.build(), intents(settings.message_moves))
            .framework(framework)
            .await
            .map_err(|e| format!("discord: cannot build the client: {e}"))?;
    let out = deliver::outbox(client.http.clone(), app_for_outbox);
    let _ = outbox.set(out.clone());
    Ok((client, out))
}

async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("start-up failed: {error}");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("/{} failed: {error}", ctx.command().name);
        }
        other => {
            tracing::warn!("{other}");
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("while reporting an error: {e}");
            }
        }
    }
}

/// The Discord front-end, for `tablero_app::bot::run_with`.
#[must_use]
pub fn frontend() -> tablero_app::bot::Frontend {
    tablero_app::bot::Frontend {
        adapter: tablero_app::config::Adapter::Discord,
        platform: PLATFORM,
        check: |config| Section::of(config, |k| std::env::var(k).ok()).map(drop),
        run: Box::new(run),
    }
}

/// Runs the Discord front-end until it fails: its own runtime, the shards
/// of `[discord] shards` (else automatic sharding), and the app's notices
/// (reminders, timeouts) posted to their channels. A notice may be for a
/// channel of a shard another process connects: it is posted all the same,
/// as posting goes through the REST API, not the gateway.
pub fn run(app: Arc<App>, config: Config) -> Result<(), String> {
    let settings =
        Settings::from_config(&config)?.ok_or("discord: no token; set TABLERO_DISCORD_TOKEN")?;
    let settings_shards = settings.shards;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("discord: cannot start a runtime: {e}"))?;
    rt.block_on(async move {
        let (mut client, outbox) = client(app.clone(), settings).await?;
        deliver::spawn_notices(app, outbox);
        let started = match settings_shards {
            // serenity's range includes its end: `4..7` is shards 4 to 7.
            Some(r) => {
                tracing::info!(
                    first = r.first,
                    last = r.last,
                    total = r.total,
                    "discord shards"
                );
                client.start_shard_range(r.first..r.last, r.total).await
            }
            None => client.start_autosharded().await,
        };
        started.map_err(|e| format!("discord: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_read_as_first_last_total() {
        let r = |first, last, total| ShardRange { first, last, total };
        assert_eq!("0-3/8".parse(), Ok(r(0, 3, 8)));
        assert_eq!(" 5/8 ".parse(), Ok(r(5, 5, 8)));
        assert_eq!("0-0/1".parse(), Ok(r(0, 0, 1)));
        let c = Config::parse(
            "discord_token = \"t\"\n[discord]\nshards = \"4-7/8\"",
            |_| None,
        )
        .unwrap();
        let s = Settings::from_parts(&c, |_| None).unwrap().unwrap();
        assert_eq!(s.shards, Some(r(4, 7, 8)));
        let s = Settings::from_parts(&c, |k| {
            (k == "TABLERO_DISCORD_SHARDS").then(|| "0-3/8".to_string())
        })
        .unwrap()
        .unwrap();
        assert_eq!(s.shards, Some(r(0, 3, 8)));
    }

    #[test]
    fn the_example_config_section_is_valid() {
        let text = include_str!("../../../config/tablero.example.toml");
        let c = Config::parse(text, |_| None).unwrap();
        assert!(Section::of(&c, |_| None).is_ok());
    }

    #[test]
    fn the_discord_section_is_read_and_checked_here() {
        let env =
            |k: &str| (k == "TABLERO_DISCORD_PROXY").then(|| "http://127.0.0.1:3000".to_string());
        let c = Config::parse("[discord]\nguild_id = 7\nmessage_moves = true", |_| None).unwrap();
        assert!(Settings::from_parts(&c, env).unwrap().is_none(), "no token");
        let s = Section::of(&c, env).unwrap();
        assert_eq!(s.guild_id, Some(7));
        assert!(s.message_moves);
        assert_eq!(s.proxy.as_deref(), Some("http://127.0.0.1:3000"));
        let with_token =
            Config::parse("discord_token = \"t\"\n[discord]\nguild_id = 7", |_| None).unwrap();
        let settings = Settings::from_parts(&with_token, |_| None)
            .unwrap()
            .unwrap();
        assert_eq!((settings.guild, settings.message_moves), (Some(7), false));
        for (text, says) in [
            ("[discord]\nproxy = \"localhost:3000\"", "discord.proxy"),
            ("[discord]\nguild = 5", "guild"),
            ("[discord]\nshards = \"4-3/8\"", "discord.shards"),
            ("[discord]\nshards = \"0-8/8\"", "discord.shards"),
            ("[discord]\nshards = \"0-3\"", "discord.shards"),
            ("[discord]\nshards = \"0/0\"", "discord.shards"),
        ] {
            let c = Config::parse(text, |_| None).unwrap();
            let e = Section::of(&c, |_| None).err().unwrap();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
