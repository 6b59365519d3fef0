//! Inline keyboards under a board: first the pieces (origins) that have
//! moves, then the moves of the chosen one, paged when they do not fit.
//!
//! Every button's callback data (at most 64 bytes) names the game and the
//! move number of the board it hangs under, so a press on a board that has
//! moved on is recognised as stale:
//!
//! | data                          | means                                   |
//! |-------------------------------|-----------------------------------------|
//! | `o:GAME:PLY:PAGE`             | the menu of origins, page `PAGE`        |
//! | `p:GAME:PLY:PAGE:CELL`        | the moves from `CELL`, page `PAGE`      |
//! | `m:GAME:PLY:MOVE`             | play `MOVE`                             |
//! | `i:GAME:PLY:INDEX:CELL`       | play the `INDEX`th move from `CELL` (`-`: no origin), when `MOVE` is too long |
//!
//! `GAME` is the game as the chat names it: its number, or (a board of
//! another chat's game shown in a direct chat) its place and number,
//! `kqa7` (see `tablero_app::place`).
//!
//! Other keyboards: a challenge's `c:ID:a|d` (also each challenge of a
//! "Which challenge?"), a finished game's `g:ID:r|m`, a tournament's
//! `t:ID:j|l|s` (join, leave, start), and a list's page
//! buttons `l:LIST:PAGE` (`c` the channel's games, `g` the reader's, `a`
//! the challenges they may accept).

use tablero_app::ChoiceGroup;
use tablero_app::place::GameAt;
use tablero_app::press::Press;
use tablero_app::{AfterGame, TourPress, Ui};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Telegram's limit on callback data, in bytes.
pub const MAX_DATA: usize = 64;
/// Rows of choices on one page (the navigation row comes on top of them).
const ROWS: usize = 6;
/// The width, in characters, a row of buttons should not exceed.
const ROW_CHARS: usize = 28;
/// Telegram shows at most 8 buttons in a row.
const MAX_COLS: usize = 8;

/// What a button's callback data asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub game: GameAt,
    pub ply: usize,
    pub action: Action,
}

/// The part of a button after the game and the move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show the menu of origins (and origin-less moves) at this page.
    Menu { page: usize },
    /// Show the moves from a cell at this page.
    Origin { page: usize, cell: String },
    /// Play a move.
    Move(String),
    /// Play the move at this index of an origin's group.
    Index {
        index: usize,
        origin: Option<String>,
    },
}

impl Button {
    /// The callback data, at most [`MAX_DATA`] bytes for any move text: a
    /// long move is named by its index instead.
    #[must_use]
    pub fn encode(&self) -> String {
        let (g, p) = (self.game, self.ply);
        match &self.action {
            Action::Menu { page } => format!("o:{g}:{p}:{page}"),
            Action::Origin { page, cell } => format!("p:{g}:{p}:{page}:{cell}"),
            Action::Move(m) => format!("m:{g}:{p}:{m}"),
            Action::Index { index, origin } => {
                format!("i:{g}:{p}:{index}:{}", origin.as_deref().unwrap_or("-"))
            }
        }
    }

    /// Reads callback data; `None` for anything this bot did not write.
    #[must_use]
    pub fn decode(data: &str) -> Option<Button> {
        let mut parts = data.splitn(4, ':');
        let kind = parts.next()?;
        let game = GameAt::parse(parts.next()?)?;
        let ply = parts.next()?.parse().ok()?;
        let rest = parts.next()?;
        let page_and = |rest: &str| -> Option<(usize, String)> {
            let (n, s) = rest.split_once(':')?;
            Some((n.parse().ok()?, s.to_string()))
        };
        let action = match kind {
            "o" => Action::Menu {
                page: rest.parse().ok()?,
            },
            "p" => {
                let (page, cell) = page_and(rest)?;
                Action::Origin { page, cell }
            }
            "m" if !rest.is_empty() => Action::Move(rest.to_string()),
            "i" => {
                let (index, cell) = page_and(rest)?;
                Action::Index {
                    index,
                    origin: (cell != "-").then_some(cell),
                }
            }
            _ => return None,
        };
        Some(Button { game, ply, action })
    }

    /// The press the app is asked to answer.
    #[must_use]
    pub fn press(&self) -> Press {
        match &self.action {
            Action::Menu { .. } => Press::Menu,
            Action::Origin { cell, .. } => Press::Origin(cell.clone()),
            Action::Move(m) => Press::Move(m.clone()),
            Action::Index { index, origin } => Press::Index(origin.clone(), *index),
        }
    }
}

/// The buttons under a challenge: Accept and Decline for a challenge to
/// one person, Join for an open one. Their data is `c:ID:a` or `c:ID:d`.
#[must_use]
pub fn challenge(c: tablero_app::ChallengeRef, lang: tablero_rules::Lang) -> InlineKeyboardMarkup {
    let button = |label: Ui, answer: char| {
        InlineKeyboardButton::callback(label.text(lang), format!("c:{}:{answer}", c.id))
    };
    let row = if c.open {
        vec![button(Ui::Join, 'a')]
    } else {
        vec![button(Ui::Accept, 'a'), button(Ui::Decline, 'd')]
    };
    InlineKeyboardMarkup::new(vec![row])
}

/// The buttons under a tournament players may still join: Join, Leave
/// and Start. Their data is `t:ID:j`, `t:ID:l` or `t:ID:s`.
#[must_use]
pub fn tournament(id: u64, lang: tablero_rules::Lang) -> InlineKeyboardMarkup {
    let row: Vec<InlineKeyboardButton> = TourPress::ALL
        .iter()
        .map(|p| InlineKeyboardButton::callback(p.label(id, lang), format!("t:{}", p.data(id))))
        .collect();
    InlineKeyboardMarkup::new(vec![row])
}

/// Reads a tournament button's data: the tournament and what is asked.
#[must_use]
pub fn tournament_press(data: &str) -> Option<(u64, TourPress)> {
    TourPress::parse(data.strip_prefix("t:")?)
}

/// The moves of a "did you mean" reply, one button each, that play them
/// (`m:GAME:PLY:MOVE`; a move too long for the data is left out). `None`
/// when none fits.
#[must_use]
pub fn suggestions(
    list: &[tablero_app::Suggestion],
    lang: tablero_rules::Lang,
) -> Option<InlineKeyboardMarkup> {
    let row: Vec<InlineKeyboardButton> = list
        .iter()
        .filter_map(|s| {
            let data = Button {
                game: s.at(),
                ply: s.ply,
                action: Action::Move(s.mv.clone()),
            }
            .encode();
            (data.len() <= MAX_DATA).then(|| {
                InlineKeyboardButton::callback(format!("#{} {}", s.at(), s.typed(lang)), data)
            })
        })
        .collect();
    (!row.is_empty()).then(|| InlineKeyboardMarkup::new(row.chunks(2).map(<[_]>::to_vec)))
}

/// The buttons under a finished game: Replay and Rematch. Their data is
/// `g:ID:r` or `g:ID:m`.
#[must_use]
pub fn after_game(game: u64, lang: tablero_rules::Lang) -> InlineKeyboardMarkup {
    let button = |what: AfterGame| {
        InlineKeyboardButton::callback(what.label(lang), format!("g:{game}:{}", what.code()))
    };
    InlineKeyboardMarkup::new(vec![vec![
        button(AfterGame::Replay),
        button(AfterGame::Rematch),
    ]])
}

/// The buttons of a reply that shows a page of a list: an Accept button
/// for each challenge it offers (`c:ID:a`, two a row), then the pages
/// before and after (`l:LIST:PAGE`). `None` when it has neither.
#[must_use]
pub fn listing(reply: &tablero_app::Reply) -> Option<InlineKeyboardMarkup> {
    let picks: Vec<InlineKeyboardButton> = reply
        .picks
        .iter()
        .map(|p| InlineKeyboardButton::callback(p.label.clone(), format!("c:{}:a", p.challenge)))
        .collect();
    let mut rows: Vec<Vec<InlineKeyboardButton>> = picks.chunks(2).map(<[_]>::to_vec).collect();
    let pages: Vec<InlineKeyboardButton> = reply
        .page_buttons()
        .into_iter()
        .map(|b| InlineKeyboardButton::callback(b.label, format!("l:{}", b.list.data(b.page))))
        .collect();
    if !pages.is_empty() {
        rows.push(pages);
    }
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

/// `k` with a last row holding a link to a game's web page (`url`); `k`
/// as it was when the address is not one Telegram takes.
#[must_use]
pub fn with_watch(
    k: Option<InlineKeyboardMarkup>,
    url: &str,
    lang: tablero_rules::Lang,
) -> Option<InlineKeyboardMarkup> {
    let Ok(parsed) = url::Url::parse(url) else {
        return k;
    };
    let button = InlineKeyboardButton::url(tablero_app::watch::watch_button(lang), parsed);
    let mut rows = k.map(|k| k.inline_keyboard).unwrap_or_default();
    rows.push(vec![button]);
    Some(InlineKeyboardMarkup::new(rows))
}

/// Reads a page button's data: the list and the page asked for.
#[must_use]
pub fn page_press(data: &str) -> Option<(tablero_app::Listing, usize)> {
    tablero_app::Listing::parse(data.strip_prefix("l:")?)
}

/// Reads a finished game's button data: the game and what is asked.
#[must_use]
pub fn after_game_press(data: &str) -> Option<(u64, AfterGame)> {
    AfterGame::parse(data.strip_prefix("g:")?)
}

/// The buttons under a list of games (`mygames` in a direct chat): one
/// per game, two to a row, each opening its board. Their data is `b:AT`,
/// the game as the chat names it (`b:kqa7`, `b:3`).
#[must_use]
pub fn open_games(list: &[tablero_app::OpenGame]) -> Option<InlineKeyboardMarkup> {
    let buttons: Vec<InlineKeyboardButton> = list
        .iter()
        .map(|g| InlineKeyboardButton::callback(g.label.clone(), format!("b:{}", g.at)))
        .collect();
    (!buttons.is_empty()).then(|| InlineKeyboardMarkup::new(buttons.chunks(2).map(<[_]>::to_vec)))
}

/// Reads an open-game button's data.
#[must_use]
pub fn open_press(data: &str) -> Option<GameAt> {
    GameAt::parse(data.strip_prefix("b:")?)
}

/// Reads a challenge button's data: the challenge and whether it accepts.
#[must_use]
pub fn challenge_answer(data: &str) -> Option<(u64, bool)> {
    tablero_app::press::challenge_answer(data.strip_prefix("c:")?)
}

/// One entry of a page before it becomes a button.
struct Entry {
    label: String,
    action: Action,
}

fn move_entries(group: &ChoiceGroup, game: GameAt, ply: usize) -> Vec<Entry> {
    group
        .moves
        .iter()
        .enumerate()
        .map(|(index, m)| {
            let action = Action::Move(m.clone());
            let fits = Button {
                game,
                ply,
                action: action.clone(),
            }
            .encode()
            .len()
                <= MAX_DATA;
            Entry {
                label: group.label(index).to_string(),
                action: if fits {
                    action
                } else {
                    Action::Index {
                        index,
                        origin: group.origin.clone(),
                    }
                },
            }
        })
        .collect()
}

/// The keyboard of the menu: a button per origin, then the moves that have
/// none; the moves themselves when there is one piece (a `moves SQUARE`
/// reply, or a position where one piece can move), as Discord's menu
/// does. `None` when there is nothing to choose.
#[must_use]
pub fn menu(
    groups: &[ChoiceGroup],
    game: GameAt,
    ply: usize,
    page: usize,
) -> Option<InlineKeyboardMarkup> {
    if let [only] = groups
        && let Some(cell) = &only.origin
    {
        let at = |page| Action::Origin {
            page,
            cell: cell.clone(),
        };
        return paged(move_entries(only, game, ply), game, ply, page, at, None);
    }
    let mut entries = Vec::new();
    for g in groups {
        match &g.origin {
            Some(cell) => entries.push(Entry {
                label: cell.clone(),
                action: Action::Origin {
                    page: 0,
                    cell: cell.clone(),
                },
            }),
            None => entries.extend(move_entries(g, game, ply)),
        }
    }
    paged(entries, game, ply, page, |page| Action::Menu { page }, None)
}

/// The keyboard of one origin's moves, with a button back to the menu.
#[must_use]
pub fn origin(
    group: &ChoiceGroup,
    game: GameAt,
    ply: usize,
    page: usize,
    lang: tablero_rules::Lang,
) -> Option<InlineKeyboardMarkup> {
    let cell = group.origin.clone().unwrap_or_default();
    let back = Button {
        game,
        ply,
        action: Action::Menu { page: 0 },
    };
    paged(
        move_entries(group, game, ply),
        game,
        ply,
        page,
        |page| Action::Origin {
            page,
            cell: cell.clone(),
        },
        Some((back, Ui::BackToMenu.text(lang))),
    )
}

fn paged(
    entries: Vec<Entry>,
    game: GameAt,
    ply: usize,
    page: usize,
    at: impl Fn(usize) -> Action,
    back: Option<(Button, String)>,
) -> Option<InlineKeyboardMarkup> {
    if entries.is_empty() {
        return None;
    }
    let widest = entries
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(1);
    let cols = (ROW_CHARS / (widest + 2)).clamp(1, MAX_COLS);
    let per_page = cols * ROWS;
    let pages = entries.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let button = |label: String, action: Action| {
        InlineKeyboardButton::callback(label, Button { game, ply, action }.encode())
    };
    let mut rows: Vec<Vec<InlineKeyboardButton>> = entries
        .into_iter()
        .skip(page * per_page)
        .take(per_page)
        .map(|e| button(e.label, e.action))
        .collect::<Vec<_>>()
        .chunks(cols)
        .map(<[_]>::to_vec)
        .collect();
    let mut nav = Vec::new();
    if let Some((b, label)) = back {
        nav.push(button(label, b.action));
    }
    if page > 0 {
        nav.push(button(format!("◀ {}/{pages}", page), at(page - 1)));
    }
    if page + 1 < pages {
        nav.push(button(format!("{}/{pages} ▶", page + 2), at(page + 1)));
    }
    if !nav.is_empty() {
        rows.push(nav);
    }
    Some(InlineKeyboardMarkup::new(rows))
}

#[cfg(test)]
mod tests {
    use tablero_rules::Lang;
    use teloxide::types::InlineKeyboardButtonKind;

    use super::*;

    fn datas(k: &InlineKeyboardMarkup) -> Vec<Vec<String>> {
        k.inline_keyboard
            .iter()
            .map(|row| {
                row.iter()
                    .map(|b| match &b.kind {
                        InlineKeyboardButtonKind::CallbackData(d) => d.clone(),
                        other => panic!("{other:?}"),
                    })
                    .collect()
            })
            .collect()
    }

    fn group(origin: Option<&str>, moves: &[&str]) -> ChoiceGroup {
        ChoiceGroup {
            origin: origin.map(str::to_string),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            labels: Vec::new(),
        }
    }

    #[test]
    fn data_round_trips() {
        for (data, action) in [
            ("o:3:12:1", Action::Menu { page: 1 }),
            (
                "p:3:12:0:d4",
                Action::Origin {
                    page: 0,
                    cell: "d4".into(),
                },
            ),
            ("m:3:12:d4-d5-e6", Action::Move("d4-d5-e6".into())),
            ("m:3:12:Wa1 Wb2", Action::Move("Wa1 Wb2".into())),
            (
                "i:3:12:7:-",
                Action::Index {
                    index: 7,
                    origin: None,
                },
            ),
            (
                "i:3:12:0:j10",
                Action::Index {
                    index: 0,
                    origin: Some("j10".into()),
                },
            ),
        ] {
            let b = Button {
                game: GameAt::here(3),
                ply: 12,
                action,
            };
            assert_eq!(b.encode(), data);
            assert_eq!(Button::decode(data), Some(b));
        }
        for junk in [
            "",
            "x:1:2:3",
            "o:1:2",
            "o:a:2:0",
            "m:1:2:",
            "p:1:2:x:d4",
            "o:1:-2:0",
        ] {
            assert_eq!(Button::decode(junk), None, "{junk}");
        }
    }

    #[test]
    fn a_web_page_link_is_a_last_row_of_its_own() {
        let url = "https://t.example.org/g/0123456789abcdef0123456789abcdef";
        let k = with_watch(Some(after_game(3, Lang::Es)), url, Lang::Es).unwrap();
        let last = k.inline_keyboard.last().unwrap();
        assert_eq!(last.len(), 1);
        assert_eq!(last[0].text, "Ver en la web");
        assert!(matches!(
            &last[0].kind,
            InlineKeyboardButtonKind::Url(u) if u.as_str() == url
        ));
        assert_eq!(k.inline_keyboard.len(), 2, "the other buttons stay");
        let alone = with_watch(None, url, Lang::En).unwrap();
        assert_eq!(alone.inline_keyboard[0][0].text, "Watch on the web");
        assert_eq!(with_watch(None, "not a url", Lang::En), None);
    }

    #[test]
    fn did_you_mean_moves_are_buttons_that_play_them() {
        let s = |game, mv: &str, es: &str| tablero_app::Suggestion {
            game,
            place: None,
            kind: tablero_rules::GameId::Chess,
            ply: 4,
            mv: mv.into(),
            typed: [mv.into(), es.into()],
        };
        let k = suggestions(
            &[s(1, "Nc3", "Cc3"), s(2, "e4s", "e4s")],
            tablero_rules::Lang::Es,
        )
        .unwrap();
        assert_eq!(datas(&k), [["m:1:4:Nc3", "m:2:4:e4s"]]);
        let labels: Vec<&str> = k.inline_keyboard[0]
            .iter()
            .map(|b| b.text.as_str())
            .collect();
        assert_eq!(labels, ["#1 Cc3", "#2 e4s"]);
        // A press on one is the move press of that game's board.
        let b = Button::decode("m:1:4:Nc3").unwrap();
        assert_eq!(b.press(), Press::Move("Nc3".into()));
        assert!(suggestions(&[], tablero_rules::Lang::En).is_none());
    }

    #[test]
    fn another_chats_game_is_named_with_its_place() {
        let at = GameAt::parse("kqa7").unwrap();
        let k = menu(
            &[group(Some("e2"), &["e4"]), group(Some("d2"), &["d4"])],
            at,
            4,
            0,
        )
        .unwrap();
        assert_eq!(datas(&k), [["p:kqa7:4:0:e2", "p:kqa7:4:0:d2"]]);
        // One piece's moves (`moves e2`): the moves at once.
        let k = menu(&[group(Some("e2"), &["e3", "e4"])], at, 4, 0).unwrap();
        assert_eq!(datas(&k), [["m:kqa7:4:e3", "m:kqa7:4:e4"]]);
        let b = Button::decode("m:kqa7:4:e4").unwrap();
        assert_eq!(b.game, at);
        assert_eq!(b.encode(), "m:kqa7:4:e4");
        // The open-game buttons of a list.
        let list = [
            tablero_app::OpenGame {
                at,
                label: "#kqa7 Chess · Club".into(),
            },
            tablero_app::OpenGame {
                at: GameAt::here(2),
                label: "#2 Push · Friends".into(),
            },
        ];
        let k = open_games(&list).unwrap();
        assert_eq!(datas(&k), [["b:kqa7", "b:2"]]);
        assert_eq!(open_press("b:kqa7"), Some(at));
        assert_eq!(open_press("b:kq"), None);
        assert!(open_games(&[]).is_none());
    }

    #[test]
    fn menu_lists_origins_then_origin_less_moves() {
        let groups = [
            group(Some("a2"), &["a2-a3", "a2-b3"]),
            group(Some("b2"), &["b2-b3"]),
            group(None, &["pass"]),
        ];
        let k = menu(&groups, GameAt::here(1), 4, 0).unwrap();
        assert_eq!(datas(&k), [["p:1:4:0:a2", "p:1:4:0:b2", "m:1:4:pass"]]);
        let k = origin(&groups[0], GameAt::here(1), 4, 0, tablero_rules::Lang::En).unwrap();
        assert_eq!(
            datas(&k),
            vec![vec!["m:1:4:a2-a3", "m:1:4:a2-b3"], vec!["o:1:4:0"]]
        );
        assert_eq!(menu(&[], GameAt::here(1), 4, 0), None);
    }

    #[test]
    fn long_lists_are_paged_and_long_moves_indexed() {
        let moves: Vec<String> = (0..100).map(|i| format!("c{i}")).collect();
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let g = group(None, &refs);
        let first = datas(&menu(std::slice::from_ref(&g), GameAt::here(9), 0, 0).unwrap());
        let nav = first.last().unwrap();
        assert_eq!(nav.len(), 1);
        assert_eq!(nav[0], "o:9:0:1");
        let shown: usize = first[..first.len() - 1].iter().map(Vec::len).sum();
        let mut seen = shown;
        let mut page = 1;
        loop {
            let k = datas(&menu(std::slice::from_ref(&g), GameAt::here(9), 0, page).unwrap());
            let nav = k.last().unwrap();
            seen += k[..k.len() - 1].iter().map(Vec::len).sum::<usize>();
            if !nav.iter().any(|d| d == &format!("o:9:0:{}", page + 1)) {
                break;
            }
            page += 1;
        }
        assert_eq!(seen, 100, "every move on some page");
        let long = "x".repeat(70);
        let g = group(Some("a1"), &["a1-a2", &long]);
        let d = datas(
            &origin(
                &g,
                GameAt::here(123_456_789_012),
                99_999,
                0,
                tablero_rules::Lang::En,
            )
            .unwrap(),
        );
        // A long label takes a row of its own.
        assert_eq!(d[1], ["i:123456789012:99999:1:a1"]);
        assert!(d.iter().flatten().all(|s| s.len() <= MAX_DATA));
    }
}
