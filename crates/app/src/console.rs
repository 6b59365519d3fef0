//! The console front-end: type commands as a user in a channel of a local
//! store. `/as NAME` switches user, `/channel NAME` switches channel, `/dm`
//! opens the user's direct chat with the bot, `/quit` leaves. Boards are
//! written as PNG files (their paths printed) and drawn as text. Reads any
//! `BufRead`, so a pipe scripts it.
//!
//! In [`ConsoleMode::Group`] a channel is a group chat as on Telegram and
//! Discord: a line is for the bot when it starts with `/`, mentions
//! `@tablero`, or starts with `>` (a reply to the bot's last message);
//! anything else is chat, taken only when it is exactly a move. In a
//! direct chat every line is for the bot. [`ConsoleMode::Addressed`] takes
//! every line of a channel as spoken to the bot (scripts, transcripts).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use crate::App;
use crate::reply::{BoardRef, ChannelKey, Incoming, Outgoing, Platform, Reply, User};
use crate::text::ui::Ui;
use tablero_rules::Lang;

/// Where the console starts and writes.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    pub boards_dir: PathBuf,
    pub user: String,
    pub channel: String,
    /// Print a prompt and a greeting (for a person at a terminal).
    pub interactive: bool,
    /// Draw boards as text under each image.
    pub diagrams: bool,
    /// Whether channel lines are chat unless addressed to the bot.
    pub mode: ConsoleMode,
}

pub use crate::config::ConsoleMode;

/// The names the bot answers to in the console (`@tablero`).
const BOT_NAMES: [&str; 2] = ["tablero", "tablerobot"];

fn is_bot(name: &str) -> bool {
    BOT_NAMES.iter().any(|b| name.eq_ignore_ascii_case(b))
}

/// Where the console's user is typing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A channel everyone at the console shares.
    Channel(String),
    /// The current user's direct chat with the bot.
    Direct,
}

impl Place {
    /// The channel's name in the store: a direct chat is `@USER`, a name
    /// `/channel` never gives.
    #[must_use]
    pub fn channel(&self, me: &str) -> String {
        match self {
            Place::Channel(c) => c.clone(),
            Place::Direct => format!("@{}", me.to_lowercase()),
        }
    }
}

/// The platform of console users and channels in the store.
pub const PLATFORM: Platform = Platform::Console;

fn user(name: &str) -> User {
    User {
        id: name.to_lowercase(),
        name: name.to_string(),
    }
}

/// Turns one typed line into a message from `me` in `channel`, spoken to
/// the bot ([`ConsoleMode::Addressed`]).
#[must_use]
pub fn incoming(me: &str, channel: &str, line: &str) -> Incoming {
    let mentions = mentions(line);
    Incoming {
        channel: ChannelKey::new(PLATFORM, channel),
        author: user(me),
        text: line.to_string(),
        mentions,
        addressed: true,
        handle: Some(me.to_string()),
        reply_to: None,
        community: None,
        direct: false,
        // The console's user runs the console.
        manages: true,
        // A channel is named as chats name theirs; a direct chat has none.
        title: (!channel.starts_with('@')).then(|| format!("#{channel}")),
    }
}

/// The users a line mentions (`@name`), the bot left out.
fn mentions(line: &str) -> Vec<User> {
    line.split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .filter(|w| !w.is_empty() && !is_bot(w))
        .map(user)
        .collect()
}

/// Turns one typed line into a message from `me` in a group channel, as
/// the Telegram and Discord adapters do: a `/command` (its `/` and any
/// `@tablero` after it dropped), a line starting with `@tablero` (dropped)
/// or mentioning it, or a reply to the bot (a leading `>`, dropped) is
/// addressed to the bot; anything else is chat.
#[must_use]
pub fn group_incoming(me: &str, channel: &str, line: &str) -> Incoming {
    let line = line.trim();
    let (text, addressed) = address(line);
    Incoming {
        addressed,
        ..incoming(me, channel, &text)
    }
}

/// Turns one typed line into a message from `me` in their direct chat with
/// the bot: every line is addressed to it, as in a Telegram private chat.
#[must_use]
pub fn direct_incoming(me: &str, line: &str) -> Incoming {
    let channel = Place::Direct.channel(me);
    let (text, _) = address(line.trim());
    Incoming {
        direct: true,
        ..incoming(me, &channel, &text)
    }
}

/// A line's text for the bot, and whether it is addressed to it.
fn address(line: &str) -> (String, bool) {
    if let Some(rest) = line.strip_prefix('>') {
        return (rest.trim().to_string(), true);
    }
    let (first, rest) = match line.split_once(char::is_whitespace) {
        Some((f, r)) => (f, r.trim_start()),
        None => (line, ""),
    };
    if let Some(cmd) = first.strip_prefix('/') {
        let cmd = match cmd.split_once('@') {
            Some((c, b)) if is_bot(b) => c,
            _ => cmd,
        };
        let text = if rest.is_empty() {
            cmd.to_string()
        } else {
            format!("{cmd} {rest}")
        };
        return (text, true);
    }
    if let Some(name) = first.strip_prefix('@') {
        let name = name.trim_end_matches([',', ':']);
        if is_bot(name) {
            return (rest.to_string(), true);
        }
    }
    let mentioned = line
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .any(|w| is_bot(w.trim_end_matches(|c: char| !c.is_alphanumeric())));
    if mentioned {
        let text: Vec<&str> = line
            .split_whitespace()
            .filter(|w| {
                !w.strip_prefix('@')
                    .is_some_and(|n| is_bot(n.trim_end_matches(|c: char| !c.is_alphanumeric())))
            })
            .collect();
        return (text.join(" "), true);
    }
    (line.to_string(), false)
}

/// Writes a reply: its text, then the image's path and the text board.
pub fn print_reply(
    out: &mut dyn Write,
    reply: &Reply,
    channel: &str,
    opts: &ConsoleOptions,
) -> io::Result<()> {
    writeln!(out, "{}", reply.plain_text())?;
    if let Some(png) = &reply.image {
        let name = match (&reply.board, reply.look) {
            // Each game's and language's cards apart.
            (Some(BoardRef::Example(game)), _) => {
                format!(
                    "{channel}-{}-rules-{}.png",
                    game.key(),
                    lang_key(reply.lang)
                )
            }
            // A hint's or a piece's moves apart from the board they mark.
            (Some(BoardRef::Game { id, ply }), Some(look)) => {
                format!("{channel}-{id}-{ply}-{look}.png")
            }
            (Some(BoardRef::Game { id, ply }), None) => format!("{channel}-{id}-{ply}.png"),
            (None, _) => format!("{channel}-rules.png"),
        };
        let path = opts.boards_dir.join(safe(&name));
        match write_png(&path, png) {
            Ok(()) => writeln!(out, "board: {}", path.display())?,
            Err(e) => writeln!(out, "(could not write {}: {e})", path.display())?,
        }
    }
    // The board's live page, unless the text already gave it.
    if let (Some(url), Some(_)) = (&reply.web, &reply.image)
        && !reply.plain_text().contains(url.as_str())
    {
        writeln!(out, "web: {url}")?;
    }
    if opts.diagrams
        && let Some(d) = &reply.diagram
    {
        writeln!(out, "{d}")?;
    }
    for p in &reply.album {
        // Pictures in each language apart (rule cards, a review's).
        let stem = p.name.strip_suffix(".png").unwrap_or(&p.name);
        let name = format!("{channel}-{stem}-{}.png", lang_key(reply.lang));
        let path = opts.boards_dir.join(safe(&name));
        match write_png(&path, &p.png) {
            Ok(()) => writeln!(out, "picture: {} ({})", path.display(), p.caption)?,
            Err(e) => writeln!(out, "(could not write {}: {e})", path.display())?,
        }
    }
    if let Some(f) = &reply.file {
        let path = opts.boards_dir.join(safe(&format!("{channel}-{}", f.name)));
        match write_png(&path, &f.bytes) {
            Ok(()) => writeln!(out, "file: {}", path.display())?,
            Err(e) => writeln!(out, "(could not write {}: {e})", path.display())?,
        }
    }
    Ok(())
}

fn lang_key(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Es => "es",
    }
}

fn safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '.' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn write_png(path: &Path, png: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, png)
}

/// After a board of a game `user` plays, their own interactive board's
/// address (`play: URL`), beside the page's (`web: URL`), when the web
/// runs.
fn print_play(
    out: &mut dyn Write,
    app: &App,
    channel: &ChannelKey,
    reply: &Reply,
    user: &str,
) -> io::Result<()> {
    let (Some(_), Some(_), Some((id, _))) = (&reply.web, &reply.image, reply.game()) else {
        return Ok(());
    };
    if let Some(url) = app.play_url(channel, id, user) {
        writeln!(
            out,
            "{}",
            crate::text::play_board::play_line(&url, reply.lang)
        )?;
    }
    Ok(())
}

/// Writes notices the bot sent on its own.
pub fn print_notices(
    out: &mut dyn Write,
    notices: &[Outgoing],
    opts: &ConsoleOptions,
) -> io::Result<()> {
    for n in notices {
        write!(out, "[{}] ", n.channel.channel)?;
        print_reply(out, &n.reply, &n.channel.channel, opts)?;
    }
    Ok(())
}

/// The console's own keys, for its greeting and under `help`.
fn keys(mode: ConsoleMode, lang: Lang) -> String {
    match mode {
        ConsoleMode::Group => Ui::ConsoleGroup.text(lang),
        ConsoleMode::Addressed => Ui::ConsoleAddressed.text(lang),
    }
}

/// How long the console waits for the bot's move.
const BOT_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The longest line the console reads; the rest of a longer line is
/// skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line's bytes into `buf` (without its end), keeping at most
/// `max` of them; `false` at the end of the input.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<bool> {
    buf.clear();
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(any)
}

/// Runs the console until the input ends or `/quit`. Timers are checked
/// before every line (a front-end may also call [`App::tick`] on its own).
pub fn run(
    app: &App,
    input: impl BufRead,
    out: &mut dyn Write,
    opts: &ConsoleOptions,
) -> io::Result<()> {
    let mut me = opts.user.clone();
    let mut place = Place::Channel(opts.channel.clone());
    if opts.interactive {
        let channel = place.channel(&me);
        writeln!(
            out,
            "Tablero console. You are {me} in #{channel}.\n{}",
            keys(opts.mode, Lang::En)
        )?;
    }
    let prompt = |out: &mut dyn Write, me: &str, place: &Place| -> io::Result<()> {
        if opts.interactive {
            match place {
                Place::Channel(c) => write!(out, "{me}@{c}> ")?,
                Place::Direct => write!(out, "{me}@dm> ")?,
            }
            out.flush()?;
        }
        Ok(())
    };
    prompt(out, &me, &place)?;
    let mut input = input;
    let mut bytes = Vec::new();
    while read_line(&mut input, &mut bytes, MAX_LINE)? {
        // Bytes that are not UTF-8 become U+FFFD: the line is answered
        // like any other (an unknown word, a move that is no move).
        let line = String::from_utf8_lossy(&bytes).into_owned();
        print_notices(out, &app.tick(), opts)?;
        let line = line.trim();
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (None, _) => {}
            (Some(c), _) if c.starts_with("//") || c == "#" => {}
            (Some("/quit" | "/exit"), _) => break,
            (Some("/as"), Some(name)) => {
                me = name.trim_start_matches('@').to_string();
                writeln!(out, "You are now {me}.")?;
            }
            (Some("/channel"), Some(name)) => {
                let name = name.trim_start_matches(['#', '@']);
                if name.is_empty() {
                    writeln!(out, "Write `/channel NAME`.")?;
                } else {
                    place = Place::Channel(name.to_string());
                    writeln!(out, "You are now in #{name}.")?;
                }
            }
            (Some("/dm"), None) => {
                place = Place::Direct;
                writeln!(out, "{}", Ui::ConsoleDirect { user: &me }.text(Lang::En))?;
            }
            (Some("/clock"), arg) => {
                let arg = arg.map(crate::event::brief);
                let moved = arg.as_deref().and_then(|a| {
                    let ms = crate::clock::parse_duration(a.strip_prefix('+')?)?;
                    ((1..=365 * crate::clock::DAY).contains(&ms) && app.advance_clock(ms))
                        .then_some(ms)
                });
                let said = crate::text::comforts::console_clock(
                    arg.as_deref(),
                    moved,
                    app.now_ms(),
                    Lang::En,
                );
                writeln!(out, "{said}")?;
                print_notices(out, &app.tick(), opts)?;
            }
            (Some("/as" | "/channel"), None) => {
                writeln!(out, "Write `/as NAME` or `/channel NAME`.")?;
            }
            (Some(first), _) => {
                let channel = place.channel(&me);
                let msg = match (&place, opts.mode) {
                    (Place::Direct, _) => direct_incoming(&me, line),
                    (Place::Channel(c), ConsoleMode::Group) => group_incoming(&me, c, line),
                    (Place::Channel(c), ConsoleMode::Addressed) => incoming(&me, c, line),
                };
                let help = msg.addressed
                    && matches!(
                        first.trim_start_matches(['/', '>']).to_lowercase().as_str(),
                        "help" | "ayuda"
                    );
                if let Some(r) = app.handle(&msg) {
                    print_reply(out, &r, &channel, opts)?;
                    if r.place.is_none() {
                        print_play(out, app, &msg.channel, &r, &msg.author.id)?;
                    }
                    if help {
                        let lang = r.lang;
                        match place {
                            Place::Direct => {
                                writeln!(out, "{}", Ui::ConsoleDirect { user: &me }.text(lang))?;
                            }
                            Place::Channel(_) => writeln!(out, "{}", keys(opts.mode, lang))?,
                        }
                    }
                }
                // A game against the bot: its answer comes before the
                // next line, as across a board.
                app.wait_bots(BOT_WAIT);
                for n in app.take_notices(PLATFORM) {
                    print_notices(out, std::slice::from_ref(&n), opts)?;
                    print_play(out, app, &n.channel, &n.reply, &msg.author.id)?;
                }
            }
        }
        out.flush()?;
        prompt(out, &me, &place)?;
    }
    print_notices(out, &app.tick(), opts)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_line_is_for_the_bot_only_when_it_says_so() {
        let chat = group_incoming("ana", "general", "hi all, challenge me later");
        assert!(!chat.addressed);
        assert_eq!(chat.text, "hi all, challenge me later");
        let cmd = group_incoming("ana", "general", "/challenge @bob chess");
        assert!(cmd.addressed);
        assert_eq!(cmd.text, "challenge @bob chess");
        assert_eq!(cmd.mentions, vec![user("bob")]);
        let to_bot = group_incoming("ana", "general", "/help@Tablero");
        assert!(to_bot.addressed);
        assert_eq!(to_bot.text, "help");
        let mention = group_incoming("ana", "general", "@Tablero, board");
        assert!(mention.addressed);
        assert_eq!(mention.text, "board");
        assert!(mention.mentions.is_empty());
        let inside = group_incoming("ana", "general", "what is the score @tablero?");
        assert!(inside.addressed);
        assert_eq!(inside.text, "what is the score");
        let reply = group_incoming("ana", "general", ">  board");
        assert!(reply.addressed);
        assert_eq!(reply.text, "board");
        // A move typed bare is chat the app takes as a move.
        let mv = group_incoming("ana", "general", "e4");
        assert!(!mv.addressed && !mv.direct);
        assert_eq!(mv.channel, ChannelKey::new(PLATFORM, "general"));
    }

    #[test]
    fn a_direct_line_is_for_the_bot_in_the_users_own_chat() {
        let m = direct_incoming("Ana", "help");
        assert!(m.addressed && m.direct && m.manages);
        assert_eq!(m.text, "help");
        assert_eq!(m.channel, ChannelKey::new(PLATFORM, "@ana"));
        assert_eq!(direct_incoming("Ana", "/board").text, "board");
        // `/channel` never reaches a direct chat's name.
        assert_eq!(Place::Direct.channel("Ana"), "@ana");
    }

    #[test]
    fn the_mode_setting_reads_both_words() {
        assert_eq!(ConsoleMode::parse(" Group"), Some(ConsoleMode::Group));
        assert_eq!(
            ConsoleMode::parse("addressed"),
            Some(ConsoleMode::Addressed)
        );
        assert_eq!(ConsoleMode::parse("grupo"), None);
    }
}
