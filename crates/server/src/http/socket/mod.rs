//! The WebSocket endpoint (`GET /ws`, protocol in `docs/protocol.md`).
//!
//! Each socket is served by one task ([`serve`]): it reads the client's messages from the
//! unsplit socket, follows the room's broadcast filtered for the socket's viewer, and writes
//! answers, events and pings in order, handing several frames to the socket before one
//! flush (`session`). Work that produces output waits while the client does not take what it
//! is sent: a socket that falls behind the room's broadcast gets a snapshot instead of the
//! missed events; one that keeps falling behind is closed, and one that takes nothing for
//! 10 s (`SEND_TIMEOUT`) is dropped. How each frame is answered is in `answer`; what is
//! queued and flushed in `output`.

mod answer;
mod output;
mod session;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::WebSocket;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Query, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use lobby::Participant;
use serde::Deserialize;
use uuid::Uuid;

use crate::connections::{AddressSlot, Counts, Registration, SendBuffer};
use crate::error::{ApiError, HttpCode};
use crate::i18n::Lang;
use crate::identity::{lookup, token_from_parts, Identity};
use crate::metrics::{Metrics, Overload};
use crate::net::ClientAddr;
use crate::rooms::{Attached, RoomHandle, Rooms};
use crate::AppState;

/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket silent this long is closed.
const SILENT_LIMIT: Duration = Duration::from_secs(60);
/// Socket write buffer (axum's default is 128 KiB).
const BUFFER: usize = 4 * 1024;
/// Socket read buffer, allocated whole for every socket (idle or not); a larger frame
/// grows it. Client messages are a few hundred bytes. Bytes of a refused frame left unread
/// when the socket closes are read and dropped by the connection's lingering close
/// (`connections::Lingering`), so the client still gets the Close frame, not a reset.
const READ_BUFFER: usize = 512;
/// Longest wait for one outgoing frame before the client is treated as stuck.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Query of `GET /ws`.
#[derive(Debug, Deserialize)]
pub(super) struct WsQuery {
    room: String,
    token: Option<String>,
    since: Option<u64>,
    /// A private room's invite code.
    code: Option<String>,
    /// The web client's version (the asset hash its page was built with): a page older than
    /// the server's files is closed with [`CLOSE_OUTDATED`] before it joins the room.
    client: Option<String>,
}

/// The close code for a web client whose files are older than the server's
/// (docs/protocol.md): it reloads to take the new ones instead of speaking an old protocol.
const CLOSE_OUTDATED: u16 = 4004;

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

/// `GET /ws?room=..`: admits the socket, works out who it acts as, and upgrades.
pub(super) async fn upgrade(
    State(state): State<AppState>,
    addr: ClientAddr,
    Query(q): Query<WsQuery>,
    parts: Parts,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !origin_allowed(&parts, state.config.public_origin.as_deref()) {
        return Ok((StatusCode::FORBIDDEN, "origin not allowed").into_response());
    }
    let slot = admit(&state, addr)?;
    if q.client
        .as_deref()
        .is_some_and(|c| c != crate::web::asset_hash())
    {
        return Ok(ws
            .read_buffer_size(READ_BUFFER)
            .write_buffer_size(BUFFER)
            .on_upgrade(move |socket| refuse_outdated(socket, slot)));
    }
    let id = Uuid::parse_str(&q.room).map_err(|_| ApiError::NotFound("room"))?;
    let handle = state
        .rooms
        .find(id)
        .await
        .ok_or(ApiError::NotFound("room"))?;
    let identity = match q.token.clone().or_else(|| token_from_parts(&parts)) {
        Some(t) => match lookup(&state.store, &t).await {
            Ok(i) => Some(i),
            Err(ApiError::Unauthorized) => None,
            Err(e) => return Err(e),
        },
        None => None,
    };
    // On a `members` or `invite` server a guest's socket watches only.
    let identity = identity.filter(|i| i.may_play(state.config.access));
    let identity = room_identity(&state, &handle, identity, q.code.as_deref(), addr).await?;
    let limit = state.config.limits.max_message_bytes;
    // A small send buffer: a client that does not read fills it in seconds and is seen
    // stuck (`SEND_TIMEOUT`), instead of the kernel taking hundreds of KiB for it first.
    if let Some(buffer) = parts.extensions.get::<SendBuffer>() {
        buffer.cap(state.config.limits.socket_send_buffer);
    }
    // Boxed: what the socket's task keeps is stored once, behind one pointer, rather than
    // in each of the futures it passes through (memory per socket).
    let conn = Box::new(Conn {
        _slot: slot,
        rooms: state.rooms.clone(),
        room: handle,
        registration: identity
            .as_ref()
            .map(|i| state.sockets.register(i.id, i.session)),
        guest: !identity.as_ref().is_some_and(|i| i.account.is_some()),
        participant: identity.map(|i| i.participant()),
        since: q.since,
        lang: Lang::of_headers(&parts.headers),
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

/// A place for one more socket from `addr`: refused while the server restarts, when the
/// server has `--max-connections` open, or the address `--sockets-per-address`. A direct
/// client's connection was counted against its address at accept (`crate::run`); one that
/// came through a trusted proxy is counted here, by the client's own address.
fn admit(state: &AppState, addr: ClientAddr) -> Result<Option<AddressSlot>, ApiError> {
    if state.rooms.is_shutting_down() {
        return Err(ApiError::Unavailable("the server is restarting"));
    }
    // Checked before the upgrade, so a burst of simultaneous upgrades may pass the cap by
    // a few; that is the price of not holding a lock here. Connections in their lingering
    // close still hold their place.
    let open = state
        .metrics
        .sockets
        .load(std::sync::atomic::Ordering::Relaxed)
        .saturating_add(state.sockets.counts().lingering() as u64);
    if open >= state.config.limits.max_connections as u64 {
        state.metrics.overloaded(Overload::Socket);
        return Err(ApiError::Overloaded("open connections"));
    }
    if !addr.proxied() {
        return Ok(None);
    }
    let max = state.config.limits.sockets_per_address;
    state
        .sockets
        .admit(addr.key(), max)
        .map(Some)
        .map_err(|open| {
            state.limiters.count(HttpCode::TooManySockets.as_str());
            ApiError::Limited {
                code: HttpCode::TooManySockets.as_str(),
                message: format!(
                "this address already has {open} sockets open (at most {max}); close some first"
            ),
            }
        })
}

/// Who a socket acts as in a room: in a private room, a player
/// who is neither its host nor seated acts only with the room's invite `code`; without one
/// the socket watches. Every code tried counts against the address's invite limit.
///
/// # Errors
/// 429 `invite_rate_limited` past the limit; 403 `bad_invite_code` for a wrong code.
async fn room_identity(
    state: &AppState,
    room: &RoomHandle,
    identity: Option<Identity>,
    code: Option<&str>,
    addr: ClientAddr,
) -> Result<Option<Identity>, ApiError> {
    let summary = room.summary();
    let Some(invite) = summary.invite_code else {
        return Ok(identity);
    };
    let Some(who) = identity else {
        return Ok(None);
    };
    if who.id == summary.host {
        return Ok(Some(who));
    }
    if let Some(code) = code {
        state.limiters.invite_code.check(&addr.key().to_string())?;
        if code.trim().eq_ignore_ascii_case(&invite) {
            return Ok(Some(who));
        }
        return Err(ApiError::denied(
            "bad_invite_code",
            "this is not the room's invite code",
        ));
    }
    let seated = matches!(
        room.snapshot(Some(lobby::PlayerId(who.id))).await,
        Some((lobby::Viewer::Seat(_), _))
    );
    Ok(seated.then_some(who))
}

/// What a socket's task keeps besides the socket itself.
struct Conn {
    /// Held while the socket is open: its place under the client's cap (a proxied client's;
    /// a direct client's connection holds its own).
    _slot: Option<AddressSlot>,
    rooms: Rooms,
    room: RoomHandle,
    /// Ends the socket when the server says so (ban, end of session); `None` for a
    /// spectator without an identity.
    registration: Option<Registration>,
    participant: Option<Participant>,
    /// The participant has no account: refused a seat in a rated room.
    guest: bool,
    /// The client's `since`.
    since: Option<u64>,
    /// The language of its error sentences: the `lang` cookie or `Accept-Language` of the
    /// upgrade request.
    lang: Lang,
    counts: Arc<Counts>,
}

/// Serves one socket from one task: the client's messages, their answers, the room's
/// broadcast and the timers, all written in order to the unsplit socket. Everything that
/// only runs once or per message (attaching, the answer to a command) is boxed, so that an
/// idle socket's future stays small (memory per socket).
///
/// The socket is owned here and lent to `session::follow`: a future keeps room for each argument
/// it was given for its whole life, so a socket moved down a chain of async fns would be
/// stored once per link.
async fn serve(mut ws: WebSocket, conn: Box<Conn>) {
    let metrics = conn.rooms.metrics();
    Metrics::inc(&metrics.sockets);
    // Boxed: the attachment's future is alive only once.
    let attached = Box::pin(conn.room.attach(conn.participant.clone(), conn.since)).await;
    if let Some(Attached {
        viewer,
        initial,
        rx: events,
    }) = attached
    {
        session::follow(&mut ws, &conn, viewer, initial, events).await;
        // The connection goes first (its lingering close keeps its place under
        // `--max-connections`).
        drop(ws);
        Box::pin(conn.room.detach(conn.participant.clone())).await;
    }
    Metrics::dec(&metrics.sockets);
    // The address's place is freed with `conn`.
}

/// Closes the socket of an outdated web client with [`CLOSE_OUTDATED`], before it joins its
/// room (no presence, no snapshot), and waits for the client's Close as every close does.
async fn refuse_outdated(mut ws: WebSocket, _slot: Option<AddressSlot>) {
    use axum::extract::ws::{CloseFrame, Message, Utf8Bytes};
    let close = Message::Close(Some(CloseFrame {
        code: CLOSE_OUTDATED,
        reason: Utf8Bytes::from_static("outdated"),
    }));
    if ws.send(close).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_GRACE, async {
        while let Some(Ok(message)) = ws.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// How long the server waits for the client's answer to its Close frame, reading and
/// dropping what still arrives so the connection ends with a close handshake, not a reset.
pub(super) const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The close code of a read error: 1009 for a message over the hard size cap, else 1002.
pub(super) fn close_code(e: &axum::Error) -> (u16, &'static str) {
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
