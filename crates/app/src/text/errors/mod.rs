//! Why nothing happened, in words: the catalogue of errors, one file per
//! concern (`words.rs`, `challenges.rs`, `games.rs`, `offers.rs`,
//! `others.rs`), and what they share (quoting, lists, examples).

mod challenges;
mod games;
mod offers;
mod others;
mod words;

use tablero_rules::{GameId, Lang};

use super::{both, c, m, pick, t, tr};
use crate::command::CommandSpec;
use crate::event::{AppError, Limit, StoreFailure, Verb};
use crate::grammar::Usage;
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
        Usage::Tournament(why) => super::tournament_errors::usage(why, l),
        Usage::Comfort(w) => Text::fill(
            pick(
                l,
                "{} is not understood here (a duration like 5d, a date like 2026-02-01, a zone like Europe/Madrid, hours like 23-08, or off)",
                "{} no se entiende aquí (una duración como 5d, una fecha como 2026-02-01, una zona como Europe/Madrid, horas como 23-08, u off)",
            ),
            [c(crate::event::brief(w))],
        ),
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
    words::error(e)
        .or_else(|| challenges::error(e))
        .or_else(|| games::error(e))
        .or_else(|| offers::error(e))
        .or_else(|| others::error(e))
        .or_else(|| match e {
            AppError::Comfort(why) => Some(super::comforts::error(why)),
            _ => None,
        })
        .unwrap_or_else(|| {
            // Every error has its text in one of the files above; one
            // without is a mistake here, shown as a failure of the bot.
            tracing::error!(error = ?e, "an error without a text");
            others::error(&AppError::Store(StoreFailure::Db)).unwrap_or_default()
        })
}
