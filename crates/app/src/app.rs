//! The app: commands in, events out.
//!
//! [`App::execute`] runs one [`Command`] for one user in one channel and
//! returns an [`Event`] or an [`AppError`]; [`App::handle`] parses a chat
//! message, executes it and writes the outcome as a [`Reply`]. The command
//! handlers live beside this file by concern: `challenges.rs`, `play.rs`,
//! `offers.rs`, `timers.rs`, `listings.rs`; the sentences live in
//! `text.rs` only.
//!
//! Concurrency: each channel has one lock, held from reading a game to
//! committing its change (which flushes), so commands on one game apply
//! one after the other and a repeated move is seen as already played. It
//! is two locks taken in turn: this process's mutex over the cached
//! channel, then the store's lock of the channel, which excludes other
//! processes on the same database (PostgreSQL); under both, the cache is
//! checked against the store's version of the channel (`with_channel`).
//! Rendering happens after the locks are released. Stats, shared across
//! channels, have the store's stats lock, always taken inside a channel's
//! (never the other way).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tablero_rules::Lang;
use tablero_store::{Batch, Orientation, ProfileDoc, Store};

use crate::channel::ChannelState;
use crate::clock::Clock;
use crate::command::{self, Command, ParseError};
use crate::event::{AppError, Event, Outcome};
use crate::listings::GameSummary;
use crate::render::BoardRenderer;
use crate::reply::{ChannelKey, Incoming, Platform, Reply, User};

/// What the handler needs from the configuration.
#[derive(Clone, Debug)]
pub struct Settings {
    pub language: Lang,
    /// Per-channel defaults by channel id, before `language`.
    pub channel_languages: Vec<(String, Lang)>,
    pub default_move_limit_ms: Option<i64>,
    pub challenge_expiry_ms: i64,
    /// The console's name for the bot (`challenge @tablero chess`).
    pub bot_name: String,
    /// Searches at once (capped at the number of cores).
    pub bot_threads: usize,
    /// Think time per bot move for every level; `None`: each level's own
    /// (level 5 about 2 s).
    pub bot_think: Option<std::time::Duration>,
    /// Search fixed node budgets instead of time, so every bot move is the
    /// same for the same game. A test knob: it exists only with the
    /// `testkit` feature, so a release build cannot be set to it.
    #[cfg(feature = "testkit")]
    pub bot_nodes: bool,
    /// The least time between a move and the bot's answer, so the answer
    /// is posted after the board of the move it answers (an adapter may
    /// still be sending that one) and reads like a person's.
    pub bot_min_delay: std::time::Duration,
    /// The platforms this process posts to: it handles only their timers
    /// (reminders, timeouts, expired challenges, the bot's pending moves),
    /// leaving the others to the processes that run those front-ends.
    /// `None`: every platform.
    pub platforms: Option<Vec<Platform>>,
    /// What one user may hold open and send (`[limits]`).
    pub limits: crate::limits::Limits,
}

impl Settings {
    /// Whether the bot searches fixed node budgets (see `bot_nodes`).
    pub(crate) fn fixed_nodes(&self) -> bool {
        #[cfg(feature = "testkit")]
        return self.bot_nodes;
        #[cfg(not(feature = "testkit"))]
        false
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            channel_languages: Vec::new(),
            default_move_limit_ms: Some(72 * crate::clock::HOUR),
            challenge_expiry_ms: crate::clock::DAY,
            bot_name: "tablero".into(),
            bot_threads: 2,
            bot_think: None,
            #[cfg(feature = "testkit")]
            bot_nodes: false,
            bot_min_delay: std::time::Duration::from_secs(1),
            platforms: None,
            limits: crate::limits::Limits::default(),
        }
    }
}

/// Front-ends share one app between threads and tasks.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<App>();
};

/// Who runs a command, and where.
#[derive(Clone, Debug)]
pub struct Actor {
    pub channel: ChannelKey,
    pub user: User,
    /// The users the message mentions, as the platform resolved them.
    pub mentions: Vec<User>,
    /// The message text, for errors that quote it.
    pub text: String,
    /// The author's handle on the platform (see [`Incoming::handle`]).
    pub handle: Option<String>,
    /// The author of the message this one answers.
    pub reply_to: Option<User>,
    /// See [`Incoming::community`].
    pub community: Option<String>,
    /// See [`Incoming::direct`].
    pub direct: bool,
    /// See [`Incoming::manages`].
    pub manages: bool,
}

impl Actor {
    /// `user` acting in `channel` without a message: a button press, or
    /// the bot itself.
    #[must_use]
    pub fn without_message(channel: &ChannelKey, user: &User, handle: Option<String>) -> Actor {
        Actor {
            channel: channel.clone(),
            user: capped(user),
            mentions: Vec::new(),
            text: String::new(),
            handle,
            reply_to: None,
            community: None,
            direct: false,
            manages: false,
        }
    }

    /// The author of `msg`, in its channel.
    #[must_use]
    pub fn of(msg: &Incoming) -> Actor {
        Actor {
            channel: msg.channel.clone(),
            user: capped(&msg.author),
            mentions: msg.mentions.iter().map(capped).collect(),
            text: msg.text.clone(),
            handle: msg.handle.clone(),
            reply_to: msg.reply_to.as_ref().map(capped),
            community: msg.community.clone(),
            direct: msg.direct,
            manages: msg.manages,
        }
    }
}

/// The longest name shown or stored, in characters: a longer one is cut
/// with an ellipsis where it enters the app, so no reply, board or record
/// carries a name a platform allows but no one can read (and drawing one
/// stays cheap).
pub const MAX_NAME_CHARS: usize = 48;

/// `u` with a name fit to show: control characters (a terminal's escape
/// codes among them) dropped, cut to [`MAX_NAME_CHARS`] with an ellipsis,
/// and the id when nothing is left.
#[must_use]
pub fn capped(u: &User) -> User {
    let clean: String = u.name.chars().filter(|c| !c.is_control()).collect();
    let clean = clean.trim();
    let name = if clean.chars().count() > MAX_NAME_CHARS {
        let cut: String = clean.chars().take(MAX_NAME_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    } else if clean.is_empty() {
        u.id.chars()
            .filter(|c| !c.is_control())
            .take(MAX_NAME_CHARS)
            .collect()
    } else {
        clean.to_string()
    };
    User {
        id: u.id.clone(),
        name,
    }
}

/// The bot, independent of any chat platform.
pub struct App {
    pub(crate) store: Store,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) renderer: Arc<dyn BoardRenderer>,
    pub(crate) settings: Settings,
    channels: Mutex<HashMap<ChannelKey, Arc<Mutex<ChannelState>>>>,
    pub(crate) bots: Arc<crate::bots::Bots>,
    pub(crate) rates: crate::limits::Rates,
    /// Chat names this process has saved (`direct.rs`), so a name is
    /// written only when it changes.
    pub(crate) titles: Mutex<HashMap<ChannelKey, String>>,
    /// The bounded pool of heavy jobs (`heavy.rs`).
    pub(crate) heavy: crate::heavy::Heavy,
    /// Change notices and page addresses for the web (`watch.rs`).
    pub(crate) watch: crate::watch::Watch,
    /// Reviews of finished games, kept (`review.rs`).
    pub(crate) reviews: crate::review::Kept,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves plain data behind; the store is
    // the truth, so carry on.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

pub(crate) type Res<T> = Result<T, AppError>;

impl App {
    /// A bot over `store`.
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        renderer: Arc<dyn BoardRenderer>,
        settings: Settings,
    ) -> App {
        App {
            store,
            clock,
            renderer,
            channels: Mutex::new(HashMap::new()),
            bots: Arc::default(),
            rates: crate::limits::Rates::default(),
            titles: Mutex::new(HashMap::new()),
            heavy: crate::heavy::Heavy::new(
                settings.limits.heavy_jobs,
                settings.limits.heavy_jobs_per_user,
            ),
            reviews: crate::review::Kept::new(
                settings.limits.heavy_jobs,
                settings.limits.heavy_jobs_per_user,
            ),
            settings,
            watch: crate::watch::Watch::default(),
        }
    }

    /// The store, for tools and tests.
    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    fn channel(&self, ch: &ChannelKey) -> Arc<Mutex<ChannelState>> {
        let mut map = lock(&self.channels);
        if map.len() > 4096 {
            map.retain(|_, st| Arc::strong_count(st) > 1);
        }
        map.entry(ch.clone()).or_default().clone()
    }

    /// Runs `f` with the channel locked and its state current: the
    /// in-process lock first (threads of this process queue there), then
    /// the store's lock (other processes on the same database), then the
    /// cached games are checked against the store's version of the channel
    /// and read again if another process changed it. Both locks are
    /// released when `f` returns, before anything is rendered or sent.
    pub(crate) fn with_channel<T>(
        &self,
        ch: &ChannelKey,
        f: impl FnOnce(&mut ChannelState) -> Res<T>,
    ) -> Res<T> {
        let st = self.channel(ch);
        let mut st = lock(&st);
        let held = self.store.lock_channel(ch)?;
        let before = st.refresh(&self.store, ch)?;
        let out = f(&mut st);
        // The handlers keep the cache in step with what they commit. A
        // failure after a commit might not have: then read it all again.
        let after = self.store.channel_version(ch);
        let after_version = after.as_ref().ok().copied();
        st.settle(match (&out, after) {
            (Ok(_), Ok(v)) => Some(v),
            (Err(_), Ok(v)) if v == before => Some(v),
            _ => None,
        });
        drop(held);
        // Durable now: tell the web (`watch.rs`).
        if let Some(v) = after_version
            && v != before
        {
            self.publish_change(ch, v);
        }
        out
    }

    /// Moves every game, challenge and clock of channel `from` to `to`, as
    /// when a Telegram group becomes a supergroup with a new chat id. Both
    /// channels are locked (in key order) while the store moves them, and
    /// both are read afresh afterwards.
    pub fn move_channel(&self, from: &ChannelKey, to: &ChannelKey) -> Res<usize> {
        if from == to {
            return Ok(0);
        }
        let (a, b) = if from < to { (from, to) } else { (to, from) };
        let (sa, sb) = (self.channel(a), self.channel(b));
        let mut ga = lock(&sa);
        let mut gb = lock(&sb);
        let held = (self.store.lock_channel(a)?, self.store.lock_channel(b)?);
        let moved = self.store.move_channel(from, to)?;
        *ga = ChannelState::default();
        *gb = ChannelState::default();
        drop(held);
        tracing::info!(moved, from = %from.channel, to = %to.channel, "channel moved");
        Ok(moved)
    }

    /// Moves ongoing game `id` of `from` to channel `to` under the same
    /// number (a game given its own Discord thread), under both channels'
    /// locks, and returns it as `to` now lists it. A bot's search on the
    /// game in `from` is overtaken; the bot's turn, if it is one, is
    /// queued again in `to`.
    pub fn move_game(&self, from: &ChannelKey, id: u64, to: &ChannelKey) -> Res<GameSummary> {
        if from == to {
            return Err(AppError::NoGame(id));
        }
        let (a, b) = if from < to { (from, to) } else { (to, from) };
        let (sa, sb) = (self.channel(a), self.channel(b));
        let mut ga = lock(&sa);
        let mut gb = lock(&sb);
        let held = (self.store.lock_channel(a)?, self.store.lock_channel(b)?);
        if !self.store.move_game(from, id, to)? {
            return Err(AppError::NoGame(id));
        }
        // Links already posted keep leading to the game (`watch.rs`).
        self.relink_game(from, id, to);
        *ga = ChannelState::default();
        *gb = ChannelState::default();
        // Before `ongoing_games` below locks `to` again.
        drop((held, ga, gb));
        tracing::info!(game = id, from = %from.channel, to = %to.channel, "game moved");
        self.queue_bot_move(to, id);
        self.ongoing_games(to)?
            .into_iter()
            .find(|g| g.id == id)
            .ok_or(AppError::NoGame(id))
    }

    pub(crate) fn commit(&self, b: Batch) -> Res<()> {
        self.store.commit(b).map_err(AppError::from)
    }

    /// A channel's default language.
    pub(crate) fn channel_lang(&self, ch: &ChannelKey) -> Lang {
        self.settings
            .channel_languages
            .iter()
            .find(|(c, _)| *c == ch.channel)
            .map_or(self.settings.language, |(_, l)| *l)
    }

    /// The language to write to `user` in `ch`: their choice, else the
    /// channel's, else the default.
    #[must_use]
    pub fn lang_of(&self, ch: &ChannelKey, user: &str) -> Lang {
        self.store
            .profile(ch.platform, user)
            .ok()
            .flatten()
            .and_then(|p| p.lang)
            .unwrap_or_else(|| self.channel_lang(ch))
    }

    /// Remembers a user's display name, so `@name` finds them later.
    pub(crate) fn touch_user(&self, platform: Platform, u: &User) -> Option<ProfileDoc> {
        let p = self.store.profile(platform, &u.id).ok().flatten();
        if p.as_ref().is_none_or(|p| p.name != u.name) {
            // Read again under the lock every profile write takes, so a
            // language chosen meanwhile in another process is kept. (No
            // channel lock is held here, and none is taken under it.)
            let _lock = self.store.lock_stats().ok()?;
            let p = self.store.profile(platform, &u.id).ok().flatten();
            let doc = ProfileDoc {
                name: u.name.clone(),
                lang: p.as_ref().and_then(|p| p.lang),
            };
            let mut b = self.store.batch();
            b.put_profile(platform, &u.id, &doc);
            if let Err(e) = self.store.commit(b) {
                tracing::warn!(error = %e, "cannot remember a user's name");
            }
            return Some(doc);
        }
        p
    }

    /// Answers one message; `None` when a plain chat message is not for the
    /// bot.
    pub fn handle(&self, msg: &Incoming) -> Option<Reply> {
        self.answer(msg, command::parse_at(&msg.text))
    }

    /// Answers a command an adapter built from the platform's typed
    /// options (Discord's slash commands, with the constructors of
    /// `command.rs`) as [`App::handle`] answers the same command written
    /// out; `msg.text` is not read.
    pub fn handle_command(
        &self,
        msg: &Incoming,
        cmd: Result<Command, ParseError>,
    ) -> Option<Reply> {
        self.answer(msg, cmd.map(|cmd| (cmd, None)))
    }

    /// Answers `msg`, read as `parsed`.
    fn answer(
        &self,
        msg: &Incoming,
        parsed: Result<(Command, Option<crate::place::Place>), ParseError>,
    ) -> Option<Reply> {
        let platform = msg.channel.platform;
        let who = Actor::of(msg);
        let rate = self.command_rate(&who);
        let profile = self.touch_user(platform, &who.user);
        for u in &who.mentions {
            self.touch_user(platform, u);
        }
        let lang = profile
            .and_then(|p| p.lang)
            .unwrap_or_else(|| self.channel_lang(&msg.channel));
        match rate {
            crate::limits::Rate::Allowed => {}
            crate::limits::Rate::JustOver if msg.addressed => {
                let limit = self.settings.limits.commands_per_minute;
                let e = AppError::Limit(crate::limits::Limit::CommandsPerMinute(limit));
                return Some(self.present_error(&e, lang));
            }
            crate::limits::Rate::JustOver | crate::limits::Rate::Over => return None,
        }
        self.remember_title(&msg.channel, msg.title.as_deref());
        // A command word makes a command only when the message speaks to
        // the bot; anything else is what someone said, played only when
        // it is exactly a move (`Command::Said`). A game number may name
        // another chat's game (`#kqa7`, `place.rs`).
        let (cmd, place) = match parsed {
            Ok(parsed) if msg.addressed => parsed,
            Err(ParseError::Usage(spec, why)) if msg.addressed => {
                return Some(self.present_error(&AppError::Usage { spec, why }, lang));
            }
            _ => (
                Command::Said {
                    text: msg.text.trim().to_string(),
                    addressed: msg.addressed,
                },
                None,
            ),
        };
        // A game of another chat: the command runs there (`direct.rs`).
        match self.route(&who, &cmd, place.as_ref(), msg.direct) {
            Ok(Some(target)) => {
                return self.answer_elsewhere(&who, &target, cmd, lang, msg.direct);
            }
            Ok(None) => {}
            Err(e) => return Some(self.present_error(&e, lang)),
        }
        match self.execute(&who, cmd) {
            Ok(Event::Ignored) => None,
            Ok(Event::Lang { lang, changed }) => {
                Some(self.present(&Event::Lang { lang, changed }, lang))
            }
            Ok(e) => Some(self.present_for(&e, lang, &who)),
            Err(e) => Some(self.present_error(&e, lang)),
        }
    }

    /// The reply to `e` for `who`: what is heavy to draw drawn in the pool
    /// (`heavy.rs`); in their direct chat, boards turned to their side,
    /// and the games of a `mygames` page with a button each.
    pub(crate) fn present_for(&self, e: &Event, lang: Lang, who: &Actor) -> Reply {
        let viewer = who.direct.then_some(&who.user);
        let mut reply = self.present_pooled(&who.user, who.channel.platform, e, lang, viewer);
        if let (Event::MyGames { me, games, page }, true) = (e, who.direct) {
            let shown = crate::text::my_games_shown(me, games, *page);
            reply.open = App::open_buttons(&games[shown], lang);
        }
        reply
    }

    /// Runs `cmd` for `who`.
    pub fn execute(&self, who: &Actor, cmd: Command) -> Outcome {
        let ch = &who.channel;
        match cmd {
            Command::Help(topic) => self.help(topic.as_deref()),
            Command::Games => self.with_channel(ch, |st| Ok(Event::Catalogue(self.view(ch, st)))),
            Command::Rules(name) => self.rules(&name),
            Command::Challenge {
                opponent,
                game,
                options,
            } => {
                // A name the platform cannot look up (a Telegram user the
                // bot has never seen) is kept: whoever has it may accept.
                let (opp, handle) = match &opponent {
                    None => (who.reply_to.clone().filter(|u| u.id != who.user.id), None),
                    Some(word) => match self.resolve_mention(who, word) {
                        Ok(u) => (Some(u), None),
                        Err(AppError::UnknownUser(_)) if word.starts_with('@') => {
                            (None, Some(word.trim_start_matches('@').to_string()))
                        }
                        Err(e) => return Err(e),
                    },
                };
                if handle.as_ref().is_some_and(|h| {
                    who.handle
                        .as_ref()
                        .is_some_and(|me| me.eq_ignore_ascii_case(h))
                }) {
                    return Err(AppError::SelfChallenge);
                }
                self.with_channel(ch, |st| {
                    self.challenge(who, st, opp, handle, &game, &options, false)
                })
            }
            Command::Play { game, options } => {
                let bot = self.bot_user(ch.platform).ok_or(AppError::NoBotHere)?;
                self.with_channel(ch, |st| {
                    self.challenge(who, st, Some(bot), None, &game, &options, false)
                })
            }
            Command::Accept(n) => self.with_channel(ch, |st| self.accept(who, st, n)),
            Command::Decline(n) => self.with_channel(ch, |st| self.decline(who, st, n)),
            Command::Cancel(n) => self.with_channel(ch, |_| self.cancel(who, n)),
            Command::Said { text, addressed } => {
                self.with_channel(ch, |st| self.said(who, st, &text, addressed))
            }
            Command::Move {
                game, text, ply, ..
            } => self.with_channel(ch, |st| self.play(who, st, game, &text, ply)),
            Command::Pick {
                game,
                ply,
                origin,
                index,
            } => self.with_channel(ch, |st| {
                self.pick(who, st, game, ply, origin.as_deref(), index)
            }),
            Command::Board(n) => self.with_channel(ch, |st| self.board(who, st, n)),
            Command::History(n) => self.with_channel(ch, |st| self.history(who, st, n)),
            Command::Channel(page) => self.with_channel(ch, |st| {
                Ok(Event::Channel {
                    view: self.view(ch, st),
                    page,
                })
            }),
            Command::MyGames(page) => self.my_games(who, who.direct, page),
            Command::Challenges(page) => self.with_channel(ch, |_| self.acceptable(who, page)),
            Command::Resign(n) => self.with_channel(ch, |st| self.resign(who, st, n)),
            Command::Draw(a, n) => self.with_channel(ch, |st| {
                self.offer(who, st, tablero_store::OfferKind::Draw, a, n)
            }),
            Command::Takeback(a, n) => self.with_channel(ch, |st| {
                self.offer(who, st, tablero_store::OfferKind::Takeback, a, n)
            }),
            Command::Stats { user, game } => {
                let named = user.is_some();
                let mut user = match user {
                    None => who.user.clone(),
                    Some(w) => self.resolve_mention(who, &w)?,
                };
                let game = match game.as_deref().map(crate::challenges::parse_game) {
                    None => None,
                    Some(Ok(g)) => Some(g),
                    // `stats bob`: a name without its `@`.
                    Some(Err(e)) => match game.as_deref() {
                        Some(w) if !named && !w.contains(' ') => {
                            user = self.resolve_mention(who, w).map_err(|_| e)?;
                            None
                        }
                        _ => return Err(e),
                    },
                };
                self.stats(ch.platform, user, game)
            }
            Command::Leaderboard(game) => self.leaderboard(who, game.as_deref()),
            Command::Export(n, format) => {
                self.with_channel(ch, |st| self.export(who, st, n, format))
            }
            Command::Replay(n) => self.with_channel(ch, |st| self.replay_game(who, st, n)),
            Command::Rematch(n) => self.with_channel(ch, |st| self.rematch(who, st, n)),
            Command::Lang(l) => self.set_lang(who, l.as_deref()),
            Command::Orientation(w) => {
                self.with_channel(ch, |_| self.orientation(ch, w.as_deref()))
            }
            Command::Web(w) => self.with_channel(ch, |_| self.web_listing(who, w.as_deref())),
            Command::Moves { game, square } => {
                self.with_channel(ch, |st| self.moves(who, st, game, square.as_deref()))
            }
            Command::Hint(n) => self.hint(who, n),
            Command::Learn { game, options } => self.learn(who, &game, &options),
            Command::Review(n) => self.review(who, n),
        }
    }

    /// The user a `@name` or `<@id>` word means.
    fn resolve_mention(&self, who: &Actor, word: &str) -> Res<User> {
        let bare = word
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_start_matches('@')
            .trim_end_matches('>');
        if let Some(bot) = self.bot_user(who.channel.platform)
            && (bot.id == bare || bot.name.eq_ignore_ascii_case(bare))
        {
            return Ok(bot);
        }
        if let Some(u) = who
            .mentions
            .iter()
            .find(|u| u.id == bare || u.name.eq_ignore_ascii_case(bare))
        {
            return Ok(u.clone());
        }
        if word.starts_with("<@") {
            return Ok(User {
                id: bare.to_string(),
                name: bare.to_string(),
            });
        }
        match self.store.find_user_by_name(who.channel.platform, bare)? {
            Some(u) => Ok(u),
            None => Err(AppError::UnknownUser(word.to_string())),
        }
    }

    /// Shows, or with `word` sets, how `ch`'s boards are turned.
    fn orientation(&self, ch: &ChannelKey, word: Option<&str>) -> Outcome {
        let mut doc = self.store.channel_settings(ch)?;
        let Some(word) = word else {
            return Ok(Event::Orientation {
                orientation: doc.orientation,
                changed: false,
            });
        };
        let new = match word.to_lowercase().as_str() {
            "white" | "blancas" | "blanco" | "fixed" | "fija" => Orientation::White,
            "turn" | "turno" | "mover" | "move" | "tomove" => Orientation::Turn,
            _ => return Err(AppError::BadOrientation(word.to_string())),
        };
        doc.orientation = new;
        let mut b = self.store.batch();
        b.put_channel(ch, &doc);
        self.commit(b)?;
        Ok(Event::Orientation {
            orientation: new,
            changed: true,
        })
    }

    /// Chooses the language `user` reads.
    fn set_lang(&self, who: &Actor, word: Option<&str>) -> Outcome {
        let current = self.lang_of(&who.channel, &who.user.id);
        let Some(word) = word else {
            return Ok(Event::Lang {
                lang: current,
                changed: false,
            });
        };
        let Some(new) = Lang::parse(word) else {
            return Err(AppError::BadLang(word.to_string()));
        };
        let p = who.channel.platform;
        // Profiles are written under the stats lock (see `touch_user`).
        let _lock = self.store.lock_stats()?;
        let mut doc = self.store.profile(p, &who.user.id)?.unwrap_or(ProfileDoc {
            name: who.user.name.clone(),
            lang: None,
        });
        doc.lang = Some(new);
        let mut b = self.store.batch();
        b.put_profile(p, &who.user.id, &doc);
        self.commit(b)?;
        Ok(Event::Lang {
            lang: new,
            changed: true,
        })
    }
}
