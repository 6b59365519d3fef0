//! The Universal Chess Interface as text, for matches against other
//! engines: which games an outside engine can play and under which
//! variant name, moves in UCI notation both ways, and what an engine's
//! `info` and `bestmove` lines say. No I/O: the
//! caller (the `tablero` binary) moves the lines to and from the engine's
//! process.
//!
//! ```
//! use tablero_engine::uci;
//! use tablero_rules::{AnyGame, GameId, Setup};
//! let game = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
//! assert_eq!(uci::to_uci(&game, "Nf3").unwrap(), "g1f3");
//! assert_eq!(uci::from_uci(&game, "g1f3").unwrap(), "Nf3");
//! assert_eq!(uci::score("info depth 9 score cp -35 nodes 9000 pv e7e5"), Some(-35));
//! assert_eq!(uci::best_move("bestmove e7e5 ponder g1f3"), Some(Some("e7e5")));
//! ```

use tablero_rules::san::Role;
use tablero_rules::{AnyGame, Game, GameId};

use crate::EngineError;

/// The name of `game` for an engine's `UCI_Variant` option (as
/// Fairy-Stockfish names it), for the games whose moves this module can
/// write; `None` for the others.
#[must_use]
pub fn variant(game: GameId) -> Option<&'static str> {
    match game {
        GameId::Chess => Some("chess"),
        GameId::Breakthrough => Some("breakthrough"),
        _ => None,
    }
}

fn unsupported(game: &AnyGame) -> EngineError {
    EngineError::Outsider(format!(
        "no UCI notation for {} (UCI engines play chess and breakthrough)",
        game.id().key()
    ))
}

fn square(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

/// The UCI text (`e2e4`, `e7e8q`, castling as the king's move `e1g1`) of
/// the legal move `text` names in `game`.
pub fn to_uci(game: &AnyGame, text: &str) -> Result<String, EngineError> {
    let illegal = |e: tablero_rules::MoveError| EngineError::BadMove(e.to_string());
    match game {
        AnyGame::Chess(g) => {
            let m = g.parse_move(text).map_err(illegal)?;
            let promotion = m.promotion().map_or("", |r| match r {
                Role::Knight => "n",
                Role::Bishop => "b",
                Role::Rook => "r",
                _ => "q",
            });
            Ok(format!("{}{}{promotion}", square(m.from()), square(m.to())))
        }
        AnyGame::Breakthrough(g) => {
            let m = g.parse_move(text).map_err(illegal)?;
            let canonical = g.move_text(m);
            Ok(canonical
                .chars()
                .filter(|&c| c != '-' && c != 'x')
                .collect())
        }
        _ => Err(unsupported(game)),
    }
}

/// The canonical text of the move an engine named `uci` in `game`; an
/// illegal or unreadable move is an error.
pub fn from_uci(game: &AnyGame, uci: &str) -> Result<String, EngineError> {
    let text = match game {
        AnyGame::Chess(_) => uci.to_string(),
        // `a2-b3` is read as a capture too.
        AnyGame::Breakthrough(_) if uci.len() == 4 && uci.is_ascii() => {
            format!("{}-{}", &uci[..2], &uci[2..])
        }
        AnyGame::Breakthrough(_) => {
            return Err(EngineError::BadMove(format!(
                "`{uci}` is not a Breakthrough move in UCI notation"
            )));
        }
        _ => return Err(unsupported(game)),
    };
    game.parse_move(&text)
        .map_err(|e| EngineError::BadMove(format!("the engine's move `{uci}`: {e}")))
}

/// Where the score in an engine's `info` line stands, in hundredths of a
/// pawn for the side to move; a mate in `n` moves is a score beyond any
/// evaluation (`MATE` less the plies, as alpha-beta scores its wins), so
/// that adjudication treats it as decided. `None` for a line without a
/// score, or with only a bound (`lowerbound`, `upperbound`).
#[must_use]
pub fn score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace().peekable();
    // `info string` is free text.
    if words.next() != Some("info") || words.peek() == Some(&"string") {
        return None;
    }
    let mut found = None;
    while let Some(w) = words.next() {
        if w != "score" {
            continue;
        }
        let kind = words.next()?;
        let n: i32 = words.next()?.parse().ok()?;
        found = match kind {
            "cp" => Some(n),
            "mate" if n > 0 => Some(crate::alphabeta::MATE - (2 * n - 1)),
            "mate" => Some(-crate::alphabeta::MATE - 2 * n),
            _ => None,
        };
        // A bound is not the position's score.
        if let Some(bound) = words.next()
            && bound.ends_with("bound")
        {
            return None;
        }
    }
    found
}

/// The move of a `bestmove` line: `Some(Some(m))`, `Some(None)` for
/// `bestmove (none)` (no legal move), `None` for any other line.
#[must_use]
pub fn best_move(line: &str) -> Option<Option<&str>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    Some(words.next().filter(|&m| m != "(none)" && m != "0000"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::Setup;

    fn game(id: GameId, moves: &str) -> AnyGame {
        let mut g = AnyGame::new(id, &Setup::default()).unwrap();
        for m in moves.split_whitespace() {
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn chess_moves_both_ways() {
        // Castling both ways, a promotion with capture, en passant.
        let g = game(GameId::Chess, "e4 d5 exd5 c6 dxc6 Nf6 cxb7 e5 Nf3 Bc5");
        assert_eq!(to_uci(&g, "bxa8=N").unwrap(), "b7a8n");
        assert_eq!(from_uci(&g, "b7a8n").unwrap(), "bxa8=N");
        assert_eq!(from_uci(&g, "b7a8q").unwrap(), "bxa8=Q");
        let g = game(GameId::Chess, "e4 e5 Nf3 Nc6 Bc4 Nf6");
        assert_eq!(to_uci(&g, "O-O").unwrap(), "e1g1");
        assert_eq!(from_uci(&g, "e1g1").unwrap(), "O-O");
        let g = game(GameId::Chess, "e4 a6 e5 d5");
        assert_eq!(to_uci(&g, "exd6").unwrap(), "e5d6");
        assert!(matches!(from_uci(&g, "e5e7"), Err(EngineError::BadMove(_))));
    }

    #[test]
    fn breakthrough_moves_both_ways() {
        let g = game(GameId::Breakthrough, "a2-a3 b7-b6 a3-a4 b6-b5");
        assert_eq!(to_uci(&g, "a4xb5").unwrap(), "a4b5");
        assert_eq!(from_uci(&g, "a4b5").unwrap(), "a4xb5");
        assert_eq!(from_uci(&g, "c2c3").unwrap(), "c2-c3");
        assert!(from_uci(&g, "c2c4").is_err());
        assert!(from_uci(&g, "c2").is_err());
        assert!(from_uci(&g, "é2c3").is_err());
    }

    #[test]
    fn other_games_are_refused() {
        let g = game(GameId::Bloc, "");
        let m = g.legal_moves()[0].clone();
        assert!(matches!(to_uci(&g, &m), Err(EngineError::Outsider(_))));
        assert_eq!(variant(GameId::Bloc), None);
        assert_eq!(variant(GameId::Breakthrough), Some("breakthrough"));
    }

    #[test]
    fn info_and_bestmove_lines() {
        use crate::alphabeta::MATE;
        assert_eq!(
            score("info depth 12 seldepth 15 score cp 31 nodes 1"),
            Some(31)
        );
        assert_eq!(score("info depth 3 score mate 2 pv a b c"), Some(MATE - 3));
        assert_eq!(score("info depth 3 score mate -1"), Some(-MATE + 2));
        assert_eq!(score("info depth 7 score cp 40 lowerbound nodes 5"), None);
        assert_eq!(score("info string score cp 40"), None);
        assert_eq!(score("info depth 7 nodes 5"), None);
        assert_eq!(score("bestmove e2e4"), None);
        assert_eq!(best_move("bestmove e2e4"), Some(Some("e2e4")));
        assert_eq!(best_move("bestmove (none)"), Some(None));
        assert_eq!(best_move("info depth 1"), None);
    }
}
