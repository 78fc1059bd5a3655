//! Which identities have WebSockets open, so that the server can drop them all at once: the
//! browser tests use [`Sockets::drop_player`] to cut a player's connection and watch the
//! client reconnect. Not reachable over HTTP.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use uuid::Uuid;

/// One identity's open sockets: the signal they all wait on, and how many there are.
#[derive(Default)]
struct Open {
    notify: Arc<Notify>,
    count: usize,
}

/// The open sockets of each identity; cheap to clone.
#[derive(Clone, Default)]
pub struct Sockets {
    open: Arc<Mutex<HashMap<Uuid, Open>>>,
}

/// One registered socket: [`Registration::dropped`] resolves when the server drops it;
/// dropping the registration unregisters it.
pub struct Registration {
    sockets: Sockets,
    player: Uuid,
    notify: Arc<Notify>,
}

impl Sockets {
    /// Registers an open socket of `player`.
    pub fn register(&self, player: Uuid) -> Registration {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let entry = open.entry(player).or_default();
        entry.count += 1;
        Registration {
            sockets: self.clone(),
            player,
            notify: entry.notify.clone(),
        }
    }

    /// Closes every open socket of `player` without a close frame, as a broken connection
    /// would; returns how many there were.
    pub fn drop_player(&self, player: Uuid) -> usize {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        match open.get(&player) {
            Some(o) => {
                o.notify.notify_waiters();
                o.count
            }
            None => 0,
        }
    }
}

impl Registration {
    /// Resolves when [`Sockets::drop_player`] is called for this socket's player.
    pub async fn dropped(&self) {
        self.notify.notified().await;
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = open.get_mut(&self.player) {
            entry.count = entry.count.saturating_sub(1);
            if entry.count == 0 {
                open.remove(&self.player);
            }
        }
    }
}
