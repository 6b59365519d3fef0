//! Golden images: every case of `golden/cases.txt` is drawn and compared,
//! pixel by pixel after decoding, with `golden/<game>-<name>.png`.
//!
//! `TABLERO_BLESS=1 cargo test -p tablero-render --test it golden::` writes the
//! current images as the new goldens; look at each before committing. On a
//! mismatch the new image is left in `target/golden-failures/` beside the
//! old one's name.

use crate::support;

use support::compare::{Image, blessing, check_golden, difference};

use tablero_render::{render_pixmap, render_png};

#[test]
fn every_case_matches_its_golden_image() {
    let bless = blessing();
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
        failures.extend(check_golden(&file, &png, bless));
    }
    assert!(
        failures.is_empty(),
        "golden images differ (new ones in target/golden-failures/):\n{}",
        failures.join("\n")
    );
}

/// The PNG as an RGB encoder with the same settings would write it.
fn rgb_png(pm: &tiny_skia::Pixmap) -> Vec<u8> {
    let rgb: Vec<u8> = pm
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_deflate_compression(png::DeflateCompression::Level(2));
    enc.set_filter(png::Filter::Up);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&rgb).unwrap();
    w.finish().unwrap();
    out
}

/// How far a decoded board may be from the renderer's own pixels when it
/// has more than 256 colours and is drawn in its game's fixed palette: the
/// bounds of the replays' frames (`replay.rs`), which use the same palette
/// and mapping. The palette holds the theme's colours exactly, so only
/// anti-aliased edges move (measured: worst 33 per channel, at most 0.05 %
/// of pixels more than 16 off; BENCHMARKS.md).
const MAX_OFF: u8 = 48;
const MAX_FRACTION_OVER_16: f64 = 0.001;

/// Every board PNG is indexed and smaller than the RGB one; a board of at
/// most 256 colours decodes to exactly the pixels the renderer drew, any
/// other within [`MAX_OFF`] per channel and [`MAX_FRACTION_OVER_16`].
#[test]
fn every_png_is_indexed_and_close_to_the_drawn_pixels() {
    let mut exact = 0;
    let mut mapped = 0;
    for case in support::cases() {
        let file = case.file();
        let view = case.game().unwrap().view();
        let pm = render_pixmap(&view, &case.opts).unwrap();
        let png = render_png(&view, &case.opts).unwrap();
        let decoded = support::compare::decode(&png).unwrap();
        let drawn: Vec<u8> = pm
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let info = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .unwrap()
            .info()
            .color_type;
        assert_eq!(info, png::ColorType::Indexed, "{file}");
        let rgb = rgb_png(&pm).len();
        assert!(png.len() < rgb, "{file}: {} ≥ {rgb}", png.len());
        let colours: std::collections::HashSet<&[u8]> = drawn.chunks_exact(3).collect();
        if colours.len() <= 256 {
            exact += 1;
            assert!(decoded.rgb == drawn, "{file}: pixels differ");
            continue;
        }
        mapped += 1;
        let (mut worst, mut over, mut at) = (0u8, 0usize, (0, [0u8; 3], [0u8; 3]));
        for (n, (a, b)) in drawn
            .chunks_exact(3)
            .zip(decoded.rgb.chunks_exact(3))
            .enumerate()
        {
            let d = a
                .iter()
                .zip(b)
                .map(|(x, y)| x.abs_diff(*y))
                .max()
                .unwrap_or(0);
            if d > worst {
                worst = d;
                at = (n, [a[0], a[1], a[2]], [b[0], b[1], b[2]]);
            }
            over += usize::from(d > 16);
        }
        let fraction = over as f64 / (drawn.len() / 3) as f64;
        eprintln!(
            "{file}: {} colours, worst {worst}, {:.3}% over 16",
            colours.len(),
            fraction * 100.0
        );
        let (n, a, b) = at;
        let xy = (n % pm.width() as usize, n / pm.width() as usize);
        assert!(
            worst <= MAX_OFF,
            "{file}: pixel {xy:?} is {worst} off: {a:?} drawn as {b:?}"
        );
        assert!(
            fraction <= MAX_FRACTION_OVER_16,
            "{file}: {:.3}% of pixels more than 16 off",
            fraction * 100.0
        );
    }
    // Boards of few colours (starts, stones, Barrier) are exact; chess
    // boards and the like are mapped.
    assert!(exact >= 8, "only {exact} exact");
    assert!(mapped >= 8, "only {mapped} mapped");
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
