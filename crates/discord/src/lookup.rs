//! Autocomplete suggestions, read from the store: the games and challenges
//! of a channel, and the legal moves of the caller's game. Read-only and
//! advisory: whatever the user finally sends goes through the app, which
//! checks it.

use tablero_app::press::choice_groups;
use tablero_app::{ChannelKey, User};
use tablero_rules::{GameRecord, Lang};
use tablero_store::{GameDoc, Store};

/// The most suggestions Discord shows.
pub const MAX_SUGGESTIONS: usize = 25;

fn game_name(doc: &GameDoc, lang: Lang) -> String {
    doc.record
        .parse::<GameRecord>()
        .map(|r| r.game.info().name(lang).to_string())
        .unwrap_or_default()
}

fn turn_index(doc: &GameDoc) -> Option<usize> {
    let game = doc.record.parse::<GameRecord>().ok()?.replay().ok()?;
    game.outcome().is_none().then(|| game.turn().side.index())
}

/// Game and challenge numbers of the channel for a `#ID` option, the
/// caller's first (their turn first of all), filtered by what was typed.
#[must_use]
pub fn game_ids(
    store: &Store,
    ch: &ChannelKey,
    me: &User,
    typed: &str,
    lang: Lang,
) -> Vec<(String, u64)> {
    let typed = typed.trim().trim_start_matches('#').to_lowercase();
    let mut found: Vec<(u8, String, u64)> = Vec::new();
    for doc in store
        .channel_games(ch)
        .unwrap_or_default()
        .into_iter()
        .flatten()
    {
        let mine = doc.players.iter().position(|p| p.id == me.id);
        let rank = match (mine, turn_index(&doc)) {
            (Some(s), Some(t)) if s == t => 0,
            (Some(_), _) => 1,
            _ => 3,
        };
        let label = format!(
            "#{} {}: {} – {}",
            doc.id,
            game_name(&doc, lang),
            doc.players[0].name,
            doc.players[1].name
        );
        found.push((rank, label, doc.id));
    }
    for c in store
        .channel_challenges(ch)
        .unwrap_or_default()
        .into_iter()
        .flatten()
    {
        let to_me = c.challenged.as_ref().is_none_or(|u| u.id == me.id) && c.challenger.id != me.id;
        let game = c
            .game
            .parse::<tablero_rules::GameId>()
            .map(|g| g.info().name(lang).to_string())
            .unwrap_or_else(|_| c.game.clone());
        let label = match lang {
            Lang::En => format!("#{} challenge: {game} by {}", c.id, c.challenger.name),
            Lang::Es => format!("#{} desafío: {game} de {}", c.id, c.challenger.name),
        };
        found.push((if to_me { 1 } else { 2 }, label, c.id));
    }
    found.sort();
    found
        .into_iter()
        .filter(|(_, label, id)| {
            typed.is_empty()
                || id.to_string().starts_with(&typed)
                || label.to_lowercase().contains(&typed)
        })
        .take(MAX_SUGGESTIONS)
        .map(|(_, label, id)| (label.chars().take(100).collect(), id))
        .collect()
}

/// The legal moves of the caller's game (`game`, else their game here
/// where it is their turn), those starting with what was typed first.
#[must_use]
pub fn moves(
    store: &Store,
    ch: &ChannelKey,
    me: &User,
    game: Option<u64>,
    typed: &str,
) -> Vec<String> {
    let docs: Vec<GameDoc> = match game {
        Some(id) => store
            .game(ch, id, true)
            .ok()
            .flatten()
            .into_iter()
            .collect(),
        None => store
            .channel_games(ch)
            .unwrap_or_default()
            .into_iter()
            .flatten()
            .collect(),
    };
    let Some(position) = docs.iter().find_map(|doc| {
        let side = doc.players.iter().position(|p| p.id == me.id)?;
        let game = doc.record.parse::<GameRecord>().ok()?.replay().ok()?;
        (game.outcome().is_none() && game.turn().side.index() == side).then_some(game)
    }) else {
        return Vec::new();
    };
    let typed = typed.trim().to_lowercase();
    let all: Vec<String> = choice_groups(&position)
        .into_iter()
        .flat_map(|g| g.moves)
        .collect();
    let (mut first, mut then) = (Vec::new(), Vec::new());
    for m in all {
        let l = m.to_lowercase();
        if l.starts_with(&typed) {
            first.push(m);
        } else if l.contains(&typed) {
            then.push(m);
        }
    }
    first.extend(then);
    first.truncate(MAX_SUGGESTIONS);
    first
}
