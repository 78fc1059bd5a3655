//! The hot path costs what a command changes, not what the game holds: a 300-ply
//! game over real sockets writes the same rows and statements for its last moves as for its
//! first ones, on SQLite (in memory and in a file) and on Postgres.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use std::sync::atomic::Ordering;

use common::Server;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rules::{AnyOptions, AnyPosition, Move, Seat, Variant};
use serde_json::json;
use server::config::ServerConfig;

const PLIES: usize = 300;

/// Stockholm without the repetition and no-progress draws, so a game can be long.
fn long_options() -> AnyOptions {
    AnyOptions::from_pairs(
        Variant::Stockholm,
        vec![
            ("repetition".to_string(), "0".to_string()),
            ("no_progress".to_string(), "0".to_string()),
        ],
    )
    .unwrap()
}

/// True if the side to move after `mv` could capture.
fn gives_a_capture(pos: &AnyPosition, mv: &Move) -> bool {
    let Ok(next) = pos.clone().play(mv) else {
        return true;
    };
    next.legal_moves().iter().any(|m| !m.captured().is_empty())
}

/// A game of `PLIES` legal moves that does not end: moves that give nothing away are
/// preferred, so the sides keep their pieces, crown them, and the kings go back and forth.
/// Random tie-breaks, several seeds until one line is long enough.
fn long_line() -> Vec<String> {
    let options = long_options();
    for seed in 0..500u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = AnyPosition::new(Variant::Stockholm, &options).unwrap();
        let mut line = Vec::new();
        while line.len() < PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() || !pos.status().is_ongoing() {
                break;
            }
            let safe: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !gives_a_capture(&pos, m))
                .collect();
            let pool = if safe.is_empty() {
                moves.to_vec()
            } else {
                safe
            };
            let mv = *pool.choose(&mut rng).unwrap();
            line.push(pos.move_to_string(&mv));
            pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        }
        if line.len() == PLIES && pos.status().is_ongoing() {
            return line;
        }
    }
    panic!("no {PLIES}-ply line found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_writes_per_move_stay_constant_over_a_300_ply_game() {
    // SQLite: the log row and the move in one insert each.
    writes_per_move_stay_constant("sqlite::memory:", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_writes_per_move_stay_constant_over_a_300_ply_game_sqlite_file() {
    // A SQLite file: the writer commits on a connection of its own (not the pool's), each
    // batch as a script kept prepared: the log row and the move in one insert each.
    let dir = std::env::temp_dir().join(format!("checkerhall-hot-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    writes_per_move_stay_constant(&format!("sqlite://{}/hot.db", dir.display()), 2).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_writes_per_move_stay_constant_over_a_300_ply_game_postgres() {
    let Some(pg) = clubdb::fresh_postgres().await else {
        return;
    };
    // Postgres: the whole batch in one statement.
    writes_per_move_stay_constant(&pg.url, 1).await;
    let admin = sqlx::PgPool::connect(&pg.admin).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", pg.name))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
}

/// Plays a `PLIES`-ply game on a server storing in `url`; every move must write its two rows
/// in `statements` statements of one transaction.
async fn writes_per_move_stay_constant(url: &str, statements: u64) {
    let line = long_line();
    let mut config = ServerConfig::new(url);
    // One socket sends 150 moves here: lift the per-socket rate limit out of the way.
    config.limits.messages_per_second = 100_000;
    config.limits.message_burst = 100_000;
    let mut s = Server::start(config).await;
    let (_, host) = s.player().await;
    let (_, guest) = s.player().await;
    let (status, created) = s
        .create_room(
            &host,
            json!({"game": "stockholm", "seat": "white",
                   "options": {"repetition": "0", "no_progress": "0"}}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = s.ws(&id, Some(&host), None).await;
    let mut black = s.ws(&id, Some(&guest), None).await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;

    let m = &s.state.metrics;
    let mut per_move = Vec::new();
    let store = s.state.store.clone();
    for (ply, text) in line.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut white } else { &mut black };
        // The server's heartbeat (once a second) goes through the same writer: a move during
        // which one was stored is not counted.
        let beat = store.last_heartbeat().await.unwrap();
        let rows = m.store_writes.load(Ordering::Relaxed);
        let ran = m.store_statements.load(Ordering::Relaxed);
        let batches = m.store_batches.load(Ordering::Relaxed);
        mover.act("move", json!({"move": text})).await;
        let counts = (
            m.store_writes.load(Ordering::Relaxed) - rows,
            m.store_statements.load(Ordering::Relaxed) - ran,
            m.store_batches.load(Ordering::Relaxed) - batches,
        );
        if store.last_heartbeat().await.unwrap() == beat {
            per_move.push((ply, counts));
        }
    }
    // Every move: its log row and its move row, in one transaction of the same statements,
    // from the first plies to the last ones.
    assert!(per_move.iter().any(|(ply, _)| *ply < 50), "{per_move:?}");
    assert!(
        per_move.iter().any(|(ply, _)| *ply >= PLIES - 50),
        "{per_move:?}"
    );
    for (ply, w) in &per_move {
        assert_eq!(
            *w,
            (2, statements, 1),
            "ply {ply}: (rows, statements, transactions)"
        );
    }
    // Each move was timed (`/metrics`): its command, its wait for the store, its
    // transaction.
    let n = u64::try_from(line.len()).unwrap();
    assert!(m.commands.count() >= n, "{}", m.commands.count());
    assert!(m.store_wait.count() >= n, "{}", m.store_wait.count());
    assert!(m.store_commit.count() >= n, "{}", m.store_commit.count());
    // And the moves are all there, in order.
    let (status, game) = s.get(&format!("/api/history/{id}"), None).await;
    assert_eq!(status, 200, "{game}");
    let stored: Vec<String> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(stored, line);
    assert!(matches!(
        AnyPosition::new(Variant::Stockholm, &long_options())
            .unwrap()
            .turn(),
        Some(Seat::WHITE)
    ));
    s.stop().await;
}
