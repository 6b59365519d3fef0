//! Which game is meant, and moves that cannot be played.

use super::*;

/// The text of `e`, if it is one of these errors.
pub(super) fn error(e: &AppError) -> Option<Bi> {
    use AppError as E;
    Some(match e {
        E::SetAside(n) => tr(
            "Game #{} could not be loaded, so it has been set aside for the operator; nothing was deleted.",
            "La partida #{} no se pudo cargar y se ha apartado para el administrador; no se ha borrado nada.",
            &[t(n.to_string())],
        ),
        E::NoGame(n) => tr(
            "There is no ongoing game #{} in this channel. `current` lists them.",
            "No hay ninguna partida #{} en curso en este canal. `partidas` las muestra.",
            &[t(n.to_string())],
        ),
        E::NotAPlayer(n) => tr(
            "You are not a player in game #{}; you can watch with `board #{}`.",
            "No juegas la partida #{}; puedes seguirla con `tablero #{}`.",
            &[t(n.to_string()), t(n.to_string())],
        ),
        E::GameNotMove(game) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{} is a game, not a move. To start a game of {}: `play {}` against me, or `challenge {}` against anyone here (`challenge @user {}` for someone in particular).",
                    "{} es un juego, no una jugada. Para empezar una partida de {}: `maquina {}` contra mí, o `desafiar {}` contra cualquiera del canal (`desafiar @usuario {}` para alguien en concreto).",
                ),
                [
                    t(game.info().name(l)),
                    t(game.info().name(l)),
                    t(game.key()),
                    t(game.key()),
                    t(game.key()),
                ],
            )
        }),
        E::NotPlaying => tr(
            "You are not playing any game in this channel. `challenge @user GAME` starts one.",
            "No juegas ninguna partida en este canal. `desafiar @usuario JUEGO` empieza una.",
            &[],
        ),
        E::NoGamesHere => tr(
            "No game is being played in this channel.",
            "No se está jugando ninguna partida en este canal.",
            &[],
        ),
        E::WhichGame { verb, games } => {
            let (names, shown) = first_page(games.iter().map(|g| {
                both(|l| {
                    t(format!(
                        "#{} {} ({} – {})",
                        g.id(),
                        g.info().name(l),
                        g.players[0].name,
                        g.players[1].name
                    ))
                })
            }));
            let first = games.first().map_or(0, |g| g.id());
            both(|l| {
                let mut s = Text::fill(
                    pick(
                        l,
                        "Which game? {}. Add its number, for example {}.",
                        "¿Qué partida? {}. Añade su número, por ejemplo {}.",
                    ),
                    [names.get(l).clone(), c(example(verb, first, l))],
                );
                if shown < games.len() {
                    s.append(more(games.len() - shown, false, l));
                }
                s
            })
        }
        E::WhichPlace { verb, games } => both(|l| {
            let names: Vec<String> = games.iter().map(|g| crate::text::elsewhere(g, l)).collect();
            let first = games
                .first()
                .map_or_else(|| "1".to_string(), |g| g.at.to_string());
            Text::fill(
                pick(
                    l,
                    "Which game? {}. Add its reference, for example {}.",
                    "¿Qué partida? {}. Añade su referencia, por ejemplo {}.",
                ),
                [t(names.join("; ")), c(example(verb, first, l))],
            )
        }),
        E::NoGameAt(at) => tr(
            "You have no ongoing game #{}. `mygames` lists yours, each with its reference.",
            "No tienes ninguna partida en curso #{}. `mispartidas` lista las tuyas, cada una con su referencia.",
            &[t(at.to_string())],
        ),
        E::NotYourTurnAnywhere => tr(
            "It is not your turn in any of your games here.",
            "No te toca en ninguna de tus partidas de aquí.",
            &[],
        ),
        E::NotYourTurn {
            id,
            game,
            waiting_for,
        } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "It's not your turn in #{} ({}): waiting for {}.",
                    "No te toca en la partida #{} ({}): le toca a {}.",
                ),
                [t(id.to_string()), t(game.info().name(l)), m(waiting_for)],
            )
        }),
        E::AlreadyPlayed(n) => tr(
            "That move was already played in #{}.",
            "Esa jugada ya se jugó en la partida #{}.",
            &[t(n.to_string())],
        ),
        E::Illegal {
            game,
            error,
            hints,
            more,
        } => both(|l| {
            let mut hint = Text::default();
            for (i, h) in hints.iter().enumerate() {
                if i > 0 {
                    hint.append(t(", "));
                }
                hint.append(c(crate::reading::shown(*game, h, l)));
            }
            if *more > 0 {
                hint.append(t(format!(" (+{more})")));
            }
            Text::fill(
                pick(
                    l,
                    "{} Legal moves include: {}.",
                    "{} Algunas jugadas legales: {}.",
                ),
                [t(error.message(l)), hint],
            )
        }),
        E::StaleBoard(n) => tr(
            "This board of #{} is out of date; use the newest one.",
            "Este tablero de la partida #{} está anticuado; usa el más reciente.",
            &[t(n.to_string())],
        ),
        E::GameOver(n) => tr(
            "Game #{} is over.",
            "La partida #{} ha terminado.",
            &[t(n.to_string())],
        ),
        E::NothingFrom { cell, id } => tr(
            "Nothing of yours can move from {} in #{}.",
            "Nada tuyo puede moverse desde {} en la partida #{}.",
            &[t(cell.clone()), t(id.to_string())],
        ),
        E::NoSuchButton => tr(
            "That button names no move.",
            "Ese botón no corresponde a ninguna jugada.",
            &[],
        ),
        _ => return None,
    })
}
