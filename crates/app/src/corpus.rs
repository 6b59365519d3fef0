//! The conversation corpus's format and judge, shared by the runs through
//! the console and the adapters' translations (`tests/it/conversations.rs`)
//! and through the fake Telegram server (the Telegram e2e).
//!
//! A corpus file is a chat: `NAME> text` is what someone types, and the
//! line after it, `= …`, what must happen: `= played #N MOVE…` (that game,
//! and only it, took those moves), `= starts #N` (a game began), `= ok` (an
//! answer, no error; `= ok TEXT`: and it contains TEXT), `= nothing` (no game changed), `= silent` (no game
//! changed and, where plain messages are chat, no answer), `= asks`
//! (nothing played; the answer offers the moves meant), `= says TEXT`
//! (nothing changed; the answer contains TEXT). `//` lines are comments.
//! A conversation over several chats writes `NAME@CHAT> text` for a line
//! typed in another chat (`@dm`: the sender's direct chat with the bot)
//! and `CHAT#N` for a game of another chat.
//! What a line did is read from the store: every game's record before and
//! after.

use tablero_store::Store;

use crate::reply::ChannelKey;

/// What a line must do.
#[derive(Clone, Debug)]
pub enum Want {
    /// An answer, no error, containing the text (empty: any answer).
    Ok(String),
    Starts(GameRef),
    Played(GameRef, Vec<String>),
    Nothing,
    Silent,
    Asks,
    Says(String),
}

/// A game: its number in the conversation's chat, or (`chat`) in another
/// chat of the conversation (`tables#1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub chat: Option<String>,
    pub id: u64,
}

impl GameRef {
    fn parse(s: &str) -> Option<GameRef> {
        let (chat, id) = s.split_once('#')?;
        Some(GameRef {
            chat: (!chat.is_empty()).then(|| chat.to_string()),
            id: id.parse().ok()?,
        })
    }
}

/// One line typed, and what it must do.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// The line's number in its file, from 1.
    pub line: usize,
    pub user: String,
    /// The chat it is typed in, when not the conversation's own
    /// (`dm`: the sender's direct chat with the bot).
    pub chat: Option<String>,
    pub said: String,
    pub want: Want,
}

/// The exchanges of a corpus file, or what is wrong with it.
pub fn exchanges(text: &str) -> Result<Vec<Exchange>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        if line.starts_with("//") || line.trim().is_empty() {
            continue;
        }
        let (who, said) = line
            .split_once("> ")
            .ok_or_else(|| format!("line {}: not a message: {line}", n + 1))?;
        let (user, chat) = match who.split_once('@') {
            Some((user, chat)) => (user, Some(chat.to_string())),
            None => (who, None),
        };
        let (_, expect) = lines
            .next_if(|(_, l)| l.starts_with("= "))
            .ok_or_else(|| format!("line {}: no expectation", n + 1))?;
        out.push(Exchange {
            line: n + 1,
            user: user.to_string(),
            chat,
            said: said.to_string(),
            want: want(expect).ok_or_else(|| format!("line {}: {expect:?}", n + 2))?,
        });
    }
    Ok(out)
}

fn want(line: &str) -> Option<Want> {
    let w = line.trim_start_matches("= ").trim();
    let (head, rest) = w.split_once(' ').unwrap_or((w, ""));
    let number = GameRef::parse;
    Some(match head {
        "ok" => Want::Ok(rest.to_string()),
        "nothing" => Want::Nothing,
        "silent" => Want::Silent,
        "asks" => Want::Asks,
        "says" => Want::Says(rest.to_string()),
        "starts" => Want::Starts(number(rest)?),
        "played" => {
            let mut words = rest.split_whitespace();
            let id = number(words.next()?)?;
            Want::Played(id, words.map(str::to_string).collect())
        }
        _ => return None,
    })
}

/// Every game of a conversation's chats, ongoing or finished: which,
/// moves, over.
pub type Games = Vec<(GameRef, Vec<String>, bool)>;

/// Every game of `ch` as the store has it.
///
/// # Panics
/// On a store that cannot be read or a record that does not parse: a
/// test's store is neither.
#[must_use]
pub fn games(store: &Store, ch: &ChannelKey) -> Games {
    games_in(store, ch, &[])
}

/// Every game of `main` and of the `others` (each named as the
/// conversation names it), as the store has them.
///
/// # Panics
/// As [`games`].
#[must_use]
pub fn games_in(store: &Store, main: &ChannelKey, others: &[(&str, ChannelKey)]) -> Games {
    let mut out = Vec::new();
    let chats = std::iter::once((None, main)).chain(others.iter().map(|(n, ch)| (Some(*n), ch)));
    for (name, ch) in chats {
        for id in 1..store.next_id(ch).expect("store") {
            for ongoing in [true, false] {
                if let Some(doc) = store.game(ch, id, ongoing).expect("store") {
                    let rec: tablero_rules::GameRecord = doc.record.parse().expect("a record");
                    let at = GameRef {
                        chat: name.map(str::to_string),
                        id,
                    };
                    out.push((at, rec.moves, !ongoing));
                }
            }
        }
    }
    out
}

/// The games that changed from `before` to `after`, with the moves each
/// took.
#[must_use]
pub fn changed(before: &Games, after: &Games) -> Vec<(GameRef, Vec<String>)> {
    after
        .iter()
        .filter(|g| !before.contains(g))
        .map(|(at, moves, _)| {
            let old = before.iter().find(|b| b.0 == *at).map_or(0, |b| b.1.len());
            (at.clone(), moves.get(old..).unwrap_or_default().to_vec())
        })
        .collect()
}

/// What the bot answered a line, as a front-end showed it.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The answer's text, all its messages together.
    pub text: String,
    /// Whether the answer is an error (where the front-end can tell).
    pub error: bool,
    /// Whether it offers the moves meant (buttons or suggestions).
    pub offers_moves: bool,
}

/// Whether a line did what it must: `answer` is what the bot said (`None`:
/// nothing), `chat_is_silent` whether plain chat there gets no answer.
#[must_use]
pub fn judged(
    want: &Want,
    before: &Games,
    changed: &[(GameRef, Vec<String>)],
    answer: Option<&Answer>,
    chat_is_silent: bool,
) -> bool {
    let error = answer.is_some_and(|a| a.error);
    match want {
        Want::Ok(s) => {
            !error && answer.is_some_and(|a| a.text.to_lowercase().contains(&s.to_lowercase()))
        }
        Want::Starts(id) => {
            changed.len() == 1 && changed[0].0 == *id && !before.iter().any(|b| b.0 == *id)
        }
        // The bot's answer may follow in a game against it.
        Want::Played(id, moves) => {
            changed.len() == 1 && changed[0].0 == *id && changed[0].1.starts_with(moves)
        }
        Want::Nothing => changed.is_empty(),
        Want::Silent => changed.is_empty() && (!chat_is_silent || answer.is_none()),
        Want::Asks => changed.is_empty() && answer.is_some_and(|a| a.offers_moves),
        Want::Says(s) => {
            changed.is_empty()
                && answer.is_some_and(|a| a.text.to_lowercase().contains(&s.to_lowercase()))
        }
    }
}
