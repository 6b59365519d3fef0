//! Teaching marks over a board, lichess style: arrows for moves, dots where
//! a piece may go, rings round what it may take, crosses where nothing may
//! land, and a caption line under the image.
//!
//! The marks come from the rules crate ([`tablero_rules::teach::Mark`]):
//! the game (through its cards, or its legal moves) says what to mark; this
//! file only decides how a mark looks, the same on every game's board.

use tablero_rules::BoardView;
use tablero_rules::teach::Mark;
use tiny_skia::{PathBuilder, Pixmap};

use crate::geometry::Rect;
use crate::layout::{Grid, Layout};
use crate::paint::{fill_path, fill_rect, polygon, stroke_path};
use crate::text::{self, Align, Face, Style};
use crate::theme::{UI, rgba};
use crate::{RenderError, RenderOptions, encode, layout, render_pixmap};

/// Lichess's arrow green, a little transparent so the piece shows through.
const ARROW: tiny_skia::ColorU8 = rgba(0x15781b, 0xcc);
/// Dots and rings: a darker green, more transparent, as lichess's move
/// destinations.
const DEST: tiny_skia::ColorU8 = rgba(0x14551e, 0x80);
const CROSS: tiny_skia::ColorU8 = rgba(0xd32f2f, 0xe0);
const CROSS_EDGE: tiny_skia::ColorU8 = rgba(0xffffff, 0xb0);

/// Caption text size and the band that holds up to two lines of it.
const CAPTION_PX: u16 = 20;
const CAPTION_LINE: f32 = 26.0;
const CAPTION_PAD: f32 = 14.0;
const CAPTION_MAX_LINES: usize = 2;

/// Draws `view` with `marks` over the board and, when given, `caption`
/// under it (wrapped to two lines, the rest cut with an ellipsis). Without
/// marks or caption, the plain board of [`crate::render_png`]; with them,
/// exact colours (the marks' colours are not in the game's palette).
///
/// # Errors
///
/// As [`crate::render_png`]; a mark off the board is
/// [`RenderError::OffBoard`].
pub fn render_marked_png(
    view: &BoardView,
    marks: &[Mark],
    caption: Option<&str>,
    opts: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    if marks.is_empty() && caption.is_none() {
        return crate::render_png(view, opts);
    }
    encode::png(&render_marked_pixmap(view, marks, caption, opts)?)
}

/// As [`render_marked_png`], the pixels before encoding.
///
/// # Errors
///
/// As [`render_marked_png`].
pub fn render_marked_pixmap(
    view: &BoardView,
    marks: &[Mark],
    caption: Option<&str>,
    opts: &RenderOptions,
) -> Result<Pixmap, RenderError> {
    let base = render_pixmap(view, opts)?;
    let flip = opts.flip && matches!(view.shape, tablero_rules::Shape::Square { .. });
    let l = layout::layout(view.shape, flip);
    for m in marks {
        for c in cells_of(*m) {
            if !on_board(&l, c) {
                return Err(RenderError::OffBoard(c));
            }
        }
    }
    let lines = caption.map(|c| wrap(c, l.width as f32 - 2.0 * CAPTION_PAD));
    let band = lines.as_ref().map_or(0.0, |ls| {
        (ls.len() as f32 * CAPTION_LINE + 2.0 * CAPTION_PAD).ceil()
    });
    let mut pm = if band > 0.0 {
        let mut pm = Pixmap::new(base.width(), base.height() + band as u32)
            .ok_or(RenderError::Shape(view.shape))?;
        let n = base.data().len();
        pm.data_mut()[..n].copy_from_slice(base.data());
        pm
    } else {
        base
    };
    draw_marks(&mut pm, &l, marks);
    if let Some(lines) = lines {
        let top = l.height as f32;
        fill_rect(&mut pm, Rect::new(0.0, top, l.width as f32, band), UI.strip);
        fill_rect(&mut pm, Rect::new(0.0, top, l.width as f32, 3.0), UI.accent);
        for (i, line) in lines.iter().enumerate() {
            let baseline = top
                + CAPTION_PAD
                + i as f32 * CAPTION_LINE
                + (CAPTION_LINE + text::cap_height(CAPTION_PX)) / 2.0;
            text::draw(
                &mut pm,
                Style::new(Face::Regular, CAPTION_PX, UI.text),
                l.width as f32 / 2.0,
                baseline,
                Align::Center,
                line,
            );
        }
    }
    Ok(pm)
}

fn cells_of(m: Mark) -> Vec<tablero_rules::Cell> {
    match m {
        Mark::Arrow { from, to } => vec![from, to],
        Mark::Dot(c) | Mark::Ring(c) | Mark::Cross(c) => vec![c],
    }
}

fn on_board(l: &Layout, c: tablero_rules::Cell) -> bool {
    match &l.grid {
        Grid::Square(g) => c.within(g.files, g.ranks),
        Grid::Hex(g) => g.contains(c),
    }
}

/// A cell's centre and its size (a square's side, a hexagon's width).
fn spot(l: &Layout, c: tablero_rules::Cell) -> (f32, f32, f32) {
    match &l.grid {
        Grid::Square(g) => {
            let (x, y) = g.cell_rect(c).center();
            (x, y, g.size)
        }
        Grid::Hex(g) => {
            let (x, y) = g.center(c);
            (x, y, g.pitch)
        }
    }
}

/// Dots, rings and crosses first, arrows over them, as a teacher draws.
fn draw_marks(pm: &mut Pixmap, l: &Layout, marks: &[Mark]) {
    for m in marks {
        match *m {
            Mark::Dot(c) => {
                let (x, y, s) = spot(l, c);
                if let Some(p) = PathBuilder::from_circle(x, y, s * 0.16) {
                    fill_path(pm, &p, DEST);
                }
            }
            Mark::Ring(c) => {
                let (x, y, s) = spot(l, c);
                if let Some(p) = PathBuilder::from_circle(x, y, s * 0.43) {
                    stroke_path(pm, &p, DEST, s * 0.09);
                }
            }
            Mark::Cross(c) => {
                let (x, y, s) = spot(l, c);
                let d = s * 0.22;
                let mut pb = PathBuilder::new();
                pb.move_to(x - d, y - d);
                pb.line_to(x + d, y + d);
                pb.move_to(x + d, y - d);
                pb.line_to(x - d, y + d);
                if let Some(p) = pb.finish() {
                    stroke_path(pm, &p, CROSS_EDGE, s * 0.15);
                    stroke_path(pm, &p, CROSS, s * 0.09);
                }
            }
            Mark::Arrow { .. } => {}
        }
    }
    for m in marks {
        if let Mark::Arrow { from, to } = *m {
            let (x0, y0, s) = spot(l, from);
            let (x1, y1, _) = spot(l, to);
            if let Some(p) = arrow_path((x0, y0), (x1, y1), s) {
                fill_path(pm, &p, ARROW);
            }
        }
    }
}

/// One closed outline (shaft and head together, so the transparent colour
/// is laid once) from `a` to the tip at `b`.
fn arrow_path(a: (f32, f32), b: (f32, f32), s: f32) -> Option<tiny_skia::Path> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let shaft = s * 0.09;
    let head_w = s * 0.24;
    let head_len = (s * 0.42).min(len * 0.6);
    // Start a little off the origin's centre, as lichess does, so the
    // piece that moves stays readable.
    let start = (s * 0.2).min(len * 0.2);
    let (sx, sy) = (a.0 + ux * start, a.1 + uy * start);
    let (hx, hy) = (b.0 - ux * head_len, b.1 - uy * head_len);
    polygon(&[
        (sx + nx * shaft, sy + ny * shaft),
        (hx + nx * shaft, hy + ny * shaft),
        (hx + nx * head_w, hy + ny * head_w),
        b,
        (hx - nx * head_w, hy - ny * head_w),
        (hx - nx * shaft, hy - ny * shaft),
        (sx - nx * shaft, sy - ny * shaft),
    ])
}

/// Cuts `caption` into at most two lines that fit `max` pixels, at spaces;
/// what does not fit is cut with an ellipsis.
fn wrap(caption: &str, max: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let words: Vec<&str> = caption.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let candidate = if line.is_empty() {
            words[i].to_string()
        } else {
            format!("{line} {}", words[i])
        };
        if line.is_empty() || text::width(Face::Regular, CAPTION_PX, &candidate) <= max {
            line = candidate;
            i += 1;
        } else if lines.len() + 1 == CAPTION_MAX_LINES {
            break;
        } else {
            lines.push(std::mem::take(&mut line));
        }
    }
    if i < words.len() {
        line = format!("{line} {}", words[i..].join(" "));
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(text::fit(Face::Regular, CAPTION_PX, &line, max));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_captions_keep_one_line_and_long_ones_two() {
        assert_eq!(wrap("one step forward", 600.0), vec!["one step forward"]);
        let long = "word ".repeat(60);
        let lines = wrap(&long, 600.0);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        for l in &lines {
            assert!(text::width(Face::Regular, CAPTION_PX, l) <= 600.0);
        }
        assert_eq!(wrap("", 600.0), vec![String::new()]);
    }
}
