//! The handler: every command, the games of each channel, and the timers.
//!
//! Concurrency: each channel has one lock, held from reading a game to
//! committing its change (which flushes), so commands on one game apply one
//! after the other and a repeated move is seen as already played. Rendering
//! happens after the lock is released. Stats, shared across channels, have
//! their own lock, always taken inside a channel's (never the other way).

// A command's error is the reply the user reads; it is built once per
// message, so boxing it would buy nothing.
#![allow(clippy::result_large_err)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tablero_rules::{
    AnyGame, EndReason, GameId, GameInfo, GameRecord, Lang, MoveError, Msg, Outcome, Phase, Setup,
    Side,
};
use tablero_store::{
    ChallengeDoc, GameDoc, ProfileDoc, ResultDoc, StatsDoc, Store, StoreError, TimerKind, VERSION,
};

use crate::clock::{Clock, format_duration};
use crate::command::{self, Answer, COMMANDS, Command, GameNo, ParseError};
use crate::config::parse_move_limit;
use crate::render::{BoardRenderer, diagram};
use crate::reply::{ChannelKey, ChoiceGroup, Incoming, Outgoing, Reply, User};

/// What the handler needs from the configuration.
#[derive(Clone, Debug)]
pub struct Settings {
    pub language: Lang,
    /// Per-channel defaults by channel id, before `language`.
    pub channel_languages: Vec<(String, Lang)>,
    pub default_move_limit_ms: Option<i64>,
    pub challenge_expiry_ms: i64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            channel_languages: Vec::new(),
            default_move_limit_ms: Some(72 * crate::clock::HOUR),
            challenge_expiry_ms: crate::clock::DAY,
        }
    }
}

/// Front-ends share one app between threads and tasks.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<App>();
};

/// A game being played, rebuilt from its record.
struct Live {
    doc: GameDoc,
    game: AnyGame,
}

/// The ongoing games of one channel, loaded on first use.
#[derive(Default)]
struct ChannelState {
    loaded: bool,
    games: BTreeMap<u64, Live>,
    /// Games that could not be loaded and were set aside.
    set_aside: Vec<u64>,
}

/// A board to draw once the channel lock is released.
struct Board {
    game: AnyGame,
    players: [User; 2],
    id: u64,
    ply: usize,
    choices: bool,
}

/// A reply whose image is still to be drawn.
struct Pending {
    reply: Reply,
    board: Option<Board>,
}

impl From<Reply> for Pending {
    fn from(reply: Reply) -> Pending {
        Pending { reply, board: None }
    }
}

type Res<T> = Result<T, Reply>;

/// The bot, independent of any chat platform.
pub struct App {
    store: Store,
    clock: Arc<dyn Clock>,
    renderer: Arc<dyn BoardRenderer>,
    settings: Settings,
    channels: Mutex<HashMap<ChannelKey, Arc<Mutex<ChannelState>>>>,
    stats_lock: Mutex<()>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves plain data behind; the store is
    // the truth, so carry on.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A message built by one function for both languages.
fn tr(f: impl Fn(Lang) -> String) -> Msg {
    Msg::new(f(Lang::En), f(Lang::Es))
}

fn en_es(l: Lang, en: String, es: String) -> String {
    match l {
        Lang::En => en,
        Lang::Es => es,
    }
}

fn mention(u: &User) -> String {
    format!("<@{}>", u.id)
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const END_REASONS: [EndReason; 15] = [
    EndReason::NoLegalMove,
    EndReason::ReachedLastRank,
    EndReason::NoPiecesLeft,
    EndReason::BottomRowMajority,
    EndReason::BottomRowFull,
    EndReason::TwoPasses,
    EndReason::AngelsConnected,
    EndReason::AngelsTrapped,
    EndReason::PiecesCounted,
    EndReason::ScoresCompared,
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::ThreefoldRepetition,
    EndReason::FiftyMoveRule,
    EndReason::InsufficientMaterial,
];

fn reason_text(key: &str, l: Lang) -> String {
    match (key, l) {
        ("resigned", Lang::En) => "resignation".into(),
        ("resigned", Lang::Es) => "abandono".into(),
        ("time", Lang::En) => "out of time".into(),
        ("time", Lang::Es) => "tiempo agotado".into(),
        ("agreed", Lang::En) => "agreed".into(),
        ("agreed", Lang::Es) => "de mutuo acuerdo".into(),
        _ => END_REASONS
            .iter()
            .find(|r| r.key() == key)
            .map_or_else(|| key.to_string(), |r| r.text(l).to_string()),
    }
}

fn record_of(doc: &GameDoc) -> Result<GameRecord, String> {
    doc.record.parse::<GameRecord>().map_err(|e| e.to_string())
}

fn info_of(doc: &GameDoc) -> &'static GameInfo {
    record_of(doc)
        .map(|r| r.game.info())
        .unwrap_or(GameId::Breakthrough.info())
}

fn player_side(doc: &GameDoc, user: &str) -> Option<Side> {
    Side::ALL
        .into_iter()
        .find(|s| doc.players[s.index()].id == user)
}

/// `<@id> (White)`.
fn player_text(doc: &GameDoc, info: &GameInfo, side: Side, l: Lang) -> String {
    format!(
        "{} ({})",
        mention(&doc.players[side.index()]),
        info.side_name(side, l)
    )
}

fn due_of(doc: &GameDoc) -> Option<i64> {
    let limit = doc.move_limit_secs? as i64 * 1000;
    let t = doc.turn_started_ms;
    Some(match doc.reminders_sent {
        0 => t + limit / 2,
        1 => t + limit * 9 / 10,
        _ => t + limit,
    })
}

fn deadline_of(doc: &GameDoc) -> Option<i64> {
    Some(doc.turn_started_ms + doc.move_limit_secs? as i64 * 1000)
}

fn unknown_user_msg(word: &str) -> Msg {
    tr(|l| {
        en_es(
            l,
            format!(
                "I don't know {word} yet: they must write something here first (or mention them properly)."
            ),
            format!(
                "Aún no conozco a {word}: tiene que escribir algo aquí primero (o menciónalo bien)."
            ),
        )
    })
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
            settings,
            channels: Mutex::new(HashMap::new()),
            stats_lock: Mutex::new(()),
        }
    }

    /// The store, for tools and tests.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    fn channel(&self, ch: &ChannelKey) -> Arc<Mutex<ChannelState>> {
        let mut map = lock(&self.channels);
        if map.len() > 4096 {
            map.retain(|_, st| Arc::strong_count(st) > 1);
        }
        map.entry(ch.clone()).or_default().clone()
    }

    /// Loads a channel's ongoing games once. A game whose record cannot be
    /// decoded or replayed is reported and set aside in the quarantine.
    fn ensure_loaded(&self, ch: &ChannelKey, st: &mut ChannelState) -> Result<(), StoreError> {
        if st.loaded {
            return Ok(());
        }
        for doc in self.store.channel_games(ch)? {
            let doc = match doc {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("warning: {e}");
                    if let StoreError::Corrupt { key, .. } = &e
                        && let Some(id) = key.rsplit('/').next().and_then(|n| n.parse().ok())
                    {
                        st.set_aside.push(id);
                    }
                    continue;
                }
            };
            match record_of(&doc).and_then(|r| r.replay().map_err(|e| e.to_string())) {
                Ok(game) => {
                    st.games.insert(doc.id, Live { doc, game });
                }
                Err(why) => {
                    eprintln!(
                        "warning: game {}/{}#{} cannot be rebuilt ({why}); moved to quarantine",
                        ch.platform, ch.channel, doc.id
                    );
                    self.store.quarantine_game(&doc)?;
                    st.set_aside.push(doc.id);
                }
            }
        }
        st.loaded = true;
        Ok(())
    }

    /// A channel's default language.
    fn channel_lang(&self, ch: &ChannelKey) -> Lang {
        self.settings
            .channel_languages
            .iter()
            .find(|(c, _)| *c == ch.channel)
            .map_or(self.settings.language, |(_, l)| *l)
    }

    /// The language to write to `user` in `ch`: their choice, else the
    /// channel's, else the default.
    fn lang_of(&self, ch: &ChannelKey, user: &str) -> Lang {
        self.store
            .profile(&ch.platform, user)
            .ok()
            .flatten()
            .and_then(|p| p.lang.as_deref().and_then(Lang::parse))
            .unwrap_or_else(|| self.channel_lang(ch))
    }

    /// Remembers a user's display name, so `@name` finds them later.
    fn touch_user(&self, platform: &str, u: &User) -> Option<ProfileDoc> {
        let p = self.store.profile(platform, &u.id).ok().flatten();
        if p.as_ref().is_none_or(|p| p.name != u.name) {
            let doc = ProfileDoc {
                version: VERSION,
                name: u.name.clone(),
                lang: p.as_ref().and_then(|p| p.lang.clone()),
            };
            let mut b = self.store.batch();
            b.put_profile(platform, &u.id, &doc);
            if let Err(e) = self.store.commit(b) {
                eprintln!("warning: {e}");
            }
            return Some(doc);
        }
        p
    }

    /// Answers one message; `None` when a plain chat message is not for the
    /// bot.
    pub fn handle(&self, msg: &Incoming) -> Option<Reply> {
        let profile = self.touch_user(&msg.channel.platform, &msg.author);
        for u in &msg.mentions {
            self.touch_user(&msg.channel.platform, u);
        }
        let lang = profile
            .and_then(|p| p.lang.as_deref().and_then(Lang::parse))
            .unwrap_or_else(|| self.channel_lang(&msg.channel));
        let cmd = match command::parse(&msg.text) {
            Ok(cmd) if msg.addressed => cmd,
            Err(ParseError::Usage(spec, why)) if msg.addressed => {
                return Some(Reply::error(
                    tr(|l| {
                        let why = capitalise(why.get(l));
                        en_es(
                            l,
                            format!("{why}. Usage: `{}`", spec.usage),
                            format!("{why}. Uso: `{}`", spec.usage),
                        )
                    }),
                    lang,
                ));
            }
            _ => Command::Move {
                game: None,
                text: msg.text.trim().to_string(),
                explicit: msg.addressed,
            },
        };
        let pending = match self.run(cmd, msg, lang) {
            Ok(Some(p)) => p,
            Ok(None) => return None,
            Err(r) => r.into(),
        };
        let mut reply = self.finish_reply(pending);
        self.settle_mentions(&msg.channel.platform, &mut reply);
        Some(reply)
    }

    /// Makes every `<@ID>` in a reply's text either a mention listed in
    /// [`Reply::mentions`] or, in an error (which notifies nobody), the
    /// plain `@name`.
    fn settle_mentions(&self, platform: &str, reply: &mut Reply) {
        let mut ids: Vec<String> = Vec::new();
        for text in [&reply.text.en, &reply.text.es] {
            let mut rest = text.as_str();
            while let Some(i) = rest.find("<@") {
                rest = &rest[i + 2..];
                if let Some(j) = rest.find('>') {
                    let id = &rest[..j];
                    if !ids.iter().any(|x| x == id) {
                        ids.push(id.to_string());
                    }
                    rest = &rest[j + 1..];
                }
            }
        }
        for id in ids {
            let user = match reply.mentions.iter().find(|u| u.id == id) {
                Some(_) if !reply.error => continue,
                Some(u) => u.clone(),
                None => User {
                    name: self
                        .store
                        .profile(platform, &id)
                        .ok()
                        .flatten()
                        .map_or_else(|| id.clone(), |p| p.name),
                    id: id.clone(),
                },
            };
            if reply.error {
                let token = format!("<@{id}>");
                let name = format!("@{}", user.name);
                reply.text.en = reply.text.en.replace(&token, &name);
                reply.text.es = reply.text.es.replace(&token, &name);
            } else {
                reply.mentions.push(user);
            }
        }
        if reply.error {
            reply.mentions.clear();
        }
    }

    /// Draws the board of a reply, outside every lock.
    fn finish_reply(&self, p: Pending) -> Reply {
        let mut reply = p.reply;
        if let Some(b) = p.board {
            let view = b.game.view();
            let to_move = b.game.outcome().is_none().then(|| b.game.turn().side);
            let flip = to_move == Some(Side::Second);
            let names = [b.players[0].name.clone(), b.players[1].name.clone()];
            match self
                .renderer
                .render(b.game.id(), &view, flip, names, reply.lang)
            {
                Ok(png) => reply.image = Some(png),
                Err(e) => eprintln!("warning: cannot draw game #{}: {e}", b.id),
            }
            reply.diagram = Some(diagram(&view));
            reply.game = Some((b.id, b.ply));
            if b.choices && to_move.is_some() {
                let mut groups: Vec<ChoiceGroup> = Vec::new();
                for c in b.game.move_choices() {
                    let origin = c.origin.map(|o| o.to_string());
                    match groups.iter_mut().find(|g| g.origin == origin) {
                        Some(g) => g.moves.push(c.text),
                        None => groups.push(ChoiceGroup {
                            origin,
                            moves: vec![c.text],
                        }),
                    }
                }
                reply.choices = groups;
            }
        }
        reply
    }

    fn internal(&self, e: &StoreError, lang: Lang) -> Reply {
        eprintln!("error: {e}");
        match e {
            StoreError::Corrupt { .. } => Reply::error(
                Msg::new(
                    "That record could not be read; it has been set aside for the operator. Nothing changed.",
                    "No se pudo leer ese registro; se ha apartado para el administrador. No ha cambiado nada.",
                ),
                lang,
            ),
            StoreError::Db(_) => Reply::error(
                Msg::new(
                    "Storage failed, so nothing changed. Please try again.",
                    "Falló el almacenamiento, así que no ha cambiado nada. Vuelve a intentarlo.",
                ),
                lang,
            ),
        }
    }

    fn run(&self, cmd: Command, msg: &Incoming, lang: Lang) -> Res<Option<Pending>> {
        let ch = &msg.channel;
        let me = &msg.author;
        let ok = |r: Reply| Ok(Some(Pending::from(r)));
        match cmd {
            Command::Help(topic) => ok(self.help(topic.as_deref(), lang)?),
            Command::Games => {
                let mut text = tr(|l| {
                    let mut s = en_es(l, "Games:".into(), "Juegos:".into());
                    for g in GameId::ALL {
                        let i = g.info();
                        let year = i.year.map(|y| format!(", {y}")).unwrap_or_default();
                        s.push_str(&format!(
                            "\n`{}` {} ({}{year})",
                            i.key,
                            i.name(l),
                            i.designer
                        ));
                    }
                    s.push_str(&en_es(
                        l,
                        "\n`rules GAME` explains one; `challenge @user GAME` starts one.".into(),
                        "\n`reglas JUEGO` explica uno; `desafiar @usuario JUEGO` empieza una partida.".into(),
                    ));
                    s
                });
                let here = self.with_channel(ch, lang, |st| Ok(self.channel_listing(ch, st)))?;
                text = Msg::new(
                    format!("{}\n\n{}", text.en, here.en),
                    format!("{}\n\n{}", text.es, here.es),
                );
                ok(Reply::new(text, lang))
            }
            Command::Rules(name) => self.rules(&name, lang).map(Some),
            Command::Challenge {
                opponent,
                game,
                options,
            } => {
                let opp = match &opponent {
                    None => None,
                    Some(word) => Some(self.resolve_mention(msg, word, lang)?),
                };
                self.with_channel(ch, lang, |st| {
                    self.challenge(msg, st, opp.clone(), &game, &options, lang)
                })
                .map(|r| Some(r.into()))
            }
            Command::Accept(n) => self
                .with_channel(ch, lang, |st| self.accept(msg, st, n, lang))
                .map(Some),
            Command::Decline(n) => self
                .with_channel(ch, lang, |st| self.decline(msg, st, n, lang))
                .map(Some),
            Command::Cancel(n) => self
                .with_channel(ch, lang, |st| self.cancel(msg, st, n, lang))
                .map(|r| Some(r.into())),
            Command::Move {
                game,
                text,
                explicit,
            } => self.with_channel(ch, lang, |st| {
                self.play(msg, st, game, &text, explicit, lang)
            }),
            Command::Board(n) => self
                .with_channel(ch, lang, |st| self.board(msg, st, n, lang))
                .map(Some),
            Command::History(n) => self
                .with_channel(ch, lang, |st| self.history(msg, st, n, lang))
                .map(|r| Some(r.into())),
            Command::Channel => {
                let t = self.with_channel(ch, lang, |st| Ok(self.channel_listing(ch, st)))?;
                ok(Reply::new(t, lang))
            }
            Command::MyGames => ok(self.my_games(me, &ch.platform, lang)?),
            Command::Resign(n) => self
                .with_channel(ch, lang, |st| self.resign(msg, st, n, lang))
                .map(|r| Some(r.into())),
            Command::Draw(a, n) => self
                .with_channel(ch, lang, |st| self.draw(msg, st, a, n, lang))
                .map(Some),
            Command::Takeback(a, n) => self
                .with_channel(ch, lang, |st| self.takeback(msg, st, a, n, lang))
                .map(Some),
            Command::Stats(who) => {
                let user = match who {
                    None => me.clone(),
                    Some(w) => self.resolve_mention(msg, &w, lang)?,
                };
                ok(self.stats(&ch.platform, &user, lang)?)
            }
            Command::Lang(l) => ok(self.set_lang(msg, l.as_deref(), lang)?),
        }
    }

    /// Runs `f` with the channel's state locked and loaded.
    fn with_channel<T>(
        &self,
        ch: &ChannelKey,
        lang: Lang,
        f: impl FnOnce(&mut ChannelState) -> Res<T>,
    ) -> Res<T> {
        let st = self.channel(ch);
        let mut st = lock(&st);
        self.ensure_loaded(ch, &mut st)
            .map_err(|e| self.internal(&e, lang))?;
        f(&mut st)
    }

    fn commit(&self, b: tablero_store::Batch, lang: Lang) -> Res<()> {
        self.store.commit(b).map_err(|e| self.internal(&e, lang))
    }

    fn help(&self, topic: Option<&str>, lang: Lang) -> Res<Reply> {
        if let Some(t) = topic {
            let Some(spec) = command::find(t) else {
                return Err(Reply::error(
                    tr(|l| {
                        en_es(
                            l,
                            format!("There is no command `{t}`. `help` lists them."),
                            format!("No hay ninguna orden `{t}`. `ayuda` las muestra."),
                        )
                    }),
                    lang,
                ));
            };
            return Ok(Reply::new(
                tr(|l| {
                    let aka = spec.aliases.join(", ");
                    en_es(
                        l,
                        format!("`{}` — {}. Also: {aka}.", spec.usage, spec.help(l)),
                        format!("`{}` — {}. También: {aka}.", spec.usage, spec.help(l)),
                    )
                }),
                lang,
            ));
        }
        Ok(Reply::new(
            tr(|l| {
                let mut s = en_es(l, "Commands:".into(), "Órdenes:".into());
                for c in COMMANDS {
                    let name = match l {
                        Lang::En => c.usage.to_string(),
                        Lang::Es => format!("{} ({})", c.usage, c.aliases[0]),
                    };
                    s.push_str(&format!("\n`{name}` — {}", c.help(l)));
                }
                s
            }),
            lang,
        ))
    }

    fn rules(&self, name: &str, lang: Lang) -> Res<Pending> {
        let id = parse_game(name, lang)?;
        let info = id.info();
        let mut setup = Setup::default();
        if id == GameId::KnightFight {
            setup.seed = Some(1);
        }
        let game = AnyGame::new(id, &setup).map_err(|e| Reply::error(e.0.clone(), lang))?;
        let text = tr(|l| {
            let sides = format!(
                "{} / {}",
                info.side_name(Side::First, l),
                info.side_name(Side::Second, l)
            );
            let mut s = format!(
                "{} ({}{}) — {sides}\n{}",
                info.name(l),
                info.designer,
                info.year.map(|y| format!(", {y}")).unwrap_or_default(),
                info.summary(l)
            );
            if !info.params.is_empty() {
                let ps: Vec<String> = info
                    .params
                    .iter()
                    .map(|p| {
                        let d = match l {
                            Lang::En => p.en,
                            Lang::Es => p.es,
                        };
                        format!("`{}={}` {d} ({}–{})", p.key, p.default, p.min, p.max)
                    })
                    .collect();
                s.push_str(&en_es(l, "\nOptions: ".into(), "\nOpciones: ".into()));
                s.push_str(&ps.join(", "));
            }
            s.push_str(&en_es(
                l,
                format!("\nPlay: `challenge @user {}`", info.key),
                format!("\nJugar: `desafiar @usuario {}`", info.key),
            ));
            s
        });
        Ok(Pending {
            reply: Reply::new(text, lang),
            board: Some(Board {
                game,
                // The start position has no players yet.
                players: [
                    User {
                        id: String::new(),
                        name: String::new(),
                    },
                    User {
                        id: String::new(),
                        name: String::new(),
                    },
                ],
                id: 0,
                ply: 0,
                choices: false,
            }),
        })
    }

    /// The user a `@name` or `<@id>` word means.
    fn resolve_mention(&self, msg: &Incoming, word: &str, lang: Lang) -> Res<User> {
        let bare = word
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_start_matches('@')
            .trim_end_matches('>');
        if let Some(u) = msg
            .mentions
            .iter()
            .find(|u| u.id == bare || u.name.eq_ignore_ascii_case(bare))
        {
            return Ok(u.clone());
        }
        if word.starts_with("<@") {
            return Ok(User {
                id: bare.to_string(),
                name: bare.to_string(),
            });
        }
        match self.store.find_user_by_name(&msg.channel.platform, bare) {
            Ok(Some(u)) => Ok(u),
            Ok(None) => Err(Reply::error(unknown_user_msg(word), lang)),
            Err(e) => Err(self.internal(&e, lang)),
        }
    }

    fn challenge(
        &self,
        msg: &Incoming,
        _st: &mut ChannelState,
        opponent: Option<User>,
        game: &str,
        options: &[String],
        lang: Lang,
    ) -> Res<Reply> {
        let id = parse_game(game, lang)?;
        let info = id.info();
        if opponent.as_ref().is_some_and(|o| o.id == msg.author.id) {
            return Err(Reply::error(
                Msg::new(
                    "You can't challenge yourself. Name someone else, or leave the name out for an open challenge.",
                    "No puedes desafiarte a ti mismo. Nombra a otra persona, u omite el nombre para un desafío abierto.",
                ),
                lang,
            ));
        }
        let mut side: Option<Option<u8>> = None;
        let mut limit: Option<Option<i64>> = None;
        let mut setup = Setup::default();
        for o in options {
            let low = o.to_lowercase();
            if let Some(v) = low
                .strip_prefix("time=")
                .or_else(|| low.strip_prefix("tiempo="))
            {
                let l = parse_move_limit(v).map_err(|why| {
                    Reply::error(
                        tr(|l| {
                            en_es(
                                l,
                                format!("Bad time limit: {why}. Write `time=72h`, `time=3d` (1h to 14d) or `time=none`."),
                                format!("Tiempo no válido: {why}. Escribe `tiempo=72h`, `tiempo=3d` (de 1h a 14d) o `tiempo=none`."),
                            )
                        }),
                        lang,
                    )
                })?;
                limit = Some(l);
            } else if o.contains('=') {
                setup.add_word(o).map_err(|e| Reply::error(e.0, lang))?;
            } else if let Some(s) = side_word(info, &low) {
                side = Some(s);
            } else {
                let sides = side_words(info);
                return Err(Reply::error(
                    tr(|l| {
                        let params: Vec<String> = info
                            .params
                            .iter()
                            .map(|p| format!("{}={}..{}", p.key, p.min, p.max))
                            .collect();
                        let mut opts = sides.clone();
                        opts.extend(params);
                        opts.push("time=72h|none".into());
                        en_es(
                            l,
                            format!(
                                "Unknown option `{o}`. {} takes: {}.",
                                info.name(l),
                                opts.join(", ")
                            ),
                            format!(
                                "Opción desconocida `{o}`. {} admite: {}.",
                                info.name(l),
                                opts.join(", ")
                            ),
                        )
                    }),
                    lang,
                ));
            }
        }
        let now = self.now();
        let ch = &msg.channel;
        let cid = self
            .store
            .next_id(ch)
            .map_err(|e| self.internal(&e, lang))?;
        if id == GameId::KnightFight && setup.seed.is_none() && setup.layout.is_none() {
            setup.seed = Some(splitmix(now as u64 ^ (cid << 40)) % 1_000_000_000);
        }
        AnyGame::new(id, &setup).map_err(|e| {
            Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!(
                            "Bad option: {}. `rules {}` lists the options.",
                            e.0.get(l),
                            info.key
                        ),
                        format!(
                            "Opción no válida: {}. `reglas {}` muestra las opciones.",
                            e.0.get(l),
                            info.key
                        ),
                    )
                }),
                lang,
            )
        })?;
        let limit = limit.unwrap_or(self.settings.default_move_limit_ms);
        let doc = ChallengeDoc {
            version: VERSION,
            channel: ch.clone(),
            id: cid,
            challenger: msg.author.clone(),
            challenged: opponent.clone(),
            game: info.key.into(),
            setup: setup.to_string(),
            challenger_side: side.unwrap_or(Some(0)),
            move_limit_secs: limit.map(|ms| (ms / 1000) as u64),
            created_ms: now,
            expires_ms: now + self.settings.challenge_expiry_ms,
        };
        let mut b = self.store.batch();
        b.put_challenge(&doc);
        b.set_next_id(ch, cid + 1);
        self.commit(b, lang)?;
        let expiry = format_duration(self.settings.challenge_expiry_ms);
        let me = mention(&msg.author);
        let setup_text = if doc.setup.is_empty() {
            String::new()
        } else {
            format!(" [{}]", doc.setup)
        };
        let text = tr(|l| {
            let sides = match doc.challenger_side {
                Some(s) => {
                    let s = Side::from_index(s.into()).unwrap_or(Side::First);
                    en_es(
                        l,
                        format!("{me} plays {}", info.side_name(s, l)),
                        format!("{me} juega con {}", info.side_name(s, l)),
                    )
                }
                None => en_es(l, "sides drawn at random".into(), "bandos al azar".into()),
            };
            let time = limit_text(limit, l);
            match &opponent {
                Some(o) => en_es(
                    l,
                    format!(
                        "{me} challenges {} to {}{setup_text} (#{cid}): {sides}; {time} per move. {}: `accept` or `decline` (expires in {expiry}).",
                        mention(o),
                        info.name(l),
                        mention(o)
                    ),
                    format!(
                        "{me} desafía a {} a {}{setup_text} (#{cid}): {sides}; {time} por jugada. {}: `aceptar` o `rechazar` (caduca en {expiry}).",
                        mention(o),
                        info.name(l),
                        mention(o)
                    ),
                ),
                None => en_es(
                    l,
                    format!(
                        "{me} challenges anyone here to {}{setup_text} (#{cid}): {sides}; {time} per move. Anyone: `accept` (expires in {expiry}).",
                        info.name(l)
                    ),
                    format!(
                        "{me} desafía a cualquiera del canal a {}{setup_text} (#{cid}): {sides}; {time} por jugada. Quien quiera: `aceptar` (caduca en {expiry}).",
                        info.name(l)
                    ),
                ),
            }
        });
        let mut r = Reply::new(text, lang);
        r.mentions = std::iter::once(msg.author.clone())
            .chain(opponent)
            .collect();
        Ok(r)
    }

    /// The channel's challenges that are still valid; expired ones are
    /// left for the timer to announce.
    fn challenges(&self, ch: &ChannelKey, lang: Lang) -> Res<Vec<ChallengeDoc>> {
        let now = self.now();
        let all = self
            .store
            .channel_challenges(ch)
            .map_err(|e| self.internal(&e, lang))?;
        Ok(all
            .into_iter()
            .filter_map(|c| c.map_err(|e| eprintln!("warning: {e}")).ok())
            .filter(|c| c.expires_ms > now)
            .collect())
    }

    fn accept(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        let me = &msg.author;
        let all = self.challenges(&msg.channel, lang)?;
        let mine = |c: &&ChallengeDoc| {
            c.challenger.id != me.id && c.challenged.as_ref().is_none_or(|u| u.id == me.id)
        };
        let c = match n {
            Some(n) => {
                let Some(c) = all.iter().find(|c| c.id == n) else {
                    if st.games.contains_key(&n) {
                        return self.answer_offer(msg, st, Answer::Accept, Some(n), lang);
                    }
                    return Err(no_challenge(n, lang));
                };
                if c.challenger.id == me.id {
                    return Err(Reply::error(
                        Msg::new(
                            "You can't accept your own challenge; `cancel` withdraws it.",
                            "No puedes aceptar tu propio desafío; `cancelar` lo retira.",
                        ),
                        lang,
                    ));
                }
                if !mine(&c) {
                    let who = c.challenged.as_ref().map(mention).unwrap_or_default();
                    return Err(Reply::error(
                        tr(|l| {
                            en_es(
                                l,
                                format!("Challenge #{n} is for {who}, not for you."),
                                format!("El desafío #{n} es para {who}, no para ti."),
                            )
                        }),
                        lang,
                    ));
                }
                c.clone()
            }
            None => {
                let open: Vec<&ChallengeDoc> = all.iter().filter(mine).collect();
                // A challenge addressed to me comes before open ones.
                let direct: Vec<&ChallengeDoc> = open
                    .iter()
                    .copied()
                    .filter(|c| c.challenged.is_some())
                    .collect();
                let pick = if direct.len() == 1 { direct } else { open };
                match pick.as_slice() {
                    [c] => (*c).clone(),
                    [] => {
                        if self.pending_offer_game(st, &me.id).is_some() {
                            return self.answer_offer(msg, st, Answer::Accept, None, lang);
                        }
                        return Err(Reply::error(
                            Msg::new(
                                "No challenge is waiting for you here. `challenge @user GAME` starts one; `current` lists this channel's.",
                                "Aquí no te espera ningún desafío. `desafiar @usuario JUEGO` crea uno; `partidas` muestra los del canal.",
                            ),
                            lang,
                        ));
                    }
                    many => return Err(which_challenge(many, "accept", "aceptar", lang)),
                }
            }
        };
        let now = self.now();
        let record: GameRecord = format!("{} {}:", c.game, c.setup).parse().map_err(
            |e: tablero_rules::RecordError| {
                Reply::error(Msg::new(e.to_string(), e.to_string()), lang)
            },
        )?;
        let game = record
            .replay()
            .map_err(|e| Reply::error(Msg::new(e.to_string(), e.to_string()), lang))?;
        let challenger_side = match c.challenger_side {
            Some(s) => Side::from_index(s.into()).unwrap_or(Side::First),
            None if splitmix(now as u64 ^ c.id) & 1 == 0 => Side::First,
            None => Side::Second,
        };
        let mut players = [c.challenger.clone(), me.clone()];
        if challenger_side == Side::Second {
            players.swap(0, 1);
        }
        let mut doc = GameDoc {
            version: VERSION,
            channel: msg.channel.clone(),
            id: c.id,
            players,
            record: record.to_string(),
            created_ms: now,
            turn_started_ms: now,
            move_limit_secs: c.move_limit_secs,
            reminders_sent: 0,
            draw_offer: None,
            takeback: None,
            next_event_ms: None,
            result: None,
            finished_ms: None,
        };
        doc.next_event_ms = due_of(&doc);
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        b.put_game(&doc, None);
        self.commit(b, lang)?;
        let info = record.game.info();
        let live = Live { doc, game };
        let status = self.status(&live);
        let text = tr(|l| {
            let d = &live.doc;
            en_es(
                l,
                format!(
                    "{} accepts. Game #{}: {}, {} vs {}. {}",
                    mention(me),
                    d.id,
                    info.name(l),
                    player_text(d, info, Side::First, l),
                    player_text(d, info, Side::Second, l),
                    status.get(l)
                ),
                format!(
                    "{} acepta. Partida #{}: {}, {} contra {}. {}",
                    mention(me),
                    d.id,
                    info.name(l),
                    player_text(d, info, Side::First, l),
                    player_text(d, info, Side::Second, l),
                    status.get(l)
                ),
            )
        });
        let p = self.board_pending(&live, text, lang);
        st.games.insert(live.doc.id, live);
        Ok(p)
    }

    fn decline(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        let me = &msg.author;
        let all = self.challenges(&msg.channel, lang)?;
        let c = match n {
            Some(n) => {
                let Some(c) = all.iter().find(|c| c.id == n) else {
                    if st.games.contains_key(&n) {
                        return self.answer_offer(msg, st, Answer::Decline, Some(n), lang);
                    }
                    return Err(no_challenge(n, lang));
                };
                match &c.challenged {
                    Some(u) if u.id == me.id => c.clone(),
                    None if c.challenger.id != me.id => {
                        return Err(Reply::error(
                            tr(|l| {
                                en_es(
                                    l,
                                    format!(
                                        "#{n} is an open challenge: nobody has to decline it. Leave it and it expires."
                                    ),
                                    format!(
                                        "#{n} es un desafío abierto: nadie tiene que rechazarlo. Si nadie lo acepta, caduca."
                                    ),
                                )
                            }),
                            lang,
                        ));
                    }
                    _ if c.challenger.id == me.id => {
                        return Err(Reply::error(
                            Msg::new(
                                "That is your own challenge; `cancel` withdraws it.",
                                "Ese desafío es tuyo; `cancelar` lo retira.",
                            ),
                            lang,
                        ));
                    }
                    Some(u) => {
                        let who = mention(u);
                        return Err(Reply::error(
                            tr(|l| {
                                en_es(
                                    l,
                                    format!("Challenge #{n} is for {who}, not for you."),
                                    format!("El desafío #{n} es para {who}, no para ti."),
                                )
                            }),
                            lang,
                        ));
                    }
                    None => unreachable!("covered above"),
                }
            }
            None => {
                let to_me: Vec<&ChallengeDoc> = all
                    .iter()
                    .filter(|c| c.challenged.as_ref().is_some_and(|u| u.id == me.id))
                    .collect();
                match to_me.as_slice() {
                    [c] => (*c).clone(),
                    [] => {
                        if self.pending_offer_game(st, &me.id).is_some() {
                            return self.answer_offer(msg, st, Answer::Decline, None, lang);
                        }
                        return Err(Reply::error(
                            Msg::new(
                                "No challenge is addressed to you here.",
                                "Aquí no hay ningún desafío dirigido a ti.",
                            ),
                            lang,
                        ));
                    }
                    many => return Err(which_challenge(many, "decline", "rechazar", lang)),
                }
            }
        };
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        self.commit(b, lang)?;
        let (who, by) = (mention(me), mention(&c.challenger));
        let game = c.game.parse::<GameId>().map(|g| g.info()).ok();
        let mut r = Reply::new(
            tr(|l| {
                let g = game.map_or(c.game.clone(), |i| i.name(l).to_string());
                en_es(
                    l,
                    format!("{who} declines {by}'s challenge #{} to {g}.", c.id),
                    format!("{who} rechaza el desafío #{} de {by} a {g}.", c.id),
                )
            }),
            lang,
        );
        r.mentions = vec![me.clone(), c.challenger.clone()];
        Ok(r.into())
    }

    fn cancel(
        &self,
        msg: &Incoming,
        _st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Reply> {
        let me = &msg.author;
        let all = self.challenges(&msg.channel, lang)?;
        let own: Vec<&ChallengeDoc> = all.iter().filter(|c| c.challenger.id == me.id).collect();
        let c = match n {
            Some(n) => match all.iter().find(|c| c.id == n) {
                None => return Err(no_challenge(n, lang)),
                Some(c) if c.challenger.id != me.id => {
                    return Err(Reply::error(
                        tr(|l| {
                            en_es(
                                l,
                                format!(
                                    "Challenge #{n} is not yours to cancel; you may `decline` one addressed to you."
                                ),
                                format!(
                                    "El desafío #{n} no es tuyo; puedes `rechazar` uno dirigido a ti."
                                ),
                            )
                        }),
                        lang,
                    ));
                }
                Some(c) => c.clone(),
            },
            None => match own.as_slice() {
                [c] => (*c).clone(),
                [] => {
                    return Err(Reply::error(
                        Msg::new(
                            "You have no challenge waiting here.",
                            "No tienes ningún desafío pendiente aquí.",
                        ),
                        lang,
                    ));
                }
                many => return Err(which_challenge(many, "cancel", "cancelar", lang)),
            },
        };
        let mut b = self.store.batch();
        b.remove_challenge(&c);
        self.commit(b, lang)?;
        let who = mention(me);
        let mut r = Reply::new(
            tr(|l| {
                en_es(
                    l,
                    format!("{who} withdraws challenge #{}.", c.id),
                    format!("{who} retira el desafío #{}.", c.id),
                )
            }),
            lang,
        );
        r.mentions = std::iter::once(me.clone())
            .chain(c.challenged.clone())
            .collect();
        Ok(r)
    }

    /// Picks the game a command means: `n`, or the caller's only game here
    /// (`players_only`), or else the channel's only game.
    fn pick_game(
        &self,
        st: &ChannelState,
        me: &User,
        n: Option<GameNo>,
        players_only: bool,
        what: (&str, &str),
        lang: Lang,
    ) -> Res<u64> {
        if let Some(n) = n {
            if st.set_aside.contains(&n) {
                return Err(Reply::error(
                    tr(|l| {
                        en_es(
                            l,
                            format!(
                                "Game #{n} could not be loaded, so it has been set aside for the operator; nothing was deleted."
                            ),
                            format!(
                                "La partida #{n} no se pudo cargar y se ha apartado para el administrador; no se ha borrado nada."
                            ),
                        )
                    }),
                    lang,
                ));
            }
            let Some(live) = st.games.get(&n) else {
                return Err(Reply::error(
                    tr(|l| {
                        en_es(
                            l,
                            format!(
                                "There is no ongoing game #{n} in this channel. `current` lists them."
                            ),
                            format!(
                                "No hay ninguna partida #{n} en curso en este canal. `partidas` las muestra."
                            ),
                        )
                    }),
                    lang,
                ));
            };
            if players_only && player_side(&live.doc, &me.id).is_none() {
                return Err(not_a_player(n, lang));
            }
            return Ok(n);
        }
        let mine: Vec<u64> = st
            .games
            .values()
            .filter(|g| player_side(&g.doc, &me.id).is_some())
            .map(|g| g.doc.id)
            .collect();
        let all: Vec<u64> = st.games.keys().copied().collect();
        let pick = if mine.is_empty() && !players_only {
            all
        } else {
            mine
        };
        match pick.as_slice() {
            [one] => Ok(*one),
            [] if players_only => Err(Reply::error(
                Msg::new(
                    "You are not playing any game in this channel. `challenge @user GAME` starts one.",
                    "No juegas ninguna partida en este canal. `desafiar @usuario JUEGO` empieza una.",
                ),
                lang,
            )),
            [] => Err(Reply::error(
                Msg::new(
                    "No game is being played in this channel.",
                    "No se está jugando ninguna partida en este canal.",
                ),
                lang,
            )),
            many => Err(self.which_game(st, many, what, lang)),
        }
    }

    fn which_game(&self, st: &ChannelState, ids: &[u64], what: (&str, &str), lang: Lang) -> Reply {
        let list = |l: Lang| -> String {
            ids.iter()
                .filter_map(|id| st.games.get(id))
                .map(|g| {
                    let info = info_of(&g.doc);
                    format!(
                        "#{} {} ({} – {})",
                        g.doc.id,
                        info.name(l),
                        g.doc.players[0].name,
                        g.doc.players[1].name
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        Reply::error(
            tr(|l| {
                en_es(
                    l,
                    format!(
                        "Which game? {}. Add its number, for example `{}`.",
                        list(l),
                        what.0.replace("{#}", &format!("#{}", ids[0]))
                    ),
                    format!(
                        "¿Qué partida? {}. Añade su número, por ejemplo `{}`.",
                        list(l),
                        what.1.replace("{#}", &format!("#{}", ids[0]))
                    ),
                )
            }),
            lang,
        )
    }

    /// The status line: whose turn and time left, or the result.
    fn status(&self, live: &Live) -> Msg {
        let d = &live.doc;
        let info = info_of(d);
        let now = self.now();
        tr(|l| {
            if let Some(r) = &d.result {
                return result_text(d, info, r, l);
            }
            let side = live.game.turn().side;
            let who = player_text(d, info, side, l);
            let what = match (live.game.turn().phase, l) {
                (Phase::Play, Lang::En) => "to move",
                (Phase::Place, Lang::En) => "to place",
                (Phase::Choose, Lang::En) => "to choose",
                (Phase::Play, Lang::Es) => "mueve",
                (Phase::Place, Lang::Es) => "coloca",
                (Phase::Choose, Lang::Es) => "elige",
            };
            let clock = match deadline_of(d) {
                None => en_es(l, "no time limit".into(), "sin límite de tiempo".into()),
                Some(t) => en_es(
                    l,
                    format!("{} left", format_duration(t - now)),
                    format!("quedan {}", format_duration(t - now)),
                ),
            };
            let offers = match (d.draw_offer, d.takeback) {
                (Some(s), _) => en_es(
                    l,
                    format!(" {} offers a draw.", mention(&d.players[s as usize])),
                    format!(" {} ofrece tablas.", mention(&d.players[s as usize])),
                ),
                (_, Some(s)) => en_es(
                    l,
                    format!(" {} asks for a takeback.", mention(&d.players[s as usize])),
                    format!(" {} pide deshacer.", mention(&d.players[s as usize])),
                ),
                _ => String::new(),
            };
            en_es(
                l,
                format!("{who} {what} ({clock}).{offers}"),
                format!("{who} {what} ({clock}).{offers}"),
            )
        })
    }

    /// A reply showing `live`'s board, mentioning the player to move.
    fn board_pending(&self, live: &Live, text: Msg, lang: Lang) -> Pending {
        let mut reply = Reply::new(text, lang);
        reply.mentions = live.doc.players.to_vec();
        let ply = record_of(&live.doc).map(|r| r.moves.len()).unwrap_or(0);
        Pending {
            reply,
            board: Some(Board {
                game: live.game.clone(),
                players: live.doc.players.clone(),
                id: live.doc.id,
                ply,
                choices: true,
            }),
        }
    }

    fn board(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        if let Some(n) = n
            && !st.games.contains_key(&n)
            && let Some(p) = self.finished_pending(&msg.channel, n, lang)?
        {
            return Ok(p);
        }
        let id = self.pick_game(
            st,
            &msg.author,
            n,
            false,
            ("board {#}", "tablero {#}"),
            lang,
        )?;
        let live = &st.games[&id];
        let info = info_of(&live.doc);
        let status = self.status(live);
        let text = tr(|l| {
            format!(
                "#{} {}: {} – {}. {}",
                id,
                info.name(l),
                player_text(&live.doc, info, Side::First, l),
                player_text(&live.doc, info, Side::Second, l),
                status.get(l)
            )
        });
        Ok(self.board_pending(live, text, lang))
    }

    /// A finished game of this channel, shown with its result.
    fn finished_pending(&self, ch: &ChannelKey, n: u64, lang: Lang) -> Res<Option<Pending>> {
        let Some(doc) = self
            .store
            .game(ch, n, false)
            .map_err(|e| self.internal(&e, lang))?
        else {
            return Ok(None);
        };
        let game = record_of(&doc)
            .and_then(|r| r.replay().map_err(|e| e.to_string()))
            .map_err(|why| Reply::error(Msg::new(why.clone(), why), lang))?;
        let live = Live { doc, game };
        let info = info_of(&live.doc);
        let status = self.status(&live);
        let text = tr(|l| {
            format!(
                "#{} {} ({}): {} – {}. {}",
                n,
                info.name(l),
                en_es(l, "finished".into(), "terminada".into()),
                player_text(&live.doc, info, Side::First, l),
                player_text(&live.doc, info, Side::Second, l),
                status.get(l)
            )
        });
        let mut p = self.board_pending(&live, text, lang);
        if let Some(b) = &mut p.board {
            b.choices = false;
        }
        Ok(Some(p))
    }

    fn history(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Reply> {
        let doc = match n.filter(|n| !st.games.contains_key(n)) {
            Some(n) => match self
                .store
                .game(&msg.channel, n, false)
                .map_err(|e| self.internal(&e, lang))?
            {
                Some(d) => d,
                None => {
                    self.pick_game(
                        st,
                        &msg.author,
                        Some(n),
                        false,
                        ("history {#}", "historial {#}"),
                        lang,
                    )?;
                    unreachable!("pick_game fails for a missing game")
                }
            },
            None => {
                let id = self.pick_game(
                    st,
                    &msg.author,
                    n,
                    false,
                    ("history {#}", "historial {#}"),
                    lang,
                )?;
                st.games[&id].doc.clone()
            }
        };
        let record =
            record_of(&doc).map_err(|why| Reply::error(Msg::new(why.clone(), why), lang))?;
        let info = record.game.info();
        let movers = movers(&record);
        let mut list = String::new();
        let mut number = 0;
        let mut open_second = false;
        for (m, side) in record.moves.iter().zip(&movers) {
            match side {
                Side::First => {
                    number += 1;
                    list.push_str(&format!(
                        "{}{number}. {m}",
                        if list.is_empty() { "" } else { " " }
                    ));
                    open_second = true;
                }
                Side::Second if open_second => {
                    list.push_str(&format!(" {m}"));
                    open_second = false;
                }
                Side::Second => {
                    number += usize::from(number == 0);
                    list.push_str(&format!(
                        "{}{number}… {m}",
                        if list.is_empty() { "" } else { " " }
                    ));
                }
            }
        }
        let result = doc
            .result
            .as_ref()
            .map(|r| tr(|l| result_text(&doc, info, r, l)));
        let text = tr(|l| {
            let moves = if list.is_empty() {
                en_es(l, "no moves yet".into(), "aún sin jugadas".into())
            } else {
                list.clone()
            };
            let mut s = format!(
                "#{} {}: {} – {}\n{moves}\n{} `{record}`",
                doc.id,
                info.name(l),
                player_text(&doc, info, Side::First, l),
                player_text(&doc, info, Side::Second, l),
                en_es(l, "Record:".into(), "Registro:".into()),
            );
            if let Some(r) = &result {
                s.push('\n');
                s.push_str(r.get(l));
            }
            s
        });
        let mut r = Reply::new(text, lang);
        r.mentions = doc.players.to_vec();
        Ok(r)
    }

    fn channel_listing(&self, ch: &ChannelKey, st: &ChannelState) -> Msg {
        let challenges: Vec<ChallengeDoc> = self
            .store
            .channel_challenges(ch)
            .map(|v| v.into_iter().filter_map(Result::ok).collect())
            .unwrap_or_default();
        let now = self.now();
        tr(|l| {
            let mut lines = Vec::new();
            for g in st.games.values() {
                let info = info_of(&g.doc);
                let side = g.game.turn().side;
                let left = deadline_of(&g.doc)
                    .map(|t| format!(", {}", format_duration(t - now)))
                    .unwrap_or_default();
                lines.push(en_es(
                    l,
                    format!(
                        "#{} {}: {} vs {} — {} to move{left}",
                        g.doc.id,
                        info.name(l),
                        g.doc.players[0].name,
                        g.doc.players[1].name,
                        g.doc.players[side.index()].name
                    ),
                    format!(
                        "#{} {}: {} contra {} — le toca a {}{left}",
                        g.doc.id,
                        info.name(l),
                        g.doc.players[0].name,
                        g.doc.players[1].name,
                        g.doc.players[side.index()].name
                    ),
                ));
            }
            for c in challenges.iter().filter(|c| c.expires_ms > now) {
                let name = c
                    .game
                    .parse::<GameId>()
                    .map_or(c.game.clone(), |g| g.info().name(l).to_string());
                let to = match &c.challenged {
                    Some(u) => u.name.clone(),
                    None => en_es(l, "anyone".into(), "cualquiera".into()),
                };
                lines.push(en_es(
                    l,
                    format!("#{} challenge: {} → {to}, {name}", c.id, c.challenger.name),
                    format!("#{} desafío: {} → {to}, {name}", c.id, c.challenger.name),
                ));
            }
            if lines.is_empty() {
                en_es(
                    l,
                    "No games in this channel.".into(),
                    "No hay partidas en este canal.".into(),
                )
            } else {
                en_es(l, "In this channel:\n".into(), "En este canal:\n".into()) + &lines.join("\n")
            }
        })
    }

    fn my_games(&self, me: &User, platform: &str, lang: Lang) -> Res<Reply> {
        let list = self
            .store
            .user_games(platform, &me.id)
            .map_err(|e| self.internal(&e, lang))?;
        let now = self.now();
        let mut rows: Vec<(ChannelKey, GameDoc, Side)> = Vec::new();
        for (ch, id) in list {
            let st = self.channel(&ch);
            let mut st = lock(&st);
            if self.ensure_loaded(&ch, &mut st).is_err() {
                continue;
            }
            if let Some(g) = st.games.get(&id) {
                rows.push((ch.clone(), g.doc.clone(), g.game.turn().side));
            }
        }
        let text = tr(|l| {
            if rows.is_empty() {
                return en_es(
                    l,
                    "You have no ongoing games.".into(),
                    "No tienes partidas en curso.".into(),
                );
            }
            let mut s = en_es(l, "Your games:".into(), "Tus partidas:".into());
            for (ch, d, side) in &rows {
                let info = info_of(d);
                let my = player_side(d, &me.id).unwrap_or(Side::First);
                let opp = &d.players[my.other().index()].name;
                let left = deadline_of(d)
                    .map(|t| format_duration(t - now))
                    .map(|t| en_es(l, format!(", {t} left"), format!(", quedan {t}")))
                    .unwrap_or_default();
                let turn = if *side == my {
                    en_es(l, "your move".into(), "te toca".into())
                } else {
                    en_es(l, format!("{opp}'s move"), format!("le toca a {opp}"))
                };
                s.push_str(&en_es(
                    l,
                    format!(
                        "\n#{} in {}: {} vs {opp} — {turn}{left}",
                        d.id,
                        ch.channel,
                        info.name(l)
                    ),
                    format!(
                        "\n#{} en {}: {} contra {opp} — {turn}{left}",
                        d.id,
                        ch.channel,
                        info.name(l)
                    ),
                ));
            }
            s
        });
        Ok(Reply::new(text, lang))
    }

    /// Plays `text` for the author.
    fn play(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        text: &str,
        explicit: bool,
        lang: Lang,
    ) -> Res<Option<Pending>> {
        let me = &msg.author;
        let id = match n {
            Some(_) => self.pick_game(st, me, n, true, ("move {#}", "mover {#}"), lang)?,
            None => {
                let mine: Vec<&Live> = st
                    .games
                    .values()
                    .filter(|g| player_side(&g.doc, &me.id).is_some())
                    .collect();
                if mine.is_empty() {
                    if !explicit {
                        return Ok(None);
                    }
                    let w = text.split_whitespace().next().unwrap_or("");
                    if command::find(msg.text.split_whitespace().next().unwrap_or("")).is_some() {
                        return Err(Reply::error(
                            Msg::new(
                                "You are not playing any game in this channel. `challenge @user GAME` starts one.",
                                "No juegas ninguna partida en este canal. `desafiar @usuario JUEGO` empieza una.",
                            ),
                            lang,
                        ));
                    }
                    return Err(Reply::error(
                        tr(|l| {
                            en_es(
                                l,
                                format!(
                                    "Unknown command `{w}`, and you have no game here to play it in. `help` lists the commands."
                                ),
                                format!(
                                    "Orden desconocida `{w}`, y no tienes aquí ninguna partida en la que jugarla. `ayuda` muestra las órdenes."
                                ),
                            )
                        }),
                        lang,
                    ));
                }
                let to_move: Vec<&Live> = mine
                    .iter()
                    .copied()
                    .filter(|g| player_side(&g.doc, &me.id) == Some(g.game.turn().side))
                    .collect();
                let fits: Vec<u64> = to_move
                    .iter()
                    .filter(|g| apply(&g.game, text).is_ok())
                    .map(|g| g.doc.id)
                    .collect();
                match (fits.as_slice(), to_move.as_slice(), mine.as_slice()) {
                    ([one], _, _) => *one,
                    (_, _, _) if !explicit => return Ok(None),
                    ([], [one], _) => one.doc.id,
                    ([], [], [one]) => one.doc.id,
                    ([], [], many) => {
                        // Not their turn anywhere: maybe a repeated move.
                        if let Some(g) = many.iter().find(|g| already_played(g, me, text)) {
                            return Err(already(g.doc.id, lang));
                        }
                        return Err(Reply::error(
                            Msg::new(
                                "It is not your turn in any of your games here.",
                                "No te toca en ninguna de tus partidas de aquí.",
                            ),
                            lang,
                        ));
                    }
                    (_, many, _) => {
                        let ids: Vec<u64> = many.iter().map(|g| g.doc.id).collect();
                        return Err(self.which_game(
                            st,
                            &ids,
                            (
                                &format!("move {{#}} {text}"),
                                &format!("mover {{#}} {text}"),
                            ),
                            lang,
                        ));
                    }
                }
            }
        };
        let live = st.games.get(&id).expect("picked from the channel's games");
        let Some(side) = player_side(&live.doc, &me.id) else {
            return Err(not_a_player(id, lang));
        };
        let turn = live.game.turn().side;
        if turn != side {
            if already_played(live, me, text) {
                return Err(already(id, lang));
            }
            let other = mention(&live.doc.players[turn.index()]);
            return Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!("It's not your turn in #{id}: waiting for {other}."),
                        format!("No te toca en la partida #{id}: le toca a {other}."),
                    )
                }),
                lang,
            ));
        }
        let (game, played) = match apply(&live.game, text) {
            Ok(x) => x,
            Err(e) => {
                if already_played(live, me, text) {
                    return Err(already(id, lang));
                }
                let hint = hint_moves(&live.game);
                return Err(Reply::error(
                    tr(|l| {
                        en_es(
                            l,
                            format!("{} Legal moves include: {hint}.", e.message(l)),
                            format!("{} Algunas jugadas legales: {hint}.", e.message(l)),
                        )
                    }),
                    lang,
                ));
            }
        };
        let now = self.now();
        let old = live.doc.clone();
        let mut record =
            record_of(&old).map_err(|why| Reply::error(Msg::new(why.clone(), why), lang))?;
        record.moves.extend(played.iter().cloned());
        let mut doc = old.clone();
        doc.record = record.to_string();
        doc.turn_started_ms = now;
        doc.reminders_sent = 0;
        doc.draw_offer = None;
        doc.takeback = None;
        let outcome = game.outcome();
        let mut b = self.store.batch();
        let stats_guard = outcome.map(|_| lock(&self.stats_lock));
        if let Some(o) = outcome {
            self.finish_doc(&mut doc, &mut b, outcome_doc(o), now, lang)?;
        } else {
            doc.next_event_ms = due_of(&doc);
        }
        b.put_game(&doc, Some(&old));
        self.commit(b, lang)?;
        drop(stats_guard);
        let live = Live { doc, game };
        let status = self.status(&live);
        let moves = played.join(" ");
        let text = tr(|l| {
            en_es(
                l,
                format!("{} played {moves} in #{id}. {}", mention(me), status.get(l)),
                format!(
                    "{} jugó {moves} en la partida #{id}. {}",
                    mention(me),
                    status.get(l)
                ),
            )
        });
        let p = self.board_pending(&live, text, lang);
        if outcome.is_some() {
            st.games.remove(&id);
        } else {
            st.games.insert(id, live);
        }
        Ok(Some(p))
    }

    /// Marks `doc` finished with `result` and adds the players' stats to
    /// `b`. The caller commits `b` holding the stats lock.
    fn finish_doc(
        &self,
        doc: &mut GameDoc,
        b: &mut tablero_store::Batch,
        result: ResultDoc,
        now: i64,
        lang: Lang,
    ) -> Res<()> {
        let key = record_of(doc)
            .map(|r| r.game.key().to_string())
            .unwrap_or_default();
        for side in Side::ALL {
            let u = &doc.players[side.index()];
            let mut s: StatsDoc = self
                .store
                .stats(&doc.channel.platform, &u.id)
                .map_err(|e| self.internal(&e, lang))?
                .into_iter()
                .find(|(g, _)| *g == key)
                .map(|(_, s)| s)
                .unwrap_or_default();
            s.version = VERSION;
            match result.winner {
                None => s.draws += 1,
                Some(w) if usize::from(w) == side.index() => s.wins += 1,
                Some(_) => s.losses += 1,
            }
            b.put_stats(&doc.channel.platform, &u.id, &key, &s);
        }
        doc.result = Some(result);
        doc.finished_ms = Some(now);
        doc.next_event_ms = None;
        doc.draw_offer = None;
        doc.takeback = None;
        Ok(())
    }

    /// Ends a game for a reason outside the rules (resignation, agreement,
    /// time) and writes it.
    fn end_game(
        &self,
        st: &mut ChannelState,
        id: u64,
        result: ResultDoc,
        lang: Lang,
    ) -> Res<GameDoc> {
        let live = &st.games[&id];
        let old = live.doc.clone();
        let mut doc = old.clone();
        let mut b = self.store.batch();
        let _stats = lock(&self.stats_lock);
        self.finish_doc(&mut doc, &mut b, result, self.now(), lang)?;
        b.put_game(&doc, Some(&old));
        self.commit(b, lang)?;
        st.games.remove(&id);
        Ok(doc)
    }

    fn resign(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Reply> {
        let id = self.pick_game(
            st,
            &msg.author,
            n,
            true,
            ("resign {#}", "rendirse {#}"),
            lang,
        )?;
        let side = player_side(&st.games[&id].doc, &msg.author.id).expect("a player");
        let doc = self.end_game(
            st,
            id,
            ResultDoc {
                winner: Some(side.other().index() as u8),
                reason: "resigned".into(),
            },
            lang,
        )?;
        let info = info_of(&doc);
        let who = mention(&msg.author);
        let mut r = Reply::new(
            tr(|l| {
                let res = result_text(&doc, info, doc.result.as_ref().expect("finished"), l);
                en_es(
                    l,
                    format!("{who} resigns game #{id}. {res}"),
                    format!("{who} abandona la partida #{id}. {res}"),
                )
            }),
            lang,
        );
        r.mentions = doc.players.to_vec();
        Ok(r)
    }

    /// The caller's game here with an offer or request from the opponent.
    fn pending_offer_game(&self, st: &ChannelState, me: &str) -> Option<u64> {
        let v: Vec<u64> = st
            .games
            .values()
            .filter(|g| {
                let Some(s) = player_side(&g.doc, me) else {
                    return false;
                };
                let other = s.other().index() as u8;
                g.doc.draw_offer == Some(other) || g.doc.takeback == Some(other)
            })
            .map(|g| g.doc.id)
            .collect();
        (v.len() == 1).then(|| v[0])
    }

    /// `accept`/`decline` aimed at a draw offer or takeback request.
    fn answer_offer(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        a: Answer,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        let id = match n {
            Some(n) => n,
            None => self.pending_offer_game(st, &msg.author.id).unwrap_or(0),
        };
        let doc = st.games.get(&id).map(|g| g.doc.clone());
        let Some(doc) = doc else {
            return Err(no_challenge(id, lang));
        };
        let side = player_side(&doc, &msg.author.id).ok_or_else(|| not_a_player(id, lang))?;
        let other = side.other().index() as u8;
        if doc.draw_offer == Some(other) {
            self.draw(msg, st, Some(a), Some(id), lang)
        } else if doc.takeback == Some(other) {
            self.takeback(msg, st, Some(a), Some(id), lang)
        } else {
            Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!("Nothing in game #{id} waits for your answer."),
                        format!("En la partida #{id} nada espera tu respuesta."),
                    )
                }),
                lang,
            ))
        }
    }

    fn draw(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        a: Option<Answer>,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        let id = self.pick_game(st, &msg.author, n, true, ("draw {#}", "tablas {#}"), lang)?;
        let live = &st.games[&id];
        let info = info_of(&live.doc);
        if !info.draws {
            return Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!("{} has no draws: play on, or `resign`.", info.name(l)),
                        format!(
                            "{} no tiene tablas: sigue jugando, o `rendirse`.",
                            info.name(l)
                        ),
                    )
                }),
                lang,
            ));
        }
        let me = &msg.author;
        let side = player_side(&live.doc, &me.id).expect("a player");
        let mine = side.index() as u8;
        let theirs = side.other().index() as u8;
        let opp = live.doc.players[side.other().index()].clone();
        let who = mention(me);
        let them = mention(&opp);
        let offered_by_them = live.doc.draw_offer == Some(theirs);
        match a {
            Some(Answer::Accept) | None if offered_by_them => {
                let doc = self.end_game(
                    st,
                    id,
                    ResultDoc {
                        winner: None,
                        reason: "agreed".into(),
                    },
                    lang,
                )?;
                let mut r = Reply::new(
                    tr(|l| {
                        en_es(
                            l,
                            format!("{who} accepts the draw in #{id}. The game is drawn."),
                            format!(
                                "{who} acepta las tablas en la partida #{id}. La partida acaba en tablas."
                            ),
                        )
                    }),
                    lang,
                );
                r.mentions = doc.players.to_vec();
                Ok(r.into())
            }
            Some(Answer::Decline) if offered_by_them => {
                let mut doc = live.doc.clone();
                doc.draw_offer = None;
                self.save_doc(st, id, doc, lang)?;
                let mut r = Reply::new(
                    tr(|l| {
                        en_es(
                            l,
                            format!("{who} declines the draw in #{id}. Play on."),
                            format!(
                                "{who} rechaza las tablas en la partida #{id}. Se sigue jugando."
                            ),
                        )
                    }),
                    lang,
                );
                r.mentions = vec![me.clone(), opp];
                Ok(r.into())
            }
            Some(_) => Err(Reply::error(
                Msg::new(
                    "Nobody has offered you a draw. `draw` offers one.",
                    "Nadie te ha ofrecido tablas. `tablas` las ofrece.",
                ),
                lang,
            )),
            None if live.doc.draw_offer == Some(mine) => Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!("You have already offered a draw in #{id}; waiting for {them}."),
                        format!(
                            "Ya has ofrecido tablas en la partida #{id}; falta la respuesta de {them}."
                        ),
                    )
                }),
                lang,
            )),
            None => {
                let mut doc = live.doc.clone();
                doc.draw_offer = Some(mine);
                self.save_doc(st, id, doc, lang)?;
                let mut r = Reply::new(
                    tr(|l| {
                        en_es(
                            l,
                            format!(
                                "{who} offers a draw in #{id}. {them}: `draw accept` or `draw decline`."
                            ),
                            format!(
                                "{who} ofrece tablas en la partida #{id}. {them}: `tablas aceptar` o `tablas rechazar`."
                            ),
                        )
                    }),
                    lang,
                );
                r.mentions = vec![me.clone(), opp];
                Ok(r.into())
            }
        }
    }

    /// Writes a changed ongoing game (offers, requests, reminders).
    fn save_doc(&self, st: &mut ChannelState, id: u64, doc: GameDoc, lang: Lang) -> Res<()> {
        let live = st.games.get_mut(&id).expect("ongoing");
        let mut b = self.store.batch();
        b.put_game(&doc, Some(&live.doc));
        self.commit(b, lang)?;
        live.doc = doc;
        Ok(())
    }

    fn takeback(
        &self,
        msg: &Incoming,
        st: &mut ChannelState,
        a: Option<Answer>,
        n: Option<GameNo>,
        lang: Lang,
    ) -> Res<Pending> {
        let id = self.pick_game(
            st,
            &msg.author,
            n,
            true,
            ("takeback {#}", "deshacer {#}"),
            lang,
        )?;
        let live = &st.games[&id];
        let me = &msg.author;
        let side = player_side(&live.doc, &me.id).expect("a player");
        let mine = side.index() as u8;
        let theirs = side.other().index() as u8;
        let opp = live.doc.players[side.other().index()].clone();
        let (who, them) = (mention(me), mention(&opp));
        let asked_by_them = live.doc.takeback == Some(theirs);
        match a {
            Some(Answer::Accept) if asked_by_them => {
                let record = record_of(&live.doc)
                    .map_err(|why| Reply::error(Msg::new(why.clone(), why), lang))?;
                let movers = movers(&record);
                // Undo back to and including the requester's last move.
                let Some(cut) = movers.iter().rposition(|s| s.index() as u8 == theirs) else {
                    return Err(Reply::error(
                        Msg::new(
                            "There is no move to take back.",
                            "No hay ninguna jugada que deshacer.",
                        ),
                        lang,
                    ));
                };
                let mut rec = record.clone();
                rec.moves.truncate(cut);
                let game = rec
                    .replay()
                    .map_err(|e| Reply::error(Msg::new(e.to_string(), e.to_string()), lang))?;
                let undone = record.moves[cut..].join(" ");
                let mut doc = live.doc.clone();
                doc.record = rec.to_string();
                doc.takeback = None;
                doc.draw_offer = None;
                doc.turn_started_ms = self.now();
                doc.reminders_sent = 0;
                doc.next_event_ms = due_of(&doc);
                self.save_doc(st, id, doc, lang)?;
                let live = st.games.get_mut(&id).expect("ongoing");
                live.game = game;
                let status = self.status(live);
                let text = tr(|l| {
                    en_es(
                        l,
                        format!(
                            "{who} accepts the takeback in #{id}: {undone} taken back. {}",
                            status.get(l)
                        ),
                        format!(
                            "{who} acepta deshacer en la partida #{id}: se deshace {undone}. {}",
                            status.get(l)
                        ),
                    )
                });
                Ok(self.board_pending(live, text, lang))
            }
            Some(Answer::Decline) if asked_by_them => {
                let mut doc = live.doc.clone();
                doc.takeback = None;
                self.save_doc(st, id, doc, lang)?;
                let mut r = Reply::new(
                    tr(|l| {
                        en_es(
                            l,
                            format!("{who} declines the takeback in #{id}."),
                            format!("{who} rechaza deshacer en la partida #{id}."),
                        )
                    }),
                    lang,
                );
                r.mentions = vec![me.clone(), opp];
                Ok(r.into())
            }
            Some(_) => Err(Reply::error(
                Msg::new(
                    "Nobody has asked you for a takeback. `takeback` asks for one.",
                    "Nadie te ha pedido deshacer. `deshacer` lo pide.",
                ),
                lang,
            )),
            None if asked_by_them => Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!(
                            "{them} asked for a takeback in #{id}: answer `takeback accept` or `takeback decline`."
                        ),
                        format!(
                            "{them} pidió deshacer en la partida #{id}: responde `deshacer aceptar` o `deshacer rechazar`."
                        ),
                    )
                }),
                lang,
            )),
            None if live.doc.takeback == Some(mine) => Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!(
                            "You have already asked for a takeback in #{id}; waiting for {them}."
                        ),
                        format!(
                            "Ya has pedido deshacer en la partida #{id}; falta la respuesta de {them}."
                        ),
                    )
                }),
                lang,
            )),
            None => {
                let record = record_of(&live.doc)
                    .map_err(|why| Reply::error(Msg::new(why.clone(), why), lang))?;
                if !movers(&record).contains(&side) {
                    return Err(Reply::error(
                        Msg::new(
                            "You have not moved yet, so there is nothing to take back.",
                            "Aún no has jugado, así que no hay nada que deshacer.",
                        ),
                        lang,
                    ));
                }
                let mut doc = live.doc.clone();
                doc.takeback = Some(mine);
                self.save_doc(st, id, doc, lang)?;
                let mut r = Reply::new(
                    tr(|l| {
                        en_es(
                            l,
                            format!(
                                "{who} asks to take back their last move in #{id}. {them}: `takeback accept` or `takeback decline`."
                            ),
                            format!(
                                "{who} pide deshacer su última jugada en la partida #{id}. {them}: `deshacer aceptar` o `deshacer rechazar`."
                            ),
                        )
                    }),
                    lang,
                );
                r.mentions = vec![me.clone(), opp];
                Ok(r.into())
            }
        }
    }

    fn stats(&self, platform: &str, user: &User, lang: Lang) -> Res<Reply> {
        let rows = self
            .store
            .stats(platform, &user.id)
            .map_err(|e| self.internal(&e, lang))?;
        let who = mention(user);
        let mut r = Reply::new(
            tr(|l| {
                if rows.is_empty() {
                    return en_es(
                        l,
                        format!("{who} has no finished games yet."),
                        format!("{who} aún no ha terminado ninguna partida."),
                    );
                }
                let mut s = en_es(
                    l,
                    format!("Stats for {who}:"),
                    format!("Estadísticas de {who}:"),
                );
                let (mut w, mut lo, mut d) = (0, 0, 0);
                for (g, st) in &rows {
                    let name = g
                        .parse::<GameId>()
                        .map_or(g.clone(), |g| g.info().name(l).to_string());
                    s.push_str(&en_es(
                        l,
                        format!(
                            "\n{name}: {} won, {} lost, {} drawn",
                            st.wins, st.losses, st.draws
                        ),
                        format!(
                            "\n{name}: {} ganadas, {} perdidas, {} tablas",
                            st.wins, st.losses, st.draws
                        ),
                    ));
                    (w, lo, d) = (w + st.wins, lo + st.losses, d + st.draws);
                }
                s.push_str(&en_es(
                    l,
                    format!("\nTotal: {w} won, {lo} lost, {d} drawn"),
                    format!("\nTotal: {w} ganadas, {lo} perdidas, {d} tablas"),
                ));
                s
            }),
            lang,
        );
        r.mentions = vec![user.clone()];
        Ok(r)
    }

    fn set_lang(&self, msg: &Incoming, word: Option<&str>, lang: Lang) -> Res<Reply> {
        let Some(word) = word else {
            return Ok(Reply::new(
                Msg::new(
                    "You read English. `lang es` switches to Spanish.",
                    "Lees en español. `idioma en` cambia a inglés.",
                ),
                lang,
            ));
        };
        let Some(new) = Lang::parse(word) else {
            return Err(Reply::error(
                tr(|l| {
                    en_es(
                        l,
                        format!("`{word}` is not a language I speak: `en` or `es`."),
                        format!("`{word}` no es un idioma que hable: `en` o `es`."),
                    )
                }),
                lang,
            ));
        };
        let p = &msg.channel.platform;
        let mut doc = self
            .store
            .profile(p, &msg.author.id)
            .map_err(|e| self.internal(&e, lang))?
            .unwrap_or(ProfileDoc {
                version: VERSION,
                name: msg.author.name.clone(),
                lang: None,
            });
        doc.lang = Some(match new {
            Lang::En => "en".into(),
            Lang::Es => "es".into(),
        });
        let mut b = self.store.batch();
        b.put_profile(p, &msg.author.id, &doc);
        self.commit(b, lang)?;
        Ok(Reply::new(
            Msg::new("I'll write to you in English.", "Te escribiré en español."),
            new,
        ))
    }

    /// Posts what has fallen due: reminders at half and 90 % of a turn's
    /// time, losses on time, expired challenges. Safe to call at any time
    /// and after a restart: whatever fell due meanwhile is caught up, and a
    /// turn whose time ran out gets only the timeout, not stale reminders.
    pub fn tick(&self) -> Vec<Outgoing> {
        let now = self.now();
        let timers = match self.store.due_timers(now) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for t in timers {
            let lang = self.settings.language;
            let done = match t.kind {
                TimerKind::Game => self.game_timer(&t, now),
                TimerKind::Challenge => self.challenge_timer(&t, now),
            };
            match done {
                Ok(Some(p)) => {
                    let mut reply = self.finish_reply(p);
                    self.settle_mentions(&t.channel.platform, &mut reply);
                    out.push(Outgoing {
                        channel: t.channel.clone(),
                        reply,
                    });
                }
                Ok(None) => {}
                Err(r) => eprintln!("warning: timer {t:?}: {}", r.text.get(lang)),
            }
        }
        out
    }

    fn drop_timer(&self, t: &tablero_store::Timer, lang: Lang) -> Res<Option<Pending>> {
        let mut b = self.store.batch();
        b.remove_timer(t);
        self.commit(b, lang)?;
        Ok(None)
    }

    fn game_timer(&self, t: &tablero_store::Timer, now: i64) -> Res<Option<Pending>> {
        let lang = self.settings.language;
        self.with_channel(&t.channel, lang, |st| {
            let Some(live) = st
                .games
                .get(&t.id)
                .filter(|g| g.doc.next_event_ms == Some(t.due_ms))
            else {
                return self.drop_timer(t, lang);
            };
            let side = live.game.turn().side;
            let user = live.doc.players[side.index()].clone();
            let lang = self.lang_of(&t.channel, &user.id);
            let Some(deadline) = deadline_of(&live.doc) else {
                return self.drop_timer(t, lang);
            };
            let id = t.id;
            let who = mention(&user);
            if now >= deadline {
                let doc = self.end_game(
                    st,
                    id,
                    ResultDoc {
                        winner: Some(side.other().index() as u8),
                        reason: "time".into(),
                    },
                    lang,
                )?;
                let info = info_of(&doc);
                let mut r = Reply::new(
                    tr(|l| {
                        let res =
                            result_text(&doc, info, doc.result.as_ref().expect("finished"), l);
                        en_es(
                            l,
                            format!("{who} ran out of time in game #{id}. {res}"),
                            format!("A {who} se le acabó el tiempo en la partida #{id}. {res}"),
                        )
                    }),
                    lang,
                );
                r.mentions = doc.players.to_vec();
                return Ok(Some(r.into()));
            }
            let limit = deadline - live.doc.turn_started_ms;
            let mut doc = live.doc.clone();
            doc.reminders_sent = if now >= live.doc.turn_started_ms + limit * 9 / 10 {
                2
            } else {
                1
            };
            doc.next_event_ms = due_of(&doc);
            let info = info_of(&doc);
            self.save_doc(st, id, doc, lang)?;
            let left = format_duration(deadline - now);
            let mut r = Reply::new(
                tr(|l| {
                    en_es(
                        l,
                        format!(
                            "{who}, it's your move in game #{id} ({}): {left} left.",
                            info.name(l)
                        ),
                        format!(
                            "{who}, te toca en la partida #{id} ({}): quedan {left}.",
                            info.name(l)
                        ),
                    )
                }),
                lang,
            );
            r.mentions = vec![user];
            Ok(Some(r.into()))
        })
    }

    fn challenge_timer(&self, t: &tablero_store::Timer, now: i64) -> Res<Option<Pending>> {
        let lang = self.settings.language;
        self.with_channel(&t.channel, lang, |_st| {
            let c = self
                .store
                .challenge(&t.channel, t.id)
                .map_err(|e| self.internal(&e, lang))?;
            let Some(c) = c.filter(|c| c.expires_ms == t.due_ms && c.expires_ms <= now) else {
                return self.drop_timer(t, lang);
            };
            let mut b = self.store.batch();
            b.remove_challenge(&c);
            self.commit(b, lang)?;
            let lang = self.lang_of(&t.channel, &c.challenger.id);
            let who = mention(&c.challenger);
            let mut r = Reply::new(
                tr(|l| {
                    let g = c
                        .game
                        .parse::<GameId>()
                        .map_or(c.game.clone(), |g| g.info().name(l).to_string());
                    en_es(
                        l,
                        format!("{who}, your challenge #{} to {g} expired unanswered.", c.id),
                        format!("{who}, tu desafío #{} a {g} caducó sin respuesta.", c.id),
                    )
                }),
                lang,
            );
            r.mentions = vec![c.challenger.clone()];
            Ok(Some(r.into()))
        })
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn parse_game(name: &str, lang: Lang) -> Res<GameId> {
    name.parse::<GameId>().map_err(|_| {
        let ids: Vec<&str> = GameId::ALL.iter().map(|g| g.key()).collect();
        let ids = ids.join(", ");
        Reply::error(
            tr(|l| {
                en_es(
                    l,
                    format!("There is no game `{name}`. Games: {ids}."),
                    format!("No hay ningún juego `{name}`. Juegos: {ids}."),
                )
            }),
            lang,
        )
    })
}

/// The challenge side options of a game: its side names in both languages
/// plus the generic words.
fn side_words(info: &GameInfo) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for s in info.sides {
        v.push(s.en.to_lowercase());
    }
    v.push("random".into());
    v
}

/// The side a challenge word picks: `Some(Some(i))`, or `Some(None)` for
/// random.
fn side_word(info: &GameInfo, w: &str) -> Option<Option<u8>> {
    let fold = |s: &str| {
        s.to_lowercase()
            .replace('á', "a")
            .replace('é', "e")
            .replace('í', "i")
            .replace('ó', "o")
            .replace('ú', "u")
    };
    let w = fold(w);
    if matches!(w.as_str(), "random" | "azar" | "aleatorio") {
        return Some(None);
    }
    if matches!(w.as_str(), "first" | "primero") {
        return Some(Some(0));
    }
    if matches!(w.as_str(), "second" | "segundo") {
        return Some(Some(1));
    }
    for (i, s) in info.sides.iter().enumerate() {
        let names = [fold(s.en), fold(s.es)];
        let singular = |n: &String| {
            [
                n.clone(),
                n.trim_end_matches('s').to_string(),
                n.trim_end_matches("es").to_string(),
            ]
        };
        if names.iter().any(|n| singular(n).contains(&w) || *n == w) {
            return Some(Some(i as u8));
        }
    }
    None
}

fn limit_text(limit: Option<i64>, l: Lang) -> String {
    match limit {
        Some(ms) => format_duration(ms),
        None => en_es(l, "no time limit".into(), "sin límite de tiempo".into()),
    }
}

fn result_text(d: &GameDoc, info: &GameInfo, r: &ResultDoc, l: Lang) -> String {
    let why = reason_text(&r.reason, l);
    match r.winner.and_then(|w| Side::from_index(w.into())) {
        Some(w) => en_es(
            l,
            format!("{} wins: {why}.", player_text(d, info, w, l)),
            format!("Gana {}: {why}.", player_text(d, info, w, l)),
        ),
        None => en_es(l, format!("Draw: {why}."), format!("Tablas: {why}.")),
    }
}

fn outcome_doc(o: Outcome) -> ResultDoc {
    ResultDoc {
        winner: o.winner.map(|s| s.index() as u8),
        reason: o.reason.key().into(),
    }
}

/// Plays `text` on a copy of `game`: the whole text as one move, or else
/// (for multi-piece set-ups such as Empuje's `Wa1 Wb2 Bc3`) each word in
/// turn by the same player, all or nothing. Returns the new position and the
/// canonical moves.
fn apply(game: &AnyGame, text: &str) -> Result<(AnyGame, Vec<String>), MoveError> {
    let mut g = game.clone();
    let first = match g.play(text) {
        Ok(m) => return Ok((g, vec![m])),
        Err(e) => e,
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 2 {
        return Err(first);
    }
    let side = game.turn().side;
    let mut g = game.clone();
    let mut played = Vec::new();
    for w in words {
        if g.outcome().is_some() || g.turn().side != side {
            return Err(first);
        }
        match g.play(w) {
            Ok(m) => played.push(m),
            Err(e) if played.is_empty() => return Err(first_or(e, first)),
            Err(e) => return Err(e),
        }
    }
    Ok((g, played))
}

fn first_or(e: MoveError, first: MoveError) -> MoveError {
    match e {
        MoveError::Syntax { .. } => first,
        e => e,
    }
}

/// Who made each move of a record.
fn movers(record: &GameRecord) -> Vec<Side> {
    let mut out = Vec::new();
    let Ok(mut g) = AnyGame::new(record.game, &record.setup) else {
        return out;
    };
    for m in &record.moves {
        out.push(g.turn().side);
        if g.play(m).is_err() {
            break;
        }
    }
    out
}

/// Whether `text` is exactly the move(s) `me` played last in `live`: a
/// repeated press of the same move.
fn already_played(live: &Live, me: &User, text: &str) -> bool {
    let Some(side) = player_side(&live.doc, &me.id) else {
        return false;
    };
    let Ok(record) = record_of(&live.doc) else {
        return false;
    };
    let n = text.split_whitespace().count().max(1);
    let movers = movers(&record);
    for k in 1..=n.min(record.moves.len()) {
        let cut = record.moves.len() - k;
        if movers[cut..].iter().any(|s| *s != side) {
            break;
        }
        let mut prev = record.clone();
        prev.moves.truncate(cut);
        if let Ok(g) = prev.replay()
            && let Ok((_, played)) = apply(&g, text)
            && played == record.moves[cut..]
        {
            return true;
        }
    }
    false
}

fn already(id: u64, lang: Lang) -> Reply {
    Reply::error(
        tr(|l| {
            en_es(
                l,
                format!("That move was already played in #{id}."),
                format!("Esa jugada ya se jugó en la partida #{id}."),
            )
        }),
        lang,
    )
}

fn hint_moves(game: &AnyGame) -> String {
    let moves = game.legal_moves();
    let shown: Vec<String> = moves.iter().take(6).map(|m| format!("`{m}`")).collect();
    let more = moves.len().saturating_sub(shown.len());
    if more > 0 {
        format!("{} (+{more})", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

fn not_a_player(id: u64, lang: Lang) -> Reply {
    Reply::error(
        tr(|l| {
            en_es(
                l,
                format!("You are not a player in game #{id}; you can watch with `board #{id}`."),
                format!("No juegas la partida #{id}; puedes seguirla con `tablero #{id}`."),
            )
        }),
        lang,
    )
}

fn no_challenge(n: u64, lang: Lang) -> Reply {
    Reply::error(
        tr(|l| {
            en_es(
                l,
                format!("There is no open challenge #{n} here. `current` lists this channel's."),
                format!(
                    "Aquí no hay ningún desafío #{n} pendiente. `partidas` muestra los del canal."
                ),
            )
        }),
        lang,
    )
}

fn which_challenge(many: &[&ChallengeDoc], en: &str, es: &str, lang: Lang) -> Reply {
    let list = |l: Lang| -> String {
        many.iter()
            .map(|c| {
                let g = c
                    .game
                    .parse::<GameId>()
                    .map_or(c.game.clone(), |g| g.info().name(l).to_string());
                format!("#{} {g} ({})", c.id, c.challenger.name)
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let first = many[0].id;
    Reply::error(
        tr(|l| {
            en_es(
                l,
                format!("Which challenge? {}. Write `{en} #{first}`.", list(l)),
                format!("¿Qué desafío? {}. Escribe `{es} #{first}`.", list(l)),
            )
        }),
        lang,
    )
}
