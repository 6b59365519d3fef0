//! Golden replay frames: a replay is decoded frame by frame (each stored
//! rectangle composited over the frame before, transparent pixels kept) and
//! chosen frames are compared with the renderer's own image of that
//! position, within what a 255-colour palette allows.

use tablero_render::{
    FIRST_DELAY_CS, LAST_DELAY_CS, MOVE_DELAY_CS, RenderError, RenderOptions, render_pixmap,
    render_replay,
};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

/// A decoded frame: the full canvas after it, and how it was stored.
struct Decoded {
    rgb: Vec<u8>,
    delay: u16,
    rect: (u16, u16, u16, u16),
}

fn decode(gif_bytes: &[u8]) -> (u16, u16, gif::Repeat, Vec<Decoded>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (dec.width(), dec.height());
    let palette = dec.global_palette().expect("one global palette").to_vec();
    let mut canvas = vec![0u8; w as usize * h as usize * 3];
    let mut frames = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("frame decodes") {
        assert!(f.palette.is_none(), "frames share the global palette");
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let i = f.buffer[y * f.width as usize + x];
                if Some(i) == f.transparent {
                    continue;
                }
                let at = ((f.top as usize + y) * w as usize + f.left as usize + x) * 3;
                canvas[at..at + 3].copy_from_slice(&palette[i as usize * 3..i as usize * 3 + 3]);
            }
        }
        frames.push(Decoded {
            rgb: canvas.clone(),
            delay: f.delay,
            rect: (f.left, f.top, f.width, f.height),
        });
    }
    let repeat = dec.repeat();
    (w, h, repeat, frames)
}

fn random_views(id: GameId, seed: u64, plies: usize) -> Vec<BoardView> {
    let mut rng = SplitMix64::new(seed);
    let mut g = AnyGame::new(id, &Setup::default()).unwrap();
    let mut views = vec![g.view()];
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(&moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
        views.push(g.view());
    }
    views
}

/// Compares a decoded frame with the renderer's image of `view`: every
/// pixel within 48 per channel of the original, and at most 0.1% of pixels
/// more than 16 off (the palette holds the common colours exactly; only
/// anti-aliased edges and rare shades move).
fn assert_frame_matches(frame: &Decoded, view: &BoardView, opts: &RenderOptions, what: &str) {
    let pm = render_pixmap(view, opts).unwrap();
    let want: Vec<u8> = pm
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    assert_eq!(want.len(), frame.rgb.len(), "{what}: size");
    let mut worst = 0u8;
    let mut off = 0usize;
    let mut worst_at = (0, [0u8; 3], [0u8; 3]);
    for (n, (a, b)) in want
        .chunks_exact(3)
        .zip(frame.rgb.chunks_exact(3))
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
            worst_at = (n, [a[0], a[1], a[2]], [b[0], b[1], b[2]]);
        }
        off += usize::from(d > 16);
    }
    let fraction = off as f64 / (want.len() / 3) as f64;
    eprintln!("{what}: worst {worst}, {:.3}% over 16", fraction * 100.0);
    let (n, a, b) = worst_at;
    let at = (n % pm.width() as usize, n / pm.width() as usize);
    assert!(
        worst <= 48,
        "{what}: pixel {at:?} is {worst} off: {a:?} drawn as {b:?} ({:.3}% over 16)",
        fraction * 100.0
    );
    assert!(
        fraction <= 0.001,
        "{what}: {:.2}% of pixels off",
        fraction * 100.0
    );
}

#[test]
fn frames_match_the_renderer() {
    for (id, seed, plies) in [
        (GameId::Chess, 7, 40),
        (GameId::KnightFight, 3, 30),
        (GameId::Cascades, 5, 30),
        (GameId::Guadalete14, 9, 30),
        (GameId::Bloc, 1, 40),
    ] {
        let views = random_views(id, seed, plies);
        let mut opts = RenderOptions::new(id);
        opts.players = ["Ana".into(), "Bo".into()];
        let bytes = render_replay(&views, &opts).unwrap();
        let (w, h, repeat, frames) = decode(&bytes);
        let pm = render_pixmap(&views[0], &opts).unwrap();
        assert_eq!((u32::from(w), u32::from(h)), (pm.width(), pm.height()));
        assert_eq!(repeat, gif::Repeat::Infinite);
        assert_eq!(frames.len(), views.len(), "{id}: one frame per position");
        let last = frames.len() - 1;
        for (i, f) in frames.iter().enumerate() {
            let want = match i {
                _ if i == last => LAST_DELAY_CS,
                0 => FIRST_DELAY_CS,
                _ => MOVE_DELAY_CS,
            };
            assert_eq!(f.delay, want, "{id} frame {i}");
        }
        assert_eq!(frames[0].rect, (0, 0, w, h), "the first frame is whole");
        // Later frames store only what changed: never the whole image.
        for f in &frames[1..] {
            assert!(
                u32::from(f.rect.2) * u32::from(f.rect.3) < u32::from(w) * u32::from(h),
                "{id}: a frame stored the whole image"
            );
        }
        for i in [0, 1, frames.len() / 2, last] {
            assert_frame_matches(&frames[i], &views[i], &opts, &format!("{id} frame {i}"));
        }
    }
}

#[test]
fn flipped_and_spanish_replays_match_too() {
    let views = random_views(GameId::Saltador, 11, 12);
    let mut opts = RenderOptions::new(GameId::Saltador);
    opts.flip = true;
    opts.lang = tablero_rules::Lang::Es;
    let (_, _, _, frames) = decode(&render_replay(&views, &opts).unwrap());
    assert_frame_matches(&frames[12], &views[12], &opts, "saltador flipped");
}

#[test]
fn bad_input_is_an_error() {
    let opts = RenderOptions::new(GameId::Chess);
    assert_eq!(render_replay(&[], &opts), Err(RenderError::NoFrames));
    let chess = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
    let g14 = AnyGame::new(GameId::Guadalete14, &Setup::default()).unwrap();
    assert_eq!(
        render_replay(&[chess.view(), g14.view()], &opts),
        Err(RenderError::FrameSize { index: 1 })
    );
    let mut bad = chess.view();
    bad.cells.push(bad.cells[0]);
    assert!(matches!(
        render_replay(&[chess.view(), bad], &opts),
        Err(RenderError::Duplicate(_))
    ));
    // A single position is a one-frame GIF held like a last frame.
    let (_, _, _, frames) = decode(&render_replay(&[chess.view()], &opts).unwrap());
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].delay, LAST_DELAY_CS);
}
