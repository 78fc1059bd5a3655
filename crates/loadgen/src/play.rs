//! `play`: tables of two seats playing random legal games, closed loop or at a fixed rate.
//!
//! Each table is one task owning both sockets of its room, so it knows when a move was due
//! and when the other seat heard of it. The round trip of a move runs from the moment it was
//! due (closed loop: when the mover was told its turn; fixed rate: its slot in the schedule,
//! even if the server was late telling the turn) to the moment the *other* seat receives the
//! `moved` event: a slow server is charged for the moves it delayed (no coordinated
//! omission, as wrk2 does it).
//!
//! Every table opens its sockets, seats its guest and starts its first game before the clock
//! starts, so the measured window holds play only, not thousands of upgrades. At a fixed
//! rate the rooms' schedules are spread evenly over one period (room `i` of `n` makes its
//! first move `i / n` of a period after the start), so the load is steady rather than
//! `n` moves at once every period.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::anyhow;
use futures_util::stream::{self, StreamExt, TryStreamExt};
use hdrhistogram::Histogram;
use serde_json::json;
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::time::Instant;
use uuid::Uuid;

use crate::client::{self, Api, Identity, Socket};

/// How moves are paced.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Pace {
    /// Each seat moves as soon as it is told its turn.
    ClosedLoop,
    /// Each room makes this many moves per second (a move is due at its slot).
    PerSecond(f64),
}

/// Settings of a `play` run.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// Tables (rooms playing at once).
    pub rooms: usize,
    /// Game key.
    pub game: String,
    /// Pacing.
    pub pace: Pace,
    /// Longest run.
    pub duration: Duration,
    /// Most moves in all (the run stops at the first of the two bounds).
    pub max_moves: u64,
    /// Show a progress bar.
    pub progress: bool,
    /// The server's process id, to report its resident memory (start, peak, end).
    pub server_pid: Option<u32>,
    /// Keep every acknowledged move in [`PlayReport::acked`] (the crash check needs them;
    /// a plain run does not, and a copy of each move's notation per move is work taken
    /// from the server on the cores it shares).
    pub record_acks: bool,
}

/// A move a client saw acknowledged: it must be stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acked {
    /// The room (and game) id.
    pub room: Uuid,
    /// Its ply.
    pub ply: u64,
    /// Its notation.
    pub notation: String,
}

/// What a table left behind when the run stopped.
#[derive(Clone, Debug)]
pub struct TableEnd {
    /// The room it was playing, if the game was not over.
    pub room: Option<Uuid>,
    /// The two identities (White, Black).
    pub seats: [Identity; 2],
}

/// The results of a `play` run.
#[derive(Debug)]
pub struct PlayReport {
    /// The settings.
    pub settings: PlaySettings,
    /// The measured window: from the start to the deadline, or to the moment the move
    /// budget ran out if that came first. The wind-down after it (tables closing their
    /// sockets) is not in it, and moves seen after it are not counted.
    pub elapsed: Duration,
    /// Moves whose `moved` event reached the other seat.
    pub moves: u64,
    /// Games that ended.
    pub games: u64,
    /// Times a game's sockets connected again because its room went to another node
    /// (`restarting`, or a move caught in the move).
    pub moved: u64,
    /// Round trips in microseconds.
    pub rtt_us: Histogram<u64>,
    /// How late the load generator itself sent each move, in microseconds: from when it
    /// was due to when its frame was written to the socket. A fixed-rate run charges the
    /// server with this too; closed loop it is the time to write the frame.
    pub sent_late_us: Histogram<u64>,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// Messages the tables read while playing.
    pub messages: u64,
    /// How many of them the scan of the server's usual messages read (the rest: serde).
    pub scanned: u64,
    /// Every acknowledged move, when [`PlaySettings::record_acks`] (for the crash check).
    pub acked: Vec<Acked>,
    /// Where each table stopped.
    pub tables: Vec<TableEnd>,
    /// How long making the first rooms took (before the clock started).
    pub setup: Duration,
    /// The server's resident memory in KiB at the start, at its peak and at the end of the
    /// run, when its pid was given.
    pub server_rss_kib: Option<[u64; 3]>,
    /// How much each refusal counter of the server's `/metrics` grew during the run.
    pub refusals: Vec<(String, u64)>,
    /// The server's own time per command over the measured window (its histograms read
    /// when the clock starts and when the window ends), from its `/metrics`
    /// (`checkerhall_command_seconds`), when it publishes it.
    pub server_commands: Option<ServerTimings>,
    /// Of which waiting for the store (`checkerhall_store_wait_seconds`).
    pub server_store_wait: Option<ServerTimings>,
}

/// Quantiles of one of the server's `/metrics` histograms over a run, each as the upper
/// bound of the bucket it falls in (seconds): the true value is at most that.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerTimings {
    /// Observations in the run.
    pub count: u64,
    /// p50, p99 and p999 bucket bounds, seconds (`f64::INFINITY` past the last bound).
    pub quantiles: [f64; 3],
}

/// Sockets being opened at once, so thousands of tables ramp up instead of flooding the
/// server's accept queue in one instant.
const CONNECTS_AT_ONCE: usize = 64;
/// Room creations in flight at once while the first rooms are made.
const SETUP_PARALLEL: usize = 32;

/// Time from telling the tables to go to the start of the clock, plus
/// [`START_LEAD_PER_TABLE`] for each table: every table is awake and waiting for the
/// clock when it starts.
const START_LEAD: Duration = Duration::from_millis(100);

/// See [`START_LEAD`]: three to four times what waking a table takes here.
const START_LEAD_PER_TABLE: Duration = Duration::from_micros(100);

/// A histogram of 1 µs to 10 min at 3 significant digits (160 KiB of counters).
#[allow(clippy::expect_used)]
pub(crate) fn histogram() -> Histogram<u64> {
    // Constant bounds that hdrhistogram accepts: this cannot fail.
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("valid histogram bounds")
}

/// Shared between the tables: stop flag, counters for the progress bar, the ramp-up gate,
/// the round trips.
struct Shared {
    stop: AtomicBool,
    moves: AtomicU64,
    /// Every table records into this one histogram: one per table was 160 KiB each (800 MiB
    /// for 5,000 tables), and each record a cache miss in a different one. The lock is
    /// held for one record, never across an await.
    rtt: Mutex<Histogram<u64>>,
    /// Due to sent, per move (see [`PlayReport::sent_late_us`]); the same lock discipline.
    sent_late: Mutex<Histogram<u64>>,
    /// [`PlaySettings::record_acks`].
    record_acks: bool,
    max_moves: u64,
    connects: Semaphore,
    /// When the last move of the budget was counted (the window's end if before the
    /// deadline).
    budget_spent: std::sync::OnceLock<Instant>,
    /// When the clock started (`None` while the tables are still opening their games).
    go: watch::Receiver<Option<Instant>>,
}

impl Shared {
    fn take_move(&self) -> bool {
        let n = self.moves.fetch_add(1, Ordering::Relaxed) + 1;
        if n >= self.max_moves {
            self.stop.store(true, Ordering::Relaxed);
            let _ = self.budget_spent.set(Instant::now());
        }
        n <= self.max_moves
    }

    fn record_rtt(&self, us: u64) {
        let mut rtt = self.rtt.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = rtt.record(us.max(1));
    }

    fn record_sent_late(&self, us: u64) {
        let mut late = self
            .sent_late
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let _ = late.record(us.max(1));
    }
}

/// One table's results.
struct Table {
    moves: u64,
    games: u64,
    moved: u64,
    messages: u64,
    scanned: u64,
    errors: BTreeMap<String, u64>,
    acked: Vec<Acked>,
    end: Option<TableEnd>,
}

impl Table {
    fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_insert(0) += 1;
    }
}

/// Makes the identities of `n` tables (two each).
///
/// # Errors
/// `GET /api/me` failed.
pub async fn identities(api: &Api, n: usize) -> anyhow::Result<Vec<[Identity; 2]>> {
    stream::iter(0..n)
        .map(|_| async { anyhow::Ok([api.identity().await?, api.identity().await?]) })
        .buffer_unordered(SETUP_PARALLEL)
        .try_collect()
        .await
}

/// Where a table starts: a room made before the clock started, a room to resume (crash
/// mode), or nothing (it makes its room when the run starts).
struct Start {
    room: Option<Uuid>,
    resumed: bool,
    seats: [Identity; 2],
}

/// Runs `settings` against `api`. `resume` continues tables in given rooms (crash mode);
/// otherwise every table makes its identities and its first room before the clock starts.
///
/// # Errors
/// The identities could not be made (a failure during the run is counted, not returned).
pub async fn run(
    api: &Api,
    settings: &PlaySettings,
    tables: Vec<TableEnd>,
) -> anyhow::Result<PlayReport> {
    let setup_started = Instant::now();
    // Before the set-up: refusals of the tables' first upgrades count too.
    let metrics_before = api.metrics().await;
    let mut setup_errors = BTreeMap::new();
    let starts: Vec<Start> = if tables.is_empty() {
        let seats = identities(api, settings.rooms).await?;
        let made: Vec<_> = stream::iter(seats)
            .map(|seats| async move {
                let room = api.create_room(&seats[0], &settings.game).await;
                (room, seats)
            })
            .buffer_unordered(SETUP_PARALLEL)
            .collect()
            .await;
        made.into_iter()
            .map(|(room, seats)| {
                let room = room
                    .map_err(|e| {
                        let kind = format!("setup: {}", client::error_kind(&e));
                        *setup_errors.entry(kind).or_insert(0) += 1;
                    })
                    .ok();
                Start {
                    room,
                    resumed: false,
                    seats,
                }
            })
            .collect()
    } else {
        tables
            .into_iter()
            .map(|t| Start {
                resumed: t.room.is_some(),
                room: t.room,
                seats: t.seats,
            })
            .collect()
    };
    let (go_tx, go) = watch::channel(None);
    let shared = Arc::new(Shared {
        stop: AtomicBool::new(false),
        moves: AtomicU64::new(0),
        rtt: Mutex::new(histogram()),
        sent_late: Mutex::new(histogram()),
        record_acks: settings.record_acks,
        max_moves: settings.max_moves.max(1),
        connects: Semaphore::new(CONNECTS_AT_ONCE),
        budget_spent: std::sync::OnceLock::new(),
        go,
    });
    let rss_start = settings.server_pid.and_then(|p| client::rss_kib(p).ok());
    let rss_peak = Arc::new(AtomicU64::new(rss_start.unwrap_or(0)));
    let sampler = {
        let pid = settings.server_pid;
        let peak = rss_peak.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(250));
            loop {
                every.tick().await;
                if let Some(kib) = pid.and_then(|p| client::rss_kib(p).ok()) {
                    peak.fetch_max(kib, Ordering::Relaxed);
                }
            }
        })
    };
    // Each table says when its first game is open (or could not be); the clock starts when
    // all have.
    let (ready_tx, mut ready) = mpsc::unbounded_channel::<()>();
    let n = starts.len();
    let mut tasks = Vec::with_capacity(n);
    for (index, t) in starts.into_iter().enumerate() {
        let api = api.clone();
        let shared = shared.clone();
        let s = settings.clone();
        let ready = ready_tx.clone();
        let phase = index as f64 / n.max(1) as f64;
        tasks.push(tokio::spawn(async move {
            table(api, s, t, shared, ready, phase).await
        }));
    }
    drop(ready_tx);
    for _ in 0..n {
        if ready.recv().await.is_none() {
            break;
        }
    }
    let setup = setup_started.elapsed();
    // The clock starts a little after every table is told to go: waking thousands of tables
    // (each then reading the turn it was told during setup) keeps this one thread busy for
    // a while (about 150 ms for 5,000), and a fixed-rate move due meanwhile was charged to
    // the server as up to 100 ms late.
    let lead = START_LEAD + START_LEAD_PER_TABLE * u32::try_from(n).unwrap_or(u32::MAX);
    let started = Instant::now() + lead;
    go_tx.send_replace(Some(started));
    // The server's histograms when the clock starts: the set-up's commands (the last
    // tables' `start`, not waited for) are not the run's.
    let window_start = {
        let api = api.clone();
        tokio::spawn(async move {
            tokio::time::sleep_until(started).await;
            api.metrics().await
        })
    };
    // The server's histograms when the window ends (deadline or move budget), before the
    // tables' wind-down: the commands in flight while 10,000 sockets close are not the run's.
    let window_end = {
        let (api, shared, deadline) = (api.clone(), shared.clone(), started + settings.duration);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(50));
            while Instant::now() < deadline && !shared.stop.load(Ordering::Relaxed) {
                every.tick().await;
            }
            api.metrics().await
        })
    };

    let bar = settings.progress.then(|| progress_bar(settings.duration));
    let progress = bar.clone().map(|bar| {
        let shared = shared.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(250));
            loop {
                every.tick().await;
                let secs = started.elapsed().as_secs_f64().max(0.001);
                let moves = shared.moves.load(Ordering::Relaxed);
                bar.set_position(started.elapsed().as_secs());
                bar.set_message(format!("{moves} moves, {:.0} moves/s", moves as f64 / secs));
            }
        })
    });
    let mut report = PlayReport {
        settings: settings.clone(),
        elapsed: Duration::ZERO,
        moves: 0,
        games: 0,
        moved: 0,
        rtt_us: histogram(),
        sent_late_us: histogram(),
        errors: setup_errors,
        messages: 0,
        scanned: 0,
        acked: Vec::new(),
        tables: Vec::new(),
        setup,
        server_rss_kib: None,
        refusals: Vec::new(),
        server_commands: None,
        server_store_wait: None,
    };
    for t in tasks {
        match t.await {
            Ok(t) => {
                report.moves += t.moves;
                report.games += t.games;
                report.moved += t.moved;
                report.messages += t.messages;
                report.scanned += t.scanned;
                for (k, v) in t.errors {
                    *report.errors.entry(k).or_insert(0) += v;
                }
                report.acked.extend(t.acked);
                report.tables.extend(t.end);
            }
            Err(_) => *report.errors.entry("table_panicked".into()).or_insert(0) += 1,
        }
    }
    let end = shared
        .budget_spent
        .get()
        .copied()
        .unwrap_or(started + settings.duration)
        .min(Instant::now());
    report.elapsed = end.saturating_duration_since(started);
    // Every table has ended: the histogram is complete.
    std::mem::swap(
        &mut report.rtt_us,
        &mut shared.rtt.lock().unwrap_or_else(PoisonError::into_inner),
    );
    std::mem::swap(
        &mut report.sent_late_us,
        &mut shared
            .sent_late
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
    );
    sampler.abort();
    if let Some(p) = progress {
        p.abort();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let (Some(pid), Some(start)) = (settings.server_pid, rss_start) {
        let end = client::rss_kib(pid).unwrap_or(0);
        let peak = rss_peak.load(Ordering::Relaxed).max(end);
        report.server_rss_kib = Some([start, peak, end]);
    }
    let metrics_after = api.metrics().await;
    if let (Some(before), Some(after)) = (&metrics_before, &metrics_after) {
        report.refusals = refusal_deltas(before, after);
    }
    let metrics_at_start = window_start.await.ok().flatten();
    let metrics_at_end = window_end.await.ok().flatten().or(metrics_after);
    if let (Some(before), Some(after)) = (&metrics_at_start, &metrics_at_end) {
        report.server_commands = server_timings(before, after, "checkerhall_command_seconds");
        report.server_store_wait = server_timings(before, after, "checkerhall_store_wait_seconds");
    }
    Ok(report)
}

/// Whether a `/metrics` sample counts refusals or errors: `*_errors_total`,
/// `*_limited_total`, and anything named for refusing, rejecting or overload.
fn is_refusal(name: &str) -> bool {
    ["errors", "limited", "refus", "reject", "overload", "shed"]
        .iter()
        .any(|w| name.contains(w))
}

/// The growth of every refusal counter between two `/metrics` texts, by sample (name and
/// labels), leaving out those that did not grow.
pub fn refusal_deltas(before: &str, after: &str) -> Vec<(String, u64)> {
    let samples = |text: &str| -> BTreeMap<String, u64> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let (name, value) = l.rsplit_once(' ')?;
                let value = value.trim().parse::<f64>().ok()?;
                // Counters are whole numbers; a fraction here is not a count.
                (is_refusal(name) && value >= 0.0).then(|| (name.to_string(), value as u64))
            })
            .collect()
    };
    let before = samples(before);
    samples(after)
        .into_iter()
        .filter_map(|(name, v)| {
            let grew = v.saturating_sub(before.get(&name).copied().unwrap_or(0));
            (grew > 0).then_some((name, grew))
        })
        .collect()
}

/// The report's line of the server's own timings, if it published them.
fn server_timings_line(r: &PlayReport) -> Option<String> {
    let bound = |s: f64| {
        if s.is_finite() {
            format!("<= {} ms", s * 1000.0)
        } else {
            "over the last bucket".to_string()
        }
    };
    let quantiles = |t: &ServerTimings| {
        let [p50, p99, p999] = t.quantiles;
        format!(
            "p50 {}, p99 {}, p999 {}",
            bound(p50),
            bound(p99),
            bound(p999)
        )
    };
    let commands = r.server_commands.as_ref()?;
    let mut line = format!(
        "server's own time per command (its /metrics buckets, {} commands): {}",
        commands.count,
        quantiles(commands)
    );
    if let Some(wait) = &r.server_store_wait {
        line.push_str("; waiting for the store: ");
        line.push_str(&quantiles(wait));
    }
    Some(line)
}

/// The growth of the `/metrics` histogram `name` between two texts, as quantiles (see
/// [`ServerTimings`]); `None` if the server does not publish it or nothing was observed.
pub fn server_timings(before: &str, after: &str, name: &str) -> Option<ServerTimings> {
    let bucket = format!("{name}_bucket{{le=\"");
    let buckets = |text: &str| -> Vec<(f64, u64)> {
        text.lines()
            .filter_map(|l| {
                let rest = l.strip_prefix(bucket.as_str())?;
                let (le, count) = rest.split_once("\"} ")?;
                let le = if le == "+Inf" {
                    f64::INFINITY
                } else {
                    le.parse().ok()?
                };
                Some((le, count.trim().parse().ok()?))
            })
            .collect()
    };
    let (before, after) = (buckets(before), buckets(after));
    // Cumulative counts grown in the run, by bound (a bucket missing before counts from 0).
    let grown: Vec<(f64, u64)> = after
        .iter()
        .map(|&(le, n)| {
            let was = before.iter().find(|b| b.0 == le).map_or(0, |b| b.1);
            (le, n.saturating_sub(was))
        })
        .collect();
    let count = grown.iter().map(|b| b.1).max().filter(|&n| n > 0)?;
    let at = |q: f64| {
        let rank = (q * count as f64).ceil() as u64;
        grown
            .iter()
            .find(|b| b.1 >= rank.max(1))
            .map_or(f64::INFINITY, |b| b.0)
    };
    Some(ServerTimings {
        count,
        quantiles: [at(0.5), at(0.99), at(0.999)],
    })
}

fn progress_bar(duration: Duration) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(duration.as_secs().max(1));
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len}s {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The move a table is waiting to see arrive at the other seat.
struct Pending {
    mover: usize,
    /// The `plies` the board shows once it is played.
    plies: u64,
    due: Instant,
    id: u64,
    /// Its text, kept only to record its acknowledgement ([`PlaySettings::record_acks`]).
    notation: Option<String>,
}

/// How one game at a table ended.
enum GameEnd {
    /// Finished or aborted: go on with a new room.
    Over,
    /// The run is over (time, move budget) while the game went on.
    Stopped,
    /// The server said `restarting`, or the room's task ended under a move (`room_closed`,
    /// `room_moved`): with several nodes, the room went to the node its players are on.
    /// The players connect again and play on, as the web client does.
    Moved,
}

async fn table(
    api: Api,
    s: PlaySettings,
    start: Start,
    shared: Arc<Shared>,
    ready: mpsc::UnboundedSender<()>,
    phase: f64,
) -> Table {
    let mut t = Table {
        moves: 0,
        games: 0,
        moved: 0,
        messages: 0,
        scanned: 0,
        errors: BTreeMap::new(),
        acked: Vec::new(),
        end: None,
    };
    let seats = start.seats;
    // The first game opens before the clock starts.
    let mut first = match start.room {
        Some(room) => match open(&api, room, start.resumed, &seats, &shared).await {
            Ok(ws) => Some((room, start.resumed, ws)),
            Err(e) => {
                t.error(client::error_kind(&e));
                None
            }
        },
        None => None,
    };
    let _ = ready.send(());
    drop(ready);
    let mut go = shared.go.clone();
    let started = match go.wait_for(Option::is_some).await {
        Ok(g) => g.unwrap_or_else(Instant::now),
        Err(_) => return t,
    };
    let deadline = started + s.duration;
    let period = match s.pace {
        Pace::PerSecond(r) if r > 0.0 => Some(Duration::from_secs_f64(1.0 / r)),
        _ => None,
    };
    if period.is_none() {
        // Closed loop: the first move goes when the clock starts. At a fixed rate the
        // table reads its turn now and waits for its first slot, which is not before.
        tokio::time::sleep_until(started).await;
    }
    // This room's first move is due at its phase of the first period.
    let mut first_due = period.map(|p| started + p.mul_f64(phase));
    // The room of a game cut short by an error (a crash): where the table stood.
    let mut last = None;
    let mut backoff = Backoff::default();
    while !shared.stop.load(Ordering::Relaxed) && Instant::now() < deadline {
        let opened = match first.take() {
            Some(o) => Ok(o),
            None => match api.create_room(&seats[0], &s.game).await {
                Ok(room) => open(&api, room, false, &seats, &shared)
                    .await
                    .map(|ws| (room, false, ws)),
                Err(e) => Err(e),
            },
        };
        let (room, resumed, ws) = match opened {
            Ok(o) => o,
            Err(e) => {
                t.error(client::error_kind(&e));
                backoff.wait(deadline).await;
                continue;
            }
        };
        backoff.reset();
        last = Some(room);
        // A later game's schedule starts when it is open (a player starting a new game).
        let due = first_due.take().unwrap_or_else(Instant::now);
        let schedule = Schedule { period, next: due };
        match game(ws, &mut t, room, resumed, schedule, &shared, deadline).await {
            Ok(GameEnd::Over) => {
                t.games += 1;
                last = None;
            }
            Ok(GameEnd::Stopped) => {
                t.end = Some(TableEnd {
                    room: Some(room),
                    seats: seats.clone(),
                });
                return t;
            }
            Ok(GameEnd::Moved) => {
                t.moved += 1;
                // The same room again, wherever it is served now.
                match open(&api, room, true, &seats, &shared).await {
                    Ok(ws) => first = Some((room, true, ws)),
                    Err(e) => {
                        t.error(client::error_kind(&e));
                        backoff.wait(deadline).await;
                    }
                }
            }
            Err(e) => {
                t.error(client::error_kind(&e));
                backoff.wait(deadline).await;
            }
        }
    }
    t.end = Some(TableEnd { room: last, seats });
    t
}

/// The pause before a table tries again after an error: 200 ms, doubling up to 5 s while
/// the errors go on, as a client told `Retry-After` would. Without it, refused tables of an
/// overload run would retry five times a second each and exhaust the loopback's ports.
#[derive(Default)]
struct Backoff {
    failures: u32,
}

impl Backoff {
    /// Waits the pause, or until `deadline` if that comes first.
    async fn wait(&mut self, deadline: Instant) {
        let ms = (200u64 << self.failures.min(5)).min(5_000);
        self.failures += 1;
        let until = (Instant::now() + Duration::from_millis(ms)).min(deadline);
        tokio::time::sleep_until(until).await;
    }

    fn reset(&mut self) {
        self.failures = 0;
    }
}

/// Opens both seats' sockets to `room`; unless the game is resumed, seats the guest and
/// asks for the start.
async fn open(
    api: &Api,
    room: Uuid,
    resumed: bool,
    seats: &[Identity; 2],
    shared: &Shared,
) -> anyhow::Result<[Socket; 2]> {
    let mut ws: [Socket; 2] = {
        let _turn = shared.connects.acquire().await?;
        [
            api.connect(room, &seats[0]).await?,
            api.connect(room, &seats[1]).await?,
        ]
    };
    if !resumed {
        client::command(&mut ws[1], "take_seat", 1, json!({})).await?;
        // Not waiting for the ack: the first `your_turn` may come before it.
        client::send(&mut ws[0], "start", 2, json!({})).await?;
    }
    Ok(ws)
}

/// When a room's moves are due.
struct Schedule {
    /// Fixed rate: the time between two moves of the room; closed loop: `None` (a move is
    /// due when its seat is told its turn).
    period: Option<Duration>,
    /// When the next move is due (fixed rate).
    next: Instant,
}

impl Schedule {
    /// When the move its seat was told to make at `now` was due; waits for its slot if that
    /// is still ahead.
    async fn due(&mut self, now: Instant) -> Instant {
        let Some(p) = self.period else {
            return now;
        };
        let due = self.next;
        self.next += p;
        if due > now {
            tokio::time::sleep_until(due).await;
        }
        due
    }
}

/// A move to send: the text of one of the legal moves.
#[derive(serde::Serialize)]
struct MoveData<'a> {
    #[serde(rename = "move")]
    text: &'a str,
}

async fn game(
    mut ws: [Socket; 2],
    t: &mut Table,
    room: Uuid,
    resumed: bool,
    mut schedule: Schedule,
    shared: &Shared,
    stop_at: Instant,
) -> anyhow::Result<GameEnd> {
    // Ids 1 and 2 went with `take_seat` and `start`.
    let mut next_id = 3u64;
    let mut pending: Option<Pending> = None;
    // The board's ply count as last seen (either socket).
    let mut plies = 0u64;
    // One timer for the whole game: a new `sleep_until` per message registered and removed
    // a timer entry four times a move. It also ends the loop (no clock read per message); a
    // move seen after `stop_at` is not counted, whenever the loop notices.
    let stop = tokio::time::sleep_until(stop_at);
    tokio::pin!(stop);
    loop {
        if shared.stop.load(Ordering::Relaxed) || stop.is_elapsed() {
            close(ws).await;
            return Ok(GameEnd::Stopped);
        }
        let [w0, w1] = &mut ws;
        let (from, text) = tokio::select! {
            m = client::next_text(w0) => (0, m?),
            m = client::next_text(w1) => (1, m?),
            () = &mut stop => continue,
        };
        let Some(text) = text else {
            return Err(anyhow!("socket_closed"));
        };
        let msg = crate::scan::read(&text)?;
        t.messages += 1;
        t.scanned += u64::from(msg.scanned);
        if let Some(p) = msg.plies() {
            plies = plies.max(p);
        }
        match (&*msg.kind, msg.inner()) {
            (kind @ ("event" | "snapshot"), inner)
                if inner == "your_turn" || kind == "snapshot" =>
            {
                let data = msg.data.as_ref();
                if kind == "snapshot" && data.and_then(|d| d.state.as_deref()) != Some("playing") {
                    if resumed {
                        close(ws).await;
                        return Ok(GameEnd::Over);
                    }
                    continue;
                }
                let Some(choice) = data.and_then(|d| d.random_move.as_deref()) else {
                    continue;
                };
                let due = schedule.due(Instant::now()).await;
                if due >= stop_at {
                    // Its slot is past the window: the run is over for this table. (Sent,
                    // these moves came in a burst while every table closed its sockets, and
                    // made the server's own timings of the run look slow.)
                    close(ws).await;
                    return Ok(GameEnd::Stopped);
                }
                let id = next_id;
                next_id += 1;
                client::send(&mut ws[from], "move", id, MoveData { text: choice }).await?;
                let sent = Instant::now();
                if sent < stop_at {
                    let us = u64::try_from((sent - due).as_micros()).unwrap_or(u64::MAX);
                    shared.record_sent_late(us);
                }
                let notation = shared.record_acks.then(|| choice.to_string());
                pending = Some(Pending {
                    mover: from,
                    plies: plies + 1,
                    due,
                    id,
                    notation,
                });
            }
            ("event", "moved") => {
                if let Some(p) = &pending {
                    if from != p.mover && msg.plies() == Some(p.plies) {
                        let now = Instant::now();
                        // A move seen after the window closed is not the window's.
                        if now < stop_at {
                            let us = u64::try_from((now - p.due).as_micros()).unwrap_or(u64::MAX);
                            shared.record_rtt(us);
                            if shared.take_move() {
                                t.moves += 1;
                            }
                        }
                    }
                }
            }
            ("ack", _) => {
                if let Some(Pending {
                    mover,
                    plies,
                    id,
                    notation: Some(notation),
                    ..
                }) = &pending
                {
                    if from == *mover && msg.id == Some(*id) {
                        t.acked.push(Acked {
                            room,
                            ply: plies.saturating_sub(1),
                            notation: notation.clone(),
                        });
                    }
                }
            }
            ("error", _) if moved(msg.error_code()) => {
                close(ws).await;
                return Ok(GameEnd::Moved);
            }
            ("error", _) => {
                t.error(msg.error_code());
                if pending.as_ref().is_some_and(|p| from == p.mover) {
                    // The move was refused: this game cannot go on from here.
                    close(ws).await;
                    return Err(anyhow!("move_refused"));
                }
            }
            ("event", "finished" | "aborted") => {
                // Both sockets get it; the first one ends the game.
                close(ws).await;
                return Ok(GameEnd::Over);
            }
            ("restarting", _) => {
                close(ws).await;
                return Ok(GameEnd::Moved);
            }
            _ => {}
        }
    }
}

/// The refusals of a command that met its room's task ending: nothing changed, and the
/// room is served elsewhere now.
fn moved(code: &str) -> bool {
    matches!(code, "room_closed" | "room_moved")
}

async fn close(ws: [Socket; 2]) {
    for mut w in ws {
        let _ = tokio::time::timeout(Duration::from_secs(1), w.close(None)).await;
    }
}

/// Prints `counts` under `title`, or `<none>: none` when there are none.
fn print_counts<'a>(
    none: &str,
    title: &str,
    counts: impl IntoIterator<Item = (&'a String, &'a u64)>,
) {
    let mut counts = counts.into_iter().peekable();
    if counts.peek().is_none() {
        println!("{none}: none");
        return;
    }
    println!("{title}:");
    for (k, v) in counts {
        println!("  {k}: {v}");
    }
}

/// What a fixed-rate schedule asked for in the measured window and how much of it was
/// made: a server (or client) that cannot keep up shows here as well as in the round
/// trips, which are counted from each move's slot.
fn schedule_line(rate: f64, rooms: usize, moves: u64, window: Duration) -> String {
    let secs = window.as_secs_f64().max(0.001);
    let per_second = rate * rooms as f64;
    let due = per_second * secs;
    format!(
        "schedule: {due:.0} moves due in the {secs:.1} s window ({per_second:.0}/s), {moves} made ({:.2}%)",
        100.0 * moves as f64 / due.max(f64::MIN_POSITIVE)
    )
}

/// Prints the report as text.
pub fn print(r: &PlayReport) {
    let s = &r.settings;
    let pace = match s.pace {
        Pace::ClosedLoop => "closed loop".to_string(),
        Pace::PerSecond(x) => format!("{x} moves/s per room"),
    };
    println!(
        "settings: {} rooms of {}, {pace}, at most {:?} and {} moves",
        s.rooms, s.game, s.duration, s.max_moves
    );
    println!(
        "setup: identities, {} first rooms and their sockets (seated, started) made in {:.1} s, before the clock",
        s.rooms,
        r.setup.as_secs_f64()
    );
    let secs = r.elapsed.as_secs_f64().max(0.001);
    println!(
        "ran {:.1} s: {} moves, {:.0} moves/s, {} games finished, {} reconnects to a room that moved",
        secs,
        r.moves,
        r.moves as f64 / secs,
        r.games,
        r.moved
    );
    if let Pace::PerSecond(rate) = s.pace {
        println!("{}", schedule_line(rate, s.rooms, r.moves, r.elapsed));
    }
    let ms = |q: f64| r.rtt_us.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "move round trip (due -> other seat hears it): p50 {:.2} ms, p99 {:.2} ms, p999 {:.2} ms, max {:.2} ms",
        ms(0.5),
        ms(0.99),
        ms(0.999),
        r.rtt_us.max() as f64 / 1000.0
    );
    if matches!(s.pace, Pace::PerSecond(_)) {
        let late = |q: f64| r.sent_late_us.value_at_quantile(q) as f64 / 1000.0;
        println!(
            "sent after due (the load generator's own delay, in the round trip): p50 {:.2} ms, p99 {:.2} ms, p999 {:.2} ms, max {:.2} ms",
            late(0.5),
            late(0.99),
            late(0.999),
            r.sent_late_us.max() as f64 / 1000.0
        );
    }
    if let Some(line) = server_timings_line(r) {
        println!("{line}");
    }
    print_counts("errors", "errors by kind", &r.errors);
    println!(
        "messages read: {}, {:.2}% by the scan of the server's moved, your_turn and ack (the rest by serde)",
        r.messages,
        100.0 * r.scanned as f64 / r.messages.max(1) as f64
    );
    if let Some([start, peak, end]) = r.server_rss_kib {
        println!(
            "server memory (RSS): {start} KiB at start, {peak} KiB at peak, {end} KiB at the end"
        );
    }
    print_counts(
        "server refusals (/metrics)",
        "server refusals (/metrics, growth during the run)",
        r.refusals.iter().map(|(k, v)| (k, v)),
    );
    // One line for scripts (crates/loadgen/peers/side-by-side.sh).
    println!(
        "result: moves_per_s={:.0} p50_ms={:.2} p99_ms={:.2}",
        r.moves as f64 / secs,
        ms(0.5),
        ms(0.99)
    );
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::{refusal_deltas, schedule_line, server_timings};
    use std::time::Duration;

    /// The share made is taken over the measured window, not the run with its wind-down
    /// (it once said 95.2% for 99,993 moves of 100,000 due).
    #[test]
    fn the_schedule_line_compares_moves_made_with_moves_due_in_the_window() {
        let line = schedule_line(1.0, 5000, 99_993, Duration::from_secs(20));
        assert_eq!(
            line,
            "schedule: 100000 moves due in the 20.0 s window (5000/s), 99993 made (99.99%)"
        );
    }

    /// A histogram's growth between two pages gives its quantiles as bucket bounds; a
    /// server without it gives none.
    #[test]
    fn server_timings_are_read_from_the_histograms_growth() {
        let page = |counts: [u64; 4], sum: f64| {
            format!(
                "# TYPE x_seconds histogram\n\
                 x_seconds_bucket{{le=\"0.001\"}} {}\n\
                 x_seconds_bucket{{le=\"0.01\"}} {}\n\
                 x_seconds_bucket{{le=\"0.1\"}} {}\n\
                 x_seconds_bucket{{le=\"+Inf\"}} {}\n\
                 x_seconds_sum {sum}\nx_seconds_count {}\n",
                counts[0], counts[1], counts[2], counts[3], counts[3]
            )
        };
        // Before the run: 5 observations, all fast; in it: 1,000 more, of which 980 under
        // 1 ms, 15 under 10 ms, 4 under 100 ms and one over.
        let before = page([5, 5, 5, 5], 0.001);
        let after = page([985, 1000, 1004, 1005], 2.0);
        let t = server_timings(&before, &after, "x_seconds").unwrap();
        assert_eq!(t.count, 1000);
        assert_eq!(t.quantiles, [0.001, 0.01, 0.1]);
        let slow = page([5, 5, 5, 1005], 100.0);
        let t = server_timings(&before, &slow, "x_seconds").unwrap();
        assert_eq!(t.quantiles, [f64::INFINITY; 3]);
        assert_eq!(server_timings(&before, &before, "x_seconds"), None);
        assert_eq!(server_timings("", &after, "y_seconds"), None);
    }

    #[test]
    fn refusal_deltas_keep_the_refusal_counters_that_grew() {
        let before = "# HELP checkerhall_errors_total Errors.\n\
                      checkerhall_errors_total 3\n\
                      checkerhall_limited_total{code=\"too_many_sockets\"} 1\n\
                      checkerhall_moves_total 10\n";
        let after = "checkerhall_errors_total 5\n\
                     checkerhall_limited_total{code=\"too_many_sockets\"} 1\n\
                     checkerhall_limited_total{code=\"overloaded\"} 7\n\
                     checkerhall_moves_total 900\n";
        assert_eq!(
            refusal_deltas(before, after),
            [
                ("checkerhall_errors_total".to_string(), 2),
                (
                    "checkerhall_limited_total{code=\"overloaded\"}".to_string(),
                    7
                ),
            ]
        );
    }
}
