//! Neva perft from tests/data/neva_perft.txt, both conventions (spec Appendix A).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::perft_data;
use rules::perft::{self, Counting};
use rules::{GameOptions, Neva, NevaOptions, Position};

fn lines() -> Vec<perft_data::Line<Neva>> {
    perft_data::read(include_str!("../data/neva_perft.txt"))
}

#[test]
fn perft_matches_the_data_file() {
    let lines = lines();
    assert!(lines.len() > 50);
    assert_eq!(
        perft_data::check(&lines, u64::MAX, u64::MAX),
        2 * lines.len()
    );
}

#[test]
fn perft_without_bulk_counting_agrees() {
    // The bulk count (count_legal) against building every move at the last ply.
    fn slow(pos: &Neva, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                slow(&child, depth - 1)
            })
            .sum()
    }
    for line in lines()
        .iter()
        .filter(|l| l.paths.is_some_and(|n| n < 200_000))
    {
        assert_eq!(
            Some(slow(&line.position, line.depth)),
            line.paths,
            "{}",
            line.text
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Neva::new(NevaOptions::default()).unwrap();
    let split = perft::divide(&pos, 6, Counting::Paths);
    let mut named: Vec<(String, u64)> = split
        .iter()
        .map(|(m, n)| (pos.move_to_string(m), *n))
        .collect();
    named.sort();
    assert_eq!(named.iter().map(|(_, n)| n).sum::<u64>(), 4136);
    assert_eq!(named.len(), 4);
    let _ = NevaOptions::default().get("seats");
}
