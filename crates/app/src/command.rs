//! The commands players type, the same on every platform, and their pure
//! parsing. The table [`COMMANDS`] is the single source of names, Spanish
//! aliases and bilingual help; [`Command`] is what a parsed message means.

use tablero_rules::{GameId, Lang};

use crate::place::{GameAt, Place};

/// A game or challenge number in a channel, written `3` or `#3`.
pub type GameNo = u64;

/// A yes/no answer to an offer or request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

/// A parsed command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// The list of commands, or one command's help.
    Help(Option<String>),
    /// Every game the bot plays, and the games in this channel.
    Games,
    /// A game's rules with its start position.
    Rules(String),
    /// Challenges a user (or anyone: an open challenge) to a game.
    Challenge {
        /// The `@user` word, if any, as typed.
        opponent: Option<String>,
        game: String,
        options: Vec<String>,
    },
    /// Starts a game against Tablero itself.
    Play { game: String, options: Vec<String> },
    /// Takes a challenge.
    Accept(Option<GameNo>),
    /// Refuses a challenge.
    Decline(Option<GameNo>),
    /// Withdraws your own challenge.
    Cancel(Option<GameNo>),
    /// A message without a command word: played only when it is exactly
    /// a legal move of one of the author's games (`reading.rs`).
    /// `addressed`: the author spoke to the bot (a direct chat, the
    /// console, a mention), so anything else is answered; otherwise it is
    /// chat, and only a near-move gets a "did you mean".
    Said { text: String, addressed: bool },
    /// Plays a move typed after `move` (or chosen on a board). `ply` is
    /// set for a move chosen on a board (a button): the number of moves
    /// the game had when that board was drawn; the move plays only if the
    /// game still stands there.
    Move {
        game: Option<GameNo>,
        text: String,
        ply: Option<usize>,
    },
    /// A move chosen on a board by its place in the board's list (a
    /// button whose move did not fit its data): the `index`-th move of the
    /// piece on `origin` (or of the moves of no piece), as the board of
    /// move `ply` listed them. Looked up and played under one lock.
    Pick {
        game: GameNo,
        ply: usize,
        origin: Option<String>,
        index: usize,
    },
    /// Shows a game's board.
    Board(Option<GameNo>),
    /// A game's moves and its record.
    History(Option<GameNo>),
    /// The games and challenges in this channel: page N (from 1).
    Channel(usize),
    /// Your games in every channel: page N (from 1).
    MyGames(usize),
    /// The challenges you may accept here (`accept page N`): page N.
    Challenges(usize),
    /// Gives up a game at once (a confirmed `resign yes`, a button).
    Resign(Option<GameNo>),
    /// A typed `resign` without `yes`: asks the player to confirm.
    AskResign(Option<GameNo>),
    /// Offers, accepts or declines a draw.
    Draw(Option<Answer>, Option<GameNo>),
    /// Asks for, accepts or declines taking back a move.
    Takeback(Option<Answer>, Option<GameNo>),
    /// Ratings, wins, losses and draws per game of a user (`@user` as
    /// typed), with a rating chart of one game.
    Stats {
        user: Option<String>,
        game: Option<String>,
    },
    /// The best rated players of a game (or of every game) here and on the
    /// whole platform.
    Leaderboard(Option<String>),
    /// A game's record as a file: PGN (`pgn`) or the text record.
    Export(Option<GameNo>, Option<ExportFormat>),
    /// An animated replay of a game.
    Replay(Option<GameNo>),
    /// After a game ends: the same game again with colours swapped.
    Rematch(Option<GameNo>),
    /// Chooses your language.
    Lang(Option<String>),
    /// Shows or sets how this channel's boards are turned: `white` (White
    /// at the bottom) or `turn` (the player to move at the bottom).
    Orientation(Option<String>),
    /// Shows whether this chat's games are listed on the web, or with
    /// `on` / `off` (`si` / `no`) lists them or stops.
    Web(Option<String>),
    /// Where the piece on a square may go (`moves e2`), or without a
    /// square where the next placement may go: the board with dots and
    /// capture rings, the moves as buttons.
    Moves {
        game: Option<GameNo>,
        /// The square as typed.
        square: Option<String>,
    },
    /// A good move for the caller, with one line of why.
    Hint(Option<GameNo>),
    /// A first game with help against Tablero at level 1, unrated and
    /// counted apart: each of the bot's answers names one thing worth
    /// seeing.
    Learn { game: String, options: Vec<String> },
    /// The engine's review of a finished game: an evaluation chart and
    /// the moves that changed the game, with better ones.
    Review(Option<GameNo>),
    /// A tournament of the chat: create, join, leave, start, withdraw,
    /// show (`tourview.rs`).
    Tournament(crate::tourview::TourCommand),
}

/// The file `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// PGN, for chess and its variants.
    Pgn,
    /// Tablero's text record, for every game.
    Text,
}

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
        usage: "challenge [@USER] GAME [white|black|random] [size=N …] [time=72h|none] [casual]",
        usage_es: "desafiar [@USUARIO] JUEGO [blancas|negras|azar] [size=N …] [tiempo=72h|ninguno] [amistosa]",
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
        en: "whether this chat's games are listed on the bot's web page for spectators; someone who can manage the chat turns it on or off",
        es: "si las partidas de este chat aparecen en la página web del bot para espectadores; quien puede administrar el chat lo activa o desactiva",
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
        usage: "tournament [#T] [create GAME swiss rounds=N|roundrobin [double] [time=1d] [casual] [max=N] [deadline=2d]|join|leave|start|withdraw]",
        usage_es: "torneo [#T] [crear JUEGO suizo rondas=N|liga [doble] [tiempo=1d] [amistosa] [max=N] [plazo=2d]|unirse|salir|empezar|retirarse]",
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

/// Why a message is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word names no command.
    Unknown(String),
    /// The command is known but its arguments are wrong.
    Usage(&'static CommandSpec, Usage),
}

/// What is wrong with a known command's arguments (the catalogue words
/// it, with the command's usage line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Usage {
    /// The game is missing.
    NeedGame,
    /// The move is missing.
    NeedMove,
    /// A word that should be a game number like `#3`.
    NotGameNumber(String),
    /// A word that should be `accept`, `decline` or a game number.
    NotAnswer(String),
    TooManyWords,
    /// `stats` takes at most one `@user` and a game.
    StatsForm,
    /// `export` takes a game number and `pgn` or `text`.
    ExportForm(String),
    /// A word that should be a page number.
    NotPage(String),
    /// `tournament`'s words (`tourview.rs`).
    Tournament(crate::tourview::TourUsage),
}

/// A page number: `2`, `page 2`, `página 2`, `#2` (from 1; page 0 is 1).
fn page_no(rest: &[&str]) -> Result<usize, Usage> {
    let rest = match rest {
        [w, more @ ..] if is_page_word(w) => more,
        rest => rest,
    };
    match rest {
        [] => Ok(1),
        [w] => game_no(w)
            .map(page_of)
            .ok_or_else(|| Usage::NotPage(w.to_string())),
        _ => Err(Usage::TooManyWords),
    }
}

fn is_page_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().as_str(),
        "page" | "pagina" | "página" | "pag" | "pág" | "p"
    )
}

fn game_no(word: &str) -> Option<GameNo> {
    let w = word.strip_prefix('#').unwrap_or(word);
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) || w.len() > 12 {
        return None;
    }
    w.parse().ok()
}

fn answer(word: &str) -> Option<Answer> {
    match word.to_lowercase().as_str() {
        "accept" | "yes" | "y" | "ok" | "aceptar" | "acepto" | "si" | "sí" => Some(Answer::Accept),
        "decline" | "no" | "n" | "rechazar" | "rechazo" => Some(Answer::Decline),
        _ => None,
    }
}

/// Whether `word` is a mention: `@name`, or a Discord `<@id>`.
#[must_use]
pub fn is_mention(word: &str) -> bool {
    (word.starts_with('@') && word.len() > 1) || (word.starts_with("<@") && word.ends_with('>'))
}

/// Parses a message whose game number may name another chat's game
/// (`board #kqa7`, see [`crate::place`]): the command with the bare
/// number, and the place it names.
pub fn parse_at(text: &str) -> Result<(Command, Option<Place>), ParseError> {
    let mut place = None;
    let mut words: Vec<String> = Vec::new();
    for (i, w) in text.split_whitespace().enumerate() {
        match GameAt::parse(w).filter(|_| i > 0 && w.starts_with('#') && place.is_none()) {
            Some(GameAt { place: Some(p), id }) => {
                place = Some(p);
                words.push(format!("#{id}"));
            }
            _ => words.push(w.to_string()),
        }
    }
    if place.is_none() {
        return Ok((parse(text)?, None));
    }
    match parse(&words.join(" "))? {
        // A place makes sense only beside a game's number.
        cmd if cmd.game().flatten().is_some() => Ok((cmd, place)),
        _ => Ok((parse(text)?, None)),
    }
}

impl Command {
    /// For a command about one game: the number it names, if any.
    /// `None` for every other command.
    #[must_use]
    pub fn game(&self) -> Option<Option<GameNo>> {
        match self {
            Command::Move { game, .. } => Some(*game),
            Command::Pick { game, .. } => Some(Some(*game)),
            Command::Board(n)
            | Command::History(n)
            | Command::Resign(n)
            | Command::AskResign(n)
            | Command::Draw(_, n)
            | Command::Takeback(_, n)
            | Command::Export(n, _)
            | Command::Replay(n)
            | Command::Rematch(n)
            | Command::Moves { game: n, .. }
            | Command::Hint(n)
            | Command::Review(n) => Some(*n),
            Command::Said { .. } => Some(None),
            _ => None,
        }
    }

    /// The same command for game `n`.
    #[must_use]
    pub fn for_game(self, n: GameNo) -> Command {
        match self {
            Command::Move { text, ply, .. } => Command::Move {
                game: Some(n),
                text,
                ply,
            },
            Command::Pick {
                ply, origin, index, ..
            } => Command::Pick {
                game: n,
                ply,
                origin,
                index,
            },
            Command::Board(_) => Command::Board(Some(n)),
            Command::History(_) => Command::History(Some(n)),
            Command::Resign(_) => Command::Resign(Some(n)),
            Command::AskResign(_) => Command::AskResign(Some(n)),
            Command::Draw(a, _) => Command::Draw(a, Some(n)),
            Command::Takeback(a, _) => Command::Takeback(a, Some(n)),
            Command::Export(_, f) => Command::Export(Some(n), f),
            Command::Replay(_) => Command::Replay(Some(n)),
            Command::Review(_) => Command::Review(Some(n)),
            Command::Rematch(_) => Command::Rematch(Some(n)),
            Command::Moves { square, .. } => Command::Moves {
                game: Some(n),
                square,
            },
            Command::Hint(_) => Command::Hint(Some(n)),
            other => other,
        }
    }

    /// Whether the command can change a game (rather than only show it).
    #[must_use]
    pub fn changes_a_game(&self) -> bool {
        matches!(
            self,
            Command::Move { .. }
                | Command::Pick { .. }
                | Command::Said { .. }
                | Command::Resign(_)
                | Command::Draw(..)
                | Command::Takeback(..)
                | Command::Rematch(_)
        )
    }
}

/// Parses a message. Words after the command are split on white space.
pub fn parse(text: &str) -> Result<Command, ParseError> {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let Some(spec) = find(first) else {
        return Err(ParseError::Unknown(first.to_string()));
    };
    let usage = |why: Usage| Err(ParseError::Usage(spec, why));
    // Commands that take at most one optional game number.
    let opt_no = |rest: &[&str]| -> Result<Option<GameNo>, ParseError> {
        match rest {
            [] => Ok(None),
            [w] => game_no(w)
                .map(Some)
                .ok_or_else(|| ParseError::Usage(spec, Usage::NotGameNumber(w.to_string()))),
            _ => Err(ParseError::Usage(spec, Usage::TooManyWords)),
        }
    };
    // `[accept|decline] [#ID]` in either order.
    let offer = |rest: &[&str]| -> Result<(Option<Answer>, Option<GameNo>), ParseError> {
        let (mut a, mut n) = (None, None);
        for w in rest {
            if let Some(x) = answer(w).filter(|_| a.is_none()) {
                a = Some(x);
            } else if let Some(x) = game_no(w).filter(|_| n.is_none()) {
                n = Some(x);
            } else {
                return Err(ParseError::Usage(spec, Usage::NotAnswer(w.to_string())));
            }
        }
        Ok((a, n))
    };
    Ok(match spec.name {
        "help" => Command::help_on(rest.first().copied()),
        "games" => Command::Games,
        "rules" => Command::rules_of(&rest.join(" "))?,
        "challenge" => {
            let mut rest = rest.as_slice();
            let mut opponent = None;
            if let Some(w) = rest.first().filter(|w| is_mention(w)) {
                opponent = Some(w.to_string());
                rest = &rest[1..];
            }
            let (game, options) = rest.split_first().unwrap_or((&"", &[]));
            Command::challenge(opponent, game, options)?
        }
        "play" => {
            let (game, options) = rest.split_first().unwrap_or((&"", &[]));
            Command::play(game, options)?
        }
        "accept" => match rest.as_slice() {
            [w, ..] if is_page_word(w) => {
                Command::Challenges(page_no(&rest).map_err(|why| ParseError::Usage(spec, why))?)
            }
            _ => Command::Accept(opt_no(&rest)?),
        },
        "decline" => Command::Decline(opt_no(&rest)?),
        "cancel" => Command::Cancel(opt_no(&rest)?),
        // `jugar` ("play") names a move (`jugar e4`) or, followed by a
        // game's name, a game against Tablero (`jugar gran avance
        // nivel=1`), as `play` does.
        "move" if fold_word(first) == "jugar" && names_game(&rest) => {
            let (game, options) = rest.split_first().unwrap_or((&"", &[]));
            Command::play(game, options)?
        }
        "move" => Command::move_in(None, &rest.join(" "))?,
        "board" => Command::Board(opt_no(&rest)?),
        "history" => Command::History(opt_no(&rest)?),
        "current" => Command::Channel(page_no(&rest).map_err(|why| ParseError::Usage(spec, why))?),
        "mygames" => Command::MyGames(page_no(&rest).map_err(|why| ParseError::Usage(spec, why))?),
        // `resign` asks first; `resign yes` (`rendirse sí`), in either
        // order with the game number, resigns at once.
        "resign" => {
            let sure = rest.iter().position(|w| is_yes(w));
            let mut rest = rest.clone();
            if let Some(i) = sure {
                rest.remove(i);
            }
            match sure {
                Some(_) => Command::Resign(opt_no(&rest)?),
                None => Command::AskResign(opt_no(&rest)?),
            }
        }
        "draw" => {
            let (a, n) = offer(&rest)?;
            Command::Draw(a, n)
        }
        "takeback" => {
            let (a, n) = offer(&rest)?;
            Command::Takeback(a, n)
        }
        "stats" => Command::stats_of(None, &rest.join(" "))?,
        "leaderboard" => Command::leaderboard_of(&rest.join(" ")),
        "export" => {
            let (mut n, mut f) = (None, None);
            for w in &rest {
                let low = w.to_lowercase();
                if let Some(x) = game_no(w).filter(|_| n.is_none()) {
                    n = Some(x);
                } else if f.is_none() && low == "pgn" {
                    f = Some(ExportFormat::Pgn);
                } else if f.is_none() && matches!(low.as_str(), "text" | "txt" | "texto") {
                    f = Some(ExportFormat::Text);
                } else {
                    return usage(Usage::ExportForm(w.to_string()));
                }
            }
            Command::Export(n, f)
        }
        "replay" => Command::Replay(opt_no(&rest)?),
        "rematch" => Command::Rematch(opt_no(&rest)?),
        "lang" => Command::Lang(rest.first().map(|s| s.to_string())),
        "orientation" => match rest.as_slice() {
            [] => Command::Orientation(None),
            [w] => Command::Orientation(Some(w.to_string())),
            _ => return usage(Usage::TooManyWords),
        },
        "web" => match rest.as_slice() {
            [] => Command::Web(None),
            [l, w] if matches!(l.to_lowercase().as_str(), "list" | "lista" | "listar") => {
                Command::Web(Some(w.to_string()))
            }
            [w] => Command::Web(Some(w.to_string())),
            _ => return usage(Usage::TooManyWords),
        },
        // `moves e2`, `moves #3 e2`, `moves e2 #3`, `moves #3`, `moves`.
        "moves" => Command::moves_of(None, &rest.join(" "))?,
        "hint" => Command::Hint(opt_no(&rest)?),
        "learn" => {
            let (game, options) = rest.split_first().unwrap_or((&"", &[]));
            Command::learn(game, options)?
        }
        "review" => Command::Review(opt_no(&rest)?),
        "tournament" => Command::Tournament(
            crate::tourview::TourCommand::parse(&rest)
                .map_err(|why| ParseError::Usage(spec, Usage::Tournament(why)))?,
        ),
        _ => unreachable!("every table entry is handled"),
    })
}

/// `w` in lower case, a leading `/` and a `@bot` tail removed.
fn fold_word(w: &str) -> String {
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

/// Whether `w` says yes (`yes`, `sí`, `si`, `y`), as a confirmation.
fn is_yes(w: &str) -> bool {
    matches!(
        w.to_lowercase().trim_end_matches(['!', '.']),
        "yes" | "y" | "si" | "sí" | "s"
    )
}

/// Whether some leading words of `words` name a game.
fn names_game(words: &[&str]) -> bool {
    (1..=words.len()).any(|n| words[..n].join(" ").parse::<GameId>().is_ok())
}

/// The largest game or page number [`parse`] reads: twelve digits.
const MAX_NUMBER: GameNo = 999_999_999_999;

/// Page `n` (page 0 is page 1).
fn page_of(n: GameNo) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX).max(1)
}

/// `text`'s words joined by one space; `None` when there are none.
fn joined(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The words of every part, each part split on white space.
fn words_of(parts: &[&str]) -> Vec<String> {
    parts
        .iter()
        .flat_map(|p| p.split_whitespace())
        .map(str::to_string)
        .collect()
}

/// Commands built from a platform's typed options (Discord's slash
/// commands) as well as from a line: [`parse`] reads a line's words
/// through these, so a command's parts are read in one place and a typed
/// command gets the errors the same command written out gets. Free text
/// (a game's name, options, a move, a square) is split on white space as
/// a line is; a number is checked as a written `#N` is.
impl Command {
    /// The command table's name of this command (`Channel` is `current`;
    /// a message without a command word reads as a `move`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Help(_) => "help",
            Command::Games => "games",
            Command::Rules(_) => "rules",
            Command::Challenge { .. } => "challenge",
            Command::Play { .. } => "play",
            Command::Accept(_) | Command::Challenges(_) => "accept",
            Command::Decline(_) => "decline",
            Command::Cancel(_) => "cancel",
            Command::Said { .. } | Command::Move { .. } | Command::Pick { .. } => "move",
            Command::Board(_) => "board",
            Command::History(_) => "history",
            Command::Channel(_) => "current",
            Command::MyGames(_) => "mygames",
            Command::Resign(_) | Command::AskResign(_) => "resign",
            Command::Draw(..) => "draw",
            Command::Takeback(..) => "takeback",
            Command::Stats { .. } => "stats",
            Command::Leaderboard(_) => "leaderboard",
            Command::Export(..) => "export",
            Command::Replay(_) => "replay",
            Command::Rematch(_) => "rematch",
            Command::Lang(_) => "lang",
            Command::Orientation(_) => "orientation",
            Command::Web(_) => "web",
            Command::Moves { .. } => "moves",
            Command::Hint(_) => "hint",
            Command::Learn { .. } => "learn",
            Command::Review(_) => "review",
            Command::Tournament(_) => "tournament",
        }
    }

    /// The usage error `why` of this command.
    fn usage(&self, why: Usage) -> ParseError {
        let spec = find(self.name()).expect("every command's name is in the table");
        ParseError::Usage(spec, why)
    }

    /// `help` on the command named by the first word of `topic`.
    #[must_use]
    pub fn help_on(topic: Option<&str>) -> Command {
        Command::Help(
            topic
                .and_then(|t| t.split_whitespace().next())
                .map(str::to_string),
        )
    }

    /// `rules GAME`, the game named in any number of words.
    pub fn rules_of(game: &str) -> Result<Command, ParseError> {
        Command::of_game(game, Command::Rules)
    }

    /// A challenge to `opponent` (an `@name` or `<@id>` word; anyone when
    /// `None`) to `game` with option words (`white`, `size=7`,
    /// `time=24h`, `casual`; each part may hold several).
    pub fn challenge(
        opponent: Option<String>,
        game: &str,
        options: &[&str],
    ) -> Result<Command, ParseError> {
        Command::of_named_game(game, options, |game, options| Command::Challenge {
            opponent: opponent.clone(),
            game,
            options,
        })
    }

    /// A game of `game` against Tablero, with option words (`level=3`, a
    /// side, the game's parameters).
    pub fn play(game: &str, options: &[&str]) -> Result<Command, ParseError> {
        Command::of_named_game(game, options, |game, options| Command::Play {
            game,
            options,
        })
    }

    /// A learning game of `game`, with option words (a side).
    pub fn learn(game: &str, options: &[&str]) -> Result<Command, ParseError> {
        Command::of_named_game(game, options, |game, options| Command::Learn {
            game,
            options,
        })
    }

    /// The command `make` makes of a game named by the first words of
    /// `game` and `options` together and of the words after its name:
    /// the longest run of leading words that names a game (as `rules`
    /// reads a name: `knight fight`, `los cuatro angelitos`) is the game,
    /// so `challenge @bob knight fight time=1d` and a platform's game
    /// field holding `knight` with `fight` in its options read alike.
    /// When no run names a game, the first word is the game (and is
    /// answered as an unknown one).
    fn of_named_game(
        game: &str,
        options: &[&str],
        make: impl Fn(String, Vec<String>) -> Command,
    ) -> Result<Command, ParseError> {
        let mut words: Vec<String> = game.split_whitespace().map(str::to_string).collect();
        // No game given (a blank game field on Discord): options alone
        // name none.
        if words.is_empty() {
            return Err(make(String::new(), Vec::new()).usage(Usage::NeedGame));
        }
        words.extend(words_of(options));
        if words.is_empty() {
            return Err(make(String::new(), Vec::new()).usage(Usage::NeedGame));
        }
        let named = (1..=words.len())
            .rev()
            .find(|&n| words[..n].join(" ").parse::<GameId>().is_ok())
            .unwrap_or(1);
        let rest = words.split_off(named);
        Ok(make(words.join(" "), rest))
    }

    /// The command `make` makes of the game named by `game`, which must
    /// name one.
    fn of_game(game: &str, make: impl Fn(String) -> Command) -> Result<Command, ParseError> {
        match joined(game) {
            Some(game) => Ok(make(game)),
            None => Err(make(String::new()).usage(Usage::NeedGame)),
        }
    }

    /// The command `variant` makes of game number `n`, which must be a
    /// number `#N` could write (twelve digits at most).
    pub fn numbered(
        variant: impl Fn(Option<GameNo>) -> Command,
        n: Option<u64>,
    ) -> Result<Command, ParseError> {
        Ok(variant(Command::game_number(&variant, n)?))
    }

    /// `n` checked for the command `variant` makes.
    fn game_number(
        variant: &impl Fn(Option<GameNo>) -> Command,
        n: Option<u64>,
    ) -> Result<Option<GameNo>, ParseError> {
        match n {
            Some(n) if n > MAX_NUMBER => {
                Err(variant(None).usage(Usage::NotGameNumber(format!("#{n}"))))
            }
            n => Ok(n),
        }
    }

    /// Page `n` of a list (`current`, `mygames`) that `variant` makes.
    pub fn paged(
        variant: impl Fn(usize) -> Command,
        n: Option<u64>,
    ) -> Result<Command, ParseError> {
        match n {
            Some(n) if n > MAX_NUMBER => Err(variant(1).usage(Usage::NotPage(n.to_string()))),
            n => Ok(variant(n.map_or(1, page_of))),
        }
    }

    /// The move `text` in game `game` (else in a game a leading `#N`
    /// word of the text names). A move must be more than a game number.
    pub fn move_in(game: Option<u64>, text: &str) -> Result<Command, ParseError> {
        let cmd = |game| Command::Move {
            game,
            text: String::new(),
            ply: None,
        };
        let mut game = Command::game_number(&cmd, game)?;
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if game.is_none()
            && words.len() > 1
            && let Some(n) = words
                .first()
                .filter(|w| w.starts_with('#'))
                .and_then(|w| game_no(w))
        {
            game = Some(n);
            words.remove(0);
        }
        if words.is_empty() || (words.len() == 1 && game_no(words[0]).is_some()) {
            return Err(cmd(game).usage(Usage::NeedMove));
        }
        Ok(Command::Move {
            game,
            text: words.join(" "),
            ply: None,
        })
    }

    /// Where the piece on `square` may go in game `game`; the text may
    /// name the game (`#3 e2`, `e2 #3`, `#3`) or be empty.
    pub fn moves_of(game: Option<u64>, square: &str) -> Result<Command, ParseError> {
        let cmd = |game| Command::Moves { game, square: None };
        let mut game = Command::game_number(&cmd, game)?;
        let mut found = None;
        for w in square.split_whitespace() {
            // A square starts with a letter; a game number never does.
            match game_no(w) {
                Some(n) if game.is_none() => game = Some(n),
                None if found.is_none() => found = Some(w.to_string()),
                _ => return Err(cmd(game).usage(Usage::TooManyWords)),
            }
        }
        Ok(Command::Moves {
            game,
            square: found,
        })
    }

    /// The stats of `user` (an `@name` or `<@id>` word; else a leading
    /// mention in `game`, else the caller), in the game named by `game`.
    pub fn stats_of(user: Option<String>, game: &str) -> Result<Command, ParseError> {
        let mut words: Vec<&str> = game.split_whitespace().collect();
        let mut user = user;
        if user.is_none()
            && let Some(w) = words.first().filter(|w| is_mention(w))
        {
            user = Some(w.to_string());
            words.remove(0);
        }
        let cmd = Command::Stats {
            user,
            game: (!words.is_empty()).then(|| words.join(" ")),
        };
        if words.iter().any(|w| is_mention(w)) {
            return Err(cmd.usage(Usage::StatsForm));
        }
        Ok(cmd)
    }

    /// The leaderboard of the game named by `game`, or of every game.
    #[must_use]
    pub fn leaderboard_of(game: &str) -> Command {
        Command::Leaderboard(joined(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_command_in_both_languages() {
        let cases: &[(&str, Command)] = &[
            ("help", Command::Help(None)),
            ("ayuda move", Command::Help(Some("move".into()))),
            ("/games", Command::Games),
            ("juegos", Command::Games),
            ("reglas gran avance", Command::Rules("gran avance".into())),
            (
                "challenge @bob breakthrough white time=24h",
                Command::Challenge {
                    opponent: Some("@bob".into()),
                    game: "breakthrough".into(),
                    options: vec!["white".into(), "time=24h".into()],
                },
            ),
            (
                "reto barrier size=6",
                Command::Challenge {
                    opponent: None,
                    game: "barrier".into(),
                    options: vec!["size=6".into()],
                },
            ),
            ("accept", Command::Accept(None)),
            ("aceptar #4", Command::Accept(Some(4))),
            ("rechazar 2", Command::Decline(Some(2))),
            ("cancelar", Command::Cancel(None)),
            (
                "move a2-a3",
                Command::Move {
                    game: None,
                    text: "a2-a3".into(),
                    ply: None,
                },
            ),
            (
                "jugar #2 Wa1 Wb2",
                Command::Move {
                    game: Some(2),
                    text: "Wa1 Wb2".into(),
                    ply: None,
                },
            ),
            ("tablero #3", Command::Board(Some(3))),
            ("historial", Command::History(None)),
            ("partidas", Command::Channel(1)),
            ("current 3", Command::Channel(3)),
            ("partidas página 2", Command::Channel(2)),
            ("mispartidas", Command::MyGames(1)),
            ("mygames page 4", Command::MyGames(4)),
            ("mispartidas #2", Command::MyGames(2)),
            ("accept page 2", Command::Challenges(2)),
            ("aceptar pagina 3", Command::Challenges(3)),
            ("current 0", Command::Channel(1)),
            ("abandonar", Command::AskResign(None)),
            ("rendirse 5", Command::AskResign(Some(5))),
            ("resign yes", Command::Resign(None)),
            ("/resign #2 yes", Command::Resign(Some(2))),
            ("rendirse sí #3", Command::Resign(Some(3))),
            ("rendirse #3 si", Command::Resign(Some(3))),
            ("Rindo SI", Command::Resign(None)),
            ("draw", Command::Draw(None, None)),
            (
                "tablas aceptar #2",
                Command::Draw(Some(Answer::Accept), Some(2)),
            ),
            (
                "takeback decline",
                Command::Takeback(Some(Answer::Decline), None),
            ),
            ("deshacer", Command::Takeback(None, None)),
            (
                "estadisticas @ana",
                Command::Stats {
                    user: Some("@ana".into()),
                    game: None,
                },
            ),
            (
                "stats",
                Command::Stats {
                    user: None,
                    game: None,
                },
            ),
            (
                "estadisticas @bob ajedrez",
                Command::Stats {
                    user: Some("@bob".into()),
                    game: Some("ajedrez".into()),
                },
            ),
            ("clasificacion", Command::Leaderboard(None)),
            (
                "leaderboard gran avance",
                Command::Leaderboard(Some("gran avance".into())),
            ),
            ("exportar #3", Command::Export(Some(3), None)),
            (
                "export text 2",
                Command::Export(Some(2), Some(ExportFormat::Text)),
            ),
            ("pgn", Command::Export(None, None)),
            ("replay #5", Command::Replay(Some(5))),
            ("review #5", Command::Review(Some(5))),
            ("análisis 4", Command::Review(Some(4))),
            ("analisis", Command::Review(None)),
            ("Revisión #2", Command::Review(Some(2))),
            ("revancha", Command::Rematch(None)),
            ("idioma es", Command::Lang(Some("es".into()))),
            (
                "/move@TableroBot e4",
                Command::Move {
                    game: None,
                    text: "e4".into(),
                    ply: None,
                },
            ),
            (
                "moves e2",
                Command::Moves {
                    game: None,
                    square: Some("e2".into()),
                },
            ),
            (
                "Movimientos #3 E2",
                Command::Moves {
                    game: Some(3),
                    square: Some("E2".into()),
                },
            ),
            (
                "mov g1 2",
                Command::Moves {
                    game: Some(2),
                    square: Some("g1".into()),
                },
            ),
            (
                "/moves",
                Command::Moves {
                    game: None,
                    square: None,
                },
            ),
            ("hint", Command::Hint(None)),
            ("pista #4", Command::Hint(Some(4))),
            ("consejo", Command::Hint(None)),
            (
                "learn breakthrough",
                Command::Learn {
                    game: "breakthrough".into(),
                    options: Vec::new(),
                },
            ),
            (
                "aprender ajedrez negras",
                Command::Learn {
                    game: "ajedrez".into(),
                    options: vec!["negras".into()],
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).as_ref(), Ok(want), "{text}");
        }
    }

    /// Every command that takes a game reads its name as `rules` does,
    /// in any number of words, with the options after it; `jugar` and
    /// `play` with a game's name start a game against Tablero.
    #[test]
    fn game_names_of_several_words_and_jugar() {
        let challenge = |opponent: Option<&str>, game: &str, options: &[&str]| Command::Challenge {
            opponent: opponent.map(str::to_string),
            game: game.into(),
            options: options.iter().map(|o| o.to_string()).collect(),
        };
        let play = |game: &str, options: &[&str]| Command::Play {
            game: game.into(),
            options: options.iter().map(|o| o.to_string()).collect(),
        };
        let cases: &[(&str, Command)] = &[
            (
                "challenge @bob knight fight",
                challenge(Some("@bob"), "knight fight", &[]),
            ),
            (
                "challenge @bob knight fight time=1d",
                challenge(Some("@bob"), "knight fight", &["time=1d"]),
            ),
            (
                "challenge @alice jumping bishop chess black",
                challenge(Some("@alice"), "jumping bishop chess", &["black"]),
            ),
            (
                "desafiar @alice los cuatro angelitos",
                challenge(Some("@alice"), "los cuatro angelitos", &[]),
            ),
            (
                "reto Ajedrez del Guadalete negras",
                challenge(None, "Ajedrez del Guadalete", &["negras"]),
            ),
            // A name that is a run of another's words: the longest wins.
            (
                "reto @carol guadalete",
                challenge(Some("@carol"), "guadalete", &[]),
            ),
            ("bot gran avance nivel=1", play("gran avance", &["nivel=1"])),
            (
                "play breakthrough level=1",
                play("breakthrough", &["level=1"]),
            ),
            (
                "jugar gran avance nivel=1",
                play("gran avance", &["nivel=1"]),
            ),
            ("Jugar saltador negras", play("saltador", &["negras"])),
            ("/jugar lucha de caballos", play("lucha de caballos", &[])),
            (
                "aprender knight fight white",
                Command::Learn {
                    game: "knight fight".into(),
                    options: vec!["white".into()],
                },
            ),
            // An unknown game stays one word, answered as unknown.
            (
                "challenge @bob knigth fight",
                challenge(Some("@bob"), "knigth", &["fight"]),
            ),
            // `jugar` without a game's name is still a move.
            (
                "jugar e4",
                Command::Move {
                    game: None,
                    text: "e4".into(),
                    ply: None,
                },
            ),
            (
                "jugar #2 Wa1",
                Command::Move {
                    game: Some(2),
                    text: "Wa1".into(),
                    ply: None,
                },
            ),
            // `mover` with a game's name is not a game against Tablero.
            (
                "mover gran avance",
                Command::Move {
                    game: None,
                    text: "gran avance".into(),
                    ply: None,
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).as_ref(), Ok(want), "{text}");
        }
        // A platform's game field with the name's last word in the options.
        assert_eq!(
            Command::challenge(None, "knight", &["fight time=1d"]),
            Ok(challenge(None, "knight fight", &["time=1d"]))
        );
    }

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
    fn usage_errors_and_unknown_words() {
        assert_eq!(
            parse("hello there"),
            Err(ParseError::Unknown("hello".into()))
        );
        for bad in [
            "rules",
            "challenge",
            "challenge @bob",
            "move",
            "board x",
            "resign 1 2",
            "draw maybe",
            "stats ana @bob",
            "export 2 3",
            "export csv",
            "current next",
            "mygames page 2 3",
            "accept page x",
            "moves e2 e4",
            "movimientos #1 #2",
            "pista #1 #2",
            "learn",
            "aprender",
        ] {
            assert!(matches!(parse(bad), Err(ParseError::Usage(..))), "{bad}");
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
    fn a_move_needs_more_than_a_game_number() {
        assert!(matches!(
            parse("move #1"),
            Err(ParseError::Usage(_, Usage::NeedMove))
        ));
        assert!(matches!(
            parse("mover 3"),
            Err(ParseError::Usage(_, Usage::NeedMove))
        ));
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

    #[test]
    fn every_command_names_an_entry_of_the_table() {
        let all = [
            Command::Help(None),
            Command::Games,
            Command::Rules(String::new()),
            Command::Challenge {
                opponent: None,
                game: String::new(),
                options: Vec::new(),
            },
            Command::Play {
                game: String::new(),
                options: Vec::new(),
            },
            Command::Accept(None),
            Command::Decline(None),
            Command::Cancel(None),
            Command::Said {
                text: String::new(),
                addressed: true,
            },
            Command::Move {
                game: None,
                text: String::new(),
                ply: None,
            },
            Command::Pick {
                game: 1,
                ply: 0,
                origin: None,
                index: 0,
            },
            Command::Board(None),
            Command::History(None),
            Command::Channel(1),
            Command::MyGames(1),
            Command::Challenges(1),
            Command::Resign(None),
            Command::AskResign(None),
            Command::Draw(None, None),
            Command::Takeback(None, None),
            Command::Stats {
                user: None,
                game: None,
            },
            Command::Leaderboard(None),
            Command::Export(None, None),
            Command::Replay(None),
            Command::Rematch(None),
            Command::Lang(None),
            Command::Orientation(None),
            Command::Web(None),
            Command::Moves {
                game: None,
                square: None,
            },
            Command::Hint(None),
            Command::Learn {
                game: String::new(),
                options: Vec::new(),
            },
            Command::Review(None),
        ];
        for cmd in all {
            let spec = find(cmd.name()).unwrap_or_else(|| panic!("{cmd:?}"));
            // The name is the one its own words parse to.
            if let Ok(parsed) = parse(spec.name) {
                assert_eq!(parsed.name(), spec.name, "{cmd:?}");
            }
        }
    }
}
