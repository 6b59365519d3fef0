//! The words of `review N`: the reply, the evaluation chart's texts and
//! the captions of the boards of the moves that changed the game.

use crate::render::{EvalChartOptions, EvalMark};
use tablero_engine::review::{MIN_SWING, PlyReview};
use tablero_rules::{Lang, Side};

use super::{both, c, pick, t};
use crate::event::Reviewed;
use crate::reading::shown;
use crate::reply::{Bi, Text};

/// A chance of winning as a whole percentage: `62%`, `62 %`.
fn percent(chance: f64, l: Lang) -> String {
    let n = (chance.clamp(0.0, 1.0) * 100.0).round();
    pick(l, "{}%", "{} %").replace("{}", &format!("{n:.0}"))
}

/// `ana (White)`.
fn who(r: &Reviewed, side: Side, l: Lang) -> String {
    let d = &r.game;
    format!(
        "{} ({})",
        d.player(side).name,
        super::side_word(&d.seats(), d.info(), side, l)
    )
}

/// `3. Qxe5+`, in the reader's piece letters.
fn numbered(r: &Reviewed, p: &PlyReview, l: Lang) -> String {
    format!(
        "{} {}",
        move_number(&r.review.plies, p.ply),
        shown(r.review.game, &p.played, l)
    )
}

/// The reply to `review N`.
pub(crate) fn summary(r: &Reviewed) -> Bi {
    both(|l| {
        let d = &r.game;
        // Counted as the board counts them (a chess move is one of each side).
        let moves = d.record.game.moves_played(r.review.plies.len());
        let template = match (moves, l) {
            (1, Lang::En) => "Review of game #{} ({}, {} – {}), {} move: ",
            (_, Lang::En) => "Review of game #{} ({}, {} – {}), {} moves: ",
            (1, Lang::Es) => "Análisis de la partida #{} ({}, {} – {}), {} jugada: ",
            (_, Lang::Es) => "Análisis de la partida #{} ({}, {} – {}), {} jugadas: ",
        };
        let mut s = Text::fill(
            template,
            [
                d.id.to_string(),
                d.info().name(l).to_string(),
                d.players[0].name.clone(),
                d.players[1].name.clone(),
                moves.to_string(),
            ]
            .map(t),
        );
        s.append(super::status(&r.game, l));
        s.append(t("\n"));
        s.append(t(pick(
            l,
            "The chart shows the engine's estimate of each player's chances after every move.",
            "La gráfica muestra la estimación del motor de las opciones de cada jugador tras cada jugada.",
        )));
        let turning = r.turning_points();
        if turning.is_empty() {
            s.append(t("\n"));
            s.append(Text::fill(
                pick(
                    l,
                    "No move lost its player {} or more of their chances: a steady game.",
                    "Ninguna jugada le costó a su jugador un {} o más de sus opciones: una partida sin vuelcos.",
                ),
                [t(percent(MIN_SWING, l))],
            ));
            return s;
        }
        s.append(t("\n"));
        s.append(t(pick(
            l,
            "The moves that changed the game:",
            "Las jugadas que cambiaron la partida:",
        )));
        for p in turning {
            s.append(t("\n• "));
            s.append(Text::fill(
                pick(
                    l,
                    "{} by {}: their chances went from {} to {}; better was {}.",
                    "{} de {}: sus opciones pasaron del {} al {}; era mejor {}.",
                ),
                [
                    c(numbered(r, p, l)),
                    t(who(r, p.mover, l)),
                    t(percent(p.before, l)),
                    t(percent(p.after, l)),
                    c(p.better
                        .as_deref()
                        .map_or_else(String::new, |b| shown(r.review.game, b, l))),
                ],
            ));
        }
        s
    })
}

/// The chart's points (the first player's chances), its marks and texts.
/// The chart's second line: the players and the result, without the
/// rating line, which a chart's width cuts off.
fn chart_subtitle(r: &Reviewed, l: Lang) -> String {
    let d = &r.game;
    let mut seats = d.seats();
    seats.rating = None;
    let state = match &d.result {
        Some(res) => super::game_result_of(d, &seats, res, l),
        None => super::status(d, l),
    };
    format!(
        "{} – {} · {}",
        d.players[0].name,
        d.players[1].name,
        state.write(|u| u.name.clone())
    )
}

pub(crate) fn review_chart(r: &Reviewed, l: Lang) -> (Vec<f64>, Vec<EvalMark>, EvalChartOptions) {
    let d = &r.game;
    let mut opts = EvalChartOptions::new(
        &format!(
            "{} #{} · {}",
            pick(l, "Review of game", "Análisis de la partida"),
            d.id,
            d.info().name(l)
        ),
        &chart_subtitle(r, l),
    );
    opts.top = format!(
        "{} {}",
        pick(l, "winning:", "gana:"),
        who(r, Side::First, l)
    );
    opts.bottom = format!(
        "{} {}",
        pick(l, "winning:", "gana:"),
        who(r, Side::Second, l)
    );
    opts.axis = pick(l, "moves", "jugadas").to_string();
    opts.end = d.record.game.moves_played(r.review.plies.len()).to_string();
    let marks = r
        .turning_points()
        .into_iter()
        .map(|p| EvalMark {
            index: p.ply + 1,
            label: numbered(r, p, l),
        })
        .collect();
    (r.review.first.clone(), marks, opts)
}

/// The caption of the board before a move that changed the game.
pub(crate) fn review_caption(r: &Reviewed, p: &PlyReview, l: Lang) -> String {
    let better = p
        .better
        .as_deref()
        .map_or_else(String::new, |b| shown(r.review.game, b, l));
    pick(
        l,
        "{move} by {who} ({before} → {after}); better: {better}",
        "{move} de {who} ({before} → {after}); mejor: {better}",
    )
    .replace("{move}", &numbered(r, p, l))
    .replace("{who}", &r.game.player(p.mover).name)
    .replace("{before}", &percent(p.before, l))
    .replace("{after}", &percent(p.after, l))
    .replace("{better}", &better)
}

/// The number a move has in a game's record (`3.` for the first player's
/// third move, `3…` for the second player's answer), counted in rounds as
/// `history` counts them.
pub(crate) fn move_number(plies: &[PlyReview], index: usize) -> String {
    let mut number = 0;
    let mut open_second = false;
    for p in &plies[..=index.min(plies.len().saturating_sub(1))] {
        match p.mover {
            Side::First => {
                number += 1;
                open_second = true;
                if p.ply == index {
                    return format!("{number}.");
                }
            }
            Side::Second => {
                if !open_second {
                    number += usize::from(number == 0);
                }
                open_second = false;
                if p.ply == index {
                    return format!("{number}…");
                }
            }
        }
    }
    format!("{}.", index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(ply: usize, mover: Side) -> PlyReview {
        PlyReview {
            ply,
            mover,
            played: String::new(),
            better: None,
            before: 0.5,
            after: 0.5,
        }
    }

    #[test]
    fn moves_are_numbered_in_rounds() {
        use Side::{First, Second};
        let plies: Vec<_> = [First, Second, First, Second]
            .into_iter()
            .enumerate()
            .map(|(i, s)| ply(i, s))
            .collect();
        let got: Vec<_> = (0..4).map(|i| move_number(&plies, i)).collect();
        assert_eq!(got, ["1.", "1…", "2.", "2…"]);
        // Push's set-up: the second player places several times running.
        let plies: Vec<_> = [Second, Second, First, Second]
            .into_iter()
            .enumerate()
            .map(|(i, s)| ply(i, s))
            .collect();
        let got: Vec<_> = (0..4).map(|i| move_number(&plies, i)).collect();
        assert_eq!(got, ["1…", "1…", "2.", "2…"]);
    }
}
