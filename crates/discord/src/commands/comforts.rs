//! The slash commands of a player's correspondence settings:
//! `/vacation`, `/pause`, `/digest`, `/reminders`, `/timezone`, `/quiet`.
//! Each takes its words as one free-text option, read as the same words
//! typed in a message are.

use tablero_app::command::Command;
use tablero_app::resolve::CommandError;

use super::{complete_game_no, run, typed};
use crate::{Context, Error};

/// `NAME WORDS` read as typed: the settings commands take their words as
/// one free-text option.
fn written(name: &str, words: Option<&str>) -> Result<Command, CommandError> {
    let text = format!("{name} {}", words.unwrap_or(""));
    typed(tablero_app::parse(text.trim()).map_err(CommandError::from)?)
}

/// Your vacation: stops your clocks.
#[poise::command(slash_command)]
pub(super) async fn vacation(ctx: Context<'_>, days: Option<String>) -> Result<(), Error> {
    run(ctx, written("vacation", days.as_deref()), Vec::new()).await
}

/// A pause of a game, by agreement.
#[poise::command(slash_command)]
pub(super) async fn pause(
    ctx: Context<'_>,
    answer: String,
    #[autocomplete = "complete_game_no"]
    #[min = 1]
    game: Option<u64>,
) -> Result<(), Error> {
    let words = match game {
        Some(n) => format!("{answer} #{n}"),
        None => answer,
    };
    run(ctx, written("pause", Some(&words)), Vec::new()).await
}

/// Your daily digest.
#[poise::command(slash_command)]
pub(super) async fn digest(ctx: Context<'_>, time: Option<String>) -> Result<(), Error> {
    run(ctx, written("digest", time.as_deref()), Vec::new()).await
}

/// What reminds you.
#[poise::command(slash_command)]
pub(super) async fn reminders(ctx: Context<'_>, mode: Option<String>) -> Result<(), Error> {
    run(ctx, written("reminders", mode.as_deref()), Vec::new()).await
}

/// Your time zone.
#[poise::command(slash_command)]
pub(super) async fn timezone(ctx: Context<'_>, zone: Option<String>) -> Result<(), Error> {
    run(ctx, written("timezone", zone.as_deref()), Vec::new()).await
}

/// Your quiet hours.
#[poise::command(slash_command)]
pub(super) async fn quiet(ctx: Context<'_>, hours: Option<String>) -> Result<(), Error> {
    run(ctx, written("quiet", hours.as_deref()), Vec::new()).await
}
