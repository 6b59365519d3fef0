//! The second step of reading a command: what its words name. A
//! [`Written`] command (`grammar.rs`, the first step) becomes a typed
//! [`Command`] here, or a [`ResolveError`]: an unknown game, an option the
//! game does not have, a level or a time out of range, a language that is
//! neither English nor Spanish. Pure, like the first step: the user a
//! mention names, the move a text names and the game a number names are
//! looked up when the command runs, against the chat.

use tablero_rules::{GameId, Lang, Msg, Side};
use tablero_tournament::{Format, MAX_PLAYERS, MAX_ROUNDS, Points};

use crate::clock::{parse_duration, parse_utc};
use crate::command::{Command, Someone, find};
use crate::config::parse_move_limit;
use crate::event::{AppError, BadMoveLimit};
use crate::grammar::{ParseError, Written, parse};
use crate::terms::{LEVELS, Terms};
use crate::tourview::{Deadline, TourCommand, TourCreate, TourError, When};
use crate::view::Orientation;

/// Why a command's words name nothing the bot knows (the catalogue words
/// each as the [`AppError`] it becomes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// `help WORD` where the word is no command.
    UnknownHelpTopic(String),
    UnknownGame(String),
    /// A challenge's word that is no option of the game.
    UnknownOption {
        game: GameId,
        option: String,
    },
    /// `level=` with no level from 1 to 5.
    BadLevel(String),
    BadTimeLimit(BadMoveLimit),
    /// A game parameter (`size=7`) that cannot be read.
    BadSetup(Msg),
    /// `learn` with a level: a learning game is always at level 1.
    LearnLevel,
    BadLang(String),
    BadOrientation(String),
    BadWeb(String),
    /// `tournament create` with a format or a number it cannot take.
    Tournament(TourError),
}

impl From<ResolveError> for AppError {
    fn from(e: ResolveError) -> AppError {
        match e {
            ResolveError::UnknownHelpTopic(w) => AppError::UnknownHelpTopic(w),
            ResolveError::UnknownGame(w) => AppError::UnknownGame(w),
            ResolveError::UnknownOption { game, option } => {
                AppError::UnknownOption { game, option }
            }
            ResolveError::BadLevel(w) => AppError::BadLevel(w),
            ResolveError::BadTimeLimit(why) => AppError::BadTimeLimit(why),
            ResolveError::BadSetup(why) => AppError::BadSetup(why),
            ResolveError::LearnLevel => AppError::LearnLevel,
            ResolveError::BadLang(w) => AppError::BadLang(w),
            ResolveError::BadOrientation(w) => AppError::BadOrientation(w),
            ResolveError::BadWeb(w) => AppError::BadWeb(w),
            ResolveError::Tournament(e) => AppError::Tournament(e),
        }
    }
}

/// Why a line or a platform's options make no command: its words
/// (the first step) or what they name (the second).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Syntax(ParseError),
    Resolve(ResolveError),
}

impl From<ParseError> for CommandError {
    fn from(e: ParseError) -> CommandError {
        CommandError::Syntax(e)
    }
}

impl From<ResolveError> for CommandError {
    fn from(e: ResolveError) -> CommandError {
        CommandError::Resolve(e)
    }
}

/// Reads a line in both steps: its words, then what they name.
pub fn read(text: &str) -> Result<Command, CommandError> {
    Ok(parse(text)?.resolve()?)
}

impl Written {
    /// What the words name: the second step of reading a command.
    pub fn resolve(self) -> Result<Command, ResolveError> {
        Ok(match self {
            Written::Ready(cmd) => cmd,
            Written::Help(topic) => Command::Help(Some(
                find(&topic).ok_or(ResolveError::UnknownHelpTopic(topic))?,
            )),
            Written::Rules(game) => Command::Rules(game_named(&game)?),
            Written::Challenge {
                opponent,
                game,
                options,
            } => {
                let game = game_named(&game)?;
                let terms = read_terms(game, &options)?;
                Command::Challenge {
                    opponent,
                    game,
                    terms,
                }
            }
            Written::Play { game, options } => {
                let game = game_named(&game)?;
                let terms = read_terms(game, &options)?;
                Command::Play { game, terms }
            }
            Written::Learn { game, options } => {
                // A learning game is at level 1: asking another is
                // answered first, whatever the game.
                if options.iter().any(|o| level_word(o).is_some()) {
                    return Err(ResolveError::LearnLevel);
                }
                let game = game_named(&game)?;
                let terms = read_terms(game, &options)?;
                Command::Learn { game, terms }
            }
            Written::Stats { user, game } => stats(user, game)?,
            Written::Leaderboard(game) => Command::Leaderboard(Some(game_named(&game)?)),
            Written::Lang(w) => {
                Command::Lang(Some(Lang::parse(&w).ok_or(ResolveError::BadLang(w))?))
            }
            Written::Orientation(w) => Command::Orientation(Some(orientation(&w)?)),
            Written::Web(w) => Command::Web(Some(web_listed(&w)?)),
            Written::TournamentCreate { game, options } => {
                Command::Tournament(TourCommand::Create(tournament(&game, &options)?))
            }
        })
    }
}

/// `stats`: a single word that names no game names a user instead
/// (`stats bob`), unless a user is named already.
fn stats(user: Option<Someone>, game: Option<String>) -> Result<Command, ResolveError> {
    let Some(word) = game else {
        return Ok(Command::Stats { user, game: None });
    };
    match game_named(&word) {
        Ok(id) => Ok(Command::Stats {
            user,
            game: Some(id),
        }),
        Err(_) if user.is_none() && !word.contains(' ') => Ok(Command::Stats {
            user: Some(Someone::Name(word)),
            game: None,
        }),
        Err(e) => Err(e),
    }
}

/// The game called `name` (its key or a name in either language).
pub fn game_named(name: &str) -> Result<GameId, ResolveError> {
    name.parse::<GameId>()
        .map_err(|_| ResolveError::UnknownGame(name.to_string()))
}

/// `s` in lower case without the accents of Spanish vowels, as words are
/// compared.
pub(crate) fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace('á', "a")
        .replace('é', "e")
        .replace('í', "i")
        .replace('ó', "o")
        .replace('ú', "u")
}

/// The side a challenge word picks: `Some(Some(side))`, or `Some(None)`
/// for random.
fn side_word(info: &tablero_rules::GameInfo, w: &str) -> Option<Option<Side>> {
    let w = fold(w);
    if matches!(w.as_str(), "random" | "azar" | "aleatorio") {
        return Some(None);
    }
    if matches!(w.as_str(), "first" | "primero") {
        return Some(Some(Side::First));
    }
    if matches!(w.as_str(), "second" | "segundo") {
        return Some(Some(Side::Second));
    }
    for (s, names) in Side::ALL.into_iter().zip(info.sides.iter()) {
        let names = [fold(names.en), fold(names.es)];
        let singular = |n: &String| {
            [
                n.clone(),
                n.trim_end_matches('s').to_string(),
                n.trim_end_matches("es").to_string(),
            ]
        };
        if names.iter().any(|n| singular(n).contains(&w) || *n == w) {
            return Some(Some(s));
        }
    }
    None
}

/// The value of a `level=N` (`nivel=N`) word, as written.
fn level_word(w: &str) -> Option<String> {
    let low = w.to_lowercase();
    low.strip_prefix("level=")
        .or_else(|| low.strip_prefix("nivel="))
        .map(str::to_string)
}

/// Level `n`, if Tablero plays at it.
pub fn level(n: u8) -> Result<u8, ResolveError> {
    if LEVELS.contains(&n) {
        Ok(n)
    } else {
        Err(ResolveError::BadLevel(n.to_string()))
    }
}

/// A time per move as written (`72h`, `1d`, `none`): `None` for no limit.
pub fn move_limit(word: &str) -> Result<Option<i64>, ResolveError> {
    parse_move_limit(word).map_err(ResolveError::BadTimeLimit)
}

/// The longest a Fischer clock's cap may be.
pub const MAX_CAP_MS: i64 = 60 * crate::clock::DAY;

/// A clock as written: a time per move (`3d`, `none`), or a Fischer clock
/// (`3d+1d`: three days, one more after each move, never more than three;
/// `3d+1d/7d`: never more than seven). Sets `terms`' limit and increment.
pub fn clock_terms(word: &str, terms: &mut Terms) -> Result<(), ResolveError> {
    let Some((base, rest)) = word.split_once('+') else {
        terms.limit = Some(move_limit(word)?);
        terms.clock.increment_ms = 0;
        terms.clock.cap_ms = None;
        return Ok(());
    };
    let bad = || ResolveError::BadTimeLimit(BadMoveLimit::Fischer(crate::event::brief(word)));
    let base = move_limit(base)?.ok_or_else(bad)?;
    let (inc, cap) = match rest.split_once('/') {
        Some((i, c)) => (i, Some(c)),
        None => (rest, None),
    };
    let inc = crate::clock::parse_duration(inc).ok_or_else(bad)?;
    let cap = match cap {
        Some(c) => crate::clock::parse_duration(c).ok_or_else(bad)?,
        None => base,
    };
    if inc < crate::clock::MINUTE || inc > cap || cap < base || cap > MAX_CAP_MS {
        return Err(bad());
    }
    terms.limit = Some(Some(base));
    terms.clock.increment_ms = inc;
    terms.clock.cap_ms = Some(cap);
    Ok(())
}

/// `weekends=off` (`findes=no`): whether clocks stop at weekends.
fn weekends_word(low: &str) -> Option<Option<bool>> {
    let v = ["weekends=", "weekend=", "findes=", "finde="]
        .iter()
        .find_map(|p| low.strip_prefix(p))?;
    Some(match v {
        "off" | "no" | "stop" | "free" | "libres" | "libre" => Some(true),
        "on" | "si" | "sí" | "yes" | "count" | "cuentan" => Some(false),
        _ => None,
    })
}

/// Reads the option words of a game of `id` (`casual`, `level=3`,
/// `time=1d`, `size=7`, a side), without checking the set-up is playable
/// (that needs the game's seed, chosen when it starts). A later word
/// overrides an earlier one.
pub fn read_terms(id: GameId, options: &[String]) -> Result<Terms, ResolveError> {
    let info = id.info();
    let mut terms = Terms::default();
    for o in options {
        let low = o.to_lowercase();
        if matches!(
            low.as_str(),
            "casual" | "amistosa" | "amistoso" | "unrated" | "friendly"
        ) {
            terms.casual = true;
        } else if matches!(low.as_str(), "rated" | "puntuable" | "oficial") {
            terms.casual = false;
        } else if let Some(v) = level_word(o) {
            terms.level = Some(
                v.parse::<u8>()
                    .ok()
                    .and_then(|n| level(n).ok())
                    .ok_or(ResolveError::BadLevel(v))?,
            );
        } else if let Some(v) = low
            .strip_prefix("time=")
            .or_else(|| low.strip_prefix("tiempo="))
        {
            clock_terms(v, &mut terms)?;
        } else if let Some(w) = weekends_word(&low) {
            terms.clock.weekends_off = w.ok_or_else(|| ResolveError::UnknownOption {
                game: id,
                option: o.clone(),
            })?;
        } else if o.contains('=') {
            terms
                .setup
                .add_word(o)
                .map_err(|e| ResolveError::BadSetup(e.0))?;
        } else if let Some(s) = side_word(info, &low) {
            terms.side = Some(s);
        } else {
            return Err(ResolveError::UnknownOption {
                game: id,
                option: o.clone(),
            });
        }
    }
    Ok(terms)
}

fn orientation(w: &str) -> Result<Orientation, ResolveError> {
    match w.to_lowercase().as_str() {
        "white" | "blancas" | "blanco" | "fixed" | "fija" => Ok(Orientation::White),
        "turn" | "turno" | "mover" | "move" | "tomove" => Ok(Orientation::Turn),
        _ => Err(ResolveError::BadOrientation(w.to_string())),
    }
}

/// `web list on|off`: whether the chat's games are to be listed.
fn web_listed(w: &str) -> Result<bool, ResolveError> {
    match w.to_lowercase().as_str() {
        "on" | "si" | "sí" | "yes" | "true" | "1" | "activar" | "encender" => Ok(true),
        "off" | "no" | "false" | "0" | "desactivar" | "apagar" => Ok(false),
        _ => Err(ResolveError::BadWeb(w.to_string())),
    }
}

/// A number option's value within `min..=max`.
fn bounded(option: &str, v: &str, min: u64, max: u64) -> Result<u64, ResolveError> {
    v.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ResolveError::Tournament(TourError::BadNumber {
                option: option.to_string(),
                min,
                max,
            })
        })
}

/// `tournament create GAME` with its option words: the format and
/// limits (`swiss rounds=N`, `roundrobin [double]`, `max=N`), then the
/// terms of its games from the words left (time, casual, the game's
/// parameters; never a side or a level).
fn tournament(game: &str, options: &[String]) -> Result<TourCreate, ResolveError> {
    let refused = ResolveError::Tournament;
    let game = game_named(game)?;
    let (mut swiss, mut robin, mut double) = (false, false, false);
    let (mut rounds, mut max, mut deadline, mut bye) = (None, None, None, None);
    let mut rest = Vec::new();
    for o in options {
        let low = fold(o);
        let (key, value) = low.split_once('=').unwrap_or((&low, ""));
        match key {
            "swiss" | "suizo" => swiss = true,
            "roundrobin" | "round-robin" | "rr" | "liga" | "liguilla" | "todos" => robin = true,
            "double" | "doble" => double = true,
            "rounds" | "rondas" => {
                rounds = Some(bounded(o, value, 1, u64::from(MAX_ROUNDS))? as u32);
            }
            "max" | "maximo" | "players" | "jugadores" => {
                max = Some(bounded(o, value, 2, MAX_PLAYERS as u64)? as usize);
            }
            "deadline" | "plazo" | "cierre" | "until" | "hasta" => {
                deadline = Some(deadline_of(value)?);
            }
            "bye" | "descanso" | "exento" => bye = Some(bye_of(value)?),
            _ => rest.push(o.clone()),
        }
    }
    let swiss = swiss || (rounds.is_some() && !robin);
    let format = match (swiss, robin) {
        (true, true) => return Err(refused(TourError::MixedFormat("swiss roundrobin".into()))),
        (true, false) if double => {
            return Err(refused(TourError::MixedFormat("swiss double".into())));
        }
        (true, false) => Format::Swiss {
            rounds: rounds.ok_or(refused(TourError::NeedRounds))?,
        },
        (false, true) if bye.is_some() => return Err(refused(TourError::ByeNotSwiss)),
        (false, true) => Format::RoundRobin { double },
        (false, false) => return Err(refused(TourError::NeedFormat)),
    };
    let terms = read_terms(game, &rest)?;
    if terms.side.is_some() || terms.level.is_some() {
        // Name the word: the pairing gives the sides, and no bot plays.
        let word = rest
            .iter()
            .find(|w| {
                read_terms(game, std::slice::from_ref(w))
                    .is_ok_and(|t| t.side.is_some() || t.level.is_some())
            })
            .cloned()
            .unwrap_or_default();
        return Err(refused(TourError::NotForTournaments(word)));
    }
    Ok(TourCreate {
        game,
        format,
        max_players: max.unwrap_or(MAX_PLAYERS),
        terms,
        deadline,
        bye,
    })
}

/// `bye=VALUE`: what a Swiss bye scores, a win's point (FIDE's default),
/// a draw's half or nothing: `1`, `½` (`0.5`, `0,5`, `1/2`, `half`,
/// `medio`) or `0`.
fn bye_of(value: &str) -> Result<Points, ResolveError> {
    match value {
        "1" | "1.0" | "1,0" | "win" | "victoria" | "uno" => Ok(Points::ONE),
        "½" | "0.5" | "0,5" | ".5" | ",5" | "1/2" | "half" | "medio" => Ok(Points::HALF),
        "0" | "0.0" | "0,0" | "none" | "nothing" | "nada" | "cero" => Ok(Points::ZERO),
        _ => Err(ResolveError::Tournament(TourError::BadBye(
            value.to_string(),
        ))),
    }
}

/// `deadline=VALUE`: a time from now (`2d`, `12h`) or a moment in UTC
/// (`2026-12-24`, `2026-12-24T18:00`); how far ahead it is is checked
/// when the tournament is created.
fn deadline_of(value: &str) -> Result<Deadline, ResolveError> {
    let when = parse_duration(value)
        .map(When::In)
        .or_else(|| parse_utc(value).map(When::At))
        .ok_or_else(|| ResolveError::Tournament(TourError::BadDeadline(value.to_string())))?;
    Ok(Deadline {
        when,
        word: value.to_string(),
    })
}

#[cfg(test)]
mod tests;
