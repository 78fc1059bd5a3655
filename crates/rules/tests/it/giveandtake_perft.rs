//! Perft of Give and Take from `tests/data/giveandtake_perft.txt` (spec Appendix A): the
//! start and three middlegames under every option set, both counting conventions.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::perft_data;
use rules::perft::{self, Counting};
use rules::{GiveAndTake, GiveAndTakeOptions, Position};

#[test]
fn perft_matches_the_data_file() {
    let lines = perft_data::read::<GiveAndTake>(include_str!("../data/giveandtake_perft.txt"));
    assert!(lines.len() > 100);
    assert_eq!(
        perft_data::check(&lines, u64::MAX, u64::MAX),
        2 * lines.len()
    );
}

#[test]
fn start_steps_match_turkish_geometry() {
    // Spec Appendix A: the men's steps from the Turkish start (8, then 8 × 8).
    let p = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
    assert_eq!(perft::perft(&p, 1), 8);
    assert_eq!(perft::perft(&p, 2), 64);
    let d = perft::divide(&p, 3, Counting::Paths);
    assert_eq!(d.len(), 8);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 708);
}
