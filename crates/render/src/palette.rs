//! The fixed palette of a game's replays: chosen once per game, theme and
//! board shape, not per replay, and kept for the life of the process.
//!
//! lila-gif fixes its palette ahead of time from its sprites. Ours is taken
//! the same way from the renderer's own parts: two sheets (boards the
//! renderer draws from made-up views) show every piece the game has on
//! light, dark and marked squares, its special ground (river, planks, dead
//! squares), numbers and tokens, both player strips in both states, the
//! result line in gold and the side names. The palette is index 0
//! (transparent) and then the sheets' most frequent colours exactly — the
//! theme's colours: squares, backgrounds, strips, marks over squares, piece
//! bodies, the text's four coverage steps — and NeuQuant's choice for the
//! rest, learnt from the remaining (anti-aliased) shades, each weighted by
//! the square root of its count, so the ramps from a piece's outline into
//! each square colour get entries of their own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use color_quant::NeuQuant;
use tablero_rules::{
    BoardView, Cell, CellView, Color, EndReason, GameId, Highlight, HighlightKind, Outcome, Piece,
    PieceKind, ScoreKind, Shape, Side, Terrain,
};

use crate::text::lock;
use crate::{RenderOptions, Theme, render_pixmap};

/// Colours taken exactly, most frequent first.
const EXACT: usize = 160;
/// NeuQuant's sampling factor: 1 learns from every pixel given.
const NEUQUANT_SAMPLING: i32 = 1;
/// Index 0 marks unchanged pixels.
pub(crate) const TRANSPARENT: u8 = 0;

pub(crate) fn rgb_key(p: &[u8]) -> u32 {
    u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2])
}

fn split(k: u32) -> [u8; 3] {
    [(k >> 16) as u8, (k >> 8) as u8, k as u8]
}

/// A palette of at most 256 entries, index 0 transparent.
#[derive(Debug)]
pub(crate) struct Palette {
    /// RGB triples, index 0 (transparent) included.
    pub rgb: Vec<[u8; 3]>,
    /// The colours mapped so far, as a [`Mapper`]'s slots: each board or
    /// replay drawn in this palette starts from them and adds what it met,
    /// so the nearest entry of a colour is searched once per process.
    memo: Mutex<Vec<(u32, u8)>>,
}

impl Palette {
    /// A palette for `samples` (opaque RGBA): their colours exactly when
    /// there are at most 255, else the [`EXACT`] most frequent exactly and
    /// NeuQuant's entries for the rest.
    pub(crate) fn from_samples(samples: &[&[u8]]) -> Palette {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for s in samples {
            for p in s.chunks_exact(4) {
                *counts.entry(rgb_key(p)).or_default() += 1;
            }
        }
        let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
        // Ties broken by colour so the palette is the same on every run.
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut rgb = vec![[0, 0, 0]];
        if by_count.len() <= 255 {
            rgb.extend(by_count.iter().map(|&(k, _)| split(k)));
            return Palette::new(rgb);
        }
        rgb.extend(by_count.iter().take(EXACT).map(|&(k, _)| split(k)));
        let mut rest = Vec::new();
        for &(k, n) in &by_count[EXACT..] {
            let [r, g, b] = split(k);
            for _ in 0..f64::from(n).sqrt().ceil() as u32 {
                rest.extend_from_slice(&[r, g, b, 255]);
            }
        }
        let quant = NeuQuant::new(NEUQUANT_SAMPLING, 255 - EXACT, &rest);
        rgb.extend(
            quant
                .color_map_rgb()
                .chunks_exact(3)
                .map(|c| [c[0], c[1], c[2]]),
        );
        Palette::new(rgb)
    }

    fn new(rgb: Vec<[u8; 3]>) -> Palette {
        Palette {
            rgb,
            memo: Mutex::new(Vec::new()),
        }
    }

    /// The palette index nearest to `key`'s colour, never the transparent
    /// index; the eye's weights (green most, blue least).
    // The rare miss of a `Mapper`: kept out of the indexing loops, which
    // it slowed by 3 % (callgrind, a Cascades board) when inlined there.
    #[inline(never)]
    pub(crate) fn nearest(&self, key: u32) -> u8 {
        let [r, g, b] = split(key).map(i32::from);
        let mut best = (i32::MAX, 1u8);
        for (i, c) in self.rgb.iter().enumerate().skip(1) {
            let (dr, dg, db) = (
                r - i32::from(c[0]),
                g - i32::from(c[1]),
                b - i32::from(c[2]),
            );
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
            if d < best.0 {
                best = (d, i as u8);
                if d == 0 {
                    break;
                }
            }
        }
        best.1
    }

    /// The GIF colour table: 256 entries (a power of two).
    pub(crate) fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.rgb.iter().flatten().copied().collect();
        out.resize(256 * 3, 0);
        out
    }
}

/// Colour → index for one replay: a direct-mapped cache in front of
/// [`Palette::nearest`] (a replay meets a few thousand colours, each
/// searched once).
pub(crate) struct Mapper<'a> {
    palette: &'a Palette,
    /// (key | VALID, index) by a hash of the key.
    slots: Vec<(u32, u8)>,
}

const VALID: u32 = 1 << 31;
const SLOT_BITS: u32 = 13;

impl<'a> Mapper<'a> {
    /// A mapper that knows the colours mapped before in `palette`.
    pub(crate) fn new(palette: &'a Palette) -> Mapper<'a> {
        let memo = lock(&palette.memo);
        let slots = if memo.is_empty() {
            vec![(0, 0); 1 << SLOT_BITS]
        } else {
            memo.clone()
        };
        Mapper { palette, slots }
    }

    /// Leaves what this mapper learnt to the palette's later mappers.
    pub(crate) fn keep(self) {
        *lock(&self.palette.memo) = self.slots;
    }

    #[inline]
    pub(crate) fn index(&mut self, key: u32) -> u8 {
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOT_BITS)) as usize;
        let (k, i) = self.slots[slot];
        if k == key | VALID {
            return i;
        }
        let i = self.palette.nearest(key);
        self.slots[slot] = (key | VALID, i);
        i
    }
}

/// The palette of `game`'s replays in `theme` on boards of `shape`, built
/// on first use.
pub(crate) fn fixed(game: GameId, theme: Theme, shape: Shape) -> Arc<Palette> {
    type Cache = Mutex<HashMap<(GameId, Theme, Shape), Arc<Palette>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(p) = lock(cache).get(&(game, theme, shape)) {
        return p.clone();
    }
    let opts = RenderOptions {
        theme,
        players: ["Ana".into(), "Bo".into()],
        ..RenderOptions::new(game)
    };
    let drawn: Vec<Vec<u8>> = (0..2)
        .filter_map(|k| render_pixmap(&sheet(game, shape, k), &opts).ok())
        .map(tiny_skia::Pixmap::take)
        .collect();
    let p = Arc::new(Palette::from_samples(
        &drawn.iter().map(Vec::as_slice).collect::<Vec<_>>(),
    ));
    lock(cache).entry((game, theme, shape)).or_insert(p).clone()
}

/// What can stand on a game's board.
struct Stock {
    kinds: &'static [PieceKind],
    terrain: &'static [Terrain],
    numbers: bool,
    tokens: bool,
    markers: bool,
    scores: Option<ScoreKind>,
}

fn stock(game: GameId) -> Stock {
    use PieceKind::*;
    const CHESS: &[PieceKind] = &[King, Queen, Rook, Bishop, Knight, Pawn];
    let plain = |kinds| Stock {
        kinds,
        terrain: &[],
        numbers: false,
        tokens: false,
        markers: false,
        scores: None,
    };
    match game {
        GameId::Chess => plain(CHESS),
        GameId::Saltador => plain(&[King, Queen, Rook, JumpingBishop, Knight, Pawn]),
        GameId::Guadalete | GameId::Guadalete14 => Stock {
            terrain: &[Terrain::River, Terrain::Plank],
            ..plain(&[King, Queen, Rook, Bishop, Knight, Pawn, Amazon])
        },
        GameId::Barrier => Stock {
            tokens: true,
            ..plain(&[Knight])
        },
        GameId::KnightFight => Stock {
            terrain: &[Terrain::Dead],
            numbers: true,
            scores: Some(ScoreKind::Points),
            ..plain(&[Knight])
        },
        GameId::Cracovia => plain(&[Angel, Demon]),
        GameId::Bloc => Stock {
            markers: true,
            scores: Some(ScoreKind::Pieces),
            ..plain(&[Stone])
        },
        GameId::Cascades => Stock {
            scores: Some(ScoreKind::BottomRow),
            ..plain(&[Stone])
        },
        GameId::Bombardment | GameId::Breakthrough | GameId::Empuje => Stock {
            scores: Some(ScoreKind::Pieces),
            ..plain(&[Stone])
        },
    }
}

/// Sheet `k` (0 or 1) of `game` on `shape`: every piece of the game in both
/// colours on squares of both colours (sheet 1 shifts them by one square),
/// the game's ground, numbers and tokens between them, marks of every kind,
/// and the strips of a game in progress (sheet 0) or won (sheet 1).
fn sheet(game: GameId, shape: Shape, k: usize) -> BoardView {
    let stock = stock(game);
    let mut view = BoardView::empty(shape);
    let sprites: Vec<Piece> = stock
        .kinds
        .iter()
        .flat_map(|&kind| [Color::White, Color::Black].map(|color| Piece { kind, color }))
        .collect();
    for (i, cv) in view.cells.iter_mut().enumerate() {
        let j = i + k;
        // Every third cell is left for ground, numbers and tokens.
        if j % 3 == 2 {
            if let Some(&t) = stock.terrain.get((j / 3) % (stock.terrain.len() + 1)) {
                cv.terrain = t;
            }
            cv.token = stock.tokens;
            cv.number = stock.numbers.then_some(((j * 7) % 100) as u8);
            continue;
        }
        // Pieces stand on the river and its planks too (never on Knight
        // Fight's dead squares).
        if j % 6 == 1 {
            if let Some(&t) = stock.terrain.get((j / 6) % (stock.terrain.len() + 1)) {
                if t != Terrain::Dead {
                    cv.terrain = t;
                }
            }
        }
        cv.piece = Some(sprites[(j - j / 3) % sprites.len()]);
        cv.marker = stock.markers && j % 2 == 0;
        cv.number = (stock.numbers && j % 4 == 0).then_some(((j * 11) % 100) as u8);
    }
    let marks: &[HighlightKind] = if k == 0 {
        &[HighlightKind::From, HighlightKind::To, HighlightKind::Path]
    } else {
        &[
            HighlightKind::Placed,
            HighlightKind::Push,
            HighlightKind::Blast,
            HighlightKind::Erased,
        ]
    };
    // Every fourth cell marked (every second on boards under 64 cells),
    // with pieces and without, on every ground (4 and 3 have no common
    // factor); the kinds in turn on each square colour, so that every kind
    // is seen on both.
    let step = if view.cells.len() < 64 { 2 } else { 4 };
    let mut turn = [0usize; 2];
    view.highlights = view
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == k % step)
        .map(|(_, c)| {
            let t = &mut turn[usize::from(crate::geometry::SquareGrid::is_dark(c.cell))];
            *t += 1;
            Highlight {
                cell: c.cell,
                kind: marks[(*t - 1) % marks.len()],
            }
        })
        .collect();
    let kings: Vec<Cell> = view
        .cells
        .iter()
        .filter(|c: &&CellView| c.piece.is_some_and(|p| p.kind == PieceKind::King))
        .map(|c| c.cell)
        .collect();
    view.highlights
        .extend(kings.into_iter().map(|cell| Highlight {
            cell,
            kind: HighlightKind::Check,
        }));
    view.status.ply = 12;
    view.status.scores = stock.scores.map(|s| (s, [12, 3]));
    if k == 1 {
        view.status.to_move = None;
        view.status.outcome = Some(Outcome::win(Side::First, EndReason::NoLegalMove));
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn just_too_many_colours_still_quantise() {
        for n in [256u32, 300, 5000] {
            let px: Vec<u8> = (0..n)
                .flat_map(|i| [(i % 256) as u8, (i / 256) as u8, 7, 255])
                .collect();
            let p = Palette::from_samples(&[&px]);
            assert_eq!(p.rgb.len(), 256);
            assert_eq!(p.bytes().len(), 768);
            assert_ne!(p.nearest(0x123456), TRANSPARENT);
        }
    }

    #[test]
    fn small_palettes_are_exact() {
        let px = [10u8, 20, 30, 255, 40, 50, 60, 255];
        let p = Palette::from_samples(&[&px]);
        assert_eq!(p.rgb.len(), 3);
        let mut m = Mapper::new(&p);
        let i = m.index(rgb_key(&px[4..]));
        assert_eq!(p.rgb[i as usize], [40, 50, 60]);
        // An unseen colour maps to the nearest entry, never transparent.
        assert_eq!(m.index(0x0b141e), m.index(0x0a141e));
        assert_ne!(m.index(0xffffff), TRANSPARENT);
    }

    #[test]
    fn every_game_has_a_full_sheet_and_palette() {
        for game in GameId::ALL {
            let shape = tablero_rules::AnyGame::new(game, &tablero_rules::Setup::default())
                .expect("default setup")
                .view()
                .shape;
            for k in 0..2 {
                let v = sheet(game, shape, k);
                assert!(crate::validate(&v).is_ok(), "{game} sheet {k}");
                for kind in v.highlights.iter().map(|h| h.kind) {
                    for dark in [false, true] {
                        assert!(
                            v.highlights.iter().any(|h| h.kind == kind
                                && crate::geometry::SquareGrid::is_dark(h.cell) == dark),
                            "{game} sheet {k}: {kind:?} never on dark={dark}"
                        );
                    }
                }
                let kinds = stock(game).kinds;
                for kind in kinds {
                    assert!(
                        v.cells
                            .iter()
                            .any(|c| c.piece.is_some_and(|p| p.kind == *kind)),
                        "{game} sheet {k} lacks {kind:?}"
                    );
                }
            }
            let p = fixed(game, Theme::Default, shape);
            assert!(
                p.rgb.len() > 100 && p.rgb.len() <= 256,
                "{game}: {}",
                p.rgb.len()
            );
            assert!(Arc::ptr_eq(&p, &fixed(game, Theme::Default, shape)));
        }
    }
}
