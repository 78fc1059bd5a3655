//! Rules of Stockholm checkers / Brazilian draughts (spec §5, §6 S1-S5, §7.3, §8.11):
//! position tests for every rule and option, the seed's example, status, setups, options
//! and notation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::perft::{self, Counting};
use rules::{
    Departure, EndReason, GameOptions, OptionError, Piece, Position, Problems, Role, Seat, SeatSet,
    Setup, Square, Status, Stockholm, StockholmOptions, Variant,
};

fn opts(pairs: &[(&str, &str)]) -> StockholmOptions {
    StockholmOptions::from_pairs(pairs.iter().copied()).unwrap()
}

fn stockholm() -> StockholmOptions {
    StockholmOptions::default()
}

fn brazilian() -> StockholmOptions {
    opts(&[("deferred_backward_capture", "false")])
}

fn pos(text: &str, o: StockholmOptions) -> Stockholm {
    Stockholm::from_position_string(text, o).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in canonical notation, sorted.
fn moves(text: &str, o: StockholmOptions) -> Vec<String> {
    let p = pos(text, o);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_to_string(m))
        .collect();
    v.sort();
    v
}

fn sq(name: &str) -> Square {
    Variant::Stockholm.parse_square(name).unwrap()
}

const START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

// --- Start position (spec §5.1) ---

#[test]
fn start_position() {
    let p = Stockholm::new(stockholm()).unwrap();
    assert_eq!(p.position_string(), START);
    assert_eq!(p.turn(), Some(Seat::WHITE));
    assert_eq!(p.seats(), SeatSet::TWO);
    assert_eq!(
        moves(START, stockholm()),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    assert_eq!(
        p.piece_at(sq("h8")),
        Some(Piece {
            seat: Seat::BLACK,
            role: Role::Man
        })
    );
    assert_eq!(p.piece_at(sq("d4")), None);
    assert_eq!(Stockholm::brazilian().options(), &brazilian());
}

// --- Men and kings moving (spec §5.2, §5.3) ---

#[test]
fn men_step_forward_kings_fly() {
    assert_eq!(
        moves("W:Wc3,Kg1:Bh8", stockholm()),
        ["c3-b4", "c3-d4", "g1-a7", "g1-b6", "g1-c5", "g1-d4", "g1-e3", "g1-f2", "g1-h2"]
    );
    // Black's men step down the board.
    assert_eq!(moves("B:Wa1:Bd6", stockholm()), ["d6-c5", "d6-e5"]);
}

// --- Capture is compulsory (spec §5.4) ---

#[test]
fn capture_is_compulsory() {
    assert_eq!(moves("W:Wc3,g3:Bd4", stockholm()), ["c3xe5"]);
    let p = pos("W:Wc3,g3:Bd4", stockholm());
    let err = p.parse_move("g3-h4").unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
}

// --- Deferred backward capture (spec §5.2, S1) and the seed's example (§7.3) ---

/// The seed's example, rebuilt (its diagram is missing): the man on e5 could take three
/// pieces, but only by starting backwards (e5xc3 over d4); the man on f2 takes two,
/// starting forwards. Brazilian forces the three; Stockholm forbids that sequence, so its
/// maximum is two.
const SEED: &str = "W:We5,f2:Bb4,b6,d4,g3,g5";

#[test]
fn seed_example_stockholm_takes_two() {
    assert_eq!(moves(SEED, stockholm()), ["f2xh4xf6"]);
    let p = pos(SEED, stockholm());
    let mv = p.parse_move("f2xh4xf6").unwrap();
    assert_eq!(mv.captured(), [sq("g3"), sq("g5")]);
    let err = p.parse_move("e5xc3xa5xc7").unwrap_err();
    assert!(err.to_string().contains("illegal"), "{err}");
}

#[test]
fn seed_example_brazilian_takes_three() {
    assert_eq!(moves(SEED, brazilian()), ["e5xc3xa5xc7"]);
    let p = pos(SEED, brazilian());
    let mv = p.parse_move("e5xc7").unwrap(); // short form, unique
    assert_eq!(mv.captured(), [sq("d4"), sq("b4"), sq("b6")]);
}

#[test]
fn seed_example_without_maximum_rule() {
    let no_max = |deferred: &str| {
        opts(&[
            ("deferred_backward_capture", deferred),
            ("max_capture", "false"),
        ])
    };
    assert_eq!(moves(SEED, no_max("true")), ["f2xh4xf6"]);
    assert_eq!(moves(SEED, no_max("false")), ["e5xc3xa5xc7", "f2xh4xf6"]);
}

#[test]
fn man_with_only_backward_capture_just_moves_in_stockholm() {
    // White e5 can only jump d4 backwards.
    let text = "W:We5,h2:Bd4,h8";
    assert_eq!(moves(text, stockholm()), ["e5-d6", "e5-f6", "h2-g3"]);
    assert_eq!(moves(text, brazilian()), ["e5xc3"]);
    // Black too: its forward is down the board.
    let text = "B:Wc5,h2:Bb4,h8";
    assert_eq!(moves(text, stockholm()), ["b4-a3", "b4-c3", "h8-g7"]);
    assert_eq!(moves(text, brazilian()), ["b4xd6"]);
}

#[test]
fn later_jumps_may_go_backward_in_stockholm() {
    // c3xe5 goes forward, then e5xg3 backward over f4.
    assert_eq!(moves("W:Wc3:Bd4,f4,h8", stockholm()), ["c3xe5xg3"]);
    assert_eq!(moves("W:Wc3:Bd4,f4,h8", brazilian()), ["c3xe5xg3"]);
}

// --- Maximum rule (spec §5.4, S2) ---

#[test]
fn maximum_rule_counts_pieces() {
    let text = "W:Wa3,e3:Bb4,d6,f4,h8";
    assert_eq!(moves(text, stockholm()), ["a3xc5xe7"]);
    let free = opts(&[("max_capture", "false")]);
    assert_eq!(moves(text, free), ["a3xc5xe7", "e3xg5"]);
}

#[test]
fn kings_count_as_one_piece() {
    // Two men beat one king (count, not value: S2).
    let text = "W:Wa3,g1:Bb4,d6,Kf2";
    assert_eq!(moves(text, stockholm()), ["a3xc5xe7"]);
    assert_eq!(
        moves(text, opts(&[("max_capture", "false")])),
        ["a3xc5xe7", "g1xe3"]
    );
}

// --- Flying kings, landing choice, halt rule (spec §5.3, §1.3, §5.6, S3, §8.11) ---

#[test]
fn king_lands_anywhere_beyond_without_halt_rule() {
    let text = "W:WKb2:Bd4,h8";
    assert_eq!(moves(text, stockholm()), ["b2xe5", "b2xf6", "b2xg7"]);
    let halt = opts(&[("king_halt", "true")]);
    assert_eq!(moves(text, halt), ["b2xe5"]);
}

#[test]
fn king_must_land_where_it_can_go_on() {
    // Beyond c3 only e5 allows a further jump (over f4): the king must land there even
    // without the maximum rule (spec §1.3).
    let text = "W:WKa1:Bc3,f4";
    let all = ["a1xe5xg3", "a1xe5xh2"];
    assert_eq!(moves(text, stockholm()), all);
    assert_eq!(moves(text, opts(&[("max_capture", "false")])), all);
    assert_eq!(moves(text, opts(&[("king_halt", "true")])), ["a1xe5xg3"]);
}

#[test]
fn halt_rule_applies_to_the_last_jump_only() {
    // Both d4 and e5 allow a further jump: both intermediate landings stay free; only the
    // last jump must stop just beyond the last captured piece (§8.11).
    let text = "W:WKa1:Bc3,c5,f4";
    assert_eq!(
        moves(text, stockholm()),
        ["a1xd4xa7", "a1xd4xb6", "a1xe5xg3", "a1xe5xh2"]
    );
    assert_eq!(
        moves(text, opts(&[("king_halt", "true")])),
        ["a1xd4xb6", "a1xe5xg3"]
    );
    assert_eq!(
        moves(
            text,
            opts(&[("king_halt", "true"), ("max_capture", "false")])
        ),
        ["a1xd4xb6", "a1xe5xg3"]
    );
}

// --- End-of-move removal: dead pieces block and are not jumped twice (spec §5.4) ---

#[test]
fn dead_pieces_block() {
    // a1xe5xg3xe1 takes c3, f4, f2. From e1 the way back over c3 is blocked by the dead
    // piece, so b4 is not taken (it would be with immediate removal).
    let text = "W:WKa1:Bb4,c3,f2,f4";
    assert_eq!(moves(text, stockholm()), ["a1xe5xg3xe1"]);
    // Without the maximum rule the shorter d4xg1 branch is allowed too (the king must
    // land on d4 or e5, the squares that allow a further jump).
    assert_eq!(
        moves(text, opts(&[("max_capture", "false")])),
        ["a1xd4xg1", "a1xe5xg3xe1"]
    );
    let p = pos(text, stockholm())
        .play(&pos(text, stockholm()).legal_moves()[0])
        .unwrap();
    assert_eq!(p.position_string(), "B:WKe1:Bb4");
}

#[test]
fn loop_capture_ends_on_its_start_square() {
    // A man takes four pieces round a square and comes home: two paths, same move in the
    // dedup convention (spec §1.2, Appendix A).
    let text = "W:We3:Bd4,d6,f4,f6";
    for o in [stockholm(), brazilian()] {
        assert_eq!(moves(text, o), ["e3xc5xe7xg5xe3", "e3xg5xe7xc5xe3"]);
        let p = pos(text, o);
        assert_eq!(perft::count(&p, 1, Counting::Paths), 2);
        assert_eq!(perft::count(&p, 1, Counting::Dedup), 1);
        let err = p.parse_move("e3xe3").unwrap_err();
        assert!(err.to_string().contains("ambiguous"), "{err}");
        let after = p
            .clone()
            .play(&p.parse_move("e3xc5xe7xg5xe3").unwrap())
            .unwrap();
        assert_eq!(after.position_string(), "-:We3:B:out=B");
        assert_eq!(
            after.status(),
            Status::Won {
                winners: SeatSet::only(Seat::WHITE),
                reason: EndReason::CapturedAll
            }
        );
    }
}

// --- Promotion (spec §5.5) ---

#[test]
fn no_promotion_when_passing_the_far_rank() {
    // b6xd8 reaches rank 8 but must go on (backwards, as a man) to f6.
    for o in [stockholm(), brazilian()] {
        let p = pos("W:Wb6:Bc7,e7,h2", o);
        assert_eq!(moves("W:Wb6:Bc7,e7,h2", o), ["b6xd8xf6"]);
        let mv = p.legal_moves()[0];
        assert!(!mv.promotes());
        let after = p.play(&mv).unwrap();
        assert_eq!(after.piece_at(sq("f6")).map(|p| p.role), Some(Role::Man));
    }
}

#[test]
fn promotion_when_the_move_ends_on_the_far_rank() {
    let p = pos("W:Wb6:Bc7,h2", stockholm());
    let mv = p.parse_move("b6xd8").unwrap();
    assert!(mv.promotes());
    let after = p.play(&mv).unwrap();
    assert_eq!(after.piece_at(sq("d8")).map(|p| p.role), Some(Role::King));
    // By a step, and for Black on rank 1.
    let p = pos("B:WKh8:Bd2", stockholm());
    assert_eq!(moves("B:WKh8:Bd2", stockholm()), ["d2-c1", "d2-e1"]);
    let after = p.clone().play(&p.parse_move("d2-e1").unwrap()).unwrap();
    assert_eq!(after.position_string(), "W:WKh8:BKe1");
    // The new king flies on its next turn.
    let after = after
        .clone()
        .play(&after.parse_move("h8-g7").unwrap())
        .unwrap();
    assert_eq!(after.legal_moves().len(), 7);
}

// --- End of game (spec §5.7) ---

#[test]
fn no_pieces_loses() {
    let p = pos("W:Wc3:Bd4", stockholm());
    let p = p.clone().play(&p.parse_move("c3xe5").unwrap()).unwrap();
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::WHITE),
            reason: EndReason::CapturedAll
        }
    );
    assert_eq!(p.eliminated(), vec![SeatSet::only(Seat::BLACK)]);
    assert_eq!(
        p.ranking(),
        vec![SeatSet::only(Seat::WHITE), SeatSet::only(Seat::BLACK)]
    );
}

#[test]
fn blocked_side_loses() {
    // White's man a1 cannot step (b2 taken) nor jump (c3 taken).
    let p = pos("W:Wa1:Bb2,c3", stockholm());
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::Blocked
        }
    );
    // The same position with Black to move goes on.
    assert_eq!(pos("B:Wa1:Bb2,c3", stockholm()).status(), Status::Ongoing);
}

#[test]
fn no_progress_draw() {
    // 25 moves per side = 50 plies of king moves without capture (spec §5.7).
    let p = pos("W:WKa1:BKh8:np=49", stockholm());
    assert_eq!(p.status(), Status::Ongoing);
    let p = p.clone().play(&p.parse_move("a1-b2").unwrap()).unwrap();
    assert_eq!(
        p.status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.position_string(), "-:WKb2:BKh8:np=50");
    // It round-trips as a finished game.
    let back = pos(&p.position_string(), stockholm());
    assert_eq!(back.status(), p.status());
    // A man move or a capture resets the counter.
    let p = pos("W:WKa1,c1:BKh8:np=30", stockholm());
    let p = p.clone().play(&p.parse_move("c1-d2").unwrap()).unwrap();
    assert_eq!(p.position_string(), "B:WKa1,d2:BKh8");
    let p = pos("W:WKa1:BKh8:np=30", stockholm());
    let p = p.clone().play(&p.parse_move("a1-b2").unwrap()).unwrap();
    assert_eq!(p.position_string(), "B:WKb2:BKh8:np=31");
    // Option 0 turns the rule off.
    let off = opts(&[("no_progress", "0")]);
    assert_eq!(pos("W:WKa1:BKh8:np=500", off).status(), Status::Ongoing);
    // A drawn position reads back drawn even when White, first in the string, is blocked
    // (found by the position-string property test).
    let long = opts(&[("no_progress", "48")]);
    let drawn = pos("-:Wa1:Bb2,c3,Kh8:np=96", long);
    let text = drawn.position_string();
    assert_eq!(pos(&text, long).position_string(), text);
    assert_eq!(
        drawn.status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
    // A shorter limit.
    let short = opts(&[("no_progress", "2")]);
    assert_eq!(
        pos("W:WKa1:BKh8:np=4", short).status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
}

#[test]
fn repetition_option() {
    assert_eq!(stockholm().repetition_limit(), 3);
    assert_eq!(opts(&[("repetition", "0")]).repetition_limit(), 0);
    assert_eq!(opts(&[("repetition", "5")]).repetition_limit(), 5);
    assert!(StockholmOptions::from_pairs([("repetition", "1")]).is_err());
    // The key is the same for the same position, different for the other side to move.
    let a = pos("W:WKa1:BKh8", stockholm());
    let b = pos("W:WKa1:BKh8:np=7", stockholm());
    let c = pos("B:WKa1:BKh8", stockholm());
    assert_eq!(a.repetition_key(), b.repetition_key());
    assert_ne!(a.repetition_key(), c.repetition_key());
    // King shuffles come back to the same key.
    let a = pos("W:WKa1:BKb8", stockholm());
    let mut p = a.clone();
    for m in ["a1-b2", "b8-a7", "b2-a1", "a7-b8"] {
        p = p.clone().play(&p.parse_move(m).unwrap()).unwrap();
    }
    assert_eq!(p.repetition_key(), a.repetition_key());
    assert_eq!(p.position_string(), "W:WKa1:BKb8:np=4");
}

#[test]
fn departure() {
    let mut p = Stockholm::new(stockholm()).unwrap();
    assert_eq!(
        p.depart(Seat::Day, Departure::Resign),
        Err(rules::DepartError::NotPlaying(Seat::Day))
    );
    p.depart(Seat::WHITE, Departure::Timeout).unwrap();
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::Departed(Departure::Timeout)
        }
    );
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.depart(Seat::BLACK, Departure::Leave),
        Err(rules::DepartError::GameOver)
    );
    // The finished game's string names the loser; it reads back as a departure.
    let text = p.position_string();
    assert!(text.starts_with("-:") && text.ends_with(":out=W"), "{text}");
    let back = pos(&text, stockholm());
    assert_eq!(
        back.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::Departed(Departure::Resign)
        }
    );
    let start = Stockholm::new(stockholm()).unwrap();
    let mv = start.legal_moves()[0];
    assert!(matches!(
        p.play(&mv),
        Err(rules::PlayError {
            kind: rules::IllegalMove::GameOver,
            ..
        })
    ));
}

// --- Setups (contract: from_setup checks every rule) ---

fn problems(setup: &Setup) -> Problems {
    Stockholm::from_setup(setup, stockholm(), Problems::empty())
        .unwrap_err()
        .problems
}

fn parse(text: &str) -> Setup {
    Setup::parse(Variant::Stockholm, text).unwrap()
}

#[test]
fn setup_problems_are_all_reported() {
    assert_eq!(problems(&parse("W:Wa1")), Problems::SEATS);
    assert_eq!(problems(&parse("W:Wb8:Bh2")), Problems::MAN_ON_PROMOTION);
    assert_eq!(problems(&parse("R:Wa1:Bh8")), Problems::TURN);
    assert_eq!(problems(&parse("-:Wa1:Bh8")), Problems::TURN);
    assert_eq!(problems(&parse("W:Wa1:Bh8:out=B")), Problems::TURN);
    assert_eq!(
        problems(&parse("-:Wa1:Bh8:out=BW")),
        Problems::ELIMINATED | Problems::TURN
    );
    assert_eq!(problems(&parse("W:Wa1:Bh8:np=51")), Problems::COUNTER);
    assert_eq!(problems(&parse("W:Wa1:Bh8:reserve=W1")), Problems::RESERVE);
    assert_eq!(problems(&parse("W:Wa1:Bh8:owe=W")), Problems::OWED_DROP);
    assert_eq!(problems(&parse("W:Wa1:Bh8:hot=a1")), Problems::HOT);
    assert_eq!(problems(&parse("W:Wa1:Bh8:rev=Wa1-b2")), Problems::REVERSE);
    let thirteen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bh8";
    assert_eq!(problems(&parse(thirteen)), Problems::TOO_MANY_PIECES);
    // Pieces off the dark squares and of absent seats, built by hand.
    let mut s = parse("W:Wa1:Bh8");
    s.board[sq("a1").index() + 1] = Some(Piece {
        seat: Seat::WHITE,
        role: Role::Man,
    });
    assert_eq!(problems(&s), Problems::OFF_BOARD);
    let mut s = parse("W:Wa1:Bh8");
    s.board[sq("d4").index()] = Some(Piece {
        seat: Seat::Day,
        role: Role::Man,
    });
    assert_eq!(problems(&s), Problems::ABSENT_OWNER);
    let mut s = parse("W:Wa1:Bh8");
    s.variant = Variant::Neva;
    assert_eq!(problems(&s), Problems::SEATS);
    // Several at once.
    assert_eq!(
        problems(&parse("R:Wb8:Bh2:np=99:hot=a1")),
        Problems::TURN | Problems::MAN_ON_PROMOTION | Problems::COUNTER | Problems::HOT
    );
}

#[test]
fn setup_waivers() {
    let s = parse("W:Wb8,c3:Bh2:np=99");
    let all = Problems::MAN_ON_PROMOTION | Problems::COUNTER;
    let p = Stockholm::from_setup(&s, stockholm(), all).unwrap();
    // The man on b8 has no step; the counter is beyond its limit, so the game is drawn.
    assert_eq!(
        p.status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
    // Only waivable problems can be waived.
    let s = parse("R:Wb8:Bh2");
    let err = Stockholm::from_setup(&s, stockholm(), Problems::all()).unwrap_err();
    assert_eq!(err.problems, Problems::TURN);
    assert_eq!(*err.setup, s);
}

#[test]
fn setup_round_trips() {
    for text in [
        START,
        "B:WKa1,c3:Bd6,Kh8:np=12",
        "W:Wf2,e5:Bg3,b4,d4,g5,b6",
        "-:W:Bd6:out=W",
        "-:Wa1:Bb2,c3:out=W",
    ] {
        let p = pos(text, stockholm());
        assert_eq!(p.position_string(), text);
        let setup = p.to_setup();
        let back = Stockholm::from_setup(&setup, stockholm(), Problems::empty()).unwrap();
        assert_eq!(back, p);
        assert_eq!(
            Setup::parse(Variant::Stockholm, &setup.to_string()).unwrap(),
            setup
        );
    }
    // A position that is over is written with "-" and the loser.
    assert_eq!(
        pos("W:W:Bd6", stockholm()).position_string(),
        "-:W:Bd6:out=W"
    );
    assert_eq!(
        pos("W:Wa1:Bb2,c3", stockholm()).position_string(),
        "-:Wa1:Bb2,c3:out=W"
    );
}

// --- Options (spec §5.6, §5.7) ---

#[test]
fn options_keys_values_and_errors() {
    let keys: Vec<&str> = StockholmOptions::SPECS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys,
        [
            "deferred_backward_capture",
            "max_capture",
            "king_halt",
            "repetition",
            "no_progress"
        ]
    );
    let d = StockholmOptions::default();
    for spec in StockholmOptions::SPECS {
        assert_eq!(
            d.get(spec.key).as_deref(),
            Some(spec.default),
            "{}",
            spec.key
        );
    }
    assert!(d.deferred_backward_capture && d.max_capture && !d.king_halt);
    assert_eq!((d.draw.repetition, d.draw.no_progress), (3, 25));
    let b = opts(&[("deferred_backward_capture", "off"), ("king_halt", "yes")]);
    assert!(!b.deferred_backward_capture && b.king_halt);
    assert_eq!(
        b.non_default_pairs(),
        [
            ("deferred_backward_capture", "false".to_string()),
            ("king_halt", "true".to_string())
        ]
    );
    assert!(matches!(
        StockholmOptions::from_pairs([("flying", "true")]),
        Err(OptionError::UnknownKey { .. })
    ));
    assert!(matches!(
        StockholmOptions::from_pairs([("max_capture", "maybe")]),
        Err(OptionError::BadValue { .. })
    ));
    assert!(StockholmOptions::from_pairs([("no_progress", "1001")]).is_err());
    assert!(StockholmOptions::from_pairs([("no_progress", "-1")]).is_err());
    assert_eq!(d.get("nope"), None);
    let bad = StockholmOptions {
        draw: rules::DrawLimits {
            repetition: 1,
            no_progress: 0,
        },
        ..StockholmOptions::default()
    };
    assert!(Stockholm::new(bad).is_err());
}

// --- Notation (spec §5.8) ---

#[test]
fn notation_forms() {
    let p = Stockholm::new(stockholm()).unwrap();
    let a = p.parse_move("c3-d4").unwrap();
    assert_eq!(p.parse_move("c3d4").unwrap(), a);
    assert_eq!(p.parse_move("c3-d4!").unwrap(), a);
    assert_eq!(p.move_to_string(&a), "c3-d4");
    assert!(p.parse_move("c3-c4").is_err());
    assert!(p.parse_move("d4-e5").is_err());
    assert!(p.parse_move("c3xe5").is_err());
    // A king capture written with its full path and with the short form.
    let k = pos("W:WKb2:Bd4,h8", stockholm());
    let mv = k.parse_move("b2xf6").unwrap();
    assert_eq!(mv.path(), [sq("f6")]);
    assert_eq!(mv.captured(), [sq("d4")]);
    assert_eq!(k.move_to_string(&mv), "b2xf6");
    // Short form of a multi-jump.
    let k = pos("W:WKa1:Bc3,f4", stockholm());
    assert_eq!(
        k.move_to_string(&k.parse_move("a1xh2").unwrap()),
        "a1xe5xh2"
    );
}
