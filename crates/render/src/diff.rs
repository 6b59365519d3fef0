//! Which rectangles of a replay frame to store: the parts of the image that
//! changed since the frame before, as a few small rectangles rather than
//! one that spans them all.
//!
//! Most of a move's change is in the player strips and the status line,
//! and they take turns: the strip of the side to move is lit, then the
//! other's, then the first's again. So a change that the next position
//! undoes (its rows there equal the image before) is stored *temporarily*:
//! in the position's last rectangle, whose GIF disposal restores what lay
//! under it once its time is up. The next position then has nothing to
//! store there, and the strips are coded every second move instead of on
//! every move.

/// A rectangle of the image: x, y, width, height.
pub(crate) type Rect = (usize, usize, usize, usize);

/// Changed rows or columns less than this far apart go into one rectangle:
/// a rectangle's own cost (its descriptor, a fresh LZW table) is worth more
/// than a few rows of transparent pixels.
pub(crate) const GAP: usize = 24;
/// At most this many rectangles are kept per position, the temporary one
/// aside: each adds a moment (`BAND_DELAY_CS`) in which only part of the
/// position shows.
pub(crate) const MAX_KEPT: usize = 4;

/// What to store of one position.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Rectangles that stay: the image under them becomes the new one.
    pub kept: Vec<Rect>,
    /// The rectangle shown only until the next position, which restores
    /// what lies under it.
    pub temporary: Option<Rect>,
}

/// The plan for showing `next` over `base` (the image left after the
/// frame before); `ahead` is the position after `next`, if any. Frames are
/// opaque RGBA, `width` pixels a row.
pub(crate) fn plan(base: &[u8], next: &[u8], ahead: Option<&[u8]>, width: usize) -> Plan {
    let stride = width * 4;
    let rows = base.len() / stride;
    let row = |y: usize| y * stride..(y + 1) * stride;
    let mut kept_rows = Vec::new();
    let mut temp_rows = Vec::new();
    for y in 0..rows {
        let r = row(y);
        if base[r.clone()] == next[r.clone()] {
            continue;
        }
        if ahead.is_some_and(|a| a[r.clone()] == base[r]) {
            temp_rows.push(y);
        } else {
            kept_rows.push(y);
        }
    }
    // One temporary rectangle: the largest band of such rows. A rectangle
    // spanning two (the strips above and below the board) would feed the
    // LZW coder the whole board as transparent pixels; the other bands'
    // rows are kept instead.
    let temp_bands = runs(&temp_rows, |a, b| b - a <= GAP);
    let chosen = temp_bands.iter().copied().max_by_key(|&(a, b)| (b - a, a));
    if let Some((top, bottom)) = chosen {
        kept_rows.extend(temp_rows.iter().filter(|&&y| y < top || y > bottom));
        kept_rows.sort_unstable();
        temp_rows.retain(|&y| y >= top && y <= bottom);
    }
    let bands = runs(&kept_rows, |a, b| {
        // Merge across unchanged rows only: a temporary row inside a kept
        // rectangle would be stored for good.
        b - a <= GAP && !temp_rows.iter().any(|&t| a < t && t < b)
    });
    let mut kept: Vec<Rect> = bands
        .iter()
        .flat_map(|&(top, bottom)| split_columns(base, next, width, top, bottom))
        .collect();
    if kept.len() > MAX_KEPT {
        kept = bands
            .iter()
            .filter_map(|&(top, bottom)| bounds(base, next, width, top, bottom))
            .collect();
        while kept.len() > MAX_KEPT {
            let i = (1..kept.len())
                .min_by_key(|&i| kept[i].1 - (kept[i - 1].1 + kept[i - 1].3))
                .unwrap_or(1);
            kept[i - 1] = union(kept[i - 1], kept[i]);
            kept.remove(i);
        }
    }
    let temporary = match (temp_rows.first(), temp_rows.last()) {
        (Some(&top), Some(&bottom)) => bounds(base, next, width, top, bottom),
        _ => None,
    };
    Plan { kept, temporary }
}

/// Runs of the sorted `items` where `joins(previous, item)` holds, as
/// (first, last) pairs.
fn runs(items: &[usize], joins: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &i in items {
        match out.last_mut() {
            Some((_, end)) if joins(*end, i) => *end = i,
            _ => out.push((i, i)),
        }
    }
    out
}

fn union(a: Rect, b: Rect) -> Rect {
    let (x0, y0) = (a.0.min(b.0), a.1.min(b.1));
    let (x1, y1) = ((a.0 + a.2).max(b.0 + b.2), (a.1 + a.3).max(b.1 + b.3));
    (x0, y0, x1 - x0, y1 - y0)
}

/// A pixel's four bytes as one word.
#[inline]
pub(crate) fn word(p: &[u8]) -> u32 {
    u32::from_ne_bytes([p[0], p[1], p[2], p[3]])
}

/// Bytes compared at once: eight pixels.
pub(crate) const BLOCK: usize = 32;

/// A block of eight pixels as an array, which compares inline.
#[inline]
pub(crate) fn block(b: &[u8]) -> &[u8; BLOCK] {
    b.try_into().expect("a block is BLOCK bytes")
}

/// Calls `changed(x)` for each pixel `x` in which the rows `a` and `b`
/// (RGBA, as long as each other) differ, skipping equal blocks of eight
/// pixels at a time.
#[inline]
fn each_change(a: &[u8], b: &[u8], mut changed: impl FnMut(usize)) {
    let whole = a.len() / BLOCK * BLOCK;
    for (k, (p, q)) in a[..whole]
        .chunks_exact(BLOCK)
        .zip(b[..whole].chunks_exact(BLOCK))
        .enumerate()
    {
        if block(p) == block(q) {
            continue;
        }
        for j in 0..BLOCK / 4 {
            if p[4 * j..4 * j + 4] != q[4 * j..4 * j + 4] {
                changed(k * BLOCK / 4 + j);
            }
        }
    }
    for x in whole / 4..a.len() / 4 {
        if a[4 * x..4 * x + 4] != b[4 * x..4 * x + 4] {
            changed(x);
        }
    }
}

/// The smallest rectangle holding every changed pixel of rows
/// `top..=bottom`; `None` if none changed.
fn bounds(base: &[u8], next: &[u8], width: usize, top: usize, bottom: usize) -> Option<Rect> {
    let (mut left, mut right, mut y0, mut y1) = (width, 0, usize::MAX, 0);
    for y in top..=bottom {
        let r = y * width * 4..(y + 1) * width * 4;
        let (a, b) = (&base[r.clone()], &next[r]);
        if a == b {
            continue;
        }
        each_change(a, b, |x| (left, right) = (left.min(x), right.max(x)));
        (y0, y1) = (y0.min(y), y);
    }
    (y0 != usize::MAX).then(|| (left, y0, right + 1 - left, y1 + 1 - y0))
}

/// The changed pixels of rows `top..=bottom` as rectangles side by side:
/// one per run of changed columns (runs closer than [`GAP`] joined), each
/// as tall as its own changes.
fn split_columns(base: &[u8], next: &[u8], width: usize, top: usize, bottom: usize) -> Vec<Rect> {
    // Per column, the first and last row in which it changed.
    let mut extent: Vec<Option<(usize, usize)>> = vec![None; width];
    for y in top..=bottom {
        let start = y * width * 4;
        let (a, b) = (
            &base[start..start + width * 4],
            &next[start..start + width * 4],
        );
        if a == b {
            continue;
        }
        each_change(a, b, |x| {
            let e = &mut extent[x];
            *e = Some(e.map_or((y, y), |(first, _)| (first, y)));
        });
    }
    let columns: Vec<usize> = (0..width).filter(|&x| extent[x].is_some()).collect();
    runs(&columns, |a, b| b - a <= GAP)
        .into_iter()
        .filter_map(|(left, right)| {
            let rows = extent[left..=right].iter().flatten();
            let first = rows.clone().map(|e| e.0).min()?;
            let last = rows.map(|e| e.1).max()?;
            Some((left, first, right + 1 - left, last + 1 - first))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame `width` × `rows`, all black but the pixels `changed`, whose
    /// red is `level`.
    fn frame(width: usize, rows: usize, changed: &[(usize, usize)], level: u8) -> Vec<u8> {
        let mut f = vec![0u8; width * rows * 4];
        for &(x, y) in changed {
            f[(y * width + x) * 4] = level;
        }
        f
    }

    #[test]
    fn close_changes_make_one_rectangle() {
        let a = frame(4, 3, &[], 0);
        let b = frame(4, 3, &[(1, 0), (2, 2)], 9);
        let p = plan(&a, &b, None, 4);
        assert_eq!(p.kept, vec![(1, 0, 2, 3)]);
        assert_eq!(p.temporary, None);
        assert_eq!(plan(&a, &a, None, 4).kept, vec![]);
    }

    #[test]
    fn far_changes_make_rectangles_of_their_own() {
        let (w, h) = (3 * GAP, 3 * GAP);
        let a = frame(w, h, &[], 0);
        let b = frame(w, h, &[(0, 1), (w - 1, 1), (5, h - 2)], 9);
        let p = plan(&a, &b, None, w);
        assert_eq!(
            p.kept,
            vec![(0, 1, 1, 1), (w - 1, 1, 1, 1), (5, h - 2, 1, 1)]
        );
    }

    #[test]
    fn too_many_rectangles_merge_the_closest() {
        let (w, h) = (4, (MAX_KEPT + 1) * (GAP + 3));
        let ys: Vec<(usize, usize)> = (0..=MAX_KEPT).map(|i| (0, i * (GAP + 2 + i))).collect();
        let p = plan(&frame(w, h, &[], 0), &frame(w, h, &ys, 9), None, w);
        assert_eq!(p.kept.len(), MAX_KEPT);
        assert_eq!(p.kept[0], (0, 0, 1, GAP + 4));
    }

    #[test]
    fn a_change_the_next_position_undoes_is_temporary() {
        let (w, h) = (4, 3 * GAP);
        let base = frame(w, h, &[], 0);
        // Row 1 lights up and goes out again; row h-1 changes for good.
        let next = frame(w, h, &[(2, 1), (0, h - 1)], 9);
        let ahead = frame(w, h, &[(0, h - 1)], 9);
        let p = plan(&base, &next, Some(&ahead), w);
        assert_eq!(p.kept, vec![(0, h - 1, 1, 1)]);
        assert_eq!(p.temporary, Some((2, 1, 1, 1)));
        // Without a position after it, nothing is temporary.
        let last = plan(&base, &next, None, w);
        assert_eq!(last.kept.len(), 2);
        assert_eq!(last.temporary, None);
    }
}
