//! Queah's options: the drop timing, the movement schemes, compulsory capture, the
//! no-reverse rule and the draw limits (spec §3, §6 Q2-Q7).

use std::fmt;

use crate::options::{parse_bool, parse_choice, DrawLimits, GameOptions, OptionError, OptionSpec};

/// When a player who lost a piece puts a reserve piece back (spec §3.4, seed 4.5.1.x, Q4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DropTiming {
    /// Seed 4.5.1.2 (default): on the next turn the player must drop first, then move.
    #[default]
    DropThenMove,
    /// Seed 4.5.1.1: the player moves first, then must drop.
    MoveThenDrop,
    /// Seed 4.5.1.3: the owed drop is the whole turn.
    DropInsteadOfMove,
    /// Seed 4.5.1.4: dropping is optional, on any later turn while fewer than four own
    /// pieces are on the board; a drop is the whole turn.
    DeferredDrop,
}

impl DropTiming {
    /// Every timing, in the spec's order.
    pub const ALL: [DropTiming; 4] = [
        DropTiming::DropThenMove,
        DropTiming::MoveThenDrop,
        DropTiming::DropInsteadOfMove,
        DropTiming::DeferredDrop,
    ];

    /// Stable snake_case key: `drop_then_move`, `move_then_drop`, `drop_instead_of_move`,
    /// `deferred_drop`.
    pub const fn key(self) -> &'static str {
        match self {
            DropTiming::DropThenMove => "drop_then_move",
            DropTiming::MoveThenDrop => "move_then_drop",
            DropTiming::DropInsteadOfMove => "drop_instead_of_move",
            DropTiming::DeferredDrop => "deferred_drop",
        }
    }

    /// True for the timings where a capture makes the loser owe a drop.
    pub(super) const fn owes(self) -> bool {
        !matches!(self, DropTiming::DeferredDrop)
    }
}

impl fmt::Display for DropTiming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Queah's rule options (spec §3, §6 Q2-Q7). `Default` is the spec's defaults.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct QueahOptions {
    /// O-links between neighbouring edge cells, around the ring a1-c1-e1-e3-e5-c5-a5-a3
    /// (scheme R.7, spec §3.5).
    pub o_edge_ring: bool,
    /// O-links between the centre c3 and the edge cells c1, a3, e3, c5 (scheme R.4, §3.5).
    pub o_edge_centre: bool,
    /// O-links among the centre cells b2, d2, d4, b4 (schemes R.3 and R.4, spec §3.5).
    pub o_centre: bool,
    /// A capture must be made when one is available (spec §3.3, Q3).
    pub capture_mandatory: bool,
    /// When reserve pieces re-enter (spec §3.4, Q4).
    pub drop_timing: DropTiming,
    /// Under [`DropTiming::DropThenMove`], the piece just dropped may make the turn's move
    /// (spec §3.4; the seed's 4.5.1.2 forbids it). Ignored by the other timings.
    pub dropped_piece_may_move: bool,
    /// A piece may not step straight back where it came from on its owner's previous turn
    /// (spec §3.6, §8.6, Q5).
    pub no_reverse_move: bool,
    /// The draw limits, under the keys `repetition` and `no_progress`.
    ///
    /// `repetition`: Occurrences of one position that end the game, adjudicated by piece count; 0 = off
    /// (spec §3.7, Q7).
    ///
    /// `no_progress`: Consecutive turns without a capture or a drop that end the game, adjudicated by
    /// piece count; 0 = off (spec §3.7, Q7).
    #[cfg_attr(
        feature = "serde",
        serde(flatten, deserialize_with = "draw_or_default")
    )]
    pub draw: DrawLimits,
}

impl Default for QueahOptions {
    fn default() -> Self {
        QueahOptions {
            o_edge_ring: false,
            o_edge_centre: false,
            o_centre: false,
            capture_mandatory: false,
            drop_timing: DropTiming::DropThenMove,
            dropped_piece_may_move: true,
            no_reverse_move: true,
            draw: DrawLimits {
                repetition: 3,
                no_progress: 40,
            },
        }
    }
}

const TIMING_CHOICES: [(DropTiming, &[&str]); 4] = [
    (DropTiming::DropThenMove, &["drop_then_move"]),
    (DropTiming::MoveThenDrop, &["move_then_drop"]),
    (DropTiming::DropInsteadOfMove, &["drop_instead_of_move"]),
    (DropTiming::DeferredDrop, &["deferred_drop", "deferred"]),
];
const TIMING_VALUES: &str = "drop_then_move|move_then_drop|drop_instead_of_move|deferred_drop";

impl QueahOptions {
    /// Index of the link scheme in [`TABLES`].
    #[inline]
    pub(super) fn scheme(&self) -> usize {
        usize::from(self.o_edge_ring)
            | usize::from(self.o_edge_centre) << 1
            | usize::from(self.o_centre) << 2
    }
}

impl GameOptions for QueahOptions {
    const GAME: &'static str = "queah";
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "o_edge_ring",
            default: "false",
            values: "true|false",
            help: "Adds straight lines around the outer edge of the board, so pieces can also move along it.",
        },
        OptionSpec {
            key: "o_edge_centre",
            default: "false",
            values: "true|false",
            help: "Adds straight lines from the centre cell to the middle of each edge.",
        },
        OptionSpec {
            key: "o_centre",
            default: "false",
            values: "true|false",
            help: "Adds straight lines joining the four cells around the centre.",
        },
        OptionSpec {
            key: "capture_mandatory",
            default: "false",
            values: "true|false",
            help: "When you can capture, you must.",
        },
        OptionSpec {
            key: "drop_timing",
            default: "drop_then_move",
            values: TIMING_VALUES,
            help: "When a player who lost a piece brings one back from the reserve: before the move, after it, instead of it, or whenever they like.",
        },
        OptionSpec {
            key: "dropped_piece_may_move",
            default: "true",
            values: "true|false",
            help: "When you bring a piece back before your move, that same piece may make the move.",
        },
        OptionSpec {
            key: "no_reverse_move",
            default: "true",
            values: "true|false",
            help: "A piece may not step straight back to where it came from on your next turn.",
        },
        OptionSpec {
            key: "repetition",
            default: "3",
            values: "0|2-100",
            help: "The game ends when the same position comes up this many times; whoever has more pieces wins (0 = never).",
        },
        OptionSpec {
            key: "no_progress",
            default: "40",
            values: "0-1000",
            help: "The game ends after this many turns with no capture and no piece brought back; whoever has more pieces wins (0 = never).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "o_edge_ring" => self.o_edge_ring = parse_bool("o_edge_ring", value)?,
            "o_edge_centre" => self.o_edge_centre = parse_bool("o_edge_centre", value)?,
            "o_centre" => self.o_centre = parse_bool("o_centre", value)?,
            "capture_mandatory" => {
                self.capture_mandatory = parse_bool("capture_mandatory", value)?;
            }
            "drop_timing" => {
                self.drop_timing =
                    parse_choice("drop_timing", value, &TIMING_CHOICES, TIMING_VALUES)?;
            }
            "dropped_piece_may_move" => {
                self.dropped_piece_may_move = parse_bool("dropped_piece_may_move", value)?;
            }
            "no_reverse_move" => self.no_reverse_move = parse_bool("no_reverse_move", value)?,
            _ => match self.draw.set(key, value) {
                Some(set) => set?,
                None => return Err(Self::unknown(key)),
            },
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "o_edge_ring" => self.o_edge_ring.to_string(),
            "o_edge_centre" => self.o_edge_centre.to_string(),
            "o_centre" => self.o_centre.to_string(),
            "capture_mandatory" => self.capture_mandatory.to_string(),
            "drop_timing" => self.drop_timing.key().to_string(),
            "dropped_piece_may_move" => self.dropped_piece_may_move.to_string(),
            "no_reverse_move" => self.no_reverse_move.to_string(),
            _ => return self.draw.get(key),
        })
    }

    fn validate(&self) -> Result<(), OptionError> {
        self.draw.validate()?;
        Ok(())
    }

    fn repetition_limit(&self) -> u16 {
        self.draw.repetition
    }
}

/// Draw limits read from serde, with this game's defaults for missing keys.
#[cfg(feature = "serde")]
fn draw_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<DrawLimits, D::Error> {
    DrawLimits::deserialize_or(d, QueahOptions::default().draw)
}
