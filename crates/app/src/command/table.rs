//! The command table: every command's names in both languages, its usage
//! and its help ([`COMMANDS`]), and what a command word alone tells:
//! which command it is ([`find`]), which one a typo meant ([`near`]), and
//! which language its writer speaks ([`language_of`]).

use tablero_rules::Lang;

/// One entry of the command table.
#[derive(Debug, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    /// Other names, Spanish first.
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    /// The usage with the Spanish names and words.
    pub usage_es: &'static str,
    pub en: &'static str,
    pub es: &'static str,
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["ayuda", "h", "?"],
        usage: "help [COMMAND]",
        usage_es: "ayuda [ORDEN]",
        en: "this list, or one command's help",
        es: "esta lista, o la ayuda de una orden",
    },
    CommandSpec {
        name: "games",
        aliases: &["juegos"],
        usage: "games",
        usage_es: "juegos",
        en: "every game Tablero plays, and the games in this channel",
        es: "los juegos de Tablero y las partidas de este canal",
    },
    CommandSpec {
        name: "rules",
        aliases: &["reglas"],
        usage: "rules GAME",
        usage_es: "reglas JUEGO",
        en: "a game's rules and start position",
        es: "las reglas de un juego y su posición inicial",
    },
    CommandSpec {
        name: "challenge",
        aliases: &["desafiar", "reto", "retar", "desafio", "desafío"],
        usage: "challenge [@USER] GAME [white|black|random] [size=N …] [time=72h|3d+1d|none] [weekends=off] [casual]",
        usage_es: "desafiar [@USUARIO] JUEGO [blancas|negras|azar] [size=N …] [tiempo=72h|3d+1d|ninguno] [findes=no] [amistosa]",
        en: "challenge someone (or anyone here, without @USER); options: your side, the game's parameters, the time per move (1h to 14d, or none), casual for a game that does not change ratings",
        es: "desafía a alguien (o a cualquiera del canal, sin @USUARIO); opciones: tu bando, los parámetros del juego, el tiempo por jugada (de 1h a 14d, o ninguno), amistosa para una partida que no cambia la puntuación",
    },
    CommandSpec {
        name: "play",
        aliases: &["maquina", "máquina", "bot"],
        usage: "play GAME [level=1..5] [white|black|random] [size=N …]",
        usage_es: "maquina JUEGO [nivel=1..5] [blancas|negras|azar] [size=N …]",
        en: "play against Tablero itself, from level 1 (a beginner) to 5 (its strongest; 3 if not said)",
        es: "juega contra el propio Tablero, del nivel 1 (principiante) al 5 (el más fuerte; 3 si no se dice)",
    },
    CommandSpec {
        name: "accept",
        aliases: &["aceptar", "acepto"],
        usage: "accept [#ID|page N]",
        usage_es: "aceptar [#N|pagina N]",
        en: "take a challenge (or accept a draw or takeback offered to you)",
        es: "acepta un desafío (o unas tablas o una corrección que te ofrecen)",
    },
    CommandSpec {
        name: "decline",
        aliases: &["rechazar", "rechazo"],
        usage: "decline [#ID]",
        usage_es: "rechazar [#N]",
        en: "refuse a challenge (or a draw or takeback offered to you)",
        es: "rechaza un desafío (o unas tablas o una corrección que te ofrecen)",
    },
    CommandSpec {
        name: "cancel",
        aliases: &["cancelar"],
        usage: "cancel [#ID]",
        usage_es: "cancelar [#N]",
        en: "withdraw your challenge",
        es: "retira tu desafío",
    },
    CommandSpec {
        name: "move",
        aliases: &["mover", "jugar", "m"],
        usage: "move [#ID] MOVE",
        usage_es: "mover [#N] JUGADA",
        en: "play a move (a plain message that is a legal move works too)",
        es: "juega una jugada (también vale escribir solo la jugada)",
    },
    CommandSpec {
        name: "board",
        aliases: &["tablero"],
        usage: "board [#ID]",
        usage_es: "tablero [#N]",
        en: "show a game's board",
        es: "muestra el tablero de una partida",
    },
    CommandSpec {
        name: "history",
        aliases: &["historial"],
        usage: "history [#ID]",
        usage_es: "historial [#N]",
        en: "a game's moves and its record",
        es: "las jugadas de una partida y su registro",
    },
    CommandSpec {
        name: "current",
        aliases: &["partidas", "ongoing"],
        usage: "current [PAGE]",
        usage_es: "partidas [PAGINA]",
        en: "the games and challenges in this channel",
        es: "las partidas y desafíos de este canal",
    },
    CommandSpec {
        name: "mygames",
        aliases: &["mispartidas"],
        usage: "mygames [PAGE]",
        usage_es: "mispartidas [PAGINA]",
        en: "your games in every channel: whose turn, time left",
        es: "tus partidas en todos los canales: a quién le toca, tiempo restante",
    },
    CommandSpec {
        name: "resign",
        aliases: &["rendirse", "abandonar", "rindo"],
        usage: "resign [#ID] [yes]",
        usage_es: "rendirse [#N] [sí]",
        en: "give up the game (asks first; with yes, at once)",
        es: "abandona la partida (pregunta antes; con sí, al momento)",
    },
    CommandSpec {
        name: "draw",
        aliases: &["tablas"],
        usage: "draw [accept|decline] [#ID]",
        usage_es: "tablas [aceptar|rechazar] [#N]",
        en: "offer a draw, or answer one (games with draws only)",
        es: "ofrece tablas, o responde a una oferta (solo juegos con tablas)",
    },
    CommandSpec {
        name: "takeback",
        aliases: &["deshacer"],
        usage: "takeback [accept|decline] [#ID]",
        usage_es: "deshacer [aceptar|rechazar] [#N]",
        en: "ask to take back your last move, or answer such a request",
        es: "pide deshacer tu última jugada, o responde a esa petición",
    },
    CommandSpec {
        name: "stats",
        aliases: &["estadisticas", "estadísticas"],
        usage: "stats [@USER] [GAME]",
        usage_es: "estadisticas [@USUARIO] [JUEGO]",
        en: "rating, wins, losses, draws and streaks per game, with a rating chart",
        es: "puntuación, victorias, derrotas, tablas y rachas por juego, con una gráfica de la puntuación",
    },
    CommandSpec {
        name: "leaderboard",
        aliases: &["clasificacion", "clasificación", "ranking", "top"],
        usage: "leaderboard [GAME]",
        usage_es: "clasificacion [JUEGO]",
        en: "the best rated players here and on the whole platform",
        es: "los jugadores mejor puntuados aquí y en toda la plataforma",
    },
    CommandSpec {
        name: "export",
        aliases: &["exportar", "pgn"],
        usage: "export [#ID] [pgn|text]",
        usage_es: "exportar [#N] [pgn|texto]",
        en: "a game's record as a file: PGN for the chess games, a text record for every game",
        es: "el registro de una partida como archivo: PGN para los ajedreces, registro de texto para todos los juegos",
    },
    CommandSpec {
        name: "replay",
        aliases: &["repeticion", "repetición", "gif"],
        usage: "replay [#ID]",
        usage_es: "repeticion [#N]",
        en: "an animated replay of a game, one frame per move",
        es: "la repetición animada de una partida, un fotograma por jugada",
    },
    CommandSpec {
        name: "rematch",
        aliases: &["revancha"],
        usage: "rematch [#ID]",
        usage_es: "revancha [#N]",
        en: "after a game ends, challenge the same player to the same game with colours swapped",
        es: "al terminar una partida, desafía al mismo jugador al mismo juego con los colores cambiados",
    },
    CommandSpec {
        name: "orientation",
        aliases: &["orientacion", "orientación", "flip"],
        usage: "orientation white|turn",
        usage_es: "orientacion blancas|turno",
        en: "how boards are turned in this channel: White at the bottom (the default), or the player to move at the bottom",
        es: "cómo se giran los tableros en este canal: blancas abajo (lo normal), o abajo quien mueve",
    },
    CommandSpec {
        name: "web",
        aliases: &[],
        usage: "web list on|off",
        usage_es: "web lista si|no",
        en: "whether this chat's games are listed on the bot's web page for spectators; someone who can manage the chat turns it on or off; `web links reset` (the operator, in the console) revokes every player's board link",
        es: "si las partidas de este chat aparecen en la página web del bot para espectadores; quien puede administrar el chat lo activa o desactiva; `web enlaces restablecer` (quien opera el bot, en la consola) revoca los enlaces para jugar de todos",
    },
    CommandSpec {
        name: "lang",
        aliases: &["idioma", "language"],
        usage: "lang en|es",
        usage_es: "idioma en|es",
        en: "choose your language",
        es: "elige tu idioma",
    },
    CommandSpec {
        name: "vacation",
        aliases: &["vacaciones", "holiday", "holidays", "away"],
        usage: "vacation [5d [2026-02-01]|off|end #ID]",
        usage_es: "vacaciones [5d [2026-02-01]|off|fin #N]",
        en: "stop your clocks while you are away, from now or from a date (days accrue each year); alone, what is left",
        es: "detén tus relojes mientras estás fuera (desde ahora o una fecha; los días se acumulan); sola, lo que queda",
    },
    CommandSpec {
        name: "pause",
        aliases: &["pausa", "pausar"],
        usage: "pause [#ID] 3d|accept|decline",
        usage_es: "pausa [#N] 3d|aceptar|rechazar",
        en: "offer to stop both clocks of a game for a while: the opponent accepts or declines",
        es: "propón parar los dos relojes de una partida un tiempo; el rival acepta o rechaza",
    },
    CommandSpec {
        name: "digest",
        aliases: &["resumen", "daily", "diario"],
        usage: "digest [09:00|off]",
        usage_es: "resumen [09:00|off]",
        en: "a daily list, in your private chat, of the games where it is your move",
        es: "una lista diaria, en tu chat privado, de las partidas en las que te toca",
    },
    CommandSpec {
        name: "reminders",
        aliases: &["recordatorios", "avisos"],
        usage: "reminders [on|off|digest]",
        usage_es: "recordatorios [on|off|resumen]",
        en: "what reminds you of your move: each game's chat, nothing, or only the digest",
        es: "qué te recuerda que te toca: el chat de cada partida, nada, o solo el resumen",
    },
    CommandSpec {
        name: "timezone",
        aliases: &["zona", "zonahoraria", "tz", "zone"],
        usage: "timezone [Europe/Madrid]",
        usage_es: "zona [Europe/Madrid]",
        en: "your time zone: times, weekends off and quiet hours follow it",
        es: "tu zona horaria: las horas, los fines de semana libres y el silencio la siguen",
    },
    CommandSpec {
        name: "quiet",
        aliases: &["silencio", "quiethours", "dnd"],
        usage: "quiet [23-08|off]",
        usage_es: "silencio [23-08|off]",
        en: "your quiet hours: no reminder comes, and no clock runs out, inside them",
        es: "tus horas de silencio: ni llegan recordatorios ni se agota tu reloj en ellas",
    },
    CommandSpec {
        name: "moves",
        aliases: &["movimientos", "mov", "movs", "jugadas"],
        usage: "moves [#ID] SQUARE",
        usage_es: "movimientos [#N] CASILLA",
        en: "where the piece on a square may go, drawn on the board, with a button per move (without a square: where the next placement may go)",
        es: "adónde puede ir la pieza de una casilla, dibujado en el tablero, con un botón por jugada (sin casilla: dónde puede ir la próxima colocación)",
    },
    CommandSpec {
        name: "hint",
        aliases: &["pista", "consejo", "sugerencia"],
        usage: "hint [#ID]",
        usage_es: "pista [#N]",
        en: "a good move in your game, and why",
        es: "una buena jugada en tu partida, y por qué",
    },
    CommandSpec {
        name: "learn",
        aliases: &["aprender", "aprende", "tutorial"],
        usage: "learn GAME [white|black|random]",
        usage_es: "aprender JUEGO [blancas|negras|azar]",
        en: "a first game against Tablero at level 1 with help: after each move it points out one thing worth seeing; unrated, counted apart",
        es: "una primera partida con ayuda contra Tablero en el nivel 1: tras cada jugada señala algo que conviene ver; no puntúa y se cuenta aparte",
    },
    CommandSpec {
        name: "review",
        aliases: &["analisis", "análisis", "revision", "revisión", "analysis"],
        usage: "review [#ID]",
        usage_es: "analisis [#N]",
        en: "the engine's review of a finished game: a chart of both players' chances move by move, and the moves that changed the game, each with a better one on its board",
        es: "el análisis del motor de una partida terminada: una gráfica de las opciones de cada jugador jugada a jugada, y las jugadas que cambiaron la partida, cada una con otra mejor en su tablero",
    },
    CommandSpec {
        name: "tournament",
        aliases: &["torneo", "tourney", "torneos", "tournaments"],
        usage: "tournament [#T] [create GAME swiss rounds=N|roundrobin [double] [time=1d] [casual] [max=N] [deadline=2d] [bye=1|½|0]|join|leave|start|withdraw]",
        usage_es: "torneo [#T] [crear JUEGO suizo rondas=N|liga [doble] [tiempo=1d] [amistosa] [max=N] [plazo=2d] [descanso=1|½|0]|unirse|salir|empezar|retirarse]",
        en: "a tournament in this chat: someone who manages the chat creates it, players join (with its buttons too), its creator starts it or it starts by itself at its deadline; every pairing is a game here, and each round is paired when the last one ends; without words, its players, pairings and standings",
        es: "un torneo en este chat: quien administra el chat lo crea, los jugadores se unen (también con sus botones), quien lo creó lo empieza o empieza solo al cumplirse su plazo; cada emparejamiento es una partida aquí, y cada ronda se empareja al terminar la anterior; sin más palabras, sus jugadores, emparejamientos y clasificación",
    },
];

impl CommandSpec {
    /// The usage line in `lang`.
    #[must_use]
    pub fn usage(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.usage,
            Lang::Es => self.usage_es,
        }
    }

    /// The help text in `lang`.
    #[must_use]
    pub fn help(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Es => self.es,
        }
    }
}

/// Finds a command by name or alias, ignoring case and a leading `/` or `!`.
#[must_use]
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    let w = word.trim_start_matches(['/', '!']).to_lowercase();
    // Telegram writes `/move@TableroBot` in groups.
    let w = w.split('@').next().unwrap_or("");
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w))
}

/// The command a mistyped `word` most likely meant (`stast` → `stats`):
/// a name or alias within one edit (two for words of six letters or more),
/// counting a swap of two neighbours as one. `None` when nothing is that
/// close, or when two commands are.
#[must_use]
pub fn near(word: &str) -> Option<&'static CommandSpec> {
    let w = word.trim_start_matches(['/', '!']).to_lowercase();
    let n = w.chars().count();
    if !(3..=20).contains(&n) || !w.chars().all(char::is_alphabetic) {
        return None;
    }
    let limit = if n >= 6 { 2 } else { 1 };
    let mut best: Option<(usize, &'static CommandSpec)> = None;
    let mut tie = false;
    for spec in COMMANDS {
        for name in std::iter::once(&spec.name).chain(spec.aliases) {
            if name.chars().count() < 3 {
                continue;
            }
            let d = edit_distance(&w, name);
            if d > limit {
                continue;
            }
            match best {
                Some((b, s)) if d == b && !std::ptr::eq(s, spec) => tie = true,
                Some((b, _)) if d >= b => {}
                _ => {
                    best = Some((d, spec));
                    tie = false;
                }
            }
        }
    }
    best.filter(|_| !tie).map(|(_, s)| s)
}

/// Optimal string alignment distance: insertions, deletions, substitutions
/// and swaps of neighbours each count one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// Whether `word` is a mention: `@name`, or a Discord `<@id>`.
#[must_use]
pub fn is_mention(word: &str) -> bool {
    (word.starts_with('@') && word.len() > 1) || (word.starts_with("<@") && word.ends_with('>'))
}

/// `w` in lower case, a leading `/` and a `@bot` tail removed.
pub(crate) fn fold_word(w: &str) -> String {
    let w = w.trim_start_matches(['/', '!']);
    w.split('@').next().unwrap_or(w).to_lowercase()
}

/// The command words only Spanish has: a message whose command is one of
/// them is Spanish (`ayuda`, `desafiar`, `partidas`). Words English
/// speakers type too (`bot`, `top`, `gif`, `m`, `tablero`, the bot's
/// name), and `idioma`, which
/// chooses a language itself, are left out.
const SPANISH_WORDS: &[&str] = &[
    "ayuda",
    "vacaciones",
    "resumen",
    "recordatorios",
    "avisos",
    "pausa",
    "pausar",
    "zona",
    "zonahoraria",
    "silencio",
    "juegos",
    "reglas",
    "desafiar",
    "reto",
    "retar",
    "desafio",
    "maquina",
    "aceptar",
    "acepto",
    "rechazar",
    "rechazo",
    "cancelar",
    "mover",
    "jugar",
    "historial",
    "partidas",
    "mispartidas",
    "rendirse",
    "abandonar",
    "rindo",
    "tablas",
    "deshacer",
    "estadisticas",
    "clasificacion",
    "exportar",
    "repeticion",
    "revancha",
    "orientacion",
    "movimientos",
    "jugadas",
    "pista",
    "consejo",
    "sugerencia",
    "aprender",
    "aprende",
    "analisis",
    "revision",
    "torneo",
    "torneos",
];

/// The language `text`'s command word (after any mentions) is in, when
/// only one language has it: Spanish for [`SPANISH_WORDS`], English for a
/// command's English name (`help`, `challenge`; not `lang`, which chooses
/// a language itself).
#[must_use]
pub fn language_of(text: &str) -> Option<Lang> {
    if speaks_spanish(text) {
        return Some(Lang::Es);
    }
    let word = fold_word(text.split_whitespace().find(|w| !is_mention(w))?);
    COMMANDS
        .iter()
        .any(|c| c.name == word && c.name != "lang")
        .then_some(Lang::En)
}

/// Whether `text`'s command word (after any mentions) is one only
/// Spanish has.
#[must_use]
pub fn speaks_spanish(text: &str) -> bool {
    let Some(word) = text.split_whitespace().find(|w| !is_mention(w)) else {
        return false;
    };
    let folded = fold_word(word)
        .replace('á', "a")
        .replace('é', "e")
        .replace('í', "i")
        .replace('ó', "o")
        .replace('ú', "u");
    SPANISH_WORDS.contains(&folded.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanish_command_words_tell_the_language() {
        for w in SPANISH_WORDS {
            assert!(find(w).is_some(), "{w} is a command word");
        }
        for yes in [
            "ayuda",
            "/Desafiar @bob ajedrez",
            "@tablero partidas",
            "Estadísticas",
            "/rendirse@TableroBot #2",
        ] {
            assert!(speaks_spanish(yes), "{yes}");
        }
        for no in [
            "help",
            "idioma en",
            "bot chess",
            "tablero",
            "hola",
            "e4",
            "",
            "@tablero",
            "top",
        ] {
            assert!(!speaks_spanish(no), "{no}");
        }
        assert_eq!(language_of("/ayuda"), Some(Lang::Es));
        assert_eq!(language_of("help"), Some(Lang::En));
        assert_eq!(
            language_of("@tablero /Challenge@TableroBot @bob chess"),
            Some(Lang::En)
        );
        for none in ["lang es", "idioma en", "bot chess", "hola", "e4", ""] {
            assert_eq!(language_of(none), None, "{none}");
        }
    }

    #[test]
    fn near_misses_find_the_command() {
        let name = |w: &str| near(w).map(|s| s.name);
        assert_eq!(name("stast"), Some("stats"));
        assert_eq!(name("chalenge"), Some("challenge"));
        assert_eq!(name("resing"), Some("resign"));
        assert_eq!(name("tabals"), Some("draw"));
        assert_eq!(name("revancah"), Some("rematch"));
        assert_eq!(name("boad"), Some("board"));
        for chatter in ["hello", "gg", "lol", "thanks", "e4", "nice", "wow", "hi"] {
            assert_eq!(name(chatter), None, "{chatter}");
        }
    }

    #[test]
    fn every_command_has_distinct_names() {
        let mut seen = std::collections::HashSet::new();
        for c in COMMANDS {
            for n in std::iter::once(&c.name).chain(c.aliases) {
                assert!(seen.insert(*n), "{n} used twice");
            }
        }
    }
}
