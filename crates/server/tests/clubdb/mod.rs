//! Fresh databases for the club tests: a SQLite file in a temporary folder, and a fresh
//! Postgres database made through `TEST_DATABASE_URL` (skipped with a printed reason when it
//! is unset, except under CI, where that fails).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use sqlx::Executor;
use uuid::Uuid;

/// The backends a club test runs on.
#[derive(Copy, Clone, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Both backends.
pub const BACKENDS: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

/// A URL of a fresh, empty database of `backend`; `None` when Postgres is not configured
/// outside CI.
pub async fn fresh(backend: Backend) -> Option<String> {
    match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join(format!("checkerhall-club-{}", Uuid::new_v4()));
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

/// A fresh, empty Postgres database; `None` (with the reason printed) when
/// `TEST_DATABASE_URL` is unset outside CI. Under CI that is a failure.
pub async fn fresh_postgres() -> Option<FreshPostgres> {
    let Ok(admin) = std::env::var("TEST_DATABASE_URL") else {
        if std::env::var_os("CI").is_some() {
            panic!("CI is set but TEST_DATABASE_URL is not: the Postgres tests must run");
        }
        eprintln!("skipping the Postgres run: TEST_DATABASE_URL is not set");
        return None;
    };
    let name = format!("t_{}", Uuid::new_v4().simple());
    let pool = sqlx::PgPool::connect(&admin).await.unwrap();
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
