//! Attack tables: leapers computed at compile time, sliders through magic
//! bitboards built once at first use (no I/O, deterministic).
//!
//! Squares are 0..64 with a1 = 0, b1 = 1, …, h8 = 63; bit `s` of a
//! bitboard is square `s`.

use std::sync::OnceLock;

/// The a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: u64 = FILE_A << 7;
/// Rank 1.
pub const RANK_1: u64 = 0xff;
/// Rank 8.
pub const RANK_8: u64 = RANK_1 << 56;
/// The dark squares (a1 is dark).
pub const DARK: u64 = 0xaa55_aa55_aa55_aa55;

/// The squares reached from `sq` by each of `steps`, within the board.
const fn leaps(sq: usize, steps: &[(i8, i8)]) -> u64 {
    let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut bb = 0;
    let mut i = 0;
    while i < steps.len() {
        let (nx, ny) = (x + steps[i].0 as i32, y + steps[i].1 as i32);
        if nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
            bb |= 1 << (ny * 8 + nx);
        }
        i += 1;
    }
    bb
}

const fn leap_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = leaps(sq, steps);
        sq += 1;
    }
    t
}

/// Saltador's jumping bishop: three diagonal steps, the last straight on
/// or turned 90°.
const JUMP_STEPS: [(i8, i8); 12] = [
    (3, 3),
    (3, -3),
    (-3, 3),
    (-3, -3),
    (3, 1),
    (3, -1),
    (-3, 1),
    (-3, -1),
    (1, 3),
    (1, -3),
    (-1, 3),
    (-1, -3),
];

/// Knight attacks from each square.
pub static KNIGHT: [u64; 64] = leap_table(&crate::KNIGHT_LEAPS);
/// King attacks from each square.
pub static KING: [u64; 64] = leap_table(&crate::KING_STEPS);
/// Jumping-bishop attacks from each square.
pub static JUMP: [u64; 64] = leap_table(&JUMP_STEPS);
/// Pawn attacks by colour (0 White, 1 Black) from each square.
pub static PAWN: [[u64; 64]; 2] = [
    leap_table(&[(-1, 1), (1, 1)]),
    leap_table(&[(-1, -1), (1, -1)]),
];

const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Slider attacks from `sq` along `dirs`, stopping at (and including) the
/// first occupied square. Slow; only used to build the tables.
fn slide(sq: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut bb = 0;
    for &(dx, dy) in dirs {
        let (mut x, mut y) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            x += dx;
            y += dy;
            if !(0..8).contains(&x) || !(0..8).contains(&y) {
                break;
            }
            let s = 1u64 << (y * 8 + x);
            bb |= s;
            if occupied & s != 0 {
                break;
            }
        }
    }
    bb
}

/// One square's magic: `attacks[offset + ((occ & mask) * magic) >> shift]`.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Everything built at first use.
pub struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<u64>,
    /// Squares strictly between two aligned squares; empty otherwise.
    between: Vec<[u64; 64]>,
}

/// Stockfish's xorshift64* generator, used to search for magics with fixed
/// seeds so that the tables are the same on every run.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2_685_821_657_736_338_717)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds magics for every square (Stockfish's "fancy" scheme) and appends
/// their attack sets to `attacks`.
fn init_magics(dirs: &[(i32, i32); 4], attacks: &mut Vec<u64>) -> [Magic; 64] {
    const SEEDS: [u64; 8] = [728, 10316, 55013, 32803, 12281, 15100, 16645, 255];
    let mut magics = [Magic::default(); 64];
    let mut occupancy = vec![0u64; 4096];
    let mut reference = vec![0u64; 4096];
    let mut epoch = vec![0u32; 4096];
    let mut count = 0u32;
    for sq in 0..64 {
        let rank_edges = (RANK_1 | RANK_8) & !(RANK_1 << (8 * (sq / 8)));
        let file_edges = (FILE_A | FILE_H) & !(FILE_A << (sq % 8));
        let mask = slide(sq, 0, dirs) & !(rank_edges | file_edges);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Every subset of the mask (carry-rippler) with its attacks.
        let mut b = 0u64;
        for i in 0..size {
            occupancy[i] = b;
            reference[i] = slide(sq, b, dirs);
            b = b.wrapping_sub(mask) & mask;
        }
        let offset = attacks.len();
        attacks.resize(offset + size, 0);
        let mut rng = Prng(SEEDS[sq / 8]);
        let mut m = Magic {
            mask,
            magic: 0,
            shift: 64 - bits,
            offset,
        };
        'search: loop {
            m.magic = rng.sparse();
            if (m.magic.wrapping_mul(mask) >> 56).count_ones() < 6 {
                continue;
            }
            count += 1;
            for i in 0..size {
                let idx = m.index(occupancy[i]) - offset;
                if epoch[idx] < count {
                    epoch[idx] = count;
                    attacks[offset + idx] = reference[i];
                } else if attacks[offset + idx] != reference[i] {
                    continue 'search;
                }
            }
            break;
        }
        magics[sq] = m;
    }
    magics
}

impl Tables {
    fn build() -> Tables {
        let mut attacks = Vec::with_capacity(102_400 + 5_248);
        let rook = init_magics(&ROOK_DIRS, &mut attacks);
        let bishop = init_magics(&BISHOP_DIRS, &mut attacks);
        let mut between = vec![[0u64; 64]; 64];
        for (a, row) in between.iter_mut().enumerate() {
            for (b, squares) in row.iter_mut().enumerate() {
                if a == b {
                    continue;
                }
                let bit_b = 1u64 << b;
                for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                    if slide(a, 0, dirs) & bit_b != 0 {
                        *squares = slide(a, bit_b, dirs) & slide(b, 1 << a, dirs);
                    }
                }
            }
        }
        Tables {
            rook,
            bishop,
            attacks,
            between,
        }
    }
}

/// The tables, built on first use.
#[inline(always)]
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    /// Rook attacks from `sq` with `occupied` squares blocking.
    #[inline(always)]
    pub fn rook(&self, sq: usize, occupied: u64) -> u64 {
        self.attacks[self.rook[sq].index(occupied)]
    }

    /// Bishop (sliding) attacks from `sq`.
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occupied: u64) -> u64 {
        self.attacks[self.bishop[sq].index(occupied)]
    }

    /// Squares strictly between `a` and `b` when they share a line.
    #[inline(always)]
    pub fn between(&self, a: usize, b: usize) -> u64 {
        self.between[a][b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_agree_with_slow_sliding_on_random_boards() {
        let t = tables();
        let mut rng = Prng(0x1234_5678);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in 0..64 {
                assert_eq!(t.rook(sq, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, occ), slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn leaper_tables() {
        // Knight on a1 reaches b3 and c2; king on e4 has eight neighbours.
        assert_eq!(KNIGHT[0], (1 << 17) | (1 << 10));
        assert_eq!(KING[28].count_ones(), 8);
        // The jumping bishop on d4 (27) reaches all twelve squares,
        // a1 (3,3 back) and g7 included, and keeps its colour.
        assert_eq!(JUMP[27].count_ones(), 12);
        assert_ne!(JUMP[27] & 1, 0);
        assert_ne!(JUMP[27] & (1 << 54), 0);
        for (sq, &jumps) in JUMP.iter().enumerate() {
            let dark = DARK >> sq & 1;
            assert!(jumps & if dark == 1 { !DARK } else { DARK } == 0);
        }
        // A white pawn on e4 attacks d5 and f5; a black one d3 and f3.
        assert_eq!(PAWN[0][28], (1 << 35) | (1 << 37));
        assert_eq!(PAWN[1][28], (1 << 19) | (1 << 21));
    }

    #[test]
    fn between_squares() {
        let t = tables();
        // a1–d4: b2, c3. a1–b3: not aligned.
        assert_eq!(t.between(0, 27), (1 << 9) | (1 << 18));
        assert_eq!(t.between(0, 17), 0);
        assert_eq!(t.between(4, 60).count_ones(), 6);
    }
}
