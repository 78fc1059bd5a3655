//! Games in progress ([`Game`]) and stored game records ([`GameRecord`]).
//!
//! A record names the game, its options, the start position (when not the standard one),
//! the players by seat, and the ordered actions: moves in notation, and departures written
//! `resign white`, `leave red` or `timeout green`. Replaying a record re-validates every
//! move. The text form is PDN-like:
//!
//! ```text
//! [Game "neva"]
//! [Option "blocked=eliminate"]
//! [White "Ann"]
//! 25-24 55-54 52-42 31-32
//! resign white
//! ```
//!
//! ```
//! use rules::{GameRecord, Variant};
//! let rec: GameRecord = "[Game \"stockholm\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5".parse().unwrap();
//! assert_eq!(rec.variant, Variant::Stockholm);
//! let game = rec.replay().unwrap();
//! assert_eq!(game.actions().len(), 4);
//! assert_eq!(rec.to_string().parse::<GameRecord>().unwrap(), rec);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::notation::MoveError;
use crate::options::{split_pair, OptionError};
use crate::position::{DepartError, Departure, EndReason, IllegalMove, Status};
use crate::setup::ParsePositionError;
use crate::{AnyOptions, AnyPosition, BySeat, Move, Seat, SeatSet, Variant};

/// One step of a game: a move, or a seat leaving it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// A move.
    Move(Move),
    /// A seat resigned, left or ran out of time.
    Depart(Seat, Departure),
}

impl Action {
    /// The action as a record writes it (the one text for it: [`Game::record`], the lobby's
    /// events and the server's stored moves all use this): a move in canonical notation
    /// ([`crate::notation::write_move`]), a departure as [`write_departure`] writes it.
    /// [`GameRecord::replay`] reads both back.
    pub fn text(&self, variant: Variant) -> String {
        match self {
            Action::Move(m) => crate::notation::write_move(variant, m),
            Action::Depart(s, d) => write_departure(*s, *d),
        }
    }
}

/// A departure as a record writes it: the departure's key and the seat's, `resign white`,
/// `leave red`, `timeout green`.
pub fn write_departure(seat: Seat, how: Departure) -> String {
    format!("{} {}", how.key(), seat.key())
}

/// A game in progress: the start, the current position, every action, and the history that
/// repetition is judged on.
#[derive(Clone, Debug)]
pub struct Game {
    start: AnyPosition,
    position: AnyPosition,
    actions: Vec<Action>,
    /// How often each position hash has occurred, so judging repetition costs the same
    /// however long the game is.
    seen: HashMap<u64, u16>,
    /// How often the current position has occurred (including now).
    repeats: u16,
    /// The status of the current position after `repeats` occurrences, worked out once
    /// per change: a command asks for it (and the turn, which depends on it) several times.
    status: Status,
}

/// A moment of a [`Game`] that [`Game::rollback`] returns to. Holds one position, not the
/// game's history, so taking one costs the same however long the game is.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    actions: usize,
    position: AnyPosition,
    repeats: u16,
}

/// Why an action was refused by a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move text was refused.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The move was refused.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The departure was refused.
    #[error(transparent)]
    Depart(#[from] DepartError),
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: AnyPosition) -> Game {
        let mut game = Game {
            position: start.clone(),
            start,
            actions: Vec::new(),
            seen: HashMap::new(),
            repeats: 0,
            status: Status::Ongoing,
        };
        game.record_position();
        game
    }

    /// A game at this one's position and status with no past (no action, no position
    /// counted for repetition): a stand-in that holds a game's place while the game itself
    /// is moved elsewhere (the lobby's room works on a copy of itself, so that a refused
    /// command leaves it as it was, and moves its game into that copy); not for playing on.
    /// Costs two position copies and no allocation, whatever the length of the game;
    /// [`Game::new`] at the same position would count it, which allocates.
    pub fn stand_in(&self) -> Game {
        Game {
            start: self.position.clone(),
            position: self.position.clone(),
            actions: Vec::new(),
            seen: HashMap::new(),
            repeats: self.repeats,
            status: self.status,
        }
    }

    /// Counts the current position for the repetition rule, by its [`AnyPosition::hash`],
    /// and works out its status.
    fn record_position(&mut self) {
        let n = self.seen.entry(self.position.hash()).or_insert(0);
        *n = n.saturating_add(1);
        self.repeats = *n;
        self.status = self.judge();
    }

    /// The start position.
    pub fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Every action so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The seat to move; `None` once the game is over (including by repetition).
    pub fn turn(&self) -> Option<Seat> {
        if self.status().is_ongoing() {
            // The game's status is the position's unless the game is over by repetition:
            // ongoing here, the position's is too, without working it out again.
            self.position.side_to_move()
        } else {
            None
        }
    }

    /// The position's status, plus repetition (spec §2.7, §3.7, §4.8, §5.7).
    pub fn status(&self) -> Status {
        self.status
    }

    /// [`Game::status`], worked out from the position and its repetitions.
    fn judge(&self) -> Status {
        let status = self.position.status();
        if !status.is_ongoing() {
            return status;
        }
        let limit = self.position.options().repetition_limit();
        if limit > 0 && self.repeats >= limit {
            return self.position.adjudicate(EndReason::Repetition);
        }
        status
    }

    /// Plays a generated move, if legal.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is over or the move is not legal.
    pub fn play(&mut self, mv: &Move) -> Result<(), GameError> {
        if !self.status().is_ongoing() {
            return Err(IllegalMove::GameOver.into());
        }
        if !self.position.is_legal(mv) {
            return Err(IllegalMove::NotLegal.into());
        }
        self.push_move(*mv);
        Ok(())
    }

    /// Parses, checks and plays a move from text; returns the move played.
    ///
    /// # Errors
    /// [`MoveError`] for bad, illegal or ambiguous text.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        if !self.status().is_ongoing() {
            return Err(MoveError::GameOver.into());
        }
        let mv = self.position.parse_move(text)?;
        // The text resolves only to one of the position's legal moves: checking it again
        // would generate them a second time.
        self.push_move(mv);
        Ok(mv)
    }

    /// Plays `mv`, known to be legal, and records it.
    fn push_move(&mut self, mv: Move) {
        self.position.play_unchecked(&mv);
        self.actions.push(Action::Move(mv));
        self.record_position();
    }

    /// `seat` resigns, leaves or runs out of time.
    ///
    /// # Errors
    /// [`DepartError`] when the game is over or the seat is not playing.
    pub fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), GameError> {
        if !self.status().is_ongoing() {
            return Err(DepartError::GameOver.into());
        }
        self.position.depart(seat, how)?;
        self.actions.push(Action::Depart(seat, how));
        self.record_position();
        Ok(())
    }

    /// Where the game stands now, for [`Game::rollback`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            actions: self.actions.len(),
            position: self.position.clone(),
            repeats: self.repeats,
        }
    }

    /// Takes back every action played since `checkpoint`, which must come from this game
    /// with no action taken back since (so the checkpoint's actions are still a prefix),
    /// and returns them in order, for [`Game::redo`]. Costs the actions taken back, not
    /// the game: their positions are replayed from the checkpoint's to un-count them for
    /// the repetition rule.
    pub fn rollback(&mut self, checkpoint: Checkpoint) -> Vec<Action> {
        let Checkpoint {
            actions,
            position,
            repeats,
        } = checkpoint;
        if actions > self.actions.len() {
            return Vec::new();
        }
        let mut replay = position.clone();
        for action in &self.actions[actions..] {
            match action {
                Action::Move(m) => replay.play_unchecked(m),
                // Replaying what this game accepted cannot fail.
                Action::Depart(s, d) => {
                    let _ = replay.depart(*s, *d);
                }
            }
            let key = replay.hash();
            if let Some(n) = self.seen.get_mut(&key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    self.seen.remove(&key);
                }
            }
        }
        let taken = self.actions.split_off(actions);
        self.position = position;
        self.repeats = repeats;
        self.status = self.judge();
        taken
    }

    /// Plays again `actions` that [`Game::rollback`] took back from this game at its
    /// current moment, as they were played: they are not checked again (the game accepted
    /// them from this very position). Costs the actions, not the game.
    pub fn redo(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::Move(m) => self.push_move(m),
                Action::Depart(s, d) => {
                    // Accepted from this position before, so accepted again.
                    if self.position.depart(s, d).is_ok() {
                        self.actions.push(action);
                        self.record_position();
                    }
                }
            }
        }
    }

    /// The record of this game, with the given player names. Each action is written from
    /// itself ([`Action::text`]), without replaying the game.
    pub fn record(&self, players: BySeat<Option<String>>) -> GameRecord {
        let standard = AnyPosition::new(self.start.variant(), &self.start.options())
            .map(|p| p.position_string() == self.start.position_string())
            .unwrap_or(false);
        let variant = self.start.variant();
        let actions = self.actions.iter().map(|a| a.text(variant)).collect();
        GameRecord {
            variant: self.start.variant(),
            options: self
                .start
                .options()
                .non_default_pairs()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            start: (!standard).then(|| self.start.position_string()),
            players,
            actions,
        }
    }
}

/// A stored game: enough to replay it move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The game.
    pub variant: Variant,
    /// Options that differ from the defaults, as `(key, value)`.
    pub options: Vec<(String, String)>,
    /// The start position string; `None` for the standard start under the options.
    pub start: Option<String>,
    /// Player names by seat.
    pub players: BySeat<Option<String>>,
    /// Moves in notation and departures (`resign white`), in order.
    pub actions: Vec<String>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A header line is malformed.
    #[error("line {line}: {reason}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The options were refused.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The start position was refused.
    #[error("start position: {0}")]
    Start(#[from] ParsePositionError),
    /// An action was refused; `index` counts from 0.
    #[error("action {} (`{text}`): {error}", index + 1)]
    Action {
        /// Index of the action.
        index: usize,
        /// The action's text.
        text: String,
        /// Why it was refused.
        error: GameError,
    },
}

impl GameRecord {
    /// The options of this record.
    ///
    /// # Errors
    /// The first refused option.
    pub fn any_options(&self) -> Result<AnyOptions, OptionError> {
        AnyOptions::from_pairs(self.variant, self.options.iter().map(|(k, v)| (k, v)))
    }

    /// Replays every action from the start, checking each.
    ///
    /// # Errors
    /// The first option, start position or action that is refused.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with(|_| {})
    }

    /// Replays every action from the start like [`GameRecord::replay`], calling `after` with
    /// the game after each action (for example to list every position of a stored game).
    ///
    /// # Errors
    /// The first option, start position or action that is refused.
    pub fn replay_with(&self, mut after: impl FnMut(&Game)) -> Result<Game, RecordError> {
        let options = self.any_options()?;
        let start = match &self.start {
            Some(s) => AnyPosition::from_position_string(self.variant, s, &options)?,
            None => AnyPosition::new(self.variant, &options)?,
        };
        let mut game = Game::new(start);
        for (index, text) in self.actions.iter().enumerate() {
            let err = |error| RecordError::Action {
                index,
                text: text.clone(),
                error,
            };
            match parse_departure(text) {
                Some((seat, how)) => game.depart(seat, how).map_err(err)?,
                None => {
                    game.play_text(text).map_err(err)?;
                }
            }
            after(&game);
        }
        Ok(game)
    }
}

/// Reads `resign white`, `leave red`, `timeout green` (what [`write_departure`] writes).
fn parse_departure(text: &str) -> Option<(Seat, Departure)> {
    let (word, seat) = text.trim().split_once(' ')?;
    let how = match word {
        "resign" => Departure::Resign,
        "leave" => Departure::Leave,
        "timeout" => Departure::Timeout,
        _ => return None,
    };
    Some((seat.parse().ok()?, how))
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Game \"{}\"]", self.variant.key())?;
        for (k, v) in &self.options {
            writeln!(f, "[Option \"{k}={v}\"]")?;
        }
        if let Some(s) = &self.start {
            writeln!(f, "[Position \"{s}\"]")?;
        }
        for (seat, name) in self.players.iter() {
            if let Some(n) = name {
                writeln!(f, "[{} \"{}\"]", seat.colour(), n.replace('"', "'"))?;
            }
        }
        let mut line = String::new();
        for a in &self.actions {
            if a.contains(' ') {
                if !line.is_empty() {
                    writeln!(f, "{line}")?;
                    line.clear();
                }
                writeln!(f, "{a}")?;
            } else {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(a);
            }
        }
        if !line.is_empty() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;

    /// Reads the text form. Move numbers (`12.`) and a closing result token are skipped.
    fn from_str(text: &str) -> Result<GameRecord, RecordError> {
        let mut variant = None;
        let mut options = Vec::new();
        let mut start = None;
        let mut players = BySeat::<Option<String>>::default();
        let mut actions = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let syntax = |reason: String| RecordError::Syntax {
                line: i + 1,
                reason,
            };
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            if let Some(tag) = line.strip_prefix('[') {
                let tag = tag
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("a tag must end with ]".into()))?;
                let (name, value) = tag
                    .split_once(' ')
                    .ok_or_else(|| syntax("a tag needs a name and a quoted value".into()))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| syntax("a tag value must be quoted".into()))?;
                match name {
                    "Game" => {
                        variant = Some(
                            value
                                .parse::<Variant>()
                                .map_err(|e| syntax(e.to_string()))?,
                        )
                    }
                    "Option" => {
                        let (k, v) = split_pair(value)?;
                        options.push((k.to_string(), v.to_string()));
                    }
                    "Position" => start = Some(value.to_string()),
                    // Unknown tags (Event, Date, Result, ...) are skipped.
                    other => {
                        if let Ok(seat) = other.parse::<Seat>() {
                            players[seat] = Some(value.to_string());
                        }
                    }
                }
                continue;
            }
            if parse_departure(line).is_some() {
                actions.push(line.to_string());
                continue;
            }
            for token in line.split_whitespace() {
                let is_number = token
                    .trim_end_matches('.')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                    && token.ends_with('.');
                let is_result = matches!(token, "*" | "1-0" | "0-1" | "2-0" | "0-2" | "1-1");
                if is_number || is_result {
                    continue;
                }
                actions.push(token.to_string());
            }
        }
        let variant = variant.ok_or(RecordError::Syntax {
            line: 1,
            reason: "missing [Game \"...\"] tag".into(),
        })?;
        Ok(GameRecord {
            variant,
            options,
            start,
            players,
            actions,
        })
    }
}

/// Seats still playing in `game`: in the game and not eliminated.
pub fn playing(pos: &AnyPosition) -> SeatSet {
    pos.seats().minus(pos.out())
}

#[cfg(test)]
mod tests {
    use super::{parse_departure, write_departure};
    use crate::{Departure, Seat};

    /// Every departure a record writes reads back as itself.
    #[test]
    fn departures_read_back_as_written() {
        for seat in Seat::ALL {
            for how in [Departure::Resign, Departure::Leave, Departure::Timeout] {
                let text = write_departure(seat, how);
                assert_eq!(parse_departure(&text), Some((seat, how)), "{text}");
            }
        }
        assert_eq!(write_departure(Seat::Day, Departure::Leave), "leave red");
    }
}
