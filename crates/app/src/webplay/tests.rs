use std::sync::Arc;

use tablero_store::Store;

use super::*;
use crate::reply::Platform;
use crate::{FakeRenderer, Incoming, ManualClock, Settings};

fn c(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

fn path(game: GameId, shape: Shape, origin: Option<&str>, text: &str) -> Vec<String> {
    tap_path(game, shape, origin.map(c), text)
        .iter()
        .map(Cell::to_string)
        .collect()
}

/// Each kind of move's taps, worked out by hand from its notation.
#[test]
fn every_kind_of_move_is_a_path_of_taps() {
    let chess = Shape::grid(8, 8);
    type Case<'a> = (GameId, Shape, Option<&'a str>, &'a str, &'a [&'a str]);
    let cases: &[Case] = &[
        (GameId::Chess, chess, Some("e2"), "e4", &["e2", "e4"]),
        (GameId::Chess, chess, Some("g1"), "Nf3", &["g1", "f3"]),
        (GameId::Chess, chess, Some("e1"), "O-O", &["e1", "g1"]),
        (GameId::Chess, chess, Some("e8"), "O-O-O+", &["e8", "c8"]),
        (GameId::Chess, chess, Some("e7"), "e8=Q+", &["e7", "e8"]),
        (GameId::Chess, chess, Some("a1"), "Rae1", &["a1", "e1"]),
        // `R1` would be a cell of a board 18 files wide: not this one.
        (GameId::Chess, chess, Some("a1"), "R1a3", &["a1", "a3"]),
        (
            GameId::Bloc,
            chess,
            Some("b1"),
            "b1-b2*a2",
            &["b1", "b2", "a2"],
        ),
        (
            GameId::Barrier,
            chess,
            Some("h6"),
            "h6-h7-f7",
            &["h6", "h7", "f7"],
        ),
        // The explosion acts on its piece alone: tapped twice.
        (GameId::Bombardment, chess, Some("a2"), "a2x", &["a2", "a2"]),
        (
            GameId::Cascades,
            Shape::HexTrapezoid { rows: 8 },
            None,
            "c7,e7",
            &["c7", "e7"],
        ),
        (
            GameId::Cascades,
            Shape::HexTrapezoid { rows: 8 },
            None,
            "pass",
            &[],
        ),
        // `x66` is a number taken, not a cell (x is past j).
        (
            GameId::KnightFight,
            Shape::grid(10, 10),
            Some("c10"),
            "c10-b8x66",
            &["c10", "b8"],
        ),
        (
            GameId::KnightFight,
            Shape::grid(10, 10),
            None,
            "c10x99",
            &["c10"],
        ),
        (
            GameId::Empuje,
            Shape::grid(6, 6),
            Some("d1"),
            "d1e",
            &["d1", "e1"],
        ),
        (
            GameId::Empuje,
            Shape::grid(6, 6),
            Some("b3"),
            "b3w",
            &["b3", "a3"],
        ),
        (GameId::Empuje, Shape::grid(6, 6), None, "Wa1", &["a1"]),
        (GameId::Empuje, Shape::grid(6, 6), None, "black", &[]),
        (
            GameId::Guadalete14,
            Shape::Square {
                files: 8,
                ranks: 14,
                wrap_ranks: true,
            },
            Some("a14"),
            "Ra13",
            &["a14", "a13"],
        ),
    ];
    for (game, shape, origin, text, want) in cases {
        assert_eq!(path(*game, *shape, *origin, text), *want, "{game:?} {text}");
    }
}

/// Every legal move at the start of each game (and some moves on) is a
/// path that names it alone, or shares its path with moves the third
/// choice tells apart: no two moves need the same taps and the same
/// button.
#[test]
fn every_start_s_moves_can_be_tapped() {
    for id in GameId::ALL {
        let mut game = tablero_rules::AnyGame::new(id, &Default::default()).unwrap();
        for _ in 0..6 {
            let shape = game.view().shape;
            let moves = game.move_choices();
            if moves.is_empty() {
                break;
            }
            let mut seen = std::collections::HashSet::new();
            for m in &moves {
                let p = tap_path(id, shape, m.origin, &m.text);
                if let Some(o) = m.origin {
                    assert_eq!(p.first(), Some(&o), "{id:?} {}", m.text);
                    assert!(
                        p.len() >= 2,
                        "{id:?} {}: a piece's move has a target",
                        m.text
                    );
                }
                assert!(seen.insert((p, m.text.clone())), "{id:?} {}", m.text);
            }
            let first = moves[moves.len() / 2].text.clone();
            game.play(&first).unwrap();
        }
    }
}

// The init data below and its hash were made with Python's own modules
// (the hash is not this code's output):
//   python3 -c 'import hmac,hashlib
//   f={"auth_date":"1700000000","query_id":"AAHdF6IQAAAAAN0XohDhrOrc",
//      "user":"{\"id\":4242,\"first_name\":\"Ana\",\"username\":\"ana\"}",
//      "start_param":"0123456789abcdef0123456789abcdef"}
//   d="\n".join(k+"="+v for k,v in sorted(f.items()))
//   s=hmac.new(b"WebAppData",b"123456:ABC-test-token",hashlib.sha256).digest()
//   print(hmac.new(s,d.encode(),hashlib.sha256).hexdigest())'
// and urllib.parse.urlencode of the fields with that hash.
const INIT: &str = "auth_date=1700000000&query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A4242%2C%22first_name%22%3A%22Ana%22%2C%22username%22%3A%22ana%22%7D&start_param=0123456789abcdef0123456789abcdef&hash=46b7214efce24afb1270f9a8a98a8d3994f45ba200b760483e966fc514aa5125";
const BOT: &str = "123456:ABC-test-token";

#[test]
fn telegram_init_data_is_checked_as_telegram_signs_it() {
    let ok = verify_init_data(INIT, BOT, 1_700_000_100, 3600).unwrap();
    assert_eq!(ok.user, "4242");
    assert_eq!(ok.name, "Ana");
    assert_eq!(
        ok.start_param.as_deref(),
        Some("0123456789abcdef0123456789abcdef")
    );
    // At the edge of its window, and one second past it.
    assert!(verify_init_data(INIT, BOT, 1_700_003_600, 3600).is_ok());
    assert_eq!(
        verify_init_data(INIT, BOT, 1_700_003_601, 3600),
        Err(LinkRefusal::TelegramStale)
    );
    let sig = Err(LinkRefusal::TelegramSignature);
    assert_eq!(
        verify_init_data(INIT, "654321:other-bot", 1_700_000_100, 3600),
        sig
    );
    let altered_user = INIT.replace("4242", "4243");
    assert_eq!(
        verify_init_data(&altered_user, BOT, 1_700_000_100, 3600),
        sig
    );
    let other_game = INIT.replace("start_param=0", "start_param=1");
    assert_eq!(verify_init_data(&other_game, BOT, 1_700_000_100, 3600), sig);
    let no_hash = INIT.split("&hash=").next().unwrap();
    assert_eq!(verify_init_data(no_hash, BOT, 1_700_000_100, 3600), sig);
    assert_eq!(verify_init_data("", BOT, 1_700_000_100, 3600), sig);
    assert_eq!(verify_init_data("%%%", BOT, 1_700_000_100, 3600), sig);
}

fn app(dir: &std::path::Path, clock: Arc<ManualClock>, per_minute: usize) -> App {
    let store = Store::open(dir, 1 << 20).unwrap();
    let mut settings = Settings::default();
    settings.limits.commands_per_minute = per_minute;
    let app = App::new(store, clock, Arc::new(FakeRenderer), settings);
    app.set_web_base(Some("http://web.test".into()));
    app
}

fn user(name: &str) -> User {
    User {
        id: format!("id-{name}"),
        name: name.into(),
    }
}

fn room() -> ChannelKey {
    ChannelKey::new(Platform::Telegram, "-100")
}

fn say(app: &App, who: &str, text: &str) -> crate::Reply {
    let msg = Incoming {
        mentions: vec![user("ana"), user("ben")],
        ..Incoming::addressed(room(), user(who), text)
    };
    app.handle(&msg).expect("a reply")
}

/// The token and key of `url` (`…/g/TOKEN/play/KEY`).
fn parts(url: &str) -> (String, String) {
    let rest = url.split("/g/").nth(1).unwrap();
    let (token, key) = rest.split_once("/play/").unwrap();
    (token.to_string(), key.to_string())
}

fn refusal_of(r: Result<Acted, PlayError>) -> LinkRefusal {
    match r {
        Err(PlayError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    }
}

fn e4() -> PlayAction {
    PlayAction::Move {
        ply: 0,
        text: "e4".into(),
    }
}

/// A player's link moves their side of their game, as a typed move would,
/// and the chat hears of it; every other use of a link is refused with its
/// reason and changes nothing.
#[test]
fn a_link_moves_its_own_side_of_its_own_game_only() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::at(1_700_000_000_000));
    let app = app(dir.path(), clock.clone(), 1000);
    say(&app, "ben", "help");
    say(&app, "ana", "challenge @ben chess white");
    assert!(!say(&app, "ben", "accept").error);
    say(&app, "ana", "challenge @ben breakthrough white");
    assert!(!say(&app, "ben", "accept #2").error);
    let ana = app.play_url(&room(), 1, "id-ana").unwrap();
    let ben = app.play_url(&room(), 1, "id-ben").unwrap();
    assert!(ana.starts_with("http://web.test/g/"), "{ana}");
    assert!(app.play_url(&room(), 1, "id-cleo").is_none());
    // The private answer to a "Play on the board" press: the presser's
    // own link, or why there is none.
    let pressed = app.play_link(&room(), &user("ben"), 1);
    assert!(
        !pressed.error && pressed.plain_text().contains(&ben),
        "{}",
        pressed.plain_text()
    );
    let watcher = app.play_link(&room(), &user("cleo"), 1);
    assert!(watcher.error && watcher.plain_text().contains("only watch"));
    let (token, ana_key) = parts(&ana);
    let (_, ben_key) = parts(&ben);
    assert!(ana_key.starts_with("0-") && ben_key.starts_with("1-"));
    let before = app.store().game(&room(), 1, true).unwrap();
    let en = Lang::En;

    // Ben's link on White's move: the app's own "not your turn".
    let r = app.play_act(&token, &ben_key, &e4(), en).unwrap();
    assert!(
        !r.ok && r.message.contains("not your turn"),
        "{}",
        r.message
    );
    // Ana's key with its side changed, a digit of it changed, its expiry
    // moved: not signed so.
    let other_side = format!("1{}", &ana_key[1..]);
    let mut digit = ana_key.clone().into_bytes();
    let last = digit.len() - 1;
    digit[last] = if digit[last] == b'0' { b'1' } else { b'0' };
    let digit = String::from_utf8(digit).unwrap();
    let (_, rest) = ana_key.split_once('-').unwrap();
    let (expires, mac) = rest.split_once('-').unwrap();
    let later: i64 = expires.parse::<i64>().unwrap() + 86_400;
    let longer = format!("0-{later}-{mac}");
    for key in [&other_side, &digit, &longer, "0-1-zz"] {
        assert_eq!(
            refusal_of(app.play_act(&token, key, &e4(), en)),
            LinkRefusal::Invalid,
            "{key}"
        );
    }
    // Ana's key of game #1 on game #2's page.
    let (token2, _) = parts(&app.play_url(&room(), 2, "id-ana").unwrap());
    assert_eq!(
        refusal_of(app.play_act(&token2, &ana_key, &e4(), en)),
        LinkRefusal::Invalid
    );
    assert_eq!(
        refusal_of(app.play_act("0123456789abcdef0123456789abcdef", &ana_key, &e4(), en)),
        LinkRefusal::NoGame
    );
    // A stale move number.
    let stale = PlayAction::Move {
        ply: 3,
        text: "e4".into(),
    };
    let r = app.play_act(&token, &ana_key, &stale, en).unwrap();
    assert!(!r.ok && r.message.contains("out of date"), "{}", r.message);
    // An illegal move.
    let bad = PlayAction::Move {
        ply: 0,
        text: "e5".into(),
    };
    assert!(!app.play_act(&token, &ana_key, &bad, en).unwrap().ok);
    assert_eq!(app.store().game(&room(), 1, true).unwrap(), before);
    assert!(app.take_notices(Platform::Telegram).is_empty());

    // The move itself: played, and the chat gets the board.
    let r = app.play_act(&token, &ana_key, &e4(), en).unwrap();
    assert!(r.ok && r.message.is_empty(), "{}", r.message);
    app.announce_play(r);
    let notices = app.take_notices(Platform::Telegram);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel, room());
    assert!(notices[0].reply.image.is_some());
    assert!(notices[0].reply.plain_text().contains("e4"));
    let view = app.play_view(&token, &ben_key, en).unwrap();
    assert!(view.your_turn && view.side == 1);
    assert_eq!(view.page.plies.len(), 2);
    assert_eq!(view.moves.len(), 20, "Black's twenty answers");
    assert!(
        view.moves
            .iter()
            .any(|m| m.path == ["g8", "f6"] && m.text == "Nf6")
    );
    let e4_cell = view.cells.iter().find(|c| c.name == "e4").unwrap();
    assert_eq!(e4_cell.label, "e4, white pawn");
    let es = app.play_view(&token, &ben_key, Lang::Es).unwrap();
    let d1 = es.cells.iter().find(|c| c.name == "d1").unwrap();
    assert_eq!(d1.label, "d1, dama blanca");
    assert!(
        app.play_view(&token, &ana_key, en)
            .unwrap()
            .moves
            .is_empty()
    );

    // Past its expiry: at least fourteen days, less than sixteen.
    clock.advance(14 * 86_400_000);
    assert!(app.play_view(&token, &ana_key, en).is_ok());
    clock.advance(2 * 86_400_000);
    assert_eq!(
        refusal_of(app.play_act(&token, &ben_key, &e4(), en)),
        LinkRefusal::Expired
    );
    // A new link works; a reset in a chat is refused (it would revoke
    // every chat's), the operator's revokes it.
    let fresh = parts(&app.play_url(&room(), 1, "id-ben").unwrap()).1;
    assert!(app.play_view(&token, &fresh, en).is_ok());
    let r = say(&app, "ana", "web links reset");
    assert!(
        r.error && r.plain_text().contains("operator"),
        "{}",
        r.plain_text()
    );
    assert!(app.play_view(&token, &fresh, en).is_ok());
    let console = Incoming::addressed(
        ChannelKey::new(Platform::Console, "general"),
        user("op"),
        "web links reset",
    );
    let r = app.handle(&console).unwrap();
    assert!(
        !r.error && r.plain_text().contains("no longer works"),
        "{}",
        r.plain_text()
    );
    assert_eq!(
        refusal_of(app.play_act(&token, &fresh, &e4(), en)),
        LinkRefusal::Invalid
    );
    // After the game, the page is the spectator's.
    let fresh = parts(&app.play_url(&room(), 1, "id-ben").unwrap()).1;
    let r = app
        .play_act(&token, &fresh, &PlayAction::Resign, en)
        .unwrap();
    assert!(r.ok, "{}", r.message);
    assert!(matches!(
        app.play_view(&token, &fresh, en),
        Err(PlayError::Finished)
    ));
    assert!(matches!(
        app.play_act(&token, &fresh, &e4(), en),
        Err(PlayError::Finished)
    ));
}

/// Web moves count against the command rate, as chat messages do.
#[test]
fn the_command_rate_holds_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::new(ManualClock::at(1_700_000_000_000)), 3);
    say(&app, "ben", "help");
    say(&app, "ana", "challenge @ben chess white");
    say(&app, "ben", "accept");
    let (token, key) = parts(&app.play_url(&room(), 1, "id-ana").unwrap());
    // Ana's challenge took one of her three; two illegal tries the rest.
    let bad = PlayAction::Move {
        ply: 0,
        text: "e5".into(),
    };
    for _ in 0..2 {
        let r = app.play_act(&token, &key, &bad, Lang::En).unwrap();
        assert!(!r.ok && !r.message.contains("minute"), "{}", r.message);
    }
    let r = app.play_act(&token, &key, &e4(), Lang::En).unwrap();
    assert!(!r.ok && r.message.contains("minute"), "{}", r.message);
    assert_eq!(
        app.store()
            .game(&room(), 1, true)
            .unwrap()
            .unwrap()
            .record
            .split(':')
            .nth(1)
            .map(str::trim),
        Some("")
    );
}

/// Telegram's signed data opens the board of the side its user plays.
#[test]
fn telegram_data_opens_its_user_s_board() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(
        dir.path(),
        Arc::new(ManualClock::at(1_700_000_100_000)),
        1000,
    );
    let ana = User {
        id: "4242".into(),
        name: "ana".into(),
    };
    let ben = user("ben");
    let msg = |who: &User, text: &str| Incoming {
        mentions: vec![ana.clone(), ben.clone()],
        ..Incoming::addressed(room(), who.clone(), text)
    };
    app.handle(&msg(&ben, "help"));
    app.handle(&msg(&ana, "challenge @ben chess black"));
    app.handle(&msg(&ben, "accept"));
    let token = app.game_token(&room(), 1).unwrap();
    // Signed for another game's page: that page is no game here.
    assert!(matches!(
        app.telegram_play(INIT, BOT, None),
        Err(PlayError::Refused(LinkRefusal::NoGame))
    ));
    // The start parameter is signed and names another page: it wins over
    // the address's, so this is still no game.
    assert!(matches!(
        app.telegram_play(INIT, BOT, Some(&token)),
        Err(PlayError::Refused(LinkRefusal::NoGame))
    ));
    // Signed without a start parameter (the web_app button of a private
    // chat, whose address names the game): Ana plays Black.
    let path = app.telegram_play(INIT_NO_START, BOT, Some(&token)).unwrap();
    let key = path.rsplit('/').next().unwrap();
    assert!(path.starts_with(&format!("/g/{token}/play/1-")), "{path}");
    assert!(app.play_view(&token, key, Lang::En).unwrap().side == 1);
    // Signed for a user who plays no side.
    let cleo = INIT_NO_START.replace("4242", "4243");
    assert!(matches!(
        app.telegram_play(&cleo, BOT, Some(&token)),
        Err(PlayError::Refused(LinkRefusal::TelegramSignature))
    ));
    let other_bot = app.telegram_play(INIT_NO_START, "654321:other-bot", Some(&token));
    assert!(matches!(
        other_bot,
        Err(PlayError::Refused(LinkRefusal::TelegramSignature))
    ));
}

// As INIT, without its start parameter (the same Python, that field left
// out of `f`).
const INIT_NO_START: &str = "auth_date=1700000000&query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A4242%2C%22first_name%22%3A%22Ana%22%2C%22username%22%3A%22ana%22%7D&hash=35e3c087bccab86d98a2235672246b0ba07f04ca72f43840cf10e5bc5812f055";
