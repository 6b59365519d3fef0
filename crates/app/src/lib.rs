//! Tablero's platform-neutral chat layer: a command in, a [`Reply`] out.
//!
//! [`App`] owns the store, a [`Clock`] and a [`BoardRenderer`]; adapters
//! (the console here; Discord and Telegram elsewhere) turn platform messages
//! into [`Incoming`] values, call [`App::handle`], and call [`App::tick`]
//! now and then to post reminders, timeouts and expiries.

pub mod app;
pub mod bot;
pub mod clock;
pub mod command;
pub mod config;
pub mod console;
pub mod press;
pub mod render;
pub mod reply;
#[doc(hidden)]
pub mod testkit;

pub use app::{App, Settings};
pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Command, parse};
pub use config::Config;
pub use render::{BoardRenderer, FakeRenderer, SimpleRenderer, diagram};
pub use reply::{ChannelKey, ChoiceGroup, Incoming, Outgoing, Reply, User};
