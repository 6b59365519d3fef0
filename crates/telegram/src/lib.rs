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
//! [`tablero_app::bot::run_with`], so it shares the process (and the sled
//! store, which allows one process) with the other front-ends.

pub mod bot_api;
pub mod commands;
pub mod deliver;
pub mod handler;
pub mod incoming;
pub mod keyboard;
pub mod outbound;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tablero_app::bot::Frontend;
use tablero_app::config::{Adapter, Config};
use tablero_app::{App, Outgoing};
use teloxide::adaptors::throttle::Limits;
use teloxide::dispatching::{Dispatcher, UpdateFilterExt};
use teloxide::prelude::*;
use teloxide::update_listeners::Polling;
use tokio::sync::mpsc;

use crate::bot_api::{BotApi, classify};
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
    /// Telegram's flood limits, kept by the Throttle adaptor.
    pub limits: Limits,
    pub retry: Retry,
    /// How long one `getUpdates` call waits for news.
    pub poll_timeout: Duration,
}

/// The `[telegram]` section of the configuration file, which this
/// front-end owns.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// A Bot API server other than Telegram's (a local `telegram-bot-api`);
    /// `$TABLERO_TELEGRAM_API_URL` wins.
    pub api_url: Option<String>,
}

impl Section {
    /// The section of `config`, with the environment's overrides, checked.
    pub fn of(config: &Config, env: impl Fn(&str) -> Option<String>) -> Result<Section, String> {
        let mut s: Section = config.section("telegram").map_err(|e| e.to_string())?;
        if let Some(u) = env("TABLERO_TELEGRAM_API_URL").filter(|t| !t.trim().is_empty()) {
            s.api_url = Some(u);
        }
        if let Some(u) = &s.api_url
            && !(u.starts_with("http://") || u.starts_with("https://"))
        {
            return Err(format!(
                "telegram.api_url: `{u}` is not an http:// or https:// address"
            ));
        }
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
        let section = Section::of(config, env)?;
        let token = config
            .telegram_token
            .clone()
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
            limits: Limits::default(),
            retry: Retry::default(),
            poll_timeout: POLL_TIMEOUT,
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
        run: Box::new(|app, config, notices| {
            let opts = Options::from_config(&config)?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .map_err(|e| format!("telegram: cannot start tokio: {e}"))?;
            rt.block_on(async move {
                let (tx, rx) = mpsc::unbounded_channel();
                std::thread::spawn(move || {
                    while let Ok(n) = notices.recv() {
                        if tx.send(n).is_err() {
                            break;
                        }
                    }
                });
                let stop = async {
                    let _ = tokio::signal::ctrl_c().await;
                };
                serve(app, opts, rx, stop).await
            })
        }),
    }
}

/// Runs the bot until `stop` completes: polls for updates, answers them,
/// posts `notices`. Fails only at start (a refused token, no server).
pub async fn serve(
    app: Arc<App>,
    opts: Options,
    mut notices: mpsc::UnboundedReceiver<Outgoing>,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
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
    // `@TableroBot` in a challenge means a game against the bot.
    app.set_bot_user(
        PLATFORM,
        tablero_app::User {
            id: me.id.0.to_string(),
            name: me.username().to_string(),
        },
    );
    app.start_bots();
    let app_for_moves = app.clone();
    let api = Arc::new(BotApi(bot.clone()));
    let handler = Arc::new(Handler::new(
        app,
        api.clone(),
        me.username().to_string(),
        opts.retry,
    ));
    tracing::info!("{opts}: running as @{}", me.username());
    tokio::spawn(async move { api.set_commands(commands::menus()).await });
    // Boards a restart kept from being posted go out first.
    let (h, app_now) = (handler.clone(), app_for_moves.clone());
    tokio::spawn(async move {
        if let Ok(missed) =
            tokio::task::spawn_blocking(move || app_now.unposted_boards(PLATFORM)).await
        {
            if !missed.is_empty() {
                tracing::info!(boards = missed.len(), "posting boards missed by a restart");
            }
            for n in missed {
                h.notice(&n);
            }
        }
    });
    let h = handler.clone();
    tokio::spawn(async move {
        while let Some(n) = notices.recv().await {
            h.notice(&n);
        }
    });
    // The bot's own moves, as it makes them.
    let (h, moves) = (handler.clone(), app_for_moves);
    tokio::spawn(async move {
        loop {
            let m = moves.clone();
            let Ok(batch) = tokio::task::spawn_blocking(move || {
                m.wait_notices(PLATFORM, Duration::from_secs(1))
            })
            .await
            else {
                return;
            };
            for n in batch {
                h.notice(&n);
            }
        }
    });
    let on_update = |h: Arc<Handler<BotApi>>, update: Update| async move {
        h.update(update).await;
        Ok::<(), std::convert::Infallible>(())
    };
    // Both branches end in the same handler; they tell Telegram which
    // updates to send.
    let tree = dptree::entry()
        .branch(Update::filter_message().endpoint(on_update))
        .branch(Update::filter_callback_query().endpoint(on_update));
    let mut dispatcher = Dispatcher::builder(bot.clone(), tree)
        .dependencies(dptree::deps![handler])
        .default_handler(|_| async {})
        .build();
    let token = dispatcher.shutdown_token();
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
    let listener = Polling::builder(bot)
        .timeout(opts.poll_timeout)
        .delete_webhook()
        .await
        .build();
    // teloxide waits longer after each failure; its errors name no token.
    let on_error = Arc::new(|e: teloxide::RequestError| async move {
        tracing::warn!("getting updates failed: {e}");
    });
    dispatcher.dispatch_with_listener(listener, on_error).await;
    Ok(())
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
