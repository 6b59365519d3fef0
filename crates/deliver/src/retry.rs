//! Retrying a request that failed for a passing reason.

use std::future::Future;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

/// Why a request failed, as far as sending again goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// Flood control: try again after this long.
    RetryAfter(Duration),
    /// The network or the server failed; the same request may succeed
    /// later.
    Transient(String),
    /// The platform refused this request; sending it again will not help,
    /// but other requests to the chat may succeed.
    Permanent(String),
    /// The chat cannot be written to at all: the bot was removed or
    /// blocked, the chat was deleted, or the bot lacks the permission to
    /// post there.
    Gone(String),
    /// The chat has a new id (a Telegram group that became a supergroup);
    /// the transport sends there instead. Reaching the outbox, it counts as
    /// [`SendError::Permanent`].
    Moved(i64),
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::RetryAfter(d) => write!(f, "rate limited for {d:?}"),
            SendError::Transient(why) => write!(f, "failed for now: {why}"),
            SendError::Permanent(why) => write!(f, "refused: {why}"),
            SendError::Gone(why) => write!(f, "chat unreachable: {why}"),
            SendError::Moved(to) => write!(f, "the chat moved to {to}"),
        }
    }
}

/// How failed requests are retried.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    /// The pause after the first failure; it doubles up to `max_pause`.
    pub first_pause: Duration,
    pub max_pause: Duration,
    /// A request still failing after this long is given up (and logged).
    pub give_up: Duration,
}

impl Default for Retry {
    fn default() -> Retry {
        Retry {
            first_pause: Duration::from_secs(1),
            max_pause: Duration::from_secs(60),
            give_up: Duration::from_secs(3600),
        }
    }
}

/// Runs `request` until it succeeds, fails for good, or `retry.give_up`
/// passes. A rate limit waits as long as the platform asks; `wake` cuts
/// any pause short.
pub async fn with_retries<T, F, Fut>(
    what: &str,
    retry: Retry,
    wake: Option<&Notify>,
    mut request: F,
) -> Result<T, SendError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, SendError>>,
{
    let start = Instant::now();
    let mut pause = retry.first_pause;
    loop {
        let wait = match request().await {
            Ok(x) => return Ok(x),
            Err(e @ (SendError::RetryAfter(_) | SendError::Transient(_)))
                if start.elapsed() >= retry.give_up =>
            {
                return Err(e);
            }
            Err(SendError::RetryAfter(d)) => {
                tracing::debug!("{what}: rate limited for {d:?}");
                d
            }
            Err(SendError::Transient(why)) => {
                tracing::warn!("{what} failed ({why}); trying again in {pause:?}");
                let p = pause;
                pause = (pause * 2).min(retry.max_pause);
                p
            }
            Err(e) => return Err(e),
        };
        match wake {
            Some(w) => {
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = w.notified() => {}
                }
            }
            None => tokio::time::sleep(wait).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    #[tokio::test(start_paused = true)]
    async fn passing_failures_are_retried_and_refusals_are_not() {
        let retry = Retry {
            first_pause: Duration::from_secs(1),
            max_pause: Duration::from_secs(4),
            give_up: Duration::from_secs(60),
        };
        let tries = AtomicU32::new(0);
        let start = Instant::now();
        let r = with_retries("x", retry, None, || async {
            match tries.fetch_add(1, Ordering::SeqCst) {
                0 => Err(SendError::Transient("reset".into())),
                1 => Err(SendError::RetryAfter(Duration::from_secs(10))),
                2 => Err(SendError::Transient("reset".into())),
                _ => Ok(7),
            }
        })
        .await;
        assert_eq!(r, Ok(7));
        // 1 s, then the 10 s asked for, then 2 s (the pause doubled).
        assert_eq!(start.elapsed().as_secs(), 13);
        let tries = AtomicU32::new(0);
        let r: Result<(), _> = with_retries("x", retry, None, || async {
            tries.fetch_add(1, Ordering::SeqCst);
            Err(SendError::Permanent("bad".into()))
        })
        .await;
        assert_eq!(r, Err(SendError::Permanent("bad".into())));
        assert_eq!(tries.load(Ordering::SeqCst), 1);
        // Failing for ever: given up after `give_up`.
        let start = Instant::now();
        let r: Result<(), _> = with_retries("x", retry, None, || async {
            Err(SendError::Transient("down".into()))
        })
        .await;
        assert!(matches!(r, Err(SendError::Transient(_))));
        assert!((60..65).contains(&start.elapsed().as_secs()));
    }
}
