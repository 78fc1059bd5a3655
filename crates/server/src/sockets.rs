//! Which identities have WebSockets open, so that the server can end them all at once: an
//! admin's ban closes a player's sockets with a Close frame ([`Sockets::close_player`]), and
//! the browser tests cut a connection the way a broken network would
//! ([`Sockets::drop_player`]) to watch the client reconnect. Not reachable over HTTP.
//!
//! A map from identity to one shared signal, so ending a player's sockets costs the same
//! whatever the number of sockets open on the server.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use uuid::Uuid;

/// How a socket is to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Without a Close frame, as a broken connection would.
    Drop,
    /// With a Close frame carrying this code and reason.
    Close(u16, &'static str),
}

/// The signal all sockets of one identity share.
#[derive(Default)]
struct Signal {
    notify: Notify,
    ending: Mutex<Option<Ending>>,
}

/// One identity's open sockets: the signal they all wait on, and how many there are.
#[derive(Default)]
struct Open {
    signal: Arc<Signal>,
    count: usize,
}

/// The open sockets of each identity; cheap to clone.
#[derive(Clone, Default)]
pub struct Sockets {
    open: Arc<Mutex<HashMap<Uuid, Open>>>,
}

/// One registered socket: [`Registration::ended`] resolves when the server ends it;
/// dropping the registration unregisters it.
pub struct Registration {
    sockets: Sockets,
    player: Uuid,
    signal: Arc<Signal>,
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
            signal: entry.signal.clone(),
        }
    }

    /// Closes every open socket of `player` without a close frame, as a broken connection
    /// would; returns how many there were.
    pub fn drop_player(&self, player: Uuid) -> usize {
        self.end(player, Ending::Drop)
    }

    /// Closes every open socket of `player` with a Close frame of `code` and `reason`;
    /// returns how many there were.
    pub fn close_player(&self, player: Uuid, code: u16, reason: &'static str) -> usize {
        self.end(player, Ending::Close(code, reason))
    }

    fn end(&self, player: Uuid, ending: Ending) -> usize {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        match open.get(&player) {
            Some(o) => {
                *o.signal.ending.lock().unwrap_or_else(|p| p.into_inner()) = Some(ending);
                o.signal.notify.notify_waiters();
                o.count
            }
            None => 0,
        }
    }
}

impl Registration {
    /// Resolves when [`Sockets::drop_player`] or [`Sockets::close_player`] is called for
    /// this socket's player, with how the socket is to end.
    pub async fn ended(&self) -> Ending {
        self.signal.notify.notified().await;
        self.signal
            .ending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or(Ending::Drop)
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
