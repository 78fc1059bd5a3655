//! The bot searches the server runs at once: room bots and game analyses share one pool of
//! permits, half the machine's cores, so that searching never starves the rooms' tasks of
//! the cores they need to answer moves.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Permits for bot searches; cheap to clone (clones share the permits).
#[derive(Clone, Debug)]
pub struct Searches(Arc<Semaphore>);

impl Default for Searches {
    /// Half the machine's cores, at least one.
    fn default() -> Searches {
        let n = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1));
        Searches(Arc::new(Semaphore::new(n)))
    }
}

impl Searches {
    /// Waits for a permit to search; the search holds it until it is dropped.
    ///
    /// # Errors
    /// Never in practice: the pool is never closed.
    pub(crate) async fn permit(&self) -> Result<OwnedSemaphorePermit, tokio::sync::AcquireError> {
        self.0.clone().acquire_owned().await
    }
}
