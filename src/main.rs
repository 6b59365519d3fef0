//! The `tablero` command: runs the bot, and offers tools to explore the
//! games (`perft`, `moves`, `render`), the engine (`ai`, `selfplay`), and
//! writes a game's record (`export`) or animated replay (`replay`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

/// `println!` that returns a write error (a closed pipe) instead of
/// panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

/// `print!`, likewise.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)?
    }};
}

mod explore;
mod match_tools;
mod position;
mod store_tools;
mod uci;

use explore::{ExportArgs, MovesArgs, PerftArgs, RenderArgs, ReplayArgs};
use match_tools::{AiArgs, SelfplayArgs};
use store_tools::StoreCommand;

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
    Perft(PerftArgs),
    /// Prints whose turn it is, the legal moves and the result, if any.
    Moves(MovesArgs),
    /// Draws the position as a PNG board image.
    Render(RenderArgs),
    /// Prints the move the engine chooses (its canonical text, last line),
    /// after a line of search information.
    Ai(AiArgs),
    /// Plays games between two players and prints wins, draws, losses and
    /// the Elo difference with its 95 % error bar.
    Selfplay(SelfplayArgs),
    /// Writes the game's record: PGN (chess games only) or the plain text
    /// record, which `--record` reads back.
    Export(ExportArgs),
    /// Draws the whole game as an animated GIF, one frame per move.
    Replay(ReplayArgs),
    /// Store maintenance.
    #[command(subcommand)]
    Store(StoreCommand),
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            // clap quotes a bad value whole: a 120 KB argument is cut.
            eprint!("{}", short_words(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        // A reader that stopped reading (`tablero moves chess | head -3`)
        // ends the output, as it does for any Unix tool.
        Ok(()) | Err(Failure::Pipe) => ExitCode::SUCCESS,
        Err(Failure::Msg(e)) => {
            eprintln!("error: {}", short_words(&e));
            ExitCode::FAILURE
        }
    }
}

/// `text` with every word longer than a line cut to a short excerpt (its
/// closing quotation mark kept): what the command line quotes back of a
/// long argument.
fn short_words(text: &str) -> String {
    const LONGEST: usize = 80;
    let mut out = String::with_capacity(text.len().min(4_096));
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().count() > LONGEST {
            let close = word
                .chars()
                .last()
                .filter(|c| matches!(c, '\'' | '`' | '"'));
            let open = word
                .chars()
                .next()
                .filter(|c| matches!(c, '\'' | '`' | '"'));
            if let Some(o) = open {
                out.push(o);
            }
            out.push_str(&tablero_rules::excerpt(word.trim_matches(['\'', '`', '"'])));
            if let Some(c) = close {
                out.push(c);
            }
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Why a command failed.
enum Failure {
    Msg(String),
    /// Standard output was closed by its reader.
    Pipe,
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Msg(e)
    }
}

impl From<&str> for Failure {
    fn from(e: &str) -> Failure {
        Failure::Msg(e.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::Pipe
        } else {
            Failure::Msg(format!("standard output: {e}"))
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let Some(command) = cli.command else {
        let config = tablero_app::bot::load_config(cli.config)?;
        let frontends = vec![tablero_telegram::frontend(), tablero_discord::frontend()];
        return Ok(tablero_app::bot::run_with_web(
            config,
            Arc::new(tablero_app::PngRenderer),
            frontends,
            Some(tablero_web::frontend()),
        )?);
    };
    match command {
        Command::Perft(args) => explore::perft(args),
        Command::Render(args) => explore::render(args),
        Command::Ai(args) => match_tools::ai(args),
        Command::Selfplay(args) => match_tools::selfplay(args),
        Command::Export(args) => explore::export(args),
        Command::Replay(args) => explore::replay(args),
        Command::Moves(args) => explore::moves(args),
        Command::Store(command) => store_tools::run(command, cli.config),
    }
}
