//! What one game is worth to each of its players.

use crate::{Game, Placing, Player, Seat};

/// A player's outcome of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Win,
    Draw,
    Loss,
}

/// Points of a Swiss or round-robin bye.
pub(crate) const BYE_POINTS: f64 = 1.0;
/// Points of a Neva bye: a table's average result, neither a reward nor a penalty.
pub(crate) const NEVA_BYE_POINTS: f64 = 1.5;
/// What the winner of any Neva table gets.
pub(crate) const NEVA_WIN: f64 = 3.0;

/// Whether the game is a bye.
pub(crate) fn is_bye(g: &Game) -> bool {
    g.seats.len() == 1
}

/// The seats sorted in turn order (clockwise from White).
pub(crate) fn in_turn_order(g: &Game) -> Vec<(Seat, Player)> {
    let mut s = g.seats.clone();
    s.sort_by_key(|&(seat, _)| seat);
    s
}

fn place_of(result: &Placing, p: Player) -> u8 {
    result
        .places
        .iter()
        .find(|&&(q, _)| q == p)
        .map_or(u8::MAX, |&(_, place)| place)
}

fn forfeited(result: &Placing, p: Player) -> bool {
    result.forfeits.contains(&p)
}

/// The outcome of a two-seat game for `me` against `opp`.
pub(crate) fn duel(result: &Placing, me: Player, opp: Player) -> Outcome {
    match (forfeited(result, me), forfeited(result, opp)) {
        (true, _) => Outcome::Loss,
        (false, true) => Outcome::Win,
        (false, false) => {
            let (a, b) = (place_of(result, me), place_of(result, opp));
            match a.cmp(&b) {
                std::cmp::Ordering::Less => Outcome::Win,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Greater => Outcome::Loss,
            }
        }
    }
}

/// Points of an outcome in Swiss and round robin.
pub(crate) fn duel_points(o: Outcome) -> f64 {
    match o {
        Outcome::Win => 1.0,
        Outcome::Draw => 0.5,
        Outcome::Loss => 0.0,
    }
}

/// Points for finishing in `position` (0 = first) at a table of `size` players: the winner
/// gets 3, the last 0, the places between evenly spaced (4 players: 3, 2, 1, 0; 3 players:
/// 3, 1.5, 0; 2 players: 3, 0).
pub(crate) fn place_points(position: usize, size: usize) -> f64 {
    if size < 2 {
        return NEVA_WIN;
    }
    NEVA_WIN * (size - 1 - position.min(size - 1)) as f64 / (size - 1) as f64
}

/// Each player's points and outcome at a finished Neva table.
pub(crate) fn neva_table(g: &Game, result: &Placing, teams: bool) -> Vec<(Player, f64, Outcome)> {
    let seats = in_turn_order(g);
    if teams && seats.len() == 4 {
        return neva_teams(&seats, result);
    }
    let size = seats.len();
    let mut playing: Vec<(u8, Player)> = seats
        .iter()
        .filter(|&&(_, p)| !forfeited(result, p))
        .map(|&(_, p)| (place_of(result, p), p))
        .collect();
    playing.sort();
    let mut out: Vec<(Player, f64, Outcome)> = Vec::with_capacity(size);
    let mut i = 0;
    while i < playing.len() {
        let mut j = i;
        while j < playing.len() && playing[j].0 == playing[i].0 {
            j += 1;
        }
        // Tied players share the points of the positions they occupy together.
        let total: f64 = (i..j).map(|pos| place_points(pos, size)).sum();
        let each = total / (j - i) as f64;
        let outcome = match (i, j - i) {
            (0, 1) => Outcome::Win,
            (0, _) => Outcome::Draw,
            _ => Outcome::Loss,
        };
        for &(_, p) in &playing[i..j] {
            out.push((p, each, outcome));
        }
        i = j;
    }
    for &(_, p) in &seats {
        if forfeited(result, p) {
            out.push((p, 0.0, Outcome::Loss));
        }
    }
    out
}

/// Two against two: the team whose best-placed player finished ahead wins 3 points for
/// each partner; a tie gives each 1.5. A player who forfeited scores nothing.
fn neva_teams(seats: &[(Seat, Player)], result: &Placing) -> Vec<(Player, f64, Outcome)> {
    let team_place = |t: usize| {
        seats
            .iter()
            .filter(|&&(s, _)| s.index() % 2 == t)
            .filter(|&&(_, p)| !forfeited(result, p))
            .map(|&(_, p)| place_of(result, p))
            .min()
            .unwrap_or(u8::MAX)
    };
    let (a, b) = (team_place(0), team_place(1));
    seats
        .iter()
        .map(|&(s, p)| {
            let (mine, theirs) = if s.index() % 2 == 0 { (a, b) } else { (b, a) };
            let (pts, o) = match mine.cmp(&theirs) {
                std::cmp::Ordering::Less => (NEVA_WIN, Outcome::Win),
                std::cmp::Ordering::Equal => (NEVA_WIN / 2.0, Outcome::Draw),
                std::cmp::Ordering::Greater => (0.0, Outcome::Loss),
            };
            if forfeited(result, p) {
                (p, 0.0, Outcome::Loss)
            } else {
                (p, pts, o)
            }
        })
        .collect()
}

/// Tablemates who played against `me` (in a team game: not the partner).
pub(crate) fn opponents(g: &Game, me: Player, teams: bool) -> Vec<Player> {
    let Some(&(my_seat, _)) = g.seats.iter().find(|&&(_, p)| p == me) else {
        return Vec::new();
    };
    g.seats
        .iter()
        .filter(|&&(s, p)| p != me && !(teams && g.seats.len() == 4 && s == my_seat.opposite()))
        .map(|&(_, p)| p)
        .collect()
}
