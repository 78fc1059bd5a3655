//! What every cluster test checks once play has stopped: each acknowledged move is in its
//! stored game (read through nginx), each stored game replays through the rules, and each
//! room's log has one row per sequence number with none missing (a room that took commands
//! from two nodes would show a gap, a duplicate or a lost acknowledged move).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use crate::harness::{Cluster, Http};
use crate::table::{Acked, Record};

/// The stored moves of a game (ply -> notation), read through nginx, with the plies whose
/// position did not replay. Retries while nginx or a node is busy.
pub async fn stored(http: &Http, room: Uuid) -> (BTreeMap<u64, String>, Vec<u64>) {
    let give_up = Instant::now() + Duration::from_secs(30);
    let body = loop {
        let (status, body) = http.get(&format!("/api/history/{room}"), None).await;
        if status == 200 {
            break body;
        }
        assert!(
            Instant::now() < give_up,
            "GET /api/history/{room} answered {status}: {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let mut moves = BTreeMap::new();
    let mut unreplayed = Vec::new();
    for m in body["moves"].as_array().cloned().unwrap_or_default() {
        let ply = m["ply"].as_u64().unwrap();
        if m["position"].is_null() {
            unreplayed.push(ply);
        }
        moves.insert(ply, m["notation"].as_str().unwrap_or("").to_string());
    }
    (moves, unreplayed)
}

/// Checks every room the tables played in (and `extra` rooms); panics naming what is wrong.
/// Returns the number of acknowledged moves checked.
pub async fn everything_stored(cluster: &Cluster, record: &Record, extra: &[Uuid]) -> usize {
    let http = cluster.http();
    let db = cluster.db().await;
    let rooms: BTreeSet<Uuid> = record.rooms.iter().chain(extra).copied().collect();
    let mut by_room: BTreeMap<Uuid, Vec<&Acked>> = BTreeMap::new();
    for a in &record.acked {
        by_room.entry(a.room).or_default().push(a);
    }
    let mut problems = Vec::new();
    for room in &rooms {
        let (moves, unreplayed) = stored(&http, *room).await;
        if !unreplayed.is_empty() {
            problems.push(format!("room {room}: plies {unreplayed:?} do not replay"));
        }
        let plies: Vec<u64> = moves.keys().copied().collect();
        let expected: Vec<u64> = (0..plies.len() as u64).collect();
        if plies != expected {
            problems.push(format!("room {room}: stored plies {plies:?} are not 0..n"));
        }
        for a in by_room.get(room).into_iter().flatten() {
            if moves.get(&a.ply) != Some(&a.notation) {
                problems.push(format!(
                    "room {room}: acknowledged ply {} {} is stored as {:?}",
                    a.ply,
                    a.notation,
                    moves.get(&a.ply)
                ));
            }
        }
        let seqs: Vec<(i64,)> =
            sqlx::query_as("SELECT seq FROM room_log WHERE room_id = $1 ORDER BY seq")
                .bind(room.to_string())
                .fetch_all(&db)
                .await
                .unwrap();
        let seqs: Vec<i64> = seqs.into_iter().map(|(s,)| s).collect();
        let expected: Vec<i64> = (0..seqs.len() as i64).collect();
        if seqs != expected {
            problems.push(format!(
                "room {room}: its log's sequence numbers are not 0..n: {seqs:?}"
            ));
        }
    }
    db.close().await;
    assert!(
        problems.is_empty(),
        "{} problems:\n{}\n{}",
        problems.len(),
        problems.join("\n"),
        cluster.logs()
    );
    record.acked.len()
}

/// The rooms among `rooms` still being played, by the database.
pub async fn playing(db: &sqlx::PgPool, rooms: &[Uuid]) -> Vec<Uuid> {
    let ids: Vec<String> = rooms.iter().map(Uuid::to_string).collect();
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM rooms WHERE id = ANY($1) AND state = 'playing'")
            .bind(&ids)
            .fetch_all(db)
            .await
            .unwrap();
    rows.iter()
        .filter_map(|(id,)| Uuid::parse_str(id).ok())
        .collect()
}

/// Whether `room`'s game is over now (finished or aborted), by the database.
pub async fn over(db: &sqlx::PgPool, room: Uuid) -> bool {
    let row: Option<(String,)> = sqlx::query_as("SELECT state FROM rooms WHERE id = $1")
        .bind(room.to_string())
        .fetch_optional(db)
        .await
        .unwrap();
    !matches!(row.as_ref().map(|(s,)| s.as_str()), Some("playing"))
}

/// Prints a run's client side: reconnections and how they resynced, refusals, closes.
pub fn print(what: &str, r: &Record) {
    println!(
        "{what}: {} moves acknowledged in {} rooms ({} games ended); {} sockets reopened with \
         `since` ({} answered with the missed events, {} with a snapshot); {} `restarting`; \
         closes {:?}; refusals {:?}",
        r.acked.len(),
        r.rooms.len(),
        r.games,
        r.reconnects,
        r.resynced_by_events,
        r.resynced_by_snapshot,
        r.restarting,
        r.closes,
        r.refusals
    );
}

/// Min, median and max of `ms`, for the printed figures.
pub fn spread(ms: &mut [u128]) -> String {
    if ms.is_empty() {
        return "none".into();
    }
    ms.sort_unstable();
    format!(
        "min {} ms, median {} ms, max {} ms ({} rooms)",
        ms[0],
        ms[ms.len() / 2],
        ms[ms.len() - 1],
        ms.len()
    )
}

/// A metric's value in a `/metrics` text (the first sample of that name), 0 if absent.
pub fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let (key, value) = l.rsplit_once(' ')?;
            let key = key.split('{').next()?;
            (key == name).then(|| value.parse().ok()).flatten()
        })
        .unwrap_or(0.0)
}

/// How many waiting or playing rooms `epoch` still owns.
pub async fn owned_unfinished(db: &sqlx::PgPool, epoch: i64) -> i64 {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM rooms WHERE owner = $1 AND state IN ('waiting', 'playing')",
    )
    .bind(epoch)
    .fetch_one(db)
    .await
    .unwrap();
    n
}
