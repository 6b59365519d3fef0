//! The app's own view of a game: what events carry and what the catalogue,
//! the presenter and the adapters read. It is built once, where the app
//! loads or changes a game, from the store's document and the position the
//! app rebuilt from it; the store's documents stay the store's (how a game
//! is kept), this is what happened (who plays, the parsed record, clock,
//! pending offer, result), so the app's API does not change when the
//! store's layout does.

use tablero_ids::{ChannelKey, UserRef as User};
use tablero_rating::Rating;
use tablero_rules::{AnyGame, Color, EndReason, GameId, GameInfo, GameRecord, Side};
use tablero_store::{ChallengeDoc, GameDoc, StatsDoc};

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
    /// When the player to move loses on time, counted as the game's clock
    /// counts (`gameclock.rs`).
    pub deadline_ms: Option<i64>,
    /// The clock beyond a time per move.
    pub clock: ClockView,
}

/// A game's clock beyond its time per move, as players see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockView {
    /// A Fischer clock's increment per move (0: none).
    pub increment_ms: i64,
    /// A Fischer clock's cap.
    pub cap_ms: Option<i64>,
    /// Each side's time when its turn began (Fischer), by side index.
    pub bank_ms: Option<[i64; 2]>,
    /// Clocks stop at weekends.
    pub weekends_off: bool,
    /// Each side's vacation end, while it is on one, by side index.
    pub away_until: [Option<i64>; 2],
    /// The end of an agreed pause running now.
    pub paused_until: Option<i64>,
    /// A pause offered: by whom, for how long.
    pub pause_offer: Option<(Side, i64)>,
}

impl ClockView {
    fn of(doc: &GameDoc, now: i64) -> ClockView {
        let Some(c) = &doc.clock else {
            return ClockView::default();
        };
        ClockView {
            increment_ms: c.increment_secs as i64 * 1000,
            cap_ms: c.cap_secs.map(|s| s as i64 * 1000),
            bank_ms: c.bank_ms,
            weekends_off: c.weekends_off,
            away_until: Side::ALL.map(|s| crate::gameclock::away_until(doc, s, now)),
            paused_until: crate::gameclock::paused_until(doc, now),
            pause_offer: c
                .pause_offer
                .filter(|o| o.expires_ms > now)
                .map(|o| (o.by, o.ms)),
        }
    }
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
            now_ms,
            created_ms: doc.created_ms,
            turn_started_ms: doc.turn_started_ms,
            move_limit_secs: doc.move_limit_secs,
            draw_offer: doc.draw_offer,
            takeback: doc.takeback,
            result: doc.result.as_ref().map(GameResult::of),
            finished_ms: doc.finished_ms,
            bot: bot_of(doc),
            rated: doc.rated,
            rating: rating_of(doc),
            learning: doc.learning,
            deadline_ms: if doc.result.is_none() {
                crate::gameclock::deadline(doc, game.turn().side)
            } else {
                None
            },
            clock: ClockView::of(doc, now_ms),
            game,
        }
    }

    /// The game's id in its channel.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The player of `side`.
    #[must_use]
    pub fn player(&self, side: Side) -> &User {
        &self.players[side.index()]
    }

    /// What the game is (its names, sides, whether it has draws).
    #[must_use]
    pub fn info(&self) -> &'static GameInfo {
        self.record.game.info()
    }

    /// The side `user` (an id) plays, if they play.
    #[must_use]
    pub fn side_of(&self, user: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.player(*s).id == user)
    }

    /// When the player to move loses on time, if the game has a limit.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        self.deadline_ms
    }

    /// Who made the pending offer of `kind`, if any.
    #[must_use]
    pub fn offer(&self, kind: OfferKind) -> Option<Side> {
        if kind == OfferKind::Draw {
            self.draw_offer
        } else {
            self.takeback
        }
    }

    /// The number of moves played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    /// Who sits at the game, for the lines that name its players.
    pub(crate) fn seats(&self) -> Seats<'_> {
        Seats {
            players: &self.players,
            bot: self.bot,
            rating: self.rating,
            colors: if self.record.game == GameId::Empuje {
                self.game.view().status.colors
            } else {
                [None, None]
            },
        }
    }
}

/// Who sits at a game, as a result or a player's line names them: the
/// players, Tablero's side, what the result did to the ratings, and the
/// colours Empuje's set-up gave the sides.
pub(crate) struct Seats<'a> {
    pub players: &'a [User; 2],
    pub bot: Option<BotSide>,
    pub rating: Option<RatingChange>,
    pub colors: [Option<Color>; 2],
}

impl Seats<'_> {
    /// The seats of the stored game `doc`, read without replaying it
    /// unless it is Empuje (whose colours its set-up decides; a record
    /// that does not replay names the sides by the game's names).
    pub(crate) fn of(doc: &GameDoc) -> Seats<'_> {
        let colors = doc
            .record
            .parse::<GameRecord>()
            .ok()
            .filter(|r| r.game == GameId::Empuje)
            .and_then(|r| r.replay().ok())
            .map_or([None, None], |g| g.view().status.colors);
        Seats {
            players: &doc.players,
            bot: bot_of(doc),
            rating: rating_of(doc),
            colors,
        }
    }

    /// The player of `side`.
    pub(crate) fn player(&self, side: Side) -> &User {
        &self.players[side.index()]
    }
}

/// Tablero's part in the stored game `doc`.
fn bot_of(doc: &GameDoc) -> Option<BotSide> {
    doc.bot.map(|b| BotSide {
        side: b.side,
        level: b.level,
    })
}

/// What the stored game `doc`'s result did to the ratings.
fn rating_of(doc: &GameDoc) -> Option<RatingChange> {
    doc.rating.map(|r| RatingChange {
        before: r.before,
        after: r.after,
    })
}

/// Who made each move of a record.
pub(crate) fn movers(record: &GameRecord) -> Vec<Side> {
    let mut out = Vec::new();
    let Ok(mut g) = AnyGame::new(record.game, &record.setup) else {
        return out;
    };
    for m in &record.moves {
        out.push(g.turn().side);
        if g.play(m).is_err() {
            break;
        }
    }
    out
}

/// A challenge waiting for an answer, as events carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeView {
    pub channel: ChannelKey,
    /// The challenge's number in its channel (shared with games).
    pub id: u64,
    pub challenger: User,
    /// `None` for an open challenge anyone in the channel may take (or,
    /// with `handle`, the one user who has that handle).
    pub challenged: Option<User>,
    /// A platform handle (a Telegram username, without `@`) the challenge
    /// is for, when the platform could not say who has it.
    pub handle: Option<String>,
    pub game: GameId,
    /// The setup words (the head of a `GameRecord`).
    pub setup: String,
    /// The side the challenger plays, `None` for random.
    pub challenger_side: Option<Side>,
    pub move_limit_secs: Option<u64>,
    pub created_ms: i64,
    pub expires_ms: i64,
    /// A casual challenge: the game will not be rated.
    pub casual: bool,
    /// The finished game this challenge offers a rematch of.
    pub rematch_of: Option<u64>,
    /// The clock's terms beyond the time per move.
    pub clock: crate::terms::ClockTerms,
}

impl ChallengeView {
    /// The view of the stored challenge `c`.
    pub(crate) fn of(c: &ChallengeDoc) -> ChallengeView {
        ChallengeView {
            channel: c.channel.clone(),
            id: c.id,
            challenger: c.challenger.clone(),
            challenged: c.challenged.clone(),
            handle: c.handle.clone(),
            game: c.game,
            setup: c.setup.clone(),
            challenger_side: c.challenger_side,
            move_limit_secs: c.move_limit_secs,
            clock: crate::terms::ClockTerms::of(c.clock.as_ref()),
            created_ms: c.created_ms,
            expires_ms: c.expires_ms,
            casual: c.casual,
            rematch_of: c.rematch_of,
        }
    }

    /// Whom the challenge is for, if anyone in particular (a handle as a
    /// user named `@handle` with no id).
    #[must_use]
    pub fn addressee(&self) -> Option<User> {
        addressee(self.challenged.as_ref(), self.handle.as_deref())
    }
}

/// Whom a challenge is for: the user it names, else its handle as a user
/// named `@handle` with no id, else nobody in particular.
pub(crate) fn addressee(challenged: Option<&User>, handle: Option<&str>) -> Option<User> {
    challenged.cloned().or_else(|| {
        handle.map(|h| User {
            id: String::new(),
            name: h.to_string(),
        })
    })
}

/// One user's results in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The current streak: wins in a row (positive), losses in a row
    /// (negative), 0 after a draw.
    pub streak: i32,
    /// The most wins in a row.
    pub best_streak: u32,
}

impl Stats {
    /// The results a stored stats record holds.
    pub(crate) fn of(s: &StatsDoc) -> Stats {
        Stats {
            wins: s.wins,
            losses: s.losses,
            draws: s.draws,
            streak: s.streak,
            best_streak: s.best_streak,
        }
    }
}

/// How a channel's boards are turned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// The first player (White) at the bottom, every board the same way.
    #[default]
    White,
    /// The player to move at the bottom.
    Turn,
}

impl Orientation {
    /// The setting a channel's stored settings hold.
    pub(crate) fn of(o: tablero_store::Orientation) -> Orientation {
        match o {
            tablero_store::Orientation::White => Orientation::White,
            tablero_store::Orientation::Turn => Orientation::Turn,
        }
    }
}
