//! What a platform's command menu says of each command's options and of
//! their fixed choices (Discord's slash commands), English and Spanish.
//! The adapter declares the options by name; their words are here.

use tablero_rules::Lang;

use super::pick;

/// An option of a command as a menu describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionText {
    pub en: &'static str,
    pub es: &'static str,
    /// The option's Spanish name, when it has one of its own.
    pub es_name: Option<&'static str>,
}

impl OptionText {
    /// The description in `l`.
    #[must_use]
    pub fn get(&self, l: Lang) -> &'static str {
        pick(l, self.en, self.es)
    }
}

const fn o(en: &'static str, es: &'static str) -> OptionText {
    OptionText {
        en,
        es,
        es_name: None,
    }
}

const fn named(en: &'static str, es: &'static str, es_name: &'static str) -> OptionText {
    OptionText {
        en,
        es,
        es_name: Some(es_name),
    }
}

/// The option `option` of the command `command` (its English name).
#[must_use]
pub fn option_text(command: &str, option: &str) -> Option<OptionText> {
    const GAME_OR_CHALLENGE: OptionText = o(
        "The game or challenge number (#ID)",
        "El número de partida o desafío (#ID)",
    );
    const PAGE: OptionText = named(
        "The page of a long list (nothing: the first)",
        "La página de una lista larga (nada: la primera)",
        "pagina",
    );
    const SIDE: OptionText = o("Your side", "Tu bando");
    const PARAMETERS: OptionText = o(
        "The game's parameters, like size=6",
        "Los parámetros del juego, como size=6",
    );
    const THE_GAME: OptionText = o("The game", "El juego");
    Some(match (command, option) {
        ("help", "command") => o("A command", "Una orden"),
        ("rules" | "challenge" | "play", "game") => THE_GAME,
        ("challenge", "opponent") => o(
            "Whom to challenge (nobody: anyone here may accept)",
            "A quién desafías (nadie: cualquiera del canal puede aceptar)",
        ),
        ("challenge" | "play", "side") => SIDE,
        ("challenge", "time") => o(
            "Time per move: 1h to 14d, none, or 3d+1d (Fischer, at most 3d)",
            "Tiempo por jugada: de 1h a 14d, none, o 3d+1d (Fischer, como mucho 3d)",
        ),
        ("vacation", "days") => named(
            "5d, 5d 2026-08-01 (from a date), off, or end #ID (one game); nothing: what is left",
            "5d, 5d 2026-08-01 (desde una fecha), off, o fin #N (una partida); nada: lo que queda",
            "dias",
        ),
        ("pause", "answer") => named(
            "3d to offer a pause, or accept or decline one",
            "3d para proponer una pausa, o aceptar o rechazar una",
            "respuesta",
        ),
        ("pause", "game") => o("The game number (#ID)", "El número de partida (#ID)"),
        ("digest", "time") => named(
            "A time of day like 09:00 (in your zone), or off; nothing: yours",
            "Una hora como 09:00 (en tu zona), u off; nada: la tuya",
            "hora",
        ),
        ("reminders", "mode") => named(
            "on, off or digest; nothing: yours",
            "on, off o resumen; nada: los tuyos",
            "modo",
        ),
        ("timezone", "zone") => named(
            "An IANA zone like Europe/Madrid; nothing: yours",
            "Una zona IANA como Europe/Madrid; nada: la tuya",
            "zona",
        ),
        ("quiet", "hours") => named(
            "Like 23-08, or off; nothing: yours",
            "Como 23-08, u off; nada: las tuyas",
            "horas",
        ),
        ("challenge" | "play", "options") => PARAMETERS,
        ("challenge", "casual") => o(
            "Casual: the result does not change ratings",
            "Amistosa: el resultado no cambia la puntuación",
        ),
        ("play", "level") => o(
            "Tablero's strength: 1 (a beginner) to 5 (its strongest); 3 if not said",
            "La fuerza de Tablero: de 1 (principiante) a 5 (la mayor); 3 si no se dice",
        ),
        (
            "accept" | "decline" | "cancel" | "board" | "history" | "resign" | "replay" | "rematch",
            "game",
        ) => GAME_OR_CHALLENGE,
        ("export", "game") => o(
            "The game number (#ID); nothing: your newest game here",
            "El número de partida (#ID); nada: tu última partida aquí",
        ),
        ("export", "format") => o(
            "PGN (chess games) or Tablero's text record",
            "PGN (ajedreces) o el registro de texto de Tablero",
        ),
        ("leaderboard", "game") => o("The game (nothing: every game)", "El juego (nada: todos)"),
        ("review", "game") => o(
            "The finished game's number (#ID); nothing: your newest finished game here",
            "El número de la partida terminada (#ID); nada: tu última partida terminada aquí",
        ),
        ("move", "move") => named("The move, like a2-a3", "La jugada, como a2-a3", "jugada"),
        ("move", "game") => o(
            "The game number (#ID), if you play several here",
            "El número de partida (#ID), si juegas varias aquí",
        ),
        ("current" | "mygames", "page") => PAGE,
        ("draw" | "takeback", "answer") => o(
            "Answer an offer (nothing: make one)",
            "Responde a una oferta (nada: haz una)",
        ),
        ("draw" | "takeback", "game") => o("The game number (#ID)", "El número de partida (#ID)"),
        ("stats", "user") => o("Whose (nobody: yours)", "De quién (nadie: las tuyas)"),
        ("stats", "game") => o(
            "One game, with its rating chart",
            "Un juego, con su gráfica de puntuación",
        ),
        ("lang", "language") => o("Your language", "Tu idioma"),
        ("tournament", "words") => named(
            "create GAME swiss rounds=N|roundrobin, join, leave, start, withdraw, #T (nothing: show)",
            "crear JUEGO suizo rondas=N|liga, unirse, salir, empezar, retirarse, #T (nada: ver)",
            "palabras",
        ),
        ("web", "list") => o(
            "List this channel's games on the web, or stop",
            "Mostrar las partidas de este canal en la web, o dejar de hacerlo",
        ),
        ("orientation", "way") => o(
            "How boards are turned here",
            "Cómo se giran los tableros aquí",
        ),
        ("moves", "square") => named(
            "The piece's square, like e2 (nothing: where a placement may go)",
            "La casilla de la pieza, como e2 (nada: dónde puede ir una colocación)",
            "casilla",
        ),
        ("moves" | "hint", "game") => o(
            "The game number (#ID), if there are several here",
            "El número de partida (#ID), si hay varias aquí",
        ),
        ("learn", "game") => THE_GAME,
        ("learn", "side") => SIDE,
        _ => return None,
    })
}

/// The fixed choice `choice` (as the adapter names it) of an option named
/// `option`: English, then Spanish.
#[must_use]
pub fn choice_text(option: &str, choice: &str) -> Option<(&'static str, &'static str)> {
    Some(match (option, choice) {
        ("side", "First") => ("first to move", "el que empieza"),
        ("side", "Second") => ("second to move", "el segundo"),
        ("side", "Random") => ("random", "al azar"),
        ("answer", "Accept") => ("accept", "aceptar"),
        ("answer", "Decline") => ("decline", "rechazar"),
        ("format", "Pgn") => ("PGN", "PGN"),
        ("format", "Text") => ("text", "texto"),
        ("way", "White") => ("White at the bottom", "Blancas abajo"),
        ("way", "Turn") => ("The player to move at the bottom", "Abajo quien mueve"),
        ("list", "On") => (
            "List this channel's games on the web",
            "Mostrar las partidas de este canal en la web",
        ),
        ("list", "Off") => ("Stop listing them", "Dejar de mostrarlas"),
        // Each language by its own name, in both.
        ("language", "En") => ("English", "English"),
        ("language", "Es") => ("Español", "Español"),
        _ => return None,
    })
}
