//! Challenges and games against Tablero: their terms, and which
//! challenge is meant.

use super::*;

/// The text of `e`, if it is one of these errors.
pub(super) fn error(e: &AppError) -> Option<Bi> {
    use AppError as E;
    Some(match e {
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
                (BadMoveLimit::Fischer(s), Lang::Es) => format!(
                    "`{s}` no es un reloj como 3d+1d o 3d+1d/7d (un incremento de 1m hasta el tope, un tope desde el tiempo inicial hasta 60d)"
                ),
            };
            Text::fill(
                pick(
                    l,
                    "Bad time limit: {}. Write `time=72h`, `time=3d` (1h to 14d), `time=3d+1d` (3 days, plus 1 a move, at most 3; `time=3d+1d/7d`: at most 7) or `time=none`.",
                    "Tiempo no válido: {}. Escribe `tiempo=72h`, `tiempo=3d` (de 1h a 14d), `tiempo=3d+1d` (3 días, más 1 por jugada, como mucho 3; `tiempo=3d+1d/7d`: como mucho 7) o `tiempo=none`.",
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
            let shown = crate::text::events::challenge_page(list, 1).shown.end;
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
        _ => return None,
    })
}
