//! Ground tiles drawn from shapes: river water, planks, dead squares and
//! Cascades' hexagons. Built once per size, like the piece sprites, and
//! seamless, so neighbouring tiles join into one river or one dead area.

use tiny_skia::{PathBuilder, Pixmap, Stroke, Transform};

use crate::geometry::Rect;
use crate::paint::{fill_path, fill_rect, polygon, solid, stroke_path};
use crate::theme::{self, GROUND};
use tablero_rules::GameId;

/// A kind of ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tile {
    /// Open water; `dark` on the squares a1 shares its colour with, so
    /// squares can still be counted across the river.
    River { dark: bool },
    /// A plank laid over the river: boards running across it.
    Plank { dark: bool },
    /// Knight Fight's used-up square.
    Dead { dark: bool },
    /// A Cascades cell; `goal` for the bottom row, which decides the game.
    Hex { goal: bool },
}

/// The side of the (square) pixmap a tile of cell size `size` needs.
pub(crate) fn side(tile: Tile, size: u32) -> u32 {
    match tile {
        // A pointy-top hexagon is 2/√3 as tall as it is wide, plus a
        // margin for its outline.
        Tile::Hex { .. } => (size as f32 * 2.0 / 3f32.sqrt()).ceil() as u32 + 4,
        _ => size,
    }
}

pub(crate) fn build(tile: Tile, size: u32, pm: &mut Pixmap) {
    let s = size as f32;
    let full = Rect::new(0.0, 0.0, s, s);
    match tile {
        Tile::River { dark } => water(pm, s, dark),
        Tile::Plank { dark } => {
            water(pm, s, dark);
            let boards = 3.0;
            let margin = s * 0.07;
            let gap = s * 0.035;
            let w = (s - 2.0 * margin - (boards - 1.0) * gap) / boards;
            for i in 0..3 {
                let x = margin + f32::from(i as u8) * (w + gap);
                let board = Rect::new(x, -2.0, w, s + 4.0);
                fill_rect(pm, board, GROUND.plank_edge);
                fill_rect(pm, board.inset(s * 0.02), GROUND.plank);
                // Grain, and a nail near each end.
                let mut pb = PathBuilder::new();
                pb.move_to(x + w * 0.35, s * 0.1);
                pb.line_to(x + w * 0.35, s * 0.42);
                pb.move_to(x + w * 0.65, s * 0.55);
                pb.line_to(x + w * 0.65, s * 0.9);
                if let Some(p) = pb.finish() {
                    stroke_path(pm, &p, GROUND.plank_grain, (s * 0.02).max(1.0));
                }
                for y in [s * 0.12, s * 0.88] {
                    if let Some(nail) = PathBuilder::from_circle(x + w / 2.0, y, s * 0.022) {
                        fill_path(pm, &nail, GROUND.plank_edge);
                    }
                }
            }
        }
        Tile::Dead { dark } => {
            let base = if dark { GROUND.dead_hatch } else { GROUND.dead };
            fill_rect(pm, full, base);
            // Diagonal hatching with a period that divides the tile, so it
            // runs on across neighbouring dead squares.
            let n = 5;
            let step = s / n as f32;
            let mut pb = PathBuilder::new();
            for i in -n..=2 * n {
                let x = i as f32 * step;
                pb.move_to(x, s);
                pb.line_to(x + s, 0.0);
            }
            if let Some(p) = pb.finish() {
                let hatch = if dark { GROUND.dead } else { GROUND.dead_hatch };
                // Hard-edged lines: as sharp as anti-aliased ones at this
                // angle, and they compress far better.
                let mut paint = solid(hatch);
                paint.anti_alias = false;
                let stroke = Stroke {
                    width: (s * 0.04).max(1.0),
                    ..Stroke::default()
                };
                pm.stroke_path(&p, &paint, &stroke, Transform::identity(), None);
            }
        }
        Tile::Hex { goal } => {
            let c = theme::board(GameId::Cascades, theme::Theme::Default);
            let side = side(tile, size) as f32;
            // Slightly inside the true outline so neighbours' strokes meet
            // in one line.
            let corners =
                crate::geometry::hexagon((side / 2.0, side / 2.0), s / 3f32.sqrt(), s / 2.0);
            if let Some(p) = polygon(&corners) {
                fill_path(pm, &p, if goal { c.hex_goal } else { c.hex_cell });
                stroke_path(pm, &p, c.hex_line, (s * 0.04).max(1.5));
            }
        }
    }
}

fn water(pm: &mut Pixmap, s: f32, dark: bool) {
    let base = if dark {
        GROUND.water_dark
    } else {
        GROUND.water_light
    };
    fill_rect(pm, Rect::new(0.0, 0.0, s, s), base);
    // Two waves whose period is the tile width, so they flow on unbroken
    // from square to square.
    let a = s * 0.07;
    let mut pb = PathBuilder::new();
    for y in [s * 0.3, s * 0.72] {
        pb.move_to(0.0, y);
        pb.cubic_to(s * 0.17, y - 2.0 * a, s * 0.33, y - 2.0 * a, s * 0.5, y);
        pb.cubic_to(s * 0.67, y + 2.0 * a, s * 0.83, y + 2.0 * a, s, y);
    }
    if let Some(p) = pb.finish() {
        stroke_path(pm, &p, GROUND.wave, (s * 0.04).max(1.0));
    }
}
