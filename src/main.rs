//! The `tablero` command: runs the bot, and offers tools to explore the
//! games (`perft`, `moves`, `render`), the engine (`ai`, `selfplay`), and
//! writes a game's record (`export`) or animated replay (`replay`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use tablero_engine::selfplay::{Contender, Player};
use tablero_rules::export::{self, RecordHeader};
use tablero_rules::{AnyGame, GameId, GameRecord, Lang, Setup};

mod uci;

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

/// `tablero perft`.
#[derive(Args)]
struct PerftArgs {
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

/// The longest a CLI search or count may run: a request that would take
/// longer, estimated from what has run so far, is refused with the
/// estimate (`perft chess 10` would take days; `ai --nodes 1000000000`
/// hours).
#[derive(Args, Clone, Copy)]
struct TimeBound {
    /// Refuse work estimated to take longer than this many seconds.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    max_seconds: u64,
}

impl TimeBound {
    fn limit(self) -> Duration {
        Duration::from_secs(self.max_seconds)
    }

    /// The refusal of work estimated at `est`.
    fn refuse(self, what: &str, est: Duration, basis: &str) -> Failure {
        Failure::Msg(format!(
            "{what} would take about {} ({basis}), over the limit of {}; raise --max-seconds to run it",
            human_duration(est),
            human_duration(self.limit())
        ))
    }
}

/// `d` as a person reads it: `40 s`, `12 min`, `3.5 h`, `2.1 days`.
fn human_duration(d: Duration) -> String {
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
struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// What `tablero render` and `tablero replay` draw, and how.
#[derive(Args)]
struct PictureArgs {
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
struct RenderArgs {
    #[command(flatten)]
    picture: PictureArgs,
    /// Where to write the PNG.
    #[arg(short, long, value_name = "FILE.png")]
    output: std::path::PathBuf,
}

/// `tablero ai`.
#[derive(Args)]
struct AiArgs {
    #[command(flatten)]
    pos: PositionArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// The search's random seed (same seed, position and node budget:
    /// same move).
    #[arg(long, default_value_t = 0)]
    search_seed: u64,
    /// Force a search: `mcts` or `ab` (alpha-beta; only for games whose
    /// turns alternate).
    #[arg(long)]
    algo: Option<String>,
    #[command(flatten)]
    bound: TimeBound,
}

/// `tablero selfplay`.
#[derive(Args)]
struct SelfplayArgs {
    /// The game id (`chess`, `bloc`, …) or its name.
    game: String,
    /// A game parameter, `KEY=VALUE` (repeatable).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Player A: `random`, a level (1–5), settings such as
    /// `level=3,algo=mcts,nodes=5000,think-ms=200`, or a UCI engine,
    /// `uci:PATH[,NAME=VALUE…]` (UCI options such as `Skill Level=5`,
    /// and `think-ms=` or `nodes=` for its own budget; chess and
    /// breakthrough, `UCI_Variant` set to the game when offered).
    #[arg(long)]
    a: String,
    /// Player B, like `--a`.
    #[arg(long)]
    b: String,
    /// Games to play (A moves first in every other one).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Think time per move for players that set no budget of their own.
    #[arg(long)]
    think_ms: Option<u64>,
    /// Node budget per move for players that set no budget of their own.
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed of the openings, the deals and the searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies that open each pair of games.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Players without a budget use their level's node budget rather
    /// than its think time (deterministic, independent of the machine).
    #[arg(long)]
    level_nodes: bool,
    /// Print every game's result.
    #[arg(long)]
    verbose: bool,
    /// Start at this game (numbered from 1), to finish a match that
    /// stopped part-way: each game is the same whichever run plays it.
    #[arg(long, default_value_t = 1)]
    from: u32,
    /// End a game between alpha-beta engines early when both engines'
    /// scores agree: a win when both give one side six pawns or more
    /// for four moves each, a draw when, from ply 80, both stay within
    /// a fifth of a pawn of level for ten moves each.
    #[arg(long)]
    adjudicate: bool,
}

/// `tablero export`.
#[derive(Args)]
struct ExportArgs {
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
struct ReplayArgs {
    #[command(flatten)]
    picture: PictureArgs,
    /// Where to write the GIF.
    #[arg(short, long, value_name = "FILE.gif")]
    output: PathBuf,
}

#[derive(Subcommand)]
enum StoreCommand {
    /// Copies every game, challenge, stat, profile and quarantined record
    /// into a new store, then checks the copy key by key. Stop the bot
    /// first. Stores are `sled:PATH` or `postgres://USER@HOST:PORT/DB`.
    Copy {
        #[arg(long, value_name = "STORE")]
        from: String,
        /// A new store (sled folder or PostgreSQL database holding no data);
        /// default: $TABLERO_DATABASE_URL.
        #[arg(long, value_name = "STORE")]
        to: Option<String>,
    },
    /// Reads every record (and replays every game) and reports what is
    /// damaged; changes nothing. Exits with an error when something is.
    /// Stop the bot first.
    Check {
        /// The store: `sled:PATH` or `postgres://…` (default: the
        /// configured one).
        #[arg(long, value_name = "STORE")]
        store: Option<String>,
    },
    /// Applies the layout migrations the store still needs (the bot also
    /// applies them when it starts), each in one atomic change. Stop the
    /// bot first.
    Migrate {
        /// The store: `sled:PATH` or `postgres://…` (default: the
        /// configured one).
        #[arg(long, value_name = "STORE")]
        store: Option<String>,
    },
    /// Copies every readable record of a damaged store into a new store
    /// and puts the unreadable ones in the new store's quarantine, with a
    /// report; the damaged store is only read. Stop the bot first.
    Salvage {
        #[arg(long, value_name = "STORE")]
        from: String,
        /// A new store (holding no data).
        #[arg(long, value_name = "STORE")]
        to: String,
    },
}

/// The page cache of a store opened by a `store` command.
const STORE_CACHE: u64 = 64 << 20;

/// Why a stored game is not playable: its record does not parse or replay.
fn game_check(doc: &tablero_store::GameDoc) -> Result<(), String> {
    let record: GameRecord = doc.record.parse().map_err(|e| format!("{e}"))?;
    record.views().map(drop).map_err(|e| e.to_string())
}

/// Prints each damaged record of a report, one a line.
fn print_damage(damaged: &[tablero_store::Damage]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    for d in damaged {
        writeln!(out, "damaged: {}: {}", d.key, d.why)?;
    }
    Ok(())
}

/// How strong and how long the engine searches.
#[derive(Args)]
struct EngineArgs {
    /// The level, 1 (beginner) to 5 (strongest); 5 when not given.
    #[arg(long)]
    level: Option<u8>,
    /// Think time per move in milliseconds, up to 600000 (default: the
    /// level's).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    think_ms: Option<u64>,
    /// Node budget (MCTS playouts or alpha-beta positions), up to a
    /// billion; deterministic.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: Option<u64>,
}

impl EngineArgs {
    fn level(&self) -> Result<tablero_engine::Level, String> {
        tablero_engine::Level::new(self.level.unwrap_or(5)).map_err(|e| e.to_string())
    }

    fn limits(&self) -> tablero_engine::Limits {
        tablero_engine::Limits {
            think: self.think_ms.map(Duration::from_millis),
            nodes: self.nodes,
        }
    }
}

fn parse_algorithm(text: Option<&str>) -> Result<Option<tablero_engine::Algorithm>, String> {
    match text {
        None => Ok(None),
        Some("mcts") => Ok(Some(tablero_engine::Algorithm::Mcts)),
        Some("ab" | "alphabeta") => Ok(Some(tablero_engine::Algorithm::AlphaBeta)),
        Some(other) => Err(format!("no search `{other}` (mcts, ab)")),
    }
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

/// Players' names from repeated `--player`, first player first.
/// A side of a `selfplay` match: the engine or random moves, or a UCI
/// engine in its own process.
enum MatchPlayer {
    Own(Player),
    Uci(Box<uci::UciPlayer>),
}

impl MatchPlayer {
    fn new(text: &str, game: GameId) -> Result<MatchPlayer, String> {
        match uci::UciSpec::parse(text) {
            Some(spec) => Ok(MatchPlayer::Uci(Box::new(uci::UciPlayer::start(
                &spec?, game,
            )?))),
            None => text
                .parse()
                .map(MatchPlayer::Own)
                .map_err(|e| e.to_string()),
        }
    }

    fn contender(&mut self) -> Contender<'_> {
        match self {
            MatchPlayer::Own(p) => Contender::Own(p),
            MatchPlayer::Uci(u) => Contender::Outside(&mut **u),
        }
    }
}

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
        Command::Perft(args) => perft(args),
        Command::Render(args) => render(args),
        Command::Ai(args) => ai(args),
        Command::Selfplay(args) => selfplay(args),
        Command::Export(args) => export(args),
        Command::Replay(args) => replay(args),
        Command::Moves(args) => moves(args),
        Command::Store(StoreCommand::Copy { from, to }) => store_copy(from, to),
        Command::Store(StoreCommand::Check { store }) => store_check(store, cli.config),
        Command::Store(StoreCommand::Salvage { from, to }) => store_salvage(from, to),
        Command::Store(StoreCommand::Migrate { store }) => store_migrate(store, cli.config),
    }
}

fn perft(
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

fn render(RenderArgs { picture, output }: RenderArgs) -> Result<(), Failure> {
    let game = picture.pos.build()?;
    let opts = render_options(game.id(), &picture)?;
    let png = tablero_render::render_png(&game.view(), &opts).map_err(|e| e.to_string())?;
    std::fs::write(&output, &png).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}

/// The node budget `ai` measures a search's speed on before a larger one.
const PROBE_NODES: u64 = 2_000;

fn ai(args: AiArgs) -> Result<(), Failure> {
    let game = args.pos.build()?;
    let algorithm = parse_algorithm(args.algo.as_deref())?;
    let (engine, seed) = (args.engine, args.search_seed);
    let mut bot = tablero_engine::Engine::with_algorithm(&game, engine.level()?, algorithm, seed);
    if let Some(asked) = algorithm.filter(|a| *a != bot.algorithm()) {
        return Err(Failure::Msg(format!(
            "{asked:?} does not play {} (its turns do not alternate); use --algo mcts",
            game.id().key()
        )));
    }
    let limits = engine.limits();
    if let Some(think) = limits.think.filter(|t| *t > args.bound.limit()) {
        return Err(args.bound.refuse("that search", think, "its --think-ms"));
    }
    // A node budget: measure this search's speed on a small budget first.
    if let Some(nodes) = limits.nodes.filter(|n| *n > PROBE_NODES) {
        let mut probe =
            tablero_engine::Engine::with_algorithm(&game, engine.level()?, algorithm, seed);
        let t = Instant::now();
        probe
            .choose(tablero_engine::Limits {
                think: None,
                nodes: Some(PROBE_NODES),
            })
            .map_err(|e| e.to_string())?;
        let per_node = t.elapsed().as_secs_f64() / PROBE_NODES as f64;
        let est = Duration::from_secs_f64(per_node * nodes as f64);
        if est > args.bound.limit() {
            let basis = format!(
                "{PROBE_NODES} nodes took {:.0} ms",
                t.elapsed().as_secs_f64() * 1e3
            );
            return Err(args.bound.refuse(&format!("{nodes} nodes"), est, &basis));
        }
    }
    let m = bot.choose(limits).map_err(|e| e.to_string())?;
    say!(
        "level {}, {:?}: {}",
        bot.level(),
        bot.algorithm(),
        bot.last_info()
    );
    say!("{m}");
    Ok(())
}

fn selfplay(
    SelfplayArgs {
        game,
        params,
        a,
        b,
        games,
        think_ms,
        nodes,
        seed,
        opening,
        level_nodes,
        verbose,
        from,
        adjudicate,
    }: SelfplayArgs,
) -> Result<(), Failure> {
    if from == 0 || from > games {
        return Err(format!("--from must be a game number from 1 to {games}").into());
    }
    let id: GameId = game.parse().map_err(|e| format!("{e}"))?;
    let mut setup = Setup::default();
    for p in &params {
        setup.add_word(p).map_err(|e| e.to_string())?;
    }
    let mut pa = MatchPlayer::new(&a, id).map_err(|e| format!("--a: {e}"))?;
    let mut pb = MatchPlayer::new(&b, id).map_err(|e| format!("--b: {e}"))?;
    for (name, p) in [("A", &pa), ("B", &pb)] {
        if let MatchPlayer::Uci(u) = p {
            println!("{name}: {}", u.name);
        }
    }
    let m = tablero_engine::selfplay::Match {
        game: id,
        setup,
        games,
        limits: tablero_engine::Limits {
            think: think_ms.map(Duration::from_millis),
            nodes,
        },
        level_nodes,
        seed,
        opening_plies: opening,
        max_plies: 2000,
        first: from - 1,
        adjudicate,
    };
    let r = m
        .play_with(pa.contender(), pb.contender(), |g| {
            if verbose {
                let a_side = if g.a_first { "first" } else { "second" };
                let why = match g.reason {
                    Some(r) => r.text(Lang::En),
                    None if g.adjudicated => "adjudicated",
                    None => "ply limit",
                };
                {
                    use std::io::Write as _;
                    let _ = writeln!(
                        std::io::stdout().lock(),
                        "game {}: A ({a_side}) {:?} ({why}) in {} plies: {}",
                        g.index + 1,
                        g.result,
                        g.plies,
                        g.moves.join(" ")
                    );
                }
            }
        })
        .map_err(|e| e.to_string())?;
    let (elo, lo, hi) = r.elo();
    say!("{} games of {}: A = {a}, B = {b}", r.games(), id.key());
    say!(
        "A wins {}, draws {}, losses {}: score {:.1} %",
        r.wins,
        r.draws,
        r.losses,
        r.score() * 100.0
    );
    let show = |x: f64| {
        if x.is_finite() {
            format!("{x:+.0}")
        } else {
            format!("{x:+}")
        }
    };
    let spread = if elo.is_finite() && lo.is_finite() && hi.is_finite() {
        format!(" ± {:.0}", (hi - lo) / 2.0)
    } else {
        String::new()
    };
    say!(
        "Elo difference (A - B): {}{spread} (95 %: {} to {})",
        show(elo),
        show(lo),
        show(hi)
    );
    for (i, name) in ["A", "B"].iter().enumerate() {
        say!(
            "{name}: {} moves, {:.1} ms per move on average, longest {:.1} ms",
            r.moves[i],
            r.time_per_move(i).as_secs_f64() * 1e3,
            r.longest[i].as_secs_f64() * 1e3
        );
    }
    Ok(())
}

fn export(
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

fn replay(ReplayArgs { picture, output }: ReplayArgs) -> Result<(), Failure> {
    let record = picture.pos.record()?;
    let opts = render_options(record.game, &picture)?;
    let views = record.views().map_err(|e| e.to_string())?;
    let gif = tablero_render::render_replay(&views, &opts).map_err(|e| e.to_string())?;
    std::fs::write(&output, &gif).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(())
}

fn moves(MovesArgs { pos, json }: MovesArgs) -> Result<(), Failure> {
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

fn store_copy(from: String, to: Option<String>) -> Result<(), Failure> {
    let to = to
        .or_else(|| std::env::var("TABLERO_DATABASE_URL").ok())
        .ok_or("no --to, and TABLERO_DATABASE_URL is not set")?;
    // The source is opened to be read only: one that does not exist
    // is an error and is not created.
    let source =
        tablero_store::Store::open_existing_url(&from, STORE_CACHE).map_err(|e| e.to_string())?;
    let target = tablero_store::Store::open_url(&to, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = source.copy_to(&target).map_err(|e| e.to_string())?;
    say!(
        "copied {} keys and {} quarantined records from {} to {}; the copy matches",
        r.keys,
        r.quarantined,
        source.describe(),
        target.describe()
    );
    say_migrated(&target, &r.migrated)
}

/// Says which layout migrations a store was brought through.
fn say_migrated(
    store: &tablero_store::Store,
    migrated: &[tablero_store::Migration],
) -> Result<(), Failure> {
    for m in migrated {
        say!(
            "{}: applied layout migration {}: {}",
            store.describe(),
            m.number,
            m.what
        );
    }
    Ok(())
}

/// The store a `store` command names, or the configured one.
fn store_url(store: Option<String>, config: Option<PathBuf>) -> Result<String, Failure> {
    Ok(match store {
        Some(url) => url,
        None => tablero_app::bot::load_config(config)?.store_url(),
    })
}

fn store_migrate(store: Option<String>, config: Option<PathBuf>) -> Result<(), Failure> {
    let url = store_url(store, config)?;
    // A store that does not exist is an error, not created (and a sled
    // folder opened to be read is a copy): first see that it is there,
    // then open it to write.
    drop(tablero_store::Store::open_existing_url(&url, STORE_CACHE).map_err(|e| e.to_string())?);
    let store = tablero_store::Store::open_url(&url, STORE_CACHE).map_err(|e| e.to_string())?;
    let migrated = store.migrate().map_err(|e| e.to_string())?;
    say_migrated(&store, &migrated)?;
    say!(
        "{} is at layout {}, this build's",
        store.describe(),
        tablero_store::LAYOUT
    );
    Ok(())
}

fn store_check(store: Option<String>, config: Option<PathBuf>) -> Result<(), Failure> {
    // A sled folder is read from a copy, or from its log record by
    // record when sled would cut it short: nothing in it changes.
    let url = store_url(store, config)?;
    let store = tablero_store::Store::read_url(&url, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = store.check(&game_check).map_err(|e| e.to_string())?;
    print_damage(&r.damaged)?;
    say!(
        "{}: {} records readable, {} damaged, {} in quarantine",
        store.describe(),
        r.readable,
        r.damaged.len(),
        r.quarantined
    );
    // Migrations still to run are not damage: the bot runs them when it
    // starts (or `store migrate`); check only says so.
    match store.pending_migrations() {
        Ok(pending) => {
            for m in pending {
                say!(
                    "{}: layout migration {} still to run (the bot runs it when it starts, or `tablero store migrate`): {}",
                    store.describe(),
                    m.number,
                    m.what
                );
            }
        }
        Err(e) => say!("{e}"),
    }
    if !r.is_clean() {
        return Err(Failure::Msg(format!(
            "{} is damaged: copy what is readable with `tablero store salvage --from {} --to NEW`",
            store.describe(),
            store.describe()
        )));
    }
    Ok(())
}

fn store_salvage(from: String, to: String) -> Result<(), Failure> {
    let source = tablero_store::Store::read_url(&from, STORE_CACHE).map_err(|e| e.to_string())?;
    let target = tablero_store::Store::open_url(&to, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = source
        .salvage_to(&target, &game_check)
        .map_err(|e| e.to_string())?;
    print_damage(&r.damaged)?;
    say!(
        "salvaged {} records from {} to {}; {} damaged records put in its quarantine, {} quarantined records kept",
        r.copied,
        source.describe(),
        target.describe(),
        r.damaged.len(),
        r.quarantined
    );
    say_migrated(&target, &r.migrated)
}
