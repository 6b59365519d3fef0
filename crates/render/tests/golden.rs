//! Golden images: every case of `golden/cases.txt` is drawn and compared,
//! pixel by pixel after decoding, with `golden/<game>-<name>.png`.
//!
//! `TABLERO_BLESS=1 cargo test -p tablero-render --test golden` writes the
//! current images as the new goldens; look at each before committing. On a
//! mismatch the new image is left in `target/golden-failures/` beside the
//! old one's name.

mod support;

use support::compare::{Image, blessing, check_golden, difference};

use tablero_render::render_png;

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
