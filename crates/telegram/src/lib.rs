//! Tablero's Telegram front-end, on teloxide.
//!
//! It only translates: a Telegram message becomes the app's
//! [`Incoming`](tablero_app::Incoming) ([`incoming`]), a button press an
//! [`App::press`], and the app's [`Reply`](tablero_app::Reply) becomes HTML
//! text or a board photo with a keyboard ([`outbound`], [`keyboard`]). All
//! game logic stays in the app, which stores every change before anything
//! is sent; the chat outboxes ([`deliver`]) retry what could not be sent.
//!
//! [`serve`] runs the bot on a tokio runtime; [`frontend`] hands it to
//! [`tablero_app::bot::run_with`], so it shares the process (and the store)
//! with the other front-ends.
//!
//! Updates come by long polling (one process only: Telegram refuses a
//! second poller), by webhook (any number of processes behind one public
//! URL, on one PostgreSQL store), or not at all (`updates = "off"`: a
//! process that only posts, its timers' notices among them).

pub mod bot_api;
pub mod commands;
pub mod deliver;
pub mod handler;
pub mod incoming;
pub mod inline;
pub mod keyboard;
pub mod outbound;
pub mod pace;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tablero_app::App;
use tablero_app::bot::Frontend;
use tablero_app::config::{Adapter, Config, check_http, from_env};
use teloxide::adaptors::throttle::Limits;
use teloxide::dispatching::{Dispatcher, ShutdownToken, UpdateFilterExt};
use teloxide::prelude::*;
use teloxide::types::{AllowedUpdate, Me};
use teloxide::update_listeners::Polling;

use crate::bot_api::{BotApi, TgBot, classify};
use crate::deliver::{Retry, with_retries};
use crate::handler::Handler;
pub use crate::incoming::PLATFORM;

/// How long one `getUpdates` call asks Telegram to wait for news.
pub const POLL_TIMEOUT: Duration = Duration::from_secs(30);

/// How the bot connects.
#[derive(Clone)]
pub struct Options {
    /// The bot's token from @BotFather. Never logged.
    pub token: String,
    /// The Bot API server, when not Telegram's own.
    pub api_url: Option<url::Url>,
    /// Telegram's flood limits kept by the Throttle adaptor
    /// ([`pace::limits`] in production; basic groups' minute is kept by
    /// [`pace::GroupPace`]).
    pub limits: Limits,
    pub retry: Retry,
    /// How long one `getUpdates` call waits for news.
    pub poll_timeout: Duration,
    /// How updates arrive.
    pub updates: Updates,
    /// The operator's chat where inline games' pictures are uploaded
    /// (`[telegram] media_chat`).
    pub media_chat: Option<i64>,
}

/// How Telegram's updates reach this process.
#[derive(Clone, PartialEq, Eq)]
pub enum Updates {
    /// `getUpdates` long polling, by one process.
    Poll,
    /// Telegram posts each update to `url`, which reaches `listen` here
    /// (through a reverse proxy or a load balancer); every request must
    /// carry `secret`. Any number of processes may listen: each sets the
    /// same webhook at start-up, and none removes it when it stops, so
    /// the others keep receiving.
    Webhook {
        url: url::Url,
        listen: std::net::SocketAddr,
        secret: String,
    },
    /// No updates: this process only posts.
    Off,
}

impl std::fmt::Debug for Updates {
    // The secret never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Updates::Poll => f.write_str("Poll"),
            Updates::Webhook { url, listen, .. } => f
                .debug_struct("Webhook")
                .field("url", &url.as_str())
                .field("listen", listen)
                .field("secret", &"(hidden)")
                .finish(),
            Updates::Off => f.write_str("Off"),
        }
    }
}

/// The `[telegram]` section of the configuration file, which this
/// front-end owns.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// A Bot API server other than Telegram's (a local `telegram-bot-api`);
    /// `$TABLERO_TELEGRAM_API_URL` wins.
    pub api_url: Option<String>,
    /// `poll` (the default), `webhook` or `off`.
    pub updates: Option<String>,
    /// For `webhook`: the public https URL Telegram posts updates to.
    pub webhook_url: Option<String>,
    /// For `webhook`: the local address that URL reaches
    /// (`0.0.0.0:8443`). `$TABLERO_TELEGRAM_WEBHOOK_LISTEN` wins.
    pub webhook_listen: Option<String>,
    /// A chat of the operator's (its numeric id; the bot must be able to
    /// post there) where the pictures of inline games are uploaded, since
    /// an inline message takes only pictures Telegram already has.
    pub media_chat: Option<i64>,
}

/// The secret Telegram sends with every webhook request: 1 to 256 of
/// `A-Z a-z 0-9 _ -`.
fn valid_secret(s: &str) -> bool {
    (1..=256).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl Section {
    /// How updates arrive, from this section and `$TABLERO_TELEGRAM_WEBHOOK_SECRET`.
    fn updates(&self, env: &impl Fn(&str) -> Option<String>) -> Result<Updates, String> {
        match self.updates.as_deref().unwrap_or("poll") {
            "poll" => Ok(Updates::Poll),
            "off" => Ok(Updates::Off),
            "webhook" => {
                let url = self
                    .webhook_url
                    .as_deref()
                    .ok_or("telegram.webhook_url: needed when updates = \"webhook\"")?;
                let url = url::Url::parse(url)
                    .map_err(|e| format!("telegram.webhook_url `{url}`: {e}"))?;
                let listen = self
                    .webhook_listen
                    .as_deref()
                    .ok_or("telegram.webhook_listen: needed when updates = \"webhook\"")?;
                let listen = listen.parse().map_err(|e| {
                    format!("telegram.webhook_listen `{listen}`: {e} (want an address like 0.0.0.0:8443)")
                })?;
                // Shared by every process: a secret of each process's own
                // would make each new process lock the others out.
                let secret = env("TABLERO_TELEGRAM_WEBHOOK_SECRET")
                    .filter(|s| !s.trim().is_empty())
                    .ok_or("a Telegram webhook needs TABLERO_TELEGRAM_WEBHOOK_SECRET, the same in every process")?;
                if !valid_secret(secret.trim()) {
                    return Err(
                        "TABLERO_TELEGRAM_WEBHOOK_SECRET: 1 to 256 of A-Z, a-z, 0-9, _ and -"
                            .into(),
                    );
                }
                Ok(Updates::Webhook {
                    url,
                    listen,
                    secret: secret.trim().to_string(),
                })
            }
            other => Err(format!(
                "telegram.updates: `{other}` is not poll, webhook or off"
            )),
        }
    }
}

impl Section {
    /// The section of `config`, with the environment's overrides, checked.
    pub fn of(config: &Config, env: impl Fn(&str) -> Option<String>) -> Result<Section, String> {
        let mut s: Section = config.section("telegram").map_err(|e| e.to_string())?;
        s.api_url = from_env(s.api_url, &env, "TABLERO_TELEGRAM_API_URL");
        check_http("telegram.api_url", s.api_url.as_deref())?;
        s.webhook_listen = from_env(s.webhook_listen, &env, "TABLERO_TELEGRAM_WEBHOOK_LISTEN");
        s.updates(&env)?;
        Ok(s)
    }
}

impl Options {
    /// The options of `config` and the process environment: the token and
    /// the Bot API address.
    pub fn from_config(config: &Config) -> Result<Options, String> {
        Options::from_parts(config, |k| std::env::var(k).ok())
    }

    /// [`Options::from_config`] with the environment given.
    pub fn from_parts(
        config: &Config,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Options, String> {
        let section = Section::of(config, &env)?;
        let updates = section.updates(&env)?;
        let token = config
            .telegram_token
            .as_ref()
            .map(|t| t.expose().to_string())
            .filter(|t| !t.trim().is_empty())
            .ok_or("Telegram needs a bot token: set TABLERO_TELEGRAM_TOKEN")?;
        let api_url = match &section.api_url {
            None => None,
            Some(u) => {
                Some(url::Url::parse(u).map_err(|e| format!("telegram.api_url `{u}`: {e}"))?)
            }
        };
        Ok(Options {
            token: token.trim().to_string(),
            api_url,
            limits: pace::limits(),
            retry: Retry::default(),
            poll_timeout: POLL_TIMEOUT,
            updates,
            media_chat: section.media_chat,
        })
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("token", &"(hidden)")
            .field("api_url", &self.api_url)
            .field("limits", &self.limits)
            .field("retry", &self.retry)
            .field("poll_timeout", &self.poll_timeout)
            .field("updates", &self.updates)
            .field("media_chat", &self.media_chat)
            .finish()
    }
}

impl std::fmt::Display for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token stays out of every message.
        match &self.api_url {
            Some(u) => write!(f, "Telegram bot via {u}"),
            None => write!(f, "Telegram bot"),
        }
    }
}

/// The Telegram front-end for [`tablero_app::bot::run_with`].
#[must_use]
pub fn frontend() -> Frontend {
    Frontend {
        adapter: Adapter::Telegram,
        platform: PLATFORM,
        check: |config| Section::of(config, |k| std::env::var(k).ok()).map(drop),
        run: Box::new(|app, config| {
            let opts = Options::from_config(&config)?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .map_err(|e| format!("telegram: cannot start tokio: {e}"))?;
            rt.block_on(async move {
                let stop = async {
                    let _ = tokio::signal::ctrl_c().await;
                };
                serve(app, opts, stop).await
            })
        }),
    }
}

/// Runs the bot until `stop` completes: polls for updates, answers them,
/// posts the app's notices (its Telegram mailbox). Fails only at start (a
/// refused token, no server).
pub async fn serve(
    app: Arc<App>,
    opts: Options,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let (bot, me) = connect(&opts).await?;
    let handler = start(&app, &opts, &bot, &me);
    // Reminders, timeouts, the bot's moves: one pump on the app's mailbox.
    // It stops with this function (a later `serve` of the same app pumps
    // instead), or when the mailbox closes with the process.
    let h = handler.clone();
    let pump = tokio::spawn(tablero_deliver::pump(app.notices(PLATFORM), move |n| {
        h.notice(&n)
    }));
    let _pump = AbortOnDrop(pump);
    receive(bot, handler, &opts, stop).await
}

/// The bot's HTTP client and its own user, once Telegram knows the token
/// (retried for two minutes).
async fn connect(opts: &Options) -> Result<(TgBot, Me), String> {
    // teloxide's default HTTP client gives up after 17 s, before a 30 s
    // long poll ends: every quiet poll would fail and back off (answers up
    // to a minute late). The client must outwait the poll.
    let client = teloxide::net::default_reqwest_settings()
        .timeout(opts.poll_timeout + Duration::from_secs(15))
        .build()
        .map_err(|e| format!("{opts}: cannot build the HTTP client: {e}"))?;
    let mut bot = Bot::with_client(&opts.token, client);
    if let Some(u) = &opts.api_url {
        bot = bot.set_api_url(u.clone());
    }
    let bot = bot.throttle(opts.limits);
    let start = Retry {
        give_up: Duration::from_secs(120),
        ..opts.retry
    };
    let me = with_retries("connecting", start, None, || async {
        bot.get_me().await.map_err(classify)
    })
    .await
    .map_err(|e| format!("{opts}: cannot start ({e:?}); is the token right?"))?;
    Ok((bot, me))
}

/// Tells the app who the bot is and builds the update handler; starts
/// what runs beside the updates: the app's bots, inline games' notices,
/// the command menus, the boards a restart kept back.
fn start(app: &Arc<App>, opts: &Options, bot: &TgBot, me: &Me) -> Arc<Handler<BotApi>> {
    let username = me.username();
    // `@TableroBot` in a challenge means a game against the bot.
    app.set_bot_user(
        PLATFORM,
        tablero_app::User {
            id: me.id.0.to_string(),
            name: username.to_string(),
        },
    );
    app.start_bots();
    let api = Arc::new(BotApi::new(
        bot.clone(),
        opts.limits.messages_per_min_channel_or_supergroup,
    ));
    let pictures = inline_pictures(opts.media_chat, app.web_base());
    match &pictures {
        inline::Pictures::Off => tracing::warn!(
            "inline games are off: set [telegram] media_chat (a chat for the pictures) or \
             [web] public_url (an https address); inline queries lead to the bot's chat"
        ),
        p => tracing::info!(pictures = ?p, "inline games on"),
    }
    let handler = Arc::new(
        Handler::new(app.clone(), api.clone(), username.to_string(), opts.retry)
            .with_pictures(pictures),
    );
    tokio::spawn(handler.clone().inline_notices());
    tracing::info!("{opts}: running as @{username}");
    tokio::spawn(async move { api.set_commands(commands::menus()).await });
    // Boards a restart kept from being posted go out first.
    let (h, app) = (handler.clone(), app.clone());
    tokio::spawn(async move {
        if let Ok(missed) = tokio::task::spawn_blocking(move || app.unposted_boards(PLATFORM)).await
        {
            if !missed.is_empty() {
                tracing::info!(boards = missed.len(), "posting boards missed by a restart");
            }
            for n in missed {
                h.notice(&n);
            }
        }
    });
    handler
}
/// Answers updates until `stop` completes: polled, by webhook, or none
/// (`updates = "off"`).
async fn receive(
    bot: TgBot,
    handler: Arc<Handler<BotApi>>,
    opts: &Options,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let on_update = |h: Arc<Handler<BotApi>>, update: Update| async move {
        h.update(update).await;
        Ok::<(), std::convert::Infallible>(())
    };
    // Both branches end in the same handler; they tell Telegram which
    // updates to send.
    let tree = dptree::entry()
        .branch(Update::filter_message().endpoint(on_update))
        .branch(Update::filter_callback_query().endpoint(on_update))
        .branch(Update::filter_inline_query().endpoint(on_update))
        .branch(Update::filter_chosen_inline_result().endpoint(on_update));
    let mut dispatcher = Dispatcher::builder(bot.clone(), tree)
        .dependencies(dptree::deps![handler])
        .default_handler(|_| async {})
        .build();
    match opts.updates.clone() {
        Updates::Poll => {
            // teloxide waits longer after each failure; its errors name no
            // token.
            let on_error = Arc::new(|e: teloxide::RequestError| async move {
                tracing::warn!("getting updates failed: {e}");
            });
            stop_dispatcher(dispatcher.shutdown_token(), stop);
            let listener = Polling::builder(bot)
                .timeout(opts.poll_timeout)
                .delete_webhook()
                .await
                .build();
            dispatcher.dispatch_with_listener(listener, on_error).await;
        }
        Updates::Webhook {
            url,
            listen,
            secret,
        } => {
            let listener = webhook(&bot, opts, url, listen, secret).await?;
            stop_dispatcher(dispatcher.shutdown_token(), stop);
            // Receiving by webhook cannot fail (its error type is `Infallible`).
            let on_error = teloxide::error_handlers::IgnoringErrorHandler::new();
            dispatcher.dispatch_with_listener(listener, on_error).await;
        }
        Updates::Off => {
            tracing::info!("not receiving updates (updates = \"off\"): posting only");
            stop.await;
        }
    }
    Ok(())
}

/// Listens on `listen` and asks Telegram to post updates to `url` (retried
/// for two minutes): the updates that come, until the listener stops.
async fn webhook(
    bot: &TgBot,
    opts: &Options,
    url: url::Url,
    listen: std::net::SocketAddr,
    secret: String,
) -> Result<impl teloxide::update_listeners::UpdateListener<Err = std::convert::Infallible>, String>
{
    // Bound before the webhook is set, so Telegram's first post finds
    // someone listening.
    let tcp = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("{opts}: cannot listen on {listen}: {e}"))?;
    let set = Retry {
        give_up: Duration::from_secs(120),
        ..opts.retry
    };
    with_retries("setting the webhook", set, None, || async {
        bot.set_webhook(url.clone())
            .secret_token(secret.clone())
            .allowed_updates([
                AllowedUpdate::Message,
                AllowedUpdate::CallbackQuery,
                AllowedUpdate::InlineQuery,
                AllowedUpdate::ChosenInlineResult,
            ])
            .await
            .map_err(classify)
    })
    .await
    .map_err(|e| format!("{opts}: cannot set the webhook ({e:?})"))?;
    tracing::info!(%listen, "receiving updates by webhook");
    // The listener without teloxide's set-up: its own would delete the
    // webhook when this process stops, cutting every other process off
    // too.
    let options =
        teloxide::update_listeners::webhooks::Options::new(listen, url).secret_token(secret);
    let (listener, stopped, router) = teloxide::update_listeners::webhooks::axum_no_setup(options);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(tcp, router)
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::error!("the webhook server failed: {e}");
        }
    });
    Ok(listener)
}

/// Where inline games' pictures come from: the media chat when one is
/// set (Telegram keeps each upload; nothing depends on the web being
/// reachable), else the web front-end's public https address, else
/// nowhere (inline games are off).
fn inline_pictures(media_chat: Option<i64>, web: Option<String>) -> inline::Pictures {
    match (media_chat, web) {
        (Some(chat), _) => inline::Pictures::Chat(ChatId(chat)),
        (None, Some(base)) if base.starts_with("https://") => inline::Pictures::Web(base),
        _ => inline::Pictures::Off,
    }
}

/// Aborts its task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Shuts the dispatcher of `token` down once `stop` completes.
fn stop_dispatcher(token: ShutdownToken, stop: impl Future<Output = ()> + Send + 'static) {
    tokio::spawn(async move {
        stop.await;
        // Refused until the dispatcher has started.
        loop {
            match token.shutdown() {
                Ok(done) => break done.await,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(env: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            env.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.to_string())
        }
    }

    /// The options of a file and an environment.
    fn options(text: &str, env: &[(&str, &str)]) -> Result<Options, String> {
        let config = Config::parse(text, lookup(env)).map_err(|e| e.to_string())?;
        Options::from_parts(&config, lookup(env))
    }

    #[test]
    fn the_example_config_section_is_valid() {
        let text = include_str!("../../../config/tablero.example.toml");
        let c = Config::parse(text, |_| None).unwrap();
        assert!(Section::of(&c, |_| None).is_ok());
    }

    #[test]
    fn updates_are_polled_unless_a_webhook_or_off_is_asked_for() {
        let token = ("TABLERO_TELEGRAM_TOKEN", "42:secret");
        assert_eq!(options("", &[token]).unwrap().updates, Updates::Poll);
        let off = "[telegram]\nupdates = \"off\"";
        assert_eq!(options(off, &[token]).unwrap().updates, Updates::Off);
        let hook = "[telegram]\nupdates = \"webhook\"\n\
                    webhook_url = \"https://bot.example.org/tg\"\n\
                    webhook_listen = \"0.0.0.0:8443\"";
        let secret = ("TABLERO_TELEGRAM_WEBHOOK_SECRET", "s3cret-value");
        let o = options(hook, &[token, secret]).unwrap();
        assert_eq!(
            o.updates,
            Updates::Webhook {
                url: "https://bot.example.org/tg".parse().unwrap(),
                listen: "0.0.0.0:8443".parse().unwrap(),
                secret: "s3cret-value".into(),
            }
        );
        assert!(!format!("{o:?}").contains("s3cret"), "{o:?}");
        let listen = ("TABLERO_TELEGRAM_WEBHOOK_LISTEN", "127.0.0.1:9000");
        let o = options(hook, &[token, secret, listen]).unwrap();
        assert!(matches!(o.updates, Updates::Webhook { listen, .. } if listen.port() == 9000));
        for (text, env, says) in [
            (hook, vec![token], "TABLERO_TELEGRAM_WEBHOOK_SECRET"),
            (
                hook,
                vec![token, ("TABLERO_TELEGRAM_WEBHOOK_SECRET", "no spaces")],
                "TABLERO_TELEGRAM_WEBHOOK_SECRET",
            ),
            (
                "[telegram]\nupdates = \"webhook\"\nwebhook_listen = \"0.0.0.0:8443\"",
                vec![token, secret],
                "telegram.webhook_url",
            ),
            (
                "[telegram]\nupdates = \"webhook\"\nwebhook_url = \"https://x/\"\n\
                 webhook_listen = \"8443\"",
                vec![token, secret],
                "telegram.webhook_listen",
            ),
            (
                "[telegram]\nupdates = \"push\"",
                vec![token],
                "telegram.updates",
            ),
        ] {
            let e = options(text, &env).err().unwrap();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn options_come_from_the_config_and_the_environment() {
        let token = [("TABLERO_TELEGRAM_TOKEN", "42:secret")];
        let o = options("", &token).unwrap();
        assert_eq!(o.token, "42:secret");
        assert_eq!(o.api_url, None);
        let file = "[telegram]\napi_url = \"http://127.0.0.1:8081\"\n";
        let o = options(file, &token).unwrap();
        assert_eq!(o.api_url.unwrap().as_str(), "http://127.0.0.1:8081/");
        let env = [
            token[0],
            ("TABLERO_TELEGRAM_API_URL", "https://bots.example.org/"),
        ];
        let o = options(file, &env).unwrap();
        assert_eq!(
            o.api_url.as_ref().unwrap().host_str(),
            Some("bots.example.org")
        );
        // The token shows nowhere.
        assert!(!format!("{o} {o:?}").contains("secret"));
        assert!(options("", &[]).is_err());
        let bad = options("[telegram]\napi_url = \"bots.example.org\"", &token)
            .err()
            .unwrap();
        assert!(bad.contains("telegram.api_url"), "{bad}");
        let typo = options("[telegram]\napi = \"http://x\"", &token)
            .err()
            .unwrap();
        assert!(
            typo.contains("[telegram]") && typo.contains("api"),
            "{typo}"
        );
    }
}
