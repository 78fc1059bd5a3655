//! The owner's side of the inbox (`docs/cluster.md`, "Any node serves any player"): the
//! requests other nodes' sockets forwarded to the rooms this node owns (`super::forwarding`
//! asks them), applied through each room's own task as a local socket's and answered in
//! their `room_inbox` rows.

use std::collections::HashSet;

use lobby::{Actor, Command};
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use super::forwarding::{Answer, Inbox, Kind};
use super::messages::{CommandError, Owner, RemoteChange, RoomHandle, ROOM_MOVED};
use super::registry::Rooms;
use crate::cluster::bus::{node_channel, Heard};
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::{InboxRow, StoreError};

/// The owner's side: serves the requests addressed to this node, rereads the unanswered
/// ones after a reconnection and on every renewal tick, and tells its rooms when a node
/// that had sockets on them is gone. Ends at shutdown.
pub(crate) async fn serve(rooms: Rooms, cluster: Cluster) {
    let Some(inbox) = rooms.inbox().cloned() else {
        return;
    };
    let mut heard = cluster.bus().subscribe();
    let mut stopping = rooms.stopping();
    let mut tick = tokio::time::interval(cluster.settings().renew);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut alive: Option<HashSet<i64>> = None;
    loop {
        tokio::select! {
            () = until_true(&mut stopping) => return,
            note = heard.recv() => match note {
                Ok(Heard::Note { channel, payload }) => {
                    // A node drained: its rooms are taken over now, not at the next renewal.
                    if channel == crate::cluster::bus::NODES && payload.starts_with("released ") {
                        let rooms = rooms.clone();
                        tokio::spawn(async move { rooms.sweep_now().await });
                        continue;
                    }
                    if channel != node_channel(cluster.epoch()) {
                        continue;
                    }
                    let (what, id) = match payload.split_once(' ') {
                        Some((w, id)) => (w, id.parse::<i64>()),
                        None => continue,
                    };
                    match (what, id) {
                        ("cmd", Ok(id)) => spawn_serve(&rooms, &cluster, &inbox, id),
                        ("ans", Ok(id)) => inbox.answered(id),
                        _ => tracing::debug!(payload, "inbox note not understood"),
                    }
                }
                Ok(Heard::Reconnected) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    inbox.wake_all();
                    sweep(&rooms, &cluster, &inbox).await;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = tick.tick() => {
                sweep(&rooms, &cluster, &inbox).await;
                alive = gone_nodes(&rooms, &cluster, alive).await;
            }
        }
    }
}

/// Serves every unanswered request addressed to this node.
async fn sweep(rooms: &Rooms, cluster: &Cluster, inbox: &Inbox) {
    match rooms.store().inbox_unanswered(cluster.epoch()).await {
        Ok(ids) => {
            for id in ids {
                spawn_serve(rooms, cluster, inbox, id);
            }
        }
        Err(e) => tracing::debug!(error = %e, "inbox not read"),
    }
}

/// Tells the rooms this node owns about the nodes that were alive at the last tick and are
/// not any more (their sockets are gone), and answers the requests still waiting for a node
/// that is not alive. Returns the nodes alive now.
async fn gone_nodes(
    rooms: &Rooms,
    cluster: &Cluster,
    before: Option<HashSet<i64>>,
) -> Option<HashSet<i64>> {
    let lease = i64::try_from(cluster.settings().lease.as_millis()).unwrap_or(i64::MAX);
    let live = match rooms.store().live_epochs(lease).await {
        Ok(epochs) => epochs,
        Err(_) => return before,
    };
    // A request to a node that died unanswered would keep its asker waiting for
    // [`FORWARD_WAIT`]: it is answered `room_moved` now, and the asker finds the room's
    // new owner. (The dead owner may have stored the command before it died; the events
    // the asker replays tell.)
    let moved = Answer::of(&Err(CommandError::remote(
        ROOM_MOVED,
        "the game moved to another server; make your move again".to_string(),
        None,
    )))
    .text();
    match rooms.store().inbox_answer_orphans(&live, &moved).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(requests = n, "requests to a gone node answered room_moved"),
        Err(e) => tracing::debug!(error = %e, "requests to gone nodes not answered"),
    }
    let now: HashSet<i64> = live.into_iter().collect();
    if let Some(before) = before {
        let gone: Vec<i64> = before.difference(&now).copied().collect();
        if !gone.is_empty() {
            let handles = rooms.owned_handles();
            for node in gone {
                for h in &handles {
                    h.remote(node, RemoteChange::Gone).await;
                }
            }
        }
    }
    Some(now)
}

fn spawn_serve(rooms: &Rooms, cluster: &Cluster, inbox: &Inbox, id: i64) {
    if !inbox.take(id) {
        return;
    }
    tokio::spawn(serve_one(rooms.clone(), cluster.clone(), inbox.clone(), id));
}

/// Applies the request `id` to the room's owner task here and answers it.
async fn serve_one(rooms: Rooms, cluster: Cluster, inbox: Inbox, id: i64) {
    let store = rooms.store();
    let row = match store.inbox_request(id, cluster.epoch()).await {
        Ok(Some(row)) => row,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(id, error = %e, "forwarded request not read");
            // Not answered: the next sweep takes it again.
            inbox.forget(id);
            return;
        }
    };
    let result = match owned(&rooms, row.room_id).await {
        Some(handle) => apply(&handle, &row).await,
        None => Err(CommandError::remote(
            ROOM_MOVED,
            "the game moved to another server; make your move again".to_string(),
            None,
        )),
    };
    Metrics::inc(&rooms.metrics().forwards_served);
    if let Err(e) = store.inbox_answer(id, &Answer::of(&result).text()).await {
        tracing::warn!(id, error = %e, "forwarded request not answered");
    }
}

/// The owner task of `room` on this node: live, or brought back when this node (or nobody
/// alive) owns it; `None` when another node does.
async fn owned(rooms: &Rooms, room: Uuid) -> Option<RoomHandle> {
    if let Some(h) = rooms.get(room) {
        return Some(h);
    }
    match rooms.owner_of(room).await {
        Ok(Owner::Me | Owner::Nobody) => rooms.claim(room).await.ok().flatten(),
        _ => None,
    }
}

async fn apply(handle: &RoomHandle, row: &InboxRow) -> Result<u64, CommandError> {
    let bad = |what: &str, e: serde_json::Error| {
        CommandError::Store(StoreError::Corrupt(format!("forwarded {what}: {e}")))
    };
    let actor: Actor = serde_json::from_str(&row.actor).map_err(|e| bad("actor", e))?;
    let player = || match &actor {
        Actor::Player(p) => Ok(p.clone()),
        _ => Err(CommandError::Store(StoreError::Corrupt(
            "forwarded presence without a player".to_string(),
        ))),
    };
    match Kind::of(row.kind) {
        Some(Kind::Server) | Some(Kind::Client) => {
            let command: Command =
                serde_json::from_str(&row.command).map_err(|e| bad("command", e))?;
            if row.kind == Kind::Client as i64 {
                handle.try_command(actor, command).await
            } else {
                handle.command(actor, command).await
            }
        }
        Some(Kind::Attach) => {
            handle
                .remote(row.from_epoch, RemoteChange::Attach(player()?))
                .await;
            Ok(0)
        }
        Some(Kind::Detach) => {
            handle
                .remote(row.from_epoch, RemoteChange::Detach(player()?))
                .await;
            Ok(0)
        }
        Some(Kind::Watchers) => {
            let count = row.command.parse::<u32>().map_err(|e| {
                CommandError::Store(StoreError::Corrupt(format!("forwarded count: {e}")))
            })?;
            handle
                .remote(row.from_epoch, RemoteChange::Watchers(count))
                .await;
            Ok(0)
        }
        None => Err(CommandError::Store(StoreError::Corrupt(format!(
            "forwarded request of unknown kind {}",
            row.kind
        )))),
    }
}

/// Resolves once the flag turns true (never, if its sender is gone).
async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}
