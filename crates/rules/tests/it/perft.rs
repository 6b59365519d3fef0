//! Runs every perft table in `tests/perft/*.perft`.
//!
//! File format, one directive a line (`#` starts a comment):
//!
//! ```text
//! game breakthrough          # the game of the entries that follow
//! id start                   # starts an entry
//! setup size=6               # optional: parameters (key=value words)
//! position <position text>   # optional: else the setup's start position
//! perft 1 22                 # depth and the expected number of leaves
//! ```
//!
//! Every number in these files was derived independently of this crate; each
//! file says where its numbers come from.

use std::fs;
use std::path::Path;

use tablero_rules::{AnyGame, GameId, Setup};

struct Entry {
    file: String,
    id: String,
    game: GameId,
    setup: Setup,
    position: Option<String>,
    perfts: Vec<(u32, u64)>,
}

fn parse(path: &Path) -> Vec<Entry> {
    let text = fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut game = None;
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let here = || format!("{file}:{}", n + 1);
        match key {
            "game" => {
                game = Some(
                    rest.parse::<GameId>()
                        .unwrap_or_else(|e| panic!("{}: {e}", here())),
                )
            }
            "id" => entries.push(Entry {
                file: file.clone(),
                id: rest.to_string(),
                game: game.unwrap_or_else(|| panic!("{}: `id` before `game`", here())),
                setup: Setup::default(),
                position: None,
                perfts: Vec::new(),
            }),
            _ => {
                let e = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: `{key}` before `id`", here()));
                match key {
                    "setup" => {
                        for w in rest.split_whitespace() {
                            e.setup
                                .add_word(w)
                                .unwrap_or_else(|err| panic!("{}: {err}", here()));
                        }
                    }
                    "position" => e.position = Some(rest.to_string()),
                    "perft" => {
                        let (d, n) = rest.split_once(' ').unwrap_or_else(|| panic!("{}", here()));
                        e.perfts
                            .push((d.trim().parse().unwrap(), n.trim().parse().unwrap()));
                    }
                    _ => panic!("{}: unknown directive `{key}`", here()),
                }
            }
        }
    }
    entries
}

#[test]
fn perft_tables() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &paths {
        for e in parse(path) {
            let start = match &e.position {
                Some(text) => AnyGame::from_position_text(e.game, text)
                    .unwrap_or_else(|err| panic!("{} {}: {err}", e.file, e.id)),
                None => AnyGame::new(e.game, &e.setup)
                    .unwrap_or_else(|err| panic!("{} {}: {err}", e.file, e.id)),
            };
            for &(depth, expected) in &e.perfts {
                let got = start.perft(depth);
                checked += 1;
                if got != expected {
                    failures.push(format!(
                        "{} {} ({}) perft {depth}: expected {expected}, got {got}",
                        e.file, e.id, e.game
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    assert!(checked > 0, "no perft entries found in {}", dir.display());
}
