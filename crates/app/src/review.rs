//! `review N` (`analisis N`): the engine's review of a finished game — its
//! judgement of every position as an evaluation chart, and the moves that
//! changed the game most, each on the board where it was played with an
//! arrow for the engine's better move.
//!
//! The game is looked up under the channel lock as `replay` and `export`
//! look it up (`records.rs`), and must be finished. The searches run after
//! the lock is released, holding a place in the pool of heavy jobs
//! (`heavy.rs`) within the user's share, so a review never holds up a move
//! in play: moves take the channel lock, never a place in the pool, and
//! the bot's searches wait for a place only while the whole pool is busy.
//! Each position gets the same node budget (`tablero_engine::review`),
//! shared out by the game's length, so a review takes a couple of seconds
//! whatever the game. A finished game never changes, so its review is kept
//! (the last `KEPT` reviews, in `reviews.rs`) and asked again costs nothing.

use std::sync::Arc;

use tablero_rules::teach::{Mark, targets};
use tablero_rules::{AnyGame, Lang, Side};

use crate::channel::ChannelState;
use crate::command::GameNo;
use crate::event::{AppError, Event, GameView, Outcome, Reviewed};
use crate::heavy::WAIT;
use crate::reply::Picture;
use crate::state::{Actor, App, Res};
use crate::text;

/// The marks that show move `canonical` of `game`: an arrow from the cell
/// its piece leaves to where it lands, or a dot on each cell a placement
/// fills.
fn marks_of(game: &AnyGame, canonical: &str) -> Vec<Mark> {
    let Some(t) = targets(game, None)
        .into_iter()
        .find(|t| t.text == canonical)
    else {
        return Vec::new();
    };
    match t.from {
        Some(from) => t.to.iter().map(|&to| Mark::Arrow { from, to }).collect(),
        None => t.to.iter().map(|&c| Mark::Dot(c)).collect(),
    }
}

impl App {
    /// `review N`: game `n` here (or the caller's newest finished game
    /// here), reviewed by the engine.
    pub(crate) fn review(&self, who: &Actor, n: Option<GameNo>) -> Outcome {
        let ch = &who.channel;
        let game = self.with_channel(ch, |st| self.game_to_review(who, st, n))?;
        let key = (game.channel.clone(), game.id());
        if let Some(review) = self.reviews.get(&key) {
            return Ok(Event::Review(Reviewed { game, review }));
        }
        let holder = (ch.platform, who.user.id.clone());
        let _gate = self
            .reviews
            .gate
            .enter(holder.clone(), Some(WAIT))
            .map_err(AppError::Limit)?;
        let _place = self
            .heavy
            .enter(holder, Some(WAIT))
            .map_err(AppError::Limit)?;
        // Another request may have reviewed it while this one waited.
        if let Some(review) = self.reviews.get(&key) {
            return Ok(Event::Review(Reviewed { game, review }));
        }
        let record = &game.record;
        let start = AnyGame::new(record.game, &record.setup)
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let review = tablero_engine::review::review(&start, &record.moves, game.id())
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let review = Arc::new(review);
        self.reviews.put(key, review.clone());
        Ok(Event::Review(Reviewed { game, review }))
    }

    /// The finished game `review` means: number `n` here, or the caller's
    /// newest finished game here.
    fn game_to_review(&self, who: &Actor, st: &ChannelState, n: Option<GameNo>) -> Res<GameView> {
        let n = match n {
            Some(n) => n,
            None => self
                .store
                .finished_games(&who.channel)?
                .into_iter()
                .filter_map(Result::ok)
                .filter(|d| d.side_of(&who.user.id).is_some())
                .map(|d| d.id)
                .max()
                .ok_or(AppError::NothingToReview)?,
        };
        let game = self.game_to_show(who, st, Some(n))?;
        if game.result.is_none() {
            return Err(AppError::NotFinished(n));
        }
        Ok(game)
    }

    /// A review's pictures: the evaluation chart, then the board before
    /// each move that changed the game, the engine's better move drawn as
    /// an arrow, turned to the side that played it.
    pub(crate) fn review_pictures(&self, r: &Reviewed, lang: Lang) -> Vec<Picture> {
        let mut pictures = Vec::new();
        let id = r.review.game;
        let (values, marks, opts) = text::review_chart(r, lang);
        match self.renderer.eval_chart(&values, &marks, &opts) {
            Ok(png) => pictures.push(Picture {
                name: format!("review-{}-{}.png", id.key(), r.game.id()),
                png,
                caption: opts.title.clone(),
            }),
            Err(e) => tracing::warn!(game = r.game.id(), error = %e, "cannot draw a review chart"),
        }
        let record = &r.game.record;
        for p in r.turning_points() {
            let Some(better) = &p.better else {
                continue;
            };
            let mut at = record.clone();
            at.moves.truncate(p.ply);
            let Ok(game) = at.replay() else {
                continue;
            };
            let mut view = game.view();
            view.highlights.clear();
            let caption = text::review_caption(r, p, lang);
            let marks = marks_of(&game, better);
            match self.renderer.marked(
                id,
                &view,
                &marks,
                Some(&caption),
                p.mover == Side::Second,
                [
                    r.game.players[0].name.clone(),
                    r.game.players[1].name.clone(),
                ],
                lang,
            ) {
                Ok(png) => pictures.push(Picture {
                    name: format!("review-{}-{}-{}.png", id.key(), r.game.id(), p.ply + 1),
                    png,
                    caption,
                }),
                Err(e) => {
                    tracing::warn!(game = r.game.id(), error = %e, "cannot draw a review board");
                }
            }
        }
        pictures
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_review_of_a_user_at_once_is_answered_busy() {
        let dir = tempfile::tempdir().unwrap();
        let h = crate::testkit::Harness::new(dir.path());
        h.say("general", "bo", "help").unwrap();
        h.say("general", "ana", "challenge @bo barrier").unwrap();
        h.say("general", "bo", "accept").unwrap();
        h.say("general", "ana", "resign").unwrap();
        h.say("general", "ana", "resign yes").unwrap();
        // Bo's review is running.
        let holder = (crate::reply::Platform::Console, "bo".to_string());
        let held = h.app().reviews.gate.enter(holder, Some(WAIT)).unwrap();
        let r = h.say("general", "bo", "review #1").unwrap();
        assert!(r.error);
        assert!(r.album.is_empty());
        assert!(
            r.plain_text().contains("try again in a moment"),
            "{}",
            r.plain_text()
        );
        // Ana's is not held up.
        let r = h.say("general", "ana", "review #1").unwrap();
        assert!(!r.error, "{}", r.plain_text());
        drop(held);
        let r = h.say("general", "bo", "review #1").unwrap();
        assert!(!r.error, "{}", r.plain_text());
    }

    #[test]
    fn a_move_is_answered_while_a_review_runs_in_the_same_channel() {
        use crate::console::incoming;
        use std::time::{Duration, Instant};
        let dir = tempfile::tempdir().unwrap();
        let h = crate::testkit::Harness::new(dir.path());
        h.say("general", "bo", "help").unwrap();
        h.say("general", "dee", "help").unwrap();
        h.say("general", "ana", "challenge @bo chess white")
            .unwrap();
        h.say("general", "bo", "accept").unwrap();
        // Sixty moves of a long game, then a resignation.
        let mut game = AnyGame::new(tablero_rules::GameId::Chess, &Default::default()).unwrap();
        for i in 0..60 {
            let legal = game.legal_moves();
            let m = legal
                .iter()
                .cycle()
                .skip(i * 5)
                .take(legal.len())
                .find(|m| {
                    let mut next = game.clone();
                    next.play(m).is_ok() && next.outcome().is_none()
                })
                .unwrap()
                .clone();
            let who = if i % 2 == 0 { "ana" } else { "bo" };
            let typed = crate::reading::typed(&game, &m)[0].clone();
            let r = h.say("general", who, &format!("move #1 {typed}")).unwrap();
            assert!(!r.error, "{m}: {}", r.plain_text());
            game.play(&m).unwrap();
        }
        h.say("general", "ana", "resign #1").unwrap();
        h.say("general", "ana", "resign #1 yes").unwrap();
        // Game #2, in the same channel, in play.
        h.say("general", "cy", "challenge @dee breakthrough white")
            .unwrap();
        h.say("general", "dee", "accept").unwrap();

        let app = h.app.clone().unwrap();
        let reviewing = std::thread::spawn(move || {
            let r = app.handle(&incoming("bo", "general", "review #1")).unwrap();
            (r, Instant::now())
        });
        let deadline = Instant::now() + Duration::from_secs(60);
        while h.app().heavy.running() == 0 {
            assert!(Instant::now() < deadline, "the review never started");
            std::thread::sleep(Duration::from_millis(1));
        }
        // The review is searching: a move in the same channel is answered.
        let r = h.say("general", "cy", "a2-a3").unwrap();
        let moved = Instant::now();
        assert!(!r.error, "{}", r.plain_text());
        assert!(r.plain_text().contains("a2-a3"), "{}", r.plain_text());
        let (review, reviewed) = reviewing.join().unwrap();
        assert!(!review.error, "{}", review.plain_text());
        assert!(moved < reviewed, "the move waited for the review");
        // Asked again, the kept review is answered at once, the same.
        let again = h.say("general", "ana", "review #1").unwrap();
        assert_eq!(again.album.len(), review.album.len());
        assert_eq!(again.album[0].png, review.album[0].png);
    }
}
