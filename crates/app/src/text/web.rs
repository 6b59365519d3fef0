//! The web pages' words (`crates/web`), English and Spanish side by side:
//! labels, headings and the sentences a spectator reads.

use tablero_rules::{GameId, Lang, Side};

use super::{pick, side_word};
use crate::view::GameView;

/// Every fixed word of the web pages in one language.
#[derive(Debug)]
pub struct WebText {
    /// `en` or `es`, for `<html lang>`.
    pub code: &'static str,
    pub site: &'static str,
    pub live_heading: &'static str,
    pub live_intro: &'static str,
    pub no_live: &'static str,
    pub game_col: &'static str,
    pub players_col: &'static str,
    pub moves_col: &'static str,
    pub turn_col: &'static str,
    pub last_col: &'static str,
    pub chat_col: &'static str,
    pub watch: &'static str,
    pub first: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub last: &'static str,
    pub keys_hint: &'static str,
    pub moves_heading: &'static str,
    pub no_moves: &'static str,
    pub start: &'static str,
    pub players_heading: &'static str,
    pub downloads: &'static str,
    pub pgn: &'static str,
    pub text_record: &'static str,
    pub replay: &'static str,
    pub live: &'static str,
    pub offline: &'static str,
    pub leaderboard: &'static str,
    pub leaderboard_heading: &'static str,
    pub no_ratings: &'static str,
    pub rank: &'static str,
    pub player: &'static str,
    pub rating: &'static str,
    pub games: &'static str,
    pub ratings_heading: &'static str,
    pub player_games: &'static str,
    pub no_games: &'static str,
    pub result_col: &'static str,
    pub ongoing: &'static str,
    pub not_found: &'static str,
    pub not_found_body: &'static str,
    pub too_long: &'static str,
    pub busy: &'static str,
    pub other_lang: &'static str,
    pub all_games: &'static str,
    pub time_left: &'static str,
    pub no_limit: &'static str,
    pub chart_alt: &'static str,
    /// Tournaments' pages and lists.
    pub tournaments_heading: &'static str,
    pub standings_heading: &'static str,
    pub rounds_heading: &'static str,
    pub round: &'static str,
    pub board_col: &'static str,
    pub white_col: &'static str,
    pub black_col: &'static str,
    pub points_col: &'static str,
    pub record_col: &'static str,
    pub withdrew: &'static str,
    pub not_paired: &'static str,
    pub joined_heading: &'static str,
    pub nobody_yet: &'static str,
    pub state_col: &'static str,
}

const EN: WebText = WebText {
    code: "en",
    site: "Tablero",
    live_heading: "Games being played",
    live_intro: "Live games of the chats that chose to show theirs. Open one to watch it move by move.",
    no_live: "No game is being played in a listed chat right now.",
    game_col: "Game",
    players_col: "Players",
    moves_col: "Moves",
    turn_col: "To move",
    last_col: "Last move",
    chat_col: "Chat",
    watch: "Watch",
    first: "First",
    back: "Back",
    forward: "Forward",
    last: "Last",
    keys_hint: "Arrow keys step through the game; Home and End jump to its ends.",
    moves_heading: "Moves",
    no_moves: "No moves yet.",
    start: "Start",
    players_heading: "Players",
    downloads: "Download",
    pgn: "PGN",
    text_record: "Text record",
    replay: "Replay (GIF)",
    live: "Live",
    offline: "Reconnecting…",
    leaderboard: "Leaderboard",
    leaderboard_heading: "Leaderboard",
    no_ratings: "No rated games in a listed chat yet.",
    rank: "#",
    player: "Player",
    rating: "Rating",
    games: "Games",
    ratings_heading: "Ratings",
    player_games: "Games in listed chats",
    no_games: "No games in a listed chat.",
    result_col: "Result",
    ongoing: "being played",
    not_found: "Not found",
    not_found_body: "There is no page at this address. A game's address comes from the chat it is played in.",
    too_long: "That address is too long.",
    busy: "Too many connections from your address; close some pages and try again.",
    other_lang: "Español",
    all_games: "All games",
    time_left: "left",
    no_limit: "no time limit",
    chart_alt: "Rating history chart",
    tournaments_heading: "Tournaments",
    standings_heading: "Standings",
    rounds_heading: "Rounds",
    round: "Round",
    board_col: "Board",
    white_col: "White",
    black_col: "Black",
    points_col: "Points",
    record_col: "+ = −",
    withdrew: "withdrew",
    not_paired: "No round has been paired yet.",
    joined_heading: "Players who joined",
    nobody_yet: "Nobody has joined yet.",
    state_col: "State",
};

const ES: WebText = WebText {
    code: "es",
    site: "Tablero",
    live_heading: "Partidas en juego",
    live_intro: "Partidas en curso de los chats que decidieron mostrarlas. Abre una para seguirla jugada a jugada.",
    no_live: "Ahora mismo no se juega ninguna partida en un chat listado.",
    game_col: "Juego",
    players_col: "Jugadores",
    moves_col: "Jugadas",
    turn_col: "Mueve",
    last_col: "Última jugada",
    chat_col: "Chat",
    watch: "Ver",
    first: "Inicio",
    back: "Atrás",
    forward: "Adelante",
    last: "Final",
    keys_hint: "Las flechas recorren la partida; Inicio y Fin saltan a sus extremos.",
    moves_heading: "Jugadas",
    no_moves: "Aún sin jugadas.",
    start: "Inicio",
    players_heading: "Jugadores",
    downloads: "Descargar",
    pgn: "PGN",
    text_record: "Registro de texto",
    replay: "Repetición (GIF)",
    live: "En directo",
    offline: "Reconectando…",
    leaderboard: "Clasificación",
    leaderboard_heading: "Clasificación",
    no_ratings: "Aún no hay partidas puntuables en un chat listado.",
    rank: "#",
    player: "Jugador",
    rating: "Puntuación",
    games: "Partidas",
    ratings_heading: "Puntuaciones",
    player_games: "Partidas en chats listados",
    no_games: "Ninguna partida en un chat listado.",
    result_col: "Resultado",
    ongoing: "en juego",
    not_found: "No encontrado",
    not_found_body: "No hay ninguna página en esta dirección. La dirección de una partida se obtiene en el chat donde se juega.",
    too_long: "Esa dirección es demasiado larga.",
    busy: "Demasiadas conexiones desde tu dirección; cierra algunas páginas y vuelve a intentarlo.",
    other_lang: "English",
    all_games: "Todos los juegos",
    time_left: "restante",
    no_limit: "sin límite de tiempo",
    chart_alt: "Gráfica de la puntuación",
    tournaments_heading: "Torneos",
    standings_heading: "Clasificación",
    rounds_heading: "Rondas",
    round: "Ronda",
    board_col: "Mesa",
    white_col: "Blancas",
    black_col: "Negras",
    points_col: "Puntos",
    record_col: "+ = −",
    withdrew: "retirado",
    not_paired: "Aún no se ha emparejado ninguna ronda.",
    joined_heading: "Jugadores inscritos",
    nobody_yet: "Aún no se ha inscrito nadie.",
    state_col: "Estado",
};

/// The web's words in `l`.
#[must_use]
pub fn web_text(l: Lang) -> &'static WebText {
    match l {
        Lang::En => &EN,
        Lang::Es => &ES,
    }
}

impl WebText {
    /// `1 game`, `3 games`: a count of games in a sentence.
    #[must_use]
    pub fn games_count(&self, n: u32) -> String {
        match (self.code, n) {
            ("es", 1) => "1 partida".to_string(),
            ("es", n) => format!("{n} partidas"),
            (_, 1) => "1 game".to_string(),
            (_, n) => format!("{n} games"),
        }
    }
}

/// What the list of games calls a chat whose name the platform never
/// gave: `a Telegram group`, `un canal de Discord`.
pub(crate) fn unnamed_chat(platform: crate::Platform, l: Lang) -> String {
    use crate::Platform;
    match (platform, l) {
        (Platform::Telegram, Lang::En) => "a Telegram group",
        (Platform::Telegram, Lang::Es) => "un grupo de Telegram",
        (Platform::Discord, Lang::En) => "a Discord channel",
        (Platform::Discord, Lang::Es) => "un canal de Discord",
        (Platform::Console, Lang::En) => "the console",
        (Platform::Console, Lang::Es) => "la consola",
    }
    .to_string()
}

/// `Chess #3` / `Ajedrez #3`.
pub(crate) fn game_title(game: GameId, number: u64, l: Lang) -> String {
    format!("{} #{number}", game.info().name(l))
}

/// A board's alt text: what it shows, for a reader who cannot see it:
/// `Chess, start position.`, `Chess after 3… Nf6; White to move.`
pub(crate) fn board_alt(
    d: &GameView,
    label: Option<(&str, &str)>,
    to_move: Option<Side>,
    result: Option<&str>,
    l: Lang,
) -> String {
    let info = d.info();
    let mut s = match label {
        None => format!(
            "{}, {}.",
            info.name(l),
            pick(l, "start position", "posición inicial")
        ),
        Some((number, mv)) => format!(
            "{} {} {number} {mv}.",
            info.name(l),
            pick(l, "after", "tras")
        ),
    };
    if let Some(r) = result {
        s.push(' ');
        s.push_str(r);
    } else if let Some(side) = to_move {
        let who = side_word(&d.seats(), info, side, l);
        s.push_str(&match l {
            Lang::En => format!(" {who} to move."),
            Lang::Es => format!(" Mueven {}.", who.to_lowercase()),
        });
    }
    s
}

/// The line under a chat's board that leads to the game's web page.
pub(crate) fn watch_line(url: &str, l: Lang) -> String {
    format!(
        "{} {url}",
        pick(l, "Watch on the web:", "Síguela en la web:")
    )
}

/// The line under a tournament's state that links its web page.
pub(crate) fn tournament_line(url: &str, l: Lang) -> String {
    format!("{} {url}", pick(l, "On the web:", "En la web:"))
}

/// The label of the button that opens a game's web page.
#[must_use]
pub fn watch_button(l: Lang) -> &'static str {
    pick(l, "Watch on the web", "Ver en la web")
}

/// How long ago `then_ms` was, at `now_ms`: `5m ago`, `hace 2h`.
#[must_use]
pub fn ago(then_ms: i64, now_ms: i64, l: Lang) -> String {
    let d = crate::clock::format_duration(now_ms - then_ms);
    match l {
        Lang::En => format!("{d} ago"),
        Lang::Es => format!("hace {d}"),
    }
}

/// The answer to `web`: whether this chat's games are listed, whether
/// that just changed, and where the list is.
pub(super) fn listing(listed: bool, changed: bool, url: Option<&str>) -> crate::reply::Bi {
    use super::{t, tr};
    let mut s = match (listed, changed) {
        (true, true) => tr(
            "This chat's games are now listed on the web for spectators.",
            "Las partidas de este chat aparecen ahora en la web para espectadores.",
            &[],
        ),
        (false, true) => tr(
            "This chat's games are no longer listed on the web. Each game's page still opens from its own link.",
            "Las partidas de este chat ya no aparecen en la web. La página de cada partida sigue abriéndose desde su enlace.",
            &[],
        ),
        (true, false) => tr(
            "This chat's games are listed on the web. `web list off` hides them.",
            "Las partidas de este chat aparecen en la web. `web lista no` las oculta.",
            &[],
        ),
        (false, false) => tr(
            "This chat's games are not listed on the web (each game's page opens from its own link). Someone who can manage the chat lists them with `web list on`.",
            "Las partidas de este chat no aparecen en la web (la página de cada partida se abre desde su enlace). Quien puede administrar el chat las muestra con `web lista si`.",
            &[],
        ),
    };
    if let Some(u) = url {
        s.en.append(t(format!(" Games being played: {u}")));
        s.es.append(t(format!(" Partidas en juego: {u}")));
    }
    s
}
