//! Board pictures. The app asks a [`BoardRenderer`] for PNG bytes; the
//! binary plugs in the real renderer. This module also draws boards as text
//! (for the console and text-only chats) and offers two stand-ins: a crude
//! but real PNG ([`SimpleRenderer`]) and a test fake ([`FakeRenderer`]).

use tablero_rules::{BoardView, Color, GameId, Lang, PieceKind, Shape, Terrain};

/// Draws a position as a PNG.
pub trait BoardRenderer: Send + Sync {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String>;
}

/// A renderer for tests: the bytes name the game and the position, so tests
/// can tell images apart without decoding any.
#[derive(Clone, Copy, Debug, Default)]
pub struct FakeRenderer;

impl BoardRenderer for FakeRenderer {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        _players: [String; 2],
        _lang: Lang,
    ) -> Result<Vec<u8>, String> {
        Ok(format!(
            "FAKEPNG {game} ply={} flip={flip}\n{}",
            view.status.ply,
            diagram(view)
        )
        .into_bytes())
    }
}

/// The letter for a piece: upper case White, lower case Black.
fn piece_char(kind: PieceKind, color: Color) -> char {
    let c = match kind {
        PieceKind::King => 'K',
        PieceKind::Queen => 'Q',
        PieceKind::Rook => 'R',
        PieceKind::Bishop => 'B',
        PieceKind::JumpingBishop => 'J',
        PieceKind::Knight => 'N',
        PieceKind::Pawn => 'P',
        PieceKind::Amazon => 'A',
        PieceKind::Stone => 'O',
        PieceKind::Angel => 'E',
        PieceKind::Demon => 'D',
    };
    match color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

/// Three characters for one cell.
fn cell_text(c: &tablero_rules::CellView) -> String {
    if let Some(p) = c.piece {
        let mark = if c.marker { '*' } else { ' ' };
        return match c.number {
            Some(n) => format!("{}{n:02}", piece_char(p.kind, p.color)),
            None => format!("{}{mark} ", piece_char(p.kind, p.color)),
        };
    }
    if let Some(n) = c.number {
        return format!("{n:02} ");
    }
    if c.token {
        return "## ".into();
    }
    match c.terrain {
        Terrain::Normal => ".  ".into(),
        Terrain::River => "~  ".into(),
        Terrain::Plank => "=  ".into(),
        Terrain::Dead => "x  ".into(),
    }
}

fn file_letter(x: u8) -> char {
    (b'a' + x) as char
}

/// A plain-text drawing: upper-case letters are White's pieces, lower-case
/// Black's (`O`/`o` stones, `E` angels, `D` demons), `*` a Bloc marker,
/// `##` a Barrier token, `~` river, `=` plank, `x` a dead square, numbers
/// Knight Fight's squares.
#[must_use]
pub fn diagram(view: &BoardView) -> String {
    let mut out = String::new();
    let at = |x: u8, y: u8| view.cells.iter().find(|c| c.cell.x == x && c.cell.y == y);
    match view.shape {
        Shape::Square { files, ranks, .. } => {
            for y in (0..ranks).rev() {
                out.push_str(&format!("{:>2} ", y + 1));
                for x in 0..files {
                    out.push_str(&at(x, y).map_or("?  ".into(), cell_text));
                }
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
            out.push_str("   ");
            for x in 0..files {
                out.push(file_letter(x));
                out.push_str("  ");
            }
        }
        Shape::HexTrapezoid { rows } => {
            for y in (0..rows).rev() {
                out.push_str(&format!("{:>2} ", y + 1));
                out.push_str(&" ".repeat(usize::from(y) * 2 + 1));
                for x in 0..Shape::hex_row_len(rows, y) {
                    let t = at(x, y).map_or("?".into(), |c| {
                        cell_text(c)
                            .trim()
                            .chars()
                            .next()
                            .unwrap_or('.')
                            .to_string()
                    });
                    out.push_str(&format!("{t:<4}"));
                }
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
            out.push_str("    ");
            for x in 0..Shape::hex_row_len(rows, 0) {
                out.push(file_letter(x));
                out.push_str("   ");
            }
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// A crude PNG renderer with no fonts: squares, river, tokens and pieces as
/// discs (kings and other pieces are not told apart). It stands in until the
/// real renderer is wired in; the text diagram says which piece is which.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimpleRenderer;

const CELL: usize = 28;

/// Where a cell's top-left pixel is.
type Placer = dyn Fn(u8, u8) -> (usize, usize);

impl BoardRenderer for SimpleRenderer {
    fn render(
        &self,
        _game: GameId,
        view: &BoardView,
        flip: bool,
        _players: [String; 2],
        _lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let (w, h, place): (usize, usize, Box<Placer>) = match view.shape {
            Shape::Square { files, ranks, .. } => {
                let (f, r) = (usize::from(files), usize::from(ranks));
                (
                    f * CELL,
                    r * CELL,
                    Box::new(move |x, y| {
                        let (x, y) = (usize::from(x), usize::from(y));
                        if flip {
                            ((f - 1 - x) * CELL, y * CELL)
                        } else {
                            (x * CELL, (r - 1 - y) * CELL)
                        }
                    }),
                )
            }
            Shape::HexTrapezoid { rows } => {
                let r = usize::from(rows);
                let w = (7 + r) * CELL;
                (
                    w,
                    r * CELL,
                    Box::new(move |x, y| {
                        let (x, y) = (usize::from(x), usize::from(y));
                        (x * CELL + y * CELL / 2, (r - 1 - y) * CELL)
                    }),
                )
            }
        };
        let mut px = vec![[255u8, 255, 255]; w * h];
        for c in &view.cells {
            let (ox, oy) = place(c.cell.x, c.cell.y);
            let dark = (c.cell.x + c.cell.y) % 2 == 0 && matches!(view.shape, Shape::Square { .. });
            let ground = match c.terrain {
                Terrain::River => [90, 140, 220],
                Terrain::Plank => [150, 110, 60],
                Terrain::Dead => [120, 120, 120],
                Terrain::Normal if dark => [181, 136, 99],
                Terrain::Normal => [240, 217, 181],
            };
            let highlighted = view.highlights.iter().any(|hl| hl.cell == c.cell);
            for dy in 0..CELL {
                for dx in 0..CELL {
                    let edge = dx == 0 || dy == 0 || dx == CELL - 1 || dy == CELL - 1;
                    let (x, y) = (ox + dx, oy + dy);
                    if x >= w || y >= h {
                        continue;
                    }
                    let rx = dx as i32 - CELL as i32 / 2;
                    let ry = dy as i32 - CELL as i32 / 2;
                    let d2 = rx * rx + ry * ry;
                    let rad = CELL as i32 * 2 / 5;
                    let mut col = if edge && highlighted {
                        [230, 200, 40]
                    } else if edge {
                        [100, 80, 60]
                    } else {
                        ground
                    };
                    if c.token && (rx.abs() < 6 && ry.abs() < 6) {
                        col = [60, 60, 60];
                    }
                    if let Some(p) = c.piece
                        && d2 <= rad * rad
                    {
                        let outline = d2 > (rad - 2) * (rad - 2);
                        col = match (p.color, outline) {
                            (_, true) => [0, 0, 0],
                            (Color::White, false) => [250, 250, 245],
                            (Color::Black, false) => [35, 35, 35],
                        };
                        if c.marker && d2 < 16 {
                            col = [220, 30, 30];
                        }
                    }
                    px[y * w + x] = col;
                }
            }
        }
        Ok(png(w, h, &px))
    }
}

/// Encodes RGB pixels as a PNG with stored (uncompressed) deflate blocks.
fn png(w: usize, h: usize, px: &[[u8; 3]]) -> Vec<u8> {
    let mut raw = Vec::with_capacity(h * (1 + 3 * w));
    for row in px.chunks(w) {
        raw.push(0);
        for p in row {
            raw.extend_from_slice(p);
        }
    }
    let mut z = vec![0x78, 0x01];
    let chunks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (i, c) in chunks.iter().enumerate() {
        z.push(u8::from(i + 1 == chunks.len()));
        let len = c.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(c);
    }
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that cannot overflow before the modulo.
    for chunk in raw.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());

    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    for (kind, data) in [(b"IHDR", ihdr.as_slice()), (b"IDAT", &z), (b"IEND", &[])] {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }
    out
}

const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc = CRC_TABLE[((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8);
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_spec() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        let p = png(1, 1, &[[1, 2, 3]]);
        assert!(p.starts_with(b"\x89PNG"));
        assert!(p.ends_with(&[0xAE, 0x42, 0x60, 0x82]));
    }
}
