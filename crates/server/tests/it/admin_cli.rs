//! `checkerhall admin create --name ...` run as a host would, on a real database (SQLite and
//! Postgres): the admin it makes can log in and use the admin API.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use common::Server;
use serde_json::{json, Value};

/// Runs `admin create --name NAME` on `url`; the password from the environment, or else
/// written to standard input.
fn admin_create(url: &str, name: &str, env_password: Option<&str>, stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_checkerhall"));
    cmd.args(["admin", "create", "--name", name, "--database-url", url])
        .env_remove("CHECKERHALL_ADMIN_PASSWORD")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = env_password {
        cmd.env("CHECKERHALL_ADMIN_PASSWORD", p);
    }
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

async fn login(s: &Server, username: &str, password: &str) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(s.url("/api/account/login"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn admin_create_makes_an_admin_who_can_log_in() {
    for backend in clubdb::BACKENDS {
        let Some(url) = clubdb::fresh(backend).await else {
            continue;
        };
        let out = admin_create(&url, "root", Some("root password"), "");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{backend:?}: {out:?}");
        assert!(stdout.contains("admin root made"), "{stdout}");
        // The password may come on standard input instead.
        let out = admin_create(&url, "second", None, "second password\n");
        assert!(out.status.success(), "{backend:?}: {out:?}");
        // Refusals: a taken name (any case), a bad name, a short password; nothing is made.
        for (name, password) in [
            ("ROOT", "another password"),
            ("a", "long enough"),
            ("third", "short"),
        ] {
            let out = admin_create(&url, name, Some(password), "");
            assert!(!out.status.success(), "{name}: {out:?}");
            assert!(!out.stderr.is_empty(), "{name}: says why");
        }

        let mut s = Server::setup().database(url.clone()).start().await;
        for (name, password) in [("root", "root password"), ("second", "second password")] {
            let (status, body) = login(&s, name, password).await;
            assert_eq!(status, 200, "{body}");
            let token = body["token"].as_str().unwrap();
            let (status, body) = s.get("/api/admin/players", Some(token)).await;
            assert_eq!(status, 200, "{name} is an admin: {body}");
        }
        let (status, _) = login(&s, "third", "short").await;
        assert_eq!(status, 403);
        s.stop().await;
    }
}
