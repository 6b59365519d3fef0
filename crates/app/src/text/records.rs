//! Ratings and records in words: stats, leaderboards, exports, replays,
//! rating changes, and the texts of the charts and tables drawn for them.

use tablero_rating::Rating;
use tablero_rules::{GameId, Lang, Side};

use super::{m, pick, t};
use crate::command::ExportFormat;
use crate::event::{GameView, Leaderboard, RatingHistory, Standing, StatsRow};
use crate::render::{ChartOptions, Column, ColumnAlign, TableOptions, TableRow};
use crate::reply::{Text, User};
use crate::view::{Seats, Stats};

/// `1623` or `1500?` (provisional), as the rating crate shows it.
fn rating(r: &Rating) -> String {
    r.display()
}

/// `+12`, `−7`, `±0`.
fn signed(d: f64) -> String {
    let d = d.round() as i64;
    match d {
        0 => "±0".into(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", d.unsigned_abs()),
    }
}

/// `3 wins in a row (best 4)`, or nothing to say.
fn streak(s: &Stats, l: Lang) -> Option<String> {
    let best = s.best_streak;
    match (s.streak, l) {
        (n, Lang::En) if n >= 2 => Some(format!("{n} wins in a row (best {best})")),
        (n, Lang::Es) if n >= 2 => Some(format!("{n} victorias seguidas (récord {best})")),
        (n, Lang::En) if n <= -2 => Some(format!("{} losses in a row", -n)),
        (n, Lang::Es) if n <= -2 => Some(format!("{} derrotas seguidas", -n)),
        (_, Lang::En) if best >= 2 => Some(format!("best streak {best} wins")),
        (_, Lang::Es) if best >= 2 => Some(format!("mejor racha {best} victorias")),
        _ => None,
    }
}

/// `7 won, 4 lost, 1 drawn`.
pub(super) fn results(s: &Stats, l: Lang) -> String {
    match l {
        Lang::En => format!("{} won, {} lost, {} drawn", s.wins, s.losses, s.draws),
        Lang::Es => format!(
            "ganadas {}, perdidas {}, tablas {}",
            s.wins, s.losses, s.draws
        ),
    }
}

/// `1623 ± 54, 12 rated games`.
fn rating_line(r: &Rating, games: u32, l: Lang) -> String {
    let plural = if games == 1 { "" } else { "s" };
    let template = pick(
        l,
        "{} ± {}, {} rated game{}",
        "{} ± {}, {} partida{} puntuable{}",
    );
    let dev = format!("{:.0}", r.deviation.round());
    Text::fill(
        template,
        [
            rating(r),
            dev,
            games.to_string(),
            plural.into(),
            plural.into(),
        ]
        .map(t),
    )
    .to_string()
}

pub(super) fn stats(user: &User, rows: &[StatsRow], vs_bot: &[(GameId, Stats)], l: Lang) -> Text {
    if rows.is_empty() && vs_bot.is_empty() {
        return Text::fill(
            pick(
                l,
                "{} has no finished games yet.",
                "{} aún no ha terminado ninguna partida.",
            ),
            [m(user)],
        );
    }
    let mut s = Text::fill(pick(l, "Stats for {}:", "Estadísticas de {}:"), [m(user)]);
    let mut total = Stats::default();
    for row in rows {
        let mut parts = Vec::new();
        if let Some((r, games)) = &row.rating {
            parts.push(rating_line(r, *games, l));
        }
        parts.push(results(&row.stats, l));
        parts.extend(streak(&row.stats, l));
        s.append(t(format!(
            "\n{}: {}",
            row.game.info().name(l),
            parts.join(" · ")
        )));
        total.wins += row.stats.wins;
        total.losses += row.stats.losses;
        total.draws += row.stats.draws;
    }
    if rows.len() > 1 {
        s.append(t(format!("\nTotal: {}", results(&total, l))));
    }
    if !vs_bot.is_empty() {
        s.append(t(match (rows.is_empty(), l) {
            (true, Lang::En) => "\nAgainst Tablero (never rated):",
            (true, Lang::Es) => "\nContra Tablero (nunca puntúa):",
            (false, Lang::En) => "\nAgainst Tablero, counted apart (never rated):",
            (false, Lang::Es) => "\nContra Tablero, aparte (nunca puntúa):",
        }));
        for (g, st) in vs_bot {
            s.append(t(format!("\n{}: {}", g.info().name(l), results(st, l))));
        }
    }
    if rows
        .iter()
        .any(|r| r.rating.is_some_and(|(r, _)| r.is_provisional()))
    {
        s.append(t(pick(
            l,
            "\n`?` marks a provisional rating: a few more rated games settle it.",
            "\n`?` indica una puntuación provisional: unas cuantas partidas puntuables más la asientan.",
        )));
    }
    s
}

/// The line under stats some of whose records could not be read.
pub(super) fn stats_set_aside(n: usize, l: Lang) -> Text {
    t(match (n, l) {
        (1, Lang::En) => "\nOne record of these stats could not be read: it is set aside for the bot's operator, and its results are missing above.".to_string(),
        (1, Lang::Es) => "\nUn registro de estas estadísticas no se pudo leer: queda apartado para quien administra el bot, y sus resultados faltan arriba.".to_string(),
        (n, Lang::En) => format!("\n{n} records of these stats could not be read: they are set aside for the bot's operator, and their results are missing above."),
        (n, Lang::Es) => format!("\n{n} registros de estas estadísticas no se pudieron leer: quedan apartados para quien administra el bot, y sus resultados faltan arriba."),
    })
}

/// `1. ana 1623 (12)` lines.
fn standings(list: &[Standing], me: Option<&Standing>, l: Lang) -> Text {
    let mut s = Text::default();
    for st in list.iter().chain(me) {
        if me.is_some_and(|m| std::ptr::eq(m, st)) {
            s.append(t("\n…"));
        }
        let games = match (l, st.games) {
            (Lang::En, 1) => "1 game".to_string(),
            (Lang::Es, 1) => "1 partida".to_string(),
            (Lang::En, n) => format!("{n} games"),
            (Lang::Es, n) => format!("{n} partidas"),
        };
        s.append(Text::fill(
            "\n{}. {} {} ({})",
            [
                t(st.rank.to_string()),
                t(st.user.name.clone()),
                t(rating(&st.rating)),
                t(games),
            ],
        ));
    }
    s
}

fn here(server: bool, l: Lang) -> &'static str {
    match (server, l) {
        (true, Lang::En) => "this server",
        (true, Lang::Es) => "este servidor",
        (false, Lang::En) => "this chat",
        (false, Lang::Es) => "este chat",
    }
}

pub(super) fn leaderboard(board: &Leaderboard, l: Lang) -> Text {
    match board {
        Leaderboard::All { server, games } => {
            if games.is_empty() {
                return t(pick(
                    l,
                    "Nobody has finished a rated game here yet. Challenges are rated unless they say `casual`.",
                    "Aún nadie ha terminado una partida puntuable aquí. Los desafíos puntúan salvo que digan `amistosa`.",
                ));
            }
            let mut s = t(match l {
                Lang::En => format!("Best rated players in {}:", here(*server, l)),
                Lang::Es => format!("Mejores puntuaciones de {}:", here(*server, l)),
            });
            for (g, list) in games {
                s.append(t(format!("\n\n{}", g.info().name(l))));
                s.append(standings(list, None, l));
            }
            s.append(t(pick(
                l,
                "\n\n`leaderboard GAME` shows one game in full.",
                "\n\n`clasificacion JUEGO` muestra un juego completo.",
            )));
            s
        }
        Leaderboard::Game {
            game,
            server,
            here: list,
            here_count,
            everywhere,
            everywhere_count,
            me,
            ..
        } => {
            let name = game.info().name(l);
            if *everywhere_count == 0 {
                return t(match l {
                    Lang::En => format!("Nobody has a {name} rating yet."),
                    Lang::Es => format!("Aún nadie tiene puntuación en {name}."),
                });
            }
            let mut s = t(match l {
                Lang::En => format!("{name} leaderboard, {}:", here(*server, l)),
                Lang::Es => format!("Clasificación de {name}, {}:", here(*server, l)),
            });
            if *here_count == 0 {
                s.append(t(pick(
                    l,
                    "\nNo rated games here yet.",
                    "\nAún no hay partidas puntuables aquí.",
                )));
            } else {
                s.append(standings(list, None, l));
            }
            s.append(t(match l {
                Lang::En => format!("\n\nAll of the platform ({everywhere_count} players):"),
                Lang::Es => format!("\n\nToda la plataforma ({everywhere_count} jugadores):"),
            }));
            s.append(standings(everywhere, me.as_ref(), l));
            s
        }
    }
}

/// The image table of a one-game leaderboard (this chat's or server's).
pub(crate) fn leaderboard_table(
    board: &Leaderboard,
    l: Lang,
) -> Option<(Vec<TableRow>, TableOptions)> {
    let Leaderboard::Game {
        game,
        server,
        here: list,
        here_count,
        viewer,
        ..
    } = board
    else {
        return None;
    };
    if list.is_empty() {
        return None;
    }
    let name = game.info().name(l);
    let opts = TableOptions {
        title: match l {
            Lang::En => format!("{name} leaderboard"),
            Lang::Es => format!("Clasificación de {name}"),
        },
        subtitle: match l {
            Lang::En => format!("{} · {here_count} players", capital(here(*server, l))),
            Lang::Es => format!("{} · {here_count} jugadores", capital(here(*server, l))),
        },
        columns: vec![
            Column::new("#", ColumnAlign::Right),
            Column::new(pick(l, "Player", "Jugador"), ColumnAlign::Left),
            Column::new(pick(l, "Rating", "Puntuación"), ColumnAlign::Right),
            Column::new("RD", ColumnAlign::Right),
            Column::new(pick(l, "Games", "Partidas"), ColumnAlign::Right),
        ],
        empty: pick(l, "No rated games yet", "Aún no hay partidas puntuables").into(),
    };
    let rows = list
        .iter()
        .map(|s| TableRow {
            cells: vec![
                s.rank.to_string(),
                s.user.name.clone(),
                rating(&s.rating),
                format!("{:.0}", s.rating.deviation.round()),
                s.games.to_string(),
            ],
            highlight: s.user.id == *viewer,
        })
        .collect();
    Some((rows, opts))
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The texts of a rating chart.
pub(crate) fn chart_texts(user: &User, h: &RatingHistory, l: Lang) -> ChartOptions {
    let title = format!("{} · {}", user.name, h.game.info().name(l));
    let subtitle = if h.games == 0 {
        pick(l, "No rated games yet", "Aún sin partidas puntuables").to_string()
    } else {
        rating_line(&h.now, h.games, l)
    };
    ChartOptions::new(
        &title,
        &subtitle,
        pick(l, "No rated games yet", "Aún sin partidas puntuables"),
    )
}

pub(super) fn export(game: &GameView, format: ExportFormat, l: Lang) -> Text {
    let d = &game;
    let what = match (format, l) {
        (ExportFormat::Pgn, _) => "PGN",
        (ExportFormat::Text, Lang::En) => {
            "a text record (`tablero moves GAME --play` reads it back)"
        }
        (ExportFormat::Text, Lang::Es) => "registro de texto (`tablero moves JUEGO --play` lo lee)",
    };
    Text::fill(
        pick(
            l,
            "Game #{} ({}, {} – {}) as {}.",
            "Partida #{} ({}, {} – {}) como {}.",
        ),
        [
            t(d.id.to_string()),
            t(d.info().name(l)),
            t(d.players[0].name.clone()),
            t(d.players[1].name.clone()),
            Text::fill(what, Vec::<Text>::new()),
        ],
    )
}

pub(super) fn replay(game: &GameView, l: Lang) -> Text {
    let d = &game;
    // Counted as the board counts them (a chess move is one of each side).
    let moves = d.record.game.moves_played(game.ply());
    let state = match (&d.result, l) {
        (Some(_), _) => super::status(game, l),
        (None, Lang::En) => t("still being played."),
        (None, Lang::Es) => t("aún en juego."),
    };
    let plural = if moves == 1 { "" } else { "s" };
    let head = Text::fill(
        pick(
            l,
            "Replay of game #{} ({}, {} – {}), {} move{}: ",
            "Repetición de la partida #{} ({}, {} – {}), {} jugada{}: ",
        ),
        [
            d.id.to_string(),
            d.info().name(l).to_string(),
            d.players[0].name.clone(),
            d.players[1].name.clone(),
            moves.to_string(),
            plural.to_string(),
        ]
        .map(t),
    );
    let mut s = head;
    s.append(state);
    s
}

/// `1500? → 1662? (+162)`.
pub(crate) fn rating_moved(b: &Rating, a: &Rating) -> String {
    format!(
        "{} → {} ({})",
        rating(b),
        rating(a),
        signed(a.rating - b.rating)
    )
}

/// ` Ratings: @ana 1500? → 1662? (+162), @bo 1500? → 1338? (−162).`
pub(crate) fn rating_change(d: &Seats, l: Lang) -> Option<Text> {
    let rc = d.rating?;
    let mut s = t(pick(l, " Ratings: ", " Puntuación: "));
    for side in Side::ALL {
        let (b, a) = (rc.before[side.index()], rc.after[side.index()]);
        if side == Side::Second {
            s.append(t(", "));
        }
        s.append(m(d.player(side)));
        s.append(t(format!(" {}", rating_moved(&b, &a))));
    }
    s.append(t("."));
    Some(s)
}
