//! Render + encode timings for every case of `tests/golden/cases.txt`.
//!
//! `cargo bench -p tablero-render --bench render [FILTER]` prints, per
//! image: the time of its very first drawing (which rasterises the sprites
//! it is the first to need); then, warm, the median and 90th percentile wall
//! time of drawing plus PNG encoding, the median CPU time of the same (this
//! thread's time on a CPU, so that a busy machine does not inflate it), the
//! median CPU time of drawing the RGBA image alone (`render_pixmap`, which
//! `render_png` uses only for the boards it does not compose from kept
//! parts: hexagons, Barrier's trails), and the PNG size. A bot renders many
//! images per process, so the warm figures are what matters.
//!
//! Beside each image, the peer (`support/peer.rs`: python-chess + cairosvg,
//! the way Python bots draw a board) drawing the chess position of the
//! same stage (start, mid, end; other stages count as mid) as a 640-pixel
//! PNG, timed in this run before and after ours (the mean of the two
//! medians): its CPU ms, how many times ours that is, and its PNG size.
//!
//! `-- --encoders` instead compares PNG encoder settings on three images.

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/peer.rs"]
mod peer;
#[path = "../tests/it/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use tablero_render::{render_pixmap, render_png};

const RUNS: usize = 200;
/// The peer is about 50 times slower: fewer runs give as steady a median.
const PEER_RUNS: usize = 15;
const STAGES: [&str; 3] = ["start", "mid", "end"];

fn ms(times: &mut [Duration], p: f64) -> f64 {
    times.sort();
    let i = ((times.len() - 1) as f64 * p).round() as usize;
    times[i].as_secs_f64() * 1000.0
}

/// Encodes `pm` with the given settings: (best-of-20 CPU ms, bytes).
fn encode_with(
    pm: &tiny_skia::Pixmap,
    deflate: png::DeflateCompression,
    filter: png::Filter,
) -> (f64, usize) {
    let mut rgb = Vec::with_capacity(pm.data().len() / 4 * 3);
    for p in pm.data().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    let mut best = Duration::MAX;
    let mut size = 0;
    for _ in 0..20 {
        let (_, cpu) = cpu::time(|| {
            let mut out = Vec::new();
            let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
            enc.set_color(png::ColorType::Rgb);
            enc.set_deflate_compression(deflate);
            enc.set_filter(filter);
            let mut w = enc.write_header().expect("header");
            w.write_image_data(&rgb).expect("data");
            w.finish().expect("finish");
            size = out.len();
        });
        best = best.min(cpu);
    }
    (best.as_secs_f64() * 1000.0, size)
}

/// The encoder settings considered, on a few typical images.
fn compare_encoders() {
    use png::{DeflateCompression as D, Filter as F};
    let settings = [
        ("fdeflate, adaptive", D::FdeflateUltraFast, F::Adaptive),
        ("fdeflate, paeth", D::FdeflateUltraFast, F::Paeth),
        ("zlib 1, paeth", D::Level(1), F::Paeth),
        ("zlib 1, adaptive", D::Level(1), F::Adaptive),
        ("zlib 1, up", D::Level(1), F::Up),
        ("zlib 2, paeth", D::Level(2), F::Paeth),
        ("zlib 2, up (used)", D::Level(2), F::Up),
        ("zlib 2, sub", D::Level(2), F::Sub),
        ("zlib 3, up", D::Level(3), F::Up),
        ("zlib 6, adaptive", D::Level(6), F::Adaptive),
    ];
    println!(
        "{:<22} {:>22} {:>22} {:>22}",
        "encoder (cpu ms, KB)", "chess-mid", "bloc-start", "knightfight-end"
    );
    let all = support::cases();
    let pixmaps: Vec<_> = ["chess-mid.png", "bloc-start.png", "knightfight-end.png"]
        .iter()
        .map(|file| {
            let c = all.iter().find(|c| c.file() == *file).expect("case listed");
            render_pixmap(&c.game().expect("plays").view(), &c.opts).expect("renders")
        })
        .collect();
    for (name, d, f) in settings {
        let cells: Vec<String> = pixmaps
            .iter()
            .map(|pm| {
                let (ms, bytes) = encode_with(pm, d, f);
                format!("{ms:.2} ms {:.1} KB", bytes as f64 / 1024.0)
            })
            .collect();
        println!(
            "{:<22} {:>22} {:>22} {:>22}",
            name, cells[0], cells[1], cells[2]
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `--encoders` compares PNG settings;
    // another word filters the cases.
    if std::env::args().any(|a| a == "--encoders") {
        compare_encoders();
        return;
    }
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let cases = support::cases();
    let fens: Vec<String> = STAGES
        .iter()
        .map(|stage| {
            let c = cases
                .iter()
                .find(|c| c.file() == format!("chess-{stage}.png"))
                .expect("chess cases listed");
            peer::fen(&c.game().expect("plays").view())
        })
        .collect();
    let peer = peer::Peer::setup();
    let before = peer.as_ref().and_then(|p| p.measure(&fens, PEER_RUNS));
    println!(
        "{:<24} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7} {:>9} {:>8}",
        "image", "first ms", "wall med", "wall p90", "cpu med", "draw cpu", "KB", "size", "colour"
    );
    let mut ours: Vec<(String, f64, usize)> = Vec::new();
    for case in cases {
        let file = case.file();
        if filter.as_ref().is_some_and(|f| !file.contains(f.as_str())) {
            continue;
        }
        let view = case.game().expect("case plays").view();
        // The first image of a case pays for rasterising sprites and glyphs
        // not yet cached (all of them, for the first case).
        let (first, _) = cpu::time(|| {
            black_box(render_png(&view, &case.opts).expect("renders"));
        });
        let png = render_png(&view, &case.opts).expect("renders");
        let pm = render_pixmap(&view, &case.opts).expect("renders");
        let (mut wall, mut cpu, mut draw) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let (_, d) = cpu::time(|| {
                black_box(render_pixmap(black_box(&view), &case.opts).expect("renders"));
            });
            draw.push(d);
            let (w, c) = cpu::time(|| {
                black_box(render_png(black_box(&view), &case.opts).expect("renders"));
            });
            wall.push(w);
            cpu.push(c);
        }
        let indexed = png[25] == 3;
        let name = file.trim_end_matches(".png").to_string();
        let cpu_med = ms(&mut cpu, 0.5);
        println!(
            "{:<24} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>7.1} {:>9} {:>8}",
            name,
            first.as_secs_f64() * 1000.0,
            ms(&mut wall, 0.5),
            ms(&mut wall, 0.9),
            cpu_med,
            ms(&mut draw, 0.5),
            png.len() as f64 / 1024.0,
            format!("{}×{}", pm.width(), pm.height()),
            if indexed { "indexed" } else { "RGB" },
        );
        ours.push((name, cpu_med, png.len()));
    }
    let after = peer.as_ref().and_then(|p| p.measure(&fens, PEER_RUNS));
    if let (Some(b), Some(a)) = (before, after) {
        compare_with_peer(&ours, &b, &a);
    }
}

/// Each image beside the peer's chess board of the same stage.
fn compare_with_peer(
    ours: &[(String, f64, usize)],
    before: &[peer::PeerFigure],
    after: &[peer::PeerFigure],
) {
    println!();
    for (i, stage) in STAGES.iter().enumerate() {
        println!(
            "peer chess-{stage}: {:.1} ms before ours, {:.1} ms after, {:.1} KB",
            before[i].cpu_ms,
            after[i].cpu_ms,
            before[i].bytes as f64 / 1024.0
        );
    }
    println!(
        "{:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "image", "cpu med", "peer ms", "× faster", "KB", "peer KB"
    );
    let mut chess = Vec::new();
    for (name, cpu, bytes) in ours {
        let i = STAGES
            .iter()
            .position(|s| name.ends_with(&format!("-{s}")))
            .unwrap_or(1);
        let peer_ms = (before[i].cpu_ms + after[i].cpu_ms) / 2.0;
        let ratio = peer_ms / cpu;
        if name.starts_with("chess-") {
            chess.push(ratio);
        }
        println!(
            "{:<24} {:>8.2} {:>8.1} {:>8.1} {:>8.1} {:>8.1}",
            name,
            cpu,
            peer_ms,
            ratio,
            *bytes as f64 / 1024.0,
            before[i].bytes as f64 / 1024.0
        );
    }
    if !chess.is_empty() {
        let low = chess.iter().copied().fold(f64::INFINITY, f64::min);
        let high = chess.iter().copied().fold(0.0, f64::max);
        println!("chess boards: {low:.1}–{high:.1}× the peer's speed (target: at least 50×)");
    }
}
