//! The HTML of every page, rendered on the server (maud escapes every
//! value). Words come from the app's catalogue (`watch::web_text`).

use maud::{DOCTYPE, Markup, PreEscaped, html};
use tablero_app::watch::{
    GamePage, LiveGame, LiveTournament, PlayerPage, StandingView, TournamentPage, WebText, ago,
    web_text,
};
use tablero_app::webpath::{PictureKey, Token, WebPath};

use tablero_rules::{GameId, Lang};

/// How a page was asked for: its language, and whether the reader chose
/// it (`?lang=`), so links keep the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ask {
    pub lang: Lang,
    pub chosen: bool,
}

impl Ask {
    fn w(self) -> &'static WebText {
        web_text(self.lang)
    }

    /// `?lang=es` when chosen, for links.
    pub fn query(self) -> String {
        if self.chosen {
            format!("?lang={}", self.w().code)
        } else {
            String::new()
        }
    }

    fn other(self) -> Lang {
        match self.lang {
            Lang::En => Lang::Es,
            Lang::Es => Lang::En,
        }
    }
}

/// A whole page around `body`.
pub(crate) fn layout(ask: Ask, title: &str, here: &str, body: Markup) -> Markup {
    let w = ask.w();
    let other = web_text(ask.other());
    html! {
        (DOCTYPE)
        html lang=(w.code) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                title { (title) " · " (w.site) }
                link rel="stylesheet" href=(WebPath::Static(format!("style.{}.css", crate::assets::style_tag())).to_string());
            }
            body {
                header.top {
                    a.brand href=(format!("/{}", ask.query())) { (w.site) }
                    nav aria-label=(w.site) {
                        a href=(format!("/{}", ask.query())) { (w.live_heading) }
                        a href=(format!("{here}?lang={}", other.code)) lang=(other.code) { (w.other_lang) }
                    }
                }
                (body)
                script src=(WebPath::Static(format!("app.{}.js", crate::assets::script_tag())).to_string()) defer {}
            }
        }
    }
}

/// The address of the picture of `page` at `ply` in `lang`.
pub fn board_src(page: &GamePage, ply: usize, lang: Lang) -> String {
    match PictureKey::new(&page.plies[ply].key) {
        Some(key) => at(&page.token, |token| WebPath::Board {
            token,
            lang,
            ply,
            key,
        }),
        None => WebPath::List(None).to_string(),
    }
}

/// The address of a page or file a token names (`WebPath`); a token the
/// app gave is always shaped like one, so the fallback (the list of live
/// games) is never shown.
pub(crate) fn at(token: &str, path: impl FnOnce(Token) -> WebPath) -> String {
    Token::new(token).map_or_else(|| WebPath::List(None).to_string(), |t| path(t).to_string())
}

/// The side panel of a game page: players, status, clock, moves,
/// downloads. Sent again whole with every live update.
pub fn game_side(page: &GamePage, ply: usize, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    let amp = if q.is_empty() { "?" } else { "&" };
    html! {
        section aria-labelledby="players-h" {
            h2 #players-h { (w.players_heading) }
            ul.players {
                @for (i, p) in page.players.iter().enumerate() {
                    li class=[(page.to_move == Some(i)).then_some("tomove")] {
                        @match &p.page {
                            Some(t) => a href=(format!("{}{q}", at(t, WebPath::Player))) { (p.name) },
                            None => span { (p.name) },
                        }
                        " · " (p.side.get(l))
                        @if let Some(r) = &p.rating { " · " (r) }
                        @if let Some(lv) = &p.level { " · " (lv.get(l)) }
                    }
                }
            }
            p #status role="status" { (page.status.get(l)) }
            @if let Some(d) = page.deadline_ms {
                p { span #clock data-deadline=(d) { (tablero_app::clock::format_duration(d - page.now_ms)) } " " (w.time_left) }
            }
        }
        section aria-labelledby="moves-h" {
            h2 #moves-h { (w.moves_heading) }
            @if page.plies.len() <= 1 {
                p.muted { (w.no_moves) }
            }
            ol.moves {
                li { a href=(format!("{q}{amp}ply=0")) data-ply="0" aria-current=[(ply == 0).then_some("step")] { (w.start) } }
                @for p in page.plies.iter().skip(1) {
                    li {
                        a href=(format!("{q}{amp}ply={}", p.ply)) data-ply=(p.ply)
                            aria-current=[(ply == p.ply).then_some("step")] {
                            @if !p.number.is_empty() { span.n { (p.number) } " " }
                            (p.text.get(l))
                        }
                    }
                }
            }
        }
        @if page.finished {
            section.downloads aria-labelledby="dl-h" {
                h2 #dl-h { (w.downloads) }
                @if page.pgn { a href=(at(&page.token, |token| WebPath::Record { token, pgn: true })) download { (w.pgn) } }
                a href=(at(&page.token, |token| WebPath::Record { token, pgn: false })) download { (w.text_record) }
                a href=(at(&page.token, |token| WebPath::Replay { token, lang: l })) { (w.replay) }
            }
        }
    }
}

/// What the page's script steps through: each position's picture and alt.
fn plies_value(page: &GamePage, lang: Lang) -> serde_json::Value {
    let list: Vec<serde_json::Value> = page
        .plies
        .iter()
        .map(|p| {
            serde_json::json!({
                "src": board_src(page, p.ply, lang),
                "alt": p.alt.get(lang),
            })
        })
        .collect();
    serde_json::Value::Array(list)
}

/// [`plies_value`] as text safe inside `<script>`: no `</` can close it.
pub fn plies_json(page: &GamePage, lang: Lang) -> String {
    plies_value(page, lang).to_string().replace("</", "<\\/")
}

/// A live update of a game page.
pub fn game_state(page: &GamePage, ask: Ask) -> String {
    let last = page.plies.len() - 1;
    serde_json::json!({
        "plies": plies_value(page, ask.lang),
        "side": game_side(page, last, ask).into_string(),
        "title": format!("{} · {}", page.title.get(ask.lang), ask.w().site),
        "now": page.now_ms,
        "finished": page.finished,
    })
    .to_string()
}

/// A game's page, showing position `ply`.
pub fn game(page: &GamePage, ply: usize, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let title = page.title.get(l);
    let events = format!("{}{}", at(&page.token, WebPath::GameEvents), {
        let q = ask.query();
        if q.is_empty() {
            format!("?lang={}", w.code)
        } else {
            q
        }
    });
    let body = html! {
        main.game data-ply=(ply) data-now=(page.now_ms) data-events=(events)
            data-lang=[ask.chosen.then_some(w.code)] {
            section.board aria-labelledby="title" {
                h1 #title { (title) }
                img #board src=(board_src(page, ply, l)) alt=(page.plies[ply].alt.get(l)) width="720" height="720";
                nav.steps aria-label=(w.moves_heading) {
                    button #first type="button" aria-label=(w.first) title=(w.first) disabled[ply == 0] { "«" }
                    button #back type="button" aria-label=(w.back) title=(w.back) disabled[ply == 0] { "‹" }
                    button #forward type="button" aria-label=(w.forward) title=(w.forward) disabled[ply + 1 >= page.plies.len()] { "›" }
                    button #last type="button" aria-label=(w.last) title=(w.last) disabled[ply + 1 >= page.plies.len()] { "»" }
                }
                p.hint.keys { (w.keys_hint) }
                p #live .live data-on=(w.live) data-off=(w.offline) aria-live="polite" {}
            }
            div #side { (game_side(page, ply, ask)) }
            script #plies type="application/json" { (PreEscaped(plies_json(page, l))) }
        }
    };
    layout(ask, title, &at(&page.token, WebPath::Game), body)
}

/// The first columns' heads of a table of games: the game, its players,
/// its moves.
fn games_columns(w: &WebText) -> Markup {
    html! {
        th scope="col" { (w.game_col) }
        th scope="col" { (w.players_col) }
        th.num scope="col" { (w.moves_col) }
    }
}

/// The table of live games (also sent whole with every live update).
pub fn live_table(games: &[LiveGame], now_ms: i64, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    html! {
        @if games.is_empty() {
            p { (w.no_live) }
        } @else {
            table {
                thead { tr {
                    (games_columns(w))
                    th.wide scope="col" { (w.turn_col) }
                    th.wide scope="col" { (w.last_col) }
                    th.wide scope="col" { (w.chat_col) }
                } }
                tbody {
                    @for g in games {
                        tr {
                            td { a href=(format!("{}{q}", at(&g.token, WebPath::Game))) { (g.title.get(l)) } }
                            td { (g.players[0]) " – " (g.players[1]) }
                            td.num { (g.plies) }
                            td.wide { @if let Some(t) = &g.to_move { (t) } }
                            td.wide { (ago(g.last_ms, now_ms, l)) }
                            td.wide { (g.chat.get(l)) }
                        }
                    }
                }
            }
        }
    }
}

/// The tournaments of listed chats, for the list of all games.
fn tournaments_table(list: &[LiveTournament], ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    html! {
        @if !list.is_empty() {
            section aria-labelledby="tournaments-h" {
                h2 #tournaments-h { (w.tournaments_heading) }
                table.tournaments {
                    thead { tr {
                        th scope="col" { (w.tournaments_heading) }
                        th scope="col" { (w.state_col) }
                        th.wide scope="col" { (w.chat_col) }
                    } }
                    tbody {
                        @for t in list {
                            tr {
                                td { a href=(format!("{}{q}", at(&t.token, WebPath::Tournament))) { (t.title.get(l)) } }
                                td { (t.status.get(l)) }
                                td.wide { (t.chat.get(l)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The changing part of a tournament's page: where it is, the standings
/// and every round's pairings, each with its game's page (sent whole with
/// every live update).
pub fn tournament_body(page: &TournamentPage, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    html! {
        p #status role="status" { (page.status.get(l)) }
        @if page.rounds.is_empty() {
            h2 { (w.joined_heading) }
            @if page.players.is_empty() {
                p.muted { (w.nobody_yet) }
            } @else {
                ul.players { @for p in &page.players { li { (p) } } }
            }
            p.muted { (w.not_paired) }
        } @else {
            section aria-labelledby="standings-h" {
                h2 #standings-h { (w.standings_heading) }
                div.scroll {
                    table.standings {
                        thead { tr {
                            th.num scope="col" { (w.rank) }
                            th scope="col" { (w.player) }
                            th.num scope="col" { (w.points_col) }
                            th.num scope="col" { (w.games) }
                            th.num.wide scope="col" { (w.record_col) }
                            @for tb in &page.tiebreaks { th.num.wide scope="col" { (tb.get(l)) } }
                        } }
                        tbody {
                            @for s in &page.standings {
                                tr {
                                    td.num { (s.rank) }
                                    td { (s.name) @if s.withdrawn { " (" (w.withdrew) ")" } }
                                    td.num { (s.points) }
                                    td.num { (s.games) }
                                    td.num.wide { (s.record) }
                                    @for v in &s.tiebreaks { td.num.wide { (v) } }
                                }
                            }
                        }
                    }
                }
            }
            section aria-labelledby="rounds-h" {
                h2 #rounds-h { (w.rounds_heading) }
                @for r in &page.rounds {
                    h3 { (w.round) " " (r.number) }
                    div.scroll {
                        table.pairings {
                            thead { tr {
                                th.num scope="col" { (w.board_col) }
                                th scope="col" { (w.white_col) }
                                th scope="col" { (w.black_col) }
                                th scope="col" { (w.result_col) }
                            } }
                            tbody {
                                @for p in &r.pairings {
                                    tr {
                                        td.num { (p.board) }
                                        td { (p.white) }
                                        td { (p.black) }
                                        td {
                                            @let result = p.result.as_deref().unwrap_or(w.ongoing);
                                            @match &p.game {
                                                Some(t) => a href=(format!("{}{q}", at(t, WebPath::Game))) { (result) },
                                                None => (result),
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if let Some(b) = &r.bye { p.muted { (b.get(l)) } }
                }
            }
        }
    }
}

/// A live update of a tournament's page.
pub fn tournament_state(page: &TournamentPage, ask: Ask) -> String {
    serde_json::json!({ "html": tournament_body(page, ask).into_string() }).to_string()
}

/// A tournament's page.
pub fn tournament(page: &TournamentPage, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let title = page.title.get(l);
    let events = format!(
        "{}?lang={}",
        at(&page.token, WebPath::TournamentEvents),
        w.code
    );
    let body = html! {
        main.tournament {
            h1 { (title) }
            p.muted { (page.about.get(l)) " · " (page.chat.get(l)) }
            div #tournament data-events=(events) { (tournament_body(page, ask)) }
            p #live .live data-on=(w.live) data-off=(w.offline) aria-live="polite" {}
        }
    };
    layout(ask, title, &at(&page.token, WebPath::Tournament), body)
}

/// `/` and `/games/{game}`: the games being played in listed chats (and,
/// on `/`, their tournaments).
pub fn live(
    games: &[LiveGame],
    tournaments: &[LiveTournament],
    game: Option<GameId>,
    now_ms: i64,
    ask: Ask,
) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let heading = match game {
        Some(g) => format!("{} · {}", w.live_heading, g.info().name(l)),
        None => w.live_heading.to_string(),
    };
    let (here, events) = match game {
        Some(g) => (
            WebPath::List(Some(g)).to_string(),
            format!("{}?lang={}", WebPath::ListEvents(Some(g)), w.code),
        ),
        None => (
            WebPath::List(None).to_string(),
            format!("{}?lang={}", WebPath::ListEvents(None), w.code),
        ),
    };
    let q = ask.query();
    let body = html! {
        main {
            h1 { (heading) }
            p.muted { (w.live_intro) }
            nav aria-label=(w.game_col) {
                p {
                    a href=(format!("/{q}")) { (w.all_games) }
                    @for g in GameId::ALL {
                        " · " a href=(format!("{}{q}", WebPath::List(Some(g)))) { (g.info().name(l)) }
                    }
                }
                @if let Some(g) = game {
                    p { a href=(format!("{}{q}", WebPath::Leaderboard(g))) { (w.leaderboard) " · " (g.info().name(l)) } }
                }
            }
            div #list data-events=(events) { (live_table(games, now_ms, ask)) }
            p #live .live data-on=(w.live) data-off=(w.offline) aria-live="polite" {}
            (tournaments_table(tournaments, ask))
        }
    };
    layout(ask, &heading, &here, body)
}

/// A player's page.
pub fn player(p: &PlayerPage, now_ms: i64, ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    let body = html! {
        main {
            h1 { (p.name) }
            h2 { (w.ratings_heading) }
            @if p.ratings.is_empty() { p.muted { (w.no_ratings) } }
            @for (g, rating, games) in &p.ratings {
                h3 { (g.info().name(l)) ": " (rating) " · " (w.games_count(*games)) }
                img.chart src=(at(&p.token, |token| WebPath::Chart { token, lang: l, game: *g }))
                    alt=(format!("{} · {} · {}", w.chart_alt, p.name, g.info().name(l))) width="800" height="420" loading="lazy";
            }
            h2 { (w.player_games) }
            @if p.games.is_empty() {
                p.muted { (w.no_games) }
            } @else {
                table {
                    thead { tr {
                        (games_columns(w))
                        th scope="col" { (w.result_col) }
                        th.wide scope="col" { (w.last_col) }
                    } }
                    tbody {
                        @for g in &p.games {
                            tr {
                                td { a href=(format!("{}{q}", at(&g.token, WebPath::Game))) { (g.title.get(l)) } }
                                td { (g.opponent) }
                                td.num { (g.plies) }
                                td { @match &g.result { Some(r) => (r.get(l)), None => (w.ongoing) } }
                                td.wide { (ago(g.last_ms, now_ms, l)) }
                            }
                        }
                    }
                }
            }
        }
    };
    layout(ask, &p.name, &at(&p.token, WebPath::Player), body)
}

/// `/leaderboard/{game}`.
pub fn leaderboard(game: GameId, rows: &[StandingView], ask: Ask) -> Markup {
    let w = ask.w();
    let l = ask.lang;
    let q = ask.query();
    let heading = format!("{} · {}", w.leaderboard_heading, game.info().name(l));
    let body = html! {
        main {
            h1 { (heading) }
            @if rows.is_empty() {
                p { (w.no_ratings) }
            } @else {
                table {
                    thead { tr {
                        th.num scope="col" { (w.rank) }
                        th scope="col" { (w.player) }
                        th.num scope="col" { (w.rating) }
                        th.num scope="col" { (w.games) }
                    } }
                    tbody {
                        @for r in rows {
                            tr {
                                td.num { (r.rank) }
                                td { a href=(format!("{}{q}", at(&r.page, WebPath::Player))) { (r.name) } }
                                td.num { (r.rating) }
                                td.num { (r.games) }
                            }
                        }
                    }
                }
            }
        }
    };
    layout(ask, &heading, &WebPath::Leaderboard(game).to_string(), body)
}

/// A page saying there is nothing here (or why not).
pub fn message(ask: Ask, heading: &str, text: &str) -> Markup {
    layout(
        ask,
        heading,
        "/",
        html! { main { h1 { (heading) } p { (text) } p { a href=(format!("/{}", ask.query())) { (ask.w().live_heading) } } } },
    )
}
