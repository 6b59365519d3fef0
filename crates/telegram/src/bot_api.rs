//! [`Api`] over teloxide's [`Bot`], behind the [`Throttle`] adaptor that
//! keeps to Telegram's flood limits (and waits out `RetryAfter` on sends).

use std::time::Duration;

use teloxide::adaptors::Throttle;
use teloxide::prelude::*;
use teloxide::types::{
    BotCommand, CallbackQueryId, ChatAction, InlineKeyboardMarkup, InputFile, InputMedia,
    InputMediaPhoto, MessageId, ParseMode,
};
use teloxide::{ApiError, RequestError};

use std::sync::Arc;

use crate::deliver::{Api, SendError, Shown};
use crate::pace::GroupPace;
use tablero_app::{Attachment, FileKind, Picture};

/// The bot the adapter talks through.
pub type TgBot = Throttle<Bot>;

/// [`Api`] for the real Bot API: every send waits for its basic group's
/// minute ([`GroupPace`]) and then goes through the adaptor.
#[derive(Clone)]
pub struct BotApi(pub TgBot, pub Arc<GroupPace>);

impl BotApi {
    /// Over `bot`, basic groups taking `group_per_minute` messages a minute
    /// (as the adaptor's supergroups do).
    #[must_use]
    pub fn new(bot: TgBot, group_per_minute: u32) -> BotApi {
        BotApi(bot, Arc::new(GroupPace::new(group_per_minute)))
    }
}

/// Sorts a teloxide error by whether retrying may help.
#[must_use]
pub fn classify(e: RequestError) -> SendError {
    match e {
        RequestError::RetryAfter(s) => SendError::RetryAfter(s.duration()),
        // A network failure, or an answer that is not the Bot API's (a
        // proxy's error page): the server may be back soon.
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => {
            SendError::Transient(e.to_string())
        }
        RequestError::MigrateToChatId(to) => SendError::Moved(to.0),
        RequestError::Api(ref api) if chat_is_gone(api) => SendError::Gone(e.to_string()),
        RequestError::Api(_) => SendError::Permanent(e.to_string()),
    }
}

/// Whether an error means the bot cannot write to the chat at all: it was
/// removed or blocked, the chat is gone, or it may not post there. (Telegram
/// answers 403 Forbidden for most of these; teloxide names the known texts
/// and keeps others as `Unknown`.)
fn chat_is_gone(e: &ApiError) -> bool {
    match e {
        ApiError::BotBlocked
        | ApiError::BotKicked
        | ApiError::BotKickedFromSupergroup
        | ApiError::BotKickedFromChannel
        | ApiError::UserDeactivated
        | ApiError::CantInitiateConversation
        | ApiError::CantTalkWithBots
        | ApiError::ChatNotFound
        | ApiError::GroupDeactivated
        | ApiError::NotEnoughRightsToPostMessages => true,
        ApiError::Unknown(text) => {
            text.starts_with("Forbidden:")
                || text.contains("not enough rights to send")
                || text.contains("have no rights to send")
        }
        _ => false,
    }
}

impl Api for BotApi {
    async fn send_text(
        &self,
        chat: ChatId,
        html: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, SendError> {
        self.1.wait(chat).await;
        let mut req = self.0.send_message(chat, html).parse_mode(ParseMode::Html);
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        req.await.map(|m| m.id).map_err(classify)
    }

    async fn send_photo(
        &self,
        chat: ChatId,
        png: Vec<u8>,
        caption: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, SendError> {
        self.1.wait(chat).await;
        let photo = InputFile::memory(png).file_name("board.png");
        let mut req = self.0.send_photo(chat, photo);
        if !caption.is_empty() {
            req = req.caption(caption).parse_mode(ParseMode::Html);
        }
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        req.await.map(|m| m.id).map_err(classify)
    }

    async fn send_file(
        &self,
        chat: ChatId,
        file: &Attachment,
        caption: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, SendError> {
        self.1.wait(chat).await;
        let input = InputFile::memory(file.bytes.clone()).file_name(file.name.clone());
        let caption = (!caption.is_empty()).then(|| caption.to_string());
        // Each kind has its own method; the optional parts are the same.
        macro_rules! send {
            ($req:expr) => {{
                let mut req = $req;
                if let Some(c) = caption {
                    req = req.caption(c).parse_mode(ParseMode::Html);
                }
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await.map(|m| m.id).map_err(classify)
            }};
        }
        match file.kind {
            FileKind::Document => send!(self.0.send_document(chat, input)),
            FileKind::Animation => send!(self.0.send_animation(chat, input)),
            FileKind::Image => send!(self.0.send_photo(chat, input)),
        }
    }

    async fn send_album(&self, chat: ChatId, album: &[Picture]) -> Result<MessageId, SendError> {
        self.1.wait(chat).await;
        let media: Vec<InputMedia> = album
            .iter()
            .map(|p| {
                let file = InputFile::memory(p.png.clone()).file_name(p.name.clone());
                let mut photo = InputMediaPhoto::new(file);
                if !p.caption.is_empty() {
                    photo = photo.caption(p.caption.clone()).parse_mode(ParseMode::Html);
                }
                InputMedia::Photo(photo)
            })
            .collect();
        let sent = self
            .0
            .send_media_group(chat, media)
            .await
            .map_err(classify)?;
        sent.first().map(|m| m.id).ok_or_else(|| {
            SendError::Permanent("Telegram answered an album with no message".into())
        })
    }

    async fn set_keyboard(
        &self,
        chat: ChatId,
        message: MessageId,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<(), SendError> {
        let mut req = self.0.edit_message_reply_markup(chat, message);
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        match req.await {
            // Already as asked (a second press on the same page).
            Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
            Err(e) => Err(classify(e)),
        }
    }

    async fn answer(
        &self,
        query: String,
        text: Option<String>,
        alert: bool,
    ) -> Result<(), SendError> {
        let mut req = self.0.answer_callback_query(CallbackQueryId(query));
        if let Some(t) = text {
            req = req.text(t).show_alert(alert);
        }
        req.await.map(drop).map_err(classify)
    }

    async fn typing(&self, chat: ChatId) -> Result<(), SendError> {
        self.0
            .send_chat_action(chat, ChatAction::Typing)
            .await
            .map(drop)
            .map_err(classify)
    }

    async fn upload_photo(&self, chat: ChatId, png: Vec<u8>) -> Result<String, SendError> {
        self.1.wait(chat).await;
        let photo = InputFile::memory(png).file_name("board.png");
        let m = self
            .0
            .send_photo(chat, photo)
            .disable_notification(true)
            .await
            .map_err(classify)?;
        // The largest size is last; any of them shows the picture.
        m.photo()
            .and_then(|sizes| sizes.last())
            .map(|p| p.file.id.0.clone())
            .ok_or_else(|| SendError::Permanent("Telegram kept no photo".into()))
    }

    async fn answer_inline(
        &self,
        query: String,
        results: Vec<teloxide::types::InlineQueryResult>,
        button: Option<teloxide::types::InlineQueryResultsButton>,
    ) -> Result<(), SendError> {
        // Each result's Join button names who typed the query: personal,
        // and cached only briefly.
        let mut req = self
            .0
            .answer_inline_query(teloxide::types::InlineQueryId(query), results)
            .is_personal(true)
            .cache_time(10);
        if let Some(b) = button {
            req = req.button(b);
        }
        req.await.map(drop).map_err(classify)
    }

    async fn edit_inline(
        &self,
        message: String,
        photo: Shown,
        caption: String,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<(), SendError> {
        let file = match photo {
            Shown::FileId(id) => InputFile::file_id(teloxide::types::FileId(id)),
            Shown::Url(u) => InputFile::url(u),
        };
        let mut media = InputMediaPhoto::new(file);
        if !caption.is_empty() {
            media = media.caption(caption).parse_mode(ParseMode::Html);
        }
        let mut req = self
            .0
            .edit_message_media_inline(message, InputMedia::Photo(media));
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        match req.await {
            Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
            Err(e) => Err(classify(e)),
        }
    }

    async fn edit_inline_keyboard(
        &self,
        message: String,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<(), SendError> {
        let mut req = self.0.edit_message_reply_markup_inline(message);
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        match req.await {
            Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
            Err(e) => Err(classify(e)),
        }
    }

    async fn manages(&self, chat: ChatId, user: teloxide::types::UserId) -> bool {
        match self.0.get_chat_member(chat, user).await {
            Ok(m) => m.is_privileged(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot tell whether a user administers a chat");
                false
            }
        }
    }
}

impl BotApi {
    /// Registers the command menus; failures are logged (the menu is a
    /// convenience).
    pub async fn set_commands(&self, menus: Vec<(Option<&'static str>, Vec<BotCommand>)>) {
        for (lang, commands) in menus {
            let send = || {
                let mut req = self.0.set_my_commands(commands.clone());
                if let Some(l) = lang {
                    req = req.language_code(l);
                }
                async move { req.await.map(drop).map_err(classify) }
            };
            let retry = tablero_deliver::Retry {
                give_up: Duration::from_secs(60),
                ..Default::default()
            };
            if let Err(e) =
                tablero_deliver::with_retries("setting the command menu", retry, None, send).await
            {
                tracing::warn!("the command menu was not set: {e:?}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use teloxide::types::{ChatId, Seconds};

    use super::*;

    #[test]
    fn errors_are_sorted_by_what_retrying_can_do() {
        let api = |e: ApiError| classify(RequestError::Api(e));
        for gone in [
            ApiError::BotBlocked,
            ApiError::BotKickedFromSupergroup,
            ApiError::ChatNotFound,
            ApiError::Unknown("Forbidden: bot was kicked from the group chat".into()),
            ApiError::Unknown("Forbidden: bot is not a member of the channel chat".into()),
        ] {
            assert!(matches!(api(gone), SendError::Gone(_)));
        }
        assert!(matches!(
            api(ApiError::MessageNotModified),
            SendError::Permanent(_)
        ));
        assert!(matches!(
            api(ApiError::Unknown(
                "Bad Request: PHOTO_INVALID_DIMENSIONS".into()
            )),
            SendError::Permanent(_)
        ));
        assert_eq!(
            classify(RequestError::MigrateToChatId(ChatId(-100_123))),
            SendError::Moved(-100_123)
        );
        assert_eq!(
            classify(RequestError::RetryAfter(Seconds::from_seconds(3))),
            SendError::RetryAfter(Duration::from_secs(3))
        );
    }
}
