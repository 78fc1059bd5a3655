//! The writer task: one transaction for the writes of many rooms.

use std::ops::Range;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::{Store, StoreError, Write};
use crate::metrics::Metrics;

/// Requests that may wait in the queue; a room sending more waits (back-pressure).
const QUEUE: usize = 1024;

/// Most requests committed in one transaction.
const MAX_BATCH: usize = 256;

/// Where a caller waits for its result.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// One caller's writes and where to send the result.
struct Request {
    writes: Vec<Write>,
    enqueued: Instant,
    reply: Reply,
}

#[derive(Debug)]
struct Inner {
    /// `None` once closed: later writes get [`StoreError::WriterGone`].
    sender: Mutex<Option<mpsc::Sender<Request>>>,
    /// The task, until `close` has waited for it.
    task: tokio::sync::Mutex<Option<JoinHandle<()>>>,
}

/// The writer task: rooms send their writes here; writes arriving while a transaction is
/// being committed are gathered into the next one, so many rooms share one disk flush.
#[derive(Clone, Debug)]
pub struct Writer {
    inner: Arc<Inner>,
}

impl Writer {
    /// Starts the writer task on `store` (needs a tokio runtime).
    pub fn spawn(store: Store, metrics: Arc<Metrics>) -> Writer {
        let (sender, receiver) = mpsc::channel(QUEUE);
        let task = tokio::spawn(run(store, metrics, receiver));
        Writer {
            inner: Arc::new(Inner {
                sender: Mutex::new(Some(sender)),
                task: tokio::sync::Mutex::new(Some(task)),
            }),
        }
    }

    /// Queues `writes` (committed together, in order, in one transaction) and waits until
    /// they are on disk.
    ///
    /// # Errors
    /// The commit failed ([`StoreError::Conflict`], ...; then none of `writes` is stored),
    /// or the writer has stopped ([`StoreError::WriterGone`]).
    pub async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let sender = match self.inner.sender.lock() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        let Some(sender) = sender else {
            return Err(StoreError::WriterGone);
        };
        let (reply, answer) = oneshot::channel();
        let request = Request {
            writes,
            enqueued: Instant::now(),
            reply,
        };
        sender
            .send(request)
            .await
            .map_err(|_| StoreError::WriterGone)?;
        // Only `Inner` keeps a sender alive, so `close` ends the task once the queue drains.
        drop(sender);
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Stops taking writes, commits what is queued, and waits for the task to end.
    /// Idempotent; concurrent calls all return once the task has ended.
    pub async fn close(&self) {
        match self.inner.sender.lock() {
            Ok(mut guard) => drop(guard.take()),
            Err(poisoned) => drop(poisoned.into_inner().take()),
        }
        let mut task = self.inner.task.lock().await;
        if let Some(handle) = task.take() {
            if let Err(e) = handle.await {
                tracing::error!(error = %e, "the store writer task failed");
            }
        }
    }
}

/// Takes a request, gathers those already queued, commits them together; until every
/// sender is gone and the queue is empty.
async fn run(store: Store, metrics: Arc<Metrics>, mut receiver: mpsc::Receiver<Request>) {
    while let Some(first) = receiver.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match receiver.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        commit_batch(&store, &metrics, batch).await;
    }
    tracing::debug!("store writer stopped");
}

/// Commits `batch` in one transaction; if that fails, commits each request alone so one
/// bad request fails only its own caller.
async fn commit_batch(store: &Store, metrics: &Metrics, batch: Vec<Request>) {
    let oldest = batch.iter().map(|r| r.enqueued).min();
    let mut writes: Vec<Write> = Vec::new();
    let mut parts: Vec<(Range<usize>, Reply)> = Vec::new();
    for r in batch {
        let start = writes.len();
        writes.extend(r.writes);
        parts.push((start..writes.len(), r.reply));
    }
    let result = store.commit_counted(&writes).await;
    match result {
        Ok(statements) => {
            record(metrics, writes.len(), statements, oldest);
            for (_, reply) in parts {
                // The caller may have gone away; its writes are stored regardless.
                let _ = reply.send(Ok(()));
            }
        }
        Err(e) if parts.len() == 1 => {
            if let Some((_, reply)) = parts.pop() {
                let _ = reply.send(Err(e));
            }
        }
        Err(e) => {
            tracing::debug!(error = %e, requests = parts.len(), "batch failed; retrying one by one");
            for (range, reply) in parts {
                let part = &writes[range];
                let r = store.commit_counted(part).await;
                if let Ok(statements) = r {
                    record(metrics, part.len(), statements, oldest);
                }
                let _ = reply.send(r.map(|_| ()));
            }
        }
    }
}

fn record(metrics: &Metrics, writes: usize, statements: usize, oldest: Option<Instant>) {
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
