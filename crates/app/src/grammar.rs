//! The first step of reading a command: its words. [`parse`] reads a
//! line into a [`Written`] command, or says what is wrong with its words
//! ([`ParseError`]: no command word, a missing game, a word that is no
//! number). What the words name (a game, a language, a challenge's terms)
//! is resolved in the second step, `resolve.rs`, as shakmaty reads
//! `San::from_ascii` before `san.to_move(&pos)`. The constructors here
//! also serve a platform's typed options (Discord's slash commands), so a
//! typed command gets the errors the same command written out gets.

use tablero_rules::GameId;

use crate::comfortwords::read as comfort;
use crate::command::{Answer, Command, CommandSpec, ExportFormat, GameNo, Someone};
use crate::command::{find, fold_word, is_mention};
use crate::place::{GameAt, Place};
use crate::tourview::{TourCommand, TourUsage, TourWritten};

/// A command as written: ready when its words name nothing to resolve
/// (a game number, a page, a move), else the words still to resolve
/// (`Written::resolve`, in `resolve.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A command with nothing left to resolve.
    Ready(Command),
    /// `help TOPIC`: the topic's first word.
    Help(String),
    /// `rules GAME`: the game's name, its words joined by one space.
    Rules(String),
    /// `challenge [@USER] GAME [options]`: the game's name and the option
    /// words after it.
    Challenge {
        opponent: Option<Someone>,
        game: String,
        options: Vec<String>,
    },
    /// `play GAME [options]`.
    Play { game: String, options: Vec<String> },
    /// `learn GAME [options]`.
    Learn { game: String, options: Vec<String> },
    /// `stats [@USER] [GAME]`.
    Stats {
        user: Option<Someone>,
        game: Option<String>,
    },
    /// `leaderboard GAME`.
    Leaderboard(String),
    /// `lang WORD`.
    Lang(String),
    /// `orientation WORD`.
    Orientation(String),
    /// `web [list] WORD`.
    Web(String),
    /// `tournament create GAME [options]`: the game's name and the option
    /// words after it.
    TournamentCreate { game: String, options: Vec<String> },
}

impl Written {
    /// For a command about one game: the number it names, if any (see
    /// [`Command::game`]).
    #[must_use]
    pub fn game(&self) -> Option<Option<GameNo>> {
        match self {
            Written::Ready(cmd) => cmd.game(),
            _ => None,
        }
    }
}

impl From<Command> for Written {
    fn from(cmd: Command) -> Written {
        Written::Ready(cmd)
    }
}

/// Why a message is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word names no command.
    Unknown(String),
    /// The command is known but its arguments are wrong.
    Usage(&'static CommandSpec, Usage),
}

/// What is wrong with a known command's arguments (the catalogue words
/// it, with the command's usage line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Usage {
    /// The game is missing.
    NeedGame,
    /// The move is missing.
    NeedMove,
    /// A word that should be a game number like `#3`.
    NotGameNumber(String),
    /// A word that should be `accept`, `decline` or a game number.
    NotAnswer(String),
    TooManyWords,
    /// `stats` takes at most one `@user` and a game.
    StatsForm,
    /// `export` takes a game number and `pgn` or `text`.
    ExportForm(String),
    /// A word that should be a page number.
    NotPage(String),
    /// `tournament`'s words (`tourview.rs`).
    Tournament(TourUsage),
    /// A word of `vacation`, `timezone` or `quiet` not understood.
    Comfort(String),
}

/// A page number: `2`, `page 2`, `página 2`, `#2` (from 1; page 0 is 1).
fn page_no(rest: &[&str]) -> Result<usize, Usage> {
    let rest = match rest {
        [w, more @ ..] if is_page_word(w) => more,
        rest => rest,
    };
    match rest {
        [] => Ok(1),
        [w] => game_no(w)
            .map(page_of)
            .ok_or_else(|| Usage::NotPage(w.to_string())),
        _ => Err(Usage::TooManyWords),
    }
}

fn is_page_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().as_str(),
        "page" | "pagina" | "página" | "pag" | "pág" | "p"
    )
}

fn game_no(word: &str) -> Option<GameNo> {
    let w = word.strip_prefix('#').unwrap_or(word);
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) || w.len() > 12 {
        return None;
    }
    w.parse().ok()
}

fn answer(word: &str) -> Option<Answer> {
    match word.to_lowercase().as_str() {
        "accept" | "yes" | "y" | "ok" | "aceptar" | "acepto" | "si" | "sí" => Some(Answer::Accept),
        "decline" | "no" | "n" | "rechazar" | "rechazo" => Some(Answer::Decline),
        _ => None,
    }
}

/// Parses a message whose game number may name another chat's game
/// (`board #kqa7`, see [`crate::place`]): the command with the bare
/// number, and the place it names.
pub fn parse_at(text: &str) -> Result<(Written, Option<Place>), ParseError> {
    let mut place = None;
    let mut words: Vec<String> = Vec::new();
    for (i, w) in text.split_whitespace().enumerate() {
        match GameAt::parse(w).filter(|_| i > 0 && w.starts_with('#') && place.is_none()) {
            Some(GameAt { place: Some(p), id }) => {
                place = Some(p);
                words.push(format!("#{id}"));
            }
            _ => words.push(w.to_string()),
        }
    }
    if place.is_none() {
        return Ok((parse(text)?, None));
    }
    match parse(&words.join(" "))? {
        // A place makes sense only beside a game's number.
        cmd if cmd.game().flatten().is_some() => Ok((cmd, place)),
        _ => Ok((parse(text)?, None)),
    }
}

/// Parses a message, the first step of reading it. Words after the
/// command are split on white space.
pub fn parse(text: &str) -> Result<Written, ParseError> {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let Some(spec) = find(first) else {
        return Err(ParseError::Unknown(first.to_string()));
    };
    let usage = |why: Usage| ParseError::Usage(spec, why);
    let game_and_options = || rest.split_first().unwrap_or((&"", &[]));
    Ok(match spec.name {
        "help" => Written::help_on(rest.first().copied()),
        "rules" => Written::rules_of(&rest.join(" "))?,
        "challenge" => {
            let mut rest = rest.as_slice();
            let mut opponent = None;
            if let Some(w) = rest.first().filter(|w| is_mention(w)) {
                opponent = Some(Someone::Mention(w.to_string()));
                rest = &rest[1..];
            }
            let (game, options) = rest.split_first().unwrap_or((&"", &[]));
            Written::challenge(opponent, game, options)?
        }
        // `jugar` ("play") names a move (`jugar e4`) or, followed by a
        // game's name, a game against Tablero (`jugar gran avance
        // nivel=1`), as `play` does.
        "move" if fold_word(first) == "jugar" && names_game(&rest) => {
            let (game, options) = game_and_options();
            Written::play(game, options)?
        }
        "play" => {
            let (game, options) = game_and_options();
            Written::play(game, options)?
        }
        "learn" => {
            let (game, options) = game_and_options();
            Written::learn(game, options)?
        }
        "stats" => Written::stats_of(None, &rest.join(" "))?,
        "leaderboard" => Written::leaderboard_of(&rest.join(" ")),
        "lang" => match rest.first() {
            None => Written::Ready(Command::Lang(None)),
            Some(w) => Written::Lang(w.to_string()),
        },
        "vacation" | "timezone" | "quiet" | "pause" | "digest" | "reminders" => Written::Ready(
            Command::Comfort(comfort(spec.name, &rest).map_err(|w| usage(Usage::Comfort(w)))?),
        ),
        "orientation" => match rest.as_slice() {
            [] => Written::Ready(Command::Orientation(None)),
            [w] => Written::Orientation(w.to_string()),
            _ => return Err(usage(Usage::TooManyWords)),
        },
        "web" => match rest.as_slice() {
            [] => Written::Ready(Command::Web(None)),
            [l, r]
                if matches!(l.to_lowercase().as_str(), "links" | "enlaces")
                    && matches!(r.to_lowercase().as_str(), "reset" | "restablecer") =>
            {
                Written::Ready(Command::WebLinksReset)
            }
            [l, w] if matches!(l.to_lowercase().as_str(), "list" | "lista" | "listar") => {
                Written::Web(w.to_string())
            }
            [w] => Written::Web(w.to_string()),
            _ => return Err(usage(Usage::TooManyWords)),
        },
        "tournament" => match TourCommand::parse(&rest) {
            Ok(TourWritten::Ready(t)) => Written::Ready(Command::Tournament(t)),
            Ok(TourWritten::Create { game, options }) => {
                Written::TournamentCreate { game, options }
            }
            Err(why) => return Err(usage(Usage::Tournament(why))),
        },
        _ => Written::Ready(numbered(spec, first, &rest)?),
    })
}

/// The commands whose words are game numbers, pages, answers, a move or
/// a square: nothing is left to resolve.
fn numbered(spec: &'static CommandSpec, first: &str, rest: &[&str]) -> Result<Command, ParseError> {
    let usage = |why: Usage| ParseError::Usage(spec, why);
    // Commands that take at most one optional game number.
    let opt_no = |rest: &[&str]| -> Result<Option<GameNo>, ParseError> {
        match rest {
            [] => Ok(None),
            [w] => game_no(w)
                .map(Some)
                .ok_or_else(|| usage(Usage::NotGameNumber(w.to_string()))),
            _ => Err(usage(Usage::TooManyWords)),
        }
    };
    // `[accept|decline] [#ID]` in either order.
    let offer = |rest: &[&str]| -> Result<(Option<Answer>, Option<GameNo>), ParseError> {
        let (mut a, mut n) = (None, None);
        for w in rest {
            if let Some(x) = answer(w).filter(|_| a.is_none()) {
                a = Some(x);
            } else if let Some(x) = game_no(w).filter(|_| n.is_none()) {
                n = Some(x);
            } else {
                return Err(usage(Usage::NotAnswer(w.to_string())));
            }
        }
        Ok((a, n))
    };
    let page = |rest: &[&str]| page_no(rest).map_err(usage);
    Ok(match spec.name {
        "games" => Command::Games,
        "accept" => match rest {
            [w, ..] if is_page_word(w) => Command::Challenges(page(rest)?),
            _ => Command::Accept(opt_no(rest)?),
        },
        "decline" => Command::Decline(opt_no(rest)?),
        "cancel" => Command::Cancel(opt_no(rest)?),
        "move" => Command::move_in(None, &rest.join(" "))?,
        "board" => Command::Board(opt_no(rest)?),
        "history" => Command::History(opt_no(rest)?),
        "current" => Command::Channel(page(rest)?),
        "mygames" => Command::MyGames(page(rest)?),
        // `resign` asks first; `resign yes` (`rendirse sí`), in either
        // order with the game number, resigns at once.
        "resign" => {
            let sure = rest.iter().position(|w| is_yes(w));
            let mut rest = rest.to_vec();
            if let Some(i) = sure {
                rest.remove(i);
            }
            match sure {
                Some(_) => Command::Resign(opt_no(&rest)?),
                None => Command::AskResign(opt_no(&rest)?),
            }
        }
        "draw" => {
            let (a, n) = offer(rest)?;
            Command::Draw(a, n)
        }
        "takeback" => {
            let (a, n) = offer(rest)?;
            Command::Takeback(a, n)
        }
        "export" => {
            let (mut n, mut f) = (None, None);
            for w in rest {
                let low = w.to_lowercase();
                if let Some(x) = game_no(w).filter(|_| n.is_none()) {
                    n = Some(x);
                } else if f.is_none() && low == "pgn" {
                    f = Some(ExportFormat::Pgn);
                } else if f.is_none() && matches!(low.as_str(), "text" | "txt" | "texto") {
                    f = Some(ExportFormat::Text);
                } else {
                    return Err(usage(Usage::ExportForm(w.to_string())));
                }
            }
            Command::Export(n, f)
        }
        "replay" => Command::Replay(opt_no(rest)?),
        "rematch" => Command::Rematch(opt_no(rest)?),
        // `moves e2`, `moves #3 e2`, `moves e2 #3`, `moves #3`, `moves`.
        "moves" => Command::moves_of(None, &rest.join(" "))?,
        "hint" => Command::Hint(opt_no(rest)?),
        "review" => Command::Review(opt_no(rest)?),
        _ => unreachable!("every table entry is handled: {first}"),
    })
}

/// Whether `w` says yes (`yes`, `sí`, `si`, `y`), as a confirmation.
fn is_yes(w: &str) -> bool {
    matches!(
        w.to_lowercase().trim_end_matches(['!', '.']),
        "yes" | "y" | "si" | "sí" | "s"
    )
}

/// Whether some leading words of `words` name a game.
fn names_game(words: &[&str]) -> bool {
    (1..=words.len()).any(|n| words[..n].join(" ").parse::<GameId>().is_ok())
}

/// The largest game or page number [`parse`] reads: twelve digits.
const MAX_NUMBER: GameNo = 999_999_999_999;

/// Page `n` (page 0 is page 1).
fn page_of(n: GameNo) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX).max(1)
}

/// `text`'s words joined by one space; `None` when there are none.
fn joined(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The words of every part, each part split on white space.
fn words_of(parts: &[&str]) -> Vec<String> {
    parts
        .iter()
        .flat_map(|p| p.split_whitespace())
        .map(str::to_string)
        .collect()
}

/// The usage error `why` of `cmd`'s command.
fn usage_of(cmd: &Command, why: Usage) -> ParseError {
    let spec = find(cmd.name()).expect("every command's name is in the table");
    ParseError::Usage(spec, why)
}

/// The usage error `why` of the command named `name` in the table.
fn usage_named(name: &str, why: Usage) -> ParseError {
    let spec = find(name).expect("every command's name is in the table");
    ParseError::Usage(spec, why)
}

/// Commands whose parts are all read here: a number is checked as a
/// written `#N` is, free text (a move, a square) split on white space as
/// a line is.
impl Command {
    /// The command `variant` makes of game number `n`, which must be a
    /// number `#N` could write (twelve digits at most).
    pub fn numbered(
        variant: impl Fn(Option<GameNo>) -> Command,
        n: Option<u64>,
    ) -> Result<Command, ParseError> {
        Ok(variant(Command::game_number(&variant, n)?))
    }

    /// `n` checked for the command `variant` makes.
    fn game_number(
        variant: &impl Fn(Option<GameNo>) -> Command,
        n: Option<u64>,
    ) -> Result<Option<GameNo>, ParseError> {
        match n {
            Some(n) if n > MAX_NUMBER => Err(usage_of(
                &variant(None),
                Usage::NotGameNumber(format!("#{n}")),
            )),
            n => Ok(n),
        }
    }

    /// Page `n` of a list (`current`, `mygames`) that `variant` makes.
    pub fn paged(
        variant: impl Fn(usize) -> Command,
        n: Option<u64>,
    ) -> Result<Command, ParseError> {
        match n {
            Some(n) if n > MAX_NUMBER => Err(usage_of(&variant(1), Usage::NotPage(n.to_string()))),
            n => Ok(variant(n.map_or(1, page_of))),
        }
    }

    /// The move `text` in game `game` (else in a game a leading `#N`
    /// word of the text names). A move must be more than a game number.
    pub fn move_in(game: Option<u64>, text: &str) -> Result<Command, ParseError> {
        let cmd = |game| Command::Move {
            game,
            text: String::new(),
            ply: None,
        };
        let mut game = Command::game_number(&cmd, game)?;
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if game.is_none()
            && words.len() > 1
            && let Some(n) = words
                .first()
                .filter(|w| w.starts_with('#'))
                .and_then(|w| game_no(w))
        {
            game = Some(n);
            words.remove(0);
        }
        if words.is_empty() || (words.len() == 1 && game_no(words[0]).is_some()) {
            return Err(usage_of(&cmd(game), Usage::NeedMove));
        }
        Ok(Command::Move {
            game,
            text: words.join(" "),
            ply: None,
        })
    }

    /// Where the piece on `square` may go in game `game`; the text may
    /// name the game (`#3 e2`, `e2 #3`, `#3`) or be empty.
    pub fn moves_of(game: Option<u64>, square: &str) -> Result<Command, ParseError> {
        let cmd = |game| Command::Moves { game, square: None };
        let mut game = Command::game_number(&cmd, game)?;
        let mut found = None;
        for w in square.split_whitespace() {
            // A square starts with a letter; a game number never does.
            match game_no(w) {
                Some(n) if game.is_none() => game = Some(n),
                None if found.is_none() => found = Some(w.to_string()),
                _ => return Err(usage_of(&cmd(game), Usage::TooManyWords)),
            }
        }
        Ok(Command::Moves {
            game,
            square: found,
        })
    }
}

/// Commands whose words name something to resolve (a game, a user), from
/// a line's words or a platform's typed options.
impl Written {
    /// `help` on the command named by the first word of `topic`.
    #[must_use]
    pub fn help_on(topic: Option<&str>) -> Written {
        match topic.and_then(|t| t.split_whitespace().next()) {
            Some(t) => Written::Help(t.to_string()),
            None => Written::Ready(Command::Help(None)),
        }
    }

    /// `rules GAME`, the game named in any number of words.
    pub fn rules_of(game: &str) -> Result<Written, ParseError> {
        joined(game)
            .map(Written::Rules)
            .ok_or_else(|| usage_named("rules", Usage::NeedGame))
    }

    /// A challenge to `opponent` (anyone when `None`) to `game` with
    /// option words (`white`, `size=7`, `time=24h`, `casual`; each part
    /// may hold several).
    pub fn challenge(
        opponent: Option<Someone>,
        game: &str,
        options: &[&str],
    ) -> Result<Written, ParseError> {
        let (game, options) = named_game("challenge", game, options)?;
        Ok(Written::Challenge {
            opponent,
            game,
            options,
        })
    }

    /// A game of `game` against Tablero, with option words (`level=3`, a
    /// side, the game's parameters).
    pub fn play(game: &str, options: &[&str]) -> Result<Written, ParseError> {
        let (game, options) = named_game("play", game, options)?;
        Ok(Written::Play { game, options })
    }

    /// A learning game of `game`, with option words (a side).
    pub fn learn(game: &str, options: &[&str]) -> Result<Written, ParseError> {
        let (game, options) = named_game("learn", game, options)?;
        Ok(Written::Learn { game, options })
    }

    /// The stats of `user` (else a leading mention in `game`, else the
    /// caller), in the game named by `game`.
    pub fn stats_of(user: Option<Someone>, game: &str) -> Result<Written, ParseError> {
        let mut words: Vec<&str> = game.split_whitespace().collect();
        let mut user = user;
        if user.is_none()
            && let Some(w) = words.first().filter(|w| is_mention(w))
        {
            user = Some(Someone::Mention(w.to_string()));
            words.remove(0);
        }
        if words.iter().any(|w| is_mention(w)) {
            return Err(usage_named("stats", Usage::StatsForm));
        }
        Ok(Written::Stats {
            user,
            game: (!words.is_empty()).then(|| words.join(" ")),
        })
    }

    /// The leaderboard of the game named by `game`, or of every game.
    #[must_use]
    pub fn leaderboard_of(game: &str) -> Written {
        match joined(game) {
            Some(game) => Written::Leaderboard(game),
            None => Written::Ready(Command::Leaderboard(None)),
        }
    }
}

/// The game named by the first words of `game` and `options` together,
/// and the words after its name, for command `name`: the longest run of
/// leading words that names a game (as `rules` reads a name: `knight
/// fight`, `los cuatro angelitos`) is the game, so `challenge @bob knight
/// fight time=1d` and a platform's game field holding `knight` with
/// `fight` in its options read alike. When no run names a game, the first
/// word is the game (and is resolved as an unknown one).
fn named_game(
    name: &str,
    game: &str,
    options: &[&str],
) -> Result<(String, Vec<String>), ParseError> {
    let mut words: Vec<String> = game.split_whitespace().map(str::to_string).collect();
    // No game given (a blank game field on Discord): options alone name
    // none.
    if words.is_empty() {
        return Err(usage_named(name, Usage::NeedGame));
    }
    words.extend(words_of(options));
    let named = (1..=words.len())
        .rev()
        .find(|&n| words[..n].join(" ").parse::<GameId>().is_ok())
        .unwrap_or(1);
    let rest = words.split_off(named);
    Ok((words.join(" "), rest))
}

#[cfg(test)]
mod tests;
