//! What the app reports: an [`Event`] when a command did something (or
//! answered a question), an [`AppError`] when it could not, and nothing
//! changed. Both are plain data; `text/` writes them in English and
//! Spanish, and `present.rs` draws the boards.

use std::sync::Arc;

use tablero_engine::review::{GameReview, PlyReview};
use tablero_rating::Rating;
use tablero_rules::{AnyGame, GameId, Lang, MoveError, Msg};
use tablero_store::StoreError;

use crate::command::{CommandSpec, ExportFormat};
use crate::grammar::Usage;
use crate::render::RatingPoint;
pub use crate::reply::Suggestion;
use crate::reply::{ChoiceGroup, User};
use crate::view::{ChallengeView, Orientation, Stats};
pub use crate::view::{GameView, OfferKind};

/// The games and challenges of a channel.
#[derive(Clone, Debug)]
pub struct ChannelView {
    pub games: Vec<GameView>,
    pub challenges: Vec<ChallengeView>,
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
    /// Every game the bot plays, and the first page of the channel's
    /// games.
    Catalogue(ChannelView),
    /// A game's rules, with its start position.
    Rules {
        id: GameId,
        start: AnyGame,
    },
    Challenged(ChallengeView),
    /// The caller's same challenge (same opponent, same game) is already
    /// waiting: it is shown again instead of a second one.
    ChallengeWaiting(ChallengeView),
    /// A challenge was taken: the game begins.
    Accepted {
        by: User,
        game: GameView,
    },
    Declined {
        by: User,
        challenge: ChallengeView,
    },
    Cancelled {
        by: User,
        challenge: ChallengeView,
    },
    /// A challenge expired unanswered.
    Expired(ChallengeView),
    /// `by` played `moves` (several for a multi-placement turn).
    Played {
        by: User,
        moves: Vec<String>,
        game: GameView,
    },
    /// In `by`'s direct chat, `by` played `moves` against the bot and the
    /// bot (`bot`) answered `answer`: one reply for both (`answers.rs`).
    /// `game` is after the answer; `notice`, in a learning game, what is
    /// worth seeing after it.
    Answered {
        by: User,
        moves: Vec<String>,
        bot: User,
        answer: Vec<String>,
        game: GameView,
        notice: Option<tablero_engine::analysis::Notice>,
    },
    Resigned {
        by: User,
        game: GameView,
    },
    /// A typed `resign` asks for a confirmation (`resign #N yes`) before
    /// ending `game`.
    ResignAsked {
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
    /// The channel's games and challenges: page `page` (from 1; past the
    /// last, the last).
    Channel {
        view: ChannelView,
        page: usize,
    },
    /// A player's daily digest: their games where it is their move,
    /// soonest deadline first, named as their private chat names them;
    /// moments in their zone.
    Digest {
        me: User,
        games: Vec<Elsewhere>,
        zone: String,
    },
    /// The caller's ongoing games in every channel: page `page`.
    MyGames {
        me: User,
        /// Each game with the reference that names it in the chat asking.
        games: Vec<Elsewhere>,
        page: usize,
    },
    /// The challenges the caller may accept here (`accept page N`):
    /// page `page`.
    Challenges {
        list: Vec<ChallengeView>,
        page: usize,
    },
    /// Results and ratings per game against people, results against
    /// Tablero apart, and the rating history of one game.
    Stats {
        user: User,
        rows: Vec<StatsRow>,
        vs_bot: Vec<(GameId, Stats)>,
        chart: Option<RatingHistory>,
        /// Records of the user's stats that could not be read and are set
        /// aside (their results are missing from `rows`).
        set_aside: usize,
        /// Results of learning games (`learn GAME`), counted apart.
        learning: Vec<(GameId, Stats)>,
    },
    Leaderboard(Leaderboard),
    /// A game's record, written as a file.
    Export {
        game: GameView,
        format: ExportFormat,
        body: String,
    },
    /// A game to show as an animation.
    Replay(GameView),
    /// How the channel's boards are turned, and whether it was just set.
    Orientation {
        orientation: Orientation,
        changed: bool,
    },
    /// Whether the channel's games are listed on the web, whether that
    /// was just set, and the web's address when it has one.
    Web {
        listed: bool,
        changed: bool,
        url: Option<String>,
    },
    /// Every player's board key given so far was revoked.
    LinksReset,
    /// What a settings command did (`comfortwords.rs`).
    Comfort(crate::comfortwords::ComfortEvent),
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
    /// `moves SQUARE`: the legal moves of the piece on `square` (`None`:
    /// the moves of no piece, placements), each with where it goes, and
    /// the same moves as the buttons that play them.
    Moves {
        game: GameView,
        square: Option<tablero_rules::Cell>,
        targets: Vec<tablero_rules::teach::Target>,
        groups: Vec<ChoiceGroup>,
    },
    /// `hint`: a good move for `by`, the player to move, and why.
    Hint {
        by: User,
        game: GameView,
        hint: tablero_engine::analysis::Hint,
    },
    /// A finished game reviewed by the engine (`review.rs`).
    Review(Reviewed),
    /// Something happened to a tournament (`tourview.rs`).
    Tournament(crate::tourview::TourEvent),
}

/// One game's line in a user's stats.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsRow {
    pub game: GameId,
    pub stats: Stats,
    /// The rating as it stands now (idle time widens the deviation) and
    /// the number of rated games, if the user played any.
    pub rating: Option<(Rating, u32)>,
}

/// A user's rating in one game over time.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingHistory {
    pub game: GameId,
    pub points: Vec<RatingPoint>,
    pub now: Rating,
    pub games: u32,
}

/// A player's place in a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the best.
    pub rank: usize,
    pub user: User,
    pub rating: Rating,
    pub games: u32,
}

/// What `leaderboard` shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Leaderboard {
    /// One game: the best here (this chat or server) and on the platform,
    /// with how many players each list has, and the caller's place on the
    /// platform when it is below the list.
    Game {
        game: GameId,
        server: bool,
        here: Vec<Standing>,
        here_count: usize,
        everywhere: Vec<Standing>,
        everywhere_count: usize,
        me: Option<Standing>,
        /// The id of the user who asked (their row is highlighted).
        viewer: String,
    },
    /// Every game with rated play here: the best few of each.
    All {
        server: bool,
        games: Vec<(GameId, Vec<Standing>)>,
    },
}

/// One of a player's games in another chat, as a direct chat lists it.
#[derive(Clone, Debug)]
pub struct Elsewhere {
    /// The reference that names it in the chat the list is shown in.
    pub at: crate::place::GameAt,
    /// The chat's name, when known.
    pub title: Option<String>,
    /// The game is in the chat the list is shown in.
    pub here: bool,
    pub view: GameView,
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
    Export,
    Replay,
    Rematch,
    /// `moves`, with the square asked about.
    Moves(Option<String>),
    Hint,
}

/// Why a move limit was refused; the chat says it in the reader's
/// language, the configuration in English ([`Display`](std::fmt::Display)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMoveLimit {
    /// A duration outside 1 h to 14 d, in milliseconds.
    OutOfRange(i64),
    /// Not a duration; an excerpt of what was written.
    NotDuration(String),
    /// A Fischer clock (`3d+1d/7d`) whose increment or cap cannot be:
    /// an excerpt of what was written.
    Fischer(String),
}

impl std::fmt::Display for BadMoveLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMoveLimit::OutOfRange(ms) => {
                write!(
                    f,
                    "{} is outside 1h to 14d",
                    crate::clock::format_duration(*ms)
                )
            }
            BadMoveLimit::NotDuration(s) => {
                write!(f, "`{s}` is not a duration like 72h, 3d or none")
            }
            BadMoveLimit::Fischer(s) => write!(
                f,
                "`{s}` is not a clock like 3d+1d or 3d+1d/7d (an increment from 1m up to the cap, a cap from the starting time up to 60d)"
            ),
        }
    }
}

/// Why a command did nothing.
#[derive(Clone, Debug)]
pub enum AppError {
    /// A settings command that cannot be done (`comfortwords.rs`).
    Comfort(crate::comfortwords::ComfortError),
    /// A command with bad arguments.
    Usage {
        spec: &'static CommandSpec,
        why: Usage,
    },
    UnknownHelpTopic(String),
    /// A word that is no command (and no move). `near`: the command it
    /// most likely meant; `playing`: the author has a game here.
    UnknownCommand {
        word: String,
        near: Option<&'static CommandSpec>,
        playing: bool,
    },
    /// A text that is no move in any of the author's games to move in.
    NotAMove {
        text: String,
        games: Vec<GameView>,
    },
    /// A text that is not exactly one move: these moves are what it may
    /// mean (each playable as a command or a button); nothing was played.
    DidYouMean {
        text: String,
        options: Vec<Suggestion>,
    },
    UnknownGame(String),
    UnknownUser(String),
    SelfChallenge,
    /// The bot is not known on this platform yet.
    NoBotHere,
    /// `level=` names no level from 1 to 5.
    BadLevel(String),
    /// `level=` in a challenge to a person.
    LevelWithoutBot,
    BadTimeLimit(BadMoveLimit),
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
        list: Vec<ChallengeView>,
    },
    /// The game could not be loaded and was set aside.
    SetAside(u64),
    NoGame(u64),
    NotAPlayer(u64),
    /// The caller plays no game in the channel.
    NotPlaying,
    /// `move GAME` (`jugar ajedrez`): a game's name where a move was
    /// expected, and no move of the caller's games.
    GameNotMove(GameId),
    NoGamesHere,
    WhichGame {
        verb: Verb,
        games: Vec<GameView>,
    },
    NotYourTurnAnywhere,
    /// "Which game?" among the caller's games in several chats, from a
    /// direct chat: each with its chat's name and its reference there.
    WhichPlace {
        verb: Verb,
        games: Vec<Elsewhere>,
    },
    /// A reference to another chat's game (`#kqa7`) that names no ongoing
    /// game of the caller's.
    NoGameAt(crate::place::GameAt),
    NotYourTurn {
        id: u64,
        /// The game's kind, named in the answer ("#1 (Chess)").
        game: GameId,
        waiting_for: User,
    },
    AlreadyPlayed(u64),
    Illegal {
        /// The game it was tried in (its notation shows the hints).
        game: GameId,
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
    /// `orientation` with a word that is neither `white` nor `turn`.
    BadOrientation(String),
    /// `web list` with a word that is neither `on` nor `off`.
    BadWeb(String),
    /// `web list on|off` by someone who cannot manage the chat.
    NotManager,
    /// `web list on` in a direct chat, whose games are never listed.
    WebDirect,
    /// `web links reset` outside the console: it revokes every chat's
    /// keys, so only the bot's operator may.
    NotOperator,
    /// `rematch` on a game still being played.
    NotOverYet(u64),
    /// `rematch` without a finished game of the caller here.
    NothingToRematch,
    /// The caller already offered this rematch.
    RematchPending {
        id: u64,
        them: User,
    },
    /// `export pgn` of a game PGN cannot describe.
    NoPgn(GameId),
    /// `export`/`replay` without a game of the caller here.
    NoGameToShow,
    /// No game, ongoing or finished, has this number here.
    NoGameNumbered(u64),
    /// A stored game that cannot be replayed.
    Unreadable(String),
    /// A per-user limit is reached.
    Limit(Limit),
    Store(StoreFailure),
    /// `moves` with a word that names no square of game `id`'s board.
    NotASquare {
        word: String,
        id: u64,
    },
    /// `moves SQUARE` on an empty square.
    EmptySquare {
        cell: String,
        id: u64,
    },
    /// `moves SQUARE` on a piece of the side not to move (`waiting`: whose
    /// turn it is).
    NotToMovePiece {
        cell: String,
        id: u64,
        waiting: User,
    },
    /// `moves SQUARE` on a piece of the side to move that has no legal
    /// move now.
    NoMovesFrom {
        cell: String,
        id: u64,
    },
    /// A bare `moves` in a position whose moves are piece moves: which
    /// piece? (the squares of the pieces that can move).
    WhichPiece {
        id: u64,
        origins: Vec<String>,
    },
    /// `hint` in a game between people: the engine would be playing.
    HintVsPeople(u64),
    /// `learn GAME level=N`: learning games are against level 1.
    LearnLevel,
    /// A press on a game message outside any chat of the bot's
    /// (`inline.rs`).
    Inline(InlineError),
    /// `review` of a game still being played.
    NotFinished(u64),
    /// `review` without a number, and no finished game of the caller here.
    NothingToReview,
    /// A tournament command refused (`tourview.rs`).
    Tournament(crate::tourview::TourError),
}

/// The most characters of a user's input an error quotes back.
pub const QUOTE_CHARS: usize = 40;

/// `w` without control characters (a terminal's escape codes), cut to
/// [`QUOTE_CHARS`] with an ellipsis.
pub(crate) fn brief(w: &str) -> String {
    let clean = w.chars().filter(|c| !c.is_control());
    if w.chars().count() <= QUOTE_CHARS {
        return clean.collect();
    }
    let cut: String = clean.take(QUOTE_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

impl AppError {
    /// The error with every piece of the user's input it quotes cut to
    /// [`QUOTE_CHARS`]: a megabyte of input gets a short answer.
    #[must_use]
    pub fn quoted_briefly(self) -> AppError {
        let move_error = |e: MoveError| match e {
            MoveError::Syntax { input, expected } => MoveError::Syntax {
                input: brief(&input),
                expected,
            },
            MoveError::Illegal { input, why } => MoveError::Illegal {
                input: brief(&input),
                why,
            },
            MoveError::Ambiguous { input, candidates } => MoveError::Ambiguous {
                input: brief(&input),
                candidates,
            },
            e @ MoveError::GameOver => e,
        };
        let verb = |v: Verb| match v {
            Verb::Move(t) => Verb::Move(brief(&t)),
            Verb::Moves(Some(t)) => Verb::Moves(Some(brief(&t))),
            v => v,
        };
        match self {
            AppError::Usage { spec, why } => AppError::Usage {
                spec,
                why: match why {
                    Usage::NotGameNumber(w) => Usage::NotGameNumber(brief(&w)),
                    Usage::NotAnswer(w) => Usage::NotAnswer(brief(&w)),
                    Usage::ExportForm(w) => Usage::ExportForm(brief(&w)),
                    Usage::NotPage(w) => Usage::NotPage(brief(&w)),
                    why => why,
                },
            },
            AppError::UnknownHelpTopic(w) => AppError::UnknownHelpTopic(brief(&w)),
            AppError::UnknownCommand {
                word,
                near,
                playing,
            } => AppError::UnknownCommand {
                word: brief(&word),
                near,
                playing,
            },
            AppError::NotAMove { text, games } => AppError::NotAMove {
                text: brief(&text),
                games,
            },
            AppError::DidYouMean { text, options } => AppError::DidYouMean {
                text: brief(&text),
                options,
            },
            AppError::BadOrientation(w) => AppError::BadOrientation(brief(&w)),
            AppError::BadWeb(w) => AppError::BadWeb(brief(&w)),
            AppError::UnknownGame(w) => AppError::UnknownGame(brief(&w)),
            AppError::UnknownUser(w) => AppError::UnknownUser(brief(&w)),
            AppError::BadLevel(w) => AppError::BadLevel(brief(&w)),
            AppError::BadLang(w) => AppError::BadLang(brief(&w)),
            AppError::UnknownOption { game, option } => AppError::UnknownOption {
                game,
                option: brief(&option),
            },
            AppError::NothingFrom { cell, id } => AppError::NothingFrom {
                cell: brief(&cell),
                id,
            },
            AppError::NotASquare { word, id } => AppError::NotASquare {
                word: brief(&word),
                id,
            },
            AppError::Illegal {
                game,
                error,
                hints,
                more,
            } => AppError::Illegal {
                game,
                error: move_error(error),
                hints,
                more,
            },
            AppError::WhichChallenge { verb: v, list } => AppError::WhichChallenge {
                verb: verb(v),
                list,
            },
            AppError::WhichGame { verb: v, games } => AppError::WhichGame {
                verb: verb(v),
                games,
            },
            AppError::WhichPlace { verb: v, games } => AppError::WhichPlace {
                verb: verb(v),
                games,
            },
            e => e,
        }
    }
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

/// What a handler returns: its value, or why it did nothing.
pub(crate) type Res<T> = Result<T, AppError>;

/// How many moves a review shows on boards.
pub(crate) const TURNING_POINTS: usize = 3;

/// A finished game and its review, for the catalogue and the pictures.
#[derive(Clone, Debug)]
pub struct Reviewed {
    pub game: GameView,
    pub review: Arc<GameReview>,
}

impl Reviewed {
    /// The moves that changed the game most, in the order played.
    pub(crate) fn turning_points(&self) -> Vec<&PlyReview> {
        self.review.turning_points(TURNING_POINTS)
    }
}

/// Which limit was reached, with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    ChallengesPerUser(usize),
    ChallengesPerChannel(usize),
    GamesPerUser(usize),
    BotGamesPerUser(usize),
    CommandsPerMinute(usize),
    /// The user's share of the heavy jobs is in use: try again soon.
    Busy,
}

/// Why a press on an inline message did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InlineError {
    /// The challenger pressed Join on their own challenge.
    OwnChallenge,
    /// Someone but the challenger pressed Start on a game against the bot.
    NotYourStart(User),
    /// A Join or Start on a message whose game has begun (or ended).
    Taken,
}
