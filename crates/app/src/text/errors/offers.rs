//! Draws, takebacks and rematches.

use super::*;

/// The text of `e`, if it is one of these errors.
pub(super) fn error(e: &AppError) -> Option<Bi> {
    use AppError as E;
    Some(match e {
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
        _ => return None,
    })
}
