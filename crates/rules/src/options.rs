//! Rule options: plain data with the spec's defaults, named by stable snake_case keys.
//!
//! Each game has one options struct implementing [`GameOptions`]. Keys and values are the
//! same text in a URL, the database, the CLI and records. Enumerated values are written in
//! snake_case (`drop_then_move`, `pass_unless_two`); the spec's CamelCase spellings
//! (`DropThenMove`, `PassUnlessTwoLeft`) are accepted too.
//!
//! ```
//! use rules::{GameOptions, StockholmOptions};
//! let brazilian = StockholmOptions::from_pairs([("deferred_backward_capture", "false")]).unwrap();
//! assert!(!brazilian.deferred_backward_capture);
//! assert_eq!(brazilian.get("max_capture").as_deref(), Some("true"));
//! assert!(StockholmOptions::from_pairs([("king_halt", "maybe")]).is_err());
//! ```

use std::fmt::Debug;

/// Description of one option, for help texts and the HTTP API.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionSpec {
    /// Stable key.
    pub key: &'static str,
    /// Default value, as text.
    pub default: &'static str,
    /// The values allowed, as text (`true|false`, `2-4`, `drop_then_move|...`).
    pub values: &'static str,
    /// One plain line for players (the create-room form shows it): no rules jargon, no
    /// references to the rules specification.
    pub help: &'static str,
}

/// Why options were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The game has no option with this key.
    #[error("unknown option `{key}` for {game} (known: {known})")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The game's key.
        game: &'static str,
        /// The game's option keys, comma-separated.
        known: String,
    },
    /// The value is not one the option takes.
    #[error("bad value `{value}` for option `{key}` (expected {expected})")]
    BadValue {
        /// The option.
        key: &'static str,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
    /// Each value is fine alone but the combination is not.
    #[error("option `{key}`: {reason}")]
    Invalid {
        /// The option at fault.
        key: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// A `key=value` pair without `=`.
    #[error("option `{0}` is not of the form key=value")]
    Syntax(String),
}

/// A game's rule options.
pub trait GameOptions: Clone + Default + PartialEq + Eq + Debug + Send + Sync + 'static {
    /// The game's key, for error messages.
    const GAME: &'static str;
    /// Every option, in a stable order.
    const SPECS: &'static [OptionSpec];

    /// Sets one option from text.
    ///
    /// # Errors
    /// [`OptionError::UnknownKey`] or [`OptionError::BadValue`].
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The option's canonical value as text, `None` for an unknown key.
    fn get(&self, key: &str) -> Option<String>;

    /// Checks the options together.
    ///
    /// # Errors
    /// [`OptionError::Invalid`] naming the option at fault.
    fn validate(&self) -> Result<(), OptionError>;

    /// How many times a position must occur for a draw (or adjudication); 0 = off.
    fn repetition_limit(&self) -> u16;

    /// Every option with its canonical value, in [`GameOptions::SPECS`] order.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        Self::SPECS
            .iter()
            .filter_map(|s| self.get(s.key).map(|v| (s.key, v)))
            .collect()
    }

    /// The options that differ from the defaults.
    fn non_default_pairs(&self) -> Vec<(&'static str, String)> {
        let d = Self::default();
        self.pairs()
            .into_iter()
            .filter(|(k, v)| d.get(k).as_ref() != Some(v))
            .collect()
    }

    /// Defaults overridden by `pairs`, then validated.
    ///
    /// # Errors
    /// The first pair that is refused, or the validation error.
    fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Self, OptionError> {
        let mut o = Self::default();
        for (k, v) in pairs {
            o.set(k.as_ref().trim(), v.as_ref().trim())?;
        }
        o.validate()?;
        Ok(o)
    }

    /// The error for a key this game does not have.
    fn unknown(key: &str) -> OptionError {
        OptionError::UnknownKey {
            key: key.to_string(),
            game: Self::GAME,
            known: Self::SPECS
                .iter()
                .map(|s| s.key)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// The draw limits every game's options embed, under the same keys in every game.
///
/// `repetition`: how many occurrences of one position draw the game, 0 (off) or 2 to 100
/// (one occurrence is the position itself, so 1 would end every game at once).
/// `no_progress`: the no-progress limit, 0 (off) to 1000, in the game's own unit (moves,
/// or Neva's full rounds). One parser, one validation and one error wording for all.
///
/// ```
/// use rules::{DrawLimits, GameOptions, QueahOptions};
/// let o = QueahOptions::from_pairs([("repetition", "0"), ("no_progress", "12")]).unwrap();
/// assert_eq!(o.draw, DrawLimits { repetition: 0, no_progress: 12 });
/// assert!(QueahOptions::from_pairs([("repetition", "1")]).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawLimits {
    /// Occurrences of one position that draw the game; 0 = off.
    pub repetition: u16,
    /// The no-progress limit in the game's unit; 0 = off.
    pub no_progress: u16,
}

impl DrawLimits {
    const REPETITION_VALUES: &'static str = "0 or 2 to 100";
    const NO_PROGRESS_VALUES: &'static str = "0 to 1000";

    /// Sets `key` from `value` if it is one of the draw keys: `None` for any other key.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Option<Result<(), OptionError>> {
        let parsed = match key {
            "repetition" => parse_number("repetition", value, 0, 100, Self::REPETITION_VALUES)
                .and_then(|n| {
                    if n == 1 {
                        Err(OptionError::BadValue {
                            key: "repetition",
                            value: value.to_string(),
                            expected: Self::REPETITION_VALUES,
                        })
                    } else {
                        Ok(n)
                    }
                })
                .map(|n| self.repetition = n),
            "no_progress" => parse_number("no_progress", value, 0, 1000, Self::NO_PROGRESS_VALUES)
                .map(|n| self.no_progress = n),
            _ => return None,
        };
        Some(parsed)
    }

    /// The value of `key` as text if it is one of the draw keys.
    pub(crate) fn get(&self, key: &str) -> Option<String> {
        match key {
            "repetition" => Some(self.repetition.to_string()),
            "no_progress" => Some(self.no_progress.to_string()),
            _ => None,
        }
    }

    /// Reads draw limits flattened into a game's options, taking `default`'s value for a
    /// missing key (the games' defaults differ, so `DrawLimits` has no `Default`).
    ///
    /// # Errors
    /// The deserializer's error for a value that is not a number.
    #[cfg(feature = "serde")]
    pub(crate) fn deserialize_or<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
        default: DrawLimits,
    ) -> Result<DrawLimits, D::Error> {
        #[derive(serde::Deserialize)]
        struct Partial {
            repetition: Option<u16>,
            no_progress: Option<u16>,
        }
        let p = <Partial as serde::Deserialize>::deserialize(deserializer)?;
        Ok(DrawLimits {
            repetition: p.repetition.unwrap_or(default.repetition),
            no_progress: p.no_progress.unwrap_or(default.no_progress),
        })
    }

    /// Checks the ranges (fields set directly bypass [`DrawLimits::set`]).
    ///
    /// # Errors
    /// [`OptionError::Invalid`] naming the option out of range.
    pub(crate) fn validate(&self) -> Result<(), OptionError> {
        if self.repetition == 1 || self.repetition > 100 {
            return Err(OptionError::Invalid {
                key: "repetition",
                reason: "must be 0 (off) or from 2 to 100",
            });
        }
        if self.no_progress > 1000 {
            return Err(OptionError::Invalid {
                key: "no_progress",
                reason: "must be from 0 (off) to 1000",
            });
        }
        Ok(())
    }
}

/// Splits `key=value`.
///
/// # Errors
/// [`OptionError::Syntax`] when there is no `=`.
pub(crate) fn split_pair(text: &str) -> Result<(&str, &str), OptionError> {
    text.split_once('=')
        .map(|(k, v)| (k.trim(), v.trim()))
        .ok_or_else(|| OptionError::Syntax(text.to_string()))
}

/// Reads a boolean option value: `true/false`, `on/off`, `yes/no`, `1/0`.
///
/// # Errors
/// [`OptionError::BadValue`].
pub(crate) fn parse_bool(key: &'static str, value: &str) -> Result<bool, OptionError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(OptionError::BadValue {
            key,
            value: value.to_string(),
            expected: "true or false",
        }),
    }
}

/// Reads a whole number option value in `min..=max`.
///
/// # Errors
/// [`OptionError::BadValue`] with `expected` as the message.
pub(crate) fn parse_number(
    key: &'static str,
    value: &str,
    min: u16,
    max: u16,
    expected: &'static str,
) -> Result<u16, OptionError> {
    value
        .trim()
        .parse::<u16>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| OptionError::BadValue {
            key,
            value: value.to_string(),
            expected,
        })
}

/// Reads an enumerated option value. `choices` pairs each value with its accepted spellings;
/// matching ignores case, `_` and `-`, so `drop_then_move` and `DropThenMove` both match.
///
/// # Errors
/// [`OptionError::BadValue`] with `expected` as the message.
pub(crate) fn parse_choice<T: Copy>(
    key: &'static str,
    value: &str,
    choices: &[(T, &[&str])],
    expected: &'static str,
) -> Result<T, OptionError> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-' && !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let v = norm(value);
    choices
        .iter()
        .find(|(_, names)| names.iter().any(|n| norm(n) == v))
        .map(|(t, _)| *t)
        .ok_or_else(|| OptionError::BadValue {
            key,
            value: value.to_string(),
            expected,
        })
}
