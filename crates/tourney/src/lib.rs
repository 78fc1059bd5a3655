//! Checkerhall tournaments as pure functions: pairings, scoring and standings.
//!
//! No I/O and no clock: a tournament director (the server) keeps the [`Entrant`]s and the
//! [`Game`]s of an event and asks this crate for the next [`Round`] ([`pair_round`]), for the
//! next arena games ([`arena_pair`]) and for the [`standings`]. Every function is
//! deterministic: the same entrants and games give the same answer, so a director that
//! restarts in the middle of an event recomputes exactly what it had.
//!
//! Formats (the rules in plain words are in `docs/tournaments.md`):
//! - [`Format::Swiss`]: Dutch system for two-seat games;
//! - [`Format::RoundRobin`]: Berger tables;
//! - [`Format::Arena`]: lichess-style, pair whoever is waiting;
//! - [`Format::NevaTables`]: Neva at tables of four (or three), free-for-all or two against two.
//!
//! ```
//! use tourney::{pair_round, standings, Entrant, Format, Game, Placing};
//! use rules::Seat;
//! let ids: Vec<_> = (1..=4u128).map(uuid::Uuid::from_u128).collect();
//! let entrants: Vec<Entrant> = ids
//!     .iter()
//!     .zip([1900, 1800, 1700, 1600])
//!     .map(|(&id, rating)| Entrant { id, rating, active: true, partner: None })
//!     .collect();
//! let format = Format::Swiss { rounds: 3 };
//! let round = pair_round(&format, &entrants, &[], 1).unwrap();
//! // Top half against bottom half: 1 v 3, 4 v 2 (colours alternate down the boards).
//! assert_eq!(round.tables[0], vec![(Seat::Morning, ids[0]), (Seat::Night, ids[2])]);
//! assert_eq!(round.tables[1], vec![(Seat::Morning, ids[3]), (Seat::Night, ids[1])]);
//! // White wins on both boards.
//! let games: Vec<Game> = round
//!     .tables
//!     .iter()
//!     .map(|t| Game {
//!         round: 1,
//!         seats: t.clone(),
//!         result: Some(Placing { places: vec![(t[0].1, 0), (t[1].1, 1)], forfeits: vec![] }),
//!     })
//!     .collect();
//! let table = standings(&format, &entrants, &games);
//! assert_eq!(table[0].player, ids[0]);
//! assert_eq!(table[0].points, 1.0);
//! ```

use serde::{Deserialize, Serialize};

mod arena;
mod matching;
mod neva;
mod robin;
mod score;
mod standings;
mod swiss;

pub use rules::Seat;

/// A registered player of an event (an account id).
pub type Player = uuid::Uuid;

/// How an event is played. Serde: `{"kind":"swiss","rounds":5}`, `{"kind":"round_robin"}`,
/// `{"kind":"arena","minutes":60}`, `{"kind":"neva_tables","rounds":4,"teams":false}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Swiss system (Dutch pairing) for two-seat games, a fixed number of rounds.
    Swiss {
        /// Rounds to play.
        rounds: u32,
    },
    /// Everyone meets everyone once (Berger tables): n - 1 rounds for an even count, n for an
    /// odd one (one bye per round).
    RoundRobin,
    /// Arena: play as many games as possible in the time; whoever is waiting is paired.
    Arena {
        /// Length of the event.
        minutes: u32,
    },
    /// Neva at tables of four (or three), seats rotated, points by finishing place.
    NevaTables {
        /// Rounds to play.
        rounds: u32,
        /// Two against two: partners sit opposite (White + Green against Red + Black).
        teams: bool,
    },
}

/// A registered player as the pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entrant {
    /// The player.
    pub id: Player,
    /// The rating used for seeding (best first within a score).
    pub rating: i32,
    /// False once the player withdrew: not paired any more, still in the standings.
    pub active: bool,
    /// The partner asked for in a Neva team event; used when both name each other.
    pub partner: Option<Player>,
}

/// One game of an event, as the director stores it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// The round, from 1. In an arena: the order in which games were paired.
    pub round: u32,
    /// Who sat where. A single entry is a bye (no room is played).
    pub seats: Vec<(Seat, Player)>,
    /// The result; `None` while the game is played. A bye scores whatever its result.
    pub result: Option<Placing>,
}

/// The result of a game: finishing places and forfeits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placing {
    /// Each player's place, 0 = first; equal numbers are a tie (a draw). A player of the
    /// table missing here counts as tied for last place.
    pub places: Vec<(Player, u8)>,
    /// Players who lost by not showing up: they score nothing whatever their place.
    pub forfeits: Vec<Player>,
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// The tables, top board first. Two-seat tables are `[(White, a), (Black, b)]`; Neva
    /// tables list their seats clockwise from White.
    pub tables: Vec<Vec<(Seat, Player)>>,
    /// Players given a bye this round (the director stores each as a one-seat [`Game`]).
    pub byes: Vec<Player>,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The player.
    pub player: Player,
    /// 1-based rank, shared by players equal on points and every tiebreak.
    pub rank: u32,
    /// Points (see `docs/tournaments.md` for each format's scale).
    pub points: f64,
    /// Tiebreaks in the order they are applied: `buchholz`, `sonneborn_berger` (Swiss and
    /// round robin), `opponents_points`, `wins` (Neva tables); none in an arena.
    pub tiebreaks: Vec<(&'static str, f64)>,
    /// Games played to a result (byes are not games; forfeits are).
    pub played: u32,
    /// Games won (Neva: first place alone, or the team won).
    pub wins: u32,
    /// Games drawn (Neva: first place shared).
    pub draws: u32,
    /// Games lost (Neva: any place below first).
    pub losses: u32,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// Fewer than two active players (Neva teams: fewer than two teams).
    #[error("too few players to pair a round")]
    TooFewPlayers,
    /// No pairing exists at all.
    #[error("no pairing is possible: {0}")]
    Impossible(String),
    /// The round is 0, beyond the event's last round, or the format has no rounds (arena).
    #[error("round out of range")]
    RoundOutOfRange,
}

/// How many rounds an event of `entrants` players has; `None` for an arena. A round robin
/// of fewer than two players has none.
pub fn rounds(format: &Format, entrants: usize) -> Option<u32> {
    match *format {
        Format::Swiss { rounds } | Format::NevaTables { rounds, .. } => Some(rounds),
        Format::RoundRobin => Some(robin::rounds(entrants)),
        Format::Arena { .. } => None,
    }
}

/// Pairs round `round` (1-based) from the entrants and the games of the earlier rounds
/// (games of this round or later are ignored, so pairing a round again gives the same
/// answer). Pass every entrant, withdrawn ones too (`active: false`): they are not paired,
/// but a round robin's schedule is numbered over the whole list. An arena has no rounds:
/// use [`arena_pair`].
pub fn pair_round(
    format: &Format,
    entrants: &[Entrant],
    games: &[Game],
    round: u32,
) -> Result<Round, PairError> {
    let last = rounds(format, entrants.len()).ok_or(PairError::RoundOutOfRange)?;
    if round == 0 || round > last {
        return Err(PairError::RoundOutOfRange);
    }
    let earlier: Vec<&Game> = games.iter().filter(|g| g.round < round).collect();
    match *format {
        Format::Swiss { .. } => swiss::pair(entrants, &earlier),
        Format::RoundRobin => robin::pair(entrants, round),
        Format::NevaTables { teams, .. } => neva::pair(entrants, &earlier, teams),
        Format::Arena { .. } => Err(PairError::RoundOutOfRange),
    }
}

/// Pairs the arena players in `waiting` (in the order they started waiting) among
/// themselves: by arena score, each with the nearest score, avoiding a rematch of a
/// player's last opponent where another pairing allows it. With an odd count the player
/// who started waiting last keeps waiting. Unknown, withdrawn and repeated players are
/// ignored.
pub fn arena_pair(
    entrants: &[Entrant],
    waiting: &[Player],
    games: &[Game],
) -> Vec<Vec<(Seat, Player)>> {
    arena::pair(entrants, waiting, games)
}

/// The standings from every finished game, best first, every entrant (withdrawn too).
pub fn standings(format: &Format, entrants: &[Entrant], games: &[Game]) -> Vec<Standing> {
    standings::standings(format, entrants, games)
}
