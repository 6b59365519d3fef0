//! A channel's ongoing games, loaded once and kept in step with the store,
//! and the small rules about games every handler shares: which game a
//! command means, clocks, who moved when.

use std::collections::BTreeMap;

use tablero_rules::{AnyGame, GameId, GameInfo, GameRecord, Lang, MoveError, Side};
use tablero_store::{GameDoc, Store, StoreError};

use crate::event::{AppError, GameView, Res, Verb};
use crate::reading;
use crate::reply::{ChannelKey, User};
pub(crate) use crate::view::movers;

/// A game being played, rebuilt from its record.
#[derive(Clone, Debug)]
pub(crate) struct Live {
    pub doc: GameDoc,
    /// `doc`'s record, parsed once.
    pub record: GameRecord,
    pub game: AnyGame,
}

impl Live {
    /// The game rebuilt from its stored document.
    pub fn new(doc: GameDoc) -> Result<Live, String> {
        let (record, game) = rebuild(&doc)?;
        Ok(Live { doc, record, game })
    }

    pub fn view(&self, now_ms: i64) -> GameView {
        GameView::new(&self.doc, self.record.clone(), self.game.clone(), now_ms)
    }
}

/// The ongoing games of one channel, loaded on first use and read again
/// whenever the store's version of the channel is not the one they were
/// read or written at (another process changed the channel).
#[derive(Default)]
pub(crate) struct ChannelState {
    /// The store's version of the channel that `games` reflects; `None` until loaded, or when they may not reflect it.
    version: Option<u64>,
    pub games: BTreeMap<u64, Live>,
    /// Games that could not be loaded and were set aside.
    pub set_aside: Vec<u64>,
}

impl ChannelState {
    /// Makes the state the store's: reads the channel's version (the
    /// caller holds the channel's store lock, so it cannot change
    /// meanwhile) and reloads the games when it is not the cached one.
    /// Returns the version.
    pub fn refresh(&mut self, store: &Store, ch: &ChannelKey) -> Result<u64, StoreError> {
        let version = store.channel_version(ch)?;
        if self.version != Some(version) {
            self.version = None;
            self.load(store, ch)?;
            // Setting games aside commits, which moves the version on.
            self.version = Some(store.channel_version(ch)?);
        }
        Ok(self.version.unwrap_or(version))
    }

    /// Records that the state reflects `version` (read after the caller's
    /// own commits), or, with `None`, that it must be read again.
    pub fn settle(&mut self, version: Option<u64>) {
        self.version = version;
    }

    /// Loads a channel's ongoing games. A game whose record cannot be
    /// decoded or replayed is reported and set aside in the quarantine.
    fn load(&mut self, store: &Store, ch: &ChannelKey) -> Result<(), StoreError> {
        // Games set aside stay listed: their numbers are never reused, and
        // a command naming one should say why it cannot be played.
        self.games.clear();
        for doc in store.channel_games(ch)? {
            let doc = match doc {
                Ok(d) => d,
                Err(e) => {
                    tracing::warn!(error = %e, "a game of channel {}/{} is unreadable", ch.platform, ch.channel);
                    if let StoreError::Corrupt { key, .. } = &e
                        && let Some(id) = key.rsplit('/').next().and_then(|n| n.parse().ok())
                        && !self.set_aside.contains(&id)
                    {
                        self.set_aside.push(id);
                    }
                    continue;
                }
            };
            match rebuild(&doc) {
                Ok((record, game)) => {
                    self.games.insert(doc.id, Live { doc, record, game });
                }
                Err(why) => {
                    tracing::warn!(
                        "game {}/{}#{} cannot be rebuilt ({why}); moved to quarantine",
                        ch.platform,
                        ch.channel,
                        doc.id
                    );
                    store.quarantine_game(&doc)?;
                    if !self.set_aside.contains(&doc.id) {
                        self.set_aside.push(doc.id);
                    }
                }
            }
        }
        Ok(())
    }

    /// The ongoing game `id`.
    pub fn live(&self, id: u64) -> Res<&Live> {
        self.games.get(&id).ok_or(AppError::NoGame(id))
    }

    /// The games `me` plays here.
    pub fn games_of(&self, me: &User) -> Vec<&Live> {
        self.games
            .values()
            .filter(|g| g.doc.side_of(&me.id).is_some())
            .collect()
    }

    /// Picks the game a command means: `n`, or the caller's only game here
    /// (`players_only`), or else the channel's only game.
    pub fn pick(&self, me: &User, n: Option<u64>, players_only: bool, verb: Verb) -> Res<u64> {
        if let Some(n) = n {
            if self.set_aside.contains(&n) {
                return Err(AppError::SetAside(n));
            }
            let live = self.live(n)?;
            if players_only && live.doc.side_of(&me.id).is_none() {
                return Err(AppError::NotAPlayer(n));
            }
            return Ok(n);
        }
        let mine: Vec<u64> = self
            .games
            .values()
            .filter(|g| g.doc.side_of(&me.id).is_some())
            .map(|g| g.doc.id)
            .collect();
        let pick = if mine.is_empty() && !players_only {
            self.games.keys().copied().collect()
        } else {
            mine
        };
        match pick.as_slice() {
            [one] => Ok(*one),
            [] if players_only => Err(AppError::NotPlaying),
            [] => Err(AppError::NoGamesHere),
            many => Err(self.which(many, verb)),
        }
    }

    /// "Which game?" among `ids`.
    pub fn which(&self, ids: &[u64], verb: Verb) -> AppError {
        AppError::WhichGame {
            verb,
            games: ids
                .iter()
                .filter_map(|id| self.games.get(id))
                .map(|g| g.view(0))
                .collect(),
        }
    }
}

pub(crate) fn record_of(doc: &GameDoc) -> Result<GameRecord, String> {
    doc.record.parse::<GameRecord>().map_err(|e| e.to_string())
}

/// `doc`'s record, parsed, and the position it leads to.
pub(crate) fn rebuild(doc: &GameDoc) -> Result<(GameRecord, AnyGame), String> {
    let record = record_of(doc)?;
    let game = record.replay().map_err(|e| e.to_string())?;
    Ok((record, game))
}

pub(crate) fn info_of(doc: &GameDoc) -> &'static GameInfo {
    record_of(doc)
        .map(|r| r.game.info())
        .unwrap_or(GameId::Breakthrough.info())
}

/// When the next timer of `doc` falls due with `side` to move: the
/// reminder at half the turn's time, the one at 90 %, then the deadline
/// (`gameclock.rs`).
pub(crate) fn due_of(doc: &GameDoc, side: Side) -> Option<i64> {
    crate::gameclock::due(doc, side)
}

/// When `side`, to move, loses on time.
pub(crate) fn deadline_of(doc: &GameDoc, side: Side) -> Option<i64> {
    crate::gameclock::deadline(doc, side)
}

/// A deterministic mix of `x` (Knight Fight seeds, random sides).
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays `text` on a copy of `game`: the whole text as one move, or else
/// (for multi-piece set-ups such as Empuje's `Wa1 Wb2 Bc3`) each word in
/// turn by the same player, all or nothing. Returns the new position and the
/// canonical moves. With `lang`, the text is a player's, read in that
/// language first (`reading::lenient`: Spanish piece letters); without,
/// it is canonical (a button, the bot).
pub(crate) fn apply(
    game: &AnyGame,
    text: &str,
    lang: Option<Lang>,
) -> Result<(AnyGame, Vec<String>), MoveError> {
    let one = |g: &AnyGame, text: &str| -> Result<String, MoveError> {
        match lang {
            None => g.parse_move(text),
            Some(l) => reading::lenient(g, text, l).map_err(|e| match e {
                reading::ReadError::Move(e) => e,
                reading::ReadError::Either(candidates) => MoveError::Ambiguous {
                    input: text.trim().to_string(),
                    candidates,
                },
            }),
        }
    };
    let first = match one(game, text) {
        Ok(m) => {
            let mut g = game.clone();
            g.play(&m)?;
            return Ok((g, vec![m]));
        }
        Err(e) => e,
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 2 {
        return Err(first);
    }
    let side = game.turn().side;
    let mut g = game.clone();
    let mut played = Vec::new();
    for w in words {
        if g.outcome().is_some() || g.turn().side != side {
            return Err(first);
        }
        match one(&g, w).and_then(|m| g.play(&m)) {
            Ok(m) => played.push(m),
            Err(MoveError::Syntax { .. }) if played.is_empty() => return Err(first),
            Err(e) => return Err(e),
        }
    }
    Ok((g, played))
}

/// Whether `text` is exactly the move(s) `me` played last in `live`: a
/// repeated press of the same move.
pub(crate) fn already_played(live: &Live, me: &User, text: &str, lang: Option<Lang>) -> bool {
    let Some(side) = live.doc.side_of(&me.id) else {
        return false;
    };
    let Ok(record) = record_of(&live.doc) else {
        return false;
    };
    let n = text.split_whitespace().count().max(1);
    let movers = movers(&record);
    for k in 1..=n.min(record.moves.len()) {
        let cut = record.moves.len() - k;
        if movers[cut..].iter().any(|s| *s != side) {
            break;
        }
        let mut prev = record.clone();
        prev.moves.truncate(cut);
        if let Ok(g) = prev.replay()
            && let Ok((_, played)) = apply(&g, text, lang)
            && played == record.moves[cut..]
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use tablero_ids::{ChannelKey, Platform, UserRef};
    use tablero_store::GameDoc;

    use super::*;

    fn doc(limit_secs: Option<u64>, reminders: u8) -> GameDoc {
        let u = |n: &str| UserRef {
            id: n.into(),
            name: n.into(),
        };
        GameDoc {
            turn_started_ms: 1_000,
            move_limit_secs: limit_secs,
            reminders_sent: reminders,
            ..GameDoc::new(
                ChannelKey::new(Platform::Console, "c"),
                1,
                [u("a"), u("b")],
                "breakthrough:".into(),
                0,
            )
        }
    }

    #[test]
    fn the_clock_reminds_at_half_and_ninety_percent_then_times_out() {
        // A 100 s turn that started at 1 s: reminders at 51 s and 91 s, the
        // deadline at 101 s.
        let s = Side::First;
        assert_eq!(due_of(&doc(Some(100), 0), s), Some(51_000));
        assert_eq!(due_of(&doc(Some(100), 1), s), Some(91_000));
        assert_eq!(due_of(&doc(Some(100), 2), s), Some(101_000));
        assert_eq!(deadline_of(&doc(Some(100), 0), s), Some(101_000));
        assert_eq!(due_of(&doc(None, 0), s), None);
        assert_eq!(deadline_of(&doc(None, 0), s), None);
    }

    #[test]
    fn multi_word_moves_are_all_or_nothing_for_one_player() {
        let g = AnyGame::new(GameId::Breakthrough, &tablero_rules::Setup::default()).unwrap();
        let (_, played) = apply(&g, "a2-a3", None).unwrap();
        assert_eq!(played, ["a2-a3"]);
        // Two words are two moves only while the same player is to move:
        // in Breakthrough the turn passes after one.
        assert!(apply(&g, "a2-a3 b2-b3", None).is_err());
        assert!(apply(&g, "zz", None).is_err());
    }
}
