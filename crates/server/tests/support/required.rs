//! Whether a test that needs something Cargo does not provide (Postgres, Chromium, nginx,
//! Node.js, root) may go without it here. One rule for every such test, in every test
//! binary (each includes this file):
//!
//! - what the test needs is here: it runs;
//! - it is missing under CI (`CI` set to anything but empty, `0` or `false`; `.ci/run` sets
//!   `CI=true`): the test fails, saying what is missing and how to provide it;
//! - it is missing elsewhere: the test returns early and says so on the terminal.
//!
//! libtest captures what a passing test prints with `println!`/`eprintln!`, so a skip said
//! that way reached nobody and a run without Postgres looked like a run with it. The skip
//! is written to the process's stderr handle itself, which the capture does not take, so
//! a person running `cargo test --workspace` sees which groups did not run and why.
#![allow(dead_code)]

/// What a group of tests needs from the machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// A Postgres server, through `TEST_DATABASE_URL`.
    Postgres,
    /// Debian's Chromium (or the `CHROMIUM` variable's binary).
    Browser,
    /// Debian's nginx, at `/usr/sbin/nginx`.
    Nginx,
    /// Node.js (or the `NODE` variable's binary).
    Node,
    /// Root, to mount a small tmpfs (the full-disk test).
    Root,
    /// Debian's aiosmtpd, the SMTP server the mail tests send through.
    Smtp,
}

impl Group {
    /// The group's name in `CHECKERHALL_SKIP`.
    pub fn name(self) -> &'static str {
        match self {
            Group::Postgres => "postgres",
            Group::Browser => "browser",
            Group::Nginx => "nginx",
            Group::Node => "node",
            Group::Root => "root",
            Group::Smtp => "smtp",
        }
    }

    /// How to provide what the group needs.
    fn remedy(self) -> &'static str {
        match self {
            Group::Postgres => {
                "set TEST_DATABASE_URL to an admin connection, e.g. \
                 postgres://user:password@127.0.0.1:5432/postgres (a role that may create \
                 databases); `.ci/run` starts the machine's Postgres and sets it"
            }
            Group::Browser => "apt-get install chromium, or set CHROMIUM to a Chromium binary",
            Group::Nginx => "apt-get install nginx (Debian's, at /usr/sbin/nginx)",
            Group::Node => "apt-get install nodejs, or set NODE to a Node.js binary",
            Group::Root => "run the tests as root (`.ci/run` does)",
            Group::Smtp => "apt-get install python3-aiosmtpd (Debian's, run by /usr/bin/python3)",
        }
    }
}

/// Whether this run is under CI, where nothing may be skipped.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// Says on the process's stderr (past libtest's capture) that `test` of `group` did not
/// run because `why`: the whole reason the first time a binary skips a group, the test's
/// name after that.
fn say_skipped(group: Group, test: &str, why: &str) {
    use std::io::Write as _;
    use std::sync::atomic::{AtomicU8, Ordering};
    static SAID: AtomicU8 = AtomicU8::new(0);
    let bit = 1u8 << (group as u8);
    let first = SAID.fetch_or(bit, Ordering::Relaxed) & bit == 0;
    let name = group.name();
    let line = if first {
        format!(
            "SKIPPED the {name} tests: {why}. To run them: {} (README, Tests). Skipped: {test}\n",
            group.remedy()
        )
    } else {
        format!("SKIPPED ({name}): {test}\n")
    };
    // Nothing to do if stderr is closed: the skip is still a skip.
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Called by a test of `group` that cannot run here because `why`: returns (the caller
/// skips the test) outside CI, after saying so past the output capture; under CI panics,
/// so that the test fails and says what to do.
pub fn missing(group: Group, why: &str) {
    // libtest names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    if under_ci() {
        panic!(
            "{test}: {why}. Under CI nothing may be skipped ({}).",
            group.remedy()
        );
    }
    say_skipped(group, test, why);
}

/// `TEST_DATABASE_URL`, or `None` where the Postgres tests may be skipped (see
/// [`missing`]).
pub fn postgres_url() -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            missing(Group::Postgres, "TEST_DATABASE_URL is not set");
            None
        }
    }
}

/// Whether `path` (a tool of `group`) is here; `false` where the group may be skipped
/// (see [`missing`]).
pub fn tool(group: Group, path: &std::path::Path) -> bool {
    if path.is_file() {
        return true;
    }
    missing(group, &format!("there is no {}", path.display()));
    false
}
