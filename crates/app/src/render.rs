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
mod tests {
    use super::*;
    use tablero_rules::{AnyGame, Setup};

    #[test]
    fn a_turned_diagram_shows_the_second_players_side_at_the_bottom() {
        let view = AnyGame::new(GameId::Chess, &Setup::default())
            .unwrap()
            .view();
        let up = diagram_turned(&view, false, Lang::En);
        let turned = diagram_turned(&view, true, Lang::En);
        let (up, turned): (Vec<&str>, Vec<&str>) = (up.lines().collect(), turned.lines().collect());
        assert_eq!(up.len(), turned.len());
        assert!(up[0].starts_with("8 ") && up[7].starts_with("1 "), "{up:?}");
        assert!(
            turned[0].starts_with("1 ") && turned[7].starts_with("8 "),
            "{turned:?}"
        );
        // Rank 1 read from h to a: the white king stands left of the queen.
        let rank1 = turned[0];
        assert!(
            rank1.find('K').unwrap() < rank1.find('Q').unwrap(),
            "{rank1}"
        );
        assert!(turned[8].trim_start().starts_with('h'), "{}", turned[8]);
        assert!(turned[8].trim_end().ends_with('a'), "{}", turned[8]);
        assert_eq!(diagram(&view, Lang::En), up.join("\n"));
    }

    /// Positions of `game` along a playout that picks moves by a fixed
    /// stride, so markers, tokens, planks and erased squares show up.
    fn positions(game: GameId, setup: &Setup) -> Vec<AnyGame> {
        let mut g = AnyGame::new(game, setup).unwrap();
        let mut out = vec![g.clone()];
        for ply in 0..40usize {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play(&moves[(ply * 7 + 3) % moves.len()]).unwrap();
            out.push(g.clone());
        }
        out
    }

    /// Checks one drawing: every row as wide as the others, with its
    /// number on both sides; the coordinates where moves put them; every
    /// symbol drawn named by the legend.
    fn check(view: &BoardView, lang: Lang) {
        let text = diagram(view, lang);
        let lines: Vec<&str> = text.lines().collect();
        let legend = *lines.last().unwrap();
        let named: Vec<&str> = legend.split([' ', ',', ';', '/']).collect();
        let (rows, label) = match view.shape {
            Shape::Square { ranks, .. } => (ranks, ranks.to_string().len()),
            Shape::HexTrapezoid { rows } => (rows, rows.to_string().len()),
        };
        let board = &lines[..usize::from(rows)];
        let width = board[0].chars().count();
        let mut digits = false;
        for (i, line) in board.iter().enumerate() {
            assert_eq!(line.chars().count(), width, "{lang:?}\n{text}");
            let n = (usize::from(rows) - i).to_string();
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!((words[0], *words.last().unwrap()), (&*n, &*n), "{text}");
            let cells = &words[1..words.len() - 1];
            for (x, cell) in cells.iter().enumerate() {
                let mut symbols = cell.chars();
                if let Shape::HexTrapezoid { .. } = view.shape {
                    // Each hexagon begins with the letter moves name it by.
                    assert_eq!(symbols.next(), Some(file_letter(x as u8)), "{text}");
                }
                for ch in symbols {
                    if ch.is_ascii_digit() {
                        digits = true;
                    } else {
                        let sym = ch.to_string();
                        assert!(named.contains(&&*sym), "`{sym}` unnamed in\n{text}");
                    }
                }
            }
        }
        assert_eq!(digits, legend.contains("00–99"), "{text}");
        match view.shape {
            Shape::Square { files, ranks, .. } => {
                assert_eq!(lines.len(), usize::from(ranks) + 2, "{text}");
                let w = (width - 2 * (label + 1) + 1) / usize::from(files) - 1;
                let foot: Vec<char> = lines[usize::from(ranks)].chars().collect();
                for x in 0..files {
                    let at = label + 1 + usize::from(x) * (w + 1) + (w - 1) / 2;
                    assert_eq!(foot[at], file_letter(x), "{text}");
                }
                let cells = view.cells.len();
                assert_eq!(cells, usize::from(files) * usize::from(ranks));
            }
            Shape::HexTrapezoid { rows } => {
                assert_eq!(lines.len(), usize::from(rows) + 1, "{text}");
                // Each row sits half a cell right of the row below it.
                let starts = |line: &str| -> Vec<usize> {
                    let b = line.as_bytes();
                    (label + 1..b.len())
                        .filter(|&i| b[i].is_ascii_lowercase() && b[i - 1] == b' ')
                        .collect()
                };
                for y in 1..usize::from(rows) {
                    let (above, below) = (starts(board[y - 1]), starts(board[y]));
                    assert_eq!(above.len() + 1, below.len(), "{text}");
                    for x in 0..above.len() {
                        assert_eq!(2 * above[x], below[x] + below[x + 1], "{text}");
                    }
                }
            }
        }
    }

    macro_rules! every_row_aligned_and_every_symbol_named {
        ($($name:ident: $game:expr, $setups:expr;)*) => {$(
            #[test]
            fn $name() {
                for setup in $setups {
                    for g in positions($game, &setup) {
                        for lang in [Lang::En, Lang::Es] {
                            check(&g.view(), lang);
                        }
                    }
                }
            }
        )*};
    }

    every_row_aligned_and_every_symbol_named! {
        barrier_board: GameId::Barrier, [Setup::default(), Setup::default().with("size", 10)];
        bloc_board: GameId::Bloc, [Setup::default(), Setup::default().with("width", 4)];
        bombardment_board: GameId::Bombardment, [Setup::default()];
        breakthrough_board: GameId::Breakthrough, [Setup::default()];
        cascades_board: GameId::Cascades, [Setup::default(), Setup::default().with("rows", 12)];
        cracovia_board: GameId::Cracovia, [Setup::default()];
        empuje_board: GameId::Empuje, [Setup::default(), Setup::default().with("size", 8)];
        knightfight_board: GameId::KnightFight, [Setup::default(), Setup { seed: Some(7), ..Setup::default() }];
        chess_board: GameId::Chess, [Setup::default()];
        saltador_board: GameId::Saltador, [Setup::default()];
        guadalete_board: GameId::Guadalete, [Setup::default()];
        guadalete14_board: GameId::Guadalete14, [Setup::default()];
    }

    fn start(game: GameId) -> BoardView {
        AnyGame::new(game, &Setup::default()).unwrap().view()
    }

    #[test]
    fn chess_in_both_languages() {
        assert_eq!(
            diagram(&start(GameId::Chess), Lang::En),
            "8 r n b q k b n r 8\n\
             7 p p p p p p p p 7\n\
             6 . . . . . . . . 6\n\
             5 . . . . . . . . 5\n\
             4 . . . . . . . . 4\n\
             3 . . . . . . . . 3\n\
             2 P P P P P P P P 2\n\
             1 R N B Q K B N R 1\n  \
             a b c d e f g h\n\
             K/k king, Q/q queen, R/r rook, B/b bishop, N/n knight, P/p pawn, . empty; \
             upper case White, lower case Black"
        );
        let es = diagram(&start(GameId::Chess), Lang::Es);
        assert!(es.starts_with("8 t c a d r a c t 8\n"), "{es}");
        assert!(es.contains("\n1 T C A D R A C T 1\n"), "{es}");
        assert!(es.ends_with(
            "\nR/r rey, D/d dama, T/t torre, A/a alfil, C/c caballo, P/p peón, . vacía; \
             mayúsculas blancas, minúsculas negras"
        ));
    }

    #[test]
    fn the_jumping_bishop_is_written_as_moves_write_it() {
        let en = diagram(&start(GameId::Saltador), Lang::En);
        assert!(en.contains("\n1 R N B Q K B N R 1\n"), "{en}");
        assert!(en.contains(" B/b jumping bishop,"), "{en}");
        let es = diagram(&start(GameId::Saltador), Lang::Es);
        assert!(es.contains("\n1 T C A D R A C T 1\n"), "{es}");
        assert!(es.contains(" A/a alfil saltador,"), "{es}");
    }

    #[test]
    fn the_amazon_is_a_in_english_and_m_in_spanish() {
        let view = AnyGame::from_position_text(
            GameId::Guadalete14,
            "a7/8/4k3/8/8/8/8/8/8/8/8/4K3/8/A7 w - - 0 1 - 0:0",
        )
        .unwrap()
        .view();
        let (en, es) = (diagram(&view, Lang::En), diagram(&view, Lang::Es));
        assert!(en.starts_with("14 a ~ ~ ~ ~ ~ ~ ~ 14\n"), "{en}");
        assert!(en.contains("\n 1 A ~ ~ ~ ~ ~ ~ ~  1\n"), "{en}");
        assert!(
            en.ends_with(
                "K/k king, A/a amazon, . empty, ~ river; upper case White, lower case Black"
            ),
            "{en}"
        );
        assert!(es.starts_with("14 m ~ ~ ~ ~ ~ ~ ~ 14\n"), "{es}");
        assert!(es.contains("\n 1 M ~ ~ ~ ~ ~ ~ ~  1\n"), "{es}");
        assert!(es.contains("R/r rey, M/m amazona,"), "{es}");
    }

    #[test]
    fn a_knight_on_a_numbered_square_fits_its_cell() {
        // Numbers in square order a1, b1, …: a1 is 00, b1 01, …, j10 99.
        let setup = Setup {
            layout: Some((0..100).collect()),
            ..Setup::default()
        };
        let mut g = AnyGame::new(GameId::KnightFight, &setup).unwrap();
        g.play("d1").unwrap(); // scores 03 and erases 30 (a4)
        let text = diagram(&g.view(), Lang::En);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "10  90  91  92  93  94  95  96  97  98  99 10");
        assert_eq!(lines[6], " 4  x   31  32  33  34  35  36  37  38  39  4");
        assert_eq!(lines[9], " 1  00  01  02 N03  04  05  06  07  08  09  1");
        assert_eq!(lines[10], "    a   b   c   d   e   f   g   h   i   j");
        assert_eq!(
            lines[11],
            "N knight, x square out of play, 00–99 the square's number; \
             upper case White, lower case Black"
        );
        let es = diagram(&g.view(), Lang::Es);
        assert!(es.contains("\n 1  00  01  02 C03  04"), "{es}");
    }

    #[test]
    fn every_cascades_cell_carries_its_letter() {
        let g = AnyGame::new(GameId::Cascades, &Setup::default().with("rows", 4)).unwrap();
        assert_eq!(
            diagram(&g.view(), Lang::En),
            "4       aW  bB  cW  dB  eW  fB  gW  hB       4\n\
             3     a.  b.  c.  d.  e.  f.  g.  h.  i.     3\n\
             2   a.  b.  c.  d.  e.  f.  g.  h.  i.  j.   2\n\
             1 a.  b.  c.  d.  e.  f.  g.  h.  i.  j.  k. 1\n\
             W White stone, B Black stone, . empty; each cell begins with its letter, \
             and letter and row name it: c7 is the c of row 7"
        );
    }

    #[test]
    fn bloc_markers_and_barrier_tokens_are_named() {
        let mut g = AnyGame::new(
            GameId::Bloc,
            &Setup::default().with("width", 4).with("height", 4),
        )
        .unwrap();
        g.play("b1-a1*a2").unwrap();
        let text = diagram(&g.view(), Lang::En);
        assert_eq!(text.lines().nth(2).unwrap(), "2 W* B  W  B  2", "{text}");
        assert_eq!(text.lines().nth(3).unwrap(), "1 W  .  B  W  1", "{text}");
        assert!(text.ends_with("* the group's marker"), "{text}");
        let mut g = AnyGame::new(GameId::Barrier, &Setup::default().with("size", 5)).unwrap();
        for m in ["a1", "e5", "a1-a2-b3"] {
            g.play(m).unwrap();
        }
        let text = diagram(&g.view(), Lang::Es);
        assert_eq!(
            text,
            "5 . . . . c 5\n\
             4 . . . . . 4\n\
             3 # C . . . 3\n\
             2 # . . . . 2\n\
             1 # . . . . 1\n  \
             a b c d e\n\
             C/c caballo, . vacía, # ficha de bloqueo; mayúsculas blancas, minúsculas negras"
        );
    }

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
