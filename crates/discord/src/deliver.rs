//! Posting replies to channels: boards (a message with the text, the PNG in
//! an embed and the move menu, which disables the menu of the game's
//! previous board) and plain text, split to Discord's length limit.

use std::collections::HashMap;
use std::sync::mpsc::Receiver;
use std::sync::{Arc, MutexGuard, PoisonError};

use serenity::all::{ChannelId, CreateMessage, EditMessage, Http, MessageId, User as DiscordUser};
use tablero_app::{ChannelKey, Outgoing, Reply, User};

use crate::boards::{self, Posted};
use crate::view::{self, MAX_CONTENT};
use crate::{Boards, PLATFORM};

/// The store's key of a Discord channel (a thread and a DM are channels).
#[must_use]
pub fn channel_key(id: ChannelId) -> ChannelKey {
    ChannelKey::new(PLATFORM, id.to_string())
}

/// The app's user for a Discord user: the id, and the name people see
/// (server nickname, else display name, else user name).
#[must_use]
pub fn user_of(u: &DiscordUser) -> User {
    // One name per user everywhere: the global display name, else the
    // username. A server nickname is left out: the store knows a user once
    // per platform, and a nickname from one server would show in others
    // (and flip with whichever message came last).
    let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
    User {
        id: u.id.to_string(),
        name,
    }
}

pub(crate) fn lock(b: &Boards) -> MutexGuard<'_, boards::Boards> {
    b.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Posts `reply` to `channel`: its text in as many messages as needed, the
/// last with the board and its menu. A new board disables the previous
/// board of its game.
pub async fn post(
    http: &Http,
    boards: &Boards,
    channel: ChannelId,
    reply: &Reply,
) -> Result<(), serenity::Error> {
    let text = view::text(reply);
    let parts = view::chunks(&text, MAX_CONTENT);
    let embed = view::board_embed(reply);
    let board = view::board_of(reply);
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let mut m = CreateMessage::new()
            .content(part.as_str())
            .allowed_mentions(view::allowed_mentions(reply));
        if last {
            if let Some((e, file)) = embed.clone() {
                m = m.embed(e).add_file(file);
            } else if part.is_empty() {
                continue;
            }
            if let Some((game, ply)) = board {
                m = m.components(view::board_rows(
                    game,
                    ply,
                    &reply.choices,
                    reply.lang,
                    false,
                ));
            }
        }
        let sent = channel.send_message(http, m).await?;
        if last && let Some((game, ply)) = board {
            let posted = Posted {
                ply,
                channel,
                message: sent.id,
                disabled: view::board_rows(game, ply, &reply.choices, reply.lang, true),
            };
            let old = lock(boards).posted(&channel_key(channel), game, posted);
            if let Some(old) = old {
                disable(http, &old).await;
            }
        }
    }
    Ok(())
}

/// Disables the menu of an outdated board. A failure (the message was
/// deleted, say) is logged: the app turns down presses on it anyway.
pub async fn disable(http: &Http, old: &Posted) {
    if old.disabled.is_empty() {
        return;
    }
    disable_message(http, old.channel, old.message, old.disabled.clone()).await;
}

/// Replaces a message's components with `rows` (empty: none).
pub async fn disable_message(
    http: &Http,
    channel: ChannelId,
    message: MessageId,
    rows: Vec<serenity::all::CreateActionRow>,
) {
    let edit = EditMessage::new().components(rows);
    if let Err(e) = channel.edit_message(http, message, edit).await {
        tracing::warn!("cannot disable the menu of message {message} in {channel}: {e}");
    }
}

/// Posts the notices the app sends on its own (reminders, timeouts,
/// expiries), read from `notices` on a thread of their own.
pub fn spawn_notices(
    app: Arc<tablero_app::App>,
    http: Arc<Http>,
    boards: Boards,
    notices: Receiver<Outgoing>,
) {
    let rt = tokio::runtime::Handle::current();
    // The bot's own moves wait in the app; bring them to the same queue.
    let (tx, merged) = std::sync::mpsc::channel();
    let moves = tx.clone();
    std::thread::spawn(move || {
        loop {
            for n in app.wait_notices(crate::PLATFORM, std::time::Duration::from_secs(1)) {
                if moves.send(n).is_err() {
                    return;
                }
            }
        }
    });
    std::thread::spawn(move || {
        for n in notices {
            if tx.send(n).is_err() {
                return;
            }
        }
    });
    // One ordered queue per channel: a channel's notices go out in the
    // order they were made, and a slow channel holds up no other. A
    // channel's task ends when its queue is empty.
    let queues: Arc<std::sync::Mutex<HashMap<u64, tokio::sync::mpsc::UnboundedSender<Outgoing>>>> =
        Arc::default();
    std::thread::spawn(move || {
        for n in merged {
            let Ok(id) = n.channel.channel.parse::<u64>() else {
                tracing::warn!(
                    "a notice for channel {} is not for Discord",
                    n.channel.channel
                );
                continue;
            };
            if id == 0 {
                continue;
            }
            let mut map = queues
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = match map.get(&id) {
                Some(q) => match q.send(n) {
                    Ok(()) => continue,
                    Err(e) => e.0,
                },
                None => n,
            };
            let (q, mut rx) = tokio::sync::mpsc::unbounded_channel();
            let _ = q.send(n);
            map.insert(id, q);
            let (http, boards, queues) = (http.clone(), boards.clone(), queues.clone());
            rt.spawn(async move {
                loop {
                    while let Ok(n) = rx.try_recv() {
                        if let Err(e) = post(&http, &boards, ChannelId::new(id), &n.reply).await {
                            tracing::warn!("cannot post a notice to {id}: {e}");
                        }
                    }
                    // Done only if nothing came in meanwhile (checked under
                    // the lock the sender takes).
                    let mut map = queues
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    if rx.is_empty() {
                        map.remove(&id);
                        return;
                    }
                }
            });
        }
    });
}
