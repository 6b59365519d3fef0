//! What the app reports: an [`Event`] when a command did something (or
//! answered a question), an [`AppError`] when it could not, and nothing
//! changed. Both are plain data; `text.rs` writes them in English and
//! Spanish, and `present.rs` draws the boards.

use tablero_rules::{AnyGame, GameId, Lang, MoveError, Msg};
use tablero_store::{ChallengeDoc, GameDoc, OfferKind, StatsDoc, StoreError};

use crate::command::{CommandSpec, Usage};
use crate::reply::{ChannelKey, ChoiceGroup, User};

/// A game as it stands: its stored document and its rebuilt position, at
/// the time `now_ms` the event happened (for clocks).
#[derive(Clone, Debug)]
pub struct GameView {
    pub doc: GameDoc,
    pub game: AnyGame,
    pub now_ms: i64,
}

impl GameView {
    /// The game's id in its channel.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.doc.id
    }

    /// The number of moves played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.doc
            .record
            .parse::<tablero_rules::GameRecord>()
            .map_or(0, |r| r.moves.len())
    }
}

/// The games and challenges of a channel.
#[derive(Clone, Debug)]
pub struct ChannelView {
    pub games: Vec<GameView>,
    pub challenges: Vec<ChallengeDoc>,
    pub now_ms: i64,
}

/// How an offer (a draw, a takeback) moved on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferStep {
    Made,
    Accepted,
    Declined,
}

/// What `help` was asked.
#[derive(Clone, Copy, Debug)]
pub enum HelpTopic {
    All,
    One(&'static CommandSpec),
}

/// What happened.
#[derive(Clone, Debug)]
pub enum Event {
    /// A plain chat message that is not for the bot.
    Ignored,
    Help(HelpTopic),
    /// Every game the bot plays, and the channel's games.
    Catalogue(ChannelView),
    /// A game's rules, with its start position.
    Rules {
        id: GameId,
        start: AnyGame,
    },
    Challenged(ChallengeDoc),
    /// A challenge was taken: the game begins.
    Accepted {
        by: User,
        game: GameView,
    },
    Declined {
        by: User,
        challenge: ChallengeDoc,
    },
    Cancelled {
        by: User,
        challenge: ChallengeDoc,
    },
    /// A challenge expired unanswered.
    Expired(ChallengeDoc),
    /// `by` played `moves` (several for a multi-placement turn).
    Played {
        by: User,
        moves: Vec<String>,
        game: GameView,
    },
    Resigned {
        by: User,
        game: GameView,
    },
    /// An offer was made or answered. For an accepted takeback, `undone`
    /// lists the moves taken back and `game` is the position after it.
    Offer {
        kind: OfferKind,
        step: OfferStep,
        by: User,
        to: User,
        game: GameView,
        undone: Vec<String>,
    },
    /// A game's board, ongoing or finished.
    Board(GameView),
    /// A game's moves and record.
    History(GameView),
    Channel(ChannelView),
    /// The caller's ongoing games in every channel.
    MyGames {
        me: User,
        games: Vec<(ChannelKey, GameView)>,
    },
    /// Results per game against people, and against Tablero apart.
    Stats {
        user: User,
        rows: Vec<(GameId, StatsDoc)>,
        vs_bot: Vec<(GameId, StatsDoc)>,
    },
    /// The reader's language, and whether it was just chosen.
    Lang {
        lang: Lang,
        changed: bool,
    },
    /// The moves a press may choose from (a menu, or one piece's moves).
    Choices {
        game: u64,
        ply: usize,
        origin: Option<String>,
        groups: Vec<ChoiceGroup>,
    },
    /// The player to move is reminded of the clock.
    Reminder {
        who: User,
        game: GameView,
        left_ms: i64,
    },
    /// The player to move ran out of time and lost.
    TimedOut {
        who: User,
        game: GameView,
    },
}

/// A verb whose example a "which one?" error shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    Board,
    History,
    Move(String),
    Resign,
    Offer(OfferKind),
    Accept,
    Decline,
    Cancel,
}

/// Why a command did nothing.
#[derive(Clone, Debug)]
pub enum AppError {
    /// A command with bad arguments.
    Usage {
        spec: &'static CommandSpec,
        why: Usage,
    },
    UnknownHelpTopic(String),
    /// A word that is no command, from someone with no game here.
    UnknownCommand(String),
    UnknownGame(String),
    UnknownUser(String),
    SelfChallenge,
    /// The bot is not known on this platform yet.
    NoBotHere,
    /// `level=` names no level from 1 to 5.
    BadLevel(String),
    /// `level=` in a challenge to a person.
    LevelWithoutBot,
    BadTimeLimit(String),
    UnknownOption {
        game: GameId,
        option: String,
    },
    BadOption {
        game: GameId,
        why: Msg,
    },
    /// A rules-core setup error (a message of its own).
    BadSetup(Msg),
    NoChallenge(u64),
    OwnChallengeAccept,
    ChallengeForOther {
        id: u64,
        for_user: User,
    },
    NoChallengeWaiting,
    OpenChallengeDecline(u64),
    OwnChallengeDecline,
    NoChallengeAddressed,
    NotYourChallenge(u64),
    NoOwnChallenge,
    WhichChallenge {
        verb: Verb,
        list: Vec<ChallengeDoc>,
    },
    /// The game could not be loaded and was set aside.
    SetAside(u64),
    NoGame(u64),
    NotAPlayer(u64),
    /// The caller plays no game in the channel.
    NotPlaying,
    NoGamesHere,
    WhichGame {
        verb: Verb,
        games: Vec<GameView>,
    },
    NotYourTurnAnywhere,
    NotYourTurn {
        id: u64,
        waiting_for: User,
    },
    AlreadyPlayed(u64),
    Illegal {
        error: MoveError,
        hints: Vec<String>,
        more: usize,
    },
    /// A press on a board that has moved on.
    StaleBoard(u64),
    GameOver(u64),
    NothingFrom {
        cell: String,
        id: u64,
    },
    NoSuchButton,
    NoDraws(GameId),
    NoOffer(OfferKind),
    AlreadyOffered {
        kind: OfferKind,
        id: u64,
        them: User,
    },
    /// The caller must answer the opponent's takeback request first.
    AnswerFirst {
        kind: OfferKind,
        id: u64,
        them: User,
    },
    NothingToTakeBack,
    NotMovedYet,
    NothingWaits(u64),
    BadLang(String),
    /// A stored game that cannot be replayed.
    Unreadable(String),
    Store(StoreFailure),
}

/// How storage failed; the details are logged, not shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreFailure {
    /// A record was unreadable and has been set aside.
    Corrupt,
    /// The database failed.
    Db,
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> AppError {
        tracing::error!(error = %e, "store");
        AppError::Store(match e {
            StoreError::Corrupt { .. } => StoreFailure::Corrupt,
            _ => StoreFailure::Db,
        })
    }
}

/// What a command returns.
pub type Outcome = Result<Event, AppError>;
