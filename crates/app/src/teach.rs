//! Teaching: the rule cards `rules GAME` sends as pictures.
//!
//! The cards are the rules crate's data (`tablero_rules::teach::cards`),
//! their captions the catalogue's (`text/cards.rs`); this file draws them
//! for a reader.

use tablero_rules::teach::cards;
use tablero_rules::{GameId, Lang};

use crate::event::Event;
use crate::reply::Picture;
use crate::state::App;
use crate::text;

impl App {
    /// The pictures an event sends together: a game's rule cards.
    pub(crate) fn album_of(&self, e: &Event, lang: Lang) -> Vec<Picture> {
        match e {
            Event::Rules { id, .. } => self.rule_cards(*id, lang),
            Event::Review(r) => self.review_pictures(r, lang),
            _ => Vec::new(),
        }
    }

    /// Game `id`'s rule cards drawn with their captions in `lang`. A card
    /// that cannot be drawn is logged and left out (the tests draw them
    /// all).
    pub(crate) fn rule_cards(&self, id: GameId, lang: Lang) -> Vec<Picture> {
        cards(id)
            .iter()
            .enumerate()
            .filter_map(|(i, card)| {
                let game = card
                    .position(id)
                    .map_err(|e| tracing::warn!(card = card.caption, error = ?e, "a rule card does not play"))
                    .ok()?;
                let mut view = game.view();
                if !card.last {
                    view.highlights.clear();
                }
                let caption = text::caption(card.caption, lang).unwrap_or_default();
                let png = self
                    .renderer
                    .marked(id, &view, card.marks, Some(caption), false, Default::default(), lang)
                    .map_err(|e| tracing::warn!(card = card.caption, error = %e, "cannot draw a rule card"))
                    .ok()?;
                Some(Picture {
                    name: format!("{}-rules-{}.png", id.key(), i + 1),
                    png,
                    caption: caption.to_string(),
                })
            })
            .collect()
    }
}
