//! Analysis for teaching: the engine's best move in a position with its
//! score and the line it expects ([`analyse`]), a good move with why it is
//! good ([`hint`]), and the one thing worth seeing in a position
//! ([`notice`]). Plain data; the app words it.
//!
//! The search is the bot's own, at its strongest level (no noise, no
//! random pick) within a node budget, so an analysis is the same every
//! time. The reasons are checked move by move on the rules, never guessed
//! from the score: a win is a move after which the game is won, a threat
//! is a winning move the other side has after most of the mover's moves,
//! a capture wins material when the material count along the engine's
//! line says so.

use tablero_rules::teach::targets;
use tablero_rules::{AnyGame, BoardView, Cell, Color, Game, GameId, PieceKind, Side};

use crate::{AnySearcher, Engine, EngineError, Level, Limits, SearchInfo};

/// The most moves of the line an analysis reports.
const LINE: usize = 4;
/// Positions with more moves than this are not searched move by move
/// for threats (a Cascades or Empuje set-up turn): too many to play out.
const THREAT_MOVES: usize = 160;
/// The most alternatives weighed when the search's move would let the
/// other side win at once.
const SAFE_TRIED: usize = 8;
/// The seed of every analysis: the same position gets the same answer.
const SEED: u64 = 0x7ab1_e40e_4e1f;

/// The engine's view of a position: its best move, how good the position
/// is for the side to move, and the line it expects.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The best move's canonical text.
    pub best: String,
    /// The expected result for the side to move, 0 (loss) to 1 (win).
    pub value: f64,
    /// Alpha-beta games: the score in hundredths of a pawn for the side
    /// to move.
    pub score: Option<i32>,
    /// A proven result: `Some(Some(side))` a forced win for `side`,
    /// `Some(None)` a forced draw.
    pub proven: Option<Option<Side>>,
    /// The moves the engine expects, `best` first (canonical texts).
    pub line: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
}

/// The budget an analysis searches within in game `id`: level 4's node
/// twin (20,000 MCTS playouts or 300,000 alpha-beta nodes; a few tenths of
/// a second on one core, BENCHMARKS.md).
#[must_use]
pub fn analysis_limits(id: GameId) -> Limits {
    Limits::level_nodes(Level::new(4).unwrap_or(Level::MAX), id)
}

/// A smaller budget, for what is searched after every move of a learning
/// game: level 3's node twin.
#[must_use]
pub fn quick_limits(id: GameId) -> Limits {
    Limits::level_nodes(Level::new(3).unwrap_or(Level::MIN), id)
}

/// The engine's best move in `game` with its score and line, searched at
/// its strongest level within `limits`.
///
/// # Errors
///
/// [`EngineError::GameOver`] when nobody is to move.
pub fn analyse(game: &AnyGame, limits: Limits) -> Result<Analysis, EngineError> {
    let mut engine = Engine::new(game, Level::MAX, SEED);
    let best = engine.choose(limits)?;
    let info = engine.last_info();
    let line = engine.line(&best, LINE);
    Ok(of_search(best, &info, line))
}

/// The engine's best move in `game` and the expected result for the side
/// to move (0 to 1): [`analyse`] without the line.
///
/// # Errors
///
/// [`EngineError::GameOver`] when nobody is to move.
pub fn best_with_score(game: &AnyGame, limits: Limits) -> Result<(String, f64), EngineError> {
    let a = analyse(game, limits)?;
    Ok((a.best, a.value))
}

fn of_search(best: String, info: &SearchInfo, line: Vec<String>) -> Analysis {
    Analysis {
        best,
        value: info.value,
        score: info.score,
        proven: info.proven,
        line,
        nodes: info.nodes,
    }
}

/// Why a hinted move is good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// It wins the game at once.
    WinsNow,
    /// The other side threatens to win next move; this move stops it.
    StopsThreat {
        /// The other side's winning move.
        threat: String,
    },
    /// It captures and comes out ahead in material along the engine's
    /// line.
    WinsMaterial {
        /// The cells it takes on.
        captured: Vec<Cell>,
    },
    /// It moves a piece out of a capture the other side threatens.
    SavesPiece {
        /// The cell the piece leaves.
        cell: Cell,
    },
    /// Nothing that simple: the engine's line.
    Line,
    /// Nothing helps: after every move the other side wins at once (with
    /// `threat` after the hinted one). The game is lost.
    Lost {
        /// The other side's winning reply to the hinted move.
        threat: String,
    },
}

/// A good move for the side to move, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The engine's analysis, the hinted move as its best.
    pub analysis: Analysis,
    /// Why the move is good.
    pub why: Why,
}

/// A good move for the side to move in `game` and why: a win at once if
/// there is one; else the engine's move (never one that lets the other
/// side win at once when another does not), explained as stopping a
/// threat, winning material or saving a piece when it does, else by the
/// engine's line.
///
/// # Errors
///
/// [`EngineError::GameOver`] when nobody is to move.
pub fn hint(game: &AnyGame, limits: Limits) -> Result<Hint, EngineError> {
    let wins = winning_moves(game);
    let mut analysis = analyse(game, limits)?;
    if !wins.is_empty() {
        if !wins.contains(&analysis.best) {
            analysis.best.clone_from(&wins[0]);
            analysis.line = vec![wins[0].clone()];
        }
        return Ok(Hint {
            analysis,
            why: Why::WinsNow,
        });
    }
    let replies = winning_replies(game);
    if lost_in_one(game, &replies) {
        let threat = replies
            .iter()
            .find(|(m, _)| *m == analysis.best)
            .or(replies.first())
            .and_then(|(m, w)| Some((m.clone(), w.first()?.clone())));
        if let Some((best, threat)) = threat {
            if best != analysis.best {
                analysis.line = vec![best.clone()];
                analysis.best = best;
            }
            lost(game, &mut analysis);
            return Ok(Hint {
                analysis,
                why: Why::Lost { threat },
            });
        }
    }
    proven_value(game, &mut analysis);
    let unsafe_best = replies
        .iter()
        .any(|(m, w)| *m == analysis.best && !w.is_empty());
    if unsafe_best && let Some(safer) = safest(game, &replies, limits)? {
        analysis = safer;
    }
    if let Some(threat) = threat_of(&replies)
        && replies
            .iter()
            .any(|(m, w)| *m == analysis.best && w.is_empty())
    {
        return Ok(Hint {
            analysis,
            why: Why::StopsThreat { threat },
        });
    }
    let why = if let Some(captured) = wins_material(game, &analysis) {
        Why::WinsMaterial { captured }
    } else if let Some(cell) = saves_piece(game, &analysis.best) {
        Why::SavesPiece { cell }
    } else {
        Why::Line
    };
    Ok(Hint { analysis, why })
}

/// The one thing worth seeing in a position, for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A move wins at once (not named: the player may look for it).
    WinAvailable,
    /// The other side threatens to win next move.
    Threat {
        /// Their winning move.
        threat: String,
    },
    /// The other side's last move took a piece.
    Lost {
        /// Where the piece stood.
        cell: Cell,
        /// The mover's own last move had put it there.
        moved_there: bool,
    },
    /// A capture wins material (the engine's move).
    Capture {
        /// The piece it takes.
        cell: Cell,
    },
    /// Whatever the side to move plays, the other side wins next move
    /// (with `threat`, their most frequent win): the game is lost, and
    /// there is nothing to stop.
    LostNextMove {
        /// Their winning move.
        threat: String,
    },
    /// Nothing urgent: how the game stands.
    Standing {
        /// For the side to move, 0 (lost) to 1 (won), by the engine.
        value: f64,
    },
}

/// What is worth seeing for the side to move in `game`, which the other
/// side's move `last` has just reached from `before`.
///
/// # Errors
///
/// [`EngineError::GameOver`] when nobody is to move.
pub fn notice(
    before: &AnyGame,
    last: &str,
    game: &AnyGame,
    limits: Limits,
) -> Result<Notice, EngineError> {
    if game.outcome().is_some() {
        return Err(EngineError::GameOver);
    }
    if !winning_moves(game).is_empty() {
        return Ok(Notice::WinAvailable);
    }
    let replies = winning_replies(game);
    if lost_in_one(game, &replies)
        && let Some(threat) =
            threat_of(&replies).or_else(|| replies.first().and_then(|(_, w)| w.first().cloned()))
    {
        return Ok(Notice::LostNextMove { threat });
    }
    if let Some(threat) = threat_of(&replies) {
        return Ok(Notice::Threat { threat });
    }
    let landed = before
        .view()
        .highlights
        .iter()
        .find(|h| h.kind == tablero_rules::HighlightKind::To)
        .map(|h| h.cell);
    if let Some(t) = targets(before, None).into_iter().find(|t| t.text == last)
        && let Some(&cell) = t.captures.first()
    {
        return Ok(Notice::Lost {
            cell,
            moved_there: landed == Some(cell),
        });
    }
    let mut analysis = analyse(game, limits)?;
    proven_value(game, &mut analysis);
    if let Some(captured) = wins_material(game, &analysis)
        && let Some(&cell) = captured.first()
    {
        return Ok(Notice::Capture { cell });
    }
    Ok(Notice::Standing {
        value: analysis.value,
    })
}

/// Whether every move of the side to move lets the other side win at
/// once (`replies` from [`winning_replies`], which must cover every move:
/// a move after which the game ends or the mover moves again is no loss).
fn lost_in_one(game: &AnyGame, replies: &[(String, Vec<String>)]) -> bool {
    !replies.is_empty()
        && replies.len() == game.legal_moves().len()
        && replies.iter().all(|(_, w)| !w.is_empty())
}

/// Marks `a` as a proven loss for the side to move in `game`.
fn lost(game: &AnyGame, a: &mut Analysis) {
    a.value = 0.0;
    a.proven = Some(Some(game.turn().side.other()));
}

/// A proven result read as the value it is: 1 a won game for the side to
/// move, 0 a lost one, whatever the search's average said.
fn proven_value(game: &AnyGame, a: &mut Analysis) {
    if let Some(Some(winner)) = a.proven {
        a.value = if winner == game.turn().side { 1.0 } else { 0.0 };
    }
}

/// The moves of the side to move that win at once.
fn winning_moves(game: &AnyGame) -> Vec<String> {
    let me = game.turn().side;
    game.legal_moves()
        .into_iter()
        .filter(|m| {
            let mut next = game.clone();
            next.play(m).is_ok() && next.outcome().is_some_and(|o| o.winner == Some(me))
        })
        .collect()
}

/// For each move of the side to move after which the other side moves:
/// the other side's moves that then win at once. Empty when the position
/// has too many moves to play out.
fn winning_replies(game: &AnyGame) -> Vec<(String, Vec<String>)> {
    let moves = game.legal_moves();
    if moves.len() > THREAT_MOVES {
        return Vec::new();
    }
    let me = game.turn().side;
    moves
        .into_iter()
        .filter_map(|m| {
            let mut next = game.clone();
            next.play(&m).ok()?;
            if next.outcome().is_some() || next.turn().side == me {
                return None;
            }
            Some((m, winning_moves(&next)))
        })
        .collect()
}

/// The winning move the other side has after more than half of the
/// mover's moves (the most frequent one): a threat to answer.
fn threat_of(replies: &[(String, Vec<String>)]) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for (_, wins) in replies {
        for w in wins {
            match counts.iter_mut().find(|(m, _)| m == w) {
                Some((_, n)) => *n += 1,
                None => counts.push((w, 1)),
            }
        }
    }
    let (m, n) = counts.into_iter().max_by_key(|&(_, n)| n)?;
    (n * 2 > replies.len()).then(|| m.to_string())
}

/// Of the moves after which the other side cannot win at once, the one
/// the engine thinks leaves the other side worst off, with the line from
/// it; `None` when every move lets them win.
fn safest(
    game: &AnyGame,
    replies: &[(String, Vec<String>)],
    limits: Limits,
) -> Result<Option<Analysis>, EngineError> {
    let small = Limits {
        think: limits.think,
        nodes: limits.nodes.map(|n| (n / 4).max(100)),
    };
    let mut best: Option<(f64, Analysis)> = None;
    for (m, _) in replies
        .iter()
        .filter(|(_, w)| w.is_empty())
        .take(SAFE_TRIED)
    {
        let mut next = game.clone();
        next.play(m)
            .map_err(|e| EngineError::BadMove(e.to_string()))?;
        let theirs = analyse(&next, small)?;
        if best.as_ref().is_none_or(|(v, _)| theirs.value < *v) {
            let mut line = vec![m.clone()];
            line.extend(theirs.line.iter().take(LINE - 1).cloned());
            best = Some((
                theirs.value,
                Analysis {
                    best: m.clone(),
                    value: 1.0 - theirs.value,
                    score: theirs.score.map(|s| -s),
                    proven: theirs.proven,
                    line,
                    nodes: theirs.nodes,
                },
            ));
        }
    }
    Ok(best.map(|(_, a)| a))
}

/// What a piece counts in material: chess values for the chess family's
/// pieces, one for every other piece, nothing for a king.
fn worth(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 0,
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::JumpingBishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::Amazon => 12,
        PieceKind::Stone | PieceKind::Angel | PieceKind::Demon => 1,
    }
}

/// The material of `color` less the other colour's.
fn balance(view: &BoardView, color: Color) -> i32 {
    view.cells
        .iter()
        .filter_map(|c| c.piece)
        .map(|p| {
            if p.color == color {
                worth(p.kind)
            } else {
                -worth(p.kind)
            }
        })
        .sum()
}

/// The mover's colour in `game`, once the colours are decided.
fn mover_color(game: &AnyGame) -> Option<Color> {
    let view = game.view();
    view.status.colors[view.status.to_move?.index()]
}

/// The cells the analysis's move takes on, when it captures and the
/// mover is ahead in material after the engine's line (an even number of
/// its moves, so the other side's recapture counts).
fn wins_material(game: &AnyGame, a: &Analysis) -> Option<Vec<Cell>> {
    let color = mover_color(game)?;
    let captured = targets(game, None)
        .into_iter()
        .find(|t| t.text == a.best)?
        .captures;
    if captured.is_empty() {
        return None;
    }
    let plies = match a.line.len() {
        0 | 1 => 1,
        n => n.min(LINE) & !1,
    };
    let mut after = game.clone();
    for m in a.line.iter().take(plies) {
        after.play(m).ok()?;
    }
    (balance(&after.view(), color) > balance(&game.view(), color)).then_some(captured)
}

/// The cell of the mover's piece that `best` moves away from a capture:
/// the other side could take it after more than half of the mover's
/// moves, and `best` moves that very piece.
fn saves_piece(game: &AnyGame, best: &str) -> Option<Cell> {
    let all = targets(game, None);
    let from = all.iter().find(|t| t.text == best)?.from?;
    let me = game.turn().side;
    let mut attacked = 0;
    let mut considered = 0;
    for t in all.iter().take(THREAT_MOVES) {
        if t.from == Some(from) {
            continue;
        }
        let mut next = game.clone();
        if next.play(&t.text).is_err() || next.outcome().is_some() || next.turn().side == me {
            continue;
        }
        considered += 1;
        if targets(&next, None)
            .iter()
            .any(|r| r.captures.contains(&from))
        {
            attacked += 1;
        }
    }
    (considered > 0 && attacked * 2 > considered).then_some(from)
}

impl Engine {
    /// The line the last search expects after its move `best`: `best`,
    /// then the moves its graph or table holds, at most `max` in all
    /// (canonical texts).
    #[must_use]
    pub fn line(&self, best: &str, max: usize) -> Vec<String> {
        dispatch!(&self.searcher, s => {
            let Ok(first) = s.game().parse_move(best) else {
                return vec![best.to_string()];
            };
            let moves = match (&s.mcts, &s.alphabeta) {
                (Some(tree), _) if s.algorithm == crate::Algorithm::Mcts => tree.line(first, max),
                (_, Some(ab)) => ab.line(s.game(), first, max),
                _ => vec![first],
            };
            let mut g = s.game().clone();
            let mut out = Vec::with_capacity(moves.len());
            for m in moves {
                out.push(g.move_text(m));
                g.play(m);
            }
            out
        })
    }
}

#[cfg(test)]
#[path = "analysis_tests.rs"]
mod tests;
