//! How a room task holds its room among several nodes (`docs/cluster.md`): the epoch its
//! writes are fenced with, the wait for that epoch's lease to lapse, and the hand-over of
//! the room to the node its players are on ("A room goes where its players are").

use std::pin::Pin;
use std::time::Duration;

use lobby::{Occupant, RoomState};
use tokio::sync::watch;
use tokio::time::Instant;

use super::RoomTask;
use crate::metrics::Metrics;
use crate::store::now_ms;

/// How long a room handed to a node stays there before it may be handed on: its players'
/// sockets reconnect when it arrives, and a balancer that does not send one room's sockets
/// to one node (round robin) spreads them again, which would send the room on and on.
const HAND_OVER_SETTLE: Duration = Duration::from_secs(5);

/// A room held by this node among several.
pub(super) struct Holding {
    /// The epoch every write batch is fenced with.
    pub(super) epoch: i64,
    /// Until when a room handed here stays (see [`HAND_OVER_SETTLE`]).
    pub(super) settle_until: Option<Instant>,
    /// A hand-over was due before the room had settled here: looked at again then.
    pub(super) recheck: bool,
    /// Ends once the node's epoch is no longer `epoch`. Boxed and kept from one loop to the
    /// next: inline in the task's `select!`, a watch's wait would make every room's task
    /// bigger, the rooms of one node too (thousands of idle rooms each keep one).
    lost: Pin<Box<dyn std::future::Future<Output = ()> + Send>>,
}

impl Holding {
    pub(super) fn new(epoch: i64, mut node: watch::Receiver<i64>, handed: bool) -> Holding {
        let lost = Box::pin(async move {
            // The node's epoch sender is gone only when the server stops: the shutdown
            // signal ends the task then.
            if node.wait_for(|e| *e != epoch).await.is_err() {
                std::future::pending::<()>().await;
            }
        });
        Holding {
            epoch,
            settle_until: handed.then(|| Instant::now() + HAND_OVER_SETTLE),
            recheck: false,
            lost,
        }
    }
}

impl RoomTask {
    /// With several nodes: when the game is on and every seated player connected to the room
    /// is on one other node and none here, the room is handed to that node (`docs/cluster.md`, "A room goes
    /// where its players are"), so that their commands stop crossing the database. What
    /// the room took is stored (each command is, before its answer), so the new owner
    /// starts from the log; this task ends and its sockets (spectators) reconnect.
    pub(super) async fn hand_over_if_away(&mut self) {
        let Some(cluster) = self
            .rooms
            .cluster()
            .filter(|c| c.settings().hand_over)
            .cloned()
        else {
            return;
        };
        let Some(from) = self.epoch() else {
            return;
        };
        let room = &self.replica.room;
        // A game being played: a room still waiting has no moves to spare the crossing,
        // and its players are still arriving.
        // Most rooms have nobody elsewhere: they pay one look, not the seat list below.
        if room.state() != RoomState::Playing || !self.replica.presence.anyone_elsewhere() {
            return;
        }
        let seated: Vec<lobby::PlayerId> = room
            .layout()
            .iter()
            .filter_map(|s| match room.occupant(s) {
                Some(Occupant::Player(p)) => Some(p.id),
                _ => None,
            })
            .collect();
        let Some(to) = self.replica.presence.home_elsewhere(&seated) else {
            return;
        };
        let now = Instant::now();
        if let Some(h) = self
            .owner
            .as_mut()
            .filter(|h| h.settle_until.is_some_and(|t| now < t))
        {
            h.recheck = true;
            return;
        }
        let id = room.id();
        let note = crate::wire::Note::HandedOver {
            room: id,
            to,
            at: now_ms(),
        };
        match self
            .rooms
            .store()
            .hand_over(id, from, to, cluster.lease_ms(), &note)
            .await
        {
            Ok(true) => {
                tracing::info!(room = %id, from, to, "room handed to its players' node");
                Metrics::inc(&self.rooms.metrics().handed_over);
                self.closing = true;
            }
            Ok(false) => {}
            Err(e) => tracing::debug!(room = %id, error = %e, "room not handed over"),
        }
    }
}

/// Resolves when the node's epoch is no longer the one `owner` holds the room with (its
/// lease lapsed); pending forever on one node.
pub(super) async fn lease_lost(owner: &mut Option<Holding>) {
    match owner {
        Some(o) => o.lost.as_mut().await,
        None => std::future::pending().await,
    }
}
