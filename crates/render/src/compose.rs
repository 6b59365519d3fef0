//! Board PNGs composed straight in palette indices, one byte a pixel.
//!
//! A board of more than 256 colours (a chess board's anti-aliased pieces)
//! is written in its game's fixed palette (`palette.rs`), each colour as
//! its nearest entry. Drawing it in RGBA and then mapping every pixel
//! meant copying the 2 MB static layer, compositing each piece and reading
//! the 2 MB image back. Here the parts are kept already mapped:
//!
//! - the static layer (background, squares, frame, coordinates, the strips'
//!   backgrounds) as indices, per game, theme, shape and orientation;
//! - each square as it looks with what stands on it (piece, marks, ground,
//!   numbers: its [`Look`]), drawn once over its plain ground in RGBA by the
//!   renderer's own code ([`board::draw_cell`]) and mapped, per game, theme
//!   and shape.
//!
//! An image is then a copy of the static indices, a copy of each occupied
//! or marked square's indices, and the two bands of text (header and a
//! player strip above the board, a player strip and the status line below)
//! drawn in RGBA over the static layer's rows and mapped. The pixels are
//! those of [`crate::render_pixmap`] mapped to the palette (the unit test
//! below compares the two over many positions of every game).
//!
//! What this does not compose falls back to drawing the whole image and
//! [`encode::board_png`]: hexagons (their tiles overlap), a trail across
//! squares (Barrier's L), a square with more than [`MAX_KINDS`] marks, and
//! any image of at most 256 colours, which is written with exactly its
//! colours. The colours are counted from the parts (each kept part knows
//! its own), so that is known without the RGBA image.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use tablero_rules::{BoardView, Cell, CellView, GameId, HighlightKind, Shape};
use tiny_skia::{IntSize, Pixmap};

use crate::geometry::{Rect, SquareGrid};
use crate::layout::{Grid, Layout};
use crate::palette::{self, Mapper, Palette, rgb_key};
use crate::text::lock;
use crate::theme::{self, Theme};
use crate::{Band, MAX_LAYERS, RenderError, RenderOptions, board, draw_strips, encode};

/// Marks one kept square may carry (a piece just moved and in check has
/// two); a square with more is drawn the ordinary way.
const MAX_KINDS: usize = 3;

/// Kept squares' indices at most, in bytes (a chess square is 72 × 72):
/// past it the squares are dropped and drawn again as they come. A chess
/// game meets about sixty looks, 0.3 MB; Knight Fight's numbers the most.
const MAX_TILE_BYTES: usize = 8 << 20;

/// Everything that decides a square's pixels beside the game, theme and
/// size: its colour, what the view says of it (the cell itself left out)
/// and its marks in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Look {
    dark: bool,
    cell: Option<CellView>,
    kinds: [Option<HighlightKind>; MAX_KINDS],
}

const ORIGIN: Cell = Cell::new(0, 0);

impl Look {
    /// Whether the static layer alone shows this square.
    fn plain(&self) -> bool {
        self.kinds[0].is_none() && self.cell.is_none_or(|c| c == CellView::empty(ORIGIN))
    }
}

/// The static layer of one game, theme, shape and orientation, mapped.
struct Base {
    palette: Arc<Palette>,
    /// The palette as a PNG's colour table.
    plte: Vec<u8>,
    rgba: Arc<Pixmap>,
    indices: Vec<u8>,
    /// The colours of the static layer off the board and off the bands of
    /// text: they are in every image.
    outside: Vec<u32>,
    /// The plain squares' colours, light and dark.
    squares: [u32; 2],
}

/// A square as one look draws it, mapped.
struct Tile {
    indices: Vec<u8>,
    /// Its colours, each once.
    colours: Vec<u32>,
}

#[derive(Default)]
struct Tiles {
    kept: HashMap<(GameId, Theme, Shape, Look), Arc<Tile>>,
    bytes: usize,
}

/// `view` as a PNG composed in its game's palette; `None` where this does
/// not apply (see the module's documentation) and the image is to be drawn
/// whole. `view` is valid and `l` its layout.
pub(crate) fn png(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
) -> Result<Option<Vec<u8>>, RenderError> {
    let Grid::Square(g) = l.grid else {
        return Ok(None);
    };
    // A trail is a line across squares.
    if view
        .highlights
        .iter()
        .any(|h| h.kind == HighlightKind::Path)
    {
        return Ok(None);
    }
    let Some((looks, plain)) = looks(view, &g) else {
        return Ok(None);
    };
    let base = base(view, opts, l, &g)?;
    let width = l.width as usize;
    let mut colours = Count::new();
    colours.extend(&base.outside);
    for (dark, seen) in plain.into_iter().enumerate() {
        if seen {
            colours.add(base.squares[dark]);
        }
    }
    let mut indices = base.indices.clone();
    let size = g.size as usize;
    for (cell, look) in looks {
        let tile = tile(opts, view.shape, look, &base, &g);
        let r = g.cell_rect(cell);
        let (x, y) = (r.x as usize, r.y as usize);
        for (row, line) in tile.indices.chunks_exact(size).enumerate() {
            let at = (y + row) * width + x;
            indices[at..at + size].copy_from_slice(line);
        }
        colours.extend(&tile.colours);
    }
    let mut map = Mapper::new(&base.palette);
    for band in [Band::Top, Band::Bottom] {
        let rows = band.rows(l);
        let data = base.rgba.data()[rows.start * width * 4..rows.end * width * 4].to_vec();
        let Some(mut pm) = IntSize::from_wh(l.width, rows.len() as u32)
            .and_then(|size| Pixmap::from_vec(data, size))
        else {
            return Ok(None);
        };
        draw_strips(&mut pm, view, opts, l, band, -(rows.start as f32));
        let out = &mut indices[rows.start * width..rows.end * width];
        encode::index_from(pm.data(), width, out, 0, |_, p| {
            let key = rgb_key(p);
            colours.add(key);
            Some(map.index(key))
        });
    }
    map.keep();
    if !colours.over_256() {
        return Ok(None);
    }
    encode::indexed(l.width, l.height, &base.plte, &indices).map(Some)
}

/// The look of each square the position draws on, and whether any light
/// (`[0]`) or dark (`[1]`) square is left plain; `None` if a square has
/// more than [`MAX_KINDS`] marks.
#[allow(clippy::type_complexity)]
fn looks(view: &BoardView, g: &SquareGrid) -> Option<(Vec<(Cell, Look)>, [bool; 2])> {
    let files = g.files;
    let cells = board::index(view, files, g.ranks);
    let mut kinds = vec![[None; MAX_KINDS]; cells.len()];
    for h in &view.highlights {
        let slots = kinds.get_mut(h.cell.index(files))?;
        *slots.iter_mut().find(|k| k.is_none())? = Some(h.kind);
    }
    let mut out = Vec::with_capacity(view.cells.len() + view.highlights.len());
    let mut plain = [false; 2];
    for (i, (cv, kinds)) in cells.iter().zip(kinds).enumerate() {
        let cell = Cell::new(
            (i % usize::from(files)) as u8,
            (i / usize::from(files)) as u8,
        );
        let dark = SquareGrid::is_dark(cell);
        let look = Look {
            dark,
            cell: cv.map(|c| CellView { cell: ORIGIN, ..*c }),
            kinds,
        };
        if look.plain() {
            plain[usize::from(dark)] = true;
        } else {
            out.push((cell, look));
        }
    }
    Some((out, plain))
}

/// The mapped static layer for `view` drawn with `opts` (layout `l`, grid
/// `g`), made on first use and kept (up to [`MAX_LAYERS`], as the RGBA
/// layers).
fn base(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
    g: &SquareGrid,
) -> Result<Arc<Base>, RenderError> {
    type Cache = Mutex<HashMap<(GameId, Theme, Shape, bool), Arc<Base>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (opts.game, opts.theme, view.shape, g.flip);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(b) = lock(cache).get(&key) {
        return Ok(b.clone());
    }
    let rgba = crate::static_layer(view, opts, l)?;
    let palette = palette::fixed(opts.game, opts.theme, view.shape);
    let width = l.width as usize;
    let mut indices = vec![0u8; rgba.data().len() / 4];
    let mut map = Mapper::new(&palette);
    encode::index_from(rgba.data(), width, &mut indices, 0, |_, p| {
        Some(map.index(rgb_key(p)))
    });
    map.keep();
    let board = g.bounds();
    let bands = [Band::Top.rows(l), Band::Bottom.rows(l)];
    let mut outside = HashSet::new();
    for (i, p) in rgba.data().chunks_exact(4).enumerate() {
        let (x, y) = ((i % width) as f32, i / width);
        let on_board = x >= board.x
            && x < board.right()
            && (y as f32) >= board.y
            && (y as f32) < board.bottom();
        if !on_board && !bands.iter().any(|b| b.contains(&y)) {
            outside.insert(rgb_key(p));
        }
    }
    let colors = theme::board(opts.game, opts.theme);
    let key_of = |c: tiny_skia::ColorU8| rgb_key(&[c.red(), c.green(), c.blue()]);
    let b = Arc::new(Base {
        plte: palette.rgb.iter().flatten().copied().collect(),
        palette,
        rgba,
        indices,
        outside: outside.into_iter().collect(),
        squares: [key_of(colors.light), key_of(colors.dark)],
    });
    let mut cache = lock(cache);
    if cache.len() < MAX_LAYERS {
        cache.insert(key, b.clone());
    }
    Ok(b)
}

/// The square of `look` on boards of `shape` drawn with `opts`, mapped in
/// `base`'s palette; drawn on first use and kept.
fn tile(opts: &RenderOptions, shape: Shape, look: Look, base: &Base, g: &SquareGrid) -> Arc<Tile> {
    static CACHE: OnceLock<Mutex<Tiles>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (opts.game, opts.theme, shape, look);
    if let Some(t) = lock(cache).kept.get(&key) {
        return t.clone();
    }
    let t = Arc::new(draw_tile(opts, look, base, g));
    let mut tiles = lock(cache);
    if tiles.bytes + t.indices.len() > MAX_TILE_BYTES {
        tiles.kept.clear();
        tiles.bytes = 0;
    }
    tiles.bytes += t.indices.len();
    tiles.kept.entry(key).or_insert(t).clone()
}

/// Draws the square of `look` over a plain square of its colour taken
/// from the static layer, and maps it.
fn draw_tile(opts: &RenderOptions, look: Look, base: &Base, g: &SquareGrid) -> Tile {
    let size = g.size as u32;
    let n = size as usize;
    // A square of the look's colour: the first or second of the board
    // (a look of the other colour comes from a board that has one).
    let first = Cell::new(0, 0);
    let other = if g.files > 1 {
        Cell::new(1, 0)
    } else {
        Cell::new(0, 1)
    };
    let from = if SquareGrid::is_dark(first) == look.dark {
        first
    } else {
        other
    };
    let r = g.cell_rect(from);
    let width = base.rgba.width() as usize;
    let (x, y) = (r.x as usize, r.y as usize);
    let mut ground = Vec::with_capacity(n * n * 4);
    for row in y..y + n {
        let at = (row * width + x) * 4;
        ground.extend_from_slice(&base.rgba.data()[at..at + n * 4]);
    }
    // The layout keeps squares at least 8 pixels and on the image.
    let mut pm = IntSize::from_wh(size, size)
        .and_then(|s| Pixmap::from_vec(ground, s))
        .expect("a square of the board is a valid pixmap");
    board::draw_cell(
        &mut pm,
        Rect::new(0.0, 0.0, g.size, g.size),
        look.dark,
        look.cell.as_ref(),
        look.kinds.iter().flatten().copied(),
        &theme::board(opts.game, opts.theme),
        false,
    );
    let mut indices = vec![0u8; n * n];
    let mut colours = HashSet::new();
    let mut map = Mapper::new(&base.palette);
    encode::index_from(pm.data(), n, &mut indices, 0, |_, p| {
        let key = rgb_key(p);
        colours.insert(key);
        Some(map.index(key))
    });
    map.keep();
    Tile {
        indices,
        colours: colours.into_iter().collect(),
    }
}

/// Distinct colours, counted until there are more than 256.
struct Count {
    /// Keys with [`SEEN`] set, by a hash of the key.
    slots: Vec<u32>,
    n: usize,
}

const SEEN: u32 = 1 << 31;
const COUNT_SLOTS: usize = 1024;

impl Count {
    fn new() -> Count {
        Count {
            slots: vec![0; COUNT_SLOTS],
            n: 0,
        }
    }

    fn over_256(&self) -> bool {
        self.n > 256
    }

    #[inline]
    fn add(&mut self, key: u32) {
        if self.over_256() {
            return;
        }
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = key | SEEN;
                    self.n += 1;
                    return;
                }
                k if k == key | SEEN => return,
                _ => slot = (slot + 1) % COUNT_SLOTS,
            }
        }
    }

    fn extend(&mut self, keys: &[u32]) {
        for &k in keys {
            if self.over_256() {
                return;
            }
            self.add(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::rng::SplitMix64;
    use tablero_rules::{AnyGame, Setup};

    /// The PNG as the renderer wrote it before this module: the whole
    /// image drawn in RGBA, then indexed.
    fn drawn_whole(view: &BoardView, opts: &RenderOptions) -> Vec<u8> {
        let pm = crate::render_pixmap(view, opts).unwrap();
        encode::board_png(&pm, || palette::fixed(opts.game, opts.theme, view.shape)).unwrap()
    }

    /// Every composed board is, byte for byte, the PNG of the whole image
    /// drawn and mapped: 60 plies of a random game of every game, both
    /// orientations (the squares' looks in many places, marks, checks,
    /// blasts, numbers, river).
    #[test]
    fn composed_boards_are_the_drawn_ones() {
        let mut composed = std::collections::BTreeMap::new();
        for game in GameId::ALL {
            for flip in [false, true] {
                let mut rng = SplitMix64::new(2026);
                let opts = RenderOptions {
                    flip,
                    players: ["Ana".into(), "Bo".into()],
                    ..RenderOptions::new(game)
                };
                let mut g = AnyGame::new(game, &Setup::default()).unwrap();
                for ply in 0..60 {
                    let view = g.view();
                    let square = matches!(view.shape, Shape::Square { .. });
                    let l = crate::layout::layout(view.shape, flip && square);
                    if let Some(png) = png(&view, &opts, &l).unwrap() {
                        *composed.entry(game).or_insert(0) += 1;
                        assert!(
                            png == drawn_whole(&view, &opts),
                            "{game} flip {flip} ply {ply}"
                        );
                    }
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    g.play(&moves[rng.below(moves.len() as u64) as usize])
                        .unwrap();
                }
            }
        }
        // Chess-like boards are always composed (their pieces bring more
        // than 256 colours); so are some of the stone games'.
        for game in [GameId::Chess, GameId::Saltador, GameId::Guadalete14] {
            assert_eq!(composed.get(&game), Some(&120), "{game}: {composed:?}");
        }
        for game in [GameId::Bombardment, GameId::KnightFight, GameId::Bloc] {
            assert!(composed.contains_key(&game), "{game}: {composed:?}");
        }
    }
}
