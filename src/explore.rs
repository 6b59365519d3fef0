//! Tools that explore the games: `perft`, `moves`, `render`, `replay`
//! and `export`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use tablero_rules::GameId;
use tablero_rules::Lang;
use tablero_rules::export::{self, RecordHeader};

use crate::Failure;
use crate::position::{PositionArgs, TimeBound, human_duration};

/// `tablero perft`.
#[derive(Args)]
pub(crate) struct PerftArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// The depth to count to (at most 10); every depth up to it is
    /// printed.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=10))]
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    bound: TimeBound,
}

/// Counts to depth `d` unless the count is estimated to take past
/// `bound` in all (`spent` already spent): the estimate is the last depth's
/// time times its growth (`counts` and `times` of the depths before).
fn bounded_perft(
    d: u32,
    counts: &[u64],
    times: &[Duration],
    spent: Duration,
    bound: TimeBound,
    target: u32,
) -> Result<(), Failure> {
    if let ([.., a, b], [.., t]) = (counts, times)
        && *t >= Duration::from_millis(5)
    {
        let growth = (*b as f64 / (*a).max(1) as f64).max(1.0);
        let next = t.mul_f64(growth);
        if spent + next > bound.limit() {
            // And all the depths asked for, at the same growth.
            let mut all = Duration::ZERO;
            let mut step = next;
            for _ in d..=target {
                all += step;
                step = step.mul_f64(growth);
            }
            let what = if target > d {
                format!(
                    "depth {d} (and {target}: about {} in all)",
                    human_duration(all)
                )
            } else {
                format!("depth {d}")
            };
            let basis = format!(
                "depth {}: {} positions in {:.2} s",
                d - 1,
                b,
                t.as_secs_f64()
            );
            return Err(bound.refuse(&what, next, &basis));
        }
    }
    Ok(())
}

/// `tablero moves`.
#[derive(Args)]
pub(crate) struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// What `tablero render` and `tablero replay` draw, and how.
#[derive(Args)]
pub(crate) struct PictureArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Draw the board from the second player's side.
    #[arg(long)]
    flip: bool,
    /// Language of the texts on the image: `en` or `es`.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Players' names, first player first (repeat for the second).
    #[arg(long = "player", value_name = "NAME", num_args = 1)]
    players: Vec<String>,
}

/// `tablero render`.
#[derive(Args)]
pub(crate) struct RenderArgs {
    #[command(flatten)]
    picture: PictureArgs,
    /// Where to write the PNG.
    #[arg(short, long, value_name = "FILE.png")]
    output: std::path::PathBuf,
}

/// `tablero export`.
#[derive(Args)]
pub(crate) struct ExportArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// `text` (every game) or `pgn` (chess, saltador, guadalete,
    /// guadalete14).
    #[arg(long, default_value = "text")]
    format: String,
    /// Players' names, first player first (repeat for the second).
    #[arg(long = "player", value_name = "NAME", num_args = 1)]
    players: Vec<String>,
    /// Where to write the record (default: standard output).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `tablero replay`.
#[derive(Args)]
pub(crate) struct ReplayArgs {
    #[command(flatten)]
    picture: PictureArgs,
    /// Where to write the GIF.
    #[arg(short, long, value_name = "FILE.gif")]
    output: PathBuf,
}

/// Players' names from repeated `--player`, first player first.
fn names(players: Vec<String>) -> [String; 2] {
    let mut names = [String::new(), String::new()];
    for (slot, name) in names.iter_mut().zip(players) {
        *slot = name;
    }
    names
}

fn render_options(
    game: GameId,
    picture: &PictureArgs,
) -> Result<tablero_render::RenderOptions, String> {
    let lang = &picture.lang;
    let lang = Lang::parse(lang).ok_or_else(|| format!("unknown language `{lang}`"))?;
    Ok(tablero_render::RenderOptions {
        game,
        flip: picture.flip,
        players: names(picture.players.clone()),
        lang,
        theme: tablero_render::Theme::Default,
    })
}

pub(crate) fn perft(
    PerftArgs {
        pos,
        depth,
        divide,
        bound,
    }: PerftArgs,
) -> Result<(), Failure> {
    let game = pos.build()?;
    // Each depth is counted only when the time it is estimated to take
    // (from the depths before) fits in the bound; `--divide` counts the
    // depths before first, silently, to estimate.
    let (mut counts, mut times) = (Vec::new(), Vec::new());
    let started = Instant::now();
    let last = if divide {
        depth.saturating_sub(1)
    } else {
        depth
    };
    for d in 1..=last {
        bounded_perft(d, &counts, &times, started.elapsed(), bound, depth)?;
        let t = Instant::now();
        let n = game.perft(d);
        times.push(t.elapsed());
        counts.push(n);
        if !divide {
            say!("{d} {n}");
        }
    }
    if divide {
        bounded_perft(depth, &counts, &times, started.elapsed(), bound, depth)?;
        let mut total = 0;
        for (m, n) in game.divide(depth) {
            say!("{m} {n}");
            total += n;
        }
        say!("");
        say!("{depth} {total}");
    }
    Ok(())
}

pub(crate) fn render(RenderArgs { picture, output }: RenderArgs) -> Result<(), Failure> {
    let game = picture.pos.build()?;
    let opts = render_options(game.id(), &picture)?;
    let png = tablero_render::render_png(&game.view(), &opts).map_err(|e| e.to_string())?;
    std::fs::write(&output, &png).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}

pub(crate) fn export(
    ExportArgs {
        pos,
        format,
        players,
        output,
    }: ExportArgs,
) -> Result<(), Failure> {
    let record = pos.record()?;
    let header = RecordHeader {
        players: names(players),
        ..RecordHeader::default()
    };
    let text = match format.as_str() {
        "pgn" => export::pgn(&record, &header),
        "text" | "txt" => export::text(&record, &header),
        other => return Err(format!("unknown format `{other}` (pgn or text)").into()),
    }
    .map_err(|e| e.to_string())?;
    match output {
        Some(path) => {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => say_raw!("{text}"),
    }
    Ok(())
}

pub(crate) fn replay(ReplayArgs { picture, output }: ReplayArgs) -> Result<(), Failure> {
    let record = picture.pos.record()?;
    let opts = render_options(record.game, &picture)?;
    let views = record.views().map_err(|e| e.to_string())?;
    let gif = tablero_render::render_replay(&views, &opts).map_err(|e| e.to_string())?;
    std::fs::write(&output, &gif).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}

pub(crate) fn moves(MovesArgs { pos, json }: MovesArgs) -> Result<(), Failure> {
    let game = pos.build()?;
    let info = game.id().info();
    let turn = game.turn();
    let outcome = game.outcome();
    let moves = game.legal_moves();
    if json {
        let v = serde_json::json!({
            "game": info.key,
            "position": game.position_text(),
            "turn": outcome.is_none().then(|| serde_json::json!({
                "side": turn.side.index(),
                "name": info.side_name(turn.side, Lang::En),
                "phase": format!("{:?}", turn.phase).to_lowercase(),
            })),
            "moves": moves,
            "result": outcome.map(|o| serde_json::json!({
                "winner": o.winner.map(|s| s.index()),
                "reason": o.reason.key(),
            })),
        });
        say!("{v:#}");
    } else {
        match outcome {
            None => say!(
                "turn: {} ({:?})",
                info.side_name(turn.side, Lang::En),
                turn.phase
            ),
            Some(o) => match o.winner {
                Some(w) => {
                    say!(
                        "result: {} wins, {}",
                        info.side_name(w, Lang::En),
                        o.reason.text(Lang::En)
                    )
                }
                None => say!("result: draw, {}", o.reason.text(Lang::En)),
            },
        }
        for m in moves {
            say!("{m}");
        }
    }
    Ok(())
}
