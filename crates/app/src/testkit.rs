//! Helpers for tests of the app and of front-ends: an app over a store in a
//! folder, with a hand-moved clock and the fake renderer, and a runner for
//! transcript files.
//!
//! A transcript is a text file: `NAME> text` is a message typed by NAME in
//! the current channel, followed by the expected reply lines; `! channel X`,
//! `! advance 36h`, `! tick`, `! restart`, `! diagrams on|off` and
//! `! plain on|off` (messages not addressed to the bot) drive the harness; lines starting with `//` are comments. An error reply is shown
//! with a leading `✗ `, an image as `[board #ID ply N]`, a file as
//! `[file NAME]` followed by its text (documents, and the fake renderer's
//! pictures) with each line behind `│ `.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tablero_store::Store;

use crate::clock::{ManualClock, parse_duration};
use crate::console::incoming;
use crate::render::FakeRenderer;
use crate::reply::Reply;
use crate::{App, Settings};

/// The `.txt` files of `dir`, sorted: transcripts and corpus files.
///
/// # Panics
/// When `dir` cannot be read, or holds none.
#[must_use]
pub fn text_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder of text files")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .txt files in {}", dir.display());
    files
}

/// `id`'s start position (default setup) after `moves`, each in its
/// canonical text.
///
/// # Panics
/// When a move is not legal there (the test's own mistake).
#[must_use]
pub fn after(id: tablero_rules::GameId, moves: &[&str]) -> tablero_rules::AnyGame {
    let mut g = tablero_rules::AnyGame::new(id, &tablero_rules::Setup::default())
        .unwrap_or_else(|e| panic!("{id}: {}", e.0));
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{id} {m}: {e}"));
    }
    g
}

/// 2026-01-01 00:00 UTC, where test clocks start.
pub const START_MS: i64 = 1_767_225_600_000;

/// An app for tests.
pub struct Harness {
    pub dir: PathBuf,
    pub clock: ManualClock,
    pub app: Option<Arc<App>>,
    pub settings: Settings,
}

impl Harness {
    /// An app over the store in `dir` (created if missing).
    #[must_use]
    pub fn new(dir: &Path) -> Harness {
        let mut h = Harness {
            dir: dir.to_path_buf(),
            clock: ManualClock::at(START_MS),
            app: None,
            // The bot searches fixed node budgets, so its moves replay.
            settings: Settings {
                bot_nodes: true,
                bot_min_delay: std::time::Duration::ZERO,
                ..Settings::default()
            },
        };
        h.open();
        h
    }

    /// (Re)opens the store and builds a fresh app on it, as after a restart.
    pub fn open(&mut self) {
        self.app = None;
        let store = Store::open(&self.dir, 4 << 20).expect("open store");
        // As the bot does when it starts (`bot::open_store`).
        store.migrate().expect("migrate the store");
        let app = Arc::new(App::new(
            store,
            Arc::new(self.clock.clone()),
            Arc::new(FakeRenderer),
            self.settings.clone(),
        ));
        app.start_bots();
        self.app = Some(app);
    }

    /// The app.
    #[must_use]
    pub fn app(&self) -> &App {
        self.app.as_ref().expect("open")
    }

    /// `user` types `text` in `channel` of the console platform.
    pub fn say(&self, channel: &str, user: &str, text: &str) -> Option<Reply> {
        self.app().handle(&incoming(user, channel, text))
    }
}

/// `name` (their id too) in channel `general` of the console platform,
/// without a message: for tests that call [`App::execute`].
#[must_use]
pub fn actor(name: &str) -> crate::Actor {
    crate::Actor::without_message(
        &crate::ChannelKey::new(crate::console::PLATFORM, "general"),
        &crate::User {
            id: name.into(),
            name: name.into(),
        },
        Some(name.into()),
    )
}

/// A reply as transcript lines.
#[must_use]
pub fn reply_lines(r: &Reply, diagrams: bool) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let text = r.plain_text();
    for (i, line) in text.lines().enumerate() {
        if i == 0 && r.error {
            v.push(format!("✗ {line}"));
        } else {
            v.push(line.to_string());
        }
    }
    if r.image.is_some() {
        match r.game() {
            None => v.push("[board]".into()),
            Some((id, ply)) => v.push(format!("[board #{id} ply {ply}]")),
        }
    }
    for p in &r.album {
        v.push(format!("[picture {}: {}]", p.name, p.caption));
    }
    if diagrams && let Some(d) = &r.diagram {
        v.extend(d.lines().map(str::to_string));
    }
    if let Some(f) = &r.file {
        v.push(format!("[file {}]", f.name));
        // Documents, and the fake renderer's pictures, are text.
        if let Ok(text) = std::str::from_utf8(&f.bytes) {
            v.extend(
                text.lines()
                    .map(|l| format!("│ {l}").trim_end().to_string()),
            );
        }
    }
    v
}

/// Runs a transcript over a fresh store in `dir`; returns the transcript
/// with the actual replies in place of the expected ones.
pub fn run_transcript(text: &str, dir: &Path) -> String {
    let mut h = Harness::new(dir);
    let mut channel = "general".to_string();
    let mut diagrams = false;
    let mut plain = false;
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let is_input =
            |l: &str| l.starts_with("! ") || l.starts_with("//") || input_of(l).is_some();
        if line.starts_with("//") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // Skip the expected lines; they are regenerated.
        while lines.peek().is_some_and(|l| !is_input(l)) {
            lines.next();
        }
        let produced: Vec<String> = if let Some(d) = line.strip_prefix("! ") {
            let mut w = d.split_whitespace();
            match (w.next(), w.next()) {
                (Some("channel"), Some(c)) => {
                    channel = c.to_string();
                    vec![]
                }
                (Some("advance"), Some(t)) => {
                    h.clock.advance(parse_duration(t).expect("a duration"));
                    vec![]
                }
                (Some("tick"), _) => {
                    let mut v = Vec::new();
                    for o in h.app().tick() {
                        let mut ls = reply_lines(&o.reply, diagrams);
                        ls[0] = format!("[{}] {}", o.channel.channel, ls[0]);
                        v.extend(ls);
                    }
                    if v.is_empty() {
                        v.push("(nothing due)".into());
                    }
                    v
                }
                (Some("restart"), _) => {
                    h.open();
                    vec![]
                }
                (Some("plain"), Some(on)) => {
                    plain = on == "on";
                    vec![]
                }
                (Some("diagrams"), Some(on)) => {
                    diagrams = on == "on";
                    vec![]
                }
                _ => vec![format!("(unknown directive `{d}`)")],
            }
        } else if let Some((user, said)) = input_of(line) {
            let mut msg = incoming(user, &channel, said);
            msg.addressed = !plain;
            let mut v = match h.app().handle(&msg) {
                Some(r) => reply_lines(&r, diagrams),
                None => vec!["(no reply)".into()],
            };
            // The bot's answer, if it is to move.
            h.app().wait_bots(std::time::Duration::from_secs(120));
            for n in h.app().take_notices(crate::console::PLATFORM) {
                let mut ls = reply_lines(&n.reply, diagrams);
                ls[0] = format!("[{}] {}", n.channel.channel, ls[0]);
                v.extend(ls);
            }
            v
        } else {
            vec![format!("(not a transcript line: `{line}`)")]
        };
        out.push_str(line);
        out.push('\n');
        for p in &produced {
            out.push_str(p);
            out.push('\n');
        }
        if !produced.is_empty() {
            out.push('\n');
        }
    }
    out
}

/// `name> text` → (name, text).
fn input_of(line: &str) -> Option<(&str, &str)> {
    let (user, said) = line.split_once("> ")?;
    (!user.is_empty() && user.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then_some((user, said))
}
