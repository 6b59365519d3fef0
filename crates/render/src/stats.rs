//! Images of players' results: a rating-history chart and a leaderboard
//! table. Like boards, they are pure functions of plain data; every word on
//! them comes from the caller, so they speak whatever language the caller
//! writes them in. Dates on the chart's axis are ISO (`2026-11-20`), which
//! reads the same in English and Spanish.

use tablero_rules::export::format_utc;
use tiny_skia::{PathBuilder, Pixmap};

use crate::RenderError;
use crate::encode;
use crate::geometry::Rect;
use crate::paint::{fill_path, fill_rect, rounded, stroke_path};
use crate::strip::clean_name;
use crate::text::{self, Align, Face, Style};
use crate::theme::{UI, rgb, rgba};

/// One rating after a game, for [`render_rating_chart`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// When the game ended, in milliseconds since the Unix epoch (UTC).
    pub time_ms: i64,
    pub rating: f64,
    /// The rating deviation: the chart shades rating ± deviation.
    pub deviation: f64,
}

/// Deviations above this are drawn as hollow points (provisional ratings,
/// as `tablero-rating` marks them).
const PROVISIONAL: f64 = 110.0;

/// The texts and size of a rating chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartOptions {
    /// The first line, say `Ana · Chess`.
    pub title: String,
    /// The second line, say `1623 ± 54 · 12 games` or `1623 ± 54 · 12 partidas`.
    pub subtitle: String,
    /// Written in the plot when there are no points: `No rated games yet`.
    pub empty: String,
    pub width: u32,
    pub height: u32,
}

impl ChartOptions {
    /// A 720×420 chart with these texts.
    #[must_use]
    pub fn new(title: &str, subtitle: &str, empty: &str) -> ChartOptions {
        ChartOptions {
            title: title.to_string(),
            subtitle: subtitle.to_string(),
            empty: empty.to_string(),
            width: 720,
            height: 420,
        }
    }
}

/// The limits of a chart's size, so a request cannot ask for a huge image.
const MIN_SIDE: u32 = 320;
const MAX_SIDE: u32 = 2000;
/// A chart shows at most this many points: the latest.
pub const MAX_CHART_POINTS: usize = 2000;

pub(crate) const LINE: tiny_skia::ColorU8 = rgb(0x8fc24a);
pub(crate) const BAND: tiny_skia::ColorU8 = rgba(0x8fc24a, 0x38);
pub(crate) const GRID: tiny_skia::ColorU8 = rgb(0x3d3a36);

/// Longest text kept from any caption or cell, in characters: enough for
/// any name a chat allows, and it bounds the work of fitting text.
const MAX_CHARS: usize = 80;

/// `s` as the font can draw it, at most [`MAX_CHARS`] characters.
pub(crate) fn clean(s: &str) -> String {
    clean_name(s).chars().take(MAX_CHARS).collect()
}

/// A step for about `target` ticks over `span`: 1, 2, 2.5 or 5 times a
/// power of ten.
fn tick_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(1.0);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

fn title_block(pm: &mut Pixmap, title: &str, subtitle: &str, max_w: f32) {
    let title = text::fit(Face::Bold, 24, &clean(title), max_w);
    text::draw(
        pm,
        Style::new(Face::Bold, 24, UI.text),
        24.0,
        44.0,
        Align::Left,
        &title,
    );
    let sub = text::fit(Face::Regular, 16, &clean(subtitle), max_w);
    text::draw(
        pm,
        Style::new(Face::Regular, 16, UI.muted),
        24.0,
        70.0,
        Align::Left,
        &sub,
    );
}

/// A chart's canvas of `width` × `height` (within the limits): the
/// background, the title block and the plot's rounded ground; returns
/// the canvas and the plot's rectangle.
pub(crate) fn chart_canvas(
    width: u32,
    height: u32,
    title: &str,
    subtitle: &str,
) -> Result<(Pixmap, Rect), RenderError> {
    let (w, h) = (
        width.clamp(MIN_SIDE, MAX_SIDE),
        height.clamp(MIN_SIDE * 3 / 4, MAX_SIDE),
    );
    let mut pm = Pixmap::new(w, h).ok_or_else(|| RenderError::Encode("no canvas".into()))?;
    pm.fill(crate::paint::float(UI.background));
    let (wf, hf) = (w as f32, h as f32);
    title_block(&mut pm, title, subtitle, wf - 48.0);
    let plot = Rect::new(84.0, 96.0, wf - 84.0 - 32.0, hf - 96.0 - 44.0);
    if let Some(bg) = rounded(plot.inset(-8.0), 8.0) {
        fill_path(&mut pm, &bg, UI.strip);
    }
    Ok((pm, plot))
}

/// Draws a player's rating history: the rating after each game as a line
/// (games evenly spaced, oldest left), rating ± deviation shaded, hollow
/// points while provisional, the dates of the first and last games below.
/// Non-finite points are skipped; with none left the chart says
/// [`ChartOptions::empty`].
///
/// # Errors
///
/// [`RenderError::Encode`] if PNG encoding fails.
pub fn render_rating_chart(
    points: &[RatingPoint],
    opts: &ChartOptions,
) -> Result<Vec<u8>, RenderError> {
    let (mut pm, plot) = chart_canvas(opts.width, opts.height, &opts.title, &opts.subtitle)?;
    let pts: Vec<RatingPoint> = points
        .iter()
        .filter(|p| p.rating.is_finite() && p.deviation.is_finite())
        .map(|p| RatingPoint {
            deviation: p.deviation.clamp(0.0, 1000.0),
            rating: p.rating.clamp(-10_000.0, 10_000.0),
            ..*p
        })
        .collect();
    let pts = &pts[pts.len().saturating_sub(MAX_CHART_POINTS)..];
    if pts.is_empty() {
        let (cx, cy) = plot.center();
        let msg = text::fit(Face::Regular, 18, &clean(&opts.empty), plot.w - 16.0);
        text::draw_centered(
            &mut pm,
            Style::new(Face::Regular, 18, UI.muted),
            cx,
            cy,
            &msg,
        );
        return encode::png(&pm);
    }

    let scale = Scale::of(pts, plot);
    grid(&mut pm, &scale);
    band(&mut pm, &scale, pts);
    line_and_points(&mut pm, &scale, pts);
    latest(&mut pm, &scale, pts);
    dates(&mut pm, &scale, pts);
    encode::png(&pm)
}

/// Where ratings and games go on a chart's plot.
struct Scale {
    plot: Rect,
    /// The lowest and highest rating shown, and the grid's step.
    lo: f64,
    hi: f64,
    step: f64,
    /// The number of points.
    n: usize,
}

impl Scale {
    /// The vertical range covers every rating, and the band only as far as
    /// 60 points beyond them, so that a newcomer's ±350 does not flatten the
    /// line; the band is clipped to the plot.
    fn of(pts: &[RatingPoint], plot: Rect) -> Scale {
        let lo = pts
            .iter()
            .map(|p| p.rating - p.deviation.min(60.0))
            .fold(f64::INFINITY, f64::min);
        let hi = pts
            .iter()
            .map(|p| p.rating + p.deviation.min(60.0))
            .fold(f64::NEG_INFINITY, f64::max);
        let step = tick_step((hi - lo).max(40.0), 5.0);
        let lo = (lo / step).floor() * step;
        let hi = ((hi / step).ceil() * step).max(lo + step);
        Scale {
            plot,
            lo,
            hi,
            step,
            n: pts.len(),
        }
    }

    fn y(&self, r: f64) -> f32 {
        let t = ((r - self.lo) / (self.hi - self.lo)).clamp(-0.02, 1.02);
        (f64::from(self.plot.bottom()) - t * f64::from(self.plot.h)) as f32
    }

    fn x(&self, i: usize) -> f32 {
        if self.n == 1 {
            self.plot.center().0
        } else {
            self.plot.x + self.plot.w * i as f32 / (self.n - 1) as f32
        }
    }
}

/// The style of a chart's small labels.
pub(crate) fn chart_label() -> Style {
    Style::new(Face::Regular, 14, UI.muted)
}

/// Grid lines and rating labels.
fn grid(pm: &mut Pixmap, s: &Scale) {
    let mut r = s.lo;
    while r <= s.hi + s.step / 2.0 {
        let y = s.y(r).round() + 0.5;
        fill_rect(pm, Rect::new(s.plot.x, y - 0.5, s.plot.w, 1.0), GRID);
        text::draw(
            pm,
            chart_label(),
            s.plot.x - 16.0,
            y + text::cap_height(14) / 2.0,
            Align::Right,
            &format!("{r:.0}"),
        );
        r += s.step;
    }
}

/// The deviation band.
fn band(pm: &mut Pixmap, s: &Scale, pts: &[RatingPoint]) {
    let mut band = PathBuilder::new();
    if s.n == 1 {
        let (x, p) = (s.x(0), pts[0]);
        let (top, bottom) = (s.y(p.rating + p.deviation), s.y(p.rating - p.deviation));
        band.move_to(x - 12.0, top);
        band.line_to(x + 12.0, top);
        band.line_to(x + 12.0, bottom);
        band.line_to(x - 12.0, bottom);
        band.close();
    } else {
        band.move_to(s.x(0), s.y(pts[0].rating + pts[0].deviation));
        for (i, p) in pts.iter().enumerate().skip(1) {
            band.line_to(s.x(i), s.y(p.rating + p.deviation));
        }
        for (i, p) in pts.iter().enumerate().rev() {
            band.line_to(s.x(i), s.y(p.rating - p.deviation));
        }
        band.close();
    }
    if let Some(path) = band.finish() {
        fill_path(pm, &path, BAND);
    }
}

/// The line, then the points when there is room for them.
fn line_and_points(pm: &mut Pixmap, s: &Scale, pts: &[RatingPoint]) {
    if s.n > 1 {
        let mut line = PathBuilder::new();
        line.move_to(s.x(0), s.y(pts[0].rating));
        for (i, p) in pts.iter().enumerate().skip(1) {
            line.line_to(s.x(i), s.y(p.rating));
        }
        if let Some(path) = line.finish() {
            stroke_path(pm, &path, LINE, 3.0);
        }
    }
    if s.plot.w / s.n as f32 >= 10.0 {
        for (i, p) in pts.iter().enumerate() {
            let (x, y) = (s.x(i), s.y(p.rating));
            if let Some(dot) = PathBuilder::from_circle(x, y, 4.5) {
                fill_path(pm, &dot, LINE);
            }
            if p.deviation > PROVISIONAL
                && let Some(hole) = PathBuilder::from_circle(x, y, 2.5)
            {
                fill_path(pm, &hole, UI.strip);
            }
        }
    }
}

/// The latest rating, marked and written.
fn latest(pm: &mut Pixmap, s: &Scale, pts: &[RatingPoint]) {
    let last = pts[s.n - 1];
    let at = (s.x(s.n - 1), s.y(last.rating));
    let value = format!("{:.0}", last.rating);
    gold_point(pm, s.plot, at, (16, &value), (14.0, 16.0, 28.0));
}

/// A gold point at `(x, y)` on a chart whose plot is `plot`, and its
/// label (bold, `px` pixels) in gold centred over it and kept inside the
/// plot: its baseline `above` pixels over the point when that stays more
/// than `room` below the plot's top, else `below` pixels under it. The
/// rating chart's latest rating and the evaluation chart's turning points.
pub(crate) fn gold_point(
    pm: &mut Pixmap,
    plot: Rect,
    (x, y): (f32, f32),
    (px, label): (u16, &str),
    (above, room, below): (f32, f32, f32),
) {
    if let Some(dot) = PathBuilder::from_circle(x, y, 6.0) {
        fill_path(pm, &dot, UI.gold);
    }
    let w = text::width(Face::Bold, px, label);
    let lx = (x - w / 2.0).clamp(plot.x, plot.right() - w);
    let ly = if y - above > plot.y + room {
        y - above
    } else {
        y + below
    };
    text::draw(
        pm,
        Style::new(Face::Bold, px, UI.gold),
        lx,
        ly,
        Align::Left,
        label,
    );
}

/// Dates of the first and the last game.
fn dates(pm: &mut Pixmap, s: &Scale, pts: &[RatingPoint]) {
    let date = |ms: i64| format_utc(ms).chars().take(10).collect::<String>();
    let base = s.plot.bottom() + 32.0;
    let last = pts[s.n - 1];
    if s.n == 1 {
        text::draw(
            pm,
            chart_label(),
            s.x(0),
            base,
            Align::Center,
            &date(last.time_ms),
        );
    } else {
        text::draw(
            pm,
            chart_label(),
            s.plot.x,
            base,
            Align::Left,
            &date(pts[0].time_ms),
        );
        text::draw(
            pm,
            chart_label(),
            s.plot.right(),
            base,
            Align::Right,
            &date(last.time_ms),
        );
    }
}

/// How a table column lines up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColumnAlign {
    #[default]
    Left,
    Right,
    Center,
}

/// A column of a table: its heading and alignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub title: String,
    pub align: ColumnAlign,
}

impl Column {
    #[must_use]
    pub fn new(title: &str, align: ColumnAlign) -> Column {
        Column {
            title: title.to_string(),
            align,
        }
    }
}

/// A row of a table; `highlight` marks the row of the player who asked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TableRow {
    pub cells: Vec<String>,
    pub highlight: bool,
}

/// The texts of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// The first line, say `Chess leaderboard` / `Clasificación de ajedrez`.
    pub title: String,
    /// The second line, say `This server · 14 players`.
    pub subtitle: String,
    pub columns: Vec<Column>,
    /// Written under the headings when there are no rows.
    pub empty: String,
}

/// A table shows at most this many rows (and columns); more are cut.
pub const MAX_TABLE_ROWS: usize = 100;
pub const MAX_TABLE_COLUMNS: usize = 12;
const ROW_H: f32 = 40.0;
const CELL_PAD: f32 = 14.0;
const MAX_TABLE_WIDTH: f32 = 1200.0;
const MIN_TABLE_WIDTH: f32 = 480.0;

/// The widths of a table's columns and of its image: each column as wide
/// as its longest text (heading, or cell in bold, as a highlighted row is
/// written) and its padding; the widest column cut when the table would
/// be wider than 1200 px; spare width spread over the columns.
fn table_widths(columns: &[Column], rows: &[TableRow], opts: &TableOptions) -> (Vec<f32>, f32) {
    let cell = |r: &TableRow, c: usize| clean(r.cells.get(c).map_or("", String::as_str));
    let mut widths: Vec<f32> = columns
        .iter()
        .enumerate()
        .map(|(c, col)| {
            let own = text::width(Face::Bold, 15, &clean(&col.title));
            // Rounded up to a whole pixel: the room left inside the
            // padding is then at least the text's width, exactly (as a
            // fraction, adding the padding and taking it off again could
            // leave the text a rounding error too wide, and cut).
            rows.iter()
                .map(|r| text::width(Face::Bold, 18, &cell(r, c)))
                .fold(own, f32::max)
                .min(MAX_TABLE_WIDTH)
                .ceil()
                + 2.0 * CELL_PAD
        })
        .collect();
    let title_w = text::width(Face::Bold, 24, &clean(&opts.title)).max(text::width(
        Face::Regular,
        16,
        &clean(&opts.subtitle),
    ));
    let inner_max = MAX_TABLE_WIDTH - 48.0;
    let total: f32 = widths.iter().sum();
    if total > inner_max
        && let Some((i, _)) = widths.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))
    {
        widths[i] = (widths[i] - (total - inner_max)).max(2.0 * CELL_PAD + 24.0);
    }
    let table_w: f32 = widths.iter().sum();
    let width = (table_w + 48.0)
        .max(title_w + 48.0)
        .clamp(MIN_TABLE_WIDTH, MAX_TABLE_WIDTH);
    // Spread spare width over the columns so the table fills the image.
    let spare = (width - 48.0 - table_w).max(0.0);
    if !widths.is_empty() {
        let each = spare / widths.len() as f32;
        widths.iter_mut().for_each(|w| *w += each);
    }
    (widths, width)
}

/// Draws a table such as a leaderboard: title, subtitle, a heading row,
/// then one row per entry (striped, `highlight` rows marked with the accent
/// bar). Column widths fit their longest text; when the table would be
/// wider than 1200 px, the widest column is cut with an ellipsis. Cells
/// beyond the columns are ignored; missing cells are empty.
///
/// # Errors
///
/// [`RenderError::Encode`] if PNG encoding fails.
pub fn render_table(rows: &[TableRow], opts: &TableOptions) -> Result<Vec<u8>, RenderError> {
    let columns = &opts.columns[..opts.columns.len().min(MAX_TABLE_COLUMNS)];
    let rows = &rows[..rows.len().min(MAX_TABLE_ROWS)];
    let cell = |r: &TableRow, c: usize| clean(r.cells.get(c).map_or("", String::as_str));
    let head = Style::new(Face::Bold, 15, UI.muted);
    let body = Style::new(Face::Regular, 18, UI.text);
    let (widths, width) = table_widths(columns, rows, opts);
    let top = 96.0;
    let body_rows = rows.len().max(1) as f32;
    let height = top + ROW_H * (1.0 + body_rows) + 24.0;
    let mut pm = Pixmap::new(width.ceil() as u32, height.ceil() as u32)
        .ok_or_else(|| RenderError::Encode("no canvas".into()))?;
    pm.fill(crate::paint::float(UI.background));
    title_block(&mut pm, &opts.title, &opts.subtitle, width - 48.0);

    let x_of = |c: usize| 24.0 + widths[..c].iter().sum::<f32>();
    let write = |pm: &mut Pixmap, style: Style, c: usize, y: f32, s: &str| {
        let (x, w) = (x_of(c), widths[c]);
        let s = text::fit(style.face, style.px, s, w - 2.0 * CELL_PAD);
        let baseline = y + ROW_H / 2.0 + text::cap_height(style.px) / 2.0;
        let (tx, align) = match columns[c].align {
            ColumnAlign::Left => (x + CELL_PAD, Align::Left),
            ColumnAlign::Right => (x + w - CELL_PAD, Align::Right),
            ColumnAlign::Center => (x + w / 2.0, Align::Center),
        };
        text::draw(pm, style, tx, baseline, align, &s);
    };
    for (c, col) in columns.iter().enumerate() {
        write(&mut pm, head, c, top, &clean(&col.title));
    }
    fill_rect(
        &mut pm,
        Rect::new(24.0, top + ROW_H - 1.0, width - 48.0, 1.0),
        GRID,
    );
    if rows.is_empty() {
        let y = top + ROW_H;
        let msg = text::fit(Face::Regular, 18, &clean(&opts.empty), width - 48.0);
        text::draw(
            &mut pm,
            Style::new(Face::Regular, 18, UI.muted),
            width / 2.0,
            y + ROW_H / 2.0 + text::cap_height(18) / 2.0,
            Align::Center,
            &msg,
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let y = top + ROW_H * (1.0 + i as f32);
        let band = Rect::new(20.0, y + 2.0, width - 40.0, ROW_H - 4.0);
        let fill = if r.highlight {
            Some(UI.strip_active)
        } else if i % 2 == 0 {
            Some(UI.strip)
        } else {
            None
        };
        if let Some(f) = fill
            && let Some(p) = rounded(band, 6.0)
        {
            fill_path(&mut pm, &p, f);
        }
        if r.highlight
            && let Some(p) = rounded(Rect::new(band.x, band.y, 5.0, band.h), 2.5)
        {
            fill_path(&mut pm, &p, UI.accent);
        }
        for c in 0..columns.len() {
            // The first three places of a ranking stand out in gold.
            let style = if c == 0 && i < 3 && cell(r, 0).starts_with(&(i + 1).to_string()) {
                Style::new(Face::Bold, 18, UI.gold)
            } else if r.highlight {
                Style::new(Face::Bold, 18, UI.text)
            } else {
                body
            };
            write(&mut pm, style, c, y, &cell(r, c));
        }
    }
    encode::png(&pm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(400.0, 5.0), 100.0);
        assert_eq!(tick_step(120.0, 5.0), 25.0);
        assert_eq!(tick_step(40.0, 5.0), 10.0);
        assert_eq!(tick_step(2000.0, 5.0), 500.0);
        assert_eq!(tick_step(0.0, 5.0), 1.0);
    }

    /// A column is as wide as its widest text: each cell is written whole
    /// (the standings' `1¼`, the widest of its column, was cut to `1…`
    /// in a highlighted row).
    #[test]
    fn every_cell_fits_its_column() {
        let columns: Vec<Column> = ["#", "Player", "Points", "Games", "+ = −", "DE", "SB"]
            .into_iter()
            .map(|t| Column::new(t, ColumnAlign::Right))
            .collect();
        let opts = TableOptions {
            title: "Tournament #1: final standings".into(),
            subtitle: "Chess · round robin".into(),
            columns,
            empty: String::new(),
        };
        let row = |cells: [&str; 7], highlight| TableRow {
            cells: cells.map(str::to_string).to_vec(),
            highlight,
        };
        let rows = [
            row(["1", "Cleo", "1½", "2", "1 1 0", "0", "1¼"], true),
            row(["2", "Ben", "1", "2", "1 0 1", "0", "½"], false),
            row(["3", "Ana", "½", "2", "0 1 1", "0", "¾"], false),
            row(
                ["4", "Bartholomew", "10¾", "99", "9 9 9", "11½", "102¾"],
                false,
            ),
        ];
        for n in 1..=rows.len() {
            let (widths, _) = table_widths(&opts.columns, &rows[..n], &opts);
            for r in &rows[..n] {
                for (c, text) in r.cells.iter().enumerate() {
                    let room = widths[c] - 2.0 * CELL_PAD;
                    assert_eq!(&text::fit(Face::Bold, 18, text, room), text, "{n} rows");
                }
            }
        }
    }

    #[test]
    fn odd_input_draws() {
        let opts = ChartOptions::new("", "", "");
        let odd = [
            RatingPoint {
                time_ms: i64::MIN,
                rating: f64::NAN,
                deviation: 1.0,
            },
            RatingPoint {
                time_ms: i64::MAX,
                rating: 1e300,
                deviation: -5.0,
            },
        ];
        assert!(render_rating_chart(&odd, &opts).is_ok());
        let opts = ChartOptions {
            width: 0,
            height: u32::MAX,
            ..opts
        };
        assert!(render_rating_chart(&[], &opts).is_ok());
        let t = TableOptions {
            title: "🙂".repeat(500),
            subtitle: String::new(),
            columns: vec![Column::new("x", ColumnAlign::Right); 40],
            empty: String::new(),
        };
        let rows = vec![
            TableRow {
                cells: vec!["y".repeat(3000); 50],
                highlight: true,
            };
            500
        ];
        assert!(render_table(&rows, &t).is_ok());
        assert!(
            render_table(
                &[],
                &TableOptions {
                    columns: vec![],
                    ..t
                }
            )
            .is_ok()
        );
    }
}
