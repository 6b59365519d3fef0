//! Text: DejaVu Sans, embedded and parsed once; glyphs are rasterised once
//! per size and blended straight into the image.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use tiny_skia::{ColorU8 as Color, Pixmap};

static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// A typeface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Face {
    Regular,
    Bold,
}

fn font(face: Face) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes) = match face {
        Face::Regular => (&REGULAR, REGULAR_TTF),
        Face::Bold => (&BOLD, BOLD_TTF),
    };
    // The bytes are ours and known good; a parse failure is a build defect.
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("embedded DejaVu Sans parses"))
}

/// A rasterised glyph: coverage bytes and where they sit relative to the pen
/// position on the baseline.
struct GlyphBitmap {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: Vec<u8>,
}

type GlyphKey = (Face, GlyphId, u16);

fn glyph(face: Face, id: GlyphId, px: u16) -> Option<Arc<GlyphBitmap>> {
    static CACHE: OnceLock<Mutex<HashMap<GlyphKey, Option<Arc<GlyphBitmap>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (face, id, px);
    if let Some(g) = lock(cache).get(&key) {
        return g.clone();
    }
    let g = rasterise(face, id, px).map(Arc::new);
    lock(cache).insert(key, g.clone());
    g
}

/// Locks a cache, recovering it if another thread panicked while holding it:
/// the caches only ever gain complete entries, so they stay consistent.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn rasterise(face: Face, id: GlyphId, px: u16) -> Option<GlyphBitmap> {
    let f = font(face);
    let outlined = f.outline_glyph(id.with_scale(PxScale::from(f32::from(px))))?;
    let b = outlined.px_bounds();
    let (width, height) = (b.width() as usize, b.height() as usize);
    let mut coverage = vec![0u8; width * height];
    outlined.draw(|x, y, c| {
        let i = y as usize * width + x as usize;
        if let Some(p) = coverage.get_mut(i) {
            // Four steps of coverage read as smooth as 256 at text sizes,
            // and PNG compresses the edges far better.
            *p = ((c.clamp(0.0, 1.0) * 4.0).round() * 63.75) as u8;
        }
    });
    Some(GlyphBitmap {
        left: b.min.x as i32,
        top: b.min.y as i32,
        width,
        height,
        coverage,
    })
}

/// The glyphs of `text` that the face has, with their pen positions from 0.
fn layout(face: Face, px: u16, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let f = font(face).as_scaled(PxScale::from(f32::from(px)));
    let mut out = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if id.0 == 0 {
            continue;
        }
        if let Some(p) = prev {
            pen += f.kern(p, id);
        }
        out.push((id, pen));
        pen += f.h_advance(id);
        prev = Some(id);
    }
    (out, pen)
}

/// Whether the face can draw `ch`.
pub(crate) fn has_glyph(face: Face, ch: char) -> bool {
    font(face).glyph_id(ch).0 != 0
}

/// The width of `text` in pixels.
pub(crate) fn width(face: Face, px: u16, text: &str) -> f32 {
    #[cfg(test)]
    tests::MEASURED.with(|n| n.set(n.get() + 1));
    layout(face, px, text).1
}

/// Height of a digit or capital above the baseline, for optical centring.
pub(crate) fn cap_height(px: u16) -> f32 {
    // DejaVu Sans: cap height 0.729 em.
    f32::from(px) * 0.729
}

/// `text` cut with an ellipsis so that it fits in `max` pixels: the
/// longest prefix that fits, found by halving (a long name costs a few
/// dozen measurements, not one per character).
pub(crate) fn fit(face: Face, px: u16, text: &str, max: f32) -> String {
    if width(face, px, text) <= max {
        return text.to_string();
    }
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let cut = |n: usize| text[..ends[n]].trim_end().to_string() + "…";
    // `lo` characters fit (none always "fits": the caller gets "" when not
    // even the ellipsis does); `hi` do not (the whole text does not).
    let (mut lo, mut hi) = (0, ends.len());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if width(face, px, &cut(mid)) <= max {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    if lo == 0 && width(face, px, "…") > max {
        return String::new();
    }
    cut(lo)
}

/// A face, size in pixels and colour to write in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub face: Face,
    pub px: u16,
    pub color: Color,
}

impl Style {
    pub(crate) const fn new(face: Face, px: u16, color: Color) -> Style {
        Style { face, px, color }
    }
}

/// How text is placed horizontally relative to `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// Draws `text` with its baseline at `y`.
pub(crate) fn draw(pixmap: &mut Pixmap, style: Style, x: f32, y: f32, align: Align, text: &str) {
    let Style { face, px, color } = style;
    let (glyphs, w) = layout(face, px, text);
    let x0 = match align {
        Align::Left => x,
        Align::Center => x - w / 2.0,
        Align::Right => x - w,
    };
    for (id, pen) in glyphs {
        if let Some(g) = glyph(face, id, px) {
            let gx = (x0 + pen).round() as i32 + g.left;
            let gy = y.round() as i32 + g.top;
            blend(pixmap, &g, gx, gy, color);
        }
    }
}

/// Draws `text` centred on `(cx, cy)`, centring digits and capitals.
pub(crate) fn draw_centered(pixmap: &mut Pixmap, style: Style, cx: f32, cy: f32, text: &str) {
    draw(
        pixmap,
        style,
        cx,
        cy + cap_height(style.px) / 2.0,
        Align::Center,
        text,
    );
}

/// Source-over blend of a coverage bitmap in a solid colour onto the
/// premultiplied pixmap.
fn blend(pixmap: &mut Pixmap, g: &GlyphBitmap, gx: i32, gy: i32, color: Color) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let c = color.premultiply();
    let (r, gr, b, a) = (
        u32::from(c.red()),
        u32::from(c.green()),
        u32::from(c.blue()),
        u32::from(c.alpha()),
    );
    let data = pixmap.data_mut();
    for row in 0..g.height as i32 {
        let y = gy + row;
        if y < 0 || y >= ph {
            continue;
        }
        for col in 0..g.width as i32 {
            let x = gx + col;
            if x < 0 || x >= pw {
                continue;
            }
            let cov = u32::from(g.coverage[row as usize * g.width + col as usize]);
            if cov == 0 {
                continue;
            }
            let i = (y * pw + x) as usize * 4;
            // Source scaled by coverage, then source-over.
            let sa = a * cov / 255;
            let inv = 255 - sa;
            let px = &mut data[i..i + 4];
            px[0] = ((r * cov / 255) + u32::from(px[0]) * inv / 255) as u8;
            px[1] = ((gr * cov / 255) + u32::from(px[1]) * inv / 255) as u8;
            px[2] = ((b * cov / 255) + u32::from(px[2]) * inv / 255) as u8;
            px[3] = (sa + u32::from(px[3]) * inv / 255) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// How many texts `width` measured on this thread.
        pub(super) static MEASURED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// The longest prefix that fits, one character at a time (what `fit`
    /// did before it halved).
    fn fit_slowly(face: Face, px: u16, text: &str, max: f32) -> String {
        if width(face, px, text) <= max {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let s = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if width(face, px, &s) <= max {
                return s;
            }
        }
        String::new()
    }

    #[test]
    fn fitting_halves_and_cuts_where_cutting_one_by_one_did() {
        for (text, max) in [
            ("Ana", 200.0),
            ("Anastasia Pérez de la Fuente y Mondéjar", 120.0),
            ("ab  cd", 30.0),
            ("W", 1.0),
            ("ñandú ñandú ñandú", 60.0),
        ] {
            assert_eq!(
                fit(Face::Bold, 19, text, max),
                fit_slowly(Face::Bold, 19, text, max),
                "{text} in {max}"
            );
        }
        let long = "x".repeat(20_000);
        MEASURED.with(|n| n.set(0));
        let cut = fit(Face::Bold, 19, &long, 150.0);
        let measured = MEASURED.with(std::cell::Cell::get);
        assert!(measured <= 2 + 16, "{measured} measurements");
        assert!(cut.ends_with('…') && width(Face::Bold, 19, &cut) <= 150.0);
    }
}
