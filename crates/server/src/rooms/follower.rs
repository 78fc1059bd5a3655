//! The follower task: a room owned by another node, served to this node's sockets
//! (`docs/cluster.md`, "Any node serves any player").
//!
//! It sits behind a [`RoomHandle`] like the owner's task and answers the same requests in
//! the same code (`super::replica`), so the socket layer does not know which one it talks
//! to: it is the room's [`Replica`] plus the forwarder to the owner. The replica is
//! rebuilt from the stored log and advanced by replaying the rows the owner writes: each row
//! goes through `Room::handle` at its logged time and actor, which gives exactly the
//! versioned events the owner broadcast. A `ROOM` note names a new row; a reconnection of
//! the listener, a socket attaching or resyncing, and a tick every [`SAFETY_NET`] read the
//! rows after the last one too, so a missed note delays an event, never loses it. A gap or
//! a row that does not replay (which would be a bug) rebuilds the replica from the store and
//! sends every socket a snapshot ([`Outbound::Resync`]).
//!
//! Commands go to the owner through the inbox (`super::forwarding`), each in a task of its own
//! so that the replay goes on meanwhile; presence and the spectator count go in order
//! through one task per follower. The follower ends when no socket has been attached for
//! [`LONELY`], when this node claims the room (its sockets reconnect, to the owner task
//! then), or when the owner's node lost the room to nobody.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, EventKind, Participant, Room, Timestamp};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;
use uuid::Uuid;

use super::forwarding::Inbox;
use super::lock::lock;
use super::messages::ROOM_MOVED;
use super::messages::{Batch, CommandError, Outbound, Owner, RemoteChange, Request, RoomHandle};
use super::persist;
use super::registry::{Followed, Rooms};
use super::replica::{self, Replica, Side};
use super::summary::{seat_map, RoomSummary};
use crate::cluster::bus::{RoomNotes, RECHECK};
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::LogRow;
use crate::wire::{Forward, Lane};

/// Who owns a followed room, as [`Follower::read_owner`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Owned {
    /// Another node, since the last look.
    Moved,
    /// The node followed already.
    Same,
    /// Nobody, this node, or the database could not say.
    Unknown,
}

/// How often a follower reads its room's log even without a note: the safety net for a
/// note lost without a reconnection (a full queue, say).
const SAFETY_NET: Duration = Duration::from_secs(3);
/// How long a follower with no socket attached stays.
const LONELY: Duration = Duration::from_secs(30);

impl Rooms {
    /// The follower of `id` on this node, if one runs.
    pub(super) fn followed(&self, id: Uuid) -> Option<RoomHandle> {
        lock(&self.inner.followers)
            .by_room
            .get(&id)
            .map(|f| f.handle.clone())
            .filter(|h| !h.is_closed())
    }

    /// Starts following `id`, owned by the node `owner` (or joins the follower another
    /// request just started).
    pub(super) async fn follow(
        &self,
        id: Uuid,
        owner: i64,
        cluster: &crate::cluster::Cluster,
    ) -> Option<RoomHandle> {
        let inbox = self.inner.inbox.clone()?;
        // Heard before the log is read: a row stored in between is then named by a note.
        let notes = cluster.bus().follow_room(id);
        let live = match self.inner.store.live_room(id).await {
            Ok(Some(live)) => live,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(room = %id, error = %e, "followed room not read");
                return None;
            }
        };
        let room = match persist::rebuild_with(&live.room, &live.log, self.config()) {
            Ok(room) => room,
            Err(e) => {
                tracing::error!(room = %id, error = %e, "followed room cannot be rebuilt");
                return None;
            }
        };
        let seq = live.log.last().map_or(0, |l| l.seq + 1);
        let (tx, rx) = mpsc::channel(self.inner.config.limits.room_queue.max(1));
        let summary = Arc::new(Mutex::new(RoomSummary::of(&room)));
        let handle = RoomHandle {
            id,
            tx,
            summary: summary.clone(),
        };
        let (stop_tx, stop) = oneshot::channel();
        let (moved, moved_rx) = mpsc::channel(1);
        let followed = Followed {
            handle: handle.clone(),
            token: 0,
            owner: Arc::new(AtomicI64::new(owner)),
            moved: moved.clone(),
            _stop: stop_tx,
        };
        let owner_cell = followed.owner.clone();
        let token = match self.register_follower(followed) {
            Ok(token) => token,
            Err(running) => return Some(running),
        };
        tracing::debug!(room = %id, owner, "following room");
        let origin = Origin {
            rooms: self.clone(),
            cluster: cluster.clone(),
            inbox,
            owner: owner_cell,
            moved: (moved, moved_rx),
            notes,
            token,
        };
        let follower = Follower::new(origin, Replica::new(room, seq, summary), rx, stop);
        let join = tokio::spawn(follower.run(self.inner.shutdown.subscribe()));
        self.keep_task(join);
        Some(handle)
    }

    /// Forgets the follower of `id` whose token is `token` (it has ended).
    pub(crate) fn unfollow(&self, id: Uuid, token: u64) {
        let mut followers = lock(&self.inner.followers);
        if followers.by_room.get(&id).is_some_and(|f| f.token == token) {
            followers.by_room.remove(&id);
        }
    }

    /// The node whose life was `epoch` let its rooms go (`wire::Note::Released`): the
    /// followers of its rooms ask who owns each now, instead of finding out from a forward
    /// that waits for it.
    pub(crate) fn owner_left(&self, epoch: i64) {
        for f in lock(&self.inner.followers).by_room.values() {
            if f.owner.load(Ordering::Acquire) == epoch {
                let _ = f.moved.try_send(());
            }
        }
    }

    /// `room` was handed to another node (`wire::Note::HandedOver`): its follower here asks
    /// who owns it now and tells the new owner of its sockets, which it then notifies of
    /// the room's rows.
    pub(crate) fn owner_moved(&self, room: Uuid) {
        if let Some(f) = lock(&self.inner.followers).by_room.get(&room) {
            let _ = f.moved.try_send(());
        }
    }

    /// Enters `followed` in the registry, with a token of its own, which it returns.
    /// `Err`: a handle that serves the room already (a follower another request just
    /// started, or the room claimed here meanwhile).
    fn register_follower(&self, mut followed: Followed) -> Result<u64, RoomHandle> {
        let id = followed.handle.id;
        let mut followers = lock(&self.inner.followers);
        if let Some(f) = followers.by_room.get(&id) {
            if !f.handle.is_closed() {
                return Err(f.handle.clone());
            }
        }
        if let Some(h) = self.get(id) {
            return Err(h);
        }
        followers.next_token += 1;
        let token = followers.next_token;
        followed.token = token;
        followers.by_room.insert(id, followed);
        Ok(token)
    }
}

/// The task of a room another node owns, followed for this node's sockets.
pub(crate) struct Follower {
    rooms: Rooms,
    cluster: Cluster,
    /// Where the commands of this node's sockets go to the owner.
    inbox: Inbox,
    /// The room as the owner stored it, its sockets here and their broadcast.
    replica: Replica,
    /// The epoch of the node believed to own the room.
    owner: Arc<AtomicI64>,
    rx: mpsc::Receiver<Box<Request>>,
    notes: RoomNotes,
    /// Dropped by the registry when this node claims the room.
    stop: oneshot::Receiver<()>,
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

/// Where a new follower's room comes from and where it reports.
struct Origin {
    rooms: Rooms,
    cluster: Cluster,
    inbox: Inbox,
    /// The epoch of the room's owner, shared with the registry.
    owner: Arc<AtomicI64>,
    /// The registry's way to make the follower ask who owns the room now.
    moved: (mpsc::Sender<()>, mpsc::Receiver<()>),
    notes: RoomNotes,
    /// The registry's token for the follower.
    token: u64,
}

impl Follower {
    fn new(
        origin: Origin,
        replica: Replica,
        rx: mpsc::Receiver<Box<Request>>,
        stop: oneshot::Receiver<()>,
    ) -> Follower {
        let Origin {
            rooms,
            cluster,
            inbox,
            owner,
            moved: (moved, moved_rx),
            notes,
            token,
        } = origin;
        let (presence, presence_rx) = mpsc::unbounded_channel();
        tokio::spawn(forward_presence(
            cluster.clone(),
            inbox.clone(),
            replica.room.id(),
            owner.clone(),
            presence_rx,
            moved.clone(),
        ));
        Follower {
            rooms,
            cluster,
            inbox,
            replica,
            owner,
            rx,
            notes,
            stop,
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
                    Some(seq) if seq == RECHECK || seq >= self.replica.seq => {
                        Box::pin(self.replay_new_rows()).await;
                    }
                    Some(_) => {}
                    None => break,
                },
                Some(()) = self.moved_rx.recv() => Box::pin(self.recheck_owner()).await,
                _ = net.tick() => {
                    if self.lonely_since.is_some_and(|t| t.elapsed() >= LONELY) {
                        break;
                    }
                    if Box::pin(self.replay_new_rows()).await && !self.replica.presence.is_empty() {
                        Box::pin(self.rows_unnoticed()).await;
                    }
                }
            }
        }
        self.replica.publish(Outbound::Restarting);
        self.rooms.unfollow(self.replica.room.id(), self.token);
        Metrics::dec(&self.rooms.metrics().rooms_followed);
    }

    async fn request(&mut self, req: Request) {
        replica::answer(self, req).await;
    }

    fn tell(&self, change: RemoteChange) {
        let _ = self.presence.send(change);
    }

    /// Tells the owner this node's spectator count when it changed.
    fn tell_watchers(&mut self) {
        let count = self.replica.presence.watching_here(&self.replica.room);
        if self.told != Some(count) {
            self.told = Some(count);
            self.tell(RemoteChange::Watchers(count));
        }
    }

    /// Replays the rows the owner stored after the last one the replica has; true when
    /// there were any.
    async fn replay_new_rows(&mut self) -> bool {
        let id = self.replica.room.id();
        let rows = match self.rooms.store().log_since(id, self.replica.seq).await {
            Ok(rows) => rows,
            Err(e) => {
                // The next note, tick or request tries again.
                tracing::debug!(room = %id, error = %e, "followed room's log not read");
                return false;
            }
        };
        if rows.is_empty() {
            return false;
        }
        let mut seats_changed = false;
        for row in rows {
            if row.seq != self.replica.seq {
                tracing::warn!(room = %id, expected = self.replica.seq, got = row.seq, "gap in a followed room's log: rebuilding it");
                Box::pin(self.resync()).await;
                return true;
            }
            match replay(&mut self.replica.room, &row) {
                Ok(events) => {
                    self.replica.seq += 1;
                    if events.is_empty() {
                        continue;
                    }
                    if events.iter().any(|e| {
                        matches!(e.kind, EventKind::Seats { .. } | EventKind::Renamed { .. })
                    }) {
                        self.replica.seats = seat_map(&self.replica.room);
                        seats_changed = true;
                    }
                    self.replica.publish(Outbound::Events(Arc::new(Batch::new(
                        events,
                        self.replica.seats.clone(),
                    ))));
                }
                Err(e) => {
                    tracing::error!(room = %id, seq = row.seq, error = %e, "followed room's log does not replay: rebuilding it");
                    Box::pin(self.resync()).await;
                    return true;
                }
            }
        }
        *lock(&self.replica.summary) = RoomSummary::of(&self.replica.room);
        if seats_changed {
            // A spectator who sat down watches no more, and one who stood up does.
            self.tell_watchers();
        }
        true
    }

    /// Rebuilds the replica from the store, and sends its sockets a snapshot.
    async fn resync(&mut self) {
        let id = self.replica.room.id();
        match self.rooms.store().live_room(id).await {
            Ok(Some(live)) => {
                match persist::rebuild_with(&live.room, &live.log, self.rooms.config()) {
                    Ok(room) => {
                        self.replica
                            .reset(room, live.log.last().map_or(0, |l| l.seq + 1));
                        *lock(&self.replica.summary) = RoomSummary::of(&self.replica.room);
                        self.replica.publish(Outbound::Resync);
                    }
                    Err(e) => {
                        tracing::error!(room = %id, error = %e, "followed room cannot be rebuilt");
                        self.closing = true;
                    }
                }
            }
            Ok(None) => self.closing = true,
            // Tried again at the next note or tick.
            Err(e) => tracing::warn!(room = %id, error = %e, "followed room not rebuilt"),
        }
    }

    /// A forward found the owner silent or moved: who owns the room now? Another node: it
    /// is followed from there (this node's sockets are told again). This node or nobody:
    /// the follower ends, its sockets reconnect, and the room is claimed for them.
    async fn recheck_owner(&mut self) {
        if self.read_owner().await == Owned::Moved {
            self.retell();
        }
    }

    /// Rows came that no note named while sockets are attached here: the owner does not
    /// know this node follows the room (a node that claimed it after a kill, say), so it
    /// is told again, wherever it is now.
    async fn rows_unnoticed(&mut self) {
        if self.read_owner().await != Owned::Unknown {
            tracing::debug!(room = %self.replica.room.id(), "followed room's rows came without notes");
            self.retell();
        }
    }

    /// Reads who owns the room, and follows it there. Nobody or this node: the follower
    /// ends. The database could not say: tried again at the next doubt.
    async fn read_owner(&mut self) -> Owned {
        let id = self.replica.room.id();
        match self.rooms.owner_of(id).await {
            Ok(Owner::Node(e)) => {
                if self.owner.swap(e, Ordering::AcqRel) == e {
                    return Owned::Same;
                }
                tracing::info!(room = %id, owner = e, "followed room has a new owner");
                Owned::Moved
            }
            Ok(Owner::Me | Owner::Nobody | Owner::Missing) => {
                self.closing = true;
                Owned::Unknown
            }
            Err(e) => {
                tracing::debug!(room = %id, error = %e, "owner not read");
                Owned::Unknown
            }
        }
    }

    /// Tells the owner of every socket here again.
    fn retell(&mut self) {
        for p in self.replica.presence.players_here() {
            self.tell(RemoteChange::Attach(p.clone()));
        }
        self.told = None;
        self.tell_watchers();
    }
}

/// The follower forwards: commands and this node's sockets go to the owner, and what the
/// owner stored is replayed before the replica is read.
impl Side for Follower {
    fn replica(&mut self) -> &mut Replica {
        &mut self.replica
    }

    fn socket_queue(&self) -> usize {
        self.rooms.config().limits.socket_queue.max(1)
    }

    async fn catch_up(&mut self) {
        self.replay_new_rows().await;
    }

    async fn command(
        &mut self,
        actor: Actor,
        command: Command,
        client: bool,
        reply: oneshot::Sender<Result<u64, CommandError>>,
    ) {
        let inbox = self.inbox.clone();
        let (from, room, to) = (
            self.cluster.epoch(),
            self.replica.room.id(),
            self.owner.load(Ordering::Acquire),
        );
        let moved = self.moved.clone();
        Metrics::inc(&self.rooms.metrics().forwarded);
        let forward = Forward::Command {
            actor,
            command,
            lane: if client { Lane::Client } else { Lane::Server },
        };
        // In a task of its own: the replay goes on while the owner answers.
        tokio::spawn(async move {
            let r = inbox.forward(from, room, to, forward).await;
            if let Err(e) = &r {
                tracing::debug!(room = %room, to, code = e.code(), "forwarded command refused");
            }
            let doubt = r.as_ref().is_err_and(owner_in_doubt);
            // The socket has its answer before the follower may end and close it.
            let _ = reply.send(r);
            if doubt {
                let _ = moved.try_send(());
            }
        });
    }

    async fn attached(&mut self, first: Option<Participant>) {
        self.lonely_since = None;
        if let Some(p) = first {
            self.tell(RemoteChange::Attach(p));
        }
        self.tell_watchers();
    }

    async fn detached(&mut self, last: Option<Participant>) {
        if let Some(p) = last {
            self.tell(RemoteChange::Detach(p));
        }
        self.tell_watchers();
        if self.replica.presence.is_empty() {
            self.lonely_since = Some(Instant::now());
        }
    }

    /// Another node's sockets are the owner's to count, and the inbox tells the owner's
    /// task of them; should a change reach a follower (the room changed hands on the way),
    /// it is counted as the owner counts it. The connections it makes or ends are the
    /// owner's to store, and this node's spectator count, which the owner sums with the
    /// other nodes', does not include it.
    async fn remote(&mut self, node: i64, change: RemoteChange) {
        let (came, left) = self.replica.presence.remote_change(node, change);
        if came.is_some() || !left.is_empty() {
            tracing::debug!(room = %self.replica.room.id(), node, "another node's presence reached a follower");
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
    let forward = match change {
        RemoteChange::Attach(p) => Forward::Attach(p),
        RemoteChange::Detach(p) => Forward::Detach(p),
        RemoteChange::Watchers(n) => Forward::Watchers(n),
        // Said by the owner's own sweep, never asked for.
        RemoteChange::Gone => return,
    };
    let told = !matches!(forward, Forward::Detach(_));
    match inbox.forward(cluster.epoch(), room, to, forward).await {
        // The owner notifies this node of its rows from now on; those stored before the
        // owner knew are read now.
        Ok(_) if told => cluster.bus().recheck_room(room),
        Ok(_) => {}
        Err(e) => {
            tracing::debug!(room = %room, error = %e, "presence not forwarded");
            if owner_in_doubt(&e) {
                let _ = moved.try_send(());
            }
        }
    }
}

/// Resolves once the flag turns true (never, if its sender is gone).
async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}
