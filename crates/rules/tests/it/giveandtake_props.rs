//! Property tests of Give and Take: random playouts, round trips, and garbage input refused
//! with the typed error it deserves, nothing changed (`refusals`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::refusals;
use proptest::prelude::*;
use rules::{
    EndReason, GameOptions, GiveAndTake, GiveAndTakeOptions, Piece, Position, Problems, Role, Seat,
    SeatSet, Setup, Square, Status, Variant,
};

fn option_set(i: usize) -> GiveAndTakeOptions {
    let pairs: &[(&str, &str)] = match i % 8 {
        0 => &[],
        1 => &[("hot_trigger", "anywhere")],
        2 => &[("hot_capture", "first_jump")],
        3 => &[("lone_man", "only_man")],
        4 => &[("removal", "end_of_move")],
        5 => &[("king_reversal", "false")],
        6 => &[("king_landing", "free")],
        _ => &[("no_progress", "3"), ("repetition", "0")],
    };
    GiveAndTakeOptions::from_pairs(pairs.iter().copied()).unwrap()
}

/// `strict`: the position was built without waivers, so the lone-man invariant holds.
fn check_sane(p: &GiveAndTake, strict: bool) {
    let moves = p.legal_moves();
    match p.status() {
        Status::Ongoing => {
            assert!(p.turn().is_some());
            assert!(
                !moves.is_empty(),
                "ongoing without moves: {}",
                p.position_string()
            );
            assert!(p.eliminated().is_empty());
        }
        Status::Won { winners, reason } => {
            assert_eq!(p.turn(), None);
            assert!(moves.is_empty());
            assert_eq!(winners.len(), 1);
            assert_eq!(p.eliminated(), vec![SeatSet::TWO.minus(winners)]);
            let loser = SeatSet::TWO.minus(winners).first().unwrap();
            let has = Square::ALL
                .iter()
                .any(|&s| p.piece_at(s).map(|x| x.seat) == Some(loser));
            assert_eq!(reason == EndReason::CapturedAll, !has);
        }
        Status::Drawn { seats, reason } => {
            assert_eq!(p.turn(), None);
            assert!(moves.is_empty());
            assert_eq!(seats, SeatSet::TWO);
            assert_eq!(reason, EndReason::NoProgress);
        }
    }
    assert_eq!(p.count_legal(), moves.len() as u64);
    let mut any = rules::AnyMove::default();
    p.generate(&mut any);
    assert_eq!(any.0, !moves.is_empty());
    // At most 16 pieces a side; the lone-man invariant holds.
    for seat in [Seat::WHITE, Seat::BLACK] {
        let mine: Vec<Piece> = Square::ALL
            .iter()
            .filter_map(|&s| p.piece_at(s))
            .filter(|x| x.seat == seat)
            .collect();
        assert!(mine.len() <= 16);
        if strict && p.options().lone_man == rules::LoneMan::OnlyPiece && mine.len() == 1 {
            assert_eq!(mine[0].role, Role::King);
        }
    }
}

fn round_trip(p: &GiveAndTake) {
    let s = p.position_string();
    let setup = Setup::parse(Variant::GiveAndTake, &s).unwrap();
    assert_eq!(setup.to_string(), s);
    // A position accepted with waived checks needs the same waiver to be read back.
    let q = GiveAndTake::from_setup(&setup, *p.options(), Problems::WAIVABLE).unwrap();
    assert_eq!(q.position_string(), s);
    assert_eq!(q.legal_moves(), p.legal_moves());
    assert_eq!(q.turn(), p.turn());
    assert_eq!(q.repetition_key(), p.repetition_key());
    if !matches!(
        p.status(),
        Status::Won {
            reason: EndReason::Departed(_),
            ..
        }
    ) {
        assert_eq!(q, *p);
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(256))]

    /// Random playouts: every generated move is accepted by `play`, its notation parses
    /// back to it, every position string round-trips, and the game ends sanely.
    #[test]
    fn random_playouts(seed in any::<u64>(), set in 0usize..8, plies in 1usize..300) {
        let mut p = GiveAndTake::new(option_set(set)).unwrap();
        let mut rng = seed | 1;
        for _ in 0..plies {
            check_sane(&p, true);
            round_trip(&p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let text = p.move_to_string(mv);
                prop_assert_eq!(p.parse_move(&text).unwrap(), *mv);
                prop_assert!(p.clone().play(mv).is_ok());
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves[(rng % moves.len() as u64) as usize];
            p = p.play(&mv).unwrap();
        }
        check_sane(&p, true);
        round_trip(&p);
    }

    /// Moves of one position played on another are refused or legal there, never a panic.
    #[test]
    fn foreign_moves(seed in any::<u64>(), plies in 0usize..60) {
        let mut a = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
        let mut b = a.clone();
        let mut rng = seed | 1;
        let mut foreign = Vec::new();
        for i in 0..plies {
            let p = if i % 2 == 0 { &mut a } else { &mut b };
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves[(rng % moves.len() as u64) as usize];
            foreign.extend(moves.iter().copied());
            *p = p.clone().play(&mv).unwrap();
        }
        for mv in foreign {
            let legal = a.is_legal(&mv);
            prop_assert_eq!(a.clone().play(&mv).is_ok(), legal);
        }
    }

    /// Random text as a position string: an error or a checked position, never a panic.
    #[test]
    fn garbage_position_strings(text in "[-WBRGK:,=a-z0-9 ]{0,60}") {
        let read = GiveAndTake::from_position_string(&text, GiveAndTakeOptions::default());
        refusals::position_answer(Variant::GiveAndTake, &text, &read)?;
        if let Ok(setup) = Setup::parse(Variant::GiveAndTake, &text) {
            for waive in [Problems::empty(), Problems::WAIVABLE, Problems::all()] {
                let checked = GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), waive);
                refusals::setup_answer(&setup, waive, &checked)?;
                if let Ok(p) = checked {
                    let _ = p.legal_moves();
                    let _ = p.status();
                    round_trip(&p);
                }
            }
        }
    }

    /// Structured random setups (any seat, role, square, turn, hot, counter).
    #[test]
    fn random_setups(
        cells in proptest::collection::vec((0usize..64, 0usize..15, any::<bool>()), 0..34),
        turn in 0usize..5,
        hot in proptest::option::of(0usize..64),
        np in 0u16..200,
        out in 0usize..4,
        set in 0usize..8,
    ) {
        let mut setup = Setup::empty(Variant::GiveAndTake);
        setup.seats = if set == 7 { SeatSet::ALL } else { SeatSet::TWO };
        for (s, seat, king) in cells {
            setup.board[s] = Some(Piece {
                // Mostly White and Black; now and then a seat that is not in the game.
                seat: match seat {
                    0..=6 => Seat::WHITE,
                    7..=13 => Seat::BLACK,
                    _ => Seat::Day,
                },
                role: if king { Role::King } else { Role::Man },
            });
        }
        setup.turn = Seat::from_index(turn).filter(|_| turn != 1 || set % 2 == 0);
        setup.hot = hot.map(|h| Square::ALL[h]);
        setup.no_progress = np;
        match out {
            1 => setup.eliminated = vec![SeatSet::only(Seat::WHITE)],
            2 => setup.eliminated = vec![SeatSet::only(Seat::BLACK)],
            3 => setup.eliminated = vec![SeatSet::TWO],
            _ => {}
        }
        for waive in [Problems::empty(), Problems::all()] {
            let checked = GiveAndTake::from_setup(&setup, option_set(set), waive);
            refusals::setup_answer(&setup, waive, &checked)?;
            if let Ok(p) = checked {
                check_sane(&p, waive.is_empty());
                round_trip(&p);
            }
        }
    }

    /// Random move text: an error or a legal move, never a panic.
    #[test]
    fn garbage_moves(text in "[a-iKx:@,=!?0-9 -]{0,30}") {
        let p = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
        let q = GiveAndTake::from_position_string("W:WKe5,Kb8:Be7,e3,c2,f2,Kh8", GiveAndTakeOptions::default()).unwrap();
        for pos in [&p, &q] {
            let answer = pos.parse_move(&text);
            let legal = refusals::legal_with_texts(&pos.legal_moves(), |m| pos.move_to_string(m));
            refusals::move_answer(Variant::GiveAndTake, &text, &answer, &legal)?;
            if let Ok(mv) = answer {
                prop_assert!(pos.is_legal(&mv));
            }
        }
    }

    /// Random option keys and values: an error or a value that reads back.
    #[test]
    fn garbage_options(key in "[a-z_]{0,14}", value in "[A-Za-z_0-9-]{0,12}") {
        let mut o = GiveAndTakeOptions::default();
        let keys: Vec<&str> = GiveAndTakeOptions::SPECS.iter().map(|s| s.key).collect();
        for k in keys.iter().copied().chain([key.as_str()]) {
            let before = o;
            let answer = o.set(k, &value);
            refusals::option_answer(k, &answer, &before, &o)?;
            if answer.is_ok() {
                let v = o.get(k).unwrap();
                let mut o2 = GiveAndTakeOptions::default();
                o2.set(k, &v).unwrap();
                prop_assert_eq!(o2.get(k), Some(v));
            }
        }
        let _ = o.validate();
        if o.validate().is_ok() {
            prop_assert!(GiveAndTake::new(o).is_ok());
        }
    }
}
