//! Tournaments for any two-player game: round robin by the FIDE Berger
//! tables and Swiss after FIDE's Dutch system, with standings and
//! tie-breaks. A pure core: no I/O, no clock, no async, no randomness; a
//! [`Tournament`] is a serde value that the caller stores, and every
//! pairing is a function of that value, so pairing a round "exactly once"
//! is a compare-and-swap on the stored document.
//!
//! # Life of a tournament
//!
//! [`Tournament::new`] with [`Settings`]; [`Tournament::join`] and
//! [`Tournament::leave`] while registering; [`Tournament::start`] numbers
//! the players ([`Seeding`]) and pairs round 1; [`Tournament::record_result`]
//! for each game of the current round (it says when the round is complete);
//! [`Tournament::advance`] pairs the next round or finishes after the last;
//! [`Tournament::withdraw`] at any time while running;
//! [`Tournament::standings`] whenever. Refusals are [`TournamentError`]s;
//! nothing panics on any input.
//!
//! # Scoring
//!
//! A win is 1, a draw ½, a loss 0; a forfeit win 1, a forfeit loss and
//! either side of a double forfeit 0. A Swiss pairing-allocated bye scores
//! [`Settings::bye_points`] (1 unless set to ½ or 0). In a round robin with
//! an odd count the player drawn against the Berger table's dummy rests and
//! scores nothing (everyone rests once a cycle). A withdrawn player loses
//! their unfinished game of the current round by forfeit and is not paired
//! again: in a Swiss they simply have no game (0 points those rounds); in a
//! round robin their remaining games are created already decided as forfeit
//! wins for their opponents, so the table stays complete. FIDE's rule that
//! annuls the games of a round-robin player who withdraws before playing
//! half of them is not applied: a chat tournament keeps what was played.
//!
//! # Swiss pairing: the Dutch system by maximum-weight matching
//!
//! Each round is one maximum-weight perfect matching over all pairs of
//! active players (plus a bye vertex for an odd count) with the Dutch
//! criteria packed into the weights in priority order (see `swiss.rs` for
//! the list), the approach of Olafsson's "Weighted matching in chess
//! tournaments" and of bbpPairings. So the pairing is complete whenever a
//! pairing exists, has no rematch and no second bye whenever that is
//! possible, respects the absolute colour criterion whenever possible
//! (colour difference within ±2, never three of one colour in a row), and
//! then minimises score differences, unmet colour preferences and repeated
//! floats, with the Dutch top-half-against-bottom-half order within score
//! groups last. Colours follow the Dutch rules E.1–E.5 with White as the
//! initial colour. The matching is Edmonds' blossom algorithm, `O(n³)`
//! ([`matching`]).
//!
//! Where it departs from C.04.3, and why:
//!
//! - **Global, not bracket by bracket.** The Dutch system pairs score
//!   brackets from the top, choosing downfloaters and then the first
//!   acceptable transposition or exchange in a prescribed order. One
//!   weighted matching over everyone gives the same pairing in the ordinary
//!   cases (the tests check worked examples) but may differ in rare ones
//!   where the Dutch order of transpositions and the sum of weights
//!   disagree. It never fails, needs no backtracking, and is simple to
//!   prove complete.
//! - **Score differences by their squares.** C.6–C.9 (fewest downfloaters,
//!   then lowest floater scores) are approximated by minimising the sum of
//!   squared score differences of the pairs: few floaters, floating as
//!   short a way as possible.
//! - **No top-scorer exception.** The absolute colour criterion is never
//!   relaxed for top scorers in the last round; it gives way only where no
//!   complete pairing without a rematch satisfies it.
//! - **Floats: the previous round only** (C.14–C.17 also look two rounds
//!   back).
//! - **Forfeits count as paired.** Two players whose game was forfeited
//!   are not paired again, and the forfeited game's colours count in the
//!   colour history (FIDE ignores both): in a chat a forfeit is a game
//!   that was started and timed out, and a rematch against a no-show would
//!   be unwelcome.
//! - **Bye eligibility** is as C.2: no bye for a player who had one or won
//!   by forfeit; among the eligible it goes to the lowest score group, then
//!   to its lowest-ranked player.
//! - A Swiss has at most players − 1 rounds.
//!
//! ```
//! use tablero_tournament::*;
//! let mut t = Tournament::new(Settings::new(Format::RoundRobin { double: false })).unwrap();
//! for id in ["ana", "bo", "cy", "di"] {
//!     t.join(Player::new(id, id, None)).unwrap();
//! }
//! t.start().unwrap();
//! while t.phase() == Phase::Running {
//!     let round = t.current_round().unwrap().clone();
//!     for game in &round.games {
//!         t.record_result(round.number, game.board, GameResult::WhiteWins).unwrap();
//!     }
//!     t.advance().unwrap();
//! }
//! let table = t.standings();
//! assert_eq!(table.iter().map(|s| s.points).sum::<Points>(), Points::from_halves(12));
//! ```

mod berger;
mod colour;
mod error;
pub mod matching;
mod model;
mod points;
mod standings;
mod swiss;
mod tournament;

pub use berger::berger_table;
pub use error::TournamentError;
pub use model::{
    Bye, Colour, Format, Game, GameResult, MAX_PLAYERS, MAX_ROUNDS, Player, PlayerId, Round,
    Seeding, Settings,
};
pub use points::Points;
pub use standings::{Standing, TieBreak};
pub use tournament::{Advance, Phase, Tournament};
