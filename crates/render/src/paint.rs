//! Thin helpers over tiny-skia for the shapes the renderer draws often.

use tiny_skia::{
    ColorU8 as Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke,
    Transform,
};

use crate::geometry::Rect;

pub(crate) fn solid(color: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(color.red(), color.green(), color.blue(), color.alpha());
    p.anti_alias = true;
    p
}

/// Fills a pixel-aligned rectangle (no anti-aliasing, so squares meet
/// without seams).
pub(crate) fn fill_rect(pm: &mut Pixmap, r: Rect, color: Color) {
    if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
        let mut paint = solid(color);
        paint.anti_alias = false;
        pm.fill_rect(rect, &paint, Transform::identity(), None);
    }
}

pub(crate) fn fill_path(pm: &mut Pixmap, path: &Path, color: Color) {
    fill_path_at(pm, path, color, (0.0, 0.0));
}

pub(crate) fn stroke_path(pm: &mut Pixmap, path: &Path, color: Color, width: f32) {
    stroke_path_at(pm, path, color, width, (0.0, 0.0));
}

/// The image's pixel `at` (whole numbers) as `pm`'s origin: `pm` holds a
/// part of the image (a square, `compose.rs`), and `path` is in the
/// image's coordinates. The path is drawn as in the whole image: its
/// points, less whole numbers, are exactly the same fractions of a pixel.
fn shift(at: (f32, f32)) -> Transform {
    Transform::from_translate(-at.0, -at.1)
}

/// [`fill_path`] onto a part of the image whose origin is the image's
/// pixel `at`.
pub(crate) fn fill_path_at(pm: &mut Pixmap, path: &Path, color: Color, at: (f32, f32)) {
    pm.fill_path(path, &solid(color), FillRule::Winding, shift(at), None);
}

/// [`stroke_path`] onto a part of the image whose origin is the image's
/// pixel `at` (the outline is computed where the path lies in the image).
pub(crate) fn stroke_path_at(
    pm: &mut Pixmap,
    path: &Path,
    color: Color,
    width: f32,
    at: (f32, f32),
) {
    let stroke = Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pm.stroke_path(path, &solid(color), &stroke, shift(at), None);
}

/// A rounded rectangle.
pub(crate) fn rounded(r: Rect, radius: f32) -> Option<Path> {
    let k = 0.552_284_8 * radius; // cubic approximation of a quarter circle
    let (l, t, rt, b) = (r.x, r.y, r.right(), r.bottom());
    let mut pb = PathBuilder::new();
    pb.move_to(l + radius, t);
    pb.line_to(rt - radius, t);
    pb.cubic_to(rt - radius + k, t, rt, t + radius - k, rt, t + radius);
    pb.line_to(rt, b - radius);
    pb.cubic_to(rt, b - radius + k, rt - radius + k, b, rt - radius, b);
    pb.line_to(l + radius, b);
    pb.cubic_to(l + radius - k, b, l, b - radius + k, l, b - radius);
    pb.line_to(l, t + radius);
    pb.cubic_to(l, t + radius - k, l + radius - k, t, l + radius, t);
    pb.close();
    pb.finish()
}

/// A closed polygon through `points`.
pub(crate) fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// Composites a sprite with its top-left corner at `(x, y)` (rounded to
/// whole pixels), source-over.
///
/// A plain loop over premultiplied bytes: sprites land on whole pixels
/// unscaled, so tiny-skia's general pattern pipeline would only add cost.
pub(crate) fn blit(pm: &mut Pixmap, sprite: &Pixmap, x: f32, y: f32) {
    let (x0, y0) = (x.round() as i64, y.round() as i64);
    let (dw, dh) = (i64::from(pm.width()), i64::from(pm.height()));
    let sw = i64::from(sprite.width());
    // The part of the sprite that lands inside the image.
    let cx0 = (-x0).clamp(0, sw);
    let cx1 = (dw - x0).clamp(0, sw);
    if cx0 >= cx1 {
        return;
    }
    let src = sprite.data();
    let dst = pm.data_mut();
    for (row, line) in src.chunks_exact(sw as usize * 4).enumerate() {
        let y = y0 + row as i64;
        if y < 0 || y >= dh {
            continue;
        }
        let s = &line[cx0 as usize * 4..cx1 as usize * 4];
        let start = ((y * dw + x0 + cx0) * 4) as usize;
        let d = &mut dst[start..start + s.len()];
        for (dp, sp) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            let a = u32::from(sp[3]);
            if a == 0 {
                continue;
            }
            if a == 255 {
                dp.copy_from_slice(sp);
                continue;
            }
            let inv = 255 - a;
            for k in 0..4 {
                dp[k] = (u32::from(sp[k]) + (u32::from(dp[k]) * inv + 127) / 255) as u8;
            }
        }
    }
}

/// Composites a sprite centred on `(cx, cy)`.
pub(crate) fn blit_centered(pm: &mut Pixmap, sprite: &Pixmap, cx: f32, cy: f32) {
    blit(
        pm,
        sprite,
        cx - sprite.width() as f32 / 2.0,
        cy - sprite.height() as f32 / 2.0,
    );
}

/// The float colour tiny-skia's shaders take.
pub(crate) fn float(c: Color) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.red(), c.green(), c.blue(), c.alpha())
}
