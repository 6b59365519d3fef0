//! Each game in its own thread (`[discord] game_threads = true`): when a
//! challenge is taken in a server's text channel, the bot opens a public
//! thread there, moves the game into it (the thread is a channel of its
//! own, so every command, press, reminder and bot move of the game then
//! happens in the thread), posts the first board in the thread and a
//! short note in the channel pointing to it.
//!
//! A thread is opened only where it can be: in a server's text or
//! announcement channel (not in a thread, not in a DM), with the bot
//! allowed to create public threads and to post in them. Otherwise, or
//! when Discord refuses, the game is played in the channel as before.
//! Threads are opened with the longest auto-archive time (a week); a
//! thread archived by a long pause is unarchived by the next post.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http, PartialChannel, Permissions,
};
use tablero_app::{App, GameSummary, Reply};
use tablero_rules::Lang;

use crate::deliver::{self, Outbox, channel_key};
use crate::view;

/// What the bot needs to open a game's thread and play in it.
pub const NEEDED: Permissions = Permissions::CREATE_PUBLIC_THREADS
    .union(Permissions::SEND_MESSAGES_IN_THREADS)
    .union(Permissions::SEND_MESSAGES);

/// Whether a game that begins with `reply` in `channel` gets a thread:
/// the option is on, the reply begins a game, and the channel is a
/// server's text channel where the bot may open threads (`granted`: the
/// interaction's `app_permissions`, when Discord sent them).
#[must_use]
pub fn wanted(
    on: bool,
    reply: &Reply,
    channel: Option<&PartialChannel>,
    granted: Option<Permissions>,
) -> bool {
    on && reply.begins
        && !reply.error
        && reply.game().is_some()
        && channel.is_some_and(|c| matches!(c.kind, ChannelType::Text | ChannelType::News))
        && granted.is_none_or(|g| g.contains(NEEDED))
}

/// A thread's name: the game's number, name and players, within
/// Discord's 100 characters.
#[must_use]
pub fn thread_name(g: &GameSummary, lang: Lang) -> String {
    let name = format!(
        "#{} {}: {} – {}",
        g.id,
        g.game.info().name(lang),
        g.players[0].name,
        g.players[1].name
    );
    name.chars().take(100).collect()
}

/// Opens a thread in `channel` for the game `reply` begins and moves the
/// game into it; returns where the reply is to be posted: the thread, or
/// `channel` when the thread could not be opened (logged) or the game
/// could not move (it ended meanwhile). A note pointing to the thread is
/// queued in `channel`.
pub async fn open(
    http: &Http,
    app: &std::sync::Arc<App>,
    outbox: &Outbox,
    channel: ChannelId,
    reply: &Reply,
) -> ChannelId {
    let Some((id, _)) = reply.game() else {
        return channel;
    };
    let from = channel_key(channel);
    let (a, f) = (app.clone(), from.clone());
    let summary = tokio::task::spawn_blocking(move || a.ongoing_games(&f))
        .await
        .ok()
        .and_then(Result::ok)
        .and_then(|gs| gs.into_iter().find(|g| g.id == id));
    let Some(summary) = summary else {
        return channel;
    };
    let create = CreateThread::new(thread_name(&summary, reply.lang))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let thread = match channel.create_thread(http, create).await {
        Ok(t) => t.id,
        Err(e) => {
            tracing::warn!(
                channel = %channel,
                error = ?deliver::classify(&e),
                "no thread for a game: played in the channel"
            );
            return channel;
        }
    };
    let (a, to) = (app.clone(), channel_key(thread));
    match tokio::task::spawn_blocking(move || a.move_game(&from, id, &to)).await {
        Ok(Ok(g)) => {
            let note = view::thread_note(&g, thread, reply.lang);
            outbox.push(
                &channel,
                [tablero_deliver::Job::Post(deliver::Post {
                    message: serenity::all::CreateMessage::new()
                        .content(note)
                        .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
                    board: None,
                    reply: None,
                })],
            );
            thread
        }
        Ok(Err(e)) => {
            tracing::warn!(game = id, error = ?e, "a game could not move to its thread");
            channel
        }
        Err(e) => {
            tracing::warn!(game = id, error = %e, "a game could not move to its thread");
            channel
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_app::User;
    use tablero_rules::{GameId, Side};

    fn summary(a: &str, b: &str) -> GameSummary {
        let u = |n: &str| User {
            id: n.to_string(),
            name: n.to_string(),
        };
        GameSummary {
            id: 7,
            game: GameId::Breakthrough,
            players: [u(a), u(b)],
            to_move: Side::First,
        }
    }

    #[test]
    fn a_thread_is_named_after_its_game_within_discords_limit() {
        assert_eq!(
            thread_name(&summary("Ana", "Ben"), Lang::En),
            "#7 Breakthrough: Ana – Ben"
        );
        let long = "x".repeat(80);
        let n = thread_name(&summary(&long, &long), Lang::Es);
        assert_eq!(n.chars().count(), 100);
        assert!(n.starts_with("#7 Gran avance: xxx"), "{n}");
    }
}
