//! What a command means, fully typed: the game it names, the terms of a
//! game it starts, the language, the user it names. Text reaches a
//! [`Command`] in two steps, as shakmaty reads a move: `grammar.rs` reads
//! the words (syntax errors: a missing game, a word that is no number)
//! and `resolve.rs` resolves what they name (an unknown game, an option out
//! of range); a platform's typed options (Discord's slash commands) and a
//! button build one directly. Handlers never parse. The command table
//! (names, aliases, help) is `table.rs`.

use tablero_rules::{GameId, Lang};

use crate::comfortwords::Comfort;

use crate::terms::Terms;
use crate::tourview::TourCommand;
use crate::view::Orientation;

mod table;

pub(crate) use table::fold_word;
pub use table::{COMMANDS, CommandSpec, find, is_mention, language_of, near, speaks_spanish};

/// A game or challenge number in a channel, written `3` or `#3`.
pub type GameNo = u64;

/// A yes/no answer to an offer or request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

/// A user as a command names them, looked up when the command runs
/// (among the message's mentions, the bot, the users the platform knows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Someone {
    /// A mention: `@name` as typed, or a platform's `<@id>`.
    Mention(String),
    /// A name without its `@` (`stats bob`), read as a user because it
    /// names no game: when nobody has that name, the word is answered as
    /// the unknown game it also is.
    Name(String),
}

/// A command, typed: what a message, a slash command or a button asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// The list of commands, or one command's help.
    Help(Option<&'static CommandSpec>),
    /// Every game the bot plays, and the games in this channel.
    Games,
    /// A game's rules with its start position.
    Rules(GameId),
    /// Challenges a user (or anyone: an open challenge) to a game.
    Challenge {
        opponent: Option<Someone>,
        game: GameId,
        terms: Terms,
    },
    /// Starts a game against Tablero itself.
    Play { game: GameId, terms: Terms },
    /// Takes a challenge.
    Accept(Option<GameNo>),
    /// Refuses a challenge.
    Decline(Option<GameNo>),
    /// Withdraws your own challenge.
    Cancel(Option<GameNo>),
    /// A message without a command word: played only when it is exactly
    /// a legal move of one of the author's games (`reading.rs`).
    /// `addressed`: the author spoke to the bot (a direct chat, the
    /// console, a mention), so anything else is answered; otherwise it is
    /// chat, and only a near-move gets a "did you mean".
    Said { text: String, addressed: bool },
    /// Plays a move typed after `move` (or chosen on a board). `ply` is
    /// set for a move chosen on a board (a button): the number of moves
    /// the game had when that board was drawn; the move plays only if the
    /// game still stands there.
    Move {
        game: Option<GameNo>,
        text: String,
        ply: Option<usize>,
    },
    /// A move chosen on a board by its place in the board's list (a
    /// button whose move did not fit its data): the `index`-th move of the
    /// piece on `origin` (or of the moves of no piece), as the board of
    /// move `ply` listed them. Looked up and played under one lock.
    Pick {
        game: GameNo,
        ply: usize,
        origin: Option<String>,
        index: usize,
    },
    /// Shows a game's board.
    Board(Option<GameNo>),
    /// A game's moves and its record.
    History(Option<GameNo>),
    /// The games and challenges in this channel: page N (from 1).
    Channel(usize),
    /// Your games in every channel: page N (from 1).
    MyGames(usize),
    /// The challenges you may accept here (`accept page N`): page N.
    Challenges(usize),
    /// Gives up a game at once (a confirmed `resign yes`, a button).
    Resign(Option<GameNo>),
    /// A typed `resign` without `yes`: asks the player to confirm.
    AskResign(Option<GameNo>),
    /// Offers, accepts or declines a draw.
    Draw(Option<Answer>, Option<GameNo>),
    /// Asks for, accepts or declines taking back a move.
    Takeback(Option<Answer>, Option<GameNo>),
    /// Ratings, wins, losses and draws per game of a user (the caller
    /// when `None`), with a rating chart of one game.
    Stats {
        user: Option<Someone>,
        game: Option<GameId>,
    },
    /// The best rated players of a game (or of every game) here and on the
    /// whole platform.
    Leaderboard(Option<GameId>),
    /// A game's record as a file: PGN (`pgn`) or the text record.
    Export(Option<GameNo>, Option<ExportFormat>),
    /// An animated replay of a game.
    Replay(Option<GameNo>),
    /// After a game ends: the same game again with colours swapped.
    Rematch(Option<GameNo>),
    /// Shows or chooses your language.
    Lang(Option<Lang>),
    /// A player's correspondence settings: vacation, time zone, quiet
    /// hours (`comfortwords.rs`).
    Comfort(crate::comfortwords::Comfort),
    /// Shows or sets how this channel's boards are turned: White at the
    /// bottom, or the player to move at the bottom.
    Orientation(Option<Orientation>),
    /// Shows whether this chat's games are listed on the web, or lists
    /// them (`true`) or stops (`false`).
    Web(Option<bool>),
    /// `web links reset`: every player's board key given so far stops
    /// working (the bot's operator only: the console).
    WebLinksReset,
    /// Where the piece on a square may go (`moves e2`), or without a
    /// square where the next placement may go: the board with dots and
    /// capture rings, the moves as buttons.
    Moves {
        game: Option<GameNo>,
        /// The square as typed.
        square: Option<String>,
    },
    /// A good move for the caller, with one line of why.
    Hint(Option<GameNo>),
    /// A first game with help against Tablero at level 1, unrated and
    /// counted apart: each of the bot's answers names one thing worth
    /// seeing.
    Learn { game: GameId, terms: Terms },
    /// The engine's review of a finished game: an evaluation chart and
    /// the moves that changed the game, with better ones.
    Review(Option<GameNo>),
    /// A tournament of the chat: create, join, leave, start, withdraw,
    /// show (`tourview.rs`).
    Tournament(TourCommand),
}

/// The file `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// PGN, for chess and its variants.
    Pgn,
    /// Tablero's text record, for every game.
    Text,
}

impl Command {
    /// For a command about one game: the number it names, if any.
    /// `None` for every other command.
    #[must_use]
    pub fn game(&self) -> Option<Option<GameNo>> {
        match self {
            Command::Move { game, .. } => Some(*game),
            Command::Pick { game, .. } => Some(Some(*game)),
            Command::Board(n)
            | Command::History(n)
            | Command::Resign(n)
            | Command::AskResign(n)
            | Command::Draw(_, n)
            | Command::Takeback(_, n)
            | Command::Export(n, _)
            | Command::Replay(n)
            | Command::Rematch(n)
            | Command::Moves { game: n, .. }
            | Command::Hint(n)
            | Command::Review(n) => Some(*n),
            Command::Said { .. } => Some(None),
            Command::Comfort(Comfort::EndVacationHere(n) | Comfort::Pause { game: n, .. }) => {
                Some(*n)
            }
            _ => None,
        }
    }

    /// The same command for game `n`.
    #[must_use]
    pub fn for_game(self, n: GameNo) -> Command {
        match self {
            Command::Move { text, ply, .. } => Command::Move {
                game: Some(n),
                text,
                ply,
            },
            Command::Pick {
                ply, origin, index, ..
            } => Command::Pick {
                game: n,
                ply,
                origin,
                index,
            },
            Command::Board(_) => Command::Board(Some(n)),
            Command::History(_) => Command::History(Some(n)),
            Command::Resign(_) => Command::Resign(Some(n)),
            Command::AskResign(_) => Command::AskResign(Some(n)),
            Command::Draw(a, _) => Command::Draw(a, Some(n)),
            Command::Takeback(a, _) => Command::Takeback(a, Some(n)),
            Command::Export(_, f) => Command::Export(Some(n), f),
            Command::Replay(_) => Command::Replay(Some(n)),
            Command::Review(_) => Command::Review(Some(n)),
            Command::Rematch(_) => Command::Rematch(Some(n)),
            Command::Moves { square, .. } => Command::Moves {
                game: Some(n),
                square,
            },
            Command::Hint(_) => Command::Hint(Some(n)),
            Command::Comfort(Comfort::EndVacationHere(_)) => {
                Command::Comfort(Comfort::EndVacationHere(Some(n)))
            }
            Command::Comfort(Comfort::Pause { ask, .. }) => {
                Command::Comfort(Comfort::Pause { ask, game: Some(n) })
            }
            other => other,
        }
    }

    /// Whether the command can change a game (rather than only show it).
    #[must_use]
    pub fn changes_a_game(&self) -> bool {
        matches!(
            self,
            Command::Move { .. }
                | Command::Pick { .. }
                | Command::Said { .. }
                | Command::Resign(_)
                | Command::Draw(..)
                | Command::Takeback(..)
                | Command::Rematch(_)
        )
    }

    /// The command table's name of this command (`Channel` is `current`;
    /// a message without a command word reads as a `move`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Help(_) => "help",
            Command::Games => "games",
            Command::Rules(_) => "rules",
            Command::Challenge { .. } => "challenge",
            Command::Play { .. } => "play",
            Command::Accept(_) | Command::Challenges(_) => "accept",
            Command::Decline(_) => "decline",
            Command::Cancel(_) => "cancel",
            Command::Said { .. } | Command::Move { .. } | Command::Pick { .. } => "move",
            Command::Board(_) => "board",
            Command::History(_) => "history",
            Command::Channel(_) => "current",
            Command::MyGames(_) => "mygames",
            Command::Resign(_) | Command::AskResign(_) => "resign",
            Command::Draw(..) => "draw",
            Command::Takeback(..) => "takeback",
            Command::Stats { .. } => "stats",
            Command::Leaderboard(_) => "leaderboard",
            Command::Export(..) => "export",
            Command::Replay(_) => "replay",
            Command::Rematch(_) => "rematch",
            Command::Lang(_) => "lang",
            Command::Comfort(Comfort::Vacation(_) | Comfort::EndVacationHere(_)) => "vacation",
            Command::Comfort(Comfort::Zone(_)) => "timezone",
            Command::Comfort(Comfort::Quiet(_)) => "quiet",
            Command::Comfort(Comfort::Pause { .. }) => "pause",
            Command::Comfort(Comfort::Digest(_)) => "digest",
            Command::Comfort(Comfort::Reminders(_)) => "reminders",
            Command::Orientation(_) => "orientation",
            Command::Web(_) | Command::WebLinksReset => "web",
            Command::Moves { .. } => "moves",
            Command::Hint(_) => "hint",
            Command::Learn { .. } => "learn",
            Command::Review(_) => "review",
            Command::Tournament(_) => "tournament",
        }
    }

    /// The terms of a command that starts a game (`challenge`, `play`,
    /// `learn`), for a platform's typed options to complete.
    pub fn terms_mut(&mut self) -> Option<&mut Terms> {
        match self {
            Command::Challenge { terms, .. }
            | Command::Play { terms, .. }
            | Command::Learn { terms, .. } => Some(terms),
            _ => None,
        }
    }
}
