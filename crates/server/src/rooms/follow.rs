//! The follower task: a room owned by another node, served to this node's sockets
//! (`docs/cluster.md`, "Any node serves any player").
//!
//! It sits behind a [`RoomHandle`] like the owner's task and answers the same requests, so
//! the socket layer does not know which one it talks to. It keeps a replica of the room,
//! rebuilt from the stored log and advanced by replaying the rows the owner writes: each row
//! goes through `Room::handle` at its logged time and actor, which gives exactly the
//! versioned events the owner broadcast. A `ROOM` note names a new row; a reconnection of
//! the listener, a socket attaching or resyncing, and a tick every [`SAFETY_NET`] read the
//! rows after the last one too, so a missed note delays an event, never loses it. A gap or
//! a row that does not replay (which would be a bug) rebuilds the replica from the store and
//! sends every socket a snapshot ([`Outbound::Resync`]).
//!
//! Commands go to the owner through the inbox (`super::inbox`), each in a task of its own
//! so that the replay goes on meanwhile; presence and the spectator count go in order
//! through one task per follower. The follower ends when no socket has been attached for
//! [`LONELY`], when this node claims the room (its sockets reconnect, to the owner task
//! then), or when the owner's node lost the room to nobody.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, EventKind, Participant, Room, Since, Timestamp, Viewer};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::time::Instant;
use uuid::Uuid;

use super::inbox::{Forward, Inbox};
use super::task::{seat_map, RoomSummary};
use super::{
    lock, Attached, Batch, CommandError, Outbound, Owner, RemoteChange, Request, Rooms, ROOM_MOVED,
};
use crate::cluster::bus::{RoomNotes, RECHECK};
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::LogRow;

/// How often a follower reads its room's log even without a note: the safety net for a
/// note lost without a reconnection (a full queue, say).
const SAFETY_NET: Duration = Duration::from_secs(3);
/// How long a follower with no socket attached stays.
const LONELY: Duration = Duration::from_secs(30);

pub(crate) struct Follower {
    rooms: Rooms,
    cluster: Cluster,
    /// Where the commands of this node's sockets go to the owner.
    inbox: Inbox,
    room: Room,
    /// The next log row's seq.
    seq: i64,
    /// The epoch of the node believed to own the room.
    owner: Arc<AtomicI64>,
    summary: Arc<Mutex<RoomSummary>>,
    rx: mpsc::Receiver<Box<Request>>,
    notes: RoomNotes,
    /// Dropped by the registry when this node claims the room.
    stop: oneshot::Receiver<()>,
    events: broadcast::Sender<Outbound>,
    seats: Arc<[(lobby::PlayerId, rules::Seat)]>,
    /// Open sockets on this node per player.
    sockets: Vec<(Participant, usize)>,
    anonymous: u32,
    /// The spectator count last told to the owner.
    told: Option<u32>,
    /// Presence and spectators, forwarded in order.
    presence: mpsc::UnboundedSender<RemoteChange>,
    /// A forward found the owner gone or moved: ask the database who owns the room now.
    moved: mpsc::Sender<()>,
    moved_rx: mpsc::Receiver<()>,
    /// When the last socket left (or the follower began without one).
    lonely_since: Option<Instant>,
    closing: bool,
    /// The registry's token for this follower.
    token: u64,
}

impl Follower {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        rooms: Rooms,
        cluster: Cluster,
        inbox: Inbox,
        room: Room,
        seq: i64,
        owner: i64,
        summary: Arc<Mutex<RoomSummary>>,
        rx: mpsc::Receiver<Box<Request>>,
        notes: RoomNotes,
        stop: oneshot::Receiver<()>,
        token: u64,
    ) -> Follower {
        let capacity = rooms.config().limits.socket_queue.max(1);
        let owner = Arc::new(AtomicI64::new(owner));
        let (moved, moved_rx) = mpsc::channel(1);
        let (presence, presence_rx) = mpsc::unbounded_channel();
        tokio::spawn(forward_presence(
            cluster.clone(),
            inbox.clone(),
            room.id(),
            owner.clone(),
            presence_rx,
            moved.clone(),
        ));
        Follower {
            seats: seat_map(&room),
            rooms,
            cluster,
            inbox,
            room,
            seq,
            owner,
            summary,
            rx,
            notes,
            stop,
            events: broadcast::channel(capacity).0,
            sockets: Vec::new(),
            anonymous: 0,
            told: None,
            presence,
            moved,
            moved_rx,
            lonely_since: Some(Instant::now()),
            closing: false,
            token,
        }
    }

    /// The task's body: until the room is claimed here, nobody stays attached, or shutdown.
    pub(crate) async fn run(mut self, mut shutdown: watch::Receiver<bool>) {
        let metrics = self.rooms.metrics();
        Metrics::inc(&metrics.rooms_followed);
        let mut net = tokio::time::interval(SAFETY_NET);
        net.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        net.reset();
        while !self.closing {
            tokio::select! {
                biased;
                () = until_true(&mut shutdown) => break,
                _ = &mut self.stop => break,
                req = self.rx.recv() => match req {
                    Some(req) => Box::pin(self.request(*req)).await,
                    None => break,
                },
                note = self.notes.recv() => match note {
                    Some(seq) if seq == RECHECK || seq >= self.seq => {
                        Box::pin(self.catch_up()).await;
                    }
                    Some(_) => {}
                    None => break,
                },
                Some(()) = self.moved_rx.recv() => Box::pin(self.recheck_owner()).await,
                _ = net.tick() => {
                    if self.lonely_since.is_some_and(|t| t.elapsed() >= LONELY) {
                        break;
                    }
                    Box::pin(self.catch_up()).await;
                }
            }
        }
        let _ = self.events.send(Outbound::Restarting);
        self.rooms.unfollow(self.room.id(), self.token);
        Metrics::dec(&self.rooms.metrics().rooms_followed);
    }

    async fn request(&mut self, req: Request) {
        match req {
            Request::Command {
                actor,
                command,
                client,
                reply,
            } => {
                let inbox = self.inbox.clone();
                let (from, room, to) = (
                    self.cluster.epoch(),
                    self.room.id(),
                    self.owner.load(Ordering::Acquire),
                );
                let moved = self.moved.clone();
                Metrics::inc(&self.rooms.metrics().forwarded);
                let forward = Forward::Command {
                    actor,
                    command,
                    client,
                };
                tokio::spawn(async move {
                    let r = inbox.forward(from, room, to, forward).await;
                    if let Err(e) = &r {
                        if owner_in_doubt(e) {
                            let _ = moved.try_send(());
                        }
                    }
                    let _ = reply.send(r);
                });
            }
            Request::Snapshot { player, reply } => {
                self.catch_up().await;
                let viewer = player.map_or(Viewer::Spectator, |p| self.room.viewer(p));
                let _ = reply.send((viewer, self.room.snapshot(viewer)));
            }
            Request::Since {
                player,
                since,
                reply,
            } => {
                self.catch_up().await;
                let viewer = player.map_or(Viewer::Spectator, |p| self.room.viewer(p));
                let _ = reply.send((self.room.events_since(since, viewer), self.room.version()));
            }
            Request::Attach {
                player,
                since,
                reply,
            } => {
                self.catch_up().await;
                self.lonely_since = None;
                match &player {
                    None => self.anonymous = self.anonymous.saturating_add(1),
                    Some(p) => {
                        let n = match self.sockets.iter_mut().find(|(q, _)| q.id == p.id) {
                            Some((_, n)) => {
                                *n += 1;
                                *n
                            }
                            None => {
                                self.sockets.push((p.clone(), 1));
                                1
                            }
                        };
                        if n == 1 {
                            self.tell(RemoteChange::Attach(p.clone()));
                        }
                    }
                }
                self.tell_watchers();
                let viewer = player
                    .as_ref()
                    .map_or(Viewer::Spectator, |p| self.room.viewer(p.id));
                let initial = match since {
                    Some(v) => self.room.events_since(v, viewer),
                    None => Since::Resync(Box::new(self.room.snapshot(viewer))),
                };
                let _ = reply.send(Attached {
                    viewer,
                    initial,
                    rx: self.events.subscribe(),
                });
            }
            Request::Detach { player } => {
                match player {
                    None => self.anonymous = self.anonymous.saturating_sub(1),
                    Some(p) => {
                        let left = match self.sockets.iter_mut().find(|(q, _)| q.id == p.id) {
                            Some((_, n)) => {
                                *n = n.saturating_sub(1);
                                *n
                            }
                            None => 0,
                        };
                        if left == 0 {
                            self.sockets.retain(|(q, _)| q.id != p.id);
                            self.tell(RemoteChange::Detach(p));
                        }
                    }
                }
                self.tell_watchers();
                if self.sockets.is_empty() && self.anonymous == 0 {
                    self.lonely_since = Some(Instant::now());
                }
            }
            // Said to owners only.
            Request::Remote { .. } => {}
        }
    }

    fn tell(&self, change: RemoteChange) {
        let _ = self.presence.send(change);
    }

    /// How many of this node's sockets watch: those without an identity, and the people
    /// without a seat.
    fn watching(&self) -> u32 {
        let named = self
            .sockets
            .iter()
            .filter(|(p, _)| self.room.viewer(p.id) == Viewer::Spectator)
            .count();
        self.anonymous
            .saturating_add(u32::try_from(named).unwrap_or(u32::MAX))
    }

    /// Tells the owner this node's spectator count when it changed.
    fn tell_watchers(&mut self) {
        let count = self.watching();
        if self.told != Some(count) {
            self.told = Some(count);
            self.tell(RemoteChange::Watchers(count));
        }
    }

    /// Replays the rows the owner stored after the last one the replica has.
    async fn catch_up(&mut self) {
        let id = self.room.id();
        let rows = match self.rooms.store().log_since(id, self.seq).await {
            Ok(rows) => rows,
            Err(e) => {
                // The next note, tick or request tries again.
                tracing::debug!(room = %id, error = %e, "followed room's log not read");
                return;
            }
        };
        if rows.is_empty() {
            return;
        }
        let mut seats_changed = false;
        for row in rows {
            if row.seq != self.seq {
                tracing::warn!(room = %id, expected = self.seq, got = row.seq, "gap in a followed room's log: rebuilding it");
                Box::pin(self.resync()).await;
                return;
            }
            match replay(&mut self.room, &row) {
                Ok(events) => {
                    self.seq += 1;
                    if events.is_empty() {
                        continue;
                    }
                    if events.iter().any(|e| {
                        matches!(e.kind, EventKind::Seats { .. } | EventKind::Renamed { .. })
                    }) {
                        self.seats = seat_map(&self.room);
                        seats_changed = true;
                    }
                    let _ = self.events.send(Outbound::Events(Arc::new(Batch::new(
                        events,
                        self.seats.clone(),
                    ))));
                }
                Err(e) => {
                    tracing::error!(room = %id, seq = row.seq, error = %e, "followed room's log does not replay: rebuilding it");
                    Box::pin(self.resync()).await;
                    return;
                }
            }
        }
        *lock(&self.summary) = RoomSummary::of(&self.room);
        if seats_changed {
            // A spectator who sat down watches no more, and one who stood up does.
            self.tell_watchers();
        }
    }

    /// Rebuilds the replica from the store, and sends its sockets a snapshot.
    async fn resync(&mut self) {
        let id = self.room.id();
        match self.rooms.store().live_room(id).await {
            Ok(Some(live)) => match super::rebuild(&live.room, &live.log) {
                Ok(room) => {
                    self.room = room;
                    self.seq = live.log.last().map_or(0, |l| l.seq + 1);
                    self.seats = seat_map(&self.room);
                    *lock(&self.summary) = RoomSummary::of(&self.room);
                    let _ = self.events.send(Outbound::Resync);
                }
                Err(e) => {
                    tracing::error!(room = %id, error = %e, "followed room cannot be rebuilt");
                    self.closing = true;
                }
            },
            Ok(None) => self.closing = true,
            // Tried again at the next note or tick.
            Err(e) => tracing::warn!(room = %id, error = %e, "followed room not rebuilt"),
        }
    }

    /// A forward found the owner silent or moved: who owns the room now? Another node: it
    /// is followed from there (this node's sockets are told again). This node or nobody:
    /// the follower ends, its sockets reconnect, and the room is claimed for them.
    async fn recheck_owner(&mut self) {
        match self.rooms.owner_of(self.room.id()).await {
            Ok(Owner::Node(e)) => {
                if self.owner.swap(e, Ordering::AcqRel) != e {
                    tracing::info!(room = %self.room.id(), owner = e, "followed room has a new owner");
                    for (p, _) in &self.sockets {
                        self.tell(RemoteChange::Attach(p.clone()));
                    }
                    self.told = None;
                    self.tell_watchers();
                }
            }
            Ok(Owner::Me | Owner::Nobody | Owner::Missing) => self.closing = true,
            Err(e) => tracing::debug!(room = %self.room.id(), error = %e, "owner not read"),
        }
    }
}

/// The forward's error says the owner may not hold the room any more.
fn owner_in_doubt(e: &CommandError) -> bool {
    matches!(e, CommandError::Store(_)) || e.code() == ROOM_MOVED
}

/// Applies one stored row to the replica, as `rooms::rebuild` does; its events.
fn replay(room: &mut Room, row: &LogRow) -> Result<Vec<lobby::Event>, String> {
    let actor: Actor = serde_json::from_str(&row.actor).map_err(|e| format!("actor: {e}"))?;
    let command: Command =
        serde_json::from_str(&row.command).map_err(|e| format!("command: {e}"))?;
    let at = Timestamp(u64::try_from(row.at).unwrap_or(0));
    room.handle(&actor, at, command)
        .map(|h| h.events)
        .map_err(|e| e.to_string())
}

/// Forwards a follower's presence and spectator changes to the owner, one at a time and in
/// order; ends with the follower.
async fn forward_presence(
    cluster: Cluster,
    inbox: Inbox,
    room: Uuid,
    owner: Arc<AtomicI64>,
    mut rx: mpsc::UnboundedReceiver<RemoteChange>,
    moved: mpsc::Sender<()>,
) {
    while let Some(change) = rx.recv().await {
        // Only the latest spectator count matters.
        let change = match change {
            RemoteChange::Watchers(_) => {
                let mut last = change;
                while let Ok(next) = rx.try_recv() {
                    if matches!(next, RemoteChange::Watchers(_)) {
                        last = next;
                    } else {
                        send_change(&cluster, &inbox, room, &owner, last, &moved).await;
                        last = next;
                    }
                }
                last
            }
            other => other,
        };
        send_change(&cluster, &inbox, room, &owner, change, &moved).await;
    }
}

async fn send_change(
    cluster: &Cluster,
    inbox: &Inbox,
    room: Uuid,
    owner: &AtomicI64,
    change: RemoteChange,
    moved: &mpsc::Sender<()>,
) {
    let to = owner.load(Ordering::Acquire);
    let r = inbox
        .forward(cluster.epoch(), room, to, Forward::Sockets(change))
        .await;
    if let Err(e) = r {
        tracing::debug!(room = %room, error = %e, "presence not forwarded");
        if owner_in_doubt(&e) {
            let _ = moved.try_send(());
        }
    }
}

/// Resolves once the flag turns true (never, if its sender is gone).
async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}
