//! Tables that play through nginx the way a real client does across node failures: two
//! players per table, one socket each, random legal moves as fast as the rooms take them.
//! A socket that closes, is told `restarting`, or stalls (its node paused) is opened again
//! through nginx with `since` (the last version seen), and the table goes on from what the
//! replay tells it. Every move answered with `ack` is recorded with the time it came, so a
//! test can check that each one is stored and time a room's takeover.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rand::seq::SliceRandom;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

use crate::harness::Http;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a table waits without any progress (no event, no answer) before it opens its
/// sockets again: a socket on a paused node hears nothing and says nothing.
const STALL: Duration = Duration::from_secs(3);
/// How long one connection attempt may take (an upgrade sent to a paused node is never
/// answered).
const CONNECT: Duration = Duration::from_secs(3);

/// A move the server acknowledged.
#[derive(Clone, Debug)]
pub struct Acked {
    pub room: Uuid,
    pub ply: u64,
    pub notation: String,
    /// When the `ack` arrived.
    pub at: Instant,
}

/// What every table of a run saw, shared while they play.
#[derive(Default)]
pub struct Record {
    pub acked: Vec<Acked>,
    /// Every room a table played in.
    pub rooms: Vec<Uuid>,
    /// Sockets opened again with `since`.
    pub reconnects: u64,
    /// ... whose first answer was the missed events (not a snapshot).
    pub resynced_by_events: u64,
    /// ... whose first answer was a snapshot.
    pub resynced_by_snapshot: u64,
    /// `restarting` messages received.
    pub restarting: u64,
    /// Close codes received, by code.
    pub closes: BTreeMap<u16, u64>,
    /// Refusals of moves, by code.
    pub refusals: BTreeMap<String, u64>,
    /// Games that ended (each table then opens a new room).
    pub games: u64,
    /// The last things each room's table sent, heard and did, with when: what a test
    /// prints about a room that stopped.
    pub trace: HashMap<Uuid, VecDeque<(Instant, String)>>,
}

/// How many lines of a room's [`Record::trace`] are kept.
const TRACE: usize = 80;

/// The tables of a run.
pub struct Tables {
    pub record: Arc<Mutex<Record>>,
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Tables {
    /// Those of `rooms` the tables played in. A room whose start was stored but whose
    /// answer a dying node never sent is under way with nobody at it: the table left it
    /// for a new room, so it takes no move and is not waited for.
    pub fn played(&self, rooms: &[Uuid]) -> Vec<Uuid> {
        let record = self.record.lock().unwrap();
        rooms
            .iter()
            .filter(|r| record.rooms.contains(r))
            .copied()
            .collect()
    }

    /// Starts `n` tables of `game` through nginx at `nginx`; returns once each has its first
    /// room open and its game started.
    pub async fn start(http: &Http, nginx: SocketAddr, n: usize, game: &str) -> Tables {
        let record = Arc::new(Mutex::new(Record::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (ready_tx, mut ready) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for _ in 0..n {
            let table = Table {
                http: http.clone(),
                nginx,
                game: game.to_string(),
                record: record.clone(),
                stop: stop.clone(),
            };
            let ready = ready_tx.clone();
            tasks.push(tokio::spawn(async move { table.run(ready).await }));
        }
        drop(ready_tx);
        for _ in 0..n {
            tokio::time::timeout(Duration::from_secs(60), ready.recv())
                .await
                .expect("every table opened its first game within 60 s")
                .expect("a table panicked before its first game");
        }
        Tables {
            record,
            stop,
            tasks,
        }
    }

    /// What the table of `room` last sent, heard and did, oldest first, each line with its
    /// time before `now`.
    pub fn trace_of(&self, room: Uuid) -> String {
        let now = Instant::now();
        let record = self.record.lock().unwrap();
        record
            .trace
            .get(&room)
            .map(|t| {
                t.iter()
                    .map(|(at, line)| format!("-{:>6} ms {line}", (now - *at).as_millis()))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default()
    }

    /// The moves acknowledged so far.
    pub fn acked(&self) -> usize {
        self.record.lock().unwrap().acked.len()
    }

    /// Waits until `more` moves beyond now were acknowledged, or panics after `within`.
    pub async fn progress(&self, more: usize, within: Duration, what: &str) {
        let target = self.acked() + more;
        let give_up = Instant::now() + within;
        while self.acked() < target {
            assert!(
                Instant::now() < give_up,
                "{what}: fewer than {more} moves acknowledged within {within:?} ({} of {target})",
                self.acked()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Stops every table and returns what they saw.
    pub async fn stop(self) -> Record {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.await.expect("a table panicked");
        }
        Arc::try_unwrap(self.record)
            .ok()
            .expect("the tables are done")
            .into_inner()
            .unwrap()
    }
}

/// A player: an identity made through `GET /api/me`.
#[derive(Clone)]
struct Player {
    token: String,
}

struct Table {
    http: Http,
    nginx: SocketAddr,
    game: String,
    record: Arc<Mutex<Record>>,
    stop: Arc<AtomicBool>,
}

/// One seat's socket and what it last saw.
struct Seat {
    player: Player,
    ws: Option<Socket>,
    /// The last room version seen on this seat's sockets (events and snapshots).
    version: u64,
    next_id: u64,
    /// The move sent and not yet answered: (id, ply, notation).
    pending: Option<(u64, u64, String)>,
    /// The socket was opened again and its first answer not yet seen.
    resyncing: bool,
}

/// The game as the table knows it.
#[derive(Default)]
struct Game {
    /// Plies on the board as last seen.
    plies: u64,
    /// The seat told to move (index), its legal moves, and the version that said so.
    turn: Option<(usize, Vec<String>, u64)>,
    /// The version of the last `moved` event.
    moved_at: u64,
    over: bool,
    /// No move is sent before this (a refused move is tried again a moment later).
    hold_until: Option<Instant>,
}

/// The text of each legal move in a `legal_moves` list (strings, or objects with `text`).
fn legal(list: &Value) -> Vec<String> {
    list.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| {
                    m.as_str()
                        .or_else(|| m.get("text").and_then(Value::as_str))
                        .map(str::to_string)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The next message of a socket, or never if there is none.
async fn next(ws: &mut Option<Socket>) -> Option<Result<Message, String>> {
    match ws {
        Some(ws) => ws.next().await.map(|r| r.map_err(|e| e.to_string())),
        None => std::future::pending().await,
    }
}

impl Table {
    /// Adds a line to `room`'s trace.
    fn trace(&self, room: Uuid, line: String) {
        let mut r = self.record.lock().unwrap();
        let t = r.trace.entry(room).or_default();
        if t.len() == TRACE {
            t.pop_front();
        }
        t.push_back((Instant::now(), line));
    }

    async fn identity(&self) -> Player {
        loop {
            let (status, body) = self.http.get("/api/me", None).await;
            if status == 200 {
                if let Some(token) = body["token"].as_str() {
                    return Player {
                        token: token.to_string(),
                    };
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Opens a socket to `room` through nginx, retrying (a node may be dead, paused or
    /// draining) until one is open or the run stops.
    async fn connect(&self, room: Uuid, who: &Player, since: Option<u64>) -> Option<Socket> {
        let mut url = format!("ws://{}/ws?room={room}&token={}", self.nginx, who.token);
        if let Some(s) = since {
            url.push_str(&format!("&since={s}"));
        }
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Ok((ws, _))) =
                tokio::time::timeout(CONNECT, tokio_tungstenite::connect_async(&url)).await
            {
                return Some(ws);
            }
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            assert!(
                Instant::now() < give_up,
                "no socket to room {room} could be opened through nginx for 60 s"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A new room with the host seated as White and the guest's seat taken and the game
    /// started; both seats' sockets open.
    async fn open_game(&self, host: &Player, guest: &Player) -> Option<(Uuid, [Seat; 2])> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            let (status, body) = self
                .http
                .post(
                    "/api/rooms",
                    &host.token,
                    &json!({"game": self.game, "seat": "white", "auto_start": false}),
                )
                .await;
            let room = body["id"].as_str().and_then(|s| Uuid::parse_str(s).ok());
            let Some(room) = room.filter(|_| status == 201 || status == 200) else {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            let mut seats = [host.clone(), guest.clone()].map(|player| Seat {
                player,
                ws: None,
                version: 0,
                next_id: 10,
                pending: None,
                resyncing: false,
            });
            for s in &mut seats {
                s.ws = self.connect(room, &s.player, None).await;
            }
            if self.start_game(&mut seats).await {
                // Only a started room has a stored game to check afterwards.
                self.record.lock().unwrap().rooms.push(room);
                return Some((room, seats));
            }
            // The node died under the set-up: a new room (this one stays waiting, with no
            // game stored, and is not checked).
        }
    }

    /// The guest takes its seat and the host starts; true once both were acknowledged.
    async fn start_game(&self, seats: &mut [Seat; 2]) -> bool {
        for (i, (kind, id)) in [("take_seat", 1u64), ("start", 2u64)].iter().enumerate() {
            let seat = &mut seats[1 - i];
            let Some(ws) = seat.ws.as_mut() else {
                return false;
            };
            let msg = json!({"type": kind, "id": id, "data": {}}).to_string();
            if ws.send(Message::Text(msg.into())).await.is_err() {
                return false;
            }
            let mut seen = seat.version;
            let answered = tokio::time::timeout(Duration::from_secs(10), async {
                while let Some(Ok(m)) = ws.next().await {
                    if let Message::Text(t) = m {
                        let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                        if let Some(ver) = v["v"].as_u64() {
                            if v["type"] == "snapshot" || v["type"] == "event" {
                                seen = seen.max(ver);
                            }
                        }
                        if v["id"] == json!(id) {
                            return v["type"] == "ack";
                        }
                    }
                }
                false
            })
            .await;
            seat.version = seen;
            if !matches!(answered, Ok(true)) {
                return false;
            }
        }
        true
    }

    async fn run(self, ready: tokio::sync::mpsc::UnboundedSender<()>) {
        let host = self.identity().await;
        let guest = self.identity().await;
        let mut first = true;
        while !self.stop.load(Ordering::Relaxed) {
            let Some((room, seats)) = self.open_game(&host, &guest).await else {
                break;
            };
            if first {
                let _ = ready.send(());
                first = false;
            }
            self.play(room, seats).await;
        }
    }

    /// Plays one game until it ends or the run stops.
    async fn play(&self, room: Uuid, mut seats: [Seat; 2]) {
        // The seats' first sockets opened without `since`: their snapshots (read during
        // the set-up or now) tell the turn. Ask again for certainty: reopen with `since`.
        let mut game = Game::default();
        // The set-up read the snapshots; the start's `your_turn` may already have passed:
        // reopening both seats' sockets with `since` 0 would replay too much, so each seat
        // asks with `sync` for what it missed since its version.
        for s in &mut seats {
            let id = s.next_id;
            s.next_id += 1;
            if let Some(ws) = s.ws.as_mut() {
                let msg = json!({"type": "sync", "id": id, "data": {"since": 0}}).to_string();
                let _ = ws.send(Message::Text(msg.into())).await;
            }
        }
        let mut last_progress = Instant::now();
        let mut tick = tokio::time::interval(Duration::from_millis(50));
        loop {
            if self.stop.load(Ordering::Relaxed) || game.over {
                for s in &mut seats {
                    if let Some(mut ws) = s.ws.take() {
                        let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
                    }
                }
                if game.over {
                    self.record.lock().unwrap().games += 1;
                }
                return;
            }
            let [s0, s1] = &mut seats;
            let (from, msg) = tokio::select! {
                m = next(&mut s0.ws) => (0, m),
                m = next(&mut s1.ws) => (1, m),
                _ = tick.tick() => (2, None),
            };
            if from < 2 {
                match msg {
                    Some(Ok(Message::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                        self.trace(
                            room,
                            format!(
                                "s{from} < {} v={} id={} {}{}",
                                v["type"].as_str().unwrap_or("?"),
                                v["v"],
                                v["id"],
                                v["data"]["type"].as_str().unwrap_or(""),
                                v["data"]["code"].as_str().unwrap_or("")
                            ),
                        );
                        if self.heard(room, &mut seats, from, &v, &mut game) {
                            last_progress = Instant::now();
                        }
                    }
                    Some(Ok(Message::Close(frame))) => {
                        self.trace(room, format!("s{from} < close {frame:?}"));
                        if let Some(f) = frame {
                            *self
                                .record
                                .lock()
                                .unwrap()
                                .closes
                                .entry(u16::from(f.code))
                                .or_insert(0) += 1;
                        }
                        self.reopen(room, &mut seats[from]).await;
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => {
                        self.trace(room, format!("s{from} < socket ended"));
                        self.reopen(room, &mut seats[from]).await;
                    }
                }
            }
            // A stall: no progress for a while (a paused node's sockets hear nothing).
            if last_progress.elapsed() > STALL {
                self.trace(
                    room,
                    format!(
                        "stall: turn {:?}, pending {:?} {:?}",
                        game.turn.as_ref().map(|t| (t.0, t.1.len(), t.2)),
                        seats[0].pending,
                        seats[1].pending
                    ),
                );
                for s in &mut seats {
                    self.reopen(room, s).await;
                }
                last_progress = Instant::now();
            }
            // The seat to move sends its move once nothing is in flight.
            let turn = game.turn.as_ref().map(|(s, m, _)| (*s, m.clone()));
            if let Some((seat, moves)) = turn {
                if seats.iter().all(|s| s.pending.is_none())
                    && game.hold_until.map_or(true, |t| Instant::now() >= t)
                {
                    let Some(choice) = moves.choose(&mut rand::thread_rng()).cloned() else {
                        continue;
                    };
                    let s = &mut seats[seat];
                    let id = s.next_id;
                    s.next_id += 1;
                    let msg =
                        json!({"type": "move", "id": id, "data": {"move": choice}}).to_string();
                    let sent = match s.ws.as_mut() {
                        Some(ws) => ws.send(Message::Text(msg.into())).await.is_ok(),
                        None => false,
                    };
                    self.trace(room, format!("s{seat} > move id={id} {choice} sent={sent}"));
                    if sent {
                        s.pending = Some((id, game.plies, choice));
                    } else {
                        self.reopen(room, s).await;
                    }
                }
            }
        }
    }

    /// Drops a seat's socket and opens it again through nginx with `since`. A move in
    /// flight is forgotten: it was stored or not, and the replay shows which.
    async fn reopen(&self, room: Uuid, seat: &mut Seat) {
        if let Some(mut ws) = seat.ws.take() {
            let _ = tokio::time::timeout(Duration::from_millis(200), ws.close(None)).await;
        }
        seat.pending = None;
        self.trace(room, format!("reopen since={}", seat.version));
        seat.ws = self.connect(room, &seat.player, Some(seat.version)).await;
        if seat.ws.is_some() {
            seat.resyncing = true;
            self.record.lock().unwrap().reconnects += 1;
        }
    }

    /// Reads one message of seat `from`; true when the game moved on (progress).
    fn heard(
        &self,
        room: Uuid,
        seats: &mut [Seat; 2],
        from: usize,
        v: &Value,
        game: &mut Game,
    ) -> bool {
        let kind = v["type"].as_str().unwrap_or("");
        let seat = &mut seats[from];
        let version = v["v"].as_u64();
        if seat.resyncing && (kind == "event" || kind == "snapshot" || kind == "ack") {
            seat.resyncing = false;
            let mut r = self.record.lock().unwrap();
            if kind == "snapshot" {
                r.resynced_by_snapshot += 1;
            } else {
                r.resynced_by_events += 1;
            }
        }
        match kind {
            "event" => {
                let ver = version.unwrap_or(0);
                seat.version = seat.version.max(ver);
                let data = &v["data"];
                if let Some(p) = data["board"]["plies"].as_u64() {
                    game.plies = game.plies.max(p);
                }
                match data["type"].as_str().unwrap_or("") {
                    "your_turn" if ver > game.moved_at => {
                        game.turn = Some((from, legal(&data["legal_moves"]), ver));
                    }
                    "moved" => {
                        game.moved_at = game.moved_at.max(ver);
                        if game.turn.as_ref().is_some_and(|t| t.2 < ver) {
                            game.turn = None;
                        }
                        return true;
                    }
                    "finished" | "aborted" => game.over = true,
                    _ => {}
                }
                true
            }
            "snapshot" => {
                let ver = version.unwrap_or(0);
                seat.version = ver;
                let data = &v["data"];
                if let Some(p) = data["board"]["plies"].as_u64() {
                    game.plies = p;
                }
                match data["state"].as_str() {
                    Some("playing") => {
                        let moves = legal(&data["legal_moves"]);
                        if !moves.is_empty() && ver >= game.moved_at {
                            game.moved_at = ver;
                            game.turn = Some((from, moves, ver));
                        } else if game.turn.as_ref().is_some_and(|t| t.2 < ver) {
                            game.moved_at = ver;
                            game.turn = None;
                        }
                    }
                    Some("waiting") => {}
                    _ => game.over = true,
                }
                true
            }
            "ack" => {
                if let Some((id, ply, notation)) = seat.pending.clone() {
                    if v["id"] == json!(id) {
                        seat.pending = None;
                        // The turn told was this seat's and is used: the next one comes
                        // with the events (they may follow the answer when the room's
                        // owner is another node).
                        if game.turn.as_ref().is_some_and(|t| t.0 == from) {
                            game.turn = None;
                        }
                        self.record.lock().unwrap().acked.push(Acked {
                            room,
                            ply,
                            notation,
                            at: Instant::now(),
                        });
                        return true;
                    }
                }
                false
            }
            "error" => {
                if let Some((id, _, _)) = &seat.pending {
                    if v["id"] == json!(id) {
                        seat.pending = None;
                        let code = v["data"]["code"].as_str().unwrap_or("?").to_string();
                        *self
                            .record
                            .lock()
                            .unwrap()
                            .refusals
                            .entry(code)
                            .or_insert(0) += 1;
                        game.hold_until = Some(Instant::now() + Duration::from_millis(200));
                        // The move was refused: stored nowhere. The turn stays as it was
                        // told; a stale one is corrected by the events still to come or
                        // by the next reopening.
                        return false;
                    }
                }
                false
            }
            "restarting" => {
                self.record.lock().unwrap().restarting += 1;
                false
            }
            _ => false,
        }
    }
}
