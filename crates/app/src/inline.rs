//! Games on a message outside every chat of the bot's: Telegram's inline
//! mode, where someone types `@TableroBot breakthrough` in a chat with a
//! friend and posts the result "via" the bot. The bot can only edit that
//! one message, and it learns the message's id when someone presses one of
//! its buttons (or, with inline feedback on, when the result is chosen).
//!
//! The message is a channel like any other (`ChannelKey::channel` is
//! `inline:ID`, see [`channel`]): its game is an ordinary game, with its
//! clock, its ratings, its place in `mygames`, `stats` and `export`. What
//! is particular lives here: the results offered while someone types
//! ([`App::inline_offers`]), and the Join (or Start) press that makes the
//! challenge and takes it in one go, since the message may exist before
//! the bot has heard of it ([`App::inline_join`]); the buttons a message
//! needs instead of typed commands ([`App::inline_control`]); and the
//! message's whole state at once, for an edit that must show the board
//! whatever happened ([`App::inline_board`]).

use tablero_rules::{AnyGame, GameId, Lang};

use crate::command::Command;
pub use crate::event::InlineError;
use crate::event::{AppError, Event};
use crate::reply::{ChannelKey, Platform, Reply, User};
use crate::resolve::{fold, game_named, read_terms};
use crate::state::{Actor, App};
use crate::terms::Terms;
use crate::view::OfferKind;
use crate::webpath::{PictureKey, Token, WebPath};

/// What the first word of an inline channel's id is.
pub const PREFIX: &str = "inline:";

/// The channel of the inline message `id` on `platform`.
#[must_use]
pub fn channel(platform: Platform, id: &str) -> ChannelKey {
    ChannelKey::new(platform, format!("{PREFIX}{id}"))
}

/// The inline message a channel is, if it is one.
#[must_use]
pub fn message_of(ch: &ChannelKey) -> Option<&str> {
    ch.channel.strip_prefix(PREFIX)
}

/// One result offered while someone types `@bot …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineOffer {
    pub game: GameId,
    /// What the button carries back: the game's key and the options, as
    /// [`App::inline_join`] reads them.
    pub spec: String,
    /// Against the bot: the button starts the game.
    pub bot: bool,
    /// The result's title and the line under it.
    pub title: String,
    pub description: String,
    /// The posted message's text.
    pub caption: Reply,
    /// The start position's picture: the same key, the same picture.
    pub picture: String,
    pub lang: Lang,
}

/// The state of an inline message's game, to draw it whole.
pub struct InlineBoard {
    /// The board as `board` shows it, with the moves of the player to move.
    pub reply: Reply,
    /// An offer waiting for an answer.
    pub offer: Option<OfferKind>,
}

/// A button of an inline game besides its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Resign,
    Draw,
    Takeback,
    /// Accept the opponent's offer.
    Accept,
    /// Decline it.
    Decline,
    /// The finished game's record (`export`), sent to the presser's own
    /// chat with the bot.
    Export,
}

impl Control {
    /// The one-letter code in button data.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            Control::Resign => 'r',
            Control::Draw => 'd',
            Control::Takeback => 't',
            Control::Accept => 'y',
            Control::Decline => 'n',
            Control::Export => 'e',
        }
    }

    /// The control a code names.
    #[must_use]
    pub fn parse(c: &str) -> Option<Control> {
        Some(match c {
            "r" => Control::Resign,
            "d" => Control::Draw,
            "t" => Control::Takeback,
            "y" => Control::Accept,
            "n" => Control::Decline,
            "e" => Control::Export,
            _ => return None,
        })
    }
}

/// The most results a query is answered with (Telegram takes 50).
pub const MAX_OFFERS: usize = 50;

/// The games a query's first word may mean: every game when there is
/// none, else those whose key or name (in either language, accents
/// aside) starts with it; `None` when it names no game.
fn games_for(word: Option<&str>) -> Option<Vec<GameId>> {
    let Some(word) = word else {
        return Some(GameId::ALL.to_vec());
    };
    if let Ok(id) = game_named(word) {
        return Some(vec![id]);
    }
    let w = fold(word);
    let found: Vec<GameId> = GameId::ALL
        .into_iter()
        .filter(|g| {
            let info = g.info();
            [g.key(), info.name(Lang::En), info.name(Lang::Es)]
                .iter()
                .any(|n| fold(n).starts_with(&w))
        })
        .collect();
    (!found.is_empty()).then_some(found)
}

impl App {
    /// The results for `user`'s inline query `query`: the games its first
    /// word may mean (all twelve when it is empty), each with the options
    /// that follow it, in `user`'s language (their choice, else `lang`,
    /// their app's). A game whose options do not fit it is left out; `Err`
    /// says why when that leaves nothing.
    pub fn inline_offers(
        &self,
        platform: Platform,
        user: &User,
        query: &str,
        lang: Lang,
    ) -> Result<Vec<InlineOffer>, Box<Reply>> {
        let user = crate::state::capped(user);
        let lang = self
            .touch_user(platform, &user)
            .and_then(|p| p.lang)
            .unwrap_or(lang);
        let mut words = query.split_whitespace();
        let first = words.next();
        let options: Vec<String> = words.map(str::to_string).collect();
        let Some(games) = games_for(first) else {
            let e = AppError::UnknownGame(first.unwrap_or_default().to_string());
            return Err(Box::new(self.present_error(&e, lang)));
        };
        let mut offers = Vec::new();
        let mut why = None;
        for game in games.into_iter().take(MAX_OFFERS) {
            match self.inline_offer(&user, game, &options, lang) {
                Ok(o) => offers.push(o),
                Err(e) => why = Some(e),
            }
        }
        match (offers.is_empty(), why) {
            (true, Some(e)) => Err(Box::new(self.present_error(&e, lang))),
            _ => Ok(offers),
        }
    }

    fn inline_offer(
        &self,
        user: &User,
        game: GameId,
        options: &[String],
        lang: Lang,
    ) -> Result<InlineOffer, AppError> {
        let read = read_terms(game, options)?;
        AnyGame::new(game, &read.setup).map_err(|e| AppError::BadOption { game, why: e.0 })?;
        let bot = read.level.is_some();
        let mut spec = game.key().to_string();
        for o in options {
            spec.push(' ');
            spec.push_str(o);
        }
        let text = crate::text::inline::offer(game, options, bot, read.level, user);
        Ok(InlineOffer {
            game,
            spec,
            bot,
            title: text.title.get(lang).to_string(),
            description: text.description.get(lang).to_string(),
            caption: Reply::new(text.caption, lang),
            picture: format!(
                "{}:{}:{}",
                game.key(),
                read.setup,
                crate::webpath::lang_code(lang)
            ),
            lang,
        })
    }

    /// The start position of the game `spec` names (as an offer's
    /// [`InlineOffer::spec`]), drawn for a reader of `lang`.
    pub fn inline_picture(&self, spec: &str, lang: Lang) -> Result<Vec<u8>, AppError> {
        let mut words = spec.split_whitespace();
        let game = game_named(words.next().unwrap_or_default())?;
        let options: Vec<String> = words.map(str::to_string).collect();
        let read = read_terms(game, &options)?;
        let start =
            AnyGame::new(game, &read.setup).map_err(|e| AppError::BadOption { game, why: e.0 })?;
        let names = [String::new(), String::new()];
        self.renderer
            .render(game, &start.view(), false, names, lang)
            .map_err(AppError::Unreadable)
    }

    /// A press of an inline message's Join (or, against the bot, Start)
    /// button by `presser`: the message posted by `challenger` (their
    /// user id) offering the game `spec`. The challenge is made (unless
    /// inline feedback already made it) and taken at once: by the first
    /// other person to press Join, or by the challenger's own Start
    /// against the bot. A press after the game began changes nothing.
    pub fn inline_join(
        &self,
        ch: &ChannelKey,
        presser: &User,
        handle: Option<String>,
        challenger: &str,
        spec: &str,
    ) -> Reply {
        let lang = self.lang_of(ch, &presser.id);
        let who = Actor::without_message(ch, presser, handle);
        let outcome = self.with_channel(ch, |st| {
            if !st.games.is_empty() {
                return Err(AppError::Inline(InlineError::Taken));
            }
            if let Some(c) = self.challenges(ch)?.first() {
                if c.challenger.id == presser.id {
                    return Err(AppError::Inline(InlineError::OwnChallenge));
                }
                return self.accept(&who, st, Some(c.id));
            }
            if self.store.next_id(ch)? > 1 {
                // Its game is over, or its challenge expired.
                return Err(AppError::Inline(InlineError::Taken));
            }
            let by = self.challenger(ch.platform, challenger);
            let (game, terms, bot) = read_spec(spec)?;
            if bot {
                if by.id != presser.id {
                    return Err(AppError::Inline(InlineError::NotYourStart(by)));
                }
                let tablero = self.bot_user(ch.platform).ok_or(AppError::NoBotHere)?;
                return self.challenge(&who, st, Some(tablero), None, game, terms, false);
            }
            if by.id == presser.id {
                return Err(AppError::Inline(InlineError::OwnChallenge));
            }
            let them = Actor::without_message(ch, &by, None);
            let (Event::Challenged(c) | Event::ChallengeWaiting(c)) =
                self.challenge(&them, st, None, None, game, terms, false)?
            else {
                return Err(AppError::Inline(InlineError::Taken));
            };
            self.accept(&who, st, Some(c.id))
        });
        match outcome {
            Ok(e) => self.present(&e, lang),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// The inline result `spec` was chosen by `user` and posted as the
    /// message of `ch` (Telegram's inline feedback): a game against the
    /// bot starts at once (its board is returned, to show on the
    /// message); a challenge to anyone is made, to be joined. `None` when
    /// nothing is to be shown (the challenge waits, or the message has a
    /// game already).
    pub fn inline_chosen(&self, ch: &ChannelKey, user: &User, spec: &str) -> Option<Reply> {
        let lang = self.lang_of(ch, &user.id);
        let who = Actor::without_message(ch, user, None);
        let outcome = self.with_channel(ch, |st| {
            if self.store.next_id(ch)? > 1 {
                return Ok(None);
            }
            let (game, terms, bot) = read_spec(spec)?;
            let opponent = if bot {
                Some(self.bot_user(ch.platform).ok_or(AppError::NoBotHere)?)
            } else {
                None
            };
            self.challenge(&who, st, opponent, None, game, terms, false)
                .map(Some)
        });
        match outcome {
            Ok(Some(e @ Event::Accepted { .. })) => Some(self.present(&e, lang)),
            Ok(_) => None,
            // Shown on the message: Start gets the same answer.
            Err(e) => Some(self.present_error(&e, lang)),
        }
    }

    /// The user whose id is `id`, named as they were last seen.
    fn challenger(&self, platform: Platform, id: &str) -> User {
        let name = self
            .store
            .profile(platform, id)
            .ok()
            .flatten()
            .map_or_else(|| id.to_string(), |p| p.name);
        User {
            id: id.to_string(),
            name,
        }
    }

    /// A press of a game button besides the moves (resign, draw,
    /// takeback, and answering the opponent's offer) on game `game` of
    /// `ch` by `user`: exactly the command they would type.
    pub fn inline_control(
        &self,
        ch: &ChannelKey,
        user: &User,
        handle: Option<String>,
        game: u64,
        control: Control,
    ) -> Reply {
        let lang = self.lang_of(ch, &user.id);
        let who = Actor::without_message(ch, user, handle);
        let cmd = match control {
            Control::Resign => Command::Resign(Some(game)),
            Control::Draw => Command::Draw(None, Some(game)),
            Control::Takeback => Command::Takeback(None, Some(game)),
            Control::Accept => Command::Accept(Some(game)),
            Control::Decline => Command::Decline(Some(game)),
            Control::Export => Command::Export(Some(game), None),
        };
        match self.execute(&who, cmd) {
            Ok(e) => self.present(&e, lang),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// The game of `ch` as it stands, for a reader of `lang`: its board
    /// (the newest game, or the last finished one) and any offer waiting.
    /// `None` when the channel has no game.
    pub fn inline_board(&self, ch: &ChannelKey, lang: Lang) -> Option<InlineBoard> {
        let found = self.with_channel(ch, |st| {
            if let Some(live) = st.games.values().next_back() {
                let offer = [OfferKind::Draw, OfferKind::Takeback]
                    .into_iter()
                    .find(|k| live.doc.offer(k.stored()).is_some());
                return Ok(Some((Event::Board(live.view(self.now())), offer)));
            }
            let last = self.store.next_id(ch)?.saturating_sub(1);
            let who = Actor::without_message(
                ch,
                &User {
                    id: String::new(),
                    name: String::new(),
                },
                None,
            );
            match self.board(&who, st, Some(last)) {
                Ok(e) => Ok(Some((e, None))),
                Err(_) => Ok(None),
            }
        });
        let (event, offer) = found.ok().flatten()?;
        Some(InlineBoard {
            reply: self.present(&event, lang),
            offer,
        })
    }
}

impl App {
    /// The web address of the picture of game `game` of `ch` as it stands
    /// (the web front-end's `/g/TOKEN/board/LANG/PLY/KEY.png`), when the
    /// web has a public address: what Telegram fetches for an inline
    /// message.
    #[must_use]
    pub fn inline_board_address(&self, ch: &ChannelKey, game: u64, lang: Lang) -> Option<String> {
        let base = self.web_base()?;
        let token = self.game_token(ch, game).ok()?;
        let page = self.watch_game(&token).ok()??;
        let last = page.plies.len().checked_sub(1)?;
        let path = WebPath::Board {
            token: Token::new(&token)?,
            lang,
            ply: last,
            key: PictureKey::new(&page.plies[last].key)?,
        };
        Some(path.at(&base))
    }
}

/// The game, its terms and whether the bot plays, of an offer's spec.
fn read_spec(spec: &str) -> Result<(GameId, Terms, bool), AppError> {
    let mut words = spec.split_whitespace();
    let game = game_named(words.next().unwrap_or_default())?;
    let options: Vec<String> = words.map(str::to_string).collect();
    let terms = read_terms(game, &options)?;
    let bot = terms.level.is_some();
    Ok((game, terms, bot))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_names_games_by_any_start_of_their_names() {
        assert_eq!(games_for(None).map(|g| g.len()), Some(12));
        assert_eq!(
            games_for(Some("breakthrough")),
            Some(vec![GameId::Breakthrough])
        );
        // Spanish, no accent, a prefix, any case.
        assert!(games_for(Some("ajedrez")).is_some_and(|g| g.contains(&GameId::Chess)));
        assert!(games_for(Some("BREAK")).is_some_and(|g| g == vec![GameId::Breakthrough]));
        assert_eq!(games_for(Some("zzz")), None);
    }

    #[test]
    fn specs_tell_the_bot_by_its_level() {
        let (game, terms, bot) = read_spec("chess level=3 black").unwrap();
        assert_eq!(
            (game, terms.level, terms.side, bot),
            (
                GameId::Chess,
                Some(3),
                Some(Some(tablero_rules::Side::Second)),
                true
            )
        );
        let (game, terms, bot) = read_spec("barrier size=7").unwrap();
        assert_eq!(
            (game, terms.setup.params.get("size"), bot),
            (GameId::Barrier, Some(&7), false)
        );
        assert!(read_spec("nosuchgame").is_err());
        for c in [
            Control::Resign,
            Control::Draw,
            Control::Takeback,
            Control::Accept,
            Control::Decline,
            Control::Export,
        ] {
            assert_eq!(Control::parse(&c.code().to_string()), Some(c));
        }
        assert_eq!(
            channel(Platform::Telegram, "AgAAAB").channel,
            "inline:AgAAAB"
        );
        assert_eq!(
            message_of(&channel(Platform::Telegram, "AgAAAB")),
            Some("AgAAAB")
        );
    }
}
