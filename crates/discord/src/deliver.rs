//! Posting to channels through the shared outbox (`tablero-deliver`): one
//! ordered queue per channel for everything the bot posts there (answers,
//! the bot's moves, reminders and timeouts), retries, channels the bot may
//! no longer post in set aside, and the newest board of each game, whose
//! menu is disabled when a newer board is posted.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, CreateActionRow, CreateMessage, EditMessage, Http, HttpError, MessageId,
    User as DiscordUser,
};
use tablero_app::{App, ChannelKey, Outgoing, Reply, User};
use tablero_deliver::{Job, Newest, SendError, Settings, Transport};

use crate::PLATFORM;
use crate::userapp::{self, Reach};
use crate::view::{self, MAX_CONTENT};

/// The store's key of a Discord channel (a thread and a DM are channels).
#[must_use]
pub fn channel_key(id: ChannelId) -> ChannelKey {
    ChannelKey::new(PLATFORM, id.to_string())
}

/// The app's user for a Discord user: the id, and the name people see.
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

/// One message for a channel.
#[derive(Clone, Debug)]
pub struct Post {
    pub message: CreateMessage,
    /// The game whose board this is, its number of moves, and its menu
    /// disabled (empty when it has none).
    pub board: Option<(u64, usize, Vec<CreateActionRow>)>,
    /// The whole reply, on its last message: where the bot can only
    /// answer, it is delivered another way (`userapp::deliver`).
    pub reply: Option<Arc<Reply>>,
}

/// The outbox's transport: Discord's REST API, and the app that keeps
/// each game's newest board across restarts.
pub struct Rest {
    pub http: Arc<Http>,
    pub app: Arc<App>,
    /// The channels where the bot can only answer interactions.
    pub reach: Arc<Reach>,
}

/// Every channel's outbox.
pub type Outbox = tablero_deliver::Outbox<Rest>;

/// The outbox for `http`.
#[must_use]
pub fn outbox(http: Arc<Http>, app: Arc<App>) -> Outbox {
    let reach = Arc::new(Reach::default());
    tablero_deliver::Outbox::new(Arc::new(Rest { http, app, reach }), Settings::default())
}

/// Sorts a serenity error by whether sending again can help. Discord's
/// JSON error codes name what is wrong: 50001 Missing Access, 50013
/// Missing Permissions, 10003 Unknown Channel, 50007 Cannot send messages
/// to this user.
#[must_use]
pub fn classify(e: &serenity::Error) -> SendError {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            classify_answer(r.status_code.as_u16(), r.error.code, &r.error.message)
        }
        serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => {
            SendError::Transient(e.to_string())
        }
        other => SendError::Permanent(other.to_string()),
    }
}

/// Whether Discord refused a post as `50001 Missing Access`: the bot is
/// not in the channel (a DM between people, a server it was not added
/// to).
fn missing_access(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 50001)
}

/// [`classify`] for an error answer: its HTTP status and Discord's JSON
/// error code and message.
#[must_use]
pub fn classify_answer(status: u16, code: isize, message: &str) -> SendError {
    let why = format!("{status} {message} ({code})");
    match (status, code) {
        (429, _) => SendError::RetryAfter(Duration::from_secs(1)),
        (500..=599, _) => SendError::Transient(why),
        (_, 50001 | 50013 | 10003 | 50007) | (403, _) => SendError::Gone(why),
        _ => SendError::Permanent(why),
    }
}

impl Transport for Rest {
    type Chat = ChannelId;
    type Message = MessageId;
    type Retired = Vec<CreateActionRow>;
    type Post = Post;

    /// A channel message; where the bot can only answer (known, or found
    /// by a post refused as Missing Access) the reply goes through
    /// `userapp::deliver` instead, and never fails.
    async fn send(&self, chat: &ChannelId, post: &Post) -> Result<MessageId, SendError> {
        if !self.reach.is_private(*chat) {
            match chat.send_message(&self.http, post.message.clone()).await {
                Ok(m) => return Ok(m.id),
                Err(e) if missing_access(&e) && post.reply.is_some() => {
                    tracing::info!(channel = %chat, "no access: answers only there");
                    self.reach.refused(*chat);
                }
                Err(e) => return Err(classify(&e)),
            }
        }
        // The earlier parts of a long reply go with its last.
        let Some(reply) = &post.reply else {
            return Ok(MessageId::new(1));
        };
        let shown = userapp::deliver(&self.http, &self.reach, *chat, reply).await;
        Ok(shown.unwrap_or(MessageId::new(1)))
    }

    /// `POST /channels/{id}/typing`: Discord shows it for ten seconds or
    /// until the bot's next message (never where the bot can only answer).
    async fn typing(&self, chat: &ChannelId) -> Result<(), SendError> {
        if self.reach.is_private(*chat) {
            return Ok(());
        }
        chat.broadcast_typing(&self.http)
            .await
            .map_err(|e| classify(&e))
    }

    async fn retire(
        &self,
        chat: &ChannelId,
        board: &Newest<MessageId, Vec<CreateActionRow>>,
    ) -> Result<(), SendError> {
        // Where the bot can only answer, a board is brought up to date by
        // its next press instead.
        if self.reach.is_private(*chat) {
            return Ok(());
        }
        let edit = EditMessage::new().components(board.retired.clone());
        chat.edit_message(&self.http, board.message, edit)
            .await
            .map(drop)
            .map_err(|e| classify(&e))
    }

    async fn remember(
        &self,
        chat: &ChannelId,
        game: u64,
        board: Option<&Newest<MessageId, Vec<CreateActionRow>>>,
    ) {
        let (app, ch) = (self.app.clone(), channel_key(*chat));
        let board = board.map(|b| (b.ply, b.message.get().to_string()));
        if let Err(e) =
            tokio::task::spawn_blocking(move || app.remember_board(&ch, game, board)).await
        {
            tracing::warn!("a board was not remembered: {e}");
        }
    }

    /// A board posted before a restart: its menu is removed rather than
    /// disabled (how it looked is not kept).
    async fn recall(
        &self,
        chat: &ChannelId,
        game: u64,
    ) -> Option<Newest<MessageId, Vec<CreateActionRow>>> {
        let (app, ch) = (self.app.clone(), channel_key(*chat));
        let (ply, message) = tokio::task::spawn_blocking(move || app.remembered_board(&ch, game))
            .await
            .ok()??;
        Some(Newest {
            ply,
            message: MessageId::new(message.parse().ok().filter(|&m| m != 0)?),
            retired: Vec::new(),
        })
    }

    fn board_of(&self, post: &Post) -> Option<(u64, usize, Option<Vec<CreateActionRow>>)> {
        let (game, ply, disabled) = post.board.clone()?;
        Some((game, ply, (!disabled.is_empty()).then_some(disabled)))
    }
}

/// The messages that show `reply` in a channel: its text in as many
/// messages as needed, the last with the board and its menu (or a
/// challenge's buttons).
#[must_use]
pub fn posts(reply: &Reply) -> Vec<Post> {
    let parts = view::parts(reply, MAX_CONTENT);
    let embed = view::board_embed(reply);
    // Another channel's game, shown in a DM, is no board of this channel.
    let board = view::board_of(reply).filter(|_| reply.place.is_none());
    let n = parts.len();
    let mut out = Vec::new();
    for (i, part) in parts.into_iter().enumerate() {
        let last = i + 1 == n;
        let mut m = CreateMessage::new()
            .content(part.as_str())
            .allowed_mentions(view::allowed_mentions(reply));
        let mut shown = None;
        if last {
            let file = view::file_attachment(reply);
            if let Some((e, board_file)) = embed.clone() {
                m = m.embed(e).add_file(board_file);
            } else if part.is_empty() && file.is_none() && reply.album.is_empty() {
                continue;
            }
            if let Some(file) = file {
                m = m.add_file(file);
            }
            m = m.add_files(view::album_attachments(reply));
            m = m.components(view::components(reply));
            if let Some((game, ply)) = board {
                let at = tablero_app::place::GameAt::here(game);
                let disabled = view::board_rows(at, ply, &reply.choices, reply.lang, true);
                shown = Some((game, ply, disabled));
            }
        }
        out.push(Post {
            message: m,
            board: shown,
            reply: last.then(|| Arc::new(reply.clone())),
        });
    }
    out
}

/// Queues `reply` for `channel`, after whatever is queued there.
pub fn post(outbox: &Outbox, channel: ChannelId, reply: &Reply) {
    outbox.push(&channel, jobs(reply));
}

/// The posts of `reply`; the retiring of the newest board of the game it
/// ends, if it ends one of this channel (a resignation, a draw, a
/// timeout); then the bot's typing if it is thinking about its answer.
fn jobs(reply: &Reply) -> impl Iterator<Item = Job<Rest>> {
    let typing = reply.thinking.then_some(Job::Typing);
    let ended = reply
        .ended
        .filter(|_| reply.place.is_none())
        .map(Job::Ended);
    posts(reply)
        .into_iter()
        .map(Job::Post)
        .chain(ended)
        .chain(typing)
}

/// Queues the retiring of a pressed board (its menu disabled, or removed
/// when it is not the game's newest), then `reply`.
pub fn post_after_press(
    outbox: &Outbox,
    channel: ChannelId,
    game: u64,
    pressed: MessageId,
    reply: &Reply,
) {
    let taken = outbox.boards().take(&channel, game, &pressed);
    let retire = Job::Retire(
        Some(game),
        taken.unwrap_or(Newest {
            ply: 0,
            message: pressed,
            retired: Vec::new(),
        }),
    );
    outbox.push(&channel, std::iter::once(retire).chain(jobs(reply)));
}

/// Posts the notices the app sends on its own (reminders, timeouts,
/// expiries, the bot's moves) to their channels' outboxes, after the
/// boards a restart kept from being posted: one pump on the app's Discord
/// mailbox, ending when the mailbox closes.
pub fn spawn_notices(app: Arc<tablero_app::App>, outbox: Outbox) {
    let missed = app.unposted_boards(PLATFORM);
    if !missed.is_empty() {
        tracing::info!(boards = missed.len(), "posting boards missed by a restart");
    }
    let push = move |n: Outgoing| {
        let Ok(id) = n.channel.channel.parse::<u64>() else {
            tracing::warn!(
                "a notice for channel {} is not for Discord",
                n.channel.channel
            );
            return;
        };
        if id != 0 {
            post(&outbox, ChannelId::new(id), &n.reply);
        }
    };
    for n in missed {
        push(n);
    }
    tokio::spawn(tablero_deliver::pump(app.notices(PLATFORM), push));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_sorted_by_what_sending_again_can_do() {
        let gone = |s, c, m| matches!(classify_answer(s, c, m), SendError::Gone(_));
        assert!(gone(403, 50013, "Missing Permissions"));
        assert!(gone(403, 50001, "Missing Access"));
        assert!(gone(404, 10003, "Unknown Channel"));
        assert!(matches!(
            classify_answer(502, 0, "Bad Gateway"),
            SendError::Transient(_)
        ));
        assert!(matches!(
            classify_answer(400, 50035, "Invalid Form Body"),
            SendError::Permanent(_)
        ));
        assert!(matches!(
            classify_answer(429, 0, "You are being rate limited."),
            SendError::RetryAfter(_)
        ));
    }
}
