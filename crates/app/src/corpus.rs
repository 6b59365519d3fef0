//! The conversation corpus's format and judge, shared by the runs through
//! the console and the adapters' translations (`tests/conversations.rs`)
//! and through the fake Telegram server (the Telegram e2e).
//!
//! A corpus file is a chat: `NAME> text` is what someone types, and the
//! line after it, `= …`, what must happen: `= played #N MOVE…` (that game,
//! and only it, took those moves), `= starts #N` (a game began), `= ok` (an
//! answer, no error; `= ok TEXT`: and it contains TEXT), `= nothing` (no game changed), `= silent` (no game
//! changed and, where plain messages are chat, no answer), `= asks`
//! (nothing played; the answer offers the moves meant), `= says TEXT`
//! (nothing changed; the answer contains TEXT). `//` lines are comments.
//! What a line did is read from the store: every game's record before and
//! after.

use tablero_store::Store;

use crate::reply::ChannelKey;

/// What a line must do.
#[derive(Clone, Debug)]
pub enum Want {
    /// An answer, no error, containing the text (empty: any answer).
    Ok(String),
    Starts(u64),
    Played(u64, Vec<String>),
    Nothing,
    Silent,
    Asks,
    Says(String),
}

/// One line typed, and what it must do.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// The line's number in its file, from 1.
    pub line: usize,
    pub user: String,
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
        let (user, said) = line
            .split_once("> ")
            .ok_or_else(|| format!("line {}: not a message: {line}", n + 1))?;
        let (_, expect) = lines
            .next_if(|(_, l)| l.starts_with("= "))
            .ok_or_else(|| format!("line {}: no expectation", n + 1))?;
        out.push(Exchange {
            line: n + 1,
            user: user.to_string(),
            said: said.to_string(),
            want: want(expect).ok_or_else(|| format!("line {}: {expect:?}", n + 2))?,
        });
    }
    Ok(out)
}

fn want(line: &str) -> Option<Want> {
    let w = line.trim_start_matches("= ").trim();
    let (head, rest) = w.split_once(' ').unwrap_or((w, ""));
    let number = |s: &str| s.trim_start_matches('#').parse().ok();
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

/// Every game of a channel, ongoing or finished: number, moves, over.
pub type Games = Vec<(u64, Vec<String>, bool)>;

/// Every game of `ch` as the store has it.
///
/// # Panics
/// On a store that cannot be read or a record that does not parse: a
/// test's store is neither.
#[must_use]
pub fn games(store: &Store, ch: &ChannelKey) -> Games {
    let mut out = Vec::new();
    for id in 1..store.next_id(ch).expect("store") {
        for ongoing in [true, false] {
            if let Some(doc) = store.game(ch, id, ongoing).expect("store") {
                let rec: tablero_rules::GameRecord = doc.record.parse().expect("a record");
                out.push((id, rec.moves, !ongoing));
            }
        }
    }
    out
}

/// The games that changed from `before` to `after`, with the moves each
/// took.
#[must_use]
pub fn changed(before: &Games, after: &Games) -> Vec<(u64, Vec<String>)> {
    after
        .iter()
        .filter(|g| !before.contains(g))
        .map(|(id, moves, _)| {
            let old = before.iter().find(|b| b.0 == *id).map_or(0, |b| b.1.len());
            (*id, moves.get(old..).unwrap_or_default().to_vec())
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
    changed: &[(u64, Vec<String>)],
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
