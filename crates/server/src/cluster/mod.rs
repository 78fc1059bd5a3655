//! Several nodes on one Postgres (`docs/cluster.md` is the design).
//!
//! Each life of a node on Postgres registers a row in `nodes` and gets an **epoch**: a number
//! never used before, which is its fencing token. A room is owned by one epoch at a time
//! (`rooms.owner`), and every write of the room's rows checks it, so a node that lost its
//! lease cannot write for a room another node took over. SQLite is one node: none of this
//! runs there (`AppState::cluster` is `None`).

pub mod bus;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

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
    /// On Postgres, run as the only node: restore every room at start, as a server did before
    /// there were clusters.
    pub single_node: bool,
    /// Hand a game to the node its players' sockets are on (`--hand-over`: the balancer
    /// sends one room's sockets to one node).
    pub hand_over: bool,
}

impl Default for ClusterSettings {
    fn default() -> ClusterSettings {
        ClusterSettings {
            name: host_name(),
            lease: DEFAULT_LEASE,
            renew: DEFAULT_RENEW,
            single_node: false,
            hand_over: false,
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
    /// This life's epoch; replaced when the lease is lost and the node registers again
    /// (0 meanwhile: no room task holds a valid claim). The room tasks watch it: a task
    /// whose epoch is no longer the node's stops.
    epoch: watch::Sender<i64>,
    /// Claims and sweeps one at a time, so that one room is never spawned twice.
    claiming: tokio::sync::Mutex<()>,
    /// Test hook: the lease loop skips its renewals (see [`Cluster::pause_renewals`]).
    paused: AtomicBool,
    /// Test hook: shutting down leaves the rooms and the node's row as a kill would.
    crashed: AtomicBool,
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
        store.unlog_inbox().await?;
        let epoch = store.register_node(&settings.name).await?;
        if store.postgres().is_none() {
            return Err(StoreError::Url(
                "a cluster of nodes needs Postgres".to_string(),
            ));
        }
        let bus = Bus::new(store.clone());
        tracing::info!(node = %settings.name, epoch, "node registered");
        Ok(Cluster {
            inner: Arc::new(Inner {
                settings,
                epoch: watch::channel(epoch).0,
                claiming: tokio::sync::Mutex::new(()),
                paused: AtomicBool::new(false),
                crashed: AtomicBool::new(false),
                bus,
            }),
        })
    }

    /// This life's epoch: the fencing token of the rooms it owns (0 for the moment between
    /// a lost lease and the next registration).
    pub fn epoch(&self) -> i64 {
        *self.inner.epoch.borrow()
    }

    /// Follows [`Cluster::epoch`]: a room task holding an older one stops.
    pub fn epochs(&self) -> watch::Receiver<i64> {
        self.inner.epoch.subscribe()
    }

    /// Replaces the epoch (a lost lease: 0, then the new life's).
    pub(crate) fn set_epoch(&self, epoch: i64) {
        self.inner.epoch.send_replace(epoch);
    }

    /// The lease in milliseconds, as the SQL compares it.
    pub fn lease_ms(&self) -> i64 {
        i64::try_from(self.inner.settings.lease.as_millis()).unwrap_or(i64::MAX)
    }

    /// Held while claiming rooms.
    pub(crate) async fn claiming(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.inner.claiming.lock().await
    }

    /// Test hook: the lease loop stops renewing (the lease lapses as it would for a node
    /// paused by SIGSTOP, while its room tasks still run) until [`Cluster::resume_renewals`].
    #[doc(hidden)]
    pub fn pause_renewals(&self) {
        self.inner.paused.store(true, Ordering::Release);
    }

    /// Test hook: the lease loop renews again (and finds out whether its lease lapsed).
    #[doc(hidden)]
    pub fn resume_renewals(&self) {
        self.inner.paused.store(false, Ordering::Release);
    }

    /// Whether renewals are paused (test hook).
    pub(crate) fn renewals_paused(&self) -> bool {
        self.inner.paused.load(Ordering::Acquire)
    }

    /// Test hook: this node dies as a kill would make it: it stops renewing, and its
    /// shutdown releases nothing and does not mark it stopped (the others take its rooms
    /// over when its lease lapses).
    #[doc(hidden)]
    pub fn crash(&self) {
        self.pause_renewals();
        self.inner.crashed.store(true, Ordering::Release);
    }

    /// Whether [`Cluster::crash`] was called.
    pub(crate) fn crashed(&self) -> bool {
        self.inner.crashed.load(Ordering::Acquire)
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

    /// Starts listening (`Bus::start`) on this node's channels; the listener follows the
    /// epoch as it changes and stops once every clone of this `Cluster` is gone.
    pub fn start_bus(&self) {
        let weak = Arc::downgrade(&self.inner);
        self.inner
            .bus
            .start(move || weak.upgrade().map(|i| *i.epoch.borrow()));
    }
}
