//! The words of `moves SQUARE`, `hint` and `learn GAME`: a piece's moves,
//! a hint and why, the one thing worth seeing after the bot's move in a
//! learning game, and their errors.

use tablero_engine::analysis::{Notice, Why};
use tablero_rules::{Cell, GameId, Lang, PieceKind};

use super::{both, c, m, pick, t, tr};
use crate::event::{AppError, Event, GameView};
use crate::reading::shown;
use crate::reply::{Bi, Text, User};
use crate::view::Stats;

/// The most moves or squares a sentence lists before "and N more".
const LISTED: usize = 16;

/// A piece's name, lower case.
pub(crate) fn piece_name(kind: PieceKind, l: Lang) -> &'static str {
    let (en, es) = match kind {
        PieceKind::King => ("king", "rey"),
        PieceKind::Queen => ("queen", "dama"),
        PieceKind::Rook => ("rook", "torre"),
        PieceKind::Bishop => ("bishop", "alfil"),
        PieceKind::JumpingBishop => ("jumping bishop", "alfil saltador"),
        PieceKind::Knight => ("knight", "caballo"),
        PieceKind::Pawn => ("pawn", "peón"),
        PieceKind::Amazon => ("amazon", "amazona"),
        PieceKind::Stone => ("piece", "pieza"),
        PieceKind::Angel => ("angel", "ángel"),
        PieceKind::Demon => ("demon", "demonio"),
    };
    pick(l, en, es)
}

/// `s` with its first letter in capitals.
fn capital(s: &str) -> String {
    let mut cs = s.chars();
    cs.next()
        .map(|f| f.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

/// Code spans joined by commas, at most [`LISTED`], then how many more.
fn code_list(items: &[String], l: Lang) -> Text {
    let mut s = Text::default();
    for (i, item) in items.iter().take(LISTED).enumerate() {
        if i > 0 {
            s.append(t(", "));
        }
        s.append(c(item.clone()));
    }
    if items.len() > LISTED {
        s.append(t(format!(
            "{} {}",
            pick(l, " and", " y"),
            pick(l, "{} more", "{} más").replace("{}", &(items.len() - LISTED).to_string())
        )));
    }
    s
}

/// How the engine's value (0 to 1, for the reader) reads.
fn standing(value: f64, l: Lang) -> &'static str {
    // 1 and 0 are proven results (analysis.rs).
    let (en, es) = if value >= 1.0 {
        ("won", "ganada")
    } else if value <= 0.0 {
        ("lost", "perdida")
    } else if value >= 0.9 {
        ("winning", "ganadora")
    } else if value >= 0.65 {
        ("better", "mejor")
    } else if value >= 0.35 {
        ("about even", "igualada")
    } else if value >= 0.1 {
        ("worse", "peor")
    } else {
        ("losing", "casi perdida")
    };
    pick(l, en, es)
}

/// The cells, as `d5` or `d5, e6`.
fn cells(list: &[Cell]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The text of `moves SQUARE` and `hint`.
pub(super) fn event(e: &Event) -> Bi {
    match e {
        Event::Moves {
            game,
            square,
            groups,
            targets,
        } => both(|l| moves(game, *square, groups, targets, l)),
        Event::Hint { by, game, hint } => both(|l| {
            let id = game.game.id();
            let mv = shown(id, &hint.analysis.best, l);
            let mut s = Text::fill(
                pick(l, "Hint for {} in #{}: `{}`", "Pista para {} en #{}: `{}`"),
                [m(by), t(game.id().to_string()), t(mv)],
            );
            let opponent = game
                .side_of(&by.id)
                .map(|side| game.player(side.other()).clone());
            s.append(why(
                &hint.why,
                id,
                &hint.analysis.line,
                hint.analysis.value,
                opponent.as_ref(),
                l,
            ));
            s
        }),
        _ => Bi::default(),
    }
}

fn moves(
    game: &GameView,
    square: Option<Cell>,
    groups: &[crate::reply::ChoiceGroup],
    targets: &[tablero_rules::teach::Target],
    l: Lang,
) -> Text {
    let labels: Vec<String> = groups
        .iter()
        .flat_map(|g| (0..g.moves.len()).map(move |i| g.label(i).to_string()))
        .collect();
    let id = game.id().to_string();
    let n = labels.len().to_string();
    let mut s = match square {
        Some(cell) => {
            let piece = game
                .game
                .view()
                .cell(cell)
                .and_then(|v| v.piece)
                .map_or(pick(l, "piece", "pieza"), |p| piece_name(p.kind, l));
            let template = match (labels.len(), l) {
                (1, Lang::En) => "{} on {} in #{}: 1 move, {}.",
                (_, Lang::En) => "{} on {} in #{}: {} moves, {}.",
                (1, Lang::Es) => "{} de {} en #{}: 1 jugada, {}.",
                (_, Lang::Es) => "{} de {} en #{}: {} jugadas, {}.",
            };
            let mut args = vec![t(capital(piece)), t(cell.to_string()), t(id)];
            if labels.len() != 1 {
                args.push(t(n));
            }
            args.push(code_list(&labels, l));
            Text::fill(template, args)
        }
        None => Text::fill(
            pick(
                l,
                "Where the next placement may go in #{}: {} choices, {}.",
                "Dónde puede ir la próxima colocación en #{}: {} opciones, {}.",
            ),
            [t(id), t(n), code_list(&labels, l)],
        ),
    };
    let rings = targets.iter().any(|t| !t.captures.is_empty());
    s.append(t(match (rings, l) {
        (true, Lang::En) => " Dots mark free squares, rings the pieces it can take.",
        (true, Lang::Es) => {
            " Los puntos marcan casillas libres; los anillos, las piezas que puede capturar."
        }
        (false, Lang::En) => " Dots mark where it can go.",
        (false, Lang::Es) => " Los puntos marcan adónde puede ir.",
    }));
    if let Some(side) = game.game.view().status.to_move {
        s.append(Text::fill(
            pick(
                l,
                " {} can press one to play it.",
                " {} puede pulsar una para jugarla.",
            ),
            [m(game.player(side))],
        ));
    }
    s
}

/// The line of why a hinted move is good, after the move.
fn why(
    why: &Why,
    id: GameId,
    line: &[String],
    value: f64,
    opponent: Option<&User>,
    l: Lang,
) -> Text {
    match why {
        Why::WinsNow => t(pick(l, " — it wins at once.", " — gana en el acto.")),
        Why::StopsThreat { threat } => {
            let who = opponent.map_or_else(|| t(pick(l, "the other side", "el rival")), m);
            Text::fill(
                pick(
                    l,
                    " — it stops a threat: {} would win with `{}` next move.",
                    " — para una amenaza: {} ganaría con `{}` en la próxima jugada.",
                ),
                [who, t(shown(id, threat, l))],
            )
        }
        Why::WinsMaterial { captured } => Text::fill(
            pick(
                l,
                " — it takes on {} and comes out ahead in material.",
                " — captura en {} y sale ganando material.",
            ),
            [t(cells(captured))],
        ),
        Why::SavesPiece { cell } => Text::fill(
            pick(
                l,
                " — it takes your piece on {} out of a capture the other side threatens.",
                " — pone a salvo tu pieza de {}, que el rival amenaza con capturar.",
            ),
            [t(cell.to_string())],
        ),
        Why::Lost { threat } => {
            let who = opponent.map_or_else(|| t(pick(l, "the other side", "el rival")), m);
            Text::fill(
                pick(
                    l,
                    " — but no move helps: whatever you play, {} wins next move (here with `{}`). The game is lost; `resign` ends it.",
                    " — pero ninguna jugada sirve: juegues lo que juegues, {} gana en la próxima jugada (aquí con `{}`). La partida está perdida; `rendirse` la termina.",
                ),
                [who, t(shown(id, threat, l))],
            )
        }
        Why::Line => {
            let moves: Vec<String> = line.iter().map(|m| shown(id, m, l)).collect();
            Text::fill(
                pick(
                    l,
                    " — the engine expects `{}`; it rates your position: {}.",
                    " — el motor espera `{}`; valora tu posición: {}.",
                ),
                [t(moves.join(" ")), t(standing(value, l))],
            )
        }
    }
}

/// The line added to the bot's answer in a learning game: the one thing
/// worth seeing for the player, `bot` being Tablero.
pub(crate) fn notice(n: &Notice, id: GameId, bot: &User) -> Bi {
    let head = |l| t(pick(l, "\nWorth seeing: ", "\nConviene ver: "));
    both(|l| {
        let mut s = head(l);
        s.append(match n {
            Notice::WinAvailable => t(pick(
                l,
                "you have a move that wins at once. Can you find it? (`hint` shows it)",
                "tienes una jugada que gana en el acto. ¿La ves? (`pista` la muestra)",
            )),
            Notice::Threat { threat } => Text::fill(
                pick(
                    l,
                    "{} threatens to win with `{}` next move: stop it.",
                    "{} amenaza con ganar con `{}` en la próxima jugada: impídelo.",
                ),
                [m(bot), t(shown(id, threat, l))],
            ),
            Notice::Lost {
                cell,
                moved_there: true,
            } => Text::fill(
                pick(
                    l,
                    "your last move put the piece on {} where it could be taken, and {} took it. Before moving, look at what the other side can take.",
                    "tu última jugada dejó la pieza en {} donde podía ser capturada, y {} la capturó. Antes de mover, mira qué puede capturar el rival.",
                ),
                [t(cell.to_string()), m(bot)],
            ),
            Notice::Lost {
                cell,
                moved_there: false,
            } => Text::fill(
                pick(
                    l,
                    "{} took your piece on {}. Before each move, look at which of your pieces can be taken.",
                    "{} capturó tu pieza de {}. Antes de cada jugada, mira cuáles de tus piezas pueden ser capturadas.",
                ),
                [m(bot), t(cell.to_string())],
            ),
            Notice::Capture { cell } => Text::fill(
                pick(
                    l,
                    "you can take the piece on {} and come out ahead.",
                    "puedes capturar la pieza de {} y salir ganando.",
                ),
                [t(cell.to_string())],
            ),
            Notice::LostNextMove { threat } => Text::fill(
                pick(
                    l,
                    "{} wins next move (with `{}` among others) whatever you play: there is nothing left to stop, the game is lost. Next time, look for such threats a move earlier.",
                    "{} gana en la próxima jugada (con `{}`, entre otras) juegues lo que juegues: ya no hay nada que impedir, la partida está perdida. La próxima vez, busca esas amenazas una jugada antes.",
                ),
                [m(bot), t(shown(id, threat, l))],
            ),
            // Cascades' stones never move once placed: no `moves SQUARE`.
            Notice::Standing { value } if id == GameId::Cascades => Text::fill(
                pick(
                    l,
                    "nothing urgent; the engine rates your position: {}. `hint` shows a good move.",
                    "nada urgente; el motor valora tu posición: {}. `pista` muestra una buena jugada.",
                ),
                [t(standing(*value, l))],
            ),
            Notice::Standing { value } => Text::fill(
                pick(
                    l,
                    "nothing urgent; the engine rates your position: {}. `moves SQUARE` shows where a piece may go.",
                    "nada urgente; el motor valora tu posición: {}. `movimientos CASILLA` muestra adónde puede ir una pieza.",
                ),
                [t(standing(*value, l))],
            ),
        });
        s
    })
}

/// Adds to the first board of a learning game what kind of game it is.
pub(crate) fn learning_welcome(e: &Event, text: &mut Bi) {
    let Event::Accepted { game, .. } = e else {
        return;
    };
    if !game.learning {
        return;
    }
    // Cascades' stones never move once placed: no `moves SQUARE` there.
    let add = if game.game.id() == GameId::Cascades {
        tr(
            "\nA learning game: after each of your moves I point out one thing worth seeing. `hint` gives a good move and why. It does not count for your rating.",
            "\nUna partida de aprendizaje: tras cada jugada tuya señalo algo que conviene ver. `pista` da una buena jugada y por qué. No cuenta para tu puntuación.",
            &[],
        )
    } else {
        tr(
            "\nA learning game: after each of your moves I point out one thing worth seeing. `hint` gives a good move and why; `moves SQUARE` shows where a piece may go. It does not count for your rating.",
            "\nUna partida de aprendizaje: tras cada jugada tuya señalo algo que conviene ver. `pista` da una buena jugada y por qué; `movimientos CASILLA` muestra adónde puede ir una pieza. No cuenta para tu puntuación.",
            &[],
        )
    };
    text.en.append(add.en);
    text.es.append(add.es);
}

/// The learning games' lines of `stats`; `alone`: the user has no other
/// results, so `s` says they have none and is replaced.
pub(super) fn learning_stats(
    s: &mut Text,
    user: &User,
    alone: bool,
    learning: &[(GameId, Stats)],
    l: Lang,
) {
    if learning.is_empty() {
        return;
    }
    if alone {
        *s = Text::fill(pick(l, "Stats for {}:", "Estadísticas de {}:"), [m(user)]);
    }
    s.append(t(pick(
        l,
        "\nLearning games (`learn`, never rated):",
        "\nPartidas de aprendizaje (`aprender`, nunca puntúan):",
    )));
    for (g, st) in learning {
        s.append(t(format!(
            "\n{}: {}",
            g.info().name(l),
            super::records::results(st, l)
        )));
    }
}

/// The words of the errors of `moves`, `hint` and `learn`.
pub(super) fn error(e: &AppError) -> Bi {
    match e {
        AppError::NotASquare { word, id } => tr(
            "`{}` is no square of #{}'s board: write a square after it, as in `moves e2`.",
            "`{}` no es ninguna casilla del tablero de #{}: escribe una casilla detrás, como en `movimientos e2`.",
            &[t(word.clone()), t(id.to_string())],
        ),
        AppError::EmptySquare { cell, id } => tr(
            "There is no piece on {} in #{}.",
            "No hay ninguna pieza en {} en la partida #{}.",
            &[t(cell.clone()), t(id.to_string())],
        ),
        AppError::NotToMovePiece { cell, id, waiting } => tr(
            "The piece on {} is not of the side to move in #{}: it is {}'s turn, and only their pieces move now.",
            "La pieza de {} no es del bando que mueve en la partida #{}: le toca a {}, y ahora solo mueven sus piezas.",
            &[t(cell.clone()), t(id.to_string()), m(waiting)],
        ),
        AppError::NoMovesFrom { cell, id } => tr(
            "The piece on {} has no legal move in #{} now.",
            "La pieza de {} no tiene ninguna jugada legal en la partida #{} ahora.",
            &[t(cell.clone()), t(id.to_string())],
        ),
        AppError::WhichPiece { id, origins } => both(|l| {
            let first = origins.first().cloned().unwrap_or_else(|| "e2".into());
            Text::fill(
                pick(
                    l,
                    "Which piece? Write its square, as in `moves {}`. In #{} these can move: {}.",
                    "¿Qué pieza? Escribe su casilla, como en `movimientos {}`. En la partida #{} pueden mover: {}.",
                ),
                [t(first), t(id.to_string()), code_list(origins, l)],
            )
        }),
        AppError::HintVsPeople(id) => tr(
            "Hints are for games against me: in #{}, a game between people, the engine would be playing for you. `learn GAME` starts a game with help.",
            "Las pistas son para partidas contra mí: en la partida #{}, entre personas, jugaría el motor por ti. `aprender JUEGO` empieza una partida con ayuda.",
            &[t(id.to_string())],
        ),
        AppError::LearnLevel => tr(
            "A learning game is against my level 1. For another level, `play GAME level=N`.",
            "Una partida de aprendizaje es contra mi nivel 1. Para otro nivel, `maquina JUEGO nivel=N`.",
            &[],
        ),
        _ => Bi::default(),
    }
}
