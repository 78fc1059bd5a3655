//! The writer: one transaction for the writes of many rooms.
//!
//! Two lanes feed it. The game lane carries the rooms' commands (a room has at most one
//! request in it at a time, since its task waits for each); the control lane carries what an
//! HTTP request waits for (a new room). Each batch takes every queued control request
//! first, then the game requests queued behind them, so a room creation waits for at most
//! the commit under way, never for the game traffic queued before it.
//!
//! On Postgres the rooms are spread over [`WriterConfig::writers`] such pairs of lanes by
//! room id (`--store-writers`), each with a committer of its own on a connection it takes out
//! of the pool and keeps (see `pg::Held`), each batch as one statement: the committers
//! commit concurrently, on as many backends. A room's requests always take its writer's
//! lanes, and a room task waits for each request before it makes the next, so a room's
//! writes go in order whatever the number of writers; a batch that fails fails only its own
//! writer's requests. SQLite has one writer at a time, so it gets one. On a SQLite file that
//! committer has a connection of its own, outside the pool: its page cache stays warm from
//! one batch to the next (a pooled connection finds its cache stale whenever another one
//! wrote, and reads the pages back), and a task beside it keeps the WAL short without making
//! commits wait (see `wal`).

use std::ops::Range;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

use sqlx::SqliteConnection;
use uuid::Uuid;

use super::wal::{self, Wal};
use super::{pg, script, Backend, Outage, Store, StoreError, Write};
use crate::metrics::Metrics;

/// Game requests that may wait by default (see [`WriterConfig::queue`]).
pub const DEFAULT_QUEUE: usize = 8192;

/// Control requests that may wait; more wait to be queued.
const CONTROL_QUEUE: usize = 1024;

/// Most requests committed in one transaction.
const MAX_BATCH: usize = 1024;

/// Writers on Postgres by default (SQLite: always one); see [`WriterConfig::writers`].
/// Each batch has its statement's start-up and its own flush, so more writers make smaller
/// batches that cost the backends more per move: on the 2-core development machine, where
/// the server, Postgres and the load generator share two cores, one writer makes the most
/// moves a second (docs/performance.md, "Several store writers").
pub const DEFAULT_WRITERS: usize = 1;

/// Most writers `--store-writers` may ask for: each holds a connection of the pool's.
pub const MAX_WRITERS: usize = 32;

/// Where a caller waits for its result.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// One caller's writes and where to send the result.
struct Request {
    writes: Vec<Write>,
    enqueued: Instant,
    reply: Reply,
}

/// Settings of the [`Writer`].
#[derive(Copy, Clone, Debug)]
pub struct WriterConfig {
    /// Game requests that may wait before [`Writer::try_write`] refuses with
    /// [`StoreError::Busy`] (and [`Writer::write`] waits), shared evenly by the writers.
    pub queue: usize,
    /// Postgres: writers (each a committer with its own connection and its own lanes) the
    /// rooms are spread over by id, 1 to [`MAX_WRITERS`]. SQLite takes one whatever this says:
    /// it has one writer at a time.
    pub writers: usize,
    /// SQLite file: WAL length in pages past which the writer lets it start again (see
    /// `wal`; default [`DEFAULT_WAL_PAGES`]).
    pub wal_pages: i64,
    /// SQLite file: the pause between two WAL checkpoints while commits go on (default
    /// [`DEFAULT_CHECKPOINT_EVERY`]).
    pub checkpoint_every: Duration,
}

/// Pause between two SQLite WAL checkpoints while commits go on, by default: pages
/// rewritten by many batches in that time are copied once, and the database file is synced
/// once per checkpoint.
pub const DEFAULT_CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// WAL length past which the SQLite writer lets it start again, by default (256 MiB of
/// 4 KiB pages). Each start again makes the writer copy what the checkpoint task left and
/// sync the database file between two batches, and the moves queued behind wait: at 500
/// rooms closed loop (about 14,500 moves a second, two pages each) a bound of 64 MiB
/// started it 20 times in 12 s and made the p99 round trip (60.5 and 66.4 ms against 53.1
/// and 59.2 ms with this bound, 6 starts, back to back on the idle machine).
pub const DEFAULT_WAL_PAGES: i64 = 65536;

impl Default for WriterConfig {
    fn default() -> WriterConfig {
        WriterConfig {
            queue: DEFAULT_QUEUE,
            writers: DEFAULT_WRITERS,
            wal_pages: DEFAULT_WAL_PAGES,
            checkpoint_every: DEFAULT_CHECKPOINT_EVERY,
        }
    }
}

/// The two lanes' senders.
#[derive(Clone, Debug)]
struct Senders {
    game: mpsc::Sender<Request>,
    control: mpsc::Sender<Request>,
}

/// The two lanes' receivers, read by one committer.
struct Lanes {
    game: mpsc::Receiver<Request>,
    control: mpsc::Receiver<Request>,
    /// The lane is closed and empty.
    game_done: bool,
    control_done: bool,
}

impl Lanes {
    /// The next batch: every control request queued, then game requests, up to
    /// [`MAX_BATCH`]; waits for the first one. `None` once both lanes are closed and empty;
    /// empty when the writer was paused meanwhile.
    async fn next_batch(&mut self, paused: &mut watch::Receiver<bool>) -> Option<Vec<Request>> {
        loop {
            // Checked here, not by `select!`'s `else`: the pause branch stays pending while
            // the writer lives, so `else` would never run once the lanes are closed.
            if self.control_done && self.game_done {
                return None;
            }
            let (got, lane) = tokio::select! {
                biased;
                Ok(_) = paused.wait_for(|p| *p) => return Some(Vec::new()),
                r = self.control.recv(), if !self.control_done => (r, Lane::Control),
                r = self.game.recv(), if !self.game_done => (r, Lane::Game),
                else => return None,
            };
            match (got, lane) {
                (Some(first), _) => {
                    let mut batch = vec![first];
                    self.gather(&mut batch);
                    return Some(batch);
                }
                (None, Lane::Control) => self.control_done = true,
                (None, Lane::Game) => self.game_done = true,
            }
        }
    }

    /// Adds what is queued to `batch`: control requests first.
    fn gather(&mut self, batch: &mut Vec<Request>) {
        while batch.len() < MAX_BATCH {
            match self.control.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        while batch.len() < MAX_BATCH {
            match self.game.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
    }
}

#[derive(Debug)]
struct Inner {
    /// Each writer's lanes, by [`writer_of`]; `None` once closed: later writes get
    /// [`StoreError::WriterGone`].
    senders: Mutex<Option<Vec<Senders>>>,
    /// How many writers (the length of `senders` while open).
    writers: usize,
    /// The committers (one per writer), until `close` has waited for them.
    tasks: tokio::sync::Mutex<Vec<JoinHandle<()>>>,
    /// True while [`Writer::pause`]'s guard lives.
    paused: watch::Sender<bool>,
    /// SQLite file: the WAL checkpoint task, until `close` has waited for it.
    checkpoints: tokio::sync::Mutex<Option<JoinHandle<()>>>,
    /// Tells the checkpoint task to make its last pass and stop.
    stop_checkpoints: watch::Sender<bool>,
    /// Why the last commit failed because the database could not write, as
    /// [`outage_code`] (see [`Writer::failing`]).
    failing: Arc<AtomicU8>,
}

/// [`Writer::failing`]'s value in an atomic: 0 while the store writes.
fn outage_code(outage: Option<Outage>) -> u8 {
    match outage {
        None => 0,
        Some(Outage::NotAnswering) => 1,
        Some(Outage::CannotWrite) => 2,
    }
}

/// While it lives, the writer takes no new batch (see [`Writer::pause`]).
#[derive(Debug)]
pub struct Paused {
    inner: Arc<Inner>,
}

impl Drop for Paused {
    fn drop(&mut self) {
        self.inner.paused.send_replace(false);
    }
}

/// The writer: rooms send their writes here; writes arriving while a transaction is being
/// committed are gathered into the next one, so many rooms share one disk flush.
#[derive(Clone, Debug)]
pub struct Writer {
    inner: Arc<Inner>,
}

/// A place on the game lane ([`Writer::try_reserve`]); dropping it frees the place.
#[derive(Debug)]
pub struct Reserved {
    permit: mpsc::OwnedPermit<Request>,
}

impl Reserved {
    /// Queues `writes` in the place taken and waits until they are on disk.
    ///
    /// # Errors
    /// As [`Writer::write`], but never [`StoreError::Busy`].
    pub async fn write(self, writes: Vec<Write>) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        // Sending hands back the permit's sender: dropped at once, as `queue` drops its
        // own, so that only `Inner` keeps the lanes open and `close` can end them.
        drop(self.permit.send(Request {
            writes,
            enqueued: Instant::now(),
            reply,
        }));
        answer.await.map_err(|_| StoreError::WriterGone)?
    }
}

/// Which lane a request takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lane {
    Game,
    Control,
}

/// The writer, out of `writers`, that commits the writes of `room`: the same for every
/// request of the room (room ids are random, so the rooms spread evenly).
fn writer_of(room: Uuid, writers: usize) -> usize {
    let n = u128::try_from(writers.max(1)).unwrap_or(1);
    usize::try_from(room.as_u128() % n).unwrap_or(0)
}

/// The room a request's writes belong to: the first one they name. A room task's request
/// begins with its command's log row, a room's creation with its row; the writes of a game
/// name only the game, and come after the log row of the command that made them. `None`
/// for writes of no room (the heartbeat), which take the first writer.
fn room_of(writes: &[Write]) -> Option<Uuid> {
    writes.iter().find_map(|w| match w {
        Write::Room(r) => Some(r.id),
        Write::Log(l) => Some(l.room_id),
        Write::RoomState { id, .. } => Some(*id),
        Write::Chat(c) => Some(c.room_id),
        Write::DeleteChat { room_id, .. } => Some(*room_id),
        Write::TakeBack { game_id, .. } => Some(*game_id),
        Write::Fence { room, .. } => Some(*room),
        Write::StartGame(_) | Write::Move(_) | Write::FinishGame(_) | Write::Heartbeat { .. } => {
            None
        }
    })
}

impl Writer {
    /// Starts the writer on `store` with default settings (needs a tokio runtime).
    pub fn spawn(store: Store, metrics: Arc<Metrics>) -> Writer {
        Writer::spawn_with(store, metrics, WriterConfig::default())
    }

    /// Starts the writer on `store` with `config` (needs a tokio runtime).
    pub fn spawn_with(store: Store, metrics: Arc<Metrics>, config: WriterConfig) -> Writer {
        let writers = match store.backend() {
            Backend::Sqlite => 1,
            Backend::Postgres => config.writers.clamp(1, MAX_WRITERS),
        };
        // The game lanes share the queue's bound: the rooms spread evenly over them.
        let queue = config.queue.div_ceil(writers).max(1);
        let (senders, lanes): (Vec<Senders>, Vec<Lanes>) =
            (0..writers).map(|_| lanes(queue)).unzip();
        let paused = watch::channel(false).0;
        let stop_checkpoints = watch::channel(false).0;
        let failing = Arc::new(AtomicU8::new(0));
        let wal = (store.backend() == Backend::Sqlite && store.sqlite_file)
            .then(|| Arc::new(Wal::new(config.wal_pages, config.checkpoint_every)));
        let tasks = lanes
            .into_iter()
            .map(|lanes| {
                let committer = run(
                    store.clone(),
                    metrics.clone(),
                    lanes,
                    paused.subscribe(),
                    wal.clone(),
                    failing.clone(),
                );
                tokio::spawn(committer)
            })
            .collect();
        let checkpoints = wal.map(|wal| {
            let (store, metrics, stop) =
                (store.clone(), metrics.clone(), stop_checkpoints.subscribe());
            tokio::spawn(async move {
                match store.dedicated_sqlite(&[]).await {
                    Some(Ok(conn)) => wal::run(conn, wal, metrics, stop).await,
                    Some(Err(e)) => {
                        tracing::error!(error = %e, "no connection for WAL checkpoints");
                    }
                    None => {}
                }
            })
        });
        Writer {
            inner: Arc::new(Inner {
                senders: Mutex::new(Some(senders)),
                writers,
                tasks: tokio::sync::Mutex::new(tasks),
                paused,
                checkpoints: tokio::sync::Mutex::new(checkpoints),
                stop_checkpoints,
                failing,
            }),
        }
    }

    /// Stops taking new batches until the returned guard is dropped (a commit under way
    /// completes; what arrives meanwhile stays queued, and once the game lane is full,
    /// clients' commands are refused as overloaded). For tests of a full queue, and for
    /// holding writes still while something inspects the database.
    pub fn pause(&self) -> Paused {
        self.inner.paused.send_replace(true);
        Paused {
            inner: self.inner.clone(),
        }
    }

    /// Why the last commit failed because the database could not write (unreachable,
    /// disk full: [`StoreError::outage`]), until a commit succeeds again; `None` while it
    /// writes. The server's heartbeat commits every second, so this follows the database
    /// within a second or so even with no game under way (`/readyz`'s reasons).
    pub fn failing(&self) -> Option<Outage> {
        match self.inner.failing.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(Outage::NotAnswering),
            _ => Some(Outage::CannotWrite),
        }
    }

    /// How many writers commit (one on SQLite).
    pub fn writers(&self) -> usize {
        self.inner.writers
    }

    /// Which writer (from 0) commits the writes of `room`.
    pub fn writer_for(&self, room: Uuid) -> usize {
        writer_of(room, self.inner.writers)
    }

    /// The sender of `lane` of the writer of `room` (the first writer's for `None`).
    fn sender(&self, room: Option<Uuid>, lane: Lane) -> Result<mpsc::Sender<Request>, StoreError> {
        let i = room.map_or(0, |room| writer_of(room, self.inner.writers));
        let pick = |senders: &Option<Vec<Senders>>| {
            senders.as_ref().and_then(|s| s.get(i)).map(|s| match lane {
                Lane::Game => s.game.clone(),
                Lane::Control => s.control.clone(),
            })
        };
        let sender = match self.inner.senders.lock() {
            Ok(guard) => pick(&guard),
            Err(poisoned) => pick(&poisoned.into_inner()),
        };
        sender.ok_or(StoreError::WriterGone)
    }

    /// Queues `writes` on the game lane of their room's writer (see `room_of`; committed
    /// together, in order, in one transaction), waiting for room in the queue, and waits
    /// until they are on disk.
    ///
    /// # Errors
    /// The commit failed ([`StoreError::Conflict`], ...; then none of `writes` is stored),
    /// or the writer has stopped ([`StoreError::WriterGone`]).
    pub async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.queue(Lane::Game, writes, true).await
    }

    /// [`Writer::write`], refused at once with [`StoreError::Busy`] (nothing stored) when
    /// the game lane is full: what a client's command takes, so an overloaded server says
    /// so instead of making every client wait longer.
    ///
    /// # Errors
    /// As [`Writer::write`], and [`StoreError::Busy`].
    pub async fn try_write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.queue(Lane::Game, writes, false).await
    }

    /// A place on the game lane of `room`'s writer, taken at once or refused with
    /// [`StoreError::Busy`]: a client's command takes it before the room changes, so that
    /// an overloaded store refuses the command while nothing has happened yet.
    ///
    /// # Errors
    /// [`StoreError::Busy`] when the lane is full; [`StoreError::WriterGone`].
    pub fn try_reserve(&self, room: Uuid) -> Result<Reserved, StoreError> {
        let permit = self
            .sender(Some(room), Lane::Game)?
            .try_reserve_owned()
            .map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => StoreError::Busy,
                mpsc::error::TrySendError::Closed(_) => StoreError::WriterGone,
            })?;
        Ok(Reserved { permit })
    }

    /// Queues `writes` on the control lane, ahead of every game request queued, and waits
    /// until they are on disk: for what an HTTP request waits for (a new room) and the
    /// seating of a waiting room. A full control lane makes the caller wait its turn (the
    /// number of rooms is capped, so it is not refused: a burst of creations is served).
    ///
    /// # Errors
    /// As [`Writer::write`].
    pub async fn write_control(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.queue(Lane::Control, writes, true).await
    }

    async fn queue(&self, lane: Lane, writes: Vec<Write>, wait: bool) -> Result<(), StoreError> {
        let sender = self.sender(room_of(&writes), lane)?;
        let (reply, answer) = oneshot::channel();
        let request = Request {
            writes,
            enqueued: Instant::now(),
            reply,
        };
        if wait {
            sender
                .send(request)
                .await
                .map_err(|_| StoreError::WriterGone)?;
        } else {
            sender.try_send(request).map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => StoreError::Busy,
                mpsc::error::TrySendError::Closed(_) => StoreError::WriterGone,
            })?;
        }
        // Only `Inner` keeps senders alive, so `close` ends the committers once the lanes
        // drain.
        drop(sender);
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Stops taking writes, commits what is queued, and waits for the committers to end.
    /// Idempotent; concurrent calls all return once they have ended.
    pub async fn close(&self) {
        match self.inner.senders.lock() {
            Ok(mut guard) => drop(guard.take()),
            Err(poisoned) => drop(poisoned.into_inner().take()),
        }
        let mut tasks = self.inner.tasks.lock().await;
        for handle in tasks.drain(..) {
            if let Err(e) = handle.await {
                tracing::error!(error = %e, "a store committer failed");
            }
        }
        // After the last commit: the checkpoint task's last pass copies it all.
        self.inner.stop_checkpoints.send_replace(true);
        if let Some(handle) = self.inner.checkpoints.lock().await.take() {
            if let Err(e) = handle.await {
                tracing::error!(error = %e, "the WAL checkpoint task failed");
            }
        }
    }
}

/// One writer's lanes, its game lane holding `queue` requests.
fn lanes(queue: usize) -> (Senders, Lanes) {
    let (game, game_rx) = mpsc::channel(queue.max(1));
    let (control, control_rx) = mpsc::channel(CONTROL_QUEUE);
    (
        Senders { game, control },
        Lanes {
            game: game_rx,
            control: control_rx,
            game_done: false,
            control_done: false,
        },
    )
}

/// Where a committer commits: the pool, a SQLite file's connection of its own, or a
/// Postgres connection it keeps.
enum Target {
    Pool(Store),
    Own(SqliteConnection),
    Held(pg::Held),
}

impl Target {
    async fn commit(&mut self, writes: &[Write]) -> Result<usize, StoreError> {
        match self {
            Target::Pool(store) => store.commit_counted(writes).await,
            Target::Own(conn) => script::commit_owned(conn, writes).await,
            Target::Held(held) => held.commit(writes).await,
        }
    }

    async fn close(self) {
        if let Target::Held(held) = self {
            held.close().await;
        }
    }
}

/// Takes a batch from its writer's lanes, commits it; until every sender is gone and the
/// lanes are empty. With `wal` (a SQLite file) it commits on a
/// connection of its own and, between batches, lets the WAL start again when asked.
async fn run(
    store: Store,
    metrics: Arc<Metrics>,
    mut lanes: Lanes,
    mut paused: watch::Receiver<bool>,
    wal: Option<Arc<Wal>>,
    failing: Arc<AtomicU8>,
) {
    let mut target = match store.dedicated_sqlite(&wal::writer_pragmas()).await {
        Some(Ok(conn)) => Target::Own(conn),
        Some(Err(e)) => {
            // The pool's connections commit as well, only slower.
            tracing::error!(error = %e, "no connection of its own for the store writer");
            Target::Pool(store)
        }
        None => match store.held_postgres() {
            Some(held) => Target::Held(held),
            None => Target::Pool(store),
        },
    };
    loop {
        // An error means the writer is gone: nothing can pause it any more.
        let _ = paused.wait_for(|p| !*p).await;
        let batch = lanes.next_batch(&mut paused).await;
        match batch {
            None => break,
            Some(batch) if batch.is_empty() => {}
            Some(batch) => {
                if let Some(outcome) = commit_batch(&mut target, &metrics, batch).await {
                    let was = failing.swap(outage_code(outcome), Ordering::Relaxed);
                    match outcome {
                        None if was != 0 => tracing::info!("the store writes again"),
                        Some(outage) if was == 0 => {
                            tracing::error!(?outage, "the store cannot write: changes are refused");
                        }
                        _ => {}
                    }
                }
                if let (Some(wal), Target::Own(conn)) = (&wal, &mut target) {
                    wal.committed();
                    wal.restart_if_wanted(conn, &metrics).await;
                }
            }
        }
    }
    target.close().await;
    tracing::debug!("store committer stopped");
}

/// Commits `batch` in one transaction; if that fails, commits each request alone so one
/// bad request fails only its own caller. A failure because the database cannot write
/// ([`StoreError::is_unavailable`]) fails the whole batch at once instead: each request
/// alone would fail the same way, a pool wait each.
///
/// Returns whether the store wrote (`Some(None)`: something committed), could not write
/// (`Some(Some(why))`), or refused only what was asked (`None`).
async fn commit_batch(
    target: &mut Target,
    metrics: &Metrics,
    batch: Vec<Request>,
) -> Option<Option<Outage>> {
    let oldest = batch.iter().map(|r| r.enqueued).min();
    let mut writes: Vec<Write> = Vec::new();
    let mut parts: Vec<(Range<usize>, Instant, Reply)> = Vec::with_capacity(batch.len());
    for r in batch {
        let start = writes.len();
        writes.extend(r.writes);
        parts.push((start..writes.len(), r.enqueued, r.reply));
    }
    let started = Instant::now();
    let result = target.commit(&writes).await;
    match result {
        Ok(statements) => {
            let took = started.elapsed();
            metrics.store_commit.observe(took);
            tracing::debug!(
                requests = parts.len(),
                writes = writes.len(),
                ms = took.as_secs_f64() * 1000.0,
                "batch committed"
            );
            record(metrics, &writes, statements, oldest);
            for (_, enqueued, reply) in parts {
                metrics.store_wait.observe(enqueued.elapsed());
                // The caller may have gone away; its writes are stored regardless.
                let _ = reply.send(Ok(()));
            }
            Some(None)
        }
        Err(e) if e.is_unavailable() => {
            tracing::warn!(error = %e, requests = parts.len(), "the store cannot write");
            let outage = e.outage().unwrap_or(Outage::NotAnswering);
            let why = e.to_string();
            let mut first = Some(e);
            for (_, _, reply) in parts {
                // The others are told the same outage, so none blames the wrong thing.
                let e = first.take().unwrap_or_else(|| match outage {
                    Outage::NotAnswering => StoreError::Unreachable(why.clone()),
                    Outage::CannotWrite => StoreError::CannotWrite(why.clone()),
                });
                let _ = reply.send(Err(e));
            }
            Some(Some(outage))
        }
        Err(e) if parts.len() == 1 => {
            if let Some((_, _, reply)) = parts.pop() {
                let _ = reply.send(Err(e));
            }
            None
        }
        Err(e) => {
            tracing::debug!(error = %e, requests = parts.len(), "batch failed; retrying one by one");
            let mut wrote = None;
            for (range, enqueued, reply) in parts {
                let part = &writes[range];
                let started = Instant::now();
                let r = target.commit(part).await;
                if let Ok(statements) = r {
                    metrics.store_commit.observe(started.elapsed());
                    metrics.store_wait.observe(enqueued.elapsed());
                    record(metrics, part, statements, oldest);
                    wrote = Some(None);
                }
                if let Err(e) = &r {
                    if let (Some(outage), None) = (e.outage(), wrote) {
                        wrote = Some(Some(outage));
                    }
                }
                let _ = reply.send(r.map(|_| ()));
            }
            wrote
        }
    }
}

/// Counts a committed batch. A fence is a check, not a row: it stays out of the rows written.
fn record(metrics: &Metrics, writes: &[Write], statements: usize, oldest: Option<Instant>) {
    let writes = writes
        .iter()
        .filter(|w| !matches!(w, Write::Fence { .. }))
        .count();
    Metrics::inc(&metrics.store_batches);
    metrics.store_statements.fetch_add(
        u64::try_from(statements).unwrap_or(u64::MAX),
        Ordering::Relaxed,
    );
    metrics
        .store_writes
        .fetch_add(u64::try_from(writes).unwrap_or(u64::MAX), Ordering::Relaxed);
    if let Some(t) = oldest {
        let lag = u64::try_from(t.elapsed().as_millis()).unwrap_or(u64::MAX);
        metrics.store_lag_ms.store(lag, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::store::{LogRow, RoomRow, Write};

    fn request(tag: i64) -> (Request, oneshot::Receiver<Result<(), StoreError>>) {
        let (reply, rx) = oneshot::channel();
        let row = RoomRow {
            id: Uuid::new_v4(),
            variant: "queah".into(),
            options: "{}".into(),
            host: Uuid::new_v4(),
            host_name: "h".into(),
            visibility: "public".into(),
            invite_code: None,
            time_control: "null".into(),
            grace_ms: 0,
            state: "waiting".into(),
            created_at: tag,
            auto_start: false,
            seated: String::new(),
            no_show_ms: None,
            rated: false,
            owner: None,
        };
        let r = Request {
            writes: vec![Write::Room(row)],
            enqueued: Instant::now(),
            reply,
        };
        (r, rx)
    }

    fn tag(r: &Request) -> i64 {
        match &r.writes[0] {
            Write::Room(row) => row.created_at,
            _ => -1,
        }
    }

    /// A room creation queued behind a full game lane is the first thing the next batch
    /// commits.
    #[tokio::test]
    async fn control_requests_go_before_queued_game_traffic() {
        let (senders, mut lanes) = lanes(2000);
        let (_pause, mut paused) = watch::channel(false);
        let mut answers = Vec::new();
        for i in 0..2000 {
            let (r, rx) = request(i);
            senders.game.try_send(r).unwrap();
            answers.push(rx);
        }
        // The game lane is full: a client's write would be refused, not queued.
        let (extra, _) = request(-2);
        assert!(matches!(
            senders.game.try_send(extra),
            Err(mpsc::error::TrySendError::Full(_))
        ));
        let (control, _) = request(10_000);
        senders.control.try_send(control).unwrap();
        let first = lanes.next_batch(&mut paused).await.unwrap();
        assert_eq!(tag(&first[0]), 10_000, "the control write leads the batch");
        assert_eq!(first.len(), MAX_BATCH);
        // The game requests follow in the order they came.
        let game: Vec<i64> = first[1..].iter().map(tag).collect();
        let expected: Vec<i64> = (0..i64::try_from(MAX_BATCH - 1).unwrap()).collect();
        assert_eq!(game, expected);
        // A control request arriving while game requests are still queued is again first.
        let (control, _) = request(20_000);
        senders.control.try_send(control).unwrap();
        let second = lanes.next_batch(&mut paused).await.unwrap();
        assert_eq!(tag(&second[0]), 20_000);
        assert_eq!(tag(&second[1]), i64::try_from(MAX_BATCH - 1).unwrap());
    }

    /// A room always takes the same writer, the rooms spread over all of them, and a
    /// request's writer is that of the first room its writes name.
    #[test]
    fn rooms_spread_over_the_writers_and_keep_theirs() {
        let rooms: Vec<Uuid> = (0..4000).map(|_| Uuid::new_v4()).collect();
        let mut counts = [0_usize; 4];
        for r in &rooms {
            let w = writer_of(*r, 4);
            assert_eq!(w, writer_of(*r, 4));
            counts[w] += 1;
        }
        // 1,000 each on average; a uniform spread stays well within this.
        assert!(
            counts.iter().all(|&n| (800..1200).contains(&n)),
            "{counts:?}"
        );
        assert!(rooms.iter().all(|r| writer_of(*r, 1) == 0));

        let (r, _) = request(1);
        let Write::Room(row) = &r.writes[0] else {
            unreachable!()
        };
        let room = row.id;
        let old = Uuid::new_v4();
        let log = Write::Log(LogRow {
            room_id: old,
            seq: 0,
            at: 0,
            actor: String::new(),
            command: String::new(),
        });
        assert_eq!(room_of(&r.writes), Some(room));
        assert_eq!(room_of(std::slice::from_ref(&log)), Some(old));
        // A rematch: the old room's log row comes first, the new room's row after it.
        assert_eq!(room_of(&[log, r.writes[0].clone()]), Some(old));
        assert_eq!(room_of(&[Write::Heartbeat { at: 1 }]), None);
    }
}
