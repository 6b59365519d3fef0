//! The `tablero` command: runs the bot, and offers tools to explore the
//! games (`perft`, `moves`, `render`) and to write a game's record (`export`)
//! or animated replay (`replay`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use tablero_rules::export::{self, RecordHeader};
use tablero_rules::{AnyGame, GameId, GameRecord, Lang, Setup};

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
    /// Writes the game's record: PGN (chess games only) or the plain text
    /// record, which `--record` reads back.
    Export {
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
    },
    /// Draws the whole game as an animated GIF, one frame per move.
    Replay {
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
        /// Where to write the GIF.
        #[arg(short, long, value_name = "FILE.gif")]
        output: PathBuf,
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
    fn id(&self) -> Result<GameId, String> {
        self.game.parse().map_err(|e| format!("{e}"))
    }

    /// The game as a record from its start: the `--record` file's, or the
    /// game with `--param`/`--seed`/`--layout`; then the `--play` moves.
    /// The moves are not checked here.
    fn record(&self) -> Result<GameRecord, String> {
        let id = self.id()?;
        if self.position.is_some() {
            return Err("a game record starts from the start position: drop --position".into());
        }
        let mut record = match &self.record {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
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

    fn build(&self) -> Result<AnyGame, String> {
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
    flip: bool,
    lang: &str,
    players: Vec<String>,
) -> Result<tablero_render::RenderOptions, String> {
    let lang = Lang::parse(lang).ok_or_else(|| format!("unknown language `{lang}`"))?;
    Ok(tablero_render::RenderOptions {
        game,
        flip,
        players: names(players),
        lang,
        theme: tablero_render::Theme::Default,
    })
}

fn main() -> ExitCode {
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
        let frontends = vec![
            tablero_telegram::frontend(),
            tablero_app::bot::Frontend {
                adapter: tablero_app::config::Adapter::Discord,
                platform: tablero_discord::PLATFORM,
                run: Box::new(tablero_discord::run),
            },
        ];
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
            let opts = render_options(game.id(), flip, &lang, players)?;
            let png = tablero_render::render_png(&game.view(), &opts).map_err(|e| e.to_string())?;
            std::fs::write(&output, &png).map_err(|e| format!("{}: {e}", output.display()))?;
        }
        Command::Export {
            pos,
            format,
            players,
            output,
        } => {
            let record = pos.record()?;
            let header = RecordHeader {
                players: names(players),
                ..RecordHeader::default()
            };
            let text = match format.as_str() {
                "pgn" => export::pgn(&record, &header),
                "text" | "txt" => export::text(&record, &header),
                other => return Err(format!("unknown format `{other}` (pgn or text)")),
            }
            .map_err(|e| e.to_string())?;
            match output {
                Some(path) => {
                    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => print!("{text}"),
            }
        }
        Command::Replay {
            pos,
            flip,
            lang,
            players,
            output,
        } => {
            let record = pos.record()?;
            let opts = render_options(record.game, flip, &lang, players)?;
            let views = record.views().map_err(|e| e.to_string())?;
            let gif = tablero_render::render_replay(&views, &opts).map_err(|e| e.to_string())?;
            std::fs::write(&output, &gif).map_err(|e| format!("{}: {e}", output.display()))?;
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
