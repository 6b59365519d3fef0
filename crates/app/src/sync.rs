//! The one way the app takes a standard mutex.

use std::sync::{Mutex, MutexGuard, PoisonError};

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves plain data behind; the store is
    // the truth, so carry on.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
