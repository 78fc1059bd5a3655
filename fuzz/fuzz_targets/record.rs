//! Game records (the PDN-like text of `GameRecord`): any text never panics when read or
//! replayed; and a record that parses and replays (a game that could have been stored)
//! writes back (`Display`) to a text that parses to an equal record.
//!
//! Records that parse but do not replay are left out of the round trip: their actions are
//! any whitespace-free tokens, and a token the writer puts first on a line can change
//! meaning (`;x` starts a comment, `[x` a tag, `resign` `white` becomes one departure),
//! see regressions/README.md.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::GameRecord;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<GameRecord>() else {
        return;
    };
    // Options, start position and every action checked against the rules.
    if record.replay().is_err() {
        return;
    }
    let written = record.to_string();
    let again = written
        .parse::<GameRecord>()
        .unwrap_or_else(|e| panic!("{written:?}, written from {text:?}, does not parse: {e}"));
    assert_eq!(again, written_part(&record), "{text:?} wrote {written:?}");
});

/// What `Display` keeps of a record: it writes `"` in a player's name as `'`, since the
/// tag's value is quoted and has no escape.
fn written_part(record: &GameRecord) -> GameRecord {
    let mut kept = record.clone();
    for name in kept.players.0.iter_mut().flatten() {
        *name = name.replace('"', "'");
    }
    kept
}
