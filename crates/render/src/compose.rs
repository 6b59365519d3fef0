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
//!   renderer's own code ([`board::draw_cell`], which makes a square drawn
//!   alone the square drawn in the image) and mapped, per game, theme and
//!   shape.
//!
//! An image is then a copy of the static indices, a copy of each occupied
//! or marked square's indices, and the two bands of text (header and a
//! player strip above the board, a player strip and the status line below)
//! drawn in RGBA over the static layer's rows and mapped. The pixels are
//! those of [`crate::render_pixmap`] mapped to the palette (the unit test
//! below compares the two over many positions of every game).
//!
//! An image of at most 256 colours is written with exactly its colours,
//! as [`encode::board_png`] writes it. The colours are counted from the
//! parts (each kept part knows its own), so that is known without the RGBA
//! image; each part also keeps its pixels as indices into its own colours,
//! and the image's table starts with the static layer's, so that it copies
//! as it is and a square's indices go through a table of at most 256.
//!
//! What this does not compose falls back to drawing the whole image and
//! [`encode::board_png`]: hexagons (their tiles overlap), a trail across
//! squares (Barrier's L), a square with more than [`MAX_KINDS`] marks, a
//! shape past the [`MAX_LAYERS`] kept, and the rare image of at most 256
//! colours whose parts bring more (a colour of the static layer hidden
//! under every square that had it).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use tablero_rules::{BoardView, Cell, CellView, GameId, HighlightKind, Shape};
use tiny_skia::{IntSize, Pixmap};

use crate::board::{self, Spot};
use crate::geometry::{Rect, SquareGrid};
use crate::layout::{Grid, Layout};
use crate::palette::{self, Mapper, Palette, rgb_key};
use crate::text::lock;
use crate::theme::{self, Theme};
use crate::{Band, MAX_LAYERS, RenderError, RenderOptions, draw_strips, encode};

/// Marks one kept square may carry (a piece just moved and in check has
/// two); a square with more is drawn the ordinary way.
const MAX_KINDS: usize = 3;

/// Colours seen in the static layer and the squares past which an image
/// is taken to have more than 256 (its bands mapped first, else indexed
/// exactly first): of the unit test's 878 composed positions, 664 of the
/// 676 past it had more than 256, 170 of the 202 short of it at most 256.
/// A wrong guess costs a second pass over the bands, never a pixel.
const LIKELY_MAPPED: usize = 200;

/// Kept squares' indices at most, in bytes (a chess square is 72 × 72, and
/// kept twice: mapped and by its own colours): past it the squares are
/// dropped and drawn again as they come. A random chess game of 150 plies
/// met 53 looks (0.53 MB), a Knight Fight game (numbers) 187 (1.3 MB).
const MAX_TILE_BYTES: usize = 8 << 20;

/// Everything that decides a square's pixels beside the game, theme and
/// size: its colour, what the view says of it (the cell itself left out),
/// its marks in order and, for a square with a cross or a burst (paths
/// whose anti-aliasing depends on where they lie), its corner in the
/// image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Look {
    dark: bool,
    cell: Option<CellView>,
    kinds: [Option<HighlightKind>; MAX_KINDS],
    at: Option<(u16, u16)>,
}

const ORIGIN: Cell = Cell::new(0, 0);

impl Look {
    /// Whether the static layer alone shows this square.
    fn plain(&self) -> bool {
        self.kinds[0].is_none() && self.cell.is_none_or(|c| c == CellView::empty(ORIGIN))
    }
}

/// A part's pixels as indices into its own colours, when it has at most
/// 256.
struct Exact {
    /// The colours in the order of their indices.
    colours: Vec<u32>,
    indices: Vec<u8>,
}

impl Exact {
    /// `rgba` (opaque, rows `width` wide) by its own colours, if at most
    /// 256.
    fn of(rgba: &[u8], width: usize) -> Option<Exact> {
        let (colours, indices) = encode::exact(rgba, width)?;
        let colours = colours.chunks_exact(3).map(rgb_key).collect();
        Some(Exact { colours, indices })
    }
}

/// The static layer of one game, theme, shape and orientation, mapped.
struct Base {
    palette: Arc<Palette>,
    /// The palette as a PNG's colour table.
    plte: Vec<u8>,
    rgba: Arc<Pixmap>,
    indices: Vec<u8>,
    exact: Option<Exact>,
    /// The colours of the static layer off the board and off the bands of
    /// text: they are in every image.
    outside: Vec<u32>,
    /// The plain squares' colours, light and dark.
    squares: [u32; 2],
}

/// A square as one look draws it, mapped.
struct Tile {
    indices: Vec<u8>,
    /// Its colours, each once (in the order of `exact`'s indices).
    colours: Vec<u32>,
    /// Indices into `colours`, if at most 256.
    exact: Option<Vec<u8>>,
}

#[derive(Default)]
struct Tiles {
    kept: HashMap<(GameId, Theme, Shape, Look), Arc<Tile>>,
    bytes: usize,
}

/// `view` as a PNG composed in its game's palette or, when it has at most
/// 256 colours, in exactly its colours; `None` where this does not apply
/// (see the module's documentation) and the image is to be drawn whole.
/// `view` is valid and `l` its layout.
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
    let Some(base) = base(view, opts, l, &g)? else {
        return Ok(None);
    };
    let mut tiles: Vec<(Cell, Arc<Tile>)> = looks
        .into_iter()
        .map(|(cell, look)| (cell, tile(opts, view.shape, look, &base, &g)))
        .collect();
    // In the image's order, top to bottom: the colours' indices then
    // follow it, and the file comes out a little smaller (0.6 % over the
    // stone games' boards in the unit test).
    tiles.sort_by_key(|(c, _)| {
        let r = g.cell_rect(*c);
        (r.y as u32, r.x as u32)
    });
    let mut table = Table::new(base.exact.as_ref().map_or(&[], |e| &e.colours));
    table.see_all(&base.outside);
    for (dark, seen) in plain.into_iter().enumerate() {
        if seen {
            table.see(base.squares[dark]);
        }
    }
    for (_, t) in &tiles {
        table.see_all(&t.colours);
    }
    let Some(bands) = draw_bands(view, opts, l, &base) else {
        return Ok(None);
    };
    let width = l.width as usize;
    // An image of many colours so far most likely has more than 256: its
    // bands are mapped first, and their colours counted on the way.
    let mut image = None;
    if table.seen > LIKELY_MAPPED {
        let mut indices = base.indices.clone();
        map_bands(&base.palette, &bands, &mut indices, width, |k| {
            table.see(k);
        });
        image = Some(indices);
    }
    // Otherwise the bands' own colours, exactly, until the 257th.
    let mut band_ids = Vec::new();
    for (_, pm) in &bands {
        if table.over_256() {
            break;
        }
        let mut ids = vec![0u8; pm.data().len() / 4];
        encode::index_from(pm.data(), width, &mut ids, 0, |_, p| {
            let id = table.see(rgb_key(p));
            (!table.over_256()).then_some(id)
        });
        band_ids.push(ids);
    }
    if table.over_256() {
        let mut indices = image.unwrap_or_else(|| {
            let mut indices = base.indices.clone();
            map_bands(&base.palette, &bands, &mut indices, width, |_| {});
            indices
        });
        for (cell, t) in &tiles {
            put(&mut indices, width, &g, *cell, &t.indices, None);
        }
        return encode::indexed(l.width, l.height, &base.plte, &indices).map(Some);
    }
    let (Some(static_exact), true) = (&base.exact, table.exact()) else {
        return Ok(None);
    };
    let Some(indices) = exact(static_exact, &g, &tiles, &bands, &band_ids, &table, width) else {
        return Ok(None);
    };
    let plte: Vec<u8> = table
        .colours
        .iter()
        .flat_map(|&k| [(k >> 16) as u8, (k >> 8) as u8, k as u8])
        .collect();
    encode::indexed(l.width, l.height, &plte, &indices).map(Some)
}

/// The rows of each band of text and the band drawn over the static
/// layer's pixels there.
fn draw_bands(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
    base: &Base,
) -> Option<Vec<(Range<usize>, Pixmap)>> {
    let width = l.width as usize;
    [Band::Top, Band::Bottom]
        .into_iter()
        .map(|band| {
            let rows = band.rows(l);
            let data = base.rgba.data()[rows.start * width * 4..rows.end * width * 4].to_vec();
            let mut pm = IntSize::from_wh(l.width, rows.len() as u32)
                .and_then(|size| Pixmap::from_vec(data, size))?;
            draw_strips(&mut pm, view, opts, l, band, -(rows.start as f32));
            Some((rows, pm))
        })
        .collect()
}

/// Copies the square `indices` (each translated by `lut`) onto `cell`.
fn put(
    out: &mut [u8],
    width: usize,
    g: &SquareGrid,
    cell: Cell,
    indices: &[u8],
    lut: Option<&[u8; 256]>,
) {
    let size = g.size as usize;
    let r = g.cell_rect(cell);
    let (x, y) = (r.x as usize, r.y as usize);
    for (row, line) in indices.chunks_exact(size).enumerate() {
        let at = (y + row) * width + x;
        let to = &mut out[at..at + size];
        match lut {
            None => to.copy_from_slice(line),
            Some(lut) => {
                for (o, &i) in to.iter_mut().zip(line) {
                    *o = lut[usize::from(i)];
                }
            }
        }
    }
}

/// Maps the `bands` into their rows of `indices` (the image's, rows
/// `width` wide) in `palette`, telling `see` each colour met.
fn map_bands(
    palette: &Palette,
    bands: &[(Range<usize>, Pixmap)],
    indices: &mut [u8],
    width: usize,
    mut see: impl FnMut(u32),
) {
    let mut map = Mapper::new(palette);
    for (rows, pm) in bands {
        let out = &mut indices[rows.start * width..rows.end * width];
        encode::index_from(pm.data(), width, out, 0, |_, p| {
            let key = rgb_key(p);
            see(key);
            Some(map.index(key))
        });
    }
    map.keep();
}

/// The image in exactly its colours, `table`'s: the static layer's own
/// indices (the table's first), the squares' through the table, and the
/// bands' (`band_ids`, already the table's). `None` if a square has more
/// than 256 colours.
fn exact(
    base: &Exact,
    g: &SquareGrid,
    tiles: &[(Cell, Arc<Tile>)],
    bands: &[(Range<usize>, Pixmap)],
    band_ids: &[Vec<u8>],
    table: &Table,
    width: usize,
) -> Option<Vec<u8>> {
    let mut indices = base.indices.clone();
    for (cell, t) in tiles {
        let local = t.exact.as_ref()?;
        let mut lut = [0u8; 256];
        for (to, &k) in lut.iter_mut().zip(&t.colours) {
            *to = table.id(k)?;
        }
        put(&mut indices, width, g, *cell, local, Some(&lut));
    }
    for ((rows, _), ids) in bands.iter().zip(band_ids) {
        indices[rows.start * width..rows.end * width].copy_from_slice(ids);
    }
    Some(indices)
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
        // `board::contents` draws these two as paths.
        let placed = cv.is_some_and(|c| {
            kinds.iter().flatten().any(|&k| {
                k == HighlightKind::Erased || (k == HighlightKind::Blast && c.piece.is_none())
            })
        });
        let r = g.cell_rect(cell);
        let look = Look {
            dark,
            cell: cv.map(|c| CellView { cell: ORIGIN, ..*c }),
            kinds,
            at: placed.then_some((r.x as u16, r.y as u16)),
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
/// `g`), made on first use and kept, up to [`MAX_LAYERS`] as the RGBA
/// layers; `None` past them (making one costs more than drawing a whole
/// image, so such an image is drawn whole).
fn base(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
    g: &SquareGrid,
) -> Result<Option<Arc<Base>>, RenderError> {
    type Cache = Mutex<HashMap<(GameId, Theme, Shape, bool), Arc<Base>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (opts.game, opts.theme, view.shape, g.flip);
    let cache = CACHE.get_or_init(Default::default);
    {
        let kept = lock(cache);
        if let Some(b) = kept.get(&key) {
            return Ok(Some(b.clone()));
        }
        if kept.len() >= MAX_LAYERS {
            return Ok(None);
        }
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
    let mut last = None;
    for (i, p) in rgba.data().chunks_exact(4).enumerate() {
        let (x, y) = ((i % width) as f32, i / width);
        let on_board = x >= board.x
            && x < board.right()
            && (y as f32) >= board.y
            && (y as f32) < board.bottom();
        let key = rgb_key(p);
        if !on_board && !bands.iter().any(|b| b.contains(&y)) && last != Some(key) {
            outside.insert(key);
            last = Some(key);
        }
    }
    let colors = theme::board(opts.game, opts.theme);
    let key_of = |c: tiny_skia::ColorU8| rgb_key(&[c.red(), c.green(), c.blue()]);
    let b = Arc::new(Base {
        plte: palette.rgb.iter().flatten().copied().collect(),
        palette,
        exact: Exact::of(rgba.data(), width),
        rgba,
        indices,
        outside: outside.into_iter().collect(),
        squares: [key_of(colors.light), key_of(colors.dark)],
    });
    let mut cache = lock(cache);
    if cache.len() < MAX_LAYERS {
        cache.insert(key, b.clone());
    }
    Ok(Some(b))
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
    let bytes = t.indices.len() + t.exact.as_ref().map_or(0, Vec::len);
    if tiles.bytes + bytes > MAX_TILE_BYTES {
        tiles.kept.clear();
        tiles.bytes = 0;
    }
    tiles.bytes += bytes;
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
    let spot = match look.at {
        Some((x, y)) => {
            let (x, y) = (f32::from(x), f32::from(y));
            Spot {
                r: Rect::new(x, y, g.size, g.size),
                at: (x, y),
            }
        }
        None => Spot {
            r: Rect::new(0.0, 0.0, g.size, g.size),
            at: (0.0, 0.0),
        },
    };
    board::draw_cell(
        &mut pm,
        spot,
        look.dark,
        look.cell.as_ref(),
        look.kinds.iter().flatten().copied(),
        &theme::board(opts.game, opts.theme),
        false,
    );
    let mut indices = vec![0u8; n * n];
    let mut map = Mapper::new(&base.palette);
    let exact = Exact::of(pm.data(), n);
    let mut seen = HashSet::new();
    encode::index_from(pm.data(), n, &mut indices, 0, |_, p| {
        let key = rgb_key(p);
        if exact.is_none() {
            seen.insert(key);
        }
        Some(map.index(key))
    });
    map.keep();
    match exact {
        Some(e) => Tile {
            indices,
            colours: e.colours,
            exact: Some(e.indices),
        },
        None => Tile {
            indices,
            colours: seen.into_iter().collect(),
            exact: None,
        },
    }
}

/// The colours of one image, each given the next index when first seen;
/// counted (those seen, not those the table starts with) until there are
/// more than 256.
struct Table {
    /// (key with [`SEEN`] set, index, seen) by a hash of the key.
    slots: Vec<(u32, u16, bool)>,
    /// The colours by index.
    colours: Vec<u32>,
    seen: usize,
}

const SEEN: u32 = 1 << 31;
/// Slots of a [`Table`]: twice as many as it ever holds (256 colours it
/// starts with, 257 seen).
const TABLE_SLOTS: usize = 1024;

impl Table {
    /// A table whose first indices are `first`'s colours (distinct), not
    /// counted until seen.
    fn new(first: &[u32]) -> Table {
        let mut t = Table {
            slots: vec![(0, 0, false); TABLE_SLOTS],
            colours: Vec::with_capacity(first.len() + 64),
            seen: 0,
        };
        for &k in first.iter().take(256) {
            let slot = t.find(k);
            t.slots[slot] = (k | SEEN, t.colours.len() as u16, false);
            t.colours.push(k);
        }
        t
    }

    fn over_256(&self) -> bool {
        self.seen > 256
    }

    /// Whether every colour seen has an index below 256.
    fn exact(&self) -> bool {
        !self.over_256() && self.colours.len() <= 256
    }

    /// The slot of `key`, or the empty one where it would go.
    #[inline]
    fn find(&self, key: u32) -> usize {
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize % TABLE_SLOTS;
        loop {
            let k = self.slots[slot].0;
            if k == 0 || k == key | SEEN {
                return slot;
            }
            slot = (slot + 1) % TABLE_SLOTS;
        }
    }

    /// Counts the colour `key` as in the image; its index (0 past 256, when
    /// [`Table::exact`] no longer holds).
    #[inline]
    fn see(&mut self, key: u32) -> u8 {
        if self.over_256() {
            return 0;
        }
        let slot = self.find(key);
        let (k, id, seen) = &mut self.slots[slot];
        if *k == 0 {
            *k = key | SEEN;
            *id = self.colours.len() as u16;
            self.colours.push(key);
        }
        if !*seen {
            *seen = true;
            self.seen += 1;
        }
        u8::try_from(*id).unwrap_or(0)
    }

    fn see_all(&mut self, keys: &[u32]) {
        for &k in keys {
            if self.over_256() {
                return;
            }
            self.see(k);
        }
    }

    /// The index of a colour seen, if below 256.
    fn id(&self, key: u32) -> Option<u8> {
        let (k, id, _) = self.slots[self.find(key)];
        (k == key | SEEN).then_some(())?;
        u8::try_from(id).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use tablero_rules::rng::SplitMix64;
    use tablero_rules::{AnyGame, Setup};

    /// The PNG as the renderer wrote it before this module: the whole
    /// image drawn in RGBA, then indexed.
    fn drawn_whole(view: &BoardView, opts: &RenderOptions) -> Vec<u8> {
        let pm = crate::render_pixmap(view, opts).unwrap();
        encode::board_png(&pm, || palette::fixed(opts.game, opts.theme, view.shape)).unwrap()
    }

    fn decode(bytes: &[u8]) -> Vec<u8> {
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(png::Transformations::EXPAND);
        let mut r = d.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        buf
    }

    /// Composed boards against the whole image drawn and indexed, over 60
    /// plies of a random game of every game, both orientations (the
    /// squares' looks in many places: marks, checks, blasts, numbers,
    /// river): those of more than 256 colours are the same PNG byte for
    /// byte; the others decode to exactly the pixels drawn, as before.
    #[test]
    fn composed_boards_are_the_drawn_ones() {
        let mut mapped = BTreeMap::new();
        let mut exact = BTreeMap::new();
        let mut bytes = (0, 0);
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
                        let old = drawn_whole(&view, &opts);
                        let drawn: Vec<u8> = crate::render_pixmap(&view, &opts)
                            .unwrap()
                            .data()
                            .chunks_exact(4)
                            .flat_map(|p| [p[0], p[1], p[2]])
                            .collect();
                        let at = format!("{game} flip {flip} ply {ply}");
                        if decode(&old) == drawn {
                            assert!(decode(&png) == drawn, "{at}: not exact");
                            *exact.entry(game).or_insert(0) += 1;
                            bytes.0 += png.len();
                            bytes.1 += old.len();
                        } else {
                            assert!(png == old, "{at}: not the mapped image");
                            *mapped.entry(game).or_insert(0) += 1;
                        }
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
        eprintln!("mapped {mapped:?}\nexact {exact:?}\nexact bytes {bytes:?}");
        // The exact ones' colours come in another order: no larger in all.
        assert!(bytes.0 <= bytes.1, "{bytes:?}");
        // Chess-like boards are always mapped (their pieces bring more
        // than 256 colours); the stone games' are often exact.
        for game in [GameId::Chess, GameId::Saltador, GameId::Guadalete14] {
            assert_eq!(mapped.get(&game), Some(&120), "{game}: {mapped:?}");
        }
        for game in [GameId::Breakthrough, GameId::Empuje, GameId::Bloc] {
            assert!(exact.contains_key(&game), "{game}: {exact:?}");
        }
    }
}
