//! The interactive board: a player's own page of a game on the web
//! (`crates/web`'s `play.rs`), where they tap a piece and where it goes.
//!
//! **Links.** A player's page is `/g/TOKEN/play/KEY`: the game's page
//! token and a key `SIDE-EXPIRES-MAC` ([`PlayKey`]), the MAC an
//! HMAC-SHA256, cut to 128 bits, of the page token, the side, the id of
//! the user who plays it and the expiry, under a secret the store keeps
//! apart from the page addresses' (`Store::play_secret`). A key lets
//! exactly that user move exactly that side of exactly that game until
//! it expires; any change to it, another game's token, another side, or a
//! new secret (`web links reset`, [`App::reset_play_links`]) makes it
//! [`LinkRefusal::Invalid`]. Once the game ends the page is the spectator
//! page. Telegram's Mini App trades Telegram's signed init data
//! ([`verify_init_data`]) for such a key.
//!
//! **The same game.** A move posted to the page is [`Command::Move`] with
//! the page's move number, run by [`App::execute`] as the player: the
//! same checks, the same expected-move guard, the same limits (the
//! command rate counts it as a message); its reply goes to the game's
//! chat as a notice, as a move the bot makes does.
//!
//! **Taps.** Each legal move is a path of cells ([`tap_path`]): the piece's
//! cell, then the cells its text names (a target, a plank, a marker's
//! cell), a castling king's target square, Empuje's pushed-to neighbour;
//! a move that acts on its piece alone (Bombardment's explosion) taps
//! the piece twice. Moves sharing a path are the third choice, shown as
//! buttons with their text as the reader writes it; moves naming no cell
//! (a pass, Empuje's choice of colour) are buttons beside the board.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use tablero_rules::{Cell, GameId, Lang, Shape, Side};
use tablero_store::GameDoc;

use crate::channel::rebuild;
use crate::command::Command;
use crate::event::{AppError, Event, Limit};
use crate::reply::{ChannelKey, Outgoing, User};
use crate::state::{Actor, App, Res};
pub use crate::text::play_board::{
    LinkRefusal, PlayText, links_reset, play_button, play_line, play_text, refusal, your_link,
};
use crate::webpath::{PlayKey, Token, WebPath};
use crate::webview::GamePage;

/// How long a player's link works, at least: a link made today works
/// until the end of the day this many days on (so a day's links are one).
pub const PLAY_LINK_DAYS: i64 = 14;

/// How old Telegram's init data may be when it is traded for a link.
pub const TELEGRAM_FRESH_SECS: i64 = 3_600;

const DAY_SECS: i64 = 86_400;

/// One cell of the interactive board: its name, what it says it holds,
/// and where it lies on the board's picture, in percent of the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct TapCell {
    pub name: String,
    /// `e2, white pawn`.
    pub label: String,
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
    /// A hexagon's corners in percent of the cell's box (a CSS polygon).
    pub clip: Option<String>,
    /// A piece stands there.
    pub piece: bool,
}

/// A legal move as taps: its cells, its text and how the reader writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapMove {
    pub path: Vec<String>,
    pub text: String,
    pub label: String,
}

/// What a player's board shows and allows now.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayView {
    pub page: GamePage,
    /// The side the link plays.
    pub side: usize,
    pub key: String,
    pub cells: Vec<TapCell>,
    /// The player's legal moves: empty unless it is their turn.
    pub moves: Vec<TapMove>,
    pub your_turn: bool,
}

/// What a player does on their board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Play `text` on the position after `ply` moves.
    Move { ply: usize, text: String },
    /// Offer a draw (or accept the opponent's).
    Draw,
    /// Ask to take back (or accept the opponent's asking).
    Takeback,
    /// Resign, confirmed on the page.
    Resign,
}

/// Why a board cannot be shown or used.
#[derive(Clone, Debug)]
pub enum PlayError {
    Refused(LinkRefusal),
    /// The game is over: its spectator page is the place.
    Finished,
    App(AppError),
}

impl From<AppError> for PlayError {
    fn from(e: AppError) -> PlayError {
        PlayError::App(e)
    }
}

impl From<tablero_store::StoreError> for PlayError {
    fn from(e: tablero_store::StoreError) -> PlayError {
        PlayError::App(e.into())
    }
}

/// What an action did: whether it applied, what to tell the player, and
/// the notice its chat gets ([`App::announce_play`]).
#[derive(Debug)]
pub struct Acted {
    pub ok: bool,
    /// In the page's language; empty for a move that simply played.
    pub message: String,
    notice: Option<(ChannelKey, Event)>,
}

/// Who a checked key lets act.
struct Seat {
    doc: GameDoc,
    side: Side,
}

/// `bytes` as lower-case hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `c` is a cell of a board of `shape`.
fn on_board(shape: Shape, c: Cell) -> bool {
    match shape {
        Shape::Square { files, ranks, .. } => c.x < files && c.y < ranks,
        Shape::HexTrapezoid { rows } => c.y < rows && c.x < Shape::hex_row_len(rows, c.y),
    }
}

/// The cells a player taps to play the move `text` of `game` on a board of
/// `shape`, whose piece leaves `origin` (module docs).
#[must_use]
pub fn tap_path(game: GameId, shape: Shape, origin: Option<Cell>, text: &str) -> Vec<Cell> {
    let mut path: Vec<Cell> = origin.into_iter().collect();
    if let (Some(o), Some(castle)) = (origin, text.strip_prefix("O-O")) {
        let long = castle.starts_with("-O");
        let x = if long {
            o.x.checked_sub(2)
        } else {
            o.x.checked_add(2)
        };
        if let Some(t) = x.map(|x| Cell::new(x, o.y)).filter(|&t| on_board(shape, t)) {
            path.push(t);
        }
        return path;
    }
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        match Cell::parse_prefix(rest) {
            Some((c, after)) if on_board(shape, c) => {
                if path.last() != Some(&c) {
                    path.push(c);
                }
                rest = after;
            }
            _ => rest = &rest[ch.len_utf8()..],
        }
    }
    if game == GameId::Empuje && path.len() == 1 {
        let step = match text.chars().last() {
            Some('n') => Some((0i8, 1i8)),
            Some('e') => Some((1, 0)),
            Some('s') => Some((0, -1)),
            Some('w') => Some((-1, 0)),
            _ => None,
        };
        let to = step.and_then(|(dx, dy)| {
            let x = u8::try_from(i16::from(path[0].x) + i16::from(dx)).ok()?;
            let y = u8::try_from(i16::from(path[0].y) + i16::from(dy)).ok()?;
            Some(Cell::new(x, y)).filter(|&c| on_board(shape, c))
        });
        path.extend(to);
    }
    // A move on its piece alone: tap the piece, then the piece again.
    if let (Some(o), 1) = (origin, path.len()) {
        path.push(o);
    }
    path
}

/// Telegram's init data, checked: the user and the start parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    /// The Telegram user's id, as the adapter writes user ids.
    pub user: String,
    pub name: String,
    pub start_param: Option<String>,
    pub auth_date: i64,
}

/// Checks Telegram Mini App init data (`window.Telegram.WebApp.initData`,
/// a query string) as Telegram documents it: every field but `hash`,
/// sorted by name, joined as `name=value` lines, signed with HMAC-SHA256
/// under the key HMAC-SHA256(key `WebAppData`, `bot_token`); the hash must
/// match and `auth_date` be at most `fresh_secs` before `now_secs` (and not
/// in the future by more than a minute).
///
/// # Errors
///
/// [`LinkRefusal::TelegramSignature`] for data not signed with this bot's
/// token or altered (or without a user), [`LinkRefusal::TelegramStale`]
/// for data too old.
pub fn verify_init_data(
    init_data: &str,
    bot_token: &str,
    now_secs: i64,
    fresh_secs: i64,
) -> Result<InitData, LinkRefusal> {
    let bad = LinkRefusal::TelegramSignature;
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut hash = None;
    for pair in init_data.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or(bad)?;
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(&s.replace('+', " "))
                .decode_utf8()
                .map(|c| c.into_owned())
        };
        let (k, v) = (decode(k).map_err(|_| bad)?, decode(v).map_err(|_| bad)?);
        if k == "hash" {
            hash = Some(v);
        } else {
            fields.push((k, v));
        }
    }
    fields.sort();
    let check = fields
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut secret = <Hmac<Sha256> as KeyInit>::new_from_slice(b"WebAppData").map_err(|_| bad)?;
    secret.update(bot_token.as_bytes());
    let secret = secret.finalize().into_bytes();
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&secret).map_err(|_| bad)?;
    mac.update(check.as_bytes());
    let given = hash.and_then(|h| unhex(&h)).ok_or(bad)?;
    mac.verify_slice(&given).map_err(|_| bad)?;
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let auth_date: i64 = field("auth_date").and_then(|d| d.parse().ok()).ok_or(bad)?;
    if now_secs - auth_date > fresh_secs || auth_date - now_secs > 60 {
        return Err(LinkRefusal::TelegramStale);
    }
    let user: serde_json::Value =
        serde_json::from_str(field("user").ok_or(bad)?).map_err(|_| bad)?;
    let id = user
        .get("id")
        .and_then(serde_json::Value::as_i64)
        .ok_or(bad)?;
    let name = user
        .get("first_name")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default()
        .to_string();
    Ok(InitData {
        user: id.to_string(),
        name,
        start_param: field("start_param").cloned(),
        auth_date,
    })
}

/// `h` (even-length hex) as bytes.
fn unhex(h: &str) -> Option<Vec<u8>> {
    if h.len() % 2 != 0 || !h.is_ascii() {
        return None;
    }
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok())
        .collect()
}

impl App {
    /// The signature of a key for `side` of the game whose page is `token`,
    /// played by `user`, working until `expires` (seconds).
    fn play_mac(&self, token: &str, side: Side, user: &str, expires: i64) -> Res<String> {
        let secret = self.store.play_secret()?;
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
            .map_err(|_| AppError::Unreadable("play secret".into()))?;
        let what = format!(
            "play\u{1f}{token}\u{1f}{}\u{1f}{user}\u{1f}{expires}",
            side.index()
        );
        mac.update(what.as_bytes());
        Ok(hex(&mac.finalize().into_bytes()[..16]))
    }

    /// The key that lets the player of `side` of game `id` of `ch` move on
    /// its board, and the game's page token.
    fn play_key(&self, ch: &ChannelKey, id: u64, side: Side) -> Res<Option<(Token, PlayKey)>> {
        let Some(doc) = self.store.game(ch, id, true)? else {
            return Ok(None);
        };
        if doc.bot.is_some_and(|b| b.side == side) {
            return Ok(None);
        }
        let token = self.game_token(ch, id)?;
        let now = self.now().div_euclid(1000);
        let expires = (now.div_euclid(DAY_SECS) + 1 + PLAY_LINK_DAYS) * DAY_SECS;
        let mac = self.play_mac(&token, side, &doc.player(side).id, expires)?;
        let key = PlayKey::new(&format!("{}-{expires}-{mac}", side.index()));
        Ok(Token::new(&token).zip(key))
    }

    /// The address of `user`'s board of game `id` of `ch`, when the web
    /// runs and they play it (the side to move when they play both).
    #[must_use]
    pub fn play_url(&self, ch: &ChannelKey, id: u64, user: &str) -> Option<String> {
        let base = self.web_base()?;
        let doc = self.store.game(ch, id, true).ok().flatten()?;
        let turn = rebuild(&doc).ok().map(|(_, g)| g.turn().side);
        let sides: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|&s| doc.player(s).id == user && doc.bot.is_none_or(|b| b.side != s))
            .collect();
        let side = match sides.as_slice() {
            [] => return None,
            [s] => *s,
            _ => turn.unwrap_or(Side::First),
        };
        match self.play_key(ch, id, side) {
            Ok(Some((token, key))) => Some(WebPath::Play { token, key }.at(&base)),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(error = ?e, "cannot make a player's board address");
                None
            }
        }
    }

    /// The answer to `user`'s "Play on the board" press under a board of
    /// game `id` of `ch` (Discord's private reply): their own board's
    /// address, or why there is none.
    #[must_use]
    pub fn play_link(&self, ch: &ChannelKey, user: &User, id: u64) -> crate::Reply {
        let lang = self.lang_of(ch, &user.id);
        match self.play_url(ch, id, &user.id) {
            Some(url) => crate::Reply::new(
                crate::text::both(|l| crate::text::t(your_link(&url, l))),
                lang,
            ),
            None => crate::Reply::error(
                crate::text::both(|l| crate::text::t(refusal(LinkRefusal::NotAPlayer, l))),
                lang,
            ),
        }
    }

    /// Every play link given out so far stops working (`web links reset`).
    pub fn reset_play_links(&self) -> Res<()> {
        Ok(self.store.reset_play_secret()?)
    }

    /// `web links reset` by `who`: the console's (the operator's) only,
    /// since the key signs every chat's links.
    pub(crate) fn links_reset(&self, who: &Actor) -> crate::event::Outcome {
        if who.channel.platform != crate::reply::Platform::Console {
            return Err(AppError::NotOperator);
        }
        self.reset_play_links()?;
        Ok(Event::LinksReset)
    }

    /// The player `key` lets act on the game whose page is `token`.
    fn seat(&self, token: &str, key: &str) -> Result<Seat, PlayError> {
        let refused = PlayError::Refused;
        let key = PlayKey::new(key).ok_or(refused(LinkRefusal::Invalid))?;
        let doc = self.game_of(token)?.ok_or(refused(LinkRefusal::NoGame))?;
        let mut parts = key.as_str().split('-');
        let (side, expires, mac) = match (parts.next(), parts.next(), parts.next()) {
            (Some(s), Some(e), Some(m)) => (s, e, m),
            _ => return Err(refused(LinkRefusal::Invalid)),
        };
        let side = if side == "0" {
            Side::First
        } else {
            Side::Second
        };
        let expires: i64 = expires.parse().map_err(|_| refused(LinkRefusal::Invalid))?;
        let user = &doc.player(side).id;
        let expected = self.play_mac(token, side, user, expires)?;
        // Compared in constant time: the MAC's own check.
        let same = expected.len() == mac.len()
            && expected
                .bytes()
                .zip(mac.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if !same || doc.bot.is_some_and(|b| b.side == side) {
            return Err(refused(LinkRefusal::Invalid));
        }
        if expires <= self.now().div_euclid(1000) {
            return Err(refused(LinkRefusal::Expired));
        }
        if doc.result.is_some() {
            return Err(PlayError::Finished);
        }
        Ok(Seat { doc, side })
    }

    /// What `key`'s player's board of the game whose page is `token` shows
    /// and allows now, in `lang`.
    ///
    /// # Errors
    ///
    /// [`PlayError`]: a refused key, a finished game, an unreadable store.
    pub fn play_view(&self, token: &str, key: &str, lang: Lang) -> Result<PlayView, PlayError> {
        let seat = self.seat(token, key)?;
        let page = self
            .watch_game(token)?
            .ok_or(PlayError::Refused(LinkRefusal::NoGame))?;
        let (_, game) = rebuild(&seat.doc).map_err(AppError::Unreadable)?;
        let view = game.view();
        let id = game.id();
        let areas = tablero_render::cell_areas(view.shape, false)
            .ok_or_else(|| AppError::Unreadable(format!("a board of {:?}", view.shape)))?;
        let (w, h) = (areas.width as f32, areas.height as f32);
        let cells = areas
            .cells
            .iter()
            .map(|a| {
                let name = a.cell.to_string();
                let shown = view.cells.iter().find(|c| c.cell == a.cell);
                let empty = tablero_rules::CellView::empty(a.cell);
                let v = shown.unwrap_or(&empty);
                TapCell {
                    label: crate::text::play_board::cell_label(&name, v, lang),
                    name,
                    left: 100.0 * a.rect.x / w,
                    top: 100.0 * a.rect.y / h,
                    width: 100.0 * a.rect.w / w,
                    height: 100.0 * a.rect.h / h,
                    clip: a.hexagon.map(|corners| {
                        let points: Vec<String> = corners
                            .iter()
                            .map(|(x, y)| {
                                format!(
                                    "{:.2}% {:.2}%",
                                    100.0 * (x - a.rect.x) / a.rect.w,
                                    100.0 * (y - a.rect.y) / a.rect.h
                                )
                            })
                            .collect();
                        format!("polygon({})", points.join(", "))
                    }),
                    piece: v.piece.is_some(),
                }
            })
            .collect();
        let your_turn = game.outcome().is_none() && game.turn().side == seat.side;
        let moves = if your_turn {
            game.move_choices()
                .into_iter()
                .map(|c| TapMove {
                    path: tap_path(id, view.shape, c.origin, &c.text)
                        .iter()
                        .map(Cell::to_string)
                        .collect(),
                    label: crate::reading::shown(id, &c.text, lang),
                    text: c.text,
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(PlayView {
            page,
            side: seat.side.index(),
            key: key.to_string(),
            cells,
            moves,
            your_turn,
        })
    }

    /// Does `action` as `key`'s player on the game whose page is `token`,
    /// exactly as the same command typed in its chat; answers in `lang`.
    /// [`App::announce_play`] then tells the chat.
    ///
    /// # Errors
    ///
    /// [`PlayError`] when the key is refused or the game is over; a
    /// refused move is an [`Acted`] that did not apply, with its reason.
    pub fn play_act(
        &self,
        token: &str,
        key: &str,
        action: &PlayAction,
        lang: Lang,
    ) -> Result<Acted, PlayError> {
        let seat = self.seat(token, key)?;
        let ch = seat.doc.channel.clone();
        let p = seat.doc.player(seat.side);
        let who = Actor::without_message(
            &ch,
            &User {
                id: p.id.clone(),
                name: p.name.clone(),
            },
            None,
        );
        if self.command_rate(&who) != crate::limits::Rate::Allowed {
            let e = AppError::Limit(Limit::CommandsPerMinute(
                self.settings.limits.commands_per_minute,
            ));
            return Ok(self.refused_act(&e, lang));
        }
        let game = Some(seat.doc.id);
        let cmd = match action {
            PlayAction::Move { ply, text } => Command::Move {
                game,
                text: text.clone(),
                ply: Some(*ply),
            },
            PlayAction::Draw => Command::Draw(None, game),
            PlayAction::Takeback => Command::Takeback(None, game),
            PlayAction::Resign => Command::Resign(game),
        };
        Ok(match self.execute(&who, cmd) {
            Ok(e) => {
                let message = match (&e, action) {
                    (Event::Played { .. }, PlayAction::Move { .. }) => String::new(),
                    _ => self.present_text(&e, lang),
                };
                Acted {
                    ok: true,
                    message,
                    notice: Some((ch, e)),
                }
            }
            Err(e) => self.refused_act(&e, lang),
        })
    }

    fn refused_act(&self, e: &AppError, lang: Lang) -> Acted {
        Acted {
            ok: false,
            message: self.present_error(e, lang).plain_text(),
            notice: None,
        }
    }

    /// The plain text of the reply to `e` in `lang`, without drawing.
    fn present_text(&self, e: &Event, lang: Lang) -> String {
        crate::text::event(e)
            .get(lang)
            .write(|u| format!("@{}", u.name))
    }

    /// Tells the chat what `acted` did, as the reply to the same command
    /// typed there (with its board): a notice through the platform's
    /// mailbox. Called after the page has its answer, so drawing the
    /// chat's board does not hold the page up.
    pub fn announce_play(&self, acted: Acted) {
        if let Some((channel, e)) = acted.notice {
            let reply = self.present(&e, self.channel_lang(&channel));
            self.post(Outgoing { channel, reply });
        }
    }

    /// Sets the Telegram bot's token, the key of its Mini App's init data.
    pub fn set_telegram_token(&self, token: Option<crate::config::Secret>) {
        *crate::sync::lock(&self.watch.telegram) = token;
    }

    /// [`App::telegram_play`] with the token set by
    /// [`App::set_telegram_token`]; refused when none is set.
    ///
    /// # Errors
    ///
    /// As [`App::telegram_play`].
    pub fn telegram_board(
        &self,
        init_data: &str,
        start: Option<&str>,
    ) -> Result<String, PlayError> {
        let token = crate::sync::lock(&self.watch.telegram).clone();
        let token = token.ok_or(PlayError::Refused(LinkRefusal::TelegramSignature))?;
        self.telegram_play(init_data, token.expose(), start)
    }

    /// Trades Telegram's signed init data (checked with `bot_token`) for
    /// the address (path) of the board of the game whose page token is
    /// `start` (the Mini App's start parameter, or the address's) for the
    /// side the Telegram user plays.
    ///
    /// # Errors
    ///
    /// [`PlayError`]: bad or stale init data, no such game, the user plays
    /// no side of it, the game is over.
    pub fn telegram_play(
        &self,
        init_data: &str,
        bot_token: &str,
        start: Option<&str>,
    ) -> Result<String, PlayError> {
        let now = self.now().div_euclid(1000);
        let data = verify_init_data(init_data, bot_token, now, TELEGRAM_FRESH_SECS)
            .map_err(PlayError::Refused)?;
        let token = data
            .start_param
            .as_deref()
            .or(start)
            .ok_or(PlayError::Refused(LinkRefusal::NoGame))?;
        let doc = self
            .game_of(token)?
            .ok_or(PlayError::Refused(LinkRefusal::NoGame))?;
        if doc.channel.platform != crate::reply::Platform::Telegram {
            return Err(PlayError::Refused(LinkRefusal::NotAPlayer));
        }
        if doc.result.is_some() {
            return Err(PlayError::Finished);
        }
        let turn = rebuild(&doc).ok().map(|(_, g)| g.turn().side);
        let mine: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|&s| doc.player(s).id == data.user && doc.bot.is_none_or(|b| b.side != s))
            .collect();
        let side = match mine.as_slice() {
            [] => return Err(PlayError::Refused(LinkRefusal::NotAPlayer)),
            [s] => *s,
            _ => turn.unwrap_or(Side::First),
        };
        let (token, key) = self
            .play_key(&doc.channel, doc.id, side)?
            .ok_or(PlayError::Refused(LinkRefusal::NoGame))?;
        Ok(WebPath::Play { token, key }.to_string())
    }
}

#[cfg(test)]
mod tests;
