//! Fits the chess evaluation's weights (texel tuning).
//!
//! ```text
//! cargo run --release --example texel_chess -- games GAMES NODES SEED THREADS OUT
//! cargo run --release --example texel_chess -- label ENGINE DEPTH IN OUT
//! cargo run --release --example texel_chess -- tune OUT FILE...
//! ```
//!
//! `games` plays GAMES self-play games at level 5 with NODES nodes a move
//! (each opened by six random plies drawn from SEED, on THREADS threads)
//! and writes every position with the game's result for White: `1`, `=`
//! or `0`, a tab, the position (FEN, then the moves that reached it).
//!
//! `label` asks a UCI engine (ENGINE is its path, e.g. Debian's
//! `/usr/games/stockfish`) to search each position of IN to DEPTH and
//! writes the position with White's expected score from the engine's
//! score instead of the game's result: `1 / (1 + 10^(-cp/400))`. Game
//! results from games this short are mostly decided by tactics the
//! evaluation cannot see; fitted to them, the weights learnt noise (a rook
//! on the third rank worth three pawns more); fitted to the engine's
//! scores, they came out sane and played better (BENCHMARKS.md).
//!
//! `tune` reads such files (results or expected scores) and keeps the
//! quiet positions (the side to move not in check and without a promotion
//! or a capture that wins material outright, and no mop-up term), fits
//! the scale K of `1 / (1 + 10^(-K·eval/400))` with the current weights,
//! then the middlegame and endgame weights by Adam on the mean squared
//! error. A square and its mirror image share a weight, and a weight that
//! fewer than [`MIN_SEEN`] positions show keeps its start. It prints the
//! error before and after (on the fit's positions and on a held-out
//! tenth) and writes the weights to OUT in the form of
//! `crates/engine/src/chess_weights.rs` (BENCHMARKS.md, "Chess's
//! evaluation fitted").

use std::io::{BufRead, Write};

use tablero_engine::chess::{END, FEATURES, FULL_PHASE, MIDDLE, features};

use tablero_rules::chess::{Chess, ROLES};
use tablero_rules::{Game, Setup, Side};

mod texel_support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") if args.len() == 6 => {
            let number = |i: usize| args[i].parse::<u64>().expect("a number");
            let nodes = number(2);
            texel_support::write_games(number(1), number(3), number(4), &args[5], |seed| {
                let start = Chess::new(&Setup::default()).expect("the start");
                texel_support::one_game(start, 6, 400, nodes, seed)
            });
        }
        Some("label") if args.len() == 5 => {
            let depth = args[2].parse::<u32>().expect("a depth");
            label(&args[1], depth, &args[3], &args[4]);
        }
        Some("tune") if args.len() > 2 => tune(&args[1], &args[2..]),
        _ => eprintln!(
            "usage: texel_chess games GAMES NODES SEED THREADS OUT | \
             texel_chess label ENGINE DEPTH IN OUT | texel_chess tune OUT FILE..."
        ),
    }
}

/// A quiet position's features (index and count, non-zero only), its
/// phase and the mover's result (1, ½ or 0).
struct Sample {
    counts: Vec<(u16, i8)>,
    phase: f64,
    result: f64,
}

fn read(files: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in files {
        let f = std::io::BufReader::new(std::fs::File::open(path).expect("a data file"));
        for line in f.lines() {
            let line = line.expect("a line");
            let Some((result, text)) = line.split_once('\t') else {
                continue;
            };
            // A file still being written may end in half a line.
            let Ok(g) = Chess::from_position_text(text) else {
                continue;
            };
            if !quiet(&g) {
                continue;
            }
            let Some((counts, phase)) = features(&g) else {
                continue;
            };
            // A game's result, or an expected score from an evaluation.
            let white = match result {
                "1" => 1.0,
                "0" => 0.0,
                "=" => 0.5,
                p => match p.parse::<f64>() {
                    Ok(p) if (0.0..=1.0).contains(&p) => p,
                    _ => continue,
                },
            };
            let result = if g.turn().side == Side::First {
                white
            } else {
                1.0 - white
            };
            out.push(Sample {
                counts: counts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c != 0)
                    .map(|(i, &c)| (i as u16, c.clamp(-127, 127) as i8))
                    .collect(),
                phase: f64::from(phase) / f64::from(FULL_PHASE),
                result,
            });
        }
    }
    out
}

/// Material values for telling a winning capture, by [`ROLES`] order.
const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 10_000];

/// Whether the position is quiet enough for its static evaluation to
/// stand for it: the side to move is not in check and has no promotion and
/// no capture that wins material outright (a bigger piece, or an
/// undefended one).
fn quiet(g: &Chess) -> bool {
    if g.in_check() {
        return false;
    }
    let me = g.turn().side;
    let them = me.other();
    let occupied = g.occupied();
    let mut defended = 0;
    for role in ROLES {
        let mut bb = g.pieces(them, role);
        while bb != 0 {
            let sq = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            defended |= Chess::attacks(them, role, sq, occupied);
        }
    }
    let value = |side, sq: u8| {
        ROLES
            .iter()
            .position(|&r| g.pieces(side, r) & (1u64 << sq) != 0)
            .map_or(0, |i| VALUES[i])
    };
    !g.legal_move_list().into_iter().any(|m| {
        m.promotion().is_some()
            || (g.is_capture(m)
                && (value(them, m.to()) > value(me, m.from()) || defended & (1u64 << m.to()) == 0))
    })
}

/// How many positions must show a feature for its weight to be fitted.
const MIN_SEEN: f64 = 300.0;

/// The weights: middlegame ones first, then endgame ones.
type Weights = Vec<f64>;

fn eval(w: &Weights, s: &Sample) -> f64 {
    let (mut middle, mut end) = (0.0, 0.0);
    for &(i, c) in &s.counts {
        middle += w[usize::from(i)] * f64::from(c);
        end += w[FEATURES + usize::from(i)] * f64::from(c);
    }
    middle * s.phase + end * (1.0 - s.phase)
}

fn predict(w: &Weights, s: &Sample, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval(w, s) / 400.0))
}

fn error(w: &Weights, samples: &[Sample], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - predict(w, s, k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

fn tune(out: &str, files: &[String]) {
    let samples = read(files);
    eprintln!("{} quiet positions", samples.len());
    let (train, test) = texel_support::split_held_out(samples);
    let start: Weights = MIDDLE.iter().chain(&END).map(|&x| f64::from(x)).collect();
    // The scale that fits the current weights best; then the weights at
    // that scale (with K fixed the weights have one best size).
    let (k, best) = texel_support::fit_scale(|k| error(&start, &train, k));
    println!(
        "K = {k:.2}; error before: train {:.5}, held out {:.5}",
        best,
        error(&start, &test, k)
    );
    let n = 2 * FEATURES;
    // A weight seen in few positions keeps its start: Adam moves it as
    // fast as a common one, and it would learn those positions' noise (a
    // king on the seventh rank in the middlegame worth ten pawns).
    // A middlegame weight counts a position by its phase, an endgame
    // weight by the rest.
    let mut seen = vec![0.0; n];
    for s in &train {
        for &(i, _) in &s.counts {
            seen[usize::from(i)] += s.phase;
            seen[FEATURES + usize::from(i)] += 1.0 - s.phase;
        }
    }
    let rare = |i: usize| {
        let (part, f) = (i - i % FEATURES, i % FEATURES);
        let mirror = if f < 384 { f ^ 7 } else { f };
        seen[part + f] + seen[part + mirror] < 2.0 * MIN_SEEN
    };
    eprintln!(
        "{} of {n} weights seen in fewer than {MIN_SEEN} positions keep their start",
        (0..n).filter(|&i| rare(i)).count()
    );
    let mut w = start.clone();
    let mut adam = texel_support::Adam::new(n);
    for epoch in 1..=1500 {
        let mut grad = vec![0.0; n];
        for s in &train {
            let p = predict(&w, s, k);
            let g = texel_support::slope(s.result, p, k);
            for &(i, c) in &s.counts {
                let x = f64::from(c);
                grad[usize::from(i)] += g * x * s.phase;
                grad[FEATURES + usize::from(i)] += g * x * (1.0 - s.phase);
            }
        }
        // A square and its mirror image across the board's middle (a1
        // and h1) share their weight.
        for part in [0, FEATURES] {
            for i in 0..384 {
                let j = i ^ 7;
                if i < j {
                    let mean = (grad[part + i] + grad[part + j]) / 2.0;
                    grad[part + i] = mean;
                    grad[part + j] = mean;
                }
            }
        }
        adam.step(&mut w, &grad, train.len(), rare);
        if epoch % 100 == 0 {
            eprintln!(
                "epoch {epoch}: train {:.5}, held out {:.5}",
                error(&w, &train, k),
                error(&w, &test, k)
            );
        }
    }
    println!(
        "error after: train {:.5}, held out {:.5}",
        error(&w, &train, k),
        error(&w, &test, k)
    );
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    std::fs::write(out, weights_file(&rounded, train.len() + test.len()))
        .expect("the weights file");
}

/// The weights as `chess_weights.rs` holds them.
fn weights_file(w: &[i32], positions: usize) -> String {
    let roles = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let mut out = format!(
        "// The chess evaluation's weights, in hundredths of a pawn, by feature\n\
         // (`chess.rs`, `mod f`). Written by `cargo run --release --example\n\
         // texel_chess -- tune …` from {positions} quiet positions (BENCHMARKS.md,\n\
         // \"Chess's evaluation fitted\").\n"
    );
    for (name, doc, part) in [
        (
            "MIDDLE",
            "The middlegame weights (phase 24).",
            &w[..FEATURES],
        ),
        ("END", "The endgame weights (phase 0).", &w[FEATURES..]),
    ] {
        out += &format!("\n/// {doc}\npub const {name}: [i32; FEATURES] = [\n");
        for (r, role) in roles.iter().enumerate() {
            out += &format!("    // {role}, a1–h8 from its own side\n");
            for rank in 0..8 {
                let row = &part[r * 64 + rank * 8..r * 64 + rank * 8 + 8];
                let cells: Vec<String> = row.iter().map(i32::to_string).collect();
                out += &format!("    {},\n", cells.join(", "));
            }
        }
        out += "    // mobility N B R Q, bishop pair, doubled, isolated, passed by rank 0–7,\n";
        out += "    // rook open, half open, shield, far shield, king attack, tempo,\n";
        out += "    // king attackers and their square, threats by pawn, minor and rook, hanging\n";
        out += "    // pieces, weak pawns (each for the side to move, then the other), king\n";
        out += "    // semi-open and open files, pawn storm, queen near\n";
        let rest: Vec<String> = part[384..].iter().map(i32::to_string).collect();
        out += &format!("    {},\n];\n", rest.join(", "));
    }
    out
}

/// Writes each position of `input` with White's expected score from
/// `engine`'s search to `depth` (see the module's documentation).
fn label(engine: &str, depth: u32, input: &str, out: &str) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut to = child.stdin.take().expect("its input");
    let mut from = std::io::BufReader::new(child.stdout.take().expect("its output"));
    let mut line = String::new();
    let mut wait_for = |from: &mut std::io::BufReader<_>, last: &mut Option<i32>, end: &str| {
        loop {
            line.clear();
            if from.read_line(&mut line).expect("a line") == 0 {
                panic!("the engine stopped");
            }
            if let Some(s) = tablero_engine::uci::score(&line) {
                *last = Some(s);
            }
            if line.starts_with(end) {
                break;
            }
        }
    };
    writeln!(to, "uci\nsetoption name Threads value 1\nisready").expect("sent");
    wait_for(&mut from, &mut None, "readyok");
    let f = std::io::BufReader::new(std::fs::File::open(input).expect("a data file"));
    let mut o = std::io::BufWriter::new(std::fs::File::create(out).expect("the output"));
    for (i, text) in f.lines().enumerate() {
        let text = text.expect("a line");
        let Some((_, position)) = text.split_once('\t') else {
            continue;
        };
        let Ok(g) = Chess::from_position_text(position) else {
            continue;
        };
        let fen: Vec<&str> = position.split_whitespace().take(6).collect();
        writeln!(to, "position fen {}\ngo depth {depth}", fen.join(" ")).expect("sent");
        let mut score = None;
        wait_for(&mut from, &mut score, "bestmove");
        let Some(cp) = score else {
            continue;
        };
        let cp = f64::from(cp.clamp(-3000, 3000));
        let white = if g.turn().side == Side::First {
            cp
        } else {
            -cp
        };
        writeln!(
            o,
            "{:.4}\t{position}",
            1.0 / (1.0 + 10f64.powf(-white / 400.0))
        )
        .expect("written");
        if i % 10_000 == 9_999 {
            eprintln!("{} positions", i + 1);
        }
    }
    writeln!(to, "quit").expect("sent");
    o.flush().expect("flushed");
    child.wait().expect("the engine ends");
}
