//! The rules' integration tests, one binary: each module was a test binary of its own, and
//! every one linked the rules and proptest again. The perft data files and the Neva
//! training game's transcript stay in `tests/data/`; their readers are [`perft_data`] and
//! `tests/data/training_game.rs`.
//!
//! Proptest keeps failing cases beside each module (`<module>.proptest-regressions`): its
//! default persistence would look for this `main.rs` and move them to a
//! `proptest-regressions/` folder beside it, so the modules' configs come from
//! [`proptest_config`].

use proptest::test_runner::{Config, FileFailurePersistence};

mod perft_data;

mod any;
mod giveandtake;
mod giveandtake_perft;
mod giveandtake_props;
mod giveandtake_reference;
mod neva;
mod neva_perft;
mod neva_props;
mod neva_reference;
mod queah;
mod queah_perft;
mod queah_props;
mod queah_reference;
mod reasons;
mod refusals;
mod rollback;
mod search_api;
mod stockholm;
mod stockholm_perft;
mod stockholm_props;
mod stockholm_reference;

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
