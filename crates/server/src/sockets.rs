//! Which identities and sessions have WebSockets open, so that the server can end them all
//! at once: an admin's ban closes a player's sockets with a Close frame
//! ([`Sockets::close_player`]), ending a session (logout, revocation, a password change)
//! closes the sockets opened with its token ([`Sockets::close_session`]), and the browser
//! tests cut a connection the way a broken network would ([`Sockets::drop_player`]) to watch
//! the client reconnect. Not reachable over HTTP. It also counts the sockets of each client
//! address ([`Sockets::admit`]).
//!
//! A map from identity (and from session) to one shared signal, so ending a player's sockets
//! costs the same whatever the number of sockets open on the server.

use std::collections::HashMap;
use std::net::IpAddr;
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

/// What a signal is shared by: all sockets of a player, or those opened with one session's
/// token.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Key {
    Player(Uuid),
    Session(Uuid),
}

/// The open sockets of each identity and session; cheap to clone.
#[derive(Clone, Default)]
pub struct Sockets {
    open: Arc<Mutex<HashMap<Key, Open>>>,
    /// Open sockets per client address (guests and spectators included).
    addresses: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One socket counted against its address's cap; dropping it frees the place.
pub struct AddressSlot {
    sockets: Sockets,
    ip: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self
            .sockets
            .addresses
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// One registered socket: [`Registration::ended`] resolves when the server ends it;
/// dropping the registration unregisters it.
pub struct Registration {
    sockets: Sockets,
    /// The player's signal, then the session's (if the socket was opened with one).
    keys: Vec<(Key, Arc<Signal>)>,
}

impl Sockets {
    /// Counts one more socket from `ip`, unless `max` (0: no cap) are open already.
    ///
    /// # Errors
    /// How many sockets `ip` has open, when that is the cap.
    pub fn admit(&self, ip: IpAddr, max: usize) -> Result<AddressSlot, usize> {
        let mut open = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(ip).or_default();
        if max > 0 && *n >= max {
            return Err(*n);
        }
        *n += 1;
        Ok(AddressSlot {
            sockets: self.clone(),
            ip,
        })
    }

    /// Registers an open socket of `player`, opened with a token of `session` (`None`: the
    /// guest's own token).
    pub fn register(&self, player: Uuid, session: Option<Uuid>) -> Registration {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let keys = std::iter::once(Key::Player(player))
            .chain(session.map(Key::Session))
            .map(|key| {
                let entry = open.entry(key).or_default();
                entry.count += 1;
                (key, entry.signal.clone())
            })
            .collect();
        Registration {
            sockets: self.clone(),
            keys,
        }
    }

    /// Closes every open socket opened with a token of `session` with a Close frame of
    /// `code` and `reason`; returns how many there were.
    pub fn close_session(&self, session: Uuid, code: u16, reason: &'static str) -> usize {
        self.end(Key::Session(session), Ending::Close(code, reason))
    }

    /// Closes every open socket of `player` without a close frame, as a broken connection
    /// would; returns how many there were.
    pub fn drop_player(&self, player: Uuid) -> usize {
        self.end(Key::Player(player), Ending::Drop)
    }

    /// Closes every open socket of `player` with a Close frame of `code` and `reason`;
    /// returns how many there were.
    pub fn close_player(&self, player: Uuid, code: u16, reason: &'static str) -> usize {
        self.end(Key::Player(player), Ending::Close(code, reason))
    }

    fn end(&self, key: Key, ending: Ending) -> usize {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        match open.get(&key) {
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
    /// this socket's player, or [`Sockets::close_session`] for its session, with how the
    /// socket is to end.
    pub async fn ended(&self) -> Ending {
        async fn wait(signal: &Signal) -> Ending {
            signal.notify.notified().await;
            signal
                .ending
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or(Ending::Drop)
        }
        match self.keys.as_slice() {
            [(_, player)] => wait(player).await,
            [(_, player), (_, session), ..] => tokio::select! {
                e = wait(player) => e,
                e = wait(session) => e,
            },
            [] => std::future::pending().await,
        }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().unwrap_or_else(|p| p.into_inner());
        for (key, _) in &self.keys {
            if let Some(entry) = open.get_mut(key) {
                entry.count = entry.count.saturating_sub(1);
                if entry.count == 0 {
                    open.remove(key);
                }
            }
        }
    }
}
