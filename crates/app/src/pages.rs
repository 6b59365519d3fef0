//! Long lists a page at a time. A list that grows with the games or
//! challenges of a channel or a user (`current`, `mygames`, the challenges
//! `accept` offers) is cut into pages that each fit in one chat message on
//! every platform: at most [`PAGE_ITEMS`] lines, and at most
//! [`PAGE_CHARS`] of what the lines cost (see [`cost`]), the heading and
//! the page line around them leaving Discord's 2,000 characters (the
//! smallest message of the platforms; Telegram allows 4,096) well out of
//! reach. Pages are cut from the cost of each line in the more expensive
//! language, so a list has the same pages in English and Spanish and a
//! page button means the same lines whoever presses it.

use std::ops::Range;

use crate::reply::{Bi, Span, Text};

/// The most lines a page shows (and so the most Accept buttons under a
/// "Which challenge?": two rows of Discord's five).
pub const PAGE_ITEMS: usize = 10;

/// The most a page's lines may cost together.
pub const PAGE_CHARS: usize = 1_500;

/// What a text costs in a message: UTF-16 units (what Telegram counts; a
/// Discord character is never more), with ASCII punctuation counted twice
/// because Discord's markdown escapes it with a backslash and a mention
/// is written longer than a name.
#[must_use]
pub fn cost(t: &Text) -> usize {
    let text = |s: &str| -> usize {
        s.chars()
            .map(|c| c.len_utf16() + usize::from(c.is_ascii_punctuation()))
            .sum()
    };
    t.spans()
        .iter()
        .map(|s| match s {
            Span::Text(s) | Span::Code(s) => text(s) + 2,
            // `<@12345678901234567890>` or a Telegram link to the user.
            Span::Mention(u) => text(&u.name).max(24) + 40,
        })
        .sum()
}

/// The cost of a line in both languages: the larger.
#[must_use]
pub fn cost_bi(b: &Bi) -> usize {
    cost(&b.en).max(cost(&b.es))
}

/// The pages of a list whose lines cost `costs`: consecutive ranges, none
/// empty, each within [`PAGE_ITEMS`] and [`PAGE_CHARS`] (a single line
/// dearer than a page is a page of its own). An empty list has no page.
#[must_use]
pub fn split(costs: &[usize]) -> Vec<Range<usize>> {
    let mut pages = Vec::new();
    let (mut start, mut sum) = (0, 0);
    for (i, &c) in costs.iter().enumerate() {
        if i > start && (i - start == PAGE_ITEMS || sum + c > PAGE_CHARS) {
            pages.push(start..i);
            start = i;
            sum = 0;
        }
        sum += c;
    }
    if start < costs.len() {
        pages.push(start..costs.len());
    }
    pages
}

/// The page shown for a request of `page` (from 1) out of `pages`: a page
/// past the end (a button drawn before the list shrank) shows the last.
#[must_use]
pub fn clamp(page: usize, pages: usize) -> usize {
    page.clamp(1, pages.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_hold_at_most_ten_lines_and_the_budget() {
        assert!(split(&[]).is_empty());
        assert_eq!(split(&[10; 25]), vec![0..10, 10..20, 20..25]);
        // Dear lines: fewer a page.
        assert_eq!(split(&[600; 5]), vec![0..2, 2..4, 4..5]);
        // A line dearer than a page is a page.
        assert_eq!(split(&[2_000, 10]), vec![0..1, 1..2]);
        for costs in [vec![1; 1], vec![149; 31], vec![700; 9]] {
            let pages = split(&costs);
            assert_eq!(
                pages.iter().map(ExactSizeIterator::len).sum::<usize>(),
                costs.len()
            );
            for p in pages {
                assert!(p.len() <= PAGE_ITEMS);
                assert!(p.len() == 1 || costs[p].iter().sum::<usize>() <= PAGE_CHARS);
            }
        }
    }

    #[test]
    fn a_page_past_the_end_is_the_last() {
        assert_eq!(clamp(7, 3), 3);
        assert_eq!(clamp(0, 3), 1);
        assert_eq!(clamp(2, 0), 1);
    }

    #[test]
    fn punctuation_and_mentions_cost_more() {
        assert_eq!(cost(&Text::plain("ab")), 4);
        assert_eq!(cost(&Text::plain("*_")), 6);
        let u = crate::reply::User {
            id: "1".into(),
            name: "x".into(),
        };
        assert_eq!(cost(&Span::Mention(u).into()), 64);
    }
}
