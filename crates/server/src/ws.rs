//! The WebSocket protocol (see `docs/protocol.md`).
//!
//! Each socket has a reader task (client messages -> room commands, replies into a bounded
//! queue) and a writer task (that queue, the room's broadcast filtered for the socket's
//! viewer, and pings). The two are joined with `select!`; when one ends the other is
//! aborted. A socket that falls behind the room's broadcast gets a snapshot instead of the
//! missed events; one that keeps falling behind is closed.

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
use lobby::{Actor, Bot, Command, FirstSeat, Participant, PlayerId, Since};
use rules::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::{lookup, now_ms, token_from_parts, Identity};
use crate::metrics::{Metrics, Overload};
use crate::rooms::{Attached, CommandError, Outbound, RoomHandle, Rooms};
use crate::sockets::{Ending, Registration};
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
    let open = state
        .metrics
        .sockets
        .load(std::sync::atomic::Ordering::Relaxed);
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
    let rooms = state.rooms.clone();
    let since = q.since;
    let registration = identity
        .as_ref()
        .map(|i| state.sockets.register(i.id, i.session));
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(BUFFER)
        .max_write_buffer_size(BUFFER * 64)
        // Hard cap: beyond it the frame is refused by the protocol layer and the socket
        // closes (1009). Up to it, oversized messages get a typed `too_large` error.
        .max_message_size(limit.saturating_mul(2))
        .max_frame_size(limit.saturating_mul(2))
        .on_upgrade(move |socket| {
            // Split here, outside the future: a future keeps room for everything it holds
            // at any point, and the whole socket would be dead weight in an idle one.
            let (sink, stream) = socket.split();
            async move {
                // Held while the socket is open: its place under the address's cap.
                let _slot = slot;
                Metrics::inc(&rooms.metrics().sockets);
                let socket = Halves { sink, stream };
                serve(socket, rooms.clone(), handle, identity, since, registration).await;
                Metrics::dec(&rooms.metrics().sockets);
            }
        }))
}

/// The two halves of an upgraded socket.
struct Halves {
    sink: futures_util::stream::SplitSink<WebSocket, Message>,
    stream: futures_util::stream::SplitStream<WebSocket>,
}

/// What the reader hands the writer.
enum Out {
    Text(String),
    /// Several messages sent with one flush.
    Texts(Vec<String>),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
    /// The client sent Close: send ours back and end.
    CloseReply,
}

fn envelope(kind: &str, id: Option<&Value>, v: Option<u64>, data: Value) -> String {
    let mut m = serde_json::Map::new();
    m.insert("type".into(), Value::String(kind.into()));
    if let Some(id) = id {
        m.insert("id".into(), id.clone());
    }
    if let Some(v) = v {
        m.insert("v".into(), json!(v));
    }
    m.insert("data".into(), data);
    Value::Object(m).to_string()
}

/// The `event` message of `e`, encoded straight to text (no intermediate JSON value).
pub(crate) fn event_message(e: &lobby::Event) -> Utf8Bytes {
    #[derive(serde::Serialize)]
    struct EventMessage<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        v: u64,
        data: &'a lobby::Event,
    }
    let m = EventMessage {
        kind: "event",
        v: e.version,
        data: e,
    };
    // Events are plain data: encoding cannot fail; an empty object would be harmless.
    Utf8Bytes::from(serde_json::to_string(&m).unwrap_or_else(|_| "{}".into()))
}

fn error_msg(id: Option<&Value>, code: &str, message: &str) -> String {
    envelope(
        "error",
        id,
        None,
        json!({ "code": code, "message": message }),
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
                    serde_json::to_value(&e).unwrap_or(Value::Null),
                )
            })
            .collect(),
        Since::Resync(snap) => vec![envelope(
            "snapshot",
            None,
            Some(snap.version),
            serde_json::to_value(&*snap).unwrap_or(Value::Null),
        )],
    }
}

/// Serves one socket: the writer is a task of its own, the reader runs here (one task fewer
/// per socket). Everything that only runs once or per message (attaching, the answer to a
/// message) is boxed, so that an idle socket's futures stay small (memory per socket,
/// issue 10).
async fn serve(
    socket: Halves,
    rooms: Rooms,
    room: RoomHandle,
    identity: Option<Identity>,
    since: Option<u64>,
    registration: Option<Registration>,
) {
    let participant = identity.map(|i| i.participant());
    let Some(Attached {
        viewer: _,
        initial,
        rx,
    }) = Box::pin(room.attach(participant.clone(), since)).await
    else {
        return;
    };
    let Halves { sink, stream } = socket;
    let queue = rooms.config().limits.socket_queue.max(1);
    // Boxed items: the channel allocates its first block of slots up front, and a pointer per
    // slot keeps an idle socket's queue small (memory per socket, issue 10).
    let (out_tx, out_rx) = mpsc::channel::<Box<Out>>(queue);
    let me = participant.as_ref().map(|p| p.id);
    let mut writer = tokio::spawn(write_loop(
        sink,
        out_rx,
        rx,
        room.clone(),
        me,
        since_msgs(initial),
    ));
    // Weak: the writer must still see the queue close when the reader ends.
    let close_tx = out_tx.downgrade();
    let mut reader = Box::pin(read_loop(
        stream,
        out_tx,
        rooms,
        room.clone(),
        participant.clone(),
    ));
    let ended = async {
        match &registration {
            Some(r) => r.ended().await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        ending = ended => {
            // Taken before the reader (which holds the queue open) is stopped.
            let close_tx = close_tx.upgrade();
            // Stops the reader, which holds the queue open.
            drop(reader);
            match ending {
                // Told to drop the socket (`Sockets::drop_player`): no close frame, like a
                // broken connection.
                Ending::Drop => writer.abort(),
                // A ban (`Sockets::close_player`): the client is told why.
                Ending::Close(code, reason) => {
                    if let Some(tx) = close_tx {
                        let _ = tx.send(Box::new(Out::Close(code, reason))).await;
                    }
                    if tokio::time::timeout(Duration::from_secs(2), &mut writer).await.is_err() {
                        writer.abort();
                    }
                }
            }
        }
        _ = &mut writer => {}
        () = &mut reader => {
            // Let the writer send what the reader queued (errors, a close frame), briefly.
            if tokio::time::timeout(Duration::from_secs(2), &mut writer).await.is_err() {
                writer.abort();
            }
        }
    }
    Box::pin(room.detach(participant)).await;
}

#[allow(clippy::too_many_arguments)]
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut out_rx: mpsc::Receiver<Box<Out>>,
    mut events: broadcast::Receiver<Outbound>,
    room: RoomHandle,
    me: Option<PlayerId>,
    first: Vec<String>,
) {
    async fn send(
        sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
        m: Message,
    ) -> bool {
        matches!(
            tokio::time::timeout(SEND_TIMEOUT, sink.send(m)).await,
            Ok(Ok(()))
        )
    }
    /// Queues `m` without flushing (the batch is flushed once, see `flush`).
    async fn feed(
        sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
        m: Message,
    ) -> bool {
        matches!(
            tokio::time::timeout(SEND_TIMEOUT, sink.feed(m)).await,
            Ok(Ok(()))
        )
    }
    async fn flush(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>) -> bool {
        matches!(
            tokio::time::timeout(SEND_TIMEOUT, sink.flush()).await,
            Ok(Ok(()))
        )
    }
    for text in first {
        if !send(&mut sink, Message::Text(text.into())).await {
            return;
        }
    }
    let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    let mut lags = 0u32;
    // The last version this socket was sent (events or snapshot): after a resync the
    // broadcast may still hold events the snapshot already contains; they are skipped.
    let mut seen = 0u64;
    loop {
        tokio::select! {
            out = out_rx.recv() => match out.map(|o| *o) {
                Some(Out::Text(t)) => {
                    if !send(&mut sink, Message::Text(t.into())).await { return; }
                }
                Some(Out::Texts(texts)) => {
                    // The answers to one message (a `sync`'s events and its ack): one write.
                    for t in texts {
                        if !feed(&mut sink, Message::Text(t.into())).await { return; }
                    }
                    if !flush(&mut sink).await { return; }
                }
                Some(Out::Close(code, reason)) => {
                    let _ = send(&mut sink, Message::Close(Some(CloseFrame {
                        code,
                        reason: Utf8Bytes::from_static(reason),
                    }))).await;
                    return;
                }
                Some(Out::CloseReply) => {
                    // The protocol layer has queued the answer to the client's Close:
                    // closing the sink flushes it.
                    let _ = tokio::time::timeout(SEND_TIMEOUT, sink.close()).await;
                    return;
                }
                None => return,
            },
            ev = events.recv() => match ev {
                Ok(Outbound::Events(batch)) => {
                    let viewer = batch.viewer(me);
                    let mut fed = false;
                    for (i, e) in batch.events.iter().enumerate() {
                        if e.version <= seen || !e.audience.admits(viewer) { continue; }
                        seen = e.version;
                        let Some(text) = batch.message(i) else { continue };
                        if !feed(&mut sink, Message::Text(text)).await { return; }
                        fed = true;
                    }
                    // One flush (one write to the socket) for the command's events.
                    if fed && !flush(&mut sink).await { return; }
                }
                Ok(Outbound::Restarting) | Err(broadcast::error::RecvError::Closed) => {
                    let text = envelope("restarting", None, None, json!({}));
                    let _ = send(&mut sink, Message::Text(text.into())).await;
                    let _ = send(&mut sink, Message::Close(Some(CloseFrame {
                        code: 1012,
                        reason: Utf8Bytes::from_static("server restarting"),
                    }))).await;
                    return;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    lags += 1;
                    if lags > MAX_LAGS {
                        let _ = send(&mut sink, Message::Close(Some(CloseFrame {
                            code: 1008,
                            reason: Utf8Bytes::from_static("too slow"),
                        }))).await;
                        return;
                    }
                    // Drop what is queued and start again from a snapshot.
                    events = events.resubscribe();
                    let Some((_, snap)) = room.snapshot(me).await else { return; };
                    seen = snap.version;
                    let text = envelope("snapshot", None, Some(snap.version),
                        serde_json::to_value(&snap).unwrap_or(Value::Null));
                    if !send(&mut sink, Message::Text(text.into())).await { return; }
                }
            },
            _ = ping.tick() => {
                let t = now_ms().to_be_bytes().to_vec();
                if !send(&mut sink, Message::Ping(t.into())).await { return; }
            }
        }
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

/// The envelope around a client message (`type`, optional `id`, optional `data`).
#[derive(Debug, Deserialize)]
struct Envelope {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    data: Option<Value>,
}

impl ClientMessage {
    /// The typed message of an envelope.
    fn of(env: &Envelope) -> Result<ClientMessage, WsError> {
        let data = match &env.data {
            None | Some(Value::Null) => json!({}),
            Some(d) => d.clone(),
        };
        // The catch-all is a unit variant: an unknown type is recognised without its data.
        if let Ok(ClientMessage::Unknown) =
            serde_json::from_value::<ClientMessage>(json!({ "type": env.kind }))
        {
            return Err(WsError::UnknownType(env.kind.clone()));
        }
        let tagged = json!({ "type": env.kind, "data": data });
        match serde_json::from_value::<ClientMessage>(tagged) {
            Ok(ClientMessage::Unknown) => Err(WsError::UnknownType(env.kind.clone())),
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

/// Reads (and drops) what the client still sends after the server's Close frame, until
/// the client's Close, the end of the stream or [`CLOSE_GRACE`].
async fn drain(stream: &mut futures_util::stream::SplitStream<WebSocket>) {
    let _ = tokio::time::timeout(CLOSE_GRACE, async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

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

async fn read_loop(
    mut stream: futures_util::stream::SplitStream<WebSocket>,
    out: mpsc::Sender<Box<Out>>,
    rooms: Rooms,
    room: RoomHandle,
    me: Option<Participant>,
) {
    let limits = rooms.config().limits.clone();
    let replies = Replies {
        metrics: rooms.metrics(),
    };
    let mut credits = Credits::new(limits.messages_per_second, limits.message_burst);
    let mut refused = 0u32;
    loop {
        let msg = match tokio::time::timeout(SILENT_LIMIT, stream.next()).await {
            Err(_) => {
                let _ = out
                    .send(Box::new(Out::Close(1001, "silent too long")))
                    .await;
                drain(&mut stream).await;
                return;
            }
            Ok(None) => return,
            Ok(Some(Err(e))) => {
                let (code, reason) = close_code(&e);
                let _ = out.send(Box::new(Out::Close(code, reason))).await;
                drain(&mut stream).await;
                return;
            }
            Ok(Some(Ok(m))) => m,
        };
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                let e = WsError::BadMessage("send JSON text messages".into());
                if out
                    .send(Box::new(Out::Text(replies.error(None, &e))))
                    .await
                    .is_err()
                {
                    return;
                }
                continue;
            }
            Message::Pong(p) => {
                if let Ok(b) = <[u8; 8]>::try_from(&p[..]) {
                    let lag = now_ms().saturating_sub(i64::from_be_bytes(b)).max(0);
                    let m = envelope("lag", None, None, json!({ "ms": lag }));
                    if out.send(Box::new(Out::Text(m))).await.is_err() {
                        return;
                    }
                }
                continue;
            }
            Message::Ping(_) => continue,
            Message::Close(_) => {
                // Answer the client's Close with ours (browsers otherwise see 1006).
                let _ = out.send(Box::new(Out::CloseReply)).await;
                return;
            }
        };
        let reply = if text.len() > limits.max_message_bytes {
            vec![replies.error(None, &WsError::TooLarge(limits.max_message_bytes))]
        } else {
            let parsed: Result<Envelope, _> = serde_json::from_str(text.as_str());
            let is_ping = matches!(&parsed, Ok(e) if e.kind == "ping");
            if !is_ping && !credits.take() {
                refused += 1;
                if refused > MAX_REFUSED {
                    let _ = out.send(Box::new(Out::Close(1008, "rate limit"))).await;
                    drain(&mut stream).await;
                    return;
                }
                let id = parsed.as_ref().ok().and_then(|e| e.id.clone());
                let e = WsError::RateLimited {
                    rate: limits.messages_per_second,
                    burst: limits.message_burst,
                };
                vec![replies.error(id.as_ref(), &e)]
            } else {
                if !is_ping {
                    refused = 0;
                }
                // Boxed: the answer's future (a room command, a `sync`) is alive only
                // while a message is handled; inline, an idle socket would carry it.
                Box::pin(handle_message(
                    &text,
                    parsed,
                    &replies,
                    &rooms,
                    &room,
                    me.as_ref(),
                ))
                .await
            }
        };
        let queued = match <[String; 1]>::try_from(reply) {
            Ok([one]) => Out::Text(one),
            Err(many) => Out::Texts(many),
        };
        if out.send(Box::new(queued)).await.is_err() {
            return;
        }
    }
}

/// The answers to one client message: exactly one `ack`, `pong` or `error` carrying its
/// `id` (a `sync` first sends what was missed, then its `ack`).
async fn handle_message(
    text: &str,
    parsed: Result<Envelope, serde_json::Error>,
    replies: &Replies<'_>,
    rooms: &Rooms,
    room: &RoomHandle,
    me: Option<&Participant>,
) -> Vec<String> {
    let env = match parsed {
        Ok(env) => env,
        Err(e) => {
            // Valid JSON that is not an envelope is a bad message (its `id` still
            // answered); anything else is bad JSON.
            return match serde_json::from_str::<Value>(text) {
                Ok(v) => {
                    let err = WsError::BadMessage(format!(
                        "an object with `type` (a string) is required: {e}"
                    ));
                    vec![replies.error(v.get("id"), &err)]
                }
                Err(_) => vec![replies.error(None, &WsError::BadJson(e.to_string()))],
            };
        }
    };
    let id = env.id.as_ref();
    let msg = match ClientMessage::of(&env) {
        Ok(m) => m,
        Err(e) => return vec![replies.error(id, &e)],
    };
    match msg {
        ClientMessage::Ping {} => {
            return vec![envelope("pong", id, None, json!({ "t": now_ms() }))];
        }
        ClientMessage::Sync { since } => {
            return match room.since(me.map(|p| p.id), since).await {
                Some((missed, version)) => {
                    let mut out = since_msgs(missed);
                    out.push(envelope("ack", id, Some(version), json!({})));
                    out
                }
                None => vec![replies.error(id, &CommandError::Closed.into())],
            };
        }
        _ => {}
    }
    let Some(command) = msg.command(rooms) else {
        return vec![replies.error(id, &WsError::UnknownType(env.kind.clone()))];
    };
    let Some(me) = me else {
        return vec![replies.error(id, &WsError::NotAParticipant)];
    };
    match room.try_command(Actor::Player(me.clone()), command).await {
        Ok(v) => vec![envelope("ack", id, Some(v), json!({}))],
        Err(e) => vec![replies.error(id, &e.into())],
    }
}
