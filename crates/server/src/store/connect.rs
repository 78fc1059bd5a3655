//! Reaching the database: a password given apart from the URL, messages that never show
//! it, and the wait for a database that is not reachable yet (a container's database
//! starts after the server, and a crash loop meanwhile helps nobody).
//!
//! A password pasted into `DATABASE_URL` must be percent-encoded; one with `@ / : #` pasted
//! as it is made the URL name another host, and the server crash-looped with "failed to
//! lookup address information". [`Password`] is set on the connection options after the
//! URL is parsed, so it is taken as it is, whatever characters it holds.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};

use super::{Backend, Pool, Store, StoreError};

/// A database password given apart from the URL. Its `Debug` shows `***`, so a settings
/// struct that holds it can be printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// The password as it is (for the connection options only).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Password {
    fn from(s: String) -> Password {
        Password(s)
    }
}

impl From<&str> for Password {
    fn from(s: &str) -> Password {
        Password(s.to_string())
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

/// Where the database is and how to log in: what [`Store::connect`] takes.
#[derive(Clone, Debug)]
pub struct Database {
    /// `sqlite://path`, `sqlite::memory:` or `postgres://...` (a password in it is used
    /// unless [`Database::password`] is set).
    pub url: String,
    /// Overrides the URL's password (Postgres; SQLite has none).
    pub password: Option<Password>,
}

impl Database {
    /// `url` with the password it holds, if any.
    pub fn new(url: impl Into<String>) -> Database {
        Database {
            url: url.into(),
            password: None,
        }
    }

    /// The URL with its password masked, for messages and logs.
    pub fn shown(&self) -> String {
        redact_url(&self.url)
    }

    /// A word for a URL whose password holds characters a URL cannot hold as written (such
    /// a password made part of it read as the host, and the server crash-looped).
    pub fn hint(&self) -> Option<&'static str> {
        let p = url_password(&self.url)?;
        p.contains(['@', '/', '#', '?']).then_some(
            "the password in DATABASE_URL holds @ / # or ?: percent-encode it, or give it \
             apart as CHECKERHALL_DATABASE_PASSWORD (or CHECKERHALL_DATABASE_PASSWORD_FILE)",
        )
    }

    /// Whether the URL names Postgres (the one backend that can be unreachable).
    pub fn is_postgres(&self) -> bool {
        self.url.starts_with("postgres://") || self.url.starts_with("postgresql://")
    }

    /// `text` with every password this database knows of replaced by `***`: the separate
    /// one, and the URL's as written and percent-decoded. For any message that may quote
    /// an error of the driver, which is not ours to check.
    pub fn scrub(&self, text: &str) -> String {
        let mut secrets: Vec<String> = Vec::new();
        if let Some(p) = &self.password {
            secrets.push(p.expose().to_string());
        }
        if let Some(p) = url_password(&self.url) {
            secrets.push(percent_decode(&p));
            secrets.push(p);
        }
        // Longest first: a password that contains another is masked whole.
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let mut out = text.to_string();
        for s in secrets.iter().filter(|s| !s.is_empty()) {
            out = out.replace(s.as_str(), "***");
        }
        out
    }
}

/// The password of a URL as written, by the same rule as [`redact_url`].
fn url_password(url: &str) -> Option<String> {
    let start = url.find("://")? + 3;
    let rest = &url[start..];
    let colon = rest.find(':')?;
    let at = rest.rfind('@')?;
    (colon < at).then(|| rest[colon + 1..at].to_string())
}

/// `%XX` sequences decoded (bytes that do not form UTF-8 are replaced).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// First pause between two tries to reach the database at start.
pub const FIRST_RETRY: Duration = Duration::from_millis(500);

/// Longest pause between two tries (the pause doubles up to it).
pub const LONGEST_RETRY: Duration = Duration::from_secs(5);

/// How long one try to connect may take before it counts as "not reachable".
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Calls `open` until it succeeds, fails for a reason other than "not reachable", or `wait`
/// has passed; between tries it pauses `FIRST_RETRY` (0.5 s), doubling to `LONGEST_RETRY` (5 s), and
/// calls `on_retry` with the error and the pause first. In compose the database starts
/// beside the server (its name may not even resolve yet); a wrong password or a bad URL is
/// not retried.
///
/// # Errors
/// `open`'s last error; [`StoreError::Unreachable`] when `wait` passed without an answer.
pub async fn retry_unreachable<T, F, Fut>(
    wait: Duration,
    open: F,
    on_retry: impl FnMut(&StoreError, Duration),
) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    retry_backoff(wait, (FIRST_RETRY, LONGEST_RETRY), open, on_retry).await
}

/// [`retry_unreachable`] with the first and the longest pause given.
async fn retry_backoff<T, F, Fut>(
    wait: Duration,
    (first, longest): (Duration, Duration),
    mut open: F,
    mut on_retry: impl FnMut(&StoreError, Duration),
) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    let deadline = tokio::time::Instant::now() + wait;
    let mut pause = first;
    loop {
        match open().await {
            Ok(t) => return Ok(t),
            Err(e) if e.is_unavailable() => {
                let left = deadline.saturating_duration_since(tokio::time::Instant::now());
                if left.is_zero() {
                    return Err(StoreError::Unreachable(format!(
                        "no answer within {} s ({e})",
                        wait.as_secs()
                    )));
                }
                let pause_now = pause.min(left);
                on_retry(&e, pause_now);
                tokio::time::sleep(pause_now).await;
                pause = (pause * 2).min(longest);
            }
            Err(e) => return Err(e),
        }
    }
}

impl Store {
    /// [`Store::connect`], retried for up to `wait` while a Postgres database is not
    /// reachable (see [`retry_unreachable`]); each retry is logged as a warning with the
    /// password masked.
    ///
    /// # Errors
    /// As [`Store::connect`]; [`StoreError::Unreachable`] after `wait`.
    pub async fn connect_waiting(db: &Database, wait: Duration) -> Result<Store, StoreError> {
        Store::connect_waiting_with(db, wait, |e, pause| {
            tracing::warn!(
                database = %db.shown(),
                "database not reachable yet, retrying in {:.1} s: {e}",
                pause.as_secs_f32(),
            );
        })
        .await
    }

    /// [`Store::connect_waiting`] telling `on_retry` (error already masked, pause) instead
    /// of the log: for the subcommands that print to standard error.
    ///
    /// # Errors
    /// As [`Store::connect_waiting`].
    pub async fn connect_waiting_with(
        db: &Database,
        wait: Duration,
        mut on_retry: impl FnMut(&str, Duration),
    ) -> Result<Store, StoreError> {
        if !db.is_postgres() {
            return Store::connect(db).await;
        }
        retry_unreachable(
            wait,
            || Store::connect(db),
            |e, pause| on_retry(&db.scrub(&e.to_string()), pause),
        )
        .await
    }
}

/// `url` with its password replaced by `***`, for messages and logs: a database URL is
/// printed when the database cannot be opened, and `docker compose logs` must not show the
/// password. The password runs from the first `:` after the scheme's `//` to the last `@`
/// (a password pasted unescaped may itself hold `@`, `/`, `:` or `#`); a URL without one
/// is returned as it is.
pub fn redact_url(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[start..];
    let (Some(colon), Some(at)) = (rest.find(':'), rest.rfind('@')) else {
        return url.to_string();
    };
    if colon >= at {
        return url.to_string();
    }
    format!("{}{}:***{}", &url[..start], &rest[..colon], &rest[at..])
}

/// The scheme of a URL, for an error message that must not echo a password.
fn scheme_of(url: &str) -> String {
    match url.split_once(':') {
        Some((scheme, _)) => format!("{scheme}:..."),
        None => "(no scheme)".to_string(),
    }
}

/// Connections of a file SQLite pool (WAL lets readers run beside the one writer).
const SQLITE_CONNECTIONS: u32 = 8;

/// Connections of a Postgres pool.
const PG_CONNECTIONS: u32 = 16;

/// Longest wait for a Postgres connection of the pool: past it the request fails with
/// `sqlx::Error::PoolTimedOut`, which the HTTP API answers 503 `unavailable`. While the
/// database is down every request needing it waits this long (sqlx's default, 30 s, made
/// `/api/me` and a socket upgrade hang that long); under load a free connection
/// comes within milliseconds.
const PG_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// How long a SQLite connection waits for another one's write lock.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl Store {
    /// Connects to `url` (`sqlite://path` creates the file; `sqlite::memory:` for tests;
    /// `postgres://...`).
    ///
    /// SQLite runs with a WAL journal and `synchronous=FULL`: a committed transaction
    /// survives a crash of the process and of the machine. A memory database lives in its
    /// connection, so its pool has exactly one connection that is never recycled.
    ///
    /// # Errors
    /// Unsupported URL or connection failure.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::connect(&Database::new(url)).await
    }

    /// [`Store::open`] with a password given apart from the URL ([`Database::password`],
    /// set on the connection options after the URL is parsed: any characters). On
    /// Postgres one connection is made first, within 10 s (`CONNECT_TIMEOUT`), so that
    /// an unreachable server is reported with its cause (the pool would retry it silently
    /// until its acquire timeout, then say only that it timed out).
    ///
    /// # Errors
    /// Unsupported URL or connection failure.
    pub async fn connect(db: &Database) -> Result<Store, StoreError> {
        let url = db.url.as_str();
        if url.starts_with("sqlite:") {
            Store::connect_sqlite(url).await
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::connect_postgres(db).await
        } else {
            Err(StoreError::Url(scheme_of(url)))
        }
    }

    /// [`Store::connect`] to a SQLite file, or to memory.
    async fn connect_sqlite(url: &str) -> Result<Store, StoreError> {
        let opts = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(SQLITE_BUSY_TIMEOUT)
            .foreign_keys(true)
            // A multi-row insert inside a transaction keeps a statement journal (to
            // undo just that statement); in memory it is not a temporary file written
            // page by page on every commit.
            .pragma("temp_store", "memory");
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        // The writer's checkpoint task copies the WAL into the file, off the commits'
        // path (see `wal`); no connection checkpoints inside its own commit.
        let opts = if memory {
            opts
        } else {
            opts.pragma("wal_autocheckpoint", "0")
        };
        if !memory {
            // First run: make the folder too (e.g. a fresh volume's `data/`).
            if let Some(dir) = opts.get_filename().parent() {
                if !dir.as_os_str().is_empty() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| StoreError::Sqlx(sqlx::Error::Io(e)))?;
                }
            }
        }
        let pool = if memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(opts)
                .await?
        } else {
            SqlitePoolOptions::new()
                .max_connections(SQLITE_CONNECTIONS)
                // A local file does not drop connections: no ping (a round trip to the
                // connection's thread) before each use.
                .test_before_acquire(false)
                .connect_with(opts)
                .await?
        };
        Ok(Store {
            backend: Backend::Sqlite,
            pool: Pool::Sqlite(pool),
            sqlite_file: !memory,
        })
    }

    /// [`Store::connect`] to Postgres.
    async fn connect_postgres(db: &Database) -> Result<Store, StoreError> {
        let url = db.url.as_str();
        // The writer's batch statement (see `pg`) has one best plan whatever the
        // batch holds; left to choose, Postgres plans it again for every batch (its
        // arrays' lengths change the estimates), which cost more than running it.
        let mut opts =
            PgConnectOptions::from_str(url)?.options([("plan_cache_mode", "force_generic_plan")]);
        if let Some(password) = &db.password {
            opts = opts.password(password.expose());
        }
        let first = tokio::time::timeout(CONNECT_TIMEOUT, opts.connect())
            .await
            .map_err(|_| {
                StoreError::Unreachable(format!(
                    "no connection within {} s",
                    CONNECT_TIMEOUT.as_secs()
                ))
            })??;
        // It proved the server answers; the pool makes its own.
        let _ = first.close().await;
        let pool = PgPoolOptions::new()
            .max_connections(PG_CONNECTIONS)
            .acquire_timeout(PG_ACQUIRE_TIMEOUT)
            .connect_with(opts)
            .await?;
        Ok(Store {
            backend: Backend::Postgres,
            pool: Pool::Postgres(pool),
            sqlite_file: false,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn a_password_is_never_printed() {
        let db = Database {
            url: "postgres://checkerhall:old%40pw@db/checkerhall".into(),
            password: Some(Password::from("p@ss/w:rd#1")),
        };
        assert_eq!(format!("{:?}", db.password), "Some(Password(***))");
        assert!(!format!("{db:?}").contains("p@ss"));
        assert_eq!(db.shown(), "postgres://checkerhall:***@db/checkerhall");
        let said = "error for p@ss/w:rd#1, old@pw and old%40pw";
        assert_eq!(db.scrub(said), "error for ***, *** and ***");
        // Nothing to mask: the text stays as it is.
        let plain = Database::new("sqlite://x.db");
        assert_eq!(plain.scrub("a b: c"), "a b: c");
        assert!(plain.hint().is_none());
        assert!(Database::new("postgres://u:p@ss@db/x").hint().is_some());
        assert!(Database::new("postgres://u:p%40ss@db/x").hint().is_none());
    }

    #[test]
    fn percent_decoding_keeps_what_is_not_an_escape() {
        assert_eq!(percent_decode("a%40b%2Fc"), "a@b/c");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }

    fn unreachable() -> StoreError {
        StoreError::Sqlx(sqlx::Error::Io(std::io::Error::new(
            std::io::ErrorKind::ConnectionRefused,
            "connection refused",
        )))
    }

    /// Pauses of 5 ms doubling to 40 ms stand for 0.5 s doubling to 5 s.
    const FAST: (Duration, Duration) = (Duration::from_millis(5), Duration::from_millis(40));

    #[tokio::test]
    async fn an_unreachable_database_is_retried_with_backoff_then_given_up() {
        let mut pauses = Vec::new();
        let r: Result<(), _> = retry_backoff(
            Duration::from_millis(150),
            FAST,
            || async { Err(unreachable()) },
            |_, p| pauses.push(p.as_millis()),
        )
        .await;
        assert!(matches!(r, Err(StoreError::Unreachable(_))), "{r:?}");
        assert_eq!(pauses[..5], [5, 10, 20, 40, 40], "{pauses:?}");
        assert!(pauses.iter().all(|p| *p <= 40), "{pauses:?}");
        let e = r.unwrap_err();
        assert!(e.is_unavailable());
        assert!(e.to_string().contains("connection refused"), "{e}");
    }

    #[tokio::test]
    async fn a_refusal_is_not_retried_and_an_answer_ends_the_wait() {
        let mut tries = 0;
        let r: Result<(), _> = retry_backoff(
            Duration::from_secs(60),
            FAST,
            || {
                tries += 1;
                async { Err(StoreError::Url("ftp:...".into())) }
            },
            |_, _| panic!("no retry"),
        )
        .await;
        assert!(matches!(r, Err(StoreError::Url(_))));
        assert_eq!(tries, 1);
        let mut tries = 0;
        let r = retry_backoff(
            Duration::from_secs(60),
            FAST,
            || {
                tries += 1;
                let n = tries;
                async move {
                    if n < 3 {
                        Err(unreachable())
                    } else {
                        Ok(n)
                    }
                }
            },
            |_, _| {},
        )
        .await;
        assert_eq!(r.unwrap(), 3);
    }

    #[test]
    fn a_database_password_never_reaches_a_message() {
        let cases = [
            (
                "postgres://checkerhall:secret@db:5432/checkerhall",
                "postgres://checkerhall:***@db:5432/checkerhall",
            ),
            // A password pasted unescaped, whose `@` and `/` once made the server crash-loop.
            (
                "postgres://checkerhall:p@ss/w:rd#1@db:5432/checkerhall",
                "postgres://checkerhall:***@db:5432/checkerhall",
            ),
            ("postgres://db/checkerhall", "postgres://db/checkerhall"),
            ("postgres://user@db/x", "postgres://user@db/x"),
            ("sqlite://checkerhall.db", "sqlite://checkerhall.db"),
            ("sqlite::memory:", "sqlite::memory:"),
        ];
        for (url, shown) in cases {
            assert_eq!(redact_url(url), shown, "{url}");
        }
    }
}
