//! Per-user limits: what one user may hold open at once (challenges here,
//! challenges in a channel, ongoing games, games against the bot) and how
//! many commands they may send a minute. A limit reached is an ordinary
//! error with its own message ([`AppError::Limit`]) and changes nothing;
//! the values come from `[limits]` in the configuration.
//!
//! The command rate is counted in memory per process (a sliding minute,
//! chat platforms only);
//! the other limits are counted in the store, so they hold across
//! processes and restarts.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use tablero_store::ChallengeDoc;

use crate::app::{Actor, App, Res, lock};
pub use crate::config::Limits;
use crate::event::AppError;
pub use crate::event::Limit;
use crate::reply::Platform;

/// How many users' recent commands are remembered; the oldest user is
/// forgotten past it (a forgotten user only gets a fresh minute).
const RATE_USERS: usize = 100_000;

/// Recent command times per user, for the rate limit.
#[derive(Default)]
pub(crate) struct Rates {
    recent: Mutex<HashMap<(Platform, String), VecDeque<i64>>>,
}

/// What the rate limit says of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rate {
    Allowed,
    /// The first command over the limit this minute: answered once.
    JustOver,
    /// Further commands over the limit: ignored without a reply.
    Over,
}

impl Rates {
    /// Counts a command of `user` at `now_ms` against `per_minute`.
    pub(crate) fn check(
        &self,
        platform: Platform,
        user: &str,
        now_ms: i64,
        per_minute: usize,
    ) -> Rate {
        let mut recent = lock(&self.recent);
        if recent.len() >= RATE_USERS && !recent.contains_key(&(platform, user.to_string())) {
            // Forget users idle for a minute; if none, start afresh.
            recent.retain(|_, times| times.back().is_some_and(|t| now_ms - t < 60_000));
            if recent.len() >= RATE_USERS {
                recent.clear();
            }
        }
        let times = recent.entry((platform, user.to_string())).or_default();
        while times.front().is_some_and(|t| now_ms - t >= 60_000) {
            times.pop_front();
        }
        let before = times.len();
        // Commands past twice the limit are not even remembered: the
        // window stays bounded whatever a user sends.
        if before <= per_minute.saturating_mul(2) {
            times.push_back(now_ms);
        }
        match before.cmp(&per_minute) {
            std::cmp::Ordering::Less => Rate::Allowed,
            std::cmp::Ordering::Equal => Rate::JustOver,
            std::cmp::Ordering::Greater => Rate::Over,
        }
    }
}

impl App {
    /// Refuses a new challenge from `who` past the challenge limits.
    pub(crate) fn check_challenge_limits(&self, who: &Actor, open: &[ChallengeDoc]) -> Res<()> {
        let l = &self.settings.limits;
        if open.len() >= l.challenges_per_channel {
            return Err(AppError::Limit(Limit::ChallengesPerChannel(
                l.challenges_per_channel,
            )));
        }
        let mine = open
            .iter()
            .filter(|c| c.challenger.id == who.user.id)
            .count();
        if mine >= l.challenges_per_user {
            return Err(AppError::Limit(Limit::ChallengesPerUser(
                l.challenges_per_user,
            )));
        }
        Ok(())
    }

    /// Refuses a new game for `user` past the game limits (`bot`: the
    /// game is against the bot).
    pub(crate) fn check_game_limits(&self, platform: Platform, user: &str, bot: bool) -> Res<()> {
        let l = &self.settings.limits;
        let games = self.store.user_games(platform, user)?;
        if games.len() >= l.games_per_user {
            return Err(AppError::Limit(Limit::GamesPerUser(l.games_per_user)));
        }
        if bot {
            let mut against_bot = 0;
            for (ch, id) in games {
                if self
                    .store
                    .game(&ch, id, true)?
                    .is_some_and(|g| g.bot.is_some())
                {
                    against_bot += 1;
                }
            }
            if against_bot >= l.bot_games_per_user {
                return Err(AppError::Limit(Limit::BotGamesPerUser(
                    l.bot_games_per_user,
                )));
            }
        }
        Ok(())
    }

    /// Counts a message of `who` against the command rate. The console is
    /// its operator's own (a script pipes in lines as fast as it can), so
    /// only chat platforms are rate-limited.
    pub(crate) fn command_rate(&self, who: &Actor) -> Rate {
        if who.channel.platform == Platform::Console {
            return Rate::Allowed;
        }
        self.rates.check(
            who.channel.platform,
            &who.user.id,
            self.now(),
            self.settings.limits.commands_per_minute,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_answers_once_past_the_limit_then_stays_quiet_for_the_minute() {
        let r = Rates::default();
        let at = |ms| r.check(Platform::Console, "ana", ms, 3);
        assert_eq!(
            [at(0), at(1), at(2), at(3), at(4), at(5)],
            [
                Rate::Allowed,
                Rate::Allowed,
                Rate::Allowed,
                Rate::JustOver,
                Rate::Over,
                Rate::Over
            ]
        );
        // Another user is not slowed.
        assert_eq!(r.check(Platform::Console, "bo", 5, 3), Rate::Allowed);
        // A minute later the window has moved on.
        assert_eq!(at(70_000), Rate::Allowed);
    }
}
