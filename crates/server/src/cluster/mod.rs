//! Several nodes on one Postgres (issue 26; `docs/cluster.md` is the design).
//!
//! Each life of a node on Postgres registers a row in `nodes` and gets an **epoch**: a number
//! never used before, which is its fencing token. A room is owned by one epoch at a time
//! (`rooms.owner`), and every write of the room's rows checks it, so a node that lost its
//! lease cannot write for a room another node took over. SQLite is one node: none of this
//! runs there (`AppState::cluster` is `None`).

pub mod bus;
pub mod listing;
pub mod lobby;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use bus::{Bus, Heard};

use crate::store::{Store, StoreError};

/// How long a node's lease lasts without a renewal, by default.
pub const DEFAULT_LEASE: Duration = Duration::from_millis(5000);
/// How often a node renews its lease and looks for orphaned rooms, by default.
pub const DEFAULT_RENEW: Duration = Duration::from_millis(1000);

/// The cluster's settings (`--node-name`, `--lease-ms`, `--renew-ms`, `--single-node`).
#[derive(Clone, Debug)]
pub struct ClusterSettings {
    /// The node's name in logs and `/metrics` (several lives of one node share it).
    pub name: String,
    /// A node not seen for this long has lost its rooms.
    pub lease: Duration,
    /// How often the node renews its lease and sweeps for orphans.
    pub renew: Duration,
    /// On Postgres, run as the only node: restore every room at start, as before issue 26.
    pub single_node: bool,
}

impl Default for ClusterSettings {
    fn default() -> ClusterSettings {
        ClusterSettings {
            name: host_name(),
            lease: DEFAULT_LEASE,
            renew: DEFAULT_RENEW,
            single_node: false,
        }
    }
}

/// The machine's host name, or `node` when it cannot be read.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "node".to_string())
}

#[derive(Debug)]
struct Inner {
    settings: ClusterSettings,
    /// This life's epoch; replaced when the lease is lost and the node registers again.
    epoch: AtomicI64,
    /// The node's notifications (started by [`Cluster::start_bus`]).
    bus: Bus,
}

/// This node's place in the cluster; cheap to clone.
#[derive(Clone, Debug)]
pub struct Cluster {
    inner: Arc<Inner>,
}

impl Cluster {
    /// Registers this node's new life in `nodes` and returns it.
    ///
    /// # Errors
    /// The store is not Postgres, or cannot be written.
    pub async fn join(store: Store, settings: ClusterSettings) -> Result<Cluster, StoreError> {
        let epoch = store.register_node(&settings.name).await?;
        let Some(pool) = store.postgres() else {
            return Err(StoreError::Url(
                "a cluster of nodes needs Postgres".to_string(),
            ));
        };
        let bus = Bus::new(pool.clone());
        tracing::info!(node = %settings.name, epoch, "node registered");
        Ok(Cluster {
            inner: Arc::new(Inner {
                settings,
                epoch: AtomicI64::new(epoch),
                bus,
            }),
        })
    }

    /// This life's epoch: the fencing token of the rooms it owns.
    pub fn epoch(&self) -> i64 {
        self.inner.epoch.load(Ordering::Acquire)
    }

    /// The node's name.
    pub fn name(&self) -> &str {
        &self.inner.settings.name
    }

    /// The settings.
    pub fn settings(&self) -> &ClusterSettings {
        &self.inner.settings
    }

    /// The node's notifications.
    pub fn bus(&self) -> &Bus {
        &self.inner.bus
    }

    /// Starts listening ([`Bus::start`]) on this node's channels; the listener follows the
    /// epoch as it changes and stops once every clone of this `Cluster` is gone.
    pub fn start_bus(&self) {
        let weak = Arc::downgrade(&self.inner);
        self.inner
            .bus
            .start(move || weak.upgrade().map(|i| i.epoch.load(Ordering::Acquire)));
    }
}
