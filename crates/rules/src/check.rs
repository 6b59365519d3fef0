//! Self-checks of the [`Game`] contract on random playouts, used by every
//! game's property tests.

use std::collections::HashSet;

use crate::rng::SplitMix64;
use crate::{EndReason, Game, GameId, MoveError, Msg};

/// Texts that are no move in any game; each must be rejected without
/// changing the position.
pub const GARBAGE: &[&str] = &[
    "",
    " ",
    "-",
    "x",
    "*",
    "zz99",
    "a0",
    "a1-",
    "-a1",
    "a1--a2",
    "a1-a2-",
    "a1*",
    "🙂",
    "a1a1a1a1a1",
    "pass pass",
    "k99-z1",
    "\u{0}",
    "1234567890",
    "O-O-O-O",
    "Wz9",
    "q",
    "e9=Q",
    "first second",
];

/// What a playout saw.
#[derive(Clone, Debug, Default)]
pub struct PlayoutReport {
    pub plies: usize,
    pub finished: bool,
    pub max_branching: usize,
}

/// Plays random legal moves from `start` until the game ends or `max_plies`
/// moves were played, checking the [`Game`] contract at every position:
/// moves are distinct, their texts parse back to them, position texts (and
/// position keys) round trip, garbage and illegal texts are refused without
/// changing anything, and moves are empty exactly when there is a result.
pub fn playout<G: Game>(start: G, seed: u64, max_plies: usize) -> Result<PlayoutReport, String> {
    let mut rng = SplitMix64::new(seed);
    let mut g = start;
    let mut report = PlayoutReport::default();
    let mut moves = Vec::new();
    loop {
        g.legal_moves(&mut moves);
        report.max_branching = report.max_branching.max(moves.len());
        check_position(&g, &moves)?;
        if moves.is_empty() {
            report.finished = true;
            return Ok(report);
        }
        if report.plies >= max_plies {
            return Ok(report);
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        g.play(m);
        report.plies += 1;
    }
}

/// Checks the contract at one position whose legal moves are `moves`.
pub fn check_position<G: Game>(g: &G, moves: &[G::Move]) -> Result<(), String> {
    let pos = g.position_text();
    let ctx = |what: String| format!("{what}\n  at position {pos}");
    if moves.is_empty() != g.outcome().is_some() {
        return Err(ctx(format!(
            "{} legal moves but outcome {:?}",
            moves.len(),
            g.outcome()
        )));
    }
    let distinct: HashSet<G::Move> = moves.iter().copied().collect();
    if distinct.len() != moves.len() {
        return Err(ctx("legal_moves lists a move twice".into()));
    }
    let mut texts = HashSet::new();
    for &m in moves {
        let text = g.move_text(m);
        if !texts.insert(text.clone()) {
            return Err(ctx(format!("two moves share the text {text:?}")));
        }
        match g.parse_move(&text) {
            Ok(back) if back == m => {}
            other => {
                return Err(ctx(format!(
                    "move {m:?} writes as {text:?}, which parses as {other:?}"
                )));
            }
        }
        let padded = format!("  {text}  ");
        if g.parse_move(&padded) != Ok(m) {
            return Err(ctx(format!(
                "{padded:?} (with spaces) does not parse as {m:?}"
            )));
        }
        // Everything but SAN is case-insensitive.
        if !uses_san(G::ID) {
            for cased in [text.to_uppercase(), text.to_lowercase()] {
                if g.parse_move(&cased) != Ok(m) {
                    return Err(ctx(format!("{cased:?} does not parse as {m:?}")));
                }
            }
        }
    }
    let back = G::from_position_text(&pos).map_err(|e| ctx(format!("position text: {e}")))?;
    if back.position_text() != pos {
        return Err(ctx(format!(
            "position text does not round-trip: {}",
            back.position_text()
        )));
    }
    if back.position_key() != g.position_key() {
        return Err(ctx("the position read back has another position key".into()));
    }
    // Repetition depends on the moves that led here, which no position text
    // holds (FEN neither): such a position reads back as still in play.
    let by_history = g
        .outcome()
        .is_some_and(|o| o.reason == EndReason::ThreefoldRepetition);
    if !by_history {
        let again: HashSet<_> = back.legal_move_list().into_iter().collect();
        if again != distinct {
            return Err(ctx("re-read position has other legal moves".into()));
        }
        if back.outcome() != g.outcome() || (!moves.is_empty() && back.turn() != g.turn()) {
            return Err(ctx("re-read position has another turn or outcome".into()));
        }
    }
    for bad in GARBAGE {
        if let Ok(m) = g.parse_move(bad) {
            return Err(ctx(format!("garbage {bad:?} parsed as {m:?}")));
        }
    }
    if g.position_text() != pos {
        return Err(ctx("parsing changed the position".into()));
    }
    Ok(())
}

/// Whether the game writes moves in SAN, where case matters (`Bc4` is a
/// bishop, `bc4` a pawn).
fn uses_san(id: GameId) -> bool {
    matches!(
        id,
        GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14
    )
}

/// Checks that every text of `good` reads as a position of `G` whose text
/// is the same again, and that every text of `bad` is refused.
pub fn position_texts<G: Game>(good: &[&str], bad: &[&str]) {
    for text in good {
        let g = G::from_position_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.position_text(), *text);
    }
    for text in bad {
        assert!(G::from_position_text(text).is_err(), "{text:?}");
    }
}

/// The text of every legal move of `g`, in the game's order.
pub fn move_texts<G: Game>(g: &G) -> Vec<String> {
    g.legal_move_list()
        .into_iter()
        .map(|m| g.move_text(m))
        .collect()
}

/// Plays `moves` (texts) on `g`; panics, naming the move, at one that is
/// refused.
pub fn play_all<G: Game>(g: &mut G, moves: &[&str]) {
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Why the rules refuse `text` in `g` as illegal (see [`refused`]); panics
/// when it is refused for another reason.
pub fn illegal_why<G: Game>(g: &G, text: &str) -> Msg {
    match refused(g, text) {
        MoveError::Illegal { why, .. } => why,
        e => panic!("{text}: {e:?}"),
    }
}

/// Checks that `text` is refused with an error of the given kind and leaves
/// `g` unchanged.
pub fn refused<G: Game>(g: &G, text: &str) -> MoveError {
    let before = g.position_text();
    let mut copy = g.clone();
    let err = match copy.play_text(text) {
        Ok(m) => panic!("{text:?} was accepted as {m} at {before}"),
        Err(e) => e,
    };
    assert_eq!(
        copy.position_text(),
        before,
        "refusing {text:?} changed the position"
    );
    err
}
