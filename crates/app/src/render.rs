//! Board pictures. The app asks a [`BoardRenderer`] for PNG bytes; the
//! binary plugs in the real renderer. This module also draws boards as text
//! (for the console and text-only chats), and offers the real renderer
//! ([`PngRenderer`], backed by `tablero-render`) and a test fake
//! ([`FakeRenderer`]).

use tablero_rules::{BoardView, Color, GameId, Lang, PieceKind, Shape, Terrain};

pub use tablero_render::{ChartOptions, Column, ColumnAlign, RatingPoint, TableOptions, TableRow};

/// Draws a position as a PNG, and the other pictures the bot sends
/// (replays, rating charts, tables); the latter are `tablero-render`'s
/// unless a renderer says otherwise.
pub trait BoardRenderer: Send + Sync {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String>;

    /// A whole game as an animated GIF, one frame per position.
    fn replay(
        &self,
        game: GameId,
        views: &[BoardView],
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let opts = tablero_render::RenderOptions {
            players,
            lang,
            ..tablero_render::RenderOptions::new(game)
        };
        tablero_render::render_replay(views, &opts).map_err(|e| e.to_string())
    }

    /// A rating history as a PNG chart.
    fn chart(&self, points: &[RatingPoint], opts: &ChartOptions) -> Result<Vec<u8>, String> {
        tablero_render::render_rating_chart(points, opts).map_err(|e| e.to_string())
    }

    /// A table (a leaderboard) as a PNG.
    fn table(&self, rows: &[TableRow], opts: &TableOptions) -> Result<Vec<u8>, String> {
        tablero_render::render_table(rows, opts).map_err(|e| e.to_string())
    }
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

    fn replay(
        &self,
        game: GameId,
        views: &[BoardView],
        players: [String; 2],
        _lang: Lang,
    ) -> Result<Vec<u8>, String> {
        Ok(format!(
            "FAKEGIF {game} frames={} {} – {}",
            views.len(),
            players[0],
            players[1]
        )
        .into_bytes())
    }

    fn chart(&self, points: &[RatingPoint], opts: &ChartOptions) -> Result<Vec<u8>, String> {
        let mut s = format!("FAKECHART {} | {}\n", opts.title, opts.subtitle);
        for p in points {
            s.push_str(&format!("{:.0}±{:.0}\n", p.rating, p.deviation));
        }
        Ok(s.into_bytes())
    }

    fn table(&self, rows: &[TableRow], opts: &TableOptions) -> Result<Vec<u8>, String> {
        let mut s = format!("FAKETABLE {} | {}\n", opts.title, opts.subtitle);
        for r in rows {
            s.push_str(&r.cells.join(" | "));
            s.push_str(if r.highlight { " *\n" } else { "\n" });
        }
        Ok(s.into_bytes())
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

/// The real renderer: `tablero-render`'s board images.
#[derive(Clone, Copy, Debug, Default)]
pub struct PngRenderer;

impl BoardRenderer for PngRenderer {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let opts = tablero_render::RenderOptions {
            flip,
            players,
            lang,
            ..tablero_render::RenderOptions::new(game)
        };
        tablero_render::render_png(view, &opts).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_rules::{AnyGame, Setup};

    #[test]
    fn png_renderer_draws_every_game() {
        for game in GameId::ALL {
            let view = AnyGame::new(game, &Setup::default()).unwrap().view();
            let png = PngRenderer
                .render(game, &view, false, ["Ana".into(), "Luis".into()], Lang::Es)
                .unwrap();
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{game}");
        }
    }
}
