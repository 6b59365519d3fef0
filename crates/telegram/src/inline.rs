//! Inline mode: games played on a message someone posted "via" the bot
//! in any chat, the bot's own or not (`@TableroBot breakthrough` in a chat
//! with a friend).
//!
//! What Telegram allows decides the shape:
//!
//! - The bot never sees the chat. It answers the inline query with
//!   results (a photo of each game's start, a caption and a Join or Start
//!   button); the user posts one. It learns the message's
//!   `inline_message_id` from a press on its buttons, or earlier from
//!   `chosen_inline_result` when BotFather's inline feedback is on. So the
//!   Join button carries what the game needs (`n:CHALLENGER:SPEC`, at most
//!   64 bytes) and the first press makes the challenge and takes it
//!   (`App::inline_join`): play works with feedback off.
//! - The message is the game's channel, `inline:ID` (`tablero_app::inline`),
//!   and every change is an edit of it: `editMessageMedia` with the new
//!   board, its caption and keyboard. An inline message takes no upload,
//!   so the picture is a file id (uploaded once to the operator's
//!   `[telegram] media_chat`) or an https address of the web front-end
//!   (`[web] public_url`). A text message cannot become a photo, so every
//!   result is a photo from the start.
//! - Presses carry `inline_message_id` and no chat: they are answered
//!   here. A press that may not act (someone else's, a stale one) is an
//!   alert only the presser sees.
//! - Notices (the bot's moves, timeouts, reminders, moves played from a
//!   direct chat) edit the message; a notice without a board (a reminder,
//!   an offer) is also sent to the players mentioned in it in their chat
//!   with the bot, when they have started it (otherwise Telegram refuses
//!   with 403 and the message's next edit shows it).
//!
//! Edits of one message are made one at a time, in the order the app
//! answered, under a lock per message.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tablero_app::inline::{Control, InlineBoard, channel, message_of};
use tablero_app::place::GameAt;
use tablero_app::{ChannelKey, Outgoing, Reply, Span, Text, Ui, lang_of_locale};
use tablero_deliver::{Recent, Retry, with_retries};
use teloxide::types::{
    CallbackQuery, ChatId, ChosenInlineResult, FileId, InlineKeyboardButton, InlineKeyboardMarkup,
    InlineQuery, InlineQueryResult, InlineQueryResultCachedPhoto, InlineQueryResultPhoto,
    InlineQueryResultsButton, InlineQueryResultsButtonKind, ParseMode,
};

use crate::deliver::{Api, Shown};
use crate::handler::{Handler, MAX_ALERT};
use crate::incoming::{PLATFORM, user_ref};
use crate::keyboard::{Action, Button, MAX_DATA};
use crate::outbound::caption;

/// Where the pictures of inline messages come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pictures {
    /// Uploaded to this chat of the operator's, then shown by file id.
    Chat(ChatId),
    /// Fetched by Telegram from the web front-end's public address.
    Web(String),
    /// Neither is set up: inline queries lead to the bot's own chat.
    Off,
}

/// What the handler keeps for inline messages.
pub struct Inline {
    pub pictures: Pictures,
    /// File ids of pictures already uploaded, by what they show.
    file_ids: Mutex<Recent<String, String>>,
    /// One lock per message, so its edits go out in order.
    locks: Mutex<Recent<String, Arc<tokio::sync::Mutex<()>>>>,
    /// The app's notices about inline games, shown one after the other
    /// ([`Handler::inline_notices`]).
    notices: tokio::sync::mpsc::UnboundedSender<Outgoing>,
    waiting: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<Outgoing>>>,
}

/// How many start pictures' file ids are kept.
const FILE_IDS: usize = 10_000;
/// How many messages' locks are kept (a lock nobody holds is dropped
/// first).
const LOCKS: usize = 10_000;

impl Inline {
    #[must_use]
    pub fn new(pictures: Pictures) -> Inline {
        let (notices, waiting) = tokio::sync::mpsc::unbounded_channel();
        Inline {
            notices,
            waiting: Mutex::new(Some(waiting)),
            pictures,
            file_ids: Mutex::new(Recent::new(FILE_IDS)),
            locks: Mutex::new(Recent::new(LOCKS)),
        }
    }

    /// Queues a notice about an inline game.
    pub(crate) fn queue(&self, n: Outgoing) {
        if self.notices.send(n).is_err() {
            tracing::warn!("an inline game's notice was dropped: nobody shows them");
        }
    }

    fn lock(&self, message: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(l) = locks.get(&message.to_string()) {
            return l.clone();
        }
        let l = Arc::new(tokio::sync::Mutex::new(()));
        locks.insert(message.to_string(), l.clone());
        l
    }
}

/// The data of a result's Join (or Start) button: who posted it and the
/// game and options, `n:CHALLENGER:SPEC`.
fn join_data(challenger: u64, spec: &str) -> String {
    format!("n:{challenger}:{spec}")
}

/// Reads a Join button's data.
fn join_press(data: &str) -> Option<(&str, &str)> {
    let rest = data.strip_prefix("n:")?;
    let (who, spec) = rest.split_once(':')?;
    (!who.is_empty() && who.bytes().all(|b| b.is_ascii_digit()) && !spec.is_empty())
        .then_some((who, spec))
}

/// The data of a control button, `x:GAME:CODE`.
fn control_data(game: u64, c: Control) -> String {
    format!("x:{game}:{}", c.code())
}

/// Reads a control button's data.
fn control_press(data: &str) -> Option<(u64, Control)> {
    let (game, code) = data.strip_prefix("x:")?.split_once(':')?;
    Some((game.parse().ok()?, Control::parse(code)?))
}

/// The keyboard of an inline game: the moves (as on a group's board),
/// then the answers to an offer waiting, then draw, takeback and resign;
/// once the game is over, its record.
fn game_keyboard(
    board: &Reply,
    moves: Option<InlineKeyboardMarkup>,
    offer: bool,
) -> Option<InlineKeyboardMarkup> {
    let (game, _) = board.game()?;
    let lang = board.lang;
    let button = |label: Ui, c: Control| {
        InlineKeyboardButton::callback(label.text(lang), control_data(game, c))
    };
    if board.choices.is_empty() || board.ended.is_some() {
        return Some(InlineKeyboardMarkup::new([[button(
            Ui::Record,
            Control::Export,
        )]]));
    }
    let mut rows = moves.map(|k| k.inline_keyboard).unwrap_or_default();
    if offer {
        rows.push(vec![
            button(Ui::Accept, Control::Accept),
            button(Ui::Decline, Control::Decline),
        ]);
    }
    rows.push(vec![
        button(Ui::OfferDraw, Control::Draw),
        button(Ui::AskTakeback, Control::Takeback),
        button(Ui::Resign, Control::Resign),
    ]);
    Some(InlineKeyboardMarkup::new(rows))
}

impl<A: Api> Handler<A> {
    /// Answers an inline query: the games it names, each a photo of its
    /// start with a Join (or Start) button.
    pub(crate) async fn inline_query(&self, q: InlineQuery) {
        self.learn(&q.from);
        let lang = lang_of_locale(q.from.language_code.as_deref());
        let to_chat = |text: String| {
            Some(InlineQueryResultsButton {
                text: text.chars().take(64).collect(),
                kind: InlineQueryResultsButtonKind::StartParameter("inline".into()),
            })
        };
        if self.inline.pictures == Pictures::Off {
            self.answer_query(q.id.0, Vec::new(), to_chat(Ui::PlayInChat.text(lang)))
                .await;
            return;
        }
        let (app, user, query) = (self.app.clone(), user_ref(&q.from), q.query.clone());
        let offers = match tokio::task::spawn_blocking(move || {
            app.inline_offers(PLATFORM, &user, &query, lang)
        })
        .await
        {
            Ok(Ok(o)) => o,
            Ok(Err(why)) => {
                let text = crate::outbound::plain(&why, &|u| self.username(u));
                self.answer_query(q.id.0, Vec::new(), to_chat(text)).await;
                return;
            }
            Err(e) => {
                tracing::error!("an inline query could not be answered: {e}");
                return;
            }
        };
        let mut results = Vec::new();
        for o in offers {
            let data = join_data(q.from.id.0, &o.spec);
            // The result's id is its spec: `chosen_inline_result` gives it back.
            if data.len() > MAX_DATA || o.spec.len() > 64 {
                continue;
            }
            let label = if o.bot { Ui::Start } else { Ui::Join };
            let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
                label.text(o.lang),
                data,
            )]]);
            let html = caption(&o.caption, &|u| self.username(u));
            let Some(photo) = self.start_picture(&o.spec, &o.picture, o.lang).await else {
                continue;
            };
            results.push(match photo {
                Shown::FileId(id) => InlineQueryResult::CachedPhoto(
                    InlineQueryResultCachedPhoto::new(o.spec.clone(), FileId(id))
                        .title(o.title)
                        .description(o.description)
                        .caption(html)
                        .parse_mode(ParseMode::Html)
                        .reply_markup(keyboard),
                ),
                Shown::Url(u) => InlineQueryResult::Photo(
                    InlineQueryResultPhoto::new(o.spec.clone(), u.clone(), u)
                        .title(o.title)
                        .description(o.description)
                        .caption(html)
                        .parse_mode(ParseMode::Html)
                        .reply_markup(keyboard),
                ),
            });
        }
        self.answer_query(q.id.0, results, None).await;
    }

    async fn answer_query(
        &self,
        id: String,
        results: Vec<InlineQueryResult>,
        button: Option<InlineQueryResultsButton>,
    ) {
        // An answer later than ten seconds or so is refused: retry briefly.
        let quick = Retry {
            first_pause: Duration::from_millis(300),
            max_pause: Duration::from_secs(2),
            give_up: Duration::from_secs(8),
        };
        if let Err(e) = with_retries("answering an inline query", quick, None, || {
            self.api
                .answer_inline(id.clone(), results.clone(), button.clone())
        })
        .await
        {
            tracing::warn!("an inline query was not answered: {e:?}");
        }
    }

    /// The picture of a result's start position, `key` naming what it
    /// shows: uploaded once to the media chat, or the web's address.
    async fn start_picture(
        &self,
        spec: &str,
        key: &str,
        lang: tablero_rules::Lang,
    ) -> Option<Shown> {
        match &self.inline.pictures {
            Pictures::Off => None,
            Pictures::Web(base) => {
                let path = tablero_app::webpath::WebPath::Start {
                    lang,
                    spec: spec.to_string(),
                    jpeg: true,
                };
                Some(Shown::Url(url::Url::parse(&path.at(base)).ok()?))
            }
            Pictures::Chat(chat) => {
                let known = self
                    .inline
                    .file_ids
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get(&key.to_string())
                    .cloned();
                if let Some(id) = known {
                    return Some(Shown::FileId(id));
                }
                let (app, spec) = (self.app.clone(), spec.to_string());
                let png = tokio::task::spawn_blocking(move || app.inline_picture(&spec, lang))
                    .await
                    .ok()?
                    .ok()?;
                let id = self.upload(*chat, png).await?;
                self.inline
                    .file_ids
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(key.to_string(), id.clone());
                Some(Shown::FileId(id))
            }
        }
    }

    async fn upload(&self, chat: ChatId, png: Vec<u8>) -> Option<String> {
        let quick = Retry {
            give_up: Duration::from_secs(10),
            ..Retry::default()
        };
        match with_retries("uploading a picture", quick, None, || {
            self.api.upload_photo(chat, png.clone())
        })
        .await
        {
            Ok(id) => Some(id),
            Err(e) => {
                tracing::warn!("a picture could not be uploaded to the media chat: {e:?}");
                None
            }
        }
    }

    /// A result was posted (inline feedback on): its message is known, so
    /// a game against the bot begins now and a challenge waits there.
    pub(crate) async fn chosen(&self, r: ChosenInlineResult) {
        self.learn(&r.from);
        let Some(message) = r.inline_message_id else {
            return;
        };
        let lock = self.inline.lock(&message);
        let _held = lock.lock().await;
        let ch = channel(PLATFORM, &message);
        let (app, user, spec, at) = (
            self.app.clone(),
            user_ref(&r.from),
            r.result_id.clone(),
            ch.clone(),
        );
        match tokio::task::spawn_blocking(move || app.inline_chosen(&at, &user, &spec)).await {
            // An error shows again when Start is pressed.
            Ok(Some(reply)) if !reply.error => self.show(&message, &ch, &reply).await,
            Ok(_) => {}
            Err(e) => tracing::error!("a chosen inline result could not be handled: {e}"),
        }
    }

    /// A press on an inline message's button.
    pub(crate) async fn inline_press(&self, q: CallbackQuery, message: String) {
        let lock = self.inline.lock(&message);
        let _held = lock.lock().await;
        let ch = channel(PLATFORM, &message);
        let data = q.data.clone().unwrap_or_default();
        let (app, user, handle, at) = (
            self.app.clone(),
            user_ref(&q.from),
            q.from.username.clone(),
            ch.clone(),
        );
        let stale = || Ui::StaleButton.text(lang_of_locale(q.from.language_code.as_deref()));
        // Showing a piece's moves changes only the keyboard.
        let button = Button::decode(&data);
        let keyboard_only = matches!(
            button.as_ref().map(|b| &b.action),
            Some(Action::Menu { .. } | Action::Origin { .. })
        );
        let reply = if let Some((who, spec)) = join_press(&data) {
            let (who, spec) = (who.to_string(), spec.to_string());
            tokio::task::spawn_blocking(move || app.inline_join(&at, &user, handle, &who, &spec))
                .await
        } else if let Some((game, c)) = control_press(&data) {
            let record = c == Control::Export;
            let reply = tokio::task::spawn_blocking(move || {
                app.inline_control(&at, &user, handle, game, c)
            })
            .await;
            if let (true, Ok(r)) = (record, &reply)
                && !r.error
            {
                // The file goes to the presser's own chat with the bot.
                self.send_record(&q, r).await;
                return;
            }
            reply
        } else if let Some(b) = button.clone() {
            let press = b.press();
            tokio::task::spawn_blocking(move || app.press(&at, &user, b.game, b.ply, &press)).await
        } else {
            self.answer(q.id.0, Some(stale())).await;
            return;
        };
        let reply = match reply {
            Ok(r) => r,
            Err(e) => {
                tracing::error!("an inline press could not be handled: {e}");
                return;
            }
        };
        if reply.error {
            let mut text = crate::outbound::plain(&reply, &|u| self.username(u));
            if text.chars().count() > MAX_ALERT {
                text = text.chars().take(MAX_ALERT - 1).collect::<String>() + "…";
            }
            self.answer(q.id.0, Some(text)).await;
            return;
        }
        self.answer(q.id.0, None).await;
        if let (true, Some(b)) = (keyboard_only, button) {
            let moves = match &b.action {
                Action::Origin { page, .. } => reply
                    .choices
                    .first()
                    .and_then(|g| crate::keyboard::origin(g, b.game, b.ply, *page, reply.lang)),
                _ => crate::keyboard::menu(&reply.choices, b.game, b.ply, 0),
            };
            let mut board = reply.clone();
            board.board = Some(tablero_app::BoardRef::Game {
                id: b.game.id,
                ply: b.ply,
            });
            let keyboard = game_keyboard(&board, moves, false);
            let edit = || {
                self.api
                    .edit_inline_keyboard(message.clone(), keyboard.clone())
            };
            if let Err(e) = with_retries("showing moves", quick(), None, edit).await {
                tracing::warn!("moves not shown: {e:?}");
            }
            return;
        }
        self.show(&message, &ch, &reply).await;
    }

    /// Sends a finished inline game's record (`reply`, the answer to its
    /// Record button) to the presser's chat with the bot, and answers the
    /// press with where it went, or with how to open that chat.
    async fn send_record(&self, q: &CallbackQuery, reply: &Reply) {
        let lang = reply.lang;
        let chat = ChatId(i64::try_from(q.from.id.0).unwrap_or_default());
        let mut sent = true;
        for post in crate::outbound::posts(reply, &|u| self.username(u)) {
            let done = match &post.file {
                Some(f) => self
                    .api
                    .send_file(chat, f, &post.html, None)
                    .await
                    .map(drop),
                None => self.api.send_text(chat, &post.html, None).await.map(drop),
            };
            if let Err(e) = done {
                tracing::debug!("a record was not sent to a player's chat: {e:?}");
                sent = false;
                break;
            }
        }
        let note = if sent {
            Ui::SentToChat
        } else {
            Ui::OpenChatFirst
        };
        self.answer(q.id.0.clone(), Some(note.text(lang))).await;
    }

    /// Shows the app's notices about inline games as they come, one at a
    /// time; runs until the handler is dropped.
    pub async fn inline_notices(self: Arc<Self>) {
        let taken = self
            .inline
            .waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let Some(mut rx) = taken else {
            return;
        };
        let weak = Arc::downgrade(&self);
        drop(self);
        while let Some(n) = rx.recv().await {
            let Some(h) = weak.upgrade() else {
                return;
            };
            h.inline_notice(n).await;
        }
    }

    /// A notice of the app's about an inline message's game (the bot's
    /// move, a timeout, a reminder, a move played from a direct chat).
    pub(crate) async fn inline_notice(&self, n: Outgoing) {
        let Some(message) = message_of(&n.channel).map(str::to_string) else {
            return;
        };
        let lock = self.inline.lock(&message);
        let _held = lock.lock().await;
        if n.reply.image.is_none() {
            // A reminder, an offer: also where it reaches the players.
            let html = caption(&n.reply, &|u| self.username(u));
            let bot = self.app.bot_user(PLATFORM);
            for u in &n.reply.mentions {
                let Ok(id) = u.id.parse::<i64>() else {
                    continue;
                };
                if bot.as_ref().is_some_and(|b| b.id == u.id) {
                    continue;
                }
                // 403: they never started the bot; the edit below shows it.
                if let Err(e) = self.api.send_text(ChatId(id), &html, None).await {
                    tracing::debug!("a player of an inline game was not told directly: {e:?}");
                }
            }
        }
        self.show(&message, &n.channel, &n.reply).await;
    }

    /// Shows `reply` on inline message `message` (of channel `ch`): its
    /// board with the game's keyboard, or, for a reply without a board,
    /// its text above the game as it stands.
    async fn show(&self, message: &str, ch: &ChannelKey, reply: &Reply) {
        let (board, offer) = if reply.image.is_some() && reply.game().is_some() {
            (reply.clone(), false)
        } else {
            let (app, at, lang) = (self.app.clone(), ch.clone(), reply.lang);
            let Ok(Some(InlineBoard { reply: b, offer })) =
                tokio::task::spawn_blocking(move || app.inline_board(&at, lang)).await
            else {
                return;
            };
            let mut merged = b.clone();
            for l in [tablero_rules::Lang::En, tablero_rules::Lang::Es] {
                let mut text: Text = reply.text.get(l).clone();
                text.push(Span::Text("\n\n".into()));
                text.append(b.text.get(l).clone());
                *merged.text.get_mut(l) = text;
            }
            (merged, offer.is_some())
        };
        let Some((game, ply)) = board.game() else {
            return;
        };
        let moves = crate::keyboard::menu(&board.choices, GameAt::from(game), ply, 0);
        let keyboard = game_keyboard(&board, moves, offer);
        let html = caption(&board, &|u| self.username(u));
        let Some(photo) = self.board_picture(ch, &board).await else {
            return;
        };
        let edit = || {
            self.api.edit_inline(
                message.to_string(),
                photo.clone(),
                html.clone(),
                keyboard.clone(),
            )
        };
        if let Err(e) = with_retries("editing an inline game", Retry::default(), None, edit).await {
            tracing::warn!("an inline game's message was not edited: {e:?}");
        }
    }

    /// The picture of `board` as Telegram can show it on an inline
    /// message.
    async fn board_picture(&self, ch: &ChannelKey, board: &Reply) -> Option<Shown> {
        match &self.inline.pictures {
            Pictures::Off => None,
            Pictures::Chat(chat) => self
                .upload(*chat, board.image.clone()?)
                .await
                .map(Shown::FileId),
            Pictures::Web(_) => {
                let (game, _) = board.game()?;
                let (app, at, lang) = (self.app.clone(), ch.clone(), board.lang);
                let address =
                    tokio::task::spawn_blocking(move || app.inline_board_address(&at, game, lang))
                        .await
                        .ok()??;
                url::Url::parse(&address).ok().map(Shown::Url)
            }
        }
    }
}

fn quick() -> Retry {
    Retry {
        give_up: Duration::from_secs(10),
        ..Retry::default()
    }
}

/// Whether `n` is about an inline message's game.
#[must_use]
pub fn is_inline(n: &Outgoing) -> bool {
    message_of(&n.channel).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_data_round_trips_and_fits() {
        let d = join_data(1_234_567_890_123, "breakthrough casual");
        assert_eq!(
            join_press(&d),
            Some(("1234567890123", "breakthrough casual"))
        );
        assert!(d.len() <= MAX_DATA);
        assert_eq!(join_press("n::chess"), None);
        assert_eq!(join_press("n:12:"), None);
        assert_eq!(join_press("n:x1:chess"), None);
        let c = control_data(1, Control::Resign);
        assert_eq!(control_press(&c), Some((1, Control::Resign)));
        assert_eq!(control_press("x:1:z"), None);
        assert_eq!(control_press("x:a:r"), None);
    }
}
