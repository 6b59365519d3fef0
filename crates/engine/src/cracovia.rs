//! Cracovia as the engine sees it, and what the engine knows about it.
//!
//! The rules crate keeps Cracovia's two bitboards private, and the engine's
//! knowledge needs them on every playout ply. [`TrackedCracovia`] is the
//! rules' position with the angels' and the demons' bitboards kept beside
//! it, read once from the position text and then updated from each move
//! played (a move names its squares). Every rule still comes from the rules
//! crate; the bitboards only feed the playout policy, the move priors and a
//! cheap position key.
//!
//! The knowledge: the angels win by gathering into one block, so a playout
//! angel takes a joining move when there is one and otherwise mostly
//! closes the gaps between the angels; a playout demon blocks a join that
//! is one move away and otherwise mostly sits where the angels most want
//! to go. Uniformly random playouts judged the angels badly (random angels
//! wander while random demons slowly fill the board), which is why level 5
//! could not beat level 4 with them (BENCHMARKS.md, "Engine").

use tablero_rules::cracovia::{Cracovia, Move};
use tablero_rules::{
    BoardView, Cell, Game, GameId, KING_STEPS, MoveError, Outcome, PositionError, Setup,
    SetupError, Side, Turn,
};

use crate::knowledge::Knowledge;
use crate::rng::{Rng, mix};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Cracovia's position with its bitboards tracked beside it.
#[derive(Clone, Debug)]
pub struct TrackedCracovia {
    game: Cracovia,
    /// One bit per square, a1 = bit 0, b1 = bit 1, …, h8 = bit 63.
    angels: u64,
    demons: u64,
}

/// The bit of `c`.
fn bit(c: Cell) -> u64 {
    1 << (u32::from(c.y) * 8 + u32::from(c.x))
}

/// The bitboards of a position text (ranks from the top, `A` an angel, `D`
/// a demon, digits for runs of empty squares).
fn boards(text: &str) -> (u64, u64) {
    let (mut angels, mut demons) = (0u64, 0u64);
    let board = text.split_whitespace().next().unwrap_or("");
    for (row, rank) in board.split('/').enumerate() {
        let Some(y) = 7usize.checked_sub(row) else {
            break;
        };
        let mut x = 0usize;
        for ch in rank.chars() {
            if let Some(run) = ch.to_digit(10) {
                x += run as usize;
                continue;
            }
            if x < 8 {
                let b = 1u64 << (y * 8 + x);
                match ch {
                    'A' => angels |= b,
                    'D' => demons |= b,
                    _ => {}
                }
            }
            x += 1;
        }
    }
    (angels, demons)
}

impl TrackedCracovia {
    /// Tracks `game`.
    #[must_use]
    pub fn new(game: Cracovia) -> TrackedCracovia {
        let (angels, demons) = boards(&game.position_text());
        TrackedCracovia {
            game,
            angels,
            demons,
        }
    }

    /// The rules' position.
    #[must_use]
    pub fn game(&self) -> &Cracovia {
        &self.game
    }

    /// The angels' squares.
    #[must_use]
    pub fn angels(&self) -> u64 {
        self.angels
    }

    /// The demons' squares.
    #[must_use]
    pub fn demons(&self) -> u64 {
        self.demons
    }
}

impl Game for TrackedCracovia {
    type Move = Move;
    const ID: GameId = GameId::Cracovia;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Cracovia::new(setup).map(TrackedCracovia::new)
    }

    fn turn(&self) -> Turn {
        self.game.turn()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.game.legal_moves(moves);
    }

    fn play(&mut self, m: Move) {
        self.game.play(m);
        match m {
            Move::Angel { from, to } => self.angels = self.angels & !bit(from) | bit(to),
            Move::Demon(c) => self.demons |= bit(c),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn move_text(&self, m: Move) -> String {
        self.game.move_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.game.parse_move(text)
    }

    fn move_origin(&self, m: Move) -> Option<Cell> {
        self.game.move_origin(m)
    }

    fn position_text(&self) -> String {
        self.game.position_text()
    }

    fn from_position_text(text: &str) -> Result<Self, PositionError> {
        Cracovia::from_position_text(text).map(TrackedCracovia::new)
    }

    fn view(&self) -> BoardView {
        self.game.view()
    }

    /// The two bitboards and the side to move, mixed: no text to build.
    fn position_key(&self) -> u64 {
        let side = match self.game.turn().side {
            Side::First => 0,
            Side::Second => 0x5bd1_e995,
        };
        mix(self.angels ^ side) ^ mix(self.demons.rotate_left(17) ^ 0x2545_f491_4f6c_dd1d)
    }
}

/// Every square touching a square of `b`, sideways or diagonally, and `b`.
fn with_neighbours(b: u64) -> u64 {
    let row = b | (b << 1 & !FILE_A) | (b >> 1 & !FILE_H);
    row | row << 8 | row >> 8
}

/// Whether the squares of `b` form one block, diagonal contact counting.
fn one_block(b: u64) -> bool {
    let mut reach = b & b.wrapping_neg();
    loop {
        let next = with_neighbours(reach) & b;
        if next == reach {
            return reach == b;
        }
        reach = next;
    }
}

/// No square: off the board.
const OFF: u8 = 64;

/// For every square and each of the eight directions, the next square
/// that way ([`OFF`] past the edge).
const NEXT: [[u8; 8]; 64] = {
    let mut t = [[OFF; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = KING_STEPS[d];
            let (x, y) = ((sq % 8) as i8 + dx, (sq / 8) as i8 + dy);
            if x >= 0 && x < 8 && y >= 0 && y < 8 {
                t[sq][d] = (y * 8 + x) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The king distance between every two squares.
const DISTANCE: [[u8; 64]; 64] = {
    let mut t = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let dx = (a % 8) as i32 - (b % 8) as i32;
            let dy = (a / 8) as i32 - (b / 8) as i32;
            let (dx, dy) = (dx.abs(), dy.abs());
            t[a][b] = if dx > dy { dx } else { dy } as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// The squares of the angels `b` (at most four), and how many.
fn squares(b: u64) -> ([u32; 4], usize) {
    let mut at = [0u32; 4];
    let mut n = 0;
    let mut rest = b;
    while rest != 0 && n < 4 {
        at[n] = rest.trailing_zeros();
        rest &= rest - 1;
        n += 1;
    }
    (at, n)
}

/// How much moving the angel on `from` to `to` gathers the angels `at`:
/// the drop in the sum of the king distances between every two of them
/// (4 angels in the corners: 42; a 2×2 block: 6).
fn gathering(at: &[u32], from: u32, to: u32) -> i32 {
    at.iter()
        .filter(|&&a| a != from)
        .map(|&a| {
            i32::from(DISTANCE[from as usize][a as usize])
                - i32::from(DISTANCE[to as usize][a as usize])
        })
        .sum()
}

/// An angel's move on the bitboards: squares by index, `mid` the square a
/// two-square move passes over (`to` for a one-square move).
#[derive(Clone, Copy, Debug)]
struct Step {
    from: u32,
    to: u32,
    mid: u32,
}

impl Step {
    /// Whether this move joins the angels `angels` into one block.
    fn joins(self, angels: u64) -> bool {
        let others = angels & !(1 << self.from);
        // The mover must end touching one of the others.
        with_neighbours(1 << self.to) & others != 0 && one_block(others | 1 << self.to)
    }

    fn to_move(self) -> Move {
        Move::Angel {
            from: cell(self.from),
            to: cell(self.to),
        }
    }
}

/// Calls `f` with every angel move in the position (whoever is to move).
fn for_each_step(angels: u64, demons: u64, mut f: impl FnMut(Step)) {
    let empty = !(angels | demons);
    let free = |s: u8| s != OFF && empty & 1 << s != 0;
    let mut rest = angels;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        for (d, &one) in NEXT[from as usize].iter().enumerate() {
            if !free(one) {
                continue;
            }
            f(Step {
                from,
                to: u32::from(one),
                mid: u32::from(one),
            });
            let two = NEXT[one as usize][d];
            if free(two) {
                f(Step {
                    from,
                    to: u32::from(two),
                    mid: u32::from(one),
                });
            }
        }
    }
}

/// What the angels can do from a position: for every square, how much an
/// angel move needing it (landing on it or passing over it) would gain,
/// and which squares stop every joining move at once.
struct Threats {
    /// Per square: the most any angel move through it would win, as
    /// [`JOIN`] for a join, else its [`gathering`] (0 if none).
    gain: [i32; 64],
    /// The joining moves.
    joins: u32,
    /// Squares on every joining move (all squares when there is none).
    stop_all: u64,
}

/// The gain of a move that joins the four angels.
const JOIN: i32 = 1000;

impl Threats {
    fn of(angels: u64, demons: u64) -> Threats {
        let (at, n) = squares(angels);
        let mut t = Threats {
            gain: [0; 64],
            joins: 0,
            stop_all: u64::MAX,
        };
        for_each_step(angels, demons, |s| {
            let gain = if s.joins(angels) {
                t.joins += 1;
                t.stop_all &= 1 << s.to | 1 << s.mid;
                JOIN
            } else {
                gathering(&at[..n], s.from, s.to)
            };
            for sq in [s.to, s.mid] {
                let g = &mut t.gain[sq as usize];
                *g = (*g).max(gain);
            }
        });
        t
    }
}

/// A square index's cell.
fn cell(i: u32) -> Cell {
    Cell::new((i % 8) as u8, (i / 8) as u8)
}

impl TrackedCracovia {
    /// A playout's angel move: a join when there is one; otherwise most of
    /// the time the move that gathers the angels most (ties at random),
    /// sometimes any move.
    fn playout_angel(&self, moves: &[Move], rng: &mut Rng) -> Move {
        let (at, n) = squares(self.angels);
        let mut best = i32::MIN;
        let mut chosen = None;
        let mut ties = 0;
        let mut join = None;
        for_each_step(self.angels, self.demons, |s| {
            if join.is_some() {
                return;
            }
            if s.joins(self.angels) {
                join = Some(s);
                return;
            }
            let gain = gathering(&at[..n], s.from, s.to);
            if gain > best {
                best = gain;
                ties = 1;
                chosen = Some(s);
            } else if gain == best {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = Some(s);
                }
            }
        });
        if let Some(s) = join {
            return s.to_move();
        }
        match chosen {
            Some(s) if rng.below(4) != 0 => s.to_move(),
            _ => moves[rng.below(moves.len())],
        }
    }

    /// A playout's demon: on a square that stops every join one move away
    /// (any square if none can); otherwise most of the time where the
    /// angels gain most, sometimes anywhere.
    fn playout_demon(&self, moves: &[Move], rng: &mut Rng) -> Move {
        let t = Threats::of(self.angels, self.demons);
        let empty = !(self.angels | self.demons);
        if t.joins > 0 {
            let stops = t.stop_all & empty;
            if stops == 0 {
                return moves[rng.below(moves.len())];
            }
            return Move::Demon(cell(nth_bit(stops, rng.below(stops.count_ones() as usize))));
        }
        if rng.below(4) == 0 {
            return moves[rng.below(moves.len())];
        }
        let best = t.gain.iter().copied().max().unwrap_or(0);
        if best <= 0 {
            return moves[rng.below(moves.len())];
        }
        let hot = (0..64u32)
            .filter(|&i| t.gain[i as usize] == best)
            .fold(0u64, |b, i| b | 1 << i)
            & empty;
        if hot == 0 {
            return moves[rng.below(moves.len())];
        }
        Move::Demon(cell(nth_bit(hot, rng.below(hot.count_ones() as usize))))
    }
}

/// How good a demon on `c` looks, given the angels' threats `t`.
fn demon_prior(t: &Threats, c: Cell) -> i32 {
    let b = bit(c);
    if t.joins > 0 && t.stop_all & b != 0 {
        JOIN
    } else {
        t.gain[b.trailing_zeros() as usize]
    }
}

/// The index of the `n`-th set bit of `b` (lowest first); `b` has more
/// than `n` bits.
fn nth_bit(mut b: u64, n: usize) -> u32 {
    for _ in 0..n {
        b &= b - 1;
    }
    b.trailing_zeros()
}

impl Knowledge for TrackedCracovia {
    fn playout_move(&self, moves: &[Move], rng: &mut Rng) -> Move {
        match self.game.turn().side {
            Side::First => self.playout_angel(moves, rng),
            Side::Second => self.playout_demon(moves, rng),
        }
    }

    /// Angels: a join first, then by how much the move gathers them.
    /// Demons: a square that stops a join first, then where the angels
    /// would gain most.
    fn prior(&self, m: Move) -> i32 {
        match m {
            Move::Angel { from, to } => {
                let (from, to) = (bit(from).trailing_zeros(), bit(to).trailing_zeros());
                let step = Step { from, to, mid: to };
                if step.joins(self.angels) {
                    JOIN
                } else {
                    let (at, n) = squares(self.angels);
                    gathering(&at[..n], from, to)
                }
            }
            Move::Demon(c) => demon_prior(&Threats::of(self.angels, self.demons), c),
        }
    }

    /// The demons' threats are worked out once for all their moves.
    fn priors(&self, moves: &[Move], out: &mut Vec<i32>) {
        out.clear();
        if self.game.turn().side == Side::First {
            out.extend(moves.iter().map(|&m| self.prior(m)));
            return;
        }
        let t = Threats::of(self.angels, self.demons);
        out.extend(moves.iter().map(|&m| match m {
            Move::Demon(c) => demon_prior(&t, c),
            Move::Angel { .. } => 0,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> TrackedCracovia {
        TrackedCracovia::from_position_text(text).expect("a Cracovia position")
    }

    fn play(g: &mut TrackedCracovia, text: &str) {
        let m = g.parse_move(text).expect("a legal move");
        g.play(m);
    }

    #[test]
    fn the_bitboards_follow_the_rules_position() {
        // Random games: the tracked boards always equal the ones read from
        // the rules' position text, and the contract holds for the wrapper.
        for seed in 0..20 {
            let mut g = <TrackedCracovia as Game>::new(&Setup::default()).unwrap();
            let mut rng = Rng::new(seed);
            loop {
                let moves = g.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                g.play(moves[rng.below(moves.len())]);
                assert_eq!((g.angels, g.demons), boards(&g.position_text()));
            }
            tablero_rules::check::playout(g.clone(), seed, 200).expect("the Game contract");
        }
        let g = at("A6A/8/8/8/3D4/2A5/8/7A a");
        assert_eq!(g.angels().count_ones(), 4);
        assert_eq!(g.demons(), 1 << (3 * 8 + 3));
    }

    #[test]
    fn position_keys_tell_sides_and_squares_apart() {
        let a = at("A6A/8/8/8/3D4/2A5/8/7A a");
        let d = at("A6A/8/8/8/3D4/2A5/8/7A d");
        let moved = at("A6A/8/8/8/4D3/2A5/8/7A a");
        assert_ne!(a.position_key(), d.position_key());
        assert_ne!(a.position_key(), moved.position_key());
        assert_eq!(a.position_key(), at(&a.position_text()).position_key());
    }

    #[test]
    fn gathering_is_the_drop_in_distances() {
        // From the corners every pair is 7 apart. a1-c3 brings a1 to 5
        // from each of the other three (c3 to h1: 5 files; to a8: 5 ranks;
        // to h8: 5 both ways): 3 × 2 = 6. a1-b2: 3 × 1. a1-a3 gains 2 on
        // a8 only: a3 is still 7 files from h1 and from h8.
        let g = <TrackedCracovia as Game>::new(&Setup::default()).unwrap();
        let prior = |t: &str| g.prior(g.parse_move(t).unwrap());
        assert_eq!(prior("a1-c3"), 6);
        assert_eq!(prior("a1-b2"), 3);
        assert_eq!(prior("a1-a3"), 2);
        let best = g.legal_move_list().into_iter().map(|m| g.prior(m)).max();
        assert_eq!(best, Some(6));
    }

    #[test]
    fn playouts_join_and_block_joins() {
        // Angels a1, b1, a2 and d4: d4-b2 (over an empty c3) joins them, and
        // it is their only join. d4 must end next to the other three, on
        // b2, c1, c2, a3 or b3, and of these only b2 lies one or two
        // squares from d4 in a straight line; none of the three others can
        // step next to d4 and stay joined to the other two.
        let mut angels = at("8/8/8/8/3A4/8/A7/AA6 a");
        let joins: Vec<String> = angels
            .legal_move_list()
            .into_iter()
            .filter(|&m| {
                let mut n = angels.clone();
                n.play(m);
                n.outcome().is_some()
            })
            .map(|m| angels.move_text(m))
            .collect();
        assert_eq!(joins, ["d4-b2"]);
        let mut rng = Rng::new(1);
        for _ in 0..50 {
            let moves = angels.legal_move_list();
            assert_eq!(
                angels.move_text(angels.playout_move(&moves, &mut rng)),
                "d4-b2"
            );
        }
        // The demons stop it only on b2 or c3, and always do.
        let demons = at("8/8/8/8/3A4/8/A7/AA6 d");
        for _ in 0..50 {
            let moves = demons.legal_move_list();
            let m = demons.move_text(demons.playout_move(&moves, &mut rng));
            assert!(m == "b2" || m == "c3", "{m}");
        }
        let mut priors = Vec::new();
        let moves = demons.legal_move_list();
        demons.priors(&moves, &mut priors);
        for (&m, &p) in moves.iter().zip(&priors) {
            let stops = matches!(demons.move_text(m).as_str(), "b2" | "c3");
            assert_eq!(p == JOIN, stops, "{}", demons.move_text(m));
            assert_eq!(p, demons.prior(m));
        }
        play(&mut angels, "d4-b2");
        assert!(angels.outcome().is_some());
    }
}
