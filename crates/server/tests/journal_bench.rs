//! The SQLite writer's cost per move with and without its journal, measured in one build
//! back to back (ignored: run by hand, in release):
//!
//! ```text
//! cargo test --release -p checkerhall-server --test journal_bench -- --ignored --nocapture
//! ```
//!
//! ROOMS rooms each write a log row and a move, then wait for the commit and write the
//! next (as room tasks do, without sockets), through the writer on a fresh SQLite file.
//! Prints per move: the process's CPU time, the writer thread's, the write system calls
//! (`syscw`, pwrite included) and the moves a second, for each way in turn.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Instant;

use server::metrics::Metrics;
use server::store::{
    FoldPolicy, GameRow, LogRow, MoveRow, RoomRow, Store, Write, Writer, WriterConfig,
};
use uuid::Uuid;

const ROOMS: usize = 100;
const MOVES: i64 = 150;
const ROUNDS: usize = 3;

/// CPU ticks (user + system) of this process and of its busiest `sqlx-sqlite` thread.
fn ticks() -> (u64, u64) {
    let field = |stat: &str| -> u64 {
        let after = stat.rsplit(')').next().unwrap_or("");
        let f: Vec<&str> = after.split_whitespace().collect();
        f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
    };
    let all = field(&std::fs::read_to_string("/proc/self/stat").unwrap());
    let mut writer = 0;
    for t in std::fs::read_dir("/proc/self/task").unwrap() {
        let p = t.unwrap().path();
        let comm = std::fs::read_to_string(p.join("comm")).unwrap_or_default();
        if comm.starts_with("sqlx-sqlite") {
            if let Ok(s) = std::fs::read_to_string(p.join("stat")) {
                writer = writer.max(field(&s));
            }
        }
    }
    (all, writer)
}

fn write_calls() -> u64 {
    std::fs::read_to_string("/proc/self/io")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("syscw: "))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

async fn run(policy: FoldPolicy) -> (f64, f64, f64, f64) {
    let path = std::env::temp_dir().join(format!("checkerhall-jbench-{}.db", Uuid::new_v4()));
    let url = format!("sqlite://{}", path.display());
    let store = Store::open(&url).await.unwrap();
    store.migrate().await.unwrap();
    let config = WriterConfig {
        fold: policy,
        ..WriterConfig::default()
    };
    let writer = Writer::spawn_with(store.clone(), Arc::new(Metrics::default()), config);
    let mut rooms = Vec::new();
    for i in 0..ROOMS {
        let id = Uuid::new_v4();
        let room = RoomRow {
            id,
            variant: "stockholm".into(),
            options: "{}".into(),
            host: Uuid::new_v4(),
            host_name: "host".into(),
            visibility: "public".into(),
            invite_code: None,
            time_control: r#"{"kind":"none"}"#.into(),
            grace_ms: 30_000,
            state: "playing".into(),
            created_at: i64::try_from(i).unwrap(),
        };
        let game = GameRow {
            id,
            variant: "stockholm".into(),
            options: "{}".into(),
            start_position: "W:W21,22:B1,2".into(),
            seats: "{}".into(),
            players: vec![],
            result: None,
            reason: None,
            winners: None,
            started_at: 1,
            finished_at: None,
        };
        writer
            .write(vec![Write::Room(room), Write::StartGame(game)])
            .await
            .unwrap();
        rooms.push(id);
    }
    let (c0, w0, s0, t0) = (ticks().0, ticks().1, write_calls(), Instant::now());
    let tasks: Vec<_> = rooms
        .into_iter()
        .map(|id| {
            let writer = writer.clone();
            tokio::spawn(async move {
                for ply in 0..MOVES {
                    let log = LogRow {
                        room_id: id,
                        seq: ply,
                        at: 1_700_000_000_000 + ply,
                        actor: format!(r#"{{"player":"{id}"}}"#),
                        command: format!(r#"{{"type":"move","move":"{}-{}"}}"#, ply % 50, ply % 45),
                    };
                    let mv = MoveRow {
                        game_id: id,
                        ply,
                        seat: if ply % 2 == 0 { "white" } else { "black" }.into(),
                        notation: format!("{}-{}", ply % 50, ply % 45),
                        clock_ms: None,
                        at: 1_700_000_000_000 + ply,
                    };
                    writer
                        .write(vec![Write::Log(log), Write::Move(mv)])
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let secs = t0.elapsed().as_secs_f64();
    let (c1, w1) = ticks();
    let s1 = write_calls();
    writer.close().await;
    store.close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let moves = (ROOMS as f64) * (MOVES as f64);
    // Clock ticks are 10 ms.
    (
        (c1 - c0) as f64 * 10_000.0 / moves,
        (w1 - w0) as f64 * 10_000.0 / moves,
        (s1 - s0) as f64 / moves,
        moves / secs,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run by hand in release"]
async fn journal_against_direct_inserts() {
    for round in 0..ROUNDS {
        for (name, policy) in [
            ("direct", FoldPolicy::Direct),
            ("journal", FoldPolicy::Sliced),
            ("append", FoldPolicy::AtStop),
        ] {
            let (cpu, writer, calls, rate) = run(policy).await;
            println!(
                "round {round} {name:8} cpu {cpu:6.1} us/move, writer thread {writer:6.1} us/move, \
                 write calls {calls:5.2}/move, {rate:8.0} moves/s"
            );
        }
    }
}
