//! What the offers between players say: a draw offered, accepted or
//! declined, a takeback asked, granted or refused.

use super::events::shown_moves;
use super::{both, m, pick, status, t, tr};
use crate::event::{GameView, OfferStep};
use crate::reply::{Bi, Text};
use crate::view::OfferKind;

/// The text of step `step` of an offer of `kind` by `by` to `to` in
/// `game` (`undone`: the moves a granted takeback took back).
pub(super) fn offer(
    kind: OfferKind,
    step: OfferStep,
    by: &crate::reply::User,
    to: &crate::reply::User,
    game: &GameView,
    undone: &[String],
) -> Bi {
    let id = t(game.id().to_string());
    let (who, them) = (m(by), m(to));
    match (kind, step) {
        (OfferKind::Draw, OfferStep::Made) => tr(
            "{} offers a draw in #{}. {}: `draw accept #{}` or `draw decline #{}`.",
            "{} ofrece tablas en la partida #{}. {}: `tablas aceptar #{}` o `tablas rechazar #{}`.",
            &[who, id.clone(), them, id.clone(), id],
        ),
        // A rated draw moves ratings as a win does, and says so as a win does.
        (OfferKind::Draw, OfferStep::Accepted) => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "{} accepts the draw in #{}. The game is drawn.",
                    "{} acepta las tablas en la partida #{}. La partida acaba en tablas.",
                ),
                [who.clone(), id.clone()],
            );
            if let Some(change) = super::records::rating_change(&game.seats(), l) {
                s.append(change);
            }
            s
        }),
        (OfferKind::Draw, OfferStep::Declined) => tr(
            "{} declines the draw in #{}. Play on.",
            "{} rechaza las tablas en la partida #{}. Se sigue jugando.",
            &[who, id],
        ),
        (OfferKind::Takeback, OfferStep::Made) => tr(
            "{} asks to take back their last move in #{}. {}: `takeback accept #{}` or `takeback decline #{}`.",
            "{} pide deshacer su última jugada en la partida #{}. {}: `deshacer aceptar #{}` o `deshacer rechazar #{}`.",
            &[who, id.clone(), them, id.clone(), id],
        ),
        (OfferKind::Takeback, OfferStep::Accepted) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{} accepts the takeback in #{}: {} taken back. {}",
                    "{} acepta deshacer en la partida #{}: se deshace {}. {}",
                ),
                [
                    who.clone(),
                    id.clone(),
                    t(shown_moves(game.game.id(), undone, l)),
                    status(game, l),
                ],
            )
        }),
        (OfferKind::Takeback, OfferStep::Declined) => tr(
            "{} declines the takeback in #{}.",
            "{} rechaza deshacer en la partida #{}.",
            &[who, id],
        ),
    }
}
