//! How the property tests check a refusal: not only that an input did not panic, but that
//! what came back is the typed error the input deserves and that nothing changed. Each
//! check returns the proptest failure rather than panicking, so that proptest shrinks it.

use proptest::prelude::*;
use rules::{
    GameRecord, Move, MoveError, MoveText, OptionError, ParsePositionError, PositionError,
    Problems, RecordError, Setup, Variant,
};

/// `answer`, what reading position string `text` of `variant` gave, agrees with the two
/// steps it is made of: a syntax error is the one `Setup::parse` gives; an illegal position
/// names at least one problem and carries the setup `Setup::parse` read; a position is
/// given only for a string `Setup::parse` reads.
pub fn position_answer<P>(
    variant: Variant,
    text: &str,
    answer: &Result<P, ParsePositionError>,
) -> Result<(), TestCaseError> {
    match (answer, Setup::parse(variant, text)) {
        (Ok(_), Ok(_)) => {}
        (Err(ParsePositionError::Syntax(e)), Err(parsed)) => prop_assert_eq!(e, &parsed),
        (Err(ParsePositionError::Illegal(e)), Ok(setup)) => {
            prop_assert!(!e.problems.is_empty(), "refused without a problem: {e}");
            prop_assert_eq!(&*e.setup, &setup);
        }
        (answer, parsed) => {
            prop_assert!(
                false,
                "`{text}`: read as {:?}, but the setup parse says {parsed:?}",
                answer.as_ref().err()
            );
        }
    }
    Ok(())
}

/// `answer`, what move text `text` gave in a position of `variant` whose legal moves are
/// `legal` (with their texts), is right: a move is one of the legal ones; a syntax error is
/// the one the notation reader gives; "game over" only without legal moves; an illegal
/// move is named as the reader read it; an ambiguous one lists at least two legal moves.
pub fn move_answer(
    variant: Variant,
    text: &str,
    answer: &Result<Move, MoveError>,
    legal: &[(Move, String)],
) -> Result<(), TestCaseError> {
    let read = MoveText::parse(variant, text);
    match answer {
        Ok(m) => {
            prop_assert!(read.is_ok());
            prop_assert!(legal.iter().any(|(l, _)| l == m), "`{text}` gave {m:?}");
        }
        Err(MoveError::Syntax(e)) => prop_assert_eq!(Err(e.clone()), read),
        Err(MoveError::GameOver) => prop_assert!(legal.is_empty()),
        Err(MoveError::Illegal { text: said, .. }) => match read {
            Ok(read) => prop_assert_eq!(said, &read.to_string()),
            Err(e) => prop_assert!(false, "`{text}` is unreadable ({e}) yet called illegal"),
        },
        Err(MoveError::Ambiguous { candidates, .. }) => {
            prop_assert!(read.is_ok());
            prop_assert!(candidates.len() >= 2, "{candidates:?}");
            for c in candidates {
                prop_assert!(legal.iter().any(|(_, t)| t == c), "{c} is not legal");
            }
        }
    }
    Ok(())
}

/// The legal moves of a position with their texts, for [`move_answer`].
pub fn legal_with_texts(moves: &[Move], write: impl Fn(&Move) -> String) -> Vec<(Move, String)> {
    moves.iter().map(|m| (*m, write(m))).collect()
}

/// `answer`, what setting option `key` gave, is right: on an error the options are as they
/// were (`before` and `after`) and an unknown key or a bad value is reported for the key
/// given.
pub fn option_answer<O: PartialEq + std::fmt::Debug>(
    key: &str,
    answer: &Result<(), OptionError>,
    before: &O,
    after: &O,
) -> Result<(), TestCaseError> {
    if let Err(e) = answer {
        prop_assert_eq!(before, after, "a refused option changed the options");
        match e {
            OptionError::UnknownKey { key: k, .. } => prop_assert_eq!(k.as_str(), key),
            OptionError::BadValue { key: k, .. } => prop_assert_eq!(*k, key),
            OptionError::Invalid { .. } | OptionError::Syntax(_) => {}
        }
    }
    Ok(())
}

/// `answer`, what reading record `text` gave, points at what it refuses: a syntax error at
/// one of the text's lines.
pub fn record_answer(
    text: &str,
    answer: &Result<GameRecord, RecordError>,
) -> Result<(), TestCaseError> {
    if let Err(e) = answer {
        match e {
            RecordError::Syntax { line, reason } => {
                prop_assert!(
                    (1..=text.lines().count().max(1)).contains(line),
                    "line {line} of a {}-line text",
                    text.lines().count()
                );
                prop_assert!(!reason.is_empty());
            }
            // An `[Option "..."]` tag that is not key=value.
            RecordError::Options(OptionError::Syntax(_)) => {}
            other => prop_assert!(false, "reading (not replaying) refused with {other:?}"),
        }
    }
    Ok(())
}

/// `answer`, what replaying `record` gave, names the action it refused: its index and its
/// text as the record holds it.
pub fn replay_answer<T>(
    record: &GameRecord,
    answer: &Result<T, RecordError>,
) -> Result<(), TestCaseError> {
    if let Err(RecordError::Action { index, text, .. }) = answer {
        prop_assert_eq!(record.actions.get(*index), Some(text));
    }
    Ok(())
}

/// `answer`, what checking `setup` with the problems `waived` gave, is right: a refusal
/// names at least one problem, none of them a waivable one that was waived, and carries
/// the setup as given.
pub fn setup_answer<P>(
    setup: &Setup,
    waived: Problems,
    answer: &Result<P, PositionError>,
) -> Result<(), TestCaseError> {
    if let Err(e) = answer {
        prop_assert!(!e.problems.is_empty(), "refused without a problem: {e}");
        prop_assert!(
            (e.problems & waived & Problems::WAIVABLE).is_empty(),
            "a waived problem was reported: {e}"
        );
        prop_assert_eq!(&*e.setup, setup);
    }
    Ok(())
}
