//! The part of a live room that its owner's task and a follower share: the room value and
//! where its log stands, who sits where, the summary, the sockets attached to it (per player,
//! on this node and, as other nodes tell, on theirs), the broadcast to this node's sockets,
//! and the answers to the requests that read the room or attach and detach a socket.
//!
//! Each task is this plus one part of its own ([`Side`]): the owner's task
//! (`super::owner`) adds the writer, which applies commands and stores them; a follower
//! (`super::follower`) adds the forwarder, which sends this node's commands and sockets
//! to the owner and replays what the owner stored. [`answer`] serves the mailbox for both.

use std::sync::{Arc, Mutex};

use lobby::{Actor, Command, Participant, PlayerId, Room, Since, Viewer};
use rules::Seat;
use tokio::sync::{broadcast, oneshot};

use super::messages::{Attached, CommandError, Outbound, RemoteChange, Request};
use super::summary::{seat_map, RoomSummary};

/// A live room as both kinds of room task hold it.
pub(crate) struct Replica {
    pub(super) room: Room,
    /// The next log row's seq.
    pub(super) seq: i64,
    /// The room's listing data, shared with its handles.
    pub(super) summary: Arc<Mutex<RoomSummary>>,
    /// Who sits where, updated when the seats change (shared by every batch: a move's
    /// batch costs a reference count, not a copy).
    pub(super) seats: Arc<[(PlayerId, Seat)]>,
    /// The broadcast to the sockets, made when the first one attaches (its ring of
    /// `socket_queue` slots is allocated whole; a room nobody watches needs none).
    events: Option<broadcast::Sender<Outbound>>,
    /// The sockets attached to the room.
    pub(super) presence: Presence,
}

impl Replica {
    /// `room`, whose log continues at `seq`, with no socket attached.
    pub(super) fn new(room: Room, seq: i64, summary: Arc<Mutex<RoomSummary>>) -> Replica {
        Replica {
            seats: seat_map(&room),
            room,
            seq,
            summary,
            events: None,
            presence: Presence::default(),
        }
    }

    /// The room rebuilt from the store replaces the one held: its log continues at `seq`.
    pub(super) fn reset(&mut self, room: Room, seq: i64) {
        self.room = room;
        self.seq = seq;
        self.seats = seat_map(&self.room);
    }

    /// How `player` sees the room (a spectator when `None` or not seated).
    fn viewer(&self, player: Option<PlayerId>) -> Viewer {
        player.map_or(Viewer::Spectator, |p| self.room.viewer(p))
    }

    /// Sends `out` to the attached sockets (none: nothing to do).
    pub(super) fn publish(&self, out: Outbound) {
        if let Some(tx) = &self.events {
            // No receiver left is not an error.
            let _ = tx.send(out);
        }
    }

    /// No socket is attached, here or (as far as this node was told) on another node.
    pub(super) fn unwatched(&self) -> bool {
        self.presence.sockets.is_empty()
            && self.presence.remote.is_none()
            && self
                .events
                .as_ref()
                .map_or(0, broadcast::Sender::receiver_count)
                == 0
    }

    /// Drops the broadcast's ring (a room nobody watches; the next socket makes another).
    pub(super) fn drop_broadcast(&mut self) {
        self.events = None;
    }

    /// What a socket of `player` that attaches now is sent first (the events since `since`
    /// when given, else a snapshot), and its subscription to the broadcast (`capacity`
    /// messages per socket).
    fn attached(
        &mut self,
        player: Option<&Participant>,
        since: Option<u64>,
        capacity: usize,
    ) -> Attached {
        let viewer = self.viewer(player.map(|p| p.id));
        let initial = match since {
            Some(v) => self.room.events_since(v, viewer),
            None => Since::Resync(Box::new(self.room.snapshot(viewer))),
        };
        Attached {
            viewer,
            initial,
            rx: self
                .events
                .get_or_insert_with(|| broadcast::channel(capacity).0)
                .subscribe(),
        }
    }
}

/// The sockets attached to a room, counted per player and per node.
#[derive(Default)]
pub(crate) struct Presence {
    /// Open sockets on this node per player (a few players: a list, not a map).
    sockets: Vec<(Participant, usize)>,
    /// Open sockets on this node without an identity (they watch).
    anonymous: u32,
    /// Other nodes' sockets on the room (`None`: none has told of any; boxed, as most rooms
    /// have none).
    remote: Option<Box<RemoteSockets>>,
}

/// What other nodes said of their sockets on the room (`RemoteChange`).
#[derive(Default)]
struct RemoteSockets {
    /// Each node's players with at least one socket there: one connection each.
    players: Vec<(i64, Participant)>,
    /// Each node's spectator count.
    watchers: Vec<(i64, u32)>,
}

impl RemoteSockets {
    fn has(&self, player: PlayerId) -> bool {
        self.players.iter().any(|(_, p)| p.id == player)
    }
}

impl Presence {
    /// Counts a socket of `player` (`None`: anonymous) attached here; true when it is the
    /// player's first socket on this node.
    pub(super) fn attach(&mut self, player: Option<&Participant>) -> bool {
        let Some(p) = player else {
            self.anonymous = self.anonymous.saturating_add(1);
            return false;
        };
        match self.sockets.iter_mut().find(|(q, _)| q.id == p.id) {
            Some((_, n)) => {
                *n += 1;
                false
            }
            None => {
                self.sockets.push((p.clone(), 1));
                true
            }
        }
    }

    /// Counts a socket of `player` (`None`: anonymous) gone from here; true when the
    /// player has no socket left on this node.
    pub(super) fn detach(&mut self, player: Option<&Participant>) -> bool {
        let Some(p) = player else {
            self.anonymous = self.anonymous.saturating_sub(1);
            return false;
        };
        let left = match self.sockets.iter_mut().find(|(q, _)| q.id == p.id) {
            Some((_, n)) => {
                *n = n.saturating_sub(1);
                *n
            }
            None => 0,
        };
        if left == 0 {
            self.sockets.retain(|(q, _)| q.id != p.id);
        }
        left == 0
    }

    /// No socket is attached on this node.
    pub(super) fn is_empty(&self) -> bool {
        self.sockets.is_empty() && self.anonymous == 0
    }

    /// The players with a socket on this node.
    pub(super) fn players_here(&self) -> impl Iterator<Item = &Participant> {
        self.sockets.iter().map(|(p, _)| p)
    }

    /// This node has a socket of `player` on the room.
    pub(super) fn local_has(&self, player: PlayerId) -> bool {
        self.sockets.iter().any(|(q, n)| q.id == player && *n > 0)
    }

    /// Another node has a socket of `player` on the room.
    pub(super) fn remote_has(&self, player: PlayerId) -> bool {
        self.remote.as_ref().is_some_and(|r| r.has(player))
    }

    /// Whether another node told of a socket on the room (a player's or a spectator's): it
    /// follows the room, and is told of its new rows.
    pub(super) fn followed_elsewhere(&self) -> bool {
        self.remote.is_some()
    }

    /// Whether another node told of a player's socket on the room.
    pub(super) fn anyone_elsewhere(&self) -> bool {
        self.remote.as_ref().is_some_and(|r| !r.players.is_empty())
    }

    /// The one other node where the seated players `seated` are, when the room would be
    /// better served there: none of them has a socket on this node, at least one has one
    /// on another, and every one who has is on that node alone. Spectators do not count:
    /// they follow the room from wherever they are.
    pub(super) fn home_elsewhere(&self, seated: &[PlayerId]) -> Option<i64> {
        if seated.iter().any(|p| self.local_has(*p)) {
            return None;
        }
        let remote = self.remote.as_ref()?;
        let mut home = None;
        for (node, p) in &remote.players {
            if !seated.contains(&p.id) {
                continue;
            }
            match home {
                None => home = Some(*node),
                Some(h) if h == *node => {}
                Some(_) => return None,
            }
        }
        home
    }

    /// How many of this node's sockets watch `room`: those without an identity, and the
    /// people without a seat.
    pub(super) fn watching_here(&self, room: &Room) -> u32 {
        let named = self
            .sockets
            .iter()
            .filter(|(p, _)| room.viewer(p.id) == Viewer::Spectator)
            .count();
        self.anonymous
            .saturating_add(u32::try_from(named).unwrap_or(u32::MAX))
    }

    /// How many watch `room` on every node: this node's spectators and the counts the
    /// other nodes told.
    pub(super) fn watching(&self, room: &Room) -> u32 {
        let remote = self
            .remote
            .as_ref()
            .map_or(0, |r| r.watchers.iter().map(|(_, n)| *n).sum::<u32>());
        self.watching_here(room).saturating_add(remote)
    }

    /// Another node's sockets changed. A player counts as connected while any node (this
    /// one too) has a socket of theirs: returns the player who is connected now and was
    /// not, and those who were and are not any more.
    pub(super) fn remote_change(
        &mut self,
        node: i64,
        change: RemoteChange,
    ) -> (Option<Participant>, Vec<Participant>) {
        let r = self.remote.get_or_insert_with(Box::default);
        let mut left = Vec::new();
        let mut came = None;
        match change {
            RemoteChange::Attach(p) => {
                if !r.players.iter().any(|(n, q)| *n == node && q.id == p.id) {
                    let first = !r.has(p.id);
                    r.players.push((node, p.clone()));
                    if first {
                        came = Some(p);
                    }
                }
            }
            RemoteChange::Detach(p) => {
                r.players.retain(|(n, q)| !(*n == node && q.id == p.id));
                left.push(p);
            }
            RemoteChange::Watchers(count) => {
                r.watchers.retain(|(n, _)| *n != node);
                if count > 0 {
                    r.watchers.push((node, count));
                }
            }
            RemoteChange::Gone => {
                r.watchers.retain(|(n, _)| *n != node);
                let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut r.players)
                    .into_iter()
                    .partition(|(n, _)| *n == node);
                r.players = kept;
                left.extend(gone.into_iter().map(|(_, p)| p));
            }
        }
        if r.players.is_empty() && r.watchers.is_empty() {
            self.remote = None;
        }
        let came = came.filter(|p| !self.local_has(p.id));
        left.retain(|p| !self.local_has(p.id) && !self.remote_has(p.id));
        (came, left)
    }
}

/// What a room task adds to its [`Replica`]: the owner's writer or the follower's
/// forwarder. [`answer`] calls it where the two differ.
pub(crate) trait Side {
    /// The replica the task holds.
    fn replica(&mut self) -> &mut Replica;

    /// How many messages each socket's queue holds.
    fn socket_queue(&self) -> usize;

    /// Brings the replica up to date before it is read (a follower replays what the owner
    /// stored; the owner's is always up to date).
    async fn catch_up(&mut self);

    /// Applies a command of this node's sockets or server (`client`: from a socket).
    async fn command(
        &mut self,
        actor: Actor,
        command: Command,
        client: bool,
        reply: oneshot::Sender<Result<u64, CommandError>>,
    );

    /// A socket attached here (counted already); `first`: the player whose first socket on
    /// this node it is.
    async fn attached(&mut self, first: Option<Participant>);

    /// A socket left here (counted already); `last`: the player who has no socket left on
    /// this node.
    async fn detached(&mut self, last: Option<Participant>);

    /// Another node told of its sockets on the room.
    async fn remote(&mut self, node: i64, change: RemoteChange);
}

/// Serves one request of a room task's mailbox.
pub(crate) async fn answer<S: Side>(side: &mut S, request: Request) {
    match request {
        Request::Command {
            actor,
            command,
            client,
            reply,
        } => side.command(actor, command, client, reply).await,
        Request::Snapshot { player, reply } => {
            side.catch_up().await;
            let r = side.replica();
            let viewer = r.viewer(player);
            let _ = reply.send((viewer, r.room.snapshot(viewer)));
        }
        Request::Since {
            player,
            since,
            reply,
        } => {
            side.catch_up().await;
            let r = side.replica();
            let viewer = r.viewer(player);
            let _ = reply.send((r.room.events_since(since, viewer), r.room.version()));
        }
        Request::Attach {
            player,
            since,
            reply,
        } => {
            side.catch_up().await;
            let first = side.replica().presence.attach(player.as_ref());
            // Told before the socket's first message, which then shows it.
            side.attached(if first { player.clone() } else { None })
                .await;
            let capacity = side.socket_queue();
            let _ = reply.send(side.replica().attached(player.as_ref(), since, capacity));
        }
        Request::Detach { player } => {
            let last = side.replica().presence.detach(player.as_ref());
            side.detached(player.filter(|_| last)).await;
        }
        Request::Remote { node, change, done } => {
            side.remote(node, change).await;
            if let Some(done) = done {
                let _ = done.send(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn player(n: u128, name: &str) -> Participant {
        Participant::new(PlayerId(uuid::Uuid::from_u128(n)), name.to_string())
    }

    /// A player's sockets count once per player here, and the last one to leave says so.
    #[test]
    fn sockets_count_per_player() {
        let mut p = Presence::default();
        let ann = player(1, "Ann");
        assert!(p.attach(Some(&ann)));
        assert!(!p.attach(Some(&ann)));
        assert!(!p.attach(None));
        assert!(!p.detach(Some(&ann)));
        assert!(p.local_has(ann.id));
        assert!(p.detach(Some(&ann)));
        assert!(!p.local_has(ann.id));
        assert!(!p.is_empty());
        assert!(!p.detach(None));
        assert!(p.is_empty());
    }

    /// Other nodes' sockets count per player and node: a player is connected while any
    /// node has a socket of theirs, and a node that is gone takes its sockets with it.
    #[test]
    fn remote_sockets_count_per_node() {
        let mut p = Presence::default();
        let ann = player(1, "Ann");
        let bob = player(2, "Bob");
        let (came, left) = p.remote_change(7, RemoteChange::Attach(ann.clone()));
        assert_eq!(came.map(|c| c.id), Some(ann.id));
        assert!(left.is_empty());
        // The same player on a second node is no new connection.
        let (came, _) = p.remote_change(8, RemoteChange::Attach(ann.clone()));
        assert!(came.is_none());
        // Here too: a local socket keeps them connected when both nodes let go.
        assert!(p.attach(Some(&ann)));
        let (_, left) = p.remote_change(7, RemoteChange::Detach(ann.clone()));
        assert!(left.is_empty());
        let (came, _) = p.remote_change(8, RemoteChange::Attach(bob.clone()));
        assert_eq!(came.map(|c| c.id), Some(bob.id));
        p.remote_change(8, RemoteChange::Watchers(3));
        p.remote_change(9, RemoteChange::Watchers(2));
        assert_eq!(p.remote.as_ref().unwrap().watchers.len(), 2);
        let (_, left) = p.remote_change(8, RemoteChange::Gone);
        let ids: Vec<PlayerId> = left.iter().map(|q| q.id).collect();
        // Ann still has a socket here; Bob had one only on the gone node.
        assert_eq!(ids, vec![bob.id]);
        assert!(!p.remote_has(bob.id));
        assert_eq!(p.remote.as_ref().unwrap().watchers, vec![(9, 2)]);
        p.remote_change(9, RemoteChange::Gone);
        assert!(p.remote.is_none());
    }

    /// A room's home is elsewhere when its seated players are all on one other node and
    /// none is here; never while they are split, or one of them is here.
    #[test]
    fn the_seated_players_home_is_one_other_node() {
        let mut p = Presence::default();
        let (ann, bob, eve) = (player(1, "Ann"), player(2, "Bob"), player(3, "Eve"));
        let seated = [ann.id, bob.id];
        assert_eq!(p.home_elsewhere(&seated), None, "nobody anywhere");
        p.remote_change(7, RemoteChange::Attach(ann.clone()));
        assert_eq!(p.home_elsewhere(&seated), Some(7));
        // A spectator elsewhere changes nothing.
        p.remote_change(9, RemoteChange::Attach(eve.clone()));
        assert_eq!(p.home_elsewhere(&seated), Some(7));
        p.remote_change(8, RemoteChange::Attach(bob.clone()));
        assert_eq!(p.home_elsewhere(&seated), None, "split over two nodes");
        p.remote_change(8, RemoteChange::Detach(bob.clone()));
        p.remote_change(7, RemoteChange::Attach(bob.clone()));
        assert_eq!(p.home_elsewhere(&seated), Some(7));
        p.attach(Some(&bob));
        assert_eq!(p.home_elsewhere(&seated), None, "one of them is here");
        p.detach(Some(&bob));
        p.attach(Some(&eve));
        assert_eq!(
            p.home_elsewhere(&seated),
            Some(7),
            "a spectator here stays behind"
        );
    }
}
