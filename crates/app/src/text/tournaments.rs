//! Tournaments in words: what was created, joined, paired and won, the
//! standings, and why a tournament command did nothing.

use tablero_rules::Lang;
use tablero_store::TournamentRef;
use tablero_tournament::{Format, GameResult, Phase, PlayerId, Points, TieBreak};

use super::{both, c, limit_text, m, pick, t};
use crate::render::{Column, ColumnAlign, TableOptions, TableRow};
use crate::reply::{Bi, Text, User};
use crate::tourview::{RoundNews, TourEvent, TournamentView};

/// `tournament` as a reader of `l` types it.
fn word(l: Lang) -> &'static str {
    pick(l, "tournament", "torneo")
}

fn user(v: &TournamentView, id: &PlayerId) -> User {
    User {
        id: id.0.clone(),
        name: v.name_of(id),
    }
}

/// `Swiss, 3 rounds` or `round robin`.
fn format_name(f: Format, l: Lang) -> String {
    match f {
        Format::Swiss { rounds } => match l {
            Lang::En => format!("Swiss, {rounds} rounds"),
            Lang::Es => format!("suizo a {rounds} rondas"),
        },
        Format::RoundRobin { double: false } => pick(l, "round robin", "liga").into(),
        Format::RoundRobin { double: true } => {
            pick(l, "double round robin", "liga a doble vuelta").into()
        }
    }
}

/// The format, and what a Swiss bye scores when it is not FIDE's 1:
/// `Swiss, 5 rounds, a bye scores ½`.
fn format_text(v: &TournamentView, l: Lang) -> String {
    let name = format_name(v.format(), l);
    let bye = v.tournament.settings().bye_points;
    match v.format() {
        Format::Swiss { .. } if bye != Points::ONE => match l {
            Lang::En => format!("{name}, a bye scores {bye}"),
            Lang::Es => format!("{name}, el descanso vale {bye}"),
        },
        _ => name,
    }
}

/// `Tournament #4: Breakthrough, Swiss, 3 rounds, 1d per move, rated.`
fn header(v: &TournamentView, l: Lang) -> Text {
    let limit = limit_text(v.move_limit_secs.map(|s| s as i64 * 1000), l);
    Text::fill(
        pick(
            l,
            "Tournament #{}: {}, {}, {} per move, {}.",
            "Torneo #{}: {}, {}, {} por jugada, {}.",
        ),
        [
            t(v.id.to_string()),
            t(v.game.info().name(l)),
            t(format_text(v, l)),
            t(limit),
            t(if v.rated {
                pick(l, "rated", "puntuable")
            } else {
                pick(l, "casual", "amistoso")
            }),
        ],
    )
}

/// When joining closes, if it was given a deadline: `Joining closes on
/// 2026-12-24 18:00 UTC; then it starts by itself.`
fn deadline_line(v: &TournamentView, l: Lang) -> Text {
    let Some(at) = v.deadline_ms else {
        return Text::default();
    };
    Text::fill(
        pick(
            l,
            "\nJoining closes on {}; then it starts by itself (with too few players, it is cancelled).",
            "\nLa inscripción se cierra el {}; entonces empieza solo (con pocos jugadores, se cancela).",
        ),
        [t(crate::clock::format_utc(at))],
    )
}

fn players_line(v: &TournamentView, l: Lang) -> Text {
    let names: Vec<String> = v
        .tournament
        .players()
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let limit = v.tournament.settings().max_players;
    let count = if limit < tablero_tournament::MAX_PLAYERS {
        format!("{}/{limit}", names.len())
    } else {
        names.len().to_string()
    };
    let list = if names.is_empty() {
        pick(l, "none yet", "ninguno aún").to_string()
    } else {
        names.join(", ")
    };
    Text::fill(
        pick(l, "\nPlayers ({}): {}.", "\nJugadores ({}): {}."),
        [t(count), t(list)],
    )
}

pub(crate) fn score(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1–0",
        GameResult::BlackWins => "0–1",
        GameResult::Draw => "½–½",
        GameResult::WhiteWinsByForfeit => "1–0 F",
        GameResult::BlackWinsByForfeit => "0–1 F",
        GameResult::DoubleForfeit => "0–0 F",
    }
}

/// Round `n`'s pairings, one line each, players mentioned when `notify`.
fn pairings(v: &TournamentView, n: u32, notify: bool, l: Lang) -> Text {
    let mut s = Text::default();
    let Some(round) = v.tournament.rounds().get(n as usize - 1) else {
        return s;
    };
    let name = |id: &PlayerId| {
        if notify {
            m(&user(v, id))
        } else {
            t(v.name_of(id))
        }
    };
    s.append(Text::fill(
        pick(l, "\nRound {} of {}:", "\nRonda {} de {}:"),
        [t(n.to_string()), t(v.tournament.total_rounds().to_string())],
    ));
    for g in &round.games {
        let game = v
            .game_of(n, g.board)
            .map_or_else(|| "—".to_string(), |id| format!("#{id}"));
        let result = g.result.map_or(String::new(), |r| format!(" {}", score(r)));
        s.append(Text::fill(
            "\n{}. {} {} – {}{}",
            [
                t(g.board.to_string()),
                t(game),
                name(&g.white),
                name(&g.black),
                t(result),
            ],
        ));
    }
    if let Some(bye) = &round.bye {
        let (en, es) = match v.format() {
            Format::Swiss { .. } => ("\nBye: {} ({} point).", "\nDescansa: {} ({} punto)."),
            Format::RoundRobin { .. } => ("\nRests: {}.", "\nDescansa: {}."),
        };
        s.append(Text::fill(
            pick(l, en, es),
            [t(v.name_of(&bye.player)), t(bye.points.to_string())],
        ));
    }
    s
}

pub(crate) fn tiebreak_name(tb: TieBreak, l: Lang) -> &'static str {
    match tb {
        TieBreak::BuchholzCut1 => pick(l, "BH-1", "BH-1"),
        TieBreak::Buchholz => "BH",
        TieBreak::SonnebornBerger => "SB",
        TieBreak::DirectEncounter => pick(l, "DE", "EP"),
    }
}

/// The standings as a table of text lines.
fn standings(v: &TournamentView, l: Lang) -> Text {
    let mut s = t(pick(l, "\nStandings:", "\nClasificación:"));
    for st in v.tournament.standings() {
        let tbs: Vec<String> = st
            .tiebreaks
            .iter()
            .map(|(tb, p)| format!("{} {p}", tiebreak_name(*tb, l)))
            .collect();
        let gone = if st.withdrawn {
            pick(l, " (withdrew)", " (retirado)")
        } else {
            ""
        };
        let line = match (st.games, l) {
            (1, Lang::En) => "\n{}. {}{} — {} ({} game: +{} ={} −{}) {}",
            (1, Lang::Es) => "\n{}. {}{} — {} ({} partida: +{} ={} −{}) {}",
            (_, Lang::En) => "\n{}. {}{} — {} ({} games: +{} ={} −{}) {}",
            (_, Lang::Es) => "\n{}. {}{} — {} ({} partidas: +{} ={} −{}) {}",
        };
        s.append(Text::fill(
            line,
            [
                t(st.rank.to_string()),
                t(st.name.clone()),
                t(gone),
                t(st.points.to_string()),
                t(st.games.to_string()),
                t(st.wins.to_string()),
                t(st.draws.to_string()),
                t(st.losses.to_string()),
                t(tbs.join(" · ")),
            ],
        ));
    }
    s
}

/// The players sharing first place.
fn winners(v: &TournamentView) -> Vec<User> {
    let table = v.tournament.standings();
    let mut out = Vec::new();
    for (i, st) in table.iter().enumerate() {
        if i > 0 && !st.shared {
            break;
        }
        out.push(user(v, &st.player));
    }
    out
}

/// What a round's end brought: the standings and the next round, or the
/// winner and the final table.
fn news(n: &RoundNews, l: Lang) -> Text {
    let v = &n.view;
    let mut s = Text::default();
    if v.tournament.phase() == Phase::Finished {
        let mut names = Text::default();
        for (i, u) in winners(v).iter().enumerate() {
            if i > 0 {
                names.append(t(pick(l, " and ", " y ")));
            }
            names.append(m(u));
        }
        s.append(Text::fill(
            pick(
                l,
                "\n🏆 Tournament #{} is over: {} wins!",
                "\n🏆 El torneo #{} ha terminado: ¡gana {}!",
            ),
            [t(v.id.to_string()), names],
        ));
        s.append(standings(v, l));
        return s;
    }
    s.append(Text::fill(
        pick(
            l,
            "\nTournament #{}: round {} is over.",
            "\nTorneo #{}: la ronda {} ha terminado.",
        ),
        [t(v.id.to_string()), t(n.round.to_string())],
    ));
    s.append(standings(v, l));
    if let Some(r) = v.tournament.current_round() {
        s.append(pairings(v, r.number, true, l));
    }
    s
}

/// Said under a tournament game's result: its place, and the round's end
/// when this game completed it.
pub(crate) fn ended_note(at: &TournamentRef, n: Option<&RoundNews>) -> Bi {
    both(|l| {
        let mut s = Text::fill(
            pick(
                l,
                "\n(Tournament #{}, round {}, board {}.)",
                "\n(Torneo #{}, ronda {}, mesa {}.)",
            ),
            [
                t(at.tournament.to_string()),
                t(at.round.to_string()),
                t(at.board.to_string()),
            ],
        );
        if let Some(n) = n {
            s.append(news(n, l));
        }
        s
    })
}

/// One tournament's state.
fn shown(v: &TournamentView, l: Lang) -> Text {
    let mut s = header(v, l);
    match v.tournament.phase() {
        Phase::Registration => {
            s.append(players_line(v, l));
            s.append(Text::fill(
                pick(
                    l,
                    "\nJoin with {}; {} starts it with {}.",
                    "\nÚnete con {}; {} lo empieza con {}.",
                ),
                [
                    c(format!(
                        "{} #{} {}",
                        word(l),
                        v.id,
                        pick(l, "join", "unirse")
                    )),
                    t(v.creator.name.clone()),
                    c(format!(
                        "{} #{} {}",
                        word(l),
                        v.id,
                        pick(l, "start", "empezar")
                    )),
                ],
            ));
            s.append(deadline_line(v, l));
        }
        Phase::Running => {
            if let Some(r) = v.tournament.current_round() {
                s.append(pairings(v, r.number, false, l));
            }
            s.append(standings(v, l));
        }
        Phase::Finished => {
            s.append(t(pick(l, "\nIt is over.", "\nHa terminado.")));
            s.append(standings(v, l));
        }
        Phase::Cancelled => {
            s.append(players_line(v, l));
            s.append(t(pick(
                l,
                "\nIt was cancelled: too few players when joining closed.",
                "\nSe canceló: había pocos jugadores al cerrarse la inscripción.",
            )));
        }
    }
    s
}

/// One line of the chat's list of tournaments.
fn listed(v: &TournamentView, l: Lang) -> Text {
    let state = match v.tournament.phase() {
        Phase::Registration => match l {
            Lang::En => format!("{} players, not started", v.tournament.players().len()),
            Lang::Es => format!("{} jugadores, sin empezar", v.tournament.players().len()),
        },
        Phase::Cancelled => pick(l, "cancelled", "cancelado").to_string(),
        _ => {
            let r = v.tournament.current_round().map_or(0, |r| r.number);
            let total = v.tournament.total_rounds();
            match l {
                Lang::En => format!("round {r} of {total}"),
                Lang::Es => format!("ronda {r} de {total}"),
            }
        }
    };
    Text::fill(
        "\n#{} {}, {}: {}",
        [
            t(v.id.to_string()),
            t(v.game.info().name(l)),
            t(format_name(v.format(), l)),
            t(state),
        ],
    )
}

/// The text of a tournament event.
pub(crate) fn event(e: &TourEvent) -> Bi {
    match e {
        TourEvent::Created(v) => both(|l| {
            let mut s = header(v, l);
            s.append(Text::fill(
                pick(
                    l,
                    "\n{} created it. Join with {}; then {} starts it.",
                    "\n{} lo ha creado. Únete con {}; luego {} lo empieza.",
                ),
                [
                    m(&v.creator),
                    c(format!(
                        "{} #{} {}",
                        word(l),
                        v.id,
                        pick(l, "join", "unirse")
                    )),
                    c(format!(
                        "{} #{} {}",
                        word(l),
                        v.id,
                        pick(l, "start", "empezar")
                    )),
                ],
            ));
            s.append(deadline_line(v, l));
            s
        }),
        TourEvent::Cancelled { view, need } => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "Joining tournament #{} has closed with {} players; it needed at least {} to start, so it is cancelled.",
                    "La inscripción del torneo #{} se ha cerrado con {} jugadores; necesitaba al menos {} para empezar, así que se cancela.",
                ),
                [
                    t(view.id.to_string()),
                    t(view.tournament.players().len().to_string()),
                    t(need.to_string()),
                ],
            );
            for p in view.tournament.players() {
                s.append(t(" "));
                s.append(m(&user(view, &p.id)));
            }
            s
        }),
        TourEvent::Joined { by, view } => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "{} joined tournament #{}.",
                    "{} se ha unido al torneo #{}.",
                ),
                [m(by), t(view.id.to_string())],
            );
            s.append(players_line(view, l));
            s
        }),
        TourEvent::Left { by, view } => both(|l| {
            let mut s = Text::fill(
                pick(l, "{} left tournament #{}.", "{} ha salido del torneo #{}."),
                [m(by), t(view.id.to_string())],
            );
            s.append(players_line(view, l));
            s
        }),
        TourEvent::Started(v) => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "Tournament #{} has begun!\n",
                    "¡Empieza el torneo #{}!\n",
                ),
                [t(v.id.to_string())],
            );
            s.append(header(v, l));
            if let Some(r) = v.tournament.current_round() {
                s.append(pairings(v, r.number, true, l));
            }
            s.append(Text::fill(
                pick(
                    l,
                    "\nEvery game is played here like any other (`board #N`, `move #N …`); the next round is paired when this one ends.",
                    "\nCada partida se juega aquí como cualquier otra (`tablero #N`, `mover #N …`); la siguiente ronda se empareja al terminar esta.",
                ),
                Vec::<Text>::new(),
            ));
            s
        }),
        TourEvent::Shown(v) => both(|l| shown(v, l)),
        TourEvent::Listed(list) => both(|l| {
            let mut s = t(pick(
                l,
                "Tournaments in this chat:",
                "Torneos de este chat:",
            ));
            for v in list {
                s.append(listed(v, l));
            }
            s.append(Text::fill(
                pick(l, "\n{} shows one.", "\n{} muestra uno."),
                [c(format!("{} #N", word(l)))],
            ));
            s
        }),
        TourEvent::Withdrew {
            by,
            view,
            ended,
            news: round,
        } => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "{} withdrew from tournament #{}.",
                    "{} se ha retirado del torneo #{}.",
                ),
                [m(by), t(view.id.to_string())],
            );
            for g in ended {
                s.append(Text::fill(
                    pick(
                        l,
                        " Game #{} is lost by forfeit.",
                        " La partida #{} se pierde por incomparecencia.",
                    ),
                    [t(g.to_string())],
                ));
            }
            if let Some(n) = round {
                s.append(news(n, l));
            }
            s
        }),
    }
}

/// A tournament page's title: `Tournament #4 · Breakthrough`.
pub(crate) fn web_title(v: &TournamentView, l: Lang) -> String {
    format!(
        "{} #{} · {}",
        pick(l, "Tournament", "Torneo"),
        v.id,
        v.game.info().name(l)
    )
}

/// What a tournament is: `Swiss, 3 rounds · 1d per move · rated`.
pub(crate) fn web_about(v: &TournamentView, l: Lang) -> String {
    let limit = limit_text(v.move_limit_secs.map(|s| s as i64 * 1000), l);
    let per_move = if v.move_limit_secs.is_some() {
        pick(l, " per move", " por jugada")
    } else {
        ""
    };
    format!(
        "{} · {limit}{per_move} · {}",
        format_text(v, l),
        if v.rated {
            pick(l, "rated", "puntuable")
        } else {
            pick(l, "casual", "amistoso")
        }
    )
}

/// Where a tournament is: `Joining: 3 players`, `Round 2 of 3`, `Over:
/// ana wins`, `Cancelled`.
pub(crate) fn web_status(v: &TournamentView, l: Lang) -> String {
    let t = &v.tournament;
    match t.phase() {
        Phase::Registration => {
            let n = t.players().len();
            let mut s = match l {
                Lang::En => format!("Joining: {n} players"),
                Lang::Es => format!("Inscripción: {n} jugadores"),
            };
            if let Some(at) = v.deadline_ms {
                s.push_str(pick(l, ", until ", ", hasta el "));
                s.push_str(&crate::clock::format_utc(at));
            }
            s
        }
        Phase::Running => {
            let r = t.current_round().map_or(0, |r| r.number);
            match l {
                Lang::En => format!("Round {r} of {}", t.total_rounds()),
                Lang::Es => format!("Ronda {r} de {}", t.total_rounds()),
            }
        }
        Phase::Finished => {
            let names: Vec<String> = winners(v).into_iter().map(|u| u.name).collect();
            let names = names.join(pick(l, " and ", " y "));
            match l {
                Lang::En => format!("Over: {names} wins"),
                Lang::Es => format!("Terminado: gana {names}"),
            }
        }
        Phase::Cancelled => pick(
            l,
            "Cancelled: too few players",
            "Cancelado: pocos jugadores",
        )
        .into(),
    }
}

/// A round's bye on a page: `ed (1 point)`, `ed rests`.
pub(crate) fn web_bye(v: &TournamentView, bye: &tablero_tournament::Bye, l: Lang) -> String {
    let name = v.name_of(&bye.player);
    match (v.format(), l) {
        (Format::Swiss { .. }, Lang::En) => format!("Bye: {name} ({} point)", bye.points),
        (Format::Swiss { .. }, Lang::Es) => format!("Descansa: {name} ({} punto)", bye.points),
        (Format::RoundRobin { .. }, Lang::En) => format!("Rests: {name}"),
        (Format::RoundRobin { .. }, Lang::Es) => format!("Descansa: {name}"),
    }
}

/// The standings of `n` as a table to draw: rank, player, points, games,
/// wins/draws/losses and the format's tie-breaks.
pub(crate) fn standings_table(n: &RoundNews, l: Lang) -> (Vec<TableRow>, TableOptions) {
    let v = &n.view;
    let breaks = TieBreak::for_format(v.format());
    let mut columns = vec![
        Column::new("#", ColumnAlign::Right),
        Column::new(pick(l, "Player", "Jugador"), ColumnAlign::Left),
        Column::new(pick(l, "Points", "Puntos"), ColumnAlign::Right),
        Column::new(pick(l, "Games", "Partidas"), ColumnAlign::Right),
        Column::new("+ = −", ColumnAlign::Right),
    ];
    for tb in breaks {
        columns.push(Column::new(tiebreak_name(*tb, l), ColumnAlign::Right));
    }
    let over = v.tournament.phase() == Phase::Finished;
    let title = match (l, over) {
        (Lang::En, true) => format!("Tournament #{}: final standings", v.id),
        (Lang::En, false) => format!("Tournament #{}: standings after round {}", v.id, n.round),
        (Lang::Es, true) => format!("Torneo #{}: clasificación final", v.id),
        (Lang::Es, false) => format!("Torneo #{}: clasificación tras la ronda {}", v.id, n.round),
    };
    let opts = TableOptions {
        title,
        subtitle: format!("{} · {}", v.game.info().name(l), format_name(v.format(), l)),
        columns,
        empty: pick(l, "No players", "Sin jugadores").into(),
    };
    let rows = v
        .tournament
        .standings()
        .iter()
        .map(|s| {
            let gone = if s.withdrawn {
                pick(l, " (withdrew)", " (retirado)")
            } else {
                ""
            };
            let mut cells = vec![
                s.rank.to_string(),
                format!("{}{gone}", s.name),
                s.points.to_string(),
                s.games.to_string(),
                format!("{} {} {}", s.wins, s.draws, s.losses),
            ];
            cells.extend(s.tiebreaks.iter().map(|(_, p)| p.to_string()));
            TableRow {
                cells,
                highlight: s.rank == 1 && over,
            }
        })
        .collect();
    (rows, opts)
}
