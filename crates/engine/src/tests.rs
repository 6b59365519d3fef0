//! Tactical positions per game, worked out by hand: the engine takes a win
//! in one, prevents a loss in one, takes Knight Fight's bigger number and
//! mates in two. Every expectation is first checked against the rules
//! (the intended move really wins), then asked of the engine. Node budgets
//! only, so the results do not depend on the machine's speed.

use tablero_rules::{AnyGame, EndReason, GameId, Setup, Side};

use crate::{Algorithm, Engine, Level, Limits, choose};

pub(crate) fn position(id: GameId, text: &str) -> AnyGame {
    match AnyGame::from_position_text(id, text) {
        Ok(g) => g,
        Err(e) => panic!("{id} position `{text}`: {e}"),
    }
}

/// The game after `m` is played.
pub(crate) fn after(g: &AnyGame, m: &str) -> AnyGame {
    let mut next = g.clone();
    next.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    next
}

/// Whether playing `m` wins at once for the side to move.
pub(crate) fn wins_at_once(g: &AnyGame, m: &str) -> bool {
    let me = g.turn().side;
    after(g, m).outcome().is_some_and(|o| o.winner == Some(me))
}

/// Whether the side to move can win at once.
pub(crate) fn has_win_in_one(g: &AnyGame) -> bool {
    g.legal_moves().iter().any(|m| wins_at_once(g, m))
}

/// The engine's move with `algorithm` at level 5 and `nodes`.
fn engine_move(g: &AnyGame, algorithm: Algorithm, nodes: u64, seed: u64) -> String {
    let mut e = Engine::with_algorithm(g, Level::MAX, Some(algorithm), seed);
    e.choose(Limits::nodes(nodes))
        .expect("the game is not over")
}

/// Both searches (alpha-beta only where turns alternate) choose a move
/// satisfying `ok`, over a few seeds.
fn both_searches(g: &AnyGame, nodes: u64, ok: impl Fn(&str) -> bool) {
    for algorithm in [Algorithm::Mcts, Algorithm::AlphaBeta] {
        for seed in 0..3 {
            let m = engine_move(g, algorithm, nodes, seed);
            assert!(
                ok(&m),
                "{algorithm:?} seed {seed} chose {m} in {}",
                g.position_text()
            );
        }
    }
}

#[test]
fn breakthrough_takes_a_win_in_one() {
    // White's e7 steps to rank 8 (e8, d8 or f8: every one wins).
    let g = position(GameId::Breakthrough, "pp6/4P3/8/8/8/8/8/P7 w 0");
    assert!(wins_at_once(&g, "e7-e8"));
    both_searches(&g, 2000, |m| wins_at_once(&g, m));
}

#[test]
fn breakthrough_stops_a_piece_about_to_win() {
    // Black's d2 reaches rank 1 next move wherever it steps; only c1xd2
    // removes it (White has nothing on rank 7 to win first).
    let g = position(GameId::Breakthrough, "pppp4/8/8/8/P7/8/3p4/2P4P w 0");
    assert!(!has_win_in_one(&g));
    for m in g.legal_moves() {
        let saves = !has_win_in_one(&after(&g, &m));
        assert_eq!(saves, m == "c1xd2", "{m}");
    }
    both_searches(&g, 5000, |m| m == "c1xd2");
}

#[test]
fn bombardment_takes_a_win_in_one_and_stops_a_runner() {
    let g = position(GameId::Bombardment, "8/3S4/8/8/7s/8/8/S7 w 0");
    assert!(wins_at_once(&g, "d7-d8"));
    both_searches(&g, 2000, |m| wins_at_once(&g, m));
    // Black's e2 steps onto rank 1 next; only exploding d1 (which takes e2
    // with it, and leaves White a4 against h7) stops it.
    let g = position(GameId::Bombardment, "8/7s/8/8/S7/8/4s3/3S4 w 0");
    assert!(!has_win_in_one(&g));
    for m in g.legal_moves() {
        let saves = !has_win_in_one(&after(&g, &m));
        assert_eq!(saves, m == "d1x", "{m}");
    }
    both_searches(&g, 5000, |m| m == "d1x");
}

#[test]
fn cracovia_angels_join_and_demons_block() {
    // Angels a1, b1, a2 and d4: d4-b2 (through an empty c3) makes the
    // block. With the demons to move, a demon on b2 or on c3 stops it.
    let angels = position(GameId::Cracovia, "8/8/8/8/3A4/8/A7/AA6 a");
    assert!(wins_at_once(&angels, "d4-b2"));
    both_searches(&angels, 2000, |m| wins_at_once(&angels, m));
    let demons = position(GameId::Cracovia, "8/8/8/8/3A4/8/A7/AA6 d");
    for m in ["b2", "c3"] {
        assert!(!has_win_in_one(&after(&demons, m)), "{m}");
    }
    assert!(has_win_in_one(&after(&demons, "h8")));
    both_searches(&demons, 5000, |m| m == "b2" || m == "c3");
}

/// A Knight Fight board: square `i` (a1 = 0, row by row) holds number `i`
/// except for the swaps given; every square is erased but the knights' and
/// `open`.
fn knight_fight(swaps: &[(usize, usize)], white: usize, black: usize, open: &[usize]) -> String {
    let mut numbers: Vec<usize> = (0..100).collect();
    for &(a, b) in swaps {
        numbers.swap(a, b);
    }
    let mut rows = Vec::new();
    for y in (0..10).rev() {
        let mut row = String::new();
        for x in 0..10 {
            let i = y * 10 + x;
            if i == white {
                row.push('N');
            } else if i == black {
                row.push('n');
            } else if !open.contains(&i) {
                row.push('x');
            }
            row.push_str(&format!("{:02}", numbers[i]));
        }
        rows.push(row);
    }
    format!("{} w 0 0", rows.join("/"))
}

#[test]
fn knight_fight_takes_the_bigger_number() {
    // White's knight on e5 (square 44) can reach only c4 (square 32, number
    // 13) and g4 (square 36, number 86); both are dead ends. Black's knight
    // on a10 (90) can reach only b8 (71, number 21). After White's jump and
    // Black's, White cannot move and the scores decide: 86 beats 21, 13
    // does not. The reversed numbers (31, 68, 12) are all erased.
    let text = knight_fight(&[(32, 13), (36, 86), (71, 21)], 44, 90, &[32, 36, 71]);
    let g = position(GameId::KnightFight, &text);
    let mut moves = g.legal_moves();
    moves.sort();
    assert_eq!(moves, ["e5-c4", "e5-g4"]);
    let end = after(&after(&g, "e5-g4"), "a10-b8");
    assert_eq!(end.outcome().and_then(|o| o.winner), Some(Side::First));
    let end = after(&after(&g, "e5-c4"), "a10-b8");
    assert_eq!(end.outcome().and_then(|o| o.winner), Some(Side::Second));
    both_searches(&g, 500, |m| m == "e5-g4");
    // When both numbers win at once (Black's knight has no move at all),
    // the bigger one is still taken.
    let text = knight_fight(&[(32, 13), (36, 86)], 44, 90, &[32, 36]);
    let g = position(GameId::KnightFight, &text);
    assert!(wins_at_once(&g, "e5-c4") && wins_at_once(&g, "e5-g4"));
    for level in 2..=5 {
        let m = choose(&g, Level::new(level).unwrap(), Limits::nodes(500), 1).unwrap();
        assert_eq!(m, "e5-g4", "level {level}");
    }
    both_searches(&g, 500, |m| m == "e5-g4");
}

/// Whether `m` checkmates.
fn mates(g: &AnyGame, m: &str) -> bool {
    after(g, m)
        .outcome()
        .is_some_and(|o| o.reason == EndReason::Checkmate)
}

#[test]
fn chess_family_mates_in_one() {
    for (id, text, mate) in [
        (GameId::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),
        (
            GameId::Saltador,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "Ra8#",
        ),
        // The rook starts on a6: a5 and a4 are the river.
        (
            GameId::Guadalete,
            "6k1/5ppp/R7/8/8/8/8/6K1 w - - 0 1 - 0:0",
            "Ra8#",
        ),
        // The cylinder: Black's king on h2 cannot step onto the river
        // (ranks 1 and 14); White's king on g4 guards g3 and h3.
        (
            GameId::Guadalete14,
            "8/8/8/8/8/8/R7/8/8/8/6K1/8/7k/8 w - - 0 1 - 0:0",
            "Ra2#",
        ),
    ] {
        let g = position(id, text);
        assert!(mates(&g, mate), "{id}: {mate}");
        both_searches(&g, 3000, |m| mates(&g, m));
    }
}

#[test]
fn chess_prevents_a_mate_in_one() {
    // Black threatens Rd1#; White has time for luft (h3, g3, …) or Kf1.
    let g = position(GameId::Chess, "3r2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert!(mates(&after(&g, "Kh1"), "Rd1#"));
    assert!(!has_win_in_one(&after(&g, "h3")));
    both_searches(&g, 20_000, |m| !has_win_in_one(&after(&g, m)));
}

/// Whether the side to move mates in two: a move after which every reply
/// allows a mate in one.
fn mates_in_two(g: &AnyGame, m: &str) -> bool {
    let next = after(g, m);
    next.outcome().is_none()
        && next
            .legal_moves()
            .iter()
            .all(|r| has_win_in_one(&after(&next, r)))
}

#[test]
fn chess_mates_in_two() {
    // The rook ladder: 1. Ra7 (or Rb7) Kg8 2. Rb8# (or Ra8#); no mate in one.
    let g = position(GameId::Chess, "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1");
    assert!(!has_win_in_one(&g));
    assert!(mates_in_two(&g, "Ra7"));
    for seed in 0..3 {
        let m = engine_move(&g, Algorithm::AlphaBeta, 50_000, seed);
        assert!(mates_in_two(&g, &m), "seed {seed}: {m}");
    }
    let m = engine_move(&g, Algorithm::Mcts, 20_000, 0);
    assert!(mates_in_two(&g, &m), "MCTS: {m}");
}

#[test]
fn every_game_every_level_gives_a_legal_deterministic_move() {
    for id in GameId::ALL {
        let g = AnyGame::new(id, &Setup::default()).expect("default setup");
        let legal = g.legal_moves();
        for level in 1..=5 {
            let level = Level::new(level).unwrap();
            let nodes = Limits::nodes(level.node_budget(crate::algorithm(id)).min(3000));
            let a = choose(&g, level, nodes, 42).unwrap();
            assert!(legal.contains(&a), "{id} level {level}: {a}");
            assert_eq!(
                choose(&g, level, nodes, 42).unwrap(),
                a,
                "{id} level {level}"
            );
        }
    }
}

#[test]
fn a_finished_game_is_an_error_not_a_panic() {
    let g = position(GameId::Breakthrough, "pp6/8/8/8/8/8/8/P7 w 0");
    let over = after(&g, "a1-a2");
    let over = after(&over, "b8-b7");
    assert!(over.outcome().is_none());
    let won = position(GameId::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let won = after(&won, "Ra8#");
    assert_eq!(
        choose(&won, Level::MAX, Limits::nodes(10), 0),
        Err(crate::EngineError::GameOver)
    );
    let mut e = Engine::new(&g, Level::MAX, 0);
    assert!(matches!(
        e.advance("h7-h8"),
        Err(crate::EngineError::BadMove(_))
    ));
    assert!(Level::new(0).is_err() && Level::new(6).is_err());
}

#[test]
fn the_searcher_follows_a_whole_game_with_reuse() {
    // Two engines play a short Cracovia and a Breakthrough game against
    // each other, each advanced by both sides' moves; every move is legal.
    for id in [GameId::Cracovia, GameId::Breakthrough, GameId::Empuje] {
        let mut g = AnyGame::new(id, &Setup::default()).unwrap();
        let level = Level::new(3).unwrap();
        let mut bots = [Engine::new(&g, level, 1), Engine::new(&g, level, 2)];
        for ply in 0..40 {
            if g.outcome().is_some() {
                break;
            }
            let side = g.turn().side.index();
            let m = bots[side].choose(Limits::nodes(300)).unwrap();
            let m = g.play(&m).unwrap_or_else(|e| panic!("{id} ply {ply}: {e}"));
            for b in &mut bots {
                b.advance(&m).unwrap();
            }
            assert_eq!(bots[0].position_text(), g.position_text());
        }
    }
}

#[test]
fn chess_mates_with_king_and_queen() {
    // King and queen against a king moving at random: the mop-up term must
    // bring the mate well within the fifty-move rule.
    let mut g = position(GameId::Chess, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    let mut bot = Engine::new(&g, Level::MAX, 3);
    let mut rng = crate::rng::Rng::new(5);
    for _ in 0..60 {
        if g.outcome().is_some() {
            break;
        }
        let m = if g.turn().side == Side::First {
            bot.choose(Limits::nodes(20_000)).unwrap()
        } else {
            let moves = g.legal_moves();
            moves[rng.below(moves.len())].clone()
        };
        let m = g.play(&m).unwrap();
        bot.advance(&m).unwrap();
    }
    let o = g.outcome().expect("the game ended");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::First), EndReason::Checkmate)
    );
}

#[test]
fn engines_can_move_between_threads() {
    fn send<T: Send + 'static>() {}
    send::<Engine>();
}

#[test]
fn cascades_takes_the_bottom_row_majority() {
    // Four rows: the bottom row has 11 cells, so 6 is a majority. White
    // holds a1–e1 and places f1 beside e1 (alone or with a second stone).
    let g = position(GameId::Cascades, "WBWBWBWB/9/10/WWWWW6 w 0 0");
    assert!(wins_at_once(&g, "f1"));
    assert!(!wins_at_once(&g, "pass"));
    both_searches(&g, 2000, |m| wins_at_once(&g, m));
}

/// The move the bare MCTS (no level, so no separate check for a win in
/// one) plays in `g` after `nodes` playouts.
fn bare_mcts<G: crate::Knowledge>(g: &G, nodes: u64, seed: u64) -> String {
    let mut tree = crate::mcts::Mcts::new(g.clone(), crate::mcts::MctsConfig::default());
    let budget = crate::Budget {
        think: None,
        nodes: Some(nodes),
    };
    let (m, _) = tree.search(&budget, &mut crate::rng::Rng::new(seed), 0.0);
    g.move_text(m.expect("the game is not over"))
}

/// The moves of `g` after which the opponent has a win in one, sorted.
fn moves_that_lose_at_once(g: &AnyGame) -> Vec<String> {
    let mut losing: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| has_win_in_one(&after(g, m)))
        .collect();
    losing.sort();
    losing
}

/// The moves of `g` that win at once, sorted.
fn moves_that_win_at_once(g: &AnyGame) -> Vec<String> {
    let mut wins: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| wins_at_once(g, m))
        .collect();
    wins.sort();
    wins
}

#[test]
fn barrier_takes_a_win_in_one() {
    // 5×5. White's knight c2, Black's e5, tokens c5 and e3. Black's jumps
    // from e5 go to d3 (paths e4-e3, blocked by e3, or d5-d4) and to c4
    // (paths d5-c5, blocked by c5, or e4-d4): both open ones need d4. White
    // jumps c2-d4 by either path (c3-c4 or d2-d3) and stands on d4, so
    // Black cannot move and loses. White's other jumps (to b4, a3, a1, e1;
    // e3 is a token) leave d4 free.
    let g = position(GameId::Barrier, "2x1n/5/4x/2N2/5 w");
    assert_eq!(moves_that_win_at_once(&g), ["c2-c3-d4", "c2-d2-d4"]);
    assert_eq!(g.legal_moves().len(), 10);
    both_searches(&g, 2000, |m| wins_at_once(&g, m));
    let AnyGame::Barrier(b) = &g else {
        unreachable!()
    };
    for seed in 0..3 {
        let m = bare_mcts(b, 2000, seed);
        assert!(wins_at_once(&g, &m), "bare MCTS seed {seed}: {m}");
    }
}

#[test]
fn barrier_prevents_a_loss_in_one() {
    // 5×5. White's knight c2, Black's e5, tokens a4, c5, c3, e3, d2.
    // White's jumps: c2-c1-e1 (d2 blocks the other path), c2-b2-a1,
    // c2-c1-a1, c2-b2-a3 (c3 blocks the other path) and c2-b2-b4 (c3
    // again); d4 and e3 are shut. Black's only jumps are e5-d5-d3 and
    // e5-e4-c4, and both put something on d4.
    // - c2-c1-e1: from e1 the jumps need e2-e3 or d1 (now a token) or c2
    //   (a token): White is stuck after any Black move.
    // - c2-b2-a1: a2 and b2 are tokens, so a1 has no jump either.
    // - c2-b2-b4: from b4 the jumps to d5 and d3 both pass c4 and d4 (the
    //   others cross a4, b5-c5 or b3), and either Black jump fills d4.
    // - c2-c1-a1 keeps a1-a2-b3, c2-b2-a3 keeps a3-b3-b5: Black's jumps
    //   touch neither path.
    let g = position(GameId::Barrier, "2x1n/x4/2x1x/2Nx1/5 w");
    assert!(!has_win_in_one(&g));
    assert_eq!(
        moves_that_lose_at_once(&g),
        ["c2-b2-a1", "c2-b2-b4", "c2-c1-e1"]
    );
    assert_eq!(g.legal_moves().len(), 5);
    both_searches(&g, 3000, |m| !has_win_in_one(&after(&g, m)));
}

#[test]
fn bloc_takes_a_win_in_one_with_the_right_marker() {
    // 4×4. White b1, c2; Black a1, b2, d2; nothing marked. Black moves only
    // by taking an unmarked White stone next to one of its own.
    // - b1-b2 joins c2: the group needs a marker. On c2, d2 cannot take c2
    //   and a1 has nothing next to it (b1 is empty): Black cannot move.
    //   On b2, d2 takes c2.
    // - c2-b2 joins b1: with the marker on b1, a1 cannot take it and d2 has
    //   nothing next to it; with it on b2, a1 takes b1.
    // - b1-a1 and c2-d2 leave a stone alone next to b2 or d2.
    let g = position(GameId::Bloc, "4/4/1sSs/sS2 w 0");
    assert_eq!(moves_that_win_at_once(&g), ["b1-b2*c2", "c2-b2*b1"]);
    assert_eq!(g.legal_moves().len(), 6);
    both_searches(&g, 2000, |m| wins_at_once(&g, m));
    let AnyGame::Bloc(b) = &g else { unreachable!() };
    for seed in 0..3 {
        let m = bare_mcts(b, 2000, seed);
        assert!(wins_at_once(&g, &m), "bare MCTS seed {seed}: {m}");
    }
}

#[test]
fn bloc_prevents_a_loss_in_one() {
    // The position above on 5×5, plus White e5 over Black e4. The two
    // markers that won there now lose: they freeze both left-hand White
    // stones (the marked one cannot move, the other touches no Black
    // stone), so White's only mobile stone is e5, and e4-e5 takes it,
    // leaving White without a move. Every other move keeps a second
    // mobile White stone (c2 next to d2, b1 next to a1, or the stone that
    // took) or takes e4 itself.
    let g = position(GameId::Bloc, "4S/4s/5/1sSs1/sS3 w 0");
    assert!(!has_win_in_one(&g));
    assert_eq!(moves_that_lose_at_once(&g), ["b1-b2*c2", "c2-b2*b1"]);
    assert_eq!(g.legal_moves().len(), 7);
    both_searches(&g, 3000, |m| !has_win_in_one(&after(&g, m)));
}

#[test]
fn empuje_takes_a_win_in_one() {
    // 6×6, in play, White (the setter) to move: White a1, c3, e5; Black
    // f1, a6, f4. A side can move only along a rank or file holding an
    // enemy piece, so the game goes on while some White and Black piece
    // share a line, and then the side with more pieces wins. Only a1
    // shares lines with Black: a1e pushes f1 off and ends on f1, in f4's
    // file (the game goes on); a1n pushes a6 off and ends on a6, sharing
    // no line with f1 or f4, so the game ends with White 3, Black 2.
    let g = position(GameId::Empuje, "B5/4W1/5B/2W3/6/W4B w w 20");
    let mut moves = g.legal_moves();
    moves.sort();
    assert_eq!(moves, ["a1e", "a1n"]);
    assert_eq!(moves_that_win_at_once(&g), ["a1n"]);
    both_searches(&g, 2000, |m| m == "a1n");
    let AnyGame::Empuje(e) = &g else {
        unreachable!()
    };
    for seed in 0..3 {
        assert_eq!(bare_mcts(e, 2000, seed), "a1n", "bare MCTS seed {seed}");
    }
}

#[test]
fn empuje_prevents_a_loss_in_one() {
    // 6×6, White to move: White a1, c3; Black f1, c6, e4 (e4 shares no
    // line with anything). c3n pushes c6 off but leaves a1 facing f1, and
    // f1w pushes a1 off and ends on a1, sharing no line with c6: the game
    // ends with White 1, Black 2. a1e takes f1 first; Black's only move is
    // then c6s, which ends on c1 in f1's rank, so the game goes on.
    let g = position(GameId::Empuje, "2B3/6/4B1/2W3/6/W4B w w 20");
    assert!(!has_win_in_one(&g));
    assert_eq!(moves_that_lose_at_once(&g), ["c3n"]);
    both_searches(&g, 2000, |m| m == "a1e");
}

#[test]
fn reuse_carries_the_subtree_over_and_can_be_turned_off() {
    // One engine plays both sides: each move it chose was searched, so the
    // next search starts from a root with playouts already under it.
    for reuse in [true, false] {
        let g = AnyGame::new(GameId::Cracovia, &Setup::default()).unwrap();
        let mut bot = Engine::new(&g, Level::MAX, 1);
        bot.set_reuse(reuse);
        let mut carried = Vec::new();
        for _ in 0..4 {
            let m = bot.choose(Limits::nodes(3000)).unwrap();
            carried.push(bot.last_info().carried);
            bot.advance(&m).unwrap();
        }
        assert_eq!(carried[0], 0);
        if reuse {
            assert!(carried[1..].iter().all(|&c| c > 0), "{carried:?}");
        } else {
            assert!(carried.iter().all(|&c| c == 0), "{carried:?}");
        }
    }
}

#[test]
fn a_memory_limit_bounds_what_the_search_holds() {
    // An MCTS game whose graph would pass the limit many times over, and
    // an alpha-beta game whose level-5 table alone (2^20 entries) would:
    // within the limit after every search and every move, and still
    // legal moves and reuse (the MCTS graph below a move carries over).
    const LIMIT: usize = 1 << 20;
    for id in [GameId::Bombardment, GameId::Breakthrough] {
        let mut g = AnyGame::new(id, &Setup::default()).unwrap();
        let mut free = Engine::new(&g, Level::MAX, 1);
        let mut bot = Engine::new(&g, Level::MAX, 1);
        bot.set_memory_limit(LIMIT);
        free.choose(Limits::nodes(40_000)).unwrap();
        assert!(free.memory() > 4 * LIMIT, "{id}: {}", free.memory());
        let mut carried = 0;
        for _ in 0..6 {
            let m = bot.choose(Limits::nodes(40_000)).unwrap();
            assert!(bot.memory() <= LIMIT, "{id}: {}", bot.memory());
            assert!(g.legal_moves().contains(&m), "{id}: {m}");
            carried += bot.last_info().carried;
            g.play(&m).unwrap();
            bot.advance(&m).unwrap();
            assert!(bot.memory() <= LIMIT, "{id}: {}", bot.memory());
            if g.outcome().is_some() {
                break;
            }
        }
        if id == GameId::Bombardment {
            assert!(carried > 0, "{id}: no playouts carried over");
        }
    }
}

#[test]
fn only_searches_that_learn_between_moves_say_so() {
    let bt = AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap();
    let learns = |level: u8| Engine::new(&bt, Level::new(level).unwrap(), 1).learns_between_moves();
    assert_eq!(
        (1..=5).map(learns).collect::<Vec<_>>(),
        [false, false, false, true, true]
    );
    let cr = AnyGame::new(GameId::Cracovia, &Setup::default()).unwrap();
    let mut mcts = Engine::new(&cr, Level::MIN, 1);
    assert!(mcts.learns_between_moves());
    mcts.set_reuse(false);
    assert!(!mcts.learns_between_moves());
}

#[test]
fn a_limit_set_late_drops_what_is_held_beyond_it() {
    let g = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
    let mut bot = Engine::new(&g, Level::MAX, 1);
    let m = bot.choose(Limits::nodes(5_000)).unwrap();
    assert!(bot.memory() > 1 << 20);
    bot.set_memory_limit(1 << 20);
    assert_eq!(bot.memory(), 0);
    bot.advance(&m).unwrap();
    bot.choose(Limits::nodes(5_000)).unwrap();
    assert!((1..=1 << 20).contains(&bot.memory()), "{}", bot.memory());
}

/// The exact value of an Empuje position for the first player (the
/// setter): 1 won, 0.5 drawn, 0 lost, by plain minimax over every move.
/// Only for positions whose set-up is complete: every push takes at least
/// one enemy piece, so play lasts at most eleven moves.
fn empuje_exact(
    g: &tablero_rules::empuje::Empuje,
    memo: &mut std::collections::HashMap<u64, f32>,
) -> f32 {
    use tablero_rules::Game;
    if let Some(o) = g.outcome() {
        return match o.winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        };
    }
    let key = g.position_key();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let first = g.turn().side == Side::First;
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = if first { 0.0f32 } else { 1.0 };
    for m in moves {
        let mut next = g.clone();
        next.play(m);
        let v = empuje_exact(&next, memo);
        best = if first { best.max(v) } else { best.min(v) };
    }
    memo.insert(key, best);
    best
}

fn as_empuje(g: &AnyGame) -> &tablero_rules::empuje::Empuje {
    let AnyGame::Empuje(e) = g else {
        unreachable!("an Empuje game")
    };
    e
}

/// Empuje's value is a draw, and level 4 already gets it: a higher level
/// cannot score over half against it (BENCHMARKS.md, "Each level against
/// the one below"). The pie rule caps the setter at a draw: a setter's win
/// would need a position won by whoever moves first in either colour
/// (the chooser's `white`/`black`) and won by the second player in one
/// colour (the chooser's `first`), and those contradict each other; a
/// position with no push at all is a draw, so the draw is also the floor.
/// Checked here exactly on the set-ups level 4 builds, and on random
/// set-ups, where level 4's every choice and push keeps the best value.
#[test]
fn empuje_level_4_plays_every_stage_exactly() {
    let level = Level::new(4).unwrap();
    let limits = Limits::level_nodes(level, GameId::Empuje);
    let mut memo = std::collections::HashMap::new();
    // Level 4 as the setter: its set-ups are worth exactly a draw.
    for seed in 0..2 {
        let mut g = AnyGame::new(GameId::Empuje, &Setup::default()).unwrap();
        let mut bot = Engine::new(&g, level, seed);
        while g.turn().phase == tablero_rules::Phase::Place {
            let m = bot.choose(limits).unwrap();
            bot.advance(&m).unwrap();
            g.play(&m).unwrap();
        }
        let v = empuje_exact(as_empuje(&g), &mut memo);
        assert_eq!(v, 0.5, "seed {seed}: {}", g.position_text());
    }
    // Random set-ups: every move level 4 chooses, the chooser's included,
    // keeps the exact value of the position for the side that plays it.
    let mut rng = crate::rng::Rng::new(11);
    let mut checked = 0;
    for seed in 0..6 {
        let mut g = AnyGame::new(GameId::Empuje, &Setup::default()).unwrap();
        while g.turn().phase == tablero_rules::Phase::Place {
            let moves = g.legal_moves();
            let m = moves[rng.below(moves.len())].clone();
            g.play(&m).unwrap();
        }
        while g.outcome().is_none() {
            let first = g.turn().side == Side::First;
            let mut best = if first { 0.0f32 } else { 1.0 };
            for m in g.legal_moves() {
                let v = empuje_exact(as_empuje(&after(&g, &m)), &mut memo);
                best = if first { best.max(v) } else { best.min(v) };
            }
            let m = choose(&g, level, limits, seed).unwrap();
            let v = empuje_exact(as_empuje(&after(&g, &m)), &mut memo);
            assert_eq!(v, best, "seed {seed}: {m} in {}", g.position_text());
            g.play(&m).unwrap();
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} moves checked");
}

#[test]
fn chess_plays_on_rather_than_repeat_a_level_position() {
    // From self-play (level 5 against 4, seed 2): White's knight went
    // b5, c3, b5 and Black's bishop e7, d6, e7. Nc3 now lets Black play
    // Bd6 and repeat the position a third time, a draw in 18 plies.
    // The evaluation calls the position about level, so the bot plays on.
    let mut g = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
    for m in "c4 a5 Nf3 c5 Nc3 Nc6 e4 e5 Bd3 Nf6 Bc2 Bd6 Nb5 Be7 Nc3 Bd6 Nb5 Be7".split(' ') {
        g.play(m).unwrap();
    }
    let repeat = after(&after(&g, "Nc3"), "Bd6");
    assert_eq!(
        repeat.outcome().map(|o| o.reason),
        Some(EndReason::ThreefoldRepetition)
    );
    for seed in 0..2 {
        let m = engine_move(&g, Algorithm::AlphaBeta, 300_000, seed);
        assert_ne!(m, "Nc3", "seed {seed}");
    }
}

#[test]
fn a_repetition_is_seen_through_the_table_of_earlier_moves() {
    // The game above from Black's side, with Black's engine searching at
    // each of its turns as in a match, so its table holds the placement
    // after Bd6 from when it was not yet a repetition. After the second
    // Nc3, Bd6 repeats the position a third time: a draw the table entry
    // does not know about, and the contempt says Black plays on.
    let moves: Vec<&str> = "c4 a5 Nf3 c5 Nc3 Nc6 e4 e5 Bd3 Nf6 Bc2 Bd6 Nb5 Be7 Nc3 Bd6 Nb5 Be7 Nc3"
        .split(' ')
        .collect();
    // As `selfplay chess --a 5 --b 4 --level-nodes --seed 2` played it:
    // Black's engine starts after the two random opening plies, with the
    // seed and the node budget of that match.
    let mut g = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
    g.play(moves[0]).unwrap();
    g.play(moves[1]).unwrap();
    let level = Level::new(4).unwrap();
    let limits = Limits::level_nodes(level, GameId::Chess);
    let mut black = Engine::new(&g, level, crate::rng::mix(2) ^ 1);
    for &m in &moves[2..] {
        if g.turn().side == Side::Second {
            black.choose(limits).unwrap();
        }
        black.advance(m).unwrap();
        g.play(m).unwrap();
    }
    assert_eq!(
        after(&g, "Bd6").outcome().map(|o| o.reason),
        Some(EndReason::ThreefoldRepetition)
    );
    let m = black.choose(limits).unwrap();
    assert_ne!(m, "Bd6");
}

#[test]
fn a_repetition_one_move_ahead_is_seen_through_the_table() {
    // From the Saltador level pair (`selfplay saltador --a 5 --b 4
    // --level-nodes --seed 2`, game 5, level 5 White): a pawn up after
    // Bxb7+, White checked on a4 and b7 and back. Its table held the
    // position after Bb7+ from when Kd7 was not yet a third repetition,
    // so it played Bb7+ again and Black took the draw at once.
    let mut g = AnyGame::new(GameId::Saltador, &Setup::default()).unwrap();
    g.play("h4").unwrap();
    g.play("g6").unwrap();
    let level = Level::MAX;
    let limits = Limits::level_nodes(level, GameId::Saltador);
    let mut white = Engine::new(&g, level, crate::rng::mix(2 ^ (4u64 << 32)));
    for m in "Be4 d5 Bxb7+ Kd7 Ba4+ Ke8 Bb7+ Kd7 Ba4+ Ke8".split(' ') {
        if g.turn().side == Side::First {
            white.choose(limits).unwrap();
        }
        white.advance(m).unwrap();
        g.play(m).unwrap();
    }
    assert_eq!(
        after(&after(&g, "Bb7+"), "Kd7").outcome().map(|o| o.reason),
        Some(EndReason::ThreefoldRepetition)
    );
    let m = white.choose(limits).unwrap();
    assert_ne!(m, "Bb7+");
}
