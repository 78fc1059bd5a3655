//! The nodes' notifications: one dedicated `LISTEN` connection per node (`docs/cluster.md`,
//! "Any node serves any player").
//!
//! What the notes say is [`Note`], written and read in `wire::ipc` only. A notification
//! only says where to look; the data are in tables. A notification is not
//! stored, so a listener that lost its connection has missed whatever was sent meanwhile:
//! after every (re)connection the bus says [`Heard::Reconnected`], and whoever listens reads
//! the tables again. [`Note::RoomRow`] notes (one per stored log row, the busiest by far)
//! go only to the followers of that room ([`Bus::follow_room`]), found by one hash lookup;
//! every other note goes to every subscriber ([`Bus::subscribe`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

use crate::store::{Store, StoreError};
use crate::wire::ipc::{self, Note};

/// What a follower is sent instead of a seq when notes may have been missed (the listener
/// reconnected): read the room's log after the last row it has.
pub const RECHECK: i64 = -1;

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
    /// A note other than [`Note::RoomRow`].
    Note(Note),
    /// The listener (re)connected: notes sent before may have been missed, so read the
    /// tables again.
    Reconnected,
}

/// One room's followers on this node, each with its token.
type Followers = Vec<(u64, mpsc::Sender<i64>)>;

struct Shared {
    store: Store,
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
    /// A bus on `store` (Postgres) that hears nothing until [`Bus::start`].
    pub(crate) fn new(store: Store) -> Bus {
        Bus {
            shared: Arc::new(Shared {
                store,
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

    /// Every note heard from now on but the rooms' rows, and each reconnection. A receiver that lags has missed notes: treat it as
    /// [`Heard::Reconnected`].
    pub fn subscribe(&self) -> broadcast::Receiver<Heard> {
        self.shared.heard.subscribe()
    }

    /// Sends `note` to every node (through the pool, not the listener's connection).
    ///
    /// # Errors
    /// The database failed.
    pub async fn notify(&self, note: &Note) -> Result<(), StoreError> {
        self.shared.store.notify(note).await
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

    /// Makes this node's followers of `room` read its log as after a reconnection
    /// ([`RECHECK`]): rows may have been stored that were not notified to this node.
    pub fn recheck_room(&self, room: Uuid) {
        if let Some(list) = lock(&self.shared.rooms).get(&room) {
            for (_, tx) in list {
                let _ = tx.try_send(RECHECK);
            }
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
        match Note::parse(channel, payload) {
            Ok(Note::RoomRow { room, seq }) => {
                if let Some(list) = lock(&self.rooms).get(&room) {
                    for (_, tx) in list {
                        // Full: the follower reads every row after its last anyway.
                        let _ = tx.try_send(seq);
                    }
                }
            }
            Ok(note) => {
                let _ = self.heard.send(Heard::Note(note));
            }
            // Another version's note, perhaps: the tables hold what it was about.
            Err(e) => tracing::debug!(error = %e, "note dropped"),
        }
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

/// The listener task: connects (with a backoff), passes every note on, and starts again on
/// any failure; ends once the cluster is gone.
async fn listen(shared: Arc<Shared>, epoch: impl Fn() -> Option<i64> + Send + 'static) {
    let mut backoff = Duration::from_millis(100);
    'connect: loop {
        let Some(mut listening) = epoch() else {
            return;
        };
        let (mut listener, pid) = match shared.store.listener(&ipc::channels(listening)).await {
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
                        let old = ipc::node_channel(listening);
                        let new = ipc::node_channel(now);
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
