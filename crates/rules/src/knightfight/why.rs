//! Why a Knight Fight move cannot be played: the explanations
//! `parse_move` gives for a square that cannot be landed on, a number that
//! cannot be erased, a placement or a jump that breaks a rule.

use super::{ATTACKS, KnightFight, Move, SQUARES, bit, cell, index, is_double, names, two_digits};
use crate::{Cell, KNIGHT_LEAPS, Msg, Side, msg};

impl KnightFight {
    /// The number on `c` (on the board).
    pub(super) fn number_at(&self, c: Cell) -> u8 {
        index(c).map_or(0, |i| self.deal.numbers[usize::from(i)])
    }

    /// Why a square cannot be landed on (placement or jump), if it cannot.
    pub(super) fn why_not_land(&self, to: Cell) -> Option<Msg> {
        let i = index(to)?;
        if self.board.usable & bit(i) == 0 {
            return Some(msg!("{to} has no number left", "{to} ya no tiene número"));
        }
        for side in Side::ALL {
            if self.board.knights[side.index()] == Some(i) {
                let [_, _, en, es] = names(side);
                return Some(msg!("{to} is {en}'s square", "en {to} está {es}"));
            }
        }
        None
    }

    /// Why erasing number `n` is not allowed when landing on `to` from
    /// `from`, if it is not.
    pub(super) fn why_not_erase(&self, from: Option<Cell>, to: Cell, n: u8) -> Option<Msg> {
        let landed = self.number_at(to);
        let (nn, ll) = (two_digits(n), two_digits(landed));
        if !is_double(landed) {
            return Some(msg!(
                "{to} holds {ll}, not a double, so nothing can be erased",
                "{to} tiene el {ll}, que no es doble, así que no se puede borrar nada"
            ));
        }
        if usize::from(n) >= SQUARES || !is_double(n) {
            return Some(msg!("{nn} is not a double", "el {nn} no es doble"));
        }
        let sq = self.deal.square_of[usize::from(n)];
        if cell(sq) == to {
            return Some(msg!(
                "{nn} is the square you land on",
                "el {nn} es la casilla a la que llegas"
            ));
        }
        if from == Some(cell(sq)) {
            return Some(msg!(
                "{nn} is the square your knight leaves",
                "el {nn} es la casilla que deja tu caballo"
            ));
        }
        if self.board.usable & bit(sq) == 0 {
            return Some(msg!("{nn} is already gone", "el {nn} ya no está"));
        }
        if self.board.knight_bits() & bit(sq) != 0 {
            return Some(msg!(
                "{nn} has a knight on it",
                "el {nn} tiene un caballo encima"
            ));
        }
        None
    }

    pub(super) fn off_board(c: Cell) -> Option<Msg> {
        index(c)
            .is_none()
            .then(|| msg!("{c} is not on the board", "{c} no está en el tablero"))
    }

    /// Why a placement on `to` (erasing `erase`) is not legal.
    pub(super) fn why_not_place(&self, to: Cell, erase: Option<u8>) -> Msg {
        if !self.board.placing() {
            return msg!(
                "the knights are already placed: jump like `d1-e3`",
                "los caballos ya están colocados: salta como `d1-e3`"
            );
        }
        if let Some(m) = KnightFight::off_board(to) {
            return m;
        }
        let rank = self.board.home_rank() + 1;
        if to.y + 1 != rank {
            let [en, es, ..] = names(self.board.side);
            return msg!(
                "{en} places on rank {rank}, not on {to}",
                "{es} colocan en la fila {rank}, no en {to}"
            );
        }
        self.why_not_land(to)
            .or_else(|| erase.and_then(|n| self.why_not_erase(None, to, n)))
            .unwrap_or_else(|| {
                msg!(
                    "that placement is not legal now",
                    "esa colocación no es legal ahora"
                )
            })
    }

    /// Why a jump from `from` (the mover's knight when `None`) to `to`
    /// (erasing `erase`) is not legal.
    pub(super) fn why_not_jump(&self, from: Option<Cell>, to: Cell, erase: Option<u8>) -> Msg {
        if self.board.placing() {
            let [en, es, ..] = names(self.board.side);
            let rank = self.board.home_rank() + 1;
            return msg!(
                "it is {en}'s turn to place its knight on rank {rank}, like `d{rank}`",
                "les toca a {es} colocar su caballo en la fila {rank}, como `d{rank}`"
            );
        }
        for c in [from, Some(to)].into_iter().flatten() {
            if let Some(m) = KnightFight::off_board(c) {
                return m;
            }
        }
        let mine = self.board.knights[self.board.side.index()].map(cell);
        let from = from.or(mine);
        if let (Some(from), Some(at)) = (from, mine)
            && from != at
        {
            return msg!(
                "your knight is on {at}, not on {from}",
                "tu caballo está en {at}, no en {from}"
            );
        }
        let Some(from) = from else {
            return msg!("you have no knight", "no tienes caballo");
        };
        let leap = (to.x as i8 - from.x as i8, to.y as i8 - from.y as i8);
        if !KNIGHT_LEAPS.contains(&leap) {
            return msg!(
                "{from} to {to} is not a knight's jump",
                "de {from} a {to} no hay salto de caballo"
            );
        }
        if let Some(m) = self.why_not_land(to) {
            return m;
        }
        if let Some(theirs) = self.board.knights[self.board.side.other().index()]
            && ATTACKS[usize::from(theirs)] & index(to).map_or(0, bit) != 0
        {
            let [_, _, en, es] = names(self.board.side.other());
            let at = cell(theirs);
            return msg!(
                "{to} is attacked by {en} on {at}",
                "{to} está atacada por {es} de {at}"
            );
        }
        erase
            .and_then(|n| self.why_not_erase(Some(from), to, n))
            .unwrap_or_else(|| msg!("that jump is not legal now", "ese salto no es legal ahora"))
    }

    pub(super) fn expected(&self) -> Msg {
        if self.board.placing() {
            msg!("`d1` or `d1x55`", "`d1` o `d1x55`")
        } else {
            msg!(
                "`d1-e3`, `d1-e3x55` or `Ne3`",
                "`d1-e3`, `d1-e3x55` o `Ne3`"
            )
        }
    }

    /// Whether `m` erases the number `erase` (or nothing, for `None`).
    pub(super) fn erases(&self, m: Move, erase: Option<u8>) -> bool {
        m.erase()
            .and_then(index)
            .map(|sq| self.deal.numbers[usize::from(sq)])
            == erase
    }
}
