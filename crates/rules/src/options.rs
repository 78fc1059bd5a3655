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

/// The draw limits every game shares: `repetition` 0 (off) or 2 to 100 (one occurrence is
/// the position itself, so 1 would end every game at once), `no_progress` 0 (off) to 1000.
///
/// # Errors
/// [`OptionError::Invalid`] naming the option out of range.
pub(crate) fn check_draw_limits(repetition: u16, no_progress: u16) -> Result<(), OptionError> {
    if repetition == 1 || repetition > 100 {
        return Err(OptionError::Invalid {
            key: "repetition",
            reason: "must be 0 (off) or from 2 to 100",
        });
    }
    if no_progress > 1000 {
        return Err(OptionError::Invalid {
            key: "no_progress",
            reason: "must be from 0 (off) to 1000",
        });
    }
    Ok(())
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
