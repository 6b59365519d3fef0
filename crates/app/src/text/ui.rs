//! The words adapters draw themselves: button labels, menu placeholders,
//! footers and the short notes of a platform's own gestures. An adapter
//! names what it shows with a [`Ui`] key and renders [`Ui::text`]; it never
//! holds a sentence or chooses between languages itself (the test
//! `tests/it/catalogue.rs` of the workspace reads the adapters' sources to keep
//! it so).

use tablero_rules::Lang;

use super::pick;

/// One label or short sentence an adapter shows, with what it needs to
/// say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ui<'a> {
    /// A challenge to one person: take it.
    Accept,
    /// A challenge to one person: refuse it.
    Decline,
    /// An open challenge: take it.
    Join,
    /// Under a finished game: its animated replay.
    Replay,
    /// Under a finished game: the same game again, sides swapped.
    Rematch,
    /// Back from one piece's moves to the menu of pieces.
    BackToMenu,
    /// The page of a menu before this one.
    PreviousPage,
    /// The page of a menu after this one.
    NextPage,
    /// A menu of the pieces that can move.
    ChoosePiece,
    /// A menu of moves.
    ChooseMove,
    /// A menu of the moves of the piece on `.0`.
    ChooseMoveFrom(&'a str),
    /// A piece in a menu of pieces, with how many moves it has.
    PieceMoves { origin: &'a str, moves: usize },
    /// The moves of no one piece (placements, passes), with their number.
    OtherMoves(usize),
    /// A private move picker of game `game` (as the chat names it: `7` or
    /// `kqa7`): pieces first.
    PickPieceThenMove { game: &'a str },
    /// A private move picker of game `game`: the moves of one piece.
    MovesFrom { game: &'a str, origin: &'a str },
    /// A private move picker of game `game`: its moves.
    PickMove { game: &'a str },
    /// A private picker once its move is played.
    Played,
    /// The private answer to a command whose board went to the channel.
    Posted,
    /// A board's footer: the game. (The picture's strip says the move as
    /// the game counts moves; a count of turns here said another number.)
    BoardFooter { game: u64 },
    /// The note in a channel whose new game is played in a thread;
    /// `thread` is the platform's link to it.
    InThread {
        id: u64,
        game: &'a str,
        a: &'a str,
        b: &'a str,
        thread: &'a str,
    },
    /// A platform permission the bot needs, as the platform's settings
    /// name it.
    Permission(Permission),
    /// The bot cannot post in a channel; `names` lists the permissions it
    /// lacks, already in the platform's markup.
    CannotPost { names: &'a str },
    /// A press on a button the bot no longer knows.
    StaleButton,
    /// An inline message's game against the bot: begin it.
    Start,
    /// An inline game: give it up (asks again first).
    Resign,
    /// An inline game: yes, give it up.
    ConfirmResign,
    /// An inline game: offer a draw (or agree to the one offered).
    OfferDraw,
    /// An inline game: ask to take the last move back.
    AskTakeback,
    /// Above inline results when games cannot be played inline here: the
    /// way to the bot's own chat.
    PlayInChat,
    /// Under a finished inline game: its record, sent to the presser's
    /// chat with the bot.
    Record,
    /// The answer to that press once the record is sent.
    SentToChat,
    /// The answer to that press when the presser never opened a chat with
    /// the bot, where it would go.
    OpenChatFirst,
    /// The console's own keys, in a channel that is a group chat.
    ConsoleGroup,
    /// The console's own keys, where every line is spoken to the bot.
    ConsoleAddressed,
    /// The console has opened the user's direct chat with the bot.
    ConsoleDirect { user: &'a str },
}

/// The chat permissions the bot asks for by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    ViewChannel,
    SendMessages,
    SendMessagesInThreads,
    EmbedLinks,
    AttachFiles,
}

impl Ui<'_> {
    /// The label or sentence in `l`.
    #[must_use]
    pub fn text(&self, l: Lang) -> String {
        match *self {
            Ui::ConsoleGroup => pick(
                l,
                "Console: this channel is a group chat. Start a line with `/` (`/help`), mention `@tablero`, or start it with `>` to reply to the bot; other lines are chat, taken only when they are exactly a move. `/dm` opens your direct chat with the bot, `/channel NAME` goes to a channel, `/as NAME` switches user, `/clock +2d` moves the clock forward (to watch reminders, vacations and timeouts), `/quit` leaves.",
                "Consola: este canal es un chat de grupo. Empieza una línea con `/` (`/ayuda`), menciona a `@tablero` o empiézala con `>` para responder al bot; las demás líneas son charla, y solo se toman si son exactamente una jugada. `/dm` abre tu chat directo con el bot, `/channel NOMBRE` va a un canal, `/as NOMBRE` cambia de usuario, `/clock +2d` adelanta el reloj (para ver recordatorios, vacaciones y tiempos agotados), `/quit` sale.",
            )
            .into(),
            Ui::ConsoleAddressed => pick(
                l,
                "Console: every line is spoken to the bot. `/dm` opens your direct chat with the bot, `/channel NAME` goes to a channel, `/as NAME` switches user, `/quit` leaves.",
                "Consola: cada línea va dirigida al bot. `/dm` abre tu chat directo con el bot, `/channel NOMBRE` va a un canal, `/as NOMBRE` cambia de usuario, `/quit` sale.",
            )
            .into(),
            Ui::ConsoleDirect { user } => match l {
                Lang::En => format!(
                    "You are now in your direct chat with the bot, {user}: every line is for the bot. `/channel NAME` goes back to a channel."
                ),
                Lang::Es => format!(
                    "Ahora estás en tu chat directo con el bot, {user}: cada línea va para el bot. `/channel NOMBRE` vuelve a un canal."
                ),
            },
            Ui::Accept => pick(l, "Accept", "Aceptar").into(),
            Ui::Decline => pick(l, "Decline", "Rechazar").into(),
            Ui::Join => pick(l, "Join", "Unirme").into(),
            Ui::Replay => pick(l, "▶ Replay", "▶ Repetición").into(),
            Ui::Rematch => pick(l, "⟲ Rematch", "⟲ Revancha").into(),
            Ui::BackToMenu => pick(l, "« menu", "« menú").into(),
            Ui::PreviousPage => pick(l, "◀ Previous", "◀ Anterior").into(),
            Ui::NextPage => pick(l, "Next ▶", "Siguiente ▶").into(),
            Ui::ChoosePiece => pick(l, "Choose a piece", "Elige una pieza").into(),
            Ui::ChooseMove => pick(l, "Choose a move", "Elige una jugada").into(),
            Ui::ChooseMoveFrom(o) => match l {
                Lang::En => format!("Choose a move from {o}"),
                Lang::Es => format!("Elige una jugada desde {o}"),
            },
            Ui::PieceMoves { origin, moves } => match (l, moves) {
                (Lang::En, 1) => format!("{origin} (1 move)"),
                (Lang::En, n) => format!("{origin} ({n} moves)"),
                (Lang::Es, 1) => format!("{origin} (1 jugada)"),
                (Lang::Es, n) => format!("{origin} ({n} jugadas)"),
            },
            Ui::OtherMoves(n) => match l {
                Lang::En => format!("Other moves ({n})"),
                Lang::Es => format!("Otras jugadas ({n})"),
            },
            Ui::PickPieceThenMove { game } => match l {
                Lang::En => format!("Game #{game}: choose a piece, then its move."),
                Lang::Es => format!("Partida #{game}: elige una pieza y luego su jugada."),
            },
            Ui::MovesFrom { game, origin } => match l {
                Lang::En => format!("Game #{game}: the moves from {origin}."),
                Lang::Es => format!("Partida #{game}: las jugadas desde {origin}."),
            },
            Ui::PickMove { game } => match l {
                Lang::En => format!("Game #{game}: choose a move."),
                Lang::Es => format!("Partida #{game}: elige una jugada."),
            },
            Ui::Played => pick(l, "Played.", "Jugada hecha.").into(),
            Ui::Posted => pick(
                l,
                "Done: see the board below.",
                "Hecho: mira el tablero abajo.",
            )
            .into(),
            Ui::BoardFooter { game } => match l {
                Lang::En => format!("Game #{game}"),
                Lang::Es => format!("Partida #{game}"),
            },
            Ui::InThread {
                id,
                game,
                a,
                b,
                thread,
            } => match l {
                Lang::En => format!(
                    "Game #{id}, {game} between {a} and {b}, is played in its own thread: {thread}."
                ),
                Lang::Es => format!(
                    "La partida #{id}, {game} entre {a} y {b}, se juega en su propio hilo: {thread}."
                ),
            },
            Ui::Permission(p) => p.name(l).into(),
            Ui::CannotPost { names } => match l {
                Lang::En => format!(
                    "I cannot post in this channel: I lack the permission {names}. A server admin \
                     can grant it to me in the channel's settings (Permissions). Until then I \
                     answer here, and reminders and the bot's moves cannot reach this channel."
                ),
                Lang::Es => format!(
                    "No puedo publicar en este canal: me falta el permiso {names}. Un \
                     administrador del servidor puede dármelo en los ajustes del canal \
                     (Permisos). Mientras tanto respondo aquí, y los recordatorios y las jugadas \
                     del bot no llegan a este canal."
                ),
            },
            Ui::StaleButton => pick(
                l,
                "This button no longer works.",
                "Este botón ya no funciona.",
            )
            .into(),
            Ui::Start => pick(l, "Start", "Empezar").into(),
            Ui::Resign => pick(l, "Resign", "Rendirse").into(),
            Ui::ConfirmResign => pick(l, "Yes, resign", "Sí, rendirse").into(),
            Ui::OfferDraw => pick(l, "Draw", "Tablas").into(),
            Ui::AskTakeback => pick(l, "Take back", "Deshacer").into(),
            Ui::PlayInChat => pick(
                l,
                "Play in a chat with the bot",
                "Jugar en un chat con el bot",
            )
            .into(),
            Ui::Record => pick(l, "📄 Record", "📄 Registro").into(),
            Ui::SentToChat => pick(
                l,
                "Sent to your chat with the bot.",
                "Enviado a tu chat con el bot.",
            )
            .into(),
            Ui::OpenChatFirst => pick(
                l,
                "Open a chat with the bot first (press Start there), then press again.",
                "Abre antes un chat con el bot (pulsa Iniciar allí) y vuelve a pulsar.",
            )
            .into(),
        }
    }
}

/// The language of a platform's locale code (`es`, `es-419`, `en-GB`):
/// Spanish for every Spanish locale, else English.
#[must_use]
pub fn lang_of_locale(code: Option<&str>) -> Lang {
    match code {
        Some(c) if c.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("es")) => Lang::Es,
        _ => Lang::En,
    }
}

impl Permission {
    /// The permission's name in the platform's settings, in `l`.
    #[must_use]
    pub fn name(self, l: Lang) -> &'static str {
        match self {
            Permission::ViewChannel => pick(l, "View Channel", "Ver canal"),
            Permission::SendMessages => pick(l, "Send Messages", "Enviar mensajes"),
            Permission::SendMessagesInThreads => {
                pick(l, "Send Messages in Threads", "Enviar mensajes en hilos")
            }
            Permission::EmbedLinks => pick(l, "Embed Links", "Insertar enlaces"),
            Permission::AttachFiles => pick(l, "Attach Files", "Adjuntar archivos"),
        }
    }
}

// The words of the reply's buttons live here, with the catalogue, so the
// reply's types (a layer below) need no sentences.
impl crate::reply::AfterGame {
    /// The button's label.
    #[must_use]
    pub fn label(self, lang: tablero_rules::Lang) -> String {
        match self {
            Self::Replay => Ui::Replay.text(lang),
            Self::Rematch => Ui::Rematch.text(lang),
        }
    }
}

impl crate::reply::TourPress {
    /// The button's label: `Join #4`, `Leave #4`, `Start #4` (a chat may
    /// hold several tournaments at once).
    #[must_use]
    pub fn label(self, id: u64, lang: tablero_rules::Lang) -> String {
        let word = match self {
            Self::Join => pick(lang, "Join", "Unirme"),
            Self::Leave => pick(lang, "Leave", "Salir"),
            Self::Start => pick(lang, "Start", "Empezar"),
        };
        format!("{word} #{id}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_in_both_languages() {
        let one = Ui::PieceMoves {
            origin: "e2",
            moves: 1,
        };
        assert_eq!(one.text(Lang::En), "e2 (1 move)");
        assert_eq!(one.text(Lang::Es), "e2 (1 jugada)");
        let footer = Ui::BoardFooter { game: 4 };
        assert_eq!(footer.text(Lang::En), "Game #4");
        assert_eq!(footer.text(Lang::Es), "Partida #4");
    }

    #[test]
    fn spanish_locales_read_as_spanish() {
        for es in ["es", "es-ES", "es-419", "ES"] {
            assert_eq!(lang_of_locale(Some(es)), Lang::Es, "{es}");
        }
        for en in ["en", "en-GB", "pt-BR", "e", ""] {
            assert_eq!(lang_of_locale(Some(en)), Lang::En, "{en}");
        }
        assert_eq!(lang_of_locale(None), Lang::En);
    }
}
