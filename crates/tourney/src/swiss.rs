//! Swiss pairing, Dutch system, and the pairing engine shared with Neva team events.

use std::collections::HashMap;

use crate::matching::{max_matching, Matcher};
use crate::score::{duel, duel_points, is_bye, BYE_POINTS};
use crate::{Entrant, Game, PairError, Player, Round, Seat};

/// The pieces' colour in a two-seat game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colour {
    White,
    Black,
}

impl Colour {
    pub(crate) fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    fn step(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
}

/// The colour a seat of a two-seat game plays: the first seat in turn order is White.
pub(crate) fn colour_of(g: &Game, p: Player) -> Option<Colour> {
    let mine = g.seats.iter().find(|&&(_, q)| q == p)?.0;
    let first = g.seats.iter().map(|&(s, _)| s).min()?;
    Some(if mine == first {
        Colour::White
    } else {
        Colour::Black
    })
}

/// A Swiss player's history before the round being paired.
#[derive(Clone, Debug)]
pub(crate) struct History {
    pub(crate) points: f64,
    pub(crate) colours: Vec<Colour>,
    pub(crate) byes: u32,
    /// Floated down in the last round played: met an opponent on fewer points, or had the
    /// bye (a player who does not play counts as floated, as in the Dutch rules).
    pub(crate) floated: bool,
}

impl History {
    /// Whites minus blacks.
    pub(crate) fn diff(&self) -> i32 {
        self.colours.iter().map(|c| c.step()).sum()
    }

    /// Whether giving `c` keeps the colour rule of `rule`.
    fn allows(&self, c: Colour, rule: ColourRule) -> bool {
        let after = self.diff() + c.step();
        let n = self.colours.len();
        let three = n >= 2 && self.colours[n - 1] == c && self.colours[n - 2] == c;
        match rule {
            ColourRule::WithinOne => after.abs() <= 1 && !three,
            ColourRule::WithinTwo => after.abs() <= 2 && !three,
            ColourRule::Free => true,
        }
    }

    /// The colour this player should get next and how strongly (0: no wish).
    fn wish(&self) -> (Option<Colour>, u32) {
        let d = self.diff();
        let n = self.colours.len();
        if d > 0 {
            return (Some(Colour::Black), 2 + d.unsigned_abs());
        }
        if d < 0 {
            return (Some(Colour::White), 2 + d.unsigned_abs());
        }
        match self.colours.last() {
            Some(&last) if n >= 2 && self.colours[n - 2] == last => (Some(last.other()), 2),
            Some(&last) => (Some(last.other()), 1),
            None => (None, 0),
        }
    }
}

/// How strictly colours are kept, strictest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourRule {
    /// Whites and blacks differ by at most one (which also rules out three in a row).
    WithinOne,
    /// By at most two, never three of one colour in a row (FIDE's absolute rule).
    WithinTwo,
    /// Anything.
    Free,
}

/// The colour the higher-ranked player `a` gets against `b` on board `board` (0-based).
pub(crate) fn allocate(a: &History, b: &History, rule: ColourRule, board: usize) -> Colour {
    let options: Vec<Colour> = [Colour::White, Colour::Black]
        .into_iter()
        .filter(|&c| a.allows(c, rule) && b.allows(c.other(), rule))
        .collect();
    if options.len() == 1 {
        return options[0];
    }
    let (wa, sa) = a.wish();
    let (wb, sb) = b.wish();
    match (wa, wb) {
        (None, None) => {
            if board % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            }
        }
        (Some(x), None) => x,
        (None, Some(y)) => y.other(),
        (Some(x), Some(y)) if x != y => x,
        (Some(x), Some(_)) => {
            if sa != sb {
                return if sa > sb { x } else { x.other() };
            }
            // Equal wishes: alternate from the last round in which they had different
            // colours, else the higher-ranked player has their wish.
            let back = a.colours.iter().rev().zip(b.colours.iter().rev());
            for (&ca, &cb) in back {
                if ca != cb {
                    return ca.other();
                }
            }
            x
        }
    }
}

/// Whether both players get the colour they wish (or have no wish), their whites and blacks
/// staying within one of each other.
fn content(a: &History, b: &History, rule: ColourRule) -> bool {
    let c = allocate(a, b, rule, 0);
    let (wa, _) = a.wish();
    let (wb, _) = b.wish();
    a.allows(c, ColourRule::WithinOne)
        && b.allows(c.other(), ColourRule::WithinOne)
        && wa.map_or(true, |w| w == c)
        && wb.map_or(true, |w| w == c.other())
}

/// What the engine may relax, strictest first.
#[derive(Clone, Copy, Debug)]
struct Level {
    repeats: bool,
    second_bye: bool,
    colour: ColourRule,
}

/// The absolute colour rule (within two, never three in a row) comes first; within one is
/// a preference ([`content`]) that gives way to keeping score groups together, as in the
/// Dutch rules, where colours come after the floaters.
const LEVELS: [Level; 8] = {
    use ColourRule::*;
    [
        Level {
            repeats: false,
            second_bye: false,
            colour: WithinTwo,
        },
        Level {
            repeats: false,
            second_bye: false,
            colour: Free,
        },
        Level {
            repeats: false,
            second_bye: true,
            colour: WithinTwo,
        },
        Level {
            repeats: false,
            second_bye: true,
            colour: Free,
        },
        Level {
            repeats: true,
            second_bye: false,
            colour: WithinTwo,
        },
        Level {
            repeats: true,
            second_bye: false,
            colour: Free,
        },
        Level {
            repeats: true,
            second_bye: true,
            colour: WithinTwo,
        },
        Level {
            repeats: true,
            second_bye: true,
            colour: Free,
        },
    ]
};

/// Units (players or teams) to pair, index = rank (0 = best).
pub(crate) struct Units<'a> {
    pub(crate) n: usize,
    /// Score-group key per unit: equal keys are one group.
    pub(crate) group: &'a [i64],
    pub(crate) legal: &'a dyn Fn(usize, usize) -> bool,
    pub(crate) meetings: &'a dyn Fn(usize, usize) -> u32,
    /// Soft preference (colours): tried first within each part of the candidate list.
    pub(crate) content: &'a dyn Fn(usize, usize) -> bool,
    /// The unit floated down last round: when its score group must float one down again,
    /// another goes where one can.
    pub(crate) floated: &'a dyn Fn(usize) -> bool,
    /// Dutch order (top half against bottom half) rather than neighbours.
    pub(crate) dutch: bool,
    /// Repeats are allowed: prefer opponents met fewest times.
    pub(crate) fewest_repeats: bool,
}

/// Pairs every unit with `alive` set, or `None` when no pairing under `legal` exists.
///
/// The highest-ranked unpaired unit takes the first candidate in preference order for which
/// (1) its score group keeps as many pairs inside itself as it can hold and the rest can
/// still all be paired, else (2) the rest can still all be paired. A perfect matching of the
/// unpaired units answers (2) exactly, so the walk never needs to undo a choice.
pub(crate) fn pair_units(u: &Units, alive: &[bool]) -> Option<Vec<(usize, usize)>> {
    let mut m = Matcher::new(u.n, alive, |a, b| (u.legal)(a, b));
    if !m.maximise() {
        return None;
    }
    let mut left = alive.to_vec();
    let mut pairs = Vec::new();
    while let Some(p) = (0..u.n).find(|&i| left[i]) {
        let mut bracket: Vec<usize> = (p..u.n)
            .filter(|&i| left[i] && u.group[i] == u.group[p])
            .collect();
        let k = bracket.len();
        // An odd group floats its last player down: not one who floated last round while
        // another (below the top, who picks) did not.
        if k % 2 == 1 && bracket.last().is_some_and(|&last| (u.floated)(last)) {
            if let Some(j) = (1..k).rev().find(|&j| !(u.floated)(bracket[j])) {
                let fresh = bracket.remove(j);
                bracket.push(fresh);
            }
        }
        let mut parts: Vec<Vec<usize>> = if u.dutch && k >= 2 {
            let half = k / 2;
            vec![
                bracket[half..].to_vec(),
                bracket[1..half].iter().rev().copied().collect(),
            ]
        } else {
            vec![bracket[1..].to_vec()]
        };
        parts.push(
            (p + 1..u.n)
                .filter(|&i| left[i] && u.group[i] != u.group[p])
                .collect(),
        );
        for part in &mut parts {
            part.sort_by_key(|&q| !(u.content)(p, q));
        }
        let mut cands: Vec<usize> = parts.concat();
        if u.fewest_repeats {
            cands.sort_by_key(|&q| (u.meetings)(p, q));
        }
        cands.retain(|&q| m.has_edge(p, q));
        let mut chosen = None;
        if k >= 2 {
            let edge = |a: usize, b: usize| m.has_edge(a, b);
            let best = max_matching(&bracket, edge);
            if best > 0 {
                for &q in cands.iter().filter(|q| bracket.contains(q)) {
                    let rest: Vec<usize> = bracket
                        .iter()
                        .copied()
                        .filter(|&x| x != p && x != q)
                        .collect();
                    if max_matching(&rest, |a, b| m.has_edge(a, b)) + 1 == best && m.fix_pair(p, q)
                    {
                        chosen = Some(q);
                        break;
                    }
                }
            }
        }
        if chosen.is_none() {
            chosen = cands.iter().copied().find(|&q| m.fix_pair(p, q));
        }
        let q = chosen?;
        left[p] = false;
        left[q] = false;
        pairs.push((p, q));
    }
    Some(pairs)
}

/// Every entrant's Swiss history from `games` (earlier rounds only).
pub(crate) fn histories(
    entrants: &[Entrant],
    games: &[&Game],
) -> (Vec<History>, HashMap<(usize, usize), u32>) {
    let index: HashMap<Player, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut h: Vec<History> = entrants
        .iter()
        .map(|_| History {
            points: 0.0,
            colours: Vec::new(),
            byes: 0,
            floated: false,
        })
        .collect();
    let mut met = HashMap::new();
    let mut ordered: Vec<&Game> = games.to_vec();
    ordered.sort_by_key(|g| g.round);
    let last = ordered.last().map(|g| g.round);
    // Points before the round being read, to tell who met someone on fewer points.
    let mut before: Vec<f64> = Vec::new();
    let mut round = None;
    for g in ordered {
        if round != Some(g.round) {
            round = Some(g.round);
            before = h.iter().map(|x| x.points).collect();
        }
        let in_last = Some(g.round) == last;
        if is_bye(g) {
            if let Some(&i) = index.get(&g.seats[0].1) {
                h[i].byes += 1;
                h[i].points += BYE_POINTS;
                h[i].floated |= in_last;
            }
            continue;
        }
        if g.seats.len() != 2 {
            continue;
        }
        let (a, b) = (g.seats[0].1, g.seats[1].1);
        for (me, opp) in [(a, b), (b, a)] {
            let Some(&i) = index.get(&me) else { continue };
            if let Some(c) = colour_of(g, me) {
                h[i].colours.push(c);
            }
            if let Some(r) = &g.result {
                h[i].points += duel_points(duel(r, me, opp));
            }
            if let (true, Some(&j)) = (in_last, index.get(&opp)) {
                h[i].floated |= before[i] > before[j];
            }
        }
        if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
            *met.entry((i.min(j), i.max(j))).or_insert(0) += 1;
        }
    }
    (h, met)
}

/// Pairs a Swiss round.
pub(crate) fn pair(entrants: &[Entrant], games: &[&Game]) -> Result<Round, PairError> {
    let (hist, met) = histories(entrants, games);
    let mut seen = std::collections::HashSet::new();
    let mut order: Vec<usize> = (0..entrants.len())
        .filter(|&i| entrants[i].active && seen.insert(entrants[i].id))
        .collect();
    // Ranking: points, then rating, then id so that the order is total and stable.
    order.sort_by(|&a, &b| {
        hist[b]
            .points
            .total_cmp(&hist[a].points)
            .then(entrants[b].rating.cmp(&entrants[a].rating))
            .then(entrants[a].id.cmp(&entrants[b].id))
    });
    let n = order.len();
    if n < 2 {
        return Err(PairError::TooFewPlayers);
    }
    let group: Vec<i64> = order
        .iter()
        .map(|&i| (hist[i].points * 4.0).round() as i64)
        .collect();
    let meetings = |a: usize, b: usize| {
        let (i, j) = (order[a], order[b]);
        met.get(&(i.min(j), i.max(j))).copied().unwrap_or(0)
    };
    for level in LEVELS {
        if n % 2 == 0 && level.second_bye {
            continue;
        }
        let legal = |a: usize, b: usize| {
            let (ha, hb) = (&hist[order[a]], &hist[order[b]]);
            (level.repeats || meetings(a, b) == 0)
                && [Colour::White, Colour::Black]
                    .into_iter()
                    .any(|c| ha.allows(c, level.colour) && hb.allows(c.other(), level.colour))
        };
        let content = |a: usize, b: usize| {
            let (x, y) = (a.min(b), a.max(b));
            content(&hist[order[x]], &hist[order[y]], level.colour)
        };
        let floated = |a: usize| hist[order[a]].floated;
        let units = Units {
            n,
            group: &group,
            legal: &legal,
            meetings: &meetings,
            content: &content,
            floated: &floated,
            dutch: true,
            fewest_repeats: level.repeats,
        };
        let bye_candidates: Vec<Option<usize>> = if n % 2 == 0 {
            vec![None]
        } else {
            // The lowest-ranked player without a bye; with second byes allowed, those with
            // the fewest byes first.
            let mut c: Vec<usize> = (0..n)
                .rev()
                .filter(|&r| level.second_bye || hist[order[r]].byes == 0)
                .collect();
            c.sort_by_key(|&r| hist[order[r]].byes);
            c.into_iter().map(Some).collect()
        };
        for bye in bye_candidates {
            let mut alive = vec![true; n];
            if let Some(b) = bye {
                alive[b] = false;
            }
            let Some(mut pairs) = pair_units(&units, &alive) else {
                continue;
            };
            for pr in &mut pairs {
                *pr = (pr.0.min(pr.1), pr.0.max(pr.1));
            }
            pairs.sort();
            let tables = pairs
                .iter()
                .enumerate()
                .map(|(board, &(a, b))| {
                    let (ea, eb) = (order[a], order[b]);
                    let c = allocate(&hist[ea], &hist[eb], level.colour, board);
                    let (w, bl) = if c == Colour::White {
                        (ea, eb)
                    } else {
                        (eb, ea)
                    };
                    vec![
                        (Seat::WHITE, entrants[w].id),
                        (Seat::BLACK, entrants[bl].id),
                    ]
                })
                .collect();
            let byes = bye.map(|b| entrants[order[b]].id).into_iter().collect();
            return Ok(Round { tables, byes });
        }
    }
    Err(PairError::Impossible(format!(
        "{n} players cannot be paired"
    )))
}

#[cfg(test)]
mod tests {
    use super::{pair_units, Units};

    /// Pairs `n` units of the score groups `group`, everyone legal with everyone, where
    /// `floated` floated down last round.
    fn pairs(group: &[i64], floated: &[usize]) -> Vec<(usize, usize)> {
        let floated_last = |i: usize| floated.contains(&i);
        let units = Units {
            n: group.len(),
            group,
            legal: &|_, _| true,
            meetings: &|_, _| 0,
            content: &|_, _| true,
            floated: &floated_last,
            dutch: true,
            fewest_repeats: false,
        };
        let mut out: Vec<(usize, usize)> = pair_units(&units, &vec![true; group.len()])
            .unwrap_or_default()
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn an_odd_group_floats_its_lowest_player_down() {
        assert_eq!(pairs(&[4, 4, 4, 0], &[]), vec![(0, 1), (2, 3)]);
    }

    #[test]
    fn a_player_who_floated_last_round_does_not_float_again_when_another_can() {
        assert_eq!(pairs(&[4, 4, 4, 0], &[2]), vec![(0, 2), (1, 3)]);
        // Five in the group: the lowest who did not float goes down instead.
        assert_eq!(
            pairs(&[4, 4, 4, 4, 4, 0], &[3, 4]),
            vec![(0, 3), (1, 4), (2, 5)]
        );
        // Everyone below the top floated: the lowest goes down again.
        assert_eq!(pairs(&[4, 4, 4, 0], &[1, 2]), vec![(0, 1), (2, 3)]);
    }
}
