use tablero_rules::Setup;

use super::*;
use crate::clock::HOUR;
use crate::command::{Answer, ExportFormat};
use crate::grammar::Usage;

#[test]
fn parses_every_command_in_both_languages() {
    let cases: &[(&str, Command)] = &[
        ("help", Command::Help(None)),
        ("ayuda move", Command::Help(find("move"))),
        ("/games", Command::Games),
        ("juegos", Command::Games),
        ("reglas gran avance", Command::Rules(GameId::Breakthrough)),
        (
            "challenge @bob breakthrough white time=24h",
            Command::Challenge {
                opponent: Some(Someone::Mention("@bob".into())),
                game: GameId::Breakthrough,
                terms: Terms {
                    side: Some(Some(Side::First)),
                    limit: Some(Some(24 * HOUR)),
                    ..Terms::default()
                },
            },
        ),
        (
            "reto barrier size=6",
            Command::Challenge {
                opponent: None,
                game: GameId::Barrier,
                terms: Terms {
                    setup: Setup::default().with("size", 6),
                    ..Terms::default()
                },
            },
        ),
        ("accept", Command::Accept(None)),
        ("aceptar #4", Command::Accept(Some(4))),
        ("rechazar 2", Command::Decline(Some(2))),
        ("cancelar", Command::Cancel(None)),
        (
            "move a2-a3",
            Command::Move {
                game: None,
                text: "a2-a3".into(),
                ply: None,
            },
        ),
        (
            "jugar #2 Wa1 Wb2",
            Command::Move {
                game: Some(2),
                text: "Wa1 Wb2".into(),
                ply: None,
            },
        ),
        ("tablero #3", Command::Board(Some(3))),
        ("historial", Command::History(None)),
        ("partidas", Command::Channel(1)),
        ("current 3", Command::Channel(3)),
        ("partidas página 2", Command::Channel(2)),
        ("mispartidas", Command::MyGames(1)),
        ("mygames page 4", Command::MyGames(4)),
        ("mispartidas #2", Command::MyGames(2)),
        ("accept page 2", Command::Challenges(2)),
        ("aceptar pagina 3", Command::Challenges(3)),
        ("current 0", Command::Channel(1)),
        ("abandonar", Command::AskResign(None)),
        ("rendirse 5", Command::AskResign(Some(5))),
        ("resign yes", Command::Resign(None)),
        ("/resign #2 yes", Command::Resign(Some(2))),
        ("rendirse sí #3", Command::Resign(Some(3))),
        ("rendirse #3 si", Command::Resign(Some(3))),
        ("Rindo SI", Command::Resign(None)),
        ("draw", Command::Draw(None, None)),
        (
            "tablas aceptar #2",
            Command::Draw(Some(Answer::Accept), Some(2)),
        ),
        (
            "takeback decline",
            Command::Takeback(Some(Answer::Decline), None),
        ),
        ("deshacer", Command::Takeback(None, None)),
        (
            "estadisticas @ana",
            Command::Stats {
                user: Some(Someone::Mention("@ana".into())),
                game: None,
            },
        ),
        (
            "stats",
            Command::Stats {
                user: None,
                game: None,
            },
        ),
        (
            "estadisticas @bob ajedrez",
            Command::Stats {
                user: Some(Someone::Mention("@bob".into())),
                game: Some(GameId::Chess),
            },
        ),
        ("clasificacion", Command::Leaderboard(None)),
        (
            "leaderboard gran avance",
            Command::Leaderboard(Some(GameId::Breakthrough)),
        ),
        ("exportar #3", Command::Export(Some(3), None)),
        (
            "export text 2",
            Command::Export(Some(2), Some(ExportFormat::Text)),
        ),
        ("pgn", Command::Export(None, None)),
        ("replay #5", Command::Replay(Some(5))),
        ("review #5", Command::Review(Some(5))),
        ("análisis 4", Command::Review(Some(4))),
        ("analisis", Command::Review(None)),
        ("Revisión #2", Command::Review(Some(2))),
        ("revancha", Command::Rematch(None)),
        ("idioma es", Command::Lang(Some(Lang::Es))),
        (
            "/move@TableroBot e4",
            Command::Move {
                game: None,
                text: "e4".into(),
                ply: None,
            },
        ),
        (
            "moves e2",
            Command::Moves {
                game: None,
                square: Some("e2".into()),
            },
        ),
        (
            "Movimientos #3 E2",
            Command::Moves {
                game: Some(3),
                square: Some("E2".into()),
            },
        ),
        (
            "mov g1 2",
            Command::Moves {
                game: Some(2),
                square: Some("g1".into()),
            },
        ),
        (
            "/moves",
            Command::Moves {
                game: None,
                square: None,
            },
        ),
        ("hint", Command::Hint(None)),
        ("pista #4", Command::Hint(Some(4))),
        ("consejo", Command::Hint(None)),
        (
            "learn breakthrough",
            Command::Learn {
                game: GameId::Breakthrough,
                terms: Terms::default(),
            },
        ),
        (
            "aprender ajedrez negras",
            Command::Learn {
                game: GameId::Chess,
                terms: Terms {
                    side: Some(Some(Side::Second)),
                    ..Terms::default()
                },
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text).as_ref(), Ok(want), "{text}");
    }
}

/// The two steps fail apart: the words of a command (a missing game,
/// a word that is no number) are the first step's errors, what they
/// name (an unknown game, a level or a time out of range) the
/// second's, in either language.
#[test]
fn syntax_errors_come_from_the_words_and_resolution_errors_from_what_they_name() {
    let syntax = |text: &str| match read(text) {
        Err(CommandError::Syntax(ParseError::Usage(spec, why))) => (spec.name, why),
        other => panic!("{text}: {other:?}"),
    };
    let resolution = |text: &str| match parse(text).map(Written::resolve) {
        Ok(Err(e)) => e,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(syntax("desafiar"), ("challenge", Usage::NeedGame));
    assert_eq!(syntax("challenge @bob"), ("challenge", Usage::NeedGame));
    assert_eq!(syntax("reglas"), ("rules", Usage::NeedGame));
    assert_eq!(syntax("rules"), ("rules", Usage::NeedGame));
    assert_eq!(
        syntax("torneo crear"),
        (
            "tournament",
            Usage::Tournament(crate::tourview::TourUsage::NeedGame)
        )
    );
    assert_eq!(
        syntax("tournament join x"),
        (
            "tournament",
            Usage::Tournament(crate::tourview::TourUsage::NotNumber("x".into()))
        )
    );
    assert_eq!(
        resolution("desafiar @bob ajedrz"),
        ResolveError::UnknownGame("ajedrz".into())
    );
    assert_eq!(
        resolution("challenge @bob chess purple"),
        ResolveError::UnknownOption {
            game: GameId::Chess,
            option: "purple".into()
        }
    );
    assert_eq!(
        resolution("maquina ajedrez nivel=9"),
        ResolveError::BadLevel("9".into())
    );
    assert_eq!(
        resolution("play chess level=0"),
        ResolveError::BadLevel("0".into())
    );
    assert!(matches!(
        resolution("desafiar ajedrez tiempo=20d"),
        ResolveError::BadTimeLimit(BadMoveLimit::OutOfRange(_))
    ));
    assert_eq!(
        resolution("reglas parchís"),
        ResolveError::UnknownGame("parchís".into())
    );
    assert_eq!(
        resolution("rules nosuch"),
        ResolveError::UnknownGame("nosuch".into())
    );
    assert_eq!(
        resolution("torneo crear ajedrez suizo rondas=0"),
        ResolveError::Tournament(TourError::BadNumber {
            option: "rondas=0".into(),
            min: 1,
            max: u64::from(MAX_ROUNDS),
        })
    );
    assert_eq!(
        resolution("tournament create chess roundrobin white"),
        ResolveError::Tournament(TourError::NotForTournaments("white".into()))
    );
    assert_eq!(
        resolution("torneo crear parchis liga"),
        ResolveError::UnknownGame("parchis".into())
    );
    assert_eq!(
        resolution("aprender ajedrez nivel=2"),
        ResolveError::LearnLevel
    );
    assert_eq!(resolution("idioma fr"), ResolveError::BadLang("fr".into()));
    assert_eq!(
        resolution("ayuda bailar"),
        ResolveError::UnknownHelpTopic("bailar".into())
    );
    assert_eq!(
        resolution("orientacion diagonal"),
        ResolveError::BadOrientation("diagonal".into())
    );
    assert_eq!(
        resolution("web lista quizas"),
        ResolveError::BadWeb("quizas".into())
    );
}

#[test]
fn a_tournament_resolves_its_format_and_the_terms_of_its_games() {
    assert_eq!(
        read("torneo crear gran avance suizo rondas=3 tiempo=1d amistosa max=8"),
        Ok(Command::Tournament(TourCommand::Create(TourCreate {
            game: GameId::Breakthrough,
            format: Format::Swiss { rounds: 3 },
            max_players: 8,
            terms: Terms {
                limit: Some(Some(24 * HOUR)),
                casual: true,
                ..Terms::default()
            },
            deadline: None,
            bye: None,
        })))
    );
    assert_eq!(
        read("tournament create chess roundrobin double plazo=2d"),
        Ok(Command::Tournament(TourCommand::Create(TourCreate {
            game: GameId::Chess,
            format: Format::RoundRobin { double: true },
            max_players: MAX_PLAYERS,
            terms: Terms::default(),
            deadline: Some(Deadline {
                when: When::In(2 * 24 * HOUR),
                word: "2d".into(),
            }),
            bye: None,
        })))
    );
}

/// `bye=`: FIDE's 1, a draw's half in any of the ways people write
/// it, or nothing; anything else, and any bye in a round robin, is
/// refused by name.
#[test]
fn a_swiss_bye_scores_one_half_or_nothing() {
    let bye = |text: &str| match read(text) {
        Ok(Command::Tournament(TourCommand::Create(c))) => Ok(c.bye),
        Ok(other) => panic!("{text}: {other:?}"),
        Err(e) => Err(e),
    };
    assert_eq!(bye("tournament create chess swiss rounds=3"), Ok(None));
    assert_eq!(
        bye("tournament create chess swiss rounds=3 bye=1"),
        Ok(Some(Points::ONE))
    );
    for half in ["bye=½", "bye=0.5", "BYE=0,5", "bye=1/2", "descanso=medio"] {
        let text = format!("torneo crear ajedrez suizo rondas=3 {half}");
        assert_eq!(bye(&text), Ok(Some(Points::HALF)), "{text}");
    }
    assert_eq!(
        bye("tournament create chess swiss rounds=3 bye=0"),
        Ok(Some(Points::ZERO))
    );
    assert_eq!(
        bye("tournament create chess swiss rounds=3 bye=2"),
        Err(CommandError::Resolve(ResolveError::Tournament(
            TourError::BadBye("2".into())
        )))
    );
    assert_eq!(
        bye("torneo crear ajedrez liga descanso=1"),
        Err(CommandError::Resolve(ResolveError::Tournament(
            TourError::ByeNotSwiss
        )))
    );
}

/// `stats bob`: a word that names no game names a user, unless a
/// user is named already.
#[test]
fn a_bare_word_in_stats_is_a_game_or_else_a_user() {
    assert_eq!(
        read("stats bob"),
        Ok(Command::Stats {
            user: Some(Someone::Name("bob".into())),
            game: None,
        })
    );
    assert_eq!(
        read("stats @ana bob"),
        Err(CommandError::Resolve(ResolveError::UnknownGame(
            "bob".into()
        )))
    );
    assert_eq!(
        read("estadisticas gran avance"),
        Ok(Command::Stats {
            user: None,
            game: Some(GameId::Breakthrough),
        })
    );
}

#[test]
fn typed_levels_and_times_are_checked_as_written_ones_are() {
    assert_eq!(level(5), Ok(5));
    assert_eq!(level(6), Err(ResolveError::BadLevel("6".into())));
    assert_eq!(move_limit("none"), Ok(None));
    assert_eq!(move_limit("2h"), Ok(Some(2 * HOUR)));
    assert!(move_limit("soon").is_err());
}
