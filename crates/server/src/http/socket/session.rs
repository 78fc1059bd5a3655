//! The loop of one socket once it is attached to its room: the room's broadcast, the
//! answers to the client's messages, resyncs, the socket's I/O, pings and the close, all
//! written in order to the unsplit socket. Each `select!` arm becomes a [`Step`], and each
//! step is handled by one method.

use axum::extract::ws::{Message, WebSocket};
use futures_util::FutureExt;
use lobby::{PlayerId, Since, Snapshot, Viewer};
use tokio::sync::broadcast;
use tokio::time::Instant;

use super::answer::{read_message, Answer, Gate, To};
use super::output::{later, Closing, Io, Later, Output};
use super::{Conn, CLOSE_GRACE, PING_EVERY, SEND_TIMEOUT, SILENT_LIMIT};
use crate::connections::Ending;
use crate::rooms::Outbound;
use crate::store::now_ms;
use crate::wire::{self, Reply};

/// A socket that lags this many times is closed instead of resynced again.
const MAX_LAGS: u32 = 3;
/// The close code of a socket idle for `--socket-idle-secs` (docs/protocol.md): the web
/// client does not reconnect until its user is back.
const CLOSE_IDLE: u16 = 4002;

/// What woke the loop.
enum Step {
    Ending(Ending),
    Event(Result<Outbound, broadcast::error::RecvError>),
    Replies(Vec<String>),
    Snapshot(Option<Box<(Viewer, Snapshot)>>),
    Io(Io),
    Timer,
}

/// Whether the loop goes on.
enum Flow {
    Go,
    Stop,
}

/// The state of one attached socket.
struct Session<'a> {
    conn: &'a Conn,
    to: To<'a>,
    gate: Gate<'a>,
    me: Option<PlayerId>,
    out: Output,
    events: broadcast::Receiver<Outbound>,
    /// Times the socket fell behind the room.
    lags: u32,
    /// The last version this socket was sent (events or snapshot): after a resync the
    /// broadcast may still hold events the snapshot already contains; they are skipped.
    seen: u64,
    /// The answer to the message being handled (the next is read once it is queued).
    answer: Option<Later<'a, Vec<String>>>,
    /// The snapshot of a resync (the broadcast waits until it is queued).
    resync: Option<Later<'a, Option<(Viewer, Snapshot)>>>,
    closing: Option<Closing>,
    /// When the client was last heard from, and when the server pings next.
    heard: Instant,
    /// When the client last sent something other than a ping, or was last sent something
    /// other than a ping, pong or lag report; and how long a socket may stay without either
    /// (`--socket-idle-secs`).
    active: Instant,
    idle: Option<std::time::Duration>,
    /// Whether the socket's participant holds a seat in the room: a player waiting on a slow
    /// opponent receives nothing for as long as the opponent thinks, and closing the socket
    /// would open a claim against them, so a seated socket is never closed as idle.
    seated: bool,
    next_ping: Instant,
    /// When the timer checks pings and silence next: moved only when it fires (a message
    /// heard does not move it; the silence is checked again when it fires).
    check: Instant,
}

/// Serves the attached socket until it ends: `initial` first, then the room's broadcast.
pub(super) async fn follow(
    ws: &mut WebSocket,
    conn: &Conn,
    viewer: Viewer,
    initial: Since,
    events: broadcast::Receiver<Outbound>,
) {
    let mut s = Session::new(conn, viewer, initial, events);
    // One timer for pings, silence, a stuck client and the close's grace.
    let timer = tokio::time::sleep_until(s.check);
    tokio::pin!(timer);
    let ended = async {
        match &conn.registration {
            Some(r) => r.ended().await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(ended);
    loop {
        if s.closing.as_ref().is_some_and(|c| c.read_done) && s.out.is_empty() {
            break;
        }
        let deadline = s.deadline();
        if timer.deadline() != deadline {
            timer.as_mut().reset(deadline);
        }
        let open = s.closing.is_none();
        let closing = !open;
        // Work that produces output waits while the client does not take what it is sent:
        // events stay in the room's ring (and a socket that falls too far behind is
        // resynced), messages in the socket's receive buffer.
        let take_events = open && s.resync.is_none() && !s.out.full();
        let read = s.reading();
        let step = tokio::select! {
            // Events before the answer that follows them (a command's events are broadcast
            // before it is acknowledged), both before the socket's I/O, which then writes
            // them with one flush.
            biased;
            ending = &mut ended, if open => Step::Ending(ending),
            ev = s.events.recv(), if take_events => Step::Event(ev),
            replies = later(&mut s.answer), if open && s.answer.is_some() => Step::Replies(replies),
            snap = later(&mut s.resync), if open && s.resync.is_some() => Step::Snapshot(snap.map(Box::new)),
            io = std::future::poll_fn(|cx| s.out.poll(ws, read, closing, cx)) => Step::Io(io),
            () = &mut timer => Step::Timer,
        };
        if let Flow::Stop = s.step(step) {
            break;
        }
    }
}

impl<'a> Session<'a> {
    fn new(
        conn: &'a Conn,
        viewer: Viewer,
        initial: Since,
        events: broadcast::Receiver<Outbound>,
    ) -> Self {
        let limits = &conn.rooms.config().limits;
        let mut out = Output::new(limits.socket_queue.max(1), conn.counts.clone());
        for text in wire::since_messages(&initial) {
            out.push(Message::Text(text.into()));
        }
        let start = Instant::now();
        Session {
            conn,
            to: To {
                metrics: conn.rooms.metrics(),
                rooms: &conn.rooms,
                room: &conn.room,
                me: conn.participant.as_ref(),
                guest: conn.guest,
                lang: conn.lang,
            },
            gate: Gate::new(limits),
            me: conn.participant.as_ref().map(|p| p.id),
            out,
            events,
            lags: 0,
            seen: 0,
            answer: None,
            resync: None,
            closing: None,
            heard: start,
            active: start,
            idle: limits.socket_idle,
            seated: matches!(viewer, Viewer::Seat(_)),
            next_ping: start + PING_EVERY,
            check: limits
                .socket_idle
                .map_or(start + PING_EVERY, |idle| start + PING_EVERY.min(idle)),
        }
    }

    /// When the timer must fire next: the close's grace while closing (no pings then),
    /// else the next check or the end of a stuck client's patience.
    fn deadline(&self) -> Instant {
        match &self.closing {
            Some(c) => c.until,
            None => self
                .out
                .stuck
                .map_or(self.check, |s| self.check.min(s + SEND_TIMEOUT)),
        }
    }

    /// Whether the client's next frame is read now. Open: once the answer to the last one
    /// is queued and the queue has room (replies wait while the client does not take them,
    /// so its messages are still read and rate-limited as they arrive, up to the bound).
    /// Closing: until the client's Close.
    fn reading(&self) -> bool {
        match &self.closing {
            None => self.answer.is_none() && self.out.queue.len() < self.out.limit,
            Some(c) => !c.read_done,
        }
    }

    /// Starts closing with `code`: nothing but the Close frame is sent from now on.
    fn close(&mut self, code: u16, reason: &'static str) {
        self.answer = None;
        self.closing = Some(self.out.close(code, reason));
    }

    fn step(&mut self, step: Step) -> Flow {
        match step {
            Step::Ending(ending) => self.on_ending(ending),
            Step::Event(ev) => self.on_event(ev),
            Step::Replies(replies) => {
                self.answer = None;
                for text in replies {
                    self.out.push(Message::Text(text.into()));
                }
                Flow::Go
            }
            Step::Snapshot(snap) => self.on_snapshot(snap),
            Step::Io(Io::Moved) => Flow::Go,
            Step::Io(Io::Failed) => Flow::Stop,
            Step::Io(Io::Read(frame)) => self.on_frame(frame),
            Step::Timer => self.on_timer(),
        }
    }

    /// The server ends the socket: dropped without a word (`Sockets::drop_player`, like a
    /// broken connection), or closed with a reason (a ban, an ended session).
    fn on_ending(&mut self, ending: Ending) -> Flow {
        match ending {
            Ending::Drop => Flow::Stop,
            Ending::Close(code, reason) => {
                self.close(code, reason);
                Flow::Go
            }
        }
    }

    fn on_event(&mut self, ev: Result<Outbound, broadcast::error::RecvError>) -> Flow {
        match ev {
            Ok(Outbound::Events(batch)) => {
                let viewer = batch.viewer(self.me);
                self.seated = matches!(viewer, Viewer::Seat(_));
                for (i, e) in batch.events.iter().enumerate() {
                    if e.version <= self.seen || !e.audience.admits(viewer) {
                        continue;
                    }
                    self.seen = e.version;
                    if let Some(text) = batch.message(i) {
                        self.out.push(Message::Text(text));
                        self.active = Instant::now();
                    }
                }
            }
            Ok(Outbound::Restarting) | Err(broadcast::error::RecvError::Closed) => {
                // An answer the room already gave (its last command's, say a store failure
                // that closed the room) still reaches the client before the close.
                if let Some(replies) = self.answer.take().and_then(FutureExt::now_or_never) {
                    for text in replies {
                        self.out.push(Message::Text(text.into()));
                    }
                }
                self.out
                    .push(Message::Text(Reply::Restarting.text().into()));
                self.close(1012, "server restarting");
            }
            Ok(Outbound::Resync) => {
                // The room was rebuilt from the store: start again from a snapshot (events
                // still queued that it contains are skipped by their versions).
                if self.resync.is_none() {
                    self.resync = Some(Box::pin(self.conn.room.snapshot(self.me)));
                }
            }
            Err(broadcast::error::RecvError::Lagged(_)) => {
                self.conn.counts.resynced();
                self.lags += 1;
                if self.lags > MAX_LAGS {
                    self.close(1008, "too slow");
                } else {
                    // Drop what is queued and start again from a snapshot.
                    self.events = self.events.resubscribe();
                    self.resync = Some(Box::pin(self.conn.room.snapshot(self.me)));
                }
            }
        }
        Flow::Go
    }

    fn on_snapshot(&mut self, snap: Option<Box<(Viewer, Snapshot)>>) -> Flow {
        self.resync = None;
        // The room is gone: nothing more to follow.
        let Some(snap) = snap else {
            return Flow::Stop;
        };
        let (viewer, snap) = *snap;
        self.seated = matches!(viewer, Viewer::Seat(_));
        self.seen = snap.version;
        self.active = Instant::now();
        self.out
            .push(Message::Text(Reply::Snapshot(&snap).text().into()));
        Flow::Go
    }

    fn on_frame(&mut self, frame: Option<Result<Message, axum::Error>>) -> Flow {
        self.heard = Instant::now();
        if let Some(c) = &mut self.closing {
            // After the server's Close: dropped until the client's Close, so the
            // connection ends with a close handshake, not a reset.
            let data = matches!(
                frame,
                Some(Ok(Message::Text(_)
                    | Message::Binary(_)
                    | Message::Ping(_)
                    | Message::Pong(_)))
            );
            if !data {
                c.read_done = true;
            }
            return Flow::Go;
        }
        match frame {
            None => Flow::Stop,
            Some(Err(e)) => {
                let (code, reason) = super::close_code(&e);
                self.close(code, reason);
                Flow::Go
            }
            Some(Ok(Message::Close(_))) => {
                // Answer the client's Close with ours (browsers otherwise see 1006): the
                // protocol layer has queued it, a flush sends it, and the connection ends
                // as soon as it is out. Nothing else may be sent after it.
                self.answer = None;
                self.out.queue.clear();
                self.out.unflushed = true;
                self.closing = Some(Closing {
                    until: self.heard + CLOSE_GRACE,
                    read_done: true,
                });
                Flow::Go
            }
            Some(Ok(m)) => {
                let answer = read_message(m, &mut self.gate, self.to);
                if !self.gate.keepalive {
                    self.active = self.heard;
                }
                match answer {
                    Answer::None => {}
                    Answer::Now(text) => self.out.push(Message::Text(text.into())),
                    Answer::Later(f) => self.answer = Some(f),
                    Answer::Close(code, reason) => self.close(code, reason),
                }
                Flow::Go
            }
        }
    }

    /// The close's grace is over, the client took nothing for too long, it was silent too
    /// long, or it is time to ping.
    fn on_timer(&mut self) -> Flow {
        let now = Instant::now();
        if let Some(c) = &self.closing {
            return if now >= c.until { Flow::Stop } else { Flow::Go };
        }
        if self.out.stuck.is_some_and(|s| now >= s + SEND_TIMEOUT) {
            return Flow::Stop;
        }
        if now >= self.check {
            if now.duration_since(self.heard) >= SILENT_LIMIT {
                self.close(1001, "silent too long");
            } else if !self.seated
                && self
                    .idle
                    .is_some_and(|idle| now.duration_since(self.active) >= idle)
            {
                self.close(CLOSE_IDLE, "idle");
            } else {
                if now >= self.next_ping {
                    let t = now_ms().to_be_bytes().to_vec();
                    self.out.push(Message::Ping(t.into()));
                    self.next_ping = now + PING_EVERY;
                }
                self.check = self.next_ping.min(self.heard + SILENT_LIMIT);
                if let Some(idle) = self.idle.filter(|_| !self.seated) {
                    self.check = self.check.min(self.active + idle);
                }
            }
        }
        Flow::Go
    }
}
