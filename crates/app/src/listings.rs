//! Questions: help, rules, boards, histories, listings, and the typed
//! queries adapters use for keyboards and autocomplete. None of them
//! changes anything.

use tablero_rules::{AnyGame, GameId, Lang, Setup, Side};

use crate::channel::{ChannelState, Live, info_of};
use crate::command::GameNo;
use crate::event::{AppError, Event, GameView, Outcome, Verb};
use crate::play::check_press;
use crate::press::{choice_groups, choice_groups_in};
use crate::reply::{ChannelKey, ChoiceGroup, User};
use crate::state::{Actor, App, Res};

/// An ongoing game, as adapters list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    pub id: u64,
    pub game: GameId,
    pub players: [User; 2],
    /// The side to move.
    pub to_move: Side,
}

impl App {
    pub(crate) fn rules(&self, id: GameId) -> Outcome {
        let mut setup = Setup::default();
        if id == GameId::KnightFight {
            setup.seed = Some(1);
        }
        let start = AnyGame::new(id, &setup).map_err(|e| AppError::BadSetup(e.0))?;
        Ok(Event::Rules { id, start })
    }

    /// An ongoing game's board, or a finished game's by number.
    pub(crate) fn board(&self, who: &Actor, st: &ChannelState, n: Option<GameNo>) -> Outcome {
        if let Some(n) = n
            && !st.games.contains_key(&n)
            && let Some(view) = self.finished(&who.channel, n)?
        {
            return Ok(Event::Board(view));
        }
        let id = st.pick(&who.user, n, false, Verb::Board)?;
        Ok(Event::Board(st.live(id)?.view(self.now())))
    }

    /// A finished game of the channel, if there is one numbered `n`.
    fn finished(&self, ch: &ChannelKey, n: u64) -> Res<Option<GameView>> {
        let Some(doc) = self.store.game(ch, n, false)? else {
            return Ok(None);
        };
        let live = Live::new(doc).map_err(AppError::Unreadable)?;
        Ok(Some(live.view(self.now())))
    }

    pub(crate) fn history(&self, who: &Actor, st: &ChannelState, n: Option<GameNo>) -> Outcome {
        if let Some(n) = n
            && !st.games.contains_key(&n)
        {
            return match self.finished(&who.channel, n)? {
                Some(view) => Ok(Event::History(view)),
                None => Err(st
                    .pick(&who.user, Some(n), false, Verb::History)
                    .err()
                    .unwrap_or(AppError::NoGame(n))),
            };
        }
        let id = st.pick(&who.user, n, false, Verb::History)?;
        Ok(Event::History(st.live(id)?.view(self.now())))
    }

    /// The ongoing games of a channel.
    pub fn ongoing_games(&self, ch: &ChannelKey) -> Result<Vec<GameSummary>, AppError> {
        self.with_channel(ch, |st| {
            Ok(st
                .games
                .values()
                .map(|g| GameSummary {
                    id: g.doc.id,
                    game: info_of(&g.doc).id,
                    players: g.doc.players.clone(),
                    to_move: g.game.turn().side,
                })
                .collect())
        })
    }

    /// Game and challenge numbers of the channel to suggest for a `#ID`
    /// option, labelled in `lang`: the caller's games first (their turn
    /// first of all), then challenges they may take, then the rest;
    /// filtered by what was typed.
    pub fn suggest_games(
        &self,
        ch: &ChannelKey,
        me: &User,
        typed: &str,
        lang: Lang,
        max: usize,
    ) -> Vec<(String, u64)> {
        let typed = typed.trim().trim_start_matches('#').to_lowercase();
        let Ok(view) = self.with_channel(ch, |st| Ok(self.view(ch, st))) else {
            return Vec::new();
        };
        let mut found: Vec<(u8, String, u64)> = Vec::new();
        for g in &view.games {
            let rank = match g.side_of(&me.id) {
                Some(s) if s == g.game.turn().side => 0,
                Some(_) => 1,
                None => 3,
            };
            found.push((rank, crate::text::game_label(g, lang), g.id()));
        }
        for c in &view.challenges {
            let to_me =
                c.challenged.as_ref().is_none_or(|u| u.id == me.id) && c.challenger.id != me.id;
            found.push((
                if to_me { 1 } else { 2 },
                crate::text::challenge_label(c, lang),
                c.id,
            ));
        }
        found.sort();
        found
            .into_iter()
            .filter(|(_, label, id)| {
                typed.is_empty()
                    || id.to_string().starts_with(&typed)
                    || label.to_lowercase().contains(&typed)
            })
            .take(max)
            .map(|(_, label, id)| (label.chars().take(100).collect(), id))
            .collect()
    }

    /// The legal moves of `me` in game `game` (else their game here where
    /// it is their turn), those starting with `typed` first.
    pub fn suggest_moves(
        &self,
        ch: &ChannelKey,
        me: &User,
        game: Option<u64>,
        typed: &str,
        max: usize,
    ) -> Vec<String> {
        let position = self.with_channel(ch, |st| {
            Ok(st
                .games
                .values()
                .filter(|g| game.is_none_or(|id| g.doc.id == id))
                .find(|g| g.doc.side_of(&me.id) == Some(g.game.turn().side))
                .map(|g| g.game.clone()))
        });
        let Ok(Some(position)) = position else {
            return Vec::new();
        };
        let typed = typed.trim().to_lowercase();
        let lang = self.lang_of(ch, &me.id);
        let (mut first, mut then) = (Vec::new(), Vec::new());
        for m in choice_groups(&position)
            .into_iter()
            .flat_map(|g| g.moves)
            .map(|m| crate::reading::shown(position.id(), &m, lang))
        {
            let l = m.to_lowercase();
            if l.starts_with(&typed) {
                first.push(m);
            } else if l.contains(&typed) {
                then.push(m);
            }
        }
        first.extend(then);
        first.truncate(max);
        first
    }

    /// The moves a button under the board of game `game` after `ply` moves
    /// offers `who`: every piece's (`origin` = `None`) or one piece's.
    /// Changes nothing; refused like a move would be.
    pub fn choices(&self, who: &Actor, game: u64, ply: usize, origin: Option<&str>) -> Outcome {
        self.with_channel(&who.channel, |st| {
            let groups = self.choice_groups(who, st, game, ply, origin)?;
            Ok(Event::Choices {
                game,
                ply,
                origin: origin.map(str::to_string),
                groups,
            })
        })
    }

    /// The moves `who` may choose on the board of move `ply` of game
    /// `game`, by piece (only those of the piece on `origin`, if given).
    pub(crate) fn choice_groups(
        &self,
        who: &Actor,
        st: &ChannelState,
        game: u64,
        ply: usize,
        origin: Option<&str>,
    ) -> Result<Vec<ChoiceGroup>, AppError> {
        let Some(live) = st.games.get(&game) else {
            return Err(self.gone(&who.channel, game)?);
        };
        check_press(live, game, ply, &who.user)?;
        let side = live
            .doc
            .side_of(&who.user.id)
            .ok_or(AppError::NotAPlayer(game))?;
        let turn = live.game.turn().side;
        if turn != side {
            return Err(AppError::NotYourTurn {
                id: game,
                game: live.game.id(),
                waiting_for: live.doc.player(turn).clone(),
            });
        }
        let lang = self.lang_of(&who.channel, &who.user.id);
        let mut groups = choice_groups_in(&live.game, lang);
        if let Some(cell) = origin {
            groups.retain(|g| g.origin.as_deref() == Some(cell));
            if groups.is_empty() {
                return Err(AppError::NothingFrom {
                    cell: cell.to_string(),
                    id: game,
                });
            }
        }
        Ok(groups)
    }

    /// Why game `id` is not ongoing: over, or unknown.
    pub(crate) fn gone(&self, ch: &ChannelKey, id: u64) -> Res<AppError> {
        Ok(match self.store.game(ch, id, false)? {
            Some(_) => AppError::GameOver(id),
            None => AppError::NoGame(id),
        })
    }

    /// The language `user` reads in `ch`, for adapters that write on
    /// their own (menus, alerts).
    #[must_use]
    pub fn language(&self, ch: &ChannelKey, user: &User) -> Lang {
        self.lang_of(ch, &user.id)
    }
}
