//! The app's facade: commands in, events out.
//!
//! [`App::execute`] runs one [`Command`] for one user in one channel and
//! returns an [`Event`] or an [`AppError`]; [`App::handle`] parses a chat
//! message, executes it and writes the outcome as a [`Reply`]. The `App`
//! itself and what every handler shares are in `state.rs`; the command
//! handlers live beside this file by concern (`challenges.rs`, `play.rs`,
//! `offers.rs`, `timers.rs`, `listings.rs`, `records.rs`, …), each
//! knowing only the layers below it (`tests/it/layers.rs`); the sentences
//! live in `text/` only.
//!
//! Concurrency: each channel has one lock, held from reading a game to
//! committing its change (which flushes), so commands on one game apply
//! one after the other and a repeated move is seen as already played. It
//! is two locks taken in turn: this process's mutex over the cached
//! channel, then the store's lock of the channel, which excludes other
//! processes on the same database (PostgreSQL); under both, the cache is
//! checked against the store's version of the channel (`with_channel`, in
//! `state.rs`).
//! Rendering happens after the locks are released. Stats, shared across
//! channels, have the store's stats lock, always taken inside a channel's
//! (never the other way).

use tablero_rules::Lang;
use tablero_store::{Orientation, ProfileDoc, WebLink};

use crate::channel::ChannelState;
use crate::command::{self, Command, Someone};
use crate::event::{AppError, Event, Outcome};
use crate::grammar::{self, ParseError};
use crate::listings::GameSummary;
use crate::place::Place;
use crate::reply::{ChannelKey, Incoming, Reply, User};
use crate::resolve::CommandError;
use crate::state::Res;
pub use crate::state::{Actor, App, MAX_NAME_CHARS, Settings, capped};
use crate::sync::lock;

impl App {
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
        let pages = self.pages_moving(from, to)?;
        let moved = self.store.move_channel(from, to)?;
        // Links already posted keep leading to its games and tournaments.
        self.relink(&pages);
        *ga = ChannelState::default();
        *gb = ChannelState::default();
        drop(held);
        tracing::info!(moved, from = %from.channel, to = %to.channel, "channel moved");
        Ok(moved)
    }

    /// The web pages of `from`'s games and tournaments as they are named
    /// now and once moved to `to`.
    fn pages_moving(&self, from: &ChannelKey, to: &ChannelKey) -> Res<Vec<(WebLink, WebLink)>> {
        let games = self.store.channel_games(from)?;
        let finished = self.store.finished_games(from)?;
        let game = |channel: &ChannelKey, id| WebLink::Game {
            channel: channel.clone(),
            id,
        };
        let mut pages: Vec<_> = games
            .into_iter()
            .chain(finished)
            .flatten()
            .map(|g| (game(from, g.id), game(to, g.id)))
            .collect();
        let tournament = |channel: &ChannelKey, id| WebLink::Tournament {
            channel: channel.clone(),
            id,
        };
        for t in self.store.channel_tournaments(from)?.into_iter().flatten() {
            pages.push((tournament(from, t.id), tournament(to, t.id)));
        }
        Ok(pages)
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
        let page = |channel: &ChannelKey| WebLink::Game {
            channel: channel.clone(),
            id,
        };
        self.relink(&[(page(from), page(to))]);
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

    /// Answers one message; `None` when a plain chat message is not for the
    /// bot.
    pub fn handle(&self, msg: &Incoming) -> Option<Reply> {
        // Both steps: the words, then what they name (`grammar.rs`,
        // `resolve.rs`).
        let read = grammar::parse_at(&crate::reading::unquote(&msg.text))
            .map_err(CommandError::Syntax)
            .and_then(|(written, place)| match written.resolve() {
                Ok(cmd) => Ok((cmd, place)),
                Err(e) => Err(CommandError::Resolve(e)),
            });
        self.answer(msg, read)
    }

    /// Answers a command an adapter built from the platform's typed
    /// options (Discord's slash commands, with the constructors of
    /// `grammar.rs` and `resolve.rs`) or from a press (for a game of
    /// another chat, at `place`) as [`App::handle`] answers the same
    /// command written out; `msg.text` is read only for the language its
    /// command word tells.
    pub fn handle_command(
        &self,
        msg: &Incoming,
        cmd: Result<Command, CommandError>,
        place: Option<Place>,
    ) -> Option<Reply> {
        self.answer(msg, cmd.map(|cmd| (cmd, place)))
    }

    /// Answers `msg`, read as `read`.
    fn answer(
        &self,
        msg: &Incoming,
        read: Result<(Command, Option<Place>), CommandError>,
    ) -> Option<Reply> {
        let platform = msg.channel.platform;
        let who = Actor::of(msg);
        let rate = self.command_rate(&who);
        let profile = self.touch_user(platform, &who.user);
        for u in &who.mentions {
            self.touch_user(platform, u);
        }
        let mut lang = profile
            .as_ref()
            .and_then(|p| p.lang)
            .unwrap_or_else(|| self.channel_lang(&msg.channel));
        // The first command word of someone who has not chosen a language
        // tells it when only one language has that word: after `ayuda` or
        // `desafiar` they read Spanish, after `help` or `challenge`
        // English, until `idioma`/`lang` says otherwise. (Where the chat
        // speaks Spanish an English word is not kept: Spanish speakers
        // type `/help` and `/start` too.)
        if msg.addressed
            && profile.as_ref().is_none_or(|p| p.lang.is_none())
            && let Some(said) = command::language_of(&msg.text)
            && (said == Lang::Es || lang == Lang::En)
        {
            self.detected_lang(&who, said);
            lang = said;
        }
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
        let (cmd, place) = match read {
            Ok(read) if msg.addressed => read,
            Err(CommandError::Syntax(ParseError::Usage(spec, why))) if msg.addressed => {
                return Some(self.present_error(&AppError::Usage { spec, why }, lang));
            }
            Err(CommandError::Resolve(e)) if msg.addressed => {
                return Some(self.present_error(&AppError::from(e), lang));
            }
            _ => (
                Command::Said {
                    text: crate::reading::unquote(&msg.text).trim().to_string(),
                    addressed: msg.addressed,
                },
                None,
            ),
        };
        // A bare message in a direct chat is read against the sender's
        // games in every chat (`direct.rs`, `understand.rs`).
        if let (Command::Said { text, .. }, true, None) = (&cmd, msg.direct, &place) {
            return self.said_direct(&who, text, lang);
        }
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

    /// Runs `cmd` for `who`. In `who`'s direct chat, a move that leaves
    /// the bot to move waits a moment for the bot's answer, to report
    /// both as one event ([`Event::Answered`], `answers.rs`).
    pub fn execute(&self, who: &Actor, cmd: Command) -> Outcome {
        if who.direct {
            self.remember_private(who);
        }
        let out = self.run(who, cmd);
        if who.direct {
            self.with_answer(who, out)
        } else {
            out
        }
    }

    /// Runs `cmd` for `who`: [`App::execute`] but the bot's answer.
    fn run(&self, who: &Actor, cmd: Command) -> Outcome {
        let ch = &who.channel;
        match cmd {
            Command::Help(topic) => Ok(Event::Help(match topic {
                None => crate::event::HelpTopic::All,
                Some(spec) => crate::event::HelpTopic::One(spec),
            })),
            Command::Games => self.with_channel(ch, |st| Ok(Event::Catalogue(self.view(ch, st)))),
            Command::Rules(game) => self.rules(game),
            Command::Challenge {
                opponent,
                game,
                terms,
            } => {
                // A name the platform cannot look up (a Telegram user the
                // bot has never seen) is kept: whoever has it may accept.
                let (opp, handle) = match &opponent {
                    None => (who.reply_to.clone().filter(|u| u.id != who.user.id), None),
                    Some(Someone::Mention(word) | Someone::Name(word)) => {
                        match self.resolve_mention(who, word) {
                            Ok(u) => (Some(u), None),
                            Err(AppError::UnknownUser(_)) if word.starts_with('@') => {
                                (None, Some(word.trim_start_matches('@').to_string()))
                            }
                            Err(e) => return Err(e),
                        }
                    }
                };
                if handle.as_ref().is_some_and(|h| {
                    who.handle
                        .as_ref()
                        .is_some_and(|me| me.eq_ignore_ascii_case(h))
                }) {
                    return Err(AppError::SelfChallenge);
                }
                self.with_channel(ch, |st| {
                    self.challenge(who, st, opp, handle, game, terms, false)
                })
            }
            Command::Play { game, terms } => {
                let bot = self.bot_user(ch.platform).ok_or(AppError::NoBotHere)?;
                self.with_channel(ch, |st| {
                    self.challenge(who, st, Some(bot), None, game, terms, false)
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
            Command::AskResign(n) => self.with_channel(ch, |st| self.ask_resign(who, st, n)),
            Command::Draw(a, n) => self.with_channel(ch, |st| {
                self.offer(who, st, crate::view::OfferKind::Draw, a, n)
            }),
            Command::Takeback(a, n) => self.with_channel(ch, |st| {
                self.offer(who, st, crate::view::OfferKind::Takeback, a, n)
            }),
            Command::Stats { user, game } => {
                let user = match user {
                    None => who.user.clone(),
                    Some(Someone::Mention(w)) => self.resolve_mention(who, &w)?,
                    // `stats bob`: a name without its `@`, which named no
                    // game either.
                    Some(Someone::Name(w)) => self
                        .resolve_mention(who, &w)
                        .map_err(|_| AppError::UnknownGame(w))?,
                };
                self.stats(ch.platform, user, game)
            }
            Command::Leaderboard(game) => self.leaderboard(who, game),
            Command::Export(n, format) => {
                self.with_channel(ch, |st| self.export(who, st, n, format))
            }
            Command::Replay(n) => self.with_channel(ch, |st| self.replay_game(who, st, n)),
            Command::Rematch(n) => self.with_channel(ch, |st| self.rematch(who, st, n)),
            Command::Lang(l) => self.set_lang(who, l),
            Command::Comfort(c) => self.comfort(who, c),
            Command::Orientation(w) => self.with_channel(ch, |_| self.orientation(ch, w)),
            Command::Web(w) => self.with_channel(ch, |_| self.web_listing(who, w)),
            Command::WebLinksReset => self.links_reset(who),
            Command::Moves { game, square } => {
                self.with_channel(ch, |st| self.moves(who, st, game, square.as_deref()))
            }
            Command::Hint(n) => self.hint(who, n),
            Command::Learn { game, terms } => self.learn(who, game, terms),
            Command::Review(n) => self.review(who, n),
            Command::Tournament(t) => self.tournament(who, t),
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
    fn orientation(&self, ch: &ChannelKey, asked: Option<crate::view::Orientation>) -> Outcome {
        let mut doc = self.store.channel_settings(ch)?;
        let Some(asked) = asked else {
            return Ok(Event::Orientation {
                orientation: crate::view::Orientation::of(doc.orientation),
                changed: false,
            });
        };
        let new = match asked {
            crate::view::Orientation::White => Orientation::White,
            crate::view::Orientation::Turn => Orientation::Turn,
        };
        doc.orientation = new;
        let mut b = self.store.batch();
        b.put_channel(ch, &doc);
        self.commit(b)?;
        Ok(Event::Orientation {
            orientation: crate::view::Orientation::of(new),
            changed: true,
        })
    }

    /// Chooses the language `user` reads.
    /// Keeps `lang` as `who`'s language, unless they chose one meanwhile;
    /// a store failure only loses the guess.
    fn detected_lang(&self, who: &Actor, lang: Lang) {
        let p = who.channel.platform;
        let Ok(_lock) = self.store.lock_stats() else {
            return;
        };
        let Ok(doc) = self.store.profile(p, &who.user.id) else {
            return;
        };
        let mut doc = doc.unwrap_or(ProfileDoc {
            name: who.user.name.clone(),
            lang: None,
        });
        if doc.lang.is_some() {
            return;
        }
        doc.lang = Some(lang);
        let mut b = self.store.batch();
        b.put_profile(p, &who.user.id, &doc);
        if let Err(e) = self.store.commit(b) {
            tracing::warn!(error = %e, "cannot remember a user's language");
        }
    }

    fn set_lang(&self, who: &Actor, asked: Option<Lang>) -> Outcome {
        let current = self.lang_of(&who.channel, &who.user.id);
        let Some(new) = asked else {
            return Ok(Event::Lang {
                lang: current,
                changed: false,
            });
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
