//! Keys: the byte layout of every record (see the table in `lib.rs`).

use crate::{ChannelKey, GameId, Platform, SEP, Timer, TimerKind};

pub(crate) fn rating_key(platform: Platform, game: GameId, user: &str) -> Vec<u8> {
    key(&["r", platform.as_str(), game.key(), user])
}

pub(crate) fn board_key(ch: &ChannelKey, game: u64) -> Vec<u8> {
    key(&["b", ch.platform.as_str(), &ch.channel, &num(game)])
}

pub(crate) fn key(parts: &[&str]) -> Vec<u8> {
    parts.join(&SEP.to_string()).into_bytes()
}

pub(crate) fn num(n: u64) -> String {
    format!("{n:020}")
}

pub(crate) fn time(ms: i64) -> String {
    // Times before 1970 never occur; clamp so the order stays numeric.
    num(ms.max(0) as u64)
}

pub(crate) fn game_key(ongoing: bool, ch: &ChannelKey, id: u64) -> Vec<u8> {
    key(&[
        if ongoing { "g" } else { "f" },
        ch.platform.as_str(),
        &ch.channel,
        &num(id),
    ])
}

pub(crate) fn user_game_key(ch: &ChannelKey, user: &str, id: u64) -> Vec<u8> {
    key(&["u", ch.platform.as_str(), user, &ch.channel, &num(id)])
}

pub(crate) fn timer_key(due: i64, kind: TimerKind, ch: &ChannelKey, id: u64) -> Vec<u8> {
    let k = match kind {
        TimerKind::Game => "g",
        TimerKind::Challenge => "c",
    };
    key(&[
        "t",
        &time(due),
        k,
        ch.platform.as_str(),
        &ch.channel,
        &num(id),
    ])
}

pub(crate) fn parse_timer(k: &[u8]) -> Option<Timer> {
    let s = std::str::from_utf8(k).ok()?;
    let parts: Vec<&str> = s.split(SEP).collect();
    let [_, due, kind, platform, channel, id] = parts.as_slice() else {
        return None;
    };
    Some(Timer {
        due_ms: due.parse::<u64>().ok()? as i64,
        kind: match *kind {
            "g" => TimerKind::Game,
            "c" => TimerKind::Challenge,
            _ => return None,
        },
        channel: ChannelKey {
            platform: match *platform {
                "console" => Platform::Console,
                "discord" => Platform::Discord,
                "telegram" => Platform::Telegram,
                _ => return None,
            },
            channel: channel.to_string(),
        },
        id: id.parse().ok()?,
    })
}
