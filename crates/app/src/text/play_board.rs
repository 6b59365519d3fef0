//! The interactive board's words (`webplay.rs`, `crates/web`'s play page),
//! English and Spanish side by side: what each cell says it holds, the
//! buttons beside the board, why a tap or a link is refused.

use tablero_rules::{CellView, Color, Lang, PieceKind, Terrain};

use super::learn::piece_name;
use super::pick;

/// Every fixed word of the play page in one language.
#[derive(Debug)]
pub struct PlayText {
    /// Above the board: whose board this is.
    pub you_play: &'static str,
    pub your_turn: &'static str,
    pub their_turn: &'static str,
    pub draw: &'static str,
    pub takeback: &'static str,
    pub resign: &'static str,
    pub resign_confirm: &'static str,
    pub resign_yes: &'static str,
    pub resign_no: &'static str,
    pub cancel: &'static str,
    /// Beside a move that needs no cell (pass, a choice of colour).
    pub other_moves: &'static str,
    /// Heads the buttons of a third choice.
    pub choose: &'static str,
    pub target: &'static str,
    pub capture: &'static str,
    pub selected: &'static str,
    pub empty: &'static str,
    pub not_your_turn: &'static str,
    /// `{cell}` has a piece, but it has no move now.
    pub cannot_move: &'static str,
    /// Nothing of the player's to move from `{cell}`.
    pub nothing_here: &'static str,
    /// The piece on `{from}` cannot go to `{cell}`.
    pub not_a_target: &'static str,
    pub refreshed: &'static str,
    pub sending: &'static str,
    pub board_label: &'static str,
    pub keys_hint: &'static str,
    pub finished: &'static str,
    pub spectate: &'static str,
}

const EN: PlayText = PlayText {
    you_play: "You play",
    your_turn: "Your move: tap a piece, then where it goes.",
    their_turn: "Waiting for your opponent's move.",
    draw: "Offer a draw",
    takeback: "Ask to take back",
    resign: "Resign",
    resign_confirm: "Resign this game? It cannot be undone.",
    resign_yes: "Yes, resign",
    resign_no: "Keep playing",
    cancel: "Cancel",
    other_moves: "Moves without a cell",
    choose: "Choose:",
    target: "target",
    capture: "capture",
    selected: "selected",
    empty: "empty",
    not_your_turn: "It is not your turn.",
    cannot_move: "{cell}: that piece cannot move now.",
    nothing_here: "{cell}: nothing of yours can move from here. The cells you can start from are the ones a tap selects.",
    not_a_target: "{from} cannot go to {cell}. Its targets are marked; tap the piece again to let go of it.",
    refreshed: "The game moved on in the chat; the board is up to date now.",
    sending: "Sending…",
    board_label: "Board",
    keys_hint: "Arrow keys move between cells, Enter or Space chooses, Escape lets go.",
    finished: "This game is over.",
    spectate: "Watch the game",
};

const ES: PlayText = PlayText {
    you_play: "Juegas",
    your_turn: "Te toca: toca una pieza y luego adónde va.",
    their_turn: "Esperando la jugada de tu rival.",
    draw: "Ofrecer tablas",
    takeback: "Pedir deshacer",
    resign: "Abandonar",
    resign_confirm: "¿Abandonar esta partida? No se puede deshacer.",
    resign_yes: "Sí, abandonar",
    resign_no: "Seguir jugando",
    cancel: "Cancelar",
    other_moves: "Jugadas sin casilla",
    choose: "Elige:",
    target: "destino",
    capture: "captura",
    selected: "elegida",
    empty: "vacía",
    not_your_turn: "No es tu turno.",
    cannot_move: "{cell}: esa pieza no puede moverse ahora.",
    nothing_here: "{cell}: nada tuyo puede salir de aquí. Las casillas desde las que puedes empezar son las que un toque elige.",
    not_a_target: "{from} no puede ir a {cell}. Sus destinos están marcados; toca otra vez la pieza para soltarla.",
    refreshed: "La partida avanzó en el chat; el tablero ya está al día.",
    sending: "Enviando…",
    board_label: "Tablero",
    keys_hint: "Las flechas mueven entre casillas, Intro o Espacio eligen, Escape suelta.",
    finished: "Esta partida ha terminado.",
    spectate: "Ver la partida",
};

/// The play page's words in `l`.
#[must_use]
pub fn play_text(l: Lang) -> &'static PlayText {
    match l {
        Lang::En => &EN,
        Lang::Es => &ES,
    }
}

/// A piece as a cell names it: `white pawn`, `dama negra`, `angel`.
fn piece(kind: PieceKind, color: Color, l: Lang) -> String {
    let name = piece_name(kind, l);
    if matches!(kind, PieceKind::Angel | PieceKind::Demon) {
        return name.to_string();
    }
    match l {
        Lang::En => {
            let c = if color == Color::White {
                "white"
            } else {
                "black"
            };
            format!("{c} {name}")
        }
        Lang::Es => {
            let feminine = matches!(
                kind,
                PieceKind::Queen | PieceKind::Rook | PieceKind::Stone | PieceKind::Amazon
            );
            let c = match (color, feminine) {
                (Color::White, false) => "blanco",
                (Color::White, true) => "blanca",
                (Color::Black, false) => "negro",
                (Color::Black, true) => "negra",
            };
            format!("{name} {c}")
        }
    }
}

/// What a cell says it holds, after its name: `e2, white pawn`,
/// `d4, river`, `c3, 45`, `a1, empty`.
#[must_use]
pub fn cell_label(name: &str, v: &CellView, l: Lang) -> String {
    let mut parts = vec![name.to_string()];
    match v.terrain {
        Terrain::Normal => {}
        Terrain::River => parts.push(pick(l, "river", "río").into()),
        Terrain::Plank => parts.push(pick(l, "plank", "tablón").into()),
        Terrain::Dead => parts.push(pick(l, "out of play", "fuera de juego").into()),
    }
    if let Some(p) = v.piece {
        let mut s = piece(p.kind, p.color, l);
        if v.marker {
            s.push_str(pick(
                l,
                " with its group's marker",
                " con la marca de su grupo",
            ));
        }
        parts.push(s);
    }
    if v.token {
        parts.push(pick(l, "barrier token", "ficha de barrera").into());
    }
    if let Some(n) = v.number {
        parts.push(format!("{n:02}"));
    }
    if parts.len() == 1 {
        parts.push(play_text(l).empty.into());
    }
    parts.join(", ")
}

/// Why a player's link to the board was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefusal {
    /// Not shaped like a link, altered, signed with another key, for
    /// another game or side, or revoked (`web links reset`).
    Invalid,
    /// Past its time.
    Expired,
    /// No game has that page.
    NoGame,
    /// Telegram's data was not signed by this bot, or was altered.
    TelegramSignature,
    /// Telegram's data is older than its window.
    TelegramStale,
    /// The Telegram user plays no side of that game.
    NotAPlayer,
}

/// The reason for `r`, in `l`.
#[must_use]
pub fn refusal(r: LinkRefusal, l: Lang) -> &'static str {
    match r {
        LinkRefusal::Invalid => pick(
            l,
            "This play link is not valid: it was altered, revoked, or is not for this game. Open the board again from the chat for a new link.",
            "Este enlace para jugar no es válido: se alteró, se revocó o no es de esta partida. Abre el tablero otra vez desde el chat para tener uno nuevo.",
        ),
        LinkRefusal::Expired => pick(
            l,
            "This play link has expired. Open the board again from the chat for a new one.",
            "Este enlace para jugar ha caducado. Abre el tablero otra vez desde el chat para tener uno nuevo.",
        ),
        LinkRefusal::NoGame => pick(
            l,
            "There is no game at this address.",
            "No hay ninguna partida en esta dirección.",
        ),
        LinkRefusal::TelegramSignature => pick(
            l,
            "Telegram's signature on this request does not match: open the board from the bot's button.",
            "La firma de Telegram en esta petición no coincide: abre el tablero desde el botón del bot.",
        ),
        LinkRefusal::TelegramStale => pick(
            l,
            "This Telegram session is too old: open the board again from the chat.",
            "Esta sesión de Telegram es demasiado antigua: abre el tablero otra vez desde el chat.",
        ),
        LinkRefusal::NotAPlayer => pick(
            l,
            "You play no side of this game, so you can only watch it.",
            "No juegas en esta partida, así que solo puedes verla.",
        ),
    }
}

/// The console's line with a player's board: `play: URL`.
#[must_use]
pub fn play_line(url: &str, l: Lang) -> String {
    format!("{}: {url}", pick(l, "play", "jugar"))
}

/// The chat button that opens the board.
#[must_use]
pub fn play_button(l: Lang) -> &'static str {
    pick(l, "Play on the board", "Jugar en el tablero")
}

/// The private answer with a player's link (Discord's ephemeral reply).
#[must_use]
pub fn your_link(url: &str, l: Lang) -> String {
    match l {
        Lang::En => {
            format!("Your board for this game (only you can move with it; do not share it): {url}")
        }
        Lang::Es => format!(
            "Tu tablero para esta partida (solo tú puedes jugar con él; no lo compartas): {url}"
        ),
    }
}

/// `web links reset`: every play link given so far stops working.
#[must_use]
pub fn links_reset(l: Lang) -> &'static str {
    pick(
        l,
        "Every play link given out so far no longer works; the chat's buttons give new ones.",
        "Ningún enlace para jugar dado hasta ahora sigue funcionando; los botones del chat dan otros nuevos.",
    )
}
