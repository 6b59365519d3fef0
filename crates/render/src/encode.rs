//! PNG output: opaque RGB, fast deflate with adaptive filtering, which keeps
//! a chess board well under 80 KB in about a millisecond.

use tiny_skia::Pixmap;

use crate::RenderError;

pub(crate) fn png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    // The canvas is painted opaque first, so premultiplied RGBA is plain RGBA
    // and the alpha channel carries nothing.
    let rgb: Vec<u8> = pm
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    enc.set_filter(png::Filter::Adaptive);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&rgb).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
