//! Neva's rule options (spec §2.7, §2.8, §6 N4/N5/N7/N10/N12, §8).

use crate::options::{parse_bool, parse_choice, DrawLimits, GameOptions, OptionError, OptionSpec};
use crate::{Seat, SeatSet};

/// What happens to a seat that still has pieces but no legal move when its turn comes
/// (spec §2.7 "Blocked player", ambiguity N4, clarifications §8.1 and §8.3).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Blocked {
    /// The seat is eliminated like a resignation (default, N4 (a)); its pieces follow
    /// [`Departed`].
    #[default]
    Eliminate,
    /// The seat's turn is skipped; it stays in the game (N4 (b)).
    Pass,
    /// The seat passes while three or more players are still in the game and is eliminated
    /// when only two are left (N4 (c)); players are counted, not teams (spec §8.3).
    PassUnlessTwo,
}

impl Blocked {
    /// Stable key: `eliminate`, `pass`, `pass_unless_two`.
    pub const fn key(self) -> &'static str {
        match self {
            Blocked::Eliminate => "eliminate",
            Blocked::Pass => "pass",
            Blocked::PassUnlessTwo => "pass_unless_two",
        }
    }
}

/// What happens to the pieces of a seat that leaves the game while it still has some
/// (resignation, leaving, timeout, or a blockade under [`Blocked::Eliminate`]; spec §2.7,
/// ambiguity N5, clarification §8.2).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Departed {
    /// The pieces leave the board at once (default, N5 (a)).
    #[default]
    Remove,
    /// The pieces stay as inert obstacles: they never move, everybody may (and, capture
    /// being compulsory, must) capture them, and they count for a king's maximum (§8.2).
    Inert,
}

impl Departed {
    /// Stable key: `remove`, `inert`.
    pub const fn key(self) -> &'static str {
        match self {
            Departed::Remove => "remove",
            Departed::Inert => "inert",
        }
    }
}

/// Neva checkers options. `Default` is the spec's defaults: four seats free-for-all,
/// blocked seats eliminated, departed pieces removed, threefold repetition and 15 full
/// rounds of king-only moves for a draw.
///
/// ```
/// use rules::{Blocked, GameOptions, NevaOptions, SeatSet};
/// let o = NevaOptions::from_pairs([("seats", "2"), ("blocked", "PassUnlessTwoLeft")]).unwrap();
/// assert_eq!(o.get("seats").as_deref(), Some("white,green"));
/// assert_eq!(o.blocked, Blocked::PassUnlessTwo);
/// assert!(NevaOptions::from_pairs([("seats", "3"), ("teams", "true")]).is_err());
/// assert_eq!(NevaOptions::default().seats, SeatSet::ALL);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct NevaOptions {
    /// The seats that play (spec §6 N12): all four (default), three, or two at opposite
    /// corners. Empty corners start empty and are skipped in the turn order.
    #[cfg_attr(feature = "serde", serde(with = "seats_serde"))]
    pub seats: SeatSet,
    /// Two teams, White + Green against Red + Black (spec §2.8, N7); needs all four seats
    /// (spec §8.4).
    pub teams: bool,
    /// Blocked-seat policy (spec §2.7, N4).
    pub blocked: Blocked,
    /// What happens to a departed seat's pieces (spec §2.7, N5, §8.2).
    pub departed: Departed,
    /// The draw limits, under the keys `repetition` and `no_progress`.
    ///
    /// `repetition`: How many occurrences of one position end the game in a draw (spec §2.7 (b)); 0 = off.
    ///
    /// `no_progress`: Full rounds of king-only moves (no capture, no man move, no elimination) that end the
    /// game in a draw (spec §2.7 (c)); 0 = off. The engine counts plies: the limit is this
    /// number times the number of seats still playing (see [`NevaOptions::no_progress_plies`]).
    #[cfg_attr(
        feature = "serde",
        serde(flatten, deserialize_with = "draw_or_default")
    )]
    pub draw: DrawLimits,
}

impl Default for NevaOptions {
    fn default() -> Self {
        NevaOptions {
            seats: SeatSet::ALL,
            teams: false,
            blocked: Blocked::Eliminate,
            departed: Departed::Remove,
            draw: DrawLimits {
                repetition: 3,
                no_progress: 15,
            },
        }
    }
}

impl NevaOptions {
    /// The no-progress limit in plies when `playing` seats are still in the game: one full
    /// round is one move by every seat still playing, so the limit is
    /// `no_progress × playing` plies (0 = off). A blocked seat that passes makes no ply
    /// (spec §8.1), so rounds with passes take a little longer to count.
    pub fn no_progress_plies(&self, playing: usize) -> u32 {
        u32::from(self.draw.no_progress) * playing as u32
    }
}

/// The seat set written as colour keys, `white,green`.
pub(crate) fn seats_text(seats: SeatSet) -> String {
    seats.iter().map(Seat::key).collect::<Vec<_>>().join(",")
}

/// Reads the `seats` option: `2`, `3`, `4` or a comma list of seats (colour keys, times of
/// day or letters).
pub(crate) fn parse_seats(value: &str) -> Result<SeatSet, OptionError> {
    let bad = || OptionError::BadValue {
        key: "seats",
        value: value.to_string(),
        expected: "2, 3, 4 or a comma list of white, red, green, black",
    };
    match value.trim() {
        "2" => return Ok(SeatSet::of(&[Seat::Morning, Seat::Evening])),
        "3" => return Ok(SeatSet::of(&[Seat::Morning, Seat::Day, Seat::Evening])),
        "4" => return Ok(SeatSet::ALL),
        _ => {}
    }
    let mut set = SeatSet::EMPTY;
    for item in value.split(',') {
        let seat: Seat = item.trim().parse().map_err(|_| bad())?;
        if set.contains(seat) {
            return Err(bad());
        }
        set.insert(seat);
    }
    Ok(set)
}

#[cfg(feature = "serde")]
mod seats_serde {
    use super::{parse_seats, seats_text};
    use crate::SeatSet;

    pub fn serialize<S: serde::Serializer>(seats: &SeatSet, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seats_text(*seats))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        parse_seats(&text).map_err(serde::de::Error::custom)
    }
}

impl GameOptions for NevaOptions {
    const GAME: &'static str = "neva";
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "seats",
            default: "white,red,green,black",
            values: "2|3|4|comma list of white,red,green,black",
            help: "Which colours play: all four, three, or two at opposite corners.",
        },
        OptionSpec {
            key: "teams",
            default: "false",
            values: "true|false",
            help: "Play in teams, White and Green against Red and Black (needs four players).",
        },
        OptionSpec {
            key: "blocked",
            default: "eliminate",
            values: "eliminate|pass|pass_unless_two",
            help: "A player who cannot move is out of the game, skips the turn, or skips unless only two players are left.",
        },
        OptionSpec {
            key: "departed",
            default: "remove",
            values: "remove|inert",
            help: "When a player leaves the game, their pieces are taken off, or stay as obstacles that can still be captured.",
        },
        OptionSpec {
            key: "repetition",
            default: "3",
            values: "0|2-100",
            help: "The game is drawn when the same position comes up this many times (0 = never).",
        },
        OptionSpec {
            key: "no_progress",
            default: "15",
            values: "0-1000",
            help: "The game is drawn after this many full rounds of king moves with no capture (0 = never).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "seats" => self.seats = parse_seats(value)?,
            "teams" => self.teams = parse_bool("teams", value)?,
            "blocked" => {
                self.blocked = parse_choice(
                    "blocked",
                    value,
                    &[
                        (Blocked::Eliminate, &["eliminate"]),
                        (Blocked::Pass, &["pass"]),
                        (
                            Blocked::PassUnlessTwo,
                            &["pass_unless_two", "pass_unless_two_left"],
                        ),
                    ],
                    "eliminate, pass or pass_unless_two",
                )?
            }
            "departed" => {
                self.departed = parse_choice(
                    "departed",
                    value,
                    &[
                        (Departed::Remove, &["remove", "removed"]),
                        (Departed::Inert, &["inert", "stay_inert"]),
                    ],
                    "remove or inert",
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
            "seats" => seats_text(self.seats),
            "teams" => self.teams.to_string(),
            "blocked" => self.blocked.key().to_string(),
            "departed" => self.departed.key().to_string(),
            _ => return self.draw.get(key),
        })
    }

    fn validate(&self) -> Result<(), OptionError> {
        let n = self.seats.len();
        if !(2..=4).contains(&n) {
            return Err(OptionError::Invalid {
                key: "seats",
                reason: "Neva needs 2, 3 or 4 seats",
            });
        }
        if n == 2
            && self.seats != SeatSet::of(&[Seat::Morning, Seat::Evening])
            && self.seats != SeatSet::of(&[Seat::Day, Seat::Night])
        {
            return Err(OptionError::Invalid {
                key: "seats",
                reason:
                    "two players sit at opposite corners: white,green or red,black (spec §6 N12)",
            });
        }
        if self.teams && n != 4 {
            return Err(OptionError::Invalid {
                key: "teams",
                reason: "team play needs all four seats (spec §8.4)",
            });
        }
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
    DrawLimits::deserialize_or(d, NevaOptions::default().draw)
}
