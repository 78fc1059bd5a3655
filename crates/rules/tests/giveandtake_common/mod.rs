//! Shared by the Give and Take test files: the perft data file reader.

use rules::{GameOptions, GiveAndTake, GiveAndTakeOptions, Position};

/// One line of the data file.
pub struct Line {
    pub options: GiveAndTakeOptions,
    pub position: GiveAndTake,
    pub depth: u32,
    pub paths: u64,
    pub dedup: u64,
}

pub fn read() -> Vec<Line> {
    let text = include_str!("../data/giveandtake_perft.txt");
    let mut lines = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 5, "{line}");
        let options = if f[0] == "default" {
            GiveAndTakeOptions::default()
        } else {
            GiveAndTakeOptions::from_pairs(f[0].split(',').map(|p| p.split_once('=').unwrap()))
                .unwrap()
        };
        let position = if f[1] == "start" {
            GiveAndTake::new(options).unwrap()
        } else {
            GiveAndTake::from_position_string(f[1], options).unwrap()
        };
        lines.push(Line {
            options,
            position,
            depth: f[2].parse().unwrap(),
            paths: f[3].parse().unwrap(),
            dedup: f[4].parse().unwrap(),
        });
    }
    lines
}
