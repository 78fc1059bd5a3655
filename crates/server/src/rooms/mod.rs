//! Live rooms: one task per room owning its `lobby::Room`.
//!
//! INTERFACE SKELETON — the rooms helper implements this module (and `ws`).

use std::sync::Arc;

use axum::Router;

use crate::config::ServerConfig;
use crate::metrics::Metrics;
use crate::store::{Store, StoreError, Writer};
use crate::AppState;

/// The registry of live room tasks; cheap to clone.
#[derive(Clone, Debug)]
pub struct Rooms {
    _config: Arc<ServerConfig>,
}

impl Rooms {
    /// An empty registry.
    pub fn new(
        config: Arc<ServerConfig>,
        store: Store,
        writer: Writer,
        metrics: Arc<Metrics>,
    ) -> Rooms {
        let _ = (store, writer, metrics);
        Rooms { _config: config }
    }

    /// Rebuilds every unfinished room from its stored log.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn restore(&self) -> Result<(), StoreError> {
        unimplemented!()
    }

    /// Tells every client the server is restarting, stops every room task and waits for them.
    pub async fn shutdown(&self) {
        unimplemented!()
    }
}

/// Room endpoints of the HTTP API (create, list, get, join by invite code).
pub fn router() -> Router<AppState> {
    Router::new()
}
