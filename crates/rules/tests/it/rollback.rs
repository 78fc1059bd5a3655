//! [`Game::rollback`]: a game taken back to a checkpoint is the game that never played the
//! actions after it: same position, same actions, and the same repetition count from then
//! on (checked by playing the same continuation in both, with a short repetition limit so
//! that repetitions do end games). All four games, moves and departures. [`Game::redo`]
//! gives back what a rollback took: the game is then the one before it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use rules::{Action, AnyOptions, AnyPosition, Departure, Game, Variant};

/// The game's next action from `pick`: mostly a move, now and then a resignation.
fn next_action(game: &Game, pick: u32) -> Option<Action> {
    let seat = game.turn()?;
    if pick % 17 == 0 {
        return Some(Action::Depart(seat, Departure::Resign));
    }
    let moves = game.position().legal_moves();
    let mv = moves.get(pick as usize % moves.len().max(1))?;
    Some(Action::Move(*mv))
}

fn act(game: &mut Game, action: &Action) {
    match action {
        Action::Move(m) => game.play(m).unwrap(),
        Action::Depart(s, d) => game.depart(*s, *d).unwrap(),
    }
}

/// Plays `picks` from where `game` stands; returns the actions played.
fn play(game: &mut Game, picks: &[u32]) -> Vec<Action> {
    let mut played = Vec::new();
    for &pick in picks {
        let Some(action) = next_action(game, pick) else {
            break;
        };
        act(game, &action);
        played.push(action);
    }
    played
}

proptest! {
    #![proptest_config(crate::proptest_config(64))]

    #[test]
    fn a_rolled_back_game_is_the_game_without_those_actions(
        v in 0usize..4,
        before in prop::collection::vec(any::<u32>(), 0..40),
        taken_back in prop::collection::vec(any::<u32>(), 0..12),
        after in prop::collection::vec(any::<u32>(), 0..40),
    ) {
        let variant = [Variant::Neva, Variant::Queah, Variant::GiveAndTake, Variant::Stockholm][v];
        let mut options = AnyOptions::default_for(variant);
        // Few men moving back and forth repeat positions: make repetition end games.
        options.set("repetition", "2").unwrap();
        let mut game = Game::new(AnyPosition::new(variant, &options).unwrap());
        play(&mut game, &before);
        let mut plain = game.clone();
        let checkpoint = game.checkpoint();
        play(&mut game, &taken_back);
        game.rollback(checkpoint);

        prop_assert_eq!(game.actions(), plain.actions());
        prop_assert_eq!(game.position().position_string(), plain.position().position_string());
        prop_assert_eq!(game.status(), plain.status());
        // The same continuation in both: same actions accepted, same statuses (repetition
        // included) at every ply.
        for &pick in &after {
            let Some(action) = next_action(&plain, pick) else {
                prop_assert_eq!(game.turn(), None);
                break;
            };
            prop_assert_eq!(next_action(&game, pick), Some(action));
            act(&mut plain, &action);
            act(&mut game, &action);
            prop_assert_eq!(game.status(), plain.status());
        }
    }

    #[test]
    fn a_redone_game_is_the_game_before_its_rollback(
        v in 0usize..4,
        before in prop::collection::vec(any::<u32>(), 0..40),
        taken_back in prop::collection::vec(any::<u32>(), 0..12),
        after in prop::collection::vec(any::<u32>(), 0..40),
    ) {
        let variant = [Variant::Neva, Variant::Queah, Variant::GiveAndTake, Variant::Stockholm][v];
        let mut options = AnyOptions::default_for(variant);
        options.set("repetition", "2").unwrap();
        let mut game = Game::new(AnyPosition::new(variant, &options).unwrap());
        play(&mut game, &before);
        let checkpoint = game.checkpoint();
        let played = play(&mut game, &taken_back);
        let mut plain = game.clone();
        let taken = game.rollback(checkpoint);
        prop_assert_eq!(&taken, &played);
        game.redo(taken);

        prop_assert_eq!(game.actions(), plain.actions());
        prop_assert_eq!(game.position().position_string(), plain.position().position_string());
        prop_assert_eq!(game.status(), plain.status());
        for &pick in &after {
            let Some(action) = next_action(&plain, pick) else {
                prop_assert_eq!(game.turn(), None);
                break;
            };
            prop_assert_eq!(next_action(&game, pick), Some(action));
            act(&mut plain, &action);
            act(&mut game, &action);
            prop_assert_eq!(game.status(), plain.status());
        }
    }
}
