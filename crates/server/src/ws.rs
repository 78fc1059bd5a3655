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
use crate::metrics::Metrics;
use crate::rooms::{Attached, Outbound, RoomHandle, Rooms};
use crate::AppState;

/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket silent this long is closed.
const SILENT_LIMIT: Duration = Duration::from_secs(60);
/// A socket that lags this many times is closed instead of resynced again.
const MAX_LAGS: u32 = 3;
/// Rate-limited messages in a row before a socket is closed for abuse.
const MAX_REFUSED: u32 = 200;
/// Socket read and write buffers (axum's default is 128 KiB).
const BUFFER: usize = 4 * 1024;
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
        return Err(ApiError::TooMany(format!(
            "too many open connections ({open}); try again later"
        )));
    }
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
    let kicks = state.kicks.subscribe();
    let limit = state.config.limits.max_message_bytes;
    let rooms = state.rooms.clone();
    let since = q.since;
    Ok(ws
        .read_buffer_size(BUFFER)
        .write_buffer_size(BUFFER)
        .max_write_buffer_size(BUFFER * 64)
        // Hard cap: beyond it the frame is refused by the protocol layer and the socket
        // closes (1009). Up to it, oversized messages get a typed `too_large` error.
        .max_message_size(limit.saturating_mul(2))
        .max_frame_size(limit.saturating_mul(2))
        .on_upgrade(move |socket| async move {
            Metrics::inc(&rooms.metrics().sockets);
            serve(socket, rooms.clone(), handle, identity, since, kicks).await;
            Metrics::dec(&rooms.metrics().sockets);
        }))
}

/// What the reader hands the writer.
enum Out {
    Text(String),
    Close(u16, &'static str),
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

async fn serve(
    socket: WebSocket,
    rooms: Rooms,
    room: RoomHandle,
    identity: Option<Identity>,
    since: Option<u64>,
    kicks: broadcast::Receiver<Uuid>,
) {
    let participant = identity.as_ref().map(Identity::participant);
    let Some(Attached {
        viewer: _,
        initial,
        rx,
    }) = room.attach(participant.clone(), since).await
    else {
        return;
    };
    let (sink, stream) = socket.split();
    let queue = rooms.config().limits.socket_queue.max(1);
    let (out_tx, out_rx) = mpsc::channel::<Out>(queue);
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
    let kick_tx = out_tx.downgrade();
    let mut reader = tokio::spawn(read_loop(
        stream,
        out_tx,
        rooms,
        room.clone(),
        participant.clone(),
    ));
    tokio::select! {
        _ = &mut writer => reader.abort(),
        () = kicked(kicks, me) => {
            let kick_tx = kick_tx.upgrade();
            reader.abort();
            if let Some(tx) = kick_tx {
                let _ = tx.send(Out::Close(4003, "banned")).await;
            }
            if tokio::time::timeout(Duration::from_secs(2), &mut writer).await.is_err() {
                writer.abort();
            }
        }
        _ = &mut reader => {
            // Let the writer send what the reader queued (errors, a close frame), briefly.
            if tokio::time::timeout(Duration::from_secs(2), &mut writer).await.is_err() {
                writer.abort();
            }
        }
    }
    room.detach(participant).await;
}

/// Resolves when `me` is banned (club hook, issue 11); never for a spectator.
async fn kicked(mut kicks: broadcast::Receiver<Uuid>, me: Option<PlayerId>) {
    let Some(me) = me else {
        return std::future::pending().await;
    };
    loop {
        match kicks.recv().await {
            Ok(id) if id == me.0 => return,
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut out_rx: mpsc::Receiver<Out>,
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
    for text in first {
        if !send(&mut sink, Message::Text(text.into())).await {
            return;
        }
    }
    let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    let mut lags = 0u32;
    loop {
        tokio::select! {
            out = out_rx.recv() => match out {
                Some(Out::Text(t)) => {
                    if !send(&mut sink, Message::Text(t.into())).await { return; }
                }
                Some(Out::Close(code, reason)) => {
                    let _ = send(&mut sink, Message::Close(Some(CloseFrame {
                        code,
                        reason: Utf8Bytes::from_static(reason),
                    }))).await;
                    return;
                }
                None => return,
            },
            ev = events.recv() => match ev {
                Ok(Outbound::Events(batch)) => {
                    let viewer = batch.viewer(me);
                    for e in &batch.events {
                        if !e.audience.admits(viewer) { continue; }
                        let text = envelope("event", None, Some(e.version),
                            serde_json::to_value(e).unwrap_or(Value::Null));
                        if !send(&mut sink, Message::Text(text.into())).await { return; }
                    }
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

async fn read_loop(
    mut stream: futures_util::stream::SplitStream<WebSocket>,
    out: mpsc::Sender<Out>,
    rooms: Rooms,
    room: RoomHandle,
    me: Option<Participant>,
) {
    let limits = rooms.config().limits.clone();
    let mut credits = Credits::new(limits.messages_per_second, limits.message_burst);
    let mut refused = 0u32;
    loop {
        let msg = match tokio::time::timeout(SILENT_LIMIT, stream.next()).await {
            Err(_) => {
                let _ = out.send(Out::Close(1001, "silent too long")).await;
                return;
            }
            Ok(None | Some(Err(_))) => return,
            Ok(Some(Ok(m))) => m,
        };
        let text = match msg {
            Message::Text(t) => t.to_string(),
            Message::Binary(_) => {
                let reply = error_msg(None, "bad_message", "send JSON text messages");
                if out.send(Out::Text(reply)).await.is_err() {
                    return;
                }
                continue;
            }
            Message::Pong(p) => {
                if let Ok(b) = <[u8; 8]>::try_from(&p[..]) {
                    let lag = now_ms().saturating_sub(i64::from_be_bytes(b)).max(0);
                    let m = envelope("lag", None, None, json!({ "ms": lag }));
                    if out.send(Out::Text(m)).await.is_err() {
                        return;
                    }
                }
                continue;
            }
            Message::Ping(_) => continue,
            Message::Close(_) => return,
        };
        let reply = if text.len() > limits.max_message_bytes {
            Metrics::inc(&rooms.metrics().errors);
            vec![error_msg(
                None,
                "too_large",
                &format!("messages are limited to {} bytes", limits.max_message_bytes),
            )]
        } else {
            let parsed: Result<Value, _> = serde_json::from_str(&text);
            let is_ping =
                matches!(&parsed, Ok(v) if v.get("type").and_then(Value::as_str) == Some("ping"));
            if !is_ping && !credits.take() {
                refused += 1;
                if refused > MAX_REFUSED {
                    let _ = out.send(Out::Close(1008, "rate limit")).await;
                    return;
                }
                Metrics::inc(&rooms.metrics().errors);
                let id = parsed.as_ref().ok().and_then(|v| v.get("id")).cloned();
                vec![error_msg(
                    id.as_ref(),
                    "rate_limited",
                    &format!(
                        "at most {} messages per second (bursts of {})",
                        limits.messages_per_second, limits.message_burst
                    ),
                )]
            } else {
                if !is_ping {
                    refused = 0;
                }
                handle_message(parsed, &rooms, &room, me.as_ref()).await
            }
        };
        for r in reply {
            if out.send(Out::Text(r)).await.is_err() {
                return;
            }
        }
    }
}

fn seat_field(data: &Value, key: &str) -> Result<Option<Seat>, String> {
    match data.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => s
            .parse()
            .map(Some)
            .map_err(|_| format!("`{key}`: no seat `{s}`")),
        Some(_) => Err(format!("`{key}` must be a seat name")),
    }
}

fn need_seat(data: &Value, key: &str) -> Result<Seat, String> {
    seat_field(data, key)?.ok_or_else(|| format!("`{key}` is required"))
}

/// The lobby command of a client message.
fn command_of(kind: &str, data: &Value, rooms: &Rooms) -> Result<Option<Command>, String> {
    Ok(Some(match kind {
        "take_seat" => Command::TakeSeat {
            seat: seat_field(data, "seat")?,
        },
        "change_seat" => Command::ChangeSeat {
            seat: need_seat(data, "seat")?,
        },
        "leave_seat" => Command::LeaveSeat,
        "set_bot" => {
            let bot = match data.get("bot") {
                None | Some(Value::Null) => Bot {
                    kind: "random".into(),
                    level: 1,
                },
                Some(b) => serde_json::from_value(b.clone()).map_err(|e| format!("`bot`: {e}"))?,
            };
            Command::SetBot {
                seat: need_seat(data, "seat")?,
                bot,
            }
        }
        "remove_bot" => Command::RemoveBot {
            seat: need_seat(data, "seat")?,
        },
        "start" => Command::Start {
            first: FirstSeat::Lot(rooms.lot()),
        },
        "move" => match data.get("move").and_then(Value::as_str) {
            Some(t) => Command::Move {
                text: t.to_string(),
            },
            None => return Err("`move` (text) is required".into()),
        },
        "resign" => Command::Resign,
        "leave" => Command::Leave,
        "offer_draw" => Command::OfferDraw,
        "accept_draw" => Command::AcceptDraw,
        "decline_draw" => Command::DeclineDraw,
        "abort" => Command::Abort,
        "rematch" => Command::Rematch {
            new_room: Uuid::new_v4(),
            lot: rooms.lot(),
        },
        "claim_victory" => Command::ClaimVictory,
        "claim_draw" => Command::ClaimDraw,
        _ => return Ok(None),
    }))
}

async fn handle_message(
    parsed: Result<Value, serde_json::Error>,
    rooms: &Rooms,
    room: &RoomHandle,
    me: Option<&Participant>,
) -> Vec<String> {
    let errors = &rooms.metrics().errors;
    let value = match parsed {
        Ok(v) => v,
        Err(e) => {
            Metrics::inc(errors);
            return vec![error_msg(None, "bad_json", &e.to_string())];
        }
    };
    let id = value.get("id").cloned();
    let id = id.as_ref();
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        Metrics::inc(errors);
        return vec![error_msg(
            id,
            "bad_message",
            "`type` (a string) is required",
        )];
    };
    let empty = json!({});
    let data = value.get("data").unwrap_or(&empty);
    match kind {
        "ping" => return vec![envelope("pong", id, None, json!({ "t": now_ms() }))],
        "sync" => {
            let Some(since) = data.get("since").and_then(Value::as_u64) else {
                Metrics::inc(errors);
                return vec![error_msg(
                    id,
                    "bad_message",
                    "`since` (a version) is required",
                )];
            };
            return match room.since(me.map(|p| p.id), since).await {
                Some(s) => since_msgs(s),
                None => vec![error_msg(id, "room_closed", "the room is closed")],
            };
        }
        _ => {}
    }
    let command = match command_of(kind, data, rooms) {
        Ok(Some(c)) => c,
        Ok(None) => {
            Metrics::inc(errors);
            return vec![error_msg(
                id,
                "unknown_type",
                &format!("unknown message type `{kind}`"),
            )];
        }
        Err(m) => {
            Metrics::inc(errors);
            return vec![error_msg(id, "bad_message", &m)];
        }
    };
    let Some(me) = me else {
        Metrics::inc(errors);
        return vec![error_msg(
            id,
            "not_a_participant",
            "spectators without an identity cannot act: visit /api/me first",
        )];
    };
    match room.command(Actor::Player(me.clone()), command).await {
        Ok(v) => vec![envelope("ack", id, Some(v), json!({}))],
        Err(e) => {
            Metrics::inc(errors);
            vec![error_msg(id, e.code(), &e.to_string())]
        }
    }
}
