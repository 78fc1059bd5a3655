//! Why a move is refused: the typed [`IllegalReason`] of each game's rules, on real
//! positions, with its stable code and plain words.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::notation::{IllegalReason, MoveError};
use rules::{
    GameOptions, GiveAndTake, GiveAndTakeOptions, Neva, NevaOptions, Position, Queah,
    QueahOptions, Stockholm, StockholmOptions,
};

/// The reason `text` is refused in `pos` (it must be refused as illegal).
fn reason<P: Position>(pos: &P, text: &str) -> Option<IllegalReason> {
    match pos.parse_move(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("`{text}` in {}: {other:?}", pos.position_string()),
    }
}

fn stockholm(text: &str) -> Stockholm {
    Stockholm::from_position_string(text, StockholmOptions::default()).unwrap()
}

fn brazilian(text: &str) -> Stockholm {
    let o = StockholmOptions::from_pairs([("deferred_backward_capture", "false")]).unwrap();
    Stockholm::from_position_string(text, o).unwrap()
}

fn give_and_take(text: &str) -> GiveAndTake {
    GiveAndTake::from_position_string(text, GiveAndTakeOptions::default()).unwrap()
}

use IllegalReason::*;

#[test]
fn codes_are_stable_snake_case_and_words_are_plain() {
    let codes: Vec<&str> = IllegalReason::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(
        codes,
        [
            "capture_compulsory",
            "longest_capture",
            "capture_must_continue",
            "no_backward_first_jump",
            "only_just_moved",
            "drop_owed",
            "no_reverse",
            "no_move_from_square",
            "not_your_piece",
            "blocked",
        ]
    );
    for r in IllegalReason::ALL {
        // The serde name is the code.
        #[cfg(feature = "serde")]
        assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{}\"", r.code()));
        let words = r.explain();
        assert!(words.ends_with('.') && words.starts_with(char::is_uppercase), "{words}");
        assert!(!words.contains('§'), "no section numbers: {words}");
    }
    assert_eq!(
        CaptureCompulsory.explain(),
        "A capture is compulsory: you must take a piece this turn."
    );
    assert_eq!(
        NoBackwardFirstJump.explain(),
        "A man may not capture backwards as its first jump."
    );
    assert_eq!(
        OnlyJustMoved.explain(),
        "Only the piece that just moved may be captured."
    );
    // The error's text says it in the same words.
    let err = stockholm("W:Wa3,h2:Bb4,d6,g3,h8")
        .parse_move("h2xf4")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("illegal move `h2xf4`: {}", LongestCapture.explain())
    );
}

/// White a3 takes two (b4, d6), h2 only one (g3): the most must be taken.
const TWO_OR_ONE: &str = "W:Wa3,h2:Bb4,d6,g3,h8";

#[test]
fn stockholm_longest_capture_and_capture_that_stops_short() {
    let p = stockholm(TWO_OR_ONE);
    let legal: Vec<String> = p.legal_moves().iter().map(|m| p.move_to_string(m)).collect();
    assert_eq!(legal, ["a3xc5xe7"]);
    assert_eq!(reason(&p, "h2xf4"), Some(LongestCapture));
    assert_eq!(reason(&p, "a3xc5"), Some(CaptureMustContinue));
    assert_eq!(reason(&p, "a3-b4"), Some(CaptureCompulsory));
    assert_eq!(reason(&p, "h2-g1"), Some(CaptureCompulsory));
    assert_eq!(reason(&p, "b4-c3"), Some(NotYourPiece));
    assert_eq!(reason(&p, "e1-f2"), Some(NotYourPiece));
    // Without the maximum rule the shorter capture is legal.
    let o = StockholmOptions::from_pairs([("max_capture", "false")]).unwrap();
    let free = Stockholm::from_position_string(TWO_OR_ONE, o).unwrap();
    assert!(free.parse_move("h2xf4").is_ok());
}

/// The doc example of spec §5.2: e5 could take d4, b4 and b6 starting with a backward
/// jump, which only Brazilian draughts allows.
const BACKWARD_FIRST: &str = "W:We5,h2:Bb4,b6,d4,h8";

#[test]
fn stockholm_deferred_backward_capture_against_the_brazilian_reading() {
    let p = stockholm(BACKWARD_FIRST);
    assert_eq!(reason(&p, "e5xc3xa5xc7"), Some(NoBackwardFirstJump));
    assert_eq!(reason(&p, "e5xc3"), Some(NoBackwardFirstJump));
    // The player simply moves instead.
    assert!(p.parse_move("e5-d6").is_ok());
    // Brazilian draughts takes the three pieces, and must.
    let b = brazilian(BACKWARD_FIRST);
    assert!(b.parse_move("e5xc3xa5xc7").is_ok());
    assert_eq!(reason(&b, "e5-d6"), Some(CaptureCompulsory));
    assert_eq!(reason(&b, "e5xc3"), Some(CaptureMustContinue));
}

#[test]
fn stockholm_squares_without_a_move_and_unreachable_squares() {
    let p = Stockholm::new(StockholmOptions::default()).unwrap();
    assert_eq!(reason(&p, "a1-b2"), Some(NoMoveFromSquare));
    assert_eq!(reason(&p, "c3-b5"), Some(Blocked));
    assert_eq!(reason(&p, "c3-d2"), Some(Blocked));
    assert_eq!(reason(&p, "f6-e5"), Some(NotYourPiece));
    assert_eq!(reason(&p, "d4-e5"), Some(NotYourPiece));
}

/// The king capture: from e5 the king turns back twice (spec §4.3).
const KING_REVERSALS: &str = "W:WKe5:Be7,e3,c2,f2";

#[test]
fn give_and_take_king_capture_must_go_on() {
    let p = give_and_take(KING_REVERSALS);
    assert!(p.parse_move("e5xe8xe2xa2xh2").is_ok());
    assert_eq!(reason(&p, "e5xe8"), Some(CaptureMustContinue));
    assert_eq!(reason(&p, "e5xe8xe2"), Some(CaptureMustContinue));
    assert_eq!(reason(&p, "e5xe8xe2xa2"), Some(CaptureMustContinue));
    // From e8 the king must land on e2, where the capture goes on (not e1).
    assert_eq!(reason(&p, "e5xe8xe1"), Some(Blocked));
}

/// d5 just moved and d4 can take it: only a capture of d5 is allowed, though a4 could
/// take b4.
const HOT_D5: &str = "W:Wd4,a4,h1:Bd5,b4,h8:hot=d5";

#[test]
fn give_and_take_only_the_piece_that_just_moved_may_be_captured() {
    let p = give_and_take(HOT_D5);
    let legal: Vec<String> = p.legal_moves().iter().map(|m| p.move_to_string(m)).collect();
    assert_eq!(legal, ["d4xd6"]);
    assert_eq!(reason(&p, "a4xc4"), Some(OnlyJustMoved));
    assert_eq!(reason(&p, "h1-h2"), Some(CaptureCompulsory));
    // The same board after another move: captures are free.
    let free = give_and_take("W:Wd4,a4,h1:Bd5,b4,h8:hot=h8");
    assert!(free.parse_move("a4xc4").is_ok());
    assert!(free.parse_move("h1-h2").is_ok());
}

#[test]
fn give_and_take_seed_example_capture_is_compulsory() {
    let mut p = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
    for m in ["c3c4", "c6c5"] {
        let mv = p.parse_move(m).unwrap();
        p.play_unchecked(&mv);
    }
    assert_eq!(reason(&p, "a3-a4"), Some(CaptureCompulsory));
    assert_eq!(reason(&p, "c4xc6"), Some(CaptureMustContinue));
}

fn queah(text: &str, pairs: &[(&str, &str)]) -> Queah {
    let o = QueahOptions::from_pairs(pairs.iter().copied()).unwrap();
    Queah::from_position_string(text, o).unwrap()
}

#[test]
fn queah_no_reverse_owed_drop_and_compulsory_capture() {
    let p = queah("W:Wb2:Be5:rev=Wa1-b2", &[]);
    assert_eq!(reason(&p, "b2-a1"), Some(NoReverse));
    assert_eq!(reason(&p, "b2-e5"), Some(Blocked));
    let p = queah("W:Wb2,e1:Bc3", &[("capture_mandatory", "true")]);
    assert_eq!(reason(&p, "e1-d2"), Some(CaptureCompulsory));
}

#[test]
fn neva_capture_is_compulsory() {
    let o = NevaOptions::default();
    let p = Neva::from_position_string("W:W33,15:R43:G62:B11", o).unwrap();
    assert_eq!(reason(&p, "15-25"), Some(CaptureCompulsory));
    assert_eq!(reason(&p, "43-53"), Some(NotYourPiece));
}
