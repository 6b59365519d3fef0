//! Golden images: every case of `golden/cases.txt` is drawn and compared,
//! pixel by pixel after decoding, with `golden/<game>-<name>.png`.
//!
//! `TABLERO_BLESS=1 cargo test -p tablero-render --test golden` writes the
//! current images as the new goldens; look at each before committing. On a
//! mismatch the new image is left in `target/golden-failures/` beside the
//! old one's name.

mod support;

use std::path::{Path, PathBuf};

use tablero_render::render_png;

/// Pixels may differ a little (another CPU's SIMD path, another resvg); a
/// real change moves many pixels a lot.
const MAX_CHANNEL_DELTA: u8 = 24;
const MAX_CHANGED_FRACTION: f64 = 0.002;

struct Image {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Result<Image, String> {
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
fn difference(want: &Image, got: &Image) -> Option<String> {
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

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[test]
fn every_case_matches_its_golden_image() {
    let bless = std::env::var_os("TABLERO_BLESS").is_some_and(|v| v == "1");
    let failures_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/golden-failures");
    let mut failures = Vec::new();
    let cases = support::cases();
    assert!(!cases.is_empty(), "cases.txt lists no case");
    for case in cases {
        let file = case.file();
        let view = match case.game() {
            Ok(g) => g.view(),
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let png = render_png(&view, &case.opts).unwrap_or_else(|e| panic!("{file}: {e}"));
        let path = golden_dir().join(&file);
        if bless {
            std::fs::write(&path, &png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let problem = match std::fs::read(&path) {
            Err(e) => Some(format!("no golden image ({e}); run with TABLERO_BLESS=1")),
            Ok(bytes) => match (decode(&bytes), decode(&png)) {
                (Ok(want), Ok(got)) => difference(&want, &got),
                (Err(e), _) => Some(format!("golden does not decode: {e}")),
                (_, Err(e)) => Some(format!("output does not decode: {e}")),
            },
        };
        if let Some(p) = problem {
            let _ = std::fs::create_dir_all(&failures_dir);
            let _ = std::fs::write(failures_dir.join(&file), &png);
            failures.push(format!("{file}: {p}"));
        }
    }
    assert!(
        failures.is_empty(),
        "golden images differ (new ones in target/golden-failures/):\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_comparison_sees_real_changes() {
    let base = Image {
        width: 100,
        height: 100,
        rgb: vec![200; 30_000],
    };
    let mut noisy = Image {
        rgb: base.rgb.clone(),
        ..base
    };
    for p in noisy.rgb.iter_mut().step_by(7) {
        *p = p.saturating_sub(3);
    }
    assert_eq!(difference(&base, &noisy), None);
    let mut changed = Image {
        rgb: base.rgb.clone(),
        ..base
    };
    for p in &mut changed.rgb[..3 * 500] {
        *p = 0;
    }
    assert!(difference(&base, &changed).is_some());
}
