//! Why a tournament command did nothing: its words (`usage`) and its
//! refusals (`error`).

use tablero_rules::Lang;

use super::{c, pick, t, tr};
use crate::event::brief;
use crate::reply::{Bi, Text};
use crate::tourview::{TourError, TourUsage};

/// What is wrong with `tournament`'s words, as the first words of a
/// sentence.
pub(crate) fn usage(why: &TourUsage, l: Lang) -> Text {
    match why {
        TourUsage::UnknownAction(w) => Text::fill(
            pick(
                l,
                "{} is not one of create, join, leave, start, withdraw or a tournament number",
                "{} no es crear, unirse, salir, empezar, retirarse ni un número de torneo",
            ),
            [c(brief(w))],
        ),
        TourUsage::NeedGame => Text::fill(
            pick(
                l,
                "Which game? For example {}",
                "¿Qué juego? Por ejemplo {}",
            ),
            [c(pick(
                l,
                "tournament create breakthrough swiss rounds=3 time=1d",
                "torneo crear breakthrough suizo rondas=3 tiempo=1d",
            ))],
        ),
        TourUsage::NotNumber(w) => Text::fill(
            pick(
                l,
                "{} is not a tournament number like #4",
                "{} no es un número de torneo como #4",
            ),
            [c(brief(w))],
        ),
        TourUsage::TooManyWords => t(pick(l, "Too many words", "Sobran palabras")),
    }
}

/// The text of a refused tournament command.
pub(crate) fn error(e: &TourError) -> Bi {
    use TourError as E;
    let n = |id: &u64| t(id.to_string());
    match e {
        E::CreateNotManager => tr(
            "Only someone who can manage this chat can create a tournament. Nothing changed.",
            "Solo quien puede administrar este chat puede crear un torneo. No ha cambiado nada.",
            &[],
        ),
        E::StartNotAllowed { creator } => tr(
            "Only {} (who created it) or someone who manages this chat can start this tournament.",
            "Solo {} (quien lo creó) o quien administra este chat puede empezar este torneo.",
            &[t(creator.name.clone())],
        ),
        E::NoneHere => tr(
            "There is no tournament in this chat. Someone who manages it can create one: `tournament create breakthrough swiss rounds=3`.",
            "No hay ningún torneo en este chat. Quien lo administra puede crear uno: `torneo crear breakthrough suizo rondas=3`.",
            &[],
        ),
        E::NoSuch(id) => tr(
            "This chat has no tournament #{}.",
            "Este chat no tiene torneo #{}.",
            &[n(id)],
        ),
        E::Which(ids) => {
            let list = ids
                .iter()
                .map(|i| format!("#{i}"))
                .collect::<Vec<_>>()
                .join(", ");
            tr(
                "Which tournament? Add its number: {}. Nothing changed.",
                "¿Qué torneo? Añade su número: {}. No ha cambiado nada.",
                &[t(list)],
            )
        }
        E::NeedFormat => tr(
            "Which format? Add `swiss rounds=N` or `roundrobin` (`double` for two cycles). Nothing changed.",
            "¿Qué sistema? Añade `suizo rondas=N` o `liga` (`doble` para dos vueltas). No ha cambiado nada.",
            &[],
        ),
        E::NeedRounds => tr(
            "How many rounds? A Swiss needs `rounds=N`. Nothing changed.",
            "¿Cuántas rondas? Un suizo necesita `rondas=N`. No ha cambiado nada.",
            &[],
        ),
        E::BadNumber { option, min, max } => tr(
            "`{}` needs a whole number from {} to {}. Nothing changed.",
            "`{}` necesita un número entero de {} a {}. No ha cambiado nada.",
            &[t(brief(option)), t(min.to_string()), t(max.to_string())],
        ),
        E::MixedFormat(w) => tr(
            "`{}` do not go together: a tournament is either `swiss rounds=N` or `roundrobin` (`double` only for a round robin). Nothing changed.",
            "`{}` no van juntos: un torneo es `suizo rondas=N` o `liga` (`doble` solo para una liga). No ha cambiado nada.",
            &[t(w.clone())],
        ),
        E::NotForTournaments(w) => tr(
            "`{}` is not for a tournament: the pairings give the sides, and only people play. Nothing changed.",
            "`{}` no vale para un torneo: los emparejamientos dan los bandos, y solo juegan personas. No ha cambiado nada.",
            &[t(brief(w))],
        ),
        E::AlreadyJoined(id) => tr(
            "You are already in tournament #{}.",
            "Ya estás en el torneo #{}.",
            &[n(id)],
        ),
        E::NotJoined(id) => tr(
            "You are not in tournament #{}.",
            "No estás en el torneo #{}.",
            &[n(id)],
        ),
        E::Full { id, limit } => tr(
            "Tournament #{} is full ({} players).",
            "El torneo #{} está completo ({} jugadores).",
            &[n(id), t(limit.to_string())],
        ),
        E::AlreadyStarted(id) => tr(
            "Tournament #{} has already started: players can no longer join or leave.",
            "El torneo #{} ya ha empezado: ya no se puede entrar ni salir.",
            &[n(id)],
        ),
        E::NotStarted(id) => tr(
            "Tournament #{} has not started yet: `tournament leave` leaves it.",
            "El torneo #{} aún no ha empezado: `torneo salir` te saca de él.",
            &[n(id)],
        ),
        E::Over(id) => tr(
            "Tournament #{} is over.",
            "El torneo #{} ha terminado.",
            &[n(id)],
        ),
        E::Cancelled(id) => tr(
            "Tournament #{} was cancelled: too few players when joining closed.",
            "El torneo #{} se canceló: había pocos jugadores al cerrarse la inscripción.",
            &[n(id)],
        ),
        E::BadDeadline(w) => tr(
            "`deadline={}` is not a time from now like `2d` or `12h`, nor a date like `2026-12-24` or `2026-12-24T18:00` (UTC), from 5 minutes to 60 days ahead. Nothing changed.",
            "`plazo={}` no es un tiempo desde ahora como `2d` o `12h`, ni una fecha como `2026-12-24` o `2026-12-24T18:00` (UTC), de 5 minutos a 60 días vista. No ha cambiado nada.",
            &[t(brief(w))],
        ),
        E::BadBye(w) => tr(
            "`bye={}`: a bye scores `1` (a win, as FIDE has it), `½` (a draw) or `0`. Nothing changed.",
            "`descanso={}`: un descanso vale `1` (una victoria, como en la FIDE), `½` (unas tablas) o `0`. No ha cambiado nada.",
            &[t(brief(w))],
        ),
        E::ByeNotSwiss => tr(
            "A round robin has no byes: with an odd number of players each one rests once, and a rest scores nothing. `bye=` is for a Swiss. Nothing changed.",
            "Una liga no tiene descansos puntuables: con un número impar de jugadores cada uno descansa una vez, y descansar no puntúa. `descanso=` es para un suizo. No ha cambiado nada.",
            &[],
        ),
        E::TooFew { id, players, need } => tr(
            "Tournament #{} needs at least {} players to start; it has {}.",
            "El torneo #{} necesita al menos {} jugadores para empezar; tiene {}.",
            &[n(id), t(need.to_string()), t(players.to_string())],
        ),
        E::TooManyRounds { rounds, players } => tr(
            "{} Swiss rounds are too many for {} players: at most one fewer than the players. Nothing changed.",
            "{} rondas de suizo son demasiadas para {} jugadores: como mucho, una menos que jugadores. No ha cambiado nada.",
            &[t(rounds.to_string()), t(players.to_string())],
        ),
        E::NotPlaying(id) => tr(
            "You are not playing in tournament #{}.",
            "No juegas en el torneo #{}.",
            &[n(id)],
        ),
        E::AlreadyWithdrawn(id) => tr(
            "You have already withdrawn from tournament #{}.",
            "Ya te retiraste del torneo #{}.",
            &[n(id)],
        ),
    }
}
