//! Understanding a message without a command word: one pure function,
//! [`understand`], for every chat. In a group the sender's games are those
//! of the group; in their direct chat with the bot, those of every chat
//! they play in. The same text gets the same answer either way; only the
//! answer's place differs (a game of another chat is answered with that
//! chat's name).
//!
//! The rules, in order (the conversation corpus, `tests/conversations`,
//! holds examples of each):
//!
//! 1. exactly a legal move (`reading::exact`) in exactly one game where
//!    it is the sender's turn, and near no other move: it is played;
//! 2. a move in several games or several ways, or the start of one: "did
//!    you mean", each move a command (and a button), when the sender
//!    spoke to the bot or the text is shaped like a move;
//! 3. a move they already played, said again: "already played";
//! 4. anything else is chat, ignored, unless the sender spoke to the bot;
//!    then they hear why nothing was played: a game's name where a move
//!    was expected, a move of a game where it is the opponent's turn, an
//!    illegal move (of the one game it reads in, or of the one game to
//!    move), a move of no game (asking which game when games to move are
//!    in several chats), or an unknown command.
//!
//! Nothing here reads the store or takes a lock: the caller gathers the
//! games (under its channel lock in a group) and acts on the [`Intent`].

use tablero_rules::{GameId, Lang, MoveError};

use crate::channel::{Live, already_played, apply};
use crate::event::{AppError, GameView, Suggestion};
use crate::place::Place;
use crate::reading::{self, Fit};
use crate::reply::{ChannelKey, User};

/// One of the sender's ongoing games and the chat it is played in.
#[derive(Clone, Copy)]
pub(crate) struct Held<'a> {
    pub chat: &'a ChannelKey,
    pub live: &'a Live,
}

/// What a message is read against.
pub(crate) struct Context<'a> {
    /// The chat the message was sent in.
    pub here: &'a ChannelKey,
    pub me: &'a User,
    /// The sender's language (their moves may be written in its letters).
    pub lang: Lang,
    /// Whether the sender spoke to the bot (a direct chat, the console, a
    /// mention, a reply to the bot).
    pub addressed: bool,
    pub now: i64,
    /// The sender's games: those of `here` in a group, those of every
    /// chat in a direct chat.
    pub games: Vec<Held<'a>>,
}

/// What a message means.
#[derive(Debug)]
pub(crate) enum Intent {
    /// It is exactly this legal move (canonical words) of game `id` of
    /// `chat`, as the game stands.
    Play {
        chat: ChannelKey,
        id: u64,
        moves: Vec<String>,
    },
    /// Chat, not for the bot: no answer.
    Ignore,
    /// Nothing is played, and this is why. `chat`: the other chat whose
    /// game the answer is about (it is named in the answer); `None` for
    /// an answer about `here` or about games of several chats.
    Refuse {
        chat: Option<ChannelKey>,
        error: AppError,
    },
    /// A move of no game, with games to move in several chats: which one
    /// was it for?
    Which { games: Vec<(ChannelKey, GameView)> },
}

/// Reads `text` in `cx`. Changes nothing.
pub(crate) fn understand(text: &str, cx: &Context<'_>) -> Intent {
    let Context { here, me, lang, .. } = *cx;
    let mine = &cx.games;
    let to_move: Vec<Held<'_>> = mine
        .iter()
        .copied()
        .filter(|g| is_to_move(g.live, me))
        .collect();
    let chats: Vec<&ChannelKey> = distinct(mine.iter().map(|g| g.chat));
    // Games of one chat are answered as that chat would answer them;
    // games of several are named with their places.
    let one_chat = chats.len() <= 1;
    let about = |g: &Held<'_>| (g.chat != here).then(|| g.chat.clone());
    let refuse = |chat: Option<ChannelKey>, error| Intent::Refuse { chat, error };
    let whole = match (one_chat, chats.first()) {
        (true, Some(ch)) if *ch != here => Some((*ch).clone()),
        _ => None,
    };
    let tag = |g: &Held<'_>, mut s: Suggestion| {
        if !one_chat && g.chat != here {
            s.place = Some(Place::of(g.chat));
        }
        s
    };

    let set_up_word = reading::is_set_up_word(text);
    let mut exact: Vec<(Held<'_>, Vec<String>)> = Vec::new();
    let mut options: Vec<Suggestion> = Vec::new();
    let mut illegal_in: Vec<(Held<'_>, MoveError)> = Vec::new();
    for g in &to_move {
        let fit = if set_up_word {
            // Never played bare, but worth the command that plays it.
            match g.live.game.parse_move(text) {
                Ok(m) => Fit::Near(vec![m]),
                Err(_) => Fit::No,
            }
        } else {
            reading::exact(&g.live.game, text, lang)
        };
        match fit {
            Fit::Exact(moves) => exact.push((*g, moves)),
            Fit::Either(moves) | Fit::Near(moves) => {
                options.extend(suggestions(g.live, &moves).into_iter().map(|s| tag(g, s)))
            }
            Fit::Illegal(e) => illegal_in.push((*g, e)),
            Fit::No => {}
        }
    }

    // 1. One exact move, nothing near.
    if let ([(g, moves)], true) = (exact.as_slice(), options.is_empty()) {
        return Intent::Play {
            chat: g.chat.clone(),
            id: g.live.doc.id,
            moves: moves.clone(),
        };
    }
    // 2. Several meanings: ask.
    for (g, moves) in &exact {
        options.extend(
            suggestions(g.live, &[moves.join(" ")])
                .into_iter()
                .map(|s| tag(g, s)),
        );
    }
    let move_shaped = reading::move_shaped(text);
    if !options.is_empty() && (cx.addressed || move_shaped || set_up_word) {
        return refuse(
            whole,
            AppError::DidYouMean {
                text: text.to_string(),
                options,
            },
        );
    }
    // 3. Said again after playing it: the move went in already.
    if let Some(g) = mine
        .iter()
        .filter(|_| move_shaped)
        .find(|g| already_played(g.live, me, text, Some(lang)))
    {
        return refuse(about(g), AppError::AlreadyPlayed(g.live.doc.id));
    }
    // 4. Chat, or why nothing was played.
    if !cx.addressed {
        return Intent::Ignore;
    }
    // `saltador nivel=5` told to the bot: someone who wants to start a
    // game, as with `jugar saltador` (see `play`).
    if exact.is_empty()
        && let Some(game) = named_game(text)
    {
        return refuse(None, AppError::GameNotMove(game));
    }
    // Not their turn in the one game the text reads in as a move (and no
    // game to move reads it): say so, rather than blame the notation of
    // the game that is to move.
    if let Some(g) = out_of_turn(mine, &to_move, text, Some(lang)) {
        return refuse(about(&g), not_your_turn(g.live));
    }
    if let [(g, e)] = illegal_in.as_slice() {
        return refuse(about(g), illegal(g.live, e.clone()));
    }
    // A set-up word that no game of theirs takes now: what its own reader
    // says (the stage the game is in).
    if set_up_word
        && let [g] = to_move.as_slice()
        && let Err(e @ MoveError::Illegal { .. }) = g.live.game.parse_move(text)
    {
        return refuse(about(g), illegal(g.live, e));
    }
    // One game to move: say what its own reader finds wrong (a word of
    // several placements, a square off the board).
    if let [g] = to_move.as_slice()
        && move_shaped
        && let Err(e) = apply(&g.live.game, text, Some(lang))
    {
        return refuse(about(g), illegal(g.live, e));
    }
    if !mine.is_empty() && move_shaped {
        if let ([], [g]) = (to_move.as_slice(), mine.as_slice()) {
            return refuse(about(g), not_your_turn(g.live));
        }
        if to_move.is_empty() {
            return refuse(None, AppError::NotYourTurnAnywhere);
        }
        let moving = distinct(to_move.iter().map(|g| g.chat));
        let views = to_move
            .iter()
            .map(|g| (g.chat.clone(), g.live.view(cx.now)));
        if let [ch] = moving.as_slice() {
            return refuse(
                (*ch != here).then(|| (*ch).clone()),
                AppError::NotAMove {
                    text: text.to_string(),
                    games: views.map(|(_, v)| v).collect(),
                },
            );
        }
        return Intent::Which {
            games: views.collect(),
        };
    }
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_start_matches(['/', '!']);
    refuse(
        None,
        AppError::UnknownCommand {
            word: first.to_string(),
            near: crate::command::near(first),
            playing: !mine.is_empty(),
        },
    )
}

/// Each chat once, in the order first met.
fn distinct<'a>(chats: impl Iterator<Item = &'a ChannelKey>) -> Vec<&'a ChannelKey> {
    let mut out: Vec<&ChannelKey> = Vec::new();
    for ch in chats {
        if !out.contains(&ch) {
            out.push(ch);
        }
    }
    out
}

/// Whether it is `me`'s turn in `live`, and the game goes on.
fn is_to_move(live: &Live, me: &User) -> bool {
    live.game.outcome().is_none() && live.doc.side_of(&me.id) == Some(live.game.turn().side)
}

/// The game `text`'s first words name (`saltador` in `saltador nivel=5
/// negras`, `gran avance` in `gran avance blancas`), the longest such
/// name first.
pub(crate) fn named_game(text: &str) -> Option<GameId> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (1..=words.len())
        .rev()
        .find_map(|n| words[..n].join(" ").parse::<GameId>().ok())
}

/// The one game of `mine` that `text` reads as a move of (legal or not:
/// anything but a syntax error) while the opponent is to move, when no
/// game of `to_move` reads it: the game the text was meant for, out of
/// turn.
pub(crate) fn out_of_turn<'a>(
    mine: &[Held<'a>],
    to_move: &[Held<'a>],
    text: &str,
    lang: Option<Lang>,
) -> Option<Held<'a>> {
    let reads = |g: &Live| {
        !matches!(
            apply(&g.game, text, lang),
            Err(MoveError::Syntax { .. } | MoveError::GameOver)
        )
    };
    if to_move.iter().any(|g| reads(g.live)) {
        return None;
    }
    let waiting: Vec<Held<'a>> = mine
        .iter()
        .copied()
        .filter(|g| {
            g.live.game.outcome().is_none() && !to_move.iter().any(|t| std::ptr::eq(t.live, g.live))
        })
        .filter(|g| reads(g.live))
        .collect();
    match waiting.as_slice() {
        [g] => Some(*g),
        _ => None,
    }
}

/// "It's not your turn in #N (game): waiting for …" for game `g`.
pub(crate) fn not_your_turn(g: &Live) -> AppError {
    AppError::NotYourTurn {
        id: g.doc.id,
        game: g.game.id(),
        waiting_for: g.doc.player(g.game.turn().side).clone(),
    }
}

/// An illegal move in `live`, with a few legal moves as hints.
pub(crate) fn illegal(live: &Live, error: MoveError) -> AppError {
    let moves = live.game.legal_moves();
    AppError::Illegal {
        game: live.game.id(),
        error,
        hints: moves.iter().take(6).cloned().collect(),
        more: moves.len().saturating_sub(6),
    }
}

/// Each of `moves` (canonical; several words for a multi-placement turn)
/// of game `live` as a "did you mean" option.
pub(crate) fn suggestions(live: &Live, moves: &[String]) -> Vec<Suggestion> {
    let ply = live.ply();
    moves
        .iter()
        .map(|m| Suggestion {
            game: live.doc.id,
            place: None,
            kind: live.game.id(),
            ply,
            mv: m.clone(),
            typed: if m.contains(' ') {
                [m.clone(), m.clone()]
            } else {
                reading::typed(&live.game, m)
            },
        })
        .collect()
}
