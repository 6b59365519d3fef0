//! A player's games from another chat.
//!
//! In their direct chat with the bot (a Telegram private chat, a Discord
//! DM) a player reaches every game of theirs:
//!
//! - `mygames` lists them, each with a reference that works there (`#7`
//!   when no other game of theirs has that number, else `#kqa7`, the
//!   game's chat's [`Place`] before the number), with a button per game
//!   that opens its board;
//! - a command about one game (`board`, `move`, `resign`, `draw`, …) runs
//!   in that game's channel, under that channel's lock, as if typed there;
//!   without a number it goes where the only candidates are, else asks
//!   which (naming each game's chat);
//! - a message without a command word is read against all their games
//!   (`Command::Said` per channel), played only when it is exactly a legal
//!   move of one game of theirs anywhere;
//! - what changes a game is also posted in the game's own channel, as the
//!   reply there would be, so its spectators miss nothing.
//!
//! From any chat, a reference with a place (`board #kqa7`) reaches that
//! game the same way. Replies about another chat's game start with its
//! name and carry [`Reply::place`], so front-ends name the game with its
//! place in button data and a press finds it ([`App::resolve`]).

use std::collections::BTreeSet;

use tablero_rules::Lang;

use crate::channel::Live;
use crate::command::Command;
use crate::event::{AppError, Elsewhere, Event, Outcome, Verb};
use crate::place::{GameAt, Place};
use crate::reply::{ChannelKey, OpenGame, Outgoing, Reply, User};
use crate::state::{Actor, App, Res};
use crate::understand::{Context, Held, Intent, understand};
use crate::view::OfferKind;

impl App {
    /// `user`'s ongoing games in every channel of `platform`, with their
    /// channel, read under each channel's lock in turn.
    pub(crate) fn games_everywhere(
        &self,
        platform: crate::reply::Platform,
        user: &User,
    ) -> Res<Vec<(ChannelKey, crate::event::GameView)>> {
        let list = self.store.user_games(platform, &user.id)?;
        let now = self.now();
        let mut out = Vec::new();
        for (ch, id) in list {
            let view = self.with_channel(&ch, |st| Ok(st.games.get(&id).map(|g| g.view(now))));
            if let Ok(Some(v)) = view {
                out.push((ch, v));
            }
        }
        Ok(out)
    }

    /// `games` as the chat `here` names them: a game of `here` by its
    /// number; in a direct chat, another chat's game by its number when no
    /// other listed game has it; else with its place.
    pub(crate) fn elsewhere(
        &self,
        here: &ChannelKey,
        direct: bool,
        games: Vec<(ChannelKey, crate::event::GameView)>,
    ) -> Vec<Elsewhere> {
        let ids: Vec<u64> = games.iter().map(|(_, g)| g.id()).collect();
        games
            .into_iter()
            .map(|(ch, view)| {
                let id = view.id();
                let unique = ids.iter().filter(|&&n| n == id).count() == 1;
                let at = if ch == *here || (direct && unique) {
                    GameAt::here(id)
                } else {
                    GameAt {
                        place: Some(Place::of(&ch)),
                        id,
                    }
                };
                Elsewhere {
                    at,
                    title: self.title_of(&ch),
                    here: ch == *here,
                    view,
                }
            })
            .collect()
    }

    /// The name a chat was last seen with; a console channel's is its id.
    pub(crate) fn title_of(&self, ch: &ChannelKey) -> Option<String> {
        self.store
            .channel_settings(ch)
            .ok()
            .and_then(|d| d.title)
            .or_else(|| {
                (ch.platform == crate::reply::Platform::Console).then(|| ch.channel.clone())
            })
    }

    /// Remembers the name a chat has now, when it changed (a write only
    /// then, under the channel's lock).
    pub(crate) fn remember_title(&self, ch: &ChannelKey, title: Option<&str>) {
        let Some(title) = title.map(str::trim).filter(|t| !t.is_empty()) else {
            return;
        };
        let title: String = crate::state::capped(&User {
            id: String::new(),
            name: title.to_string(),
        })
        .name;
        {
            let seen = crate::sync::lock(&self.titles);
            if seen.get(ch) == Some(&title) {
                return;
            }
        }
        let saved = self.with_channel(ch, |_| {
            let mut doc = self.store.channel_settings(ch)?;
            if doc.title.as_deref() != Some(&title) {
                doc.title = Some(title.clone());
                let mut b = self.store.batch();
                b.put_channel(ch, &doc);
                self.commit(b)?;
            }
            Ok(())
        });
        match saved {
            Ok(()) => {
                let mut seen = crate::sync::lock(&self.titles);
                if seen.len() > 4096 {
                    seen.clear();
                }
                seen.insert(ch.clone(), title);
            }
            Err(e) => tracing::warn!(error = ?e, "cannot remember a chat's name"),
        }
    }

    /// The channel of `user`'s game `at` (named from `here`): `here` when
    /// it has no place or its place is here's.
    pub fn resolve(&self, here: &ChannelKey, user: &User, at: &GameAt) -> Res<ChannelKey> {
        self.resolve_among(here, user, at, false)
    }

    /// As [`App::resolve`], among `user`'s finished games too when
    /// `finished` (what `export`, `replay` and `review` may name).
    fn resolve_among(
        &self,
        here: &ChannelKey,
        user: &User,
        at: &GameAt,
        finished: bool,
    ) -> Res<ChannelKey> {
        let Some(place) = &at.place else {
            return Ok(here.clone());
        };
        if Place::of(here) == *place {
            return Ok(here.clone());
        }
        let mut games = self.store.user_games(here.platform, &user.id)?;
        if finished {
            games.extend(self.store.user_finished_games(here.platform, &user.id)?);
        }
        let chans: BTreeSet<ChannelKey> = games
            .into_iter()
            .filter(|(ch, id)| *id == at.id && Place::of(ch) == *place)
            .map(|(ch, _)| ch)
            .collect();
        match chans.len() {
            1 => Ok(chans.into_iter().next().unwrap_or_else(|| here.clone())),
            0 => Err(AppError::NoGameAt(*at)),
            _ => {
                let games = self
                    .games_everywhere(here.platform, user)?
                    .into_iter()
                    .filter(|(ch, g)| chans.contains(ch) && g.id() == at.id)
                    .collect();
                Err(AppError::WhichPlace {
                    verb: Verb::Board,
                    games: self.elsewhere(here, false, games),
                })
            }
        }
    }

    /// Where `cmd` from `who` runs: `Some(channel)` when it is about a
    /// game of theirs in another channel, named by `place` or (in a direct
    /// chat) by a number or a move that only one chat's games can mean;
    /// `None`: here.
    pub(crate) fn route(
        &self,
        who: &Actor,
        cmd: &Command,
        place: Option<&Place>,
        direct: bool,
    ) -> Res<Option<ChannelKey>> {
        let Some(n) = cmd.game() else {
            return Ok(None);
        };
        let here = &who.channel;
        if let Some(place) = place {
            let at = GameAt {
                place: Some(*place),
                id: n.unwrap_or_default(),
            };
            let finished = matches!(
                cmd,
                Command::Export(..) | Command::Replay(_) | Command::Review(_)
            );
            let ch = self
                .resolve_among(here, &who.user, &at, finished)
                .map_err(|e| with_verb(e, cmd))?;
            return Ok((ch != *here).then_some(ch));
        }
        if !direct {
            return Ok(None);
        }
        let games = self.games_everywhere(here.platform, &who.user)?;
        let me = &who.user;
        let candidates: Vec<&(ChannelKey, crate::event::GameView)> = match (n, cmd) {
            (Some(n), _) => games.iter().filter(|(_, g)| g.id() == n).collect(),
            (None, Command::Move { .. }) => {
                let to_move: Vec<_> = games.iter().filter(|(_, g)| my_turn(g, me)).collect();
                if to_move.is_empty() {
                    games.iter().collect()
                } else {
                    to_move
                }
            }
            (None, Command::Draw(..) | Command::Takeback(..)) => {
                let kind = match cmd {
                    Command::Draw(..) => OfferKind::Draw,
                    _ => OfferKind::Takeback,
                };
                let offered: Vec<_> = games
                    .iter()
                    .filter(|(_, g)| offered_to(g, me, kind))
                    .collect();
                // Else the games where the offer can be made at all.
                let able: Vec<_> = games
                    .iter()
                    .filter(|(_, g)| kind != OfferKind::Draw || g.info().draws)
                    .collect();
                match (offered.is_empty(), able.is_empty()) {
                    (false, _) => offered,
                    (true, false) => able,
                    (true, true) => games.iter().collect(),
                }
            }
            _ => games.iter().collect(),
        };
        let chans: BTreeSet<&ChannelKey> = candidates.iter().map(|(ch, _)| ch).collect();
        match chans.len() {
            0 => Ok(None),
            1 => Ok(chans.into_iter().next().filter(|ch| *ch != here).cloned()),
            _ => Err(AppError::WhichPlace {
                verb: verb_of(cmd),
                // Named with their places: a number alone is unique among
                // these, not always among all the player's games.
                games: self.elsewhere(here, false, candidates.into_iter().cloned().collect()),
            }),
        }
    }

    /// A message without a command word in `who`'s direct chat, read
    /// against their games in every chat (`understand.rs`): a move of one
    /// game is played in that game's chat, as if typed there; an answer
    /// about another chat's game names that chat.
    pub(crate) fn said_direct(&self, who: &Actor, text: &str, lang: Lang) -> Option<Reply> {
        let here = &who.channel;
        let me = &who.user;
        let said = || Command::Said {
            text: text.to_string(),
            addressed: true,
        };
        let chats: BTreeSet<ChannelKey> = match self.store.user_games(here.platform, &me.id) {
            Ok(games) => games.into_iter().map(|(ch, _)| ch).collect(),
            Err(e) => return Some(self.present_error(&e.into(), lang)),
        };
        // The games of each chat, read under that chat's lock in turn.
        let mut lives: Vec<(ChannelKey, Vec<Live>)> = Vec::new();
        for ch in chats {
            let found = self.with_channel(&ch, |st| {
                Ok(st.games_of(me).into_iter().cloned().collect::<Vec<_>>())
            });
            match found {
                Ok(games) => lives.push((ch, games)),
                Err(e) => tracing::warn!(error = ?e, "a chat's games could not be read"),
            }
        }
        let cx = Context {
            here,
            me,
            lang: self.lang_of(here, &me.id),
            addressed: true,
            now: self.now(),
            games: lives
                .iter()
                .flat_map(|(chat, games)| games.iter().map(move |live| Held { chat, live }))
                .collect(),
        };
        match understand(text, &cx) {
            // Played there as if typed there (read again under its lock).
            Intent::Play { chat, .. } if chat != *here => {
                self.answer_elsewhere(who, &chat, said(), lang, true)
            }
            Intent::Play { .. } => match self.execute(who, said()) {
                Ok(e) => Some(self.present_for(&e, lang, who)),
                Err(e) => Some(self.present_error(&e, lang)),
            },
            Intent::Ignore => None,
            Intent::Refuse {
                chat: Some(chat),
                error,
            } => Some(self.reply_elsewhere(&chat, Err(error), lang, me, true, false)),
            Intent::Refuse { chat: None, error } => Some(self.present_error(&error, lang)),
            Intent::Which { games } => Some(self.present_error(
                &AppError::WhichPlace {
                    verb: Verb::Move(text.to_string()),
                    games: self.elsewhere(here, false, games),
                },
                lang,
            )),
        }
    }

    /// Answers `msg`'s command `cmd` in `target`, the channel of the game
    /// it is about, for a reader in `here`: the reply for the reader, and
    /// (when the command changed the game) the same event posted in the
    /// game's channel, as its reply there would be.
    pub(crate) fn answer_elsewhere(
        &self,
        who: &Actor,
        target: &ChannelKey,
        cmd: Command,
        lang: Lang,
        direct: bool,
    ) -> Option<Reply> {
        let changes = cmd.changes_a_game();
        // That chat is not the reader's direct chat: its people watch each
        // move there, the bot's answer too.
        let there = Actor {
            channel: target.clone(),
            community: None,
            manages: false,
            direct: false,
            ..who.clone()
        };
        match self.execute(&there, cmd) {
            Ok(Event::Ignored) => None,
            out => Some(self.reply_elsewhere(target, out, lang, &who.user, direct, changes)),
        }
    }

    /// The reply to `out`, the outcome of a command or press about a game
    /// of channel `target` asked by `reader` from another chat (their
    /// direct chat when `direct`): it starts with the
    /// game's chat's name and carries its place; when `changes` (a move,
    /// a resignation, an offer) it is also posted in `target`, in that
    /// channel's language, so its spectators miss nothing.
    pub(crate) fn reply_elsewhere(
        &self,
        target: &ChannelKey,
        out: Outcome,
        lang: Lang,
        reader: &User,
        direct: bool,
        changes: bool,
    ) -> Reply {
        let mut reply = match out {
            Ok(e) => {
                if changes {
                    self.post(Outgoing {
                        channel: target.clone(),
                        reply: self.present(&e, self.channel_lang(target)),
                    });
                }
                let viewer = direct.then_some(reader);
                self.present_pooled(reader, target.platform, &e, lang, viewer)
            }
            Err(e) => self.present_error(&e, lang),
        };
        reply.place = Some(Place::of(target));
        let title = self.title_of(target);
        for l in [Lang::En, Lang::Es] {
            let mut text = crate::text::in_chat(title.as_deref(), l);
            text.append(reply.text.get(l).clone());
            *reply.text.get_mut(l) = text;
        }
        reply
    }

    /// The board of `user`'s game `at` (a press on a game listed in a
    /// direct chat), answered in `here`.
    pub fn open_board(&self, here: &ChannelKey, user: &User, at: &GameAt) -> Reply {
        let lang = self.lang_of(here, &user.id);
        let who = Actor {
            direct: true,
            ..Actor::without_message(here, user, None)
        };
        let cmd = Command::Board(Some(at.id));
        match self.route(&who, &cmd, at.place.as_ref(), true) {
            Ok(Some(target)) => self
                .answer_elsewhere(&who, &target, cmd, lang, true)
                .unwrap_or_else(|| self.present_error(&AppError::NoGameAt(*at), lang)),
            Ok(None) => match self.execute(&who, cmd) {
                Ok(e) => self.present_to(&e, lang, Some(user)),
                Err(e) => self.present_error(&e, lang),
            },
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// The buttons that open each listed game, for a direct chat.
    pub(crate) fn open_buttons(games: &[Elsewhere], lang: Lang) -> Vec<OpenGame> {
        games
            .iter()
            .map(|g| OpenGame {
                at: g.at,
                label: crate::text::open_label(g, lang),
            })
            .collect()
    }

    /// `mygames`: every ongoing game of `who`'s, named as their chat names
    /// them.
    pub(crate) fn my_games(&self, who: &Actor, direct: bool, page: usize) -> Outcome {
        let games = self.games_everywhere(who.channel.platform, &who.user)?;
        Ok(Event::MyGames {
            me: who.user.clone(),
            games: self.elsewhere(&who.channel, direct, games),
            page,
        })
    }
}

fn my_turn(g: &crate::event::GameView, me: &User) -> bool {
    g.game.outcome().is_none() && g.side_of(&me.id) == Some(g.game.turn().side)
}

/// Whether `g` has an offer of `kind` waiting for `me`'s answer.
fn offered_to(g: &crate::event::GameView, me: &User, kind: OfferKind) -> bool {
    let Some(mine) = g.side_of(&me.id) else {
        return false;
    };
    g.offer(kind) == Some(mine.other())
}

/// The verb whose example a "which game?" shows for `cmd`.
fn verb_of(cmd: &Command) -> Verb {
    match cmd {
        Command::Move { text, .. } | Command::Said { text, .. } => Verb::Move(text.clone()),
        Command::History(_) => Verb::History,
        Command::Resign(_) | Command::AskResign(_) => Verb::Resign,
        Command::Draw(..) => Verb::Offer(OfferKind::Draw),
        Command::Takeback(..) => Verb::Offer(OfferKind::Takeback),
        Command::Export(..) => Verb::Export,
        Command::Replay(_) => Verb::Replay,
        Command::Rematch(_) => Verb::Rematch,
        _ => Verb::Board,
    }
}

/// A "which game?" error with the verb of the command that asked.
fn with_verb(e: AppError, cmd: &Command) -> AppError {
    match e {
        AppError::WhichPlace { games, .. } => AppError::WhichPlace {
            verb: verb_of(cmd),
            games,
        },
        e => e,
    }
}
