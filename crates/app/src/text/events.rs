//! What happened, in words.

use tablero_rules::{GameId, Lang, Side};

use super::{
    Page, both, c, game_result, limit_text, m, page_of, paged, pick, player, status, t, tr,
};
use crate::clock::format_duration;
use crate::command::COMMANDS;
use crate::event::{ChannelView, Event, GameView, HelpTopic};
use crate::reply::{Bi, Listing, Pager, Text};
use crate::view::{ChallengeView, Orientation, movers};

/// The text of `e`.
pub(crate) fn event(e: &Event) -> Bi {
    match e {
        Event::Ignored => Bi::default(),
        Event::Help(HelpTopic::All) => both(|l| {
            let mut s = t(pick(l, "Commands:", "Órdenes:"));
            for spec in COMMANDS {
                let name = spec.usage(l);
                s.append(Text::fill("\n`{}` — {}", [t(name), t(spec.help(l))]));
            }
            s
        }),
        Event::Help(HelpTopic::One(spec)) => both(|l| {
            Text::fill(
                pick(l, "`{}` — {}. Also: {}.", "`{}` — {}. También: {}."),
                [t(spec.usage(l)), t(spec.help(l)), t(also(spec, l))],
            )
        }),
        Event::Catalogue(view) => both(|l| {
            let mut s = t(pick(l, "Games:", "Juegos:"));
            for g in GameId::ALL {
                let i = g.info();
                let year = i.year.map(|y| format!(", {y}")).unwrap_or_default();
                s.append(Text::fill(
                    "\n`{}` {} ({}{})",
                    [t(i.key), t(i.name(l)), t(i.designer(l)), t(year)],
                ));
            }
            s.append(t(pick(
                l,
                "\n`rules GAME` explains one; `challenge @user GAME` starts one.",
                "\n`reglas JUEGO` explica uno; `desafiar @usuario JUEGO` empieza una partida.",
            )));
            s.append(t("\n\n"));
            s.append(catalogue_listing(view, l));
            s
        }),
        Event::Rules { id, .. } => both(|l| rules(*id, l)),
        Event::ChallengeWaiting(doc) => both(|l| {
            let game = t(doc.game.info().name(l));
            let id = t(doc.id.to_string());
            let cancel = c(format!("{} #{}", pick(l, "cancel", "cancelar"), doc.id));
            match &doc.addressee() {
                Some(o) => Text::fill(
                    pick(
                        l,
                        "Your challenge to {} ({}, #{}) is already waiting: {} may `accept #{}` or `decline #{}`; {} withdraws it.",
                        "Tu desafío a {} ({}, #{}) ya está esperando: {} puede `aceptar #{}` o `rechazar #{}`; {} lo retira.",
                    ),
                    [m(o), game, id.clone(), m(o), id.clone(), id, cancel],
                ),
                None => Text::fill(
                    pick(
                        l,
                        "Your open challenge ({}, #{}) is already waiting: anyone may `accept #{}`; {} withdraws it.",
                        "Tu desafío abierto ({}, #{}) ya está esperando: cualquiera puede `aceptar #{}`; {} lo retira.",
                    ),
                    [game, id.clone(), id, cancel],
                ),
            }
        }),
        Event::Challenged(doc) => both(|l| {
            let info = doc.game.info();
            let me = m(&doc.challenger);
            let setup = if doc.setup.is_empty() {
                String::new()
            } else {
                format!(" [{}]", doc.setup)
            };
            let sides = match doc.challenger_side {
                Some(s) => Text::fill(
                    pick(l, "{} plays {}", "{} juega con {}"),
                    [me.clone(), t(info.side_name(s, l))],
                ),
                None => t(pick(l, "sides drawn at random", "bandos al azar")),
            };
            let limit = doc.move_limit_secs.map(|s| s as i64 * 1000);
            let k = &doc.clock;
            let time =
                match super::comforts::terms_text(k.increment_ms, k.cap_ms, k.weekends_off, l) {
                    Some(terms) if limit.is_some() => {
                        t(format!("{} ({terms})", limit_text(limit, l)))
                    }
                    _ => t(limit_text(limit, l)),
                };
            let expiry = t(format_duration(doc.expires_ms - doc.created_ms));
            let game = t(format!("{}{setup}", info.name(l)));
            let id = t(doc.id.to_string());
            let mut s = match (doc.rematch_of, &doc.challenged) {
                (Some(of), Some(o)) => {
                    return Text::fill(
                        pick(
                            l,
                            "{} offers {} a rematch of #{}: {} (#{}), colours swapped: {}; {} per move{}. {}: `accept` or `decline`, or press Rematch (expires in {}).",
                            "{} ofrece a {} la revancha de la #{}: {} (#{}), con los colores cambiados: {}; {} por jugada{}. {}: `aceptar` o `rechazar`, o pulsa Revancha (caduca en {}).",
                        ),
                        [
                            me,
                            m(o),
                            t(of.to_string()),
                            game,
                            id,
                            sides,
                            time,
                            t(if doc.casual {
                                pick(l, ", casual", ", amistosa")
                            } else {
                                ""
                            }),
                            m(o),
                            expiry,
                        ],
                    );
                }
                _ => Text::default(),
            };
            let body = match &doc.addressee() {
                Some(o) => Text::fill(
                    pick(
                        l,
                        "{} challenges {} to {} (#{}): {}; {} per move. {}: `accept` or `decline` (expires in {}).",
                        "{} desafía a {} a {} (#{}): {}; {} por jugada. {}: `aceptar` o `rechazar` (caduca en {}).",
                    ),
                    [me, m(o), game, id, sides, time, m(o), expiry],
                ),
                None => Text::fill(
                    pick(
                        l,
                        "{} challenges anyone here to {} (#{}): {}; {} per move. Anyone: `accept` (expires in {}).",
                        "{} desafía a cualquiera del canal a {} (#{}): {}; {} por jugada. Quien quiera: `aceptar` (caduca en {}).",
                    ),
                    [me, game, id, sides, time, expiry],
                ),
            };
            s.append(body);
            if doc.casual {
                s.append(t(pick(
                    l,
                    " Casual: ratings do not change.",
                    " Amistosa: no cambia la puntuación.",
                )));
            }
            s
        }),
        Event::Accepted { by, game } => both(|l| {
            let d = &game;
            let info = d.info();
            let mut s = Text::fill(
                pick(
                    l,
                    "{} accepts. Game #{}: {}, {} vs {}. {}",
                    "{} acepta. Partida #{}: {}, {} contra {}. {}",
                ),
                [
                    m(by),
                    t(d.id.to_string()),
                    t(info.name(l)),
                    player(&d.seats(), info, Side::First, l),
                    player(&d.seats(), info, Side::Second, l),
                    status(game, l),
                ],
            );
            s.append(t("\n"));
            s.append(super::rules::how_to_move(&game.game, l));
            s
        }),
        Event::Declined { by, challenge } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{} declines {}'s challenge #{} to {}.",
                    "{} rechaza el desafío #{} de {} a {}.",
                ),
                match l {
                    Lang::En => [
                        m(by),
                        m(&challenge.challenger),
                        t(challenge.id.to_string()),
                        t(challenge.game.info().name(l)),
                    ],
                    Lang::Es => [
                        m(by),
                        t(challenge.id.to_string()),
                        m(&challenge.challenger),
                        t(challenge.game.info().name(l)),
                    ],
                },
            )
        }),
        Event::Cancelled { by, challenge } => tr(
            "{} withdraws challenge #{}.",
            "{} retira el desafío #{}.",
            &[m(by), t(challenge.id.to_string())],
        ),
        Event::Expired(doc) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{}, your challenge #{} to {} expired unanswered.",
                    "{}, tu desafío #{} a {} caducó sin respuesta.",
                ),
                [
                    m(&doc.challenger),
                    t(doc.id.to_string()),
                    t(doc.game.info().name(l)),
                ],
            )
        }),
        Event::Played { by, moves, game } => both(|l| {
            let mut s = Text::fill(
                pick(
                    l,
                    "{} played {} in #{}. {}",
                    "{} jugó {} en la partida #{}. {}",
                ),
                [
                    m(by),
                    t(shown_moves(game.game.id(), moves, l)),
                    t(game.id().to_string()),
                    status(game, l),
                ],
            );
            s.append(super::comforts::moved_on_vacation(game, by, l));
            s
        }),
        Event::Answered {
            by,
            moves,
            bot,
            answer,
            game,
            notice,
        } => {
            let id = game.game.id();
            let mut s = both(|l| {
                Text::fill(
                    pick(
                        l,
                        "{} played {} in #{}, and {} answered {}. {}",
                        "{} jugó {} en la partida #{} y {} respondió {}. {}",
                    ),
                    [
                        m(by),
                        t(shown_moves(id, moves, l)),
                        t(game.id().to_string()),
                        m(bot),
                        t(shown_moves(id, answer, l)),
                        status(game, l),
                    ],
                )
            });
            if let Some(n) = notice {
                let worth = super::notice(n, id, bot);
                s.en.append(worth.en);
                s.es.append(worth.es);
            }
            s
        }
        Event::Resigned { by, game } => both(|l| {
            let d = &game;
            let res = finished(game, l);
            Text::fill(
                pick(
                    l,
                    "{} resigns game #{}. {}",
                    "{} abandona la partida #{}. {}",
                ),
                [m(by), t(d.id.to_string()), res],
            )
        }),
        Event::ResignAsked { game } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "Resign {}? To confirm, write {}.",
                    "¿Abandonar {}? Para confirmarlo, escribe {}.",
                ),
                [
                    t(super::game_label(game, l)),
                    c(pick(l, "resign #{} yes", "rendirse #{} sí")
                        .replace("{}", &game.id().to_string())),
                ],
            )
        }),
        Event::Offer {
            kind,
            step,
            by,
            to,
            game,
            undone,
        } => super::offers::offer(*kind, *step, by, to, game, undone),
        Event::Board(view) => both(|l| {
            let d = &view;
            let info = d.info();
            let what = if d.result.is_some() {
                format!("{} ({})", info.name(l), pick(l, "finished", "terminada"))
            } else {
                info.name(l).to_string()
            };
            Text::fill(
                "#{} {}: {} – {}. {}",
                [
                    t(d.id.to_string()),
                    t(what),
                    player(&d.seats(), info, Side::First, l),
                    player(&d.seats(), info, Side::Second, l),
                    status(view, l),
                ],
            )
        }),
        Event::History(view) => history(view),
        Event::Channel { view, page } => listing(view, *page).0,
        Event::MyGames { me, games, page } => my_games(me, games, *page).0,
        Event::Challenges { list, page } => challenges(list, *page).0,
        Event::Stats {
            user,
            rows,
            vs_bot,
            set_aside,
            learning,
            ..
        } => both(|l| {
            let mut s = super::records::stats(user, rows, vs_bot, l);
            super::learn::learning_stats(
                &mut s,
                user,
                rows.is_empty() && vs_bot.is_empty(),
                learning,
                l,
            );
            if *set_aside > 0 {
                s.append(super::records::stats_set_aside(*set_aside, l));
            }
            s
        }),
        Event::Leaderboard(board) => both(|l| super::records::leaderboard(board, l)),
        Event::Export { game, format, .. } => both(|l| super::records::export(game, *format, l)),
        Event::Replay(game) => both(|l| super::records::replay(game, l)),
        Event::Review(r) => super::review::summary(r),
        Event::Tournament(e) => super::tournaments::event(e),
        Event::LinksReset => both(|l| t(super::play_board::links_reset(l))),
        Event::Web {
            listed,
            changed,
            url,
        } => super::web::listing(*listed, *changed, url.as_deref()),
        Event::Orientation {
            orientation,
            changed,
        } => {
            let (en, es) = match orientation {
                Orientation::White => (
                    "White (the first player) at the bottom, every board the same way",
                    "las blancas (el primer jugador) abajo, todos los tableros igual",
                ),
                Orientation::Turn => ("the player to move at the bottom", "abajo quien mueve"),
            };
            if *changed {
                Bi {
                    en: Text::fill("Boards in this channel now show {}.", [t(en)]),
                    es: Text::fill("Los tableros de este canal muestran ahora {}.", [t(es)]),
                }
            } else {
                Bi {
                    en: Text::fill(
                        "Boards in this channel show {}. `orientation white` or `orientation turn` changes it; games against me show your side, and direct chats your own side.",
                        [t(en)],
                    ),
                    es: Text::fill(
                        "Los tableros de este canal muestran {}. `orientacion blancas` u `orientacion turno` lo cambia; las partidas contra mí muestran tu lado, y los chats directos el tuyo.",
                        [t(es)],
                    ),
                }
            }
        }
        Event::Comfort(e) => super::comforts::event(e),
        Event::Digest { me, games, zone } => super::comforts::digest(me, games, zone),
        Event::Lang { changed: true, .. } => tr(
            "I'll write to you in English.",
            "Te escribiré en español.",
            &[],
        ),
        Event::Lang { changed: false, .. } => tr(
            "You read English. `lang es` switches to Spanish.",
            "Lees en español. `idioma en` cambia a inglés.",
            &[],
        ),
        Event::Choices { game, origin, .. } => match origin {
            None => tr(
                "Your moves in #{}.",
                "Tus jugadas en la partida #{}.",
                &[t(game.to_string())],
            ),
            Some(cell) => tr(
                "The moves from {}.",
                "Las jugadas desde {}.",
                &[t(cell.clone())],
            ),
        },
        Event::Reminder { who, game, left_ms } => both(|l| {
            Text::fill(
                pick(
                    l,
                    "{}, it's your move in game #{} ({}): {} left.",
                    "{}, te toca en la partida #{} ({}): quedan {}.",
                ),
                [
                    m(who),
                    t(game.id().to_string()),
                    t(game.info().name(l)),
                    t(format_duration(*left_ms)),
                ],
            )
        }),
        Event::TimedOut { who, game } => both(|l| {
            let d = &game;
            let res = finished(game, l);
            Text::fill(
                pick(
                    l,
                    "{} ran out of time in game #{}. {}",
                    "A {} se le acabó el tiempo en la partida #{}. {}",
                ),
                [m(who), t(d.id.to_string()), res],
            )
        }),
        Event::Moves { .. } | Event::Hint { .. } => super::learn::event(e),
    }
}

/// A player's name, with the bot's level: `Tablero (level 3)`.
fn named(d: &GameView, side: Side, l: Lang) -> String {
    let name = &d.player(side).name;
    match d.bot.filter(|b| b.side == side) {
        Some(b) => format!("{name} ({})", super::level_word(b.level, l)),
        None => name.clone(),
    }
}

/// `, ana offers a draw` when an offer waits for an answer.
fn pending_offer(d: &GameView, l: Lang) -> String {
    match (d.draw_offer, d.takeback) {
        (Some(by), _) => match l {
            Lang::En => format!(" — {} offers a draw", d.player(by).name),
            Lang::Es => format!(" — {} ofrece tablas", d.player(by).name),
        },
        (_, Some(by)) => match l {
            Lang::En => format!(" — {} asks for a takeback", d.player(by).name),
            Lang::Es => format!(" — {} pide deshacer", d.player(by).name),
        },
        _ => String::new(),
    }
}

/// A command's other names: the English name for Spanish readers too.
fn also(spec: &crate::command::CommandSpec, l: Lang) -> String {
    let mut names: Vec<&str> = spec.aliases.to_vec();
    if l == Lang::Es {
        names.retain(|n| *n != spec.usage_es.split(' ').next().unwrap_or(""));
        names.push(spec.name);
    }
    names.join(", ")
}

/// Canonical moves of a `game` game as a reader of `l` writes them.
pub(super) fn shown_moves(game: GameId, moves: &[String], l: Lang) -> String {
    moves
        .iter()
        .map(|m| crate::reading::shown(game, m, l))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A finished game's result line (empty while it is ongoing).
fn finished(game: &GameView, l: Lang) -> Text {
    let d = &game;
    d.result
        .as_ref()
        .map(|r| game_result(d, r, l))
        .unwrap_or_default()
}

/// A game's rules, options and how to play it.
fn rules(id: GameId, l: Lang) -> Text {
    let info = id.info();
    let sides = format!(
        "{} / {}",
        info.side_name(Side::First, l),
        info.side_name(Side::Second, l)
    );
    let mut s = t(format!(
        "{} ({}{}) — {sides}\n",
        info.name(l),
        info.designer(l),
        info.year.map(|y| format!(", {y}")).unwrap_or_default(),
    ));
    s.append(super::rules::rules_text(id, l));
    if !info.params.is_empty() {
        s.append(t(pick(l, "\nOptions: ", "\nOpciones: ")));
        for (i, p) in info.params.iter().enumerate() {
            let d = pick(l, p.en, p.es);
            if i > 0 {
                s.append(t(", "));
            }
            s.append(Text::fill(
                "`{}={}` {} ({}–{})",
                [
                    t(p.key),
                    t(p.default.to_string()),
                    t(d),
                    t(p.min.to_string()),
                    t(p.max.to_string()),
                ],
            ));
        }
    }
    s.append(Text::fill(
        pick(
            l,
            "\nPlay: `challenge @user {}`",
            "\nJugar: `desafiar @usuario {}`",
        ),
        [t(info.key)],
    ));
    s
}

/// A game's moves, numbered, and its record.
fn history(view: &GameView) -> Bi {
    let record = &view.record;
    let info = record.game.info();
    let movers = movers(record);
    // The moves numbered by rounds, in a reader's piece letters.
    let numbered = |l: Lang| {
        let mut list = String::new();
        let mut number = 0;
        let mut open_second = false;
        for (mv, side) in record.moves.iter().zip(&movers) {
            let mv = crate::reading::shown(record.game, mv, l);
            let sep = if list.is_empty() { "" } else { " " };
            match side {
                Side::First => {
                    number += 1;
                    list.push_str(&format!("{sep}{number}. {mv}"));
                    open_second = true;
                }
                Side::Second if open_second => {
                    list.push_str(&format!(" {mv}"));
                    open_second = false;
                }
                Side::Second => {
                    number += usize::from(number == 0);
                    list.push_str(&format!("{sep}{number}… {mv}"));
                }
            }
        }
        list
    };
    both(|l| {
        let moves = if record.moves.is_empty() {
            pick(l, "no moves yet", "aún sin jugadas").to_string()
        } else {
            numbered(l)
        };
        let mut s = Text::fill(
            pick(
                l,
                "#{} {}: {} – {}\n{}\nRecord: {}",
                "#{} {}: {} – {}\n{}\nRegistro: {}",
            ),
            [
                t(view.id.to_string()),
                t(info.name(l)),
                player(&view.seats(), info, Side::First, l),
                player(&view.seats(), info, Side::Second, l),
                t(moves),
                c(record.to_string()),
            ],
        );
        if let Some(r) = &view.result {
            s.append(t("\n"));
            s.append(game_result(view, r, l));
        }
        s
    })
}

/// The games and challenges of a channel, one line each.
fn listing_lines(view: &ChannelView) -> Vec<Bi> {
    let mut lines: Vec<Bi> = Vec::new();
    for g in &view.games {
        let d = &g;
        let to_move = &d.player(g.game.turn().side).name;
        let left = d
            .deadline()
            .map(|due| format!(", {}", format_duration(due - view.now_ms)))
            .unwrap_or_default();
        lines.push(both(|l| {
            let name = d.info().name(l);
            let (p0, p1) = (named(d, Side::First, l), named(d, Side::Second, l));
            let offer = pending_offer(d, l);
            t(match l {
                Lang::En => format!(
                    "#{} {name}: {p0} vs {p1} — {to_move} to move{left}{offer}",
                    d.id
                ),
                Lang::Es => format!(
                    "#{} {name}: {p0} contra {p1} — le toca a {to_move}{left}{offer}",
                    d.id
                ),
            })
        }));
    }
    lines.extend(view.challenges.iter().map(challenge_line));
    lines
}

/// `#4 challenge: ana → bo, Chess`.
fn challenge_line(ch: &ChallengeView) -> Bi {
    both(|l| {
        let name = ch.game.info().name(l);
        let to = match ch.addressee() {
            Some(u) => u.name,
            None => pick(l, "anyone", "cualquiera").to_string(),
        };
        let by = &ch.challenger.name;
        t(match l {
            Lang::En => format!("#{} challenge: {by} → {to}, {name}", ch.id),
            Lang::Es => format!("#{} desafío: {by} → {to}, {name}", ch.id),
        })
    })
}

/// The channel's games and challenges under the list of games: the
/// list when it has one page, else how many there are and what lists
/// them (with the games above it, a whole page would not fit a message).
fn catalogue_listing(view: &ChannelView, l: Lang) -> Text {
    let (text, page) = listing(view, 1);
    if page.pager.is_none() {
        return text.get(l).clone();
    }
    Text::fill(
        pick(
            l,
            "This channel has {} games and {} challenges: `current` lists them.",
            "Este canal tiene {} partidas y {} desafíos: `partidas` los muestra.",
        ),
        [
            t(view.games.len().to_string()),
            t(view.challenges.len().to_string()),
        ],
    )
}

/// Page `page` of a channel's games and challenges.
fn listing(view: &ChannelView, page: usize) -> (Bi, Page) {
    let lines = listing_lines(view);
    let shown = page_of(Listing::Channel, &lines, page);
    if lines.is_empty() {
        let empty = tr(
            "No games in this channel.",
            "No hay partidas en este canal.",
            &[],
        );
        return (empty, shown);
    }
    let head = tr("In this channel:", "En este canal:", &[]);
    (paged(&head, &lines, &shown), shown)
}

/// The lines of a user's games in every channel.
fn my_games_lines(me: &crate::reply::User, games: &[crate::event::Elsewhere]) -> Vec<Bi> {
    games
        .iter()
        .map(|e| {
            both(|l| {
                let g = &e.view;
                let d = &g;
                let my = d.side_of(&me.id).unwrap_or(Side::First);
                let opp = &named(d, my.other(), l);
                let left = d
                    .deadline()
                    .map(|due| format_duration(due - g.now_ms))
                    .map(|left| match l {
                        Lang::En => format!(", {left} left"),
                        Lang::Es => format!(", quedan {left}"),
                    })
                    .unwrap_or_default();
                let turn = if g.game.turn().side == my {
                    pick(l, "your move", "te toca").to_string()
                } else {
                    match l {
                        Lang::En => format!("{opp}'s move"),
                        Lang::Es => format!("le toca a {opp}"),
                    }
                };
                Text::fill(
                    pick(
                        l,
                        "#{} {}: {} vs {} — {}{}{}",
                        "#{} {}: {} contra {} — {}{}{}",
                    ),
                    [
                        t(e.at.to_string()),
                        t(super::where_is(e, l)),
                        t(d.info().name(l)),
                        t(opp.clone()),
                        t(turn),
                        t(left + &super::comforts::opponent_away(d, my.other(), l)),
                        t(pending_offer(d, l)),
                    ],
                )
            })
        })
        .collect()
}

/// Page `page` of a user's games.
fn my_games(me: &crate::reply::User, games: &[crate::event::Elsewhere], page: usize) -> (Bi, Page) {
    let lines = my_games_lines(me, games);
    let shown = page_of(Listing::MyGames, &lines, page);
    if lines.is_empty() {
        let empty = tr(
            "You have no ongoing games.",
            "No tienes partidas en curso.",
            &[],
        );
        return (empty, shown);
    }
    let head = tr("Your games:", "Tus partidas:", &[]);
    (paged(&head, &lines, &shown), shown)
}

/// Which of a user's games page `page` of `mygames` shows.
pub(crate) fn my_games_shown(
    me: &crate::reply::User,
    games: &[crate::event::Elsewhere],
    page: usize,
) -> std::ops::Range<usize> {
    my_games(me, games, page).1.shown
}

/// Page `page` of the challenges a reader may accept (the same pages
/// whether they are listed by `accept page N` or asked about by `accept`).
pub(crate) fn challenge_page(list: &[ChallengeView], page: usize) -> Page {
    let lines: Vec<Bi> = list.iter().map(challenge_line).collect();
    page_of(Listing::Challenges, &lines, page)
}

/// Page `page` of the challenges a reader may accept.
fn challenges(list: &[ChallengeView], page: usize) -> (Bi, Page) {
    let lines: Vec<Bi> = list.iter().map(challenge_line).collect();
    let shown = challenge_page(list, page);
    let first = list.get(shown.shown.start).map_or(0, |c| c.id);
    let head = tr(
        "Challenges you may accept here (`accept #{}`, or press one):",
        "Desafíos que puedes aceptar aquí (`aceptar #{}`, o pulsa uno):",
        &[t(first.to_string())],
    );
    (paged(&head, &lines, &shown), shown)
}

/// The page an event shows of a longer list, and the challenges on it
/// that a reader may accept with a button.
pub(crate) fn event_pages(e: &Event) -> Option<(Option<Pager>, Vec<&ChallengeView>)> {
    match e {
        Event::Channel { view, page } => Some((listing(view, *page).1.pager, Vec::new())),
        Event::MyGames { me, games, page } => {
            Some((my_games(me, games, *page).1.pager, Vec::new()))
        }
        Event::Challenges { list, page } => {
            let shown = challenges(list, *page).1;
            Some((shown.pager, list[shown.shown].iter().collect()))
        }
        _ => None,
    }
}
