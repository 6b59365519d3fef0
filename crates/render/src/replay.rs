//! Animated replays: a game's positions as one GIF.
//!
//! Each view is drawn by the ordinary renderer, so a frame is exactly the
//! board image of that position (the views mark the last move). Frames
//! share one global palette, built once from a few sample frames; after the
//! first, a frame stores only the rectangle that changed since the one
//! before, and inside it the unchanged pixels are the transparent index,
//! which the LZW coder packs into long runs (lichess's lila-gif likewise
//! stores only the changed squares on a transparent background; it can fix
//! its palette ahead of time from prerendered sprites, while our frames
//! carry names and status text, so the palette is sampled from frames).
//!
//! The palette (measured in BENCHMARKS.md): index 0 is transparent; then
//! the most frequent colours of the samples exactly (square colours,
//! backgrounds, strips, the main piece colours), so large flat areas never
//! shift; the remaining entries come from NeuQuant over the other sampled
//! pixels, for the anti-aliased edges. Each colour maps to its nearest
//! palette entry, cached per colour, without dithering (dithering would
//! make unchanged areas differ from frame to frame and cost size).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use color_quant::NeuQuant;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tablero_rules::BoardView;

use crate::{RenderError, RenderOptions, render_pixmap};

/// Delay of each frame in hundredths of a second: the start, each move and
/// the final position (held longer so the end can be read before the loop).
pub const FIRST_DELAY_CS: u16 = 100;
pub const MOVE_DELAY_CS: u16 = 80;
pub const LAST_DELAY_CS: u16 = 400;

/// Colours taken exactly, most frequent first.
const EXACT: usize = 96;
/// NeuQuant's sampling factor: 1 learns from every pixel given.
const NEUQUANT_SAMPLING: i32 = 1;
/// Index 0 marks unchanged pixels.
const TRANSPARENT: u8 = 0;
/// At most this many frames are sampled for the palette.
const SAMPLES: usize = 4;
/// A replay has at most this many frames (a very long game is cut to its
/// last frames rather than made into a file no chat accepts).
pub const MAX_FRAMES: usize = 1000;

fn rgb_key(p: &[u8]) -> u32 {
    u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2])
}

/// The global palette and the colour → index map.
struct Palette {
    /// RGB triples, index 0 (transparent) included.
    rgb: Vec<[u8; 3]>,
    cache: HashMap<u32, u8>,
}

impl Palette {
    /// Builds the palette from sample frames (RGBA, opaque).
    fn build(samples: &[&[u8]]) -> Palette {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for s in samples {
            for p in s.chunks_exact(4) {
                *counts.entry(rgb_key(p)).or_default() += 1;
            }
        }
        let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
        // Ties broken by colour so the palette is the same on every run.
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let split = |k: u32| [(k >> 16) as u8, (k >> 8) as u8, k as u8];
        let mut rgb = vec![[0, 0, 0]];
        let mut cache = HashMap::new();
        if by_count.len() <= 255 {
            for (k, _) in &by_count {
                cache.insert(*k, rgb.len() as u8);
                rgb.push(split(*k));
            }
            return Palette { rgb, cache };
        }
        for (k, _) in by_count.iter().take(EXACT) {
            cache.insert(*k, rgb.len() as u8);
            rgb.push(split(*k));
        }
        // NeuQuant learns the rest from the colours not taken exactly, each
        // weighted by the square root of its count: rare shades (a check
        // mark's gradient, a glyph's edge) still get a say, and the most
        // common cannot take over the network.
        let mut rest = Vec::new();
        for &(k, n) in &by_count[EXACT..] {
            let [r, g, b] = split(k);
            for _ in 0..f64::from(n).sqrt().ceil() as u32 {
                rest.extend_from_slice(&[r, g, b, 255]);
            }
        }
        let quant = NeuQuant::new(NEUQUANT_SAMPLING, 255 - EXACT, &rest);
        for c in quant.color_map_rgb().chunks_exact(3) {
            rgb.push([c[0], c[1], c[2]]);
        }
        Palette { rgb, cache }
    }

    /// The palette index nearest to `key`'s colour (never the transparent
    /// index).
    fn index(&mut self, key: u32) -> u8 {
        if let Some(&i) = self.cache.get(&key) {
            return i;
        }
        let (r, g, b) = (
            i32::from((key >> 16) as u8),
            i32::from((key >> 8) as u8),
            i32::from(key as u8),
        );
        let mut best = (i32::MAX, 1u8);
        for (i, c) in self.rgb.iter().enumerate().skip(1) {
            let (dr, dg, db) = (
                r - i32::from(c[0]),
                g - i32::from(c[1]),
                b - i32::from(c[2]),
            );
            // Weighted like the eye: green counts most, blue least.
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
            if d < best.0 {
                best = (d, i as u8);
            }
        }
        self.cache.insert(key, best.1);
        best.1
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.rgb.iter().flatten().copied().collect();
        // A GIF palette has a power-of-two size.
        out.resize(256 * 3, 0);
        out
    }
}

/// The smallest rectangle (x, y, width, height) holding every pixel that
/// differs between two frames of `width` pixels per row; `None` if none.
fn changed_rect(prev: &[u8], next: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let row = width * 4;
    let rows = prev.len() / row;
    let differs = |y: usize| prev[y * row..(y + 1) * row] != next[y * row..(y + 1) * row];
    let top = (0..rows).find(|&y| differs(y))?;
    let bottom = (top..rows).rev().find(|&y| differs(y)).unwrap_or(top);
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (a, b) = (&prev[y * row..(y + 1) * row], &next[y * row..(y + 1) * row]);
        if let Some(x) = (0..left).find(|&x| a[x * 4..x * 4 + 4] != b[x * 4..x * 4 + 4]) {
            left = x;
        }
        if let Some(x) = (right..width)
            .rev()
            .find(|&x| a[x * 4..x * 4 + 4] != b[x * 4..x * 4 + 4])
        {
            right = x;
        }
    }
    (left <= right).then(|| (left, top, right - left + 1, bottom - top + 1))
}

/// Draws `views` (a game's positions in order, usually the start and one
/// per move) as an animated GIF that loops: one frame per view, the last
/// held longer. At most [`MAX_FRAMES`] frames: a longer game keeps its
/// start and its last positions.
///
/// Frames are drawn and encoded one at a time: besides the views and the
/// GIF itself, memory holds the palette's sample frames (drawn first and
/// kept until their turn comes), the frame before and the one being
/// encoded, however long the game (BENCHMARKS.md has the peak).
///
/// # Errors
///
/// [`RenderError::NoFrames`] for no views, [`RenderError::FrameSize`] when
/// a view draws at another size than the first (another game or board
/// size), any error of [`crate::render_png`] for a malformed view, and
/// [`RenderError::Encode`] if the GIF encoder fails.
pub fn render_replay(views: &[BoardView], opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let views: Vec<&BoardView> = if views.len() > MAX_FRAMES {
        std::iter::once(&views[0])
            .chain(&views[views.len() - (MAX_FRAMES - 1)..])
            .collect()
    } else {
        views.iter().collect()
    };
    if views.is_empty() {
        return Err(RenderError::NoFrames);
    }
    let draw = |index: usize| -> Result<(u32, u32, Vec<u8>), RenderError> {
        let pm = render_pixmap(views[index], opts)?;
        Ok((pm.width(), pm.height(), pm.take()))
    };
    // The sample frames are drawn first for the palette and kept until the
    // encoder reaches them, so no frame is drawn twice.
    let mut samples: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
    let (w, h, first) = draw(0)?;
    samples.insert(0, first);
    for i in (1..SAMPLES).map(|i| i * (views.len() - 1) / (SAMPLES - 1)) {
        if let std::collections::btree_map::Entry::Vacant(e) = samples.entry(i) {
            let (fw, fh, rgba) = draw(i)?;
            if (fw, fh) != (w, h) {
                return Err(RenderError::FrameSize { index: i });
            }
            e.insert(rgba);
        }
    }
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| RenderError::FrameSize { index: 0 })?,
        u16::try_from(h).map_err(|_| RenderError::FrameSize { index: 0 })?,
    );
    let mut palette = Palette::build(&samples.values().map(Vec::as_slice).collect::<Vec<_>>());

    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(256 * 1024);
    let mut enc = Encoder::new(&mut out, gw, gh, &palette.bytes()).map_err(err)?;
    enc.set_repeat(Repeat::Infinite).map_err(err)?;
    let last = views.len() - 1;
    let mut buffer = Vec::with_capacity((w * h) as usize);
    let mut prev: Vec<u8> = Vec::new();
    for i in 0..views.len() {
        let rgba = match samples.remove(&i) {
            Some(rgba) => rgba,
            None => {
                let (fw, fh, rgba) = draw(i)?;
                if (fw, fh) != (w, h) {
                    return Err(RenderError::FrameSize { index: i });
                }
                rgba
            }
        };
        let delay = match i {
            _ if i == last => LAST_DELAY_CS,
            0 => FIRST_DELAY_CS,
            _ => MOVE_DELAY_CS,
        };
        buffer.clear();
        let (x, y, fw, fh, transparent) = if i == 0 {
            let mut last = (u32::MAX, TRANSPARENT);
            for p in rgba.chunks_exact(4) {
                let key = rgb_key(p);
                if key != last.0 {
                    last = (key, palette.index(key));
                }
                buffer.push(last.1);
            }
            (0, 0, w as usize, h as usize, None)
        } else {
            match changed_rect(&prev, &rgba, w as usize) {
                None => {
                    // Nothing changed: a one-pixel transparent frame keeps
                    // the timing.
                    buffer.push(TRANSPARENT);
                    (0, 0, 1, 1, Some(TRANSPARENT))
                }
                Some((x, y, fw, fh)) => {
                    for row in y..y + fh {
                        let start = (row * w as usize + x) * 4;
                        let end = start + fw * 4;
                        let (a, b) = (&prev[start..end], &rgba[start..end]);
                        // Most rows of the rectangle (the board between the
                        // squares that changed) are unchanged.
                        if a == b {
                            buffer.resize(buffer.len() + fw, TRANSPARENT);
                            continue;
                        }
                        // Changed pixels come in runs of one colour (a
                        // strip's background), so the last lookup is kept.
                        let mut last = (u32::MAX, TRANSPARENT);
                        for (a, b) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
                            buffer.push(if a == b {
                                TRANSPARENT
                            } else {
                                let key = rgb_key(b);
                                if key != last.0 {
                                    last = (key, palette.index(key));
                                }
                                last.1
                            });
                        }
                    }
                    (x, y, fw, fh, Some(TRANSPARENT))
                }
            }
        };
        // The rectangle lies inside a frame whose sides fit in u16.
        let frame = Frame {
            delay,
            dispose: DisposalMethod::Keep,
            transparent,
            left: x as u16,
            top: y as u16,
            width: fw as u16,
            height: fh as u16,
            buffer: Cow::Borrowed(&buffer),
            ..Frame::default()
        };
        enc.write_frame(&frame).map_err(err)?;
        prev = rgba;
    }
    drop(enc);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_by_hand() {
        // 4×3 frames; pixels (1,0) and (2,2) differ: rectangle x 1..=2,
        // y 0..=2.
        let a = vec![0u8; 4 * 3 * 4];
        let mut b = a.clone();
        b[4] = 9; // (1, 0)
        b[(2 * 4 + 2) * 4 + 2] = 9;
        assert_eq!(changed_rect(&a, &b, 4), Some((1, 0, 2, 3)));
        assert_eq!(changed_rect(&a, &a, 4), None);
    }

    #[test]
    fn just_too_many_colours_still_quantise() {
        // 256 colours once each: 96 exact, NeuQuant learns 159 entries from
        // only 160 pixels.
        for n in [256u32, 300, 5000] {
            let px: Vec<u8> = (0..n)
                .flat_map(|i| [(i % 256) as u8, (i / 256) as u8, 7, 255])
                .collect();
            let mut p = Palette::build(&[&px]);
            assert_eq!(p.rgb.len(), 256);
            assert_eq!(p.bytes().len(), 768);
            assert_ne!(p.index(0x123456), TRANSPARENT);
        }
    }

    #[test]
    fn small_palettes_are_exact() {
        let px = [10u8, 20, 30, 255, 40, 50, 60, 255];
        let mut p = Palette::build(&[&px]);
        assert_eq!(p.rgb.len(), 3);
        let i = p.index(rgb_key(&px[4..]));
        assert_eq!(p.rgb[i as usize], [40, 50, 60]);
        // An unseen colour maps to the nearest entry, never transparent.
        assert_eq!(p.index(0x0b141e), p.index(0x0a141e));
        assert_ne!(p.index(0xffffff), TRANSPARENT);
    }
}
