//! Which identities and sessions have WebSockets open, so that the server can end them all
//! at once: an admin's ban closes a player's sockets with a Close frame
//! ([`Sockets::close_player`]), ending a session (logout, revocation, a password change)
//! closes the sockets opened with its token ([`Sockets::close_session`]), and the browser
//! tests cut a connection the way a broken network would ([`Sockets::drop_player`]) to watch
//! the client reconnect. Not reachable over HTTP. It also counts the connections of each
//! address ([`Sockets::admit`]: every TCP connection from accept to close, and the WebSockets
//! of clients behind a trusted proxy), every connection closes with a lingering close
//! ([`Lingering`]), and it counts what `/metrics` shows of the sockets
//! ([`Counts`]): connections still in their lingering close (they hold a place under
//! `--max-connections` until they are gone), sockets whose client does not take what it is
//! sent, and resyncs.
//!
//! A map from identity (and from session) to the end signals of its sockets, so ending a
//! player's sockets costs the same whatever the number of sockets open on the server. Each
//! socket has a signal of its own, which its task polls on every turn of its loop (every
//! message and event): a flag and a waker, read without a lock.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use futures_util::task::AtomicWaker;
use uuid::Uuid;

use crate::net::AddrKey;

/// How a socket is to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// Without a Close frame, as a broken connection would.
    Drop,
    /// With a Close frame carrying this code and reason.
    Close(u16, &'static str),
}

/// One socket's end signal: set by [`Sockets::end`], polled by the socket's task.
#[derive(Default)]
struct Signal {
    /// Set once `ending` holds how the socket is to end.
    ended: AtomicBool,
    ending: Mutex<Option<Ending>>,
    waker: AtomicWaker,
}

impl Signal {
    fn end(&self, ending: Ending) {
        *self.ending.lock().unwrap_or_else(|p| p.into_inner()) = Some(ending);
        self.ended.store(true, Ordering::Release);
        self.waker.wake();
    }

    fn poll(&self, cx: &mut Context<'_>) -> Poll<Ending> {
        // Registered before the flag is read: an end between the two still wakes the task.
        self.waker.register(cx.waker());
        if !self.ended.load(Ordering::Acquire) {
            return Poll::Pending;
        }
        let ending = *self.ending.lock().unwrap_or_else(|p| p.into_inner());
        Poll::Ready(ending.unwrap_or(Ending::Drop))
    }
}

/// One identity's (or session's) open sockets: their signals.
type Open = Vec<Arc<Signal>>;

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
    /// Open TCP connections per address key, counted at accept (a trusted proxy's are not
    /// counted), and open WebSockets per client address key of the connections that came
    /// through a trusted proxy.
    addresses: Arc<Mutex<HashMap<AddrKey, usize>>>,
    counts: Arc<Counts>,
}

/// Server-wide socket counts, shared by the listener, its connections and the sockets.
#[derive(Debug, Default)]
pub struct Counts {
    /// Connections in their lingering close.
    lingering: AtomicUsize,
    /// WebSockets whose client has not taken everything it was sent.
    stalled: AtomicUsize,
    /// WebSockets that fell behind their room's broadcast.
    resyncs: AtomicU64,
    /// Connections closed at accept: their address had `--sockets-per-address` open.
    refused: AtomicU64,
    /// Connections open (counted from accept to close, the lingering close included).
    open: AtomicUsize,
}

impl Counts {
    /// Connections in their lingering close ([`Lingering`]): each still holds a place under
    /// `--max-connections`.
    pub fn lingering(&self) -> usize {
        self.lingering.load(Ordering::Relaxed)
    }

    /// WebSockets whose client has not taken everything it was sent (their output waits
    /// on the client's reading).
    pub fn stalled(&self) -> usize {
        self.stalled.load(Ordering::Relaxed)
    }

    /// Times a WebSocket fell behind its room's broadcast (resynced with a snapshot, or
    /// closed with 1008 when it happens too often).
    pub fn resyncs(&self) -> u64 {
        self.resyncs.load(Ordering::Relaxed)
    }

    /// Counts a socket whose client stopped taking what it is sent, until it does again
    /// (or the socket ends): the guard uncounts it when dropped.
    pub(crate) fn stall(self: &Arc<Counts>) -> Stall {
        self.stalled.fetch_add(1, Ordering::Relaxed);
        Stall(self.clone())
    }

    /// Connections closed at accept because their address had its cap open.
    pub(crate) fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Connections open now (HTTP and WebSocket, those in their lingering close included).
    pub(crate) fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Counts a connection closed at accept.
    pub(crate) fn refuse(&self) {
        self.refused.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a socket that fell behind its room's broadcast.
    pub(crate) fn resynced(&self) {
        self.resyncs.fetch_add(1, Ordering::Relaxed);
    }
}

/// One stalled socket, counted in [`Counts::stalled`] while held.
#[derive(Debug)]
pub(crate) struct Stall(Arc<Counts>);

impl Drop for Stall {
    fn drop(&mut self) {
        self.0.stalled.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One connection in its lingering close, counted in [`Counts::lingering`] while held.
struct LingerSlot(Arc<Counts>);

impl Drop for LingerSlot {
    fn drop(&mut self) {
        self.0.lingering.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One connection counted against its address's cap; dropping it frees the place.
pub(crate) struct AddressSlot {
    sockets: Sockets,
    key: AddrKey,
}

impl std::fmt::Debug for AddressSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddressSlot")
            .field("key", &self.key)
            .finish()
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self
            .sockets
            .addresses
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// One registered socket: [`Registration::ended`] resolves when the server ends it;
/// dropping the registration unregisters it.
pub(crate) struct Registration {
    sockets: Sockets,
    /// The player, then the session (if the socket was opened with one).
    keys: Vec<Key>,
    /// This socket's signal, listed under each of `keys`.
    signal: Arc<Signal>,
}

impl Sockets {
    /// The server-wide socket counts.
    pub fn counts(&self) -> &Arc<Counts> {
        &self.counts
    }

    /// The Prometheus lines of the socket counts.
    pub(crate) fn render(&self) -> String {
        format!(
            "# HELP checkerhall_ws_lingering Connections in their lingering close (each holds a place under --max-connections).\n\
             # TYPE checkerhall_ws_lingering gauge\n\
             checkerhall_ws_lingering {}\n\
             # HELP checkerhall_ws_stalled WebSockets whose client has not taken what it was sent.\n\
             # TYPE checkerhall_ws_stalled gauge\n\
             checkerhall_ws_stalled {}\n\
             # HELP checkerhall_ws_resyncs_total WebSockets that fell behind their room and were resynced (or closed).\n\
             # TYPE checkerhall_ws_resyncs_total counter\n\
             checkerhall_ws_resyncs_total {}\n\
             # HELP checkerhall_connections_open TCP connections open (HTTP and WebSocket, lingering ones included).\n\
             # TYPE checkerhall_connections_open gauge\n\
             checkerhall_connections_open {}\n\
             # HELP checkerhall_connections_refused_total Connections closed at accept: their address had --sockets-per-address open.\n\
             # TYPE checkerhall_connections_refused_total counter\n\
             checkerhall_connections_refused_total {}\n",
            self.counts.lingering(),
            self.counts.stalled(),
            self.counts.resyncs(),
            self.counts.open(),
            self.counts.refused()
        )
    }

    /// Counts one more connection (or proxied WebSocket) of `key`, unless `max` (0: no cap)
    /// are open already.
    ///
    /// # Errors
    /// How many `key` has open, when that is the cap.
    pub(crate) fn admit(&self, key: AddrKey, max: usize) -> Result<AddressSlot, usize> {
        let mut open = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(key).or_default();
        if max > 0 && *n >= max {
            return Err(*n);
        }
        *n += 1;
        Ok(AddressSlot {
            sockets: self.clone(),
            key,
        })
    }

    /// Registers an open socket of `player`, opened with a token of `session` (`None`: the
    /// guest's own token).
    pub(crate) fn register(&self, player: Uuid, session: Option<Uuid>) -> Registration {
        let signal = Arc::new(Signal::default());
        let keys: Vec<Key> = std::iter::once(Key::Player(player))
            .chain(session.map(Key::Session))
            .collect();
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        for key in &keys {
            open.entry(*key).or_default().push(signal.clone());
        }
        Registration {
            sockets: self.clone(),
            keys,
            signal,
        }
    }

    /// Closes every open socket opened with a token of `session` with a Close frame of
    /// `code` and `reason`; returns how many there were.
    pub(crate) fn close_session(&self, session: Uuid, code: u16, reason: &'static str) -> usize {
        self.end(Key::Session(session), Ending::Close(code, reason))
    }

    /// Closes every open socket of `player` without a close frame, as a broken connection
    /// would; returns how many there were.
    pub fn drop_player(&self, player: Uuid) -> usize {
        self.end(Key::Player(player), Ending::Drop)
    }

    /// Closes every open socket of `player` with a Close frame of `code` and `reason`;
    /// returns how many there were.
    pub(crate) fn close_player(&self, player: Uuid, code: u16, reason: &'static str) -> usize {
        self.end(Key::Player(player), Ending::Close(code, reason))
    }

    /// The players and the sessions that have sockets open now (to check against the
    /// tables after a missed notification of a ban or a session's end).
    pub(crate) fn open_identities(&self) -> (Vec<Uuid>, Vec<Uuid>) {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let (mut players, mut sessions) = (Vec::new(), Vec::new());
        for (key, signals) in open.iter() {
            if signals.is_empty() {
                continue;
            }
            match key {
                Key::Player(p) => players.push(*p),
                Key::Session(s) => sessions.push(*s),
            }
        }
        (players, sessions)
    }

    fn end(&self, key: Key, ending: Ending) -> usize {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        match open.get(&key) {
            Some(signals) => {
                for signal in signals {
                    signal.end(ending);
                }
                signals.len()
            }
            None => 0,
        }
    }
}

impl Registration {
    /// Resolves when [`Sockets::drop_player`] or [`Sockets::close_player`] is called for
    /// this socket's player, or [`Sockets::close_session`] for its session, with how the
    /// socket is to end.
    ///
    /// Polling it costs two atomic operations, no lock: the socket's task polls it on
    /// every turn of its loop.
    pub(crate) async fn ended(&self) -> Ending {
        std::future::poll_fn(|cx| self.signal.poll(cx)).await
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().unwrap_or_else(|p| p.into_inner());
        for key in &self.keys {
            if let Some(signals) = open.get_mut(key) {
                signals.retain(|s| !Arc::ptr_eq(s, &self.signal));
                if signals.is_empty() {
                    open.remove(key);
                }
            }
        }
    }
}

/// Most bytes a closing connection reads and drops before it is let go (a client that
/// keeps sending after our Close frame).
const LINGER_BYTES: usize = 256 * 1024;
/// Longest a closing connection waits for the client to close its side.
const LINGER_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// An accepted connection that, when dropped, reads what the client still sent before
/// closing it. A TCP socket closed with unread bytes answers with a reset, which destroys
/// what was just written: a Close frame sent after refusing an oversized frame (whose
/// rest is still unread) would never reach the client. So the socket layer may read in
/// small pieces (a small read buffer per idle socket) and still close cleanly.
///
/// A connection in its lingering close is counted ([`Counts::lingering`]) until it is gone:
/// it still holds a socket of the system and a place under `--max-connections`.
#[derive(Debug)]
pub(crate) struct Lingering {
    tcp: Option<tokio::net::TcpStream>,
    counts: Arc<Counts>,
    /// The connection's place under its address's cap, held until it is gone.
    slot: Option<AddressSlot>,
    /// The send buffer asked for by [`SendBuffer::cap`] (0: none asked), set on the
    /// connection at its next write.
    send_buffer: SendBuffer,
}

/// Asks for a smaller send buffer on one connection (a request's extension): the WebSocket
/// upgrade sets it, the connection applies it before it writes the upgrade's answer.
#[derive(Debug, Clone, Default)]
pub(crate) struct SendBuffer(Arc<AtomicUsize>);

impl SendBuffer {
    /// The connection's send buffer is to be `bytes`.
    pub(crate) fn cap(&self, bytes: usize) {
        self.0.store(bytes, Ordering::Relaxed);
    }
}

/// Counts one open connection in [`Counts::open`] while held.
#[derive(Debug)]
struct OpenSlot(Arc<Counts>);

impl Drop for OpenSlot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Lingering {
    /// An accepted connection, counted in `sockets`' [`Counts`] until it is gone, holding
    /// `slot` (its place under its address's cap) as long.
    pub(crate) fn new(
        tcp: tokio::net::TcpStream,
        sockets: &Sockets,
        slot: Option<AddressSlot>,
    ) -> Lingering {
        sockets.counts.open.fetch_add(1, Ordering::Relaxed);
        Lingering {
            tcp: Some(tcp),
            counts: sockets.counts.clone(),
            slot,
            send_buffer: SendBuffer::default(),
        }
    }

    /// The handle a request uses to cap this connection's send buffer.
    pub(crate) fn send_buffer(&self) -> SendBuffer {
        self.send_buffer.clone()
    }

    /// Sets the send buffer asked for, once.
    fn apply_send_buffer(&self) {
        if self.send_buffer.0.load(Ordering::Relaxed) == 0 {
            return;
        }
        let bytes = self.send_buffer.0.swap(0, Ordering::Relaxed);
        if let Some(tcp) = &self.tcp {
            if let Err(e) = socket2::SockRef::from(tcp).set_send_buffer_size(bytes) {
                tracing::debug!(error = %e, "cannot set the send buffer");
            }
        }
    }

    /// Runs `f` on the connection (an error once it is being let go).
    fn with<R>(
        self: std::pin::Pin<&mut Self>,
        f: impl FnOnce(std::pin::Pin<&mut tokio::net::TcpStream>) -> Poll<std::io::Result<R>>,
    ) -> Poll<std::io::Result<R>> {
        match self.get_mut().tcp.as_mut() {
            Some(tcp) => f(std::pin::Pin::new(tcp)),
            None => Poll::Ready(Err(std::io::ErrorKind::NotConnected.into())),
        }
    }
}

impl tokio::io::AsyncRead for Lingering {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.with(|tcp| tcp.poll_read(cx, buf))
    }
}

impl tokio::io::AsyncWrite for Lingering {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.apply_send_buffer();
        self.with(|tcp| tcp.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.apply_send_buffer();
        self.with(|tcp| tcp.poll_write_vectored(cx, bufs))
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.as_ref().is_some_and(|t| t.is_write_vectored())
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.with(|tcp| tcp.poll_flush(cx))
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.with(|tcp| tcp.poll_shutdown(cx))
    }
}

/// What a closing connection's unread input held.
enum Unread {
    /// The client closed its side: nothing more will come.
    End,
    /// Nothing now, but the client has not closed yet.
    Open,
}

/// Reads and drops what has already arrived, without waiting.
fn drop_arrived(tcp: &tokio::net::TcpStream) -> Unread {
    let mut buf = [0u8; 1024];
    let mut total = 0;
    while total < LINGER_BYTES {
        match tcp.try_read(&mut buf) {
            Ok(0) => return Unread::End,
            Ok(n) => total += n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Unread::Open,
            // Reset or otherwise broken: there is nothing to save.
            Err(_) => return Unread::End,
        }
    }
    Unread::Open
}

impl Drop for Lingering {
    fn drop(&mut self) {
        let Some(tcp) = self.tcp.take() else {
            return;
        };
        let open = OpenSlot(self.counts.clone());
        if let Unread::End = drop_arrived(&tcp) {
            return;
        }
        // The client may still be sending (the rest of a refused frame, its answer to our
        // Close): say we are done writing, and read until it closes or the time is up. The
        // connection keeps its place under its address's cap until then.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            self.counts.lingering.fetch_add(1, Ordering::Relaxed);
            let slots = (LingerSlot(self.counts.clone()), open, self.slot.take());
            runtime.spawn(linger(tcp, slots));
        }
    }
}

/// Lets `tcp` go once the client closed its side, or after [`LINGER_TIME`] or
/// [`LINGER_BYTES`]; `_slots` count it until then.
async fn linger(
    mut tcp: tokio::net::TcpStream,
    _slots: (LingerSlot, OpenSlot, Option<AddressSlot>),
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = tcp.shutdown().await;
    let _ = tokio::time::timeout(LINGER_TIME, async {
        let mut buf = [0u8; 1024];
        let mut total = 0;
        while total < LINGER_BYTES {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => total += n,
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use std::future::Future;
    use std::pin::pin;

    fn poll_once(r: &Registration) -> Poll<Ending> {
        let mut cx = Context::from_waker(futures_util::task::noop_waker_ref());
        pin!(r.ended()).as_mut().poll(&mut cx)
    }

    /// Ending a player's sockets ends each of them (and says how many), not those of
    /// others; ending a session ends only the sockets opened with it; a socket that
    /// registers afterwards is not ended; a dropped socket is no longer counted.
    #[test]
    fn each_socket_learns_how_it_ends() {
        let sockets = Sockets::default();
        let (alice, bob, session) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let a1 = sockets.register(alice, None);
        let a2 = sockets.register(alice, Some(session));
        let b = sockets.register(bob, None);
        assert!(poll_once(&a1).is_pending());
        assert_eq!(sockets.close_session(session, 4001, "session ended"), 1);
        assert_eq!(
            poll_once(&a2),
            Poll::Ready(Ending::Close(4001, "session ended"))
        );
        assert!(poll_once(&a1).is_pending());
        assert_eq!(sockets.close_player(alice, 4003, "banned"), 2);
        assert_eq!(poll_once(&a1), Poll::Ready(Ending::Close(4003, "banned")));
        assert_eq!(poll_once(&a2), Poll::Ready(Ending::Close(4003, "banned")));
        assert!(poll_once(&b).is_pending());
        let a3 = sockets.register(alice, None);
        assert!(poll_once(&a3).is_pending());
        drop((a1, a2));
        assert_eq!(sockets.drop_player(alice), 1);
        assert_eq!(poll_once(&a3), Poll::Ready(Ending::Drop));
        assert_eq!(sockets.close_session(session, 4001, "session ended"), 0);
        drop((a3, b));
        assert!(sockets.open.lock().unwrap().is_empty());
    }

    /// A task waiting for its end is woken by it.
    #[tokio::test]
    async fn a_waiting_socket_is_woken() {
        let sockets = Sockets::default();
        let r = sockets.register(Uuid::from_u128(1), None);
        let ender = sockets.clone();
        let end = tokio::spawn(async move {
            tokio::task::yield_now().await;
            ender.drop_player(Uuid::from_u128(1))
        });
        assert_eq!(r.ended().await, Ending::Drop);
        assert_eq!(end.await.unwrap(), 1);
    }
}
