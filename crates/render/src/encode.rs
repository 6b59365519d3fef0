//! PNG output: opaque RGB, Paeth-filtered, deflated at zlib level 1.
//!
//! Measured on full boards (see BENCHMARKS.md): fdeflate's ultra-fast mode
//! is quicker by a millisecond but misses the long repeats a board is full
//! of (the same sprite on many squares) and gives files 60–70% larger,
//! close to the 80 KB budget; level 2 and up cost 5–10 ms for a few KB.

use tiny_skia::Pixmap;

use crate::RenderError;

pub(crate) fn png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    // The canvas is painted opaque first, so premultiplied RGBA is plain RGBA
    // and the alpha channel carries nothing.
    let mut rgb = Vec::with_capacity(pm.data().len() / 4 * 3);
    for p in pm.data().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_deflate_compression(png::DeflateCompression::Level(1));
    enc.set_filter(png::Filter::Paeth);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&rgb).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
