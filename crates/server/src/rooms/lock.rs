//! Locking the rooms' shared values.

use std::sync::{Mutex, MutexGuard};

/// Locks a std mutex, recovering from poisoning (the data are plain values).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
