//! Round robin by Berger tables.

use crate::{Entrant, PairError, Round, Seat};

/// Rounds of a round robin of `n` players: n - 1 for an even count, n for an odd one.
pub(crate) fn rounds(n: usize) -> u32 {
    match n {
        0 | 1 => 0,
        n if n % 2 == 0 => (n - 1) as u32,
        n => n as u32,
    }
}

/// The Berger table of `size` numbers (even; 1-based) for round `round` (1-based): the pairs
/// `(white, black)`, board order as in the published tables.
pub(crate) fn berger(size: usize, round: usize) -> Vec<(usize, usize)> {
    let m = size - 1;
    let target = round % m; // i + j ≡ round + 1 (mod m), numbers taken 1-based
    let mut out = Vec::with_capacity(size / 2);
    // The last number meets the i with 2i ≡ round + 1 (mod m); it has Black in odd rounds.
    let fixed = (1..=m)
        .find(|&i| (2 * i) % m == (target + 1) % m)
        .unwrap_or(1);
    if round % 2 == 1 {
        out.push((fixed, size));
    } else {
        out.push((size, fixed));
    }
    for i in 1..=m {
        for j in i + 1..=m {
            if i == fixed || j == fixed || (i + j) % m != (target + 1) % m {
                continue;
            }
            // An odd gap gives White to the lower number, an even gap to the higher.
            if (j - i) % 2 == 1 {
                out.push((i, j));
            } else {
                out.push((j, i));
            }
        }
    }
    out
}

/// Pairs round `round` of a round robin. Numbers are drawn by lot: the entrants sorted by
/// their (random) ids, withdrawn ones included so the schedule never changes. An odd count
/// adds a dummy number; meeting it, or meeting a withdrawn player, is a bye.
pub(crate) fn pair(entrants: &[Entrant], round: u32) -> Result<Round, PairError> {
    if entrants.iter().filter(|e| e.active).count() < 2 {
        return Err(PairError::TooFewPlayers);
    }
    let mut drawn: Vec<&Entrant> = entrants.iter().collect();
    drawn.sort_by_key(|e| e.id);
    drawn.dedup_by_key(|e| e.id);
    let size = drawn.len() + drawn.len() % 2;
    let who = |k: usize| drawn.get(k - 1).filter(|e| e.active).map(|e| e.id);
    let mut round_out = Round {
        tables: Vec::new(),
        byes: Vec::new(),
    };
    for (w, b) in berger(size, round as usize) {
        match (who(w), who(b)) {
            (Some(w), Some(b)) => round_out
                .tables
                .push(vec![(Seat::WHITE, w), (Seat::BLACK, b)]),
            (Some(p), None) | (None, Some(p)) => round_out.byes.push(p),
            (None, None) => {}
        }
    }
    Ok(round_out)
}

#[cfg(test)]
mod tests {
    use super::berger;

    #[test]
    fn matches_the_published_six_player_table() {
        // FIDE Berger table for 5-6 players.
        assert_eq!(berger(6, 1), vec![(1, 6), (2, 5), (3, 4)]);
        let mut r2 = berger(6, 2);
        r2.sort();
        assert_eq!(r2, vec![(1, 2), (5, 3), (6, 4)]);
        let mut r3 = berger(6, 3);
        r3.sort();
        assert_eq!(r3, vec![(2, 6), (3, 1), (4, 5)]);
        let mut r5 = berger(6, 5);
        r5.sort();
        assert_eq!(r5, vec![(3, 6), (4, 2), (5, 1)]);
    }

    #[test]
    fn four_players() {
        assert_eq!(berger(4, 1), vec![(1, 4), (2, 3)]);
        assert_eq!(berger(4, 2), vec![(4, 3), (1, 2)]);
        assert_eq!(berger(4, 3), vec![(2, 4), (3, 1)]);
    }
}
