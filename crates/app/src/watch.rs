//! What the web front-end (`crates/web`) shows, as the app's own view
//! types, and how it hears of changes. Nothing here changes a game.
//!
//! **Page addresses.** A game's page is `/g/TOKEN`, a player's `/p/TOKEN`:
//! the token is an HMAC-SHA256 of what it names (platform, channel and
//! number; platform and user) under a random secret the store keeps
//! (`Store::web_secret`), cut to 128 bits. It cannot be guessed from a game
//! number and names no platform id; the store maps it back
//! (`Store::web_link`), written the first time the token is made.
//!
//! **Changes.** Every handler that commits under a channel's lock
//! publishes [`Change`] (the channel and its new version) once the commit
//! is durable (`App::with_channel`). Another process's commits on a shared
//! PostgreSQL database are found by the web front-end itself, which polls
//! [`App::watch_version`] of the channels someone is watching.
//!
//! **Privacy.** A channel's games are listed only while someone who can
//! manage it has turned listing on (`web list on`); a direct chat's never
//! are. Views carry display names only: no platform id reaches a page.

use std::collections::HashSet;

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};
use tablero_rating::Glicko2;
use tablero_rules::{GameId, Lang, Side};
use tablero_store::{GameDoc, ListingDoc, WebLink};

pub use crate::changes::{Change, WatchChannel};
use crate::channel::{Live, info_of, movers, record_of};
use crate::event::{AppError, GameView};
use crate::reply::{ChannelKey, Platform, User};
use crate::state::{App, Res};
use crate::sync::lock;
use crate::text;
use crate::view::{GameResult, Seats};
use crate::webpath::{Token, WebPath};

pub use crate::text::web::{WebText, ago, watch_button, web_text};
pub use crate::webview::{
    Both, GamePage, LiveGame, LiveTournament, PlayerGame, PlayerPage, PlayerView, PlyView,
    StandingView, TourPairing, TourRound, TourStanding, TournamentPage,
};

/// A web client's place in the pool of heavy jobs ([`App::web_place`]),
/// given back when dropped.
pub struct WebPlace<'a> {
    _place: crate::heavy::Place<'a>,
}

/// `bytes` as lower-case hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The rating a game's page shows for the player of `side`: while it is
/// played, the rating as shown now; once it is over, what the game did to
/// it (`1500? → 1662? (+162)`), or nothing for a casual game, whatever the
/// player's rating has become since.
fn rating_of(app: &App, d: &GameDoc, game: GameId, side: Side) -> Option<String> {
    if d.bot.is_some_and(|b| b.side == side) {
        return None;
    }
    if d.result.is_some() {
        let rc = d.rating?;
        let (b, a) = (rc.before[side.index()], rc.after[side.index()]);
        return Some(text::rating_moved(&b, &a));
    }
    let r = app
        .store
        .rating(d.channel.platform, game, &d.player(side).id)
        .ok()
        .flatten()?;
    Some(Glicko2::default().current(&r.rating, app.now()).display())
}

impl App {
    /// Listens for changes; see [`Change`].
    #[must_use]
    pub fn watch_changes(&self) -> tokio::sync::broadcast::Receiver<Change> {
        self.watch.changes.subscribe()
    }

    /// The store's version of `ch` now, from any process: the web polls it
    /// for the channels it shows, to hear of other processes' moves.
    pub fn watch_version(&self, ch: &WatchChannel) -> Res<u64> {
        Ok(self.store.channel_version(&ch.0)?)
    }

    /// Sets the web front-end's public address (`https://example.org`,
    /// without a trailing `/`), so that replies carry games' page links.
    pub fn set_web_base(&self, url: Option<String>) {
        *lock(&self.watch.base) = url.map(|u| u.trim_end_matches('/').to_string());
    }

    /// The web front-end's public address, if set.
    #[must_use]
    pub fn web_base(&self) -> Option<String> {
        lock(&self.watch.base).clone()
    }

    fn secret(&self) -> Res<&[u8]> {
        if let Some(s) = self.watch.secret.get() {
            return Ok(s);
        }
        let s = self.store.web_secret()?;
        Ok(self.watch.secret.get_or_init(|| s.into_bytes()))
    }

    /// The token naming `link`, recorded in the store the first time.
    fn token(&self, link: &WebLink) -> Res<String> {
        let token = self.token_of(link)?;
        if lock(&self.watch.written).contains(&token) {
            return Ok(token);
        }
        if self.store.web_link(&token)?.as_ref() != Some(link) {
            self.store.put_web_link(&token, link)?;
        }
        let mut written = lock(&self.watch.written);
        if written.len() > 100_000 {
            written.clear();
        }
        written.insert(token.clone());
        Ok(token)
    }

    /// The token naming `link`: an HMAC of what it names.
    fn token_of(&self, link: &WebLink) -> Res<String> {
        let what = match link {
            WebLink::Game { channel, id } => {
                format!(
                    "g\u{1f}{}\u{1f}{}\u{1f}{id}",
                    channel.platform, channel.channel
                )
            }
            WebLink::Player { platform, user } => format!("p\u{1f}{platform}\u{1f}{user}"),
            WebLink::Tournament { channel, id } => {
                format!(
                    "v\u{1f}{}\u{1f}{}\u{1f}{id}",
                    channel.platform, channel.channel
                )
            }
        };
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(self.secret()?)
            .map_err(|_| AppError::Unreadable("web secret".into()))?;
        mac.update(what.as_bytes());
        Ok(hex(&mac.finalize().into_bytes()[..16]))
    }

    /// The token of game `id` of `ch`'s page.
    pub fn game_token(&self, ch: &ChannelKey, id: u64) -> Res<String> {
        self.token(&WebLink::Game {
            channel: ch.clone(),
            id,
        })
    }

    /// The token of tournament `id` of `ch`'s page.
    pub fn tournament_token(&self, ch: &ChannelKey, id: u64) -> Res<String> {
        self.token(&WebLink::Tournament {
            channel: ch.clone(),
            id,
        })
    }

    /// The public address of tournament `id` of `ch`'s page, when the web
    /// has one.
    #[must_use]
    pub fn tournament_url(&self, ch: &ChannelKey, id: u64) -> Option<String> {
        let base = self.web_base()?;
        match self.tournament_token(ch, id) {
            Ok(t) => Token::new(&t).map(|t| WebPath::Tournament(t).at(&base)),
            Err(e) => {
                tracing::warn!(error = ?e, "cannot make a tournament's web address");
                None
            }
        }
    }

    fn player_token(&self, platform: Platform, user: &str) -> Res<String> {
        self.token(&WebLink::Player {
            platform,
            user: user.to_string(),
        })
    }

    /// After things moved (a game to its Discord thread, a Telegram
    /// group's games and tournaments to the supergroup it became): each
    /// page address given out for one where it was, `(old, new)`, leads
    /// to it where it is now. An address never given out stays unmade.
    pub(crate) fn relink(&self, moved: &[(WebLink, WebLink)]) {
        for (old, new) in moved {
            let relinked = self.token_of(old).and_then(|t| {
                if self.store.web_link(&t)?.is_some() {
                    self.store.put_web_link(&t, new)?;
                }
                Ok(())
            });
            if let Err(e) = relinked {
                tracing::warn!(error = ?e, "a moved page's address still leads to where it was");
            }
        }
    }

    /// The public address of game `id` of `ch`'s page, when the web has one.
    #[must_use]
    pub fn game_url(&self, ch: &ChannelKey, id: u64) -> Option<String> {
        let base = self.web_base()?;
        match self.game_token(ch, id) {
            Ok(t) => Token::new(&t).map(|t| WebPath::Game(t).at(&base)),
            Err(e) => {
                tracing::warn!(error = ?e, "cannot make a game's web address");
                None
            }
        }
    }

    /// Puts the web page of the game `e` shows on `reply`, when the web
    /// runs: a link on every board; a button on a game's first board and
    /// on `board` and `history`, whose texts also end with the link.
    pub(crate) fn link_page(&self, e: &crate::Event, reply: &mut crate::Reply) {
        use crate::Event as E;
        if let E::Tournament(t) = e {
            return self.link_tournament(t, reply);
        }
        let game = match e {
            E::Accepted { game, .. }
            | E::Played { game, .. }
            | E::Answered { game, .. }
            | E::Board(game)
            | E::History(game)
            | E::Resigned { game, .. }
            | E::TimedOut { game, .. }
            | E::Offer { game, .. } => game,
            _ => return,
        };
        let Some(url) = self.game_url(&game.channel, game.id()) else {
            return;
        };
        reply.web_button = matches!(e, E::Accepted { .. } | E::Board(_) | E::History(_));
        if matches!(e, E::Board(_) | E::History(_)) {
            for l in [Lang::En, Lang::Es] {
                reply
                    .text
                    .get_mut(l)
                    .append(text::t(format!("\n{}", text::web::watch_line(&url, l))));
            }
        }
        reply.web = Some(url);
    }

    /// Puts the web page of the tournament `e` is about on `reply`, when
    /// the web runs; a button under its state (`tournament`) and its
    /// start, whose texts also end with the link.
    fn link_tournament(&self, e: &crate::tourview::TourEvent, reply: &mut crate::Reply) {
        use crate::tourview::TourEvent as T;
        let (v, button) = match e {
            T::Shown(v) | T::Started(v) | T::Created(v) => (v, true),
            T::Joined { view, .. } | T::Left { view, .. } | T::Withdrew { view, .. } => {
                (view, false)
            }
            T::Cancelled { .. } | T::Listed(_) => return,
        };
        let Some(url) = self.tournament_url(&v.channel, v.id) else {
            return;
        };
        if button {
            for l in [Lang::En, Lang::Es] {
                reply.text.get_mut(l).append(text::t(format!(
                    "\n{}",
                    text::web::tournament_line(&url, l)
                )));
            }
        }
        reply.web_button = button;
        reply.web = Some(url);
    }

    /// The game a token names, ongoing or finished.
    pub(crate) fn game_of(&self, token: &str) -> Res<Option<GameDoc>> {
        if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let Some(WebLink::Game { channel, id }) = self.store.web_link(token)? else {
            return Ok(None);
        };
        Ok(match self.store.game(&channel, id, true)? {
            Some(d) => Some(d),
            None => self.store.game(&channel, id, false)?,
        })
    }

    /// Game `token`'s page, `None` when no game has that token.
    pub fn watch_game(&self, token: &str) -> Res<Option<GamePage>> {
        // The version first: a change after it is announced again.
        let Some(doc) = self.game_of(token)? else {
            return Ok(None);
        };
        let version = self.store.channel_version(&doc.channel)?;
        let doc = self.game_of(token)?.unwrap_or(doc);
        let record = record_of(&doc).map_err(AppError::Unreadable)?;
        let game = record
            .replay()
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let now = self.now();
        let view = GameView::new(&doc, record.clone(), game, now);
        let info = info_of(&doc);
        let movers = movers(&record);
        let finished = doc.result.is_some();
        let result = view.result.as_ref().map(|r| {
            Both::of(|l| text::result(&view.seats(), info, r, l).write(|u| u.name.clone()))
        });
        let mut plies = Vec::with_capacity(record.moves.len() + 1);
        let mut replay = tablero_rules::AnyGame::new(record.game, &record.setup)
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let mut hash = Sha256::new();
        hash.update(doc.record.split(':').next().unwrap_or("").as_bytes());
        hash.update(doc.players[0].name.as_bytes());
        hash.update([0]);
        hash.update(doc.players[1].name.as_bytes());
        let (mut round, mut open) = (0usize, false);
        for ply in 0..=record.moves.len() {
            let last = ply == record.moves.len();
            let (number, text, side) = if ply == 0 {
                (String::new(), Both::default(), None)
            } else {
                let mv = &record.moves[ply - 1];
                let side = movers.get(ply - 1).copied().unwrap_or(Side::First);
                hash.update([0]);
                hash.update(mv.as_bytes());
                let number = match side {
                    Side::First => {
                        round += 1;
                        open = true;
                        format!("{round}.")
                    }
                    Side::Second if open => {
                        open = false;
                        String::new()
                    }
                    Side::Second => {
                        round += usize::from(round == 0);
                        format!("{round}…")
                    }
                };
                let text = Both::of(|l| crate::reading::shown(record.game, mv, l));
                (number, text, Some(side.index()))
            };
            if ply > 0 {
                let _ = replay.play(&record.moves[ply - 1]);
            }
            let to_move = replay.view().status.to_move;
            let ends = if last { result.as_ref() } else { None };
            let shown_number = if number.is_empty() && ply > 0 {
                format!("{round}…")
            } else {
                number.clone()
            };
            let alt = Both::of(|l| {
                text::web::board_alt(
                    &view,
                    (ply > 0).then(|| (shown_number.as_str(), text.get(l))),
                    to_move,
                    ends.map(|r| r.get(l)),
                    l,
                )
            });
            let mut key = hash.clone();
            if last && finished {
                key.update(b"end");
                key.update(format!("{:?}", doc.result).as_bytes());
            }
            if doc.bot.is_some() {
                key.update(format!("{:?}", doc.bot).as_bytes());
            }
            let key = hex(&key.finalize()[..8]);
            plies.push(PlyView {
                ply,
                number,
                text,
                side,
                alt,
                key,
            });
        }
        let players = Side::ALL.map(|side| {
            let p = doc.player(side);
            let bot = doc.bot.filter(|b| b.side == side);
            PlayerView {
                name: p.name.clone(),
                side: Both::of(|l| text::side_word(&view.seats(), info, side, l)),
                rating: rating_of(self, &doc, record.game, side),
                level: bot.map(|b| Both::of(|l| text::level_word(b.level, l))),
                page: match bot {
                    Some(_) => None,
                    None => self.player_token(doc.channel.platform, &p.id).ok(),
                },
            }
        });
        let status = Both::of(|l| text::status(&view, l).write(|u| u.name.clone()));
        Ok(Some(GamePage {
            token: token.to_string(),
            channel: WatchChannel(doc.channel.clone()),
            number: doc.id,
            game: record.game,
            title: Both::of(|l| text::web::game_title(record.game, doc.id, l)),
            players,
            plies,
            to_move: (!finished)
                .then(|| view.game.view().status.to_move.map(Side::index))
                .flatten(),
            deadline_ms: if finished { None } else { view.deadline() },
            now_ms: now,
            status,
            finished,
            pgn: tablero_rules::export::pgn_variant(record.game).is_some(),
            last_ms: doc.finished_ms.unwrap_or(doc.turn_started_ms),
            version,
        }))
    }

    /// The picture of game `token` at `ply`, in `lang`, when `key` is that
    /// position's current key ([`PlyView::key`]); `None` otherwise.
    pub fn watch_board(
        &self,
        token: &str,
        ply: usize,
        key: &str,
        lang: Lang,
    ) -> Res<Option<Vec<u8>>> {
        let Some(page) = self.watch_game(token)? else {
            return Ok(None);
        };
        if page.plies.get(ply).is_none_or(|p| p.key != key) {
            return Ok(None);
        }
        let Some(doc) = self.game_of(token)? else {
            return Ok(None);
        };
        let mut record = record_of(&doc).map_err(AppError::Unreadable)?;
        let last = ply + 1 == page.plies.len();
        record.moves.truncate(ply);
        let game = record
            .replay()
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let mut view = game.view();
        if let (true, Some(r)) = (last, &doc.result) {
            crate::present::show_result(&mut view, &GameResult::of(r));
        }
        let mut players = [doc.players[0].name.clone(), doc.players[1].name.clone()];
        if let Some(b) = doc.bot {
            let name = &mut players[b.side.index()];
            *name = format!("{name} · {}", text::level_word(b.level, lang));
        }
        // Against the bot, the person's side at the bottom; else White.
        let flip = doc.bot.is_some_and(|b| b.side == Side::First);
        self.renderer
            .render(record.game, &view, flip, players, lang)
            .map(Some)
            .map_err(AppError::Unreadable)
    }

    /// A finished game's record: PGN (`pgn`) or the text record, with
    /// display names and no platform id.
    pub fn watch_record(&self, token: &str, pgn: bool) -> Res<Option<(String, String)>> {
        let Some(doc) = self.game_of(token)?.filter(|d| d.result.is_some()) else {
            return Ok(None);
        };
        let view = Live::new(doc)
            .map_err(AppError::Unreadable)?
            .view(self.now());
        let record = &view.record;
        let mut header = crate::records::header_of(&view);
        header.site = "Tablero".into();
        let body = if pgn {
            if tablero_rules::export::pgn_variant(record.game).is_none() {
                return Ok(None);
            }
            tablero_rules::export::pgn(record, &header)
        } else {
            tablero_rules::export::text(record, &header)
        }
        .map_err(|e| AppError::Unreadable(e.to_string()))?;
        let ext = if pgn { "pgn" } else { "txt" };
        Ok(Some((
            crate::records::file_name(view.id, record.game, ext),
            body,
        )))
    }

    /// A place in the pool of heavy jobs for a drawing that web client
    /// `address` asked for (a replay, a chart, a start picture, a board of
    /// a long game), within the address's share of the pool as a chat
    /// user's requests are within theirs; waits at most `wait` for one.
    /// `None`: the address's share is in use, or no place freed up in
    /// time. The web waits for its places off the blocking threads and
    /// asks here with no more requests at once than the pool has places.
    #[must_use]
    pub fn web_place(&self, address: &str, wait: std::time::Duration) -> Option<WebPlace<'_>> {
        self.heavy
            .enter(
                crate::heavy::Holder::Address(address.to_string()),
                Some(wait),
            )
            .ok()
            .map(|place| WebPlace { _place: place })
    }

    /// How many heavy jobs run at once (`[limits] heavy_jobs`), and how
    /// many of them one holder may run (`heavy_jobs_per_user`).
    #[must_use]
    pub fn heavy_jobs(&self) -> (usize, usize) {
        self.heavy.size()
    }

    /// A finished game's replay GIF.
    pub fn watch_replay(&self, token: &str, lang: Lang) -> Res<Option<Vec<u8>>> {
        let Some(doc) = self.game_of(token)?.filter(|d| d.result.is_some()) else {
            return Ok(None);
        };
        let record = record_of(&doc).map_err(AppError::Unreadable)?;
        let mut views = record
            .views()
            .map_err(|e| AppError::Unreadable(e.to_string()))?;
        if let (Some(r), Some(last)) = (&doc.result, views.last_mut()) {
            crate::present::show_result(last, &GameResult::of(r));
        }
        let players = [doc.players[0].name.clone(), doc.players[1].name.clone()];
        self.renderer
            .replay(record.game, &views, players, lang)
            .map(Some)
            .map_err(AppError::Unreadable)
    }

    /// `web`: whether the caller's chat is listed on the web, or with
    /// `on` / `off` lists it or stops (someone who can manage the chat;
    /// never a direct chat). Runs under the channel's lock; the change
    /// bumps the channel's version, so open lists update.
    pub(crate) fn web_listing(
        &self,
        who: &crate::Actor,
        asked: Option<bool>,
    ) -> crate::event::Outcome {
        let ch = &who.channel;
        let listed = self.store.listing(ch)?.is_some();
        let url = self.web_base().map(|b| format!("{b}/"));
        let Some(on) = asked else {
            return Ok(crate::Event::Web {
                listed,
                changed: false,
                url,
            });
        };
        if on && who.direct {
            return Err(AppError::WebDirect);
        }
        if !who.manages {
            return Err(AppError::NotManager);
        }
        if on != listed {
            let mut b = self.store.batch();
            let doc = ListingDoc {
                community: who.community.clone(),
            };
            b.put_listing(ch, on.then_some(&doc));
            self.commit(b)?;
        }
        Ok(crate::Event::Web {
            listed: on,
            changed: on != listed,
            url,
        })
    }

    /// The listed channels (never a direct chat's).
    fn listed(&self) -> Res<Vec<(ChannelKey, ListingDoc)>> {
        Ok(self.store.listed_channels()?)
    }

    /// Whether `ch`'s games are listed; the web polls the listed channels
    /// for changes too.
    pub fn watch_listed(&self) -> Res<Vec<WatchChannel>> {
        Ok(self
            .listed()?
            .into_iter()
            .map(|(c, _)| WatchChannel(c))
            .collect())
    }

    /// The games being played in listed channels (of `game` only, if
    /// given), the most recently moved first.
    pub fn watch_live(&self, game: Option<GameId>) -> Res<Vec<LiveGame>> {
        let mut out = Vec::new();
        for (ch, _) in self.listed()? {
            let title = self.store.channel_settings(&ch)?.title;
            for doc in self.store.channel_games(&ch)?.into_iter().flatten() {
                let Ok(record) = record_of(&doc) else {
                    continue;
                };
                if game.is_some_and(|g| g != record.game) {
                    continue;
                }
                let to_move = record
                    .replay()
                    .ok()
                    .and_then(|g| g.view().status.to_move)
                    .map(|s| doc.player(s).name.clone());
                out.push(LiveGame {
                    token: self.game_token(&ch, doc.id)?,
                    game: record.game,
                    title: Both::of(|l| text::web::game_title(record.game, doc.id, l)),
                    players: [doc.players[0].name.clone(), doc.players[1].name.clone()],
                    plies: record.moves.len(),
                    to_move,
                    last_ms: doc.turn_started_ms,
                    chat: match &title {
                        Some(t) => Both::of(|_| t.clone()),
                        None => Both::of(|l| text::web::unnamed_chat(ch.platform, l)),
                    },
                });
            }
        }
        out.sort_by(|a, b| b.last_ms.cmp(&a.last_ms).then(a.token.cmp(&b.token)));
        Ok(out)
    }

    /// Player `token`'s page: their ratings, and their games in listed
    /// channels.
    pub fn watch_player(&self, token: &str) -> Res<Option<PlayerPage>> {
        if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let Some(WebLink::Player { platform, user }) = self.store.web_link(token)? else {
            return Ok(None);
        };
        let glicko = Glicko2::default();
        let now = self.now();
        let mut name = self
            .store
            .profile(platform, &user)?
            .map(|p| p.name)
            .unwrap_or_default();
        let mut ratings = Vec::new();
        for g in GameId::ALL {
            if let Some(r) = self.store.rating(platform, g, &user)? {
                if name.is_empty() {
                    name.clone_from(&r.name);
                }
                let shown = glicko.current(&r.rating, now).display();
                ratings.push((g, shown, r.rating.games));
            }
        }
        let mut games = Vec::new();
        for (ch, _) in self.listed()? {
            if ch.platform != platform {
                continue;
            }
            let ongoing = self.store.channel_games(&ch)?;
            let finished = self.store.finished_games(&ch)?;
            for doc in ongoing.into_iter().chain(finished).flatten() {
                let Some(side) = doc.side_of(&user) else {
                    continue;
                };
                if name.is_empty() {
                    name.clone_from(&doc.player(side).name);
                }
                let Ok(record) = record_of(&doc) else {
                    continue;
                };
                let info = info_of(&doc);
                games.push(PlayerGame {
                    token: self.game_token(&ch, doc.id)?,
                    title: Both::of(|l| text::web::game_title(record.game, doc.id, l)),
                    opponent: doc.player(side.other()).name.clone(),
                    plies: record.moves.len(),
                    result: doc.result.as_ref().map(|r| {
                        let (seats, r) = (Seats::of(&doc), GameResult::of(r));
                        Both::of(|l| text::result(&seats, info, &r, l).write(|u| u.name.clone()))
                    }),
                    last_ms: doc.finished_ms.unwrap_or(doc.turn_started_ms),
                });
            }
        }
        games.sort_by_key(|g| std::cmp::Reverse(g.last_ms));
        games.truncate(200);
        Ok(Some(PlayerPage {
            token: token.to_string(),
            name,
            ratings,
            games,
        }))
    }

    /// Player `token`'s rating chart in `game`, when they have one.
    pub fn watch_chart(&self, token: &str, game: GameId, lang: Lang) -> Res<Option<Vec<u8>>> {
        if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let Some(WebLink::Player { platform, user }) = self.store.web_link(token)? else {
            return Ok(None);
        };
        let Some(r) = self.store.rating(platform, game, &user)? else {
            return Ok(None);
        };
        let shown = Glicko2::default().current(&r.rating, self.now());
        let h = crate::event::RatingHistory {
            game,
            points: crate::records::points_of(&r.history, r.rating.games),
            now: shown,
            games: r.rating.games,
        };
        let who = User {
            id: String::new(),
            name: r.name.clone(),
        };
        self.renderer
            .chart(&h.points, &text::chart_texts(&who, &h, lang))
            .map(Some)
            .map_err(AppError::Unreadable)
    }

    /// The best rated players of `game` among those who played rated games
    /// in a listed channel's community, best first.
    pub fn watch_leaderboard(&self, game: GameId) -> Res<Vec<StandingView>> {
        let mut members: HashSet<(Platform, String)> = HashSet::new();
        for (ch, doc) in self.listed()? {
            let community = doc.community.unwrap_or_else(|| ch.channel.clone());
            for u in self
                .store
                .community_players(ch.platform, &community, game)?
            {
                members.insert((ch.platform, u));
            }
        }
        let platforms: HashSet<Platform> = members.iter().map(|(p, _)| *p).collect();
        let mut rows = Vec::new();
        for p in platforms {
            for s in self.standings(p, game, None)? {
                if members.contains(&(p, s.user.id.clone())) {
                    rows.push((s.rating, s.games, s.user.name.clone(), p, s.user.id));
                }
            }
        }
        rows.sort_by(|a, b| {
            b.0.rating
                .total_cmp(&a.0.rating)
                .then(b.1.cmp(&a.1))
                .then_with(|| a.2.cmp(&b.2))
        });
        rows.truncate(100);
        rows.into_iter()
            .enumerate()
            .map(|(i, (rating, games, name, p, id))| {
                Ok(StandingView {
                    rank: i + 1,
                    name,
                    rating: rating.display(),
                    games,
                    page: self.player_token(p, &id)?,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
