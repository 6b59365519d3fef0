//! The Telegram front-end end to end: a fake Bot API server (axum, on
//! 127.0.0.1) and the real teloxide client against it. Two users play a
//! game of Breakthrough in a group by typed moves and button presses, with
//! an illegal move, a foreign press, a stale press and a resign; then a
//! second game is played to its end, and a third runs out of time.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tablero_app::{App, BoardRenderer, ChannelKey, FakeRenderer, ManualClock, Settings};
use tablero_store::Store;
use tablero_telegram::deliver::Retry;
use tablero_telegram::{Options, Updates, serve};
use teloxide::adaptors::throttle::Limits;
use tokio::sync::{Notify, oneshot};

mod against_bot;
mod comforts;
mod corpus;

pub(crate) const GROUP: i64 = -1_001_234;
const TOKEN: &str = "123456:TEST-token";
/// Calls made at start-up, not in answer to anyone.
const BOOKKEEPING: [&str; 5] = [
    "getme",
    "getwebhookinfo",
    "deletewebhook",
    "setmycommands",
    "getchatmember",
];

/// One request the bot made.
#[derive(Clone, Debug)]
pub(crate) struct Call {
    /// Lower case: Telegram takes method names in any case.
    pub(crate) method: String,
    pub(crate) params: Value,
    /// The uploaded file, for `sendPhoto`.
    pub(crate) file: Option<Vec<u8>>,
    /// Every uploaded file by its field name, for `sendMediaGroup`.
    files: HashMap<String, Vec<u8>>,
    /// The id of the message a send made.
    sent: Option<i32>,
}

/// A way for a request to fail.
enum Failure {
    /// An error answer: a status and a body.
    Status(StatusCode, String),
    /// The connection breaks while the answer is being sent.
    Cut,
}

/// The fake server's state.
#[derive(Default)]
pub(crate) struct Fake {
    updates: Mutex<Vec<Value>>,
    next_update: AtomicI64,
    new_update: Notify,
    pub(crate) calls: Mutex<Vec<Call>>,
    pub(crate) next_message: AtomicI32,
    /// Failures to give instead of answering the next calls of a method.
    failures: Mutex<HashMap<String, Vec<Failure>>>,
    wrong_token: Mutex<Vec<String>>,
    /// `getUpdates` requests the client gave up on before the server
    /// answered (as a too-short HTTP timeout does).
    abandoned_polls: AtomicI64,
    /// Basic groups that became supergroups: old id → new id. Telegram
    /// answers a request to the old id with 400 and `migrate_to_chat_id`.
    migrated: Mutex<HashMap<i64, i64>>,
    /// Chats that removed the bot: every request there is a 403.
    kicked: Mutex<std::collections::HashSet<i64>>,
    /// Requests refused with a 403.
    forbidden: AtomicI64,
    /// Users who never opened a chat with the bot: a message to them is
    /// a 403, as Telegram answers.
    strangers: Mutex<std::collections::HashSet<i64>>,
    /// The file ids of photos the bot sent: what it may show again.
    file_ids: Mutex<std::collections::HashSet<String>>,
    /// Inline messages as their last edit left them: the photo, the
    /// caption and the buttons' data.
    inline: Mutex<HashMap<String, InlineMessage>>,
}

/// An inline message as the fake keeps it: its photo, its caption, the
/// data of its buttons.
type InlineMessage = (String, String, Vec<String>);

/// Counts a long poll the client dropped before its answer.
struct PollGuard<'a> {
    fake: &'a Fake,
    answered: bool,
}

impl Drop for PollGuard<'_> {
    fn drop(&mut self) {
        if !self.answered {
            self.fake.abandoned_polls.fetch_add(1, Ordering::SeqCst);
        }
    }
}

fn bot_user() -> Value {
    json!({"id": 999, "is_bot": true, "first_name": "Tablero", "username": "TableroBot"})
}

fn group_chat() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "Club"})
}

fn message_json(id: i32, chat: Value, text: &str) -> Value {
    json!({"message_id": id, "date": 1_700_000_000, "chat": chat, "from": bot_user(), "text": text})
}

/// A refusal as the Bot API writes it.
fn refusal(status: StatusCode, description: &str) -> Response {
    let code = status.as_u16();
    (
        status,
        axum::Json(json!({"ok": false, "error_code": code, "description": description})),
    )
        .into_response()
}

fn ok(result: Value) -> Response {
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

/// Reads a JSON or multipart body into JSON; `attach://` references are
/// resolved to the files they name.
async fn params(req: Request) -> (Value, Option<Vec<u8>>, HashMap<String, Vec<u8>>) {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let body = Bytes::from_request(req, &()).await.unwrap_or_default();
        return (
            serde_json::from_slice(&body).unwrap_or(json!({})),
            None,
            HashMap::new(),
        );
    }
    let mut form = Multipart::from_request(req, &()).await.expect("multipart");
    let mut fields = serde_json::Map::new();
    let mut files: HashMap<String, Vec<u8>> = HashMap::new();
    while let Some(field) = form.next_field().await.expect("a field") {
        let name = field.name().unwrap_or_default().to_string();
        let is_file = field.file_name().is_some();
        let data = field.bytes().await.expect("field bytes").to_vec();
        if is_file {
            files.insert(name, data);
        } else {
            let text = String::from_utf8(data).expect("utf-8 field");
            let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
            fields.insert(name, value);
        }
    }
    let mut file = None;
    for v in fields.values() {
        if let Some(name) = v.as_str().and_then(|s| s.strip_prefix("attach://")) {
            file = files.get(name).cloned();
        }
    }
    // A file sent directly under its field's name.
    if file.is_none() {
        file = files.values().next().cloned();
    }
    (Value::Object(fields), file, files)
}

async fn api(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let path = req.uri().path().to_string();
    let mut segments = path.trim_start_matches('/').splitn(2, '/');
    let token = segments
        .next()
        .unwrap_or("")
        .trim_start_matches("bot")
        .to_string();
    let method = segments.next().unwrap_or("").to_lowercase();
    if token != TOKEN {
        fake.wrong_token.lock().unwrap().push(token);
        return (
            StatusCode::UNAUTHORIZED,
            "{\"ok\":false,\"error_code\":401,\"description\":\"Unauthorized\"}",
        )
            .into_response();
    }
    let (params, file, files) = params(req).await;
    if let Some(chat) = params["chat_id"].as_i64() {
        if let Some(new) = fake.migrated.lock().unwrap().get(&chat) {
            // What Telegram answers (and teloxide reads as MigrateToChatId).
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({
                    "ok": false, "error_code": 400,
                    "description": "Bad Request: group chat was upgraded to a supergroup chat",
                    "parameters": {"migrate_to_chat_id": new},
                })),
            )
                .into_response();
        }
        if method.starts_with("send") && fake.strangers.lock().unwrap().contains(&chat) {
            fake.forbidden.fetch_add(1, Ordering::SeqCst);
            return refusal(
                StatusCode::FORBIDDEN,
                "Forbidden: bot can't initiate conversation with a user",
            );
        }
        if fake.kicked.lock().unwrap().contains(&chat) {
            fake.forbidden.fetch_add(1, Ordering::SeqCst);
            return (
                StatusCode::FORBIDDEN,
                axum::Json(json!({
                    "ok": false, "error_code": 403,
                    "description": "Forbidden: bot was kicked from the group chat",
                })),
            )
                .into_response();
        }
    }
    let mut sent = None;
    if method != "getupdates" {
        let failure = fake
            .failures
            .lock()
            .unwrap()
            .get_mut(&method)
            .and_then(|v| (!v.is_empty()).then(|| v.remove(0)));
        match failure {
            Some(Failure::Status(status, body)) => return (status, body).into_response(),
            Some(Failure::Cut) => {
                let broken = futures_util::stream::iter([
                    Ok(Bytes::from_static(b"{\"ok\":")),
                    Err(std::io::Error::other("connection reset")),
                ]);
                return Response::new(axum::body::Body::from_stream(broken));
            }
            None => {}
        }
        // A message's id is given as the call is recorded, so a test
        // knows which message each send made.
        let mut calls = fake.calls.lock().unwrap();
        let sends = method == "sendmessage"
            || (matches!(
                method.as_str(),
                "sendphoto" | "senddocument" | "sendanimation"
            ) && file.is_some());
        sent = sends.then(|| fake.next_message.fetch_add(1, Ordering::SeqCst) + 1);
        if method == "sendmediagroup" && album_refused(&params, &files).is_none() {
            // An album is a message per photo; the call keeps the first.
            let n = params["media"].as_array().map_or(0, Vec::len) as i32;
            sent = Some(fake.next_message.fetch_add(n, Ordering::SeqCst) + 1);
        }
        calls.push(Call {
            method: method.clone(),
            params: params.clone(),
            file: file.clone(),
            files: files.clone(),
            sent,
        });
    }
    if let Some(refusal) = refused(&method, &params) {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"ok": false, "error_code": 400, "description": refusal})),
        )
            .into_response();
    }
    let new_id = || sent.unwrap_or(0);
    // The chat a message went to, as Telegram describes it.
    let chat_of = |chat: i64| {
        if chat > 0 {
            json!({"id": chat, "type": "private", "first_name": "Someone"})
        } else {
            json!({"id": chat, "type": "supergroup", "title": "Club"})
        }
    };
    match method.as_str() {
        "getme" => ok(json!({
            "id": 999, "is_bot": true, "first_name": "Tablero", "username": "TableroBot",
            "can_join_groups": true, "can_read_all_group_messages": true,
            "supports_inline_queries": true, "can_connect_to_business": false,
            "has_main_web_app": false,
        })),
        "deletewebhook" | "setwebhook" | "setmycommands" | "answercallbackquery" => {
            ok(json!(true))
        }
        "getwebhookinfo" => ok(json!({"url": "", "has_custom_certificate": false, "pending_update_count": 0})),
        // Alice owns the group; everyone else is a member.
        "getchatmember" => {
            let id = params["user_id"].as_i64().unwrap_or(0);
            let user = json!({"id": id, "is_bot": false, "first_name": "Someone"});
            if id == ALICE.id {
                ok(json!({"status": "creator", "user": user, "is_anonymous": false, "custom_title": null}))
            } else {
                ok(json!({"status": "member", "user": user}))
            }
        }
        "getupdates" => {
            // Like Telegram: the request is held until an update arrives or
            // its whole `timeout` has passed.
            let offset = params["offset"].as_i64().unwrap_or(0);
            let wait = params["timeout"].as_u64().unwrap_or(0);
            let deadline = tokio::time::Instant::now() + Duration::from_secs(wait);
            let mut guard = PollGuard {
                fake: &fake,
                answered: false,
            };
            loop {
                let notified = fake.new_update.notified();
                let ready: Vec<Value> = {
                    let mut q = fake.updates.lock().unwrap();
                    q.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
                    q.clone()
                };
                if !ready.is_empty() || tokio::time::Instant::now() >= deadline {
                    guard.answered = true;
                    return ok(Value::Array(ready));
                }
                let _ = tokio::time::timeout_at(deadline, notified).await;
            }
        }
        "sendmessage" => {
            let chat = params["chat_id"].as_i64().unwrap_or(GROUP);
            ok(message_json(new_id(), chat_of(chat), "text"))
        }
        "sendphoto" | "senddocument" | "sendanimation" => {
            let chat = params["chat_id"].as_i64().unwrap_or(GROUP);
            if file.is_none() {
                return (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"ok": false, "error_code": 400, "description": "Bad Request: there is no file in the request"})),
                )
                    .into_response();
            }
            let mut m = message_json(new_id(), chat_of(chat), "file");
            if method == "sendphoto" {
                // Telegram keeps the photo: its id shows it again.
                let id = format!("photo-{}", new_id());
                fake.file_ids.lock().unwrap().insert(id.clone());
                m["photo"] = json!([{"file_id": id, "file_unique_id": format!("u-{id}"), "width": 640, "height": 640}]);
            }
            ok(m)
        }
        "answerinlinequery" => {
            if let Some(why) = inline_answer_refused(&fake, &params) {
                return refusal(StatusCode::BAD_REQUEST, why);
            }
            ok(json!(true))
        }
        "editmessagemedia" if params.get("inline_message_id").is_some() => {
            if let Some(why) = inline_edit_refused(&fake, &params, &files) {
                return refusal(StatusCode::BAD_REQUEST, why);
            }
            let id = params["inline_message_id"].as_str().unwrap_or("").to_string();
            let media = &params["media"];
            fake.inline.lock().unwrap().insert(
                id,
                (
                    media["media"].as_str().unwrap_or("").to_string(),
                    media["caption"].as_str().unwrap_or("").to_string(),
                    buttons(&params),
                ),
            );
            // An inline message's edit answers `true`, not a message.
            ok(json!(true))
        }
        "sendmediagroup" => {
            let chat = params["chat_id"].as_i64().unwrap_or(GROUP);
            if let Some(why) = album_refused(&params, &files) {
                return (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"ok": false, "error_code": 400, "description": why})),
                )
                    .into_response();
            }
            let first = new_id();
            let n = params["media"].as_array().map_or(0, Vec::len) as i32;
            let messages: Vec<Value> = (0..n)
                .map(|i| {
                    let mut m = message_json(first + i, chat_of(chat), "");
                    m["media_group_id"] = json!(format!("{first}"));
                    m["photo"] = json!([{"file_id": format!("p{}", first + i), "file_unique_id": format!("u{}", first + i), "width": 640, "height": 866}]);
                    m
                })
                .collect();
            ok(json!(messages))
        }
        "sendchataction" => {
            // The Bot API's actions; anything else is refused.
            const ACTIONS: [&str; 11] = [
                "typing", "upload_photo", "record_video", "upload_video", "record_voice",
                "upload_voice", "upload_document", "choose_sticker", "find_location",
                "record_video_note", "upload_video_note",
            ];
            let action = params["action"].as_str().unwrap_or("");
            if params["chat_id"].as_i64().is_none() || !ACTIONS.contains(&action) {
                return (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"ok": false, "error_code": 400, "description": "Bad Request: wrong parameter action in request"})),
                )
                    .into_response();
            }
            ok(json!(true))
        }
        "editmessagereplymarkup" if params.get("inline_message_id").is_some() => {
            let id = params["inline_message_id"].as_str().unwrap_or("").to_string();
            match fake.inline.lock().unwrap().get_mut(&id) {
                Some(m) => m.2 = buttons(&params),
                None => {
                    return refusal(StatusCode::BAD_REQUEST, "Bad Request: MESSAGE_ID_INVALID");
                }
            }
            ok(json!(true))
        }
        "editmessagereplymarkup" => {
            let id = params["message_id"].as_i64().unwrap_or(0) as i32;
            ok(message_json(id, group_chat(), "edited"))
        }
        _ => (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"ok": false, "error_code": 400, "description": "Bad Request: method not found"})),
        )
            .into_response(),
    }
}

/// What Telegram answers an edit of an inline message whose new photo is
/// an upload: an inline message takes only a file Telegram has (its id) or
/// an address it fetches. (The Bot API relays TDLib's refusal; the text
/// is TDLib's, as tdlib/td#3157 quotes it.)
const INLINE_UPLOAD_REFUSED: &str = "Bad Request: Invalid message content specified";

/// What Telegram refuses of an inline message's edit (`editMessageMedia`
/// with `inline_message_id`): an upload, a file id it never gave, a
/// caption over 1,024 characters, a button's data over 64 bytes.
fn inline_edit_refused(
    fake: &Fake,
    params: &Value,
    files: &HashMap<String, Vec<u8>>,
) -> Option<&'static str> {
    let media = &params["media"];
    if media["type"] != "photo" {
        return Some("Bad Request: wrong media type");
    }
    let shown = media["media"].as_str().unwrap_or("");
    if shown.starts_with("attach://") || !files.is_empty() {
        return Some(INLINE_UPLOAD_REFUSED);
    }
    let fetched = shown.starts_with("https://") || shown.starts_with("http://");
    if !fetched && !fake.file_ids.lock().unwrap().contains(shown) {
        return Some("Bad Request: wrong file identifier/HTTP URL specified");
    }
    refused("editmessagemedia", media).or_else(|| refused("editmessagemedia", params))
}

/// What Telegram refuses of an answer to an inline query: more than 50
/// results, a result id empty, over 64 bytes or repeated, a photo by a
/// file id it never gave, a caption over 1,024 characters, a button's
/// data over 64 bytes, a start parameter not of 1–64 of `A-Za-z0-9_-`.
fn inline_answer_refused(fake: &Fake, params: &Value) -> Option<&'static str> {
    let Some(results) = params["results"].as_array() else {
        return Some("Bad Request: field \"results\" must be an array");
    };
    if results.len() > 50 {
        return Some("Bad Request: RESULTS_TOO_MUCH");
    }
    let mut ids = std::collections::HashSet::new();
    for r in results {
        let id = r["id"].as_str().unwrap_or("");
        if id.is_empty() || id.len() > 64 {
            return Some("Bad Request: RESULT_ID_INVALID");
        }
        if !ids.insert(id.to_string()) {
            return Some("Bad Request: RESULT_ID_DUPLICATE");
        }
        if r["type"] != "photo" {
            return Some("Bad Request: RESULT_TYPE_INVALID");
        }
        match (r["photo_file_id"].as_str(), r["photo_url"].as_str()) {
            (Some(f), _) if fake.file_ids.lock().unwrap().contains(f) => {}
            (None, Some(u)) if u.starts_with("https://") => {}
            _ => return Some("Bad Request: wrong file identifier/HTTP URL specified"),
        }
        if let Some(why) = refused("answerinlinequery", r) {
            return Some(why);
        }
    }
    if let Some(p) = params["button"]["start_parameter"].as_str() {
        let fine = (1..=64).contains(&p.len())
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !fine {
            return Some("Bad Request: START_PARAM_INVALID");
        }
    }
    None
}

/// What Telegram refuses of an album (`sendMediaGroup`): fewer than 2 or
/// more than 10 items, an item that is no photo here (documents, audio and
/// video cannot mix with photos; Tablero sends photos), a photo named by
/// `attach://` with no such upload, a caption over 1,024 characters.
fn album_refused(params: &Value, files: &HashMap<String, Vec<u8>>) -> Option<&'static str> {
    let Some(media) = params["media"].as_array() else {
        return Some("Bad Request: field \"media\" must be an array");
    };
    if !(2..=10).contains(&media.len()) {
        return Some("Bad Request: wrong number of media in the group");
    }
    for item in media {
        if item["type"] != "photo" {
            return Some("Bad Request: wrong media type");
        }
        let uploaded = item["media"]
            .as_str()
            .and_then(|m| m.strip_prefix("attach://"))
            .is_some_and(|name| files.get(name).is_some_and(|f| !f.is_empty()));
        if !uploaded {
            return Some("Bad Request: wrong file identifier/HTTP URL specified");
        }
        if refused("sendphoto", item).is_some() {
            return Some("Bad Request: message caption is too long");
        }
    }
    None
}

/// What Telegram refuses of a post: a text longer than 4,096 characters
/// once its HTML is parsed, a caption longer than 1,024, and a button
/// whose callback data is longer than 64 bytes.
fn refused(method: &str, params: &Value) -> Option<&'static str> {
    let shown = |html: &str| {
        let mut out = String::new();
        let mut tag = false;
        for c in html.chars() {
            match c {
                '<' => tag = true,
                '>' if tag => tag = false,
                c if !tag => out.push(c),
                _ => {}
            }
        }
        out.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .encode_utf16()
            .count()
    };
    if method == "sendmessage" && shown(params["text"].as_str().unwrap_or("")) > 4_096 {
        return Some("Bad Request: message is too long");
    }
    if shown(params["caption"].as_str().unwrap_or("")) > 1_024 {
        return Some("Bad Request: message caption is too long");
    }
    let rows = params["reply_markup"]["inline_keyboard"].as_array();
    let data_too_long = rows.into_iter().flatten().any(|row| {
        row.as_array().into_iter().flatten().any(|b| {
            b["callback_data"].as_str().is_some_and(|d| d.len() > 64)
                || b["text"].as_str().is_none_or(str::is_empty)
        })
    });
    data_too_long.then_some("Bad Request: BUTTON_DATA_INVALID")
}

/// The number of the challenge a text announces: `… (#12) …` → `12`.
fn challenge_number(text: &str) -> String {
    text.split("(#")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .unwrap_or_else(|| panic!("no challenge number in {text:?}"))
        .to_string()
}

/// The test's side: feeds updates and reads what the bot sent.
pub(crate) struct Client {
    fake: Arc<Fake>,
    /// Calls already looked at.
    pub(crate) seen: usize,
    next_user_message: i32,
}

#[derive(Clone)]
pub(crate) struct Person {
    id: i64,
    first: &'static str,
    username: Option<&'static str>,
}

impl Person {
    fn json(&self) -> Value {
        let mut u = json!({"id": self.id, "is_bot": false, "first_name": self.first});
        if let Some(n) = self.username {
            u["username"] = json!(n);
        }
        u
    }
}

pub(crate) const ALICE: Person = Person {
    id: 1,
    first: "Alice",
    username: Some("alice"),
};
pub(crate) const BOB: Person = Person {
    id: 2,
    first: "Bob",
    username: Some("bob"),
};
pub(crate) const CAROL: Person = Person {
    id: 3,
    first: "Carol",
    username: None,
};
/// Never writes before being challenged: the bot cannot look her up.
const DAVE: Person = Person {
    id: 4,
    first: "Dave",
    username: Some("dave"),
};

impl Client {
    fn push(&self, update: Value) {
        let id = self.fake.next_update.fetch_add(1, Ordering::SeqCst) + 1;
        let mut update = update;
        update["update_id"] = json!(id);
        self.fake.updates.lock().unwrap().push(update);
        self.fake.new_update.notify_waiters();
    }

    /// A group message; a leading `/word` is marked as a command, like
    /// Telegram does.
    fn say_with(&mut self, who: &Person, text: &str, entities: Vec<Value>) {
        self.say_in(group_chat(), who, text, entities);
    }

    /// A message in a private chat with the bot.
    fn say_privately(&mut self, who: &Person, text: &str) {
        let chat = json!({"id": who.id, "type": "private", "first_name": who.first});
        self.say_in(chat, who, text, Vec::new());
    }

    fn say_in(&mut self, chat: Value, who: &Person, text: &str, mut entities: Vec<Value>) {
        self.next_user_message += 1;
        if text.starts_with('/') {
            let len = text
                .split_whitespace()
                .next()
                .unwrap_or("")
                .encode_utf16()
                .count();
            entities.insert(
                0,
                json!({"type": "bot_command", "offset": 0, "length": len}),
            );
        }
        self.push(json!({"message": {
            "message_id": 10_000 + self.next_user_message, "date": 1_700_000_000,
            "chat": chat, "from": who.json(), "text": text, "entities": entities,
        }}));
    }

    pub(crate) fn say(&mut self, who: &Person, text: &str) {
        self.say_with(who, text, Vec::new());
    }

    /// Presses a button with `data` under the bot's message `message`.
    pub(crate) fn press(&mut self, who: &Person, message: i32, data: &str) -> String {
        self.next_user_message += 1;
        let id = format!("q{}", self.next_user_message);
        self.push(json!({"callback_query": {
            "id": id, "from": who.json(), "chat_instance": "c1", "data": data,
            "message": message_json(message, group_chat(), "board"),
        }}));
        id
    }

    /// Types `@TableroBot QUERY` in some chat; `lang` is their app's
    /// language.
    fn inline_query(&mut self, who: &Person, query: &str, lang: &str) -> String {
        self.next_user_message += 1;
        let id = format!("iq{}", self.next_user_message);
        let mut from = who.json();
        from["language_code"] = json!(lang);
        self.push(json!({"inline_query": {
            "id": id, "from": from, "query": query, "offset": "", "chat_type": "private",
        }}));
        id
    }

    /// `who` posted the inline result `result` as message `message`
    /// (sent only when inline feedback is on).
    fn chosen(&mut self, who: &Person, result: &str, message: &str, query: &str) {
        self.push(json!({"chosen_inline_result": {
            "result_id": result, "from": who.json(), "inline_message_id": message,
            "query": query,
        }}));
    }

    /// Presses a button with `data` under inline message `message`: the
    /// press names the message, and no chat.
    fn press_inline(&mut self, who: &Person, message: &str, data: &str) -> String {
        self.next_user_message += 1;
        let id = format!("q{}", self.next_user_message);
        self.push(json!({"callback_query": {
            "id": id, "from": who.json(), "chat_instance": "c9", "data": data,
            "inline_message_id": message,
        }}));
        id
    }

    /// Presses a button under the bot's message `message` in `who`'s
    /// private chat with the bot.
    fn press_privately(&mut self, who: &Person, message: i32, data: &str) -> String {
        self.next_user_message += 1;
        let id = format!("q{}", self.next_user_message);
        let chat = json!({"id": who.id, "type": "private", "first_name": who.first});
        self.push(json!({"callback_query": {
            "id": id, "from": who.json(), "chat_instance": "c2", "data": data,
            "message": message_json(message, chat, "board"),
        }}));
        id
    }

    /// The next `n` calls (start-up bookkeeping aside), in the order they
    /// came: for answers whose posts to several chats may interleave.
    async fn gather(&mut self, n: usize) -> Vec<Call> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            {
                let calls = self.fake.calls.lock().unwrap();
                let got: Vec<Call> = calls[self.seen..]
                    .iter()
                    .filter(|c| !BOOKKEEPING.contains(&c.method.as_str()))
                    .cloned()
                    .collect();
                if got.len() >= n {
                    assert_eq!(got.len(), n, "more calls than expected: {got:#?}");
                    self.seen = calls.len();
                    return got;
                }
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "{} of {n} calls: {got:#?}",
                    got.len()
                );
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Waits for the next call of `method` (skipping none of the others'
    /// order checks) and returns it; the calls before it are returned too.
    pub(crate) async fn next(&mut self, method: &str) -> (Call, Vec<Call>) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            {
                let calls = self.fake.calls.lock().unwrap();
                if let Some(i) = calls[self.seen..].iter().position(|c| c.method == method) {
                    let before = calls[self.seen..self.seen + i]
                        .iter()
                        .filter(|c| !BOOKKEEPING.contains(&c.method.as_str()))
                        .cloned()
                        .collect();
                    let call = calls[self.seen + i].clone();
                    self.seen += i + 1;
                    return (call, before);
                }
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no {method} call; calls since: {:#?}",
                &self.fake.calls.lock().unwrap()[self.seen..]
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// The next call must be `method`.
    pub(crate) async fn expect(&mut self, method: &str) -> Call {
        let (call, before) = self.next(method).await;
        assert!(before.is_empty(), "before {method}: {before:#?}");
        call
    }

    /// Waits until the bot is idle and checks it made no call.
    pub(crate) async fn quiet(&mut self) {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let calls = self.fake.calls.lock().unwrap();
        let extra: Vec<_> = calls[self.seen..]
            .iter()
            .filter(|c| !BOOKKEEPING.contains(&c.method.as_str()))
            .collect();
        assert!(extra.is_empty(), "unexpected calls: {extra:#?}");
    }

    /// Expects an alert answering `query` that contains `text`.
    pub(crate) async fn alert(&mut self, query: &str, text: &str) {
        let a = self.expect("answercallbackquery").await;
        assert_eq!(a.params["callback_query_id"], query);
        assert_eq!(a.params["show_alert"], true, "{a:?}");
        let t = a.params["text"].as_str().unwrap_or("");
        assert!(t.contains(text), "alert {t:?} lacks {text:?}");
        self.quiet().await;
    }

    /// Expects a silent answer to `query`.
    pub(crate) async fn answered(&mut self, query: &str) {
        let a = self.expect("answercallbackquery").await;
        assert_eq!(a.params["callback_query_id"], query);
        assert!(a.params.get("text").is_none(), "{a:?}");
    }

    /// Expects a new board: a photo, and the previous one's keyboard
    /// removed (when `previous` is given) just before it (a board pressed
    /// on) or just after it (a move typed). Returns its message id and
    /// caption.
    pub(crate) async fn board(&mut self, previous: Option<i32>) -> Board {
        let (photo, before) = self.next("sendphoto").await;
        let id = self.fake.next_message.load(Ordering::SeqCst);
        if let Some(p) = previous {
            let edit = match before.as_slice() {
                [] => self.expect("editmessagereplymarkup").await,
                [e] if e.method == "editmessagereplymarkup" => e.clone(),
                other => panic!("before the board: {other:#?}"),
            };
            assert_eq!(edit.params["message_id"], p);
            assert!(edit.params.get("reply_markup").is_none(), "{edit:?}");
        } else {
            assert!(before.is_empty(), "before the board: {before:#?}");
        }
        assert_eq!(photo.params["chat_id"], GROUP);
        assert!(
            photo.file.as_ref().is_some_and(|f| !f.is_empty()),
            "no image"
        );
        assert_eq!(photo.params["parse_mode"], "HTML");
        let caption = photo.params["caption"].as_str().unwrap_or("").to_string();
        let buttons = buttons(&photo.params);
        Board {
            id,
            caption,
            buttons,
        }
    }

    pub(crate) async fn text(&mut self) -> String {
        self.text_in(GROUP).await
    }

    async fn text_in(&mut self, chat: i64) -> String {
        let m = self.expect("sendmessage").await;
        assert_eq!(m.params["chat_id"], chat);
        assert_eq!(m.params["parse_mode"], "HTML");
        m.params["text"].as_str().unwrap_or("").to_string()
    }
}

pub(crate) struct Board {
    pub(crate) id: i32,
    pub(crate) caption: String,
    /// The callback data of every button, row by row.
    pub(crate) buttons: Vec<String>,
}

impl Board {
    fn has(&self, data: &str) -> bool {
        self.buttons.iter().any(|b| b == data)
    }
}

pub(crate) fn buttons(params: &Value) -> Vec<String> {
    params["reply_markup"]["inline_keyboard"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .flat_map(|r| r.as_array().cloned().unwrap_or_default())
                .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The bot running against the fake server, past its start-up calls.
pub(crate) struct Running {
    pub(crate) fake: Arc<Fake>,
    pub(crate) app: Arc<App>,
    clock: ManualClock,
    notices: Arc<tablero_deliver::Mailbox<tablero_app::Outgoing>>,
    stop_tx: oneshot::Sender<()>,
    bot: tokio::task::JoinHandle<Result<(), String>>,
    pub(crate) c: Client,
    addr: std::net::SocketAddr,
    _dir: tempfile::TempDir,
}

type Launched = (
    Arc<tablero_deliver::Mailbox<tablero_app::Outgoing>>,
    oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), String>>,
);

/// Starts the bot against the fake at `addr`, with the production poll
/// timeout.
fn launch(app: Arc<App>, addr: std::net::SocketAddr) -> Launched {
    launch_with(app, addr, Updates::Poll)
}

fn launch_with(app: Arc<App>, addr: std::net::SocketAddr, updates: Updates) -> Launched {
    launch_media(app, addr, updates, None, FAST)
}

/// Send limits out of the way, for tests of what is sent rather than when.
pub(crate) const FAST: Limits = Limits {
    messages_per_sec_chat: 1000,
    messages_per_min_chat: 60_000,
    messages_per_min_channel_or_supergroup: 60_000,
    messages_per_sec_overall: 1000,
};

/// [`launch_with`], inline games' pictures uploaded to `media_chat`, with
/// Telegram's send `limits` kept.
fn launch_media(
    app: Arc<App>,
    addr: std::net::SocketAddr,
    updates: Updates,
    media_chat: Option<i64>,
    limits: Limits,
) -> Launched {
    let opts = Options {
        token: TOKEN.into(),
        api_url: Some(format!("http://{addr}/").parse().unwrap()),
        limits,
        retry: Retry {
            first_pause: Duration::from_millis(50),
            max_pause: Duration::from_millis(200),
            give_up: Duration::from_secs(30),
        },
        // The production long poll: 30 s, held to the end by the fake.
        poll_timeout: tablero_telegram::POLL_TIMEOUT,
        updates,
        media_chat,
    };
    let notices = app.notices(tablero_app::Platform::Telegram);
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let bot = tokio::spawn(serve(app, opts, async move {
        let _ = stop_rx.await;
    }));
    (notices, stop_tx, bot)
}

/// Starts the fake server and the bot with the production poll timeout,
/// and checks its start-up: getMe first, menus in two languages.
async fn start() -> Running {
    start_with(None).await
}

/// [`start`], inline games' pictures uploaded to `media_chat`.
async fn start_with(media_chat: Option<i64>) -> Running {
    start_limited(media_chat, FAST).await
}

/// [`start_with`], Telegram's send `limits` kept.
async fn start_limited(media_chat: Option<i64>, limits: Limits) -> Running {
    // The clock stands still: every message of a test falls in one
    // minute, so the command rate is set out of reach.
    start_app(media_chat, limits, Arc::new(FakeRenderer), unlimited()).await
}

/// The app's default settings with the command rate out of reach.
pub(crate) fn unlimited() -> Settings {
    Settings {
        limits: tablero_app::limits::Limits {
            commands_per_minute: 100_000,
            ..tablero_app::limits::Limits::default()
        },
        ..Settings::default()
    }
}

/// [`start_limited`] with the app drawing with `renderer` under
/// `settings`.
pub(crate) async fn start_app(
    media_chat: Option<i64>,
    limits: Limits,
    renderer: Arc<dyn BoardRenderer>,
    settings: Settings,
) -> Running {
    let fake = Arc::new(Fake::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = Router::new().fallback(api).with_state(fake.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 1 << 20).unwrap();
    let clock = ManualClock::at(1_700_000_000_000);
    let app = Arc::new(App::new(store, Arc::new(clock.clone()), renderer, settings));
    let (notices, stop_tx, bot) =
        launch_media(app.clone(), addr, Updates::Poll, media_chat, limits);
    let mut c = Client {
        fake: fake.clone(),
        seen: 0,
        next_user_message: 0,
    };

    // Start-up: getMe first (a webhook would be removed: there is none),
    // menus in two languages.
    let (first, _) = c.next("getme").await;
    assert_eq!(first.method, "getme");
    assert_eq!(fake.calls.lock().unwrap()[0].method, "getme");
    let mut menus = Vec::new();
    for _ in 0..2 {
        menus.push(c.next("setmycommands").await.0.params);
    }
    let es = menus
        .iter()
        .find(|m| m["language_code"] == "es")
        .expect("a Spanish menu");
    assert!(es["commands"].to_string().contains("desafiar"));
    let en = menus
        .iter()
        .find(|m| m.get("language_code").is_none())
        .expect("a default menu");
    assert!(en["commands"].to_string().contains("\"challenge\""));
    c.seen = 0;
    c.next("getwebhookinfo").await;
    c.seen = fake.calls.lock().unwrap().len();

    Running {
        fake,
        app,
        clock,
        notices,
        stop_tx,
        bot,
        c,
        addr,
        _dir: dir,
    }
}

impl Running {
    /// Stops the bot and starts a new one on the same store, as after a
    /// restart: everything the adapter kept in memory is gone.
    async fn restart(&mut self) {
        let (notices, stop_tx, bot) = launch(self.app.clone(), self.addr);
        let old_stop = std::mem::replace(&mut self.stop_tx, stop_tx);
        let old_bot = std::mem::replace(&mut self.bot, bot);
        self.notices = notices;
        old_stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), old_bot)
            .await
            .expect("the bot stops")
            .unwrap()
            .unwrap();
        self.c.next("getwebhookinfo").await;
    }

    pub(crate) async fn stop(self) {
        assert!(self.fake.wrong_token.lock().unwrap().is_empty());
        self.stop_tx.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), self.bot)
            .await
            .expect("the bot stops")
            .unwrap()
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_games_in_a_group() {
    let Running {
        fake,
        app,
        clock,
        notices,
        stop_tx,
        bot,
        mut c,
        ..
    } = start().await;

    // A quiet group: nothing happens for longer than reqwest's default 17 s
    // timeout. The long poll must be held, not abandoned and retried, and a
    // command after the lull is answered at once.
    tokio::time::sleep(Duration::from_secs(20)).await;
    assert_eq!(
        fake.abandoned_polls.load(Ordering::SeqCst),
        0,
        "the HTTP client gave up on a long poll"
    );
    let asked = tokio::time::Instant::now();
    c.say_privately(&CAROL, "/start");
    let help = c.text_in(CAROL.id).await;
    assert!(help.contains("challenge"), "{help}");
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "answered {:?} after a quiet spell",
        asked.elapsed()
    );

    // That was a private chat: Telegram opens it with /start, and every
    // message there is for the bot.
    c.say_privately(&CAROL, "rules breakthrough");
    // The text first, then its cards as one album.
    let text = c.expect("sendmessage").await;
    assert_eq!(text.params["chat_id"], CAROL.id);
    let album = c.expect("sendmediagroup").await;
    assert_eq!(album.params["chat_id"], CAROL.id);
    assert!(
        buttons(&album.params).is_empty(),
        "rule cards have no buttons"
    );

    // Help, addressed the group way; a command for another bot is ignored.
    c.say(&BOB, "/help@TableroBot");
    let help = c.text().await;
    assert!(help.contains("challenge"), "{help}");
    c.say(&BOB, "/help@OtherBot");
    c.quiet().await;

    // A challenge and its acceptance: the first board, Alice to move.
    c.say(&ALICE, "/challenge @bob breakthrough white time=none");
    let t = c.text().await;
    assert!(t.contains("@bob"), "{t}");
    c.say(&BOB, "/accept");
    let b0 = c.board(None).await;
    assert!(b0.caption.contains("@alice"), "{}", b0.caption);
    let game = b0.buttons[0].split(':').nth(1).unwrap().to_string();
    assert!(b0.has(&format!("p:{game}:0:0:a2")), "{:?}", b0.buttons);

    // An illegal move changes nothing and says why.
    c.say(&ALICE, "/move a2-a5");
    let t = c.text().await;
    assert!(t.contains("Legal moves"), "{t}");
    c.quiet().await;

    // A typed move: a new board, the last one's keyboard gone.
    c.say(&ALICE, "/move a2-a3");
    let b1 = c.board(Some(b0.id)).await;
    assert!(b1.caption.contains("@bob"), "{}", b1.caption);
    assert!(b1.has(&format!("p:{game}:1:0:h7")), "{:?}", b1.buttons);

    // A foreign press and an out-of-turn press: alerts, nothing else.
    let q = c.press(&CAROL, b1.id, &format!("p:{game}:1:0:h7"));
    c.alert(&q, "not a player").await;
    let q = c.press(&ALICE, b1.id, &format!("m:{game}:1:b2-b3"));
    c.alert(&q, "not your turn").await;

    // Bob opens h7, goes back to the menu, opens h7 again and plays.
    let q = c.press(&BOB, b1.id, &format!("p:{game}:1:0:h7"));
    c.answered(&q).await;
    let edit = c.expect("editmessagereplymarkup").await;
    assert_eq!(edit.params["message_id"], b1.id);
    let moves = buttons(&edit.params);
    assert!(moves.contains(&format!("m:{game}:1:h7-h6")), "{moves:?}");
    assert!(moves.contains(&format!("o:{game}:1:0")), "{moves:?}");
    let q = c.press(&BOB, b1.id, &format!("o:{game}:1:0"));
    c.answered(&q).await;
    let edit = c.expect("editmessagereplymarkup").await;
    assert_eq!(buttons(&edit.params), b1.buttons);
    let q = c.press(&BOB, b1.id, &format!("m:{game}:1:h7-h6"));
    c.answered(&q).await;
    let b2 = c.board(Some(b1.id)).await;
    assert!(b2.caption.contains("@alice"));

    // Stale presses: boards that have moved on.
    let q = c.press(&BOB, b1.id, &format!("m:{game}:1:g7-g6"));
    c.alert(&q, "out of date").await;
    let q = c.press(&ALICE, b0.id, &format!("m:{game}:0:b2-b3"));
    c.alert(&q, "out of date").await;

    // A plain message that is a legal move for its author is played. The
    // first try to send the board fails (the connection breaks): it is
    // retried.
    fake.failures
        .lock()
        .unwrap()
        .insert("sendphoto".into(), vec![Failure::Cut]);
    c.say(&ALICE, "b2-b3");
    let b3 = c.board(Some(b2.id)).await;
    assert!(b3.caption.contains("@bob"));
    // Chat that is not a move is not answered.
    c.say(&CAROL, "nice game");
    c.quiet().await;

    // Bob resigns: the result on the final board, and the last board's
    // keyboard goes. Flood control answers first; the reply waits and
    // goes out.
    fake.failures.lock().unwrap().insert(
        "sendphoto".into(),
        vec![Failure::Status(
            StatusCode::TOO_MANY_REQUESTS,
            json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 1",
                   "parameters": {"retry_after": 1}})
            .to_string(),
        )],
    );
    c.say(&BOB, "/resign");
    let ask = c.next("sendmessage").await.0;
    let ask = ask.params["text"].as_str().unwrap_or_default().to_string();
    assert!(ask.contains("resign #") && ask.contains(" yes"), "{ask}");
    c.say(&BOB, "/resign yes");
    let t = c.expect("sendphoto").await;
    let caption = t.params["caption"].as_str().unwrap_or_default().to_string();
    assert!(caption.contains("resigns"), "{caption}");
    let edit = c.expect("editmessagereplymarkup").await;
    assert_eq!(edit.params["message_id"], b3.id);
    assert!(edit.params.get("reply_markup").is_none());
    let q = c.press(&ALICE, b3.id, &format!("p:{game}:3:0:c2"));
    c.alert(&q, "is over").await;

    // A second game, against Carol, who has no username: she is mentioned
    // by a text mention, and mentioned that way in the bot's replies.
    let link = "<a href=\"tg://user?id=3\">Carol</a>";
    c.say_with(
        &ALICE,
        "/challenge Carol breakthrough white",
        vec![json!({"type": "text_mention", "offset": 11, "length": 5, "user": CAROL.json()})],
    );
    let t = c.text().await;
    assert!(t.contains(link), "{t}");
    c.say(&CAROL, "/accept");
    let mut board = c.board(None).await;
    let game2 = board.buttons[0].split(':').nth(1).unwrap().to_string();
    assert_ne!(game2, game);
    // Alice runs a pawn up the a-file and breaks through; Carol answers on
    // the other wing, by typing. Alice uses the buttons.
    let script: [(&Person, &str, &str); 11] = [
        (&ALICE, "a2", "a2-a3"),
        (&CAROL, "", "h7-h6"),
        (&ALICE, "a3", "a3-a4"),
        (&CAROL, "", "/move h6-h5"),
        (&ALICE, "a4", "a4-a5"),
        (&CAROL, "", "h5-h4"),
        (&ALICE, "a5", "a5-a6"),
        (&CAROL, "", "/m h4-h3"),
        (&ALICE, "a6", "a6xb7"),
        (&CAROL, "", "g7-g6"),
        (&ALICE, "b7", "b7xa8"),
    ];
    for (ply, (who, origin, mv)) in script.into_iter().enumerate() {
        if origin.is_empty() {
            assert!(board.caption.contains(link), "{}", board.caption);
            c.say(who, mv);
        } else {
            assert!(board.caption.contains("@alice"), "{}", board.caption);
            let q = c.press(who, board.id, &format!("p:{game2}:{ply}:0:{origin}"));
            c.answered(&q).await;
            let edit = c.expect("editmessagereplymarkup").await;
            let data = format!("m:{game2}:{ply}:{mv}");
            assert!(
                buttons(&edit.params).contains(&data),
                "{data} in {:?}",
                buttons(&edit.params)
            );
            let q = c.press(who, board.id, &data);
            c.answered(&q).await;
        }
        board = c.board(Some(board.id)).await;
    }
    assert!(
        board.caption.contains("wins") || board.caption.contains("won"),
        "{}",
        board.caption
    );
    // A finished game's board offers its replay and a rematch.
    let game = board
        .caption
        .split("in #")
        .nth(1)
        .and_then(|r| r.split('.').next())
        .expect("the game's number")
        .to_string();
    assert_eq!(
        board.buttons,
        [format!("g:{game}:r"), format!("g:{game}:m")],
        "{}",
        board.caption
    );
    c.quiet().await;
    // Anyone may watch the replay: an animation with its caption; the
    // buttons stay for the others.
    let q = c.press(&BOB, board.id, &format!("g:{game}:r"));
    let (gif, _) = c.next("sendanimation").await;
    assert_eq!(gif.params["chat_id"], GROUP);
    assert!(
        gif.file
            .as_ref()
            .is_some_and(|f| f.starts_with(b"FAKEGIF breakthrough")),
        "{gif:?}"
    );
    let caption = gif.params["caption"].as_str().unwrap_or("");
    assert!(
        caption.starts_with(&format!("Replay of game #{game}")),
        "{caption}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        fake.calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.method == "answercallbackquery"
                && c.params["callback_query_id"] == q.as_str()
                && c.params.get("text").is_none()),
        "the press is answered silently"
    );
    c.seen = fake.calls.lock().unwrap().len();
    // A rematch is for the players only: anyone else gets an alert.
    let q = c.press(&BOB, board.id, &format!("g:{game}:m"));
    c.alert(&q, "not a player").await;
    // Carol's Rematch offers Alice the same game, colours swapped, with
    // Accept and Decline buttons; Alice declines with hers.
    c.press(&CAROL, board.id, &format!("g:{game}:m"));
    let (offer, _) = c.next("sendmessage").await;
    let text = offer.params["text"].as_str().unwrap_or("").to_string();
    assert!(text.contains("a rematch of #"), "{text}");
    let rematch = challenge_number(&text);
    assert_eq!(
        buttons(&offer.params),
        [format!("c:{rematch}:a"), format!("c:{rematch}:d")]
    );
    let offer_msg = fake.next_message.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(300)).await;
    c.seen = fake.calls.lock().unwrap().len();
    c.press(&ALICE, offer_msg, &format!("c:{rematch}:d"));
    let (declined, before) = c.next("sendmessage").await;
    assert!(
        before
            .iter()
            .any(|c| c.method == "editmessagereplymarkup" && c.params["message_id"] == offer_msg),
        "the offer's buttons are removed: {before:#?}"
    );
    let text = declined.params["text"].as_str().unwrap_or("");
    assert!(text.contains("declines"), "{text}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    c.seen = fake.calls.lock().unwrap().len();
    // The record as a file: Breakthrough has no PGN, so the text record,
    // which the rules core reads back to the same moves.
    c.say(&ALICE, &format!("/export #{game}"));
    let doc = c.expect("senddocument").await;
    let text = String::from_utf8(doc.file.clone().expect("a file")).unwrap();
    let parsed = tablero_rules::export::parse_text(&text).expect("a text record");
    assert_eq!(parsed.record.game, tablero_rules::GameId::Breakthrough);
    assert!(
        parsed.record.replay().unwrap().outcome().is_some(),
        "{text}"
    );
    assert!(
        doc.params["caption"]
            .as_str()
            .is_some_and(|c| c.contains("as a text record")),
        "{doc:?}"
    );
    c.quiet().await;

    // The record is in the store.
    let done = app
        .store()
        .game(
            &tablero_app::ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string()),
            game2.parse().unwrap(),
            false,
        )
        .unwrap()
        .expect("the finished game");
    assert!(done.record.ends_with("b7xa8"), "{}", done.record);

    // A third game with an hour per move: the app's notices (a reminder,
    // then the timeout) are posted, and the timed-out board loses its
    // keyboard.
    c.say(&ALICE, "/challenge @bob breakthrough white time=1h");
    c.text().await;
    c.say(&BOB, "/accept");
    let b = c.board(None).await;
    clock.advance(40 * 60 * 1000);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    let t = c.text().await;
    assert!(t.contains("@alice") && t.contains("your move"), "{t}");
    c.quiet().await;
    clock.advance(30 * 60 * 1000);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    // The final board, with the result.
    let t = c.expect("sendphoto").await;
    let caption = t.params["caption"].as_str().unwrap_or_default().to_string();
    assert!(caption.contains("ran out of time"), "{caption}");
    let edit = c.expect("editmessagereplymarkup").await;
    assert_eq!(edit.params["message_id"], b.id);
    assert!(edit.params.get("reply_markup").is_none());
    c.quiet().await;

    // A whole game against the bot itself, named by its username. Alice
    // plays with the buttons (each time her first piece's first move); the
    // bot answers each move with a new board, as a person would.
    c.say(&ALICE, "/challenge @TableroBot breakthrough level=1 white");
    let mut board = c.board(None).await;
    assert!(
        board.caption.starts_with("@TableroBot accepts"),
        "{}",
        board.caption
    );
    let mut turns = 0;
    while !board.caption.contains("wins") {
        turns += 1;
        assert!(turns < 100, "a Breakthrough game lasts fewer turns");
        assert!(board.caption.contains("@alice"), "{}", board.caption);
        let piece = board.buttons[0].clone();
        assert!(piece.starts_with("p:"), "{:?}", board.buttons);
        let q = c.press(&ALICE, board.id, &piece);
        c.answered(&q).await;
        let edit = c.expect("editmessagereplymarkup").await;
        let mv = buttons(&edit.params)
            .into_iter()
            .find(|b| b.starts_with("m:") || b.starts_with("i:"))
            .expect("a move button");
        let q = c.press(&ALICE, board.id, &mv);
        c.answered(&q).await;
        board = c.board(Some(board.id)).await;
        if board.caption.contains("wins") {
            break;
        }
        // The bot thinks, shown as typing after Alice's board (a message
        // from the bot would clear it), then moves.
        let typing = c.expect("sendchataction").await;
        assert_eq!(typing.params["chat_id"], GROUP);
        assert_eq!(typing.params["action"], "typing");
        board = c.board(Some(board.id)).await;
        assert!(
            board.caption.contains("@TableroBot played"),
            "{}",
            board.caption
        );
    }
    assert!(
        board.buttons.len() == 2 && board.buttons.iter().all(|b| b.starts_with("g:")),
        "a finished game has only its Replay and Rematch buttons: {:?}",
        board.buttons
    );
    c.quiet().await;

    // A friend the bot has never seen: the Bot API cannot look a username
    // up, so the challenge waits for whoever has it; Carol may not take
    // it, Dave's first message does.
    c.say(&ALICE, "/challenge @dave breakthrough white");
    let m = c.expect("sendmessage").await;
    let t = m.params["text"].as_str().unwrap_or("").to_string();
    assert!(
        t.starts_with("@alice challenges @dave to Breakthrough"),
        "{t}"
    );
    let number = challenge_number(&t);
    let challenge_msg = fake.next_message.load(Ordering::SeqCst);
    // Accept and Decline buttons under it; a press by anyone else is an
    // alert and changes nothing.
    assert_eq!(
        buttons(&m.params),
        [format!("c:{number}:a"), format!("c:{number}:d")]
    );
    let q = c.press(&CAROL, challenge_msg, &format!("c:{number}:a"));
    c.alert(&q, "is for @dave").await;
    // Dave, never seen before, presses Accept: the buttons go and the
    // first board comes.
    let q = c.press(&DAVE, challenge_msg, &format!("c:{number}:a"));
    let (photo, before) = c.next("sendphoto").await;
    assert!(
        before.iter().any(|c| c.method == "editmessagereplymarkup"
            && c.params["message_id"] == challenge_msg
            && c.params.get("reply_markup").is_none()),
        "the challenge's buttons are removed: {before:#?}"
    );
    let caption = photo.params["caption"].as_str().unwrap_or("");
    assert!(caption.starts_with("@dave accepts."), "{caption}");
    let b_id = fake.next_message.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        fake.calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.method == "answercallbackquery"
                && c.params["callback_query_id"] == q.as_str()),
        "the press is answered"
    );
    c.seen = fake.calls.lock().unwrap().len();
    let b = Board {
        id: b_id,
        caption: caption.to_string(),
        buttons: buttons(&photo.params),
    };
    c.say(&DAVE, "/resign");
    let ask = c.next("sendmessage").await.0;
    let ask = ask.params["text"].as_str().unwrap_or_default().to_string();
    assert!(ask.contains("resign #") && ask.contains(" yes"), "{ask}");
    c.say(&DAVE, "/resign yes");
    let t = c.expect("sendphoto").await;
    assert!(
        t.params["caption"]
            .as_str()
            .unwrap_or_default()
            .contains("resigns")
    );
    let edit = c.expect("editmessagereplymarkup").await;
    assert_eq!(edit.params["message_id"], b.id);

    assert!(fake.wrong_token.lock().unwrap().is_empty());

    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), bot)
        .await
        .expect("the bot stops")
        .unwrap()
        .unwrap();
}

/// A basic group (the kind every new Telegram group starts as).
const OLD_GROUP: i64 = -555;
/// What it becomes as a supergroup.
const NEW_GROUP: i64 = -1_000_000_000_555;

fn photo_chat(c: &Call) -> i64 {
    c.params["chat_id"].as_i64().unwrap_or(0)
}

/// A group that becomes a supergroup keeps its game, found when a reply to
/// the old id is refused with `migrate_to_chat_id`; a group that removed
/// the bot is set aside at the first 403 (no retries, nobody else held
/// up) and is written to again once someone writes there.
/// The one call of `calls` that is `method` to `chat`.
fn one_to<'a>(calls: &'a [Call], method: &str, chat: i64) -> &'a Call {
    let found: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == method && c.params["chat_id"] == chat)
        .collect();
    assert_eq!(found.len(), 1, "{method} to {chat}: {calls:#?}");
    found[0]
}

/// Checks `calls` hold a silent answer to press `q`.
fn answered_in(calls: &[Call], q: &str) {
    assert!(
        calls.iter().any(|c| c.method == "answercallbackquery"
            && c.params["callback_query_id"] == q
            && c.params.get("text").is_none()),
        "no silent answer to {q}: {calls:#?}"
    );
}

/// A group game played from a private chat with the bot (issue 20, item
/// 8): Telegram's real shapes (a private chat's id is the user's; the
/// group has a title), the game's own group sees every move made from the
/// private chat, and presses there name the group's game by its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_game_played_from_a_private_chat() {
    let Running {
        fake: _fake,
        app,
        notices,
        stop_tx,
        bot,
        mut c,
        ..
    } = start().await;
    let group = ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string());
    let place = tablero_app::place::Place::of(&group);
    c.say(&ALICE, "/challenge @bob breakthrough white time=none");
    c.text().await;
    c.say(&BOB, "/accept");
    let b0 = c.board(None).await;

    // Alice asks for her games in her private chat: the group's game by
    // the group's name, and a button that opens it.
    c.say_privately(&ALICE, "mygames");
    let list = c.expect("sendmessage").await;
    assert_eq!(list.params["chat_id"], ALICE.id);
    let text = list.params["text"].as_str().unwrap();
    assert!(
        text.contains("#1 in Club: Breakthrough vs bob — your move"),
        "{text}"
    );
    assert_eq!(buttons(&list.params), ["b:1"]);

    // The button shows the board in her chat, her side at the bottom, its
    // buttons naming the group's game by the group's place.
    let q = c.press_privately(&ALICE, list.sent.unwrap(), "b:1");
    let calls = c.gather(2).await;
    let photo = one_to(&calls, "sendphoto", ALICE.id);
    answered_in(&calls, &q);
    let caption = photo.params["caption"].as_str().unwrap();
    assert!(caption.starts_with("In Club: "), "{caption}");
    let mine = buttons(&photo.params);
    assert!(mine.contains(&format!("p:{place}1:0:0:a2")), "{mine:?}");

    // She opens a2 and plays a2-a3 there: the group gets the new board
    // (the old one's keyboard goes), she gets it too.
    let q = c.press_privately(&ALICE, photo.sent.unwrap(), &format!("p:{place}1:0:0:a2"));
    c.answered(&q).await;
    let edit = c.expect("editmessagereplymarkup").await;
    let moves = buttons(&edit.params);
    assert!(moves.contains(&format!("m:{place}1:0:a2-a3")), "{moves:?}");
    let q = c.press_privately(&ALICE, photo.sent.unwrap(), &format!("m:{place}1:0:a2-a3"));
    // Her reply (a board and her pressed board's keyboard gone), the
    // answer to her press, the group's board and its old board's
    // keyboard gone.
    let calls = c.gather(5).await;
    answered_in(&calls, &q);
    let hers = one_to(&calls, "sendphoto", ALICE.id);
    assert!(
        hers.params["caption"]
            .as_str()
            .unwrap()
            .contains("played a2-a3")
    );
    let theirs = one_to(&calls, "sendphoto", GROUP);
    let caption = theirs.params["caption"].as_str().unwrap();
    assert!(
        caption.contains("@alice played a2-a3") && !caption.starts_with("In "),
        "{caption}"
    );
    let group_buttons = buttons(&theirs.params);
    assert!(
        group_buttons.contains(&"p:1:1:0:h7".to_string()),
        "{group_buttons:?}"
    );
    let retired: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "editmessagereplymarkup")
        .collect();
    assert!(
        retired
            .iter()
            .any(|e| e.params["chat_id"] == GROUP && e.params["message_id"] == b0.id),
        "{retired:#?}"
    );
    let record = || app.store().game(&group, 1, true).unwrap().unwrap().record;
    assert!(record().contains("a2-a3"), "{}", record());

    // Bob answers in the group, on the group's board.
    let q = c.press(&BOB, theirs.sent.unwrap(), "m:1:1:h7-h6");
    let calls = c.gather(3).await;
    answered_in(&calls, &q);
    one_to(&calls, "sendphoto", GROUP);

    // A bare move in her private chat is read against her games anywhere:
    // exactly a legal move of this one, it is played in the group.
    c.say_privately(&ALICE, "b2-b3");
    let calls = c.gather(3).await;
    one_to(&calls, "sendphoto", ALICE.id);
    // The group's last board loses its keyboard.
    one_to(&calls, "editmessagereplymarkup", GROUP);
    let theirs = one_to(&calls, "sendphoto", GROUP);
    assert!(
        theirs.params["caption"]
            .as_str()
            .unwrap()
            .contains("@alice played b2-b3")
    );
    // Chatter in the private chat is answered there, and plays nothing.
    c.say_privately(&ALICE, "thanks!");
    let t = c.text_in(ALICE.id).await;
    assert!(t.contains("neither a command nor a move"), "{t}");
    assert!(
        record().contains("b2-b3") && !record().contains("thanks"),
        "{}",
        record()
    );
    drop(notices);
    stop_tx.send(()).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(10), bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chats_that_move_or_shut_the_bot_out() {
    let mut r = start().await;
    let old = json!({"id": OLD_GROUP, "type": "group", "title": "Club"});
    let new = json!({"id": NEW_GROUP, "type": "supergroup", "title": "Club"});
    r.c.say_in(
        old.clone(),
        &ALICE,
        "/challenge @bob breakthrough white",
        vec![],
    );
    r.c.text_in(OLD_GROUP).await;
    r.c.say_in(old.clone(), &BOB, "/accept", vec![]);
    let (photo, _) = r.c.next("sendphoto").await;
    assert_eq!(photo_chat(&photo), OLD_GROUP);

    // The group is upgraded while a command is on its way: the reply is
    // refused for the old id and goes to the new one, and the game moves.
    r.fake.migrated.lock().unwrap().insert(OLD_GROUP, NEW_GROUP);
    r.c.say_in(old, &ALICE, "/board", vec![]);
    let (photo, _) = r.c.next("sendphoto").await;
    assert_eq!(photo_chat(&photo), NEW_GROUP);
    let key =
        |id: i64| tablero_app::ChannelKey::new(tablero_app::Platform::Telegram, id.to_string());
    assert_eq!(r.app.ongoing_games(&key(NEW_GROUP)).unwrap().len(), 1);
    assert!(r.app.ongoing_games(&key(OLD_GROUP)).unwrap().is_empty());
    r.c.say_in(new.clone(), &ALICE, "/move a2-a3", vec![]);
    let (photo, _) = r.c.next("sendphoto").await;
    assert_eq!(photo_chat(&photo), NEW_GROUP);
    assert!(
        photo.params["caption"]
            .as_str()
            .unwrap_or("")
            .contains("@bob")
    );

    // The bot is removed from the group as Bob asks for the board: one
    // 403, then nothing more is tried there, and other chats are served.
    r.fake.kicked.lock().unwrap().insert(NEW_GROUP);
    r.c.say_in(new.clone(), &BOB, "/board", vec![]);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while r.fake.forbidden.load(Ordering::SeqCst) == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no request to the group"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    r.c.say_privately(&CAROL, "/start");
    assert!(r.c.text_in(CAROL.id).await.contains("challenge"));
    // A notice the app sends there on its own (a reminder) is not tried.
    let reminder = tablero_app::Reply::new(
        tablero_rules::Msg::new("your move".to_string(), "tu turno".to_string()),
        tablero_rules::Lang::En,
    );
    assert!(r.notices.post(tablero_app::Outgoing {
        channel: key(NEW_GROUP),
        reply: reminder,
    }));
    // Retries would come within the test's 50-200 ms pauses.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        r.fake.forbidden.load(Ordering::SeqCst),
        1,
        "the 403 is not retried"
    );

    // Added back, the group writes first: it is answered again, and the
    // game is still there.
    r.fake.kicked.lock().unwrap().clear();
    r.c.say_in(new, &BOB, "/board", vec![]);
    let (photo, _) = r.c.next("sendphoto").await;
    assert_eq!(photo_chat(&photo), NEW_GROUP);
    assert!(
        photo.params["caption"]
            .as_str()
            .unwrap_or("")
            .contains("@bob")
    );
    r.stop().await;
}

/// A restart in the middle of a game: a board that could not be posted
/// before it is posted after it, and the board posted before it loses its
/// keyboard then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_game_loses_no_board() {
    let mut r = start().await;
    r.c.say(&ALICE, "/challenge @bob breakthrough white");
    r.c.text().await;
    r.c.say(&BOB, "/accept");
    let b0 = r.c.board(None).await;
    assert!(b0.caption.contains("@alice"));
    // Telegram asks the bot to wait an hour: the next board stays queued.
    r.fake.failures.lock().unwrap().insert(
        "sendphoto".into(),
        vec![Failure::Status(
            StatusCode::TOO_MANY_REQUESTS,
            json!({"ok": false, "error_code": 429,
                   "description": "Too Many Requests: retry after 3600",
                   "parameters": {"retry_after": 3600}})
            .to_string(),
        )],
    );
    r.c.say(&ALICE, "/move a2-a3");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !r.fake.failures.lock().unwrap()["sendphoto"].is_empty() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the board was not tried"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Stopped and started again while the board waits.
    r.restart().await;
    let (photo, before) = r.c.next("sendphoto").await;
    // (The new process has not seen Bob's username yet: he is mentioned
    // by a link, which notifies him too.)
    let caption = photo.params["caption"].as_str().unwrap_or("");
    assert!(
        caption.contains("<a href=\"tg://user?id=2\">bob</a> (Black) to move"),
        "{caption}"
    );
    assert!(
        buttons(&photo.params).iter().any(|b| b.contains(":1:")),
        "{photo:?}"
    );
    let edits: Vec<&Call> = before
        .iter()
        .filter(|c| c.method == "editmessagereplymarkup")
        .collect();
    let edit = if edits.is_empty() {
        r.c.expect("editmessagereplymarkup").await
    } else {
        edits[0].clone()
    };
    assert_eq!(
        edit.params["message_id"], b0.id,
        "the old board's keyboard goes"
    );
    assert!(edit.params.get("reply_markup").is_none());
    r.stop().await;
}

/// Posts `update` to the bot's webhook as Telegram would, with `secret` in
/// Telegram's header; returns the HTTP status.
async fn post_update(listen: std::net::SocketAddr, secret: &str, update: &Value) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = update.to_string();
    let mut s = tokio::net::TcpStream::connect(listen).await.unwrap();
    let req = format!(
        "POST /telegram HTTP/1.1\r\nHost: {listen}\r\nContent-Type: application/json\r\n\
         X-Telegram-Bot-Api-Secret-Token: {secret}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Updates by webhook: the bot sets the webhook with the shared secret
/// (and never polls), answers updates posted to it, refuses a post
/// without the secret, and leaves the webhook in place when it stops, for
/// the other processes that share it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn updates_by_webhook() {
    let fake = Arc::new(Fake::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = Router::new().fallback(api).with_state(fake.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let listen = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .unwrap()
        .local_addr()
        .unwrap();

    let dir = tempfile::tempdir().unwrap();
    let app = Arc::new(App::new(
        Store::open(dir.path(), 1 << 20).unwrap(),
        Arc::new(ManualClock::at(1_700_000_000_000)),
        Arc::new(FakeRenderer),
        // The clock stands still: the command rate out of reach.
        unlimited(),
    ));
    let secret = "shared-secret_1";
    let updates = Updates::Webhook {
        url: "https://bot.example.org/telegram".parse().unwrap(),
        listen,
        secret: secret.into(),
    };
    let (_notices, stop_tx, bot) = launch_with(app, addr, updates);
    let mut c = Client {
        fake: fake.clone(),
        seen: 0,
        next_user_message: 0,
    };
    let set = c.next("setwebhook").await.0;
    assert_eq!(set.params["url"], "https://bot.example.org/telegram");
    assert_eq!(set.params["secret_token"], secret);
    let allowed = set.params["allowed_updates"].to_string();
    assert!(
        allowed.contains("message") && allowed.contains("callback_query"),
        "{allowed}"
    );

    let update = |id: i64, text: &str| {
        json!({"update_id": id, "message": {
            "message_id": 10_000 + id, "date": 1_700_000_000,
            "chat": {"id": CAROL.id, "type": "private", "first_name": CAROL.first},
            "from": CAROL.json(), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        }})
    };
    // The server may take a moment to accept after the webhook is set.
    let mut status = 0;
    for _ in 0..100 {
        status = post_update(listen, secret, &update(1, "/help")).await;
        if status != 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, 200);
    let help = c.next("sendmessage").await.0;
    assert_eq!(help.params["chat_id"], CAROL.id);
    assert!(
        help.params["text"].to_string().contains("challenge"),
        "{help:?}"
    );

    // Someone who is not Telegram: refused, and nothing is answered.
    assert_eq!(post_update(listen, "guess", &update(2, "/help")).await, 401);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let calls: Vec<String> = fake.calls.lock().unwrap()[c.seen..]
        .iter()
        .map(|c| c.method.clone())
        .collect();
    assert!(!calls.contains(&"sendmessage".to_string()), "{calls:?}");

    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), bot)
        .await
        .expect("the bot stops")
        .unwrap()
        .unwrap();
    let methods: Vec<String> = fake
        .calls
        .lock()
        .unwrap()
        .iter()
        .map(|c| c.method.clone())
        .collect();
    assert!(!methods.contains(&"getupdates".to_string()), "{methods:?}");
    assert!(
        !methods.contains(&"deletewebhook".to_string()),
        "{methods:?}"
    );
}

/// Twenty challenges to one player: `accept` answers with a button per
/// challenge on its first page and a button to the next page; a press on
/// a challenge by someone else is refused in an alert, by the player it
/// starts the game; `current` is paged, and a page button drawn for a
/// page that is gone shows the last one. Every post is within Telegram's
/// limits (the fake refuses longer ones, as Telegram does).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_lists_come_a_page_at_a_time_with_buttons() {
    let mut r = start().await;
    r.c.say(&BOB, "/help");
    r.c.text().await;
    for who in [&ALICE, &CAROL] {
        // Ten different games: the same challenge twice is one.
        for game in [
            "breakthrough",
            "barrier",
            "bloc",
            "bombardment",
            "cascades",
            "cracovia",
            "empuje",
            "knightfight",
            "chess",
            "saltador",
        ] {
            r.c.say(who, &format!("/challenge @bob {game}"));
            r.c.text().await;
        }
    }
    r.c.say(&BOB, "/accept");
    let which = r.c.expect("sendmessage").await;
    let text = which.params["text"].as_str().unwrap_or("");
    assert!(text.contains("Which challenge?"), "{text}");
    let data = buttons(&which.params);
    let picks: Vec<&String> = data.iter().filter(|d| d.starts_with("c:")).collect();
    assert_eq!(picks.len(), 10, "{data:?}");
    assert!(picks.iter().all(|d| d.ends_with(":a")), "{data:?}");
    assert!(data.contains(&"l:a:2".to_string()), "{data:?}");
    let which_id = r.fake.next_message.load(Ordering::SeqCst);
    // The next page: the ten other challenges.
    r.c.press(&BOB, which_id, "l:a:2");
    let (second, _) = r.c.next("sendmessage").await;
    let more = buttons(&second.params);
    let second_picks: Vec<&String> = more.iter().filter(|d| d.starts_with("c:")).collect();
    assert_eq!(second_picks.len(), 10, "{more:?}");
    assert!(second_picks.iter().all(|d| !picks.contains(d)));
    assert!(more.contains(&"l:a:1".to_string()), "{more:?}");
    let second_id = r.fake.next_message.load(Ordering::SeqCst);
    // Alice may not take Carol's challenge to Bob.
    let q = r.c.press(&ALICE, second_id, second_picks[0]);
    r.c.alert(&q, "not for you").await;
    // Bob's press starts that game.
    r.c.press(&BOB, second_id, second_picks[0]);
    let (board, _) = r.c.next("sendphoto").await;
    assert!(
        board.params["caption"]
            .as_str()
            .unwrap_or("")
            .contains("bob"),
        "{board:?}"
    );
    // 19 challenges and a game: `current` has pages.
    r.c.say(&ALICE, "/current");
    let (list, _) = r.c.next("sendmessage").await;
    let text = list.params["text"].as_str().unwrap_or("");
    assert!(text.contains("Page 1 of 2"), "{text}");
    assert!(buttons(&list.params).contains(&"l:c:2".to_string()));
    let list_id = r.fake.next_message.load(Ordering::SeqCst);
    // A button for a page the list no longer has: the last page.
    r.c.press(&ALICE, list_id, "l:c:7");
    let (last, _) = r.c.next("sendmessage").await;
    let text = last.params["text"].as_str().unwrap_or("");
    assert!(text.contains("Page 2 of 2"), "{text}");
    assert_eq!(buttons(&last.params), ["l:c:1"]);
    r.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_come_as_text_then_one_album_of_cards_in_order() {
    let mut r = start().await;
    r.c.say(&ALICE, "/rules breakthrough");
    let text = r.c.text().await;
    assert!(text.contains("Breakthrough"), "{text}");
    let album = r.c.expect("sendmediagroup").await;
    assert_eq!(album.params["chat_id"], GROUP);
    let media = album.params["media"].as_array().expect("media").clone();
    let captions: Vec<&str> = media
        .iter()
        .map(|m| m["caption"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        captions,
        [
            "One step forward or diagonally forward.",
            "Captures only diagonally: a piece straight ahead blocks the way.",
            "The first piece to reach the far row wins.",
        ]
    );
    // Each photo is its own upload, in the cards' order (the fake
    // renderer's bytes name the card's marks).
    let pictures: Vec<String> = media
        .iter()
        .map(|m| {
            let name = m["media"]
                .as_str()
                .unwrap()
                .strip_prefix("attach://")
                .unwrap();
            String::from_utf8(album.files[name].clone()).unwrap()
        })
        .collect();
    assert!(
        pictures
            .iter()
            .all(|p| p.starts_with("FAKECARD breakthrough")),
        "{pictures:?}"
    );
    assert!(pictures[1].contains("Ring"), "{}", pictures[1]);
    assert!(media.iter().all(|m| m["parse_mode"] == "HTML"));
    r.c.quiet().await;
    // In Spanish, with HTML's special characters escaped in the captions.
    r.c.say(&BOB, "/idioma es");
    r.c.text().await;
    r.c.say(&BOB, "/reglas bloc");
    r.c.text().await;
    let album = r.c.expect("sendmediagroup").await;
    let captions: Vec<String> = album.params["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["caption"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(captions.len(), 3);
    assert!(
        captions[0].starts_with("Avanza una casilla"),
        "{captions:?}"
    );
    r.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moves_press_plays_the_move() {
    let mut r = start().await;
    r.c.say(&BOB, "/help");
    r.c.text().await;
    r.c.say(&ALICE, "/challenge @bob breakthrough white time=none");
    r.c.text().await;
    r.c.say(&BOB, "/accept");
    let b0 = r.c.board(None).await;
    let game = b0.buttons[0].split(':').nth(1).unwrap().to_string();
    // Where can the b2 piece go? The board, marked, with its moves as
    // buttons at once (no menu of pieces first); the first board retires.
    r.c.say(&ALICE, "/moves b2");
    let marked = r.c.board(Some(b0.id)).await;
    assert!(marked.caption.contains("b2-a3"), "{}", marked.caption);
    let mut data = marked.buttons.clone();
    data.sort();
    assert_eq!(
        data,
        [
            format!("m:{game}:0:b2-a3"),
            format!("m:{game}:0:b2-b3"),
            format!("m:{game}:0:b2-c3"),
        ]
    );
    // Bob may not play Alice's buttons; Alice's press plays.
    let q = r.c.press(&BOB, marked.id, &format!("m:{game}:0:b2-c3"));
    r.c.alert(&q, "not your turn").await;
    let q = r.c.press(&ALICE, marked.id, &format!("m:{game}:0:b2-c3"));
    r.c.answered(&q).await;
    let b1 = r.c.board(Some(marked.id)).await;
    assert!(b1.caption.contains("b2-c3"), "{}", b1.caption);
    assert!(b1.caption.contains("@bob"), "{}", b1.caption);
    // In Spanish, a square that holds nothing: an error, nothing posted
    // as a board.
    r.c.say(&BOB, "/idioma es");
    r.c.text().await;
    r.c.say(&BOB, "/movimientos e5");
    let t = r.c.text().await;
    assert!(t.contains("No hay ninguna pieza en e5"), "{t}");
    r.stop().await;
}

/// The media chat of [`inline_games_between_friends_who_share_no_group`].
const MEDIA: i64 = -100_555;

/// The next edit of inline message `im`, after the upload of its picture
/// to the media chat (an inline message takes no upload): its caption
/// and buttons.
async fn inline_edit(c: &mut Client, im: &str) -> Board {
    let (edit, before) = c.next("editmessagemedia").await;
    assert_eq!(edit.params["inline_message_id"], im, "{edit:#?}");
    for b in &before {
        assert!(
            b.method == "sendphoto" && b.params["chat_id"] == MEDIA,
            "before the edit: {b:#?}"
        );
    }
    let media = &edit.params["media"];
    assert_eq!(media["type"], "photo");
    assert!(
        media["media"]
            .as_str()
            .is_some_and(|m| m.starts_with("photo-")),
        "{media}"
    );
    assert_eq!(media["parse_mode"], "HTML");
    Board {
        id: 0,
        caption: media["caption"].as_str().unwrap_or("").to_string(),
        buttons: buttons(&edit.params),
    }
}

/// Inline mode: three games played on messages posted "via" the bot in a
/// chat it is not in, between two people who share no group with it —
/// Breakthrough joined without inline feedback, chess with it (and a
/// takeback refused), Bombardment lost on time after a reminder that
/// could not reach its player directly — with a third person's presses
/// refused, stale presses, and the games in `mygames`, `stats` and
/// `export` of a player's own chat with the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_games_between_friends_who_share_no_group() {
    let Running {
        fake,
        app,
        clock,
        notices,
        stop_tx,
        bot,
        mut c,
        addr,
        ..
    } = start_with(Some(MEDIA)).await;
    // Bob never opened a chat with the bot; Alice did.
    fake.strangers.lock().unwrap().insert(BOB.id);
    c.say_privately(&ALICE, "/start");
    c.text_in(ALICE.id).await;

    // `@TableroBot` alone: every game, each a photo of its start uploaded
    // once to the media chat, with a Join button naming who asked.
    let q = c.inline_query(&ALICE, "", "en");
    let (answer, before) = c.next("answerinlinequery").await;
    assert_eq!(answer.params["inline_query_id"], q);
    assert_eq!(answer.params["is_personal"], true);
    assert_eq!(before.len(), 12, "{before:#?}");
    assert!(
        before
            .iter()
            .all(|b| b.method == "sendphoto" && b.params["chat_id"] == MEDIA)
    );
    let results = answer.params["results"].as_array().unwrap().clone();
    assert_eq!(results.len(), 12);
    let bt = results
        .iter()
        .find(|r| r["id"] == "breakthrough")
        .expect("Breakthrough");
    assert_eq!(buttons(bt), ["n:1:breakthrough"]);
    assert_eq!(bt["reply_markup"]["inline_keyboard"][0][0]["text"], "Join");
    assert!(bt["caption"].as_str().unwrap().contains("@alice"), "{bt}");
    assert!(
        bt["description"].as_str().unwrap().starts_with("Goal:"),
        "{bt}"
    );
    // Asked again, as people type: the pictures are known already.
    c.inline_query(&ALICE, "Break", "en");
    let (answer, before) = c.next("answerinlinequery").await;
    assert!(before.is_empty(), "{before:#?}");
    assert_eq!(answer.params["results"].as_array().unwrap().len(), 1);
    // In Spanish, against the bot: Start instead of Join.
    c.inline_query(&CAROL, "ajedrez nivel=3", "es");
    let (answer, _) = c.next("answerinlinequery").await;
    let chess = answer.params["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "chess nivel=3")
        .cloned()
        .expect("chess against the bot");
    assert!(
        chess["title"].as_str().unwrap().contains("contra el bot"),
        "{chess}"
    );
    assert_eq!(buttons(&chess), ["n:3:chess nivel=3"]);
    assert_eq!(
        chess["reply_markup"]["inline_keyboard"][0][0]["text"],
        "Empezar"
    );
    // A typo among the options: no result, and why, above them.
    c.inline_query(&ALICE, "breakthrough casul", "en");
    let (answer, _) = c.next("answerinlinequery").await;
    assert_eq!(answer.params["results"].as_array().unwrap().len(), 0);
    let why = answer.params["button"]["text"].as_str().unwrap_or("");
    assert!(why.contains("casul"), "{answer:#?}");
    c.quiet().await;

    // Game 1, Breakthrough, inline feedback off: the message is first
    // heard of when someone presses Join. Alice's own press is refused.
    let im1 = "AgAAAInline1";
    let q = c.press_inline(&ALICE, im1, "n:1:breakthrough");
    c.alert(&q, "your own game").await;
    let q = c.press_inline(&BOB, im1, "n:1:breakthrough");
    c.answered(&q).await;
    let mut board = inline_edit(&mut c, im1).await;
    assert!(
        board.caption.contains("@alice") && board.caption.contains("@bob"),
        "{}",
        board.caption
    );
    for b in ["p:1:0:0:a2", "x:1:d", "x:1:t", "x:1:r"] {
        assert!(board.has(b), "{b} in {:?}", board.buttons);
    }
    // Joining again, and a stranger's presses: refused, nothing changes.
    let q = c.press_inline(&CAROL, im1, "n:1:breakthrough");
    c.alert(&q, "already begun").await;
    let q = c.press_inline(&CAROL, im1, "p:1:0:0:a2");
    c.alert(&q, "").await;
    let q = c.press_inline(&CAROL, im1, "x:1:r");
    c.alert(&q, "").await;
    // Alice runs a pawn up the a-file, choosing piece then move; Bob
    // plays his moves' buttons.
    let script: [(&Person, &str, &str); 11] = [
        (&ALICE, "a2", "a2-a3"),
        (&BOB, "", "h7-h6"),
        (&ALICE, "a3", "a3-a4"),
        (&BOB, "", "h6-h5"),
        (&ALICE, "a4", "a4-a5"),
        (&BOB, "", "h5-h4"),
        (&ALICE, "a5", "a5-a6"),
        (&BOB, "", "h4-h3"),
        (&ALICE, "a6", "a6xb7"),
        (&BOB, "", "g7-g6"),
        (&ALICE, "b7", "b7xa8"),
    ];
    for (ply, (who, origin, mv)) in script.into_iter().enumerate() {
        if !origin.is_empty() {
            let q = c.press_inline(who, im1, &format!("p:1:{ply}:0:{origin}"));
            c.answered(&q).await;
            let edit = c.expect("editmessagereplymarkup").await;
            assert_eq!(edit.params["inline_message_id"], im1);
            let data = format!("m:1:{ply}:{mv}");
            let shown = buttons(&edit.params);
            assert!(shown.contains(&data), "{data} in {shown:?}");
            assert!(shown.contains(&"x:1:r".to_string()), "{shown:?}");
        }
        let q = c.press_inline(who, im1, &format!("m:1:{ply}:{mv}"));
        c.answered(&q).await;
        board = inline_edit(&mut c, im1).await;
        if ply == 2 {
            // Bob's press on the board of two moves ago.
            let q = c.press_inline(&BOB, im1, "m:1:1:h7-h6");
            c.alert(&q, "out of date").await;
        }
    }
    // Over: the moves and controls go, the record's button stays.
    assert_eq!(board.buttons, ["x:1:e"]);
    assert!(board.caption.contains("@alice"), "{}", board.caption);
    let (_, _, last) = fake.inline.lock().unwrap()[im1].clone();
    assert_eq!(last, ["x:1:e"]);
    let ch1 = tablero_app::inline::channel(tablero_app::Platform::Telegram, im1);
    let done = app.store().game(&ch1, 1, false).unwrap().expect("game 1");
    assert!(done.record.ends_with("b7xa8"), "{}", done.record);
    c.quiet().await;

    // Game 2, chess, inline feedback on: Bob's challenge is made when he
    // posts it, Alice joins.
    let im2 = "AgAAAInline2";
    c.inline_query(&BOB, "chess casual", "en");
    let (answer, _) = c.next("answerinlinequery").await;
    let posted = answer.params["results"][0].clone();
    assert_eq!(buttons(&posted), ["n:2:chess casual"]);
    c.chosen(&BOB, "chess casual", im2, "chess casual");
    c.quiet().await;
    let ch2 = tablero_app::inline::channel(tablero_app::Platform::Telegram, im2);
    assert_eq!(
        app.store().next_id(&ch2).unwrap(),
        2,
        "the challenge is made"
    );
    let q = c.press_inline(&ALICE, im2, "n:2:chess casual");
    c.answered(&q).await;
    inline_edit(&mut c, im2).await;
    for (ply, (who, mv)) in [(&BOB, "f3"), (&ALICE, "e5")].into_iter().enumerate() {
        let q = c.press_inline(who, im2, &format!("m:1:{ply}:{mv}"));
        c.answered(&q).await;
        inline_edit(&mut c, im2).await;
    }
    // Bob asks to take his move back: the message shows the request with
    // Accept and Decline; Carol may not answer it, Alice declines.
    let q = c.press_inline(&BOB, im2, "x:1:t");
    c.answered(&q).await;
    let asked = inline_edit(&mut c, im2).await;
    assert!(
        asked.has("x:1:y") && asked.has("x:1:n"),
        "{:?}",
        asked.buttons
    );
    assert!(asked.caption.contains("take"), "{}", asked.caption);
    let q = c.press_inline(&CAROL, im2, "x:1:y");
    c.alert(&q, "").await;
    let q = c.press_inline(&ALICE, im2, "x:1:n");
    c.answered(&q).await;
    let declined = inline_edit(&mut c, im2).await;
    assert!(!declined.has("x:1:y"), "{:?}", declined.buttons);
    let q = c.press_inline(&BOB, im2, "m:1:2:g4");
    c.answered(&q).await;
    inline_edit(&mut c, im2).await;
    // Alice finds the mate by her queen's button.
    let q = c.press_inline(&ALICE, im2, "p:1:3:0:d8");
    c.answered(&q).await;
    let edit = c.expect("editmessagereplymarkup").await;
    let mate = buttons(&edit.params)
        .into_iter()
        .find(|b| b.starts_with("m:1:3:Qh4"))
        .expect("the queen's move to h4");
    let q = c.press_inline(&ALICE, im2, &mate);
    c.answered(&q).await;
    let over = inline_edit(&mut c, im2).await;
    assert_eq!(over.buttons, ["x:1:e"]);
    c.quiet().await;

    // Game 3, Bombardment with an hour a move: Bob posts, Alice joins.
    let im3 = "AgAAAInline3";
    c.inline_query(&BOB, "bombardment time=1h", "en");
    c.next("answerinlinequery").await;
    let q = c.press_inline(&ALICE, im3, "n:2:bombardment time=1h");
    c.answered(&q).await;
    inline_edit(&mut c, im3).await;
    // Alice's own chat with the bot lists it, with a button that opens it.
    c.say_privately(&ALICE, "mygames");
    let list = c.expect("sendmessage").await;
    assert_eq!(list.params["chat_id"], ALICE.id);
    let text = list.params["text"].as_str().unwrap_or("");
    assert!(text.contains("Bombardment"), "{text}");
    // Her only ongoing game: its number alone names it there.
    let open = "b:1".to_string();
    assert_eq!(
        buttons(&list.params),
        std::slice::from_ref(&open),
        "{list:#?}"
    );
    let q = c.press_privately(&ALICE, list.sent.unwrap(), &open);
    c.answered(&q).await;
    let (shown, _) = c.next("sendphoto").await;
    assert_eq!(shown.params["chat_id"], ALICE.id);
    c.quiet().await;
    // Bob's move is due: the reminder cannot reach him directly (he never
    // started the bot), so the message shows it.
    let refused = fake.forbidden.load(Ordering::SeqCst);
    clock.advance(40 * 60 * 1000);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    let reminded = inline_edit(&mut c, im3).await;
    assert!(
        reminded.caption.contains("@bob") && reminded.caption.contains("your move"),
        "{}",
        reminded.caption
    );
    assert!(!reminded.buttons.is_empty());
    assert_eq!(fake.forbidden.load(Ordering::SeqCst), refused + 1);
    c.quiet().await;
    clock.advance(30 * 60 * 1000);
    for n in app.tick() {
        assert!(notices.post(n));
    }
    let timed_out = inline_edit(&mut c, im3).await;
    assert!(
        timed_out.caption.contains("ran out of time"),
        "{}",
        timed_out.caption
    );
    assert_eq!(timed_out.buttons, ["x:1:e"]);
    c.quiet().await;

    // Alice's results count the inline games like any other.
    c.say_privately(&ALICE, "stats");
    let calls = c.gather(1).await;
    let said = format!(
        "{}{}",
        calls[0].params["text"].as_str().unwrap_or(""),
        calls[0].params["caption"].as_str().unwrap_or("")
    );
    for game in ["Breakthrough", "Bombardment", "Chess"] {
        assert!(said.contains(game), "{game} in {said}");
    }
    // The chess game's record: its message's button sends it to the
    // presser's own chat with the bot (PGN)...
    let q = c.press_inline(&ALICE, im2, "x:1:e");
    let doc = c.expect("senddocument").await;
    assert_eq!(doc.params["chat_id"], ALICE.id);
    let pgn = String::from_utf8(doc.file.clone().expect("a file")).unwrap();
    assert!(pgn.contains("Qh4#") && pgn.contains("0-1"), "{pgn}");
    c.alert(&q, "Sent to your chat").await;
    // ... or says how to open that chat, to Bob who never did.
    let q = c.press_inline(&BOB, im1, "x:1:e");
    c.alert(&q, "Open a chat with the bot first").await;
    assert_eq!(fake.forbidden.load(Ordering::SeqCst), refused + 2);
    // The finished game is also reached by its reference (its message's
    // place and number, as `mygames` named it while it was played) from
    // her chat with the bot: `export` sends the same record.
    c.quiet().await;
    let place = tablero_app::place::Place::of(&ch2);
    c.say_privately(&ALICE, &format!("/export #{place}1"));
    let doc = c.expect("senddocument").await;
    assert_eq!(doc.params["chat_id"], ALICE.id);
    let again = String::from_utf8(doc.file.clone().expect("a file")).unwrap();
    assert_eq!(again, pgn);
    // The fake refuses an upload to an inline message, as Telegram does.
    let direct = teloxide::Bot::new(TOKEN).set_api_url(format!("http://{addr}/").parse().unwrap());
    let upload = teloxide::types::InputMedia::Photo(teloxide::types::InputMediaPhoto::new(
        teloxide::types::InputFile::memory(vec![1, 2, 3]).file_name("b.png"),
    ));
    use teloxide::requests::Requester;
    let e = direct
        .edit_message_media_inline(im1, upload)
        .await
        .expect_err("an upload to an inline message");
    assert!(
        e.to_string().contains("Invalid message content specified"),
        "{e}"
    );

    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), bot)
        .await
        .expect("the bot stops")
        .unwrap()
        .unwrap();
}

/// Inline mode without a media chat, the web front-end's public address
/// set: results and boards are addresses Telegram fetches (nothing is
/// uploaded); and with neither, inline queries lead to the bot's chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_pictures_from_the_web_or_none() {
    let Running {
        app,
        stop_tx,
        bot,
        mut c,
        addr,
        ..
    } = start().await;
    // No media chat, no web: off.
    c.inline_query(&ALICE, "", "es");
    let answer = c.expect("answerinlinequery").await;
    assert_eq!(answer.params["results"].as_array().unwrap().len(), 0);
    assert_eq!(
        answer.params["button"]["text"],
        "Jugar en un chat con el bot"
    );
    assert_eq!(answer.params["button"]["start_parameter"], "inline");
    c.quiet().await;
    // A restart with the web's public address.
    app.set_web_base(Some("https://tablero.example.org".into()));
    let (_n, stop2, bot2) = launch(app.clone(), addr);
    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), bot)
        .await
        .expect("the bot stops")
        .unwrap()
        .unwrap();
    c.next("getwebhookinfo").await;
    c.seen = c.fake.calls.lock().unwrap().len();
    c.inline_query(&ALICE, "barrier size=7", "en");
    let answer = c.expect("answerinlinequery").await;
    let r = &answer.params["results"][0];
    assert_eq!(
        r["photo_url"],
        "https://tablero.example.org/start/en/barrier%20size=7.jpg"
    );
    assert_eq!(buttons(r), ["n:1:barrier size=7"]);
    let q = c.press_inline(&BOB, "AgAAAWeb", "n:1:barrier size=7");
    c.answered(&q).await;
    let edit = c.expect("editmessagemedia").await;
    let shown = edit.params["media"]["media"].as_str().unwrap_or("");
    assert!(
        shown.starts_with("https://tablero.example.org/g/") && shown.contains("/board/en/0/"),
        "{shown}"
    );
    c.quiet().await;
    stop2.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), bot2)
        .await
        .expect("the bot stops")
        .unwrap()
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_comes_as_text_then_the_chart_and_the_turning_points_in_one_album() {
    let mut r = start().await;
    r.c.say(&ALICE, "/challenge @bob chess white time=none");
    r.c.text().await;
    r.c.say(&BOB, "/accept");
    r.c.board(None).await;
    // 3. Qxe5+?? Nxe5: the queen for a pawn, then Alice resigns.
    for (who, m) in [
        (&ALICE, "e4"),
        (&BOB, "e5"),
        (&ALICE, "Qh5"),
        (&BOB, "Nc6"),
        (&ALICE, "Qxe5+"),
        (&BOB, "Nxe5"),
    ] {
        r.c.say(who, m);
        r.c.next("sendphoto").await;
    }
    r.c.say(&ALICE, "/resign");
    let ask = r.c.next("sendmessage").await.0;
    let ask = ask.params["text"].as_str().unwrap_or_default().to_string();
    assert!(ask.contains("resign #") && ask.contains(" yes"), "{ask}");
    r.c.say(&ALICE, "/resign yes");
    r.c.next("sendphoto").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    r.c.seen = r.fake.calls.lock().unwrap().len();
    r.c.say(&BOB, "/review 1");
    let text = r.c.text().await;
    assert!(text.contains("Review of game #1"), "{text}");
    assert!(text.contains("3. Qxe5+"), "{text}");
    let album = r.c.expect("sendmediagroup").await;
    assert_eq!(album.params["chat_id"], GROUP);
    let media = album.params["media"].as_array().expect("media").clone();
    assert!(media.len() >= 2, "{media:?}");
    let captions: Vec<&str> = media
        .iter()
        .map(|m| m["caption"].as_str().unwrap_or(""))
        .collect();
    assert!(captions[0].starts_with("Review of game #1"), "{captions:?}");
    assert!(
        captions.iter().any(|c| c.starts_with("3. Qxe5+ by ")),
        "{captions:?}"
    );
    let first = media[0]["media"]
        .as_str()
        .unwrap()
        .strip_prefix("attach://")
        .unwrap();
    let chart = String::from_utf8(album.files[first].clone()).unwrap();
    assert!(chart.starts_with("FAKEEVAL"), "{chart}");
    r.c.quiet().await;
    // In Spanish.
    r.c.say(&BOB, "/idioma es");
    r.c.text().await;
    r.c.say(&BOB, "/analisis 1");
    let text = r.c.text().await;
    assert!(text.contains("Análisis de la partida #1"), "{text}");
    assert!(text.contains("3. Dxe5+"), "{text}");
    r.c.expect("sendmediagroup").await;
    r.stop().await;
}

/// The tournament buttons: Join, Leave and Start under its announcement;
/// a press acts as the command typed by the presser, and one it is not
/// for (or a stale one) is an alert that changes nothing. The group's
/// owner (Alice, as Telegram tells) may create and start it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_buttons_join_leave_and_start() {
    let mut r = start().await;
    let tournament = |app: &App| {
        let ch = tablero_app::ChannelKey::new(tablero_app::Platform::Telegram, GROUP.to_string());
        app.store().tournament(&ch, 1).unwrap()
    };
    // Bob manages nothing: he may not create one.
    r.c.say(&BOB, "/tournament create breakthrough roundrobin time=none");
    let t = r.c.text().await;
    assert!(t.contains("Only someone who can manage this chat"), "{t}");
    r.c.say(
        &ALICE,
        "/tournament create breakthrough roundrobin time=none",
    );
    let (m, _) = r.c.next("sendmessage").await;
    let t = m.params["text"].as_str().unwrap_or("").to_string();
    assert!(t.contains("Tournament #1"), "{t}");
    assert_eq!(buttons(&m.params), ["t:1:j", "t:1:l", "t:1:s"]);
    let announcement = r.fake.next_message.load(Ordering::SeqCst);
    // Bob joins with the button: the news, with the buttons again.
    let q = r.c.press(&BOB, announcement, "t:1:j");
    let (m, _) = r.c.next("sendmessage").await;
    let t = m.params["text"].as_str().unwrap_or("").to_string();
    assert!(t.contains("@bob joined tournament #1"), "{t}");
    assert_eq!(buttons(&m.params), ["t:1:j", "t:1:l", "t:1:s"]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        r.fake
            .calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.method == "answercallbackquery"
                && c.params["callback_query_id"] == q.as_str()
                && c.params.get("text").is_none()),
        "the press is answered silently"
    );
    r.c.seen = r.fake.calls.lock().unwrap().len();
    let before = tournament(&r.app);
    // Presses that are not for the presser: alerts, nothing changed.
    let q = r.c.press(&CAROL, announcement, "t:1:l");
    r.c.alert(&q, "not in tournament #1").await;
    let q = r.c.press(&BOB, announcement, "t:1:s");
    r.c.alert(&q, "(who created it)").await;
    let q = r.c.press(&BOB, announcement, "t:1:j");
    r.c.alert(&q, "already in tournament #1").await;
    assert_eq!(tournament(&r.app), before);
    // Alice joins and starts it: the pressed message's buttons go.
    r.c.press(&ALICE, announcement, "t:1:j");
    r.c.next("sendmessage").await;
    r.c.press(&ALICE, announcement, "t:1:s");
    let (m, before) = r.c.next("sendmessage").await;
    let t = m.params["text"].as_str().unwrap_or("").to_string();
    assert!(t.contains("Tournament #1 has begun!"), "{t}");
    assert!(buttons(&m.params).is_empty(), "{m:?}");
    let removed = |calls: &[Call]| {
        calls.iter().any(|c| {
            c.method == "editmessagereplymarkup"
                && c.params["message_id"] == announcement
                && c.params.get("reply_markup").is_none()
        })
    };
    if !removed(&before) {
        let (edit, _) = r.c.next("editmessagereplymarkup").await;
        assert!(removed(&[edit]), "the start's buttons go");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    r.c.seen = r.fake.calls.lock().unwrap().len();
    // A stale button: the tournament has begun.
    let q = r.c.press(&CAROL, announcement, "t:1:j");
    r.c.alert(&q, "already started").await;
    r.stop().await;
}
