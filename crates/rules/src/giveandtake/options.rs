//! Rule options of Give and Take (spec §4, ambiguity register §6 G1-G6).

use crate::options::{parse_choice, DrawLimits, GameOptions, OptionError, OptionSpec};

/// Where in a capture sequence the piece that just moved (the "hot piece") is taken
/// (spec §4.5, ambiguity G1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HotJump {
    /// As the first jump of the sequence.
    FirstJump,
    /// At any jump of the sequence.
    Anywhere,
}

/// Which lone man is crowned at once (spec §4.7, ambiguity G2).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LoneMan {
    /// A man that is its owner's only piece (default: both seed examples are lone pieces).
    OnlyPiece,
    /// A man that is its owner's only man, whatever kings the owner has.
    OnlyMan,
}

/// When jumped pieces leave the board (spec §1.1, §4.4, ambiguity G3).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Removal {
    /// At once: a captured piece's square may be crossed or used again (Turkish family).
    Immediate,
    /// When the sequence ends: captured pieces stay as blockers and cannot be jumped twice.
    EndOfMove,
}

/// Where a capturing king may land when several squares are free (spec §1.3, ambiguity G5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum KingLanding {
    /// If a landing square allows a further jump, the king must land on such a square.
    MustContinue,
    /// Any landing square; the sequence goes on only if a jump is possible from there.
    Free,
}

/// Options of Give and Take. `Default` is the spec's reading (spec §4, §6).
///
/// ```
/// use rules::{GameOptions, GiveAndTakeOptions};
/// let o = GiveAndTakeOptions::from_pairs([("no_progress", "25"), ("removal", "EndOfMove")]).unwrap();
/// assert_eq!(o.draw.no_progress, 25);
/// assert_eq!(o.get("removal").as_deref(), Some("end_of_move"));
/// assert!(GiveAndTakeOptions::from_pairs([("repetition", "1")]).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct GiveAndTakeOptions {
    /// The draw limits, under the keys `repetition` and `no_progress`.
    ///
    /// `repetition`: Occurrences of one position (pieces, side to move, hot piece) that draw; 0 = off
    /// (spec §4.8, G6).
    ///
    /// `no_progress`: Moves by each side without a capture or a man move that draw; 0 = off (spec §4.8, G6).
    #[cfg_attr(
        feature = "serde",
        serde(flatten, deserialize_with = "draw_or_default")
    )]
    pub draw: DrawLimits,
    /// When capturing is compulsory: the hot piece can be taken by the first jump of a
    /// sequence (default), or anywhere in one (spec §4.5, G1).
    pub hot_trigger: HotJump,
    /// Which sequences are legal when capturing is compulsory: those taking the hot piece
    /// anywhere (default), or only as their first jump (spec §4.5, G1).
    pub hot_capture: HotJump,
    /// Which lone man is crowned at once (spec §4.7, G2).
    pub lone_man: LoneMan,
    /// When captured pieces leave the board (spec §4.4, G3).
    pub removal: Removal,
    /// Kings may reverse 180° between jumps (spec §4.3, G4).
    pub king_reversal: bool,
    /// Landing choice of a capturing king (spec §1.3, G5).
    pub king_landing: KingLanding,
}

impl Default for GiveAndTakeOptions {
    fn default() -> Self {
        GiveAndTakeOptions {
            draw: DrawLimits {
                repetition: 3,
                no_progress: 50,
            },
            hot_trigger: HotJump::FirstJump,
            hot_capture: HotJump::Anywhere,
            lone_man: LoneMan::OnlyPiece,
            removal: Removal::Immediate,
            king_reversal: true,
            king_landing: KingLanding::MustContinue,
        }
    }
}

const HOT_CHOICES: &[(HotJump, &[&str])] = &[
    (HotJump::FirstJump, &["first_jump", "first"]),
    (HotJump::Anywhere, &["anywhere", "any_jump", "any"]),
];
const LONE_CHOICES: &[(LoneMan, &[&str])] = &[
    (LoneMan::OnlyPiece, &["only_piece", "total", "single_piece"]),
    (LoneMan::OnlyMan, &["only_man", "men", "single_man"]),
];
const REMOVAL_CHOICES: &[(Removal, &[&str])] = &[
    (Removal::Immediate, &["immediate"]),
    (Removal::EndOfMove, &["end_of_move", "turkish_strike"]),
];
const LANDING_CHOICES: &[(KingLanding, &[&str])] = &[
    (KingLanding::MustContinue, &["must_continue"]),
    (KingLanding::Free, &["free"]),
];

impl HotJump {
    /// Stable key.
    pub const fn key(self) -> &'static str {
        match self {
            HotJump::FirstJump => "first_jump",
            HotJump::Anywhere => "anywhere",
        }
    }
}

impl LoneMan {
    /// Stable key.
    pub const fn key(self) -> &'static str {
        match self {
            LoneMan::OnlyPiece => "only_piece",
            LoneMan::OnlyMan => "only_man",
        }
    }
}

impl Removal {
    /// Stable key.
    pub const fn key(self) -> &'static str {
        match self {
            Removal::Immediate => "immediate",
            Removal::EndOfMove => "end_of_move",
        }
    }
}

impl KingLanding {
    /// Stable key.
    pub const fn key(self) -> &'static str {
        match self {
            KingLanding::MustContinue => "must_continue",
            KingLanding::Free => "free",
        }
    }
}

impl GameOptions for GiveAndTakeOptions {
    const GAME: &'static str = "giveandtake";
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "repetition",
            default: "3",
            values: "0|2-100",
            help: "The game is drawn when the same position comes up this many times (0 = never).",
        },
        OptionSpec {
            key: "no_progress",
            default: "50",
            values: "0-1000",
            help: "The game is drawn after this many moves by each side with no capture and no man moved (0 = never).",
        },
        OptionSpec {
            key: "hot_trigger",
            default: "first_jump",
            values: "first_jump|anywhere",
            help: "You must capture when the piece your opponent just moved can be taken with your first jump, or anywhere in a capture.",
        },
        OptionSpec {
            key: "hot_capture",
            default: "anywhere",
            values: "anywhere|first_jump",
            help: "A forced capture must take the piece your opponent just moved, at any jump or with the first jump.",
        },
        OptionSpec {
            key: "lone_man",
            default: "only_piece",
            values: "only_piece|only_man",
            help: "A man becomes a king at once when it is its owner's last piece, or last man.",
        },
        OptionSpec {
            key: "removal",
            default: "immediate",
            values: "immediate|end_of_move",
            help: "Captured pieces leave the board at once, or only when the whole capture is over.",
        },
        OptionSpec {
            key: "king_reversal",
            default: "true",
            values: "true|false",
            help: "A capturing king may turn right around between jumps.",
        },
        OptionSpec {
            key: "king_landing",
            default: "must_continue",
            values: "must_continue|free",
            help: "After a jump, a king must land where it can jump again if there is such a square, or may land anywhere behind the captured piece.",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "hot_trigger" => {
                self.hot_trigger =
                    parse_choice("hot_trigger", value, HOT_CHOICES, "first_jump or anywhere")?
            }
            "hot_capture" => {
                self.hot_capture =
                    parse_choice("hot_capture", value, HOT_CHOICES, "anywhere or first_jump")?
            }
            "lone_man" => {
                self.lone_man =
                    parse_choice("lone_man", value, LONE_CHOICES, "only_piece or only_man")?
            }
            "removal" => {
                self.removal = parse_choice(
                    "removal",
                    value,
                    REMOVAL_CHOICES,
                    "immediate or end_of_move",
                )?
            }
            "king_reversal" => {
                self.king_reversal = crate::options::parse_bool("king_reversal", value)?
            }
            "king_landing" => {
                self.king_landing = parse_choice(
                    "king_landing",
                    value,
                    LANDING_CHOICES,
                    "must_continue or free",
                )?
            }
            _ => match self.draw.set(key, value) {
                Some(set) => set?,
                None => return Err(Self::unknown(key)),
            },
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "hot_trigger" => self.hot_trigger.key().to_string(),
            "hot_capture" => self.hot_capture.key().to_string(),
            "lone_man" => self.lone_man.key().to_string(),
            "removal" => self.removal.key().to_string(),
            "king_reversal" => self.king_reversal.to_string(),
            "king_landing" => self.king_landing.key().to_string(),
            _ => return self.draw.get(key),
        })
    }

    fn validate(&self) -> Result<(), OptionError> {
        self.draw.validate()?;
        if self.hot_trigger == HotJump::Anywhere && self.hot_capture == HotJump::FirstJump {
            return Err(OptionError::Invalid {
                key: "hot_capture",
                reason: "first_jump needs hot_trigger=first_jump: a duty triggered by a later jump could not be met by a first jump",
            });
        }
        Ok(())
    }

    fn repetition_limit(&self) -> u16 {
        self.draw.repetition
    }
}

/// Draw limits read from serde, with this game's defaults for missing keys.
#[cfg(feature = "serde")]
fn draw_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<DrawLimits, D::Error> {
    DrawLimits::deserialize_or(d, GiveAndTakeOptions::default().draw)
}
