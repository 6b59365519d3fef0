//! The rule cards of every game, one file per game: what `rules GAME`
//! shows. Each card is a position, marks over it and a caption key; the
//! captions' words are in the app's text catalogue. `tests/it/cards.rs`
//! checks that every position is legal and that every mark teaches a true
//! rule there.

use crate::GameId;
use crate::teach::Card;

mod barrier;
mod bloc;
mod bombardment;
mod breakthrough;
mod cascades;
mod chess;
mod cracovia;
mod empuje;
mod guadalete;
mod guadalete14;
mod knightfight;
mod saltador;

pub(crate) fn of(id: GameId) -> &'static [Card] {
    match id {
        GameId::Barrier => barrier::CARDS,
        GameId::Bloc => bloc::CARDS,
        GameId::Bombardment => bombardment::CARDS,
        GameId::Breakthrough => breakthrough::CARDS,
        GameId::Cascades => cascades::CARDS,
        GameId::Cracovia => cracovia::CARDS,
        GameId::Empuje => empuje::CARDS,
        GameId::KnightFight => knightfight::CARDS,
        GameId::Chess => chess::CARDS,
        GameId::Saltador => saltador::CARDS,
        GameId::Guadalete => guadalete::CARDS,
        GameId::Guadalete14 => guadalete14::CARDS,
    }
}
