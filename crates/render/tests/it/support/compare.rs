//! Comparing images by decoded pixels, for the golden tests.

use std::path::{Path, PathBuf};

/// Pixels may differ a little (another CPU's SIMD path, another resvg); a
/// real change moves many pixels a lot.
pub const MAX_CHANNEL_DELTA: u8 = 24;
pub const MAX_CHANGED_FRACTION: f64 = 0.002;

pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

pub fn decode(bytes: &[u8]) -> Result<Image, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader.output_buffer_size().ok_or("image too large")?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    buf.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => return Err(format!("unexpected colour type {other:?}")),
    };
    Ok(Image {
        width: info.width,
        height: info.height,
        rgb,
    })
}

/// `None` when the images match within the tolerance, else what differs.
pub fn difference(want: &Image, got: &Image) -> Option<String> {
    if (want.width, want.height) != (got.width, got.height) {
        return Some(format!(
            "size {}×{} instead of {}×{}",
            got.width, got.height, want.width, want.height
        ));
    }
    let changed = want
        .rgb
        .chunks_exact(3)
        .zip(got.rgb.chunks_exact(3))
        .filter(|(a, b)| {
            a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.abs_diff(*y) > MAX_CHANNEL_DELTA)
        })
        .count();
    let fraction = changed as f64 / f64::from(want.width * want.height);
    (fraction > MAX_CHANGED_FRACTION)
        .then(|| format!("{changed} pixels differ ({:.2}%)", fraction * 100.0))
}

pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `png` with the golden file `name` in `tests/golden/` (or writes
/// it there when blessing); `Some(problem)` on a mismatch, with the new
/// image left in `target/golden-failures/`.
pub fn check_golden(name: &str, png: &[u8], bless: bool) -> Option<String> {
    let path = golden_dir().join(name);
    if bless {
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return None;
    }
    let problem = match std::fs::read(&path) {
        Err(e) => Some(format!("no golden image ({e}); run with TABLERO_BLESS=1")),
        Ok(bytes) => match (decode(&bytes), decode(png)) {
            (Ok(want), Ok(got)) => difference(&want, &got),
            (Err(e), _) => Some(format!("golden does not decode: {e}")),
            (_, Err(e)) => Some(format!("output does not decode: {e}")),
        },
    };
    if problem.is_some() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/golden-failures");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(name), png);
    }
    problem.map(|p| format!("{name}: {p}"))
}

/// Whether `TABLERO_BLESS=1` asks for new goldens.
pub fn blessing() -> bool {
    std::env::var_os("TABLERO_BLESS").is_some_and(|v| v == "1")
}
