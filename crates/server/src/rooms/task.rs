//! The room task: owns one `lobby::Room`, persists before it answers or broadcasts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{
    Actor, Command, EventKind, Occupant, PlayerId, Room, RoomState, Since, Timestamp, Viewer,
};
use rules::Seat;
use serde::Serialize;
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::Instant;
use uuid::Uuid;

use super::{bot, lock, persist, Attached, Batch, CommandError, Outbound, Request, Rooms};
use crate::identity::now_ms;
use crate::metrics::Metrics;
use crate::store::{RoomRow, Write};

/// How long a bot waits before it tries again after a refused action.
const BOT_DELAY: Duration = Duration::from_millis(200);
/// How long a finished room with no socket stays in memory (ms; a restart restores the
/// rooms that finished within this before the server stopped).
pub(crate) const IDLE_FINISHED_MS: i64 = 600_000;
const IDLE_FINISHED: Duration = Duration::from_millis(IDLE_FINISHED_MS.unsigned_abs());

/// A room as the lobby list shows it.
#[derive(Clone, Debug, Serialize)]
pub struct RoomSummary {
    /// The room's id.
    pub id: Uuid,
    /// The game key.
    pub game: String,
    /// Every rule option with its value.
    pub options: std::collections::BTreeMap<String, String>,
    /// The host's id.
    pub host: Uuid,
    /// The host's name.
    pub host_name: String,
    /// Listed publicly.
    pub public: bool,
    /// The invite code of a private room (never listed).
    #[serde(skip)]
    pub invite_code: Option<String>,
    /// `waiting`, `playing`, `finished` or `aborted`.
    pub state: String,
    /// The time control.
    pub time_control: lobby::TimeControl,
    /// Seats with the name of who sits there (`null`: free).
    pub seats: Vec<SeatSummary>,
    /// When the room was created (ms).
    pub created_at: i64,
}

/// One seat in [`RoomSummary`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatSummary {
    /// Seat key.
    pub seat: Seat,
    /// Who sits there, if anyone.
    pub name: Option<String>,
    /// A bot sits there.
    pub bot: bool,
}

impl RoomSummary {
    pub(crate) fn of(room: &Room, row: &RoomRow) -> RoomSummary {
        RoomSummary {
            id: room.id(),
            game: row.variant.clone(),
            options: room
                .info()
                .options
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            host: row.host,
            host_name: row.host_name.clone(),
            public: row.visibility == "public",
            invite_code: row.invite_code.clone(),
            state: persist::state_key(room.state()).to_string(),
            time_control: room.config().time_control,
            seats: seat_summaries(room),
            created_at: row.created_at,
        }
    }
}

/// The seats of `room` as the listing shows them (a few seats: no game state involved).
fn seat_summaries(room: &Room) -> Vec<SeatSummary> {
    room.layout()
        .iter()
        .map(|s| {
            let occ = room.occupant(s);
            SeatSummary {
                seat: s,
                name: occ.map(|o| match o {
                    Occupant::Player(p) => p.name.clone(),
                    Occupant::Bot(b) => format!("{} (bot)", b.kind),
                }),
                bot: matches!(occ, Some(Occupant::Bot(_))),
            }
        })
        .collect()
}

/// Who sits where among the people (bots have no socket), for [`Batch::seats`].
fn seat_map(room: &Room) -> Vec<(PlayerId, Seat)> {
    room.layout()
        .iter()
        .filter_map(|s| room.occupant(s)?.player().map(|p| (p, s)))
        .collect()
}

pub(crate) struct RoomTask {
    rooms: Rooms,
    room: Room,
    row: RoomRow,
    seq: i64,
    summary: Arc<Mutex<RoomSummary>>,
    rx: mpsc::Receiver<Request>,
    events: broadcast::Sender<Outbound>,
    /// Open sockets per player, for presence.
    sockets: HashMap<PlayerId, usize>,
    /// Who sits where, updated when the seats change (sent with every batch).
    seats: Vec<(PlayerId, Seat)>,
    bot_at: Option<Instant>,
    /// Restored after a restart: when the server stopped (see `Command::Resume`).
    resume: Option<Timestamp>,
}

fn deadline_instant(at: Timestamp) -> Instant {
    let now = now_ms();
    let wait = i64::try_from(at.0).unwrap_or(i64::MAX).saturating_sub(now);
    Instant::now() + Duration::from_millis(u64::try_from(wait.max(0)).unwrap_or(0))
}

impl RoomTask {
    pub(crate) fn new(
        rooms: Rooms,
        room: Room,
        row: RoomRow,
        seq: i64,
        summary: Arc<Mutex<RoomSummary>>,
        rx: mpsc::Receiver<Request>,
        resume: Option<Timestamp>,
    ) -> RoomTask {
        let capacity = rooms.config().limits.socket_queue.max(1);
        let seats = seat_map(&room);
        RoomTask {
            seats,
            rooms,
            room,
            row,
            seq,
            summary,
            rx,
            events: broadcast::channel(capacity).0,
            sockets: HashMap::new(),
            bot_at: None,
            resume,
        }
    }

    pub(crate) async fn run(mut self, mut shutdown: watch::Receiver<bool>) {
        Metrics::inc(&self.rooms.metrics().rooms);
        // First give the outage back, before anything else runs the clocks.
        if let Some(down_at) = self.resume.take() {
            if let Err(e) = self.apply(Actor::Server, Command::Resume { down_at }).await {
                tracing::error!(room = %self.room.id(), error = %e, "clocks not resumed");
            }
        }
        // After a restart nobody is connected: mark the seats that the log left connected.
        self.disconnect_all().await;
        self.schedule_bot();
        loop {
            let deadline = self.room.next_deadline().map(deadline_instant);
            let idle = (matches!(self.room.state(), RoomState::Finished | RoomState::Aborted)
                && self.sockets.is_empty()
                && self.events.receiver_count() == 0)
                .then(|| Instant::now() + IDLE_FINISHED);
            tokio::select! {
                biased;
                () = until_true(&mut shutdown) => break,
                req = self.rx.recv() => match req {
                    Some(req) => self.request(req).await,
                    None => break,
                },
                () = sleep_opt(deadline) => {
                    let _ = self.apply(Actor::Server, Command::Tick).await;
                }
                () = sleep_opt(self.bot_at) => {
                    self.bot_at = None;
                    self.bot_move().await;
                }
                () = sleep_opt(idle) => break,
            }
        }
        let _ = self.events.send(Outbound::Restarting);
        self.rooms.deregister(self.room.id());
        Metrics::dec(&self.rooms.metrics().rooms);
    }

    async fn disconnect_all(&mut self) {
        let seats = self.room.seats();
        for s in self.room.layout().iter() {
            if let Some(v) = &seats[s] {
                if let (Occupant::Player(p), true) = (&v.occupant, v.connected) {
                    let _ = self
                        .apply(Actor::Player(p.clone()), Command::Disconnect)
                        .await;
                }
            }
        }
    }

    async fn request(&mut self, req: Request) {
        match req {
            Request::Command {
                actor,
                command,
                reply,
            } => {
                let r = self.apply(actor, command).await;
                let _ = reply.send(r);
            }
            Request::Snapshot { player, reply } => {
                let viewer = player.map_or(Viewer::Spectator, |p| self.room.viewer(p));
                let _ = reply.send((viewer, self.room.snapshot(viewer)));
            }
            Request::Since {
                player,
                since,
                reply,
            } => {
                let viewer = player.map_or(Viewer::Spectator, |p| self.room.viewer(p));
                let _ = reply.send((self.room.events_since(since, viewer), self.room.version()));
            }
            Request::Attach {
                player,
                since,
                reply,
            } => {
                if let Some(p) = &player {
                    let n = self.sockets.entry(p.id).or_insert(0);
                    *n += 1;
                    if *n == 1 {
                        let _ = self.apply(Actor::Player(p.clone()), Command::Connect).await;
                    }
                }
                let viewer = player
                    .as_ref()
                    .map_or(Viewer::Spectator, |p| self.room.viewer(p.id));
                let initial = match since {
                    Some(v) => self.room.events_since(v, viewer),
                    None => Since::Resync(Box::new(self.room.snapshot(viewer))),
                };
                let _ = reply.send(Attached {
                    viewer,
                    initial,
                    rx: self.events.subscribe(),
                });
            }
            Request::Detach { player } => {
                if let Some(p) = player {
                    let left = match self.sockets.get_mut(&p.id) {
                        Some(n) => {
                            *n = n.saturating_sub(1);
                            *n
                        }
                        None => 0,
                    };
                    if left == 0 {
                        self.sockets.remove(&p.id);
                        let _ = self.apply(Actor::Player(p), Command::Disconnect).await;
                    }
                }
            }
        }
    }

    /// Applies a command to the room, stores its rows, then broadcasts and returns the new
    /// version. On a store failure the command is taken back and the room is unchanged.
    ///
    /// The cost is that of the change: the rows come from the command's events and the
    /// actions it added, and the seat map and summary change only when the seats or the
    /// state do.
    async fn apply(&mut self, actor: Actor, command: Command) -> Result<u64, CommandError> {
        let now = now_ms();
        let before = persist::Before::of(&self.room);
        let (handled, undo) = self.room.handle_undoable(
            &actor,
            Timestamp(u64::try_from(now).unwrap_or(0)),
            command.clone(),
        )?;
        let presence_only = matches!(command, Command::Connect | Command::Disconnect);
        let quiet = matches!(command, Command::Tick | Command::Resume { .. });
        if handled.events.is_empty() && (presence_only || quiet) {
            // Nothing changed: nothing to store or tell.
            self.room.revert(undo);
            return Ok(self.room.version());
        }
        let mut writes = vec![persist::log_row(
            self.room.id(),
            self.seq,
            now,
            &actor,
            &command,
        )];
        writes.extend(persist::changes(before, &self.room, &handled.events, now));
        let moves = writes
            .iter()
            .filter(|w| matches!(w, Write::Move(_)))
            .count();
        let mut rematch = None;
        if let (Some(new_room), Command::Rematch { lot, .. }) = (handled.rematch, &command) {
            let (room, row, log) = self.rematch_rows(&new_room, *lot, now);
            writes.push(Write::Room(row.clone()));
            let seq = i64::try_from(log.len()).unwrap_or(0);
            writes.extend(log);
            let waiting = persist::Before {
                state: RoomState::Waiting,
                plies: 0,
            };
            writes.extend(persist::changes(waiting, &room, &[], now));
            rematch = Some((room, row, seq));
        }
        if let Err(e) = self.rooms.writer().write(writes).await {
            tracing::error!(room = %self.room.id(), error = %e, "room write failed");
            self.room.revert(undo);
            return Err(CommandError::Store(e));
        }
        drop(undo);
        self.rooms
            .metrics()
            .moves
            .fetch_add(moves as u64, std::sync::atomic::Ordering::Relaxed);
        self.seq += 1;
        if let Some((room, row, seq)) = rematch {
            self.rooms.spawn(room, row, seq);
        }
        let seats_changed = handled
            .events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Seats { .. }));
        if seats_changed {
            self.seats = seat_map(&self.room);
        }
        if seats_changed || before.state != self.room.state() {
            let summary = RoomSummary::of(&self.room, &self.row);
            let old = std::mem::replace(&mut *lock(&self.summary), summary);
            self.rooms.feed().changed(&old, &lock(&self.summary));
        }
        let _ = self.events.send(Outbound::Events(Arc::new(Batch {
            events: handled.events,
            seats: self.seats.clone(),
        })));
        self.schedule_bot();
        Ok(self.room.version())
    }

    /// The rematch room rebuilt from the commands that make it, so the log replays it.
    fn rematch_rows(&self, made: &Room, lot: u64, now: i64) -> (Room, RoomRow, Vec<Write>) {
        let mut row = persist::room_row(made, &self.row.host_name, now);
        row.state = "waiting".into();
        let mut log = Vec::new();
        let config = made.config().clone();
        let host = Actor::Player(config.host.clone());
        let at = Timestamp(u64::try_from(now).unwrap_or(0));
        let Ok((mut room, _)) = Room::new(config, at) else {
            return (made.clone(), row, log);
        };
        let mut commands = Vec::new();
        for s in made.layout().iter() {
            match made.occupant(s).cloned() {
                Some(Occupant::Player(p)) => {
                    commands.push((Actor::Player(p), Command::TakeSeat { seat: Some(s) }));
                }
                Some(Occupant::Bot(b)) => {
                    commands.push((host.clone(), Command::SetBot { seat: s, bot: b }));
                }
                None => {}
            }
        }
        commands.push((
            host.clone(),
            Command::Start {
                first: lobby::FirstSeat::Lot(lot),
            },
        ));
        for (actor, command) in commands {
            if room.handle(&actor, at, command.clone()).is_ok() {
                let seq = i64::try_from(log.len()).unwrap_or(0);
                log.push(persist::log_row(room.id(), seq, now, &actor, &command));
            }
        }
        (room, row, log)
    }

    /// The bot that acts next: one a draw offer waits for, else the one to move.
    fn next_bot(&self) -> Option<(Seat, lobby::Bot, bool)> {
        let bot_at = |s: Seat| match self.room.occupant(s) {
            Some(Occupant::Bot(b)) => Some(b.clone()),
            _ => None,
        };
        if let Some(offer) = self.room.draw_offer() {
            if let Some((s, b)) = offer
                .waiting_for
                .iter()
                .find_map(|s| bot_at(s).map(|b| (s, b)))
            {
                return Some((s, b, true));
            }
        }
        let turn = self.room.turn()?;
        bot_at(turn).map(|b| (turn, b, false))
    }

    fn schedule_bot(&mut self) {
        self.bot_at = self
            .next_bot()
            .map(|(_, b, _)| Instant::now() + bot::pause(&b));
    }

    /// A bot answers a draw offer or moves (see `rooms::bot`).
    async fn bot_move(&mut self) {
        let Some((seat, b, draw)) = self.next_bot() else {
            return;
        };
        let Some(game) = self.room.game() else {
            return;
        };
        let command = if draw {
            if bot::accepts_draw(game, &b, seat).await {
                Command::AcceptDraw
            } else {
                Command::DeclineDraw
            }
        } else {
            let clock = self.room.remaining_ms(seat);
            let Some(mv) = bot::think(game, &b, clock, rand::random()).await else {
                return;
            };
            Command::Move {
                text: game.position().move_to_string(&mv),
            }
        };
        if let Err(e) = self.apply(Actor::Bot(seat), command).await {
            tracing::warn!(room = %self.room.id(), error = %e, "bot action refused");
            // Try again later rather than stall the game.
            self.bot_at = Some(Instant::now() + BOT_DELAY * 5);
        }
    }
}

async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

async fn sleep_opt(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
