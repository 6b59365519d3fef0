//! The catalogue: every sentence a user reads, English and Spanish side by
//! side. Events (`events.rs`) and errors (`errors.rs`) become [`Bi`] texts
//! here and nowhere else; the domain code never writes a sentence.
//!
//! A sentence is a template filled with spans ([`Text::fill`]): `{}` takes
//! the next argument, text between backticks is code, and a user is a
//! mention span, so adapters can write each in their platform's markup.

mod cards;
pub(crate) mod comforts;
mod errors;
mod events;
pub(crate) mod friends;
pub(crate) mod inline;
mod offers;
pub(crate) mod options;
pub mod play_board;
mod records;
mod review;
mod rules;
pub(crate) mod tournament_errors;
pub(crate) mod tournaments;
pub(crate) mod ui;
pub(crate) mod web;
// `moves SQUARE`, `hint`, `learn GAME`.
mod learn;

pub(crate) use cards::caption;
pub(crate) use errors::{error, error_pager, error_picks};
pub(crate) use events::{event, event_pages, my_games_shown};
pub(crate) use learn::{learning_welcome, notice};
pub(crate) use records::{chart_texts, leaderboard_table, rating_change, rating_moved};
pub(crate) use review::{review_caption, review_chart};

use tablero_rules::{GameInfo, Lang, Phase, Side};

use crate::clock::format_duration;
use crate::event::GameView;
use crate::pages;
use crate::reply::{Bi, Listing, PageButton, Pager, Span, Text, User};
use crate::view::{ChallengeView, GameResult, Seats, Termination};

/// A mention of `u`.
pub(crate) fn m(u: &User) -> Text {
    Span::Mention(u.clone()).into()
}

/// Plain text.
pub(crate) fn t(s: impl Into<String>) -> Text {
    Text::plain(s)
}

/// Code.
pub(crate) fn c(s: impl Into<String>) -> Text {
    Span::Code(s.into()).into()
}

/// A text built once per language.
pub(crate) fn both(f: impl Fn(Lang) -> Text) -> Bi {
    Bi {
        en: f(Lang::En),
        es: f(Lang::Es),
    }
}

/// One template per language, filled with the same arguments.
pub(crate) fn tr(en: &str, es: &str, args: &[Text]) -> Bi {
    Bi {
        en: Text::fill(en, args.iter().cloned()),
        es: Text::fill(es, args.iter().cloned()),
    }
}

/// `en` or `es` by `l`.
pub(crate) fn pick<'a>(l: Lang, en: &'a str, es: &'a str) -> &'a str {
    match l {
        Lang::En => en,
        Lang::Es => es,
    }
}

/// `@ana (White)`; `@Tablero (Black, level 3)` for the bot.
pub(crate) fn player(d: &Seats, info: &GameInfo, side: Side, l: Lang) -> Text {
    let mut what = side_word(d, info, side, l);
    if let Some(bot) = d.bot.filter(|b| b.side == side) {
        what = format!("{what}, {}", level_word(bot.level, l));
    }
    Text::fill("{} ({})", [m(d.player(side)), t(what)])
}

/// `level 3` / `nivel 3`.
pub(crate) fn level_word(level: u8, l: Lang) -> String {
    format!("{} {level}", pick(l, "level", "nivel"))
}

/// What a side is called in game `d`: the game's name for it, or, once
/// Push's set-up has given the sides their colours, the colour.
pub(crate) fn side_word(d: &Seats, info: &GameInfo, side: Side, l: Lang) -> String {
    if info.id == tablero_rules::GameId::Empuje
        && let Some(color) = d.colors[side.index()]
    {
        let chess = tablero_rules::GameId::Chess.info();
        return chess
            .side_name(
                match color {
                    tablero_rules::Color::White => Side::First,
                    tablero_rules::Color::Black => Side::Second,
                },
                l,
            )
            .to_string();
    }
    info.side_name(side, l).to_string()
}

/// How a game ended, in a few words.
pub(crate) fn termination(term: Termination, l: Lang) -> &'static str {
    match term {
        Termination::Rules(r) => r.text(l),
        Termination::Resigned => tablero_rules::EndReason::Resignation.text(l),
        Termination::Time => tablero_rules::EndReason::TimeForfeit.text(l),
        Termination::Agreed => tablero_rules::EndReason::Agreement.text(l),
    }
}

/// `@ana (White) wins: checkmate.` or `Draw: agreed.`
pub(crate) fn result(d: &Seats, info: &GameInfo, r: &GameResult, l: Lang) -> Text {
    result_with(d, info, r, None, l)
}

/// [`result`] of game `v`, with the points of a game won on points.
pub(crate) fn game_result(v: &GameView, r: &GameResult, l: Lang) -> Text {
    game_result_of(v, &v.seats(), r, l)
}

/// [`game_result`] with the players of `seats` (whose rating change, if
/// any, it says).
pub(crate) fn game_result_of(v: &GameView, seats: &Seats, r: &GameResult, l: Lang) -> Text {
    let points = match v.game.view().status.scores {
        Some((tablero_rules::ScoreKind::Points, p)) => Some(p),
        _ => None,
    };
    result_with(seats, v.info(), r, points, l)
}

fn result_with(
    d: &Seats,
    info: &GameInfo,
    r: &GameResult,
    points: Option<[i32; 2]>,
    l: Lang,
) -> Text {
    let why = t(termination(r.termination, l));
    let mut s = match r.winner {
        Some(w) => Text::fill(
            pick(l, "{} wins: {}.", "Gana {}: {}."),
            [player(d, info, w, l), why],
        ),
        None => Text::fill(pick(l, "Draw: {}.", "Tablas: {}."), [why]),
    };
    // A game won on points says them.
    if let Some(points) = points {
        s.append(t(pick(l, " Points: ", " Puntos: ")));
        for side in Side::ALL {
            if side == Side::Second {
                s.append(t(", "));
            }
            s.append(m(d.player(side)));
            s.append(t(format!(" {}", points[side.index()])));
        }
        s.append(t("."));
    }
    if let Some(change) = rating_change(d, l) {
        s.append(change);
    }
    s
}

/// The status line: whose turn and time left, or the result.
pub(crate) fn status(v: &GameView, l: Lang) -> Text {
    let d = &v;
    let info = d.info();
    if let Some(r) = &d.result {
        return game_result(v, r, l);
    }
    let side = v.game.turn().side;
    let what = match (v.game.turn().phase, l) {
        (Phase::Play, Lang::En) => "to move",
        (Phase::Place, Lang::En) => "to place",
        (Phase::Choose, Lang::En) => "to choose",
        (Phase::Play, Lang::Es) => "mueve",
        (Phase::Place, Lang::Es) => "coloca",
        (Phase::Choose, Lang::Es) => "elige",
    };
    let clock = match d.deadline() {
        None => pick(l, "no time limit", "sin límite de tiempo").to_string(),
        Some(due) => {
            let left = format_duration(due - v.now_ms);
            match l {
                Lang::En => format!("{left} left"),
                Lang::Es => format!("quedan {left}"),
            }
        }
    };
    let clock = match comforts::clock_terms(&d.clock, l) {
        Some(terms) if d.deadline().is_some() => format!("{clock}; {terms}"),
        _ => clock,
    };
    let mut s = player(&d.seats(), info, side, l);
    s.append(Text::fill(" {} ({}).", [t(what), t(clock)]));
    s.append(comforts::clock_notes(d, l));
    match (d.draw_offer, d.takeback) {
        (Some(by), _) => s.append(Text::fill(
            pick(l, " {} offers a draw.", " {} ofrece tablas."),
            [m(d.player(by))],
        )),
        (_, Some(by)) => s.append(Text::fill(
            pick(l, " {} asks for a takeback.", " {} pide deshacer."),
            [m(d.player(by))],
        )),
        _ => {}
    }
    s
}

/// `5h left`-style time text, or "no time limit".
pub(crate) fn limit_text(limit: Option<i64>, l: Lang) -> String {
    match limit {
        Some(ms) => format_duration(ms),
        None => pick(l, "no time limit", "sin límite de tiempo").into(),
    }
}

/// `#3 Chess: ana – bo`, for lists and suggestions.
pub(crate) fn game_label(g: &GameView, l: Lang) -> String {
    format!(
        "#{} {}: {} – {}",
        g.id(),
        g.info().name(l),
        g.players[0].name,
        g.players[1].name
    )
}

/// The name of the chat a game is in: its title, else "another chat".
pub(crate) fn chat_name(title: Option<&str>, l: Lang) -> String {
    match title {
        Some(t) if !t.trim().is_empty() => t.trim().to_string(),
        _ => pick(l, "another chat", "otro chat").into(),
    }
}

/// Where a listed game is: `in Club`, `here`.
pub(crate) fn where_is(g: &crate::event::Elsewhere, l: Lang) -> String {
    if g.here {
        return pick(l, "here", "aquí").into();
    }
    format!(
        "{} {}",
        pick(l, "in", "en"),
        chat_name(g.title.as_deref(), l)
    )
}

/// `#kqa7 Chess in Club (ana – bo)`: a game of another chat, in a list.
pub(crate) fn elsewhere(g: &crate::event::Elsewhere, l: Lang) -> String {
    let d = &g.view;
    format!(
        "#{} {} {} ({} – {})",
        g.at,
        d.info().name(l),
        where_is(g, l),
        d.players[0].name,
        d.players[1].name
    )
}

/// The label of a button that opens a game of another chat:
/// `#kqa7 Chess · Club`.
pub(crate) fn open_label(g: &crate::event::Elsewhere, l: Lang) -> String {
    let chat = if g.here {
        pick(l, "here", "aquí").to_string()
    } else {
        chat_name(g.title.as_deref(), l)
    };
    format!("#{} {} · {chat}", g.at, g.view.info().name(l))
}

/// What starts a reply about a game of another chat, shown in a direct
/// chat: `In Club: `.
pub(crate) fn in_chat(title: Option<&str>, l: Lang) -> Text {
    Text::fill(pick(l, "In {}: ", "En {}: "), [t(chat_name(title, l))])
}

/// `#4 challenge: Chess by ana`, for suggestions.
pub(crate) fn challenge_label(c: &ChallengeView, l: Lang) -> String {
    let game = c.game.info().name(l);
    match l {
        Lang::En => format!("#{} challenge: {game} by {}", c.id, c.challenger.name),
        Lang::Es => format!("#{} desafío: {game} de {}", c.id, c.challenger.name),
    }
}

/// One page of a list: which lines it shows, and the pager when the list
/// has more than one page.
pub(crate) struct Page {
    pub shown: std::ops::Range<usize>,
    pub pager: Option<Pager>,
}

/// Page `page` (from 1; past the end, the last) of `lines` of `list`.
pub(crate) fn page_of(list: Listing, lines: &[Bi], page: usize) -> Page {
    let costs: Vec<usize> = lines.iter().map(pages::cost_bi).collect();
    let all = pages::split(&costs);
    let page = pages::clamp(page, all.len());
    Page {
        shown: all.get(page - 1).cloned().unwrap_or(0..0),
        pager: (all.len() > 1).then_some(Pager {
            list,
            page,
            pages: all.len(),
        }),
    }
}

/// What a reader types for page `page` of `list`.
pub(crate) fn page_command(list: Listing, page: usize, l: Lang) -> String {
    let (en, es) = match list {
        Listing::Channel => ("current", "partidas"),
        Listing::MyGames => ("mygames", "mispartidas"),
        Listing::Challenges => ("accept page", "aceptar pagina"),
    };
    format!("{} {page}", pick(l, en, es))
}

/// `head`, then the lines of `page` one a line, then which page it is and
/// what shows the next.
pub(crate) fn paged(head: &Bi, lines: &[Bi], page: &Page) -> Bi {
    both(|l| {
        let mut s = head.get(l).clone();
        for line in &lines[page.shown.clone()] {
            s.append(t("\n"));
            s.append(line.get(l).clone());
        }
        if let Some(p) = page.pager {
            s.append(t("\n"));
            s.append(page_line(p, l));
        }
        s
    })
}

/// `Page 2 of 5. Next: `current 3`.`
fn page_line(p: Pager, l: Lang) -> Text {
    if p.page < p.pages {
        Text::fill(
            pick(
                l,
                "Page {} of {}. Next: `{}`.",
                "Página {} de {}. Siguiente: `{}`.",
            ),
            [
                t(p.page.to_string()),
                t(p.pages.to_string()),
                t(page_command(p.list, p.page + 1, l)),
            ],
        )
    } else {
        Text::fill(
            pick(
                l,
                "Page {} of {}. The first: `{}`.",
                "Página {} de {}. La primera: `{}`.",
            ),
            [
                t(p.page.to_string()),
                t(p.pages.to_string()),
                t(page_command(p.list, 1, l)),
            ],
        )
    }
}

/// The label of a page button: the next page or the one before.
pub(crate) fn page_label(next: bool, l: Lang) -> &'static str {
    match next {
        true => pick(l, "Next page ▶", "Página siguiente ▶"),
        false => pick(l, "◀ Previous page", "◀ Página anterior"),
    }
}

/// A challenge's Accept button in a list: `✓ #5 Chess · ana`.
pub(crate) fn pick_label(c: &ChallengeView, l: Lang) -> String {
    format!(
        "✓ #{} {} · {}",
        c.id,
        c.game.info().name(l),
        c.challenger.name
    )
}
impl crate::reply::Reply {
    /// The buttons for the pages before and after the one shown, in the
    /// reply's language; none when the list has one page.
    #[must_use]
    pub fn page_buttons(&self) -> Vec<PageButton> {
        let Some(p) = self.pager else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if p.page > 1 {
            out.push(PageButton {
                label: page_label(false, self.lang).to_string(),
                list: p.list,
                page: p.page - 1,
            });
        }
        if p.page < p.pages {
            out.push(PageButton {
                label: page_label(true, self.lang).to_string(),
                list: p.list,
                page: p.page + 1,
            });
        }
        out
    }
}
