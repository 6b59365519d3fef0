//! The slash commands: one per app command, their options described and
//! localised (en, es), game ids and moves autocompleted. Each builds the
//! app's [`Command`] straight from its typed options, through the app's
//! constructors (`Command::challenge`, `Command::move_in`, …), which read
//! free text (a game's options, a move) as a typed command's words are
//! read, so the app stays the only place that understands commands.

use poise::CreateReply;
use serenity::all::User as DiscordUser;
use tablero_app::command::{Answer, COMMANDS, Command, ExportFormat, Someone};
use tablero_app::grammar::Written;
use tablero_app::resolve::{self, CommandError};
use tablero_app::view::Orientation;
use tablero_app::{Incoming, Reply, User};
use tablero_rules::{GameId, Lang, Side};

use crate::deliver::{self, channel_key, user_of};
use crate::view::{self, MAX_CONTENT};
use crate::{Context, DEFER_AFTER, Data, Error, answer_in_time, threads, userapp};

mod comforts;
mod describe;
use comforts::{digest, pause, quiet, reminders, timezone, vacation};

use describe::describe;
#[cfg(test)]
use describe::{ES, MAX_DESCRIPTION, clip, valid_name};

/// The most suggestions Discord shows.
const MAX_SUGGESTIONS: usize = 25;

/// Every slash command, described from the app's command table.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut cmds = vec![
        help(),
        games(),
        rules(),
        challenge(),
        play(),
        accept(),
        decline(),
        cancel(),
        move_(),
        board(),
        history(),
        current(),
        mygames(),
        resign(),
        draw(),
        takeback(),
        stats(),
        leaderboard(),
        export(),
        replay(),
        rematch(),
        lang(),
        vacation(),
        pause(),
        digest(),
        reminders(),
        timezone(),
        quiet(),
        orientation(),
        web(),
        moves(),
        hint(),
        learn(),
        review(),
        tournament(),
    ];
    for c in &mut cmds {
        if let Some(spec) = COMMANDS.iter().find(|s| s.name == c.name) {
            describe(c, spec);
        }
    }
    cmds
}

fn mention(u: &DiscordUser) -> String {
    format!("<@{}>", u.id)
}

fn lang_of(ctx: Context<'_>) -> Lang {
    tablero_app::lang_of_locale(ctx.locale())
}

/// Runs a command for the caller and answers it; `mentions`: the users
/// its options name.
async fn run(
    ctx: Context<'_>,
    cmd: Result<Command, CommandError>,
    mentions: Vec<User>,
) -> Result<(), Error> {
    let author = user_of(ctx.author());
    let msg = Incoming {
        channel: channel_key(ctx.channel_id()),
        author,
        handle: Some(ctx.author().name.clone()),
        // What the caller invoked, for reading logs: the app answers
        // `cmd`, not a text.
        text: format!("/{}", ctx.command().qualified_name),
        mentions,
        addressed: true,
        reply_to: None,
        community: ctx.guild_id().map(|g| g.to_string()),
        // The user's own DM with the bot; not a DM between people, where
        // the app is there through the user install (`userapp.rs`).
        direct: match ctx {
            poise::Context::Application(a) => {
                userapp::is_direct(a.interaction.context, ctx.guild_id().is_some())
            }
            poise::Context::Prefix(_) => ctx.guild_id().is_none(),
        },
        // The member's permissions in this channel, as the interaction
        // carries them.
        manages: match ctx {
            poise::Context::Application(a) => a
                .interaction
                .member
                .as_ref()
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_channels() || p.manage_guild()),
            poise::Context::Prefix(_) => false,
        },
        // The channel's name, as the interaction carries it: a player's
        // list of games elsewhere names the channel by it.
        title: match ctx {
            poise::Context::Application(a) => a
                .interaction
                .channel
                .as_ref()
                .and_then(|c| c.name.clone())
                .map(|n| format!("#{n}")),
            poise::Context::Prefix(_) => None,
        },
    };
    let app = ctx.data().app.clone();
    let lang = lang_of(ctx);
    let only = answers_only(ctx);
    let kept = match only {
        Some(token) => {
            ctx.data()
                .outbox()
                .transport()
                .reach
                .seen(ctx.channel_id(), token, ctx.author().id)
        }
        None => Vec::new(),
    };
    let job = tokio::task::spawn_blocking(move || app.handle_command(&msg, cmd, None));
    // Deferred privately: a public answer is then posted to the channel;
    // where the bot can only answer, publicly: the answer is the board.
    let (reply, deferred) = if only.is_some() {
        answer_in_time(job, || ctx.defer()).await?
    } else {
        answer_in_time(job, || ctx.defer_ephemeral()).await?
    };
    let Some(token) = only else {
        return match reply {
            Some(reply) => answer(ctx, &reply, deferred).await,
            None => Ok(()),
        };
    };
    let lang = match &reply {
        Some(reply) => {
            answer_only(ctx, reply, token).await?;
            reply.lang
        }
        None => lang,
    };
    let reach = &ctx.data().outbox().transport().reach;
    userapp::show_kept(ctx.http(), reach, ctx.channel_id(), token, kept, lang).await;
    Ok(())
}

/// The interaction's token when it comes from a chat where the bot can
/// only answer (`userapp.rs`).
fn answers_only<'a>(ctx: Context<'a>) -> Option<&'a str> {
    match ctx {
        poise::Context::Application(a) => userapp::answers_only(
            a.interaction.context,
            &a.interaction.authorizing_integration_owners,
        )
        .then_some(a.interaction.token.as_str()),
        poise::Context::Prefix(_) => None,
    }
}

/// Answers a command where the bot can only answer: an error privately,
/// anything else as the interaction's public response (a board with its
/// menus and a "current board" button), which becomes the game's board
/// there.
async fn answer_only(ctx: Context<'_>, reply: &Reply, token: &str) -> Result<(), Error> {
    let parts = view::parts(reply, MAX_CONTENT);
    let n = parts.len();
    for (i, part) in parts.into_iter().enumerate() {
        let mut r = CreateReply::default()
            .content(part)
            .ephemeral(reply.error)
            .allowed_mentions(view::allowed_mentions(reply));
        if i + 1 == n {
            r = with_pictures(r, reply);
            r = r.components(if reply.error {
                view::components(reply)
            } else {
                userapp::rows(reply)
            });
        }
        ctx.send(r).await?;
    }
    // A one-message answer is the interaction's own (a deferred one's first
    // follow-up edits it): its token edits it for 15 minutes.
    let here = view::board_of(reply).filter(|_| reply.place.is_none());
    if let (Some((game, _)), 1, false) = (here, n, reply.error) {
        let reach = &ctx.data().outbox().transport().reach;
        reach.board(ctx.channel_id(), game, token, None, None);
    }
    Ok(())
}

/// Answers a command: an error privately; a board (or any answer after a
/// deferral) posted to the channel through its outbox, with a private
/// note; other answers publicly as the interaction's response. When the
/// bot may not post in the channel, the answer comes as the interaction's
/// response (which needs no permission), with a private note naming the
/// missing permission.
async fn answer(ctx: Context<'_>, reply: &Reply, deferred: bool) -> Result<(), Error> {
    if reply.error {
        let parts = view::parts(reply, MAX_CONTENT);
        let n = parts.len();
        for (i, part) in parts.into_iter().enumerate() {
            let mut r = CreateReply::default()
                .content(part)
                .ephemeral(true)
                .allowed_mentions(view::allowed_mentions(reply));
            // A "Which challenge?" offers each challenge as a button.
            if i + 1 == n {
                r = r.components(view::components(reply));
            }
            ctx.send(r).await?;
        }
        return Ok(());
    }
    let board = view::board_of(reply).is_some();
    let missing = match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions.map(|granted| {
            let in_thread = a
                .interaction
                .channel
                .as_ref()
                .is_some_and(|c| c.thread_metadata.is_some());
            view::missing_permissions(granted, in_thread, board, reply.lang)
        }),
        poise::Context::Prefix(_) => None,
    }
    .unwrap_or_default();
    if missing.is_empty() && (deferred || board) {
        let outbox = ctx.data().outbox();
        // Someone is here: a channel set aside may be written to again.
        outbox.wake(&ctx.channel_id());
        let threaded = match ctx {
            poise::Context::Application(a) => threads::wanted(
                ctx.data().game_threads,
                reply,
                a.interaction.channel.as_ref(),
                a.interaction.app_permissions,
            ),
            poise::Context::Prefix(_) => false,
        };
        let target = if threaded {
            threads::open(ctx.http(), &ctx.data().app, outbox, ctx.channel_id(), reply).await
        } else {
            ctx.channel_id()
        };
        deliver::post(outbox, target, reply);
        ctx.send(
            CreateReply::default()
                .content(view::posted_text(reply.lang))
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    }
    let parts = view::parts(reply, MAX_CONTENT);
    let n = parts.len();
    for (i, part) in parts.into_iter().enumerate() {
        let mut r = CreateReply::default()
            .content(part)
            .allowed_mentions(view::allowed_mentions(reply));
        if i + 1 == n {
            r = with_pictures(r, reply);
            r = r.components(view::components(reply));
        }
        ctx.send(r).await?;
    }
    if !missing.is_empty() {
        tracing::info!(channel = %ctx.channel_id(), ?missing, "cannot post in a channel");
        ctx.send(
            CreateReply::default()
                .content(view::missing_text(&missing, reply.lang))
                .ephemeral(true),
        )
        .await?;
    }
    Ok(())
}

/// `r` with the reply's board (an embed of its image), file and album.
fn with_pictures(mut r: CreateReply, reply: &Reply) -> CreateReply {
    if let Some((embed, file)) = view::board_embed(reply) {
        r = r.embed(embed).attachment(file);
    }
    if let Some(file) = view::file_attachment(reply) {
        r = r.attachment(file);
    }
    for picture in view::album_attachments(reply) {
        r = r.attachment(picture);
    }
    r
}

/// Suggestions must come within Discord's three seconds (an autocomplete
/// cannot be deferred): none rather than late ones.
async fn in_time<T: Default + Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let job = tokio::task::spawn_blocking(f);
    match tokio::time::timeout(DEFER_AFTER, job).await {
        Ok(Ok(found)) => found,
        _ => T::default(),
    }
}

async fn complete_game_no(
    ctx: Context<'_>,
    typed: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let me = user_of(ctx.author());
    let (app, ch, typed, lang) = (
        ctx.data().app.clone(),
        channel_key(ctx.channel_id()),
        typed.to_string(),
        lang_of(ctx),
    );
    let found = in_time(move || app.suggest_games(&ch, &me, &typed, lang, MAX_SUGGESTIONS)).await;
    let choices = found
        .into_iter()
        .map(|(label, id)| serenity::all::AutocompleteChoice::new(label, id))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The `game` option the caller already filled in, for `/move`'s
/// suggestions.
fn typed_game(ctx: Context<'_>) -> Option<u64> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == "game")
        .and_then(|o| match &o.value {
            serenity::all::CommandDataOptionValue::Integer(n) => u64::try_from(*n).ok(),
            serenity::all::CommandDataOptionValue::Autocomplete { value, .. } => {
                value.trim_start_matches('#').parse().ok()
            }
            _ => None,
        })
}

async fn complete_move(ctx: Context<'_>, typed: &str) -> serenity::all::CreateAutocompleteResponse {
    let me = user_of(ctx.author());
    let (app, ch, typed, game) = (
        ctx.data().app.clone(),
        channel_key(ctx.channel_id()),
        typed.to_string(),
        typed_game(ctx),
    );
    let found = in_time(move || app.suggest_moves(&ch, &me, game, &typed, MAX_SUGGESTIONS)).await;
    let choices = found
        .into_iter()
        .map(|m| serenity::all::AutocompleteChoice::new(m.clone(), m))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn complete_game_name(
    ctx: Context<'_>,
    typed: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let lang = lang_of(ctx);
    let typed = typed.trim().to_lowercase();
    let choices = GameId::ALL
        .into_iter()
        .map(|g| g.info())
        .filter(|i| {
            typed.is_empty()
                || i.key.contains(&typed)
                || i.name_en.to_lowercase().contains(&typed)
                || i.name_es.to_lowercase().contains(&typed)
        })
        .map(|i| serenity::all::AutocompleteChoice::new(i.name(lang), i.key))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn complete_command(
    _ctx: Context<'_>,
    typed: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let typed = typed.trim().to_lowercase();
    let choices = COMMANDS
        .iter()
        .filter(|c| c.name.starts_with(&typed) || c.aliases.iter().any(|a| a.starts_with(&typed)))
        .map(|c| serenity::all::AutocompleteChoice::new(c.name, c.name))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Which side the challenger plays.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SideChoice {
    First,
    Second,
    Random,
}

/// An answer to an offer.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum AnswerChoice {
    Accept,
    Decline,
}

impl From<AnswerChoice> for Answer {
    fn from(a: AnswerChoice) -> Answer {
        match a {
            AnswerChoice::Accept => Answer::Accept,
            AnswerChoice::Decline => Answer::Decline,
        }
    }
}

/// How a channel's boards are turned.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum OrientationChoice {
    White,
    Turn,
}

/// A language.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LangChoice {
    En,
    Es,
}

#[poise::command(slash_command)]
pub async fn help(
    ctx: Context<'_>,
    #[autocomplete = "complete_command"] command: Option<String>,
) -> Result<(), Error> {
    let cmd = Written::help_on(command.as_deref()).resolve();
    run(ctx, cmd.map_err(CommandError::from), Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Ok(Command::Games), Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_name"] game: String,
) -> Result<(), Error> {
    let cmd = Written::rules_of(&game).map_err(CommandError::from);
    run(ctx, cmd.and_then(typed), Vec::new()).await
}

#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_name"] game: String,
    opponent: Option<DiscordUser>,
    side: Option<SideChoice>,
    time: Option<String>,
    options: Option<String>,
    casual: Option<bool>,
) -> Result<(), Error> {
    let mentions = opponent.iter().map(user_of).collect();
    let opponent = opponent.as_ref().map(|u| Someone::Mention(mention(u)));
    let asked = Asked {
        side,
        time,
        casual,
        level: None,
    };
    run(ctx, challenge_of(opponent, &game, options, asked), mentions).await
}

/// `/challenge`'s command: the game and its free-text options read as
/// written ones are, the menu's choices set on its terms.
fn challenge_of(
    opponent: Option<Someone>,
    game: &str,
    options: Option<String>,
    asked: Asked,
) -> Result<Command, CommandError> {
    let words: Vec<&str> = options.as_deref().into_iter().collect();
    asked.complete(Written::challenge(opponent, game, &words)?)
}

/// What a slash command's typed options ask of a game's terms, beside
/// its free-text options.
struct Asked {
    side: Option<SideChoice>,
    time: Option<String>,
    casual: Option<bool>,
    level: Option<u8>,
}

impl Asked {
    /// `written` (the game and its free-text options) resolved, with the
    /// typed options set on its terms: a side or a level in the free text
    /// wins over the menu's (it was typed after choosing), a time or
    /// `casual` from the menu over the text's.
    fn complete(self, written: Written) -> Result<Command, CommandError> {
        let mut cmd = written.resolve()?;
        if let Some(terms) = cmd.terms_mut() {
            terms.side = terms.side.or(self.side.map(SideChoice::side));
            if let Some(n) = self.level {
                terms.level = Some(terms.level.unwrap_or(resolve::level(n)?));
            }
            if self.casual == Some(true) {
                terms.casual = true;
            }
            if let Some(t) = &self.time {
                let word = t.trim().to_lowercase();
                resolve::clock_terms(word.trim_start_matches("time="), terms)?;
            }
        }
        Ok(cmd)
    }
}

/// A command whose typed options left words to resolve, resolved.
fn typed(written: Written) -> Result<Command, CommandError> {
    Ok(written.resolve()?)
}

/// A game against Tablero itself.
#[poise::command(slash_command)]
pub async fn play(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_name"] game: String,
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    side: Option<SideChoice>,
    options: Option<String>,
) -> Result<(), Error> {
    let asked = Asked {
        side,
        time: None,
        casual: None,
        level,
    };
    let words: Vec<&str> = options.as_deref().into_iter().collect();
    let cmd = Written::play(&game, &words).map_err(CommandError::from);
    run(ctx, cmd.and_then(|w| asked.complete(w)), Vec::new()).await
}

impl SideChoice {
    /// The side chosen: `None` for random.
    fn side(self) -> Option<Side> {
        match self {
            SideChoice::First => Some(Side::First),
            SideChoice::Second => Some(Side::Second),
            SideChoice::Random => None,
        }
    }
}

macro_rules! game_no_command {
    ($name:ident, $variant:path) => {
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: Context<'_>,
            #[autocomplete = "complete_game_no"]
            #[min = 1]
            game: Option<u64>,
        ) -> Result<(), Error> {
            let cmd = Command::numbered($variant, game).map_err(CommandError::from);
            run(ctx, cmd, Vec::new()).await
        }
    };
}

game_no_command!(accept, Command::Accept);
game_no_command!(decline, Command::Decline);
game_no_command!(cancel, Command::Cancel);
game_no_command!(board, Command::Board);
game_no_command!(history, Command::History);
game_no_command!(resign, Command::Resign);
game_no_command!(replay, Command::Replay);
game_no_command!(rematch, Command::Rematch);
game_no_command!(review, Command::Review);

/// A tournament of the channel: its words as typed after `tournament`.
#[poise::command(slash_command)]
pub async fn tournament(ctx: Context<'_>, words: Option<String>) -> Result<(), Error> {
    let line = format!("tournament {}", words.unwrap_or_default());
    run(ctx, tablero_app::read(&line), Vec::new()).await
}

/// The file `/export` writes.
#[derive(Debug, poise::ChoiceParameter)]
pub enum FormatChoice {
    Pgn,
    Text,
}

#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_no"]
    #[min = 1]
    game: Option<u64>,
    format: Option<FormatChoice>,
) -> Result<(), Error> {
    let format = format.map(|f| match f {
        FormatChoice::Pgn => ExportFormat::Pgn,
        FormatChoice::Text => ExportFormat::Text,
    });
    let cmd = Command::numbered(|n| Command::Export(n, format), game);
    run(ctx, cmd.map_err(CommandError::from), Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_name"] game: Option<String>,
) -> Result<(), Error> {
    let cmd = Written::leaderboard_of(game.as_deref().unwrap_or(""));
    run(ctx, typed(cmd), Vec::new()).await
}

#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "complete_move"]
    mv: String,
    #[autocomplete = "complete_game_no"]
    #[min = 1]
    game: Option<u64>,
) -> Result<(), Error> {
    let cmd = Command::move_in(game, &mv).map_err(CommandError::from);
    run(ctx, cmd, Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn current(ctx: Context<'_>, #[min = 1] page: Option<u64>) -> Result<(), Error> {
    let cmd = Command::paged(Command::Channel, page).map_err(CommandError::from);
    run(ctx, cmd, Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn mygames(ctx: Context<'_>, #[min = 1] page: Option<u64>) -> Result<(), Error> {
    let cmd = Command::paged(Command::MyGames, page).map_err(CommandError::from);
    run(ctx, cmd, Vec::new()).await
}

macro_rules! offer_command {
    ($name:ident, $variant:path) => {
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: Context<'_>,
            answer: Option<AnswerChoice>,
            #[autocomplete = "complete_game_no"]
            #[min = 1]
            game: Option<u64>,
        ) -> Result<(), Error> {
            let answer = answer.map(Answer::from);
            let cmd = Command::numbered(|n| $variant(answer, n), game);
            run(ctx, cmd.map_err(CommandError::from), Vec::new()).await
        }
    };
}

offer_command!(draw, Command::Draw);
offer_command!(takeback, Command::Takeback);

#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    user: Option<DiscordUser>,
    #[autocomplete = "complete_game_name"] game: Option<String>,
) -> Result<(), Error> {
    let mentions = user.iter().map(user_of).collect();
    let user = user.as_ref().map(|u| Someone::Mention(mention(u)));
    let cmd = Written::stats_of(user, game.as_deref().unwrap_or("")).map_err(CommandError::from);
    run(ctx, cmd.and_then(typed), mentions).await
}

#[poise::command(slash_command)]
pub async fn lang(ctx: Context<'_>, language: LangChoice) -> Result<(), Error> {
    let l = match language {
        LangChoice::En => Lang::En,
        LangChoice::Es => Lang::Es,
    };
    run(ctx, Ok(Command::Lang(Some(l))), Vec::new()).await
}

#[poise::command(slash_command)]
pub async fn orientation(ctx: Context<'_>, way: Option<OrientationChoice>) -> Result<(), Error> {
    let w = way.map(|w| match w {
        OrientationChoice::White => Orientation::White,
        OrientationChoice::Turn => Orientation::Turn,
    });
    run(ctx, Ok(Command::Orientation(w)), Vec::new()).await
}

/// Whether a channel's games are listed on the web.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum WebChoice {
    On,
    Off,
}

#[poise::command(slash_command)]
pub async fn web(ctx: Context<'_>, list: Option<WebChoice>) -> Result<(), Error> {
    let w = list.map(|w| matches!(w, WebChoice::On));
    run(ctx, Ok(Command::Web(w)), Vec::new()).await
}

/// Where the piece on a square may go.
#[poise::command(slash_command)]
pub async fn moves(
    ctx: Context<'_>,
    square: Option<String>,
    #[autocomplete = "complete_game_no"]
    #[min = 1]
    game: Option<u64>,
) -> Result<(), Error> {
    let cmd = Command::moves_of(game, square.as_deref().unwrap_or(""));
    run(ctx, cmd.map_err(CommandError::from), Vec::new()).await
}

game_no_command!(hint, Command::Hint);

/// A first game with help against Tablero.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[autocomplete = "complete_game_name"] game: String,
    side: Option<SideChoice>,
) -> Result<(), Error> {
    let asked = Asked {
        side,
        time: None,
        casual: None,
        level: None,
    };
    let cmd = Written::learn(&game, &[]).map_err(CommandError::from);
    run(ctx, cmd.and_then(|w| asked.complete(w)), Vec::new()).await
}

#[cfg(test)]
mod tests;
