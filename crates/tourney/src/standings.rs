//! Standings: points, tiebreaks and shared ranks.

use std::collections::HashMap;

use crate::arena::records;
use crate::score::{
    duel, duel_points, is_bye, neva_table, opponents, Outcome, BYE_POINTS, NEVA_BYE_POINTS,
};
use crate::{Entrant, Format, Game, Player, Standing};

/// What a bye is worth in an opponent's points for the tiebreaks: a draw.
const BYE_AS_DRAW: f64 = 0.5;

#[derive(Clone, Debug, Default)]
struct Tally {
    points: f64,
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn count(&mut self, o: Outcome) {
        match o {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
    }
}

/// Entrants without repeats, in the order given.
fn unique(entrants: &[Entrant]) -> Vec<&Entrant> {
    let mut seen = std::collections::HashSet::new();
    entrants.iter().filter(|e| seen.insert(e.id)).collect()
}

pub(crate) fn standings(format: &Format, entrants: &[Entrant], games: &[Game]) -> Vec<Standing> {
    let entrants = unique(entrants);
    let mut lines: Vec<(Standing, i32)> = match *format {
        Format::Swiss { .. } | Format::RoundRobin => duels(&entrants, games),
        Format::Arena { .. } => arena(&entrants, games),
        Format::NevaTables { teams, .. } => neva(&entrants, games, teams),
    };
    let key = |s: &Standing| {
        let mut k = vec![s.points];
        k.extend(s.tiebreaks.iter().map(|t| t.1));
        if matches!(format, Format::Arena { .. }) {
            // Equal points: fewer games is the better rate.
            k.push(-f64::from(s.played));
        }
        k
    };
    lines.sort_by(|(a, ra), (b, rb)| {
        let (ka, kb) = (key(a), key(b));
        let mut ord = std::cmp::Ordering::Equal;
        for (x, y) in ka.iter().zip(&kb) {
            ord = ord.then(y.total_cmp(x));
        }
        ord.then(rb.cmp(ra)).then(a.player.cmp(&b.player))
    });
    let mut out: Vec<Standing> = Vec::with_capacity(lines.len());
    for (k, (mut s, _)) in lines.into_iter().enumerate() {
        s.rank = match out.last() {
            Some(prev) if key(prev) == key(&s) => prev.rank,
            _ => k as u32 + 1,
        };
        out.push(s);
    }
    out
}

fn line(player: Player, t: &Tally, tiebreaks: Vec<(&'static str, f64)>) -> Standing {
    Standing {
        player,
        rank: 0,
        points: t.points,
        tiebreaks,
        played: t.wins + t.draws + t.losses,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
    }
}

/// Swiss and round robin: 1, ½, 0; a bye is 1. Buchholz: the opponents' points added up;
/// Sonneborn-Berger: the points of the opponents beaten plus half those of the opponents
/// drawn. Byes add nothing to either.
fn duels(entrants: &[&Entrant], games: &[Game]) -> Vec<(Standing, i32)> {
    let mut tally: HashMap<Player, Tally> =
        entrants.iter().map(|e| (e.id, Tally::default())).collect();
    let mut results: Vec<(Player, Player, Outcome)> = Vec::new();
    let mut byes: HashMap<Player, u32> = HashMap::new();
    for g in games {
        if is_bye(g) {
            if let Some(t) = tally.get_mut(&g.seats[0].1) {
                t.points += BYE_POINTS;
                *byes.entry(g.seats[0].1).or_default() += 1;
            }
            continue;
        }
        let (Some(r), 2) = (&g.result, g.seats.len()) else {
            continue;
        };
        let (a, b) = (g.seats[0].1, g.seats[1].1);
        for (me, opp) in [(a, b), (b, a)] {
            let o = duel(r, me, opp);
            if let Some(t) = tally.get_mut(&me) {
                t.points += duel_points(o);
                t.count(o);
            }
            results.push((me, opp, o));
        }
    }
    let points = |p: &Player| tally.get(p).map_or(0.0, |t| t.points);
    let byes_of = |p: &Player| f64::from(byes.get(p).copied().unwrap_or(0));
    // An opponent's points with each of their byes counted as a draw.
    let as_opponent = |p: &Player| points(p) - byes_of(p) * (BYE_POINTS - BYE_AS_DRAW);
    let mut buchholz: HashMap<Player, f64> = HashMap::new();
    let mut sb: HashMap<Player, f64> = HashMap::new();
    for &(me, opp, o) in &results {
        *buchholz.entry(me).or_default() += as_opponent(&opp);
        *sb.entry(me).or_default() += duel_points(o) * as_opponent(&opp);
    }
    for e in entrants {
        *buchholz.entry(e.id).or_default() += byes_of(&e.id) * points(&e.id);
    }
    entrants
        .iter()
        .map(|e| {
            let tb = vec![
                ("buchholz", buchholz.get(&e.id).copied().unwrap_or(0.0)),
                ("sonneborn_berger", sb.get(&e.id).copied().unwrap_or(0.0)),
            ];
            (line(e.id, &tally[&e.id], tb), e.rating)
        })
        .collect()
}

/// Arena: 2, 1, 0 with streaks; ties by fewer games.
fn arena(entrants: &[&Entrant], games: &[Game]) -> Vec<(Standing, i32)> {
    let recs = records(games);
    entrants
        .iter()
        .map(|e| {
            let t = recs.get(&e.id).map_or_else(Tally::default, |r| Tally {
                points: r.points,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
            });
            debug_assert_eq!(
                t.wins + t.draws + t.losses,
                recs.get(&e.id).map_or(0, |r| r.played())
            );
            (line(e.id, &t, Vec::new()), e.rating)
        })
        .collect()
}

/// Neva tables: points by place; tiebreaks the opponents' points added up over every
/// table, then wins.
fn neva(entrants: &[&Entrant], games: &[Game], teams: bool) -> Vec<(Standing, i32)> {
    let mut tally: HashMap<Player, Tally> =
        entrants.iter().map(|e| (e.id, Tally::default())).collect();
    let mut faced: Vec<(Player, Player)> = Vec::new();
    for g in games {
        if is_bye(g) {
            if let Some(t) = tally.get_mut(&g.seats[0].1) {
                t.points += NEVA_BYE_POINTS;
            }
            continue;
        }
        let Some(r) = &g.result else { continue };
        for (p, pts, o) in neva_table(g, r, teams) {
            if let Some(t) = tally.get_mut(&p) {
                t.points += pts;
                t.count(o);
            }
            for q in opponents(g, p, teams) {
                faced.push((p, q));
            }
        }
    }
    let points = |p: &Player| tally.get(p).map_or(0.0, |t| t.points);
    let mut opp: HashMap<Player, f64> = HashMap::new();
    for (p, q) in &faced {
        *opp.entry(*p).or_default() += points(q);
    }
    entrants
        .iter()
        .map(|e| {
            let t = &tally[&e.id];
            let tb = vec![
                ("opponents_points", opp.get(&e.id).copied().unwrap_or(0.0)),
                ("wins", f64::from(t.wins)),
            ];
            (line(e.id, t, tb), e.rating)
        })
        .collect()
}
