//! A store written by the release before typed documents (schema version
//! 1, committed under `tests/fixtures/store-v1`, made by the script beside
//! it) opens and plays on. The expected texts are worked out from that
//! script: which games it left in which state.

use std::path::Path;

use tablero_app::testkit::Harness;
use tablero_store::{ChannelKey, OfferKind, Platform, Side, Termination};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn say(h: &Harness, ch: &str, who: &str, text: &str) -> String {
    let r = h.say(ch, who, text).expect("a reply");
    assert!(!r.error, "{who}> {text}: {}", r.plain_text());
    r.plain_text()
}

#[test]
fn a_version_1_store_opens_and_its_games_continue() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/store-v1");
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture, dir.path());
    // Opening the store changes nothing: it still needs both layout
    // migrations (the indexes of finished games and of open challenges).
    {
        let s = tablero_store::Store::open(dir.path(), 1 << 20).unwrap();
        let pending: Vec<u32> = s
            .pending_migrations()
            .unwrap()
            .iter()
            .map(|m| m.number)
            .collect();
        assert_eq!(pending, [1, 2]);
    }
    let mut h = Harness::new(dir.path());
    // The script ended two hours after the test clock's start.
    h.clock.advance(2 * 3_600_000);
    // Starting (as the bot starts) runs them.
    h.open();
    let general = ChannelKey::new(Platform::Console, "general");
    let s = h.app().store();
    assert_eq!(s.layout().unwrap(), tablero_store::LAYOUT);
    assert_eq!(
        s.user_challenges(Platform::Console, "carla").unwrap(),
        [(general.clone(), 7)]
    );

    // Typed values read back from version 1 records.
    let s = h.app().store();
    let g1 = s.game(&general, 1, true).unwrap().unwrap();
    assert_eq!(g1.offer(OfferKind::Takeback), Some(Side::First));
    let g2 = s.game(&general, 2, true).unwrap().unwrap();
    assert_eq!(g2.offer(OfferKind::Draw), Some(Side::Second));
    let g3 = s.game(&general, 3, false).unwrap().unwrap().result.unwrap();
    assert_eq!(g3.winner, Some(Side::Second));
    assert_eq!(
        g3.termination,
        Termination::Rules(tablero_rules::EndReason::Checkmate)
    );
    let carla = s.profile(Platform::Console, "carla").unwrap().unwrap();
    assert_eq!(carla.lang, Some(tablero_rules::Lang::Es));

    // Finished games keep their results.
    assert!(say(&h, "general", "bob", "history #3").contains("@dan (Black) wins: checkmate."));
    assert!(say(&h, "general", "bob", "history #4").contains("@alice (White) wins: resignation."));
    assert!(say(&h, "general", "bob", "history #5").contains("Draw: agreed."));
    assert!(say(&h, "tables", "bob", "history #1").contains("@alice (Black) wins: out of time."));
    // Carla still reads Spanish.
    assert!(say(&h, "general", "carla", "history #5").contains("Tablas: de mutuo acuerdo."));

    // Pending offers are answered: alice asked to take back a2-a3 in #1.
    let r = say(&h, "general", "bob", "takeback accept #1");
    assert!(
        r.starts_with("@bob accepts the takeback in #1: a2-a3 h7-h6 taken back."),
        "{r}"
    );
    // Carla offered a draw in #2; dan accepts it.
    let r = say(&h, "general", "dan", "draw accept #2");
    assert_eq!(r, "@dan accepts the draw in #2. The game is drawn.");
    // The pending challenge #6 (bob → dan, Cascades) is accepted and played.
    let r = say(&h, "general", "dan", "accept #6");
    assert!(r.starts_with("@dan accepts. Game #6: Cascades"), "{r}");
    // Stats from before the upgrade are added to, not restarted: dan lost
    // Bloc (#4) and won chess (#3); the draw of #2 adds one.
    let r = say(&h, "general", "dan", "stats");
    assert!(r.contains("Chess: 1 won, 0 lost, 1 drawn"), "{r}");
    assert!(r.contains("Bloc: 0 won, 1 lost, 0 drawn"), "{r}");
    // Game #1 goes on: alice moves again.
    let r = say(&h, "general", "alice", "move #1 b2-b3");
    assert!(r.starts_with("@alice played b2-b3 in #1."), "{r}");
    // The open challenge #7 is still there.
    assert!(
        say(&h, "general", "bob", "current").contains("#7 challenge: carla → anyone, Knight Fight")
    );
}
