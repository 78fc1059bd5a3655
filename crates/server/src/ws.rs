//! The WebSocket protocol (see `docs/protocol.md`).
//!
//! Each socket is served by one task (`serve`): it reads the client's messages from the
//! unsplit socket, follows the room's broadcast filtered for the socket's viewer, and writes
//! answers, events and pings in order, handing several frames to the socket before one
//! flush. Work that produces output waits while the client does not take what it is sent:
//! a socket that falls behind the room's broadcast gets a snapshot instead of the missed
//! events; one that keeps falling behind is closed, and one that takes nothing for
//! 10 s (`SEND_TIMEOUT`) is dropped.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use lobby::{Actor, Bot, Command, FirstSeat, Participant, Since, Snapshot, Viewer};
use rules::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::broadcast;
use tokio::time::Instant;
use uuid::Uuid;

use crate::config::Limits;
use crate::error::ApiError;
use crate::identity::{lookup, now_ms, token_from_parts};
use crate::metrics::{Metrics, Overload};
use crate::rooms::{Attached, CommandError, Outbound, RoomHandle, Rooms};
use crate::sockets::{Counts, Ending, Registration, Stall};
use crate::store::StoreError;
use crate::AppState;

/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket silent this long is closed.
const SILENT_LIMIT: Duration = Duration::from_secs(60);
/// A socket that lags this many times is closed instead of resynced again.
const MAX_LAGS: u32 = 3;
/// Rate-limited messages in a row before a socket is closed for abuse.
const MAX_REFUSED: u32 = 200;
/// Socket write buffer (axum's default is 128 KiB).
const BUFFER: usize = 4 * 1024;
/// Socket read buffer, allocated whole for every socket (idle or not); a larger frame
/// grows it. Client messages are a few hundred bytes. Bytes of a refused frame left unread
/// when the socket closes are read and dropped by the connection's lingering close
/// (`sockets::Lingering`), so the client still gets the Close frame, not a reset.
const READ_BUFFER: usize = 512;
/// Longest wait for one outgoing frame before the client is treated as stuck.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// The WebSocket endpoint.
pub fn router() -> Router<AppState> {
    Router::new().route("/ws", get(upgrade))
}

/// Query of `GET /ws`.
#[derive(Debug, Deserialize)]
struct WsQuery {
    room: String,
    token: Option<String>,
    since: Option<u64>,
    /// A private room's invite code (club hook, issue 11).
    code: Option<String>,
}

fn origin_allowed(parts: &Parts, public_origin: Option<&str>) -> bool {
    let Some(origin) = parts.headers.get(ORIGIN).and_then(|v| v.to_str().ok()) else {
        // Not a browser: origin checks protect browsers' cookies only.
        return true;
    };
    let origin = origin.trim_end_matches('/');
    match public_origin {
        Some(allowed) => origin.eq_ignore_ascii_case(allowed.trim_end_matches('/')),
        None => {
            let host = parts.headers.get(HOST).and_then(|v| v.to_str().ok());
            let stripped = origin
                .strip_prefix("https://")
                .or_else(|| origin.strip_prefix("http://"));
            matches!((host, stripped), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
        }
    }
}

async fn upgrade(
    State(state): State<AppState>,
    axum::extract::ConnectInfo(addr): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Query(q): Query<WsQuery>,
    parts: Parts,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !origin_allowed(&parts, state.config.public_origin.as_deref()) {
        return Ok((StatusCode::FORBIDDEN, "origin not allowed").into_response());
    }
    if state.rooms.is_shutting_down() {
        return Err(ApiError::Unavailable("the server is restarting"));
    }
    // The cap on open sockets: checked before the upgrade, so a burst of simultaneous
    // upgrades may pass it by a few; that is the price of not holding a lock here.
    // Connections in their lingering close still hold their place.
    let open = state
        .metrics
        .sockets
        .load(std::sync::atomic::Ordering::Relaxed)
        .saturating_add(state.sockets.counts().lingering() as u64);
    if open >= state.config.limits.max_connections as u64 {
        state.metrics.overloaded(Overload::Socket);
        return Err(ApiError::Overloaded("open connections"));
    }
    let slot = crate::limits::socket_slot(&state, addr.ip())?;
    let id = Uuid::parse_str(&q.room).map_err(|_| ApiError::NotFound("room"))?;
    let handle = state.rooms.get(id).ok_or(ApiError::NotFound("room"))?;
    let identity = match q.token.or_else(|| token_from_parts(&parts)) {
        Some(t) => match lookup(&state.store, &t).await {
            Ok(i) => Some(i),
            Err(ApiError::Unauthorized) => None,
            Err(e) => return Err(e),
        },
        None => None,
    };
    // Club hook (issue 11): on a `members` or `invite` server a guest's socket watches only.
    let identity = identity.filter(|i| state.config.access.may_play(i));
    let identity =
        crate::accounts::room_identity(&state, &handle, identity, q.code.as_deref(), addr).await?;
    let limit = state.config.limits.max_message_bytes;
    // Boxed: what the socket's task keeps is stored once, behind one pointer, rather than
    // in each of the futures it passes through (memory per socket, issue 10).
    let conn = Box::new(Conn {
        _slot: slot,
        rooms: state.rooms.clone(),
        room: handle,
        registration: identity
            .as_ref()
            .map(|i| state.sockets.register(i.id, i.session)),
        participant: identity.map(|i| i.participant()),
        since: q.since,
        counts: state.sockets.counts().clone(),
    });
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(BUFFER)
        .max_write_buffer_size(BUFFER * 64)
        // Hard cap: beyond it the frame is refused by the protocol layer and the socket
        // closes (1009). Up to it, oversized messages get a typed `too_large` error.
        .max_message_size(limit.saturating_mul(2))
        .max_frame_size(limit.saturating_mul(2))
        .on_upgrade(move |socket| serve(socket, conn)))
}

/// What a socket's task keeps besides the socket itself.
struct Conn {
    /// Held while the socket is open: its place under the address's cap.
    _slot: crate::sockets::AddressSlot,
    rooms: Rooms,
    room: RoomHandle,
    /// Ends the socket when the server says so (ban, end of session); `None` for a
    /// spectator without an identity.
    registration: Option<Registration>,
    participant: Option<Participant>,
    /// The client's `since`.
    since: Option<u64>,
    counts: Arc<Counts>,
}

/// A server message other than an event: `type`, the `id` it answers, the room's version
/// `v`, and its `data`, encoded straight to text. The keys come in the order they always
/// had on the wire (sorted), without building a JSON object first: every move's `ack`
/// goes through here (work per command, issue 10).
fn envelope<T: Serialize + ?Sized>(
    kind: &str,
    id: Option<&Value>,
    v: Option<u64>,
    data: &T,
) -> String {
    #[derive(Serialize)]
    struct Message<'a, T: ?Sized> {
        data: &'a T,
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<&'a Value>,
        #[serde(rename = "type")]
        kind: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        v: Option<u64>,
    }
    let m = Message { data, id, kind, v };
    json_text(&m, ENVELOPE_TEXT)
}

/// The `ack` of a command accepted at version `v`: [`envelope`]'s text, written straight
/// to bytes (one a move; only its `id`, any JSON the client chose, goes through serde).
fn ack(id: Option<&Value>, v: u64) -> String {
    let mut out = Vec::with_capacity(ENVELOPE_TEXT);
    out.extend_from_slice(b"{\"data\":{}");
    if let Some(id) = id {
        out.extend_from_slice(b",\"id\":");
        if serde_json::to_writer(&mut out, id).is_err() {
            out.extend_from_slice(b"null");
        }
    }
    out.extend_from_slice(b",\"type\":\"ack\",\"v\":");
    crate::rooms::wire::number(&mut out, v);
    out.push(b'}');
    // Only JSON text, which is UTF-8, was written.
    String::from_utf8(out).unwrap_or_else(|_| "{}".into())
}

/// Bytes reserved for an envelope's text: an `ack` or a `pong` fits.
const ENVELOPE_TEXT: usize = 64;

/// `value` as JSON text, written into `room` bytes reserved up front: `serde_json`'s own
/// `to_string` starts from nothing and grows the text four or five times on the way to
/// the size of a move's messages and log rows. Plain data: encoding cannot fail (an empty
/// object would be harmless).
pub(crate) fn json_text<T: Serialize + ?Sized>(value: &T, room: usize) -> String {
    let mut out = Vec::with_capacity(room);
    if serde_json::to_writer(&mut out, value).is_err() {
        return "{}".into();
    }
    // serde_json writes UTF-8 only.
    String::from_utf8(out).unwrap_or_else(|_| "{}".into())
}

/// Bytes reserved for an event's message: a move's fits; a turn's grows with its legal
/// moves (about a hundred bytes each).
fn event_text(e: &lobby::Event) -> usize {
    match &e.kind {
        lobby::EventKind::YourTurn { legal_moves, .. } => 160 + 112 * legal_moves.len(),
        _ => 512,
    }
}

/// The empty `data` of an `ack` or `restarting`.
#[derive(Serialize)]
struct Empty {}

/// The `event` message of `e`, written straight to bytes (see `rooms::wire`): the keys in
/// the order they always had on the wire.
pub(crate) fn event_message(e: &lobby::Event) -> Utf8Bytes {
    let mut out = Vec::with_capacity(event_text(e));
    out.extend_from_slice(b"{\"type\":\"event\",\"v\":");
    crate::rooms::wire::number(&mut out, e.version);
    out.extend_from_slice(b",\"data\":");
    crate::rooms::wire::write_event(&mut out, e);
    out.push(b'}');
    // Only whole JSON strings (themselves UTF-8) are written.
    Utf8Bytes::from(String::from_utf8(out).unwrap_or_else(|_| "{}".into()))
}

fn error_msg(id: Option<&Value>, code: &str, message: &str) -> String {
    envelope(
        "error",
        id,
        None,
        &json!({ "code": code, "message": message }),
    )
}

fn since_msgs(since: Since) -> Vec<String> {
    match since {
        Since::Events(events) => events
            .into_iter()
            .map(|e| {
                let v = e.version;
                envelope(
                    "event",
                    None,
                    Some(v),
                    &serde_json::to_value(&e).unwrap_or(Value::Null),
                )
            })
            .collect(),
        Since::Resync(snap) => vec![envelope(
            "snapshot",
            None,
            Some(snap.version),
            &serde_json::to_value(&*snap).unwrap_or(Value::Null),
        )],
    }
}

/// Serves one socket from one task: the client's messages, their answers, the room's
/// broadcast and the timers, all written in order to the unsplit socket. Everything that
/// only runs once or per message (attaching, the answer to a command) is boxed, so that an
/// idle socket's future stays small (memory per socket, issue 10).
///
/// The socket is owned here and lent to [`follow`]: a future keeps room for each argument
/// it was given for its whole life, so a socket moved down a chain of async fns would be
/// stored once per link.
async fn serve(mut ws: WebSocket, conn: Box<Conn>) {
    let metrics = conn.rooms.metrics();
    Metrics::inc(&metrics.sockets);
    // Boxed: the attachment's future is alive only once.
    let attached = Box::pin(conn.room.attach(conn.participant.clone(), conn.since)).await;
    if let Some(Attached {
        viewer: _,
        initial,
        rx: events,
    }) = attached
    {
        follow(&mut ws, &conn, initial, events).await;
        // The connection goes first (its lingering close keeps its place under
        // `--max-connections`).
        drop(ws);
        Box::pin(conn.room.detach(conn.participant.clone())).await;
    }
    Metrics::dec(&metrics.sockets);
    // The address's place is freed with `conn`.
}

/// The loop of [`serve`] once the socket is attached to its room.
async fn follow(
    ws: &mut WebSocket,
    conn: &Conn,
    initial: Since,
    mut events: broadcast::Receiver<Outbound>,
) {
    let Conn {
        rooms,
        room,
        registration,
        participant,
        counts,
        ..
    } = conn;
    let me = participant.as_ref().map(|p| p.id);
    let limits = &rooms.config().limits;
    let replies = Replies {
        metrics: rooms.metrics(),
    };
    let mut out = Output::new(limits.socket_queue.max(1), counts.clone());
    for text in since_msgs(initial) {
        out.push(Message::Text(text.into()));
    }
    let mut gate = Gate {
        limits,
        credits: Credits::new(limits.messages_per_second, limits.message_burst),
        refused: 0,
    };
    let to = To {
        replies,
        rooms,
        room,
        me: participant.as_ref(),
    };
    // Times the socket fell behind the room.
    let mut lags = 0u32;
    // The last version this socket was sent (events or snapshot): after a resync the
    // broadcast may still hold events the snapshot already contains; they are skipped.
    let mut seen = 0u64;
    // The answer to the message being handled (the next is read once it is queued), and
    // the snapshot of a resync (the broadcast waits until it is queued).
    let mut answer: Option<Later<'_, Vec<String>>> = None;
    let mut resync: Option<Later<'_, Option<(Viewer, Snapshot)>>> = None;
    let mut closing: Option<Closing> = None;
    let start = Instant::now();
    // When the client was last heard from, and when the server pings next.
    let mut heard = start;
    let mut next_ping = start + PING_EVERY;
    // One timer for pings, silence, a stuck client and the close's grace: it is moved
    // only when it fires or when an earlier deadline appears (a message heard does not
    // move it; the silence is checked again when it fires).
    let mut check = next_ping;
    let timer = tokio::time::sleep_until(check);
    tokio::pin!(timer);
    let ended = async {
        match &registration {
            Some(r) => r.ended().await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(ended);
    loop {
        if let Some(c) = &closing {
            if c.read_done && out.is_empty() {
                break;
            }
        }
        let deadline = match &closing {
            // Closing: only the grace counts (no pings, and it is shorter than the rest).
            Some(c) => c.until,
            None => out.stuck.map_or(check, |s| check.min(s + SEND_TIMEOUT)),
        };
        if timer.deadline() != deadline {
            timer.as_mut().reset(deadline);
        }
        let open = closing.is_none();
        // Work that produces output waits while the client does not take what it is sent:
        // events stay in the room's ring (and a socket that falls too far behind is
        // resynced), messages in the socket's receive buffer.
        let take_events = open && resync.is_none() && !out.full();
        let read = match &closing {
            // Replies wait in the queue while the client does not take them, so that its
            // messages are still read (and rate-limited) when they arrive, up to the bound.
            None => answer.is_none() && out.queue.len() < out.limit,
            Some(c) => !c.read_done,
        };
        tokio::select! {
            // Events before the answer that follows them (a command's events are broadcast
            // before it is acknowledged), both before the socket's I/O, which then writes
            // them with one flush.
            biased;
            ending = &mut ended, if open => match ending {
                // Told to drop the socket (`Sockets::drop_player`): no close frame, like a
                // broken connection.
                Ending::Drop => break,
                // A ban (`Sockets::close_player`), an ended session: the client is told why.
                Ending::Close(code, reason) => {
                    answer = None;
                    closing = Some(out.close(code, reason));
                }
            },
            ev = events.recv(), if take_events => match ev {
                Ok(Outbound::Events(batch)) => {
                    let viewer = batch.viewer(me);
                    for (i, e) in batch.events.iter().enumerate() {
                        if e.version <= seen || !e.audience.admits(viewer) {
                            continue;
                        }
                        seen = e.version;
                        if let Some(text) = batch.message(i) {
                            out.push(Message::Text(text));
                        }
                    }
                }
                Ok(Outbound::Restarting) | Err(broadcast::error::RecvError::Closed) => {
                    answer = None;
                    out.push(Message::Text(envelope("restarting", None, None, &Empty {}).into()));
                    closing = Some(out.close(1012, "server restarting"));
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    counts.resynced();
                    lags += 1;
                    if lags > MAX_LAGS {
                        answer = None;
                        closing = Some(out.close(1008, "too slow"));
                    } else {
                        // Drop what is queued and start again from a snapshot.
                        events = events.resubscribe();
                        resync = Some(Box::pin(room.snapshot(me)));
                    }
                }
            },
            replies = later(&mut answer), if open && answer.is_some() => {
                answer = None;
                for text in replies {
                    out.push(Message::Text(text.into()));
                }
            }
            snap = later(&mut resync), if open && resync.is_some() => {
                resync = None;
                // The room is gone: nothing more to follow.
                let Some((_, snap)) = snap else { break };
                seen = snap.version;
                let text = envelope("snapshot", None, Some(snap.version),
                    &serde_json::to_value(&snap).unwrap_or(Value::Null));
                out.push(Message::Text(text.into()));
            }
            io = std::future::poll_fn(|cx| out.poll(ws, read, cx)) => match io {
                Io::Moved => {}
                Io::Failed => break,
                Io::Read(frame) => {
                    heard = Instant::now();
                    match &mut closing {
                        // After the server's Close: dropped until the client's Close, so the
                        // connection ends with a close handshake, not a reset.
                        Some(c) => {
                            if !matches!(frame, Some(Ok(Message::Text(_) | Message::Binary(_)
                                | Message::Ping(_) | Message::Pong(_))))
                            {
                                c.read_done = true;
                            }
                        }
                        None => match frame {
                            None => break,
                            Some(Err(e)) => {
                                let (code, reason) = close_code(&e);
                                answer = None;
                                closing = Some(out.close(code, reason));
                            }
                            Some(Ok(Message::Close(_))) => {
                                // Answer the client's Close with ours (browsers otherwise see
                                // 1006): the protocol layer has queued it, a flush sends it.
                                // Nothing else may be sent after it.
                                answer = None;
                                out.queue.clear();
                                out.unflushed = true;
                                closing = Some(Closing {
                                    until: heard + CLOSE_GRACE,
                                    read_done: true,
                                });
                            }
                            Some(Ok(m)) => {
                                match read_message(m, &mut gate, to) {
                                    Answer::None => {}
                                    Answer::Now(text) => out.push(Message::Text(text.into())),
                                    Answer::Later(f) => answer = Some(f),
                                    Answer::Close(code, reason) => {
                                        closing = Some(out.close(code, reason));
                                    }
                                }
                            }
                        },
                    }
                }
            },
            () = &mut timer => {
                let now = Instant::now();
                if let Some(c) = &closing {
                    // The close's grace is over.
                    if now >= c.until {
                        break;
                    }
                } else if out.stuck.is_some_and(|s| now >= s + SEND_TIMEOUT) {
                    // The client has not taken what it was sent for too long.
                    break;
                } else if now >= check {
                    if now.duration_since(heard) >= SILENT_LIMIT {
                        answer = None;
                        closing = Some(out.close(1001, "silent too long"));
                    } else {
                        if now >= next_ping {
                            out.push(Message::Ping(now_ms().to_be_bytes().to_vec().into()));
                            next_ping = now + PING_EVERY;
                        }
                        check = next_ping.min(heard + SILENT_LIMIT);
                    }
                }
            }
        }
    }
}

/// An answer or a snapshot under way, boxed: it exists only while a message is handled.
type Later<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The output of `f`, once there is one (never, without).
async fn later<T>(f: &mut Option<Later<'_, T>>) -> T {
    match f {
        Some(f) => f.await,
        None => std::future::pending().await,
    }
}

/// A socket closing after the server's Close frame (or answering the client's).
struct Closing {
    /// When the server stops waiting for the client's Close.
    until: Instant,
    /// The client's Close came (or the stream ended): nothing more is read.
    read_done: bool,
}

/// What the socket's I/O did.
enum Io {
    /// A frame from the client (`None`: the connection ended).
    Read(Option<Result<Message, axum::Error>>),
    /// The output started or stopped waiting for the client: what depends on it is looked
    /// at again.
    Moved,
    /// Writing failed: the connection is gone.
    Failed,
}

/// The frames a socket owes its client, in order. Frames are handed to the WebSocket as
/// long as it takes them and flushed once for all (one write for a command's events and
/// its answer).
struct Output {
    /// Not yet handed to the WebSocket.
    queue: VecDeque<Message>,
    /// Handed to the WebSocket but not yet flushed.
    unflushed: bool,
    /// Since when the client has not taken what is written (`None`: it keeps up).
    stuck: Option<Instant>,
    /// Counts the socket as stalled while it is stuck.
    stall: Option<Stall>,
    counts: Arc<Counts>,
    /// Frames queued beyond which the socket takes no more work.
    limit: usize,
}

impl Output {
    fn new(limit: usize, counts: Arc<Counts>) -> Output {
        Output {
            queue: VecDeque::new(),
            unflushed: false,
            stuck: None,
            stall: None,
            counts,
            limit,
        }
    }

    fn push(&mut self, m: Message) {
        self.queue.push_back(m);
    }

    /// Queues a Close frame (the last frame) and starts the close's grace.
    fn close(&mut self, code: u16, reason: &'static str) -> Closing {
        self.push(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })));
        Closing {
            until: Instant::now() + CLOSE_GRACE,
            read_done: false,
        }
    }

    /// Everything is written and flushed.
    fn is_empty(&self) -> bool {
        self.queue.is_empty() && !self.unflushed
    }

    /// Whether the socket should take no more work that produces output: the client is
    /// not taking what it is sent, or the queue is at its bound.
    fn full(&self) -> bool {
        self.stuck.is_some() || self.queue.len() >= self.limit
    }

    /// Hands queued frames to the WebSocket and flushes them; then, when `read`, reads a
    /// frame. Cancel-safe: a frame is taken from the queue only when the WebSocket takes
    /// it, and a partly read frame stays in the WebSocket's buffer.
    fn poll(&mut self, ws: &mut WebSocket, read: bool, cx: &mut Context<'_>) -> Poll<Io> {
        let was_full = self.full();
        while !self.queue.is_empty() {
            match ws.poll_ready_unpin(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(_)) => return Poll::Ready(Io::Failed),
                Poll::Pending => break,
            }
            let Some(m) = self.queue.pop_front() else {
                break;
            };
            if ws.start_send_unpin(m).is_err() {
                return Poll::Ready(Io::Failed);
            }
            self.unflushed = true;
        }
        if self.queue.is_empty() && self.queue.capacity() > 0 {
            // An idle socket keeps no queue (memory per socket, issue 10).
            self.queue = VecDeque::new();
        }
        if self.unflushed {
            match ws.poll_flush_unpin(cx) {
                Poll::Ready(Ok(())) => self.unflushed = false,
                Poll::Ready(Err(_)) => return Poll::Ready(Io::Failed),
                Poll::Pending => {}
            }
        }
        match (self.is_empty(), self.stuck) {
            (false, None) => {
                self.stuck = Some(Instant::now());
                self.stall = Some(self.counts.stall());
                return Poll::Ready(Io::Moved);
            }
            (true, Some(_)) => {
                self.stuck = None;
                self.stall = None;
            }
            _ => {}
        }
        if was_full && !self.full() {
            return Poll::Ready(Io::Moved);
        }
        if read {
            if let Poll::Ready(frame) = ws.poll_next_unpin(cx) {
                return Poll::Ready(Io::Read(frame));
            }
        }
        Poll::Pending
    }
}

/// A credit-based rate limit: `burst` credits, refilled at `rate` per second.
struct Credits {
    credits: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Credits {
    fn new(rate: u32, burst: u32) -> Credits {
        Credits {
            credits: f64::from(burst),
            burst: f64::from(burst),
            rate: f64::from(rate),
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.credits = (self.credits + dt * self.rate).min(self.burst);
        if self.credits >= 1.0 {
            self.credits -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A client message, as `docs/protocol.md` lists them: the envelope's `type` with its
/// `data`. Unknown types land in [`ClientMessage::Unknown`], so they are answered with
/// `unknown_type` rather than a parse error.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
enum ClientMessage {
    TakeSeat {
        #[serde(default)]
        seat: Option<Seat>,
    },
    ChangeSeat {
        seat: Seat,
    },
    LeaveSeat {},
    SetBot {
        seat: Seat,
        #[serde(default)]
        bot: Option<Bot>,
    },
    RemoveBot {
        seat: Seat,
    },
    Start {},
    Move {
        #[serde(rename = "move")]
        text: String,
    },
    Resign {},
    Leave {},
    OfferDraw {},
    AcceptDraw {},
    DeclineDraw {},
    Abort {},
    Rematch {},
    ClaimVictory {},
    ClaimDraw {},
    Sync {
        since: u64,
    },
    Ping {},
    #[serde(other)]
    Unknown,
}

/// The envelope around a client message (`type`, optional `id`, optional `data`), read
/// without copying: the type borrows the text, and the data is skipped (it is read with
/// the message's type, see [`ClientMessage::of`]).
#[derive(Debug, Deserialize)]
struct Envelope<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    id: Option<Value>,
}

/// A client message read once for the message every move sends: its envelope and, when
/// it is a move, its text. Anything else it reads is read again the general way
/// ([`Envelope`], [`ClientMessage::of`]), which also words the errors.
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    data: Option<MoveData>,
}

/// The data of a move as [`Incoming`] reads it (the other fields of other messages are
/// skipped).
#[derive(Deserialize)]
struct MoveData {
    #[serde(rename = "move", default)]
    text: Option<String>,
}

impl<'a> Incoming<'a> {
    /// The envelope of `text`, and its message when it is a move: one reading for a
    /// move, the general way for the rest (and for anything this reading refuses).
    fn read(
        text: &'a str,
    ) -> (
        Result<Envelope<'a>, serde_json::Error>,
        Option<ClientMessage>,
    ) {
        match serde_json::from_str::<Incoming<'a>>(text) {
            Ok(Incoming { kind, id, data }) => {
                let known = match (kind.as_ref(), data) {
                    ("move", Some(MoveData { text: Some(text) })) => {
                        Some(ClientMessage::Move { text })
                    }
                    _ => None,
                };
                (Ok(Envelope { kind, id }), known)
            }
            Err(_) => (serde_json::from_str::<Envelope>(text), None),
        }
    }
}

/// The data of a client message, read on its own when it is not that of a known type.
#[derive(Deserialize)]
struct Data {
    #[serde(default)]
    data: Option<Value>,
}

impl ClientMessage {
    /// The typed message of `text`, whose envelope is `env`.
    fn of(text: &str, env: &Envelope<'_>) -> Result<ClientMessage, WsError> {
        // The common case (a known type with its data) is read straight from the text:
        // the envelope's other keys are ignored. Anything else takes the general way
        // below, which also words the errors.
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(ClientMessage::Unknown) | Err(_) => {}
            Ok(m) => return Ok(m),
        }
        // Without data, or `null`: a message without fields.
        let data = match serde_json::from_str::<Data>(text) {
            Ok(Data {
                data: None | Some(Value::Null),
            }) => json!({}),
            Ok(Data { data: Some(d) }) => d,
            // The text is JSON (its envelope was read): a duplicated `data`, say.
            Err(e) => return Err(WsError::BadMessage(format!("`{}`: {e}", env.kind))),
        };
        // The catch-all is a unit variant: an unknown type is recognised without its data.
        if let Ok(ClientMessage::Unknown) =
            serde_json::from_value::<ClientMessage>(json!({ "type": env.kind }))
        {
            return Err(WsError::UnknownType(env.kind.to_string()));
        }
        let tagged = json!({ "type": env.kind, "data": data });
        match serde_json::from_value::<ClientMessage>(tagged) {
            Ok(ClientMessage::Unknown) => Err(WsError::UnknownType(env.kind.to_string())),
            Ok(m) => Ok(m),
            Err(e) => Err(WsError::BadMessage(format!("`{}`: {e}", env.kind))),
        }
    }

    /// The lobby command it asks for (`None`: answered by the socket layer itself).
    fn command(self, rooms: &Rooms) -> Option<Command> {
        Some(match self {
            ClientMessage::TakeSeat { seat } => Command::TakeSeat { seat },
            ClientMessage::ChangeSeat { seat } => Command::ChangeSeat { seat },
            ClientMessage::LeaveSeat {} => Command::LeaveSeat,
            ClientMessage::SetBot { seat, bot } => Command::SetBot {
                seat,
                bot: bot.unwrap_or_else(|| Bot {
                    kind: "random".into(),
                    level: 1,
                }),
            },
            ClientMessage::RemoveBot { seat } => Command::RemoveBot { seat },
            ClientMessage::Start {} => Command::Start {
                first: FirstSeat::Lot(rooms.lot()),
            },
            ClientMessage::Move { text } => Command::Move { text },
            ClientMessage::Resign {} => Command::Resign,
            ClientMessage::Leave {} => Command::Leave,
            ClientMessage::OfferDraw {} => Command::OfferDraw,
            ClientMessage::AcceptDraw {} => Command::AcceptDraw,
            ClientMessage::DeclineDraw {} => Command::DeclineDraw,
            ClientMessage::Abort {} => Command::Abort,
            ClientMessage::Rematch {} => Command::Rematch {
                new_room: Uuid::new_v4(),
                lot: rooms.lot(),
            },
            ClientMessage::ClaimVictory {} => Command::ClaimVictory,
            ClientMessage::ClaimDraw {} => Command::ClaimDraw,
            ClientMessage::Sync { .. } | ClientMessage::Ping {} | ClientMessage::Unknown => {
                return None
            }
        })
    }
}

/// Why the socket layer refused a message; each has a stable code (`docs/protocol.md`).
#[derive(Debug, thiserror::Error)]
enum WsError {
    #[error("{0}")]
    BadJson(String),
    #[error("{0}")]
    BadMessage(String),
    #[error("unknown message type `{0}`")]
    UnknownType(String),
    #[error("messages are limited to {0} bytes")]
    TooLarge(usize),
    #[error("at most {rate} messages per second (bursts of {burst})")]
    RateLimited { rate: u32, burst: u32 },
    #[error("spectators without an identity cannot act: visit /api/me first")]
    NotAParticipant,
    #[error(transparent)]
    Command(#[from] CommandError),
}

impl WsError {
    fn code(&self) -> &'static str {
        match self {
            WsError::BadJson(_) => "bad_json",
            WsError::BadMessage(_) => "bad_message",
            WsError::UnknownType(_) => "unknown_type",
            WsError::TooLarge(_) => "too_large",
            WsError::RateLimited { .. } => "rate_limited",
            WsError::NotAParticipant => "not_a_participant",
            WsError::Command(e) => e.code(),
        }
    }
}

/// The one way a socket answers: every refusal goes through [`Replies::error`], which
/// counts it in `/metrics`.
#[derive(Clone, Copy)]
struct Replies<'a> {
    metrics: &'a Metrics,
}

impl Replies<'_> {
    fn error(&self, id: Option<&Value>, e: &WsError) -> String {
        Metrics::inc(&self.metrics.errors);
        match e {
            WsError::Command(CommandError::Overloaded) => {
                self.metrics.overloaded(Overload::Command)
            }
            WsError::Command(CommandError::Store(StoreError::Busy)) => {
                self.metrics.overloaded(Overload::Store);
            }
            _ => {}
        }
        error_msg(id, e.code(), &e.to_string())
    }
}

/// How long the server waits for the client's answer to its Close frame, reading and
/// dropping what still arrives so the connection ends with a close handshake, not a reset.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The close code of a read error: 1009 for a message over the hard size cap, else 1002.
fn close_code(e: &axum::Error) -> (u16, &'static str) {
    let too_big = std::error::Error::source(e)
        .and_then(|s| s.downcast_ref::<tungstenite::Error>())
        .or_else(|| {
            // axum wraps the protocol error; look one level in either way.
            let inner: &(dyn std::error::Error + 'static) = e;
            inner.downcast_ref::<tungstenite::Error>()
        })
        .is_some_and(|t| matches!(t, tungstenite::Error::Capacity(_)));
    if too_big {
        (1009, "message too big")
    } else {
        (1002, "protocol error")
    }
}

/// What a socket's answers go to: its room (and the registry), who it is, and the one
/// reply path.
#[derive(Clone, Copy)]
struct To<'a> {
    replies: Replies<'a>,
    rooms: &'a Rooms,
    room: &'a RoomHandle,
    me: Option<&'a Participant>,
}

/// A socket's message limits: the size cap and the rate limit, with the refusals in a row.
struct Gate<'a> {
    limits: &'a Limits,
    credits: Credits,
    refused: u32,
}

/// How the socket answers one frame from its client.
enum Answer<'a> {
    /// Nothing to send.
    None,
    /// This message, at once.
    Now(String),
    /// What this future gives (a room command's answer, a `sync`): the next message is read
    /// once it is queued.
    Later(Later<'a, Vec<String>>),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// The answer to one frame from the client: the size and rate limits first, then
/// [`answer`].
fn read_message<'a>(m: Message, gate: &mut Gate<'_>, to: To<'a>) -> Answer<'a> {
    let (limits, replies) = (gate.limits, to.replies);
    let text = match m {
        Message::Text(t) => t,
        Message::Binary(_) => {
            let e = WsError::BadMessage("send JSON text messages".into());
            return Answer::Now(replies.error(None, &e));
        }
        Message::Pong(p) => {
            return match <[u8; 8]>::try_from(&p[..]) {
                Ok(b) => {
                    let lag = now_ms().saturating_sub(i64::from_be_bytes(b)).max(0);
                    Answer::Now(envelope("lag", None, None, &json!({ "ms": lag })))
                }
                Err(_) => Answer::None,
            };
        }
        // Answered by the protocol layer; a Close is handled by the caller.
        Message::Ping(_) | Message::Close(_) => return Answer::None,
    };
    if text.len() > limits.max_message_bytes {
        return Answer::Now(replies.error(None, &WsError::TooLarge(limits.max_message_bytes)));
    }
    let (parsed, known) = Incoming::read(text.as_str());
    let is_ping = matches!(&parsed, Ok(e) if e.kind == "ping");
    if is_ping {
        // Exempt from the rate limit.
    } else if gate.credits.take() {
        gate.refused = 0;
    } else {
        gate.refused += 1;
        if gate.refused > MAX_REFUSED {
            return Answer::Close(1008, "rate limit");
        }
        let id = parsed.as_ref().ok().and_then(|e| e.id.as_ref());
        let e = WsError::RateLimited {
            rate: limits.messages_per_second,
            burst: limits.message_burst,
        };
        return Answer::Now(replies.error(id, &e));
    }
    answer(&text, parsed, known, to)
}

/// The answer to one client message: exactly one `ack`, `pong` or `error` carrying its
/// `id` (a `sync` first sends what was missed, then its `ack`).
fn answer<'a>(
    text: &str,
    parsed: Result<Envelope<'_>, serde_json::Error>,
    known: Option<ClientMessage>,
    to: To<'a>,
) -> Answer<'a> {
    let To {
        replies,
        rooms,
        room,
        me,
    } = to;
    let env = match parsed {
        Ok(env) => env,
        Err(e) => {
            // Valid JSON that is not an envelope is a bad message (its `id` still
            // answered); anything else is bad JSON.
            return Answer::Now(match serde_json::from_str::<Value>(text) {
                Ok(v) => {
                    let err = WsError::BadMessage(format!(
                        "an object with `type` (a string) is required: {e}"
                    ));
                    replies.error(v.get("id"), &err)
                }
                Err(_) => replies.error(None, &WsError::BadJson(e.to_string())),
            });
        }
    };
    let msg = match known.map_or_else(|| ClientMessage::of(text, &env), Ok) {
        Ok(m) => m,
        Err(e) => return Answer::Now(replies.error(env.id.as_ref(), &e)),
    };
    let id = env.id;
    match msg {
        ClientMessage::Ping {} => {
            return Answer::Now(envelope(
                "pong",
                id.as_ref(),
                None,
                &json!({ "t": now_ms() }),
            ));
        }
        ClientMessage::Sync { since } => {
            let player = me.map(|p| p.id);
            return Answer::Later(Box::pin(async move {
                match room.since(player, since).await {
                    Some((missed, version)) => {
                        let mut out = since_msgs(missed);
                        out.push(ack(id.as_ref(), version));
                        out
                    }
                    None => vec![replies.error(id.as_ref(), &CommandError::Closed.into())],
                }
            }));
        }
        _ => {}
    }
    let Some(command) = msg.command(rooms) else {
        return Answer::Now(
            replies.error(id.as_ref(), &WsError::UnknownType(env.kind.into_owned())),
        );
    };
    let Some(me) = me else {
        return Answer::Now(replies.error(id.as_ref(), &WsError::NotAParticipant));
    };
    let read = Instant::now();
    Answer::Later(Box::pin(async move {
        let answer = room.try_command(Actor::Player(me.clone()), command).await;
        replies.metrics.commands.observe(read.elapsed());
        vec![match answer {
            Ok(v) => ack(id.as_ref(), v),
            Err(e) => replies.error(id.as_ref(), &e.into()),
        }]
    }))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// The typed message of `text`, as `read_message` reads it.
    fn read(text: &str) -> Result<(ClientMessage, Option<Value>), String> {
        let env: Envelope<'_> = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let m = ClientMessage::of(text, &env).map_err(|e| format!("{}: {e}", e.code()))?;
        Ok((m, env.id))
    }

    /// Messages of a known type are read straight from their text, whatever the order of
    /// the envelope's keys; the general way still gives `{}` to a missing or `null` data.
    #[test]
    fn client_messages_are_read_with_their_id() {
        let (m, id) = read(r#"{"type":"move","id":7,"data":{"move":"c3-d4"}}"#).unwrap();
        assert!(matches!(m, ClientMessage::Move { ref text } if text == "c3-d4"));
        assert_eq!(id, Some(json!(7)));
        let (m, id) = read(r#"{"data":{"move":"c3xe5"},"id":"a","type":"move"}"#).unwrap();
        assert!(matches!(m, ClientMessage::Move { ref text } if text == "c3xe5"));
        assert_eq!(id, Some(json!("a")));
        for text in [
            r#"{"type":"leave_seat"}"#,
            r#"{"type":"leave_seat","data":null}"#,
            r#"{"type":"leave_seat","data":{}}"#,
        ] {
            assert!(matches!(read(text).unwrap().0, ClientMessage::LeaveSeat {}));
        }
        let (m, _) = read(r#"{"type":"take_seat","id":1}"#).unwrap();
        assert!(matches!(m, ClientMessage::TakeSeat { seat: None }));
    }

    /// A move read in one pass is the message the general way reads; anything that pass
    /// does not take (other types, a move without its text, a text of another type,
    /// duplicated keys) is left to the general way, with its envelope.
    #[test]
    fn moves_are_read_once_as_the_general_way_reads_them() {
        for text in [
            r#"{"type":"move","id":7,"data":{"move":"c3-d4"}}"#,
            r#"{"data":{"move":"c3xe5","seat":"white"},"id":"a","type":"move"}"#,
            r#"{"type":"move","data":{"move":"c3-d4","seat":5},"id":null}"#,
            r#"{"type":"move","data":{"move":"a1-b2"}}"#,
        ] {
            let (env, known) = Incoming::read(text);
            let (m, id) = read(text).unwrap();
            let env = env.unwrap();
            assert_eq!(env.id, id, "{text}");
            match (known, m) {
                (Some(ClientMessage::Move { text: a }), ClientMessage::Move { text: b }) => {
                    assert_eq!(a, b);
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        for text in [
            r#"{"type":"move","data":{}}"#,
            r#"{"type":"move","data":{"move":3}}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","data":null}"#,
            r#"{"type":"take_seat","id":1,"data":{"seat":"white"}}"#,
            r#"{"type":"leave","data":5}"#,
            r#"{"type":"move","data":{"move":"c3-d4"},"data":{}}"#,
        ] {
            let (env, known) = Incoming::read(text);
            assert!(known.is_none(), "{text}");
            let general: Result<Envelope<'_>, _> = serde_json::from_str(text);
            assert_eq!(env.is_ok(), general.is_ok(), "{text}");
            if let (Ok(a), Ok(b)) = (env, general) {
                assert_eq!((a.kind, a.id), (b.kind, b.id), "{text}");
            }
        }
    }

    #[test]
    fn client_message_errors_keep_their_codes() {
        let e = read(r#"{"type":"fly","id":2,"data":{"to":"moon"}}"#).unwrap_err();
        assert!(
            e.starts_with("unknown_type: unknown message type `fly`"),
            "{e}"
        );
        let e = read(r#"{"type":"move","data":{}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
        let e = read(r#"{"type":"move","data":{"move":3}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
        assert!(read(r#"{"id":3}"#).is_err());
        let e = read(r#"{"type":"move","data":{"move":"c3-d4"},"data":{}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
    }

    /// Server messages keep the bytes they had when they were built as JSON objects
    /// (keys sorted).
    #[test]
    fn envelopes_keep_their_wire_form() {
        let id = json!(7);
        assert_eq!(
            envelope("ack", Some(&id), Some(12), &Empty {}),
            r#"{"data":{},"id":7,"type":"ack","v":12}"#
        );
        for id in [
            json!(7),
            json!("a\"b"),
            json!({"k": [1, null]}),
            json!(null),
        ] {
            assert_eq!(
                ack(Some(&id), 12),
                envelope("ack", Some(&id), Some(12), &Empty {})
            );
        }
        assert_eq!(ack(None, 3), envelope("ack", None, Some(3), &Empty {}));
        assert_eq!(
            envelope("restarting", None, None, &Empty {}),
            r#"{"data":{},"type":"restarting"}"#
        );
        assert_eq!(
            error_msg(Some(&json!("x")), "bad_json", "no"),
            r#"{"data":{"code":"bad_json","message":"no"},"id":"x","type":"error"}"#
        );
    }
}
