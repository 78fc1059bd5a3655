//! The bots' integration tests, one binary: each module was a test binary of its own, and
//! every binary links the rules, the bots and proptest again (see the root Cargo.toml on
//! the workspace's many test binaries).
//!
//! Proptest keeps failing cases beside each module (`<module>.proptest-regressions`):
//! its default persistence would look for a `main.rs` and move them to a
//! `proptest-regressions/` folder beside this one, so the modules' configs come from
//! [`proptest_config`].

use proptest::test_runner::{Config, FileFailurePersistence};

mod analysis;
mod legal;
mod neva;
mod neva_tune;
mod puzzles;
mod queah_search;
mod tune;

/// A proptest config with `cases` cases whose failures persist beside the module's source
/// file, as when each module was a binary of its own.
pub fn proptest_config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
