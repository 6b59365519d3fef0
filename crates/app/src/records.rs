//! Ratings and records: `stats`, `leaderboard`, `export` and `replay`.
//! None of them changes anything; ratings themselves are written when a
//! game ends (`play.rs`).

use tablero_rating::{Glicko2, PlayerRating};
use tablero_rules::GameId;
use tablero_rules::export::{self, Finish, RecordHeader, Termination as RecordTermination};
use tablero_store::RatingPointDoc;

use crate::channel::{ChannelState, rebuild};
use crate::command::{ExportFormat, GameNo};
use crate::event::{
    AppError, Event, GameView, Leaderboard, Outcome, RatingHistory, Standing, StatsRow,
};
use crate::render::RatingPoint;
use crate::reply::{Platform, User};
use crate::state::{Actor, App, Res};
use crate::view::{Stats, Termination};

/// How many players a leaderboard lists.
pub(crate) const TOP: usize = 10;
/// How many players per game `leaderboard` without a game lists.
const TOP_EACH: usize = 3;

impl App {
    /// `user`'s results and ratings per game; the chart is of `game`, or of
    /// the game they played most rated games of.
    pub(crate) fn stats(&self, platform: Platform, user: User, game: Option<GameId>) -> Outcome {
        let now = self.now();
        let glicko = Glicko2::default();
        let mut rows: Vec<StatsRow> = self
            .store
            .stats(platform, &user.id, false)?
            .into_iter()
            .filter(|(g, _)| game.is_none_or(|want| want == *g))
            .map(|(game, stats)| StatsRow {
                game,
                stats: Stats::of(&stats),
                rating: None,
            })
            .collect();
        let vs_bot = self
            .store
            .stats(platform, &user.id, true)?
            .into_iter()
            .filter(|(g, _)| game.is_none_or(|want| want == *g))
            .map(|(g, s)| (g, Stats::of(&s)))
            .collect();
        let mut chart: Option<RatingHistory> = None;
        for row in &mut rows {
            let Some(r) = self.store.rating(platform, row.game, &user.id)? else {
                continue;
            };
            let shown = glicko.current(&r.rating, now);
            row.rating = Some((shown, r.rating.games));
            let better = chart.as_ref().is_none_or(|c| r.rating.games > c.games);
            if better {
                chart = Some(RatingHistory {
                    game: row.game,
                    points: points_of(&r.history, r.rating.games),
                    now: shown,
                    games: r.rating.games,
                });
            }
        }
        if let (Some(g), None) = (game, &chart) {
            // Asked for a game without rated play: an empty chart says so.
            chart = Some(RatingHistory {
                game: g,
                points: Vec::new(),
                now: PlayerRating::new().rating,
                games: 0,
            });
        }
        let set_aside = self.store.stats_set_aside(platform, &user.id)?;
        let learning = self
            .store
            .learning_stats(platform, &user.id)?
            .into_iter()
            .filter(|(g, _)| game.is_none_or(|want| want == *g))
            .map(|(g, s)| (g, Stats::of(&s)))
            .collect();
        Ok(Event::Stats {
            user,
            rows,
            vs_bot,
            chart,
            set_aside,
            learning,
        })
    }

    /// The best rated players of `game` here and on the platform, or of
    /// every game with rated play here.
    pub(crate) fn leaderboard(&self, who: &Actor, game: Option<GameId>) -> Outcome {
        let platform = who.channel.platform;
        let community = who
            .community
            .clone()
            .unwrap_or_else(|| who.channel.channel.clone());
        let server = who.community.is_some();
        let Some(game) = game else {
            let mut games = Vec::new();
            for g in self.store.community_games(platform, &community)? {
                let here = self.standings(platform, g, Some(&community))?;
                if !here.is_empty() {
                    games.push((g, here.into_iter().take(TOP_EACH).collect()));
                }
            }
            return Ok(Event::Leaderboard(Leaderboard::All { server, games }));
        };
        let here = self.standings(platform, game, Some(&community))?;
        let everywhere = self.standings(platform, game, None)?;
        let me = everywhere
            .iter()
            .find(|s| s.user.id == who.user.id && s.rank > TOP)
            .cloned();
        Ok(Event::Leaderboard(Leaderboard::Game {
            game,
            server,
            here_count: here.len(),
            everywhere_count: everywhere.len(),
            here: here.into_iter().take(TOP).collect(),
            everywhere: everywhere.into_iter().take(TOP).collect(),
            me,
            viewer: who.user.id.clone(),
        }))
    }

    /// Every rated player of `game` (of `community` only, if given), best
    /// first: by rating shown now, then by games played.
    pub(crate) fn standings(
        &self,
        platform: Platform,
        game: GameId,
        community: Option<&str>,
    ) -> Res<Vec<Standing>> {
        let now = self.now();
        let glicko = Glicko2::default();
        let mut all = self.store.ratings(platform, game)?;
        if let Some(c) = community {
            let members = self.store.community_players(platform, c, game)?;
            all.retain(|(u, _)| members.contains(u));
        }
        let mut list: Vec<Standing> = all
            .into_iter()
            .map(|(id, r)| Standing {
                rank: 0,
                user: User {
                    name: if r.name.is_empty() {
                        id.clone()
                    } else {
                        r.name.clone()
                    },
                    id,
                },
                rating: glicko.current(&r.rating, now),
                games: r.rating.games,
            })
            .collect();
        list.sort_by(|a, b| {
            b.rating
                .rating
                .total_cmp(&a.rating.rating)
                .then(b.games.cmp(&a.games))
                .then_with(|| a.user.name.cmp(&b.user.name))
        });
        for (i, s) in list.iter_mut().enumerate() {
            s.rank = i + 1;
        }
        Ok(list)
    }

    /// The game a record command means: number `n` (ongoing or finished),
    /// or the caller's newest game here.
    pub(crate) fn game_to_show(
        &self,
        who: &Actor,
        st: &ChannelState,
        n: Option<GameNo>,
    ) -> Res<GameView> {
        let now = self.now();
        let ch = &who.channel;
        let doc = match n {
            Some(n) => match st.games.get(&n) {
                Some(live) => return Ok(live.view(now)),
                None => self
                    .store
                    .game(ch, n, false)?
                    .ok_or(AppError::NoGameNumbered(n))?,
            },
            None => {
                let me = &who.user.id;
                let ongoing = st
                    .games
                    .values()
                    .filter(|g| g.doc.side_of(me).is_some())
                    .map(|g| g.doc.clone());
                let finished = self
                    .store
                    .finished_games(ch)?
                    .into_iter()
                    .filter_map(Result::ok)
                    .filter(|d| d.side_of(me).is_some());
                ongoing
                    .chain(finished)
                    .max_by_key(|d| d.id)
                    .ok_or(AppError::NoGameToShow)?
            }
        };
        let (record, game) = match rebuild(&doc) {
            Ok(rebuilt) => rebuilt,
            Err(why) => {
                // An ongoing game that does not replay is set aside when its
                // channel loads; a finished one is set aside here.
                tracing::warn!(game = doc.id, %why, "a finished game cannot be rebuilt; moved to quarantine");
                self.store.quarantine_game(&doc)?;
                return Err(AppError::Unreadable(why));
            }
        };
        Ok(GameView::new(&doc, record, game, now))
    }

    /// A game's record as PGN (chess games) or Tablero's text record.
    pub(crate) fn export(
        &self,
        who: &Actor,
        st: &ChannelState,
        n: Option<GameNo>,
        format: Option<ExportFormat>,
    ) -> Outcome {
        let view = self.game_to_show(who, st, n)?;
        let record = &view.record;
        let header = header_of(&view);
        let pgn_ok = export::pgn_variant(record.game).is_some();
        let format = match format {
            Some(ExportFormat::Pgn) if !pgn_ok => return Err(AppError::NoPgn(record.game)),
            Some(f) => f,
            None if pgn_ok => ExportFormat::Pgn,
            None => ExportFormat::Text,
        };
        let body = match format {
            ExportFormat::Pgn => export::pgn(record, &header),
            ExportFormat::Text => export::text(record, &header),
        }
        .map_err(|e| AppError::Unreadable(e.to_string()))?;
        Ok(Event::Export {
            game: view,
            format,
            body,
        })
    }

    /// A game to animate.
    pub(crate) fn replay_game(&self, who: &Actor, st: &ChannelState, n: Option<GameNo>) -> Outcome {
        Ok(Event::Replay(self.game_to_show(who, st, n)?))
    }
}

/// What a record's header says of a stored game.
pub(crate) fn header_of(doc: &GameView) -> RecordHeader {
    RecordHeader {
        event: String::new(),
        site: format!("{} {}", doc.channel.platform, doc.channel.channel),
        players: [doc.players[0].name.clone(), doc.players[1].name.clone()],
        started_ms: Some(doc.created_ms),
        ended_ms: doc.finished_ms,
        finish: doc.result.map(|r| Finish {
            winner: r.winner,
            termination: match r.termination {
                Termination::Rules(reason) => RecordTermination::Rules(reason),
                Termination::Resigned => RecordTermination::Resignation,
                Termination::Time => RecordTermination::TimeForfeit,
                Termination::Agreed => RecordTermination::Agreement,
            },
        }),
    }
}

/// The file name of a game's record or replay: `tablero-chess-3.pgn`.
#[must_use]
pub(crate) fn file_name(id: u64, game: GameId, ext: &str) -> String {
    format!("tablero-{}-{id}.{ext}", game.key())
}

/// A rating history as the chart draws it.
///
/// When the history is whole (`games` rated games, a point for each), the
/// chart starts from the rating everyone starts with, on the day of the
/// first game: one game is a line from where the player began, not a dot.
pub(crate) fn points_of(history: &[RatingPointDoc], games: u32) -> Vec<RatingPoint> {
    let start = history
        .first()
        .filter(|_| usize::try_from(games).is_ok_and(|g| g == history.len()))
        .map(|first| {
            let r = tablero_rating::Rating::default();
            RatingPoint {
                time_ms: first.ms,
                rating: r.rating,
                deviation: r.deviation,
            }
        });
    start
        .into_iter()
        .chain(history.iter().map(|p| RatingPoint {
            time_ms: p.ms,
            rating: p.rating,
            deviation: p.deviation,
        }))
        .collect()
}
