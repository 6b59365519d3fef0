//! How a [`Reply`] looks on Discord: its text with real mentions, the board
//! as an embedded PNG, and the select menus and buttons that pick a move.
//! Pure: builds serenity values, sends nothing.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    Permissions, UserId,
};
use tablero_app::place::GameAt;
use tablero_app::{AfterGame, ChoiceGroup, Permission, Reply, Span, TourPress, Ui};
use tablero_deliver::chunk::Packer;
use tablero_rules::Lang;

use crate::ids::{Component, List, MoveRef, Origin, origin_value};

/// The longest message content Discord accepts.
pub const MAX_CONTENT: usize = 2000;
/// The most options a select menu holds.
pub const MAX_OPTIONS: usize = 25;
const MAX_LABEL: usize = 100;
const MAX_PLACEHOLDER: usize = 150;
/// The board's file name, referred to by the embed.
pub const BOARD_FILE: &str = "board.png";

/// The reply's text in its language, span by span in Discord's markdown:
/// text with markdown characters escaped (a name like `some_user` stays
/// as it is), code in backticks, a mention as `<@ID>` (in an error, which
/// notifies nobody, as the escaped `@name`).
#[must_use]
pub fn text(reply: &Reply) -> String {
    parts(reply, usize::MAX).remove(0)
}

/// [`text`] in messages of at most `max` characters: cut at line ends
/// where it can be, a mention never cut, a long code span cut into code
/// spans (the shared packer of `tablero-deliver`).
#[must_use]
pub fn parts(reply: &Reply, max: usize) -> Vec<String> {
    let mut p = Packer::new(max, |markup: &str, _: &str| markup.chars().count());
    for span in reply.text.get(reply.lang).spans() {
        match span {
            Span::Text(t) => p.text(t, escape_markdown),
            Span::Code(c) if c.contains('`') => p.wrapped(c, |s| format!("`` {s} ``")),
            Span::Code(c) => p.wrapped(c, |s| format!("`{s}`")),
            Span::Mention(u) if reply.error || u.id.parse::<u64>().is_err() => {
                let plain = format!("@{}", u.name);
                p.atom(&escape_markdown(&plain), &plain);
            }
            Span::Mention(u) => p.atom(&format!("<@{}>", u.id), &u.name),
        }
    }
    p.finish().into_iter().map(|c| c.markup).collect()
}

/// The buttons under a challenge: Accept and Decline for a challenge to one
/// person, Join for an open one; `tb:c:ID:a` / `tb:c:ID:d`.
#[must_use]
pub fn challenge_rows(c: tablero_app::ChallengeRef, lang: Lang) -> Vec<CreateActionRow> {
    let button = |label: Ui, answer: char, style: ButtonStyle| {
        CreateButton::new(format!("tb:c:{}:{answer}", c.id))
            .label(label.text(lang))
            .style(style)
    };
    let row = if c.open {
        vec![button(Ui::Join, 'a', ButtonStyle::Success)]
    } else {
        vec![
            button(Ui::Accept, 'a', ButtonStyle::Success),
            button(Ui::Decline, 'd', ButtonStyle::Secondary),
        ]
    };
    vec![CreateActionRow::Buttons(row)]
}

/// The buttons under a tournament players may still join: Join, Leave
/// and Start (`tb:t:ID:j|l|s`).
pub fn tournament_row(id: u64, lang: Lang) -> CreateActionRow {
    let style = |p: TourPress| match p {
        TourPress::Join => ButtonStyle::Success,
        TourPress::Leave => ButtonStyle::Secondary,
        TourPress::Start => ButtonStyle::Primary,
    };
    CreateActionRow::Buttons(
        TourPress::ALL
            .iter()
            .map(|p| {
                CreateButton::new(format!("tb:t:{}", p.data(id)))
                    .label(p.label(id, lang))
                    .style(style(*p))
            })
            .collect(),
    )
}

/// A tournament button's custom id: the tournament and what is asked.
#[must_use]
pub fn tournament_press(data: &str) -> Option<(u64, TourPress)> {
    TourPress::parse(data.strip_prefix("tb:t:")?)
}

/// A challenge button's custom id: the challenge, and whether it accepts.
#[must_use]
pub fn challenge_answer(data: &str) -> Option<(u64, bool)> {
    tablero_app::press::challenge_answer(data.strip_prefix("tb:c:")?)
}

/// `s` with Discord's markdown characters escaped. A `#` is markdown
/// only in a heading or subtext (`# `, `## `, `-# ` at a line's start), so
/// one after a letter or a digit (`Qh4#`) or before one (`#3`, `#kqa7`)
/// stays as it is: where the text is shown without markdown (a
/// notification), a backslash would show.
fn escape_markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev: Option<char> = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let markdown = match c {
            '#' => {
                !prev.is_some_and(char::is_alphanumeric)
                    && !chars.peek().is_some_and(|n| n.is_alphanumeric())
            }
            _ => matches!(
                c,
                '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '[' | ']' | '<'
            ),
        };
        if markdown {
            out.push('\\');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// Who the reply may notify: the users it mentions, never `@everyone` or a
/// role (a display name may contain either); nobody for an error.
pub fn allowed_mentions(reply: &Reply) -> CreateAllowedMentions {
    let users: Vec<UserId> = if reply.error {
        Vec::new()
    } else {
        reply
            .mentions
            .iter()
            .filter_map(|u| u.id.parse::<u64>().ok().filter(|&id| id != 0))
            .map(UserId::new)
            .collect()
    };
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
        .users(users)
}

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max - 1).collect();
    t.push('…');
    t
}

/// The game shown by a board reply, and its number of moves; `None` for
/// replies without a board of a game (the rules' start position has id 0).
#[must_use]
pub fn board_of(reply: &Reply) -> Option<(u64, usize)> {
    reply
        .game()
        .filter(|&(id, _)| id != 0 && reply.image.is_some())
}

/// The file a reply sends (a record, a replay, a chart, a table).
#[must_use]
pub fn file_attachment(reply: &Reply) -> Option<CreateAttachment> {
    let f = reply.file.as_ref()?;
    Some(CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
}

/// Most attachments Discord takes on one message.
pub const MAX_ATTACHMENTS: usize = 10;

/// A reply's album (the rule cards) as attachments of one message, in
/// order, each described by its caption (Discord's alt text, at most
/// 1,024 characters), as many as one message takes.
#[must_use]
pub fn album_attachments(reply: &Reply) -> Vec<CreateAttachment> {
    reply
        .album
        .iter()
        .take(MAX_ATTACHMENTS)
        .map(|p| {
            let alt: String = p.caption.chars().take(1024).collect();
            CreateAttachment::bytes(p.png.clone(), p.name.clone()).description(alt)
        })
        .collect()
}

/// The components under a reply's last message: a board's move menu, a
/// challenge's buttons, a finished game's Replay and Rematch buttons, or a
/// tournament's Join, Leave and Start.
#[must_use]
pub fn components(reply: &Reply) -> Vec<CreateActionRow> {
    let mut rows = match (board_of(reply), reply.challenge) {
        (Some((id, ply)), _) => {
            // Another channel's game (in a DM) is named with its place.
            let game = GameAt {
                place: reply.place,
                id,
            };
            board_rows(game, ply, &reply.choices, reply.lang, false)
        }
        (None, Some(c)) => challenge_rows(c, reply.lang),
        (None, None) => Vec::new(),
    };
    if let Some(game) = reply.ended.filter(|_| reply.place.is_none()) {
        rows.push(after_game_row(game, reply.lang));
    }
    if let Some(id) = reply.tournament {
        rows.push(tournament_row(id, reply.lang));
    }
    if let Some(row) = suggestion_row(reply) {
        rows.push(row);
    }
    rows.extend(open_rows(reply));
    rows.extend(listing_rows(reply));
    // The game's web page, when one is configured (Discord allows five
    // rows).
    if let (true, Some(url), true) = (reply.web_button, &reply.web, rows.len() < 5) {
        let mut row = vec![
            CreateButton::new_link(url.clone()).label(tablero_app::watch::watch_button(reply.lang)),
        ];
        // An ongoing game's own board, answered privately to the presser
        // (`tb:p:ID`).
        if let (Some((id, _)), None) = (reply.game(), reply.ended) {
            row.push(
                CreateButton::new(format!("tb:p:{id}"))
                    .label(tablero_app::webplay::play_button(reply.lang))
                    .style(ButtonStyle::Primary),
            );
        }
        rows.push(CreateActionRow::Buttons(row));
    }
    rows
}

/// The longest label Discord shows on a button.
const MAX_BUTTON_LABEL: usize = 80;

/// A page of a list: an Accept button for each challenge it offers
/// (`tb:c:ID:a`, five a row), then the pages before and after
/// (`tb:l:LIST:PAGE`).
fn listing_rows(reply: &Reply) -> Vec<CreateActionRow> {
    let picks: Vec<CreateButton> = reply
        .picks
        .iter()
        .map(|p| {
            CreateButton::new(format!("tb:c:{}:a", p.challenge))
                .label(clip(&p.label, MAX_BUTTON_LABEL))
                .style(ButtonStyle::Success)
        })
        .collect();
    let mut rows: Vec<CreateActionRow> = picks
        .chunks(5)
        .map(|row| CreateActionRow::Buttons(row.to_vec()))
        .collect();
    let pages: Vec<CreateButton> = reply
        .page_buttons()
        .into_iter()
        .map(|b| {
            CreateButton::new(format!("tb:l:{}", b.list.data(b.page)))
                .label(b.label)
                .style(ButtonStyle::Secondary)
        })
        .collect();
    if !pages.is_empty() {
        rows.push(CreateActionRow::Buttons(pages));
    }
    rows
}

/// Reads a page button's id: the list and the page asked for.
#[must_use]
pub fn page_press(data: &str) -> Option<(tablero_app::Listing, usize)> {
    tablero_app::Listing::parse(data.strip_prefix("tb:l:")?)
}

/// A list of games' buttons, each opening its board (`mygames` in a DM):
/// five to a row, at most five rows with whatever else the reply shows.
fn open_rows(reply: &Reply) -> Vec<CreateActionRow> {
    let buttons: Vec<CreateButton> = reply
        .open
        .iter()
        .filter_map(|g| {
            let id = Component::Open { game: g.at }.id()?;
            Some(
                CreateButton::new(id)
                    .label(clip(&g.label, MAX_LABEL))
                    .style(ButtonStyle::Secondary),
            )
        })
        .take(20)
        .collect();
    buttons
        .chunks(5)
        .map(|c| CreateActionRow::Buttons(c.to_vec()))
        .collect()
}

/// A "did you mean" reply's moves as buttons that play them (at most five,
/// Discord's row).
fn suggestion_row(reply: &Reply) -> Option<CreateActionRow> {
    let buttons: Vec<CreateButton> = reply
        .suggestions
        .iter()
        .filter_map(|s| {
            let id = Component::Play {
                game: s.at(),
                ply: s.ply,
                mv: s.mv.clone(),
            }
            .id()?;
            let label = clip(&format!("#{} {}", s.at(), s.typed(reply.lang)), MAX_LABEL);
            Some(
                CreateButton::new(id)
                    .label(label)
                    .style(ButtonStyle::Primary),
            )
        })
        .take(5)
        .collect();
    (!buttons.is_empty()).then_some(CreateActionRow::Buttons(buttons))
}

/// Replay and Rematch buttons under a finished game: `tb:g:ID:r`, `tb:g:ID:m`.
pub fn after_game_row(game: u64, lang: Lang) -> CreateActionRow {
    let button = |what: AfterGame, style: ButtonStyle| {
        CreateButton::new(format!("tb:g:{game}:{}", what.code()))
            .label(what.label(lang))
            .style(style)
    };
    CreateActionRow::Buttons(vec![
        button(AfterGame::Replay, ButtonStyle::Secondary),
        button(AfterGame::Rematch, ButtonStyle::Primary),
    ])
}

/// Reads a "Play on the board" button's id: the game.
#[must_use]
pub fn play_press(data: &str) -> Option<u64> {
    data.strip_prefix("tb:p:")?.parse().ok()
}

/// Reads a finished game's button id: the game and what is asked.
#[must_use]
pub fn after_game_press(data: &str) -> Option<(u64, AfterGame)> {
    AfterGame::parse(data.strip_prefix("tb:g:")?)
}

/// The embed showing the reply's image, and the image as an attachment.
#[must_use]
pub fn board_embed(reply: &Reply) -> Option<(CreateEmbed, CreateAttachment)> {
    let png = reply.image.as_ref()?;
    let mut embed = CreateEmbed::new().image(format!("attachment://{BOARD_FILE}"));
    if let Some((id, _)) = board_of(reply) {
        embed = embed.footer(CreateEmbedFooter::new(
            Ui::BoardFooter { game: id }.text(reply.lang),
        ));
    }
    Some((embed, CreateAttachment::bytes(png.clone(), BOARD_FILE)))
}

/// What a menu lists.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    /// Every move at once (they fit in one menu).
    Every,
    Origins,
    Moves(Origin),
}

fn total_moves(groups: &[ChoiceGroup]) -> usize {
    groups.iter().map(|g| g.moves.len()).sum()
}

fn origin_label(g: &ChoiceGroup, lang: Lang) -> String {
    let moves = g.moves.len();
    match &g.origin {
        Some(origin) => Ui::PieceMoves { origin, moves }.text(lang),
        None => Ui::OtherMoves(moves).text(lang),
    }
}

/// The options of every move of `g`: its label and its value.
fn move_options(g: &ChoiceGroup) -> impl Iterator<Item = (String, String)> + '_ {
    (0..g.moves.len()).map(|index| {
        let r = MoveRef {
            origin: g.origin.clone(),
            index,
        };
        (clip(g.label(index), MAX_LABEL), r.value())
    })
}

/// The options of a menu, all pages.
fn options(groups: &[ChoiceGroup], shown: &Shown, lang: Lang) -> Vec<(String, String)> {
    match shown {
        Shown::Every => groups.iter().flat_map(move_options).collect(),
        Shown::Origins => groups
            .iter()
            .map(|g| {
                (
                    clip(&origin_label(g, lang), MAX_LABEL),
                    origin_value(&g.origin),
                )
            })
            .collect(),
        Shown::Moves(o) => groups
            .iter()
            .filter(|g| g.origin == *o)
            .flat_map(move_options)
            .collect(),
    }
}

fn rows(
    game: GameAt,
    ply: usize,
    groups: &[ChoiceGroup],
    shown: &Shown,
    page: usize,
    lang: Lang,
    disabled: bool,
) -> Vec<CreateActionRow> {
    let all = options(groups, shown, lang);
    if all.is_empty() {
        return Vec::new();
    }
    let pages = all.len().div_ceil(MAX_OPTIONS);
    let page = page.min(pages - 1);
    let opts: Vec<CreateSelectMenuOption> = all
        .into_iter()
        .skip(page * MAX_OPTIONS)
        .take(MAX_OPTIONS)
        .map(|(label, value)| CreateSelectMenuOption::new(label, value))
        .collect();
    let (component, what) = match shown {
        Shown::Origins => (Component::Origins { game, ply }, Ui::ChoosePiece.text(lang)),
        Shown::Every => (Component::Moves { game, ply }, Ui::ChooseMove.text(lang)),
        Shown::Moves(o) => (
            Component::Moves { game, ply },
            match o {
                Some(o) => Ui::ChooseMoveFrom(o).text(lang),
                None => Ui::ChooseMove.text(lang),
            },
        ),
    };
    let mut placeholder = format!("{what} (#{game})");
    if pages > 1 {
        placeholder = format!("{what} (#{game}, {}/{pages})", page + 1);
    }
    let Some(id) = component.id() else {
        return Vec::new();
    };
    let menu = CreateSelectMenu::new(id, CreateSelectMenuKind::String { options: opts })
        .placeholder(clip(&placeholder, MAX_PLACEHOLDER))
        .disabled(disabled);
    let mut out = vec![CreateActionRow::SelectMenu(menu)];
    if pages > 1 {
        let list = match shown {
            Shown::Origins | Shown::Every => List::Origins,
            Shown::Moves(o) => List::Moves(o.clone()),
        };
        let page_button = |to: usize, label: String, off: bool| {
            let c = Component::Page {
                game,
                ply,
                page: to,
                list: list.clone(),
            };
            c.id().map(|id| {
                CreateButton::new(id)
                    .label(label)
                    .style(ButtonStyle::Secondary)
                    .disabled(off || disabled)
            })
        };
        let buttons: Vec<CreateButton> = [
            page_button(
                page.saturating_sub(1),
                Ui::PreviousPage.text(lang),
                page == 0,
            ),
            page_button(page + 1, Ui::NextPage.text(lang), page + 1 >= pages),
        ]
        .into_iter()
        .flatten()
        .collect();
        if buttons.len() == 2 {
            out.push(CreateActionRow::Buttons(buttons));
        }
    }
    out
}

/// The components under a board: every move in one menu when they fit,
/// else the pieces that can move (then, in a picker, their moves). Empty
/// when nobody is to move.
#[must_use]
pub fn board_rows(
    game: GameAt,
    ply: usize,
    groups: &[ChoiceGroup],
    lang: Lang,
    disabled: bool,
) -> Vec<CreateActionRow> {
    let shown = if total_moves(groups) <= MAX_OPTIONS {
        Shown::Every
    } else if let [only] = groups {
        Shown::Moves(only.origin.clone())
    } else {
        Shown::Origins
    };
    rows(game, ply, groups, &shown, 0, lang, disabled)
}

/// The components of a picker (an ephemeral message for the player to
/// move): page `page` of `list` out of `groups`.
#[must_use]
pub fn picker_rows(
    game: GameAt,
    ply: usize,
    groups: &[ChoiceGroup],
    list: &List,
    page: usize,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let shown = match list {
        List::Origins if groups.len() == 1 => Shown::Moves(groups[0].origin.clone()),
        List::Origins => Shown::Origins,
        List::Moves(o) => Shown::Moves(o.clone()),
    };
    rows(game, ply, groups, &shown, page, lang, false)
}

/// The picker's text.
#[must_use]
pub fn picker_text(game: GameAt, list: &List, lang: Lang) -> String {
    let game = &game.to_string();
    match list {
        List::Origins => Ui::PickPieceThenMove { game },
        List::Moves(Some(origin)) => Ui::MovesFrom { game, origin },
        List::Moves(None) => Ui::PickMove { game },
    }
    .text(lang)
}

/// What a picker says once its move is played.
#[must_use]
pub fn played_text(lang: Lang) -> String {
    Ui::Played.text(lang)
}

/// The short, private answer to a command whose board went to the channel.
#[must_use]
pub fn posted_text(lang: Lang) -> String {
    Ui::Posted.text(lang)
}

/// The note in a channel whose new game is played in `thread`; the
/// players are named (not notified: the board in the thread notifies
/// them).
#[must_use]
pub fn thread_note(g: &tablero_app::GameSummary, thread: ChannelId, lang: Lang) -> String {
    let (a, b) = (
        escape_markdown(&g.players[0].name),
        escape_markdown(&g.players[1].name),
    );
    Ui::InThread {
        id: g.id,
        game: g.game.info().name(lang),
        a: &a,
        b: &b,
        thread: &format!("<#{thread}>"),
    }
    .text(lang)
}

/// What the bot needs in a channel to post a reply there: to see it and
/// write in it (in a thread, the thread's own right), and for a board, to
/// embed its image and attach the file.
const NEEDED: [(Permissions, Permission); 5] = [
    (Permissions::VIEW_CHANNEL, Permission::ViewChannel),
    (Permissions::SEND_MESSAGES, Permission::SendMessages),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        Permission::SendMessagesInThreads,
    ),
    (Permissions::EMBED_LINKS, Permission::EmbedLinks),
    (Permissions::ATTACH_FILES, Permission::AttachFiles),
];

/// The permissions the bot lacks to post `board_or_text` in a channel
/// where Discord says it has `granted` (`in_thread`: the channel is a
/// thread), by name in `lang` (as Discord's settings name them); empty
/// when it can post.
#[must_use]
pub fn missing_permissions(
    granted: Permissions,
    in_thread: bool,
    board: bool,
    lang: Lang,
) -> Vec<&'static str> {
    NEEDED
        .iter()
        .filter(|(p, _)| {
            let needed = match *p {
                Permissions::SEND_MESSAGES => !in_thread,
                Permissions::SEND_MESSAGES_IN_THREADS => in_thread,
                Permissions::EMBED_LINKS | Permissions::ATTACH_FILES => board,
                _ => true,
            };
            needed && !granted.contains(*p)
        })
        .map(|(_, name)| name.name(lang))
        .collect()
}

/// The private note when the bot cannot post in the channel: which
/// permissions to grant; the answer follows as the command's own reply.
#[must_use]
pub fn missing_text(missing: &[&str], lang: Lang) -> String {
    let names = missing
        .iter()
        .map(|n| format!("**{n}**"))
        .collect::<Vec<_>>()
        .join(", ");
    Ui::CannotPost { names: &names }.text(lang)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod list_tests;
