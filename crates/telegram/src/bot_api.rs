//! [`Api`] over teloxide's [`Bot`], behind the [`Throttle`] adaptor that
//! keeps to Telegram's flood limits (and waits out `RetryAfter` on sends).

use std::time::Duration;

use teloxide::adaptors::Throttle;
use teloxide::prelude::*;
use teloxide::types::{
    BotCommand, CallbackQueryId, InlineKeyboardMarkup, InputFile, MessageId, ParseMode,
};
use teloxide::{ApiError, RequestError};

use crate::deliver::{Api, SendError};

/// The bot the adapter talks through.
pub type TgBot = Throttle<Bot>;

/// [`Api`] for the real Bot API.
#[derive(Clone)]
pub struct BotApi(pub TgBot);

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
        RequestError::Api(_) | RequestError::MigrateToChatId(_) => {
            SendError::Permanent(e.to_string())
        }
    }
}

impl Api for BotApi {
    async fn send_text(
        &self,
        chat: ChatId,
        html: &str,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, SendError> {
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
            let retry = crate::deliver::Retry {
                give_up: Duration::from_secs(60),
                ..Default::default()
            };
            if let Err(e) =
                crate::deliver::with_retries("setting the command menu", retry, None, send).await
            {
                tracing::warn!("the command menu was not set: {e:?}");
            }
        }
    }
}
