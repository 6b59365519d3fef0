//! PNG output: opaque RGB, "Up"-filtered, deflated at zlib level 2 by
//! zlib-rs (flate2's `zlib-rs` backend, chosen in the workspace).
//!
//! Measured on full boards (`cargo bench -p tablero-render --bench render
//! -- --encoders`, BENCHMARKS.md): fdeflate's ultra-fast mode misses the
//! long repeats a board is full of (the same sprite on many squares) and
//! gives files 60–70% larger. zlib-rs deflates level 2 in about 1.1 ms,
//! less than miniz_oxide took for level 1 (1.7–1.8 ms), into files 15–20%
//! smaller; a board's rows repeat the row above so often that the cheap
//! Up filter compresses as well as Paeth, 0.2 ms sooner.

use tiny_skia::Pixmap;

use crate::RenderError;

pub(crate) fn png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    // The canvas is painted opaque first, so premultiplied RGBA is plain RGBA
    // and the alpha channel carries nothing. Copied into a buffer of the
    // final size: pushing three bytes at a time took a sixth of a move's
    // CPU time in the app bench.
    let mut rgb = vec![0u8; pm.data().len() / 4 * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(pm.data().chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_deflate_compression(png::DeflateCompression::Level(2));
    enc.set_filter(png::Filter::Up);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&rgb).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
