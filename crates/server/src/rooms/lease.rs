//! The node's lease: renewed every `renew` by the database's clock, and on each renewal a
//! sweep for orphaned rooms (`docs/cluster.md`, "Nodes and their leases").
//!
//! The loop uses the pool, not the store writer: a renewal must not wait behind the rooms'
//! writes, and a writer that cannot write must not keep a node alive.

use std::sync::atomic::Ordering;

use tokio::sync::watch;

use super::registry::Rooms;
use crate::metrics::Metrics;

/// Renews the lease of `rooms`' node every `renew` and sweeps for orphans after each
/// renewal, until `stop` turns true. A renewal that finds the lease lapsed gives up every
/// room the node holds and registers a new life.
pub async fn run(rooms: Rooms, mut stop: watch::Receiver<bool>) {
    let Some(cluster) = rooms.cluster().cloned() else {
        return;
    };
    let mut every = tokio::time::interval(cluster.settings().renew);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first tick is at once: the start's sweep has just run.
    every.tick().await;
    loop {
        tokio::select! {
            biased;
            r = stop.wait_for(|s| *s) => {
                let _ = r;
                break;
            }
            _ = every.tick() => {}
        }
        if cluster.renewals_paused() {
            continue;
        }
        let epoch = cluster.epoch();
        let renewed = if epoch == 0 {
            Ok(false)
        } else {
            rooms.store().renew_lease(epoch, cluster.lease_ms()).await
        };
        match renewed {
            Ok(true) => rooms.sweep_now().await,
            Ok(false) => lost(&rooms, epoch).await,
            // The lease lapses by itself if this goes on; the next renewal says so.
            Err(e) => tracing::warn!(error = %e, epoch, "the node's lease was not renewed"),
        }
    }
}

/// The lease of `epoch` lapsed: every room task of it stops (its sockets are told to
/// reconnect), and the node registers a new life, which then sweeps like any other node.
async fn lost(rooms: &Rooms, epoch: i64) {
    let Some(cluster) = rooms.cluster() else {
        return;
    };
    if epoch != 0 {
        tracing::error!(epoch, "the node's lease lapsed: giving up its rooms");
        Metrics::inc(&rooms.metrics().leases_lost);
        // The tasks holding `epoch` see the change and stop.
        cluster.set_epoch(0);
    }
    match rooms.store().register_node(cluster.name()).await {
        Ok(next) => {
            tracing::info!(node = %cluster.name(), epoch = next, "node registered again");
            cluster.set_epoch(next);
            rooms
                .metrics()
                .node_epoch
                .store(u64::try_from(next).unwrap_or(0), Ordering::Relaxed);
        }
        // Tried again at the next renewal (the epoch stays 0 meanwhile).
        Err(e) => tracing::warn!(error = %e, "the node could not register again"),
    }
}
