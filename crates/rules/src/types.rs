//! The small vocabulary shared by every game: sides, turns, outcomes and
//! bilingual messages.

use std::fmt;

/// A player of a game, by the order in which the players start.
///
/// `First` is the player who moves (or places, or sets up) first: White in
/// most games, the Angels in Cracovia, the setter in Empuje. The colours a
/// side plays are in [`crate::view::Status::colors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// Both sides, first first.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    ///
    /// ```
    /// use tablero_rules::Side;
    /// assert_eq!(Side::First.other(), Side::Second);
    /// ```
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The side with the given index (0 or 1); `None` otherwise.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }
}

/// A language the bot speaks to players in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    /// Parses `en`/`english`/`es`/`spanish`/`español`, case-insensitively.
    #[must_use]
    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_lowercase().as_str() {
            "en" | "english" | "inglés" | "ingles" => Some(Lang::En),
            "es" | "spanish" | "español" | "espanol" | "castellano" => Some(Lang::Es),
            _ => None,
        }
    }
}

/// A message a player may read, in English and Spanish.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Msg {
    pub en: String,
    pub es: String,
}

impl Msg {
    /// A message from its two translations.
    pub fn new(en: impl Into<String>, es: impl Into<String>) -> Msg {
        Msg {
            en: en.into(),
            es: es.into(),
        }
    }

    /// The text in `lang`.
    #[must_use]
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Es => &self.es,
        }
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// Builds a [`Msg`] from an English and a Spanish format string with the same
/// arguments: `msg!("{sq} is empty", "{sq} está vacía"; sq = "e4")`, or from
/// two plain literals.
#[macro_export]
macro_rules! msg {
    ($en:literal, $es:literal) => {
        $crate::Msg::new(format!($en), format!($es))
    };
    ($en:literal, $es:literal; $($name:ident = $val:expr),+ $(,)?) => {{
        $(let $name = &$val;)+
        $crate::Msg::new(format!($en), format!($es))
    }};
}

/// What kind of decision the player to move is making.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// An ordinary move of the game.
    Play,
    /// Putting pieces on the board before play starts (Barrier's and Knight
    /// Fight's knights, Empuje's set-up).
    Place,
    /// Choosing who moves first or which colour to take (Empuje).
    Choose,
}

/// Whose turn it is and what they are doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub side: Side,
    pub phase: Phase,
}

impl Turn {
    /// An ordinary move by `side`.
    #[must_use]
    pub const fn play(side: Side) -> Turn {
        Turn {
            side,
            phase: Phase::Play,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move has no legal move (and loses, or the score decides).
    NoLegalMove,
    /// A piece reached the opponent's back rank (Breakthrough, Bombardment).
    ReachedLastRank,
    /// A side has no pieces left (Breakthrough, Bombardment).
    NoPiecesLeft,
    /// Cascades: a side has a majority of the bottom row.
    BottomRowMajority,
    /// Cascades: the bottom row is full.
    BottomRowFull,
    /// Cascades: two passes in a row.
    TwoPasses,
    /// Cracovia: the four angels form one block.
    AngelsConnected,
    /// Cracovia: the angels are to move and cannot.
    AngelsTrapped,
    /// Empuje: play ended and the pieces were counted.
    PiecesCounted,
    /// Knight Fight: play ended and the scores were compared.
    ScoresCompared,
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    /// A player resigned. This and the next two end games outside the
    /// rules: no game's `outcome` returns them; a caller puts them on a
    /// view to draw a game that ended so (its last board, a replay's last
    /// frame).
    Resignation,
    /// A player ran out of time.
    TimeForfeit,
    /// The players agreed a draw.
    Agreement,
}

impl EndReason {
    /// Every reason, for code that reads [`EndReason::key`] back.
    pub const ALL: [EndReason; 18] = [
        EndReason::NoLegalMove,
        EndReason::ReachedLastRank,
        EndReason::NoPiecesLeft,
        EndReason::BottomRowMajority,
        EndReason::BottomRowFull,
        EndReason::TwoPasses,
        EndReason::AngelsConnected,
        EndReason::AngelsTrapped,
        EndReason::PiecesCounted,
        EndReason::ScoresCompared,
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoveRule,
        EndReason::InsufficientMaterial,
        EndReason::Resignation,
        EndReason::TimeForfeit,
        EndReason::Agreement,
    ];

    /// The reason whose [`EndReason::key`] is `key`.
    ///
    /// ```
    /// use tablero_rules::EndReason;
    /// assert_eq!(EndReason::from_key("checkmate"), Some(EndReason::Checkmate));
    /// assert_eq!(EndReason::from_key("boredom"), None);
    /// ```
    #[must_use]
    pub fn from_key(key: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.key() == key)
    }

    /// A short description a player understands.
    #[must_use]
    pub fn text(self, lang: Lang) -> &'static str {
        use EndReason::*;
        match (self, lang) {
            (NoLegalMove, Lang::En) => "no legal move",
            (NoLegalMove, Lang::Es) => "sin movimientos legales",
            (ReachedLastRank, Lang::En) => "reached the last rank",
            (ReachedLastRank, Lang::Es) => "llegó a la última fila",
            (NoPiecesLeft, Lang::En) => "no pieces left",
            (NoPiecesLeft, Lang::Es) => "sin piezas",
            (BottomRowMajority, Lang::En) => "majority of the bottom row",
            (BottomRowMajority, Lang::Es) => "mayoría en la fila inferior",
            (BottomRowFull, Lang::En) => "the bottom row is full",
            (BottomRowFull, Lang::Es) => "la fila inferior está llena",
            (TwoPasses, Lang::En) => "two passes in a row",
            (TwoPasses, Lang::Es) => "dos pases seguidos",
            (AngelsConnected, Lang::En) => "the four angels are together",
            (AngelsConnected, Lang::Es) => "los cuatro ángeles están juntos",
            (AngelsTrapped, Lang::En) => "the angels cannot move",
            (AngelsTrapped, Lang::Es) => "los ángeles no pueden moverse",
            (PiecesCounted, Lang::En) => "pieces counted",
            (PiecesCounted, Lang::Es) => "recuento de piezas",
            (ScoresCompared, Lang::En) => "scores compared",
            (ScoresCompared, Lang::Es) => "recuento de puntos",
            (Checkmate, Lang::En) => "checkmate",
            (Checkmate, Lang::Es) => "jaque mate",
            (Stalemate, Lang::En) => "stalemate",
            (Stalemate, Lang::Es) => "rey ahogado",
            (ThreefoldRepetition, Lang::En) => "threefold repetition",
            (ThreefoldRepetition, Lang::Es) => "triple repetición",
            (FiftyMoveRule, Lang::En) => "fifty-move rule",
            (FiftyMoveRule, Lang::Es) => "regla de los cincuenta movimientos",
            (InsufficientMaterial, Lang::En) => "insufficient material",
            (InsufficientMaterial, Lang::Es) => "material insuficiente",
            (Resignation, Lang::En) => "resignation",
            (Resignation, Lang::Es) => "abandono",
            (TimeForfeit, Lang::En) => "out of time",
            (TimeForfeit, Lang::Es) => "tiempo agotado",
            (Agreement, Lang::En) => "agreed",
            (Agreement, Lang::Es) => "de mutuo acuerdo",
        }
    }

    /// A stable lower-case name, for `--json` output and storage.
    #[must_use]
    pub fn key(self) -> &'static str {
        use EndReason::*;
        match self {
            NoLegalMove => "no-legal-move",
            ReachedLastRank => "reached-last-rank",
            NoPiecesLeft => "no-pieces-left",
            BottomRowMajority => "bottom-row-majority",
            BottomRowFull => "bottom-row-full",
            TwoPasses => "two-passes",
            AngelsConnected => "angels-connected",
            AngelsTrapped => "angels-trapped",
            PiecesCounted => "pieces-counted",
            ScoresCompared => "scores-compared",
            Checkmate => "checkmate",
            Stalemate => "stalemate",
            ThreefoldRepetition => "threefold-repetition",
            FiftyMoveRule => "fifty-move-rule",
            InsufficientMaterial => "insufficient-material",
            Resignation => "resignation",
            TimeForfeit => "time-forfeit",
            Agreement => "agreement",
        }
    }
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    /// `side` won because of `reason`.
    #[must_use]
    pub const fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    /// A draw because of `reason`.
    #[must_use]
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}
