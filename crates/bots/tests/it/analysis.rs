//! Game analysis: a deliberate blunder is marked with a legal better move, the analysis is
//! deterministic, and over random games of every game (Neva with 2, 3 and 4 seats, free for
//! all and in teams, with departures) the scores keep their documented point of view.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::analysis::{analyse_game, Mark, CLIP};
use proptest::prelude::*;
use rules::{
    AnyOptions, AnyPosition, BySeat, Departure, Game, GameRecord, Position, Seat, Variant,
};

/// White's fifth move `f4-g5` hands Black a double capture; `g1-h2` was sound.
const BLUNDER: &str = "[Game \"stockholm\"]\ng3-f4 f6-g5 h2-g3 g5-h4 f4-g5 h6xf4xh2";

#[test]
fn a_blunder_is_marked_with_a_legal_better_move() {
    let rec: GameRecord = BLUNDER.parse().unwrap();
    let a = analyse_game(&rec, 20_000).unwrap();
    assert_eq!(a.evals.len(), 7);
    let note = a.notes[4].as_ref().unwrap();
    assert_eq!(note.seat, Seat::WHITE);
    assert_eq!(note.mark, Some(Mark::Blunder), "{note:?}");
    let before = rec.replay_with(|_| {}).unwrap();
    let mut pos = before.start().clone();
    for t in &rec.actions[..4] {
        let mv = pos.parse_move(t).unwrap();
        pos.play_unchecked(&mv);
    }
    let best = note.best.unwrap();
    assert!(pos.is_legal(&best));
    assert_ne!(best, note.played);
    // White's score falls by the loss; Black's is its mirror.
    let (w, b) = (Seat::WHITE.index(), Seat::BLACK.index());
    for e in &a.evals {
        assert_eq!(e.scores[w].unwrap(), -e.scores[b].unwrap());
    }
    assert!(a.evals[5].scores[w].unwrap() <= -100);
    // Fixed node budget: the same analysis every time.
    assert_eq!(analyse_game(&rec, 20_000).unwrap(), a);
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random game of `variant` (Neva: `seats` seats, teams when `teams`), sometimes with a
/// resignation, as a record.
fn random_record(variant: Variant, seats: u8, teams: bool, seed: u64, plies: usize) -> GameRecord {
    let mut opts = AnyOptions::default_for(variant);
    if variant == Variant::Neva {
        opts.set("seats", &seats.to_string()).unwrap();
        if teams && seats == 4 {
            opts.set("teams", "on").unwrap();
        }
    }
    let mut game = Game::new(AnyPosition::new(variant, &opts).unwrap());
    for ply in 0..plies {
        let Some(seat) = game.turn() else { break };
        let r = mix(seed ^ ply as u64);
        if r % 23 == 0 {
            game.depart(seat, Departure::Resign).unwrap();
            continue;
        }
        let moves = game.position().legal_moves();
        let mv = moves[(r % moves.len() as u64) as usize];
        game.play(&mv).unwrap();
    }
    game.record(BySeat::default())
}

/// In Neva team play, the pairs of playing seats on opposite teams (by seat index).
fn teams_of(pos: &AnyPosition) -> Option<Vec<(usize, usize)>> {
    let AnyPosition::Neva(n) = pos else {
        return None;
    };
    if !n.options().teams {
        return None;
    }
    let playing: Vec<Seat> = rules::record::playing(pos).iter().collect();
    let pairs = playing
        .iter()
        .flat_map(|&s| playing.iter().map(move |&t| (s, t)))
        .filter(|&(s, t)| t != s && t != s.opposite())
        .map(|(s, t)| (s.index(), t.index()))
        .collect();
    Some(pairs)
}

proptest! {
    #![proptest_config(crate::proptest_config(24))]

    #[test]
    fn scores_keep_their_point_of_view(
        v in 0usize..4,
        seats in 2u8..=4,
        teams: bool,
        seed: u64,
        plies in 0usize..14,
    ) {
        let variant = [Variant::Neva, Variant::Queah, Variant::GiveAndTake, Variant::Stockholm][v];
        let rec = random_record(variant, seats, teams, seed, plies);
        let a = analyse_game(&rec, 600).unwrap();
        let game = rec.replay().unwrap();
        prop_assert_eq!(a.evals.len(), game.actions().len() + 1);
        prop_assert_eq!(a.notes.len(), game.actions().len());
        let mut pos = game.start().clone();
        for (i, e) in a.evals.iter().enumerate() {
            let scored: Vec<i32> = e.scores.iter().flatten().copied().collect();
            prop_assert!(scored.iter().all(|s| s.abs() <= CLIP));
            if pos.status().is_ongoing() {
                prop_assert_eq!(scored.len(), rules::record::playing(&pos).len());
                if let Some(team_play) = teams_of(&pos) {
                    // A team shares one score and the other team has its mirror, even when
                    // one partner is out (so the seats' sum need not be zero).
                    for (s, t) in team_play {
                        prop_assert_eq!(e.scores[s], e.scores[t].map(|x| -x), "{:?}", e);
                    }
                } else {
                    // Every point of view is relative: the scores of a position balance out
                    // (up to the rounding of the free-for-all average).
                    let sum: i32 = scored.iter().sum();
                    prop_assert!(sum.abs() <= 4 || scored.iter().any(|s| s.abs() == CLIP), "{:?}", e);
                }
            }
            if let Some(Some(note)) = a.notes.get(i) {
                prop_assert_eq!(note.mark.is_some(), note.best.is_some());
                if let Some(best) = note.best {
                    prop_assert!(pos.is_legal(&best));
                    prop_assert_ne!(best, note.played);
                }
                prop_assert!(note.loss >= 0);
            }
            if let Some(action) = game.actions().get(i) {
                match action {
                    rules::Action::Move(mv) => pos.play_unchecked(mv),
                    rules::Action::Depart(s, d) => pos.depart(*s, *d).unwrap(),
                }
            }
        }
    }
}
