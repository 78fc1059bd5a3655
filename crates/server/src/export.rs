//! Text exports of stored games: PDN for the 8x8 games and Queah, a PGN4-like record for
//! Neva, and `rules`' own [`GameRecord`] text; plus [`parse`], which reads the PDN and PGN4
//! forms back into a [`GameRecord`] so an export can be replayed through `rules`.
//!
//! # PDN (Stockholm, Brazilian, Give and Take, Queah)
//! ```text
//! [Event "Checkerhall game"]
//! [Site "Checkerhall"]
//! [Date "2024.05.01"]
//! [White "Ann"]
//! [Black "Bob"]
//! [Result "2-0"]
//! [GameType "51"]
//! [TimeControl "300+3"]
//! [Variant "stockholm"]
//! 1. c3-d4 f6-e5 2. d4xf6 g7xe5 {resign black} 2-0
//! ```
//! `GameType` numbers are our own (PDN reserves nothing for these games): see
//! [`game_type`]. Non-default options become `[Option "key=value"]` tags, and a start that
//! is not the standard one a `[FEN "<position string>"]` tag with `rules`' position string.
//! Departures (a resignation, leaving, running out of time) are comments `{resign black}`
//! where they happened, so a replay reaches the same final state.
//!
//! # PGN4-like (Neva)
//! ```text
//! [Variant "neva"]
//! [White "Ann"]
//! [Red "Bob"]
//! [Green "Cy"]
//! [Black "Di"]
//! [Result "white"]
//! [FinishingOrder "white; green; red; black"]
//! 1. 25-24 .. 55-54 .. 52-42 .. 31-32
//! 2. 24-23 .. - .. 42-32 .. 21-22
//! ```
//! One row per round, one column per seat in the game in turn order, `-` for a seat that
//! did not move in that round (eliminated or departed); the last row stops where the game
//! did. A departure is a comment `{resign red}` after the last move before it.

use std::fmt::Write as _;

use rules::{AnyOptions, AnyPosition, BySeat, GameRecord, Seat, Variant};

use crate::store::{GameRow, MoveRow};

/// Why a stored game cannot be exported, or an export cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A stored value does not read back (unknown game, bad options JSON, ...).
    #[error("stored game is corrupt: {0}")]
    Corrupt(String),
    /// The export text is malformed.
    #[error("line {line}: {reason}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Our `GameType` number of a PDN export: 51 Stockholm, 52 Brazilian (Stockholm with
/// `deferred_backward_capture=false`), 53 Give and Take, 54 Queah, 55 Neva (written in the
/// PGN4-like form, tagged anyway for completeness).
pub fn game_type(options: &AnyOptions) -> u32 {
    match options {
        AnyOptions::Stockholm(o) if !o.deferred_backward_capture => 52,
        AnyOptions::Stockholm(_) => 51,
        AnyOptions::GiveAndTake(_) => 53,
        AnyOptions::Queah(_) => 54,
        AnyOptions::Neva(_) => 55,
    }
}

/// A stored game read back: its game, options, start, names and actions.
#[derive(Clone, Debug)]
pub struct Stored {
    /// The game.
    pub variant: Variant,
    /// Options (validated).
    pub options: AnyOptions,
    /// The start position string as stored.
    pub start: String,
    /// Whether `start` is the standard start under `options`.
    pub standard_start: bool,
    /// Player names by seat (seats in the game only).
    pub names: BySeat<Option<String>>,
    /// Moves and departures, in order, with the acting seat.
    pub actions: Vec<(Seat, String)>,
    /// Winning seats once finished (empty for a draw); `None` while unfinished.
    pub winners: Option<Vec<Seat>>,
    /// End reason key once finished.
    pub reason: Option<String>,
    /// Finishing order from the stored outcome (groups of seat keys), if any.
    pub finishing_order: Vec<Vec<String>>,
    /// Start time, ms since the epoch.
    pub started_at: i64,
    /// The room's clock, when known (the game's row does not hold it; see
    /// [`Stored::with_time_control`]).
    pub time_control: Option<lobby::TimeControl>,
}

/// The PGN `TimeControl` tag's value of a clock: `-` for none, `base+increment` in seconds
/// for Fischer, `1/limit` in seconds (one move a period, as PGN writes a period) for a
/// limit per move and for correspondence.
pub fn time_control_tag(tc: &lobby::TimeControl) -> String {
    use lobby::TimeControl as T;
    let secs = |ms: u64| {
        if ms % 1000 == 0 {
            (ms / 1000).to_string()
        } else {
            format!("{:.1}", ms as f64 / 1000.0)
        }
    };
    match tc {
        T::None => "-".to_string(),
        T::Fischer {
            base_ms,
            increment_ms,
        } => format!("{}+{}", secs(*base_ms), secs(*increment_ms)),
        T::PerMove { limit_ms } => format!("1/{}", secs(*limit_ms)),
        T::Correspondence { days } => format!("1/{}", u64::from(*days) * 86_400),
    }
}

/// The option pairs of a stored options JSON object.
///
/// # Errors
/// [`ExportError::Corrupt`] for anything but an object of strings (numbers and booleans
/// are accepted as their text).
pub fn option_pairs(json: &str) -> Result<Vec<(String, String)>, ExportError> {
    let value: serde_json::Value =
        serde_json::from_str(if json.trim().is_empty() { "{}" } else { json })
            .map_err(|e| ExportError::Corrupt(format!("options: {e}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| ExportError::Corrupt("options: not an object".into()))?;
    obj.iter()
        .map(|(k, v)| {
            let text = match v {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Bool(_) | serde_json::Value::Number(_) => v.to_string(),
                _ => return Err(ExportError::Corrupt(format!("options: bad value of {k}"))),
            };
            Ok((k.clone(), text))
        })
        .collect()
}

/// Display names by seat key from a stored seats JSON object
/// (`{"white": {"name": "Ann", ...}, ...}`); seats without a name are left out.
///
/// # Errors
/// [`ExportError::Corrupt`] when the JSON is not an object keyed by seats.
pub fn seat_names(json: &str) -> Result<BySeat<Option<String>>, ExportError> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| ExportError::Corrupt(format!("seats: {e}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| ExportError::Corrupt("seats: not an object".into()))?;
    let mut names = BySeat::<Option<String>>::default();
    for (k, v) in obj {
        let seat: Seat = k
            .parse()
            .map_err(|_| ExportError::Corrupt(format!("seats: unknown seat {k}")))?;
        names[seat] = match v {
            serde_json::Value::String(s) => Some(s.clone()),
            // A bot is named as everywhere else (games stored before bots had that name
            // too): its `{kind, level}` is kept beside the name.
            serde_json::Value::Object(o) => match o
                .get("bot")
                .and_then(|b| serde_json::from_value::<lobby::Bot>(b.clone()).ok())
            {
                Some(bot) => Some(crate::rooms::bot_name(&bot)),
                None => o.get("name").and_then(|n| n.as_str()).map(String::from),
            },
            _ => None,
        }
        .filter(|n| !n.trim().is_empty());
    }
    Ok(names)
}

/// Reads a departure action `resign white`, `leave red`, `timeout green`.
pub fn is_departure(text: &str) -> bool {
    let mut it = text.split_whitespace();
    matches!(
        (it.next(), it.next().map(str::parse::<Seat>), it.next()),
        (Some("resign" | "leave" | "timeout"), Some(Ok(_)), None)
    )
}

impl Stored {
    /// Reads a stored game and its moves.
    ///
    /// # Errors
    /// [`ExportError::Corrupt`] for a value that does not read back.
    pub fn from_rows(game: &GameRow, moves: &[MoveRow]) -> Result<Stored, ExportError> {
        let variant: Variant = game
            .variant
            .parse()
            .map_err(|e: rules::ParseVariantError| ExportError::Corrupt(e.to_string()))?;
        let pairs = option_pairs(&game.options)?;
        let options = AnyOptions::from_pairs(variant, pairs.iter().map(|(k, v)| (k, v)))
            .map_err(|e| ExportError::Corrupt(format!("options: {e}")))?;
        let standard = AnyPosition::new(variant, &options)
            .map_err(|e| ExportError::Corrupt(format!("options: {e}")))?
            .position_string();
        let start = if game.start_position.trim().is_empty() {
            standard.clone()
        } else {
            game.start_position.clone()
        };
        let names = seat_names(&game.seats)?;
        let mut actions = Vec::with_capacity(moves.len());
        for m in moves {
            let seat: Seat = m
                .seat
                .parse()
                .map_err(|_| ExportError::Corrupt(format!("move {}: seat {}", m.ply, m.seat)))?;
            if m.notation.trim().is_empty() || m.notation.contains(['{', '}', '[', ']', '"']) {
                return Err(ExportError::Corrupt(format!("move {}: notation", m.ply)));
            }
            actions.push((seat, m.notation.trim().to_string()));
        }
        let winners = match (&game.result, &game.winners) {
            (None, _) => None,
            (Some(_), Some(w)) => Some(
                w.split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| {
                        s.parse::<Seat>()
                            .map_err(|_| ExportError::Corrupt(format!("winners: {s}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            (Some(r), None) => Some(outcome_winners(r)),
        };
        let finishing_order = game
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str::<serde_json::Value>(r).ok())
            .and_then(|v| {
                serde_json::from_value::<Vec<Vec<String>>>(v.get("finishing_order")?.clone()).ok()
            })
            .unwrap_or_default();
        Ok(Stored {
            variant,
            options,
            standard_start: start == standard,
            start,
            names,
            actions,
            winners,
            reason: game.reason.clone(),
            finishing_order,
            started_at: game.started_at,
            time_control: None,
        })
    }

    /// This game with its room's clock, written as a `TimeControl` tag.
    pub fn with_time_control(mut self, tc: Option<lobby::TimeControl>) -> Stored {
        self.time_control = tc;
        self
    }

    fn time_control_line(&self, out: &mut String) {
        if let Some(tc) = &self.time_control {
            let _ = writeln!(out, "[TimeControl \"{}\"]", time_control_tag(tc));
        }
    }

    /// The seats in this game, in turn order.
    pub fn seats(&self) -> Vec<Seat> {
        match &self.options {
            AnyOptions::Neva(o) => o.seats.iter().collect(),
            _ => vec![Seat::WHITE, Seat::BLACK],
        }
    }

    /// The `rules` record of this game.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            variant: self.variant,
            options: self
                .options
                .non_default_pairs()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            start: (!self.standard_start).then(|| self.start.clone()),
            players: self.names.clone(),
            actions: self.actions.iter().map(|(_, a)| a.clone()).collect(),
        }
    }

    /// The export in this game's own format: PDN, or PGN4-like for Neva.
    pub fn export(&self) -> String {
        match self.variant {
            Variant::Neva => self.pgn4(),
            _ => self.pdn(),
        }
    }

    fn option_tags(&self, out: &mut String) {
        let _ = writeln!(out, "[Variant \"{}\"]", self.variant.key());
        for (k, v) in self.options.non_default_pairs() {
            let _ = writeln!(out, "[Option \"{k}={}\"]", quote(&v));
        }
        if !self.standard_start {
            let _ = writeln!(out, "[FEN \"{}\"]", quote(&self.start));
        }
    }

    /// The PDN result token: `2-0`, `0-2`, `1-1` or `*`.
    fn pdn_result(&self) -> &'static str {
        match self.winners.as_deref() {
            None => "*",
            Some([]) => "1-1",
            Some(w) if w.contains(&Seat::WHITE) => "2-0",
            Some(_) => "0-2",
        }
    }

    fn pdn(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[Event \"Checkerhall game\"]");
        let _ = writeln!(out, "[Site \"Checkerhall\"]");
        let _ = writeln!(out, "[Date \"{}\"]", pdn_date(self.started_at));
        for seat in [Seat::WHITE, Seat::BLACK] {
            let name = self.names[seat].as_deref().unwrap_or("?");
            let _ = writeln!(out, "[{} \"{}\"]", seat.colour(), quote(name));
        }
        let result = self.pdn_result();
        let _ = writeln!(out, "[Result \"{result}\"]");
        let _ = writeln!(out, "[GameType \"{}\"]", game_type(&self.options));
        self.time_control_line(&mut out);
        if let Some(r) = &self.reason {
            let _ = writeln!(out, "[Termination \"{}\"]", quote(r));
        }
        self.option_tags(&mut out);
        out.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        let mut number = 1;
        // Whether White has moved in the current numbered pair.
        let mut white_moved = false;
        for (seat, text) in &self.actions {
            if is_departure(text) {
                tokens.push(format!("{{{text}}}"));
            } else if *seat == Seat::WHITE {
                if white_moved {
                    number += 1;
                }
                tokens.push(format!("{number}. {text}"));
                white_moved = true;
            } else {
                tokens.push(if white_moved {
                    text.clone()
                } else {
                    format!("{number}... {text}")
                });
                white_moved = false;
                number += 1;
            }
        }
        tokens.push(result.to_string());
        wrap(&mut out, &tokens);
        out
    }

    fn pgn4(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[Event \"Checkerhall game\"]");
        let _ = writeln!(out, "[Site \"Checkerhall\"]");
        let _ = writeln!(out, "[Date \"{}\"]", pdn_date(self.started_at));
        let seats = self.seats();
        for &seat in &seats {
            let name = self.names[seat].as_deref().unwrap_or("?");
            let _ = writeln!(out, "[{} \"{}\"]", seat.colour(), quote(name));
        }
        let result = match self.winners.as_deref() {
            None => "*".to_string(),
            Some([]) => "draw".to_string(),
            Some(w) => w.iter().map(|s| s.key()).collect::<Vec<_>>().join(","),
        };
        let _ = writeln!(out, "[Result \"{result}\"]");
        if !self.finishing_order.is_empty() {
            let order = self
                .finishing_order
                .iter()
                .map(|g| g.join(" "))
                .collect::<Vec<_>>()
                .join("; ");
            let _ = writeln!(out, "[FinishingOrder \"{}\"]", quote(&order));
        }
        self.time_control_line(&mut out);
        if let Some(r) = &self.reason {
            let _ = writeln!(out, "[Termination \"{}\"]", quote(r));
        }
        self.option_tags(&mut out);
        out.push('\n');
        let mut round = 0;
        // Cells of the current row; empty before the first move.
        let mut cells: Vec<String> = Vec::new();
        // Departures before the first move, written on their own line.
        let mut early: Vec<String> = Vec::new();
        for (seat, text) in &self.actions {
            if is_departure(text) {
                // A departure does not end the round: it rides on the last move written.
                match cells.last_mut() {
                    Some(last) => {
                        let _ = write!(last, " {{{text}}}");
                    }
                    None => early.push(format!("{{{text}}}")),
                }
                continue;
            }
            let col = seats.iter().position(|s| s == seat).unwrap_or(0);
            if cells.is_empty() || col < cells.len() {
                if !cells.is_empty() {
                    // A finished round: seats that did not move in it get `-`.
                    cells.resize(seats.len().max(cells.len()), "-".into());
                    let _ = writeln!(out, "{round}. {}", cells.join(" .. "));
                    cells.clear();
                } else if !early.is_empty() {
                    let _ = writeln!(out, "{}", early.join(" "));
                    early.clear();
                }
                round += 1;
            }
            while cells.len() < col {
                cells.push("-".into());
            }
            cells.push(text.clone());
        }
        if !early.is_empty() {
            let _ = writeln!(out, "{}", early.join(" "));
        }
        if !cells.is_empty() {
            // The last round, cut by the end of the game: no padding.
            let _ = writeln!(out, "{round}. {}", cells.join(" .. "));
        }
        out
    }
}

/// Winners from an outcome JSON (`{"winners": ["white"], ...}`).
fn outcome_winners(json: &str) -> Vec<Seat> {
    serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| serde_json::from_value::<Vec<Seat>>(v.get("winners")?.clone()).ok())
        .unwrap_or_default()
}

/// A tag value with its double quotes and backslashes made harmless.
fn quote(s: &str) -> String {
    s.replace(['"', '\\'], "'").replace(['\n', '\r'], " ")
}

/// Writes tokens as lines of at most about 80 characters.
fn wrap(out: &mut String, tokens: &[String]) {
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (H. Hinnant's
/// `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// (year, month, day) to days since 1970-01-01 (H. Hinnant's `days_from_civil`).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `YYYY.MM.DD` of a time in ms since the epoch (UTC).
pub fn pdn_date(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(86_400_000));
    format!("{y:04}.{m:02}.{d:02}")
}

/// Reads a PDN or PGN4-like export (as written by [`Stored::export`]) back into a
/// [`GameRecord`], ready for [`GameRecord::replay`].
///
/// Tags: `Variant` (required), `Option`, `FEN`, and the seat colours; others are skipped.
/// Movetext: move numbers (`12.`, `12...`), `..` separators, `-` placeholders and result
/// tokens are skipped; `{resign white}`-style comments are departures, other comments are
/// skipped.
///
/// # Errors
/// [`ExportError::Syntax`] for a malformed tag, comment, or a missing `Variant`.
pub fn parse(text: &str) -> Result<GameRecord, ExportError> {
    let mut pdn = Pdn::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let syntax = |reason: &str| ExportError::Syntax {
            line: i + 1,
            reason: reason.to_string(),
        };
        if line.is_empty() {
            continue;
        }
        match line.strip_prefix('[') {
            Some(tag) => pdn.tag(tag, syntax)?,
            None => pdn.movetext(line, syntax)?,
        }
    }
    let variant = pdn.variant.ok_or(ExportError::Syntax {
        line: 1,
        reason: "missing [Variant \"...\"] tag".into(),
    })?;
    Ok(GameRecord {
        variant,
        options: pdn.options,
        start: pdn.start,
        players: pdn.players,
        actions: pdn.actions,
    })
}

/// What [`parse`] has read so far.
#[derive(Default)]
struct Pdn {
    variant: Option<Variant>,
    options: Vec<(String, String)>,
    start: Option<String>,
    players: BySeat<Option<String>>,
    actions: Vec<String>,
}

impl Pdn {
    /// One tag line, after its `[`.
    fn tag(&mut self, tag: &str, syntax: impl Fn(&str) -> ExportError) -> Result<(), ExportError> {
        let tag = tag
            .strip_suffix(']')
            .ok_or_else(|| syntax("unclosed tag"))?;
        let (name, value) = tag
            .split_once(' ')
            .ok_or_else(|| syntax("a tag needs a name and a value"))?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| syntax("a tag value must be quoted"))?;
        match name {
            "Variant" => {
                let variant = value
                    .parse::<Variant>()
                    .map_err(|e| syntax(&e.to_string()))?;
                self.variant = Some(variant);
            }
            "Option" => {
                let (k, v) = value
                    .split_once('=')
                    .ok_or_else(|| syntax("an Option tag is key=value"))?;
                self.options
                    .push((k.trim().to_string(), v.trim().to_string()));
            }
            "FEN" => self.start = Some(value.to_string()),
            other => {
                let seat = Seat::ALL.into_iter().find(|s| s.colour() == other);
                if let (Some(seat), false) = (seat, value == "?") {
                    self.players[seat] = Some(value.to_string());
                }
            }
        }
        Ok(())
    }

    /// One line of moves: move numbers, results and fillers are skipped; a comment that is
    /// a departure (`{resign red}`) is an action.
    fn movetext(
        &mut self,
        line: &str,
        syntax: impl Fn(&str) -> ExportError,
    ) -> Result<(), ExportError> {
        let mut rest = line;
        while !rest.is_empty() {
            rest = rest.trim_start();
            if let Some(c) = rest.strip_prefix('{') {
                let (comment, after) = c
                    .split_once('}')
                    .ok_or_else(|| syntax("unclosed comment"))?;
                let comment = comment.trim();
                if is_departure(comment) {
                    self.actions
                        .push(comment.split_whitespace().collect::<Vec<_>>().join(" "));
                }
                rest = after;
                continue;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if !token.is_empty() && !is_move_number(token) && !is_filler(token) {
                self.actions.push(token.to_string());
            }
        }
        Ok(())
    }
}

/// `12.` (a move number).
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// A result or a placeholder between moves.
fn is_filler(token: &str) -> bool {
    matches!(
        token,
        ".." | "-" | "*" | "2-0" | "0-2" | "1-1" | "1-0" | "0-1"
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(days_from_civil(2024, 2, 29), 19_782);
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(pdn_date(1_714_521_600_000), "2024.05.01");
        for d in [-1000, -1, 0, 59, 60, 10_000, 50_000] {
            let (y, m, dd) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, dd), d);
        }
    }

    #[test]
    fn time_controls_are_tagged_as_pgn_writes_them() {
        use lobby::TimeControl as T;
        assert_eq!(time_control_tag(&T::None), "-");
        let blitz = T::Fischer {
            base_ms: 300_000,
            increment_ms: 3_000,
        };
        assert_eq!(time_control_tag(&blitz), "300+3");
        let odd = T::Fischer {
            base_ms: 90_500,
            increment_ms: 0,
        };
        assert_eq!(time_control_tag(&odd), "90.5+0");
        assert_eq!(time_control_tag(&T::PerMove { limit_ms: 30_000 }), "1/30");
        assert_eq!(time_control_tag(&T::Correspondence { days: 3 }), "1/259200");
    }

    #[test]
    fn parse_skips_numbers_and_fillers() {
        let rec = parse(
            "[Variant \"neva\"]\n[White \"A\"]\n1. 25-24 .. - .. 52-42\n{resign green}\n2. 24-23\n",
        )
        .unwrap();
        assert_eq!(rec.variant, Variant::Neva);
        assert_eq!(rec.actions, ["25-24", "52-42", "resign green", "24-23"]);
        assert_eq!(rec.players[Seat::WHITE].as_deref(), Some("A"));
        let rec = parse("[Variant \"stockholm\"]\n1. c3-d4 f6-e5 2. d4xf6 {x} 2-0").unwrap();
        assert_eq!(rec.actions, ["c3-d4", "f6-e5", "d4xf6"]);
        assert!(parse("1. c3-d4").is_err());
    }
}
