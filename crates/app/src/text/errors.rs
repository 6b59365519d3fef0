//! Why nothing happened, in words.

use tablero_rules::{GameId, Lang};

use super::{both, c, m, pick, t, tr};
use crate::command::{CommandSpec, Usage};
use crate::event::{AppError, Limit, StoreFailure, Verb};
use crate::reply::{Bi, Text};
use crate::view::{ChallengeView, OfferKind};

/// The example command of `verb` for game or challenge `n`.
fn example(verb: &Verb, n: impl std::fmt::Display, l: Lang) -> String {
    let (en, es) = match verb {
        Verb::Board => ("board", "tablero"),
        Verb::History => ("history", "historial"),
        Verb::Move(_) => ("move", "mover"),
        Verb::Resign => ("resign", "rendirse"),
        Verb::Offer(OfferKind::Draw) => ("draw", "tablas"),
        Verb::Offer(OfferKind::Takeback) => ("takeback", "deshacer"),
        Verb::Accept => ("accept", "aceptar"),
        Verb::Decline => ("decline", "rechazar"),
        Verb::Cancel => ("cancel", "cancelar"),
        Verb::Export => ("export", "exportar"),
        Verb::Replay => ("replay", "repeticion"),
        Verb::Rematch => ("rematch", "revancha"),
        Verb::Moves(_) => ("moves", "movimientos"),
        Verb::Hint => ("hint", "pista"),
    };
    let mut s = format!("{} #{n}", pick(l, en, es));
    if let Verb::Move(text) | Verb::Moves(Some(text)) = verb {
        s.push(' ');
        s.push_str(text);
    }
    s
}

/// At most a few dozen characters of what someone typed, to quote back.
pub(crate) fn quote(s: &str) -> String {
    const MAX: usize = 40;
    let s = s.trim();
    if s.chars().count() <= MAX {
        return s.replace('`', "'");
    }
    let cut: String = s.chars().take(MAX).collect();
    format!("{}…", cut.replace('`', "'"))
}

/// `a`, `a or b`, `a, b or c`.
fn list_or(items: &[String], l: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), pick(l, "or", "o")),
    }
}

/// The first page of a list quoted in one sentence, its items joined
/// with commas, and how many items it holds.
fn first_page(items: impl Iterator<Item = Bi>) -> (Bi, usize) {
    let items: Vec<Bi> = items.collect();
    let shown = crate::pages::split(&items.iter().map(crate::pages::cost_bi).collect::<Vec<_>>())
        .first()
        .map_or(0, |p| p.end);
    (joined(&items[..shown]), shown)
}

/// `items` joined with commas.
fn joined(items: &[Bi]) -> Bi {
    both(|l| {
        let mut s = Text::default();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                s.append(t(", "));
            }
            s.append(item.get(l).clone());
        }
        s
    })
}

/// ` 12 more: `accept page 2` shows them.` (or `current`, which lists
/// every game and challenge of the channel).
fn more(n: usize, accept: bool, l: Lang) -> Text {
    let command = if accept {
        super::page_command(crate::reply::Listing::Challenges, 2, l)
    } else {
        pick(l, "current", "partidas").to_string()
    };
    Text::fill(
        pick(
            l,
            " {} more: `{}` lists them.",
            " {} más: `{}` los muestra.",
        ),
        [t(n.to_string()), t(command)],
    )
}

/// `#5 Chess (ana)`, in a "Which challenge?".
fn which_name(ch: &ChallengeView) -> Bi {
    both(|l| {
        t(format!(
            "#{} {} ({})",
            ch.id,
            ch.game.info().name(l),
            ch.challenger.name
        ))
    })
}

/// The pages of the list an error shows the first page of: the
/// challenges a "Which challenge?" asked by `accept` offers.
pub(crate) fn error_pager(e: &AppError) -> Option<crate::reply::Pager> {
    match e {
        AppError::WhichChallenge {
            verb: Verb::Accept,
            list,
        } => super::events::challenge_page(list, 1).pager,
        _ => None,
    }
}

/// The challenges an error offers as Accept buttons: the first page of a
/// "Which challenge?" asked by `accept`.
pub(crate) fn error_picks(e: &AppError) -> Vec<&ChallengeView> {
    match e {
        AppError::WhichChallenge {
            verb: Verb::Accept,
            list,
        } => list[super::events::challenge_page(list, 1).shown]
            .iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// A command's name as a reader of `l` types it.
fn command_name(spec: &CommandSpec, l: Lang) -> String {
    match l {
        Lang::En => spec.name.to_string(),
        Lang::Es => spec.aliases.first().unwrap_or(&spec.name).to_string(),
    }
}

/// What is wrong with a command's arguments, as the first words of a
/// sentence.
fn usage(spec: &CommandSpec, why: &Usage, l: Lang) -> Text {
    match why {
        Usage::NeedGame => {
            let example = match spec.name {
                "challenge" => pick(
                    l,
                    "challenge @bob breakthrough",
                    "desafiar @bob breakthrough",
                ),
                "play" => pick(l, "play chess level=2", "maquina chess nivel=2"),
                _ => pick(l, "rules breakthrough", "reglas breakthrough"),
            };
            Text::fill(
                pick(
                    l,
                    "Which game? For example {}",
                    "¿Qué juego? Por ejemplo {}",
                ),
                [c(example)],
            )
        }
        Usage::NeedMove => Text::fill(
            pick(
                l,
                "Which move? For example {}",
                "¿Qué jugada? Por ejemplo {}",
            ),
            [c(pick(l, "move a2-a3", "mover a2-a3"))],
        ),
        Usage::NotGameNumber(w) => Text::fill(
            pick(
                l,
                "{} is not a game number like #3",
                "{} no es un número de partida como #3",
            ),
            [c(w.clone())],
        ),
        Usage::NotAnswer(w) => Text::fill(
            pick(
                l,
                "{} is neither accept, decline nor a game number",
                "{} no es aceptar, rechazar ni un número de partida",
            ),
            [c(w.clone())],
        ),
        Usage::TooManyWords => t(pick(l, "Too many words", "Sobran palabras")),
        Usage::StatsForm => Text::fill(
            pick(l, "Write {}, {} or {}", "Escribe {}, {} o {}"),
            [
                c(pick(l, "stats", "estadisticas")),
                c(pick(l, "stats @user", "estadisticas @usuario")),
                c(pick(
                    l,
                    "stats @user chess",
                    "estadisticas @usuario ajedrez",
                )),
            ],
        ),
        Usage::ExportForm(w) => Text::fill(
            pick(
                l,
                "`{}` is neither a game number nor `pgn` or `text`",
                "`{}` no es un número de partida, ni `pgn` ni `texto`",
            ),
            [t(w.clone())],
        ),
        Usage::Tournament(why) => super::tournaments::usage(why, l),
        Usage::NotPage(w) => Text::fill(
            pick(
                l,
                "{} is not a page number like 2",
                "{} no es un número de página como 2",
            ),
            [c(w.clone())],
        ),
    }
}

/// The text of `e`.
pub(crate) fn error(e: &AppError) -> Bi {
    use AppError as E;
    match e {
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
        E::NoBotHere => tr(
            "I can't play here yet; try again in a moment.",
            "Aún no puedo jugar aquí; prueba dentro de un momento.",
            &[],
        ),
        E::BadLevel(w) => tr(
            "`level={}` is not a level: choose 1 (a beginner) to 5 (my strongest).",
            "`nivel={}` no es un nivel: elige de 1 (principiante) a 5 (el más fuerte).",
            &[t(w.clone())],
        ),
        E::LevelWithoutBot => tr(
            "`level=` is for games against me: `play GAME level=N`.",
            "`nivel=` es para jugar contra mí: `maquina JUEGO nivel=N`.",
            &[],
        ),
        E::SelfChallenge => tr(
            "You can't challenge yourself. Name someone else, or leave the name out for an open challenge.",
            "No puedes desafiarte a ti mismo. Nombra a otra persona, u omite el nombre para un desafío abierto.",
            &[],
        ),
        E::BadTimeLimit(why) => both(|l| {
            use crate::event::BadMoveLimit;
            let why = match (why, l) {
                (_, Lang::En) => why.to_string(),
                (BadMoveLimit::OutOfRange(ms), Lang::Es) => format!(
                    "{} está fuera de 1h a 14d",
                    crate::clock::format_duration(*ms)
                ),
                (BadMoveLimit::NotDuration(s), Lang::Es) => {
                    format!("`{s}` no es una duración como 72h, 3d o none")
                }
            };
            Text::fill(
                pick(
                    l,
                    "Bad time limit: {}. Write `time=72h`, `time=3d` (1h to 14d) or `time=none`.",
                    "Tiempo no válido: {}. Escribe `tiempo=72h`, `tiempo=3d` (de 1h a 14d) o `tiempo=none`.",
                ),
                [t(why)],
            )
        }),
        E::UnknownOption { game, option } => both(|l| {
            let info = game.info();
            let mut opts: Vec<String> = info.sides.iter().map(|s| s.en.to_lowercase()).collect();
            opts.push("random".into());
            opts.extend(
                info.params
                    .iter()
                    .map(|p| format!("{}={}..{}", p.key, p.min, p.max)),
            );
            opts.push("time=72h|none".into());
            Text::fill(
                pick(
                    l,
                    "Unknown option `{}`. {} takes: {}.",
                    "Opción desconocida `{}`. {} admite: {}.",
                ),
                [t(option.clone()), t(info.name(l)), t(opts.join(", "))],
            )
        }),
        E::BadSetup(msg) => both(|l| t(msg.get(l))),
        E::BadOption { game, why } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "Bad option: {}. `rules {}` lists the options.",
                    "Opción no válida: {}. `reglas {}` muestra las opciones.",
                ),
                [t(why.get(l)), t(game.key())],
            )
        }),
        E::NoChallenge(n) => tr(
            "There is no open challenge #{} here. `current` lists this channel's.",
            "Aquí no hay ningún desafío #{} pendiente. `partidas` muestra los del canal.",
            &[t(n.to_string())],
        ),
        E::OwnChallengeAccept => tr(
            "You can't accept your own challenge; `cancel` withdraws it.",
            "No puedes aceptar tu propio desafío; `cancelar` lo retira.",
            &[],
        ),
        E::ChallengeForOther { id, for_user } => tr(
            "Challenge #{} is for {}, not for you.",
            "El desafío #{} es para {}, no para ti.",
            &[t(id.to_string()), m(for_user)],
        ),
        E::NoChallengeWaiting => tr(
            "No challenge is waiting for you here. `challenge @user GAME` starts one; `current` lists this channel's.",
            "Aquí no te espera ningún desafío. `desafiar @usuario JUEGO` crea uno; `partidas` muestra los del canal.",
            &[],
        ),
        E::OpenChallengeDecline(n) => tr(
            "#{} is an open challenge: nobody has to decline it. Leave it and it expires.",
            "#{} es un desafío abierto: nadie tiene que rechazarlo. Si nadie lo acepta, caduca.",
            &[t(n.to_string())],
        ),
        E::OwnChallengeDecline => tr(
            "That is your own challenge; `cancel` withdraws it.",
            "Ese desafío es tuyo; `cancelar` lo retira.",
            &[],
        ),
        E::NoChallengeAddressed => tr(
            "No challenge is addressed to you here.",
            "Aquí no hay ningún desafío dirigido a ti.",
            &[],
        ),
        E::NotYourChallenge(n) => tr(
            "Challenge #{} is not yours to cancel; you may `decline` one addressed to you.",
            "El desafío #{} no es tuyo; puedes `rechazar` uno dirigido a ti.",
            &[t(n.to_string())],
        ),
        E::NoOwnChallenge => tr(
            "You have no challenge waiting here.",
            "No tienes ningún desafío pendiente aquí.",
            &[],
        ),
        E::WhichChallenge { verb, list } => {
            let shown = super::events::challenge_page(list, 1).shown.end;
            let names = joined(&list[..shown].iter().map(which_name).collect::<Vec<_>>());
            let first = list.first().map_or(0, |ch| ch.id);
            both(|l| {
                let mut s = Text::fill(
                    pick(
                        l,
                        "Which challenge? {}. Write {}.",
                        "¿Qué desafío? {}. Escribe {}.",
                    ),
                    [names.get(l).clone(), c(example(verb, first, l))],
                );
                if shown < list.len() {
                    s.append(more(list.len() - shown, matches!(verb, Verb::Accept), l));
                }
                s
            })
        }
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
            let names: Vec<String> = games.iter().map(|g| super::elsewhere(g, l)).collect();
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
        E::NoDraws(game) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{} has no draws: play on, or `resign`.",
                    "{} no tiene tablas: sigue jugando, o `rendirse`.",
                ),
                [t(game.info().name(l))],
            )
        }),
        E::NoOffer(OfferKind::Draw) => tr(
            "Nobody has offered you a draw. `draw` offers one.",
            "Nadie te ha ofrecido tablas. `tablas` las ofrece.",
            &[],
        ),
        E::NoOffer(OfferKind::Takeback) => tr(
            "Nobody has asked you for a takeback. `takeback` asks for one.",
            "Nadie te ha pedido deshacer. `deshacer` lo pide.",
            &[],
        ),
        E::AlreadyOffered {
            kind: OfferKind::Draw,
            id,
            them,
        } => tr(
            "You have already offered a draw in #{}; waiting for {}.",
            "Ya has ofrecido tablas en la partida #{}; falta la respuesta de {}.",
            &[t(id.to_string()), m(them)],
        ),
        E::AlreadyOffered {
            kind: OfferKind::Takeback,
            id,
            them,
        } => tr(
            "You have already asked for a takeback in #{}; waiting for {}.",
            "Ya has pedido deshacer en la partida #{}; falta la respuesta de {}.",
            &[t(id.to_string()), m(them)],
        ),
        E::AnswerFirst {
            kind: OfferKind::Draw,
            id,
            them,
        } => tr(
            "{} offered a draw in #{}: answer `draw accept #{}` or `draw decline #{}`.",
            "{} ofreció tablas en la partida #{}: responde `tablas aceptar #{}` o `tablas rechazar #{}`.",
            &[
                m(them),
                t(id.to_string()),
                t(id.to_string()),
                t(id.to_string()),
            ],
        ),
        E::AnswerFirst {
            kind: OfferKind::Takeback,
            id,
            them,
        } => tr(
            "{} asked for a takeback in #{}: answer `takeback accept #{}` or `takeback decline #{}`.",
            "{} pidió deshacer en la partida #{}: responde `deshacer aceptar #{}` o `deshacer rechazar #{}`.",
            &[
                m(them),
                t(id.to_string()),
                t(id.to_string()),
                t(id.to_string()),
            ],
        ),
        E::NothingToTakeBack => tr(
            "There is no move to take back.",
            "No hay ninguna jugada que deshacer.",
            &[],
        ),
        E::NotMovedYet => tr(
            "You have not moved yet, so there is nothing to take back.",
            "Aún no has jugado, así que no hay nada que deshacer.",
            &[],
        ),
        E::NothingWaits(n) => tr(
            "Nothing in game #{} waits for your answer.",
            "En la partida #{} nada espera tu respuesta.",
            &[t(n.to_string())],
        ),
        E::NotOverYet(n) => tr(
            "Game #{} is still being played: a rematch comes after it ends.",
            "La partida #{} sigue en juego: la revancha llega cuando termine.",
            &[t(n.to_string())],
        ),
        E::NothingToRematch => tr(
            "You have no finished game here to rematch.",
            "No tienes aquí ninguna partida terminada para pedir la revancha.",
            &[],
        ),
        E::RematchPending { id, them } => tr(
            "You already offered {} a rematch (#{}): it waits for their answer.",
            "Ya ofreciste la revancha a {} (#{}): espera su respuesta.",
            &[m(them), t(id.to_string())],
        ),
        E::NoPgn(g) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "PGN is for the chess games; {} records come as text: `export` or `export text`.",
                    "El PGN es para los ajedreces; las partidas de {} se exportan como texto: `exportar` o `exportar texto`.",
                ),
                [t(g.info().name(l))],
            )
        }),
        E::NoGameNumbered(n) => tr(
            "There is no game #{} in this channel, ongoing or finished.",
            "No hay ninguna partida #{} en este canal, ni en curso ni terminada.",
            &[t(n.to_string())],
        ),
        E::NoGameToShow => tr(
            "You have played no game here yet; give its number: `replay #3`.",
            "Aún no has jugado ninguna partida aquí; da su número: `repeticion #3`.",
            &[],
        ),
        E::BadOrientation(w) => tr(
            "`{}` is no orientation: `orientation white` (White at the bottom) or `orientation turn` (the player to move at the bottom).",
            "`{}` no es una orientación: `orientacion blancas` (blancas abajo) u `orientacion turno` (abajo quien mueve).",
            &[t(quote(w))],
        ),
        E::BadWeb(w) => tr(
            "`{}` is neither on nor off: `web list on` shows this chat's games on the web, `web list off` hides them.",
            "`{}` no es ni sí ni no: `web lista si` muestra las partidas de este chat en la web, `web lista no` las oculta.",
            &[t(quote(w))],
        ),
        E::Tournament(e) => super::tournaments::error(e),
        E::NotManager => tr(
            "Only someone who can manage this chat can choose whether its games are listed on the web. Nothing changed.",
            "Solo quien puede administrar este chat puede elegir si sus partidas aparecen en la web. No ha cambiado nada.",
            &[],
        ),
        E::WebDirect => tr(
            "Games of a direct chat are never listed on the web; each still has its own page, reached by its link. Nothing changed.",
            "Las partidas de un chat directo nunca aparecen en la web; cada una tiene su página, a la que se llega por su enlace. No ha cambiado nada.",
            &[],
        ),
        E::BadLang(w) => tr(
            "`{}` is not a language I speak: `en` or `es`.",
            "`{}` no es un idioma que hable: `en` o `es`.",
            &[t(w.clone())],
        ),
        E::Unreadable(why) => tr(
            "A stored game could not be read ({}); nothing changed.",
            "No se pudo leer una partida guardada ({}); no ha cambiado nada.",
            &[t(why.clone())],
        ),
        E::Limit(limit) => {
            let (en, es, n) = match *limit {
                Limit::ChallengesPerUser(n) => (
                    "You already have {} open challenges, counting every chat: wait for an answer or `cancel` one first. Nothing changed.",
                    "Ya tienes {} desafíos abiertos, contando todos los chats: espera una respuesta o cancela uno (`cancelar`) antes. No ha cambiado nada.",
                    n,
                ),
                Limit::ChallengesPerChannel(n) => (
                    "This channel already has {} open challenges: accept or let some expire first. Nothing changed.",
                    "Este canal ya tiene {} desafíos abiertos: acepta alguno o deja que caduquen antes. No ha cambiado nada.",
                    n,
                ),
                Limit::GamesPerUser(n) => (
                    "A player may have at most {} games going at once: finish one first. Nothing changed.",
                    "Cada jugador puede tener como mucho {} partidas en curso a la vez: termina alguna antes. No ha cambiado nada.",
                    n,
                ),
                Limit::BotGamesPerUser(n) => (
                    "You already play {} games against me: finish one first. Nothing changed.",
                    "Ya juegas {} partidas contra mí: termina alguna antes. No ha cambiado nada.",
                    n,
                ),
                Limit::CommandsPerMinute(n) => (
                    "That is more than {} messages a minute: I'll answer again in a minute.",
                    "Son más de {} mensajes por minuto: volveré a contestarte dentro de un minuto.",
                    n,
                ),
                // (No number: the template has no place for one.)
                Limit::Busy => (
                    "I'm still drawing something you asked for: try again in a moment. Nothing changed.",
                    "Aún estoy dibujando algo que me pediste: vuelve a intentarlo en un momento. No ha cambiado nada.",
                    0,
                ),
            };
            tr(en, es, &[t(n.to_string())])
        }
        E::Store(StoreFailure::Corrupt) => tr(
            "That record could not be read; it has been set aside for the operator. Nothing changed.",
            "No se pudo leer ese registro; se ha apartado para el administrador. No ha cambiado nada.",
            &[],
        ),
        E::Store(StoreFailure::Db) => tr(
            "Storage failed, so nothing changed. Please try again.",
            "Falló el almacenamiento, así que no ha cambiado nada. Vuelve a intentarlo.",
            &[],
        ),
        E::NotASquare { .. }
        | E::EmptySquare { .. }
        | E::NotToMovePiece { .. }
        | E::NoMovesFrom { .. }
        | E::WhichPiece { .. }
        | E::HintVsPeople(_)
        | E::LearnLevel => super::learn::error(e),
        E::Inline(e) => super::inline::error(e),
        E::NotFinished(n) => tr(
            "Game #{} is still being played; a review comes once it has ended: `review #{}`.",
            "La partida #{} aún se está jugando; el análisis llega cuando termine: `analisis #{}`.",
            &[t(n.to_string()), t(n.to_string())],
        ),
        E::NothingToReview => tr(
            "You have no finished game here yet; give the number of the game to review: `review #3`.",
            "Aún no tienes ninguna partida terminada aquí; da el número de la partida que analizar: `analisis #3`.",
            &[],
        ),
    }
}
