//! The load generator's crash mode on a small scale: the real server
//! binary is killed with SIGKILL while tables play, restarted on the same SQLite file, and
//! every move a client saw acknowledged must be stored and every unfinished game go on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use loadgen::crash::{self, CrashSettings};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_loses_no_acknowledged_move_and_games_go_on() {
    let dir = std::env::temp_dir().join(format!("checkerhall-crash-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    // A free loopback port for the server the test starts and restarts.
    let listen = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let settings = CrashSettings {
        server_bin: env!("CARGO_BIN_EXE_checkerhall").into(),
        listen,
        database_url: format!("sqlite://{}/crash.db", dir.display()),
        rooms: 3,
        game: "stockholm".into(),
        // Windows of play, not waits for something: short, and the checks below fail if
        // they were too short for the kill to find games under way or for them to go on.
        before_kill: Duration::from_secs(1),
        after_restart: Duration::from_secs(1),
        // Load-test limits: every table comes from 127.0.0.1 and starts a new room each time
        // its game ends; a per-address room limit left the tables waiting between games, so
        // that the kill could find none under way.
        env: vec![
            ("CHECKERHALL_WS_MESSAGES_PER_SECOND".into(), "100000".into()),
            ("CHECKERHALL_WS_MESSAGE_BURST".into(), "100000".into()),
            ("CHECKERHALL_ROOMS_PER_ADDRESS".into(), "0".into()),
            ("CHECKERHALL_IDENTITIES_PER_ADDRESS".into(), "0".into()),
        ],
    };
    let report = crash::run(&settings).await.unwrap();
    crash::print(&settings, &report);
    assert!(report.acked > 0, "moves were acknowledged before the kill");
    assert!(report.missing.is_empty(), "lost: {:?}", report.missing);
    assert!(report.stuck.is_empty(), "stuck games: {:?}", report.stuck);
    // Read from the database itself, not from the report: the games the restarted server
    // found under way are those whose room log has the `resume` command it applies to each
    // on start; each went on if a move was stored after that.
    let db = sqlx::SqlitePool::connect(&settings.database_url)
        .await
        .unwrap();
    let resumed: Vec<(String, i64)> = sqlx::query_as(
        "SELECT room_id, at FROM room_log WHERE command LIKE '%\"type\":\"resume\"%'",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    assert!(
        !resumed.is_empty(),
        "the kill left no game under way: nothing was tested"
    );
    for (room, at) in &resumed {
        let (after,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM moves WHERE game_id = ? AND at >= ?")
                .bind(room)
                .bind(at)
                .fetch_one(&db)
                .await
                .unwrap();
        assert!(after > 0, "game {room} did not go on after the restart");
    }
    assert_eq!(report.unfinished, resumed.len(), "{report:?}");
    assert_eq!(report.went_on, resumed.len(), "{report:?}");
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
