//! Move text of both Guadalete games: SAN through the shared [`crate::san`]
//! module, with the river's own reasons when a move is refused.
//!
//! A pawn entering the river is written as an ordinary pawn move (`e4`); a
//! front pawn promoting is `e14=A`; castling is `O-O` / `O-O-O` on the
//! cylinder too. UCI (`e2e4`, `e13e14a`) is accepted.

use super::board::{Kind, Move, Position, Role, Variant};
use super::fen::cell;
use crate::san::{self, CastleSide, Parsed, Reading, SanMove, Suffix};
use crate::{MoveError, Msg, msg};

/// The SAN role of an engine role.
fn san_role(role: Role) -> san::Role {
    match role {
        Role::Pawn | Role::FrontPawn => san::Role::Pawn,
        Role::Knight => san::Role::Knight,
        Role::Bishop => san::Role::Bishop,
        Role::Rook => san::Role::Rook,
        Role::Queen => san::Role::Queen,
        Role::King => san::Role::King,
        Role::Amazon => san::Role::Amazon,
    }
}

/// What SAN needs to know of move `m` in `pos`.
pub(super) fn san_move<V: Variant>(pos: &Position<V>, m: Move) -> SanMove {
    let role = pos
        .piece(m.from)
        .map_or(san::Role::Pawn, |(_, r)| san_role(r));
    let capture = m.kind == Kind::EnPassant || (m.kind != Kind::Plank && pos.piece(m.to).is_some());
    SanMove {
        role,
        from: cell(m.from),
        to: cell(m.to),
        capture,
        promotion: (m.kind == Kind::Promotion).then_some(san::Role::Amazon),
        castle: match m.kind {
            Kind::CastleShort => Some(CastleSide::King),
            Kind::CastleLong => Some(CastleSide::Queen),
            _ => None,
        },
    }
}

/// `+` when `m` gives check, `#` when it mates.
fn suffix<V: Variant>(pos: &Position<V>, m: Move) -> Suffix {
    let mut next = *pos;
    next.play(m);
    if !next.in_check() {
        return Suffix::None;
    }
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    if replies.is_empty() {
        Suffix::Mate
    } else {
        Suffix::Check
    }
}

/// The canonical SAN of legal move `m`, among the `legal` moves of `pos`.
pub(super) fn write<V: Variant>(pos: &Position<V>, legal: &[Move], m: Move) -> String {
    let sans: Vec<SanMove> = legal.iter().map(|&l| san_move(pos, l)).collect();
    san::write(&san_move(pos, m), &sans, suffix(pos, m))
}

/// Reads `text` as one of the `legal` moves of `pos` (not empty).
pub(super) fn read<V: Variant>(
    pos: &Position<V>,
    legal: &[Move],
    text: &str,
) -> Result<Move, MoveError> {
    let sans: Vec<SanMove> = legal.iter().map(|&l| san_move(pos, l)).collect();
    let canonical = |i: usize| write(pos, legal, legal[i]);
    san::resolve_with(text, &sans, canonical, |parsed| explain(pos, parsed))
        .map(|i| legal[i])
        .map_err(|e| match e {
            // The shared example names a queen promotion, which these games
            // do not have.
            MoveError::Syntax { input, .. } => MoveError::Syntax {
                input,
                expected: expected::<V>(),
            },
            other => other,
        })
}

/// The form of a move, for players who wrote something else.
fn expected<V: Variant>() -> Msg {
    if V::CYLINDER {
        msg!(
            "`Nf3`, `e6`, `dxe5`, `b14=A`, `O-O` or `e4e6`",
            "`Nf3`, `e6`, `dxe5`, `b14=A`, `O-O` o `e4e6`"
        )
    } else {
        msg!(
            "`Nf3`, `e4`, `Bxd5`, `O-O` or `e2e4`",
            "`Nf3`, `e4`, `Bxd5`, `O-O` o `e2e4`"
        )
    }
}

/// Why no legal move fits what the player wrote, in the river's terms: the
/// balance rule, the king's safety, the river. `None` leaves the general
/// reason of [`san`].
fn explain<V: Variant>(pos: &Position<V>, parsed: &Parsed) -> Option<Msg> {
    let mut king_safe = Vec::new();
    pos.king_safe_moves(&mut king_safe);
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    // The same position with a plank on every river square: what could
    // move if the river were not there.
    let mut dry = *pos;
    dry.planks = V::RIVER;
    let mut on_dry = Vec::new();
    dry.pseudo_legal_moves(&mut on_dry);
    let fits = |r: &Reading, p: &Position<V>, moves: &[Move]| {
        moves.iter().copied().find(|&m| r.fits(&san_move(p, m)))
    };
    let us = pos.turn;
    for r in parsed.all() {
        if fits(r, pos, &king_safe).is_some() {
            let (mine, theirs) = (pos.made[us], pos.made[1 - us]);
            let en = |n| match n {
                1 => "1 pawn".to_string(),
                n => format!("{n} pawns"),
            };
            let es = |n| match n {
                1 => "1 peón".to_string(),
                n => format!("{n} peones"),
            };
            let (mine_en, mine_es) = (en(mine), es(mine));
            return Some(msg!(
                "the balance rule: you have turned {mine_en} into planks and your opponent \
                 {theirs}, so you must make a plank now",
                "la regla del equilibrio: has convertido {mine_es} en tablones y tu rival \
                 {theirs}, así que ahora debes hacer un tablón"
            ));
        }
        if fits(r, pos, &pseudo).is_some() {
            return Some(if pos.in_check() {
                msg!(
                    "your king is in check and would still be",
                    "tu rey está en jaque y lo seguiría estando"
                )
            } else {
                msg!(
                    "your king would be left in check",
                    "tu rey quedaría en jaque"
                )
            });
        }
        let (role, to) = match *r {
            Reading::San { role, to, .. } => (Some(role), to),
            Reading::Squares { from, to, .. } => {
                let sq = from.y.checked_mul(8).and_then(|s| s.checked_add(from.x));
                match sq
                    .filter(|&s| s < Position::<V>::squares())
                    .and_then(|s| pos.piece(s))
                {
                    Some((color, _)) if color != us => {
                        return Some(msg!(
                            "the piece on {from} is your opponent's",
                            "la pieza de {from} es de tu rival"
                        ));
                    }
                    piece => (piece.map(|(_, role)| san_role(role)), to),
                }
            }
            Reading::Castle(_) => continue,
        };
        if !to.within(8, V::RANKS) {
            return Some(msg!(
                "{to} is not on the board",
                "{to} no está en el tablero"
            ));
        }
        let sq = to.y * 8 + to.x;
        if role == Some(san::Role::King) && Position::<V>::is_river(sq) {
            return Some(msg!(
                "the king may never stand on a river square such as {to}",
                "el rey nunca puede pisar una casilla del río como {to}"
            ));
        }
        let lands_on_river = matches!(
            role,
            Some(san::Role::Knight | san::Role::Bishop | san::Role::Rook | san::Role::Queen)
        ) && pos.is_open_river(sq);
        if lands_on_river {
            return Some(msg!(
                "{to} is river without a plank: only planks carry pieces",
                "{to} es río sin tablón: solo los tablones sostienen piezas"
            ));
        }
        if fits(r, &dry, &on_dry).is_some() {
            return Some(msg!(
                "the way to {to} crosses river without a plank",
                "el camino hacia {to} cruza río sin tablón"
            ));
        }
        let pawn_capture = matches!(
            *r,
            Reading::San { role: san::Role::Pawn, capture, file, to, .. }
                if capture || file.is_some_and(|f| f != to.x)
        );
        if pawn_capture && !V::CYLINDER {
            return Some(msg!(
                "pawns never capture in Guadalete chess",
                "los peones nunca capturan en el ajedrez del Guadalete"
            ));
        }
    }
    None
}
