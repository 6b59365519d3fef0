//! The `App` and what every handler shares, below the use cases: the
//! store handle, the clock, the renderer, the settings, each channel's
//! cached state behind its lock (`with_channel`), the state of the bot,
//! the web's change notices and the reviews kept, and who asks (`Actor`).
//! Use cases add their handlers to `App` in their own files (`impl App`)
//! and use only this and the layers below; the facade (`app.rs`) puts
//! them together behind `execute` and `handle`.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tablero_rules::Lang;
use tablero_store::{Batch, ChallengeDoc, ProfileDoc, Store};

use crate::channel::ChannelState;
use crate::clock::Clock;
pub(crate) use crate::event::Res;
use crate::event::{AppError, ChannelView};
use crate::render::BoardRenderer;
use crate::reply::{ChannelKey, Incoming, Platform, User};
use crate::sync::lock;
use crate::view::ChallengeView;

/// What the handler needs from the configuration.
#[derive(Clone, Debug)]
pub struct Settings {
    pub language: Lang,
    /// Per-channel defaults by channel id, before `language`.
    pub channel_languages: Vec<(String, Lang)>,
    pub default_move_limit_ms: Option<i64>,
    pub challenge_expiry_ms: i64,
    /// The console's name for the bot (`challenge @tablero chess`).
    pub bot_name: String,
    /// Searches at once (capped at the number of cores).
    pub bot_threads: usize,
    /// Think time per bot move for every level; `None`: each level's own
    /// (level 5 about 2 s).
    pub bot_think: Option<std::time::Duration>,
    /// Search fixed node budgets instead of time, so every bot move is the
    /// same for the same game. A test knob: it exists only with the
    /// `testkit` feature, so a release build cannot be set to it.
    #[cfg(feature = "testkit")]
    pub bot_nodes: bool,
    /// The least time between a move and the bot's answer, so the answer
    /// is posted after the board of the move it answers (an adapter may
    /// still be sending that one) and reads like a person's. None when
    /// the player waits for the answer in their direct chat: both come in
    /// one reply (`answer_wait`).
    pub bot_min_delay: std::time::Duration,
    /// How long a move against the bot in the player's direct chat waits
    /// for the bot's answer, so both are answered as one reply
    /// (`answers.rs`); past it the move is answered alone and the answer
    /// follows. Above the strongest level's think time (2 s), and short
    /// enough that a busy or slow bot (a long `bot.think_ms`) holds back
    /// the news that the move was played only that long.
    pub answer_wait: std::time::Duration,
    /// The platforms this process posts to: it handles only their timers
    /// (reminders, timeouts, expired challenges, the bot's pending moves),
    /// leaving the others to the processes that run those front-ends.
    /// `None`: every platform.
    pub platforms: Option<Vec<Platform>>,
    /// What one user may hold open and send (`[limits]`).
    pub limits: crate::config::Limits,
}

impl Settings {
    /// Whether the bot searches fixed node budgets (see `bot_nodes`).
    pub(crate) fn fixed_nodes(&self) -> bool {
        #[cfg(feature = "testkit")]
        return self.bot_nodes;
        #[cfg(not(feature = "testkit"))]
        false
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            channel_languages: Vec::new(),
            default_move_limit_ms: Some(72 * crate::clock::HOUR),
            challenge_expiry_ms: crate::clock::DAY,
            bot_name: "tablero".into(),
            bot_threads: 2,
            bot_think: None,
            #[cfg(feature = "testkit")]
            bot_nodes: false,
            bot_min_delay: std::time::Duration::from_secs(1),
            answer_wait: std::time::Duration::from_secs(3),
            platforms: None,
            limits: crate::config::Limits::default(),
        }
    }
}

/// Front-ends share one app between threads and tasks.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<App>();
};

/// Who runs a command, and where.
#[derive(Clone, Debug)]
pub struct Actor {
    pub channel: ChannelKey,
    pub user: User,
    /// The users the message mentions, as the platform resolved them.
    pub mentions: Vec<User>,
    /// The message text, for errors that quote it.
    pub text: String,
    /// The author's handle on the platform (see [`Incoming::handle`]).
    pub handle: Option<String>,
    /// The author of the message this one answers.
    pub reply_to: Option<User>,
    /// See [`Incoming::community`].
    pub community: Option<String>,
    /// See [`Incoming::direct`].
    pub direct: bool,
    /// See [`Incoming::manages`].
    pub manages: bool,
}

impl Actor {
    /// `user` acting in `channel` without a message: a button press, or
    /// the bot itself.
    #[must_use]
    pub fn without_message(channel: &ChannelKey, user: &User, handle: Option<String>) -> Actor {
        Actor {
            channel: channel.clone(),
            user: capped(user),
            mentions: Vec::new(),
            text: String::new(),
            handle,
            reply_to: None,
            community: None,
            direct: false,
            manages: false,
        }
    }

    /// The author of `msg`, in its channel.
    #[must_use]
    pub fn of(msg: &Incoming) -> Actor {
        Actor {
            channel: msg.channel.clone(),
            user: capped(&msg.author),
            mentions: msg.mentions.iter().map(capped).collect(),
            text: msg.text.clone(),
            handle: msg.handle.clone(),
            reply_to: msg.reply_to.as_ref().map(capped),
            community: msg.community.clone(),
            direct: msg.direct,
            manages: msg.manages,
        }
    }
}

/// The longest name shown or stored, in characters: a longer one is cut
/// with an ellipsis where it enters the app, so no reply, board or record
/// carries a name a platform allows but no one can read (and drawing one
/// stays cheap).
pub const MAX_NAME_CHARS: usize = 48;

/// Whether `c` is invisible where a name is shown, or changes how the text
/// around it reads: Unicode's format characters (zero-width spaces and
/// joiners, the bidirectional marks, embeddings, overrides and isolates,
/// the word joiner, the byte-order mark, tags, interlinear annotation),
/// line and paragraph separators, and the blank fillers that some fonts
/// draw as nothing (Hangul fillers, the braille blank).
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{600}'..='\u{605}' | '\u{6DD}' | '\u{70F}' | '\u{8E2}'
            | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}')
}

/// `name` without terminal control sequences (`ESC [ … m`, `ESC ] … BEL`,
/// the one-byte CSI, other `ESC x` pairs, whole) and without the
/// characters that [`hidden`] names: what remains is what a reader sees.
#[must_use]
pub fn clean_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                // CSI: parameters and intermediates up to a final byte.
                Some('[') => {
                    for d in chars.by_ref() {
                        if ('\u{40}'..='\u{7e}').contains(&d) {
                            break;
                        }
                    }
                }
                // OSC, DCS, SOS, PM, APC: a string up to BEL or ST.
                Some(']' | 'P' | 'X' | '^' | '_') => {
                    while let Some(d) = chars.next() {
                        if d == '\u{7}' || d == '\u{9c}' {
                            break;
                        }
                        if d == '\u{1b}' && chars.peek() == Some(&'\\') {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\u{9b}' => {
                for d in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&d) {
                        break;
                    }
                }
            }
            c if hidden(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// `u` with a name fit to show: terminal control sequences, control and
/// invisible format characters dropped ([`clean_name`]: `ali\u{200b}ce`
/// is `alice`, a right-to-left override is gone), cut to
/// [`MAX_NAME_CHARS`] with an ellipsis, and the id when nothing is left.
#[must_use]
pub fn capped(u: &User) -> User {
    let clean = clean_name(&u.name);
    let clean = clean.trim();
    let name = if clean.chars().count() > MAX_NAME_CHARS {
        let cut: String = clean.chars().take(MAX_NAME_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    } else if clean.is_empty() {
        clean_name(&u.id).chars().take(MAX_NAME_CHARS).collect()
    } else {
        clean.to_string()
    };
    User {
        id: u.id.clone(),
        name,
    }
}

/// The bot, independent of any chat platform.
pub struct App {
    pub(crate) store: Store,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) renderer: Arc<dyn BoardRenderer>,
    pub(crate) settings: Settings,
    channels: Mutex<HashMap<ChannelKey, Arc<Mutex<ChannelState>>>>,
    pub(crate) bots: Arc<crate::queue::Bots>,
    pub(crate) rates: crate::rates::Rates,
    /// Chat names this process has saved (`direct.rs`), so a name is
    /// written only when it changes.
    pub(crate) titles: Mutex<HashMap<ChannelKey, String>>,
    /// The bounded pool of heavy jobs (`heavy.rs`).
    pub(crate) heavy: crate::heavy::Heavy,
    /// Change notices and page addresses for the web (`watch.rs`).
    pub(crate) watch: crate::changes::Watch,
    /// Reviews of finished games, kept (`review.rs`).
    pub(crate) reviews: crate::reviews::Kept,
    /// Channels whose cached games a handler's commit added to without
    /// adding them to the cache (a tournament's next round): read again.
    reload: Mutex<HashSet<ChannelKey>>,
}

impl App {
    /// A bot over `store`.
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        renderer: Arc<dyn BoardRenderer>,
        settings: Settings,
    ) -> App {
        App {
            store,
            clock,
            renderer,
            channels: Mutex::new(HashMap::new()),
            bots: Arc::default(),
            rates: crate::rates::Rates::default(),
            titles: Mutex::new(HashMap::new()),
            heavy: crate::heavy::Heavy::new(
                settings.limits.heavy_jobs,
                settings.limits.heavy_jobs_per_user,
            ),
            reviews: crate::reviews::Kept::new(
                settings.limits.heavy_jobs,
                settings.limits.heavy_jobs_per_user,
            ),
            settings,
            watch: crate::changes::Watch::default(),
            reload: Mutex::new(HashSet::new()),
        }
    }

    /// The store, for tools and tests.
    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(crate) fn channel(&self, ch: &ChannelKey) -> Arc<Mutex<ChannelState>> {
        let mut map = lock(&self.channels);
        if map.len() > 4096 {
            map.retain(|_, st| Arc::strong_count(st) > 1);
        }
        map.entry(ch.clone()).or_default().clone()
    }

    /// Runs `f` with the channel locked and its state current: the
    /// in-process lock first (threads of this process queue there), then
    /// the store's lock (other processes on the same database), then the
    /// cached games are checked against the store's version of the channel
    /// and read again if another process changed it. Both locks are
    /// released when `f` returns, before anything is rendered or sent.
    pub(crate) fn with_channel<T>(
        &self,
        ch: &ChannelKey,
        f: impl FnOnce(&mut ChannelState) -> Res<T>,
    ) -> Res<T> {
        let st = self.channel(ch);
        let mut st = lock(&st);
        let held = self.store.lock_channel(ch)?;
        let before = st.refresh(&self.store, ch)?;
        let out = f(&mut st);
        // The handlers keep the cache in step with what they commit. A
        // failure after a commit might not have: then read it all again.
        let after = self.store.channel_version(ch);
        let after_version = after.as_ref().ok().copied();
        let reload = lock(&self.reload).remove(ch);
        st.settle(match (&out, after) {
            _ if reload => None,
            (Ok(_), Ok(v)) => Some(v),
            (Err(_), Ok(v)) if v == before => Some(v),
            _ => None,
        });
        drop(held);
        // Durable now: tell the web (`watch.rs`).
        if let Some(v) = after_version
            && v != before
        {
            self.watch.publish(ch, v);
        }
        out
    }

    /// Marks `ch`'s cached games to be read again when the channel's lock
    /// is released: the caller's commit adds games it does not cache.
    pub(crate) fn reload_channel(&self, ch: &ChannelKey) {
        lock(&self.reload).insert(ch.clone());
    }

    pub(crate) fn commit(&self, b: Batch) -> Res<()> {
        self.store.commit(b).map_err(AppError::from)
    }

    /// A channel's default language.
    pub(crate) fn channel_lang(&self, ch: &ChannelKey) -> Lang {
        self.settings
            .channel_languages
            .iter()
            .find(|(c, _)| *c == ch.channel)
            .map_or(self.settings.language, |(_, l)| *l)
    }

    /// The language to write to `user` in `ch`: their choice, else the
    /// channel's, else the default.
    #[must_use]
    pub fn lang_of(&self, ch: &ChannelKey, user: &str) -> Lang {
        self.store
            .profile(ch.platform, user)
            .ok()
            .flatten()
            .and_then(|p| p.lang)
            .unwrap_or_else(|| self.channel_lang(ch))
    }

    /// Remembers a user's display name, so `@name` finds them later.
    pub(crate) fn touch_user(&self, platform: Platform, u: &User) -> Option<ProfileDoc> {
        let p = self.store.profile(platform, &u.id).ok().flatten();
        if p.as_ref().is_none_or(|p| p.name != u.name) {
            // Read again under the lock every profile write takes, so a
            // language chosen meanwhile in another process is kept. (No
            // channel lock is held here, and none is taken under it.)
            let _lock = self.store.lock_stats().ok()?;
            let p = self.store.profile(platform, &u.id).ok().flatten();
            let doc = ProfileDoc {
                name: u.name.clone(),
                lang: p.as_ref().and_then(|p| p.lang),
            };
            let mut b = self.store.batch();
            b.put_profile(platform, &u.id, &doc);
            if let Err(e) = self.store.commit(b) {
                tracing::warn!(error = %e, "cannot remember a user's name");
            }
            return Some(doc);
        }
        p
    }

    /// The channel's games and valid challenges.
    pub(crate) fn view(&self, ch: &ChannelKey, st: &ChannelState) -> ChannelView {
        let now = self.now();
        ChannelView {
            games: st.games.values().map(|g| g.view(now)).collect(),
            challenges: self
                .challenges(ch)
                .unwrap_or_default()
                .iter()
                .map(ChallengeView::of)
                .collect(),
            now_ms: now,
        }
    }

    /// The channel's challenges that are still valid; expired ones are
    /// left for the timer to announce.
    pub(crate) fn challenges(&self, ch: &ChannelKey) -> Res<Vec<ChallengeDoc>> {
        let now = self.now();
        Ok(self
            .store
            .channel_challenges(ch)?
            .into_iter()
            .filter_map(|c| {
                c.map_err(|e| tracing::warn!(error = %e, "unreadable challenge"))
                    .ok()
            })
            .filter(|c| c.expires_ms > now)
            .collect())
    }
}
