//! GIF's LZW coding, with a freedom the gif crate's coder cannot use: a
//! pixel that did not change since the frame before may be written either
//! as the transparent index or as its own colour, both showing the same.
//! The coder takes whichever continues the string it is matching, so runs
//! of colour are not broken by unchanged pixels in them (a piece's body
//! inside a square whose mark went away), nor transparent runs by a
//! colour. The output is ordinary GIF LZW that any decoder reads.

/// A pixel to code: a palette index, with [`FREE`] set if the transparent
/// index would show the same.
pub(crate) type Symbol = u16;
/// The pixel may be written as the transparent index instead.
pub(crate) const FREE: Symbol = 0x100;

const MAX_CODE: u32 = 4095;
/// Slots of the string table: twice the most strings, so probes stay short.
const SLOTS: usize = 8192;
const EMPTY: u32 = u32::MAX;

/// The string table: (prefix code, next index) → code, open addressing.
struct Table {
    /// `prefix << 8 | index` in the high 20 bits, the code in the low 12;
    /// [`EMPTY`] (a prefix that never occurs: 4095 is the last code made,
    /// never a prefix) marks a free slot.
    slots: Vec<u32>,
    /// By prefix code, the last string found or made from it, as
    /// `(index + 1) << 12 | code` (0 for none). A run of one index (most of
    /// a frame's rectangle is transparent) asks for the same extension
    /// again and again, and finds it here without hashing.
    recent: Vec<u32>,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![EMPTY; SLOTS],
            recent: vec![0; MAX_CODE as usize + 1],
        }
    }

    fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.recent.fill(0);
    }

    fn slot(prefix: u32, index: u8) -> (u32, usize) {
        let key = prefix << 8 | u32::from(index);
        (key, (key.wrapping_mul(0x9E37_79B1) >> 19) as usize)
    }

    #[inline]
    fn get(&mut self, prefix: u32, index: u8) -> Option<u32> {
        let tag = (u32::from(index) + 1) << 12;
        let recent = self.recent[prefix as usize];
        if recent & !0xfff == tag {
            return Some(recent & 0xfff);
        }
        let (key, mut slot) = Table::slot(prefix, index);
        loop {
            let e = self.slots[slot];
            if e == EMPTY {
                return None;
            }
            if e >> 12 == key {
                self.recent[prefix as usize] = tag | e & 0xfff;
                return Some(e & 0xfff);
            }
            slot = (slot + 1) % SLOTS;
        }
    }

    fn insert(&mut self, prefix: u32, index: u8, code: u32) {
        let (key, mut slot) = Table::slot(prefix, index);
        while self.slots[slot] != EMPTY {
            slot = (slot + 1) % SLOTS;
        }
        self.slots[slot] = key << 12 | code;
        self.recent[prefix as usize] = (u32::from(index) + 1) << 12 | code;
    }
}

/// Codes packed least significant bit first, as GIF stores them.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn put(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// Codes `pixels` as a GIF image's data: the minimum code size byte, then
/// the LZW codes (without the sub-block framing, which the encoder adds).
/// `transparent` is the index a [`FREE`] pixel may take instead.
pub(crate) fn encode(pixels: &[Symbol], transparent: u8) -> Vec<u8> {
    let max = pixels
        .iter()
        .map(|&p| p as u8)
        .max()
        .unwrap_or(0)
        .max(transparent);
    // At least 2, as GIF requires.
    let min_size = (u32::BITS - u32::from(max).leading_zeros()).max(2);
    let clear = 1u32 << min_size;
    let end = clear + 1;
    let mut bits = Bits {
        out: vec![min_size as u8],
        acc: 0,
        n: 0,
    };
    let mut width = min_size + 1;
    let mut next = end + 1;
    let mut table = Table::new();
    bits.put(clear, width);
    let Some((&first, rest)) = pixels.split_first() else {
        bits.put(end, width);
        return bits.finish();
    };
    // The string being matched, and the index chosen for the last pixel.
    let mut cur = u32::from(pick(first, transparent, None));
    let mut last = cur as u8;
    for &p in rest {
        let own = p as u8;
        let free = p & FREE != 0;
        // Extend the string with the pixel's own colour or, if it may be,
        // the transparent index; the one the last pixel took first.
        let (first, second) = if !free || own == transparent {
            (own, None)
        } else if last == transparent {
            (transparent, Some(own))
        } else {
            (own, Some(transparent))
        };
        let found = match table.get(cur, first) {
            Some(code) => Some((code, first)),
            None => second.and_then(|i| table.get(cur, i).map(|code| (code, i))),
        };
        if let Some((code, index)) = found {
            cur = code;
            last = index;
            continue;
        }
        bits.put(cur, width);
        let index = pick(p, transparent, Some(last));
        table.insert(cur, index, next);
        next += 1;
        if next > (1 << width) && width < 12 {
            width += 1;
        }
        if next > MAX_CODE {
            // The table is full: start afresh (as giflib's coder does,
            // before the decoder, one code behind, would fill its own).
            bits.put(clear, width);
            table.clear();
            width = min_size + 1;
            next = end + 1;
        }
        cur = u32::from(index);
        last = index;
    }
    bits.put(cur, width);
    bits.put(end, width);
    bits.finish()
}

/// The index a new string starts with: a free pixel goes on as the pixel
/// before went (transparent or its colour), else is transparent.
fn pick(p: Symbol, transparent: u8, last: Option<u8>) -> u8 {
    let own = p as u8;
    if p & FREE == 0 || last == Some(own) {
        own
    } else {
        transparent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the gif crate: one frame of `pixels.len()` × 1.
    fn decode(data: &[u8], len: usize) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut out, len as u16, 1, &[0; 768]).unwrap();
            let frame = gif::Frame {
                width: len as u16,
                height: 1,
                buffer: std::borrow::Cow::Borrowed(data),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&out[..]).unwrap();
        dec.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    #[test]
    fn fixed_pixels_decode_to_themselves() {
        let mut rng = 7u64;
        for len in [1usize, 2, 5, 300, 5000, 65_000] {
            for colours in [2u64, 7, 256] {
                let px: Vec<Symbol> = (0..len)
                    .map(|i| {
                        rng = rng
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        // Runs and noise, so the table fills and restarts.
                        if i % 50 < 30 {
                            3
                        } else {
                            ((rng >> 33) % colours) as Symbol
                        }
                    })
                    .collect();
                let want: Vec<u8> = px.iter().map(|&p| p as u8).collect();
                let got = decode(&encode(&px, 0), len);
                let wrong = got.iter().zip(&want).position(|(a, b)| a != b);
                assert_eq!(wrong, None, "{len} px, {colours} colours");
                assert_eq!(got.len(), len);
            }
        }
    }

    #[test]
    fn free_pixels_decode_to_their_colour_or_transparent() {
        let mut rng = 11u64;
        let px: Vec<Symbol> = (0..20_000)
            .map(|i| {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let colour = if i % 40 < 25 {
                    5
                } else {
                    (rng >> 33) as Symbol % 40 + 1
                };
                if (rng >> 20) % 3 == 0 {
                    colour | FREE
                } else {
                    colour
                }
            })
            .collect();
        let got = decode(&encode(&px, 0), px.len());
        for (i, (&p, &g)) in px.iter().zip(&got).enumerate() {
            let ok = g == p as u8 || (p & FREE != 0 && g == 0);
            assert!(ok, "pixel {i}: {p:#x} decoded as {g}");
        }
    }

    #[test]
    fn freedom_makes_the_data_smaller() {
        // A run of one colour, a third of it (at random) unchanged: written
        // as its colour, the run stays one.
        let mut rng = 3u64;
        let unchanged: Vec<bool> = (0..9000)
            .map(|_| {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (rng >> 33) % 3 == 0
            })
            .collect();
        let fixed: Vec<Symbol> = unchanged.iter().map(|&u| if u { 0 } else { 9 }).collect();
        let free: Vec<Symbol> = unchanged
            .iter()
            .map(|&u| if u { 9 | FREE } else { 9 })
            .collect();
        let (a, b) = (encode(&free, 0).len(), encode(&fixed, 0).len());
        assert!(a * 4 < b, "{a} bytes with the freedom, {b} without");
    }
}
