//! Golden rule cards: `rules GAME` in English and `reglas GAME` in Spanish
//! answer with every card of the game, in order, drawn by the real
//! renderer with the catalogue's caption; each is compared with
//! `tests/golden/<game>-<n>-<lang>.png` by decoded pixels
//! (`TABLERO_BLESS=1` rewrites them).

use crate::compare;

use std::sync::Arc;

use tablero_app::console::incoming;
use tablero_app::{App, ManualClock, PngRenderer, Settings};
use tablero_rules::GameId;
use tablero_rules::teach::cards;
use tablero_store::Store;

#[test]
fn every_game_rule_cards_in_both_languages_match_their_goldens() {
    let bless = compare::blessing();
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 4 << 20).unwrap();
    let app = App::new(
        store,
        Arc::new(ManualClock::at(1_700_000_000_000)),
        Arc::new(PngRenderer),
        Settings::default(),
    );
    app.handle(&incoming("eva", "general", "idioma es"));
    let mut wrong = Vec::new();
    for id in GameId::ALL {
        for (user, command, lang) in [("ana", "rules", "en"), ("eva", "reglas", "es")] {
            let reply = app
                .handle(&incoming(
                    user,
                    "general",
                    &format!("{command} {}", id.key()),
                ))
                .expect("rules are answered");
            assert!(!reply.error, "{id:?}: {}", reply.plain_text());
            let want = cards(id);
            assert_eq!(
                reply.album.len(),
                want.len(),
                "{id:?} {lang}: one picture a card"
            );
            for (i, p) in reply.album.iter().enumerate() {
                assert!(!p.caption.is_empty());
                let name = format!("{}-{}-{lang}.png", id.key(), i + 1);
                assert_eq!(p.name, format!("{}-rules-{}.png", id.key(), i + 1));
                wrong.extend(compare::check_golden(&name, &p.png, bless));
            }
        }
    }
    assert!(wrong.is_empty(), "cards differ:\n{}", wrong.join("\n"));
}
