//! The catalogue of games: ids, names, sides, parameters and short rules.

use std::fmt;
use std::str::FromStr;

use crate::{Lang, ParamSpec, Side};

/// Every game Tablero plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    Barrier,
    Bloc,
    Bombardment,
    Breakthrough,
    Cascades,
    Cracovia,
    Empuje,
    KnightFight,
    Chess,
    Saltador,
    Guadalete,
    Guadalete14,
}

impl GameId {
    /// Every game, in catalogue order.
    pub const ALL: [GameId; 12] = [
        GameId::Barrier,
        GameId::Bloc,
        GameId::Bombardment,
        GameId::Breakthrough,
        GameId::Cascades,
        GameId::Cracovia,
        GameId::Empuje,
        GameId::KnightFight,
        GameId::Chess,
        GameId::Saltador,
        GameId::Guadalete,
        GameId::Guadalete14,
    ];

    /// The stable id used in commands, storage and tests (`knightfight`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        self.info().key
    }

    /// The catalogue entry of this game.
    #[must_use]
    pub const fn info(self) -> &'static GameInfo {
        &GAMES[self as usize]
    }

    /// Whether players of this game count a move of each side as one move
    /// (the chess games: `1. e4 e5`); the other games count turns.
    #[must_use]
    pub const fn counts_move_pairs(self) -> bool {
        matches!(
            self,
            GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14
        )
    }

    /// How many moves `plies` turns make as this game's players count
    /// them: a move of White and one of Black are one chess move (a move
    /// begun counts), each turn is a move elsewhere. Boards, reviews and
    /// replays all say this number.
    #[must_use]
    pub const fn moves_played(self, plies: usize) -> usize {
        if self.counts_move_pairs() {
            plies.div_ceil(2)
        } else {
            plies
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text named no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = GameId::ALL.iter().map(|g| g.key()).collect();
        write!(
            f,
            "no game `{}` (games: {})",
            crate::excerpt(&self.0),
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;

    /// Accepts the id, the English or Spanish name, or an alias, ignoring
    /// case, accents, spaces and hyphens: `knightfight`, `Knight Fight`,
    /// `lucha de caballos`, `ajedrez`.
    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        let want = fold(s);
        GameId::ALL
            .into_iter()
            .find(|g| {
                let i = g.info();
                fold(i.key) == want
                    || fold(i.name_en) == want
                    || fold(i.name_es) == want
                    || i.aliases.iter().any(|a| fold(a) == want)
            })
            .ok_or_else(|| UnknownGame(s.trim().to_string()))
    }
}

/// Lower case without accents, spaces, hyphens or apostrophes.
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '\''))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        })
        .collect()
}

/// The name of one side in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideName {
    pub en: &'static str,
    pub es: &'static str,
}

/// A catalogue entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    pub id: GameId,
    pub key: &'static str,
    pub name_es: &'static str,
    pub name_en: &'static str,
    pub aliases: &'static [&'static str],
    /// The credit in English; [`GameInfo::designer`] gives it in either
    /// language.
    pub designer: &'static str,
    pub year: Option<u16>,
    /// The two sides, first to move first.
    pub sides: [SideName; 2],
    pub params: &'static [ParamSpec],
    /// Whether the game can end in a draw (and so whether players may agree
    /// one).
    pub draws: bool,
    pub summary_en: &'static str,
    pub summary_es: &'static str,
}

impl GameInfo {
    /// The game's name in `lang`.
    #[must_use]
    pub const fn name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name_en,
            Lang::Es => self.name_es,
        }
    }

    /// The name of `side` in `lang`.
    #[must_use]
    pub const fn side_name(&self, side: Side, lang: Lang) -> &'static str {
        let s = &self.sides[side.index()];
        match lang {
            Lang::En => s.en,
            Lang::Es => s.es,
        }
    }

    /// Who designed the game, in `lang` (`… and …` / `… y …`; a game
    /// whose designer the book does not name is credited to the book).
    #[must_use]
    pub const fn designer(&self, lang: Lang) -> &'static str {
        match (lang, self.id) {
            (Lang::Es, GameId::Cracovia) => "M. C. Algar Morales y J. D. Sánchez Torres",
            (Lang::Es, GameId::Empuje) => "del libro Juegos de tablero modernos",
            _ => self.designer,
        }
    }

    /// The short rules in `lang`.
    #[must_use]
    pub const fn summary(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.summary_en,
            Lang::Es => self.summary_es,
        }
    }
}

const WHITE_BLACK: [SideName; 2] = [
    SideName {
        en: "White",
        es: "Blancas",
    },
    SideName {
        en: "Black",
        es: "Negras",
    },
];

const fn square_size(min: u32, max: u32, default: u32) -> ParamSpec {
    ParamSpec {
        key: "size",
        en: "board size (n×n)",
        es: "tamaño del tablero (n×n)",
        min,
        max,
        default,
    }
}

const NO_PARAMS: &[ParamSpec] = &[];

/// The catalogue, in [`GameId`] order.
pub static GAMES: [GameInfo; 12] = [
    GameInfo {
        id: GameId::Barrier,
        key: "barrier",
        name_es: "Barrera",
        name_en: "Barrier",
        aliases: &[],
        designer: "Karl Scherer",
        year: Some(2002),
        sides: WHITE_BLACK,
        params: &[square_size(5, 10, 8)],
        draws: false,
        summary_en: "Each player has one knight. First White, then Black, places it on any empty square. \
A move is a knight jump along one of its two L-shaped paths (`d4-d5-e6` goes up through d5 then across to e6); \
both squares passed through and the landing square must be empty. The squares left and passed through get \
blocking tokens that never go away. If you cannot move, you lose.",
        summary_es: "Cada jugador tiene un caballo. Primero las blancas y luego las negras lo colocan en cualquier casilla vacía. \
Se mueve con un salto de caballo por uno de sus dos caminos en L (`d4-d5-e6` sube por d5 y gira a e6); \
las dos casillas recorridas y la de llegada deben estar vacías. La casilla de salida y las recorridas reciben \
fichas de bloqueo que ya no se quitan. Quien no puede mover, pierde.",
    },
    GameInfo {
        id: GameId::Bloc,
        key: "bloc",
        name_es: "Bloc",
        name_en: "Bloc",
        aliases: &[],
        designer: "Jorge Nuno Silva",
        year: Some(2005),
        sides: WHITE_BLACK,
        params: &[
            ParamSpec {
                key: "width",
                en: "board width",
                es: "ancho del tablero",
                min: 4,
                max: 10,
                default: 6,
            },
            ParamSpec {
                key: "height",
                en: "board height",
                es: "alto del tablero",
                min: 4,
                max: 10,
                default: 6,
            },
        ],
        draws: false,
        summary_en: "The board starts full, in a checkerboard of white and black pieces. A move: one of your unmarked \
pieces steps orthogonally onto an unmarked enemy piece and captures it. If your piece is then part of a group \
(two or more of your pieces connected orthogonally), that group must carry exactly one marker: place it, keep or \
move it, or, when groups merged, keep just one (`c3-c4*d4` puts it on d4). Marked pieces cannot move or be \
captured. If you cannot move, you lose.",
        summary_es: "El tablero empieza lleno, en damero de piezas blancas y negras. Una jugada: una de tus piezas sin marca \
avanza en ortogonal sobre una pieza enemiga sin marca y la captura. Si tu pieza queda en un grupo (dos o más \
piezas tuyas unidas en ortogonal), ese grupo debe llevar exactamente una marca: ponla, mantenla o muévela, o si \
se unieron grupos, deja solo una (`c3-c4*d4` la pone en d4). Las piezas marcadas no mueven ni pueden ser \
capturadas. Quien no puede mover, pierde.",
    },
    GameInfo {
        id: GameId::Bombardment,
        key: "bombardment",
        name_es: "Bombardeo",
        name_en: "Bombardment",
        aliases: &["bombardeo"],
        designer: "Chris Huntoon",
        year: Some(2003),
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "Each side has 16 pieces on its first two ranks. A turn is either a step one square forward or \
diagonally forward onto an empty square (`c2-c3`), or an explosion (`c2x`): the chosen piece and every piece \
around it, of both colours, are removed. Step onto the opponent's back rank to win; a side left with no pieces \
loses, and if both are wiped out it is a draw.",
        summary_es: "Cada bando tiene 16 piezas en sus dos primeras filas. Un turno es o bien un paso adelante, recto o en \
diagonal, a una casilla vacía (`c2-c3`), o bien una explosión (`c2x`): la pieza elegida y todas las que la rodean, \
de ambos colores, desaparecen. Gana quien llega a la última fila rival; quien se queda sin piezas pierde, y si \
ambos se quedan sin ninguna es tablas.",
    },
    GameInfo {
        id: GameId::Breakthrough,
        key: "breakthrough",
        name_es: "Gran avance",
        name_en: "Breakthrough",
        aliases: &["granavance"],
        designer: "Dan Troyka",
        year: Some(2000),
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: false,
        summary_en: "Each side has 16 pieces on its first two ranks. A piece steps one square straight forward onto \
an empty square (`a2-a3`), or diagonally forward onto an empty square or onto an enemy piece to capture it \
(`a2xb3`). Reach the opponent's back rank, or capture every enemy piece, to win.",
        summary_es: "Cada bando tiene 16 piezas en sus dos primeras filas. Una pieza avanza un paso recto a una casilla \
vacía (`a2-a3`), o en diagonal hacia delante a una casilla vacía o sobre una pieza enemiga para capturarla \
(`a2xb3`). Gana quien llega a la última fila rival o captura todas las piezas enemigas.",
    },
    GameInfo {
        id: GameId::Cascades,
        key: "cascades",
        name_es: "Cascadas",
        name_en: "Cascades",
        aliases: &["cascadas"],
        designer: "William Chang",
        year: Some(2001),
        sides: WHITE_BLACK,
        params: &[ParamSpec {
            key: "rows",
            en: "number of rows",
            es: "número de filas",
            min: 4,
            max: 12,
            default: 8,
        }],
        draws: true,
        summary_en: "A trapezoid of hexagons, whose top row holds alternating white and black stones. On your turn \
place up to two stones of your colour (only one on White's very first turn), or pass: a stone goes on an empty \
cell beside or below one of your stones, and the second may rely on the first (`c7,d7`). Stones never move. \
The game ends when a side holds a majority of the bottom row, the bottom row is full, or both pass in a row; \
more stones in the bottom row wins.",
        summary_es: "Un trapecio de hexágonos con la fila superior llena de piedras blancas y negras alternas. En tu turno \
coloca hasta dos piedras de tu color (solo una en el primer turno de las blancas), o pasa: una piedra va en una \
celda vacía al lado o debajo de una de tus piedras, y la segunda puede apoyarse en la primera (`c7,d7`). Las \
piedras no se mueven. La partida acaba cuando un bando tiene mayoría en la fila inferior, esa fila se llena o \
ambos pasan seguidos; gana quien tiene más piedras en la fila inferior.",
    },
    GameInfo {
        id: GameId::Cracovia,
        key: "cracovia",
        name_es: "Los cuatro angelitos",
        name_en: "Cracovia",
        aliases: &["angelitos", "cuatroangelitos", "fourangels"],
        designer: "M. C. Algar Morales and J. D. Sánchez Torres",
        year: Some(2010),
        sides: [
            SideName {
                en: "Angels",
                es: "Ángeles",
            },
            SideName {
                en: "Demons",
                es: "Demonios",
            },
        ],
        params: NO_PARAMS,
        draws: false,
        summary_en: "Four angels start in the corners; the demons start with nothing. The angels move one angel 1 or \
2 squares in any direction onto an empty square, without jumping (`a1-c3`). The demons place a demon on any \
empty square (`d5`); demons never move. The angels win when all four touch as one block (diagonal contact \
counts); the demons win when the angels cannot move.",
        summary_es: "Cuatro ángeles empiezan en las esquinas y los demonios sin nada. Los ángeles mueven un ángel 1 o 2 \
casillas en cualquier dirección a una casilla vacía, sin saltar (`a1-c3`). Los demonios colocan un demonio en \
cualquier casilla vacía (`d5`); los demonios no se mueven. Los ángeles ganan si los cuatro quedan unidos en un \
bloque (vale el contacto en diagonal); los demonios ganan si los ángeles no pueden mover.",
    },
    GameInfo {
        id: GameId::Empuje,
        key: "empuje",
        name_es: "Empuje",
        name_en: "Push",
        aliases: &["push", "pushing", "pushinggame"],
        designer: "from Juegos de tablero modernos",
        year: None,
        sides: [
            SideName {
                en: "Setter",
                es: "Colocador",
            },
            SideName {
                en: "Chooser",
                es: "Elector",
            },
        ],
        params: &[square_size(5, 8, 6)],
        draws: true,
        summary_en: "The setter places six white and six black pieces anywhere (`Wa1`, `Bb2`). The chooser then takes \
the first move (`first`, and the setter picks a colour) or a colour (`white` or `black`, and the setter moves \
first). A move: a piece and a direction (`c3n`, `c3e`, `c3s`, `c3w`); it advances pushing the pieces in front \
of it until no enemy remains ahead on that line, and pieces pushed off the edge are gone. You may only move \
towards an enemy. When the player to move cannot move, more pieces wins.",
        summary_es: "El colocador pone seis piezas blancas y seis negras donde quiera (`Wa1`, `Bb2`). El elector elige \
entonces mover primero (`first`, y el colocador elige color) o un color (`white` o `black`, y el colocador mueve \
primero). Una jugada: una pieza y una dirección (`c3n`, `c3e`, `c3s`, `c3w`); avanza empujando las piezas que \
tiene delante hasta que no queda ninguna enemiga en esa línea, y las que salen del tablero se pierden. Solo se \
puede mover hacia una pieza enemiga. Cuando quien debe mover no puede, gana quien tiene más piezas.",
    },
    GameInfo {
        id: GameId::KnightFight,
        key: "knightfight",
        name_es: "Lucha de caballos",
        name_en: "Knight Fight",
        aliases: &["luchadecaballos", "knights"],
        designer: "Andy Lewicki",
        year: None,
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "The numbers 00 to 99 are dealt over a 10×10 board. White places its knight on rank 1, then Black \
on rank 10; after that each jumps like a chess knight to a square that still has its number, is not the other \
knight's and is not attacked by it (`d1-e3`). Every landing scores the square's number; the square left loses \
its number. Landing on 57 erases 75; landing on a double (33) lets you erase another double (`d1-e3x55`). \
When the player to move cannot move, the higher score wins.",
        summary_es: "Los números del 00 al 99 se reparten en un tablero de 10×10. Las blancas colocan su caballo en la \
fila 1 y las negras en la 10; después cada uno salta como un caballo de ajedrez a una casilla que aún tiene su \
número, no es la del otro caballo y no está atacada por él (`d1-e3`). Cada llegada suma el número de la \
casilla; la casilla que se deja pierde su número. Caer en 57 borra el 75; caer en un doble (33) permite borrar \
otro doble (`d1-e3x55`). Cuando quien debe mover no puede, gana la puntuación más alta.",
    },
    GameInfo {
        id: GameId::Chess,
        key: "chess",
        name_es: "Ajedrez",
        name_en: "Chess",
        aliases: &["ajedrez"],
        designer: "FIDE",
        year: None,
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "Standard chess under FIDE rules: castling, en passant, promotion, checkmate and stalemate; \
threefold repetition, the fifty-move rule and insufficient material draw. Moves in SAN (`Nf3`, `exd5`, `O-O`, \
`e8=Q`) or UCI (`e2e4`).",
        summary_es: "Ajedrez estándar con las reglas de la FIDE: enroque, captura al paso, coronación, jaque mate y \
rey ahogado; la triple repetición, la regla de los cincuenta movimientos y el material insuficiente son tablas. \
Jugadas en SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) o UCI (`e2e4`).",
    },
    GameInfo {
        id: GameId::Saltador,
        key: "saltador",
        name_es: "Ajedrez del alfil saltador",
        name_en: "Jumping-bishop chess",
        aliases: &["alfilsaltador", "jumpingbishop"],
        designer: "J. D. Sánchez Torres",
        year: Some(2005),
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "Chess, except the bishop: it jumps exactly three diagonal steps, two in one direction and one more \
straight on or turned 90°, landing (±3,±3), (±3,±1) or (±1,±3) away. It cannot be blocked, captures by landing \
and stays on its colour. Everything else is standard chess.",
        summary_es: "Ajedrez, salvo el alfil: salta exactamente tres pasos en diagonal, dos en una dirección y uno más \
recto o girando 90°, cayendo a (±3,±3), (±3,±1) o (±1,±3). No se le puede bloquear, captura al caer y no cambia \
de color. Todo lo demás es ajedrez estándar.",
    },
    GameInfo {
        id: GameId::Guadalete,
        key: "guadalete",
        name_es: "Ajedrez del Guadalete",
        name_en: "Guadalete chess",
        aliases: &["ajedrezdelguadalete"],
        designer: "J. D. Sánchez Torres",
        year: Some(2006),
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "Chess with a river on ranks 4 and 5. Pawns never capture or promote; a pawn entering an empty \
river square becomes a plank, and planks are ordinary ground. Other pieces may not land on or cross unplanked \
river squares (knights may jump over them); the king never stands in the river. Balance: after your move you \
must have planked more than half as many pawns as your opponent, when you can.",
        summary_es: "Ajedrez con un río en las filas 4 y 5. Los peones nunca capturan ni coronan; un peón que entra en una \
casilla vacía del río se convierte en un tablón, y los tablones son suelo normal. Las demás piezas no pueden \
caer en casillas de río sin tablón ni cruzarlas (el caballo puede saltarlas); el rey nunca pisa el río. \
Equilibrio: tras tu jugada debes haber convertido más de la mitad de peones que tu rival, si puedes.",
    },
    GameInfo {
        id: GameId::Guadalete14,
        key: "guadalete14",
        name_es: "Guadalete cilíndrico",
        name_en: "Cylinder Guadalete",
        aliases: &["guadaletecilindrico", "cylinderguadalete"],
        designer: "J. D. Sánchez Torres",
        year: Some(2006),
        sides: WHITE_BLACK,
        params: NO_PARAMS,
        draws: true,
        summary_en: "Guadalete on 8 files × 14 ranks whose top and bottom edges join: rank 14 touches rank 1, and the \
river is ranks 14 and 1. Rear pawns walk back into the river to become planks; front pawns are ordinary chess \
pawns that promote to an amazon (queen + knight) on reaching the river behind the enemy. Other pieces cross the \
river only on planks; kings never.",
        summary_es: "Guadalete en 8 columnas × 14 filas cuyos bordes superior e inferior se unen: la fila 14 toca la 1, y \
el río son las filas 14 y 1. Los peones traseros retroceden hasta el río para hacerse tablones; los delanteros \
son peones normales que coronan en amazona (dama + caballo) al llegar al río tras el enemigo. Las demás piezas \
cruzan el río solo por tablones; los reyes nunca.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_in_id_order() {
        for (i, g) in GameId::ALL.iter().enumerate() {
            assert_eq!(GAMES[i].id, *g);
            assert_eq!(*g as usize, i);
        }
    }

    #[test]
    fn names_parse_back() {
        for g in GameId::ALL {
            let i = g.info();
            assert_eq!(i.key.parse::<GameId>(), Ok(g));
            assert_eq!(i.name_en.parse::<GameId>(), Ok(g));
            assert_eq!(i.name_es.parse::<GameId>(), Ok(g));
        }
        assert_eq!("Lucha de Caballos".parse(), Ok(GameId::KnightFight));
        assert!("cilíndrico".parse::<GameId>().is_err());
        assert!("tetris".parse::<GameId>().is_err());
    }

    #[test]
    fn square_size_defaults_lie_in_range() {
        for g in GameId::ALL {
            for p in g.info().params {
                assert!(p.min <= p.default && p.default <= p.max, "{g} {}", p.key);
            }
        }
    }
}
