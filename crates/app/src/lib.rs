//! Tablero's platform-neutral chat layer: commands in, events out.
//!
//! [`App`] owns the store, a [`Clock`] and a [`BoardRenderer`].
//! [`App::execute`] runs a [`Command`] for an [`Actor`] and returns an
//! [`Event`] or an [`AppError`]; `text` (the one catalogue of sentences,
//! English and Spanish) and `present` turn those into a [`Reply`].
//! Adapters (the console here; Discord and Telegram elsewhere) turn
//! platform messages into [`Incoming`] values, call [`App::handle`] (parse,
//! execute, present) or [`App::press`] for buttons, ask the typed queries
//! (`ongoing_games`, `suggest_games`, `suggest_moves`, `language`), and call
//! [`App::tick`] now and then to post reminders, timeouts and expiries.

mod answers;
pub mod app;
mod boards;
pub mod bot;
mod bots;
mod challenges;
mod changes;
mod channel;
pub mod clock;
mod comforts;
pub mod comfortwords;
pub mod command;
pub mod config;
pub mod console;
#[cfg(any(test, feature = "testkit"))]
pub mod corpus;
mod digest;
mod direct;
pub mod event;
mod gameclock;
pub mod grammar;
mod heavy;
pub mod inline;
pub mod limits;
mod listings;
mod offers;
mod pages;
pub mod place;
mod play;
mod present;
pub mod press;
mod queue;
mod rates;
mod reading;
mod records;
pub mod render;
pub mod reply;
pub mod resolve;
pub mod review;
mod reviews;
mod rounds;
pub mod schedule;
mod state;
mod sync;
mod teach;
pub mod terms;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod text;
mod timers;
mod tournaments;
mod tourview;
mod understand;
pub mod view;
pub mod watch;
pub mod webpath;
pub mod webplay;
mod webview;
// A tournament's web page (`/t/TOKEN`).
mod webtour;
// `moves SQUARE`, `hint` and `learn GAME`.
mod learn;

#[cfg(any(test, feature = "testkit"))]
pub use clock::ManualClock;
pub use clock::{Clock, SystemClock};
pub use command::Command;
pub use config::Config;
pub use event::{AppError, Event, QUOTE_CHARS, Suggestion};
pub use grammar::parse;
pub use listings::GameSummary;
#[cfg(any(test, feature = "testkit"))]
pub use render::FakeRenderer;
pub use render::{BoardRenderer, PngRenderer, diagram};
pub use reply::{
    AfterGame, Attachment, BoardRef, ChallengeRef, ChannelKey, ChoiceGroup, FileKind, Incoming,
    Listing, OpenGame, Outgoing, PageButton, Pager, Pick, Picture, Platform, Reply, Span, Text,
    TourPress, User,
};
pub use resolve::read;
pub use state::{Actor, App, MAX_NAME_CHARS, Settings, capped};
pub use text::friends::FriendsUi;
pub use text::options::{OptionText, choice_text, option_text};
pub use text::ui::{Permission, Ui, lang_of_locale};
pub use view::{BotSide, GameResult, GameView, OfferKind, RatingChange, Termination};
