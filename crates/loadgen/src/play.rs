//! `play`: tables of two seats playing random legal games, closed loop or at a fixed rate.
//!
//! Each table is one task owning both sockets of its room, so it knows when a move was due
//! and when the other seat heard of it. The round trip of a move runs from the moment it was
//! due (closed loop: when the mover was told its turn; fixed rate: its slot in the schedule,
//! even if the server was late telling the turn) to the moment the *other* seat receives the
//! `moved` event: a slow server is charged for the moves it delayed (no coordinated
//! omission, as wrk2 does it).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::anyhow;
use hdrhistogram::Histogram;
use rand::seq::SliceRandom;
use serde_json::{json, Value};
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
    /// How long it ran.
    pub elapsed: Duration,
    /// Moves whose `moved` event reached the other seat.
    pub moves: u64,
    /// Games that ended.
    pub games: u64,
    /// Round trips in microseconds.
    pub rtt_us: Histogram<u64>,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// Every acknowledged move (for the crash check).
    pub acked: Vec<Acked>,
    /// Where each table stopped.
    pub tables: Vec<TableEnd>,
}

/// A histogram of 1 µs to 10 min at 3 significant digits.
#[allow(clippy::expect_used)]
pub(crate) fn histogram() -> Histogram<u64> {
    // Constant bounds that hdrhistogram accepts: this cannot fail.
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("valid histogram bounds")
}

/// Shared between the tables: stop flag and counters for the progress bar.
struct Shared {
    stop: AtomicBool,
    moves: AtomicU64,
    max_moves: u64,
}

impl Shared {
    fn take_move(&self) -> bool {
        let n = self.moves.fetch_add(1, Ordering::Relaxed) + 1;
        if n >= self.max_moves {
            self.stop.store(true, Ordering::Relaxed);
        }
        n <= self.max_moves
    }
}

/// One table's results.
struct Table {
    moves: u64,
    games: u64,
    rtt: Histogram<u64>,
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
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push([api.identity().await?, api.identity().await?]);
    }
    Ok(out)
}

/// Runs `settings` against `api`. `resume` continues tables in given rooms (crash mode);
/// otherwise every table makes its identities and rooms.
///
/// # Errors
/// The identities could not be made (a failure during the run is counted, not returned).
pub async fn run(
    api: &Api,
    settings: &PlaySettings,
    tables: Vec<TableEnd>,
) -> anyhow::Result<PlayReport> {
    let tables = if tables.is_empty() {
        identities(api, settings.rooms)
            .await?
            .into_iter()
            .map(|seats| TableEnd { room: None, seats })
            .collect()
    } else {
        tables
    };
    let shared = Arc::new(Shared {
        stop: AtomicBool::new(false),
        moves: AtomicU64::new(0),
        max_moves: settings.max_moves.max(1),
    });
    let started = Instant::now();
    let deadline = started + settings.duration;
    let bar = settings.progress.then(|| progress_bar(settings.duration));
    let mut tasks = Vec::with_capacity(tables.len());
    for t in tables {
        let api = api.clone();
        let shared = shared.clone();
        let s = settings.clone();
        tasks.push(tokio::spawn(async move {
            table(api, s, t, shared, deadline).await
        }));
    }
    let ticker = bar.clone().map(|bar| {
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
        rtt_us: histogram(),
        errors: BTreeMap::new(),
        acked: Vec::new(),
        tables: Vec::new(),
    };
    for t in tasks {
        match t.await {
            Ok(t) => {
                report.moves += t.moves;
                report.games += t.games;
                let _ = report.rtt_us.add(&t.rtt);
                for (k, v) in t.errors {
                    *report.errors.entry(k).or_insert(0) += v;
                }
                report.acked.extend(t.acked);
                report.tables.extend(t.end);
            }
            Err(_) => *report.errors.entry("table_panicked".into()).or_insert(0) += 1,
        }
    }
    report.elapsed = started.elapsed();
    if let Some(t) = ticker {
        t.abort();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(report)
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
    notation: String,
}

/// How one game at a table ended.
enum GameEnd {
    /// Finished or aborted: go on with a new room.
    Over,
    /// The run is over (time, move budget) while the game went on.
    Stopped,
}

async fn table(
    api: Api,
    s: PlaySettings,
    start: TableEnd,
    shared: Arc<Shared>,
    deadline: Instant,
) -> Table {
    let mut t = Table {
        moves: 0,
        games: 0,
        rtt: histogram(),
        errors: BTreeMap::new(),
        acked: Vec::new(),
        end: None,
    };
    let seats = start.seats;
    let mut resume = start.room;
    // The room of a game cut short by an error (a crash): where the table stood.
    let mut last = None;
    while !shared.stop.load(Ordering::Relaxed) && Instant::now() < deadline {
        let room = match resume.take() {
            Some(r) => Ok((r, true)),
            None => api
                .create_room(&seats[0], &s.game)
                .await
                .map(|r| (r, false)),
        };
        let (room, resumed) = match room {
            Ok(r) => r,
            Err(e) => {
                t.error(e.to_string());
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        last = Some(room);
        match game(&api, &s, &mut t, room, resumed, &seats, &shared, deadline).await {
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
            Err(e) => {
                t.error(e.to_string());
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    t.end = Some(TableEnd { room: last, seats });
    t
}

fn kind(m: &Value) -> (&str, &str) {
    let outer = m.get("type").and_then(Value::as_str).unwrap_or("");
    let inner = m
        .pointer("/data/type")
        .and_then(Value::as_str)
        .unwrap_or("");
    (outer, inner)
}

#[allow(clippy::too_many_arguments)]
async fn game(
    api: &Api,
    s: &PlaySettings,
    t: &mut Table,
    room: Uuid,
    resumed: bool,
    seats: &[Identity; 2],
    shared: &Shared,
    deadline: Instant,
) -> anyhow::Result<GameEnd> {
    let mut ws: [Socket; 2] = [
        api.connect(room, &seats[0]).await?,
        api.connect(room, &seats[1]).await?,
    ];
    let mut next_id = 1u64;
    if !resumed {
        client::command(&mut ws[1], "take_seat", next_id, json!({})).await?;
        next_id += 1;
        // Not waiting for the ack: the first `your_turn` may come before it.
        client::send(&mut ws[0], "start", next_id, json!({})).await?;
        next_id += 1;
    }
    let mut pending: Option<Pending> = None;
    // Fixed rate: the schedule of this room's moves.
    let period = match s.pace {
        Pace::PerSecond(r) if r > 0.0 => Some(Duration::from_secs_f64(1.0 / r)),
        _ => None,
    };
    let mut slot = Instant::now();
    let stop_at = deadline;
    // The board's ply count as last seen (either socket).
    let mut plies = 0u64;
    loop {
        if shared.stop.load(Ordering::Relaxed) || Instant::now() >= stop_at {
            close(ws).await;
            return Ok(GameEnd::Stopped);
        }
        let [w0, w1] = &mut ws;
        let (from, msg) = tokio::select! {
            m = client::next(w0) => (0, m?),
            m = client::next(w1) => (1, m?),
            () = tokio::time::sleep_until(stop_at) => continue,
        };
        let Some(msg) = msg else {
            return Err(anyhow!("socket_closed"));
        };
        if let Some(p) = msg.pointer("/data/board/plies").and_then(Value::as_u64) {
            plies = plies.max(p);
        }
        match kind(&msg) {
            ("event", "your_turn") | ("snapshot", _) => {
                if kind(&msg).0 == "snapshot"
                    && msg.pointer("/data/state").and_then(Value::as_str) != Some("playing")
                {
                    if resumed {
                        close(ws).await;
                        return Ok(GameEnd::Over);
                    }
                    continue;
                }
                let moves = match msg.pointer("/data/legal_moves") {
                    Some(Value::Array(a)) => a.clone(),
                    _ => continue,
                };
                let Some(text) = moves
                    .choose(&mut rand::thread_rng())
                    .and_then(|m| m.get("text"))
                    .and_then(Value::as_str)
                    .map(str::to_string)
                else {
                    continue;
                };
                let now = Instant::now();
                let due = match period {
                    None => now,
                    Some(p) => {
                        slot += p;
                        if slot > now {
                            tokio::time::sleep_until(slot).await;
                        }
                        slot
                    }
                };
                let id = next_id;
                next_id += 1;
                client::send(&mut ws[from], "move", id, json!({ "move": text })).await?;
                pending = Some(Pending {
                    mover: from,
                    plies: plies + 1,
                    due,
                    id,
                    notation: text,
                });
            }
            ("event", "moved") => {
                let shown = msg.pointer("/data/board/plies").and_then(Value::as_u64);
                if let Some(p) = &pending {
                    if from != p.mover && shown == Some(p.plies) {
                        let us = u64::try_from(p.due.elapsed().as_micros()).unwrap_or(u64::MAX);
                        let _ = t.rtt.record(us.max(1));
                        if shared.take_move() {
                            t.moves += 1;
                        }
                    }
                }
            }
            ("ack", _) => {
                if let Some(p) = &pending {
                    if from == p.mover && msg.get("id").and_then(Value::as_u64) == Some(p.id) {
                        t.acked.push(Acked {
                            room,
                            ply: p.plies.saturating_sub(1),
                            notation: p.notation.clone(),
                        });
                    }
                }
            }
            ("error", _) => {
                t.error(client::error_code(&msg));
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
                return Err(anyhow!("server_restarting"));
            }
            _ => {}
        }
    }
}

async fn close(ws: [Socket; 2]) {
    for mut w in ws {
        let _ = tokio::time::timeout(Duration::from_secs(1), w.close(None)).await;
    }
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
    let secs = r.elapsed.as_secs_f64().max(0.001);
    println!(
        "ran {:.1} s: {} moves, {:.0} moves/s, {} games finished",
        secs,
        r.moves,
        r.moves as f64 / secs,
        r.games
    );
    let ms = |q: f64| r.rtt_us.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "move round trip (due -> other seat hears it): p50 {:.2} ms, p99 {:.2} ms, p999 {:.2} ms, max {:.2} ms",
        ms(0.5),
        ms(0.99),
        ms(0.999),
        r.rtt_us.max() as f64 / 1000.0
    );
    if r.errors.is_empty() {
        println!("errors: none");
    } else {
        println!("errors by kind:");
        for (k, v) in &r.errors {
            println!("  {k}: {v}");
        }
    }
}
