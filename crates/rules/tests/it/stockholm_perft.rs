//! Perft from the start position of Stockholm checkers / Brazilian draughts under every
//! option set, both conventions (spec Appendix A), from `tests/data/stockholm_perft.txt`.
//! With `deferred_backward_capture=false` the figures are the published Brazilian draughts
//! perft (sources in the data file).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::perft_data;
use rules::perft::{self, Counting};
use rules::{Position, Stockholm, StockholmOptions};

fn lines() -> Vec<perft_data::Line<Stockholm>> {
    perft_data::read(include_str!("../data/stockholm_perft.txt"))
}

/// Checks the figures up to `max_paths` (paths) and `max_dedup` (dedup) nodes.
fn check(max_paths: u64, max_dedup: u64) -> usize {
    perft_data::check(&lines(), max_paths, max_dedup)
}

#[test]
fn perft_from_start() {
    // Every option set, both conventions, up to a node limit that keeps the test short.
    let checked = check(5_000_000, 1_000_000);
    assert!(checked >= 8 * 16, "only {checked} lines checked");
}

#[test]
fn published_brazilian_perft() {
    // R. Halbersma / DCTL BrazilianInitial, dedup convention (see the data file).
    let published = [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766];
    let pos = Stockholm::brazilian();
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(
            perft::count(&pos, d as u32 + 1, Counting::Dedup),
            n,
            "depth {}",
            d + 1
        );
    }
    // Stockholm's deferred rule shows from depth 5 on (White's first backward jumps).
    let stockholm = Stockholm::new(StockholmOptions::default()).unwrap();
    assert_eq!(perft::perft(&stockholm, 4), 1469);
    assert_ne!(perft::perft(&stockholm, 5), 7473);
}
