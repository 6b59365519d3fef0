//! Keys: the byte layout of every record (the table in `lib.rs`), written
//! and read in this one place.
//!
//! A [`Key`] names one record; a [`Scan`] names the records under a common
//! prefix. Both borrow their fields, so building one costs only the bytes
//! it encodes to, and [`Key::decode`] reads a stored key back into the same
//! type (for the scans that need a key's fields, the timer index and the
//! channel a change touches). The first field of every key is its
//! [`Kind`], which also tells `migrate.rs` and `check.rs` what the value is.

use crate::{ChannelKey, GameId, Platform, SEP, Timer, TimerKind};

/// What a record is, from the first field of its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `g`: an ongoing game.
    Ongoing,
    /// `f`: a finished game.
    Finished,
    /// `c`: a challenge.
    Challenge,
    /// `n`: a channel's next id.
    NextId,
    /// `u`: the user index of ongoing games.
    UserGame,
    /// `h`: the user index of finished games.
    UserFinished,
    /// `i`: the user index of open challenges (their challenger's).
    UserChallenge,
    /// `t`: the timer index.
    Timer,
    /// `s`: stats against people.
    Stats,
    /// `a`: stats against Tablero.
    BotStats,
    /// `e`: stats of learning games (`learning.rs`).
    LearningStats,
    /// `p`: a user's profile.
    Profile,
    /// `b`: a game's newest board message.
    Board,
    /// `r`: a rating.
    Rating,
    /// `l`: who played rated games in a community.
    Community,
    /// `o`: a channel's settings.
    Channel,
    /// `m`: store metadata.
    Meta,
    /// `w`: the web's secret, page addresses and listings.
    Web,
    /// `v`: a tournament (`tournaments.rs`).
    Tournament,
    /// `k`: a player's clock settings (`comforts.rs`).
    Comfort,
}

impl Kind {
    /// Every kind, in the order of the crate docs' table.
    pub(crate) const ALL: [Kind; 20] = [
        Kind::Ongoing,
        Kind::Finished,
        Kind::Challenge,
        Kind::NextId,
        Kind::UserGame,
        Kind::UserFinished,
        Kind::UserChallenge,
        Kind::Timer,
        Kind::Stats,
        Kind::BotStats,
        Kind::LearningStats,
        Kind::Profile,
        Kind::Board,
        Kind::Rating,
        Kind::Community,
        Kind::Channel,
        Kind::Meta,
        Kind::Web,
        Kind::Tournament,
        Kind::Comfort,
    ];

    /// The key's first field.
    pub(crate) const fn tag(self) -> &'static str {
        match self {
            Kind::Ongoing => "g",
            Kind::Finished => "f",
            Kind::Challenge => "c",
            Kind::NextId => "n",
            Kind::UserGame => "u",
            Kind::UserFinished => "h",
            Kind::UserChallenge => "i",
            Kind::Timer => "t",
            Kind::Stats => "s",
            Kind::BotStats => "a",
            Kind::LearningStats => "e",
            Kind::Profile => "p",
            Kind::Board => "b",
            Kind::Rating => "r",
            Kind::Community => "l",
            Kind::Channel => "o",
            Kind::Meta => "m",
            Kind::Web => "w",
            Kind::Tournament => "v",
            Kind::Comfort => "k",
        }
    }

    /// What a stored key's record is; `None` for a key of no known kind.
    pub(crate) fn of_key(k: &[u8]) -> Option<Kind> {
        let first = k.split(|&b| b == SEP as u8).next()?;
        Kind::ALL.into_iter().find(|a| a.tag().as_bytes() == first)
    }

    /// The kind of a game's record.
    pub(crate) const fn game(ongoing: bool) -> Kind {
        if ongoing {
            Kind::Ongoing
        } else {
            Kind::Finished
        }
    }

    /// The kind of a user's stats.
    pub(crate) const fn stats(of: StatsOf) -> Kind {
        match of {
            StatsOf::People => Kind::Stats,
            StatsOf::Tablero => Kind::BotStats,
            StatsOf::Learning => Kind::LearningStats,
        }
    }

    /// Whether the kind's records are index entries with empty values.
    pub(crate) const fn is_index(self) -> bool {
        matches!(
            self,
            Kind::UserGame
                | Kind::UserFinished
                | Kind::UserChallenge
                | Kind::Timer
                | Kind::Community
        )
    }
}

/// Which of a user's results a stats record counts, kept apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StatsOf {
    /// Games against people.
    People,
    /// Games against Tablero.
    Tablero,
    /// Learning games against Tablero (`learn GAME`).
    Learning,
}

impl StatsOf {
    pub(crate) const fn vs_bot(vs_bot: bool) -> StatsOf {
        if vs_bot {
            StatsOf::Tablero
        } else {
            StatsOf::People
        }
    }
}

/// The store's metadata records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meta {
    /// The schema version a store was created with.
    Schema,
    /// The number of the last rated result applied.
    RatingSeq,
    /// Set once the users' index of finished games had been filled, by
    /// builds before layout numbers (`migrations.rs`): layout 1.
    FinishedIndex,
    /// The number of the last layout migration applied (`migrations.rs`).
    Layout,
}

impl Meta {
    const fn name(self) -> &'static str {
        match self {
            Meta::Schema => "schema",
            Meta::RatingSeq => "rating_seq",
            Meta::FinishedIndex => "finished_index",
            Meta::Layout => "layout",
        }
    }
}

/// A channel as its keys spell it (borrowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chan<'a> {
    pub platform: Platform,
    pub channel: &'a str,
}

impl<'a> From<&'a ChannelKey> for Chan<'a> {
    fn from(ch: &'a ChannelKey) -> Chan<'a> {
        Chan {
            platform: ch.platform,
            channel: &ch.channel,
        }
    }
}

impl Chan<'_> {
    pub(crate) fn owned(self) -> ChannelKey {
        ChannelKey {
            platform: self.platform,
            channel: self.channel.to_string(),
        }
    }
}

/// One record's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    Game {
        ongoing: bool,
        ch: Chan<'a>,
        id: u64,
    },
    Challenge {
        ch: Chan<'a>,
        id: u64,
    },
    NextId(Chan<'a>),
    UserGame {
        ch: Chan<'a>,
        user: &'a str,
        id: u64,
    },
    UserFinished {
        ch: Chan<'a>,
        user: &'a str,
        id: u64,
    },
    UserChallenge {
        ch: Chan<'a>,
        user: &'a str,
        id: u64,
    },
    Timer {
        due_ms: i64,
        kind: TimerKind,
        ch: Chan<'a>,
        id: u64,
    },
    Stats {
        of: StatsOf,
        platform: Platform,
        user: &'a str,
        game: GameId,
    },
    Profile {
        platform: Platform,
        user: &'a str,
    },
    Board {
        ch: Chan<'a>,
        game: u64,
    },
    Rating {
        platform: Platform,
        game: GameId,
        user: &'a str,
    },
    Community {
        platform: Platform,
        community: &'a str,
        game: GameId,
        user: &'a str,
    },
    Channel(Chan<'a>),
    Meta(Meta),
    WebSecret,
    /// The key that signs players' links to the interactive board.
    PlaySecret,
    WebLink(&'a str),
    WebListing(Chan<'a>),
    Tournament {
        ch: Chan<'a>,
        id: u64,
    },
    Comfort {
        platform: Platform,
        user: &'a str,
    },
}

/// The records under one prefix, for scans.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Scan<'a> {
    /// Every record of a kind.
    All(Kind),
    /// A channel's ongoing or finished games.
    Games { ongoing: bool, ch: Chan<'a> },
    /// A channel's challenges.
    Challenges(Chan<'a>),
    /// A user's ongoing games (index entries).
    UserGames { platform: Platform, user: &'a str },
    /// A user's finished games (index entries).
    UserFinished { platform: Platform, user: &'a str },
    /// A user's open challenges (index entries).
    UserChallenges { platform: Platform, user: &'a str },
    /// A user's stats, against people or against Tablero.
    Stats {
        of: StatsOf,
        platform: Platform,
        user: &'a str,
    },
    /// Every profile of a platform.
    Profiles(Platform),
    /// Every remembered board of a platform.
    Boards(Platform),
    /// Every rating of a game on a platform.
    Ratings { platform: Platform, game: GameId },
    /// The games with rated play in a community, or (`game`) its players
    /// of one game.
    Community {
        platform: Platform,
        community: &'a str,
        game: Option<GameId>,
    },
    /// Every channel listed on the web.
    WebListings,
    /// A channel's tournaments.
    Tournaments(Chan<'a>),
}

fn join(parts: &[&str]) -> Vec<u8> {
    parts.join(&SEP.to_string()).into_bytes()
}

fn num(n: u64) -> String {
    format!("{n:020}")
}

fn time(ms: i64) -> String {
    // Times before 1970 never occur; clamp so the order stays numeric.
    num(ms.max(0) as u64)
}

const fn timer_tag(kind: TimerKind) -> &'static str {
    match kind {
        TimerKind::Game => "g",
        TimerKind::Challenge => "c",
        TimerKind::Tournament => "v",
        TimerKind::Digest => "d",
    }
}

fn platform(s: &str) -> Option<Platform> {
    [Platform::Console, Platform::Discord, Platform::Telegram]
        .into_iter()
        .find(|p| p.as_str() == s)
}

fn game_id(s: &str) -> Option<GameId> {
    s.parse().ok()
}

impl<'a> Key<'a> {
    pub(crate) fn game(ongoing: bool, ch: &'a ChannelKey, id: u64) -> Key<'a> {
        Key::Game {
            ongoing,
            ch: ch.into(),
            id,
        }
    }

    pub(crate) fn challenge(ch: &'a ChannelKey, id: u64) -> Key<'a> {
        Key::Challenge { ch: ch.into(), id }
    }

    pub(crate) fn timer(due_ms: i64, kind: TimerKind, ch: &'a ChannelKey, id: u64) -> Key<'a> {
        Key::Timer {
            due_ms,
            kind,
            ch: ch.into(),
            id,
        }
    }

    pub(crate) fn user_game(ch: &'a ChannelKey, user: &'a str, id: u64) -> Key<'a> {
        Key::UserGame {
            ch: ch.into(),
            user,
            id,
        }
    }

    pub(crate) fn user_challenge(ch: &'a ChannelKey, user: &'a str, id: u64) -> Key<'a> {
        Key::UserChallenge {
            ch: ch.into(),
            user,
            id,
        }
    }

    pub(crate) fn tournament(ch: &'a ChannelKey, id: u64) -> Key<'a> {
        Key::Tournament { ch: ch.into(), id }
    }

    pub(crate) fn board(ch: &'a ChannelKey, game: u64) -> Key<'a> {
        Key::Board {
            ch: ch.into(),
            game,
        }
    }

    /// What the record is.
    pub(crate) const fn kind(&self) -> Kind {
        match self {
            Key::Game { ongoing, .. } => Kind::game(*ongoing),
            Key::Challenge { .. } => Kind::Challenge,
            Key::NextId(_) => Kind::NextId,
            Key::UserGame { .. } => Kind::UserGame,
            Key::UserFinished { .. } => Kind::UserFinished,
            Key::UserChallenge { .. } => Kind::UserChallenge,
            Key::Timer { .. } => Kind::Timer,
            Key::Stats { of, .. } => Kind::stats(*of),
            Key::Profile { .. } => Kind::Profile,
            Key::Board { .. } => Kind::Board,
            Key::Rating { .. } => Kind::Rating,
            Key::Community { .. } => Kind::Community,
            Key::Channel(_) => Kind::Channel,
            Key::Meta(_) => Kind::Meta,
            Key::WebSecret | Key::PlaySecret | Key::WebLink(_) | Key::WebListing(_) => Kind::Web,
            Key::Tournament { .. } => Kind::Tournament,
            Key::Comfort { .. } => Kind::Comfort,
        }
    }

    /// The channel whose version a change of this record bumps: its games,
    /// challenges, next id and their indexes, and its web listing.
    pub(crate) const fn channel(&self) -> Option<Chan<'a>> {
        match *self {
            Key::Game { ch, .. }
            | Key::Challenge { ch, .. }
            | Key::NextId(ch)
            | Key::UserGame { ch, .. }
            | Key::UserFinished { ch, .. }
            | Key::UserChallenge { ch, .. }
            | Key::Timer { ch, .. }
            | Key::Tournament { ch, .. }
            | Key::WebListing(ch) => Some(ch),
            _ => None,
        }
    }

    /// The stored bytes.
    pub(crate) fn encode(&self) -> Vec<u8> {
        let tag = self.kind().tag();
        match *self {
            Key::Game { ch, id, .. } | Key::Challenge { ch, id } | Key::Tournament { ch, id } => {
                join(&[tag, ch.platform.as_str(), ch.channel, &num(id)])
            }
            Key::NextId(ch) | Key::Channel(ch) => join(&[tag, ch.platform.as_str(), ch.channel]),
            Key::UserGame { ch, user, id }
            | Key::UserFinished { ch, user, id }
            | Key::UserChallenge { ch, user, id } => {
                join(&[tag, ch.platform.as_str(), user, ch.channel, &num(id)])
            }
            Key::Timer {
                due_ms,
                kind,
                ch,
                id,
            } => join(&[
                tag,
                &time(due_ms),
                timer_tag(kind),
                ch.platform.as_str(),
                ch.channel,
                &num(id),
            ]),
            Key::Stats {
                platform,
                user,
                game,
                ..
            } => join(&[tag, platform.as_str(), user, game.key()]),
            Key::Profile { platform, user } | Key::Comfort { platform, user } => {
                join(&[tag, platform.as_str(), user])
            }
            Key::Board { ch, game } => join(&[tag, ch.platform.as_str(), ch.channel, &num(game)]),
            Key::Rating {
                platform,
                game,
                user,
            } => join(&[tag, platform.as_str(), game.key(), user]),
            Key::Community {
                platform,
                community,
                game,
                user,
            } => join(&[tag, platform.as_str(), community, game.key(), user]),
            Key::Meta(m) => join(&[tag, m.name()]),
            Key::WebSecret => join(&[tag, "s"]),
            Key::PlaySecret => join(&[tag, "p"]),
            Key::WebLink(token) => join(&[tag, "t", token]),
            Key::WebListing(ch) => join(&[tag, "l", ch.platform.as_str(), ch.channel]),
        }
    }

    /// Reads a stored key back; `None` when it is not one this build
    /// writes.
    pub(crate) fn decode(k: &'a [u8]) -> Option<Key<'a>> {
        let s = std::str::from_utf8(k).ok()?;
        let parts: Vec<&'a str> = s.split(SEP).collect();
        let chan = |p: &str, channel: &'a str| {
            Some(Chan {
                platform: platform(p)?,
                channel,
            })
        };
        Some(match parts.as_slice() {
            [g @ ("g" | "f"), p, c, id] => Key::Game {
                ongoing: *g == "g",
                ch: chan(p, c)?,
                id: id.parse().ok()?,
            },
            ["c", p, c, id] => Key::Challenge {
                ch: chan(p, c)?,
                id: id.parse().ok()?,
            },
            ["v", p, c, id] => Key::Tournament {
                ch: chan(p, c)?,
                id: id.parse().ok()?,
            },
            ["n", p, c] => Key::NextId(chan(p, c)?),
            ["u", p, user, c, id] => Key::UserGame {
                ch: chan(p, c)?,
                user,
                id: id.parse().ok()?,
            },
            ["h", p, user, c, id] => Key::UserFinished {
                ch: chan(p, c)?,
                user,
                id: id.parse().ok()?,
            },
            ["i", p, user, c, id] => Key::UserChallenge {
                ch: chan(p, c)?,
                user,
                id: id.parse().ok()?,
            },
            ["t", due, kind, p, c, id] => Key::Timer {
                due_ms: due.parse::<u64>().ok()? as i64,
                kind: match *kind {
                    "g" => TimerKind::Game,
                    "c" => TimerKind::Challenge,
                    "v" => TimerKind::Tournament,
                    "d" => TimerKind::Digest,
                    _ => return None,
                },
                ch: chan(p, c)?,
                id: id.parse().ok()?,
            },
            [a @ ("s" | "a" | "e"), p, user, game] => Key::Stats {
                of: match *a {
                    "s" => StatsOf::People,
                    "a" => StatsOf::Tablero,
                    _ => StatsOf::Learning,
                },
                platform: platform(p)?,
                user,
                game: game_id(game)?,
            },
            ["p", p, user] => Key::Profile {
                platform: platform(p)?,
                user,
            },
            ["k", p, user] => Key::Comfort {
                platform: platform(p)?,
                user,
            },
            ["b", p, c, game] => Key::Board {
                ch: chan(p, c)?,
                game: game.parse().ok()?,
            },
            ["r", p, game, user] => Key::Rating {
                platform: platform(p)?,
                game: game_id(game)?,
                user,
            },
            ["l", p, community, game, user] => Key::Community {
                platform: platform(p)?,
                community,
                game: game_id(game)?,
                user,
            },
            ["o", p, c] => Key::Channel(chan(p, c)?),
            ["m", "schema"] => Key::Meta(Meta::Schema),
            ["m", "rating_seq"] => Key::Meta(Meta::RatingSeq),
            ["m", "finished_index"] => Key::Meta(Meta::FinishedIndex),
            ["m", "layout"] => Key::Meta(Meta::Layout),
            ["w", "s"] => Key::WebSecret,
            ["w", "p"] => Key::PlaySecret,
            ["w", "t", token] => Key::WebLink(token),
            ["w", "l", p, c] => Key::WebListing(chan(p, c)?),
            _ => return None,
        })
    }

    /// The timer a key of the timer index stands for.
    pub(crate) fn timer_of(k: &[u8]) -> Option<Timer> {
        match Key::decode(k)? {
            Key::Timer {
                due_ms,
                kind,
                ch,
                id,
            } => Some(Timer {
                due_ms,
                kind,
                channel: ch.owned(),
                id,
            }),
            _ => None,
        }
    }
}

impl Scan<'_> {
    /// The prefix every key of the scan starts with (ending with the
    /// separator, so a channel `ab` never matches channel `abc`).
    pub(crate) fn prefix(&self) -> Vec<u8> {
        let mut p = match *self {
            Scan::All(a) => join(&[a.tag()]),
            Scan::Games { ongoing, ch } => {
                join(&[Kind::game(ongoing).tag(), ch.platform.as_str(), ch.channel])
            }
            Scan::Challenges(ch) => {
                join(&[Kind::Challenge.tag(), ch.platform.as_str(), ch.channel])
            }
            Scan::UserGames { platform, user } => {
                join(&[Kind::UserGame.tag(), platform.as_str(), user])
            }
            Scan::UserFinished { platform, user } => {
                join(&[Kind::UserFinished.tag(), platform.as_str(), user])
            }
            Scan::UserChallenges { platform, user } => {
                join(&[Kind::UserChallenge.tag(), platform.as_str(), user])
            }
            Scan::Stats { of, platform, user } => {
                join(&[Kind::stats(of).tag(), platform.as_str(), user])
            }
            Scan::Profiles(platform) => join(&[Kind::Profile.tag(), platform.as_str()]),
            Scan::Boards(platform) => join(&[Kind::Board.tag(), platform.as_str()]),
            Scan::Ratings { platform, game } => {
                join(&[Kind::Rating.tag(), platform.as_str(), game.key()])
            }
            Scan::Community {
                platform,
                community,
                game: None,
            } => join(&[Kind::Community.tag(), platform.as_str(), community]),
            Scan::Community {
                platform,
                community,
                game: Some(game),
            } => join(&[
                Kind::Community.tag(),
                platform.as_str(),
                community,
                game.key(),
            ]),
            Scan::WebListings => join(&[Kind::Web.tag(), "l"]),
            Scan::Tournaments(ch) => {
                join(&[Kind::Tournament.tag(), ch.platform.as_str(), ch.channel])
            }
        };
        p.push(SEP as u8);
        p
    }
}

/// Which field of a timer key holds its channel's platform (the backends
/// filter on it when a process claims only its platforms' timers).
pub(crate) const TIMER_PLATFORM_FIELD: usize = 3;

/// The timer index's keys due at or before `now_ms`, as a range.
pub(crate) fn due_range(now_ms: i64) -> std::ops::Range<Vec<u8>> {
    let start = Scan::All(Kind::Timer).prefix();
    let mut end = join(&[Kind::Timer.tag(), &time(now_ms)]);
    end.push(SEP as u8 + 1);
    start..end
}

/// The bytes naming a channel in versions and lock names.
pub(crate) fn channel_id(ch: Chan<'_>) -> Vec<u8> {
    join(&[ch.platform.as_str(), ch.channel])
}

#[cfg(test)]
mod tests;
