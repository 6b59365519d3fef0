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
        en.ends_with("K/k king, A/a amazon, . empty, ~ river; upper case White, lower case Black"),
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
