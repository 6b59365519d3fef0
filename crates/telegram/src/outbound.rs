//! The app's [`Reply`] to Telegram posts: HTML text, board photos with a
//! caption and a keyboard. Pure, tested without a network.

use tablero_app::place::GameAt;
use tablero_app::{Attachment, Picture, Reply, Span, User};
use tablero_deliver::chunk::{Chunk, Packer};
use teloxide::types::InlineKeyboardMarkup;

use crate::keyboard;

/// Telegram's limit on a photo's caption, in UTF-16 units after parsing.
pub const MAX_CAPTION: usize = 1024;
/// Telegram's limit on a message's text, in UTF-16 units after parsing.
pub const MAX_TEXT: usize = 4096;

/// One message to send.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    /// A PNG: the post is a photo with `html` as its caption.
    pub photo: Option<Vec<u8>>,
    /// A file (a record, a replay, a chart): the post sends it with `html`
    /// as its caption.
    pub file: Option<Attachment>,
    /// The text (or caption) in Telegram's HTML.
    pub html: String,
    pub keyboard: Option<InlineKeyboardMarkup>,
    /// The game whose board this is, and its number of moves: the game's
    /// previous board loses its keyboard when this one is sent.
    pub board: Option<(u64, usize)>,
    /// The keyboard is a finished game's Replay and Rematch buttons, which
    /// stay when the game's boards are retired.
    pub lasting: bool,
    /// Pictures sent as one album (`sendMediaGroup`), each with its
    /// caption; such a post has no text, photo, file or keyboard.
    pub album: Vec<Picture>,
}

/// How a user is mentioned: `@username` when they have one (Telegram links
/// it), else a text mention (a `tg://user?id=` link), which notifies too.
/// `username` is what is known of the user's username.
#[must_use]
pub fn mention(u: &User, username: Option<&str>) -> (String, String) {
    if let Some(name) = username {
        let plain = format!("@{name}");
        return (escape(&plain), plain);
    }
    if !u.id.is_empty() && u.id.bytes().all(|b| b.is_ascii_digit()) {
        return (
            format!("<a href=\"tg://user?id={}\">{}</a>", u.id, escape(&u.name)),
            u.name.clone(),
        );
    }
    let plain = format!("@{}", u.name);
    (escape(&plain), plain)
}

/// Escapes text for Telegram's HTML.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Writes the reply's text span by span into messages of at most `max`
/// UTF-16 units of shown text: text escaped, code in `<code>`, each mention
/// as [`mention`] writes it (in an error, which notifies nobody, as a
/// plain `@name`). Text is cut at line ends where it can be; a mention is
/// never cut, and a cut code span is wrapped part by part.
fn pieces(reply: &Reply, usernames: &dyn Fn(&User) -> Option<String>, max: usize) -> Vec<Chunk> {
    let mut p = Packer::new(max, |_: &str, visible: &str| utf16_len(visible));
    for span in reply.text.get(reply.lang).spans() {
        match span {
            Span::Text(t) => p.text(t, escape),
            Span::Code(c) => p.wrapped(c, |s| format!("<code>{}</code>", escape(s))),
            Span::Mention(u) => {
                let (html, visible) = if reply.error {
                    let plain = format!("@{}", u.name);
                    (escape(&plain), plain)
                } else {
                    mention(u, usernames(u).as_deref())
                };
                p.atom(&html, &visible);
            }
        }
    }
    p.finish()
}

/// The reply as plain text (for an alert), mentions written `@name`.
#[must_use]
pub fn plain(reply: &Reply, usernames: &dyn Fn(&User) -> Option<String>) -> String {
    pieces(reply, usernames, usize::MAX)
        .into_iter()
        .map(|p| p.visible)
        .collect()
}

/// The reply's text as one caption: Telegram's HTML of at most
/// [`MAX_CAPTION`] shown characters, cut between spans at a line end where
/// it can be (an inline message is one photo: nothing can follow it).
#[must_use]
pub fn caption(reply: &Reply, usernames: &dyn Fn(&User) -> Option<String>) -> String {
    pieces(reply, usernames, MAX_CAPTION)
        .into_iter()
        .next()
        .map(|p| p.markup)
        .unwrap_or_default()
}

/// The posts that show `reply`. A board is a photo with the text as its
/// caption and, when someone is to move, the keyboard of their choices; a
/// text too long for a caption follows the photo as messages of its own.
/// `usernames` tells a user's username, when known.
#[must_use]
pub fn posts(reply: &Reply, usernames: &dyn Fn(&User) -> Option<String>) -> Vec<Post> {
    let mut out = text_posts(reply, usernames);
    out.extend(album_posts(&reply.album));
    out
}

/// Most photos in one album (`sendMediaGroup` takes 2–10).
pub const MAX_ALBUM: usize = 10;

/// A reply's album as posts: groups of up to ten pictures, each with its
/// caption (HTML-escaped, cut to the 1,024 characters a caption may hold);
/// a group of one is a plain photo, as Telegram takes no album of one.
fn album_posts(album: &[Picture]) -> Vec<Post> {
    album
        .chunks(MAX_ALBUM)
        .map(|group| {
            let group: Vec<Picture> = group
                .iter()
                .map(|p| {
                    let mut caption = p.caption.clone();
                    while utf16_len(&escape(&caption)) > MAX_CAPTION {
                        caption.pop();
                    }
                    Picture {
                        caption: escape(&caption),
                        ..p.clone()
                    }
                })
                .collect();
            let single = (group.len() == 1).then(|| group[0].clone());
            Post {
                photo: single.as_ref().map(|p| p.png.clone()),
                file: None,
                html: single
                    .as_ref()
                    .map(|p| p.caption.clone())
                    .unwrap_or_default(),
                keyboard: None,
                board: None,
                lasting: false,
                album: if single.is_some() { Vec::new() } else { group },
            }
        })
        .collect()
}

/// The posts of a reply's text, board and file.
fn text_posts(reply: &Reply, usernames: &dyn Fn(&User) -> Option<String>) -> Vec<Post> {
    // Another chat's game (in a direct chat) is named with its place, and
    // its board is not one of this chat's games.
    let at = |id| GameAt {
        place: reply.place,
        id,
    };
    let keyboard = reply
        .game()
        .and_then(|(g, ply)| keyboard::menu(&reply.choices, at(g), ply, 0))
        .or_else(|| reply.challenge.map(|c| keyboard::challenge(c, reply.lang)))
        .or_else(|| {
            reply
                .tournament
                .map(|t| keyboard::tournament(t, reply.lang))
        })
        .or_else(|| keyboard::suggestions(&reply.suggestions, reply.lang))
        .or_else(|| {
            // A list's buttons: the games it opens (a direct chat's
            // `mygames`), then its pages.
            let rows: Vec<_> = [keyboard::open_games(&reply.open), keyboard::listing(reply)]
                .into_iter()
                .flatten()
                .flat_map(|k| k.inline_keyboard)
                .collect();
            (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
        });
    let board = reply.game().filter(|_| reply.place.is_none());
    // A finished game's buttons: they outlive the game's boards.
    let ended = reply.ended.filter(|_| reply.place.is_none());
    let lasting = keyboard.is_none() && ended.is_some();
    let keyboard = keyboard.or_else(|| ended.map(|g| keyboard::after_game(g, reply.lang)));
    // The game's web page, when one is configured.
    let keyboard = match (&reply.web, reply.web_button) {
        (Some(url), true) => keyboard::with_watch(keyboard, url, reply.lang),
        _ => keyboard,
    };
    let whole = pieces(reply, usernames, usize::MAX).remove(0);
    let (mut html, mut visible) = (whole.markup, whole.visible);
    let chunks = || pieces(reply, usernames, MAX_TEXT);
    if reply.image.is_none()
        && let Some(d) = &reply.diagram
    {
        // No picture could be drawn: show the board as text.
        html = format!("{html}\n<pre>{}</pre>", escape(d));
        visible = format!("{visible}\n{d}");
    }
    // A piece of a text too long to go with the photo or file.
    let text_post = |html: String| Post {
        album: Vec::new(),
        photo: None,
        file: None,
        html,
        keyboard: None,
        board: None,
        lasting,
    };
    let mut out = Vec::new();
    if let (Some(file), None) = (&reply.file, &reply.image) {
        // A file with the text as its caption, or after the text.
        if utf16_len(&visible) <= MAX_CAPTION {
            out.push(Post {
                album: Vec::new(),
                photo: None,
                file: Some(file.clone()),
                html,
                keyboard,
                board,
                lasting,
            });
            return out;
        }
        out.extend(chunks().into_iter().map(|p| text_post(p.markup)));
        out.push(Post {
            album: Vec::new(),
            photo: None,
            file: Some(file.clone()),
            html: String::new(),
            keyboard,
            board,
            lasting,
        });
        return out;
    }
    if let Some(png) = &reply.image {
        if utf16_len(&visible) <= MAX_CAPTION {
            out.push(Post {
                album: Vec::new(),
                photo: Some(png.clone()),
                file: None,
                html,
                keyboard,
                board,
                lasting,
            });
        } else {
            out.push(Post {
                album: Vec::new(),
                photo: Some(png.clone()),
                file: None,
                html: String::new(),
                keyboard: keyboard.clone(),
                board,
                lasting,
            });
            out.extend(chunks().into_iter().map(|p| text_post(p.markup)));
        }
        // A file that goes with a board (the standings after the game
        // that ended a tournament's round) follows what the board says.
        if let Some(file) = &reply.file {
            out.push(Post {
                file: Some(file.clone()),
                ..text_post(String::new())
            });
        }
        return out;
    }
    let pieces: Vec<String> = if utf16_len(&visible) <= MAX_TEXT {
        vec![html]
    } else {
        chunks().into_iter().map(|p| p.markup).collect()
    };
    let last = pieces.len() - 1;
    for (i, html) in pieces.into_iter().enumerate() {
        out.push(Post {
            album: Vec::new(),
            photo: None,
            file: None,
            html,
            keyboard: if i == last { keyboard.clone() } else { None },
            board: if i == last { board } else { None },
            lasting,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use tablero_app::reply::Bi;
    use tablero_app::{BoardRef, ChoiceGroup, Span, Text};
    use tablero_rules::{Lang, Msg};

    use super::*;

    fn ana() -> User {
        User {
            id: "7".into(),
            name: "ana".into(),
        }
    }

    fn bo() -> User {
        User {
            id: "42".into(),
            name: "Bo <3".into(),
        }
    }

    fn known(u: &User) -> Option<String> {
        (u.id == "7").then(|| "ana".to_string())
    }

    #[test]
    fn text_with_mentions_and_code() {
        let mut r = Reply::new(
            Bi {
                en: Text::fill(
                    "{} challenges {}: write `accept` & play",
                    [Span::Mention(ana()), Span::Mention(bo())],
                ),
                es: Text::fill(
                    "{} desafía a {}: escribe `aceptar`",
                    [Span::Mention(ana()), Span::Mention(bo())],
                ),
            },
            Lang::En,
        );
        assert_eq!(r.mentions, vec![ana(), bo()]);
        let p = posts(&r, &known);
        assert_eq!(p.len(), 1);
        assert_eq!(
            p[0].html,
            "@ana challenges <a href=\"tg://user?id=42\">Bo &lt;3</a>: write <code>accept</code> &amp; play"
        );
        assert_eq!(p[0].photo, None);
        assert_eq!(
            plain(&r, &known),
            "@ana challenges Bo <3: write accept & play"
        );
        r.lang = Lang::Es;
        assert!(posts(&r, &known)[0].html.contains("<code>aceptar</code>"));
    }

    #[test]
    fn backquotes_in_plain_text_stay_text() {
        // Only code spans become <code>; a user's backquote is just text.
        let r = Reply::new(
            Bi {
                en: {
                    let mut t = Text::fill("a {} c", [Span::Code("b".into())]);
                    t.push(Span::Text(" ` d".into()));
                    t
                },
                es: Text::plain("x"),
            },
            Lang::En,
        );
        assert_eq!(posts(&r, &known)[0].html, "a <code>b</code> c ` d");
    }

    /// A board reply whose text is `text` with `{}` standing for ana.
    fn board(text: &str) -> Reply {
        let t = Text::fill(text, [Span::Mention(ana())]);
        let mut r = Reply::new(
            Bi {
                en: t.clone(),
                es: t,
            },
            Lang::En,
        );
        r.image = Some(vec![1, 2, 3]);
        r.diagram = Some("..".into());
        r.board = Some(BoardRef::Game { id: 5, ply: 2 });
        r.choices = vec![ChoiceGroup {
            origin: Some("a2".into()),
            moves: vec!["a2-a3".into()],
            labels: Vec::new(),
        }];
        r
    }

    #[test]
    fn boards_are_photos_with_a_keyboard() {
        let p = posts(&board("{} to move"), &known);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].photo.as_deref(), Some(&[1u8, 2, 3][..]));
        assert_eq!(p[0].html, "@ana to move");
        assert_eq!(p[0].board, Some((5, 2)));
        assert!(p[0].keyboard.is_some());
        let mut over = board("{} won");
        over.choices.clear();
        let p = posts(&over, &known);
        assert_eq!((p[0].board, p[0].keyboard.is_some()), (Some((5, 2)), false));
        let mut rules = board("rules");
        rules.board = Some(BoardRef::Example(tablero_rules::GameId::Chess));
        let p = posts(&rules, &known);
        assert_eq!((p[0].board, p[0].keyboard.is_some()), (None, false));
    }

    #[test]
    fn long_captions_move_to_messages() {
        let long = format!("{{}} {}", "word ".repeat(400));
        let p = posts(&board(&long), &known);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].html, "");
        assert!(p[0].keyboard.is_some());
        assert!(p[1].html.starts_with("@ana word"));
        let huge = "line\n".repeat(2000);
        let p = posts(
            &Reply::new(Msg::new(huge.clone(), huge.clone()), Lang::En),
            &known,
        );
        // 10,000 characters: two full messages of whole lines and the rest.
        assert_eq!(p.len(), 3);
        assert!(p.iter().all(|p| utf16_len(&p.html) <= MAX_TEXT));
        assert_eq!(p.iter().map(|p| p.html.as_str()).collect::<String>(), huge);
        assert!(p[0].html.ends_with("line\n") && p[1].html.starts_with("line"));
    }

    /// The board that ends a tournament's round and the standings drawn
    /// after it: both are sent, the board first with the text.
    #[test]
    fn a_file_that_goes_with_a_board_follows_it() {
        let standings = Attachment {
            name: "tournament-1-round-1.png".into(),
            bytes: vec![9, 9],
            kind: tablero_app::FileKind::Image,
        };
        for text in ["{} won", &format!("{{}} won {}", "word ".repeat(400))] {
            let mut over = board(text);
            over.choices.clear();
            over.file = Some(standings.clone());
            let p = posts(&over, &known);
            let last = p.last().unwrap();
            assert_eq!(last.file.as_ref(), Some(&standings));
            assert_eq!((last.html.as_str(), last.keyboard.is_none()), ("", true));
            assert_eq!(p[0].photo.as_deref(), Some(&[1u8, 2, 3][..]));
            assert!(p[..p.len() - 1].iter().all(|p| p.file.is_none()));
            assert!(p.iter().any(|p| p.html.starts_with("@ana won")));
        }
    }

    #[test]
    fn a_board_without_a_picture_is_drawn_as_text() {
        let mut r = board("{} to move");
        r.image = None;
        let p = posts(&r, &known);
        assert_eq!(p[0].html, "@ana to move\n<pre>..</pre>");
        assert!(p[0].keyboard.is_some());
    }
}
