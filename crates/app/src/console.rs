//! The console front-end: type commands as a user in a channel of a local
//! store. `/as NAME` switches user, `/channel NAME` switches channel,
//! `/quit` leaves. Boards are written as PNG files (their paths printed) and
//! drawn as text. Reads any `BufRead`, so a pipe scripts it.

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
}

/// The platform of console users and channels in the store.
pub const PLATFORM: Platform = Platform::Console;

fn user(name: &str) -> User {
    User {
        id: name.to_lowercase(),
        name: name.to_string(),
    }
}

/// Turns one typed line into a message from `me` in `channel`.
#[must_use]
pub fn incoming(me: &str, channel: &str, line: &str) -> Incoming {
    let mentions = line
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .filter(|w| !w.is_empty())
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
        let name = match reply.game() {
            None => format!("{channel}-rules.png"),
            Some((id, ply)) => format!("{channel}-{id}-{ply}.png"),
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
    if opts.interactive {
        writeln!(
            out,
            "Tablero console. You are {me} in #{channel}. Type `help` for the commands; \
`/as NAME` switches user, `/channel NAME` switches channel, `/quit` leaves."
        )?;
    }
    let prompt = |out: &mut dyn Write, me: &str, channel: &str| -> io::Result<()> {
        if opts.interactive {
            write!(out, "{me}@{channel}> ")?;
            out.flush()?;
        }
        Ok(())
    };
    prompt(out, &me, &channel)?;
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
                channel = name.trim_start_matches('#').to_string();
                writeln!(out, "You are now in #{channel}.")?;
            }
            (Some("/as" | "/channel"), None) => {
                writeln!(out, "Write `/as NAME` or `/channel NAME`.")?;
            }
            _ => {
                if let Some(r) = app.handle(&incoming(&me, &channel, line)) {
                    print_reply(out, &r, &channel, opts)?;
                }
                // A game against the bot: its answer comes before the
                // next line, as across a board.
                app.wait_bots(BOT_WAIT);
                print_notices(out, &app.take_notices(PLATFORM), opts)?;
            }
        }
        out.flush()?;
        prompt(out, &me, &channel)?;
    }
    print_notices(out, &app.tick(), opts)?;
    out.flush()
}
