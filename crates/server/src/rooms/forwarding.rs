//! The asking side of the inbox: commands and socket changes of this node's sockets on a
//! room another node owns, forwarded through the `room_inbox` table and waited for
//! (`docs/cluster.md`, "Any node serves any player"). The owner's side, which serves them,
//! is `super::inbox`.
//!
//! The asking node inserts a row and notifies the owner (`Note::Request`) in one
//! statement; the owner applies the request through the room's own task, exactly as a local
//! socket's, writes the answer into the row and notifies the asker (`Note::Answered`), which
//! takes the answer and deletes the row. Notes can be missed (a listener reconnecting), so
//! the owner rereads its unanswered rows on every reconnection and renewal tick, and the
//! asker rereads its row every [`FORWARD_POLL`]; after [`FORWARD_WAIT`] it withdraws the row
//! and answers `store_failed` (the command was stored by the old owner or not at all, and
//! the replay shows which).
//!
//! What a row asks and answers is written and read by `wire::ipc` ([`Forward`], [`Answer`]):
//! a command on the server's or a client's lane, or a change of the asking node's sockets on
//! the room (presence and spectators, `RemoteChange`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;
use uuid::Uuid;

use super::lock::lock;
use super::messages::CommandError;
use crate::store::{InboxRow, Store, StoreError};
use crate::wire::{Answer, Forward};

/// How often a node waiting for an answer reads its row again, in case the note was missed.
pub const FORWARD_POLL: Duration = Duration::from_secs(3);
/// How long a node waits for the owner's answer before it gives up (`store_failed`).
pub const FORWARD_WAIT: Duration = Duration::from_secs(10);
/// How long the owner remembers a request it took, so that a reread of the unanswered rows
/// racing with its answer does not apply it twice.
const SERVED_MEMORY: Duration = Duration::from_secs(60);

/// The answer a row holds, as this node's callers take it.
pub(super) fn answer_of(result: &Result<u64, CommandError>) -> Answer {
    match result {
        Ok(version) => Answer::Done { version: *version },
        Err(e) => Answer::Refused {
            code: e.code().to_string(),
            message: e.to_string(),
            reason: e.reason().map(|r| r.code().to_string()),
        },
    }
}

/// What the row's answer says, as the owner's room said it.
fn result_of(text: &str) -> Result<u64, CommandError> {
    match Answer::parse(text) {
        Ok(Answer::Done { version }) => Ok(version),
        Ok(Answer::Refused {
            code,
            message,
            reason,
        }) => Err(CommandError::remote(&code, message, reason.as_deref())),
        Err(e) => Err(CommandError::Store(StoreError::Corrupt(e.to_string()))),
    }
}

/// The node's side of the inbox; shared by its clones.
#[derive(Clone)]
pub struct Inbox {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    counter: AtomicU32,
    /// The requests this node waits an answer for, each woken by its `ans` note.
    pending: Mutex<HashMap<i64, Arc<Notify>>>,
    /// The requests this node took as an owner, and when (see [`SERVED_MEMORY`]).
    served: Mutex<HashMap<i64, Instant>>,
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox").finish_non_exhaustive()
    }
}

/// Forgets a pending request when its wait ends, however it ends.
struct Waiting<'a> {
    inbox: &'a Inner,
    id: i64,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        lock(&self.inbox.pending).remove(&self.id);
    }
}

impl Inbox {
    pub(crate) fn new(store: Store) -> Inbox {
        Inbox {
            inner: Arc::new(Inner {
                store,
                counter: AtomicU32::new(0),
                pending: Mutex::new(HashMap::new()),
                served: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Asks the owner `to` of `room` for `request` on behalf of this node (`from`, its
    /// epoch now), and waits for the answer: the room's version after a command, or the
    /// error the owner's room gave (`CommandError::Remote`), `room_moved` when the owner no
    /// longer holds the room, `store_failed` when it did not answer in [`FORWARD_WAIT`].
    ///
    /// # Errors
    /// As above, and a database failure (`store_failed`).
    pub async fn forward(
        &self,
        from: i64,
        room: Uuid,
        to: i64,
        request: Forward,
    ) -> Result<u64, CommandError> {
        let n = self.inner.counter.fetch_add(1, Ordering::Relaxed);
        let id = (from << 32) | i64::from(n);
        let row = InboxRow {
            id,
            room_id: room,
            from_epoch: from,
            to_epoch: to,
            request: request.text(),
        };
        let woken = Arc::new(Notify::new());
        lock(&self.inner.pending).insert(id, woken.clone());
        let _waiting = Waiting {
            inbox: &self.inner,
            id,
        };
        let store = &self.inner.store;
        store.inbox_send(&row).await.map_err(CommandError::Store)?;
        let give_up = Instant::now() + FORWARD_WAIT;
        loop {
            let poll = (Instant::now() + FORWARD_POLL).min(give_up);
            let _ = tokio::time::timeout_at(poll, woken.notified()).await;
            match store.inbox_collect(id).await {
                Ok(Some(answer)) => return result_of(&answer),
                Ok(None) => {}
                Err(e) => tracing::debug!(error = %e, "inbox answer not read; trying again"),
            }
            if Instant::now() >= give_up {
                return match store.inbox_withdraw(id).await {
                    Ok(Some(answer)) => result_of(&answer),
                    Ok(None) => Err(CommandError::Store(StoreError::Unreachable(
                        "the room's node did not answer".to_string(),
                    ))),
                    Err(e) => Err(CommandError::Store(e)),
                };
            }
        }
    }

    /// The owner answered `id` (its `ans` note).
    pub(super) fn answered(&self, id: i64) {
        if let Some(n) = lock(&self.inner.pending).get(&id) {
            n.notify_one();
        }
    }

    /// Notes may have been missed: every waiting request reads its row again.
    pub(super) fn wake_all(&self) {
        for n in lock(&self.inner.pending).values() {
            n.notify_one();
        }
    }

    /// Forgets that this node took the request `id` (it could not be read: the next sweep
    /// takes it again).
    pub(super) fn forget(&self, id: i64) {
        lock(&self.inner.served).remove(&id);
    }

    /// Takes the request `id` unless this node took it already.
    pub(super) fn take(&self, id: i64) -> bool {
        let mut served = lock(&self.inner.served);
        let now = Instant::now();
        served.retain(|_, at| now.duration_since(*at) < SERVED_MEMORY);
        if served.contains_key(&id) {
            return false;
        }
        served.insert(id, now);
        true
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::rooms::messages::ROOM_MOVED;

    #[test]
    fn answers_read_back_as_they_were_given() {
        let ok = answer_of(&Ok(7)).text();
        assert_eq!(result_of(&ok).ok(), Some(7));
        let refused = Err(CommandError::Lobby(lobby::LobbyError::NotYourTurn));
        let text = answer_of(&refused).text();
        let back = result_of(&text).unwrap_err();
        assert_eq!(back.code(), "not_your_turn");
        assert_eq!(back.to_string(), "it is not your turn");
        let moved = Err(CommandError::remote(ROOM_MOVED, "moved".into(), None));
        let back = result_of(&answer_of(&moved).text()).unwrap_err();
        assert_eq!(back.code(), ROOM_MOVED);
        // A code this node does not know reads as a store failure, which clients retry.
        let back = result_of(r#"{"code":"from_the_future","message":"?"}"#).unwrap_err();
        assert_eq!(back.code(), "store_failed");
        // Nor does a text that is no answer at all.
        assert_eq!(result_of("{").unwrap_err().code(), "store_failed");
    }
}
