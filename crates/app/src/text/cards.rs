//! The captions of the rule cards (`tablero_rules::teach::cards`), one line
//! each, English and Spanish: what the picture shows, said as a teacher
//! would while pointing at it.

use tablero_rules::Lang;

/// `(key, English, Spanish)` for every card of every game.
const CAPTIONS: &[(&str, &str, &str)] = &[
    (
        "barrier.place",
        "First each player puts a knight on any empty square.",
        "Primero cada jugador pone un caballo en cualquier casilla vacía.",
    ),
    (
        "barrier.jump",
        "The knight jumps as in chess, along an L-shaped path of empty squares.",
        "El caballo salta como en ajedrez, por un camino en L de casillas vacías.",
    ),
    (
        "barrier.tokens",
        "A move leaves tokens where it started and on the two squares it crossed: nobody steps there again.",
        "Cada jugada deja fichas donde empezó y en las dos casillas que cruzó: nadie vuelve a pisarlas.",
    ),
    (
        "bloc.capture",
        "Step one square straight onto an enemy piece and take it.",
        "Avanza una casilla en línea recta sobre una pieza rival y cómela.",
    ),
    (
        "bloc.marker",
        "Touching pieces form a group; every group carries one marker.",
        "Las piezas que se tocan forman un grupo; cada grupo lleva un marcador.",
    ),
    (
        "bloc.marked",
        "A marked piece can neither move nor be taken.",
        "Una pieza marcada no puede moverse ni ser comida.",
    ),
    (
        "bombardment.step",
        "Step one square forward or diagonally forward onto an empty square; steps never capture.",
        "Avanza una casilla recto o en diagonal a una casilla vacía; avanzar nunca come.",
    ),
    (
        "bombardment.explode",
        "Or blow up one of your pieces: it and every piece around it are gone.",
        "O haz estallar una de tus piezas: ella y todas las de alrededor desaparecen.",
    ),
    (
        "bombardment.goal",
        "Reach the far row to win.",
        "Llega a la última fila para ganar.",
    ),
    (
        "breakthrough.step",
        "One step forward or diagonally forward.",
        "Un paso hacia delante, recto o en diagonal.",
    ),
    (
        "breakthrough.capture",
        "Captures only diagonally: a piece straight ahead blocks the way.",
        "Solo se come en diagonal: una pieza justo delante cierra el paso.",
    ),
    (
        "breakthrough.goal",
        "The first piece to reach the far row wins.",
        "La primera pieza que llega a la última fila gana.",
    ),
    (
        "cascades.place",
        "Place a stone beside or below one of yours (only one on the very first turn).",
        "Coloca una piedra al lado o debajo de una tuya (solo una en el primer turno).",
    ),
    (
        "cascades.two",
        "Later, up to two stones a turn: they fall down the board.",
        "Después, hasta dos piedras por turno: van cayendo por el tablero.",
    ),
    (
        "cascades.goal",
        "Eight stones in the bottom row win.",
        "Ocho piedras en la fila de abajo ganan.",
    ),
    (
        "cracovia.angel",
        "An angel moves one or two squares in any direction, never over anything.",
        "Un ángel se mueve una o dos casillas en cualquier dirección, sin saltar nada.",
    ),
    (
        "cracovia.demon",
        "The demons place one demon a turn on any empty square; demons never move.",
        "Los demonios ponen un demonio por turno en cualquier casilla vacía; nunca se mueven.",
    ),
    (
        "cracovia.goal",
        "The angels win by joining all four in one block (corners count).",
        "Los ángeles ganan al juntarse los cuatro en un bloque (las esquinas cuentan).",
    ),
    (
        "empuje.setup",
        "First one player sets all twelve pieces, one at a time, on empty squares.",
        "Primero un jugador coloca las doce piezas, de una en una, en casillas vacías.",
    ),
    (
        "empuje.push",
        "A piece pushes the line ahead of it; enemies pushed off the edge are out.",
        "Una pieza empuja la fila que tiene delante; los rivales que salen del tablero quedan fuera.",
    ),
    (
        "knightfight.place",
        "White places its knight on row 1 and scores the number there.",
        "Las blancas ponen su caballo en la fila 1 y se anotan el número de esa casilla.",
    ),
    (
        "knightfight.reverse",
        "Landing on 03 erases 30: the reversed number is gone.",
        "Caer en 03 borra el 30: el número al revés desaparece.",
    ),
    (
        "knightfight.jump",
        "Knights jump as in chess, never to a square the other knight attacks.",
        "Los caballos saltan como en ajedrez, nunca a una casilla que ataque el otro caballo.",
    ),
    (
        "chess.moves",
        "Chess as you know it; moves are written e4, Nf3, O-O.",
        "El ajedrez de siempre; las jugadas se escriben e4, Cf3, O-O.",
    ),
    ("chess.capture", "A capture: exd5.", "Una captura: exd5."),
    (
        "saltador.bishop",
        "The bishop leaps exactly three diagonal steps, over anything in the way.",
        "El alfil salta exactamente tres pasos en diagonal, por encima de lo que haya.",
    ),
    (
        "saltador.capture",
        "It takes by landing, like a knight.",
        "Come al caer en la casilla, como un caballo.",
    ),
    (
        "guadalete.plank",
        "A pawn that enters the river becomes a plank; no piece stands on open water.",
        "Un peón que entra en el río se convierte en tablón; nadie se para en el agua.",
    ),
    (
        "guadalete.bridge",
        "Planks are bridges: pieces cross the river over them.",
        "Los tablones son puentes: las piezas cruzan el río por ellos.",
    ),
    (
        "guadalete14.river",
        "Rear pawns walk back into the river and become planks; the top and bottom edges join.",
        "Los peones de atrás bajan al río y se vuelven tablones; los bordes de arriba y abajo se unen.",
    ),
    (
        "guadalete14.front",
        "Front pawns are chess pawns; past the enemy, at the river, they become amazons.",
        "Los peones de delante son peones de ajedrez; al llegar al río tras el rival, son amazonas.",
    ),
];

/// The caption of card `key` in `lang`; `None` for a key the catalogue
/// lacks (the tests check there is none).
pub(crate) fn caption(key: &str, lang: Lang) -> Option<&'static str> {
    CAPTIONS
        .iter()
        .find(|(k, ..)| *k == key)
        .map(|(_, en, es)| match lang {
            Lang::En => *en,
            Lang::Es => *es,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::GameId;
    use tablero_rules::teach::cards;

    #[test]
    fn every_card_has_a_caption_in_both_languages_and_no_caption_is_spare() {
        let mut keys = Vec::new();
        for id in GameId::ALL {
            for card in cards(id) {
                for lang in [Lang::En, Lang::Es] {
                    let c = caption(card.caption, lang);
                    assert!(
                        c.is_some_and(|c| !c.is_empty() && c.len() < 120),
                        "{} in {lang:?}: {c:?}",
                        card.caption
                    );
                }
                keys.push(card.caption);
            }
        }
        for (k, en, es) in CAPTIONS {
            assert!(keys.contains(k), "caption {k} belongs to no card");
            assert_ne!(en, es, "{k} is not translated");
        }
    }
}
