//! PNG output: indexed colour when the image has at most 256 colours (its
//! palette is then exactly its colours, so the file is lossless), else
//! opaque RGB; "Up"-filtered, deflated at zlib level 2 by zlib-rs
//! (flate2's `zlib-rs` backend, chosen in the workspace).
//!
//! Measured on full boards (`cargo bench -p tablero-render --bench render
//! -- --encoders`, BENCHMARKS.md): fdeflate's ultra-fast mode misses the
//! long repeats a board is full of (the same sprite on many squares) and
//! gives files 60–70% larger. zlib-rs deflates level 2 in about 1.1 ms,
//! less than miniz_oxide took for level 1 (1.7–1.8 ms), into files 15–20%
//! smaller; a board's rows repeat the row above so often that the cheap
//! Up filter compresses as well as Paeth, 0.2 ms sooner. An indexed image
//! is a third of the bytes to filter and deflate: faster and smaller.

use tiny_skia::Pixmap;

use crate::RenderError;

pub(crate) fn png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    match indexed(pm.data()) {
        Some((palette, indices)) => write(pm, png::ColorType::Indexed, Some(&palette), &indices),
        None => png_rgb(pm),
    }
}

/// Opaque RGB, whatever the number of colours.
pub(crate) fn png_rgb(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    // The canvas is painted opaque first, so premultiplied RGBA is plain RGBA
    // and the alpha channel carries nothing. Copied into a buffer of the
    // final size: pushing three bytes at a time took a sixth of a move's
    // CPU time in the app bench.
    let mut rgb = vec![0u8; pm.data().len() / 4 * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(pm.data().chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    write(pm, png::ColorType::Rgb, None, &rgb)
}

fn write(
    pm: &Pixmap,
    color: png::ColorType,
    palette: Option<&[u8]>,
    data: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
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

/// Slots of the colour table: four times the most colours kept, so probes
/// stay short.
const SLOTS: usize = 1024;

/// The image's colours (RGB triples, in order of first appearance) and each
/// pixel's index among them; `None` if there are more than 256.
fn indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    const EMPTY: u32 = u32::MAX;
    let mut table = vec![(EMPTY, 0u8); SLOTS];
    let mut palette = Vec::with_capacity(256 * 3);
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    let mut last = (EMPTY, 0u8);
    for p in rgba.chunks_exact(4) {
        let key = u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
        // Most pixels repeat the one before (squares, strips, background).
        if key != last.0 {
            let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            let index = loop {
                let (k, i) = table[slot];
                if k == key {
                    break i;
                }
                if k == EMPTY {
                    let n = palette.len() / 3;
                    if n == 256 {
                        return None;
                    }
                    table[slot] = (key, n as u8);
                    palette.extend_from_slice(&p[..3]);
                    break n as u8;
                }
                slot = (slot + 1) % SLOTS;
            };
            last = (key, index);
        }
        indices.push(last.1);
    }
    Some((palette, indices))
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
