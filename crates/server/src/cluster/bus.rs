//! The nodes' notifications: one dedicated `LISTEN` connection per node (`docs/cluster.md`,
//! "Any node serves any player").
//!
//! A notification only says where to look; the data are in tables. A notification is not
//! stored, so a listener that lost its connection has missed whatever was sent meanwhile:
//! after every (re)connection the bus says [`Heard::Reconnected`], and whoever listens reads
//! the tables again. `ROOM` notes (one per stored log row, the busiest channel by far) go
//! only to the followers of that room ([`Bus::follow_room`]), found by one hash lookup;
//! every other note goes to every subscriber ([`Bus::subscribe`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

use crate::store::StoreError;

/// A room's new log row: `"<room uuid> <seq>"`, sent by the owner's write statement.
pub const ROOM: &str = "checkerhall_room";
/// A listed room's summary changed: `"<room uuid>"`.
pub const LIST: &str = "checkerhall_list";
/// Sockets to end on every node: `"player <uuid> <code>"` or `"session <uuid>"`.
pub const SOCKETS: &str = "checkerhall_sockets";
/// A tournament changed: `"<tournament uuid>"`.
pub const TOURNEY: &str = "checkerhall_tourney";
/// A node joined or released its rooms: `"joined <epoch>"`, `"released <epoch>"`.
pub const NODES: &str = "checkerhall_nodes";

/// What a follower is sent instead of a seq when notes may have been missed (the listener
/// reconnected): read the room's log after the last row it has.
pub const RECHECK: i64 = -1;

/// The inbox channel of the node whose life is `epoch`: `"cmd <id>"` to an owner, `"ans
/// <id>"` back to the node that asked.
pub fn node_channel(epoch: i64) -> String {
    format!("checkerhall_node_{epoch}")
}

/// The longest wait between two attempts to reconnect the listener.
const BACKOFF_MAX: Duration = Duration::from_secs(5);
/// How often the listener looks whether the node's epoch changed (its inbox channel with it).
const EPOCH_CHECK: Duration = Duration::from_millis(500);
/// Notes waiting for the slowest subscriber before it lags (and rereads the tables).
const HEARD_QUEUE: usize = 4096;
/// Seqs waiting for one follower; more are dropped, which loses nothing: the follower reads
/// every row after its last when it takes the next one.
const ROOM_QUEUE: usize = 64;

/// What the bus heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A notification on a channel other than [`ROOM`].
    Note {
        /// The channel.
        channel: String,
        /// Its payload.
        payload: String,
    },
    /// The listener (re)connected: notes sent before may have been missed, so read the
    /// tables again.
    Reconnected,
}

/// One room's followers on this node, each with its token.
type Followers = Vec<(u64, mpsc::Sender<i64>)>;

struct Shared {
    pool: PgPool,
    heard: broadcast::Sender<Heard>,
    rooms: Mutex<HashMap<Uuid, Followers>>,
    next_token: AtomicU64,
    /// The listener connection's backend pid (0: not connected), for tests that cut it.
    pid: AtomicI32,
}

/// The node's notifications; cheap to clone.
#[derive(Clone)]
pub struct Bus {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bus")
            .field("pid", &self.listener_pid())
            .finish_non_exhaustive()
    }
}

/// The notes of one followed room ([`Bus::follow_room`]); unfollowed when dropped.
#[derive(Debug)]
pub struct RoomNotes {
    id: Uuid,
    token: u64,
    rx: mpsc::Receiver<i64>,
    shared: Weak<Shared>,
}

impl RoomNotes {
    /// The next note: a seq the owner stored, or [`RECHECK`]. `None` once the bus is gone.
    pub async fn recv(&mut self) -> Option<i64> {
        self.rx.recv().await
    }
}

impl Drop for RoomNotes {
    fn drop(&mut self) {
        if let Some(shared) = self.shared.upgrade() {
            let mut rooms = lock(&shared.rooms);
            if let Some(list) = rooms.get_mut(&self.id) {
                list.retain(|(t, _)| *t != self.token);
                if list.is_empty() {
                    rooms.remove(&self.id);
                }
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Bus {
    /// A bus on `pool` that hears nothing until [`Bus::start`].
    pub(crate) fn new(pool: PgPool) -> Bus {
        Bus {
            shared: Arc::new(Shared {
                pool,
                heard: broadcast::channel(HEARD_QUEUE).0,
                rooms: Mutex::new(HashMap::new()),
                next_token: AtomicU64::new(0),
                pid: AtomicI32::new(0),
            }),
        }
    }

    /// Starts the listener task: it listens on the fixed channels and on the inbox channel
    /// of the epoch `epoch()` gives (again whenever it changes), and ends once `epoch()`
    /// gives `None` (the cluster is gone).
    pub(crate) fn start(&self, epoch: impl Fn() -> Option<i64> + Send + 'static) {
        tokio::spawn(listen(self.shared.clone(), epoch));
    }

    /// Every note heard from now on on the channels other than [`ROOM`], and each
    /// reconnection. A receiver that lags has missed notes: treat it as
    /// [`Heard::Reconnected`].
    pub fn subscribe(&self) -> broadcast::Receiver<Heard> {
        self.shared.heard.subscribe()
    }

    /// Sends `payload` on `channel` (through the pool, not the listener's connection).
    ///
    /// # Errors
    /// The database failed.
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel)
            .bind(payload)
            .execute(&self.shared.pool)
            .await
            .map_err(StoreError::Sqlx)?;
        Ok(())
    }

    /// The seqs of `room`'s new log rows as their notes arrive, and [`RECHECK`] after a
    /// reconnection; until the returned value is dropped.
    pub fn follow_room(&self, room: Uuid) -> RoomNotes {
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let token = self.shared.next_token.fetch_add(1, Ordering::Relaxed);
        lock(&self.shared.rooms)
            .entry(room)
            .or_default()
            .push((token, tx));
        RoomNotes {
            id: room,
            token,
            rx,
            shared: Arc::downgrade(&self.shared),
        }
    }

    /// How many rooms this node follows notes of.
    pub fn rooms_followed(&self) -> usize {
        lock(&self.shared.rooms).len()
    }

    /// The listener connection's backend pid, while it is connected (tests cut it with
    /// `pg_terminate_backend` to prove missed notes are recovered).
    pub fn listener_pid(&self) -> Option<i32> {
        Some(self.shared.pid.load(Ordering::Acquire)).filter(|p| *p != 0)
    }
}

impl Shared {
    /// Hands a note to whoever waits for it.
    fn dispatch(&self, channel: &str, payload: &str) {
        if channel == ROOM {
            let mut parts = payload.split(' ');
            let (Some(Ok(room)), Some(Ok(seq))) = (
                parts.next().map(Uuid::parse_str),
                parts.next().map(str::parse::<i64>),
            ) else {
                tracing::debug!(payload, "room note not understood");
                return;
            };
            if let Some(list) = lock(&self.rooms).get(&room) {
                for (_, tx) in list {
                    // Full: the follower reads every row after its last anyway.
                    let _ = tx.try_send(seq);
                }
            }
            return;
        }
        let _ = self.heard.send(Heard::Note {
            channel: channel.to_string(),
            payload: payload.to_string(),
        });
    }

    /// After a (re)connection: everybody rereads the tables.
    fn reconnected(&self) {
        for list in lock(&self.rooms).values() {
            for (_, tx) in list {
                let _ = tx.try_send(RECHECK);
            }
        }
        let _ = self.heard.send(Heard::Reconnected);
    }
}

/// A listener on its own connection (not one of the pool's: it is held for good), listening
/// on the fixed channels and on `epoch`'s inbox.
async fn connect(pool: &PgPool, epoch: i64) -> Result<(PgListener, i32), sqlx::Error> {
    let options = (*pool.connect_options()).clone();
    let own = PgPoolOptions::new()
        .max_connections(1)
        .min_connections(0)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_lazy_with(options);
    let mut listener = PgListener::connect_with(&own).await?;
    // Our own reconnection: the listener's would hide which notes were missed.
    listener.eager_reconnect(false);
    let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut listener)
        .await?;
    let inbox = node_channel(epoch);
    listener
        .listen_all([ROOM, LIST, SOCKETS, TOURNEY, NODES, inbox.as_str()])
        .await?;
    Ok((listener, pid))
}

/// The listener task: connects (with a backoff), passes every note on, and starts again on
/// any failure; ends once the cluster is gone.
async fn listen(shared: Arc<Shared>, epoch: impl Fn() -> Option<i64> + Send + 'static) {
    let mut backoff = Duration::from_millis(100);
    'connect: loop {
        let Some(mut listening) = epoch() else {
            return;
        };
        let (mut listener, pid) = match connect(&shared.pool, listening).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "the cluster's listener cannot connect; trying again");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(BACKOFF_MAX);
                continue;
            }
        };
        shared.pid.store(pid, Ordering::Release);
        backoff = Duration::from_millis(100);
        shared.reconnected();
        let mut check = tokio::time::interval(EPOCH_CHECK);
        check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                // Reading is cancel-safe: what was read stays in the connection's buffer.
                note = listener.try_recv() => match note {
                    Ok(Some(n)) => shared.dispatch(n.channel(), n.payload()),
                    Ok(None) | Err(_) => {
                        tracing::warn!("the cluster's listener lost its connection; reconnecting");
                        shared.pid.store(0, Ordering::Release);
                        continue 'connect;
                    }
                },
                _ = check.tick() => match epoch() {
                    None => return,
                    Some(now) if now != listening => {
                        let old = node_channel(listening);
                        let new = node_channel(now);
                        let moved = async {
                            listener.listen(&new).await?;
                            listener.unlisten(&old).await
                        };
                        if let Err(e) = moved.await {
                            tracing::warn!(error = %e, "the cluster's listener cannot move to the new epoch");
                            shared.pid.store(0, Ordering::Release);
                            continue 'connect;
                        }
                        listening = now;
                        // Notes to the new epoch sent before the LISTEN are in the table.
                        shared.reconnected();
                    }
                    Some(_) => {}
                },
            }
        }
    }
}
