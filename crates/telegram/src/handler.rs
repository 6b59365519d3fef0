//! The update handler: one `match` over what Telegram sends. Messages go
//! to [`App::handle`], button presses to [`App::press`]; replies go to the
//! chat's outbox. The app is synchronous (it writes the store), so it runs
//! on tokio's blocking threads.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tablero_app::{App, ChannelKey, Outgoing, Reply, TourPress, Ui, User, lang_of_locale};
use teloxide::types::{
    CallbackQuery, ChatId, MaybeInaccessibleMessage, Message, MessageEntityKind, MessageId, Update,
    UpdateKind,
};

use tablero_deliver::{Newest, Recent, Retry, Settings, with_retries};

use crate::deliver::{Api, Job, Outbox};
use crate::incoming::{PLATFORM, channel, incoming, user_ref};
use crate::keyboard::{Action, Button};
use crate::outbound::{plain, posts};

/// Telegram's limit on an alert's text.
pub(crate) const MAX_ALERT: usize = 200;

/// What the handler shares between updates.
pub struct Handler<A: Api> {
    pub app: Arc<App>,
    pub api: Arc<A>,
    pub outbox: Outbox<A>,
    /// The bot's username, for `/cmd@bot`.
    pub bot: String,
    /// What is known of users' usernames, by user id (`None`: they have
    /// none), learnt from updates; a user not known is mentioned by link.
    /// The most recently seen [`USERNAMES`] are kept.
    usernames: Mutex<Recent<String, Option<String>>>,
    /// Games on inline messages (`inline.rs`).
    pub(crate) inline: crate::inline::Inline,
}

/// How many users' usernames are remembered.
pub const USERNAMES: usize = 100_000;

impl<A: Api> Handler<A> {
    #[must_use]
    pub fn new(app: Arc<App>, api: Arc<A>, bot: String, retry: Retry) -> Handler<A> {
        let settings = Settings {
            retry,
            ..Settings::default()
        };
        // A send that finds the group became a supergroup moves the
        // chat's games, as the migration message does.
        let mover = app.clone();
        let on_moved = Arc::new(move |old: ChatId, new: ChatId| {
            let (app, from, to) = (mover.clone(), channel(old), channel(new));
            tokio::task::spawn_blocking(move || {
                if let Err(e) = app.move_channel(&from, &to) {
                    tracing::error!(error = ?e, "a migrated chat's games did not move");
                }
            })
        });
        Handler {
            outbox: crate::deliver::outbox(api.clone(), settings, on_moved, Some(app.clone())),
            app,
            api,
            bot,
            usernames: Mutex::new(Recent::new(USERNAMES)),
            inline: crate::inline::Inline::new(crate::inline::Pictures::Off),
        }
    }

    /// The handler with inline messages' pictures from `pictures`.
    #[must_use]
    pub fn with_pictures(mut self, pictures: crate::inline::Pictures) -> Handler<A> {
        self.inline = crate::inline::Inline::new(pictures);
        self
    }

    /// Handles one update.
    pub async fn update(&self, update: Update) {
        match update.kind {
            UpdateKind::Message(m) => self.message(m).await,
            UpdateKind::CallbackQuery(q) => self.callback(q).await,
            UpdateKind::InlineQuery(q) => self.inline_query(q).await,
            UpdateKind::ChosenInlineResult(r) => self.chosen(r).await,
            _ => {}
        }
    }

    pub(crate) fn learn(&self, u: &teloxide::types::User) {
        let mut names = self
            .usernames
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        names.insert(u.id.0.to_string(), u.username.clone());
    }

    pub(crate) fn username(&self, u: &User) -> Option<String> {
        // The bot itself: its username, always known.
        if self
            .app
            .bot_user(crate::PLATFORM)
            .is_some_and(|b| b.id == u.id)
        {
            return Some(self.bot.clone());
        }
        let mut names = self
            .usernames
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        names.get(&u.id).cloned().flatten()
    }

    /// Queues a reply's posts; `pressed` is a message (a board of a game,
    /// or a challenge) whose keyboard goes. A reply that ends a game of
    /// this chat retires that game's newest board.
    fn post(&self, chat: ChatId, reply: &Reply, pressed: Option<(Option<u64>, MessageId)>) {
        let posts = posts(reply, &|u| self.username(u));
        let pressed = pressed.map(|(game, message)| {
            Job::<A>::Retire(
                game,
                Newest {
                    ply: 0,
                    message,
                    retired: (),
                },
            )
        });
        let jobs = pressed
            .into_iter()
            .chain(posts.into_iter().map(Job::<A>::Post))
            .chain(ended_here(reply).map(Job::<A>::Ended))
            .chain(reply.thinking.then_some(Job::<A>::Typing));
        self.outbox.push(&chat, jobs);
    }

    /// Posts a notice the app sent on its own (a reminder, a timeout).
    pub fn notice(&self, n: &Outgoing) {
        if n.channel.platform != PLATFORM {
            return;
        }
        if crate::inline::is_inline(n) {
            // Edits of an inline message, in order (`inline.rs`).
            self.inline.queue(n.clone());
            return;
        }
        match n.channel.channel.parse::<i64>() {
            Ok(id) => self.post(ChatId(id), &n.reply, None),
            Err(_) => tracing::warn!("no chat {}", n.channel.channel),
        }
    }

    async fn message(&self, m: Message) {
        // A group that became a supergroup: its games move to the new id.
        if let Some(new) = m.migrate_to_chat_id() {
            let (app, from, to) = (self.app.clone(), channel(m.chat.id), channel(*new));
            match tokio::task::spawn_blocking(move || app.move_channel(&from, &to)).await {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::error!(error = ?e, "a migrated chat's games did not move"),
                Err(e) => tracing::error!("a chat migration could not be handled: {e}"),
            }
            return;
        }
        if let Some(u) = &m.from {
            self.learn(u);
        }
        for e in m.parse_entities().unwrap_or_default() {
            if let MessageEntityKind::TextMention { user } = e.kind() {
                self.learn(user);
            }
        }
        let Some(mut msg) = incoming(&m, &self.bot) else {
            return;
        };
        // Only `web list on|off` and `tournament` (create, start) need to
        // know who administers the group: ask Telegram then, and never for
        // anything else.
        if let (true, false, Some(u)) = (msg.addressed, msg.direct, &m.from)
            && msg
                .text
                .split_whitespace()
                .next()
                .and_then(tablero_app::command::find)
                .is_some_and(|c| c.name == "web" || c.name == "tournament")
        {
            msg.manages = self.api.manages(m.chat.id, u.id).await;
        }
        // Someone is here: whatever waits for this chat goes out now.
        self.outbox.wake(&m.chat.id);
        let app = self.app.clone();
        let chat = m.chat.id;
        match tokio::task::spawn_blocking(move || app.handle(&msg)).await {
            Ok(Some(reply)) => self.post(chat, &reply, None),
            Ok(None) => {}
            Err(e) => tracing::error!("a message could not be handled: {e}"),
        }
    }

    /// Runs a press that acts as a command typed by the presser (`run`,
    /// given the app, the chat's channel, the presser and their username)
    /// in `chat`: an error is an alert only the presser sees; otherwise the
    /// reply is posted, after retiring the `pressed` message's buttons if
    /// given, and the press is answered silently. `what` names the press
    /// in the log.
    async fn command_press(
        &self,
        q: &CallbackQuery,
        chat: ChatId,
        pressed: Option<(Option<u64>, MessageId)>,
        what: &str,
        run: impl FnOnce(&App, &ChannelKey, &User, Option<String>) -> Reply + Send + 'static,
    ) {
        self.outbox.wake(&chat);
        let (app, user, handle) = (self.app.clone(), user_ref(&q.from), q.from.username.clone());
        let reply =
            tokio::task::spawn_blocking(move || run(&app, &channel(chat), &user, handle)).await;
        match reply {
            Ok(r) if r.error => {
                let text = plain(&r, &|u| self.username(u));
                self.answer(q.id.0.clone(), Some(text.chars().take(MAX_ALERT).collect()))
                    .await;
            }
            Ok(r) => {
                self.post(chat, &r, pressed);
                self.answer(q.id.0.clone(), None).await;
            }
            Err(e) => tracing::error!("{what} could not be handled: {e}"),
        }
    }

    async fn callback(&self, q: CallbackQuery) {
        self.learn(&q.from);
        // A press on a message posted via the bot in inline mode.
        if let Some(message) = q.inline_message_id.clone() {
            self.inline_press(q, message).await;
            return;
        }
        if let Some((id, accept)) = q
            .data
            .as_deref()
            .and_then(crate::keyboard::challenge_answer)
            && let Some(MaybeInaccessibleMessage::Regular(m)) = q.message.as_ref()
        {
            // The challenge is answered: its buttons go.
            let pressed = Some((None, m.id));
            self.command_press(
                &q,
                m.chat.id,
                pressed,
                "a challenge press",
                move |app, ch, user, handle| app.answer_challenge(ch, user, handle, id, accept),
            )
            .await;
            return;
        }
        if let Some((id, what)) = q
            .data
            .as_deref()
            .and_then(crate::keyboard::tournament_press)
            && let Some(MaybeInaccessibleMessage::Regular(m)) = q.message.as_ref()
        {
            // Only Start needs to know who administers the group. Join and
            // Leave keep the buttons for the next player; a start takes
            // them away.
            let manages = what == TourPress::Start
                && !m.chat.is_private()
                && self.api.manages(m.chat.id, q.from.id).await;
            let pressed = (what == TourPress::Start).then_some((None, m.id));
            self.command_press(
                &q,
                m.chat.id,
                pressed,
                "a tournament press",
                move |app, ch, user, handle| {
                    app.tournament_press(ch, user, handle, manages, id, what)
                },
            )
            .await;
            return;
        }
        if let Some((id, what)) = q
            .data
            .as_deref()
            .and_then(crate::keyboard::after_game_press)
            && let Some(MaybeInaccessibleMessage::Regular(m)) = q.message.as_ref()
        {
            // The buttons stay: the other player may want them too.
            self.command_press(
                &q,
                m.chat.id,
                None,
                "a finished game's press",
                move |app, ch, user, handle| app.after_game(ch, user, handle, id, what),
            )
            .await;
            return;
        }
        if let Some(at) = q.data.as_deref().and_then(crate::keyboard::open_press)
            && let Some(MaybeInaccessibleMessage::Regular(m)) = q.message.as_ref()
        {
            // A game of the list opens below it; the list keeps its buttons.
            self.command_press(
                &q,
                m.chat.id,
                None,
                "an open-game press",
                move |app, ch, user, _| app.open_board(ch, user, &at),
            )
            .await;
            return;
        }
        if let Some((list, page)) = q.data.as_deref().and_then(crate::keyboard::page_press)
            && let Some(MaybeInaccessibleMessage::Regular(m)) = q.message.as_ref()
        {
            // The page is posted anew; the pressed one keeps its buttons.
            let direct = m.chat.is_private();
            self.command_press(
                &q,
                m.chat.id,
                None,
                "a page press",
                move |app, ch, user, handle| app.page_for(ch, user, handle, list, page, direct),
            )
            .await;
            return;
        }
        let button = q.data.as_deref().and_then(Button::decode);
        let place = q.message.as_ref().map(|m| match m {
            MaybeInaccessibleMessage::Regular(m) => (m.chat.id, m.id, m.chat.is_private()),
            MaybeInaccessibleMessage::Inaccessible(m) => {
                (m.chat.id, m.message_id, m.chat.is_private())
            }
        });
        let (Some(button), Some((chat, message, private))) = (button, place) else {
            self.answer(
                q.id.0,
                Some(Ui::StaleButton.text(lang_of_locale(q.from.language_code.as_deref()))),
            )
            .await;
            return;
        };
        self.outbox.wake(&chat);
        let app = self.app.clone();
        let user = user_ref(&q.from);
        let press = button.press();
        let (game, ply) = (button.game, button.ply);
        // In a private chat a move against the bot comes back with the
        // bot's answer, as one board.
        let reply = match tokio::task::spawn_blocking(move || {
            if private {
                app.press_direct(&channel(chat), &user, game, ply, &press)
            } else {
                app.press(&channel(chat), &user, game, ply, &press)
            }
        })
        .await
        {
            Ok(x) => x,
            Err(e) => {
                tracing::error!("a press could not be handled: {e}");
                return;
            }
        };
        if reply.error {
            let mut text = plain(&reply, &|u| self.username(u));
            if text.chars().count() > MAX_ALERT {
                text = text.chars().take(MAX_ALERT - 1).collect::<String>() + "…";
            }
            self.answer(q.id.0, Some(text)).await;
            return;
        }
        let keyboard = match &button.action {
            Action::Menu { page } => crate::keyboard::menu(&reply.choices, game, ply, *page),
            Action::Origin { page, .. } => reply
                .choices
                .first()
                .and_then(|g| crate::keyboard::origin(g, game, ply, *page, reply.lang)),
            Action::Move(_) | Action::Index { .. } => {
                self.answer(q.id.0, None).await;
                // Another chat's board has no place among this chat's.
                let tracked = game.place.is_none().then_some(game.id);
                self.post(chat, &reply, Some((tracked, message)));
                return;
            }
        };
        self.answer(q.id.0, None).await;
        let quick = Retry {
            give_up: Duration::from_secs(10),
            ..Retry::default()
        };
        if let Err(e) = with_retries("showing moves", quick, None, || {
            self.api.set_keyboard(chat, message, keyboard.clone())
        })
        .await
        {
            tracing::warn!("moves not shown: {e:?}");
        }
    }

    /// Answers a press: silently, or with an alert. Telegram drops
    /// answers after some seconds, so retries are brief.
    pub(crate) async fn answer(&self, query: String, alert: Option<String>) {
        let quick = Retry {
            first_pause: Duration::from_millis(300),
            max_pause: Duration::from_secs(2),
            give_up: Duration::from_secs(8),
        };
        let alerting = alert.is_some();
        if let Err(e) = with_retries("answering a press", quick, None, || {
            self.api.answer(query.clone(), alert.clone(), alerting)
        })
        .await
        {
            tracing::warn!("a press was not answered: {e:?}");
        }
    }
}

/// The game of this chat that `reply` ends, if any (a reply about a game
/// of another chat, in a private chat, retires nothing here).
fn ended_here(reply: &Reply) -> Option<u64> {
    reply.ended.filter(|_| reply.place.is_none())
}
