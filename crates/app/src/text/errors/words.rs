//! What was typed and is not understood: a command's words, an unknown
//! command, game or user, text that is no move.

use super::*;

/// The text of `e`, if it is one of these errors.
pub(super) fn error(e: &AppError) -> Option<Bi> {
    use AppError as E;
    Some(match e {
        E::Usage { spec, why } => both(|l| {
            Text::fill(
                pick(l, "{}. Usage: `{}`", "{}. Uso: `{}`"),
                [usage(spec, why, l), t(spec.usage(l))],
            )
        }),
        E::UnknownHelpTopic(w) => tr(
            "There is no command `{}`. `help` lists them.",
            "No hay ninguna orden `{}`. `ayuda` las muestra.",
            &[t(w.clone())],
        ),
        E::UnknownCommand {
            word,
            near: Some(spec),
            ..
        } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "Unknown command `{}`. Did you mean {}? `help` lists the commands.",
                    "Orden desconocida `{}`. ¿Querías decir {}? `ayuda` muestra las órdenes.",
                ),
                [t(quote(word)), c(command_name(spec, l))],
            )
        }),
        E::UnknownCommand {
            word,
            near: None,
            playing: false,
        } => tr(
            "Unknown command `{}`, and you have no game here to play it in. `help` lists the commands.",
            "Orden desconocida `{}`, y no tienes aquí ninguna partida en la que jugarla. `ayuda` muestra las órdenes.",
            &[t(quote(word))],
        ),
        E::UnknownCommand {
            word,
            near: None,
            playing: true,
        } => tr(
            "`{}` is neither a command nor a move. `help` lists the commands; `board` shows your game.",
            "`{}` no es ni una orden ni una jugada. `ayuda` muestra las órdenes; `tablero` muestra tu partida.",
            &[t(quote(word))],
        ),
        E::NotAMove { text, games } => {
            let (_, shown) = first_page(
                games
                    .iter()
                    .map(|g| both(|l| t(format!("#{} {}", g.id(), g.info().name(l))))),
            );
            both(|l| {
                let mut names: Vec<String> = games[..shown]
                    .iter()
                    .map(|g| format!("#{} {}", g.id(), g.info().name(l)))
                    .collect();
                if shown < games.len() {
                    names.push(match l {
                        Lang::En => format!("{} more games", games.len() - shown),
                        Lang::Es => format!("otras {} partidas", games.len() - shown),
                    });
                }
                Text::fill(
                    pick(
                        l,
                        "`{}` is not a move in {}. `rules GAME` shows how moves are written; `board` shows the moves you have.",
                        "`{}` no es una jugada en {}. `reglas JUEGO` explica cómo se escriben; `tablero` muestra las jugadas que tienes.",
                    ),
                    [t(quote(text)), t(list_or(&names, l))],
                )
            })
        }
        // A set-up word alone (`first`, `negras`): a whole move, but one
        // that a chat never plays from a bare word; say how to play it.
        E::DidYouMean { text, options }
            if crate::reading::is_set_up_word(text)
                && !options.is_empty()
                && options.windows(2).all(|w| w[0].at() == w[1].at()) =>
        {
            both(|l| {
                let mut s = Text::fill(
                    pick(
                        l,
                        "Nothing played: a word alone such as `{}` is never played from the chat, since people say it in passing. To play it in #{} ({}), write ",
                        "No se ha jugado nada: una palabra sola como `{}` nunca se juega desde el chat, porque se dice de pasada. Para jugarla en la partida #{} ({}), escribe ",
                    ),
                    [
                        t(quote(text)),
                        t(options[0].at().to_string()),
                        t(options[0].kind.info().name(l)),
                    ],
                );
                for (i, o) in options.iter().enumerate() {
                    if i > 0 {
                        s.append(t(pick(l, " or ", " o ")));
                    }
                    s.append(c(format!(
                        "{} #{} {}",
                        pick(l, "move", "mover"),
                        o.at(),
                        o.typed(l)
                    )));
                }
                s.append(t(pick(
                    l,
                    " (or press the button).",
                    " (o pulsa el botón).",
                )));
                s
            })
        }
        E::DidYouMean { text, options } => both(|l| {
            let mut s = Text::fill(
                pick(l, "Nothing played: `{}` is ", "No se ha jugado nada: `{}` "),
                [t(quote(text))],
            );
            let one_game = options.windows(2).all(|w| w[0].at() == w[1].at());
            s.append(t(match (options.len(), one_game, l) {
                (1, _, Lang::En) => "not a whole move. Did you mean ",
                (1, _, Lang::Es) => "no es una jugada completa. ¿Querías decir ",
                (_, true, Lang::En) => "more than one move. Did you mean ",
                (_, true, Lang::Es) => "puede ser más de una jugada. ¿Querías decir ",
                (_, false, Lang::En) => "a move in more than one game. Did you mean ",
                (_, false, Lang::Es) => "es jugada en más de una partida. ¿Querías decir ",
            }));
            for (i, o) in options.iter().enumerate() {
                if i > 0 {
                    s.append(t(if i + 1 == options.len() {
                        pick(l, " or ", " o ")
                    } else {
                        ", "
                    }));
                }
                s.append(c(format!(
                    "{} #{} {}",
                    pick(l, "move", "mover"),
                    o.at(),
                    o.typed(l)
                )));
                s.append(t(format!(" ({})", o.kind.info().name(l))));
            }
            s.append(t("?"));
            s
        }),
        // Each game as its reader may type it: the short keys in English,
        // the Spanish names (every command reads them) in Spanish.
        E::UnknownGame(name) => both(|l| {
            let names: Vec<String> = GameId::ALL
                .iter()
                .map(|g| match l {
                    Lang::Es => g.info().name_es.to_lowercase(),
                    _ => g.key().to_string(),
                })
                .collect();
            Text::fill(
                pick(
                    l,
                    "There is no game `{}`. Games: {}.",
                    "No hay ningún juego `{}`. Juegos: {}.",
                ),
                [t(name.clone()), t(names.join(", "))],
            )
        }),
        E::UnknownUser(word) => tr(
            "I don't know {} yet: they must write something here first (or mention them properly).",
            "Aún no conozco a {}: tiene que escribir algo aquí primero (o menciónalo bien).",
            &[t(word.clone())],
        ),
        _ => return None,
    })
}
