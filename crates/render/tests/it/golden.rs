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

/// Indexed PNGs are lossless: every case decodes to exactly the pixels the
/// renderer drew (the golden comparison allows a little), and where the
/// file is indexed it is smaller than the RGB one.
#[test]
fn every_png_decodes_to_exactly_the_drawn_pixels() {
    let mut indexed = 0;
    for case in support::cases() {
        let view = case.game().unwrap().view();
        let pm = render_pixmap(&view, &case.opts).unwrap();
        let png = render_png(&view, &case.opts).unwrap();
        let decoded = support::compare::decode(&png).unwrap();
        let drawn: Vec<u8> = pm
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        assert!(decoded.rgb == drawn, "{}: pixels differ", case.file());
        let info = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .unwrap()
            .info()
            .color_type;
        if info == png::ColorType::Indexed {
            indexed += 1;
            let rgb = rgb_png(&pm).len();
            assert!(png.len() < rgb, "{}: {} ≥ {rgb}", case.file(), png.len());
        }
    }
    // Boards of few colours (starts, stones, Barrier) are indexed.
    assert!(indexed >= 8, "only {indexed} indexed");
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
