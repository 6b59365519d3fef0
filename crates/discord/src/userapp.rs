//! Tablero installed to a user's account ("user install"): its commands in
//! any chat of that user, a direct message between two friends included,
//! where the bot is no member and has no access of its own.
//!
//! What Discord allows there: the bot cannot read or post in the channel
//! (a post answers 403, `50001 Missing Access`); it may only answer the
//! interactions people start there (slash commands, and presses on the
//! components of its own answers, which anyone in the chat may press, app
//! installed or not), within three seconds, and then use each
//! interaction's token for 15 minutes: edit the answer, or send at most
//! five follow-ups (for an app installed only to the user). So:
//!
//! - every answer there is the interaction's own response (a command's
//!   answer, or the pressed board itself updated);
//! - [`Reach`] remembers, for each such channel, the newest interaction's
//!   token and the message each game's board is in;
//! - a notice for such a channel (the bot's move, a reminder, a timeout,
//!   a move played from elsewhere) goes, in this order: into the game's
//!   board through a token still fresh (edited in place), as a follow-up
//!   of the newest fresh interaction there, to the players it names in
//!   their direct chat with the bot (which Discord allows when they share a
//!   server with the bot or installed the app themselves, and their
//!   settings take DMs), and otherwise it is kept and shown with the next
//!   answer in that channel;
//! - a press on an outdated board there brings the current one, and boards
//!   there carry a "current board" button.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, Builder, ButtonStyle, ChannelId,
    CreateActionRow, CreateButton, CreateCommand, CreateInteractionResponseFollowup, CreateMessage,
    EditAttachments, EditInteractionResponse, Http, InstallationContext, InteractionContext,
    MessageId, UserId,
};
use tablero_app::place::GameAt;
use tablero_app::{FriendsUi, Reply};
use tablero_rules::Lang;

use crate::ids::Component;
use crate::view::{self, MAX_CONTENT};

/// Where the commands can be installed: to servers and to users.
pub const INSTALLS: [InstallationContext; 2] =
    [InstallationContext::Guild, InstallationContext::User];

/// Where the commands can be used: servers, the bot's own DMs, and other
/// DMs and group DMs (only meaningful for the user install). Discord's
/// default leaves the last out, so it is always given.
pub const CONTEXTS: [InteractionContext; 3] = [
    InteractionContext::Guild,
    InteractionContext::BotDm,
    InteractionContext::PrivateChannel,
];

/// A command registered globally for both installs and every context.
/// (Discord reads these fields only on global commands; a guild's
/// commands are registered without them.)
pub fn everywhere(c: CreateCommand) -> CreateCommand {
    c.integration_types(INSTALLS.to_vec())
        .contexts(CONTEXTS.to_vec())
}

/// Whether an interaction comes from a chat where the bot can only answer:
/// the app is not installed to the server there (or it is a DM between
/// people), so only the user install reaches it. `None` context (an old
/// client): as before, the bot is taken to be there.
#[must_use]
pub fn answers_only(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> bool {
    match context {
        None | Some(InteractionContext::BotDm) => false,
        Some(_) => !owners
            .0
            .iter()
            .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_))),
    }
}

/// Whether an interaction comes from the user's own DM with the bot
/// (which the app treats as their direct chat), not from a DM between
/// people.
#[must_use]
pub fn is_direct(context: Option<InteractionContext>, in_guild: bool) -> bool {
    match context {
        Some(c) => c == InteractionContext::BotDm,
        None => !in_guild,
    }
}

/// How long the bot uses an interaction's token: Discord keeps it 15
/// minutes from the interaction; a minute is left for the clocks' skew and
/// the request's own time.
pub const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// Follow-ups the bot sends on one interaction at most (Discord allows
/// five to an app installed only to a user; one is left for the answer
/// itself).
pub const MAX_FOLLOWUPS: u8 = 4;

/// Notices kept for a channel the bot could not reach, at most.
pub const MAX_KEPT: usize = 5;

/// Channels remembered at most.
const CHANNELS: usize = 10_000;

/// An interaction's token, when it came, and the message it shows a board
/// in (`None`: its own answer, `@original`).
#[derive(Clone, Debug)]
struct Token {
    token: String,
    at: Instant,
    message: Option<MessageId>,
    /// The message's id, when known (for links to it).
    shown: Option<MessageId>,
    /// Who started the interaction: they see its answer, so they need
    /// no DM about it.
    user: Option<UserId>,
}

/// What the bot knows of one channel where it can only answer.
struct Seen {
    /// When the bot last heard of the channel.
    touched: Instant,
    /// The newest interaction there.
    latest: Option<Token>,
    /// Each game's board, and the token that can edit it.
    boards: HashMap<u64, Token>,
    /// Follow-ups sent per token.
    followups: HashMap<String, u8>,
    /// Notices that reached nobody, oldest first.
    kept: Vec<Reply>,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            touched: Instant::now(),
            latest: None,
            boards: HashMap::new(),
            followups: HashMap::new(),
            kept: Vec::new(),
        }
    }
}

/// The channels where the bot can only answer, learnt from their
/// interactions (and from a post refused with `50001`), with the tokens
/// that reach them. In memory: after a restart a channel is learnt again
/// from its next interaction or refused post.
pub struct Reach {
    seen: Mutex<HashMap<ChannelId, Seen>>,
    /// The bot's own user, never sent a DM.
    bot: Mutex<Option<UserId>>,
    /// Each player's DM channel with the bot (opened once: Discord asks
    /// bots not to open DMs in numbers), or when they last refused one.
    dms: Mutex<HashMap<UserId, Dm>>,
}

/// What the bot knows of its DM with one user.
#[derive(Clone, Copy)]
enum Dm {
    Open(ChannelId),
    /// The user took no DM from the bot at that time (no server shared,
    /// app not installed, DMs closed): not tried again for
    /// [`DM_REFUSED_FOR`].
    Refused(Instant),
}

/// How long a user who refused a DM is not sent another.
pub const DM_REFUSED_FOR: Duration = Duration::from_secs(60 * 60);

impl Default for Reach {
    fn default() -> Reach {
        Reach {
            seen: Mutex::new(HashMap::new()),
            bot: Mutex::new(None),
            dms: Mutex::new(HashMap::new()),
        }
    }
}

fn lock<X>(m: &Mutex<X>) -> std::sync::MutexGuard<'_, X> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Reach {
    /// The bot's own user.
    pub fn set_bot(&self, id: UserId) {
        *lock(&self.bot) = Some(id);
    }

    fn with<T>(&self, channel: ChannelId, f: impl FnOnce(&mut Seen) -> T) -> T {
        let mut all = lock(&self.seen);
        if !all.contains_key(&channel) && all.len() >= CHANNELS {
            // The channel heard of longest ago makes room.
            let oldest = all.iter().min_by_key(|(_, s)| s.touched).map(|(c, _)| *c);
            if let Some(c) = oldest {
                all.remove(&c);
            }
        }
        let s = all.entry(channel).or_default();
        s.touched = Instant::now();
        f(s)
    }

    /// Whether `channel` is one where the bot can only answer.
    #[must_use]
    pub fn is_private(&self, channel: ChannelId) -> bool {
        lock(&self.seen).contains_key(&channel)
    }

    /// An interaction in `channel`, where the bot can only answer, with its
    /// token: the notices kept for the channel, to show with its answer.
    pub fn seen(&self, channel: ChannelId, token: &str, user: UserId) -> Vec<Reply> {
        self.with(channel, |s| {
            s.latest = Some(Token {
                token: token.to_string(),
                at: Instant::now(),
                message: None,
                shown: None,
                user: Some(user),
            });
            std::mem::take(&mut s.kept)
        })
    }

    /// `channel` refused a post as Missing Access: the bot can only answer
    /// there.
    pub fn refused(&self, channel: ChannelId) {
        self.with(channel, |_| ());
    }

    /// Game `game`'s board in `channel` is in the message `message` of the
    /// interaction `token` (`None`: its answer), whose id is `shown` when
    /// known.
    pub fn board(
        &self,
        channel: ChannelId,
        game: u64,
        token: &str,
        message: Option<MessageId>,
        shown: Option<MessageId>,
    ) {
        self.with(channel, |s| {
            let (at, user) = match &s.latest {
                Some(t) if t.token == token => (t.at, t.user),
                _ => (Instant::now(), None),
            };
            s.boards.insert(
                game,
                Token {
                    token: token.to_string(),
                    at,
                    message,
                    shown: shown.or(message),
                    user,
                },
            );
        });
    }

    /// The token that can still edit game `game`'s board in `channel`.
    fn fresh_board(&self, channel: ChannelId, game: u64) -> Option<Token> {
        self.with(channel, |s| {
            s.boards
                .get(&game)
                .filter(|t| t.at.elapsed() < TOKEN_USE)
                .cloned()
        })
    }

    /// The newest token of `channel` still fresh with a follow-up left;
    /// counts the follow-up.
    fn followup(&self, channel: ChannelId) -> Option<Token> {
        self.with(channel, |s| {
            let t = s.latest.clone().filter(|t| t.at.elapsed() < TOKEN_USE)?;
            let n = s.followups.entry(t.token.clone()).or_insert(0);
            if *n >= MAX_FOLLOWUPS {
                return None;
            }
            *n += 1;
            Some(t)
        })
    }

    /// `n` follow-ups of `token` were sent besides [`Reach::followup`]'s.
    fn used(&self, channel: ChannelId, token: &str, n: u8) {
        self.with(channel, |s| {
            *s.followups.entry(token.to_string()).or_insert(0) += n;
        });
    }

    /// A token Discord refused (expired, or its interaction unknown): not
    /// used again.
    fn forget(&self, channel: ChannelId, token: &str) {
        self.with(channel, |s| {
            if s.latest.as_ref().is_some_and(|t| t.token == token) {
                s.latest = None;
            }
            s.boards.retain(|_, t| t.token != token);
            s.followups.remove(token);
        });
    }

    /// Keeps a notice for the channel's next answer (the oldest dropped
    /// past [`MAX_KEPT`]).
    fn keep(&self, channel: ChannelId, reply: Reply) {
        self.with(channel, |s| {
            s.kept.push(reply);
            if s.kept.len() > MAX_KEPT {
                s.kept.remove(0);
            }
        });
    }

    /// The DM channel with `user` to try, if any.
    fn dm(&self, user: UserId) -> Option<Option<ChannelId>> {
        match lock(&self.dms).get(&user).copied() {
            Some(Dm::Open(c)) => Some(Some(c)),
            Some(Dm::Refused(at)) if at.elapsed() < DM_REFUSED_FOR => None,
            _ => Some(None),
        }
    }

    /// What became of a DM with `user`.
    fn dm_was(&self, user: UserId, dm: Dm) {
        let mut all = lock(&self.dms);
        if all.len() >= CHANNELS && !all.contains_key(&user) {
            all.clear();
        }
        all.insert(user, dm);
    }

    /// The message game `game`'s board is in, when the bot knows it.
    fn board_message(&self, channel: ChannelId, game: u64) -> Option<MessageId> {
        self.with(channel, |s| s.boards.get(&game).and_then(|t| t.shown))
    }

    /// Game `game`'s board in `channel` is message `id`.
    fn shown(&self, channel: ChannelId, game: u64, id: MessageId) {
        self.with(channel, |s| {
            if let Some(t) = s.boards.get_mut(&game) {
                t.shown = Some(id);
            }
        });
    }
}

/// The rows under a reply shown where the bot can only answer: the
/// reply's own, then a "current board" button when it shows a game.
#[must_use]
pub fn rows(reply: &Reply) -> Vec<CreateActionRow> {
    let mut rows = view::components(reply);
    if let Some(row) = refresh_row(reply)
        && rows.len() < 5
    {
        rows.push(row);
    }
    rows
}

/// The "current board" button of the game a reply shows, while it goes
/// on.
fn refresh_row(reply: &Reply) -> Option<CreateActionRow> {
    let (id, _) = view::board_of(reply).filter(|_| reply.ended.is_none())?;
    let game = GameAt {
        place: reply.place,
        id,
    };
    let custom = Component::Refresh { game }.id()?;
    let resign = Component::Resign { game, sure: false }.id()?;
    Some(CreateActionRow::Buttons(vec![
        CreateButton::new(custom)
            .label(FriendsUi::Refresh.text(reply.lang))
            .style(ButtonStyle::Secondary),
        CreateButton::new(resign)
            .label(FriendsUi::Resign.text(reply.lang))
            .style(ButtonStyle::Danger),
    ]))
}

/// A reply as a follow-up of an interaction: its text (the last part, a
/// long text's earlier parts are dropped: a notice is short), board,
/// files and rows; public unless `private`.
pub fn followup_of(reply: &Reply, private: bool) -> CreateInteractionResponseFollowup {
    let part = view::parts(reply, MAX_CONTENT).pop().unwrap_or_default();
    let mut f = CreateInteractionResponseFollowup::new()
        .content(part)
        .allowed_mentions(view::allowed_mentions(reply))
        .ephemeral(private)
        .components(if private { Vec::new() } else { rows(reply) });
    if let Some((embed, file)) = view::board_embed(reply) {
        f = f.embed(embed).add_file(file);
    }
    if let Some(file) = view::file_attachment(reply) {
        f = f.add_file(file);
    }
    f.add_files(view::album_attachments(reply))
}

/// A reply as the new content of the message showing a board: the old
/// image replaced by the new one.
pub fn edit_of(reply: &Reply) -> EditInteractionResponse {
    let part = view::parts(reply, MAX_CONTENT).pop().unwrap_or_default();
    let mut e = EditInteractionResponse::new()
        .content(part)
        .allowed_mentions(view::allowed_mentions(reply))
        .components(rows(reply));
    let mut files = EditAttachments::new();
    match view::board_embed(reply) {
        Some((embed, file)) => {
            e = e.embeds(vec![embed]);
            files = files.add(file);
        }
        None => e = e.embeds(Vec::new()),
    }
    if let Some(file) = view::file_attachment(reply) {
        files = files.add(file);
    }
    e.attachments(files)
}

/// Notices kept for a channel shown with one answer, at most (the newest;
/// with their first line, three of the interaction's follow-ups).
pub const SHOWN_KEPT: usize = 2;

/// Shows notices kept for `channel` as follow-ups of the interaction
/// `token` (the newest [`SHOWN_KEPT`], under a line saying they are late).
pub async fn show_kept(
    http: &Http,
    reach: &Reach,
    channel: ChannelId,
    token: &str,
    kept: Vec<Reply>,
    lang: Lang,
) {
    if kept.is_empty() {
        return;
    }
    let skip = kept.len().saturating_sub(SHOWN_KEPT);
    reach.used(channel, token, SHOWN_KEPT as u8 + 1);
    let header = CreateInteractionResponseFollowup::new().content(FriendsUi::Meanwhile.text(lang));
    if let Err(e) = header.execute(http, (None, token)).await {
        tracing::info!(error = %e, "kept notices not shown");
        return;
    }
    for r in kept.into_iter().skip(skip) {
        if let Err(e) = followup_of(&r, false).execute(http, (None, token)).await {
            tracing::info!(error = %e, "a kept notice not shown");
        }
    }
}

/// The link to a message of a DM.
fn dm_link(channel: ChannelId, message: MessageId) -> String {
    format!("https://discord.com/channels/@me/{channel}/{message}")
}

/// Delivers `reply` to `channel`, where the bot can only answer: into the
/// game's board through a fresh token, as a follow-up of the channel's
/// newest fresh interaction, in the named players' DMs with the bot, or
/// kept for the channel's next answer. The message it went into, when
/// one is known.
pub async fn deliver(
    http: &Arc<Http>,
    reach: &Reach,
    channel: ChannelId,
    reply: &Reply,
) -> Option<MessageId> {
    // Another chat's game (shown in a DM) has no board here.
    let game = view::board_of(reply)
        .filter(|_| reply.place.is_none())
        .map(|(id, _)| id);
    // 1. Into the board, edited in place.
    if let Some(g) = game
        && let Some(t) = reach.fresh_board(channel, g)
    {
        let done = match t.message {
            None => edit_of(reply).execute(http, &t.token).await.map(|m| m.id),
            Some(id) => {
                let f = followup_of(reply, false);
                f.execute(http, (Some(id), t.token.as_str()))
                    .await
                    .map(|m| m.id)
            }
        };
        match done {
            Ok(id) => {
                reach.shown(channel, g, id);
                // An edit notifies nobody: the others it names (the player
                // to move) hear of it in their DM with the bot, if they can.
                dm_players(http, reach, channel, reply, t.user).await;
                return Some(id);
            }
            Err(e) => {
                tracing::info!(error = %e, %channel, "a board's token is spent");
                reach.forget(channel, &t.token);
            }
        }
    }
    // 2. A follow-up of the newest interaction there.
    while let Some(t) = reach.followup(channel) {
        match followup_of(reply, false)
            .execute(http, (None, t.token.as_str()))
            .await
        {
            Ok(m) => {
                if let Some(g) = game {
                    reach.board(channel, g, &t.token, Some(m.id), Some(m.id));
                }
                return Some(m.id);
            }
            Err(e) => {
                tracing::info!(error = %e, %channel, "an interaction's token is spent");
                reach.forget(channel, &t.token);
            }
        }
    }
    // 3. The players it names, in their DMs with the bot.
    if dm_players(http, reach, channel, reply, None).await {
        return None;
    }
    // 4. Kept for the next answer there.
    tracing::info!(%channel, "a notice kept for the channel's next interaction");
    reach.keep(channel, reply.clone());
    None
}

/// Sends `reply` to each person it mentions but `except`, in their DM
/// with the bot, under a line saying which game and linking to its board.
/// Whether it reached anyone.
async fn dm_players(
    http: &Arc<Http>,
    reach: &Reach,
    channel: ChannelId,
    reply: &Reply,
    except: Option<UserId>,
) -> bool {
    let bot = *lock(&reach.bot);
    let game = view::board_of(reply).map(|(id, _)| id);
    let link = game
        .and_then(|g| reach.board_message(channel, g))
        .map(|m| dm_link(channel, m))
        .unwrap_or_default();
    let header = FriendsUi::Elsewhere { game, link: &link }.text(reply.lang);
    let mut reached = false;
    for u in &reply.mentions {
        let Some(id) =
            u.id.parse::<u64>()
                .ok()
                .filter(|&i| i != 0)
                .map(UserId::new)
        else {
            continue;
        };
        if Some(id) == bot || Some(id) == except {
            continue;
        }
        let dm = match reach.dm(id) {
            None => continue,
            Some(Some(dm)) => dm,
            Some(None) => match id.create_dm_channel(http).await {
                Ok(dm) => {
                    reach.dm_was(id, Dm::Open(dm.id));
                    dm.id
                }
                Err(e) => {
                    tracing::info!(error = %e, user = %id, "no DM with a player");
                    reach.dm_was(id, Dm::Refused(Instant::now()));
                    continue;
                }
            },
        };
        let body = view::parts(reply, MAX_CONTENT - header.chars().count() - 1)
            .pop()
            .unwrap_or_default();
        let mut m = CreateMessage::new()
            .content(format!("{}\n{body}", escape_line(&header)))
            .allowed_mentions(view::allowed_mentions(reply));
        if let Some((embed, file)) = view::board_embed(reply) {
            m = m.embed(embed).add_file(file);
        }
        match dm.send_message(http, m).await {
            Ok(_) => reached = true,
            Err(e) => {
                tracing::info!(error = %e, user = %id, "a player takes no DM from the bot");
                reach.dm_was(id, Dm::Refused(Instant::now()));
            }
        }
    }
    reached
}

/// A catalogue line as Discord markdown (its `#` and `_` kept as text).
fn escape_line(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '>' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn owners(v: serde_json::Value) -> AuthorizingIntegrationOwners {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn only_the_user_install_reaches_a_dm_between_friends() {
        let user = owners(json!({"1": "1001"}));
        let guild = owners(json!({"0": "800", "1": "1001"}));
        let bot_dm = owners(json!({"0": "0"}));
        let pc = Some(InteractionContext::PrivateChannel);
        let g = Some(InteractionContext::Guild);
        let dm = Some(InteractionContext::BotDm);
        assert!(answers_only(pc, &user));
        // A server where only the user installed the app.
        assert!(answers_only(g, &user));
        assert!(!answers_only(g, &guild));
        assert!(!answers_only(dm, &bot_dm));
        assert!(!answers_only(dm, &user));
        assert!(!answers_only(None, &owners(json!({}))));
        assert!(is_direct(dm, false));
        assert!(!is_direct(pc, false));
        assert!(!is_direct(g, true));
        assert!(is_direct(None, false));
    }

    #[test]
    fn global_commands_name_both_installs_and_every_context() {
        let c =
            serde_json::to_value(everywhere(CreateCommand::new("board").description("x"))).unwrap();
        assert_eq!(c["integration_types"], json!([0, 1]));
        assert_eq!(c["contexts"], json!([0, 1, 2]));
    }

    fn board_reply(lang: Lang) -> Reply {
        let mut r = Reply::new(tablero_rules::Msg::new("x", "x"), lang);
        r.image = Some(b"FAKEPNG".to_vec());
        r.board = Some(tablero_app::BoardRef::Game { id: 3, ply: 4 });
        r
    }

    fn ids(rows: &[CreateActionRow]) -> Vec<String> {
        let v = serde_json::to_value(rows).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    #[test]
    fn a_board_there_has_a_current_board_button_while_its_game_goes_on() {
        let r = board_reply(Lang::Es);
        assert_eq!(ids(&rows(&r)), ["tb:r:3", "tb:q:3"]);
        let v = serde_json::to_value(rows(&r)).unwrap();
        assert_eq!(v[0]["components"][0]["label"], "🔄 Tablero actual");
        let mut ended = board_reply(Lang::En);
        ended.ended = Some(3);
        assert_eq!(ids(&rows(&ended)), ["tb:g:3:r", "tb:g:3:m"]);
        // Another chat's game, shown here, is named with its place.
        let mut elsewhere = board_reply(Lang::En);
        elsewhere.place = tablero_app::place::GameAt::parse("kqa3").unwrap().place;
        assert_eq!(ids(&rows(&elsewhere)), ["tb:r:kqa3", "tb:q:kqa3"]);
    }

    #[test]
    fn an_edited_board_replaces_its_picture() {
        let v = serde_json::to_value(edit_of(&board_reply(Lang::En))).unwrap();
        assert_eq!(v["embeds"][0]["image"]["url"], "attachment://board.png");
        let files = v["attachments"].as_array().unwrap();
        assert_eq!(files.len(), 1, "only the new picture: {v}");
        assert_eq!(files[0]["filename"], "board.png");
        let text = Reply::new(tablero_rules::Msg::new("x", "x"), Lang::En);
        let v = serde_json::to_value(edit_of(&text)).unwrap();
        assert_eq!(v["embeds"], json!([]), "no board, no picture");
    }

    #[test]
    fn tokens_are_used_while_fresh_and_followups_counted() {
        let r = Reach::default();
        let ch = ChannelId::new(5);
        assert!(!r.is_private(ch));
        let ana = UserId::new(7);
        assert!(r.seen(ch, "t1", ana).is_empty());
        assert!(r.is_private(ch));
        for _ in 0..MAX_FOLLOWUPS {
            assert_eq!(r.followup(ch).unwrap().token, "t1");
        }
        assert!(r.followup(ch).is_none(), "Discord's limit");
        r.board(ch, 3, "t1", None, Some(MessageId::new(9)));
        assert_eq!(r.board_message(ch, 3), Some(MessageId::new(9)));
        assert!(r.fresh_board(ch, 3).is_some());
        r.forget(ch, "t1");
        assert!(r.fresh_board(ch, 3).is_none());
        let reply = Reply::new(tablero_rules::Msg::new("a", "a"), Lang::En);
        for _ in 0..MAX_KEPT + 2 {
            r.keep(ch, reply.clone());
        }
        assert_eq!(r.seen(ch, "t2", ana).len(), MAX_KEPT);
        // A DM opened is kept; one refused is not tried again for a while.
        let ben = UserId::new(8);
        assert_eq!(r.dm(ana), Some(None), "to open");
        r.dm_was(ana, Dm::Open(ChannelId::new(70)));
        assert_eq!(r.dm(ana), Some(Some(ChannelId::new(70))));
        r.dm_was(ben, Dm::Refused(Instant::now()));
        assert_eq!(r.dm(ben), None);
        r.dm_was(ben, Dm::Refused(Instant::now() - DM_REFUSED_FOR));
        assert_eq!(r.dm(ben), Some(None), "tried again later");
        assert!(r.seen(ch, "t3", ana).is_empty(), "shown once");
    }
}
