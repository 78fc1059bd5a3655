//! The owner's side of the inbox (`docs/cluster.md`, "Any node serves any player"): the
//! requests other nodes' sockets forwarded to the rooms this node owns (`super::forwarding`
//! asks them), applied through each room's own task as a local socket's and answered in
//! their `room_inbox` rows.

use std::collections::HashSet;

use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use super::forwarding::{answer_of, Inbox};
use super::messages::{CommandError, Owner, RemoteChange, RoomHandle, ROOM_MOVED};
use super::registry::Rooms;
use crate::cluster::bus::Heard;
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::{InboxRow, StoreError};
use crate::wire::{Forward, Lane, Note};

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
                // A node let its rooms go: they are taken over now, not at the next renewal.
                Ok(Heard::Note(Note::Released { epoch })) => {
                    rooms.owner_left(epoch);
                    let (rooms, cluster) = (rooms.clone(), cluster.clone());
                    tokio::spawn(async move {
                        rooms.sweep_now().await;
                        answer_orphans(&rooms, &cluster).await;
                    });
                }
                Ok(Heard::Note(Note::Request { to, id })) if to == cluster.epoch() => {
                    spawn_serve(&rooms, &cluster, &inbox, id);
                }
                Ok(Heard::Note(Note::Answered { to, id })) if to == cluster.epoch() => {
                    inbox.answered(id);
                }
                Ok(Heard::Note(Note::HandedOver { room, to, at })) if to == cluster.epoch() => {
                    let rooms = rooms.clone();
                    tokio::spawn(async move { rooms.take_handed(room, at).await });
                }
                Ok(Heard::Note(Note::HandedOver { room, .. })) => rooms.owner_moved(room),
                Ok(Heard::Note(_)) => {}
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
    let Some(live) = answer_orphans(rooms, cluster).await else {
        return before;
    };
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

/// Answers `room_moved` to every request still waiting for a node that is not alive: a
/// request to a node that died unanswered would keep its asker waiting for
/// `FORWARD_WAIT`, and the asker finds the room's new owner instead. (The dead owner may
/// have stored the command before it died; the events the asker replays tell.) Returns the
/// nodes alive now, when they could be read.
async fn answer_orphans(rooms: &Rooms, cluster: &Cluster) -> Option<Vec<i64>> {
    let live = rooms.store().live_epochs(cluster.lease_ms()).await.ok()?;
    let moved = answer_of(&Err(CommandError::remote(
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
    Some(live)
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
        None => {
            tracing::debug!(room = %row.room_id, from = row.from_epoch, "request for a room not owned here");
            Err(CommandError::remote(
                ROOM_MOVED,
                "the game moved to another server; make your move again".to_string(),
                None,
            ))
        }
    };
    Metrics::inc(&rooms.metrics().forwards_served);
    if let Err(e) = store
        .inbox_answer(id, row.from_epoch, &answer_of(&result).text())
        .await
    {
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
    let request = Forward::read(&row.request)
        .map_err(|e| CommandError::Store(StoreError::Corrupt(e.to_string())))?;
    let change = match request {
        Forward::Command {
            actor,
            command,
            lane: Lane::Client,
        } => return handle.try_command(actor, command).await,
        Forward::Command {
            actor,
            command,
            lane: Lane::Server,
        } => return handle.command(actor, command).await,
        Forward::Attach(p) => RemoteChange::Attach(p),
        Forward::Detach(p) => RemoteChange::Detach(p),
        Forward::Watchers(n) => RemoteChange::Watchers(n),
    };
    // Answered once the room took it: the follower then reads the rows stored before,
    // and is notified of those after.
    handle.remote_taken(row.from_epoch, change).await;
    Ok(0)
}

/// Resolves once the flag turns true (never, if its sender is gone).
async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}
