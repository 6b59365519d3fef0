//! The app's own view of a game: what events carry and what the catalogue,
//! the presenter and the adapters read. It is built once, where the app
//! loads or changes a game, from the store's document and the position the
//! app rebuilt from it; the store's documents stay the store's (how a game
//! is kept), this is what happened (who plays, the parsed record, clock,
//! pending offer, result), so the app's API does not change when the
//! store's layout does.

use tablero_rating::Rating;
use tablero_rules::{AnyGame, EndReason, GameInfo, GameRecord, Side};
use tablero_store::GameDoc;

use crate::reply::{ChannelKey, User};

/// The two things a player may ask of the other: they share one state
/// machine (offer, then accept or decline).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    Draw,
    Takeback,
}

impl OfferKind {
    /// The same kind as the store's documents name it.
    pub(crate) fn stored(self) -> tablero_store::OfferKind {
        match self {
            OfferKind::Draw => tablero_store::OfferKind::Draw,
            OfferKind::Takeback => tablero_store::OfferKind::Takeback,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules ended it.
    Rules(EndReason),
    /// The loser resigned.
    Resigned,
    /// The loser ran out of time.
    Time,
    /// Both players agreed to a draw.
    Agreed,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    pub termination: Termination,
}

impl GameResult {
    /// The result a stored game records.
    pub(crate) fn of(r: &tablero_store::ResultDoc) -> GameResult {
        GameResult {
            winner: r.winner,
            termination: match r.termination {
                tablero_store::Termination::Rules(why) => Termination::Rules(why),
                tablero_store::Termination::Resigned => Termination::Resigned,
                tablero_store::Termination::Time => Termination::Time,
                tablero_store::Termination::Agreed => Termination::Agreed,
            },
        }
    }
}

/// Tablero's part in a game against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotSide {
    /// The side Tablero plays.
    pub side: Side,
    /// Its strength, 1 to 5.
    pub level: u8,
}

/// What a rated game's result did to its players' ratings (as shown, idle
/// growth applied), by side index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: [Rating; 2],
    pub after: [Rating; 2],
}

/// A game as it stands at the time `now_ms` the event happened (for
/// clocks): its players, its parsed record and rebuilt position, its clock,
/// pending offers and result.
#[derive(Clone, Debug)]
pub struct GameView {
    /// The game's number in its channel.
    pub id: u64,
    pub channel: ChannelKey,
    /// The players by side index: `players[0]` moves first.
    pub players: [User; 2],
    /// The game, its set-up and its moves, parsed once.
    pub record: GameRecord,
    /// The position after the record's moves.
    pub game: AnyGame,
    pub now_ms: i64,
    pub created_ms: i64,
    /// When the player to move got the turn.
    pub turn_started_ms: i64,
    /// The per-move time limit, `None` for no limit.
    pub move_limit_secs: Option<u64>,
    /// A pending draw offer, by the side that made it.
    pub draw_offer: Option<Side>,
    /// A pending takeback request, by the side that made it.
    pub takeback: Option<Side>,
    pub result: Option<GameResult>,
    pub finished_ms: Option<i64>,
    /// Set when one player is Tablero itself.
    pub bot: Option<BotSide>,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// How the result moved the ratings, once a rated game ended.
    pub rating: Option<RatingChange>,
    /// A learning game against Tablero (`learn GAME`).
    pub learning: bool,
}

impl GameView {
    /// The view of the stored game `doc`, whose record is `record` and
    /// whose position is `game`.
    pub(crate) fn new(doc: &GameDoc, record: GameRecord, game: AnyGame, now_ms: i64) -> GameView {
        GameView {
            id: doc.id,
            channel: doc.channel.clone(),
            players: doc.players.clone(),
            record,
            game,
            now_ms,
            created_ms: doc.created_ms,
            turn_started_ms: doc.turn_started_ms,
            move_limit_secs: doc.move_limit_secs,
            draw_offer: doc.draw_offer,
            takeback: doc.takeback,
            result: doc.result.as_ref().map(GameResult::of),
            finished_ms: doc.finished_ms,
            bot: doc.bot.map(|b| BotSide {
                side: b.side,
                level: b.level,
            }),
            rated: doc.rated,
            rating: doc.rating.map(|r| RatingChange {
                before: r.before,
                after: r.after,
            }),
            learning: doc.learning,
        }
    }

    /// The game's id in its channel.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The number of moves played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    /// What the game is (its names, sides, whether it has draws).
    #[must_use]
    pub fn info(&self) -> &'static GameInfo {
        self.record.game.info()
    }

    /// The player of `side`.
    #[must_use]
    pub fn player(&self, side: Side) -> &User {
        &self.players[side.index()]
    }

    /// The side `user` (an id) plays, if they play.
    #[must_use]
    pub fn side_of(&self, user: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.player(*s).id == user)
    }

    /// Who made the pending offer of `kind`, if any.
    #[must_use]
    pub fn offer(&self, kind: OfferKind) -> Option<Side> {
        match kind {
            OfferKind::Draw => self.draw_offer,
            OfferKind::Takeback => self.takeback,
        }
    }

    /// When the player to move loses on time, if the game has a limit.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        Some(self.turn_started_ms + self.move_limit_secs? as i64 * 1000)
    }
}
