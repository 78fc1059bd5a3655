//! Stockholm's options: the deferred backward capture (off: Brazilian draughts), the
//! maximum-capture and king-halt rules, and the draw limits (spec §5.6, §5.7).

use super::gen::Rules;
use crate::options::{parse_bool, DrawLimits, GameOptions, OptionError, OptionSpec};

/// Rule options of Stockholm checkers / Brazilian draughts (spec §5.6, §5.7, §6 S1-S5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct StockholmOptions {
    /// A man's first jump must go forward (Stockholm); `false` is Brazilian draughts
    /// (spec §5.2, §5.6, S1). Default `true`.
    pub deferred_backward_capture: bool,
    /// The player must take the greatest number of pieces, kings counting as men
    /// (spec §5.4, S2); `false`: any complete sequence. Default `true`.
    pub max_capture: bool,
    /// Halt rule: a king's last jump lands just beyond the last captured piece
    /// (spec §5.6, S3, §8.11). Default `false`.
    pub king_halt: bool,
    /// The draw limits, under the keys `repetition` and `no_progress`.
    ///
    /// `repetition`: Occurrences of one position that draw the game; 0 = off (spec §5.7, S5). Default 3.
    ///
    /// `no_progress`: Moves per side with only king moves and no capture that draw the game; 0 = off
    /// (spec §5.7, S5). Default 25.
    #[cfg_attr(
        feature = "serde",
        serde(flatten, deserialize_with = "draw_or_default")
    )]
    pub draw: DrawLimits,
}

impl Default for StockholmOptions {
    fn default() -> Self {
        StockholmOptions {
            deferred_backward_capture: true,
            max_capture: true,
            king_halt: false,
            draw: DrawLimits {
                repetition: 3,
                no_progress: 25,
            },
        }
    }
}

impl StockholmOptions {
    /// Brazilian draughts: the defaults with the deferred backward capture off (spec §5.6).
    pub fn brazilian() -> Self {
        StockholmOptions {
            deferred_backward_capture: false,
            ..StockholmOptions::default()
        }
    }

    /// The no-progress limit in plies (0 = off): two plies per move of each side.
    pub(super) fn no_progress_plies(&self) -> u32 {
        2 * u32::from(self.draw.no_progress)
    }

    pub(super) fn rules(&self) -> Rules {
        Rules {
            deferred: self.deferred_backward_capture,
            max_capture: self.max_capture,
            king_halt: self.king_halt,
        }
    }
}

const BOOL: &str = "true|false";

impl GameOptions for StockholmOptions {
    const GAME: &'static str = "stockholm";
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "deferred_backward_capture",
            default: "true",
            values: BOOL,
            help: "A man's first jump must go forward, later jumps may go backward; turn off for Brazilian draughts.",
        },
        OptionSpec {
            key: "max_capture",
            default: "true",
            values: BOOL,
            help: "You must take the most pieces you can (a king counts as one); turn off to allow any capture.",
        },
        OptionSpec {
            key: "king_halt",
            default: "false",
            values: BOOL,
            help: "A king ends its capture on the square just past the last piece it took.",
        },
        OptionSpec {
            key: "repetition",
            default: "3",
            values: "0|2-100",
            help: "The game is drawn when the same position comes up this many times (0 = never).",
        },
        OptionSpec {
            key: "no_progress",
            default: "25",
            values: "0-1000",
            help: "The game is drawn after this many moves by each side with only kings moving and no capture (0 = never).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "deferred_backward_capture" => {
                self.deferred_backward_capture = parse_bool("deferred_backward_capture", value)?
            }
            "max_capture" => self.max_capture = parse_bool("max_capture", value)?,
            "king_halt" => self.king_halt = parse_bool("king_halt", value)?,
            _ => match self.draw.set(key, value) {
                Some(set) => set?,
                None => return Err(Self::unknown(key)),
            },
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "deferred_backward_capture" => self.deferred_backward_capture.to_string(),
            "max_capture" => self.max_capture.to_string(),
            "king_halt" => self.king_halt.to_string(),
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
    DrawLimits::deserialize_or(d, StockholmOptions::default().draw)
}
