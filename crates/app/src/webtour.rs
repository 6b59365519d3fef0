//! A tournament's web page (`/t/TOKEN`, `crates/web`): its standings,
//! every round's pairings with a link to each game's page, and the
//! tournaments of listed chats for the lists. The token is made as a
//! game's (`watch.rs`); the page is read afresh from the store, and its
//! live updates follow its channel's version like a game page's.

use tablero_store::{TournamentDoc, WebLink};
use tablero_tournament::{Phase, TieBreak};

use crate::changes::WatchChannel;
use crate::event::AppError;
use crate::rounds::{core_of, view_of};
use crate::state::{App, Res};
use crate::text;
use crate::text::tournaments as words;
use crate::tourview::TournamentView;
use crate::webview::{Both, LiveTournament, TourPairing, TourRound, TourStanding, TournamentPage};

/// The most tournaments the lists show.
const LISTED: usize = 20;

impl App {
    /// The tournament a token names.
    fn tournament_of(&self, token: &str) -> Res<Option<TournamentDoc>> {
        if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let Some(WebLink::Tournament { channel, id }) = self.store.web_link(token)? else {
            return Ok(None);
        };
        Ok(self.store.tournament(&channel, id)?)
    }

    /// The chat's name as the lists show it.
    fn chat_name(&self, ch: &crate::reply::ChannelKey) -> Res<Both> {
        Ok(match self.store.channel_settings(ch)?.title {
            Some(t) => Both::of(|_| t.clone()),
            None => Both::of(|l| text::web::unnamed_chat(ch.platform, l)),
        })
    }

    /// Tournament `token`'s page, `None` when no tournament has that
    /// token.
    pub fn watch_tournament(&self, token: &str) -> Res<Option<TournamentPage>> {
        // The version first: a change after it is announced again.
        let Some(doc) = self.tournament_of(token)? else {
            return Ok(None);
        };
        let version = self.store.channel_version(&doc.channel)?;
        let doc = self.tournament_of(token)?.unwrap_or(doc);
        let v = view_of(&doc, &core_of(&doc)?);
        let t = &v.tournament;
        let started = !matches!(t.phase(), Phase::Registration | Phase::Cancelled);
        let standings = if started {
            t.standings()
                .iter()
                .map(|s| TourStanding {
                    rank: s.rank as usize,
                    name: s.name.clone(),
                    points: s.points.to_string(),
                    games: s.games,
                    record: format!("{} {} {}", s.wins, s.draws, s.losses),
                    tiebreaks: s.tiebreaks.iter().map(|(_, p)| p.to_string()).collect(),
                    withdrawn: s.withdrawn,
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut rounds = Vec::new();
        for r in t.rounds().iter().rev() {
            let mut pairings = Vec::new();
            for g in &r.games {
                let game = match v.game_of(r.number, g.board) {
                    Some(n) => Some(self.game_token(&v.channel, n)?),
                    None => None,
                };
                pairings.push(TourPairing {
                    board: g.board,
                    white: v.name_of(&g.white),
                    black: v.name_of(&g.black),
                    result: g.result.map(|r| words::score(r).to_string()),
                    game,
                });
            }
            rounds.push(TourRound {
                number: r.number,
                pairings,
                bye: r
                    .bye
                    .as_ref()
                    .map(|b| Both::of(|l| words::web_bye(&v, b, l))),
            });
        }
        Ok(Some(TournamentPage {
            token: token.to_string(),
            channel: WatchChannel(doc.channel.clone()),
            title: Both::of(|l| words::web_title(&v, l)),
            about: Both::of(|l| words::web_about(&v, l)),
            status: Both::of(|l| words::web_status(&v, l)),
            players: if started {
                Vec::new()
            } else {
                t.players().iter().map(|p| p.name.clone()).collect()
            },
            tiebreaks: TieBreak::for_format(v.format())
                .iter()
                .map(|tb| Both::of(|l| words::tiebreak_name(*tb, l).to_string()))
                .collect(),
            standings,
            rounds,
            chat: self.chat_name(&doc.channel)?,
            version,
        }))
    }

    /// The tournaments of listed channels that are not cancelled: those
    /// still going first, then the finished ones, newest first within
    /// each, at most [`LISTED`].
    pub fn watch_tournaments(&self) -> Res<Vec<LiveTournament>> {
        let mut found: Vec<(bool, i64, TournamentView, Both)> = Vec::new();
        for (ch, _) in self.store.listed_channels()? {
            let chat = self.chat_name(&ch)?;
            for doc in self.store.channel_tournaments(&ch)?.into_iter().flatten() {
                let t = match core_of(&doc) {
                    Ok(t) => t,
                    Err(AppError::Unreadable(e)) => {
                        tracing::warn!(error = %e, "an unreadable tournament");
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                if t.phase() == Phase::Cancelled {
                    continue;
                }
                let over = t.phase() == Phase::Finished;
                found.push((over, doc.created_ms, view_of(&doc, &t), chat.clone()));
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        found
            .into_iter()
            .take(LISTED)
            .map(|(_, _, v, chat)| {
                Ok(LiveTournament {
                    token: self.tournament_token(&v.channel, v.id)?,
                    title: Both::of(|l| words::web_title(&v, l)),
                    status: Both::of(|l| words::web_status(&v, l)),
                    chat,
                })
            })
            .collect()
    }
}
