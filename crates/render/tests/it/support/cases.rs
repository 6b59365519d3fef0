//! The positions drawn by the golden tests and the benchmark, read from
//! `tests/golden/cases.txt`: one line per image.

use tablero_render::RenderOptions;
use tablero_rules::{AnyGame, GameId, Lang, Setup};

/// One image to draw.
pub struct Case {
    pub game: GameId,
    /// `start`, `mid`, `end`, …: the golden file is `<game>-<name>.png`.
    pub name: String,
    pub setup: Setup,
    pub opts: RenderOptions,
    pub moves: Vec<String>,
}

impl Case {
    /// The golden image's file name.
    pub fn file(&self) -> String {
        format!("{}-{}.png", self.game.key(), self.name)
    }

    /// The game after the case's moves.
    pub fn game(&self) -> Result<AnyGame, String> {
        let mut g =
            AnyGame::new(self.game, &self.setup).map_err(|e| format!("{}: {e}", self.file()))?;
        for m in &self.moves {
            g.play(m)
                .map_err(|e| format!("{}: {m}: {}", self.file(), e.message(Lang::En)))?;
        }
        Ok(g)
    }
}

pub const CASES: &str = include_str!("../../golden/cases.txt");

/// The games that have cases, so tests can cover exactly the games merged.
pub fn games() -> Vec<GameId> {
    let mut ids: Vec<GameId> = cases().into_iter().map(|c| c.game).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Every case of `cases.txt`: `game name options moves…`, where options is
/// `-` or a comma-separated list of `flip`, `es`, `seed=N`, `names=A/B`
/// and game parameters `key=value`, and moves are the rest of the line.
pub fn cases() -> Vec<Case> {
    CASES
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let (Some(game), Some(name), Some(options)) =
                (words.next(), words.next(), words.next())
            else {
                panic!("cases.txt: short line {line:?}");
            };
            let game: GameId = game.parse().unwrap_or_else(|e| panic!("cases.txt: {e}"));
            let mut setup = Setup::default();
            let mut opts = RenderOptions::new(game);
            for opt in options.split(',').filter(|o| *o != "-") {
                match opt.split_once('=') {
                    None if opt == "flip" => opts.flip = true,
                    None if opt == "es" => opts.lang = Lang::Es,
                    Some(("seed", n)) => setup.seed = Some(n.parse().expect("cases.txt: seed")),
                    Some(("names", n)) => {
                        let (a, b) = n.split_once('/').expect("cases.txt: names=A/B");
                        opts.players = [a.replace('_', " "), b.replace('_', " ")];
                    }
                    Some(_) => setup
                        .add_word(opt)
                        .unwrap_or_else(|e| panic!("cases.txt: {opt}: {e}")),
                    None => panic!("cases.txt: unknown option {opt}"),
                }
            }
            Case {
                game,
                name: name.to_string(),
                setup,
                opts,
                moves: words.map(str::to_string).collect(),
            }
        })
        .collect()
}
