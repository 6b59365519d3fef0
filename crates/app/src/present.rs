//! Events become replies: the catalogue's text, and the board drawn after
//! the channel lock is released.

use tablero_rules::{AnyGame, Lang, Side};

use crate::app::App;
use crate::event::{AppError, Event, GameView, OfferStep};
use crate::render::diagram;
use crate::reply::{BoardRef, ChallengeRef, Reply};
use crate::text;
use tablero_store::OfferKind;

/// What to draw for an event.
struct Board<'a> {
    game: &'a AnyGame,
    players: [String; 2],
    shows: BoardRef,
    /// Whether the player to move gets move choices.
    choices: bool,
}

fn board_of(e: &Event) -> Option<Board<'_>> {
    fn game_board(v: &GameView) -> Board<'_> {
        Board {
            game: &v.game,
            players: [v.doc.players[0].name.clone(), v.doc.players[1].name.clone()],
            shows: BoardRef::Game {
                id: v.id(),
                ply: v.ply(),
            },
            choices: v.doc.result.is_none(),
        }
    }
    match e {
        Event::Rules { id, start } => Some(Board {
            game: start,
            players: [String::new(), String::new()],
            shows: BoardRef::Example(*id),
            choices: false,
        }),
        Event::Accepted { game, .. }
        | Event::Played { game, .. }
        | Event::Board(game)
        | Event::Offer {
            kind: OfferKind::Takeback,
            step: OfferStep::Accepted,
            game,
            ..
        } => Some(game_board(game)),
        _ => None,
    }
}

impl App {
    /// The reply to `e`, written in `lang`.
    pub(crate) fn present(&self, e: &Event, lang: Lang) -> Reply {
        let mut reply = Reply::new(text::event(e), lang);
        reply.begins = matches!(e, Event::Accepted { .. });
        if let Event::Challenged(doc) = e {
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
        let view = b.game.view();
        let to_move = b.game.outcome().is_none().then(|| b.game.turn().side);
        let flip = to_move == Some(Side::Second);
        match self
            .renderer
            .render(b.game.id(), &view, flip, b.players, lang)
        {
            Ok(png) => reply.image = Some(png),
            Err(e) => tracing::warn!(board = ?b.shows, error = %e, "cannot draw a board"),
        }
        reply.diagram = Some(diagram(&view));
        reply.board = Some(b.shows);
        if b.choices && to_move.is_some() {
            reply.choices = crate::press::choice_groups(b.game);
        }
        reply
    }

    /// The reply to an error: it notifies nobody and changed nothing.
    pub(crate) fn present_error(&self, e: &AppError, lang: Lang) -> Reply {
        Reply::error(text::error(e), lang)
    }
}
