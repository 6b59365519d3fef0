//! Animated replays: a game's positions as one GIF.
//!
//! Each frame is exactly the renderer's board image of that position (the
//! views mark the last move): redrawn from the image two positions before,
//! only the squares that changed and the text above and below the board
//! (`crate::redraw`, tested to give the same pixels as `render_pixmap`),
//! then mapped to
//! the game's fixed palette (`palette.rs`: chosen once per game, theme and
//! board shape, not per replay). After the first, a position stores only
//! what changed since the one before, as lichess's lila-gif does: a few
//! small rectangles (the squares that changed, a player strip, the status
//! line; `diff.rs` chooses them, and stores a strip change that the next
//! move undoes only until then), and inside a rectangle the unchanged
//! pixels are the transparent index, which the LZW coder packs into long
//! runs. The rectangles of one position follow each other after
//! [`BAND_DELAY_CS`], the shortest delay browsers honour (they slow 0 and 1
//! to a tenth of a second), taken from the position's own delay. Colours map to the nearest palette entry
//! without dithering (dithering would make unchanged areas differ from
//! frame to frame and cost size).

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tablero_rules::BoardView;
use tiny_skia::Pixmap;

use crate::diff::{self, BLOCK, Rect, block, word};
use crate::lzw::{self, FREE, Symbol};
use crate::palette::{self, Mapper, TRANSPARENT, rgb_key};
use crate::{RenderError, RenderOptions, redraw, render_pixmap};

/// Delay of each frame in hundredths of a second: the start, each move and
/// the final position (held longer so the end can be read before the loop).
pub const FIRST_DELAY_CS: u16 = 100;
pub const MOVE_DELAY_CS: u16 = 80;
pub const LAST_DELAY_CS: u16 = 400;
/// Delay between the rectangles of one position (all but its last).
pub const BAND_DELAY_CS: u16 = 2;

/// A replay has at most this many frames (a very long game is cut to its
/// last frames rather than made into a file no chat accepts).
pub const MAX_FRAMES: usize = 1000;

/// Maps the rectangle `r` of `next` into `out`: changed pixels to their
/// palette index, unchanged ones to theirs marked [`FREE`] (the LZW coder
/// may write them transparent instead), rows that did not change at all to
/// the transparent index.
fn map_rect(
    prev: &[u8],
    next: &[u8],
    width: usize,
    r: Rect,
    map: &mut Mapper,
    out: &mut Vec<Symbol>,
) {
    let (x, y, w, h) = r;
    out.clear();
    for row in y..y + h {
        let start = (row * width + x) * 4;
        let (a, b) = (&prev[start..start + w * 4], &next[start..start + w * 4]);
        // Most rows of a rectangle of the board are unchanged (between the
        // squares that moved).
        if a == b {
            out.resize(out.len() + w, Symbol::from(TRANSPARENT));
            continue;
        }
        // Runs of one colour are common: the last lookup is kept, and a
        // block of eight pixels all of that colour (`run`) takes it at
        // once. Pixels are opaque: a word of alpha 0 is no pixel.
        let mut last = (0u32, 0);
        let mut run = [0u8; BLOCK];
        let whole = w * 4 / BLOCK * BLOCK;
        for (ca, cb) in a[..whole]
            .chunks_exact(BLOCK)
            .zip(b[..whole].chunks_exact(BLOCK))
        {
            if *block(cb) == run {
                if block(ca) == block(cb) {
                    out.extend([last.1 | FREE; BLOCK / 4]);
                } else {
                    out.extend(ca.chunks_exact(4).map(|pa| {
                        if word(pa) == last.0 {
                            last.1 | FREE
                        } else {
                            last.1
                        }
                    }));
                }
                continue;
            }
            for (pa, pb) in ca.chunks_exact(4).zip(cb.chunks_exact(4)) {
                let (p, q) = (word(pa), word(pb));
                if q != last.0 {
                    last = (q, Symbol::from(map.index(rgb_key(pb))));
                    for r in run.chunks_exact_mut(4) {
                        r.copy_from_slice(pb);
                    }
                }
                out.push(if p == q { last.1 | FREE } else { last.1 });
            }
        }
        for (pa, pb) in a[whole..].chunks_exact(4).zip(b[whole..].chunks_exact(4)) {
            let (p, q) = (word(pa), word(pb));
            if q != last.0 {
                last = (q, Symbol::from(map.index(rgb_key(pb))));
            }
            out.push(if p == q { last.1 | FREE } else { last.1 });
        }
    }
}

/// Draws `views` (a game's positions in order, usually the start and one
/// per move) as an animated GIF that loops: one frame per view (stored as
/// a few rectangles, `diff.rs`), the last held longer. At most
/// [`MAX_FRAMES`] frames: a longer game keeps its start and its last
/// positions.
///
/// Frames are drawn and encoded one at a time: besides the views and the
/// GIF itself, memory holds three frames (the image shown before, the one
/// being encoded and the one after it), however long the game
/// (BENCHMARKS.md has the peak).
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
    let Some(first) = views.first() else {
        return Err(RenderError::NoFrames);
    };
    let pm = render_pixmap(first, opts)?;
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| RenderError::FrameSize { index: 0 })?,
        u16::try_from(h).map_err(|_| RenderError::FrameSize { index: 0 })?,
    );
    let palette = palette::fixed(opts.game, opts.theme, first.shape);
    let mut map = Mapper::new(&palette);

    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = Encoder::new(&mut out, gw, gh, &palette.bytes()).map_err(err)?;
    enc.set_repeat(Repeat::Infinite).map_err(err)?;
    let last = views.len() - 1;
    // Turns `pm`, the image of position `from`, into that of `to`.
    let step = |pm: &mut Pixmap, from: usize, to: usize| -> Result<(), RenderError> {
        redraw(pm, views[from], views[to], opts)?;
        if (pm.width() as usize, pm.height() as usize) != (w, h) {
            return Err(RenderError::FrameSize { index: to });
        }
        Ok(())
    };
    let mut buffer = Vec::with_capacity(w * h);
    // The first frame is whole: mapped against a frame that differs
    // everywhere (pixels are opaque, so alpha 0 never matches).
    let mut base: Vec<u8> = vec![0; w * h * 4];
    let whole = (0, 0, w, h);
    map_rect(&base, pm.data(), w, whole, &mut map, &mut buffer);
    let delay = if last == 0 {
        LAST_DELAY_CS
    } else {
        FIRST_DELAY_CS
    };
    write(&mut enc, whole, &buffer, delay, Stored::Whole).map_err(err)?;
    base.copy_from_slice(pm.data());
    // Each position is drawn one ahead, to see which changes it undoes;
    // three images in turn, each redrawn from the one two positions before.
    let mut now = if last > 0 {
        let mut next = pm.clone();
        step(&mut next, 0, 1)?;
        Some(next)
    } else {
        None
    };
    let mut before = pm;
    for i in 1..=last {
        let Some(next) = now.take() else { break };
        let ahead = if i < last {
            let mut ahead = before;
            step(&mut ahead, i - 1, i + 1)?;
            Some(ahead)
        } else {
            None
        };
        let delay = if i == last {
            LAST_DELAY_CS
        } else {
            MOVE_DELAY_CS
        };
        let plan = diff::plan(&base, next.data(), ahead.as_ref().map(Pixmap::data), w);
        let parts = plan.kept.len() + usize::from(plan.temporary.is_some());
        if parts == 0 {
            // Nothing changed: a one-pixel transparent frame keeps the
            // timing.
            buffer.clear();
            buffer.push(Symbol::from(TRANSPARENT));
            write(&mut enc, (0, 0, 1, 1), &buffer, delay, Stored::Kept).map_err(err)?;
        }
        let rest = delay.saturating_sub(BAND_DELAY_CS * (parts.max(1) as u16 - 1));
        for (k, &r) in plan.kept.iter().enumerate() {
            map_rect(&base, next.data(), w, r, &mut map, &mut buffer);
            let d = if k + 1 == parts { rest } else { BAND_DELAY_CS };
            write(&mut enc, r, &buffer, d, Stored::Kept).map_err(err)?;
            copy_rect(next.data(), &mut base, w, r);
        }
        if let Some(r) = plan.temporary {
            map_rect(&base, next.data(), w, r, &mut map, &mut buffer);
            write(&mut enc, r, &buffer, rest, Stored::Temporary).map_err(err)?;
        }
        before = next;
        now = ahead;
    }
    map.keep();
    drop(enc);
    Ok(out)
}

/// How a frame's rectangle is stored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stored {
    /// The first frame: every pixel, none transparent.
    Whole,
    /// Stays until painted over.
    Kept,
    /// Shown until the next frame, which first restores what lay under it.
    Temporary,
}

/// Writes one rectangle of pixels as a frame.
fn write(
    enc: &mut Encoder<&mut Vec<u8>>,
    r: Rect,
    pixels: &[Symbol],
    delay: u16,
    stored: Stored,
) -> Result<(), gif::EncodingError> {
    // The rectangle lies inside an image whose sides fit in u16.
    let frame = Frame {
        delay,
        dispose: match stored {
            Stored::Temporary => DisposalMethod::Previous,
            Stored::Whole | Stored::Kept => DisposalMethod::Keep,
        },
        transparent: (stored != Stored::Whole).then_some(TRANSPARENT),
        left: r.0 as u16,
        top: r.1 as u16,
        width: r.2 as u16,
        height: r.3 as u16,
        buffer: Cow::Owned(lzw::encode(pixels, TRANSPARENT)),
        ..Frame::default()
    };
    enc.write_lzw_pre_encoded_frame(&frame)
}

/// Copies the rectangle `r` of `from` into `to` (frames `width` wide).
fn copy_rect(from: &[u8], to: &mut [u8], width: usize, r: Rect) {
    for y in r.1..r.1 + r.3 {
        let start = (y * width + r.0) * 4;
        to[start..start + r.2 * 4].copy_from_slice(&from[start..start + r.2 * 4]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_pixels_are_free_and_unchanged_rows_transparent() {
        let p = crate::palette::Palette::from_samples(&[&[10, 10, 10, 255, 200, 0, 0, 255]]);
        let mut map = Mapper::new(&p);
        let grey = [10u8, 10, 10, 255];
        let red = [200u8, 0, 0, 255];
        // Row 0: red→grey, grey (unchanged), grey→red. Row 1 unchanged.
        let prev: Vec<u8> = [red, grey, grey, grey, grey, grey].concat();
        let next: Vec<u8> = [grey, grey, red, grey, grey, grey].concat();
        let mut out = Vec::new();
        map_rect(&prev, &next, 3, (0, 0, 3, 2), &mut map, &mut out);
        let g = Symbol::from(map.index(rgb_key(&grey)));
        let r = Symbol::from(map.index(rgb_key(&red)));
        let t = Symbol::from(TRANSPARENT);
        assert_eq!(out, vec![g, g | FREE, r, t, t, t]);
    }
}
