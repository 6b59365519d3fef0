//! The web front-end's addresses as one typed value, [`WebPath`]: what the
//! web serves (it reads every request's path with [`WebPath::parse`]) and
//! what the app and the chat front-ends link to (they write one with its
//! `Display`), so an address is spelt in this one place. Parsing what was
//! written gives the same value back (tested over every kind).
//!
//! | path | what |
//! |---|---|
//! | `/`, `/games/{game}` | the games being played in listed chats (of one game) |
//! | `/events`, `/games/{game}/events` | their live updates |
//! | `/g/{token}` | a game's page |
//! | `/g/{token}/events` | its live updates |
//! | `/g/{token}/board/{lang}/{ply}/{key}.png` | a position's picture |
//! | `/g/{token}/record.pgn`, `record.txt` | a game's record |
//! | `/g/{token}/replay.{lang}.gif` | a finished game's replay |
//! | `/p/{token}` | a player's page |
//! | `/t/{token}` | a tournament's page |
//! | `/t/{token}/events` | its live updates |
//! | `/p/{token}/chart/{lang}/{game}.png` | their rating chart of a game |
//! | `/leaderboard/{game}` | the best rated players of listed chats |
//! | `/static/{file}` | the style sheet and the script |
//! | `/start/{lang}/{spec}.jpg`, `.png` | a game's start with options (`spec` URL-encoded) |
//! | `/g/{token}/play/{key}` | a player's interactive board (GET), their moves and offers (POST) |
//! | `/g/{token}/play/{key}/state` | what that board shows and allows now, as JSON |
//! | `/tg` | Telegram's Mini App: trades Telegram's signed data for a player's board |

use std::fmt;

use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};
use tablero_rules::{GameId, Lang};

/// A page token: 32 hexadecimal digits (`watch.rs` makes them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token(String);

impl Token {
    /// `t` as a token, if it is shaped like one.
    #[must_use]
    pub fn new(t: &str) -> Option<Token> {
        (t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())).then(|| Token(t.to_string()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A position picture's key: 16 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PictureKey(String);

impl PictureKey {
    /// `k` as a key, if it is shaped like one.
    #[must_use]
    pub fn new(k: &str) -> Option<PictureKey> {
        (k.len() == 16 && k.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| PictureKey(k.to_string()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A player's key to a game's interactive board: `SIDE-EXPIRES-MAC`, the
/// side (`0` or `1`), when it stops working (seconds since the epoch) and
/// 32 hexadecimal digits of signature (`webplay.rs` makes and checks
/// them; this only checks the shape).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayKey(String);

impl PlayKey {
    /// `k` as a key, if it is shaped like one.
    #[must_use]
    pub fn new(k: &str) -> Option<PlayKey> {
        let mut parts = k.split('-');
        let (side, expires, mac) = (parts.next()?, parts.next()?, parts.next()?);
        let shaped = parts.next().is_none()
            && (side == "0" || side == "1")
            && (1..=12).contains(&expires.len())
            && expires.bytes().all(|b| b.is_ascii_digit())
            && mac.len() == 32
            && mac
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
        shaped.then(|| PlayKey(k.to_string()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The longest start spec (`breakthrough casual …`) a start picture
/// takes.
pub const START_SPEC_MAX: usize = 64;

/// One of the web front-end's addresses (the table in the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebPath {
    /// The live games, of every game or of one.
    List(Option<GameId>),
    /// Their live updates.
    ListEvents(Option<GameId>),
    Game(Token),
    GameEvents(Token),
    Board {
        token: Token,
        lang: Lang,
        ply: usize,
        key: PictureKey,
    },
    /// The game's record, as PGN (`pgn`) or as Tablero's text.
    Record {
        token: Token,
        pgn: bool,
    },
    Replay {
        token: Token,
        lang: Lang,
    },
    Player(Token),
    Tournament(Token),
    TournamentEvents(Token),
    Chart {
        token: Token,
        lang: Lang,
        game: GameId,
    },
    Leaderboard(GameId),
    /// A file of the site's own (`style.TAG.css`, `app.TAG.js`).
    Static(String),
    /// A game's start with options, as JPEG (`jpeg`) or PNG; `spec` with
    /// its words separated by single spaces.
    Start {
        lang: Lang,
        spec: String,
        jpeg: bool,
    },
    /// A player's interactive board.
    Play {
        token: Token,
        key: PlayKey,
    },
    /// What it shows and allows now.
    PlayState {
        token: Token,
        key: PlayKey,
    },
    /// Telegram's Mini App.
    TelegramApp,
}

/// The code of a language in addresses.
#[must_use]
pub fn lang_code(l: Lang) -> &'static str {
    match l {
        Lang::En => "en",
        Lang::Es => "es",
    }
}

/// The language an address's code names.
#[must_use]
pub fn lang_of_code(code: &str) -> Option<Lang> {
    match code {
        "en" => Some(Lang::En),
        "es" => Some(Lang::Es),
        _ => None,
    }
}

/// What a path segment encodes: what the `url` crate encodes in a path
/// segment (controls, space, `"#%/<>?\`{}`), so that an address written
/// here and one built with `url::Url::path_segments_mut` are the same.
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

impl fmt::Display for WebPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = |g: &GameId| g.info().key;
        match self {
            WebPath::List(None) => f.write_str("/"),
            WebPath::List(Some(g)) => write!(f, "/games/{}", key(g)),
            WebPath::ListEvents(None) => f.write_str("/events"),
            WebPath::ListEvents(Some(g)) => write!(f, "/games/{}/events", key(g)),
            WebPath::Game(t) => write!(f, "/g/{t}"),
            WebPath::GameEvents(t) => write!(f, "/g/{t}/events"),
            WebPath::Board {
                token,
                lang,
                ply,
                key,
            } => write!(
                f,
                "/g/{token}/board/{}/{ply}/{}.png",
                lang_code(*lang),
                key.as_str()
            ),
            WebPath::Record { token, pgn } => {
                write!(f, "/g/{token}/record.{}", if *pgn { "pgn" } else { "txt" })
            }
            WebPath::Replay { token, lang } => {
                write!(f, "/g/{token}/replay.{}.gif", lang_code(*lang))
            }
            WebPath::Player(t) => write!(f, "/p/{t}"),
            WebPath::Tournament(t) => write!(f, "/t/{t}"),
            WebPath::TournamentEvents(t) => write!(f, "/t/{t}/events"),
            WebPath::Chart { token, lang, game } => {
                write!(f, "/p/{token}/chart/{}/{}.png", lang_code(*lang), key(game))
            }
            WebPath::Leaderboard(g) => write!(f, "/leaderboard/{}", key(g)),
            WebPath::Static(file) => write!(f, "/static/{}", utf8_percent_encode(file, SEGMENT)),
            WebPath::Play { token, key } => write!(f, "/g/{token}/play/{key}"),
            WebPath::PlayState { token, key } => write!(f, "/g/{token}/play/{key}/state"),
            WebPath::TelegramApp => f.write_str("/tg"),
            WebPath::Start { lang, spec, jpeg } => write!(
                f,
                "/start/{}/{}.{}",
                lang_code(*lang),
                utf8_percent_encode(spec, SEGMENT),
                if *jpeg { "jpg" } else { "png" }
            ),
        }
    }
}

impl WebPath {
    /// The address a request's path (without its query) names, or `None`
    /// for a path the web does not serve.
    #[must_use]
    pub fn parse(path: &str) -> Option<WebPath> {
        let rest = path.strip_prefix('/')?;
        let segments: Vec<String> = if rest.is_empty() {
            Vec::new()
        } else {
            rest.split('/')
                .map(|s| percent_decode_str(s).decode_utf8().map(|c| c.into_owned()))
                .collect::<Result<_, _>>()
                .ok()?
        };
        let seg: Vec<&str> = segments.iter().map(String::as_str).collect();
        let game = |s: &str| s.parse::<GameId>().ok();
        let token = Token::new;
        Some(match seg.as_slice() {
            [] => WebPath::List(None),
            ["events"] => WebPath::ListEvents(None),
            ["games", g] => WebPath::List(Some(game(g)?)),
            ["games", g, "events"] => WebPath::ListEvents(Some(game(g)?)),
            ["g", t] => WebPath::Game(token(t)?),
            ["g", t, "events"] => WebPath::GameEvents(token(t)?),
            ["g", t, "board", l, ply, file] => WebPath::Board {
                token: token(t)?,
                lang: lang_of_code(l)?,
                // Digits only: `+1` or ` 1` name no position.
                ply: ply
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| ply.parse().ok())
                    .flatten()?,
                key: PictureKey::new(file.strip_suffix(".png")?)?,
            },
            ["g", t, "play", k] => WebPath::Play {
                token: token(t)?,
                key: PlayKey::new(k)?,
            },
            ["g", t, "play", k, "state"] => WebPath::PlayState {
                token: token(t)?,
                key: PlayKey::new(k)?,
            },
            ["tg"] => WebPath::TelegramApp,
            ["g", t, "record.pgn"] => WebPath::Record {
                token: token(t)?,
                pgn: true,
            },
            ["g", t, "record.txt"] => WebPath::Record {
                token: token(t)?,
                pgn: false,
            },
            ["g", t, file] => WebPath::Replay {
                token: token(t)?,
                lang: lang_of_code(file.strip_prefix("replay.")?.strip_suffix(".gif")?)?,
            },
            ["p", t] => WebPath::Player(token(t)?),
            ["t", t] => WebPath::Tournament(token(t)?),
            ["t", t, "events"] => WebPath::TournamentEvents(token(t)?),
            ["p", t, "chart", l, file] => WebPath::Chart {
                token: token(t)?,
                lang: lang_of_code(l)?,
                game: game(file.strip_suffix(".png")?)?,
            },
            ["leaderboard", g] => WebPath::Leaderboard(game(g)?),
            ["static", file] if !file.is_empty() => WebPath::Static((*file).to_string()),
            ["start", l, file] => {
                let (spec, jpeg) = match (file.strip_suffix(".jpg"), file.strip_suffix(".png")) {
                    (Some(s), _) => (s, true),
                    (None, Some(s)) => (s, false),
                    (None, None) => return None,
                };
                if spec.len() > START_SPEC_MAX {
                    return None;
                }
                WebPath::Start {
                    lang: lang_of_code(l)?,
                    // By the options as written, spaces aside.
                    spec: spec.split_whitespace().collect::<Vec<_>>().join(" "),
                    jpeg,
                }
            }
            _ => return None,
        })
    }

    /// The address on the web whose public address is `base` (no slash at
    /// its end).
    #[must_use]
    pub fn at(&self, base: &str) -> String {
        format!("{}{self}", base.trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token() -> Token {
        Token::new("0123456789abcdef0123456789ABCDEF").unwrap()
    }

    /// Every kind of address, parsed from what it writes, is itself; and
    /// each is written as the table in the module docs says (by hand).
    #[test]
    fn every_address_reads_back_and_is_written_as_documented() {
        let t = token();
        let key = PictureKey::new("00ff00ff00ff00ff").unwrap();
        let cases = [
            (WebPath::List(None), "/"),
            (WebPath::List(Some(GameId::Chess)), "/games/chess"),
            (WebPath::ListEvents(None), "/events"),
            (
                WebPath::ListEvents(Some(GameId::Breakthrough)),
                "/games/breakthrough/events",
            ),
            (
                WebPath::Game(t.clone()),
                "/g/0123456789abcdef0123456789ABCDEF",
            ),
            (
                WebPath::GameEvents(t.clone()),
                "/g/0123456789abcdef0123456789ABCDEF/events",
            ),
            (
                WebPath::Board {
                    token: t.clone(),
                    lang: Lang::Es,
                    ply: 12,
                    key: key.clone(),
                },
                "/g/0123456789abcdef0123456789ABCDEF/board/es/12/00ff00ff00ff00ff.png",
            ),
            (
                WebPath::Record {
                    token: t.clone(),
                    pgn: true,
                },
                "/g/0123456789abcdef0123456789ABCDEF/record.pgn",
            ),
            (
                WebPath::Record {
                    token: t.clone(),
                    pgn: false,
                },
                "/g/0123456789abcdef0123456789ABCDEF/record.txt",
            ),
            (
                WebPath::Replay {
                    token: t.clone(),
                    lang: Lang::En,
                },
                "/g/0123456789abcdef0123456789ABCDEF/replay.en.gif",
            ),
            (
                WebPath::Player(t.clone()),
                "/p/0123456789abcdef0123456789ABCDEF",
            ),
            (
                WebPath::Tournament(t.clone()),
                "/t/0123456789abcdef0123456789ABCDEF",
            ),
            (
                WebPath::TournamentEvents(t.clone()),
                "/t/0123456789abcdef0123456789ABCDEF/events",
            ),
            (
                WebPath::Chart {
                    token: t.clone(),
                    lang: Lang::Es,
                    game: GameId::Cascades,
                },
                "/p/0123456789abcdef0123456789ABCDEF/chart/es/cascades.png",
            ),
            (WebPath::Leaderboard(GameId::Chess), "/leaderboard/chess"),
            (
                WebPath::Static("style.ab12.css".into()),
                "/static/style.ab12.css",
            ),
            (
                WebPath::Start {
                    lang: Lang::Es,
                    spec: "barrier size=6 casual".into(),
                    jpeg: true,
                },
                "/start/es/barrier%20size=6%20casual.jpg",
            ),
            (
                WebPath::Start {
                    lang: Lang::En,
                    spec: "chess".into(),
                    jpeg: false,
                },
                "/start/en/chess.png",
            ),
            (
                WebPath::Play {
                    token: t.clone(),
                    key: PlayKey::new("1-1790000000-00112233445566778899aabbccddeeff").unwrap(),
                },
                "/g/0123456789abcdef0123456789ABCDEF/play/1-1790000000-00112233445566778899aabbccddeeff",
            ),
            (
                WebPath::PlayState {
                    token: t.clone(),
                    key: PlayKey::new("0-1-00112233445566778899aabbccddeeff").unwrap(),
                },
                "/g/0123456789abcdef0123456789ABCDEF/play/0-1-00112233445566778899aabbccddeeff/state",
            ),
            (WebPath::TelegramApp, "/tg"),
        ];
        for (path, written) in cases {
            assert_eq!(path.to_string(), written);
            assert_eq!(WebPath::parse(written), Some(path.clone()), "{written}");
        }
        assert_eq!(
            WebPath::Game(t).at("https://t.example.org/"),
            "https://t.example.org/g/0123456789abcdef0123456789ABCDEF"
        );
    }

    /// Paths the web does not serve, or that name nothing, are none.
    #[test]
    fn malformed_addresses_are_none() {
        for p in [
            "",
            "g/0123456789abcdef0123456789abcdef",
            "/g/0123",
            "/g/0123456789abcdef0123456789abcdeX",
            "/games/nochess",
            "/g/0123456789abcdef0123456789abcdef/board/fr/1/00ff00ff00ff00ff.png",
            "/g/0123456789abcdef0123456789abcdef/board/en/+1/00ff00ff00ff00ff.png",
            "/g/0123456789abcdef0123456789abcdef/board/en/1/00ff.png",
            "/g/0123456789abcdef0123456789abcdef/replay.fr.gif",
            "/g/0123456789abcdef0123456789abcdef/record.doc",
            "/p/0123456789abcdef0123456789abcdef/chart/en/go.png",
            "/static/",
            "/start/en/chess.gif",
            "/start/en/%FF.jpg",
            "/leaderboard",
            "/g/0123456789abcdef0123456789abcdef/events/more",
            "/t/0123",
            "/t/0123456789abcdef0123456789abcdef/board",
            "/g/0123456789abcdef0123456789abcdef/play/2-1-00112233445566778899aabbccddeeff",
            "/g/0123456789abcdef0123456789abcdef/play/0--00112233445566778899aabbccddeeff",
            "/g/0123456789abcdef0123456789abcdef/play/0-1-00112233445566778899AABBCCDDEEFF",
            "/g/0123456789abcdef0123456789abcdef/play/0-1-00112233445566778899aabbccddeef",
            "/g/0123456789abcdef0123456789abcdef/play/0-1-2-00112233445566778899aabbccddeeff",
            "/g/0123456789abcdef0123456789abcdef/play/0-1-00112233445566778899aabbccddeeff/more",
            "/tg/x",
        ] {
            assert_eq!(WebPath::parse(p), None, "{p}");
        }
        let long = format!("/start/en/{}.jpg", "a".repeat(START_SPEC_MAX + 1));
        assert_eq!(WebPath::parse(&long), None);
        // Spaces in a start spec count once.
        assert_eq!(
            WebPath::parse("/start/en/chess%20%20casual.png"),
            Some(WebPath::Start {
                lang: Lang::En,
                spec: "chess casual".into(),
                jpeg: false
            })
        );
    }
}
