//! PNG output: indexed colour when the image has at most 256 colours (its
//! palette is then exactly its colours, so the file is lossless); a board
//! with more (anti-aliased pieces) is drawn into its game's fixed palette
//! ([`board_png`]), anything else (charts, marked boards) is opaque RGB.
//! Most boards come here already as indices ([`indexed`], from
//! `compose.rs`); [`board_png`] indexes those it does not compose.
//! "Up"-filtered, deflated at zlib level 2 by zlib-rs (flate2's `zlib-rs`
//! backend, chosen in the workspace).
//!
//! Measured on full boards (`cargo bench -p tablero-render --bench render
//! -- --encoders`, BENCHMARKS.md): fdeflate's ultra-fast mode misses the
//! long repeats a board is full of (the same sprite on many squares) and
//! gives files 60–70% larger. zlib-rs deflates level 2 in about 1.1 ms,
//! less than miniz_oxide took for level 1 (1.7–1.8 ms), into files 15–20%
//! smaller; a board's rows repeat the row above so often that the cheap
//! Up filter compresses as well as Paeth, 0.2 ms sooner. An indexed image
//! is a third of the bytes to filter and deflate: faster and smaller. On
//! an indexed chess board (callgrind, `examples/board.rs`), level 1 saves
//! a fifteenth of the instructions for a file 23% larger, no filter is
//! slower and larger, level 3 a fifth slower for 0.4% smaller. Composed
//! (deflating is then three quarters of a chess board's instructions),
//! level 1 saves 18% of them for a file 22% larger, level 3 costs 31% more
//! for 0.4% smaller: level 2 stays.

use std::sync::Arc;

use tiny_skia::Pixmap;

use crate::RenderError;
use crate::diff::word;
use crate::palette::{Mapper, Palette, rgb_key};

pub(crate) fn png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    match exact(pm.data(), pm.width() as usize) {
        Some((palette, indices)) => {
            write(size(pm), png::ColorType::Indexed, Some(&palette), &indices)
        }
        None => write(size(pm), png::ColorType::Rgb, None, &rgb(pm.data())),
    }
}

/// A board image: indexed with exactly its colours when it has at most
/// 256, else mapped to its game's fixed palette (the replays' palette),
/// each colour to the nearest entry. The palette holds the theme's colours
/// exactly (squares, marks, strips, piece bodies, text); only anti-aliased
/// shades move, within the bounds `tests/it/golden.rs` checks. `palette`
/// is asked for only then.
///
/// One pass: pixels are indexed exactly until a 257th colour turns up;
/// then the indices so far are translated into the palette's and the rest
/// mapped to it.
pub(crate) fn board_png(
    pm: &Pixmap,
    palette: impl FnOnce() -> Arc<Palette>,
) -> Result<Vec<u8>, RenderError> {
    let (data, width) = (pm.data(), pm.width() as usize);
    let mut indices = vec![0u8; data.len() / 4];
    let mut table = vec![(0u32, 0u8); SLOTS];
    let mut colours = Vec::with_capacity(256 * 3);
    // Every eighth row first: an image of many colours (a chess board's
    // anti-aliased pieces) shows its 257th early and is mapped from the
    // start; the colours found are kept for the exact pass.
    let sparse = data.chunks_exact(width * 4).step_by(8).all(|row| {
        let mut last = 0u32;
        row.chunks_exact(4).all(|p| {
            let w = word(p);
            let known = w == last || find_or_add(&mut table, &mut colours, w, p).is_some();
            last = w;
            known
        })
    });
    let stop = if sparse {
        let Some(stop) = index_from(data, width, &mut indices, 0, |w, p| {
            find_or_add(&mut table, &mut colours, w, p)
        }) else {
            return write(size(pm), png::ColorType::Indexed, Some(&colours), &indices);
        };
        stop
    } else {
        0
    };
    let palette = palette();
    let mut map = Mapper::new(&palette);
    let mut into = [0u8; 256];
    for (to, c) in into.iter_mut().zip(colours.chunks_exact(3)) {
        *to = map.index(rgb_key(c));
    }
    for i in &mut indices[..stop] {
        *i = into[usize::from(*i)];
    }
    index_from(data, width, &mut indices, stop, |_, p| {
        Some(map.index(rgb_key(p)))
    });
    map.keep();
    let colours: Vec<u8> = palette.rgb.iter().flatten().copied().collect();
    write(size(pm), png::ColorType::Indexed, Some(&colours), &indices)
}

/// Indexes the opaque RGBA pixels `data` (rows `width` wide) from pixel
/// `start` on, each by `index(word, rgba)`; `Some(pixel)` where `index`
/// gave up, leaving the pixels from there on. A pixel equal to the one
/// before takes its index, a row equal to the one above its indices.
// Inlined into each caller with its own `index` (callgrind, examples/
// board.rs: 2–3 % fewer instructions for a composed board).
#[inline(always)]
pub(crate) fn index_from(
    data: &[u8],
    width: usize,
    indices: &mut [u8],
    start: usize,
    mut index: impl FnMut(u32, &[u8]) -> Option<u8>,
) -> Option<usize> {
    let stride = width * 4;
    // A word of alpha 0 is never a pixel.
    let mut last = (0u32, 0u8);
    for y in start / width..data.len() / stride.max(1) {
        let at = y * width;
        let row = &data[at * 4..at * 4 + stride];
        if y > 0 && at >= start && row == &data[at * 4 - stride..at * 4] {
            indices.copy_within(at - width..at, at);
            continue;
        }
        let from = start.saturating_sub(at);
        let (pixels, out) = (&row[from * 4..], &mut indices[at + from..at + width]);
        // Four pixels at a time: most repeat the one before (squares,
        // strips, ground), and sixteen bytes compare at once.
        let mut run = [0u8; 16];
        for (k, (quad, to)) in pixels
            .chunks_exact(16)
            .zip(out.chunks_exact_mut(4))
            .enumerate()
        {
            if quad == run {
                to.fill(last.1);
                continue;
            }
            for (j, (p, to)) in quad.chunks_exact(4).zip(to).enumerate() {
                let w = word(p);
                if w != last.0 {
                    let Some(i) = index(w, p) else {
                        return Some(at + from + 4 * k + j);
                    };
                    last = (w, i);
                    for r in run.chunks_exact_mut(4) {
                        r.copy_from_slice(p);
                    }
                }
                *to = last.1;
            }
        }
        let done = pixels.len() / 16 * 4;
        for (j, (p, to)) in pixels[done * 4..]
            .chunks_exact(4)
            .zip(&mut out[done..])
            .enumerate()
        {
            let w = word(p);
            if w != last.0 {
                let Some(i) = index(w, p) else {
                    return Some(at + from + done + j);
                };
                last = (w, i);
                for r in run.chunks_exact_mut(4) {
                    r.copy_from_slice(p);
                }
            }
            *to = last.1;
        }
    }
    None
}

/// An indexed PNG of `width` × `height` pixels: `indices` into
/// `palette` (RGB triples).
pub(crate) fn indexed(
    width: u32,
    height: u32,
    palette: &[u8],
    indices: &[u8],
) -> Result<Vec<u8>, RenderError> {
    write(
        (width, height),
        png::ColorType::Indexed,
        Some(palette),
        indices,
    )
}

fn write(
    (width, height): (u32, u32),
    color: png::ColorType,
    palette: Option<&[u8]>,
    data: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    if let Some(p) = palette {
        enc.set_palette(p);
    }
    enc.set_deflate_compression(png::DeflateCompression::Level(2));
    enc.set_filter(png::Filter::Up);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(data).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

fn size(pm: &Pixmap) -> (u32, u32) {
    (pm.width(), pm.height())
}

/// Slots of the colour table: four times the most colours kept, so probes
/// stay short.
const SLOTS: usize = 1024;

/// Opaque RGBA pixels (premultiplied is then plain) of rows `width` wide
/// as indexed colour, if they have at most 256 colours: RGB triples in
/// order of first appearance, and each pixel's index among them.
///
/// The colours are counted first, every eighth row before the others:
/// an image of many colours (a chess board's anti-aliased pieces) shows its
/// 257th early, so it pays for a part of a scan before its RGB copy.
pub(crate) fn exact(rgba: &[u8], width: usize) -> Option<(Vec<u8>, Vec<u8>)> {
    let stride = width * 4;
    let rows = rgba.len() / stride.max(1);
    let mut table = vec![(0u32, 0u8); SLOTS];
    let mut palette = Vec::with_capacity(256 * 3);
    // Every eighth row, then the fourth, second and first between them.
    let order = (0..rows)
        .step_by(8)
        .chain((4..rows).step_by(8))
        .chain((2..rows).step_by(4))
        .chain((1..rows).step_by(2));
    for y in order {
        // A word of alpha 0 is never a pixel.
        let mut last = 0u32;
        for p in rgba[y * stride..(y + 1) * stride].chunks_exact(4) {
            let w = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
            // Most pixels repeat the one before (squares, strips, background).
            if w != last {
                find_or_add(&mut table, &mut palette, w, p)?;
                last = w;
            }
        }
    }
    let mut indices = vec![0u8; rgba.len() / 4];
    let mut last = (0u32, 0u8);
    for (p, to) in rgba.chunks_exact(4).zip(indices.iter_mut()) {
        let w = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
        if w != last.0 {
            // Every colour is in the table by now.
            last = (w, find_or_add(&mut table, &mut palette, w, p).unwrap_or(0));
        }
        *to = last.1;
    }
    Some((palette, indices))
}

/// Each pixel's RGB. Copied into a buffer of the final size: pushing
/// three bytes at a time took a sixth of a move's CPU time in the app
/// bench.
fn rgb(rgba: &[u8]) -> Vec<u8> {
    let mut rgb = vec![0u8; rgba.len() / 4 * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    rgb
}

/// The index of the pixel word `w` (RGBA `p`), added to the palette if new;
/// `None` if the palette already holds 256 other colours.
fn find_or_add(table: &mut [(u32, u8)], palette: &mut Vec<u8>, w: u32, p: &[u8]) -> Option<u8> {
    let mut slot = (w.wrapping_mul(0x9E37_79B1) >> 22) as usize;
    loop {
        let (k, index) = table[slot];
        if k == w {
            return Some(index);
        }
        if k == 0 {
            let next = palette.len() / 3;
            if next == 256 {
                return None;
            }
            table[slot] = (w, next as u8);
            palette.extend_from_slice(&p[..3]);
            return Some(next as u8);
        }
        slot = (slot + 1) % SLOTS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(colours: u32) -> Pixmap {
        let mut pm = Pixmap::new(40, 30).unwrap();
        for (i, p) in pm.data_mut().chunks_exact_mut(4).enumerate() {
            let c = (i as u32 * 7) % colours;
            p.copy_from_slice(&[(c % 256) as u8, (c / 256) as u8, 9, 255]);
        }
        pm
    }

    fn decode(bytes: &[u8]) -> (png::ColorType, Vec<u8>) {
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(png::Transformations::EXPAND);
        let mut r = d.read_info().unwrap();
        let color = r.info().color_type;
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (color, buf)
    }

    #[test]
    fn up_to_256_colours_are_indexed_and_lossless() {
        for (colours, want) in [
            (1, png::ColorType::Indexed),
            (256, png::ColorType::Indexed),
            (257, png::ColorType::Rgb),
            (1200, png::ColorType::Rgb),
        ] {
            let pm = image(colours);
            let (color, rgb) = decode(&png(&pm).unwrap());
            assert_eq!(color, want, "{colours} colours");
            let original: Vec<u8> = pm
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            assert!(rgb == original, "{colours} colours: pixels differ");
        }
    }
}
