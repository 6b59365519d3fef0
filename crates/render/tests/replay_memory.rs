//! A replay's memory does not grow with the game: the heap's peak while
//! drawing a long replay is within a couple of frames of a short one's
//! (counted by a counting allocator, so the test is exact and not timed).
//! `benches/replay_memory.rs` measures the process's resident peak.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use tablero_render::{RenderOptions, render_pixmap, render_replay};
use tablero_rules::rng::SplitMix64;
use tablero_rules::{AnyGame, BoardView, GameId, Setup};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: as the caller's contract for `alloc`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// `count` positions of random chess games, one after another.
fn views(count: usize) -> Vec<BoardView> {
    let mut rng = SplitMix64::new(7);
    let mut g = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
    let mut views = vec![g.view()];
    while views.len() < count {
        let moves = g.legal_moves();
        if moves.is_empty() {
            g = AnyGame::new(GameId::Chess, &Setup::default()).unwrap();
        } else {
            g.play(&moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        views.push(g.view());
    }
    views
}

/// The heap's peak above its level before, while drawing `views`.
fn peak_of(views: &[BoardView], opts: &RenderOptions) -> usize {
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let gif = render_replay(views, opts).unwrap();
    let peak = PEAK.load(Ordering::Relaxed) - before;
    drop(gif);
    peak
}

#[test]
fn a_long_replay_takes_no_more_memory_than_a_short_one() {
    let opts = RenderOptions::new(GameId::Chess);
    let frame = render_pixmap(&views(1)[0], &opts).unwrap().take().len();
    let (short, long) = (views(10), views(150));
    // Warm the renderer's caches (sprites, glyphs) first.
    peak_of(&short, &opts);
    let short_peak = peak_of(&short, &opts);
    let long_peak = peak_of(&long, &opts);
    // The GIF itself grows a few KB a frame; frames held would add `frame`
    // bytes each (140 frames: about 240 MB at this size).
    assert!(
        long_peak < short_peak + 2 * frame,
        "10 frames peak at {short_peak} B, 150 at {long_peak} B (a frame is {frame} B)"
    );
}
