//! Making rooms and bringing them back: a new room stored and started, the rooms of a
//! restarted node restored from the store, and the heartbeat that tells the next start
//! when this one stopped.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, Room, RoomConfig, Timestamp};
use rules::Seat;
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use super::lock::lock;
use super::messages::{CommandError, RoomHandle};
use super::owner::{RoomTask, IDLE_FINISHED_MS};
use super::persist::{self, resume_of};
use super::player_games::Entry;
use super::registry::Rooms;
use super::summary::RoomSummary;
use crate::store::now_ms;
use crate::store::{LiveRoom, StoreError, Writer};

/// Where a new room's task starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Home {
    /// On this node, which owns the room from the start.
    Here,
    /// On the node the room's first socket reaches, which claims it then.
    FirstSocket,
}

impl Rooms {
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
        self.open_seating(config, host_name, seat.map(Some), Home::Here)
            .await
    }

    /// [`Rooms::open`] for a room its players reach by its sockets (a room made by
    /// `POST /api/rooms`): where nodes hand games to their players' node (`--hand-over`,
    /// behind a balancer that sends one room's sockets to one node), the room is stored
    /// owned by nobody and the node its first socket reaches claims it, so that it starts
    /// where its players are instead of being handed there. Elsewhere, as [`Rooms::open`].
    ///
    /// # Errors
    /// As [`Rooms::open`].
    pub async fn open_for_sockets(
        &self,
        config: RoomConfig,
        host_name: &str,
        seat: Option<Seat>,
    ) -> Result<Uuid, CommandError> {
        let home = match self.cluster() {
            Some(c) if c.settings().hand_over && config.seated.is_empty() => Home::FirstSocket,
            _ => Home::Here,
        };
        self.open_seating(config, host_name, seat.map(Some), home)
            .await
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
        self.open_seating(config, host_name, Some(None), Home::Here)
            .await
    }

    /// [`Rooms::open`], the host seated by `TakeSeat { seat }` when `take` is given.
    async fn open_seating(
        &self,
        config: RoomConfig,
        host_name: &str,
        take: Option<Option<Seat>>,
        home: Home,
    ) -> Result<Uuid, CommandError> {
        // A draining node opens no more rooms: one stored after it released its rooms would
        // stay owned by a node that is gone until its lease lapsed (the client asks again,
        // and another node answers).
        // Nor does a node between two lives (its lease lapsed, epoch 0): the room would be
        // nobody's, and another node would claim it from under its first socket.
        let owner = self.epoch();
        if self.is_shutting_down() || owner == Some(0) {
            return Err(CommandError::Closed);
        }
        let now = now_ms();
        let at = Timestamp(u64::try_from(now).unwrap_or(0));
        let (mut room, _) = Room::new(config, at)?;
        let mut row = persist::room_row(&room, host_name, now);
        // Owned by this node from the start (see `docs/cluster.md`), or by the node its
        // first socket reaches (the sweep leaves it to that socket for a while).
        row.owner = match home {
            Home::Here => owner,
            Home::FirstSocket => None,
        };
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
        match home {
            Home::Here => {
                self.spawn_resumed(room, seq, None, owner, false);
            }
            Home::FirstSocket => {
                tracing::debug!(room = %id, "room stored for the node of its first socket");
            }
        }
        Ok(id)
    }

    /// Starts the task of `room` (already stored, owned by `owner`: the epoch its rows are
    /// fenced with, `None` on one node) whose log continues at `seq`.
    pub(crate) fn spawn(&self, room: Room, seq: i64, owner: Option<i64>) -> RoomHandle {
        self.spawn_resumed(room, seq, None, owner, false)
    }

    /// [`Rooms::spawn`] for a room restored after a restart; with `resume`, when the server
    /// stopped: the task first gives that outage back to the clocks ([`Command::Resume`]).
    /// `handed`: another node handed the room here (it stays a while before it may move on).
    pub(super) fn spawn_resumed(
        &self,
        room: Room,
        seq: i64,
        resume: Option<Timestamp>,
        owner: Option<i64>,
        handed: bool,
    ) -> RoomHandle {
        let (tx, rx) = mpsc::channel(self.inner.config.limits.room_queue.max(1));
        let summary = RoomSummary::of(&room);
        self.inner.feed.created(&summary);
        self.mine()
            .update(room.id(), &Entry::default(), &Entry::of(&summary));
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
        let t = RoomTask::new(
            self.clone(),
            room,
            seq,
            summary,
            rx,
            resume,
            owner.zip(epochs).map(|(epoch, node)| (epoch, node, handed)),
        );
        let join = tokio::spawn(t.run(self.inner.shutdown.subscribe()));
        self.keep_task(join);
        handle
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
        let since = down_at.unwrap_or_else(now_ms) - IDLE_FINISHED_MS;
        let live = store.rooms_to_restore(Some(since)).await?;
        for LiveRoom { room: row, log } in live {
            match persist::rebuild_with(&row, &log, self.config()) {
                Ok(room) => {
                    let seq = log.last().map_or(0, |l| l.seq + 1);
                    let resume = resume_of(&room, down_at, &log);
                    tracing::info!(room = %row.id, commands = log.len(), "room restored");
                    self.spawn_resumed(room, seq, resume, None, false);
                }
                Err(e) => tracing::error!(room = %row.id, error = %e, "room cannot be restored"),
            }
        }
        let beat = tokio::spawn(heartbeat(
            self.inner.writer.clone(),
            self.inner.shutdown.subscribe(),
        ));
        self.keep_task(beat);
        Ok(())
    }
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
