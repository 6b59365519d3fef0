//! The `tablero` command: runs the bot, and offers tools to explore the
//! games (`perft`, `moves`, `render`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use tablero_rules::{AnyGame, GameId, Lang, Setup};

#[derive(Parser)]
#[command(
    name = "tablero",
    version,
    about = "Modern abstract board games for Discord and Telegram"
)]
struct Cli {
    /// Without a command, runs the bot: the console when no chat token is set.
    #[command(subcommand)]
    command: Option<Command>,
    /// The configuration file (default: $TABLERO_CONFIG, else
    /// config/tablero.toml if present).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Counts leaf positions to a depth (perft), to check move generation.
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// The depth to count to; every depth up to it is printed.
        depth: u32,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Prints whose turn it is, the legal moves and the result, if any.
    Moves {
        #[command(flatten)]
        pos: PositionArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Draws the position as a PNG board image.
    Render {
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
        /// Where to write the PNG.
        #[arg(short, long, value_name = "FILE.png")]
        output: std::path::PathBuf,
    },
}

#[derive(Args)]
struct PositionArgs {
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
    /// Moves to play first, separated by spaces.
    #[arg(long)]
    play: Option<String>,
}

impl PositionArgs {
    fn build(&self) -> Result<AnyGame, String> {
        let id: GameId = self.game.parse().map_err(|e| format!("{e}"))?;
        let mut game = match &self.position {
            Some(text) => AnyGame::from_position_text(id, text).map_err(|e| e.to_string())?,
            None => {
                let mut setup = Setup {
                    seed: self.seed,
                    layout: self.layout.clone(),
                    ..Setup::default()
                };
                for p in &self.params {
                    setup.add_word(p).map_err(|e| e.to_string())?;
                }
                AnyGame::new(id, &setup).map_err(|e| e.to_string())?
            }
        };
        for m in self.play.iter().flat_map(|p| p.split_whitespace()) {
            game.play(m).map_err(|e| e.message(Lang::En))?;
        }
        Ok(game)
    }
}

fn main() -> ExitCode {
    // Logs go to standard error; `TABLERO_LOG` (or `RUST_LOG`) filters them,
    // `info` by default. Tokens are never logged.
    let filter = tracing_subscriber::EnvFilter::try_from_env("TABLERO_LOG")
        .or_else(|_| tracing_subscriber::EnvFilter::try_from_default_env())
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        let config = tablero_app::bot::load_config(cli.config)?;
        let frontends = vec![tablero_telegram::frontend(), tablero_discord::frontend()];
        return tablero_app::bot::run_with(config, Arc::new(tablero_app::PngRenderer), frontends);
    };
    match command {
        Command::Perft { pos, depth, divide } => {
            let game = pos.build()?;
            if divide {
                let mut total = 0;
                for (m, n) in game.divide(depth) {
                    println!("{m} {n}");
                    total += n;
                }
                println!();
                println!("{depth} {total}");
            } else {
                for d in 1..=depth {
                    println!("{d} {}", game.perft(d));
                }
            }
        }
        Command::Render {
            pos,
            flip,
            lang,
            players,
            output,
        } => {
            let game = pos.build()?;
            let lang = Lang::parse(&lang).ok_or_else(|| format!("unknown language `{lang}`"))?;
            let mut names = [String::new(), String::new()];
            for (slot, name) in names.iter_mut().zip(players) {
                *slot = name;
            }
            let opts = tablero_render::RenderOptions {
                game: game.id(),
                flip,
                players: names,
                lang,
                theme: tablero_render::Theme::Default,
            };
            let png = tablero_render::render_png(&game.view(), &opts).map_err(|e| e.to_string())?;
            std::fs::write(&output, &png).map_err(|e| format!("{}: {e}", output.display()))?;
        }
        Command::Moves { pos, json } => {
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
                println!("{v:#}");
            } else {
                match outcome {
                    None => println!(
                        "turn: {} ({:?})",
                        info.side_name(turn.side, Lang::En),
                        turn.phase
                    ),
                    Some(o) => match o.winner {
                        Some(w) => {
                            println!(
                                "result: {} wins, {}",
                                info.side_name(w, Lang::En),
                                o.reason.text(Lang::En)
                            )
                        }
                        None => println!("result: draw, {}", o.reason.text(Lang::En)),
                    },
                }
                for m in moves {
                    println!("{m}");
                }
            }
        }
    }
    Ok(())
}
