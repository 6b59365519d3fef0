//! Colours: one board palette per game, and the colours of the frame and
//! the status strips.

use tablero_rules::GameId;
use tiny_skia::ColorU8 as Color;

/// A look for the images. Only one so far; the type leaves room for a
/// high-contrast or light variant without changing the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    #[default]
    Default,
}

pub(crate) const fn rgb(hex: u32) -> Color {
    rgba(hex, 0xff)
}

pub(crate) const fn rgba(hex: u32, a: u8) -> Color {
    let r = ((hex >> 16) & 0xff) as u8;
    let g = ((hex >> 8) & 0xff) as u8;
    let b = (hex & 0xff) as u8;
    Color::from_rgba(r, g, b, a)
}

/// The colours of one game's board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    pub light: Color,
    pub dark: Color,
    /// The line around the board.
    pub border: Color,
    /// Knight Fight's numbers, and doubles (which let you erase another).
    pub number: Color,
    pub number_double: Color,
    /// Cascades: ordinary cells, the goal row, and cell outlines.
    pub hex_cell: Color,
    pub hex_goal: Color,
    pub hex_line: Color,
    pub hex_label: Color,
}

/// Colours around the board, shared by every game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ui {
    pub background: Color,
    pub strip: Color,
    pub strip_active: Color,
    pub text: Color,
    pub muted: Color,
    pub coord: Color,
    /// Bar beside the player to move.
    pub accent: Color,
    /// Bar beside the winner, and the result text.
    pub gold: Color,
}

pub(crate) const UI: Ui = Ui {
    background: rgb(0x2b2926),
    strip: rgb(0x363431),
    strip_active: rgb(0x45423d),
    text: rgb(0xf0ede8),
    muted: rgb(0xaaa59e),
    coord: rgb(0xc8c2b8),
    accent: rgb(0x8fc24a),
    gold: rgb(0xf2c037),
};

/// Overlays marking the last move.
pub(crate) struct Marks {
    pub moved: Color,
    pub path: Color,
    pub placed: Color,
    pub blast: Color,
    pub push: Color,
    pub erased: Color,
    pub check: Color,
    /// Ring round a hex cell the last move touched.
    pub ring: Color,
}

pub(crate) const MARKS: Marks = Marks {
    moved: rgba(0xf6e23a, 0x80),
    path: rgba(0xf6e23a, 0x50),
    placed: rgba(0xf6e23a, 0x80),
    blast: rgba(0xff5a1f, 0x90),
    push: rgba(0xf6e23a, 0x50),
    erased: rgb(0xe53935),
    check: rgb(0xe8201a),
    ring: rgb(0xe07b00),
};

/// Guadalete's river, its planks, and Knight Fight's dead squares.
pub(crate) struct Ground {
    pub water_light: Color,
    pub water_dark: Color,
    pub wave: Color,
    pub plank: Color,
    pub plank_edge: Color,
    pub plank_grain: Color,
    pub dead: Color,
    pub dead_hatch: Color,
    /// The seam where guadalete14's edges join.
    pub seam: Color,
}

pub(crate) const GROUND: Ground = Ground {
    water_light: rgb(0x5b9bd1),
    water_dark: rgb(0x4a88c0),
    wave: rgba(0xe6f3ff, 0xb0),
    plank: rgb(0xb9854f),
    plank_edge: rgb(0x5e3c1c),
    plank_grain: rgba(0x7a5430, 0xa0),
    dead: rgb(0x3a3d42),
    dead_hatch: rgb(0x2c2e32),
    seam: rgb(0x62b0f0),
};

const fn squares(light: u32, dark: u32, border: u32) -> Board {
    Board {
        light: rgb(light),
        dark: rgb(dark),
        border: rgb(border),
        number: rgb(0x2a2a2a),
        number_double: rgb(0xb0173a),
        hex_cell: rgb(0xdde9f3),
        hex_goal: rgb(0xf6dfa4),
        hex_line: rgb(0x5d7f9e),
        hex_label: rgb(0x6f8aa3),
    }
}

/// The board palette of `game`: each game its own, so a glance tells which
/// game an image belongs to.
pub(crate) fn board(game: GameId, _theme: Theme) -> Board {
    match game {
        // lichess' brown, the board chess players expect.
        GameId::Chess => squares(0xf0d9b5, 0xb58863, 0x6e4e2e),
        // Slate blue: a chess board that is visibly not plain chess.
        GameId::Saltador => squares(0xdee3e6, 0x8ca2ad, 0x4b5d66),
        // Fields either side of the river.
        GameId::Guadalete => squares(0xe8e4c4, 0xa3b27a, 0x5c6b3a),
        GameId::Guadalete14 => squares(0xe6e0cc, 0xad9f7c, 0x6a5d3f),
        // Cool sage, on which the brown tokens stand out.
        GameId::Barrier => squares(0xdfe8e1, 0x9fb8a9, 0x566e60),
        // Warm wood, for a board filled with stones.
        GameId::Bloc => squares(0xe8cf98, 0xcfab68, 0x7c5a22),
        // Dusty khaki: a battlefield.
        GameId::Bombardment => squares(0xe6ddd0, 0xb4a48d, 0x6b5c47),
        GameId::Breakthrough => squares(0xe3ecf5, 0x87a7c8, 0x45627f),
        // Sky, for angels.
        GameId::Cracovia => squares(0xe4ecf8, 0xa9bde0, 0x55699a),
        GameId::Empuje => squares(0xf6e3cf, 0xdba679, 0x8a5a32),
        // Pale, so that the numbers read.
        GameId::KnightFight => squares(0xf4f1e4, 0xd5dcc0, 0x6e7a55),
        GameId::Cascades => squares(0xdde9f3, 0xdde9f3, 0x5d7f9e),
    }
}
