//! Cutting a reply into messages under the platform's length limit.
//!
//! A front-end renders a reply piece by piece (plain text it escapes, code
//! it wraps, mentions it writes as links) into a [`Packer`], which starts a
//! new message whenever the next piece would pass the limit. Plain text is
//! cut at line ends, and a line longer than a whole message at character
//! boundaries; code is cut at character boundaries, each part wrapped on
//! its own; a mention is never cut. `measure` says what counts against
//! the limit: Telegram counts the UTF-16 units of the text shown, Discord
//! the characters of the markdown sent.

/// One message's worth of text: what is sent, and what it shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    pub markup: String,
    pub visible: String,
}

/// Packs rendered pieces into [`Chunk`]s of at most `max`.
pub struct Packer<M: Fn(&str, &str) -> usize> {
    max: usize,
    measure: M,
    out: Vec<Chunk>,
    cur: Chunk,
    size: usize,
}

impl<M: Fn(&str, &str) -> usize> Packer<M> {
    /// A packer for messages of at most `max` by `measure(markup, visible)`
    /// (which must add up over concatenation).
    pub fn new(max: usize, measure: M) -> Packer<M> {
        Packer {
            max: max.max(1),
            measure,
            out: Vec::new(),
            cur: Chunk::default(),
            size: 0,
        }
    }

    fn add(&mut self, markup: &str, visible: &str) {
        let n = (self.measure)(markup, visible);
        if self.size + n > self.max && self.size > 0 {
            self.out.push(std::mem::take(&mut self.cur));
            self.size = 0;
        }
        self.cur.markup.push_str(markup);
        self.cur.visible.push_str(visible);
        self.size += n;
    }

    /// `visible` cut into parts that each fit a message once rendered.
    fn parts<'a>(&self, visible: &'a str, render: &impl Fn(&str) -> String) -> Vec<&'a str> {
        let mut parts = Vec::new();
        // What the rendering adds around any text (a code span's tags).
        let overhead = (self.measure)(&render(""), "");
        let (mut start, mut size) = (0, overhead);
        for (i, c) in visible.char_indices() {
            let s = &visible[i..i + c.len_utf8()];
            let n = (self.measure)(&render(s), s).saturating_sub(overhead);
            if size + n > self.max && i > start {
                parts.push(&visible[start..i]);
                (start, size) = (i, overhead);
            }
            size += n;
        }
        if start < visible.len() {
            parts.push(&visible[start..]);
        }
        parts
    }

    /// Plain text, rendered by `render` (escaping); cut at line ends, and
    /// inside a line only when the line is longer than a message.
    pub fn text(&mut self, visible: &str, render: impl Fn(&str) -> String) {
        for line in visible.split_inclusive('\n') {
            let whole = render(line);
            if (self.measure)(&whole, line) <= self.max {
                self.add(&whole, line);
            } else {
                for part in self.parts(line, &render) {
                    self.add(&render(part), part);
                }
            }
        }
    }

    /// Text that `wrap` renders with markup around it (code): cut only
    /// when it is longer than a message, each part wrapped on its own.
    pub fn wrapped(&mut self, visible: &str, wrap: impl Fn(&str) -> String) {
        let whole = wrap(visible);
        if (self.measure)(&whole, visible) <= self.max {
            self.add(&whole, visible);
            return;
        }
        for part in self.parts(visible, &wrap) {
            self.add(&wrap(part), part);
        }
    }

    /// A piece never cut (a mention, a link).
    pub fn atom(&mut self, markup: &str, visible: &str) {
        self.add(markup, visible);
    }

    /// The messages, at least one (empty if nothing was added).
    #[must_use]
    pub fn finish(mut self) -> Vec<Chunk> {
        if self.size > 0 || self.out.is_empty() {
            self.out.push(self.cur);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(markup: &str, _: &str) -> usize {
        markup.chars().count()
    }

    fn escape(s: &str) -> String {
        s.replace('_', "\\_")
    }

    #[test]
    fn pieces_fill_messages_in_order_and_lines_stay_whole() {
        let mut p = Packer::new(12, chars);
        p.text("one two\nthree four\nfive", escape);
        let out = p.finish();
        let markup: Vec<&str> = out.iter().map(|c| c.markup.as_str()).collect();
        assert_eq!(markup, ["one two\n", "three four\n", "five"]);
        assert_eq!(
            out.iter().map(|c| c.visible.as_str()).collect::<String>(),
            "one two\nthree four\nfive"
        );
    }

    #[test]
    fn a_mention_is_never_cut_and_escapes_count() {
        let mut p = Packer::new(10, chars);
        p.text("a_b_c ", escape); // 8 characters once escaped
        p.atom("<@123456>", "@bo");
        p.text(" ok", escape);
        let out = p.finish();
        assert_eq!(out[0].markup, "a\\_b\\_c ");
        assert_eq!(out[1].markup, "<@123456>");
        assert_eq!(out[2].markup, " ok");
        assert!(out.iter().all(|c| c.markup.chars().count() <= 10));
    }

    #[test]
    fn long_lines_and_long_code_are_cut_and_each_part_wrapped() {
        let mut p = Packer::new(6, chars);
        p.text("abcdefghij", escape);
        p.wrapped("xyzuvw", |s| format!("`{s}`"));
        let out: Vec<String> = p.finish().into_iter().map(|c| c.markup).collect();
        assert_eq!(out, ["abcdef", "ghij", "`xyzu`", "`vw`"]);
        // Visible size (Telegram) rather than markup: tags are free.
        let mut p = Packer::new(3, |_: &str, v: &str| v.encode_utf16().count());
        p.wrapped("ab", |s| format!("<code>{s}</code>"));
        p.text("é😀", |s| s.to_string());
        p.text("😀😀", |s| s.to_string());
        let out: Vec<String> = p.finish().into_iter().map(|c| c.markup).collect();
        // 😀 is two UTF-16 units: "é😀" fills a message (a line moves
        // whole when it fits one), "😀😀" does not and is cut.
        assert_eq!(out, ["<code>ab</code>", "é😀", "😀", "😀"]);
    }

    #[test]
    fn nothing_gives_one_empty_message() {
        let out = Packer::new(5, chars).finish();
        assert_eq!(out, vec![Chunk::default()]);
    }
}
