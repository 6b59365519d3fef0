//! Board pictures. The app asks a [`BoardRenderer`] for PNG bytes; the
//! binary plugs in the real renderer. This module also draws boards as text
//! (for the console and text-only chats), and offers the real renderer
//! ([`PngRenderer`], backed by `tablero-render`) and a test fake
//! ([`FakeRenderer`]).

use tablero_rules::teach::Mark;
use tablero_rules::{BoardView, CellView, Color, GameId, Lang, Piece, PieceKind, Shape, Terrain};

pub use tablero_render::{ChartOptions, Column, ColumnAlign, RatingPoint, TableOptions, TableRow};
pub use tablero_render::{EvalChartOptions, EvalMark};

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

    /// A board with teaching marks over it and a caption under it (a rule
    /// card, a piece's moves, a hint), with the players' names (empty for
    /// none: the sides' names).
    #[allow(clippy::too_many_arguments)]
    fn marked(
        &self,
        game: GameId,
        view: &BoardView,
        marks: &[Mark],
        caption: Option<&str>,
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
        tablero_render::render_marked_png(view, marks, caption, &opts).map_err(|e| e.to_string())
    }

    /// A reviewed game's evaluation chart as a PNG: the first player's
    /// chance of winning in each position, the moves that changed the game
    /// marked.
    fn eval_chart(
        &self,
        values: &[f64],
        marks: &[EvalMark],
        opts: &EvalChartOptions,
    ) -> Result<Vec<u8>, String> {
        tablero_render::render_eval_chart(values, marks, opts).map_err(|e| e.to_string())
    }
}

#[cfg(any(test, feature = "testkit"))]
/// A renderer for tests: the bytes name the game and the position, so tests
/// can tell images apart without decoding any.
#[derive(Clone, Copy, Debug, Default)]
pub struct FakeRenderer;

#[cfg(any(test, feature = "testkit"))]
impl BoardRenderer for FakeRenderer {
    fn render(
        &self,
        game: GameId,
        view: &BoardView,
        flip: bool,
        _players: [String; 2],
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        Ok(format!(
            "FAKEPNG {game} ply={} flip={flip}\n{}",
            view.status.ply,
            diagram(view, lang)
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
        // How the last frame says the game ended, if it does.
        let end = views
            .last()
            .and_then(|v| v.status.outcome)
            .map(|o| format!(" end={}", o.reason.key()))
            .unwrap_or_default();
        Ok(format!(
            "FAKEGIF {game} frames={} {} – {}{end}",
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

    fn marked(
        &self,
        game: GameId,
        view: &BoardView,
        marks: &[Mark],
        caption: Option<&str>,
        flip: bool,
        _players: [String; 2],
        _lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let marks: Vec<String> = marks.iter().map(|m| format!("{m:?}")).collect();
        Ok(format!(
            "FAKECARD {game} ply={} flip={flip} marks={} | {}",
            view.status.ply,
            marks.join(","),
            caption.unwrap_or("")
        )
        .into_bytes())
    }

    fn eval_chart(
        &self,
        values: &[f64],
        marks: &[EvalMark],
        opts: &EvalChartOptions,
    ) -> Result<Vec<u8>, String> {
        let values: Vec<String> = values.iter().map(|v| format!("{:.0}", v * 100.0)).collect();
        let marks: Vec<String> = marks
            .iter()
            .map(|m| format!("{}@{}", m.label, m.index))
            .collect();
        Ok(format!(
            "FAKEEVAL {} | {} | {} | {} | {} {}",
            opts.title,
            values.join(" "),
            marks.join(", "),
            opts.subtitle,
            opts.end,
            opts.axis
        )
        .into_bytes())
    }
}

/// The letter for a piece in `lang`: upper case White, lower case Black.
/// The chess family's letters are the ones its moves use (SAN in English;
/// R rey, D dama, T torre, A alfil, C caballo, P peón, M amazona in
/// Spanish); the jumping bishop is a bishop in both. Stones are `W` and `B`
/// in both languages, as Empuje's placements write them; angels and demons
/// are `E` and `d`.
fn piece_char(p: Piece, lang: Lang) -> char {
    let c = match (p.kind, lang) {
        (PieceKind::Stone, _) => {
            return match p.color {
                Color::White => 'W',
                Color::Black => 'B',
            };
        }
        (PieceKind::Angel, _) => 'E',
        (PieceKind::Demon, _) => 'D',
        (PieceKind::Pawn, _) => 'P',
        (PieceKind::King, Lang::En) => 'K',
        (PieceKind::Queen, Lang::En) => 'Q',
        (PieceKind::Rook, Lang::En) => 'R',
        (PieceKind::Bishop | PieceKind::JumpingBishop, Lang::En) => 'B',
        (PieceKind::Knight, Lang::En) => 'N',
        (PieceKind::Amazon, Lang::En) => 'A',
        (PieceKind::King, Lang::Es) => 'R',
        (PieceKind::Queen, Lang::Es) => 'D',
        (PieceKind::Rook, Lang::Es) => 'T',
        (PieceKind::Bishop | PieceKind::JumpingBishop, Lang::Es) => 'A',
        (PieceKind::Knight, Lang::Es) => 'C',
        (PieceKind::Amazon, Lang::Es) => 'M',
    };
    match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

fn file_letter(x: u8) -> char {
    (b'a' + x) as char
}

/// Whether a piece's colour is told by its letter's case.
fn cased(kind: PieceKind) -> bool {
    !matches!(kind, PieceKind::Stone | PieceKind::Angel | PieceKind::Demon)
}

/// The name of a piece kind in `lang`.
fn piece_name(kind: PieceKind, color: Color, lang: Lang) -> &'static str {
    let white = color == Color::White;
    match (kind, lang) {
        (PieceKind::King, Lang::En) => "king",
        (PieceKind::Queen, Lang::En) => "queen",
        (PieceKind::Rook, Lang::En) => "rook",
        (PieceKind::Bishop, Lang::En) => "bishop",
        (PieceKind::JumpingBishop, Lang::En) => "jumping bishop",
        (PieceKind::Knight, Lang::En) => "knight",
        (PieceKind::Pawn, Lang::En) => "pawn",
        (PieceKind::Amazon, Lang::En) => "amazon",
        (PieceKind::Stone, Lang::En) if white => "White stone",
        (PieceKind::Stone, Lang::En) => "Black stone",
        (PieceKind::Angel, Lang::En) => "angel",
        (PieceKind::Demon, Lang::En) => "demon",
        (PieceKind::King, Lang::Es) => "rey",
        (PieceKind::Queen, Lang::Es) => "dama",
        (PieceKind::Rook, Lang::Es) => "torre",
        (PieceKind::Bishop, Lang::Es) => "alfil",
        (PieceKind::JumpingBishop, Lang::Es) => "alfil saltador",
        (PieceKind::Knight, Lang::Es) => "caballo",
        (PieceKind::Pawn, Lang::Es) => "peón",
        (PieceKind::Amazon, Lang::Es) => "amazona",
        (PieceKind::Stone, Lang::Es) if white => "piedra blanca",
        (PieceKind::Stone, Lang::Es) => "piedra negra",
        (PieceKind::Angel, Lang::Es) => "ángel",
        (PieceKind::Demon, Lang::Es) => "demonio",
    }
}

/// The order pieces are named in a legend.
const PIECE_ORDER: [PieceKind; 11] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Amazon,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::JumpingBishop,
    PieceKind::Knight,
    PieceKind::Pawn,
    PieceKind::Stone,
    PieceKind::Angel,
    PieceKind::Demon,
];

/// What one cell shows: the piece on it, else its ground (a Barrier token,
/// blank under a Knight Fight number), then its number or Bloc marker.
fn cell_parts(c: &CellView, lang: Lang) -> (char, String, bool) {
    let main = match (c.piece, c.token, c.number, c.terrain) {
        (Some(p), ..) => piece_char(p, lang),
        (None, true, ..) => '#',
        (None, false, Some(_), _) => ' ',
        (None, false, None, Terrain::Normal) => '.',
        (None, false, None, Terrain::River) => '~',
        (None, false, None, Terrain::Plank) => '=',
        (None, false, None, Terrain::Dead) => 'x',
    };
    let extra = match (c.number, c.marker) {
        (Some(n), _) => format!("{n:02}"),
        (None, true) => "*".into(),
        (None, false) => String::new(),
    };
    (main, extra, c.piece.is_some())
}

/// Every cell's text, padded to the widest, by position.
struct Cells {
    texts: Vec<((u8, u8), String)>,
    width: usize,
}

impl Cells {
    fn new(view: &BoardView, lang: Lang) -> Cells {
        let parts: Vec<_> = view
            .cells
            .iter()
            .map(|c| ((c.cell.x, c.cell.y), cell_parts(c, lang)))
            .collect();
        let extra = parts
            .iter()
            .map(|(_, (_, e, _))| e.len())
            .max()
            .unwrap_or(0);
        let width = 1 + extra;
        let texts = parts
            .into_iter()
            .map(|(at, (main, e, piece))| {
                // A lone symbol sits in the middle of its cell, under its
                // file letter; a piece comes first, its number or marker
                // after it.
                let text = if e.is_empty() && !piece {
                    let left = (width - 1) / 2;
                    format!("{:left$}{main}{:right$}", "", "", right = width - 1 - left)
                } else {
                    format!("{main}{e:<extra$}")
                };
                (at, text)
            })
            .collect();
        Cells { texts, width }
    }

    /// The text of the cell at `(x, y)`; `?` for a cell the view lacks.
    fn at(&self, x: u8, y: u8) -> String {
        self.texts.iter().find(|(at, _)| *at == (x, y)).map_or_else(
            || format!("{:<w$}", "?", w = self.width),
            |(_, t)| t.clone(),
        )
    }
}

/// The legend: every symbol the view draws, named in `lang`, on one line.
fn legend(view: &BoardView, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let mut items: Vec<String> = Vec::new();
    let has = |f: &dyn Fn(&CellView) -> bool| view.cells.iter().any(f);
    let mut case_told = false;
    for kind in PIECE_ORDER {
        let mut by_color = Vec::new();
        for color in [Color::White, Color::Black] {
            let p = Piece { kind, color };
            if has(&|c| c.piece == Some(p)) {
                by_color.push(p);
            }
        }
        if by_color.is_empty() {
            continue;
        }
        if cased(kind) {
            case_told = true;
            let letters: Vec<String> = by_color
                .iter()
                .map(|p| piece_char(*p, lang).to_string())
                .collect();
            items.push(format!(
                "{} {}",
                letters.join("/"),
                piece_name(kind, Color::White, lang)
            ));
        } else {
            for p in by_color {
                items.push(format!(
                    "{} {}",
                    piece_char(p, lang),
                    piece_name(kind, p.color, lang)
                ));
            }
        }
    }
    let bare = |c: &CellView| c.piece.is_none() && !c.token && c.number.is_none();
    let grounds = [
        (Terrain::Normal, ".", "empty", "vacía"),
        (Terrain::River, "~", "river", "río"),
        (Terrain::Plank, "=", "plank", "tablón"),
        (
            Terrain::Dead,
            "x",
            "square out of play",
            "casilla inutilizada",
        ),
    ];
    for (terrain, sym, en, es_name) in grounds {
        if has(&|c| bare(c) && c.terrain == terrain) {
            items.push(format!("{sym} {}", if es { es_name } else { en }));
        }
    }
    if has(&|c| c.piece.is_none() && c.token) {
        items.push(
            if es {
                "# ficha de bloqueo"
            } else {
                "# blocking token"
            }
            .into(),
        );
    }
    if has(&|c| c.number.is_some()) {
        items.push(
            if es {
                "00–99 número de la casilla"
            } else {
                "00–99 the square's number"
            }
            .into(),
        );
    }
    if has(&|c| c.marker) {
        items.push(
            if es {
                "* marca del grupo"
            } else {
                "* the group's marker"
            }
            .into(),
        );
    }
    let mut s = items.join(", ");
    if case_told {
        s.push_str(if es {
            "; mayúsculas blancas, minúsculas negras"
        } else {
            "; upper case White, lower case Black"
        });
    }
    if matches!(view.shape, Shape::HexTrapezoid { .. }) {
        s.push_str(if es {
            "; cada celda lleva delante su letra, y letra y fila la nombran: c7 es la c de la fila 7"
        } else {
            "; each cell begins with its letter, and letter and row name it: c7 is the c of row 7"
        });
    }
    s
}

/// A plain-text drawing in `lang`, White at the bottom: every cell the same
/// width, rank numbers on both sides, file letters below (on Cascades'
/// hexagons each cell carries its own letter, since a row's letters count
/// from its own left end), and a one-line legend naming the symbols drawn.
#[must_use]
pub fn diagram(view: &BoardView, lang: Lang) -> String {
    diagram_turned(view, false, lang)
}

/// [`diagram`], turned half round when `flip` (the second player's side
/// at the bottom), as the images are.
#[must_use]
pub fn diagram_turned(view: &BoardView, flip: bool, lang: Lang) -> String {
    let cells = Cells::new(view, lang);
    let w = cells.width;
    let mut lines: Vec<String> = Vec::new();
    match view.shape {
        Shape::Square { files, ranks, .. } => {
            let label = ranks.to_string().len();
            let ys: Vec<_> = if flip {
                (0..ranks).collect()
            } else {
                (0..ranks).rev().collect()
            };
            let xs: Vec<_> = if flip {
                (0..files).rev().collect()
            } else {
                (0..files).collect()
            };
            for y in ys {
                let row: Vec<String> = xs.iter().map(|&x| cells.at(x, y)).collect();
                let n = y + 1;
                lines.push(format!("{n:>label$} {} {n:>label$}", row.join(" ")));
            }
            // Each letter under the middle of its column.
            let mut foot = " ".repeat(label + 1 + (w - 1) / 2);
            for x in xs {
                foot.push(file_letter(x));
                foot.push_str(&" ".repeat(w));
            }
            lines.push(foot.trim_end().to_string());
        }
        Shape::HexTrapezoid { rows } => {
            let label = rows.to_string().len();
            // A cell is its letter and its text; an even pitch lets each row
            // sit half a cell to the right of the row below.
            let gap = if (w + 1) % 2 == 0 { 2 } else { 1 };
            let half = (w + 1 + gap) / 2;
            let ys: Vec<_> = if flip {
                (0..rows).collect()
            } else {
                (0..rows).rev().collect()
            };
            for y in ys {
                let mut row: Vec<String> = (0..Shape::hex_row_len(rows, y))
                    .map(|x| format!("{}{}", file_letter(x), cells.at(x, y)))
                    .collect();
                if flip {
                    row.reverse();
                }
                let indent = " ".repeat(usize::from(y) * half);
                let n = y + 1;
                lines.push(format!(
                    "{n:>label$} {indent}{}{indent} {n:>label$}",
                    row.join(&" ".repeat(gap))
                ));
            }
        }
    }
    lines.push(legend(view, lang));
    lines.join("\n")
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
mod tests;
