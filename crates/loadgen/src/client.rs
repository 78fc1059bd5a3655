//! The client side of the server's HTTP API and WebSocket protocol, as much as the load
//! generator needs: identities, room creation, and sockets speaking the JSON envelope.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

/// A socket to one room.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An identity made by `GET /api/me` (the token comes in the body for non-browser clients).
#[derive(Clone, Debug)]
pub struct Identity {
    /// The player's id.
    pub id: Uuid,
    /// Its bearer token.
    pub token: String,
}

/// The server's HTTP API on loopback.
#[derive(Clone, Debug)]
pub struct Api {
    addr: SocketAddr,
    http: reqwest::Client,
}

/// Refuses anything but a loopback address: load is never sent elsewhere.
///
/// # Errors
/// `addr` is not a loopback address.
pub fn loopback_only(addr: SocketAddr) -> anyhow::Result<SocketAddr> {
    if addr.ip().is_loopback() {
        Ok(addr)
    } else {
        bail!("{addr} is not a loopback address: the load generator only targets 127.0.0.1")
    }
}

impl Api {
    /// A client of the server at `addr` (loopback only).
    ///
    /// # Errors
    /// `addr` is not loopback, or the HTTP client cannot be built.
    pub fn new(addr: SocketAddr) -> anyhow::Result<Api> {
        let addr = loopback_only(addr)?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .tcp_nodelay(true)
            .build()
            .context("HTTP client")?;
        Ok(Api { addr, http })
    }

    /// The server's address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// A new identity.
    ///
    /// # Errors
    /// The request failed or the answer lacks the id or token.
    pub async fn identity(&self) -> anyhow::Result<Identity> {
        let body: Value = self.get_json("/api/me", None).await?;
        let id = body
            .get("id")
            .and_then(Value::as_str)
            .and_then(|s| Uuid::parse_str(s).ok())
            .ok_or_else(|| anyhow!("/api/me: no id in {body}"))?;
        let token = body
            .get("token")
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("/api/me: no token in {body}"))?
            .to_string();
        Ok(Identity { id, token })
    }

    /// Creates a public room of `game` with `host` seated as White; its id.
    ///
    /// # Errors
    /// The request failed or was refused (the error names the status and code).
    pub async fn create_room(&self, host: &Identity, game: &str) -> anyhow::Result<Uuid> {
        let res = self
            .http
            .post(self.url("/api/rooms"))
            .bearer_auth(&host.token)
            .json(&json!({ "game": game, "seat": "white", "auto_start": false }))
            .send()
            .await
            .context("POST /api/rooms")?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            let code = body
                .get("error")
                .and_then(|e| e.get("code").or(Some(e)))
                .and_then(Value::as_str)
                .unwrap_or("unknown");
            bail!("http_{}_{code}", status.as_u16());
        }
        body.get("id")
            .and_then(Value::as_str)
            .and_then(|s| Uuid::parse_str(s).ok())
            .ok_or_else(|| anyhow!("POST /api/rooms: no id in {body}"))
    }

    /// `GET path` as JSON, with a bearer token if given.
    ///
    /// # Errors
    /// The request failed, or the status is not a success.
    pub async fn get_json(&self, path: &str, token: Option<&str>) -> anyhow::Result<Value> {
        let mut req = self.http.get(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.with_context(|| format!("GET {path}"))?;
        let status = res.status();
        if !status.is_success() {
            bail!("GET {path}: {status}");
        }
        res.json()
            .await
            .with_context(|| format!("GET {path}: body"))
    }

    /// The server's `/metrics` text, `None` if it cannot be read.
    pub async fn metrics(&self) -> Option<String> {
        let res = self.http.get(self.url("/metrics")).send().await.ok()?;
        if !res.status().is_success() {
            return None;
        }
        res.text().await.ok()
    }

    /// True once `GET /readyz` answers 200.
    pub async fn ready(&self) -> bool {
        matches!(
            self.http.get(self.url("/readyz")).send().await,
            Ok(r) if r.status().is_success()
        )
    }

    /// Connects a socket to `room` as `who`.
    ///
    /// # Errors
    /// The connection or the upgrade failed.
    pub async fn connect(&self, room: Uuid, who: &Identity) -> anyhow::Result<Socket> {
        let url = format!("ws://{}/ws?room={room}&token={}", self.addr, who.token);
        // The default 128 KiB read buffer is zero-filled before every read: with thousands
        // of sockets that memset was 29% of the load generator's CPU (perf). The server's
        // messages are a few KiB; a larger one grows the buffer.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        // TCP_NODELAY, as the server's: small frames, wanted at once.
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .context("WebSocket upgrade")?;
        Ok(ws)
    }
}

/// One client message, serialised straight from its parts.
#[derive(Serialize)]
struct Outgoing<'a, T> {
    #[serde(rename = "type")]
    kind: &'a str,
    id: u64,
    data: T,
}

/// Sends one envelope.
///
/// # Errors
/// The socket is closed.
pub async fn send(
    ws: &mut Socket,
    kind: &str,
    id: u64,
    data: impl Serialize,
) -> anyhow::Result<()> {
    let text = serde_json::to_string(&Outgoing { kind, id, data }).context("message")?;
    ws.send(Message::Text(text.into()))
        .await
        .context("socket send")
}

/// The next text message on `ws` (pings and other frames skipped); `None` once the stream
/// ends or the server closes without a code. Read it with [`crate::scan::read`].
///
/// # Errors
/// A socket error, or a Close frame with a code (the error is `closed_<code>`).
pub async fn next_text(ws: &mut Socket) -> anyhow::Result<Option<Utf8Bytes>> {
    loop {
        match ws.next().await {
            None => return Ok(None),
            Some(Err(e)) => return Err(e).context("socket receive"),
            Some(Ok(Message::Text(t))) => return Ok(Some(t)),
            // The server's reason to close is what a report needs (1008, 1013...).
            Some(Ok(Message::Close(Some(frame)))) => bail!("closed_{}", u16::from(frame.code)),
            Some(Ok(Message::Close(None))) => return Ok(None),
            Some(Ok(_)) => continue,
        }
    }
}

/// Sends `kind` with `id` and reads until its `ack` (events read meanwhile are dropped).
///
/// # Errors
/// The server answered with an `error` (its code is the message), or the socket closed.
pub async fn command(ws: &mut Socket, kind: &str, id: u64, data: Value) -> anyhow::Result<()> {
    send(ws, kind, id, data).await?;
    while let Some(text) = next_text(ws).await? {
        let m = crate::scan::read(&text)?;
        if m.id != Some(id) {
            continue;
        }
        return match &*m.kind {
            "ack" => Ok(()),
            _ => Err(anyhow!("{}", m.error_code())),
        };
    }
    bail!("socket_closed")
}

/// Resident memory of process `pid` in KiB (`VmRSS` of `/proc/<pid>/status`).
///
/// # Errors
/// The file cannot be read or has no `VmRSS` line.
pub fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .with_context(|| format!("cannot read /proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| anyhow!("no VmRSS in /proc/{pid}/status"))
}

/// The server's per-socket limits as its `/metrics` publishes them
/// (`checkerhall_ws_*` gauges), as one line of text; `None` if it does not.
pub async fn socket_limits(api: &Api) -> Option<String> {
    let text = api.metrics().await?;
    let value = |name: &str| {
        text.lines().find_map(|l| {
            l.strip_prefix(name)?
                .strip_prefix(' ')?
                .trim()
                .parse::<u64>()
                .ok()
        })
    };
    Some(format!(
        "{} messages/s, bursts of {}, {} bytes per message",
        value("checkerhall_ws_messages_per_second")?,
        value("checkerhall_ws_message_burst")?,
        value("checkerhall_ws_max_message_bytes")?
    ))
}

/// A short, stable name for what went wrong, for the "errors by kind" report: refused
/// connections, resets, HTTP statuses of refused upgrades (`ws_upgrade_http_503`), close
/// codes (`closed_1013`), timeouts; otherwise the error's own text (which for refused
/// requests is already `http_<status>_<code>`).
pub fn error_kind(e: &anyhow::Error) -> String {
    use tokio_tungstenite::tungstenite::Error as WsError;
    for cause in e.chain() {
        if let Some(ws) = cause.downcast_ref::<WsError>() {
            match ws {
                WsError::Http(res) => return format!("ws_upgrade_http_{}", res.status().as_u16()),
                WsError::Io(io) => return io_kind(io),
                WsError::ConnectionClosed | WsError::AlreadyClosed => {
                    return "socket_closed".into()
                }
                WsError::Protocol(_) => return "ws_protocol_error".into(),
                _ => {}
            }
        }
        if let Some(io) = cause.downcast_ref::<std::io::Error>() {
            return io_kind(io);
        }
        if let Some(r) = cause.downcast_ref::<reqwest::Error>() {
            if r.is_timeout() {
                return "http_timeout".into();
            }
            if r.is_connect() {
                return "http_connect_failed".into();
            }
        }
    }
    e.to_string()
}

fn io_kind(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::ConnectionRefused => "connection_refused".into(),
        ErrorKind::ConnectionReset => "connection_reset".into(),
        ErrorKind::ConnectionAborted => "connection_aborted".into(),
        ErrorKind::TimedOut => "timed_out".into(),
        ErrorKind::UnexpectedEof => "unexpected_eof".into(),
        // EMFILE: this process ran out of file descriptors (see `raise_fd_limit`).
        _ if e.raw_os_error() == Some(24) => "too_many_open_files".into(),
        k => format!("io_{k:?}").to_lowercase(),
    }
}

/// Raises this process's soft limit on open files to its hard limit (a run of N rooms needs
/// 2N sockets plus a few); the new soft limit.
///
/// # Errors
/// The limit cannot be read or set.
pub fn raise_fd_limit() -> anyhow::Result<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let now = getrlimit(Resource::Nofile);
    let wanted = Rlimit {
        current: now.maximum,
        maximum: now.maximum,
    };
    setrlimit(Resource::Nofile, wanted).context("setrlimit(RLIMIT_NOFILE)")?;
    Ok(getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use std::borrow::Cow;

    use super::*;

    #[test]
    fn error_kinds_name_refused_connections_and_keep_http_codes() {
        let refused =
            anyhow::Error::from(std::io::Error::from(std::io::ErrorKind::ConnectionRefused))
                .context("WebSocket upgrade");
        assert_eq!(error_kind(&refused), "connection_refused");
        let emfile = anyhow::Error::from(std::io::Error::from_raw_os_error(24));
        assert_eq!(error_kind(&emfile), "too_many_open_files");
        assert_eq!(
            error_kind(&anyhow!("http_503_overloaded")),
            "http_503_overloaded"
        );
    }

    /// The fields the load generator reads point into the message's text (no copy per
    /// message), unless a string has escapes.
    #[test]
    fn envelopes_borrow_their_strings() {
        let text = r#"{"type":"event","v":10,"data":{"version":10,"audience":{"seat":"black"},"type":"your_turn","seat":"black","legal_moves":[{"text":"a5-b4","origin":"a5","path":["b4"],"captured":[],"drop":null,"promotes":false}],"board":{"plies":7}}}"#;
        let m = crate::scan::read(text).unwrap();
        assert!(matches!(m.kind, Cow::Borrowed("event")));
        let data = m.data.as_ref().unwrap();
        assert!(matches!(data.kind, Some(Cow::Borrowed("your_turn"))));
        assert!(matches!(data.random_move, Some(Cow::Borrowed("a5-b4"))));
        assert_eq!(m.plies(), Some(7));
        let error = r#"{"type":"error","id":5,"data":{"code":"illegal_move","message":"a \"capture\" is compulsory"}}"#;
        let m = crate::scan::read(error).unwrap();
        assert_eq!((m.id, m.error_code()), (Some(5), "illegal_move"));
        assert!(matches!(
            m.data.as_ref().unwrap().code,
            Some(Cow::Borrowed(_))
        ));
        let escaped = r#"{"type":"snapshot","data":{"state":"play\u0069ng","legal_moves":null}}"#;
        let m = crate::scan::read(escaped).unwrap();
        let data = m.data.as_ref().unwrap();
        assert_eq!(data.state.as_deref(), Some("playing"));
        assert!(data.random_move.is_none());
    }

    /// Each legal move is picked about as often as the others (3,000 draws of three: each
    /// is expected 1,000 times, and 800 is more than seven standard deviations below).
    #[test]
    fn every_legal_move_is_picked_alike() {
        let text = r#"{"type":"event","data":{"type":"your_turn","legal_moves":[{"text":"a"},{"text":"b"},{"text":"c"}]}}"#;
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..3000 {
            let m = crate::scan::read(text).unwrap();
            let pick = m.data.unwrap().random_move.unwrap().into_owned();
            *counts.entry(pick).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 3, "{counts:?}");
        assert!(counts.values().all(|&n| n > 800), "{counts:?}");
        let none = r#"{"type":"event","data":{"type":"your_turn","legal_moves":[]}}"#;
        assert!(crate::scan::read(none)
            .unwrap()
            .data
            .unwrap()
            .random_move
            .is_none());
    }

    #[test]
    fn only_loopback_is_a_target() {
        assert!(loopback_only("127.0.0.1:8080".parse().unwrap()).is_ok());
        assert!(loopback_only("10.0.0.1:8080".parse().unwrap()).is_err());
    }
}
