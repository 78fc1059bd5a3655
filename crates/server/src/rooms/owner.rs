//! The owner's room task: the [`Replica`] of a room this node owns, plus the writer that
//! applies each command to the room and stores it before it answers or broadcasts, runs
//! the clocks and the bots, and gives the room the presence of every node's sockets.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lobby::{Actor, Command, EventKind, Occupant, Participant, Room, RoomState, Timestamp};
use rules::Seat;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::{JoinError, JoinHandle};
use tokio::time::{Instant, Sleep};

use super::bot;
use super::lock::lock;
use super::messages::{Batch, CommandError, Outbound, RemoteChange, Request};
use super::persist;
use super::player_games;
use super::registry::Rooms;
use super::replica::{self, Replica, Side};
use super::summary::{seat_map, unfinished, Progress, RoomSummary};
use crate::metrics::Metrics;
use crate::store::now_ms;
use crate::store::{RoomRow, StoreError, Write};

mod holding;
use holding::{lease_lost, Holding};

/// How long a bot waits before it tries again after a refused action.
const BOT_DELAY: Duration = Duration::from_millis(200);
/// How long a finished room with no socket stays in memory (ms; a restart restores the
/// rooms that finished within this before the server stopped).
pub(crate) const IDLE_FINISHED_MS: i64 = 600_000;
const IDLE_FINISHED: Duration = Duration::from_millis(IDLE_FINISHED_MS.unsigned_abs());

/// Who asked for a command, which decides how its write waits for the store.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lane {
    /// A client's socket: refused when the store is overloaded.
    Client,
    /// The server itself (clocks, presence, bots, restore): waits for the store.
    Server,
}

/// The task of a room this node owns.
pub(crate) struct RoomTask {
    rooms: Rooms,
    /// The room, its sockets and their broadcast.
    replica: Replica,
    rx: mpsc::Receiver<Box<Request>>,
    /// The spectator count the room was last given (`None`: not yet since the task began).
    watchers: Option<u32>,
    bot: BotTurn,
    /// The keys of the game's positions for the bots' searches, brought up to date at each
    /// bot turn; made at the first one (a room without bots has none).
    keys: Option<Box<bot::Keys>>,
    /// The room's one timer: the running clock's flag, the bot's pause or the end of a
    /// finished room's stay, whichever comes first; made the first time one is due (a
    /// waiting room has none), then moved rather than made again.
    timer: Timer,
    /// Restored after a restart: when the server stopped (see `Command::Resume`).
    resume: Option<Timestamp>,
    /// The room could not be rebuilt after a store failure: the task ends.
    closing: bool,
    /// The store failed a command the room had taken and the database could not be read
    /// to rebuild it (an outage): the room takes no command until a rebuild succeeds
    /// (tried again every [`STALE_RETRY`] and before each command).
    stale: bool,
    /// With several nodes: the epoch this task holds the room with (every write batch is
    /// fenced with it), and the wait for the node's epoch to become another (a lost
    /// lease), when the task stops.
    owner: Option<Holding>,
}

/// How often a room the database could not rebuild ([`RoomTask::stale`]) tries again.
const STALE_RETRY: Duration = Duration::from_secs(1);

/// The rows of one command, and what follows from them once they are stored.
struct Rows {
    writes: Vec<Write>,
    /// Move rows among them (for `/metrics`).
    moves: usize,
    /// The rematch room made, with its log's length.
    rematch: Option<(Room, i64)>,
}

/// What the room's timer is set for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Due {
    /// The running clock's flag falls: tick the room.
    Flag,
    /// The bot's pause is over: start its search.
    Bot,
    /// A finished room nobody watches has stayed long enough: the task ends.
    Idle,
    /// Nobody has been in the room for the server's wait: it closes
    /// (`Command::Expire`).
    Expire,
    /// The room has settled on this node: a hand-over that was due is looked at again.
    HandOver,
}

/// A timer moved from deadline to deadline instead of a new one per wait.
#[derive(Default)]
struct Timer {
    sleep: Option<Pin<Box<Sleep>>>,
    /// Set, and not yet fired since.
    armed: bool,
}

impl Timer {
    /// Sets the timer to `at`, or stops it.
    fn set(&mut self, at: Option<Instant>) {
        let Some(at) = at else {
            self.armed = false;
            return;
        };
        match &mut self.sleep {
            Some(sleep) => {
                if !self.armed || sleep.deadline() != at {
                    sleep.as_mut().reset(at);
                }
            }
            None => self.sleep = Some(Box::pin(tokio::time::sleep_until(at))),
        }
        self.armed = true;
    }

    /// Resolves when the timer fires; pending forever while it is stopped.
    async fn fired(&mut self) {
        match (&mut self.sleep, self.armed) {
            (Some(sleep), true) => {
                sleep.as_mut().await;
                self.armed = false;
            }
            _ => std::future::pending().await,
        }
    }
}

/// Where the room's next bot action stands. The search runs in a spawned task (on the
/// blocking pool, see `rooms::bot`), so the room task keeps serving commands meanwhile.
enum BotTurn {
    /// No bot is to act.
    Idle,
    /// The bot acts at `at` (its human-looking pause, or a retry).
    Pausing { ask: bot::Ask, at: Instant },
    /// The bot's answer is being computed.
    Thinking {
        ask: bot::Ask,
        job: JoinHandle<Option<Command>>,
    },
}

impl BotTurn {
    fn ask(&self) -> Option<bot::Ask> {
        match self {
            BotTurn::Idle => None,
            BotTurn::Pausing { ask, .. } | BotTurn::Thinking { ask, .. } => Some(*ask),
        }
    }

    fn pause_until(&self) -> Option<Instant> {
        match self {
            BotTurn::Pausing { at, .. } => Some(*at),
            _ => None,
        }
    }

    /// Replaces the state, stopping an answer being computed (its search, already on the
    /// pool, still ends at its budget, but its result is dropped).
    fn set(&mut self, next: BotTurn) {
        if let BotTurn::Thinking { job, .. } = std::mem::replace(self, next) {
            job.abort();
        }
    }
}

/// The answer of a thinking bot; pending forever otherwise.
async fn bot_answer(turn: &mut BotTurn) -> Result<Option<Command>, JoinError> {
    match turn {
        BotTurn::Thinking { job, .. } => job.await,
        _ => std::future::pending().await,
    }
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
        seq: i64,
        summary: Arc<Mutex<RoomSummary>>,
        rx: mpsc::Receiver<Box<Request>>,
        resume: Option<Timestamp>,
        owner: Option<(i64, watch::Receiver<i64>, bool)>,
    ) -> RoomTask {
        RoomTask {
            rooms,
            replica: Replica::new(room, seq, summary),
            rx,
            watchers: None,
            bot: BotTurn::Idle,
            keys: None,
            timer: Timer::default(),
            resume,
            closing: false,
            stale: false,
            owner: owner.map(|(epoch, node, handed)| Holding::new(epoch, node, handed)),
        }
    }

    /// The epoch this task holds the room with (`None`: one node).
    fn epoch(&self) -> Option<i64> {
        self.owner.as_ref().map(|o| o.epoch)
    }

    /// The task's body. Not an `async fn`: one moves its arguments into the future twice
    /// (once as arguments, once as locals), and the task of every room, idle ones too,
    /// would keep room for two copies of itself (thousands of idle rooms pay for it). The block
    /// keeps the one it captures and works on it in place.
    #[allow(clippy::manual_async_fn)] // on purpose: see above
    pub(crate) fn run(
        mut self,
        mut shutdown: watch::Receiver<bool>,
    ) -> impl std::future::Future<Output = ()> + Send {
        async move {
            Metrics::inc(&self.rooms.metrics().rooms);
            if self.owner.is_some() {
                Metrics::inc(&self.rooms.metrics().rooms_owned);
            }
            // First give the outage back, before anything else runs the clocks.
            if let Some(down_at) = self.resume.take() {
                let resumed = Box::pin(self.apply(Actor::Server, Command::Resume { down_at }));
                if let Err(e) = resumed.await {
                    tracing::error!(room = %self.replica.room.id(), error = %e, "clocks not resumed");
                }
            }
            // After a restart nobody is connected: mark the seats that the log left
            // connected.
            Box::pin(self.disconnect_all()).await;
            Box::pin(self.sync_watchers()).await;
            self.schedule_bot();
            // The handlers' futures are boxed: inline, the task of every room (idle ones
            // too) would keep room for the largest of them, which thousands of idle rooms would pay.
            while !self.closing {
                self.shed_when_unwatched();
                let due = self.next_due();
                self.timer.set(due.map(|(at, _)| at));
                tokio::select! {
                    biased;
                    () = until_true(&mut shutdown) => break,
                    () = lease_lost(&mut self.owner) => break,
                    req = self.rx.recv() => match req {
                        Some(req) => Box::pin(self.request(*req)).await,
                        None => break,
                    },
                    () = self.timer.fired() => match due.map(|(_, why)| why) {
                        Some(Due::Flag) => {
                            let _ = Box::pin(self.apply(Actor::Server, Command::Tick)).await;
                        }
                        Some(Due::Bot) => self.bot_start(),
                        Some(Due::Expire) => {
                            let waits = self.rooms.config().unattended;
                            let _ = Box::pin(self.apply(Actor::Server, Command::Expire { waits })).await;
                        }
                        Some(Due::Idle) => break,
                        Some(Due::HandOver) => {
                            if let Some(h) = self.owner.as_mut() {
                                h.recheck = false;
                            }
                            Box::pin(self.hand_over_if_away()).await;
                        }
                        None => {}
                    },
                    answer = bot_answer(&mut self.bot) => {
                        Box::pin(self.bot_answered(answer)).await;
                    }
                    () = tokio::time::sleep(STALE_RETRY), if self.stale => {
                        Box::pin(self.rebuild()).await;
                    }
                }
            }
            self.bot.set(BotTurn::Idle);
            self.replica.publish(Outbound::Restarting);
            let counted = unfinished(self.replica.room.state());
            self.rooms.deregister_task(
                self.replica.room.id(),
                &self.replica.summary,
                self.replica.room.config().host.id.0,
                counted,
            );
            Metrics::dec(&self.rooms.metrics().rooms);
            if self.owner.is_some() {
                Metrics::dec(&self.rooms.metrics().rooms_owned);
            }
        }
    }

    /// What the timer waits for next, and when: the running clock's flag, the bot's pause,
    /// the close of a room nobody is in, or (a finished room nobody watches) the end of its
    /// stay; the first of them, in that order on a tie.
    fn next_due(&self) -> Option<(Instant, Due)> {
        let flag = self.replica.room.next_deadline().map(deadline_instant);
        let expire = self
            .replica
            .room
            .expires_at(self.rooms.config().unattended)
            .map(deadline_instant);
        let idle = self
            .finished_unwatched()
            .then(|| Instant::now() + IDLE_FINISHED);
        [
            flag.map(|at| (at, Due::Flag)),
            self.bot.pause_until().map(|at| (at, Due::Bot)),
            expire.map(|at| (at, Due::Expire)),
            idle.map(|at| (at, Due::Idle)),
            self.owner
                .as_ref()
                .filter(|h| h.recheck)
                .and_then(|h| h.settle_until)
                .map(|at| (at, Due::HandOver)),
        ]
        .into_iter()
        .flatten()
        .min_by_key(|(at, _)| *at)
    }

    /// Finished or aborted, with no socket attached.
    fn finished_unwatched(&self) -> bool {
        !unfinished(self.replica.room.state()) && self.replica.unwatched()
    }

    /// A finished room nobody watches stays for its rematch and its players' return, but
    /// without what only open sockets use: the broadcast's ring, the events kept for
    /// reconnecting clients (a returning client gets a snapshot) and the bots' position
    /// keys. At a few hundred games a minute these were most of the server's memory.
    fn shed_when_unwatched(&mut self) {
        if self.finished_unwatched() {
            self.replica.drop_broadcast();
            self.replica.room.forget_history();
            self.keys = None;
        }
    }

    async fn disconnect_all(&mut self) {
        let seats = self.replica.room.seats();
        for s in self.replica.room.layout().iter() {
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
        replica::answer(self, req).await;
    }

    /// Another node's sockets changed: a player counts as connected while any node (this
    /// one too) has a socket of theirs, and the spectators are the sum of every node's.
    async fn remote_change(&mut self, node: i64, change: RemoteChange) {
        let (came, left) = self.replica.presence.remote_change(node, change);
        if let Some(p) = came {
            let _ = self.apply(Actor::Player(p), Command::Connect).await;
        }
        for p in left {
            let _ = self.apply(Actor::Player(p), Command::Disconnect).await;
        }
        self.sync_watchers().await;
    }

    /// Gives the room its spectator count when it changed (`Command::Watchers`; the room
    /// tells everyone only when its count changes).
    async fn sync_watchers(&mut self) {
        let count = self.replica.presence.watching(&self.replica.room);
        if self.watchers == Some(count) {
            return;
        }
        match self.apply(Actor::Server, Command::Watchers { count }).await {
            Ok(_) => self.watchers = Some(count),
            Err(e) => {
                tracing::debug!(room = %self.replica.room.id(), error = %e, "spectator count not given");
            }
        }
    }

    /// Applies a command to the room, stores its rows, then broadcasts and returns the new
    /// version. If the store fails the command, the room takes it back and is rebuilt from
    /// its stored log.
    ///
    /// The cost is that of the change: the rows come from the command's events, and the
    /// seat map and summary change only when the seats or the state do.
    async fn apply(&mut self, actor: Actor, command: Command) -> Result<u64, CommandError> {
        self.apply_from(Lane::Server, actor, command).await
    }

    /// [`RoomTask::apply`] for a command from `lane`: a client's command in a game takes its
    /// place in the store's queue first, and is refused as overloaded, with nothing
    /// changed, when there is none; in a waiting room it takes the store's control lane
    /// (seating and starting are not queued behind other rooms' games).
    async fn apply_from(
        &mut self,
        lane: Lane,
        actor: Actor,
        command: Command,
    ) -> Result<u64, CommandError> {
        if self.stale {
            Box::pin(self.rebuild()).await;
            if self.stale {
                return Err(CommandError::Store(StoreError::Unreachable(
                    "the room waits for the database to answer again".to_string(),
                )));
            }
        }
        let now = now_ms();
        let before = persist::Before::of(&self.replica.room);
        let place = match lane {
            Lane::Client if before.state != RoomState::Waiting => {
                Some(self.rooms.writer().try_reserve(self.replica.room.id()).map_err(|e| {
                    tracing::debug!(room = %self.replica.room.id(), "command refused: store queue full");
                    CommandError::Store(e)
                })?)
            }
            _ => None,
        };
        let quiet = matches!(
            command,
            Command::Connect
                | Command::Disconnect
                | Command::Tick
                | Command::Resume { .. }
                | Command::Watchers { .. }
                | Command::Expire { .. }
        );
        let rematch_lot = match &command {
            Command::Rematch { lot, .. } => Some(*lot),
            _ => None,
        };
        // The log's text of the command is written before the room takes it, rather than
        // from a copy kept for afterwards.
        let command_text = crate::wire::command_text(&command);
        let at = Timestamp(u64::try_from(now).unwrap_or(0));
        let (handled, undo) = self.replica.room.handle_undoable(&actor, at, command)?;
        if handled.events.is_empty() && quiet {
            // Nothing to store or tell.
            return Ok(self.replica.room.version());
        }
        let log = persist::logged(
            self.replica.room.id(),
            self.replica.seq,
            now,
            crate::wire::actor_text(&actor),
            command_text,
        );
        let mut rows = self.rows(log, before, &handled, rematch_lot, now);
        let writes = std::mem::take(&mut rows.writes);
        let writer = self.rooms.writer();
        let stored = match (place, lane) {
            (Some(place), _) => place.write(writes).await,
            (None, Lane::Client) => writer.write_control(writes).await,
            (None, Lane::Server) => writer.write(writes).await,
        };
        if let Err(e) = stored {
            // Nothing that was not stored may be shown: the room takes the command back
            // at once, so that whatever reads it next (a socket that attaches, a `sync`, a
            // snapshot) sees it as stored, even while the database cannot be read to
            // rebuild it.
            self.replica.room.undo(undo);
            if let StoreError::Fenced(_) = e {
                // Another node owns the room now: this task stops without a rebuild, and
                // its sockets reconnect to whichever node serves the room.
                tracing::warn!(room = %self.replica.room.id(), epoch = ?self.epoch(), "room write fenced: another node owns the room");
                Metrics::inc(&self.rooms.metrics().fenced);
                self.closing = true;
                return Err(CommandError::Store(e));
            }
            tracing::error!(room = %self.replica.room.id(), error = %e, "room write failed");
            Box::pin(self.rebuild()).await;
            return Err(CommandError::Store(e));
        }
        self.accepted(before, handled.events, rows);
        Ok(self.replica.room.version())
    }

    /// The rows of a command the room took: its log row, then what its events changed
    /// (a move row per move or departure, the game's start and end, the state), and the
    /// rematch room it made, if any.
    fn rows(
        &self,
        log: Write,
        before: persist::Before,
        handled: &lobby::Handled,
        rematch_lot: Option<u64>,
        now: i64,
    ) -> Rows {
        // A move makes two writes (its log row and its move row): room for them, and for
        // the end of a game, up front.
        let mut writes = Vec::with_capacity(5);
        writes.push(log);
        if let Some(owner) = self.epoch() {
            writes.push(Write::Fence {
                room: self.replica.room.id(),
                owner,
                followed: self.replica.presence.followed_elsewhere(),
            });
        }
        persist::changes(
            before,
            &self.replica.room,
            &handled.events,
            now,
            &mut writes,
        );
        let moves = writes
            .iter()
            .filter(|w| matches!(w, Write::Move(_)))
            .count();
        let mut rematch = None;
        if let (Some(new_room), Some(lot)) = (&handled.rematch, rematch_lot) {
            let (room, row, log) = self.rematch_rows(new_room, lot, now);
            writes.push(Write::Room(row));
            let seq = i64::try_from(log.len()).unwrap_or(0);
            writes.extend(log);
            let waiting = persist::Before {
                state: RoomState::Waiting,
            };
            persist::changes(waiting, &room, &[], now, &mut writes);
            rematch = Some((room, seq));
        }
        Rows {
            writes,
            moves,
            rematch,
        }
    }

    /// After a command's rows are on disk: counts, the rematch room's task, the seat map
    /// and summary when they changed, then the events for the sockets and the bot's turn.
    fn accepted(&mut self, before: persist::Before, events: Vec<lobby::Event>, rows: Rows) {
        self.rooms
            .metrics()
            .moves
            .fetch_add(rows.moves as u64, std::sync::atomic::Ordering::Relaxed);
        self.replica.seq += 1;
        if let Some((room, seq)) = rows.rematch {
            self.rooms.spawn(room, seq, self.epoch());
        }
        let seats_changed = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Seats { .. } | EventKind::Renamed { .. }));
        if seats_changed {
            self.replica.seats = seat_map(&self.replica.room);
        }
        if unfinished(before.state) && !unfinished(self.replica.room.state()) {
            self.rooms.finished(self.replica.room.config().host.id.0);
        }
        if seats_changed || before.state != self.replica.room.state() {
            let summary = RoomSummary::of(&self.replica.room);
            let after = player_games::Entry::of(&summary);
            let old = std::mem::replace(&mut *lock(&self.replica.summary), summary);
            self.rooms
                .feed()
                .changed(&old, &lock(&self.replica.summary));
            self.rooms.mine().update(
                self.replica.room.id(),
                &player_games::Entry::of(&old),
                &after,
            );
        } else {
            // A move changes no listing, only whose move it is and until when.
            let progress = Progress::of(&self.replica.room);
            let entries = {
                let mut s = lock(&self.replica.summary);
                (s.progress != progress).then(|| {
                    let before = player_games::Entry::of(&s);
                    s.progress = progress;
                    (before, player_games::Entry::of(&s))
                })
            };
            if let Some((before, after)) = entries {
                self.rooms
                    .mine()
                    .update(self.replica.room.id(), &before, &after);
            }
        }
        self.replica.publish(Outbound::Events(Arc::new(Batch::new(
            events,
            self.replica.seats.clone(),
        ))));
        self.schedule_bot();
    }

    /// The store failed a command the room had taken: the room goes back to what is stored
    /// by replaying its log (`rooms::rebuild`), and the sockets are sent the room as it is
    /// now. A database that does not answer (an outage) leaves the room stale: it refuses
    /// commands and tries again until the database answers (closing it instead would end
    /// every game under way at each database outage). A store that can be read but gives
    /// nothing to trust closes the room.
    async fn rebuild(&mut self) {
        let id = self.replica.room.id();
        let stored = match self.rooms.store().live_room(id).await {
            Ok(Some(live)) => persist::rebuild_with(&live.room, &live.log, self.rooms.config())
                .map(|room| (room, live.log)),
            Ok(None) => Err("the room is not stored".to_string()),
            Err(e) if e.is_unavailable() => {
                if !self.stale {
                    tracing::warn!(room = %id, error = %e, "room waits for the database to rebuild it");
                }
                self.stale = true;
                return;
            }
            Err(e) => Err(e.to_string()),
        };
        self.stale = false;
        match stored {
            Ok((room, log)) => {
                self.replica
                    .reset(room, log.last().map_or(0, |l| l.seq + 1));
                let summary = RoomSummary::of(&self.replica.room);
                let after = player_games::Entry::of(&summary);
                let old = std::mem::replace(&mut *lock(&self.replica.summary), summary);
                self.rooms
                    .mine()
                    .update(id, &player_games::Entry::of(&old), &after);
                self.bot.set(BotTurn::Idle);
                // The bots' position keys followed the game that is gone.
                self.keys = None;
                // Clients that saw nothing of the refused command lose nothing; one that
                // raced ahead is brought back by the snapshot its next `sync` gets.
                self.replica.room.forget_history();
                self.schedule_bot();
            }
            Err(e) => {
                tracing::error!(room = %id, error = %e, "room not rebuilt after a store failure: closing it");
                self.closing = true;
            }
        }
    }

    /// The rematch room rebuilt from the commands that make it, so the log replays it.
    fn rematch_rows(&self, made: &Room, lot: u64, now: i64) -> (Room, RoomRow, Vec<Write>) {
        let mut row = persist::room_row(made, &self.replica.room.config().host.name, now);
        row.state = "waiting".into();
        row.owner = self.epoch();
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
        let bot_at = |s: Seat| match self.replica.room.occupant(s) {
            Some(Occupant::Bot(b)) => Some(b.clone()),
            _ => None,
        };
        if let Some(offer) = self.replica.room.draw_offer() {
            if let Some((s, b)) = offer
                .waiting_for
                .iter()
                .find_map(|s| bot_at(s).map(|b| (s, b)))
            {
                return Some((s, b, true));
            }
        }
        let turn = self.replica.room.turn()?;
        bot_at(turn).map(|b| (turn, b, false))
    }

    /// What the room asks of its bots now, and of which bot.
    fn bot_ask(&self) -> Option<(bot::Ask, lobby::Bot)> {
        let (seat, b, draw) = self.next_bot()?;
        let game = self.replica.room.game()?;
        Some((bot::Ask::of(game, seat, draw), b))
    }

    /// After every change: a bot that is to act (again) starts its pause; one already
    /// pausing or thinking about the same ask carries on, so commands that change nothing
    /// for it (presence, a draw offer it is not asked about) do not delay it.
    fn schedule_bot(&mut self) {
        let want = self.bot_ask();
        if want.as_ref().map(|(ask, _)| *ask) == self.bot.ask() {
            return;
        }
        self.bot.set(match want {
            Some((ask, b)) => BotTurn::Pausing {
                ask,
                at: Instant::now()
                    + self
                        .rooms
                        .config()
                        .bot_pause
                        .unwrap_or_else(|| bot::pause(&b)),
            },
            None => BotTurn::Idle,
        });
    }

    /// The pause is over: the bot's answer is computed in a task of its own.
    fn bot_start(&mut self) {
        let (Some((ask, b)), Some(game)) = (self.bot_ask(), self.replica.room.game()) else {
            self.bot.set(BotTurn::Idle);
            return;
        };
        // The search gets one position and a shared handle on the keys, which this turn
        // extends by the actions since the last one: no copy of the game's past.
        let keys = self.keys.get_or_insert_with(|| Box::new(bot::Keys::new()));
        keys.sync(game);
        let keys = bot::Keys::clone(keys);
        let clock = self.replica.room.remaining_ms(ask.seat);
        let job = tokio::spawn(bot::answer(
            self.rooms.bot_pool(),
            game.position().clone(),
            keys,
            b,
            ask,
            clock,
            rand::random(),
        ));
        self.bot.set(BotTurn::Thinking { ask, job });
    }

    /// A bot's answer came back: applied if the room still asks the same (see `rooms::bot`),
    /// otherwise dropped and the bot asked again.
    async fn bot_answered(&mut self, answer: Result<Option<Command>, JoinError>) {
        let Some(ask) = self.bot.ask() else {
            return;
        };
        self.bot = BotTurn::Idle;
        let current = self.bot_ask().map(|(a, _)| a);
        let Some(game) = self.replica.room.game().filter(|_| current == Some(ask)) else {
            self.schedule_bot();
            return;
        };
        let command = match answer {
            Ok(Some(command)) => command,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(room = %self.replica.room.id(), error = %e, "bot answer failed");
                match bot::fallback(game, ask, rand::random()) {
                    Some(command) => command,
                    None => return,
                }
            }
        };
        if let Err(e) = self.apply(Actor::Bot(ask.seat), command).await {
            tracing::warn!(room = %self.replica.room.id(), error = %e, "bot action refused");
            // Try again later rather than stall the game.
            self.bot.set(BotTurn::Pausing {
                ask,
                at: Instant::now() + BOT_DELAY * 5,
            });
        }
    }
}

/// The owner applies and stores: a socket's presence is a command to its room.
impl Side for RoomTask {
    fn replica(&mut self) -> &mut Replica {
        &mut self.replica
    }

    fn socket_queue(&self) -> usize {
        self.rooms.config().limits.socket_queue.max(1)
    }

    async fn catch_up(&mut self) {}

    async fn command(
        &mut self,
        actor: Actor,
        command: Command,
        client: bool,
        reply: oneshot::Sender<Result<u64, CommandError>>,
    ) {
        let lane = if client { Lane::Client } else { Lane::Server };
        let r = self.apply_from(lane, actor, command).await;
        let _ = reply.send(r);
        // A spectator who sat down watches no more, and one who stood up does.
        self.sync_watchers().await;
        // The game may have started, with its players elsewhere.
        Box::pin(self.hand_over_if_away()).await;
    }

    async fn attached(&mut self, first: Option<Participant>) {
        if let Some(p) = first.filter(|p| !self.replica.presence.remote_has(p.id)) {
            let _ = self.apply(Actor::Player(p), Command::Connect).await;
        }
        self.sync_watchers().await;
    }

    async fn detached(&mut self, last: Option<Participant>) {
        if let Some(p) = last.filter(|p| !self.replica.presence.remote_has(p.id)) {
            let _ = self.apply(Actor::Player(p), Command::Disconnect).await;
        }
        self.sync_watchers().await;
        Box::pin(self.hand_over_if_away()).await;
    }

    async fn remote(&mut self, node: i64, change: RemoteChange) {
        Box::pin(self.remote_change(node, change)).await;
        Box::pin(self.hand_over_if_away()).await;
    }
}

async fn until_true(rx: &mut watch::Receiver<bool>) {
    if rx.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn future_size<F: std::future::Future>(
        _: impl Fn(RoomTask, watch::Receiver<bool>) -> F,
    ) -> usize {
        std::mem::size_of::<F>()
    }

    /// Every live room's task, idle waiting ones too, is allocated at the size of its
    /// future: the task keeps one copy of its state, no game, and no room for the handlers
    /// it runs (they are boxed), which keeps a waiting room within its memory target (6 KiB
    /// in all; the future was 3.4 KiB before its handlers were boxed, 0.9 KiB after).
    #[test]
    fn a_room_task_stays_small() {
        let task = std::mem::size_of::<RoomTask>();
        let future = future_size(RoomTask::run);
        assert!(
            future < task + 512,
            "run future {future} bytes, task {task}"
        );
        assert!(future <= 1280, "run future {future} bytes");
    }
}
