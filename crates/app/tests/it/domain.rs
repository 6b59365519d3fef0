//! The domain API: commands in, typed events and errors out, with no text
//! involved. Positions and expectations are worked out by hand.

use tablero_app::command::{Answer, Someone};
use tablero_app::event::{OfferStep, Verb};
use tablero_app::terms::Terms;
use tablero_app::testkit::Harness;
use tablero_app::{AppError, Command, Event};
use tablero_app::{OfferKind, Termination};
use tablero_rules::GameId;
use tablero_rules::Side;

use tablero_app::testkit::actor;

fn run(h: &Harness, who: &str, cmd: Command) -> Result<Event, AppError> {
    h.app().execute(&actor(who), cmd)
}

fn mv(game: u64, text: &str) -> Command {
    Command::Move {
        game: Some(game),
        text: text.into(),
        ply: None,
    }
}

/// alice (White) and bob start `game`; returns its id.
fn start(h: &Harness, game: &str) -> u64 {
    let c = run(
        h,
        "alice",
        Command::Challenge {
            opponent: Some(Someone::Mention("<@bob>".into())),
            game: game.parse().unwrap(),
            terms: Terms {
                side: Some(Some(Side::First)),
                ..Terms::default()
            },
        },
    )
    .unwrap();
    let Event::Challenged(doc) = c else {
        panic!("{c:?}")
    };
    assert_eq!(doc.challenger_side, Some(Side::First));
    assert_eq!(doc.challenged.as_ref().unwrap().id, "bob");
    match run(h, "bob", Command::Accept(Some(doc.id))).unwrap() {
        Event::Accepted { by, game } => {
            assert_eq!(by.id, "bob");
            assert_eq!(game.ply(), 0);
            assert_eq!(game.player(Side::First).id, "alice");
            game.id()
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn moves_report_who_played_what_and_refuse_what_may_not_act() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let id = start(&h, "breakthrough");
    match run(&h, "bob", mv(id, "a7-a6")) {
        Err(AppError::NotYourTurn {
            id: g, waiting_for, ..
        }) => {
            assert_eq!((g, waiting_for.id.as_str()), (id, "alice"));
        }
        e => panic!("{e:?}"),
    }
    // Sixteen White pawns: the first eight on rank 1 cannot move; each of
    // a2 and h2 has 2 moves, b2..g2 have 3: 2*2 + 6*3 = 22 legal moves.
    match run(&h, "alice", mv(id, "a2-a5")) {
        Err(AppError::Illegal { hints, more, .. }) => assert_eq!(hints.len() + more, 22),
        e => panic!("{e:?}"),
    }
    match run(&h, "carol", mv(id, "a2-a3")) {
        Err(AppError::NotAPlayer(g)) => assert_eq!(g, id),
        e => panic!("{e:?}"),
    }
    match run(&h, "alice", mv(id, "a2-a3")).unwrap() {
        Event::Played { by, moves, game } => {
            assert_eq!(
                (by.id.as_str(), moves.as_slice()),
                ("alice", &["a2-a3".to_string()][..])
            );
            assert_eq!(game.ply(), 1);
            assert_eq!(game.game.turn().side, Side::Second);
        }
        e => panic!("{e:?}"),
    }
    // A press on the board drawn before that move is stale.
    let stale = Command::Move {
        game: Some(id),
        text: "h7-h6".into(),
        ply: Some(0),
    };
    assert!(matches!(run(&h, "bob", stale), Err(AppError::StaleBoard(g)) if g == id));
    match run(&h, "alice", mv(id, "a2-a3")) {
        Err(AppError::AlreadyPlayed(g)) => assert_eq!(g, id),
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        run(&h, "bob", Command::Draw(None, Some(id))),
        Err(AppError::NoDraws(GameId::Breakthrough))
    ));
}

#[test]
fn draws_and_takebacks_share_one_offer_state_machine() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let id = start(&h, "chess");
    let draw = |a| Command::Draw(a, Some(id));
    let takeback = |a| Command::Takeback(a, Some(id));
    // Nothing to take back before moving; no offer to answer.
    assert!(matches!(
        run(&h, "alice", takeback(None)),
        Err(AppError::NotMovedYet)
    ));
    assert!(matches!(
        run(&h, "bob", draw(Some(Answer::Accept))),
        Err(AppError::NoOffer(OfferKind::Draw))
    ));
    let step = |r: Result<Event, AppError>| match r {
        Ok(Event::Offer { step, kind, .. }) => (kind, step),
        e => panic!("{e:?}"),
    };
    assert_eq!(
        step(run(&h, "alice", draw(None))),
        (OfferKind::Draw, OfferStep::Made)
    );
    assert!(matches!(
        run(&h, "alice", draw(None)),
        Err(AppError::AlreadyOffered {
            kind: OfferKind::Draw,
            ..
        })
    ));
    assert_eq!(
        step(run(&h, "bob", draw(Some(Answer::Decline)))),
        (OfferKind::Draw, OfferStep::Declined)
    );
    // Takebacks: asked, then asking back must answer first, then accepted.
    run(&h, "alice", mv(id, "e4")).unwrap();
    run(&h, "bob", mv(id, "e5")).unwrap();
    assert_eq!(
        step(run(&h, "bob", takeback(None))),
        (OfferKind::Takeback, OfferStep::Made)
    );
    assert!(matches!(
        run(&h, "alice", takeback(None)),
        Err(AppError::AnswerFirst {
            kind: OfferKind::Takeback,
            ..
        })
    ));
    match run(&h, "alice", Command::Accept(Some(id))).unwrap() {
        Event::Offer {
            kind: OfferKind::Takeback,
            step: OfferStep::Accepted,
            undone,
            game,
            ..
        } => {
            // bob's e5 is undone; it is bob's turn again after e4.
            assert_eq!(undone, ["e5"]);
            assert_eq!(game.ply(), 1);
        }
        e => panic!("{e:?}"),
    }
    // A draw offered back agrees to the pending one.
    step(run(&h, "bob", draw(None)));
    match run(&h, "alice", draw(None)).unwrap() {
        Event::Offer {
            kind: OfferKind::Draw,
            step: OfferStep::Accepted,
            game,
            ..
        } => {
            let r = game.result.unwrap();
            assert_eq!((r.winner, r.termination), (None, Termination::Agreed));
        }
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        run(&h, "alice", draw(None)),
        Err(AppError::NoGame(g)) if g == id
    ));
}

#[test]
fn which_game_errors_name_the_verb_and_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::new(dir.path());
    let a = start(&h, "breakthrough");
    let b = start(&h, "chess");
    match run(&h, "alice", Command::Resign(None)) {
        Err(AppError::WhichGame { verb, games }) => {
            assert_eq!(verb, Verb::Resign);
            let ids: Vec<u64> = games.iter().map(|g| g.id()).collect();
            assert_eq!(ids, [a, b]);
        }
        e => panic!("{e:?}"),
    }
    match run(&h, "bob", Command::Resign(Some(b))).unwrap() {
        Event::Resigned { by, game } => {
            assert_eq!(by.id, "bob");
            let r = game.result.unwrap();
            assert_eq!(
                (r.winner, r.termination),
                (Some(Side::First), Termination::Resigned)
            );
        }
        e => panic!("{e:?}"),
    }
}
