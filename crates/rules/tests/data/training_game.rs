//! The one reader of the Neva training game's transcript (`neva-training-game.txt`), shared
//! by the tests of `rules`, `lobby` and `server` through `#[path]`: each replays the same
//! lines through its own layer.

// Each test crate that includes this uses part of it.
#![allow(dead_code)]

use rules::Seat;

/// The transcript.
pub const TEXT: &str = include_str!("neva-training-game.txt");

/// One turn slot of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The record's row (1-14).
    pub round: u32,
    /// The column's seat.
    pub seat: Seat,
    /// The record's text verbatim (annotations included); `-` for a seat that is out.
    pub text: String,
}

impl Slot {
    /// The record's null slot: the seat is out and does not move.
    pub fn is_null(&self) -> bool {
        self.text == "-"
    }
}

/// A line of the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A turn slot.
    Slot(Slot),
    /// The seat resigned.
    Resign(Seat),
}

/// Every line of the transcript, in order (comments and blank lines left out).
///
/// # Panics
/// A line not in the transcript's format (the file is the project's own).
pub fn lines() -> Vec<Line> {
    TEXT.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            if let Some(seat) = l.strip_prefix("resign ") {
                return Line::Resign(seat.parse().expect("a seat"));
            }
            let mut parts = l.splitn(3, ' ');
            let round = parts.next().and_then(|r| r.parse().ok()).expect("a round");
            let seat = parts.next().and_then(|s| s.parse().ok()).expect("a seat");
            let text = parts.next().expect("a move").to_string();
            Line::Slot(Slot { round, seat, text })
        })
        .collect()
}
