//! Move notation: any text, read as a move in a position of each game, never panics; a text
//! that resolves names a legal move, whose canonical text resolves to the same move; and a
//! text that parses writes back (`MoveText` display) to a text that parses to the same.
//!
//! Input: a first line that walks from the start position (each byte picks one legal move,
//! modulo their number), then the move text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::notation::MoveText;
use rules::{AnyOptions, AnyPosition, Variant};

/// Plies walked at most, so that one input stays quick.
const MAX_WALK: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (walk, text) = input.split_once('\n').unwrap_or(("", input));
    for variant in Variant::ALL {
        check(variant, walk.as_bytes(), text);
    }
});

fn check(variant: Variant, walk: &[u8], text: &str) {
    if let Ok(parsed) = MoveText::parse(variant, text) {
        let written = parsed.to_string();
        let again = MoveText::parse(variant, &written)
            .unwrap_or_else(|e| panic!("{written:?}, written from {text:?}, does not parse: {e}"));
        assert_eq!(again.to_string(), written, "{text:?}");
    }

    let Ok(mut pos) = AnyPosition::new(variant, &AnyOptions::default_for(variant)) else {
        return;
    };
    for &b in walk.iter().take(MAX_WALK) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[usize::from(b) % moves.len()]);
    }
    if let Ok(mv) = pos.parse_move(text) {
        assert!(pos.is_legal(&mv), "{text:?} resolved to an illegal move");
        let canonical = pos.move_to_string(&mv);
        assert_eq!(
            pos.parse_move(&canonical),
            Ok(mv),
            "{text:?} resolved to a move written {canonical:?}"
        );
    }
}
