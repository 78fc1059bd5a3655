//! Queah perft from the start under every option set we support, and from a middlegame
//! position with an owed drop under each drop timing, in both conventions (spec Appendix A).
//! Figures in `tests/data/queah_perft.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::perft::{count, divide, Counting};
use rules::{GameOptions, Position, Queah, QueahOptions};

/// One line of the data file.
pub struct Case {
    pub options: QueahOptions,
    pub position: Queah,
    pub depth: u32,
    pub paths: u64,
    pub dedup: u64,
}

pub fn cases() -> Vec<Case> {
    let text = include_str!("data/queah_perft.txt");
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 5, "{line}");
        let pairs: Vec<(&str, &str)> = f[0]
            .split_whitespace()
            .filter(|p| *p != "default")
            .map(|p| p.split_once('=').unwrap())
            .collect();
        let options = QueahOptions::from_pairs(pairs).unwrap();
        let position = if f[1] == "start" {
            Queah::new(options).unwrap()
        } else {
            Queah::from_position_string(f[1], options).unwrap()
        };
        out.push(Case {
            options,
            position,
            depth: f[2].parse().unwrap(),
            paths: f[3].parse().unwrap(),
            dedup: f[4].parse().unwrap(),
        });
    }
    out
}

#[test]
fn perft_matches_the_data_file() {
    let cases = cases();
    assert!(cases.len() > 100);
    for c in &cases {
        assert_eq!(
            count(&c.position, c.depth, Counting::Paths),
            c.paths,
            "{:?} {} depth {}",
            c.options,
            c.position.position_string(),
            c.depth
        );
        assert_eq!(
            count(&c.position, c.depth, Counting::Dedup),
            c.dedup,
            "{:?} {} depth {} (dedup)",
            c.options,
            c.position.position_string(),
            c.depth
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let p = Queah::new(QueahOptions::default()).unwrap();
    let parts = divide(&p, 4, Counting::Paths);
    assert_eq!(parts.len(), 5);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 1041);
}
