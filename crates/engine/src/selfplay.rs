//! Matches between two players (levels, settings, uniformly random
//! moves, or an [`Outsider`] such as another engine by UCI) for measuring
//! strength: results and an Elo difference with its 95 % error bar.

use std::str::FromStr;
use std::time::{Duration, Instant};

use tablero_rules::{AnyGame, EndReason, GameId, Setup, Side};

use crate::rng::{Rng, mix};
use crate::{Algorithm, Engine, EngineError, Level, Limits};

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// The engine with these settings.
    Engine(Settings),
}

/// A player the match does not run itself: another program, driven by
/// the caller (the `tablero` binary talks to UCI engines through one). The
/// engine crate does no I/O, so whatever talks to the program lives with
/// the caller.
pub trait Outsider {
    /// A new game begins from `start` (before the opening plies).
    fn new_game(&mut self, start: &AnyGame) -> Result<(), EngineError>;

    /// Its move in `game`, the position `moves` (canonical texts, the
    /// opening's included) reached from `start`, within `limits` (the
    /// match's budget; the player may have its own): the move in any form
    /// the game reads, and its score for the mover in hundredths of a pawn
    /// if it gives one.
    fn choose(
        &mut self,
        start: &AnyGame,
        game: &AnyGame,
        moves: &[String],
        limits: Limits,
    ) -> Result<(String, Option<i32>), EngineError>;
}

/// One side of a match as [`Match::play_with`] takes it: a player the
/// match runs, or an outsider.
pub enum Contender<'a> {
    /// Random moves or the engine.
    Own(&'a Player),
    /// Another program.
    Outside(&'a mut dyn Outsider),
}

/// How the engine plays: a level, optionally a forced search and a budget
/// (otherwise the match's, else the level's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The level (its noise and, without other limits, its budget).
    pub level: Level,
    /// The search, when not the game's best.
    pub algorithm: Option<Algorithm>,
    /// The budget; all `None` means the match's.
    pub limits: Limits,
    /// Whether the MCTS graph is kept from move to move (`reuse=no` turns
    /// it off, to measure what it gains).
    pub reuse: bool,
}

impl FromStr for Player {
    type Err = EngineError;

    /// `random`, a level (`3`), or comma-separated settings:
    /// `level=3,algo=mcts,nodes=5000,think-ms=200,reuse=no`.
    fn from_str(s: &str) -> Result<Player, EngineError> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if s.chars().all(|c| c.is_ascii_digit()) {
            let level = s.parse::<Level>()?;
            return Ok(Player::Engine(Settings {
                level,
                algorithm: None,
                limits: Limits::default(),
                reuse: true,
            }));
        }
        let bad = |why: String| EngineError::BadSettings(why);
        let mut settings = Settings {
            level: Level::MAX,
            algorithm: None,
            limits: Limits::default(),
            reuse: true,
        };
        for part in s.split(',') {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("`{part}` is not KEY=VALUE")))?;
            let number = || {
                v.trim()
                    .parse::<u64>()
                    .map_err(|_| bad(format!("`{v}` is not a number")))
            };
            match k.trim() {
                "level" => settings.level = v.parse()?,
                "algo" | "algorithm" => {
                    settings.algorithm = Some(match v.trim() {
                        "mcts" => Algorithm::Mcts,
                        "ab" | "alphabeta" => Algorithm::AlphaBeta,
                        _ => return Err(bad(format!("no algorithm `{v}` (mcts, ab)"))),
                    })
                }
                "nodes" => settings.limits.nodes = Some(number()?),
                "think-ms" | "think" => {
                    settings.limits.think = Some(Duration::from_millis(number()?))
                }
                "reuse" => {
                    settings.reuse = match v.trim() {
                        "yes" | "on" | "true" => true,
                        "no" | "off" | "false" => false,
                        _ => return Err(bad(format!("reuse is `yes` or `no`, not `{v}`"))),
                    }
                }
                _ => {
                    return Err(bad(format!(
                        "unknown key `{k}` (level, algo, nodes, think-ms, reuse)"
                    )));
                }
            }
        }
        Ok(Player::Engine(settings))
    }
}

/// A match to play.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game played.
    pub game: GameId,
    /// The start position's setup; Knight Fight without a seed or layout
    /// gets a new deal for every pair of games.
    pub setup: Setup,
    /// Games to play; player A moves first in the even-numbered ones.
    pub games: u32,
    /// Budget for players that set none of their own; with neither field
    /// set, each level's think time, or its node budget if `level_nodes`.
    pub limits: Limits,
    /// Players without a budget of their own use their level's node budget
    /// ([`Limits::level_nodes`]) instead of its think time: deterministic.
    pub level_nodes: bool,
    /// Seed of the openings, the deals and the players' searches.
    pub seed: u64,
    /// Random plies opening each pair of games (both colours get the same
    /// opening), so that deterministic players do not repeat one game.
    pub opening_plies: u32,
    /// A game this long is stopped and counted as a draw.
    pub max_plies: u32,
    /// The first game to play (games `first..games`): a match stopped
    /// part-way can be finished by another run, game for game the same.
    pub first: u32,
    /// Whether games whose result both engines agree on end early
    /// ([`Adjudication`]).
    pub adjudicate: bool,
}

/// When a game between two alpha-beta engines is ended early, as engine
/// testers' tools do (cutechess-cli's two-sided `-resign` and `-draw`, with
/// fishtest's thresholds or stricter): only when both engines' scores
/// agree, move after move. MCTS and random
/// players report no score, so their games are always played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication;

impl Adjudication {
    /// A side wins when every score of the last `RESIGN_PLIES` plies (both
    /// engines') gives it at least this much (six pawns).
    pub const RESIGN_SCORE: i32 = 600;
    /// Plies of agreement for a win: four moves each.
    pub const RESIGN_PLIES: usize = 8;
    /// A game is drawn when every score of the last `DRAW_PLIES` plies is
    /// within this of level (a fifth of a pawn, the engine's contempt)...
    pub const DRAW_SCORE: i32 = crate::CONTEMPT;
    /// ...for ten moves each...
    pub const DRAW_PLIES: usize = 20;
    /// ...and the engines have chosen at least this many plies.
    pub const DRAW_FROM: u32 = 80;

    /// The result the scores so far call, if any: `scores` holds, ply by
    /// ply, the mover's score as the first player sees it (`None` for a
    /// ply without one), `plies` how many plies the engines chose.
    #[must_use]
    pub fn call(scores: &[Option<i32>], plies: u32) -> Option<Option<Side>> {
        let last = |n: usize| (scores.len() >= n).then(|| &scores[scores.len() - n..]);
        if let Some(window) = last(Self::RESIGN_PLIES) {
            if window
                .iter()
                .all(|s| s.is_some_and(|s| s >= Self::RESIGN_SCORE))
            {
                return Some(Some(Side::First));
            }
            if window
                .iter()
                .all(|s| s.is_some_and(|s| s <= -Self::RESIGN_SCORE))
            {
                return Some(Some(Side::Second));
            }
        }
        if plies >= Self::DRAW_FROM
            && let Some(window) = last(Self::DRAW_PLIES)
            && window
                .iter()
                .all(|s| s.is_some_and(|s| s.abs() <= Self::DRAW_SCORE))
        {
            return Some(None);
        }
        None
    }
}

/// The result of one game, for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A won.
    Win,
    /// A draw, or a game stopped at the ply limit.
    Draw,
    /// A lost.
    Loss,
}

/// What a match gave, from player A's side.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Thinking time of each player (A, B).
    pub time: [Duration; 2],
    /// Moves each player (A, B) chose.
    pub moves: [u64; 2],
    /// The longest a single move took, per player.
    pub longest: [Duration; 2],
}

impl MatchResult {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score, 0 to 1 (a draw counts half).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n
    }

    /// A's Elo advantage and the bounds of its 95 % confidence interval:
    /// the Wilson score interval of A's score (draws count as half a
    /// point; counting them as such overstates the variance a little, so
    /// the interval is conservative), turned into Elo. The bounds stay
    /// finite when one player scored everything.
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let z2 = 1.96f64 * 1.96;
        let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        (elo(s), elo(centre - half), elo(centre + half))
    }

    /// Average thinking time per move of player `i` (0 = A).
    #[must_use]
    pub fn time_per_move(&self, i: usize) -> Duration {
        self.time[i]
            .checked_div(self.moves[i].max(1) as u32)
            .unwrap_or_default()
    }
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct Played {
    /// Its number, from 0.
    pub index: u32,
    /// Whether A moved first.
    pub a_first: bool,
    /// A's result.
    pub result: GameResult,
    /// Plies the players chose (the random opening plies not counted).
    pub plies: u32,
    /// Why it ended; `None` when it hit the match's ply limit or was
    /// adjudicated.
    pub reason: Option<EndReason>,
    /// Whether the engines' scores decided it ([`Adjudication`]).
    pub adjudicated: bool,
    /// Every move, the opening plies included, in canonical text.
    pub moves: Vec<String>,
}

/// The Elo difference that gives an expected score `p`.
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// A player during one game.
enum Seat<'s> {
    Random(Rng),
    Engine(Box<Engine>, Limits),
    Outside(&'s mut dyn Outsider),
}

impl<'s> Seat<'s> {
    fn new(
        p: &'s mut Contender<'_>,
        start: &AnyGame,
        game: &AnyGame,
        m: &Match,
        seed: u64,
    ) -> Result<Seat<'s>, EngineError> {
        let p = match p {
            Contender::Own(p) => p,
            Contender::Outside(o) => {
                o.new_game(start)?;
                return Ok(Seat::Outside(&mut **o));
            }
        };
        Ok(match p {
            Player::Random => Seat::Random(Rng::new(seed)),
            Player::Engine(s) => {
                let own = if s.limits != Limits::default() {
                    s.limits
                } else if m.limits == Limits::default() && m.level_nodes {
                    let algorithm = s.algorithm.unwrap_or(crate::algorithm(m.game));
                    Limits::nodes(s.level.node_budget(algorithm))
                } else {
                    m.limits
                };
                let mut engine = Engine::with_algorithm(game, s.level, s.algorithm, seed);
                engine.set_reuse(s.reuse);
                Seat::Engine(Box::new(engine), own)
            }
        })
    }

    /// The chosen move, and the engine's score for the mover if it has
    /// one.
    fn choose(
        &mut self,
        start: &AnyGame,
        game: &AnyGame,
        moves: &[String],
        limits: Limits,
    ) -> Result<(String, Option<i32>), EngineError> {
        match self {
            Seat::Outside(o) => o.choose(start, game, moves, limits),
            Seat::Random(rng) => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    return Err(EngineError::GameOver);
                }
                Ok((moves[rng.below(moves.len())].clone(), None))
            }
            Seat::Engine(e, limits) => {
                let m = e.choose(*limits)?;
                Ok((m, e.last_info().score))
            }
        }
    }

    fn advance(&mut self, m: &str) -> Result<(), EngineError> {
        if let Seat::Engine(e, _) = self {
            e.advance(m)?;
        }
        Ok(())
    }
}

impl Match {
    /// Plays the match between `a` and `b`; `each` hears every finished
    /// game.
    pub fn play(
        &self,
        a: &Player,
        b: &Player,
        each: impl FnMut(&Played),
    ) -> Result<MatchResult, EngineError> {
        self.play_with(Contender::Own(a), Contender::Own(b), each)
    }

    /// Like [`Match::play`], either side possibly an [`Outsider`]. An
    /// outsider's move is checked by the rules: an illegal one ends the
    /// match with an error.
    pub fn play_with(
        &self,
        mut a: Contender<'_>,
        mut b: Contender<'_>,
        mut each: impl FnMut(&Played),
    ) -> Result<MatchResult, EngineError> {
        let mut result = MatchResult::default();
        for i in self.first..self.games {
            let pair = u64::from(i / 2);
            let mut setup = self.setup.clone();
            if self.game == GameId::KnightFight && setup.seed.is_none() && setup.layout.is_none() {
                setup.seed = Some(mix(self.seed ^ pair));
            }
            let start = AnyGame::new(self.game, &setup)
                .map_err(|e| EngineError::BadSettings(e.to_string()))?;
            let mut game = start.clone();
            let mut opening = Rng::new(mix(self.seed.wrapping_add(pair) ^ 0x0bea));
            let mut moves = Vec::new();
            for _ in 0..self.opening_plies {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[opening.below(legal.len())].clone();
                moves.push(
                    game.play(&m)
                        .map_err(|e| EngineError::BadMove(e.to_string()))?,
                );
            }
            // In even games A is the first player.
            let a_first = i % 2 == 0;
            let seed = mix(self.seed ^ (u64::from(i) << 32));
            let mut seats = [
                Seat::new(&mut a, &start, &game, self, seed)?,
                Seat::new(&mut b, &start, &game, self, seed ^ 1)?,
            ];
            let mut plies = 0;
            let mut scores = Vec::new();
            let mut called = None;
            while game.outcome().is_none() && plies < self.max_plies {
                let side = game.turn().side;
                let who = usize::from((side == Side::First) != a_first);
                let t = Instant::now();
                let (m, score) = seats[who].choose(&start, &game, &moves, self.limits)?;
                let took = t.elapsed();
                result.time[who] += took;
                result.moves[who] += 1;
                result.longest[who] = result.longest[who].max(took);
                let m = game.play(&m).map_err(|e| {
                    EngineError::BadMove(format!("{} (after {})", e, moves.join(" ")))
                })?;
                for s in &mut seats {
                    s.advance(&m)?;
                }
                moves.push(m);
                plies += 1;
                if self.adjudicate {
                    scores.push(score.map(|s| if side == Side::First { s } else { -s }));
                    called = Adjudication::call(&scores, plies);
                    if called.is_some() {
                        break;
                    }
                }
            }
            let a_side = if a_first { Side::First } else { Side::Second };
            let outcome = game.outcome();
            let winner = match called {
                Some(w) if outcome.is_none() => w,
                _ => outcome.and_then(|o| o.winner),
            };
            let r = match winner {
                Some(w) if w == a_side => GameResult::Win,
                Some(_) => GameResult::Loss,
                None => GameResult::Draw,
            };
            match r {
                GameResult::Win => result.wins += 1,
                GameResult::Draw => result.draws += 1,
                GameResult::Loss => result.losses += 1,
            }
            each(&Played {
                index: i,
                a_first,
                result: r,
                plies,
                reason: outcome.map(|o| o.reason),
                adjudicated: outcome.is_none() && called.is_some(),
                moves,
            });
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        let Ok(Player::Engine(s)) = "level=2,algo=mcts,nodes=50".parse::<Player>() else {
            panic!("settings should parse");
        };
        assert_eq!(s.level.get(), 2);
        assert_eq!(s.algorithm, Some(Algorithm::Mcts));
        assert_eq!(s.limits.nodes, Some(50));
        assert!(s.reuse);
        let Ok(Player::Engine(s)) = "reuse=no,nodes=50".parse::<Player>() else {
            panic!("settings should parse");
        };
        assert!(!s.reuse && s.level == Level::MAX);
        assert!("reuse=maybe".parse::<Player>().is_err());
        assert!("level=9".parse::<Player>().is_err());
        assert!("speed=3".parse::<Player>().is_err());
        assert!("nodes=x".parse::<Player>().is_err());
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = MatchResult {
            wins: 10,
            draws: 0,
            losses: 10,
            ..MatchResult::default()
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9);
        // 20 games at 50 %, z² = 3.84: the Wilson interval is centred on
        // 0.5 with half-width 1.96·√(0.0125 + 0.0024)/1.192 ≈ 0.201, so the
        // score lies in 0.299..0.701, and 400·log10(0.701/0.299) ≈ 148:
        // ±148 Elo.
        assert!(
            (140.0..155.0).contains(&hi) && (hi + lo).abs() < 1e-6,
            "{lo} {hi}"
        );
        let all = MatchResult {
            wins: 5,
            ..MatchResult::default()
        };
        let (e, lo, hi) = all.elo();
        assert!(e.is_infinite() && hi.is_infinite());
        // 5 wins in 5: the lower bound is 5/(5 + 3.84) ≈ 0.566, +46 Elo.
        assert!((40.0..52.0).contains(&lo), "{lo}");
    }

    #[test]
    fn adjudication_needs_both_engines_to_agree_throughout() {
        let call = Adjudication::call;
        // Four moves each at ten pawns or more for the first player.
        let win = [Some(600); 8];
        assert_eq!(call(&win, 8), Some(Some(Side::First)));
        assert_eq!(call(&win[..7], 7), None);
        let mut one_short = win;
        one_short[3] = Some(599);
        assert_eq!(call(&one_short, 8), None);
        let mut unscored = win;
        unscored[0] = None;
        assert_eq!(call(&unscored, 8), None);
        assert_eq!(call(&[Some(-30_000); 8], 8), Some(Some(Side::Second)));
        // Only the last eight plies count.
        let mut late = vec![Some(0); 5];
        late.extend(win);
        assert_eq!(call(&late, 13), Some(Some(Side::First)));
        // A level game is drawn only from ply 80, after ten moves each.
        let level = [Some(20), Some(-20), Some(0), Some(5)].repeat(5);
        assert_eq!(call(&level, 80), Some(None));
        assert_eq!(call(&level, 79), None);
        assert_eq!(call(&level[1..], 80), None);
        let mut off = level.clone();
        off[10] = Some(21);
        assert_eq!(call(&off, 80), None);
    }

    /// A short match: chess, a searching level against random moves.
    fn short_match(b: &str, first: u32, adjudicate: bool) -> (MatchResult, Vec<Played>) {
        let m = Match {
            game: GameId::Chess,
            setup: Setup::default(),
            games: 2,
            limits: Limits::nodes(3000),
            level_nodes: false,
            seed: 7,
            opening_plies: 2,
            max_plies: 400,
            first,
            adjudicate,
        };
        let a = "3".parse::<Player>().unwrap_or(Player::Random);
        let b = b.parse::<Player>().unwrap_or(Player::Random);
        let mut played = Vec::new();
        let r = m
            .play(&a, &b, |g| played.push(g.clone()))
            .unwrap_or_default();
        (r, played)
    }

    #[test]
    fn a_match_resumes_game_for_game_and_adjudicates_only_engine_agreement() {
        let (whole, games) = short_match("random", 0, false);
        assert_eq!(whole.games(), 2);
        let (rest, second) = short_match("random", 1, false);
        assert_eq!(rest.games(), 1);
        assert_eq!(second[0].index, 1);
        assert_eq!(second[0].moves, games[1].moves);
        // Against random moves only one player reports a score, so
        // nothing is adjudicated.
        let (_, judged) = short_match("random", 0, true);
        assert!(judged.iter().all(|g| !g.adjudicated));
        assert_eq!(judged[0].moves, games[0].moves);
        // Between two engines a lopsided game is cut short, with the
        // result the game played out gives.
        let (_, full) = short_match("1", 0, false);
        let (_, cut) = short_match("1", 0, true);
        assert!(cut.iter().any(|g| g.adjudicated));
        for (c, f) in cut.iter().zip(&full) {
            if c.adjudicated {
                assert!(c.reason.is_none() && c.moves.len() < f.moves.len());
                assert_eq!(c.moves[..], f.moves[..c.moves.len()]);
                assert_eq!(c.result, f.result, "{:?}", f.moves);
            } else {
                assert_eq!(c.moves, f.moves);
            }
        }
    }
}
