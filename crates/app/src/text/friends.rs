//! The words of games played where the bot is no member of the chat: a
//! Discord direct message between two friends, through the app installed
//! to a user's account. The bot can only answer there, so it adds a
//! button that brings a board up to date and, in its own direct chat with
//! a player, says where the game is.

use tablero_rules::Lang;

use super::pick;

/// One label or sentence of games played through a user-installed app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FriendsUi<'a> {
    /// A button under a board: show the game as it stands now.
    Refresh,
    /// The first line of a notice sent to a player's direct chat with the
    /// bot, about game `game` (when the notice names one) played in a chat
    /// the bot cannot post in; `link` is the platform's link to the game's
    /// board there (empty when there is none).
    Elsewhere { game: Option<u64>, link: &'a str },
    /// The first line of notices that could reach nobody when they
    /// happened, shown with the next answer in that chat.
    Meanwhile,
    /// A button under a board: resign the game (asks first), for players
    /// who cannot type the app's commands there.
    Resign,
    /// The question a Resign press asks, privately, of game `game`.
    ResignSure { game: u64 },
    /// The button that answers it.
    ResignYes,
}

impl FriendsUi<'_> {
    /// The text in `l`.
    #[must_use]
    pub fn text(&self, l: Lang) -> String {
        match *self {
            FriendsUi::Refresh => pick(l, "🔄 Current board", "🔄 Tablero actual").into(),
            FriendsUi::Elsewhere { game: None, .. } => pick(
                l,
                "About your games played in a direct message:",
                "Sobre tus partidas jugadas en un mensaje directo:",
            )
            .into(),
            FriendsUi::Elsewhere {
                game: Some(game),
                link: "",
            } => match l {
                Lang::En => format!("In your game #{game}, played in a direct message:"),
                Lang::Es => format!("En tu partida #{game}, jugada en un mensaje directo:"),
            },
            FriendsUi::Elsewhere {
                game: Some(game),
                link,
            } => match l {
                Lang::En => format!("In your game #{game}, played in a direct message ({link}):"),
                Lang::Es => {
                    format!("En tu partida #{game}, jugada en un mensaje directo ({link}):")
                }
            },
            FriendsUi::Resign => pick(l, "🏳 Resign", "🏳 Abandonar").into(),
            FriendsUi::ResignSure { game } => match l {
                Lang::En => format!("Resign game #{game}? It cannot be undone."),
                Lang::Es => format!("¿Abandonar la partida #{game}? No se puede deshacer."),
            },
            FriendsUi::ResignYes => pick(l, "Yes, I resign", "Sí, abandono").into(),
            FriendsUi::Meanwhile => pick(
                l,
                "Meanwhile (I could not tell anyone then):",
                "Mientras tanto (no pude avisar a nadie entonces):",
            )
            .into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_said_in_both_languages() {
        let link = "https://discord.com/channels/@me/1/2";
        let keys = [
            FriendsUi::Refresh,
            FriendsUi::Elsewhere {
                game: Some(3),
                link: "",
            },
            FriendsUi::Elsewhere {
                game: None,
                link: "",
            },
            FriendsUi::Elsewhere {
                game: Some(3),
                link,
            },
            FriendsUi::Meanwhile,
            FriendsUi::Resign,
            FriendsUi::ResignSure { game: 3 },
            FriendsUi::ResignYes,
        ];
        for k in keys {
            let (en, es) = (k.text(Lang::En), k.text(Lang::Es));
            assert!(!en.is_empty() && !es.is_empty() && en != es, "{k:?}");
        }
        let with = FriendsUi::Elsewhere {
            game: Some(3),
            link,
        };
        for l in [Lang::En, Lang::Es] {
            assert!(with.text(l).contains("#3") && with.text(l).contains(link));
        }
        let without = FriendsUi::Elsewhere {
            game: Some(3),
            link: "",
        };
        assert!(!without.text(Lang::En).contains('('));
    }
}
