//! Give and Take rules (spec §4, §1.3, §6 G1-G6, §7.2): one position test per rule and
//! option, the seed's examples (with the §7.2 errata), setups, draws and departures.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::{
    DepartError, Departure, EndReason, GameOptions, GiveAndTake, GiveAndTakeOptions, HotJump,
    KingLanding, LoneMan, MoveError, Position, Problems, Removal, Role, Seat, SeatSet, Setup,
    Square, Status, Variant,
};

fn opts(pairs: &[(&str, &str)]) -> GiveAndTakeOptions {
    GiveAndTakeOptions::from_pairs(pairs.iter().copied()).unwrap()
}

fn pos(text: &str) -> GiveAndTake {
    pos_with(text, &[])
}

fn pos_with(text: &str, pairs: &[(&str, &str)]) -> GiveAndTake {
    GiveAndTake::from_position_string(text, opts(pairs)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn start() -> GiveAndTake {
    GiveAndTake::new(GiveAndTakeOptions::default()).unwrap()
}

/// Legal moves in canonical notation, sorted.
fn moves(p: &GiveAndTake) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_to_string(m))
        .collect();
    v.sort();
    assert_eq!(
        p.count_legal(),
        v.len() as u64,
        "bulk count of {}",
        p.position_string()
    );
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(mut p: GiveAndTake, line: &[&str]) -> GiveAndTake {
    for text in line {
        let mv = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.position_string()));
        p = p.play(&mv).unwrap();
    }
    p
}

fn sq(name: &str) -> Square {
    Variant::GiveAndTake.parse_square(name).unwrap()
}

fn is_legal(p: &GiveAndTake, text: &str) -> bool {
    moves(p).iter().any(|m| m == text)
}

// ---------------------------------------------------------------------------------------
// §4.1 Board and start

#[test]
fn start_position() {
    let p = start();
    assert_eq!(
        p.position_string(),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(p.turn(), Some(Seat::WHITE));
    assert_eq!(p.seats(), SeatSet::TWO);
    // Only forward steps from rank 3: the Turkish start (spec §4.1, Appendix A).
    let expected: Vec<String> = "abcdefgh".chars().map(|f| format!("{f}3-{f}4")).collect();
    assert_eq!(moves(&p), expected);
}

// ---------------------------------------------------------------------------------------
// §4.2 Men

#[test]
fn men_step_forward_or_sideways_never_backwards_or_diagonally() {
    let p = pos("W:Wd4,h2:Ba7,b7");
    assert_eq!(
        moves(&p),
        sorted(&["d4-d5", "d4-c4", "d4-e4", "h2-h3", "h2-g2"])
    );
    let p = pos("B:Wa2,b2:Bd5,a7");
    assert_eq!(
        moves(&p),
        sorted(&["d5-d4", "d5-c5", "d5-e5", "a7-a6", "a7-b7"])
    );
}

#[test]
fn men_capture_forward_or_sideways_never_backwards() {
    // Black men all round d4; only d3 (behind White's man) cannot be taken.
    let p = pos("W:Wd4,h1:Bd5,c4,e4,d3,a8");
    assert_eq!(
        moves(&p),
        sorted(&["d4xd6", "d4xb4", "d4xf4", "h1-h2", "h1-g1"])
    );
    // Black captures downwards and sideways.
    let p = pos("B:Wd4,c5,e5,d6,a1:Bd5,h8");
    assert_eq!(
        moves(&p),
        sorted(&["d5xd3", "d5xb5", "d5xf5", "h8-h7", "h8-g8"])
    );
}

#[test]
fn capture_sequences_must_be_completed_and_no_maximum_rule() {
    // d2 must go on over e4 once it has taken d3; b2xb4 (one piece) is as legal as the
    // two-piece sequence: there is no maximum rule (spec §4.4).
    let p = pos("W:Wd2,b2:Bd3,e4,b3,h8");
    let m = moves(&p);
    assert!(m.contains(&"d2xd4xf4".to_string()));
    assert!(m.contains(&"b2xb4".to_string()));
    assert!(!m.contains(&"d2xd4".to_string()));
    let err = p.parse_move("d2xd4").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err}");
    // Short form origin-destination resolves to the full path.
    let mv = p.parse_move("d2xf4").unwrap();
    assert_eq!(p.move_to_string(&mv), "d2xd4xf4");
    assert_eq!(mv.captured(), &[sq("d3"), sq("e4")]);
}

#[test]
fn men_may_recross_nothing_but_take_pieces_one_at_a_time() {
    // A man's sequence zigzags forward and sideways; each jump takes exactly one
    // adjacent piece (two in a row cannot be jumped).
    let p = pos("W:Wa2,h1:Ba3,b4,c4,d5,h8");
    // a2xa4 then a4 faces b4 with c4 behind: stop.
    assert!(is_legal(&p, "a2xa4"));
    let p = pos("W:Wa2,h1:Ba3,b4,c5,h8");
    assert!(is_legal(&p, "a2xa4xc4xc6"));
    assert!(!is_legal(&p, "a2xa4"));
}

// ---------------------------------------------------------------------------------------
// §4.6 Promotion

#[test]
fn man_crowned_when_its_move_ends_on_the_last_rank() {
    let p = pos("W:Wd7,a2:Ba7,b6");
    let mv = p.parse_move("d7-d8").unwrap();
    assert!(mv.promotes());
    let q = p.play(&mv).unwrap();
    assert_eq!(q.piece_at(sq("d8")).unwrap().role, Role::King);
    // Black crowns on rank 1.
    let p = pos("B:Wa7,b3:Be2,h6");
    let q = play(p, &["e2-e1"]);
    assert_eq!(q.piece_at(sq("e1")).unwrap().role, Role::King);
}

#[test]
fn man_reaching_last_rank_mid_capture_goes_on_as_a_man() {
    // d6xd8 reaches rank 8; a king on f8 would now be takeable by a king (flying), not by
    // a man: the move ends there and the man is crowned at the end.
    let p = pos("W:Wd6,a2:Bd7,Kf8,h5");
    assert_eq!(
        moves(&p)
            .iter()
            .filter(|m| m.contains('x'))
            .collect::<Vec<_>>(),
        ["d6xd8"]
    );
    let mv = p.parse_move("d6xd8").unwrap();
    assert!(mv.promotes());
    // With an enemy king next to it on the last rank it keeps capturing sideways as a man.
    let p = pos("W:Wd6,a2:Bd7,Ke8,h5");
    let caps: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(caps, ["d6xd8xf8"]);
    let q = play(p, &["d6xd8xf8"]);
    assert_eq!(q.piece_at(sq("f8")).unwrap().role, Role::King);
}

// ---------------------------------------------------------------------------------------
// §4.3 Kings, §1.3 landing, G4 reversal, G5 landing

#[test]
fn kings_move_like_rooks() {
    let p = pos("W:WKd4,a2:Bh8,Kg7");
    let m = moves(&p);
    assert_eq!(m.len(), 14 + 2);
    for t in ["d4-d8", "d4-d1", "d4-a4", "d4-h4", "a2-a3", "a2-b2"] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
    // Blocked by pieces of either colour.
    let p = pos("W:WKd4,d6,a2:Bb4,h8");
    let m = moves(&p);
    assert!(m.contains(&"d4-d5".to_string()) && !m.contains(&"d4-d7".to_string()));
    assert!(m.contains(&"d4-c4".to_string()) && !m.contains(&"d4-a4".to_string()));
}

#[test]
fn king_flying_capture_lands_where_it_can_go_on() {
    // a1 takes a4; of a5..a8 only a6 allows a further jump (over c6), so it must land
    // there (spec §1.3), then lands freely on d6..h6.
    let p = pos("W:WKa1,h2:Ba4,c6,h8");
    let caps: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(
        caps,
        sorted(&["a1xa6xd6", "a1xa6xe6", "a1xa6xf6", "a1xa6xg6", "a1xa6xh6"])
    );
    // king_landing=free (G5): any landing; it goes on only from a6.
    let p = pos_with("W:WKa1,h2:Ba4,c6,h8", &[("king_landing", "free")]);
    let caps: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(
        caps,
        sorted(&[
            "a1xa5", "a1xa7", "a1xa8", "a1xa6xd6", "a1xa6xe6", "a1xa6xf6", "a1xa6xg6", "a1xa6xh6"
        ])
    );
}

#[test]
fn king_jumps_one_piece_at_a_time() {
    // Two pieces in a row cannot be jumped; a far piece can (flying).
    let p = pos("W:WKa1,h2:Ba5,a6,Kd1,h8");
    let caps: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(caps, sorted(&["a1xe1", "a1xf1", "a1xg1", "a1xh1"]));
}

/// Diagram 2 is missing from the seed: a position consistent with `e5xe8xe2xa2xh2`,
/// which turns 180° twice and crosses squares emptied earlier in the move (spec §4.3, §4.4).
const DIAGRAM_2: &str = "W:WKe5:Be7,e3,c2,f2";

#[test]
fn seed_king_example_with_reversals_and_immediate_removal() {
    let p = pos(DIAGRAM_2);
    assert!(is_legal(&p, "e5xe8xe2xa2xh2"));
    let mv = p.parse_move("e5xe8xe2xa2xh2").unwrap();
    assert_eq!(mv.captured(), &[sq("e7"), sq("e3"), sq("c2"), sq("f2")]);
    let q = p.clone().play(&mv).unwrap();
    assert_eq!(
        q.status(),
        Status::Won {
            winners: SeatSet::only(Seat::WHITE),
            reason: EndReason::CapturedAll
        }
    );
    assert_eq!(q.turn(), None);
    assert_eq!(q.eliminated(), vec![SeatSet::only(Seat::BLACK)]);
    // Two paths to h2 with the same captures: distinct moves, short form ambiguous.
    assert!(is_legal(&p, "e5xe8xe2xb2xh2"));
    assert!(matches!(
        p.parse_move("e5xh2"),
        Err(MoveError::Ambiguous { .. })
    ));
    // From e8 the king must land on e2 (e1 allows no further jump, spec §1.3).
    assert!(!moves(&p).iter().any(|m| m.starts_with("e5xe8xe1")));
}

#[test]
fn option_king_reversal_off_forbids_180_degree_turns() {
    let p = pos_with(DIAGRAM_2, &[("king_reversal", "false")]);
    let m = moves(&p);
    assert!(!m.contains(&"e5xe8xe2xa2xh2".to_string()));
    assert!(m.iter().all(|t| !t.starts_with("e5xe8xe")));
    // Without reversals the king still takes e7 and continues sideways? No: from e8 the
    // only piece in reach is back down the file, so e5xe8 ends there.
    assert!(m.contains(&"e5xe8".to_string()));
}

#[test]
fn option_removal_end_of_move_keeps_captured_pieces_as_blockers() {
    let p = pos_with(DIAGRAM_2, &[("removal", "end_of_move")]);
    let m = moves(&p);
    assert!(!m.contains(&"e5xe8xe2xa2xh2".to_string()));
    assert!(m.contains(&"e5xe8".to_string()));
    // The default removes at once: a piece's square is free for the rest of the move.
    let p = pos("W:WKa1,h2:Ba3,c5,h8");
    // a1xa4.. then along rank 5 over c5; under end-of-move the same.
    assert!(is_legal(&p, "a1xa5xd5"));
    // Re-crossing: a4 takes a6, turns back over a6's square and a4 (both empty now) and
    // takes a3. Under end-of-move removal the dead a6 blocks the way back.
    let text = "W:WKa4,h2:Ba3,a6,h8";
    assert_eq!(
        moves(&pos(text))
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect::<Vec<_>>(),
        sorted(&[
            "a4xa1xa7", "a4xa1xa8", "a4xa2xa7", "a4xa2xa8", "a4xa7xa1", "a4xa7xa2", "a4xa8xa1",
            "a4xa8xa2"
        ])
    );
    let p = pos_with(text, &[("removal", "end_of_move")]);
    assert_eq!(
        moves(&p)
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect::<Vec<_>>(),
        sorted(&["a4xa1", "a4xa2", "a4xa7", "a4xa8"])
    );
}

// ---------------------------------------------------------------------------------------
// §4.5 Special rule 1: the hot piece

#[test]
fn seed_example_a_capture_forced_and_crowned_at_the_end() {
    let p = play(start(), &["c3c4", "c6c5"]);
    assert_eq!(moves(&p), ["c4xc6xc8"]);
    let mv = p.parse_move("c4xc6xc8").unwrap();
    assert!(mv.promotes());
    let q = p.play(&mv).unwrap();
    assert_eq!(q.piece_at(sq("c8")).unwrap().role, Role::King);
    let err = play(start(), &["c3c4", "c6c5"])
        .parse_move("a3-a4")
        .unwrap_err();
    assert!(err.to_string().contains("compulsory"), "{err}");
}

#[test]
fn seed_example_b_two_capturers_of_the_hot_piece() {
    // Erratum §7.2: the capturers are a5 (sideways) and b6 (forward), not c6.
    let p = play(start(), &["b3b4", "a6a5", "b4b5"]);
    assert_eq!(moves(&p), sorted(&["a5xc5", "b6xb4"]));
}

#[test]
fn seed_example_c_old_threat_is_optional() {
    // Erratum §7.2: 1.b3b4 (not b2b3).
    let p = play(
        start(),
        &["b3b4", "a6a5", "b4c4", "a5b5", "a3a4", "b5b4", "e3e4"],
    );
    let m = moves(&p);
    let steps: Vec<&String> = m.iter().filter(|t| !t.contains('x')).collect();
    let caps: Vec<&String> = m.iter().filter(|t| t.contains('x')).collect();
    assert_eq!(caps, ["b4xd4xf4"]);
    assert_eq!(
        steps,
        sorted(&[
            "a7-a6", "b4-b3", "b6-a6", "b6-b5", "c6-c5", "d6-d5", "e6-e5", "f6-f5", "g6-g5",
            "h6-h5"
        ])
        .iter()
        .collect::<Vec<_>>()
    );
    assert_eq!(steps.len(), 10);
}

/// Diagram 3 is missing: White men e4, f4, h6 and a Black king h4 fit the text.
const DIAGRAM_3: &str = "W:We4,f4,h6,a2:BKh4,a7,b7";

#[test]
fn seed_diagram_3_hot_piece_and_old_piece() {
    // h6h7: the king must take the checker that moved.
    let p = play(pos(DIAGRAM_3), &["h6h7"]);
    assert_eq!(moves(&p), ["h4xh8"]);
    // e4e5: f4 did not move, so taking it is optional; a capture of f4 must go on over
    // e5 (the king lands on e4, the only landing that allows a further jump).
    let p = play(pos(DIAGRAM_3), &["e4e5"]);
    let m = moves(&p);
    assert!(m.iter().any(|t| !t.contains('x')), "steps are legal");
    let takes_f4: Vec<&String> = m.iter().filter(|t| t.starts_with("h4xe4")).collect();
    assert_eq!(takes_f4, ["h4xe4xe6", "h4xe4xe7", "h4xe4xe8"]);
    assert!(!m
        .iter()
        .any(|t| t.starts_with("h4x") && t.len() == 5 && t.ends_with('4')));
    // The old threat on h6 stays optional too.
    assert!(m.contains(&"h4xh7".to_string()) && m.contains(&"h4xh8".to_string()));
}

/// e5 just moved; e4 can take it first (so capturing is compulsory); b5 can take it
/// second, after c5.
const HOT_SECOND: &str = "W:We4,b5,h1:Bc5,e5,a8:hot=e5";

#[test]
fn compulsory_capture_is_met_by_any_sequence_taking_the_hot_piece() {
    assert_eq!(moves(&pos(HOT_SECOND)), sorted(&["b5xd5xf5", "e4xe6"]));
}

#[test]
fn option_hot_capture_first_jump() {
    let p = pos_with(HOT_SECOND, &[("hot_capture", "first_jump")]);
    assert_eq!(moves(&p), ["e4xe6"]);
}

#[test]
fn hot_piece_only_reachable_by_a_later_jump_leaves_captures_optional() {
    let text = "W:Wb5,h1,g1:Bc5,e5,a8:hot=e5";
    let m = moves(&pos(text));
    assert!(m.contains(&"b5xd5xf5".to_string()));
    assert!(m.contains(&"h1-h2".to_string()));
    // G1 alternative: the duty is triggered by a capture anywhere in a sequence.
    let p = pos_with(text, &[("hot_trigger", "anywhere")]);
    assert_eq!(moves(&p), ["b5xd5xf5"]);
}

#[test]
fn no_hot_piece_means_no_compulsion() {
    // Without a hot square (as at the first move) the capture is optional.
    let m = moves(&pos("W:Wd4,h1:Bd5,a8"));
    assert!(m.contains(&"d4xd6".to_string()) && m.contains(&"h1-h2".to_string()));
    assert_eq!(moves(&pos("W:Wd4,h1:Bd5,a8:hot=d5")), ["d4xd6"]);
    // A hot piece that cannot be taken leaves everything optional.
    let m = moves(&pos("W:Wd4,h1:Bd5,a8:hot=a8"));
    assert!(m.contains(&"d4xd6".to_string()) && m.contains(&"h1-h2".to_string()));
}

#[test]
fn kings_can_be_forced_to_take_the_hot_piece_from_afar() {
    let m = moves(&pos("W:WKa1,h2:Ba5,h8:hot=a5"));
    assert_eq!(m, sorted(&["a1xa6", "a1xa7", "a1xa8"]));
    // A piece in between shields it.
    let m = moves(&pos("W:WKa1,a3,h2:Ba5,h8:hot=a5"));
    assert!(m.contains(&"h2-h3".to_string()));
}

// ---------------------------------------------------------------------------------------
// §4.7 Special rule 2: the lone man

#[test]
fn lone_man_becomes_a_king_at_once() {
    // White takes b5; Black's last piece, the man on h7, is crowned on h7 at once.
    let p = play(pos("W:Wb4,a2:Bb5,h7"), &["b4xb6"]);
    assert_eq!(p.piece_at(sq("h7")).unwrap().role, Role::King);
    assert!(p.position_string().contains("BKh7"));
    // It moves as a king on its owner's very next turn.
    assert!(is_legal(&p, "h7-h1"));
    // A lone king stays as it is; a setup with a lone man is refused (waivable).
    let err = GiveAndTake::from_position_string("W:Wa2,b2:Bh7", GiveAndTakeOptions::default())
        .unwrap_err();
    assert!(err.to_string().contains("man on its promotion square"));
}

#[test]
fn option_lone_man_only_man_counts_men_only() {
    let text = "W:Wb4,a2:Bb5,h7,Kh8";
    let p = play(pos(text), &["b4xb6"]);
    assert_eq!(p.piece_at(sq("h7")).unwrap().role, Role::Man);
    let p = play(pos_with(text, &[("lone_man", "only_man")]), &["b4xb6"]);
    assert_eq!(p.piece_at(sq("h7")).unwrap().role, Role::King);
    // Under only_man a promotion that leaves one man crowns it too.
    let p = play(
        pos_with("W:Wd7,a2,Kh1:Ba7,b7", &[("lone_man", "only_man")]),
        &["d7-d8"],
    );
    assert_eq!(p.piece_at(sq("a2")).unwrap().role, Role::King);
}

/// The 3×8 study (diagram 4 missing): Black men a3 a4 b6 b7, White kings a1 a8 b1, on
/// files a-c of the 8×8 board.
#[test]
fn seed_study_lone_man_king_takes_the_hot_piece() {
    let mut p = pos("B:WKa1,Ka8,Kb1:Ba3,a4,b6,b7");
    p = play(p, &["b6a6"]);
    assert_eq!(moves(&p), ["a8xa5"], "the hot a6 must be taken");
    p = play(p, &["a8xa5", "b7b6"]);
    assert_eq!(moves(&p), sorted(&["b1xb7", "b1xb8"]));
    p = play(p, &["b1xb8", "a3a2"]);
    assert_eq!(moves(&p), ["a1xa3"]);
    p = play(p, &["a1xa3"]);
    // Black is down to the man on a4: a king at once, and it must take the hot a3.
    assert_eq!(p.piece_at(sq("a4")).unwrap().role, Role::King);
    let m = moves(&p);
    assert!(m.contains(&"a4xa1xa8xc8".to_string()));
    for t in &m {
        let mv = p.parse_move(t).unwrap();
        assert!(mv.captured().contains(&sq("a3")), "{t} must take a3");
    }
    let p = play(p, &["a4xa1xa8xc8"]);
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::CapturedAll
        }
    );
}

/// Elis–McCallion (diagram 5 missing), with the §7.2 erratum `5.f5x…`. A position that
/// fits every move: White men c2 f2 g2 c3 d3 h3 f5; Black men c5 d5 h5 a6 h6 d7 a3 b4 e4.
#[test]
fn seed_game_elis_mccallion() {
    let p = pos("W:Wc2,f2,g2,c3,d3,h3,f5:Ba3,b4,e4,c5,d5,h5,a6,h6,d7");
    let p = play(p, &["d3d4"]);
    assert!(is_legal(&p, "d5xd3xb3"));
    let p = play(p, &["d5xd3xb3", "h3h4"]);
    assert_eq!(moves(&p), ["h5xh3"]);
    let p = play(p, &["h5xh3", "g2g3"]);
    assert_eq!(moves(&p), ["h3xf3xf1"]);
    let p = play(p, &["h3xf3xf1=k", "c2b2"]);
    assert_eq!(moves(&p), ["b3xb1"]);
    let p = play(p, &["b3xb1=k"]);
    // White's last piece, the man on f5, is a king now.
    assert_eq!(p.piece_at(sq("f5")).unwrap().role, Role::King);
    let nine = "f5xa5xa7xh7xh1xe1xa1xa4xd4xf4";
    assert!(is_legal(&p, nine));
    let mv = p.parse_move(nine).unwrap();
    assert_eq!(mv.captured().len(), 9);
    let p = p.play(&mv).unwrap();
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::WHITE),
            reason: EndReason::CapturedAll
        }
    );
}

// ---------------------------------------------------------------------------------------
// §4.8 End of game, G6 draws

#[test]
fn blocked_side_loses() {
    // Black's men a2 and h2 can neither step nor jump once White plays d5-d6.
    let p = pos("W:Wa1,b2,c2,h1,g2,f2,d5:Ba2,h2");
    let q = play(p, &["d5-d6"]);
    assert_eq!(
        q.status(),
        Status::Won {
            winners: SeatSet::only(Seat::WHITE),
            reason: EndReason::Blocked
        }
    );
    assert_eq!(q.turn(), None);
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.count_legal(), 0);
    assert_eq!(
        q.ranking(),
        vec![SeatSet::only(Seat::WHITE), SeatSet::only(Seat::BLACK)]
    );
}

#[test]
fn no_progress_draw_counts_king_moves_only() {
    let text = "W:WKa1,Kc3:BKh8,Kf6";
    let p = pos_with(text, &[("no_progress", "2")]);
    let q = play(p.clone(), &["a1-a2", "h8-h7", "a2-a1"]);
    assert_eq!(q.status(), Status::Ongoing);
    assert!(q.position_string().ends_with(":np=3"));
    let q = play(q, &["h7-h8"]);
    assert_eq!(
        q.status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
    assert_eq!(q.turn(), None);
    // A man move resets the counter.
    let p = pos_with("W:WKa1,Kc3,d2:BKh8,Kf6:np=3", &[("no_progress", "2")]);
    let q = play(p, &["d2-d3"]);
    assert!(!q.position_string().contains("np="));
    // 0 switches the rule off.
    let p = pos_with("W:WKa1,Kc3:BKh8,Kf6:np=900", &[("no_progress", "0")]);
    assert_eq!(play(p, &["a1-a2"]).status(), Status::Ongoing);
}

#[test]
fn capture_resets_no_progress() {
    let p = pos("W:WKa1,Kh1:BKa5,Kh8:np=40:hot=a5");
    let q = play(p, &["a1xa6"]);
    assert!(!q.position_string().contains("np="));
}

#[test]
fn repetition_key_covers_pieces_turn_and_hot_piece() {
    let text = "W:WKa1,Kc3:BKh8,Kf6:hot=h8";
    let p = pos(text);
    let q = play(p.clone(), &["a1-a2", "h8-h7", "a2-a1", "h7-h8"]);
    assert_eq!(p.repetition_key(), q.repetition_key());
    // The no-progress counter is not part of the key.
    assert_eq!(format!("{}:np=4", p.position_string()), q.position_string());
    // Same pieces and turn, another hot piece: another position (spec §4.8).
    assert_ne!(
        p.repetition_key(),
        pos("W:WKa1,Kc3:BKh8,Kf6:hot=f6").repetition_key()
    );
    assert_ne!(
        p.repetition_key(),
        pos("W:WKa1,Kc3:BKh8,Kf6").repetition_key()
    );
    assert_ne!(
        p.repetition_key(),
        pos("B:WKa1,Kc3:BKh8,Kf6:hot=a1").repetition_key()
    );
    assert_eq!(p.options().repetition_limit(), 3);
    assert_eq!(opts(&[("repetition", "0")]).repetition_limit(), 0);
}

#[test]
fn departures() {
    let mut p = start();
    assert_eq!(
        p.depart(Seat::Day, Departure::Resign),
        Err(DepartError::NotPlaying(Seat::Day))
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
    assert_eq!(p.eliminated(), vec![SeatSet::only(Seat::WHITE)]);
    assert_eq!(
        p.depart(Seat::BLACK, Departure::Resign),
        Err(DepartError::GameOver)
    );
    // The position string records the loser; the reason reads back as a resignation.
    let s = p.position_string();
    assert!(s.starts_with("-:") && s.ends_with(":out=W"), "{s}");
    let q = pos(&s);
    assert_eq!(q.position_string(), s);
    assert_eq!(
        q.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::Departed(Departure::Resign)
        }
    );
    // Black resigning while White is to move.
    let mut p = start();
    p.depart(Seat::BLACK, Departure::Resign).unwrap();
    assert_eq!(
        p.ranking(),
        vec![SeatSet::only(Seat::WHITE), SeatSet::only(Seat::BLACK)]
    );
}

// ---------------------------------------------------------------------------------------
// Setups

fn problems(text: &str) -> Problems {
    let setup = Setup::parse(Variant::GiveAndTake, text).unwrap();
    GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), Problems::empty())
        .unwrap_err()
        .problems
}

#[test]
fn setup_problems_are_all_reported() {
    assert_eq!(
        problems("W:Wa2,b2:Ba7,b7:Rc4"),
        Problems::SEATS | Problems::ABSENT_OWNER
    );
    assert_eq!(problems("W:Wa2,b2"), Problems::SEATS);
    let seventeen = "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3:Ba7,b7";
    assert_eq!(problems(seventeen), Problems::TOO_MANY_PIECES);
    assert_eq!(problems("R:Wa2,b2:Ba7,b7"), Problems::TURN);
    assert_eq!(problems("-:Wa2,b2:Ba7,b7"), Problems::TURN);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:out=B"), Problems::TURN);
    assert_eq!(problems("W:W:B"), Problems::TURN);
    assert_eq!(problems("W:Wa8,b2:Ba7,b7"), Problems::MAN_ON_PROMOTION);
    assert_eq!(problems("W:Wa2,b2:Ba1,b7"), Problems::MAN_ON_PROMOTION);
    assert_eq!(problems("W:Wa2:Ba7,b7"), Problems::MAN_ON_PROMOTION);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:reserve=W2"), Problems::RESERVE);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:owe=W"), Problems::OWED_DROP);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:hot=c4"), Problems::HOT);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:hot=a2"), Problems::HOT);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:rev=Wa2-a3"), Problems::REVERSE);
    assert_eq!(problems("-:Wa2,b2:Ba7,b7:out=WB"), Problems::ELIMINATED);
    assert_eq!(problems("-:Wa2,b2:Ba7,b7:out=R"), Problems::ELIMINATED);
    assert_eq!(problems("-:W:Ba7,b7:out=B"), Problems::ELIMINATED);
    assert_eq!(problems("W:Wa2,b2:Ba7,b7:np=101"), Problems::COUNTER);
    // Several at once, all reported.
    assert_eq!(
        problems("W:Wa8:Ba7,b7:hot=c4:np=500:owe=B"),
        Problems::MAN_ON_PROMOTION | Problems::HOT | Problems::COUNTER | Problems::OWED_DROP
    );
    // A piece of a seat that is not in the game at all.
    let mut setup = Setup::parse(Variant::GiveAndTake, "W:Wa2,b2:Ba7,b7").unwrap();
    setup.board[sq("d4").index()] = Some(rules::Piece {
        seat: Seat::Day,
        role: Role::Man,
    });
    let err = GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), Problems::all())
        .unwrap_err();
    assert_eq!(err.problems, Problems::ABSENT_OWNER);
    assert_eq!(*err.setup, setup);
}

#[test]
fn only_waivable_problems_can_be_waived() {
    let setup = Setup::parse(Variant::GiveAndTake, "W:Wa8,b2:Ba7,b7:np=300:reserve=B1").unwrap();
    let p =
        GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), Problems::WAIVABLE).unwrap();
    // The counter is past its limit: drawn.
    assert!(matches!(p.status(), Status::Drawn { .. }));
    let setup = Setup::parse(Variant::GiveAndTake, "W:Wa8,b2:Ba7,b7").unwrap();
    let p =
        GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), Problems::WAIVABLE).unwrap();
    assert_eq!(p.status(), Status::Ongoing);
    let setup = Setup::parse(Variant::GiveAndTake, "W:Wa2,b2:Ba7,b7:hot=c4").unwrap();
    let err = GiveAndTake::from_setup(&setup, GiveAndTakeOptions::default(), Problems::all())
        .unwrap_err();
    assert_eq!(err.problems, Problems::HOT);
}

#[test]
fn setups_that_are_already_decided() {
    // White to move with no pieces: Black has won.
    let p = pos("W:W:Ba7,b7");
    assert_eq!(
        p.status(),
        Status::Won {
            winners: SeatSet::only(Seat::BLACK),
            reason: EndReason::CapturedAll
        }
    );
    assert_eq!(p.position_string(), "-:W:Ba7,b7:out=W");
    assert_eq!(pos(&p.position_string()).status(), p.status());
    // Blocked on the move.
    let p = pos("B:Wa1,b2,c2,h1,g2,f2:Ba2,h2");
    assert!(matches!(
        p.status(),
        Status::Won {
            reason: EndReason::Blocked,
            ..
        }
    ));
    assert_eq!(pos(&p.position_string()), p);
    // Drawn by the counter.
    let p = pos("W:WKa1,Kb1:BKa8,Kb8:np=100");
    assert!(matches!(p.status(), Status::Drawn { .. }));
    assert_eq!(p.position_string(), "-:WKa1,Kb1:BKa8,Kb8:np=100");
    assert_eq!(pos(&p.position_string()), p);
}

#[test]
fn position_strings_round_trip_through_a_game() {
    let mut p = play(start(), &["c3c4", "c6c5", "c4xc6xc8"]);
    let mut i = 7;
    while p.turn().is_some() && i < 400 {
        let s = p.position_string();
        let q = pos(&s);
        assert_eq!(q, p, "{s}");
        assert_eq!(q.position_string(), s);
        let m = p.legal_moves();
        let mv = m[i % m.len()];
        p = p.play(&mv).unwrap();
        i += 13;
    }
    let s = p.position_string();
    assert_eq!(pos(&s), p, "{s}");
}

// ---------------------------------------------------------------------------------------
// Options

#[test]
fn options_defaults_keys_and_values() {
    let d = GiveAndTakeOptions::default();
    assert_eq!(d.draw.repetition, 3);
    assert_eq!(d.draw.no_progress, 50);
    assert_eq!(d.hot_trigger, HotJump::FirstJump);
    assert_eq!(d.hot_capture, HotJump::Anywhere);
    assert_eq!(d.lone_man, LoneMan::OnlyPiece);
    assert_eq!(d.removal, Removal::Immediate);
    assert!(d.king_reversal);
    assert_eq!(d.king_landing, KingLanding::MustContinue);
    assert_eq!(GiveAndTakeOptions::GAME, "giveandtake");
    for spec in GiveAndTakeOptions::SPECS {
        assert_eq!(
            d.get(spec.key).as_deref(),
            Some(spec.default),
            "{}",
            spec.key
        );
        let mut o = d;
        o.set(spec.key, spec.default).unwrap();
        assert_eq!(o, d);
    }
    assert!(d.non_default_pairs().is_empty());
    // CamelCase spellings are accepted, snake_case is written.
    let o = opts(&[
        ("hot_trigger", "Anywhere"),
        ("lone_man", "OnlyMan"),
        ("removal", "EndOfMove"),
        ("king_landing", "Free"),
        ("king_reversal", "no"),
    ]);
    assert_eq!(
        o.non_default_pairs(),
        vec![
            ("hot_trigger", "anywhere".to_string()),
            ("lone_man", "only_man".to_string()),
            ("removal", "end_of_move".to_string()),
            ("king_reversal", "false".to_string()),
            ("king_landing", "free".to_string()),
        ]
    );
    assert!(d.get("nope").is_none());
    let mut o = d;
    assert!(o.set("nope", "1").is_err());
    assert!(o.set("no_progress", "-1").is_err());
    assert!(o.set("no_progress", "1001").is_err());
    assert!(o.set("removal", "later").is_err());
    assert!(o.set("king_reversal", "maybe").is_err());
    assert_eq!(o, d);
    // Combinations.
    assert!(GiveAndTakeOptions::from_pairs([("repetition", "1")]).is_err());
    assert!(GiveAndTakeOptions::from_pairs([
        ("hot_trigger", "anywhere"),
        ("hot_capture", "first_jump")
    ])
    .is_err());
    assert!(GiveAndTake::new(GiveAndTakeOptions {
        draw: rules::DrawLimits {
            repetition: 1,
            no_progress: 0,
        },
        ..GiveAndTakeOptions::default()
    })
    .is_err());
}

#[test]
fn king_may_end_its_capture_on_its_own_start_square() {
    // a1 goes round a rectangle (a3, c5, e3, c1) and lands back on a1 (spec §4.4:
    // its start square is empty once it has left).
    let p = pos("W:WKa1,Kh8:Ba3,c5,e3,Kc1");
    assert!(is_legal(&p, "a1xa5xe5xe1xa1"));
    assert!(is_legal(&p, "a1xa5xe5xe1xb1"));
    let q = play(p, &["a1xa5xe5xe1xa1"]);
    assert_eq!(q.piece_at(sq("a1")).unwrap().role, Role::King);
    assert_eq!(q.piece_at(sq("a1")).unwrap().seat, Seat::WHITE);
    assert!(matches!(
        q.status(),
        Status::Won {
            reason: EndReason::CapturedAll,
            ..
        }
    ));
}
