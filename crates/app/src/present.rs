//! Events become replies: the catalogue's text, and the board drawn after
//! the channel lock is released.

use tablero_rules::{AnyGame, EndReason, Lang, Side};

use crate::command::ExportFormat;
use crate::event::{AppError, Event, GameView, OfferStep};
use crate::records;
use crate::render::diagram_turned;
use crate::reply::{Attachment, BoardRef, ChallengeRef, FileKind, Pick, Reply, User};
use crate::state::App;
use crate::text;
use crate::view::{ChallengeView, GameResult, OfferKind, Termination};

/// What to draw for an event.
struct Board<'a> {
    game: &'a AnyGame,
    players: [String; 2],
    shows: BoardRef,
    /// Whether the player to move gets move choices.
    choices: bool,
    /// The side the bot plays, in a game against it, and its level.
    bot: Option<(Side, u8)>,
    /// How the game ended, when it did.
    result: Option<GameResult>,
    /// The game's channel, whose settings turn the board.
    channel: Option<&'a crate::reply::ChannelKey>,
    /// The game (who plays which side).
    view: Option<&'a GameView>,
}

fn board_of(e: &Event) -> Option<Board<'_>> {
    fn game_board(v: &GameView) -> Board<'_> {
        Board {
            game: &v.game,
            players: [v.players[0].name.clone(), v.players[1].name.clone()],
            shows: BoardRef::Game {
                id: v.id(),
                ply: v.ply(),
            },
            choices: v.result.is_none(),
            bot: v.bot.map(|b| (b.side, b.level)),
            result: v.result,
            channel: Some(&v.channel),
            view: Some(v),
        }
    }
    match e {
        // The rules show their cards (`teach.rs`), the start among them.
        // Every ending shows the final board with its result.
        Event::Accepted { game, .. }
        | Event::Played { game, .. }
        | Event::Answered { game, .. }
        | Event::Board(game)
        | Event::Resigned { game, .. }
        | Event::TimedOut { game, .. }
        | Event::Offer {
            kind: OfferKind::Takeback,
            step: OfferStep::Accepted,
            game,
            ..
        }
        | Event::Offer {
            kind: OfferKind::Draw,
            step: OfferStep::Accepted,
            game,
            ..
        } => Some(game_board(game)),
        // Drawn with marks over them (`learn.rs`).
        Event::Moves { game, .. } | Event::Hint { game, .. } => Some(game_board(game)),
        _ => None,
    }
}

/// Puts a finished game's result on its view: a resignation, a timeout
/// or an agreed draw is no outcome of the rules, so the view alone would
/// still show a player to move.
pub(crate) fn show_result(view: &mut tablero_rules::BoardView, r: &GameResult) {
    let reason = match r.termination {
        Termination::Rules(reason) => reason,
        Termination::Resigned => EndReason::Resignation,
        Termination::Time => EndReason::TimeForfeit,
        Termination::Agreed => EndReason::Agreement,
    };
    view.status.outcome = Some(tablero_rules::Outcome {
        winner: r.winner,
        reason,
    });
    view.status.to_move = None;
}

/// Accept buttons for `list`.
fn picks(list: &[&ChallengeView], lang: Lang) -> Vec<Pick> {
    list.iter()
        .map(|c| Pick {
            challenge: c.id,
            label: text::pick_label(c, lang),
        })
        .collect()
}

/// The game an event shows ending, if it does.
fn ended(e: &Event) -> Option<u64> {
    match e {
        Event::Played { game, .. }
        | Event::Answered { game, .. }
        | Event::Resigned { game, .. }
        | Event::TimedOut { game, .. }
        | Event::Offer {
            kind: OfferKind::Draw,
            step: OfferStep::Accepted,
            game,
            ..
        } if game.result.is_some() => Some(game.id()),
        _ => None,
    }
}

/// The game an event shows ending, with its view.
fn ended_view(e: &Event) -> Option<&GameView> {
    match e {
        Event::Played { game, .. }
        | Event::Answered { game, .. }
        | Event::Resigned { game, .. }
        | Event::TimedOut { game, .. }
        | Event::Offer { game, .. } => Some(game),
        _ => None,
    }
}

impl App {
    /// The file an event sends (a record, a replay, a chart, a table).
    fn file_of(&self, e: &Event, lang: Lang) -> Option<Attachment> {
        let (name, bytes, kind) = match e {
            Event::Export { game, format, body } => {
                let ext = match format {
                    ExportFormat::Pgn => "pgn",
                    ExportFormat::Text => "txt",
                };
                let id = game.info().id;
                (
                    records::file_name(game.id(), id, ext),
                    body.clone().into_bytes(),
                    FileKind::Document,
                )
            }
            Event::Replay(game) => {
                let record = &game.record;
                let views = match record.views() {
                    Ok(mut v) => {
                        // The last frame shows how the game ended.
                        if let (Some(r), Some(last)) = (&game.result, v.last_mut()) {
                            show_result(last, r);
                        }
                        v
                    }
                    Err(e) => {
                        tracing::warn!(game = game.id(), error = %e, "cannot replay a record");
                        return None;
                    }
                };
                let players = [game.players[0].name.clone(), game.players[1].name.clone()];
                let gif = self
                    .renderer
                    .replay(record.game, &views, players, lang)
                    .map_err(
                        |e| tracing::warn!(game = game.id(), error = %e, "cannot draw a replay"),
                    )
                    .ok()?;
                (
                    records::file_name(game.id(), record.game, "gif"),
                    gif,
                    FileKind::Animation,
                )
            }
            Event::Stats {
                user,
                chart: Some(h),
                ..
            } => {
                let png = self
                    .renderer
                    .chart(&h.points, &text::chart_texts(user, h, lang))
                    .map_err(|e| tracing::warn!(error = %e, "cannot draw a rating chart"))
                    .ok()?;
                (format!("rating-{}.png", h.game.key()), png, FileKind::Image)
            }
            Event::Tournament(crate::tourview::TourEvent::Withdrew { news: Some(n), .. }) => {
                return self.standings_image(n, lang);
            }
            Event::Leaderboard(board) => {
                let (rows, opts) = text::leaderboard_table(board, lang)?;
                let png = self
                    .renderer
                    .table(&rows, &opts)
                    .map_err(|e| tracing::warn!(error = %e, "cannot draw a leaderboard"))
                    .ok()?;
                ("leaderboard.png".to_string(), png, FileKind::Image)
            }
            _ => return None,
        };
        Some(Attachment { name, bytes, kind })
    }

    /// A tournament's standings after a round, drawn as a table.
    fn standings_image(&self, n: &crate::tourview::RoundNews, lang: Lang) -> Option<Attachment> {
        let (rows, opts) = text::tournaments::standings_table(n, lang);
        let png = self
            .renderer
            .table(&rows, &opts)
            .map_err(|e| tracing::warn!(error = %e, "cannot draw a tournament's standings"))
            .ok()?;
        Some(Attachment {
            name: format!("tournament-{}-round-{}.png", n.view.id, n.round),
            bytes: png,
            kind: FileKind::Image,
        })
    }

    /// Whether a board is drawn with the second player at the bottom. A
    /// game against the bot shows the person's side; a game between
    /// people follows its channel's setting: White at the bottom (the
    /// default: one board a whole channel reads, the same way round as
    /// the text board, the replay and a printed diagram), or the player
    /// to move. In a player's direct chat (`viewer`), their own side is
    /// at the bottom, whatever the game's channel says.
    fn flip(&self, b: &Board<'_>, to_move: Option<Side>, viewer: Option<&User>) -> bool {
        if let Some((bot, _)) = b.bot {
            return bot == Side::First;
        }
        if let Some(side) = viewer.and_then(|u| b.view?.side_of(&u.id)) {
            return side == Side::Second;
        }
        let Some(ch) = b.channel else {
            return false;
        };
        match self.store.channel_settings(ch).map(|d| d.orientation) {
            Ok(tablero_store::Orientation::Turn) => to_move == Some(Side::Second),
            _ => false,
        }
    }

    /// The reply to `e`, written in `lang`.
    pub(crate) fn present(&self, e: &Event, lang: Lang) -> Reply {
        self.present_to(e, lang, None)
    }

    /// The reply to `e`, written in `lang`, for `viewer` in their direct
    /// chat (boards turned to their side) when given.
    pub(crate) fn present_to(&self, e: &Event, lang: Lang, viewer: Option<&User>) -> Reply {
        let mut reply = Reply::new(text::event(e), lang);
        text::learning_welcome(e, &mut reply.text);
        reply.begins = matches!(e, Event::Accepted { .. });
        self.link_page(e, &mut reply);
        reply.ended = ended(e);
        reply.file = self.file_of(e, lang);
        if let (Some(id), Some(v)) = (reply.ended, ended_view(e)) {
            // A tournament's game: its place, and what its end brought.
            if let Some((at, news)) = self.round_news(&v.channel, id) {
                let note = text::tournaments::ended_note(&at, news.as_ref());
                reply.text.en.append(note.en);
                reply.text.es.append(note.es);
                reply.mentions = reply.text.get(lang).mentioned();
                if let Some(n) = &news {
                    reply.file = self.standings_image(n, lang);
                }
            }
        }
        reply.album = self.album_of(e, lang);
        if let Some((pager, offered)) = text::event_pages(e) {
            reply.pager = pager;
            reply.picks = picks(&offered, lang);
        }
        reply.tournament = open_tournament(e);
        if let Event::Challenged(doc) | Event::ChallengeWaiting(doc) = e {
            reply.challenge = Some(ChallengeRef {
                id: doc.id,
                open: doc.challenged.is_none() && doc.handle.is_none(),
            });
        }
        if let Event::Choices {
            game, ply, groups, ..
        } = e
        {
            reply.choices = groups.clone();
            reply.board = Some(BoardRef::Game {
                id: *game,
                ply: *ply,
            });
        }
        let Some(b) = board_of(e) else {
            return reply;
        };
        let mut view = b.game.view();
        if let Some(r) = &b.result {
            show_result(&mut view, r);
        }
        let to_move = view.status.to_move.filter(|_| b.result.is_none());
        let flip = self.flip(&b, to_move, viewer);
        let mut players = b.players;
        if let Some((side, level)) = b.bot {
            let name = &mut players[side.index()];
            *name = format!("{name} · {}", text::level_word(level, lang));
        }
        let drawn = match App::marks_of(e) {
            Some(marks) => {
                self.renderer
                    .marked(b.game.id(), &view, &marks, None, flip, players, lang)
            }
            None => self
                .renderer
                .render(b.game.id(), &view, flip, players, lang),
        };
        match drawn {
            Ok(png) => reply.image = Some(png),
            Err(e) => tracing::warn!(board = ?b.shows, error = %e, "cannot draw a board"),
        }
        reply.diagram = Some(diagram_turned(&view, flip, lang));
        reply.board = Some(b.shows);
        // Every path that leaves the bot to move queues its search.
        reply.thinking = b.choices && to_move.is_some() && to_move == b.bot.map(|(s, _)| s);
        if b.choices && to_move.is_some() {
            reply.choices = crate::press::choice_groups_in(b.game, lang);
        }
        if let Event::Moves { groups, .. } = e {
            // Only that piece's moves (or the placements).
            reply.choices.clone_from(groups);
        }
        reply.look = match e {
            Event::Moves { .. } => Some("moves"),
            Event::Hint { .. } => Some("hint"),
            _ => None,
        };
        if matches!(e, Event::Moves { .. } | Event::Hint { .. }) {
            // A look at the position: the bot's search, if one runs, was
            // shown with the board that started it.
            reply.thinking = false;
        }
        reply
    }

    /// The reply to `e` for `user`: a replay, a chart or a table is drawn
    /// in the pool of heavy jobs, within the user's share of it; past the
    /// share, or when no place frees up in time, the reply says to try
    /// again in a moment.
    pub(crate) fn present_pooled(
        &self,
        user: &crate::reply::User,
        platform: crate::reply::Platform,
        e: &Event,
        lang: Lang,
        viewer: Option<&User>,
    ) -> Reply {
        let heavy = matches!(
            e,
            Event::Replay(_)
                | Event::Leaderboard(_)
                | Event::Stats { chart: Some(_), .. }
                | Event::Review(_)
        );
        if !heavy {
            return self.present_to(e, lang, viewer);
        }
        match self
            .heavy
            .enter((platform, user.id.clone()), Some(crate::heavy::WAIT))
        {
            Ok(_place) => self.present_to(e, lang, viewer),
            Err(limit) => self.present_error(&AppError::Limit(limit), lang),
        }
    }

    /// The reply to an error: it notifies nobody and changed nothing.
    pub(crate) fn present_error(&self, e: &AppError, lang: Lang) -> Reply {
        let mut reply = Reply::error(text::error(&e.clone().quoted_briefly()), lang);
        if let AppError::DidYouMean { options, .. } = e {
            reply.suggestions = options.clone();
        }
        reply.picks = picks(&text::error_picks(e), lang);
        reply.pager = text::error_pager(e);
        reply
    }
}

/// The tournament `e` shows while players may still join it (created,
/// joined, left or shown), for its Join, Leave and Start buttons.
fn open_tournament(e: &Event) -> Option<u64> {
    use crate::tourview::TourEvent as T;
    let Event::Tournament(
        T::Created(v) | T::Joined { view: v, .. } | T::Left { view: v, .. } | T::Shown(v),
    ) = e
    else {
        return None;
    };
    (v.tournament.phase() == tablero_tournament::Phase::Registration).then_some(v.id)
}
