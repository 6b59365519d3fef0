//! Gateway events poise leaves to us: presses of the board menus and
//! pickers, and (when configured) plain messages that may be moves.
//!
//! A press on a board opens a private picker (the moves of a piece, or a
//! page of a long list) or plays a move. The app checks every press (a
//! non-player, out of turn, a stale board, a finished game): its error goes
//! back privately and nothing changes. A played move disables the board's
//! menu and posts the new board.

use serenity::all::{
    ComponentInteraction, ComponentInteractionDataKind, Context as SerenityContext,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, FullEvent, Interaction, Message, MessageFlags,
};
use tablero_app::place::GameAt;
use tablero_app::press::Press;
use tablero_app::{ChoiceGroup, Command, Incoming, Reply};

use crate::deliver::{self, channel_key, user_of};
use crate::ids::{Component, List, MoveRef, parse_origin};
use crate::view::{self, MAX_CONTENT};
use crate::{Data, Error, answer_in_time, threads, userapp};

/// Handles the events that are not slash commands.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let (ctx, data) = (framework.serenity_context, framework.user_data);
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(ci),
        } => {
            // Someone is here: a channel set aside may be written to again.
            data.outbox().wake(&ci.channel_id);
            if !userapp::answers_only(ci.context, &ci.authorizing_integration_owners) {
                return pressed(ctx, data, ci).await;
            }
            // A chat the bot can only answer in: this press's token reaches
            // it for a while, and what could not be told there comes now.
            let reach = &data.outbox().transport().reach;
            let kept = reach.seen(ci.channel_id, &ci.token, ci.user.id);
            let done = pressed(ctx, data, ci).await;
            let lang = tablero_app::lang_of_locale(Some(&ci.locale));
            userapp::show_kept(&ctx.http, reach, ci.channel_id, &ci.token, kept, lang).await;
            done
        }
        // A DM is always read: the player's own chat with the bot.
        FullEvent::Message { new_message }
            if data.message_moves || new_message.guild_id.is_none() =>
        {
            message(data, new_message).await
        }
        _ => Ok(()),
    }
}

/// What a press asks of the app.
enum Ask {
    /// Show a picker of `list`, page `page`.
    Show(List, usize),
    /// Play the move.
    Play,
}

fn what(c: &Component, value: Option<&str>) -> Option<(GameAt, usize, Press, Ask)> {
    Some(match c {
        Component::Origins { game, ply } => {
            let origin = parse_origin(value?)?;
            let press = match &origin {
                Some(cell) => Press::Origin(cell.clone()),
                None => Press::Menu,
            };
            (*game, *ply, press, Ask::Show(List::Moves(origin), 0))
        }
        Component::Moves { game, ply } => {
            let m = MoveRef::parse(value?)?;
            (*game, *ply, Press::Index(m.origin, m.index), Ask::Play)
        }
        Component::All { game, ply } => (*game, *ply, Press::Menu, Ask::Show(List::Origins, 0)),
        Component::Play { game, ply, mv } => (*game, *ply, Press::Move(mv.clone()), Ask::Play),
        Component::Page {
            game,
            ply,
            page,
            list,
        } => {
            let press = match list {
                List::Moves(Some(cell)) => Press::Origin(cell.clone()),
                _ => Press::Menu,
            };
            (*game, *ply, press, Ask::Show(list.clone(), *page))
        }
        Component::Open { .. } | Component::Refresh { .. } | Component::Resign { .. } => {
            return None;
        }
    })
}

/// The groups a picker of `list` shows out of an app reply's choices.
fn shown_groups(choices: Vec<ChoiceGroup>, list: &List) -> Vec<ChoiceGroup> {
    match list {
        List::Origins => choices,
        List::Moves(o) => choices.into_iter().filter(|g| g.origin == *o).collect(),
    }
}

async fn pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
) -> Result<(), Error> {
    if let Some((id, accept)) = view::challenge_answer(&ci.data.custom_id) {
        return challenge_pressed(ctx, data, ci, id, accept).await;
    }
    if let Some((id, what)) = view::tournament_press(&ci.data.custom_id) {
        return tournament_pressed(ctx, data, ci, id, what).await;
    }
    if let Some((id, what)) = view::after_game_press(&ci.data.custom_id) {
        return after_game_pressed(ctx, data, ci, id, what).await;
    }
    if let Some((list, page)) = view::page_press(&ci.data.custom_id) {
        return page_pressed(ctx, data, ci, list, page).await;
    }
    if let Some(id) = view::play_press(&ci.data.custom_id) {
        // The presser's own board's address: for their eyes only.
        let (ch, user, app) = (
            channel_key(ci.channel_id),
            user_of(&ci.user),
            data.app.clone(),
        );
        let reply = tokio::task::spawn_blocking(move || app.play_link(&ch, &user, id)).await?;
        return say_privately(ctx, ci, &reply, false).await;
    }
    match Component::parse(&ci.data.custom_id) {
        Some(Component::Open { game }) => open_pressed(ctx, data, ci, game).await,
        Some(Component::Refresh { game }) => refresh_pressed(ctx, data, ci, game).await,
        Some(Component::Resign { game, sure }) => resign_pressed(ctx, data, ci, game, sure).await,
        Some(c) => board_pressed(ctx, data, ci, &c).await,
        None => Ok(()),
    }
}

/// A board's menu or button, or a picker's: the app answers the press
/// under the channel lock; then a picker is shown, or the move's reply
/// posted.
async fn board_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    c: &Component,
) -> Result<(), Error> {
    let value = match &ci.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    };
    let Some((game, ply, press, ask)) = what(c, value) else {
        // A broken value: say nothing, change nothing.
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
            .await?;
        return Ok(());
    };
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let private = ci
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let app = data.app.clone();
    // In the presser's DM with the bot a move against the bot comes back
    // with the bot's answer, as one board.
    let direct = userapp::is_direct(ci.context, ci.guild_id.is_some());
    let job = tokio::task::spawn_blocking(move || {
        if direct {
            app.press_direct(&ch, &user, game, ply, &press)
        } else {
            app.press(&ch, &user, game, ply, &press)
        }
    });
    let (reply, acked) = answer_in_time(job, || {
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
    })
    .await?;
    let only = userapp::answers_only(ci.context, &ci.authorizing_integration_owners);
    if reply.error {
        // Where the bot can only answer, an outdated board is brought up
        // to date by the press (and the presser told why nothing played).
        let (shown, acked) = if only && !private {
            refresh(ctx, data, ci, game, Some(ply), acked).await?
        } else {
            (false, acked)
        };
        if shown {
            let text = view::parts(&reply, MAX_CONTENT).remove(0);
            let note = CreateInteractionResponseFollowup::new()
                .content(text)
                .allowed_mentions(view::allowed_mentions(&reply))
                .ephemeral(true);
            ci.create_followup(ctx, note).await?;
            return Ok(());
        }
        return say_privately(ctx, ci, &reply, acked).await;
    }
    if only && !private && matches!(ask, Ask::Play) && game.place.is_none() {
        // The pressed board is the game's board there: the move's answer
        // goes into it through this press's token.
        let reach = &data.outbox().transport().reach;
        reach.board(ci.channel_id, game.id, &ci.token, None, Some(ci.message.id));
    }
    let answered = Answered { private, acked };
    match ask {
        Ask::Show(list, page) => {
            let groups = shown_groups(reply.choices, &list);
            let rows = view::picker_rows(game, ply, &groups, &list, page, reply.lang);
            let text = view::picker_text(game, &list, reply.lang);
            show_picker(ctx, ci, answered, text, rows).await
        }
        Ask::Play => played(ctx, data, ci, answered, game, &reply).await,
    }
}

/// Where a press stands: on a private picker or a public board, and
/// whether it was acknowledged while the app was busy.
#[derive(Clone, Copy)]
struct Answered {
    private: bool,
    acked: bool,
}

/// A picker of moves, only for the presser: the pressed picker itself,
/// updated, or a new private message under the pressed board.
async fn show_picker(
    ctx: &SerenityContext,
    ci: &ComponentInteraction,
    a: Answered,
    text: String,
    rows: Vec<serenity::all::CreateActionRow>,
) -> Result<(), Error> {
    match (a.private, a.acked) {
        (true, false) => {
            let m = CreateInteractionResponseMessage::new()
                .content(text)
                .components(rows);
            ci.create_response(ctx, CreateInteractionResponse::UpdateMessage(m))
                .await?;
        }
        (true, true) => {
            ci.edit_response(
                ctx,
                EditInteractionResponse::new()
                    .content(text)
                    .components(rows),
            )
            .await?;
        }
        (false, false) => {
            let m = CreateInteractionResponseMessage::new()
                .content(text)
                .components(rows)
                .ephemeral(true);
            ci.create_response(ctx, CreateInteractionResponse::Message(m))
                .await?;
        }
        (false, true) => {
            let m = CreateInteractionResponseFollowup::new()
                .content(text)
                .components(rows)
                .ephemeral(true);
            ci.create_followup(ctx, m).await?;
        }
    }
    Ok(())
}

/// A move played by a press: a picker says so and loses its menu; a
/// pressed board of this channel's game is retired before the reply is
/// posted.
async fn played(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    a: Answered,
    game: GameAt,
    reply: &Reply,
) -> Result<(), Error> {
    if a.private {
        let text = view::played_text(reply.lang);
        if a.acked {
            ci.edit_response(
                ctx,
                EditInteractionResponse::new()
                    .content(text)
                    .components(Vec::new()),
            )
            .await?;
        } else {
            let m = CreateInteractionResponseMessage::new()
                .content(text)
                .components(Vec::new());
            ci.create_response(ctx, CreateInteractionResponse::UpdateMessage(m))
                .await?;
        }
    } else {
        if !a.acked {
            // Not UpdateMessage: it would drop the board's image.
            ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
                .await?;
        }
        // The pressed board is outdated now (another channel's game, in a
        // DM, is no board of this channel's).
        if game.place.is_none() {
            deliver::post_after_press(data.outbox(), ci.channel_id, game.id, ci.message.id, reply);
            return Ok(());
        }
    }
    deliver::post(data.outbox(), ci.channel_id, reply);
    Ok(())
}

/// The game's board as it stands now, for the presser, in the pressed
/// message (where the bot can only answer) when it differs from the
/// board pressed (`ply`; `None`: whatever it shows). Whether it was
/// shown, and whether the press is acknowledged now (`acked`: it was;
/// drawing the board may take longer than Discord waits, and then the
/// press is acknowledged meanwhile).
async fn refresh(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    game: GameAt,
    ply: Option<usize>,
    acked: bool,
) -> Result<(bool, bool), Error> {
    let (now, acked) = typed(ctx, data, ci, game, Command::Board, acked).await?;
    let Some(now) = now else {
        return Ok((false, acked));
    };
    let shown = view::board_of(&now);
    if now.error || shown.is_none() || ply.is_some_and(|p| shown == Some((game.id, p))) {
        return Ok((false, acked));
    }
    if acked {
        ci.edit_response(ctx, userapp::edit_of(&now)).await?;
    } else {
        let part = view::parts(&now, MAX_CONTENT).pop().unwrap_or_default();
        let mut m = CreateInteractionResponseMessage::new()
            .content(part)
            .allowed_mentions(view::allowed_mentions(&now))
            .components(userapp::rows(&now));
        if let Some((embed, file)) = view::board_embed(&now) {
            m = m.embeds(vec![embed]).files(vec![file]);
        }
        ci.create_response(ctx, CreateInteractionResponse::UpdateMessage(m))
            .await?;
    }
    if game.place.is_none() {
        let reach = &data.outbox().transport().reach;
        reach.board(ci.channel_id, game.id, &ci.token, None, Some(ci.message.id));
    }
    Ok((true, true))
}

/// A board's "current board" button: the game as it stands now, in the
/// pressed message where the bot can only answer, else posted below; an
/// error (a game over or gone) only the presser sees.
async fn refresh_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    game: GameAt,
) -> Result<(), Error> {
    let mut acked = false;
    if userapp::answers_only(ci.context, &ci.authorizing_integration_owners) {
        let (shown, now_acked) = refresh(ctx, data, ci, game, None, false).await?;
        if shown {
            return Ok(());
        }
        acked = now_acked;
    }
    let (reply, acked) = typed(ctx, data, ci, game, Command::Board, acked).await?;
    match reply {
        Some(reply) if reply.error => say_privately(ctx, ci, &reply, acked).await,
        Some(reply) => {
            acknowledge(ctx, ci, acked).await?;
            deliver::post(data.outbox(), ci.channel_id, &reply);
            Ok(())
        }
        None => acknowledge(ctx, ci, acked).await,
    }
}

/// The command `make` makes of `game`'s number, run for the presser where
/// they pressed (on the game's own chat when it is another's), as if they
/// had typed it, answered within Discord's time (the press acknowledged
/// meanwhile when the app is slow, unless `acked` already): the app's
/// answer, and whether the press is acknowledged.
async fn typed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    game: GameAt,
    make: fn(Option<u64>) -> Command,
    acked: bool,
) -> Result<(Option<Reply>, bool), Error> {
    let cmd = make(Some(game.id));
    let msg = Incoming {
        channel: channel_key(ci.channel_id),
        author: user_of(&ci.user),
        handle: Some(ci.user.name.clone()),
        // For reading logs, and the language its command word tells.
        text: cmd.name().to_string(),
        mentions: Vec::new(),
        addressed: true,
        reply_to: None,
        community: ci.guild_id.map(|g| g.to_string()),
        direct: userapp::is_direct(ci.context, ci.guild_id.is_some()),
        manages: false,
        title: None,
    };
    let app = data.app.clone();
    let job = tokio::task::spawn_blocking(move || app.handle_command(&msg, Ok(cmd), game.place));
    if acked {
        return Ok((job.await?, true));
    }
    answer_in_time(job, || {
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
    })
    .await
}

/// Acknowledges a press, unless it was.
async fn acknowledge(
    ctx: &SerenityContext,
    ci: &ComponentInteraction,
    acked: bool,
) -> Result<(), Error> {
    if !acked {
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
            .await?;
    }
    Ok(())
}

/// A board's Resign button (where the bot can only answer, for players
/// who cannot type `/resign` there): first a private question with a
/// button that answers it; that press is `resign #GAME` typed by the
/// presser, whose answer (the final board) goes where a notice would.
async fn resign_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    game: GameAt,
    sure: bool,
) -> Result<(), Error> {
    let lang = tablero_app::lang_of_locale(Some(&ci.locale));
    if !sure {
        let Some(yes) = (Component::Resign { game, sure: true }).id() else {
            return Ok(());
        };
        let m = CreateInteractionResponseMessage::new()
            .content(tablero_app::FriendsUi::ResignSure { game: game.id }.text(lang))
            .components(vec![serenity::all::CreateActionRow::Buttons(vec![
                serenity::all::CreateButton::new(yes)
                    .label(tablero_app::FriendsUi::ResignYes.text(lang))
                    .style(serenity::all::ButtonStyle::Danger),
            ])])
            .ephemeral(true);
        ci.create_response(ctx, CreateInteractionResponse::Message(m))
            .await?;
        return Ok(());
    }
    let (reply, acked) = typed(ctx, data, ci, game, Command::Resign, false).await?;
    match reply {
        Some(reply) if reply.error => say_privately(ctx, ci, &reply, acked).await,
        Some(reply) => {
            // The question is answered: its button goes.
            let done = view::played_text(reply.lang);
            if acked {
                let e = serenity::all::EditInteractionResponse::new()
                    .content(done)
                    .components(Vec::new());
                ci.edit_response(ctx, e).await?;
            } else {
                let m = CreateInteractionResponseMessage::new()
                    .content(done)
                    .components(Vec::new());
                ci.create_response(ctx, CreateInteractionResponse::UpdateMessage(m))
                    .await?;
            }
            deliver::post(data.outbox(), ci.channel_id, &reply);
            Ok(())
        }
        None => acknowledge(ctx, ci, acked).await,
    }
}

/// A listed game's button (`mygames` in a DM): its board, posted below
/// the list (which keeps its buttons); an error only the presser sees.
async fn open_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    game: GameAt,
) -> Result<(), Error> {
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let app = data.app.clone();
    let reply = tokio::task::spawn_blocking(move || app.open_board(&ch, &user, &game)).await?;
    if reply.error {
        return say_privately(ctx, ci, &reply, false).await;
    }
    ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
        .await?;
    deliver::post(data.outbox(), ci.channel_id, &reply);
    Ok(())
}

/// A challenge's Accept (Join) or Decline button: answered as `accept #ID`
/// or `decline #ID` typed by the presser. Anyone else gets a private
/// error; otherwise the buttons go and the answer (the first board, or the
/// refusal) is posted to the channel.
async fn challenge_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    id: u64,
    accept: bool,
) -> Result<(), Error> {
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let handle = Some(ci.user.name.clone());
    let app = data.app.clone();
    let reply =
        tokio::task::spawn_blocking(move || app.answer_challenge(&ch, &user, handle, id, accept))
            .await?;
    if reply.error {
        return say_privately(ctx, ci, &reply, false).await;
    }
    let m = CreateInteractionResponseMessage::new().components(Vec::new());
    ci.create_response(ctx, CreateInteractionResponse::UpdateMessage(m))
        .await?;
    post_reply(ctx, data, ci, &reply).await;
    Ok(())
}

/// A tournament's Join, Leave or Start button: answered as `tournament
/// #ID join` (`leave`, `start`) typed by the presser, who manages the
/// channel if the interaction's permissions say so. A refusal (a stale
/// button, a press it is not for) is told only to the presser; otherwise
/// the answer is posted, and a start takes the pressed buttons away.
async fn tournament_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    id: u64,
    what: tablero_app::TourPress,
) -> Result<(), Error> {
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let handle = Some(ci.user.name.clone());
    let manages = ci
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels() || p.manage_guild());
    let app = data.app.clone();
    let reply = tokio::task::spawn_blocking(move || {
        app.tournament_press(&ch, &user, handle, manages, id, what)
    })
    .await?;
    if reply.error {
        return say_privately(ctx, ci, &reply, false).await;
    }
    let response = if what == tablero_app::TourPress::Start {
        let m = CreateInteractionResponseMessage::new().components(Vec::new());
        CreateInteractionResponse::UpdateMessage(m)
    } else {
        CreateInteractionResponse::Acknowledge
    };
    ci.create_response(ctx, response).await?;
    post_reply(ctx, data, ci, &reply).await;
    Ok(())
}

/// A finished game's Replay or Rematch button: answered as `replay #ID`
/// or `rematch #ID` typed by the presser. The buttons stay (the other
/// player may press them too); an error is told only to the presser.
async fn after_game_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    id: u64,
    what: tablero_app::AfterGame,
) -> Result<(), Error> {
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let handle = Some(ci.user.name.clone());
    let app = data.app.clone();
    let job = tokio::task::spawn_blocking(move || app.after_game(&ch, &user, handle, id, what));
    // A replay takes a moment to draw: acknowledge in time.
    let (reply, acked) = answer_in_time(job, || {
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
    })
    .await?;
    if reply.error {
        return say_privately(ctx, ci, &reply, acked).await;
    }
    if !acked {
        ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
            .await?;
    }
    post_reply(ctx, data, ci, &reply).await;
    Ok(())
}

/// A list's page button: answered as the page's command typed by the
/// presser (`current 3`). The page is posted in the channel, or, when the
/// pressed list was the presser's own (a private message), privately
/// again; an error is told only to the presser.
async fn page_pressed(
    ctx: &SerenityContext,
    data: &Data,
    ci: &ComponentInteraction,
    list: tablero_app::Listing,
    page: usize,
) -> Result<(), Error> {
    let ch = channel_key(ci.channel_id);
    let user = user_of(&ci.user);
    let handle = Some(ci.user.name.clone());
    let app = data.app.clone();
    // A DM is the presser's own chat with the bot.
    let direct = userapp::is_direct(ci.context, ci.guild_id.is_some());
    let reply =
        tokio::task::spawn_blocking(move || app.page_for(&ch, &user, handle, list, page, direct))
            .await?;
    let private = ci
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    if reply.error || private {
        return say_privately(ctx, ci, &reply, false).await;
    }
    ci.create_response(ctx, CreateInteractionResponse::Acknowledge)
        .await?;
    post_reply(ctx, data, ci, &reply).await;
    Ok(())
}

/// Posts the reply to a press in the pressed message's channel, or in a
/// new thread when it begins a game there (`[discord] game_threads`).
async fn post_reply(ctx: &SerenityContext, data: &Data, ci: &ComponentInteraction, reply: &Reply) {
    let target = if threads::wanted(
        data.game_threads,
        reply,
        ci.channel.as_ref(),
        ci.app_permissions,
    ) {
        threads::open(&ctx.http, &data.app, data.outbox(), ci.channel_id, reply).await
    } else {
        ci.channel_id
    };
    deliver::post(data.outbox(), target, reply);
}

/// Answers a press with an error only the presser sees.
async fn say_privately(
    ctx: &SerenityContext,
    ci: &ComponentInteraction,
    reply: &Reply,
    acked: bool,
) -> Result<(), Error> {
    let text = view::parts(reply, MAX_CONTENT).remove(0);
    let mentions = view::allowed_mentions(reply);
    if acked {
        let m = CreateInteractionResponseFollowup::new()
            .content(text)
            .allowed_mentions(mentions)
            .components(view::components(reply))
            .ephemeral(true);
        ci.create_followup(ctx, m).await?;
    } else {
        let m = CreateInteractionResponseMessage::new()
            .content(text)
            .allowed_mentions(mentions)
            .components(view::components(reply))
            .ephemeral(true);
        ci.create_response(ctx, CreateInteractionResponse::Message(m))
            .await?;
    }
    Ok(())
}

/// The app's [`Incoming`] for a plain message; `None` for messages the
/// bot ignores (a bot's, an empty or an overlong one). Pure: the corpus
/// tests run real Discord message shapes through it.
#[must_use]
pub fn incoming(m: &Message) -> Option<Incoming> {
    if m.author.bot || m.content.trim().is_empty() || m.content.len() > 200 {
        return None;
    }
    Some(Incoming {
        channel: channel_key(m.channel_id),
        author: user_of(&m.author),
        text: m.content.clone(),
        mentions: m.mentions.iter().map(user_of).collect(),
        // Everything in a DM speaks to the bot.
        addressed: m.guild_id.is_none(),
        handle: Some(m.author.name.clone()),
        reply_to: m
            .referenced_message
            .as_ref()
            .filter(|r| !r.author.bot)
            .map(|r| user_of(&r.author)),
        community: m.guild_id.map(|g| g.to_string()),
        direct: m.guild_id.is_none(),
        manages: false,
        title: None,
    })
}

/// A plain message. In a server (`message_moves`): the app plays it if it
/// is exactly a legal move of the author's game here, and otherwise
/// (almost always) ignores it. In a DM: a command or a move of any of the
/// author's games, in any channel (`tablero_app`'s `direct.rs`).
async fn message(data: &Data, m: &Message) -> Result<(), Error> {
    let Some(msg) = incoming(m) else {
        return Ok(());
    };
    let app = data.app.clone();
    let reply = tokio::task::spawn_blocking(move || app.handle(&msg)).await?;
    if let Some(reply) = reply {
        data.outbox().wake(&m.channel_id);
        deliver::post(data.outbox(), m.channel_id, &reply);
    }
    Ok(())
}
