//! Fresh databases for the club tests: a SQLite file in a temporary folder, and a fresh
//! Postgres database made through `TEST_DATABASE_URL` (without it, the test fails unless
//! the Postgres tests may be skipped: see `crate::required`).
//!
//! Tests keep their databases (a failed one can be looked at) and many hand the URL to a
//! server or a child process, so nothing drops them when a test ends. Instead each name
//! carries the time it was made, and making one drops those older than [`KEEP_FOR`]: a
//! developer's machine keeps an hour of test databases, not every one ever made.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::Executor;
use uuid::Uuid;

/// How long a test database outlives its test: longer than any test runs.
pub const KEEP_FOR: Duration = Duration::from_secs(3600);

/// Seconds since the epoch.
fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The made-at time in a name `<prefix><secs>_<uuid>`, if it is one.
fn made_at(name: &str, prefix: &str) -> Option<u64> {
    let rest = name.strip_prefix(prefix)?;
    let (secs, id) = rest.split_once('_')?;
    Uuid::try_parse(id).ok()?;
    secs.parse().ok()
}

/// Whether a name made by [`fresh`] is older than [`KEEP_FOR`].
fn expired(name: &str, prefix: &str) -> bool {
    made_at(name, prefix).is_some_and(|t| t + KEEP_FOR.as_secs() < now_secs())
}

/// The backends a club test runs on.
#[derive(Copy, Clone, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Both backends.
pub const BACKENDS: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

/// A URL of a fresh, empty database of `backend`; `None` when Postgres is not configured
/// and the Postgres tests may be skipped (`crate::required`).
pub async fn fresh(backend: Backend) -> Option<String> {
    match backend {
        Backend::Sqlite => {
            let tmp = std::env::temp_dir();
            if let Ok(entries) = std::fs::read_dir(&tmp) {
                for e in entries.flatten() {
                    if expired(&e.file_name().to_string_lossy(), "checkerhall-club-") {
                        // Another run may be removing it at the same time: either is fine.
                        let _ = std::fs::remove_dir_all(e.path());
                    }
                }
            }
            let dir = tmp.join(format!(
                "checkerhall-club-{}_{}",
                now_secs(),
                Uuid::new_v4().simple()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            Some(format!("sqlite://{}", dir.join("club.db").display()))
        }
        Backend::Postgres => fresh_postgres().await.map(|pg| pg.url),
    }
}

/// A fresh Postgres database made through `TEST_DATABASE_URL`.
pub struct FreshPostgres {
    /// The admin connection it was made through (to drop it afterwards).
    pub admin: String,
    /// The database's name.
    pub name: String,
    /// A URL connecting to it.
    pub url: String,
}

/// A fresh, empty Postgres database; `None` when `TEST_DATABASE_URL` is unset and the
/// Postgres tests may be skipped (`crate::required`; otherwise the test fails).
pub async fn fresh_postgres() -> Option<FreshPostgres> {
    let admin = crate::required::postgres_url()?;
    let name = format!("t_{}_{}", now_secs(), Uuid::new_v4().simple());
    let pool = sqlx::PgPool::connect(&admin).await.unwrap();
    let names: Vec<(String,)> = sqlx::query_as("SELECT datname FROM pg_database")
        .fetch_all(&pool)
        .await
        .unwrap();
    for (old,) in names.iter().filter(|(n,)| expired(n, "t_")) {
        // A concurrent run may drop it first (IF EXISTS); FORCE closes a forgotten
        // connection of a test that died.
        let _ = pool
            .execute(format!("DROP DATABASE IF EXISTS {old} WITH (FORCE)").as_str())
            .await;
    }
    pool.execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    pool.close().await;
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin.as_str(), String::new()),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let host_part = match base[authority_end..].find('/') {
        Some(i) => &base[..authority_end + i],
        None => base,
    };
    let url = format!("{host_part}/{name}{query}");
    Some(FreshPostgres { admin, name, url })
}
