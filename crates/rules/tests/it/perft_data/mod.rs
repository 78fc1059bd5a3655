//! The one reader of the four games' perft data files (`tests/data/<game>_perft.txt`), which
//! share one format: `#` comments, and one line per position and depth,
//!
//! ```text
//! options; position; depth; paths; dedup
//! ```
//!
//! `options` is `default` or key=value pairs separated by spaces; `position` is `start` or
//! a position string; `paths` and `dedup` are the node counts under the two conventions
//! (spec Appendix A), `-` where a figure was not computed.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use rules::perft::{self, Counting};
use rules::{GameOptions, Position};

/// One line of a perft data file.
pub struct Line<P: Position> {
    /// The line as written, for messages and filters.
    pub text: String,
    /// The options column as written (`default` or the pairs).
    pub options_text: String,
    pub options: P::Options,
    pub position: P,
    pub depth: u32,
    pub paths: Option<u64>,
    pub dedup: Option<u64>,
}

impl<P: Position> Line<P> {
    /// The figure under `counting`, if the file has it.
    pub fn nodes(&self, counting: Counting) -> Option<u64> {
        match counting {
            Counting::Paths => self.paths,
            Counting::Dedup => self.dedup,
        }
    }
}

/// Reads a data file's text (panics on a malformed line: the files are the repository's).
pub fn read<P: Position>(text: &str) -> Vec<Line<P>> {
    let count = |f: &str| (f != "-").then(|| f.parse::<u64>().unwrap());
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad perft line {l}");
            let pairs: Vec<(&str, &str)> = f[0]
                .split_whitespace()
                .filter(|p| *p != "default")
                .map(|p| p.split_once('=').unwrap())
                .collect();
            let options = P::Options::from_pairs(pairs).unwrap();
            let position = match f[1] {
                "start" => P::new(options.clone()).unwrap(),
                text => P::from_position_string(text, options.clone()).unwrap(),
            };
            Line {
                text: l.to_string(),
                options_text: f[0].to_string(),
                options,
                position,
                depth: f[2].parse().unwrap(),
                paths: count(f[3]),
                dedup: count(f[4]),
            }
        })
        .collect()
}

/// Checks every figure of `lines` against the generator, up to `max_paths` nodes under the
/// paths convention and `max_dedup` under dedup (dedup perft is the slower); returns how
/// many figures were checked.
pub fn check<P: Position>(lines: &[Line<P>], max_paths: u64, max_dedup: u64) -> usize {
    let mut checked = 0;
    for l in lines {
        for (counting, limit) in [(Counting::Paths, max_paths), (Counting::Dedup, max_dedup)] {
            let Some(nodes) = l.nodes(counting).filter(|&n| n <= limit) else {
                continue;
            };
            assert_eq!(
                perft::count(&l.position, l.depth, counting),
                nodes,
                "{counting:?}: {}",
                l.text
            );
            checked += 1;
        }
    }
    checked
}
