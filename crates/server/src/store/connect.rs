//! Reaching the database: a password given apart from the URL, messages that never show
//! it, and the wait for a database that is not reachable yet (issue 24).
//!
//! A password pasted into `DATABASE_URL` must be percent-encoded; one with `@ / : #` pasted
//! as it is made the URL name another host, and the server crash-looped with "failed to
//! lookup address information". [`Password`] is set on the connection options after the
//! URL is parsed, so it is taken as it is, whatever characters it holds.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use super::{redact_url, Store, StoreError};

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

    /// A word for a URL whose password holds characters a URL cannot hold as written (the
    /// crash loop of issue 24: its host became part of the password).
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
}
