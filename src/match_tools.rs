//! The engine from the command line: `ai` (one move) and `selfplay`
//! (matches, also against UCI engines).

use std::time::{Duration, Instant};

use clap::Args;
use tablero_engine::selfplay::{Contender, Player};
use tablero_rules::{GameId, Lang, Setup};

use crate::position::{PositionArgs, TimeBound};
use crate::{Failure, uci};

/// `tablero ai`.
#[derive(Args)]
pub(crate) struct AiArgs {
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
pub(crate) struct SelfplayArgs {
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

/// The node budget `ai` measures a search's speed on before a larger one.
const PROBE_NODES: u64 = 2_000;

pub(crate) fn ai(args: AiArgs) -> Result<(), Failure> {
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

pub(crate) fn selfplay(
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
