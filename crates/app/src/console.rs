//! The console front-end: type as a user in a channel of a local store.
//! `/as NAME` switches user, `/channel NAME` switches channel (a group),
//! `/dm` opens the user's direct chat with the bot, `/quit` leaves. Boards
//! are written as PNG files (their paths printed) and drawn as text. Reads
//! any `BufRead`, so a pipe scripts it.
//!
//! In [`ConsoleMode::Group`] a channel behaves as a Telegram group or a
//! Discord channel does: a line speaks to the bot only when it starts with
//! `/` (`/help`), mentions it (`@tablero help`) or replies to it (`> help`);
//! anything else is chat, and plays only when it is exactly a move. In the
//! direct chat (`/dm`) every line speaks to the bot, as in a private chat.
//! [`ConsoleMode::Addressed`] (a script's default) takes every line as
//! spoken to the bot.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use crate::App;
use crate::reply::{ChannelKey, Incoming, Outgoing, Platform, Reply, User};

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
    /// Whether a group line must speak to the bot to be a command.
    pub mode: ConsoleMode,
}

/// How the console reads a line in a group channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ConsoleMode {
    /// As a chat group: addressed only by `/`, a mention or a reply.
    #[default]
    Group,
    /// Every line is spoken to the bot (scripts).
    Addressed,
}

impl ConsoleMode {
    /// `group` or `addressed` (`[console] mode`, `TABLERO_CONSOLE_MODE`).
    #[must_use]
    pub fn parse(word: &str) -> Option<ConsoleMode> {
        match word.trim().to_ascii_lowercase().as_str() {
            "group" | "grupo" => Some(ConsoleMode::Group),
            "addressed" | "all" => Some(ConsoleMode::Addressed),
            _ => None,
        }
    }
}

/// The bot's names a console line may mention (`@tablero help`).
const BOT_NAMES: &[&str] = &["tablero", "tablerobot", "bot"];

/// The channel of `me`'s direct chat with the bot.
#[must_use]
pub fn direct_channel(me: &str) -> String {
    format!("dm-{}", me.to_lowercase())
}

/// The platform of console users and channels in the store.
pub const PLATFORM: Platform = Platform::Console;

fn user(name: &str) -> User {
    User {
        id: name.to_lowercase(),
        name: name.to_string(),
    }
}

/// How a group line speaks to the bot, as Telegram reads a group message:
/// `/command …` and `@tablero …` are spoken to it (the mark taken off),
/// and so is a reply (`> …`); anything else is chat.
fn address(line: &str) -> (String, bool) {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix('>') {
        return (rest.trim().to_string(), true);
    }
    if let Some(cmd) = line.strip_prefix('/')
        && !cmd.is_empty()
    {
        return (cmd.to_string(), true);
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    if let Some(name) = first.strip_prefix('@')
        && BOT_NAMES
            .iter()
            .any(|b| name.trim_end_matches([',', ':']).eq_ignore_ascii_case(b))
    {
        return (rest.trim().to_string(), true);
    }
    (line.to_string(), false)
}

/// One typed line from `me` in group `channel`, read as [`ConsoleMode`]
/// says.
#[must_use]
pub fn incoming_in(mode: ConsoleMode, me: &str, channel: &str, line: &str) -> Incoming {
    let (text, addressed) = match mode {
        ConsoleMode::Addressed => (line.to_string(), true),
        ConsoleMode::Group => address(line),
    };
    Incoming {
        addressed,
        ..incoming(me, channel, &text)
    }
}

/// One typed line from `me` in their direct chat with the bot: always
/// spoken to it, as in a private chat.
#[must_use]
pub fn direct_incoming(me: &str, line: &str) -> Incoming {
    let text = line
        .trim()
        .strip_prefix('/')
        .unwrap_or(line.trim())
        .to_string();
    Incoming {
        direct: true,
        ..incoming(me, &direct_channel(me), &text)
    }
}

/// Turns one typed line into a message from `me` in `channel`, spoken to
/// the bot.
#[must_use]
pub fn incoming(me: &str, channel: &str, line: &str) -> Incoming {
    let mentions = line
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .filter(|w| !w.is_empty() && !BOT_NAMES.iter().any(|b| w.eq_ignore_ascii_case(b)))
        .map(user)
        .collect();
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
        title: None,
    }
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
        let name = picture_name(reply, channel);
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
        let path = opts.boards_dir.join(safe(&format!("{channel}-{}", p.name)));
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

/// The file a reply's picture is written to: a game's board after a ply
/// (`general-3-12.png`), a marked board of the same ply for `moves` or a
/// hint (`general-3-12-moves-a1b2c3.png`, never over the board), or a
/// picture without a game (a rule card, in its language and game:
/// `general-card-es-3f2a….png`).
fn picture_name(reply: &Reply, channel: &str) -> String {
    let key = |bytes: &[u8]| format!("{:016x}", tablero_rules::fnv1a(bytes));
    match reply.game() {
        None => {
            let lang = match reply.lang {
                tablero_rules::Lang::En => "en",
                tablero_rules::Lang::Es => "es",
            };
            let png = reply.image.as_deref().unwrap_or_default();
            format!("{channel}-card-{lang}-{}.png", &key(png)[..8])
        }
        Some((id, ply)) if reply.marked => {
            format!(
                "{channel}-{id}-{ply}-marked-{}.png",
                &key(reply.plain_text().as_bytes())[..8]
            )
        }
        Some((id, ply)) => format!("{channel}-{id}-{ply}.png"),
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
    let mut channel = opts.channel.clone();
    // In the user's direct chat with the bot rather than a group.
    let mut direct = false;
    if opts.interactive {
        match opts.mode {
            ConsoleMode::Group => writeln!(
                out,
                "Tablero console. You are {me} in the group #{channel}, which behaves as a Telegram \
group: start a command with / (`/help`), mention the bot (`@tablero help`) or reply to it \
(`> help`); anything else is chat, played only when it is exactly a move. `/dm` opens your \
direct chat with the bot, where every line speaks to it. `/as NAME` switches user, \
`/channel NAME` goes to a group, `/quit` leaves."
            )?,
            ConsoleMode::Addressed => writeln!(
                out,
                "Tablero console. You are {me} in #{channel}. Type `help` for the commands; \
`/as NAME` switches user, `/channel NAME` switches channel, `/dm` opens your direct chat, \
`/quit` leaves."
            )?,
        }
    }
    let prompt = |out: &mut dyn Write, me: &str, channel: &str, direct: bool| -> io::Result<()> {
        if opts.interactive {
            if direct {
                write!(out, "{me}@dm> ")?;
            } else {
                write!(out, "{me}@{channel}> ")?;
            }
            out.flush()?;
        }
        Ok(())
    };
    prompt(out, &me, &channel, direct)?;
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
                if direct {
                    writeln!(out, "You are now {me}, in your direct chat with the bot.")?;
                } else {
                    writeln!(out, "You are now {me}.")?;
                }
            }
            (Some("/channel"), Some(name)) => {
                channel = name.trim_start_matches('#').to_string();
                direct = false;
                writeln!(out, "You are now in #{channel}.")?;
            }
            (Some("/dm"), None) => {
                direct = true;
                writeln!(
                    out,
                    "You are now in your direct chat with the bot: every line speaks to it. \
`/channel {channel}` goes back to the group."
                )?;
            }
            (Some("/as" | "/channel"), None) => {
                writeln!(out, "Write `/as NAME` or `/channel NAME`.")?;
            }
            _ => {
                let msg = if direct {
                    direct_incoming(&me, line)
                } else {
                    incoming_in(opts.mode, &me, &channel, line)
                };
                let here = msg.channel.channel.clone();
                match app.handle(&msg) {
                    Some(r) => print_reply(out, &r, &here, opts)?,
                    // What a group does with chatter, said for the newcomer
                    // at the terminal.
                    None if opts.interactive && !msg.addressed => writeln!(
                        out,
                        "(chat: the bot stays silent; start with / to speak to it)"
                    )?,
                    None => {}
                }
                // A game against the bot: its answer comes before the
                // next line, as across a board.
                app.wait_bots(BOT_WAIT);
                print_notices(out, &app.take_notices(PLATFORM), opts)?;
            }
        }
        out.flush()?;
        prompt(out, &me, &channel, direct)?;
    }
    print_notices(out, &app.tick(), opts)?;
    out.flush()
}
