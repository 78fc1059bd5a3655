//! The load generator's crash mode on a small scale (issue 10, item 5): the real server
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
        before_kill: Duration::from_secs(2),
        after_restart: Duration::from_secs(2),
        env: vec![
            ("CHECKERHALL_WS_MESSAGES_PER_SECOND".into(), "100000".into()),
            ("CHECKERHALL_WS_MESSAGE_BURST".into(), "100000".into()),
        ],
    };
    let report = crash::run(&settings).await.unwrap();
    crash::print(&settings, &report);
    assert!(report.acked > 0, "moves were acknowledged before the kill");
    assert!(report.missing.is_empty(), "lost: {:?}", report.missing);
    assert!(report.stuck.is_empty(), "stuck games: {:?}", report.stuck);
    assert_eq!(report.went_on, report.unfinished);
    let _ = std::fs::remove_dir_all(&dir);
}
