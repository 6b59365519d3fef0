//! Every command the bot suggests works exactly as written, where it was
//! suggested, in both languages.
//!
//! A busy channel (challenges, games against people and the bot, offers,
//! takebacks, mistakes of every kind) is played in the console, English and
//! Spanish readers side by side. Every code span of every answer, in both
//! languages, that is a whole command (no `GAME` or `@user` left to fill
//! in) is then sent back, in a copy of the channel as it stood when it was
//! suggested, by each of its people: at least one of them must be
//! understood — not "which game?", not "unknown command", not a usage
//! error, not "did you mean".

use std::collections::BTreeSet;

use tablero_app::command;
use tablero_app::grammar::ParseError;
use tablero_app::resolve::CommandError;
use tablero_app::testkit::Harness;
use tablero_app::{AppError, Reply, Span};

const PEOPLE: [&str; 3] = ["alice", "bob", "carol"];

/// The channel's story: who types what.
const SCRIPT: &[(&str, &str)] = &[
    ("carol", "idioma es"),
    ("alice", "help"),
    ("carol", "ayuda"),
    ("alice", "games"),
    ("alice", "rules chess"),
    ("carol", "reglas empuje"),
    ("alice", "challenge @bob chess"),
    ("bob", "accept"),
    ("alice", "challenge @carol breakthrough"),
    ("carol", "aceptar"),
    ("alice", "challenge @bob cascades"),
    ("bob", "accept #3"),
    ("alice", "e4"),
    ("bob", "e5"),
    ("alice", "board"),
    ("alice", "e4"),
    ("alice", "a2-a3"),
    ("carol", "b7-b6"),
    ("alice", "draw"),
    ("bob", "draw"),
    ("bob", "takeback"),
    ("alice", "b2"),
    ("alice", "move hello"),
    ("carol", "jugar ajedrez"),
    ("alice", "move bloc"),
    ("alice", "stast"),
    ("carol", "tablero"),
    ("carol", "deshacer"),
    ("alice", "takeback"),
    ("alice", "challenge @carol chess"),
    ("carol", "desafiar @alice empuje"),
    ("alice", "accept"),
    ("alice", "current"),
    ("carol", "partidas"),
    ("alice", "mygames"),
    ("alice", "resign #2"),
    ("alice", "resign #2 yes"),
    ("carol", "revancha"),
    ("alice", "play breakthrough level=1"),
    ("alice", "history"),
    ("alice", "replay"),
    ("carol", "exportar"),
    ("alice", "stats"),
    ("carol", "estadisticas"),
    ("alice", "leaderboard"),
    ("alice", "lang"),
    ("carol", "idioma"),
    ("alice", "orientation"),
    ("carol", "orientacion"),
    ("alice", "move #1"),
    ("alice", "rules"),
    ("alice", "challenge"),
    ("alice", "cancel"),
    ("bob", "decline"),
    ("alice", "resign"),
];

fn harness(dir: &std::path::Path, upto: usize) -> (Harness, Vec<Reply>) {
    let h = Harness::new(dir);
    let mut replies = Vec::new();
    for (who, text) in &SCRIPT[..upto] {
        if let Some(r) = h.say("general", who, text) {
            replies.push(r);
        }
        h.app().wait_bots(std::time::Duration::from_secs(60));
        for n in h.app().take_notices(tablero_app::console::PLATFORM) {
            replies.push(n.reply);
        }
    }
    (h, replies)
}

/// The whole commands of a reply, in both languages.
fn commands(r: &Reply) -> Vec<String> {
    let mut out = Vec::new();
    for text in [&r.text.en, &r.text.es] {
        for span in text.spans() {
            let Span::Code(c) = span else { continue };
            let first = c.split_whitespace().next().unwrap_or("");
            let placeholder = c.split_whitespace().any(|w| {
                w.chars().any(|ch| ch.is_ascii_uppercase())
                    && w.chars()
                        .all(|ch| ch.is_ascii_uppercase() || !ch.is_alphabetic())
                    && w.chars().filter(char::is_ascii_uppercase).count() > 1
            }) || c.contains(['[', '|', '…'])
                || c.contains("@user")
                || c.contains("@usuario");
            if command::find(first).is_some() && !placeholder {
                out.push(c.clone());
            }
        }
    }
    out
}

fn misunderstood(e: &AppError) -> bool {
    matches!(
        e,
        AppError::UnknownCommand { .. }
            | AppError::WhichGame { .. }
            | AppError::WhichPlace { .. }
            | AppError::NoGameAt(_)
            | AppError::WhichChallenge { .. }
            | AppError::Usage { .. }
            | AppError::NotAMove { .. }
            | AppError::DidYouMean { .. }
    )
}

#[test]
fn every_suggested_command_is_understood_as_written() {
    // Each suggested command with the number of script lines it follows.
    let mut checked: BTreeSet<String> = BTreeSet::new();
    let mut failures = Vec::new();
    let mut step_of = Vec::new();
    {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path());
        for (i, (who, text)) in SCRIPT.iter().enumerate() {
            let mut rs = Vec::new();
            if let Some(r) = h.say("general", who, text) {
                rs.push(r);
            }
            h.app().wait_bots(std::time::Duration::from_secs(60));
            rs.extend(
                h.app()
                    .take_notices(tablero_app::console::PLATFORM)
                    .into_iter()
                    .map(|n| n.reply),
            );
            for r in rs {
                for c in commands(&r) {
                    step_of.push((i + 1, c));
                }
            }
        }
    }
    for (upto, cmd) in step_of {
        // Each command where it was first suggested.
        if !checked.insert(cmd.clone()) {
            continue;
        }
        let parsed = match tablero_app::read(&cmd) {
            Ok(c) => c,
            Err(CommandError::Syntax(ParseError::Unknown(_) | ParseError::Usage(..))) => {
                failures.push(format!("after line {upto}: `{cmd}` does not parse"));
                continue;
            }
            // Words that name something unknown are understood: the
            // answer says what is unknown.
            Err(CommandError::Resolve(_)) => continue,
        };
        let mut results = Vec::new();
        for who in PEOPLE {
            let dir = tempfile::tempdir().unwrap();
            let (h, _) = harness(dir.path(), upto);
            let actor =
                tablero_app::Actor::of(&tablero_app::console::incoming(who, "general", &cmd));
            results.push((who, h.app().execute(&actor, parsed.clone())));
        }
        if results
            .iter()
            .all(|(_, r)| matches!(r, Err(e) if misunderstood(e)))
        {
            failures.push(format!(
                "after line {upto}: `{cmd}` is not understood: {:?}",
                results
                    .iter()
                    .map(|(w, r)| format!("{w}: {:?}", r.as_ref().err()))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        checked.len() >= 20,
        "only {} suggested commands seen",
        checked.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
