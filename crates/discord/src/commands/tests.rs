//! The slash commands' typed options against the commands written out.

use tablero_app::grammar::{ParseError, Usage};
use tablero_app::resolve::ResolveError;
use tablero_app::terms::Terms;

use super::*;

fn no_menu() -> Asked {
    Asked {
        side: None,
        time: None,
        casual: None,
        level: None,
    }
}

/// A command built from typed options is the command written out,
/// errors included.
#[test]
fn typed_options_make_the_command_the_written_line_makes() {
    let big = Some(10_000_000_000_000);
    let syntax = |r: Result<Command, ParseError>| r.map_err(CommandError::from);
    let cases = [
        (
            syntax(Command::move_in(Some(3), " a2-a3 ")),
            "move #3 a2-a3",
        ),
        (syntax(Command::move_in(None, "#2 e4")), "move #2 e4"),
        (syntax(Command::move_in(Some(3), "#2 e4")), "move #3 #2 e4"),
        (syntax(Command::move_in(Some(3), "5")), "move #3 5"),
        (syntax(Command::move_in(None, " ")), "move"),
        (
            challenge_of(
                Some(Someone::Mention("<@42>".into())),
                "breakthrough",
                Some("white size=6  casual time=24h".into()),
                no_menu(),
            ),
            "challenge <@42> breakthrough white size=6 casual time=24h",
        ),
        (
            challenge_of(None, " ", Some("white".into()), no_menu()),
            "challenge",
        ),
        (
            challenge_of(None, "knight", Some("fight time=1d".into()), no_menu()),
            "desafiar knight fight tiempo=1d",
        ),
        (
            challenge_of(None, "chess", Some("purple".into()), no_menu()),
            "challenge chess purple",
        ),
        (
            Written::play("chess", &["level=9", "second"])
                .map_err(CommandError::from)
                .and_then(|w| no_menu().complete(w)),
            "play chess level=9 second",
        ),
        (
            Written::learn("", &[])
                .map_err(CommandError::from)
                .and_then(typed),
            "learn",
        ),
        (
            Written::rules_of("  gran   avance ")
                .map_err(CommandError::from)
                .and_then(typed),
            "reglas gran avance",
        ),
        (
            Written::rules_of("parchis")
                .map_err(CommandError::from)
                .and_then(typed),
            "rules parchis",
        ),
        (
            syntax(Command::numbered(
                |n| Command::Draw(Some(Answer::Accept), n),
                Some(2),
            )),
            "draw accept #2",
        ),
        (
            syntax(Command::numbered(Command::Board, big)),
            "board #10000000000000",
        ),
        // The slash command is the confirmed form: choosing /resign
        // in Discord's menu is the confirmation a typed `resign` asks.
        (
            syntax(Command::numbered(Command::Resign, None)),
            "resign yes",
        ),
        (
            syntax(Command::numbered(
                |n| Command::Export(n, Some(ExportFormat::Pgn)),
                Some(4),
            )),
            "export #4 pgn",
        ),
        (
            syntax(Command::paged(Command::Channel, Some(0))),
            "current 0",
        ),
        (
            syntax(Command::paged(Command::MyGames, Some(3))),
            "mygames 3",
        ),
        (
            syntax(Command::paged(Command::MyGames, big)),
            "mygames 10000000000000",
        ),
        (syntax(Command::moves_of(Some(2), " E2")), "moves #2 E2"),
        (syntax(Command::moves_of(Some(3), "5")), "moves #3 5"),
        (syntax(Command::moves_of(None, "e2 e4")), "moves e2 e4"),
        (syntax(Command::moves_of(None, "")), "moves"),
        (
            Written::stats_of(Some(Someone::Mention("<@1>".into())), "chess")
                .map_err(CommandError::from)
                .and_then(typed),
            "stats <@1> chess",
        ),
        (
            Written::stats_of(Some(Someone::Mention("<@1>".into())), "<@2> chess")
                .map_err(CommandError::from)
                .and_then(typed),
            "stats <@1> <@2> chess",
        ),
        (typed(Written::leaderboard_of(" ")), "leaderboard"),
        (
            typed(Written::leaderboard_of("ajedrez")),
            "clasificacion ajedrez",
        ),
        (typed(Written::help_on(Some("move now"))), "help move now"),
        (typed(Written::help_on(Some("bailar"))), "ayuda bailar"),
    ];
    for (typed, written) in cases {
        assert_eq!(typed, tablero_app::read(written), "{written}");
    }
    // A typed game number is one a written `#N` could be.
    assert!(matches!(
        Command::move_in(big, "e4"),
        Err(ParseError::Usage(spec, Usage::NotGameNumber(n)))
            if spec.name == "move" && n == "#10000000000000"
    ));
}

/// The menus' choices are typed straight into the command's terms,
/// never turned into words: a side, a level, `casual`, a time.
#[test]
fn menu_choices_are_typed_into_the_terms() {
    let asked = Asked {
        side: Some(SideChoice::Second),
        time: Some(" 2D ".into()),
        casual: Some(true),
        level: None,
    };
    assert_eq!(
        challenge_of(None, "gran avance", None, asked),
        Ok(Command::Challenge {
            opponent: None,
            game: GameId::Breakthrough,
            terms: Terms {
                side: Some(Some(Side::Second)),
                limit: Some(Some(2 * 24 * 3_600_000)),
                casual: true,
                ..Terms::default()
            },
        })
    );
    // A side or a level typed in the free text wins over the menu's;
    // random is a side too.
    let asked = Asked {
        side: Some(SideChoice::Random),
        time: None,
        casual: None,
        level: Some(2),
    };
    assert_eq!(
        Written::play("chess", &["nivel=4"])
            .map_err(CommandError::from)
            .and_then(|w| asked.complete(w)),
        Ok(Command::Play {
            game: GameId::Chess,
            terms: Terms {
                side: Some(None),
                level: Some(4),
                ..Terms::default()
            },
        })
    );
    // Out of range, from a menu or typed: the second step's errors.
    let asked = Asked {
        side: None,
        time: None,
        casual: None,
        level: Some(9),
    };
    assert_eq!(
        Written::play("chess", &[])
            .map_err(CommandError::from)
            .and_then(|w| asked.complete(w)),
        Err(CommandError::Resolve(ResolveError::BadLevel("9".into())))
    );
    let asked = Asked {
        side: None,
        time: Some("5s".into()),
        casual: None,
        level: None,
    };
    assert!(matches!(
        challenge_of(None, "chess", None, asked),
        Err(CommandError::Resolve(ResolveError::BadTimeLimit(_)))
    ));
    // A blank game is the first step's error, whatever the menus say.
    let asked = Asked {
        side: Some(SideChoice::First),
        time: None,
        casual: None,
        level: None,
    };
    assert!(matches!(
        challenge_of(None, "", None, asked),
        Err(CommandError::Syntax(ParseError::Usage(spec, Usage::NeedGame))) if spec.name == "challenge"
    ));
}

#[test]
fn every_app_command_is_a_slash_command_within_discord_limits() {
    let cmds = all();
    assert_eq!(cmds.len(), COMMANDS.len());
    for spec in COMMANDS {
        let c = cmds.iter().find(|c| c.name == spec.name).expect(spec.name);
        let d = c.description.as_deref().unwrap();
        assert!(!d.is_empty() && d.chars().count() <= MAX_DESCRIPTION, "{d}");
        for (_, es) in c.description_localizations.iter() {
            assert!(es.chars().count() <= MAX_DESCRIPTION, "{es}");
        }
        for (_, n) in c.name_localizations.iter() {
            assert!(valid_name(n), "{n}");
        }
        for p in &c.parameters {
            let d = p.description.as_deref().unwrap_or("");
            assert!(
                !d.is_empty() && d.chars().count() <= MAX_DESCRIPTION,
                "{}",
                p.name
            );
            assert_eq!(p.description_localizations.len(), ES.len(), "{}", p.name);
            for choice in p.choices.iter() {
                assert!(
                    tablero_app::choice_text(&p.name, &choice.name).is_none()
                        && choice.localizations.len() == ES.len(),
                    "/{} {}: the choice {} is not from the catalogue",
                    c.name,
                    p.name,
                    choice.name
                );
            }
        }
    }
}

#[test]
fn long_descriptions_are_cut_at_a_word() {
    let long = "challenge someone (or anyone here, without @USER); options: your side, the game's parameters, the time per move (1h to 14d, or none)";
    let c = clip(long);
    assert!(c.chars().count() <= MAX_DESCRIPTION);
    assert!(c.ends_with('…'));
    assert!(long.starts_with(c.trim_end_matches('…')));
    assert_eq!(clip("short"), "short");
}
