//! Listening: the `[web]` section, the address to listen on, the server
//! loop (hyper's HTTP/1 server, its write buffer bounded) and the thread
//! the front-end runs on.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use serde::Deserialize;
use tablero_app::App;

use crate::limit::{Guarded, Limits};
use crate::routes::router;

/// The most hyper keeps unwritten for a connection
/// (`http1::Builder::max_buf_size`; also the longest request head): it
/// asks a live stream for its next event only while less than this
/// waits, so a client that stops reading holds at most the event being
/// written (shared with every other stream of its feed), not a queue of
/// them (hyper's default is about 400 KB, or 16 events, per connection).
pub const WRITE_BUFFER: usize = 16 * 1024;

/// `[web]` in the configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// `HOST:PORT` to listen on; `off` for no web front-end.
    pub listen: Option<String>,
    /// The address people reach it at (`https://tablero.example.org`),
    /// for the links in chats.
    pub public_url: Option<String>,
    /// Open connections one address may hold (64).
    pub connections_per_address: Option<usize>,
}

/// Serves `app` on `listener` until the task is dropped: each accepted
/// connection on a task of its own, by hyper's HTTP/1 server with its
/// write buffer bounded ([`WRITE_BUFFER`]), the router seeing the peer's
/// address (`ConnectInfo`).
pub async fn serve(app: Arc<App>, listener: tokio::net::TcpListener, limits: Limits) {
    use axum::serve::Listener;
    let (router, hub) = router(app, limits.draw_wait);
    tokio::spawn(hub.run());
    let mut guarded = Guarded::new(listener, limits);
    let mut http = hyper::server::conn::http1::Builder::new();
    // Vectored writes: a shared event is queued, never copied.
    http.max_buf_size(WRITE_BUFFER).writev(true);
    loop {
        let (io, peer) = guarded.accept().await;
        let router = router.clone();
        let service =
            hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut()
                    .insert(axum::extract::ConnectInfo(peer));
                let mut router = router.clone();
                tower_service::Service::call(&mut router, req.map(Body::new))
            });
        let conn = http.serve_connection(hyper_util::rt::TokioIo::new(io), service);
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::trace!(error = %e, "web: a connection ended");
            }
        });
    }
}

/// A running web front-end: its address; stops when dropped.
pub struct Running {
    pub addr: SocketAddr,
    /// The address links are built on (`public_url`, else `http://ADDR`).
    pub base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Where to listen: `[web] listen` or `TABLERO_WEB_LISTEN`; in console
/// mode `127.0.0.1:8480` by default (a free port if that one is taken),
/// otherwise off unless configured. `None`: no web front-end.
#[must_use]
pub fn listen_address(section: &Section, env: Option<String>, console: bool) -> Option<String> {
    let chosen = env
        .filter(|v| !v.trim().is_empty())
        .or_else(|| section.listen.clone());
    match chosen {
        Some(v) if v.trim().eq_ignore_ascii_case("off") => None,
        Some(v) => Some(v.trim().to_string()),
        None if console => Some(DEFAULT_CONSOLE_LISTEN.into()),
        None => None,
    }
}

/// The console's web address unless configured.
pub const DEFAULT_CONSOLE_LISTEN: &str = "127.0.0.1:8480";

/// Binds `addr`; when the console's default port is taken, any free port
/// on 127.0.0.1.
fn bind(addr: &str, fallback_free: bool) -> std::io::Result<std::net::TcpListener> {
    match std::net::TcpListener::bind(addr) {
        Ok(l) => Ok(l),
        Err(e) if fallback_free => {
            tracing::info!(error = %e, "web: {addr} is taken; using a free port");
            std::net::TcpListener::bind("127.0.0.1:0")
        }
        Err(e) => Err(e),
    }
}

/// Starts the web front-end for `app` on its own thread and runtime, as
/// `[web]` and the environment say. `Ok(None)`: not asked for. A port that
/// cannot be had is an error for the caller to warn about.
pub fn start(
    app: Arc<App>,
    section: &Section,
    env_listen: Option<String>,
    console: bool,
) -> Result<Option<Running>, String> {
    let Some(addr) = listen_address(section, env_listen.clone(), console) else {
        return Ok(None);
    };
    let default = console
        && env_listen.as_deref().is_none_or(|v| v.trim().is_empty())
        && section.listen.is_none();
    let std_listener =
        bind(&addr, default).map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    std_listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    let local = std_listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr} ({e})"))?;
    let base = match &section.public_url {
        Some(u) => u.trim_end_matches('/').to_string(),
        None => format!("http://{local}"),
    };
    let limits = Limits {
        per_address: section
            .connections_per_address
            .unwrap_or(Limits::default().per_address),
        ..Limits::default()
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready) = std::sync::mpsc::channel::<Result<(), String>>();
    let thread = std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("web-worker")
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(format!("cannot start tokio: {e}")));
                    return;
                }
            };
            rt.block_on(async move {
                let listener = match tokio::net::TcpListener::from_std(std_listener) {
                    Ok(l) => l,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                tokio::select! {
                    () = serve(app, listener, limits) => {}
                    _ = stopped => {}
                }
            });
            // Open live streams would keep a graceful shutdown waiting.
            rt.shutdown_timeout(Duration::from_millis(200));
        })
        .map_err(|e| format!("cannot start the web thread: {e}"))?;
    ready
        .recv()
        .map_err(|_| "the web thread stopped".to_string())??;
    tracing::info!(%local, "web front-end listening");
    Ok(Some(Running {
        addr: local,
        base,
        stop: Some(stop),
        thread: Some(thread),
    }))
}

/// The web front-end for `tablero_app::bot::run_with_web`: checks
/// `[web]`, then starts as it and `TABLERO_WEB_LISTEN` say.
#[must_use]
pub fn frontend() -> tablero_app::bot::WebFrontend {
    tablero_app::bot::WebFrontend {
        check: |config| {
            let s: Section = config.section("web").map_err(|e| e.to_string())?;
            tablero_app::config::check_http("[web] public_url", s.public_url.as_deref())?;
            if s.connections_per_address == Some(0) {
                return Err("[web] connections_per_address: must be at least 1".into());
            }
            Ok(())
        },
        start: Box::new(|app, config, console| {
            let section: Section = config.section("web").map_err(|e| e.to_string())?;
            let env = std::env::var("TABLERO_WEB_LISTEN").ok();
            // The Mini App's init data is signed with the bot's token.
            app.set_telegram_token(config.telegram_token.clone());
            let Some(running) = start(app, &section, env, console)? else {
                return Ok(None);
            };
            let address = format!("http://{}", running.addr);
            // Chats link only to an address people can reach.
            let links = match (&section.public_url, console) {
                (Some(u), _) => Some(u.trim_end_matches('/').to_string()),
                (None, true) => Some(address.clone()),
                (None, false) => None,
            };
            Ok(Some(tablero_app::bot::WebStarted {
                address,
                links,
                guard: Box::new(running),
            }))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listening_follows_the_environment_then_the_file_then_the_mode() {
        let none = Section::default();
        assert_eq!(
            listen_address(&none, None, true).as_deref(),
            Some(DEFAULT_CONSOLE_LISTEN)
        );
        assert_eq!(listen_address(&none, None, false), None);
        let file = Section {
            listen: Some("0.0.0.0:9000".into()),
            ..Section::default()
        };
        assert_eq!(
            listen_address(&file, None, false).as_deref(),
            Some("0.0.0.0:9000")
        );
        assert_eq!(
            listen_address(&file, Some("127.0.0.1:7000".into()), false).as_deref(),
            Some("127.0.0.1:7000")
        );
        assert_eq!(listen_address(&file, Some("off".into()), true), None);
        assert_eq!(
            listen_address(&file, Some(" ".into()), true).as_deref(),
            Some("0.0.0.0:9000")
        );
    }
}
