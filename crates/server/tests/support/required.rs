//! Whether a test that needs something Cargo does not provide (Postgres, Chromium, nginx,
//! Node.js, root) may go without it here. One rule for every such test, in every test
//! binary (each includes this file):
//!
//! - what the test needs is here: it runs;
//! - it is missing, and the group is named in `CHECKERHALL_SKIP` (comma-separated, `all`
//!   for every group) outside CI: the test returns early, with the reason on stderr;
//! - otherwise the test fails, saying what is missing, how to provide it and how to skip.
//!
//! A test that passes without testing would look the same as one that passed: libtest
//! captures the output of passing tests, so a printed "skipped" reaches nobody. Failing by
//! default makes the person running `cargo test --workspace` on a machine without Postgres
//! see which groups cannot run and why, and skipping is their explicit choice. Under CI
//! (`CI` set to anything but empty, `0` or `false`; `.ci/run` sets `CI=true`) nothing may
//! be skipped: `CHECKERHALL_SKIP` is refused.
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
        }
    }
}

/// Whether this run is under CI, where nothing may be skipped.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// Whether `CHECKERHALL_SKIP` names `group` (or `all`).
fn skipped_by_name(group: Group) -> bool {
    std::env::var("CHECKERHALL_SKIP").is_ok_and(|list| {
        list.split(',')
            .map(str::trim)
            .any(|g| g == group.name() || g == "all")
    })
}

/// Called by a test of `group` that cannot run here because `why`: returns (the caller
/// skips the test) only where the group may be skipped, after saying so on stderr;
/// otherwise panics, so that the test fails and says what to do.
pub fn missing(group: Group, why: &str) {
    let name = group.name();
    // libtest names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    if under_ci() {
        panic!(
            "{test}: {why}. Under CI nothing may be skipped ({}).",
            group.remedy()
        );
    }
    if skipped_by_name(group) {
        eprintln!("skipped {test} (CHECKERHALL_SKIP names {name}): {why}");
        return;
    }
    panic!(
        "{test}: {why}. To run it: {}. To skip the {name} tests instead, set \
         CHECKERHALL_SKIP={name} (README, Tests).",
        group.remedy()
    );
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
