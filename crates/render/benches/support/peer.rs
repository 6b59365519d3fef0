//! The peer the benches compare with: the way Python chat bots draw a chess
//! board, python-chess's SVG rendered to PNG by cairosvg, measured in the
//! same run as ours.
//!
//! Set up by the bench itself where missing: a virtual environment under
//! `target/peer-venv` with `chess` and `cairosvg` installed by pip (cairosvg
//! needs the system's libcairo). Offline or without Python, the bench says
//! why and leaves the peer's columns out. `TABLERO_PEER=off` skips it.

use std::path::{Path, PathBuf};
use std::process::Command;

use tablero_rules::{BoardView, Color, PieceKind};

/// Times each FEN given: 3 warm-up drawings, then `runs`, each timed by
/// `time.process_time()` (the process's CPU time, as ours is this
/// thread's); prints per FEN the median in ms and the PNG's size in bytes.
const SCRIPT: &str = r#"
import sys, time, chess, chess.svg, cairosvg
runs = int(sys.argv[1])
for fen in sys.argv[2:]:
    board = chess.Board(fen)
    times = []
    for i in range(3 + runs):
        t = time.process_time()
        svg = chess.svg.board(board, size=640)
        png = cairosvg.svg2png(bytestring=svg.encode())
        if i >= 3:
            times.append(time.process_time() - t)
    times.sort()
    print(f"{times[len(times) // 2] * 1000:.3f} {len(png)}")
"#;

/// The peer's figures for one position.
#[derive(Clone, Copy, Debug)]
pub struct PeerFigure {
    pub cpu_ms: f64,
    pub bytes: usize,
}

/// A ready peer: the virtual environment's Python.
pub struct Peer {
    python: PathBuf,
    script: PathBuf,
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    )
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        Err(format!("{cmd:?} failed: {last}"))
    }
}

impl Peer {
    /// The peer, installed first if missing; `None` (with the reason
    /// printed) if it cannot be.
    pub fn setup() -> Option<Peer> {
        if std::env::var("TABLERO_PEER").is_ok_and(|v| v == "off") {
            println!("peer: skipped (TABLERO_PEER=off)");
            return None;
        }
        match Peer::install() {
            Ok(p) => Some(p),
            Err(e) => {
                println!(
                    "peer: python-chess + cairosvg unavailable, its columns are left out ({e})"
                );
                None
            }
        }
    }

    fn install() -> Result<Peer, String> {
        let venv = target_dir().join("peer-venv");
        let python = venv.join("bin/python");
        if !python.exists() {
            println!("peer: creating {} …", venv.display());
            run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
        }
        let check = || run(Command::new(&python).args(["-c", "import chess.svg, cairosvg"]));
        if check().is_err() {
            println!("peer: pip install chess cairosvg …");
            run(Command::new(&python).args(["-m", "pip", "install", "-q", "chess", "cairosvg"]))?;
            check()?;
        }
        let script = venv.join("tablero_peer.py");
        std::fs::write(&script, SCRIPT).map_err(|e| e.to_string())?;
        Ok(Peer { python, script })
    }

    /// The peer's figures for each FEN, `runs` timed drawings each.
    pub fn measure(&self, fens: &[String], runs: usize) -> Option<Vec<PeerFigure>> {
        let out = run(Command::new(&self.python)
            .arg(&self.script)
            .arg(runs.to_string())
            .args(fens))
        .map_err(|e| println!("peer: {e}"))
        .ok()?;
        let figures: Vec<PeerFigure> = out
            .lines()
            .filter_map(|l| {
                let (ms, bytes) = l.split_once(' ')?;
                Some(PeerFigure {
                    cpu_ms: ms.parse().ok()?,
                    bytes: bytes.parse().ok()?,
                })
            })
            .collect();
        (figures.len() == fens.len()).then_some(figures)
    }
}

/// The FEN of a chess view's pieces (White to move, no castling: python-chess
/// only needs the placement to draw the board).
pub fn fen(view: &BoardView) -> String {
    let mut rows = Vec::new();
    for rank in (0..8u8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8u8 {
            let piece = view
                .cells
                .iter()
                .find(|c| c.cell.x == file && c.cell.y == rank)
                .and_then(|c| c.piece);
            let Some(p) = piece else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                row.push(char::from(b'0' + empty));
                empty = 0;
            }
            let c = match p.kind {
                PieceKind::King => 'k',
                PieceKind::Queen | PieceKind::Amazon => 'q',
                PieceKind::Rook => 'r',
                PieceKind::Bishop | PieceKind::JumpingBishop => 'b',
                PieceKind::Knight => 'n',
                _ => 'p',
            };
            row.push(if p.color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
        if empty > 0 {
            row.push(char::from(b'0' + empty));
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}
