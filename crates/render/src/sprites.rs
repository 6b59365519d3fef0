//! Piece and icon sprites: SVG art embedded in the binary, rasterised once
//! per size with resvg and kept, so drawing a board only composites bitmaps.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::usvg;
use tablero_rules::{Color, PieceKind};
use tiny_skia::{PathBuilder, Pixmap, Transform};

use crate::paint::fill_path;
use crate::theme::rgb;

use crate::text::lock;
use crate::tiles::{self, Tile};

/// Something drawn from art rather than from shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Sprite {
    Piece(PieceKind, Color),
    /// Barrier's blocking token.
    Token,
    /// Bloc's group marker, drawn over a stone.
    Marker,
    /// A ground tile for a cell of the given size.
    Tile(Tile),
}

macro_rules! art {
    ($($name:ident = $path:literal;)*) => {
        $(static $name: &str = include_str!(concat!("../../../assets/", $path));)*
    };
}

art! {
    WK = "pieces/cburnett/wK.svg";
    WQ = "pieces/cburnett/wQ.svg";
    WR = "pieces/cburnett/wR.svg";
    WB = "pieces/cburnett/wB.svg";
    WN = "pieces/cburnett/wN.svg";
    WP = "pieces/cburnett/wP.svg";
    BK = "pieces/cburnett/bK.svg";
    BQ = "pieces/cburnett/bQ.svg";
    BR = "pieces/cburnett/bR.svg";
    BB = "pieces/cburnett/bB.svg";
    BN = "pieces/cburnett/bN.svg";
    BP = "pieces/cburnett/bP.svg";
    STONE_WHITE = "icons/stone-white.svg";
    STONE_BLACK = "icons/stone-black.svg";
    ANGEL = "icons/angel.svg";
    DEMON = "icons/demon.svg";
    TOKEN = "icons/token.svg";
    MARKER = "icons/marker.svg";
    BADGE_JUMP = "icons/badge-jump.svg";
}

/// The sprite `s` for a cell of `size` pixels, rasterised on first use.
/// Sprites are square: `size` × `size`, except hexagon tiles, which are a
/// little taller than wide and get a square pixmap to match.
pub(crate) fn get(s: Sprite, size: u32) -> Arc<Pixmap> {
    type Cache = Mutex<HashMap<(Sprite, u32), Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(p) = lock(cache).get(&(s, size)) {
        return p.clone();
    }
    let p = Arc::new(build(s, size.max(1)));
    lock(cache).entry((s, size)).or_insert(p).clone()
}

fn build(s: Sprite, size: u32) -> Pixmap {
    let side = match s {
        Sprite::Tile(t) => tiles::side(t, size),
        _ => size,
    };
    // `side` is at least 1 and bounded by the layout, so this allocates.
    let mut pm = Pixmap::new(side, side).expect("sprite size is positive and small");
    let full = size as f32;
    match s {
        Sprite::Piece(kind, color) => match kind {
            PieceKind::JumpingBishop => {
                draw_svg(&mut pm, svg_of(PieceKind::Bishop, color), 0.0, 0.0, full);
                jump_badge(&mut pm, full);
            }
            PieceKind::Amazon => {
                draw_svg(&mut pm, svg_of(PieceKind::Queen, color), 0.0, 0.0, full);
                knight_badge(&mut pm, color, full);
            }
            _ => draw_svg(&mut pm, svg_of(kind, color), 0.0, 0.0, full),
        },
        Sprite::Token => draw_svg(&mut pm, TOKEN, 0.0, 0.0, full),
        Sprite::Marker => draw_svg(&mut pm, MARKER, 0.0, 0.0, full),
        Sprite::Tile(t) => tiles::build(t, size, &mut pm),
    }
    pm
}

fn svg_of(kind: PieceKind, color: Color) -> &'static str {
    use Color::{Black, White};
    use PieceKind::*;
    match (kind, color) {
        (King, White) => WK,
        (Queen | Amazon, White) => WQ,
        (Rook, White) => WR,
        (Bishop | JumpingBishop, White) => WB,
        (Knight, White) => WN,
        (Pawn, White) => WP,
        (King, Black) => BK,
        (Queen | Amazon, Black) => BQ,
        (Rook, Black) => BR,
        (Bishop | JumpingBishop, Black) => BB,
        (Knight, Black) => BN,
        (Pawn, Black) => BP,
        (Stone, White) => STONE_WHITE,
        (Stone, Black) => STONE_BLACK,
        (Angel, _) => ANGEL,
        (Demon, _) => DEMON,
    }
}

/// Rasterises `svg` into the square at `(x, y)` of side `side`.
fn draw_svg(pm: &mut Pixmap, svg: &str, x: f32, y: f32, side: f32) {
    // The art is ours and parses; should it ever not, the sprite stays
    // blank rather than failing a render.
    let Ok(tree) = usvg::Tree::from_str(svg, &usvg::Options::default()) else {
        return;
    };
    let size = tree.size();
    let scale = side / size.width().max(size.height());
    let t = Transform::from_row(scale, 0.0, 0.0, scale, x, y);
    resvg::render(&tree, t, &mut pm.as_mut());
}

/// The jumping bishop's mark: a blue disc with a leaping arrow, top right.
fn jump_badge(pm: &mut Pixmap, full: f32) {
    let d = full * 0.40;
    draw_svg(pm, BADGE_JUMP, full - d - full * 0.02, full * 0.02, d);
}

/// The amazon's mark: a knight on a gold disc, bottom right.
fn knight_badge(pm: &mut Pixmap, color: Color, full: f32) {
    let d = full * 0.46;
    let (x, y) = (full - d - full * 0.01, full - d - full * 0.01);
    let r = d / 2.0;
    if let Some(circle) = PathBuilder::from_circle(x + r, y + r, r) {
        fill_path(pm, &circle, rgb(0x3a2a00));
        if let Some(inner) = PathBuilder::from_circle(x + r, y + r, r * 0.86) {
            fill_path(pm, &inner, rgb(0xffc82c));
        }
    }
    let k = d * 0.92;
    draw_svg(
        pm,
        svg_of(PieceKind::Knight, color),
        x + (d - k) / 2.0,
        y + (d - k) / 2.0,
        k,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sprite_has_ink() {
        let kinds = PieceKind::ALL;
        let mut sprites: Vec<Sprite> = kinds
            .iter()
            .flat_map(|&k| {
                [
                    Sprite::Piece(k, Color::White),
                    Sprite::Piece(k, Color::Black),
                ]
            })
            .collect();
        sprites.extend([Sprite::Token, Sprite::Marker]);
        for s in sprites {
            let p = get(s, 48);
            let opaque = p.pixels().iter().filter(|c| c.alpha() > 128).count();
            assert!(opaque > 200, "{s:?} has only {opaque} opaque pixels");
        }
    }

    #[test]
    fn sprites_are_cached() {
        let a = get(Sprite::Piece(PieceKind::King, Color::White), 33);
        let b = get(Sprite::Piece(PieceKind::King, Color::White), 33);
        assert!(Arc::ptr_eq(&a, &b));
    }
}
