//! Board images for Tablero: a [`BoardView`] in, PNG bytes out.
//!
//! Rendering is a pure function of the view and the [`RenderOptions`]: it
//! never sees a playable position, a chat or a file. The art (cburnett chess
//! pieces, Tablero's own icons, DejaVu Sans) is embedded in the binary and
//! rasterised once per size; each image then only composites bitmaps, draws
//! a few shapes and encodes a PNG. A board's PNG ([`render_png`]) is mostly
//! not even drawn: its static layer and each square as it looks are kept
//! already in palette indices, and only the text above and below the board
//! is drawn (`compose.rs`).
//!
//! ```
//! use tablero_render::{RenderOptions, render_png};
//! use tablero_rules::{AnyGame, GameId, Setup};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let mut game = AnyGame::new(GameId::Chess, &Setup::default())?;
//! game.play("e4")?;
//! let mut opts = RenderOptions::new(GameId::Chess);
//! opts.players = ["Ana".into(), "Bo".into()];
//! let png = render_png(&game.view(), &opts)?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok(())
//! # }
//! ```

mod areas;
mod board;
mod compose;
mod diff;
mod encode;
mod eval;
pub mod geometry;
mod layout;
mod lzw;
mod marks;
mod paint;
mod palette;
mod replay;
mod sprites;
mod stats;
mod strip;
mod text;
mod theme;
mod tiles;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use tablero_rules::{BoardView, Cell, GameId, Lang, Shape, Side};
use tiny_skia::Pixmap;

pub use areas::{CellArea, CellAreas, cell_areas};
pub use eval::{EvalChartOptions, EvalMark, MAX_EVAL_POINTS, render_eval_chart};
pub use marks::{render_marked_pixmap, render_marked_png};
pub use replay::{
    BAND_DELAY_CS, FIRST_DELAY_CS, LAST_DELAY_CS, MAX_FRAMES, MOVE_DELAY_CS, render_replay,
};
pub use stats::{
    ChartOptions, Column, ColumnAlign, MAX_CHART_POINTS, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS,
    RatingPoint, TableOptions, TableRow, render_rating_chart, render_table,
};
pub use theme::Theme;

use board::Layer;
use layout::{Grid, Layout};

/// How to draw a board, beyond what the view says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// The game, for its name, side names and look.
    pub game: GameId,
    /// Draw the board from the second player's side. Cascades has no sides
    /// to its board (both players play downwards) and ignores this.
    pub flip: bool,
    /// The players' names by [`Side::index`]; empty for none.
    pub players: [String; 2],
    pub lang: Lang,
    pub theme: Theme,
}

impl RenderOptions {
    /// Options for `game`: unflipped, no names, English, default theme.
    #[must_use]
    pub fn new(game: GameId) -> RenderOptions {
        RenderOptions {
            game,
            flip: false,
            players: [String::new(), String::new()],
            lang: Lang::En,
            theme: Theme::Default,
        }
    }
}

/// Why a view could not be drawn. A view a game produced never fails; these
/// catch malformed views.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// The board shape is empty or larger than any game uses (at most 26
    /// files, 30 ranks, 19 hex rows).
    Shape(Shape),
    /// A cell or highlight lies outside the board.
    OffBoard(Cell),
    /// A cell is described twice.
    Duplicate(Cell),
    /// A Knight Fight number above 99.
    Number { cell: Cell, number: u8 },
    /// The PNG or GIF encoder failed.
    Encode(String),
    /// A replay needs at least one view.
    NoFrames,
    /// View `index` of a replay draws at another size than the first.
    FrameSize { index: usize },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Shape(s) => write!(f, "cannot draw a board of shape {s:?}"),
            RenderError::OffBoard(c) => write!(f, "cell {c:?} is off the board"),
            RenderError::Duplicate(c) => write!(f, "cell {c:?} is described twice"),
            RenderError::Number { cell, number } => {
                write!(f, "cell {cell:?} has number {number}, above 99")
            }
            RenderError::Encode(e) => write!(f, "image encoding failed: {e}"),
            RenderError::NoFrames => write!(f, "a replay needs at least one position"),
            RenderError::FrameSize { index } => {
                write!(f, "position {index} of the replay has another board size")
            }
        }
    }
}

impl std::error::Error for RenderError {}

/// Draws `view` as a PNG image: indexed, in exactly its colours when it
/// has at most 256, else in its game's fixed palette (each colour the
/// nearest entry; the theme's colours are exact). Composed from kept parts
/// where it can be (square boards), else drawn whole and indexed: the same
/// pixels either way.
///
/// # Errors
///
/// [`RenderError`] when the view is malformed (cells off the board, cells
/// twice, an impossible shape) or encoding fails.
pub fn render_png(view: &BoardView, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    validate(view)?;
    let flip = opts.flip && matches!(view.shape, Shape::Square { .. });
    if let Some(png) = compose::png(view, opts, &layout::layout(view.shape, flip))? {
        return Ok(png);
    }
    let pm = render_pixmap(view, opts)?;
    encode::board_png(&pm, || palette::fixed(opts.game, opts.theme, view.shape))
}

/// Draws `view` into an RGBA pixmap (opaque, so premultiplied is plain).
///
/// # Errors
///
/// As [`render_png`], less encoding.
pub fn render_pixmap(view: &BoardView, opts: &RenderOptions) -> Result<Pixmap, RenderError> {
    validate(view)?;
    let flip = opts.flip && matches!(view.shape, Shape::Square { .. });
    let l = layout::layout(view.shape, flip);
    let mut pm = (*static_layer(view, opts, &l)?).clone();
    draw(&mut pm, view, opts, &l, Layer::Position);
    Ok(pm)
}

/// The background with the board's static layer ([`Layer::Static`]) for
/// `opts`' game and theme and `view`'s shape, drawn once and kept (up to
/// [`MAX_LAYERS`] of them: the games' shapes and orientations).
fn static_layer(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
) -> Result<Arc<Pixmap>, RenderError> {
    type Key = (GameId, Theme, Shape, bool);
    type Cache = Mutex<HashMap<Key, Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (
        opts.game,
        opts.theme,
        view.shape,
        matches!(l.grid, Grid::Square(g) if g.flip),
    );
    let cache = CACHE.get_or_init(Default::default);
    if let Some(pm) = text::lock(cache).get(&key) {
        return Ok(pm.clone());
    }
    let pm = Arc::new(blank(view, opts, l, Layer::Static)?);
    let mut cache = text::lock(cache);
    if cache.len() < MAX_LAYERS {
        cache.insert(key, pm.clone());
    }
    Ok(pm)
}

/// Static layers kept at most: each is one image's pixels (2 MB for a chess
/// board), and the games draw about twenty shapes and orientations.
const MAX_LAYERS: usize = 32;

/// The background with `layer` of the board drawn on it.
fn blank(
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
    layer: Layer,
) -> Result<Pixmap, RenderError> {
    // The layout bounds the size; a failure here is a layout bug.
    let mut pm = Pixmap::new(l.width, l.height).ok_or(RenderError::Shape(view.shape))?;
    pm.fill(paint::float(theme::UI.background));
    if layer == Layer::Static {
        draw_board(&mut pm, view, opts, l, layer);
    }
    if layer != Layer::Position {
        strip::background(&mut pm, l.top_player);
        strip::background(&mut pm, l.bottom_player);
    }
    Ok(pm)
}

fn draw_board(pm: &mut Pixmap, view: &BoardView, opts: &RenderOptions, l: &Layout, layer: Layer) {
    let colors = theme::board(opts.game, opts.theme);
    match &l.grid {
        Grid::Square(g) => board::draw_square(pm, view, g, &colors, l.wrap, layer),
        Grid::Hex(g) => board::draw_hex(pm, view, g, layer),
    }
}

fn draw(pm: &mut Pixmap, view: &BoardView, opts: &RenderOptions, l: &Layout, layer: Layer) {
    draw_board(pm, view, opts, l, layer);
    draw_text(pm, view, opts, l);
}

/// Turns `pm`, the image of `before` drawn with `opts`, into exactly the
/// image [`render_pixmap`] draws of `view`: only the squares whose
/// contents or marks differ are drawn again (from the static layer up),
/// and the bands of text above and below the board. The whole position
/// layer is drawn again on hexagons (their tiles overlap), when a trail
/// crosses squares, or when the board's shape changed. For replays, whose
/// positions differ in a few squares.
pub(crate) fn redraw(
    pm: &mut Pixmap,
    before: &BoardView,
    view: &BoardView,
    opts: &RenderOptions,
) -> Result<(), RenderError> {
    validate(view)?;
    let flip = opts.flip && matches!(view.shape, Shape::Square { .. });
    let l = layout::layout(view.shape, flip);
    if before.shape != view.shape || (pm.width(), pm.height()) != (l.width, l.height) {
        *pm = render_pixmap(view, opts)?;
        return Ok(());
    }
    let layer = static_layer(view, opts, &l)?;
    let squares = match &l.grid {
        Grid::Square(g) => {
            let colors = theme::board(opts.game, opts.theme);
            board::redraw_squares(pm, &layer, before, view, g, &colors)
        }
        Grid::Hex(_) => false,
    };
    if !squares {
        pm.data_mut().copy_from_slice(layer.data());
        draw(pm, view, opts, &l, Layer::Position);
        return Ok(());
    }
    let width = l.width as f32;
    for band in [Band::Top, Band::Bottom] {
        let rows = band.rows(&l);
        let r = geometry::Rect::new(
            0.0,
            rows.start as f32,
            width,
            (rows.end - rows.start) as f32,
        );
        board::copy_rect(&layer, pm, r);
    }
    draw_text(pm, view, opts, &l);
    Ok(())
}

/// The header, the player strips and the footer.
fn draw_text(pm: &mut Pixmap, view: &BoardView, opts: &RenderOptions, l: &Layout) {
    draw_strips(pm, view, opts, l, Band::Top, 0.0);
    draw_strips(pm, view, opts, l, Band::Bottom, 0.0);
}

/// The rows above or below the board that hold text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Band {
    /// The header and the top player's strip.
    Top,
    /// The bottom player's strip and the footer.
    Bottom,
}

impl Band {
    /// The band's rows of an image of layout `l`: everything
    /// [`draw_strips`] draws lies in them, and nothing of the board.
    pub(crate) fn rows(self, l: &Layout) -> std::ops::Range<usize> {
        match self {
            Band::Top => 0..l.top_player.bottom().ceil() as usize,
            Band::Bottom => l.bottom_player.y.floor() as usize..l.height as usize,
        }
    }
}

/// The text of `band`, drawn `dy` pixels lower than in the image (a whole
/// number: onto a pixmap of the band's rows alone).
pub(crate) fn draw_strips(
    pm: &mut Pixmap,
    view: &BoardView,
    opts: &RenderOptions,
    l: &Layout,
    band: Band,
    dy: f32,
) {
    let flip = matches!(l.grid, Grid::Square(g) if g.flip);
    let (top, bottom) = if flip {
        (Side::First, Side::Second)
    } else {
        (Side::Second, Side::First)
    };
    let at = |r: geometry::Rect| geometry::Rect::new(r.x, r.y + dy, r.w, r.h);
    match band {
        Band::Top => {
            strip::header(pm, at(l.header), view, opts);
            strip::player(pm, at(l.top_player), top, view, opts);
        }
        Band::Bottom => {
            strip::player(pm, at(l.bottom_player), bottom, view, opts);
            strip::footer(pm, at(l.footer), view, opts);
        }
    }
}

/// Checks that the view describes a drawable board.
fn validate(view: &BoardView) -> Result<(), RenderError> {
    let on_board: Box<dyn Fn(Cell) -> bool> = match view.shape {
        Shape::Square { files, ranks, .. } => {
            if !(1..=26).contains(&files) || !(1..=30).contains(&ranks) {
                return Err(RenderError::Shape(view.shape));
            }
            Box::new(move |c: Cell| c.within(files, ranks))
        }
        Shape::HexTrapezoid { rows } => {
            if !(1..=19).contains(&rows) {
                return Err(RenderError::Shape(view.shape));
            }
            Box::new(move |c: Cell| c.y < rows && c.x < Shape::hex_row_len(rows, c.y))
        }
    };
    let mut seen = HashSet::with_capacity(view.cells.len());
    for c in &view.cells {
        if !on_board(c.cell) {
            return Err(RenderError::OffBoard(c.cell));
        }
        if !seen.insert(c.cell) {
            return Err(RenderError::Duplicate(c.cell));
        }
        if let Some(n) = c.number.filter(|&n| n > 99) {
            return Err(RenderError::Number {
                cell: c.cell,
                number: n,
            });
        }
    }
    if let Some(h) = view.highlights.iter().find(|h| !on_board(h.cell)) {
        return Err(RenderError::OffBoard(h.cell));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::rng::SplitMix64;
    use tablero_rules::{AnyGame, Setup};

    /// The image drawn in one pass, without the static layer.
    fn whole(view: &BoardView, opts: &RenderOptions) -> Pixmap {
        let flip = opts.flip && matches!(view.shape, Shape::Square { .. });
        let l = layout::layout(view.shape, flip);
        let mut pm = blank(view, opts, &l, Layer::Both).unwrap();
        draw(&mut pm, view, opts, &l, Layer::Both);
        pm
    }

    #[test]
    fn redrawing_what_changed_gives_the_whole_image() {
        for game in GameId::ALL {
            for flip in [false, true] {
                let mut rng = SplitMix64::new(7);
                let opts = RenderOptions {
                    flip,
                    players: ["Ana".into(), "Bo".into()],
                    ..RenderOptions::new(game)
                };
                let mut g = AnyGame::new(game, &Setup::default()).unwrap();
                let mut views = vec![g.view()];
                for _ in 0..60 {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    g.play(&moves[rng.below(moves.len() as u64) as usize])
                        .unwrap();
                    views.push(g.view());
                }
                // One position on and two on (as replays redraw), and back
                // from the end to the start.
                let mut pairs: Vec<(usize, usize)> = (1..views.len()).map(|i| (i - 1, i)).collect();
                pairs.extend((2..views.len()).map(|i| (i - 2, i)));
                pairs.push((views.len() - 1, 0));
                for (from, to) in pairs {
                    let mut pm = render_pixmap(&views[from], &opts).unwrap();
                    redraw(&mut pm, &views[from], &views[to], &opts).unwrap();
                    let whole = render_pixmap(&views[to], &opts).unwrap();
                    assert!(
                        pm.data() == whole.data(),
                        "{game} flip {flip}: {from} → {to}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_static_layer_changes_no_pixel() {
        for game in GameId::ALL {
            let mut rng = SplitMix64::new(41);
            let mut g = AnyGame::new(game, &Setup::default()).unwrap();
            for ply in 0..40 {
                for flip in [false, true] {
                    let opts = RenderOptions {
                        flip,
                        players: ["Ana".into(), "Bo".into()],
                        ..RenderOptions::new(game)
                    };
                    let view = g.view();
                    let layered = render_pixmap(&view, &opts).unwrap();
                    assert!(
                        layered.data() == whole(&view, &opts).data(),
                        "{game} ply {ply} flip {flip}"
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
}
