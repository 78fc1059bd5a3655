//! Perft from the start position of Stockholm checkers / Brazilian draughts under every
//! option set, both conventions (spec Appendix A), from `tests/data/stockholm_perft.txt`.
//! With `deferred_backward_capture=false` the figures are the published Brazilian draughts
//! perft (sources in the data file).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::perft::{self, Counting};
use rules::{GameOptions, Position, Stockholm, StockholmOptions};

struct Line {
    options: StockholmOptions,
    name: String,
    counting: Counting,
    depth: u32,
    nodes: u64,
}

fn lines() -> Vec<Line> {
    let text = include_str!("data/stockholm_perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 4, "bad line {l}");
            let options = if f[0] == "default" {
                StockholmOptions::default()
            } else {
                StockholmOptions::from_pairs(f[0].split(',').map(|p| p.split_once('=').unwrap()))
                    .unwrap()
            };
            let counting = match f[1] {
                "paths" => Counting::Paths,
                "dedup" => Counting::Dedup,
                other => panic!("bad convention {other}"),
            };
            Line {
                options,
                name: f[0].to_string(),
                counting,
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

fn check(max_paths: u64, max_dedup: u64) -> usize {
    let mut checked = 0;
    for line in lines() {
        let limit = match line.counting {
            Counting::Paths => max_paths,
            Counting::Dedup => max_dedup,
        };
        if line.nodes > limit {
            continue;
        }
        let pos = Stockholm::new(line.options).unwrap();
        assert_eq!(
            perft::count(&pos, line.depth, line.counting),
            line.nodes,
            "{} {:?} depth {}",
            line.name,
            line.counting,
            line.depth
        );
        checked += 1;
    }
    checked
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

#[test]
#[ignore = "deep perft, seconds in release mode"]
fn perft_deep() {
    check(u64::MAX, u64::MAX);
}
