//! The Discord front-end end to end, against a fake Discord on 127.0.0.1:
//! REST (axum) and a gateway (tokio-tungstenite) drive the real serenity
//! client. Two users play a whole game of Breakthrough with slash commands,
//! menu presses and a plain message; a foreign press, a stale press, a
//! press out of turn and an illegal move change nothing; a second game ends
//! by resignation; a DM and a notice work too.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tablero_app::{
    App, BoardRenderer, ChannelKey, FakeRenderer, Outgoing, Reply, Settings, SystemClock,
};
use tablero_discord::Settings as DiscordSettings;
use tablero_rules::{BoardView, GameId, Lang, Msg};
use tablero_store::Store;
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

mod comforts;

const APP: u64 = 700;
const BOT: u64 = 701;
const GUILD: u64 = 800;
pub(crate) const CHANNEL: u64 = 900;
const DM: u64 = 901;
/// A channel where the bot may talk but not attach files or embed links:
/// Discord refuses a board posted there with 403 Missing Permissions.
const NO_FILES: u64 = 902;
/// What a server usually grants a bot in a channel (View Channel, Send
/// Messages, Embed Links, Attach Files, Read Message History, Create
/// Public Threads, Send Messages in Threads), as Discord puts it in
/// `app_permissions`.
const BOT_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38);
/// A channel where the bot may not create threads (app_permissions say so).
const NO_THREADS: u64 = 903;
/// A channel where app_permissions allow threads but Discord refuses to
/// create one (permissions changed since the interaction was sent).
const THREADS_REFUSED: u64 = 904;
/// The same without Embed Links and Attach Files.
const TALK_ONLY: u64 = BOT_PERMISSIONS & !((1 << 14) | (1 << 15));
/// A DM between Ana and Ben, where Tablero is there only through Ana's
/// user install: interactions come with context 2 (a private channel) and
/// no guild install; a post there is refused as Missing Access.
const FRIENDS: u64 = 905;
/// What Discord grants an app in a DM between people (`app_permissions`):
/// Embed Links, Attach Files, Mention Everyone.
const FRIENDS_PERMISSIONS: u64 = (1 << 14) | (1 << 15) | (1 << 17);
/// The DM channel the bot gets with a user: this plus the user's id.
const DM_BASE: u64 = 70_000;
/// How long Discord keeps an interaction's token.
const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);
pub(crate) const ANA: u64 = 1001;
pub(crate) const BEN: u64 = 1002;
pub(crate) const CLEO: u64 = 1003;
const TOKEN: &str = "test-token";

/// The fake renderer, slowed down on demand so that answers take longer
/// than an interaction may wait.
#[derive(Default)]
struct SlowRenderer {
    slow: AtomicBool,
}

impl BoardRenderer for SlowRenderer {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        if self.slow.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(2500));
        }
        FakeRenderer.render(game, view, flip, players, lang)
    }
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub(crate) struct Call {
    method: Method,
    pub(crate) path: String,
    /// The JSON body, or the `payload_json` of a multipart body.
    pub(crate) body: Value,
    /// The names of the uploaded files.
    pub(crate) files: Vec<String>,
    /// The uploaded files' bytes, in the same order.
    pub(crate) uploads: Vec<Vec<u8>>,
    /// The id of the message the call created, if any.
    pub(crate) created: Option<u64>,
}

#[derive(Default)]
pub(crate) struct Fake {
    calls: Mutex<Vec<Call>>,
    /// Messages as the bot last left them, by id.
    messages: Mutex<HashMap<u64, Value>>,
    next_id: AtomicU64,
    gateway_url: Mutex<String>,
    identify: Mutex<Option<Value>>,
    heartbeats: AtomicU64,
    /// Threads the bot created: thread id → parent channel.
    threads: Mutex<HashMap<u64, u64>>,
    /// The channel of each interaction, by token: where its answers are.
    asked_in: Mutex<HashMap<String, u64>>,
    /// The fake's clock, which the test moves on: how long since it
    /// started.
    now: Mutex<Duration>,
    /// When each interaction came, by token, on the fake's clock: a token
    /// is refused 15 minutes later.
    born: Mutex<HashMap<String, Duration>>,
    /// The message each interaction's answer is (`@original`): the one it
    /// created, or the pressed one.
    original: Mutex<HashMap<String, u64>>,
    /// Deferred answers not yet given: the first follow-up of such a token
    /// edits its loading message, as Discord does.
    loading: Mutex<Vec<String>>,
    /// Users the bot may DM (they share a server with it or installed the
    /// app); others refuse with `50007`.
    dm_ok: Mutex<Vec<u64>>,
}

pub(crate) fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "global_name": name, "avatar": null})
}

/// A member of the server; Ana may manage its channels (Manage Channels,
/// `1 << 4`), nobody else may.
fn member_json(id: u64, name: &str) -> Value {
    let permissions = if id == ANA { "16" } else { "0" };
    json!({
        "user": user_json(id, name), "nick": null, "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0, "permissions": permissions
    })
}

fn message_json(id: u64, channel: &str, body: &Value, flags: u64) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel, "author": user_json(BOT, "Tablero"),
        "content": body.get("content").cloned().unwrap_or(json!("")),
        "timestamp": "2024-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "pinned": false, "type": 0, "flags": flags,
        "components": body.get("components").cloned().unwrap_or(json!([]))
    })
}

impl Fake {
    /// Moves the fake's clock on.
    fn advance(&self, by: Duration) {
        *self.now.lock().unwrap() += by;
    }

    /// Whether interaction `token`'s token has run out (or was never
    /// given).
    fn expired(&self, token: &str) -> bool {
        let now = *self.now.lock().unwrap();
        self.born
            .lock()
            .unwrap()
            .get(token)
            .is_none_or(|&at| now - at >= TOKEN_LIFE)
    }

    /// Sets a stored message's content, embeds and components from an edit
    /// or an update.
    fn update(&self, id: u64, body: &Value) -> Value {
        let mut all = self.messages.lock().unwrap();
        let m = all.get_mut(&id).expect("an edit of a message the bot made");
        for k in ["content", "embeds", "components"] {
            if let Some(v) = body.get(k) {
                m[k] = v.clone();
            }
        }
        m.clone()
    }

    fn id(&self) -> u64 {
        5000 + self.next_id.fetch_add(1, Ordering::SeqCst)
    }

    pub(crate) fn mark(&self) -> usize {
        self.calls.lock().unwrap().len()
    }

    fn since(&self, from: usize) -> Vec<Call> {
        self.calls.lock().unwrap()[from..].to_vec()
    }

    /// Waits for the first call from index `from` on that `pred` accepts.
    pub(crate) async fn wait(&self, from: usize, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        for _ in 0..1000 {
            if let Some(c) = self.since(from).into_iter().find(|c| pred(c)) {
                return c;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!(
            "timed out waiting for {what}; calls since: {:#?}",
            self.since(from)
        );
    }

    /// The response to interaction `token`.
    pub(crate) async fn callback(&self, from: usize, token: &str) -> Call {
        let p = format!("/{token}/callback");
        self.wait(from, &format!("the answer to {token}"), |c| {
            c.path.ends_with(&p) || c.path.contains(&format!("/webhooks/{APP}/{token}"))
        })
        .await
    }

    /// The next board or text the bot posts to `channel`.
    pub(crate) async fn posted(&self, from: usize, channel: u64) -> Call {
        let p = format!("/api/v10/channels/{channel}/messages");
        self.wait(from, "a channel message", |c| {
            c.method == Method::POST && c.path == p
        })
        .await
    }

    /// The channel of the interaction with `token`.
    fn asked_in(&self, token: &str) -> String {
        self.asked_in.lock().unwrap()[token].to_string()
    }

    fn message(&self, id: u64) -> Value {
        self.messages.lock().unwrap()[&id].clone()
    }
}

async fn rest(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (mut body, mut files, mut uploads) = (Value::Null, Vec::new(), Vec::new());
    if multipart {
        let mut m = Multipart::from_request(req, &()).await.unwrap();
        while let Some(field) = m.next_field().await.unwrap() {
            let name = field.name().unwrap_or("").to_string();
            let file = field.file_name().map(str::to_string);
            let bytes = field.bytes().await.unwrap();
            if name == "payload_json" {
                body = serde_json::from_slice(&bytes).unwrap();
            } else {
                assert_eq!(name, format!("files[{}]", files.len()));
                let file = file.unwrap_or_default();
                // Boards come from the fake renderer, but a board with
                // marks (`moves e2`) and the rule cards from the real one
                // (the slow renderer keeps the trait's own `marked`), as
                // do replays; records are text.
                let magic: &[u8] = match file.rsplit('.').next() {
                    Some("png") if file.contains("-rules-") || file.starts_with("review-") => {
                        b"\x89PNG"
                    }
                    Some("png") if bytes.starts_with(b"\x89PNG") => b"\x89PNG",
                    Some("png") => b"FAKEPNG",
                    Some("gif") => b"GIF89a",
                    _ => b"",
                };
                assert!(bytes.starts_with(magic) && !bytes.is_empty(), "{file}");
                files.push(file);
                uploads.push(bytes.to_vec());
            }
        }
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 1 << 24)
            .await
            .unwrap();
        if !bytes.is_empty() {
            body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        }
    }
    // Discord takes at most 10 attachments on a message, each described
    // in at most 1,024 characters.
    let described = body["attachments"]
        .as_array()
        .or_else(|| body["data"]["attachments"].as_array())
        .cloned()
        .unwrap_or_default();
    if files.len() > 10
        || described.iter().any(|a| {
            a["description"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 1024)
        })
    {
        let refusal = json!({"code": 50035, "message": "Invalid Form Body"});
        fake.calls.lock().unwrap().push(Call {
            method,
            path,
            body,
            files,
            uploads,
            created: None,
        });
        return (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response();
    }
    // Routes, after the `/api/v10` prefix.
    let rest = path.strip_prefix("/api/v10").unwrap_or("").to_string();
    let parts: Vec<&str> = rest.trim_start_matches('/').split('/').collect();
    let mut created = None;
    let reply: Response = match (method.clone(), parts.as_slice()) {
        (Method::GET, ["gateway"]) => {
            axum::Json(json!({"url": *fake.gateway_url.lock().unwrap()})).into_response()
        }
        (Method::GET, ["gateway", "bot"]) => axum::Json(json!({
            "url": *fake.gateway_url.lock().unwrap(), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        }))
        .into_response(),
        (Method::PUT, ["applications", _, "guilds", _, "commands"])
        | (Method::PUT, ["applications", _, "commands"]) => axum::Json(json!([])).into_response(),
        (Method::POST, ["interactions", _, token, "callback"]) => {
            // Only a new message gets an id; an ephemeral picker is then
            // pressed through it.
            if body["type"] == 4 {
                let id = fake.id();
                created = Some(id);
                let flags = body["data"]["flags"].as_u64().unwrap_or(0);
                let m = message_json(id, &fake.asked_in(token), &body["data"], flags);
                fake.messages.lock().unwrap().insert(id, m);
                fake.original.lock().unwrap().insert(token.to_string(), id);
            }
            // A deferred answer is a loading message until the first
            // follow-up fills it.
            if body["type"] == 5 {
                let id = fake.id();
                created = Some(id);
                let flags = body["data"]["flags"].as_u64().unwrap_or(0);
                let m = message_json(id, &fake.asked_in(token), &json!({}), flags);
                fake.messages.lock().unwrap().insert(id, m);
                fake.original.lock().unwrap().insert(token.to_string(), id);
                fake.loading.lock().unwrap().push(token.to_string());
            }
            // An update is the pressed message changed.
            let pressed = fake.original.lock().unwrap().get(*token).copied();
            if let (7, Some(id)) = (body["type"].as_u64().unwrap_or(0), pressed) {
                fake.update(id, &body["data"]);
            }
            StatusCode::NO_CONTENT.into_response()
        }
        // An interaction's token lasts 15 minutes: then its follow-ups
        // and edits are refused as Discord does.
        (_, ["webhooks", _, token, ..]) if fake.expired(token) => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown Webhook", "code": 10015})),
        )
            .into_response(),
        (Method::POST, ["webhooks", _, token])
            if fake.loading.lock().unwrap().iter().any(|t| t == token) =>
        {
            fake.loading.lock().unwrap().retain(|t| t != token);
            let id = fake.original.lock().unwrap()[*token];
            created = Some(id);
            axum::Json(fake.update(id, &body)).into_response()
        }
        (Method::POST, ["webhooks", _, token]) => {
            let id = fake.id();
            created = Some(id);
            let flags = body["flags"].as_u64().unwrap_or(0);
            let m = message_json(id, &fake.asked_in(token), &body, flags);
            fake.messages.lock().unwrap().insert(id, m.clone());
            axum::Json(m).into_response()
        }
        (Method::PATCH, ["webhooks", _, token, "messages", which]) => {
            // `@original`: the interaction's answer, or the pressed message;
            // else a follow-up of the token.
            let known = if *which == "@original" {
                fake.original.lock().unwrap().get(*token).copied()
            } else {
                which.parse().ok()
            };
            match known.filter(|id| fake.messages.lock().unwrap().contains_key(id)) {
                Some(id) => axum::Json(fake.update(id, &body)).into_response(),
                None => axum::Json(message_json(fake.id(), &CHANNEL.to_string(), &body, 0))
                    .into_response(),
            }
        }
        // Create DM: the user's DM channel with the bot.
        (Method::POST, ["users", "@me", "channels"]) => {
            let user: u64 = body["recipient_id"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| body["recipient_id"].to_string())
                .parse()
                .unwrap();
            axum::Json(json!({
                "id": (DM_BASE + user).to_string(), "type": 1, "last_message_id": null,
                "recipients": [user_json(user, "someone")]
            }))
            .into_response()
        }
        // A DM with someone who takes none from the bot (no server shared,
        // app not installed, or DMs closed).
        (Method::POST, ["channels", ch, "messages"])
            if ch.parse::<u64>().is_ok_and(|c| {
                c > DM_BASE && !fake.dm_ok.lock().unwrap().contains(&(c - DM_BASE))
            }) =>
        {
            (
                StatusCode::FORBIDDEN,
                axum::Json(json!({"message": "Cannot send messages to this user", "code": 50007})),
            )
                .into_response()
        }
        // The bot is not in a DM between people: it can neither post nor
        // edit nor type there.
        (_, ["channels", ch, ..]) if *ch == FRIENDS.to_string() => (
            StatusCode::FORBIDDEN,
            axum::Json(json!({"message": "Missing Access", "code": 50001})),
        )
            .into_response(),
        (Method::POST, ["channels", ch, "threads"]) if *ch == THREADS_REFUSED.to_string() => (
            StatusCode::FORBIDDEN,
            axum::Json(json!({"message": "Missing Permissions", "code": 50013})),
        )
            .into_response(),
        (Method::POST, ["channels", ch, "threads"]) => {
            // A thread without a starting message (type 11: public), as
            // Discord answers it: a channel object with thread metadata.
            let id = fake.id();
            created = Some(id);
            let parent: u64 = ch.parse().unwrap();
            fake.threads.lock().unwrap().insert(id, parent);
            axum::Json(json!({
                "id": id.to_string(), "guild_id": GUILD.to_string(),
                "parent_id": ch, "owner_id": BOT.to_string(),
                "name": body["name"], "type": body["type"],
                "last_message_id": null, "message_count": 0, "member_count": 1,
                "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0,
                "thread_metadata": {
                    "archived": false, "locked": false,
                    "auto_archive_duration": body["auto_archive_duration"],
                    "archive_timestamp": "2024-01-01T00:00:00.000000+00:00"
                },
                "member": {"id": id.to_string(), "user_id": BOT.to_string(),
                           "join_timestamp": "2024-01-01T00:00:00.000000+00:00", "flags": 1}
            }))
            .into_response()
        }
        // Trigger Typing Indicator: 204, no body.
        (Method::POST, ["channels", _, "typing"]) => StatusCode::NO_CONTENT.into_response(),
        (Method::POST, ["channels", ch, "messages"]) if *ch == NO_FILES.to_string() => (
            StatusCode::FORBIDDEN,
            axum::Json(json!({"message": "Missing Permissions", "code": 50013})),
        )
            .into_response(),
        (Method::POST, ["channels", ch, "messages"]) => {
            let id = fake.id();
            created = Some(id);
            let m = message_json(id, ch, &body, 0);
            fake.messages.lock().unwrap().insert(id, m.clone());
            axum::Json(m).into_response()
        }
        (Method::PATCH, ["channels", ch, "messages", mid]) => {
            let id: u64 = mid.parse().unwrap();
            let mut all = fake.messages.lock().unwrap();
            let m = all.get_mut(&id).expect("an edit of a message the bot posted");
            if let Some(c) = body.get("components") {
                m["components"] = c.clone();
            }
            let mut m = m.clone();
            m["channel_id"] = json!(ch);
            axum::Json(m).into_response()
        }
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown route", "code": 0})),
        )
            .into_response(),
    };
    fake.calls.lock().unwrap().push(Call {
        method,
        path,
        body,
        files,
        uploads,
        created,
    });
    reply
}

/// The gateway: Hello, Identify, READY, then the events the test sends;
/// heartbeats are acknowledged.
async fn gateway(
    fake: Arc<Fake>,
    listener: TcpListener,
    mut events: mpsc::UnboundedReceiver<Value>,
) {
    let (tcp, _) = listener.accept().await.unwrap();
    let mut ws = tokio_tungstenite::accept_async(tcp).await.unwrap();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 300}});
    ws.send(WsMessage::Text(hello.to_string())).await.unwrap();
    let mut seq = 0u64;
    loop {
        tokio::select! {
            msg = ws.next() => {
                let Some(Ok(msg)) = msg else { return };
                let WsMessage::Text(text) = msg else { continue };
                let v: Value = serde_json::from_str(&text).unwrap();
                match v["op"].as_u64() {
                    Some(2) => {
                        *fake.identify.lock().unwrap() = Some(v["d"].clone());
                        seq += 1;
                        let url = fake.gateway_url.lock().unwrap().clone();
                        let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10,
                            "user": {"id": BOT.to_string(), "username": "Tablero", "bot": true,
                                     "avatar": null, "global_name": null, "verified": true,
                                     "mfa_enabled": false},
                            "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                            "session_id": "session-1",
                            "resume_gateway_url": url,
                            "shard": [0, 1],
                            "application": {"id": APP.to_string(), "flags": 0}
                        }});
                        ws.send(WsMessage::Text(ready.to_string())).await.unwrap();
                    }
                    Some(1) => {
                        fake.heartbeats.fetch_add(1, Ordering::SeqCst);
                        ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await.unwrap();
                    }
                    _ => {}
                }
            }
            ev = events.recv() => {
                let Some(ev) = ev else { return };
                seq += 1;
                let t = ev["t"].clone();
                let frame = json!({"op": 0, "t": t, "s": seq, "d": ev["d"]});
                ws.send(WsMessage::Text(frame.to_string())).await.unwrap();
            }
        }
    }
}

/// Drives the fake: sends interactions as users.
pub(crate) struct Discord {
    fake: Arc<Fake>,
    events: mpsc::UnboundedSender<Value>,
    n: AtomicU64,
}

#[derive(Clone, Copy)]
pub(crate) struct Who {
    id: u64,
    name: &'static str,
}

pub(crate) const ANA_: Who = Who {
    id: ANA,
    name: "Ana",
};
pub(crate) const BEN_: Who = Who {
    id: BEN,
    name: "Ben",
};
pub(crate) const CLEO_: Who = Who {
    id: CLEO,
    name: "Cleo",
};

impl Discord {
    fn token(&self) -> (u64, String) {
        let n = self.n.fetch_add(1, Ordering::SeqCst);
        (60_000 + n, format!("tok{n}"))
    }

    fn base(&self, who: Who, channel: u64, kind: u8, data: Value) -> (Value, String) {
        let (id, token) = self.token();
        self.fake
            .asked_in
            .lock()
            .unwrap()
            .insert(token.clone(), channel);
        let now = *self.fake.now.lock().unwrap();
        self.fake.born.lock().unwrap().insert(token.clone(), now);
        let mut v = json!({
            "id": id.to_string(), "application_id": APP.to_string(), "type": kind,
            "data": data, "channel_id": channel.to_string(), "token": token,
            "version": 1, "locale": "en-US", "entitlements": [],
            "app_permissions": (match channel {
                NO_FILES => TALK_ONLY,
                FRIENDS => FRIENDS_PERMISSIONS,
                NO_THREADS => BOT_PERMISSIONS & !(1 << 35),
                _ => BOT_PERMISSIONS,
            }).to_string(),
            "attachment_size_limit": 8388608, "authorizing_integration_owners": {}
        });
        // The partial channel Discord sends with every interaction: a text
        // channel (0), a DM (1) or a public thread (11).
        let parent = self.fake.threads.lock().unwrap().get(&channel).copied();
        v["channel"] = match (channel, parent) {
            (DM | FRIENDS, _) => json!({"id": channel.to_string(), "type": 1}),
            (_, Some(parent)) => json!({
                "id": channel.to_string(), "type": 11, "guild_id": GUILD.to_string(),
                "parent_id": parent.to_string(), "name": "a game",
                "thread_metadata": {
                    "archived": false, "locked": false, "auto_archive_duration": 10080,
                    "archive_timestamp": "2024-01-01T00:00:00.000000+00:00"
                }
            }),
            _ => json!({
                "id": channel.to_string(), "type": 0, "guild_id": GUILD.to_string(),
                "name": "games"
            }),
        };
        if channel == DM {
            v["user"] = user_json(who.id, who.name);
            v["context"] = json!(1);
            v["authorizing_integration_owners"] = json!({"0": "0"});
        } else if channel == FRIENDS {
            // Ana installed the app to her account: it is there through
            // her, whoever starts the interaction.
            v["user"] = user_json(who.id, who.name);
            v["context"] = json!(2);
            v["authorizing_integration_owners"] = json!({"1": ANA.to_string()});
        } else {
            v["guild_id"] = json!(GUILD.to_string());
            v["member"] = member_json(who.id, who.name);
            v["context"] = json!(0);
            v["authorizing_integration_owners"] = json!({"0": GUILD.to_string()});
        }
        (v, token)
    }

    fn send(&self, interaction: Value) {
        self.events
            .send(json!({"t": "INTERACTION_CREATE", "d": interaction}))
            .unwrap();
    }

    /// A slash command; returns its token and the mark before it.
    pub(crate) fn slash(
        &self,
        who: Who,
        channel: u64,
        name: &str,
        options: Value,
        resolved: Value,
    ) -> (usize, String) {
        let data =
            json!({"id": "1", "name": name, "type": 1, "options": options, "resolved": resolved});
        let (v, token) = self.base(who, channel, 2, data);
        let mark = self.fake.mark();
        self.send(v);
        (mark, token)
    }

    fn autocomplete(&self, who: Who, name: &str, options: Value) -> (usize, String) {
        let data = json!({"id": "1", "name": name, "type": 1, "options": options});
        let (v, token) = self.base(who, CHANNEL, 4, data);
        let mark = self.fake.mark();
        self.send(v);
        (mark, token)
    }

    /// A press of the button `custom_id` under message `message`.
    pub(crate) fn button(&self, who: Who, message: u64, custom_id: &str) -> (usize, String) {
        let m = self.fake.message(message);
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let (mut v, token) = self.base(who, channel_of(&m), 3, data);
        v["message"] = m;
        self.fake
            .original
            .lock()
            .unwrap()
            .insert(token.clone(), message);
        let mark = self.fake.mark();
        self.send(v);
        (mark, token)
    }

    /// A choice in the select menu of message `message`.
    fn select(&self, who: Who, message: u64, custom_id: &str, value: &str) -> (usize, String) {
        let m = self.fake.message(message);
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        let (mut v, token) = self.base(who, channel_of(&m), 3, data);
        v["message"] = m;
        self.fake
            .original
            .lock()
            .unwrap()
            .insert(token.clone(), message);
        let mark = self.fake.mark();
        self.send(v);
        (mark, token)
    }
}

/// The channel a message is in.
fn channel_of(m: &Value) -> u64 {
    m["channel_id"].as_str().unwrap().parse().unwrap()
}

pub(crate) fn content(c: &Call) -> String {
    let d = if c.path.ends_with("/callback") {
        &c.body["data"]
    } else {
        &c.body
    };
    d["content"].as_str().unwrap_or("").to_string()
}

pub(crate) fn is_private(c: &Call) -> bool {
    c.body["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
        || c.body["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// The custom ids of a message's buttons, row by row.
pub(crate) fn button_ids(m: &Value) -> Vec<String> {
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 2)
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The select menu of a message's components: (custom_id, [(label, value)]).
fn menu(m: &Value) -> Option<(String, Vec<(String, String)>)> {
    let rows = m["components"].as_array()?;
    let sel = rows
        .iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["type"] == 3)?;
    let opts = sel["options"]
        .as_array()?
        .iter()
        .map(|o| {
            (
                o["label"].as_str().unwrap().to_string(),
                o["value"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    Some((sel["custom_id"].as_str()?.to_string(), opts))
}

/// Whether message `id`'s menu is disabled within a few seconds: a board
/// replaced by a typed move or a picker's press is edited after the new
/// board is posted.
async fn disabled_soon(fake: &Fake, id: u64) -> bool {
    for _ in 0..300 {
        if all_disabled(&fake.message(id)) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

fn all_disabled(m: &Value) -> bool {
    let rows = m["components"].as_array().unwrap();
    !rows.is_empty()
        && rows
            .iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .all(|c| c["disabled"] == true)
}

fn game_ply(app: &App, id: u64) -> usize {
    let ch = ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string());
    let doc = app.store().game(&ch, id, true).unwrap().unwrap();
    doc.record
        .split(':')
        .nth(1)
        .map_or(0, |m| m.split_whitespace().count())
}

/// Plays `mv` by pressing the board `board`: straight from its menu, or
/// through the private picker of the piece. Returns the new board's id.
pub(crate) async fn press_move(d: &Discord, who: Who, board: u64, mv: &str) -> u64 {
    let (id, opts) = menu(&d.fake.message(board)).expect("a move menu");
    let m = if id.starts_with("tb:m:") {
        let value = &opts.iter().find(|(l, _)| l == mv).expect(mv).1;
        d.select(who, board, &id, value)
    } else {
        assert!(id.starts_with("tb:o:"), "{id}");
        let from: String = mv.chars().take_while(|c| *c != '-' && *c != 'x').collect();
        let value = &opts.iter().find(|(_, v)| *v == from).expect(&from).1;
        let (mark, token) = d.select(who, board, &id, value);
        let picker = d.fake.callback(mark, &token).await;
        assert!(is_private(&picker), "the picker is private");
        let picker_id = picker.created.unwrap();
        let (pid, popts) = menu(&d.fake.message(picker_id)).expect("the picker's menu");
        let value = &popts.iter().find(|(l, _)| l == mv).expect(mv).1;
        let (mark, token) = d.select(who, picker_id, &pid, value);
        // Pressed in the picker: the picker says so and loses its menu.
        let done = d.fake.callback(mark, &token).await;
        assert_eq!(done.body["type"], 7);
        assert_eq!(done.body["data"]["components"], json!([]));
        let board_msg = d.fake.posted(mark, CHANNEL).await;
        return board_msg.created.unwrap();
    };
    let (mark, token) = m;
    let ack = d.fake.callback(mark, &token).await;
    assert_eq!(ack.body["type"], 6, "a press on a board is acknowledged");
    d.fake.posted(mark, CHANNEL).await.created.unwrap()
}

/// Plays the first move the board `board` offers (through the piece
/// picker when the menu lists pieces); returns the new board's id.
async fn press_first(d: &Discord, who: Who, board: u64) -> u64 {
    let (id, opts) = menu(&d.fake.message(board)).expect("a move menu");
    let channel = channel_of(&d.fake.message(board));
    if id.starts_with("tb:m:") {
        let (mark, token) = d.select(who, board, &id, &opts[0].1);
        let ack = d.fake.callback(mark, &token).await;
        assert_eq!(ack.body["type"], 6, "a press on a board is acknowledged");
        return d.fake.posted(mark, channel).await.created.unwrap();
    }
    let (mark, token) = d.select(who, board, &id, &opts[0].1);
    let picker = d.fake.callback(mark, &token).await;
    let picker_id = picker.created.unwrap();
    let (pid, popts) = menu(&d.fake.message(picker_id)).expect("the picker's menu");
    let (mark, token) = d.select(who, picker_id, &pid, &popts[0].1);
    d.fake.callback(mark, &token).await;
    d.fake.posted(mark, channel).await.created.unwrap()
}

/// Plays `mv` with `/move`; returns the new board's id.
pub(crate) async fn slash_move(d: &Discord, who: Who, mv: &str) -> u64 {
    let (mark, token) = d.slash(
        who,
        CHANNEL,
        "move",
        json!([{"name": "move", "type": 3, "value": mv}]),
        json!({}),
    );
    let board = d.fake.posted(mark, CHANNEL).await;
    let ack = d.fake.callback(mark, &token).await;
    assert!(
        is_private(&ack),
        "the command's own answer is private: {ack:?}"
    );
    board.created.unwrap()
}

/// Expects a private error for interaction `token` and no new post.
async fn private_error(d: &Discord, mark: usize, token: &str, says: &str) {
    let c = d.fake.callback(mark, token).await;
    assert!(is_private(&c), "{c:?}");
    let text = content(&c);
    assert!(text.contains(says), "`{text}` should say `{says}`");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        !d.fake
            .since(mark)
            .iter()
            .any(|c| c.path.contains("/channels/")),
        "nothing posted or edited"
    );
}

/// A running bot against a fresh fake Discord.
pub(crate) struct Running {
    pub(crate) fake: Arc<Fake>,
    pub(crate) d: Discord,
    pub(crate) app: Arc<App>,
    renderer: Arc<SlowRenderer>,
    notices: Arc<tablero_deliver::Mailbox<Outgoing>>,
    /// The timers' ticker: its thread stops when this is dropped.
    _ticker: tablero_app::bot::Ticker,
    _dir: tempfile::TempDir,
}

/// Starts a fake Discord (REST and gateway) and the bot against it, with
/// `game_threads` as configured.
pub(crate) async fn start(game_threads: bool) -> Running {
    start_with(game_threads, Some(GUILD)).await
}

/// [`start`] with the commands registered in `guild`, or globally.
async fn start_with(game_threads: bool, guild: Option<u64>) -> Running {
    start_clocked(game_threads, guild, Arc::new(SystemClock)).await
}

/// [`start_with`] on `clock`.
pub(crate) async fn start_clocked(
    game_threads: bool,
    guild: Option<u64>,
    clock: Arc<dyn tablero_app::Clock>,
) -> Running {
    let fake = Arc::new(Fake::default());
    let rest_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let rest_url = format!("http://{}", rest_listener.local_addr().unwrap());
    let gw_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    *fake.gateway_url.lock().unwrap() = format!("ws://{}", gw_listener.local_addr().unwrap());
    let router = axum::Router::new().fallback(rest).with_state(fake.clone());
    tokio::spawn(async move { axum::serve(rest_listener, router).await.unwrap() });
    let (events, rx) = mpsc::unbounded_channel();
    tokio::spawn(gateway(fake.clone(), gw_listener, rx));

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 1 << 20).unwrap();
    let renderer = Arc::new(SlowRenderer::default());
    let app = Arc::new(App::new(
        store,
        clock,
        renderer.clone(),
        Settings::default(),
    ));
    let settings = DiscordSettings {
        token: TOKEN.into(),
        guild,
        message_moves: true,
        proxy: Some(rest_url),
        game_threads,
        shards: None,
    };
    let (mut client, outbox) = tablero_discord::client(app.clone(), settings)
        .await
        .unwrap();
    let notices = app.notices(tablero_app::Platform::Discord);
    tablero_discord::deliver::spawn_notices(app.clone(), outbox);
    // The timers' ticker, as the binary runs it beside the front-ends.
    let ticker = tablero_app::bot::spawn_ticker(app.clone(), vec![tablero_app::Platform::Discord]);
    tokio::spawn(async move { client.start_autosharded().await });

    Running {
        d: Discord {
            fake: fake.clone(),
            events,
            n: AtomicU64::new(0),
        },
        fake,
        app,
        renderer,
        notices,
        _ticker: ticker,
        _dir: dir,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_users_play_a_whole_game_on_a_fake_discord() {
    let Running {
        fake,
        d,
        app,
        renderer,
        notices,
        _ticker,
        _dir,
    } = start(false).await;
    // Start-up: gateway URL, identify with the message intents, commands
    // registered in the configured guild.
    let reg = fake
        .wait(0, "command registration", |c| {
            c.method == Method::PUT
                && c.path == format!("/api/v10/applications/{APP}/guilds/{GUILD}/commands")
        })
        .await;
    let names: Vec<&str> = reg
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for n in [
        "challenge",
        "accept",
        "move",
        "board",
        "resign",
        "draw",
        "help",
        "lang",
    ] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    let mv = reg
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "move")
        .unwrap();
    assert_eq!(mv["name_localizations"]["es-ES"], "mover");
    // A server's own commands carry no install or chat contexts: Discord
    // reads those on global commands only.
    assert!(mv.get("contexts").is_none() && mv.get("integration_types").is_none());
    assert_eq!(mv["options"][0]["autocomplete"], true);
    assert!(!mv["description"].as_str().unwrap().is_empty());
    let identify = fake.identify.lock().unwrap().clone().unwrap();
    assert_eq!(
        identify["token"]
            .as_str()
            .unwrap()
            .trim_start_matches("Bot "),
        TOKEN
    );
    let intents = identify["intents"].as_u64().unwrap();
    assert_ne!(
        intents & (1 << 15),
        0,
        "message content intent for plain-message moves"
    );

    // Ana challenges Ben: a public answer that notifies Ben.
    let ben_opt = json!([
        {"name": "game", "type": 3, "value": "breakthrough"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "challenge",
        ben_opt.clone(),
        resolved.clone(),
    );
    let c = fake.callback(mark, &token).await;
    assert_eq!(c.body["type"], 4);
    assert!(!is_private(&c));
    assert!(
        content(&c).contains(&format!("<@{BEN}>")),
        "{}",
        content(&c)
    );
    let users = c.body["data"]["allowed_mentions"]["users"]
        .as_array()
        .unwrap();
    assert!(users.contains(&json!(BEN.to_string())), "{users:?}");

    // Ben accepts: the board is posted to the channel with its image, an
    // embed showing it, Ana mentioned, and a menu of every move.
    let (mark, token) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    let first = fake.posted(mark, CHANNEL).await;
    assert_eq!(first.files, ["board.png"]);
    assert_eq!(
        first.body["embeds"][0]["image"]["url"],
        "attachment://board.png"
    );
    assert!(content(&first).contains(&format!("<@{ANA}>")));
    assert!(
        first.body["allowed_mentions"]["users"]
            .as_array()
            .unwrap()
            .contains(&json!(ANA.to_string()))
    );
    let (menu_id, opts) = menu(&first.body).unwrap();
    assert_eq!(menu_id, "tb:m:1:0");
    assert!(opts.len() <= 25);
    assert!(is_private(&fake.callback(mark, &token).await));
    let mut board = first.created.unwrap();

    // Autocomplete: Ana's legal moves starting with what she typed; the
    // game numbers here.
    let (mark, token) = d.autocomplete(
        ANA_,
        "move",
        json!([{"name": "move", "type": 3, "value": "a2", "focused": true}]),
    );
    let c = fake.callback(mark, &token).await;
    assert_eq!(c.body["type"], 8);
    let names: Vec<&str> = c.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a2-a3", "a2-b3"]);
    let (mark, token) = d.autocomplete(
        BEN_,
        "board",
        json!([{"name": "game", "type": 4, "value": "", "focused": true}]),
    );
    let c = fake.callback(mark, &token).await;
    assert_eq!(c.body["data"]["choices"][0]["value"], 1);

    // The game: White runs the a-pawn through, Black shuffles on the
    // king's side. Ana presses menus, Ben types commands (and once a plain
    // message); the error cases come in between.
    let plan = [
        ("a2-a3", "h7-h6"),
        ("a3-a4", "h6-h5"),
        ("a4-a5", "h5-h4"),
        ("a5-a6", "g7-g6"),
        ("a6xb7", "f7-f6"),
    ];
    for (i, (white, black)) in plan.into_iter().enumerate() {
        let old = board;
        board = press_move(&d, ANA_, board, white).await;
        assert_eq!(game_ply(&app, 1), 2 * i + 1);
        // The pressed board is disabled; the new one mentions Ben.
        assert!(disabled_soon(&fake, old).await, "board {old} disabled");
        assert!(content_of(&fake.message(board)).contains(&format!("<@{BEN}>")));

        if i == 0 {
            let (id, opts) = menu(&fake.message(board)).unwrap();
            let value = opts[0].1.clone();
            // Cleo is not playing.
            let (mark, token) = d.select(CLEO_, board, &id, &value);
            private_error(&d, mark, &token, "not a player").await;
            // Ana presses Ben's board: not her turn.
            let (mark, token) = d.select(ANA_, board, &id, &value);
            private_error(&d, mark, &token, "not your turn").await;
            // Ana presses the first board again: it is out of date.
            let (old_id, old_opts) = menu(&fake.message(old)).unwrap();
            let (mark, token) = d.select(ANA_, old, &old_id, &old_opts[0].1);
            private_error(&d, mark, &token, "out of date").await;
            // Ben types an illegal move.
            let (mark, token) = d.slash(
                BEN_,
                CHANNEL,
                "move",
                json!([{"name": "move", "type": 3, "value": "a7-a4"}]),
                json!({}),
            );
            private_error(&d, mark, &token, "a7-a4").await;
            assert_eq!(game_ply(&app, 1), 1, "nothing changed");
        }
        let old = board;
        board = if i == 2 {
            // A plain chat message that is a legal move.
            let mark = fake.mark();
            d.events
                .send(json!({"t": "MESSAGE_CREATE", "d": {
                    "id": "777", "channel_id": CHANNEL.to_string(), "guild_id": GUILD.to_string(),
                    "author": user_json(BEN, "Ben"), "member": {"roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false, "flags": 0},
                    "content": black, "timestamp": "2024-01-01T00:00:00.000000+00:00",
                    "edited_timestamp": null, "tts": false, "mention_everyone": false,
                    "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                    "pinned": false, "type": 0
                }}))
                .unwrap();
            fake.posted(mark, CHANNEL).await.created.unwrap()
        } else {
            slash_move(&d, BEN_, black).await
        };
        assert_eq!(game_ply(&app, 1), 2 * i + 2);
        // A board replaced by a typed move is disabled by an edit.
        assert!(disabled_soon(&fake, old).await, "board {old} disabled");
    }
    // The winning capture reaches Black's back rank.
    let old = board;
    let last = press_move(&d, ANA_, board, "b7xa8").await;
    let end = fake.message(last);
    let text = content_of(&end);
    assert!(
        text.to_lowercase().contains("wins") || text.contains("won"),
        "{text}"
    );
    // A finished game has no menu, only its Replay and Rematch buttons.
    assert_eq!(
        button_ids(&end),
        ["tb:g:1:r", "tb:g:1:m"],
        "{}",
        end["components"]
    );
    assert!(disabled_soon(&fake, old).await);
    // Anyone may watch the replay: an animated GIF posted to the channel.
    let (mark, _token) = d.button(CLEO_, last, "tb:g:1:r");
    let replay = fake.posted(mark, CHANNEL).await;
    assert_eq!(replay.files, ["tablero-breakthrough-1.gif"], "{replay:?}");
    assert!(
        content(&replay).starts_with("Replay of game #1"),
        "{}",
        content(&replay)
    );
    // A rematch is for the players: Cleo is told so privately.
    let (mark, token) = d.button(CLEO_, last, "tb:g:1:m");
    private_error(&d, mark, &token, "not a player").await;
    // The record as a file attached to the command's answer.
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "export",
        json!([{"name": "game", "type": 4, "value": 1}]),
        json!({}),
    );
    let answer = fake.callback(mark, &token).await;
    assert_eq!(answer.files, ["tablero-breakthrough-1.txt"], "{answer:?}");
    assert!(
        app.store()
            .game(
                &ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string()),
                1,
                true
            )
            .unwrap()
            .is_none()
    );
    // A press on a finished game's board changes nothing.
    let (id, opts) = menu(&fake.message(old)).unwrap();
    let (m2, token) = d.select(ANA_, old, &id, &opts[0].1);
    private_error(&d, m2, &token, "over").await;

    // A second game, ended by resignation, started from a DM-free channel
    // command and with the challenge's number autocompleted.
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", ben_opt.clone(), resolved);
    fake.callback(mark, &token).await;
    let (mark, token) = d.slash(
        BEN_,
        CHANNEL,
        "accept",
        json!([{"name": "game", "type": 4, "value": 2}]),
        json!({}),
    );
    let b2 = fake.posted(mark, CHANNEL).await;
    fake.callback(mark, &token).await;
    assert_eq!(menu(&b2.body).unwrap().0, "tb:m:2:0");
    let (mark, _) = d.slash(BEN_, CHANNEL, "resign", json!([]), json!({}));
    // The resignation shows the final board, so it is posted to the
    // channel (the interaction's own answer only points to it, and may
    // come first).
    let c = fake
        .wait(mark, "the resignation", |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    let said = content(&c);
    assert!(said.contains("resign") || said.contains("wins"), "{said}");
    // The resigned game's last board loses its menu (the reply that ends
    // a game retires its board).
    let board2 = b2.created.unwrap();
    assert!(
        disabled_soon(&fake, board2).await,
        "the resigned game's board {board2} is disabled"
    );
    assert!(
        app.store()
            .game(
                &ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string()),
                2,
                true
            )
            .unwrap()
            .is_none()
    );

    // Bloc has too many moves for one menu: the board lists the pieces,
    // a piece opens a private picker of its moves, a move there plays.
    let bloc = json!([
        {"name": "game", "type": 3, "value": "bloc"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", bloc, resolved.clone());
    fake.callback(mark, &token).await;
    let (mark, _) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    let b3 = fake.posted(mark, CHANNEL).await;
    let board3 = b3.created.unwrap();
    let (id, origins) = menu(&b3.body).unwrap();
    assert_eq!(id, "tb:o:3:0");
    let (mark, token) = d.select(ANA_, board3, &id, &origins[0].1);
    let picker = fake.callback(mark, &token).await;
    assert!(is_private(&picker));
    assert!(
        content(&picker).contains(&origins[0].1),
        "{}",
        content(&picker)
    );
    let picker_id = picker.created.unwrap();
    let (pid, moves) = menu(&fake.message(picker_id)).unwrap();
    assert_eq!(pid, "tb:m:3:0");
    // Ben may not open Ana's pieces.
    let (mark, token) = d.select(BEN_, board3, &id, &origins[0].1);
    private_error(&d, mark, &token, "not your turn").await;
    let (mark, token) = d.select(ANA_, picker_id, &pid, &moves[0].1);
    let done = fake.callback(mark, &token).await;
    assert_eq!(done.body["type"], 7, "the picker is updated");
    assert_eq!(done.body["data"]["components"], json!([]));
    let b4 = fake.posted(mark, CHANNEL).await;
    assert!(
        disabled_soon(&fake, board3).await,
        "the board of the picker is disabled"
    );
    assert!(content(&b4).contains(&format!("<@{BEN}>")));
    assert_eq!(game_ply(&app, 3), 1);
    // The same picker pressed again is out of date.
    let (mark, token) = d.select(ANA_, picker_id, &pid, &moves[0].1);
    private_error(&d, mark, &token, "out of date").await;

    // Slow answers: the interaction is deferred within Discord's three
    // seconds, then answered. A command: deferred privately, the board
    // posted, the note sent as the deferred answer.
    renderer.slow.store(true, Ordering::SeqCst);
    let (mark, token) = d.slash(
        BEN_,
        CHANNEL,
        "board",
        json!([{"name": "game", "type": 4, "value": 3}]),
        json!({}),
    );
    let first = fake.callback(mark, &token).await;
    assert_eq!(first.body["type"], 5, "deferred");
    assert!(is_private(&first));
    let b5 = fake.posted(mark, CHANNEL).await;
    assert_eq!(b5.files, ["board.png"]);
    let note = fake
        .wait(mark, "the deferred answer", |c| {
            c.method == Method::POST && c.path == format!("/api/v10/webhooks/{APP}/{token}")
        })
        .await;
    assert!(content(&note).contains("board"), "{}", content(&note));
    // A press: acknowledged first, then the picker edited and the board
    // posted.
    let board5 = b5.created.unwrap();
    let (id, origins) = menu(&fake.message(board5)).unwrap();
    let (mark, token) = d.select(BEN_, board5, &id, &origins[0].1);
    let picker_id = fake.callback(mark, &token).await.created.unwrap();
    let (pid, moves) = menu(&fake.message(picker_id)).unwrap();
    let (mark, token) = d.select(BEN_, picker_id, &pid, &moves[0].1);
    let first = fake.callback(mark, &token).await;
    assert_eq!(first.body["type"], 6, "acknowledged");
    let edit = fake
        .wait(mark, "the picker's edit", |c| {
            c.method == Method::PATCH
                && c.path == format!("/api/v10/webhooks/{APP}/{token}/messages/@original")
        })
        .await;
    assert_eq!(edit.body["components"], json!([]));
    fake.posted(mark, CHANNEL).await;
    assert_eq!(game_ply(&app, 3), 2);
    assert!(disabled_soon(&fake, board5).await);
    renderer.slow.store(false, Ordering::SeqCst);

    // A DM: the rules with their rule cards, as the command's answer.
    let (mark, token) = d.slash(
        ANA_,
        DM,
        "rules",
        json!([{"name": "game", "type": 3, "value": "breakthrough"}]),
        json!({}),
    );
    let c = fake.callback(mark, &token).await;
    assert_eq!(
        c.files,
        [
            "breakthrough-rules-1.png",
            "breakthrough-rules-2.png",
            "breakthrough-rules-3.png"
        ]
    );
    assert!(content(&c).contains("Breakthrough"));

    // A whole game against the bot: `/play`, the bot's own moves posted as
    // boards after each of Ana's.
    let (mark, token) = d.slash(ANA_, CHANNEL, "play", play_breakthrough_first(), json!({}));
    let mut board = fake.posted(mark, CHANNEL).await;
    d.fake.callback(mark, &token).await;
    assert!(
        content(&board).contains(&format!("<@{BOT}> accepts")),
        "{}",
        content(&board)
    );
    let mut turns = 0;
    loop {
        turns += 1;
        assert!(turns < 100, "a Breakthrough game lasts fewer turns");
        let mark = fake.mark();
        let mine = press_first(&d, ANA_, board.created.unwrap()).await;
        let after = fake.message(mine);
        if content_of(&after).contains("wins") {
            break;
        }
        board = fake
            .wait(mark, "the bot's board", |c| {
                c.method == Method::POST
                    && c.created.is_some_and(|id| id != mine)
                    && c.path == format!("/api/v10/channels/{CHANNEL}/messages")
            })
            .await;
        // While it thought, the bot showed as typing: after Ana's board
        // (a message from the bot ends the typing) and before its own.
        let calls = fake.since(mark);
        let at = |pred: &dyn Fn(&Call) -> bool| calls.iter().position(pred);
        let typing = at(&|c| {
            c.method == Method::POST && c.path == format!("/api/v10/channels/{CHANNEL}/typing")
        })
        .expect("the bot shows as typing");
        assert!(at(&|c| c.created == Some(mine)).is_some_and(|i| i < typing));
        assert!(at(&|c| c.created == board.created).is_some_and(|i| i > typing));
        assert!(
            content(&board).contains(&format!("<@{BOT}> played")),
            "{}",
            content(&board)
        );
        if content(&board).contains("wins") {
            break;
        }
    }

    // Challenge buttons: Accept and Decline under a challenge to one
    // person; a press by anyone else is a private error; Ben's press takes
    // the buttons away and posts the first board.
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "challenge",
        json!([
            {"name": "game", "type": 3, "value": "bloc"},
            {"name": "opponent", "type": 6, "value": BEN.to_string()}
        ]),
        json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}}),
    );
    let c = fake.callback(mark, &token).await;
    let challenge_msg = c.created.expect("a public challenge message");
    let ids: Vec<String> = c.body["data"]["components"][0]["components"]
        .as_array()
        .expect("buttons under the challenge")
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(
        ids[0].starts_with("tb:c:") && ids[0].ends_with(":a"),
        "{ids:?}"
    );
    assert!(ids[1].ends_with(":d"), "{ids:?}");
    let (mark, token) = d.button(CLEO_, challenge_msg, &ids[0]);
    private_error(&d, mark, &token, "is for").await;
    let (mark, token) = d.button(BEN_, challenge_msg, &ids[0]);
    let update = fake.callback(mark, &token).await;
    assert_eq!(update.body["type"], 7, "the challenge message is updated");
    assert_eq!(update.body["data"]["components"], json!([]));
    let first = fake.posted(mark, CHANNEL).await;
    assert!(
        content(&first).contains(&format!("<@{BEN}> accepts")),
        "{}",
        content(&first)
    );

    // A notice from the app's timers goes to its channel.
    let mark = fake.mark();
    assert!(notices.post(Outgoing {
        channel: ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string()),
        reply: Reply::new(
            Msg::new("Reminder: <@1002> to move", "Recordatorio"),
            Lang::En,
        ),
    }));
    let n = fake.posted(mark, CHANNEL).await;
    assert!(content(&n).starts_with("Reminder"));

    // A channel where the bot may not attach files: a board is the
    // command's own answer there, and a private note names the missing
    // permissions.
    let (mark, token) = d.slash(ANA_, NO_FILES, "challenge", ben_opt, resolved);
    fake.callback(mark, &token).await;
    let (mark, token) = d.slash(BEN_, NO_FILES, "accept", json!([]), json!({}));
    let answer = fake.callback(mark, &token).await;
    assert_eq!(answer.files, ["board.png"], "{answer:#?}");
    assert!(!is_private(&answer), "the board is public");
    let note = fake
        .wait(mark, "a note on permissions", |c| {
            c.path.contains(&format!("/webhooks/{APP}/{token}"))
        })
        .await;
    assert!(is_private(&note));
    let note = content(&note);
    assert!(note.contains("**Embed Links**, **Attach Files**"), "{note}");
    let posts_there = || {
        fake.since(0)
            .iter()
            .filter(|c| c.path == format!("/api/v10/channels/{NO_FILES}/messages"))
            .count()
    };
    assert_eq!(posts_there(), 0, "nothing was tried in the channel");
    // A notice there is refused once; the channel is then set aside, and
    // the next notice is not even tried.
    for text in ["Reminder one", "Reminder two"] {
        assert!(notices.post(Outgoing {
            channel: ChannelKey::new(tablero_app::Platform::Discord, NO_FILES.to_string()),
            reply: Reply::new(Msg::new(text, text), Lang::En),
        }));
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert_eq!(posts_there(), 1, "one refused post, no retries");

    assert!(
        fake.heartbeats.load(Ordering::SeqCst) > 0,
        "heartbeats were sent and acknowledged"
    );
    // Nothing went to an unknown route.
    let unknown: Vec<Call> = fake
        .since(0)
        .into_iter()
        .filter(|c| c.method == Method::GET && !c.path.contains("gateway"))
        .collect();
    assert!(unknown.is_empty(), "{unknown:#?}");
}

fn content_of(m: &Value) -> String {
    m["content"].as_str().unwrap_or("").to_string()
}

/// The fake's payloads are ones serenity reads (else the bot would just
/// ignore them and the test would time out without saying why).
#[test]
fn the_fake_payloads_parse() {
    let (events, _rx) = mpsc::unbounded_channel();
    let d = Discord {
        fake: Arc::new(Fake::default()),
        events,
        n: AtomicU64::new(0),
    };
    let (v, _) = d.base(
        ANA_,
        CHANNEL,
        2,
        json!({"id": "1", "name": "board", "type": 1, "options": [], "resolved": {}}),
    );
    serde_json::from_value::<serenity::all::Interaction>(v).unwrap();
    let options = json!([
        {"name": "game", "type": 3, "value": "breakthrough"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (v, _) = d.base(ANA_, CHANNEL, 2, json!({"id": "1", "name": "challenge", "type": 1, "options": options, "resolved": resolved}));
    let event = json!({"op": 0, "t": "INTERACTION_CREATE", "s": 2, "d": v});
    serde_json::from_value::<serenity::all::GatewayEvent>(event).unwrap();
    let (v, _) = d.base(ANA_, DM, 2, json!({"id": "1", "name": "board", "type": 1}));
    serde_json::from_value::<serenity::all::Interaction>(v).unwrap();
    // A DM between friends, through Ana's user install.
    let (v, _) = d.base(
        BEN_,
        FRIENDS,
        2,
        json!({"id": "1", "name": "board", "type": 1}),
    );
    let serenity::all::Interaction::Command(c) =
        serde_json::from_value::<serenity::all::Interaction>(v).unwrap()
    else {
        panic!("a command")
    };
    assert_eq!(
        c.context,
        Some(serenity::all::InteractionContext::PrivateChannel)
    );
    assert!(tablero_discord::userapp::answers_only(
        c.context,
        &c.authorizing_integration_owners
    ));
    // The DM channel Create DM answers.
    let dm = json!({
        "id": (DM_BASE + BEN).to_string(), "type": 1, "last_message_id": null,
        "recipients": [user_json(BEN, "Ben")]
    });
    serde_json::from_value::<serenity::all::PrivateChannel>(dm).unwrap();
    let m = message_json(
        1,
        "2",
        &json!({"content": "x", "components": [
            {"type": 1, "components": [{"type": 3, "custom_id": "tb:m:1:0", "options": [{"label": "a", "value": "0:a2"}]}]}
        ]}),
        64,
    );
    serde_json::from_value::<serenity::all::Message>(m.clone()).unwrap();
    let (mut v, _) = d.base(
        ANA_,
        CHANNEL,
        3,
        json!({"custom_id": "tb:m:1:0", "component_type": 3, "values": ["0:a2"]}),
    );
    v["message"] = m;
    serde_json::from_value::<serenity::all::Interaction>(v).unwrap();
}

/// The store's key of a Discord channel.
fn key(channel: u64) -> ChannelKey {
    ChannelKey::new(tablero_app::Platform::Discord, channel.to_string())
}

/// The thread the bot creates in `parent` after `mark`, and the first
/// board it posts there.
async fn thread_and_board(fake: &Fake, mark: usize, parent: u64) -> (Call, Call) {
    let thread = fake
        .wait(mark, "a new thread", |c| {
            c.method == Method::POST && c.path == format!("/api/v10/channels/{parent}/threads")
        })
        .await;
    let board = fake.posted(mark, thread.created.unwrap()).await;
    (thread, board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_in_its_own_thread() {
    // The ticker and the store's directory live to the end of the test.
    let Running {
        fake,
        d,
        app,
        _ticker,
        _dir,
        ..
    } = start(true).await;
    fake.wait(0, "command registration", |c| c.method == Method::PUT)
        .await;
    let challenge = |game: &str| {
        json!([
            {"name": "game", "type": 3, "value": game},
            {"name": "opponent", "type": 6, "value": BEN.to_string()},
            {"name": "side", "type": 4, "value": 0}
        ])
    };
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});

    // Ben takes Ana's challenge by its button: a public thread named after
    // the game is opened in the channel (kept a week when idle), the game
    // moves into it and its first board is posted there, and the channel
    // gets a note pointing to the thread that notifies nobody.
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "challenge",
        challenge("breakthrough"),
        resolved.clone(),
    );
    let c = fake.callback(mark, &token).await;
    let accept = c.body["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (mark, token) = d.button(BEN_, c.created.unwrap(), &accept);
    assert_eq!(fake.callback(mark, &token).await.body["type"], 7);
    let (thread_call, board) = thread_and_board(&fake, mark, CHANNEL).await;
    assert_eq!(thread_call.body["name"], "#1 Breakthrough: Ana – Ben");
    assert_eq!(thread_call.body["type"], 11, "a public thread");
    assert_eq!(thread_call.body["auto_archive_duration"], 10080);
    let thread = thread_call.created.unwrap();
    assert_eq!(board.files, ["board.png"]);
    assert!(
        content(&board).contains(&format!("<@{ANA}>")),
        "{}",
        content(&board)
    );
    let note = fake.posted(mark, CHANNEL).await;
    let text = content(&note);
    assert!(
        text.contains(&format!("<#{thread}>")) && text.contains("#1") && text.contains("Ana"),
        "{text}"
    );
    assert_eq!(
        note.body["allowed_mentions"]["users"],
        json!([]),
        "{note:?}"
    );
    assert!(note.files.is_empty());
    assert!(app.store().game(&key(CHANNEL), 1, true).unwrap().is_none());
    assert!(app.store().game(&key(thread), 1, true).unwrap().is_some());

    // The game is played in the thread: a press on its board posts the
    // next board there; in the channel there is no game any more.
    let next = press_first(&d, ANA_, board.created.unwrap()).await;
    assert_eq!(channel_of(&fake.message(next)), thread);
    let (mark, token) = d.slash(
        BEN_,
        CHANNEL,
        "move",
        json!([{"name": "move", "type": 3, "value": "a7-a6"}]),
        json!({}),
    );
    private_error(&d, mark, &token, "not playing any game").await;
    let (mark, token) = d.slash(
        BEN_,
        thread,
        "move",
        json!([{"name": "move", "type": 3, "value": "a7-a6"}]),
        json!({}),
    );
    let moved = fake.posted(mark, thread).await;
    assert!(content(&moved).contains("a7-a6"), "{}", content(&moved));
    fake.callback(mark, &token).await;

    // A challenge taken inside the thread stays there: no thread in a
    // thread.
    let (mark, token) = d.slash(
        ANA_,
        thread,
        "challenge",
        challenge("bloc"),
        resolved.clone(),
    );
    fake.callback(mark, &token).await;
    let (mark, _) = d.slash(BEN_, thread, "accept", json!([]), json!({}));
    let b = fake.posted(mark, thread).await;
    assert_eq!(b.files, ["board.png"]);

    // Against the bot with the bot to move first: the game moves to its
    // thread and the bot's first move is posted there.
    let (mark, _) = d.slash(
        ANA_,
        CHANNEL,
        "play",
        json!([
            {"name": "game", "type": 3, "value": "breakthrough"},
            {"name": "level", "type": 4, "value": 1},
            {"name": "side", "type": 4, "value": 1}
        ]),
        json!({}),
    );
    let (thread_call, _) = thread_and_board(&fake, mark, CHANNEL).await;
    let bot_thread = thread_call.created.unwrap();
    let bots = fake
        .wait(mark, "the bot's first move in the thread", |c| {
            c.method == Method::POST
                && c.path == format!("/api/v10/channels/{bot_thread}/messages")
                && content(c).contains(&format!("<@{BOT}> played"))
        })
        .await;
    assert_eq!(bots.files, ["board.png"]);

    // Where the bot may not open threads, or Discord refuses one, the
    // game is played in the channel as before.
    for channel in [NO_THREADS, THREADS_REFUSED] {
        let (mark, token) = d.slash(
            ANA_,
            channel,
            "challenge",
            challenge("breakthrough"),
            resolved.clone(),
        );
        fake.callback(mark, &token).await;
        let (mark, _) = d.slash(BEN_, channel, "accept", json!([]), json!({}));
        let b = fake.posted(mark, channel).await;
        assert_eq!(b.files, ["board.png"], "{channel}");
        let ongoing = app.ongoing_games(&key(channel)).unwrap();
        assert_eq!(ongoing.len(), 1, "{channel}");
    }
    let tried: Vec<String> = fake
        .since(0)
        .iter()
        .filter(|c| c.path.ends_with("/threads"))
        .map(|c| c.path.clone())
        .collect();
    assert_eq!(
        tried,
        [
            format!("/api/v10/channels/{CHANNEL}/threads"),
            format!("/api/v10/channels/{CHANNEL}/threads"),
            format!("/api/v10/channels/{THREADS_REFUSED}/threads"),
        ],
        "a thread per game in the channel, none without the permission"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_come_as_one_message_with_every_card_in_order() {
    let Running { fake, d, .. } = start(false).await;
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "rules",
        json!([{"name": "game", "type": 3, "value": "cracovia"}]),
        json!({}),
    );
    let c = fake
        .wait(mark, "the rules with their cards", |c| !c.files.is_empty())
        .await;
    assert!(
        c.path.contains(&token) || c.path.contains("/channels/"),
        "{}",
        c.path
    );
    assert_eq!(
        c.files,
        [
            "cracovia-rules-1.png",
            "cracovia-rules-2.png",
            "cracovia-rules-3.png"
        ]
    );
    let body = if c.body["data"].is_object() {
        &c.body["data"]
    } else {
        &c.body
    };
    assert!(
        body["content"].as_str().unwrap_or("").contains("Cracovia"),
        "{body}"
    );
    let described: Vec<&str> = body["attachments"]
        .as_array()
        .expect("attachments")
        .iter()
        .map(|a| a["description"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        described,
        [
            "An angel moves one or two squares in any direction, never over anything.",
            "The demons place one demon a turn on any empty square; demons never move.",
            "The angels win by joining all four in one block (corners count).",
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moves_press_plays_the_move() {
    let Running { fake, d, app, .. } = start(false).await;
    let opts = json!([
        {"name": "game", "type": 3, "value": "breakthrough"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", opts, resolved);
    fake.callback(mark, &token).await;
    let (mark, _) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    let first = fake.posted(mark, CHANNEL).await.created.unwrap();
    // `/moves square:b2`: the marked board in the channel, whose menu is
    // that piece's moves; the first board's menu is retired.
    let (mark, _) = d.slash(
        ANA_,
        CHANNEL,
        "moves",
        json!([{"name": "square", "type": 3, "value": "b2"}]),
        json!({}),
    );
    let marked = fake.posted(mark, CHANNEL).await;
    assert_eq!(marked.files, ["board.png"]);
    assert!(content(&marked).contains("b2-c3"), "{}", content(&marked));
    let marked = marked.created.unwrap();
    assert!(disabled_soon(&fake, first).await, "the first board retires");
    let (id, options) = menu(&fake.message(marked)).expect("the piece's moves");
    assert!(id.starts_with("tb:m:"), "{id}");
    let mut labels: Vec<&str> = options.iter().map(|(l, _)| l.as_str()).collect();
    labels.sort_unstable();
    assert_eq!(labels, ["b2-a3", "b2-b3", "b2-c3"]);
    // Ben may not play it; Ana's choice plays it.
    let value = &options.iter().find(|(l, _)| l == "b2-c3").unwrap().1;
    let (mark, token) = d.select(BEN_, marked, &id, value);
    private_error(&d, mark, &token, "not your turn").await;
    assert_eq!(game_ply(&app, 1), 0);
    let (mark, token) = d.select(ANA_, marked, &id, value);
    let ack = fake.callback(mark, &token).await;
    assert_eq!(ack.body["type"], 6);
    let after = fake.posted(mark, CHANNEL).await;
    assert!(content(&after).contains("b2-c3"), "{}", content(&after));
    assert_eq!(game_ply(&app, 1), 1);
}

/// `/play`'s options: Breakthrough at level 1, the player moving first.
fn play_breakthrough_first() -> Value {
    json!([
        {"name": "game", "type": 3, "value": "breakthrough"},
        {"name": "level", "type": 4, "value": 1},
        {"name": "side", "type": 4, "value": 0}
    ])
}

/// A choice in the select menu of `m`, a message as a client may still
/// show it (an older copy of a board).
fn select_on(d: &Discord, who: Who, m: &Value, value: &str) -> (usize, String) {
    let (custom_id, _) = menu(m).expect("a move menu");
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    let (mut v, token) = d.base(who, channel_of(m), 3, data);
    v["message"] = m.clone();
    let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
    d.fake.original.lock().unwrap().insert(token.clone(), id);
    let mark = d.fake.mark();
    d.send(v);
    (mark, token)
}

/// The value of move `mv` in message `m`'s menu of every move.
fn move_value(m: &Value, mv: &str) -> String {
    let (id, opts) = menu(m).expect("a move menu");
    assert!(id.starts_with("tb:m:"), "{id}");
    opts.into_iter()
        .find(|(l, _)| l == mv)
        .unwrap_or_else(|| panic!("{mv} in {}", m["components"]))
        .1
}

/// Plays `mv` on the friends' board `board` as `who`: the press is
/// acknowledged and the board edited in place through its token.
async fn friends_move(d: &Discord, who: Who, board: u64, mv: &str) -> (usize, String) {
    let value = move_value(&d.fake.message(board), mv);
    let (mark, token) = d.select(who, board, &menu(&d.fake.message(board)).unwrap().0, &value);
    let ack = d.fake.callback(mark, &token).await;
    assert_eq!(ack.body["type"], 6, "{ack:?}");
    let edit = d
        .fake
        .wait(mark, "the board edited", |c| {
            c.method == Method::PATCH
                && c.path == format!("/api/v10/webhooks/{APP}/{token}/messages/@original")
        })
        .await;
    assert_eq!(
        edit.files,
        ["board.png"],
        "the new board replaces the old image"
    );
    assert!(content(&edit).contains(mv), "{}", content(&edit));
    (mark, token)
}

/// Posts to the friends' DM itself: the bot must never try one.
fn friends_posts(fake: &Fake) -> usize {
    fake.since(0)
        .iter()
        .filter(|c| c.path.starts_with(&format!("/api/v10/channels/{FRIENDS}/")))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_play_in_their_dm_through_the_user_install() {
    let Running {
        fake,
        d,
        app,
        notices,
        renderer,
        _ticker,
        _dir,
        ..
    } = start_with(false, None).await;
    // Registered globally: for servers and users' accounts, usable in
    // servers, the bot's DMs and DMs between people.
    let reg = fake
        .wait(0, "global registration", |c| {
            c.method == Method::PUT && c.path == format!("/api/v10/applications/{APP}/commands")
        })
        .await;
    let cmds = reg.body.as_array().unwrap();
    let opened = || {
        fake.since(0)
            .iter()
            .filter(|c| c.path == "/api/v10/users/@me/channels")
            .count()
    };
    assert!(cmds.iter().any(|c| c["name"] == "challenge"));
    for c in cmds {
        assert_eq!(c["integration_types"], json!([0, 1]), "{}", c["name"]);
        assert_eq!(c["contexts"], json!([0, 1, 2]), "{}", c["name"]);
    }
    // Both may get DMs from the bot (Ana installed the app, Ben shares a
    // server with it).
    fake.dm_ok.lock().unwrap().extend([ANA, BEN]);
    let ana = tablero_app::User {
        id: ANA.to_string(),
        name: "Ana".into(),
    };
    let ben = tablero_app::User {
        id: BEN.to_string(),
        name: "Ben".into(),
    };
    let notice = |text: &str, who: &tablero_app::User| {
        let t = tablero_app::Text::fill(text, [tablero_app::Span::Mention(who.clone())]);
        Outgoing {
            channel: key(FRIENDS),
            reply: Reply::new(
                tablero_app::reply::Bi {
                    en: t.clone(),
                    es: t,
                },
                Lang::En,
            ),
        }
    };

    // As after a restart, the bot does not know the DM yet: a notice for
    // it is refused there once (Missing Access), then goes to the player it
    // names, in their DM with the bot.
    let mark = fake.mark();
    assert!(notices.post(notice("Reminder: {} to move", &ana)));
    let dm = fake.posted(mark, DM_BASE + ANA).await;
    assert!(
        content(&dm).starts_with("About your games played in a direct message:")
            && content(&dm).contains(&format!("Reminder: <@{ANA}> to move")),
        "{}",
        content(&dm)
    );
    assert_eq!(friends_posts(&fake), 1, "one post refused, no retry");

    // Ana challenges Ben in their DM: the answer is the command's own,
    // public, with Accept and Decline.
    let (mark, token) = d.slash(
        ANA_,
        FRIENDS,
        "challenge",
        json!([
            {"name": "game", "type": 3, "value": "breakthrough"},
            {"name": "opponent", "type": 6, "value": BEN.to_string()},
            {"name": "side", "type": 4, "value": 0}
        ]),
        json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}}),
    );
    let c = fake.callback(mark, &token).await;
    assert_eq!(c.body["type"], 4);
    assert!(!is_private(&c));
    assert!(
        content(&c).contains(&format!("<@{BEN}>")),
        "{}",
        content(&c)
    );
    let challenge = c.created.unwrap();
    let accept = button_ids(&fake.message(challenge))[0].clone();
    assert!(accept.ends_with(":a"), "{accept}");

    // Ben (who needs no install to press) accepts: the challenge loses its
    // buttons and the first board comes as a follow-up of his press, with
    // the move menu and a "current board" button.
    let (mark, token) = d.button(BEN_, challenge, &accept);
    assert_eq!(fake.callback(mark, &token).await.body["type"], 7);
    let first = fake
        .wait(mark, "the first board", |c| {
            c.method == Method::POST && c.path == format!("/api/v10/webhooks/{APP}/{token}")
        })
        .await;
    assert_eq!(first.files, ["board.png"]);
    assert!(content(&first).contains(&format!("<@{ANA}>")));
    let board = first.created.unwrap();
    assert_eq!(menu(&fake.message(board)).unwrap().0, "tb:m:1:0");
    assert_eq!(button_ids(&fake.message(board)), ["tb:r:1", "tb:q:1"]);

    // The game: every move is a press on that one board, which is edited
    // in place; the player to move hears of it in their DM with the bot,
    // with a link to the board.
    let plan = [
        ("a2-a3", "h7-h6"),
        ("a3-a4", "h6-h5"),
        ("a4-a5", "h5-h4"),
        ("a5-a6", "g7-g6"),
        ("a6xb7", "f7-f6"),
    ];
    let link = format!("https://discord.com/channels/@me/{FRIENDS}/{board}");
    let mut old_board = None;
    for (i, (white, black)) in plan.into_iter().enumerate() {
        if i == 1 {
            old_board = Some(fake.message(board));
        }
        let (mark, _) = friends_move(&d, ANA_, board, white).await;
        let ana_moved = mark;
        if i <= 2 {
            let dm = fake.posted(mark, DM_BASE + BEN).await;
            assert!(content(&dm).contains(&link), "{}", content(&dm));
            assert!(content(&dm).contains(white), "{}", content(&dm));
            assert_eq!(dm.files, ["board.png"]);
            assert!(
                button_ids(&dm.body).is_empty() && menu(&dm.body).is_none(),
                "the DM only points to the board"
            );
        }
        if i == 2 {
            // The tokens Ana's and Ben's presses brought run out.
            fake.advance(Duration::from_secs(16 * 60));
            // A reminder for Ben, who closed his DMs meanwhile: the newest
            // token is tried and refused, the DM refused, and the notice is
            // kept for the next press there.
            fake.dm_ok.lock().unwrap().retain(|&u| u != BEN);
            let mark = fake.mark();
            assert!(notices.post(notice("Reminder: {} to move", &ben)));
            let refused = fake
                .wait(mark, "the DM tried", |c| {
                    c.path == format!("/api/v10/channels/{}/messages", DM_BASE + BEN)
                })
                .await;
            let spent = fake.since(mark);
            assert!(
                spent
                    .iter()
                    .any(|c| c.path.starts_with(&format!("/api/v10/webhooks/{APP}/"))),
                "the spent token was tried first: {spent:#?}"
            );
            assert!(refused.created.is_none());
            // Ben's "current board" press shows the board and what was kept.
            let (mark, token) = d.button(BEN_, board, "tb:r:1");
            let c = fake.callback(mark, &token).await;
            assert_eq!(c.body["type"], 7, "{c:?}");
            let kept = fake
                .wait(mark, "the kept reminder", |c| {
                    c.path == format!("/api/v10/webhooks/{APP}/{token}")
                        && content(c).starts_with("Reminder")
                })
                .await;
            assert!(content(&kept).contains(&format!("<@{BEN}>")));
            assert!(
                fake.since(mark)
                    .iter()
                    .any(|c| content(c).starts_with("Meanwhile")),
                "the kept notices are introduced"
            );
        }
        let (mark, _) = friends_move(&d, BEN_, board, black).await;
        let dm = fake.posted(mark, DM_BASE + ANA).await;
        assert!(content(&dm).contains(black), "{}", content(&dm));
        // The DM channel is opened once; Ben, who refused a DM at the
        // reminder, is not sent another for a while (the board in the DM
        // shows him the move when he looks).
        let dm_path = format!("/api/v10/channels/{}/messages", DM_BASE + BEN);
        let tried = fake
            .since(ana_moved)
            .iter()
            .filter(|c| c.path == dm_path)
            .count();
        // (At the third, the move's DM and the reminder's, refused.)
        let expected = match i {
            0 | 1 => 1,
            2 => 2,
            _ => 0,
        };
        assert_eq!(tried, expected, "DMs tried to Ben after move {i}");
        if i == 1 {
            // Ben presses an older copy of the board: it is brought up to
            // date, and he is told privately why nothing was played.
            let old = old_board.take().unwrap();
            let value = menu(&old).unwrap().1[0].1.clone();
            let (mark, token) = select_on(&d, BEN_, &old, &value);
            let c = fake.callback(mark, &token).await;
            assert_eq!(c.body["type"], 7, "{c:?}");
            assert_eq!(
                menu(&c.body["data"]).unwrap().0,
                format!("tb:m:1:{}", 2 * i + 2),
                "the current board"
            );
            let note = fake
                .wait(mark, "why", |c| {
                    c.path == format!("/api/v10/webhooks/{APP}/{token}")
                })
                .await;
            assert!(
                is_private(&note) && content(&note).contains("out of date"),
                "{note:?}"
            );
        }
    }
    // The winning capture: the board shows the result, its Replay and
    // Rematch buttons and no menu.
    friends_move(&d, ANA_, board, "b7xa8").await;
    let end = fake.message(board);
    assert!(content_of(&end).contains("wins"), "{}", content_of(&end));
    assert_eq!(button_ids(&end), ["tb:g:1:r", "tb:g:1:m"]);
    assert!(menu(&end).is_none());
    assert!(
        app.store().game(&key(FRIENDS), 1, true).unwrap().is_none(),
        "finished"
    );
    assert_eq!(opened(), 2, "one DM channel opened per player");

    // Ana plays Tablero there: the bot's answer comes into the board she
    // pressed, through her press's token, and she gets no DM about it.
    let (mark, token) = d.slash(ANA_, FRIENDS, "play", play_breakthrough_first(), json!({}));
    let c = fake.callback(mark, &token).await;
    assert_eq!(c.body["type"], 4);
    assert!(!is_private(&c));
    let board = c.created.unwrap();
    assert_eq!(menu(&fake.message(board)).unwrap().0, "tb:m:2:0");
    let (mark, token) = friends_move(&d, ANA_, board, "a2-a3").await;
    let bots = fake
        .wait(mark, "the bot's move in the board", |c| {
            c.method == Method::PATCH
                && c.path == format!("/api/v10/webhooks/{APP}/{token}/messages/@original")
                && content(c).contains(&format!("<@{BOT}> played"))
        })
        .await;
    assert_eq!(bots.files, ["board.png"]);
    assert_eq!(menu(&fake.message(board)).unwrap().0, "tb:m:2:2");
    assert!(
        !fake
            .since(mark)
            .iter()
            .any(|c| c.path == format!("/api/v10/channels/{}/messages", DM_BASE + ANA)),
        "Ana is watching: no DM"
    );

    // A slow answer there is deferred publicly (the answer is the board),
    // and its loading message becomes the board.
    renderer.slow.store(true, Ordering::SeqCst);
    let (mark, token) = d.slash(ANA_, FRIENDS, "board", json!([]), json!({}));
    let first = fake.callback(mark, &token).await;
    assert_eq!(first.body["type"], 5, "deferred");
    assert!(!is_private(&first));
    let answer = fake
        .wait(mark, "the deferred board", |c| {
            c.method == Method::POST && c.path == format!("/api/v10/webhooks/{APP}/{token}")
        })
        .await;
    renderer.slow.store(false, Ordering::SeqCst);
    assert_eq!(answer.files, ["board.png"]);
    assert_eq!(answer.created, first.created, "the loading message, filled");
    let shown = fake.message(first.created.unwrap());
    assert_eq!(menu(&shown).unwrap().0, "tb:m:2:2");
    assert_eq!(button_ids(&shown), ["tb:r:2", "tb:q:2"]);

    // Resigning by a button (a friend without the app cannot type
    // `/resign`): a private question first, then the final board comes
    // into the game's board through the newest token that shows it.
    let shown_id = first.created.unwrap();
    let (mark, token) = d.button(ANA_, shown_id, "tb:q:2");
    let ask = fake.callback(mark, &token).await;
    assert!(is_private(&ask), "{ask:?}");
    assert!(content(&ask).contains("#2"), "{}", content(&ask));
    let question = ask.created.unwrap();
    assert_eq!(button_ids(&fake.message(question)), ["tb:k:2"]);
    assert!(
        app.store().game(&key(FRIENDS), 2, true).unwrap().is_some(),
        "asking changes nothing"
    );
    let (mark, token) = d.button(ANA_, question, "tb:k:2");
    assert_eq!(fake.callback(mark, &token).await.body["type"], 7);
    let end = fake
        .wait(mark, "the final board", |c| {
            c.path.starts_with(&format!("/api/v10/webhooks/{APP}/"))
                && c.files == ["board.png"]
                && content(c).contains("resign")
        })
        .await;
    assert!(
        content(&end).contains(&format!("<@{BOT}>")),
        "{}",
        content(&end)
    );
    assert!(app.store().game(&key(FRIENDS), 2, true).unwrap().is_none());

    assert_eq!(
        friends_posts(&fake),
        1,
        "nothing tried in the friends' DM once the bot knew it"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_comes_as_one_message_with_the_chart_and_the_turning_points() {
    let Running { fake, d, .. } = start(false).await;
    let challenge = json!([
        {"name": "game", "type": 3, "value": "chess"},
        {"name": "opponent", "type": 6, "value": BEN.to_string()},
        {"name": "side", "type": 4, "value": 0}
    ]);
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", challenge, resolved);
    fake.callback(mark, &token).await;
    let (mark, token) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    fake.posted(mark, CHANNEL).await;
    fake.callback(mark, &token).await;
    // 3. Qxe5+?? Nxe5: the queen for a pawn; then Ana resigns.
    for (who, m) in [
        (ANA_, "e4"),
        (BEN_, "e5"),
        (ANA_, "Qh5"),
        (BEN_, "Nc6"),
        (ANA_, "Qxe5+"),
        (BEN_, "Nxe5"),
    ] {
        slash_move(&d, who, m).await;
    }
    let (mark, _) = d.slash(ANA_, CHANNEL, "resign", json!([]), json!({}));
    fake.posted(mark, CHANNEL).await;
    let (mark, _) = d.slash(
        BEN_,
        CHANNEL,
        "review",
        json!([{"name": "game", "type": 4, "value": 1}]),
        json!({}),
    );
    let c = fake
        .wait(mark, "the review with its pictures", |c| {
            !c.files.is_empty()
        })
        .await;
    assert_eq!(c.files[0], "review-chess-1.png", "{:?}", c.files);
    assert!(
        c.files.contains(&"review-chess-1-5.png".to_string()),
        "{:?}",
        c.files
    );
    let body = if c.body["data"].is_object() {
        &c.body["data"]
    } else {
        &c.body
    };
    let said = body["content"].as_str().unwrap_or("");
    assert!(said.contains("Review of game #1"), "{body}");
    assert!(said.contains("3. Qxe5+"), "{body}");
    let described: Vec<&str> = body["attachments"]
        .as_array()
        .expect("attachments")
        .iter()
        .map(|a| a["description"].as_str().unwrap_or(""))
        .collect();
    assert!(
        described[0].starts_with("Review of game #1"),
        "{described:?}"
    );
    assert!(
        described.iter().any(|d| d.starts_with("3. Qxe5+ by ")),
        "{described:?}"
    );
}

/// Typed options that are wrong get, privately, the errors the same
/// command written out gets, and change nothing: a level out of range
/// (Discord's own limits aside), an unknown option, a move that is not a
/// move, a game number that is not the caller's or is no number at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_typed_options_get_the_written_commands_errors() {
    let running = start(false).await;
    let (fake, d, app) = (&running.fake, &running.d, &running.app);
    // `/name` with `options` from `who` is answered privately with `says`.
    let refused = |who: Who, name: &'static str, options: Value, says: &'static str| async move {
        let (mark, token) = d.slash(who, CHANNEL, name, options, json!({}));
        private_error(d, mark, &token, says).await;
    };
    let breakthrough = json!({"name": "game", "type": 3, "value": "breakthrough"});
    let level = json!({"name": "level", "type": 4, "value": 9});
    let play = json!([breakthrough, level]);
    refused(ANA_, "play", play, "`level=9` is not a level").await;
    let ben = json!({"name": "opponent", "type": 6, "value": BEN.to_string()});
    let resolved = json!({"users": {BEN.to_string(): user_json(BEN, "Ben")}});
    let sparkle = json!({"name": "options", "type": 3, "value": "size=6 sparkle"});
    let options = json!([breakthrough, ben, sparkle]);
    let (mark, token) = d.slash(ANA_, CHANNEL, "challenge", options, resolved.clone());
    private_error(d, mark, &token, "Unknown option").await;
    let ch = ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string());
    assert!(app.store().channel_challenges(&ch).unwrap().is_empty());

    // A game between Ana and Ben.
    let (mark, token) = d.slash(
        ANA_,
        CHANNEL,
        "challenge",
        json!([breakthrough, ben]),
        resolved,
    );
    fake.callback(mark, &token).await;
    let (mark, token) = d.slash(BEN_, CHANNEL, "accept", json!([]), json!({}));
    fake.posted(mark, CHANNEL).await;
    fake.callback(mark, &token).await;
    let game = |n: u64| json!({"name": "game", "type": 4, "value": n});
    let mv = |m: &str| json!({"name": "move", "type": 3, "value": m});
    let hello = json!([mv("hello there")]);
    refused(ANA_, "move", hello, "hello there\\` is not a move. Write").await;
    refused(ANA_, "move", json!([mv("7"), game(1)]), "Which move?").await;
    // Cleo names the game of Ana and Ben.
    let not_hers = "You are not a player in game";
    refused(CLEO_, "resign", json!([game(1)]), not_hers).await;
    refused(CLEO_, "hint", json!([game(1)]), not_hers).await;
    refused(CLEO_, "move", json!([mv("a2-a3"), game(1)]), not_hers).await;
    let huge = json!([game(10_000_000_000_000)]);
    refused(ANA_, "board", huge, "is not a game number like").await;
    assert_eq!(game_ply(app, 1), 0);
}

/// The tournament buttons: Join, Leave and Start under its announcement;
/// a press acts as the command typed by the presser (who manages the
/// channel as the interaction's permissions say), and one it is not for,
/// or a stale one, is a private error that changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_buttons_join_leave_and_start() {
    let Running { d, fake, app, .. } = start(false).await;
    let words = |w: &str| json!([{"name": "words", "type": 3, "value": w}]);
    let stored = || {
        let ch = ChannelKey::new(tablero_app::Platform::Discord, CHANNEL.to_string());
        app.store().tournament(&ch, 1).unwrap()
    };
    // Ben does not manage the channel: he may not create one.
    let create = words("create breakthrough roundrobin time=none");
    let (mark, token) = d.slash(BEN_, CHANNEL, "tournament", create.clone(), json!({}));
    let c = fake.callback(mark, &token).await;
    assert!(content(&c).contains("manage this chat"), "{}", content(&c));
    let (mark, token) = d.slash(ANA_, CHANNEL, "tournament", create, json!({}));
    let c = fake.callback(mark, &token).await;
    // A game's or tournament's `#` is no markdown: not escaped.
    assert!(content(&c).contains("Tournament #1"), "{}", content(&c));
    let announcement = c.created.expect("a public announcement");
    let ids = button_ids(&c.body["data"]);
    assert_eq!(ids, ["tb:t:1:j", "tb:t:1:l", "tb:t:1:s"]);
    // Ben joins with the button: the news is posted, with the buttons.
    let (mark, token) = d.button(BEN_, announcement, "tb:t:1:j");
    let ack = fake.callback(mark, &token).await;
    assert_eq!(ack.body["type"], 6, "acknowledged");
    let news = fake.posted(mark, CHANNEL).await;
    assert!(
        content(&news).contains("joined tournament #1"),
        "{}",
        content(&news)
    );
    assert_eq!(button_ids(&news.body), ["tb:t:1:j", "tb:t:1:l", "tb:t:1:s"]);
    let before = stored();
    // Presses it is not for: private errors, nothing changed.
    let (mark, token) = d.button(CLEO_, announcement, "tb:t:1:l");
    private_error(&d, mark, &token, "not in tournament #1").await;
    let (mark, token) = d.button(BEN_, announcement, "tb:t:1:s");
    private_error(&d, mark, &token, "(who created it)").await;
    assert_eq!(stored(), before);
    // Cleo joins; Ana, who manages the channel, starts it: the pressed
    // message loses its buttons and round 1 is posted.
    let (mark, _) = d.button(CLEO_, announcement, "tb:t:1:j");
    fake.posted(mark, CHANNEL).await;
    let (mark, token) = d.button(ANA_, announcement, "tb:t:1:s");
    let update = fake.callback(mark, &token).await;
    assert_eq!(update.body["type"], 7, "the announcement is updated");
    assert_eq!(update.body["data"]["components"], json!([]));
    let begun = fake.posted(mark, CHANNEL).await;
    assert!(
        content(&begun).contains("Tournament #1 has begun!"),
        "{}",
        content(&begun)
    );
    // A stale button: the tournament has begun.
    let before = stored();
    let (mark, token) = d.button(CLEO_, announcement, "tb:t:1:l");
    private_error(&d, mark, &token, "already started").await;
    assert_eq!(stored(), before);
}
