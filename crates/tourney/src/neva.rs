//! Neva tables: tables of four (or three) formed by score, seats rotated, and two against
//! two team events.

use std::collections::HashMap;

use crate::score::{in_turn_order, is_bye, neva_table, opponents, NEVA_BYE_POINTS};
use crate::swiss::{pair_units, Units};
use crate::{Entrant, Game, PairError, Player, Round, Seat};

/// The seats a table of `size` players uses, clockwise from White: Neva's own layouts
/// (three players leave Black empty, two sit at opposite corners, White and Green).
pub(crate) fn seats_for(size: usize) -> &'static [Seat] {
    match size {
        4 => &[Seat::Morning, Seat::Day, Seat::Evening, Seat::Night],
        3 => &[Seat::Morning, Seat::Day, Seat::Evening],
        _ => &[Seat::Morning, Seat::Evening],
    }
}

/// Table sizes for `n` players and how many sit out: fours, with threes at the bottom where
/// the count needs them; five players make one table of four and a bye.
pub(crate) fn table_sizes(n: usize) -> (Vec<usize>, usize) {
    match n {
        0 => (Vec::new(), 0),
        1 => (Vec::new(), 1),
        2 => (vec![2], 0),
        3 => (vec![3], 0),
        5 => (vec![4], 1),
        _ => {
            let threes = (4 - n % 4) % 4;
            let fours = (n - 3 * threes) / 4;
            let mut v = vec![4; fours];
            v.extend(std::iter::repeat(3).take(threes));
            (v, 0)
        }
    }
}

/// What the pairing needs to know about a player's earlier rounds.
#[derive(Clone, Debug, Default)]
struct History {
    points: f64,
    byes: u32,
    /// How often the player had each turn position (0 = moved first).
    turns: [u32; 4],
}

struct Past {
    hist: Vec<History>,
    /// Times two entrants sat at one table as opponents.
    met: HashMap<(usize, usize), u32>,
    /// Partners seen at earlier team tables.
    partner: HashMap<usize, usize>,
}

fn past(entrants: &[Entrant], games: &[&Game], teams: bool) -> Past {
    let index: HashMap<Player, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut hist = vec![History::default(); entrants.len()];
    let mut met = HashMap::new();
    let mut partner = HashMap::new();
    let mut ordered: Vec<&Game> = games.to_vec();
    ordered.sort_by_key(|g| g.round);
    for g in ordered {
        if is_bye(g) {
            if let Some(&i) = index.get(&g.seats[0].1) {
                hist[i].byes += 1;
                hist[i].points += NEVA_BYE_POINTS;
            }
            continue;
        }
        let seats = in_turn_order(g);
        for (pos, &(_, p)) in seats.iter().enumerate() {
            let Some(&i) = index.get(&p) else { continue };
            hist[i].turns[pos.min(3)] += 1;
            for q in opponents(g, p, teams) {
                if let Some(&j) = index.get(&q) {
                    if i < j {
                        *met.entry((i, j)).or_insert(0) += 1;
                    }
                }
            }
            if teams && seats.len() == 4 {
                let opp = seats[(pos + 2) % 4].1;
                if let Some(&j) = index.get(&opp) {
                    if !partner.contains_key(&i) && !partner.contains_key(&j) {
                        partner.insert(i, j);
                        partner.insert(j, i);
                    }
                }
            }
        }
        if let Some(r) = &g.result {
            for (p, pts, _) in neva_table(g, r, teams) {
                if let Some(&i) = index.get(&p) {
                    hist[i].points += pts;
                }
            }
        }
    }
    Past { hist, met, partner }
}

impl Past {
    fn met(&self, a: usize, b: usize) -> u32 {
        self.met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
    }

    /// Repeated meetings within a group of players.
    fn repeats(&self, group: &[usize]) -> u32 {
        let mut r = 0;
        for (k, &a) in group.iter().enumerate() {
            for &b in &group[k + 1..] {
                r += self.met(a, b);
            }
        }
        r
    }
}

/// Pairs a round of Neva tables (`games`: earlier rounds only).
pub(crate) fn pair(entrants: &[Entrant], games: &[&Game], teams: bool) -> Result<Round, PairError> {
    let past = past(entrants, games, teams);
    let mut seen = std::collections::HashSet::new();
    let mut order: Vec<usize> = (0..entrants.len())
        .filter(|&i| entrants[i].active && seen.insert(entrants[i].id))
        .collect();
    order.sort_by(|&a, &b| {
        past.hist[b]
            .points
            .total_cmp(&past.hist[a].points)
            .then(entrants[b].rating.cmp(&entrants[a].rating))
            .then(entrants[a].id.cmp(&entrants[b].id))
    });
    if order.len() < 2 {
        return Err(PairError::TooFewPlayers);
    }
    if teams {
        pair_teams(entrants, &past, &order)
    } else {
        pair_free(entrants, &past, &order)
    }
}

/// The player to sit out: fewest byes so far, then lowest ranked.
fn pick_bye(past: &Past, ranked: &[usize]) -> usize {
    let mut best = ranked.len() - 1;
    for k in (0..ranked.len()).rev() {
        if past.hist[ranked[k]].byes < past.hist[ranked[best]].byes {
            best = k;
        }
    }
    best
}

fn pair_free(entrants: &[Entrant], past: &Past, order: &[usize]) -> Result<Round, PairError> {
    let (sizes, sit_out) = table_sizes(order.len());
    let mut left: Vec<usize> = order.to_vec();
    let mut byes = Vec::new();
    for _ in 0..sit_out {
        let k = pick_bye(past, &left);
        byes.push(entrants[left.remove(k)].id);
    }
    let rank: HashMap<usize, usize> = order.iter().enumerate().map(|(r, &i)| (i, r)).collect();
    // Cut the ranking into tables from the top, each seat taken by the nearest player down
    // who has met the fewest of the table so far.
    let mut tables: Vec<Vec<usize>> = Vec::with_capacity(sizes.len());
    for &size in &sizes {
        let mut t = vec![left.remove(0)];
        while t.len() < size && !left.is_empty() {
            let window = left.len().min(2 * size + 4);
            let k = (0..window)
                .min_by_key(|&k| (t.iter().map(|&m| past.met(m, left[k])).sum::<u32>(), k))
                .unwrap_or(0);
            t.push(left.remove(k));
        }
        tables.push(t);
    }
    // Swap players between tables while that lowers the number of repeated tablemates;
    // nearer tables are tried first, so score groups move as little as possible.
    for _ in 0..50 {
        let mut improved = false;
        for i in 0..tables.len() {
            for j in i + 1..tables.len() {
                if past.repeats(&tables[i]) + past.repeats(&tables[j]) == 0 {
                    continue;
                }
                for a in 0..tables[i].len() {
                    for b in 0..tables[j].len() {
                        let before = past.repeats(&tables[i]) + past.repeats(&tables[j]);
                        let (mut ti, mut tj) = (tables[i].clone(), tables[j].clone());
                        std::mem::swap(&mut ti[a], &mut tj[b]);
                        if past.repeats(&ti) + past.repeats(&tj) < before {
                            tables[i] = ti;
                            tables[j] = tj;
                            improved = true;
                        }
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    for t in &mut tables {
        t.sort_by_key(|i| rank[i]);
    }
    tables.sort_by_key(|t| t.first().map(|i| rank[i]));
    let tables = tables
        .iter()
        .map(|t| {
            let seats = seats_for(t.len());
            let perm = best_seating(past, &permutations(t));
            seats
                .iter()
                .zip(perm)
                .map(|(&s, i)| (s, entrants[i].id))
                .collect()
        })
        .collect();
    Ok(Round { tables, byes })
}

/// Every order of `members` (at most four), the given order first.
fn permutations(members: &[usize]) -> Vec<Vec<usize>> {
    if members.len() <= 1 {
        return vec![members.to_vec()];
    }
    let mut out = Vec::new();
    for k in 0..members.len() {
        let mut rest = members.to_vec();
        let head = rest.remove(k);
        for mut tail in permutations(&rest) {
            tail.insert(0, head);
            out.push(tail);
        }
    }
    out
}

/// Of the candidate seatings (players in turn order), the one that moves first a player who
/// has moved first least often at this table, then gives everyone the turn positions they
/// had least; the earliest candidate on ties.
fn best_seating(past: &Past, candidates: &[Vec<usize>]) -> Vec<usize> {
    let cost = |perm: &Vec<usize>| {
        let first = past.hist[perm[0]].turns[0];
        let spread: u32 = perm
            .iter()
            .enumerate()
            .map(|(pos, &i)| past.hist[i].turns[pos.min(3)])
            .sum();
        (first, spread)
    };
    candidates
        .iter()
        .min_by_key(|p| cost(p))
        .cloned()
        .unwrap_or_default()
}

/// Two against two. Teams are the partners of earlier rounds, then entrants who named each
/// other, then the rest paired in rating order (best two together).
fn pair_teams(entrants: &[Entrant], past: &Past, order: &[usize]) -> Result<Round, PairError> {
    let active = |i: usize| entrants[i].active;
    let index: HashMap<Player, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut partner: HashMap<usize, usize> = HashMap::new();
    for (&a, &b) in &past.partner {
        if active(a) && active(b) {
            partner.insert(a, b);
        }
    }
    for &a in order {
        if partner.contains_key(&a) || past.partner.get(&a).is_some_and(|&b| active(b)) {
            continue;
        }
        let Some(b) = entrants[a].partner.and_then(|p| index.get(&p).copied()) else {
            continue;
        };
        let mutual = entrants[b].partner == Some(entrants[a].id);
        let b_free = !partner.contains_key(&b) && !past.partner.get(&b).is_some_and(|&c| active(c));
        if a != b && mutual && active(b) && b_free {
            partner.insert(a, b);
            partner.insert(b, a);
        }
    }
    let mut orphans: Vec<usize> = order
        .iter()
        .copied()
        .filter(|i| !partner.contains_key(i))
        .collect();
    orphans.sort_by(|&a, &b| {
        entrants[b]
            .rating
            .cmp(&entrants[a].rating)
            .then(entrants[a].id.cmp(&entrants[b].id))
    });
    let mut byes = Vec::new();
    for pair in orphans.chunks(2) {
        match *pair {
            [a, b] => {
                partner.insert(a, b);
                partner.insert(b, a);
            }
            // Nobody left to partner: this player sits the round out with a bye.
            [a] => byes.push(a),
            _ => {}
        }
    }
    // Teams in rank order of their better-ranked member.
    let rank: HashMap<usize, usize> = order.iter().enumerate().map(|(r, &i)| (i, r)).collect();
    let mut team_list: Vec<(usize, usize)> = Vec::new();
    for &a in order {
        if let Some(&b) = partner.get(&a) {
            if rank.get(&b).is_some_and(|&rb| rb > rank[&a]) {
                team_list.push((a, b));
            }
        }
    }
    let team_points = |t: &(usize, usize)| (past.hist[t.0].points + past.hist[t.1].points) / 2.0;
    team_list.sort_by(|x, y| {
        team_points(y)
            .total_cmp(&team_points(x))
            .then(
                (entrants[y.0].rating + entrants[y.1].rating)
                    .cmp(&(entrants[x.0].rating + entrants[x.1].rating)),
            )
            .then(rank[&x.0].cmp(&rank[&y.0]))
    });
    if team_list.len() < 2 {
        return Err(PairError::TooFewPlayers);
    }
    let n = team_list.len();
    let mut alive = vec![true; n];
    if n % 2 == 1 {
        let team_byes: Vec<u32> = team_list
            .iter()
            .map(|t| past.hist[t.0].byes + past.hist[t.1].byes)
            .collect();
        let mut k = n - 1;
        for c in (0..n).rev() {
            if team_byes[c] < team_byes[k] {
                k = c;
            }
        }
        alive[k] = false;
        byes.push(team_list[k].0);
        byes.push(team_list[k].1);
    }
    let group: Vec<i64> = team_list
        .iter()
        .map(|t| (team_points(t) * 4.0).round() as i64)
        .collect();
    let meetings = |x: usize, y: usize| {
        let (a, b) = (team_list[x], team_list[y]);
        past.met(a.0, b.0) + past.met(a.0, b.1) + past.met(a.1, b.0) + past.met(a.1, b.1)
    };
    let mut pairs = None;
    for repeats in [false, true] {
        let legal = |x: usize, y: usize| repeats || meetings(x, y) == 0;
        let units = Units {
            n,
            group: &group,
            legal: &legal,
            meetings: &meetings,
            content: &|_, _| true,
            floated: &|_| false,
            dutch: false,
            fewest_repeats: repeats,
        };
        pairs = pair_units(&units, &alive);
        if pairs.is_some() {
            break;
        }
    }
    let mut pairs = pairs.ok_or_else(|| PairError::Impossible(format!("{n} teams")))?;
    for p in &mut pairs {
        *p = (p.0.min(p.1), p.0.max(p.1));
    }
    pairs.sort();
    let tables = pairs
        .iter()
        .map(|&(x, y)| {
            let (a, b) = (team_list[x], team_list[y]);
            // Partners opposite: one team on White and Green, the other on Red and Black.
            let mut candidates = Vec::with_capacity(8);
            for (p, q) in [(a, b), (b, a)] {
                for (p0, p1) in [(p.0, p.1), (p.1, p.0)] {
                    for (q0, q1) in [(q.0, q.1), (q.1, q.0)] {
                        candidates.push(vec![p0, q0, p1, q1]);
                    }
                }
            }
            let perm = best_seating(past, &candidates);
            seats_for(4)
                .iter()
                .zip(perm)
                .map(|(&s, i)| (s, entrants[i].id))
                .collect()
        })
        .collect();
    let byes = byes.into_iter().map(|i| entrants[i].id).collect();
    Ok(Round { tables, byes })
}
