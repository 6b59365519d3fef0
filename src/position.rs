//! The position a tool starts from (`--position`, `--record`, `--param`,
//! `--play`), and the time bound on its work.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tablero_rules::export;
use tablero_rules::{AnyGame, GameId, GameRecord, Lang, Setup};

use crate::Failure;

#[derive(Args)]
pub(crate) struct PositionArgs {
    /// The game id (`chess`, `bloc`, …) or its name.
    game: String,
    /// Start from this position text instead of the start position.
    #[arg(long)]
    position: Option<String>,
    /// A game parameter, `KEY=VALUE` (repeatable).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Knight Fight: the seed that deals the numbers.
    #[arg(long, conflicts_with = "layout")]
    seed: Option<u64>,
    /// Knight Fight: the 100 numbers in square order a1, b1, …, j1, a2, …, j10.
    #[arg(long, value_delimiter = ',')]
    layout: Option<Vec<u8>>,
    /// Start from a game's text record (as `export` writes it): its game,
    /// parameters and moves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "params", "seed", "layout"])]
    record: Option<PathBuf>,
    /// Moves to play first, separated by spaces; round numbers (`1.`) and
    /// a result (`1-0`) are skipped, so a record's move lines can be pasted.
    #[arg(long)]
    play: Option<String>,
}

impl PositionArgs {
    pub(crate) fn id(&self) -> Result<GameId, String> {
        self.game.parse().map_err(|e| format!("{e}"))
    }

    /// The game as a record from its start: the `--record` file's, or the
    /// game with `--param`/`--seed`/`--layout`; then the `--play` moves.
    /// The moves are not checked here.
    pub(crate) fn record(&self) -> Result<GameRecord, String> {
        let id = self.id()?;
        if self.position.is_some() {
            return Err("a game record starts from the start position: drop --position".into());
        }
        let mut record = match &self.record {
            Some(path) => {
                let text = read_record(path)?;
                let parsed = export::parse_text(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?
                    .record;
                if parsed.game != id {
                    return Err(format!(
                        "{} is a record of {}, not of {id}",
                        path.display(),
                        parsed.game
                    ));
                }
                parsed
            }
            None => {
                let mut setup = Setup {
                    seed: self.seed,
                    layout: self.layout.clone(),
                    ..Setup::default()
                };
                for p in &self.params {
                    setup.add_word(p).map_err(|e| e.to_string())?;
                }
                GameRecord::new(id, setup)
            }
        };
        record.moves.extend(
            self.play
                .iter()
                .flat_map(|p| export::move_words(p))
                .map(str::to_string),
        );
        Ok(record)
    }

    pub(crate) fn build(&self) -> Result<AnyGame, String> {
        let id = self.id()?;
        let Some(text) = &self.position else {
            let record = self.record()?;
            let mut game = AnyGame::new(id, &record.setup).map_err(|e| e.to_string())?;
            for (i, m) in record.moves.iter().enumerate() {
                game.play(m)
                    .map_err(|e| format!("move {}: {}", i + 1, e.message(Lang::En)))?;
            }
            return Ok(game);
        };
        let mut game = AnyGame::from_position_text(id, text).map_err(|e| e.to_string())?;
        for m in self.play.iter().flat_map(|p| export::move_words(p)) {
            game.play(m).map_err(|e| e.message(Lang::En))?;
        }
        Ok(game)
    }
}

/// The largest record file read: a game of thousands of moves is a few
/// hundred KB.
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// A record file's text; a file larger than [`MAX_RECORD_BYTES`] (or
/// endless, `/dev/zero`) is refused after reading that much.
fn read_record(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read as _;
    let shown = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(|e| shown(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| shown(&e))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(shown(&format!(
            "larger than {} MB: not a game record",
            MAX_RECORD_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| shown(&"not UTF-8 text: not a game record"))
}

/// The longest a CLI search or count may run: a request that would take
/// longer, estimated from what has run so far, is refused with the
/// estimate (`perft chess 10` would take days; `ai --nodes 1000000000`
/// hours).
#[derive(Args, Clone, Copy)]
pub(crate) struct TimeBound {
    /// Refuse work estimated to take longer than this many seconds.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    max_seconds: u64,
}

impl TimeBound {
    pub(crate) fn limit(self) -> Duration {
        Duration::from_secs(self.max_seconds)
    }

    /// The refusal of work estimated at `est`.
    pub(crate) fn refuse(self, what: &str, est: Duration, basis: &str) -> Failure {
        Failure::Msg(format!(
            "{what} would take about {} ({basis}), over the limit of {}; raise --max-seconds to run it",
            human_duration(est),
            human_duration(self.limit())
        ))
    }
}

/// `d` as a person reads it: `40 s`, `12 min`, `3.5 h`, `2.1 days`.
pub(crate) fn human_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 120.0 {
        format!("{s:.0} s")
    } else if s < 7_200.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 172_800.0 {
        format!("{:.1} h", s / 3_600.0)
    } else {
        format!("{:.1} days", s / 86_400.0)
    }
}
