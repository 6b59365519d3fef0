//! Per-user limits: what one user may hold open at once (challenges in all
//! chats together, challenges in a channel, ongoing games, games against
//! the bot) and how
//! many commands they may send a minute. A limit reached is an ordinary
//! error with its own message ([`AppError::Limit`]) and changes nothing;
//! the values come from `[limits]` in the configuration.
//!
//! The command rate is counted in memory per process (a sliding minute,
//! chat platforms only);
//! the other limits are counted in the store, so they hold across
//! processes and restarts.

use tablero_store::ChallengeDoc;

pub use crate::config::Limits;
use crate::event::AppError;
pub use crate::event::Limit;
pub(crate) use crate::rates::Rate;
use crate::reply::Platform;
use crate::state::{Actor, App, Res};

impl App {
    /// Refuses a new challenge from `who` past the challenge limits:
    /// `open` (the channel's open challenges) against the channel's limit,
    /// and the challenges `who` has open in every chat of the platform
    /// (the store's index of them) against the user's.
    pub(crate) fn check_challenge_limits(&self, who: &Actor, open: &[ChallengeDoc]) -> Res<()> {
        let l = &self.settings.limits;
        if open.len() >= l.challenges_per_channel {
            return Err(AppError::Limit(Limit::ChallengesPerChannel(
                l.challenges_per_channel,
            )));
        }
        let now = self.now();
        let mut mine = 0;
        for (ch, id) in self
            .store
            .user_challenges(who.channel.platform, &who.user.id)?
        {
            // An expired challenge waits in the index for its timer; an
            // unreadable one is the store's to report, not a reason to
            // refuse a new challenge.
            match self.store.challenge(&ch, id) {
                Ok(Some(c)) if c.expires_ms > now => mine += 1,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "unreadable challenge"),
            }
            if mine >= l.challenges_per_user {
                return Err(AppError::Limit(Limit::ChallengesPerUser(
                    l.challenges_per_user,
                )));
            }
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
    use crate::rates::Rates;

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
