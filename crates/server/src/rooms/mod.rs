//! Live rooms: one task per room owning its `lobby::Room`.
//!
//! A room task (module `task`) reads requests from a bounded mpsc channel, applies each
//! command to its room, writes the durable rows through the store [`Writer`] and only after
//! the write succeeded broadcasts the events and answers; if the store refuses, the room is
//! rebuilt from its stored log ([`rebuild`]) and the command answers with a typed error. The
//! registry ([`Rooms`]) maps ids to the tasks' handles and publishes the listed rooms'
//! changes ([`Feed`]). Rooms know nothing of HTTP or sockets: the handlers in `crate::http`
//! create, list and join them, and attach sockets to their handles; every byte they send
//! comes from `crate::wire`.

pub(crate) mod bot;
mod feed;
mod follow;
pub(crate) mod inbox;
mod lease;
pub(crate) mod listing;
mod mine;
pub(crate) mod persist;
mod task;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use lobby::{Actor, Command, Event, LobbyError, Participant, PlayerId, Room, Since, Snapshot};
use lobby::{RoomConfig, TimeControl, Timestamp, Viewer, Visibility};
use rand::Rng;
use rules::{AnyOptions, Seat, Variant};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::config::ServerConfig;
use crate::metrics::Metrics;
use crate::search_permits::Searches;
use crate::store::now_ms;
use crate::store::{LiveRoom, RoomRow, Store, StoreError, Writer};

pub use bot::display_name as bot_name;
pub use feed::{listed, Change, Feed};
pub use mine::{Counts, MyGamesWatch};
pub use task::{Progress, RoomSummary, SeatSummary};

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
        /// The code the owner gave (one of [`CommandError::CODES`]).
        code: &'static str,
        /// The owner's words.
        message: String,
        /// Why the rules refused a move, when they say.
        reason: Option<rules::IllegalReason>,
    },
}

impl CommandError {
    /// Every code [`CommandError::code`] gives: a code stored by another node is read back
    /// as one of these.
    pub const CODES: &'static [&'static str] = &[
        "invalid_options",
        "invalid_config",
        "wrong_state",
        "not_a_participant",
        "server_only",
        "not_a_bot",
        "not_seated",
        "already_seated",
        "seat_taken",
        "no_such_seat",
        "room_full",
        "not_host",
        "no_bot",
        "unknown_bot",
        "not_all_seats_taken",
        "first_seat_not_allowed",
        "not_your_turn",
        "seat_out",
        "illegal_move",
        "too_late_to_abort",
        "abort_not_allowed",
        "draw_already_offered",
        "no_draw_offer",
        "claim_not_open",
        "rematch_already_asked",
        "rematch_created",
        "no_rematch_request",
        "chat_empty",
        "chat_too_long",
        "chat_too_fast",
        "chat_not_allowed",
        "no_such_chat",
        "invalid_name",
        "overloaded",
        "store_failed",
        "room_closed",
        ROOM_MOVED,
    ];

    /// Stable snake_case code for the wire protocol.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::Lobby(e) => e.code(),
            CommandError::Store(StoreError::Busy) | CommandError::Overloaded => "overloaded",
            CommandError::Store(_) => "store_failed",
            CommandError::Closed => "room_closed",
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
        let code = Self::CODES
            .iter()
            .find(|c| **c == code)
            .copied()
            .unwrap_or("store_failed");
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
pub const ROOM_MOVED: &str = "room_moved";

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
    /// Presence and spectators of another node's sockets (`inbox`).
    Remote {
        /// The other node's epoch.
        node: i64,
        change: RemoteChange,
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

/// Who owns a room, for a node deciding how to serve it ([`Rooms::owner_of`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This node (its current epoch): the room is live here, or comes back with
    /// [`Rooms::claim`].
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
    id: Uuid,
    /// Boxed: the channel allocates its slots in blocks up front, and a pointer per slot
    /// keeps an idle room's queue small (memory per idle room, issue 10).
    tx: mpsc::Sender<Box<Request>>,
    summary: Arc<Mutex<RoomSummary>>,
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
            .send(Box::new(Request::Remote { node, change }))
            .await;
    }

    /// The task behind the handle has ended.
    pub(crate) fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

/// Locks a std mutex, recovering from poisoning (the data are plain values).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

struct Inner {
    config: Arc<ServerConfig>,
    store: Store,
    writer: Writer,
    metrics: Arc<Metrics>,
    rooms: Mutex<Registry>,
    tasks: Mutex<Tasks>,
    shutdown: watch::Sender<bool>,
    lot: Mutex<Option<u64>>,
    /// The listed rooms' changes, and each player's games (`mine`).
    feed: Feed,
    searches: Searches,
    /// This node's place in a cluster (`None`: one node).
    cluster: Option<crate::cluster::Cluster>,
    /// Commands to and from other nodes (with a cluster).
    inbox: Option<inbox::Inbox>,
    /// The rooms another node owns that this node follows for its sockets (`follow`).
    followers: Mutex<Followers>,
}

/// The follower tasks by room (`follow`).
#[derive(Default)]
struct Followers {
    by_room: HashMap<Uuid, Followed>,
    next_token: u64,
}

struct Followed {
    handle: RoomHandle,
    token: u64,
    /// Dropped to stop the follower (this node claimed the room).
    _stop: oneshot::Sender<()>,
}

/// The room tasks (and the heartbeat's), for shutdown to wait for.
#[derive(Default)]
struct Tasks {
    handles: Vec<JoinHandle<()>>,
    /// How many were left at the last sweep of the finished ones.
    swept: usize,
}

impl Tasks {
    /// Adds a task, first dropping the finished ones once the list has doubled since the
    /// last sweep: a sweep looks at every task (thousands, with the finished rooms kept in
    /// memory), so one per new room cost in proportion to the rooms, not to the change.
    fn push(&mut self, task: JoinHandle<()>) {
        if self.handles.len() >= 2 * self.swept.max(32) {
            self.handles.retain(|j| !j.is_finished());
            self.swept = self.handles.len();
        }
        self.handles.push(task);
    }
}

/// The live rooms' handles, and how many of them each host has unfinished.
#[derive(Default)]
struct Registry {
    handles: HashMap<Uuid, RoomHandle>,
    /// Live rooms waiting or playing per host (absent: none): what the per-host room limit
    /// counts, kept up to date as rooms are made, end and leave memory, so that a room
    /// creation reads one entry instead of every room.
    unfinished: HashMap<Uuid, usize>,
    /// The live private rooms by invite code (a room's code never changes), so that
    /// joining by code reads one entry instead of every room's summary.
    invites: HashMap<Box<str>, Uuid>,
}

impl Registry {
    /// One unfinished room fewer for `host`.
    fn release(&mut self, host: Uuid) {
        if let Some(n) = self.unfinished.get_mut(&host) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.unfinished.remove(&host);
            }
        }
    }
}

/// The registry of live room tasks; cheap to clone.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Rooms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rooms")
            .field("live", &lock(&self.inner.rooms).handles.len())
            .finish()
    }
}

impl Rooms {
    /// An empty registry.
    pub fn new(
        config: Arc<ServerConfig>,
        store: Store,
        writer: Writer,
        metrics: Arc<Metrics>,
        searches: Searches,
        cluster: Option<crate::cluster::Cluster>,
    ) -> Rooms {
        // Published so that load tests can say which limits they ran against.
        let l = &config.limits;
        let relaxed = std::sync::atomic::Ordering::Relaxed;
        metrics
            .ws_messages_per_second
            .store(u64::from(l.messages_per_second), relaxed);
        metrics
            .ws_message_burst
            .store(u64::from(l.message_burst), relaxed);
        metrics
            .ws_max_message_bytes
            .store(l.max_message_bytes as u64, relaxed);
        let feed = Feed::default();
        if let Some(c) = &cluster {
            metrics
                .node_epoch
                .store(u64::try_from(c.epoch()).unwrap_or(0), relaxed);
            feed.join_cluster();
        }
        let inbox = cluster.as_ref().map(|_| inbox::Inbox::new(store.clone()));
        Rooms {
            inner: Arc::new(Inner {
                config,
                store,
                writer,
                metrics,
                rooms: Mutex::new(Registry::default()),
                tasks: Mutex::new(Tasks::default()),
                shutdown: watch::channel(false).0,
                lot: Mutex::new(None),
                feed,
                searches,
                cluster,
                inbox,
                followers: Mutex::new(Followers::default()),
            }),
        }
    }

    /// This node's place in a cluster of nodes (`None`: it is the only one).
    pub fn cluster(&self) -> Option<&crate::cluster::Cluster> {
        self.inner.cluster.as_ref()
    }

    /// Commands to and from other nodes (`None`: one node).
    pub(crate) fn inbox(&self) -> Option<&inbox::Inbox> {
        self.inner.inbox.as_ref()
    }

    /// Makes a room from `config`, seats its host first in `seat` when given, stores it on the store's control lane (a new room is not queued
    /// behind the game traffic) and starts its task. Returns the room's id. A config with a
    /// fixed seating ([`RoomConfig::seated`], a tournament's game) opens a room already
    /// playing; `seat` must then be `None`.
    ///
    /// # Errors
    /// The lobby refused the config or the seat; the store refused the rows.
    pub async fn open(
        &self,
        config: RoomConfig,
        host_name: &str,
        seat: Option<Seat>,
    ) -> Result<Uuid, CommandError> {
        self.open_seating(config, host_name, seat.map(Some)).await
    }

    /// [`Rooms::open`] with the host seated in the first free seat of the layout (a seek's
    /// new room).
    ///
    /// # Errors
    /// As [`Rooms::open`].
    pub async fn open_host_seated(
        &self,
        config: RoomConfig,
        host_name: &str,
    ) -> Result<Uuid, CommandError> {
        self.open_seating(config, host_name, Some(None)).await
    }

    /// [`Rooms::open`], the host seated by `TakeSeat { seat }` when `take` is given.
    async fn open_seating(
        &self,
        config: RoomConfig,
        host_name: &str,
        take: Option<Option<Seat>>,
    ) -> Result<Uuid, CommandError> {
        let now = now_ms();
        let at = Timestamp(u64::try_from(now).unwrap_or(0));
        let (mut room, _) = Room::new(config, at)?;
        let mut row = persist::room_row(&room, host_name, now);
        // Owned by this node from the start (see `docs/cluster.md`).
        let owner = self.epoch();
        row.owner = owner;
        let mut writes = vec![crate::store::Write::Room(row)];
        // A fixed seating starts the game with the room: its game row goes with the room's.
        writes.extend(persist::start_row(&room, now));
        let mut seq = 0;
        if let Some(seat) = take {
            let actor = Actor::Player(room.config().host.clone());
            let command = Command::TakeSeat { seat };
            room.handle(&actor, at, command.clone())?;
            writes.push(persist::log_row(room.id(), 0, now, &actor, &command));
            seq = 1;
        }
        self.inner
            .writer
            .write_control(writes)
            .await
            .map_err(CommandError::Store)?;
        let id = room.id();
        self.spawn_resumed(room, seq, None, owner);
        Ok(id)
    }

    /// The bot searches' permits, shared with game analyses.
    pub fn searches(&self) -> &Searches {
        &self.inner.searches
    }

    /// The settings.
    pub fn config(&self) -> &ServerConfig {
        &self.inner.config
    }

    /// Fixes the value drawn for the first seat at every start and rematch (`None`: random).
    /// For tests and replays of known games (lot 0 gives White in every layout).
    pub fn set_lot(&self, lot: Option<u64>) {
        *lock(&self.inner.lot) = lot;
    }

    /// The value drawn for the first seat.
    pub fn lot(&self) -> u64 {
        lock(&self.inner.lot).unwrap_or_else(|| rand::thread_rng().gen())
    }

    /// The live room with this id.
    pub fn get(&self, id: Uuid) -> Option<RoomHandle> {
        lock(&self.inner.rooms).handles.get(&id).cloned()
    }

    /// The room with this id as this node serves it: its live task here; else, with
    /// several nodes, a follower of the room when another live node owns it, or the room
    /// claimed now when nobody alive does (`docs/cluster.md`). `None`: no such room (or,
    /// one node, not live).
    pub async fn find(&self, id: Uuid) -> Option<RoomHandle> {
        if let Some(h) = self.get(id) {
            return Some(h);
        }
        let cluster = self.cluster()?.clone();
        if let Some(h) = self.followed(id) {
            return Some(h);
        }
        // Twice: a claim lost to another node, or a follower whose owner just lost the
        // room, is looked up once more.
        for _ in 0..2 {
            match self.owner_of(id).await {
                Ok(Owner::Me | Owner::Nobody) => match self.claim(id).await {
                    Ok(Some(h)) => return Some(h),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(room = %id, error = %e, "room not claimed");
                        return None;
                    }
                },
                Ok(Owner::Node(owner)) => match self.follow(id, owner, &cluster).await {
                    Some(h) => return Some(h),
                    None => return None,
                },
                Ok(Owner::Missing) => return None,
                Err(e) => {
                    tracing::warn!(room = %id, error = %e, "room's owner not read");
                    return None;
                }
            }
        }
        None
    }

    /// The follower of `id` on this node, if one runs.
    fn followed(&self, id: Uuid) -> Option<RoomHandle> {
        lock(&self.inner.followers)
            .by_room
            .get(&id)
            .map(|f| f.handle.clone())
            .filter(|h| !h.is_closed())
    }

    /// Starts following `id`, owned by the node `owner` (or joins the follower another
    /// request just started).
    async fn follow(
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
        let room = match rebuild(&live.room, &live.log) {
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
        let token = {
            let mut followers = lock(&self.inner.followers);
            if let Some(f) = followers.by_room.get(&id) {
                if !f.handle.is_closed() {
                    return Some(f.handle.clone());
                }
            }
            // Claimed here meanwhile.
            if let Some(h) = self.get(id) {
                return Some(h);
            }
            followers.next_token += 1;
            let token = followers.next_token;
            followers.by_room.insert(
                id,
                Followed {
                    handle: handle.clone(),
                    token,
                    _stop: stop_tx,
                },
            );
            token
        };
        tracing::debug!(room = %id, owner, "following room");
        let follower = follow::Follower::new(
            self.clone(),
            cluster.clone(),
            inbox,
            room,
            seq,
            owner,
            summary,
            rx,
            notes,
            stop,
            token,
        );
        let join = tokio::spawn(follower.run(self.inner.shutdown.subscribe()));
        lock(&self.inner.tasks).push(join);
        Some(handle)
    }

    /// Forgets the follower of `id` whose token is `token` (it has ended).
    pub(crate) fn unfollow(&self, id: Uuid, token: u64) {
        let mut followers = lock(&self.inner.followers);
        if followers.by_room.get(&id).is_some_and(|f| f.token == token) {
            followers.by_room.remove(&id);
        }
    }

    /// The handles of the rooms this node owns (live here).
    pub(crate) fn owned_handles(&self) -> Vec<RoomHandle> {
        lock(&self.inner.rooms).handles.values().cloned().collect()
    }

    /// How many rooms are live.
    pub fn live(&self) -> usize {
        lock(&self.inner.rooms).handles.len()
    }

    /// Live rooms waiting or playing that `host` hosts (a count kept up to date, not a
    /// scan of the rooms).
    pub fn unfinished_hosted_by(&self, host: Uuid) -> usize {
        lock(&self.inner.rooms)
            .unfinished
            .get(&host)
            .copied()
            .unwrap_or(0)
    }

    /// The live room whose invite code is `code` (exactly as the room was given it); with
    /// several nodes, another node's room too.
    pub fn by_invite_code(&self, code: &str) -> Option<Uuid> {
        let local = lock(&self.inner.rooms).invites.get(code).copied();
        local.or_else(|| self.inner.feed.remote_invite(code))
    }

    /// Gives `player`'s new `name` to every live room where they sit or which they host
    /// (`Command::Rename`): their seats, the host's name and their later chat lines carry it
    /// at once, and the rooms' sockets are told. A room that refuses (it has just ended,
    /// say) keeps the old name; that is logged, not an error of the rename.
    pub async fn rename(&self, player: Uuid, name: &str) {
        let handles: Vec<RoomHandle> = lock(&self.inner.rooms).handles.values().cloned().collect();
        let actor = Actor::Player(Participant::new(PlayerId(player), name.to_string()));
        for handle in handles {
            let concerned = {
                let s = lock(&handle.summary);
                s.host == player || s.seats.iter().any(|seat| seat.player == Some(player))
            };
            if !concerned {
                continue;
            }
            let command = Command::Rename {
                name: name.to_string(),
            };
            if let Err(e) = handle.command(actor.clone(), command).await {
                tracing::debug!(room = %handle.id(), error = %e, "rename not applied");
            }
        }
    }

    /// Listing data of every live room.
    pub fn summaries(&self) -> Vec<RoomSummary> {
        let handles: Vec<RoomHandle> = lock(&self.inner.rooms).handles.values().cloned().collect();
        handles.iter().map(RoomHandle::summary).collect()
    }

    /// True once shutdown has begun.
    pub fn is_shutting_down(&self) -> bool {
        *self.inner.shutdown.borrow()
    }

    /// This node's epoch, which its new rooms are stored with (`None`: one node).
    fn epoch(&self) -> Option<i64> {
        self.inner
            .cluster
            .as_ref()
            .map(crate::cluster::Cluster::epoch)
    }

    /// Starts the task of `room` (already stored, owned by `owner`: the epoch its rows are
    /// fenced with, `None` on one node) whose log continues at `seq`.
    pub(crate) fn spawn(&self, room: Room, seq: i64, owner: Option<i64>) -> RoomHandle {
        self.spawn_resumed(room, seq, None, owner)
    }

    /// [`Rooms::spawn`] for a room restored after a restart; with `resume`, when the server
    /// stopped: the task first gives that outage back to the clocks ([`Command::Resume`]).
    fn spawn_resumed(
        &self,
        room: Room,
        seq: i64,
        resume: Option<Timestamp>,
        owner: Option<i64>,
    ) -> RoomHandle {
        let (tx, rx) = mpsc::channel(self.inner.config.limits.room_queue.max(1));
        let summary = RoomSummary::of(&room);
        self.inner.feed.created(&summary);
        self.mine().update(
            room.id(),
            &mine::Entry::default(),
            &mine::Entry::of(&summary),
        );
        let (host, counted) = (summary.host, summary.unfinished());
        let invite = summary.invite_code.clone();
        let summary = Arc::new(Mutex::new(summary));
        // Owned here now: a follower of the room stops, and its sockets reconnect.
        lock(&self.inner.followers).by_room.remove(&room.id());
        let handle = RoomHandle {
            id: room.id(),
            tx,
            summary: summary.clone(),
        };
        {
            let mut registry = lock(&self.inner.rooms);
            registry.handles.insert(room.id(), handle.clone());
            if let Some(code) = invite {
                registry.invites.insert(code, room.id());
            }
            if counted {
                *registry.unfinished.entry(host).or_insert(0) += 1;
            }
        }
        let epochs = match (&self.inner.cluster, owner) {
            (Some(c), Some(_)) => Some(c.epochs()),
            _ => None,
        };
        let t = task::RoomTask::new(
            self.clone(),
            room,
            seq,
            summary,
            rx,
            resume,
            owner.zip(epochs),
        );
        let join = tokio::spawn(t.run(self.inner.shutdown.subscribe()));
        lock(&self.inner.tasks).push(join);
        handle
    }

    /// Takes the room out of the registry when its task ends; `unfinished`: it still
    /// counted for its `host` (it stops counting).
    pub(crate) fn deregister(&self, id: Uuid, host: Uuid, unfinished: bool) {
        let gone = {
            let mut registry = lock(&self.inner.rooms);
            let gone = registry.handles.remove(&id);
            if gone.is_some() && unfinished {
                registry.release(host);
            }
            // The registry's lock is taken before a summary's, never the other way.
            let code = gone
                .as_ref()
                .and_then(|h| lock(&h.summary).invite_code.clone());
            if let Some(code) = code {
                if registry.invites.get(&code) == Some(&id) {
                    registry.invites.remove(&code);
                }
            }
            gone
        };
        if let Some(handle) = gone {
            let last = {
                let last = lock(&handle.summary);
                self.inner.feed.removed(&last);
                mine::Entry::of(&last)
            };
            self.mine().update(id, &last, &mine::Entry::default());
        }
    }

    /// [`Rooms::deregister`] by the task whose summary is `summary`: nothing when the
    /// registry holds another task of the room by now (the room was claimed again while
    /// this task was ending).
    pub(crate) fn deregister_task(
        &self,
        id: Uuid,
        summary: &Arc<Mutex<RoomSummary>>,
        host: Uuid,
        unfinished: bool,
    ) {
        let current = lock(&self.inner.rooms)
            .handles
            .get(&id)
            .is_some_and(|h| Arc::ptr_eq(&h.summary, summary));
        if current {
            self.deregister(id, host, unfinished);
        }
    }

    /// A room of `host` has finished or been aborted: it no longer counts for the per-host
    /// room limit.
    pub(crate) fn finished(&self, host: Uuid) {
        lock(&self.inner.rooms).release(host);
    }

    /// The live lobby's change feed.
    pub fn feed(&self) -> &Feed {
        &self.inner.feed
    }

    /// Each player's games.
    pub(crate) fn mine(&self) -> &mine::Mine {
        self.inner.feed.mine()
    }

    /// Flips to true when shutdown begins (the live streams end then).
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn writer(&self) -> &Writer {
        &self.inner.writer
    }

    pub(crate) fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// Rebuilds every unfinished room from its stored log, and the finished rooms that were
    /// still in memory when the server stopped (for their rematch); then keeps a heartbeat
    /// on disk so that the next start knows when this one stopped.
    ///
    /// A game under way resumes with the clocks as they stood when the server was last seen
    /// running: the outage is charged to nobody.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn restore(&self) -> Result<(), StoreError> {
        if self.inner.cluster.is_some() {
            return self.restore_cluster().await;
        }
        let store = &self.inner.store;
        let down_at = store.last_heartbeat().await?;
        let since = down_at.unwrap_or_else(now_ms) - task::IDLE_FINISHED_MS;
        let live = store.rooms_to_restore(Some(since)).await?;
        for LiveRoom { room: row, log } in live {
            match rebuild(&row, &log) {
                Ok(room) => {
                    let seq = log.last().map_or(0, |l| l.seq + 1);
                    let resume = resume_of(&room, down_at, &log);
                    tracing::info!(room = %row.id, commands = log.len(), "room restored");
                    self.spawn_resumed(room, seq, resume, None);
                }
                Err(e) => tracing::error!(room = %row.id, error = %e, "room cannot be restored"),
            }
        }
        let beat = tokio::spawn(heartbeat(
            self.inner.writer.clone(),
            self.inner.shutdown.subscribe(),
        ));
        lock(&self.inner.tasks).push(beat);
        Ok(())
    }

    /// Tells every client the server is restarting, stops every room task and waits for them.
    ///
    /// With several nodes this is the drain of `docs/cluster.md`: once the room tasks have
    /// stored what they took and stopped, the node releases its rooms and marks itself
    /// stopped in one transaction, and tells the other nodes, which claim the rooms at
    /// once.
    pub async fn shutdown(&self) {
        self.inner.shutdown.send_replace(true);
        self.inner.feed.close();
        let tasks: Vec<JoinHandle<()>> = std::mem::take(&mut lock(&self.inner.tasks).handles);
        for t in tasks {
            let _ = t.await;
        }
        if let Some(cluster) = &self.inner.cluster {
            // No claim runs after this (the sweeps see the shutdown under this lock).
            let _claiming = cluster.claiming().await;
            if cluster.crashed() {
                return;
            }
            let epoch = cluster.epoch();
            match self.inner.store.release_node(epoch).await {
                Ok(n) => tracing::info!(epoch, rooms = n, "node drained: rooms released"),
                Err(e) => {
                    tracing::warn!(error = %e, epoch, "the rooms could not be released: the other nodes take them over when the lease lapses")
                }
            }
            return;
        }
        // The last moment the clocks ran: the next start gives back the time from here.
        if let Err(e) = self.inner.store.heartbeat(now_ms()).await {
            tracing::warn!(error = %e, "the last heartbeat could not be stored");
        }
    }
}

impl Rooms {
    /// With several nodes, the start: this node takes back the rooms of its previous lives
    /// (the same `--node-name`: a node restarted after a kill need not wait for its old
    /// lease to lapse), and its share of the orphans, then keeps its lease
    /// (`lease`). The single-row heartbeat of one node is not used: the nodes'
    /// leases say when each was last seen.
    async fn restore_cluster(&self) -> Result<(), StoreError> {
        let Some(cluster) = self.inner.cluster.clone() else {
            return Ok(());
        };
        {
            let _claiming = cluster.claiming().await;
            let since = now_ms() - task::IDLE_FINISHED_MS;
            let claimed = self
                .inner
                .store
                .claim_orphans(
                    cluster.epoch(),
                    cluster.lease_ms(),
                    Some(cluster.name()),
                    since,
                    &[],
                )
                .await?;
            self.spawn_claimed(claimed, cluster.epoch());
        }
        let lease = tokio::spawn(lease::run(self.clone(), self.inner.shutdown.subscribe()));
        lock(&self.inner.tasks).push(lease);
        Ok(())
    }

    /// Starts the tasks of rooms claimed for `epoch`, each resumed from when its previous
    /// owner was last seen (a game under way; nobody is charged for the outage).
    fn spawn_claimed(&self, claimed: Vec<crate::store::Claimed>, epoch: i64) -> Vec<RoomHandle> {
        let mut handles = Vec::with_capacity(claimed.len());
        for crate::store::Claimed {
            room: live,
            down_at,
        } in claimed
        {
            let LiveRoom { room: row, log } = live;
            match rebuild(&row, &log) {
                Ok(room) => {
                    let seq = log.last().map_or(0, |l| l.seq + 1);
                    let resume = resume_of(&room, down_at, &log);
                    tracing::info!(room = %row.id, epoch, from = ?row.owner, commands = log.len(), "room claimed");
                    Metrics::inc(&self.inner.metrics.claims);
                    handles.push(self.spawn_resumed(room, seq, resume, Some(epoch)));
                }
                Err(e) => {
                    tracing::error!(room = %row.id, error = %e, "claimed room cannot be rebuilt")
                }
            }
        }
        handles
    }

    /// With several nodes: claims this node's share of the orphaned rooms now and starts
    /// them (the lease loop calls it after each renewal; a node that hears another one
    /// released its rooms, `checkerhall_nodes` `released <epoch>`, calls it at once). On
    /// one node, or while shutting down, nothing.
    pub async fn sweep_now(&self) {
        let Some(cluster) = self.inner.cluster.clone() else {
            return;
        };
        let _claiming = cluster.claiming().await;
        let epoch = cluster.epoch();
        if self.is_shutting_down() || epoch == 0 || cluster.renewals_paused() {
            return;
        }
        // A room still live here (a task of an older epoch, ending) waits for a later sweep.
        let skip: Vec<Uuid> = lock(&self.inner.rooms).handles.keys().copied().collect();
        match self
            .inner
            .store
            .claim_orphans(epoch, cluster.lease_ms(), None, 0, &skip)
            .await
        {
            Ok(claimed) => {
                self.spawn_claimed(claimed, epoch);
            }
            Err(e) => tracing::warn!(error = %e, "the sweep for orphaned rooms failed"),
        }
    }

    /// Who owns room `id`: this node, another live one, nobody alive, or no such room.
    /// On one node, a live room is this node's, a stored one nobody's.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn owner_of(&self, id: Uuid) -> Result<Owner, StoreError> {
        let Some(cluster) = &self.inner.cluster else {
            if self.get(id).is_some() {
                return Ok(Owner::Me);
            }
            return Ok(match self.inner.store.room(id).await? {
                Some(_) => Owner::Nobody,
                None => Owner::Missing,
            });
        };
        let owner = self.inner.store.room_owner(id, cluster.lease_ms()).await?;
        Ok(match owner {
            crate::store::StoredOwner::Missing => Owner::Missing,
            crate::store::StoredOwner::Nobody => Owner::Nobody,
            crate::store::StoredOwner::Live(e) if e == cluster.epoch() => Owner::Me,
            crate::store::StoredOwner::Live(e) => Owner::Node(e),
        })
    }

    /// The room `id` served by this node: its live task, else (several nodes) the room
    /// claimed now when its owner is not alive, or brought back when this node owns it and
    /// its task had ended (a finished room that left memory). `None`: another live node
    /// owns it, it does not exist, or (one node) it is not live.
    ///
    /// # Errors
    /// The store could not be read or written.
    pub async fn claim(&self, id: Uuid) -> Result<Option<RoomHandle>, StoreError> {
        if let Some(h) = self.get(id) {
            return Ok(Some(h));
        }
        let Some(cluster) = self.inner.cluster.clone() else {
            return Ok(None);
        };
        let _claiming = cluster.claiming().await;
        if let Some(h) = self.get(id) {
            return Ok(Some(h));
        }
        let epoch = cluster.epoch();
        if self.is_shutting_down() || epoch == 0 {
            return Ok(None);
        }
        let store = &self.inner.store;
        if let Some(claimed) = store.claim_room(id, epoch, cluster.lease_ms()).await? {
            return Ok(self.spawn_claimed(vec![claimed], epoch).pop());
        }
        let Some(LiveRoom { room: row, log }) = store.owned_room(id, epoch).await? else {
            return Ok(None);
        };
        match rebuild(&row, &log) {
            Ok(room) => {
                let seq = log.last().map_or(0, |l| l.seq + 1);
                Ok(Some(self.spawn_resumed(room, seq, None, Some(epoch))))
            }
            Err(e) => {
                tracing::error!(room = %id, error = %e, "room cannot be rebuilt");
                Ok(None)
            }
        }
    }
}

/// When a playing room brought back from the store stopped being served, for its clocks
/// (`Command::Resume`): when its server went down (`down_at`), or else (a database from
/// before heartbeats) its last command. `None` for a room not playing.
fn resume_of(room: &Room, down_at: Option<i64>, log: &[crate::store::LogRow]) -> Option<Timestamp> {
    if room.state() != lobby::RoomState::Playing {
        return None;
    }
    let stopped = down_at.or_else(|| log.last().map(|l| l.at))?;
    Some(Timestamp(u64::try_from(stopped).unwrap_or(0)))
}

/// How often the server records that it is running. A kill charges nobody for the outage,
/// and gives back at most this much of the thinking time before it.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// Records that the server runs, every [`HEARTBEAT`], until shutdown.
/// Through the writer: on SQLite another connection's write would make the writer's
/// connection drop its page cache.
async fn heartbeat(writer: Writer, mut shutdown: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(HEARTBEAT);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = until_shutdown(&mut shutdown) => break,
            _ = every.tick() => {
                if let Err(e) = writer.heartbeat(now_ms()).await {
                    tracing::warn!(error = %e, "heartbeat not stored");
                }
            }
        }
    }
}

async fn until_shutdown(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// The lobby configuration stored in a room row.
///
/// # Errors
/// A stored value that does not parse.
pub fn config_of(row: &RoomRow) -> Result<RoomConfig, String> {
    let variant: Variant = row
        .variant
        .parse()
        .map_err(|_| format!("unknown game `{}`", row.variant))?;
    let pairs: HashMap<String, String> =
        serde_json::from_str(&row.options).map_err(|e| format!("options: {e}"))?;
    let options = AnyOptions::from_pairs(variant, pairs).map_err(|e| e.to_string())?;
    let time_control: TimeControl =
        serde_json::from_str(&row.time_control).map_err(|e| format!("time control: {e}"))?;
    let visibility = match (&row.visibility[..], &row.invite_code) {
        ("private", Some(code)) => Visibility::Private {
            invite_code: code.clone(),
        },
        _ => Visibility::Public,
    };
    let (seated, seated_bots) = persist::parse_seated(&row.seated)?;
    Ok(RoomConfig {
        id: row.id,
        options,
        host: Participant::new(PlayerId(row.host), row.host_name.clone()),
        visibility,
        time_control,
        grace_ms: u64::try_from(row.grace_ms).unwrap_or(0),
        auto_start: row.auto_start,
        rated: row.rated,
        seated,
        seated_bots,
        no_show_ms: row.no_show_ms.and_then(|ms| u64::try_from(ms).ok()),
    })
}

/// Replays a stored log on a new room: every command goes through `handle` again (so every
/// move is checked by the rules) at its logged time.
pub fn rebuild(row: &RoomRow, log: &[crate::store::LogRow]) -> Result<Room, String> {
    let config = config_of(row)?;
    let created = Timestamp(u64::try_from(row.created_at).unwrap_or(0));
    let (mut room, _) = Room::new(config, created).map_err(|e| e.to_string())?;
    for l in log {
        let actor: Actor =
            serde_json::from_str(&l.actor).map_err(|e| format!("seq {}: actor: {e}", l.seq))?;
        let command: Command =
            serde_json::from_str(&l.command).map_err(|e| format!("seq {}: command: {e}", l.seq))?;
        let at = Timestamp(u64::try_from(l.at).unwrap_or(0));
        room.handle(&actor, at, command)
            .map_err(|e| format!("seq {}: {e}", l.seq))?;
    }
    Ok(room)
}
