use super::*;
use crate::terms::Terms;

/// Every command that takes a game reads its name as `rules` does,
/// in any number of words, with the options after it; `jugar` and
/// `play` with a game's name start a game against Tablero.
#[test]
fn game_names_of_several_words_and_jugar() {
    let challenge = |opponent: Option<&str>, game: &str, options: &[&str]| Written::Challenge {
        opponent: opponent.map(|o| Someone::Mention(o.to_string())),
        game: game.into(),
        options: options.iter().map(|o| o.to_string()).collect(),
    };
    let play = |game: &str, options: &[&str]| Written::Play {
        game: game.into(),
        options: options.iter().map(|o| o.to_string()).collect(),
    };
    let cases: &[(&str, Written)] = &[
        (
            "challenge @bob knight fight",
            challenge(Some("@bob"), "knight fight", &[]),
        ),
        (
            "challenge @bob knight fight time=1d",
            challenge(Some("@bob"), "knight fight", &["time=1d"]),
        ),
        (
            "challenge @alice jumping bishop chess black",
            challenge(Some("@alice"), "jumping bishop chess", &["black"]),
        ),
        (
            "desafiar @alice los cuatro angelitos",
            challenge(Some("@alice"), "los cuatro angelitos", &[]),
        ),
        (
            "reto Ajedrez del Guadalete negras",
            challenge(None, "Ajedrez del Guadalete", &["negras"]),
        ),
        // A name that is a run of another's words: the longest wins.
        (
            "reto @carol guadalete",
            challenge(Some("@carol"), "guadalete", &[]),
        ),
        ("bot gran avance nivel=1", play("gran avance", &["nivel=1"])),
        (
            "play breakthrough level=1",
            play("breakthrough", &["level=1"]),
        ),
        (
            "jugar gran avance nivel=1",
            play("gran avance", &["nivel=1"]),
        ),
        ("Jugar saltador negras", play("saltador", &["negras"])),
        ("/jugar lucha de caballos", play("lucha de caballos", &[])),
        (
            "aprender knight fight white",
            Written::Learn {
                game: "knight fight".into(),
                options: vec!["white".into()],
            },
        ),
        // An unknown game stays one word, answered as unknown.
        (
            "challenge @bob knigth fight",
            challenge(Some("@bob"), "knigth", &["fight"]),
        ),
        // `jugar` without a game's name is still a move.
        (
            "jugar e4",
            Written::Ready(Command::Move {
                game: None,
                text: "e4".into(),
                ply: None,
            }),
        ),
        (
            "jugar #2 Wa1",
            Written::Ready(Command::Move {
                game: Some(2),
                text: "Wa1".into(),
                ply: None,
            }),
        ),
        // `mover` with a game's name is not a game against Tablero.
        (
            "mover gran avance",
            Written::Ready(Command::Move {
                game: None,
                text: "gran avance".into(),
                ply: None,
            }),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(parse(text).as_ref(), Ok(want), "{text}");
    }
    // A platform's game field with the name's last word in the options.
    assert_eq!(
        Written::challenge(None, "knight", &["fight time=1d"]),
        Ok(challenge(None, "knight fight", &["time=1d"]))
    );
}

#[test]
fn usage_errors_and_unknown_words() {
    assert_eq!(
        parse("hello there"),
        Err(ParseError::Unknown("hello".into()))
    );
    for bad in [
        "rules",
        "challenge",
        "challenge @bob",
        "move",
        "board x",
        "resign 1 2",
        "draw maybe",
        "stats ana @bob",
        "export 2 3",
        "export csv",
        "current next",
        "mygames page 2 3",
        "accept page x",
        "moves e2 e4",
        "movimientos #1 #2",
        "pista #1 #2",
        "learn",
        "aprender",
    ] {
        assert!(matches!(parse(bad), Err(ParseError::Usage(..))), "{bad}");
    }
}

#[test]
fn a_move_needs_more_than_a_game_number() {
    assert!(matches!(
        parse("move #1"),
        Err(ParseError::Usage(_, Usage::NeedMove))
    ));
    assert!(matches!(
        parse("mover 3"),
        Err(ParseError::Usage(_, Usage::NeedMove))
    ));
}

#[test]
fn every_command_names_an_entry_of_the_table() {
    let all = [
        Command::Help(None),
        Command::Games,
        Command::Rules(GameId::Chess),
        Command::Challenge {
            opponent: None,
            game: GameId::Chess,
            terms: Terms::default(),
        },
        Command::Play {
            game: GameId::Chess,
            terms: Terms::default(),
        },
        Command::Accept(None),
        Command::Decline(None),
        Command::Cancel(None),
        Command::Said {
            text: String::new(),
            addressed: true,
        },
        Command::Move {
            game: None,
            text: String::new(),
            ply: None,
        },
        Command::Pick {
            game: 1,
            ply: 0,
            origin: None,
            index: 0,
        },
        Command::Board(None),
        Command::History(None),
        Command::Channel(1),
        Command::MyGames(1),
        Command::Challenges(1),
        Command::Resign(None),
        Command::AskResign(None),
        Command::Draw(None, None),
        Command::Takeback(None, None),
        Command::Stats {
            user: None,
            game: None,
        },
        Command::Leaderboard(None),
        Command::Export(None, None),
        Command::Replay(None),
        Command::Rematch(None),
        Command::Lang(None),
        Command::Orientation(None),
        Command::Web(None),
        Command::Moves {
            game: None,
            square: None,
        },
        Command::Hint(None),
        Command::Learn {
            game: GameId::Chess,
            terms: Terms::default(),
        },
        Command::Review(None),
    ];
    for cmd in all {
        let spec = find(cmd.name()).unwrap_or_else(|| panic!("{cmd:?}"));
        // The name is the one its own words parse to.
        if let Ok(Written::Ready(parsed)) = parse(spec.name) {
            assert_eq!(parsed.name(), spec.name, "{cmd:?}");
        }
    }
}
