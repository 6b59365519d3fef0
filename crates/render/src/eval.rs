//! The evaluation chart of a reviewed game: the first player's chance of
//! winning after every move, from 0 to 100 %, with the moves that changed
//! the game marked. Drawn like the rating chart (`stats.rs`: the same
//! canvas, title block, plot, grid, labels and colours); every word on it
//! is the caller's.

use tiny_skia::{PathBuilder, Pixmap};

use crate::RenderError;
use crate::encode;
use crate::geometry::Rect;
use crate::paint::{fill_path, fill_rect, stroke_path};
use crate::stats::{BAND, GRID, LINE, chart_canvas, chart_label, clean, gold_point};
use crate::text::{self, Align, Face};
use crate::theme::UI;

/// A chart shows at most this many positions: the first ones.
pub const MAX_EVAL_POINTS: usize = 2000;

/// A move marked on an evaluation chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalMark {
    /// The position it led to: 1 is the position after the first move.
    pub index: usize,
    /// Written beside the mark, say `3. Qxe5+`.
    pub label: String,
}

/// The texts and size of an evaluation chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalChartOptions {
    /// The first line, say `Review of game #3 · Chess`.
    pub title: String,
    /// The second line, say `ana (White) against bo (Black) · 1–0`.
    pub subtitle: String,
    /// Written at the top of the plot: whose chances go up (`ana wins`).
    pub top: String,
    /// Written at the bottom of the plot: `bo wins`.
    pub bottom: String,
    /// Under the plot: what the horizontal axis counts (`moves`).
    pub axis: String,
    /// Under the plot's right end: the last point's count as the game
    /// counts moves (`24` for a 47-ply chess game); empty for the number
    /// of points after the first.
    pub end: String,
    pub width: u32,
    pub height: u32,
}

impl EvalChartOptions {
    /// A 720×420 chart (the rating chart's size) with these texts.
    #[must_use]
    pub fn new(title: &str, subtitle: &str) -> EvalChartOptions {
        EvalChartOptions {
            title: title.to_string(),
            subtitle: subtitle.to_string(),
            top: String::new(),
            bottom: String::new(),
            axis: String::new(),
            end: String::new(),
            width: 720,
            height: 420,
        }
    }
}

/// Where positions and chances go on the plot.
struct Scale {
    plot: Rect,
    n: usize,
}

impl Scale {
    fn x(&self, i: usize) -> f32 {
        if self.n <= 1 {
            self.plot.center().0
        } else {
            self.plot.x + self.plot.w * i as f32 / (self.n - 1) as f32
        }
    }

    fn y(&self, chance: f64) -> f32 {
        self.plot.bottom() - self.plot.h * chance.clamp(0.0, 1.0) as f32
    }
}

/// Draws `values` (the first player's chance of winning in each position,
/// 0 to 1, the start first; a non-finite value is drawn as even) as a
/// line over the 50 % line with the area between them shaded, the
/// `marks` as gold points with their labels, the move count at both ends.
///
/// # Errors
///
/// [`RenderError::Encode`] if PNG encoding fails.
pub fn render_eval_chart(
    values: &[f64],
    marks: &[EvalMark],
    opts: &EvalChartOptions,
) -> Result<Vec<u8>, RenderError> {
    let (mut pm, plot) = chart_canvas(opts.width, opts.height, &opts.title, &opts.subtitle)?;
    let pts: Vec<f64> = values
        .iter()
        .take(MAX_EVAL_POINTS)
        .map(|v| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.5
            }
        })
        .collect();
    let s = Scale { plot, n: pts.len() };
    grid(&mut pm, &s);
    sides(&mut pm, &s, opts);
    if !pts.is_empty() {
        area_and_line(&mut pm, &s, &pts);
        for m in marks.iter().filter(|m| m.index < pts.len()) {
            mark(&mut pm, &s, pts[m.index], m);
        }
    }
    ends(&mut pm, &s, opts);
    encode::png(&pm)
}

/// Grid lines at every quarter, labelled in per cent; the middle one
/// (even chances) brighter.
fn grid(pm: &mut Pixmap, s: &Scale) {
    for q in 0..=4 {
        let chance = f64::from(q) / 4.0;
        let y = s.y(chance).round() + 0.5;
        let (line, thick) = if q == 2 { (UI.muted, 2.0) } else { (GRID, 1.0) };
        fill_rect(
            pm,
            Rect::new(s.plot.x, y - thick / 2.0, s.plot.w, thick),
            line,
        );
        text::draw(
            pm,
            chart_label(),
            s.plot.x - 16.0,
            y + text::cap_height(14) / 2.0,
            Align::Right,
            &format!("{}%", q * 25),
        );
    }
}

/// Whose chances the top and the bottom of the plot are.
fn sides(pm: &mut Pixmap, s: &Scale, opts: &EvalChartOptions) {
    let max = s.plot.w - 16.0;
    let style = chart_label();
    let top = text::fit(Face::Regular, 14, &clean(&opts.top), max);
    text::draw(
        pm,
        style,
        s.plot.x + 8.0,
        s.plot.y + 8.0 + text::cap_height(14),
        Align::Left,
        &top,
    );
    let bottom = text::fit(Face::Regular, 14, &clean(&opts.bottom), max);
    text::draw(
        pm,
        style,
        s.plot.x + 8.0,
        s.plot.bottom() - 8.0,
        Align::Left,
        &bottom,
    );
}

/// The shaded area between the line and even chances, then the line.
fn area_and_line(pm: &mut Pixmap, s: &Scale, pts: &[f64]) {
    let even = s.y(0.5);
    if s.n == 1 {
        if let Some(dot) = PathBuilder::from_circle(s.x(0), s.y(pts[0]), 4.5) {
            fill_path(pm, &dot, LINE);
        }
        return;
    }
    let mut area = PathBuilder::new();
    area.move_to(s.x(0), even);
    for (i, v) in pts.iter().enumerate() {
        area.line_to(s.x(i), s.y(*v));
    }
    area.line_to(s.x(s.n - 1), even);
    area.close();
    if let Some(path) = area.finish() {
        fill_path(pm, &path, BAND);
    }
    let mut line = PathBuilder::new();
    line.move_to(s.x(0), s.y(pts[0]));
    for (i, v) in pts.iter().enumerate().skip(1) {
        line.line_to(s.x(i), s.y(*v));
    }
    if let Some(path) = line.finish() {
        stroke_path(pm, &path, LINE, 2.5);
    }
}

/// A turning point: a gold point on the line and its label beside it,
/// above the point when there is room, else below.
fn mark(pm: &mut Pixmap, s: &Scale, value: f64, m: &EvalMark) {
    let (x, y) = (s.x(m.index), s.y(value));
    fill_rect(pm, Rect::new(x - 0.75, s.plot.y, 1.5, s.plot.h), GRID);
    let label = text::fit(Face::Bold, 14, &clean(&m.label), s.plot.w / 2.0);
    gold_point(pm, s.plot, (x, y), (14, &label), (12.0, 36.0, 26.0));
}

/// The move count at both ends of the axis and its name between them.
fn ends(pm: &mut Pixmap, s: &Scale, opts: &EvalChartOptions) {
    let base = s.plot.bottom() + 32.0;
    let style = chart_label();
    text::draw(pm, style, s.plot.x, base, Align::Left, "0");
    if s.n > 1 {
        text::draw(
            pm,
            style,
            s.plot.right(),
            base,
            Align::Right,
            &if opts.end.is_empty() {
                (s.n - 1).to_string()
            } else {
                clean(&opts.end)
            },
        );
    }
    let axis = text::fit(Face::Regular, 14, &clean(&opts.axis), s.plot.w / 2.0);
    text::draw(pm, style, s.plot.center().0, base, Align::Center, &axis);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> (u32, u32) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        (info.width, info.height)
    }

    #[test]
    fn a_chart_decodes_at_its_size_even_from_odd_values() {
        let mut opts = EvalChartOptions::new("Review of game #3 · Chess", "ana against bo");
        opts.top = "ana wins".into();
        opts.bottom = "bo wins".into();
        opts.axis = "moves".into();
        let values = [0.5, 0.55, f64::NAN, 2.0, -1.0, 0.1, 0.0];
        let marks = [
            EvalMark {
                index: 5,
                label: "3. Qxe5+".into(),
            },
            EvalMark {
                index: 99,
                label: "off the chart".into(),
            },
        ];
        let png = render_eval_chart(&values, &marks, &opts).unwrap();
        assert_eq!(decode(&png), (720, 420));
        for n in [0, 1] {
            let png = render_eval_chart(&values[..n], &[], &opts).unwrap();
            assert_eq!(decode(&png), (720, 420));
        }
        opts.width = 100_000;
        let png = render_eval_chart(&values, &marks, &opts).unwrap();
        assert_eq!(decode(&png).0, 2000);
    }
}
