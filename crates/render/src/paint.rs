//! Thin helpers over tiny-skia for the shapes the renderer draws often.

use tiny_skia::{
    ColorU8 as Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PixmapPaint, Stroke,
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
    pm.fill_path(path, &solid(color), FillRule::Winding, Transform::identity(), None);
}

pub(crate) fn stroke_path(pm: &mut Pixmap, path: &Path, color: Color, width: f32) {
    let stroke = Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pm.stroke_path(path, &solid(color), &stroke, Transform::identity(), None);
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

/// Composites a sprite with its top-left corner at `(x, y)`.
pub(crate) fn blit(pm: &mut Pixmap, sprite: &Pixmap, x: f32, y: f32) {
    pm.draw_pixmap(
        x.round() as i32,
        y.round() as i32,
        sprite.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
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
