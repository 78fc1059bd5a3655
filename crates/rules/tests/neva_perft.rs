//! Neva perft from tests/data/neva-perft.txt, both conventions (spec Appendix A).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::perft::{self, Counting};
use rules::{GameOptions, Neva, NevaOptions, Position};

/// One line of the data file.
pub struct Line {
    pub name: String,
    pub options: NevaOptions,
    pub position: Neva,
    pub depth: u32,
    pub paths: u64,
    pub dedup: u64,
}

pub fn lines() -> Vec<Line> {
    include_str!("data/neva-perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 6, "{l}");
            let pairs: Vec<(&str, &str)> = f[1]
                .split_whitespace()
                .map(|p| p.split_once('=').unwrap())
                .collect();
            let options = NevaOptions::from_pairs(pairs).unwrap();
            let position = match f[2] {
                "start" => Neva::new(options).unwrap(),
                text => Neva::from_position_string(text, options).unwrap(),
            };
            Line {
                name: f[0].to_string(),
                options,
                position,
                depth: f[3].parse().unwrap(),
                paths: f[4].parse().unwrap(),
                dedup: f[5].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_matches_the_data_file() {
    let lines = lines();
    assert!(lines.len() > 50);
    for line in &lines {
        assert_eq!(
            perft::count(&line.position, line.depth, Counting::Paths),
            line.paths,
            "{} depth {} paths",
            line.name,
            line.depth
        );
        assert_eq!(
            perft::count(&line.position, line.depth, Counting::Dedup),
            line.dedup,
            "{} depth {} dedup",
            line.name,
            line.depth
        );
    }
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
    for line in lines().iter().filter(|l| l.paths < 200_000) {
        assert_eq!(
            slow(&line.position, line.depth),
            line.paths,
            "{}",
            line.name
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
