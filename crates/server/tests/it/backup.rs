//! `checkerhall backup FILE` copies a SQLite database while a server is writing to it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::Server;
use serde_json::json;
use server::store::Store;

#[tokio::test]
async fn backup_copies_a_running_database() {
    let dir = std::env::temp_dir().join(format!("checkerhall-backup-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("live.db").display());
    let mut s = Server::setup().database(url.clone()).start().await;
    let (_, token) = s.player().await;
    let (status, room) = s.create_room(&token, json!({"game": "queah"})).await;
    assert_eq!(status, 200);
    let room: uuid::Uuid = room["id"].as_str().unwrap().parse().unwrap();

    let copy = dir.join("copy.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .args(["backup", copy.to_str().unwrap(), "--database-url", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A second backup to the same file is refused, not overwritten.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .args(["backup", copy.to_str().unwrap(), "--database-url", &url])
        .output()
        .unwrap();
    assert!(!again.status.success());
    s.stop().await;

    let backup = Store::open(&format!("sqlite://{}", copy.display()))
        .await
        .unwrap();
    assert!(backup.room(room).await.unwrap().is_some());
    backup.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The log line of `checkerhall serve` (with `extra` flags, its output redirected) that
/// says where it listens.
fn first_log_line(extra: &[&str]) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--database-url",
            "sqlite::memory:",
        ])
        .args(extra)
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The line saying it listens: others may come first (mail off, for one).
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    for _ in 0..20 {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.contains("listening") {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn logs_are_plain_text_or_json() {
    let plain = first_log_line(&[]);
    assert!(plain.contains("listening"), "{plain:?}");
    assert!(!plain.contains('\u{1b}'), "colour codes in {plain:?}");
    let json = first_log_line(&["--log-format", "json"]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["level"], "INFO", "{json}");
}
