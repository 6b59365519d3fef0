//! Each game's rules as a player reads them (`rules GAME`), and the few
//! lines that say how to write a move when a game starts.
//!
//! A rules text is a template per language whose `{}` take the game's
//! example moves, in order, as code; the templates hold no other code, so
//! every move a text shows is one of the examples, and the tests play each
//! one with the rules core from the position its sentence describes. The
//! chess family's examples are written with the reader's piece letters
//! (R rey, D dama, T torre, A alfil, C caballo, M amazona in Spanish).

use tablero_rules::{AnyGame, GameId, Lang};

use super::{c, pick, t};
use crate::reply::Text;

/// A game's rules: one template per language and the example moves that
/// fill them, each as `(English, Spanish)`.
struct Rules {
    en: &'static str,
    es: &'static str,
    examples: &'static [(&'static str, &'static str)],
}

/// The rules of `id` in `l`: the goal and the end, the set-up, and how to
/// write every kind of move, with examples.
pub(crate) fn rules_text(id: GameId, l: Lang) -> Text {
    let r = rules_of(id);
    Text::fill(
        pick(l, r.en, r.es),
        r.examples.iter().map(|(en, es)| c(pick(l, en, es))),
    )
}

/// How to write a move in `game`, posted when it starts: the set-up and its
/// length where there is one, and a legal example from `game`'s own start.
pub(crate) fn how_to_move(game: &AnyGame, l: Lang) -> Text {
    let id = game.id();
    let (en, es, prefer): (&str, &str, &[&str]) = match id {
        GameId::Barrier => (
            "How to play: the set-up is two placements, White's knight then Black's, each written as its square, such as {}. Then each turn is a knight jump written with its path: from, the first square stepped on and the landing square, joined by hyphens.",
            "Cómo se juega: la preparación son dos colocaciones, el caballo blanco y luego el negro, cada una escrita como su casilla, por ejemplo {}. Después cada turno es un salto de caballo escrito con su camino: salida, primera casilla pisada y llegada, unidas por guiones.",
            &["d4"],
        ),
        GameId::Bloc => (
            "How to play: write the square of your stone, a hyphen, the square of the enemy stone it takes, then * and the square that carries the marker of its group, such as {}.",
            "Cómo se juega: escribe la casilla de tu piedra, un guion, la de la piedra enemiga que captura, y luego * y la casilla que lleva la marca de su grupo, por ejemplo {}.",
            &["b1-a1*a2"],
        ),
        GameId::Bombardment => (
            "How to play: a step is written from-to, such as {}; an explosion is the square of the piece that blows up followed by x.",
            "Cómo se juega: un paso se escribe salida-llegada, por ejemplo {}; una explosión, la casilla de la pieza que estalla seguida de x.",
            &["d2-d3"],
        ),
        GameId::Breakthrough => (
            "How to play: write a step from-to, such as {}, and a capture with x instead of the hyphen.",
            "Cómo se juega: escribe un paso salida-llegada, por ejemplo {}, y una captura con x en lugar del guion.",
            &["d2-d3"],
        ),
        GameId::Cascades => (
            "How to play: write the cell of your stone, such as {}: its letter counts from the left end of its row, and rows are numbered from the bottom. Two stones go together with a comma between them (only one on White's first turn).",
            "Cómo se juega: escribe la celda de tu piedra, por ejemplo {}: su letra se cuenta desde el extremo izquierdo de su fila, y las filas se numeran desde abajo. Dos piedras van juntas con una coma entre ellas (solo una en el primer turno de las blancas).",
            &["e7"],
        ),
        GameId::Cracovia => (
            "How to play: there is no set-up; the angels move first, one angel 1 or 2 squares written from-to, such as {}. The demons place a demon by writing its square.",
            "Cómo se juega: no hay preparación; empiezan los ángeles, que mueven un ángel 1 o 2 casillas escrito salida-llegada, por ejemplo {}. Los demonios colocan un demonio escribiendo su casilla.",
            &["a1-c3"],
        ),
        GameId::Empuje => (
            "How to play: first the set-up, twelve turns of the setter, who places six white and six black pieces one by one: W or B and the square, such as {} (several at once, separated by spaces). Then the chooser chooses: {}, {} or {}. Then a move is a piece's square and a direction: n, e, s or w.",
            "Cómo se juega: primero la preparación, doce turnos del colocador, que pone seis piezas blancas y seis negras una a una: W (blanca) o B (negra) y la casilla, por ejemplo {} (varias a la vez, separadas por espacios). Después el elector elige: {}, {} o {}. Luego una jugada es la casilla de una pieza y una dirección: n, e, s o w (norte, este, sur, oeste).",
            &["Wc3"],
        ),
        GameId::KnightFight => (
            "How to play: the set-up is two placements: White's knight on a square of rank 1, then Black's on rank 10, each written as its square, such as {}. Then each turn is a knight jump written from-to.",
            "Cómo se juega: la preparación son dos colocaciones: el caballo blanco en una casilla de la fila 1 y luego el negro en la fila 10, cada una escrita como su casilla, por ejemplo {}. Después cada turno es un salto de caballo escrito salida-llegada.",
            &["d1"],
        ),
        GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14 => (
            "How to play: write moves in algebraic notation, the piece's letter (K king, Q queen, R rook, B bishop, N knight) and the square it goes to, and only the square for a pawn: {}.",
            "Cómo se juega: escribe las jugadas en notación algebraica, la letra de la pieza (R rey, D dama, T torre, A alfil, C caballo) y la casilla a la que va, y solo la casilla para un peón: {}.",
            match id {
                GameId::Saltador => &["e4", "Bf4"],
                GameId::Guadalete14 => &["e5", "Nf5"],
                _ => &["e4", "Nf3"],
            },
        ),
    };
    let legal = game.legal_moves();
    let mut examples: Vec<String> = prefer
        .iter()
        .filter_map(|m| game.parse_move(m).ok())
        .collect();
    if examples.is_empty() {
        // A board size or a deal the preferred examples do not fit: the
        // middle legal move is as real an example.
        examples.extend(legal.get(legal.len() / 2).cloned());
    }
    let mut example = Text::default();
    for (i, m) in examples.iter().enumerate() {
        if i > 0 {
            example.append(t(pick(l, " or ", " o ")));
        }
        example.append(c(crate::reading::shown(id, m, l)));
    }
    let mut args = vec![example];
    if id == GameId::Empuje {
        for (en, es) in EMPUJE_CHOICES {
            args.push(c(pick(l, en, es)));
        }
    }
    let mut s = Text::fill(pick(l, en, es), args);
    s.append(Text::fill(
        pick(
            l,
            " `rules {}` explains every rule.",
            " `reglas {}` explica todas las reglas.",
        ),
        [t(id.key())],
    ));
    s
}

/// The chooser's three answers in Empuje, as a command: a bare choice word
/// is never taken for a move.
const EMPUJE_CHOICES: [(&str, &str); 3] = [
    ("move first", "mover primero"),
    ("move white", "mover blancas"),
    ("move black", "mover negras"),
];

fn rules_of(id: GameId) -> Rules {
    match id {
        GameId::Barrier => Rules {
            en: "Goal: leave your opponent without a move. Set-up, two turns: White places its knight on any square by writing the square, {}, then Black places its own on another, {}. \
After that each turn is a knight jump (two squares one way and one sideways) along one of its two L-shaped paths, and you write the path: from, the first square stepped on, and the landing square. \
{} goes up through d5 and d6, then across to e6; {} goes across to e4, then up through e5 to e6. \
Both squares passed through and the landing square must be empty: no knight, no token. \
The square you leave and the two you pass get blocking tokens (#) for good. \
When only one path is open, from and landing square are enough: {} after Black placed on d5. \
The player to move with no jump loses; there are no draws.",
            es: "Objetivo: dejar al rival sin jugada. Preparación, dos turnos: las blancas colocan su caballo en cualquier casilla escribiendo la casilla, {}, y luego las negras el suyo en otra, {}. \
Después cada turno es un salto de caballo (dos casillas en una dirección y una de lado) por uno de sus dos caminos en L, y se escribe el camino: salida, primera casilla pisada y llegada. \
{} sube por d5 y d6 y gira a e6; {} va de lado a e4 y sube por e5 a e6. \
Las dos casillas recorridas y la de llegada deben estar vacías: sin caballo ni ficha. \
La casilla que dejas y las dos recorridas reciben fichas de bloqueo (#) para siempre. \
Si solo un camino está libre, bastan salida y llegada: {} si las negras se colocaron en d5. \
Quien debe mover y no puede saltar pierde; no hay tablas.",
            examples: &[
                ("d4", "d4"),
                ("h8", "h8"),
                ("d4-d5-e6", "d4-d5-e6"),
                ("d4-e4-e6", "d4-e4-e6"),
                ("d4-e6", "d4-e6"),
            ],
        },
        GameId::Bloc => Rules {
            en: "Goal: leave your opponent without a move. No set-up: the board starts full, a checkerboard of White and Black stones (a1 Black), and White moves first. \
A move: one of your unmarked stones steps one square up, down or sideways onto an unmarked enemy stone and takes it. \
The group of the moved stone (your stones joined to it up, down or sideways) must then carry exactly one marker (*): write from, to, then * and the marker's square. \
{} takes a1 and marks a2; Black may answer {}. \
If the group already had its marker, write no * to leave it, {}, or name another square of the group to move it there, {}. \
When groups merge, one marker stays: name its square. A stone on its own needs no *. \
Marked stones can neither move nor be taken. Whoever cannot move loses; there are no draws.",
            es: "Objetivo: dejar al rival sin jugada. No hay preparación: el tablero empieza lleno, en damero de piedras blancas y negras (a1 negra), y empiezan las blancas. \
Una jugada: una de tus piedras sin marca avanza una casilla arriba, abajo o de lado sobre una piedra enemiga sin marca y la captura. \
El grupo de la piedra movida (tus piedras unidas a ella arriba, abajo o de lado) debe llevar entonces exactamente una marca (*): escribe salida, llegada, y luego * y la casilla de la marca. \
{} captura en a1 y marca a2; las negras pueden responder {}. \
Si el grupo ya tenía su marca, no escribas * para dejarla, {}, o indica otra casilla del grupo para llevarla allí, {}. \
Si se unen grupos, queda una sola marca: indica su casilla. Una piedra sola no lleva *. \
Las piedras marcadas no mueven ni pueden ser capturadas. Quien no puede mover pierde; no hay tablas.",
            examples: &[
                ("b1-a1*a2", "b1-a1*a2"),
                ("c3-c4*d4", "c3-c4*d4"),
                ("c2-b2", "c2-b2"),
                ("c2-b2*b3", "c2-b2*b3"),
            ],
        },
        GameId::Bombardment => Rules {
            en: "Goal: step a piece onto your opponent's back rank. No set-up: each side starts with 16 pieces on its first two ranks, and White moves first. \
A turn is one of two things. A step: one piece moves one square straight or diagonally forward onto an empty square, {} or {}; steps never capture. \
An explosion: one of your pieces blows up, and it and every piece on the eight squares around it, of both colours, are removed: {} (also {}). \
A step onto the last rank (8 for White, 1 for Black) wins at once. \
After an explosion, a side left with no pieces loses, even the one that exploded; if neither has any left, the game is a draw.",
            es: "Objetivo: llevar una pieza a la última fila del rival. No hay preparación: cada bando empieza con 16 piezas en sus dos primeras filas, y empiezan las blancas. \
Un turno es una de dos cosas. Un paso: una pieza avanza una casilla, recta o en diagonal, a una casilla vacía, {} o {}; los pasos nunca capturan. \
Una explosión: una de tus piezas estalla, y desaparecen ella y todas las piezas de las ocho casillas que la rodean, de ambos colores: {} (también {}). \
Llegar con un paso a la última fila (la 8 las blancas, la 1 las negras) gana en el acto. \
Tras una explosión, el bando que se queda sin piezas pierde, aunque sea el que la provocó; si ninguno conserva piezas, la partida es tablas.",
            examples: &[
                ("c2-c3", "c2-c3"),
                ("c2-d3", "c2-d3"),
                ("c2x", "c2x"),
                ("boom c2", "boom c2"),
            ],
        },
        GameId::Breakthrough => Rules {
            en: "Goal: reach your opponent's back rank, or take all their pieces. No set-up: each side starts with 16 pieces on its first two ranks, and White moves first. \
A piece steps one square forward: straight onto an empty square, {}, or diagonally onto an empty square, {}, or diagonally onto an enemy piece, which it takes: {} (x marks a capture). \
There are no straight captures and no passing. \
The first piece to reach the last rank (8 for White, 1 for Black) wins the game, and so does taking every enemy piece. There are no draws.",
            es: "Objetivo: llegar a la última fila del rival, o capturar todas sus piezas. No hay preparación: cada bando empieza con 16 piezas en sus dos primeras filas, y empiezan las blancas. \
Una pieza avanza una casilla: recta a una casilla vacía, {}, o en diagonal a una casilla vacía, {}, o en diagonal sobre una pieza enemiga, que captura: {} (la x marca la captura). \
No se captura en recto y no se puede pasar. \
La primera pieza que llega a la última fila (la 8 las blancas, la 1 las negras) gana la partida, y también gana quien captura todas las piezas enemigas. No hay tablas.",
            examples: &[("a2-a3", "a2-a3"), ("a2-b3", "a2-b3"), ("a4xb5", "a4xb5")],
        },
        GameId::Cascades => Rules {
            en: "Goal: have more stones than your opponent in the bottom row. \
The board is a trapezoid of hexagons. Rows are numbered from the bottom, row 1 (15 cells) to row 8 (8 cells), and each row's cells are lettered from its own left end: a8 is the top left cell, o1 the bottom right one. \
Each row sits half a cell to the right of the row below, so a cell touches two cells above, two beside and two below: below c7 are c6 and d6. \
No set-up: the top row starts full, White on a8 c8 e8 g8, Black on b8 d8 f8 h8, and White moves first. \
On your turn place one or two stones of your colour on empty cells beside or just below one of your stones: {} (one stone, all White may place on its first turn), {} (two). \
The second stone may lean on the first: {}. Stones never move. You may also pass: {}. \
The game ends when a side has 8 stones in row 1, when row 1 is full, or after two passes in a row: more stones in row 1 wins, and equal counts are a draw.",
            es: "Objetivo: tener en la fila de abajo más piedras que el rival. \
El tablero es un trapecio de hexágonos. Las filas se numeran desde abajo, de la fila 1 (15 celdas) a la 8 (8 celdas), y las celdas de cada fila llevan letras desde su propio extremo izquierdo: a8 es la celda de arriba a la izquierda, o1 la de abajo a la derecha. \
Cada fila está media celda a la derecha de la de abajo, así que una celda toca dos celdas encima, dos al lado y dos debajo: debajo de c7 están c6 y d6. \
No hay preparación: la fila de arriba empieza llena, blancas en a8 c8 e8 g8, negras en b8 d8 f8 h8, y empiezan las blancas. \
En tu turno coloca una o dos piedras de tu color en celdas vacías al lado o justo debajo de una piedra tuya: {} (una, todo lo que las blancas pueden poner en su primer turno), {} (dos). \
La segunda piedra puede apoyarse en la primera: {}. Las piedras no se mueven. También puedes pasar: {}. \
La partida acaba cuando un bando tiene 8 piedras en la fila 1, cuando la fila 1 se llena o tras dos pases seguidos: gana quien tiene más piedras en la fila 1, y con las mismas son tablas.",
            examples: &[
                ("e7", "e7"),
                ("f7,g7", "f7,g7"),
                ("e6,e5", "e6,e5"),
                ("move pass", "mover pasar"),
            ],
        },
        GameId::Cracovia => Rules {
            en: "The angels (first player) want to join their four angels into one block; the demons want to trap them. \
No set-up: the angels start in the corners a1, h1, a8 and h8, the demons with no pieces, and the angels move first. \
Angels' turn: one angel moves 1 or 2 squares in a straight line, in any of the eight directions, onto an empty square, without jumping (the square passed must be empty too), written from-to: {}, {}. \
Demons' turn: place a demon on any empty square by writing the square: {}. Demons never move, and no one may pass. \
The angels win as soon as the four form one block, each touching another side by side or corner to corner. The demons win when the angels are to move and none can. There are no draws.",
            es: "Los ángeles (el primer jugador) quieren juntar sus cuatro ángeles en un bloque; los demonios quieren encerrarlos. \
No hay preparación: los ángeles empiezan en las esquinas a1, h1, a8 y h8, los demonios sin piezas, y empiezan los ángeles. \
Turno de los ángeles: un ángel se mueve 1 o 2 casillas en línea recta, en cualquiera de las ocho direcciones, a una casilla vacía, sin saltar (la casilla intermedia también debe estar vacía), escrito salida-llegada: {}, {}. \
Turno de los demonios: colocan un demonio en cualquier casilla vacía escribiendo la casilla: {}. Los demonios no se mueven, y nadie puede pasar. \
Los ángeles ganan en cuanto los cuatro forman un bloque, cada uno tocando a otro por un lado o por una esquina. Los demonios ganan si los ángeles deben mover y no pueden. No hay tablas.",
            examples: &[("a1-c3", "a1-c3"), ("h1-g2", "h1-g2"), ("d5", "d5")],
        },
        GameId::Empuje => Rules {
            en: "Goal: have more pieces on the board than your opponent when the game ends. \
Set-up: the setter (the challenger, unless the challenge says otherwise) places six white and six black pieces on empty squares, in any order, one per turn: twelve turns. {} puts a white piece on a1, {} a black one on b2; several at once: {}. \
Then the chooser either takes the first move, {}, and the setter picks a colour, {} or {}; or takes a colour, {} or {}, and the setter moves first. \
A move: one of your pieces and a direction, n (up), e (right), s (down) or w (left): {} moves the piece on c3 up. \
It advances pushing the pieces in front of it, and keeps going until no enemy piece is left ahead on that line; pieces pushed over the edge are gone, but never the mover. \
You may only move towards an enemy: there must be one somewhere ahead on that line. \
When the player to move cannot move, more pieces wins; equal counts are a draw.",
            es: "Objetivo: tener más piezas en el tablero que el rival cuando acaba la partida. \
Preparación: el colocador (quien desafía, salvo que el desafío diga otra cosa) pone seis piezas blancas y seis negras en casillas vacías, en cualquier orden, una por turno: doce turnos. {} pone una blanca en a1 (W, white), {} una negra en b2 (B, black); varias a la vez: {}. \
Después el elector o bien se queda la primera jugada, {}, y el colocador elige color, {} o {}; o bien elige color, {} o {}, y el colocador mueve primero. \
Una jugada: una pieza tuya y una dirección, n (arriba), e (derecha), s (abajo) o w (izquierda; también o): {} mueve hacia arriba la pieza de c3. \
Avanza empujando las piezas que tiene delante, y sigue hasta que no queda ninguna enemiga por delante en esa línea; las que salen del tablero se pierden, pero nunca la que mueve. \
Solo se puede mover hacia una enemiga: debe haber una en algún lugar por delante en esa línea. \
Cuando quien debe mover no puede, gana quien tiene más piezas; con las mismas son tablas.",
            examples: &[
                ("Wa1", "Wa1"),
                ("Bb2", "Bb2"),
                ("Wa1 Wb2 Bc3", "Wa1 Wb2 Bc3"),
                ("move first", "mover primero"),
                ("move white", "mover blancas"),
                ("move black", "mover negras"),
                ("move white", "mover blancas"),
                ("move black", "mover negras"),
                ("c3n", "c3n"),
            ],
        },
        GameId::KnightFight => Rules {
            en: "Goal: score more than your opponent. The numbers 00 to 99 are dealt at random over the 10×10 board, one a square. \
Set-up, two turns: White places its knight on any square of rank 1 by writing the square, {}, then Black on rank 10, {}. \
Then each turn is a knight jump, as in chess, written from-to: {}. You may land only on a square that still has its number, is not the other knight's and is not attacked by it. \
Every landing, placements too, scores the square's number, and the square you leave loses its number for good (x). \
Landing on a number with two different digits erases its reverse if it is free: 57 erases 75. \
Landing on a double (00, 11 … 99) lets you also erase another free double: add x and its number, {} when e3 holds 33. \
When the player to move cannot move, the higher score wins; equal scores are a draw.",
            es: "Objetivo: sumar más puntos que el rival. Los números del 00 al 99 se reparten al azar por el tablero de 10×10, uno por casilla. \
Preparación, dos turnos: las blancas colocan su caballo en cualquier casilla de la fila 1 escribiendo la casilla, {}, y luego las negras en la fila 10, {}. \
Después cada turno es un salto de caballo, como en ajedrez, escrito salida-llegada: {}. Solo se puede caer en una casilla que aún tenga su número, no sea la del otro caballo y no esté atacada por él. \
Cada llegada, también al colocar, suma el número de la casilla, y la casilla que dejas pierde su número para siempre (x). \
Caer en un número de dos cifras distintas borra su inverso si está libre: 57 borra el 75. \
Caer en un doble (00, 11 … 99) permite borrar además otro doble libre: añade x y su número, {} si e3 tiene el 33. \
Cuando quien debe mover no puede, gana la puntuación más alta; con la misma son tablas.",
            examples: &[
                ("d1", "d1"),
                ("e10", "e10"),
                ("d1-e3", "d1-e3"),
                ("d1-e3x55", "d1-e3x55"),
            ],
        },
        GameId::Chess => Rules {
            en: "Goal: checkmate the opponent's king. No set-up: standard chess, White moves first. \
Moves are written in algebraic notation (SAN): the piece's letter and the square it goes to, K king, Q queen, R rook, B bishop, N knight, and just the square for a pawn: {}, {}. \
A capture adds x, {}, and a pawn's capture starts with its file: {}. \
When two pieces of a kind can go to the square, add the file or rank they leave: {}. \
Castling is {} on the king's side and {} on the queen's side; a promotion adds = and the new piece: {}. \
En passant is written as the pawn's capture, to the square it passes over: {}. \
Check (+) and mate (#) marks may be left out, and {} (from and to squares) works too. \
Spanish players write R rey, D dama, T torre, A alfil, C caballo. \
The game is drawn by stalemate (the player to move has no legal move and is not in check), threefold repetition, the 50-move rule (50 moves each with no capture or pawn move) and insufficient material; these draws are automatic.",
            es: "Objetivo: dar jaque mate al rey rival. No hay preparación: ajedrez normal, empiezan las blancas. \
Las jugadas se escriben en notación algebraica: la letra de la pieza y la casilla a la que va, R rey, D dama, T torre, A alfil, C caballo, y solo la casilla para un peón: {}, {}. \
Una captura añade x, {}, y la de un peón empieza por su columna: {}. \
Si dos piezas iguales pueden ir a la casilla, añade la columna o fila de la que sale: {}. \
El enroque es {} por el lado del rey y {} por el de la dama; una coronación añade = y la pieza nueva: {}. \
La captura al paso se escribe como la captura del peón, a la casilla que este salta: {}. \
Las marcas de jaque (+) y mate (#) pueden omitirse, y también vale {} (casillas de salida y llegada). \
En inglés las letras son K rey, Q dama, R torre, B alfil, N caballo. \
Son tablas el ahogado (quien mueve no tiene jugada legal y no está en jaque), la triple repetición, la regla de las 50 jugadas (50 de cada uno sin captura ni movimiento de peón) y el material insuficiente; estas tablas son automáticas.",
            examples: &[
                ("e4", "e4"),
                ("Nf3", "Cf3"),
                ("Bxc6", "Axc6"),
                ("exd5", "exd5"),
                ("Nbd2", "Cbd2"),
                ("O-O", "O-O"),
                ("O-O-O", "O-O-O"),
                ("e8=Q", "e8=D"),
                ("exd6", "exd6"),
                ("e2e4", "e2e4"),
            ],
        },
        GameId::Saltador => Rules {
            en: "Chess in every rule but one: the bishop jumps. It moves exactly three diagonal steps, two in one diagonal direction and then one more straight on or turned 90°, so it lands 3 squares away along both lines, or 3 along one and 1 along the other, jumping over anything in between like a knight. \
It captures by landing and keeps its square colour. It is written B like a bishop (A alfil in Spanish): from the start {} jumps the c1 bishop over the pawns. \
Everything else is chess. Goal: checkmate the opponent's king; White moves first. Moves in algebraic notation, the piece's letter (K king, Q queen, R rook, B bishop, N knight; in Spanish R D T A C) and the square, just the square for a pawn: {}, {}; a capture adds x: {}; castling {}; a promotion {}; en passant as the pawn's capture: {}. \
Draws, automatic: stalemate, threefold repetition, the 50-move rule and insufficient material (king and jumping bishop cannot mate a lone king).",
            es: "Ajedrez en todas sus reglas salvo una: el alfil salta. Se mueve exactamente tres pasos en diagonal, dos en una dirección diagonal y uno más de frente o girando 90°, así que cae a 3 casillas en las dos direcciones, o a 3 en una y 1 en la otra, saltando lo que haya en medio como un caballo. \
Captura al caer y no cambia de color de casilla. Se escribe A como un alfil (B en inglés): desde el principio, {} salta con el alfil de c1 por encima de los peones. \
Todo lo demás es ajedrez. Objetivo: dar jaque mate al rey rival; empiezan las blancas. Jugadas en notación algebraica, la letra de la pieza (R rey, D dama, T torre, A alfil, C caballo) y la casilla, solo la casilla para un peón: {}, {}; una captura añade x: {}; enroque {}; coronación {}; captura al paso como la captura del peón: {}. \
Tablas automáticas: ahogado, triple repetición, regla de las 50 jugadas y material insuficiente (rey y alfil saltador no dan mate a un rey solo).",
            examples: &[
                ("Bf4", "Af4"),
                ("e4", "e4"),
                ("Nf3", "Cf3"),
                ("exd5", "exd5"),
                ("O-O", "O-O"),
                ("e8=Q", "e8=D"),
                ("exd6", "exd6"),
            ],
        },
        GameId::Guadalete => Rules {
            en: "Chess with a river on ranks 4 and 5, which pawns fill with planks. Goal: checkmate the opponent's king; White moves first, and moves are written as in chess (K king, Q queen, R rook, B bishop, N knight; in Spanish R D T A C): {}. \
Pawns move straight forward, one square or two from their first rank; they never capture, never give check and never promote. \
A pawn that enters an empty river square becomes a plank there at once (White's on rank 4, Black's on rank 5), written as a pawn move: {} lays a plank on e4. \
Other pieces may not land on or pass a river square without a plank, but may use planks: {} lands on the plank of e4. A knight may jump over the river. A king never stands on a river square. \
Balance: after your move your planks must be more than half of your opponent's, unless they have none or you have no pawns left; if no move keeps it, any move is allowed. So after {} Black must lay a plank too, such as {}. \
Castling as in chess, {}; there is no en passant. Draws, automatic: stalemate, threefold repetition, the 50-move rule, insufficient material.",
            es: "Ajedrez con un río en las filas 4 y 5, que los peones llenan de tablones. Objetivo: dar jaque mate al rey rival; empiezan las blancas, y las jugadas se escriben como en ajedrez (R rey, D dama, T torre, A alfil, C caballo): {}. \
Los peones avanzan en recto, una casilla o dos desde su fila inicial; nunca capturan, nunca dan jaque y nunca coronan. \
Un peón que entra en una casilla de río vacía se convierte allí en un tablón (los blancos en la fila 4, los negros en la 5), y se escribe como jugada de peón: {} pone un tablón en e4. \
Las demás piezas no pueden caer en una casilla de río sin tablón ni cruzarla, pero sí usar los tablones: {} cae en el tablón de e4. El caballo puede saltar por encima del río. El rey nunca pisa el río. \
Equilibrio: tras tu jugada tus tablones deben ser más de la mitad de los del rival, salvo que él no tenga ninguno o a ti no te queden peones; si ninguna jugada lo cumple, vale cualquiera. Así, tras {} las negras deben poner también un tablón, por ejemplo {}. \
Enroque como en ajedrez, {}; no hay captura al paso. Tablas automáticas: ahogado, triple repetición, regla de las 50 jugadas, material insuficiente.",
            examples: &[
                ("Nf3", "Cf3"),
                ("e4", "e4"),
                ("Ne4", "Ce4"),
                ("e4", "e4"),
                ("d5", "d5"),
                ("O-O", "O-O"),
            ],
        },
        GameId::Guadalete14 => Rules {
            en: "Chess on a cylinder of 8 files and 14 ranks: rank 14 touches rank 1, and pieces move across that edge. The river is ranks 1 and 14. Goal: checkmate the opponent's king; White moves first. \
Each side has rear pawns (White on rank 2, Black on 13), its pieces (rank 3 / 12) and front pawns (rank 4 / 11). Moves are written as in chess (K king, Q queen, R rook, B bishop, N knight; in Spanish R D T A C): {}. \
A rear pawn steps one square back into the river, never captures, and becomes a plank there: {} (White, from e2), {} (Black, from d13). \
Front pawns are chess pawns moving forward, {}, with the double step, captures and en passant. One that reaches the river behind the enemy (rank 14 for White, 1 for Black) becomes an amazon, queen plus knight, A in English and M in Spanish: {}. \
Amazons may stand on and cross the river; other pieces only on planks; kings never. \
Balance: after your move your planks must be more than half of your opponent's, unless they have none or you have no rear pawns left: after {}, Black must lay one too. \
Castling along rank 3 or 12: {}. Draws as in chess, automatic: stalemate, repetition, the 50-move rule, insufficient material.",
            es: "Ajedrez en un cilindro de 8 columnas y 14 filas: la fila 14 toca la 1, y las piezas cruzan ese borde. El río son las filas 1 y 14. Objetivo: dar jaque mate al rey rival; empiezan las blancas. \
Cada bando tiene peones traseros (blancos en la fila 2, negros en la 13), sus piezas (fila 3 / 12) y peones delanteros (fila 4 / 11). Las jugadas se escriben como en ajedrez (R rey, D dama, T torre, A alfil, C caballo): {}. \
Un peón trasero retrocede una casilla al río, nunca captura, y se convierte allí en tablón: {} (blanco, desde e2), {} (negro, desde d13). \
Los peones delanteros son peones de ajedrez que avanzan, {}, con doble paso, capturas y captura al paso. El que llega al río tras el rival (fila 14 las blancas, 1 las negras) se convierte en amazona, dama más caballo, M en español y A en inglés: {}. \
Las amazonas pueden estar en el río y cruzarlo; las demás piezas solo por tablones; el rey nunca. \
Equilibrio: tras tu jugada tus tablones deben ser más de la mitad de los del rival, salvo que él no tenga ninguno o a ti no te queden peones traseros: tras {}, las negras deben poner uno también. \
Enroque por la fila 3 o 12: {}. Tablas como en ajedrez, automáticas: ahogado, repetición, regla de las 50 jugadas, material insuficiente.",
            examples: &[
                ("Nf5", "Cf5"),
                ("e1", "e1"),
                ("d14", "d14"),
                ("e5", "e5"),
                ("e14=A", "e14=M"),
                ("e1", "e1"),
                ("O-O", "O-O"),
            ],
        },
    }
}

/// The first sentence of `id`'s rules in `l`, its goal: the one-line pitch
/// of an inline result.
pub(crate) fn goal(id: GameId, l: Lang) -> String {
    let r = rules_of(id);
    let all = pick(l, r.en, r.es);
    let first = all.split_once(". ").map_or(all, |(s, _)| s);
    let first = first.split("{}").next().unwrap_or(first).trim_end();
    format!("{}.", first.trim_end_matches('.'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::Span;
    use crate::testkit::after;
    use tablero_rules::Setup;

    fn start(id: GameId) -> AnyGame {
        after(id, &[])
    }

    fn position(id: GameId, text: &str) -> AnyGame {
        AnyGame::from_position_text(id, text).unwrap()
    }

    /// Knight Fight with the numbers in square order (a1 00, b1 01, …)
    /// but e3 and d4 swapped, so e3 holds 33; after `d1` (03) and `e10`
    /// (94).
    fn knights_on_d1_and_e10() -> AnyGame {
        let mut layout: Vec<u8> = (0..100).collect();
        layout.swap(24, 33);
        let setup = Setup {
            layout: Some(layout),
            ..Setup::default()
        };
        let mut g = AnyGame::new(GameId::KnightFight, &setup).unwrap();
        g.play("d1").unwrap();
        g.play("e10").unwrap();
        g
    }

    /// Empuje's twelve placements: white along rank 1 and on c3, black
    /// along rank 6 and on c5.
    const PLACED: [&str; 12] = [
        "Wc3", "Wa1", "Wb1", "Wd1", "We1", "Wf1", "Bc5", "Ba6", "Bb6", "Bd6", "Be6", "Bf6",
    ];

    fn placed(then: &[&str]) -> AnyGame {
        let moves: Vec<&str> = PLACED.iter().chain(then).copied().collect();
        after(GameId::Empuje, &moves)
    }

    /// The position each example of `id`'s rules is played from, as its
    /// sentence describes it, in the examples' order.
    fn positions(id: GameId) -> Vec<AnyGame> {
        use GameId::*;
        let s = start(id);
        let a = |moves: &[&str]| after(id, moves);
        match id {
            Barrier => vec![
                s.clone(),
                a(&["d4"]),
                a(&["d4", "h8"]),
                a(&["d4", "h8"]),
                a(&["d4", "d5"]),
            ],
            Bloc => {
                let two = a(&["b1-a1*a2", "c3-c4*d4"]);
                vec![s, a(&["b1-a1*a2"]), two.clone(), two]
            }
            Bombardment => vec![s; 4],
            Breakthrough => vec![s.clone(), s, a(&["a2-a3", "b7-b6", "a3-a4", "b6-b5"])],
            Cascades => vec![s.clone(), a(&["e7"]), a(&["e7", "f7,g7"]), s],
            Cracovia => vec![s.clone(), s, a(&["a1-c3"])],
            Empuje => vec![
                s.clone(),
                s.clone(),
                s,
                placed(&[]),
                placed(&["first"]),
                placed(&["first"]),
                placed(&[]),
                placed(&[]),
                placed(&["black"]),
            ],
            KnightFight => vec![
                s,
                a(&["d1"]),
                knights_on_d1_and_e10(),
                knights_on_d1_and_e10(),
            ],
            Chess => vec![
                s.clone(),
                s.clone(),
                a(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]),
                a(&["e4", "d5"]),
                a(&["d4", "d5", "Nf3", "Nf6"]),
                a(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]),
                a(&["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7"]),
                position(id, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
                a(&["e4", "a6", "e5", "d5"]),
                s,
            ],
            Saltador => vec![
                s.clone(),
                s.clone(),
                s,
                a(&["e4", "d5"]),
                a(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]),
                position(id, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
                a(&["e4", "a6", "e5", "d5"]),
            ],
            Guadalete => vec![
                s.clone(),
                s.clone(),
                a(&["e4", "d5", "Nc3", "Nf6"]),
                s,
                a(&["e4"]),
                a(&["e4", "d5", "Nf3", "Nf6", "Be2", "Nc6"]),
            ],
            Guadalete14 => vec![
                s.clone(),
                s.clone(),
                a(&["e1"]),
                s.clone(),
                position(id, "8/4P3/k7/8/8/8/8/8/8/8/8/4K3/8/8 w - - 0 1 - 0:0"),
                s,
                position(id, "8/8/4k3/8/8/8/8/8/8/8/8/4K2R/8/8 w K - 0 1 - 0:0"),
            ],
        }
    }

    /// The canonical move `text` names in `game`, as a player would type
    /// it in `l`: a `move` command's word dropped, Spanish piece letters
    /// read, and several words played one after another (Empuje's
    /// placements).
    fn read(game: &AnyGame, text: &str, l: Lang) -> Result<String, String> {
        let id = game.id();
        let word = pick(l, "move ", "mover ");
        let text = text.strip_prefix(word).unwrap_or(text);
        // The app's own reader, in the reader's language.
        if let Ok(m) = crate::reading::lenient(game, text, l) {
            return Ok(m);
        }
        let mut g = game.clone();
        let mut played = Vec::new();
        for w in text.split_whitespace() {
            let m = crate::reading::lenient(&g, w, l).map_err(|e| format!("{id} `{w}`: {e:?}"))?;
            played.push(g.play(&m).map_err(|e| format!("{id} `{w}`: {e}"))?);
        }
        if played.len() > 1 {
            Ok(played.join(" "))
        } else {
            Err(format!("{id}: `{text}` is not legal"))
        }
    }

    fn codes(text: &Text) -> Vec<String> {
        text.spans()
            .iter()
            .filter_map(|s| match s {
                Span::Code(c) => Some(c.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_example_is_legal_where_its_sentence_plays_it() {
        for id in GameId::ALL {
            let r = rules_of(id);
            let games = positions(id);
            assert_eq!(games.len(), r.examples.len(), "{id}");
            for (l, template) in [(Lang::En, r.en), (Lang::Es, r.es)] {
                // Every move a text shows is an example, checked below.
                assert!(!template.contains('`'), "{id} {l:?}");
                assert_eq!(
                    template.matches("{}").count(),
                    r.examples.len(),
                    "{id} {l:?}"
                );
                assert_eq!(
                    codes(&rules_text(id, l)).len(),
                    r.examples.len(),
                    "{id} {l:?}"
                );
            }
            for ((en, es), game) in r.examples.iter().zip(&games) {
                let in_en = read(game, en, Lang::En).unwrap();
                let in_es = read(game, es, Lang::Es).unwrap();
                // Both languages teach the same move.
                assert_eq!(in_en, in_es, "{id}: {en} / {es}");
            }
        }
    }

    #[test]
    fn the_examples_do_what_their_sentences_say() {
        // Barrier: the path is the move; two squares passed get tokens.
        let mut g = after(GameId::Barrier, &["d4", "h8"]);
        g.play("d4-d5-e6").unwrap();
        assert!(g.position_text().starts_with("7n/8/3xN3/3x4/3x4/"));
        // Bloc: a2 carries the marker; without `*` it stays there.
        let g = after(GameId::Bloc, &["b1-a1*a2", "c3-c4*d4", "c2-b2"]);
        assert_eq!(g.view().cells.iter().filter(|c| c.marker).count(), 2);
        // Knight Fight: landing on 33 scores it, erasing 55 is extra.
        let mut g = knights_on_d1_and_e10();
        g.play("d1-e3x55").unwrap();
        assert_eq!(g.view().status.scores.unwrap().1, [3 + 33, 94]);
        // Guadalete: after a plank, Black's only moves are planks.
        let g = after(GameId::Guadalete, &["e4"]);
        assert!(
            g.legal_moves().iter().all(|m| m.ends_with('5')),
            "{:?}",
            g.legal_moves()
        );
        // Saltador: from the start the c1 bishop jumps to f4.
        assert_eq!(start(GameId::Saltador).parse_move("Bf4").unwrap(), "Bf4");
    }

    #[test]
    fn rules_fit_a_chat_message() {
        for id in GameId::ALL {
            for l in [Lang::En, Lang::Es] {
                let n = rules_text(id, l).to_string().chars().count();
                // The reply adds a title, the options and the challenge line.
                assert!(n <= 1_350, "{id} {l:?}: {n} characters");
            }
        }
    }

    /// Every start a game can have at its parameters' extremes.
    fn starts(id: GameId) -> Vec<AnyGame> {
        let mut setups = vec![Setup::default()];
        for p in id.info().params {
            for v in [p.min, p.max] {
                setups.push(Setup::default().with(p.key, v));
            }
        }
        if id == GameId::KnightFight {
            setups.push(Setup {
                seed: Some(99),
                ..Setup::default()
            });
        }
        setups
            .iter()
            .map(|s| AnyGame::new(id, s).unwrap())
            .collect()
    }

    #[test]
    fn how_to_move_shows_legal_moves_of_the_game_started() {
        for id in GameId::ALL {
            for game in starts(id) {
                for l in [Lang::En, Lang::Es] {
                    let text = how_to_move(&game, l);
                    let mut codes = codes(&text);
                    let rules = codes.pop().unwrap();
                    assert_eq!(rules, format!("{} {id}", pick(l, "rules", "reglas")));
                    let choices: Vec<String> = if id == GameId::Empuje {
                        codes.split_off(codes.len() - 3)
                    } else {
                        Vec::new()
                    };
                    assert!(!codes.is_empty(), "{id}");
                    for code in &codes {
                        read(&game, code, l).unwrap();
                    }
                    // The chooser's words, once the twelve pieces are down.
                    let mut g = game.clone();
                    for _ in 0..12 * usize::from(!choices.is_empty()) {
                        let m = g.legal_moves()[0].clone();
                        g.play(&m).unwrap();
                    }
                    for code in &choices {
                        read(&g, code, l).unwrap();
                    }
                    let n = text.to_string().chars().count();
                    assert!(n < 600, "{id} {l:?}: {n}");
                }
            }
        }
    }

    #[test]
    fn how_to_move_in_chess() {
        let g = start(GameId::Chess);
        assert_eq!(
            how_to_move(&g, Lang::En).to_string(),
            "How to play: write moves in algebraic notation, the piece's letter \
             (K king, Q queen, R rook, B bishop, N knight) and the square it goes to, and \
             only the square for a pawn: `e4` or `Nf3`. `rules chess` explains every rule."
        );
        assert!(
            how_to_move(&g, Lang::Es)
                .to_string()
                .contains(" solo la casilla para un peón: `e4` o `Cf3`. `reglas chess` explica")
        );
    }
}
