//! Drawing the board itself: ground, last-move marks, numbers, tokens,
//! pieces and coordinates.

use tablero_rules::{BoardView, Cell, CellView, HighlightKind, Terrain};
use tiny_skia::{
    GradientStop, Paint, PathBuilder, Pixmap, Point, RadialGradient, SpreadMode, Stroke,
    StrokeDash, Transform,
};

use crate::geometry::{HexGrid, Rect, SquareGrid};
use crate::paint::{
    blit, blit_centered, fill_path, fill_path_at, fill_rect, float, polygon, solid, stroke_path,
    stroke_path_at,
};
use crate::sprites::{self, Sprite};
use crate::text::{self, Align, Face, Style};
use crate::theme::{Board, GROUND, MARKS, UI, rgba};
use crate::tiles::Tile;

/// The view's cells in a grid indexed by `y * files + x`.
pub(crate) fn index(view: &BoardView, files: u8, ranks: u8) -> Vec<Option<&CellView>> {
    let mut out = vec![None; usize::from(files) * usize::from(ranks)];
    for c in &view.cells {
        if let Some(slot) = out.get_mut(c.cell.index(files)) {
            *slot = Some(c);
        }
    }
    out
}

fn kinds_at(view: &BoardView, cell: Cell) -> impl Iterator<Item = HighlightKind> + Clone + '_ {
    view.highlights
        .iter()
        .filter(move |h| h.cell == cell)
        .map(|h| h.kind)
}

/// The tint a highlight lays over its cell, if any.
fn tint(kind: HighlightKind) -> Option<tiny_skia::ColorU8> {
    match kind {
        HighlightKind::From | HighlightKind::To => Some(MARKS.moved),
        HighlightKind::Path => Some(MARKS.path),
        HighlightKind::Placed => Some(MARKS.placed),
        HighlightKind::Push => Some(MARKS.push),
        HighlightKind::Blast => Some(MARKS.blast),
        HighlightKind::Erased | HighlightKind::Check => None,
    }
}

/// Which part of a board to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Everything, in one pass.
    Both,
    /// What every position of a game at this size shares: plain squares
    /// (or hexagons), the frame and the coordinates (and, in the image's
    /// static layer, the player strips' backgrounds). Drawn once and kept.
    Static,
    /// What the position adds over the static layer: other ground, marks,
    /// pieces, numbers. Nothing of it reaches outside the cells, so drawing
    /// it over the static layer gives exactly the image of [`Layer::Both`].
    Position,
}

pub(crate) fn draw_square(
    pm: &mut Pixmap,
    view: &BoardView,
    grid: &SquareGrid,
    colors: &Board,
    wrap: bool,
    layer: Layer,
) {
    let cells = index(view, grid.files, grid.ranks);
    for y in 0..grid.ranks {
        for x in 0..grid.files {
            let cell = Cell::new(x, y);
            square(
                pm,
                view,
                cells[cell.index(grid.files)],
                cell,
                grid,
                colors,
                layer,
            );
        }
    }
    if layer != Layer::Static {
        trail(pm, view, grid);
    }
    if layer != Layer::Position {
        frame(pm, grid, colors, wrap);
        coordinates(pm, grid);
        if wrap {
            wrap_sign(pm, grid);
        }
    }
}

/// One square of `layer`: its ground, marks and contents (`cv`).
fn square(
    pm: &mut Pixmap,
    view: &BoardView,
    cv: Option<&CellView>,
    cell: Cell,
    grid: &SquareGrid,
    colors: &Board,
    layer: Layer,
) {
    let r = grid.cell_rect(cell);
    let dark = SquareGrid::is_dark(cell);
    if layer == Layer::Static {
        ground(pm, r, r.w as u32, dark, Terrain::Normal, colors);
        return;
    }
    let kinds = kinds_at(view, cell);
    let spot = Spot { r, at: (0.0, 0.0) };
    draw_cell(pm, spot, dark, cv, kinds, colors, layer == Layer::Both);
}

/// A square as it lies in the image, `r`, drawn onto a pixmap whose
/// origin is the image's pixel `at` (whole numbers): `(0, 0)` for the
/// whole image, `r`'s corner for the square alone (`compose.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spot {
    pub r: Rect,
    pub at: (f32, f32),
}

impl Spot {
    /// The square in the pixmap's coordinates.
    fn local(self) -> Rect {
        Rect::new(
            self.r.x - self.at.0,
            self.r.y - self.at.1,
            self.r.w,
            self.r.h,
        )
    }
}

/// What the position draws on the square `spot` (of the `dark` colour)
/// over its plain ground: other ground, the marks `kinds` (in their order)
/// and the contents `cv`; with `plain` the plain ground first. Nothing
/// reaches outside the square. Bitmaps, text and rectangles land on whole
/// pixels, so they are the same wherever the square lies; the paths of
/// [`cross`] and [`burst`] are computed where the square lies in the image
/// and moved by whole pixels, so that a square drawn alone is exactly the
/// square drawn in the image.
pub(crate) fn draw_cell(
    pm: &mut Pixmap,
    spot: Spot,
    dark: bool,
    cv: Option<&CellView>,
    kinds: impl Iterator<Item = HighlightKind> + Clone,
    colors: &Board,
    plain: bool,
) {
    let r = spot.local();
    let size = r.w as u32;
    let terrain = cv.map_or(Terrain::Normal, |c| c.terrain);
    // Plain ground is the static layer's.
    if plain || terrain != Terrain::Normal {
        ground(pm, r, size, dark, terrain, colors);
    }
    for kind in kinds.clone() {
        if let Some(color) = tint(kind) {
            if terrain == Terrain::Dead {
                // A tint would muddy the hatching: frame it instead.
                outline(pm, r, color);
            } else {
                fill_rect(pm, r, color);
            }
        }
    }
    if let Some(cv) = cv {
        contents(pm, kinds, cv, spot, colors);
    }
}

/// Turns `pm`, the image of the board of `before`, into the image of
/// `view`'s board: each square whose contents or marks differ is copied
/// back from `layer` (the static layer) and drawn again. `false`, leaving
/// `pm` as it was, when either view draws a trail (Barrier's L), which
/// crosses squares.
pub(crate) fn redraw_squares(
    pm: &mut Pixmap,
    layer: &Pixmap,
    before: &BoardView,
    view: &BoardView,
    grid: &SquareGrid,
    colors: &Board,
) -> bool {
    let trail = |v: &BoardView| v.highlights.iter().any(|h| h.kind == HighlightKind::Path);
    if trail(before) || trail(view) {
        return false;
    }
    let (old, new) = (
        index(before, grid.files, grid.ranks),
        index(view, grid.files, grid.ranks),
    );
    for y in 0..grid.ranks {
        for x in 0..grid.files {
            let cell = Cell::new(x, y);
            let i = cell.index(grid.files);
            // Marks in their order: tints are laid one over the other.
            if old[i] == new[i] && kinds_at(before, cell).eq(kinds_at(view, cell)) {
                continue;
            }
            let r = grid.cell_rect(cell);
            copy_rect(layer, pm, r);
            square(pm, view, new[i], cell, grid, colors, Layer::Position);
        }
    }
    true
}

/// Copies the pixel-aligned rectangle `r` of `from` into `to` (images of
/// one size).
pub(crate) fn copy_rect(from: &Pixmap, to: &mut Pixmap, r: Rect) {
    let width = from.width() as usize;
    let (x0, y0) = (r.x.max(0.0) as usize, r.y.max(0.0) as usize);
    let x1 = (r.right().max(0.0) as usize).min(width);
    let y1 = (r.bottom().max(0.0) as usize).min(from.height() as usize);
    if x0 >= x1 {
        return;
    }
    for y in y0..y1 {
        let span = (y * width + x0) * 4..(y * width + x1) * 4;
        to.data_mut()[span.clone()].copy_from_slice(&from.data()[span]);
    }
}

fn ground(pm: &mut Pixmap, r: Rect, size: u32, dark: bool, terrain: Terrain, colors: &Board) {
    let tile = match terrain {
        Terrain::Normal => {
            fill_rect(pm, r, if dark { colors.dark } else { colors.light });
            return;
        }
        Terrain::River => Tile::River { dark },
        Terrain::Plank => Tile::Plank { dark },
        Terrain::Dead => Tile::Dead { dark },
    };
    blit(pm, &sprites::get(Sprite::Tile(tile), size), r.x, r.y);
}

/// Everything standing on a square: numbers, tokens, pieces, marks (the
/// square's highlights `kinds`).
fn contents(
    pm: &mut Pixmap,
    kinds: impl Iterator<Item = HighlightKind> + Clone,
    cv: &CellView,
    spot: Spot,
    colors: &Board,
) {
    let r = spot.local();
    let size = r.w as u32;
    let s = r.w;
    let (cx, cy) = r.center();
    if kinds.clone().any(|k| k == HighlightKind::Check) {
        check_glow(pm, r);
    }
    if let Some(n) = cv.number {
        let double = n / 10 == n % 10;
        let color = if double {
            colors.number_double
        } else {
            colors.number
        };
        let label = format!("{n:02}");
        if cv.piece.is_some() {
            let px = (s * 0.2).max(9.0) as u16;
            text::draw(
                pm,
                Style::new(Face::Bold, px, color),
                r.x + s * 0.06,
                r.y + s * 0.06 + text::cap_height(px),
                Align::Left,
                &label,
            );
        } else {
            let face = if double { Face::Bold } else { Face::Regular };
            text::draw_centered(
                pm,
                Style::new(face, (s * 0.4) as u16, color),
                cx,
                cy,
                &label,
            );
            if double {
                // Doubles let the lander erase another double: underline them.
                let w = text::width(face, (s * 0.4) as u16, &label);
                let ul = Rect::new(cx - w / 2.0, cy + s * 0.2, w, (s * 0.045).max(1.5));
                fill_rect(pm, ul, color);
            }
        }
    }
    if cv.token {
        blit(pm, &sprites::get(Sprite::Token, size), r.x, r.y);
    }
    if let Some(p) = cv.piece {
        blit(
            pm,
            &sprites::get(Sprite::Piece(p.kind, p.color), size),
            r.x,
            r.y,
        );
        if cv.marker {
            blit(pm, &sprites::get(Sprite::Marker, size), r.x, r.y);
        }
    }
    for kind in kinds {
        match kind {
            HighlightKind::Erased => cross(pm, spot.r, spot.at),
            HighlightKind::Blast if cv.piece.is_none() => burst(pm, spot.r, spot.at),
            _ => {}
        }
    }
}

/// The way a piece went when the move names the squares it passed
/// (Barrier's L): a line from the start through each step to the end.
fn trail(pm: &mut Pixmap, view: &BoardView, grid: &SquareGrid) {
    let of = |k: HighlightKind| {
        view.highlights
            .iter()
            .filter(move |h| h.kind == k)
            .map(|h| h.cell)
    };
    let (Some(from), Some(to)) = (of(HighlightKind::From).next(), of(HighlightKind::To).next())
    else {
        return;
    };
    let mut rest: Vec<Cell> = of(HighlightKind::Path).collect();
    if rest.is_empty() {
        return;
    }
    // Walk from the start, each time to the path square beside the last.
    let mut way = vec![from];
    while !rest.is_empty() {
        let last = way[way.len() - 1];
        let next = rest
            .iter()
            .position(|c| c.x.abs_diff(last.x) + c.y.abs_diff(last.y) == 1)
            .unwrap_or(0);
        way.push(rest.swap_remove(next));
    }
    way.push(to);
    let pts: Vec<(f32, f32)> = way.iter().map(|&c| grid.cell_rect(c).center()).collect();
    let mut pb = PathBuilder::new();
    pb.move_to(pts[0].0, pts[0].1);
    for p in &pts[1..] {
        pb.line_to(p.0, p.1);
    }
    let w = grid.size * 0.07;
    if let Some(p) = pb.finish() {
        stroke_path(pm, &p, rgba(0x1b5e20, 0xb0), w);
    }
    let (sx, sy) = pts[0];
    if let Some(dot) = PathBuilder::from_circle(sx, sy, w * 1.3) {
        fill_path(pm, &dot, rgba(0x1b5e20, 0xd0));
    }
}

/// A frame just inside a square, in an opaque version of `color`.
fn outline(pm: &mut Pixmap, r: Rect, color: tiny_skia::ColorU8) {
    let t = (r.w * 0.08).max(2.0);
    let c = tiny_skia::ColorU8::from_rgba(color.red(), color.green(), color.blue(), 0xff);
    for side in [
        Rect::new(r.x, r.y, r.w, t),
        Rect::new(r.x, r.bottom() - t, r.w, t),
        Rect::new(r.x, r.y + t, t, r.h - 2.0 * t),
        Rect::new(r.right() - t, r.y + t, t, r.h - 2.0 * t),
    ] {
        fill_rect(pm, side, c);
    }
}

/// A red glow under a king in check, as on lichess.
fn check_glow(pm: &mut Pixmap, r: Rect) {
    let (cx, cy) = r.center();
    let red = MARKS.check;
    let stops = vec![
        GradientStop::new(0.0, float(red)),
        GradientStop::new(0.3, float(red)),
        GradientStop::new(1.0, float(rgba(0xa90000, 0))),
    ];
    let Some(shader) = RadialGradient::new(
        Point::from_xy(cx, cy),
        0.0,
        Point::from_xy(cx, cy),
        r.w * 0.62,
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    ) else {
        return;
    };
    let paint = Paint {
        shader,
        anti_alias: false,
        ..Paint::default()
    };
    if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
        pm.fill_rect(rect, &paint, Transform::identity(), None);
    }
}

/// A red cross over the square `r` (where it lies in the image) a move
/// erased, drawn onto a part of the image whose origin is the image's
/// pixel `at`.
fn cross(pm: &mut Pixmap, r: Rect, at: (f32, f32)) {
    let i = r.inset(r.w * 0.2);
    let mut pb = PathBuilder::new();
    pb.move_to(i.x, i.y);
    pb.line_to(i.right(), i.bottom());
    pb.move_to(i.right(), i.y);
    pb.line_to(i.x, i.bottom());
    if let Some(p) = pb.finish() {
        stroke_path_at(pm, &p, rgba(0x000000, 0x90), r.w * 0.11, at);
        stroke_path_at(pm, &p, MARKS.erased, r.w * 0.07, at);
    }
}

/// An explosion mark on the square `r` a blast emptied, drawn as
/// [`cross`].
fn burst(pm: &mut Pixmap, r: Rect, at: (f32, f32)) {
    let (cx, cy) = r.center();
    let radius = r.w * 0.36;
    let star = |outer: f32, inner: f32| {
        let pts: Vec<(f32, f32)> = (0..16)
            .map(|i| {
                let a = i as f32 * std::f32::consts::PI / 8.0;
                let rr = if i % 2 == 0 { outer } else { inner };
                (cx + rr * a.sin(), cy - rr * a.cos())
            })
            .collect();
        polygon(&pts)
    };
    if let Some(p) = star(radius, radius * 0.5) {
        fill_path_at(pm, &p, rgba(0xd84315, 0xe0), at);
    }
    if let Some(p) = star(radius * 0.6, radius * 0.3) {
        fill_path_at(pm, &p, rgba(0xffd54f, 0xf0), at);
    }
}

fn frame(pm: &mut Pixmap, grid: &SquareGrid, colors: &Board, wrap: bool) {
    let b = grid.bounds();
    let mut pb = PathBuilder::new();
    if wrap {
        // Only the sides are walls; top and bottom are a seam.
        pb.move_to(b.x - 1.0, b.y);
        pb.line_to(b.x - 1.0, b.bottom());
        pb.move_to(b.right() + 1.0, b.y);
        pb.line_to(b.right() + 1.0, b.bottom());
    } else if let Some(r) = tiny_skia::Rect::from_xywh(b.x - 1.0, b.y - 1.0, b.w + 2.0, b.h + 2.0) {
        pb.push_rect(r);
    }
    if let Some(p) = pb.finish() {
        let stroke = Stroke {
            width: 2.0,
            ..Stroke::default()
        };
        pm.stroke_path(
            &p,
            &solid(colors.border),
            &stroke,
            Transform::identity(),
            None,
        );
    }
    if wrap {
        let mut pb = PathBuilder::new();
        for y in [b.y - 2.0, b.bottom() + 2.0] {
            pb.move_to(b.x - 1.0, y);
            pb.line_to(b.right() + 1.0, y);
        }
        if let Some(p) = pb.finish() {
            let stroke = Stroke {
                width: 3.0,
                dash: StrokeDash::new(vec![10.0, 6.0], 0.0),
                ..Stroke::default()
            };
            pm.stroke_path(
                &p,
                &solid(GROUND.seam),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
}

fn coordinates(pm: &mut Pixmap, grid: &SquareGrid) {
    let b = grid.bounds();
    let px = if grid.size >= 40.0 { 15 } else { 12 };
    for x in 0..grid.files {
        let r = grid.cell_rect(Cell::new(x, 0));
        let label = char::from(b'a' + x).to_string();
        text::draw_centered(
            pm,
            Style::new(Face::Bold, px, UI.coord),
            r.center().0,
            b.bottom() + 14.0,
            &label,
        );
    }
    for y in 0..grid.ranks {
        let r = grid.cell_rect(Cell::new(0, y));
        let label = (u16::from(y) + 1).to_string();
        text::draw(
            pm,
            Style::new(Face::Bold, px, UI.coord),
            b.x - 8.0,
            r.center().1 + text::cap_height(px) / 2.0,
            Align::Right,
            &label,
        );
    }
}

/// A double-headed arrow down the right side linking the top rank with the
/// bottom one: on guadalete14 they are neighbours.
fn wrap_sign(pm: &mut Pixmap, grid: &SquareGrid) {
    let b = grid.bounds();
    let x0 = b.right() + 6.0;
    let x1 = b.right() + 26.0;
    let top = b.y + grid.size / 2.0;
    let bottom = b.bottom() - grid.size / 2.0;
    let bend = 10.0;
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + 6.0, top);
    pb.line_to(x1 - bend, top);
    pb.quad_to(x1, top, x1, top + bend);
    pb.line_to(x1, bottom - bend);
    pb.quad_to(x1, bottom, x1 - bend, bottom);
    pb.line_to(x0 + 6.0, bottom);
    if let Some(p) = pb.finish() {
        stroke_path(pm, &p, GROUND.seam, 3.5);
    }
    for y in [top, bottom] {
        if let Some(head) = polygon(&[(x0 - 2.0, y), (x0 + 10.0, y - 7.0), (x0 + 10.0, y + 7.0)]) {
            fill_path(pm, &head, GROUND.seam);
        }
    }
}

pub(crate) fn draw_hex(pm: &mut Pixmap, view: &BoardView, grid: &HexGrid, layer: Layer) {
    if layer != Layer::Position {
        hex_ground(pm, grid);
    }
    if layer != Layer::Static {
        hex_position(pm, view, grid);
    }
    if layer != Layer::Position {
        hex_coordinates(pm, grid);
    }
}

fn hex_ground(pm: &mut Pixmap, grid: &HexGrid) {
    let pitch = grid.pitch as u32;
    for y in 0..grid.rows {
        for x in 0..grid.row_len(y) {
            let cell = Cell::new(x, y);
            let (cx, cy) = grid.center(cell);
            blit_centered(
                pm,
                &sprites::get(Sprite::Tile(Tile::Hex { goal: y == 0 }), pitch),
                cx,
                cy,
            );
        }
    }
}

fn hex_position(pm: &mut Pixmap, view: &BoardView, grid: &HexGrid) {
    let stone = (grid.pitch * 0.86) as u32;
    let colors = crate::theme::board(tablero_rules::GameId::Cascades, crate::Theme::Default);
    let label_px = ((grid.pitch * 0.3) as u16).max(9);
    for h in &view.highlights {
        if let Some(color) = tint(h.kind) {
            let (cx, cy) = grid.center(h.cell);
            let pts = grid
                .corners(h.cell)
                .map(|(x, y)| (cx + (x - cx) * 0.9, cy + (y - cy) * 0.9));
            if let Some(p) = polygon(&pts) {
                fill_path(pm, &p, color);
                // A tint alone is faint on the golden goal row: ring it.
                stroke_path(pm, &p, MARKS.ring, (grid.pitch * 0.08).max(2.0));
            }
        }
    }
    for cv in &view.cells {
        let (cx, cy) = grid.center(cv.cell);
        match cv.piece {
            Some(p) => {
                blit_centered(
                    pm,
                    &sprites::get(Sprite::Piece(p.kind, p.color), stone),
                    cx,
                    cy,
                );
            }
            None => {
                text::draw_centered(
                    pm,
                    Style::new(Face::Regular, label_px, colors.hex_label),
                    cx,
                    cy,
                    &cv.cell.to_string(),
                );
            }
        }
    }
}

fn hex_coordinates(pm: &mut Pixmap, grid: &HexGrid) {
    let px = 15;
    for y in 0..grid.rows {
        let label = (u16::from(y) + 1).to_string();
        let (lx, ly) = grid.center(Cell::new(0, y));
        let (rx, _) = grid.center(Cell::new(grid.row_len(y) - 1, y));
        let base = ly + text::cap_height(px) / 2.0;
        text::draw(
            pm,
            Style::new(Face::Bold, px, UI.coord),
            lx - grid.pitch / 2.0 - 8.0,
            base,
            Align::Right,
            &label,
        );
        text::draw(
            pm,
            Style::new(Face::Bold, px, UI.coord),
            rx + grid.pitch / 2.0 + 8.0,
            base,
            Align::Left,
            &label,
        );
    }
}
