//! Commands of sockets on one node for a room another node owns (`docs/cluster.md`, "Any
//! node serves any player"), through the `room_inbox` table.
//!
//! The asking node inserts a row and notifies the owner's channel (`"cmd <id>"`) in one
//! statement; the owner applies the request through the room's own task, exactly as a local
//! socket's, writes the answer into the row and notifies the asker (`"ans <id>"`), which
//! takes the answer and deletes the row. Notes can be missed (a listener reconnecting), so
//! the owner rereads its unanswered rows on every reconnection and renewal tick, and the
//! asker rereads its row every [`FORWARD_POLL`]; after [`FORWARD_WAIT`] it withdraws the row
//! and answers `store_failed` (the command was stored by the old owner or not at all, and
//! the replay shows which).
//!
//! The row's `client` column says what is asked ([`Kind`]): a command on the server's or a
//! client's lane, or a change of the asking node's sockets on the room (presence and
//! spectators, `RemoteChange`).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, Participant};
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, watch, Notify};
use tokio::time::Instant;
use uuid::Uuid;

use super::{CommandError, Owner, RemoteChange, RoomHandle, Rooms, ROOM_MOVED};
use crate::cluster::bus::{node_channel, Heard};
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::{InboxRow, Store, StoreError};

/// How often a node waiting for an answer reads its row again, in case the note was missed.
pub const FORWARD_POLL: Duration = Duration::from_secs(3);
/// How long a node waits for the owner's answer before it gives up (`store_failed`).
pub const FORWARD_WAIT: Duration = Duration::from_secs(10);
/// How long the owner remembers a request it took, so that a reread of the unanswered rows
/// racing with its answer does not apply it twice.
const SERVED_MEMORY: Duration = Duration::from_secs(60);

/// What a `room_inbox` row asks for (its `client` column).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Kind {
    /// A command on the server's lane (it waits for the store).
    Server = 0,
    /// A client's command (refused when the room or the store is overloaded).
    Client = 1,
    /// The asking node's first socket of the player (`actor`) attached.
    Attach = 2,
    /// The asking node's last socket of the player (`actor`) left.
    Detach = 3,
    /// The asking node's spectator count on the room (`command`, a number).
    Watchers = 4,
}

impl Kind {
    fn of(n: i64) -> Option<Kind> {
        [
            Kind::Server,
            Kind::Client,
            Kind::Attach,
            Kind::Detach,
            Kind::Watchers,
        ]
        .into_iter()
        .find(|k| *k as i64 == n)
    }
}

/// What one node asks of a room's owner.
#[derive(Clone, Debug)]
pub enum Forward {
    /// A command, as `RoomHandle::command` (`client` false) or `try_command` (true).
    Command {
        /// Who acts.
        actor: Actor,
        /// What they do.
        command: Command,
        /// From a client's socket.
        client: bool,
    },
    /// A change of the asking node's sockets on the room.
    Sockets(RemoteChange),
}

/// The answer stored in the row (JSON).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Answer {
    Done {
        version: u64,
    },
    Refused {
        code: String,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl Answer {
    fn of(result: &Result<u64, CommandError>) -> Answer {
        match result {
            Ok(version) => Answer::Done { version: *version },
            Err(e) => Answer::Refused {
                code: e.code().to_string(),
                message: e.to_string(),
                reason: e.reason().map(|r| r.code().to_string()),
            },
        }
    }

    fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"version":0}"#.to_string())
    }

    fn parse(text: &str) -> Result<u64, CommandError> {
        match serde_json::from_str::<Answer>(text) {
            Ok(Answer::Done { version }) => Ok(version),
            Ok(Answer::Refused {
                code,
                message,
                reason,
            }) => Err(CommandError::remote(&code, message, reason.as_deref())),
            Err(e) => Err(CommandError::Store(StoreError::Corrupt(format!(
                "inbox answer: {e}"
            )))),
        }
    }
}

/// The node's side of the inbox; shared by its clones.
#[derive(Clone)]
pub struct Inbox {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    counter: AtomicU32,
    /// The requests this node waits an answer for, each woken by its `ans` note.
    pending: Mutex<HashMap<i64, Arc<Notify>>>,
    /// The requests this node took as an owner, and when (see [`SERVED_MEMORY`]).
    served: Mutex<HashMap<i64, Instant>>,
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox").finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Forgets a pending request when its wait ends, however it ends.
struct Waiting<'a> {
    inbox: &'a Inner,
    id: i64,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        lock(&self.inbox.pending).remove(&self.id);
    }
}

impl Inbox {
    pub(crate) fn new(store: Store) -> Inbox {
        Inbox {
            inner: Arc::new(Inner {
                store,
                counter: AtomicU32::new(0),
                pending: Mutex::new(HashMap::new()),
                served: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Asks the owner `to` of `room` for `request` on behalf of this node (`from`, its
    /// epoch now), and waits for the answer: the room's version after a command, or the
    /// error the owner's room gave (`CommandError::Remote`), `room_moved` when the owner no
    /// longer holds the room, `store_failed` when it did not answer in [`FORWARD_WAIT`].
    ///
    /// # Errors
    /// As above, and a database failure (`store_failed`).
    pub async fn forward(
        &self,
        from: i64,
        room: Uuid,
        to: i64,
        request: Forward,
    ) -> Result<u64, CommandError> {
        let n = self.inner.counter.fetch_add(1, Ordering::Relaxed);
        let id = (from << 32) | i64::from(n);
        let (actor, command, kind) = match request {
            Forward::Command {
                actor,
                command,
                client,
            } => (
                crate::wire::actor_text(&actor),
                crate::wire::command_text(&command),
                if client { Kind::Client } else { Kind::Server },
            ),
            Forward::Sockets(change) => match change {
                RemoteChange::Attach(p) => (player_text(p), String::new(), Kind::Attach),
                RemoteChange::Detach(p) => (player_text(p), String::new(), Kind::Detach),
                RemoteChange::Watchers(count) => (
                    crate::wire::actor_text(&Actor::Server),
                    count.to_string(),
                    Kind::Watchers,
                ),
                // Said by the owner's own sweep, never asked for.
                RemoteChange::Gone => return Ok(0),
            },
        };
        let row = InboxRow {
            id,
            room_id: room,
            from_epoch: from,
            to_epoch: to,
            actor,
            command,
            kind: kind as i64,
        };
        let woken = Arc::new(Notify::new());
        lock(&self.inner.pending).insert(id, woken.clone());
        let _waiting = Waiting {
            inbox: &self.inner,
            id,
        };
        let store = &self.inner.store;
        store
            .inbox_send(&row, &node_channel(to))
            .await
            .map_err(CommandError::Store)?;
        let give_up = Instant::now() + FORWARD_WAIT;
        loop {
            let poll = (Instant::now() + FORWARD_POLL).min(give_up);
            let _ = tokio::time::timeout_at(poll, woken.notified()).await;
            match store.inbox_collect(id).await {
                Ok(Some(answer)) => return Answer::parse(&answer),
                Ok(None) => {}
                Err(e) => tracing::debug!(error = %e, "inbox answer not read; trying again"),
            }
            if Instant::now() >= give_up {
                return match store.inbox_withdraw(id).await {
                    Ok(Some(answer)) => Answer::parse(&answer),
                    Ok(None) => Err(CommandError::Store(StoreError::Unreachable(
                        "the room's node did not answer".to_string(),
                    ))),
                    Err(e) => Err(CommandError::Store(e)),
                };
            }
        }
    }

    /// The owner answered `id` (its `ans` note).
    fn answered(&self, id: i64) {
        if let Some(n) = lock(&self.inner.pending).get(&id) {
            n.notify_one();
        }
    }

    /// Notes may have been missed: every waiting request reads its row again.
    fn wake_all(&self) {
        for n in lock(&self.inner.pending).values() {
            n.notify_one();
        }
    }

    /// Takes the request `id` unless this node took it already.
    fn take(&self, id: i64) -> bool {
        let mut served = lock(&self.inner.served);
        let now = Instant::now();
        served.retain(|_, at| now.duration_since(*at) < SERVED_MEMORY);
        if served.contains_key(&id) {
            return false;
        }
        served.insert(id, now);
        true
    }
}

fn player_text(p: Participant) -> String {
    crate::wire::actor_text(&Actor::Player(p))
}

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
            lock(&inbox.inner.served).remove(&id);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn answers_read_back_as_they_were_given() {
        let ok = Answer::of(&Ok(7)).text();
        assert_eq!(Answer::parse(&ok).ok(), Some(7));
        let refused = Err(CommandError::Lobby(lobby::LobbyError::NotYourTurn));
        let text = Answer::of(&refused).text();
        let back = Answer::parse(&text).unwrap_err();
        assert_eq!(back.code(), "not_your_turn");
        assert_eq!(back.to_string(), "it is not your turn");
        let moved = Err(CommandError::remote(ROOM_MOVED, "moved".into(), None));
        let back = Answer::parse(&Answer::of(&moved).text()).unwrap_err();
        assert_eq!(back.code(), ROOM_MOVED);
        // A code this node does not know reads as a store failure, which clients retry.
        let back = Answer::parse(r#"{"code":"from_the_future","message":"?"}"#).unwrap_err();
        assert_eq!(back.code(), "store_failed");
    }

    #[test]
    fn kinds_read_back() {
        for k in [
            Kind::Server,
            Kind::Client,
            Kind::Attach,
            Kind::Detach,
            Kind::Watchers,
        ] {
            assert_eq!(Kind::of(k as i64), Some(k));
        }
        assert_eq!(Kind::of(9), None);
    }
}
