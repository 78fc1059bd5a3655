//! Queah perft from the start under every option set we support, and from a middlegame
//! position with an owed drop under each drop timing, in both conventions (spec Appendix A).
//! Figures in `tests/data/queah_perft.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::perft_data;
use rules::perft::{divide, Counting};
use rules::{Position, Queah, QueahOptions};

#[test]
fn perft_matches_the_data_file() {
    let lines = perft_data::read::<Queah>(include_str!("../data/queah_perft.txt"));
    assert!(lines.len() > 100);
    assert_eq!(
        perft_data::check(&lines, u64::MAX, u64::MAX),
        2 * lines.len()
    );
}

#[test]
fn divide_sums_to_perft() {
    let p = Queah::new(QueahOptions::default()).unwrap();
    let parts = divide(&p, 4, Counting::Paths);
    assert_eq!(parts.len(), 5);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 1041);
}
