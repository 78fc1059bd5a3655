//! The registry of live rooms ([`Rooms`]): the handles of the rooms this node owns, by
//! id and by invite code, the count of each host's unfinished rooms, the followers of
//! other nodes' rooms, the tasks shutdown waits for, and what every part of the room
//! layer shares (the settings, the store and its writer, the metrics, the feed).
//!
//! The jobs on the registry live beside it, each in its file: `super::open` makes and
//! restores rooms, `super::claims` takes rooms over from other nodes and finds the node
//! that serves a room, `super::follower` follows other nodes' rooms.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lobby::{Actor, Command, Participant, PlayerId};
use rand::Rng;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use uuid::Uuid;

use super::bot::Pool;
use super::feed::Feed;
use super::forwarding::Inbox;
use super::lock::lock;
use super::messages::RoomHandle;
use super::player_games::{Entry, Mine};
use super::summary::RoomSummary;
use crate::config::ServerConfig;
use crate::metrics::Metrics;
use crate::search_permits::Searches;
use crate::store::now_ms;
use crate::store::{Store, Writer};

/// What the clones of [`Rooms`] share.
pub(super) struct Inner {
    pub(super) config: Arc<ServerConfig>,
    pub(super) store: Store,
    pub(super) writer: Writer,
    pub(super) metrics: Arc<Metrics>,
    pub(super) rooms: Mutex<Registry>,
    pub(super) tasks: Mutex<Tasks>,
    pub(super) shutdown: watch::Sender<bool>,
    /// The listed rooms' changes, and each player's games (`super::player_games`).
    pub(super) feed: Feed,
    pub(super) searches: Searches,
    /// This node's place in a cluster (`None`: one node).
    pub(super) cluster: Option<crate::cluster::Cluster>,
    /// Commands to and from other nodes (with a cluster).
    pub(super) inbox: Option<Inbox>,
    /// The rooms another node owns that this node follows for its sockets (`super::follower`).
    pub(super) followers: Mutex<Followers>,
}

/// The follower tasks by room (`super::follower`).
#[derive(Default)]
pub(super) struct Followers {
    pub(super) by_room: HashMap<Uuid, Followed>,
    pub(super) next_token: u64,
}

pub(super) struct Followed {
    pub(super) handle: RoomHandle,
    pub(super) token: u64,
    /// The epoch the follower believes owns the room.
    pub(super) owner: Arc<std::sync::atomic::AtomicI64>,
    /// Makes the follower ask who owns the room now.
    pub(super) moved: mpsc::Sender<()>,
    /// Dropped to stop the follower (this node claimed the room).
    pub(super) _stop: oneshot::Sender<()>,
}

/// The room tasks (and the heartbeat's), for shutdown to wait for.
#[derive(Default)]
pub(super) struct Tasks {
    handles: Vec<JoinHandle<()>>,
    /// How many were left at the last sweep of the finished ones.
    swept: usize,
}

impl Tasks {
    /// Adds a task, first dropping the finished ones once the list has doubled since the
    /// last sweep: a sweep looks at every task (thousands, with the finished rooms kept in
    /// memory), so one per new room cost in proportion to the rooms, not to the change.
    pub(super) fn push(&mut self, task: JoinHandle<()>) {
        if self.handles.len() >= 2 * self.swept.max(32) {
            self.handles.retain(|j| !j.is_finished());
            self.swept = self.handles.len();
        }
        self.handles.push(task);
    }
}

/// The live rooms' handles, and how many of them each host has unfinished.
#[derive(Default)]
pub(super) struct Registry {
    pub(super) handles: HashMap<Uuid, RoomHandle>,
    /// Live rooms waiting or playing per host (absent: none): what the per-host room limit
    /// counts, kept up to date as rooms are made, end and leave memory, so that a room
    /// creation reads one entry instead of every room.
    pub(super) unfinished: HashMap<Uuid, usize>,
    /// The live private rooms by invite code (a room's code never changes), so that
    /// joining by code reads one entry instead of every room's summary.
    pub(super) invites: HashMap<Box<str>, Uuid>,
}

impl Registry {
    /// One unfinished room fewer for `host`.
    pub(super) fn release(&mut self, host: Uuid) {
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
    pub(super) inner: Arc<Inner>,
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
        let inbox = cluster.as_ref().map(|_| Inbox::new(store.clone()));
        Rooms {
            inner: Arc::new(Inner {
                config,
                store,
                writer,
                metrics,
                rooms: Mutex::new(Registry::default()),
                tasks: Mutex::new(Tasks::default()),
                shutdown: watch::channel(false).0,
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
    pub(crate) fn inbox(&self) -> Option<&Inbox> {
        self.inner.inbox.as_ref()
    }

    /// The bot searches' permits, shared with game analyses.
    pub fn searches(&self) -> &Searches {
        &self.inner.searches
    }

    /// The settings.
    pub fn config(&self) -> &ServerConfig {
        &self.inner.config
    }

    /// The value drawn for the first seat at a start or a rematch.
    pub(crate) fn lot(&self) -> u64 {
        rand::thread_rng().gen()
    }

    /// The live room with this id.
    pub fn get(&self, id: Uuid) -> Option<RoomHandle> {
        lock(&self.inner.rooms).handles.get(&id).cloned()
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

    /// Gives `player`'s new `name` (stored already) to every live room where they sit or
    /// which they host (`Command::Rename`): their seats, the host's name and their later
    /// chat lines carry it at once, and the rooms' sockets are told. With several nodes,
    /// every other node is told too ([`crate::wire::Note::Renamed`]) and renames the rooms it
    /// owns. A room that refuses (it has just ended, say) keeps the old name; that is
    /// logged, not an error of the rename.
    pub async fn rename(&self, player: Uuid, name: &str) {
        self.rename_here(player, name).await;
        if let Some(cluster) = &self.inner.cluster {
            let note = crate::wire::Note::Renamed { player };
            if let Err(e) = cluster.bus().notify(&note).await {
                tracing::warn!(%player, error = %e, "the other nodes not told of a new name");
            }
        }
    }

    /// Another node renamed `player`: the rooms this node owns take the name stored.
    pub(crate) async fn renamed_elsewhere(&self, player: Uuid) {
        match self.inner.store.player(player).await {
            Ok(Some(row)) => self.rename_here(player, &row.name).await,
            Ok(None) => {}
            Err(e) => tracing::warn!(%player, error = %e, "a new name from another node not read"),
        }
    }

    /// [`Rooms::rename`] in the rooms this node owns.
    async fn rename_here(&self, player: Uuid, name: &str) {
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
    pub(super) fn epoch(&self) -> Option<i64> {
        self.inner
            .cluster
            .as_ref()
            .map(crate::cluster::Cluster::epoch)
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
                Entry::of(&last)
            };
            self.mine().update(id, &last, &Entry::default());
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
    pub(crate) fn mine(&self) -> &Mine {
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

    /// Where the bots' searches run.
    pub(super) fn bot_pool(&self) -> Pool {
        Pool::new(self.inner.searches.clone(), self.inner.metrics.clone())
    }

    /// Keeps a task's handle for shutdown to wait for.
    pub(super) fn keep_task(&self, task: JoinHandle<()>) {
        lock(&self.inner.tasks).push(task);
    }
}
