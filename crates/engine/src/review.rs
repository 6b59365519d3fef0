//! The review of a finished game: the engine's judgement of every position
//! at a fixed node budget, and the moves that changed the game most.
//!
//! Built on the public search ([`Engine`]) alone: one engine at the
//! strongest level walks the game from its start, searching each position
//! with the same budget (deterministic for a seed, like every node-budgeted
//! search) and keeping what it learnt from one position to the next (the
//! alpha-beta table, the MCTS graph below the move played). Every score is
//! a chance of winning from 0 to 1, whatever the game: alpha-beta's score
//! in hundredths of a pawn through its logistic ([`SearchInfo::value`]),
//! MCTS's mean result, a proven result as 0 or 1. So the twelve games share
//! one scale, and a chart of it reads the same for all of them.

use tablero_rules::{AnyGame, GameId, Side};

use crate::{Algorithm, Engine, EngineError, Level, Limits, SearchInfo, algorithm};

/// What a review's searches may hold in memory (the alpha-beta table, the
/// MCTS graph): half of what the chat bot allows a game it plays.
pub const REVIEW_MEMORY: usize = 32 << 20;

/// A move must lose at least this much of its mover's chance of winning
/// (0 to 1) to count as one that changed the game.
pub const MIN_SWING: f64 = 0.10;

/// The whole review's node budget, shared out over its positions: about
/// a second on one quiet core for the slowest game of each search
/// (BENCHMARKS.md, "Search speed"; cascades and cracovia for MCTS,
/// guadalete14 for alpha-beta), two to five under load ("Reviews").
const TOTAL_NODES: [(Algorithm, u64, u64, u64); 2] = [
    // (search, total, least per position, most per position)
    (Algorithm::Mcts, 60_000, 300, 4_000),
    (Algorithm::AlphaBeta, 400_000, 2_000, 40_000),
];

/// One position judged: the engine's move there and the chance of winning
/// it gives the first player.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// The engine's move (canonical text); `None` when the game is over.
    pub best: Option<String>,
    /// The first player's chance of winning, 0 to 1, with best play.
    pub first: f64,
    /// A result the search proved: `Some(Some(side))` a forced win for
    /// `side`, `Some(None)` a forced draw.
    pub proven: Option<Option<Side>>,
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// Its index: 0 is the first move.
    pub ply: usize,
    /// Who played it.
    pub mover: Side,
    /// The move played (canonical text).
    pub played: String,
    /// The engine's move in that position, when it differs from the move
    /// played and there was a choice.
    pub better: Option<String>,
    /// The mover's chance of winning before the move, with the engine's
    /// move (0 to 1).
    pub before: f64,
    /// The mover's chance of winning after the move played.
    pub after: f64,
}

impl PlyReview {
    /// The mover's chance of winning the move threw away (never negative).
    #[must_use]
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The game.
    pub game: GameId,
    /// The first player's chance of winning in every position, the start
    /// first: one more than there are moves.
    pub first: Vec<f64>,
    /// Every move, in order.
    pub plies: Vec<PlyReview>,
    /// The node budget each position was searched with.
    pub nodes_per_ply: u64,
}

impl GameReview {
    /// The (at most) `max` moves that lost their mover the most, at least
    /// [`MIN_SWING`] each and with a better move to show, in the order
    /// they were played.
    #[must_use]
    pub fn turning_points(&self, max: usize) -> Vec<&PlyReview> {
        let mut worst: Vec<&PlyReview> = self
            .plies
            .iter()
            .filter(|p| p.better.is_some() && p.loss() >= MIN_SWING)
            .collect();
        worst.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.ply.cmp(&b.ply)));
        worst.truncate(max);
        worst.sort_by_key(|p| p.ply);
        worst
    }
}

/// The node budget per position for a review of a game of `plies` moves:
/// the game's search's total shared out, within a floor (so that a long
/// game is still judged) and a ceiling (so that a short one is quick).
#[must_use]
pub fn nodes_per_ply(game: GameId, plies: usize) -> u64 {
    let search = algorithm(game);
    let (_, total, least, most) = TOTAL_NODES
        .iter()
        .copied()
        .find(|(a, ..)| *a == search)
        .unwrap_or(TOTAL_NODES[0]);
    (total / (plies as u64 + 1)).clamp(least, most)
}

/// The first player's chance of winning that a search of a position with
/// `mover` to move reports.
fn first_of(info: &SearchInfo, mover: Side) -> f64 {
    let mover_value = match info.proven {
        Some(Some(side)) if side == mover => 1.0,
        Some(Some(_)) => 0.0,
        Some(None) => 0.5,
        None => info.value.clamp(0.0, 1.0),
    };
    match mover {
        Side::First => mover_value,
        Side::Second => 1.0 - mover_value,
    }
}

/// The first player's chance in a finished position: 1, 0 or ½.
fn over(game: &AnyGame) -> Option<f64> {
    game.outcome().map(|o| match o.winner {
        Some(Side::First) => 1.0,
        Some(Side::Second) => 0.0,
        None => 0.5,
    })
}

/// Judges one position with `nodes` of search at the strongest level. A
/// position with a single legal move is judged by the position after it
/// (as far as moves stay forced), since searching it says nothing.
pub fn assess(game: &AnyGame, nodes: u64, seed: u64) -> Assessment {
    let mut engine = Engine::new(game, Level::MAX, seed);
    engine.set_memory_limit(REVIEW_MEMORY);
    assess_with(&mut engine, game, nodes, 0)
}

/// [`assess`] with an engine standing at `game` (left there).
fn assess_with(engine: &mut Engine, game: &AnyGame, nodes: u64, depth: usize) -> Assessment {
    if let Some(first) = over(game) {
        return Assessment {
            best: None,
            first,
            proven: None,
        };
    }
    let legal = game.legal_moves();
    if legal.len() == 1 && depth < 16 {
        let mut next = game.clone();
        if next.play(&legal[0]).is_ok() {
            let mut ahead = Engine::new(&next, Level::MAX, depth as u64);
            ahead.set_memory_limit(REVIEW_MEMORY);
            let later = assess_with(&mut ahead, &next, nodes, depth + 1);
            return Assessment {
                best: Some(legal[0].clone()),
                ..later
            };
        }
    }
    let mover = game.turn().side;
    let best = engine.choose(Limits::nodes(nodes)).ok();
    let info = engine.last_info();
    Assessment {
        best,
        first: first_of(&info, mover),
        proven: info.proven,
    }
}

/// Reviews a game: `start` and the `moves` played from it (any text the
/// game reads), each position searched with [`nodes_per_ply`]'s budget.
///
/// # Errors
///
/// [`EngineError::BadMove`] when a move is not legal where it is played.
pub fn review(start: &AnyGame, moves: &[String], seed: u64) -> Result<GameReview, EngineError> {
    review_with(start, moves, nodes_per_ply(start.id(), moves.len()), seed)
}

/// [`review`] with `nodes` per position.
///
/// # Errors
///
/// [`EngineError::BadMove`] when a move is not legal where it is played.
pub fn review_with(
    start: &AnyGame,
    moves: &[String],
    nodes: u64,
    seed: u64,
) -> Result<GameReview, EngineError> {
    let mut engine = Engine::new(start, Level::MAX, seed);
    engine.set_memory_limit(REVIEW_MEMORY);
    let mut game = start.clone();
    // Each position's judgement, and whether its move was forced.
    let mut judged: Vec<(Assessment, bool)> = Vec::with_capacity(moves.len() + 1);
    let mut played = Vec::with_capacity(moves.len());
    let mut movers = Vec::with_capacity(moves.len());
    for m in moves {
        let forced = game.legal_moves().len() == 1;
        let a = if forced {
            Assessment {
                best: None,
                first: 0.5,
                proven: None,
            }
        } else {
            assess_with(&mut engine, &game, nodes, 0)
        };
        judged.push((a, forced));
        movers.push(game.turn().side);
        let text = game
            .play(m)
            .map_err(|e| EngineError::BadMove(format!("move {} `{m}`: {}", played.len() + 1, e)))?;
        engine.advance(&text)?;
        played.push(text);
    }
    let last = assess_with(&mut engine, &game, nodes, 0);
    judged.push((last, false));
    // A forced move's position is worth what the next one is.
    for i in (0..judged.len().saturating_sub(1)).rev() {
        if judged[i].1 {
            judged[i].0.first = judged[i + 1].0.first;
        }
    }
    let first: Vec<f64> = judged.iter().map(|(a, _)| a.first).collect();
    let plies = played
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let mover = movers[i];
            let chance = |f: f64| if mover == Side::First { f } else { 1.0 - f };
            let better = judged[i]
                .0
                .best
                .clone()
                .filter(|b| !judged[i].1 && *b != text);
            PlyReview {
                ply: i,
                mover,
                played: text,
                better,
                before: chance(first[i]),
                after: chance(first[i + 1]),
            }
        })
        .collect();
    Ok(GameReview {
        game: start.id(),
        first,
        plies,
        nodes_per_ply: nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::Setup;

    fn start(id: GameId) -> AnyGame {
        AnyGame::new(id, &Setup::default()).unwrap()
    }

    fn moves(list: &str) -> Vec<String> {
        list.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn chess_hanging_the_queen_is_the_turning_point() {
        // 1. e4 e5 2. Qh5 Nc6 3. Qxe5+?? Nxe5: the queen for a pawn.
        let game = start(GameId::Chess);
        let list = moves("e4 e5 Qh5 Nc6 Qxe5+ Nxe5 d4 Ng6");
        let r = review_with(&game, &list, 20_000, 1).unwrap();
        assert_eq!(r.first.len(), list.len() + 1);
        let tp = r.turning_points(3);
        let worst = tp
            .iter()
            .max_by(|a, b| a.loss().total_cmp(&b.loss()))
            .unwrap_or_else(|| panic!("no turning point: {r:#?}"));
        assert_eq!(worst.ply, 4, "{tp:#?}");
        assert_eq!(worst.played, "Qxe5+");
        assert_eq!(worst.mover, Side::First);
        assert!(worst.loss() > 0.3, "{worst:?}");
        assert!(worst.better.is_some());
        // After it, Black is winning.
        assert!(r.first[5] < 0.2, "{:?}", r.first);
    }

    #[test]
    fn breakthrough_leaving_a_runner_unstopped_is_the_turning_point() {
        // Black's runner on d3 is one capture from White's e2; White's
        // a-pawn wins the race only once it is gone. White plays a5-a6??
        // instead and Black steps through to d1 first.
        let game =
            AnyGame::from_position_text(GameId::Breakthrough, "8/7p/8/P7/8/3p4/4P3/8 w 0").unwrap();
        let list = moves("a5-a6 d3-d2 a6-a7 d2-d1");
        let r = review_with(&game, &list, 20_000, 3).unwrap();
        let tp = r.turning_points(3);
        assert_eq!(tp.first().map(|p| p.ply), Some(0), "{r:#?}");
        assert_eq!(tp[0].played, "a5-a6");
        assert_eq!(tp[0].better.as_deref(), Some("e2xd3"));
        assert!(tp[0].before > 0.8 && tp[0].after < 0.2, "{:?}", tp[0]);
        assert_eq!(r.first.last(), Some(&0.0));
    }

    #[test]
    fn a_review_is_deterministic_and_covers_every_game() {
        for id in GameId::ALL {
            let game = start(id);
            let mut g = game.clone();
            let mut list = Vec::new();
            for i in 0..6 {
                if g.outcome().is_some() {
                    break;
                }
                let legal = g.legal_moves();
                let m = legal[(i * 7) % legal.len()].clone();
                g.play(&m).unwrap();
                list.push(m);
            }
            let a = review_with(&game, &list, 300, 5).unwrap();
            let b = review_with(&game, &list, 300, 5).unwrap();
            assert_eq!(a, b, "{id}");
            assert_eq!(a.first.len(), list.len() + 1);
            assert!(
                a.first.iter().all(|v| (0.0..=1.0).contains(v)),
                "{id}: {a:?}"
            );
        }
    }

    #[test]
    fn budgets_scale_with_the_length_within_bounds() {
        let short = nodes_per_ply(GameId::Chess, 10);
        let long = nodes_per_ply(GameId::Chess, 400);
        assert!(short > long);
        assert_eq!(nodes_per_ply(GameId::Chess, 0), 40_000);
        assert_eq!(nodes_per_ply(GameId::Chess, 100_000), 2_000);
        assert_eq!(nodes_per_ply(GameId::Cascades, 100_000), 300);
    }

    #[test]
    fn a_bad_move_is_an_error() {
        let game = start(GameId::Chess);
        let e = review_with(&game, &moves("e4 e4"), 100, 1).unwrap_err();
        assert!(matches!(e, EngineError::BadMove(_)), "{e:?}");
    }
}
