//! Arena: lichess-style scoring and pairing of whoever is waiting.

use std::collections::HashMap;

use crate::score::{duel, Outcome};
use crate::swiss::{colour_of, Colour};
use crate::{Entrant, Game, Player, Seat};

/// A player's arena record: points, games, and the streak that doubles points.
#[derive(Clone, Debug, Default)]
pub(crate) struct Record {
    pub(crate) points: f64,
    pub(crate) wins: u32,
    pub(crate) draws: u32,
    pub(crate) losses: u32,
    streak: u32,
    /// Whites minus blacks.
    colour_diff: i32,
    last_colour: Option<Colour>,
    /// The opponent of the most recently paired game.
    pub(crate) last_opponent: Option<Player>,
}

impl Record {
    pub(crate) fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// Every player's arena record, games taken in the order they were paired.
pub(crate) fn records(games: &[Game]) -> HashMap<Player, Record> {
    let mut ordered: Vec<&Game> = games.iter().filter(|g| g.seats.len() == 2).collect();
    ordered.sort_by_key(|g| g.round);
    let mut out: HashMap<Player, Record> = HashMap::new();
    for g in ordered {
        let (a, b) = (g.seats[0].1, g.seats[1].1);
        for (me, opp) in [(a, b), (b, a)] {
            let r = out.entry(me).or_default();
            r.last_opponent = Some(opp);
            if let Some(c) = colour_of(g, me) {
                r.colour_diff += if c == Colour::White { 1 } else { -1 };
                r.last_colour = Some(c);
            }
            let Some(result) = &g.result else { continue };
            // Two wins in a row put a player on a streak: wins are worth 4 and draws 2 until
            // a game that is not a win.
            let on_fire = r.streak >= 2;
            match duel(result, me, opp) {
                Outcome::Win => {
                    r.points += if on_fire { 4.0 } else { 2.0 };
                    r.wins += 1;
                    r.streak += 1;
                }
                Outcome::Draw => {
                    r.points += if on_fire { 2.0 } else { 1.0 };
                    r.draws += 1;
                    r.streak = 0;
                }
                Outcome::Loss => {
                    r.losses += 1;
                    r.streak = 0;
                }
            }
        }
    }
    out
}

/// Pairs the waiting players; see [`crate::arena_pair`].
pub(crate) fn pair(
    entrants: &[Entrant],
    waiting: &[Player],
    games: &[Game],
) -> Vec<Vec<(Seat, Player)>> {
    let known: HashMap<Player, &Entrant> = entrants
        .iter()
        .filter(|e| e.active)
        .map(|e| (e.id, e))
        .collect();
    let mut queue: Vec<Player> = Vec::new();
    for &p in waiting {
        if known.contains_key(&p) && !queue.contains(&p) {
            queue.push(p);
        }
    }
    if queue.len() % 2 == 1 {
        // The latest to arrive waits for the next finisher.
        queue.pop();
    }
    if queue.is_empty() {
        return Vec::new();
    }
    let recs = records(games);
    let empty = Record::default();
    let rec = |p: &Player| recs.get(p).unwrap_or(&empty);
    let rating = |p: &Player| known.get(p).map_or(0, |e| e.rating);
    queue.sort_by(|a, b| {
        rec(b)
            .points
            .total_cmp(&rec(a).points)
            .then(rating(b).cmp(&rating(a)))
            .then(a.cmp(b))
    });
    let rematch =
        |a: Player, b: Player| rec(&a).last_opponent == Some(b) || rec(&b).last_opponent == Some(a);
    // Nearest score first: each takes the next player down who was not their last opponent.
    let mut left = queue.clone();
    let mut pairs: Vec<(Player, Player)> = Vec::new();
    while !left.is_empty() {
        let a = left.remove(0);
        let k = left.iter().position(|&b| !rematch(a, b)).unwrap_or(0);
        let b = left.remove(k);
        pairs.push((a, b));
    }
    // A rematch left at the bottom: swap partners with another pair when that removes it.
    for i in 0..pairs.len() {
        if !rematch(pairs[i].0, pairs[i].1) {
            continue;
        }
        for j in 0..pairs.len() {
            if i == j {
                continue;
            }
            let ((a, b), (c, d)) = (pairs[i], pairs[j]);
            if !rematch(a, c) && !rematch(b, d) {
                pairs[i] = (a, c);
                pairs[j] = (b, d);
                break;
            }
            if !rematch(a, d) && !rematch(b, c) {
                pairs[i] = (a, d);
                pairs[j] = (c, b);
                break;
            }
        }
    }
    pairs
        .into_iter()
        .map(|(a, b)| {
            // White to whoever had fewer whites, then to whoever had Black last.
            let (ra, rb) = (rec(&a), rec(&b));
            let a_white = match ra.colour_diff.cmp(&rb.colour_diff) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => ra.last_colour != Some(Colour::White),
            };
            let (w, bl) = if a_white { (a, b) } else { (b, a) };
            vec![(Seat::WHITE, w), (Seat::BLACK, bl)]
        })
        .collect()
}
