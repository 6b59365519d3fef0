//! The words of games played on inline messages (`inline.rs`).

use tablero_rules::{GameId, Lang};

use super::{both, m, pick, t, tr};
use crate::event::InlineError;
use crate::reply::{Bi, Text, User};

/// The words of one inline result.
pub(crate) struct OfferText {
    pub title: Bi,
    pub description: Bi,
    pub caption: Bi,
}

/// An inline result for `game` with `options` posted by `user`: against
/// the bot (at `level`) when `bot`.
pub(crate) fn offer(
    game: GameId,
    options: &[String],
    bot: bool,
    level: Option<u8>,
    user: &User,
) -> OfferText {
    let name = |l: Lang| {
        let mut s = game.info().name(l).to_string();
        if !options.is_empty() {
            s = format!("{s} · {}", options.join(" "));
        }
        s
    };
    let title = both(|l| {
        t(if bot {
            format!(
                "{} · {}",
                name(l),
                pick(l, "against the bot", "contra el bot")
            )
        } else {
            name(l)
        })
    });
    let description = both(|l| t(super::rules::goal(game, l)));
    let caption = both(|l| match (bot, level) {
        (true, Some(n)) => Text::fill(
            pick(
                l,
                "{} plays {} against the bot ({}). Press Start to begin.",
                "{} juega a {} contra el bot ({}). Pulsa Empezar para comenzar.",
            ),
            [m(user), t(name(l)), t(super::level_word(n, l))],
        ),
        _ => Text::fill(
            pick(
                l,
                "{} wants to play {}. The first to press Join plays them.",
                "{} quiere jugar a {}. Quien pulse primero Unirme juega contra {}.",
            ),
            match l {
                Lang::En => vec![m(user), t(name(l))],
                Lang::Es => vec![m(user), t(name(l)), m(user)],
            },
        ),
    });
    OfferText {
        title,
        description,
        caption,
    }
}

/// Why a press on an inline message did nothing.
pub(crate) fn error(e: &InlineError) -> Bi {
    match e {
        InlineError::OwnChallenge => tr(
            "This is your own game: share it, and the first other person to press Join plays you.",
            "Esta partida es tuya: compártela, y la primera persona que pulse Unirme jugará contra ti.",
            &[],
        ),
        InlineError::NotYourStart(by) => tr(
            "Only {} can start this game against the bot. Type the bot's name in a chat to start your own.",
            "Solo {} puede empezar esta partida contra el bot. Escribe el nombre del bot en un chat para empezar la tuya.",
            &[t(by.name.clone())],
        ),
        InlineError::Taken => tr(
            "This game has already begun, or is over. Nothing changed.",
            "Esta partida ya ha empezado, o ha terminado. No ha cambiado nada.",
            &[],
        ),
    }
}
