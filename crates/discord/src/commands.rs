//! The slash commands: one per app command, their options described and
//! localised (en, es), game ids and moves autocompleted. Each builds the
//! app's [`Command`] straight from its typed options, through the app's
//! constructors (`Command::challenge`, `Command::move_in`, …), which read
//! free text (a game's options, a move) as a typed command's words are
//! read, so the app stays the only place that understands commands.

use poise::CreateReply;
use serenity::all::User as DiscordUser;
use tablero_app::command::{Answer, COMMANDS, Command, CommandSpec, ExportFormat, Someone};
use tablero_app::grammar::Written;
use tablero_app::resolve::{self, CommandError};
use tablero_app::view::Orientation;
use tablero_app::{Incoming, Reply, User};
use tablero_rules::{GameId, Lang, Side};

use crate::deliver::{self, channel_key, user_of};
use crate::view::{self, MAX_CONTENT};
use crate::{Context, DEFER_AFTER, Data, Error, answer_in_time, threads, userapp};

/// The most suggestions Discord shows.
const MAX_SUGGESTIONS: usize = 25;

/// Spanish locales Discord knows.
const ES: [&str; 2] = ["es-ES", "es-419"];
/// The longest command or option description Discord accepts.
const MAX_DESCRIPTION: usize = 100;

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

fn describe(c: &mut poise::Command<Data, Error>, spec: &CommandSpec) {
    c.description = Some(clip(spec.en).into());
    let mut d = Vec::new();
    let mut n = Vec::new();
    for l in ES {
        d.push((l.into(), clip(spec.es).into()));
        // The first alias is the Spanish name; Discord wants 1-32
        // lower-case letters, digits, `-` or `_`.
        if let Some(es) = spec.aliases.first().filter(|a| valid_name(a)) {
            n.push((l.into(), (*es).into()));
        }
    }
    c.description_localizations = d.into();
    c.name_localizations = n.into();
    let command = c.name.clone();
    for p in &mut c.parameters {
        describe_option(&command, p);
    }
}

/// An option's description, Spanish name and fixed choices, from the
/// catalogue (`tablero_app::option_text`, `choice_text`).
fn describe_option(command: &str, p: &mut poise::CommandParameter<Data, Error>) {
    let Some(t) = tablero_app::option_text(command, &p.name) else {
        return;
    };
    p.description = Some(clip(t.en).into());
    p.description_localizations = ES
        .iter()
        .map(|l| ((*l).into(), clip(t.es).into()))
        .collect::<Vec<_>>()
        .into();
    if let Some(es) = t.es_name {
        p.name_localizations = ES
            .iter()
            .map(|l| ((*l).into(), es.into()))
            .collect::<Vec<_>>()
            .into();
    }
    let option = p.name.to_string();
    let choices: Vec<poise::CommandParameterChoice> = p
        .choices
        .iter()
        .map(|choice| {
            let mut choice = choice.clone();
            if let Some((en, es)) = tablero_app::choice_text(&option, &choice.name) {
                choice.name = en.into();
                choice.localizations = ES
                    .iter()
                    .map(|l| ((*l).into(), es.into()))
                    .collect::<Vec<_>>()
                    .into();
            }
            choice
        })
        .collect();
    p.choices = choices.into();
}

fn valid_name(s: &str) -> bool {
    (1..=32).contains(&s.chars().count())
        && s.chars()
            .all(|c| (c.is_alphanumeric() && !c.is_uppercase()) || c == '-' || c == '_')
}

/// `s` shortened to Discord's description limit, at a word.
fn clip(s: &str) -> String {
    if s.chars().count() <= MAX_DESCRIPTION {
        return s.to_string();
    }
    let head: String = s.chars().take(MAX_DESCRIPTION - 1).collect();
    let cut = head
        .rfind([' ', ';', ','])
        .filter(|&i| i > MAX_DESCRIPTION / 2)
        .unwrap_or(head.len());
    format!("{}…", head[..cut].trim_end_matches([' ', ';', ',']))
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
                terms.limit = Some(resolve::move_limit(word.trim_start_matches("time="))?);
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
mod tests {
    use tablero_app::grammar::{ParseError, Usage};
    use tablero_app::resolve::ResolveError;
    use tablero_app::terms::Terms;

    use super::*;

    fn no_menu() -> Asked {
        Asked {
            side: None,
            time: None,
            casual: None,
            level: None,
        }
    }

    /// A command built from typed options is the command written out,
    /// errors included.
    #[test]
    fn typed_options_make_the_command_the_written_line_makes() {
        let big = Some(10_000_000_000_000);
        let syntax = |r: Result<Command, ParseError>| r.map_err(CommandError::from);
        let cases = [
            (
                syntax(Command::move_in(Some(3), " a2-a3 ")),
                "move #3 a2-a3",
            ),
            (syntax(Command::move_in(None, "#2 e4")), "move #2 e4"),
            (syntax(Command::move_in(Some(3), "#2 e4")), "move #3 #2 e4"),
            (syntax(Command::move_in(Some(3), "5")), "move #3 5"),
            (syntax(Command::move_in(None, " ")), "move"),
            (
                challenge_of(
                    Some(Someone::Mention("<@42>".into())),
                    "breakthrough",
                    Some("white size=6  casual time=24h".into()),
                    no_menu(),
                ),
                "challenge <@42> breakthrough white size=6 casual time=24h",
            ),
            (
                challenge_of(None, " ", Some("white".into()), no_menu()),
                "challenge",
            ),
            (
                challenge_of(None, "knight", Some("fight time=1d".into()), no_menu()),
                "desafiar knight fight tiempo=1d",
            ),
            (
                challenge_of(None, "chess", Some("purple".into()), no_menu()),
                "challenge chess purple",
            ),
            (
                Written::play("chess", &["level=9", "second"])
                    .map_err(CommandError::from)
                    .and_then(|w| no_menu().complete(w)),
                "play chess level=9 second",
            ),
            (
                Written::learn("", &[])
                    .map_err(CommandError::from)
                    .and_then(typed),
                "learn",
            ),
            (
                Written::rules_of("  gran   avance ")
                    .map_err(CommandError::from)
                    .and_then(typed),
                "reglas gran avance",
            ),
            (
                Written::rules_of("parchis")
                    .map_err(CommandError::from)
                    .and_then(typed),
                "rules parchis",
            ),
            (
                syntax(Command::numbered(
                    |n| Command::Draw(Some(Answer::Accept), n),
                    Some(2),
                )),
                "draw accept #2",
            ),
            (
                syntax(Command::numbered(Command::Board, big)),
                "board #10000000000000",
            ),
            // The slash command is the confirmed form: choosing /resign
            // in Discord's menu is the confirmation a typed `resign` asks.
            (
                syntax(Command::numbered(Command::Resign, None)),
                "resign yes",
            ),
            (
                syntax(Command::numbered(
                    |n| Command::Export(n, Some(ExportFormat::Pgn)),
                    Some(4),
                )),
                "export #4 pgn",
            ),
            (
                syntax(Command::paged(Command::Channel, Some(0))),
                "current 0",
            ),
            (
                syntax(Command::paged(Command::MyGames, Some(3))),
                "mygames 3",
            ),
            (
                syntax(Command::paged(Command::MyGames, big)),
                "mygames 10000000000000",
            ),
            (syntax(Command::moves_of(Some(2), " E2")), "moves #2 E2"),
            (syntax(Command::moves_of(Some(3), "5")), "moves #3 5"),
            (syntax(Command::moves_of(None, "e2 e4")), "moves e2 e4"),
            (syntax(Command::moves_of(None, "")), "moves"),
            (
                Written::stats_of(Some(Someone::Mention("<@1>".into())), "chess")
                    .map_err(CommandError::from)
                    .and_then(typed),
                "stats <@1> chess",
            ),
            (
                Written::stats_of(Some(Someone::Mention("<@1>".into())), "<@2> chess")
                    .map_err(CommandError::from)
                    .and_then(typed),
                "stats <@1> <@2> chess",
            ),
            (typed(Written::leaderboard_of(" ")), "leaderboard"),
            (
                typed(Written::leaderboard_of("ajedrez")),
                "clasificacion ajedrez",
            ),
            (typed(Written::help_on(Some("move now"))), "help move now"),
            (typed(Written::help_on(Some("bailar"))), "ayuda bailar"),
        ];
        for (typed, written) in cases {
            assert_eq!(typed, tablero_app::read(written), "{written}");
        }
        // A typed game number is one a written `#N` could be.
        assert!(matches!(
            Command::move_in(big, "e4"),
            Err(ParseError::Usage(spec, Usage::NotGameNumber(n)))
                if spec.name == "move" && n == "#10000000000000"
        ));
    }

    /// The menus' choices are typed straight into the command's terms,
    /// never turned into words: a side, a level, `casual`, a time.
    #[test]
    fn menu_choices_are_typed_into_the_terms() {
        let asked = Asked {
            side: Some(SideChoice::Second),
            time: Some(" 2D ".into()),
            casual: Some(true),
            level: None,
        };
        assert_eq!(
            challenge_of(None, "gran avance", None, asked),
            Ok(Command::Challenge {
                opponent: None,
                game: GameId::Breakthrough,
                terms: Terms {
                    side: Some(Some(Side::Second)),
                    limit: Some(Some(2 * 24 * 3_600_000)),
                    casual: true,
                    ..Terms::default()
                },
            })
        );
        // A side or a level typed in the free text wins over the menu's;
        // random is a side too.
        let asked = Asked {
            side: Some(SideChoice::Random),
            time: None,
            casual: None,
            level: Some(2),
        };
        assert_eq!(
            Written::play("chess", &["nivel=4"])
                .map_err(CommandError::from)
                .and_then(|w| asked.complete(w)),
            Ok(Command::Play {
                game: GameId::Chess,
                terms: Terms {
                    side: Some(None),
                    level: Some(4),
                    ..Terms::default()
                },
            })
        );
        // Out of range, from a menu or typed: the second step's errors.
        let asked = Asked {
            side: None,
            time: None,
            casual: None,
            level: Some(9),
        };
        assert_eq!(
            Written::play("chess", &[])
                .map_err(CommandError::from)
                .and_then(|w| asked.complete(w)),
            Err(CommandError::Resolve(ResolveError::BadLevel("9".into())))
        );
        let asked = Asked {
            side: None,
            time: Some("5s".into()),
            casual: None,
            level: None,
        };
        assert!(matches!(
            challenge_of(None, "chess", None, asked),
            Err(CommandError::Resolve(ResolveError::BadTimeLimit(_)))
        ));
        // A blank game is the first step's error, whatever the menus say.
        let asked = Asked {
            side: Some(SideChoice::First),
            time: None,
            casual: None,
            level: None,
        };
        assert!(matches!(
            challenge_of(None, "", None, asked),
            Err(CommandError::Syntax(ParseError::Usage(spec, Usage::NeedGame))) if spec.name == "challenge"
        ));
    }

    #[test]
    fn every_app_command_is_a_slash_command_within_discord_limits() {
        let cmds = all();
        assert_eq!(cmds.len(), COMMANDS.len());
        for spec in COMMANDS {
            let c = cmds.iter().find(|c| c.name == spec.name).expect(spec.name);
            let d = c.description.as_deref().unwrap();
            assert!(!d.is_empty() && d.chars().count() <= MAX_DESCRIPTION, "{d}");
            for (_, es) in c.description_localizations.iter() {
                assert!(es.chars().count() <= MAX_DESCRIPTION, "{es}");
            }
            for (_, n) in c.name_localizations.iter() {
                assert!(valid_name(n), "{n}");
            }
            for p in &c.parameters {
                let d = p.description.as_deref().unwrap_or("");
                assert!(
                    !d.is_empty() && d.chars().count() <= MAX_DESCRIPTION,
                    "{}",
                    p.name
                );
                assert_eq!(p.description_localizations.len(), ES.len(), "{}", p.name);
                for choice in p.choices.iter() {
                    assert!(
                        tablero_app::choice_text(&p.name, &choice.name).is_none()
                            && choice.localizations.len() == ES.len(),
                        "/{} {}: the choice {} is not from the catalogue",
                        c.name,
                        p.name,
                        choice.name
                    );
                }
            }
        }
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let long = "challenge someone (or anyone here, without @USER); options: your side, the game's parameters, the time per move (1h to 14d, or none)";
        let c = clip(long);
        assert!(c.chars().count() <= MAX_DESCRIPTION);
        assert!(c.ends_with('…'));
        assert!(long.starts_with(c.trim_end_matches('…')));
        assert_eq!(clip("short"), "short");
    }
}
