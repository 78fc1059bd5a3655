//! The one way the tests start an in-process server ([`Server::setup`] and its shorthands:
//! a real server on 127.0.0.1:0, configurable limits, settings and database, with its
//! address and a shutdown), real WebSocket clients, and waiting with a deadline.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::config::{Limits, ServerConfig};
use server::identity::Identity;
use server::AppState;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Longest a test waits for anything (a message, a condition, a server to stop): generous
/// on a loaded 2-core machine, but a hang fails instead of running forever.
pub const WAIT: Duration = Duration::from_secs(30);

/// Each seat of a two-seat `game` just started with its default options moves once (the
/// first legal move), White first, each move acknowledged: the game counts from then on,
/// so a resignation or a claim is a result and not an abort. Returns the moves.
pub async fn both_move(game: &str, white: &mut Client, black: &mut Client) -> Vec<String> {
    let variant: rules::Variant = game.parse().unwrap();
    let options = rules::AnyOptions::default_for(variant);
    let mut pos = rules::AnyPosition::new(variant, &options).unwrap();
    let mut played = Vec::new();
    for mover in [white, black] {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        mover.act("move", json!({ "move": text })).await;
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        played.push(text);
    }
    played
}

/// Polls `cond` every few milliseconds until it holds; panics naming `what` after [`WAIT`].
pub async fn eventually<F, Fut>(what: &str, mut cond: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if cond().await {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not within {WAIT:?}: {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `fut`, or a panic naming `what` after [`WAIT`].
pub async fn within<T>(what: &str, fut: impl Future<Output = T>) -> T {
    tokio::time::timeout(WAIT, fut)
        .await
        .unwrap_or_else(|_| panic!("not within {WAIT:?}: {what}"))
}

/// How to start a [`Server`]: a memory SQLite database and the default settings unless
/// changed. Every in-process server of the tests starts here.
pub struct Setup {
    config: ServerConfig,
}

impl Setup {
    /// The database (any URL `ServerConfig` takes: `sqlite::memory:`, a SQLite file, a
    /// Postgres database of [`crate::clubdb`]).
    pub fn database(mut self, url: impl Into<String>) -> Setup {
        self.config.database_url = url.into();
        self
    }

    /// Changes the limits.
    pub fn limits(mut self, tune: impl FnOnce(&mut Limits)) -> Setup {
        tune(&mut self.config.limits);
        self
    }

    /// Changes any other setting.
    pub fn config(mut self, tune: impl FnOnce(&mut ServerConfig)) -> Setup {
        tune(&mut self.config);
        self
    }

    /// Starts the state and serves it with `server::run` on a free loopback port.
    pub async fn start(self) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        self.start_on(listener).await
    }

    /// Starts the state and serves it on `listener`, bound beforehand by a test whose
    /// settings name the server's own address (the links in its mails).
    pub async fn start_on(self, listener: tokio::net::TcpListener) -> Server {
        let state = AppState::start(self.config).await.expect("server state");
        let addr = listener.local_addr().unwrap();
        let (stop, rx) = oneshot::channel::<()>();
        let join = tokio::spawn(server::run(listener, state.clone(), async move {
            let _ = rx.await;
        }));
        Server {
            addr,
            state,
            stop: Some(stop),
            tokens: Default::default(),
            join: Some(join),
        }
    }
}

/// A running server. Dropping it starts its shutdown (without waiting for it).
pub struct Server {
    pub addr: SocketAddr,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    tokens: std::sync::Mutex<(String, String)>,
    join: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

impl Server {
    /// A [`Setup`]: memory SQLite, default settings.
    pub fn setup() -> Setup {
        Setup {
            config: ServerConfig::new("sqlite::memory:"),
        }
    }

    /// A server with exactly `config`.
    pub async fn start(config: ServerConfig) -> Server {
        Setup { config }.start().await
    }

    /// A server on a memory database with the default settings.
    pub async fn memory() -> Server {
        Server::setup().start().await
    }

    /// A server on a memory database with `tune` applied to the default limits.
    pub async fn with_limits(tune: impl FnOnce(&mut Limits)) -> Server {
        Server::setup().limits(tune).start().await
    }

    /// `http://127.0.0.1:<port>`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The value of the `/metrics` line that starts with `key` (`name{labels}`), 0 if absent.
    pub async fn metric(&self, key: &str) -> u64 {
        let text = reqwest::get(self.url("/metrics"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let key = format!("{key} ");
        text.lines()
            .find_map(|l| l.strip_prefix(&key))
            .map_or(0, |n| n.trim().parse().unwrap())
    }

    /// Opens a two-seat room: the host sits White, a guest Black; both sockets connected
    /// and the game started (their tokens kept for [`Server::first_host`]).
    pub async fn two_seat_game(&self, game: &str) -> (String, Client, Client) {
        self.two_seat_room(json!({"game": game, "seat": "white"}))
            .await
    }

    /// [`Server::two_seat_game`] for a room created with `body` (the host sits White).
    pub async fn two_seat_room(&self, body: Value) -> (String, Client, Client) {
        let (_, host_token) = self.player().await;
        let (_, guest_token) = self.player().await;
        self.remember(&host_token, &guest_token);
        let (status, created) = self.create_room(&host_token, body).await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let mut host = self.ws(&id, Some(&host_token), None).await;
        let mut guest = self.ws(&id, Some(&guest_token), None).await;
        host.until("snapshot", |v| v["type"] == "snapshot").await;
        guest.until("snapshot", |v| v["type"] == "snapshot").await;
        guest.act("take_seat", json!({"seat": "black"})).await;
        host.act("start", json!({})).await;
        (id, host, guest)
    }

    /// Stops the server (the shutdown future resolves) and waits for `run` to return.
    pub async fn stop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(j) = self.join.take() {
            within("the server stops", j).await.unwrap().unwrap();
        }
    }

    /// Sends `request` (raw HTTP/1.1 bytes, which should say `Connection: close`) on a new
    /// connection and returns the status and the body: for what an HTTP client would not
    /// send as written (a path with `..`, a broken query string).
    pub async fn raw(&self, request: &str) -> (u16, String) {
        let mut tcp = TcpStream::connect(self.addr).await.unwrap();
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut out = Vec::new();
        within("the raw answer", tcp.read_to_end(&mut out))
            .await
            .unwrap();
        let text = String::from_utf8_lossy(&out).to_string();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status line: {text}"));
        let body = text
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    /// A new identity and its token.
    pub async fn player(&self) -> (Identity, String) {
        server::identity::issue(&self.state.store, server::identity::now_ms())
            .await
            .expect("identity")
    }

    /// Remembers the host's and guest's tokens of the last two-seat game.
    pub fn remember(&self, host: &str, guest: &str) {
        *self.tokens.lock().unwrap() = (host.to_string(), guest.to_string());
    }

    pub async fn first_host(&self) -> (uuid::Uuid, String) {
        (uuid::Uuid::nil(), self.tokens.lock().unwrap().0.clone())
    }

    pub async fn last_guest(&self) -> (uuid::Uuid, String) {
        (uuid::Uuid::nil(), self.tokens.lock().unwrap().1.clone())
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// `POST /api/rooms` with `body`; the JSON answer and status. A room the body does not
    /// say starts by itself is started by its host (`auto_start: false`): the tests start
    /// their games with White first, where the server's default would draw the first seat.
    pub async fn create_room(&self, token: &str, mut body: Value) -> (u16, Value) {
        if let Some(fields) = body.as_object_mut() {
            fields.entry("auto_start").or_insert(Value::Bool(false));
        }
        let r = reqwest::Client::new()
            .post(self.url("/api/rooms"))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = reqwest::Client::new().get(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn ws(&self, room: &str, token: Option<&str>, since: Option<u64>) -> Client {
        Client::connect(self.addr, room, token, since).await
    }
}

impl Client {
    /// A socket to `room` on the server at `addr` (in this process or not).
    pub async fn connect(
        addr: SocketAddr,
        room: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Client {
        let mut url = format!("ws://{addr}/ws?room={room}");
        if let Some(t) = token {
            url.push_str(&format!("&token={t}"));
        }
        if let Some(s) = since {
            url.push_str(&format!("&since={s}"));
        }
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("ws connect");
        Client {
            ws,
            next_id: 0,
            seen: Vec::new(),
            version: 0,
            backlog: Default::default(),
        }
    }
}

/// A WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Every JSON message received.
    pub seen: Vec<Value>,
    /// The last version seen.
    pub version: u64,
    /// Messages read but not yet matched by [`Client::until`].
    backlog: std::collections::VecDeque<Value>,
}

impl Client {
    pub async fn send_raw(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends `{type, id, data}`; returns the id.
    pub async fn send(&mut self, kind: &str, data: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send_raw(json!({"type": kind, "id": id, "data": data}).to_string())
            .await;
        id
    }

    /// The next JSON message (pings and lag reports are recorded too).
    pub async fn recv(&mut self) -> Option<Value> {
        loop {
            let m = within("a message", self.ws.next()).await?;
            match m.ok()? {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if let Some(ver) = v.get("v").and_then(Value::as_u64) {
                        if v["type"] == "event" || v["type"] == "snapshot" {
                            self.version = self.version.max(ver);
                            if v["type"] == "snapshot" {
                                self.version = ver;
                            }
                        }
                    }
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Reads until `pred` holds; returns that message.
    ///
    /// Panics after twice [`WAIT`] in all: the server's pings keep every single read short,
    /// so without this bound a message that never comes would hang the suite.
    pub async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return self.backlog.remove(i).unwrap();
        }
        let deadline = tokio::time::Instant::now() + 2 * WAIT;
        loop {
            assert!(
                tokio::time::Instant::now() < deadline,
                "not within {:?}: {what}",
                2 * WAIT
            );
            match self.recv().await {
                Some(v) if pred(&v) => return v,
                Some(v) => self.backlog.push_back(v),
                None => panic!("socket closed while waiting for {what}"),
            }
        }
    }

    /// Sends a command and waits for its ack (panics on an error reply).
    pub async fn act(&mut self, kind: &str, data: Value) -> u64 {
        let id = self.send(kind, data.clone()).await;
        let reply = self
            .until("reply", |v| {
                v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error")
            })
            .await;
        assert_eq!(reply["type"], "ack", "{kind} {data}: {reply}");
        reply["v"].as_u64().unwrap()
    }

    /// Sends a command and returns the error code it gets.
    pub async fn refused(&mut self, kind: &str, data: Value) -> String {
        let id = self.send(kind, data.clone()).await;
        let reply = self
            .until("reply", |v| {
                v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error")
            })
            .await;
        assert_eq!(reply["type"], "error", "{kind} {data}: {reply}");
        reply["data"]["code"].as_str().unwrap().to_string()
    }

    /// Both seats of a finished two-seat game ask for a rematch; the new room's id.
    pub async fn rematch(&mut self, other: &mut Client) -> String {
        self.act("rematch", json!({})).await;
        other.act("rematch", json!({})).await;
        let rematch = self
            .until("the new room", |v| {
                v["data"]["type"] == "rematch" && !v["data"]["room"].is_null()
            })
            .await;
        rematch["data"]["room"].as_str().unwrap().to_string()
    }

    /// Reads until an event of `kind` arrives.
    pub async fn event(&mut self, kind: &str) -> Value {
        self.until(kind, |v| v["type"] == "event" && v["data"]["type"] == kind)
            .await
    }

    /// Reads until nothing arrives for `ms` (or the stream ends); at most [`WAIT`] in all.
    pub async fn drain(&mut self, ms: u64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while let Ok(Some(Ok(m))) =
            tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "messages kept coming for {WAIT:?}"
            );
            if let Message::Text(t) = m {
                self.seen.push(serde_json::from_str(&t).unwrap());
            }
        }
    }
}
