//! Tournaments as the chat sees them: the `tournament` command's parts
//! (parsed purely, here), what a tournament shows, what happened to one,
//! and why a tournament command did nothing. The life of a tournament is in
//! `rounds.rs` (results, pairings, games) and `tournaments.rs` (the
//! commands); its words are in `text/tournaments.rs`.

use tablero_rules::GameId;
use tablero_tournament::{Format, Points, Tournament, TournamentError};

use tablero_ids::UserRef as User;

use crate::terms::Terms;

/// A tournament's number in its channel (shared with games), `#7` or `7`.
pub type TourNo = u64;

/// What `tournament …` (`torneo …`) asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourCommand {
    /// `tournament [#T]`: the state of one, or of the chat's tournaments.
    Show(Option<TourNo>),
    /// `tournament create GAME FORMAT [options]`.
    Create(TourCreate),
    Join(Option<TourNo>),
    Leave(Option<TourNo>),
    Start(Option<TourNo>),
    /// Leaves a running tournament: the game being played is lost.
    Withdraw(Option<TourNo>),
}

/// What `tournament create` asks for, resolved (`resolve.rs`): a new
/// option is a field here and a word there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourCreate {
    pub game: GameId,
    pub format: Format,
    pub max_players: usize,
    /// The terms of its games: the time per move, rated or not, the
    /// game's parameters (never a side or a level).
    pub terms: Terms,
    /// When joining closes and it starts by itself (`deadline=2d`).
    pub deadline: Option<Deadline>,
    /// What a Swiss bye scores (`bye=½`; FIDE's 1 when not given).
    pub bye: Option<Points>,
}

/// A join deadline as written: its moment is known only against the
/// clock, when the tournament is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub when: When,
    /// The value as typed, to quote back if it is out of reach.
    pub word: String,
}

/// A moment: a time from now, or in UTC (milliseconds since 1970).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    In(i64),
    At(i64),
}

/// `tournament …` as written: a command with nothing to resolve, or
/// `create` with the game's name as typed (all of its words) and the
/// option words after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourWritten {
    Ready(TourCommand),
    Create { game: String, options: Vec<String> },
}

/// What is wrong with a `tournament` command's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourUsage {
    /// A word that is no action (`create`, `join`, …) nor a number.
    UnknownAction(String),
    /// `tournament create` without a game.
    NeedGame,
    /// A word that should be a tournament number.
    NotNumber(String),
    TooManyWords,
}

/// The action a word names, in English or Spanish.
fn action(word: &str) -> Option<fn(Option<TourNo>) -> TourCommand> {
    let w = word.to_lowercase();
    Some(match w.as_str() {
        "show" | "ver" | "estado" | "state" | "status" => TourCommand::Show,
        "join" | "unirse" | "unirme" | "entrar" | "apuntarse" | "apuntarme" => TourCommand::Join,
        "leave" | "salir" | "salirse" | "borrarse" | "borrarme" => TourCommand::Leave,
        "start" | "empezar" | "comenzar" | "iniciar" | "empieza" => TourCommand::Start,
        "withdraw" | "retirarse" | "retirarme" | "abandonar" | "retiro" => TourCommand::Withdraw,
        _ => return None,
    })
}

fn is_create(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "create" | "new" | "crear" | "nuevo" | "organizar"
    )
}

/// A tournament number: `#7` or `7`.
fn number(word: &str) -> Option<TourNo> {
    let w = word.strip_prefix('#').unwrap_or(word);
    if w.is_empty() || w.len() > 12 || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    w.parse().ok()
}

impl TourCommand {
    /// Reads the words after `tournament`: an action and a number in
    /// either order, or `create` with the game and its options.
    pub fn parse(words: &[&str]) -> Result<TourWritten, TourUsage> {
        let Some((first, rest)) = words.split_first() else {
            return Ok(TourWritten::Ready(TourCommand::Show(None)));
        };
        if is_create(first) {
            return TourCommand::create(rest);
        }
        let (make, n) = match (action(first), number(first), rest) {
            (Some(make), _, []) => (make, None),
            (Some(make), _, [w]) => (
                make,
                Some(number(w).ok_or_else(|| TourUsage::NotNumber(w.to_string()))?),
            ),
            (None, Some(n), []) => (TourCommand::Show as fn(_) -> _, Some(n)),
            (None, Some(n), [w]) => (
                action(w).ok_or_else(|| TourUsage::UnknownAction(w.to_string()))?,
                Some(n),
            ),
            (None, None, _) => return Err(TourUsage::UnknownAction(first.to_string())),
            _ => return Err(TourUsage::TooManyWords),
        };
        Ok(TourWritten::Ready(make(n)))
    }

    /// `create` with `words`: the longest run of leading words naming a
    /// game is the game (`knight fight swiss rounds=3`), the rest options.
    fn create(words: &[&str]) -> Result<TourWritten, TourUsage> {
        if words.is_empty() {
            return Err(TourUsage::NeedGame);
        }
        let named = (1..=words.len())
            .rev()
            .find(|&n| words[..n].join(" ").parse::<GameId>().is_ok())
            .unwrap_or(1);
        Ok(TourWritten::Create {
            game: words[..named].join(" "),
            options: words[named..].iter().map(|w| w.to_string()).collect(),
        })
    }
}

/// A tournament as shown: its settings, and the core's state with the
/// chat game of each pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentView {
    /// The chat that holds it.
    pub channel: tablero_ids::ChannelKey,
    pub id: TourNo,
    pub game: GameId,
    pub tournament: Tournament,
    /// (round, board, the chat game's number).
    pub games: Vec<(u32, u32, u64)>,
    pub move_limit_secs: Option<u64>,
    pub rated: bool,
    pub creator: User,
    /// When joining closes and it starts by itself, if it was given a
    /// deadline.
    pub deadline_ms: Option<i64>,
}

impl TournamentView {
    pub fn format(&self) -> Format {
        self.tournament.settings().format
    }

    /// The chat game of `round`'s board `board`, if one was created.
    pub fn game_of(&self, round: u32, board: u32) -> Option<u64> {
        self.games
            .iter()
            .find(|(r, b, _)| *r == round && *b == board)
            .map(|(_, _, g)| *g)
    }

    /// The name of player `id`, as they joined.
    pub fn name_of(&self, id: &tablero_tournament::PlayerId) -> String {
        self.tournament
            .player(id)
            .map_or_else(|| id.0.clone(), |p| p.name.clone())
    }
}

/// What a round's end brought: the standings after it and, unless the
/// tournament is over, the next round (with its games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundNews {
    /// The round that ended.
    pub round: u32,
    pub view: TournamentView,
}

/// What happened to a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourEvent {
    Created(TournamentView),
    Joined {
        by: User,
        view: TournamentView,
    },
    Left {
        by: User,
        view: TournamentView,
    },
    /// Round 1 is paired and its games created.
    Started(TournamentView),
    /// Its join deadline came with too few players (`need`): called off.
    Cancelled {
        view: TournamentView,
        need: usize,
    },
    /// One tournament's state.
    Shown(TournamentView),
    /// The chat's tournaments, newest last.
    Listed(Vec<TournamentView>),
    /// `by` left a running tournament; the games they were playing
    /// (`ended`) were lost, and the round may have ended with them.
    Withdrew {
        by: User,
        view: TournamentView,
        ended: Vec<u64>,
        news: Option<Box<RoundNews>>,
    },
}

/// Why a tournament command did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourError {
    /// Only someone who manages the chat creates one.
    CreateNotManager,
    /// Only its creator or a manager starts one.
    StartNotAllowed {
        creator: User,
    },
    /// No tournament in this chat (to show, join, …).
    NoneHere,
    NoSuch(TourNo),
    /// Several could be meant: their numbers.
    Which(Vec<TourNo>),
    /// A format is needed: `swiss rounds=N` or `roundrobin`.
    NeedFormat,
    /// `swiss` without `rounds=N`.
    NeedRounds,
    /// `rounds=` or `max=` with a value out of range or no number.
    BadNumber {
        option: String,
        min: u64,
        max: u64,
    },
    /// Two formats, or `rounds`/`double` beside the wrong format.
    MixedFormat(String),
    /// Sides or a bot level make no sense in a tournament.
    NotForTournaments(String),
    AlreadyJoined(TourNo),
    NotJoined(TourNo),
    Full {
        id: TourNo,
        limit: usize,
    },
    AlreadyStarted(TourNo),
    NotStarted(TourNo),
    Over(TourNo),
    /// Called off when its join deadline came (too few players).
    Cancelled(TourNo),
    /// `deadline=` that is neither a time from now (`2d`) nor a date
    /// (`2026-12-24`, `2026-12-24T18:00`, UTC) within reach.
    BadDeadline(String),
    /// `bye=` with a value other than 1, ½ or 0.
    BadBye(String),
    /// `bye=` for a round robin, which has rests, not byes.
    ByeNotSwiss,
    TooFew {
        id: TourNo,
        players: usize,
        need: usize,
    },
    TooManyRounds {
        rounds: u32,
        players: usize,
    },
    /// Withdrawing from a tournament one does not play.
    NotPlaying(TourNo),
    AlreadyWithdrawn(TourNo),
}

impl TourError {
    /// The chat's words for a refusal of tournament `id`'s core.
    pub fn of_core(id: TourNo, e: TournamentError) -> TourError {
        use TournamentError as E;
        match e {
            E::AlreadyStarted => TourError::AlreadyStarted(id),
            E::NotStarted => TourError::NotStarted(id),
            E::Finished => TourError::Over(id),
            E::Cancelled => TourError::Cancelled(id),
            E::AlreadyJoined(_) => TourError::AlreadyJoined(id),
            E::Full { limit } => TourError::Full { id, limit },
            E::UnknownPlayer(_) => TourError::NotJoined(id),
            E::TooFewPlayers { players } => TourError::TooFew {
                id,
                players,
                need: 2,
            },
            E::TooManyRounds { rounds, players } => TourError::TooManyRounds { rounds, players },
            E::AlreadyWithdrawn(_) => TourError::AlreadyWithdrawn(id),
            // Settings are checked before a tournament is made, and results
            // and pairings are the app's own calls.
            E::InvalidSettings(_)
            | E::NoSuchGame { .. }
            | E::ResultAlreadyRecorded { .. }
            | E::RoundNotComplete { .. } => TourError::NotStarted(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_numbers_read_in_either_order_and_language() {
        let p = |s: &str| TourCommand::parse(&s.split_whitespace().collect::<Vec<_>>());
        let ready =
            |t: TourCommand| -> Result<TourWritten, TourUsage> { Ok(TourWritten::Ready(t)) };
        assert_eq!(p(""), ready(TourCommand::Show(None)));
        assert_eq!(p("#4"), ready(TourCommand::Show(Some(4))));
        assert_eq!(p("join"), ready(TourCommand::Join(None)));
        assert_eq!(p("unirse #4"), ready(TourCommand::Join(Some(4))));
        assert_eq!(p("#4 salir"), ready(TourCommand::Leave(Some(4))));
        assert_eq!(p("empezar 4"), ready(TourCommand::Start(Some(4))));
        assert_eq!(p("retirarse"), ready(TourCommand::Withdraw(None)));
        assert_eq!(p("dance"), Err(TourUsage::UnknownAction("dance".into())));
        assert_eq!(p("join x"), Err(TourUsage::NotNumber("x".into())));
        assert_eq!(p("join 4 5"), Err(TourUsage::TooManyWords));
        assert_eq!(p("crear"), Err(TourUsage::NeedGame));
        assert_eq!(
            p("create knight fight swiss rounds=3"),
            Ok(TourWritten::Create {
                game: "knight fight".into(),
                options: vec!["swiss".into(), "rounds=3".into()],
            })
        );
    }
}
