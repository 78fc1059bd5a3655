//! SQLite's write-ahead log kept off the writer's path.
//!
//! A commit appends the pages it changed to the WAL and syncs it (`synchronous=FULL`): that
//! is what makes a move durable. Copying those pages back into the database file (a
//! checkpoint) is not needed for durability, but SQLite's automatic checkpoint runs it inside
//! the commit that takes the WAL past 1,000 pages, with its own syncs of the WAL and of the
//! database file: every batch of moves behind that commit waited for it. Here the writer's
//! connection turns automatic checkpoints off (`wal_autocheckpoint=0`, as do the pool's
//! connections), and a task with its own connection runs PASSIVE checkpoints: they copy
//! what the writer committed while the writer goes on committing (a passive checkpoint takes
//! no lock a writer waits for), and a page rewritten by many batches in between is copied
//! once.
//!
//! The WAL stays bounded: SQLite starts it again from its beginning at the first commit
//! after a checkpoint has copied all of it, and under steady load there is always a newer
//! commit than the last checkpoint. So once a pass finds the WAL longer than a bound
//! (`WriterConfig::wal_pages`), it catches up (passes in a row, each copying what was
//! committed during the one before) and asks the writer to checkpoint the few pages committed since that
//! pass, between two batches, on its own connection; its next commit starts the WAL again
//! (unless a reader still reads from the WAL then; the next pass asks again), and the file
//! is cut back to [`WAL_SIZE_LIMIT`] if it grew beyond.
//!
//! A crash or a restart loses nothing: every commit is in the WAL, synced, before it is
//! acknowledged, and opening the database reads the WAL's committed frames (SQLite's own
//! recovery); the next checkpoint copies them into the file.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::SqliteConnection;
use tokio::sync::{watch, Notify};

use super::{db_err, StoreError};
use crate::metrics::Metrics;

/// The WAL file is cut back to this size when it starts again (bytes): above the length at
/// which it starts again by default plus what a checkpoint pass lets it grow, so the file
/// keeps its length and a commit writes over blocks it already has (a sync that makes a
/// file longer also commits the file system's journal, several times slower here).
pub const WAL_SIZE_LIMIT: i64 = 512 * 1024 * 1024;

/// Pages the writer's connection keeps in memory (negative: KiB, SQLite's convention): the
/// index pages every batch touches stay cached instead of being read back from the WAL
/// (a few per room at play). Not more: a commit after a B-tree split whose new pages
/// were renumbered (SQLite's `balance_nonroot` swaps them through a page number past the
/// end of the file) scans the whole page cache's hash table, a cost in proportion to the
/// pages cached, and most batches have such a split.
pub const WRITER_CACHE_KIB: i64 = 8 * 1024;

/// The pragmas of the writer's own connection, on top of the pool's settings (which turn
/// automatic checkpoints off).
pub fn writer_pragmas() -> [(&'static str, String); 2] {
    [
        ("journal_size_limit", WAL_SIZE_LIMIT.to_string()),
        ("cache_size", (-WRITER_CACHE_KIB).to_string()),
    ]
}

/// What the checkpoint task and the writer share.
#[derive(Debug)]
pub struct Wal {
    /// WAL length (pages) past which the writer is asked to let it start again.
    restart_pages: i64,
    /// Pause between two passes while commits go on.
    every: Duration,
    /// A commit happened since the last pass.
    committed: Notify,
    /// The checkpoint task asks the writer to let the WAL start again.
    restart_wanted: AtomicBool,
    /// The writer did (or there was nothing to do).
    restarted: Notify,
}

impl Wal {
    /// Shared state for a WAL to keep under `restart_pages` pages, with a checkpoint pass
    /// `every` so often while commits go on.
    pub fn new(restart_pages: i64, every: Duration) -> Wal {
        Wal {
            restart_pages: restart_pages.max(1),
            every,
            committed: Notify::new(),
            restart_wanted: AtomicBool::new(false),
            restarted: Notify::new(),
        }
    }

    /// The writer committed a batch.
    pub fn committed(&self) {
        self.committed.notify_one();
    }

    /// Between two batches: if the checkpoint task asked, checkpoints what was committed
    /// since its last pass on the writer's connection `conn`, so that the next commit starts
    /// the WAL again. A failure is logged: the next pass asks again.
    pub async fn restart_if_wanted(&self, conn: &mut SqliteConnection, metrics: &Metrics) {
        if !self.restart_wanted.swap(false, Ordering::AcqRel) {
            return;
        }
        let started = std::time::Instant::now();
        match checkpoint(conn).await {
            Ok(p) => {
                Metrics::inc(&metrics.store_wal_restarts);
                tracing::debug!(
                    pages = p.log,
                    left = p.left(),
                    ms = started.elapsed().as_secs_f64() * 1000.0,
                    "WAL checkpointed by the writer; its next commit starts it again"
                );
            }
            Err(e) => tracing::warn!(error = %e, "WAL checkpoint by the writer failed"),
        }
        self.restarted.notify_one();
    }
}

/// How far a checkpoint got.
#[derive(Copy, Clone, Debug)]
struct Progress {
    /// Pages in the WAL (`-1` when the database is not in WAL mode).
    log: i64,
    /// Pages of it now in the database file.
    copied: i64,
}

impl Progress {
    /// Pages committed while the checkpoint ran, not copied yet.
    fn left(self) -> i64 {
        self.log - self.copied
    }
}

/// `PRAGMA wal_checkpoint(PASSIVE)`.
async fn checkpoint(conn: &mut SqliteConnection) -> Result<Progress, StoreError> {
    // A checkpoint already under way on another connection makes this one report busy
    // and copy nothing: the next pass copies it.
    let (_busy, log, copied): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&mut *conn)
        .await
        .map_err(db_err)?;
    Ok(Progress { log, copied })
}

/// The checkpoint task: a pass every so often while commits go on, until `stop`
/// turns true; then a last pass.
pub async fn run(
    mut conn: SqliteConnection,
    wal: Arc<Wal>,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = wal.committed.notified() => {}
            _ = stop.wait_for(|s| *s) => break,
        }
        tokio::time::sleep(wal.every).await;
        pass(&mut conn, &wal, &metrics).await;
    }
    pass(&mut conn, &wal, &metrics).await;
    tracing::debug!("WAL checkpoint task stopped");
}

/// Pages left behind by a pass that are few enough for the writer to copy between two
/// batches.
const FEW_LEFT: i64 = 256;

/// Passes in a row, each copying what was committed during the one before, to leave the
/// writer little to copy.
const CATCH_UP_PASSES: usize = 4;

/// One checkpoint; when the WAL is long, catches up and asks the writer to let it start
/// again, and waits (a little) for it, so that the two checkpoints do not run at once.
async fn pass(conn: &mut SqliteConnection, wal: &Wal, metrics: &Metrics) {
    let mut passes = 0;
    let progress = loop {
        let p = match checkpoint(conn).await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(error = %e, "WAL checkpoint failed");
                return;
            }
        };
        Metrics::inc(&metrics.store_checkpoints);
        passes += 1;
        if p.log < wal.restart_pages || p.left() <= FEW_LEFT || passes >= CATCH_UP_PASSES {
            break p;
        }
    };
    metrics
        .store_wal_frames
        .store(u64::try_from(progress.log).unwrap_or(0), Ordering::Relaxed);
    if progress.log >= wal.restart_pages {
        wal.restart_wanted.store(true, Ordering::Release);
        // Without a commit the writer never gets to it; then nothing is written either.
        let _ = tokio::time::timeout(Duration::from_secs(1), wal.restarted.notified()).await;
    }
}
