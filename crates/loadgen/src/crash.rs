//! `crash`: kill the server with SIGKILL in the middle of a run, restart it, and check that
//! every move a client saw acknowledged is stored and every unfinished game goes on.
//!
//! The load generator starts the server binary itself (so it can kill it), plays closed
//! loop, kills the server while moves are in flight, starts it again on the same database,
//! then reads every acknowledged move back through `GET /api/history/{id}` and resumes each
//! table's unfinished game from its snapshot, checking that its stored moves grow.

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use anyhow::{bail, Context};
use serde_json::Value;
use tokio::process::{Child, Command};
use tokio::time::Instant;
use uuid::Uuid;

use crate::client::Api;
use crate::play::{self, Acked, Pace, PlaySettings, TableEnd};

/// Settings of a `crash` run.
#[derive(Clone, Debug)]
pub struct CrashSettings {
    /// The `checkerhall` binary.
    pub server_bin: PathBuf,
    /// Where it listens (loopback).
    pub listen: SocketAddr,
    /// Its database.
    pub database_url: String,
    /// Tables.
    pub rooms: usize,
    /// Game key.
    pub game: String,
    /// Play this long before the kill.
    pub before_kill: Duration,
    /// Play this long after the restart.
    pub after_restart: Duration,
    /// Extra environment for the server (its socket limits, ...).
    pub env: Vec<(String, String)>,
}

/// What a `crash` run found.
#[derive(Clone, Debug)]
pub struct CrashReport {
    /// Moves acknowledged before the kill.
    pub acked: usize,
    /// Acknowledged moves not found in the database after the restart.
    pub missing: Vec<Acked>,
    /// Games unfinished at the kill that the restarted server had.
    pub unfinished: usize,
    /// Those that went on (more moves stored after the restart).
    pub went_on: usize,
    /// Those that did not.
    pub stuck: Vec<Uuid>,
    /// Moves played after the restart.
    pub moves_after: u64,
    /// Errors by kind, both phases.
    pub errors: BTreeMap<String, u64>,
}

impl CrashReport {
    /// True when nothing acknowledged was lost and every unfinished game went on.
    pub fn passed(&self) -> bool {
        self.missing.is_empty() && self.stuck.is_empty() && self.acked > 0
    }
}

/// Starts the server and waits until it is ready.
async fn start(s: &CrashSettings, api: &Api) -> anyhow::Result<Child> {
    let mut cmd = Command::new(&s.server_bin);
    cmd.arg("serve")
        .arg("--listen")
        .arg(s.listen.to_string())
        .arg("--database-url")
        .arg(&s.database_url)
        .envs(s.env.iter().map(|(k, v)| (k, v)))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    let mut child = cmd
        .spawn()
        .with_context(|| format!("cannot start {}", s.server_bin.display()))?;
    let give_up = Instant::now() + Duration::from_secs(60);
    while !api.ready().await {
        if let Some(status) = child.try_wait()? {
            bail!("the server exited before it was ready: {status}");
        }
        if Instant::now() > give_up {
            bail!("the server was not ready within 60 s");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(child)
}

/// Stored moves of a game: ply -> notation.
async fn stored(api: &Api, room: Uuid) -> anyhow::Result<BTreeMap<u64, String>> {
    let body = api.get_json(&format!("/api/history/{room}"), None).await?;
    let moves = body
        .get("moves")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    Ok(moves
        .iter()
        .filter_map(|m| {
            Some((
                m.get("ply")?.as_u64()?,
                m.get("notation")?.as_str()?.to_string(),
            ))
        })
        .collect())
}

/// Runs `s`: play, SIGKILL, restart, check, play on, check.
///
/// # Errors
/// The server could not be started, or its answers could not be read.
pub async fn run(s: &CrashSettings) -> anyhow::Result<CrashReport> {
    let api = Api::new(s.listen)?;
    let mut server = start(s, &api).await?;
    let settings = PlaySettings {
        rooms: s.rooms,
        game: s.game.clone(),
        pace: Pace::ClosedLoop,
        // Longer than the kill: the tables are mid-game when it comes.
        duration: s.before_kill + Duration::from_secs(1),
        max_moves: u64::MAX,
        progress: false,
        // The server is killed and replaced mid-run: its memory says nothing here.
        server_pid: None,
        // The check reads back every acknowledged move.
        record_acks: true,
    };
    let playing = {
        let api = api.clone();
        let settings = settings.clone();
        tokio::spawn(async move { play::run(&api, &settings, Vec::new()).await })
    };
    tokio::time::sleep(s.before_kill).await;
    // SIGKILL: no shutdown, no flush; what was acknowledged must already be on disk.
    server.start_kill().context("cannot kill the server")?;
    let _ = server.wait().await;
    let before = playing.await.context("the players stopped")??;
    let mut errors = before.errors.clone();

    let mut server = start(s, &api).await?;
    let rooms: BTreeSet<Uuid> = before.acked.iter().map(|a| a.room).collect();
    let mut counts = BTreeMap::new();
    let mut missing = Vec::new();
    for room in &rooms {
        let moves = stored(&api, *room).await?;
        for a in before.acked.iter().filter(|a| a.room == *room) {
            if moves.get(&a.ply) != Some(&a.notation) {
                missing.push(a.clone());
            }
        }
        counts.insert(*room, moves.len());
    }
    // The tables whose game the restarted server still has as playing go on with it.
    let mut resume = Vec::new();
    for t in &before.tables {
        let Some(room) = t.room else { continue };
        let state = api
            .get_json(&format!("/api/rooms/{room}"), None)
            .await
            .ok()
            .and_then(|v| v.get("state").and_then(Value::as_str).map(str::to_string));
        if state.as_deref() == Some("playing") {
            resume.push(TableEnd {
                room: Some(room),
                seats: t.seats.clone(),
            });
        }
    }
    let unfinished: Vec<Uuid> = resume.iter().filter_map(|t| t.room).collect();
    let after = if resume.is_empty() {
        None
    } else {
        let settings = PlaySettings {
            rooms: resume.len(),
            duration: s.after_restart,
            ..settings
        };
        Some(play::run(&api, &settings, resume).await?)
    };
    let mut stuck = Vec::new();
    for room in &unfinished {
        let now = stored(&api, *room).await.map(|m| m.len()).unwrap_or(0);
        let then = counts.get(room).copied().unwrap_or(0);
        if now <= then {
            stuck.push(*room);
        }
    }
    if let Some(a) = &after {
        for (k, v) in &a.errors {
            *errors.entry(format!("after restart: {k}")).or_insert(0) += v;
        }
    }
    let _ = server.start_kill();
    let _ = server.wait().await;
    Ok(CrashReport {
        acked: before.acked.len(),
        missing,
        unfinished: unfinished.len(),
        went_on: unfinished.len() - stuck.len(),
        stuck,
        moves_after: after.map_or(0, |a| a.moves),
        errors,
    })
}

/// Prints the report as text.
pub fn print(s: &CrashSettings, r: &CrashReport) {
    println!(
        "settings: {} tables of {}, SIGKILL after {:?}, {:?} of play after the restart, database {}",
        s.rooms, s.game, s.before_kill, s.after_restart, s.database_url
    );
    println!(
        "acknowledged before the kill: {} moves; missing after the restart: {}",
        r.acked,
        r.missing.len()
    );
    for m in r.missing.iter().take(20) {
        println!("  missing: room {} ply {} {}", m.room, m.ply, m.notation);
    }
    println!(
        "unfinished games at the kill: {}; went on after the restart: {} ({} moves); stuck: {}",
        r.unfinished,
        r.went_on,
        r.moves_after,
        r.stuck.len()
    );
    for (k, v) in &r.errors {
        println!("  error {k}: {v}");
    }
    println!("{}", if r.passed() { "PASSED" } else { "FAILED" });
}
