//! What passes between a room's task and the rest of the server: the requests of its
//! mailbox ([`RoomHandle`]), the answers and errors they get, and what the task broadcasts
//! to its sockets. Both kinds of room task (the owner's and the follower's) read the same
//! mailbox, so these types sit below both.

use std::sync::{Arc, Mutex, OnceLock};

use axum::extract::ws::Utf8Bytes;
use lobby::{Actor, Command, Event, LobbyError, Participant, PlayerId, Since, Snapshot, Viewer};
use rules::Seat;
use tokio::sync::{broadcast, mpsc, oneshot};
use uuid::Uuid;

use super::lock::lock;
use super::summary::RoomSummary;
use crate::store::StoreError;

/// What a room task broadcasts to its sockets.
#[derive(Clone, Debug)]
pub enum Outbound {
    /// Events of one accepted command, with who sits where afterwards (so each socket knows
    /// its viewer).
    Events(Arc<Batch>),
    /// The server is restarting: tell the client and close.
    Restarting,
    /// The room was rebuilt from the store (a follower on another node than the room's
    /// owner found a gap it could not replay): send each socket a snapshot, as after a lag.
    Resync,
}

/// The events of one accepted command.
#[derive(Debug)]
pub struct Batch {
    /// The events, in version order, for every audience (sockets filter them).
    pub events: Vec<Event>,
    /// Who sits where after the command (shared by the room's batches until the seats
    /// change).
    pub seats: Arc<[(PlayerId, Seat)]>,
    /// Each event's `event` message, encoded by the first socket that sends it and shared
    /// by every other (an event is encoded once per room, not once per socket, and an
    /// event no socket is shown is never encoded).
    encoded: Vec<OnceLock<Utf8Bytes>>,
}

impl Batch {
    /// The events of a command and the seats after it.
    pub fn new(events: Vec<Event>, seats: Arc<[(PlayerId, Seat)]>) -> Batch {
        let encoded = events.iter().map(|_| OnceLock::new()).collect();
        Batch {
            events,
            seats,
            encoded,
        }
    }

    /// The `event` message of `self.events[i]` (`None` past the end).
    pub fn message(&self, i: usize) -> Option<Utf8Bytes> {
        let event = self.events.get(i)?;
        let cell = self.encoded.get(i)?;
        Some(
            cell.get_or_init(|| crate::wire::event_message(event))
                .clone(),
        )
    }

    /// How `player` sees the room after this batch.
    pub fn viewer(&self, player: Option<PlayerId>) -> Viewer {
        player
            .and_then(|p| self.seats.iter().find(|(q, _)| *q == p).map(|(_, s)| *s))
            .map_or(Viewer::Spectator, Viewer::Seat)
    }
}

/// Why a room refused or failed a request.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The lobby refused the command (nothing changed).
    #[error(transparent)]
    Lobby(#[from] LobbyError),
    /// The change could not be stored (nothing changed).
    #[error("the change could not be stored; try again")]
    Store(#[source] StoreError),
    /// The room task has stopped (shutdown, or the room was closed).
    #[error("the room is closed")]
    Closed,
    /// The room has more commands waiting than it queues (nothing changed; try again).
    #[error("the room is busy; try again shortly")]
    Overloaded,
    /// The room's owner, another node, refused or failed the command: its code, words and
    /// reason, as the owner's local socket would have been told.
    #[error("{message}")]
    Remote {
        /// The code the owner gave (one of [`crate::wire::error_codes`]).
        code: &'static str,
        /// The owner's words.
        message: String,
        /// Why the rules refused a move, when they say.
        reason: Option<rules::IllegalReason>,
    },
}

impl CommandError {
    /// Stable snake_case code for the wire protocol.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::Lobby(e) => e.code(),
            CommandError::Store(StoreError::Busy) | CommandError::Overloaded => {
                crate::wire::SocketCode::Overloaded.as_str()
            }
            CommandError::Store(_) => crate::wire::SocketCode::StoreFailed.as_str(),
            CommandError::Closed => crate::wire::SocketCode::RoomClosed.as_str(),
            CommandError::Remote { code, .. } => code,
        }
    }

    /// Why the rules refused a move, when they say.
    pub fn reason(&self) -> Option<rules::IllegalReason> {
        match self {
            CommandError::Lobby(e) => e.reason(),
            CommandError::Remote { reason, .. } => *reason,
            _ => None,
        }
    }

    /// The error another node stored as `code`, `message` and `reason` (an unknown code,
    /// from a newer node, reads as `store_failed`: the client tries again).
    pub fn remote(code: &str, message: String, reason: Option<&str>) -> CommandError {
        let unknown = crate::wire::SocketCode::StoreFailed.as_str();
        let code = crate::wire::read_error_code(code).unwrap_or(unknown);
        let reason = reason.and_then(|r| {
            rules::IllegalReason::ALL
                .into_iter()
                .find(|x| x.code() == r)
        });
        CommandError::Remote {
            code,
            message,
            reason,
        }
    }
}

/// The code of a command sent to a node that no longer owns the room: the socket is told
/// `restarting` and reconnects, which finds the room's owner anew.
pub const ROOM_MOVED: &str = crate::wire::SocketCode::RoomMoved.as_str();

/// A socket attached to a room: how it sees the room now, what to send first, and the
/// broadcast to follow.
#[derive(Debug)]
pub struct Attached {
    /// The socket's viewer at attachment.
    pub viewer: Viewer,
    /// The missed events (when `since` was given and recent enough), else a snapshot.
    pub initial: Since,
    /// Everything the room publishes from now on.
    pub rx: broadcast::Receiver<Outbound>,
}

/// What a room task is asked through its mailbox.
pub(crate) enum Request {
    Command {
        actor: Actor,
        command: Command,
        /// From a client: refused rather than queued when the store is overloaded.
        client: bool,
        reply: oneshot::Sender<Result<u64, CommandError>>,
    },
    Snapshot {
        player: Option<PlayerId>,
        reply: oneshot::Sender<(Viewer, Snapshot)>,
    },
    Since {
        player: Option<PlayerId>,
        since: u64,
        reply: oneshot::Sender<(Since, u64)>,
    },
    Attach {
        player: Option<Participant>,
        since: Option<u64>,
        reply: oneshot::Sender<Attached>,
    },
    Detach {
        player: Option<Participant>,
    },
    /// Presence and spectators of another node's sockets (`super::inbox` serves them).
    Remote {
        /// The other node's epoch.
        node: i64,
        change: RemoteChange,
        /// Told once the room took the change (`None`: nobody waits).
        done: Option<oneshot::Sender<()>>,
    },
}

/// What another node tells a room's owner about its sockets on the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteChange {
    /// The node's first socket of this player attached: it counts as one connection.
    Attach(Participant),
    /// The node's last socket of this player left.
    Detach(Participant),
    /// How many of the node's sockets watch the room.
    Watchers(u32),
    /// The node is gone (its lease lapsed or it stopped): it holds no socket any more.
    Gone,
}

/// Who owns a room, for a node deciding how to serve it ([`Rooms::owner_of`](crate::rooms::Rooms::owner_of)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This node (its current epoch): the room is live here, or comes back with
    /// [`Rooms::claim`](crate::rooms::Rooms::claim).
    Me,
    /// Another live node, by its epoch: the room is followed.
    Node(i64),
    /// Nobody alive (NULL, or a node whose lease lapsed or that stopped): claim it.
    Nobody,
    /// No such room.
    Missing,
}

/// A live room task's mailbox; cheap to clone.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub(super) id: Uuid,
    /// Boxed: the channel allocates its slots in blocks up front, and a pointer per slot
    /// keeps an idle room's queue small (thousands of rooms sit idle, each with its queue).
    pub(super) tx: mpsc::Sender<Box<Request>>,
    pub(super) summary: Arc<Mutex<RoomSummary>>,
}

impl RoomHandle {
    /// The room's id.
    pub fn id(&self) -> Uuid {
        self.id
    }

    /// The room's listing data, as of its last change.
    pub fn summary(&self) -> RoomSummary {
        lock(&self.summary).clone()
    }

    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Request) -> Option<T> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Box::new(make(reply))).await.ok()?;
        rx.await.ok()
    }

    /// Applies `command` from `actor`; the room's version after it once it is stored.
    ///
    /// # Errors
    /// The lobby refused it, the store failed, or the room is closed.
    pub async fn command(&self, actor: Actor, command: Command) -> Result<u64, CommandError> {
        self.ask(|reply| Request::Command {
            actor,
            command,
            client: false,
            reply,
        })
        .await
        .unwrap_or(Err(CommandError::Closed))
    }

    /// [`RoomHandle::command`] for a client: refused with [`CommandError::Overloaded`] when
    /// the room's queue is full instead of waiting, and stored through the lane that
    /// refuses when the store's queue is full ([`StoreError::Busy`]).
    ///
    /// # Errors
    /// As [`RoomHandle::command`], and the two refusals for capacity.
    pub async fn try_command(&self, actor: Actor, command: Command) -> Result<u64, CommandError> {
        let (reply, rx) = oneshot::channel();
        let request = Request::Command {
            actor,
            command,
            client: true,
            reply,
        };
        match self.tx.try_send(Box::new(request)) {
            Ok(()) => rx.await.unwrap_or(Err(CommandError::Closed)),
            Err(mpsc::error::TrySendError::Full(_)) => Err(CommandError::Overloaded),
            Err(mpsc::error::TrySendError::Closed(_)) => Err(CommandError::Closed),
        }
    }

    /// The room as `player` sees it (a spectator when `None` or not seated).
    pub async fn snapshot(&self, player: Option<PlayerId>) -> Option<(Viewer, Snapshot)> {
        self.ask(|reply| Request::Snapshot { player, reply }).await
    }

    /// What `player` missed since version `since` (or a resync snapshot), and the room's
    /// version.
    pub async fn since(&self, player: Option<PlayerId>, since: u64) -> Option<(Since, u64)> {
        self.ask(|reply| Request::Since {
            player,
            since,
            reply,
        })
        .await
    }

    /// Attaches a socket: marks the player's seat connected (first socket of that player)
    /// and subscribes to the room's broadcast.
    pub async fn attach(
        &self,
        player: Option<Participant>,
        since: Option<u64>,
    ) -> Option<Attached> {
        self.ask(|reply| Request::Attach {
            player,
            since,
            reply,
        })
        .await
    }

    /// Detaches a socket: marks the player's seat disconnected when it was its last socket.
    pub async fn detach(&self, player: Option<Participant>) {
        let _ = self.tx.send(Box::new(Request::Detach { player })).await;
    }

    /// Tells the room's owner task about another node's sockets.
    pub(crate) async fn remote(&self, node: i64, change: RemoteChange) {
        let _ = self
            .tx
            .send(Box::new(Request::Remote {
                node,
                change,
                done: None,
            }))
            .await;
    }

    /// Tells the room's owner task about another node's sockets, and resolves once the
    /// room took the change: every row it stores from then on is notified to that node
    /// (`Write::Fence::followed`), and every row before is on disk.
    pub(crate) async fn remote_taken(&self, node: i64, change: RemoteChange) {
        let (done, taken) = oneshot::channel();
        let sent = self
            .tx
            .send(Box::new(Request::Remote {
                node,
                change,
                done: Some(done),
            }))
            .await;
        if sent.is_ok() {
            let _ = taken.await;
        }
    }

    /// The task behind the handle has ended.
    pub(crate) fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use lobby::{Room, RoomConfig, Timestamp};
    use rules::{AnyOptions, Variant};

    /// A handle to a queah room whose task holds the receiving end `rx`.
    fn handle() -> (RoomHandle, mpsc::Receiver<Box<Request>>) {
        let host = Participant::new(PlayerId(Uuid::new_v4()), "Ann");
        let config = RoomConfig::new(
            Uuid::new_v4(),
            AnyOptions::default_for(Variant::Queah),
            host,
        );
        let (room, _) = Room::new(config, Timestamp(5)).unwrap();
        let (tx, rx) = mpsc::channel(4);
        let handle = RoomHandle {
            id: room.id(),
            tx,
            summary: Arc::new(Mutex::new(RoomSummary::of(&room))),
        };
        (handle, rx)
    }

    /// `room_closed` is what a socket is told when the room's task has ended under it: over
    /// a socket only a race with shutdown gives it (shutdown closes the sockets first), so
    /// it is provoked here, at the handle every socket and handler speaks through.
    #[tokio::test]
    async fn a_command_to_an_ended_room_is_answered_room_closed() {
        // The task ended before the command was sent.
        let (h, rx) = handle();
        drop(rx);
        let refused = h
            .try_command(Actor::Server, Command::LeaveSeat)
            .await
            .unwrap_err();
        assert!(matches!(refused, CommandError::Closed));
        assert_eq!(refused.code(), "room_closed");
        let refused = h
            .command(Actor::Server, Command::LeaveSeat)
            .await
            .unwrap_err();
        assert_eq!(refused.code(), "room_closed");
        assert!(h.snapshot(None).await.is_none());

        // The task ended with the command in its queue, unanswered.
        let (h, mut rx) = handle();
        let asked = tokio::spawn({
            let h = h.clone();
            async move { h.try_command(Actor::Server, Command::LeaveSeat).await }
        });
        let request = rx.recv().await.unwrap();
        assert!(matches!(*request, Request::Command { client: true, .. }));
        drop((request, rx));
        let refused = asked.await.unwrap().unwrap_err();
        assert_eq!(refused.code(), "room_closed");
    }
}
