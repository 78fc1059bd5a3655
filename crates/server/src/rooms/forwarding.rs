//! The asking side of the inbox: commands and socket changes of this node's sockets on a
//! room another node owns, forwarded through the `room_inbox` table and waited for
//! (`docs/cluster.md`, "Any node serves any player"). The owner's side, which serves them,
//! is `super::inbox`.
//!
//!
//! The asking node inserts a row and notifies the owner's channel (`"cmd <id>"`) in one
//! statement; the owner applies the request through the room's own task, exactly as a local
//! socket's, writes the answer into the row and notifies the asker (`"ans <id>"`), which
//! takes the answer and deletes the row. Notes can be missed (a listener reconnecting), so
//! the owner rereads its unanswered rows on every reconnection and renewal tick, and the
//! asker rereads its row every [`FORWARD_POLL`]; after [`FORWARD_WAIT`] it withdraws the row
//! and answers `store_failed` (the command was stored by the old owner or not at all, and
//! the replay shows which).
//!
//! The row's `client` column says what is asked ([`Kind`]): a command on the server's or a
//! client's lane, or a change of the asking node's sockets on the room (presence and
//! spectators, `RemoteChange`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, Participant};
use serde::{Deserialize, Serialize};
use tokio::sync::Notify;
use tokio::time::Instant;
use uuid::Uuid;

use super::lock::lock;
use super::messages::{CommandError, RemoteChange};
use crate::cluster::bus::node_channel;
use crate::store::{InboxRow, Store, StoreError};

/// How often a node waiting for an answer reads its row again, in case the note was missed.
pub const FORWARD_POLL: Duration = Duration::from_secs(3);
/// How long a node waits for the owner's answer before it gives up (`store_failed`).
pub const FORWARD_WAIT: Duration = Duration::from_secs(10);
/// How long the owner remembers a request it took, so that a reread of the unanswered rows
/// racing with its answer does not apply it twice.
const SERVED_MEMORY: Duration = Duration::from_secs(60);

/// What a `room_inbox` row asks for (its `client` column).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Kind {
    /// A command on the server's lane (it waits for the store).
    Server = 0,
    /// A client's command (refused when the room or the store is overloaded).
    Client = 1,
    /// The asking node's first socket of the player (`actor`) attached.
    Attach = 2,
    /// The asking node's last socket of the player (`actor`) left.
    Detach = 3,
    /// The asking node's spectator count on the room (`command`, a number).
    Watchers = 4,
}

impl Kind {
    pub(super) fn of(n: i64) -> Option<Kind> {
        [
            Kind::Server,
            Kind::Client,
            Kind::Attach,
            Kind::Detach,
            Kind::Watchers,
        ]
        .into_iter()
        .find(|k| *k as i64 == n)
    }
}

/// What one node asks of a room's owner.
#[derive(Clone, Debug)]
pub enum Forward {
    /// A command, as `RoomHandle::command` (`client` false) or `try_command` (true).
    Command {
        /// Who acts.
        actor: Actor,
        /// What they do.
        command: Command,
        /// From a client's socket.
        client: bool,
    },
    /// A change of the asking node's sockets on the room.
    Sockets(RemoteChange),
}

/// The answer stored in the row (JSON).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Answer {
    Done {
        version: u64,
    },
    Refused {
        code: String,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl Answer {
    pub(super) fn of(result: &Result<u64, CommandError>) -> Answer {
        match result {
            Ok(version) => Answer::Done { version: *version },
            Err(e) => Answer::Refused {
                code: e.code().to_string(),
                message: e.to_string(),
                reason: e.reason().map(|r| r.code().to_string()),
            },
        }
    }

    pub(super) fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"version":0}"#.to_string())
    }

    fn parse(text: &str) -> Result<u64, CommandError> {
        match serde_json::from_str::<Answer>(text) {
            Ok(Answer::Done { version }) => Ok(version),
            Ok(Answer::Refused {
                code,
                message,
                reason,
            }) => Err(CommandError::remote(&code, message, reason.as_deref())),
            Err(e) => Err(CommandError::Store(StoreError::Corrupt(format!(
                "inbox answer: {e}"
            )))),
        }
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
        let (actor, command, kind) = match request {
            Forward::Command {
                actor,
                command,
                client,
            } => (
                crate::wire::actor_text(&actor),
                crate::wire::command_text(&command),
                if client { Kind::Client } else { Kind::Server },
            ),
            Forward::Sockets(change) => match change {
                RemoteChange::Attach(p) => (player_text(p), String::new(), Kind::Attach),
                RemoteChange::Detach(p) => (player_text(p), String::new(), Kind::Detach),
                RemoteChange::Watchers(count) => (
                    crate::wire::actor_text(&Actor::Server),
                    count.to_string(),
                    Kind::Watchers,
                ),
                // Said by the owner's own sweep, never asked for.
                RemoteChange::Gone => return Ok(0),
            },
        };
        let row = InboxRow {
            id,
            room_id: room,
            from_epoch: from,
            to_epoch: to,
            actor,
            command,
            kind: kind as i64,
        };
        let woken = Arc::new(Notify::new());
        lock(&self.inner.pending).insert(id, woken.clone());
        let _waiting = Waiting {
            inbox: &self.inner,
            id,
        };
        let store = &self.inner.store;
        store
            .inbox_send(&row, &node_channel(to))
            .await
            .map_err(CommandError::Store)?;
        let give_up = Instant::now() + FORWARD_WAIT;
        loop {
            let poll = (Instant::now() + FORWARD_POLL).min(give_up);
            let _ = tokio::time::timeout_at(poll, woken.notified()).await;
            match store.inbox_collect(id).await {
                Ok(Some(answer)) => return Answer::parse(&answer),
                Ok(None) => {}
                Err(e) => tracing::debug!(error = %e, "inbox answer not read; trying again"),
            }
            if Instant::now() >= give_up {
                return match store.inbox_withdraw(id).await {
                    Ok(Some(answer)) => Answer::parse(&answer),
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

fn player_text(p: Participant) -> String {
    crate::wire::actor_text(&Actor::Player(p))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::rooms::messages::ROOM_MOVED;

    #[test]
    fn answers_read_back_as_they_were_given() {
        let ok = Answer::of(&Ok(7)).text();
        assert_eq!(Answer::parse(&ok).ok(), Some(7));
        let refused = Err(CommandError::Lobby(lobby::LobbyError::NotYourTurn));
        let text = Answer::of(&refused).text();
        let back = Answer::parse(&text).unwrap_err();
        assert_eq!(back.code(), "not_your_turn");
        assert_eq!(back.to_string(), "it is not your turn");
        let moved = Err(CommandError::remote(ROOM_MOVED, "moved".into(), None));
        let back = Answer::parse(&Answer::of(&moved).text()).unwrap_err();
        assert_eq!(back.code(), ROOM_MOVED);
        // A code this node does not know reads as a store failure, which clients retry.
        let back = Answer::parse(r#"{"code":"from_the_future","message":"?"}"#).unwrap_err();
        assert_eq!(back.code(), "store_failed");
    }

    #[test]
    fn kinds_read_back() {
        for k in [
            Kind::Server,
            Kind::Client,
            Kind::Attach,
            Kind::Detach,
            Kind::Watchers,
        ] {
            assert_eq!(Kind::of(k as i64), Some(k));
        }
        assert_eq!(Kind::of(9), None);
    }
}
