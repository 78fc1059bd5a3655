//! Cross-game tests: run-time choice of game, options, position strings and records.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::refusals;
use proptest::prelude::*;
use rules::{
    AnyOptions, AnyPosition, BySeat, Departure, Game, GameRecord, OptionError, Problems, Seat,
    Square, Status, Variant,
};

/// A tiny deterministic generator, so playouts are reproducible.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn start(v: Variant) -> AnyPosition {
    AnyPosition::new(v, &AnyOptions::default_for(v)).unwrap()
}

#[test]
fn every_game_has_a_start_whose_string_round_trips() {
    for v in Variant::ALL {
        let pos = start(v);
        let text = pos.position_string();
        let back = AnyPosition::from_position_string(v, &text, &pos.options()).unwrap();
        assert_eq!(back.position_string(), text, "{v}");
        assert!(!pos.legal_moves().is_empty(), "{v}");
        assert_eq!(pos.status(), Status::Ongoing);
        assert_eq!(v.key().parse::<Variant>().unwrap(), v);
    }
}

#[test]
fn every_game_refuses_the_setup_fields_it_does_not_use() {
    // (game, the fields it reads), the fields named by the problems they raise.
    let games = [
        (Variant::Neva, Problems::empty()),
        (
            Variant::Queah,
            Problems::RESERVE | Problems::OWED_DROP | Problems::REVERSE,
        ),
        (Variant::GiveAndTake, Problems::HOT),
        (Variant::Stockholm, Problems::empty()),
    ];
    let unused = |v: Variant, field: Problems| {
        let mut setup = start(v).to_setup();
        match field {
            Problems::RESERVE => setup.reserves = BySeat([1; 4]),
            Problems::OWED_DROP => setup.owed_drop = rules::SeatSet::TWO,
            Problems::HOT => setup.hot = Some(Square::ALL[0]),
            _ => setup.last_step = BySeat([Some((Square::ALL[0], Square::ALL[9])); 4]),
        }
        AnyPosition::from_setup(&setup, &AnyOptions::default_for(v), Problems::empty())
    };
    for (v, used) in games {
        for field in [
            Problems::RESERVE,
            Problems::OWED_DROP,
            Problems::HOT,
            Problems::REVERSE,
        ] {
            if used.contains(field) {
                continue;
            }
            let err = unused(v, field).unwrap_err();
            assert!(err.problems.contains(field), "{v:?} {field:?}: {err:?}");
        }
    }
}

#[test]
fn option_specs_describe_the_defaults() {
    for v in Variant::ALL {
        let defaults = AnyOptions::default_for(v);
        let specs = AnyOptions::specs(v);
        assert!(!specs.is_empty(), "{v}");
        for spec in specs {
            assert_eq!(
                defaults.get(spec.key).as_deref(),
                Some(spec.default),
                "{v} {}",
                spec.key
            );
            assert!(!spec.help.is_empty() && !spec.values.is_empty());
            // Setting the default explicitly changes nothing.
            let o = AnyOptions::from_pairs(v, [(spec.key, spec.default)]).unwrap();
            assert_eq!(o, defaults, "{v} {}", spec.key);
        }
        assert!(defaults.non_default_pairs().is_empty());
        let err = AnyOptions::from_pairs(v, [("no_such_option", "1")]).unwrap_err();
        assert!(matches!(err, OptionError::UnknownKey { .. }));
        assert!(err.to_string().contains("no_such_option"));
    }
}

#[test]
fn options_of_one_game_are_refused_by_another() {
    let neva = AnyOptions::default_for(Variant::Neva);
    assert!(AnyPosition::new(Variant::Queah, &neva).is_err());
}

#[test]
fn spec_spellings_of_values_are_accepted() {
    let q = AnyOptions::from_pairs(Variant::Queah, [("drop_timing", "MoveThenDrop")]).unwrap();
    assert_eq!(q.get("drop_timing").as_deref(), Some("move_then_drop"));
    let n = AnyOptions::from_pairs(Variant::Neva, [("blocked", "PassUnlessTwoLeft")]).unwrap();
    assert_eq!(n.get("blocked").as_deref(), Some("pass_unless_two"));
}

/// Plays up to `plies` random moves; sometimes a seat resigns instead.
fn random_game(v: Variant, seed: u64, plies: usize) -> Game {
    let mut rng = Lcg(seed);
    let mut game = Game::new(start(v));
    for _ in 0..plies {
        if !random_ply(&mut game, &mut rng, 40) {
            break;
        }
    }
    game
}

/// Plays a random legal move, or one time in `resign` a resignation; false once the game
/// is over.
fn random_ply(game: &mut Game, rng: &mut Lcg, resign: usize) -> bool {
    let Some(turn) = game.turn() else {
        return false;
    };
    if rng.below(resign) == 0 {
        game.depart(turn, Departure::Resign).unwrap();
    } else {
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.play(&mv).unwrap();
    }
    true
}

/// A game's turn, which reads the side to move without working out again whether the
/// game is over, is the position's turn while the game goes on, and none after, at every
/// ply of random games (to their end: blocked, captured, drawn, resigned) of every game.
#[test]
fn a_games_turn_is_its_positions_while_it_goes_on() {
    for v in Variant::ALL {
        for seed in 0..40 {
            let mut rng = Lcg(seed);
            let mut game = Game::new(start(v));
            for _ in 0..600 {
                let pos = game.position();
                let expected = if game.status().is_ongoing() {
                    pos.turn()
                } else {
                    None
                };
                assert_eq!(game.turn(), expected, "{v} seed {seed}");
                if pos.status().is_ongoing() {
                    assert_eq!(pos.side_to_move(), pos.turn(), "{v} seed {seed}");
                }
                if !random_ply(&mut game, &mut rng, 300) {
                    break;
                }
            }
        }
    }
}

#[test]
fn records_replay_to_the_same_position() {
    for v in Variant::ALL {
        for seed in 0..40 {
            let game = random_game(v, seed, 120);
            let players = BySeat::from_fn(|s| Some(format!("player {}", s.key())));
            let record = game.record(players);
            let text = record.to_string();
            let parsed: GameRecord = text.parse().unwrap();
            assert_eq!(parsed, record, "{v} seed {seed}\n{text}");
            let replayed = parsed.replay().unwrap();
            assert_eq!(
                replayed.position().position_string(),
                game.position().position_string(),
                "{v} seed {seed}"
            );
            assert_eq!(replayed.status(), game.status());
        }
    }
}

#[test]
fn records_with_options_and_start_positions_replay() {
    let text = "[Game \"stockholm\"]\n[Option \"deferred_backward_capture=false\"]\n\
                [Position \"W:Wc3:Bd4,f6,b6\"]\nc3xe5xg7";
    let rec: GameRecord = text.parse().unwrap();
    let game = rec.replay().unwrap();
    assert_eq!(game.actions().len(), 1);
    assert_eq!(game.position().turn(), Some(Seat::BLACK));
}

#[test]
fn a_bad_record_names_the_action_at_fault() {
    let rec: GameRecord = "[Game \"giveandtake\"]\nc3c4 c6c5 a3a4".parse().unwrap();
    let err = rec.replay().unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("action 3") && msg.contains("a3-a4"), "{msg}");
    assert!(msg.contains("compulsory"), "{msg}");
    assert!("c3c4".parse::<GameRecord>().is_err(), "no [Game] tag");
}

#[test]
fn repetition_ends_a_game() {
    // Two lone kings shuffle on a Stockholm board: the third occurrence draws.
    let opts = AnyOptions::default_for(Variant::Stockholm);
    let start =
        AnyPosition::from_position_string(Variant::Stockholm, "W:WKa1:BKb8", &opts).unwrap();
    let mut game = Game::new(start);
    for m in [
        "a1-b2", "b8-a7", "b2-a1", "a7-b8", "a1-b2", "b8-a7", "b2-a1", "a7-b8",
    ] {
        assert!(game.status().is_ongoing());
        game.play_text(m).unwrap();
    }
    assert!(matches!(
        game.status(),
        Status::Drawn {
            reason: rules::EndReason::Repetition,
            ..
        }
    ));
    assert!(game.play_text("a1-b2").is_err());
    assert_eq!(game.turn(), None);
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// Random text as a position, an option, a record and a move: each refusal is the
    /// typed error that text deserves, and nothing it was tried on changed.
    #[test]
    fn random_text_is_refused_with_the_right_error(text in ".{0,60}", key in "[a-z_]{0,20}", v in 0usize..4) {
        let v = Variant::ALL[v];
        let opts = AnyOptions::default_for(v);
        let read = AnyPosition::from_position_string(v, &text, &opts);
        refusals::position_answer(v, &text, &read)?;
        let mut set = opts.clone();
        let answer = set.set(&key, &text);
        refusals::option_answer(&key, &answer, &opts, &set)?;
        let record = text.parse::<GameRecord>();
        refusals::record_answer(&text, &record)?;
        if let Ok(r) = &record {
            refusals::replay_answer(r, &r.replay())?;
        }
        let pos = start(v);
        let legal = refusals::legal_with_texts(&pos.legal_moves(), |m| pos.move_to_string(m));
        refusals::move_answer(v, &text, &pos.parse_move(&text), &legal)?;
    }

    /// Records with random tags and moves: a refusal names the line or the action.
    #[test]
    fn record_shaped_text_is_refused_with_the_line_or_action(
        lines in proptest::collection::vec("(\\[[A-Za-z]{1,8} \"[a-z0-9=_,:]{0,12}\"\\])|([a-h1-8x:@,-]{0,10})", 0..8),
        v in 0usize..4,
    ) {
        let text = format!("[Game \"{}\"]\n{}", Variant::ALL[v].key(), lines.join("\n"));
        let record = text.parse::<GameRecord>();
        refusals::record_answer(&text, &record)?;
        if let Ok(rec) = &record {
            refusals::replay_answer(rec, &rec.replay())?;
        }
    }
}

#[test]
fn every_game_bounds_its_draw_limits_alike() {
    for v in Variant::ALL {
        for (key, value) in [
            ("repetition", "1"),
            ("repetition", "101"),
            ("no_progress", "1001"),
        ] {
            let err = AnyOptions::from_pairs(v, [(key, value)]).unwrap_err();
            assert!(err.to_string().contains(key), "{v} {key}={value}: {err}");
        }
        for (key, value) in [
            ("repetition", "0"),
            ("repetition", "100"),
            ("no_progress", "0"),
        ] {
            assert!(
                AnyOptions::from_pairs(v, [(key, value)]).is_ok(),
                "{v} {key}={value}"
            );
        }
    }
}

#[test]
fn option_help_speaks_to_players() {
    for variant in Variant::ALL {
        for spec in AnyOptions::specs(variant) {
            let help = spec.help;
            assert!(!help.contains('§'), "{variant:?} {}: {help}", spec.key);
            assert!(!help.contains("spec"), "{variant:?} {}: {help}", spec.key);
            assert!(!help.contains('\n'), "{variant:?} {}: one line", spec.key);
            assert!(
                help.starts_with(|c: char| c.is_uppercase()) && help.ends_with('.'),
                "{variant:?} {}: a sentence: {help}",
                spec.key
            );
        }
    }
}
