//! Thin helpers over tiny-skia for the shapes the renderer draws often.

use tiny_skia::{
    ColorU8 as Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, PathSegment, Pixmap,
    Point, Stroke, Transform,
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
    pm.fill_path(
        path,
        &solid(color),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

/// The stroke of the renderer's lines: round caps and joins.
fn round_stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

pub(crate) fn stroke_path(pm: &mut Pixmap, path: &Path, color: Color, width: f32) {
    let stroke = round_stroke(width);
    pm.stroke_path(path, &solid(color), &stroke, Transform::identity(), None);
}

/// `path`, drawn about a square's own origin, moved to the whole pixel
/// `(x, y)`, each point first rounded to 1/256 of a pixel. The sums are
/// then exact, and the path covers the same pixels about `(x, y)` wherever
/// that lies: a square drawn alone (`compose.rs`) is the square drawn in
/// place.
pub(crate) fn placed(path: &Path, x: f32, y: f32) -> Option<Path> {
    let at = |p: Point| {
        let snap = |v: f32| (v * 256.0).round() / 256.0;
        (snap(p.x) + x, snap(p.y) + y)
    };
    let mut pb = PathBuilder::new();
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                let (px, py) = at(p);
                pb.move_to(px, py);
            }
            PathSegment::LineTo(p) => {
                let (px, py) = at(p);
                pb.line_to(px, py);
            }
            PathSegment::QuadTo(c, p) => {
                let ((cx, cy), (px, py)) = (at(c), at(p));
                pb.quad_to(cx, cy, px, py);
            }
            PathSegment::CubicTo(c, d, p) => {
                let ((cx, cy), (dx, dy), (px, py)) = (at(c), at(d), at(p));
                pb.cubic_to(cx, cy, dx, dy, px, py);
            }
            PathSegment::Close => pb.close(),
        }
    }
    pb.finish()
}

/// Fills `path` (about a square's origin) [`placed`] at `(x, y)`.
pub(crate) fn fill_placed(pm: &mut Pixmap, path: &Path, (x, y): (f32, f32), color: Color) {
    if let Some(p) = placed(path, x, y) {
        fill_path(pm, &p, color);
    }
}

/// Strokes `path` (about a square's origin) as [`stroke_path`] does, the
/// outline [`placed`] at `(x, y)`.
pub(crate) fn stroke_placed(
    pm: &mut Pixmap,
    path: &Path,
    (x, y): (f32, f32),
    color: Color,
    width: f32,
) {
    if let Some(outline) = path.stroke(&round_stroke(width), 1.0) {
        fill_placed(pm, &outline, (x, y), color);
    }
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
