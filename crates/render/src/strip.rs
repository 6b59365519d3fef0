//! The text around the board: the game's name and move number, one row per
//! player, and a footer saying whose turn it is or how the game ended.

use tablero_rules::{BoardView, Color, GameId, Lang, Phase, PieceKind, ScoreKind, Side};
use tiny_skia::Pixmap;

use crate::RenderOptions;
use crate::geometry::Rect;
use crate::paint::{blit, fill_path, rounded};
use crate::sprites::{self, Sprite};
use crate::text::{self, Align, Face, Style};
use crate::theme::{UI, rgb};

const ICON: u32 = 34;

pub(crate) fn header(pm: &mut Pixmap, r: Rect, view: &BoardView, opts: &RenderOptions) {
    let info = opts.game.info();
    let (_, cy) = r.center();
    let moves = move_text(view, opts.game, opts.lang);
    let moves_w = text::width(Face::Regular, 16, &moves);
    let name_max = r.w - 32.0 - moves_w - 24.0;
    let name = text::fit(Face::Bold, 22, info.name(opts.lang), name_max);
    text::draw(
        pm,
        Style::new(Face::Bold, 22, UI.text),
        r.x + 16.0,
        cy + text::cap_height(22) / 2.0,
        Align::Left,
        &name,
    );
    text::draw(
        pm,
        Style::new(Face::Regular, 16, UI.muted),
        r.right() - 16.0,
        cy + text::cap_height(16) / 2.0,
        Align::Right,
        &moves,
    );
}

fn move_text(view: &BoardView, game: GameId, lang: Lang) -> String {
    let over = view.status.outcome.is_some();
    // Chess players count a move of White and Black as one move; the other
    // games count turns.
    let ply = match (game.counts_move_pairs(), over) {
        (true, false) => view.status.ply / 2,
        (_, true) => game.moves_played(view.status.ply as usize) as u32,
        (false, false) => view.status.ply,
    };
    match (over, lang) {
        (false, Lang::En) => format!("Move {}", u64::from(ply) + 1),
        (false, Lang::Es) => format!("Jugada {}", u64::from(ply) + 1),
        (true, Lang::En) if ply == 1 => "1 move".to_string(),
        (true, Lang::Es) if ply == 1 => "1 jugada".to_string(),
        (true, Lang::En) => format!("{ply} moves"),
        (true, Lang::Es) => format!("{ply} jugadas"),
    }
}

/// A player's name as the font can draw it: no control characters, no
/// glyphs DejaVu lacks (emoji), spaces collapsed.
pub(crate) fn clean_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| c == ' ' || (!c.is_control() && text::has_glyph(Face::Bold, c)))
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the player row shows as a side's emblem: the game's leading piece,
/// or for games of identical men, whatever the board shows in that colour.
fn emblem(game: GameId, side: Side, view: &BoardView, color: Color) -> PieceKind {
    let on_board = || {
        view.cells
            .iter()
            .filter_map(|c| c.piece)
            .find(|p| p.color == color)
            .map_or(PieceKind::Stone, |p| p.kind)
    };
    match game {
        GameId::Chess | GameId::Saltador | GameId::Guadalete | GameId::Guadalete14 => {
            PieceKind::King
        }
        GameId::Barrier | GameId::KnightFight => PieceKind::Knight,
        GameId::Cracovia => match side {
            Side::First => PieceKind::Angel,
            Side::Second => PieceKind::Demon,
        },
        GameId::Bloc
        | GameId::Bombardment
        | GameId::Breakthrough
        | GameId::Cascades
        | GameId::Empuje => on_board(),
    }
}

/// A player strip's background, the same whoever is to move: the bar
/// alone marks the side to move, so a move changes a few hundred pixels of
/// a strip rather than all of them (in a replay, every pixel of both
/// strips twice a move), and the background belongs to the static layer.
pub(crate) fn background(pm: &mut Pixmap, r: Rect) {
    if let Some(bg) = rounded(r, 8.0) {
        fill_path(pm, &bg, UI.strip);
    }
}

/// A player's strip over its [`background`].
pub(crate) fn player(pm: &mut Pixmap, r: Rect, side: Side, view: &BoardView, opts: &RenderOptions) {
    let status = &view.status;
    let to_move = status.outcome.is_none() && status.to_move == Some(side);
    let winner = status.outcome.is_some_and(|o| o.winner == Some(side));
    if to_move || winner {
        let bar = Rect::new(r.x, r.y, 6.0, r.h);
        if let Some(p) = rounded(bar, 3.0) {
            fill_path(pm, &p, if winner { UI.gold } else { UI.accent });
        }
    }
    let (_, cy) = r.center();
    let icon_x = r.x + 16.0;
    match status.colors[side.index()] {
        Some(color) => {
            let s = sprites::get(
                Sprite::Piece(emblem(opts.game, side, view, color), color),
                ICON,
            );
            blit(pm, &s, icon_x, cy - ICON as f32 / 2.0);
        }
        None => {
            // Colours not chosen yet (Empuje's set-up).
            let rr = ICON as f32 * 0.4;
            if let Some(c) = tiny_skia::PathBuilder::from_circle(icon_x + ICON as f32 / 2.0, cy, rr)
            {
                fill_path(pm, &c, rgb(0x77736d));
            }
            text::draw_centered(
                pm,
                Style::new(Face::Bold, 18, UI.text),
                icon_x + ICON as f32 / 2.0,
                cy,
                "?",
            );
        }
    }

    // Score on the right, then the name and side in what is left.
    let mut right = r.right() - 16.0;
    if let Some((kind, scores)) = status.scores {
        let unit = score_unit(kind, scores[side.index()], opts.lang);
        let base = cy + text::cap_height(20) / 2.0;
        text::draw(
            pm,
            Style::new(Face::Regular, 15, UI.muted),
            right,
            base,
            Align::Right,
            &unit,
        );
        right -= text::width(Face::Regular, 15, &unit) + 6.0;
        let n = scores[side.index()].to_string();
        text::draw(
            pm,
            Style::new(Face::Bold, 20, UI.text),
            right,
            base,
            Align::Right,
            &n,
        );
        right -= text::width(Face::Bold, 20, &n) + 16.0;
    }
    let side_name = side_name(view, opts.game, side, opts.lang);
    let name = clean_name(&opts.players[side.index()]);
    let x = icon_x + ICON as f32 + 12.0;
    let base = cy + text::cap_height(19) / 2.0;
    let star = if winner { "  ★" } else { "" };
    if name.is_empty() || name == side_name {
        let label = text::fit(Face::Bold, 19, side_name, right - x);
        text::draw(
            pm,
            Style::new(Face::Bold, 19, UI.text),
            x,
            base,
            Align::Left,
            &label,
        );
        let w = text::width(Face::Bold, 19, &label);
        text::draw(
            pm,
            Style::new(Face::Bold, 19, UI.gold),
            x + w,
            base,
            Align::Left,
            star,
        );
    } else {
        let suffix = format!("  {side_name}");
        let suffix_w = text::width(Face::Regular, 15, &suffix) + text::width(Face::Bold, 19, star);
        let label = text::fit(Face::Bold, 19, &name, (right - x - suffix_w).max(40.0));
        text::draw(
            pm,
            Style::new(Face::Bold, 19, UI.text),
            x,
            base,
            Align::Left,
            &label,
        );
        let w = text::width(Face::Bold, 19, &label);
        let rest = text::fit(Face::Regular, 15, &suffix, (right - x - w).max(0.0));
        text::draw(
            pm,
            Style::new(Face::Regular, 15, UI.muted),
            x + w,
            base,
            Align::Left,
            &rest,
        );
        let w2 = text::width(Face::Regular, 15, &rest);
        text::draw(
            pm,
            Style::new(Face::Bold, 19, UI.gold),
            x + w + w2,
            base,
            Align::Left,
            star,
        );
    }
}

fn score_unit(kind: ScoreKind, n: i32, lang: Lang) -> String {
    let one = n == 1;
    match (kind, lang) {
        (ScoreKind::Points, Lang::En) => {
            if one {
                "pt"
            } else {
                "pts"
            }
        }
        (ScoreKind::Points, Lang::Es) => {
            if one {
                "pto"
            } else {
                "ptos"
            }
        }
        (ScoreKind::Pieces, Lang::En) => {
            if one {
                "piece"
            } else {
                "pieces"
            }
        }
        (ScoreKind::Pieces, Lang::Es) => {
            if one {
                "pieza"
            } else {
                "piezas"
            }
        }
        (ScoreKind::BottomRow, Lang::En) => "on bottom row",
        (ScoreKind::BottomRow, Lang::Es) => "en fila inferior",
    }
    .to_string()
}

pub(crate) fn footer(pm: &mut Pixmap, r: Rect, view: &BoardView, opts: &RenderOptions) {
    let (text, color) = status_text(view, opts);
    let (cx, cy) = r.center();
    let line = text::fit(Face::Bold, 18, &text, r.w - 32.0);
    text::draw_centered(pm, Style::new(Face::Bold, 18, color), cx, cy, &line);
}

/// Whose turn it is, or the result.
pub(crate) fn status_text(view: &BoardView, opts: &RenderOptions) -> (String, tiny_skia::ColorU8) {
    let lang = opts.lang;
    let who = |side: Side| {
        let side_name = side_name(view, opts.game, side, lang);
        let name = clean_name(&opts.players[side.index()]);
        if name.is_empty() || name == side_name {
            side_name.to_string()
        } else {
            format!("{name} ({side_name})")
        }
    };
    if let Some(o) = view.status.outcome {
        let reason = o.reason.text(lang);
        let text = match (o.winner, lang) {
            (Some(s), Lang::En) => format!("{} wins — {reason}", who(s)),
            (Some(s), Lang::Es) => format!("Gana: {} — {reason}", who(s)),
            (None, Lang::En) => format!("Draw — {reason}"),
            (None, Lang::Es) if opts.game.counts_move_pairs() => format!("Tablas — {reason}"),
            (None, Lang::Es) => format!("Empate — {reason}"),
        };
        return (text, UI.gold);
    }
    let Some(side) = view.status.to_move else {
        return (String::new(), UI.text);
    };
    let name = side_name(view, opts.game, side, lang);
    let text = match (view.status.phase, lang) {
        (Phase::Play, Lang::En) => format!("{name} to move"),
        (Phase::Place, Lang::En) => format!("{name} to place"),
        (Phase::Choose, Lang::En) => format!("{name} to choose"),
        (Phase::Play, Lang::Es) => format!("Mueve: {name}"),
        (Phase::Place, Lang::Es) => format!("Coloca: {name}"),
        (Phase::Choose, Lang::Es) => format!("Elige: {name}"),
    };
    (text, UI.text)
}

/// What a side is called: the game's name for it, or, once Push's set-up
/// has given the sides their colours (Setter and Chooser become White and
/// Black), the colour.
fn side_name(view: &BoardView, game: GameId, side: Side, lang: Lang) -> &'static str {
    match (game, view.status.colors[side.index()]) {
        (GameId::Empuje, Some(color)) => GameId::Chess.info().side_name(
            match color {
                Color::White => Side::First,
                Color::Black => Side::Second,
            },
            lang,
        ),
        _ => game.info().side_name(side, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_what_the_font_cannot_draw() {
        assert_eq!(clean_name("  Ana\tMaría \n"), "Ana María");
        assert_eq!(clean_name("bot\u{0}🙂 x"), "bot x");
        assert_eq!(clean_name("🙂🙂"), "");
        assert_eq!(clean_name("Ёжик"), "Ёжик");
    }
}
